"""Reading without internet, in Chromium, with the site served as GitHub Pages serves it (under
``/<repositório>/``, gzip, ``max-age=600``; tests/subpath_site.py) and the network then cut
(``context.set_offline(True)``):

- a page once opened opens again offline, with its formulas, every figure (also those further
  down, not yet scrolled to), a working explorable and a working quiz;
- a page never opened answers with a page that says so, until "Guardar o curso para ler sem
  internet" (which says the course's size first and downloads nothing before it is pressed);
  after it, an unvisited page opens offline, with its figures, explorable and quiz, and the
  search works offline;
- "Remover a cópia guardada" deletes the stored copy;
- a new build deployed at the same address replaces the stored pages: the page shows the new
  text, the older cache is gone, unchanged files are carried over without a second download;
- the page-weight measurement (scripts/pageweight.py) still sees what crosses the network once
  the service worker answers the pages.
"""
import json
import re
import shutil
import sys
import time

import pytest
from audits import size  # as the box writes it: the home page's audits keep what it shows
from subpath_site import PREFIX, SubPathSite

from conftest import ROOT, toc_pages

sys.path.insert(0, str(ROOT / '_ext'))
import offline  # noqa: E402

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

VISITED = 'lessons/custo.html'          # figures, the cost explorable, a quiz
UNVISITED = 'lessons/calibracao.html'   # the calibration explorable, a quiz
UNVISITED_FIGURE = 'lessons/calibracao-ideia.html'   # the same lesson's figure, one part later
CACHE_PREFIX = f'curso-offline:{PREFIX}/:'


@pytest.fixture
def served(site):
    with SubPathSite(site) as s:
        yield s


@pytest.fixture
def student(browser, served):
    """A fresh browser profile on the served site. Not conftest's recording page: Playwright's
    request routing turns the browser's HTTP cache off, and what the worker downloads again or
    not is part of what is tested here; requests outside the site are recorded instead."""
    context = browser.new_context()
    pg = context.new_page()
    pg.site_url = served.url
    pg.failed, pg.outside_requests = [], []
    # a request the next navigation cancels (net::ERR_ABORTED: the tab icon of a page left at once)
    # did not fail; a file the worker cannot give does (net::ERR_FAILED, ERR_INTERNET_DISCONNECTED)
    pg.on('requestfailed', lambda r: r.failure == 'net::ERR_ABORTED' or pg.failed.append(f'{r.url} {r.failure}'))
    context.on('request', lambda r: r.url.startswith((served.url, 'data:'))
               or pg.outside_requests.append(r.url))
    yield pg
    context.close()


def open_page(pg, path):
    pg.goto(f'{pg.site_url}/{path}', wait_until='load')


def heading(pg):
    """The page's title: the lesson's h1, or what the browser showed instead (the worker's "Sem
    internet" page, Chromium's error page), said in the failure."""
    h1 = pg.locator('article h1')
    if h1.count() == 0:
        pytest.fail(f'{pg.url} showed "{pg.title()}": {pg.locator("body").inner_text()[:300]!r}')
    return h1.first.inner_text()


def controlled(pg):
    pg.wait_for_function('navigator.serviceWorker.controller !== null', timeout=20_000)


def stored_urls(pg):
    return pg.evaluate(f"""async () => {{
        const names = (await caches.keys()).filter(n => n.startsWith({json.dumps(CACHE_PREFIX)}));
        const urls = [];
        for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(r.url);
        return urls; }}""")


def cache_names(pg):
    return pg.evaluate(f"caches.keys().then(k => k.filter(n => n.startsWith({json.dumps(CACHE_PREFIX)})))")


def wait_kept(pg, path):
    """Until the page and all its figures are in the worker's cache."""
    images = pg.evaluate("Array.from(document.querySelectorAll('article img'), i => i.src)")
    wanted = [f'{pg.site_url}/{path}'] + images
    for _ in range(100):
        if set(wanted) <= set(stored_urls(pg)):
            return images
        pg.wait_for_timeout(200)
    pytest.fail(f'not kept: {sorted(set(wanted) - set(stored_urls(pg)))}')


def check_page_works(pg, kind, figures=True):
    """Text, formulas, every figure (at least one, unless ``figures`` is false), the explorable
    and the quiz of the page now showing."""
    assert pg.locator('article h1').first.is_visible()
    assert pg.locator('.katex').count() > 3
    pg.evaluate("document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
    pg.wait_for_function("Array.from(document.querySelectorAll('article img')).every(i => i.complete)")
    images = pg.evaluate("Array.from(document.querySelectorAll('article img'), i => [i.src, i.naturalWidth])")
    assert (images or not figures) and all(width > 0 for _, width in images), images
    assert pg.evaluate("document.fonts.ready.then(() => document.fonts.check('16px KaTeX_Main'))")
    box = pg.locator(f'.explorable-{kind}').first
    hidden_by = box.locator('xpath=ancestor::div[contains(@class, "preveja-resposta")]')
    if hidden_by.count():            # the answer of a Preveja (predict first): shown as a student does
        hidden_by.locator('xpath=preceding-sibling::div[contains(@class, "preveja")][1]') \
            .locator('button.preveja-pular').click()
    box.scroll_into_view_if_needed()
    assert box.get_attribute('data-mounted') == 'true'
    before = box.inner_text()
    choice = box.locator('input[type=radio]:not(:checked)')
    if choice.count():
        choice.first.check()
    else:
        slider = box.locator('input[type=range]').last
        slider.focus()
        slider.press('Home')
    assert box.inner_text() != before, 'the explorable did not react'
    quiz = pg.locator('fieldset.cq-q').first
    quiz.scroll_into_view_if_needed()
    option = quiz.locator('.cq-options input[type=radio], .cq-options input[type=checkbox]').first
    if option.count():
        option.check()
    else:
        quiz.get_by_label('Sua resposta').fill('0')
    quiz.get_by_role('button', name='Conferir').click()     # every question is graded on purpose
    assert quiz.locator('.cq-feedback').inner_text().strip(), 'the quiz gave no feedback'


def save_the_course(pg):
    open_page(pg, 'intro.html')
    status = pg.locator('.guardar-curso-estado')
    pg.wait_for_function("!/Calculando|JavaScript/.test(document.querySelector('.guardar-curso-estado').textContent)")
    text = status.inner_text()
    pg.get_by_role('button', name='Guardar o curso para ler sem internet').click()
    pg.wait_for_function("document.querySelector('.guardar-curso-estado').textContent.includes('está guardado')",
                         timeout=60_000)
    return text


# ----------------------------------------------------------------------------- visited pages

def test_the_worker_is_registered_for_the_sites_folder(student, served):
    open_page(student, VISITED)
    controlled(student)
    scope = student.evaluate('navigator.serviceWorker.ready.then(r => r.scope)')
    assert scope == f'{served.url}/'
    assert student.evaluate('navigator.serviceWorker.controller.scriptURL') == f'{served.url}/sw.js'


def test_a_visited_page_opens_offline(student):
    open_page(student, VISITED)
    controlled(student)
    wait_kept(student, VISITED)
    student.context.set_offline(True)
    student.reload(wait_until='load')
    assert 'custo' in student.locator('article h1').first.inner_text().lower()
    check_page_works(student, 'cost')
    assert student.failed == [], student.failed
    assert student.outside_requests == []


def test_a_page_visited_on_a_phone_opens_offline_with_its_renders(browser, served):
    """A figure is a <picture>: on a phone the phone render shows, not img.src (the desktop one).
    The page keeps the render this screen shows in its theme, for every figure (also those not
    scrolled to), and no other (metered data: the budget test counts the worker's downloads)."""
    context = browser.new_context(viewport={'width': 390, 'height': 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    pg = context.new_page()
    pg.site_url = served.url
    try:
        open_page(pg, VISITED)
        controlled(pg)
        phone = pg.evaluate("""Array.from(document.querySelectorAll('article picture source[srcset*="-phone"]'),
                                          s => new URL(s.getAttribute('srcset'), document.baseURI).href)""")
        light = [u for u in phone if u.endswith('-phone.webp')]
        assert light and len(light) < len(phone), phone          # light and dark phone renders
        for _ in range(100):
            if set(light) <= set(stored_urls(pg)):
                break
            pg.wait_for_timeout(200)
        stored = set(stored_urls(pg))
        assert set(light) <= stored, sorted(set(light) - stored)
        assert not [u for u in stored if u.endswith('-phone-dark.webp') or re.search(r'/[0-9a-f]{64}(-dark)?\.webp$', u)], \
            'a render this screen does not show was downloaded'
        context.set_offline(True)
        pg.reload(wait_until='load')
        pg.evaluate("document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
        pg.wait_for_function("Array.from(document.querySelectorAll('article picture img'))"
                             ".every(i => i.complete && i.currentSrc)")
        shown = pg.evaluate("Array.from(document.querySelectorAll('article picture img'),"
                            " i => [i.currentSrc, i.naturalWidth])")
        assert all(src.endswith('-phone.webp') and width > 0 for src, width in shown), shown
    finally:
        context.close()


def test_an_unvisited_page_says_it_is_not_stored(student):
    open_page(student, VISITED)
    controlled(student)
    student.context.set_offline(True)
    student.goto(f'{student.site_url}/{UNVISITED}', wait_until='load')
    assert student.locator('h1').inner_text() == 'Sem internet'
    assert student.get_by_role('link', name='página inicial').get_attribute('href') == \
        f'{student.site_url}/intro.html'


# ----------------------------------------------------------------------------- the whole course

def test_guardar_says_the_size_first_and_downloads_nothing_before(student, site):
    manifest = json.loads((site / 'offline.json').read_text(encoding='utf-8'))
    asked = []
    student.context.on('request', lambda r: asked.append(r.url))
    open_page(student, 'intro.html')
    controlled(student)
    student.wait_for_function("!/Calculando/.test(document.querySelector('.guardar-curso-estado').textContent)")
    text = student.locator('.guardar-curso-estado').inner_text()
    assert f'ocupa {size(manifest["bytes"])} neste aparelho' in text, text
    if 'Já está' not in text:        # (the home page itself may be kept already: then "o resto")
        assert f'O curso inteiro ({manifest["pages"]} páginas' in text
        assert f'baixa cerca de {size(manifest["sent"])}' in text, text
    student.wait_for_timeout(1000)
    others = [u for u in asked if any(f'{PREFIX}/{d}/' in u for d in ('lessons', 'labs', 'slides', 'pagefind', '_images'))]
    assert others == [], f'downloaded before "Guardar": {others}'
    assert manifest['pages'] == len(toc_pages())


def test_the_size_is_said_also_when_the_number_module_arrives_late(browser, served, site):
    """offline.js comes before course/numbers.js on the home page; on a loaded machine the
    manifest can arrive first (CI once showed "Sem conexão" online: size() ran without the
    module). numbers.js held back 1,5 s must not change what the box says."""
    manifest = json.loads((site / 'offline.json').read_text(encoding='utf-8'))
    context = browser.new_context()
    pg = context.new_page()
    errors = []
    pg.on('pageerror', lambda e: errors.append(str(e)))
    pg.on('console', lambda m: m.type == 'error' and errors.append(m.text))

    def late(route):
        time.sleep(1.5)
        route.continue_()
    try:
        context.route('**/course/numbers.js*', late)
        pg.goto(f'{served.url}/intro.html', wait_until='load')
        pg.wait_for_function("!/Calculando/.test(document.querySelector('.guardar-curso-estado').textContent)")
        text = pg.locator('.guardar-curso-estado').inner_text()
        assert f'ocupa {size(manifest["bytes"])} neste aparelho' in text, text
        assert errors == []
    finally:
        context.close()


def test_after_guardar_an_unvisited_page_opens_offline(student, site):
    save_the_course(student)
    manifest = json.loads((site / 'offline.json').read_text(encoding='utf-8'))
    stored = set(stored_urls(student))
    missing = [f['url'] for f in manifest['files'] if f'{student.site_url}/{f["url"]}' not in stored]
    assert missing == []
    student.context.set_offline(True)
    open_page(student, UNVISITED)
    assert 'Calibração' in heading(student)
    check_page_works(student, 'calibration', figures=False)
    open_page(student, UNVISITED_FIGURE)          # the lesson's figure is on its second part
    student.evaluate("document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
    student.wait_for_function("Array.from(document.querySelectorAll('article img')).every(i => i.complete)")
    widths = student.evaluate("Array.from(document.querySelectorAll('article img'), i => i.naturalWidth)")
    assert widths and all(w > 0 for w in widths), widths
    open_page(student, 'slides/fundamental.html')
    student.wait_for_function("window.Reveal && Reveal.isReady()")
    assert student.evaluate("Array.from(document.images).every(i => i.naturalWidth > 0)")
    open_page(student, 'search.html?q=calibracao')
    first = student.locator('.course-search-page .course-search-pages a.course-search-title').first
    first.wait_for()
    assert first.get_attribute('href').split('#')[0].endswith(UNVISITED)   # a section of it, maybe
    open_page(student, 'intro.html')
    student.wait_for_function("document.querySelector('.guardar-curso-estado').textContent.includes('está guardado')")
    assert student.get_by_role('button', name='Remover a cópia guardada').is_visible()
    assert student.failed == [], student.failed


def test_remover_deletes_the_stored_copy(student):
    save_the_course(student)
    assert cache_names(student)
    student.get_by_role('button', name='Remover a cópia guardada').click()
    student.wait_for_function("document.querySelector('.guardar-curso-estado').textContent.includes('removida')")
    assert cache_names(student) == []
    assert student.get_by_role('button', name='Guardar o curso para ler sem internet').is_visible()
    student.context.set_offline(True)
    open_page(student, UNVISITED)
    assert student.locator('h1').inner_text() == 'Sem internet'


# ----------------------------------------------------------------------------- a new build

MARK = 'Texto novo da construção B.'


@pytest.fixture
def build_b(site, tmp_path):
    """A copy of the built site in which one page changed, with its own offline.json and sw.js
    (what the next build writes)."""
    folder = tmp_path / 'b'
    shutil.copytree(site, folder)
    page = folder / VISITED
    text = page.read_text(encoding='utf-8')
    page.write_text(text.replace('</h1>', f'</h1>\n<p id="marca-b">{MARK}</p>', 1), encoding='utf-8')
    book = [f'{p}.html' for p in toc_pages()]
    manifest = offline.write_offline_files(folder, book + ['search.html', 'index.html'], 'intro.html', set(book))
    return folder, manifest


def test_a_new_build_replaces_the_stored_pages(student, served, site, build_b):
    folder, manifest_b = build_b
    version_a = json.loads((site / 'offline.json').read_text(encoding='utf-8'))['version']
    assert manifest_b['version'] != version_a
    save_the_course(student)
    open_page(student, VISITED)
    assert student.locator('#marca-b').count() == 0
    assert cache_names(student) == [CACHE_PREFIX + version_a]

    served.asked.clear()
    served.serve(folder)                                   # build B deployed at the same address
    open_page(student, VISITED)
    assert student.locator('#marca-b').inner_text() == MARK, 'the page did not update'
    student.wait_for_function(f"caches.keys().then(k => k.filter(n => n.startsWith({json.dumps(CACHE_PREFIX)})))"
                              f".then(k => k.length === 1 && k[0] === {json.dumps(CACHE_PREFIX + manifest_b['version'])})",
                              timeout=30_000, polling=200)
    stored = set(stored_urls(student))
    missing = [f['url'] for f in manifest_b['files'] if f'{student.site_url}/{f["url"]}' not in stored]
    assert missing == [], f'the stored copy lost files in the update: {missing[:5]}'
    carried = [p for p in served.asked if p.startswith(('/_images/', '/_static/vendor/', '/pagefind/'))]
    assert carried == [], f'unchanged files downloaded again: {carried[:5]}'

    student.context.set_offline(True)
    open_page(student, VISITED)
    assert student.locator('#marca-b').inner_text() == MARK, 'offline, the old page was shown'
    open_page(student, UNVISITED)
    assert 'Calibração' in heading(student)


# ----------------------------------------------------------------------------- the measurement

def test_the_page_weight_counts_what_the_worker_downloads(browser, site):
    """Once the worker controls the page (after the home page), the page's requests report no
    bytes: the measurement counts the worker's own downloads, so a lesson still weighs."""
    sys.path.insert(0, str(ROOT / 'scripts'))
    from pageweight import LocalSite, visit
    with LocalSite(site, compress=True) as s:
        after = visit(browser, s.url, VISITED.removesuffix('.html'), after='intro')
    assert after.bytes > 50_000, after.by_url
    assert any(u.endswith(VISITED) for u in after.by_url)
