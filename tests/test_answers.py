"""How a number is judged and how answers are kept: course/static/answers.js under Node.

One table of cases (tests/data/verdict_cases.json) says what a student should read for a
prediction ("Boa previsão", "Perto", "Longe desta vez"), for a quiz key ("Certo", "Quase",
"Errado") and how what they type is read against the answer ("86" against 0,779 is 86 %). The
rule is written in the maintainer's guide (MANUTENCAO.md, "Preveja no site") and in the module's
header; the stored format too, and the guide and the module must agree on it.
"""
import json
import re
import shutil
import subprocess

import pytest

from conftest import ROOT

CASES = json.loads((ROOT / 'tests' / 'data' / 'verdict_cases.json').read_text(encoding='utf-8'))
ANSWERS_JS = ROOT / 'course' / 'static' / 'answers.js'

RUNNER = r"""
const path = require('path');
const A = require(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = {
  judge: cases.judge.map(c => A.judge(c.guess, c.answer,
    {tolerance: c.tolerance, percent: !!c.percent, scale: c.scale, digits: c.digits || 0}).verdict),
  key: cases.key.map(c => A.judgeKey(c.guess, c.answer, c.tolerance, c.scale).verdict),
  read: cases.read.map(c => {
    const r = A.readGuess(c.typed, {value: c.answer, percent: c.percent, scale: c.scale});
    return r.ok ? {value: r.value, told: r.told} : {error: r.error};
  }),
  record: (() => {
    const first = A.record('quiz:x:y', 'quiz-numeric', '0,5', 'wrong');
    const second = A.record('quiz:x:y', 'quiz-numeric', '0,7', 'right');
    return {first, second, stored: A.get('quiz:x:y'), persistent: A.persistent};
  })(),
};
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope='module')
def node():
    node = shutil.which('node')
    if node is None:
        pytest.fail('node não está no PATH: os testes do navegador precisam do Node.js')
    run = subprocess.run([node, '-e', RUNNER, str(ANSWERS_JS)], input=json.dumps(CASES),
                         capture_output=True, text=True, timeout=30, check=False,
                         cwd=ROOT / 'course' / 'static')
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.parametrize('i', range(len(CASES['judge'])))
def test_a_prediction_is_judged_as_the_table_says(node, i):
    case = CASES['judge'][i]
    assert node['judge'][i] == case['verdict'], case


@pytest.mark.parametrize('i', range(len(CASES['key'])))
def test_a_quiz_answer_is_judged_as_the_table_says(node, i):
    case = CASES['key'][i]
    assert node['key'][i] == case['verdict'], case


@pytest.mark.parametrize('i', range(len(CASES['read'])))
def test_what_the_student_types_is_read_as_the_table_says(node, i):
    case, got = CASES['read'][i], node['read'][i]
    if 'error' in case:
        assert got == {'error': case['error']}
    else:
        assert got['value'] == pytest.approx(case['value']) and got['told'] == case['told'], case


def test_the_table_covers_each_verdict_on_each_scale():
    seen = {(c['verdict'], 'proportion' if 0 <= c['answer'] <= 1 and not float(c['answer']).is_integer()
             else 'other') for c in CASES['judge']}
    assert seen == {(v, s) for v in ('right', 'close', 'wrong') for s in ('proportion', 'other')}


def test_the_first_answer_is_kept_and_the_last_is_added(node):
    """Without a browser (no localStorage) the store keeps answers in memory, and still keeps
    the first answer when a second one comes."""
    rec = node['record']
    assert rec['persistent'] is False
    stored = rec['stored']
    assert stored['first']['answer'] == '0,5' and stored['first']['verdict'] == 'wrong'
    assert stored['last']['answer'] == '0,7' and stored['last']['verdict'] == 'right'
    assert stored['attempts'] == 2 and stored['kind'] == 'quiz-numeric'
    assert stored['first']['at'] <= stored['last']['at']


def test_the_guide_and_the_module_describe_the_same_stored_format():
    module = ANSWERS_JS.read_text(encoding='utf-8')
    guide = (ROOT / 'MANUTENCAO.md').read_text(encoding='utf-8')
    section = guide.split('## Preveja no site', 1)[1].split('\n## ', 1)[0]
    for word in ['"curso:respostas"', '"schema": "curso-respostas"', '"version": 4', '"kind"',
                 '"first"', '"last"', '"attempts"', '"skipped"', '"verdict"', '"at"',
                 'quiz-single', 'quiz-truefalse', 'quiz-multiple', 'quiz-numeric',
                 'preveja-numero', 'preveja-escolha', 'preveja-texto', '"pratique"', '"seed"',
                 '"right"', '"second"', '"try"', '"before"', '"streak"', 'pratique:<', '"review"', '"step"']:
        assert word in module, f'answers.js does not describe {word}'
        assert word in section, f'MANUTENCAO.md, "Preveja no site", does not describe {word}'
    constants = dict(re.findall(r'var (RIGHT|CLOSE|POINT) = ([0-9.]+);', module))
    for name, value in constants.items():
        assert value.replace('.', ',') in section, f'MANUTENCAO.md does not give {name} = {value}'


def test_a_quiz_output_carries_the_store_before_the_quiz():
    """A quiz works alone in a Colab output: numbers.js, then answers.js, then quiz.js."""
    from course import quiz
    markup = quiz.quiz_html('custo', ['f1-para-tudo'])
    order = [markup.index(f'data-course-asset="{name}"') for name in ('numbers.js', 'answers.js', 'quiz.js')]
    assert order == sorted(order)
    assert markup.count('class="cq-check">Conferir</button>') == 1


# ----------------------------------------------------------------------------- moved questions

MOVED = r"""
const A = require(process.argv[1]);
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const doc = JSON.parse(JSON.stringify(input.stored));
const changed = A.adoptAll(doc, input.pageOf);
const again = JSON.stringify(doc);
A.adoptAll(doc, input.pageOf);
process.stdout.write(JSON.stringify({doc, changed, idempotent: JSON.stringify(doc) === again}));
"""


def _moved_case():
    """Today's stored answers (tests/data/answers_2026-12-02.json) against a manifest in which
    each question moved to another page, as a lesson split into parts moves them; one question
    answered on both its old and its new page; one whose kind changed."""
    fixture = json.loads((ROOT / 'tests' / 'data' / 'answers_2026-12-02.json').read_text(encoding='utf-8'))
    stored = fixture['stored']
    pages = []
    for p in fixture['manifest']['pages']:
        for k, item in enumerate(p['items']):
            new_page = p['page'].replace('.html', f'-parte-{k % 3 + 1}.html')
            pages.append({'page': new_page, 'items': [item]})
    one = fixture['manifest']['pages'][0]
    qid, old_page = one['items'][0]['id'], one['page']
    again = dict(stored['pages'][old_page][qid])
    again['first'] = dict(again['first'], at='2026-12-09T10:00:00.000Z')
    again['last'] = again['first']
    new_page = old_page.replace('.html', '-parte-1.html')
    stored['pages'][new_page] = {qid: again}
    changed_kind = one['items'][1]['id']
    manifest = {'pages': pages}
    for p in manifest['pages']:
        for item in p['items']:
            if item['id'] == changed_kind:
                item['kind'] = 'quiz-numeric' if item['kind'] != 'quiz-numeric' else 'quiz-single'
                stored['pages'].setdefault(p['page'], {})[changed_kind] = {
                    'kind': item['kind'], 'first': None, 'last': None, 'attempts': 0, 'skipped': None}
    return stored, manifest, (qid, new_page, old_page), changed_kind


def test_an_answer_given_on_an_older_page_is_found_where_the_question_now_stands():
    from course.answer_files import rehome
    stored, manifest, (qid, new_page, old_page), changed_kind = _moved_case()
    page_of = {item['id']: p['page'] for p in manifest['pages'] for item in p['items']}
    run = subprocess.run([shutil.which('node'), '-e', MOVED, str(ANSWERS_JS)],
                         input=json.dumps({'stored': stored, 'pageOf': page_of}),
                         capture_output=True, text=True, timeout=30, check=True, cwd=ROOT / 'course' / 'static')
    js = json.loads(run.stdout)
    py = rehome(stored['pages'], manifest)
    assert js['changed'] and js['idempotent']
    assert js['doc']['pages'] == py, 'answers.js and course/answer_files.py move answers differently'
    moved = [i for i in page_of if i != changed_kind]
    for item_id in moved:
        assert item_id in py[page_of[item_id]], item_id
    assert not any(item_id in items for page, items in py.items() for item_id in moved if page != page_of[item_id])
    # answered on both pages: one record, the earlier first answer kept
    assert py[new_page][qid]['first']['at'] == stored['pages'][old_page][qid]['first']['at']
    # a question whose kind changed keeps this browser's record of the new kind; the old one stays where it was
    assert py[page_of[changed_kind]][changed_kind]['first'] is None
    assert any(changed_kind in items for page, items in py.items() if page != page_of[changed_kind])


# ----------------------------------------------------------------------------- practice

PRACTICE = r"""
const A = require(process.argv[1]);
const verdicts = ['right', 'right', 'close', 'right', 'right', 'right', 'wrong'];
const seq = verdicts.map((v, i) => A.practise('precisao', i + 1, ' 4/5 ', v));
const t = m => `2026-12-03T14:${String(m).padStart(2, '0')}:00.000Z`;
const rec = (first, last, attempts, right, streak) => ({kind: 'pratique',
  first: {answer: '1', verdict: 'right', seed: first, at: t(first)},
  last: {answer: '1', verdict: 'right', seed: last, at: t(last)}, attempts, right, streak, skipped: null});
const doc = pages => ({schema: 'curso-respostas', version: 3, pages});
const here = doc({'a.html': {'pratique:f1': rec(1, 10, 10, 6, 2), 'pratique:mcc': rec(5, 9, 4, 4, 4)}});
const there = doc({'a.html': {'pratique:f1': rec(3, 20, 5, 5, 5), 'pratique:mcc': rec(2, 8, 7, 1, 0)},
                   'b.html': {'pratique:bayes': rec(1, 1, 1, 1, 1)}});
const merged = JSON.parse(JSON.stringify(here));
const first = A.mergeDocument(merged, there);
const again = A.mergeDocument(merged, there);
/* a tutor's tries: [seed, verdict, try] */
const tries = [[1, 'wrong', 1], [1, 'right', 2], [2, 'right', 1], [3, 'right', 1], [4, 'close', 1], [4, 'right', 2],
               [5, 'right', 1], [6, 'wrong', 1], [6, 'wrong', 2], [7, 'right', 2]];
const tutored = tries.map(([seed, v, k]) => A.practise('f1', seed, '0,5; 0,6; 0,55', v, {try: k}));
const review = {a: {'quiz:a:q': {step: 1, at: t(10)}, 'quiz:a:r': {step: 0, at: t(30)}},
                b: {'quiz:a:q': {step: 2, at: t(20)}, 'quiz:a:r': {step: 1, at: t(5)}, 'pratique:f1': {step: 0, at: t(1)}}};
const withReview = {schema: 'curso-respostas', version: 4, pages: {}, review: review.a};
A.mergeDocument(withReview, {schema: 'curso-respostas', version: 4, pages: {}, review: review.b});
process.stdout.write(JSON.stringify({seq, stored: A.get('pratique:precisao'), merged, first, again,
                                     mastered: A.MASTERED, version: A.VERSION, kinds: A.KINDS, tutored,
                                     review, mergedReview: withReview.review, days: A.REVIEW_DAYS}));
"""


@pytest.fixture(scope='module')
def practice_node():
    run = subprocess.run([shutil.which('node'), '-e', PRACTICE, str(ANSWERS_JS)], capture_output=True, text=True,
                         timeout=30, check=False, cwd=ROOT / 'course' / 'static')
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_practice_counts_attempts_rights_and_the_run_of_rights(practice_node):
    """Right, right, close (a rounding away: wrong), right x3, wrong: the run restarts at each
    answer that is not right, and reaches 3 (mastered) before the last."""
    seq = practice_node['seq']
    assert [r['attempts'] for r in seq] == [1, 2, 3, 4, 5, 6, 7]
    assert [r['right'] for r in seq] == [1, 2, 2, 3, 4, 5, 5]
    assert [r['streak'] for r in seq] == [1, 2, 0, 1, 2, 3, 0]
    assert practice_node['mastered'] == 3 and practice_node['version'] == 4 and 'pratique' in practice_node['kinds']
    stored = practice_node['stored']
    assert stored['kind'] == 'pratique' and stored['skipped'] is None
    assert stored['first']['seed'] == 1 and stored['first']['verdict'] == 'right'
    assert stored['last'] == {**stored['last'], 'seed': 7, 'verdict': 'wrong', 'answer': '4/5'}
    assert stored['first']['at'] <= stored['last']['at']


def test_practice_merges_by_its_own_rule_and_twice_changes_nothing(practice_node):
    f1 = practice_node['merged']['pages']['a.html']['pratique:f1']
    # the earlier first, the later last; the larger counts; the run of the record whose last is later
    assert (f1['first']['seed'], f1['last']['seed']) == (1, 20)
    assert (f1['attempts'], f1['right'], f1['streak']) == (10, 6, 5)
    mcc = practice_node['merged']['pages']['a.html']['pratique:mcc']
    assert (mcc['first']['seed'], mcc['last']['seed']) == (2, 9)
    assert (mcc['attempts'], mcc['right'], mcc['streak']) == (7, 4, 4)      # this browser's last is later
    assert practice_node['merged']['pages']['b.html']['pratique:bayes']['streak'] == 1
    assert practice_node['first'] == {'added': 1, 'updated': 2, 'same': 0, 'kept': 0}
    assert practice_node['again'] == {'added': 0, 'updated': 0, 'same': 3, 'kept': 0}


def test_a_right_second_try_counts_and_holds_the_run_of_first_tries(practice_node):
    """Issue 41: a right second try (after a hint) showed as "0 certos". It counts as right
    ("second" says how many of the right ones), gives back the run of rights at the first try it
    had before the exercise (neither adds to it nor zeroes it) and counts the exercise once; a
    second wrong try changes no count; a "try 2" that is not the second try of the last exercise is
    a new exercise."""
    seq = practice_node['tutored']
    assert [r['attempts'] for r in seq] == [1, 1, 2, 3, 4, 4, 5, 6, 6, 7]
    assert [r['right'] for r in seq] == [0, 1, 2, 3, 3, 4, 5, 5, 5, 6]
    assert [r.get('second', 0) for r in seq] == [0, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    assert [r['streak'] for r in seq] == [0, 0, 1, 2, 0, 2, 3, 0, 0, 1]
    assert seq[6]['streak'] >= practice_node['mastered']             # mastered with a hinted right between
    assert seq[0]['last']['before'] == 0 and seq[4]['last']['before'] == 2 and seq[5]['last']['try'] == 2
    assert 'before' not in seq[5]['last'] and seq[0]['first']['try'] == 1


def test_the_review_merges_item_by_item_by_the_later_answer(practice_node):
    got, review = practice_node['mergedReview'], practice_node['review']
    assert got == {'quiz:a:q': review['b']['quiz:a:q'], 'quiz:a:r': review['a']['quiz:a:r'],
                   'pratique:f1': review['b']['pratique:f1']}
    from course.answer_files import REVIEW_DAYS, merge_review
    assert merge_review(review['a'], review['b']) == got and list(REVIEW_DAYS) == practice_node['days'] == [1, 3, 7]


def test_practice_merges_alike_in_python(practice_node):
    """course/answer_files.merge_item (scripts/turma.py) merges a practice item as answers.js does."""
    from course.answer_files import merge_item
    t = lambda m: f'2026-12-03T14:{m:02d}:00.000Z'                     # noqa: E731

    def rec(first, last, attempts, right, streak):
        return {'kind': 'pratique', 'first': {'answer': '1', 'verdict': 'right', 'seed': first, 'at': t(first)},
                'last': {'answer': '1', 'verdict': 'right', 'seed': last, 'at': t(last)}, 'attempts': attempts,
                'skipped': None, 'right': right, 'streak': streak}
    merged = practice_node['merged']['pages']['a.html']
    assert merge_item(rec(1, 10, 10, 6, 2), rec(3, 20, 5, 5, 5)) == merged['pratique:f1']
    assert merge_item(rec(5, 9, 4, 4, 4), rec(2, 8, 7, 1, 0)) == merged['pratique:mcc']
    with_second = dict(rec(3, 20, 5, 5, 5), second=2)
    assert merge_item(rec(1, 10, 10, 6, 2), with_second)['second'] == 2
    assert 'second' not in merge_item(rec(1, 10, 10, 6, 2), rec(3, 20, 5, 5, 5))
