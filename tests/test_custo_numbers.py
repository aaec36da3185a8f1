"""Lesson 2.6 (custo): every number the prose quotes is computed, and computed right.

- The glued values stored in the executed ``lessons/custo.ipynb`` (myst-nb ``glue``: display_data
  outputs with ``metadata.scrapbook.name``) equal values recomputed here, independently, with
  the seed's code (``shared/seeds/001``), formatted the pt-BR way.
- The page source ``lessons/custo.md`` types no computed number by hand: once glue roles, code,
  math, headings and the lesson's literal settings (prices 10 and 1, the 0,5 habit, the grid
  0,01…0,99, 5 parts, 20 cuts...) are stripped, no digit is left in the prose.
- The hidden cell that feeds the explorable runs the same code as the visible seed cell (one
  computation), and the figure's alt text quotes the numbers the code computes.

Builds nothing itself: it reads the notebook that ``jupytext --to ipynb --execute`` wrote.
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

# Numbers the prose may write by hand: the lesson's settings, not results of a computation.
LITERALS = {
    '1', '10',            # the prices of the example (alarme falso 1, falha 10) and "1 = maligno"
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

    def costs(p, i=slice(None), c_fn=10, c_fp=1):
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
    equal, reversed_ = costs(p, c_fn=1), costs(p, c_fn=1, c_fp=10)
    theory = int(np.argmin(np.abs(t - 1 / 11)))
    return {
        'custo_n': str(len(y)), 'custo_n_mal': str(int(y.sum())), 'custo_n_ben': str(int((1 - y).sum())),
        'custo_fn_05': str(fn(0.5)), 'custo_fp_05': str(fp(0.5)), 'custo_cost_05': str(c[at_05]),
        'custo_best_thr': num(t[best], 2), 'custo_best_fn': str(fn(t[best])),
        'custo_best_fp': str(fp(t[best])), 'custo_best_cost': str(c.min()),
        'custo_tie_thr': ' e '.join(num(s, 2) for s in t[c == c.min()][1:]),
        'custo_all_biopsy': str(1 * int((y == 0).sum())), 'custo_no_biopsy': num(10 * int(y.sum()), 0),
        'custo_theory_thr': num(1 / 11, 2), 'custo_theory_cost': str(c[theory]),
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
    assert glued(), 'lessons/custo.ipynb holds no glue: run `jupytext --to ipynb --execute lessons/custo.md`'


def test_glued_values_equal_the_recomputed_ones(expected):
    values = glued()
    assert set(values) == set(expected), 'glue names differ from the ones this test checks'
    wrong = {k: (values[k], expected[k]) for k in expected if values[k] != expected[k]}
    assert not wrong, f'glued (page) vs recomputed: {wrong}'


def test_the_seed_prose_numbers_still_hold(expected):
    """The numbers the seed's prose quotes (CHECKED to reproduce) are still what the code gives."""
    seed_prose = {'custo_fn_05': '24', 'custo_fp_05': '14', 'custo_cost_05': '254',
                  'custo_best_thr': '0,06', 'custo_best_fn': '2', 'custo_best_fp': '91',
                  'custo_best_cost': '111', 'custo_tie_thr': '0,13', 'custo_all_biopsy': '357',
                  'custo_no_biopsy': '2.120', 'custo_theory_thr': '0,09', 'custo_theory_cost': '125',
                  'custo_ece': '0,010', 'custo_equal_thr': '0,65', 'custo_equal_cost': '33',
                  'custo_f1_thr': '0,65', 'custo_f1_max': '0,918', 'custo_f1_cost': '276',
                  'custo_f1_ratio': '2,5', 'custo_honest': '141', 'custo_n': '569',
                  'custo_n_mal': '212', 'custo_n_ben': '357', 'custo_cuts_thr_min': '0,04',
                  'custo_cuts_thr_max': '0,13', 'custo_cuts_thr_mean': '0,08',
                  'custo_cuts_f1_min': '1,6', 'custo_cuts_f1_max': '2,9',
                  'custo_cuts_held_min': '106', 'custo_cuts_held_max': '153',
                  'custo_cuts_held_mean': '129', 'custo_cuts_theory_min': '105',
                  'custo_cuts_theory_max': '136', 'custo_cuts_theory_mean': '117',
                  'custo_cuts_theory_wins': '16', 'custo_cuts_differ': '3'}
    assert {k: expected[k] for k in seed_prose} == seed_prose


def test_prose_claims_in_words_hold(seed):
    """Claims the prose makes in words about the computed numbers."""
    c, t = seed['c'], seed['t']
    assert 2 * c[8] < c[49], '"menos da metade do custo do limiar 0,5"'
    assert c[8] < seed['honest'], 'the theory threshold beats the honestly picked one'
    assert t[c.argmin()] < 1 / 11 < t[np.flatnonzero(c == c.min())[-1]], 'theory inside the flat bottom'


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
    assert hidden.source.startswith(prefix), 'the explorable must get the scores of the seed code'


def test_figure_alt_text_quotes_the_computed_numbers(expected):
    alt = re.search(r'^:\s+alt:(.*)$', source(), flags=re.M).group(1)
    for name in ('custo_best_thr', 'custo_best_cost', 'custo_theory_thr', 'custo_theory_cost',
                 'custo_cost_05', 'custo_f1_thr', 'custo_f1_cost', 'custo_f1_max', 'custo_tie_thr'):
        assert expected[name] in alt, f'alt text does not say {expected[name]} ({name})'
