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
from course.fmt import parse

# ---------------------------------------------------------------- helpers

def data_of(root):
    return json.loads(root.locator('script.ex-data').text_content())


def shown(root, names):
    return {k: root.locator(f'[data-value="{k}"]').first.inner_text().strip() for k in names}


def slider(root, label):
    return root.get_by_role('slider', name=label, exact=True)


def field(root, label):
    """The number field beside a slider: named by the same visible label."""
    return root.get_by_role('textbox', name=label, exact=True)


def value(root, label):
    """The control's value as its field shows it, read as a student's number ("70 %" is 0,70)."""
    parsed = parse(field(root, label).input_value(), thousands=True)
    assert parsed.ok, field(root, label).input_value()
    return parsed.value


def type_in(root, label, text):
    f = field(root, label)
    f.fill(str(text))
    f.press('Enter')


def set_slider(root, label, value_or_end):
    """'min' / 'max' by the keyboard on the slider (Home / End), any other value typed in its
    number field with a decimal comma (in the control's units: 37 in a percent field is 37 %).
    Returns the value the field then shows."""
    if value_or_end in ('min', 'max'):
        c = slider(root, label)
        c.focus()
        c.press('Home' if value_or_end == 'min' else 'End')
    else:
        type_in(root, label, str(value_or_end).replace('.', ','))
    return value(root, label)


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


SHOW_ANSWERS = """() => { document.documentElement.classList.remove('preveja-js');
                          window.dispatchEvent(new Event('curso:revelado')); }"""


def show_answers(page):
    """The page as a student who has predicted sees it: every Preveja's answer shown (the
    calibration lab is one, issue 21), its charts redrawn at their new width."""
    page.evaluate(SHOW_ANSWERS)
    page.evaluate('() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))')


def assert_clean(page):
    assert page.outside_requests == [], page.outside_requests
    assert page.console_errors == [], page.console_errors


# ---------------------------------------------------------------- checks, one per explorable

def check_four_cells(root):
    def expected():
        n = int(value(root, 'Tamanho da população'))
        s, e, p = (value(root, k) for k in ('Sensibilidade', 'Especificidade', 'Prevalência'))
        return ex.four_cells_values(n, s, e, p, text=True)
    assert_shown(root, expected(), 'start')
    for s, e, p in [('min', 'min', 'min'), ('max', 'max', 'max'), (37, 63, 'min'),
                    ('max', 'max', 12), (0, 100, 0), (1, 99, 100)]:
        set_slider(root, 'Sensibilidade', s)
        set_slider(root, 'Especificidade', e)
        set_slider(root, 'Prevalência', p)
        assert_shown(root, expected(), f'sens {s} esp {e} prev {p}')
    type_in(root, 'Prevalência', '0')
    assert shown(root, ['recall'])['recall'] == 'indefinido'
    for n in ('1', '999999', '37', '10.000'):
        type_in(root, 'Tamanho da população', n)
        assert_shown(root, expected(), f'N {n}')
    assert field(root, 'Tamanho da população').input_value() == '10.000'   # pt-BR thousands
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
        s, e, p = (value(root, k) for k in ('Sensibilidade', 'Especificidade', 'Prevalência'))
        return ex.prevalence_values(s, e, p, data_of(root)['population'], text=True)
    assert_shown(root, expected(), 'start')
    # 0,95 % and 0,65 % once showed "95 doentes" with TP 66 + FN 28 (and 65 with 46 + 20): the
    # counts are whole people, and the four cells add up to the people shown
    for p, s, e in [(50, 70, 80), (10, 70, 80), (1, 70, 80), (0.95, 70, 80), (0.65, 70, 80),
                    ('min', 70, 80), ('max', 70, 80),
                    ('min', 'max', 'max'), ('max', 'min', 'min'), (0.1, 'max', 'min'), (33.3, 71, 93)]:
        set_slider(root, 'Prevalência', p)
        set_slider(root, 'Sensibilidade', s)
        set_slider(root, 'Especificidade', e)
        assert_shown(root, expected(), f'prev {p} sens {s} esp {e}')
        n = {k: int(v.replace('.', '')) for k, v in shown(root, ['sick', 'healthy', 'tp', 'fn', 'fp', 'tn']).items()}
        assert (n['tp'] + n['fn'], n['fp'] + n['tn']) == (n['sick'], n['healthy']), f'prev {p}: {n}'
    assert field(root, 'Prevalência').input_value() == '33,3 %'
    set_slider(root, 'Prevalência', 'min')
    assert field(root, 'Prevalência').input_value() == '0,1 %'
    set_slider(root, 'Sensibilidade', 'min')
    set_slider(root, 'Especificidade', 'max')
    assert shown(root, ['precision'])['precision'] == 'indefinido'   # nobody flagged


def check_cost(root, y, p, folds):
    """Starts at the lesson's prices and threshold 0,5 (whatever the lesson sets), then moves."""
    start_fn, start_fp = value(root, 'Custo de uma falha'), value(root, 'Custo de um alarme falso')
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
        assert field(root, 'Limiar').input_value() == expected['threshold']


def check_calibration(root, y, probas, temperatures, scores):
    names = ['brier', 'auc', 'ece', 'temperature', 'changed', 'confident', 'confident_errors',
             'confidence', 'accuracy']
    for model in ('naive Bayes', 'regressão logística'):
        for temp in ('com', 'sem'):
            root.get_by_label(model, exact=True).check()
            root.get_by_label(f'{temp} temperatura', exact=True).check()
            before, after = probas[model]
            z = scores[model]               # the panel's ROC AUC is the scores' (the same with and without T)
            values = (ex.calibration_values(y, after, before, temperatures[model], text=True, z=z / temperatures[model])
                      if temp == 'com' else ex.calibration_values(y, before, before, 1.0, text=True, z=z))
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
            {k: v['T'] for k, v in m.items()}, {k: v['z_val'] for k, v in m.items()})


# ---------------------------------------------------------------- on the built site

@pytest.mark.slow
def test_metricas_fundamental(page):
    # both explorables are in the lesson's part 5 (the end of §5 and §6), after the terms they use are
    # defined, each inside its Preveja's answer (a tap on it gives the answer away)
    open_page(page, 'lessons/metricas-fundamental-limiar.html')
    show_answers(page)
    check_four_cells(explorable(page, 'four-cells'))
    check_threshold_patients(explorable(page, 'threshold-patients'))
    assert_clean(page)


@pytest.mark.slow
def test_metricas_avancada(page):
    open_page(page, 'lessons/metricas-avancada.html')               # part 1, section 9
    show_answers(page)              # inside the F2 Preveja's answer (it gives the F2 away)
    check_fbeta(explorable(page, 'fbeta'))
    assert_clean(page)
    open_page(page, 'lessons/metricas-avancada-prevalencia.html')   # part 2, section 10
    show_answers(page)              # the explorable is inside the Preveja's answer (it draws the curve)
    check_prevalence(explorable(page, 'prevalence'))
    assert_clean(page)


@pytest.mark.slow
def test_custo(page, cost_data):
    from course.values import shipped
    open_page(page, 'lessons/custo.html')
    # predict first (issue 30): the panel is the answer of the Preveja of section 1 (the cheapest
    # threshold), hidden until the student predicts or skips
    panel = page.locator('.explorable-cost').first
    region = panel.locator('xpath=ancestor::div[contains(@class, "preveja-resposta")]')
    assert region.count() == 1 and not panel.is_visible()
    region.locator('xpath=preceding-sibling::div[contains(@class, "preveja")][1]') \
        .locator('button.preveja-pular').click()
    root = explorable(page, 'cost')
    prices = shipped('custo')      # the explorable opens at the lesson's own prices
    assert field(root, 'Custo de uma falha').input_value() == prices['custo_price_fn']
    assert field(root, 'Custo de um alarme falso').input_value() == prices['custo_price_fp']
    check_cost(root, *cost_data[1:])
    assert_clean(page)


@pytest.mark.slow
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


@pytest.mark.slow
def test_roc(page):
    open_page(page, 'lessons/roc-binormal.html')    # the binormal explorable is section 4, part 3 of roc
    show_answers(page)              # inside the simulation Preveja's answer
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


@pytest.mark.slow
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
    assert blank.evaluate('window.CourseExplorables.version') == 2
    assert_clean(blank)


@pytest.mark.slow
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


# ---------------------------------------------------------------- by thumb, on a phone

PHONE = {'width': 390, 'height': 844}


@pytest.fixture
def phone(browser, tmp_path, cost_data):
    """Every explorable on one local page, in a phone's browser (390 × 844, touch), nothing
    reachable outside the file; ``phone.touch`` sends real touch events (Chromium's input
    pipeline: a vertical drag scrolls the page)."""
    from course import labs
    from course.data import PATIENT_IDS, SCORES, Y_TRUE
    _, y, p, folds = cost_data
    parts = [ex.four_cells(), ex.threshold_patients(PATIENT_IDS, SCORES, Y_TRUE),
             ex.fbeta_threshold(SCORES, Y_TRUE), ex.prevalence(prevalence=0.5),
             ex.cost_lab(y, p, folds), labs.calibration_lab(), ex.roc_binormal()]
    path = tmp_path / 'phone.html'
    path.write_text('<!doctype html><html lang="pt-BR"><meta charset="utf-8">'
                    '<meta name="viewport" content="width=device-width, initial-scale=1">'
                    '<body style="margin:0"><main style="padding:0 16px">'
                    + ''.join(f'<div class="cell">{x._repr_html_()}</div>' for x in parts)
                    + '</main></body></html>', encoding='utf-8')
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    pg = context.new_page()
    pg.console_errors = []
    pg.on('console', lambda m: m.type == 'error' and pg.console_errors.append(m.text))
    pg.on('pageerror', lambda e: pg.console_errors.append(str(e)))
    context.route('**/*', lambda r: r.continue_() if r.request.url.startswith('file:') else r.abort())
    pg.goto(path.as_uri())
    cdp = context.new_cdp_session(pg)

    def touch(points, steps=12):
        """A finger along ``points`` [(x0, y0), (x1, y1)] (CSS px of the viewport)."""
        (x0, y0), (x1, y1) = points
        cdp.send('Input.dispatchTouchEvent', {'type': 'touchStart', 'touchPoints': [{'x': x0, 'y': y0}]})
        for i in range(1, steps + 1):
            x, yy = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            cdp.send('Input.dispatchTouchEvent', {'type': 'touchMove', 'touchPoints': [{'x': x, 'y': yy}]})
            pg.wait_for_timeout(16)
        cdp.send('Input.dispatchTouchEvent', {'type': 'touchEnd', 'touchPoints': []})
        pg.wait_for_timeout(250)
    pg.touch = touch
    yield pg
    context.close()


def sliders_of(pg):
    """(explorable, label) of every slider on the page."""
    out = []
    for root in pg.locator('.explorable').all():
        for c in root.locator('.ex-control:has(input[type=range])').all():
            out.append((root, c.locator('label').first.inner_text().strip()))
    return out


def track(root, label, pg):
    """The slider's track on screen, scrolled to the middle of the viewport."""
    s = slider(root, label)
    s.scroll_into_view_if_needed()
    pg.evaluate('(y) => window.scrollBy(0, y)', s.bounding_box()['y'] - PHONE['height'] / 2)
    return s.bounding_box()


@pytest.mark.slow
def test_scrolling_across_a_slider_never_moves_it(phone):
    """A thumb that scrolls the page vertically across a slider scrolls the page and leaves the
    value alone (Chromium's own range input jumps to the finger); a sideways drag moves it."""
    moved = []
    for root, label in sliders_of(phone):
        box = track(root, label, phone)
        before, scrolled = field(root, label).input_value(), phone.evaluate('scrollY')
        x, y = box['x'] + box['width'] * 0.8, box['y'] + box['height'] / 2
        phone.touch([(x, y), (x - 25, y - 240)])
        assert phone.evaluate('scrollY') > scrolled + 100, f'{label}: the page did not scroll'
        assert field(root, label).input_value() == before, f'{label} moved while the page scrolled'
        box = track(root, label, phone)
        y = box['y'] + box['height'] / 2
        at = slider(root, label).evaluate('e => (e.value - e.min) / (e.max - e.min)')
        phone.touch([(box['x'] + box['width'] * 0.5, y), (box['x'] + box['width'] * (0.05 if at > 0.5 else 0.95), y + 6)])
        assert field(root, label).input_value() != before, f'{label}: a sideways drag did not move it'
        moved.append(label)
    assert len(moved) == 14, moved
    assert phone.console_errors == []


@pytest.mark.slow
def test_a_tap_on_the_track_sets_the_value_under_it(phone):
    root = phone.locator('.explorable-threshold-patients')
    box = track(root, 'Limiar', phone)
    thumb = 28                                      # explorables.css: the thumb's width
    x = box['x'] + thumb / 2 + 0.8 * (box['width'] - thumb)
    phone.touchscreen.tap(x, box['y'] + box['height'] / 2)
    assert value(root, 'Limiar') == pytest.approx(0.8, abs=0.011)
    assert shown(root, ['tp'])['tp'] == ex.threshold_values(
        np.array(data_of(root)['scores']), np.array(data_of(root)['y']), value(root, 'Limiar'), text=True)['tp']


@pytest.mark.slow
def test_prevalence_slider_follows_the_log_axis(phone):
    """0,1 % at the left end, 1 % a third of the way, 10 % two thirds, 100 % at the right end,
    as on the chart's axis (the linear slider put 0,1–10 % in its first 10 %)."""
    root = phone.locator('.explorable-prevalence')
    box = track(root, 'Prevalência', phone)
    thumb = 28
    for share, expected in [(0, 0.001), (1 / 3, 0.01), (2 / 3, 0.10), (1, 1.0)]:
        phone.touchscreen.tap(box['x'] + thumb / 2 + share * (box['width'] - thumb),
                              box['y'] + box['height'] / 2)
        got = value(root, 'Prevalência')
        assert got == pytest.approx(expected, rel=0.04), (share, got)
    # the chart's axis: 1 % and 10 % two equal steps from 0,1 %
    ticks = {t.text_content(): t.bounding_box()['x'] + t.bounding_box()['width'] / 2
             for t in root.locator('[data-chart="precision"] .ex-tick').all()}
    if '1 %' in ticks and '10 %' in ticks:
        assert ticks['10 %'] - ticks['1 %'] == pytest.approx(ticks['1 %'] - ticks['0,1 %'], abs=2)
    # the arrow keys step through the values shown, never a step that changes nothing
    type_in(root, 'Prevalência', '1')
    s = slider(root, 'Prevalência')
    s.focus()
    seen = []
    for _ in range(5):
        s.press('ArrowRight')
        seen.append(field(root, 'Prevalência').input_value())
    assert seen == ['1,1 %', '1,2 %', '1,3 %', '1,4 %', '1,5 %'], seen


@pytest.mark.slow
def test_number_fields_read_what_a_student_types(phone):
    message = phone.evaluate("CourseNumbers.message('not_a_number')")
    root = phone.locator('.explorable-prevalence')
    note = root.locator('[data-note="prevalence"]')
    for typed, expected, shows in [('0,3 %', 0.003, '0,3 %'), ('0,3', 0.003, '0,3 %'),
                                   ('3/10', 0.30, '30 %'), ('12.5', 0.125, '12,5 %'),
                                   ('1,234', 0.0123, '1,23 %')]:
        type_in(root, 'Prevalência', typed)
        assert value(root, 'Prevalência') == pytest.approx(expected), typed
        assert field(root, 'Prevalência').input_value() == shows
        assert shown(root, ['sick'])['sick'] == ex.prevalence_values(
            0.7, 0.8, value(root, 'Prevalência'), text=True)['sick']
    assert note.inner_text() == 'Arredondado para 1,23 %.'
    type_in(root, 'Prevalência', 'muito')
    assert note.inner_text() == message and message.startswith('Digite um número')
    assert field(root, 'Prevalência').get_attribute('aria-invalid') == 'true'
    assert field(root, 'Prevalência').input_value() == 'muito'   # what was typed stays, to be fixed
    assert root.locator('[data-name="prevalence"]').get_attribute('data-current') == '1.23'  # the value too
    type_in(root, 'Prevalência', '250 %')
    assert value(root, 'Prevalência') == 1.0
    assert note.inner_text() == 'Fora do intervalo, de 0,1 % a 100 %: usei 100 %.'
    type_in(root, 'Prevalência', '50')
    assert note.inner_text() == '' and field(root, 'Prevalência').get_attribute('aria-invalid') is None
    # the slider follows what was typed: 50 % is log10(50) on its track
    assert float(slider(root, 'Prevalência').input_value()) == pytest.approx(np.log10(50), abs=0.001)
    # a negative threshold, with a hyphen or a minus sign; a division by zero
    roc = phone.locator('.explorable-roc-binormal')
    for typed in ('-1,5', '−1,5'):
        type_in(roc, 'Limiar', typed)
        assert field(roc, 'Limiar').input_value() == '−1,5'
        assert shown(roc, ['fpr'])['fpr'] == ex.roc_binormal_values(2.0, -1.5, text=True)['fpr']
    type_in(roc, 'Limiar', '1/0')
    assert roc.locator('[data-note="threshold"]').inner_text() == phone.evaluate(
        "CourseNumbers.message('division_by_zero')")
    cost = phone.locator('.explorable-cost')
    type_in(cost, 'Custo de uma falha', '0')
    assert field(cost, 'Custo de uma falha').input_value() == '1'
    assert cost.locator('[data-note="cost_fn"]').inner_text() == 'Fora do intervalo, de 1 a 50: usei 1.'
    assert phone.console_errors == []


@pytest.mark.slow
def test_controls_are_big_enough_for_a_thumb(phone):
    """Slider and field 44 px high (the thumb's target), side by side within the card; both
    named by the same visible label."""
    small = []
    for root, label in sliders_of(phone):
        for name, c in (('slider', slider(root, label)), ('field', field(root, label))):
            assert c.count() == 1, (label, name)
            box = c.bounding_box()
            target = c.evaluate('e => (e.closest(".ex-slider") || e).getBoundingClientRect().height')
            if target < 44 or box['width'] < 44:
                small.append(f'{label} {name} {box["width"]:.0f}x{target:.0f}')
    for c in phone.locator('.explorable button, .ex-radio, .ex-details summary').all():
        if c.bounding_box()['height'] < 44:
            small.append(c.inner_text())
    assert small == []


# ---------------------------------------------------------------- readable charts, on the site

LESSONS = {'lessons/metricas-fundamental-limiar': ['four-cells', 'threshold-patients'],
           'lessons/metricas-avancada': ['fbeta'], 'lessons/metricas-avancada-prevalencia': ['prevalence'],
           'lessons/custo': ['cost'],
           'lessons/calibracao': ['calibration'], 'lessons/roc-binormal': ['roc-binormal']}   # roc's part 3 holds it

# Every text of an explorable: its size in CSS px as drawn (an SVG text: its font size times the
# chart's scale), and each chart text's box as four corners on screen (a rotated id is a rotated
# box); a chart text outside its chart is cut off.
TEXTS_JS = """(root) => {
    const quads = [], small = [], outside = [];
    const name = t => (t.textContent || '').trim().slice(0, 40);
    for (const svg of root.querySelectorAll('[data-chart] svg')) {
        const box = svg.getBoundingClientRect();
        for (const t of svg.querySelectorAll('text')) {
            const b = t.getBBox(), m = t.getScreenCTM();
            const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
            if (size < 10.99) small.push(`${name(t)}: ${size.toFixed(1)} px`);
            const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
                .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
            quads.push({text: name(t), pts, chart: svg.closest('[data-chart]').dataset.chart});
            if (pts.some(([x, y]) => x < box.left - 1 || x > box.right + 1 || y < box.top - 1 || y > box.bottom + 1))
                outside.push(name(t));
        }
    }
    for (const e of root.querySelectorAll('*')) {
        if (e.closest('svg') || !e.offsetParent) continue;
        if (Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())
            && parseFloat(getComputedStyle(e).fontSize) < 10.99)
            small.push(`${name(e)}: ${getComputedStyle(e).fontSize}`);
    }
    return {quads, small, outside};
}"""


def _axes(quad):
    return [(quad[i][1] - quad[(i + 1) % 4][1], quad[(i + 1) % 4][0] - quad[i][0]) for i in range(4)]


def overlap(a, b, margin=1.0):
    """Two convex boxes overlap by more than ``margin`` px on every separating axis."""
    for ax, ay in _axes(a) + _axes(b):
        n = (ax * ax + ay * ay) ** 0.5 or 1
        pa = [(x * ax + y * ay) / n for x, y in a]
        pb = [(x * ax + y * ay) / n for x, y in b]
        if min(max(pa), max(pb)) - max(min(pa), min(pb)) <= margin:
            return False
    return True


def test_overlap_finds_overlapping_boxes():
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert overlap(square, [(5, 5), (15, 5), (15, 15), (5, 15)])
    assert not overlap(square, [(10.5, 0), (20, 0), (20, 10), (10.5, 10)])
    diamond = [(16, 5), (21, 0), (26, 5), (21, 10)]          # rotated, apart from the square
    assert not overlap(square, diamond) and overlap(square, [(8, 5), (13, 0), (18, 5), (13, 10)])


# The explorable at the start, then with every slider at its lower end, its upper end and 40 % of
# the way, in every combination (the F-beta chart's maximum, the cost chart's 4-digit ticks...),
# and each radio button; its texts measured (TEXTS_JS) in each state. A slider is set as its
# keyboard sets it (Home, End, Home and 4 PageUp: Chromium's page step is a tenth of the range or
# one step, the value clamped to the range and rounded to the step), with the input and change
# events the keyboard fires. All in one call to the page: an explorable redraws within its input
# event's handler, so each state is measured as drawn.
STATES_JS = """(root) => {
    const texts = %s;
    const found = [['start', texts(root)]];
    const sliders = [...root.querySelectorAll('input[type=range]')];
    const set = (s, value) => {
        s.value = String(value);              // the browser clamps it and rounds it to the step
        s.dispatchEvent(new Event('input', {bubbles: true}));
        s.dispatchEvent(new Event('change', {bubbles: true}));
    };
    const at = (s, key) => {
        const min = parseFloat(s.min), max = parseFloat(s.max), step = parseFloat(s.step) || 1;
        if (key === 'Home') return set(s, min);
        if (key === 'End') return set(s, max);
        set(s, min);
        for (let i = 0; i < 4; i++) set(s, parseFloat(s.value) + Math.max((max - min) / 10, step));
    };
    let combos = [[]];
    for (const _ of sliders) combos = combos.flatMap(c => ['Home', 'End', 'mid'].map(k => [...c, k]));
    if (sliders.length) for (const combo of combos) {
        sliders.forEach((s, i) => at(s, combo[i]));
        found.push([combo.join(','), texts(root)]);
    }
    for (const radio of root.querySelectorAll('input[type=radio]')) {
        radio.click();
        found.push([radio.value, texts(root)]);
    }
    return found;
}""" % TEXTS_JS


def text_problems(found):
    quads = found['quads']
    clashes = [(a['text'], b['text']) for i, a in enumerate(quads) for b in quads[i + 1:]
               if a['chart'] == b['chart'] and overlap(a['pts'], b['pts'])]
    return found['small'] + [f'cut off: {t}' for t in found['outside']] + \
        [f'"{a}" on "{b}"' for a, b in clashes]


@pytest.mark.slow
@pytest.mark.parametrize('width', [390, 1280])
@pytest.mark.parametrize('lesson', LESSONS)
def test_chart_text_is_readable_and_never_overlaps(page, lesson, width):
    """At 390 and 1280 px, in every state: no text of an explorable under 11 CSS px, no chart
    label on another (measured on the boxes of the texts as drawn), none cut off."""
    page.set_viewport_size({'width': width, 'height': 900})
    open_page(page, f'{lesson}.html')
    show_answers(page)
    for kind in LESSONS[lesson]:
        root = explorable(page, kind)
        problems = {f'{state}: {p}' for state, found in root.evaluate(STATES_JS) for p in text_problems(found)}
        assert sorted(problems) == [], f'{kind} at {width} px'
    assert_clean(page)


@pytest.mark.slow
def test_charts_are_drawn_at_their_width(page):
    """1 CSS px per unit of the SVG, on a phone as on a desktop: their 12 px type is 12 px."""
    for width in (390, 1280):
        page.set_viewport_size({'width': width, 'height': 900})
        open_page(page, 'lessons/metricas-avancada.html')
        show_answers(page)
        root = explorable(page, 'fbeta')
        svg = root.locator('[data-chart="fbeta"] svg.ex-svg')
        box = root.locator('[data-chart="fbeta"]').bounding_box()
        assert svg.bounding_box()['width'] == pytest.approx(min(box['width'], 640), abs=1.5)
        assert svg.evaluate('s => s.getScreenCTM().a') == pytest.approx(1, abs=0.01)


# ---------------------------------------------------------------- dark mode

COLOURS_JS = """(root) => {
    const out = [];
    const background = e => {
        for (let p = e; p; p = p.parentElement) {
            const c = getComputedStyle(p).backgroundColor;
            if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') return c;
        }
        return getComputedStyle(document.body).backgroundColor;
    };
    for (const e of root.querySelectorAll('*')) {
        if (e.closest('.katex-mathml')) continue;
        const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const svg = e.closest('svg');
        if (svg ? !svg.getBoundingClientRect().width : !e.offsetParent) continue;
        const s = getComputedStyle(e);
        out.push({text: e.textContent.trim().slice(0, 40), fg: svg ? s.fill : s.color,
                  bg: svg ? background(svg) : background(e)});
    }
    return {texts: out, panel: getComputedStyle(root).backgroundColor,
            page: getComputedStyle(document.body).backgroundColor};
}"""


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
@pytest.mark.parametrize('lesson', LESSONS)
def test_explorables_follow_the_theme_with_readable_text(page, lesson, mode):
    """In the theme's dark mode no explorable is a light box on the dark page; in both modes
    every text, the charts' included, keeps 4.5:1 on what is behind it."""
    from contrast import contrast, luminance
    page.context.add_init_script(f"localStorage.setItem('mode', '{mode}');"
                                 f"localStorage.setItem('theme', '{mode}');")
    open_page(page, f'{lesson}.html')
    show_answers(page)
    assert page.evaluate('document.documentElement.dataset.theme') == mode
    for kind in LESSONS[lesson]:
        found = explorable(page, kind).evaluate(COLOURS_JS)
        if mode == 'dark':
            assert luminance(found['page']) < 0.05
            assert luminance(found['panel']) < 0.05, f'{kind}: a light panel ({found["panel"]}) on the dark page'
        low = [f"{t['text']}: {contrast(t['fg'], t['bg']):.2f} ({t['fg']} on {t['bg']})"
               for t in found['texts'] if contrast(t['fg'], t['bg']) < 4.5]
        assert len(found['texts']) > 10 and low == [], f'{kind} ({mode})'


# ---------------------------------------------------------------- a phone: steps and a readout in view

@pytest.mark.slow
def test_the_cost_thresholds_minus_and_plus_reach_any_value_by_thumb(phone, cost_data):
    """Issue 30: the cost explorable's threshold goes from 0,01 to 0,99 by 0,01 over about 200 px
    of a phone, 2 px a step: a thumb dragging from 0,50 toward 0,06 landed on 0,01. Its − and +
    buttons (44 px) move it one step a tap, held down they repeat; the panel follows."""
    _, y, p, folds = cost_data
    root = phone.locator('.explorable-cost')
    less = root.get_by_role('button', name='Limiar, menos 0,01')
    more = root.get_by_role('button', name='Limiar, mais 0,01')
    assert less.count() == 1 and more.count() == 1
    for b in (less, more):
        box = b.bounding_box()
        assert box['width'] >= 44 and box['height'] >= 44
    fn, fp = value(root, 'Custo de uma falha'), value(root, 'Custo de um alarme falso')
    assert value(root, 'Limiar') == pytest.approx(0.5)
    more.tap()
    assert value(root, 'Limiar') == pytest.approx(0.51)
    for _ in range(45):
        less.tap()
    assert value(root, 'Limiar') == pytest.approx(0.06)
    expected = ex.cost_values(y, p, folds, fn, fp, 0.06, text=True)
    assert shown(root, ['fn', 'fp', 'cost']) == {k: expected[k] for k in ('fn', 'fp', 'cost')}
    assert slider(root, 'Limiar').evaluate('s => s.value') == '0.06'
    box = less.bounding_box()                      # held down: it repeats
    phone.mouse.move(box['x'] + 20, box['y'] + 20)
    phone.mouse.down()
    phone.wait_for_timeout(900)
    phone.mouse.up()
    assert value(root, 'Limiar') == pytest.approx(0.01)
    # the coarse sliders (1 to 50) and the log one keep their row: no buttons
    assert root.locator('[data-name="cost_fn"] button.ex-step').count() == 0
    assert phone.locator('.explorable-prevalence [data-name="prevalence"] button.ex-step').count() == 0
    assert phone.console_errors == []


READOUT_JS = """(root) => { const r = root.querySelector('.ex-readout');
    return r && !r.hidden ? {text: r.textContent, box: r.getBoundingClientRect().toJSON(),
                             panel: root.getBoundingClientRect().height} : null; }"""


@pytest.mark.slow
@pytest.mark.parametrize('kind, names', [('roc-binormal', ['tpr', 'fpr', 'auc']),
                                         ('cost', ['cost', 'cheapest_threshold', 'cheapest_cost'])])
def test_a_tall_panel_keeps_its_numbers_in_view_next_to_its_sliders(page, kind, names):
    """Issue 30: an explorable taller than the screen hid its number while the thumb was on the
    slider (roc's is 887 px on an 844 px phone, its TPR, FPR and AUC 700 px under the sliders).
    On the site, on a phone, a compact line under the controls repeats the numbers; it is on
    screen with the slider, and it stays at the top of the screen, under the site's header, while
    the reader scrolls down the panel; moved, it follows the slider."""
    lesson = {'roc-binormal': 'roc-binormal', 'cost': 'custo'}[kind]   # the page that holds it
    page.set_viewport_size(PHONE)
    open_page(page, f'lessons/{lesson}.html')
    show_answers(page)
    root = explorable(page, kind)
    found = root.evaluate(READOUT_JS)
    assert found and found['panel'] > PHONE['height'] - 60, found
    for n in names:
        assert shown(root, [n])[n] in found['text'], (n, found['text'])
    label = 'Limiar'
    s = slider(root, label)
    s.scroll_into_view_if_needed()
    page.evaluate('(y) => window.scrollBy(0, y)', s.bounding_box()['y'] - PHONE['height'] / 2)
    line = root.evaluate(READOUT_JS)['box']
    assert 0 <= line['top'] and line['bottom'] <= PHONE['height'], line        # with the slider
    header = page.evaluate("document.querySelector('.bd-header-article').getBoundingClientRect().bottom")
    page.evaluate('(y) => window.scrollBy(0, y)', found['panel'] * 0.6)        # down the panel
    page.wait_for_timeout(100)
    line = root.evaluate(READOUT_JS)['box']
    assert abs(line['top'] - header) <= 1.5, (line, header)                     # stuck under the header
    type_in(root, label, '0,3' if kind == 'cost' else '2')
    after = root.evaluate(READOUT_JS)['text']
    for n in names:
        assert shown(root, [n])[n] in after
    page.set_viewport_size({'width': 1280, 'height': 900})                     # a desktop: none
    page.wait_for_timeout(100)
    assert root.evaluate(READOUT_JS) is None
    assert_clean(page)


@pytest.mark.slow
def test_a_preset_moves_every_number_the_phones_line_too(page):
    """Issue 41: after "Modelo preguiçoso" the four cells showed 5/5/10/980 while the line of
    numbers under the sliders still said "Acurácia 75,0 % Precisão 77,8 %" until a +/− tap."""
    page.set_viewport_size(PHONE)
    open_page(page, 'lessons/metricas-fundamental-limiar.html')      # part 5 of the lesson
    show_answers(page)
    root = explorable(page, 'four-cells')
    names = [('Acurácia', 'accuracy'), ('Precisão', 'precision'), ('Revocação', 'recall'), ('F1', 'f1')]

    def line_says_the_panels_numbers():
        assert root.evaluate(READOUT_JS), 'no line of numbers under the sliders on a phone'
        line = root.evaluate("r => Array.from(r.querySelectorAll('.ex-readout-item'), i => i.textContent)")
        said = shown(root, [k for _, k in names])
        assert [' '.join(i.split()) for i in line] == [' '.join(f'{lab} {said[k]}'.split()) for lab, k in names]
    line_says_the_panels_numbers()
    before = shown(root, ['accuracy'])
    root.get_by_role('button', name='Modelo preguiçoso').click()
    assert shown(root, ['tp', 'fn', 'fp', 'tn']) == {'tp': '5', 'fn': '5', 'fp': '10', 'tn': '980'}
    assert shown(root, ['accuracy']) != before
    line_says_the_panels_numbers()
    assert_clean(page)


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_no_light_frame_around_a_dark_explorable_and_choices_read_as_made_or_not(page, mode):
    """Issue 30: in dark mode every explorable had a light-grey outer frame (the theme's light
    card under a notebook's HTML output), and the calibration panel's radio buttons were the dark
    filled discs of a dark page's native controls. No light box around the card; an unchosen
    radio is an empty ring (3:1 on the card), a chosen one a filled dot."""
    from contrast import contrast, luminance
    page.context.add_init_script(f"localStorage.setItem('mode', '{mode}');"
                                 f"localStorage.setItem('theme', '{mode}');")
    open_page(page, 'lessons/calibracao.html')
    show_answers(page)
    root = explorable(page, 'calibration')
    around = root.evaluate("""r => { const out = []; for (let e = r.parentElement; e && e !== document.body; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor; if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') out.push(c); }
        return out; }""")
    if mode == 'dark':
        assert [c for c in around if luminance(c) > 0.05] == [], around
    card = root.evaluate('r => getComputedStyle(r).backgroundColor')
    radios = root.locator('input[type=radio]')
    unchosen = [i for i in range(radios.count()) if not radios.nth(i).is_checked()]
    chosen = [i for i in range(radios.count()) if radios.nth(i).is_checked()]
    assert unchosen and chosen
    for i in unchosen:
        r = radios.nth(i)
        assert contrast(r.evaluate('e => getComputedStyle(e).borderTopColor'), card) >= 3
        assert r.evaluate("e => getComputedStyle(e, '::before').transform") in ('matrix(0, 0, 0, 0, 0, 0)',)
    for i in chosen:
        dot = radios.nth(i).evaluate("e => [getComputedStyle(e, '::before').transform, getComputedStyle(e, '::before').backgroundColor]")
        assert dot[0] == 'none' or dot[0].startswith('matrix(1, 0, 0, 1'), dot
        assert contrast(dot[1], card) >= 3, dot
    assert_clean(page)
