"""What a page's head loads: one stylesheet, deferred scripts, nothing the course does not use.

A page of the theme links about 13 stylesheets and 9 scripts that block the first paint: on a
phone (slow 4G, 150 ms a round trip) that is several round trips before any text shows. So:

- **One stylesheet.** The theme's two and every stylesheet registered for all pages (Sphinx's,
  the extensions', ``_static/course.css``, the quizzes' and explorables') become one file,
  ``_static/site.css``, in the same order (the same cascade); ``@import``s are inlined and
  ``url()``s made relative to ``_static``. A stylesheet added for some pages only would keep its
  own link, after it (none is: Preveja's and the practice's, 2 kB each, are in the bundle).
- **Deferred scripts, in two files.** Every script file of the head gets ``defer`` (they run,
  in order, once the page is parsed); ``documentation_options.js`` is inlined, because the
  theme's inline helpers read it before any deferred script runs. The deferred files are then
  joined, in their order, into two bundles (``_static/js/<name>.js``): the run of site-wide
  scripts they start with (the same file on every page, kept by the browser) and the rest of the
  page's. Thirteen to eighteen requests become two: on Lighthouse's phone (slow 4G) the largest
  text painted about 0,5 s sooner (2,6 -> 2,0 s on roc-curva and labs/roc, 04/12/2026). Joined
  scripts share one global scope, as separate classic scripts do; the bundle opens with an empty
  statement, so that a file's ``"use strict"`` (Sphinx's ``doctools.js``) does not turn the files
  after it strict. A file with attributes of its own (other than ``defer``) keeps its tag.
  sphinx-design's tab script loads only on a page with tabs (the course has none).
- **Not loaded:** sphinx-thebe's scripts and stylesheet (live code is not used; its
  configuration script is even written twice, a duplicated ``const`` that throws in the
  console), Font Awesome's all-icons script (``icons``), and the inline search's scripts
  (``searchtools.js``, ``language_data.js``, ``searchindex.js``): Sphinx's search is replaced by
  ``_ext/search.py``, whose index loads only when a student types in the search field.

Hooks: the lists of stylesheets and scripts are changed in ``html-page-context``; what the
theme's templates write by themselves (its two stylesheets, the icon script, the search scripts)
is taken out by ``_ext/templates/layout.html``. Each bundle's tag names its files
(``data-bundle``); the bundles are written at ``build-finished``, from those lists, once the
static files are in place.

**The one rewrite of built HTML left here**: the version of ``site.css`` and of the script
bundles in each page's links (``?v=<hash>``, so that a browser never keeps an old copy after an
update). The bundle
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
SCRIPTS = 'js'                        # _static/js/: the script bundles
SCRIPT_TAG = re.compile(r'<script [^>]*data-bundle="[^"]+"[^>]*>')      # Sphinx sorts the attributes
BUNDLE_FILES = re.compile(r'data-bundle="([^"]+)"')
BUNDLE_SRC = re.compile(r'(src="(?:\.\./)*_static/js/([0-9a-f]+)\.js)(?:\?v=[0-9a-f]*)?(")')
ONLY_WITH = {'design-tabs.js': 'sd-tab-set'}   # a third-party script, and what a page needs to use it
SOURCE_MAP = re.compile(r'^//# sourceMappingURL=.*$', re.M)
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
    old = sorted((js for js in scripts if not _unused(js) and not _not_needed(js, context.get('body', ''))),
                 key=lambda js: js.priority)          # the order the page lists them in (a stable sort)
    scripts.clear()
    static = Path(app.outdir) / '_static'
    site_wide = {str(js.filename) for js in app.builder._orig_js_files}
    group, first, seen_own = [], None, False     # the bundle being filled, its priority

    def close():
        nonlocal group
        if group:
            app.builder.add_js_file(f'{SCRIPTS}/{bundle_name(group)}.js', priority=first, defer='defer',
                                    **{'data-bundle': ' '.join(group)})
        group = []

    for js in old:
        attrs = dict(js.attributes)
        name = str(js.filename or '')
        if name == '_static/documentation_options.js':
            # read by the theme's inline helpers before any deferred script runs
            app.builder.add_js_file(None, body=(static / 'documentation_options.js').read_text(encoding='utf-8'),
                                    priority=js.priority)
        elif _local(name) and not set(attrs) - {'defer'}:
            # a file to defer: into the page's bundles, in order (the site-wide run, then the rest)
            if name not in site_wide and not seen_own:
                close()
                seen_own = True
            if not group:
                first = js.priority
            group.append(name.removeprefix('_static/'))
        elif not name:
            app.builder.add_js_file(None, priority=js.priority, **attrs)       # inline: runs while parsing
        else:
            close()                                   # a file with attributes of its own keeps its tag
            if _local(name) and not ({'defer', 'async'} & set(attrs)):
                attrs['defer'] = 'defer'
            app.builder.add_js_file(name.removeprefix('_static/') if _local(name) else name,
                                    priority=js.priority, **attrs)
    close()


def _not_needed(js, body: str) -> bool:
    name = str(js.filename or '').rsplit('/', 1)[-1]
    return name in ONLY_WITH and ONLY_WITH[name] not in body


def bundle_name(files) -> str:
    """A bundle's file name: the same list of scripts, the same name, on every page."""
    return hashlib.sha1(' '.join(files).encode('utf-8')).hexdigest()[:10]


def joined_scripts(static: Path, files) -> str:
    """The scripts ``files`` (relative to ``static``) as one: each after an empty statement, so no
    file's "use strict" reaches the next, and without source-map comments (they name one file)."""
    return ''.join(f'\n;/* {name} */\n' + SOURCE_MAP.sub('', (static / name).read_text(encoding='utf-8'))
                   for name in files)


def write_scripts(outdir: Path, pages: dict[Path, str]) -> dict:
    """Write every script bundle the pages ({path: html}) name; return {bundle name: version}.
    Bundles no page names any more are removed."""
    static = outdir / '_static'
    wanted = {}
    for html in pages.values():
        for tag in SCRIPT_TAG.findall(html):
            wanted[BUNDLE_SRC.search(tag).group(2)] = BUNDLE_FILES.search(tag).group(1).split()
    folder = static / SCRIPTS
    folder.mkdir(exist_ok=True)
    versions = {}
    for name, files in wanted.items():
        missing = [f for f in files if not (static / f).is_file()]
        if missing:
            raise ExtensionError(f'scripts que o pacote {SCRIPTS}/{name}.js deveria juntar e não existem: {missing}')
        text = joined_scripts(static, files)
        target = folder / f'{name}.js'
        if not target.is_file() or target.read_text(encoding='utf-8') != text:
            target.write_text(text, encoding='utf-8')
        versions[name] = hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]
    for old in folder.glob('*.js'):
        if old.stem not in wanted:
            old.unlink()
    return versions


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


def stamp(html: str, version: str, scripts: dict | None = None) -> str:
    """The page's link to site.css with the bundle's version, and its script bundles with theirs."""
    html = BUNDLE_LINK.sub(lambda m: f'{m.group(1)}?v={version}{m.group(2)}', html, count=1)
    if scripts:
        html = SCRIPT_TAG.sub(lambda tag: BUNDLE_SRC.sub(
            lambda m: f'{m.group(1)}?v={scripts[m.group(2)]}{m.group(3)}', tag.group(0)), html)
    return html


def _bundle(app, exception):
    if exception is not None or app.builder.format != 'html':
        return
    if not hasattr(app.builder, '_orig_css_files'):
        return      # "no targets are out of date": nothing was written, the last bundle stands
    version = write_bundle(app)
    outdir = Path(app.outdir)
    pages = {page: page.read_text(encoding='utf-8') for page in outdir.rglob('*.html')}
    scripts = write_scripts(outdir, pages)
    for page, text in pages.items():
        new = stamp(text, version, scripts)
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
