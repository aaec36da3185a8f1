"""What an executed lesson notebook (``lessons/<lesson>.ipynb``) stores, for the tests that read it:
its glued values and the printed output of its code cells. One reader for every test, so that a
change in how myst-nb stores a glue is handled in one place.

A glue output is a ``display_data`` whose metadata has ``scrapbook: {name, mime_prefix}``; its
``<mime_prefix>text/plain`` is the repr of the glued object (``"'0,959'"`` for a string) and a
glued formula (``Math``) also carries ``text/latex``.
"""
import ast
import sys
from functools import lru_cache

import nbformat

from conftest import ROOT

sys.path.insert(0, str(ROOT / 'scripts'))
import refresh  # noqa: E402  (the product's own reader: it ships these values to the labs)


@lru_cache(maxsize=None)
def notebook(lesson):
    return nbformat.read(ROOT / 'lessons' / f'{lesson}.ipynb', as_version=4)


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
