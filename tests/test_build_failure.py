"""A lesson that raises during the build is reported once: file, cell and exception.

``tests/data/build_failure.log`` is the log of a real build in which a hidden cell of
``lessons/custo.md`` divided by zero (trimmed to the first report)."""
from conftest import ROOT, build_failure

LOG = (ROOT / 'tests' / 'data' / 'build_failure.log').read_text(encoding='utf-8')


def test_the_failure_names_the_file_the_cell_and_the_exception():
    summary = build_failure(LOG)
    assert summary.startswith('/curso/lessons/custo.md raised during the build: ZeroDivisionError: division by zero')
    assert '1/0' in summary and 'from course import glue, metrics' in summary
    assert summary.count('ZeroDivisionError') == 1
    assert len(summary.splitlines()) < 40


def test_a_log_without_a_lesson_error_is_left_alone():
    assert build_failure('WARNING: something else\n') is None
