"""Site-wide fixes: what every page loads, and the interface in Portuguese.

What a page downloads (budget in ``budget.yml``; the choices and their measures are in the
README, "Desempenho"):

- **Formulas** are rendered to HTML + MathML at build time by ``sphinxcontrib.katex``
  (``katex_prerender``), with the ``katex`` package from npm. Pages ship KaTeX's stylesheet and
  the few fonts a page uses, no math script. Quiz formulas, which ``course/quiz.py`` writes as
  ``<span class="cq-math" data-tex=...>`` (plain text until a math script typesets them), are
  rendered here too, in the page and in the quiz's JSON (feedback is shown by script).
- **Icons**: the theme loads Font Awesome's all-icons script (1,5 MB), which turns each
  ``<i class="fa-...">`` into an SVG, although its stylesheet can draw the same icons with Font
  Awesome's fonts (≈ 280 kB). The script is not loaded, and the fonts are cut down to the glyphs
  the site uses (the ``fa-*`` classes in the pages, the theme's own CSS icons): a few kB.
- **Head**: the ~13 stylesheets become one (``_static/site.css``), the head's scripts are
  deferred; the theme's inline-search scripts (``searchindex.js``…) are loaded only by the
  search page, where the search field sends the student.
- **Explorables and quizzes** inline their CSS and JS in every output (so that a notebook works
  alone in Colab); on the site those become cached files of ``_static/course/``.
- **Figures** become lossless WebP with their size, loaded lazily.
- The **slides** of the metrics lesson (reveal.js and its figures) load when the student asks
  for them: the lesson's ``<iframe class="slides-embed">`` becomes a button that creates it.

Interface in Portuguese: the theme and its extensions leave some names in English even with
``language: pt_BR`` (``UI_PORTUGUESE`` and ``STATIC_PORTUGUESE`` below); each page gets its
``<meta name="description">`` from ``page_descriptions.yml``. sphinx-thebe writes its
configuration script twice (a duplicated ``const`` that throws in the browser console) and
points it at a CDN; live code is not used, so those scripts are dropped.
"""
from __future__ import annotations

import hashlib
import html as html_lib
import json
import posixpath
import re
import shutil
import tempfile
import unicodedata
from pathlib import Path

import yaml
from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NODE_MODULES = ROOT / 'node_modules'
KATEX_DIST = NODE_MODULES / 'katex' / 'dist'
DESCRIPTIONS = HERE / 'page_descriptions.yml'
NPM_HINT = 'rode "npm ci" na pasta do curso (veja o README, "Os dois comandos")'

# ----------------------------------------------------------------------------- interface words

# English the theme and its extensions write -> what the reader sees (or hears) instead.
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
    'aria-label="Site navigation"': 'aria-label="Navegação do site"',
    'aria-label="On this page"': 'aria-label="Nesta página"',
    'aria-label="Page"': 'aria-label="Nesta página"',
    'aria-label="Main"': 'aria-label="Aulas e labs"',
    'aria-label="Version warning"': 'aria-label="Aviso de versão"',
    'title="Toggle primary sidebar"': 'title="Mostrar ou esconder a navegação"',
    'aria-label="Toggle primary sidebar"': 'aria-label="Mostrar ou esconder a navegação"',
    'data-bs-title="Toggle primary sidebar"': 'data-bs-title="Mostrar ou esconder a navegação"',
    'title="Toggle secondary sidebar"': 'title="Mostrar ou esconder o sumário da página"',
    'aria-label="Toggle secondary sidebar"': 'aria-label="Mostrar ou esconder o sumário da página"',
    'data-bs-title="Toggle secondary sidebar"':
        'data-bs-title="Mostrar ou esconder o sumário da página"',
    # the Colab button says "Colab" next to the logo: the logo is decoration
    'alt="Colab logo"': 'alt=""',
    # myst-nb's "Mostrar o código" toggles: the visible words are the name (an aria-label in
    # English that differs from them is what axe calls label-content-name-mismatch)
    '<summary aria-label="Toggle hidden content">': '<summary>',
    # sphinxcontrib-katex's equation permalink (Sphinx's own catalogue has no such message)
    'title="Permalink to this equation"': 'title="Link para esta equação"',
}

# The search field shows its name and its shortcut ("Buscar Ctrl + K"); an aria-label of
# "Buscar" alone hides the shortcut's words from the name (axe: label-content-name-mismatch), so
# the button is named by what it shows.
SEARCH_BUTTON = re.compile(r'(<button class="btn search-button-field search-button__button[^"]*"'
                           r' title="Buscar") aria-label="Buscar"')

# Scripts of the extensions, in _static: English strings they write into the page.
STATIC_PORTUGUESE = {
    'copybutton.js': [
        ("const messages = {\n",
         "const messages = {\n  'pt-BR': {'copy': 'Copiar', 'copy_to_clipboard': 'Copiar o código',"
         " 'copy_success': 'Copiado!', 'copy_failure': 'Não foi possível copiar'},\n"),
        ('<button class="copybtn o-tooltip--left" data-tooltip=',
         '<button class="copybtn o-tooltip--left" aria-label="${messages[locale][\'copy_to_clipboard\']}"'
         ' data-tooltip='),
    ],
    'togglebutton.js': [
        ('aria-label="Toggle hidden content"', 'aria-label="Mostrar ou esconder o conteúdo"'),
    ],
}

# Scripts of sphinx-thebe: live code is not used by this course.
THEBE_LINE = re.compile(r'^\s*<script[^>]*>const THEBE_JS_URL.*?</script>\s*\n'
                        r'|^\s*<script[^>]*sphinx-thebe\.js[^>]*></script>\s*\n'
                        r'|^\s*<link[^>]*sphinx-thebe\.css[^>]*/>\s*\n', re.M)
THEBE_CONFIG = re.compile(r'\s*<script type="text/x-thebe-config">.*?</script>', re.S)

# ----------------------------------------------------------------------------- quiz formulas

QUIZ_MATH = re.compile(r'<span class="cq-math" data-tex="([^"]*)">(.*?)</span>', re.S)
QUIZ_DATA = re.compile(r'(<script type="application/json" class="cq-data">)(.*?)(</script>)', re.S)


def _katex(tex: str, display: bool = False) -> str:
    from sphinxcontrib.katex import render_latex
    return render_latex(tex, {'displayMode': display, 'throwOnError': True})


def _render_quiz_span(match) -> str:
    tex = html_lib.unescape(match.group(1))
    inner = tex[2:-2] if tex.startswith('\\(') and tex.endswith('\\)') else tex
    return (f'<span class="cq-math" data-tex="{match.group(1)}" data-cq-typeset="katex">'
            f'{_katex(inner)}</span>')


def _render_quiz_json(value):
    if isinstance(value, str):
        return QUIZ_MATH.sub(_render_quiz_span, value)
    if isinstance(value, list):
        return [_render_quiz_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _render_quiz_json(v) for k, v in value.items()}
    return value


def _quiz_data(match) -> str:
    data = json.loads(match.group(2).replace('<\\/', '</'))
    payload = json.dumps(_render_quiz_json(data), ensure_ascii=False).replace('</', '<\\/')
    return match.group(1) + payload + match.group(3)


def katex_html(tex: str, display: bool = False) -> str:
    """A formula as KaTeX's HTML + MathML (accented letters whole in the MathML)."""
    return compose_mathml_accents(_katex(tex, display))


def render_quiz_math(text: str) -> str:
    text = QUIZ_DATA.sub(_quiz_data, text)
    return QUIZ_MATH.sub(_render_quiz_span, text)

# KaTeX's fonts have no accented letters: \text{revocação} is drawn as "c" with a cedilla over
# it, and KaTeX's MathML (what a screen reader reads) says the same, "revocac¸a˜o". The MathML
# gets the letters back ("revocação"), as MathJax wrote them.
SPACING_ACCENTS = {'ˊ': '\u0301', 'ˋ': '\u0300', '˜': '\u0303', '¸': '\u0327', 'ˆ': '\u0302',
                   '¨': '\u0308', '´': '\u0301', '`': '\u0300', '~': '\u0303', '^': '\u0302'}
MATHML_ACCENT = re.compile(r'<mover accent=(\\?")true\1><mtext>(\w)</mtext><mo>(.)</mo></mover>')
MATHML_TEXT_RUN = re.compile(r'</mtext><mtext>')


def compose_mathml_accents(html: str) -> str:
    def compose(match):
        quote, letter, accent = match.groups()
        if accent not in SPACING_ACCENTS:
            return match.group(0)
        return f'<mtext>{unicodedata.normalize("NFC", letter + SPACING_ACCENTS[accent])}</mtext>'
    html = MATHML_ACCENT.sub(compose, html)
    return MATHML_TEXT_RUN.sub('', html)


# ----------------------------------------------------------------------------- shared assets

# Explorables and quizzes inline their stylesheet and script in every output, so that a
# notebook works alone in Jupyter and Colab. On the site the same files would be downloaded
# again with every page (≈ 35 kB a page): they become files in _static, cached once. The page
# gets the current files of course/static (an output cached by jupyter-cache may hold older
# copies).
COURSE_STATIC = ROOT / 'course' / 'static'
# course/runtime.py marks each inlined file: <script data-course-asset="numbers.js">...</script>
INLINE_ASSET = re.compile(r'<(style|script) data-course-asset="([\w.-]+)">.*?</\1>\n?', re.S)
COURSE_FILES = ['explorables.css', 'explorables.js', 'numbers.js', 'answers.js', 'quiz.css', 'quiz.js']


def share_assets(html: str, static_prefix: str) -> str:
    """Inline copies of course/static/* -> nothing (styles: they are in _static/site.css) or, the
    first time a script appears on the page, ``<script src="<static_prefix>course/<file>">``."""
    seen = set()

    def shared(match):
        tag, name = match.groups()
        if tag == 'style' or name in seen:
            return ''
        seen.add(name)
        return f'<script src="{static_prefix}course/{name}"></script>'
    return INLINE_ASSET.sub(shared, html)


def _copy_course_static(outdir: Path):
    target = outdir / '_static' / 'course'
    target.mkdir(parents=True, exist_ok=True)
    for name in COURSE_FILES:
        shutil.copy(COURSE_STATIC / name, target / name)

# ----------------------------------------------------------------------------- head

# A page's head links about 13 stylesheets and 9 scripts that block the first paint: on a phone
# (slow 4G, 150 ms a round trip) that is several round trips before any text shows. The
# stylesheets become one file (``_static/site.css``, in the same order, so the same cascade) and
# the scripts are deferred (they run, in order, once the page is parsed; their inline helpers
# still find what they need: documentation_options.js is inlined).
BUNDLE = 'site.css'
THEME_STYLESHEETS = ['styles/theme.css', 'styles/pydata-sphinx-theme.css']   # pydata's webpack macro
HEAD = re.compile(r'<head>.*?</head>', re.S)
STYLESHEET = re.compile(r'\s*<link (?=[^>]*rel="stylesheet")[^>]*href="([^"]+)"[^>]*/?>')
SCRIPT_SRC = re.compile(r'<script (?![^>]*\b(?:defer|async)\b)([^>]*)src="([^"]+)"([^>]*)></script>')
CSS_URL = re.compile(r'url\((["\']?)(?!data:|https?:|/|#)([^)"\']+)\1\)')
CSS_IMPORT = re.compile(r'@import (?:url\()?["\']([^"\']+)["\']\)?;')


def _static_path(href: str, page_dir: Path, outdir: Path) -> str | None:
    """``../_static/x.css?v=1`` on ``page_dir`` -> ``x.css`` (relative to _static), or None."""
    target = (page_dir / href.split('?')[0]).resolve()
    try:
        return target.relative_to((outdir / '_static').resolve()).as_posix()
    except ValueError:
        return None


def _css_text(static: Path, name: str) -> str:
    """A stylesheet with its @imports inlined and its url()s made relative to _static."""
    text = (static / name).read_text(encoding='utf-8')
    folder = posixpath.dirname(name)

    def rebase(match):
        return f'url({match.group(1)}{posixpath.normpath(posixpath.join(folder, match.group(2)))}' \
               f'{match.group(1)})'
    text = CSS_URL.sub(rebase, text)
    text = CSS_IMPORT.sub(lambda m: _css_text(static, posixpath.normpath(
        posixpath.join(folder, m.group(1)))), text)
    return text.replace('@charset "UTF-8";', '')


def unused_icon_rules(css: str, used: set) -> str:
    """Font Awesome's rules for icons no page uses (≈ 90 kB of the theme's stylesheet)."""
    def keep(match):
        names = re.findall(r'\.(fa-[a-z0-9-]+):before', match.group(1))
        if names and not any(n in used for n in names):
            return ''
        return match.group(0)
    return CSS_CONTENT.sub(keep, css)


def bundle_order(app) -> list:
    """The site-wide stylesheets in the order a page links them (relative to _static): the
    theme's two, Sphinx's list (by priority), then the explorables' and quizzes'."""
    builder = app.builder
    assets = sorted(getattr(builder, '_orig_css_files', None) or builder._css_files,
                    key=lambda css: css.priority)
    names = [css.filename.removeprefix('_static/') for css in assets
             if '://' not in css.filename and 'thebe' not in css.filename]   # thebe: not used
    return THEME_STYLESHEETS + names + [f'course/{name}' for name in COURSE_FILES
                                        if name.endswith('.css')]


def write_bundle(outdir: Path, order: list, used_icons: set) -> tuple:
    """Write _static/site.css; return its version (a hash) and the files it holds."""
    static = outdir / '_static'
    missing = [name for name in order if not (static / name).is_file()]
    if missing:
        raise ExtensionError(f'folhas de estilo que o site.css deveria juntar e não existem: {missing}')
    parts = [f'/* {name} */\n' + _css_text(static, name) for name in order]
    css = '@charset "UTF-8";\n' + unused_icon_rules('\n'.join(parts), used_icons)
    (static / BUNDLE).write_text(css, encoding='utf-8')
    return hashlib.sha1(css.encode('utf-8')).hexdigest()[:8], set(order)


def rewrite_head(html: str, page: Path, outdir: Path, bundle: tuple) -> str:
    version, bundled = bundle
    head = HEAD.search(html)
    if not head:
        return html
    text = head.group(0)
    prefix = '../' * (len(page.relative_to(outdir).parts) - 1) + '_static/'
    link = f'<link rel="stylesheet" type="text/css" href="{prefix}{BUNDLE}?v={version}" />'
    placed = [False]

    def one_bundle(match):
        name = _static_path(match.group(1), page.parent, outdir)
        if name not in bundled and name != BUNDLE:
            return match.group(0)
        if placed[0]:
            return ''
        placed[0] = True
        return '\n    ' + link
    text = STYLESHEET.sub(one_bundle, text)

    def defer(match):
        name = _static_path(match.group(2), page.parent, outdir)
        if name == 'documentation_options.js':
            return '<script>' + (outdir / '_static' / name).read_text(encoding='utf-8') + '</script>'
        return f'<script defer {match.group(1)}src="{match.group(2)}"{match.group(3)}></script>'
    text = SCRIPT_SRC.sub(defer, text)
    return html[:head.start()] + text + html[head.end():]


# ----------------------------------------------------------------------------- figures


IMAGE = re.compile(r'<img (?![^>]*\bloading=)([^>]*?)src="((?:\.\./)*_images/[^"]+?)\.(png|webp)"([^>]*?)\s*/?>')


def webp_figures(html: str, page: Path) -> str:
    """The figures as lossless WebP (the same pixels, ≈ 60 % fewer bytes than matplotlib's PNG;
    the PNG stays next to it), with their size (no layout shift while they load) and loaded
    when the reader gets near them."""
    from PIL import Image

    def convert(match):
        before, src, ext, after = match.groups()
        png = (page.parent / (src + '.png')).resolve()
        webp = png.with_suffix('.webp')
        if not png.is_file():
            return match.group(0)
        if not webp.is_file() or webp.stat().st_mtime < png.stat().st_mtime:
            with Image.open(png) as image:
                image.save(webp, format='WEBP', lossless=True, quality=100, method=4)   # method 6: 13x slower, 0,3 % smaller
        with Image.open(webp) as image:
            width, height = image.size
        return (f'<img {before}src="{src}.webp"{after} width="{width}" height="{height}" '
                f'loading="lazy" decoding="async" />')
    return IMAGE.sub(convert, html)


# A display formula wider than the column scrolls sideways in its box (_static/course.css);
# a keyboard user scrolls it once it has the focus, so such a box joins the tab order (as the
# theme does for wide code cells), and only while it is too wide (measured again when a Preveja
# shows its answer: a hidden formula has no width).
WIDE_FORMULAS = ('<script>(function () { function mark() {'
                 ' document.querySelectorAll("div.math").forEach(function (m) {'
                 ' if (m.scrollWidth > m.clientWidth + 1) { m.tabIndex = 0; }'
                 ' else { m.removeAttribute("tabindex"); } }); }'
                 ' mark(); addEventListener("load", mark); addEventListener("resize", mark);'
                 ' addEventListener("curso:revelado", mark);'   # an answer a Preveja was hiding
                 ' })();</script>')

# ----------------------------------------------------------------------------- the page


def rewrite(html: str, page: Path | None = None, static_prefix: str = '_static/') -> str:
    """The built page as the reader should get it (idempotent: safe on an already fixed page).
    ``page`` is the file (to find its figures), ``static_prefix`` the way from it to _static."""
    html = THEBE_LINE.sub('', html)
    html = THEBE_CONFIG.sub('', html)
    for english, portuguese in UI_PORTUGUESE.items():
        html = html.replace(english, portuguese)
    html = SEARCH_BUTTON.sub(r'\1', html)
    if 'cq-math' in html:
        html = render_quiz_math(html)
    html = compose_mathml_accents(html)
    html = share_assets(html, static_prefix)
    if 'class="katex-display"' in html and WIDE_FORMULAS not in html:
        html = html.replace('</body>', WIDE_FORMULAS + '\n</body>', 1)
    if page is not None:
        html = webp_figures(html, page)
    return html


def _patch_static(outdir: Path):
    for name, replacements in STATIC_PORTUGUESE.items():
        path = outdir / '_static' / name
        if not path.is_file():
            continue
        text = original = path.read_text(encoding='utf-8')
        for english, portuguese in replacements:
            if portuguese not in text:
                text = text.replace(english, portuguese)
        if text != original:
            path.write_text(text, encoding='utf-8')


def _build_finished(app, exception):
    try:
        if exception is not None or app.builder.format != 'html':
            return
        outdir = Path(app.outdir)
        pages = [page for page in outdir.rglob('*.html')
                 # the decks are written by _ext/slides.py, not by the theme
                 if not (page.parent.name == 'slides' and page.parent.parent == outdir)]
        for page in pages:
            text = page.read_text(encoding='utf-8')
            prefix = '../' * (len(page.relative_to(outdir).parts) - 1) + '_static/'
            new = rewrite(text, page, prefix)
            if new != text:
                page.write_text(new, encoding='utf-8')
        _patch_static(outdir)
        _copy_course_static(outdir)
        icons = icon_codepoints(outdir)
        subset_icon_fonts(outdir, set(icons.values()))
        bundle = write_bundle(outdir, bundle_order(app), set(icons))
        for page in pages:
            text = page.read_text(encoding='utf-8')
            new = rewrite_head(text, page, outdir, bundle)
            if new != text:
                page.write_text(new, encoding='utf-8')
    finally:
        generated = getattr(app, '_course_static', None)
        if generated:
            shutil.rmtree(generated, ignore_errors=True)


# ----------------------------------------------------------------------------- assets


THEME_CSS = 'styles/pydata-sphinx-theme.css'
ICON_FONTS = 'vendor/fontawesome/webfonts'
CSS_CONTENT = re.compile(r'([^{}]+)\{content:"([^"]+)"\}')
CSS_ICON_VARIABLE = re.compile(r'--pst-icon-[a-z-]+:"([^"]+)"')


def _css_string(value: str) -> str:
    return re.sub(r'\\([0-9a-fA-F]{1,6}) ?', lambda m: chr(int(m.group(1), 16)), value)


def icon_codepoints(outdir: Path) -> dict:
    """The icon glyphs the site uses: each ``fa-*`` class in the built pages, and every icon the
    theme's stylesheet draws by itself (admonitions, download links...). class -> codepoint."""
    css = (outdir / '_static' / THEME_CSS).read_text(encoding='utf-8')
    glyph_of = {}
    for selectors, content in CSS_CONTENT.findall(css):
        for name in re.findall(r'\.(fa-[a-z0-9-]+):before', selectors):
            glyph_of[name] = _css_string(content)
    used = {}
    for page in outdir.rglob('*.html'):
        for cls in re.findall(r'class="([^"]*)"', page.read_text(encoding='utf-8')):
            for name in cls.split():
                if name in glyph_of and len(glyph_of[name]) == 1:
                    used[name] = ord(glyph_of[name])
    for k, content in enumerate(CSS_ICON_VARIABLE.findall(css)):
        if len(_css_string(content)) == 1:
            used[f'--pst-icon-{k}'] = ord(_css_string(content))
    return used


def subset_icon_fonts(outdir: Path, wanted: set) -> None:
    """Font Awesome's fonts (≈ 280 kB) cut to the glyphs the site uses (a few kB), from the
    theme's own copies, so every icon looks as the theme draws it, with no icon script."""
    import pydata_sphinx_theme
    from fontTools import subset
    source = (Path(pydata_sphinx_theme.__file__).parent / 'theme' / 'pydata_sphinx_theme'
              / 'static' / ICON_FONTS)
    for font_file in sorted(source.glob('*.woff2')):
        options = subset.Options()
        options.flavor = 'woff2'
        options.notdef_outline = True
        font = subset.load_font(str(font_file), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted & set(font.getBestCmap()))
        subsetter.subset(font)
        subset.save_font(font, str(outdir / '_static' / ICON_FONTS / font_file.name), options)


def _generated_static(app, config):
    """KaTeX's stylesheet and fonts, into a folder that Sphinx copies to _static."""
    if not (KATEX_DIST / 'katex.min.js').is_file():
        raise ExtensionError(f'o pacote katex não está em node_modules: {NPM_HINT}')
    folder = Path(tempfile.mkdtemp(prefix='course-static-'))
    app._course_static = folder
    katex_dir = folder / 'vendor' / 'katex'
    (katex_dir / 'fonts').mkdir(parents=True)
    css = (KATEX_DIST / 'katex.min.css').read_text(encoding='utf-8')
    # every browser the course targets reads woff2: the woff/ttf copies are not shipped
    css = re.sub(r',url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)', '', css)
    (katex_dir / 'katex.min.css').write_text(css, encoding='utf-8')
    for font in (KATEX_DIST / 'fonts').glob('*.woff2'):
        shutil.copy(font, katex_dir / 'fonts' / font.name)
    shutil.copy(NODE_MODULES / 'katex' / 'LICENSE', katex_dir / 'LICENSE')
    config.html_static_path = list(config.html_static_path) + [str(folder)]
    config.katex_js_path = str(KATEX_DIST / 'katex.min.js')
    config.katex_css_path = 'vendor/katex/katex.min.css'


# Jupyter Book 1 adds every .js and .css found under _static to every page. Our _static also
# holds files that only some pages need (reveal.js and the slide scripts, loaded by the decks):
# keep only these.
PAGE_CSS = ['course.css']
PAGE_JS = []


def _site_config(app, config):
    config.html_css_files = list(PAGE_CSS)
    config.html_js_files = list(PAGE_JS)
    # One search field: the one in the sidebar (the theme would also put one in a top bar).
    config.html_theme_options = dict(config.html_theme_options, navbar_persistent=[])
    config.templates_path = list(config.templates_path) + [str(HERE / 'templates')]
    _generated_static(app, config)


def _drop_lines(markup, *needles):
    """Template filter: ``markup`` without the lines that contain any of ``needles``."""
    from markupsafe import Markup
    kept = [line for line in str(markup).split('\n') if not any(n in line for n in needles)]
    return Markup('\n'.join(kept))


def _template_filters(app):
    if hasattr(app.builder, 'templates'):
        app.builder.templates.environment.filters['drop_lines'] = _drop_lines

# ----------------------------------------------------------------------------- descriptions


def _descriptions() -> dict:
    return yaml.safe_load(DESCRIPTIONS.read_text(encoding='utf-8')) or {}


def _page_context(app, pagename, templatename, context, doctree):
    if doctree is None:       # genindex, search: pages of the machinery, not of the course
        description = _descriptions().get('intro', '')
    else:
        description = _descriptions().get(pagename)
        if not description:
            logger.warning('a página %s não tem descrição: acrescente-a a '
                           '_ext/page_descriptions.yml', pagename)
            return
    meta = f'<meta name="description" content="{html_lib.escape(description.strip())}" />\n'
    context['metatags'] = context.get('metatags', '') + meta

# ----------------------------------------------------------------------------- slides


SLIDES_IFRAME = re.compile(r'<iframe class="slides-embed" src="([^"]+)" title="([^"]+)"[^>]*>'
                           r'\s*</iframe>')
SLIDES_LOADER = (
    '<script>document.querySelectorAll(".slides-poster button").forEach(function (b) {'
    'b.addEventListener("click", function () {var box = b.closest(".slides-poster");'
    'var f = document.createElement("iframe"); f.className = "slides-embed";'
    'f.src = box.dataset.src; f.title = box.dataset.title; f.allowFullscreen = true;'
    'box.replaceWith(f); f.focus();});});</script>')


def slides_poster(match) -> str:
    src, title = match.group(1), match.group(2)
    return (f'<div class="slides-embed slides-poster" data-src="{src}" data-title="{title}">'
            f'<p class="slides-poster-title">{title}</p>'
            f'<button type="button" class="slides-load">Mostrar os slides aqui</button>'
            f'<p class="slides-poster-note">Os slides só são baixados quando você pedir.</p>'
            f'</div>' + SLIDES_LOADER)


class LazySlides(SphinxTransform):
    """``<iframe class="slides-embed">`` -> a poster with a button that loads the deck."""
    default_priority = 500

    def apply(self, **kwargs):
        for node in self.document.findall(nodes.raw):
            if 'html' in node.get('format', '').split() and 'class="slides-embed"' in node.astext():
                new = SLIDES_IFRAME.sub(slides_poster, node.astext())
                node.replace_self(nodes.raw(new, new, format='html'))

# ----------------------------------------------------------------------------- KaTeX server


def _start_katex_server(cls, rundir, timeout):
    """sphinxcontrib.katex's start of its Node render server, without its race: it connects as
    soon as the socket file exists, before the server listens, and the build fails with
    ConnectionRefusedError now and then on a busy machine. Here the connection is retried."""
    import socket
    import subprocess
    import time
    socket_path = rundir / 'katex.sock'
    process = subprocess.Popen(cls.build_command(socket=socket_path), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, cwd=rundir)
    deadline = time.monotonic() + max(timeout, 30.0)
    while True:
        if socket_path.is_socket():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(str(socket_path))
                return process, sock
            except (ConnectionRefusedError, FileNotFoundError):
                sock.close()
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise ExtensionError('o servidor do KaTeX (Node) não respondeu; confira "node '
                                 f'--version" e {NPM_HINT}')
        time.sleep(0.01)


def _patch_katex_server():
    from sphinxcontrib import katex
    katex.KaTeXServer.start_server_process = classmethod(_start_katex_server)


# ----------------------------------------------------------------------------- setup


def setup(app):
    _patch_katex_server()
    app.connect('config-inited', _site_config)
    app.connect('builder-inited', _template_filters)
    app.connect('html-page-context', _page_context)
    # after the theme's own build-finished (pydata-sphinx-theme rewrites pygments.css then)
    app.connect('build-finished', _build_finished, priority=900)
    app.add_transform(LazySlides)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
