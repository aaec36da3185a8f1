/* pt-BR numbers of the course, in the browser: the same rules as course/fmt.py (the tests run one
   table of cases, tests/data/numbers_cases.json, through both). One global, window.CourseNumbers,
   defined once per page (course/explorables.py and course/quiz.py inline this file before their
   own script, so an output works alone in Colab; on the site it is _static/course/numbers.js).
   Under Node, require() returns the same object.

   format(x, digits = 3, trim = false)  0.737 -> "0,737"; 2120 -> "2.120" (0 digits);
                                       -0.037 -> "−0,037" (U+2212); trim drops trailing zeros:
                                       0.75 -> "0,75", 254 -> "254"; null, NaN, ±Infinity -> "indefinido".
                                       Rounding is Python's: the binary value, exact ties to even
                                       (0.125 -> "0,12", 2.5 -> "2" with 0 digits).
   percent(x, digits = 1)              0.985 -> "98,5 %" (a plain space; CSS keeps it on the line).
   ratio(num, den, digits = 3)         a metric from counts: "indefinido" when den is 0.
   parse(text, {thousands})            what a student types -> {ok: true, value, percent, fraction,
                                       decimals, integer}, or {ok: false, error} with error one of
                                       "empty", "not_a_number", "division_by_zero".
   message(error)                      the Portuguese sentence for an error, one wording everywhere.

   What parse reads (spaces anywhere are ignored): a sign (+, -, −), digits with one decimal
   separator, comma or point ("0,78", "0.78", ",5"), thousands grouped with dots before a decimal
   comma ("1.000,5"), a fraction of two such numbers ("7/9", "0,5/2"), a final "%" ("78 %" is
   0.78). A lone dot is a decimal point ("1.000" is 1) unless {thousands: true}: then dot groups
   of three digits are thousands ("8.652" is 8652), as the site writes numbers. Nothing else is a
   number: "1,000.5", "0,5,5", "1e3", "abc". */
(function (root, factory) {
  var api = factory();
  if (typeof module === 'object' && module.exports) module.exports = api;
  if (root) root.CourseNumbers = root.CourseNumbers || api;
}(typeof window !== 'undefined' ? window : null, function () {
  'use strict';
  var UNDEFINED = 'indefinido';
  var MINUS = '\u2212';
  var TRY = 'Digite um número, por exemplo 0,75 (também vale 3/4 ou 75 %).';
  var MESSAGES = {
    empty: TRY,
    not_a_number: TRY,
    division_by_zero: 'Divisão por zero (o denominador é 0). ' + TRY
  };

  function finite(x) {
    return typeof x === 'number' && isFinite(x);
  }

  /* |x| with d decimals, as Python's f"{x:.{d}f}" writes it: toFixed rounds exact binary ties
     away from zero, Python to even (0.125 -> 0.12). */
  function fixed(a, d) {
    var y = a * Math.pow(2, d + 1);
    if (Number.isInteger(y) && y % 2 === 1 && y * Math.pow(5, d) < 9e15) {
      var n = (y * Math.pow(5, d) - 1) / 2;   /* a = (n + 1/2) / 10^d exactly */
      if (n % 2 === 1) n += 1;
      return (n / Math.pow(10, d)).toFixed(d);
    }
    return a.toFixed(d);
  }

  function format(x, digits, trim) {
    if (!finite(x)) return UNDEFINED;
    var d = digits === undefined ? 3 : digits;
    var parts = fixed(Math.abs(x), d).split('.');
    var whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    var decimals = parts[1] || '';
    if (trim) decimals = decimals.replace(/0+$/, '');
    var negative = x < 0 || Object.is(x, -0);   /* Python keeps the sign: "−0,000" */
    return (negative ? MINUS : '') + whole + (decimals ? ',' + decimals : '');
  }

  function percent(x, digits) {
    if (!finite(x)) return UNDEFINED;
    return format(100 * x, digits === undefined ? 1 : digits) + ' %';
  }

  function ratio(numerator, denominator, digits) {
    if (denominator === 0) return UNDEFINED;
    return format(numerator / denominator, digits);
  }

  var PLAIN = /^([+\-\u2212]?)([0-9]+|[0-9]*[.,][0-9]+|[0-9]+[.,])$/;
  var GROUPED = /^([+\-\u2212]?)([1-9][0-9]{0,2}(?:\.[0-9]{3})+)(,[0-9]*)?$/;

  /* One number without "/" or "%": {value, decimals, integer} or null. */
  function single(text, thousands) {
    var m = GROUPED.exec(text);
    if (m && (m[3] !== undefined || thousands)) {
      var decimals = m[3] ? m[3].slice(1) : '';
      return { value: sign(m[1]) * parseFloat(m[2].replace(/\./g, '') + '.' + (decimals || '0')),
               decimals: decimals.length, integer: m[3] === undefined };
    }
    m = PLAIN.exec(text);
    if (!m) return null;
    var body = m[2].replace(',', '.');
    var point = body.indexOf('.');
    return { value: sign(m[1]) * parseFloat(body.charAt(0) === '.' ? '0' + body : body),
             decimals: point < 0 ? 0 : body.length - point - 1, integer: point < 0 };
  }

  function sign(s) {
    return s === '-' || s === MINUS ? -1 : 1;
  }

  function parse(raw, options) {
    var thousands = !!(options && options.thousands);
    var text = String(raw === null || raw === undefined ? '' : raw).replace(/\s+/g, '');
    if (!text) return { ok: false, error: 'empty' };
    var isPercent = text.charAt(text.length - 1) === '%';
    if (isPercent) text = text.slice(0, -1);
    var pieces = text.split('/');
    var value, decimals, integer;
    if (pieces.length === 1) {
      var one = single(text, thousands);
      if (!one) return { ok: false, error: 'not_a_number' };
      value = one.value; decimals = one.decimals; integer = one.integer;
    } else if (pieces.length === 2) {
      var top = single(pieces[0], thousands), bottom = single(pieces[1], thousands);
      if (!top || !bottom) return { ok: false, error: 'not_a_number' };
      if (bottom.value === 0) return { ok: false, error: 'division_by_zero' };
      value = top.value / bottom.value; decimals = 0; integer = false;
    } else {
      return { ok: false, error: 'not_a_number' };
    }
    if (!finite(value)) return { ok: false, error: 'not_a_number' };
    return { ok: true, value: isPercent ? value / 100 : value, percent: isPercent,
             fraction: pieces.length === 2, decimals: decimals, integer: integer };
  }

  function message(error) {
    return MESSAGES[error] || TRY;
  }

  return { UNDEFINED: UNDEFINED, MINUS: MINUS, MESSAGES: MESSAGES, format: format,
           percent: percent, ratio: ratio, parse: parse, message: message, version: 1 };
}));
