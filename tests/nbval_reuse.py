"""A lesson notebook is executed once per run, and not again while nothing it runs on has changed.

**The book's build of this run.** ``pytest`` builds the book in the background
(tests/site_build.py), and the build executes every lesson that is not in its execution cache, in a
kernel of this same environment, from the lesson's own code (the ``.md``, whose code cells are the
``.ipynb``'s: tests/test_notebooks.py). nbval then compares each cell's stored output with the output
that execution printed (the execution cache's copy, ``_build/.jupyter_cache``), with nbval's own comparison,
instead of executing the lesson a second time. Only an execution of this run counts (the build's
log says which lessons it executed, ``site_build.executed_in``), and only when its code cells are the
notebook's; otherwise nbval executes the notebook itself, as below.

nbval executes a notebook's code cells in a fresh kernel and compares what each prints with the
outputs stored in the ``.ipynb``. Its verdict is a function of: the code cells (source, tags and
stored outputs; the text cells are not read), the files the code runs on (the course package
``course/``, the figure scripts ``figures/``, the quiz banks ``quiz/``, the offline data in
``SCIKIT_LEARN_DATA``), the Python environment (every installed distribution, as
``requirements.txt`` installed it, and the interpreter), the variables that change how the code
runs (threads, the plotting backend, the import path), nbval's options and this file. When a
notebook passed with every cell and the key of those inputs is the same now, its cells pass
without a kernel: the result reused is one computed from exactly these inputs. Anything else
executes it (and a failure forgets the record).

The records are ``_build/.nbval/<notebook>.json`` (none in a clean clone, which runs everything);
``pytest --fresh`` executes every notebook again. The run's summary says how many were compared with
the build's execution, reused and executed (``tests/retry_report.py``).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import nbval.plugin
import pytest
import retry_report
import reuse
import site_build
from nbformat import NotebookNode

ROOT = reuse.ROOT
RECORDS = ROOT / '_build' / '.nbval'
# what the code of a lesson reads besides its own cells (its imports, its %run scripts, its quizzes)
INPUT_FOLDERS = ('course', 'figures', 'quiz')
INPUT_FILES = ('requirements.txt', 'pyproject.toml')
ENVIRONMENT = ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS', 'MPLBACKEND', 'PYTHONPATH',
               'PYTHONHASHSEED', 'SCIKIT_LEARN_DATA', 'LANG', 'LC_ALL', 'TZ')
OPTIONS = ('nbval', 'nbval_lax', 'nbval_current_env', 'nbval_kernel_name', 'nbval_cell_timeout',
           'nbval_kernel_startup_timeout', 'nbval_sanitize_with', 'nbdime')
KEY = 'nbval_reused'              # a reused cell's note in its report (the summary counts them)
EXECUTED = 'nbval_executed'       # an executed one's
BUILT = 'nbval_built'             # one compared with the build's execution of this run
DIGEST_LINE = '# course inputs: '  # _ext/lesson_inputs.py: the build's first code cell starts with it


def record_path(path: Path) -> Path:
    return RECORDS / (str(path.relative_to(ROOT)) + '.json')


def _inputs() -> dict:
    paths = [p for folder in INPUT_FOLDERS for p in reuse.tree_files(ROOT / folder)
             if not (folder == 'figures' and 'out' in p.relative_to(ROOT / folder).parts[:1])]
    paths += [ROOT / name for name in INPUT_FILES]
    data = os.environ.get('SCIKIT_LEARN_DATA')
    if data:
        paths += reuse.tree_files(Path(data))
    return reuse.files_digest(paths)


_SHARED = {}


def shared_key(config) -> dict:
    """The part of every notebook's key that is the run's (computed once per process)."""
    if 'key' not in _SHARED:
        options = {name: getattr(config.option, name, None) for name in OPTIONS}
        sanitize = options.get('nbval_sanitize_with')
        _SHARED['key'] = {
            'inputs': reuse.digest(_inputs()),
            'environment': reuse.environment(),
            'python': sys.executable,
            'variables': {name: os.environ.get(name) for name in ENVIRONMENT},
            'options': options,
            'sanitize': reuse.file_digest(Path(sanitize)) if sanitize else None,
            'code': reuse.file_digest(Path(__file__)),
        }
    return _SHARED['key']


def notebook_key(path: Path, config) -> str:
    """The key of one notebook: its code cells as nbval reads them, and the run's part."""
    nb = json.loads(path.read_text(encoding='utf-8'))
    cells = [{'source': c.get('source'), 'metadata': c.get('metadata'), 'outputs': c.get('outputs')}
             for c in nb.get('cells', []) if c.get('cell_type') == 'code']
    return reuse.digest({'notebook': str(path.relative_to(ROOT)), 'kernelspec': nb.get('metadata', {}).get('kernelspec'),
                         'cells': cells, 'run': shared_key(config)})


_setup, _teardown, _collect = nbval.plugin.IPyNbFile.setup, nbval.plugin.IPyNbFile.teardown, nbval.plugin.IPyNbFile.collect
_runtest = nbval.plugin.IPyNbCell.runtest


def _code(cells):
    return [c.get('source') if isinstance(c.get('source'), str) else ''.join(c.get('source', [])) for c in cells]


def _cached_execution(source: Path):
    """The notebook the build executed from ``source``, as the kernel printed it: the execution
    cache's copy. (``_build/jupyter_execute`` is myst-nb's rendering of it: a glued value's output
    there has lost its ``application/papermill.record/`` type, which the stored notebook keeps.)"""
    from jupyter_cache import get_cache
    folder = ROOT / '_build' / '.jupyter_cache'
    if not folder.is_dir():
        return None
    cache = get_cache(folder)
    records = [r for r in cache.list_cache_records() if r.uri == str(source)]
    if not records:
        return None
    return cache.get_cache_bundle(max(records, key=lambda r: r.created).pk).nb


def built_outputs(path: Path, cells: list) -> list | None:
    """The outputs of each code cell of ``path`` as this run's build executed them, or None (no
    build in the background, the build failed, the lesson came from the execution cache, or its code
    is not the notebook's)."""
    result = site_build.this_runs_result()
    if not result or result.get('returncode') != 0:
        return None
    source = path.relative_to(ROOT).with_suffix('.md')
    if str(source) not in result.get('executed', []):
        return None
    executed = _cached_execution(ROOT / source)
    if executed is None:
        return None
    built = [c for c in executed.cells if c.get('cell_type') == 'code']
    code = _code(built)
    if code and code[0].startswith(DIGEST_LINE):
        code[0] = code[0].split('\n', 1)[1] if '\n' in code[0] else ''
    if [c.strip() for c in code] != [c.strip() for c in _code(cells)]:
        return None
    return [[NotebookNode(o) for o in c.get('outputs', [])] for c in built]


def _file_setup(self):
    path = Path(str(self.fspath))
    self._reuse_key = notebook_key(path, self.config)
    self._reuse_passed = set()
    self._reuse_failed = False
    record = reuse.read(record_path(path))
    self._reused = (not reuse.fresh() and record is not None and record.get('key') == self._reuse_key
                    and record.get('cells') == self._reuse_cells)
    self._built = None
    if not self._reused:
        code_cells = [c for c in self.nb.cells if c.cell_type == 'code']
        self._built = built_outputs(path, code_cells)
        if self._built is None:
            _setup(self)


def _file_teardown(self):
    try:
        _teardown(self)
    finally:
        if not getattr(self, '_reused', True):
            _keep_or_forget(self)


def _keep_or_forget(nb_file):
    """The record written when every cell of the notebook passed in this run, removed otherwise."""
    path = record_path(Path(str(nb_file.fspath)))
    if not nb_file._reuse_failed and len(nb_file._reuse_passed) == nb_file._reuse_cells:
        reuse.write(path, {'key': nb_file._reuse_key, 'cells': nb_file._reuse_cells})
    else:
        path.unlink(missing_ok=True)


def _file_collect(self):
    cells = list(_collect(self))
    self._reuse_cells = len(cells)
    return cells


def _compare_with_the_build(self, outs):
    """What nbval's ``runtest`` does once it has a cell's outputs (nbval 0.11), on the outputs the
    build's execution printed: an error fails the cell (unless the cell expects one), then the
    stored outputs are compared with nbval's own rules (sanitising, the cell's tags)."""
    if self.options['skip']:
        pytest.skip()
    outs = [o for o in outs if o.get('output_type') in ('stream', 'display_data', 'execute_result', 'error')]
    self.test_outputs = outs
    for out in outs:
        if out['output_type'] == 'error' and not self.options['check_exception']:
            self.raise_cell_error('Cell execution caused an exception', '\n' + '\n'.join(out.get('traceback', [])))
    outs[:] = nbval.plugin.coalesce_streams(outs)
    unrun = self.cell.execution_count is None
    if unrun and self.cell.outputs:
        self.raise_cell_error('Unrun reference cell has outputs')
    if self.options['check'] and not unrun:
        if not self.compare_outputs(outs, nbval.plugin.coalesce_streams(self.cell.outputs)):
            self.raise_cell_error('Cell outputs differ', '\n'.join(self.comparison_traceback))


def _cell_runtest(self):
    name = str(Path(str(self.parent.fspath)).relative_to(ROOT))
    if getattr(self.parent, '_reused', False):
        self.user_properties.append((KEY, name))
        return
    if getattr(self.parent, '_built', None) is not None:
        self.user_properties.append((BUILT, name))
        _compare_with_the_build(self, self.parent._built[self.cell_num])
        return
    self.user_properties.append((EXECUTED, name))
    _runtest(self)


nbval.plugin.IPyNbFile.setup = _file_setup
nbval.plugin.IPyNbFile.teardown = _file_teardown
nbval.plugin.IPyNbFile.collect = _file_collect
nbval.plugin.IPyNbCell.runtest = _cell_runtest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    parent = getattr(item, 'parent', None)
    if not isinstance(item, nbval.plugin.IPyNbCell) or not hasattr(parent, '_reuse_passed'):
        return
    report = outcome.get_result()
    if report.failed or report.skipped:
        parent._reuse_failed = True
    elif report.when == 'call' and report.passed and not getattr(parent, '_reused', False):
        parent._reuse_passed.add(item.nodeid)


def summary(values: list[str], notes: dict) -> list[str]:
    reused, executed, built = set(values), set(notes.get(EXECUTED, [])), set(notes.get(BUILT, []))
    if not reused and not executed and not built:
        return []
    return [f'nbval: {len(built)} notebooks compared with their execution by this run\'s build, '
            f'{len(reused)} reused (code, course/, data and environment unchanged since they passed; '
            f'_build/.nbval/), {len(executed)} executed']


retry_report.register(KEY, summary)
