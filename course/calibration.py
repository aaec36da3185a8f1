"""Calibration maths of lesson 2.4 ("Calibração: 0,8 quer dizer 80%?", seed 002).

One computation for the lesson's hidden cells, its figure (``figures/reliability_diagram.py``)
and the numbers the explorable receives, so that page, figure and panel cannot disagree.

The experiment is the seed's ``run(model, seed)`` for one seed:

- Breast Cancer Wisconsin, the 10 "mean" measurements, ``y = 1`` for malignant;
- 30 % of the biopsies (stratified) kept for validation, then one third of the rest
  (stratified) for fitting the temperature and the remaining two thirds for the model, both
  ``train_test_split`` calls with ``random_state=SEED``. With 569 biopsies that is
  171 / 133 / 265 (the seed's comment says 132 / 266: ``train_test_split`` rounds the test
  part up);
- the score before the sigmoid ``z = log P(maligno) − log P(benigno)``;
- one temperature ``T`` that minimises the log loss of ``sigmoid(z / T)`` on the calibration rows.

The reliability diagram and the ECE are ``course.metrics.reliability_bins`` and
``course.metrics.ece``: 10 left-closed bins of width 0,1 on P(maligno) (``[0; 0,1)``,
``[0,1; 0,2)`` ..., the last one ``[0,9; 1]``).
"""
import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import expit
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from . import evidence
from .metrics import N_BINS, bin_index, confidence, ece, reliability_bins  # noqa: F401  (the lesson's names)

SEED = 0                  # random_state of both train_test_split calls (the seed's run(model, 0))
VALIDATION_SIZE = 0.3     # first split: validation
CALIBRATION_SIZE = 1 / 3  # second split: of the rest, the part that fits the temperature
T_BOUNDS = (0.05, 20)     # search interval of the temperature, as in the seed
SURE = 0.99               # "confiança acima de 99 %"
# label draws of a perfectly calibrated model and the level of every band: course.evidence's
REPEATS, SEED_DRAWS, LEVEL = evidence.REPEATS, evidence.SEED, evidence.LEVEL

# the two models of the lesson, by the names the page and the explorable show
MODELS = {
    'naive Bayes': lambda: GaussianNB(),
    'regressão logística': lambda: make_pipeline(StandardScaler(), LogisticRegression()),
}


def load():
    """The 10 "mean" measurements and ``y = 1`` for malignant (as the seed's code)."""
    X, y = load_breast_cancer(return_X_y=True)
    return X[:, :10], 1 - y


def split(y, seed=SEED):
    """Row indices ``(learn, calibrate, validate)``, exactly as the seed's ``run``."""
    rest, va = train_test_split(np.arange(len(y)), test_size=VALIDATION_SIZE, stratify=y,
                                random_state=seed)
    tr, ca = train_test_split(rest, test_size=CALIBRATION_SIZE, stratify=y[rest],
                              random_state=seed)
    return tr, ca, va


def score(model, X):
    """The model's score before the sigmoid: log P(maligno) − log P(benigno)."""
    lp = model.predict_log_proba(X)
    return lp[:, 1] - lp[:, 0]


def temperature_loss(T, z, y):
    """Mean log loss of ``sigmoid(z / T)`` (written with logaddexp, no overflow)."""
    return np.mean(np.logaddexp(0, -z / T) * y + np.logaddexp(0, z / T) * (1 - y))


def fit_temperature(z, y):
    """The one number T that minimises the log loss on the calibration rows."""
    return minimize_scalar(temperature_loss, bounds=T_BOUNDS, method='bounded', args=(z, y)).x


def summary(y, p, p_reference=None, z=None):
    """Everything the lesson quotes about one set of probabilities on the validation rows.

    The ROC AUC is the scores' ``z`` (before the sigmoid) when they are given: it measures the
    order, and ``sigmoid(z)`` rounds the highest scores of the naive Bayes to exactly 1 in floating
    point, where they tie (the AUC of the probabilities would then move with the temperature
    although the order does not)."""
    y, p = np.asarray(y), np.asarray(p, dtype=float)
    ref = p if p_reference is None else np.asarray(p_reference, dtype=float)
    pred = p >= 0.5
    conf = confidence(p)
    wrong = pred != (y == 1)
    sure = conf > SURE
    return {
        'brier': float(brier_score_loss(y, p)),
        'auc': float(roc_auc_score(y, p if z is None else np.asarray(z, dtype=float))),
        'ece': ece(y, p),
        'confidence': float(conf.mean()),
        'accuracy': float(1 - wrong.mean()),
        'changed': int((pred != (ref >= 0.5)).sum()),
        'sure': int(sure.sum()),
        'sure_errors': int((sure & wrong).sum()),
        'sure_expected_errors': float((1 - conf[sure]).sum()),
        'exact_one': int((p == 1).sum()),
    }


def experiment(seed=SEED):
    """Both models, before and after temperature, on the validation rows of one split.

    Returns ``{'split': (tr, ca, va), 'y_val': ..., 'models': {name: {...}}}`` where each model
    has ``T``, ``z_val`` (scores), ``p_before`` = sigmoid(z) and ``p_after`` = sigmoid(z / T).
    """
    X, y = load()
    tr, ca, va = split(y, seed)
    out = {'split': (tr, ca, va), 'y_val': y[va], 'models': {}}
    for name, make in MODELS.items():
        model = make().fit(X[tr], y[tr])
        zc, zv = score(model, X[ca]), score(model, X[va])
        T = fit_temperature(zc, y[ca])
        out['models'][name] = {'T': float(T), 'z_val': zv,
                               'p_before': expit(zv), 'p_after': expit(zv / T)}
    return out


# ----------------------------------------------------------------------------------------
# against chance: what a perfectly calibrated model with the same scores gets. The draws, the
# bands and the course's one convention (95 %) are course.evidence's; these functions only say
# which statistic is read, and on which side.

def perfect_labels(p, repeats=REPEATS, seed=SEED_DRAWS):
    """``repeats`` rows of labels of a perfectly calibrated model with the scores ``p`` (each
    label is 1 with probability ``p_i``): ``evidence.calibrated_labels``, the course's draws."""
    return evidence.calibrated_labels(p, repeats, seed)


def perfect_ece(p, repeats=REPEATS, seed=SEED_DRAWS, n_bins=N_BINS):
    """The ECE of each row of ``perfect_labels(p)``: the same number ``ece(row, p, n_bins)``
    gives, row by row (same bins, same order of the sum), computed for all rows at once."""
    p = np.asarray(p, dtype=float)
    labels = perfect_labels(p, repeats, seed)
    idx = bin_index(p, n_bins)
    # positives per bin and repetition: sums of 0/1 are exact in floating point, so dividing by the
    # count gives the same fraction as labels[:, m].mean(axis=1)
    positives = labels.astype(float) @ (idx[:, None] == np.arange(n_bins)).astype(float)
    total = np.zeros(repeats)
    for b in range(n_bins):
        m = idx == b
        if m.any():
            count = int(m.sum())
            total = total + count / len(p) * np.abs(float(p[m].mean()) - positives[:, b] / count)
    return total


def ece_band(y, p, repeats=REPEATS, seed=SEED_DRAWS, n_bins=N_BINS):
    """The model's ECE read against ``perfect_ece(p)``, one-sided (``side='upper'``): the question
    "is it worse calibrated than chance explains?" has one side. ``.hi`` is the 95th percentile
    of a perfect model's ECE, ``.mean`` its mean, ``.p`` the share of perfect draws with an ECE at
    least the model's, ``.verdict`` the course's words."""
    return evidence.null_band(ece(y, p, n_bins), perfect_ece(p, repeats, seed, n_bins), 'upper')


def bin_band(y, p, repeats=REPEATS, seed=SEED_DRAWS):
    """One bin (the rows ``p`` with labels ``y``): its signed error, fraction positive minus the
    mean declared probability, read two-sided against a perfectly calibrated model's with the
    same scores. ``.lo``/``.hi`` bound the signed error (add ``p.mean()`` for the fraction: the
    bar of the figure); ``.direction`` is 'acima' (more positives than declared), 'abaixo' or
    'dentro'."""
    p = np.asarray(p, dtype=float)
    mean_p = float(p.mean())
    fractions = perfect_labels(p, repeats, seed).mean(axis=1)
    return evidence.null_band(float(np.mean(y)) - mean_p, fractions - mean_p, 'two-sided')


def side(y, p, repeats=REPEATS, seed=SEED_DRAWS):
    """Where the circle of one bin sits, judged against chance: 'acima', 'abaixo' or 'dentro'."""
    return bin_band(y, p, repeats, seed).direction


def binned_ece(y, p, n_bins=N_BINS):
    """The same ECE as ``course.metrics.ece``, written as (1/n) Σ_b |Σ_(i in b) (p_i − y_i)|
    (n_b/n · |mean p − mean y| is |Σ (p − y)| / n): one bincount, fast enough for a bootstrap."""
    y, p = np.asarray(y, dtype=float), np.asarray(p, dtype=float)
    gaps = np.bincount(bin_index(p, n_bins), weights=p - y, minlength=n_bins)
    return float(np.abs(gaps).sum() / len(p))


def brier(y, p):
    """Mean squared distance between the declared probability and the outcome (brier_score_loss)."""
    return float(np.mean((np.asarray(p, dtype=float) - np.asarray(y)) ** 2))


def log_loss(y, p):
    """scikit-learn's log_loss in numpy, for the thousands of bootstrap resamples: the probabilities
    clipped to [eps, 1 - eps] as scikit-learn clips them (a 0 or 1 exactly costs about 36, not inf)."""
    eps = np.finfo(float).eps
    p, y = np.clip(np.asarray(p, dtype=float), eps, 1 - eps), np.asarray(y)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
