"""Site-wide fixes: which assets every page loads, and the built HTML's interface words.

The theme leaves a few interface words in English even with ``language: pt_BR``, and
sphinx-thebe writes its configuration script twice (a duplicated ``const`` that throws in
the browser console) and points it at a CDN. We do not use live code (thebe), so those
scripts are dropped, and the remaining English words are translated here, in one table.
"""
from __future__ import annotations

import re
from pathlib import Path

# English text the theme writes -> what the reader sees instead.
UI_PORTUGUESE = {
    'placeholder="Search this book..."': 'placeholder="Buscar no curso..."',
    'aria-label="Search this book..."': 'aria-label="Buscar no curso..."',
    'aria-label="Launch interactive content"': 'aria-label="Abrir em ambiente interativo"',
    'title="Launch on Colab"': 'title="Abrir no Colab"',
    'aria-label="Color mode"': 'aria-label="Modo de cor"',
    'data-bs-title="Color mode"': 'data-bs-title="Modo de cor"',
    'title="Light"': 'title="Claro"',
    'title="Dark"': 'title="Escuro"',
    'title="System Settings"': 'title="Do sistema"',
    'title="previous page"': 'title="página anterior"',
    'title="next page"': 'title="próxima página"',
    '</i>Back to top</button>': '</i>Voltar ao topo</button>',
    '>Skip to main content<': '>Pular para o conteúdo principal<',
}

# Scripts of sphinx-thebe: live code is not used by this course.
THEBE_LINE = re.compile(r'^\s*<script[^>]*>const THEBE_JS_URL.*?</script>\s*\n'
                        r'|^\s*<script[^>]*sphinx-thebe\.js[^>]*></script>\s*\n'
                        r'|^\s*<link[^>]*sphinx-thebe\.css[^>]*/>\s*\n', re.M)
THEBE_CONFIG = re.compile(r'\s*<script type="text/x-thebe-config">.*?</script>', re.S)


def rewrite(html: str) -> str:
    html = THEBE_LINE.sub('', html)
    html = THEBE_CONFIG.sub('', html)
    for english, portuguese in UI_PORTUGUESE.items():
        html = html.replace(english, portuguese)
    return html


def _build_finished(app, exception):
    if exception is not None or app.builder.format != 'html':
        return
    for page in Path(app.outdir).rglob('*.html'):
        text = page.read_text(encoding='utf-8')
        new = rewrite(text)
        if new != text:
            page.write_text(new, encoding='utf-8')


# Jupyter Book 1 adds every .js and .css found under _static to every page. Our _static also
# holds files that only some pages need (the vendored MathJax, loaded by Sphinx itself through
# ``mathjax_path``; reveal.js and the slide scripts, loaded by the decks): keep only these.
PAGE_CSS = ['course.css']
PAGE_JS = []


def _only_site_wide_assets(app, config):
    config.html_css_files = list(PAGE_CSS)
    config.html_js_files = list(PAGE_JS)


def setup(app):
    app.connect('config-inited', _only_site_wide_assets)
    app.connect('build-finished', _build_finished)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
