"""course/metrics.py's formulas for the hand calculations of "Pratique", each against scikit-learn
(or, where scikit-learn has no function, against counts made here) on many random cases: a
formula that drifted from the library's would fail here before any exercise used it."""
import math

import numpy as np
import pytest
from sklearn.metrics import (
    balanced_accuracy_score,
    brier_score_loss,
    confusion_matrix,
    f1_score,
    matthews_corrcoef,
    mean_absolute_error,
    mean_squared_error,
    precision_score,
    r2_score,
    roc_auc_score,
)

from course import metrics

RNG = np.random.default_rng(2026)
CASES = 300


def labels(c):
    """y_true, y_pred with exactly the counts c (TP, FP, FN, TN)."""
    y = [1] * c.tp + [0] * c.fp + [1] * c.fn + [0] * c.tn
    p = [1] * c.tp + [1] * c.fp + [0] * c.fn + [0] * c.tn
    return np.array(y), np.array(p)


def random_counts(n=CASES):
    for _ in range(n):
        yield metrics.Counts(*(int(x) for x in RNG.integers(1, 200, size=4)))


def test_balanced_accuracy_and_mcc_are_scikit_learns():
    for c in random_counts():
        y, p = labels(c)
        assert metrics.balanced_accuracy(c) == pytest.approx(balanced_accuracy_score(y, p), abs=1e-12)
        assert metrics.mcc(c) == pytest.approx(matthews_corrcoef(y, p), abs=1e-12)


def test_mcc_with_an_empty_factor_is_undefined():
    assert metrics.mcc(metrics.Counts(0, 0, 5, 95)) is None       # never says "positivo"
    assert metrics.balanced_accuracy(metrics.Counts(0, 0, 0, 10)) is None


def test_bayes_precision_is_the_precision_of_a_population_with_those_rates():
    """A population of 10^6 with the prevalence, the sensitivity and the specificity exactly:
    scikit-learn's precision of its labels is Bayes' rule."""
    for sens, spec, prev in [(0.95, 0.95, 0.01), (0.7, 0.8, 0.5), (0.9, 0.99, 0.02), (0.8, 0.85, 0.3)]:
        people = 1_000_000
        sick = round(people * prev)
        c = metrics.Counts(round(sens * sick), round((1 - spec) * (people - sick)),
                           sick - round(sens * sick), people - sick - round((1 - spec) * (people - sick)))
        y, p = labels(c)
        assert metrics.bayes_precision(sens, spec, prev) == pytest.approx(precision_score(y, p), abs=1e-9)
    assert metrics.bayes_precision(0.95, 0.95, 0.01) == pytest.approx(0.0095 / 0.059)


def test_one_vs_rest_and_the_averages_are_scikit_learns():
    for _ in range(CASES // 3):
        k = int(RNG.integers(2, 5))
        m = RNG.integers(1, 40, size=(k, k))
        y = [i for i in range(k) for j in range(k) for _ in range(m[i, j])]
        p = [j for i in range(k) for j in range(k) for _ in range(m[i, j])]
        per = metrics.one_vs_rest(m)
        f1s = [metrics.fbeta(c, 1.0) for c in per]
        assert f1s == pytest.approx(f1_score(y, p, average=None), abs=1e-12)
        assert metrics.macro(f1s) == pytest.approx(f1_score(y, p, average='macro'), abs=1e-12)
        supports = m.sum(axis=1)
        assert metrics.weighted(f1s, supports) == pytest.approx(f1_score(y, p, average='weighted'), abs=1e-12)
        for i, c in enumerate(per):                          # the cells of each class, read from sklearn
            tn, fp, fn, tp = confusion_matrix(np.array(y) == i, np.array(p) == i).ravel()
            assert c == metrics.Counts(tp, fp, fn, tn)


def test_brier_and_the_ece_of_its_bins_are_scikit_learns_and_the_sum_of_their_parts():
    from sklearn.calibration import calibration_curve
    for _ in range(CASES // 3):
        n = int(RNG.integers(5, 80))
        y = RNG.integers(0, 2, size=n)
        p = RNG.random(n)
        assert metrics.brier(y, p) == pytest.approx(brier_score_loss(y, p), abs=1e-12)
        rows = metrics.reliability_bins(y, p)
        frac, mean_p = calibration_curve(y, p, n_bins=10, strategy='uniform')
        assert [r['frac'] for r in rows] == pytest.approx(list(frac), abs=1e-12)
        assert [r['mean_p'] for r in rows] == pytest.approx(list(mean_p), abs=1e-12)
        by_hand = sum(r['count'] / n * abs(r['mean_p'] - r['frac']) for r in rows)
        assert metrics.ece(y, p) == pytest.approx(by_hand, abs=1e-12)
        assert sum(metrics.ece_part(r['count'], n, r['mean_p'], r['frac']) for r in rows) == \
            pytest.approx(metrics.ece(y, p), abs=1e-12)


def test_auc_by_pairs_is_scikit_learns_ties_included():
    for _ in range(CASES):
        n = int(RNG.integers(4, 30))
        y = RNG.integers(0, 2, size=n)
        if y.min() == y.max():
            continue
        s = RNG.integers(1, 10, size=n) / 10                  # a coarse grid: many ties
        assert metrics.roc_auc_pairs(y, s) == pytest.approx(roc_auc_score(y, s), abs=1e-12)
    won, tied, total = metrics.pairs([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert (won, tied, total) == (3, 0, 4)                    # the lesson's four scores
    assert metrics.roc_auc_pairs([0, 0, 1, 1], [0.1, 0.35, 0.35, 0.8]) == 0.875
    assert metrics.roc_auc_pairs([1, 1], [0.2, 0.3]) is None


def test_regression_metrics_are_scikit_learns():
    for _ in range(CASES):
        y = RNG.integers(0, 100, size=5).astype(float)
        pred = y + RNG.integers(-10, 10, size=5)
        assert metrics.mae(y, pred) == pytest.approx(mean_absolute_error(y, pred), abs=1e-12)
        assert metrics.rmse(y, pred) == pytest.approx(math.sqrt(mean_squared_error(y, pred)), abs=1e-12)
        if y.min() != y.max():
            assert metrics.r2(y, pred) == pytest.approx(r2_score(y, pred), abs=1e-12)
    assert metrics.r2([3, 3, 3], [1, 2, 3]) is None


def test_expected_costs_and_the_theory_threshold_agree():
    """Flagging is the cheaper decision exactly above s* = c_FP / (c_FP + c_FN)."""
    for c_fn, c_fp in [(10, 1), (5, 2), (50, 1), (3, 3)]:
        s = metrics.theory_threshold(c_fn, c_fp)
        for p in np.linspace(0.01, 0.99, 99):
            flag, leave = metrics.expected_costs(p, c_fn, c_fp)
            assert flag == pytest.approx((1 - p) * c_fp) and leave == pytest.approx(p * c_fn)
            if abs(p - s) > 1e-9:
                assert (flag < leave) == (p > s)
