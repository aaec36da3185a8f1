"""course/evidence.py: the verdicts about noise are right, and say what the numbers say.

Each tool is checked against an independent computation (the binomial sums by hand, Wilson's
formula written out, a bootstrap resampled here), and each verdict against its rule: an interval
of a difference that holds 0 is "a amostra não distingue os dois", never a tie; a one-sided band
flags only the side asked."""
from math import comb, sqrt

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, matthews_corrcoef

from course import calibration, evidence


def test_one_convention_for_intervals():
    assert evidence.LEVEL == 0.95


@pytest.mark.parametrize('k, n', [(0, 10), (3, 10), (5, 10), (10, 10), (7, 154), (54, 154)])
def test_wilson_is_wilsons_formula(k, n):
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo, hi = evidence.wilson(k, n)
    assert lo == pytest.approx(max(0, centre - half), abs=1e-12) and hi == pytest.approx(min(1, centre + half), abs=1e-12)


def _binomial_p(k, m):
    """Two-sided exact p-value of k successes in k + m trials at 1/2, summed by hand."""
    n = k + m
    tail = sum(comb(n, i) for i in range(min(k, m) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _pair(k, m, agree=50):
    """Labels and two models' predictions: A right and B wrong on k rows, the reverse on m rows."""
    y = np.array([1, 0] * ((k + m + agree) // 2 + 1))[:k + m + agree]
    a, b = y.copy(), y.copy()
    b[:k] = 1 - y[:k]
    a[k:k + m] = 1 - y[k:k + m]
    return y, a, b


@pytest.mark.parametrize('k, m', [(0, 0), (1, 0), (5, 1), (6, 1), (9, 2), (12, 12), (3, 15), (40, 25)])
def test_mcnemar_is_the_exact_binomial_test(k, m):
    y, a, b = _pair(k, m)
    c = evidence.mcnemar(y, a, b, 'A', 'B')
    assert c.p == pytest.approx(_binomial_p(k, m) if k + m else 1.0)
    assert c.estimate == pytest.approx((k - m) / len(y))
    # the interval is the test inverted: it holds 0 exactly when the test cannot tell the two apart
    assert (c.lo <= 0 <= c.hi) == (c.p >= 0.05) == (c.key == 'indistinto')
    if c.key != 'indistinto':
        assert c.key == ('a' if k > m else 'b')


def test_a_paired_bootstrap_resamples_the_same_rows_for_both():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 154)
    a = np.where(rng.random(154) < 0.8, y, 1 - y)
    b = np.where(rng.random(154) < 0.75, y, 1 - y)
    c = evidence.paired_bootstrap(y, a, b, matthews_corrcoef, 'o k-NN', 'a regressão logística', repeats=500)
    # the same computation written here
    rng = np.random.default_rng(evidence.SEED)
    diffs = []
    for _ in range(500):
        rows = rng.integers(0, 154, 154)
        diffs.append(matthews_corrcoef(y[rows], a[rows]) - matthews_corrcoef(y[rows], b[rows]))
    assert (c.lo, c.hi) == pytest.approx(tuple(np.quantile(diffs, [0.025, 0.975])))
    assert c.estimate == pytest.approx(matthews_corrcoef(y, a) - matthews_corrcoef(y, b))
    assert c.share_b_ahead == pytest.approx(np.mean(np.array(diffs) < 0))
    assert evidence.paired_bootstrap(y, a, b, matthews_corrcoef, repeats=500) == \
        evidence.paired_bootstrap(y, a, b, matthews_corrcoef, repeats=500)      # a fixed seed


def test_an_interval_that_holds_zero_is_not_a_tie():
    y = np.array([1, 0] * 20)
    a = y.copy()
    b = y.copy()
    b[:3] = 1 - b[:3]
    c = evidence.paired_bootstrap(y, a, b, accuracy_score, 'A', 'B', repeats=500)
    assert c.lo <= 0 <= c.hi and c.key == 'indistinto'
    assert c.verdict == evidence.INDISTINCT == 'a amostra não distingue os dois'
    assert 'empat' not in c.verdict
    same = evidence.paired_bootstrap(y, a, a, accuracy_score, repeats=50)
    assert (same.lo, same.hi, same.key) == (0, 0, 'indistinto')


def test_a_difference_the_sample_settles_names_the_winner():
    y = np.array([1, 0] * 100)
    a = y.copy()
    b = y.copy()
    b[:40] = 1 - b[:40]
    c = evidence.paired_bootstrap(y, a, b, accuracy_score, 'o k-NN', 'a regressão logística', repeats=500)
    assert c.lo > 0 and c.key == 'a'
    assert c.verdict == 'o k-NN supera a regressão logística nesta amostra'
    assert evidence.paired_bootstrap(y, b, a, accuracy_score, 'X', 'Y', repeats=500).verdict == 'Y supera X nesta amostra'
    assert c.interval() .startswith('de +0,') and c.bracket().startswith('[+0,')


def test_a_one_sided_band_flags_only_its_side():
    draws = np.linspace(0, 1, 2001)          # quantiles known: the 95th percentile is 0,95
    above = evidence.null_band(0.97, draws, 'upper')
    assert above.hi == pytest.approx(0.95) and above.unusual and above.verdict == evidence.UNUSUAL
    below = evidence.null_band(0.001, draws, 'upper')
    assert not below.unusual and below.verdict == evidence.CHANCE == 'dentro do que o acaso dá'
    assert below.direction == 'dentro'
    assert evidence.null_band(0.001, draws, 'two-sided').unusual          # the same number, asked both ways
    assert evidence.null_band(0.001, draws, 'two-sided').direction == 'abaixo'
    assert evidence.null_band(0.5, draws, 'two-sided').verdict == evidence.CHANCE
    assert evidence.null_band(0.97, draws, 'upper').p == pytest.approx(np.mean(draws >= 0.97))
    with pytest.raises(ValueError):
        evidence.null_band(0.5, draws, 'sideways')


def test_the_calibrated_null_draws_labels_from_the_probabilities():
    p = np.linspace(0.02, 0.98, 60)
    labels = evidence.calibrated_labels(p, repeats=4000)
    assert labels.mean(axis=0) == pytest.approx(p, abs=0.03)         # each row's label is 1 with chance p
    # the lesson's floor of the ECE is the same draws
    assert np.array_equal(labels, calibration.perfect_labels(p, repeats=4000, seed=evidence.SEED))
    y = (np.random.default_rng(3).random(60) < p).astype(int)
    band = evidence.calibrated_null(y, p, lambda yy, pp: float(np.mean((pp - yy) ** 2)), 'upper', repeats=500)
    assert band.lo <= band.mean <= band.hi and band.verdict in (evidence.CHANCE, evidence.UNUSUAL)


def _delong_by_pairs(y, s):
    """DeLong's AUC and standard error, written with every (positive, negative) pair."""
    pos, neg = s[y == 1], s[y == 0]
    wins = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    v10, v01 = wins.mean(axis=1), wins.mean(axis=0)
    return wins.mean(), sqrt(v10.var(ddof=1) / len(pos) + v01.var(ddof=1) / len(neg))


def test_the_auc_interval_is_delongs():
    from scipy.stats import norm
    from sklearn.metrics import roc_auc_score
    rng = np.random.default_rng(2)
    y = (rng.random(300) < 0.2).astype(int)
    s = np.round(rng.normal(1.2 * y, 1.0), 1)          # rounded: ties between the classes count half
    auc, se = _delong_by_pairs(y, s)
    assert auc == pytest.approx(roc_auc_score(y, s))
    lo, hi = evidence.auc_interval(y, s)
    assert (lo + hi) / 2 == pytest.approx(auc) and (hi - lo) / 2 == pytest.approx(norm.ppf(0.975) * se)
    with pytest.raises(ValueError, match='2 positivos'):
        evidence.auc_interval([1, 0, 0], [0.9, 0.1, 0.2])


def test_the_auc_interval_covers_the_true_auc_about_95_in_100():
    """Binormal samples (positives N(1,5; 1), negatives N(0; 1)) of 60 positives and 600 negatives:
    the true AUC is Φ(1,5/√2)."""
    from scipy.stats import norm
    rng = np.random.default_rng(4)
    truth = norm.cdf(1.5 / np.sqrt(2))
    y = np.r_[np.ones(60), np.zeros(600)]
    covered = [lo <= truth <= hi for lo, hi in
               (evidence.auc_interval(y, np.r_[rng.normal(1.5, 1, 60), rng.normal(0, 1, 600)]) for _ in range(400))]
    assert 0.92 <= np.mean(covered) <= 0.98
