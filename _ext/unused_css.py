"""The site's stylesheet without the theme's rules that nothing on the site can match.

``_static/site.css`` (``page_head``) joins about 540 kB of CSS, nine tenths of it the theme's and
its extensions' (Bootstrap, pydata-sphinx-theme, sphinx-design, KaTeX...), written for every site
that uses them. It blocks the first paint: on Lighthouse's phone (slow 4G) its 87 kB compressed
were most of the time to the first text (LCP 2,7–3,1 s on the lesson pages, 02/12/2026), and every
rule is matched against every element at each style recalculation. At the end of the build,
PurgeCSS (npm, ``_ext/unused_css.mjs``) removes the rules of those stylesheets whose selectors name
a class, id, tag or attribute that appears in no file of the site: the pages, and the scripts and
JSON files that write markup (a class named inside a script string is kept). The course's own
stylesheets (``_static/`` of the book, ``course/static/``) are left whole: their rules are
written for this site, and some name classes that scripts compose (``'preveja-' + verdict``).
Fonts, animations and custom properties are kept.

Hooks: ``page_head``'s ``course-bundle-css`` event (``parts`` edited in place), after ``icons``.
Not in the live preview (``scripts/preview.py``): the whole stylesheet draws the same page, a
second sooner. The whole bundle is kept beside the doctrees (``WHOLE``), out of the site, for
``tests/test_unused_css_browser.py``, which checks that no element of the built pages is drawn
differently with it; ``tests/test_ext_unused_css.py`` checks what goes and what stays.
"""
from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from sphinx.errors import ExtensionError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PURGER = HERE / 'unused_css.mjs'
PURGECSS = ROOT / 'node_modules' / 'purgecss'
NPM_HINT = 'rode "npm ci" na pasta do curso (veja o README, "Os dois comandos")'
CONTENT = ('*.html', '*.js', '*.json')          # what can name a class: markup and what writes it
NOT_CONTENT = ('_sources', 'pagefind', '_images')
WHOLE = 'course-cache/site-whole.css'          # under the build's doctree folder


def content_files(outdir: Path) -> list[str]:
    """The site's files that can name a selector (pages, scripts, the JSON that scripts render)."""
    files = []
    for pattern in CONTENT:
        for path in sorted(outdir.rglob(pattern)):
            if not set(path.relative_to(outdir).parts[:1]) & set(NOT_CONTENT):
                files.append(str(path))
    return files


def own(srcdir: Path, name: str) -> bool:
    """A stylesheet of the course itself: in the book's ``_static`` (or the course's, for a test
    book) or the package's static files; not a vendored library's."""
    import course_assets
    if name.startswith('vendor/'):
        return False
    return (name.startswith(course_assets.FOLDER + '/')
            or any((folder / '_static' / name).is_file() for folder in (Path(srcdir), ROOT)))


def purge(stylesheets: list[tuple[str, str]], content: list[str]) -> list[str]:
    """The texts of ``stylesheets`` ((name, css) pairs) without the rules ``content`` cannot match."""
    if not (PURGECSS / 'package.json').is_file():
        raise ExtensionError(f'o pacote purgecss não está em node_modules: {NPM_HINT}')
    with tempfile.TemporaryDirectory(prefix='course-css-') as folder:
        spec = Path(folder) / 'purge.json'
        spec.write_text(json.dumps({'content': content, 'css': [{'name': n, 'raw': css} for n, css in stylesheets]}),
                        encoding='utf-8')
        result = subprocess.run(['node', str(PURGER), str(spec)], cwd=ROOT, capture_output=True,
                                text=True, timeout=600)
    if result.returncode != 0:
        raise ExtensionError(f'PurgeCSS falhou: {(result.stderr or result.stdout).strip()[-2000:]}')
    return json.loads(result.stdout)


def _trim_bundle(app, parts):
    if getattr(app.config, 'course_preview', False):
        return
    theirs = [k for k, (name, _) in enumerate(parts) if not own(app.srcdir, name)]
    if not theirs:
        return
    import page_head
    whole = Path(app.doctreedir) / WHOLE
    whole.parent.mkdir(parents=True, exist_ok=True)
    whole.write_text(page_head.joined(parts), encoding='utf-8')
    texts = purge([parts[k] for k in theirs], content_files(Path(app.outdir)))
    for k, text in zip(theirs, texts):
        parts[k] = (parts[k][0], text)


def setup(app):
    app.setup_extension('page_head')     # the event it answers
    app.setup_extension('icons')         # after the icon rules are cut (fewer rules to read)
    app.connect('course-bundle-css', _trim_bundle, priority=600)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
