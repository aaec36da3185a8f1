"""Notebook runs retried after a widget stall (jupyter/nbclient#312), said at the end of the run.

A test calls ``record_property(KEY, 'what was retried and why')``. The note travels with the
test's report, which pytest-xdist sends from the worker that ran the test to the process that
prints the summary: a list kept in a module would stay in the worker and never be printed.
"""
KEY = 'nbclient_retry'
TITLE = 'notebook runs retried (nbclient#312 widget stall)'
_retries = []


def pytest_runtest_logreport(report):
    if report.when == 'call':
        _retries.extend(value for key, value in report.user_properties if key == KEY)


def pytest_terminal_summary(terminalreporter):
    if _retries:
        terminalreporter.section(TITLE)
        for line in _retries:
            terminalreporter.write_line(line)
