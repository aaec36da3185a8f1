"""Notebook hygiene: .md/.ipynb pairs in sync, labs without outputs and runnable top to bottom.

nbval itself (configured in pyproject.toml) executes the lesson notebooks and compares their
stored outputs; these tests cover what nbval does not.
"""

import os
import re

import jupytext
import lab_claims
import nbformat
import pytest
import retry_report
import site_build
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

from conftest import ROOT

# by the folders' listings, not a look at each .ipynb (tests/result_reuse.py would count that look
# as reading the notebook, and every test of this file would run again after any lesson's edit)
PAIRED = sorted(md for folder in ('lessons', 'labs') for names in [os.listdir(ROOT / folder)]
                for md in (ROOT / folder).glob('*.md') if md.with_suffix('.ipynb').name in names)
LESSON_NOTEBOOKS = sorted((ROOT / 'lessons').glob('*.ipynb'))
LAB_NOTEBOOKS = sorted((ROOT / 'labs').glob('*.ipynb'))


def cells(notebook):
    return [(c.cell_type, c.source.strip(), tuple(c.metadata.get('tags', [])))
            for c in notebook.cells]


def test_every_lesson_and_lab_is_paired():
    for folder in ('lessons', 'labs'):
        for md in (ROOT / folder).glob('*.md'):
            assert md.with_suffix('.ipynb').exists(), f'{md.name} has no paired .ipynb'
            assert 'md:myst,ipynb' in md.read_text(encoding='utf-8').split('---')[1]


@pytest.mark.parametrize('md', PAIRED, ids=lambda p: f'{p.parent.name}/{p.name}')
def test_md_and_ipynb_are_in_sync(md):
    text = jupytext.read(md)
    stored = jupytext.read(md.with_suffix('.ipynb'))
    assert cells(text) == cells(stored), \
        f'{md.relative_to(ROOT)} and its .ipynb differ: run `python scripts/refresh.py` (it re-executes ' \
        'a lesson and stores its outputs; never `jupytext --sync` for a lesson: it keeps old outputs)'


@pytest.mark.parametrize('nb', LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_lesson_notebooks_store_outputs_for_nbval(nb):
    notebook = nbformat.read(nb, as_version=4)
    code = [c for c in notebook.cells if c.cell_type == 'code']
    assert code and all(c.execution_count for c in code), \
        f'{nb.name} is not fully executed: nbval would have nothing to compare; run `python scripts/refresh.py {nb.stem}`'


@pytest.mark.parametrize('nb', LAB_NOTEBOOKS, ids=lambda p: p.name)
def test_lab_notebooks_have_no_outputs(nb):
    notebook = nbformat.read(nb, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == 'code':
            assert not cell.outputs and cell.execution_count is None, \
                f'{nb.name} stores an output: it would spoil a prediction'


PREDICTION = 'uma previsão escrita pelo teste'
EMPTY_PREDICTION = re.compile(r'^(minha_previsao\(.+?, )""\)$', re.M)


def with_predictions(notebook, lab):
    """The notebook as a student runs it: every ``minha_previsao(key, "")`` filled in, and the
    claims of the lab's notes (tests/lab_claims.py) appended as a last cell."""
    for cell in notebook.cells:
        if cell.cell_type == 'code':
            cell.source = EMPTY_PREDICTION.sub(rf'\1"{PREDICTION}")', cell.source)
    if lab in lab_claims.CLAIMS:
        notebook.cells.append(nbformat.v4.new_code_cell(lab_claims.CLAIMS[lab]))
    return notebook


@pytest.mark.slow
@pytest.mark.parametrize('nb', LAB_NOTEBOOKS, ids=lambda p: p.name)
def test_lab_notebooks_run_top_to_bottom(nb, record_property):
    """Every lab runs in a fresh kernel with no error (an error in a cell fails at once), with a
    prediction written in every step: each ``confira(...)`` then shows its note under the
    prediction, and what the notes state about the lab's numbers holds (tests/lab_claims.py).

    A cell that shows ipywidgets now and then never gets its reply when no browser is attached
    (jupyter/nbclient#312): that stall, a timeout or a dead kernel and not an error of the lab,
    gets one more run in a new kernel, as does a kernel that died at its start."""
    from course import confira
    notes = confira.notes(nb.stem)
    for attempt in (1, 2):
        notebook = with_predictions(nbformat.read(nb, as_version=4), nb.stem)
        try:
            NotebookClient(notebook, timeout=120, kernel_name='python3',
                           resources={'metadata': {'path': str(nb.parent)}}).execute()
            break
        except (CellTimeoutError, DeadKernelError) as error:
            if attempt == 2:
                raise
            # said in the run's summary (tests/retry_report.py), never silent
            record_property(retry_report.KEY, f'{nb.relative_to(ROOT)}: {type(error).__name__} on '
                            'the first run (nbclient#312 widget stall?), retried in a fresh kernel')
        except RuntimeError as error:
            # the kernel died before running a cell: a port it was given was taken meanwhile
            # (tests/site_build.py, port_taken)
            if attempt == 2 or site_build.KERNEL_DIED not in str(error):
                raise
            record_property(retry_report.KEY, f'{nb.relative_to(ROOT)}: the kernel died at its start '
                            '(a port taken by another process?), retried in a fresh kernel')
    checked = []
    for cell in notebook.cells:
        calls = confira.calls(cell.source) if cell.cell_type == 'code' else []
        if not calls or calls[0][0] != 'confira':
            continue
        key = calls[0][1]
        shown = [o['data']['text/markdown'] for o in cell.outputs if 'text/markdown' in o.get('data', {})]
        assert len(shown) == 1, f'{nb.name}: confira({key!r}) showed {cell.outputs}'
        assert shown[0] == f'**Sua previsão:** {PREDICTION}\n\n**Confira ({notes[key]["step"]}):** {notes[key]["text"]}'
        checked.append(key)
    assert checked == list(notes), f'{nb.name}: the notes shown were {checked}'


# ------------------------------------------------------------------ values shipped with the package

LESSON_MDS = sorted((ROOT / 'lessons').glob('*.md'))


@pytest.mark.parametrize('md', LESSON_MDS, ids=lambda p: p.stem)
def test_shipped_values_equal_the_lessons_glue(md):
    """course/lesson_values/<lesson>.json (what the labs' quizzes read) = the lesson's glue: a lesson
    in parts ships one file, the glue of all its parts (course/toc.py says which)."""
    import json
    import sys
    sys.path.insert(0, str(ROOT / 'scripts'))
    import refresh

    from course import toc
    # a lesson in parts ships one file, the union of its parts' glue (course/toc.py, refresh.py)
    lesson = toc.lesson_of(f'lessons/{md.stem}', ROOT)
    name, parts = (lesson.name, lesson.parts) if lesson else (md.stem, [f'lessons/{md.stem}'])
    glued = {}
    for part in parts:
        glued.update(refresh.glued_values(nbformat.read(ROOT / f'{part}.ipynb', as_version=4)))
    path = ROOT / 'course' / 'lesson_values' / f'{name}.json'
    assert path.is_file(), f'no {path.relative_to(ROOT)}: run `python scripts/refresh.py {name}`'
    shipped = json.loads(path.read_text(encoding='utf-8'))
    assert shipped == glued, f'{path.relative_to(ROOT)} is stale: run `python scripts/refresh.py {name}`'


@pytest.mark.parametrize('md', LESSON_MDS, ids=lambda p: p.stem)
def test_no_glued_value_is_empty(md):
    import sys
    sys.path.insert(0, str(ROOT / 'scripts'))
    import refresh
    values = refresh.glued_values(nbformat.read(md.with_suffix('.ipynb'), as_version=4))
    empty = [k for k, v in values.items() if not v.strip()]
    assert not empty, f'{md.name} glues empty values: {empty}'


def test_lab_notebooks_build_no_widgets_by_hand():
    """Labs hold no ipywidgets construction code: one call into course.labs per piece."""
    for md in sorted((ROOT / 'labs').glob('*.md')):
        text = md.read_text(encoding='utf-8')
        assert 'ipywidgets' not in text and 'widgets.' not in text, md.name


def _panel_calls(source):
    """The statements of a cell that call one of course.labs' panels (cost_lab(...), ...)."""
    import ast

    import course.labs
    panels = {name for name in dir(course.labs) if name.endswith('_lab') or name in ('roc_binormal',)}
    body = ast.parse(source).body
    return body, [i for i, node in enumerate(body) if isinstance(node, ast.Expr)
                  and isinstance(node.value, ast.Call) and getattr(node.value.func, 'id', None) in panels]


@pytest.mark.parametrize('lab', sorted((ROOT / 'labs').glob('*.md')), ids=lambda p: p.stem)
def test_a_panel_is_the_last_expression_of_its_cell(lab):
    """A notebook shows only a cell's last expression: a panel called earlier in its cell (the
    custo lab's experiment 2 once had an import and a print after it) is computed and never seen."""
    hidden = []
    for cell in jupytext.read(lab).cells:
        if cell.cell_type != 'code' or re.search(r'^\s*[%!]', cell.source, flags=re.M):
            continue                                           # IPython magics: not Python
        body, calls = _panel_calls(cell.source)
        hidden += [cell.source.splitlines()[body[i].lineno - 1] for i in calls if i != len(body) - 1]
    assert not hidden, f'{lab.name}: panels a student would never see: {hidden}'
