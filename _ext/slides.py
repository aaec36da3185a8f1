"""Build the reveal.js slide decks of ``slides/*.md`` into ``<html>/slides/``.

A deck is Markdown for reveal.js's markdown plugin (``---`` between slides, a
``<!-- .slide: data-stage="N" -->`` comment for the stage band), with Jinja placeholders
``{{ name }}`` for numbers (from ``course.slide_numbers``) and ``![alt](fig:<script>)`` for a
figure: the script ``figures/<script>.py`` runs at every build and its PNG goes next to the
deck, so a changed script changes the slide. Display formulas (``$$...$$``) are written by KaTeX
at build time, as on the lessons' pages, so a deck loads no math script; reveal.js and KaTeX's
stylesheet are served by the site. A deck is a page of its own (on a phone, the way to see it full
screen): its "Voltar à aula" goes to the lesson that embeds it (``lessons_of``). A deck's line on
how to move by the keys (``KEYS_HELP``) says, on a touch screen, how to move by touch.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import yaml

FIGURE = re.compile(r'\]\(fig:([\w-]+)\)')
# A deck's line on how to move ("Use ← → para navegar · F tela cheia · Esc todos os slides"): on a
# touch screen it says how by touch instead (the two spans, picked by the pointer, _static/slides.css)
KEYS_HELP = re.compile(r'^(Use ← →[^\n]*Esc[^\n]*)$', re.M)
TOUCH_HELP = 'Deslize para o lado para mudar de slide · toque em ← → embaixo'
DISPLAY_MATH = re.compile(r'\$\$(.+?)\$\$', re.S)
EMBEDDED = re.compile(r'<iframe class="slides-embed" src="\.\./slides/([\w-]+)\.html"')


def _formula(match):
    from formulas import katex_html
    # the deck's Markdown sits in a <textarea>, whose text is read with "&amp;" decoded once
    return katex_html(match.group(1), display=True).replace('&', '&amp;')


def _front_matter(text):
    _, header, body = text.split('---\n', 2)
    return yaml.safe_load(header), body


def _render_figures(names, root, target):
    target.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, FIGURE_DIR=str(target), MPLBACKEND='Agg')
    for name in sorted(names):
        script = root / 'figures' / f'{name}.py'
        subprocess.run([sys.executable, str(script)], cwd=root, env=env, check=True,
                       capture_output=True, text=True)


def lessons_of(root: Path) -> dict:
    """deck -> the lesson that shows it (its page's address from ``slides/``): the deck's "Voltar
    à aula" goes there."""
    found = {}
    for lesson in sorted((root / 'lessons').glob('*.md')):
        for deck in EMBEDDED.findall(lesson.read_text(encoding='utf-8')):
            found.setdefault(deck, f'../lessons/{lesson.stem}.html')
    return found


def render_decks(root: Path, out: Path):
    """Write ``out/<deck>.html`` and ``out/figures/*.png`` for every ``slides/*.md``."""
    sys.path.insert(0, str(root))
    from course.slide_numbers import numbers
    values = numbers()
    template = jinja2.Template((root / 'slides' / '_deck.html').read_text(encoding='utf-8'))
    env = jinja2.Environment(undefined=jinja2.StrictUndefined)
    env.filters['tex'] = lambda value: str(value).replace(',', '{,}')  # 0,750 inside $$...$$
    lessons = lessons_of(root)
    for source in sorted((root / 'slides').glob('[!_]*.md')):
        meta, body = _front_matter(source.read_text(encoding='utf-8'))
        body = env.from_string(body).render(**values)
        body = KEYS_HELP.sub(lambda m: f'<span class="by-keys">{m.group(1)}</span>'
                                       f'<span class="by-touch">{TOUCH_HELP}</span>', body)
        body = DISPLAY_MATH.sub(_formula, body)
        _render_figures(set(FIGURE.findall(body)), root, out / 'figures')
        body = FIGURE.sub(r'](figures/\1.png)', body)
        html = template.render(body=body, static='../_static', lesson=lessons.get(source.stem), **meta)
        (out / f'{source.stem}.html').write_text(html, encoding='utf-8')


def inputs_key(root: Path) -> str:
    """A hash of everything a deck is made from: the decks and their template, the figure scripts,
    the course package (numbers, figure style, palette), this module and the formulas' renderer, and
    which lesson page embeds each deck. The same key as the last build's: nothing to redo."""
    import hashlib
    digest = hashlib.sha256()
    files = [*sorted((root / 'slides').glob('*')), *sorted((root / 'figures').glob('*.py')),
             *sorted((root / 'course').rglob('*.py')), root / '_ext' / 'slides.py', root / '_ext' / 'formulas.py']
    for path in files:
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode() + b'\0' + path.read_bytes() + b'\0')
    digest.update(repr(sorted(lessons_of(root).items())).encode())    # of the lessons, only which page shows which deck
    return digest.hexdigest()[:16]


KEY_FILE = '.decks-key'


def build_decks(app, exception):
    """Build the decks at the end of a build, only when one of their inputs changed (running every
    figure script again took most of a no-change rebuild)."""
    root = Path(app.srcdir)
    if exception is not None or app.builder.format != 'html' or not (root / 'slides').is_dir():
        return
    out = Path(app.outdir) / 'slides'
    key = inputs_key(root)
    decks = [out / f'{source.stem}.html' for source in (root / 'slides').glob('[!_]*.md')]
    marker = out / KEY_FILE
    if marker.is_file() and marker.read_text() == key and all(d.is_file() for d in decks):
        return
    render_decks(root, out)
    marker.write_text(key)


# The decks' own files (_static/): Jupyter Book would put them on every page (_ext/page_assets.py).
ASSETS = ['slides.js', 'slides.css']


def _only_where_needed(app, config):
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, ASSETS)


def setup(app):
    app.setup_extension('page_assets')
    app.setup_extension('formulas')
    app.connect('config-inited', _only_where_needed)
    app.connect('build-finished', build_decks)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
