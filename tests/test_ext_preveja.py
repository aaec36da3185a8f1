"""_ext/preveja.py on the small test book: the box, its answer region, and its files registered by
the extension, on the page that has a Preveja only; a count's unit (``:unidade:``); what gives
an answer away (``:revela:``)."""
import pytest
from ext_book import head, outdir, script_files, soup
from preveja import unit_option


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


def test_a_count_box_carries_its_unit(book):
    """``:unidade: mulher/mulheres`` on the test book's numeric box: written for preveja.js, which
    gives the difference with its noun ("27 mulheres abaixo", "1 mulher abaixo")."""
    box = soup(book, 'aula').select('div.admonition.preveja')[1]
    ui = box.select_one('.preveja-ui')
    assert (ui['data-tipo'], ui['data-resposta'], ui['data-unidade']) == ('numero', '117', 'mulher/mulheres')
    assert 'data-glossario' not in ui.attrs          # the test book has no glossary page to link
    assert '117 mulheres' in box.find_next_sibling().get_text()


def test_the_unit_is_a_noun_and_never_for_a_percentage():
    assert unit_option('mulheres', '117') == 'mulheres'
    assert unit_option(' falso  negativo / falsos negativos ', '3') == 'falso negativo/falsos negativos'
    for text, answer, says in [('a/b/c', '3', 'o singular e o plural'), ('/casos', '3', 'o plural'),
                               ('pontos', '24\xa0%', 'pontos percentuais')]:
        with pytest.raises(ValueError, match=says):
            unit_option(text, answer)


def test_a_box_declares_what_gives_it_away(book):
    """``:revela: teste_faltam | "todas as que marcaram"``: the glued number as the page writes it and
    the phrase, for tests/test_preveja_leaks.py."""
    import json
    ui = soup(book, 'aula').select('div.admonition.preveja')[1].select_one('.preveja-ui')
    assert json.loads(ui['data-revela']) == {'numeros': ['83'], 'textos': ['todas as que marcaram']}
    assert 'data-revela' not in soup(book, 'aula').select_one('div.admonition.preveja .preveja-ui').attrs
