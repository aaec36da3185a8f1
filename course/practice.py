"""Practice with fresh numbers ("Pratique"): hand calculations drawn from a seed, graded on the page.

Each kind of exercise is one calculation the lessons do by hand (a metric read from a confusion
matrix, the precision from Bayes' rule, the cheapest threshold, a Brier score, an AUC counted in
pairs, ...). ``draw(kind, seed)`` is a pure function: the same kind and seed give the same
exercise, on every machine and in every build, so an instructor can say "exercício 3, semente
417" and every student sees the same numbers. An ``Exercise`` has

- the statement (its paragraphs and, where the lesson has one, a table: a confusion matrix, the
  biopsies, the scores) and the question;
- its **steps**, each a field the student fills: one for most kinds, three for ``f1`` (precision,
  recall, then F1), ``custo-esperado`` (the two expected costs, then the best decision's) and
  ``bayes`` (the sick flagged, the healthy flagged, then the precision). A ``Step`` has its label,
  its answer as a number and as the page writes it ("0,800", "R$ 1,24"), its tolerance (how a quiz
  key is judged: ``CourseAnswers.judgeKey``), how to answer ("duas casas decimais bastam"), the
  **typical wrong values** of this draw with a hint each (the neighbouring metric, the row read for
  the column, TN put inside the F1, (1 − π) left out...), a generic hint on what to check, and,
  for a later step, ``own``: the arithmetic of the student's own earlier steps it is graded
  against (error carried forward: F1 from the student's P and R);
- the worked solution, one line per step, laid out like the lessons' hand calculations and with
  this draw's numbers ("precisão = TP / (TP + FP)", "= 40 / (40 + 10)", "= 40 / 50 = 0,800").

**One source for the mathematics.** Every answer and every typical wrong value is computed here,
by ``course/metrics.py`` (the same functions the lessons, figures and explorables use, each
checked against scikit-learn by the tests); the browser never computes a metric. What it does with
numbers is the arithmetic a step names in ``own`` (``OPS``: a harmonic mean, a share a/(a + b), the
smaller of two) applied to what the student typed; ``tests/test_practice.py`` checks that each
``own`` applied to the right earlier answers gives the metric ``course/metrics.py`` gives, and
recomputes every answer on many seeds without this module (scikit-learn and plain arithmetic).

**Humane numbers.** A draw is refused and drawn again (from the same generator, so still a pure
function of the seed) until it makes sense for its story and for a calculator: counts of at
least 1 in every cell a formula divides by, rates a model really has, a rare positive class where
the story says it is rare (frauds, defects), a bin's scores inside the bin, no answer of exactly 0
or 1 where that would give the game away, no answer at a rounding knife-edge (a value whose
rounding to the decimals the tolerance asks for, or to the decimals the page shows, is not clear:
0,7750 is refused), and every neighbouring metric a student may compute instead outside the
tolerance. A step's tolerance is at most 5 % of its answer (``STEP_RULE``): a small proportion is
asked with three decimals, so 0,03 is never right for 0,026.

The site shows the draws of seeds 1 to ``N_SEEDS`` (``_ext/practice.py`` writes them once per
build as ``_static/pratique/<kind>.json``).
"""
from __future__ import annotations

import functools
import itertools
import math
import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from . import metrics
from .fmt import MINUS, num

# 100 draws per kind: many more than a student needs to master a kind (a few dozen at most, each
# seen once), a range an instructor can hand out seed by seed to a large class, and a file of
# 70-190 kB per kind (6-21 kB compressed), fetched only when a student asks for another exercise.
# 200 would double what "Guardar o curso" keeps on a phone (1,7 MB) for exercises nobody reaches.
N_SEEDS = 100
MAX_TRIES = 4000
STEP_RULE = 0.05          # a step's tolerance is at most 5 % of its answer
EXACT = 0.002             # a product asked exactly (Bayes' steps 1 and 2): 0,2 % of it

HOW = {
    2: 'Vale vírgula (0,75), fração (3/4) ou porcentagem (75 %); duas casas decimais bastam '
       '(nas contas do meio, use três).',
    3: 'Vale vírgula (0,075), fração ou porcentagem (7,5 %); responda com três casas decimais.',
}
HOW_EXACT = 'Vale vírgula ou porcentagem. A conta é exata: escreva o produto inteiro, sem arredondar.'
HOW_REAIS = {0: 'Em reais, um número inteiro.', 2: 'Em reais, com vírgula (1,25); duas casas decimais.'}


# ----------------------------------------------------------------------------- the arithmetic of a step

def _harmonic(a, b):
    return None if a + b == 0 else 2 * a * b / (a + b)


# What a step may do with the student's own earlier numbers (``Step.own``, a ``Mistake`` with an
# ``op``). _static/pratique.js has the same table: arithmetic, never a metric.
OPS: dict[str, Callable] = {
    'harmonic': _harmonic,                                           # F1 from P and R
    'share': lambda a, b: None if a + b == 0 else a / (a + b),       # precision from the two products
    'other-share': lambda a, b: None if a + b == 0 else b / (a + b),
    'ratio': lambda a, b: None if b == 0 else a / b,
    'min': min,                                                      # the best decision's cost
    'max': max,
    'mean': lambda a, b: (a + b) / 2,
}


@dataclass(frozen=True)
class Mistake:
    """A typical wrong value of a step and the hint about it: ``value``, computed for this draw,
    or ``op`` of the student's own earlier steps ``of`` (their arithmetic mean of P and R)."""
    hint: str
    value: float | None = None
    op: str | None = None
    of: tuple = ()

    def as_json(self) -> dict:
        if self.op:
            return {'hint': self.hint, 'op': self.op, 'of': list(self.of)}
        return {'hint': self.hint, 'value': self.value}


@dataclass(frozen=True)
class Step:
    """One field of an exercise. ``unit``: ``'R$'`` (an amount in reais, written "R$ 1,24") or a
    word after the number ("minutos"); a "%" typed for an amount is a mistake. ``own``: ``(op,
    (i, j))``, the step is graded against ``OPS[op]`` of the student's own steps i and j."""
    label: str
    answer: float
    tolerance: float
    shown: str
    hint: str
    check: str
    mistakes: tuple = ()
    scale: str | None = None
    unit: str | None = None
    own: tuple | None = None

    @property
    def written(self) -> str:
        """The answer with its unit, as a sentence writes it: "R$ 1,24", "3,2 minutos", "0,800"."""
        return with_unit(self.shown, self.unit)

    def as_json(self) -> dict:
        return {'label': self.label, 'answer': self.answer, 'tolerance': self.tolerance, 'shown': self.shown,
                'hint': self.hint, 'check': self.check, 'scale': self.scale, 'unit': self.unit,
                'own': None if self.own is None else {'op': self.own[0], 'of': list(self.own[1])},
                'mistakes': [m.as_json() for m in self.mistakes]}


@dataclass(frozen=True)
class Exercise:
    """One drawn exercise. ``table``: ``{"caption", "head", "rows"}`` (the first cell of each row
    is the row's header) or ``None``; ``numbers``: what was drawn, by name (for the tests). The
    answer, tolerance, shown text, scale and how-to of the exercise are its last step's."""
    kind: str
    seed: int
    title: str
    statement: list[str]
    table: dict | None
    question: str
    steps: tuple
    solution: list[str]
    numbers: dict = field(default_factory=dict)

    @property
    def answer(self) -> float:
        return self.steps[-1].answer

    @property
    def tolerance(self) -> float:
        return self.steps[-1].tolerance

    @property
    def shown(self) -> str:
        return self.steps[-1].shown

    @property
    def scale(self) -> str | None:
        return self.steps[-1].scale

    @property
    def hint(self) -> str:
        return self.steps[-1].hint

    def as_json(self) -> dict:
        """What the browser reads (``_static/pratique/<kind>.json``, one entry per seed)."""
        return {'seed': self.seed, 'statement': list(self.statement), 'table': self.table,
                'question': self.question, 'steps': [s.as_json() for s in self.steps],
                'solution': list(self.solution)}


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


def reais(x, digits=0) -> str:
    """An amount in reais as pt-BR writes it: 'R$ 10', 'R$ 1,24' (a no-break space: the sign
    never ends a line)."""
    return f'R$\u00a0{num(x, digits)}'


def with_unit(text: str, unit: str | None) -> str:
    if unit is None:
        return text
    return f'R$\u00a0{text}' if unit == 'R$' else f'{text} {unit}'


# ----------------------------------------------------------------------------- humane answers

def _clear(x: float, decimals: int, margin: float = 0.1) -> bool:
    """``x`` rounds to ``decimals`` places without a doubt: its next digit is not near 5."""
    scaled = abs(x) * 10 ** decimals
    return abs(scaled - math.floor(scaled) - 0.5) > margin


def _require(ok: bool):
    if not ok:
        raise Refused


def _tolerance(asked: int) -> float:
    return 5 * 10 ** -(asked + 1)


def _asked(value: float, least: int = 2) -> int:
    """The decimals asked of an answer: ``least``, or more until half a unit of the last one is at
    most ``STEP_RULE`` of the answer (0,026 is asked with three: 0,03 is 15 % away)."""
    d = least
    while _tolerance(d) > STEP_RULE * abs(value) + 1e-12:
        d += 1
    return d


def _far(value: float, other: float, tolerance: float) -> bool:
    """``other`` cannot be graded right for ``value``, even rounded to the decimals asked."""
    return abs(value - other) > 2.2 * tolerance


def _mistakes(value: float, tolerance: float, items, earlier=()) -> tuple:
    """The typical wrong values of a step: each ``(value, hint, must)``, or a ``Mistake`` with an
    ``op`` of the earlier steps (whose right answers are ``earlier``). A ``must`` value (a
    neighbouring metric the brief names: balanced accuracy for accuracy, F1 for F2...) that is
    not clearly apart from the answer refuses the draw; another one that is (a slip that happens
    to give the answer) is left out, and so is one that repeats an earlier one (its hint would
    never be shown: pratique.js gives the first that matches)."""
    kept, seen = [], []
    for entry in items:
        if isinstance(entry, Mistake):
            at = OPS[entry.op](*(earlier[j] for j in entry.of))
            if at is not None and _far(value, at, tolerance):
                kept.append(entry)
                seen.append(at)
            continue
        wrong, hint, must = entry
        if wrong is None or not math.isfinite(wrong):
            _require(not must)
            continue
        if not _far(value, wrong, tolerance):
            _require(not must)
            continue
        if any(not _far(w, wrong, tolerance) for w in seen):
            continue
        seen.append(wrong)
        kept.append(Mistake(hint, value=float(wrong)))
    return tuple(kept)


def _must(value, hint):
    return (value, hint, True)


def _may(value, hint):
    return (value, hint, False)


def share_step(label, value, check, mistakes=(), low=0.02, high=0.98, decimals=3, exact=False, own=None,
               earlier=()):
    """A proportion: defined, not at the extremes, asked with enough decimals (``_asked``) and not
    at a knife-edge at the decimals asked or shown (``exact``: an exact fraction such as 5/8,
    whose two roundings, 0,62 and 0,63, are both within the tolerance)."""
    _require(value is not None and low <= value <= high)
    asked = _asked(value)
    shown = max(decimals, asked)
    _require(_clear(value, shown) and (exact or _clear(value, asked)))
    tol = _tolerance(asked)
    return Step(label, float(value), tol, n(value, shown), HOW[asked], check,
                _mistakes(value, tol, mistakes, earlier), own=own)


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
    rare: bool = False  # the positive class is rare (frauds, defects): at most RARE of the cases

    def of(self) -> str:
        return 'das' if self.fem else 'dos'

    def ending(self) -> str:
        return 'as' if self.fem else 'os'

    def how_many(self) -> str:
        return 'quantas' if self.fem else 'quantos'


RARE = 0.2
STORIES = [
    Story('Um modelo de triagem classificou {n} pacientes como doentes ou saudáveis.',
          'doente', 'doentes', 'saudável', 'saudáveis', 'pacientes'),
    Story('Um filtro de spam classificou {n} e-mails como spam ou normais.',
          'spam', 'spam', 'normal', 'normais', 'e-mails'),
    Story('Um detector de fraude classificou {n} transações como fraudes ou legítimas.',
          'fraude', 'fraudes', 'legítima', 'legítimas', 'transações', True, True),
    Story('Uma câmera de inspeção classificou {n} peças como defeituosas ou boas.',
          'defeituosa', 'defeituosas', 'boa', 'boas', 'peças', True, True),
    Story('Um teste rápido classificou {n} pessoas como infectadas ou não infectadas.',
          'infectada', 'infectadas', 'não infectada', 'não infectadas', 'pessoas', True),
]


def _story(rng) -> Story:
    return STORIES[rng.randrange(len(STORIES))]


def _matrix_table(story: Story, c: metrics.Counts) -> dict:
    return {'caption': 'Real nas linhas, previsto nas colunas',
            'head': ['real ↓ · previsto →', story.pos, story.neg],
            'rows': [[story.pos, n0(c.tp), n0(c.fn)], [story.neg, n0(c.fp), n0(c.tn)]]}


def _counts(rng, story: Story, pos=(10, 80), neg=(20, 240), rec=(0.5, 0.95), spec=(0.6, 0.97)) -> metrics.Counts:
    """The four cells of a model that learned something: every cell at least 1. In a story whose
    positives are rare (frauds, defects), at most ``RARE`` of the cases are positive."""
    n_pos = rng.randint(*pos) if not story.rare else rng.randint(pos[0], min(pos[1], 40))
    if story.rare:
        low = max(neg[0], math.ceil(n_pos * (1 - RARE) / RARE), 160)
        n_neg = rng.randint(low, max(neg[1], 400, low))
    else:
        n_neg = rng.randint(*neg)
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
    return {'tp': c.tp, 'fp': c.fp, 'fn': c.fn, 'tn': c.tn, 'positivo': story.pos, 'raro': story.rare}


def _exercise(kind, seed, statement, table, question, steps, solution, numbers) -> Exercise:
    return Exercise(kind, seed, KINDS[kind].title, statement, table, question, tuple(steps), solution, numbers)


# ----------------------------------------------------------------------------- what a student computes instead

def _wrong_precision(s: Story, c):
    total = sum(c)
    return [
        _must(metrics.recall(c), f'Esse número é a revocação: você leu a linha {s.of()} que eram {s.pos_many}. '
                                 f'A precisão lê a coluna {s.of()} que o modelo marcou como {s.pos}.'),
        _must(metrics.specificity(c), f'Esse número é a especificidade, a linha {s.of()} que eram {s.neg_many}. '
                                      f'A precisão olha só {s.ending()} que o modelo marcou como {s.pos}.'),
        _may(c.fp / (c.tp + c.fp), 'Essa é a fração de alarmes falsos entre os marcados (1 − precisão): '
                                   'a precisão conta os acertos, TP.'),
        _may(c.tp / total, f'Você dividiu TP pelo total: a precisão divide só pel{s.ending()} que o modelo marcou como '
                           f'{s.pos}, TP + FP.'),
        _may(metrics.accuracy(c), 'Esse número é a acurácia (a diagonal sobre o total).'),
    ]


def _wrong_recall(s: Story, c):
    total = sum(c)
    return [
        _must(metrics.precision(c), f'Esse número é a precisão: você leu a coluna {s.of()} que o modelo marcou como '
                                    f'{s.pos}. A revocação lê a linha {s.of()} que eram {s.pos_many}.'),
        _must(metrics.specificity(c), f'Esse número é a especificidade, a linha {s.of()} que eram {s.neg_many}. '
                                      f'A revocação lê a linha {s.of()} que eram {s.pos_many}.'),
        _may(c.fn / (c.tp + c.fn), 'Essa é a fração que o modelo deixa passar (1 − revocação): '
                                   'a revocação conta os achados, TP.'),
        _may(c.tp / total, f'Você dividiu TP pelo total: a revocação divide só pel{s.ending()} que eram {s.pos_many}, '
                           'TP + FN.'),
    ]


_ACCURACY_IS = 'Esse número é a acurácia (a diagonal sobre o total); '


def _check_precision(s: Story) -> str:
    return (f'Confira a coluna: a precisão pergunta, {s.of()} {s.case} que o modelo marcou como {s.pos}, '
            f'{s.how_many()} eram {s.pos_many}.')


def _check_recall(s: Story) -> str:
    return (f'Confira a linha: a revocação pergunta, {s.of()} {s.case} que eram {s.pos_many}, '
            f'{s.how_many()} o modelo marcou.')


# ----------------------------------------------------------------------------- the kinds

def _metric_from_matrix(name, formula, top, bottom, value_of, reading, question, wrong, check,
                        pos=(10, 80), neg=(20, 240)):
    """A kind that reads one ratio of the matrix: ``top``/``bottom`` give the two sides as
    (text with numbers, value) from the counts; ``wrong(story, c)``, what a student may compute
    instead, with its hint; ``check(story)``, the generic hint."""
    def make(rng, kind, seed):
        story = _story(rng)
        c = _counts(rng, story, pos, neg)
        value = value_of(c)
        step = share_step('Sua resposta', value, check(story), wrong(story, c))
        t_numbers, t = top(c)
        b_numbers, b = bottom(c)
        lines = [_cells_line(story, c),
                 f'{name} = {formula}',
                 f'= {t_numbers} / ({b_numbers})',
                 f'= {n0(t)} / {n0(b)} = {step.shown}',
                 reading(story, c)]
        return _exercise(kind, seed, _matrix_statement(story, c), _matrix_table(story, c), question(story),
                         [step], lines, _numbers(c, story))
    return make


def _wrong_accuracy(s: Story, c):
    total = sum(c)
    both = 'a acurácia conta os acertos das duas classes.'
    return [
        _must(metrics.specificity(c), f'Esse número é a especificidade, só a linha {s.of()} que eram {s.neg_many}; {both}'),
        _must(metrics.recall(c), f'Esse número é a revocação, só a linha {s.of()} que eram {s.pos_many}; {both}'),
        _must(metrics.precision(c), f'Esse número é a precisão, só a coluna {s.of()} que o modelo marcou como {s.pos}; '
                                    'a acurácia é a diagonal sobre o total.'),
        _must(metrics.balanced_accuracy(c), 'Esse número é a acurácia balanceada (a média da revocação e da '
                                            'especificidade); a acurácia comum é a diagonal sobre o total.'),
        _may(c.tp / total, 'Faltou somar os TN: a acurácia conta os dois acertos da diagonal, TP e TN.'),
        _may((c.fp + c.fn) / total, 'Essa é a taxa de erro (1 − acurácia): a acurácia conta os acertos.'),
    ]


_acuracia = _metric_from_matrix(
    'acurácia', '(TP + TN) / (TP + FP + FN + TN)',
    lambda c: (f'({n0(c.tp)} + {n0(c.tn)})', c.tp + c.tn),
    lambda c: (f'{n0(c.tp)} + {n0(c.fp)} + {n0(c.fn)} + {n0(c.tn)}', sum(c)),
    metrics.accuracy,
    lambda s, c: f'A acurácia lê a diagonal: {n0(c.tp + c.tn)} acertos em {n0(sum(c))} {s.case}.',
    lambda s: 'Qual é a acurácia do modelo?',
    _wrong_accuracy,
    lambda s: f'Confira a diagonal: a acurácia é (TP + TN) sobre o total {s.of()} {s.case}.')

_precisao = _metric_from_matrix(
    'precisão', 'TP / (TP + FP)',
    lambda c: (n0(c.tp), c.tp),
    lambda c: (f'{n0(c.tp)} + {n0(c.fp)}', c.tp + c.fp),
    metrics.precision,
    lambda s, c: (f'A precisão lê a coluna "{s.pos}" da previsão: {s.of()} {n0(c.tp + c.fp)} {s.case} '
                  f'que o modelo marcou como {s.pos_many}, {n0(c.tp)} eram {s.pos_many}.'),
    lambda s: 'Qual é a precisão do modelo?',
    _wrong_precision, _check_precision)

_revocacao = _metric_from_matrix(
    'revocação', 'TP / (TP + FN)',
    lambda c: (n0(c.tp), c.tp),
    lambda c: (f'{n0(c.tp)} + {n0(c.fn)}', c.tp + c.fn),
    metrics.recall,
    lambda s, c: (f'A revocação lê a linha "{s.pos}" da realidade: {s.of()} {n0(c.tp + c.fn)} {s.case} '
                  f'que eram {s.pos_many}, o modelo achou {n0(c.tp)}.'),
    lambda s: 'Qual é a revocação (sensibilidade) do modelo?',
    _wrong_recall, _check_recall)


def _wrong_specificity(s: Story, c):
    return [
        _must(metrics.accuracy(c), _ACCURACY_IS + f'a especificidade olha só a linha {s.of()} que eram {s.neg_many}.'),
        _must(metrics.recall(c), f'Esse número é a revocação, a linha {s.of()} que eram {s.pos_many}; '
                                 f'a especificidade lê a linha {s.of()} que eram {s.neg_many}.'),
        _must(metrics.precision(c), f'Esse número é a precisão, a coluna {s.of()} que o modelo marcou como {s.pos}; '
                                    f'a especificidade lê a linha {s.of()} que eram {s.neg_many}.'),
        _may(c.fp / (c.fp + c.tn), 'Essa é a taxa de falsos positivos (1 − especificidade): '
                                   'a especificidade conta os deixados em paz, TN.'),
        _may(metrics.npv(c), f'Você leu a coluna {s.of()} que o modelo chamou de {s.neg} (esse é o VPN); '
                             f'a especificidade lê a linha {s.of()} que eram {s.neg_many}.'),
    ]


_especificidade = _metric_from_matrix(
    'especificidade', 'TN / (TN + FP)',
    lambda c: (n0(c.tn), c.tn),
    lambda c: (f'{n0(c.tn)} + {n0(c.fp)}', c.tn + c.fp),
    metrics.specificity,
    lambda s, c: (f'A especificidade lê a linha "{s.neg}" da realidade: {s.of()} {n0(c.tn + c.fp)} {s.case} '
                  f'que eram {s.neg_many}, {n0(c.tn)} foram deixad{s.ending()} em paz.'),
    lambda s: 'Qual é a especificidade do modelo?',
    _wrong_specificity,
    lambda s: (f'Confira a linha: a especificidade pergunta, {s.of()} {s.case} que eram {s.neg_many}, '
               f'{s.how_many()} o modelo deixou em paz.'))


def _f1_with_tn(c):
    """What a student who puts TN inside the F1 computes (in the bottom, or on both sides)."""
    return [2 * c.tp / (2 * c.tp + c.fp + c.fn + c.tn), (2 * c.tp + c.tn) / (2 * c.tp + c.fp + c.fn + c.tn)]


def _f1(rng, kind, seed):
    """Three steps: the precision, the recall, then the F1 from the student's own two (error
    carried forward). Every step right is a right exercise."""
    story = _story(rng)
    c = _counts(rng, story)
    p, r = metrics.precision(c), metrics.recall(c)
    value = metrics.fbeta(c, 1.0)
    s1 = share_step('Passo 1 · precisão P', p, _check_precision(story), _wrong_precision(story, c))
    s2 = share_step('Passo 2 · revocação R', r, _check_recall(story), _wrong_recall(story, c))
    _require(_far(p, r, s1.tolerance) and _far(p, r, s2.tolerance))   # one is never the other
    tn_hint = 'TN não entra no F1: 2·TP / (2·TP + FP + FN), a média harmônica de P e R.'
    wrong = [_must(p, 'Esse número é a precisão P: o F1 junta P e R, 2·P·R / (P + R).'),
             _must(r, 'Esse número é a revocação R: o F1 junta P e R, 2·P·R / (P + R).'),
             _must(metrics.accuracy(c), _ACCURACY_IS + 'o F1 não usa TN.'),
             Mistake('Essa é a média comum de P e R; o F1 é a média harmônica, 2·P·R / (P + R).',
                     op='mean', of=(0, 1))]
    wrong += [_may(v, tn_hint) for v in _f1_with_tn(c)]
    s3 = share_step('Passo 3 · F1, a partir do seu P e do seu R', value,
                    'Confira o passo 3: F1 = 2·P·R / (P + R), com o P e o R dos passos 1 e 2.', wrong,
                    own=('harmonic', (0, 1)), earlier=(p, r))
    # the student's careful route (P and R rounded to three places) ends on the page's F1
    _require(n(_harmonic(round(p, 3), round(r, 3))) == s3.shown and _clear(p, 3) and _clear(r, 3))
    _require(_far(OPS['mean'](p, r), value, s3.tolerance))
    lines = [_cells_line(story, c),
             f'Passo 1 · precisão P = TP / (TP + FP) = {n0(c.tp)} / {n0(c.tp + c.fp)} = {n(p)}',
             f'Passo 2 · revocação R = TP / (TP + FN) = {n0(c.tp)} / {n0(c.tp + c.fn)} = {n(r)}',
             'Passo 3 · F1 = 2·P·R / (P + R)',
             f'= 2·{n(p)}·{n(r)} / ({n(p)} + {n(r)}) = {s3.shown}',
             f'O mesmo que 2·TP / (2·TP + FP + FN) = {n0(2 * c.tp)} / {n0(2 * c.tp + c.fp + c.fn)}; TN não entra.']
    return _exercise(kind, seed, _matrix_statement(story, c), _matrix_table(story, c),
                     'Em três passos (a precisão, a revocação e o F1 a partir das duas): qual é o F1 '
                     'do modelo?', [s1, s2, s3], lines, _numbers(c, story))


def _fbeta(rng, kind, seed):
    story = _story(rng)
    # F2 or F0,5, decided once per seed: drawn at each refusal, the beta whose draws are refused
    # more often (F0,5 needs TP and FN multiples of 4) would almost never come out
    beta = 2.0 if random.Random(f'{kind}:{seed}:beta').random() < 0.5 else 0.5
    c = _counts(rng, story)
    if beta == 0.5:       # 1,25·TP and 0,25·FN whole numbers: the arithmetic stays on paper
        _require(c.tp % 4 == 0 and c.fn % 4 == 0)
    value = metrics.fbeta(c, beta)
    b2 = beta * beta
    name = 'F2' if beta == 2 else 'F0,5'
    other = 'F0,5' if beta == 2 else 'F2'
    where = 'no FN' if beta == 2 else 'no FP'
    wrong = [
        _must(metrics.fbeta(c, 1.0), f'Esse número é o F1, que pesa FN e FP igualmente; no {name}, '
                                     f'β² = {short(b2)} multiplica o FN.'),
        _must(metrics.fbeta(c, 1 / beta), f'Esse número é o {other}: você pôs o peso 4 {where}. No {name}, '
                                          f'β² = {short(b2)} multiplica o FN.'),
        _must(metrics.fbeta(c, math.sqrt(beta)), f'Você usou β = {short(beta)} onde vai β² = {short(b2)}.'),
        _may(metrics.accuracy(c), _ACCURACY_IS + 'o F-β não usa TN.'),
    ]
    step = share_step('Sua resposta', value,
                      'Confira onde vai o β²: (1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP).', wrong)
    top = (1 + b2) * c.tp
    bottom = top + b2 * c.fn + c.fp
    heavier = ('um falso negativo pesa 4 vezes um falso positivo' if beta == 2 else
               'um falso positivo pesa 4 vezes um falso negativo')
    lines = [_cells_line(story, c),
             f'β = {short(beta)}, β² = {short(b2)}: {heavier}.',
             f'{name} = (1 + β²)·TP / ((1 + β²)·TP + β²·FN + FP)',
             f'= {short(1 + b2)}·{n0(c.tp)} / ({short(1 + b2)}·{n0(c.tp)} + {short(b2)}·{n0(c.fn)} + {n0(c.fp)})',
             f'= {short(top)} / ({short(top)} + {short(b2 * c.fn)} + {n0(c.fp)})',
             f'= {short(top)} / {short(bottom)} = {step.shown}']
    numbers = dict(_numbers(c, story), beta=beta)
    return _exercise(kind, seed, _matrix_statement(story, c), _matrix_table(story, c),
                     f'Qual é o {name} do modelo?', [step], lines, numbers)


def _balanced(rng, kind, seed):
    story = _story(rng)
    c = _counts(rng, story, pos=(6, 40), neg=(80, 400))          # imbalanced: where the metric matters
    value = metrics.balanced_accuracy(c)
    r, s = metrics.recall(c), metrics.specificity(c)
    _require(_clear(r, 3) and _clear(s, 3))
    _require(n((round(r, 3) + round(s, 3)) / 2) == n(value))   # the rounded steps give the answer
    _require(_clear((round(r, 3) + round(s, 3)) / 2, 3))   # ... without a half to round by hand
    wrong = [
        _must(metrics.accuracy(c), 'Esse número é a acurácia comum, puxada pela classe grande; a balanceada '
                                   'é a média da revocação e da especificidade.'),
        _must(r, 'Essa é só a revocação; a acurácia balanceada é a média dela com a especificidade.'),
        _must(s, 'Essa é só a especificidade; a acurácia balanceada é a média dela com a revocação.'),
        _may((r + metrics.precision(c)) / 2, 'Você fez a média da revocação com a precisão; a balanceada usa a '
                                             'especificidade: (revocação + especificidade) / 2.'),
    ]
    step = share_step('Sua resposta', value,
                      f'Confira as duas taxas: a revocação lê a linha {story.of()} que eram {story.pos_many}, a '
                      f'especificidade a {story.of()} que eram {story.neg_many}; depois, a média das duas.', wrong)
    lines = [_cells_line(story, c),
             f'revocação = TP / (TP + FN) = {n0(c.tp)} / {n0(c.tp + c.fn)} = {n(r)}',
             f'especificidade = TN / (TN + FP) = {n0(c.tn)} / {n0(c.tn + c.fp)} = {n(s)}',
             'acurácia balanceada = (revocação + especificidade) / 2',
             f'= ({n(r)} + {n(s)}) / 2 = {step.shown}',
             f'(A acurácia comum daria {n0(c.tp + c.tn)}/{n0(sum(c))} = {n(metrics.accuracy(c))}, '
             f'puxada pel{story.ending()} {n0(c.tn + c.fp)} {story.case} da classe grande.)']
    return _exercise(kind, seed, _matrix_statement(story, c), _matrix_table(story, c),
                     'Qual é a acurácia balanceada do modelo?', [step], lines, _numbers(c, story))


def _mcc(rng, kind, seed):
    story = _story(rng)
    c = _counts(rng, story, pos=(8, 60), neg=(20, 160))
    value = metrics.mcc(c)
    top = c.tp * c.tn - c.fp * c.fn
    factors = [c.tp + c.fp, c.tp + c.fn, c.tn + c.fp, c.tn + c.fn]
    product = math.prod(factors)
    root = math.sqrt(product)
    wrong = [_may(metrics.accuracy(c), _ACCURACY_IS + 'o MCC é (TP·TN − FP·FN) / √(...), uma correlação.'),
             _may(metrics.fbeta(c, 1.0), 'Esse número é o F1; o MCC usa as quatro células, TN também.'),
             _may((c.tp * c.tn + c.fp * c.fn) / root, 'No numerador, os erros se subtraem: TP·TN − FP·FN.'),
             _may(top / product, 'Faltou a raiz quadrada do produto das quatro somas.')]
    step = share_step('Sua resposta', value,
                      'Confira o numerador, TP·TN − FP·FN, e a raiz do produto das quatro somas '
                      '(TP + FP)·(TP + FN)·(TN + FP)·(TN + FN).', wrong, low=0.1, high=0.95)
    _require(n(top / round(root, 1)) == step.shown)         # the rounded root gives the answer
    lines = [_cells_line(story, c),
             'MCC = (TP·TN − FP·FN) / √((TP + FP)·(TP + FN)·(TN + FP)·(TN + FN))'.replace('−', MINUS),
             f'= ({n0(c.tp)}·{n0(c.tn)} {MINUS} {n0(c.fp)}·{n0(c.fn)}) / √({"·".join(n0(f) for f in factors)})',
             f'= ({n0(c.tp * c.tn)} {MINUS} {n0(c.fp * c.fn)}) / √{n0(product)}',
             f'= {n0(top)} / {num(root, 1)} = {step.shown}']
    return _exercise(kind, seed, _matrix_statement(story, c), _matrix_table(story, c),
                     'Qual é o MCC (coeficiente de correlação de Matthews) do modelo?', [step], lines,
                     _numbers(c, story))


BAYES_SENS = [0.70, 0.75, 0.80, 0.85, 0.90, 0.95, 0.98, 0.99]
BAYES_SPEC = [0.80, 0.85, 0.90, 0.95, 0.98, 0.99]
BAYES_PREV = [0.005, 0.01, 0.02, 0.05, 0.10, 0.20, 0.30]
BAYES_TESTS = ['Um exame', 'Um teste rápido', 'Um modelo de rastreamento']


def _exact_step(label, value, check, mistakes):
    """A product of two rates, asked exactly (it has at most five decimals): right within
    ``EXACT`` of it, so that leaving out a factor of 0,995 is not right."""
    tol = EXACT * value
    return Step(label, float(value), tol, short(value, 6), HOW_EXACT, check, _mistakes(value, tol, mistakes))


def _bayes_steps(sens, spec, prev):
    found = sens * prev
    false = (1 - spec) * (1 - prev)
    s1 = _exact_step('Passo 1 · que fração da população está doente e é marcada?', found,
                     'Confira o passo 1: dos doentes, que são π da população, ele marca a fração sens.', [
                         _must(sens, 'Essa é a sensibilidade, uma fração dos doentes; falta multiplicar pela '
                                     'fração de doentes na população, π.'),
                         _may(prev, 'Essa é a prevalência π; falta multiplicar pela sensibilidade: nem todo '
                                    'doente é marcado.'),
                         _may((1 - sens) * prev, 'Esses são os doentes que ele deixa passar, (1 − sens)·π; '
                                                 'os marcados são sens·π.')])
    s2 = _exact_step('Passo 2 · que fração da população está saudável e é marcada (alarme falso)?', false,
                     'Confira o passo 2: dos saudáveis, que são 1 − π da população, ele marca a fração '
                     '1 − especificidade.', [
                         _must(1 - spec, 'Esse é 1 − especificidade, uma fração dos saudáveis; falta multiplicar '
                                         'pela fração de saudáveis na população, 1 − π.'),
                         _may(spec * (1 - prev), 'Esses são os saudáveis deixados em paz, espec·(1 − π); os '
                                                 'marcados são (1 − espec)·(1 − π).'),
                         _may((1 - spec) * prev, 'Multiplique pela fração de saudáveis, 1 − π, não pela de '
                                                 'doentes, π.'),
                         _may(1 - prev, 'Essa é a fração de saudáveis, 1 − π; falta multiplicar por '
                                        '1 − especificidade: nem todo saudável é marcado.')])
    value = metrics.bayes_precision(sens, spec, prev)
    s3 = share_step('Passo 3 · a precisão: dos marcados, que fração está doente?', value,
                    'Confira o passo 3: a precisão é passo 1 / (passo 1 + passo 2).', [
                        _must(sens, 'Essa é a sensibilidade: dos doentes, quantos ele marca. A precisão pergunta '
                                    'o contrário: dos marcados, quantos estão doentes.'),
                        _may(found / (found + (1 - spec)), 'Faltou (1 − π) no alarme falso: os saudáveis são '
                                                            '1 − π da população.'),
                        Mistake('Você dividiu pelo passo 2 só: a precisão divide os doentes marcados por todos '
                                'os marcados, passo 1 + passo 2.', op='ratio', of=(0, 1)),
                        Mistake('Essa é a fração de alarmes falsos entre os marcados; a precisão é a dos '
                                'doentes: passo 1 / (passo 1 + passo 2).', op='other-share', of=(0, 1))],
                    own=('share', (0, 1)), earlier=(found, false))
    return s1, s2, s3


@functools.cache
def _bayes_order() -> tuple:
    """Every humane (sensitivity, specificity, prevalence), in an order fixed once: seed k takes the
    k-th, so that no two of the site's seeds are the same exercise (drawn at random, 100 seeds out
    of some 300 triples repeat one another about 15 times)."""
    humane = []
    for triple in itertools.product(BAYES_SENS, BAYES_SPEC, BAYES_PREV):
        try:
            _bayes_steps(*triple)
        except Refused:
            continue
        humane.append(triple)
    return tuple(sorted(humane, key=lambda t: random.Random(f'bayes:ordem:{t}').random()))


def _bayes(rng, kind, seed):
    order = _bayes_order()
    sens, spec, prev = order[(seed - 1) % len(order)]
    s1, s2, s3 = _bayes_steps(sens, spec, prev)
    people = 100_000      # whole people at every prevalence drawn (0,5 % of 100.000 = 500)
    sick = people * prev
    healthy = people - sick
    tp, fp = sens * sick, (1 - spec) * healthy
    test = rng.choice(BAYES_TESTS)
    statement = [f'{test} acha {pct_short(sens)} dos doentes (sensibilidade {short(sens, 2)}) e deixa em paz '
                 f'{pct_short(spec)} dos saudáveis (especificidade {short(spec, 2)}).',
                 f'Ele é usado numa população em que {pct_short(prev)} das pessoas estão doentes '
                 f'(prevalência π = {short(prev)}); suponha que a sensibilidade e a especificidade sejam as mesmas nela.']
    lines = [f'Passo 1 · doentes e marcados: sens·π = {short(sens, 2)}·{short(prev)} = {s1.shown}',
             f'Passo 2 · saudáveis e marcados: (1 {MINUS} espec)·(1 {MINUS} π) = {short(1 - spec, 2)}·{short(1 - prev)} '
             f'= {s2.shown}',
             'Passo 3 · precisão = passo 1 / (passo 1 + passo 2)',
             f'= {s1.shown} / ({s1.shown} + {s2.shown})',
             f'= {s1.shown} / {short(s1.answer + s2.answer, 6)} = {s3.shown}',
             f'Em {n0(people)} pessoas: {n0(sick)} doentes, {n0(tp)} achados (TP); {n0(healthy)} saudáveis, '
             f'{n0(fp)} alarmes falsos (FP): {n0(tp)} / ({n0(tp)} + {n0(fp)}) = {s3.shown}.']
    return _exercise(kind, seed, statement, None,
                     'Em três passos: das pessoas que ele marca como doentes, que fração está de fato '
                     'doente (a precisão)?', [s1, s2, s3], lines,
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
    _require(abs(macro - weighted) >= 0.02)               # the two averages tell different stories
    _require(all(_clear(f, 3) for f in f1s))
    rounded = [round(f, 3) for f in f1s]                  # what the lines show: they give the answers
    _require(n(sum(rounded) / 3) == n(macro))
    _require(n(sum(s * f for s, f in zip(supports, rounded)) / sum(supports)) == n(weighted))
    _require(_clear(sum(rounded) / 3, 3) and _clear(sum(s * f for s, f in zip(supports, rounded)) / sum(supports), 3))
    recalls = [metrics.recall(c) for c in per]
    precisions = [metrics.precision(c) for c in per]
    _require(all(x is not None for x in recalls + precisions))
    micro = np.trace(matrix) / matrix.sum()               # the accuracy, which is the micro F1
    name = 'macro' if which == 'macro' else 'ponderado'
    wrong = [
        _must(weighted if which == 'macro' else macro,
              'Essa é a média ponderada pelo suporte; a macro dá o mesmo peso a cada classe: (F1 + F1 + F1) / 3.'
              if which == 'macro' else
              'Essa é a média macro (cada classe com o mesmo peso); a ponderada multiplica o F1 de cada classe '
              'pelo seu suporte.'),
        _must(micro, f'Esse número é a acurácia, que é também o F1 micro (a diagonal sobre o total); o F1 {name} '
                     'faz a média dos F1 de cada classe.'),
        _must(metrics.macro(recalls) if which == 'macro' else metrics.weighted(recalls, supports),
              f'Essa é a revocação {name} (a média das revocações de cada classe); o F1 de cada classe usa também '
              'a precisão: 2·TP / (2·TP + FP + FN).'),
        _may(metrics.macro(precisions) if which == 'macro' else metrics.weighted(precisions, supports),
             f'Essa é a precisão {name} (a média das precisões de cada classe); o F1 de cada classe usa também '
             'a revocação: 2·TP / (2·TP + FP + FN).'),
    ]
    step = share_step('Sua resposta', macro if which == 'macro' else weighted,
                      'Confira o F1 de cada classe, um contra o resto: TP na diagonal, FN o resto da linha, '
                      'FP o resto da coluna.', wrong)
    total = int(matrix.sum())
    lines = ['Um contra o resto: TP é a diagonal, FN o resto da linha, FP o resto da coluna.']
    for k, (label, c) in enumerate(zip(names, per)):
        f = metrics.fbeta(c, 1.0)
        row = ' + '.join(n0(matrix[k, j]) for j in range(3) if j != k)
        col = ' + '.join(n0(matrix[j, k]) for j in range(3) if j != k)
        lines.append(f'{label}: TP = {n0(c.tp)}, FN = {row} = {n0(c.fn)}, FP = {col} = {n0(c.fp)}')
        lines.append(f'F1 ({label}) = 2·{n0(c.tp)} / (2·{n0(c.tp)} + {n0(c.fp)} + {n0(c.fn)}) '
                     f'= {n0(2 * c.tp)} / {n0(2 * c.tp + c.fp + c.fn)} = {n(f)}')
    lines.append(f'macro = ({" + ".join(n(f) for f in f1s)}) / 3 = {n(macro)}')
    lines.append(f'ponderada = ({" + ".join(f"{n0(s)}·{n(f)}" for s, f in zip(supports, f1s))}) / {n0(total)} '
                 f'= {n(weighted)}')
    lines.append(f'A {"macro dá a mesma voz a cada classe" if which == "macro" else "ponderada segue o tamanho de cada classe"}: '
                 f'a resposta é {step.shown}.')
    table = {'caption': 'Real nas linhas, previsto nas colunas',
             'head': ['real ↓ · previsto →'] + names,
             'rows': [[f'{label} ({n0(s)})'] + [n0(v) for v in matrix[k]]
                      for k, (label, s) in enumerate(zip(names, supports))]}
    statement = [intro.format(n=n0(total)),
                 'A matriz de confusão, com o número de casos reais de cada classe (o suporte) entre parênteses:']
    question = f'Qual é o F1 {"macro" if which == "macro" else "ponderado (pelo suporte)"} do modelo?'
    return _exercise(kind, seed, statement, table, question, [step], lines,
                     {'matriz': matrix.tolist(), 'media': which, 'classes': names})


def _amount_step(label, value, digits, check, mistakes, own=None, earlier=()):
    """An amount in reais: right within half a unit of the ``digits`` asked (0: a whole number)."""
    tol = 0.5 if digits == 0 else _tolerance(digits)
    _require(tol <= STEP_RULE * abs(value) + 1e-12)
    return Step(label, float(value), tol, num(value, digits), HOW_REAIS[digits], check,
                _mistakes(value, tol, mistakes, earlier), scale='ratio', unit='R$', own=own)


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
    _require(ranked[1] >= 1.15 * ranked[0] and ranked[0] >= 10)   # one cheapest, clearly
    # mostly an inner threshold: "the lowest one" is not the rule (decided once per seed: drawn at each
    # refusal, the edges would pile up)
    _require(0 < best < 3 or random.Random(f'{kind}:{seed}:borda').random() < 0.2)
    value = int(costs[best])
    swapped = metrics.cost(np.array(fn), np.array(fp), c_fp, c_fn)
    wrong = [_may(float(costs[k]), 'Esse é o custo de outro limiar; o mais barato é o de menor custo dos quatro.')
             for k in range(4) if k != best]
    wrong += [_may(float(min(swapped)), f'Você trocou os preços: a falha (FN) custa {reais(c_fn)} e o alarme '
                                        f'falso (FP), {reais(c_fp)}.'),
              _may(float(min(a + b for a, b in zip(fn, fp))), 'Faltou multiplicar pelos preços: '
                                                             'custo = c_FN·FN + c_FP·FP.')]
    wrong += [_may(t, 'A pergunta é o custo do limiar mais barato, em reais, não o limiar.') for t in thresholds]
    step = _amount_step('Sua resposta (em R$)', value, 0,
                        'Confira as quatro somas c_FN·FN + c_FP·FP e escolha a menor.', wrong)
    statement = [f'Uma falha (um positivo que passa) custa {reais(c_fn)}; um alarme falso custa {reais(c_fp)}. '
                 'Na validação, quatro limiares deixam estes erros:']
    table = {'caption': 'Erros de cada limiar na validação',
             'head': ['limiar', 'falhas (FN)', 'alarmes falsos (FP)'],
             'rows': [[short(t, 2), n0(a), n0(b)] for t, a, b in zip(thresholds, fn, fp)]}
    lines = ['custo = c_FN·FN + c_FP·FP']
    for t, a, b, total in zip(thresholds, fn, fp, costs):
        lines.append(f'custo({short(t, 2)}) = {n0(c_fn)}·{n0(a)} + {n0(c_fp)}·{n0(b)} = {n0(c_fn * a)} + '
                     f'{n0(c_fp * b)} = {reais(total)}')
    lines.append(f'O mais barato é o limiar {short(thresholds[best], 2)}, com custo {reais(value)}.')
    return _exercise(kind, seed, statement, table, 'Qual é o custo, em reais, do limiar mais barato?', [step],
                     lines, {'c_fn': c_fn, 'c_fp': c_fp, 'limiares': thresholds, 'fn': fn, 'fp': fp})


def _expected_cost(rng, kind, seed):
    """Three steps: the expected cost of flagging, of not flagging, then the best decision's cost
    from the student's own two (error carried forward)."""
    c_fn = rng.choice([3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50])
    c_fp = rng.choice([1, 2, 3, 4, 5])
    _require(c_fn > c_fp)
    p = rng.randint(1, 60) / 100
    flag, leave = metrics.expected_costs(p, c_fn, c_fp)
    _require(max(flag, leave) >= 1.5 * min(flag, leave))   # the better decision is clear
    value = min(flag, leave)
    s = metrics.theory_threshold(c_fn, c_fp)
    _require(_clear(s, 3))                                # s* shown with three places, none a half
    s1 = _amount_step('Passo 1 · custo esperado de marcar (em R$)', flag, 2,
                      'Confira o passo 1: marcar custa c_FP quando o caso é negativo, com probabilidade 1 − p.', [
                          _may(p * c_fp, 'Marcar só custa quando o caso é negativo, com probabilidade 1 − p: '
                                         '(1 − p)·c_FP.'),
                          _may((1 - p) * c_fn, 'Marcar um caso negativo é um alarme falso: custa c_FP, não c_FN.'),
                          _may(leave, 'Esse é o custo esperado de não marcar (o passo 2).')])
    s2 = _amount_step('Passo 2 · custo esperado de não marcar (em R$)', leave, 2,
                      'Confira o passo 2: não marcar custa c_FN quando o caso é positivo, com probabilidade p.', [
                          _may((1 - p) * c_fn, 'Não marcar só custa quando o caso é positivo, com probabilidade '
                                               'p: p·c_FN.'),
                          _may(p * c_fp, 'Deixar passar um positivo é uma falha: custa c_FN, não c_FP.'),
                          _may(flag, 'Esse é o custo esperado de marcar (o passo 1).')])
    s3 = _amount_step('Passo 3 · custo esperado da melhor decisão (em R$)', value, 2,
                      'Confira o passo 3: a melhor decisão é a mais barata dos passos 1 e 2.', [
                          Mistake('Esse é o custo da decisão mais cara: a melhor é a de menor custo esperado.',
                                  op='max', of=(0, 1)),
                          _may(s, 'Esse é o limiar da teoria; a pergunta é o custo esperado, em reais.')],
                      own=('min', (0, 1)), earlier=(flag, leave))
    statement = [f'Uma falha (deixar passar um caso positivo) custa {reais(c_fn)}; um alarme falso custa '
                 f'{reais(c_fp)}; acertar não custa nada. Um modelo calibrado dá a um caso a probabilidade '
                 f'p = {short(p, 2)} de ser positivo.']
    best = 'marcar' if flag < leave else 'não marcar'
    lines = [f'Passo 1 · marcar: (1 {MINUS} p)·c_FP = {short(1 - p, 2)}·{n0(c_fp)} = {reais(flag, 2)}',
             f'Passo 2 · não marcar: p·c_FN = {short(p, 2)}·{n0(c_fn)} = {reais(leave, 2)}',
             f'Passo 3 · a melhor decisão é {best}, com custo esperado {reais(value, 2)}.',
             f'(Confere com o limiar da teoria: s* = c_FP / (c_FP + c_FN) = {n0(c_fp)} / {n0(c_fp + c_fn)} '
             f'= {n(s)}; p = {short(p, 2)} fica {"acima" if p > s else "abaixo"} dele.)']
    return _exercise(kind, seed, statement, None,
                     'Em três passos: qual é o custo esperado da melhor decisão para esse caso, marcar '
                     'ou não marcar?', [s1, s2, s3], lines, {'c_fn': c_fn, 'c_fp': c_fp, 'p': p})


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
    value = metrics.brier(y, p)
    _require(value is not None and 0.02 <= value <= 0.6 and _clear(value, 3))
    terms = [(q - t) ** 2 for q, t in zip(p, y)]
    wrong = [_may(float(np.mean([abs(q - t) for q, t in zip(p, y)])),
                  'Faltou elevar ao quadrado: o Brier é a média de (p − y)².'),
             _may(sum(terms), 'Faltou dividir pelo número de biópsias: o Brier é a média dos termos.'),
             _may(metrics.brier([1 - t for t in y], p), 'Você comparou cada probabilidade com o resultado trocado: '
                                                        'y = 1 para maligna, 0 para benigna.')]
    step = Step('Sua resposta', value, 0.001, n(value), 'Vale vírgula (0,075) ou fração; responda com três casas '
                'decimais.', 'Confira cada termo (p − y)², com y = 1 para maligna e 0 para benigna, e a média '
                'deles.', _mistakes(value, 0.001, wrong))
    statement = [f'Um modelo declarou a chance de cada uma das {k} biópsias ser maligna; depois veio o resultado:']
    table = {'caption': 'As biópsias, a probabilidade declarada e o resultado',
             'head': ['biópsia', 'P(maligna)', 'resultado'],
             'rows': [[str(i + 1), short(q, 2), 'maligna (1)' if t else 'benigna (0)'] for i, (q, t) in enumerate(zip(p, y))]}
    lines = ['Cada biópsia: (p − y)², com y = 1 se maligna e 0 se benigna.'.replace('−', MINUS)]
    for q, t, term in zip(p, y, terms):
        lines.append(f'({short(q, 2)} {MINUS} {t})² = {n(term, 4)}')
    lines.append(f'Brier = ({" + ".join(n(x, 4) for x in terms)}) / {k}')
    lines.append(f'= {n(sum(terms), 4)} / {k} = {n(value)}')
    return _exercise(kind, seed, statement, table, 'Qual é o escore de Brier dessas biópsias?', [step], lines,
                     {'y': y, 'p': p})


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
    # at least 0,02: the tolerance of 0,001 is then at most 5 % of the answer
    _require(0.02 <= value <= 0.2 and _clear(value, 3) and _clear(mean_p, 3) and _clear(frac, 3))
    weight, gap = count / total, abs(round(mean_p, 3) - round(frac, 3))
    _require(n(weight * gap) == n(value))                 # the rounded steps give the answer
    wrong = [_may(abs(mean_p - frac), 'Faltou o peso da faixa, n_b / n: a parcela é (n_b / n)·|p̄ − fração|.'),
             _may(weight, 'Esse é só o peso da faixa; falta multiplicar pela diferença |p̄ − fração|.'),
             _may(weight * mean_p, 'Faltou subtrair a fração de malignas de p̄.')]
    step = Step('Sua resposta', value, 0.001, n(value), HOW[3],
                'Confira p̄, a fração de malignas e o peso n_b / n da faixa.', _mistakes(value, 0.001, wrong))
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
    return _exercise(kind, seed, statement, None, 'Quanto essa faixa soma ao ECE?', [step], lines,
                     {'n': total, 'faixa': [lo, hi], 'p': p, 'malignas': k})


def _listed(values) -> str:
    """0,9; 0,6 e 0,3 (a semicolon between numbers written with a decimal comma)."""
    texts = [short(x, 2) for x in values]
    return texts[0] if len(texts) == 1 else '; '.join(texts[:-1]) + ' e ' + texts[-1]


AUC_SHAPES = [(4, 2), (5, 2), (5, 3), (6, 2), (6, 3), (6, 4)]    # (cases, positives)
AUC_LOW, AUC_HIGH = 0.55, 0.95                                   # better than chance, not perfect


@functools.cache
def _auc_targets() -> tuple:
    """Every AUC 4 to 6 scores can give (won + tied/2 over m·n pairs) in [0,55; 0,95] that the page
    can write at three decimals without a knife-edge, with the shapes that give it."""
    found = {}
    for size, m in AUC_SHAPES:
        total = m * (size - m)
        for half in range(2 * total + 1):
            value = half / (2 * total)
            if AUC_LOW <= value <= AUC_HIGH and _clear(value, 3):
                found.setdefault(round(value, 12), []).append((size, m))
    return tuple(sorted(found.items()))


def _auc(rng, kind, seed):
    # the answer first, once per seed, uniformly among the AUCs the scores can give: drawn from the
    # scores, 0,75 (3 pairs won of 4, or 6 of 8...) came out in 29 % of the seeds
    pick = random.Random(f'{kind}:{seed}:alvo')
    target, shapes = pick.choice(_auc_targets())
    size, m = pick.choice(shapes)
    y = [1] * m + [0] * (size - m)
    rng.shuffle(y)
    grid = rng.choice([10, 20])                           # steps of 0,1 or 0,05: ties happen
    scores = [rng.randint(1, grid - 1) / grid for _ in range(size)]
    pairs = metrics.pairs(y, scores)
    value = metrics.roc_auc_pairs(y, scores)
    _require(abs(value - target) < 1e-9)
    wrong = []
    if pairs.tied:
        wrong += [_may((pairs.won + pairs.tied) / pairs.total, 'Um empate vale meio par, não um par inteiro.'),
                  _may(pairs.won / pairs.total, 'Um empate vale meio par: você não o contou.')]
    wrong.append(_may(1 - value, 'Você contou os pares em que o negativo vence; o AUC conta os do positivo.'))
    step = share_step('Sua resposta', value,
                      f'Confira os pares: cada positivo contra cada negativo, {m}·{size - m} = {pairs.total}; '
                      'o positivo vence se tiver o escore maior, e um empate vale meio.',
                      wrong, low=AUC_LOW, high=AUC_HIGH, exact=True)
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
    return _exercise(kind, seed, statement, table,
                     'Qual é o ROC AUC desses escores (contando os pares' + ('; um empate conta meio par)?' if pairs.tied
                                                                            else ')?'), [step], lines,
                     {'y': y, 'escores': scores})


@dataclass(frozen=True)
class Target:
    """What a regression story predicts: ``what`` (with the five cases), the case's noun, the unit
    (plural and abbreviated, for the table) and the range of the real values."""
    what: str
    case: str
    cases: str
    unit: str
    abbr: str
    low: int
    high: int
    feminine: bool = False      # "nessas cinco pessoas", "nesses cinco pedidos"


TARGETS = [Target('o tempo de entrega de cinco pedidos', 'pedido', 'pedidos', 'minutos', 'min', 15, 60),
           Target('a idade de cinco pessoas a partir de uma radiografia da mão', 'pessoa', 'pessoas', 'anos', 'anos',
                  20, 60, feminine=True),
           Target('a temperatura máxima de cinco dias', 'dia', 'dias', '°C', '°C', 12, 38)]


def _regression(rng, kind, seed):
    which = rng.choice(['MAE', 'RMSE', 'R²'])
    target = TARGETS[rng.randrange(len(TARGETS))]
    y = [rng.randint(target.low, target.high) for _ in range(5)]
    _require(sum(y) % 5 == 0 and len(set(y)) >= 3)        # a whole mean: R² by hand stays humane
    e = [rng.randint(-8, 8) for _ in range(5)]
    _require(any(e) and sum(1 for x in e if x) >= 3)
    pred = [a - b for a, b in zip(y, e)]
    _require(min(pred) > 0)
    squares = [x * x for x in e]
    mean = sum(y) // 5
    dev = [a - mean for a in y]
    sse, sst = sum(squares), sum(d * d for d in dev)
    unit = target.unit
    if which == 'MAE':
        value = metrics.mae(y, pred)
        wrong = [_may(abs(sum(e)) / 5, 'Os sinais se cancelaram: o MAE é a média de |e|, sem sinal.'),
                 _may(sum(abs(x) for x in e), 'Faltou dividir por 5: o MAE é a média.'),
                 _may(metrics.rmse(y, pred), 'Esse é o RMSE, que eleva os resíduos ao quadrado; o MAE é a média de |e|.')]
        tol, shown, how = 0.05, n(value, 1), f'Em {unit}, com vírgula (2,4); uma casa decimal basta.'
        check = 'Confira os resíduos e = y − ŷ e a média dos seus valores absolutos.'
        _require(value >= 1)                              # the tolerance is at most 5 % of it
    elif which == 'RMSE':
        value = metrics.rmse(y, pred)
        _require(_clear(value, 2))
        wrong = [_may(sse / 5, 'Faltou a raiz quadrada: o RMSE é √(média de e²).'),
                 _may(metrics.mae(y, pred), 'Esse é o MAE, a média de |e|; o RMSE eleva ao quadrado antes da média.'),
                 _may(math.sqrt(sse), 'Faltou dividir por 5 antes da raiz.')]
        tol, shown, how = 0.005, n(value, 2), f'Em {unit}, com vírgula (3,61); duas casas decimais.'
        check = 'Confira os quadrados dos resíduos, a média deles e a raiz.'
    else:
        value = metrics.r2(y, pred)
        _require(value is not None and 0.1 <= value <= 0.98 and _clear(value, 2) and _clear(value, 3))
        wrong = [_may(sse / sst, 'Essa é a fração que o modelo não explica, Σ e² / Σ (y − ȳ)²; o R² é 1 menos ela.'),
                 _may(1 - sst / sse if sse else None, 'Você inverteu a fração: R² = 1 − Σ e² / Σ (y − ȳ)².')]
        tol, shown, how, unit = _tolerance(2), n(value), HOW[2], None
        check = 'Confira ȳ, as duas somas de quadrados e a fração: R² = 1 − Σ e² / Σ (y − ȳ)².'
    step = Step('Sua resposta' + (f' (em {target.unit})' if unit else ''), value, tol, shown, how, check,
                _mistakes(value, tol, wrong), scale=None if which == 'R²' else 'ratio', unit=unit)
    statement = [f'Um modelo de regressão previu {target.what}, em {target.unit}:']
    table = {'caption': f'Valor real e valor previsto, em {target.unit}',
             'head': [target.case, f'real (y, {target.abbr})', f'previsto (ŷ, {target.abbr})'],
             'rows': [[str(i + 1), n0(a), n0(b)] for i, (a, b) in enumerate(zip(y, pred))]}
    lines = [f'resíduos e = y {MINUS} ŷ: {"; ".join(f"{n0(a)} {MINUS} {n0(b)} = {n0(x)}" for a, b, x in zip(y, pred, e))}']
    if which == 'MAE':
        lines += [f'MAE = (|e₁| + … + |e₅|) / 5 = ({" + ".join(n0(abs(x)) for x in e)}) / 5',
                  f'= {n0(sum(abs(x) for x in e))} / 5 = {shown} {target.unit}']
    elif which == 'RMSE':
        lines += [f'RMSE = √((e₁² + … + e₅²) / 5) = √(({" + ".join(n0(s) for s in squares)}) / 5)',
                  f'= √({n0(sse)} / 5) = √{short(sse / 5, 1)} = {shown} {target.unit}']
    else:
        lines += [f'ȳ = ({" + ".join(n0(a) for a in y)}) / 5 = {n0(mean)}',
                  f'Σ e² = {" + ".join(n0(s) for s in squares)} = {n0(sse)}',
                  f'Σ (y {MINUS} ȳ)² = {" + ".join(n0(d * d) for d in dev)} = {n0(sst)}',
                  f'R² = 1 {MINUS} Σ e² / Σ (y {MINUS} ȳ)² = 1 {MINUS} {n0(sse)} / {n0(sst)} = {shown}']
    question = (f'Qual é o {which} do modelo {"nessas cinco" if target.feminine else "nesses cinco"} {target.cases}' +
                (f', em {target.unit}?' if which != 'R²' else '?'))
    return _exercise(kind, seed, statement, table, question, [step], lines,
                     {'y': y, 'previsto': pred, 'metrica': which, 'unidade': target.unit})


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
