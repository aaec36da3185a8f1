/* The student's answers: how a number is judged (right, close, wrong) and where every answer is
   kept, in this browser only. One global, window.CourseAnswers, defined once per page and used by
   the quizzes (course/static/quiz.js) and the site's "Preveja" boxes (_static/preveja.js).
   course/quiz.py inlines it after numbers.js and before quiz.js (course/runtime.py), so a quiz
   works alone in Colab; on the site it is _static/course/answers.js. Under Node, require()
   returns the same object (the tests run judge() on a table of cases).

   STORED FORMAT, version 2 (the next tools build on it: a "Meu progresso" page, an export and
   import of every answer as one file, a classroom report). One localStorage key for the whole
   site, "curso:respostas", holding one JSON document:

     { "schema": "curso-respostas", "version": 2,
       "pages": {
         "<page>": {                        the page's path from the site root:
                                            "lessons/custo.html" (outside the site, Jupyter or
                                            Colab, the frame's location.pathname)
           "<item>": {                      "quiz:<bank>:<question id>" ("quiz:custo:f1-para-tudo",
                                            the same id wherever the question is shown), or
                                            "preveja:<glue key>" ("preveja:adv_f2"; an open
                                            question: "preveja:texto-<hash of its prompt>")
             "kind":     "quiz-single" | "quiz-truefalse" | "quiz-multiple" | "quiz-numeric" |
                         "preveja-numero" | "preveja-escolha" | "preveja-texto",
             "first":    Attempt | null,    the first answer: written once, never replaced
             "last":     Attempt | null,    the latest answer (the same as first after one)
             "attempts": 0, 1, 2, ...       answers checked ("Conferir" with a valid answer)
             "skipped":  ISO time | null    "Mostrar sem prever" (a Preveja shown unanswered)
           } } } }

     Attempt = { "answer": ..., "verdict": "right" | "close" | "wrong" | null,
                 "at": "2026-12-03T14:05:09.123Z", "side": "above" | "below" (optional) }

     answer, by kind: quiz-single: the option's index in the bank (quiz/*.yml, before the
     page's shuffle); quiz-truefalse: true or false; quiz-multiple: the bank indices ticked;
     quiz-numeric, preveja-numero: the text typed ("0,78", "7/9"); preveja-escolha: the
     option's id; preveja-texto: the text written. verdict: null for preveja-texto (nothing to
     judge). side: a Preveja that also asks "acima ou abaixo?" (the student's side).

   Older format (version 1, until 2026-12): one key per page, "curso:respostas:" + pathname,
   {"quiz:<bank>:<id>": {opcao | marcadas | valor}, "preveja-<n>": {numero | escolha | texto |
   pulou}}. It is read, never written: legacy(id) returns an entry for its page, which the quiz
   or the Preveja turns into a version-2 answer the first time the page shows it; "Apagar"
   removes it. A document that cannot be read is ignored (and replaced at the next answer); a
   newer version is left untouched (answers are then kept for this visit only).

   Where localStorage is unavailable (a sandboxed Colab output, private modes), answers are
   kept in memory for the visit: persistent is false and nothing breaks.

   Events, on document: "curso:resposta" (detail {id, record}) after every answer, so that two
   copies of one question stay in step; "curso:respostas" (detail {reason: "clear" | "restore"})
   after clearPage() and restorePage().

   JUDGING A NUMBER: judge(guess, answer, options) -> {verdict, distance}. See the README,
   "Preveja no site": the distance is measured on the scale of the answer (log-odds for a
   proportion, log-ratio otherwise); "right" needs the lesson's tolerance (how hard the estimate
   is) AND a distance of at most RIGHT; "close" is a distance of at most CLOSE, within the
   tolerance, or (proportions) within one percentage point. */
(function (root, factory) {
  var api = factory(root);
  if (typeof module === 'object' && module.exports) module.exports = api;
  if (root) root.CourseAnswers = root.CourseAnswers || api;
}(typeof window !== 'undefined' ? window : null, function (win) {
  'use strict';
  var KEY = 'curso:respostas';
  var LEGACY_PREFIX = 'curso:respostas:';
  var SCHEMA = 'curso-respostas';
  var VERSION = 2;

  /* ----------------------------------------------------------------- judging a number */
  var RIGHT = 0.25;        /* log-odds or log-ratio: 0,50 vs 0,56; 100 vs 128 */
  var CLOSE = 0.5;         /* 0,50 vs 0,62; 0,10 vs 0,15; 100 vs 165 */
  var POINT = 0.01;        /* a proportion one percentage point away is close at least */
  var EDGE = 0.005;        /* proportions are kept within [0,5 %; 99,5 %] before the log-odds */

  function logit(p) {
    var q = Math.min(Math.max(p, EDGE), 1 - EDGE);
    return Math.log(q / (1 - q));
  }

  /* How far the guess is from the answer, on the answer's scale. */
  function distance(guess, answer, scale) {
    if (guess === answer) return 0;
    if (scale === 'proportion') return Math.abs(logit(guess) - logit(answer));
    if (scale === 'count') {
      if (guess < 0) return Infinity;
      return Math.abs(Math.log((guess + 1) / (answer + 1)));
    }
    if (guess === 0 || answer === 0 || (guess > 0) !== (answer > 0)) return Infinity;
    return Math.abs(Math.log(guess / answer));
  }

  /* The scale of an answer: a proportion (written as a percentage, or a decimal between 0 and
     1), a count (a whole number, 0 or more) or any other number. */
  function scaleOf(answer, options) {
    if (options && options.scale) return options.scale;
    if ((options && options.percent) || (answer >= 0 && answer <= 1 && !Number.isInteger(answer))) {
      return 'proportion';
    }
    if (Number.isInteger(answer) && answer >= 0) return 'count';
    return 'ratio';
  }

  /* options: {tolerance (absolute, in the answer's unit; a percentage counts as a fraction),
     percent (the answer is written as a percentage), scale (to force one)}. */
  function judge(guess, answer, options) {
    var scale = scaleOf(answer, options);
    var d = distance(guess, answer, scale);
    var gap = Math.abs(guess - answer);
    var tol = options && typeof options.tolerance === 'number' ? options.tolerance : null;
    var withinTolerance = tol === null ? true : gap <= tol + 1e-12;
    var verdict;
    if (withinTolerance && d <= RIGHT + 1e-12) verdict = 'right';
    else if (d <= CLOSE + 1e-12 || (tol !== null && withinTolerance) ||
             (scale === 'proportion' && gap <= POINT + 1e-12)) verdict = 'close';
    else verdict = 'wrong';
    return { verdict: verdict, distance: d, scale: scale };
  }

  /* A question with one right answer (a quiz's key): right within its tolerance; close when
     the guess is a rounding away (a distance of at most RIGHT, or one percentage point of a
     proportion); wrong otherwise. */
  function judgeKey(guess, answer, tolerance) {
    var scale = scaleOf(answer);
    var d = distance(guess, answer, scale);
    var gap = Math.abs(guess - answer);
    var verdict = gap <= tolerance + 1e-12 ? 'right'
                : d <= RIGHT + 1e-12 || (scale === 'proportion' && gap <= POINT + 1e-12) ? 'close'
                : 'wrong';
    return { verdict: verdict, distance: d, scale: scale };
  }

  function numbers() {
    return (win && win.CourseNumbers) ||
           (typeof require === 'function' ? require('./numbers.js') : null);
  }

  /* What the student typed, read against the answer ({value, percent}: the answer's value and
     whether the page writes it as a percentage). Against a percentage, a whole number or a number
     above 1 typed without "%" is a percentage ("35": 35 %), a fraction otherwise ("0,35").
     Against a proportion written as a decimal (0,779), a number above 1 and up to 100 typed
     without "%" is read as a percentage too ("86": 0,86), and told: {told: true}. Otherwise
     numbers.js decides (with thousands when the answer is in the thousands: "8.652" is 8652).
     Returns numbers.js's parse result plus {value, percentRead, told}. */
  function readGuess(raw, answer) {
    var read = numbers().parse(raw, { thousands: Math.abs(answer.value) >= 1000 });
    if (!read.ok) return read;
    var out = { ok: true, value: read.value, read: read, percentRead: read.percent, told: false };
    if (!read.percent) {
      var size = Math.abs(read.value);
      if (answer.percent && (read.integer || size > 1)) {
        out.value = read.value / 100;
        out.percentRead = true;
      } else if (!answer.percent && scaleOf(answer.value) === 'proportion' && size > 1 &&
                 size <= 100) {
        out.value = read.value / 100;
        out.percentRead = true;
        out.told = true;
      }
    }
    return out;
  }

  /* ----------------------------------------------------------------- where answers live */
  var memory = null;          /* the document, when localStorage cannot keep it */
  var persistent = true;
  var frozen = false;         /* a newer version is stored: never overwrite it */

  var probed;                 /* localStorage, once it has been tried (undefined: not yet) */
  function storage() {
    if (probed !== undefined) return probed;
    try {
      var s = win && win.localStorage;
      var probe = KEY + ':probe';
      s.setItem(probe, '1');
      s.removeItem(probe);
      probed = s;
    } catch (e) {
      probed = null;          /* forbidden (a sandboxed frame), absent (Node) or full */
    }
    return probed;
  }

  function empty() {
    return { schema: SCHEMA, version: VERSION, pages: {} };
  }

  function valid(doc) {
    return doc && typeof doc === 'object' && doc.schema === SCHEMA && doc.pages &&
           typeof doc.pages === 'object';
  }

  function load() {
    if (memory) return memory;
    var s = storage();
    if (!s) { persistent = false; memory = empty(); return memory; }
    var doc = null;
    try { doc = JSON.parse(s.getItem(KEY)); } catch (e) { doc = null; }
    if (!valid(doc)) return empty();
    if (doc.version > VERSION) { frozen = true; persistent = false; memory = doc; }
    return doc;
  }

  function save(doc) {
    if (memory) { memory = doc; return; }
    var s = storage();
    try {
      if (!s) throw new Error('no storage');
      s.setItem(KEY, JSON.stringify(doc));
    } catch (e) {
      persistent = false;
      memory = doc;           /* full or forbidden: keep going for this visit */
    }
  }

  /* The page's path from the site root (Sphinx writes it relative in data-content_root). */
  function pageKey() {
    if (!win || !win.location) return '';
    var rootAttr = win.document && win.document.documentElement.getAttribute('data-content_root');
    var path = win.location.pathname;
    if (rootAttr !== null && rootAttr !== undefined) {
      try {
        var base = new URL(rootAttr || './', win.location.href).pathname;
        if (path.indexOf(base) === 0) return decodeURIComponent(path.slice(base.length)) || 'index.html';
      } catch (e) { /* fall through */ }
    }
    return decodeURIComponent(path);
  }
  var PAGE = pageKey();

  function items(doc) {
    return doc.pages[PAGE] || {};
  }

  function copy(x) {
    return x === undefined ? undefined : JSON.parse(JSON.stringify(x));
  }

  function fire(type, detail) {
    if (!win || !win.document || typeof win.CustomEvent !== 'function') return;
    win.document.dispatchEvent(new win.CustomEvent(type, { detail: detail }));
  }

  function get(id) {
    return copy(items(load())[id]);
  }

  function blank(kind) {
    return { kind: kind, first: null, last: null, attempts: 0, skipped: null };
  }

  /* One more answer to item id: the first stays, the last is this one. */
  function record(id, kind, answer, verdict, extra) {
    var doc = load();
    var page = doc.pages[PAGE] = doc.pages[PAGE] || {};
    var item = page[id] && page[id].kind === kind ? page[id] : blank(kind);
    var attempt = { answer: answer, verdict: verdict || null, at: new Date().toISOString() };
    for (var k in extra || {}) attempt[k] = extra[k];
    if (!item.first) item.first = attempt;
    item.last = attempt;
    item.attempts = (item.attempts || 0) + 1;
    page[id] = item;
    save(doc);
    var out = copy(item);
    fire('curso:resposta', { id: id, record: out });
    return out;
  }

  /* "Mostrar sem prever": kept once, with its time; answers given before or after stay. */
  function skip(id, kind) {
    var doc = load();
    var page = doc.pages[PAGE] = doc.pages[PAGE] || {};
    var item = page[id] && page[id].kind === kind ? page[id] : blank(kind);
    if (!item.skipped) item.skipped = new Date().toISOString();
    page[id] = item;
    save(doc);
    return copy(item);
  }

  /* ----------------------------------------------------------------- version 1, read only */
  function legacyAll() {
    var s = storage();
    if (!s || !win.location) return {};
    try {
      var old = JSON.parse(s.getItem(LEGACY_PREFIX + win.location.pathname));
      return old && typeof old === 'object' && !Array.isArray(old) ? old : {};
    } catch (e) {
      return {};
    }
  }

  function legacy(id) {
    var entry = legacyAll()[id];
    return entry && typeof entry === 'object' ? copy(entry) : undefined;
  }

  /* ----------------------------------------------------------------- clearing, and undoing */
  function clearPage() {
    var doc = load();
    var snapshot = { items: copy(items(doc)), legacy: null };
    delete doc.pages[PAGE];
    save(doc);
    var s = storage();
    if (s && win.location) {
      var oldKey = LEGACY_PREFIX + win.location.pathname;
      try { snapshot.legacy = s.getItem(oldKey); s.removeItem(oldKey); } catch (e) { /* idem */ }
    }
    fire('curso:respostas', { reason: 'clear' });
    return snapshot;
  }

  function restorePage(snapshot) {
    if (!snapshot) return;
    var doc = load();
    doc.pages[PAGE] = copy(snapshot.items) || {};
    save(doc);
    var s = storage();
    if (s && snapshot.legacy && win.location) {
      try { s.setItem(LEGACY_PREFIX + win.location.pathname, snapshot.legacy); } catch (e) { /* idem */ }
    }
    fire('curso:respostas', { reason: 'restore' });
  }

  return {
    SCHEMA: SCHEMA, VERSION: VERSION, KEY: KEY, RIGHT: RIGHT, CLOSE: CLOSE, POINT: POINT,
    page: PAGE,
    get persistent() { load(); return persistent && !frozen; },
    judge: judge, judgeKey: judgeKey, distance: distance, scaleOf: scaleOf, readGuess: readGuess,
    get: get, record: record, skip: skip, legacy: legacy,
    clearPage: clearPage, restorePage: restorePage,
    all: function () { return copy(load()); }
  };
}));
