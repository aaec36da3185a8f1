"""Lesson 2.6 (custo): every number the prose quotes is computed, and computed right.

The lesson is in parts (``course/toc.py``): the biopsies in ``lessons/custo.md``,
``custo-teoria.md`` and ``custo-verificacao.md`` (whose visible code, the seed's, holds the prices;
the other parts copy it), the second case in ``custo-caso-raro.md`` and ``custo-caso-raro-teste.md``.
They are read here as one lesson (``tests/stored.py``: their notebooks' cells one after the other);
a glue set on two parts holds the same text on both.

- The glued values stored in the executed notebooks (myst-nb ``glue``: display_data
  outputs with ``metadata.scrapbook.name``) equal values recomputed here, independently, with
  the seed's code (``shared/seeds/001``), formatted the pt-BR way; the verdicts about noise
  (``course/evidence.py``) are recomputed with a bootstrap and label draws written here (a rule that
  picks its threshold on the biopsies, the honest check or the best F1, picks it again in each
  resample).
- The pages' sources type no computed number by hand: once glue roles, code,
  math, headings and the lesson's literal settings (prices 10 and 1, the 0,5 habit, the grid
  0,01…0,99, 5 parts, 20 cuts...) are stripped, no digit is left in the prose.
- The hidden cell that feeds the explorable runs the same code as the visible seed cell (one
  computation), and the figure's alt text quotes the numbers the code computes.
- The second case (seed 004, Listing 3) prints the seed's numbers to the last digit, with the
  seed's labels in Portuguese, and its glued numbers and hand calculations (LaTeX glued with
  ``Math``) are recomputed here from the seed's code.

Everything is recomputed at the lesson's own prices (the defaults of ``costs`` in its visible
code), so an instructor's change of prices does not break these tests; the seed's own numbers
are kept by ``tests/test_seed_outputs.py``. Builds nothing itself: it reads the notebook that
``python scripts/refresh.py custo`` wrote.
"""
import ast
import re
from textwrap import dedent

import numpy as np
import pytest
import stored
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, f1_score, fbeta_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from conftest import ROOT
from course.fmt import num, pct

LESSON_MD = ROOT / 'lessons' / 'custo-verificacao.md'   # part 3: its visible code holds the prices
PARTS_MD = stored.parts_md('custo')                # every part, in order
REFRESH = '`python scripts/refresh.py custo`'


def lesson_prices():
    """(c_fn, c_fp): the defaults of ``costs`` in the lesson's visible code."""
    match = re.search(r'def costs\(p, i=slice\(None\), c_fn=(\d+), c_fp=(\d+)\)', LESSON_MD.read_text(encoding='utf-8'))
    assert match, f'{LESSON_MD.name}: no `def costs(p, i=slice(None), c_fn=..., c_fp=...)`'
    return int(match.group(1)), int(match.group(2))


C_FN, C_FP = lesson_prices()

# Numbers the prose may write by hand: the lesson's settings, not results of a computation.
LITERALS = {
    '1', '10',            # the seed's prices of the example (alarme falso 1, falha 10) and "1 = maligno"
    '0,5',                # the habitual threshold
    '0,01', '0,99',       # the grid of thresholds
    '0,1',                # the width of an ECE bin
    '3', '4', '5',        # the lesson's parts 1 to 5; 5 folds, 4/5 and 1/5 of the biopsies
    '20', '99',           # 20 other cuts, 99 thresholds
    '95',                 # a 95 % interval (percentiles 2,5 and 97,5) of the ECE's noise
    '0',                  # "um limiar abaixo de todo escore (0, por exemplo)"
    '19',                 # the 20 other divisions' seeds, 0 to 19
    '2',                  # F2 (beta = 2), "seção 2"
    '0,2',                # 1/(1 + 2²), the threshold F2's weights would give if they were prices
    '100',                # the extremes' Preveja: a screening with 1 sick person in 100
    # the second case (seed 004, Listing 3): its settings, typed in its code
    '50',                 # the price of a miss (C_FN = 50)
    '20.000',             # n_samples
    '190', '0,005', '0,95',   # the grid of thresholds: np.linspace(0.005, 0.95, 190)
}

# Seed 004, Listing 3, as the lesson prints it: the seed's format strings and numbers, with the
# Italian labels in Portuguese ("soglia" -> "limiar", "costo" -> "custo", "a mano" -> "à mão").
LISTING_3_OUTPUT = dedent('''\
    limiares escolhidos na validação: custo mínimo -> 0.055, F1 máximo -> 0.225, F2 máximo -> 0.135

                limiar   TP    FP   FN custo teste     F1     F2
          0.5 (padrão)   83     2  173        8652  0.487  0.374
             F1 máximo  123    47  133        6697  0.577  0.515
             F2 máximo  136   142  120        6142  0.509  0.522
          custo mínimo  167   631   89        5081  0.317  0.458
    F0.5: à mão 0.2422  sklearn 0.2422
    F1: à mão 0.3169  sklearn 0.3169
    F2: à mão 0.4583  sklearn 0.4583
    ''')


# ---------------------------------------------------------------- the seed's computation
@pytest.fixture(scope='module')
def seed():
    """The seed's code (lesson 2.6), run here on its own."""
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y  # as 10 medidas "mean", como no lab; 1 = maligno
    model = make_pipeline(StandardScaler(), LogisticRegression())
    t = np.arange(1, 100) / 100  # limiares 0.01 ... 0.99, como no lab

    def costs(p, i=slice(None), c_fn=C_FN, c_fp=C_FP):
        return np.array([c_fn * ((p[i] < s) & (y[i] == 1)).sum() + c_fp * ((p[i] >= s) & (y[i] == 0)).sum()
                         for s in t])

    def scores(cv):
        return cross_val_predict(model, X, y, cv=cv, method="predict_proba")[:, 1]

    def held_out(p, cv, c_fn=C_FN):
        return sum(costs(p, b, c_fn=c_fn)[costs(p, a, c_fn=c_fn).argmin()] for a, b in cv.split(X, y))

    p = scores(StratifiedKFold(5))
    c, f1 = costs(p), np.array([f1_score(y, p >= s) for s in t])
    theory = int(np.floor(100 * C_FP / (C_FP + C_FN) + 0.5)) - 1     # the grid point of the theory, half up
    lab_theory = int(np.floor(100 * C_FP / (C_FP + 2 * C_FN) + 0.5)) - 1   # the lab's: a miss at twice the price
    r = []
    for s in range(20):  # outros 20 cortes em 5 partes
        cv = StratifiedKFold(5, shuffle=True, random_state=s)
        q = scores(cv)
        cq, fq = costs(q), np.array([f1_score(y, q >= u) for u in t])
        r.append((t[cq.argmin()], cq[fq.argmax()] / cq.min(), cq[49] / cq.min(), held_out(q, cv), cq[8],
                  costs(q, c_fn=1).argmin() != fq.argmax(), cq[theory],   # cq[8]: the seed's "theory 1/11"
                  t[costs(q, c_fn=1).argmin()],                           # the cheapest at equal prices
                  cq[fq.argmax()] / cq[theory],                            # best F1 against the theory
                  costs(q, c_fn=2 * C_FN)[lab_theory] < held_out(q, cv, 2 * C_FN)))   # the lab's experiment 3
    return dict(y=y, t=t, p=p, c=c, f1=f1, r=np.array(r), costs=costs, honest=held_out(p, StratifiedKFold(5)))


def ece_of(y, p):
    """ECE with 10 bins of width 0.1 (the last one closed), weighted by the share of rows in each."""
    bin_of = np.clip(np.digitize(p, np.linspace(0, 1, 11)) - 1, 0, 9)
    return sum(np.mean(bin_of == b) * abs(p[bin_of == b].mean() - y[bin_of == b].mean())
               for b in range(10) if np.any(bin_of == b))


# ---------------------------------------------------------------- the verdicts, recomputed here
# The course's convention (course/evidence.py): 95 %, 2.000 resamples or label draws from a generator
# seeded with 0; written again here, so that a change there or in the lesson's inputs shows.
REPEATS = 2000


def signed(x, digits):
    text = num(x, digits)
    return text if text.startswith('\u2212') or float(round(x, digits)) == 0 else f'+{text}'


def paired(y, a, b, metric):
    """(estimate, lo, hi) of metric(y, a) - metric(y, b) over the same resampled rows."""
    rng = np.random.default_rng(0)
    diffs = []
    for _ in range(REPEATS):
        rows = rng.integers(0, len(y), len(y))
        diffs.append(metric(y[rows], a[rows]) - metric(y[rows], b[rows]))
    lo, hi = np.quantile(diffs, [0.025, 0.975])
    return metric(y, a) - metric(y, b), lo, hi


def grid_costs(y, p):
    """The cost at every threshold of the grid 0,01 ... 0,99, at the lesson's prices."""
    flagged = p[None, :] >= (np.arange(1, 100) / 100)[:, None]
    return C_FN * (~flagged & (y == 1)).sum(1) + C_FP * (flagged & (y == 0)).sum(1)


def rerun(y, p, folds, rule_a, rule_b):
    """(estimate, lo, hi) of cost(rule_b) - cost(rule_a) over resampled biopsies, the same rows for both,
    each rule run again on each resample (a rule that picks its threshold picks it there; a biopsy
    keeps its fold)."""
    rng = np.random.default_rng(0)
    diffs = []
    for _ in range(REPEATS):
        rows = rng.integers(0, len(y), len(y))
        diffs.append(rule_b(y[rows], p[rows], folds[rows]) - rule_a(y[rows], p[rows], folds[rows]))
    lo, hi = np.quantile(diffs, [0.025, 0.975])
    return rule_b(y, p, folds) - rule_a(y, p, folds), lo, hi


def at_threshold(k):
    """The rule "flag from the k-th threshold of the grid"."""
    return lambda y, p, folds: grid_costs(y, p)[k]


def honest_rule(y, p, folds):
    """The honest check: the cheapest threshold on the other folds, priced on each fold, summed."""
    return sum(grid_costs(y[folds == k], p[folds == k])[grid_costs(y[folds != k], p[folds != k]).argmin()]
               for k in range(5))


def best_f1_rule(y, p, folds):
    """The threshold of the best F1 on these rows (the first maximum), priced on them."""
    flagged = p[None, :] >= (np.arange(1, 100) / 100)[:, None]
    tp, fp, fn = (flagged & (y == 1)).sum(1), (flagged & (y == 0)).sum(1), (~flagged & (y == 1)).sum(1)
    return grid_costs(y, p)[np.argmax(2 * tp / np.maximum(2 * tp + fn + fp, 1))]


def verdict(lo, hi, a, b):
    return 'a amostra não distingue os dois' if lo <= 0 <= hi else (
        f'{a} supera {b} nesta amostra' if lo > 0 else f'{b} supera {a} nesta amostra')


def calibrated_draws(y, p, statistic):
    """The statistic on labels drawn from the probabilities themselves (a perfectly calibrated model)."""
    rng = np.random.default_rng(0)
    labels = rng.random((REPEATS, len(p))) < p
    return statistic(y, p), np.array([statistic(row, p) for row in labels])


def band_verdict(observed, draws, side):
    if side == 'upper':
        unusual = observed > np.quantile(draws, 0.95)
    else:
        lo, hi = np.quantile(draws, [0.025, 0.975])
        unusual = not lo <= observed <= hi
    return 'incomum para um modelo calibrado' if unusual else 'dentro do que o acaso dá'


def rule_costs(y, flagged, c_fn, c_fp):
    """Each row's cost under a rule: c_fn for a miss, c_fp for a false alarm."""
    return np.where(flagged, np.where(y == 0, c_fp, 0), np.where(y == 1, c_fn, 0))


def saving(y, rows):
    return -rows.sum()


@pytest.fixture(scope='module')
def listing3():
    """Seed 004's Listing 3 (threshold by cost, C_FN = 50, C_FP = 1), run here on its own."""
    X, y = make_classification(n_samples=20000, n_features=10, n_informative=5, weights=[0.98, 0.02],
                               flip_y=0.01, class_sep=0.8, random_state=0)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.5, random_state=0, stratify=y)
    Xfit, Xval, yfit, yval = train_test_split(Xtr, ytr, test_size=0.5, random_state=1, stratify=ytr)
    m = LogisticRegression(max_iter=1000).fit(Xfit, yfit)
    p_val, p_te = m.predict_proba(Xval)[:, 1], m.predict_proba(Xte)[:, 1]

    def cost(y_, p_, t):
        tn, fp, fn, tp = confusion_matrix(y_, p_ >= t).ravel()
        return 50 * fn + 1 * fp

    grid = np.linspace(0.005, 0.95, 190)
    t_cost = grid[np.argmin([cost(yval, p_val, t) for t in grid])]
    t_f1 = grid[np.argmax([f1_score(yval, p_val >= t) for t in grid])]
    t_f2 = grid[np.argmax([fbeta_score(yval, p_val >= t, beta=2) for t in grid])]
    # F-beta at every threshold of the validation, and its best threshold on 1,000 resamples of the
    # validation rows (a generator seeded with 0)
    f1_val = np.array([f1_score(yval, p_val >= t) for t in grid])
    f2_val = np.array([fbeta_score(yval, p_val >= t, beta=2) for t in grid])
    rng = np.random.default_rng(0)
    draws = [rng.integers(0, len(yval), len(yval)) for _ in range(1000)]

    def best_f1(i):
        flagged = p_val[i][None, :] >= grid[:, None]
        tp = (flagged & (yval[i] == 1)).sum(1)
        fp = (flagged & (yval[i] == 0)).sum(1)
        return grid[np.argmax(2 * tp / np.maximum(tp + (yval[i] == 1).sum() + fp, 1))]
    below = np.mean([best_f1(i) < 0.5 for i in draws])
    window = (p_te >= 1 / 51) & (p_te < t_cost)
    # search vs theory on the test (both thresholds fixed); F2 of the F2 row vs the cost row; the
    # positives of the window against a calibrated model's
    search = paired(yte, rule_costs(yte, p_te >= t_cost, 50, 1), rule_costs(yte, p_te >= 1 / 51, 50, 1), saving)

    def f2_of(y_, flagged):
        tp, fp, fn = np.sum(flagged & (y_ == 1)), np.sum(flagged & (y_ == 0)), np.sum(~flagged & (y_ == 1))
        return 5 * tp / (5 * tp + 4 * fn + fp)
    f2_gap = paired(yte, p_te >= t_f2, p_te >= t_cost, f2_of)
    window_count = calibrated_draws(yte[window], p_te[window], lambda y_, p_: float(np.sum(y_)))
    rows = {}
    for name, t in [('0.5', 0.5), ('f1', t_f1), ('f2', t_f2), ('cost', t_cost)]:
        tn, fp, fn, tp = confusion_matrix(yte, p_te >= t).ravel()
        rows[name] = dict(tp=int(tp), fp=int(fp), fn=int(fn), cost=int(cost(yte, p_te, t)),
                          f1=f1_score(yte, p_te >= t), f2=fbeta_score(yte, p_te >= t, beta=2))
    return dict(y=y, yte=yte, t_cost=t_cost, t_f1=t_f1, t_f2=t_f2, rows=rows,
                theory_cost=int(cost(yte, p_te, 1 / 51)), f1_star=f1_val.max(), f2_star=f2_val.max(),
                below=below, search=search, f2_gap=f2_gap, window_count=window_count,
                win_exp=float(p_te[window].sum()), win_n=int(window.sum()), win_pos=int(yte[window].sum()),
                win_neg=int((yte[window] == 0).sum()), win_score=p_te[window].mean())


@pytest.fixture(scope='module')
def expected(seed, listing3):
    """What each glue name must hold, formatted as the page shows it."""
    y, t, p, c, f1, r, costs = (seed[k] for k in ('y', 't', 'p', 'c', 'f1', 'r', 'costs'))
    best, at_05 = int(c.argmin()), int(np.flatnonzero(np.isclose(t, 0.5))[0])
    fn = lambda s: int(((p < s) & (y == 1)).sum())
    fp = lambda s: int(((p >= s) & (y == 0)).sum())
    equal, reversed_ = costs(p, c_fn=1, c_fp=1), costs(p, c_fn=C_FP, c_fp=C_FN)
    s_star = C_FP / (C_FP + C_FN)
    theory = int(np.floor(100 * s_star + 0.5)) - 1     # the grid point of the theory, half up
    ties = t[c == c.min()][1:]
    n_ben, n_mal = int((y == 0).sum()), int(y.sum())
    base_name, base = min([('mandar todas para a biópsia', C_FP * n_ben), ('não mandar nenhuma', C_FN * n_mal)],
                          key=lambda pair: pair[1])
    lo, hi, shown = r[:, 0].min(), r[:, 0].max(), t[theory]
    L = listing3
    half, low = L['rows']['0.5'], L['rows']['cost']
    P, R = low['tp'] / (low['tp'] + low['fp']), low['tp'] / (low['tp'] + low['fn'])
    near = (p >= 0.05) & (p < 0.15)        # around the theory's threshold, where the ECE is blind

    def fb(b):
        return (1 + b * b) * P * R / (b * b * P + R)

    def plural(n, one, many):
        return f'{num(n, 0)} {one if n == 1 else many}'
    from math import gcd
    g = gcd(C_FP, C_FP + C_FN)
    # the verdicts of part 1: the ECE (one-sided: worse than chance?) and the count near the threshold
    # against a calibrated model; three pairs of rules on the same biopsies
    ece, ece_draws = calibrated_draws(y, p, ece_of)
    near_obs, near_draws = calibrated_draws(y[near], p[near], lambda y_, p_: float(np.sum(y_)))
    f1_at = int(f1.argmax())
    folds = np.empty(len(y), dtype=int)
    for k, (_, test) in enumerate(StratifiedKFold(5).split(np.zeros(len(y)), y)):
        folds[test] = k
    assert best_f1_rule(y, p, folds) == c[f1_at] and honest_rule(y, p, folds) == seed['honest']
    f1_theory = rerun(y, p, folds, at_threshold(theory), best_f1_rule)
    f1_05 = rerun(y, p, folds, at_threshold(at_05), best_f1_rule)
    honest = rerun(y, p, folds, at_threshold(theory), honest_rule)
    # the lab's prices: a miss at twice the lesson's; a miss at 1 and a false alarm at 5
    double, rev = costs(p, c_fn=2 * C_FN), costs(p, c_fn=1, c_fp=5)
    lab_theory = int(np.floor(100 * C_FP / (C_FP + 2 * C_FN) + 0.5)) - 1
    lab_base_name, lab_base = min([('mandar todas para a biópsia', C_FP * n_ben),
                                   ('não mandar nenhuma', 2 * C_FN * n_mal)], key=lambda pair: pair[1])
    g_lab = gcd(C_FP, C_FP + 2 * C_FN)
    screen_none, screen_all = C_FN * 1, C_FP * 99
    values = {
        'custo_price_fn': str(C_FN), 'custo_price_fp': str(C_FP),
        'custo_theory_frac': f'{C_FP // g}/{(C_FP + C_FN) // g}',
        'custo_theory_50': num(C_FP / (C_FP + 50), 2),
        'custo_fn_05_text': plural(fn(0.5), 'falha', 'falhas'),
        'custo_fp_05_text': plural(fp(0.5), 'alarme falso', 'alarmes falsos'),
        'custo_best_fn_text': plural(fn(t[best]), 'falha', 'falhas'),
        'custo_best_fp_text': plural(fp(t[best]), 'alarme falso', 'alarmes falsos'),
        'custo_tie_sentence': (f"o limiar {' e '.join(num(s, 2) for s in ties)} custa o mesmo que "
                               f"{num(t[best], 2)} ({c.min()})" if len(ties) else
                               f"nenhum outro limiar custa tão pouco quanto {num(t[best], 2)} ({c.min()})"),
        'custo_theory_position': ('fora desse intervalo' if not lo - 1e-9 <= shown <= hi + 1e-9
                                  else 'na borda desse intervalo' if min(abs(shown - lo), abs(shown - hi)) < 1e-9
                                  else 'no meio desse intervalo' if abs(shown - (lo + hi) / 2) <= (hi - lo) / 6
                                  else 'dentro desse intervalo'),
        'custo_bottom': 'plano e irregular' if len(ties) else 'irregular',
        'custo_tie_alt': ('nenhum outro limiar empata com o mais barato' if not len(ties) else
                          f'um círculo vazado marca o limiar {num(ties[0], 2)}, que empata com o mais barato'
                          if len(ties) == 1 else
                          f"círculos vazados marcam os limiares {' e '.join(num(s, 2) for s in ties)}, que empatam "
                          'com o mais barato'),
        'custo_base_name': base_name, 'custo_base_cost': num(base, 0),
        'custo_baseline_sentence': (f'o 0,5 ({num(c[at_05], 0)}) passa' if c[at_05] < base else
                                    f'o 0,5 ({num(c[at_05], 0)}) não passa: custa mais que {base_name} ({num(base, 0)})'),
        'custo_seed_output_sentence': (
            'Os números do texto que vêm desta saída são os mesmos, até a última casa.' if 11 * C_FP == C_FP + C_FN else
            'Os números do texto que vêm desta saída são os mesmos, até a última casa, menos os da teoria: o código acima foi escrito '
            'para os preços das fontes (10 por falha, 1 por alarme) e chama de "theory 1/11" o limiar 0,09. Com os preços desta '
            f'aula, a teoria é {C_FP // g}/{(C_FP + C_FN) // g}, cerca de {num(s_star, 2)}, e é desse limiar que o '
            'texto fala.'),
        'custo_n': str(len(y)), 'custo_n_mal': str(n_mal), 'custo_n_ben': str(n_ben),
        'custo_fn_05': str(fn(0.5)), 'custo_fp_05': str(fp(0.5)), 'custo_cost_05': str(c[at_05]),
        'custo_best_thr': num(t[best], 2), 'custo_best_fn': str(fn(t[best])),
        'custo_best_fp': str(fp(t[best])), 'custo_best_cost': str(c.min()),
        'custo_all_biopsy': num(C_FP * n_ben, 0),
        'custo_no_biopsy': num(C_FN * n_mal, 0),
        'custo_theory_thr': num(s_star, 2), 'custo_theory_cost': str(c[theory]),
        'custo_ece': num(ece, 3), 'custo_ece_hi': num(np.quantile(ece_draws, 0.95), 3),
        'custo_ece_sims': '2.000', 'custo_ece_verdict': band_verdict(ece, ece_draws, 'upper'),
        'custo_near_n': str(int(near.sum())),
        'custo_near_obs': str(int(y[near].sum())),
        'custo_near_exp': num(float(p[near].sum()), 1),
        'custo_near_verdict': band_verdict(near_obs, near_draws, 'two-sided'),
        'custo_equal_thr': num(t[equal.argmin()], 2), 'custo_equal_cost': str(equal.min()),
        'custo_equal_cost_05': str(equal[at_05]),
        'custo_equal_cuts_min': num(r[:, 7].min(), 2), 'custo_equal_cuts_max': num(r[:, 7].max(), 2),
        'custo_reversed_thr': num(t[reversed_.argmin()], 2),
        'custo_f1_thr': num(t[f1_at], 2), 'custo_f1_max': num(f1.max(), 3),
        'custo_f1_cost': str(c[f1_at]), 'custo_f1_theory_ratio': num(c[f1_at] / c[theory], 1),
        'custo_f1_theory_interval': f'de {signed(f1_theory[1], 0)} a {signed(f1_theory[2], 0)}',
        'custo_f1_theory_verdict': verdict(*f1_theory[1:], 'o limiar da teoria', 'o de melhor F1'),
        'custo_f1_05_verdict': verdict(*f1_05[1:], 'o 0,5', 'o de melhor F1'),
        'custo_honest': str(seed['honest']),
        'custo_honest_interval': f'de {signed(honest[1], 0)} a {signed(honest[2], 0)}',
        'custo_honest_verdict': verdict(*honest[1:], 'o limiar da teoria', 'o escolhido em 4/5'),
        'custo_cuts_thr_min': num(r[:, 0].min(), 2), 'custo_cuts_thr_max': num(r[:, 0].max(), 2),
        'custo_cuts_thr_mean': num(r[:, 0].mean(), 2),
        'custo_cuts_f1_theory_min': num(r[:, 8].min(), 1), 'custo_cuts_f1_theory_max': num(r[:, 8].max(), 1),
        'custo_cuts_held_min': num(r[:, 3].min(), 0), 'custo_cuts_held_max': num(r[:, 3].max(), 0),
        'custo_cuts_held_mean': num(r[:, 3].mean(), 0),
        'custo_cuts_theory_min': num(r[:, 6].min(), 0), 'custo_cuts_theory_max': num(r[:, 6].max(), 0),
        'custo_cuts_theory_mean': num(r[:, 6].mean(), 0),
        'custo_cuts_theory_wins': str(int((r[:, 6] < r[:, 3]).sum())),
        'custo_cuts_differ': str(int(r[:, 5].sum())),
        # the hand calculations of section 2
        'custo_miss_share': pct(C_FN * fn(0.5) / c[at_05], 1),
        'custo_best_miss_share': pct(C_FN * fn(t[best]) / (C_FN * fn(t[best]) + C_FP * fp(t[best])), 1),
        # the Prevejas' answers
        'custo_theory_wins': str(int((r[:, 6] < r[:, 3]).sum())),
        'custo_screen_extreme': ('nenhuma' if screen_none < screen_all else 'todas' if screen_all < screen_none
                                 else 'iguais'),
        # the lab's experiments (labs/custo.md, its Confira notes)
        'custo_lab_fn': str(2 * C_FN),
        'custo_lab_best_thr': num(t[double.argmin()], 2), 'custo_lab_best_cost': num(double.min(), 0),
        'custo_lab_best_fn_text': plural(int(((p < t[double.argmin()]) & (y == 1)).sum()), 'falha', 'falhas'),
        'custo_lab_best_fp_text': plural(int(((p >= t[double.argmin()]) & (y == 0)).sum()),
                                         'alarme falso', 'alarmes falsos'),
        'custo_lab_theory_frac': f'{C_FP // g_lab}/{(C_FP + 2 * C_FN) // g_lab}',
        'custo_lab_theory_thr': num(t[lab_theory], 2),
        'custo_lab_direction': ('mais baixo que' if double.argmin() < best else 'o mesmo que'
                                if double.argmin() == best else 'mais alto que'),
        'custo_lab_cost_05': num(double[at_05], 0), 'custo_lab_base_name': lab_base_name,
        'custo_lab_base_cost': num(lab_base, 0),
        'custo_lab_05_passes': 'passa' if double[at_05] < lab_base else 'não passa',
        'custo_lab_theory_cost': num(double[lab_theory], 0),
        'custo_lab_rev_thr': num(t[rev.argmin()], 2), 'custo_lab_rev_theory_frac': '5/6',
        'custo_lab_rev_ties': (f" (empatado com {' e '.join(num(s, 2) for s in t[rev == rev.min()][1:])}, custo "
                               f"{num(rev.min(), 0)})" if (rev == rev.min()).sum() > 1 else ''),
        'custo_lab_rev_theory_thr': num(5 / 6, 2),
        'custo_lab_theory_wins': str(int(r[:, 9].sum())),
        # the second case (seed 004, Listing 3)
        'custo_l3_prev': pct(L['y'].mean(), 1), 'custo_l3_test_pos': num(L['yte'].sum(), 0),
        'custo_l3_t_cost': num(L['t_cost'], 3), 'custo_l3_t_f1': num(L['t_f1'], 3),
        'custo_l3_t_f2': num(L['t_f2'], 3),
        'custo_l3_fp_05': str(half['fp']), 'custo_l3_fn_05': str(half['fn']),
        'custo_l3_tp_min': str(low['tp']), 'custo_l3_fp_min': str(low['fp']),
        'custo_l3_fn_min': str(low['fn']),
        'custo_l3_saving': pct((half['cost'] - low['cost']) / half['cost'], 0),
        'custo_l3_f1_min': num(low['f1'], 3), 'custo_l3_f2_min': num(low['f2'], 3),
        'custo_l3_f2_best': num(L['rows']['f2']['f2'], 3),
        'custo_l3_f2_interval': f"de {signed(L['f2_gap'][1], 3)} a {signed(L['f2_gap'][2], 3)}",
        'custo_l3_f2_verdict': verdict(*L['f2_gap'][1:], 'o limiar de F2 máximo', 'o de custo mínimo'),
        'custo_l3_theory_thr': num(1 / 51, 3), 'custo_l3_theory_cost': num(L['theory_cost'], 0),
        'custo_l3_f05': num(fb(0.5), 3), 'custo_l3_f1': num(fb(1), 4), 'custo_l3_f2': num(fb(2), 4),
        # the weights of F-beta are not prices: its best threshold is F*/(1 + beta^2)
        'custo_l3_f1_star': num(L['f1_star'], 3), 'custo_l3_f1_star_half': num(L['f1_star'] / 2, 3),
        'custo_l3_f2_star': num(L['f2_star'], 3), 'custo_l3_f2_star_fifth': num(L['f2_star'] / 5, 3),
        'custo_l3_boot_n': '1.000', 'custo_l3_boot_below': pct(L['below'], 0),
        'custo_l3_f1_price': num(2 / L['f1_star'] - 1, 1), 'custo_l3_f2_price': num(5 / L['f2_star'] - 1, 1),
        # the theory threshold on the test, and the cases only it flags
        'custo_l3_cost_min': num(low['cost'], 0),
        'custo_l3_theory_interval': f"de {signed(L['search'][1], 0)} a {signed(L['search'][2], 0)}",
        'custo_l3_theory_verdict': verdict(*L['search'][1:], 'o limiar da validação', 'o da teoria'),
        'custo_l3_win_n': num(L['win_n'], 0), 'custo_l3_win_pos': str(L['win_pos']),
        'custo_l3_win_pos_text': plural(L['win_pos'], 'falha', 'falhas'),
        'custo_l3_win_saved': num(50 * L['win_pos'], 0), 'custo_l3_win_fp': num(L['win_neg'], 0),
        'custo_l3_win_rate': pct(L['win_pos'] / L['win_n'], 1), 'custo_l3_win_score': pct(L['win_score'], 1),
        'custo_l3_win_exp': num(L['win_exp'], 0),
        'custo_l3_win_verdict': band_verdict(*L['window_count'], 'two-sided'),
    }
    if len(ties):
        values['custo_tie_thr'] = ' e '.join(num(s, 2) for s in ties)
    return values


# ---------------------------------------------------------------- what the page holds
def glued(kind='text'):
    """``{name: text}`` of every text glue stored in the executed notebooks of the parts; with
    ``kind='latex'``, ``{name: LaTeX}`` of the formulas glued as ``Math`` (for ``{glue:math}``).
    A name glued on two parts (each part runs alone and quotes what it needs) holds one value."""
    values, formulas = {}, {}
    for cell in stored.notebook('custo').cells:
        for out in cell.get('outputs', []):
            name = out.get('metadata', {}).get('scrapbook', {}).get('name')
            if name is None:
                continue
            latex = [v for k, v in out.get('data', {}).items() if k.endswith('text/latex')]
            if latex:
                assert formulas.setdefault(name, latex[0]) == latex[0] and name not in values, \
                    f'glue {name} is set twice, to different formulas'
                continue
            plain = [v for k, v in out.get('data', {}).items() if k.endswith('text/plain')]
            assert plain, f'glue {name} has no text/plain value'
            value = ast.literal_eval(plain[0])
            assert values.setdefault(name, value) == value and name not in formulas, \
                f'glue {name} is set twice, to {values[name]!r} and {value!r}'

    return formulas if kind == 'latex' else values


def sources():
    return [md.read_text(encoding='utf-8') for md in PARTS_MD]


def source():
    return '\n'.join(sources())


def glue_references(text):
    return set(re.findall(r'\{glue(?::text)?\}`([^`]+)`', text))


def math_glue_references(text):
    return set(re.findall(r'^\s*```\{glue:math\}\s+(\S+)', text, flags=re.M))


def prose(text):
    """The page's prose with everything that may hold digits legitimately removed."""
    text = text.split('\n---\n', 1)[1]                                  # jupytext front matter
    text = re.sub(r'^```\{code-cell\}.*?^```', ' ', text, flags=re.S | re.M)  # code cells
    text = re.sub(r'^\s*```\{glue:math\}.*$', ' ', text, flags=re.M)      # glued formulas
    text = re.sub(r'^:[a-z-]+:.*$', ' ', text, flags=re.M)              # directive options
    text = re.sub(r'^:::.*$', ' ', text, flags=re.M)                    # directive fences
    text = re.sub(r'\{glue(?::text)?\}`[^`]+`', ' ', text)              # glued numbers
    text = re.sub(r'\{download\}`[^`]+`', ' ', text)                    # figure script link
    text = re.sub(r'\$\$.*?\$\$', ' ', text, flags=re.S)                # display math
    text = re.sub(r'\$[^$\n]+\$', ' ', text)                            # inline math
    text = re.sub(r'`[^`\n]+`', ' ', text)                              # inline code
    text = re.sub(r'^#.*$', ' ', text, flags=re.M)                      # headings
    text = re.sub(r'^\(sec-[^)]+\)=$', ' ', text, flags=re.M)           # labels
    text = re.sub(r'^\s*(?:[-*]|\d+\.)\s', ' ', text, flags=re.M)       # list markers
    text = re.sub(r'\]\([^)]*\)', '] ', text)                           # link targets
    text = re.sub(r'\baula \d+\.\d+', 'aula', text)                     # lesson numbers
    text = text.replace('CC BY 4.0', 'CC BY')                           # the data licence
    return text


# ---------------------------------------------------------------- tests
def test_notebook_is_executed():
    assert glued(), f'the notebooks of lessons/custo*.md hold no glue: run {REFRESH}'


@pytest.mark.slow
def test_glued_values_equal_the_recomputed_ones(expected):
    values = glued()
    assert set(values) == set(expected), 'glue names differ from the ones this test checks'
    wrong = {k: (values[k], expected[k]) for k in expected if values[k] != expected[k]}
    assert not wrong, f'glued (page) vs recomputed: {wrong}; stale notebook? run {REFRESH}'


@pytest.mark.slow
def test_prose_claims_in_words_hold(seed, expected):
    """Claims the prose makes in words about the computed numbers."""
    c, t = seed['c'], seed['t']
    theory = int(np.floor(100 * C_FP / (C_FP + C_FN) + 0.5)) - 1
    assert abs(t[c.argmin()] - t[theory]) <= 0.05, '"O painel e a teoria quase concordam"'
    assert 2 * int(expected['custo_cuts_theory_wins']) > 20, '"um bom ponto de partida": cheaper in most of the 20'


def test_every_glue_reference_is_glued():
    missing = glue_references(source()) - set(glued())
    assert not missing, f'the page cites glue names the notebook never sets: {missing}'
    missing = math_glue_references(source()) - set(glued('latex'))
    assert not missing, f'the page shows formulas the notebook never glues: {missing}'
    answers = set(re.findall(r'^:resposta:\s*(\S+)', source(), flags=re.M))
    assert answers and not answers - set(glued()), 'a Preveja answers with a glue the notebook never sets'


@pytest.mark.slow
def test_hand_calculations_carry_the_computed_numbers(seed, listing3):
    """Each glued formula shows the counts and the result the code computes (pt-BR style)."""
    y, c = seed['y'], seed['c']
    n_mal, n_ben = int(y.sum()), int((1 - y).sum())
    p = seed['p']
    fn, fp = int(((p < 0.5) & (y == 1)).sum()), int(((p >= 0.5) & (y == 0)).sum())
    half, low = listing3['rows']['0.5'], listing3['rows']['cost']
    thousands = lambda x: num(x, 0)
    g = np.gcd(C_FP, C_FP + C_FN)
    want = {
        'custo_cost_05_eq': [f'{C_FN} \\cdot {fn} + {C_FP} \\cdot {fp}', f'= {thousands(c[49])}'],
        'custo_none_eq': [f'{C_FN} \\cdot {n_mal} + {C_FP} \\cdot 0', f'= {thousands(C_FN * n_mal)}'],
        'custo_all_eq': [f'{C_FN} \\cdot 0 + {C_FP} \\cdot {thousands(n_ben)}', f'= {thousands(C_FP * n_ben)}'],
        'custo_tie_eq': [f'\\frac{{{C_FP * n_ben}}}{{{n_mal}}}',
                         num(C_FP * n_ben / n_mal, 2).replace(',', '{,}')],
        'custo_screen_eq': [f'{C_FN} \\cdot 1 = {thousands(C_FN)}', f'{C_FP} \\cdot 99 = {thousands(C_FP * 99)}'],
        'custo_theory_eq': [f'p \\cdot {C_FN} &> (1 - p) \\cdot {C_FP}',
                            f'\\frac{{{C_FP // g}}}{{{(C_FP + C_FN) // g}}}'],
        'custo_l3_cost_05_eq': [f'50 \\cdot {half["fn"]} + 1 \\cdot {half["fp"]}',
                                f'= {thousands(half["cost"])}'],
        'custo_l3_cost_min_eq': [f'50 \\cdot {low["fn"]} + 1 \\cdot {low["fp"]}',
                                 f'= {thousands(low["cost"])}'],
        'custo_l3_p_eq': [f'\\frac{{{low["tp"]}}}{{{low["tp"] + low["fp"]}}}'],
        'custo_l3_r_eq': [f'\\frac{{{low["tp"]}}}{{{low["tp"] + low["fn"]}}}'],
        'custo_l3_fbeta_eq': ['0{,}2422', '0{,}3169', '0{,}4583'],
    }
    formulas = glued('latex')
    assert set(formulas) == set(want), 'formula glue names differ from the ones this test checks'
    for name, pieces in want.items():
        for piece in pieces:
            assert piece in formulas[name], f'{name}: {piece!r} not in {formulas[name]!r}'


def test_the_second_case_prints_the_seed_numbers():
    """Seed 004's Listing 3, split in three cells, prints the seed's output line by line."""
    cells = [c for c in stored.notebook('custo').cells if c.cell_type == 'code'
             and not {'remove-cell', 'remove-input'} & set(c.metadata.get('tags', []))]
    start = next(i for i, c in enumerate(cells) if 'make_classification(n_samples=20000' in c.source)
    printed = ''.join(out.get('text', '') for c in cells[start:start + 3] for out in c.outputs
                      if out.get('output_type') == 'stream')
    assert printed == LISTING_3_OUTPUT


def test_second_case_claims_hold(listing3):
    """Claims the prose of the second part makes in words."""
    L = listing3
    assert abs(L['t_f1'] - L['f1_star'] / 2) < abs(L['t_f1'] - 0.5), 'o limiar do F1: perto de F*/2, longe de 0,5'
    assert L['below'] >= 0.95, 'the best-F1 threshold stays below 0,5 in almost every resample of the validation'
    assert L['search'][1] > 0, 'the search beats the theory on the test, beyond the resamples of the test rows'
    assert L['win_neg'] - 50 * L['win_pos'] == L['theory_cost'] - L['rows']['cost']['cost']
    assert L['win_pos'] / L['win_n'] < 1 / 51 < L['win_score'], 'o modelo exagera o risco perto de 1/51'
    rows = listing3['rows']
    assert listing3['t_cost'] < listing3['t_f2'] < listing3['t_f1'], 'a ordem segue o peso da falha'
    assert min(rows, key=lambda k: rows[k]['f1']) == 'cost', 'o F1 da linha de custo mínimo é o menor'
    assert max(rows, key=lambda k: rows[k]['f2']) == 'f2', 'o F2 maior é o da linha de F2 máximo'
    assert rows['cost']['cost'] < listing3['theory_cost'] < rows['0.5']['cost'], \
        'a teoria fica entre o limiar da validação e o 0,5'


@pytest.mark.slow
def test_prose_types_no_computed_number_by_hand(expected):
    text = ' '.join(prose(part) for part in sources())
    numbers = re.findall(r'\d+(?:[.,]\d+)*', text)
    by_hand = sorted(set(numbers) - LITERALS)
    assert not by_hand, f'numbers typed by hand in the prose of custo.md (use glue): {by_hand}'
    computed = {v for v in expected.values()} - LITERALS
    assert not computed & set(numbers)
    for token in ('254', '0,06', '111', '141', '0,918', '2120', '2.120'):
        assert not re.search(rf'(?<![\d,]){re.escape(token)}(?![\d,])', text)


def test_prose_check_catches_a_hand_typed_number():
    """The stripping must not hide prose numbers: a planted one is found."""
    planted = sources()[0].replace('Para ter uma régua', 'Com custo 254, para ter uma régua')
    assert '254' in re.findall(r'\d+(?:[.,]\d+)*', prose(planted))


def test_hidden_cell_runs_the_seed_code_of_the_visible_cell():
    cells = [c for c in stored.notebook('custo').cells if c.cell_type == 'code']
    visible = [c.source for c in cells if 'remove-cell' not in c.metadata.get('tags', [])
               and 'remove-input' not in c.metadata.get('tags', []) and 'def scores(cv)' in c.source]
    # the first hidden cell after the Colab set-up cell that every lesson opens with
    hidden = next(c for c in cells if 'remove-cell' in c.metadata.get('tags', [])
                  and 'No Colab (botão do foguete)' not in c.source)
    assert len(visible) == 1
    prefix = visible[0].split('p = scores(StratifiedKFold(5))')[0] + 'p = scores(StratifiedKFold(5))'
    copy = hidden.source.split('\n', 1)[1]           # after the "# copy of the code ..." line
    assert copy.startswith(prefix), f'the explorable must get the scores of the seed code: run {REFRESH}'


@pytest.mark.slow
def test_figure_alt_text_quotes_the_computed_numbers(expected):
    alt = re.search(r'^:\s+alt:(.*)$', source(), flags=re.M).group(1)
    names = set(re.findall(r'\{(custo_[a-z0-9_]+)\}', alt))
    if names:       # the alt text names glued values: the build fills them in (_ext/lesson_inputs.py)
        assert names <= set(expected), names - set(expected)
        return
    for name in ('custo_best_thr', 'custo_best_cost', 'custo_theory_thr', 'custo_theory_cost',
                 'custo_cost_05', 'custo_f1_thr', 'custo_f1_cost', 'custo_f1_max'):
        assert expected[name] in alt, f'alt text does not say {expected[name]} ({name})'
