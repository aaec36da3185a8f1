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

from .metrics import confidence, ece, reliability_bins  # noqa: F401  (the lesson's names)

SEED = 0                  # random_state of both train_test_split calls (the seed's run(model, 0))
VALIDATION_SIZE = 0.3     # first split: validation
CALIBRATION_SIZE = 1 / 3  # second split: of the rest, the part that fits the temperature
T_BOUNDS = (0.05, 20)     # search interval of the temperature, as in the seed
SURE = 0.99               # "confiança acima de 99 %"

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


def summary(y, p, p_reference=None):
    """Everything the lesson quotes about one set of probabilities on the validation rows."""
    y, p = np.asarray(y), np.asarray(p, dtype=float)
    ref = p if p_reference is None else np.asarray(p_reference, dtype=float)
    pred = p >= 0.5
    conf = confidence(p)
    wrong = pred != (y == 1)
    sure = conf > SURE
    return {
        'brier': float(brier_score_loss(y, p)),
        'auc': float(roc_auc_score(y, p)),
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
