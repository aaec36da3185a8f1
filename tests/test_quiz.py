"""The quiz banks (quiz/*.yml) and their renderer (course/quiz.py).

- every bank follows the schema written in course/quiz.py's docstring;
- every numeric answer is recomputed here from the lessons' own numbers (ANSWERS): changing
  an answer key in a bank, or a number here, fails the test;
- text is Portuguese, the rendered HTML loads nothing and links only to the course site;
- every lesson and lab ends with a quiz cell of an existing bank.
"""
import math
import re
from pathlib import Path

import numpy as np
import pytest
import yaml
from scipy.special import expit
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

from conftest import ROOT
from course import quiz

QUIZ_DIR = ROOT / 'quiz'
BANKS = {'metricas': 12, 'custo': 6, 'calibracao': 6, 'roc': 6}   # name -> minimum questions
TYPES = set(quiz.TYPES)

# ------------------------------------------------------------------ the lessons' own numbers
# 20 patients, threshold 0.5 (lesson "Métricas", section 2): TP 7, FP 2, FN 3, TN 8
TP, FP, FN, TN = 7, 2, 3, 8
# lab, logistic regression on the validation set: tp=32 fn=22 fp=12 tn=88
LAB_TP, LAB_FN, LAB_FP, LAB_TN = 32, 22, 12, 88


def _patients_counts():
    """The four counts recomputed from the 20 patients' scores and labels."""
    from course.data import SCORES, THRESHOLD, Y_TRUE
    pred = SCORES >= THRESHOLD
    return (int((pred & (Y_TRUE == 1)).sum()), int((pred & (Y_TRUE == 0)).sum()),
            int((~pred & (Y_TRUE == 1)).sum()), int((~pred & (Y_TRUE == 0)).sum()))


ANSWERS = {
    # metricas
    'precision_20_patients': TP / (TP + FP),                          # 7/9
    'recall_20_patients': TP / (TP + FN),                             # 0,7
    'specificity_20_patients': TN / (TN + FP),                        # 0,8
    'npv_20_patients': TN / (TN + FN),                                # 8/11
    'f1_20_patients': 2 * TP / (2 * TP + FP + FN),                    # 14/19
    'precision_lab_logreg': LAB_TP / (LAB_TP + LAB_FP),               # 32/44
    'pima_val_majority_accuracy': (LAB_FP + LAB_TN) / (LAB_TP + LAB_FN + LAB_FP + LAB_TN),
    'f1_only_p01': 2 * 1.0 * 0.1 / (1.0 + 0.1),                       # precision 1, recall 0,1
    # custo (lesson 2.6): prices 10 (miss) and 1 (false alarm)
    'threshold_theory_10_1': 1 / (1 + 10),                           # c_FP / (c_FP + c_FN)
    'threshold_theory_fp3_fn1': 3 / (3 + 1),
    'cost_threshold_05': 10 * 24 + 1 * 14,                            # 24 misses, 14 alarms
    # calibracao (lesson 2.4)
    'temperature_099_T4': float(expit(math.log(0.99 / 0.01) / 4)),
    'expected_errors_149_at_99': 149 * 0.01,
    # roc (lesson 2.3)
    'roc_auc_four_scores': roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
    'binormal_auc_d2': float(norm.cdf(2 / math.sqrt(2))),
    'bayes_precision_1pct': 0.95 * 0.01 / (0.95 * 0.01 + 0.05 * 0.99),
    'bootstrap_width_factor_4x': 1 / math.sqrt(4),
}

ENGLISH_WORDS = [' the ', ' and ', ' of ', ' is ', ' with ', ' to ', ' are ', ' this ',
                 ' which ', ' true ', ' false ', ' correct ', ' wrong ', ' answer ']


def load(name):
    return yaml.safe_load((QUIZ_DIR / f'{name}.yml').read_text(encoding='utf-8'))


def all_questions():
    return [(name, q) for name in BANKS for q in load(name)['questions']]


def texts(q):
    """Every student-facing string of a question."""
    out = [q['prompt']]
    for option in q.get('options', []):
        out += [option['text'], option['feedback']]
    out += [q[k] for k in ('feedback_correct', 'feedback_wrong', 'feedback_true',
                           'feedback_false') if k in q]
    return [str(t) for t in out]


# ------------------------------------------------------------------ schema

def check_schema(bank, name):
    """Raise AssertionError with a readable message when the bank breaks the schema."""
    assert set(bank) == {'quiz', 'title', 'lesson', 'sections', 'questions'}, sorted(bank)
    assert bank['quiz'] == name
    assert (ROOT / 'lessons' / f"{bank['lesson']}.md").is_file(), bank['lesson']
    assert isinstance(bank['sections'], dict) and bank['sections']
    for url, title in bank['sections'].items():
        assert re.fullmatch(r'[a-z0-9-]+\.html(#sec-[a-z0-9-]+)?', url), url
        assert isinstance(title, str) and title.strip()
    ids = [q['id'] for q in bank['questions']]
    assert len(ids) == len(set(ids)), 'ids repetidos'
    common = {'id', 'type', 'prompt', 'section'}
    for q in bank['questions']:
        where = f"{name}/{q.get('id')}"
        assert re.fullmatch(r'[a-z0-9]+(-[a-z0-9]+)*', str(q['id'])), where
        assert q['type'] in TYPES, where
        assert isinstance(q['prompt'], str) and q['prompt'].strip(), where
        assert q['section'] in bank['sections'], f'{where}: section {q["section"]} not in sections'
        if q['type'] in ('single', 'multiple'):
            assert set(q) == common | {'options'}, f'{where}: {sorted(q)}'
            assert len(q['options']) >= 2, where
            for option in q['options']:
                assert set(option) == {'text', 'correct', 'feedback'}, f'{where}: {option}'
                assert isinstance(option['correct'], bool), where
                assert str(option['text']).strip() and str(option['feedback']).strip(), where
            n_correct = sum(o['correct'] for o in q['options'])
            if q['type'] == 'single':
                assert n_correct == 1, f'{where}: {n_correct} correct options'
            else:
                assert n_correct >= 1, where
        elif q['type'] == 'numeric':
            assert set(q) == common | {'answer', 'tolerance', 'answer_from', 'feedback_correct',
                                       'feedback_wrong'}, f'{where}: {sorted(q)}'
            assert isinstance(q['answer'], (int, float)) and not isinstance(q['answer'], bool)
            assert isinstance(q['tolerance'], (int, float)) and q['tolerance'] > 0, where
            assert q['answer_from'] in ANSWERS, f"{where}: no expression {q['answer_from']!r}"
            assert q['feedback_correct'].strip() and q['feedback_wrong'].strip(), where
        else:
            assert set(q) == common | {'answer', 'feedback_true', 'feedback_false'}, \
                f'{where}: {sorted(q)}'
            assert isinstance(q['answer'], bool), where
            assert q['feedback_true'].strip() and q['feedback_false'].strip(), where
        for text in texts(q):
            assert text.count('$') % 2 == 0, f'{where}: unbalanced $ in {text!r}'
            assert text.count('`') % 2 == 0, f'{where}: unbalanced ` in {text!r}'


@pytest.mark.parametrize('name', BANKS)
def test_bank_follows_the_schema(name):
    check_schema(load(name), name)


def test_schema_check_rejects_broken_banks():
    bank = load('metricas')
    single = next(q for q in bank['questions'] if q['type'] == 'single')
    for breakage in ('second correct', 'no feedback', 'bad type'):
        broken = yaml.safe_load(yaml.safe_dump(bank))
        q = next(x for x in broken['questions'] if x['id'] == single['id'])
        if breakage == 'second correct':
            for option in q['options']:
                option['correct'] = True
        elif breakage == 'no feedback':
            del q['options'][-1]['feedback']
        else:
            q['type'] = 'essay'
        with pytest.raises((AssertionError, KeyError)):
            check_schema(broken, 'metricas')


@pytest.mark.parametrize('name,minimum', BANKS.items())
def test_bank_has_enough_questions(name, minimum):
    assert len(load(name)['questions']) >= minimum


def test_every_type_is_used():
    used = {q['type'] for _, q in all_questions()}
    assert used == TYPES


def test_metricas_covers_the_fundamental_approach():
    ids = {q['id'] for q in load('metricas')['questions']}
    for needed in ['matriz-layout-padrao', 'matriz-ordem-sklearn', 'paradoxo-acuracia',
                   'precisao-20', 'revocacao-20', 'especificidade-20', 'vpn-20', 'f1-20',
                   'limiar-sobe', 'media-harmonica']:
        assert needed in ids


def test_the_erro_comum_questions_exist():
    """The lessons' "Erro comum" true/false (seeds 001 and 002) are in the banks."""
    custo = {q['id']: q for q in load('custo')['questions']}
    calib = {q['id']: q for q in load('calibracao')['questions']}
    assert custo['f1-para-tudo']['type'] == 'truefalse' and custo['f1-para-tudo']['answer'] is False
    assert 'F1' in custo['f1-para-tudo']['prompt']
    assert calib['oito-e-oitenta']['type'] == 'truefalse'
    assert calib['oito-e-oitenta']['answer'] is False and '0,8' in calib['oito-e-oitenta']['prompt']


# ------------------------------------------------------------------ answers

def test_the_patient_counts_are_the_lessons():
    assert _patients_counts() == (TP, FP, FN, TN)


@pytest.mark.parametrize('name,qid', [(n, q['id']) for n, q in all_questions()
                                      if q['type'] == 'numeric'])
def test_numeric_answer_is_recomputed(name, qid):
    q = next(x for x in load(name)['questions'] if x['id'] == qid)
    expected = ANSWERS[q['answer_from']]
    assert abs(q['answer'] - expected) <= q['tolerance'], \
        f"{name}/{qid}: key {q['answer']} but {q['answer_from']} = {expected:.6f}"
    # the tolerance must not accept the usual slips (off by a few hundredths)
    assert q['tolerance'] <= max(0.01, 0.01 * abs(expected)), f'{name}/{qid}: tolerance too wide'


def test_every_answer_expression_is_used():
    used = {q['answer_from'] for _, q in all_questions() if q['type'] == 'numeric'}
    assert used == set(ANSWERS)


# ------------------------------------------------------------------ language

@pytest.mark.parametrize('name', BANKS)
def test_text_is_portuguese(name):
    bank = load(name)
    for q in bank['questions']:
        for text in texts(q):
            plain = ' ' + re.sub(r'`[^`]*`|\$[^$]*\$', ' ', text.lower()) + ' '
            for word in ENGLISH_WORDS:
                assert word not in plain, f'{name}/{q["id"]}: {word.strip()!r} in {text!r}'
            prose = re.sub(r'`[^`]*`|\$[^$]*\$|aula \d+\.\d+', '', text)
            assert re.search(r'\d\.\d', prose) is None, \
                f'{name}/{q["id"]}: decimal point in prose: {text!r}'


# ------------------------------------------------------------------ renderer

@pytest.mark.parametrize('name', BANKS)
def test_rendered_html_is_self_contained(name):
    markup = quiz.render(load(name), absolute_links=False)
    urls = re.findall(r'(?:https?:)?//[^\s"\'<>)]+', markup)
    assert all(u.startswith(quiz.SITE_URL) for u in urls), urls
    assert not re.search(r'<script[^>]+src=|<link[^>]+href=|@import|cdn', markup, re.I)
    hrefs = re.findall(r'href="([^"]+)"', markup)
    bank = load(name)
    assert sorted(set(hrefs)) == sorted({'../lessons/' + q['section'] for q in bank['questions']})
    assert markup.count('Revise:') == len(bank['questions'])
    assert markup.count('class="cq-feedback"') == len(bank['questions'])
    assert markup.count('aria-live="polite"') >= len(bank['questions'])


def test_links_point_to_the_published_site_outside_the_site():
    markup = quiz.render(load('metricas'), absolute_links=True)
    assert f'href="{quiz.SITE_URL}lessons/metricas-fundamental.html#' in markup
    assert 'target="_blank"' in markup


def test_every_input_has_a_label():
    markup = quiz.render(load('metricas'))
    inputs = re.findall(r'<input[^>]+id="([^"]+)"', markup)
    labels = set(re.findall(r'<label for="([^"]+)"', markup))
    assert inputs and set(inputs) <= labels


def test_js_and_css_are_defined_once_per_page():
    markup = quiz.render(load('custo'))
    assert 'if (!window.courseQuiz)' in markup
    assert '<style data-cq-style>' in markup


def test_show_question_renders_one_question():
    markup = quiz.quiz_html('custo', ['f1-para-tudo'])
    assert markup.count('<fieldset') == 1 and 'Verdadeiro' in markup and 'Falso' in markup
    with pytest.raises(KeyError):
        quiz.quiz_html('custo', ['nao-existe'])


def test_math_is_readable_without_mathjax():
    markup = quiz.quiz_html('roc', ['auc-binormal'])
    assert 'data-tex="\\(\\Phi(d/\\sqrt{2})\\)">Φ(d/√2)</span>' in markup   # TeX for MathJax, text first
    assert '(2 TP)/(2 TP + FP + FN)' in quiz.rich('$\\frac{2\\,TP}{2\\,TP + FP + FN}$')


def test_repository_constant_matches_config():
    config = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))
    assert quiz.REPOSITORY == config['repository']['url'].rstrip('/')
    assert quiz.BRANCH == config['repository']['branch']
    assert quiz.RAW_URL.format(name='metricas') == (
        'https://raw.githubusercontent.com/curso-ml-pt/avaliando-classificadores/main/quiz/metricas.yml')


def test_offline_without_the_file_prints_how_to_get_it(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(quiz, 'QUIZ_DIRS', [tmp_path])

    def offline(*args, **kwargs):
        raise quiz.urllib.error.URLError('sem rede')
    monkeypatch.setattr(quiz.urllib.request, 'urlopen', offline)
    quiz.show_quiz('metricas')
    message = capsys.readouterr().out
    assert 'Não foi possível carregar o questionário' in message
    assert quiz.RAW_URL.format(name='metricas') in message and 'quiz/metricas.yml' in message


def test_download_is_used_when_the_file_is_not_installed(monkeypatch, tmp_path):
    monkeypatch.setattr(quiz, 'QUIZ_DIRS', [tmp_path])
    body = (QUIZ_DIR / 'roc.yml').read_bytes()
    seen = []

    class Response:
        def __enter__(self):
            return self

        def __exit__(self, *args):
            return False

        def read(self):
            return body

    def fake(url, timeout):
        seen.append(url)
        return Response()
    monkeypatch.setattr(quiz.urllib.request, 'urlopen', fake)
    assert quiz.load_bank('roc')['quiz'] == 'roc'
    assert seen == [quiz.RAW_URL.format(name='roc')]


# ------------------------------------------------------------------ pages

QUIZ_CELL = re.compile(r"from course\.quiz import show_quiz\s*\n\s*show_quiz\('([a-z]+)'\)")


def code_cells(md):
    return re.findall(r'```\{code-cell\}[^\n]*\n(.*?)```', md, re.S)


# The metrics lesson is one lesson on two pages; its quiz covers the fundamental approach
# (seed 000: "O quiz cobre a abordagem fundamental") and closes that page.
QUIZ_PAGES = sorted(p for p in (ROOT / 'lessons').glob('*.md') if p.stem != 'metricas-avancada')


def test_the_advanced_metrics_page_points_to_the_lesson_quiz():
    text = (ROOT / 'lessons' / 'metricas-avancada.md').read_text(encoding='utf-8')
    assert 'metricas-fundamental.md#sec-metricas-quiz' in text


@pytest.mark.parametrize('path', QUIZ_PAGES, ids=lambda p: p.stem)
def test_every_lesson_ends_with_a_quiz(path):
    cells = code_cells(path.read_text(encoding='utf-8'))
    assert cells, f'{path.name}: no code cells'
    match = QUIZ_CELL.search(cells[-1])
    assert match, f'{path.name}: the last cell is not a show_quiz cell'
    assert match.group(1) in BANKS
    assert ':tags: [remove-input, nbval-ignore-output]' in cells[-1]


@pytest.mark.parametrize('path', sorted((ROOT / 'labs').glob('*.md')), ids=lambda p: p.stem)
def test_every_lab_has_a_quiz(path):
    names = QUIZ_CELL.findall(path.read_text(encoding='utf-8'))
    assert names, f'{path.name}: no show_quiz cell'
    assert set(names) <= set(BANKS)


@pytest.mark.parametrize('name', BANKS)
def test_section_anchors_exist_in_the_lesson(name):
    bank = load(name)
    md = (ROOT / 'lessons' / f"{bank['lesson']}.md").read_text(encoding='utf-8')
    labels = set(re.findall(r'^\((sec-[a-z0-9-]+)\)=', md, re.M))
    if not labels:
        pytest.skip(f"lessons/{bank['lesson']}.md has no (sec-...)= labels yet")
    for url in bank['sections']:
        page, _, anchor = url.partition('#')
        assert page == f"{bank['lesson']}.html", url
        assert not anchor or anchor in labels, f'{url}: no ({anchor})= in the lesson'
