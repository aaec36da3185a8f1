"""Practice with fresh numbers ("Pratique"): hand calculations drawn from a seed, graded on the page.

Each kind of exercise is one calculation the lessons do by hand (a metric read from a confusion
matrix, the precision from Bayes' rule, the cheapest threshold, a Brier score, an AUC counted in
pairs, ...). ``draw(kind, seed)`` is a pure function: the same kind and seed give the same
exercise, on every machine and in every build, so an instructor can say "exercício 3, semente
417" and every student sees the same numbers. An ``Exercise`` has

- the statement (its paragraphs and, where the lesson has one, a table: a confusion matrix, the
  biopsies, the scores), the question and a hint on how to answer;
- the answer as a number and its tolerance (how a quiz key is judged: ``CourseAnswers.judgeKey``,
  course/answers.py's ``judge_key``), and the answer as the page writes it ("0,800");
- the worked solution, one line per step, laid out like the lessons' hand calculations and with
  this draw's numbers ("precisão = TP / (TP + FP)", "= 40 / (40 + 10)", "= 40 / 50 = 0,800").

**One source for the mathematics.** Every answer is computed by ``course/metrics.py`` (the same
functions the lessons, figures and explorables use, each checked against scikit-learn by the
tests). This module only draws numbers and writes them out; the lines of a solution show the
arithmetic a student does (sums, products), and the result they end on is the metric's value.
``tests/test_practice.py`` recomputes every answer on many seeds without this module or
``course/metrics.py`` (scikit-learn and plain arithmetic written in the test).

**Humane numbers.** A draw is refused and drawn again (from the same generator, so still a pure
function of the seed) until it makes sense for its story and for a calculator: counts of at
least 1 in every cell a formula divides by, rates a model really has, a bin's scores inside the
bin, no answer of exactly 0 or 1 where that would give the game away, and no answer at a
rounding knife-edge (a value whose rounding to the decimals the tolerance asks for, or to the
decimals the page shows, is not clear: 0,7750 is refused, so "0,78" and "0,775" are never a
question of how one rounds). ``tests/test_practice.py`` checks every kind on thousands of seeds.

The site shows the draws of seeds 1 to ``N_SEEDS`` (``_ext/practice.py`` writes them once per
build as ``_static/pratique/<kind>.json``: the browser never computes a metric).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from . import metrics
from .fmt import MINUS, num

# 100 draws per kind: many more than a student needs to get three right in a row (a few dozen at
# most, each seen once), a range an instructor can hand out seed by seed to a large class, and a
# file of 60-110 kB per kind (3-13 kB compressed), fetched only when a student asks for another
# exercise. 200 would double what "Guardar o curso" keeps on a phone (16 kinds: 2,7 MB instead
# of 1,35 MB) for exercises nobody reaches.
N_SEEDS = 100
MAX_TRIES = 2000
HINTS = {
    2: 'Vale vírgula (0,75), fração (3/4) ou porcentagem (75 %); duas casas decimais bastam na resposta '
       '(nas contas do meio, use três).',
    3: 'Vale vírgula (0,075), fração ou porcentagem; responda com três casas decimais.',
}


@dataclass(frozen=True)
class Exercise:
    """One drawn exercise. ``table``: ``{"caption", "head", "rows"}`` (the first cell of each row
    is the row's header) or ``None``; ``numbers``: what was drawn, by name (for the tests)."""
    kind: str
    seed: int
    title: str
    statement: list[str]
    table: dict | None
    question: str
    hint: str
    answer: float
    tolerance: float
    shown: str
    solution: list[str]
    numbers: dict = field(default_factory=dict)
    # how the browser reads and judges a guess (course/static/answers.js, scaleOf): None lets the
    # answer's value say it; 'ratio' for a key in 0..1 that is not a proportion (a cost of 0,56),
    # so that "1,66" is not read as 1,66 %
    scale: str | None = None

    def as_json(self) -> dict:
        """What the browser reads (``_static/pratique/<kind>.json``, one entry per seed)."""
        return {'seed': self.seed, 'statement': list(self.statement), 'table': self.table,
                'question': self.question, 'hint': self.hint, 'answer': self.answer,
                'tolerance': self.tolerance, 'shown': self.shown, 'solution': list(self.solution),
                'scale': self.scale}


@dataclass(frozen=True)
class Kind:
    slug: str
    title: str              # "Exercício de precisão": the box says it, "Meu progresso" lists it
    short: str              # "precisão": the name in a sentence
    make: Callable


class Refused(Exception):
    """A draw that is not humane: drawn again."""


# ----------------------------------------------------------------------------- writing numbers

def n0(x) -> str:
    """A whole number as the page writes it: 4720 -> '4.720', −3 -> '−3'."""
    return num(int(round(x)), 0)


def n(x, digits=3) -> str:
    return num(x, digits)


def short(x, digits=4) -> str:
    """A number with at most ``digits`` decimals and no trailing zeros: 0,25; 1,25; 5."""
    return num(x, digits, trim=True)


def pct_short(x) -> str:
    """A rate as a percentage with no trailing zeros: 0.02 -> '2 %', 0.005 -> '0,5 %'."""
    return f'{num(100 * x, 2, trim=True)} %'


def signed(x) -> str:
    """A whole number with its sign when negative, in parentheses for a product: (−3)."""
    return f'({n0(x)})' if x < 0 else n0(x)


# ----------------------------------------------------------------------------- humane answers

def _clear(x: float, decimals: int, margin: float = 0.1) -> bool:
    """``x`` rounds to ``decimals`` places without a doubt: its next digit is not near 5."""
    scaled = abs(x) * 10 ** decimals
    return abs(scaled - math.floor(scaled) - 0.5) > margin


def _require(ok: bool):
    if not ok:
        raise Refused


def _proportion(value, decimals=3, asked=2, low=0.02, high=0.98):
    """A proportion answer that is defined, not at the extremes, and not at a knife-edge (at the
    decimals shown, and at the decimals the tolerance asks for; ``asked=None``: an exact fraction
    such as 5/8, whose two roundings, 0,62 and 0,63, are both within the tolerance)."""
    _require(value is not None and low <= value <= high)
    _require(_clear(value, decimals) and (asked is None or _clear(value, asked)))
    return value


def _tolerance(asked: int) -> float:
    return 5 * 10 ** -(asked + 1)


def _apart(value, *wrong, asked=2):
    """The typical wrong answers of a kind (the neighbouring metric, F1 for F2, accuracy for
    balanced accuracy) stay outside the tolerance, even rounded to the decimals asked: a student
    who confuses the two is never told "certo"."""
    _require(all(abs(value - w) > 2 * _tolerance(asked) + 10 ** -(asked + 1) for w in wrong if w is not None))


# ----------------------------------------------------------------------------- stories

@dataclass(frozen=True)
class Story:
    intro: str          # with {n}
    pos: str
    pos_many: str
    neg: str
    neg_many: str
    case: str           # the plural noun of the cases: "pacientes"
    fem: bool = False   # "das transações", "deixadas em paz"

    def of(self) -> str:
        return 'das' if self.fem else 'dos'

    def ending(self) -> str:
        return 'as' if self.fem else 'os'


STORIES = [
    Story('Um modelo de triagem classificou {n} pacientes como doentes ou saudáveis.',
          'doente', 'doentes', 'saudável', 'saudáveis', 'pacientes'),
    Story('Um filtro de spam classificou {n} e-mails como spam ou normais.',
          'spam', 'spam', 'normal', 'normais', 'e-mails'),
    Story('Um detector de fraude classificou {n} transações como fraudes ou legítimas.',
          'fraude', 'fraudes', 'legítima', 'legítimas', 'transações', True),
    Story('Uma câmera de inspeção classificou {n} peças como defeituosas ou boas.',
          'defeituosa', 'defeituosas', 'boa', 'boas', 'peças', True),
    Story('Um teste rápido classificou {n} pessoas como infectadas ou não infectadas.',
          'infectada', 'infectadas', 'não infectada', 'não infectadas', 'pessoas', True),
]


def _story(rng) -> Story:
    return STORIES[rng.randrange(len(STORIES))]


def _matrix_table(story: Story, c: metrics.Counts) -> dict:
    return {'caption': 'Real nas linhas, previsto nas colunas',
            'head': ['real ↓ · previsto →', story.pos, story.neg],
            'rows': [[story.pos, n0(c.tp), n0(c.fn)], [story.neg, n0(c.fp), n0(c.tn)]]}


def _counts(rng, pos=(10, 80), neg=(20, 240), rec=(0.5, 0.95), spec=(0.6, 0.97)) -> metrics.Counts:
    """The four cells of a model that learned something: every cell at least 1."""
    n_pos, n_neg = rng.randint(*pos), rng.randint(*neg)
    tp = round(rng.uniform(*rec) * n_pos)
    fp = round((1 - rng.uniform(*spec)) * n_neg)
    c = metrics.Counts(tp, fp, n_pos - tp, n_neg - fp)
    _require(min(c) >= 1)
    return c


def _cells_line(story: Story, c: metrics.Counts) -> str:
    return (f'Com {story.pos} como classe positiva: TP = {n0(c.tp)}, FN = {n0(c.fn)} '
            f'(linha {story.pos}), FP = {n0(c.fp)}, TN = {n0(c.tn)} (linha {story.neg}).')


def _matrix_statement(story: Story, c: metrics.Counts) -> list[str]:
    total = sum(c)
    return [story.intro.format(n=n0(total)),
            f'A matriz de confusão do modelo, com {story.pos} como classe positiva:']


def _numbers(c: metrics.Counts, story: Story) -> dict:
    return {'tp': c.tp, 'fp': c.fp, 'fn': c.fn, 'tn': c.tn, 'positivo': story.pos}


# ----------------------------------------------------------------------------- the kinds

def _metric_from_matrix(name, formula, top, bottom, value_of, reading, question, confused):
    """A kind that reads one ratio of the matrix: ``top``/``bottom`` give the two sides as
    (text with letters, text with numbers, value) from the counts; ``confused``, the ratios a
    student may compute instead."""
    def make(rng, kind, seed):
        story = _story(rng)
        c = _counts(rng)
        value = _proportion(value_of(c))
        _apart(value, *(f(c) for f in confused))
        t_letters, t_numbers, t = top(c)
        b_letters, b_numbers, b = bottom(c)
        lines = [_cells_line(story, c),
                 f'{name} = {formula}',
                 f'= {t_numbers} / ({b_numbers})',
                 f'= {n0(t)} / {n0(b)} = {n(value)}']
        lines.append(reading(story, c))
        return Exercise(kind, seed, KINDS[kind].title, _matrix_statement(story, c), _matrix_table(story, c),
                        question(story), HINTS[2], value, _tolerance(2), n(value), lines, _numbers(c, story))
    return make


_acuracia = _metric_from_matrix(
    'acurácia', '(TP + TN) / (TP + FP + FN + TN)',
    lambda c: ('TP + TN', f'({n0(c.tp)} + {n0(c.tn)})', c.tp + c.tn),
    lambda c: ('', f'{n0(c.tp)} + {n0(c.fp)} + {n0(c.fn)} + {n0(c.tn)}', sum(c)),
    metrics.accuracy,
    lambda s, c: f'A acurácia lê a diagonal: {n0(c.tp + c.tn)} acertos em {n0(sum(c))} {s.case}.',
    lambda s: 'Qual é a acurácia do modelo?',
    (metrics.specificity, metrics.recall, metrics.precision))

_precisao = _metric_from_matrix(
    'precisão', 'TP / (TP + FP)',
    lambda c: ('TP', n0(c.tp), c.tp),
    lambda c: ('', f'{n0(c.tp)} + {n0(c.fp)}', c.tp + c.fp),
    metrics.precision,
    lambda s, c: (f'A precisão lê a coluna "{s.pos}" da previsão: {s.of()} {n0(c.tp + c.fp)} {s.case} '
                  f'que o modelo marcou como {s.pos_many}, {n0(c.tp)} eram {s.pos_many}.'),
    lambda s: 'Qual é a precisão do modelo?',
    (metrics.recall, metrics.specificity))

_revocacao = _metric_from_matrix(
    'revocação', 'TP / (TP + FN)',
    lambda c: ('TP', n0(c.tp), c.tp),
    lambda c: ('', f'{n0(c.tp)} + {n0(c.fn)}', c.tp + c.fn),
    metrics.recall,
    lambda s, c: (f'A revocação lê a linha "{s.pos}" da realidade: {s.of()} {n0(c.tp + c.fn)} {s.case} '
                  f'que eram {s.pos_many}, o modelo achou {n0(c.tp)}.'),
    lambda s: 'Qual é a revocação (sensibilidade) do modelo?',
    (metrics.specificity, metrics.precision))

_especificidade = _metric_from_matrix(
    'especificidade', 'TN / (TN + FP)',
    lambda c: ('TN', n0(c.tn), c.tn),
    lambda c: ('', f'{n0(c.tn)} + {n0(c.fp)}', c.tn + c.fp),
    metrics.specificity,
    lambda s, c: (f'A especificidade lê a linha "{s.neg}" da realidade: {s.of()} {n0(c.tn + c.fp)} {s.case} '
                  f'que eram {s.neg_many}, {n0(c.tn)} foram deixad{s.ending()} em paz.'),
    lambda s: 'Qual é a especificidade do modelo?',
    (metrics.accuracy, metrics.recall, metrics.precision))


def _f1(rng, kind, seed):
    story = _story(rng)
    c = _counts(rng)
    value = _proportion(metrics.fbeta(c, 1.0))
    p, r = metrics.precision(c), metrics.recall(c)
    _require(_clear(p, 3) and _clear(r, 3))               # the lines show them rounded
    _apart(value, p, r, metrics.accuracy(c))
    lines = [_cells_line(story, c),
             'F1 = 2·TP / (2·TP + FP + FN)',
             f'= 2·{n0(c.tp)} / (2·{n0(c.tp)} + {n0(c.fp)} + {n0(c.fn)})',
             f'= {n0(2 * c.tp)} / {n0(2 * c.tp + c.fp + c.fn)} = {n(value)}',
             f'O mesmo que a média harmônica 2·P·R / (P + R), com a precisão P = {n0(c.tp)}/{n0(c.tp + c.fp)} '
             f'= {n(p)} e a revocação R = {n0(c.tp)}/{n0(c.tp + c.fn)} = {n(r)}; TN não entra.']
    return Exercise(kind, seed, KINDS[kind].title, _matrix_statement(story, c), _matrix_table(story, c),
                    'Qual é o F1 do modelo?', HINTS[2], value,
                    _tolerance(2), n(value), lines, _numbers(c, story))


def _fbeta(rng, kind, seed):
    story = _story(rng)
    beta = rng.choice([2.0, 0.5])
    c = _counts(rng)
    if beta == 0.5:       # 1,25·TP and 0,25·FN whole numbers: the arithmetic stays on paper
        _require(c.tp % 4 == 0 and c.fn % 4 == 0)
    value = _proportion(metrics.fbeta(c, beta))
    # F1, the other beta, and beta where beta² goes
    _apart(value, metrics.fbeta(c, 1.0), metrics.fbeta(c, 1 / beta), metrics.fbeta(c, math.sqrt(beta)))
    b2 = beta * beta
    name = 'F2' if beta == 2 else 'F0,5'
    top = (1 + b2) * c.tp
    bottom = top + b2 * c.fn + c.fp
    heavier = ('um falso negativo pesa 4 vezes um falso positivo' if beta == 2 else
               'um falso positivo pesa 4 vezes um falso negativo')
    lines = [_cells_line(story, c),
             f'β = {short(beta)}, β² = {short(b2)}: {heavier}.',
             f'{name} = (1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP)',
             f'= {short(1 + b2)}·{n0(c.tp)} / ({short(1 + b2)}·{n0(c.tp)} + {short(b2)}·{n0(c.fn)} + {n0(c.fp)})',
             f'= {short(top)} / ({short(top)} + {short(b2 * c.fn)} + {n0(c.fp)})',
             f'= {short(top)} / {short(bottom)} = {n(value)}']
    q = f'Qual é o {name} do modelo?'
    numbers = dict(_numbers(c, story), beta=beta)
    return Exercise(kind, seed, KINDS[kind].title, _matrix_statement(story, c), _matrix_table(story, c),
                    q, HINTS[2], value, _tolerance(2), n(value), lines, numbers)


def _balanced(rng, kind, seed):
    story = _story(rng)
    c = _counts(rng, pos=(6, 40), neg=(80, 400))          # imbalanced: where the metric matters
    value = _proportion(metrics.balanced_accuracy(c))
    r, s = metrics.recall(c), metrics.specificity(c)
    _require(_clear(r, 3) and _clear(s, 3))
    _require(n((round(r, 3) + round(s, 3)) / 2) == n(value))   # the rounded steps give the answer
    _require(_clear((round(r, 3) + round(s, 3)) / 2, 3))   # ... without a half to round by hand
    _apart(value, metrics.accuracy(c), r, s)
    lines = [_cells_line(story, c),
             f'revocação = TP / (TP + FN) = {n0(c.tp)} / {n0(c.tp + c.fn)} = {n(r)}',
             f'especificidade = TN / (TN + FP) = {n0(c.tn)} / {n0(c.tn + c.fp)} = {n(s)}',
             'acurácia balanceada = (revocação + especificidade) / 2',
             f'= ({n(r)} + {n(s)}) / 2 = {n(value)}',
             f'(A acurácia comum daria {n0(c.tp + c.tn)}/{n0(sum(c))} = {n(metrics.accuracy(c))}, '
             f'puxada pel{story.ending()} {n0(c.tn + c.fp)} {story.case} da classe grande.)']
    return Exercise(kind, seed, KINDS[kind].title, _matrix_statement(story, c), _matrix_table(story, c),
                    'Qual é a acurácia balanceada do modelo?', HINTS[2], value, _tolerance(2), n(value),
                    lines, _numbers(c, story))


def _mcc(rng, kind, seed):
    story = _story(rng)
    c = _counts(rng, pos=(8, 60), neg=(20, 160))
    value = _proportion(metrics.mcc(c), low=0.1, high=0.95)
    top = c.tp * c.tn - c.fp * c.fn
    factors = [c.tp + c.fp, c.tp + c.fn, c.tn + c.fp, c.tn + c.fn]
    product = math.prod(factors)
    root = math.sqrt(product)
    _require(n(top / round(root, 1)) == n(value))         # the rounded root gives the answer
    lines = [_cells_line(story, c),
             'MCC = (TP·TN − FP·FN) / √((TP + FP)·(TP + FN)·(TN + FP)·(TN + FN))'.replace('−', MINUS),
             f'= ({n0(c.tp)}·{n0(c.tn)} {MINUS} {n0(c.fp)}·{n0(c.fn)}) / √({"·".join(n0(f) for f in factors)})',
             f'= ({n0(c.tp * c.tn)} {MINUS} {n0(c.fp * c.fn)}) / √{n0(product)}',
             f'= {n0(top)} / {num(root, 1)} = {n(value)}']
    return Exercise(kind, seed, KINDS[kind].title, _matrix_statement(story, c), _matrix_table(story, c),
                    'Qual é o MCC (coeficiente de correlação de Matthews) do modelo?', HINTS[2], value,
                    _tolerance(2), n(value), lines, _numbers(c, story))


def _bayes(rng, kind, seed):
    sens = rng.choice([0.70, 0.75, 0.80, 0.85, 0.90, 0.95, 0.98, 0.99])
    spec = rng.choice([0.80, 0.85, 0.90, 0.95, 0.98, 0.99])
    prev = rng.choice([0.005, 0.01, 0.02, 0.05, 0.10, 0.20, 0.30])
    value = _proportion(metrics.bayes_precision(sens, spec, prev))
    people = 100_000      # whole people at every prevalence drawn (0,5 % of 100.000 = 500)
    sick = people * prev
    healthy = people - sick
    tp, fp = sens * sick, (1 - spec) * healthy
    found = sens * prev
    false = (1 - spec) * (1 - prev)
    test = rng.choice(['Um exame', 'Um teste rápido', 'Um modelo de rastreamento'])
    statement = [f'{test} acha {pct_short(sens)} dos doentes (sensibilidade {short(sens, 2)}) e deixa em paz '
                 f'{pct_short(spec)} dos saudáveis (especificidade {short(spec, 2)}).',
                 f'Ele é usado numa população em que {pct_short(prev)} das pessoas estão doentes '
                 f'(prevalência π = {short(prev)}); suponha que a sensibilidade e a especificidade sejam as mesmas nela.']
    lines = ['precisão = sens·π / (sens·π + (1 − espec)·(1 − π))'.replace('−', MINUS),
             f'= {short(sens, 2)}·{short(prev)} / ({short(sens, 2)}·{short(prev)} + '
             f'{short(1 - spec, 2)}·{short(1 - prev)})',
             f'= {short(found, 5)} / ({short(found, 5)} + {short(false, 5)})',
             f'= {short(found, 5)} / {short(found + false, 5)} = {n(value)}',
             f'Em {n0(people)} pessoas: {n0(sick)} doentes, {n0(tp)} achados (TP); {n0(healthy)} saudáveis, '
             f'{n0(fp)} alarmes falsos (FP): {n0(tp)} / ({n0(tp)} + {n0(fp)}) = {n(value)}.']
    return Exercise(kind, seed, KINDS[kind].title, statement, None,
                    'Das pessoas que ele marca como doentes, que fração está de fato doente (a precisão)?',
                    HINTS[2], value, _tolerance(2), n(value), lines,
                    {'sensibilidade': sens, 'especificidade': spec, 'prevalencia': prev})


MULTICLASS = [(['baixo', 'médio', 'alto'], 'Um modelo de triagem classificou {n} pacientes em risco baixo, médio ou alto.'),
              (['gato', 'cão', 'cavalo'], 'Um classificador de imagens separou {n} fotos em gato, cão ou cavalo.'),
              (['leve', 'moderado', 'grave'], 'Um modelo classificou {n} casos em leve, moderado ou grave.')]


def _macro(rng, kind, seed):
    names, intro = MULTICLASS[rng.randrange(len(MULTICLASS))]
    supports = sorted((rng.randint(4, 24) * 5 for _ in range(3)), reverse=True)   # a large class, a rare one
    _require(supports[0] >= 2 * supports[2])
    matrix = np.zeros((3, 3), dtype=int)
    for k, s in enumerate(supports):
        right = round(rng.uniform(0.45, 0.92) * s)
        wrong = s - right
        other = [j for j in range(3) if j != k]
        split = rng.randint(0, wrong)
        matrix[k, k], matrix[k, other[0]], matrix[k, other[1]] = right, split, wrong - split
    per = metrics.one_vs_rest(matrix)
    _require(all(c.tp >= 1 for c in per))
    f1s = [metrics.fbeta(c, 1.0) for c in per]
    _require(all(f is not None for f in f1s))
    which = rng.choice(['macro', 'ponderada'])
    macro, weighted = metrics.macro(f1s), metrics.weighted(f1s, supports)
    value = _proportion(macro if which == 'macro' else weighted)
    _require(abs(macro - weighted) >= 0.02)               # the two averages tell different stories
    _require(all(_clear(f, 3) for f in f1s))
    rounded = [round(f, 3) for f in f1s]                  # what the lines show: they give the answers
    _require(n(sum(rounded) / 3) == n(macro))
    _require(n(sum(s * f for s, f in zip(supports, rounded)) / sum(supports)) == n(weighted))
    _require(_clear(sum(rounded) / 3, 3) and _clear(sum(s * f for s, f in zip(supports, rounded)) / sum(supports), 3))
    _apart(value, np.trace(matrix) / matrix.sum())          # the accuracy, which is the micro F1
    total = int(matrix.sum())
    lines = ['Um contra o resto: TP é a diagonal, FN o resto da linha, FP o resto da coluna.']
    for k, (name, c) in enumerate(zip(names, per)):
        f = metrics.fbeta(c, 1.0)
        row = ' + '.join(n0(matrix[k, j]) for j in range(3) if j != k)
        col = ' + '.join(n0(matrix[j, k]) for j in range(3) if j != k)
        lines.append(f'{name}: TP = {n0(c.tp)}, FN = {row} = {n0(c.fn)}, FP = {col} = {n0(c.fp)}')
        lines.append(f'F1 ({name}) = 2·{n0(c.tp)} / (2·{n0(c.tp)} + {n0(c.fp)} + {n0(c.fn)}) '
                     f'= {n0(2 * c.tp)} / {n0(2 * c.tp + c.fp + c.fn)} = {n(f)}')
    lines.append(f'macro = ({" + ".join(n(f) for f in f1s)}) / 3 = {n(macro)}')
    lines.append(f'ponderada = ({" + ".join(f"{n0(s)}·{n(f)}" for s, f in zip(supports, f1s))}) / {n0(total)} '
                 f'= {n(weighted)}')
    lines.append(f'A {"macro dá a mesma voz a cada classe" if which == "macro" else "ponderada segue o tamanho de cada classe"}: '
                 f'a resposta é {n(value)}.')
    table = {'caption': 'Real nas linhas, previsto nas colunas',
             'head': ['real ↓ · previsto →'] + names,
             'rows': [[f'{name} ({n0(s)})'] + [n0(v) for v in matrix[k]]
                      for k, (name, s) in enumerate(zip(names, supports))]}
    statement = [intro.format(n=n0(total)),
                 'A matriz de confusão, com o número de casos reais de cada classe (o suporte) entre parênteses:']
    question = (f'Qual é o F1 {"macro" if which == "macro" else "ponderado (pelo suporte)"} do modelo?')
    return Exercise(kind, seed, KINDS[kind].title, statement, table, question, HINTS[2], value,
                    _tolerance(2), n(value), lines,
                    {'matriz': matrix.tolist(), 'media': which, 'classes': names})


def _cost_threshold(rng, kind, seed):
    c_fn = rng.choice([5, 10, 20, 25, 50])
    c_fp = rng.choice([1, 2, 5])
    _require(c_fn > c_fp)
    thresholds = sorted(rng.sample([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], 4))
    fn = sorted(rng.sample(range(0, 30), 4))              # misses grow with the threshold
    fp = sorted(rng.sample(range(2, 120), 4), reverse=True)   # false alarms fall
    costs = metrics.cost(np.array(fn), np.array(fp), c_fn, c_fp)
    best = int(np.argmin(costs))
    ranked = sorted(int(x) for x in costs)
    _require(ranked[1] >= 1.15 * ranked[0] and ranked[0] >= 1)   # one cheapest, clearly
    # mostly an inner threshold: "the lowest one" is not the rule (decided once per seed: drawn at each
    # refusal, the edges would pile up)
    _require(0 < best < 3 or random.Random(f'{kind}:{seed}:borda').random() < 0.2)
    value = int(costs[best])
    statement = [f'Uma falha (um positivo que passa) custa {n0(c_fn)}; um alarme falso custa {n0(c_fp)}. '
                 'Na validação, quatro limiares deixam estes erros:']
    table = {'caption': 'Erros de cada limiar na validação',
             'head': ['limiar', 'falhas (FN)', 'alarmes falsos (FP)'],
             'rows': [[short(t, 2), n0(a), n0(b)] for t, a, b in zip(thresholds, fn, fp)]}
    lines = ['custo = c_FN·FN + c_FP·FP']
    for t, a, b, total in zip(thresholds, fn, fp, costs):
        lines.append(f'custo({short(t, 2)}) = {n0(c_fn)}·{n0(a)} + {n0(c_fp)}·{n0(b)} = {n0(c_fn * a)} + '
                     f'{n0(c_fp * b)} = {n0(total)}')
    lines.append(f'O mais barato é o limiar {short(thresholds[best], 2)}, com custo {n0(value)}.')
    return Exercise(kind, seed, KINDS[kind].title, statement, table,
                    'Qual é o custo do limiar mais barato?', 'Um número inteiro.', float(value), 0.5, n0(value),
                    lines, {'c_fn': c_fn, 'c_fp': c_fp, 'limiares': thresholds, 'fn': fn, 'fp': fp})


def _expected_cost(rng, kind, seed):
    c_fn = rng.choice([3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50])
    c_fp = rng.choice([1, 2, 3, 4, 5])
    _require(c_fn > c_fp)
    p = rng.randint(1, 60) / 100
    flag, leave = metrics.expected_costs(p, c_fn, c_fp)
    _require(max(flag, leave) >= 1.5 * min(flag, leave))   # the better decision is clear
    value = min(flag, leave)
    _require(value >= 0.05)        # two decimals at most, exactly: p has two, the prices none
    s = metrics.theory_threshold(c_fn, c_fp)
    _require(_clear(s, 3))                                # s* shown with three places, none a half
    statement = [f'Uma falha (deixar passar um caso positivo) custa {n0(c_fn)}; um alarme falso custa {n0(c_fp)}; '
                 f'acertar não custa nada. Um modelo calibrado dá a um caso a probabilidade p = {short(p, 2)} '
                 f'de ser positivo.']
    best = 'marcar' if flag < leave else 'não marcar'
    lines = [f'marcar: (1 − p)·c_FP = {short(1 - p, 2)}·{n0(c_fp)} = {n(flag, 2)}'.replace('−', MINUS),
             f'não marcar: p·c_FN = {short(p, 2)}·{n0(c_fn)} = {n(leave, 2)}',
             f'A melhor decisão é {best}, com custo esperado {n(value, 2)}.',
             f'(Confere com o limiar da teoria: s* = c_FP / (c_FP + c_FN) = {n0(c_fp)} / {n0(c_fp + c_fn)} '
             f'= {n(s)}; p = {short(p, 2)} fica {"acima" if p > s else "abaixo"} dele.)']
    return Exercise(kind, seed, KINDS[kind].title, statement, None,
                    'Qual é o custo esperado da melhor decisão para esse caso (marcar ou não)?',
                    'Vale vírgula (1,25) ou fração; duas casas decimais.', value, 0.005, n(value, 2), lines,
                    {'c_fn': c_fn, 'c_fp': c_fp, 'p': p}, scale='ratio')


def _brier(rng, kind, seed):
    k = rng.choice([3, 4, 4, 5])
    y = [rng.randint(0, 1) for _ in range(k)]
    _require(0 < sum(y) < k)
    p = []
    for label in y:
        right = rng.random() < 0.75
        lo, hi = (55, 99) if right else (1, 45)
        q = rng.randint(lo, hi) / 100
        p.append(q if label == 1 else round(1 - q, 2))
    _require(len(set(p)) == k)
    value = _proportion(metrics.brier(y, p), decimals=3, asked=3, low=0.01, high=0.6)
    terms = [(q - t) ** 2 for q, t in zip(p, y)]
    statement = [f'Um modelo declarou a chance de cada uma das {k} biópsias ser maligna; depois veio o resultado:']
    table = {'caption': 'As biópsias, a probabilidade declarada e o resultado',
             'head': ['biópsia', 'P(maligna)', 'resultado'],
             'rows': [[str(i + 1), short(q, 2), 'maligna (1)' if t else 'benigna (0)'] for i, (q, t) in enumerate(zip(p, y))]}
    lines = ['Cada biópsia: (p − y)², com y = 1 se maligna e 0 se benigna.'.replace('−', MINUS)]
    for q, t, term in zip(p, y, terms):
        lines.append(f'({short(q, 2)} {MINUS} {t})² = {n(term, 4)}')
    lines.append(f'Brier = ({" + ".join(n(x, 4) for x in terms)}) / {k}')
    lines.append(f'= {n(sum(terms), 4)} / {k} = {n(value)}')
    return Exercise(kind, seed, KINDS[kind].title, statement, table, 'Qual é o escore de Brier dessas biópsias?',
                    'Vale vírgula (0,075) ou fração; responda com três casas decimais.', value, 0.002, n(value),
                    lines, {'y': y, 'p': p})


def _ece_bin(rng, kind, seed):
    total = rng.choice([20, 25, 40, 50, 100])
    b = rng.randint(1, 9)
    lo, hi = b / 10, (b + 1) / 10
    count = rng.randint(3, 6)
    p = sorted(rng.sample(range(b * 100 + 1, (b + 1) * 100), count))
    p = [x / 1000 for x in p]
    _require(all(metrics.bin_index([x])[0] == b for x in p))
    # the malignant ones: one or two away from what the probabilities promise (a model somewhat
    # over- or under-confident), not any count at all (four at 0,93-0,98 and none malignant)
    mean_p = float(np.mean(p))
    k = min(count, max(0, round(count * mean_p) + rng.choice([-2, -1, 1, 2])))
    frac = k / count
    value = metrics.ece_part(count, total, mean_p, frac)
    _require(0.004 <= value <= 0.2 and _clear(value, 3) and _clear(mean_p, 3) and _clear(frac, 3))
    weight, gap = count / total, abs(round(mean_p, 3) - round(frac, 3))
    _require(n(weight * gap) == n(value))                 # the rounded steps give the answer
    closing = ']' if b == 9 else ')'          # the last bin holds 1
    malignant = ('Nenhuma é maligna' if k == 0 else f'As {k} são malignas' if k == count else
                 f'Delas, {k} {"é maligna" if k == 1 else "são malignas"}')
    statement = [f'Numa validação de {total} biópsias, a faixa [{short(lo, 1)}; {short(hi, 1)}{closing} do diagrama de '
                 f'confiabilidade recebeu {count} biópsias, com estas probabilidades de maligna: '
                 f'{"; ".join(short(x, 3) for x in p)}. {malignant}.']
    lines = [f'p̄ = ({" + ".join(short(x, 3) for x in p)}) / {count} = {short(sum(p), 3)} / {count} = {n(mean_p)}',
             f'fração maligna = {k} / {count} = {n(frac)}',
             'parcela = (n_b / n)·|p̄ − fração|'.replace('−', MINUS),
             f'= ({count} / {total})·|{n(mean_p)} {MINUS} {n(frac)}|',
             f'= {short(weight, 3)}·{n(gap)} = {n(value)}']
    return Exercise(kind, seed, KINDS[kind].title, statement, None, 'Quanto essa faixa soma ao ECE?',
                    HINTS[3], value, 0.001, n(value), lines,
                    {'n': total, 'faixa': [lo, hi], 'p': p, 'malignas': k})


def _listed(values) -> str:
    """0,9; 0,6 e 0,3 (a semicolon between numbers written with a decimal comma)."""
    texts = [short(x, 2) for x in values]
    return texts[0] if len(texts) == 1 else '; '.join(texts[:-1]) + ' e ' + texts[-1]


def _auc(rng, kind, seed):
    size = rng.randint(4, 6)
    m = rng.randint(2, size - 2)
    y = [1] * m + [0] * (size - m)
    rng.shuffle(y)
    grid = rng.choice([10, 20])                           # steps of 0,1 or 0,05: ties happen
    scores = [rng.randint(1, grid - 1) / grid for _ in range(size)]
    pairs = metrics.pairs(y, scores)
    value = _proportion(metrics.roc_auc_pairs(y, scores), asked=None, low=0.55, high=0.95)   # better than chance
    rows = [[f'caso {i + 1}', short(s, 2), 'positivo (1)' if t else 'negativo (0)'] for i, (s, t) in enumerate(zip(scores, y))]
    statement = [f'Um modelo deu escores a {size} casos, {m} positivos e {size - m} negativos:']
    table = {'caption': 'Os casos, o escore e o rótulo real', 'head': ['caso', 'escore', 'rótulo'], 'rows': rows}
    lines = [f'Há {m}·{size - m} = {pairs.total} pares (positivo, negativo); o positivo vence se tiver o escore maior, '
             'e um empate vale meio par.']
    negatives = [s for s, t in zip(scores, y) if t == 0]
    for i, (s, t) in enumerate(zip(scores, y)):
        if t != 1:
            continue
        won = [x for x in negatives if s > x]
        tied = [x for x in negatives if s == x]
        lost = [x for x in negatives if s < x]
        parts = [f'vence {len(won)} ({_listed(won)})' if won else 'não vence nenhum']
        if tied:
            parts.append(f'empata {len(tied)} ({_listed(tied)})')
        if lost:
            parts.append(f'perde {len(lost)} ({_listed(lost)})')
        got = len(won) + len(tied) / 2
        lines.append(f'caso {i + 1} (escore {short(s, 2)}): {", ".join(parts)} → {short(got, 1)}')
    if pairs.tied:
        lines.append(f'AUC = (pares vencidos + empates/2) / (m·n) = ({pairs.won} + {pairs.tied}/2) / {pairs.total} '
                     f'= {short(pairs.won + pairs.tied / 2, 1)} / {pairs.total} = {n(value)}')
    else:
        lines.append(f'AUC = pares vencidos / (m·n) = {pairs.won} / {pairs.total} = {n(value)} (nenhum empate)')
    return Exercise(kind, seed, KINDS[kind].title, statement, table,
                    'Qual é o ROC AUC desses escores (contando os pares' + ('; um empate conta meio par)?' if pairs.tied
                                                                           else ')?'), HINTS[2], value, _tolerance(2),
                    n(value), lines, {'y': y, 'escores': scores})


def _regression(rng, kind, seed):
    which = rng.choice(['MAE', 'RMSE', 'R²'])
    y = [rng.randint(10, 60) for _ in range(5)]
    _require(sum(y) % 5 == 0 and len(set(y)) >= 3)        # a whole mean: R² by hand stays humane
    e = [rng.randint(-8, 8) for _ in range(5)]
    _require(any(e) and sum(1 for x in e if x) >= 3)
    pred = [a - b for a, b in zip(y, e)]
    if which == 'MAE':
        value = metrics.mae(y, pred)
        tol, shown, hint = 0.05, n(value, 1), 'Vale vírgula (2,4) ou fração; uma casa decimal basta.'
    elif which == 'RMSE':
        value = metrics.rmse(y, pred)
        _require(_clear(value, 2))
        tol, shown, hint = 0.005, n(value, 2), 'Vale vírgula (3,61); duas casas decimais.'
    else:
        value = metrics.r2(y, pred)
        _require(value is not None and 0.05 <= value <= 0.98 and _clear(value, 2) and _clear(value, 3))
        tol, shown, hint = _tolerance(2), n(value), HINTS[2]
    statement = ['Um modelo de regressão previu o alvo de cinco pacientes do teste:']
    table = {'caption': 'Valor real e valor previsto', 'head': ['paciente', 'real (y)', 'previsto (ŷ)'],
             'rows': [[str(i + 1), n0(a), n0(b)] for i, (a, b) in enumerate(zip(y, pred))]}
    lines = [f'resíduos e = y {MINUS} ŷ: {"; ".join(f"{n0(a)} {MINUS} {n0(b)} = {n0(x)}" for a, b, x in zip(y, pred, e))}']
    squares = [x * x for x in e]
    if which == 'MAE':
        lines += [f'MAE = (|e₁| + … + |e₅|) / 5 = ({" + ".join(n0(abs(x)) for x in e)}) / 5',
                  f'= {n0(sum(abs(x) for x in e))} / 5 = {shown}']
    elif which == 'RMSE':
        lines += [f'RMSE = √((e₁² + … + e₅²) / 5) = √(({" + ".join(n0(s) for s in squares)}) / 5)',
                  f'= √({n0(sum(squares))} / 5) = √{short(sum(squares) / 5, 1)} = {shown}']
    else:
        mean = sum(y) // 5
        dev = [a - mean for a in y]
        lines += [f'ȳ = ({" + ".join(n0(a) for a in y)}) / 5 = {n0(mean)}',
                  f'Σ e² = {" + ".join(n0(s) for s in squares)} = {n0(sum(squares))}',
                  f'Σ (y {MINUS} ȳ)² = {" + ".join(n0(d * d) for d in dev)} = {n0(sum(d * d for d in dev))}',
                  f'R² = 1 {MINUS} Σ e² / Σ (y {MINUS} ȳ)² = 1 {MINUS} {n0(sum(squares))} / {n0(sum(d * d for d in dev))} '
                  f'= {shown}']
    return Exercise(kind, seed, KINDS[kind].title, statement, table,
                    f'Qual é o {which} do modelo nesses cinco pacientes?', hint, value, tol, shown, lines,
                    {'y': y, 'previsto': pred, 'metrica': which}, scale=None if which == 'R²' else 'ratio')


KINDS: dict[str, Kind] = {k.slug: k for k in [
    Kind('acuracia', 'Exercício de acurácia', 'acurácia', _acuracia),
    Kind('precisao', 'Exercício de precisão', 'precisão', _precisao),
    Kind('revocacao', 'Exercício de revocação', 'revocação', _revocacao),
    Kind('especificidade', 'Exercício de especificidade', 'especificidade', _especificidade),
    Kind('f1', 'Exercício de F1', 'F1', _f1),
    Kind('fbeta', 'Exercício de F-beta', 'F-beta', _fbeta),
    Kind('bayes', 'Exercício de precisão pela fórmula de Bayes', 'precisão pela fórmula de Bayes', _bayes),
    Kind('acuracia-balanceada', 'Exercício de acurácia balanceada', 'acurácia balanceada', _balanced),
    Kind('mcc', 'Exercício de MCC', 'MCC', _mcc),
    Kind('macro-ponderada', 'Exercício de média macro e ponderada', 'média macro e ponderada', _macro),
    Kind('custo-limiar', 'Exercício do limiar mais barato', 'limiar mais barato', _cost_threshold),
    Kind('custo-esperado', 'Exercício de custo esperado', 'custo esperado', _expected_cost),
    Kind('brier', 'Exercício de escore de Brier', 'escore de Brier', _brier),
    Kind('ece-faixa', 'Exercício de ECE de uma faixa', 'ECE de uma faixa', _ece_bin),
    Kind('auc-pares', 'Exercício de ROC AUC por pares', 'ROC AUC por pares', _auc),
    Kind('regressao', 'Exercício de MAE, RMSE e R²', 'MAE, RMSE e R²', _regression),
]}


def draw(kind: str, seed: int) -> Exercise:
    """The exercise of ``kind`` for ``seed`` (1 to ``N_SEEDS`` on the site; any int here). The
    generator is seeded with the kind and the seed; a draw that is not humane is drawn again
    from the same generator, so the result is still a pure function of the two."""
    if kind not in KINDS:
        raise KeyError(f'pratique: tipo {kind!r} desconhecido; use um de {", ".join(KINDS)}')
    rng = random.Random(f'{kind}:{int(seed)}')
    for _ in range(MAX_TRIES):
        try:
            return KINDS[kind].make(rng, kind, int(seed))
        except Refused:
            continue
    raise RuntimeError(f'pratique: {kind}, semente {seed}: nenhum sorteio humano em {MAX_TRIES} tentativas')


def draws(kind: str, n_seeds: int = N_SEEDS) -> list[Exercise]:
    return [draw(kind, seed) for seed in range(1, n_seeds + 1)]
