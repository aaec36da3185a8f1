"""The numbers the slide decks quote, computed from the shared examples in ``course.data``.

The lessons compute the same numbers in their visible code from the same arrays; here they
are computed once more, with the same scikit-learn functions, and formatted the pt-BR way.
"""
import numpy as np
from sklearn.metrics import (
    accuracy_score,
    balanced_accuracy_score,
    brier_score_loss,
    f1_score,
    fbeta_score,
    log_loss,
    matthews_corrcoef,
    precision_score,
    recall_score,
)

from course.data import RISK_COUNTS, RISK_LABELS, SCORES, THRESHOLD, Y_TRUE
from course.fmt import num, pct
from course.metrics import counts


def _tex_int(n):
    """9900 -> 9\\,900 (a thin space between thousands, inside a formula)."""
    return num(n, 0).replace('.', r'\,')


def numbers():
    y, score = Y_TRUE, SCORES
    pred = (score >= THRESHOLD).astype(int)
    tp, fp, fn, tn = counts(y, score, THRESHOLD)
    v = {'tp': tp, 'fp': fp, 'fn': fn, 'tn': tn, 'n': len(y),
         'n_sick': int(y.sum()), 'n_healthy': int((y == 0).sum()),
         # the fractions the tables show next to each rate, from the same four counts
         'precision_frac': f'{tp}/{tp + fp}', 'recall_frac': f'{tp}/{tp + fn}',
         'specificity_frac': f'{tn}/{tn + fp}', 'fpr_frac': f'{fp}/{fp + tn}',
         'npv_frac': f'{tn}/{tn + fn}',
         'f1_frac': rf'\frac{{{2 * tp}}}{{{2 * tp + fp + fn}}}',
         'f2_frac': f'{5 * tp}/{5 * tp + 4 * fn + fp}',
         'f05_frac': f'{num(1.25 * tp, 2)}/{num(1.25 * tp + 0.25 * fn + fp, 1)}',
         'mcc_frac': rf'\frac{{{tp * tn - fp * fn}}}{{\sqrt{{{_tex_int((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))}}}}}',
         'majority_accuracy': num(max(y.mean(), 1 - y.mean()), 1),
         'accuracy': num(accuracy_score(y, pred)),
         'precision': num(precision_score(y, pred)),
         'recall': num(recall_score(y, pred)),
         'specificity': num(recall_score(y, pred, pos_label=0)),
         'fpr': num(1 - recall_score(y, pred, pos_label=0)),
         'npv': num(precision_score(y, pred, pos_label=0)),
         'f1': num(f1_score(y, pred)),
         'f2': num(fbeta_score(y, pred, beta=2)),
         'f05': num(fbeta_score(y, pred, beta=0.5)),
         'balanced': num(balanced_accuracy_score(y, pred)),
         'mcc': num(matthews_corrcoef(y, pred)),
         'log_loss': num(log_loss(y, score)),
         'brier': num(brier_score_loss(y, score))}
    bold = np.where(score >= 0.5, 0.99, 0.01)
    v['bold_log_loss'] = num(log_loss(y, bold))
    v['bold_brier'] = num(brier_score_loss(y, bold))

    # the accuracy paradox: 1 000 patients, 10 sick
    y_1000 = np.array([1] * 10 + [0] * 990)
    lazy = np.array([1] * 5 + [0] * 5 + [1] * 10 + [0] * 980)
    v['always_accuracy'] = pct(accuracy_score(y_1000, np.zeros(1000, dtype=int)))
    v['lazy_accuracy'] = pct(accuracy_score(y_1000, lazy))
    v['lazy_precision'] = pct(precision_score(y_1000, lazy), 0)
    v['lazy_mcc'] = num(matthews_corrcoef(y_1000, lazy))
    v['lazy_balanced'] = num(balanced_accuracy_score(y_1000, lazy))
    always = np.zeros(1000, dtype=int)
    v['always_balanced'] = num(balanced_accuracy_score(y_1000, always))
    v['always_mcc'] = num(matthews_corrcoef(y_1000, always))

    # thresholds 0,3 / 0,5 / 0,7 and the three cuts of the F1 section
    v['cuts'] = []
    for t in (0.3, 0.5, 0.7):
        p = (score >= t).astype(int)
        c = counts(y, score, t)
        v['cuts'].append({'t': num(t, 1), 'tp': c[0], 'fp': c[1], 'fn': c[2], 'tn': c[3],
                          'precision': num(precision_score(y, p)), 'recall': num(recall_score(y, p))})
    v['mean_vs_f1'] = []
    for t in (0.95, 0.5, 0.02):
        p = (score >= t).astype(int)
        prec, rec = precision_score(y, p), recall_score(y, p)
        v['mean_vs_f1'].append({'t': num(t, 2), 'mean': num((prec + rec) / 2), 'f1': num(f1_score(y, p))})

    # prevalence: same recall 0,70 and specificity 0,80 in 10 000 people
    v['prevalence'] = []
    for prevalence in (0.50, 0.10, 0.01):
        sick = round(10_000 * prevalence)
        healthy = 10_000 - sick
        tp_, tn_ = 0.70 * sick, 0.80 * healthy
        # two decimals, as the lesson: the rates 0,70 and 0,80 are 7/10 and 8/10
        v['prevalence'].append({'p': pct(prevalence, 0), 'precision': num(tp_ / (tp_ + healthy - tn_), 2)})

    # multiclass triage (low / medium / high)
    y_t = [RISK_LABELS[i] for i in range(3) for j in range(3) for _ in range(RISK_COUNTS[i, j])]
    y_p = [RISK_LABELS[j] for i in range(3) for j in range(3) for _ in range(RISK_COUNTS[i, j])]
    for avg in ('macro', 'weighted', 'micro'):
        v[f'f1_{avg}'] = num(f1_score(y_t, y_p, labels=RISK_LABELS, average=avg))
    v['f1_high'] = num(f1_score(y_t, y_p, labels=['high'], average=None)[0])
    return v
