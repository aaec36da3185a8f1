"""What an executed lesson notebook (``lessons/<lesson>.ipynb``) stores, for the tests that read it:
its glued values and the printed output of its code cells. One reader for every test, so that a
change in how myst-nb stores a glue is handled in one place.

A glue output is a ``display_data`` whose metadata has ``scrapbook: {name, mime_prefix}``; its
``<mime_prefix>text/plain`` is the repr of the glued object (``"'0,959'"`` for a string) and a
glued formula (``Math``) also carries ``text/latex``.
"""
import ast
import os
import re
import sys
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest
import small_book

from conftest import ROOT

sys.path.insert(0, str(ROOT / 'scripts'))
import refresh  # noqa: E402  (the product's own reader: it ships these values to the labs)

# A printed number, as the seeds and the lessons' code print them (0.9067, -0.000, 5.55e-17).
NUMBER = re.compile(r'[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?')


def parts(lesson):
    """The stems of a lesson's parts (``course/toc.py``); a part's own stem gives just that part.
    In a small book (``tests/small_book.py``), a lesson its table of contents leaves out is read
    from the course's table of contents, which the small book keeps beside its own."""
    from course import toc
    full = ROOT / small_book.FULL_TOC
    books = [ROOT] + ([full.parent] if full.exists() else [])
    found = next((x for root in books for x in toc.lessons(root) if x.name == lesson), None)
    return [p.split('/', 1)[1] for p in found.parts] if found else [lesson]


def lesson_md(lesson):
    """The source of a lesson of one part, or of one part (``parts_md`` for every part's)."""
    return ROOT / 'lessons' / f'{lesson}.md'


def parts_md(lesson):
    return [ROOT / 'lessons' / f'{p}.md' for p in parts(lesson)]


def seed(name):
    """The text of a seed document (``'004'`` → ``../shared/seeds/004_*.txt``). The seeds sit
    beside the repository (beside the offline data cache, in a worktree); without them the
    test fails and says where they were looked for, instead of passing unchecked."""
    places = [ROOT.parent / 'shared' / 'seeds']
    if os.environ.get('SCIKIT_LEARN_DATA'):
        places.append(Path(os.environ['SCIKIT_LEARN_DATA']).resolve().parents[1] / 'seeds')
    for place in places:
        found = sorted(place.glob(f'{name}_*.txt'))
        if found:
            return found[0].read_text(encoding='utf-8')
    pytest.fail(f'seed {name} not found in {", ".join(map(str, places))}: put ../shared beside the repository')


def assert_executed_cleanly(lesson):
    """Every code cell of the stored notebook ran, and none raised or wrote to stderr."""
    code = [c for c in notebook(lesson).cells if c.cell_type == 'code']
    assert code and all(c.execution_count for c in code)
    for cell in code:
        for o in cell.outputs:
            assert o.output_type != 'error', cell.source[:80]
            assert not (o.output_type == 'stream' and o.name == 'stderr'), (cell.source[:80], o.text)


def glue_roles(lesson):
    """The glue names the lesson's page pastes: ``{glue:text}``, ``{glue:math}`` and the Preveja
    answers (``:resposta:``)."""
    text = '\n'.join(md.read_text(encoding='utf-8') for md in parts_md(lesson))
    return (set(re.findall(r'\{glue:text\}`([^`]+)`', text)) | set(re.findall(r'```\{glue:math\} (\S+)', text))
            | set(re.findall(r':resposta: (\S+)', text)))


@lru_cache(maxsize=None)
def notebook(lesson):
    """The executed notebook of a lesson as stored; a lesson in parts is read as one notebook, its
    parts' cells one after the other (each part runs in its own kernel: names do not carry over)."""
    books = [nbformat.read(ROOT / 'lessons' / f'{p}.ipynb', as_version=4) for p in parts(lesson)]
    merged = books[0]
    for other in books[1:]:
        merged.cells = merged.cells + other.cells
    return merged


def _glue_outputs(lesson):
    for cell in notebook(lesson).cells:
        for output in cell.get('outputs', []):
            scrap = output.get('metadata', {}).get('scrapbook')
            if scrap:
                yield scrap['name'], output.get('data', {})


def glue_values(lesson, kind='text'):
    """``{name: value}`` of the lesson's glue.

    ``kind='text'``: the glued strings (what ``{glue:text}`` pastes); ``'latex'``: the glued
    formulas' LaTeX; ``'any'``: every glue as text (a string's value, else its repr)."""
    if kind == 'text':
        return refresh.glued_values(notebook(lesson))
    values = {}
    for name, data in _glue_outputs(lesson):
        latex = [v for k, v in data.items() if k.endswith('text/latex')]
        plain = [v for k, v in data.items() if k.endswith('text/plain')]
        plain = ''.join(plain[0]) if plain and isinstance(plain[0], list) else (plain[0] if plain else '')
        if kind == 'latex':
            if latex:
                values[name] = ''.join(latex[0]) if isinstance(latex[0], list) else latex[0]
            continue
        try:
            value = ast.literal_eval(plain)
        except (ValueError, SyntaxError):
            value = None
        if isinstance(value, str):
            values[name] = value
        elif kind == 'any':
            values[name] = plain
    return values


def printed(lesson):
    """``[(cell source, its stdout)]`` for every code cell of the lesson, in page order."""
    return [(cell.source, ''.join(o.get('text', '') for o in cell.outputs
                                  if o.output_type == 'stream' and o.name == 'stdout'))
            for cell in notebook(lesson).cells if cell.cell_type == 'code']


def stdout_of(printed_cells, marker):
    """The printed text of the one code cell, among ``printed(lesson)``, whose source contains
    ``marker`` (a cell that moves or is copied makes the test say so)."""
    hits = [text for source, text in printed_cells if marker in source]
    assert len(hits) == 1, f'{len(hits)} cells contain {marker!r}'
    return hits[0]


def lesson_fixtures(lesson):
    """The module fixtures a lesson's number test reads, as ``notebook, printed, glued =
    stored.lesson_fixtures('roc')``: the executed notebook, ``printed(lesson)`` and every glue
    as text (``glue_values(lesson, kind='any')``)."""
    def fixture(name, make):
        return pytest.fixture(scope='module', name=name)(make)
    return (fixture('notebook', lambda: notebook(lesson)),
            fixture('printed', lambda: printed(lesson)),
            fixture('glued', lambda: glue_values(lesson, kind='any')))
