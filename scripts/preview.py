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

Everything the course's extensions do to a page (``html-page-context`` hooks, figures, the
handout, the site's stylesheet) runs at every rebuild, so the preview looks like the site; two
end-of-build steps that reading a page does not need wait for a real build (``course_preview``):
the search index (the preview's search finds the text of the last full build) and the list of
files for reading offline. Each rebuild runs in a fork of this process, which has imported Sphinx,
its extensions and the course's once (``preload``): sphinx-autobuild would start a new Python
for each, and those imports were most of the seconds of a one-word edit. The whole book folder
is watched (lessons, labs, quiz banks, figure scripts, the course package, ``_static``, ``_ext``,
``_config.yml``, ``_toc.yml``), except what builds and tools write there (``IGNORED``).
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

def _preview_mode(app, config):
    # the end-of-build work that reading a page does not need waits for a real build
    # (_ext/page_assets.py, deferred_in_preview): the search index, the offline list
    config.course_preview = True


def setup(app):
    app.connect('config-inited', _preview_mode)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}


# ----------------------------------------------------------------------------- the rebuilds
# sphinx-autobuild starts a new Python for every rebuild (python -m sphinx build ...): importing
# Sphinx, myst-nb, Jupyter Book, the theme and the course's extensions took most of the seconds of
# a one-word edit. Here they are imported once, and each rebuild runs in a fork of this process
# (os.fork: the child has them already, and whatever a build leaves behind dies with the child).

PRELOAD = ['sphinx.application', 'sphinx.cmd.build', 'myst_nb', 'myst_nb.sphinx_ext', 'jupyter_book.config',
           'sphinx_book_theme', 'pydata_sphinx_theme', 'sphinx_design', 'sphinx_togglebutton',
           'sphinx_copybutton', 'sphinx_external_toc', 'sphinxcontrib.katex', 'jupyter_cache', 'nbclient',
           'bs4', 'matplotlib', 'fontTools.subset']


def preload(root: Path = ROOT) -> list[str]:
    """Import what every build imports (Sphinx and its extensions, the course's own); returns the
    modules of the course's extensions."""
    import importlib
    for name in PRELOAD:
        importlib.import_module(name)
    ext = root / '_ext'
    if str(ext) not in sys.path:
        sys.path.insert(0, str(ext))
    own = [p.stem for p in sorted(ext.glob('*.py'))]
    for name in own:
        importlib.import_module(name)
    return own


def forking_builder():
    """sphinx-autobuild's Builder, running each build in a fork of this process. The class is a
    global of this module: sphinx-autobuild hands the builder to a ProcessPoolExecutor at every
    change, which pickles it by its name (a class local to this function cannot be pickled, and
    the rebuild was then never run)."""
    from sphinx_autobuild.build import Builder
    from sphinx_autobuild.utils import show_message
    global ForkingBuilder

    class ForkingBuilder(Builder):
        def __call__(self, *, changed_paths=()):
            if changed_paths:
                show_message('Detected changes (' + ', '.join(str(p) for p in changed_paths[:5]) + ')')
                show_message('Rebuilding...')
            pid = os.fork()
            if pid == 0:                                   # the child: one build, then gone
                code = 1
                try:
                    from sphinx.cmd.build import build_main
                    code = build_main(list(self.sphinx_args))
                finally:
                    sys.stdout.flush()
                    sys.stderr.flush()
                    os._exit(code)
            _, status = os.waitpid(pid, 0)
            code = os.waitstatus_to_exitcode(status)
            if code:
                print(f'Sphinx exited with exit code: {code}; the server keeps serving the last pages.')
            show_message(f'Serving on {self.uri}')
    ForkingBuilder.__qualname__ = 'ForkingBuilder'
    return ForkingBuilder


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
    preload(ROOT)
    import sphinx_autobuild.__main__ as autobuild
    autobuild.Builder = forking_builder()
    autobuild.main(command[3:])              # the command's arguments, served by this process


if __name__ == '__main__':
    main()
