"""Shared set-up for every test, nbval's notebooks included.

- Points scikit-learn at the offline Pima cache in ../shared/data when it exists, before any
  kernel starts (kernels inherit the environment), so ``fetch_openml(data_id=37)`` reads disk;
  and runs OpenBLAS in one thread there, the same digits for less CPU.
- ``site``: the book built once per session, warnings as errors.
- ``page``: a Chromium page (Debian's binary, driven by Playwright) on the built site served
  on localhost, with every request outside localhost blocked and recorded.
- ``app``/``make_app`` (sphinx.testing): a small book of ``tests/roots/test-*`` built in a few
  seconds, for the unit tests of the extensions (``tests/test_ext_*.py``, fast tier).
"""
import http.server
import os
import re
import signal
import sys
import threading
from functools import partial
from pathlib import Path

import pytest

# A machine may tell Python not to write bytecode (PYTHONDONTWRITEBYTECODE: this one does). Then
# every process of a run (the workers, the kernels, Sphinx, a nested pytest) compiled the course's
# code and rewrote the tests' asserts again: 7,1 s of a worker's collection, 4,8 s with them kept.
# The run keeps them in __pycache__ (ignored by git, the copies of the book and the reuse records).
sys.dont_write_bytecode = False
os.environ.pop('PYTHONDONTWRITEBYTECODE', None)

ROOT = Path(__file__).resolve().parent
pytest_plugins = ['sphinx.testing.fixtures',     # app, make_app: the extensions' small test books
                  'retry_report',               # tests/: retries, page visits and reused results, in the summary
                  'nbval_retry',                # tests/: nbval's kernel started again when it died at once
                  'nbval_reuse',                # tests/: a notebook whose inputs did not change since it passed
                  'result_reuse']               # tests/: a test that passed, while nothing it read has changed
if str(ROOT / '_ext') not in sys.path:
    sys.path.insert(0, str(ROOT / '_ext'))      # the extensions, importable by their tests
if str(ROOT / 'tests') not in sys.path:
    sys.path.insert(0, str(ROOT / 'tests'))     # the tests' shared modules (site_build, ext_book...)
if str(ROOT / 'scripts') not in sys.path:
    sys.path.append(str(ROOT / 'scripts'))      # pageweight's local server, shared with the scripts
import site_build  # noqa: E402

SHARED_DATA = ROOT.parent / 'shared' / 'data' / 'scikit_learn_data'
if SHARED_DATA.is_dir():
    os.environ.setdefault('SCIKIT_LEARN_DATA', str(SHARED_DATA))
# OpenBLAS in one thread in every kernel of the run (nbval's, the labs', the book's build): its
# threads spin while waiting for work, on the two cores the run shares. Measured on the lessons,
# the labs and the seeds' outputs (356 tests, every printed digit the same): 213 -> 154 s of CPU,
# 110 -> 84 s.
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')

BUILD_DIR = site_build.BUILD_DIR
JUPYTER_BOOK = site_build.JUPYTER_BOOK
from chromium_flags import CHROMIUM, CHROMIUM_ARGS, TEST_ARGS  # noqa: E402,F401  (the scripts import them here)

# The tiers are declared in each test file: ``pytestmark = pytest.mark.slow`` (the whole file) or
# ``@pytest.mark.slow`` (one test), run with --strict-markers; nbval's notebooks are slow by nature.
# A test that reads the built book or drives a browser without being declared slow is an error, so
# the fast tier (``pytest -m "not slow"``) cannot quietly grow one.
SLOW_FIXTURES = {'site', 'site_url', 'page', 'browser', 'blank', 'bare_page', 'audit', 'auditor'}


def pytest_collection_modifyitems(config, items):
    undeclared = []
    for item in items:
        if 'nbval' in type(item).__module__ or item.path.suffix == '.ipynb':
            item.add_marker(pytest.mark.slow)
        elif set(getattr(item, 'fixturenames', ())) & SLOW_FIXTURES and not item.get_closest_marker('slow'):
            undeclared.append(item.nodeid)
    if undeclared:
        raise pytest.UsageError('needs the built book or a browser, but is not marked slow '
                                '(add @pytest.mark.slow or pytestmark):\n  ' + '\n  '.join(undeclared))
    items[:] = sorted(items, key=_turn(items))


# 1-3 min each: start them early (the search and the offline list after any edit of the text,
# since every page's tests of the rest are reused; otherwise the last to start, they ended a
# working copy's run alone)
LONG_FILES = {'test_new_lesson.py', 'test_preview.py', 'test_search.py', 'test_offline.py'}
# The instructor's path builds a small book of its own: it runs beside this run's build even though
# its last test compares with the site (and waits for it there). Counted as a file that reads the
# site (since 1161714), it ran after the build, while the processes waited for it ~190 s in all.
BESIDE_THE_BUILD = {'test_new_lesson.py'}


def _turn(items):
    """The order of the files in a run (``--dist loadfile`` gives a process a whole file, in this
    order; ``--no-loadscope-reorder`` keeps xdist from ordering them by their number of tests):
    while the book builds in the background, the files that do not read the site (and
    ``BESIDE_THE_BUILD``); then the lesson notebooks (nbval compares them with the build's execution
    of this run: tests/nbval_reuse.py); then the files that read the site. In each group the
    longest first (the two that build or serve a copy of the book, ``LONG_FILES``; then, of those
    that read the site, by their number of browser tests), so that no process is left alone with a
    long file at the end. A file's own tests keep their order."""
    files = {}
    for item in items:
        needs = set(getattr(item, 'fixturenames', ()))
        counts = files.setdefault(item.path, [False, 0])
        counts[0] |= 'site' in needs
        counts[1] += bool({'browser', 'audit'} & needs)      # a page in Chromium (an audit's: when it is new)
    position = {path: i for i, path in enumerate(files)}

    def turn(item):
        site, browsers = files[item.path]
        site = site and item.path.name not in BESIDE_THE_BUILD
        notebook = item.path.suffix == '.ipynb'
        long = item.path.name in LONG_FILES
        return (1 if notebook else 2 if site else 0, (not long, -browsers if site else 0), position[item.path])
    return turn


def _whole_suite(config) -> bool:
    """The run is ``pytest`` (or ``pytest -m slow``): the default paths and the slow tier."""
    markexpr = config.getoption('markexpr', '') or ''
    return config.args_source == pytest.Config.ArgsSource.TESTPATHS and 'not slow' not in markexpr \
        and not config.getoption('collectonly', False)


def pytest_xdist_auto_num_workers(config):
    """The processes of ``-n auto`` (pyproject.toml): one per core for the fast tier, which is all
    CPU; one more for the whole suite, whose tests wait about a tenth of their time (a page left to
    settle before its bytes are counted, a finger's gestures, a book built in a subprocess), time
    the extra process fills (measured on 2 cores: 785 -> 720 s; the fast tier 52 -> 65 s with 3). Two
    more fill less than they cost (07/12, a clean clone: 973 s with 3 processes, 1.060 s with 4)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else (os.cpu_count() or 1)
    return cores + 1 if _whole_suite(config) else cores


BACKGROUND_BUILD = []


def pytest_addoption(parser):
    parser.addoption('--fresh', action='store_true',
                     help='compute every audit and execute every notebook again, reusing no record of '
                          'an earlier run (tests/reuse.py)')


def pytest_configure(config):
    import retry_report
    retry_report.register('audits_made', _audits_summary)      # the run's summary (tests/audits.py)
    if hasattr(config, 'workerinput'):       # an xdist worker: the controller set the run's id
        return
    if config.getoption('fresh'):
        import reuse
        os.environ[reuse.FRESH] = '1'        # inherited by the workers and the background build
    site_build.run_id()
    os.environ.pop(site_build.BACKGROUND, None)      # (a run started by a test inherits its parent's)
    if _whole_suite(config):
        os.environ[site_build.BACKGROUND] = site_build.run_id()     # the workers know the build is coming
        BACKGROUND_BUILD.append(site_build.start(site_build.run_id()))


def pytest_unconfigure(config):
    for proc in BACKGROUND_BUILD:            # a run stopped early (-x, Ctrl+C) stops its build
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


ANSI = re.compile(r'\x1b\[[0-9;]*m')


def build_failure(log):
    """A failed build in a few lines: which lesson, which cell, which exception (once)."""
    log = ANSI.sub('', log)
    doc = re.search(r'^(/\S+?\.(?:md|ipynb))(?::\d+)?: (?:WARNING|ERROR): Executing notebook failed', log, re.M)
    cell = re.search(r'An error occurred while executing the following cell:\n-+\n(.*?)\n-+\n', log, re.S)
    if not (doc or cell):
        return None
    after = log[cell.end():] if cell else log
    exc = re.search(r'^([A-Z]\w*(?:Error|Exception|Exit|Interrupt)): (.*)$', after, re.M)
    where = Path(doc.group(1)).relative_to(ROOT) if doc and doc.group(1).startswith(str(ROOT)) else \
        (doc.group(1) if doc else 'a lesson')
    source = cell.group(1).strip() if cell else '?'
    line = next((x for x in source.splitlines() if x.strip() and not x.startswith('#')), source.splitlines()[0])
    return (f'{where} raised during the build: {exc.group(1) + ": " + exc.group(2) if exc else "(exception not in the log)"}\n'
            f'in the cell whose code starts with "{line[:80]}"\n--- cell ---\n{source[:1500]}\n--- end ---')


def toc_pages():
    """Every page of _toc.yml, as paths without suffix relative to the book root."""
    from course import toc
    return toc.pages(ROOT)


@pytest.fixture(scope='session')
def site():
    """The book built once per run (warnings are errors), shared by the run's processes
    (``tests/site_build.py``); returns the HTML folder."""
    result = site_build.build(site_build.run_id())
    if result['returncode'] != 0:
        summary = build_failure(result['log'])
        if summary:         # a lesson raised: said once, not the build log's every repetition
            pytest.fail(summary, pytrace=False)
        pytest.fail('jupyter-book build failed:\n' + result['log'][-12000:])
    assert (BUILD_DIR / 'intro.html').is_file(), 'jupyter-book exited 0 but wrote no site'
    return BUILD_DIR


@pytest.fixture(scope='session')
def rootdir():
    """Where sphinx.testing finds the test books: ``@pytest.mark.sphinx(testroot='book')`` is
    ``tests/roots/test-book``."""
    return ROOT / 'tests' / 'roots'


@pytest.fixture(scope='session')
def book(rootdir, sphinx_test_tempdir):
    """``tests/roots/test-book`` built once for the extensions' tests: sphinx.testing's
    ``SphinxTestApp``, the app of the ``app``/``make_app`` fixtures, on the same copy of the root
    (the ``app`` fixture would build it again for every test). Its ``outdir`` is the HTML."""
    import io
    import shutil

    from sphinx.testing.util import SphinxTestApp
    srcdir = sphinx_test_tempdir / 'book'
    if not srcdir.exists():
        shutil.copytree(rootdir / 'test-book', srcdir)
    app = SphinxTestApp('html', srcdir=srcdir, status=io.StringIO(), warning=io.StringIO())
    try:
        app.build()
        yield app
    finally:
        app.cleanup()


@pytest.fixture(scope='session')
def cost_data():
    """Seed 001's cross-validated scores and each row's test part, computed here on their own
    (one model fitted per fold, by hand: not course.data.breast_cancer_scores)."""
    import numpy as np
    from sklearn.base import clone
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    data = load_breast_cancer()
    X, y = data.data[:, :10], (data.target == 0).astype(int)   # malignant (target 0) is class 1
    p, folds = np.zeros(len(y)), np.zeros(len(y), dtype=int)
    model = make_pipeline(StandardScaler(), LogisticRegression())
    for k, (train, test) in enumerate(StratifiedKFold(n_splits=5).split(X, y)):
        p[test] = clone(model).fit(X[train], y[train]).predict_proba(X[test])[:, 1]
        folds[test] = k
    return X, y, p, folds


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope='session')
def site_url(site):
    from pageweight import QuietServer
    server = QuietServer(('127.0.0.1', 0), partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f'http://127.0.0.1:{server.server_address[1]}'
    server.shutdown()


VISITS = [0]     # pages loaded in this process's Chromium (the run's summary adds them up)


def _count_loads(page):
    page.on('load', lambda p: VISITS.__setitem__(0, VISITS[0] + 1) if p.url.startswith('http') else None)


def counting_visits(b):
    """``b`` with every page of every context it opens counted when it loads a page of a site
    (``VISITS``): the run's summary says how many page visits the run made."""
    new_context, new_page = b.new_context, b.new_page

    def context(*args, **kwargs):
        c = new_context(*args, **kwargs)
        c.on('page', _count_loads)
        return c

    def page(*args, **kwargs):
        pg = new_page(*args, **kwargs)
        _count_loads(pg)
        pg.context.on('page', lambda other: other is not pg and _count_loads(other))
        return pg
    b.new_context, b.new_page = context, page
    return b


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_teardown(item):
    before = item.stash.get(_VISITS_BEFORE, VISITS[0])
    yield
    if VISITS[0] > before:
        import retry_report
        item.user_properties.append((retry_report.VISITS, VISITS[0] - before))


_VISITS_BEFORE = pytest.StashKey[int]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    item.stash[_VISITS_BEFORE] = VISITS[0]


@pytest.fixture(scope='session')
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = counting_visits(p.chromium.launch(executable_path=CHROMIUM, args=TEST_ARGS))
        yield b
        b.close()


@pytest.fixture(scope='session')
def auditor(request, site):
    """This process's records of the built pages' audits (tests/audits.py); Chromium is started
    only if a page must be visited."""
    import audits
    keeper = audits.Auditor(lambda: request.getfixturevalue('browser'))
    yield keeper
    keeper.close()


@pytest.fixture
def audit(auditor, request):
    """``audit(page, view)``: the record of one visit of a built page (``tests/audits.py``), made
    or reused; the run's summary counts both."""
    import audits

    def get(page_name, view):
        made = len(auditor.made)
        data = auditor.get(page_name, view)
        key = audits.MADE if len(auditor.made) > made else audits.REUSED
        request.node.user_properties.append((key, f'{view}/{page_name}'))
        return data
    return get


def recording_page(browser, allowed, **context_options):
    """A new page (in a new context: ``context_options``) that lets through only URLs starting
    with one of ``allowed``; the others are aborted and kept in ``page.outside_requests``, console
    errors in ``page.console_errors``."""
    context = browser.new_context(**context_options)
    pg = context.new_page()
    pg.outside_requests = []
    pg.console_errors = []

    def route(r):
        if r.request.url.startswith(tuple(allowed)):
            r.continue_()
        else:
            pg.outside_requests.append(r.request.url)
            r.abort()
    context.route('**/*', route)
    pg.on('console', lambda m: m.type == 'error' and pg.console_errors.append(m.text))
    pg.on('pageerror', lambda e: pg.console_errors.append(str(e)))
    return pg


@pytest.fixture
def page(browser, site_url):
    """A fresh page on the built site; nothing outside it is reachable."""
    pg = recording_page(browser, [site_url, 'data:'])
    pg.site_url = site_url
    yield pg
    pg.context.close()


def _audits_summary(values, notes):
    import audits
    return audits.summary(values, notes)
