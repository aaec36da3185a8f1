"""The course's formulas, written once.

Figures, explorable data, slide numbers, labs and the lessons' hidden glue cells call these
functions; the lessons' visible code keeps the seeds' own lines (what the student reads), and
the tests recompute everything independently (a formula checked against itself proves nothing).

Conventions, the same everywhere:

- a case is flagged positive when ``score >= threshold``;
- a ratio with a zero denominator is ``None`` (the page writes "indefinido");
- the cost lab's grid is ``THRESHOLDS`` = 0,01 ... 0,99; a threshold is put on the grid with ONE
  rounding rule, half up (``round_half_up``): 1/8 = 0,125 -> 0,13, as the explorable's
  JavaScript does (``Math.floor(x + 0.5)``), never Python's half-to-even ``round``;
- the cheapest threshold is the FIRST minimum over the grid (``argmin``), as the seed's code;
- reliability bins: 10 left-closed bins of width 0,1, ``[0; 0,1)`` ... ``[0,9; 1]``.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

THRESHOLDS = np.arange(1, 100) / 100      # the cost lab's grid 0,01 ... 0,99 (seed 001)
N_BINS = 10                               # reliability diagram and ECE: bins of width 0,1


# ------------------------------------------------------------------------------ numbers

def round_half_up(x: float) -> int:
    """The course's one rounding rule: ``floor(x + 0.5)`` (2,5 -> 3; Python's round gives 2)."""
    return int(math.floor(x + 0.5))


def divide(a, b):
    """``a / b``, or ``None`` ("indefinido") when the denominator is zero."""
    return None if b == 0 else a / b


def grid_index(threshold: float, grid=THRESHOLDS) -> int:
    """Index of ``threshold`` on the 0,01-step grid, rounded half up and kept on the grid."""
    k = round_half_up(float(threshold) * 100) - round_half_up(float(grid[0]) * 100)
    return min(max(k, 0), len(grid) - 1)


# ------------------------------------------------------------------------------ counts

class Counts(NamedTuple):
    tp: int
    fp: int
    fn: int
    tn: int


def counts(y, scores, threshold) -> Counts:
    """TP, FP, FN, TN when ``score >= threshold`` is "positivo" (``y == 1`` is the positive class)."""
    pred = np.asarray(scores, dtype=float) >= threshold
    pos = np.asarray(y) == 1
    return Counts(int(np.sum(pred & pos)), int(np.sum(pred & ~pos)), int(np.sum(~pred & pos)),
                  int(np.sum(~pred & ~pos)))


def errors_over(y, scores, thresholds=THRESHOLDS):
    """Misses #(p < s & y = 1) and false alarms #(p >= s & y = 0) at every threshold s."""
    y, p = np.asarray(y), np.asarray(scores, dtype=float)
    flagged = p[None, :] >= np.asarray(thresholds, dtype=float)[:, None]
    fn = np.sum(~flagged & (y == 1)[None, :], axis=1)
    fp = np.sum(flagged & (y == 0)[None, :], axis=1)
    return fn.astype(int), fp.astype(int)


def precision(c: Counts):
    return divide(c.tp, c.tp + c.fp)


def recall(c: Counts):
    return divide(c.tp, c.tp + c.fn)


def specificity(c: Counts):
    return divide(c.tn, c.tn + c.fp)


def npv(c: Counts):
    return divide(c.tn, c.tn + c.fn)


def accuracy(c: Counts):
    return divide(c.tp + c.tn, c.tp + c.fp + c.fn + c.tn)


def fbeta(c: Counts, beta: float = 1.0):
    """F-beta = (1+β²)TP / ((1+β²)TP + β²FN + FP); F1 = 2TP / (2TP + FP + FN)."""
    b2 = beta * beta
    return divide((1 + b2) * c.tp, (1 + b2) * c.tp + b2 * c.fn + c.fp)


def balanced_accuracy(c: Counts):
    """The mean of the two classes' recalls: (recall + specificity) / 2."""
    r, s = recall(c), specificity(c)
    return None if r is None or s is None else (r + s) / 2


def mcc(c: Counts):
    """Matthews: (TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN)); ``None`` when a factor is 0."""
    product = (c.tp + c.fp) * (c.tp + c.fn) * (c.tn + c.fp) * (c.tn + c.fn)
    return divide(c.tp * c.tn - c.fp * c.fn, math.sqrt(product))


def bayes_precision(sensitivity: float, specificity_: float, prevalence: float):
    """Precision from the two rates and the prevalence π (Bayes):
    sens·π / (sens·π + (1 − spec)(1 − π))."""
    found = sensitivity * prevalence
    return divide(found, found + (1 - specificity_) * (1 - prevalence))


def one_vs_rest(matrix) -> list[Counts]:
    """A k × k confusion matrix (real in the rows, predicted in the columns) -> the counts of
    each class against the rest: TP the diagonal, FN the rest of its row, FP the rest of its
    column, TN everything else."""
    m = np.asarray(matrix)
    total = int(m.sum())
    out = []
    for k in range(m.shape[0]):
        tp = int(m[k, k])
        fn, fp = int(m[k].sum()) - tp, int(m[:, k].sum()) - tp
        out.append(Counts(tp, fp, fn, total - tp - fp - fn))
    return out


def macro(values) -> float:
    """The plain mean over the classes: each class counts the same."""
    return float(np.mean(values))


def weighted(values, supports) -> float:
    """The mean weighted by each class's support (its number of real cases)."""
    return float(np.average(values, weights=supports))


def fbeta_best(y, scores, beta: float):
    """The score that maximises F-beta when used as the threshold: the candidates are the
    distinct scores from the highest down, the first maximum wins (among ties, the highest
    threshold, fewest alarms). Returns ``(threshold, fbeta)``."""
    best = (None, None)
    for t in np.sort(np.unique(np.asarray(scores, dtype=float)))[::-1]:
        f = fbeta(counts(y, scores, t), beta)
        if f is not None and (best[1] is None or f > best[1]):
            best = (float(t), f)
    return best


# ------------------------------------------------------------------------------ cost

def cost(fn, fp, cost_fn, cost_fp):
    """c_FN · FN + c_FP · FP (numbers or arrays)."""
    return cost_fn * fn + cost_fp * fp


def cost_curve(y, scores, cost_fn, cost_fp, thresholds=THRESHOLDS):
    """The total cost at every threshold of the grid."""
    fn, fp = errors_over(y, scores, thresholds)
    return cost(fn, fp, cost_fn, cost_fp)


def cheapest_index(y, scores, cost_fn, cost_fp, thresholds=THRESHOLDS) -> int:
    """Index of the cheapest threshold: the first minimum, as the seed's ``argmin``."""
    return int(np.argmin(cost_curve(y, scores, cost_fn, cost_fp, thresholds)))


def theory_threshold(cost_fn, cost_fp) -> float:
    """Decision theory for a calibrated model: flag when p·c_FN > (1 − p)·c_FP, i.e. from
    s* = c_FP / (c_FP + c_FN)."""
    return cost_fp / (cost_fp + cost_fn)


def theory_index(cost_fn, cost_fp, grid=THRESHOLDS) -> int:
    """Index on the grid of the theory threshold, rounded half up (1/11 -> 0,09, the seed's
    ``c[8]``; 1/8 -> 0,13)."""
    return grid_index(theory_threshold(cost_fn, cost_fp), grid)


def expected_costs(p: float, cost_fn, cost_fp):
    """For a case whose (calibrated) probability of being positive is ``p``: the expected cost of
    flagging it, (1 − p)·c_FP (the alarm is false when it is negative), and of letting it pass,
    p·c_FN (a miss when it is positive). Returns ``(flag, leave)``."""
    return (1 - p) * cost_fp, p * cost_fn


def held_out(y, scores, folds, cost_fn, cost_fp, thresholds=THRESHOLDS):
    """The honest check: for each fold k, the cheapest threshold on the rows with fold != k,
    priced on the rows with fold == k. Returns ``(total cost, [picked threshold per fold])``."""
    y, p, folds = np.asarray(y), np.asarray(scores, dtype=float), np.asarray(folds)
    total, picked = 0, []
    for k in np.unique(folds):
        train, test = folds != k, folds == k
        j = cheapest_index(y[train], p[train], cost_fn, cost_fp, thresholds)
        total += int(cost_curve(y[test], p[test], cost_fn, cost_fp, thresholds)[j])
        picked.append(float(thresholds[j]))
    return total, picked


# ------------------------------------------------------------------------------ calibration

def bin_index(p, n_bins: int = N_BINS):
    """Bin of each probability: ``floor(p · n_bins)``, with p = 1 in the last bin."""
    p = np.asarray(p, dtype=float)
    return np.minimum((p * n_bins).astype(int), n_bins - 1)


def reliability_bins(y, p, n_bins: int = N_BINS):
    """One row per non-empty bin: ``lo``, ``hi``, ``count``, ``mean_p`` (mean declared
    probability) and ``frac`` (observed fraction positive): the circles of the diagram."""
    y, p = np.asarray(y), np.asarray(p, dtype=float)
    idx = bin_index(p, n_bins)
    rows = []
    for b in range(n_bins):
        m = idx == b
        if m.any():
            rows.append({'lo': b / n_bins, 'hi': (b + 1) / n_bins, 'count': int(m.sum()),
                         'mean_p': float(p[m].mean()), 'frac': float(y[m].mean())})
    return rows


def ece_part(count: int, n: int, mean_p: float, frac: float) -> float:
    """What one bin adds to the ECE: (n_b / n) · |mean p_b − frac_b|."""
    return count / n * abs(mean_p - frac)


def ece(y, p, n_bins: int = N_BINS) -> float:
    """Expected calibration error, Σ (n_b / n) · |mean p_b − frac_b| over the bins."""
    n = len(np.asarray(y))
    return float(sum(ece_part(r['count'], n, r['mean_p'], r['frac'])
                     for r in reliability_bins(y, p, n_bins)))


def brier(y, p) -> float:
    """The Brier score: the mean of (p − y)², y = 1 for a positive, 0 for a negative."""
    y, p = np.asarray(y, dtype=float), np.asarray(p, dtype=float)
    return float(np.mean((p - y) ** 2))


# ------------------------------------------------------------------------------ ranking

class Pairs(NamedTuple):
    won: int        # (positive, negative) pairs in which the positive has the higher score
    tied: int       # pairs with the same score (each counts half)
    total: int      # m · n


def pairs(y, scores) -> Pairs:
    """Every (positive, negative) pair, counted: won, tied, and how many there are."""
    y, s = np.asarray(y), np.asarray(scores, dtype=float)
    pos, neg = s[y == 1], s[y == 0]
    diff = pos[:, None] - neg[None, :]
    return Pairs(int(np.sum(diff > 0)), int(np.sum(diff == 0)), int(len(pos) * len(neg)))


def roc_auc_pairs(y, scores):
    """ROC AUC as the share of pairs the positive wins, a tie counting half (Hanley & McNeil)."""
    won, tied, total = pairs(y, scores)
    return divide(won + tied / 2, total)


# ------------------------------------------------------------------------------ regression

def mae(y, pred) -> float:
    """Mean absolute error: the mean of |y − ŷ|."""
    return float(np.mean(np.abs(np.asarray(y, dtype=float) - np.asarray(pred, dtype=float))))


def rmse(y, pred) -> float:
    """Root mean squared error: √(mean of (y − ŷ)²)."""
    return float(np.sqrt(np.mean((np.asarray(y, dtype=float) - np.asarray(pred, dtype=float)) ** 2)))


def r2(y, pred):
    """1 − Σ(y − ŷ)² / Σ(y − ȳ)², ȳ the mean of the values evaluated; ``None`` when they are all equal."""
    y, pred = np.asarray(y, dtype=float), np.asarray(pred, dtype=float)
    total = float(np.sum((y - y.mean()) ** 2))
    residual = float(np.sum((y - pred) ** 2))
    return None if total == 0 else 1 - residual / total


def confidence(p):
    """How sure the model says it is of its own decision: max(p, 1 − p)."""
    p = np.asarray(p, dtype=float)
    return np.maximum(p, 1 - p)
