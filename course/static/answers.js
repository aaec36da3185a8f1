/* The student's answers: how a number is judged (right, close, wrong) and where every answer is
   kept, in this browser only. One global, window.CourseAnswers, defined once per page and used by
   the quizzes (course/static/quiz.js) and the site's "Preveja" boxes (_static/preveja.js).
   course/quiz.py inlines it after numbers.js and before quiz.js (course/runtime.py), so a quiz
   works alone in Colab; on the site it is _static/course/answers.js. Under Node, require()
   returns the same object (the tests run judge() on a table of cases).

   STORED FORMAT, version 4 (the next tools build on it: a "Meu progresso" page, an export and
   import of every answer as one file, a classroom report). One localStorage key for the whole
   site, "curso:respostas", holding one JSON document:

     { "schema": "curso-respostas", "version": 4,
       "pages": {
         "<page>": {                        the page's path from the site root:
                                            "lessons/custo.html" (outside the site, Jupyter or
                                            Colab, the frame's location.pathname)
           "<item>": {                      "quiz:<bank>:<question id>" ("quiz:custo:f1-para-tudo",
                                            the same id wherever the question is shown), or
                                            "preveja:<glue key>" ("preveja:adv_f2"; an open
                                            question: "preveja:texto-<hash of its prompt>"), or
                                            "pratique:<kind>" ("pratique:precisao": the practice
                                            of one kind of exercise, _static/pratique.js)
             "kind":     "quiz-single" | "quiz-truefalse" | "quiz-multiple" | "quiz-numeric" |
                         "preveja-numero" | "preveja-escolha" | "preveja-texto" | "pratique",
             "first":    Attempt | null,    the first answer: written once, never replaced
             "last":     Attempt | null,    the latest answer (the same as first after one)
             "attempts": 0, 1, 2, ...       answers checked ("Conferir" with a valid answer)
             "skipped":  ISO time | null    "Mostrar sem prever" (a Preveja shown unanswered)
           } } },
       "review": {                          (version 4, optional) the review of "Meu progresso"
         "<item>": { "step": 0 | 1 | 2 | 3, right reviews in a row: the item comes back 1, 3 or 7
                     "at": ISO time } } }   days after "at" (the answer that set the step); 3: out
                                            of the review (REVIEW_DAYS)

     Attempt = { "answer": ..., "verdict": "right" | "close" | "wrong" | null,
                 "at": "2026-12-03T14:05:09.123Z", "side": "above" | "below" (optional) }

     answer, by kind: quiz-single: the option's index in the bank (quiz/*.yml, before the
     page's shuffle); quiz-truefalse: true or false; quiz-multiple: the bank indices ticked;
     quiz-numeric, preveja-numero: the text typed ("0,78", "7/9"); preveja-escolha: the
     option's id; preveja-texto: the text written. verdict: null for preveja-texto (nothing to
     judge). side: a Preveja that also asks "acima ou abaixo?" (the student's side).

   Practice ("Pratique"): one item per kind of exercise, "pratique:<kind>", under the page where
   it was last practised (it follows the student from page to page, as a moved question does).
   Exercises are drawn from a seed, so it keeps counts, not questions:

     { "kind": "pratique",
       "first": Attempt, "last": Attempt,  the first and the latest exercise checked, each with
                                           "seed" (1, 2, ...: which exercise), the text typed
                                           (the steps joined by "; "), "try" (1 or 2) and, on a
                                           wrong first try, "before" (the streak before it, given
                                           back if the second try is right)
       "attempts": 7,                      exercises checked (one per exercise shown: its tries
                                           and what is typed after its solution do not add)
       "right": 5,                         of them right, at the first or the second try ("close",
                                           a rounding away, is not)
       "second": 1,                        of the right ones, right at the second try (after a hint)
       "streak": 3,                        right AT THE FIRST TRY in a row, up to the last (3 or
                                           more: mastered); a right second try neither adds to it
                                           nor zeroes it, a wrong exercise zeroes it
       "skipped": null }

   Version 4 (2026-12) added "second", "try", "before" and "review"; a document of version 3
   (practice right at the first try only: the same counts) or 2 (no practice) is read as version
   4 and written as 4 at the next answer; a file of version 2 or 3 is read and merged as before.
   An older page (version 2 or 3) reading this document leaves it untouched, as any newer version.

   Moved questions: an item's id never changes, its page may (on 2026-12-02 the lessons became
   chapters of parts). get/record/skip bring a record stored under another page to this one
   (adopt), and "Meu progresso" brings every question to the page its manifest gives
   (rehomed): an answer given on an older page is found on the new one.

   Older format (version 1, until 2026-12): one key per page, "curso:respostas:" + pathname,
   {"quiz:<bank>:<id>": {opcao | marcadas | valor}, "preveja-<n>": {numero | escolha | texto |
   pulou}}. It is read, never written: legacy(id) returns an entry for its page, which the quiz
   or the Preveja turns into a version-2 answer the first time the page shows it; "Apagar"
   removes it. A document that cannot be read is ignored (and replaced at the next answer); a
   newer version is left untouched (answers are then kept for this visit only).

   Where localStorage is unavailable (a sandboxed Colab output, private modes), answers are
   kept in memory for the visit: persistent is false and nothing breaks.

   ANSWER FILE, version 1 ("Baixar minhas respostas" on the page "Meu progresso"; "Carregar
   respostas" merges one back; scripts/turma.py reads a class's files). One JSON document:

     { "format": "curso-respostas-arquivo", "version": 1,
       "build": "3f9a0c1d2e4b" | null,   the site's build (the manifest's id, _ext/progress.py)
       "exported": "2026-12-05T10:00:00.000Z",
       "student": "Ana, 17",           what the student typed for the instructor ("" if nothing)
       "answers": { "schema": "curso-respostas", "version": 4, "pages": { ... }, "review": { ... } } }
                                       the stored document above, as it is

   readFile(text) checks all of it before anything changes: {ok: true, file} or {ok: false, code,
   error}, code one of empty, too_big, not_json, not_ours (no "format" tag of ours), newer (a
   later file or stored version), damaged (the message says what and where), error a sentence
   in Portuguese. importFile(file) merges it, question by question: an answer not kept here is
   added; for one kept here, the EARLIER first answer stays (a first prediction is never replaced
   by a later one), the LATER last answer, the larger number of attempts and the earlier "Mostrar
   sem prever"; a question of another kind under the same id keeps this browser's answer.
   Merging a file twice changes nothing the second time. A practice item merges the same way
   (first, last) and keeps the larger counts of attempts, of rights and of rights at the second
   try, and the streak of the record whose last exercise is the later. The review keeps, item by
   item, the state set by the later answer (the larger step when both are as late). It returns
   the counts (added, updated, same, kept) and undo().

   Events, on document: "curso:resposta" (detail {id, record}) after every answer, so that two
   copies of one question stay in step; "curso:respostas" (detail {reason: "clear" | "restore"})
   after clearPage(), restorePage() and importFile() ("import"; its undo: "restore").

   JUDGING A NUMBER: judge(guess, answer, options) -> {verdict, distance}. See MANUTENCAO.md,
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
  var VERSION = 4;
  var PRACTICE = 'pratique';  /* the kind of a practice item, "pratique:<kind of exercise>" */
  var MASTERED = 3;           /* right at the first try in a row: the kind is mastered */
  var REVIEW_DAYS = [1, 3, 7];  /* "Meu progresso": an item comes back after 1, 3, 7 days */

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
     1: "0,75", and "1,0" when options.digits says the page writes it with decimals), a count (a
     whole number, 0 or more) or any other number. */
  function scaleOf(answer, options) {
    if (options && options.scale) return options.scale;
    var decimal = !Number.isInteger(answer) || !!(options && options.digits > 0);
    if ((options && options.percent) || (answer >= 0 && answer <= 1 && decimal)) {
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
  /* scale: as scaleOf's option, for a key that is not a proportion though it lies in 0..1 (a cost
     of 0,56); omitted, the key's own value says it. */
  function judgeKey(guess, answer, tolerance, scale) {
    scale = scaleOf(answer, scale ? { scale: scale } : null);
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
      } else if (!answer.percent && scaleOf(answer.value, answer) === 'proportion' && size > 1 &&
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
    else if (doc.version < VERSION) doc.version = VERSION;   /* 2 and 3 are 4 without what came later */
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

  /* Questions move between pages (the lessons became chapters of parts on 2026-12-02, each
     question going to the part that teaches it); an answer is stored under the page where it was
     given, but its id never changes. adopt moves the record of id from any other page of the
     document to `page` (merged with one already there, when the kind is the same; the emptied
     page goes). Returns whether the document changed. */
  function adopt(doc, id, page) {
    var changed = false;
    for (var other in doc.pages) {
      if (other === page || !doc.pages[other] || !doc.pages[other][id]) continue;
      var there = doc.pages[other][id];
      var here = doc.pages[page] && doc.pages[page][id];
      if (here && here.kind !== there.kind) continue;
      doc.pages[page] = doc.pages[page] || {};
      doc.pages[page][id] = here ? mergeItem(here, there) : copy(there);
      delete doc.pages[other][id];
      if (!Object.keys(doc.pages[other]).length) delete doc.pages[other];
      changed = true;
    }
    return changed;
  }

  /* Every question of a manifest ({id: page}) brought to its page: what "Meu progresso" does
     before it counts, so that an answer given on an older page is counted where it now stands. */
  function adoptAll(doc, pageOf) {
    var changed = false;
    for (var id in pageOf) changed = adopt(doc, id, pageOf[id]) || changed;
    return changed;
  }

  /* This page's record of id; one given where the question stood before comes to this page. */
  function here(id) {
    var doc = load();
    if (!frozen && adopt(doc, id, PAGE)) save(doc);
    return doc;
  }

  function get(id) {
    return copy(items(here(id))[id]);
  }

  function blank(kind) {
    var item = { kind: kind, first: null, last: null, attempts: 0, skipped: null };
    if (kind === PRACTICE) { item.right = 0; item.streak = 0; }
    return item;
  }

  /* One more answer to item id: the first stays, the last is this one. */
  function record(id, kind, answer, verdict, extra) {
    var doc = here(id);
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
    var doc = here(id);
    var page = doc.pages[PAGE] = doc.pages[PAGE] || {};
    var item = page[id] && page[id].kind === kind ? page[id] : blank(kind);
    if (!item.skipped) item.skipped = new Date().toISOString();
    page[id] = item;
    save(doc);
    return copy(item);
  }

  /* Practice: one more try at an exercise of a kind ("pratique:<kind>"). seed: which exercise;
     answer: the text typed; verdict: right, close or wrong (close counts as wrong, as in a quiz);
     options.try: 2 for the second try at the exercise of the last one (a right one counts as right,
     "second", and gives back the streak it had before), 1 (or nothing) for a new exercise. */
  function practise(kind, seed, answer, verdict, options) {
    var id = PRACTICE + ':' + kind;
    var doc = here(id);
    var page = doc.pages[PAGE] = doc.pages[PAGE] || {};
    var item = page[id] && page[id].kind === PRACTICE ? page[id] : blank(PRACTICE);
    var tryNo = options && options['try'] === 2 ? 2 : 1;
    var attempt = { answer: String(answer).trim(), verdict: verdict, seed: seed, at: new Date().toISOString(),
                    'try': tryNo };
    var open = item.last && item.last.seed === seed && item.last['try'] === 1 && item.last.verdict !== 'right' &&
               isIndex(item.last.before);
    if (tryNo === 2 && open) {
      if (verdict === 'right') {
        item.right = (item.right || 0) + 1;
        item.second = (item.second || 0) + 1;
        item.streak = item.last.before;
      }
    } else {
      item.attempts = (item.attempts || 0) + 1;
      if (verdict === 'right') {
        item.right = (item.right || 0) + 1;
        item.streak = (item.streak || 0) + 1;
      } else {
        attempt.before = item.streak || 0;
        item.streak = 0;
      }
    }
    if (!item.first) item.first = attempt;
    item.last = attempt;
    page[id] = item;
    save(doc);
    var out = copy(item);
    fire('curso:resposta', { id: id, record: out });
    return out;
  }

  /* The review of "Meu progresso" ({item id: {step, at}}), and a new one saved (_static/progress.js
     decides it from the answers; REVIEW_DAYS says when each step comes back). */
  function review() {
    var doc = load();
    return copy(isObject(doc.review) ? doc.review : {});
  }

  function setReview(states) {
    var doc = load();
    if (frozen) return false;
    if (JSON.stringify(doc.review || {}) === JSON.stringify(states || {})) return false;
    doc.review = copy(states || {});
    save(doc);
    return true;
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

  /* ----------------------------------------------------------------- one file to take along */
  /* "Baixar minhas respostas" / "Carregar respostas" (the page "Meu progresso", _static/progress.js;
     the classroom report, scripts/turma.py, reads the same files). See "ANSWER FILE" above. */
  var FILE_FORMAT = 'curso-respostas-arquivo';
  var FILE_VERSION = 1;
  var FILE_MAX_BYTES = 5 * 1024 * 1024;
  var KINDS = ['quiz-single', 'quiz-truefalse', 'quiz-multiple', 'quiz-numeric',
               'preveja-numero', 'preveja-escolha', 'preveja-texto', PRACTICE];
  var PRACTICE_ID = /^pratique:[a-z0-9]+(-[a-z0-9]+)*$/;
  var ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
  var FILE_MESSAGES = {
    empty: 'O arquivo está vazio: não é um arquivo de respostas do curso.',
    too_big: 'O arquivo é grande demais para um arquivo de respostas do curso.',
    not_json: 'Este arquivo não é um arquivo de respostas do curso: o conteúdo não é JSON ' +
              '(talvez esteja cortado ou danificado).',
    not_ours: 'Este arquivo não é um arquivo de respostas deste curso (falta a marca "' +
              FILE_FORMAT + '").',
    newer: 'Este arquivo foi feito por uma versão mais nova do curso: carregue-o no site atualizado.',
    damaged: 'O arquivo de respostas está danificado: '
  };

  function isObject(x) {
    return x !== null && typeof x === 'object' && !Array.isArray(x);
  }

  function isIndex(x) {
    return typeof x === 'number' && Number.isInteger(x) && x >= 0;
  }

  /* What is wrong with one stored answer, in words (null when nothing is). */
  function attemptProblem(kind, attempt) {
    if (attempt === null) return null;
    if (!isObject(attempt)) return 'uma tentativa que não é um registro';
    if (typeof attempt.at !== 'string' || !ISO_TIME.test(attempt.at)) return 'uma tentativa sem hora válida';
    if ([null, 'right', 'close', 'wrong'].indexOf(attempt.verdict === undefined ? null : attempt.verdict) < 0) {
      return 'um veredito desconhecido';
    }
    if (attempt.side !== undefined && attempt.side !== 'above' && attempt.side !== 'below') {
      return 'um lado que não é "acima" nem "abaixo"';
    }
    if (kind === PRACTICE && (attempt.verdict === null || attempt.verdict === undefined ||
                              !isIndex(attempt.seed) || attempt.seed < 1)) {
      return 'um exercício sem semente ou sem veredito';
    }
    if (kind === PRACTICE && ((attempt['try'] !== undefined && attempt['try'] !== 1 && attempt['try'] !== 2) ||
                              (attempt.before !== undefined && !isIndex(attempt.before)))) {
      return 'uma tentativa de exercício que não é a primeira nem a segunda';
    }
    var a = attempt.answer;
    var ok = kind === 'quiz-single' ? isIndex(a)
           : kind === 'quiz-truefalse' ? typeof a === 'boolean'
           : kind === 'quiz-multiple' ? Array.isArray(a) && a.every(isIndex)
           : typeof a === 'string' && a.length <= 10000;
    return ok ? null : 'uma resposta que não é do tipo ' + kind;
  }

  function itemProblem(item) {
    if (!isObject(item)) return 'um item que não é um registro';
    if (KINDS.indexOf(item.kind) < 0) return 'um tipo de pergunta desconhecido';
    if (!isIndex(item.attempts)) return 'um número de tentativas inválido';
    if (item.skipped !== null && item.skipped !== undefined &&
        (typeof item.skipped !== 'string' || !ISO_TIME.test(item.skipped))) {
      return 'uma hora de "Mostrar sem prever" inválida';
    }
    if (item.kind === PRACTICE && !(isIndex(item.right) && isIndex(item.streak) &&
                                   item.streak <= item.right && item.right <= item.attempts &&
                                   (item.second === undefined || (isIndex(item.second) && item.second <= item.right)))) {
      return 'contagens de prática impossíveis (certas, seguidas, tentativas)';
    }
    return attemptProblem(item.kind, item.first === undefined ? null : item.first) ||
           attemptProblem(item.kind, item.last === undefined ? null : item.last) ||
           (!item.first !== !item.last ? 'uma primeira resposta sem a última (ou o contrário)' : null);
  }

  /* The stored document of a file -> what is wrong with it, or null. */
  function documentProblem(doc) {
    if (!isObject(doc) || doc.schema !== SCHEMA || !isObject(doc.pages)) {
      return 'as respostas não estão no formato "' + SCHEMA + '"';
    }
    if (!isIndex(doc.version) || doc.version < 1) return 'a versão das respostas é inválida';
    if (doc.review !== undefined) {                     /* the review came with version 4 */
      if (doc.version < 4 || !isObject(doc.review)) return 'a revisão não é um registro desta versão';
      for (var rid in doc.review) {
        var st = doc.review[rid];
        if (!/^(quiz|preveja):./.test(rid) && !PRACTICE_ID.test(rid)) {
          return 'a revisão tem um item de nome desconhecido ("' + rid + '")';
        }
        if (!isObject(st) || !isIndex(st.step) || st.step > REVIEW_DAYS.length ||
            typeof st.at !== 'string' || !ISO_TIME.test(st.at)) {
          return 'a revisão do item "' + rid + '" não tem um passo e uma hora válidos';
        }
      }
    }
    for (var page in doc.pages) {
      var items = doc.pages[page];
      if (!isObject(items)) return 'a página "' + page + '" não é um registro';
      for (var id in items) {
        var practice = doc.version >= 3 && PRACTICE_ID.test(id);   /* practice came with version 3 */
        if (!/^(quiz|preveja):./.test(id) && !practice) {
          return 'o item "' + id + '" (página ' + page + ') tem um nome desconhecido';
        }
        if (practice !== (isObject(items[id]) && items[id].kind === PRACTICE)) {
          return 'o item "' + id + '" (página ' + page + ') não é do tipo do seu nome';
        }
        var problem = itemProblem(items[id]);
        if (problem) return problem + ' (item "' + id + '", página ' + page + ')';
      }
    }
    return null;
  }

  function fileError(code, detail) {
    return { ok: false, code: code, error: FILE_MESSAGES[code] + (detail || '') };
  }

  /* The text of a file -> {ok: true, file} or {ok: false, code, error} (a message in Portuguese).
     Nothing is stored here: checking comes before any change. */
  function readFile(text) {
    if (typeof text !== 'string' || !text.trim()) return fileError('empty');
    if (text.length > FILE_MAX_BYTES) return fileError('too_big');
    var file;
    try { file = JSON.parse(text.replace(/^\uFEFF/, '')); } catch (e) { return fileError('not_json'); }
    if (!isObject(file) || file.format !== FILE_FORMAT) return fileError('not_ours');
    if (!isIndex(file.version) || file.version < 1) return fileError('damaged', 'a versão do arquivo é inválida.');
    if (file.version > FILE_VERSION) return fileError('newer');
    if (isObject(file.answers) && isIndex(file.answers.version) && file.answers.version > VERSION &&
        file.answers.schema === SCHEMA) return fileError('newer');
    if (typeof file.exported !== 'string' || !ISO_TIME.test(file.exported)) {
      return fileError('damaged', 'falta a data da exportação.');
    }
    if (file.student !== undefined && file.student !== null && typeof file.student !== 'string') {
      return fileError('damaged', 'o nome ou número do aluno não é um texto.');
    }
    if (file.build !== undefined && file.build !== null && typeof file.build !== 'string') {
      return fileError('damaged', 'a versão do site não é um texto.');
    }
    var problem = documentProblem(file.answers);
    if (problem) return fileError('damaged', problem + '.');
    return { ok: true, file: file };
  }

  /* Everything this browser keeps, as one file: the format tag and version, the build of the
     site (``build``, from "Meu progresso"'s manifest), the export time, what the student typed
     for the instructor, and the stored document as it is. */
  function exportFile(student, build) {
    return { format: FILE_FORMAT, version: FILE_VERSION, build: build || null,
             exported: new Date().toISOString(), student: String(student || '').trim().slice(0, 100),
             answers: copy(load()) };
  }

  function earlier(a, b) {
    if (!a) return b || null;
    if (!b) return a;
    return b.at < a.at ? b : a;
  }

  function later(a, b) {
    if (!a) return b || null;
    if (!b) return a;
    return b.at > a.at ? b : a;
  }

  /* Two records of one question -> one: the earlier first answer (a first prediction is never
     replaced by a later one), the later last answer, the larger count of attempts, the earlier
     "Mostrar sem prever". Merging a record with itself changes nothing. */
  function mergeItem(here, there) {
    var skipped = [here.skipped, there.skipped].filter(Boolean).sort()[0] || null;
    var last = later(here.last, there.last);
    var out = { kind: here.kind, first: copy(earlier(here.first, there.first)), last: copy(last),
                attempts: Math.max(here.attempts || 0, there.attempts || 0), skipped: skipped };
    if (here.kind === PRACTICE) {
      out.right = Math.max(here.right || 0, there.right || 0);
      out.streak = ((last && last === there.last && last !== here.last) ? there : here).streak || 0;
      var second = Math.max(here.second || 0, there.second || 0);
      if (second || here.second !== undefined || there.second !== undefined) out.second = second;
    }
    return out;
  }

  /* Two reviews as one, item by item: the state set by the later answer (the larger step when
     both are as late). */
  function mergeReview(here, there) {
    var out = copy(here || {});
    for (var id in there || {}) {
      var a = out[id], b = there[id];
      if (!a || b.at > a.at || (b.at === a.at && b.step > a.step)) out[id] = copy(b);
    }
    return out;
  }

  /* The answers of a file merged into a document (changed in place). Returns the counts:
     added (new here), updated, same (nothing new), kept (a different kind of question under the
     same id: this browser's answer stays). */
  function mergeDocument(doc, incoming) {
    var out = { added: 0, updated: 0, same: 0, kept: 0 };
    for (var page in incoming.pages) {
      var items = incoming.pages[page];
      for (var id in items) {
        var there = items[id];
        var mine = doc.pages[page] && doc.pages[page][id];
        if (!mine) {
          doc.pages[page] = doc.pages[page] || {};
          doc.pages[page][id] = blank(there.kind);
          doc.pages[page][id] = mergeItem(doc.pages[page][id], there);
          out.added++;
        } else if (mine.kind !== there.kind) {
          out.kept++;
        } else {
          var merged = mergeItem(mine, there);
          if (JSON.stringify(merged) === JSON.stringify(mergeItem(mine, mine))) out.same++;
          else { doc.pages[page][id] = merged; out.updated++; }
        }
      }
    }
    if (isObject(incoming.review)) doc.review = mergeReview(doc.review, incoming.review);
    return out;
  }

  /* A file read by readFile, merged into this browser's answers. Returns the counts of
     mergeDocument plus undo(), which puts back what was kept before; {ok: false, error} when
     this browser keeps a newer version (nothing is changed). */
  function importFile(file) {
    var doc = load();
    if (frozen) {
      return { ok: false, error: 'Este navegador guarda respostas de uma versão mais nova do curso; ' +
                                 'nada foi carregado.' };
    }
    var before = copy(doc);
    var counts = mergeDocument(doc, file.answers);
    save(doc);
    fire('curso:respostas', { reason: 'import' });
    counts.ok = true;
    counts.undo = function () {
      save(before);
      fire('curso:respostas', { reason: 'restore' });
    };
    return counts;
  }

  return {
    SCHEMA: SCHEMA, VERSION: VERSION, KEY: KEY, RIGHT: RIGHT, CLOSE: CLOSE, POINT: POINT,
    page: PAGE,
    get persistent() { load(); return persistent && !frozen; },
    judge: judge, judgeKey: judgeKey, distance: distance, scaleOf: scaleOf, readGuess: readGuess,
    get: get, record: record, skip: skip, legacy: legacy,
    practise: practise, PRACTICE: PRACTICE, MASTERED: MASTERED,
    review: review, setReview: setReview, mergeReview: mergeReview, REVIEW_DAYS: REVIEW_DAYS,
    clearPage: clearPage, restorePage: restorePage,
    FILE_FORMAT: FILE_FORMAT, FILE_VERSION: FILE_VERSION, KINDS: KINDS,
    readFile: readFile, exportFile: exportFile, importFile: importFile,
    mergeDocument: mergeDocument, adopt: adopt, adoptAll: adoptAll,
    all: function () { return copy(load()); },
    /* the stored document with every question of the manifest on its page, saved so */
    rehomed: function (pageOf) {
      var doc = load();
      if (adoptAll(doc, pageOf) && !frozen) save(doc);
      return copy(doc);
    }
  };
}));
