"""The "Pratique" boxes in Chromium, on a phone (390 × 844, touch, density 3), on the small test book
(tests/roots/test-book/pratica.md: a box of precisão and one of ROC AUC by pairs; progresso.md).

What a student would notice if it broke:
- "Outro exercício" or a seed typed by hand does not change the numbers, or shows another draw
  than the build's (course/practice.draw);
- a wrong answer does not show the worked solution, or shows it with other numbers;
- the right answer typed with a comma, as a fraction or as a percentage is refused; a
  non-number is counted instead of getting the message; checking one exercise twice counts twice;
- the draws are downloaded before the student asks for another exercise (the page's weight);
- the practice is not stored, not on "Meu progresso" (per kind, "3 certos seguidos": dominado),
  not in the exported answer file, or not in the class report;
- a target smaller than 44 px, a page wider than the phone, an axe violation in light or dark mode,
  a script error, a request outside the site.
"""
import http.server
import importlib.util
import json
import sys
import threading
from functools import partial

import pytest

from conftest import CHROMIUM_ARGS, ROOT  # noqa: F401
from course import practice
from course.answer_files import read_text

pytestmark = pytest.mark.slow

PHONE = dict(viewport={'width': 390, 'height': 844}, is_mobile=True, has_touch=True, device_scale_factor=3)
MESSAGE = 'Digite um número, por exemplo 0,75 (também vale 3/4 ou 75 %).'


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope='module')
def book_url(book):
    from pageweight import QuietServer
    server = QuietServer(('127.0.0.1', 0), partial(_Quiet, directory=str(book.outdir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f'http://127.0.0.1:{server.server_address[1]}'
    server.shutdown()


@pytest.fixture
def phone(browser, book_url):
    """A phone on the test book: requests outside it are aborted and recorded, and so are the
    draws' files asked for (``pg.draws``), console errors kept."""
    context = browser.new_context(accept_downloads=True, **PHONE)
    pg = context.new_page()
    pg.outside, pg.errors, pg.draws = [], [], []

    def route(r):
        url = r.request.url
        if '/_static/pratique/' in url:
            pg.draws.append(url)
        if url.startswith((book_url, 'data:', 'blob:')):
            r.continue_()
        else:
            pg.outside.append(url)
            r.abort()
    context.route('**/*', route)
    pg.on('console', lambda m: m.type == 'error' and pg.errors.append(m.text))
    pg.on('pageerror', lambda e: pg.errors.append(str(e)))
    pg.url_base = book_url
    yield pg
    context.close()


def open_practice(pg, mode='light'):
    pg.context.add_init_script(f"localStorage.setItem('mode', '{mode}');localStorage.setItem('theme', '{mode}');")
    pg.goto(f'{pg.url_base}/pratica.html', wait_until='load')
    box = pg.locator('.admonition.pratique').first
    box.locator('.pratique-form').wait_for()
    return box


def seed_of(box):
    return int(box.locator('.pratique-exercicio').get_attribute('data-semente'))


def shown_exercise(box):
    return ' '.join(box.locator('.pratique-exercicio').inner_text().split())


def answer(box, text, key=False):
    box.get_by_label('Sua resposta').fill(text)
    if key:
        box.get_by_label('Sua resposta').press('Enter')
    else:
        box.get_by_role('button', name='Conferir').click()
    return ' '.join(box.locator('.pratique-retorno').inner_text().split())


def next_exercise(box):
    before = seed_of(box)
    box.get_by_role('button', name='Outro exercício').click()
    box.page.wait_for_function(
        "([el, s]) => el.dataset.semente !== String(s)",
        arg=[box.locator('.pratique-exercicio').element_handle(), before])
    return seed_of(box)


def stored(pg):
    return pg.evaluate('() => JSON.parse(localStorage.getItem("curso:respostas"))')


def item(pg, kind='precisao'):
    doc = stored(pg)
    return next(items[f'pratique:{kind}'] for items in doc['pages'].values() if f'pratique:{kind}' in items)


def test_another_exercise_changes_the_numbers_to_the_next_draw_and_fetches_only_then(phone):
    box = open_practice(phone)
    assert seed_of(box) == 1 and phone.draws == []          # the page weighs its script, not the draws
    first = shown_exercise(box)
    ex1 = practice.draw('precisao', 1)
    assert f'{ex1.title} · semente 1' in first and ex1.question in first
    assert next_exercise(box) == 2
    second = shown_exercise(box)
    ex2 = practice.draw('precisao', 2)
    assert second != first and 'semente 2' in second
    for paragraph in ex2.statement:
        assert paragraph in second
    assert [c.inner_text() for c in box.locator('.pratique-tabela td').all()] == \
        [c for row in ex2.table['rows'] for c in row[1:]]
    assert len(phone.draws) == 1 and '/_static/pratique/precisao.json' in phone.draws[0]
    assert next_exercise(box) == 3 and len(phone.draws) == 1          # fetched once
    assert phone.errors == [] and phone.outside == []


def test_a_wrong_answer_shows_the_worked_solution_in_this_exercises_numbers(phone):
    box = open_practice(phone)
    next_exercise(box)
    ex = practice.draw('precisao', 2)
    solution = box.locator('div.pratique-resolucao')
    assert solution.is_hidden()
    wrong = '0,5' if abs(ex.answer - 0.5) > 0.1 else '0,1'
    text = answer(box, wrong)
    assert text.startswith('✘ Errado.') and f'a resposta é {ex.shown}' in text
    assert solution.is_visible()
    steps = [p.inner_text() for p in solution.locator('.pratique-passo').all()]
    assert steps == ex.solution
    tp, fn = ex.table['rows'][0][1:]
    fp = ex.table['rows'][1][1]
    assert f'{tp} / ({tp} + {fp})' in ' '.join(steps)                  # the matrix's own cells
    assert 'semente 2' in solution.inner_text() and f'Resposta: {ex.shown}' in solution.inner_text()
    rec = item(phone)
    assert (rec['attempts'], rec['right'], rec['streak']) == (1, 0, 0)
    assert rec['last']['seed'] == 2 and rec['last']['answer'] == wrong and rec['last']['verdict'] == 'wrong'
    # checking the same exercise again does not count again (the solution is on the screen)
    again = answer(box, ex.shown)
    assert 'Certo!' in again and 'não conta de novo' in again
    assert item(phone)['attempts'] == 1
    assert phone.errors == []


def test_the_right_answer_as_a_comma_decimal_a_fraction_and_a_percentage(phone):
    box = open_practice(phone)
    forms = []
    for k in range(3):
        ex = practice.draw('precisao', seed_of(box))
        tp, fp = int(ex.table['rows'][0][1]), int(ex.table['rows'][1][1])
        typed = [ex.shown, f'{tp}/{tp + fp}', f'{100 * ex.answer:.1f} %'.replace('.', ',')][k]
        text = answer(box, typed, key=(k == 1))               # the second by Enter: the keyboard checks
        assert text.startswith('✔ Certo!'), (typed, text)
        assert box.locator('div.pratique-resolucao').is_hidden()
        box.get_by_role('button', name='Ver a resolução').click()
        assert box.locator('div.pratique-resolucao').is_visible()
        forms.append(typed)
        next_exercise(box)
    rec = item(phone)
    assert (rec['attempts'], rec['right'], rec['streak']) == (3, 3, 3)
    assert rec['first']['answer'] == forms[0] and rec['last']['answer'] == forms[2]
    assert 'Neste tipo: 3 exercícios conferidos, 3 certos; 3 certos seguidos: dominado' in \
        box.locator('.pratique-contagem').inner_text()
    assert phone.errors == []


def test_a_rounding_away_is_quase_and_counts_as_wrong(phone):
    box = open_practice(phone)
    ex = practice.draw('precisao', 1)
    near = f'{ex.answer + 0.02:.3f}'.replace('.', ',')
    text = answer(box, near)
    assert text.startswith('≈ Quase.') and box.locator('div.pratique-resolucao').is_visible()
    assert item(phone)['right'] == 0 and item(phone)['last']['verdict'] == 'close'


def test_a_non_number_gets_the_message_and_is_not_counted(phone):
    box = open_practice(phone)
    assert answer(box, 'abc') == f'⚠ {MESSAGE}'
    assert 'Divisão por zero' in answer(box, '1/0')
    assert answer(box, '') == f'⚠ {MESSAGE}'
    assert stored(phone) is None                              # nothing kept
    assert box.locator('div.pratique-resolucao').is_hidden()


def test_a_seed_given_by_the_instructor(phone):
    box = open_practice(phone)
    box.locator('summary', has_text='Abrir o exercício de uma semente').click()
    field = box.get_by_label(f'Semente (de 1 a {practice.N_SEEDS})')
    for bad in ('0', f'{practice.N_SEEDS + 1}', 'dez'):
        field.fill(bad)
        box.get_by_role('button', name='Abrir', exact=True).click()
        assert 'Digite uma semente inteira de 1 a' in box.locator('.pratique-retorno').inner_text()
    field.fill('57')
    field.press('Enter')
    phone.wait_for_function("document.querySelector('.pratique-exercicio').dataset.semente === '57'")
    ex = practice.draw('precisao', 57)
    assert f'{ex.title} · semente 57' in shown_exercise(box)
    assert answer(box, ex.shown).startswith('✔ Certo!')
    assert item(phone)['last']['seed'] == 57


def test_the_symbols_the_number_pad_lacks_and_44_px_targets(phone):
    box = open_practice(phone)
    field = box.get_by_label('Sua resposta')
    assert field.get_attribute('inputmode') == 'decimal'
    field.fill('3')
    box.get_by_role('button', name='Inserir a barra de fração').click()
    field.press('End')
    field.type('4')
    assert field.input_value() == '3/4'
    box.get_by_role('button', name='Inserir o sinal de porcentagem').click()
    assert field.input_value() == '3/4%'
    box.locator('summary', has_text='Abrir o exercício').click()
    answer(box, '0,1')                                        # the solution and its button shown too
    for target in box.locator('button:visible, input:visible, summary:visible').all():
        height = target.bounding_box()['height']
        assert height >= 44 - 0.5, (target.evaluate('e => e.outerHTML.slice(0, 80)'), height)
    assert phone.evaluate('document.documentElement.scrollWidth') <= 390
    # the second box works on its own: its own kind and numbers
    auc = phone.locator('.admonition.pratique').nth(1)
    ex = practice.draw('auc-pares', 1)
    assert answer(auc, ex.shown).startswith('✔ Certo!')
    assert item(phone, 'auc-pares')['right'] == 1 and item(phone)['attempts'] == 1


@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_the_box_passes_axe_in_both_modes(phone, mode):
    from test_accessibility import BLOCKING, describe, run_axe
    box = open_practice(phone, mode)
    answer(box, '0,1')                                         # wrong: the feedback and the solution
    auc = phone.locator('.admonition.pratique').nth(1)
    answer(auc, practice.draw('auc-pares', 1).shown)           # right
    box.locator('summary', has_text='Abrir o exercício').click()
    found = run_axe(phone, context="{include: [['.admonition.pratique']]}")
    violations = [v for v in found if v['impact'] in BLOCKING]
    assert violations == [], describe(violations)
    assert phone.errors == []


def test_coming_back_shows_the_next_exercise_and_the_count(phone):
    box = open_practice(phone)
    answer(box, practice.draw('precisao', 1).shown)
    phone.reload(wait_until='load')
    box = phone.locator('.admonition.pratique').first
    phone.wait_for_function("document.querySelector('.pratique-exercicio').dataset.semente === '2'")
    assert 'Neste tipo: 1 exercício conferido, 1 certo; 1 certo seguido' in box.locator('.pratique-contagem').inner_text()


def test_answers_of_the_older_version_stay_and_practice_joins_them(phone):
    older = {'schema': 'curso-respostas', 'version': 2, 'pages': {'aula.html': {'preveja:texto-x': {
        'kind': 'preveja-texto', 'first': {'answer': 'cai', 'verdict': None, 'at': '2026-12-01T10:00:00.000Z'},
        'last': {'answer': 'cai', 'verdict': None, 'at': '2026-12-01T10:00:00.000Z'}, 'attempts': 1,
        'skipped': None}}}}
    phone.context.add_init_script(
        f'if (!sessionStorage.getItem("semeado")) {{ sessionStorage.setItem("semeado", "1"); '
        f'localStorage.setItem("curso:respostas", {json.dumps(json.dumps(older))}); }}')
    box = open_practice(phone)
    answer(box, '0,1')
    doc = stored(phone)
    assert doc['version'] == 3 and doc['pages']['aula.html'] == older['pages']['aula.html']
    assert doc['pages']['pratica.html']['pratique:precisao']['attempts'] == 1


def test_meu_progresso_the_answer_file_and_the_class_report_show_the_practice(phone, book, tmp_path):
    box = open_practice(phone)
    for _ in range(3):                                           # three right in a row: mastered
        answer(box, practice.draw('precisao', seed_of(box)).shown)
        next_exercise(box)
    auc = phone.locator('.admonition.pratique').nth(1)
    answer(auc, '0,1')                                           # one wrong of the other kind
    phone.goto(f'{phone.url_base}/progresso.html', wait_until='load')
    lines = phone.locator('ul.progresso-pratica li')
    lines.first.wait_for()
    by_id = {li.get_attribute('data-id'): ' '.join(li.inner_text().split()) for li in lines.all()}
    assert by_id == {
        'pratique:precisao': 'Exercício de precisão (Exercícios de prática): 3 conferidos, 3 certos; '
                             '✔ dominado: 3 certos seguidos.',
        'pratique:auc-pares': 'Exercício de ROC AUC por pares (Exercícios de prática): 1 conferido, 0 certos; '
                              '0 certos seguidos: faltam 3 para dominar.'}
    assert 'Você praticou 2 de 2 tipos de exercício; dominou 1 (3 certos seguidos).' in \
        phone.locator('#progresso-pratica').inner_text()
    assert 'Você ainda não respondeu nada.' not in phone.locator('#progresso-resumo').inner_text()
    link = phone.locator('ul.progresso-pratica').get_by_role('link', name='Exercício de precisão')
    assert link.get_attribute('href').endswith('pratica.html#da-matriz-a-precisao')
    # the answer file carries it, and the class report reads it
    phone.get_by_label('Seu nome ou número (opcional, para quem dá o curso)').fill('Bia')
    with phone.expect_download() as download:
        phone.get_by_role('button', name='Baixar minhas respostas').click()
    path = tmp_path / 'bia.json'
    download.value.save_as(path)
    exported = read_text(path.read_text(encoding='utf-8'))
    assert exported['answers']['version'] == 3
    kept = exported['answers']['pages']['pratica.html']
    assert (kept['pratique:precisao']['right'], kept['pratique:precisao']['streak']) == (3, 3)
    assert kept['pratique:auc-pares']['last']['verdict'] == 'wrong'
    spec = importlib.util.spec_from_file_location('turma', ROOT / 'scripts' / 'turma.py')
    turma = importlib.util.module_from_spec(spec)
    sys.modules['turma'] = turma
    spec.loader.exec_module(turma)
    result = turma.run([path], book.outdir, tmp_path / 'saida', stream=open(tmp_path / 'log.txt', 'w'))
    by_kind = {r.item['kind']: r for r in result['practice']}
    assert (by_kind['auc-pares'].attempts, by_kind['auc-pares'].wrong) == (1, 1)
    assert (by_kind['precisao'].attempts, by_kind['precisao'].wrong, by_kind['precisao'].mastered) == (3, 0, 1)
    assert result['practice'][0].item['kind'] == 'auc-pares'           # missed most, listed first
    assert phone.errors == [] and phone.outside == []
