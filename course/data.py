"""The worked examples shared by lessons, figures, explorables and quizzes.

The lesson pages define the same arrays in their visible code (as the seed prints them);
``tests/test_data.py`` checks that both agree, so this module is the one source the
figures and the explorables read.
"""
from functools import lru_cache

import numpy as np

# 20 patients referred to a specialist, in order of the model's score (seed 000, section 2)
PATIENT_IDS = [f"P{i:02d}" for i in range(1, 21)]
SCORES = np.array([0.95, 0.90, 0.85, 0.80, 0.75, 0.70, 0.65, 0.60, 0.55, 0.45,
                   0.40, 0.35, 0.30, 0.25, 0.20, 0.15, 0.10, 0.08, 0.05, 0.02])
Y_TRUE = np.array([1, 1, 1, 1, 0, 1, 1, 0, 1, 1,
                   0, 1, 0, 0, 1, 0, 0, 0, 0, 0])      # 1 = doente
THRESHOLD = 0.5

# section 12: triage into low / medium / high risk, rows = truth, columns = prediction
RISK_LABELS = ['low', 'medium', 'high']
RISK_COUNTS = np.array([[110, 9, 1],
                        [8, 46, 6],
                        [2, 8, 10]])


@lru_cache(maxsize=1)
def breast_cancer_scores():
    """Lesson 2.6's data (seed 001's code): the 10 "mean" measurements of Breast Cancer
    Wisconsin, ``y = 1`` for malignant, the 5-fold cross-validated scores of a standardised
    logistic regression and, for each biopsy, the test part of ``StratifiedKFold(5)`` it is in.
    Returns ``(X, y, p, folds)``."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y
    model = make_pipeline(StandardScaler(), LogisticRegression())
    p = cross_val_predict(model, X, y, cv=StratifiedKFold(5), method="predict_proba")[:, 1]
    folds = np.empty(len(y), dtype=int)
    for k, (_, test) in enumerate(StratifiedKFold(5).split(X, y)):
        folds[test] = k
    return X, y, p, folds
