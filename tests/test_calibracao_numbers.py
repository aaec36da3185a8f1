"""Lesson 2.4 (calibração): every number the prose quotes is computed, and computed right.

1. The glue values stored in the executed ``lessons/calibracao.ipynb`` equal the same
   quantities recomputed here from scratch (scikit-learn and numpy only, not
   ``course.calibration``), for the split the page declares: the seed's ``run(model, seed)``
   with ``seed = 0``, i.e. ``random_state=0`` in both ``train_test_split`` calls.
2. The qualitative claims the prose makes around those numbers still hold for that split.
3. The prose of ``lessons/calibracao.md`` has no hand-typed computed number: after removing
   glue roles, code, math, headings, directive options and the whitelisted inputs below, no
   digit is left.
"""
import ast
import math
import re

import nbformat
import numpy as np
import pytest
from scipy.optimize import minimize_scalar
from scipy.special import expit
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from conftest import ROOT

LESSON_MD = ROOT / 'lessons' / 'calibracao.md'
LESSON_NB = ROOT / 'lessons' / 'calibracao.ipynb'
SEED = 0


def pt(x, digits):
    """0.959 -> '0,959' (numbers here are below 1000, no thousands separator needed)."""
    return f'{x:.{digits}f}'.replace('.', ',')


def pct(x, digits=1):
    return f'{pt(100 * x, digits)} %'


# ----------------------------------------------------------------------------------------
# the stored glue values

def stored_glue():
    notebook = nbformat.read(LESSON_NB, as_version=4)
    values = {}
    for cell in notebook.cells:
        for output in cell.get('outputs', []):
            name = output.get('metadata', {}).get('scrapbook', {}).get('name')
            if name is None:
                continue
            data = output['data']
            assert name not in values, f'glue name {name} stored twice'
            latex = data.get('application/papermill.record/text/latex', data.get('text/latex'))
            if latex is not None:                        # a glued formula (IPython Math)
                values[name] = latex
                continue
            text = data.get('application/papermill.record/text/plain', data.get('text/plain'))
            values[name] = ast.literal_eval(text)
    return values


@pytest.fixture(scope='module')
def glued():
    values = stored_glue()
    assert values, 'lessons/calibracao.ipynb stores no glue: execute it first'
    return values


# ----------------------------------------------------------------------------------------
# the independent computation: the seed's run(), seed 0, keeping what the prose quotes

def experiment(model, X, y, seed=SEED):
    rest, va = train_test_split(np.arange(len(y)), test_size=0.3, stratify=y, random_state=seed)
    tr, ca = train_test_split(rest, test_size=1 / 3, stratify=y[rest], random_state=seed)
    m = model.fit(X[tr], y[tr])
    lp_c, lp_v = m.predict_log_proba(X[ca]), m.predict_log_proba(X[va])
    zc, zv = lp_c[:, 1] - lp_c[:, 0], lp_v[:, 1] - lp_v[:, 0]

    def loss(T):
        p = np.clip(expit(zc / T), 1e-300, 1 - 1e-16)   # plain log loss, written differently
        return -np.mean(y[ca] * np.log(p) + (1 - y[ca]) * np.log(1 - p))
    T = minimize_scalar(loss, bounds=(0.05, 20), method='bounded').x
    return {'sizes': (len(tr), len(ca), len(va)), 'y': y[va], 'z': zv, 'T': T,
            'before': expit(zv), 'after': expit(zv / T)}


def ece_of(y, p):
    """Distance of the circles from the diagonal, weighted by bin size (10 bins of 0,1)."""
    total = 0.0
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        m = (p >= lo) & ((p < hi) if b < 9 else (p <= 1))
        if m.any():
            total += m.sum() / len(p) * abs(p[m].mean() - y[m].mean())
    return total


def facts(y, p, ref):
    conf = np.where(p >= 0.5, p, 1 - p)
    wrong = (p >= 0.5) != (y == 1)
    sure = conf > 0.99
    return {'brier': brier_score_loss(y, p), 'auc': roc_auc_score(y, p), 'ece': ece_of(y, p),
            'confidence': conf.mean(), 'accuracy': 1 - wrong.mean(),
            'changed': int(((p >= 0.5) != (ref >= 0.5)).sum()),
            'sure': int(sure.sum()), 'sure_errors': int((sure & wrong).sum()),
            'expected': float((1 - conf[sure]).sum())}


@pytest.fixture(scope='module')
def computed():
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y
    nb = experiment(GaussianNB(), X, y)
    lr = experiment(make_pipeline(StandardScaler(), LogisticRegression(C=1.0)), X, y)
    return {'n': len(y), 'nb': nb, 'lr': lr,
            'nb_before': facts(nb['y'], nb['before'], nb['before']),
            'nb_after': facts(nb['y'], nb['after'], nb['before']),
            'lr_before': facts(lr['y'], lr['before'], lr['before']),
            'lr_after': facts(lr['y'], lr['after'], lr['before'])}


def low_side(y, p, repeats=2000, seed=0):
    """'acima' when the bin's fraction malignant is above 95 % of what a perfectly calibrated model
    with these probabilities shows (labels drawn one by one, written independently of the package)."""
    rng = np.random.default_rng(seed)
    fractions = np.array([(rng.random(len(p)) < p).mean() for _ in range(repeats)])
    lo, hi = np.quantile(fractions, [0.05, 0.95])
    return 'acima' if y.mean() > hi else 'abaixo' if y.mean() < lo else 'sobre'


def errors_among(k):
    return {0: 'nenhuma delas é erro', 1: 'uma delas é erro'}.get(k, f'{k} delas são erros')


WORDS = ['um erro', 'dois erros', 'três erros', 'quatro erros', 'cinco erros']


def expected_glue(c):
    nb, lr = c['nb'], c['lr']
    nbb, nba, lrb, lra = c['nb_before'], c['nb_after'], c['lr_before'], c['lr_after']
    top = nb['before'] >= 0.9
    low = nb['before'] < 0.1
    fewer = math.floor(nbb['expected']) + 1
    values = {
        'calib_n_total': str(c['n']),
        'calib_n_learn': str(nb['sizes'][0]), 'calib_n_cal': str(nb['sizes'][1]),
        'calib_n_val': str(nb['sizes'][2]),
        'calib_nb_auc': pt(nbb['auc'], 3), 'calib_lr_auc': pt(lrb['auc'], 3),
        'calib_nb_auc_after': pt(nba['auc'], 3),
        'calib_nb_auc_score': pt(roc_auc_score(nb['y'], nb['z']), 3),
        'calib_nb_exact_one': str(int((nb['before'] == 1.0).sum())),
        'calib_nb_top_n': str(int(top.sum())),
        'calib_nb_top_declared': pct(nb['before'][top].mean()),
        'calib_nb_top_observed': pct(nb['y'][top].mean()),
        'calib_nb_low_n': str(int(low.sum())),
        'calib_nb_low_declared': pct(nb['before'][low].mean()),
        'calib_nb_low_observed': pct(nb['y'][low].mean()),
        'calib_nb_low_side': low_side(nb['y'][low], nb['before'][low]),
        'calib_nb_low_mal': str(int(nb['y'][low].sum())),
        'calib_lr_ece_before': pt(lrb['ece'], 3), 'calib_lr_ece_after': pt(lra['ece'], 3),
        'calib_nb_T': pt(nb['T'], 2), 'calib_lr_T': pt(lr['T'], 2),
        'calib_nb_changed': str(nba['changed']),
        'calib_nb_accuracy': pct(nbb['accuracy']),
        'calib_nb_sure_expected': pt(nbb['expected'], 2),
        'calib_nb_sure_fewer_than': WORDS[fewer - 1],
        'calib_lr_declared': pct(lrb['confidence']), 'calib_lr_accuracy': pct(lrb['accuracy']),
        'calib_lr_brier_before': pt(lrb['brier'], 3), 'calib_lr_brier_after': pt(lra['brier'], 3),
        'calib_lr_changed': str(lra['changed']),
    }
    for key, s in (('before', nbb), ('after', nba)):
        values.update({
            f'calib_nb_conf_{key}': pct(s['confidence']),
            f'calib_nb_brier_{key}': pt(s['brier'], 3), f'calib_nb_ece_{key}': pt(s['ece'], 3),
            f'calib_nb_sure_{key}': str(s['sure']),
            f'calib_nb_sure_errors_{key}': str(s['sure_errors']),
            f'calib_nb_sure_errors_{key}_text': errors_among(s['sure_errors']),
        })
    return values


@pytest.mark.slow
def test_split_is_the_declared_one(computed):
    # the seed's run(model, 0): 30 % validation, then one third of the rest (rounded up)
    assert computed['nb']['sizes'] == computed['lr']['sizes']
    learn, cal, val = computed['nb']['sizes']
    assert val == math.ceil(0.3 * computed['n'])
    assert cal == math.ceil((computed['n'] - val) / 3) and learn + cal + val == computed['n']


@pytest.mark.slow
def test_glued_values_equal_the_recomputed_ones(glued, computed):
    expected = expected_glue(computed)
    for name, value in expected.items():
        assert name in glued, f'{name} is not glued in the notebook'
        assert glued[name] == value, f'{name}: page says {glued[name]!r}, recomputed {value!r}'


@pytest.mark.slow
def test_fifty_splits_numbers(glued):
    """The 50-split glue values against the seed's loop (decimal point -> comma)."""
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y
    rows = {}
    for key, make in (('nb', GaussianNB), ('lr', lambda: make_pipeline(StandardScaler(),
                                                                       LogisticRegression()))):
        r = []
        for s in range(50):
            e = experiment(make(), X, y, seed=s)
            yv, p0, p1 = e['y'], e['before'], e['after']
            r.append((np.maximum(p0, 1 - p0).mean(), ((p0 >= 0.5) == yv).mean(),
                      brier_score_loss(yv, p0), brier_score_loss(yv, p1)))
        rows[key] = np.array(r)
    nb, lr = rows['nb'], rows['lr']
    lower = int((nb[:, 3] < nb[:, 2]).sum())
    assert glued['calib_50_n'] == '50'
    assert glued['calib_50_nb_declared'] == pct(nb[:, 0].mean())
    assert glued['calib_50_nb_accuracy'] == pct(nb[:, 1].mean())
    assert glued['calib_50_nb_lower_text'] == ('em todas elas' if lower == 50 else f'em {lower} das 50')
    lr_lower = int((lr[:, 3] < lr[:, 2]).sum())
    assert glued['calib_50_lr_lower'] == str(lr_lower)
    # "cai em só ... das 50 divisões; nas outras, piora um pouco"
    assert lr_lower < 25 and int((lr[:, 3] > lr[:, 2]).sum()) == 50 - lr_lower
    assert glued['calib_50_lr_brier_before'] == pt(lr[:, 2].mean(), 3)
    assert glued['calib_50_lr_brier_after'] == pt(lr[:, 3].mean(), 3)
    # "Na regressão logística, a temperatura quase não muda nada"
    assert abs(lr[:, 3].mean() - lr[:, 2].mean()) < 0.005


def test_every_glue_name_the_prose_uses_is_stored(glued):
    used = set(re.findall(r'\{glue(?::text)?\}`([^`]+)`', LESSON_MD.read_text(encoding='utf-8')))
    assert used, 'the prose quotes no glue value'
    assert used <= set(glued), f'used but not glued: {sorted(used - set(glued))}'
    assert all(name.startswith('calib_') for name in glued)


@pytest.mark.slow
def test_the_prose_claims_hold(computed):
    nb, lr = computed['nb'], computed['lr']
    nbb, nba, lrb, lra = (computed[k] for k in ('nb_before', 'nb_after', 'lr_before', 'lr_after'))
    # "O naive Bayes ordena bem ... não muito atrás da regressão logística"
    assert 0.9 < nbb['auc'] <= lrb['auc'] and lrb['auc'] - nbb['auc'] < 0.05
    # "as porcentagens dele são infladas": among p >= 0,9 it declares more than it gets right
    top = nb['before'] >= 0.9
    assert nb['before'][top].mean() > nb['y'][top].mean()
    # excess of confidence before temperature: mean confidence above accuracy, T > 1
    assert nbb['confidence'] > nbb['accuracy'] and nb['T'] > 1
    # "Só as porcentagens mudam": confidence, Brier and ECE go down; no decision changes
    assert nba['confidence'] < nbb['confidence']
    assert nba['brier'] < nbb['brier'] and nba['ece'] < nbb['ece']
    assert nba['changed'] == 0 and lra['changed'] == 0 and nba['accuracy'] == nbb['accuracy']
    # the ROC AUC: equal on the scores, moved only by the ties at exactly 1
    assert roc_auc_score(nb['y'], nb['z']) == roc_auc_score(nb['y'], nb['after'])
    assert (nb['before'] == 1.0).sum() > 0 and nba['auc'] > nbb['auc']
    # "haveria entre elas menos de N": the expected count is below N, the real one above
    assert nbb['expected'] < math.floor(nbb['expected']) + 1 < nbb['sure_errors']
    # "A regressão logística é calibrada quase desde o início ... T perto de 1 ...
    #  o Brier quase não muda"
    assert abs(lrb['confidence'] - lrb['accuracy']) < 0.02
    assert abs(lr['T'] - 1) < 0.2
    assert abs(lra['brier'] - lrb['brier']) < 0.005


# ----------------------------------------------------------------------------------------
# section 4: the hand calculations (three biopsies, one bin, one biopsy through the temperature)

@pytest.mark.slow
def test_hand_calculations(glued, computed):
    nb = computed['nb']
    y, p, z, T = nb['y'], nb['before'], nb['z'], nb['T']
    conf = np.maximum(p, 1 - p)
    wrong = (p >= 0.5) != (y == 1)
    # the rule the page states: the benign biopsy given P(maligno) > 99 % with the lowest confidence,
    # and the first malignant / benign biopsy the model gets right without certainty
    alarms = np.flatnonzero((conf > 0.99) & wrong & (y == 0))
    i_err = alarms[np.argmin(conf[alarms])]
    i_mal = np.flatnonzero((y == 1) & (p >= 0.5) & (conf <= 0.99))[0]
    i_ben = np.flatnonzero((y == 0) & (p < 0.5) & (conf <= 0.99))[0]
    three = [i_mal, i_ben, i_err]
    brier3 = brier_score_loss(y[three], p[three])
    assert glued['calib_hand_p_mal'] == pt(p[i_mal], 4)
    assert glued['calib_hand_p_ben'] == pt(p[i_ben], 4)
    assert glued['calib_hand_p_err'] == pt(p[i_err], 4)
    assert glued['calib_hand_brier'] == pt(brier3, 3)
    assert glued['calib_hand_err_share'] == pct(p[i_err] ** 2 / ((p[three] - y[three]) ** 2).sum())
    # the formula shows the same three probabilities and the same result
    for value in (p[i_mal], p[i_ben], p[i_err]):
        assert pt(value, 4).replace(',', '{,}') in glued['calib_hand_brier_eq']
    assert '= ' + pt(brier3, 3).replace(',', '{,}') + '\\end{aligned}' in glued['calib_hand_brier_eq']

    # the top bin [0,9; 1] and its part of the ECE; the bottom bin [0; 0,1)
    top, low = p >= 0.9, p < 0.1
    top_part = top.mean() * abs(p[top].mean() - y[top].mean())
    low_part = low.mean() * abs(p[low].mean() - y[low].mean())
    ece = ece_of(y, p)
    assert glued['calib_hand_top_p'] == pt(p[top].mean(), 3)
    assert glued['calib_hand_top_mal'] == str(int(y[top].sum()))
    assert glued['calib_hand_top_part'] == pt(top_part, 3)
    assert glued['calib_hand_low_part'] == pt(low_part, 3)
    assert glued['calib_hand_top_share'] == pct(top_part / ece, 0)
    assert glued['calib_hand_two_share'] == pct((top_part + low_part) / ece, 0)
    assert f'\\frac{{{int(top.sum())}}}{{{len(y)}}}' in glued['calib_hand_ece_eq']
    assert '= ' + pt(top_part, 3).replace(',', '{,}') + '\\end{aligned}' in glued['calib_hand_ece_eq']

    # one biopsy: z -> z/T -> p
    after = expit(z[i_err] / T)
    assert glued['calib_hand_z'] == pt(z[i_err], 2)
    assert glued['calib_hand_zT'] == pt(z[i_err] / T, 2)
    assert 'calib_hand_p_before' not in glued    # one value, one rounding: it is calib_hand_p_err
    assert glued['calib_hand_p_after'] == pt(after, 3)
    assert '= ' + pt(after, 3).replace(',', '{,}') + '\\end{aligned}' in glued['calib_hand_after_eq']
    # "A biópsia continua do lado errado" and the Brier of the three goes down with T
    assert 0.5 < after < p[i_err]
    after3 = expit(z[three] / T)
    assert glued['calib_hand_brier_after'] == pt(brier_score_loss(y[three], after3), 3)
    assert brier_score_loss(y[three], after3) < brier3


# ----------------------------------------------------------------------------------------
# section 8: seed 004's listing 4, numbers as the seed prints them

SEED_004 = {   # model: (Brier, log loss, ECE 15 bins, accuracy), from the seed's printed output
    'lr': (0.1349, 0.4361, 0.0389, 0.8187),
    'rf': (0.0967, 0.3577, 0.0384, 0.8806),
    'iso': (0.0944, 0.3265, 0.0182, 0.8792),
}
SEED_004_TABLE = [(0.086, 0.078), (0.289, 0.192), (0.501, 0.530), (0.716, 0.779), (0.930, 0.933)]


def test_listing_4_numbers_are_the_seeds(glued):
    for key, (brier, loss, ece, acc) in SEED_004.items():
        assert glued[f'calib_iso_{key}_brier'] == pt(brier, 4)
        assert glued[f'calib_iso_{key}_log_loss'] == pt(loss, 4)
        assert glued[f'calib_iso_{key}_ece'] == pt(ece, 4)
        assert glued[f'calib_iso_{key}_accuracy'] == pt(acc, 4)   # as the table prints it
    for k, (declared, real) in enumerate(SEED_004_TABLE):
        assert glued[f'calib_iso_rf_decl_{k}'] == pt(declared, 3)
        assert glued[f'calib_iso_rf_real_{k}'] == pt(real, 3)
    assert glued['calib_iso_ece_cmp'] == 'igual'           # 0,0384 against 0,0389
    assert glued['calib_iso_rf_max_gap'] == pt(0.289 - 0.192, 3)
    assert glued['calib_iso_ece_diff'] == pt(0.0389 - 0.0384, 4)
    assert (glued['calib_iso_n'], glued['calib_iso_n_test'], glued['calib_iso_n_train']) == \
        ('12.000', '4.800', '7.200')


@pytest.fixture(scope='module')
def listing_4():
    """The seed's listing 4, recomputed (the three models' test probabilities)."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.datasets import make_classification
    from sklearn.ensemble import RandomForestClassifier
    X, y = make_classification(n_samples=12000, n_features=10, n_informative=5, flip_y=0.1,
                               class_sep=1.0, random_state=0)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.4, random_state=0, stratify=y)
    forest = lambda: RandomForestClassifier(n_estimators=100, random_state=0, n_jobs=1)  # noqa: E731
    models = {'lr': LogisticRegression(max_iter=1000), 'rf': forest(),
              'iso': CalibratedClassifierCV(forest(), method='isotonic', cv=3)}
    return yte, {k: m.fit(Xtr, ytr).predict_proba(Xte)[:, 1] for k, m in models.items()}


def five_bins(y, p):
    """calibration_curve's five uniform bins: (mean declared, fraction positive, count)."""
    ids = np.searchsorted(np.linspace(0, 1, 6)[1:-1], p)
    return [(p[ids == b].mean(), y[ids == b].mean(), int((ids == b).sum())) for b in range(5)]


def ece_bins(y, p, bins):
    idx = np.minimum((p * bins).astype(int), bins - 1)
    return sum((idx == b).mean() * abs(y[idx == b].mean() - p[idx == b].mean())
               for b in range(bins) if (idx == b).any())


def test_where_and_which_way(glued, listing_4):
    """The extra table (three models, five bins) and the sentences that read it."""
    y, prob = listing_4
    lr, rf, iso = (five_bins(y, prob[k]) for k in ('lr', 'rf', 'iso'))
    assert glued['calib_iso_lr_decl_2'] == pt(lr[2][0], 3)
    assert glued['calib_iso_lr_real_2'] == pt(lr[2][1], 3)
    # "na faixa do meio, a regressão logística declara demais, além do acaso; a floresta fica
    #  dentro do acaso" (the chance range: 5-95 % of a perfectly calibrated model's fraction)
    edges = np.linspace(0, 1, 6)[1:-1]
    ids_lr, ids_rf = np.searchsorted(edges, prob['lr']), np.searchsorted(edges, prob['rf'])
    assert low_side(y[ids_lr == 2], prob['lr'][ids_lr == 2]) == 'abaixo' and glued['calib_iso_lr_mid'] == 'mais'
    assert low_side(y[ids_rf == 2], prob['rf'][ids_rf == 2]) == 'sobre'
    assert glued['calib_iso_rf_mid_count'] == str(rf[2][2])
    lr_gap = [abs(d - r) for d, r, _ in lr]
    assert glued['calib_iso_lr_max_gap'] == pt(max(lr_gap), 3)
    thousands = lambda n: f'{n:,}'.replace(',', '.')    # noqa: E731  (1163 -> '1.163')
    assert glued['calib_iso_rf_mid_n'] == thousands(sum(n for _, _, n in rf[1:4]))
    assert glued['calib_iso_lr_mid_n'] == thousands(sum(n for _, _, n in lr[1:4]))
    assert glued['calib_iso_rf_ece5'] == pt(ece_bins(y, prob['rf'], 5), 4)
    assert glued['calib_iso_lr_ece5'] == pt(ece_bins(y, prob['lr'], 5), 4)
    # the 15-bin ECE is the seed's
    assert pt(ece_bins(y, prob['rf'], 15), 4) == pt(SEED_004['rf'][2], 4)
    # "falta de confiança": in the middle the declared numbers sit closer to 0,5 than the truth
    assert rf[1][1] < rf[1][0] < 0.5 < rf[3][0] < rf[3][1]


# ----------------------------------------------------------------------------------------
# the noise floor of the ECE, the lazy model, the 50 divisions' ECEs (issue 20, item 1)

def perfect_eces(p, repeats=2000, seed=0, bins=10):
    """ECEs of a perfectly calibrated model with the scores p, written as a matrix product:
    ECE = (1/n) Σ_b |Σ_(i in b) (p_i − y_i)|, with y drawn row by row from one generator."""
    rng = np.random.default_rng(seed)
    labels = np.array([rng.random(len(p)) < p for _ in range(repeats)], dtype=float)
    onehot = (np.minimum((p * bins).astype(int), bins - 1)[:, None] == np.arange(bins)).astype(float)
    return np.abs((p - labels) @ onehot).sum(axis=1) / len(p)


@pytest.mark.slow
def test_the_noise_floor(glued, computed):
    nb, lr = computed['nb'], computed['lr']
    states = {('nb', 'before'): nb['before'], ('nb', 'after'): nb['after'],
              ('lr', 'before'): lr['before'], ('lr', 'after'): lr['after']}
    floors = {}
    for (key, when), p in states.items():
        sims = perfect_eces(p)
        lo, hi = np.quantile(sims, [0.05, 0.95])
        floors[key, when] = (sims.mean(), lo, hi, (sims >= ece_of(nb['y'], p)).mean())
        assert glued[f'calib_floor_{key}_{when}_mean'] == pt(sims.mean(), 3)
        assert glued[f'calib_floor_{key}_{when}_lo'] == pt(lo, 3)
        assert glued[f'calib_floor_{key}_{when}_hi'] == pt(hi, 3)
    assert glued['calib_floor_repeats'] == '2.000' and glued['calib_floor_coverage'] == '90 %'
    # the readings: naive Bayes with temperature inside its range, without far above its own;
    # the logistic regression a little above (share of perfect draws below 5 %), with T inside
    ece = {k: ece_of(nb['y'], p) for k, p in states.items()}
    inside = lambda k: floors[k][1] <= ece[k] <= floors[k][2]   # noqa: E731
    assert inside(('nb', 'after')) and inside(('lr', 'after'))
    assert ece['nb', 'before'] > 3 * floors['nb', 'before'][2]
    assert floors['lr', 'before'][2] < ece['lr', 'before'] and floors['lr', 'before'][3] < 0.05
    assert glued['calib_floor_lr_before_share'] == f"{round(100 * floors['lr', 'before'][3])} %"
    # the floor falls with twice the biopsies and rises with 15 bins
    double = perfect_eces(np.concatenate([nb['after'], nb['after']])).mean()
    fifteen = perfect_eces(nb['after'], bins=15).mean()
    assert double < floors['nb', 'after'][0] < fifteen
    assert glued['calib_floor_double'] == pt(double, 3) and glued['calib_floor_15'] == pt(fifteen, 3)


@pytest.mark.slow
def test_the_lazy_model(glued, computed):
    y = computed['nb']['y']
    prevalence = y.mean()
    assert glued['calib_const_prev'] == pct(prevalence)
    assert glued['calib_const_brier'] == pt(prevalence * (1 - prevalence), 3)
    assert ece_of(y, np.full(len(y), prevalence)) < 1e-12          # "o ECE dele é zero"
    assert prevalence * (1 - prevalence) > max(computed['nb_before']['brier'], computed['lr_before']['brier'])


def test_logistic_regression_mean_on_the_learning_rows(glued):
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y
    rest, va = train_test_split(np.arange(len(y)), test_size=0.3, stratify=y, random_state=SEED)
    tr, _ = train_test_split(rest, test_size=1 / 3, stratify=y[rest], random_state=SEED)
    m = make_pipeline(StandardScaler(), LogisticRegression()).fit(X[tr], y[tr])
    mean = m.predict_proba(X[tr])[:, 1].mean()
    assert abs(mean - y[tr].mean()) < 1e-4
    assert glued['calib_lr_learn_mean'] == glued['calib_lr_learn_frac'] == pct(y[tr].mean(), 2)


@pytest.mark.slow   # trains forests or runs 50 divisions
def test_the_fifty_divisions_ece(glued):
    """Each division's ECE against its own floor; the counts the page quotes and the Preveja key."""
    from scipy.stats import binom
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y
    above = {}
    for key, make in (('nb', GaussianNB), ('lr', lambda: make_pipeline(StandardScaler(), LogisticRegression()))):
        for when in ('before', 'after'):
            above[key, when] = 0
        for s in range(50):
            e = experiment(make(), X, y, seed=s)
            for when in ('before', 'after'):
                sims = perfect_eces(e[when])
                above[key, when] += ece_of(e['y'], e[when]) > np.quantile(sims, 0.95)
    for (key, when), k in above.items():
        assert glued[f'calib_50_{key}_{when}_above'] == str(k)
    k_chance = int(binom.ppf(0.95, 50, 0.05))
    assert glued['calib_50_chance_max'] == str(k_chance)
    assert above['nb', 'before'] == 50 and k_chance < above['nb', 'after'] < 50
    assert above['lr', 'before'] <= k_chance and above['lr', 'after'] <= k_chance
    assert glued['calib_50_nb_after_cmp'] == 'parte'


@pytest.mark.slow   # trains forests or runs 50 divisions
def test_one_model_four_maps(glued):
    """The frozen forest and its three maps, recomputed; each reading against its noise."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.datasets import make_classification
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.frozen import FrozenEstimator
    X, y = make_classification(n_samples=12000, n_features=10, n_informative=5, flip_y=0.1,
                               class_sep=1.0, random_state=0)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.4, random_state=0, stratify=y)
    Xf, Xc, yf, yc = train_test_split(Xtr, ytr, test_size=1 / 3, random_state=0, stratify=ytr)
    forest = RandomForestClassifier(n_estimators=100, random_state=0, n_jobs=1).fit(Xf, yf)
    # sklearn's own temperature (version 1.8 and later) gives the lesson's T
    temp = CalibratedClassifierCV(FrozenEstimator(forest), method='temperature').fit(Xc, yc)
    T = 1 / temp.calibrated_classifiers_[0].calibrators[0].beta_
    assert glued['calib_map_T'] == pt(T, 2) and T > 1
    maps = {'none': forest.predict_proba(Xte)[:, 1], 'temp': temp.predict_proba(Xte)[:, 1]}
    for key, method in (('platt', 'sigmoid'), ('iso', 'isotonic')):
        maps[key] = CalibratedClassifierCV(FrozenEstimator(forest), method=method).fit(Xc, yc).predict_proba(Xte)[:, 1]
    for key, p in maps.items():
        assert glued[f'calib_map_{key}_brier'] == pt(brier_score_loss(yte, p), 4)
        assert glued[f'calib_map_{key}_auc'] == pt(roc_auc_score(yte, p), 4)
        assert glued[f'calib_map_{key}_ece'] == pt(ece_bins(yte, p, 15), 4)
        assert glued[f'calib_map_{key}_changed'] == str(int(((p > 0.5) != (maps['none'] > 0.5)).sum()))
    # "a ordem não muda com Platt e a temperatura; a isotônica empata e o ROC AUC cai um pouco"
    assert glued['calib_map_platt_auc'] == glued['calib_map_temp_auc'] == glued['calib_map_none_auc']
    assert roc_auc_score(yte, maps['iso']) < roc_auc_score(yte, maps['none'])
    # "a temperatura não muda nenhuma decisão; piora o Brier e o ECE, melhora a log loss"
    assert glued['calib_map_temp_changed'] == '0'
    assert ece_bins(yte, maps['temp'], 15) > ece_bins(yte, maps['none'], 15)
    # the bootstrap intervals of the Brier differences (same resamples as the lesson: seed 0)
    rng = np.random.default_rng(0)
    rows = [rng.integers(0, len(yte), len(yte)) for _ in range(1000)]
    def interval(a, b):
        d = [np.mean((a[r] - yte[r]) ** 2) - np.mean((b[r] - yte[r]) ** 2) for r in rows]
        return np.quantile(d, [0.025, 0.975])
    lo, hi = interval(maps['temp'], maps['none'])
    assert lo > 0 and glued['calib_map_temp_brier_cmp'] == 'sobe'
    assert interval(maps['platt'], maps['none'])[1] < 0 and interval(maps['iso'], maps['none'])[1] < 0
    lo, hi = interval(maps['platt'], maps['iso'])
    assert lo < 0 < hi          # "o Brier não diz qual das duas é melhor"
    # why T > 1: the exact 0 and 1 with the wrong label
    p_cal = forest.predict_proba(Xc)[:, 1]
    wrong = ((p_cal == 1) & (yc == 0)) | ((p_cal == 0) & (yc == 1))
    assert glued['calib_map_extreme_wrong'] == str(int(wrong.sum())) and wrong.sum() > 0
    assert glued['calib_map_extreme_n'] == str(int(((p_cal == 0) | (p_cal == 1)).sum()))


@pytest.mark.slow   # trains forests or runs 50 divisions
def test_the_listing_4_noise(glued, listing_4):
    """'O ECE das duas é praticamente igual': the bootstrap interval of the difference spans zero."""
    y, prob = listing_4
    rng = np.random.default_rng(0)
    d = []
    for _ in range(1000):
        r = rng.integers(0, len(y), len(y))
        d.append(ece_bins(y[r], prob['rf'][r], 15) - ece_bins(y[r], prob['lr'][r], 15))
    lo, hi = np.quantile(d, [0.025, 0.975])
    assert lo < 0 < hi and glued['calib_iso_ece_cmp'] == 'igual'
    assert glued['calib_iso_ece_diff_lo'] == pt(lo, 4).replace('-', '−')
    assert glued['calib_iso_ece_diff_hi'] == pt(hi, 4).replace('-', '−')


# ----------------------------------------------------------------------------------------
# no hand-typed computed number in the prose

# Digits that may stay in the prose, each with the reason it is not a computed result.
WHITELIST = [
    ('0,8 quer dizer 80 % de chance', 'the statement the "Erro comum" asks about'),
    ('a que ele dá 0,8, cerca de 80 %', 'the definition of calibration, a hypothetical'),
    ('que recebem 0,1, cerca de 10 %', 'the definition of calibration, a hypothetical'),
    ('Isso quer dizer que 80 % das biópsias que recebem 0,8', 'the lesson\'s question'),
    ('pelo menos 0,9', 'the cut we choose to look at (an input)'),
    ('acima de 99 %', 'the lab\'s fixed confidence cut (an input)'),
    ('passar de 99 %', 'the lab\'s fixed confidence cut (an input)'),
    ('limiar 0,5', 'the usual decision threshold (an input)'),
    ('CC BY 4.0', 'the data set\'s licence'),
    ('10 medidas', 'the model\'s inputs: the 10 "mean" measurements (an input)'),
    ('(30 %)', 'the declared split: validation share (an input)'),
    ('10 faixas de largura 0,1', 'the declared bins of the diagram and ECE (an input)'),
    ('(1 para maligna, 0 para benigna)', 'the coding of the outcome'),
    ('(1) é maligno', 'the coding of the outcome'),
    ('O modelo diz "0,8"', 'the lesson\'s question'),
    ('igual a 1', 'the exact float value the ties sit at'),
    ('entre 1 e', 'the exact float value the ties sit at'),
    ('entre 0 e 1', 'the range of a score'),
    ('perto de 1', 'the reference value of a temperature that changes nothing'),
    # sections 4 to 8 (hand calculations, the 50 draws, isotonic regression)
    ('10 faixas', 'the declared bins of the diagram and ECE (an input)'),
    ('0,5, porque', 'the usual decision threshold, after a {term} link (an input)'),
    ('quase 1', 'the largest squared error one biopsy can add (a bound, not a result)'),
    ('bem menos de 1.000 exemplos', 'scikit-learn\'s documented rule of thumb (≪1000 samples)'),
    ('desde a versão 1.8', 'the scikit-learn version that added method="temperature"'),
    ('Neural Networks*, 2017', 'the year of Guo et al.\'s article'),
    # the noise floor, the 50 divisions and the one-model comparison (issue 20)
    ('menos de 0,1 de chance', 'the cut we choose to look at (an input)'),
    ('de 5 % a 95 %', 'the declared range of a perfect model\'s draws (FLOOR_RANGE, an input)'),
    ('com 15 faixas em vez de 10', 'the two bin counts compared (inputs)'),
    ('95 % das vezes', 'the level of the binomial bound (an input)'),
    ('(95 % das reamostras)', 'the level of the bootstrap interval (an input)'),
    ('vale 0,5 exatamente onde', 'the midpoint of the sigmoid, a property of the formula'),
    ('em torno de 0,5', 'the midpoint of the sigmoid, a property of the formula'),
    ('(0,5 fica onde estava)', 'the usual decision threshold (an input)'),
    ('passa de 0,5', 'the usual decision threshold (an input)'),
    ('perto de 0 ou de 1', 'the ends of the probability scale'),
    ('0 ou em 1', 'the ends of the probability scale'),
    ('0 ou 1', 'the ends of the probability scale'),
    ('0 e 1 exatos', 'the ends of the probability scale'),
    ('leva 0 a', 'the ends of the probability scale (the glued images follow)'),
    ('e 1 a', 'the ends of the probability scale (the glued images follow)'),
    ('maior que 1', 'a temperature compared with 1, the one that changes nothing'),
    ('menor que 1', 'a temperature compared with 1, the one that changes nothing'),
    ('Murphy, 1973', 'the year of Murphy\'s decomposition of the Brier score'),
    ('Caruana, 2005', 'the year of Niculescu-Mizil and Caruana\'s article'),
]


def prose_of(md_text):
    text = md_text.split('---', 2)[2]                                       # front matter
    text = re.sub(r'```\{code-cell\}.*?```', ' ', text, flags=re.S)        # code cells
    text = re.sub(r'```\{glue:math\}.*?```', ' ', text, flags=re.S)       # glued formulas
    text = re.sub(r'^:[a-z-]+:.*$', ' ', text, flags=re.M)                  # directive options
    text = re.sub(r'\{(?:term|ref)\}`[^`]+`', ' ', text)                    # glossary and section links
    text = re.sub(r'\$\$.*?\$\$', ' ', text, flags=re.S)                   # display math
    text = re.sub(r'\$[^$\n]+\$', ' ', text)                                # inline math
    text = re.sub(r'\{glue(?::text)?\}`[^`]+`', ' ', text)                  # glue roles
    text = re.sub(r'\{download\}`[^`]+`', ' ', text)                        # figure script link
    text = re.sub(r'`[^`\n]+`', ' ', text)                                  # inline code
    text = re.sub(r'^#.*$', ' ', text, flags=re.M)                          # headings
    text = re.sub(r'^\(sec-[^)]+\)=$', ' ', text, flags=re.M)               # labels
    text = re.sub(r'\]\([^)]+\)', ']', text)                                # link targets
    return text


def test_no_hand_typed_number_in_the_prose():
    text = prose_of(LESSON_MD.read_text(encoding='utf-8'))
    for phrase, _reason in WHITELIST:
        assert phrase in text, f'whitelisted phrase no longer in the prose: {phrase!r}'
        text = text.replace(phrase, ' ')
    leftovers = [line.strip() for line in text.splitlines() if re.search(r'\d', line)]
    assert not leftovers, 'digits typed by hand in the prose (use glue):\n' + '\n'.join(leftovers)
