"""Explorables ("Experimente"): interactive panels that run in the browser with no Python kernel.

One mechanism for every page: Python computes the data (curves over the threshold grid,
the four states of the calibration lab...) and writes one self-contained HTML output:

    <div class="explorable" id=...>              controls with visible Portuguese labels,
      <script type="application/json">...</script>   numbers as HTML text (``data-value="..."``)
      ...
    </div>
    course/static/explorables.css, numbers.js, explorables.js (see course/runtime.py)
    <script>window.CourseExplorables.mount(id)</script>

The runtime is inlined in every output (Colab sandboxes each output, so nothing may be shared
between cells) and guarded by ``window.CourseExplorables = window.CourseExplorables || ...``.
No file is loaded from the network. Every number on screen is written by ``course.fmt`` here and
by ``course/static/numbers.js`` there, which follow the same rules. The numbers rendered by Python into the HTML are the
initial state; the JavaScript recomputes them with the same formulas when a control moves.
Every ``*_values`` function below is that formula on the Python side (``text=True`` gives the
strings exactly as the page shows them), so tests can compare the browser with Python.

In a lesson, in a cell tagged ``[remove-input, nbval-ignore-output]``::

    from course import explorables
    explorables.four_cells()
"""
import html
import json
import math
import uuid

import numpy as np

from . import calibration, metrics, runtime
from .fmt import num, pct
from .metrics import THRESHOLDS, divide, round_half_up
from .palette import CELLS, OKABE_ITO, SERIES

# ----------------------------------------------------------------------------------------
# numbers as the page shows them (course.fmt, the rules of course/static/numbers.js); the
# formulas are those of ``course.metrics`` (one rounding rule, half up)

def _fmt(value, kind):
    """One number as the page shows it. ``kind``: ``'int'`` (whole, grouped with a dot),
    ``('num', d)`` (d decimals), ``('pct', d)`` (percentage with d decimals)."""
    if kind == 'int':
        return num(value, 0)
    style, digits = kind
    return pct(value, digits) if style == 'pct' else num(value, digits)


def _texts(values, formats):
    return {k: _fmt(values[k], formats[k]) for k in formats}


# ----------------------------------------------------------------------------------------
# section 4: everything comes out of four cells

FOUR_CELLS_FORMATS = {'tp': 'int', 'fn': 'int', 'fp': 'int', 'tn': 'int', 'sick': 'int',
                      'healthy': 'int', 'accuracy': ('pct', 1), 'precision': ('pct', 1),
                      'recall': ('pct', 1), 'f1': ('pct', 1), 'baseline': ('pct', 1)}


def four_cells_values(population, sensitivity, specificity, prevalence, text=False):
    """The 2×2 matrix in whole patients and the metrics read from it.

    doentes = round(N·prev), TP = round(sens·doentes), TN = round(esp·saudáveis), rounding
    half up. ``baseline`` is the accuracy of the constant answer "sempre saudável"."""
    n = int(population)
    sick = round_half_up(n * prevalence)
    tp = round_half_up(sensitivity * sick)
    fn = sick - tp
    healthy = n - sick
    tn = round_half_up(specificity * healthy)
    fp = healthy - tn
    values = {'tp': tp, 'fn': fn, 'fp': fp, 'tn': tn, 'sick': sick, 'healthy': healthy,
              'accuracy': divide(tp + tn, n), 'precision': divide(tp, tp + fp),
              'recall': divide(tp, tp + fn), 'f1': divide(2 * tp, 2 * tp + fp + fn),
              'baseline': divide(healthy, n)}
    return _texts(values, FOUR_CELLS_FORMATS) if text else values


# ----------------------------------------------------------------------------------------
# sections 6 and 9: the threshold on the 20 patients, F-beta

THRESHOLD_FORMATS = {'tp': 'int', 'fp': 'int', 'fn': 'int', 'tn': 'int',
                     'precision': ('num', 3), 'recall': ('num', 3), 'f1': ('num', 3)}


def _counted(scores, y_true, threshold):
    c = metrics.counts(y_true, scores, threshold)
    return {'tp': c.tp, 'fp': c.fp, 'fn': c.fn, 'tn': c.tn, 'precision': metrics.precision(c),
            'recall': metrics.recall(c)}, c


def threshold_values(scores, y_true, threshold, text=False):
    """Counts (``score >= threshold`` is "doente") and precision, recall, F1 = 2TP/(2TP+FP+FN)."""
    values, c = _counted(scores, y_true, threshold)
    values['f1'] = metrics.fbeta(c, 1)
    return _texts(values, THRESHOLD_FORMATS) if text else values


FBETA_FORMATS = {'precision': ('num', 3),
                 'recall': ('num', 3), 'fbeta': ('num', 3), 'best_threshold': ('num', 2),
                 'best_fbeta': ('num', 3)}


def fbeta_values(scores, y_true, beta, threshold, text=False):
    """F-beta = (1+β²)TP / ((1+β²)TP + β²FN + FP), precision and recall at the threshold, and
    the best threshold for this β."""
    values, c = _counted(scores, y_true, threshold)
    best_t, best_f = metrics.fbeta_best(y_true, scores, beta)
    values.update(fbeta=metrics.fbeta(c, beta), best_threshold=best_t, best_fbeta=best_f)
    return _texts(values, FBETA_FORMATS) if text else values


# ----------------------------------------------------------------------------------------
# section 10: prevalence changes precision

PREVALENCE_FORMATS = {'sick': 'int', 'healthy': 'int', 'tp': 'int', 'fp': 'int', 'fn': 'int',
                      'tn': 'int', 'precision': ('num', 3),
                      'npv': ('num', 4), 'accuracy': ('num', 3)}


# The prevalence slider's lower end, in percent: its track is logarithmic (as the chart's axis),
# 0,1 % to 100 %, so that 0,1–10 % takes two thirds of it.
PREVALENCE_MIN = 0.1


def prevalence_values(sensitivity, specificity, prevalence, population=10_000, text=False):
    """The seed's section-10 arithmetic, in whole people: sick = round(N·prev) (the control takes
    hundredths of a percent, so with N = 10 000 N·prev is a whole number), tp = round(sens·sick)
    and tn = round(spec·healthy), each rounded once (half up, as the browser's ``halfUp``), and
    fn = sick − tp, fp = healthy − tn: the four counts add up to the people shown (at 0,95 % the
    panel said "95 doentes" with TP 66 and FN 28). At the seed's prevalences (50 %, 10 %, 1 %) the
    counts are whole already and the seed's printed line is unchanged."""
    sick = round_half_up(population * prevalence)
    healthy = population - sick
    tp = round_half_up(sensitivity * sick)
    fn = sick - tp
    tn = round_half_up(specificity * healthy)
    fp = healthy - tn
    values = {'sick': sick, 'healthy': healthy, 'tp': tp, 'fp': fp, 'fn': fn, 'tn': tn,
              'precision': divide(tp, tp + fp), 'npv': divide(tn, tn + fn),
              'accuracy': divide(tp + tn, population)}
    return _texts(values, PREVALENCE_FORMATS) if text else values


# ----------------------------------------------------------------------------------------
# lesson 2.6: threshold by the cost of errors (seed 001)

COST_FORMATS = {'threshold': ('num', 2), 'fn': 'int', 'fp': 'int', 'cost': 'int',
                'cheapest_threshold': ('num', 2), 'cheapest_cost': 'int',
                'theory': ('num', 3), 'theory_threshold': ('num', 2), 'theory_cost': 'int',
                'honest_cost': 'int', 'all_cost': 'int', 'none_cost': 'int'}


def cost_values(y, scores, folds, cost_fn=10, cost_fp=1, threshold=0.5, text=False):
    """Everything the cost lab shows, with the seed's ``costs`` function: cost at s =
    c_fn·#(p < s & y = 1) + c_fp·#(p ≥ s & y = 0); cheapest = first argmin over 0,01…0,99;
    honest = for each fold k, the cheapest threshold on rows with fold ≠ k priced on fold = k."""
    y, p = np.asarray(y), np.asarray(scores, dtype=float)
    fn, fp = metrics.errors_over(y, p)
    c = metrics.cost(fn, fp, cost_fn, cost_fp)
    i = metrics.grid_index(threshold)
    k_min, k_th = int(c.argmin()), metrics.theory_index(cost_fn, cost_fp)
    honest, picked = metrics.held_out(y, p, folds, cost_fn, cost_fp)
    values = {'threshold': float(THRESHOLDS[i]), 'fn': int(fn[i]), 'fp': int(fp[i]),
              'cost': int(c[i]), 'cheapest_threshold': float(THRESHOLDS[k_min]),
              'cheapest_cost': int(c[k_min]),
              'theory': metrics.theory_threshold(cost_fn, cost_fp),
              'theory_threshold': float(THRESHOLDS[k_th]), 'theory_cost': int(c[k_th]),
              'honest_cost': honest, 'honest_thresholds': '; '.join(num(s, 2) for s in picked),
              'all_cost': cost_fp * int((y == 0).sum()), 'none_cost': cost_fn * int((y == 1).sum())}
    if text:
        return dict(_texts(values, COST_FORMATS), honest_thresholds=values['honest_thresholds'])
    return values


# ----------------------------------------------------------------------------------------
# lesson 2.4: calibration (seed 002)

CALIBRATION_FORMATS = {'brier': ('num', 3), 'auc': ('num', 3), 'ece': ('num', 3),
                       'temperature': ('num', 2), 'changed': 'int', 'confident': 'int',
                       'confident_errors': 'int', 'confidence': ('pct', 1),
                       'accuracy': ('pct', 1)}


def calibration_values(y, p, p_reference=None, temperature=1.0, text=False, z=None):
    """One state of the calibration lab: reliability bins, Brier, ROC AUC, ECE, decisions at 0,5
    changed with respect to ``p_reference`` (the same model "sem" temperature), rows with
    confidence max(p, 1−p) > 0,99 and how many of them are errors, mean confidence, accuracy.
    The ROC AUC is the scores' ``z`` when they are given (``calibration.summary``)."""
    summary = calibration.summary(y, p, p_reference, z)
    values = {'bins': metrics.reliability_bins(y, p), 'temperature': float(temperature),
              'confident': summary['sure'], 'confident_errors': summary['sure_errors']}
    values.update({k: summary[k] for k in ('brier', 'auc', 'ece', 'changed', 'confidence',
                                           'accuracy')})
    if text:
        return _texts(values, CALIBRATION_FORMATS)
    return values


# ----------------------------------------------------------------------------------------
# lesson 2.3: the binormal ROC

def normal_cdf(z):
    """Φ(z)."""
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


ROC_FORMATS = {'tpr': ('num', 3), 'fpr': ('num', 3), 'auc': ('num', 3)}


def roc_binormal_values(d, threshold, text=False):
    """Negatives ~ N(0, 1), positives ~ N(d, 1): TPR = 1 − Φ(t − d), FPR = 1 − Φ(t),
    AUC = Φ(d/√2)."""
    values = {'tpr': 1 - normal_cdf(threshold - d), 'fpr': 1 - normal_cdf(threshold),
              'auc': normal_cdf(d / math.sqrt(2))}
    return _texts(values, ROC_FORMATS) if text else values


# ----------------------------------------------------------------------------------------
# HTML

def _json_for_script(data):
    """JSON that is safe inside <script>: no '<' can close the element."""
    return json.dumps(data, ensure_ascii=False, separators=(',', ':')).replace('<', '\\u003c')


class Explorable:
    """One explorable: ``kind`` (the JavaScript mount function), ``data`` (JSON for it) and
    ``body`` (the controls and the numbers in their initial state)."""

    def __init__(self, kind, title, body, data):
        self.kind, self.title, self.body, self.data = kind, title, body, data
        self.id = f"explorable-{uuid.uuid4().hex[:10]}"

    def _repr_html_(self):
        body = self.body.replace('{uid}', self.id)
        data = dict(self.data, kind=self.kind)
        return (f'<div class="explorable explorable-{self.kind}" id="{self.id}" '
                f'role="group" aria-labelledby="{self.id}-title">'
                f'<p class="ex-title" id="{self.id}-title">{html.escape(self.title)}</p>'
                f'<script type="application/json" class="ex-data">{_json_for_script(data)}</script>'
                f'{body}</div>\n'
                f'{runtime.inline(runtime.EXPLORABLE)}\n'
                f'<script>window.CourseExplorables.mount("{self.id}");</script>\n')

    def __repr__(self):
        return f"<Explorable {self.kind}>"


def _shown(value, digits=0, unit='', trim=False):
    """A control's value as its field shows it (``numbers.js`` writes the same)."""
    return num(value, digits, trim) + (f' {unit}' if unit else '')


def _control(name, label, spec, value, inner):
    """One control: its visible label, ``inner`` (slider and/or field) and a line for the notes
    of the field (``aria-live``). ``data-spec`` tells the runtime the range, the step, the
    decimals and the unit; ``data-current`` holds the value, in the control's units."""
    return (f'<div class="ex-control" data-name="{name}" data-spec="{html.escape(json.dumps(spec))}" '
            f'data-current="{value!r}"><label id="{{uid}}-{name}-label" for="{{uid}}-{name}">{label}</label>'
            f'<div class="ex-input-row">{inner}</div>'
            f'<p class="ex-field-note" id="{{uid}}-{name}-note" data-note="{name}" aria-live="polite"></p></div>')


def _field(name, spec, shown, first=False):
    """The number field: typed "0,3 %", "0,3", "3/10"; named by the control's label."""
    mode = 'decimal' if spec['min'] >= 0 else 'text'      # a phone's decimal keypad has no minus
    ident = f'{{uid}}-{name}' if first else f'{{uid}}-{name}-field'
    named = '' if first else f'aria-labelledby="{{uid}}-{name}-label" '
    return (f'<input type="text" inputmode="{mode}" class="ex-field" id="{ident}" data-field="{name}" '
            f'{named}aria-describedby="{{uid}}-{name}-note" value="{shown}" autocomplete="off" '
            f'spellcheck="false">')


def _range(name, label, lo, hi, step, value, digits=0, unit='', scale='linear', trim=False):
    """A slider and its number field, one value, both named by the visible label. ``value`` is in
    the control's units (percent for ``unit='%'``). ``scale='log'``: the track follows log10 of
    the value, as the chart's axis does, and a dragged value keeps two significant digits."""
    spec = {'min': lo, 'max': hi, 'step': step, 'digits': digits, 'unit': unit, 'scale': scale,
            'trim': trim}
    shown = _shown(value, digits, unit, trim)
    if scale == 'log':
        lo, hi, step, position = (round(math.log10(lo), 3), round(math.log10(hi), 3), 0.001,
                                  round(math.log10(value), 3))
    else:
        position = value
    slider = (f'<span class="ex-slider"><input type="range" id="{{uid}}-{name}" data-control="{name}" '
              f'min="{lo}" max="{hi}" step="{step}" value="{position}" aria-valuetext="{shown}"></span>')
    return _control(name, label, spec, value, slider + _field(name, spec, shown))


def _number(name, label, lo, hi, value):
    """A whole number typed in pt-BR ("10.000"), with no slider."""
    spec = {'min': lo, 'max': hi, 'step': 1, 'digits': 0, 'unit': '', 'scale': 'linear',
            'trim': False, 'thousands': True}
    return _control(name, label, spec, value, _field(name, spec, num(value, 0), first=True))


def _radios(name, label, options, checked):
    items = ''.join(
        f'<span class="ex-radio"><input type="radio" id="{{uid}}-{name}-{k}" name="{{uid}}-{name}" '
        f'data-control="{name}" value="{k}"{" checked" if k == checked else ""}>'
        f'<label for="{{uid}}-{name}-{k}">{html.escape(text)}</label></span>'
        for k, text in options)
    return (f'<fieldset class="ex-control ex-radios" aria-labelledby="{{uid}}-{name}-legend">'
            f'<legend id="{{uid}}-{name}-legend">{label}</legend>{items}</fieldset>')


def _value(name, text, label=None, unit=''):
    """A number as HTML text with its stable ``data-value`` name."""
    lab = f'<span class="ex-label">{label}</span> ' if label else ''
    return f'<span class="ex-stat">{lab}<strong data-value="{name}">{text}</strong>{unit}</span>'


def _chart(name, label):
    return f'<div class="ex-chart" data-chart="{name}" role="img" aria-label="{html.escape(label)}"></div>'


def _cells_palette():
    return {k: {'color': v['color'], 'marker': v['marker'], 'label': v['label']}
            for k, v in CELLS.items()}


# ----------------------------------------------------------------------------------------
# the public API: one function per explorable

def four_cells(population=1000, sensitivity=0.70, specificity=0.80, prevalence=0.50):
    """"Tudo sai de quatro células" (seed 000, section 4): sliders Sensibilidade,
    Especificidade, Prevalência (in %), the population size, the button "Modelo preguiçoso"
    (50 %, 99 %, 1 %); the matrix TP FN / FP TN, accuracy, precision, recall, F1 and the
    accuracy of "sempre saudável" beside them."""
    v = four_cells_values(population, sensitivity, specificity, prevalence, text=True)
    s, e, p = (round(100 * x) for x in (sensitivity, specificity, prevalence))

    def cell(name, title):
        return (f'<td class="ex-cell ex-{name}"><span class="ex-cell-name">{name}</span> '
                f'<strong data-value="{name.lower()}">{v[name.lower()]}</strong>'
                f'<span class="ex-cell-desc">{title}</span></td>')
    body = (
        '<div class="ex-controls">'
        + _range('sensitivity', 'Sensibilidade', 0, 100, 1, s, unit='%')
        + _range('specificity', 'Especificidade', 0, 100, 1, e, unit='%')
        + _range('prevalence', 'Prevalência', 0, 100, 1, p, unit='%')
        + _number('population', 'Tamanho da população', 1, 1_000_000, int(population))
        + '<div class="ex-control"><button type="button" data-action="lazy">Modelo preguiçoso'
          '</button></div></div>'
        '<div class="ex-row"><table class="ex-matrix"><caption>Matriz de confusão: '
        f'{_value("sick", v["sick"])} doentes, {_value("healthy", v["healthy"])} saudáveis</caption>'
        '<thead><tr><th scope="col">real \\ previsto</th><th scope="col">doente</th>'
        '<th scope="col">saudável</th></tr></thead><tbody>'
        '<tr><th scope="row">doente</th>' + cell('TP', 'doente, marcado')
        + cell('FN', 'doente, escapou') + '</tr>'
        '<tr><th scope="row">saudável</th>' + cell('FP', 'alarme falso')
        + cell('TN', 'saudável, deixado em paz') + '</tr></tbody></table>'
        '<div class="ex-metrics">'
        + ''.join(f'<div class="ex-metric"><span class="ex-label">{lab}</span>'
                  f'<span class="ex-bar"><span data-bar="{k}"></span></span>'
                  f'<strong data-value="{k}">{v[k]}</strong></div>'
                  for k, lab in [('accuracy', 'Acurácia'), ('precision', 'Precisão'),
                                 ('recall', 'Revocação'), ('f1', 'F1'),
                                 ('baseline', 'Acurácia de "sempre saudável"')])
        + '</div></div>')
    data = {'population': int(population), 'lazy': {'sensitivity': 50, 'specificity': 99,
                                                     'prevalence': 1, 'population': 1000}}
    return Explorable('four-cells', 'Tudo sai de quatro células', body, data)


def threshold_patients(ids, scores, y_true, threshold=0.5):
    """Section 6: slider Limiar (0–1, step 0,01); the patients on the score line, each drawn as
    TP/FP/FN/TN by colour and shape, the four counts, precision, recall and F1."""
    v = threshold_values(scores, y_true, threshold, text=True)
    body = (
        '<div class="ex-controls">'
        + _range('threshold', 'Limiar', 0, 1, 0.01, float(threshold), 2) + '</div>'
        + _chart('patients', 'Os pacientes numa linha de escore, com o limiar; cada paciente é '
                 'desenhado como TP, FP, FN ou TN por cor e forma.')
        + '<div class="ex-stats">'
        + ''.join(_value(k, v[k], f'<span data-icon="{k.upper()}"></span>{CELLS[k.upper()]["label"]}')
                  for k in ('tp', 'fp', 'fn', 'tn'))
        + '</div><div class="ex-stats">'
        + _value('precision', v['precision'], 'Precisão') + _value('recall', v['recall'], 'Revocação')
        + _value('f1', v['f1'], 'F1') + '</div>')
    data = {'ids': [str(i) for i in ids], 'scores': [float(s) for s in scores],
            'y': [int(t) for t in y_true], 'cells': _cells_palette()}
    return Explorable('threshold-patients', 'O limiar nos pacientes', body, data)


def fbeta_threshold(scores, y_true, beta=1.0, threshold=0.5):
    """Section 9: sliders β (0,25–4) and Limiar; the F-beta curve over the threshold (with
    precision and recall), its best threshold marked with its value, and F-beta, precision and
    recall at the chosen threshold."""
    v = fbeta_values(scores, y_true, beta, threshold, text=True)
    body = (
        '<div class="ex-controls">'
        + _range('beta', 'β', 0.25, 4, 0.05, float(beta), 2)
        + _range('threshold', 'Limiar', 0, 1, 0.01, float(threshold), 2) + '</div>'
        + _chart('fbeta', 'F-beta, precisão e revocação em função do limiar, com o melhor limiar '
                 'marcado e o limiar escolhido.')
        + '<div class="ex-stats">'
        + _value('fbeta', v['fbeta'], 'F<sub>β</sub> no limiar')
        + _value('precision', v['precision'], 'Precisão') + _value('recall', v['recall'], 'Revocação')
        + '</div><div class="ex-stats">'
        + _value('best_threshold', v['best_threshold'], 'Melhor limiar para este β')
        + _value('best_fbeta', v['best_fbeta'], 'F<sub>β</sub> máximo') + '</div>')
    # precision blue and recall vermillion, both solid; the F-beta curve in the ink colour
    # (static/explorables.js): no line style means two things on the page (Fig. 5, Fig. 6)
    data = {'scores': [float(s) for s in scores], 'y': [int(t) for t in y_true],
            'series': SERIES[:2]}
    return Explorable('fbeta', 'F-beta e o limiar', body, data)


def prevalence(sensitivity=0.70, specificity=0.80, prevalence=0.01, population=10_000):
    """Section 10: sliders Prevalência (0,1–100 %, logarithmic track), Sensibilidade, Especificidade;
    per 10 000 people: TP, FP, precision, NPV and accuracy (the seed's arithmetic)."""
    v = prevalence_values(sensitivity, specificity, prevalence, population, text=True)
    s, e = round(100 * sensitivity), round(100 * specificity)
    body = (
        '<div class="ex-controls">'
        + _range('prevalence', 'Prevalência', PREVALENCE_MIN, 100, 0.01, round(100 * prevalence, 2),
                 2, '%', scale='log', trim=True)
        + _range('sensitivity', 'Sensibilidade', 0, 100, 1, s, unit='%')
        + _range('specificity', 'Especificidade', 0, 100, 1, e, unit='%') + '</div>'
        + f'<p class="ex-note">Em {num(population, 0)} pessoas: '
        + _value('sick', v['sick']) + ' doentes e ' + _value('healthy', v['healthy'])
        + ' saudáveis.</p>'
        + _chart('flagged', 'Os marcados pelo modelo: verdadeiros positivos e alarmes falsos.')
        + '<div class="ex-stats">'
        + _value('tp', v['tp'], 'TP') + _value('fp', v['fp'], 'FP')
        + _value('fn', v['fn'], 'FN') + _value('tn', v['tn'], 'TN') + '</div><div class="ex-stats">'
        + _value('precision', v['precision'], 'Precisão') + _value('npv', v['npv'], 'VPN')
        + _value('accuracy', v['accuracy'], 'Acurácia') + '</div>'
        + _chart('precision', 'Precisão em função da prevalência (eixo em escala logarítmica), '
                 'com a prevalência escolhida marcada.'))
    # the precision curve in the TP colour (blue, solid) and the NPV vermillion dashed, as in Fig. 6
    data = {'population': int(population), 'cells': _cells_palette(), 'series': SERIES[:2]}
    return Explorable('prevalence', 'A prevalência muda a precisão', body, data)


def cost_lab(y, scores, folds, cost_fn=10, cost_fp=1, threshold=0.5):
    """Lesson 2.6 (seed 001): sliders Custo de uma falha, Custo de um alarme falso (1–50) and
    Limiar (0,01–0,99); failures, false alarms and cost at the threshold; the cost curve with the
    cheapest threshold and the theory threshold c_FP/(c_FP+c_FN); the honest check (threshold
    picked on 4/5, priced on the other 1/5, over the folds given by ``folds``)."""
    y, p, folds = np.asarray(y), np.asarray(scores, dtype=float), np.asarray(folds)
    v = cost_values(y, p, folds, cost_fn, cost_fp, threshold, text=True)
    fn, fp = metrics.errors_over(y, p)
    by_fold = [dict(zip(('fn', 'fp'), (a.tolist() for a in metrics.errors_over(y[folds == k], p[folds == k]))))
               for k in np.unique(folds)]
    body = (
        '<div class="ex-controls">'
        + _range('cost_fn', 'Custo de uma falha', 1, 50, 1, int(cost_fn))
        + _range('cost_fp', 'Custo de um alarme falso', 1, 50, 1, int(cost_fp))
        + _range('threshold', 'Limiar', 0.01, 0.99, 0.01,
                 round(float(THRESHOLDS[metrics.grid_index(threshold)]), 2), 2) + '</div>'
        + '<div class="ex-stats">'
        + _value('fn', v['fn'], 'Falhas (FN)') + _value('fp', v['fp'], 'Alarmes falsos (FP)')
        + _value('cost', v['cost'], 'Custo') + '</div>'
        + _chart('cost', 'Custo total em função do limiar, com o limiar escolhido, o mais barato '
                 'e o da teoria marcados.')
        + '<div class="ex-stats">'
        + _value('cheapest_threshold', v['cheapest_threshold'], 'Limiar mais barato')
        + _value('cheapest_cost', v['cheapest_cost'], 'custo') + '</div><div class="ex-stats">'
        + '<span class="ex-stat"><span class="ex-label">Limiar da teoria</span> c<sub>FP</sub> / '
          '(c<sub>FP</sub> + c<sub>FN</sub>) = ' f'<strong data-value="theory">{v["theory"]}</strong>'
          f' → <strong data-value="theory_threshold">{v["theory_threshold"]}</strong></span>'
        + _value('theory_cost', v['theory_cost'], 'custo') + '</div><div class="ex-stats">'
        + _value('honest_cost', v['honest_cost'], 'Verificação honesta (limiar escolhido em 4/5, '
                 'custo no 1/5 restante, somado nas 5 dobras)')
        + _value('honest_thresholds', v['honest_thresholds'], 'limiares escolhidos')
        + '</div><div class="ex-stats">'
        + _value('all_cost', v['all_cost'], 'Biópsia para todas')
        + _value('none_cost', v['none_cost'], 'Nenhuma biópsia') + '</div>')
    data = {'thresholds': THRESHOLDS.tolist(), 'fn': fn.tolist(), 'fp': fp.tolist(),
            'folds': by_fold, 'n_pos': int((y == 1).sum()), 'n_neg': int((y == 0).sum()),
            'series': SERIES[:3]}
    return Explorable('cost', 'Limiar pelo custo dos erros', body, data)


CAL_MODELS = [('nb', 'naive Bayes'), ('lr', 'regressão logística')]


def calibration_lab(y, probas, temperatures, model='naive Bayes', temperature='sem', scores=None):
    """Lesson 2.4 (seed 002): radio groups Modelo (naive Bayes / regressão logística) and
    Temperatura (sem / com); the reliability diagram (10 bins of 0,1, circle area ∝ count)
    and Brier, ROC AUC, ECE, T, decisions changed at 0,5, confidence > 99 % (and errors).

    ``probas = {'naive Bayes': (p_sem, p_com), 'regressão logística': (p_sem, p_com)}``,
    ``temperatures = {'naive Bayes': T, ...}``: P(maligno) on the validation rows ``y``;
    ``model`` and ``temperature`` ('sem' / 'com'): the state the panel opens in; ``scores``
    (``{'naive Bayes': z, ...}``, before the sigmoid): the ROC AUC is theirs, the same with and
    without temperature (dividing by T keeps the order)."""
    names = dict(CAL_MODELS)
    states = {}
    for key, name in CAL_MODELS:
        before, after = probas[name]
        z = None if scores is None else np.asarray(scores[name], dtype=float)
        states[f'{key}-sem'] = calibration_values(y, before, before, 1.0, z=z)
        states[f'{key}-com'] = calibration_values(y, after, before, temperatures[name],
                                                  z=None if z is None else z / temperatures[name])
    key = {name: k for k, name in CAL_MODELS}[model]
    first = states[f'{key}-{temperature}']
    t0 = {k: _fmt(first[k], f) for k, f in CALIBRATION_FORMATS.items()}
    body = (
        '<div class="ex-controls">'
        + _radios('model', 'Modelo', CAL_MODELS, key)
        + _radios('temperature', 'Temperatura', [('sem', 'sem temperatura'), ('com', 'com temperatura')],
                  temperature) + '</div>'
        + '<div class="ex-row">'
        + _chart('reliability', 'Diagrama de confiabilidade: em cada faixa de 0,1 da probabilidade '
                 'declarada, a fração de malignas; a área do círculo é proporcional ao número de '
                 'biópsias; a diagonal é a calibração perfeita.')
        + '<div class="ex-metrics">'
        + _value('temperature', t0['temperature'], 'T') + _value('brier', t0['brier'], 'Brier')
        + _value('auc', t0['auc'], 'ROC AUC') + _value('ece', t0['ece'], 'ECE')
        + _value('confidence', t0['confidence'], 'Confiança média')
        + _value('accuracy', t0['accuracy'], 'Acurácia')
        + _value('changed', t0['changed'], 'Decisões em 0,5 que mudaram')
        + _value('confident', t0['confident'], 'Biópsias com confiança acima de 99 %')
        + _value('confident_errors', t0['confident_errors'], 'delas, erros')
        + '</div></div><details class="ex-details"><summary>Tabela das faixas</summary>'
          '<table class="ex-bins"><thead><tr><th scope="col">faixa</th><th scope="col">biópsias</th>'
          '<th scope="col">P(maligno) média</th><th scope="col">fração maligna</th></tr></thead>'
          '<tbody data-table="bins"></tbody></table></details>')
    data = {'states': {k: {kk: vv for kk, vv in s.items()} for k, s in states.items()},
            'names': names, 'n': int(len(np.asarray(y))), 'color': OKABE_ITO['blue']}
    return Explorable('calibration', 'Calibração: diagrama de confiabilidade', body, data)


def roc_binormal(d=2.0, threshold=1.0):
    """Lesson 2.3: sliders Separação d (0–4) and Limiar (−3–5); negatives N(0, 1) and positives
    N(d, 1) with the threshold line, the ROC curve for this d with the moving point, TPR, FPR
    and AUC = Φ(d/√2)."""
    v = roc_binormal_values(d, threshold, text=True)
    body = (
        '<div class="ex-controls">'
        + _range('d', 'Separação d', 0, 4, 0.1, float(d), 1)
        + _range('threshold', 'Limiar', -3, 5, 0.1, float(threshold), 1) + '</div>'
        + '<div class="ex-row">'
        + _chart('densities', 'Densidades dos negativos, N(0, 1), e dos positivos, N(d, 1), com o '
                 'limiar; as áreas à direita do limiar são a FPR e a TPR.')
        + _chart('roc', 'Curva ROC para esta separação, com o ponto do limiar escolhido.')
        + '</div><div class="ex-stats">'
        + _value('tpr', v['tpr'], 'TPR = 1 − Φ(t − d)') + _value('fpr', v['fpr'], 'FPR = 1 − Φ(t)')
        + _value('auc', v['auc'], 'AUC = Φ(d/√2)') + '</div>')
    data = {'series': [SERIES[0], SERIES[1]]}
    return Explorable('roc-binormal', 'A visão binormal da curva ROC', body, data)
