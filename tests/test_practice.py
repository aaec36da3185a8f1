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
  keeps showing the same numbers;
- the tutor (issue 41): a typical wrong value (the neighbouring metric, (1 − π) left out of Bayes,
  "240 %" for a cost of 2,40) graded right or without its hint, a later step not graded from the
  student's own earlier numbers, a small answer judged with two decimals (0,03 for 0,026);
- the stories (issue 41): frauds or defects as the common class, F0,5 almost never drawn, Bayes
  seeds repeating each other, one AUC in a third of the seeds, costs without "R$", a regression
  without its target and unit.

The grading itself is _static/pratique.js's ``grade``, run here under Node on every draw of the
site's seeds (and a hundred more) with the right answers and with each typical wrong value.
"""
import json
import math
import re
import shutil
import subprocess
import sys
from collections import Counter
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
GRADED = 200               # seeds per kind graded by pratique.js under Node
MATRIX = ['acuracia', 'precisao', 'revocacao', 'especificidade', 'f1', 'fbeta', 'acuracia-balanceada', 'mcc']
PRATIQUE_JS = ROOT / '_static' / 'pratique.js'
REAIS = re.compile(r'custa R\$\u00a0(\d+)')


def pt(text: str) -> float:
    """A pt-BR number as the page writes it: '4.720' -> 4720, '0,25' -> 0.25, '−3' -> -3, 'R$ 10' -> 10."""
    text = text.strip().removeprefix('R$\u00a0').replace('\u2212', '-').replace('.', '').replace(',', '.')
    return float(text)


def typed(x: float) -> str:
    """A number as a student types it: up to six decimals, a decimal comma."""
    text = f'{x:.6f}'.rstrip('0').rstrip('.')
    return text.replace('.', ',')


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
        c_fn, c_fp = (int(x) for x in REAIS.findall(st))
        return min(c_fn * pt(r[1]) + c_fp * pt(r[2]) for r in ex.table['rows'])
    if kind == 'custo-esperado':
        c_fn, c_fp = (int(x) for x in REAIS.findall(st))
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


def earlier_steps(ex) -> list[float]:
    """The steps before the last, recomputed from what the student reads (as ``recompute``)."""
    st = ' '.join(ex.statement)
    if ex.kind == 'f1':
        tp, fp, fn, tn = matrix_counts(ex)
        return [tp / (tp + fp), tp / (tp + fn)]
    if ex.kind == 'bayes':
        sens, spec, prev = (Fraction(re.search(rf'{w} ([\d,]+)', st).group(1).replace(',', '.'))
                            for w in ('sensibilidade', 'especificidade', 'π ='))
        return [float(sens * prev), float((1 - spec) * (1 - prev))]
    if ex.kind == 'custo-esperado':
        c_fn, c_fp = (int(x) for x in REAIS.findall(st))
        p = pt(re.search(r'p = ([\d,]+)', st).group(1))
        return [(1 - p) * c_fp, p * c_fn]
    return []


@pytest.mark.parametrize('kind', KINDS)
def test_each_step_is_what_plain_arithmetic_gives_and_the_last_follows_from_the_earlier(kind, drawn):
    """Three kinds are graded step by step; each earlier step is recomputed here, and the last
    step's ``own`` (what pratique.js applies to the student's own earlier numbers) gives the
    exercise's answer when applied to the right ones."""
    for ex in drawn[kind][:CHECKED]:
        steps = earlier_steps(ex)
        assert len(ex.steps) == len(steps) + 1, (kind, ex.seed)
        for step, value in zip(ex.steps, steps):
            assert step.answer == pytest.approx(value, abs=1e-12) and step.own is None, (kind, ex.seed)
        last = ex.steps[-1]
        if steps:
            op, of = last.own
            assert practice.OPS[op](*(steps[j] for j in of)) == pytest.approx(ex.answer, abs=1e-12), (kind, ex.seed)
        else:
            assert last.own is None


# ----------------------------------------------------------------------------- humane numbers

def digits_of(shown: str) -> int:
    return len(shown.split(',')[1]) if ',' in shown else 0


@pytest.mark.parametrize('kind', KINDS)
def test_every_draw_is_defined_and_humane(kind, drawn):
    for ex in drawn[kind]:
        where = (kind, ex.seed)
        assert math.isfinite(ex.answer) and ex.tolerance > 0, where
        assert ex.statement and ex.question.endswith('?') and ex.hint and ex.solution, where
        for step in ex.steps:
            assert step.label and step.hint and step.check and all(m.hint for m in step.mistakes), where
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
        c_fn, c_fp = (int(x) for x in REAIS.findall(ex.statement[0]))
        costs = sorted(c_fn * a + c_fp * b for a, b in zip(fn, fp))
        assert costs[1] >= 1.15 * costs[0]                    # one cheapest threshold, clearly
    for ex in drawn['custo-esperado']:
        c_fn, c_fp = (int(x) for x in REAIS.findall(ex.statement[0]))
        p = pt(re.search(r'p = ([\d,]+)', ex.statement[0]).group(1))
        both = sorted([p * c_fn, (1 - p) * c_fp])
        assert both[1] >= 1.5 * both[0]                       # the better decision is clear
    for ex in drawn['bayes']:
        assert 0 < ex.answer < 1
    for ex in drawn['regressao']:
        y = [pt(r[1]) for r in ex.table['rows']]
        assert len(y) == 5 and len(set(y)) >= 3 and sum(y) % 5 == 0 and all(10 <= v <= 60 for v in y)


@pytest.mark.parametrize('kind', MATRIX)
def test_frauds_and_defects_are_the_rare_class(kind, drawn):
    """Issue 41: a detector of fraud whose transactions are 30-73 % frauds, or a camera whose parts
    are mostly defective, is not a story a student believes (30 of 314 such draws had the frauds
    or defects as the majority). In those stories the positives are at most a fifth of the cases."""
    for ex in drawn[kind]:
        if ex.table['head'][1] in ('fraude', 'defeituosa'):
            tp, fp, fn, tn = matrix_counts(ex)
            assert (tp + fn) / (tp + fp + fn + tn) <= 0.2, (kind, ex.seed)


def test_the_two_betas_are_about_as_frequent(drawn):
    """F0,5 came out in 8 of 100 F-beta seeds: a student practising F-beta met F2 almost only."""
    betas = Counter('F2' if ex.question.startswith('Qual é o F2') else 'F0,5' for ex in drawn['fbeta'][:GRADED])
    assert 0.4 <= betas['F0,5'] / GRADED <= 0.6, betas


def test_no_two_of_the_sites_bayes_seeds_are_the_same_exercise(drawn):
    seen = Counter(tuple(re.findall(r'\d+,\d+|\d+', ' '.join(ex.statement))) for ex in drawn['bayes'][:practice.N_SEEDS])
    assert max(seen.values()) == 1, seen.most_common(3)


def test_the_auc_answers_are_spread(drawn):
    """0,75 was the AUC of 29 % of the seeds: "Outro exercício" kept giving the same answer."""
    answers = Counter(ex.shown for ex in drawn['auc-pares'][:GRADED])
    assert len(answers) >= 8 and max(answers.values()) <= 0.15 * GRADED, answers.most_common(3)


@pytest.mark.parametrize('kind', ['custo-limiar', 'custo-esperado'])
def test_costs_are_written_in_reais(kind, drawn):
    """"Uma falha custa 10": ten what? Amounts are written as pt-BR writes them, "R$ 10"."""
    for ex in drawn[kind][:GRADED]:
        st = ' '.join(ex.statement)
        assert len(REAIS.findall(st)) == 2 and not re.search(r'custa \d', st), (kind, ex.seed)
        for step in ex.steps:
            assert step.unit == 'R$' and step.written.startswith('R$\u00a0') and '(em R$)' in step.label
        assert 'R$\u00a0' in ex.solution[-1] or 'R$\u00a0' in ' '.join(ex.solution)


def test_the_regression_says_what_is_predicted_and_in_which_unit(drawn):
    units = set()
    for ex in drawn['regressao'][:GRADED]:
        target = next(t for t in practice.TARGETS if t.what in ex.statement[0])
        assert ex.statement[0] == f'Um modelo de regressão previu {target.what}, em {target.unit}:'
        assert target.abbr in ex.table['head'][1] and target.case == ex.table['head'][0]
        if 'R²' in ex.question:
            assert ex.steps[0].unit is None
        else:
            assert ex.question.endswith(f', em {target.unit}?') and ex.steps[0].unit == target.unit
            assert ex.solution[-1].endswith(f' {target.unit}')
        units.add(target.unit)
    assert len(units) == len(practice.TARGETS)


@pytest.mark.parametrize('kind', KINDS)
def test_a_guess_more_than_five_percent_off_is_never_right(kind, drawn):
    """"Duas casas bastam" accepted 0,03 for 0,026 (15 % off): every step is asked with enough
    decimals, and its hint says how many."""
    for ex in drawn[kind][:GRADED]:
        for step in ex.steps:
            assert step.tolerance <= 0.05 * abs(step.answer) + 1e-12, (kind, ex.seed, step.label, step.shown)
            off = step.answer * 1.051
            guess = judging.read_guess(typed(off), judging.Answer(step.answer, scale=step.scale))
            assert judging.judge_key(guess.value, step.answer, step.tolerance, step.scale) != 'right', \
                (kind, ex.seed, step.shown)
            if step.tolerance == 0.0005:
                assert 'três casas decimais' in step.hint, (kind, ex.seed)
            elif step.tolerance == 0.005 and step.scale is None:
                assert 'duas casas decimais bastam' in step.hint, (kind, ex.seed)


@pytest.mark.parametrize('kind', KINDS)
def test_the_answer_as_the_page_writes_it_as_a_fraction_and_as_a_percentage_is_right(kind, drawn):
    """Judged by course/answers.py, the Python copy of answers.js's judgeKey and readGuess (the
    browser's own grader runs below, and in tests/test_practice_browser.py)."""
    for ex in drawn[kind][:300]:
        for step in ex.steps:
            def verdict(text, step=step):
                guess = judging.read_guess(text, judging.Answer(step.answer, scale=step.scale))
                assert guess.ok, text
                return judging.judge_key(guess.value, step.answer, step.tolerance, step.scale)
            assert verdict(step.shown) == 'right', (kind, ex.seed, step.shown)
            fraction = Fraction(step.answer).limit_denominator(1000)
            if abs(float(fraction) - step.answer) < 1e-12:
                assert verdict(f'{fraction.numerator}/{fraction.denominator}') == 'right', (kind, ex.seed)
            if 0 < step.answer < 1 and step.tolerance >= 0.0005 and step.unit is None:
                digits = max(1, round(-math.log10(step.tolerance)) - 2)
                percent = f'{100 * step.answer:.{digits}f}'.replace('.', ',') + ' %'
                assert verdict(percent) == 'right', (kind, ex.seed, percent)
            a = step.answer
            far = (a + 0.35 if a < 0.5 else a - 0.35) if 0 < a < 1 and step.unit is None else a * 2 + 1
            assert verdict(typed(far)) == 'wrong', (kind, ex.seed)


def neighbours(ex) -> list[float]:
    """What a student who confuses this kind with its neighbour computes, from the table he reads:
    for the last step (for f1, the F1; its P and R steps are the precision and recall kinds')."""
    if ex.kind == 'macro-ponderada':
        m = np.array([cells(ex, k) for k in range(3)])
        support = m.sum(axis=1)
        recalls = np.diag(m) / support
        f1s = 2 * np.diag(m) / (support + m.sum(axis=0))
        if 'macro' in ex.question:      # micro (the accuracy), the other average, macro recall
            return [np.trace(m) / m.sum(), np.average(f1s, weights=support), recalls.mean()]
        return [np.trace(m) / m.sum(), f1s.mean(), np.average(recalls, weights=support)]
    (tp, fn), (fp, tn) = cells(ex, 0), cells(ex, 1)
    acc, rec, spec, prec = (tp + tn) / (tp + fn + fp + tn), tp / (tp + fn), tn / (tn + fp), tp / (tp + fp)

    def f(b2):
        return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp)
    beta = 2.0 if ex.question.startswith('Qual é o F2') else 0.5
    return {'acuracia': [spec, rec, prec, (rec + spec) / 2], 'precisao': [rec, spec], 'revocacao': [spec, prec],
            'especificidade': [acc, rec, prec], 'f1': [prec, rec, acc], 'acuracia-balanceada': [acc, rec, spec],
            'fbeta': [f(1.0), f(1 / beta ** 2), f(beta)]}[ex.kind]


CONFUSABLE = ['acuracia', 'precisao', 'revocacao', 'especificidade', 'f1', 'fbeta', 'acuracia-balanceada',
              'macro-ponderada']


@pytest.mark.parametrize('kind', CONFUSABLE)
def test_a_neighbouring_metric_is_never_graded_right(kind, drawn):
    """Plain accuracy typed for the balanced one (9 of 100 seeds were graded right), F1 for F2,
    specificity for accuracy, macro recall for macro F1 (5 of 100)...: each is "errado" however
    the student rounds it (three places or the decimals the hint asks)."""
    for ex in drawn[kind][:CHECKED]:
        for wrong in neighbours(ex):
            for digits in (3, 2):
                text = typed(round(wrong, digits))
                guess = judging.read_guess(text, judging.Answer(ex.answer))
                assert judging.judge_key(guess.value, ex.answer, ex.tolerance) != 'right', (kind, ex.seed, text)


# ----------------------------------------------------------------------------- the worked solution

def statement_numbers(ex) -> list[str]:
    """The numbers of the statement a worked solution must use, as the statement writes them."""
    st = ' '.join(ex.statement)
    if ex.kind == 'bayes':
        return [re.search(r'sensibilidade ([\d,]+)', st).group(1), re.search(r'π = ([\d,]+)', st).group(1)]
    if ex.kind in ('custo-limiar', 'custo-esperado'):
        return REAIS.findall(st) + re.findall(r'p = ([\d,]+)', st)
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
        for step in ex.steps:
            assert mentioned(step.shown, text), (kind, ex.seed, step.shown)
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


# ----------------------------------------------------------------------------- the tutor: pratique.js's grade

GRADER = r"""
const P = require(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const exercises = cases.exercises;
process.stdout.write(JSON.stringify(cases.cases.map(([k, typed]) => {
  const g = P.grade(exercises[k], typed);
  return {verdict: g.verdict, steps: g.steps.map(s => [s.status, s.hint || null])};
})));
"""


def own_of(ex, step, values):
    op, of = step.own
    return practice.OPS[op](*(values[j] for j in of))


def grading_cases(drawn):
    """For every kind, seeds 1 to GRADED: (exercise, what is typed in each step, what it tests)."""
    exercises, cases, meta = [], [], []

    def add(ex_index, texts, what):
        cases.append([ex_index, texts])
        meta.append(what)

    for kind in KINDS:
        for ex in drawn[kind][:GRADED]:
            k = len(exercises)
            exercises.append(ex.as_json())
            rights = [s.shown for s in ex.steps]
            add(k, rights, ('right', ex))
            for i, step in enumerate(ex.steps):
                for m in step.mistakes:
                    if m.op is not None:
                        continue
                    values = [s.answer for s in ex.steps]
                    values[i] = m.value
                    texts = list(rights)
                    texts[i] = typed(m.value)
                    for j in range(i + 1, len(ex.steps)):       # later steps from the student's own numbers
                        if ex.steps[j].own:
                            values[j] = own_of(ex, ex.steps[j], values)
                            texts[j] = typed(values[j])
                    add(k, texts, ('mistake', ex, i, m))
                if step.unit:                                     # "240 %" for a cost of 2,40
                    texts = list(rights)
                    texts[i] = typed(100 * step.answer) + ' %'
                    add(k, texts, ('percent-amount', ex, i))
            if ex.kind == 'bayes':                                # (1 − π) left out of the false alarms
                spec = ex.numbers['especificidade']
                values = [ex.steps[0].answer, 1 - spec]
                add(k, [rights[0], typed(1 - spec), typed(practice.OPS['share'](*values))], ('slip', ex))
    return {'exercises': exercises, 'cases': cases}, meta


@pytest.fixture(scope='module')
def graded(drawn):
    node = shutil.which('node')
    if node is None:
        pytest.fail('node não está no PATH (README, "Os dois comandos")')
    task, meta = grading_cases(drawn)
    run = subprocess.run([node, '-e', GRADER, str(PRATIQUE_JS)], input=json.dumps(task), capture_output=True,
                         text=True, timeout=300, check=False, cwd=ROOT / '_static')
    assert run.returncode == 0, run.stderr
    return list(zip(meta, json.loads(run.stdout)))


def test_the_right_answers_are_right_in_the_browsers_grader(graded):
    done = Counter()
    for what, got in graded:
        if what[0] == 'right':
            assert got == {'verdict': 'right', 'steps': [['right', None]] * len(what[1].steps)}, \
                (what[1].kind, what[1].seed, got)
            done[what[1].kind] += 1
    assert set(done.values()) == {GRADED} and len(done) == len(KINDS)


def test_each_typical_wrong_value_is_wrong_and_gets_its_hint(graded):
    """The neighbouring metric, the row read for the column, TN inside the F1, a cost of the other
    decision...: wrong, with the hint this draw ships for it; a later step computed from the wrong
    number is "certo a partir dos seus números" and names the step with the error."""
    seen = Counter()
    for what, got in graded:
        if what[0] != 'mistake':
            continue
        _, ex, i, m = what
        where = (ex.kind, ex.seed, i, m.hint)
        assert got['verdict'] == 'wrong', where
        assert got['steps'][i] == ['wrong', m.hint], (where, got)
        for j, (status, hint) in enumerate(got['steps']):
            if j < i or (j > i and not ex.steps[j].own):
                assert status == 'right', (where, got)
            elif j > i:
                assert status == 'carried' and hint == f'certo a partir dos seus números; o erro está no passo {i + 1}.', \
                    (where, got)
        seen[ex.kind] += 1
    assert set(seen) == set(KINDS), seen                  # every kind has typical wrong values


def test_a_percentage_for_an_amount_is_not_accepted(graded):
    """"240 %" was accepted for a cost of 2,40: 240/100 = 2,4."""
    n = 0
    for what, got in graded:
        if what[0] == 'percent-amount':
            _, ex, i = what
            assert got['verdict'] == 'wrong' and got['steps'][i][0] == 'wrong', (ex.kind, ex.seed, got)
            assert 'não uma porcentagem' in got['steps'][i][1]
            n += 1
    assert n >= 3 * GRADED


def test_leaving_out_one_minus_pi_is_never_right(graded):
    """Bayes graded right the common slip sens·π / (sens·π + (1 − espec)), which forgets that
    the false alarms come from the healthy only, in 26 of 100 seeds. In steps, the slip is step 2,
    and its hint says what is missing."""
    n = 0
    for what, got in graded:
        if what[0] == 'slip':
            ex = what[1]
            assert got['verdict'] == 'wrong', (ex.seed, got)
            assert got['steps'][1][0] == 'wrong' and '1 − π' in got['steps'][1][1], (ex.seed, got)
            assert got['steps'][2] == ['carried', 'certo a partir dos seus números; o erro está no passo 2.']
            n += 1
    assert n == GRADED


def test_the_browser_applies_the_same_arithmetic(drawn):
    """pratique.js's OPS are course/practice.py's: the same value for the same two numbers."""
    code = ('const P = require(process.argv[1]); const a = 0.8, b = 0.6;'
            'process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(P.OPS).map(([k, f]) => [k, f(a, b)]))))')
    run = subprocess.run([shutil.which('node'), '-e', code, str(PRATIQUE_JS)], capture_output=True, text=True,
                         timeout=30, check=True, cwd=ROOT / '_static')
    js = json.loads(run.stdout)
    assert set(js) == set(practice.OPS)
    for name, f in practice.OPS.items():
        assert js[name] == pytest.approx(f(0.8, 0.6)), name
