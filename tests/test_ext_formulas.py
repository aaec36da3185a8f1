"""_ext/formulas.py on the small test book: formulas written by KaTeX at build time, their MathML
with whole accented letters, the quizzes' formulas (the wide-block script: test_ext_wide_blocks.py)."""
import inspect
import re

from ext_book import html, outdir, soup


def test_formulas_are_written_at_build_time(book):
    page = soup(book, 'aula')
    assert len(page.select('.math .katex')) == 2
    assert not page.select('.katex-error')
    sources = ' '.join(s.get('src', '') for s in page.find_all('script'))
    assert 'katex' not in sources.lower() and 'mathjax' not in sources.lower()


def test_mathml_has_whole_accented_letters(book):
    """A screen reader reads the MathML: "revocação", not "revocac¸a˜o"."""
    mathml = ' '.join(m.get_text() for m in soup(book, 'aula').select('.katex-mathml math'))
    assert 'revocação' in mathml and 'acurácia' in mathml
    assert '¸' not in mathml and '˜' not in mathml and 'ˊ' not in mathml


def test_quiz_formulas_are_rendered_in_the_page_and_in_its_data(book):
    page = html(book, 'aula')
    assert 'data-cq-typeset="katex"><span class="katex">' in page
    for data in soup(book, 'aula').select('script.cq-data'):    # also a quiz whose only formula is in its feedback
        assert 'data-cq-typeset=\\"katex\\"><span class=\\"katex\\">' in data.string
        assert not re.search(r'class=\\"cq-math\\" data-tex=\\"[^"]*\\">(?!<span class=\\"katex)', data.string)


def test_katex_files_are_served_by_the_site(book):
    katex = outdir(book) / '_static' / 'vendor' / 'katex'
    assert (katex / 'LICENSE').is_file() and (katex / 'fonts' / 'KaTeX_Main-Regular.woff2').is_file()
    assert not list((katex / 'fonts').glob('*.ttf')) and not list((katex / 'fonts').glob('*.woff'))
    assert 'format("woff")' not in (katex / 'katex.min.css').read_text(encoding='utf-8')


def test_the_katex_server_race_is_still_there_to_work_around():
    """sphinxcontrib.katex connects as soon as the socket file exists (ConnectionRefusedError on a
    busy machine); formulas.py replaces that start. When an upgrade fixes it upstream, this fails:
    drop the replacement."""
    import formulas
    from sphinxcontrib import katex
    assert katex.KaTeXServer.start_server_process.__func__ is formulas._start_server
    source = inspect.getsource(katex.KaTeXServer)
    upstream = source[source.index('def start_server_process'):source.index('def start_network_socket')]
    assert 'while not socket_path.is_socket():' in upstream and 'ConnectionRefusedError' not in upstream
