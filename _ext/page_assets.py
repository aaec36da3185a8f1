"""Which static files a page loads: the one way an extension of this site registers its assets.

Every extension registers its own stylesheets and scripts with Sphinx's ``app.add_css_file`` /
``app.add_js_file``: in ``setup`` for a file every page needs (``course_assets`` and the quizzes'
stylesheet), in an ``html-page-context`` handler for a file only some pages need (``preveja``
adds ``preveja.js`` where there is a Preveja). A file listed in ``html_css_files`` /
``html_js_files`` (``_config.yml``, ``sphinx: config:``) is on every page and is never taken off.

Jupyter Book 1 also lists every ``.css`` and ``.js`` it finds under ``_static/`` for every page.
That is right for a site-wide stylesheet dropped there (``_static/course.css`` needs nothing
else), wrong for files that only some pages load: reveal.js and the decks' own scripts
(``_static/vendor/``, ``slides.js``), Preveja's script and stylesheet. An extension that loads a
file of ``_static/`` only where needed says so with ``only_where_needed(config, names)`` in its
``config-inited`` handler; this module says it for ``vendor/``. Only Jupyter Book's automatic
entries for those files are taken off; any other file of ``_static/`` stays on every page.
"""
from __future__ import annotations

import fnmatch
import hashlib
from pathlib import Path

THIRD_PARTY = ['vendor/*']   # reveal.js and its plugins: loaded by the slide decks only


def scanned_by_jupyter_book(config, srcdir) -> list[str]:
    """The files Jupyter Book added to every page because they are under ``_static/`` (none when
    the book is not built by Jupyter Book)."""
    static = Path(srcdir) / '_static'
    if 'jupyter_book' not in config.extensions or not static.is_dir():
        return []
    return [p.relative_to(static).as_posix() for p in sorted(static.rglob('*'))
            if p.suffix in ('.css', '.js')]


def only_where_needed(config, srcdir, patterns) -> list[str]:
    """Take Jupyter Book's every-page entries for the files of ``_static/`` matching ``patterns``
    off ``html_css_files`` / ``html_js_files`` (the last occurrence of each: Jupyter Book appends
    its entries after the configuration's own). Returns the files taken off."""
    names = [n for n in scanned_by_jupyter_book(config, srcdir)
             if any(fnmatch.fnmatch(n, p) for p in patterns)]
    for key in ('html_css_files', 'html_js_files'):
        entries = list(getattr(config, key))
        for name in names:
            for i in range(len(entries) - 1, -1, -1):
                entry = entries[i][0] if isinstance(entries[i], (tuple, list)) else entries[i]
                if entry == name:
                    del entries[i]
                    break
        setattr(config, key, entries)
    return names


def _third_party(app, config):
    only_where_needed(config, app.srcdir, THIRD_PARTY)


def setup(app):
    # The live preview (scripts/preview.py) sets it: the end-of-build work that reading a page does
    # not need (the search index, the offline list) waits for a real build. Never in the site's build.
    app.add_config_value('course_preview', False, 'env', types=[bool])
    app.connect('config-inited', _third_party)
    app.connect('env-get-outdated', _static_edited)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}


def static_digest(app) -> str:
    """A digest of every file Sphinx copies into ``_static/`` (the ``html_static_path`` folders,
    the ones extensions fill at the start of a build included)."""
    h = hashlib.sha256()
    for entry in app.config.html_static_path:
        base = Path(app.confdir, entry)
        files = [base] if base.is_file() else sorted(p for p in base.rglob('*') if p.is_file())
        for path in files:
            h.update(path.name.encode() if path == base else path.relative_to(base).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def _static_edited(app, env, added, changed, removed):
    """An edit to a file of ``_static/`` alone (a stylesheet, a script) shows at the next build,
    in the preview too: Sphinx copies those files at the end of a build, and with no page out of
    date it stops before that ("no targets are out of date"), leaving the old file on the site.
    When they changed since the last build, the home page is read again and the build goes on."""
    digest, before = static_digest(app), getattr(env, 'course_static_digest', None)
    env.course_static_digest = digest
    if before is None or before == digest or added or changed or removed:
        return []
    return [app.config.root_doc]


def deferred_in_preview(app, made: Path) -> bool:
    """True in the live preview when ``made`` (what the end-of-build step writes) already exists:
    the step can wait for the next real build."""
    return bool(getattr(app.config, 'course_preview', False)) and Path(made).exists()


def static_folder(app, name: str) -> Path:
    """An empty folder, under the build's doctree folder, for files an extension writes at the
    start of a build and Sphinx then copies into ``_static`` (add it to ``html_static_path``).
    Always the same path for the same build folder: ``html_static_path`` is part of the
    configuration Sphinx hashes, and a new path at every build (a temporary folder) made every
    page out of date at every build."""
    import shutil
    folder = Path(app.doctreedir) / 'course-static' / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder
