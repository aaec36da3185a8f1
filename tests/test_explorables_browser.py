"""The explorables in a real browser (Debian's Chromium driven by Playwright).

Each explorable is found on its lesson page of the built site; its controls are set by their
accessible names (the visible Portuguese labels), including both ends of every slider, and
every number shown (``data-value="..."``) must equal what the Python formula of
``course.explorables`` gives for the same control values. The page must make no request
outside the site and log no console error.

Two more tests need no built site: the same output inserted twice on one page, and each output
alone in a sandboxed iframe (as Colab shows outputs), runtime inlined in each.
"""
import json

import numpy as np
import pytest

from conftest import recording_page
from course import explorables as ex
from course import metrics

# ---------------------------------------------------------------- helpers

def data_of(root):
    return json.loads(root.locator('script.ex-data').text_content())


def shown(root, names):
    return {k: root.locator(f'[data-value="{k}"]').first.inner_text().strip() for k in names}


def control(root, label):
    return root.get_by_label(label, exact=True)


def set_slider(root, label, value):
    """'min' / 'max' by the keyboard (Home / End), any other value typed in."""
    c = control(root, label)
    if value == 'min':
        c.focus(); c.press('Home')
    elif value == 'max':
        c.focus(); c.press('End')
    else:
        c.fill(str(value))
    return float(c.input_value())


def explorable(page, kind):
    root = page.locator(f'.explorable-{kind}')
    if root.count() == 0:
        pytest.fail(f'no explorable "{kind}" on {page.url}')
    root = root.first
    root.scroll_into_view_if_needed()
    assert root.get_attribute('data-mounted') == 'true', f'{kind} was not mounted'
    return root


def assert_shown(root, expected, context=''):
    got = shown(root, expected)
    assert got == expected, f'{context}: page {got} != python {expected}'
    for text in got.values():
        assert 'NaN' not in text and 'Infinity' not in text and text != ''


def open_page(page, path):
    page.set_default_timeout(10_000)
    page.goto(f'{page.site_url}/{path}')
    page.wait_for_load_state('load')


def assert_clean(page):
    assert page.outside_requests == [], page.outside_requests
    assert page.console_errors == [], page.console_errors


# ---------------------------------------------------------------- checks, one per explorable

def check_four_cells(root):
    def expected():
        n = int(control(root, 'Tamanho da população').input_value())
        s, e, p = (float(control(root, k).input_value()) / 100
                   for k in ('Sensibilidade', 'Especificidade', 'Prevalência'))
        return ex.four_cells_values(n, s, e, p, text=True)
    assert_shown(root, expected(), 'start')
    for s, e, p in [('min', 'min', 'min'), ('max', 'max', 'max'), (37, 63, 'min'),
                    ('max', 'max', 12), (0, 100, 0), (1, 99, 100)]:
        set_slider(root, 'Sensibilidade', s)
        set_slider(root, 'Especificidade', e)
        set_slider(root, 'Prevalência', p)
        assert_shown(root, expected(), f'sens {s} esp {e} prev {p}')
    control(root, 'Prevalência').fill('0')
    assert shown(root, ['recall'])['recall'] == 'indefinido'
    for n in ('1', '999999', '37'):
        control(root, 'Tamanho da população').fill(n)
        assert_shown(root, expected(), f'N {n}')
    root.get_by_role('button', name='Modelo preguiçoso').click()
    assert shown(root, ['tp', 'fn', 'fp', 'tn', 'accuracy', 'precision', 'baseline']) == {
        'tp': '5', 'fn': '5', 'fp': '10', 'tn': '980', 'accuracy': '98,5 %',
        'precision': '33,3 %', 'baseline': '99,0 %'}
    assert_shown(root, expected(), 'modelo preguiçoso')


def check_threshold_patients(root):
    data = data_of(root)
    scores, y = np.array(data['scores']), np.array(data['y'])
    assert root.locator('[data-chart="patients"] svg title').count() == len(scores)
    for t in ('min', 'max', 0.3, 0.55, 0.5, 0.95, 0.96):
        value = set_slider(root, 'Limiar', t)
        assert_shown(root, ex.threshold_values(scores, y, value, text=True), f'limiar {t}')
    set_slider(root, 'Limiar', 'max')
    assert shown(root, ['precision'])['precision'] == 'indefinido'


def check_fbeta(root):
    data = data_of(root)
    scores, y = np.array(data['scores']), np.array(data['y'])
    for b, t in [('min', 'min'), ('max', 'max'), (2, 0.2), (1, 0.35), (0.5, 0.45), ('max', 0.5),
                 ('min', 0.97)]:
        beta = set_slider(root, 'β', b)
        value = set_slider(root, 'Limiar', t)
        assert_shown(root, ex.fbeta_values(scores, y, beta, value, text=True), f'β {b} limiar {t}')
    set_slider(root, 'Limiar', 'max')
    assert shown(root, ['precision'])['precision'] == 'indefinido'


def check_prevalence(root):
    def expected():
        s, e, p = (float(control(root, k).input_value()) / 100
                   for k in ('Sensibilidade', 'Especificidade', 'Prevalência'))
        return ex.prevalence_values(s, e, p, data_of(root)['population'], text=True)
    assert_shown(root, expected(), 'start')
    for p, s, e in [(50, 70, 80), (10, 70, 80), (1, 70, 80), ('min', 70, 80), ('max', 70, 80),
                    ('min', 'max', 'max'), ('max', 'min', 'min'), (0.1, 'max', 'min'), (33.3, 71, 93)]:
        set_slider(root, 'Prevalência', p)
        set_slider(root, 'Sensibilidade', s)
        set_slider(root, 'Especificidade', e)
        assert_shown(root, expected(), f'prev {p} sens {s} esp {e}')
    set_slider(root, 'Prevalência', 'min')
    set_slider(root, 'Especificidade', 'max')
    assert shown(root, ['precision'])['precision'] == 'indefinido'


def check_cost(root, y, p, folds):
    """Starts at the lesson's prices and threshold 0,5 (whatever the lesson sets), then moves."""
    start_fn = float(control(root, 'Custo de uma falha').input_value())
    start_fp = float(control(root, 'Custo de um alarme falso').input_value())
    names = [k for k in ex.cost_values(y, p, folds, text=True) if k != 'threshold']
    start = ex.cost_values(y, p, folds, start_fn, start_fp, 0.5, text=True)
    assert shown(root, names) == {k: start[k] for k in names}
    for a, b, t in [(10, 1, 'min'), (10, 1, 'max'), ('min', 'min', 0.65), ('max', 'min', 0.06),
                    ('min', 'max', 'max'), (7, 3, 0.42), ('max', 'max', 'min'), (10, 1, 0.5)]:
        c_fn = set_slider(root, 'Custo de uma falha', a)
        c_fp = set_slider(root, 'Custo de um alarme falso', b)
        s = set_slider(root, 'Limiar', t)
        expected = ex.cost_values(y, p, folds, c_fn, c_fp, s, text=True)
        assert shown(root, names) == {k: expected[k] for k in names}, (a, b, t)
        assert root.locator('[data-show="threshold"]').inner_text() == expected['threshold']


def check_calibration(root, y, probas, temperatures):
    names = ['brier', 'auc', 'ece', 'temperature', 'changed', 'confident', 'confident_errors',
             'confidence', 'accuracy']
    for model in ('naive Bayes', 'regressão logística'):
        for temp in ('com', 'sem'):
            root.get_by_label(model, exact=True).check()
            root.get_by_label(f'{temp} temperatura', exact=True).check()
            before, after = probas[model]
            values = (ex.calibration_values(y, after, before, temperatures[model], text=True)
                      if temp == 'com' else ex.calibration_values(y, before, before, 1.0, text=True))
            assert shown(root, names) == {k: values[k] for k in names}, (model, temp)
            bins = metrics.reliability_bins(y, after if temp == 'com' else before)
            assert root.locator('[data-chart="reliability"] circle').count() == len(bins)
            assert root.locator('[data-table="bins"] tr').count() == len(bins)
    # keyboard: the radios of one group move with the arrow keys
    root.get_by_label('naive Bayes', exact=True).focus()
    root.page.keyboard.press('ArrowRight')
    assert root.get_by_label('regressão logística', exact=True).is_checked()


def check_roc(root):
    for d, t in [('min', 'min'), ('max', 'max'), (2, 1), ('min', 'max'), ('max', 'min'), (1.3, 0.7),
                 (2, -0.5)]:
        dv = set_slider(root, 'Separação d', d)
        tv = set_slider(root, 'Limiar', t)
        assert_shown(root, ex.roc_binormal_values(dv, tv, text=True), f'd {d} limiar {t}')
    set_slider(root, 'Separação d', 2)
    assert shown(root, ['auc'])['auc'] == '0,921'


# ---------------------------------------------------------------- data the lessons use

@pytest.fixture(scope='module')
def calibration_data():
    from course import calibration
    exp = calibration.experiment()
    m = exp['models']
    return (exp['y_val'], {k: (v['p_before'], v['p_after']) for k, v in m.items()},
            {k: v['T'] for k, v in m.items()})


# ---------------------------------------------------------------- on the built site

def test_metricas_fundamental(page):
    open_page(page, 'lessons/metricas-fundamental.html')
    check_four_cells(explorable(page, 'four-cells'))
    check_threshold_patients(explorable(page, 'threshold-patients'))
    assert_clean(page)


def test_metricas_avancada(page):
    open_page(page, 'lessons/metricas-avancada.html')
    check_fbeta(explorable(page, 'fbeta'))
    check_prevalence(explorable(page, 'prevalence'))
    assert_clean(page)


def test_custo(page, cost_data):
    from course.values import shipped
    open_page(page, 'lessons/custo.html')
    root = explorable(page, 'cost')
    prices = shipped('custo')      # the explorable opens at the lesson's own prices
    assert control(root, 'Custo de uma falha').input_value() == prices['custo_price_fn']
    assert control(root, 'Custo de um alarme falso').input_value() == prices['custo_price_fp']
    check_cost(root, *cost_data[1:])
    assert_clean(page)


def test_calibracao(page, calibration_data):
    open_page(page, 'lessons/calibracao.html')
    # predict first (issue 21): the lab is the answer of the third Preveja of section 1, hidden
    # until the student predicts; the two before it ask what its opening state would show
    lab = page.locator('.explorable-calibration').first
    region = lab.locator('xpath=ancestor::div[contains(@class, "preveja-resposta")]')
    assert region.count() == 1 and not lab.is_visible()
    box = region.locator('xpath=preceding-sibling::div[contains(@class, "preveja")][1]')
    assert len(page.locator('section#experimente div.admonition.preveja').all()) == 3
    box.locator('button.preveja-pular').click()
    check_calibration(explorable(page, 'calibration'), *calibration_data)
    assert_clean(page)


def test_roc(page):
    open_page(page, 'lessons/roc.html')
    check_roc(explorable(page, 'roc-binormal'))
    assert_clean(page)


# ---------------------------------------------------------------- no site needed

@pytest.fixture
def blank(browser, tmp_path):
    """A page on a local file, with the same recording of problems as ``page``."""
    pg = recording_page(browser, ['file:', 'about:'])
    pg.tmp = tmp_path
    yield pg
    pg.context.close()


def test_same_output_twice_on_one_page(blank):
    """Two outputs, each with the runtime inlined: defined once, both mounted, independent."""
    from course.data import PATIENT_IDS, SCORES, Y_TRUE
    parts = [ex.four_cells(), ex.four_cells(),
             ex.threshold_patients(PATIENT_IDS, SCORES, Y_TRUE),
             ex.threshold_patients(PATIENT_IDS, SCORES, Y_TRUE), ex.roc_binormal()]
    path = blank.tmp / 'twice.html'
    path.write_text('<!doctype html><html lang="pt-BR"><meta charset="utf-8"><body>'
                    + ''.join(f'<div class="cell">{x._repr_html_()}</div>' for x in parts)
                    + '</body></html>', encoding='utf-8')
    blank.goto(path.as_uri())
    first, second = blank.locator('.explorable-four-cells').all()
    assert first.get_attribute('data-mounted') == second.get_attribute('data-mounted') == 'true'
    first.get_by_role('button', name='Modelo preguiçoso').click()
    assert shown(first, ['tp'])['tp'] == '5'
    assert shown(second, ['tp'])['tp'] == '350'          # untouched
    check_four_cells(second)
    a, b = blank.locator('.explorable-threshold-patients').all()
    set_slider(a, 'Limiar', 'max')
    assert shown(b, ['precision'])['precision'] == '0,778'
    check_threshold_patients(b)
    check_roc(explorable(blank, 'roc-binormal'))
    assert blank.evaluate('window.CourseExplorables.version') == 1
    assert_clean(blank)


def test_each_output_in_its_own_sandbox(blank):
    """As Colab shows outputs: each in a sandboxed iframe, nothing shared between them."""
    import html
    parts = [ex.four_cells(), ex.prevalence(), ex.roc_binormal()]
    frames = ''.join(
        f'<iframe sandbox="allow-scripts" style="width:900px;height:700px" '
        f'srcdoc="{html.escape("<!doctype html><meta charset=utf-8>" + x._repr_html_(), quote=True)}">'
        f'</iframe>' for x in parts)
    path = blank.tmp / 'frames.html'
    path.write_text(f'<!doctype html><meta charset="utf-8"><body>{frames}</body>', encoding='utf-8')
    blank.goto(path.as_uri())
    blank.wait_for_timeout(300)
    fr = [f for f in blank.frames if f != blank.main_frame]
    assert len(fr) == 3
    check_four_cells(fr[0].locator('.explorable-four-cells'))
    check_prevalence(fr[1].locator('.explorable-prevalence'))
    check_roc(fr[2].locator('.explorable-roc-binormal'))
    assert_clean(blank)
