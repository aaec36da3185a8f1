"""What a search engine, a browser tab and the search page need: a Portuguese description for
every page (_ext/page_descriptions.yml), the site's icon, and a search that still works with the
theme's scripts deferred."""
import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import ROOT, toc_pages

DESCRIPTIONS = yaml.safe_load((ROOT / '_ext' / 'page_descriptions.yml').read_text(encoding='utf-8'))


def soup(site, page):
    return BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')


@pytest.mark.slow
@pytest.mark.parametrize('page', toc_pages())
def test_every_page_has_its_description(page):
    description = (DESCRIPTIONS or {}).get(page)
    assert description, f'{page} não tem descrição em _ext/page_descriptions.yml'
    assert 70 <= len(description) <= 200, f'{page}: a descrição tem {len(description)} caracteres'
    assert any(w in description.split() for w in ('de', 'e', 'o', 'a', 'do', 'da', 'em')), \
        f'{page}: a descrição não parece estar em português'


def test_no_description_for_a_page_that_does_not_exist():
    assert set(DESCRIPTIONS) <= set(toc_pages()), set(DESCRIPTIONS) - set(toc_pages())


@pytest.mark.slow
@pytest.mark.parametrize('page', toc_pages())
def test_page_carries_its_description_and_icon(site, page):
    html = soup(site, page)
    meta = html.find_all('meta', attrs={'name': 'description'})
    assert len(meta) == 1 and meta[0]['content'] == DESCRIPTIONS[page].strip()
    icon = html.find('link', rel='icon')
    assert icon is not None, f'{page} has no icon: the browser asks for /favicon.ico (404)'
    assert (site / page).parent.joinpath(icon['href']).resolve().is_file()


@pytest.mark.slow
def test_search_finds_a_lesson(page):
    """The search page (Pagefind's index, _ext/search.py) works with the theme's scripts deferred
    (_ext/page_head.py)."""
    page.goto(f'{page.site_url}/search.html?q=limiar', wait_until='load')
    results = page.locator('.course-search-page .course-search-pages a.course-search-title')
    results.first.wait_for(timeout=15_000)
    assert results.count() >= 3
    assert page.console_errors == [] and page.outside_requests == []
