"""The "Pratique" boxes in Chromium, on a phone (390 × 844, touch, density 3), on the small test book
(tests/roots/test-book/pratica.md: boxes of precisão, ROC AUC by pairs, F1 and expected cost, the
last two in three steps; progresso.md).

What a student would notice if it broke:
- "Outro exercício" or a seed typed by hand does not change the numbers, or shows another draw
  than the build's (course/practice.draw);
- the tutor (issue 41): a first wrong answer opens the solution (the second try is copying) or
  gives no hint about the mistake; a second wrong answer does not open it, or opens it with other
  numbers; a right second try does not count, or does not say so; an answer after the solution
  counts; a later step is not graded from the student's own earlier numbers; "240 %" is a cost;
- "Revisão de hoje" on "Meu progresso" does not bring back a kind not mastered the next day, with
  a fresh exercise, or does not keep that it was reviewed;
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


def far_from(ex):
    """A wrong answer this draw does not recognise as a typical mistake."""
    known = [m.value for m in ex.steps[0].mistakes] + [ex.answer]
    return next(t for t in ('0,1', '0,5', '0,95', '0,3') if all(abs(float(t.replace(',', '.')) - v) > 0.03 for v in known))


def test_a_first_wrong_answer_gets_a_hint_and_another_try_with_the_solution_closed(phone):
    box = open_practice(phone)
    next_exercise(box)
    ex = practice.draw('precisao', 2)
    solution = box.locator('div.pratique-resolucao')
    assert solution.is_hidden()
    wrong = far_from(ex)
    text = answer(box, wrong)
    assert text.startswith('✘ Ainda não.') and ex.steps[0].check in text      # the generic hint: what to check
    assert ex.shown not in text and 'Mais uma tentativa' in text               # nothing given away
    assert solution.is_hidden() and box.get_by_label('Sua resposta').input_value() == wrong
    assert box.get_by_role('button', name='Ver a resolução').is_visible()
    rec = item(phone)
    assert (rec['attempts'], rec['right'], rec['streak']) == (1, 0, 0)
    assert rec['last'] == {**rec['last'], 'seed': 2, 'answer': wrong, 'verdict': 'wrong', 'try': 1}
    # the second wrong try opens the worked solution, in this exercise's numbers
    text = answer(box, wrong)
    assert text.startswith('✘ Errado.') and f'a resposta é {ex.shown}' in text
    assert solution.is_visible()
    steps = [p.inner_text() for p in solution.locator('.pratique-passo').all()]
    assert steps == ex.solution
    tp, fn = ex.table['rows'][0][1:]
    fp = ex.table['rows'][1][1]
    assert f'{tp} / ({tp} + {fp})' in ' '.join(steps)                  # the matrix's own cells
    assert 'semente 2' in solution.inner_text() and f'Resposta: {ex.shown}' in solution.inner_text()
    assert (item(phone)['attempts'], item(phone)['right']) == (1, 0)
    # after the solution, a right answer does not count, and says so
    again = answer(box, ex.shown)
    assert again.startswith('✔ Certo,') and 'não conta' in again
    assert (item(phone)['attempts'], item(phone)['right']) == (1, 0)
    assert phone.errors == []


def test_the_likely_mistake_is_named_and_a_right_second_try_counts(phone):
    box = open_practice(phone)
    ex = practice.draw('precisao', 1)
    recall = next(m for m in ex.steps[0].mistakes if m.hint.startswith('Esse número é a revocação'))
    text = answer(box, f'{recall.value:.3f}'.replace('.', ','))
    assert text.startswith(f'✘ Ainda não. {recall.hint} Mais uma tentativa: corrija e confira de novo. '
                           'A resolução fica fechada até lá.')
    text = answer(box, ex.shown)
    assert text.startswith('✔ Certo na segunda tentativa: conta como certo.') and ex.shown in text
    rec = item(phone)
    assert (rec['attempts'], rec['right'], rec['second'], rec['streak']) == (1, 1, 1, 0)
    assert 'Neste tipo: 1 exercício conferido, 1 certo (1 na segunda tentativa); 0 certos de primeira seguidos' \
        in text
    assert box.locator('div.pratique-resolucao').is_hidden()
    # "240 %" is not accepted... on an amount; "80 %" is 0,8 on a proportion, "0,8 %" is told
    next_exercise(box)
    ex = practice.draw('precisao', 2)
    typed = ex.shown + ' %'
    text = answer(box, typed)
    assert '"' + ex.shown.rstrip('0') + ' %" é' in text and 'divide por 100' in text, text
    assert phone.errors == []


def steps_box(pg, kind):
    return pg.locator('.admonition.pratique', has=pg.locator(f'.pratique-ui[data-tipo="{kind}"]'))


def fill_steps(box, texts):
    fields = box.locator('.pratique-passo-campo input')
    assert fields.count() == len(texts)
    for field, text in zip(fields.all(), texts):
        field.fill(text)
    box.get_by_role('button', name='Conferir').click()
    return [' '.join(li.inner_text().split()) for li in box.locator('.pratique-retorno-passos li').all()]


def test_f1_in_three_steps_grades_the_last_from_the_students_own_numbers(phone):
    open_practice(phone)
    box = steps_box(phone, 'f1')
    ex = practice.draw('f1', 1)
    labels = [' '.join(t.split()) for t in box.locator('.pratique-passo-campo label').all_inner_texts()]
    assert labels == [s.label for s in ex.steps]
    p, r, f = ex.steps
    spec_for_p = next(m for m in p.mistakes if m.hint.startswith('Esse número é a especificidade'))
    typed_p = f'{spec_for_p.value:.3f}'
    own = practice.OPS['harmonic'](float(typed_p), float(r.shown.replace(',', '.')))
    lines = fill_steps(box, [typed_p.replace('.', ','), r.shown, f'{own:.3f}'.replace('.', ',')])
    assert lines == [f'✘ Passo 1: {spec_for_p.hint}', f'✔ Passo 2: certo ({r.shown}).',
                     '✔ Passo 3: certo a partir dos seus números; o erro está no passo 1.']
    assert box.locator('div.pratique-resolucao').is_hidden()
    assert box.locator('.pratique-passo-campo input').first.get_attribute('aria-invalid') == 'true'
    lines = fill_steps(box, [p.shown, r.shown, f.shown])
    text = ' '.join(box.locator('.pratique-retorno').inner_text().split())
    assert text.startswith('✔ Certo na segunda tentativa: conta como certo. Os 3 passos estão certos.')
    assert lines == [f'✔ Passo {k}: certo ({s.shown}).' for k, s in enumerate(ex.steps, 1)]
    rec = item(phone, 'f1')
    assert (rec['attempts'], rec['right'], rec['second']) == (1, 1, 1)
    assert rec['first']['answer'].count('; ') == 2
    # an empty step spends no try
    next_exercise(box)
    assert fill_steps(box, ['0,5', '', '0,5']) == ['⚠ Passo 2: falta um número.']
    assert item(phone, 'f1')['attempts'] == 1
    assert phone.errors == []


def test_the_expected_cost_in_reais_refuses_a_percentage(phone):
    open_practice(phone)
    box = steps_box(phone, 'custo-esperado')
    ex = practice.draw('custo-esperado', 1)
    assert 'R$\u00a0' in box.locator('.pratique-enunciado').first.inner_text()
    a, b, c = ex.steps
    lines = fill_steps(box, ['R$ ' + a.shown, f'{100 * b.answer:.0f} %', c.shown])
    assert lines[1].startswith('✘ Passo 2:') and 'não uma porcentagem' in lines[1]
    assert lines[0] == f'✔ Passo 1: certo (R$\u00a0{a.shown}).'.replace('\u00a0', ' ')
    assert box.get_by_role('button', name='Inserir o sinal de porcentagem').count() == 0     # no "%" for reais
    # the second wrong try opens the solution, with the answers of the three steps
    fill_steps(box, [a.shown, f'{100 * b.answer:.0f} %', c.shown])
    solution = box.locator('div.pratique-resolucao')
    assert solution.is_visible()
    assert ' '.join(solution.locator('.pratique-resposta').inner_text().split()) == \
        'Resposta: ' + '; '.join(f'passo {k}: R$ {s.shown}' for k, s in enumerate(ex.steps, 1))
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
    assert 'Neste tipo: 3 exercícios conferidos, 3 certos; 3 certos de primeira seguidos: dominado' in \
        box.locator('.pratique-contagem').inner_text()
    assert phone.errors == []


def test_a_rounding_away_is_quase_and_counts_as_wrong(phone):
    box = open_practice(phone)
    ex = practice.draw('precisao', 1)
    near = f'{ex.answer + 0.008:.3f}'.replace('.', ',')
    text = answer(box, near)
    assert text.startswith('≈ Quase.') and 'arredondamento' in text
    assert box.locator('div.pratique-resolucao').is_hidden()
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
    answer(box, '0,1')
    answer(box, '0,1')                                        # the solution and its button shown too
    steps = steps_box(phone, 'f1')
    fill_steps(steps, ['0,1', '0,2', '0,3'])                   # three fields and their feedback
    for target in phone.locator('.admonition.pratique').locator('button:visible, input:visible, summary:visible').all():
        height = target.bounding_box()['height']
        assert height >= 44 - 0.5, (target.evaluate('e => e.outerHTML.slice(0, 80)'), height)
    assert phone.evaluate('document.documentElement.scrollWidth') <= 390
    # the second box works on its own: its own kind and numbers
    auc = phone.locator('.admonition.pratique').nth(1)
    ex = practice.draw('auc-pares', 1)
    assert answer(auc, ex.shown).startswith('✔ Certo!')
    assert item(phone, 'auc-pares')['right'] == 1 and item(phone)['attempts'] == 1
    # every text of the boxes at 11 px or more
    smallest = phone.evaluate("""() => Math.min(...Array.from(document.querySelectorAll('.admonition.pratique *'))
        .filter(e => e.childNodes.length && Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
    assert smallest >= 11, smallest


@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_the_box_passes_axe_in_both_modes(phone, mode):
    from test_accessibility import BLOCKING, describe, run_axe
    box = open_practice(phone, mode)
    answer(box, '0,1')
    answer(box, '0,1')                                         # wrong twice: the feedback and the solution
    fill_steps(steps_box(phone, 'f1'), ['0,1', '0,2', '0,3'])  # the steps' feedback
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
    assert 'Neste tipo: 1 exercício conferido, 1 certo; 1 certo de primeira seguido' in \
        box.locator('.pratique-contagem').inner_text()


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
    assert doc['version'] == 4 and doc['pages']['aula.html'] == older['pages']['aula.html']
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
                             '✔ dominado: 3 certos de primeira seguidos.',
        'pratique:auc-pares': 'Exercício de ROC AUC por pares (Exercícios de prática): 1 conferido, 0 certos; '
                              '0 certos de primeira seguidos: faltam 3 para dominar.',
        'pratique:f1': 'Exercício de F1 (Exercícios de prática): ainda não praticado.',
        'pratique:custo-esperado': 'Exercício de custo esperado (Exercícios de prática): ainda não praticado.'}
    assert 'Você praticou 2 de 4 tipos de exercício; dominou 1 (3 certos de primeira seguidos).' in \
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
    assert exported['answers']['version'] == 4
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


def test_the_review_brings_back_a_kind_not_mastered_with_a_fresh_exercise(phone):
    """Practised yesterday, not mastered: "Revisão de hoje" offers the next seed of the kind, in a
    Pratique box on "Meu progresso"; right at the first try, it is reviewed and comes back in 3 days."""
    from datetime import datetime, timedelta, timezone
    yesterday = (datetime.now(timezone.utc) - timedelta(hours=30)).strftime('%Y-%m-%dT%H:%M:%S.000Z')
    doc = {'schema': 'curso-respostas', 'version': 4, 'pages': {'pratica.html': {'pratique:precisao': {
        'kind': 'pratique', 'first': {'answer': '0,5', 'verdict': 'wrong', 'seed': 5, 'try': 1, 'before': 0, 'at': yesterday},
        'last': {'answer': '0,5', 'verdict': 'wrong', 'seed': 5, 'try': 1, 'before': 0, 'at': yesterday},
        'attempts': 1, 'right': 0, 'streak': 0, 'skipped': None}}}}
    phone.context.add_init_script(
        f'if (!sessionStorage.getItem("semeado")) {{ sessionStorage.setItem("semeado", "1"); '
        f'localStorage.setItem("curso:respostas", {json.dumps(json.dumps(doc))}); }}')
    phone.goto(f'{phone.url_base}/progresso.html', wait_until='load')
    review = phone.locator('#progresso-revisao')
    box = review.locator('.admonition.pratique')
    box.locator('.pratique-exercicio[data-semente="6"]').wait_for()
    assert review.locator('.progresso-revisao-resumo').inner_text() == 'Hoje: 1 item, cerca de 2 minutos.'
    ex = practice.draw('precisao', 6)
    assert ex.question in box.inner_text() and 'Da aula Exercícios de prática.' in box.inner_text()
    assert answer(box, ex.shown).startswith('✔ Certo!')
    status = review.locator('.progresso-revisao-estado')
    assert status.inner_text().startswith('✔ Revisado: volta em ')
    state = stored(phone)['review']['pratique:precisao']
    assert state['step'] == 1
    line = phone.locator('ul.progresso-pratica li[data-id="pratique:precisao"]')
    assert '2 conferidos, 1 certo' in line.inner_text()
    phone.reload(wait_until='load')
    review.locator('.progresso-revisao-resumo').wait_for()
    assert review.locator('.progresso-revisao-resumo').inner_text().startswith('Revisão de hoje feita: 1 item revisado.')
    assert review.locator('.admonition.pratique').count() == 0
    assert phone.errors == [] and phone.outside == []
