"""One term per idea: the glossary (glossario.md) is the authority, and the built site follows it.

- every lesson links the glossary, and the first use of each glossary term on a lesson page is a
  link to its entry (Sphinx's ``{term}`` role);
- the forms the glossary lists under **Evite** appear nowhere in the site's visible prose (code,
  printed outputs and the glossary itself excepted);
- numbers in prose follow one style: decimal comma, thousands with a dot, "80 %" (never "80%"),
  the minus sign "−".
"""
import re

import pytest
from bs4 import BeautifulSoup

from conftest import ROOT, toc_pages

GLOSSARY = (ROOT / 'glossario.md').read_text(encoding='utf-8')
LESSONS = [p for p in toc_pages() if p.startswith('lessons/')]
PROSE_PAGES = [p for p in toc_pages() if p != 'glossario']


def glossary_terms():
    """The names of every entry: the unindented lines inside the glossary directive."""
    body = GLOSSARY.split(':::{glossary}', 1)[1].split('\n:::', 1)[0]
    return [line.strip() for line in body.splitlines() if line.strip() and not line[0].isspace()]


def banned_forms():
    """Every “…” after an **Evite:** of the glossary."""
    forms = []
    for line in re.findall(r'\*\*Evite:\*\*(.*)', GLOSSARY):
        forms += re.findall(r'“([^”]+)”', line)
    return forms


def article(site, page):
    html = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    return html.select_one('article.bd-article') or html.body


def visible_prose(node):
    """The text a student reads as prose: no code, no printed output, no scripts."""
    node = BeautifulSoup(str(node), 'html.parser')
    for tag in node(['script', 'style', 'code', 'pre', 'math', 'svg']):
        tag.decompose()
    for tag in node.select('.cell_output .output, .cell_input, .math, mjx-container, '
                           '.MathJax, span.math'):
        tag.decompose()
    return re.sub(r'\s+', ' ', node.get_text(' '))


def test_the_glossary_is_big_enough_and_lists_banned_forms():
    assert len(glossary_terms()) >= 30
    assert {'pontuação', 'Brier score', 'baseline', 'o log loss', 'log-loss'} <= set(banned_forms())


@pytest.mark.parametrize('page', LESSONS)
def test_every_lesson_links_the_glossary(site, page):
    links = [a.get('href', '') for a in article(site, page).find_all('a')]
    assert any('glossario.html' in href for href in links), f'{page} never links the glossary'


def _first_use_is_linked(site, page, term):
    """Walk the prose in page order; the first whole-word use of ``term`` must sit in a link to
    the glossary. Headings, figure captions, code and outputs do not count as uses."""
    pattern = re.compile(rf'(?<![\w-]){re.escape(term)}(?![\w-])', re.I)
    skip = ('h1', 'h2', 'h3', 'h4', 'code', 'pre', 'script', 'style', 'figcaption', 'caption',
            'math', 'svg', 'title')
    root = article(site, page)
    for text in root.find_all(string=pattern):
        parents = list(text.parents)
        names = {p.name for p in parents}
        classes = {c for p in parents for c in (p.get('class') or [])}
        if names & set(skip) or classes & {'cell_output', 'admonition-title', 'headerlink',
                                           'explorable', 'cq-quiz', 'math', 'sd-card'}:
            continue
        link = next((p for p in parents if p.name == 'a'), None)
        return link is not None and 'glossario.html#term-' in link.get('href', '')
    return True      # the term is not used on this page


@pytest.mark.parametrize('page', LESSONS)
def test_first_use_of_each_term_links_its_entry(site, page):
    unlinked = [t for t in glossary_terms() if not _first_use_is_linked(site, page, t)]
    assert not unlinked, f'{page}: first use not linked to the glossary: {unlinked}'


@pytest.mark.parametrize('page', PROSE_PAGES)
def test_no_banned_form_in_the_prose(site, page):
    prose = visible_prose(article(site, page))
    found = [form for form in banned_forms()
             if re.search(rf'(?<![\w-]){re.escape(form)}(?![\w-])', prose, re.I)]
    assert not found, f'{page} uses forms the glossary bans: {found}'


@pytest.mark.parametrize('page', PROSE_PAGES)
def test_numbers_in_prose_follow_one_style(site, page):
    prose = visible_prose(article(site, page))
    assert not re.findall(r'\d%', prose), f'{page}: write "80 %", not "80%"'
    assert not re.findall(r'(?<![\w.,])\d{1,3} \d{3}(?!\d)', prose), \
        f'{page}: thousands with a dot ("1.000"), not a space'
    assert not re.findall(r'(?<![\w−])-\d+,\d', prose), f'{page}: minus sign "−", not "-"'
