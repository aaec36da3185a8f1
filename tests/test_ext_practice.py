"""_ext/practice.py on the small test book (tests/roots/test-book/pratica.md): the draws the build
writes are course/practice.py's, the box is the exercise of seed 1 with its solution (whole
without a script), numbered on its page, and its files load only where there is a box."""
import json

import practice as extension
from bs4 import BeautifulSoup
from ext_book import PAGES, head, outdir, script_files, soup, warnings

from course import practice


def draws_of(book, kind):
    return json.loads((outdir(book) / '_static' / 'pratique' / f'{kind}.json').read_text(encoding='utf-8'))


def test_the_build_writes_every_kinds_draws_as_draw_gives_them(book):
    folder = outdir(book) / '_static' / 'pratique'
    assert sorted(p.stem for p in folder.glob('*.json')) == sorted(practice.KINDS)
    for kind in practice.KINDS:
        data = draws_of(book, kind)
        assert data['format'] == 'curso-pratique' and data['version'] == 2 and data['kind'] == kind
        assert data['title'] == practice.KINDS[kind].title and data['seeds'] == practice.N_SEEDS
        assert len(data['draws']) == practice.N_SEEDS
        assert len(set(data['texts'])) == len(data['texts'])           # each label and hint once
        for seed, entry in enumerate(data['draws'], start=1):
            assert extension.resolved(entry, data['texts']) == practice.draw(kind, seed).as_json(), (kind, seed)


def boxes(book):
    return soup(book, 'pratica').select('div.admonition.pratique')


def test_each_box_is_the_exercise_of_seed_one_numbered_on_its_page(book):
    found = boxes(book)
    assert [b.select_one('.admonition-title').get_text() for b in found] == \
        [f'Pratique · exercício {k}' for k in range(1, 5)]
    for box, kind in zip(found, ['precisao', 'auc-pares', 'f1', 'custo-esperado']):
        ui = box.select_one('div.pratique-ui')
        assert ui['data-tipo'] == kind and ui['data-id'] == f'pratique:{kind}'
        assert ui['data-sementes'] == str(practice.N_SEEDS)
        assert ui['data-arquivo'].startswith(f'_static/pratique/{kind}.json?v=')
        ex = practice.draw(kind, 1)
        assert json.loads(ui.select_one('script.pratique-dados').string) == ex.as_json()
        text = ' '.join(ui.get_text(' ').split())
        assert f'{ex.title} · semente 1' in text and ex.question in text
        for paragraph in ex.statement:
            assert ' '.join(paragraph.split()) in text
        # without a script the exercise is whole: its table and, behind a <details>, its solution
        if ex.table:
            cells = [c.get_text() for c in ui.select('.pratique-tabela td')]
            assert cells == [c for row in ex.table['rows'] for c in row[1:]]
        solution = ui.select_one('details.pratique-resolucao')
        assert [p.get_text() for p in solution.select('.pratique-passo')] == ex.solution
        answer = (ex.steps[0].written if len(ex.steps) == 1 else
                  '; '.join(f'passo {k}: {s.written}' for k, s in enumerate(ex.steps, 1)))
        assert f'Resposta: {answer}' == solution.select_one('.pratique-resposta').get_text()
        assert ex.hint in text
    assert 'Mais uma matriz, outros números' in found[0].select_one('.pratique-legenda').get_text()


def test_the_version_in_the_address_is_the_files(book):
    import zlib
    for box in boxes(book):
        ui = box.select_one('div.pratique-ui')
        path, version = ui['data-arquivo'].split('?v=')
        assert version == f'{zlib.crc32((outdir(book) / path).read_bytes()):08x}'


def test_its_files_only_on_the_page_with_a_box(book):
    loaded = [path for path, _ in script_files(head(book, 'pratica'))]
    for name in ('pratique.js', 'course/numbers.js', 'course/answers.js'):
        assert f'_static/{name}' in loaded, name
    # its stylesheet is in site.css (_ext/preveja.py says why)
    assert '/* pratique.css */' in (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    assert loaded.index('_static/course/answers.js') < loaded.index('_static/pratique.js')
    for page in PAGES:
        if page not in ('pratica', 'progresso'):         # "Meu progresso": the review's exercises
            assert 'pratique.js' not in str(head(book, page))
        assert 'pratique.css' not in str(head(book, page))
    # nothing of the draws in the page but the one exercise: the kinds' files are fetched on demand
    assert '_static/pratique/' not in str(head(book, 'pratica'))


def test_the_offline_list_stores_the_draws(book):
    manifest = json.loads((outdir(book) / 'offline.json').read_text(encoding='utf-8'))
    urls = {f['url'].split('?')[0] for f in manifest['files']}
    for kind in practice.KINDS:
        assert f'_static/pratique/{kind}.json' in urls, kind


def test_the_markup_of_another_seed():
    html = extension.exercise_html(practice.draw('bayes', 3))
    page = BeautifulSoup(html, 'html.parser')
    assert page.select_one('.pratique-exercicio')['data-semente'] == '3'
    assert page.select_one('.pratique-tabela') is None           # Bayes has no table


def test_an_exercise_in_steps_lists_them_and_their_answers_without_a_script():
    ex = practice.draw('custo-esperado', 5)
    page = BeautifulSoup(extension.exercise_html(ex), 'html.parser')
    assert [li.get_text() for li in page.select('ol.pratique-passos-lista li')] == \
        [s.label.split(' · ', 1)[1] for s in ex.steps]
    answer = page.select_one('.pratique-resposta').get_text()
    assert answer == 'Resposta: ' + '; '.join(f'passo {k}: R$\u00a0{s.shown}' for k, s in enumerate(ex.steps, 1))


def test_the_book_builds_without_a_warning_of_ours(book):
    assert 'pratique' not in warnings(book)
