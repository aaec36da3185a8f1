/* Explorables of the course. Inlined by course/explorables.py in every output, after
   course/static/numbers.js (window.CourseNumbers: every number on screen is written and read by
   it), and defined once per page. An output is a <div class="explorable" id=...> with its
   controls, its numbers (data-value="...") and its data (script.ex-data); mount(id) wires it up.
   Numbers are HTML text in pt-BR, "indefinido" for a zero denominator. Formulas mirror the
   *_values functions of course/explorables.py (the tests compare them).

   Controls: each .ex-control[data-spec] holds one value (data-current, in the control's units)
   shown by a slider and by a number field, both named by the control's visible label. The field
   reads what a student types (numbers.js: "0,3 %", "0,3", "3/10"), says why a text is not a
   number and clamps a value out of range with a note. The slider takes a touch only when it moves
   sideways, so that a page scrolled across it never moves it; a log-scale slider follows the
   chart's axis.

   Charts are inline SVG drawn at the width of their box, 1 CSS px per unit, so their text has the
   size explorables.css gives it on a phone as on a desktop; they are drawn again when the box
   changes width. Colours of the page (text, grid, background) are CSS variables of
   explorables.css (light and dark); the colours of the data come from course.palette. */
window.CourseExplorables = window.CourseExplorables || (function () {
  'use strict';
  var N = window.CourseNumbers;
  var num = N.format, pct = N.percent;
  function div(a, b) { return b === 0 ? null : a / b; }
  function halfUp(x) { return Math.floor(x + 0.5); }
  function clamp(x, lo, hi) { return Math.min(Math.max(x, lo), hi); }

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
  function set(root, name, text) {
    all(root, '[data-value="' + name + '"]').forEach(function (e) { e.textContent = text; });
  }
  function esc(s) { return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'); }

  /* ---------- controls: one value, a slider and a number field */
  var THUMB = 28;   /* the slider thumb's width in explorables.css, px */
  var DRAG = 8;     /* a touch that moves this far (px) is a drag (sideways) or a scroll */
  function spec(w) { return w.exSpec || (w.exSpec = JSON.parse(w.getAttribute('data-spec'))); }
  function wrap(root, name) { return root.querySelector('.ex-control[data-name="' + name + '"]'); }
  function val(root, name) { return parseFloat(wrap(root, name).getAttribute('data-current')); }
  function shown(sp, v) { return num(v, sp.digits, sp.trim) + (sp.unit ? ' ' + sp.unit : ''); }
  function decimals(x) { var t = String(x), i = t.indexOf('.'); return i < 0 ? 0 : t.length - i - 1; }
  /* a control's machine value (what <input type=range> holds, with a dot), cut to the step's
     decimals so that 0.1 + 0.2 is 0.3; shown to the student only through num() */
  function toStep(x, step) { var k = Math.pow(10, decimals(step)); return Math.round(x * k) / k; }
  function onStep(sp, v) {   /* the nearest value of the control's grid */
    return toStep(sp.min + Math.round((v - sp.min) / sp.step) * sp.step, sp.step);
  }
  function sig2(x) {   /* two significant digits: what a log slider gives (0,37 %, 3,7 %, 37 %) */
    var e = Math.floor(Math.log(x) / Math.LN10) - 1;
    return e < 0 ? Math.round(x * Math.pow(10, -e)) / Math.pow(10, -e) : Math.round(x / Math.pow(10, e)) * Math.pow(10, e);
  }
  function fromTrack(sp, position) {
    var p = parseFloat(position);
    return sp.scale === 'log' ? clamp(sig2(Math.pow(10, p)), sp.min, sp.max) : onStep(sp, p);
  }
  function toTrack(sp, v) { return sp.scale === 'log' ? Math.log(v) / Math.LN10 : v; }

  /* the value v, on every view of the control except ``from`` (the one the student moved) */
  function setValue(w, v, from) {
    var sp = spec(w), r = w.querySelector('input[type=range]'), f = w.querySelector('[data-field]');
    w.setAttribute('data-current', String(v));
    if (r) { if (from !== r) r.value = toTrack(sp, v); r.setAttribute('aria-valuetext', shown(sp, v)); }
    if (f && from !== f) f.value = f.exCommitted = shown(sp, v);
  }
  function note(w, text) {
    var n = w.querySelector('[data-note]'), f = w.querySelector('[data-field]');
    n.textContent = text;
    if (text) f.setAttribute('aria-invalid', 'true'); else f.removeAttribute('aria-invalid');
  }
  /* what the student typed, in the control's units: a percent field reads "0,3" as 0,3 % and
     "3/10" or "30 %" as 30 %; null when it is not a number */
  function typed(sp, text) {
    var r = N.parse(text, { thousands: !!sp.thousands });
    if (!r.ok) return r;
    return { ok: true, value: sp.unit === '%' && (r.percent || r.fraction) ? 100 * r.value : r.value };
  }
  function commit(w, f) {   /* the field's text becomes the value: clamped, on the grid, with a note */
    if (f.value === f.exCommitted) return;   /* Enter, then the browser's own change event */
    var sp = spec(w), r = typed(sp, f.value);
    if (!r.ok) { note(w, N.message(r.error)); return; }
    var v = clamp(r.value, sp.min, sp.max), message = '';
    if (v !== r.value) message = 'Fora do intervalo, de ' + shown(sp, sp.min) + ' a ' + shown(sp, sp.max) + ': usei ' + shown(sp, v) + '.';
    var grid = onStep(sp, v);
    if (!message && grid !== v) message = 'Arredondado para ' + shown(sp, grid) + '.';
    setValue(w, grid);
    note(w, message);
  }
  function wireField(w, f) {
    f.addEventListener('input', function () {   /* while typing: follow a number in range, say nothing */
      var sp = spec(w), r = typed(sp, f.value);
      if (r.ok && r.value >= sp.min && r.value <= sp.max && onStep(sp, r.value) === r.value) { setValue(w, r.value, f); note(w, ''); }
    });
    f.addEventListener('change', function () { commit(w, f); });
    f.addEventListener('keydown', function (e) { if (e.key === 'Enter') { commit(w, f); w.dispatchEvent(new Event('change', { bubbles: true })); } });
    f.addEventListener('focus', function () { f.select(); });
  }
  function wireSlider(w, r) {
    var sp = spec(w), box = r.parentNode, start = null;
    function moved() { setValue(w, fromTrack(sp, r.value), r); note(w, ''); }
    r.addEventListener('input', moved);
    r.addEventListener('change', moved);
    function at(x) {   /* the track position under x (the thumb's centre travels THUMB/2 from each end) */
      var b = r.getBoundingClientRect(), f = clamp((x - b.left - THUMB / 2) / (b.width - THUMB), 0, 1);
      var lo = parseFloat(r.min), hi = parseFloat(r.max), st = parseFloat(r.step);
      r.value = String(toStep(lo + Math.round(f * (hi - lo) / st) * st, r.step));
      r.dispatchEvent(new Event('input', { bubbles: true }));
    }
    /* The range input takes no pointer events (explorables.css): its box does. A mouse or a pen
       drags at once; a touch waits to see which way it goes: sideways it drags, up or down it is
       the page scrolling (touch-action: pan-y leaves that to the browser, which cancels the
       pointer) and the value stays; a touch that does not move is a tap and sets the value. */
    box.addEventListener('pointerdown', function (e) {
      if (e.button > 0) return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId, drag: e.pointerType !== 'touch' };
      if (start.drag) { e.preventDefault(); box.setPointerCapture(e.pointerId); r.focus({ preventScroll: true }); at(e.clientX); }
    });
    box.addEventListener('pointermove', function (e) {
      if (!start || e.pointerId !== start.id) return;
      var dx = Math.abs(e.clientX - start.x), dy = Math.abs(e.clientY - start.y);
      if (!start.drag) {
        if (dy > DRAG && dy >= dx) { start = null; return; }
        if (dx <= DRAG) return;
        start.drag = true;
        box.setPointerCapture(e.pointerId);
      }
      at(e.clientX);
    });
    function end(e, up) {
      if (!start || e.pointerId !== start.id) return;
      var tap = up && !start.drag;
      if (tap) at(e.clientX);
      if (start.drag || tap) r.dispatchEvent(new Event('change', { bubbles: true }));
      start = null;
    }
    box.addEventListener('pointerup', function (e) { end(e, true); });
    box.addEventListener('pointercancel', function (e) { end(e, false); });
    if (sp.scale === 'log') {   /* an arrow key moves to the next value shown, not by 0,001 of a decade */
      r.addEventListener('keydown', function (e) {
        var dir = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
        if (!dir) return;
        e.preventDefault();
        var v = parseFloat(w.getAttribute('data-current')), st = parseFloat(r.step), p = toTrack(sp, v);
        var lo = parseFloat(r.min), hi = parseFloat(r.max);
        do { p = clamp(p + dir * st, lo, hi); } while (fromTrack(sp, p) === v && p > lo && p < hi);
        r.value = String(toStep(p, r.step));
        r.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
  }
  /* A fine slider (60 steps or more on a linear track: 0,01 to 0,99 by 0,01 is 98 steps in about
     200 px of a phone, 2 px a step) gets − and + buttons, one step each, held down to repeat:
     a thumb reaches any value without typing it. */
  var STEPS = 60, HOLD = 450, REPEAT = 90;
  function wireSteps(w, r) {
    var sp = spec(w);
    if (sp.scale === 'log' || (sp.max - sp.min) / sp.step < STEPS) return;
    var row = w.querySelector('.ex-input-row'), label = w.querySelector('label');
    var name = label ? label.textContent.trim() : '';
    var timer = null;
    function step(dir) {
      var v = parseFloat(w.getAttribute('data-current'));
      var next = onStep(sp, clamp(v + dir * sp.step, sp.min, sp.max));
      if (next === v) return;
      setValue(w, next);
      note(w, '');
      w.dispatchEvent(new Event('change', { bubbles: true }));
    }
    function stop() { clearTimeout(timer); timer = null; }
    function button(dir) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'ex-step ex-step-' + (dir < 0 ? 'less' : 'more');
      b.textContent = dir < 0 ? '−' : '+';
      b.setAttribute('aria-label', name + ', ' + (dir < 0 ? 'menos ' : 'mais ') + shown(sp, sp.step));
      b.addEventListener('pointerdown', function (e) {
        if (e.button > 0) return;
        e.preventDefault();
        step(dir);
        stop();
        var again = function () { step(dir); timer = setTimeout(again, REPEAT); };
        timer = setTimeout(again, HOLD);
      });
      ['pointerup', 'pointerleave', 'pointercancel'].forEach(function (k) { b.addEventListener(k, stop); });
      b.addEventListener('click', function (e) { if (e.detail === 0) step(dir); });   /* Enter, Space */
      return b;
    }
    var f = row.querySelector('[data-field]');
    row.insertBefore(button(-1), f);
    row.insertBefore(button(1), f.nextSibling);
    row.classList.add('ex-stepped');
  }
  function wireControls(root) {
    all(root, '.ex-control[data-spec]').forEach(function (w) {
      var r = w.querySelector('input[type=range]'), f = w.querySelector('[data-field]');
      if (r) { wireSlider(w, r); wireSteps(w, r); }
      if (f) {
        wireField(w, f);
        /* it takes "3/4" and "75 %": a phone's decimal pad has no "/" nor "%" */
        f.setAttribute('inputmode', 'text');
        f.setAttribute('autocapitalize', 'off');
        f.setAttribute('enterkeyhint', 'done');
      }
      setValue(w, parseFloat(w.getAttribute('data-current')));
    });
  }

  /* ---------- on a phone: the numbers in view next to the controls
     A panel taller than the screen puts its numbers far below its sliders: under the controls, a
     compact line repeats the main ones and stays at the top of the screen (under the site's
     sticky header) while the panel is on it. Shown only where the panel is taller than the
     screen; a copy for the eyes (aria-hidden): the numbers themselves stay where they are. */
  var READOUT = {
    'four-cells': [['Acurácia', 'accuracy'], ['Precisão', 'precision'], ['Revocação', 'recall'], ['F1', 'f1']],
    'threshold-patients': [['Precisão', 'precision'], ['Revocação', 'recall'], ['F1', 'f1']],
    fbeta: [['Fβ', 'fbeta'], ['Precisão', 'precision'], ['Revocação', 'recall']],
    prevalence: [['Precisão', 'precision'], ['VPN', 'npv'], ['Acurácia', 'accuracy']],
    cost: [['Custo', 'cost'], ['Mais barato', 'cheapest_threshold', 'cheapest_cost'],
           ['Teoria', 'theory_threshold', 'theory_cost']],
    calibration: [['Brier', 'brier'], ['ECE', 'ece'], ['Confiança', 'confidence'], ['Acurácia', 'accuracy']],
    'roc-binormal': [['TPR', 'tpr'], ['FPR', 'fpr'], ['AUC', 'auc']]
  };
  function readout(root, kind) {
    var items = READOUT[kind], controls = root.querySelector('.ex-controls');
    if (!items || !controls) return null;
    var box = document.createElement('div');
    box.className = 'ex-readout';
    box.setAttribute('aria-hidden', 'true');
    box.hidden = true;
    controls.parentNode.insertBefore(box, controls.nextSibling);
    function text(name) {
      var e = root.querySelector('[data-value="' + name + '"]');
      return e ? e.textContent.trim() : '';
    }
    return {
      fill: function () {
        box.innerHTML = items.map(function (it) {
          var values = it.slice(1).map(text).filter(Boolean);
          return '<span class="ex-readout-item"><span class="ex-label">' + esc(it[0]) + '</span> <strong>' +
                 esc(values.join(': ')) + '</strong></span>';
        }).join('');
      },
      fit: function () {
        var header = document.querySelector('.bd-header-article'), top = 0;
        if (header && /sticky|fixed/.test(getComputedStyle(header).position)) top = header.getBoundingClientRect().height;
        root.style.setProperty('--ex-sticky-top', top + 'px');
        var tall = root.getBoundingClientRect().height > window.innerHeight - top;
        box.hidden = !(root.clientWidth && window.innerWidth < 768 && tall);
      }
    };
  }

  /* ---------- SVG as text (an HTML parser needs no namespace for inline <svg>) */
  var FONT = { tick: 12, label: 13, note: 13, pid: 11 };   /* px, as explorables.css sets them */
  function textWidth(s, size) { return String(s).length * size * 0.6; }   /* a generous estimate */
  function el(name, attrs, inner) {
    var s = '<' + name;
    Object.keys(attrs).forEach(function (k) { s += ' ' + k + '="' + attrs[k] + '"'; });
    return s + (inner === undefined ? '/>' : '>' + inner + '</' + name + '>');
  }
  function line(x1, y1, x2, y2, cls) { return el('line', { 'class': cls, x1: x1, y1: y1, x2: x2, y2: y2 }); }
  function text(x, y, t, cls, extra) { return el('text', Object.assign({ 'class': cls, x: x, y: y }, extra || {}), esc(t)); }
  /* the ticks whose labels fit: every k-th one, the smallest k that keeps a gap between labels */
  function fitted(values, pos, size, fmt) {
    for (var k = 1; k < values.length; k++) {
      var kept = values.filter(function (v, i) { return i % k === 0; });
      if (kept.every(function (v, i) {
        return i === 0 || Math.abs(pos(v) - pos(kept[i - 1])) >= (size(fmt(v)) + size(fmt(kept[i - 1]))) / 2 + 4;
      })) return kept;
    }
    return values.slice(0, 1);
  }
  /* a plot: axes, ticks and titles in a w × h box. The y title sits above the axis, level, so
     that it never meets the tick labels; the margins make room for the widest tick label. */
  function frame(o) {
    var w = o.w, h = o.h, tx = o.xt || function (v) { return v; };
    var yw = (o.yticks || []).reduce(function (m, v) { return Math.max(m, textWidth(o.yfmt(v), FONT.tick)); }, 0);
    var xlast = o.xticks && o.xticks.length ? textWidth(o.xfmt(o.xticks[o.xticks.length - 1]), FONT.tick) / 2 : 0;
    var m = Object.assign({ l: o.yticks ? yw + 10 : 10, r: Math.max(10, xlast + 2), t: o.ylabel ? 26 : 10, b: o.xlabel ? 42 : 24 }, o.m || {});
    var X = function (v) { return m.l + (tx(v) - tx(o.x0)) / (tx(o.x1) - tx(o.x0)) * (w - m.l - m.r); };
    var Y = function (v) { return h - m.b - (v - o.y0) / (o.y1 - o.y0) * (h - m.t - m.b); };
    var s = '<svg viewBox="0 0 ' + w + ' ' + h + '" width="' + w + '" height="' + h + '" class="ex-svg" aria-hidden="true">';
    if (o.yticks) {
      fitted(o.yticks, Y, function () { return FONT.tick + 4; }, o.yfmt).forEach(function (v) {
        s += line(m.l, Y(v), w - m.r, Y(v), 'ex-grid') + text(m.l - 6, Y(v) + 4, o.yfmt(v), 'ex-tick', { 'text-anchor': 'end' });
      });
    }
    fitted(o.xticks || [], X, function (t) { return textWidth(t, FONT.tick); }, o.xfmt).forEach(function (v) {
      s += line(X(v), h - m.b, X(v), h - m.b + 4, 'ex-axis') + text(X(v), h - m.b + 17, o.xfmt(v), 'ex-tick', { 'text-anchor': 'middle' });
    });
    s += line(m.l, h - m.b, w - m.r, h - m.b, 'ex-axis');
    if (o.xlabel) s += text((m.l + w - m.r) / 2, h - 6, o.xlabel, 'ex-axlabel', { 'text-anchor': 'middle' });
    if (o.ylabel) s += text(Math.max(m.l - yw - 6, 0), 14, o.ylabel, 'ex-axlabel');
    return { X: X, Y: Y, m: m, w: w, h: h, svg: s, notes: [] };
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
  function dot(f, x, y, color) {
    return el('circle', color ? { cx: f.X(x), cy: f.Y(y), r: 5, fill: color, 'class': 'ex-dot-ring' } : { cx: f.X(x), cy: f.Y(y), r: 5, 'class': 'ex-dot' });
  }
  /* A note beside a point, inside the plot: above it if there is room, else below; moved left or
     right to stay in the plot, and up (or down) until it meets no earlier note of the chart. */
  function noteAt(f, x, y, label) {
    var px = f.X(x), py = f.Y(y), wd = textWidth(label, FONT.note), hg = FONT.note + 3;
    var left = clamp(px - wd / 2, f.m.l + 2, f.w - f.m.r - wd - 2), top = py - 10 - hg;
    if (top < f.m.t - 4) top = py + 10;
    function hits(t) {
      return f.notes.some(function (n) { return left < n.x + n.w && n.x < left + wd && t < n.y + n.h && n.y < t + hg; });
    }
    var tries = 0, dir = top < py ? -1 : 1;
    while (hits(top) && tries++ < 12) {
      top += dir * hg;
      if (top < f.m.t - 4 || top + hg > f.h - f.m.b) { dir = -dir; top = py + dir * (10 + hg); }
    }
    f.notes.push({ x: left, y: top, w: wd, h: hg });
    return text(left, top + FONT.note, label, 'ex-note-svg');
  }
  /* the marker shapes of course.palette.CELLS: o filled, X cross, s hollow square, D diamond */
  function marker(shape, x, y, r, color) {
    if (shape === 'X') return el('path', { d: 'M' + (x - r) + ' ' + (y - r) + 'l' + 2 * r + ' ' + 2 * r + 'm0 ' + -2 * r + 'l' + -2 * r + ' ' + 2 * r, stroke: color, 'stroke-width': 3, 'stroke-linecap': 'round' });
    if (shape === 's') return el('rect', { 'class': 'ex-hollow', x: x - r, y: y - r, width: 2 * r, height: 2 * r, stroke: color, 'stroke-width': 2.5 });
    if (shape === 'D') return el('path', { d: 'M' + x + ' ' + (y - 1.25 * r) + 'l' + r + ' ' + 1.25 * r + 'l' + -r + ' ' + 1.25 * r + 'l' + -r + ' ' + -1.25 * r + 'z', fill: color });
    return el('circle', { cx: x, cy: y, r: r, fill: color });
  }
  function icons(root, cells) {   /* legend icons before the TP/FP/FN/TN labels */
    all(root, '[data-icon]').forEach(function (e) {
      var c = cells[e.getAttribute('data-icon')];
      e.innerHTML = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">' + marker(c.marker, 8, 8, 5, c.color) + '</svg>';
    });
  }
  /* a legend in HTML under a chart: it wraps on a phone instead of covering the plot. An item is
     a line ({color, dash, width}), a dot ({dot: true}) or a box ({box: opacity}). */
  function legend(items) {
    return '<p class="ex-legend">' + items.map(function (it) {
      var key = it.dot ? el('circle', { cx: 14, cy: 6, r: 5, fill: it.color, 'class': 'ex-dot-ring' }) :
        it.box !== undefined ? el('rect', { x: 2, y: 1, width: 24, height: 10, fill: it.color, 'fill-opacity': it.box, stroke: it.color, 'stroke-width': 1.5 }) :
        el('line', Object.assign({ x1: 1, y1: 6, x2: 27, y2: 6, 'stroke-width': it.width || 2.5 }, it.cls ? { 'class': it.cls } : { stroke: it.color },
          it.dash ? { 'stroke-dasharray': it.dash } : {}));
      return '<span class="ex-key"><svg width="28" height="12" aria-hidden="true">' + key + '</svg>' + esc(it.label) + '</span>';
    }).join('') + '</p>';
  }
  /* Spread labels along a line so that neighbours keep ``gap``: each cluster of crowded labels is
     centred on its points and pushed apart (within lo..hi); returns the label positions. */
  function spread(xs, gap, lo, hi) {
    var order = xs.map(function (x, i) { return i; }).sort(function (a, b) { return xs[a] - xs[b]; });
    var blocks = [];
    order.forEach(function (i) {
      var b = { ids: [i], sum: xs[i] };
      blocks.push(b);
      for (;;) {
        var n = blocks.length, cur = blocks[n - 1], prev = blocks[n - 2];
        cur.start = clamp(cur.sum / cur.ids.length - gap * (cur.ids.length - 1) / 2, lo, hi - gap * (cur.ids.length - 1));
        if (!prev || prev.start + gap * prev.ids.length <= cur.start) break;
        prev.ids = prev.ids.concat(cur.ids); prev.sum += cur.sum; blocks.pop();
      }
    });
    var out = [];
    blocks.forEach(function (b) { b.ids.forEach(function (i, k) { out[i] = b.start + k * gap; }); });
    return out;
  }
  var tick01 = function (v) { return num(v, 1); };
  var ticks01 = [0, 0.2, 0.4, 0.6, 0.8, 1];
  function box(root, name) { return root.querySelector('[data-chart="' + name + '"]'); }
  function widthOf(root, name) { var c = box(root, name); return Math.max(Math.floor(c.clientWidth || 0), 240); }
  function chart(root, name, html) { box(root, name).innerHTML = html; }

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
    function update() {
      var n = val(root, 'population');
      var sens = val(root, 'sensitivity') / 100, spec = val(root, 'specificity') / 100, prev = val(root, 'prevalence') / 100;
      var sick = halfUp(n * prev), tp = halfUp(sens * sick), fn = sick - tp,
        healthy = n - sick, tn = halfUp(spec * healthy), fp = healthy - tn;
      var v = { accuracy: div(tp + tn, n), precision: div(tp, tp + fp), recall: div(tp, tp + fn),
        f1: div(2 * tp, 2 * tp + fp + fn), baseline: div(healthy, n) };
      [['tp', tp], ['fn', fn], ['fp', fp], ['tn', tn], ['sick', sick], ['healthy', healthy]].forEach(function (c) { set(root, c[0], num(c[1], 0)); });
      Object.keys(v).forEach(function (k) {
        set(root, k, pct(v[k], 1));
        var bar = root.querySelector('[data-bar="' + k + '"]');
        if (bar) bar.style.width = (v[k] === null ? 0 : 100 * v[k]) + '%';
      });
    }
    root.querySelector('[data-action="lazy"]').addEventListener('click', function () {
      Object.keys(data.lazy).forEach(function (k) { setValue(wrap(root, k), data.lazy[k]); note(wrap(root, k), ''); });
      /* as a moved control does: the whole panel follows, the phone's line of numbers too (mount) */
      root.dispatchEvent(new Event('change'));
    });
    return update;
  };

  /* ---------- section 6: the threshold on the patients */
  kinds['threshold-patients'] = function (root, data) {
    icons(root, data.cells);
    function update() {
      var th = val(root, 'threshold'), c = counts(data.scores, data.y, th);
      ['tp', 'fp', 'fn', 'tn'].forEach(function (k) { set(root, k, num(c[k], 0)); });
      set(root, 'precision', num(div(c.tp, c.tp + c.fp), 3));
      set(root, 'recall', num(div(c.tp, c.tp + c.fn), 3));
      set(root, 'f1', num(div(2 * c.tp, 2 * c.tp + c.fp + c.fn), 3));
      var w = widthOf(root, 'patients'), h = 210, rows = ['doentes', 'saudáveis'];
      var f = frame({ w: w, h: h, x0: 0, x1: 1, y0: 0, y1: 1,
        m: { l: textWidth('saudáveis', FONT.tick) + 12, t: 8 },
        xticks: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1], xfmt: tick01,
        xlabel: w < 420 ? 'escore (doente se escore ≥ limiar)' : 'escore (marcado "doente" se escore ≥ limiar)' });
      var svg = f.svg + '<rect class="ex-flagged" x="' + f.X(Math.max(th, 0)) + '" y="' + f.m.t + '" width="' +
        Math.max(f.X(1) - f.X(Math.max(th, 0)), 0) + '" height="' + (h - f.m.t - f.m.b) + '"/>';
      var level = { 1: f.Y(0.62), 0: f.Y(0.12) };
      svg += text(4, level[1] + 4, rows[0], 'ex-tick') + text(4, level[0] + 4, rows[1], 'ex-tick');
      /* the ids, rotated 60°, keep 16 px between neighbours (11 px type); crowded ones move aside
         with a short leader to their point */
      [1, 0].forEach(function (sick) {
        var idx = data.scores.map(function (s, i) { return i; }).filter(function (i) { return data.y[i] === sick; });
        var xs = idx.map(function (i) { return f.X(data.scores[i]); });
        var at = spread(xs, 16, f.m.l - 4, f.w - 12);
        idx.forEach(function (i, k) {
          var sc = data.scores[i], flagged = sc >= th, y = level[sick];
          var cell = sick ? (flagged ? 'TP' : 'FN') : (flagged ? 'FP' : 'TN'), st = data.cells[cell];
          svg += '<g><title>' + esc(data.ids[i]) + ': escore ' + num(sc, 2) + ', ' + esc(st.label) + '</title>' +
            marker(st.marker, xs[k], y, 6, st.color) +
            (Math.abs(at[k] - xs[k]) > 2 ? line(xs[k], y - 8, at[k], y - 13, 'ex-leader') : '') +
            '<text class="ex-pid" transform="translate(' + at[k].toFixed(1) + ' ' + (y - 13) + ') rotate(-60)">' + esc(data.ids[i]) + '</text></g>';
        });
      });
      svg += vline(f, th, 0, 1, 'ex-threshold') + '</svg>';
      chart(root, 'patients', svg);
    }
    return update;
  };

  /* ---------- section 9: F-beta over the threshold */
  kinds.fbeta = function (root, data) {
    function update() {
      var beta = val(root, 'beta'), th = val(root, 'threshold'), c = counts(data.scores, data.y, th);
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
      var w = widthOf(root, 'fbeta');
      var f = frame({ w: w, h: clamp(Math.round(w * 0.6), 230, 300), x0: 0, x1: 1, y0: 0, y1: 1.1, xticks: ticks01, yticks: ticks01,
        xfmt: tick01, yfmt: tick01, xlabel: 'limiar', ylabel: 'valor da métrica' });
      var name = 'F(β = ' + num(beta, 2) + ')';
      /* one line style (colour and dash) per quantity on the page: precision blue solid, as in
         Fig. 6 and the prevalence explorable; recall vermillion solid; F-beta in the ink colour,
         thick (Fig. 5's F0,5, F1 and F2 have styles of their own) */
      var svg = f.svg +
        path(f, stepPoints(data.scores, data.y, function (k) { return div(k.tp, k.tp + k.fp); }), 'stroke="' + data.series[0] + '" stroke-width="1.5"') +
        path(f, stepPoints(data.scores, data.y, function (k) { return div(k.tp, k.tp + k.fn); }), 'stroke="' + data.series[1] + '" stroke-width="1.5"') +
        path(f, stepPoints(data.scores, data.y, function (k) { return fbeta(k, beta); }), 'class="ex-fbeta" stroke-width="2.5"');
      data.scores.forEach(function (sc, i) {
        svg += '<circle cx="' + f.X(sc) + '" cy="' + (f.Y(0) - 5) + '" r="3" class="' + (data.y[i] === 1 ? 'ex-dot' : 'ex-hollow ex-ring') + '"/>';
      });
      svg += vline(f, th, 0, 1.1, 'ex-threshold');
      if (fb !== null) svg += dot(f, th, fb);
      if (bestT !== null) svg += dot(f, bestT, best) + noteAt(f, bestT, best, 'máximo ' + num(best, 3) + ' em ' + num(bestT, 2));
      chart(root, 'fbeta', svg + '</svg>' + legend([{ cls: 'ex-fbeta', label: name },
        { color: data.series[0], label: 'precisão', width: 1.5 },
        { color: data.series[1], label: 'revocação', width: 1.5 }]));
    }
    return update;
  };

  /* ---------- section 10: prevalence changes precision (the seed's arithmetic, in whole people) */
  kinds.prevalence = function (root, data) {
    var N0 = data.population;
    function update() {
      var prev = val(root, 'prevalence') / 100, sens = val(root, 'sensitivity') / 100, spec = val(root, 'specificity') / 100;
      /* whole people, each count rounded once: TP + FN = doentes, FP + TN = saudáveis */
      var sick = halfUp(N0 * prev), healthy = N0 - sick, tp = halfUp(sens * sick), fn = sick - tp,
        tn = halfUp(spec * healthy), fp = healthy - tn;
      [['sick', sick], ['healthy', healthy], ['tp', tp], ['fp', fp], ['fn', fn], ['tn', tn]].forEach(function (c) { set(root, c[0], num(c[1], 0)); });
      set(root, 'precision', num(div(tp, tp + fp), 3));
      set(root, 'npv', num(div(tn, tn + fn), 4));
      set(root, 'accuracy', num(div(tp + tn, N0), 3));
      /* the flagged people: true positives against false alarms */
      var flagged = tp + fp, share = flagged > 0 ? 100 * tp / flagged : 0;
      chart(root, 'flagged', flagged > 0 ?
        '<div class="ex-stack"><span style="width:' + share + '%;background:' + data.cells.TP.color + '"></span>' +
        '<span class="ex-stack-fp" style="width:' + (100 - share) + '%;border-color:' + data.cells.FP.color + ';background:' + data.cells.FP.color + '59"></span></div>' +
        legend([{ color: data.cells.TP.color, label: 'TP (doentes), à esquerda', box: 1 },
          { color: data.cells.FP.color, label: 'FP (alarmes falsos), à direita', box: 0.35 }]) :
        '<p class="ex-legend">o modelo não marca ninguém</p>');
      /* precision and NPV against the prevalence, on a log axis */
      var w = widthOf(root, 'precision');
      var f = frame({ w: w, h: clamp(Math.round(w * 0.55), 230, 280), x0: 0.001, x1: 1, y0: 0, y1: 1, xt: Math.log,
        xticks: [0.001, 0.01, 0.1, 0.5, 1], xfmt: function (v) { return pct(v, v < 0.01 ? 1 : 0); }, yticks: ticks01, yfmt: tick01,
        xlabel: 'prevalência (escala logarítmica)', ylabel: 'valor' });
      var pr = [], nv = [];
      for (var i = 0; i <= 120; i++) {
        var q = Math.pow(10, -3 + 3 * i / 120), a = sens * q, b = (1 - spec) * (1 - q);
        pr.push([q, div(a, a + b)]);
        nv.push([q, div(spec * (1 - q), spec * (1 - q) + (1 - sens) * q)]);
      }
      var svg = f.svg + path(f, pr, 'stroke="' + data.cells.TP.color + '" stroke-width="2.5"') +
        path(f, nv, 'stroke="' + data.series[1] + '" stroke-width="1.5" stroke-dasharray="6 4"');   /* as Fig. 6 */
      var pv = div(tp, tp + fp);
      if (pv !== null) svg += vline(f, prev, 0, 1, 'ex-threshold') + dot(f, prev, pv) + noteAt(f, prev, pv, num(pv, 3));
      chart(root, 'precision', svg + '</svg>' + legend([{ color: data.cells.TP.color, label: 'precisão' },
        { color: data.series[1], label: 'VPN', dash: '6 4', width: 1.5 }]));
    }
    return update;
  };

  /* ---------- lesson 2.6: threshold by the cost of the errors */
  kinds.cost = function (root, data) {
    var T = data.thresholds;
    function argmin(c) { var k = 0; c.forEach(function (v, i) { if (v < c[k]) k = i; }); return k; }
    function update() {
      var cfn = val(root, 'cost_fn'), cfp = val(root, 'cost_fp'), th = val(root, 'threshold');
      var c = T.map(function (_, i) { return cfn * data.fn[i] + cfp * data.fp[i]; });
      var i = clamp(halfUp(th * 100) - 1, 0, T.length - 1), kmin = argmin(c);
      var theory = cfp / (cfp + cfn), kth = clamp(halfUp(100 * theory) - 1, 0, T.length - 1);
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
      var top = Math.max.apply(null, c), step = Math.pow(10, Math.floor(Math.log(top) / Math.LN10));
      if (top / step < 3) step /= 2;
      var yt = []; for (var v = 0; v <= top; v += step) yt.push(v);
      var w = widthOf(root, 'cost');
      var f = frame({ w: w, h: clamp(Math.round(w * 0.6), 230, 300), x0: 0, x1: 1, y0: 0, y1: top * 1.12, xticks: ticks01, yticks: yt,
        xfmt: tick01, yfmt: function (x) { return num(x, 0); }, xlabel: 'limiar', ylabel: 'custo total' });
      var svg = f.svg + path(f, T.map(function (x, j) { return [x, c[j]]; }), 'stroke="' + data.series[0] + '" stroke-width="2"') +
        vline(f, T[i], 0, top * 1.12, 'ex-threshold') + dot(f, T[i], c[i]) +
        dot(f, T[kmin], c[kmin], data.series[2]) + dot(f, T[kth], c[kth], data.series[1]);
      svg += noteAt(f, T[kmin], c[kmin], 'mais barato ' + num(T[kmin], 2) + ': ' + num(c[kmin], 0)) +
        noteAt(f, T[kth], c[kth], 'teoria ' + num(T[kth], 2) + ': ' + num(c[kth], 0));
      chart(root, 'cost', svg + '</svg>' + legend([{ color: data.series[0], label: 'custo total' },
        { color: data.series[2], label: 'mais barato', dot: true }, { color: data.series[1], label: 'teoria', dot: true }]));
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
      var w = Math.min(widthOf(root, 'reliability'), 420);
      /* the axes go 0,1 past 0 and 1, so that a circle at a corner stays in the plot */
      var f = frame({ w: w, h: w + 20, x0: -0.1, x1: 1.1, y0: -0.1, y1: 1.1, xticks: ticks01, yticks: ticks01, xfmt: tick01, yfmt: tick01,
        xlabel: 'P(maligno) declarada', ylabel: 'fração de malignas' });
      var size = (f.X(1) - f.X(0)) / 10;   /* the radius of a bin holding every biópsia */
      var svg = f.svg + '<line class="ex-diagonal" x1="' + f.X(0) + '" y1="' + f.Y(0) + '" x2="' + f.X(1) + '" y2="' + f.Y(1) + '"/>', rows = '';
      st.bins.forEach(function (g) {
        /* the title in a group, beside the circle: it takes the card's text colour, not the circle's */
        svg += '<g><title>' + g.count + ' biópsias</title><circle cx="' + f.X(g.mean_p) + '" cy="' + f.Y(g.frac) + '" r="' + (3 + size * Math.sqrt(g.count / data.n)) +
          '" fill="' + data.color + '" fill-opacity=".45" stroke="' + data.color + '"/></g>';
        rows += '<tr><td>' + num(g.lo, 1) + '–' + num(g.hi, 1) + '</td><td>' + g.count + '</td><td>' + num(g.mean_p, 3) + '</td><td>' + num(g.frac, 3) + '</td></tr>';
      });
      chart(root, 'reliability', svg + '</svg>');
      root.querySelector('[data-table="bins"]').innerHTML = rows;
    }
    return update;
  };

  /* ---------- lesson 2.3: the binormal ROC */
  kinds['roc-binormal'] = function (root, data) {
    var neg = data.series[1], pos = data.series[0];
    function pdf(x, m) { return Math.exp(-0.5 * (x - m) * (x - m)) / Math.sqrt(2 * Math.PI); }
    function update() {
      var d = val(root, 'd'), th = val(root, 'threshold');
      var tpr = 1 - phi(th - d), fpr = 1 - phi(th), auc = phi(d / Math.SQRT2);
      set(root, 'tpr', num(tpr, 3)); set(root, 'fpr', num(fpr, 3)); set(root, 'auc', num(auc, 3));
      var w = widthOf(root, 'densities');
      var f = frame({ w: w, h: clamp(Math.round(w * 0.55), 210, 260), x0: -4, x1: 8, y0: 0, y1: 0.45, xticks: [-4, -2, 0, 2, 4, 6, 8], yticks: [0, 0.1, 0.2, 0.3, 0.4],
        xfmt: function (v) { return num(v, 0); }, yfmt: tick01, xlabel: 'escore', ylabel: 'densidade' });
      var svg = f.svg;
      [[0, neg], [d, pos]].forEach(function (g) {
        var area = [[th, 0]], curve = [];
        for (var x = -4; x <= 8.0001; x += 0.05) {
          curve.push([x, pdf(x, g[0])]);
          if (x >= th) area.push([x, pdf(x, g[0])]);
        }
        area.push([8, 0]);
        svg += '<path d="M' + area.map(function (p) { return f.X(clamp(p[0], -4, 8)).toFixed(1) + ' ' + f.Y(p[1]).toFixed(1); }).join('L') + 'Z" fill="' + g[1] + '" fill-opacity=".25"/>' +
          path(f, curve, 'stroke="' + g[1] + '" stroke-width="2"');
      });
      svg += vline(f, clamp(th, -4, 8), 0, 0.45, 'ex-threshold');
      chart(root, 'densities', svg + '</svg>' + legend([{ color: neg, label: 'negativos N(0, 1)' }, { color: pos, label: 'positivos N(d, 1)' }]));
      var gw = Math.min(widthOf(root, 'roc'), 360);
      var g = frame({ w: gw, h: gw, x0: 0, x1: 1, y0: 0, y1: 1, xticks: ticks01, yticks: ticks01, xfmt: tick01, yfmt: tick01,
        xlabel: 'FPR', ylabel: 'TPR' });
      var roc = [];
      for (var s = 9; s >= -7; s -= 0.05) roc.push([1 - phi(s), 1 - phi(s - d)]);
      roc.push([1, 1]);
      chart(root, 'roc', g.svg + '<line class="ex-diagonal" x1="' + g.X(0) + '" y1="' + g.Y(0) + '" x2="' + g.X(1) + '" y2="' + g.Y(1) + '"/>' +
        path(g, [[0, 0]].concat(roc), 'stroke="' + pos + '" stroke-width="2.5"') + dot(g, fpr, tpr) + '</svg>');
    }
    return update;
  };

  /* mount(id): wire the explorable once; retried briefly if the output is not in the page yet */
  function mount(id, tries) {
    var root = document.getElementById(id);
    if (!root) { if ((tries || 0) < 50) setTimeout(function () { mount(id, (tries || 0) + 1); }, 100); return; }
    if (root.getAttribute('data-mounted')) return;
    var data = JSON.parse(root.querySelector('script.ex-data').textContent);
    wireControls(root);
    var draw = kinds[data.kind](root, data), numbers = readout(root, data.kind);
    var update = function () { draw(); if (numbers) numbers.fill(); };
    root.setAttribute('data-mounted', 'true');
    root.addEventListener('input', update);
    root.addEventListener('change', update);
    update();
    if (numbers) {
      numbers.fit();
      window.addEventListener('resize', numbers.fit);
      window.addEventListener('curso:revelado', numbers.fit);
      document.addEventListener('toggle', numbers.fit, true);
    }
    /* charts are drawn at their box's width: again when it changes (a phone turned, a hidden
       Preveja answer shown, a Jupyter column resized) */
    if (window.ResizeObserver) {
      var widths = all(root, '[data-chart]').map(function (c) { return c.clientWidth; }), queued = false;
      new ResizeObserver(function () {
        if (numbers) numbers.fit();
        var now = all(root, '[data-chart]').map(function (c) { return c.clientWidth; });
        if (now.join() === widths.join() || queued) return;
        widths = now; queued = true;
        requestAnimationFrame(function () { queued = false; update(); });
      }).observe(root);
    }
  }
  return { mount: mount, phi: phi, version: 2 };
}());
