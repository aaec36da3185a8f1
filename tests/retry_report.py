"""What the run repeated, read and reused, said at the end of the run.

- Notebook runs retried after a widget stall (jupyter/nbclient#312), and the book's build retried
  after a kernel's port was taken (tests/site_build.py): their own section, when there are any.
- How many pages the run opened in Chromium (``VISITS``, counted by conftest.py's browser), how
  many audits of a built page it made and reused (tests/audits.py) and how many lesson
  notebooks nbval executed and reused (tests/nbval_reuse.py): a section of its own, always.

A test (or a fixture, or a hook) calls ``record_property(KEY, value)`` or appends to the item's
``user_properties``. The note travels with the test's report, which pytest-xdist sends from the
worker that ran the test to the process that prints the summary: a list kept in a module would stay
in the worker and never be printed. Notes are read from the teardown report, the last one of a
test, which carries everything its set-up, call and teardown added.
"""
from collections import defaultdict

KEY = 'nbclient_retry'
TITLE = 'notebook runs retried (nbclient#312 widget stall, or a kernel port taken)'
VISITS = 'page_visits'
READ_TITLE = 'pages read and results reused'
_notes = defaultdict(list)
_summaries = {}         # key -> function(values, all notes) -> lines


def register(key, summarize):
    """``summarize(values_of_key, notes)`` gives the summary's lines for ``key``."""
    _summaries[key] = summarize


def pytest_runtest_logreport(report):
    if report.when == 'teardown':
        for key, value in report.user_properties:
            _notes[key].append(value)


def pytest_terminal_summary(terminalreporter):
    import site_build  # the book's build, retried when a kernel's port was taken
    lines = _notes[KEY] + site_build.retries()
    if lines:
        terminalreporter.section(TITLE)
        for line in lines:
            terminalreporter.write_line(line)
    read = [f'page visits in Chromium: {sum(_notes[VISITS])}'] if VISITS in _notes else []
    for key, summarize in _summaries.items():
        read += summarize(_notes.get(key, []), _notes)
    if read:
        terminalreporter.section(READ_TITLE)
        for line in read:
            terminalreporter.write_line(line)
