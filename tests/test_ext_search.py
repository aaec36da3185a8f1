"""_ext/search.py on the small test book, and its preparation of pages on small pages of its own:
the search page is the course's, Sphinx's index is not built, Pagefind's index is (without
Pagefind's own interfaces), the search's script is on every page; sections are linked by their
headings, code and formulas are not indexed, a glossary entry is a record of its own, linked to
the page that teaches it. (The search in Chromium, on the real site: tests/test_search.py.)"""
import json

import pytest
import search
from ext_book import PAGES, head, outdir, script_files, soup
from sphinx.errors import ExtensionError


def test_the_search_page_is_the_courses_and_sphinx_index_is_not_built(book):
    page = soup(book, 'search')
    assert page.select_one('.course-search-page [data-course-search=page]') is not None
    assert page.select_one('.course-search-page form.bd-search input[name=q]')['placeholder'] == \
        'Buscar no curso...'
    assert page.find('h1').get_text(strip=True) == 'Buscar'
    assert 'A busca precisa de JavaScript' in page.select_one('.course-search-page noscript').get_text()
    assert not (outdir(book) / 'searchindex.js').exists()
    assert not [s for s in page.find_all('script') if 'searchtools' in (s.get('src') or '')]


def test_pagefinds_index_is_written_without_its_interfaces(book):
    bundle = outdir(book) / search.BUNDLE
    assert (bundle / 'pagefind.js').is_file() and (bundle / f'wasm.{search.LANGUAGE}.pagefind').is_file()
    assert list((bundle / 'fragment').iterdir()) and list((bundle / 'index').iterdir())
    for pattern in search.NOT_SERVED:
        assert not list(bundle.glob(pattern)), pattern


def test_the_search_script_is_on_every_page_and_its_style_in_the_bundle(book):
    for name in PAGES + ['search']:
        files = script_files(head(book, name))
        found = [deferred for path, deferred in files if path.endswith('_static/search.js')]
        assert found == [True], (name, files)
    css = (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    assert '/* search.css */' in css and '.course-search-results' in css


GLOSSARY = '''<html><body><article class="bd-article"><section id="glossario">
<h1>Glossário<a class="headerlink" href="#glossario">#</a></h1><p>Um nome por ideia.</p>
<dl class="simple glossary">
<dt id="term-revocacao">revocação<a class="headerlink" href="#term-revocacao">#</a></dt>
<dt id="term-sensibilidade">sensibilidade<a class="headerlink" href="#term-sensibilidade">#</a></dt>
<dd><p>Entre os positivos, a fração encontrada: <span class="math"><span class="katex"><annotation
encoding="application/x-tex">TP/(TP + FN)</annotation></span></span>. <em>Recall</em>;
<code>recall_score</code>. Ver <a class="reference internal" href="lessons/aula.html#sec-precisao">
<span class="std std-ref">2. Precisão e revocação</span></a>.</p></dd>
<dt id="term-acuracia">acurácia<a class="headerlink" href="#term-acuracia">#</a></dt>
<dd><p>Engana quando uma classe é rara (o <a class="reference internal"
href="lessons/aula.html#sec-acuracia"><span>paradoxo da acurácia</span></a>).</p></dd>
</dl></section></article></body></html>'''

LESSON = '''<html><body><article class="bd-article"><section id="aula">
<h1>Uma aula<a class="headerlink" href="#aula">#</a></h1>
<section id="precisao-e-revocacao"><span id="sec-precisao"></span>
<h2>2. Precisão e revocação<a class="headerlink" href="#precisao-e-revocacao">#</a></h2>
<p>A revocação conta os positivos achados.</p>
<div class="cell_input"><pre>recall_score(y, y_pred)</pre></div>
<div class="cell_output"><pre>recall 0.70</pre></div>
<p>Em fórmula: <span class="katex"><span class="katex-html">TP</span></span>.</p>
</section></section></article></body></html>'''


@pytest.fixture
def small_site(tmp_path):
    (tmp_path / 'lessons').mkdir()
    (tmp_path / 'glossario.html').write_text(GLOSSARY, encoding='utf-8')
    (tmp_path / 'lessons' / 'aula.html').write_text(LESSON, encoding='utf-8')
    (tmp_path / 'labs').mkdir()
    (tmp_path / 'labs' / 'lab.html').write_text(LESSON.replace('Uma aula', 'Um lab'), encoding='utf-8')
    return tmp_path


def test_a_glossary_entry_is_a_record_linked_to_the_page_that_teaches_it(small_site):
    pages, records = search.prepared(small_site, {'glossario': 'Referência', 'lessons/aula': 'Aulas'})
    by_url = {r['url']: r for r in records}
    entry = by_url['/glossario.html#term-revocacao']
    assert entry['meta']['title'] == 'revocação (sensibilidade)'
    assert entry['meta']['nomes'] == 'revocação / sensibilidade'
    assert entry['meta']['aula'] == '/lessons/aula.html#sec-precisao'
    assert entry['meta']['aula_titulo'] == 'Uma aula' and entry['meta']['secao'] == '2. Precisão e revocação'
    assert entry['content'] == ('Entre os positivos, a fração encontrada: TP/(TP + FN). Recall; '
                                'recall_score.'), 'the "Ver ..." link is shown apart, not indexed'
    assert entry['filters'] == {'tipo': ['verbete']}
    # no "Ver": the first link says where the idea is taught, and stays in the text
    acuracia = by_url['/glossario.html#term-acuracia']
    assert acuracia['meta']['aula'] == '/lessons/aula.html#sec-acuracia'
    assert 'paradoxo da acurácia' in acuracia['content']
    lesson = {p['url']: p['html'] for p in pages}['/lessons/aula.html']
    assert 'data-pagefind-meta="ensina:revocação / sensibilidade / acurácia"' in lesson
    assert 'data-pagefind-meta="parte:Aulas"' in lesson and 'depois' not in lesson
    glossary_page = {p['url']: p['html'] for p in pages}['/glossario.html']
    assert 'Um nome por ideia' in glossary_page and 'term-revocacao' not in glossary_page


def test_the_labs_are_marked_to_come_after_the_lessons(small_site):
    pages, _ = search.prepared(small_site, {'lessons/aula': 'Aulas', 'labs/lab': 'Labs no Colab'})
    html = {p['url']: p['html'] for p in pages}
    assert 'data-pagefind-meta="depois:1"' in html['/labs/lab.html']
    assert 'depois' not in html['/lessons/aula.html']


def test_sections_are_linked_by_their_headings_and_code_and_formulas_are_not_indexed(small_site):
    pages, _ = search.prepared(small_site, {'lessons/aula': 'Aulas'})
    html = pages[0]['html']
    assert '<h2 id="precisao-e-revocacao">' in html
    assert 'recall_score' not in html and 'recall 0.70' not in html and 'katex' not in html
    assert 'headerlink' not in html and '<title>Uma aula</title>' in html
    assert 'data-pagefind-body' in html and 'data-pagefind-filter="tipo:pagina"' in html


def test_a_missing_pagefind_says_what_to_run(small_site, monkeypatch):
    monkeypatch.setattr(search, 'PAGEFIND', small_site / 'node_modules' / 'pagefind')
    with pytest.raises(ExtensionError, match='npm ci'):
        search.write_index(small_site, {'lessons/aula': 'Aulas'})


def test_the_index_of_the_small_pages_is_written(small_site):
    bundle = search.write_index(small_site, {'glossario': 'Referência', 'lessons/aula': 'Aulas'})
    entry = json.loads((bundle / 'pagefind-entry.json').read_text(encoding='utf-8'))
    assert 'pt' in entry['languages'] and entry['languages']['pt']['page_count'] == 4  # 2 pages + 2 entries


@pytest.mark.parametrize('tex, text', [
    (r'F_\beta = \frac{(1 + \beta^2) \cdot P \cdot R}{\beta^2 \cdot P + R}',
     'Fβ = ((1 + β²) · P · R)/(β² · P + R)'),
    (r'\beta > 1', 'β > 1'),
    (r'\frac{TP}{TP + FN}', 'TP/(TP + FN)'),
    (r'0{,}75', '0,75'),
    (r'\text{AUC} = \Phi(d/\sqrt{2})', 'AUC = Φ(d/√(2))'),
    (r'\frac{c_{FP}}{c_{FP} + c_{FN}}', 'cFP/(cFP + cFN)'),
    (r'\hat{p}_i \le 1', 'pᵢ ≤ 1'),
])
def test_a_formula_is_read_as_text(tex, text):
    assert search.tex_text(tex) == text


def test_a_snippet_keeps_its_formulas_and_the_screen_only_what_it_shows(small_site):
    """Issue 30: "Média harmônica ponderada de precisão e revocação, : com a revocação pesa
    mais" (the formula gone from the snippet). A formula is indexed as text; what the screen does
    not show (the printed page's address, a hidden element) is not indexed."""
    lesson = small_site / 'lessons' / 'aula.html'
    lesson.write_text(LESSON.replace(
        '<p>A revocação conta os positivos achados.</p>',
        '<p class="handout-endereco" hidden>Versão interativa desta página: https://exemplo</p>'
        '<p>Com <span class="math"><span class="katex"><span class="katex-mathml"><math><semantics>'
        '<annotation encoding="application/x-tex">\\beta &gt; 1</annotation></semantics></math></span>'
        '<span class="katex-html">β&gt;1</span></span></span> a revocação pesa mais.</p>'), encoding='utf-8')
    glossary = small_site / 'glossario.html'
    glossary.write_text(GLOSSARY.replace('TP/(TP + FN)', '\\frac{TP}{TP + FN}'), encoding='utf-8')
    pages, records = search.prepared(small_site, {'glossario': 'Referência', 'lessons/aula': 'Aulas'})
    html = {p['url']: p['html'] for p in pages}['/lessons/aula.html']
    from bs4 import BeautifulSoup
    text = ' '.join(BeautifulSoup(html, 'html.parser').get_text(' ').split())
    assert 'Com β > 1 a revocação pesa mais.' in text, text
    assert 'exemplo' not in html and 'Versão interativa' not in html
    entry = {r['url']: r for r in records}['/glossario.html#term-revocacao']
    assert entry['content'].startswith('Entre os positivos, a fração encontrada: TP/(TP + FN).'), entry
