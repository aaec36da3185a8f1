"""Live preview while writing: the book served on this machine and rebuilt on every save.

    python scripts/preview.py                 # http://127.0.0.1:8000/
    python scripts/preview.py --port 8001 --open

It runs sphinx-autobuild (https://github.com/sphinx-doc/sphinx-autobuild), the tool Jupyter Book
1's documentation points to for this, on the book's Sphinx configuration. Jupyter Book writes
that configuration with ``jupyter-book config sphinx``; here the same function of Jupyter Book
(``jupyter_book.config.get_final_config``) computes it from ``_config.yml`` at every rebuild,
through a small ``conf.py`` in ``_build/preview/conf/`` (so an edit of ``_config.yml`` counts
too). Three things differ from what that command writes, on purpose:

- the paths in it (``html_static_path``, the favicon) are made absolute: the configuration
  lives in ``_build/preview/conf/``, not in the book's folder, so that ``jupyter-book build``
  never sees a ``conf.py``; the local extensions' folder (``sphinx.local_extensions``) is put on
  ``sys.path`` by that function, which ``jupyter-book config sphinx`` leaves out of the file it
  writes (jupyter-book issue 2210);
- the execution cache is the one ``jupyter-book build`` uses (``_build/.jupyter_cache``): a
  lesson already executed by a build is not executed again, a prose edit never executes its
  lesson, and a code edit executes only that lesson;
- the pages are written into ``_build/preview/html`` (never into ``_build/html``, which the tests
  and the publishing read), without ``-W``: a warning is printed in the terminal and the page is
  still shown. Before publishing, build with ``jupyter-book build . -W -n --keep-going``.

Everything the course's extensions do at each build (``html-page-context`` hooks, the handout,
the slides, the search index) runs at every rebuild, so the preview looks like
the site. The whole book folder is watched (lessons, labs, quiz banks, figure scripts, the course
package, ``_static``, ``_ext``, ``_config.yml``, ``_toc.yml``), except what builds and tools write
there (``IGNORED``).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREVIEW = Path('_build') / 'preview'          # relative to the book's folder
CACHE = Path('_build') / '.jupyter_cache'      # the cache of jupyter-book build (myst-nb's default)

# Not watched: what a build, a test or an editor writes inside the book's folder. A change there
# would start a rebuild that changes nothing (or, for a build's own output, a rebuild loop).
IGNORED_FOLDERS = ['_build', 'figures/out', 'tests', 'scripts', 'seeds', 'benchmark', 'build',
                   'node_modules', '.git', '.venv']
IGNORED_PATTERNS = [
    r'\.ipynb$',                 # the paired notebooks (refresh.py writes them; the .md is the source)
    r'/__pycache__/', r'\.pyc$', r'/\.ipynb_checkpoints/', r'\.egg-info/',
    r'/\.pytest_cache/', r'/\.ruff_cache/',
    r'~$', r'\.sw[a-p]$', r'/\.#', r'/#[^/]*#$', r'/4913$',   # editors' backup and lock files
]

CONF = '''\
# Written by scripts/preview.py for the live preview; rewritten at each start, never edited.
# The book's Sphinx configuration, computed from _config.yml at every rebuild, and the
# preview's own extension (scripts/preview.py, setup()).
import logging
import sys
sys.path.insert(0, {scripts!r})
from preview import book_config
globals().update(book_config({root!r}))
extensions = extensions + ['preview']
logging.getLogger('fontTools').setLevel(logging.WARNING)   # one line per font table otherwise
'''


def book_config(root: str | Path = ROOT) -> dict:
    """The Sphinx configuration of the book in ``root``: what ``jupyter-book config sphinx``
    writes, with absolute paths and the execution cache of ``jupyter-book build``."""
    from jupyter_book.config import get_final_config
    root = Path(root).resolve()
    config, _ = get_final_config(
        user_yaml=root / '_config.yml', sourcedir=root,
        # what `jupyter-book config sphinx` passes for a book (jupyter_book/cli/main.py)
        cli_config={'external_toc_path': '_toc.yml', 'latex_individualpages': False})
    config['html_static_path'] = [str(root / p) for p in config.get('html_static_path', [])]
    if config.get('html_favicon'):
        config['html_favicon'] = str(root / config['html_favicon'])
    if not config.get('nb_execution_cache_path'):
        # myst-nb's default is next to the output folder: _build/preview/.jupyter_cache here,
        # _build/.jupyter_cache for jupyter-book build; the preview uses the build's
        config['nb_execution_cache_path'] = str(root / CACHE)
    return config


def write_conf(root: Path = ROOT) -> Path:
    """The preview's ``conf.py``; returns its folder."""
    folder = root / PREVIEW / 'conf'
    folder.mkdir(parents=True, exist_ok=True)
    (folder / 'conf.py').write_text(
        CONF.format(scripts=str(Path(__file__).resolve().parent), root=str(root)), encoding='utf-8')
    return folder


def autobuild_command(root: Path = ROOT, port: int = 8000, host: str = '127.0.0.1',
                      open_browser: bool = False) -> list[str]:
    """The sphinx-autobuild command line of the preview."""
    preview = root / PREVIEW
    command = [sys.executable, '-m', 'sphinx_autobuild', str(root), str(preview / 'html'),
               '-c', str(preview / 'conf'), '-d', str(preview / 'doctrees'),
               '-b', 'html', '-n', '--keep-going',
               '--port', str(port), '--host', host]
    for folder in IGNORED_FOLDERS:
        command += ['--ignore', str(root / folder)]
    for pattern in IGNORED_PATTERNS:
        command += ['--re-ignore', pattern]
    if open_browser:
        command.append('--open-browser')
    return command


# ----------------------------------------------------------------------------- the extension
# Two things make a rebuild of the whole book out of a one-word edit; in the preview, and only
# there, they are avoided (the site's build is not changed):
# - _ext/course_assets.py and _ext/formulas.py give Sphinx a new temporary folder of static files
#   at every build (STATIC_PREFIXES); each is in html_static_path, a configuration value whose
#   change makes Sphinx write every page again (≈ 10 s). The preview copies each to a folder of its
#   own that keeps its name. (interface_words' folder is added at builder-inited, after Sphinx has
#   compared the configuration, so it does not count.)
# - _ext/slides.py renders the slide decks at the end of every build: it runs each figure script
#   and imports scikit-learn (≈ 15 s). The preview renders them again only when a file they are
#   made from changed (SLIDE_INPUTS), and keeps the decks it already has otherwise.

SLIDE_INPUTS = ['slides', 'figures', 'course', '_ext/slides.py', '_ext/slides_poster.py']
STATIC_PREFIXES = ('course-assets-', 'course-katex-')


def _stable_static(app, config):
    import shutil
    import tempfile
    paths = []
    for path in config.html_static_path:
        folder = Path(path)
        prefix = next((p for p in STATIC_PREFIXES if folder.name.startswith(p)), None)
        if prefix and folder.parent == Path(tempfile.gettempdir()):
            stable = Path(app.srcdir) / PREVIEW / prefix.rstrip('-')
            shutil.rmtree(stable, ignore_errors=True)
            shutil.copytree(folder, stable)
            path = str(stable)
        paths.append(path)
    config.html_static_path = paths


def slide_inputs_digest(root: Path) -> str:
    import hashlib
    digest = hashlib.sha256()
    for name in SLIDE_INPUTS:
        top = root / name
        files = [top] if top.is_file() else sorted(
            p for p in top.rglob('*')
            if p.is_file() and '__pycache__' not in p.parts and 'out' not in p.relative_to(top).parts[:1])
        for path in files:
            digest.update(str(path.relative_to(root)).encode() + b'\0' + path.read_bytes())
    return digest.hexdigest()


def _cached_slides(app):
    """The slides' build-finished handler, run only when the decks' inputs changed."""
    for listener in list(app.events.listeners['build-finished']):
        if getattr(listener.handler, '__module__', '') != 'slides':
            continue
        render = listener.handler

        def cached(app, exception, render=render):
            root = Path(app.srcdir)
            stamp = Path(app.outdir) / 'slides' / '.inputs'
            digest = slide_inputs_digest(root)
            if exception is None and stamp.is_file() and stamp.read_text() == digest:
                return
            render(app, exception)
            if exception is None and stamp.parent.is_dir():
                stamp.write_text(digest)
        app.events.listeners['build-finished'].remove(listener)
        app.events.listeners['build-finished'].append(listener._replace(handler=cached))


def setup(app):
    app.connect('config-inited', _stable_static, priority=900)   # after course_assets' and formulas'
    app.connect('builder-inited', _cached_slides)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--port', type=int, default=8000)
    parser.add_argument('--host', default='127.0.0.1',
                        help='0.0.0.0 serve a todos na rede (por exemplo, o projetor da sala)')
    parser.add_argument('--open', action='store_true', help='abre o navegador')
    args = parser.parse_args(argv)
    write_conf(ROOT)
    command = autobuild_command(ROOT, args.port, args.host, args.open)
    print(f'Pré-visualização em http://{args.host}:{args.port}/ (Ctrl+C para parar); a primeira '
          'construção lê todas as páginas.', flush=True)
    os.chdir(ROOT)
    os.execv(command[0], command)


if __name__ == '__main__':
    main()
