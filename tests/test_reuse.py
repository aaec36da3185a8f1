"""A result is reused only while what it was computed from is unchanged (tests/reuse.py): a page's
audit (tests/audits.py) while the page and every file it loaded, the audit code and the browser are
the same; a notebook's nbval run (tests/nbval_reuse.py) while its code cells, course/, the data and
the environment are the same. And the run's summary says what it visited, made and reused."""
import json
import shutil
import subprocess
import sys

import audits
import nbformat
import pytest
import retry_report
import reuse
from jupyter_cache import get_cache
from jupyter_cache.base import CacheBundleIn

from conftest import ROOT


def service_worker(version, home):
    """The service worker as _ext/offline.py writes it (its placeholders replaced by json.dumps)."""
    source = (ROOT / '_ext' / 'offline_sw.js').read_text(encoding='utf-8')
    return source.replace("'__VERSION__'", json.dumps(version)).replace("'__HOME__'", json.dumps(home))


@pytest.fixture
def tiny_site(tmp_path, monkeypatch):
    """A built site of two pages in ``tmp_path/_build/html`` that the audits read instead of the book's."""
    html = tmp_path / '_build' / 'html'
    (html / 'lessons').mkdir(parents=True)
    (html / 'lessons' / 'a.html').write_text('<link href="../site.css">', encoding='utf-8')
    (html / 'site.css').write_text('p { color: black }', encoding='utf-8')
    (html / 'sw.js').write_text(service_worker("0123456789ab", "intro.html"), encoding='utf-8')
    monkeypatch.setattr(audits, 'ROOT', tmp_path)
    monkeypatch.setattr(audits, 'HTML', html)
    monkeypatch.delenv('COURSE_SITE_RUN', raising=False)
    monkeypatch.delenv(reuse.FRESH, raising=False)
    return html


def record_of(tiny_site, asked):
    base = 'http://127.0.0.1:8123'
    return {'code': audits.code_digest(), 'browser': 'chromium 1', 'run': 'an earlier run',
            'deps': audits.deps_of([f'{base}/{u}' for u in asked], [base]), 'data': {}}


def test_a_visit_keeps_every_file_it_asked_for_a_missing_one_too(tiny_site):
    record = record_of(tiny_site, ['lessons/a.html', 'site.css?v=1', 'sw.js', 'favicon.ico', ''])
    assert set(record['deps']) == {'_build/html/lessons/a.html', '_build/html/site.css', '_build/html/sw.js',
                                   '_build/html/favicon.ico', '_build/html/index.html'}
    assert record['deps']['_build/html/favicon.ico'] == 'missing'


def test_an_audit_is_reused_while_its_page_and_files_are_the_same(tiny_site):
    record = record_of(tiny_site, ['lessons/a.html', 'site.css', 'favicon.ico'])
    assert audits.still_valid(record, 'chromium 1')
    assert not audits.still_valid(record, 'chromium 2'), 'another browser'
    assert not audits.still_valid({**record, 'code': 'older'}, 'chromium 1'), 'another audit code'
    (tiny_site / 'site.css').write_text('p { color: red }', encoding='utf-8')
    assert not audits.still_valid(record, 'chromium 1'), 'a stylesheet the page loads changed'
    record = record_of(tiny_site, ['lessons/a.html', 'site.css', 'favicon.ico'])
    (tiny_site / 'favicon.ico').write_bytes(b'\x00')
    assert not audits.still_valid(record, 'chromium 1'), 'a file the page asked for, missing then, is there now'


def test_the_service_workers_build_version_alone_does_not_make_a_page_new(tiny_site):
    """``VERSION`` is a digest of every file of the build: in a new profile it only names the
    worker's cache. Any other change of the worker is a change."""
    record = record_of(tiny_site, ['lessons/a.html', 'sw.js'])
    worker = tiny_site / 'sw.js'
    worker.write_text(worker.read_text(encoding='utf-8').replace('0123456789ab', 'ba9876543210'), encoding='utf-8')
    assert audits.still_valid(record, 'chromium 1')
    worker.write_text(worker.read_text(encoding='utf-8').replace('"intro.html"', '"index.html"'), encoding='utf-8')
    assert not audits.still_valid(record, 'chromium 1')


def test_the_home_pages_manifest_counts_by_its_existence_in_a_visit_after_it(tiny_site):
    """``offline.json`` lists a digest of every file of the build; the home page only reads it to say
    the course's size. In a visit after the home page it is kept by its existence, unless the page
    itself asked for it."""
    base = 'http://127.0.0.1:8123'
    (tiny_site / 'offline.json').write_text('{"version": "0123"}', encoding='utf-8')
    home, page = [f'{base}/intro.html', f'{base}/offline.json'], [f'{base}/lessons/a.html', f'{base}/site.css']
    record = {**record_of(tiny_site, []), 'deps': audits.deps_of(audits.home_only(home + page, 2), [base])}
    assert '_build/html/offline.json#exists' in record['deps']
    (tiny_site / 'offline.json').write_text('{"version": "4567"}', encoding='utf-8')
    assert audits.still_valid(record, 'chromium 1'), 'another build version only'
    (tiny_site / 'offline.json').unlink()
    assert not audits.still_valid(record, 'chromium 1'), 'the manifest is gone'
    both = audits.home_only(home + page + [f'{base}/offline.json'], 2)
    assert f'{base}/offline.json' in both and f'{base}/offline.json#exists' not in both, 'the page read it too'
    assert audits.home_only(home + page, 0) == home + page, 'a first visit: every file by its content'


def test_the_home_pages_own_visit_keeps_what_its_box_shows_of_the_manifest(tiny_site):
    """The home page's visit reads ``offline.json`` to say the course's pages and sizes, as the box
    writes them: a build version, a file's digest or a few bytes more change none of that."""
    manifest = {'version': '0123', 'home': 'intro.html', 'pages': 45, 'bytes': 10_695_741, 'sent': 4_643_727,
                'files': [{'url': 'intro.html', 'bytes': 10, 'sent': 5, 'hash': 'aa'}]}
    path = tiny_site / 'offline.json'
    path.write_text(json.dumps(manifest), encoding='utf-8')
    record = record_of(tiny_site, ['intro.html', 'offline.json'])
    assert '_build/html/offline.json#shown' in record['deps']
    assert audits.shown(manifest) == [45, '10,7 MB', '4,6 MB', True]
    path.write_text(json.dumps({**manifest, 'version': '4567', 'bytes': 10_695_744,
                                'files': [{**manifest['files'][0], 'hash': 'bb'}]}), encoding='utf-8')
    assert audits.still_valid(record, 'chromium 1'), 'the box says the same'
    for changed in ({'bytes': 10_795_741}, {'sent': 4_543_727}, {'pages': 46}, {'files': []}):
        path.write_text(json.dumps({**manifest, **changed}), encoding='utf-8')
        assert not audits.still_valid(record, 'chromium 1'), f'the box says another thing: {changed}'


def test_the_execution_caches_index_counts_without_the_time_a_run_was_looked_up(tmp_path, monkeypatch):
    """Every build writes in ``global.db`` when it last looked up each run (``accessed``); a copy of
    the cache (the preview's) finds the same runs. Another run is another index."""
    import sqlite3

    import result_reuse
    cache = get_cache(tmp_path / '.jupyter_cache')
    monkeypatch.setattr(result_reuse, 'EXECUTION_CACHE_DB', tmp_path / '.jupyter_cache' / 'global.db')

    def cache_a_run(name):
        cell = nbformat.v4.new_code_cell(f'print("{name}")')
        cache.cache_notebook_bundle(CacheBundleIn(nbformat.v4.new_notebook(cells=[cell]), str(tmp_path / f'{name}.md')),
                                    check_validity=False)
    cache_a_run('a')
    before = result_reuse._cache_db_digest()
    with sqlite3.connect(result_reuse.EXECUTION_CACHE_DB) as db:
        db.execute("UPDATE nbcache SET accessed = '2030-01-01 00:00:00'")
    assert result_reuse._cache_db_digest() == before, 'a look-up alone'
    cache_a_run('b')
    assert result_reuse._cache_db_digest() != before, 'a run more'


def test_fresh_reuses_only_what_this_run_made(tiny_site, monkeypatch):
    record = record_of(tiny_site, ['lessons/a.html'])
    monkeypatch.setenv(reuse.FRESH, '1')
    assert not audits.still_valid(record, 'chromium 1')
    monkeypatch.setenv('COURSE_SITE_RUN', 'this run')
    assert audits.still_valid({**record, 'run': 'this run'}, 'chromium 1')
    assert not audits.still_valid(record, 'chromium 1')


def test_the_audit_code_is_in_the_key():
    """Editing the audit (or what it runs: the weight's measurement, axe-core, the leak reader)
    makes every page new."""
    names = {p.name for p in audits.CODE}
    assert {'audits.py', 'pageweight.py', 'axe.min.js', 'visible_around.js', 'reuse.py'} <= names


SUMMARY = '''
def test_one(record_property):
    record_property('page_visits', 3)
    record_property('audits_made', 'phone/lessons/a')
    record_property('audits_reused', 'desktop/lessons/a')

def test_two(record_property):
    record_property('page_visits', 2)
    record_property('audits_reused', 'phone/lessons/a')
    record_property('nbval_reused', 'lessons/a.ipynb')
    record_property('nbval_executed', 'lessons/b.ipynb')
'''


def test_the_summary_counts_visits_audits_and_notebooks_from_every_process(tmp_path):
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    (tmp_path / 'conftest.py').write_text('pytest_plugins = ["retry_report", "nbval_reuse"]\n'
                                          'import audits, retry_report\n'
                                          'def pytest_configure(config):\n'
                                          '    retry_report.register("audits_made", audits.summary)\n')
    (tmp_path / 'test_pages.py').write_text(SUMMARY)
    result = subprocess.run([sys.executable, '-m', 'pytest', '-p', 'no:cacheprovider', '-n', '2',
                             '--dist', 'each', 'test_pages.py'], cwd=tmp_path, capture_output=True, text=True,
                            env={'PYTHONPATH': f'{ROOT / "tests"}:{ROOT}', 'PATH': '/usr/bin:/bin'})
    assert result.returncode == 0, result.stdout + result.stderr
    assert retry_report.READ_TITLE in result.stdout
    assert 'page visits in Chromium: 10' in result.stdout            # 5 in each of the two processes
    assert 'audits of built pages: 1 made (one visit each), 1 reused' in result.stdout
    assert "nbval: 0 notebooks compared with their execution by this run's build, 1 reused" in result.stdout
    assert '1 executed' in result.stdout


def test_a_run_that_reads_no_page_says_nothing_of_it(tmp_path):
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    (tmp_path / 'test_plain.py').write_text('def test_plain():\n    pass\n')
    result = subprocess.run([sys.executable, '-m', 'pytest', '-p', 'retry_report', '-p', 'no:cacheprovider',
                             '-n', '0', 'test_plain.py'], cwd=tmp_path, capture_output=True, text=True,
                            env={'PYTHONPATH': str(ROOT / 'tests'), 'PATH': '/usr/bin:/bin'})
    assert result.returncode == 0, result.stdout + result.stderr
    assert retry_report.READ_TITLE not in result.stdout


NOTEBOOK_CELLS = [
    {'cell_type': 'markdown', 'metadata': {}, 'source': 'Um texto.'},
    {'cell_type': 'code', 'metadata': {}, 'execution_count': 1, 'source': 'print(6 * 7)',
     'outputs': [{'output_type': 'stream', 'name': 'stdout', 'text': '42\n'}]},
]


def notebook(cells):
    return json.dumps({'cells': cells, 'metadata': {'kernelspec': {'name': 'python3', 'display_name': 'Python 3',
                                                                   'language': 'python'}},
                       'nbformat': 4, 'nbformat_minor': 5})


@pytest.mark.slow
def test_a_notebook_is_executed_again_only_when_what_nbval_reads_changes(tmp_path, monkeypatch):
    """A copy of the reuse plugin on a book of one notebook: the first run executes it, the second
    reuses it, a changed text cell changes nothing, a changed stored output is executed (and fails),
    ``--fresh`` executes it again."""
    import nbval_reuse
    book = tmp_path / 'book'
    (book / 'lessons').mkdir(parents=True)
    for folder in nbval_reuse.INPUT_FOLDERS:
        (book / folder).mkdir()
    (book / 'course' / 'values.py').write_text('X = 1\n')
    for name in nbval_reuse.INPUT_FILES:
        (book / name).write_text('')
    (book / 'pytest.ini').write_text('[pytest]\naddopts = --nbval --nbval-current-env -p no:cacheprovider\n')
    (book / 'conftest.py').write_text('pytest_plugins = ["retry_report", "nbval_reuse"]\n')
    (book / 'tests').mkdir()
    for name in ('reuse.py', 'nbval_reuse.py', 'retry_report.py', 'site_build.py'):
        (book / 'tests' / name).write_text((ROOT / 'tests' / name).read_text(encoding='utf-8'))
    nb = book / 'lessons' / 'a.ipynb'
    nb.write_text(notebook(NOTEBOOK_CELLS))
    env = {'PYTHONPATH': str(book / 'tests'), 'PATH': f'{ROOT / ".venv" / "bin"}:{sys.prefix}/bin:/usr/bin:/bin',
           'HOME': str(tmp_path)}

    def run(*args):
        result = subprocess.run([sys.executable, '-m', 'pytest', '-n', '0', *args, 'lessons/a.ipynb'],
                                cwd=book, capture_output=True, text=True, env=env)
        return result.returncode, result.stdout + result.stderr

    code, out = run()
    assert code == 0 and ' 0 reused' in out and '1 executed' in out, out
    code, out = run()
    assert code == 0 and ' 1 reused' in out and '0 executed' in out, out
    changed = [dict(NOTEBOOK_CELLS[0], source='Outro texto.'), NOTEBOOK_CELLS[1]]
    nb.write_text(notebook(changed))
    code, out = run()
    assert code == 0 and ' 1 reused' in out, out
    (book / 'course' / 'values.py').write_text('X = 2\n')          # what the code imports
    code, out = run()
    assert code == 0 and '1 executed' in out, out
    wrong = [NOTEBOOK_CELLS[0], dict(NOTEBOOK_CELLS[1], outputs=[{'output_type': 'stream', 'name': 'stdout',
                                                                  'text': '41\n'}])]
    nb.write_text(notebook(wrong))
    code, out = run()
    assert code != 0 and '1 executed' in out, out
    nb.write_text(notebook(NOTEBOOK_CELLS))
    code, out = run()
    assert code == 0 and '1 executed' in out, 'a notebook that failed is executed again'
    code, out = run()
    assert code == 0 and ' 1 reused' in out, out
    monkeypatch.setenv(reuse.FRESH, '1')
    env[reuse.FRESH] = '1'
    code, out = run()
    assert code == 0 and '1 executed' in out, out

    # this run's build executed the lesson: its outputs are compared, nothing is executed again
    env.update({'COURSE_SITE_RUN': 'r1', 'COURSE_SITE_BACKGROUND': 'r1'})
    (book / '_build' / '.site-build').mkdir(parents=True, exist_ok=True)
    first_line = [dict(NOTEBOOK_CELLS[1], source='# course inputs: 0123\n' + NOTEBOOK_CELLS[1]['source'])]

    def build_of_the_run(cells, executed=('lessons/a.md',)):
        (book / '_build' / '.site-build' / 'r1.json').write_text(json.dumps(
            {'returncode': 0, 'log': '', 'retried': [], 'executed': list(executed)}))
        # the kernel's outputs as the execution cache keeps them (myst-nb's jupyter_execute copy
        # drops a glued value's papermill type, so nbval_reuse reads the cache)
        get_cache(book / '_build' / '.jupyter_cache').cache_notebook_bundle(
            CacheBundleIn(nbformat.reads(notebook(cells), 4), str(book / 'lessons' / 'a.md')),
            check_validity=False, overwrite=True)
    build_of_the_run(first_line)
    code, out = run()
    assert code == 0 and "1 notebooks compared with their execution by this run's build" in out, out
    assert '0 executed' in out, out
    printed_41 = [dict(first_line[0], outputs=[{'output_type': 'stream', 'name': 'stdout', 'text': '41\n'}])]
    build_of_the_run(printed_41)
    code, out = run()
    assert code != 0 and 'Cell outputs differ' in out, 'the build printed something else: the cell fails'
    build_of_the_run(printed_41, executed=())                      # from the execution cache: not this run's
    code, out = run()
    assert code == 0 and '1 executed' in out, out


THINGS = '''
import functools, os, pathlib, subprocess, sys
ROOT = pathlib.Path(__file__).parent


def ran(name):
    with open(ROOT.parent / 'ran.log', 'a') as log:     # outside the book: not a read
        log.write(name + '\\n')


@functools.cache
def words():
    return (ROOT / 'data.txt').read_text().split()


def test_reads_the_data():
    ran('reads')
    assert 'um' in words()


def test_reads_it_through_the_cache():
    ran('cached')
    assert words()[0] == 'um'              # memoised: no file opened by this test itself


def test_lists_a_folder():
    ran('lists')
    assert sorted(p.name for p in (ROOT / 'pasta').iterdir()) == ['a']


def test_looks_for_a_file():
    ran('looks')
    assert not (ROOT / 'ausente.txt').exists()


def test_starts_a_program():
    ran('program')
    assert subprocess.run(['sh', '-c', 'echo 1'], capture_output=True).stdout == b'1\\n'


def test_runs_python_code_that_names_no_file():
    ran('code')
    assert subprocess.run([sys.executable, '-c', 'print(2)'], capture_output=True).stdout == b'2\\n'


def test_runs_node():
    ran('node')
    node = os.environ['NODE_BINARY']
    assert subprocess.run([node, '-e', 'process.stdout.write("3")'], capture_output=True).stdout == b'3'


def test_asks_a_program_its_version():
    ran('version')
    assert subprocess.run([sys.executable, '--version'], capture_output=True).returncode == 0


def test_runs_python_elsewhere():
    ran('elsewhere')
    (ROOT.parent / 'fora').mkdir(exist_ok=True)
    assert subprocess.run([sys.executable, '-m', 'platform'], cwd=ROOT.parent / 'fora').returncode == 0


def test_reads_nothing():
    ran('nothing')
    assert 1 + 1 == 2
'''

# a second file, and a fixture kept for each file that holds nothing, used by every test (as
# sphinx.testing's autouse ``_shared_result_cache``): what one test reads stays its own
OTHERS = '''
import pathlib
ROOT = pathlib.Path(__file__).parent


def test_in_another_file():
    with open(ROOT.parent / 'ran.log', 'a') as log:
        log.write('other\\n')
'''
CONFTEST = '''import pytest
pytest_plugins = ["retry_report", "result_reuse"]


@pytest.fixture(scope='module', autouse=True)
def _kept_for_the_file_holding_nothing():
    yield None
'''


def test_a_test_runs_again_only_when_what_it_read_changes(tmp_path):
    """A copy of the plugin on a small book of tests: the second run reuses all of them; each change
    makes exactly the tests that read it run again (a memoised read counts for every caller; a
    program counts as reading the whole book, but Python code that names no file reads what a
    kernel reads, Node the book's JavaScript and JSON, and Python started outside the book all but
    its lessons); a test that fails is run again."""
    book = tmp_path / 'book'
    (book / 'tests').mkdir(parents=True)
    (book / 'scripts').mkdir()
    for name in ('reuse.py', 'result_reuse.py', 'retry_report.py', 'site_build.py', 'nbval_reuse.py', 'audits.py',
                 'chromium_flags.py'):
        (book / 'tests' / name).write_text((ROOT / 'tests' / name).read_text(encoding='utf-8'))
    (book / 'scripts' / 'pageweight.py').write_text((ROOT / 'scripts' / 'pageweight.py').read_text(encoding='utf-8'))
    (book / 'pytest.ini').write_text('[pytest]\naddopts = -p no:cacheprovider\n')
    (book / 'conftest.py').write_text(CONFTEST)
    (book / 'test_things.py').write_text(THINGS)
    (book / 'test_others.py').write_text(OTHERS)
    (book / 'data.txt').write_text('um dois')
    (book / 'pasta').mkdir()
    (book / 'pasta' / 'a').write_text('')
    log = tmp_path / 'ran.log'
    env = {'PYTHONPATH': str(book / 'tests'), 'PATH': '/usr/bin:/bin', 'HOME': str(tmp_path),
           'NODE_BINARY': shutil.which('node')}

    def run():
        log.write_text('')
        result = subprocess.run([sys.executable, '-m', 'pytest', '-q', '-n', '0', 'test_things.py', 'test_others.py'], cwd=book,
                                capture_output=True, text=True, env=env)
        return result.returncode, set(log.read_text().split()), result.stdout + result.stderr

    everything = {'reads', 'cached', 'lists', 'looks', 'program', 'code', 'node', 'version', 'elsewhere', 'nothing',
                  'other'}
    code, ran, out = run()
    assert code == 0 and ran == everything, out
    assert 'tests: 0 reused' in out and '11 ran' in out
    code, ran, out = run()
    assert code == 0 and ran == set(), out
    assert 'tests: 11 reused' in out
    (book / 'data.txt').write_text('um três')
    code, ran, out = run()
    assert ran == {'reads', 'cached', 'program', 'elsewhere'}, out   # the program may read anything
    (book / 'course').mkdir()
    (book / 'course' / 'modulo.py').write_text('X = 1\n')
    code, ran, out = run()
    assert ran == {'program', 'code', 'elsewhere'}, out        # what a kernel reads: course/
    (book / 'regras.js').write_text('module.exports = 1;\n')
    code, ran, out = run()
    assert ran == {'program', 'node', 'elsewhere'}, out        # the book's JavaScript
    (book / 'pasta' / 'b').write_text('')
    code, ran, out = run()
    assert code != 0 and ran == {'lists', 'program', 'elsewhere'}, out
    code, ran, out = run()
    assert ran == {'lists'}, 'a test that failed runs again'
    (book / 'pasta' / 'b').unlink()
    (book / 'ausente.txt').write_text('')
    code, ran, out = run()
    assert ran == {'lists', 'looks', 'program', 'elsewhere'}, out
    (book / 'ausente.txt').unlink()
    code, ran, out = run()
    (book / 'lessons').mkdir()
    (book / 'lessons' / 'a.md').write_text('Um parágrafo.\n')
    code, ran, out = run()
    assert ran == {'program'}, out                 # Python elsewhere reads no lesson: only a program may
    env[reuse.FRESH] = '1'
    code, ran, out = run()
    assert code == 0 and ran == everything, out


def test_a_copy_made_again_over_an_earlier_one_keeps_only_its_build(tmp_path):
    """The instructor's copy lives from one run to the next (tests/test_new_lesson.py): copied
    again, it holds the course's files as they are, nothing the earlier copy's edits made, and
    the earlier ``_build/`` (its execution cache and records) as it was."""
    import os

    import small_book
    book = small_book.copy(tmp_path / 'curso', cache=False)
    (book / '_config.yml').write_text('editado', encoding='utf-8')
    (book / 'lessons' / 'aula-nova.md').write_text('# nova', encoding='utf-8')
    (book / '.course-toc').mkdir()
    (book / '.course-toc' / '_toc.yml').write_text('root: intro', encoding='utf-8')
    (book / '_build' / '.results').mkdir(parents=True)
    (book / '_build' / '.results' / 'r.json').write_text('{}', encoding='utf-8')
    # Sphinx reads a page again when its file is newer than its last reading: a file put back is
    # newer than the edit it undoes, a file left as it was keeps its time
    os.utime(book / '_config.yml', (2000, 2000))
    os.utime(book / 'intro.md', (1000, 1000))
    again = small_book.copy(tmp_path / 'curso', cache=False)
    assert (again / '_config.yml').read_bytes() == (ROOT / '_config.yml').read_bytes()
    assert (again / '_config.yml').stat().st_mtime > 2000 and (again / 'intro.md').stat().st_mtime == 1000
    assert not (again / 'lessons' / 'aula-nova.md').exists() and not (again / '.course-toc').exists()
    assert (again / '_build' / '.results' / 'r.json').read_text(encoding='utf-8') == '{}'
    assert (again / 'node_modules').resolve() == (ROOT / 'node_modules').resolve()
    with pytest.raises(ValueError, match='cache=False'):
        small_book.copy(tmp_path / 'curso', cache=True)


def test_a_copy_of_some_pages_holds_only_their_sources(tmp_path):
    """A copy made for some pages (the instructor's, tests/test_new_lesson.py) holds, of the lessons'
    and labs' sources, only theirs, and every other file of the course: another lesson's edit does
    not reach it."""
    import small_book
    book = small_book.copy(tmp_path / 'curso', cache=False, pages=['lessons/custo', 'labs/custo'])
    held = sorted(f'{folder}/{p.name}' for folder in ('lessons', 'labs') for p in (book / folder).iterdir())
    assert held == ['labs/custo.ipynb', 'labs/custo.md', 'lessons/custo.ipynb', 'lessons/custo.md']
    for name in ('_toc.yml', 'course/site.py', 'quiz/roc.yml', 'scripts/refresh.py'):
        assert (book / name).read_bytes() == (ROOT / name).read_bytes(), name


def test_a_source_edited_as_in_the_last_run_keeps_that_runs_time(tmp_path):
    """After the copy and the instructor's edits, ``small_book.settle`` gives each file whose bytes
    are those of its last call the time it had then (its build reads none of them again); a file
    with other bytes, and ``_static/``, keep their new times."""
    import os

    import small_book
    book = tmp_path / 'curso'
    for name in ('lessons/a.md', 'lessons/b.md', '_static/c.css'):
        (book / name).parent.mkdir(parents=True, exist_ok=True)
        (book / name).write_text('um', encoding='utf-8')
        os.utime(book / name, (1000, 1000))
    assert small_book.settle(book) == 0
    for name in ('lessons/a.md', 'lessons/b.md', '_static/c.css'):      # copied again, edited again
        (book / name).write_text('um' if name != 'lessons/b.md' else 'dois', encoding='utf-8')
        os.utime(book / name, (3000, 3000))
    assert small_book.settle(book) == 1
    assert [(book / n).stat().st_mtime for n in ('lessons/a.md', 'lessons/b.md', '_static/c.css')] == [1000, 3000, 3000]
