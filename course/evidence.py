"""Verdicts about noise, computed like the numbers: the one place the course's words come from
when a sentence concludes from a sample ("the two models", "chance", "a calibrated model").

Every comparison, tie or "beyond chance" that a lesson, a lab, a Confira note or a quiz states is
one of these calls; the page glues its ``verdict`` (or asserts it in a hidden cell), never writes
it by hand. The words, with the numbers that back them:

- ``Comparison`` (two models on the same rows): ``INDISTINCT`` "a amostra não distingue os dois"
  when the interval of the difference contains 0 (which is not a tie: the interval may also hold a
  large gap), else "A supera B nesta amostra";
- ``NullBand`` (a statistic against what a perfectly calibrated model gives on the same scores):
  ``CHANCE`` "dentro do que o acaso dá" or ``UNUSUAL`` "incomum para um modelo calibrado".

One convention for intervals, across the course: ``LEVEL`` = 95 %, two-sided for an interval
(2,5 % to 97,5 % of the resamples), one-sided (the 95th percentile) when the question is one-sided,
as "is this model worse calibrated than chance explains?" is. The glossary says it once.

The tools:

- ``paired_bootstrap``: the rows resampled with replacement, the *same* rows for both models, the
  fitted models (their predictions) fixed: the spread of the difference if the sample had been
  another draw of the same population;
- ``mcnemar``: the exact test on the discordant rows (one model right, the other wrong), for
  accuracies compared on few rows;
- ``wilson``: the interval of one proportion (k of n), sound at small n and near 0 or 1;
- ``auc_interval``: DeLong's interval of one ROC AUC, for a sample too large to bootstrap;
- ``null_band`` / ``calibrated_null``: where the observed statistic falls among draws of labels
  from the model's own probabilities (``y_i ~ Bernoulli(p_i)``), read one-sided or two-sided.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.stats import binomtest

from .fmt import num

LEVEL = 0.95          # every interval and band of the course
REPEATS = 2000        # bootstrap resamples / label draws: Monte Carlo noise of a 95 % limit ≈ 0,005 SD units
SEED = 0              # fixed, so that a page quotes the same interval at every build

INDISTINCT = 'a amostra não distingue os dois'
CHANCE = 'dentro do que o acaso dá'
UNUSUAL = 'incomum para um modelo calibrado'


def better(a: str, b: str) -> str:
    """"A supera B nesta amostra", with the page's names (``better('o k-NN', 'a regressão logística')``)."""
    return f'{a} supera {b} nesta amostra'


def _signed(x: float, digits: int) -> str:
    text = num(x, digits)
    return text if text.startswith('\u2212') or float(round(x, digits)) == 0 else f'+{text}'


# ----------------------------------------------------------------------------- two models, same rows

@dataclass(frozen=True)
class Comparison:
    """metric(A) − metric(B) on one sample, its interval, and the verdict they give."""
    estimate: float
    lo: float
    hi: float
    a: str = 'A'
    b: str = 'B'
    level: float = LEVEL
    share_b_ahead: float | None = None   # share of resamples in which B comes out ahead (difference < 0)
    p: float | None = None               # an exact test's p-value, when the verdict comes from one

    @property
    def key(self) -> str:
        """'a', 'b' or 'indistinto': what a "which is better?" Preveja keys on."""
        if self.p is not None:
            if self.p >= 1 - self.level:
                return 'indistinto'
            return 'a' if self.estimate > 0 else 'b'
        if self.lo <= 0 <= self.hi:
            return 'indistinto'
        return 'a' if self.lo > 0 else 'b'

    @property
    def verdict(self) -> str:
        return {'indistinto': INDISTINCT, 'a': better(self.a, self.b), 'b': better(self.b, self.a)}[self.key]

    @property
    def distinct(self) -> bool:
        return self.key != 'indistinto'

    def interval(self, digits: int = 2) -> str:
        """'de −0,08 a +0,16': the interval as the prose writes it (signs shown: it is a difference)."""
        return f'de {_signed(self.lo, digits)} a {_signed(self.hi, digits)}'

    def bracket(self, digits: int = 3) -> str:
        """'[+0,027; +0,101]': the same interval, in the brackets of a table."""
        return f'[{_signed(self.lo, digits)}; {_signed(self.hi, digits)}]'

    def __str__(self) -> str:
        return self.verdict


def paired_bootstrap(y, pred_a, pred_b, metric, a: str = 'A', b: str = 'B', repeats: int = REPEATS,
                     seed: int = SEED, level: float = LEVEL) -> Comparison:
    """Interval of ``metric(y, pred_a) − metric(y, pred_b)``: each resample draws the same rows for
    both (a paired comparison); the models are not refitted (what is uncertain is the sample of
    rows, not the training). ``pred_*`` are labels or scores, whatever ``metric`` reads."""
    y, pred_a, pred_b = np.asarray(y), np.asarray(pred_a), np.asarray(pred_b)
    rng = np.random.default_rng(seed)
    diffs = np.empty(repeats)
    for r in range(repeats):
        rows = rng.integers(0, len(y), len(y))
        diffs[r] = metric(y[rows], pred_a[rows]) - metric(y[rows], pred_b[rows])
    tail = (1 - level) / 2
    lo, hi = np.quantile(diffs, [tail, 1 - tail])
    return Comparison(float(metric(y, pred_a) - metric(y, pred_b)), float(lo), float(hi), a, b, level,
                      float(np.mean(diffs < 0)))


def mcnemar(y, pred_a, pred_b, a: str = 'A', b: str = 'B', level: float = LEVEL) -> Comparison:
    """The exact (binomial) McNemar test of two accuracies on the same rows: of the ``n`` rows where
    the two disagree, A is right in ``k``; with equal accuracies, k ~ Binomial(n, 1/2). ``lo``/``hi``
    bound the accuracy difference by the exact (Clopper–Pearson) interval of k/n: the same test
    inverted, so the interval holds 0 exactly when the test cannot tell the two apart."""
    y, pred_a, pred_b = np.asarray(y), np.asarray(pred_a), np.asarray(pred_b)
    right_a, right_b = pred_a == y, pred_b == y
    k = int(np.sum(right_a & ~right_b))       # A right, B wrong
    m = int(np.sum(~right_a & right_b))       # B right, A wrong
    n = k + m
    if n == 0:                                 # the two agree on every row
        return Comparison(0.0, 0.0, 0.0, a, b, level, p=1.0)
    test = binomtest(k, n)
    ci = test.proportion_ci(confidence_level=level, method='exact')
    scale = n / len(y)                         # difference = (discordant share) · (2·share of A − 1)
    return Comparison((k - m) / len(y), scale * (2 * float(ci.low) - 1), scale * (2 * float(ci.high) - 1),
                      a, b, level, p=float(test.pvalue))


# ----------------------------------------------------------------------------- one proportion

def wilson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Wilson's interval of a proportion k/n (the course's interval for "k of n")."""
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method='wilson')
    return float(ci.low), float(ci.high)


# ----------------------------------------------------------------------------- one ROC AUC

def auc_interval(y, scores, level: float = LEVEL) -> tuple[float, float]:
    """DeLong's interval of one ROC AUC (a tie of scores counts half a pair): the AUC is the mean
    of the positives' placements (the share of negatives each one outranks) and also of the
    negatives'; its variance is var(positives' placements)/n_pos + var(negatives')/n_neg, read
    on the normal scale. Sorting, not pairs: fast on 100.000 rows, where a bootstrap is not."""
    from scipy.stats import norm
    y, scores = np.asarray(y) == 1, np.asarray(scores, dtype=float)
    pos, neg = scores[y], scores[~y]
    if len(pos) < 2 or len(neg) < 2:
        raise ValueError('o intervalo do AUC pede pelo menos 2 positivos e 2 negativos')
    neg_sorted, pos_sorted = np.sort(neg), np.sort(pos)
    placed_pos = (np.searchsorted(neg_sorted, pos, 'left') + np.searchsorted(neg_sorted, pos, 'right')) / (2 * len(neg))
    placed_neg = 1 - (np.searchsorted(pos_sorted, neg, 'left') + np.searchsorted(pos_sorted, neg, 'right')) / (2 * len(pos))
    auc = float(placed_pos.mean())
    se = float(np.sqrt(placed_pos.var(ddof=1) / len(pos) + placed_neg.var(ddof=1) / len(neg)))
    z = float(norm.ppf(1 - (1 - level) / 2))
    return auc - z * se, auc + z * se


# ----------------------------------------------------------------------------- against chance

@dataclass(frozen=True)
class NullBand:
    """Where ``observed`` falls among draws of the same statistic under a perfectly calibrated model.

    ``side``: 'upper' (is it larger than chance gives? the question of an ECE or a Brier), 'lower',
    or 'two-sided' (a signed error: a bin's fraction minus its declared probability)."""
    observed: float
    lo: float            # the band: [lo, hi] holds LEVEL of the draws on the side(s) asked
    hi: float
    mean: float
    side: str
    p: float             # share of draws at least as extreme as ``observed`` on the side asked
    level: float = LEVEL

    @property
    def unusual(self) -> bool:
        if self.side == 'upper':
            return self.observed > self.hi
        if self.side == 'lower':
            return self.observed < self.lo
        return not self.lo <= self.observed <= self.hi

    @property
    def direction(self) -> str:
        """'acima', 'abaixo' or 'dentro' of the band."""
        return 'acima' if self.observed > self.hi else 'abaixo' if self.observed < self.lo else 'dentro'

    @property
    def verdict(self) -> str:
        return UNUSUAL if self.unusual else CHANCE

    def __str__(self) -> str:
        return self.verdict


def null_band(observed: float, draws, side: str = 'upper', level: float = LEVEL) -> NullBand:
    """Read ``observed`` against ``draws`` of its statistic under the null (see ``NullBand``)."""
    draws = np.asarray(draws, dtype=float)
    if side == 'upper':
        lo, hi = float(draws.min()), float(np.quantile(draws, level))
        p = float(np.mean(draws >= observed))
    elif side == 'lower':
        lo, hi = float(np.quantile(draws, 1 - level)), float(draws.max())
        p = float(np.mean(draws <= observed))
    elif side == 'two-sided':
        tail = (1 - level) / 2
        lo, hi = (float(q) for q in np.quantile(draws, [tail, 1 - tail]))
        p = float(min(1.0, 2 * min(np.mean(draws >= observed), np.mean(draws <= observed))))
    else:
        raise ValueError(f"side must be 'upper', 'lower' or 'two-sided', not {side!r}")
    return NullBand(float(observed), lo, hi, float(draws.mean()), side, p, level)


def calibrated_labels(p, repeats: int = REPEATS, seed: int = SEED):
    """``repeats`` rows of labels drawn from the probabilities ``p`` themselves (``y_i = 1`` with
    chance ``p_i``): what a perfectly calibrated model with these scores would see."""
    p = np.asarray(p, dtype=float)
    rng = np.random.default_rng(seed)
    chunk = max(1, 2_000_000 // max(1, len(p)))   # at most 16 MB of floats at once
    return np.vstack([rng.random((min(chunk, repeats - r), len(p))) < p for r in range(0, repeats, chunk)])


def calibrated_null(y, p, statistic, side: str = 'upper', repeats: int = REPEATS, seed: int = SEED,
                    level: float = LEVEL) -> NullBand:
    """``statistic(y, p)`` read against ``statistic(y*, p)`` for labels ``y*`` of a perfectly
    calibrated model (``calibrated_labels``)."""
    p = np.asarray(p, dtype=float)
    draws = [statistic(row, p) for row in calibrated_labels(p, repeats, seed)]
    return null_band(statistic(np.asarray(y), p), draws, side, level)
