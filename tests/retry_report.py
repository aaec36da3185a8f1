"""Notebook runs retried after a widget stall (jupyter/nbclient#312), and the book's build retried
after a kernel's port was taken (tests/site_build.py), said at the end of the run.

A test calls ``record_property(KEY, 'what was retried and why')``. The note travels with the
test's report, which pytest-xdist sends from the worker that ran the test to the process that
prints the summary: a list kept in a module would stay in the worker and never be printed.
"""
KEY = 'nbclient_retry'
TITLE = 'notebook runs retried (nbclient#312 widget stall, or a kernel port taken)'
_retries = []


def pytest_runtest_logreport(report):
    if report.when == 'call':
        _retries.extend(value for key, value in report.user_properties if key == KEY)


def pytest_terminal_summary(terminalreporter):
    import site_build  # the book's build, retried when a kernel's port was taken
    lines = _retries + site_build.retries()
    if lines:
        terminalreporter.section(TITLE)
        for line in lines:
            terminalreporter.write_line(line)
