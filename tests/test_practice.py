"""course/practice.py: every kind of "Pratique" exercise, on thousands of seeds.

What a student would notice if it broke:
- an exercise whose answer is wrong: each kind's answer is computed again HERE from what the
  student reads (the table's cells, the numbers in the statement, the question), with
  scikit-learn or plain arithmetic written in this file, never with course/metrics.py or
  course/practice.py;
- numbers that make no sense (a cell of 0 a formula divides by, an answer of exactly 0 or 1 that
  gives the game away, a bin's score outside the bin), or an answer at a rounding knife-edge, where
  a correct two-decimal answer would be called "Quase";
- the answer, typed as the page writes it, as a fraction or as a percentage, not accepted (judged
  with course/answers.py, the rules of answers.js);
- a worked solution that does not use this exercise's numbers or ends on another answer;
- a seed that does not give the same exercise in another process, or "Outro exercício" that
  keeps showing the same numbers.
"""
import json
import math
import re
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    brier_score_loss,
    f1_score,
    fbeta_score,
    matthews_corrcoef,
    mean_absolute_error,
    mean_squared_error,
    precision_score,
    r2_score,
    recall_score,
    roc_auc_score,
)

from conftest import ROOT
from course import answers as judging
from course import practice

KINDS = list(practice.KINDS)
MANY = 2000                # seeds per kind for the humane checks
CHECKED = 400              # seeds per kind recomputed with scikit-learn (slower)


def pt(text: str) -> float:
    """A pt-BR number as the page writes it: '4.720' -> 4720, '0,25' -> 0.25, '−3' -> -3."""
    text = text.strip().replace('\u2212', '-').replace('.', '').replace(',', '.')
    return float(text)


def cells(ex, row):
    return [pt(c) for c in ex.table['rows'][row][1:]]


@pytest.fixture(scope='module')
def drawn():
    return {kind: [practice.draw(kind, seed) for seed in range(1, MANY + 1)] for kind in KINDS}


def test_at_least_ten_kinds_each_with_a_title():
    assert len(KINDS) >= 10
    for kind, spec in practice.KINDS.items():
        assert re.fullmatch(r'[a-z0-9]+(-[a-z0-9]+)*', kind) and spec.title.startswith('Exercício ')


# ----------------------------------------------------------------------------- the answer, again

def labels(tp, fp, fn, tn):
    y = [1] * tp + [0] * fp + [1] * fn + [0] * tn
    p = [1] * tp + [1] * fp + [0] * fn + [0] * tn
    return y, p


def matrix_counts(ex):
    """TP, FP, FN, TN from the matrix the student reads (real in the rows, positive first)."""
    (tp, fn), (fp, tn) = cells(ex, 0), cells(ex, 1)
    assert ex.table['head'][1] == ex.table['rows'][0][0]          # the positive class first, both ways
    return int(tp), int(fp), int(fn), int(tn)


def recompute(ex) -> float:
    """The answer of an exercise from what its statement shows, without the site's code."""
    kind, st = ex.kind, ' '.join(ex.statement)
    if kind in ('acuracia', 'precisao', 'revocacao', 'especificidade', 'f1', 'fbeta', 'acuracia-balanceada', 'mcc'):
        y, p = labels(*matrix_counts(ex))
        if kind == 'acuracia':
            return accuracy_score(y, p)
        if kind == 'precisao':
            return precision_score(y, p)
        if kind == 'revocacao':
            return recall_score(y, p)
        if kind == 'especificidade':
            return recall_score(y, p, pos_label=0)
        if kind == 'f1':
            return f1_score(y, p)
        if kind == 'fbeta':
            beta = {'F2': 2, 'F0,5': 0.5}[re.search(r'o (F[\d,]+) do modelo', ex.question).group(1)]
            return fbeta_score(y, p, beta=beta)
        if kind == 'acuracia-balanceada':
            return balanced_accuracy_score(y, p)
        return matthews_corrcoef(y, p)
    if kind == 'bayes':
        sens = Fraction(re.search(r'sensibilidade ([\d,]+)', st).group(1).replace(',', '.'))
        spec = Fraction(re.search(r'especificidade ([\d,]+)', st).group(1).replace(',', '.'))
        prev = Fraction(re.search(r'π = ([\d,]+)', st).group(1).replace(',', '.'))
        people = 10 ** 6                                    # count them: TP and FP in a million
        sick = people * prev
        tp, fp = sens * sick, (1 - spec) * (people - sick)
        return float(tp / (tp + fp))
    if kind == 'macro-ponderada':
        m = np.array([cells(ex, r) for r in range(3)], dtype=int)
        supports = [int(re.search(r'\((\d+)\)', r[0]).group(1)) for r in ex.table['rows']]
        assert supports == list(m.sum(axis=1))               # the support shown is the row's sum
        y = [i for i in range(3) for j in range(3) for _ in range(m[i, j])]
        p = [j for i in range(3) for j in range(3) for _ in range(m[i, j])]
        average = 'macro' if 'macro' in ex.question else 'weighted'
        assert average == 'macro' or 'ponderado' in ex.question
        return f1_score(y, p, average=average)
    if kind == 'custo-limiar':
        c_fn, c_fp = (int(x) for x in re.findall(r'custa (\d+)', st))
        return min(c_fn * pt(r[1]) + c_fp * pt(r[2]) for r in ex.table['rows'])
    if kind == 'custo-esperado':
        c_fn, c_fp = (int(x) for x in re.findall(r'custa (\d+)', st))
        p = pt(re.search(r'p = ([\d,]+)', st).group(1))
        return min(p * c_fn, (1 - p) * c_fp)
    if kind == 'brier':
        p = [pt(r[1]) for r in ex.table['rows']]
        y = [1 if r[2].startswith('maligna') else 0 for r in ex.table['rows']]
        return brier_score_loss(y, p)
    if kind == 'ece-faixa':
        n = int(re.search(r'validação de (\d+) biópsias', st).group(1))
        lo, hi, end = re.search(r'faixa \[([\d,]+); ([\d,]+)([)\]])', st).groups()
        lo, hi = pt(lo), pt(hi)
        assert (end == ']') == (hi == 1)                     # only the last bin holds its end
        count = int(re.search(r'recebeu (\d+) biópsias', st).group(1))
        scores = [pt(x) for x in re.search(r'maligna: ([\d,; ]+)\.', st).group(1).split(';')]
        malignant = (0 if 'Nenhuma é maligna' in st else
                     int(re.search(r'(?:Delas, |As )(\d+) (?:é|são) maligna', st).group(1)))
        assert len(scores) == count and all(lo <= s < hi for s in scores)    # the bin's own scores
        return count / n * abs(sum(scores) / count - malignant / count)
    if kind == 'auc-pares':
        s = [pt(r[1]) for r in ex.table['rows']]
        y = [1 if r[2].startswith('positivo') else 0 for r in ex.table['rows']]
        return roc_auc_score(y, s)
    if kind == 'regressao':
        y = [pt(r[1]) for r in ex.table['rows']]
        pred = [pt(r[2]) for r in ex.table['rows']]
        which = re.search(r'o (MAE|RMSE|R²) do modelo', ex.question).group(1)
        return {'MAE': lambda: mean_absolute_error(y, pred), 'RMSE': lambda: math.sqrt(mean_squared_error(y, pred)),
                'R²': lambda: r2_score(y, pred)}[which]()
    raise AssertionError(f'no independent check for the kind {kind}: write one here')


@pytest.mark.parametrize('kind', KINDS)
def test_the_answer_is_what_scikit_learn_or_plain_arithmetic_gives(kind, drawn):
    for ex in drawn[kind][:CHECKED]:
        assert ex.answer == pytest.approx(recompute(ex), abs=1e-9), (kind, ex.seed)


# ----------------------------------------------------------------------------- humane numbers

def digits_of(shown: str) -> int:
    return len(shown.split(',')[1]) if ',' in shown else 0


@pytest.mark.parametrize('kind', KINDS)
def test_every_draw_is_defined_and_humane(kind, drawn):
    for ex in drawn[kind]:
        where = (kind, ex.seed)
        assert math.isfinite(ex.answer) and ex.tolerance > 0, where
        assert ex.statement and ex.question.endswith('?') and ex.hint and ex.solution, where
        d = digits_of(ex.shown)
        assert abs(pt(ex.shown) - ex.answer) <= 0.5 * 10 ** -d + 1e-12, where      # shown = the answer, rounded
        # the rounding the page shows is not at a knife-edge
        scaled = abs(ex.answer) * 10 ** d
        assert abs(scaled - math.floor(scaled) - 0.5) > 0.05 or ex.kind == 'auc-pares', where
        if ex.table:
            widths = {len(r) for r in ex.table['rows']}
            assert widths == {len(ex.table['head'])}, where
        if ex.tolerance == 0.005 and d == 3:                  # a proportion: two decimals are enough
            assert 0 < ex.answer < 1, where                   # never exactly 0 or 1
            two = round(ex.answer, 2)
            assert abs(two - ex.answer) <= ex.tolerance + 1e-12, where
            if kind != 'auc-pares':                           # an exact fraction may sit on x,xx5
                assert abs(two - ex.answer) <= ex.tolerance - 0.0004, where


@pytest.mark.parametrize('kind', ['acuracia', 'precisao', 'revocacao', 'especificidade', 'f1', 'fbeta',
                                  'acuracia-balanceada', 'mcc'])
def test_a_confusion_matrix_has_every_cell_and_a_model_that_learned(kind, drawn):
    for ex in drawn[kind]:
        tp, fp, fn, tn = matrix_counts(ex)
        assert min(tp, fp, fn, tn) >= 1, (kind, ex.seed)
        assert tp / (tp + fn) > fp / (fp + tn), (kind, ex.seed)     # better than chance: TPR > FPR
        assert sum((tp, fp, fn, tn)) <= 600
        assert re.search(rf'\b{tp + fp + fn + tn}\b', ex.statement[0].replace('.', '')), (kind, ex.seed)


def test_the_stories_make_sense(drawn):
    for ex in drawn['ece-faixa']:
        assert 0.001 <= ex.answer <= 0.2
    for ex in drawn['brier']:
        rows = ex.table['rows']
        assert {r[2] for r in rows} == {'maligna (1)', 'benigna (0)'}      # both outcomes
        assert all(0 < pt(r[1]) < 1 for r in rows)
    for ex in drawn['auc-pares']:
        y = [r[2] for r in ex.table['rows']]
        assert 4 <= len(y) <= 6 and y.count('positivo (1)') >= 2 and y.count('negativo (0)') >= 2
    for ex in drawn['custo-limiar']:
        fn = [pt(r[1]) for r in ex.table['rows']]
        fp = [pt(r[2]) for r in ex.table['rows']]
        thresholds = [pt(r[0]) for r in ex.table['rows']]
        assert thresholds == sorted(thresholds) and fn == sorted(fn) and fp == sorted(fp, reverse=True)
        c_fn, c_fp = (int(x) for x in re.findall(r'custa (\d+)', ex.statement[0]))
        costs = sorted(c_fn * a + c_fp * b for a, b in zip(fn, fp))
        assert costs[1] >= 1.15 * costs[0]                    # one cheapest threshold, clearly
    for ex in drawn['custo-esperado']:
        c_fn, c_fp = (int(x) for x in re.findall(r'custa (\d+)', ex.statement[0]))
        p = pt(re.search(r'p = ([\d,]+)', ex.statement[0]).group(1))
        both = sorted([p * c_fn, (1 - p) * c_fp])
        assert both[1] >= 1.5 * both[0]                       # the better decision is clear
    for ex in drawn['bayes']:
        assert 0 < ex.answer < 1
    for ex in drawn['regressao']:
        y = [pt(r[1]) for r in ex.table['rows']]
        assert len(y) == 5 and len(set(y)) >= 3 and sum(y) % 5 == 0 and all(10 <= v <= 60 for v in y)


@pytest.mark.parametrize('kind', KINDS)
def test_the_answer_as_the_page_writes_it_as_a_fraction_and_as_a_percentage_is_right(kind, drawn):
    """Judged by course/answers.py, the Python copy of answers.js's judgeKey and readGuess (the
    browser does the same in tests/test_practice_browser.py)."""
    for ex in drawn[kind][:300]:
        def verdict(typed, ex=ex):
            guess = judging.read_guess(typed, judging.Answer(ex.answer))
            assert guess.ok, typed
            return judging.judge_key(guess.value, ex.answer, ex.tolerance)
        assert verdict(ex.shown) == 'right', (kind, ex.seed, ex.shown)
        fraction = Fraction(ex.answer).limit_denominator(1000)
        if abs(float(fraction) - ex.answer) < 1e-12:
            assert verdict(f'{fraction.numerator}/{fraction.denominator}') == 'right', (kind, ex.seed)
        if 0 < ex.answer < 1 and ex.tolerance >= 0.001:
            percent = f'{100 * ex.answer:.1f}'.replace('.', ',') + ' %'
            assert verdict(percent) == 'right', (kind, ex.seed, percent)
        far = (ex.answer + 0.35 if ex.answer < 0.5 else ex.answer - 0.35) if 0 < ex.answer < 1 else ex.answer * 2 + 1
        assert verdict(str(far).replace('.', ',')) == 'wrong', (kind, ex.seed)


def neighbours(ex) -> list[float]:
    """What a student who confuses this kind with its neighbour computes, from the table he reads."""
    if ex.kind == 'macro-ponderada':
        m = np.array([cells(ex, k) for k in range(3)])
        return [np.trace(m) / m.sum()]                                    # the accuracy (micro F1)
    (tp, fn), (fp, tn) = cells(ex, 0), cells(ex, 1)
    acc, rec, spec, prec = (tp + tn) / (tp + fn + fp + tn), tp / (tp + fn), tn / (tn + fp), tp / (tp + fp)

    def f(b2):
        return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp)
    beta = 2.0 if ex.question.startswith('Qual é o F2') else 0.5
    return {'acuracia': [spec, rec, prec], 'precisao': [rec, spec], 'revocacao': [spec, prec],
            'especificidade': [acc, rec, prec], 'f1': [prec, rec, acc], 'acuracia-balanceada': [acc, rec, spec],
            'fbeta': [f(1.0), f(1 / beta ** 2), f(beta)]}[ex.kind]


CONFUSABLE = ['acuracia', 'precisao', 'revocacao', 'especificidade', 'f1', 'fbeta', 'acuracia-balanceada',
              'macro-ponderada']


@pytest.mark.parametrize('kind', CONFUSABLE)
def test_a_neighbouring_metric_is_never_graded_right(kind, drawn):
    """Plain accuracy typed for the balanced one, F1 for F2, specificity for accuracy...: each is
    "errado" however the student rounds it (three places or the two the hint allows)."""
    for ex in drawn[kind][:CHECKED]:
        for wrong in neighbours(ex):
            for typed in (round(wrong, 3), round(wrong, 2)):
                text = f'{typed}'.replace('.', ',')
                guess = judging.read_guess(text, judging.Answer(ex.answer))
                assert judging.judge_key(guess.value, ex.answer, ex.tolerance) != 'right', (kind, ex.seed, text)


# ----------------------------------------------------------------------------- the worked solution

def statement_numbers(ex) -> list[str]:
    """The numbers of the statement a worked solution must use, as the statement writes them."""
    st = ' '.join(ex.statement)
    if ex.kind == 'bayes':
        return [re.search(r'sensibilidade ([\d,]+)', st).group(1), re.search(r'π = ([\d,]+)', st).group(1)]
    if ex.kind in ('custo-limiar', 'custo-esperado'):
        return re.findall(r'custa (\d+)', st) + re.findall(r'p = ([\d,]+)', st)
    if ex.kind == 'ece-faixa':
        return ([re.search(r'validação de (\d+)', st).group(1), re.search(r'recebeu (\d+)', st).group(1),
                 '0' if 'Nenhuma é maligna' in st else re.search(r'(?:Delas, |As )(\d+) (?:é|são) maligna', st).group(1)]
                + [x.strip() for x in re.search(r'maligna: ([\d,; ]+)\.', st).group(1).split(';')])
    return []


def mentioned(number: str, text: str) -> bool:
    """``number`` in ``text`` as a whole number ("36" in "FP = 36, TN", not in "360" or "0,36")."""
    return re.search(rf'(?<![\d,.]){re.escape(number)}(?!\d|[,.]\d)', text) is not None


@pytest.mark.parametrize('kind', KINDS)
def test_the_solution_uses_this_exercises_numbers_and_ends_on_its_answer(kind, drawn):
    for ex in drawn[kind][:500]:
        text = ' '.join(ex.solution)
        assert mentioned(ex.shown, text), (kind, ex.seed)
        numbers = statement_numbers(ex)
        if ex.table:
            numbers += [c for row in ex.table['rows'] for c in row[1:] if re.fullmatch(r'[\d.,\u2212]+', c)]
        for number in numbers:
            assert mentioned(number, text), (kind, ex.seed, number)


# ----------------------------------------------------------------------------- seeds

@pytest.mark.parametrize('kind', KINDS)
def test_another_seed_gives_other_numbers(kind, drawn):
    seen = {json.dumps([ex.statement, ex.table], ensure_ascii=False) for ex in drawn[kind][:practice.N_SEEDS]}
    assert len(seen) >= 0.9 * practice.N_SEEDS, kind
    for a, b in zip(drawn[kind][:50], drawn[kind][1:51]):
        assert (a.statement, a.table) != (b.statement, b.table), (kind, a.seed)    # "Outro exercício"


def test_a_seed_gives_the_same_exercise_in_another_process(drawn):
    code = ('import json, sys; from course import practice; '
            'print(json.dumps({k: practice.draw(k, 417).as_json() for k in practice.KINDS}))')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, cwd=ROOT, check=True,
                         env={'PYTHONHASHSEED': '12345', 'PATH': '', 'PYTHONPATH': str(ROOT)})
    other = json.loads(out.stdout)
    for kind in KINDS:
        assert other[kind] == drawn[kind][416].as_json(), kind


def test_an_unknown_kind_is_refused_with_the_kinds():
    with pytest.raises(KeyError, match='precisao'):
        practice.draw('precissao', 1)


def by_hand(value: Fraction, shown: str) -> bool:
    """``shown`` (e.g. '0,777') is ``value`` rounded half up to the places ``shown`` has, as a student
    rounds on paper."""
    places = len(shown.split(',')[1]) if ',' in shown else 0
    scaled = value * 10 ** places
    return Fraction(math.floor(scaled + Fraction(1, 2)), 10 ** places) == Fraction(pt(shown)).limit_denominator(10 ** 6)


# "a / b = c" (not "1 − a / b = c", an R²) and "(x + y) / k = c" or "(2·x + 3·y) / k = c" ending on c
QUOTIENT = re.compile(r'(?<![\d,·(])(?<!\u2212 )(\d+(?:,\d+)?) / (\d+(?:,\d+)?) = (\d+,\d+)(?!\d)(?! /)')
MEAN = re.compile(r'\(((?:\d+·)?\d+,\d+(?: \+ (?:\d+·)?\d+,\d+)+)\) / (\d+) = (\d+,\d+)(?!\d)(?! /)')


@pytest.mark.parametrize('kind', KINDS)
def test_each_division_of_the_solution_rounds_as_on_paper(kind, drawn):
    """"= 2 / 32 = 0,062" (1/16 = 0,0625 gives 0,063 by hand) or "(0,886 + 0,667) / 2 = 0,776" would
    mark a student's careful hand calculation as a different number than the page's."""
    for ex in drawn[kind][:CHECKED]:
        for line in ex.solution:
            for a, b, c in QUOTIENT.findall(line):
                assert by_hand(Fraction(pt(a)).limit_denominator(10 ** 6) / Fraction(pt(b)).limit_denominator(10 ** 6), c), \
                    (kind, ex.seed, line)
            for terms, k, c in MEAN.findall(line):
                total = sum((Fraction(int(t.split('·')[0])) if '·' in t else 1) *
                            Fraction(pt(t.split('·')[-1])).limit_denominator(10 ** 6) for t in terms.split(' + '))
                assert by_hand(total / int(k), c), (kind, ex.seed, line)
