/* Explorables of the course. Inlined by course/explorables.py in every output, after
   course/static/numbers.js (window.CourseNumbers: every number on screen is written by it), and
   defined once per page. An output is a <div class="explorable" id=...> with its controls, its
   numbers (data-value="...") and its data (script.ex-data); mount(id) wires it up. Charts are
   inline SVG; numbers are HTML text in pt-BR, "indefinido" for a zero denominator. Formulas
   mirror the *_values functions of course/explorables.py (the tests compare them). */
window.CourseExplorables = window.CourseExplorables || (function () {
  'use strict';
  var N = window.CourseNumbers;
  var num = N.format, pct = N.percent;
  function div(a, b) { return b === 0 ? null : a / b; }
  function halfUp(x) { return Math.floor(x + 0.5); }

  /* Φ(z) = (1 + erf(z/√2)) / 2 with erf from its series of positive terms (no cancellation):
     erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)); error far below 1e-7. */
  function erf(x) {
    var a = Math.abs(x);
    if (a > 6) return x < 0 ? -1 : 1;
    var term = a, sum = a, n = 0;
    while (term > 1e-17 * sum) { n += 1; term *= 2 * a * a / (2 * n + 1); sum += term; }
    var r = 2 / Math.sqrt(Math.PI) * Math.exp(-a * a) * sum;
    return x < 0 ? -r : r;
  }
  function phi(z) { return 0.5 * (1 + erf(z / Math.SQRT2)); }

  /* ---------- DOM */
  function all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
  function ctl(root, name) { return root.querySelector('[data-control="' + name + '"]'); }
  function set(root, name, text) {
    all(root, '[data-value="' + name + '"]').forEach(function (e) { e.textContent = text; });
  }
  function show(root, name, text) {   /* the value shown beside a slider */
    var o = root.querySelector('[data-show="' + name + '"]'), c = ctl(root, name);
    if (o) o.textContent = text;
    if (c) c.setAttribute('aria-valuetext', text);
  }
  function chart(root, name, svg) {
    var c = root.querySelector('[data-chart="' + name + '"]');
    if (c) c.innerHTML = svg;
  }
  function esc(s) { return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;'); }

  /* ---------- SVG as text (an HTML parser needs no namespace for inline <svg>) */
  function el(name, attrs, inner) {
    var s = '<' + name;
    Object.keys(attrs).forEach(function (k) { s += ' ' + k + '="' + attrs[k] + '"'; });
    return s + (inner === undefined ? '/>' : '>' + inner + '</' + name + '>');
  }
  function line(x1, y1, x2, y2, cls) { return el('line', { 'class': cls, x1: x1, y1: y1, x2: x2, y2: y2 }); }
  function text(x, y, t, cls, extra) { return el('text', Object.assign({ 'class': cls, x: x, y: y }, extra || {}), t); }
  function frame(o) {
    var m = o.m || { l: 48, r: 14, t: 14, b: 40 }, w = o.w, h = o.h, tx = o.xt || function (v) { return v; };
    var X = function (v) { return m.l + (tx(v) - tx(o.x0)) / (tx(o.x1) - tx(o.x0)) * (w - m.l - m.r); };
    var Y = function (v) { return h - m.b - (v - o.y0) / (o.y1 - o.y0) * (h - m.t - m.b); };
    var s = '<svg viewBox="0 0 ' + w + ' ' + h + '" class="ex-svg" style="max-width:' + w + 'px" overflow="visible" aria-hidden="true">';
    (o.yticks || []).forEach(function (v) {
      s += line(m.l, Y(v), w - m.r, Y(v), 'ex-grid') + text(m.l - 6, Y(v) + 4, o.yfmt(v), 'ex-tick', { 'text-anchor': 'end' });
    });
    (o.xticks || []).forEach(function (v) {
      s += line(X(v), h - m.b, X(v), h - m.b + 4, 'ex-axis') + text(X(v), h - m.b + 16, o.xfmt(v), 'ex-tick', { 'text-anchor': 'middle' });
    });
    s += line(m.l, h - m.b, w - m.r, h - m.b, 'ex-axis');
    if (o.xlabel) s += text((m.l + w - m.r) / 2, h - 6, esc(o.xlabel), 'ex-axlabel', { 'text-anchor': 'middle' });
    if (o.ylabel) s += text(0, 0, esc(o.ylabel), 'ex-axlabel', { 'text-anchor': 'middle', transform: 'translate(12 ' + (m.t + h - m.b) / 2 + ') rotate(-90)' });
    return { X: X, Y: Y, m: m, svg: s };
  }
  function path(f, pts, attrs) {   /* pts: [x, y] with y === null breaking the line */
    var d = '', pen = false;
    pts.forEach(function (p) {
      if (p[1] === null || !isFinite(p[1])) { pen = false; return; }
      d += (pen ? 'L' : 'M') + f.X(p[0]).toFixed(1) + ' ' + f.Y(p[1]).toFixed(1);
      pen = true;
    });
    return '<path d="' + d + '" fill="none" ' + attrs + '/>';
  }
  function vline(f, x, y0, y1, cls) { return line(f.X(x), f.Y(y0), f.X(x), f.Y(y1), cls); }
  function dot(f, x, y, color, label, dy, anchor) {
    return el('circle', { cx: f.X(x), cy: f.Y(y), r: 5, fill: color, stroke: '#fff', 'stroke-width': 1.5 }) +
      (label ? text(f.X(x), f.Y(y) + (dy || -10), esc(label), 'ex-note-svg', { 'text-anchor': anchor || 'middle', fill: color }) : '');
  }
  /* the marker shapes of course.palette.CELLS: o filled, X cross, s hollow square, D diamond */
  function marker(shape, x, y, r, color) {
    if (shape === 'X') return el('path', { d: 'M' + (x - r) + ' ' + (y - r) + 'l' + 2 * r + ' ' + 2 * r + 'm0 ' + -2 * r + 'l' + -2 * r + ' ' + 2 * r, stroke: color, 'stroke-width': 3, 'stroke-linecap': 'round' });
    if (shape === 's') return el('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: '#fff', stroke: color, 'stroke-width': 2.5 });
    if (shape === 'D') return el('path', { d: 'M' + x + ' ' + (y - 1.25 * r) + 'l' + r + ' ' + 1.25 * r + 'l' + -r + ' ' + 1.25 * r + 'l' + -r + ' ' + -1.25 * r + 'z', fill: color });
    return el('circle', { cx: x, cy: y, r: r, fill: color });
  }
  function icons(root, cells) {   /* legend icons before the TP/FP/FN/TN labels */
    all(root, '[data-icon]').forEach(function (e) {
      var c = cells[e.getAttribute('data-icon')];
      e.innerHTML = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">' + marker(c.marker, 8, 8, 5, c.color) + '</svg>';
    });
  }
  var tick01 = function (v) { return num(v, 1); };
  var ticks01 = [0, 0.2, 0.4, 0.6, 0.8, 1];

  /* counts at a threshold: "doente" when score >= t */
  function counts(scores, y, t) {
    var c = { tp: 0, fp: 0, fn: 0, tn: 0 };
    scores.forEach(function (s, i) {
      if (s >= t) { if (y[i] === 1) c.tp++; else c.fp++; } else if (y[i] === 1) c.fn++; else c.tn++;
    });
    return c;
  }
  function fbeta(c, beta) {
    var b2 = beta * beta;
    return div((1 + b2) * c.tp, (1 + b2) * c.tp + b2 * c.fn + c.fp);
  }
  function uniqueSorted(a) {
    return a.slice().sort(function (p, q) { return p - q; }).filter(function (v, i, s) { return i === 0 || v !== s[i - 1]; });
  }
  /* a step curve over the threshold in [0, 1]: constant between consecutive scores */
  function stepPoints(scores, y, value) {
    var u = uniqueSorted(scores), pts = [], left = 0;
    for (var i = 0; i <= u.length; i++) {
      var right = i < u.length ? Math.min(Math.max(u[i], 0), 1) : 1;
      var v = value(counts(scores, y, i < u.length ? u[i] : Infinity));
      pts.push([left, v], [right, v]);
      left = right;
    }
    return pts;
  }

  var kinds = {};

  /* ---------- section 4: everything comes out of four cells */
  kinds['four-cells'] = function (root, data) {
    var s = ctl(root, 'sensitivity'), e = ctl(root, 'specificity'), p = ctl(root, 'prevalence'),
      n = ctl(root, 'population'), N = data.population;
    function update() {
      var typed = Math.floor(parseFloat(n.value));
      if (typed >= 1) N = Math.min(typed, 1000000);
      var sens = parseFloat(s.value) / 100, spec = parseFloat(e.value) / 100, prev = parseFloat(p.value) / 100;
      var sick = halfUp(N * prev), tp = halfUp(sens * sick), fn = sick - tp,
        healthy = N - sick, tn = halfUp(spec * healthy), fp = healthy - tn;
      var v = { accuracy: div(tp + tn, N), precision: div(tp, tp + fp), recall: div(tp, tp + fn),
        f1: div(2 * tp, 2 * tp + fp + fn), baseline: div(healthy, N) };
      [['tp', tp], ['fn', fn], ['fp', fp], ['tn', tn], ['sick', sick], ['healthy', healthy]].forEach(function (c) { set(root, c[0], num(c[1], 0)); });
      Object.keys(v).forEach(function (k) {
        set(root, k, pct(v[k], 1));
        var bar = root.querySelector('[data-bar="' + k + '"]');
        if (bar) bar.style.width = (v[k] === null ? 0 : 100 * v[k]) + '%';
      });
      show(root, 'sensitivity', pct(sens, 0)); show(root, 'specificity', pct(spec, 0)); show(root, 'prevalence', pct(prev, 0));
    }
    root.querySelector('[data-action="lazy"]').addEventListener('click', function () {
      s.value = data.lazy.sensitivity; e.value = data.lazy.specificity; p.value = data.lazy.prevalence;
      n.value = data.lazy.population; update();
    });
    return update;
  };

  /* ---------- section 6: the threshold on the patients */
  kinds['threshold-patients'] = function (root, data) {
    var t = ctl(root, 'threshold');
    icons(root, data.cells);
    function update() {
      var th = parseFloat(t.value), c = counts(data.scores, data.y, th);
      ['tp', 'fp', 'fn', 'tn'].forEach(function (k) { set(root, k, num(c[k], 0)); });
      set(root, 'precision', num(div(c.tp, c.tp + c.fp), 3));
      set(root, 'recall', num(div(c.tp, c.tp + c.fn), 3));
      set(root, 'f1', num(div(2 * c.tp, 2 * c.tp + c.fp + c.fn), 3));
      show(root, 'threshold', num(th, 2));
      var f = frame({ w: 640, h: 190, x0: 0, x1: 1, y0: 0, y1: 1, m: { l: 74, r: 16, t: 10, b: 40 },
        xticks: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1], xfmt: tick01,
        xlabel: 'escore (marcado "doente" se escore ≥ limiar)' });
      var svg = f.svg + '<rect class="ex-flagged" x="' + f.X(Math.max(th, 0)) + '" y="' + f.m.t + '" width="' +
        Math.max(f.X(1) - f.X(Math.max(th, 0)), 0) + '" height="' + (190 - f.m.t - f.m.b) + '"/>';
      svg += '<text class="ex-tick" x="6" y="' + f.Y(0.62) + '">doentes</text><text class="ex-tick" x="6" y="' + f.Y(0.2) + '">saudáveis</text>';
      data.scores.forEach(function (sc, i) {
        var sick = data.y[i] === 1, flagged = sc >= th;
        var cell = sick ? (flagged ? 'TP' : 'FN') : (flagged ? 'FP' : 'TN'), st = data.cells[cell];
        var x = f.X(sc), y = f.Y(sick ? 0.6 : 0.18);
        svg += '<g><title>' + esc(data.ids[i]) + ': escore ' + num(sc, 2) + ', ' + esc(st.label) + '</title>' +
          marker(st.marker, x, y, 6, st.color) + '<text class="ex-pid" transform="translate(' + (x + 3) + ' ' + (y - 10) + ') rotate(-60)">' + esc(data.ids[i]) + '</text></g>';
      });
      svg += vline(f, th, 0, 1, 'ex-threshold') + '</svg>';
      chart(root, 'patients', svg);
    }
    return update;
  };

  /* ---------- section 9: F-beta over the threshold */
  kinds.fbeta = function (root, data) {
    var b = ctl(root, 'beta'), t = ctl(root, 'threshold');
    function update() {
      var beta = parseFloat(b.value), th = parseFloat(t.value), c = counts(data.scores, data.y, th);
      var best = null, bestT = null;
      uniqueSorted(data.scores).reverse().forEach(function (u) {   /* first maximum from the top */
        var v = fbeta(counts(data.scores, data.y, u), beta);
        if (v !== null && (best === null || v > best)) { best = v; bestT = u; }
      });
      var fb = fbeta(c, beta);
      set(root, 'fbeta', num(fb, 3));
      set(root, 'precision', num(div(c.tp, c.tp + c.fp), 3));
      set(root, 'recall', num(div(c.tp, c.tp + c.fn), 3));
      set(root, 'best_threshold', num(bestT, 2)); set(root, 'best_fbeta', num(best, 3));
      show(root, 'beta', num(beta, 2)); show(root, 'threshold', num(th, 2));
      var f = frame({ w: 600, h: 280, x0: 0, x1: 1, y0: 0, y1: 1.1, xticks: ticks01, yticks: ticks01,
        xfmt: tick01, yfmt: tick01, xlabel: 'limiar', ylabel: 'valor da métrica' });
      var name = 'F(β = ' + num(beta, 2) + ')';
      var svg = f.svg +
        path(f, stepPoints(data.scores, data.y, function (k) { return div(k.tp, k.tp + k.fp); }), 'stroke="' + data.series[1] + '" stroke-width="1.5" stroke-dasharray="6 4"') +
        path(f, stepPoints(data.scores, data.y, function (k) { return div(k.tp, k.tp + k.fn); }), 'stroke="' + data.series[2] + '" stroke-width="1.5" stroke-dasharray="2 3"') +
        path(f, stepPoints(data.scores, data.y, function (k) { return fbeta(k, beta); }), 'stroke="' + data.series[0] + '" stroke-width="2.5"');
      data.scores.forEach(function (sc, i) {
        svg += '<circle cx="' + f.X(sc) + '" cy="' + (f.Y(0) - 5) + '" r="3" ' + (data.y[i] === 1 ? 'fill="#000"' : 'fill="#fff" stroke="#000"') + '/>';
      });
      svg += vline(f, th, 0, 1.1, 'ex-threshold');
      if (bestT !== null) svg += dot(f, bestT, best, data.series[0], 'máximo ' + num(best, 3) + ' em ' + num(bestT, 2), -10, bestT > 0.7 ? 'end' : 'middle');
      if (fb !== null) svg += dot(f, th, fb, '#000');
      svg += '<text class="ex-legend" x="' + (f.m.l + 8) + '" y="' + (f.Y(1.1) + 12) + '"><tspan fill="' + data.series[0] + '">━ ' + esc(name) + '</tspan>' +
        '<tspan fill="' + data.series[1] + '" dx="14">╌ precisão</tspan><tspan fill="' + data.series[2] + '" dx="14">┈ revocação</tspan></text>';
      chart(root, 'fbeta', svg + '</svg>');
    }
    return update;
  };

  /* ---------- section 10: prevalence changes precision (the seed's arithmetic) */
  kinds.prevalence = function (root, data) {
    var p = ctl(root, 'prevalence'), s = ctl(root, 'sensitivity'), e = ctl(root, 'specificity'), N = data.population;
    function update() {
      var prev = parseFloat(p.value) / 100, sens = parseFloat(s.value) / 100, spec = parseFloat(e.value) / 100;
      var sick = halfUp(N * prev), healthy = N - sick, tp = sens * sick, fn = sick - tp,
        tn = spec * healthy, fp = healthy - tn;
      [['sick', sick], ['healthy', healthy], ['tp', tp], ['fp', fp], ['fn', fn], ['tn', tn]].forEach(function (c) { set(root, c[0], num(c[1], 0)); });
      set(root, 'precision', num(div(tp, tp + fp), 3));
      set(root, 'npv', num(div(tn, tn + fn), 4));
      set(root, 'accuracy', num(div(tp + tn, N), 3));
      show(root, 'prevalence', pct(prev, 1)); show(root, 'sensitivity', pct(sens, 0)); show(root, 'specificity', pct(spec, 0));
      /* the flagged people: true positives against false alarms */
      var W = 600, flagged = tp + fp, wtp = flagged > 0 ? W * tp / flagged : 0;
      var bar = '<svg viewBox="0 0 ' + W + ' 46" class="ex-svg" aria-hidden="true">';
      if (flagged > 0) {
        bar += '<rect x="0" y="4" width="' + wtp + '" height="22" fill="' + data.cells.TP.color + '"/>' +
          '<rect x="' + wtp + '" y="4" width="' + (W - wtp) + '" height="22" fill="#fff" stroke="' + data.cells.FP.color + '" stroke-width="2" style="fill:' + data.cells.FP.color + ';fill-opacity:.35"/>' +
          '<text class="ex-tick" x="0" y="42">marcados pelo modelo: ■ TP (doentes) à esquerda, □ FP (alarmes falsos) à direita</text>';
      } else bar += '<text class="ex-tick" x="0" y="20">o modelo não marca ninguém</text>';
      chart(root, 'flagged', bar + '</svg>');
      /* precision and NPV against the prevalence, on a log axis */
      var f = frame({ w: 600, h: 250, x0: 0.001, x1: 1, y0: 0, y1: 1, xt: Math.log, xticks: [0.001, 0.01, 0.1, 0.5, 1],
        xfmt: function (v) { return pct(v, v < 0.01 ? 1 : 0); }, yticks: ticks01, yfmt: tick01,
        xlabel: 'prevalência (escala logarítmica)', ylabel: 'valor' });
      var pr = [], nv = [];
      for (var i = 0; i <= 120; i++) {
        var q = Math.pow(10, -3 + 3 * i / 120), a = sens * q, b = (1 - spec) * (1 - q);
        pr.push([q, div(a, a + b)]);
        nv.push([q, div(spec * (1 - q), spec * (1 - q) + (1 - sens) * q)]);
      }
      var svg = f.svg + path(f, pr, 'stroke="' + data.cells.TP.color + '" stroke-width="2.5"') +
        path(f, nv, 'stroke="' + data.cells.FP.color + '" stroke-width="1.5" stroke-dasharray="6 4"') +
        '<text class="ex-legend" x="' + (f.m.l + 8) + '" y="' + (f.m.t + 12) + '"><tspan fill="' + data.cells.TP.color + '">━ precisão</tspan><tspan fill="' + data.cells.FP.color + '" dx="14">╌ VPN</tspan></text>';
      var pv = div(tp, tp + fp);
      if (prev >= 0.001 && pv !== null) svg += vline(f, prev, 0, 1, 'ex-threshold') + dot(f, prev, pv, '#000', num(pv, 3), -10, prev > 0.5 ? 'end' : 'middle');
      chart(root, 'precision', svg + '</svg>');
    }
    return update;
  };

  /* ---------- lesson 2.6: threshold by the cost of the errors */
  kinds.cost = function (root, data) {
    var a = ctl(root, 'cost_fn'), b = ctl(root, 'cost_fp'), t = ctl(root, 'threshold'), T = data.thresholds;
    function argmin(c) { var k = 0; c.forEach(function (v, i) { if (v < c[k]) k = i; }); return k; }
    function update() {
      var cfn = parseFloat(a.value), cfp = parseFloat(b.value), th = parseFloat(t.value);
      var c = T.map(function (_, i) { return cfn * data.fn[i] + cfp * data.fp[i]; });
      var i = Math.min(Math.max(halfUp(th * 100) - 1, 0), T.length - 1), kmin = argmin(c);
      var theory = cfp / (cfp + cfn), kth = Math.min(Math.max(halfUp(100 * theory) - 1, 0), T.length - 1);
      var honest = 0, picked = [];
      data.folds.forEach(function (g) {   /* picked on the other parts, priced on this one */
        var k = argmin(T.map(function (_, j) { return cfn * (data.fn[j] - g.fn[j]) + cfp * (data.fp[j] - g.fp[j]); }));
        honest += cfn * g.fn[k] + cfp * g.fp[k]; picked.push(num(T[k], 2));
      });
      set(root, 'fn', num(data.fn[i], 0)); set(root, 'fp', num(data.fp[i], 0)); set(root, 'cost', num(c[i], 0));
      set(root, 'cheapest_threshold', num(T[kmin], 2)); set(root, 'cheapest_cost', num(c[kmin], 0));
      set(root, 'theory', num(theory, 3)); set(root, 'theory_threshold', num(T[kth], 2)); set(root, 'theory_cost', num(c[kth], 0));
      set(root, 'honest_cost', num(honest, 0)); set(root, 'honest_thresholds', picked.join('; '));
      set(root, 'all_cost', num(cfp * data.n_neg, 0)); set(root, 'none_cost', num(cfn * data.n_pos, 0));
      show(root, 'cost_fn', a.value); show(root, 'cost_fp', b.value); show(root, 'threshold', num(T[i], 2));
      var top = Math.max.apply(null, c), step = Math.pow(10, Math.floor(Math.log(top) / Math.LN10));
      if (top / step < 3) step /= 2;
      var yt = []; for (var v = 0; v <= top; v += step) yt.push(v);
      var f = frame({ w: 600, h: 280, x0: 0, x1: 1, y0: 0, y1: top * 1.12, xticks: ticks01, yticks: yt,
        xfmt: tick01, yfmt: function (x) { return num(x, 0); }, xlabel: 'limiar', ylabel: 'custo total' });
      var svg = f.svg + path(f, T.map(function (x, j) { return [x, c[j]]; }), 'stroke="' + data.series[0] + '" stroke-width="2"') +
        vline(f, T[i], 0, top * 1.12, 'ex-threshold') + dot(f, T[i], c[i], '#000') +
        dot(f, T[kmin], c[kmin], data.series[2], 'mais barato ' + num(T[kmin], 2) + ': ' + num(c[kmin], 0), -12, T[kmin] < 0.3 ? 'start' : 'middle') +
        dot(f, T[kth], c[kth], data.series[1], 'teoria ' + num(T[kth], 2) + ': ' + num(c[kth], 0), -28, T[kth] < 0.3 ? 'start' : 'middle');
      chart(root, 'cost', svg + '</svg>');
    }
    return update;
  };

  /* ---------- lesson 2.4: reliability diagram, four precomputed states */
  kinds.calibration = function (root, data) {
    function checked(name) { return root.querySelector('[data-control="' + name + '"]:checked').value; }
    function update() {
      var st = data.states[checked('model') + '-' + checked('temperature')];
      set(root, 'temperature', num(st.temperature, 2)); set(root, 'brier', num(st.brier, 3));
      set(root, 'auc', num(st.auc, 3)); set(root, 'ece', num(st.ece, 3));
      set(root, 'confidence', pct(st.confidence, 1)); set(root, 'accuracy', pct(st.accuracy, 1));
      ['changed', 'confident', 'confident_errors'].forEach(function (k) { set(root, k, num(st[k], 0)); });
      var f = frame({ w: 340, h: 330, x0: 0, x1: 1, y0: 0, y1: 1, xticks: ticks01, yticks: ticks01, xfmt: tick01, yfmt: tick01,
        xlabel: 'P(maligno) declarada', ylabel: 'fração de malignas' });
      var svg = f.svg + '<line class="ex-diagonal" x1="' + f.X(0) + '" y1="' + f.Y(0) + '" x2="' + f.X(1) + '" y2="' + f.Y(1) + '"/>', rows = '';
      st.bins.forEach(function (g) {
        svg += '<circle cx="' + f.X(g.mean_p) + '" cy="' + f.Y(g.frac) + '" r="' + (3 + 30 * Math.sqrt(g.count / data.n)) +
          '" fill="' + data.color + '" fill-opacity=".45" stroke="' + data.color + '"><title>' + g.count + ' biópsias</title></circle>';
        rows += '<tr><td>' + num(g.lo, 1) + '–' + num(g.hi, 1) + '</td><td>' + g.count + '</td><td>' + num(g.mean_p, 3) + '</td><td>' + num(g.frac, 3) + '</td></tr>';
      });
      chart(root, 'reliability', svg + '</svg>');
      root.querySelector('[data-table="bins"]').innerHTML = rows;
    }
    return update;
  };

  /* ---------- lesson 2.3: the binormal ROC */
  kinds['roc-binormal'] = function (root, data) {
    var dd = ctl(root, 'd'), t = ctl(root, 'threshold'), neg = data.series[1], pos = data.series[0];
    function pdf(x, m) { return Math.exp(-0.5 * (x - m) * (x - m)) / Math.sqrt(2 * Math.PI); }
    function update() {
      var d = parseFloat(dd.value), th = parseFloat(t.value);
      var tpr = 1 - phi(th - d), fpr = 1 - phi(th), auc = phi(d / Math.SQRT2);
      set(root, 'tpr', num(tpr, 3)); set(root, 'fpr', num(fpr, 3)); set(root, 'auc', num(auc, 3));
      show(root, 'd', num(d, 1)); show(root, 'threshold', num(th, 1));
      var f = frame({ w: 420, h: 260, x0: -4, x1: 8, y0: 0, y1: 0.45, xticks: [-4, -2, 0, 2, 4, 6, 8], yticks: [0, 0.1, 0.2, 0.3, 0.4],
        xfmt: function (v) { return num(v, 0); }, yfmt: tick01, xlabel: 'escore', ylabel: 'densidade' });
      var svg = f.svg;
      [[0, neg], [d, pos]].forEach(function (g) {
        var area = [[th, 0]], line = [];
        for (var x = -4; x <= 8.0001; x += 0.05) {
          line.push([x, pdf(x, g[0])]);
          if (x >= th) area.push([x, pdf(x, g[0])]);
        }
        area.push([8, 0]);
        svg += '<path d="M' + area.map(function (p) { return f.X(p[0]).toFixed(1) + ' ' + f.Y(p[1]).toFixed(1); }).join('L') + 'Z" fill="' + g[1] + '" fill-opacity=".25"/>' +
          path(f, line, 'stroke="' + g[1] + '" stroke-width="2"');
      });
      svg += vline(f, th, 0, 0.45, 'ex-threshold') +
        '<text class="ex-legend" x="' + (f.m.l + 6) + '" y="' + (f.m.t + 10) + '"><tspan fill="' + neg + '">━ negativos N(0, 1)</tspan><tspan fill="' + pos + '" dx="10">━ positivos N(d, 1)</tspan></text>';
      chart(root, 'densities', svg + '</svg>');
      var g = frame({ w: 300, h: 300, x0: 0, x1: 1, y0: 0, y1: 1, xticks: ticks01, yticks: ticks01, xfmt: tick01, yfmt: tick01,
        xlabel: 'FPR', ylabel: 'TPR' });
      var roc = [];
      for (var s = 9; s >= -7; s -= 0.05) roc.push([1 - phi(s), 1 - phi(s - d)]);
      roc.push([1, 1]);
      chart(root, 'roc', g.svg + '<line class="ex-diagonal" x1="' + g.X(0) + '" y1="' + g.Y(0) + '" x2="' + g.X(1) + '" y2="' + g.Y(1) + '"/>' +
        path(g, [[0, 0]].concat(roc), 'stroke="' + pos + '" stroke-width="2.5"') + dot(g, fpr, tpr, '#000') + '</svg>');
    }
    return update;
  };

  /* mount(id): wire the explorable once; retried briefly if the output is not in the page yet */
  function mount(id, tries) {
    var root = document.getElementById(id);
    if (!root) { if ((tries || 0) < 50) setTimeout(function () { mount(id, (tries || 0) + 1); }, 100); return; }
    if (root.getAttribute('data-mounted')) return;
    var data = JSON.parse(root.querySelector('script.ex-data').textContent);
    var update = kinds[data.kind](root, data);
    root.setAttribute('data-mounted', 'true');
    root.addEventListener('input', update);
    root.addEventListener('change', update);
    update();
  }
  return { mount: mount, phi: phi, version: 1 };
}());
