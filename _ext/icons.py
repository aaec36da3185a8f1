"""Icons from the theme's own Font Awesome fonts, cut down to the glyphs the site uses.

The theme loads Font Awesome's all-icons script (1,5 MB), which turns each ``<i class="fa-...">``
into an SVG, although its stylesheet draws the same icons with Font Awesome's fonts (≈ 280 kB).
The script is not loaded (``page_head``'s ``layout.html``), and when the build is done:

- the fonts in ``_static/vendor/fontawesome/webfonts/`` are cut to the glyphs the site uses: the
  ``fa-*`` classes in the built pages and every icon the theme's stylesheet draws by itself
  (admonitions, download links...), from the theme's own copies, so every icon looks as the theme
  draws it (a few kB instead of 275);
- the stylesheet rules of the icons no page uses (≈ 90 kB) leave ``_static/site.css``
  (``page_head`` asks through its ``course-bundle-css`` event).

Both need every page written, so they run at ``build-finished``: which icons a page shows is
known only from the HTML the theme's templates wrote. ``tests/test_ext_icons.py`` fails when the
theme's stylesheet stops declaring icons the way this reads them (an upgrade).
"""
from __future__ import annotations

import re
from pathlib import Path

from sphinx.errors import ExtensionError

THEME_CSS = 'styles/pydata-sphinx-theme.css'
ICON_FONTS = 'vendor/fontawesome/webfonts'
# a rule that only sets content: its selectors start after a brace (anchored there: unanchored,
# the pattern retries every position of a long selector run, seconds on the theme's stylesheet)
CSS_CONTENT = re.compile(r'(?:^|(?<=[{}]))([^{}]+)\{content:"([^"]+)"\}')
CSS_ICON_VARIABLE = re.compile(r'--pst-icon-[a-z-]+:"([^"]+)"')


def _css_string(value: str) -> str:
    return re.sub(r'\\([0-9a-fA-F]{1,6}) ?', lambda m: chr(int(m.group(1), 16)), value)


def glyphs_of(css: str) -> dict:
    """``fa-*`` class -> its glyph, as the theme's (minified) stylesheet declares them."""
    glyph_of = {}
    for selectors, content in CSS_CONTENT.findall(css):
        for name in re.findall(r'\.(fa-[a-z0-9-]+):before', selectors):
            glyph_of[name] = _css_string(content)
    return glyph_of


def icon_codepoints(outdir: Path) -> dict:
    """The icon glyphs the site uses: each ``fa-*`` class in the built pages, and every icon the
    theme's stylesheet draws by itself. class (or ``--pst-icon-<k>``) -> codepoint."""
    css = (outdir / '_static' / THEME_CSS).read_text(encoding='utf-8')
    glyph_of = glyphs_of(css)
    if not glyph_of:
        raise ExtensionError(f'{THEME_CSS} não declara ícones como .fa-x:before{{content:"..."}}: '
                             'o tema mudou (revise _ext/icons.py)')
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


def unused_icon_rules(css: str, used: set) -> str:
    """``css`` without Font Awesome's rules for icons no page uses."""
    def keep(match):
        names = re.findall(r'\.(fa-[a-z0-9-]+):before', match.group(1))
        if names and not any(n in used for n in names):
            return ''
        return match.group(0)
    return CSS_CONTENT.sub(keep, css)


def subset_icon_fonts(outdir: Path, wanted: set) -> None:
    """Font Awesome's fonts cut to the glyphs ``wanted``, from the theme's own copies."""
    import pydata_sphinx_theme
    from fontTools import subset
    source = (Path(pydata_sphinx_theme.__file__).parent / 'theme' / 'pydata_sphinx_theme'
              / 'static' / ICON_FONTS)
    fonts = sorted(source.glob('*.woff2'))
    if not fonts:
        raise ExtensionError(f'o tema não traz as fontes do Font Awesome em {source} (revise _ext/icons.py)')
    for font_file in fonts:
        options = subset.Options()
        options.flavor = 'woff2'
        options.notdef_outline = True
        font = subset.load_font(str(font_file), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted & set(font.getBestCmap()))
        subsetter.subset(font)
        subset.save_font(font, str(outdir / '_static' / ICON_FONTS / font_file.name), options)


def _cut_fonts(app, exception):
    if exception is None and app.builder.format == 'html':
        outdir = Path(app.outdir)
        subset_icon_fonts(outdir, set(icon_codepoints(outdir).values()))


def _trim_bundle(app, parts):
    """``course-bundle-css``: the icon rules no page uses leave the site's stylesheet."""
    used = set(icon_codepoints(Path(app.outdir)))
    parts[:] = [(name, unused_icon_rules(css, used)) for name, css in parts]


# the header's icons (search, theme, download, menu: solid; GitHub: brands): their fonts, cut to a
# few kB, are asked for with the page, so the icons have their width when the text is first drawn
# (they came after the first paint when the stylesheet's request was late, and the toolbar moved)
HEADER_FONTS = ['fa-solid-900.woff2', 'fa-brands-400.woff2']


def _preload_header_font(app, pagename, templatename, context, doctree):
    if app.builder.format != 'html':
        return
    context['metatags'] = context.get('metatags', '') + ''.join(
        f'<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" '
        f'href="{context["pathto"](f"_static/{ICON_FONTS}/{name}", 1)}" />\n' for name in HEADER_FONTS)


def setup(app):
    app.setup_extension('page_head')     # the event it answers, and the template without the script
    app.connect('html-page-context', _preload_header_font)
    app.connect('build-finished', _cut_fonts, priority=850)
    app.connect('course-bundle-css', _trim_bundle)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
