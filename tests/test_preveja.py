"""Predict first on the site: every "Preveja" of every lesson page hides its answer until the
student commits a prediction (or asks to see it), in a real Chromium with the network blocked.

What a student would notice if it broke:
- the answer (code, output, figure, the prose that reads it) is on screen before predicting;
- a prediction does not reveal it, or compares with a number the lesson did not compute;
- a reload forgets what was answered, or "Apagar minhas respostas" does not forget it;
- a second try writes over the first prediction; "Apagar" erases without asking, or for good;
- the keyboard focus falls to the page after "Conferir" or "Mostrar sem prever";
- with JavaScript off (print, search, screen readers without scripts) an output is missing;
- a number's feedback is not one plain sentence (the verdict, both numbers, the difference in the
  question's unit and its direction), speaks of odds on the first read, or opens "Por quê?"
  where the difference alone explains the verdict (fast tier: preveja.js under Node; on the
  built site: tests/test_feedback_browser.py).
"""
import json
import re
import shutil
import subprocess

import pytest
import stored
from bs4 import BeautifulSoup

from conftest import ROOT, recording_page, toc_pages
from course.fmt import parse

LESSONS = [p for p in toc_pages() if p.startswith('lessons/')]
PREVEJA_JS = ROOT / '_static' / 'preveja.js'
# what the first read of a number's feedback never says (issue 41, item 1): the odds, the scale
ODDS_WORDS = re.compile(r'chance|contra 1|\bvez(es)? (a|as|o|os) (sua|suas|seu|resposta)|log-odds|logit|'
                        r'razão|régua', re.I)


# ----------------------------------------------------------------------------- the words (Node)

WORDS_RUNNER = r"""
const P = require(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const plain = h => h.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');
process.stdout.write(JSON.stringify(cases.map(c => {
  const r = P.judgeNumber(c.typed, P.answerValue(c.answer),
                          { tolerance: c.tolerance, unit: P.unitOf(c.unit || null), glossary: '../glossario.html',
                            reference: c.reference || null, side: c.side || null });
  return r.invalid ? { invalid: r.invalid } : { verdict: r.verdict, first: plain(r.html), why: r.why, toggle: r.toggle };
})));
"""

# (answer as glued, tolerance, unit, typed) -> the first read, word for word, and whether "Por quê?" opens
WORDS_CASES = [
    # a percentage: the difference in percentage points, its direction, no toggle in mid-scale
    (('69,9 %', 0.1, None, '40'), 'wrong',
     '✘ Longe desta vez. Você previu 40,0 %; a resposta é 69,9 %: você ficou 29,9 pontos percentuais abaixo.', False),
    (('69,9 %', 0.1, None, '78 %'), 'close',
     '≈ Perto. Você previu 78,0 %; a resposta é 69,9 %: você ficou 8,1 pontos percentuais acima.', False),
    (('87,7 %', 0.05, None, '85'), 'right',
     '✔ Boa previsão. Você previu 85,0 %; a resposta é 87,7 %: você ficou 2,7 pontos percentuais abaixo.', False),
    # near 100 %: 2,6 points cost more than 2,7 did above, and "Por quê?" says why (issue 30)
    (('92,6 %', 0.03, None, '90'), 'close',
     '≈ Perto. Você previu 90,0 %; a resposta é 92,6 %: você ficou 2,6 pontos percentuais abaixo.', True),
    # far in mid-scale too: the difference says it all
    (('92,6 %', 0.03, None, '50'), 'wrong',
     '✘ Longe desta vez. Você previu 50,0 %; a resposta é 92,6 %: você ficou 42,6 pontos percentuais abaixo.', False),
    # near 0 %: 4 % against 1,7 % is far though 2,3 points apart
    (('1,7 %', 0.02, None, '4'), 'wrong',
     '✘ Longe desta vez. Você previu 4,0 %; a resposta é 1,7 %: você ficou 2,3 pontos percentuais acima.', True),
    (('69,9 %', 0.1, None, '1,5 %'), 'wrong',       # below 2, one point: the singular
     '✘ Longe desta vez. Você previu 1,5 %; a resposta é 69,9 %: você ficou 68,4 pontos percentuais abaixo.', False),
    (('2,0 %', 0.1, None, '0,5 %'), 'close',
     '≈ Perto. Você previu 0,5 %; a resposta é 2,0 %: você ficou 1,5 ponto percentual abaixo.', True),
    # a decimal (an F2, a specificity): the plain difference, never chances
    (('0,714', 0.03, None, '0,669'), 'close',
     '≈ Perto. Você previu 0,669; a resposta é 0,714: você ficou 0,045 abaixo.', False),
    (('0,989', 0.003, None, '0,95'), 'wrong',
     '✘ Longe desta vez. Você previu 0,950; a resposta é 0,989: você ficou 0,039 abaixo.', True),
    (('0,779', 0.03, None, '86'), 'wrong',
     '✘ Longe desta vez. (86 lido como 86 %.) Você previu 0,860; a resposta é 0,779: você ficou 0,081 acima.', True),
    # exact, also as a fraction equal in the decimals shown
    (('0,800', 0.005, None, '0,8'), 'right', '✔ Boa previsão. Você previu 0,800: exatamente a resposta.', False),
    (('0,778', 0.01, None, '7/9'), 'right', '✔ Boa previsão. Você previu 0,778: exatamente a resposta.', False),
    (('24\xa0%', 0.1, None, '24'), 'right', '✔ Boa previsão. Você previu 24 %: exatamente a resposta.', False),
    # a count with its noun (:unidade:), singular and plural; judged relatively: below weighs more
    (('3', 0.5, 'falso negativo/falsos negativos', '2'), 'close',
     '≈ Perto. Você previu 2; a resposta é 3: você ficou 1 falso negativo abaixo.', False),
    (('3', 0.5, 'falso negativo/falsos negativos', '1'), 'wrong',
     '✘ Longe desta vez. Você previu 1; a resposta é 3: você ficou 2 falsos negativos abaixo.', True),
    (('3', 0.5, 'falso negativo/falsos negativos', '5'), 'close',
     '≈ Perto. Você previu 5; a resposta é 3: você ficou 2 falsos negativos acima.', False),
    (('117', 10, 'mulheres', '90'), 'close',
     '≈ Perto. Você previu 90; a resposta é 117: você ficou 27 mulheres abaixo.', False),
    (('2.120', 100, None, '2000'), 'close',
     '≈ Perto. Você previu 2.000; a resposta é 2.120: você ficou 120 abaixo.', False),
    # another number (5,2 healthy people marked per sick one found)
    (('5,2', 0.5, 'saudável/saudáveis', '2'), 'wrong',
     '✘ Longe desta vez. Você previu 2,0; a resposta é 5,2: você ficou 3,2 saudáveis abaixo.', True),
]


def words(cases):
    node = shutil.which('node')
    if node is None:
        pytest.fail('node não está no PATH (README, "Os dois comandos")')
    run = subprocess.run([node, '-e', WORDS_RUNNER, str(PREVEJA_JS)], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_a_numbers_first_read_is_one_plain_sentence():
    """The verdict, the two numbers and the difference in the question's unit with its direction;
    no odds on the first read; "Por quê?" only where the difference alone would not explain it."""
    got = words([{'answer': a, 'tolerance': t, 'unit': u, 'typed': typed}
                 for (a, t, u, typed), *_ in WORDS_CASES])
    for ((answer, _, _, typed), verdict, first, toggle), said in zip(WORDS_CASES, got):
        assert said['verdict'] == verdict, (answer, typed, said)
        assert said['first'] == first, (answer, typed, said['first'])
        assert not ODDS_WORDS.search(said['first']), said['first']
        assert bool(said['toggle']) is toggle, (answer, typed, said['why'])
        if toggle:
            assert said['toggle'].startswith('<details class="preveja-porque"><summary>Por quê?</summary>')
            assert 'href="../glossario.html#term-perto-ou-longe"' in said['toggle']
            assert 'chance' not in said['why'] and 'log' not in said['why'], said['why']


def test_why_says_which_end_of_the_scale_in_plain_words():
    got = words([{'answer': '92,6 %', 'tolerance': 0.03, 'typed': '90'},
                 {'answer': '1,7 %', 'tolerance': 0.02, 'typed': '4'},
                 {'answer': '0,017', 'tolerance': 0.01, 'typed': '0'},
                 {'answer': '3', 'tolerance': 0.5, 'typed': '1', 'unit': 'falso negativo/falsos negativos'}])
    assert [g['why'] for g in got] == [
        'Quanto mais perto de 100 %, mais pesa o que falta para chegar a 100 %: 10,0 % (o que falta a '
        '90,0 %) é 1,35 vez 7,4 % (o que falta a 92,6 %).',
        'Quanto mais perto de 0 %, mais pesa quantas vezes um número cabe no outro, e menos a diferença '
        'em pontos: 4,0 % é 2,35 vezes 1,7 %.',
        # 0 fits no number of times in 0,017: the sentence without its example
        'Quanto mais perto de 0, mais pesa quantas vezes um número cabe no outro, e menos a diferença.',
        'Numa contagem, o veredito compara quantas vezes um número cabe no outro, não só a diferença: '
        'ficar 2 falsos negativos abaixo de 3 pesa mais que ficar 2 falsos negativos acima.']


def test_above_or_below_and_a_non_number_say_it_first():
    got = words([{'answer': '0,714', 'tolerance': 0.03, 'typed': '0,72', 'side': 'below',
                  'reference': {'value': 0.667, 'name': 'F1 = 0,667'}},
                 {'answer': '0,714', 'tolerance': 0.03, 'typed': '0,72', 'side': 'above',
                  'reference': {'value': 0.667, 'name': 'F1 = 0,667'}},
                 {'answer': '0,017', 'tolerance': 0.01, 'typed': '0,04', 'side': 'below',
                  'reference': {'value': 0.001, 'name': 'prevalência = 0,001'}},
                 {'answer': '69,9 %', 'tolerance': 0.1, 'typed': '1/0'}])
    assert got[0]['first'] == ('✘ Longe desta vez. ✘ Você marcou abaixo de F1 = 0,667; a resposta fica acima. '
                               'Você previu 0,720; a resposta é 0,714: você ficou 0,006 acima.')
    assert got[1]['first'] == ('✔ Boa previsão. ✔ Acima de F1 = 0,667: certo. '
                               'Você previu 0,720; a resposta é 0,714: você ficou 0,006 acima.')
    assert not got[2]['toggle']           # the side decided the verdict, and the sentence says so
    assert got[3] == {'invalid': 'Divisão por zero (o denominador é 0). Digite um número, por exemplo '
                                 '0,75 (também vale 3/4 ou 75 %).'}


def lesson_glue(page):
    """{key: text} of every glued value stored in the lesson's executed notebook."""
    return stored.glue_values(page.split('/', 1)[1])


def prevejas(site, page):
    html = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    return html.select('div.admonition.preveja')


def test_every_lesson_with_a_preveja_uses_the_directive():
    """A Preveja written as a plain admonition would show its answer: none is left."""
    for page in LESSONS:
        text = (ROOT / f'{page}.md').read_text(encoding='utf-8')
        assert not re.search(r'\{admonition\}\s*Preveja', text), \
            f'{page}.md: write the Preveja as :::{{preveja}} (see _ext/preveja.py)'


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_each_preveja_is_followed_by_its_answer(site, page):
    for box in prevejas(site, page):
        ui = box.select_one('div.preveja-ui')
        assert ui is not None and ui['data-tipo'] in ('numero', 'escolha', 'texto')
        region = box.find_next_sibling()
        assert region is not None and 'preveja-resposta' in region.get('class', []), \
            f'{page}: a Preveja with no answer region after it'
        assert region.get_text(strip=True) or region.find('img'), f'{page}: empty answer'


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_the_right_answer_is_the_lessons_glue(site, page):
    """The number or option a prediction is compared with is what the notebook computed."""
    glue = lesson_glue(page)
    for box in prevejas(site, page):
        ui = box.select_one('div.preveja-ui')
        if ui['data-tipo'] == 'texto':
            continue
        key = ui['data-glue']
        assert ui['data-resposta'] == glue[key], (page, key)
        if ui['data-tipo'] == 'escolha':
            options = [c for li in box.select('li.preveja-opcao') for c in li['class']
                       if c.startswith('preveja-opcao-')]
            assert f'preveja-opcao-{glue[key]}' in options


@pytest.mark.slow
def test_most_prevejas_ask_something_checkable(site):
    kinds = [box.select_one('div.preveja-ui')['data-tipo']
             for page in LESSONS for box in prevejas(site, page)]
    assert kinds, 'no Preveja on the lesson pages'
    checkable = sum(kind != 'texto' for kind in kinds)
    assert checkable > len(kinds) / 2, f'only {checkable} of {len(kinds)} are number or choice'


# ----------------------------------------------------------------------------- in the browser

def open_page(browser, site_url, page, javascript=True):
    pg = recording_page(browser, [site_url, 'data:'], java_script_enabled=javascript)
    pg.goto(f'{site_url}/{page}.html', wait_until='load')
    return pg


def clear_answers(pg):
    """ "Apagar minhas respostas", confirmed."""
    pg.get_by_role('button', name='Apagar minhas respostas').click()
    pg.get_by_role('button', name='Sim, apagar').click()


def stored_items(pg, page):
    """The answers kept for ``page`` (answers.js, version 3): {item id: record}."""
    doc = pg.evaluate('() => JSON.parse(localStorage.getItem("curso:respostas"))')
    assert doc['schema'] == 'curso-respostas' and doc["version"] == 4
    return doc['pages'].get(f'{page}.html', {})


def answer_correctly(box, ui):
    """Commit the right prediction the way a student would."""
    kind = ui.get_attribute('data-tipo')
    if kind == 'numero':
        if ui.get_attribute('data-referencia'):          # ":acima-ou-abaixo:": the side first
            value, reference = (parse(ui.get_attribute(a), thousands=True).value   # as the site writes it
                                for a in ('data-resposta', 'data-referencia'))
            box.locator(f'.preveja-lado input[value="{"above" if value > reference else "below"}"]').check()
        box.get_by_label('Sua previsão').fill(ui.get_attribute('data-resposta'))
        box.get_by_role('button', name='Conferir').click()
    elif kind == 'escolha':
        right = ui.get_attribute('data-resposta')
        box.locator(f'input[type="radio"][value="{right}"]').check()
        box.get_by_role('button', name='Conferir').click()
    else:
        box.get_by_label('Minha previsão').fill('Acho que sobe.')
        box.get_by_role('button', name='Guardar e ver a resposta').click()
    return kind


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_predict_reveal_remember_clear_and_show_without_predicting(browser, site_url, site, page):
    count = len(prevejas(site, page))
    if count == 0:
        pytest.fail(f'{page} has no Preveja: every lesson asks the student to predict')
    pg = open_page(browser, site_url, page)
    boxes = pg.locator('div.admonition.preveja')
    answers = pg.locator('div.preveja-resposta')
    assert boxes.count() == count
    for i in range(count):
        assert not answers.nth(i).is_visible(), f'{page}: Preveja {i + 1} shows its answer on load'

    for i in range(count):
        box, ui = boxes.nth(i), boxes.nth(i).locator('.preveja-ui')
        kind = answer_correctly(box, ui)
        assert answers.nth(i).is_visible(), f'{page}: Preveja {i + 1} still hides its answer'
        said = box.locator('.preveja-retorno').inner_text()
        if kind == 'numero':     # the answer itself typed: one number, said to be exact
            answer = ui.get_attribute('data-resposta').replace('\xa0', ' ')
            assert f'Você previu {answer}: exatamente a resposta.' in said.replace('\xa0', ' '), said
            assert said.startswith('✔ Boa previsão'), said
        elif kind == 'escolha':
            assert said.startswith('✔ Certo'), said
        else:
            assert 'Sua previsão: Acho que sobe.' in answers.nth(i).inner_text()
        assert box.locator('.preveja-retorno').get_attribute('aria-live') == 'polite'

    pg.reload(wait_until='load')
    for i in range(count):
        assert answers.nth(i).is_visible(), f'{page}: a reload forgot Preveja {i + 1}'
        assert boxes.nth(i).locator('.preveja-retorno').inner_text().strip()

    clear_answers(pg)
    for i in range(count):
        assert not answers.nth(i).is_visible(), f'{page}: "Apagar" left Preveja {i + 1} open'
    pg.reload(wait_until='load')
    for i in range(count):
        assert not answers.nth(i).is_visible(), f'{page}: "Apagar" did not clear the storage'
    assert pg.get_by_role('button', name='Apagar minhas respostas').count() == 1

    # the page as a first visit shows it again (storage cleared, reloaded): "Mostrar sem prever"
    # (a test of its own until 05/12, on a page opened for it)
    for i in range(count):
        boxes.nth(i).get_by_role('button', name='Mostrar sem prever').click()
        assert answers.nth(i).is_visible(), f'{page}: "Mostrar sem prever" left Preveja {i + 1} closed'
        assert boxes.nth(i).get_by_role('button', name='Mostrar sem prever').count() == 0
    assert pg.outside_requests == []
    pg.context.close()


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_without_javascript_every_answer_is_in_the_page(audit, site, page):
    """Read on the ``no-script`` visit of the page (tests/audits.py)."""
    found = audit(page, 'no-script')
    assert len(found['answers']) == len(prevejas(site, page))
    for i, visible in enumerate(found['answers']):
        assert visible, f'{page}: without JavaScript, answer {i + 1} is hidden'
    assert found['outside'] == []


def first_box_of_kind(pg, kind):
    return pg.locator(f'div.admonition.preveja:has(.preveja-ui[data-tipo="{kind}"])').first


@pytest.mark.slow
def test_numbers_are_read_as_a_student_types_them(browser, site_url):
    """Comma, point, fraction and percentage; a percentage answer takes "65" as 65 %."""
    pg = open_page(browser, site_url, 'lessons/metricas-fundamental-acuracia')   # the fraud model's box
    box = pg.locator('div.admonition.preveja').first
    answer = box.locator('.preveja-ui').get_attribute('data-resposta')
    assert answer.endswith('%')
    value = float(answer.rstrip(' %').replace(',', '.'))
    field = box.get_by_label('Sua previsão')
    for typed, problem in [('abc', ''), ('1/0', 'Divisão por zero'), ('0,5,5', '')]:
        field.fill(typed)
        field.press('Enter')
        said = box.locator('.preveja-retorno').inner_text()
        assert said.startswith('⚠ ' + (problem or 'Digite um número')), (typed, said)
        assert 'Digite um número, por exemplo 0,75' in said, (typed, said)
        assert not pg.locator('div.preveja-resposta').first.is_visible()
    assert field.get_attribute('aria-invalid') == 'true'
    whole = round(value)
    for typed in [f'{whole}', f'{whole} %', f'0,{whole}', f'0.{whole}']:
        field.fill(typed)
        box.get_by_role('button', name='Conferir').click()
        said = box.locator('.preveja-retorno').inner_text()
        assert f'Você previu {whole},0 %' in said and f'a resposta é {answer}' in said, (typed, said)
    field.fill('1/2')
    field.press('Enter')
    said = box.locator('.preveja-retorno').inner_text()
    gap = f'{value - 50:.1f}'.replace('.', ',')
    assert f'Você previu 50,0 %; a resposta é {answer}: você ficou {gap} pontos percentuais abaixo.' in said, said
    assert said.startswith('✘ Longe')
    pg.context.close()


@pytest.mark.slow
def test_keyboard_alone_predicts_and_reveals(browser, site_url):
    # the fundamental lesson's choice box is in its part 5 (§6, the threshold)
    pg = open_page(browser, site_url, 'lessons/metricas-fundamental-limiar')
    box = first_box_of_kind(pg, 'escolha')
    first_radio = box.locator('input[type="radio"]').first
    first_radio.focus()
    pg.keyboard.press('Space')
    assert first_radio.is_checked()
    pg.keyboard.press('Tab')
    assert pg.evaluate('document.activeElement.textContent') == 'Conferir'
    pg.keyboard.press('Enter')
    assert box.locator('.preveja-retorno').inner_text().strip()
    box_index = pg.evaluate('''b => [...document.querySelectorAll("div.admonition.preveja")]
                               .indexOf(b)''', box.element_handle())
    assert pg.locator('div.preveja-resposta').nth(box_index).is_visible()
    # every control of every box has a Portuguese accessible name
    names = pg.evaluate('''() => [...document.querySelectorAll(
        ".preveja-form input, .preveja-form textarea, .preveja-form button")]
        .map(e => e.labels && e.labels.length ? e.labels[0].textContent : e.textContent)''')
    assert names and all(n.strip() for n in names)
    pg.context.close()


@pytest.mark.slow
def test_quiz_answers_are_kept_and_cleared(browser, site_url):
    # precisao-20 is in the check of the fundamental lesson's part 3 (§5)
    pg = open_page(browser, site_url, 'lessons/metricas-fundamental-perguntas')
    q = pg.locator('fieldset.cq-q[data-qid="precisao-20"]').first
    q.get_by_label('Sua resposta').fill('7/9')
    q.get_by_role('button', name='Conferir').click()
    assert q.locator('.cq-feedback').inner_text().startswith('✔ Certo!')
    pg.reload(wait_until='load')
    q = pg.locator('fieldset.cq-q[data-qid="precisao-20"]').first
    assert q.get_by_label('Sua resposta').input_value() == '7/9'
    assert q.locator('.cq-feedback').inner_text().startswith('✔ Certo!')
    kept = stored_items(pg, 'lessons/metricas-fundamental-perguntas')['quiz:metricas:precisao-20']
    assert kept['kind'] == 'quiz-numeric' and kept['first']['answer'] == '7/9'
    assert kept['first']['verdict'] == 'right' and kept['attempts'] == 1
    clear_answers(pg)
    assert q.locator('.cq-feedback').inner_text() == ''
    assert q.get_by_label('Sua resposta').input_value() == ''
    pg.reload(wait_until='load')
    q = pg.locator('fieldset.cq-q[data-qid="precisao-20"]').first
    assert q.locator('.cq-feedback').inner_text() == ''
    pg.context.close()


# ----------------------------------------------------------------------------- issue 21, 4-6

def numeric_box(pg):
    """The first numeric Preveja of the fundamental lesson (its answer is a percentage)."""
    box = first_box_of_kind(pg, 'numero')
    return box, box.locator('.preveja-ui').get_attribute('data-resposta')


@pytest.mark.slow
def test_the_first_prediction_counts(browser, site_url):
    """A second try is shown as a second try, next to the first; the first stays the first,
    in the page and in the store, after a reload."""
    page = 'lessons/metricas-fundamental-acuracia'
    pg = open_page(browser, site_url, page)
    box, answer = numeric_box(pg)
    field = box.get_by_label('Sua previsão')
    field.fill('1/2')
    box.get_by_role('button', name='Conferir').click()
    field.fill(answer)
    box.get_by_role('button', name='Conferir').click()
    said = box.locator('.preveja-retorno').inner_text()
    assert said.startswith('✔ Boa previsão. (tentativa 2) Você previu'), said
    assert 'Sua primeira previsão, a que fica guardada: 50,0 % (✘ longe)' in said, said
    glue = box.locator('.preveja-ui').get_attribute('data-glue')
    kept = stored_items(pg, page)[f'preveja:{glue}']
    assert kept['first']['answer'] == '1/2' and kept['first']['verdict'] == 'wrong'
    assert kept['last']['answer'] == answer and kept['last']['verdict'] == 'right'
    assert kept['attempts'] == 2 and kept['kind'] == 'preveja-numero'
    pg.reload(wait_until='load')
    box, _ = numeric_box(pg)
    said = box.locator('.preveja-retorno').inner_text()
    assert 'Sua primeira previsão, a que fica guardada: 50,0 %' in said, said
    pg.context.close()


@pytest.mark.slow
def test_a_proportion_typed_as_a_whole_number_is_read_as_a_percentage(browser, site_url):
    """Against an answer written as a decimal (0,667), "67" is 67 %, and the feedback says so."""
    pg = open_page(browser, site_url, 'lessons/metricas-fundamental-a-mao')     # the ten labels, part 8
    box = pg.locator('div.admonition.preveja:has(.preveja-ui[data-glue="fund_ten_f1"])')
    answer = box.locator('.preveja-ui').get_attribute('data-resposta')
    assert answer.startswith('0,') and not answer.endswith('%')
    whole = answer[2:4]                       # "0,667" -> "66"
    box.get_by_label('Sua previsão').fill(whole)
    box.get_by_role('button', name='Conferir').click()
    said = box.locator('.preveja-retorno').inner_text()
    assert f'({whole} lido como {whole} %.)' in said and f'Você previu 0,{whole}0' in said, said
    assert not said.startswith('✘'), said
    pg.context.close()


@pytest.mark.slow
def test_focus_lands_on_what_was_revealed(browser, site_url):
    """After "Mostrar sem prever" the keyboard is on the answer; after "Conferir", on the verdict
    (never on the page's body)."""
    pg = open_page(browser, site_url, 'lessons/metricas-fundamental-exercicio')   # part 7: the exercise's boxes in a row
    boxes = pg.locator('div.admonition.preveja')
    skip = boxes.nth(0).get_by_role('button', name='Mostrar sem prever')
    skip.focus()
    pg.keyboard.press('Enter')
    focused = pg.evaluate('() => [document.activeElement.className, document.activeElement.id]')
    assert 'preveja-resposta' in focused[0], focused
    assert pg.locator('div.preveja-resposta').nth(0).is_visible()
    box = boxes.nth(1)
    ui = box.locator('.preveja-ui')
    if ui.get_attribute('data-tipo') == 'numero':
        box.get_by_label('Sua previsão').fill(ui.get_attribute('data-resposta'))
    elif ui.get_attribute('data-tipo') == 'escolha':
        box.locator('input[type="radio"]').first.check()
    else:
        box.get_by_label('Minha previsão').fill('Acho que sobe.')
    box.locator('button.preveja-conferir').focus()
    pg.keyboard.press('Enter')
    focused = pg.evaluate('() => document.activeElement.className')
    assert 'preveja-retorno' in focused, focused
    assert pg.evaluate('() => document.activeElement.matches(":focus-visible")')
    outline = pg.evaluate('() => getComputedStyle(document.activeElement).outlineStyle')
    assert outline != 'none', 'the focused feedback shows no ring'
    pg.context.close()


@pytest.mark.slow
def test_clearing_asks_first_and_can_be_undone(browser, site_url):
    page = 'lessons/metricas-fundamental-acuracia'    # a Preveja and fraude-sempre-nao on one part
    pg = open_page(browser, site_url, page)
    pg.clock.install()
    box = pg.locator('div.admonition.preveja').first
    box.get_by_role('button', name='Mostrar sem prever').click()
    q = pg.locator('fieldset.cq-q[data-qid="fraude-sempre-nao"]').first
    q.get_by_label('Sua resposta').fill('0,9744')
    q.get_by_role('button', name='Conferir').click()
    answer = pg.locator('div.preveja-resposta').first

    pg.get_by_role('button', name='Apagar minhas respostas').click()
    assert pg.get_by_text('Apagar todas as previsões e respostas desta página?').is_visible()
    assert pg.evaluate('document.activeElement.textContent') == 'Cancelar'
    pg.get_by_role('button', name='Cancelar').click()          # asked, not done
    assert answer.is_visible() and q.locator('.cq-feedback').inner_text().startswith('✔ Certo!')
    assert len(stored_items(pg, page)) == 2

    clear_answers(pg)
    assert not answer.is_visible() and q.locator('.cq-feedback').inner_text() == ''
    assert stored_items(pg, page) == {}
    undo = pg.get_by_role('button', name='Desfazer')
    assert undo.is_visible() and pg.evaluate('document.activeElement.textContent') == 'Desfazer'
    undo.click()                                               # everything back
    assert answer.is_visible() and q.locator('.cq-feedback').inner_text().startswith('✔ Certo!')
    assert q.get_by_label('Sua resposta').input_value() == '0,9744'
    assert 'Respostas de volta' in pg.locator('.preveja-apagado').inner_text()
    pg.reload(wait_until='load')
    assert pg.locator('div.preveja-resposta').first.is_visible()

    clear_answers(pg)                                          # the undo lasts a few seconds
    pg.clock.run_for(11_000)
    assert pg.get_by_role('button', name='Desfazer').count() == 0
    assert pg.evaluate('document.activeElement.textContent') == 'Apagar minhas respostas'
    pg.reload(wait_until='load')
    assert not pg.locator('div.preveja-resposta').first.is_visible()
    pg.context.close()
