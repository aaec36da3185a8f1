"""The site's search in Chromium, typed as a student types it (the field that Ctrl + K opens):
without accents it finds what it finds with them, plurals find the singular, the lesson that
teaches the idea comes first, the labs after the lessons, and the glossary entry is shown; the index loads
only when someone types; the search page shows the same results; it works under GitHub Pages'
sub-path; and the open results pass axe-core in light and dark mode.

The lesson that teaches each idea is the glossary's word (the entry's "Ver ..." link): the table
below says it again, by hand, so that a ranking or a glossary that changed makes this test fail.
"""
import pytest
from bs4 import BeautifulSoup
from subpath_site import SubPathSite
from test_accessibility import BLOCKING, describe, run_axe

from conftest import recording_page

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

# query -> (glossary anchor, the lesson that teaches it, its lab, which must come after it)
# (the fundamental metrics lesson is in parts: §3-4 in its first page, §5-6 in metricas-fundamental-perguntas)
QUERIES = {
    'revocacao': ('term-revocacao', 'lessons/metricas-fundamental-perguntas', 'labs/triagem'),
    'precisao': ('term-precisao', 'lessons/metricas-fundamental-perguntas', 'labs/triagem'),
    'calibracao': ('term-calibracao', 'lessons/calibracao', 'labs/calibracao'),
    'matriz de confusao': ('term-matriz-de-confusao', 'lessons/metricas-fundamental', 'labs/triagem'),
    'limiares': ('term-limiar', 'lessons/metricas-fundamental-perguntas', 'labs/triagem'),
    'acuracia': ('term-acuracia', 'lessons/metricas-fundamental', 'labs/triagem'),
}
ACCENTED = {'revocacao': 'revocação', 'precisao': 'precisão', 'calibracao': 'calibração',
            'matriz de confusao': 'matriz de confusão', 'limiares': 'limiares',
            'acuracia': 'acurácia'}


def typed(page, query, base=None):
    """The dialog's results after typing ``query``: (glossary hrefs, page hrefs) as paths
    relative to the site, in the order shown."""
    if not page.evaluate("document.getElementById('pst-search-dialog').open"):
        page.keyboard.press('Control+k')             # (pressed again, it closes the dialog)
    field = page.locator('#pst-search-dialog input[name=q]')
    field.wait_for(state='visible')
    field.fill('')
    field.press_sequentially(query, delay=20)
    box = page.locator('#pst-search-dialog .course-search-results')
    page.wait_for_function(
        """q => { const s = document.querySelector('#pst-search-dialog .course-search-status');
                  return s && s.textContent.includes('“' + q + '”'); }""", arg=query)
    base = base or page.site_url
    rel = page.evaluate("""([base, sel]) => Array.from(document.querySelectorAll(sel),
        a => new URL(a.href).href.replace(base + '/', '').replace(/\\.html(?=#|$)/, ''))""",
                        [base, '#pst-search-dialog .course-search-entries a.course-search-title'])
    pages = page.evaluate("""([base, sel]) => Array.from(document.querySelectorAll(sel),
        a => new URL(a.href).href.replace(base + '/', '').replace(/\\.html(?=#|$)/, ''))""",
                          [base, '#pst-search-dialog .course-search-pages a.course-search-title'])
    return box, rel, pages


def open_site(page, path='lessons/roc.html'):
    page.goto(f'{page.site_url}/{path}', wait_until='load')


@pytest.mark.parametrize('query', list(QUERIES))
def test_a_query_without_accents_finds_the_lesson_that_teaches_it(page, query):
    anchor, lesson, lab = QUERIES[query]
    open_site(page)
    _, entries, pages = typed(page, query)
    assert entries and entries[0] == f'glossario#{anchor}', (query, entries)
    assert pages and pages[0] == lesson, (query, pages)
    if lab in pages:
        assert pages.index(lesson) < pages.index(lab)
    labs = [p.startswith('labs/') for p in pages]
    assert labs == sorted(labs), f'a lab above a lesson: {pages}'
    where = page.locator('#pst-search-dialog .course-search-where a')
    assert where.count() == 1 and f'{lesson}.html' in where.get_attribute('href')
    assert page.outside_requests == [] and page.console_errors == []


@pytest.mark.parametrize('query', [q for q in QUERIES if ACCENTED[q] != q])
def test_with_and_without_accents_the_same_results(page, query):
    open_site(page)
    plain = typed(page, query)[1:]
    accented = typed(page, ACCENTED[query])[1:]
    assert plain == accented, (query, plain, accented)


def test_a_plural_finds_the_singular_and_a_singular_the_plural(page):
    open_site(page)
    assert typed(page, 'limiar')[1][0] == 'glossario#term-limiar'
    assert typed(page, 'matrizes de confusao')[1][0] == 'glossario#term-matriz-de-confusao'
    assert typed(page, 'falsos positivos')[1][0] == 'glossario#term-falso-positivo'


def test_nothing_found_says_so_in_portuguese(page):
    open_site(page)
    page.keyboard.press('Control+k')
    page.locator('#pst-search-dialog input[name=q]').press_sequentially('zzzzqq', delay=20)
    status = page.locator('#pst-search-dialog .course-search-status')
    status.wait_for()
    page.wait_for_function("document.querySelector('#pst-search-dialog .course-search-status')"
                           ".textContent.startsWith('Nada encontrado')")
    assert status.get_attribute('role') == 'status'


def test_the_index_loads_only_when_someone_types(browser, site_url):
    pg = recording_page(browser, [site_url, 'data:'])
    asked = []
    pg.context.on('request', lambda r: asked.append(r.url))
    try:
        pg.goto(f'{site_url}/lessons/calibracao.html', wait_until='load')
        pg.wait_for_timeout(500)
        assert not [u for u in asked if '/pagefind/' in u], 'the search index loads with the page'
        pg.keyboard.press('Control+k')
        pg.wait_for_timeout(300)
        assert not [u for u in asked if '/pagefind/' in u], 'opening the field is not searching'
        pg.locator('#pst-search-dialog input[name=q]').press_sequentially('brier', delay=20)
        pg.locator('#pst-search-dialog .course-search-list').first.wait_for()
        assert [u for u in asked if u.endswith('/pagefind/pagefind.js')]
        assert pg.console_errors == [] and pg.outside_requests == []
    finally:
        pg.context.close()


def test_the_search_page_shows_the_same_results(page):
    page.goto(f'{page.site_url}/search.html?q=calibracao', wait_until='load')
    first = page.locator('.course-search-page .course-search-pages a.course-search-title').first
    first.wait_for()
    assert first.get_attribute('href').endswith('lessons/calibracao.html')
    entry = page.locator('.course-search-page .course-search-entries a.course-search-title').first
    assert entry.get_attribute('href').endswith('glossario.html#term-calibracao')
    field = page.locator('.course-search-page form.bd-search input[name=q]')
    assert field.input_value() == 'calibracao'
    field.fill('')
    field.press_sequentially('acuracia', delay=20)
    page.wait_for_function("location.search === '?q=acuracia'")
    # the box is emptied while the new query runs (its status comes back with the results): wait
    # for it, do not read a status that is not there yet (CI once failed on that null)
    page.wait_for_function("document.querySelector('.course-search-page .course-search-status')"
                           "?.textContent.includes('acuracia')")
    assert page.locator('.course-search-page .course-search-pages a').first.get_attribute(
        'href').endswith('lessons/metricas-fundamental.html')
    assert page.title().startswith('Buscar')


def test_enter_leads_to_the_search_page(page):
    open_site(page)
    page.keyboard.press('Control+k')
    field = page.locator('#pst-search-dialog input[name=q]')
    field.press_sequentially('revocacao', delay=20)
    field.press('Enter')
    page.wait_for_url('**/search.html?q=revocacao')
    page.locator('.course-search-page .course-search-list').first.wait_for()


def test_the_search_works_under_the_sites_sub_path(browser, site):
    with SubPathSite(site) as served:
        pg = recording_page(browser, [served.url.split('/avaliando')[0], 'data:'])
        try:
            pg.goto(f'{served.url}/lessons/custo.html', wait_until='load')
            pg.site_url = served.url
            _, entries, pages = typed(pg, 'calibracao', base=served.url)
            assert entries[0] == 'glossario#term-calibracao' and pages[0] == 'lessons/calibracao'
            links = pg.evaluate("Array.from(document.querySelectorAll('#pst-search-dialog a'), a => a.href)")
            assert links and all(u.startswith(served.url + '/') for u in links), links
            assert pg.console_errors == []
        finally:
            pg.context.close()


@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_the_open_results_pass_axe(page, mode):
    page.context.add_init_script(f"localStorage.setItem('mode', '{mode}');"
                                 f"localStorage.setItem('theme', '{mode}');")
    open_site(page)
    typed(page, 'revocacao')
    violations = [v for v in run_axe(page) if v['impact'] in BLOCKING]
    assert violations == [], describe(violations)
    page.goto(f'{page.site_url}/search.html?q=revocacao', wait_until='load')
    page.locator('.course-search-page .course-search-list').first.wait_for()
    violations = [v for v in run_axe(page) if v['impact'] in BLOCKING]
    assert violations == [], describe(violations)


def test_sphinx_search_is_not_built_and_the_search_page_is_ours(site):
    assert not (site / 'searchindex.js').exists()
    search = BeautifulSoup((site / 'search.html').read_text(encoding='utf-8'), 'html.parser')
    assert search.select_one('[data-course-search=page]') is not None
    assert search.select_one('.course-search-page form.bd-search input[name=q]') is not None
    assert not [s for s in search.find_all('script') if 'searchtools' in (s.get('src') or '')]
    assert (site / 'pagefind' / 'pagefind.js').is_file()
    assert not list((site / 'pagefind').glob('pagefind-ui*'))       # Pagefind's own UI: not served
