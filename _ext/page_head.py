"""What a page's head loads: one stylesheet, deferred scripts, nothing the course does not use.

A page of the theme links about 13 stylesheets and 9 scripts that block the first paint: on a
phone (slow 4G, 150 ms a round trip) that is several round trips before any text shows. So:

- **One stylesheet.** The theme's two and every stylesheet registered for all pages (Sphinx's,
  the extensions', ``_static/course.css``, the quizzes' and explorables') become one file,
  ``_static/site.css``, in the same order (the same cascade); ``@import``s are inlined and
  ``url()``s made relative to ``_static``. A stylesheet added for some pages only would keep its
  own link, after it (none is: Preveja's and the practice's, 2 kB each, are in the bundle).
- **Deferred scripts.** Every script file of the head gets ``defer`` (they run, in order, once
  the page is parsed); ``documentation_options.js`` is inlined, because the theme's inline
  helpers read it before any deferred script runs.
- **Not loaded:** sphinx-thebe's scripts and stylesheet (live code is not used; its
  configuration script is even written twice, a duplicated ``const`` that throws in the
  console), Font Awesome's all-icons script (``icons``), and the inline search's scripts
  (``searchtools.js``, ``language_data.js``, ``searchindex.js``): Sphinx's search is replaced by
  ``_ext/search.py``, whose index loads only when a student types in the search field.

Hooks: the lists of stylesheets and scripts are changed in ``html-page-context``; what the
theme's templates write by themselves (its two stylesheets, the icon script, the search scripts)
is taken out by ``_ext/templates/layout.html``.

**The one rewrite of built HTML left here**: the version of ``site.css`` in each page's link
(``site.css?v=<hash>``, so that a browser never keeps an old copy after an update). The bundle
is final only when every page is written: the theme rewrites ``pygments.css`` at
``build-finished``, and the icon rules no page uses are dropped (``icons``), which needs every
page. So the stylesheet is written at ``build-finished`` (after the theme's handler) and only
that ``?v=`` is set in the pages then; no hook runs after the pages are written and before the
build ends. Extensions change the bundle's text through the ``course-bundle-css`` event
(``handler(app, parts)``, ``parts`` a list of ``(file, css)`` to edit in place).
"""
from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path

from sphinx.errors import ExtensionError

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / 'templates'
BUNDLE = 'site.css'
THEME_STYLESHEETS = ['styles/theme.css', 'styles/pydata-sphinx-theme.css']   # pydata's webpack macro
NOT_USED = ('sphinx-thebe',)          # live code (sphinx-thebe) is not used by this course
BUNDLE_LINK = re.compile(r'(<link [^>]*href="(?:\.\./)*_static/site\.css)(?:\?v=[0-9a-f]*)?(")')
CSS_URL = re.compile(r'url\((["\']?)(?!data:|https?:|/|#)([^)"\']+)\1\)')
CSS_IMPORT = re.compile(r'@import (?:url\()?["\']([^"\']+)["\']\)?;')


def _local(filename) -> bool:
    return bool(filename) and '://' not in str(filename)


def _unused(asset) -> bool:
    text = str(asset.filename or '') + str(getattr(asset, 'attributes', {}).get('body', ''))
    return any(n in text for n in NOT_USED) or 'THEBE_JS_URL' in text


def _site_wide(app) -> list:
    """The stylesheets every page links, in the order they cascade (relative to _static)."""
    builder = app.builder
    assets = sorted(builder._orig_css_files, key=lambda css: css.priority)
    return [str(css.filename).removeprefix('_static/') for css in assets
            if _local(css.filename) and not _unused(css)]


# ----------------------------------------------------------------------------- each page

def _page_head(app, pagename, templatename, context, doctree):
    if app.builder.format != 'html':
        return
    site_wide = {str(css.filename) for css in app.builder._orig_css_files}
    css_files = context['css_files']
    own = [css for css in css_files if not _unused(css)
           and (str(css.filename) not in site_wide or not _local(css.filename))]
    css_files[:] = own
    app.builder.add_css_file(BUNDLE, priority=0)   # first: the theme's rules come first in it

    scripts = context['script_files']
    old = [js for js in scripts if not _unused(js)]
    scripts.clear()
    static = Path(app.outdir) / '_static'
    for js in old:
        attrs = dict(js.attributes)
        name = str(js.filename or '')
        if name == '_static/documentation_options.js':
            # read by the theme's inline helpers before any deferred script runs
            app.builder.add_js_file(None, body=(static / 'documentation_options.js').read_text(encoding='utf-8'),
                                    priority=js.priority)
        elif _local(name) and not ({'defer', 'async'} & set(attrs)):
            app.builder.add_js_file(name.removeprefix('_static/'), priority=js.priority,
                                    defer='defer', **attrs)
        else:
            app.builder.add_js_file(name.removeprefix('_static/') if _local(name) else (name or None),
                                    priority=js.priority, **attrs)


# ----------------------------------------------------------------------------- the bundle

def _css_text(static: Path, name: str) -> str:
    """A stylesheet with its @imports inlined and its url()s made relative to _static."""
    text = (static / name).read_text(encoding='utf-8')
    folder = posixpath.dirname(name)

    def rebase(match):
        return (f'url({match.group(1)}{posixpath.normpath(posixpath.join(folder, match.group(2)))}'
                f'{match.group(1)})')
    text = CSS_URL.sub(rebase, text)
    text = CSS_IMPORT.sub(lambda m: _css_text(static, posixpath.normpath(
        posixpath.join(folder, m.group(1)))), text)
    return text.replace('@charset "UTF-8";', '')


def joined(parts) -> str:
    """The bundle's text from its ``(file, css)`` parts, each under a comment with its name."""
    return '@charset "UTF-8";\n' + '\n'.join(f'/* {name} */\n{text}' for name, text in parts)


def write_bundle(app) -> str:
    """Write _static/site.css (after the extensions edited it); return its version."""
    static = Path(app.outdir) / '_static'
    order = THEME_STYLESHEETS + _site_wide(app)
    missing = [name for name in order if not (static / name).is_file()]
    if missing:
        raise ExtensionError(f'folhas de estilo que o site.css deveria juntar e não existem: {missing}')
    parts = [(name, _css_text(static, name)) for name in order]
    app.emit('course-bundle-css', parts)
    css = joined(parts)
    (static / BUNDLE).write_text(css, encoding='utf-8')
    return hashlib.sha1(css.encode('utf-8')).hexdigest()[:8]


def stamp(html: str, version: str) -> str:
    """The page's link to site.css with the bundle's version."""
    return BUNDLE_LINK.sub(lambda m: f'{m.group(1)}?v={version}{m.group(2)}', html, count=1)


def _bundle(app, exception):
    if exception is not None or app.builder.format != 'html':
        return
    if not hasattr(app.builder, '_orig_css_files'):
        return      # "no targets are out of date": nothing was written, the last bundle stands
    version = write_bundle(app)
    outdir = Path(app.outdir)
    for page in outdir.rglob('*.html'):
        text = page.read_text(encoding='utf-8')
        new = stamp(text, version)
        if new != text:
            page.write_text(new, encoding='utf-8')


# ----------------------------------------------------------------------------- templates

def drop_lines(markup, *needles):
    """Template filter: ``markup`` without the lines that contain any of ``needles``."""
    from markupsafe import Markup
    kept = [line for line in str(markup).split('\n') if not any(n in line for n in needles)]
    return Markup('\n'.join(kept))


def swap(markup, old, new):
    """Template filter: ``markup`` with the exact text ``old`` replaced (Jinja's ``replace`` would
    escape the markup it looks for)."""
    from markupsafe import Markup
    return Markup(str(markup).replace(old, str(new)))


def _templates(app, config):
    if str(TEMPLATES) not in map(str, config.templates_path):
        config.templates_path = list(config.templates_path) + [str(TEMPLATES)]


def _template_filters(app):
    if hasattr(app.builder, 'templates'):
        app.builder.templates.environment.filters['drop_lines'] = drop_lines
        app.builder.templates.environment.filters['swap'] = swap


def setup(app):
    app.add_event('course-bundle-css')
    app.connect('config-inited', _templates)
    app.connect('builder-inited', _template_filters)
    app.connect('html-page-context', _page_head, priority=900)   # after the page's own additions
    # after the theme's own build-finished (pydata-sphinx-theme rewrites pygments.css then)
    app.connect('build-finished', _bundle, priority=900)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
