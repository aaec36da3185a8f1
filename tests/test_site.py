"""Assertions on the built HTML: what a reader of the static site would notice."""
import json
import re

import pytest
import yaml
from bs4 import BeautifulSoup
from interface_english import ENGLISH_UI

from conftest import ROOT, toc_pages

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

CONFIG = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))
REPO_URL = CONFIG['repository']['url'].rstrip('/')
BRANCH = CONFIG['repository']['branch']
COLAB_PREFIX = f"https://colab.research.google.com/github/{REPO_URL.split('github.com/')[1]}/blob/{BRANCH}/"

def soup(site, page):
    return BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')


@pytest.mark.parametrize('page', toc_pages())
def test_every_toc_page_is_built_in_portuguese(site, page):
    html = soup(site, page)
    assert html.html['lang'] == 'pt-BR'
    assert html.find('h1') is not None, f'{page} has no title'


@pytest.mark.parametrize('page', toc_pages())
def test_interface_text_is_portuguese(site, page):
    html = soup(site, page)
    for tag in html(['script', 'style', 'code', 'pre']):
        tag.decompose()
    visible = html.get_text(' ')
    attributes = ' '.join(str(v) for t in html.find_all(True)
                          for k, v in t.attrs.items() if k in ('title', 'aria-label', 'placeholder',
                                                             'data-bs-title'))
    for english in ENGLISH_UI:
        assert english not in visible + ' ' + attributes, f'{page}: "{english}" left in English'


@pytest.mark.parametrize('page', toc_pages())
def test_no_traceback_in_any_output(site, page):
    html = soup(site, page)
    for output in html.select('.cell_output, .output'):
        text = output.get_text()
        assert 'Traceback' not in text and 'Error' not in text.split('\n')[0], \
            f'{page}: an output shows an error:\n{text[:500]}'
    assert not html.select('.output.traceback, .traceback')


@pytest.mark.parametrize('page', toc_pages())
def test_page_loads_nothing_from_outside_the_site(site, page):
    html = soup(site, page)
    for tag, attr in [('script', 'src'), ('link', 'href'), ('img', 'src'), ('iframe', 'src')]:
        for element in html.find_all(tag):
            url = element.get(attr)
            if not url or (tag == 'link' and 'stylesheet' not in element.get('rel', [])
                           and 'preload' not in element.get('rel', [])):
                continue
            assert not re.match(r'^(https?:)?//', url), f'{page}: {tag} loads {url}'
    assert 'unpkg.com' not in str(html) and 'cdn.jsdelivr' not in str(html)


def colab_links(html):
    return [a['href'] for a in html.find_all('a', href=True) if a['href'].startswith(COLAB_PREFIX)]


@pytest.mark.parametrize('page', [p for p in toc_pages() if p.startswith('labs/')])
def test_lab_page_opens_its_notebook_in_colab(site, page):
    links = colab_links(soup(site, page))
    assert links, f'{page} has no Colab button'
    for link in links:
        notebook = link[len(COLAB_PREFIX):]
        assert notebook == f'{page}.ipynb'
        assert (ROOT / notebook).is_file(), f'the Colab link names {notebook}, which is not in the repo'


@pytest.mark.parametrize('page', toc_pages())
def test_colab_links_name_existing_notebooks(site, page):
    for link in colab_links(soup(site, page)):
        assert (ROOT / link[len(COLAB_PREFIX):]).is_file()


@pytest.mark.parametrize('page', toc_pages())
def test_math_is_rendered_when_the_site_is_built(site, page):
    """Formulas are HTML + MathML written by KaTeX at build time: no math script, no TeX left
    for the browser, no KaTeX error (KaTeX marks one in red instead of failing)."""
    html = soup(site, page)
    sources = ' '.join(s.get('src', '') for s in html.find_all('script'))
    assert 'mathjax' not in sources.lower() and 'katex' not in sources.lower()
    assert not html.select('.katex-error'), f'{page}: KaTeX could not render a formula'
    for math in html.select('.math'):
        assert math.select('.katex'), f'{page}: a formula left as TeX: {math.get_text()[:80]}'
    assert not html.select('.cq-math:not([data-cq-typeset])'), f'{page}: quiz math left as text'
    for data in html.select('script.cq-data'):     # the feedback, shown by the quiz's script
        text = json.dumps(json.loads(data.string.replace('<\\/', '</')), ensure_ascii=False)
        assert not re.search(r'class=\\"cq-math\\" data-tex=\\"[^"]*\\">', text), \
            f'{page}: math of a quiz feedback left as text'
    fonts = site / '_static' / 'vendor' / 'katex' / 'fonts'
    assert (fonts / 'KaTeX_Main-Regular.woff2').is_file()


def test_the_lessons_offer_every_kind_of_practice_outside_the_predictions(site):
    """Issue 32: at least ten kinds of "Pratique" across the lesson pages (here all of them), each
    box in the open: not inside a Preveja's answer region, which stays hidden until the student
    predicts, and not twice (a kind is practised where its calculation is taught)."""
    from course import practice, toc
    found = {}
    for page in toc.lesson_pages():
        html = soup(site, page)
        for box in html.select('.admonition.pratique'):
            kind = box.select_one('.pratique-ui')['data-tipo']
            assert kind not in found, f'{kind}: on {found.get(kind)} and on {page}'
            found[kind] = page
            assert box.find_parent(class_='preveja-resposta') is None, f'{page}: {kind} hidden behind a Preveja'
    assert len(found) >= 10 and set(found) == set(practice.KINDS), sorted(set(practice.KINDS) - set(found))
