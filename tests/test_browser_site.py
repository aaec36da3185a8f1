"""The built site in a real Chromium with the network blocked: it must work offline."""
import pytest

from conftest import toc_pages


@pytest.mark.parametrize('page_name', toc_pages())
def test_page_works_offline_without_console_errors(page, page_name):
    page.goto(f'{page.site_url}/{page_name}.html', wait_until='networkidle')
    assert page.outside_requests == [], f'{page_name} asks outside the site: {page.outside_requests}'
    assert page.console_errors == [], f'{page_name} logs errors: {page.console_errors}'
    assert page.locator('article h1').first.is_visible()


def test_math_is_typeset_offline(page):
    # 'load', not 'networkidle': the page's lazy slides iframe may keep the network busy
    page.goto(f'{page.site_url}/lessons/metricas-fundamental.html', wait_until='load')
    page.wait_for_selector('mjx-container', timeout=15_000)
    assert page.locator('mjx-container').count() > 5


def test_search_box_speaks_portuguese(page):
    page.goto(f'{page.site_url}/intro.html', wait_until='networkidle')
    assert page.get_by_placeholder('Buscar no curso...').count() >= 1
