"""Lesson 2.6 (custo): every number the prose quotes is computed, and computed right.

- The glued values stored in the executed ``lessons/custo.ipynb`` (myst-nb ``glue``: display_data
  outputs with ``metadata.scrapbook.name``) equal values recomputed here, independently, with
  the seed's code (``shared/seeds/001``), formatted the pt-BR way.
- The page source ``lessons/custo.md`` types no computed number by hand: once glue roles, code,
  math, headings and the lesson's literal settings (prices 10 and 1, the 0,5 habit, the grid
  0,01…0,99, 5 parts, 20 cuts...) are stripped, no digit is left in the prose.
- The hidden cell that feeds the explorable runs the same code as the visible seed cell (one
  computation), and the figure's alt text quotes the numbers the code computes.

Everything is recomputed at the lesson's own prices (the defaults of ``costs`` in its visible
code), so an instructor's change of prices does not break these tests; the seed's own numbers
are kept by ``tests/test_seed_outputs.py``. Builds nothing itself: it reads the notebook that
``python scripts/refresh.py custo`` wrote.
"""
import ast
import re

import nbformat
import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from conftest import ROOT
from course.fmt import num

LESSON_MD = ROOT / 'lessons' / 'custo.md'
LESSON_NB = ROOT / 'lessons' / 'custo.ipynb'
REFRESH = '`python scripts/refresh.py custo`'


def lesson_prices():
    """(c_fn, c_fp): the defaults of ``costs`` in the lesson's visible code."""
    match = re.search(r'def costs\(p, i=slice\(None\), c_fn=(\d+), c_fp=(\d+)\)', LESSON_MD.read_text(encoding='utf-8'))
    assert match, 'lessons/custo.md: no `def costs(p, i=slice(None), c_fn=..., c_fp=...)`'
    return int(match.group(1)), int(match.group(2))


C_FN, C_FP = lesson_prices()

# Numbers the prose may write by hand: the lesson's settings, not results of a computation.
LITERALS = {
    '1', '10',            # the seed's prices of the example (alarme falso 1, falha 10) and "1 = maligno"
    '0,5',                # the habitual threshold
    '0,01', '0,99',       # the grid of thresholds
    '0,1',                # the width of an ECE bin
    '4', '5',             # 5 parts, 4/5 and 1/5 of the biopsies
    '20', '99',           # 20 other cuts, 99 thresholds
}


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

    def held_out(p, cv):
        return sum(costs(p, b)[costs(p, a).argmin()] for a, b in cv.split(X, y))

    p = scores(StratifiedKFold(5))
    c, f1 = costs(p), np.array([f1_score(y, p >= s) for s in t])
    r = []
    for s in range(20):  # outros 20 cortes em 5 partes
        cv = StratifiedKFold(5, shuffle=True, random_state=s)
        q = scores(cv)
        cq, fq = costs(q), np.array([f1_score(y, q >= u) for u in t])
        r.append((t[cq.argmin()], cq[fq.argmax()] / cq.min(), cq[49] / cq.min(), held_out(q, cv), cq[8],
                  costs(q, c_fn=1).argmin() != fq.argmax()))
    return dict(y=y, t=t, p=p, c=c, f1=f1, r=np.array(r), costs=costs,
                honest=held_out(p, StratifiedKFold(5)))


@pytest.fixture(scope='module')
def expected(seed):
    """What each glue name must hold, formatted as the page shows it."""
    y, t, p, c, f1, r, costs = (seed[k] for k in ('y', 't', 'p', 'c', 'f1', 'r', 'costs'))
    best, at_05 = int(c.argmin()), int(np.flatnonzero(np.isclose(t, 0.5))[0])
    fn = lambda s: int(((p < s) & (y == 1)).sum())
    fp = lambda s: int(((p >= s) & (y == 0)).sum())
    # ECE: 10 bins of width 0.1, weighted by the share of biopsies in each
    edges = np.linspace(0, 1, 11)
    bin_of = np.clip(np.digitize(p, edges) - 1, 0, 9)
    ece = sum(np.mean(bin_of == b) * abs(p[bin_of == b].mean() - y[bin_of == b].mean())
              for b in range(10) if np.any(bin_of == b))
    equal, reversed_ = costs(p, c_fn=1, c_fp=1), costs(p, c_fn=C_FP, c_fp=C_FN)
    s_star = C_FP / (C_FP + C_FN)
    theory = int(np.floor(100 * s_star + 0.5)) - 1     # the grid point of the theory, half up
    ties = t[c == c.min()][1:]

    def plural(n, one, many):
        return f'{n} {one if n == 1 else many}'
    from math import gcd
    g = gcd(C_FP, C_FP + C_FN)
    values = {
        'custo_price_fn': str(C_FN), 'custo_price_fp': str(C_FP),
        'custo_theory_frac': f'{C_FP // g}/{(C_FP + C_FN) // g}', 'custo_theory_exact': num(s_star, 4),
        'custo_theory_50': num(C_FP / (C_FP + 50), 2),
        'custo_fn_05_text': plural(fn(0.5), 'falha', 'falhas'),
        'custo_fp_05_text': plural(fp(0.5), 'alarme falso', 'alarmes falsos'),
        'custo_best_fn_text': plural(fn(t[best]), 'falha', 'falhas'),
        'custo_best_fp_text': plural(fp(t[best]), 'alarme falso', 'alarmes falsos'),
        'custo_tie_sentence': (f"o limiar {' e '.join(num(s, 2) for s in ties)} custa o mesmo que "
                               f"{num(t[best], 2)} ({c.min()})" if len(ties) else
                               f"nenhum outro limiar custa tão pouco quanto {num(t[best], 2)} ({c.min()})"),
        'custo_theory_position': ('no meio desse intervalo' if r[:, 0].min() < s_star < r[:, 0].max()
                                  else 'na borda desse intervalo' if r[:, 0].min() <= s_star <= r[:, 0].max()
                                  else 'fora desse intervalo'),
        'custo_n': str(len(y)), 'custo_n_mal': str(int(y.sum())), 'custo_n_ben': str(int((1 - y).sum())),
        'custo_fn_05': str(fn(0.5)), 'custo_fp_05': str(fp(0.5)), 'custo_cost_05': str(c[at_05]),
        'custo_best_thr': num(t[best], 2), 'custo_best_fn': str(fn(t[best])),
        'custo_best_fp': str(fp(t[best])), 'custo_best_cost': str(c.min()),
        'custo_all_biopsy': num(C_FP * int((y == 0).sum()), 0),
        'custo_no_biopsy': num(C_FN * int(y.sum()), 0),
        'custo_theory_thr': num(s_star, 2), 'custo_theory_cost': str(c[theory]),
        'custo_ece': num(ece, 3),
        'custo_equal_thr': num(t[equal.argmin()], 2), 'custo_equal_cost': str(equal.min()),
        'custo_reversed_thr': num(t[reversed_.argmin()], 2),
        'custo_f1_thr': num(t[f1.argmax()], 2), 'custo_f1_max': num(f1.max(), 3),
        'custo_f1_cost': str(c[f1.argmax()]), 'custo_f1_ratio': num(c[f1.argmax()] / c.min(), 1),
        'custo_honest': str(seed['honest']),
        'custo_cuts_thr_min': num(r[:, 0].min(), 2), 'custo_cuts_thr_max': num(r[:, 0].max(), 2),
        'custo_cuts_thr_mean': num(r[:, 0].mean(), 2),
        'custo_cuts_f1_min': num(r[:, 1].min(), 1), 'custo_cuts_f1_max': num(r[:, 1].max(), 1),
        'custo_cuts_05_min': num(r[:, 2].min(), 1), 'custo_cuts_05_max': num(r[:, 2].max(), 1),
        'custo_cuts_held_min': num(r[:, 3].min(), 0), 'custo_cuts_held_max': num(r[:, 3].max(), 0),
        'custo_cuts_held_mean': num(r[:, 3].mean(), 0),
        'custo_cuts_theory_min': num(r[:, 4].min(), 0), 'custo_cuts_theory_max': num(r[:, 4].max(), 0),
        'custo_cuts_theory_mean': num(r[:, 4].mean(), 0),
        'custo_cuts_theory_wins': str(int((r[:, 4] < r[:, 3]).sum())),
        'custo_cuts_differ': str(int(r[:, 5].sum())),
    }
    if len(ties):
        values['custo_tie_thr'] = ' e '.join(num(s, 2) for s in ties)
    return values


# ---------------------------------------------------------------- what the page holds
def glued():
    """``{name: text}`` of every glue output stored in the executed notebook."""
    values = {}
    for cell in nbformat.read(LESSON_NB, as_version=4).cells:
        for out in cell.get('outputs', []):
            name = out.get('metadata', {}).get('scrapbook', {}).get('name')
            if name is None:
                continue
            plain = [v for k, v in out.get('data', {}).items() if k.endswith('text/plain')]
            assert plain, f'glue {name} has no text/plain value'
            assert name not in values, f'glue {name} is set twice'
            values[name] = ast.literal_eval(plain[0])
    return values


def source():
    return LESSON_MD.read_text(encoding='utf-8')


def glue_references(text):
    return set(re.findall(r'\{glue(?::text)?\}`([^`]+)`', text))


def prose(text):
    """The page's prose with everything that may hold digits legitimately removed."""
    text = text.split('\n---\n', 1)[1]                                  # jupytext front matter
    text = re.sub(r'^```\{code-cell\}.*?^```', ' ', text, flags=re.S | re.M)  # code cells
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
    assert glued(), f'lessons/custo.ipynb holds no glue: run {REFRESH}'


def test_glued_values_equal_the_recomputed_ones(expected):
    values = glued()
    assert set(values) == set(expected), 'glue names differ from the ones this test checks'
    wrong = {k: (values[k], expected[k]) for k in expected if values[k] != expected[k]}
    assert not wrong, f'glued (page) vs recomputed: {wrong}; stale notebook? run {REFRESH}'


def test_prose_claims_in_words_hold(seed):
    """Claims the prose makes in words about the computed numbers."""
    c = seed['c']
    theory = int(np.floor(100 * C_FP / (C_FP + C_FN) + 0.5)) - 1
    assert 2 * c[theory] < c[49], '"menos da metade do custo do limiar 0,5"'
    assert c[theory] < seed['honest'], 'the theory threshold beats the honestly picked one'


def test_every_glue_reference_is_glued():
    missing = glue_references(source()) - set(glued())
    assert not missing, f'the page cites glue names the notebook never sets: {missing}'


def test_prose_types_no_computed_number_by_hand(expected):
    text = prose(source())
    numbers = re.findall(r'\d+(?:[.,]\d+)*', text)
    by_hand = sorted(set(numbers) - LITERALS)
    assert not by_hand, f'numbers typed by hand in the prose of custo.md (use glue): {by_hand}'
    computed = {v for v in expected.values()} - LITERALS
    assert not computed & set(numbers)
    for token in ('254', '0,06', '111', '141', '0,918', '2120', '2.120'):
        assert not re.search(rf'(?<![\d,]){re.escape(token)}(?![\d,])', text)


def test_prose_check_catches_a_hand_typed_number():
    """The stripping must not hide prose numbers: a planted one is found."""
    planted = source().replace('Depois de conferir no lab', 'Com custo 254, depois de conferir no lab')
    assert '254' in re.findall(r'\d+(?:[.,]\d+)*', prose(planted))


def test_hidden_cell_runs_the_seed_code_of_the_visible_cell():
    cells = [c for c in nbformat.read(LESSON_NB, as_version=4).cells if c.cell_type == 'code']
    visible = [c.source for c in cells if 'remove-cell' not in c.metadata.get('tags', [])
               and 'remove-input' not in c.metadata.get('tags', []) and 'print(' in c.source]
    # the first hidden cell after the Colab set-up cell that every lesson opens with
    hidden = next(c for c in cells if 'remove-cell' in c.metadata.get('tags', [])
                  and 'No Colab (botão do foguete)' not in c.source)
    assert len(visible) == 1
    prefix = visible[0].split('p = scores(StratifiedKFold(5))')[0] + 'p = scores(StratifiedKFold(5))'
    copy = hidden.source.split('\n', 1)[1]           # after the "# copy of the code ..." line
    assert copy.startswith(prefix), f'the explorable must get the scores of the seed code: run {REFRESH}'


def test_figure_alt_text_quotes_the_computed_numbers(expected):
    alt = re.search(r'^:\s+alt:(.*)$', source(), flags=re.M).group(1)
    names = set(re.findall(r'\{(custo_[a-z0-9_]+)\}', alt))
    if names:       # the alt text names glued values: the build fills them in (_ext/lesson_inputs.py)
        assert names <= set(expected), names - set(expected)
        return
    for name in ('custo_best_thr', 'custo_best_cost', 'custo_theory_thr', 'custo_theory_cost',
                 'custo_cost_05', 'custo_f1_thr', 'custo_f1_cost', 'custo_f1_max'):
        assert expected[name] in alt, f'alt text does not say {expected[name]} ({name})'
