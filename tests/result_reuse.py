"""A test that passed is not run again while nothing it read has changed: an edit re-tests only what
it reaches.

While a test runs (its set-up, its call, its teardown), this plugin notes what the test reads:

- every file of the book it opens, lists or looks at (Python's audit events ``open``,
  ``os.listdir``, ``os.scandir``, and ``os.stat``), in the test's own code, in the course package,
  in the extensions, in a server thread that answers Chromium (so every file of the built site
  that a page loaded is a file the test read), and through ``reuse.file_digest`` (an audit record
  reused is checked against the files of its page);
- every module of the book loaded in the process (its code, whatever the test called);
- what the fixtures it uses read when they were set up, and, for a fixture kept for a whole file
  (a browser context, a copy of the book), what the file's other tests read through it;
- what the test file read when it was collected (its lists of pages, its parameters);
- what a memoised function read when it first ran (``functools.cache`` and ``lru_cache``, wrapped
  here so that a later call returns the value *and* notes its files);
- for a program it starts: a notebook kernel reads what a lesson reads (``course/``, ``figures/``,
  ``quiz/``, the data, the requirements: tests/nbval_reuse.py's inputs), and so does Python running
  a figure script or ``-c`` code that names no file (it reads the book through ``import``); Node
  reads the book's JavaScript and JSON (the modules it requires; the suite gives it its cases
  on stdin); Python started in a folder outside the book, naming no file of it (a nested pytest
  or Sphinx on a small book in a temporary folder), reads every file but the lessons' and labs'
  sources and the built site (it reaches the book through what it imports); a program started in
  a copy of the book (tests/small_book.py) naming no file outside it reads that copy, which the test
  made from files it read; Playwright's driver,
  tesseract and the book's own build are read through what they
  produce; any other program may read anything, so the test depends on every file of the book
  (``TREE``).

When every test of a file has run, each test that passed (set-up, call and teardown) is written
down with the digest of each of those files and of the environment (the installed distributions,
the interpreter, the browser and tesseract, the variables that change how the code runs). At the
next run, a test whose record holds and whose every digest is the same now is reported as passed
without running: what is reused is a result computed from exactly these inputs. A test that reads
the built site is reused only after this run's build has succeeded (its pages are then the ones it
compares). A test that failed, was skipped or is new runs. nbval's cells have their own rule
(tests/nbval_reuse.py). ``pytest --fresh`` runs everything; a clean clone has no records
(``_build/.results/``). The run's summary says how many tests were reused.
"""
from __future__ import annotations

import functools
import os
import re
import stat as stat_module
import sys
import threading
from pathlib import Path

import pytest
import retry_report
import reuse
from _pytest.runner import CallInfo

ROOT = reuse.ROOT
RECORDS = ROOT / '_build' / '.results'
KEY = 'tests_reused'
RAN = 'tests_ran'
TREE = '<every file of the book>'
KERNEL = '<what a notebook kernel reads>'
NODE = "<the book's JavaScript and JSON>"
ELSEWHERE = "<the book but its lessons, its labs and its built site>"
PAGE_SOURCES = tuple(str(ROOT / p) + os.sep for p in ('lessons', 'labs'))
# the copies of the book that tests make (tests/small_book.py) and the environment they run in
COPIES = tuple(str(ROOT / p) + os.sep for p in ('_build/instructor', '_build/preview-copy'))
INSTALLED = str(ROOT / '.venv') + os.sep
NODE_FILES = ('.js', '.mjs', '.cjs', '.json')
# Python code given with -c that could name a file of the book (anything else it reads, it imports)
NAMES_A_FILE = re.compile(r'open\(|read_|load|Path|glob|listdir|scandir|walk|exec|runpy|__import__|__file__')
BUILT = str(ROOT / '_build') + os.sep
NOT_READ = tuple(str(ROOT / p) + os.sep for p in ('_build/.results', '_build/.nbval', '_build/.site-build',
                                                    '_build/instructor', '_build/preview-copy', '.git', '.venv',
                                                    'figures/out')) + (str(ROOT / '_build' / 'audits'),)
ENVIRONMENT = ('CHROMIUM', 'SCIKIT_LEARN_DATA', 'OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MPLBACKEND',
               'PYTHONPATH', 'PYTHONHASHSEED', 'LANG', 'LC_ALL', 'TZ')
# the folders a whole-book digest leaves out: what git leaves out and the test run writes
TREE_SKIP = {'.git', '.venv', 'node_modules', '__pycache__', '.pytest_cache', 'build', '.ipynb_checkpoints'}
TREE_SKIP_UNDER = {'_build': {'html'}, 'figures': {'out'}}


class Reads:
    """What one test (or one fixture's set-up, or one collection) read."""
    __slots__ = ('files', 'dirs', 'programs')

    def __init__(self):
        self.files, self.dirs, self.programs = set(), set(), set()

    def add(self, other):
        self.files |= other.files
        self.dirs |= other.dirs
        self.programs |= other.programs


_active: list[Reads] = []        # what is being noted now: the test, the fixtures being set up
_lock = threading.Lock()


def _note(kind: str, value: str):
    with _lock:
        for reads in _active:
            getattr(reads, kind).add(value)


def _path_of(arg) -> str | None:
    if isinstance(arg, int) or arg is None:
        return None
    try:
        path = os.fsdecode(os.fspath(arg))
    except TypeError:
        return None
    path = os.path.abspath(path)
    if not path.startswith(str(ROOT) + os.sep) or path.startswith(NOT_READ) or '__pycache__' in path:
        return None
    return path


def _program(args) -> str:
    """What a program the test starts reads: through its output (Playwright's driver, tesseract, the
    book's build), what a lesson reads (a kernel), what Python elsewhere imports, or anything (the
    whole book)."""
    executable, argv = args[0], args[1]
    words = [os.fsdecode(a) for a in (argv if isinstance(argv, (list, tuple)) else [argv])]
    line = ' '.join(words)
    name = os.path.basename(os.fsdecode(executable or words[0]))
    if 'playwright' in os.fsdecode(executable or '') or name == 'tesseract':
        return ''
    if words[1:] == ['--version']:
        return ''               # its version: the environment's digest holds what matters of it
    if 'ipykernel_launcher' in line:
        return KERNEL
    if name in ('node', 'nodejs'):
        return NODE
    if name.startswith('python') and len(words) >= 2:
        script = os.path.abspath(words[1]) if not words[1].startswith('-') else ''
        if script.startswith(str(ROOT / 'figures') + os.sep) and script.endswith('.py'):
            return KERNEL            # a figure script: course/ and figures/ through import, the data
        if words[1] == '-c' and len(words) >= 3 and not NAMES_A_FILE.search(words[2]):
            return KERNEL
    if name.startswith('python') and _elsewhere(words[1:], args[2] if len(args) > 2 else None):
        return ELSEWHERE
    if _in_a_copy(words[1:], args[2] if len(args) > 2 else None):
        return ''               # what the copy holds, noted when the test made it
    if 'jupyter-book' in line and ' build ' in f' {line} ' and str(ROOT) in line:
        return ''                # the book's build: what it makes is read from _build/html
    if 'site_build.py' in line:
        return ''
    return TREE


def _inside(path: str) -> bool:
    return os.path.abspath(path).startswith(str(ROOT) + os.sep) or os.path.abspath(path) == str(ROOT)


def _elsewhere(words, cwd) -> bool:
    """A Python program started in a folder outside the book whose arguments name no file of it (a
    nested pytest or Sphinx on a small book in a temporary folder): it reaches the book only through
    what it imports (its code, ``course/``, the extensions) and what that code reads, never a
    lesson's or a lab's page, which it would have to be given."""
    if cwd is None or _inside(os.fsdecode(cwd)):
        return False
    here = os.fsdecode(cwd)
    return not any(str(ROOT) in w or _inside(os.path.join(here, part)) for w in words
                   for part in [w, *w.split('=', 1)[1:]])


def _in_a_copy(words, cwd) -> bool:
    """A program started in a copy of the book whose arguments name no file of the book outside that
    copy (or the installed environment, which the records' environment digest holds)."""
    here = os.path.abspath(os.fsdecode(cwd)) + os.sep if cwd is not None else ''
    copy = next((c for c in COPIES if here.startswith(c)), None)
    if copy is None:
        return False
    for w in words:
        for part in [w, *w.split('=', 1)[1:]]:
            path = os.path.normpath(os.path.join(here, part))
            if _inside(path) and not (path + os.sep).startswith((copy, INSTALLED)):
                return False
    return True


def _audit(event, args):
    if not _active:
        return
    if event == 'open':
        mode = args[1] if len(args) > 1 else 'r'
        if isinstance(mode, str) and any(c in mode for c in 'wax+'):
            return                   # written, not read
        path = _path_of(args[0])
        if path:
            _note('files', path)
    elif event in ('os.listdir', 'os.scandir'):
        path = _path_of(args[0] if args and args[0] is not None else '.')
        if path:
            _note('dirs', path)
    elif event == 'subprocess.Popen':
        program = _program(args)
        if program:
            _note('programs', program)
    elif event in ('os.system', 'os.posix_spawn', 'os.exec', 'os.spawn', 'os.fork'):
        _note('programs', TREE)
    elif event == 'sqlite3.connect':
        path = _path_of(args[0]) if args else None
        if path:
            _note('files', path)


sys.addaudithook(_audit)

_stat = os.stat


def _noting_stat(path, *args, **kwargs):
    """``os.stat``, noting the file (its existence, size and date are read)."""
    if _active:
        noted = _path_of(path)
        if noted:
            _note('files', noted)
    return _stat(path, *args, **kwargs)


os.stat = _noting_stat
reuse.on_read = lambda path: _active and (noted := _path_of(path)) and _note('files', noted)


# ----------------------------------------------------------------------------- memoised functions

def _tracked(cached_factory):
    def factory(*dargs, **dkwargs):
        if len(dargs) == 1 and callable(dargs[0]) and not dkwargs:      # @lru_cache / @cache
            return _wrap(dargs[0], cached_factory())
        return lambda fn: _wrap(fn, cached_factory(*dargs, **dkwargs))
    return factory


def _wrap(fn, decorator):
    reads_of = {}

    @decorator
    def inner(*args, **kwargs):
        reads = _start()
        try:
            return fn(*args, **kwargs)
        finally:
            _stop(reads)
            reads_of[functools._make_key(args, kwargs, False)] = reads

    @functools.wraps(fn)
    def call(*args, **kwargs):
        value = inner(*args, **kwargs)
        reads = reads_of.get(functools._make_key(args, kwargs, False))
        if reads is not None:
            with _lock:
                for outer in _active:
                    outer.add(reads)
        return value
    call.cache_clear = inner.cache_clear
    call.cache_info = inner.cache_info
    return call


_lru_cache = functools.lru_cache
functools.lru_cache = _tracked(lambda maxsize=128, typed=False: _lru_cache(maxsize=maxsize, typed=typed))
functools.cache = _tracked(lambda: _lru_cache(maxsize=None))


# ----------------------------------------------------------------------------- digests

_TREE = {}


def _tree_files(built=True) -> list[str]:
    """Every file of the book: what git keeps and (``built``) the built site."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        relative = os.path.relpath(folder, ROOT)
        top = relative.split(os.sep)[0]
        dirs[:] = sorted(d for d in dirs if d not in TREE_SKIP and not (
            relative == '.' and d == '_build') and not (relative in TREE_SKIP_UNDER and d in TREE_SKIP_UNDER[relative]))
        if relative == '.' and built:
            dirs.append('_build') if (ROOT / '_build' / 'html').is_dir() else None
        if top == '_build' and relative != '_build' and not relative.startswith(os.path.join('_build', 'html')):
            dirs[:] = []
            continue
        if relative == '_build':
            dirs[:] = ['html']
            continue
        for name in sorted(files):
            if not name.endswith(('~', '.swp', '.pyc')):
                found.append(os.path.join(folder, name))
    return found


def tree_digest() -> str:
    """Every file of the book (what git keeps and the built site), as one digest (once per process)."""
    if 'digest' not in _TREE:
        _TREE['digest'] = reuse.digest(reuse.files_digest(_tree_files()))
    return _TREE['digest']


def node_digest() -> str:
    """The book's JavaScript and JSON (the built site and node_modules left out: npm's tools are
    package-lock.json's), as one digest (once per process)."""
    if 'node' not in _TREE:
        found = [p for p in _tree_files(built=False) if p.endswith(NODE_FILES) or os.path.basename(p) == 'package-lock.json']
        _TREE['node'] = reuse.digest(reuse.files_digest(found))
    return _TREE['node']


def elsewhere_digest() -> str:
    """Every file of the book but the lessons' and labs' sources and the built site (once per process)."""
    if 'elsewhere' not in _TREE:
        found = [p for p in _tree_files(built=False) if not p.startswith(PAGE_SOURCES)]
        _TREE['elsewhere'] = reuse.digest(reuse.files_digest(found))
    return _TREE['elsewhere']


def kernel_digest() -> str:
    import nbval_reuse
    return reuse.digest(nbval_reuse._inputs())


def dep_digest(path: str) -> str:
    if path == TREE:
        return tree_digest()
    if path == KERNEL:
        return kernel_digest()
    if path == NODE:
        return node_digest()
    if path == ELSEWHERE:
        return elsewhere_digest()
    try:
        mode = _stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return 'missing'
    if stat_module.S_ISDIR(mode):
        return 'folder'
    if path == str(ROOT / '_build' / 'html' / 'sw.js'):
        import audits
        return audits._dep_digest(Path(path))       # without its build version (tests/audits.py says why)
    if path == str(EXECUTION_CACHE_DB):
        return _cache_db_digest()
    return reuse.file_digest(Path(path))


# the execution cache's index: every build writes in it when it last looked up each lesson's run
EXECUTION_CACHE_DB = ROOT / '_build' / '.jupyter_cache' / 'global.db'


def _cache_db_digest() -> str:
    """The execution cache's index without the time each run was last looked up (``accessed``,
    written by every build, also one that executes nothing): what a copy of the cache finds in it
    (tests/test_preview.py copies it) is the same runs."""
    import sqlite3
    from contextlib import closing
    try:
        with closing(sqlite3.connect(f'file:{EXECUTION_CACHE_DB}?mode=ro', uri=True, timeout=30)) as db:
            rows = [db.execute(f'SELECT * FROM {t} ORDER BY pk').fetchall() for t in ('settings', 'nbproject')]
            rows.append(db.execute('SELECT pk, hashkey, uri, description, data, created FROM nbcache ORDER BY pk').fetchall())
        return reuse.digest(rows)
    except sqlite3.Error:
        return reuse.file_digest(EXECUTION_CACHE_DB)


def listing_digest(path: str) -> str:
    """A folder's names, without ``__pycache__`` (what Python writes beside the code, not the book:
    a nested pytest that wrote one in ``tests/`` mid-run made 75 records stale at the next run)."""
    try:
        return reuse.digest(sorted(n for n in os.listdir(path) if n != '__pycache__'))
    except (FileNotFoundError, NotADirectoryError):
        return 'missing'


_ENV = {}


def environment() -> str:
    if 'digest' not in _ENV:
        import audits
        _ENV['digest'] = reuse.digest([reuse.environment(), audits.browser_version(), audits.tesseract_version(),
                                       {name: os.environ.get(name) for name in ENVIRONMENT}])
    return _ENV['digest']


def _relative(path: str) -> str:
    return path if path.startswith('<') else os.path.relpath(path, ROOT)


def _absolute(name: str) -> str:
    return name if name.startswith('<') else str(ROOT / name)


def modules_now() -> set[str]:
    out = set()
    for module in list(sys.modules.values()):
        path = getattr(module, '__file__', None)
        if path:
            path = os.path.abspath(path)
            if path.startswith(str(ROOT) + os.sep) and not path.startswith(NOT_READ):
                out.add(path)
    return out


# ----------------------------------------------------------------------------- the plugin

TEST_IMPORT = re.compile(r'^\s*(?:from\s+(test_\w+)\s+import|import\s+(test_\w+))', re.M)


def modules_of(item) -> set[str]:
    """The modules of the book a test's result can depend on through code: every module loaded in
    the process that is not a test file (the course package, the extensions, the scripts, the tests'
    helpers, conftest.py), its own test file and the test files it imports from."""
    own = str(item.path)
    try:
        text = item.path.read_text(encoding='utf-8')
    except OSError:
        text = ''
    imported = {str(item.path.parent / f'{a or b}.py') for a, b in TEST_IMPORT.findall(text)}
    return {p for p in modules_now() if not os.path.basename(p).startswith('test_') or p == own or p in imported}


class Reuse:
    def __init__(self, config):
        self.config = config
        self.collected: dict[str, Reads] = {}         # test file -> what its collection read
        self.fixtures: dict[tuple, Reads] = {}        # (fixture, instance) -> what its set-up read
        self.shared: dict[tuple, Reads] = {}          # a file-wide fixture -> what its tests read with it
        self.done: dict[str, dict] = {}               # test file -> {nodeid: what the test read, or None}
        self.records: dict[str, dict] = {}            # test file -> its records (read once)
        self.build_ok = None

    # --- records

    def record_file(self, path: Path) -> Path:
        return RECORDS / (str(Path(path).relative_to(ROOT)) + '.json')

    def records_of(self, path: Path) -> dict:
        key = str(path)
        if key not in self.records:
            self.records[key] = reuse.read(self.record_file(path)) or {}
        return self.records[key]

    def still_holds(self, record) -> bool:
        if record.get('environment') != environment():
            return False
        deps = record.get('files', {})
        if any(name.startswith('_build' + os.sep) for name in deps) and not self.built():
            return False
        for name, digest in deps.items():
            if dep_digest(_absolute(name)) != digest:
                return False
        return all(listing_digest(_absolute(name)) == digest for name, digest in record.get('folders', {}).items())

    def built(self) -> bool:
        """This run's build of the book, started in the background, succeeded (waiting for it). In
        a run without one (a few files, the fast tier) a test that reads the built site runs."""
        if self.build_ok is None:
            import site_build
            result = site_build.this_runs_result()
            self.build_ok = bool(result) and result.get('returncode') == 0 and (site_build.BUILD_DIR / 'intro.html').is_file()
        return self.build_ok

    # --- collection and fixtures

    @pytest.hookimpl(hookwrapper=True)
    def pytest_make_collect_report(self, collector):
        if not isinstance(collector, pytest.Module):
            yield
            return
        reads = _start()
        try:
            yield
        finally:
            _stop(reads)
            self.collected[str(collector.path)] = reads

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        reads = _start()
        try:
            yield
        finally:
            _stop(reads)
            key = (fixturedef.argname, fixturedef.baseid, repr(getattr(request, 'param', None)))
            self.fixtures.setdefault(key, Reads()).add(reads)

    def fixtures_of(self, item):
        out = []
        callspec = getattr(item, 'callspec', None)
        for name in getattr(item, 'fixturenames', ()):
            for fixturedef in item._fixtureinfo.name2fixturedefs.get(name, ())[-1:]:
                param = callspec.params[name] if callspec is not None and name in callspec.params else None
                out.append(((fixturedef.argname, fixturedef.baseid, repr(param)), fixturedef.scope))
        return out

    # --- a test

    def reusable(self, item) -> bool:
        import nbval.plugin
        return not isinstance(item, nbval.plugin.IPyNbCell)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        if not self.reusable(item) or reuse.fresh():
            return None
        record = self.records_of(item.path).get(item.nodeid)
        if record is None or not self.still_holds(record):
            return None
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        for when in ('setup', 'call', 'teardown'):
            if when == 'teardown':
                item.user_properties.append((KEY, item.nodeid))
            report = item.ihook.pytest_runtest_makereport(item=item, call=CallInfo.from_call(lambda: None, when=when))
            item.ihook.pytest_runtest_logreport(report=report)
        item.session._setupstate.teardown_exact(nextitem)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        self.done.setdefault(str(item.path), {})[item.nodeid] = record
        self.flush_if_last(item, nextitem)
        return True

    @pytest.hookimpl(hookwrapper=True, trylast=True)
    def pytest_runtest_setup(self, item):
        if self.reusable(item):
            item.stash[_READS] = _start()
            item.stash[_PASSED] = True
        yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item, nextitem):
        yield
        if _READS in item.stash:
            _stop(item.stash[_READS])
            item.user_properties.append((RAN, item.nodeid))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        if _READS not in item.stash:
            return
        report = outcome.get_result()
        if not report.passed:
            item.stash[_PASSED] = False
        if call.when == 'teardown':
            reads = item.stash[_READS]
            fixtures = self.fixtures_of(item)
            for key, scope in fixtures:
                # a fixture kept for the file carries what its tests read through it to the file's
                # other tests; one that holds nothing (sphinx.testing's autouse `_shared_result_cache`
                # yields None) carries nothing, and no fixture carries reads to another file
                if scope in ('module', 'class', 'package') and (item.funcargs or {}).get(key[0]) is not None:
                    self.shared.setdefault((key, str(item.path)), Reads()).add(reads)
            passed = item.stash[_PASSED]
            self.done.setdefault(str(item.path), {})[item.nodeid] = \
                (reads, [key for key, _ in fixtures], modules_of(item)) if passed else None

    def flush_if_last(self, item, nextitem):
        if nextitem is None or nextitem.path != item.path:
            self.flush(item.path)

    def flush(self, path: Path):
        """Write the records of the tests of ``path`` (a test that ran and passed gets a new one, a
        reused one keeps its own, one that failed or was skipped has none)."""
        records = dict(self.records_of(path))
        collected = self.collected.get(str(path), Reads())
        env = environment()
        for nodeid, data in self.done.pop(str(path), {}).items():
            if data is None:
                records.pop(nodeid, None)
                continue
            if isinstance(data, dict):            # reused: its record holds
                continue
            reads, fixtures, modules = data
            total = Reads()
            total.add(reads)
            total.add(collected)
            for key in fixtures:
                total.add(self.fixtures.get(key, Reads()))
                total.add(self.shared.get((key, str(path)), Reads()))
            files = {_relative(p): dep_digest(p) for p in sorted(total.files | modules | total.programs)}
            folders = {_relative(p): listing_digest(p) for p in sorted(total.dirs)}
            records[nodeid] = {'environment': env, 'files': files, 'folders': folders}
        self.records[str(path)] = records
        reuse.write(self.record_file(path), records)


def _start() -> Reads:
    reads = Reads()
    with _lock:
        _active.append(reads)
    return reads


def _stop(reads: Reads):
    with _lock:
        if reads in _active:
            _active.remove(reads)
        for outer in _active:         # a fixture set up inside a test (or another fixture): theirs too
            outer.add(reads)


_READS = pytest.StashKey[Reads]()
_PASSED = pytest.StashKey[bool]()
_PLUGIN = 'result_reuse_plugin'


def pytest_configure(config):
    config.pluginmanager.register(Reuse(config), _PLUGIN)


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    plugin = item.config.pluginmanager.get_plugin(_PLUGIN)
    if plugin is not None and str(item.path) in plugin.done and item.nodeid in plugin.done[str(item.path)] \
            and not isinstance(plugin.done[str(item.path)][item.nodeid], dict):
        plugin.flush_if_last(item, nextitem)


def summary(values, notes):
    reused, ran = set(values), set(notes.get(RAN, []))
    if not reused and not ran:
        return []
    return [f'tests: {len(reused)} reused (passed, and every file they read unchanged since; _build/.results/), '
            f'{len(ran)} ran']


retry_report.register(KEY, summary)
