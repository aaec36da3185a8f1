"""The Colab labs' interactive pieces: one call each, so a lab shows its first experiment in its
first screens and keeps no plumbing of its own.

Panels that need no kernel are the lessons' explorables (``course.explorables``): they work in
Colab, in Jupyter and on the site, and move with no Python running. Only what must run Python
again for each value (refitting a k-NN for a new k) is an ipywidgets control.

    from course.labs import cost_lab
    cost_lab(cost_fn=10, cost_fp=1, threshold=0.5)
"""
from __future__ import annotations

from . import calibration, explorables
from .data import breast_cancer_scores
from .fmt import num


def cost_lab(cost_fn=10, cost_fp=1, threshold=0.5):
    """Lesson 2.6's lab on its biopsies: sliders Custo de uma falha, Custo de um alarme falso
    and Limiar; cost curve, cheapest and theory thresholds, the honest check (the lesson's
    explorable, the same formulas as ``course.metrics``)."""
    _, y, p, folds = breast_cancer_scores()
    return explorables.cost_lab(y, p, folds, cost_fn=cost_fn, cost_fp=cost_fp, threshold=threshold)


def calibration_lab(model='naive Bayes', temperature='sem', seed=0):
    """Lesson 2.4's lab: buttons Modelo and Temperatura, the reliability diagram and its numbers
    for the split ``seed`` (``random_state`` of both ``train_test_split`` calls; the lesson's is 0)."""
    exp = calibration.experiment(seed)
    models = exp['models']
    return explorables.calibration_lab(
        exp['y_val'], {k: (m['p_before'], m['p_after']) for k, m in models.items()},
        {k: m['T'] for k, m in models.items()}, model=model, temperature=temperature,
        scores={k: m['z_val'] for k, m in models.items()})


def roc_binormal(d=2.0, threshold=1.0):
    """Lesson 2.3's binormal ROC: sliders Separação d and Limiar."""
    return explorables.roc_binormal(d=d, threshold=threshold)


def threshold_lab(y, scores, beta=2.0, threshold=0.5):
    """F-beta, precision and recall of ``scores`` as the threshold moves (sliders β and Limiar)."""
    return explorables.fbeta_threshold(scores, y, beta=beta, threshold=threshold)


def knn_lab(X_train, y_train, X_val, y_val, k=5):
    """The number of neighbours on a slider (ipywidgets: each k refits the k-NN in the kernel):
    distinct probabilities, predictions at exactly 0 or 1, log loss and Brier on validation."""
    import ipywidgets as widgets
    import numpy as np
    from sklearn.impute import SimpleImputer
    from sklearn.metrics import brier_score_loss, log_loss
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    baseline = log_loss(y_val, np.full(len(y_val), np.mean(y_train)))

    def show(k):
        model = make_pipeline(SimpleImputer(strategy='median'), StandardScaler(),
                              KNeighborsClassifier(n_neighbors=k)).fit(X_train, y_train)
        proba = model.predict_proba(X_val)[:, 1]
        print(f"k = {k}")
        print(f"valores distintos de probabilidade: {len(np.unique(proba))}")
        print(f"previsões exatamente 0 ou 1: {int(((proba == 0) | (proba == 1)).sum())} de {len(proba)}")
        print(f"log loss {num(log_loss(y_val, proba), 3)}   (linha de base {num(baseline, 3)})")
        print(f"Brier    {num(brier_score_loss(y_val, proba), 3)}")

    slider = widgets.IntSlider(value=k, min=1, max=100, step=1, description='k (vizinhos)',
                               continuous_update=False, style={'description_width': 'initial'})
    return widgets.interactive(show, k=slider)
