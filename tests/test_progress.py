""""Meu progresso" and the answer file: what a student would notice if it broke.

Fast tier (Node, the small test book, no browser):
- the manifest (_ext/progress.py) does not say what the quizzes and the boxes ask: a question
  missing, a right option that is not the bank's, a "Revise:" link that is not the quiz's;
- an answer file is read otherwise than in Python (tests/data/answer_file_cases.json), or
  loading one replaces a first prediction by a later one, or changes things when loaded twice;
- the reading of the stored answers (summarize) crashes on answers of an older build, counts
  what it should ignore, or judges otherwise than the classroom report (course/answers.py).

In Chromium, on the built site:
- after answering on two lessons (and after "Apagar"), the page says something else;
- the chart's points are not the stored first guesses and the real values, or the table and the
  text do not give the difference in plain words (in the question's unit, above or below);
- an exported file, loaded into a fresh browser, does not give the same progress;
- a damaged or foreign file changes something, or is refused without saying why;
- the page fails axe, overflows a phone, or a lesson has no link to it.
"""
import json
import re
import shutil
import subprocess

import pytest
from answer_samples import MANIFEST, STUDENTS, answer_file, pages_of, record
from answer_samples import practice as sample_practice
from bs4 import BeautifulSoup

from conftest import ROOT, recording_page, toc_pages
from course import answers as judging
from course import quiz as course_quiz

ANSWERS_JS = ROOT / 'course' / 'static' / 'answers.js'
PROGRESS_JS = ROOT / '_static' / 'progress.js'
FILE_CASES = json.loads((ROOT / 'tests' / 'data' / 'answer_file_cases.json').read_text(encoding='utf-8'))['cases']
LESSONS = [p for p in toc_pages() if p.startswith('lessons/')]

RUNNER = r"""
const A = require(process.argv[1]);
const P = require(process.argv[2]);
const task = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = {};
out.files = task.files.map(t => { const r = A.readFile(t); return r.ok ? null : r.code; });
out.merges = task.merges.map(m => {
  const doc = JSON.parse(JSON.stringify(m.here));
  const first = A.mergeDocument(doc, m.there);
  const again = A.mergeDocument(doc, m.there);
  return { doc, first, again };
});
out.summaries = task.docs.map(d => P.summarize(task.manifest, d));
out.judged = task.attempts.map(([item, attempt]) => P.judgeAttempt(item, attempt));
out.practice = task.practiceDocs.map(d => {
  const doc = JSON.parse(JSON.stringify(d));
  A.adoptAll(doc, P.pageOf(task.manifest));              /* what render() does: A.rehomed(pageOf) */
  const s = P.summarize(task.manifest, doc);
  return { practice: s.practice, ignored: s.ignored, answered: s.answered,
           states: s.practice.kinds.map(P.practiceState), pageOf: P.pageOf(task.manifest) };
});
process.stdout.write(JSON.stringify(out));
"""


def node_run(task):
    node = shutil.which('node')
    if node is None:
        pytest.fail('node não está no PATH (README, "Os dois comandos")')
    run = subprocess.run([node, '-e', RUNNER, str(ANSWERS_JS), str(PROGRESS_JS)], input=json.dumps(task),
                         capture_output=True, text=True, timeout=60, check=False, cwd=ROOT / '_static')
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def doc(pages):
    return {'schema': 'curso-respostas', 'version': 2, 'pages': pages}


def at(minute):
    return f'2026-12-03T14:{minute:02d}:00.000Z'


def attempt(answer, minute, verdict='wrong'):
    return {'answer': answer, 'verdict': verdict, 'at': at(minute)}


def item(kind, first, last, attempts=1, skipped=None):
    return {'kind': kind, 'first': first, 'last': last, 'attempts': attempts, 'skipped': skipped}


PAGE = 'lessons/a.html'
HERE = doc({PAGE: {
    'preveja:a_prev': item('preveja-numero', attempt('40 %', 10), attempt('35 %', 12, 'right'), 2),
    'quiz:a:q1': item('quiz-single', attempt(1, 5), attempt(1, 5)),
    'quiz:a:q2': item('quiz-truefalse', attempt(True, 5), attempt(True, 5))}})
THERE = doc({PAGE: {
    # made earlier on the other phone: this first prediction is the older one, it stays first
    'preveja:a_prev': item('preveja-numero', attempt('50 %', 2), attempt('50 %', 2), 1),
    # a later try on the other phone: the first here stays, the last is the other's
    'quiz:a:q1': item('quiz-single', attempt(2, 20), attempt(0, 21, 'right'), 2),
    # the same id, another kind of question (an older build): this browser's answer stays
    'quiz:a:q2': item('quiz-single', attempt(0, 1), attempt(0, 1)),
    'quiz:a:q3': item('quiz-multiple', attempt([0, 2], 3, 'right'), attempt([0, 2], 3, 'right'))},
    'lessons/b.html': {'quiz:b:q1': item('quiz-single', attempt(1, 4, 'right'), attempt(1, 4, 'right'))}})

OLDER_BUILD = doc({
    PAGE: {'quiz:a:saiu': item('quiz-single', attempt(0, 1), attempt(0, 1)),            # left the bank
           'quiz:a:q1': item('quiz-single', attempt(7, 1), attempt(7, 1)),              # an option gone
           'quiz:a:q2': item('quiz-single', attempt(0, 1), attempt(0, 1)),              # changed kind
           'preveja:a_cost': item('preveja-numero', attempt('abc', 1), attempt('abc', 1)),
           'preveja:a_model': item('preveja-escolha', attempt('svm', 1), attempt('svm', 1)),
           'quiz:a:q4': item('quiz-numeric', attempt('0,778', 1, 'right'), attempt('0,778', 1, 'right'))},
    'lessons/antiga.html': {'quiz:x:y': item('quiz-single', attempt(0, 1), attempt(0, 1))}})
PRACTICE_ONLY = doc({'lessons/a.html': {'pratique:precisao': sample_practice(5, 4, 3)}})
DAMAGED_PRACTICE = doc({'lessons/b.html': {'pratique:bayes': {'kind': 'quiz-single', 'attempts': 1}},
                        'lessons/a.html': {'pratique:saiu': sample_practice(1, 1, 1)}})
GARBAGE = {'schema': 'curso-respostas', 'version': 2, 'pages': {PAGE: {'quiz:a:q1': 5, 'quiz:a:q3': None},
                                                                'lessons/b.html': None}}


def attempts_of_the_class():
    """Every first answer of the generated class, question by question: (item, attempt)."""
    by_id = {i['id']: i for p in MANIFEST['pages'] for i in p['items']}
    pairs = []
    for s in STUDENTS:
        for items in pages_of(s).values():
            for item_id, rec in items.items():
                if rec['kind'] != 'pratique':          # practice is counted, not judged again
                    pairs.append((by_id[item_id], rec['first']))
    return pairs


@pytest.fixture(scope='module')
def node():
    pairs = attempts_of_the_class()
    got = node_run({'files': [c['text'] for c in FILE_CASES],
                    'merges': [{'here': HERE, 'there': THERE}, {'here': doc({}), 'there': THERE}],
                    'manifest': MANIFEST,
                    'docs': [doc({}), OLDER_BUILD, GARBAGE, doc(pages_of(STUDENTS[1]))],
                    'attempts': pairs,
                    'practiceDocs': [doc(pages_of(STUDENTS[1])), doc(pages_of(STUDENTS[4])), PRACTICE_ONLY,
                                     DAMAGED_PRACTICE]})
    got['pairs'] = pairs
    return got


# ----------------------------------------------------------------------------- the answer file

@pytest.mark.parametrize('i', range(len(FILE_CASES)), ids=[c['name'] for c in FILE_CASES])
def test_an_answer_file_is_read_as_the_table_says(node, i):
    assert node['files'][i] == FILE_CASES[i]['error']


def test_loading_never_replaces_a_first_prediction_by_a_later_one(node):
    merged = node['merges'][0]
    pages = merged['doc']['pages']
    prev = pages[PAGE]['preveja:a_prev']
    assert prev['first']['answer'] == '50 %'          # the older first, from the file
    assert prev['last']['answer'] == '35 %'           # the later last, from this browser
    assert prev['attempts'] == 2
    q1 = pages[PAGE]['quiz:a:q1']
    assert q1['first'] == attempt(1, 5) and q1['last']['answer'] == 0 and q1['attempts'] == 2
    assert pages[PAGE]['quiz:a:q2']['kind'] == 'quiz-truefalse'      # this browser's kind stays
    assert pages['lessons/b.html']['quiz:b:q1']['first']['answer'] == 1
    assert merged['first'] == {'added': 2, 'updated': 2, 'same': 0, 'kept': 1}


def test_loading_a_file_twice_changes_nothing_the_second_time(node):
    for merged in node['merges']:
        assert merged['again']['added'] == 0 and merged['again']['updated'] == 0


def test_loading_into_an_empty_browser_gives_the_files_answers(node):
    assert node['merges'][1]['doc'] == THERE


# ----------------------------------------------------------------------------- reading the answers

def test_nothing_stored_reads_as_nothing_answered(node):
    s = node['summaries'][0]
    assert s['answered'] == 0 and s['ignored'] == 0 and s['predictions'] == []
    assert s['total']['quiz']['total'] == sum(i['kind'].startswith('quiz-') for p in MANIFEST['pages']
                                              for i in p['items'])


def test_answers_of_an_older_build_are_left_out_and_counted(node):
    s = node['summaries'][1]
    # the numeric quiz answer is still a question of this build: it counts; the six others do not
    assert s['answered'] == 1 and s['total']['quiz'] == {'total': 5, 'answered': 1, 'right': 1, 'rightFirst': 1}
    assert s['ignored'] == 6


def test_a_damaged_store_does_not_crash_the_reading(node):
    s = node['summaries'][2]
    assert s['answered'] == 0 and s['ignored'] == 1          # the record that is a number; null is nothing


def test_one_students_progress(node):
    """Student 2 of the generated class: what the page says, counted here from what was answered."""
    s = node['summaries'][3]
    student = STUDENTS[1]
    a = next(p for p in s['pages'] if p['page'] == PAGE)
    assert a['quiz'] == {'total': 4, 'answered': 4, 'right': 2, 'rightFirst': 1}   # q1 corrected, q4 right
    assert a['prevejas'] == {'total': 4, 'made': 4, 'skipped': 0}
    assert [r['href'] for r in a['revise']] == ['lessons/a.html#sec-a-matriz', 'lessons/a.html#sec-a-f1']
    assert [r['missed'] for r in a['revise']] == [2, 1]
    predictions = {p['id']: p for p in s['predictions']}
    assert set(predictions) == {'preveja:a_prev', 'preveja:a_cost', 'preveja:b_f2'}
    guess = judging.read_guess(student['prev'], judging.Answer.from_text('34,9 %'))
    assert predictions['preveja:a_prev']['guess'] == pytest.approx(guess.value)
    assert predictions['preveja:a_prev']['real'] == pytest.approx(0.349)
    assert predictions['preveja:b_f2']['verdict'] == 'wrong'      # "abaixo" of F1: the side is wrong
    c = s['calibration']
    assert c['n'] == 3 and c['right'] + c['close'] + c['wrong'] == 3
    assert c['furthest']['id'] == max(predictions.values(), key=lambda p: abs(p['distance']))['id']


def test_the_page_and_the_classroom_report_judge_alike(node):
    """Every first answer of the class, judged by _static/progress.js and by course/answers.py."""
    for (it, att), js in zip(node['pairs'], node['judged']):
        py = judging.judge_attempt(it, att)
        assert js['valid'] == py.valid and js.get('verdict') == py.verdict, (it['id'], att)
        if it['kind'] == 'preveja-numero':
            assert js['guess'] == pytest.approx(py.guess) and js['distance'] == pytest.approx(py.distance)
            assert js['guessText'] == py.guess_text


# ----------------------------------------------------------------------------- the manifest

@pytest.mark.parametrize('bank', course_quiz.bank_names())
def test_the_manifest_says_what_each_quiz_asks(bank):
    """The quiz as a lesson renders it, read back by _ext/progress.py: every question, its kind,
    its right answer in the bank's numbering, its "Revise:" link, as the bank (quiz/*.yml) says."""
    import progress
    filled = course_quiz.fill(course_quiz.load_bank(bank))
    items = progress._quiz_items(course_quiz.render(filled, absolute_links=False))
    assert [i['id'] for i in items] == [f'quiz:{bank}:{q["id"]}' for q in filled['questions']]
    for it, q in zip(items, filled['questions']):
        assert it['kind'] == f'quiz-{q["type"]}'
        assert it['section'] == {'href': f'lessons/{q["section"]}',
                                 'title': ' '.join(filled['sections'][q['section']].split())}
        if q['type'] == 'numeric':
            assert it['answer'] == pytest.approx(float(q['answer'])) and it['tolerance'] == q['tolerance']
        elif q['type'] == 'truefalse':
            assert it['correct'] is q['answer']
        else:
            right = [k for k, o in enumerate(q['options']) if o['correct']]
            assert it['correct'] == (right[0] if q['type'] == 'single' else right)
            assert len(it['options']) == len(q['options']) and all(it['options'])


def test_the_manifest_of_the_test_book(book):
    data = json.loads((book.outdir / '_static' / 'progresso' / 'manifesto.json').read_text(encoding='utf-8'))
    assert data['format'] == 'curso-progresso-manifesto' and len(data['build']) == 12
    pages = {p['page']: p for p in data['pages']}
    assert list(pages) == ['aula.html', 'pratica.html']
    assert 'practice' not in pages['aula.html']
    # the practice page: no question, two kinds of exercise, each with its section
    assert pages['pratica.html']['items'] == []
    practice = [dict(entry) for entry in pages['pratica.html']['practice']]
    for entry in practice:             # the review's boxes read the kind's draws
        assert entry.pop('file').startswith(f'_static/pratique/{entry["kind"]}.json?v=') and entry.pop('seeds') == 100
    assert practice == [
        {'id': 'pratique:precisao', 'kind': 'precisao', 'title': 'Exercício de precisão',
         'section': {'href': 'pratica.html#da-matriz-a-precisao', 'title': 'Da matriz à precisão'}},
        {'id': 'pratique:auc-pares', 'kind': 'auc-pares', 'title': 'Exercício de ROC AUC por pares',
         'section': {'href': 'pratica.html#a-area-sob-a-curva-contando-pares',
                     'title': 'A área sob a curva, contando pares'}},
        {'id': 'pratique:f1', 'kind': 'f1', 'title': 'Exercício de F1',
         'section': {'href': 'pratica.html#o-f1-em-tres-passos', 'title': 'O F1 em três passos'}},
        {'id': 'pratique:custo-esperado', 'kind': 'custo-esperado', 'title': 'Exercício de custo esperado',
         'section': {'href': 'pratica.html#o-custo-esperado-em-tres-passos', 'title': 'O custo esperado em três passos'}}]
    box, count = pages['aula.html']['items']
    assert box['kind'] == 'preveja-texto' and box['id'].startswith('preveja:texto-')
    assert box['prompt'] == 'O que acontece com a revocação quando o limiar sobe?'
    assert 'unit' not in box
    # a numeric box with a unit (:unidade:): the difference on "Meu progresso" takes its noun
    assert count == {'id': 'preveja:teste_mulheres', 'kind': 'preveja-numero',
                     'prompt': 'Quantas das 200 mulheres do teste vão ao exame?',
                     'section': {'href': 'aula.html#uma-aula', 'title': 'Uma aula'},
                     'answer': '117', 'tolerance': 10.0, 'reference': None, 'unit': 'mulher/mulheres'}
    script = (book.outdir / '_static' / 'progresso' / 'manifesto.js').read_text(encoding='utf-8')
    assert json.loads(script.split('= ', 1)[1].rstrip().rstrip(';')) == data


# ----------------------------------------------------------------------------- on the built site

def manifest_of(site):
    return json.loads((site / '_static' / 'progresso' / 'manifesto.json').read_text(encoding='utf-8'))


def _options(item):
    options = item.get('options') or []
    return [o for o in (options.values() if isinstance(options, dict) else options) if o]


@pytest.mark.slow
def test_meu_progresso_prints_no_tex(site):
    """The page has no KaTeX for its rows: a question's math reads as text ("[0,9; 1]", "σ(z)"),
    never as "[0{,}9;\\,1]" or "beginbmatrix"."""
    raw = [f'{it["id"]}: {text[:120]}' for page in manifest_of(site)['pages'] for it in page['items']
           for text in [it.get('prompt', ''), *_options(it)] if text
           if re.search(r'\\[a-zA-Z,;]|\{,\}|begin[bp]?matrix|\^\{', text)]
    assert not raw, '\n'.join(raw)


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_every_box_and_question_of_a_lesson_is_in_the_manifest(site, page):
    html = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    entry = next((p for p in manifest_of(site)['pages'] if p['page'] == f'{page}.html'), None)
    assert entry is not None, f'{page} is not in the manifest'
    ids = [i['id'] for i in entry['items']]
    boxes = {ui['data-id']: ui for ui in html.select('div.preveja-ui')}
    questions = {f'quiz:{q.find_parent("div", class_="cq-quiz")["id"].rsplit("-", 1)[0][3:]}:{q["data-qid"]}'
                 for q in html.select('fieldset.cq-q')}
    assert set(ids) == set(boxes) | questions and len(ids) == len(set(ids))
    for it in entry['items']:
        if it['id'] in boxes and it['kind'] in ('preveja-numero', 'preveja-escolha'):
            assert it['answer'] == boxes[it['id']]['data-resposta']
        assert (site / it['section']['href'].split('#')[0]).is_file()


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_every_lesson_links_to_meu_progresso(site, page):
    html = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    link = html.select_one('.progresso-link a')
    assert link is not None and link.get_text() == 'Meu progresso'
    assert (site / page).parent.joinpath(link['href']).resolve() == (site / 'progresso.html').resolve()


def open_page(browser, site_url, name, context=None, viewport=None):
    pg = recording_page(browser, [site_url, 'data:', 'blob:']) if context is None else context.new_page()
    if viewport:
        pg.set_viewport_size(viewport)
    pg.goto(f'{site_url}/{name}.html', wait_until='load')
    return pg


def stored(pg):
    return pg.evaluate('() => JSON.parse(localStorage.getItem("curso:respostas"))')


def summary_text(pg):
    return pg.locator('#progresso-resumo').inner_text()


# the worked exercise's boxes (fund_ex_acc) are in part 7 of the fundamental metrics lesson, a part
# of its own; "Meu progresso" lists each part under its own title
FUND_PAGE = 'lessons/metricas-fundamental-exercicio'
FUND_TITLE = 'Exercício resolvido: da matriz às métricas'


def answer_two_lessons(browser, site_url):
    """A quiz question right on "custo" (its final quiz), a numeric Preveja on "metricas-fundamental-exercicio"
    (tried twice: the first guess is the one that counts). Returns the page, on "Meu progresso"."""
    pg = open_page(browser, site_url, 'lessons/custo')
    q = pg.locator('fieldset.cq-q[data-qid="custo-extremo-todos"]').first
    q.get_by_label('Sua resposta').fill('750')
    q.get_by_role('button', name='Conferir').click()
    pg.goto(f'{site_url}/{FUND_PAGE}.html', wait_until='load')
    box = pg.locator('.admonition.preveja:has(.preveja-ui[data-glue="fund_ex_acc"])')
    box.get_by_label('Sua previsão').fill('0,9')
    box.get_by_role('button', name='Conferir').click()
    box.get_by_label('Sua previsão').fill('0,97')
    box.get_by_role('button', name='Conferir').click()
    pg.goto(f'{site_url}/progresso.html', wait_until='load')
    pg.locator('#progresso-previsoes figure').wait_for()
    return pg


@pytest.mark.slow
def test_an_empty_browser_has_answered_nothing(browser, site_url):
    pg = open_page(browser, site_url, 'progresso')
    assert 'Você ainda não respondeu nada.' in summary_text(pg)
    assert 'Nenhuma previsão de número ainda' in pg.locator('#progresso-previsoes').inner_text()
    assert pg.get_by_role('button', name='Baixar minhas respostas').is_visible()
    assert pg.get_by_role('button', name='Carregar respostas').is_visible()
    assert pg.console_errors == [] and pg.outside_requests == []
    pg.context.close()


@pytest.mark.slow
def test_progress_after_answering_on_two_lessons_and_after_clearing(browser, site_url):
    pg = answer_two_lessons(browser, site_url)
    m = manifest_of_page(pg)
    n_quiz = sum(i['kind'].startswith('quiz-') for p in m['pages'] for i in p['items'])
    n_boxes = sum(i['kind'].startswith('preveja-') for p in m['pages'] for i in p['items'])
    assert (f'No curso todo: 1 de {n_quiz} perguntas de quiz respondidas, 1 certa (1 na primeira '
            f'tentativa); 1 de {n_boxes} caixas Preveja respondidas.') in summary_text(pg)
    total = pg.locator('#progresso-resumo tfoot tr').inner_text().split('\t')
    assert total[0].strip() == 'Total' and total[1].startswith('1 de ') and total[2] == '1' and total[3].startswith('1 de ')
    # each row is a page, a part of a lesson, as the pages call it ("Parte 1 de 4 da aula"): issue 41
    assert pg.locator('#progresso-resumo caption').inner_text() == 'Respostas por parte das aulas'
    assert pg.locator('#progresso-resumo thead th').first.inner_text() == 'Parte'
    rows = {r.locator('th').inner_text(): r.inner_text().split('\t')
            for r in pg.locator('#progresso-resumo tbody tr').all()}
    assert rows['Métrica e limiar pelo custo dos erros'][1].startswith('1 de ')
    assert rows[FUND_TITLE][3].startswith('1 de ')
    lesson = pg.locator('section.progresso-aula', has_text=FUND_TITLE)
    assert 'Preveja: 1 de ' in lesson.inner_text()
    # "Apagar minhas respostas" on the lesson of the Preveja: it leaves "Meu progresso"
    pg.goto(f'{site_url}/{FUND_PAGE}.html', wait_until='load')
    pg.get_by_role('button', name='Apagar minhas respostas').click()
    pg.get_by_role('button', name='Sim, apagar').click()
    pg.goto(f'{site_url}/progresso.html', wait_until='load')
    assert 'Nenhuma previsão de número ainda' in pg.locator('#progresso-previsoes').inner_text()
    rows = {r.locator('th').inner_text(): r.inner_text().split('\t')
            for r in pg.locator('#progresso-resumo tbody tr').all()}
    assert rows[FUND_TITLE][3].startswith('0 de ')
    assert rows['Métrica e limiar pelo custo dos erros'][2] == '1'
    assert pg.console_errors == [] and pg.outside_requests == []
    pg.context.close()


@pytest.mark.slow
def test_a_missed_question_sends_to_its_section(browser, site_url):
    pg = open_page(browser, site_url, 'lessons/custo')
    q = pg.locator('fieldset.cq-q[data-qid="custo-extremo-todos"]').first
    q.get_by_label('Sua resposta').fill('1000')          # wrong: that is the other extreme's cost
    q.get_by_role('button', name='Conferir').click()
    quiz_link = q.locator('a.cq-section').get_attribute('data-section')
    quiz_text = q.locator('a.cq-section').inner_text()
    pg.goto(f'{site_url}/progresso.html', wait_until='load')
    link = pg.locator('ul.progresso-revise a')
    assert link.count() == 1
    assert link.inner_text() == quiz_text          # "Revise: 1. A ideia em palavras simples", as the quiz says it
    assert link.get_attribute('href').endswith('lessons/' + quiz_link)
    link.click()
    pg.wait_for_url(f'**/lessons/{quiz_link}')
    pg.context.close()


@pytest.mark.slow
def test_the_chart_shows_the_first_guess_against_the_real_value(browser, site_url, site):
    pg = answer_two_lessons(browser, site_url)
    record_ = stored(pg)['pages'][f'{FUND_PAGE}.html']['preveja:fund_ex_acc']
    assert record_['first']['answer'] == '0,9' and record_['last']['answer'] == '0,97'
    item_ = next(i for p in manifest_of(site)['pages'] for i in p['items'] if i['id'] == 'preveja:fund_ex_acc')
    points = pg.locator('svg.progresso-grafico g.progresso-ponto')
    assert points.count() == 1
    point = points.first
    real = judging.Answer.from_text(item_['answer'])
    assert float(point.get_attribute('data-previsao')) == pytest.approx(0.9)
    assert float(point.get_attribute('data-real')) == pytest.approx(real.value)
    judged = judging.judge_attempt(item_, record_['first'])
    assert float(point.get_attribute('data-distancia')) == pytest.approx(judged.distance)
    assert 'progresso-' + judged.verdict in point.get_attribute('class')
    svg = pg.locator('svg.progresso-grafico')
    centre, scale, reach = (float(svg.get_attribute(a)) for a in ('data-centro', 'data-escala', 'data-alcance'))
    x = float(point.locator('.progresso-marca').get_attribute('data-x'))
    assert x == pytest.approx(centre + max(-reach, min(reach, judged.distance)) * scale)
    assert x < centre                     # 0,9 is below the real value
    # the table and the sentence in plain words: the difference in the question's unit, its side
    from course.fmt import num
    difference = num(real.value - 0.9, real.decimals)
    cells = pg.locator('.progresso-tabela-previsoes tbody tr').first.inner_text().split('\t')
    assert cells[1] == '0,900' and cells[2] == item_['answer'] and cells[3] == f'{difference} abaixo', cells
    words = {'right': 'foi boa', 'close': 'ficou perto', 'wrong': 'ficou longe'}[judged.verdict]
    assert pg.locator('.progresso-calibracao').inner_text() == \
        f'Sua primeira previsão de número {words}, abaixo do valor real.'
    if judged.verdict != 'right':
        assert pg.locator('.progresso-mais-longe').inner_text().endswith(
            f'Você previu 0,900; o valor real é {item_["answer"]}: você ficou {difference} abaixo.')
    pg.context.close()


@pytest.mark.slow
def test_export_then_import_into_a_fresh_browser_gives_the_same_progress(browser, site_url, tmp_path):
    pg = answer_two_lessons(browser, site_url)
    pg.get_by_label('Seu nome ou número (opcional, para quem dá o curso)').fill('Ana, 17')
    with pg.expect_download() as download:
        pg.get_by_role('button', name='Baixar minhas respostas').click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith('respostas-curso-ana-17-') and path.suffix == '.json'
    exported = json.loads(path.read_text(encoding='utf-8'))
    assert exported['format'] == 'curso-respostas-arquivo' and exported['student'] == 'Ana, 17'
    assert exported['answers'] == stored(pg)
    assert exported['build'] == manifest_of_page(pg)['build']
    before = {part: pg.locator(f'#progresso-{part}').inner_text() for part in ('resumo', 'aulas', 'previsoes')}
    pg.context.close()

    fresh = open_page(browser, site_url, 'progresso')
    assert 'Você ainda não respondeu nada.' in summary_text(fresh)
    fresh.locator('input.progresso-arquivo').set_input_files(str(path))
    status = fresh.locator('.progresso-estado')
    status.get_by_role('button', name='Desfazer').wait_for()
    assert 'Respostas carregadas' in status.inner_text() and 'Ana, 17' in status.inner_text()
    after = {part: fresh.locator(f'#progresso-{part}').inner_text() for part in ('resumo', 'aulas', 'previsoes')}
    assert after == before
    assert stored(fresh)['pages'] == exported['answers']['pages']
    # the lesson shows the answer loaded: the Preveja box is answered, its first guess kept
    fresh.goto(f'{site_url}/{FUND_PAGE}.html', wait_until='load')
    box = fresh.locator('.admonition.preveja:has(.preveja-ui[data-glue="fund_ex_acc"])')
    assert 'Sua primeira previsão, a que fica guardada: 0,900' in box.inner_text()
    assert fresh.console_errors == [] and fresh.outside_requests == []
    fresh.context.close()


def manifest_of_page(pg):
    return pg.evaluate('() => window.CourseProgressManifest')


@pytest.mark.slow
@pytest.mark.parametrize('name, content, says', [
    ('planilha.json', 'nome;nota\nAna;10\n', 'não é JSON'),
    ('outro.json', json.dumps({'format': 'outra-coisa'}), 'não é um arquivo de respostas deste curso'),
    ('cortado.json', json.dumps(answer_file('Ana', pages_of(STUDENTS[0])))[:500], 'não é JSON'),
    ('estragado.json', json.dumps(answer_file('Ana', {'lessons/custo.html': {
        'quiz:custo:f1-para-tudo': record('quiz-truefalse', 'falso')}})), 'danificado'),
])
def test_a_damaged_or_foreign_file_changes_nothing_and_says_why(browser, site_url, tmp_path, name, content, says):
    pg = answer_two_lessons(browser, site_url)
    before = stored(pg)
    shown = pg.locator('#progresso-resumo').inner_text()
    path = tmp_path / name
    path.write_text(content, encoding='utf-8')
    pg.locator('input.progresso-arquivo').set_input_files(str(path))
    status = pg.locator('.progresso-estado.progresso-erro')
    status.wait_for()
    text = status.inner_text()
    assert says in text and name in text and 'Nada foi mudado.' in text
    assert stored(pg) == before and pg.locator('#progresso-resumo').inner_text() == shown
    assert pg.console_errors == []
    pg.context.close()


@pytest.mark.slow
def test_answers_of_an_older_build_are_ignored_not_a_crash(browser, site_url):
    pg = recording_page(browser, [site_url, 'data:'])
    old = doc({'lessons/custo.html': {
        'quiz:custo:saiu-do-banco': item('quiz-single', attempt(0, 1), attempt(0, 1)),
        'quiz:custo:f1-para-tudo': item('quiz-single', attempt(9, 1), attempt(9, 1)),
        'preveja:custo_best_miss_share': item('preveja-numero', attempt('dez', 1), attempt('dez', 1))},
        'lessons/sumiu.html': {'preveja:x': item('preveja-texto', attempt('a', 1), attempt('a', 1))}})
    pg.context.add_init_script(f'localStorage.setItem("curso:respostas", {json.dumps(json.dumps(old))});')
    pg.goto(f'{site_url}/progresso.html', wait_until='load')
    text = summary_text(pg)
    assert 'Você ainda não respondeu nada.' in text
    assert '4 respostas guardadas são de perguntas que mudaram ou saíram do curso' in text
    assert pg.console_errors == []
    pg.context.close()


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_the_full_page_passes_axe_and_fits_a_phone(browser, site_url, mode):
    from test_accessibility import BLOCKING, describe, run_axe
    pg = recording_page(browser, [site_url, 'data:'])
    pg.context.add_init_script(f"localStorage.setItem('mode', '{mode}');localStorage.setItem('theme', '{mode}');")
    pg.goto(f'{site_url}/lessons/custo.html', wait_until='load')
    for k, box in enumerate(pg.locator('.admonition.preveja:has(.preveja-ui[data-tipo="numero"])').all()[:4]):
        if box.locator('.preveja-lado').count():
            box.locator('input[type=radio]').first.check()
        box.get_by_label('Sua previsão').fill(['5 %', '0,2', '40', '1000'][k])
        box.get_by_role('button', name='Conferir').click()
    for q in pg.locator('.cq-quiz:not(.cq-single) fieldset.cq-q:has(input[type=radio])').all()[:3]:
        q.locator('input[type=radio]').first.check()
        q.get_by_role('button', name='Conferir').click()
    for viewport in ({'width': 1280, 'height': 900}, {'width': 390, 'height': 844}):
        pg.set_viewport_size(viewport)
        pg.goto(f'{site_url}/progresso.html', wait_until='load')
        pg.locator('svg.progresso-grafico').wait_for()
        violations = [v for v in run_axe(pg) if v['impact'] in BLOCKING]
        assert violations == [], describe(violations)
        assert pg.evaluate('document.documentElement.scrollWidth') <= viewport['width']
        width = pg.evaluate("document.querySelector('svg.progresso-grafico').getBoundingClientRect().width")
        column = pg.evaluate("document.querySelector('#progresso-previsoes').getBoundingClientRect().width")
        assert width <= column + 1
        size = pg.evaluate("getComputedStyle(document.querySelector('.progresso-rotulo')).fontSize")
        assert float(size.removesuffix('px')) >= 12          # the chart's text at its real size
    assert pg.console_errors == [] and pg.outside_requests == []
    pg.context.close()


@pytest.mark.slow
def test_a_downloaded_file_goes_into_the_classroom_report(browser, site_url, site, tmp_path):
    """The file a student downloads is what scripts/turma.py reads: one student, the same guess."""
    import importlib.util
    import sys
    pg = answer_two_lessons(browser, site_url)
    pg.get_by_label('Seu nome ou número (opcional, para quem dá o curso)').fill('Bia')
    with pg.expect_download() as download:
        pg.get_by_role('button', name='Baixar minhas respostas').click()
    path = tmp_path / 'bia.json'
    download.value.save_as(path)
    pg.context.close()
    spec = importlib.util.spec_from_file_location('turma', ROOT / 'scripts' / 'turma.py')
    turma = importlib.util.module_from_spec(spec)
    sys.modules['turma'] = turma
    spec.loader.exec_module(turma)
    result = turma.run([path], site, tmp_path / 'saida', stream=open(tmp_path / 'log.txt', 'w'))
    assert [s.name for s in result['students']] == ['Bia'] and result['skipped'] == [] and result['unknown'] == 0
    prev = next(r for p in result['pages'] for r in p.items if r.item['id'] == 'preveja:fund_ex_acc')
    assert [g for g, _ in prev.guesses] == [pytest.approx(0.9)]
    quiz = next(r for p in result['pages'] for r in p.items if r.item['id'] == 'quiz:custo:custo-extremo-todos')
    assert (quiz.answered, quiz.right) == (1, 1)


# ----------------------------------------------------------------------------- practice

def test_practice_per_kind_after_bringing_it_to_its_page(node):
    """Student 2 keeps precisão on lesson A, where it was offered first; the manifest offers it on B
    too, its last page, where "Meu progresso" brings it before counting (as the classroom report)."""
    got = node['practice'][0]
    assert got['pageOf']['pratique:precisao'] == 'lessons/b.html'
    kinds = {k['id']: k for k in got['practice']['kinds']}
    assert list(kinds) == ['pratique:precisao', 'pratique:bayes', 'pratique:mcc']      # reading order, once each
    attempts, right, streak = STUDENTS[1]['precisao']
    assert (kinds['pratique:precisao']['attempts'], kinds['pratique:precisao']['right'],
            kinds['pratique:precisao']['streak']) == (attempts, right, streak)
    assert kinds['pratique:precisao']['section']['href'] == 'lessons/a.html#sec-a-matriz'   # where it is taught first
    assert kinds['pratique:bayes']['attempts'] == STUDENTS[1]['bayes'][0]
    assert kinds['pratique:mcc']['attempts'] == 0 and got['states'][2] == 'ainda não praticado'
    assert got['practice']['practised'] == 2 and got['practice']['total'] == 3
    assert got['ignored'] == 0


def test_three_right_in_a_row_is_mastered_and_says_so(node):
    """Student 5 has 3 right in a row at precisão: mastered; the words say how far the others are."""
    got = node['practice'][1]
    precisao = got['practice']['kinds'][0]
    assert STUDENTS[4]['precisao'][2] == 3 and precisao['mastered'] is True
    assert got['states'][0] == '✔ dominado: 3 certos de primeira seguidos' and got['practice']['mastered'] == 1
    bayes = got['practice']['kinds'][1]
    assert bayes['streak'] == STUDENTS[4]['bayes'][2] == 0 and got['states'][1] == '0 certos de primeira seguidos: faltam 3 para dominar'


def test_practice_alone_is_something_answered(node):
    only = node['practice'][2]
    assert only['answered'] == 0 and only['practice']['practised'] == 1 and only['ignored'] == 0
    assert only['states'][0] == '✔ dominado: 3 certos de primeira seguidos'


def test_a_damaged_or_unknown_practice_record_is_counted_as_ignored(node):
    damaged = node['practice'][3]
    assert damaged['practice']['practised'] == 0 and damaged['ignored'] == 2


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_on_a_phone_nothing_is_clipped_every_row_names_its_lesson_and_a_download_says_so(browser, site_url, mode):
    """Issue 30, the phone read of "Meu progresso": the tables were cut at the right (the
    "Preveja" column read "20 de 2(", the caption "Suas previsões de número e os valores re"),
    the chart's rows showed a cut question without its lesson, and the download gave no
    confirmation. At 390 px no table scrolls or clips, each chart row is under its lesson's
    name, each question in at most two lines, and "Baixar" says "Arquivo salvo"."""
    context = browser.new_context(viewport={'width': 390, 'height': 844}, is_mobile=True, has_touch=True,
                                  color_scheme=mode)
    pg = context.new_page()
    try:
        pg.goto(f'{site_url}/lessons/custo-caso-raro-teste.html', wait_until='load')
        predicted = 0                    # the boxes answered: one chart row each
        for k, box in enumerate(pg.locator('.admonition.preveja:has(.preveja-ui[data-tipo="numero"])').all()[:3]):
            predicted += 1
            if box.locator('.preveja-lado').count():
                box.locator('input[type=radio]').first.check()
            box.get_by_label('Sua previsão').fill(['5 %', '0,2', '40'][k])
            box.get_by_role('button', name='Conferir').click()
        pg.goto(f'{site_url}/lessons/calibracao.html', wait_until='load')
        for k, box in enumerate(pg.locator('.admonition.preveja:has(.preveja-ui[data-tipo="numero"])').all()[:2]):
            predicted += 1
            box.get_by_label('Sua previsão').fill(['85', '90'][k])
            box.get_by_role('button', name='Conferir').click()
        pg.goto(f'{site_url}/progresso.html', wait_until='load')
        pg.locator('svg.progresso-grafico').wait_for()
        tables = pg.evaluate("""() => Array.from(document.querySelectorAll('.progresso-tabela'), t => ({
            scroll: t.scrollWidth - t.clientWidth, caption: t.querySelector('caption').getBoundingClientRect().width,
            box: t.getBoundingClientRect().width}))""")
        assert len(tables) == 2
        for t in tables:
            assert t['scroll'] <= 1 and t['caption'] <= t['box'] + 1, t
        lessons = pg.locator('svg.progresso-grafico .progresso-aula-nome').all_text_contents()
        assert lessons == ['Calibração: 0,8 quer dizer 80 %?', 'O custo no teste e o F-β à mão'], lessons
        rows = pg.evaluate("""() => Array.from(document.querySelectorAll('svg.progresso-grafico g.progresso-ponto'),
            g => g.querySelectorAll('.progresso-rotulo').length)""")
        assert predicted >= 4 and len(rows) == predicted and all(1 <= n <= 2 for n in rows), rows
        cells = pg.locator('.progresso-tabela-previsoes tbody th').all_inner_texts()
        assert all(c.startswith(('Calibração', 'O custo no teste')) for c in cells), cells
        with pg.expect_download():
            pg.get_by_role('button', name='Baixar minhas respostas').tap()
        status = pg.locator('.progresso-estado')
        assert status.inner_text().startswith('✔ Arquivo salvo: "respostas-curso-'), status.inner_text()
        box = status.bounding_box()
        assert 0 <= box['y'] and box['y'] + box['height'] <= 844 + 1      # on screen, where the tap was
    finally:
        context.close()


# ----------------------------------------------------------------------------- "Revisão de hoje"

REVIEW = r"""
const A = require(process.argv[1]);
const P = require(process.argv[2]);
const task = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(task.days.map(([doc, now]) => {
  const plan = P.reviewPlan(task.manifest, doc, now);
  return { shown: plan.shown.map(c => ({ id: c.id, type: c.type, minutes: c.minutes, seed: c.seed || null,
                                          file: c.file || null, anchor: c.anchor || null })),
           more: plan.more, minutes: plan.minutes, next: plan.next, today: plan.today, doneToday: plan.doneToday,
           states: plan.states };
})));
"""


def day(d, hour=15):
    """Day d of the test, at ``hour`` UTC (mid-day in Brasília, the time zone the test runs in)."""
    return f'2026-12-{3 + d:02d}T{hour:02d}:00:00.000Z'


def review_doc(review=None, q1=None, prev=None, practice_last=None):
    """Quiz q1 first wrong on day 0 (corrected at once), the Preveja a_prev first "longe", precisão
    practised and not mastered (last exercise on day 0), Bayes mastered, q2 and a_model right."""
    def rec(kind, first, last, t1, t2):
        return {'kind': kind, 'first': {'answer': first, 'verdict': 'wrong', 'at': t1},
                'last': {'answer': last, 'verdict': 'right', 'at': t2}, 'attempts': 2, 'skipped': None}
    pages = {'lessons/a.html': {
        'quiz:a:q1': rec('quiz-single', 1, 0, day(0, 10), day(0, 11)) if q1 is None else q1,
        'quiz:a:q2': rec('quiz-truefalse', False, False, day(0, 10), day(0, 10)),
        'preveja:a_prev': rec('preveja-numero', '90 %', '90 %', day(0, 10), day(0, 10)) if prev is None else prev,
        'preveja:a_model': rec('preveja-escolha', 'lr', 'lr', day(0, 10), day(0, 10))},
        'lessons/b.html': {'pratique:bayes': sample_practice(3, 3, 3)}}
    pr = sample_practice(4, 2, 1, last_seed=7)
    pr['last'] = {**pr['last'], 'at': day(0, 20), **(practice_last or {})}
    pages['lessons/b.html']['pratique:precisao'] = pr
    out = {'schema': 'curso-respostas', 'version': 4, 'pages': pages}
    if review is not None:
        out['review'] = json.loads(json.dumps(review))
    return out


def again(rec, answer, at, verdict='right'):
    return dict(rec, last={'answer': answer, 'verdict': verdict, 'at': at})


@pytest.fixture(scope='module')
def review_plans():
    q1 = review_doc()['pages']['lessons/a.html']['quiz:a:q1']
    prev = review_doc()['pages']['lessons/a.html']['preveja:a_prev']
    run = lambda days: json.loads(subprocess.run(                                   # noqa: E731
        [shutil.which('node'), '-e', REVIEW, str(ANSWERS_JS), str(PROGRESS_JS)],
        input=json.dumps({'manifest': MANIFEST, 'days': days}), capture_output=True, text=True, timeout=60,
        check=True, cwd=ROOT / '_static', env={'TZ': 'America/Sao_Paulo', 'PATH': '/usr/bin:/bin'}).stdout)
    first = run([[review_doc(), day(0, 22)], [review_doc(), day(1)]])
    states = first[1]['states']
    reviewed = review_doc(states, again(q1, 0, day(1, 16)), again(prev, '33 %', day(1, 16)),
                          {'at': day(1, 16), 'verdict': 'right', 'try': 1, 'seed': 8})
    after = run([[reviewed, day(1, 17)]])[0]
    later = run([[dict(reviewed, review=after['states']), day(2)], [dict(reviewed, review=after['states']), day(4)]])
    # on day 4: the exercise wrong (at its first try, then right at the second), the quiz right too early
    # (day 2, before it was due on day 4: no step), the Preveja right for the third time
    worse = review_doc(after['states'], again(q1, 0, day(2, 16)),
                       again(prev, '35 %', day(11, 16)), {'at': day(4, 16), 'verdict': 'right', 'try': 2, 'seed': 9})
    worse['review']['preveja:a_prev'] = {'step': 2, 'at': day(4, 16)}
    last = run([[worse, day(4, 17)], [worse, day(11, 17)]])
    # everything wrong at once: all five quiz questions, the four Prevejas, two kinds
    crowd = review_doc()
    a = crowd['pages']['lessons/a.html']
    for qid, kind, ans in [('quiz:a:q2', 'quiz-truefalse', True), ('quiz:a:q3', 'quiz-multiple', [1]),
                           ('quiz:a:q4', 'quiz-numeric', '0,5'), ('preveja:a_cost', 'preveja-numero', '5000'),
                           ('preveja:a_model', 'preveja-escolha', 'knn')]:
        a[qid] = {'kind': kind, 'first': {'answer': ans, 'verdict': 'wrong', 'at': day(0, 10)},
                  'last': {'answer': ans, 'verdict': 'wrong', 'at': day(0, 10)}, 'attempts': 1, 'skipped': None}
    crowd['pages']['lessons/b.html']['quiz:b:q1'] = dict(a['quiz:a:q2'], kind='quiz-single',
                                                        first={'answer': 0, 'verdict': 'wrong', 'at': day(0, 9)},
                                                        last={'answer': 0, 'verdict': 'wrong', 'at': day(0, 9)})
    crowd['pages']['lessons/b.html']['pratique:mcc'] = sample_practice(2, 0, 0)
    busy = run([[crowd, day(3)]])[0]
    return {'first': first, 'after': after, 'later': later, 'last': last, 'busy': busy}


def test_what_was_missed_comes_back_the_next_day(review_plans):
    """A quiz question first answered wrong (even corrected at once), a Preveja first "longe" and a
    kind practised and not mastered come back the next day; a right first answer and a mastered
    kind do not. The exercise is a fresh seed (the one after the last) of the kind's file."""
    today, tomorrow = review_plans['first']
    assert today['shown'] == [] and today['next'] == tomorrow['today'] == today['today'] + 1
    assert set(today['states']) == {'quiz:a:q1', 'preveja:a_prev', 'pratique:precisao'}
    assert [c['id'] for c in tomorrow['shown']] == ['pratique:precisao', 'quiz:a:q1', 'preveja:a_prev']
    practice = tomorrow['shown'][0]
    assert practice['seed'] == 8 and practice['file'] == '_static/pratique/precisao.json?v=1'
    assert tomorrow['minutes'] == 2 + 1 + 1 and tomorrow['more'] == 0


def test_a_right_review_sends_the_item_three_days_then_seven_later(review_plans):
    after = review_plans['after']
    assert after['shown'] == [] and after['doneToday'] == 3
    assert {k: s['step'] for k, s in after['states'].items()} == dict.fromkeys(after['states'], 1)
    day2, day4 = review_plans['later']
    assert day2['shown'] == [] and day2['next'] == after['today'] + 3
    assert [c['id'] for c in day4['shown']] == ['pratique:precisao', 'quiz:a:q1', 'preveja:a_prev']


def test_a_wrong_review_comes_back_the_next_day_and_an_early_right_changes_nothing(review_plans):
    day4, day11 = review_plans['last']
    states = day4['states']
    assert states['pratique:precisao'] == {'step': 0, 'at': day(4, 16)}     # right only at the second try
    assert states['quiz:a:q1']['step'] == 1                                 # answered on day 2, due on day 4
    assert [c['id'] for c in day4['shown']] == ['quiz:a:q1']
    # on day 11 the Preveja's third right review takes it out; the others are due
    assert day11['states']['preveja:a_prev'] == {'step': 3, 'at': day(11, 16)}
    assert 'preveja:a_prev' not in [c['id'] for c in day11['shown']]


def test_the_review_of_a_day_fits_in_about_ten_minutes(review_plans):
    busy = review_plans['busy']
    assert busy['minutes'] <= 10 and busy['more'] >= 1
    assert sum(c['minutes'] for c in busy['shown']) == busy['minutes']
    assert len(busy["shown"]) + busy["more"] == 10          # 5 quiz questions, 3 Prevejas, 2 kinds
    quiz = next(c for c in busy['shown'] if c['type'] == 'quiz')
    assert quiz['anchor'] is None or quiz['anchor'].startswith('cq-')
