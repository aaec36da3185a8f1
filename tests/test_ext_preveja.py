"""_ext/preveja.py on the small test book: the box, its answer region, and its files registered by
the extension, on the page that has a Preveja only."""
from ext_book import head, outdir, script_files, soup


def test_the_box_and_its_answer(book):
    page = soup(book, 'aula')
    box = page.select_one('div.admonition.preveja')
    assert box.select_one('.preveja-ui')['data-tipo'] == 'texto'
    answer = box.find_next_sibling()
    assert 'preveja-resposta' in answer['class'] and 'ela cai' in answer.get_text()


def test_a_subtitle_inside_the_answer_is_a_heading_and_stays_hidden(book):
    """A section would end the answer region; a rubric with :heading-level: keeps it going and
    is still a heading (h3) with its label as id."""
    answer = soup(book, 'aula').select_one('div.admonition.preveja').find_next_sibling()
    heading = answer.select_one('h3#sec-aula-rubrica')
    assert heading is not None and 'Um subtítulo' in heading.get_text()
    assert 'continua depois do subtítulo' in answer.get_text()


def test_its_files_only_on_its_page(book):
    with_box = str(head(book, 'aula'))
    assert '_static/preveja.js' in [path for path, _ in script_files(head(book, 'aula'))]
    assert "classList.add('preveja-js')" in with_box     # set before the first paint: no flash of answers
    for page in ('intro', 'notebook'):
        assert 'preveja.js' not in str(head(book, page))
    # its stylesheet is in site.css, on every page, not a file that blocks the first paint
    assert '/* preveja.css */' in (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    assert 'preveja.css' not in with_box
