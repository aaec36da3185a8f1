"""A lesson is rebuilt when anything its page depends on changes, not only its own text.

The execution cache (jupyter-cache) keys a notebook on its code, and Sphinx re-reads a page
when its source file changes. A lesson page also shows what other files make: its quiz
(``quiz/<bank>.yml``, rendered by ``show_quiz``/``show_question``), its figures
(``%run ../figures/<script>.py``) and everything the course package computes or draws
(``course/``). So, for every lesson, when Sphinx reads it:

- each of those files is a dependency of the page (``env.note_dependency``): editing one makes
  Sphinx read the page again;
- a digest of their contents is added, as a comment, to the page's first code cell: the cell's
  code changes, so jupyter-cache executes the notebook again instead of reusing old outputs.

It also fills ``{glue_name}`` placeholders in figures' alt text and captions with the values the page's own
code glued (so the alt text follows the numbers, e.g. after a change of prices).
"""
from __future__ import annotations

import ast
import hashlib
import json
import re
from pathlib import Path

from docutils import nodes

ROOT = Path(__file__).resolve().parents[1]
QUIZ_CALL = re.compile(r"show_(?:quiz|question)\('([\w-]+)'")
FIGURE_RUN = re.compile(r'%run\s+\.\./figures/([\w-]+\.py)')
FIRST_CELL = re.compile(r'^```\{code-cell\}[^\n]*\n(?:(?::[^\n]*\n)+\n)?', re.M)
PLACEHOLDER = re.compile(r'\{([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\}')


def inputs_of(text: str) -> list[Path]:
    """The files a lesson page depends on besides its own source."""
    package = sorted(p for p in (ROOT / 'course').rglob('*')
                     if p.is_file() and p.suffix in ('.py', '.js', '.css') and '__pycache__' not in p.parts)
    banks = [ROOT / 'quiz' / f'{name}.yml' for name in sorted(set(QUIZ_CALL.findall(text)))]
    figures = [ROOT / 'figures' / name for name in sorted(set(FIGURE_RUN.findall(text)))]
    return [p for p in package + banks + figures if p.is_file()]


def digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(str(path.relative_to(ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def with_digest(text: str, value: str) -> str:
    """``text`` with ``# course inputs: <value>`` as the first line of its first code cell."""
    match = FIRST_CELL.search(text)
    if match is None:
        return text
    return text[:match.end()] + f'# course inputs: {value}\n' + text[match.end():]


def source_read(app, docname, source):
    if not docname.startswith('lessons/'):
        return
    paths = inputs_of(source[0])
    for path in paths:
        app.env.note_dependency(str(path))
    source[0] = with_digest(source[0], digest(paths))


def glued_texts(app, docname) -> dict[str, str]:
    path = Path(app.outdir).parent / 'jupyter_execute' / f'{docname}.glue.json'
    if not path.is_file():
        return {}
    out = {}
    for name, item in json.loads(path.read_text(encoding='utf-8')).items():
        plain = next((v for k, v in item.get('data', {}).items() if k.endswith('text/plain')), None)
        try:
            value = ast.literal_eval(''.join(plain) if isinstance(plain, list) else plain or '')
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, str):
            out[name] = value
    return out


def fill_alt_text(app, doctree):
    """``{name}`` in figures' alt text and captions -> the value the page glued."""
    images = [n for n in doctree.findall(nodes.image) if PLACEHOLDER.search(n.get('alt', ''))]
    texts = [t for c in doctree.findall(nodes.caption) for t in c.findall(nodes.Text)
             if PLACEHOLDER.search(t.astext())]
    if not images and not texts:
        return
    values = glued_texts(app, app.env.docname)

    def fill(text):
        missing = sorted(set(PLACEHOLDER.findall(text)) - set(values))
        if missing:
            raise ValueError(f'{app.env.docname}: a figure names {missing}, which the page does not glue')
        return PLACEHOLDER.sub(lambda m: values[m.group(1)], text)
    for node in images:
        node['alt'] = fill(node['alt'])
    for text in texts:
        text.parent.replace(text, nodes.Text(fill(text.astext())))


def setup(app):
    app.connect('source-read', source_read)
    app.connect('doctree-read', fill_alt_text)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
