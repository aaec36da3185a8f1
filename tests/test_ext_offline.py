"""_ext/offline.py on the small test book, and its list of stored files on small sites of its own:
the service worker at the site's root with the build's version, offline.json with every page
and every file they load (woff2 for a font offered in several formats, the slides' Markdown
images, the search's index, never the pages' sources), sizes and hashes of the real files, a
version that changes with any stored file and only then; the registration script on every page.
(In Chromium, offline, on the real site: tests/test_offline.py.)"""
import hashlib
import json
import shutil

import offline
import pytest
from ext_book import PAGES, head, outdir, script_files


def manifest_of(folder):
    return json.loads((folder / offline.MANIFEST).read_text(encoding='utf-8'))


def test_the_worker_is_at_the_root_with_the_builds_version(book):
    site = outdir(book)
    worker = (site / offline.WORKER).read_text(encoding='utf-8')
    manifest = manifest_of(site)
    assert f'const VERSION = "{manifest["version"]}";' in worker
    assert 'const HOME = "intro.html";' in worker and '__VERSION__' not in worker
    assert "self.registration.scope" in worker


def test_every_page_and_what_it_loads_is_listed_with_its_real_size_and_hash(book):
    site = outdir(book)
    manifest = manifest_of(site)
    urls = {f['url'].split('?')[0]: f for f in manifest['files']}
    for page in PAGES:
        assert urls[f'{page}.html'].get('page') == 1
    assert 'search.html' in urls and manifest['pages'] == len(PAGES)
    assert any(u.startswith('_static/site.css') for u in urls) and 'pagefind/pagefind.js' in urls
    assert 'figura.png' in ' '.join(urls) or any(u.startswith('_images/') for u in urls)
    assert not [u for u in urls if u.startswith('_sources/') or u in ('sw.js', 'offline.json')]
    for url, entry in urls.items():
        data = (site / url).read_bytes()
        assert entry['bytes'] == len(data) and entry['hash'] == hashlib.sha256(data).hexdigest()[:16]
        assert 0 < entry['sent'] <= len(data) + 30
    assert manifest['bytes'] == sum(f['bytes'] for f in manifest['files'])
    # a page asks for its scripts with ?v=: the list keeps that address (what the worker matches)
    assert any('?v=' in f['url'] for f in manifest['files'])


def test_a_font_in_several_formats_is_stored_as_woff2(book):
    urls = [f['url'] for f in manifest_of(outdir(book))['files']]
    fonts = [u for u in urls if '/fonts/' in u or '/webfonts/' in u]
    assert fonts and all(u.endswith('.woff2') for u in fonts), fonts


def test_the_registration_script_is_on_every_page(book):
    for name in PAGES + ['search']:
        found = [deferred for path, deferred in script_files(head(book, name)) if path.endswith('_static/offline.js')]
        assert found == [True], name
    css = (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    assert '/* offline.css */' in css


@pytest.fixture
def copy(book, tmp_path):
    folder = tmp_path / 'site'
    shutil.copytree(outdir(book), folder)
    return folder


def rewrite(folder):
    pages = [f'{p}.html' for p in PAGES]
    return offline.write_offline_files(folder, pages + ['search.html'], 'intro.html', set(pages))


def test_the_version_changes_with_a_stored_file_and_only_then(book, copy):
    first = rewrite(copy)
    assert rewrite(copy)['version'] == first['version']
    (copy / '_sources').mkdir(exist_ok=True)
    (copy / '_sources' / 'novo.md').write_text('não guardado', encoding='utf-8')
    assert rewrite(copy)['version'] == first['version'], 'a file that is not stored changed it'
    page = copy / 'aula.html'
    page.write_text(page.read_text(encoding='utf-8').replace('</h1>', '</h1><p>novo</p>', 1),
                    encoding='utf-8')
    second = rewrite(copy)
    assert second['version'] != first['version']
    changed = [a['url'] for a, b in zip(first['files'], second['files']) if a['hash'] != b['hash']]
    assert changed == ['aula.html']
    assert f'const VERSION = "{second["version"]}";' in (copy / 'sw.js').read_text(encoding='utf-8')


def test_what_stylesheets_and_slides_load_is_followed(tmp_path):
    (tmp_path / '_static' / 'fonts').mkdir(parents=True)
    (tmp_path / 'slides' / 'figures').mkdir(parents=True)
    for name in ('_static/fonts/a.woff2', '_static/fonts/a.ttf', '_static/fundo.png',
                 'slides/figures/f.png', '_static/fora.png'):
        (tmp_path / name).write_bytes(b'x')
    (tmp_path / '_static' / 'site.css').write_text(
        '@font-face{font-family:A;src:url(fonts/a.woff2) format("woff2"),url(fonts/a.ttf) '
        'format("truetype")}body{background:url("fundo.png")}i{background:url(data:image/png;base64,AA)}',
        encoding='utf-8')
    (tmp_path / 'intro.html').write_text(
        '<link rel="stylesheet" href="_static/site.css?v=1"><a href="slides/d.html">slides</a>'
        '<a href="https://example.org/x.html">fora</a><a href="_sources/intro.md">fonte</a>',
        encoding='utf-8')
    (tmp_path / 'slides' / 'd.html').write_text(
        '<section data-markdown><textarea data-template>![fig](figures/f.png)</textarea></section>',
        encoding='utf-8')
    files = offline.stored_files(tmp_path, ['intro.html'])
    assert files == {'_static/fonts/a.woff2': '_static/fonts/a.woff2', '_static/fundo.png': '_static/fundo.png',
                     '_static/site.css': '_static/site.css?v=1', 'intro.html': 'intro.html',
                     'slides/d.html': 'slides/d.html', 'slides/figures/f.png': 'slides/figures/f.png'}
