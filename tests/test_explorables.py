"""The explorables on the Python side: the numbers they start from, the formulas the JavaScript
mirrors, and the HTML they write (self-contained, a label for every control).
The browser side is tests/test_explorables_browser.py."""
import json
import re
from html.parser import HTMLParser

import numpy as np
import pytest

from course import explorables as ex
from course import metrics
from course.data import PATIENT_IDS, SCORES, Y_TRUE

# ---------------------------------------------------------------- shared data

def seed_costs(y, p, i=slice(None), c_fn=10, c_fp=1):
    """Seed 001's ``costs`` function, verbatim."""
    t = np.arange(1, 100) / 100
    return np.array([c_fn * ((p[i] < s) & (y[i] == 1)).sum() + c_fp * ((p[i] >= s) & (y[i] == 0)).sum() for s in t])


# ---------------------------------------------------------------- four cells

def test_four_cells_lazy_model():
    v = ex.four_cells_values(1000, 0.50, 0.99, 0.01)
    assert (v['tp'], v['fn'], v['fp'], v['tn']) == (5, 5, 10, 980)
    t = ex.four_cells_values(1000, 0.50, 0.99, 0.01, text=True)
    assert t['accuracy'] == '98,5 %'
    assert t['precision'] == '33,3 %'
    assert t['recall'] == '50,0 %'
    assert t['f1'] == '40,0 %'
    assert t['baseline'] == '99,0 %'


def test_four_cells_default_is_the_20_patients_scaled():
    v = ex.four_cells_values(1000, 0.70, 0.80, 0.50)
    assert (v['tp'], v['fn'], v['fp'], v['tn']) == (350, 150, 100, 400)
    assert ex.four_cells_values(1000, 0.70, 0.80, 0.50, text=True)['f1'] == '73,7 %'


def test_four_cells_rounds_half_up():
    # 3 sick people, sensitivity 50 %: 1,5 -> 2 (Python's round would give 2 too, but 2,5 -> 2)
    assert ex.four_cells_values(300, 0.5, 0.5, 0.01)['tp'] == 2
    assert ex.four_cells_values(500, 0.5, 0.5, 0.01)['tp'] == 3     # 2,5 -> 3, not 2
    for n, s, e, p in [(1000, .5, .99, .01), (37, .33, .71, .29), (1, 1, 1, 1), (999, 0, 0, 0)]:
        v = ex.four_cells_values(n, s, e, p)
        assert v['tp'] + v['fn'] + v['fp'] + v['tn'] == n
        assert min(v['tp'], v['fn'], v['fp'], v['tn']) >= 0


def test_four_cells_undefined():
    t = ex.four_cells_values(1000, 0.7, 0.8, 0.0, text=True)     # nobody is sick
    assert t['recall'] == 'indefinido'
    assert t['precision'] == '0,0 %'
    t = ex.four_cells_values(1000, 0.0, 1.0, 0.5, text=True)     # nobody is flagged
    assert t['precision'] == 'indefinido'
    assert t['f1'] == '0,0 %'
    t = ex.four_cells_values(1000, 0.7, 1.0, 0.0, text=True)     # all healthy, none flagged
    assert t['precision'] == 'indefinido' and t['recall'] == 'indefinido' and t['f1'] == 'indefinido'
    assert t['accuracy'] == '100,0 %'


# ---------------------------------------------------------------- threshold, F-beta

@pytest.mark.parametrize('t, expected', [
    (0.3, (9, 4, 1, 6, '0,692', '0,900')), (0.5, (7, 2, 3, 8, '0,778', '0,700')),
    (0.7, (5, 1, 5, 9, '0,833', '0,500'))])
def test_threshold_values_match_seed_section_6(t, expected):
    v = ex.threshold_values(SCORES, Y_TRUE, t)
    txt = ex.threshold_values(SCORES, Y_TRUE, t, text=True)
    assert (v['tp'], v['fp'], v['fn'], v['tn'], txt['precision'], txt['recall']) == expected


def test_threshold_values_extremes():
    t = ex.threshold_values(SCORES, Y_TRUE, 0.0, text=True)
    assert (t['tp'], t['fp'], t['precision'], t['recall'], t['f1']) == ('10', '10', '0,500', '1,000', '0,667')
    t = ex.threshold_values(SCORES, Y_TRUE, 1.0, text=True)      # above every score
    assert (t['tp'], t['fp'], t['precision'], t['recall'], t['f1']) == ('0', '0', 'indefinido', '0,000', '0,000')
    assert ex.threshold_values(SCORES, Y_TRUE, 0.55)['tp'] == 7  # a score equal to the threshold is flagged


def test_fbeta_values_match_seed_section_9():
    assert ex.fbeta_values(SCORES, Y_TRUE, 1, 0.5, text=True)['fbeta'] == '0,737'
    assert ex.fbeta_values(SCORES, Y_TRUE, 2, 0.5, text=True)['fbeta'] == '0,714'
    assert ex.fbeta_values(SCORES, Y_TRUE, 0.5, 0.5, text=True)['fbeta'] == '0,761'
    # the best thresholds of the section-9 figure
    assert metrics.fbeta_best(Y_TRUE, SCORES, 2)[0] == 0.20
    assert metrics.fbeta_best(Y_TRUE, SCORES, 1)[0] == 0.35
    assert metrics.fbeta_best(Y_TRUE, SCORES, 0.5)[0] == 0.45


def test_fbeta_agrees_with_sklearn():
    from sklearn.metrics import fbeta_score
    for beta in (0.25, 0.5, 1, 2, 4):
        for t in (0.0, 0.2, 0.5, 0.9):
            v = ex.fbeta_values(SCORES, Y_TRUE, beta, t)['fbeta']
            assert v == pytest.approx(fbeta_score(Y_TRUE, SCORES >= t, beta=beta))


# ---------------------------------------------------------------- prevalence

def seed_prevalence_lines():
    """Seed 000 section 10's loop, verbatim, returning its printed lines."""
    out = []
    sens, spec = 0.70, 0.80
    for prevalence in [0.50, 0.10, 0.01]:
        sick = round(10_000 * prevalence); healthy = 10_000 - sick
        tp = sens * sick;  fn = sick - tp
        tn = spec * healthy; fp = healthy - tn
        out.append((prevalence, f"{tp:5.0f}".strip(), f"{fp:5.0f}".strip(), f"{tp / (tp + fp):.3f}",
                    f"{tn / (tn + fn):.4f}", f"{(tp + tn) / 10_000:.3f}"))
    return out


def test_prevalence_values_match_seed_section_10():
    for prev, tp, fp, precision, npv, accuracy in seed_prevalence_lines():
        t = ex.prevalence_values(0.70, 0.80, prev, text=True)
        assert t['tp'].replace('.', '') == tp and t['fp'].replace('.', '') == fp
        assert (t['precision'], t['npv'], t['accuracy']) == tuple(
            x.replace('.', ',') for x in (precision, npv, accuracy))
    assert ex.prevalence_values(0.70, 0.80, 0.01, text=True)['precision'] == '0,034'


def test_prevalence_counts_are_whole_people_that_add_up():
    """The panel counts people: each count rounded once, TP + FN = doentes and FP + TN = saudáveis
    at every prevalence the control takes (0,95 % once showed 95 doentes with TP 66 + FN 28)."""
    for sens, spec in [(0.70, 0.80), (0.71, 0.93), (0.05, 0.99)]:
        for hundredths in range(10, 10_001):          # 0,10 % to 100 %, the control's step
            v = ex.prevalence_values(sens, spec, hundredths / 10_000)
            counts = [v[k] for k in ('tp', 'fn', 'fp', 'tn')]
            assert all(isinstance(c, int) for c in counts), (hundredths, counts)
            assert (v['tp'] + v['fn'], v['fp'] + v['tn']) == (v['sick'], v['healthy']), hundredths
            assert v['precision'] == (None if v['tp'] + v['fp'] == 0 else v['tp'] / (v['tp'] + v['fp']))
    t = ex.prevalence_values(0.70, 0.80, 0.0095, text=True)
    assert (t['sick'], t['tp'], t['fn']) == ('95', '67', '28')     # 66,5 rounded once, half up
    t = ex.prevalence_values(0.70, 0.80, 0.0065, text=True)
    assert (t['sick'], t['tp'], t['fn']) == ('65', '46', '19')


def test_prevalence_undefined():
    t = ex.prevalence_values(1.0, 1.0, 0.0, text=True)      # nobody sick, nobody flagged
    assert t['precision'] == 'indefinido' and t['npv'] == '1,0000'
    t = ex.prevalence_values(0.0, 0.8, 1.0, text=True)      # everybody sick, none found
    assert t['npv'] == '0,0000' and t['precision'] == 'indefinido'
    t = ex.prevalence_values(1.0, 0.8, 1.0, text=True)
    assert t['npv'] == 'indefinido'


# ---------------------------------------------------------------- cost lab (seed 001)

def test_cost_values_match_seed_001(cost_data):
    """The explorable's numbers at the seed's prices are the seed's (its own lesson may differ)."""
    X, y, p, folds = cost_data
    t = ex.cost_values(y, p, folds, 10, 1, 0.5, text=True)
    assert (t['fn'], t['fp'], t['cost']) == ('24', '14', '254')
    assert (t['cheapest_threshold'], t['cheapest_cost']) == ('0,06', '111')
    assert (t['theory_threshold'], t['theory_cost']) == ('0,09', '125')
    assert t['honest_cost'] == '141'
    assert (t['all_cost'], t['none_cost']) == ('357', '2.120')


def test_cost_values_equal_the_seed_code_at_other_prices(cost_data):
    from sklearn.model_selection import StratifiedKFold
    X, y, p, folds = cost_data
    grid = np.arange(1, 100) / 100
    for c_fn, c_fp, s in [(1, 1, 0.01), (50, 1, 0.99), (1, 50, 0.3), (7, 3, 0.42)]:
        c = seed_costs(y, p, c_fn=c_fn, c_fp=c_fp)
        held = sum(seed_costs(y, p, b, c_fn, c_fp)[seed_costs(y, p, a, c_fn, c_fp).argmin()]
                   for a, b in StratifiedKFold(5).split(X, y))
        v = ex.cost_values(y, p, folds, c_fn, c_fp, s)
        k = int(round(s * 100)) - 1
        assert v['cost'] == c[k]
        assert v['cheapest_threshold'] == grid[c.argmin()] and v['cheapest_cost'] == c.min()
        assert v['honest_cost'] == held
        assert v['theory_threshold'] == grid[metrics.theory_index(c_fn, c_fp)]
    assert ex.cost_values(y, p, folds, 1, 1, 0.5)['cheapest_threshold'] == 0.65   # seed: 0,65 ...
    assert ex.cost_values(y, p, folds, 1, 1, 0.5)['cheapest_cost'] == 33          # ... custo 33


def test_theory_index():
    assert metrics.theory_index(10, 1) == 8          # 1/11 -> 0,09, the seed's c[8]
    assert metrics.theory_index(1, 1) == 49          # 0,50
    assert metrics.theory_index(7, 1) == 12          # 0,125 -> 0,13 (half up)
    assert metrics.theory_index(1, 50) == 97         # 50/51 = 0,980 -> 0,98


# ---------------------------------------------------------------- calibration (seed 002)

def test_calibration_values():
    y = np.array([0, 0, 1, 1, 1, 0])
    p = np.array([0.05, 0.15, 0.95, 0.999, 0.5, 0.995])
    v = ex.calibration_values(y, p)
    assert [b['count'] for b in v['bins']] == [1, 1, 1, 3]
    assert v['confident'] == 2 and v['confident_errors'] == 1
    assert v['changed'] == 0
    ece = sum(b['count'] / 6 * abs(b['mean_p'] - b['frac']) for b in v['bins'])
    assert v['ece'] == pytest.approx(ece)
    q = np.array([0.05, 0.15, 0.95, 0.999, 0.49, 0.995])
    assert ex.calibration_values(y, q, p)['changed'] == 1


# ---------------------------------------------------------------- binormal ROC

def test_roc_binormal_values():
    from scipy.stats import norm
    t = ex.roc_binormal_values(2.0, 1.0, text=True)
    assert t['auc'] == '0,921'
    for d, th in [(0, -3), (4, 5), (2, 1), (1.3, 0.7), (4, -3), (0, 5)]:
        v = ex.roc_binormal_values(d, th)
        assert v['tpr'] == pytest.approx(norm.sf(th - d), abs=1e-12)
        assert v['fpr'] == pytest.approx(norm.sf(th), abs=1e-12)
        assert v['auc'] == pytest.approx(norm.cdf(d / np.sqrt(2)), abs=1e-12)


# ---------------------------------------------------------------- numbers

def test_fmt_rules():
    assert ex._fmt(None, ('num', 3)) == 'indefinido'
    assert ex._fmt(float('nan'), ('pct', 1)) == 'indefinido'
    assert ex._fmt(1980.0000000000002, 'int') == '1.980'
    assert ex._fmt(0.0625, ('num', 3)) == '0,062'        # exact tie: half to even, like Python
    assert ex._fmt(2.5, 'int') == '2'
    assert metrics.round_half_up(2.5) == 3 and metrics.round_half_up(980.1) == 980


# ---------------------------------------------------------------- the HTML

class _Inputs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.inputs, self.labels, self.label_ids, self.buttons, self.ids = [], {}, {}, [], []
        self.specs = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if 'id' in a:
            self.ids.append(a['id'])
        if tag == 'input':
            self.inputs.append(a)
        elif tag == 'label' and 'for' in a:
            self.labels[a['for']] = a.get('id')
            if 'id' in a:
                self.label_ids[a['id']] = a['for']
        if 'data-spec' in a:
            self.specs.append(json.loads(a['data-spec']))


def all_explorables(cost_data):
    from course import calibration
    X, y, p, folds = cost_data
    exp = calibration.experiment()
    models = exp['models']
    return {
        'four_cells': ex.four_cells(),
        'threshold_patients': ex.threshold_patients(PATIENT_IDS, SCORES, Y_TRUE),
        'fbeta_threshold': ex.fbeta_threshold(SCORES, Y_TRUE),
        'prevalence': ex.prevalence(),
        'cost_lab': ex.cost_lab(y, p, folds),
        'calibration_lab': ex.calibration_lab(
            exp['y_val'], {k: (m['p_before'], m['p_after']) for k, m in models.items()},
            {k: m['T'] for k, m in models.items()}),
        'roc_binormal': ex.roc_binormal(),
    }


def test_html_is_self_contained_and_labelled(cost_data):
    for name, e in all_explorables(cost_data).items():
        text = e._repr_html_()
        assert 'http://' not in text and 'https://' not in text, name
        assert '<script src' not in text and '<link' not in text, name
        assert 'window.CourseExplorables = window.CourseExplorables ||' in text
        assert 'NaN' not in text.split('<script type="application/json"')[0]
        parser = _Inputs()
        parser.feed(text)
        assert parser.inputs, name
        for inp in parser.inputs:   # named by a visible <label>: its own, or the slider's
            named = inp['id'] in parser.labels or inp.get('aria-labelledby') in parser.label_ids
            assert named, (name, inp)
        sliders = [i for i in parser.inputs if i['type'] == 'range']
        fields = {i.get('aria-labelledby') for i in parser.inputs if i.get('data-field')}
        for r in sliders:           # every slider has its number field, under the same label
            assert parser.labels[r['id']] in fields, (name, r['id'])
        assert len(parser.ids) == len(set(parser.ids)), name
        # the data: valid JSON with the explorable's kind
        data = re.search(r'<script type="application/json" class="ex-data">(.*?)</script>', text, re.S)
        assert json.loads(data.group(1))['kind'] == e.kind


def test_two_outputs_have_distinct_ids():
    a, b = ex.four_cells()._repr_html_(), ex.four_cells()._repr_html_()
    ida = re.search(r'id="(explorable-[0-9a-f]+)"', a).group(1)
    assert ida not in b


def test_initial_numbers_in_html():
    text = ex.four_cells(1000, 0.5, 0.99, 0.01)._repr_html_()
    for name, value in [('tp', '5'), ('fn', '5'), ('fp', '10'), ('tn', '980'),
                        ('accuracy', '98,5 %'), ('baseline', '99,0 %')]:
        assert f'data-value="{name}">{value}<' in text
    text = ex.prevalence()._repr_html_()
    assert 'data-value="precision">0,034<' in text


def test_runtime_size():
    """Inlined in every notebook output (Colab); on the site, one cached file. The number fields,
    the touch handling, the charts drawn at their width and the dark theme took it from 28 to 44 kB;
    the phone's sticky line of numbers and the fine sliders' − and + buttons (issue 30) to 53 kB."""
    from pathlib import Path
    static = Path(ex.__file__).parent / 'static'
    size = sum((static / f).stat().st_size for f in ('explorables.js', 'explorables.css'))
    assert size < 56_000


# ---------------------------------------------------------------- lab and lesson agree

def _shown(html_text, name):
    import re as _re
    return _re.search(rf'data-value="{name}">([^<]*)<', html_text).group(1)


@pytest.mark.parametrize('cost_fn,cost_fp', [(7, 1), (10, 1), (1, 1), (1, 10), (3, 7), (50, 1), (20, 1)])
def test_cost_lab_and_lesson_explorable_agree(cost_data, cost_fn, cost_fp):
    """The Colab lab's panel and the lesson's explorable give the same theory threshold and cheapest
    threshold (7/1 included: 1/8 = 0,125 -> 0,13, half up), and both are the seed code's."""
    from course import labs
    X, y, p, folds = cost_data
    lab = labs.cost_lab(cost_fn=cost_fn, cost_fp=cost_fp)._repr_html_()
    lesson = ex.cost_lab(y, p, folds, cost_fn=cost_fn, cost_fp=cost_fp)._repr_html_()
    c = seed_costs(y, p, c_fn=cost_fn, c_fp=cost_fp)
    grid = np.arange(1, 100) / 100
    theory = cost_fp / (cost_fp + cost_fn)
    k = int(np.floor(100 * theory + 0.5)) - 1          # half up, written again here
    for name, expected in [('theory_threshold', f'{grid[k]:.2f}'.replace('.', ',')),
                           ('cheapest_threshold', f'{grid[c.argmin()]:.2f}'.replace('.', ',')),
                           ('cheapest_cost', str(c.min()))]:
        assert _shown(lab, name) == _shown(lesson, name) == expected, (name, cost_fn, cost_fp)
    if (cost_fn, cost_fp) == (7, 1):
        assert _shown(lab, 'theory_threshold') == '0,13'


# ---------------------------------------------------------------- controls

def _controls(e):
    parser = _Inputs()
    parser.feed(e._repr_html_())
    return parser


def test_every_slider_has_a_number_field_showing_its_value():
    text = ex.four_cells(1000, 0.7, 0.8, 0.5)._repr_html_()
    for name, shown in [('sensitivity', '70 %'), ('specificity', '80 %'), ('prevalence', '50 %')]:
        assert re.search(rf'data-field="{name}"[^>]*value="{shown}"', text), name
    assert re.search(r'data-field="population"[^>]*value="1.000"', text)   # typed as pt-BR writes it
    text = ex.roc_binormal(2.0, -1.0)._repr_html_()
    assert re.search(r'inputmode="text"[^>]*data-field="threshold"[^>]*value="−1,0"', text)  # a minus: no decimal keypad


def test_prevalence_slider_is_logarithmic_like_its_chart():
    """0,1 % to 100 % on log10: 0,1–10 % is two thirds of the track, not its first 10 %."""
    parser = _controls(ex.prevalence(prevalence=0.01))
    slider = next(i for i in parser.inputs if i.get('data-control') == 'prevalence')
    lo, hi, at = (float(slider[k]) for k in ('min', 'max', 'value'))
    assert (lo, hi) == (-1.0, 2.0)                       # log10 of 0,1 % and of 100 %
    assert (at - lo) / (hi - lo) == pytest.approx(1 / 3)  # 1 % sits at a third of the track
    spec = next(s for s in parser.specs if s['scale'] == 'log')
    assert (spec['min'], spec['max'], spec['unit']) == (ex.PREVALENCE_MIN, 100, '%')
    assert 'value="1 %"' in ex.prevalence(prevalence=0.01)._repr_html_()
