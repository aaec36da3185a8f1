"""Notebook hygiene: .md/.ipynb pairs in sync, labs without outputs and runnable top to bottom.

nbval itself (configured in pyproject.toml) executes the lesson notebooks and compares their
stored outputs; these tests cover what nbval does not.
"""
import os
from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

from conftest import ROOT

PAIRED = sorted(p for p in ROOT.glob('[!._]*/*.md')
                if p.with_suffix('.ipynb').exists() and p.parent.name in ('lessons', 'labs'))
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
        f'{md.name} and its .ipynb differ: run `jupytext --sync {md.relative_to(ROOT)}`'


@pytest.mark.parametrize('nb', LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_lesson_notebooks_store_outputs_for_nbval(nb):
    notebook = nbformat.read(nb, as_version=4)
    code = [c for c in notebook.cells if c.cell_type == 'code']
    assert code and all(c.execution_count for c in code), \
        f'{nb.name} is not fully executed: nbval would have nothing to compare'


@pytest.mark.parametrize('nb', LAB_NOTEBOOKS, ids=lambda p: p.name)
def test_lab_notebooks_have_no_outputs(nb):
    notebook = nbformat.read(nb, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == 'code':
            assert not cell.outputs and cell.execution_count is None, \
                f'{nb.name} stores an output: it would spoil a prediction'


@pytest.mark.parametrize('nb', LAB_NOTEBOOKS, ids=lambda p: p.name)
def test_lab_notebooks_run_top_to_bottom(nb):
    """Every lab runs in a fresh kernel with no error (an error in a cell fails at once).

    A cell that shows ipywidgets now and then never gets its reply when no browser is attached
    (jupyter/nbclient#312): that stall, a timeout or a dead kernel and not an error of the lab,
    gets one more run in a new kernel."""
    for attempt in (1, 2):
        notebook = nbformat.read(nb, as_version=4)
        try:
            NotebookClient(notebook, timeout=120, kernel_name='python3',
                           resources={'metadata': {'path': str(nb.parent)}}).execute()
            return
        except (CellTimeoutError, DeadKernelError):
            if attempt == 2:
                raise
