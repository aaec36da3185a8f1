"""Read without internet: a service worker that keeps the pages a student opened, a button that
stores the whole course on request, and a new build that replaces what was stored.

- **The service worker** (``_ext/offline_sw.js``, written at the site's root as ``sw.js`` with the
  build's version): its scope is the folder of the site, ``/<repositório>/`` on GitHub Pages
  (``_static/offline.js`` registers it relative to the page's ``content_root``). Online it changes
  nothing: every request goes to the network first, as without it, and what comes back is kept
  in the build's cache. Offline (or when the network has not answered in a few seconds) the kept
  copy answers; a page never kept answers with a short page that says so.
- **"Guardar o curso para ler sem internet"** (the ``{guardar-curso}`` directive, on the home
  page): nothing is downloaded until the student presses it, after reading its size. The size and
  the list are ``offline.json``, written here from the real files of the build: every page of the
  book, the search page, the slides, and every file they load (stylesheets and what they load,
  scripts, images, fonts: woff2 where a font also has other formats) and the search's index
  (``pagefind/``) and the exercises' draws, which a script fetches (``_static/pratique/``, written by
  ``_ext/practice.py``); not the pages' source files (``_sources/``, the download button's ``.md`` and
  ``.ipynb``). "Baixa cerca de" is the size compressed as GitHub Pages sends text (gzip);
  "ocupa" is what the browser keeps.
- **A new build replaces what was stored.** The version is a hash of every file of the list and
  of the service worker; a new version is a new ``sw.js``, which the browser fetches on the next
  visit. Installing it, the worker copies the stored files that did not change (same hash in the
  new ``offline.json``) into the new cache, downloads again only those that changed, and on
  activation deletes the older caches: no student reads a page of an older build.
- **"Remover a cópia guardada"** deletes the course's caches (only this site's: a GitHub Pages
  origin holds every repository of its owner, so each cache name carries the site's path).

Hooks: a directive for the button; ``html-page-context`` adds the number formatting the button's
sizes need (``course/numbers.js``) to the page that has it; ``build-finished``, after the search
index is written (``search``), writes ``offline.json`` and ``sw.js`` (no page is rewritten).
"""
from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

HERE = Path(__file__).resolve().parent
WORKER_SOURCE = HERE / 'offline_sw.js'
WORKER = 'sw.js'
MANIFEST = 'offline.json'
ASSETS = ['offline.js', 'offline.css']
NOT_STORED = ('_sources/', '.buildinfo', 'objects.inv', WORKER, MANIFEST)
ALSO_STORED = ('pagefind', '_static/pratique')   # loaded by scripts, named by no page: the search
                                                 # index, the exercises' draws (_ext/practice.py)
COMPRESSED = ('text/', 'application/javascript', 'application/json', 'image/svg+xml')
REFERENCES = {'script': ['src'], 'img': ['src', 'srcset'], 'source': ['src', 'srcset'],
              'iframe': ['src', 'data-src'], 'link': ['href'], 'video': ['src', 'poster'],
              'audio': ['src'], 'object': ['data'], 'a': ['href']}
LINKED_FILES = ('.html', )             # what an <a href> leads to that is stored: pages...
LINKED_FOLDERS = ('_downloads/',)      # ... and the figures' scripts ("script da figura")
CSS_URL = re.compile(r'url\((["\']?)([^)"\']+)\1\)')
FONT_FACE_SRC = re.compile(r'src:([^;}]*)')
MARKDOWN_IMAGE = re.compile(r'!\[[^\]]*\]\(([^)\s]+)')

BUTTON = '''<div class="guardar-curso" data-guardar-curso>
<p class="guardar-curso-estado" role="status">Guardar o curso para ler sem internet precisa de um
navegador com JavaScript.</p>
<div class="guardar-curso-botoes">
<button type="button" class="guardar-curso-baixar" hidden>Guardar o curso para ler sem internet</button>
<button type="button" class="guardar-curso-remover" hidden>Remover a cópia guardada</button>
</div>
<progress class="guardar-curso-progresso" max="100" value="0" hidden aria-label="Baixando o curso"></progress>
</div>
'''


class GuardarCurso(SphinxDirective):
    """``:::{guardar-curso}``: the button that stores the whole course (``_static/offline.js``)."""
    has_content = False

    def run(self):
        return [nodes.raw('', BUTTON, format='html')]


# ----------------------------------------------------------------------------- what is stored

def _local(url: str) -> bool:
    return bool(url) and not re.match(r'^([a-z][a-z0-9+.-]*:|//|#)', url, re.I)


def _resolve(base: str, url: str) -> tuple[str, str]:
    """``url`` as written in the file at ``base`` (both relative to the site's root) ->
    ``(path, query)`` relative to the root."""
    parts = urlsplit(url)
    path = posixpath.normpath(posixpath.join(posixpath.dirname(base), unquote(parts.path)))
    return path, parts.query


def _html_references(outdir: Path, page: str, memo: dict | None = None) -> list[str]:
    """The local files a page loads or links. ``memo`` (``{page: [hash of its text, references]}``)
    keeps them from one build to the next: only a page that changed is parsed again."""
    text = (outdir / page).read_text(encoding='utf-8')
    if memo is not None:
        key = hashlib.sha1(text.encode('utf-8')).hexdigest()
        if memo.get(page, [None])[0] == key:
            return list(memo[page][1])
        found = _parsed_references(text)
        memo[page] = [key, found]
        return list(found)
    return _parsed_references(text)


def _parsed_references(text: str) -> list[str]:
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(text, 'html.parser')
    found = []
    if soup.find(attrs={'data-markdown': True}):     # a reveal.js deck: its slides' Markdown images
        found += MARKDOWN_IMAGE.findall(text)
    for tag, attributes in REFERENCES.items():
        for element in soup.find_all(tag):
            for attribute in attributes:
                value = element.get(attribute)
                if not value:
                    continue
                urls = [u.strip().split(' ')[0] for u in value.split(',')] if attribute == 'srcset' else [value]
                if tag == 'a':
                    urls = [u for u in urls if urlsplit(u).path.endswith(LINKED_FILES)
                            or any(f in u for f in LINKED_FOLDERS)]
                found += [u for u in urls if _local(u)]
    return found


def _css_references(text: str) -> list[str]:
    """The ``url()``s of a stylesheet; of a font offered in several formats, the woff2 only
    (every browser the course targets reads it, and only it is downloaded)."""
    found = []
    for src in FONT_FACE_SRC.finditer(text):
        urls = [m.group(2) for m in CSS_URL.finditer(src.group(1))]
        woff2 = [u for u in urls if u.split('?')[0].endswith('.woff2')]
        found += woff2 or urls
    rest = FONT_FACE_SRC.sub('', text)
    found += [m.group(2) for m in CSS_URL.finditer(rest)]
    return [u for u in found if _local(u)]


def stored_files(outdir: Path, pages: list[str], memo: dict | None = None) -> dict[str, str]:
    """Every file the course needs to be read offline, from ``pages`` (e.g. ``intro.html``)
    through what they load and link: ``{path: url}``, the url as the pages ask for it (with
    its ``?v=``)."""
    files: dict[str, str] = {}
    todo = list(pages)
    for folder in ALSO_STORED:
        todo += [p.relative_to(outdir).as_posix() for p in sorted((outdir / folder).rglob('*'))
                 if p.is_file()]
    seen = set()
    while todo:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.add(path)
        if path.startswith(NOT_STORED) or not (outdir / path).is_file():
            continue
        files.setdefault(path, path)
        if path.endswith('.html'):
            references = _html_references(outdir, path, memo)
        elif path.endswith('.css'):
            references = _css_references((outdir / path).read_text(encoding='utf-8'))
        else:
            continue
        for url in references:
            target, query = _resolve(path, url)
            if target.startswith('..') or target.startswith(NOT_STORED):
                continue
            if (outdir / target).is_file():
                if query and files.get(target, target) == target:
                    files[target] = f'{target}?{query}'
                files.setdefault(target, target)
                todo.append(target)
    return dict(sorted(files.items()))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _sent(path: Path, data: bytes) -> int:
    """Bytes on the wire from a host that compresses text as GitHub Pages does (gzip)."""
    kind = mimetypes.guess_type(path.name)[0] or ''
    if kind.startswith(COMPRESSED):
        return len(gzip.compress(data, compresslevel=6, mtime=0))
    return len(data)


def manifest(outdir: Path, pages: list[str], home: str, book: set[str], memo: dict | None = None) -> dict:
    """``offline.json``: the build's version, the home page, and every stored file with its url,
    size, size on the wire and hash; ``book``: the paths of the book's own pages."""
    files = []
    for path, url in stored_files(outdir, pages, memo).items():
        data = (outdir / path).read_bytes()
        entry = {'url': url, 'bytes': len(data), 'sent': _sent(outdir / path, data),
                 'hash': _digest(data)}
        if path in book:
            entry['page'] = 1                      # a page of the book (counted for the student)
        files.append(entry)
    worker = WORKER_SOURCE.read_text(encoding='utf-8')
    listing = '\n'.join(f'{f["url"]} {f["hash"]}' for f in files) + '\n' + worker
    return {'version': _digest(listing.encode('utf-8'))[:12], 'home': home,
            'pages': sum('page' in f for f in files),
            'bytes': sum(f['bytes'] for f in files), 'sent': sum(f['sent'] for f in files),
            'files': files}


def write_offline_files(outdir: Path, pages: list[str], home: str, book: set[str], memo: dict | None = None) -> dict:
    """``offline.json`` and ``sw.js`` at the root of ``outdir``, from ``pages`` and what they load
    and link; ``book``: the book's own pages among them. Returns the manifest."""
    outdir = Path(outdir)
    data = manifest(outdir, pages, home, set(book), memo)
    (outdir / MANIFEST).write_text(json.dumps(data, ensure_ascii=False, separators=(',', ':')),
                                   encoding='utf-8')
    worker = WORKER_SOURCE.read_text(encoding='utf-8')
    for name, value in (('VERSION', data['version']), ('HOME', home)):
        placeholder = f"'__{name}__'"
        if placeholder not in worker:
            raise ValueError(f'{WORKER_SOURCE.name} não tem mais {placeholder}')
        worker = worker.replace(placeholder, json.dumps(value))
    (outdir / WORKER).write_text(worker, encoding='utf-8')
    return data


def _book(app) -> list[str]:
    return [app.builder.get_target_uri(doc) for doc in sorted(app.env.found_docs)]


def _write(app, exception):
    if exception is not None or app.builder.format != 'html':
        return
    import page_assets
    if page_assets.deferred_in_preview(app, Path(app.outdir) / MANIFEST):
        return                                # nobody saves the preview for reading offline
    book = _book(app)
    pages = book + [app.builder.get_target_uri('search')]
    if (Path(app.outdir) / 'index.html').is_file():     # Jupyter Book's redirect to the home page
        pages.append('index.html')
    memo_file = Path(app.doctreedir) / 'course-cache' / 'offline-references.json'
    memo = json.loads(memo_file.read_text(encoding='utf-8')) if memo_file.is_file() else {}
    write_offline_files(Path(app.outdir), pages, app.builder.get_target_uri(app.config.root_doc),
                        set(book), memo)
    memo_file.parent.mkdir(parents=True, exist_ok=True)
    memo_file.write_text(json.dumps(memo), encoding='utf-8')


# ----------------------------------------------------------------------------- pages

def _page_assets(app, pagename, templatename, context, doctree):
    body = context.get('body', '')
    if 'data-guardar-curso' in body:
        import course_assets  # sizes are written with the course's numbers (decimal comma)
        if not course_assets.loaded_by(body, 'numbers.js'):
            app.add_js_file(f'{course_assets.FOLDER}/numbers.js')


def _only_where_needed(app, config):
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, ASSETS)


def setup(app):
    app.setup_extension('page_assets')
    app.setup_extension('course_assets')
    app.setup_extension('search')               # its index is part of what is stored
    app.add_directive('guardar-curso', GuardarCurso)
    app.connect('config-inited', _only_where_needed)
    app.connect('html-page-context', _page_assets)
    app.add_js_file('offline.js')               # every page: registers the service worker
    app.add_css_file('offline.css')
    app.connect('build-finished', _write, priority=970)   # after the search index (950)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
