/* "Meu progresso" (progresso.md): what this browser keeps of the student's answers
   (course/static/answers.js, window.CourseAnswers) read against every question of the site (the
   manifest written by _ext/progress.py, window.CourseProgressManifest). Nothing leaves the
   browser; the page only reads, except "Carregar respostas", which merges a file in.

   - summarize(manifest, doc) is the whole reading, with no page: per page and in total, the quiz
     questions answered and right, the Prevejas made, the sections to revise, the numeric
     predictions against the real values. Every stored answer is judged again against the
     question of this build (the key of a quiz, the glued number of a Preveja), with the rules of
     answers.js; an answer the build does not know (a question that left or changed kind, an
     option that is no longer there) is left out and counted, never a crash.
   - The page's six parts (_ext/progress.py, directive {progresso}) are filled from it; the
     practice of each kind of exercise ("Pratique", the manifest's "practice" of each page) in
     the part "pratica" (practiceSummary, fillPractice).
   - reviewPlan(manifest, doc, now) is "Revisão de hoje" (the part "revisao", fillReview): the
     kinds of exercise practised and not yet mastered and the quiz questions and Prevejas first
     answered wrong, each back 1, 3 and 7 days after (REVIEW_DAYS, in answers.js) and out of the
     review after three right reviews; what is due today, about ten minutes of it (REVIEW_MINUTES),
     a fresh exercise of each kind (a Pratique box, _static/pratique.js) and a link to each
     question. Its state is kept in the answers document ("review", answers.js's header).
   Under Node, require() returns the module (tests/test_progress.py runs summarize on cases). */
(function (root, factory) {
  var api = factory(root);
  if (typeof module === 'object' && module.exports) module.exports = api;
  if (root && root.document) {
    root.CourseProgress = api;
    if (root.document.readyState === 'loading') root.document.addEventListener('DOMContentLoaded', api.start);
    else api.start();
  }
}(typeof window !== 'undefined' ? window : null, function (win) {
  'use strict';
  var A = (win && win.CourseAnswers) || (typeof require === 'function' ? require('../course/static/answers.js') : null);
  var N = (win && win.CourseNumbers) || (typeof require === 'function' ? require('../course/static/numbers.js') : null);

  var RANGE = 1.5;          /* the chart shows distances up to 1,5 each side (log-odds or log-ratio) */
  var WORDS = { right: 'boa', close: 'perto', wrong: 'longe' };
  var QUIZ_WORDS = { right: 'certa', close: 'quase (errada)', wrong: 'errada' };
  var ICONS = { right: '✔', close: '≈', wrong: '✘' };

  /* ----------------------------------------------------------------- judging again */

  function isIndex(x) {
    return typeof x === 'number' && Number.isInteger(x) && x >= 0;
  }

  /* The answer of a Preveja as the page writes it ("18,0 %", "2.120"): as preveja.js reads it. */
  function answerValue(text) {
    var read = N.parse(text, { thousands: true });
    return { value: read.ok ? read.value : NaN, percent: read.percent, digits: read.decimals,
             text: text };
  }

  /* The words of a Preveja's feedback (_static/preveja.js, window.CoursePreveja: loaded before this
     file on "Meu progresso", _ext/progress.py): the difference in the question's unit, said as the
     box says it. */
  function prevejaWords() {
    return (win && win.CoursePreveja) || (typeof require === 'function' ? require('./preveja.js') : null);
  }

  /* The guess written like the answer (as preveja.js shows it: "0,3" against "18,0 %" is 30,0 %). */
  function shown(guess, answer) {
    var read = guess.read;
    var own = read.fraction ? 3 : read.decimals;
    if (answer.percent && !guess.percentRead) own -= 2;
    if (!answer.percent && guess.percentRead && !read.percent) own += 2;
    var digits = Math.max(answer.digits, own, 0);
    return answer.percent ? N.percent(guess.value, digits) : N.format(guess.value, digits);
  }

  /* One stored attempt against the question of this build -> {valid, verdict, ...}. */
  function judgeAttempt(item, attempt) {
    var a = attempt.answer;
    switch (item.kind) {
      case 'quiz-single':
        if (!isIndex(a) || a >= item.options.length) return { valid: false };
        return { valid: true, verdict: a === item.correct ? 'right' : 'wrong' };
      case 'quiz-truefalse':
        if (typeof a !== 'boolean') return { valid: false };
        return { valid: true, verdict: a === item.correct ? 'right' : 'wrong' };
      case 'quiz-multiple':
        if (!Array.isArray(a) || !a.length ||
            !a.every(function (b) { return isIndex(b) && b < item.options.length; })) return { valid: false };
        var ticked = a.slice().sort(function (x, y) { return x - y; }).join(',');
        return { valid: true, verdict: ticked === item.correct.join(',') ? 'right' : 'wrong' };
      case 'quiz-numeric':
        var typed = A.readGuess(String(a), { value: item.answer, percent: false });
        if (!typed.ok) return { valid: false };
        return { valid: true, verdict: A.judgeKey(typed.value, item.answer, item.tolerance).verdict };
      case 'preveja-numero':
        var answer = answerValue(item.answer);
        var guess = typeof a === 'string' && isFinite(answer.value) ? A.readGuess(a, answer) : { ok: false };
        if (!guess.ok) return { valid: false };
        var judged = A.judge(guess.value, answer.value, { tolerance: item.tolerance, percent: answer.percent,
                                                          digits: answer.digits });
        var verdict = judged.verdict;
        if (item.reference) {         /* "acima ou abaixo?": the side must be right too */
          var truth = answer.value > answerValue(item.reference.text).value ? 'above' : 'below';
          if (attempt.side !== truth) verdict = 'wrong';
        }
        var signed = guess.value >= answer.value ? judged.distance : -judged.distance;
        var P = prevejaWords();
        var g = P ? P.gap(guess, answer, P.unitOf(item.unit)) : null;
        return { valid: true, verdict: verdict, guess: guess.value, guessText: g ? g.guess : shown(guess, answer),
                 real: answer.value, realText: answer.text, distance: signed, scale: judged.scale, gap: g };
      case 'preveja-escolha':
        if (typeof a !== 'string' || !Object.prototype.hasOwnProperty.call(item.options, a)) return { valid: false };
        return { valid: true, verdict: a === item.answer ? 'right' : 'wrong' };
      case 'preveja-texto':
        return { valid: typeof a === 'string' && a.trim() !== '', verdict: null };
    }
    return { valid: false };
  }

  /* ----------------------------------------------------------------- the whole reading */

  function counts() {
    return { quiz: { total: 0, answered: 0, right: 0, rightFirst: 0 },
             prevejas: { total: 0, made: 0, skipped: 0 } };
  }

  function summarize(manifest, doc) {
    var pagesStored = (doc && doc.pages && typeof doc.pages === 'object') ? doc.pages : {};
    var known = {};
    var out = { build: manifest.build, pages: [], total: counts(), predictions: [], ignored: 0,
                answered: 0 };
    manifest.pages.forEach(function (p) {
      var stored = pagesStored[p.page] || {};
      var page = { page: p.page, title: p.title, revise: [], answered: 0 };
      var c = counts();
      var revise = {};
      known[p.page] = {};
      (p.practice || []).forEach(function (k) { known[p.page][k.id] = true; });
      p.items.forEach(function (item) {
        known[p.page][item.id] = true;
        var quiz = item.kind.indexOf('quiz-') === 0;
        if (quiz) c.quiz.total++; else c.prevejas.total++;
        var rec = stored[item.id];
        if (!rec) return;
        if (typeof rec !== 'object' || rec.kind !== item.kind) { out.ignored++; return; }
        var first = rec.first && typeof rec.first === 'object' ? judgeAttempt(item, rec.first) : null;
        var last = rec.last && typeof rec.last === 'object' ? judgeAttempt(item, rec.last) : null;
        if (rec.first && (!first.valid || !last || !last.valid)) { out.ignored++; return; }
        if (!first) {
          if (!quiz && rec.skipped) c.prevejas.skipped++;
          return;
        }
        page.answered++;
        if (quiz) {
          c.quiz.answered++;
          if (last.verdict === 'right') c.quiz.right++;
          if (first.verdict === 'right') c.quiz.rightFirst++;
          else {
            var key = item.section.href;
            if (!revise[key]) {
              revise[key] = { href: key, title: item.section.title, missed: 0 };
              page.revise.push(revise[key]);
            }
            revise[key].missed++;
          }
          return;
        }
        c.prevejas.made++;
        if (item.kind === 'preveja-numero') {
          out.predictions.push({
            page: p.page, lesson: p.title, id: item.id, prompt: item.prompt, section: item.section,
            typed: rec.first.answer, guess: first.guess, guessText: first.guessText, gap: first.gap,
            real: first.real, realText: first.realText, verdict: first.verdict,
            distance: first.distance, scale: first.scale,
            after: !!(rec.skipped && rec.skipped < rec.first.at)   /* predicted after seeing it */
          });
        }
      });
      page.quiz = c.quiz;
      page.prevejas = c.prevejas;
      ['quiz', 'prevejas'].forEach(function (k) {
        for (var f in c[k]) out.total[k][f] += c[k][f];
      });
      out.answered += page.answered;
      out.pages.push(page);
    });
    for (var pg in pagesStored) {          /* answers to questions this build does not have */
      var items = pagesStored[pg];
      if (!items || typeof items !== 'object') continue;
      for (var id in items) {
        if (!(known[pg] && known[pg][id])) out.ignored++;
      }
    }
    out.calibration = calibration(out.predictions);
    out.practice = practiceSummary(manifest, pagesStored, out);
    return out;
  }

  /* How the first numeric predictions went (those made before seeing the answer). */
  function calibration(predictions) {
    var counted = predictions.filter(function (p) { return !p.after; });
    var c = { n: counted.length, right: 0, close: 0, wrong: 0, above: 0, below: 0, exact: 0,
              furthest: null, after: predictions.length - counted.length };
    counted.forEach(function (p) {
      c[p.verdict]++;
      /* exact as the box says it: no difference in the decimals shown */
      if (p.gap ? p.gap.exact : p.distance === 0) c.exact++; else if (p.distance > 0) c.above++; else c.below++;
      if (!c.furthest || Math.abs(p.distance) > Math.abs(c.furthest.distance)) c.furthest = p;
    });
    return c;
  }

  /* ----------------------------------------------------------------- practice */

  /* Per kind of exercise the site offers (the manifest's "practice", in reading order), what
     this browser kept under "pratique:<kind>" (on the page pageOf gives it, where rehomed()
     brought it): exercises checked, right, right in a row; A.MASTERED in a row is mastered. A
     record that is not a practice record is counted as ignored in `out`. */
  function practiceSummary(manifest, pagesStored, out) {
    var where = pageOf(manifest);
    var kinds = [], seen = {};
    manifest.pages.forEach(function (p) {
      (p.practice || []).forEach(function (k) {
        if (seen[k.id]) return;
        seen[k.id] = true;
        var rec = (pagesStored[where[k.id]] || {})[k.id];
        var row = { id: k.id, kind: k.kind, title: k.title, page: p.page, lesson: p.title,
                    section: k.section, file: k.file, seeds: k.seeds, attempts: 0, right: 0, second: 0,
                    streak: 0, mastered: false, lastSeed: null, last: null };
        if (rec !== undefined && rec !== null) {
          if (typeof rec !== 'object' || rec.kind !== A.PRACTICE || !isIndex(rec.attempts) ||
              !isIndex(rec.right) || !isIndex(rec.streak)) {
            if (out) out.ignored++;
          } else {
            row.attempts = rec.attempts;
            row.right = rec.right;
            row.second = isIndex(rec.second) ? rec.second : 0;
            row.streak = rec.streak;
            row.mastered = rec.streak >= A.MASTERED;
            row.lastSeed = rec.last && isIndex(rec.last.seed) ? rec.last.seed : null;
            row.last = rec.last && typeof rec.last === 'object' ? rec.last : null;
          }
        }
        kinds.push(row);
      });
    });
    return { kinds: kinds, total: kinds.length,
             practised: kinds.filter(function (k) { return k.attempts > 0; }).length,
             mastered: kinds.filter(function (k) { return k.mastered; }).length };
  }

  /* "3 certos de primeira seguidos: dominado" (MANUTENCAO.md, "Meu progresso"): the state of one
     kind, in words. */
  function practiceState(k) {
    if (!k.attempts) return 'ainda não praticado';
    if (k.mastered) return '✔ dominado: ' + plural(k.streak, 'certo de primeira seguido', 'certos de primeira seguidos');
    var missing = A.MASTERED - k.streak;
    return plural(k.streak, 'certo de primeira seguido', 'certos de primeira seguidos') + ': ' +
           (missing === 1 ? 'falta 1' : 'faltam ' + missing) + ' para dominar';
  }

  /* One line per kind of exercise: "Exercício de precisão (aula): 4 conferidos, 3 certos (1 na
     segunda tentativa); ✔ dominado: 3 certos de primeira seguidos." A list, not a table: it reads
     on a phone. */
  function fillPractice(s) {
    var box = part('pratica');
    if (!box) return;
    var pr = s.practice;
    if (!pr.total) {
      box.appendChild(el('p', { 'class': 'progresso-vazio' }, 'Nenhuma aula tem exercícios de prática ainda.'));
      return;
    }
    var goal = A.MASTERED + ' certos de primeira seguidos';
    box.appendChild(el('p', { 'class': 'progresso-pratica-resumo' }, pr.practised
      ? 'Você praticou ' + pr.practised + ' de ' + plural(pr.total, 'tipo', 'tipos') + ' de exercício; ' +
        (pr.mastered ? 'dominou ' + pr.mastered + ' (' + goal + ').'
                     : 'ainda não dominou nenhum (dominar é acertar ' + A.MASTERED + ' de primeira, seguidos).')
      : 'Você ainda não praticou. Cada caixa Pratique das aulas sorteia números novos a cada exercício; ' +
        goal + ' num tipo de exercício é dominá-lo.'));
    var list = el('ul', { 'class': 'progresso-pratica' });
    pr.kinds.forEach(function (k) {
      var li = el('li', { 'class': 'progresso-pratica-' + (k.mastered ? 'dominado' : k.attempts ? 'praticando' : 'nada'),
                          'data-id': k.id });
      li.appendChild(link(k.section.href, k.title));
      li.appendChild(document.createTextNode(' (' + k.lesson + '): ' + (k.attempts
        ? plural(k.attempts, 'conferido', 'conferidos') + ', ' + plural(k.right, 'certo', 'certos') +
          (k.second ? ' (' + k.second + ' na segunda tentativa)' : '') + '; '
        : '') + practiceState(k) + '.'));
      list.appendChild(li);
    });
    box.appendChild(list);
  }


  /* ----------------------------------------------------------------- "Revisão de hoje" */

  var REVIEW_MINUTES = 10;                    /* about ten minutes a day */
  var MINUTES = { pratique: 2, quiz: 1, preveja: 1 };   /* a fresh exercise by hand; a question again */
  var ORDER = { pratique: 0, quiz: 1, preveja: 2 };
  var DAY = 86400000;

  /* The local calendar day of a time, as a number (days since 1970 in the student's time zone). */
  function dayOf(iso) {
    var d = new Date(iso);
    return Math.floor((d.getTime() - d.getTimezoneOffset() * 60000) / DAY);
  }

  function dayText(day) {
    var d = new Date(day * DAY);
    var two = function (x) { return (x < 10 ? '0' : '') + x; };
    return two(d.getUTCDate()) + '/' + two(d.getUTCMonth() + 1) + '/' + d.getUTCFullYear();
  }

  /* What may come back: every quiz question whose first answer was not right, every Preveja of a
     number or an option whose first prediction was "longe" (made before seeing the answer), and
     every kind of exercise practised and not yet mastered. start: when it entered the review (the
     first answer; for a kind, its last exercise); lastAt, passed: the latest answer and whether it
     is a right review (a quiz right; a Preveja not "longe"; an exercise right at the first try). */
  function reviewCandidates(manifest, doc) {
    var pagesStored = (doc && doc.pages && typeof doc.pages === 'object') ? doc.pages : {};
    var out = [], seen = {};
    manifest.pages.forEach(function (p) {
      var stored = pagesStored[p.page] || {};
      p.items.forEach(function (item) {
        var quiz = item.kind.indexOf('quiz-') === 0;
        if (seen[item.id] || (!quiz && item.kind !== 'preveja-numero' && item.kind !== 'preveja-escolha')) return;
        var rec = stored[item.id];
        if (!rec || typeof rec !== 'object' || rec.kind !== item.kind || !rec.first || !rec.last ||
            typeof rec.first !== 'object' || typeof rec.last !== 'object') return;
        var first = judgeAttempt(item, rec.first), last = judgeAttempt(item, rec.last);
        if (!first.valid || !last.valid || (!quiz && rec.skipped && rec.skipped < rec.first.at)) return;
        if (quiz ? first.verdict === 'right' : first.verdict !== 'wrong') return;
        seen[item.id] = true;
        out.push({ id: item.id, type: quiz ? 'quiz' : 'preveja', prompt: item.prompt, section: item.section,
                   anchor: item.anchor || null, page: p.page, lesson: p.title, start: rec.first.at,
                   lastAt: rec.last.at, passed: quiz ? last.verdict === 'right' : last.verdict !== 'wrong' });
      });
    });
    practiceSummary(manifest, pagesStored, null).kinds.forEach(function (k) {
      if (!k.attempts || k.mastered || !k.last || typeof k.last.at !== 'string') return;
      var seeds = k.seeds || 1;
      out.push({ id: k.id, type: 'pratique', kind: k.kind, title: k.title, section: k.section, page: k.page,
                 lesson: k.lesson, file: k.file, seeds: seeds, seed: (k.lastSeed || 0) % seeds + 1,
                 start: k.last.at, lastAt: k.last.at, passed: k.last.verdict === 'right' && k.last['try'] !== 2 });
    });
    return out;
  }

  /* The review on day `now` (ISO time), from the answers and the review kept in `doc`. An item
     comes back REVIEW_DAYS[step] days after `at`; a right review on or after that day moves it a
     step (after the last step it leaves the review), a wrong answer brings it back to step 0 the
     next day, a right answer before the day changes nothing. Returns {shown (what is due, oldest
     first, up to about REVIEW_MINUTES), more (due, left for tomorrow), minutes, next (the day the
     next item not yet due comes back, or null), doneToday, states (the new review, to keep), total}. */
  function reviewPlan(manifest, doc, now) {
    var days = A.REVIEW_DAYS;
    var today = dayOf(now);
    var before = (doc && doc.review && typeof doc.review === 'object') ? doc.review : {};
    var states = {}, due = [], waiting = [], doneToday = 0;
    reviewCandidates(manifest, doc).forEach(function (c) {
      var st = before[c.id];
      st = st && isIndex(st.step) && st.step <= days.length && typeof st.at === 'string'
        ? { step: st.step, at: st.at } : { step: 0, at: c.start };
      if (c.lastAt > st.at) {
        if (!c.passed) st = { step: 0, at: c.lastAt };
        else if (st.step < days.length && dayOf(c.lastAt) >= dayOf(st.at) + days[st.step]) {
          st = { step: st.step + 1, at: c.lastAt };
        }
      }
      states[c.id] = st;
      if (st.step > 0 && dayOf(st.at) === today) doneToday++;
      if (st.step >= days.length) return;             /* three right reviews: out of the review */
      c.step = st.step;
      c.dueDay = dayOf(st.at) + days[st.step];
      c.minutes = MINUTES[c.type];
      (c.dueDay <= today ? due : waiting).push(c);
    });
    /* the oldest first; within a day, the kinds in turn (an exercise, a quiz question, a Preveja,
       an exercise...), so that ten minutes are not all exercises or all questions */
    var rank = {};
    due.forEach(function (c) {
      var key = c.dueDay + ':' + c.type;
      c.turn = rank[key] = (rank[key] === undefined ? 0 : rank[key] + 1);
    });
    due.sort(function (a, b) { return a.dueDay - b.dueDay || a.turn - b.turn || ORDER[a.type] - ORDER[b.type]; });
    var shown = [], minutes = 0;
    due.forEach(function (c) {
      if (!shown.length || minutes + c.minutes <= REVIEW_MINUTES) { shown.push(c); minutes += c.minutes; }
    });
    var next = waiting.length ? Math.min.apply(null, waiting.map(function (c) { return c.dueDay; })) : null;
    return { shown: shown, more: due.length - shown.length, minutes: minutes, next: next, today: today,
             doneToday: doneToday, states: states, total: Object.keys(states).length };
  }

  var reviewing = null;        /* the review on the page: its items, to say when one is done */

  /* "Revisão de hoje": the questions to answer again (links), then a fresh exercise of each kind
     (a Pratique box, the same item "pratique:<kind>" as the lessons' boxes). */
  function fillReview(plan, manifest) {
    var box = part('revisao');
    if (!box) return;
    reviewing = { plan: plan, manifest: manifest, status: {} };
    if (!plan.shown.length) {
      var text = !plan.total
        ? 'Nada para revisar ainda: um exercício que você pratica sem dominar e uma pergunta que você erra ' +
          'entram aqui no dia seguinte.'
        : (plan.doneToday ? 'Revisão de hoje feita: ' + plural(plan.doneToday, 'item revisado', 'itens revisados') +
                            '. ' : 'Nada para revisar hoje. ') +
          (plan.next !== null ? 'O próximo item volta em ' + dayText(plan.next) + '.' : '');
      box.appendChild(el('p', { 'class': 'progresso-revisao-resumo' }, text));
      return;
    }
    box.appendChild(el('p', { 'class': 'progresso-revisao-resumo' },
      'Hoje: ' + plural(plan.shown.length, 'item', 'itens') + ', cerca de ' + plural(plan.minutes, 'minuto', 'minutos') +
      (plan.more ? '; ' + (plan.more === 1 ? 'mais 1 fica' : 'mais ' + plan.more + ' ficam') + ' para amanhã.' : '.')));
    var questions = plan.shown.filter(function (c) { return c.type !== 'pratique'; });
    var exercises = plan.shown.filter(function (c) { return c.type === 'pratique'; });
    if (questions.length) {
      box.appendChild(el('h3', { 'class': 'progresso-revisao-titulo' }, 'Responda de novo'));
      var ul = el('ul', { 'class': 'progresso-revisao-perguntas' });
      questions.forEach(function (c) {
        var li = el('li', { 'data-id': c.id });
        var what = el('p', { 'class': 'progresso-revisao-pergunta' });
        what.appendChild(el('strong', {}, (c.type === 'quiz' ? 'Quiz' : 'Preveja') + ' · ' + c.lesson + ': '));
        what.appendChild(document.createTextNode('“' + shorten(c.prompt, 140) + '”'));
        li.appendChild(what);
        var go = el('p', { 'class': 'progresso-revisao-links' });
        var there = c.type === 'quiz' && c.anchor ? c.page + '#' + c.anchor : c.section.href;
        go.appendChild(link(there, c.type === 'quiz' ? 'Responder de novo' : 'Prever de novo'));
        if (c.type === 'quiz' && c.section.title) go.appendChild(link(c.section.href, 'Revise: ' + c.section.title));
        li.appendChild(go);
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    if (exercises.length) {
      box.appendChild(el('h3', { 'class': 'progresso-revisao-titulo' }, 'Um exercício novo de cada tipo'));
      exercises.forEach(function (c) {
        var card = el('div', { 'class': 'admonition pratique note progresso-revisao-exercicio', 'data-id': c.id });
        card.appendChild(el('p', { 'class': 'admonition-title' }, 'Pratique · ' + c.title));
        var from = el('p', { 'class': 'pratique-legenda' });
        from.appendChild(document.createTextNode('Da aula '));
        from.appendChild(link(c.section.href, c.lesson));
        from.appendChild(document.createTextNode('.'));
        card.appendChild(from);
        var ui = el('div', { 'class': 'pratique-ui', 'data-tipo': c.kind, 'data-id': c.id, 'data-titulo': c.title,
                             'data-sementes': String(c.seeds), 'data-arquivo': c.file, 'data-semente': String(c.seed) });
        card.appendChild(ui);
        var status = el('p', { 'class': 'progresso-revisao-estado', role: 'status' });
        card.appendChild(status);
        reviewing.status[c.id] = status;
        box.appendChild(card);
        if (win.CoursePratique) win.CoursePratique.mount(ui);
      });
    }
  }

  /* After an exercise of the review: its state kept, and said ("volta em 3 dias"). */
  function reviewAnswered(id) {
    if (!reviewing || !reviewing.status[id]) return;
    var doc = A.rehomed(pageOf(reviewing.manifest));
    var plan = reviewPlan(reviewing.manifest, doc, new Date().toISOString());
    A.setReview(plan.states);
    var st = plan.states[id];
    var status = reviewing.status[id];
    if (!st) status.textContent = '✔ Tipo dominado: sai da revisão.';
    else if (st.step >= A.REVIEW_DAYS.length) status.textContent = '✔ Revisado pela terceira vez: sai da revisão.';
    else if (dayOf(st.at) === plan.today && st.step > 0) {
      status.textContent = '✔ Revisado: volta em ' + dayText(dayOf(st.at) + A.REVIEW_DAYS[st.step]) + '.';
    } else status.textContent = 'Volta amanhã: um certo de primeira conta como revisão.';
    fillPractice(summarize(reviewing.manifest, doc));
  }

  /* ----------------------------------------------------------------- the page */

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function svgEl(tag, attrs, text) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function plural(n, one, many) {
    return n + ' ' + (n === 1 ? one : many);
  }

  function root() {
    var r = document.documentElement.getAttribute('data-content_root');
    return r === null ? '' : r;
  }

  function link(href, text) {
    return el('a', { href: root() + href }, text);
  }

  function part(name) {
    var node = document.getElementById('progresso-' + name);
    if (node) node.innerHTML = '';
    return node;
  }

  /* A table of numbers. A cell is a string (a number column) or {node | text, num: false}
     (text that wraps: a lesson's name, a question). */
  function cell(tag, value, attrs) {
    var td = el(tag, attrs || {});
    var num = !(value && typeof value === 'object' && (value.num === false || value.nodeType));
    if (num && tag === 'td') td.className = 'num';
    if (value && value.nodeType) td.appendChild(value);
    else if (value && value.node) td.appendChild(value.node);
    else td.textContent = value && typeof value === 'object' ? value.text : value;
    return td;
  }

  /* A table; each cell also carries its column's name (data-label): on a phone the table of
     predictions is a card a row, its question on top and each number under its name
     (progress.css). The roles say it is a table however it is laid out. */
  function table(caption, head, rows, foot) {
    var wrap = el('div', { 'class': 'progresso-tabela', tabindex: '0', role: 'region',
                           'aria-label': caption });
    var t = el('table', { role: 'table' });
    t.appendChild(el('caption', {}, caption));
    var thead = el('thead', { role: 'rowgroup' }), tr = el('tr', { role: 'row' });
    var names = head.map(function (h) { return h.text || h; });
    head.forEach(function (h, i) {
      tr.appendChild(el('th', { scope: 'col', role: 'columnheader', 'class': h.num === false ? '' : 'num' }, names[i]));
    });
    thead.appendChild(tr);
    t.appendChild(thead);
    var tbody = el('tbody', { role: 'rowgroup' });
    rows.concat(foot ? [foot] : []).forEach(function (cells, r) {
      var row = el('tr', { role: 'row' });
      cells.forEach(function (value, i) {
        var c = cell(i ? 'td' : 'th', value, i ? { role: 'cell' } : { scope: 'row', role: 'rowheader' });
        c.setAttribute('data-label', names[i]);
        row.appendChild(c);
      });
      (r === rows.length ? (t.tFoot || t.createTFoot()) : tbody).appendChild(row);
    });
    t.insertBefore(tbody, t.tFoot);
    wrap.appendChild(t);
    return wrap;
  }

  function fillSummary(s) {
    var box = part('resumo');
    if (!box) return;
    box.setAttribute('role', 'status');
    if (!s.answered && !(s.practice && s.practice.practised)) {
      box.appendChild(el('p', { 'class': 'progresso-vazio' }, 'Você ainda não respondeu nada.'));
      box.appendChild(el('p', {}, 'Responda uma pergunta de quiz ou uma caixa Preveja numa aula e ' +
        'volte aqui. Se você respondeu em outro navegador, carregue suas respostas no fim da página.'));
    } else {
      var t = s.total;
      box.appendChild(el('p', { 'class': 'progresso-total' },
        'No curso todo: ' + t.quiz.answered + ' de ' + plural(t.quiz.total, 'pergunta', 'perguntas') +
        ' de quiz respondidas, ' + t.quiz.right + (t.quiz.right === 1 ? ' certa (' : ' certas (') +
        t.quiz.rightFirst + ' na primeira tentativa); ' + t.prevejas.made + ' de ' + plural(t.prevejas.total, 'caixa', 'caixas') +
        ' Preveja respondidas.'));
      var rows = s.pages.map(function (p) {
        return [link(p.page, p.title), p.quiz.answered + ' de ' + p.quiz.total, String(p.quiz.right),
                p.prevejas.made + ' de ' + p.prevejas.total];
      });
      box.appendChild(table('Respostas por parte das aulas',
        [{ text: 'Parte', num: false }, 'Quiz', 'Certas', 'Preveja'], rows,
        ['Total', t.quiz.answered + ' de ' + t.quiz.total, String(t.quiz.right),
         t.prevejas.made + ' de ' + t.prevejas.total]));
      box.appendChild(el('p', { 'class': 'progresso-nota' }, '"Quiz": perguntas respondidas; ' +
        '"Certas": perguntas cuja última resposta está certa; "Preveja": caixas respondidas. ' +
        'Quantas você acertou na primeira tentativa está em cada aula, abaixo.'));
    }
    if (s.ignored) {
      box.appendChild(el('p', { 'class': 'progresso-ignoradas' },
        plural(s.ignored, 'resposta guardada é', 'respostas guardadas são') + ' de perguntas que ' +
        'mudaram ou saíram do curso nesta versão do site: ' + (s.ignored === 1 ? 'ficou' : 'ficaram') +
        ' fora da conta (e continua' + (s.ignored === 1 ? '' : 'm') + ' guardada' +
        (s.ignored === 1 ? '' : 's') + ').'));
    }
  }

  function fillLessons(s) {
    var box = part('aulas');
    if (!box) return;
    s.pages.forEach(function (p) {
      var id = 'progresso-aula-' + p.page.replace(/[^a-z0-9]+/gi, '-');
      var section = el('section', { 'class': 'progresso-aula', 'aria-labelledby': id });
      var h = el('h3', { id: id });
      h.appendChild(link(p.page, p.title));
      section.appendChild(h);
      if (!p.answered && !p.prevejas.skipped) {
        section.appendChild(el('p', {}, 'Nada respondido ainda (' + plural(p.quiz.total, 'pergunta', 'perguntas') +
          ' de quiz, ' + plural(p.prevejas.total, 'caixa', 'caixas') + ' Preveja).'));
        box.appendChild(section);
        return;
      }
      section.appendChild(el('p', {}, 'Quiz: ' + p.quiz.answered + ' de ' + p.quiz.total +
        ' respondidas, ' + p.quiz.right + (p.quiz.right === 1 ? ' certa' : ' certas') + ' agora, ' +
        p.quiz.rightFirst + ' na primeira tentativa.'));
      section.appendChild(el('p', {}, 'Preveja: ' + p.prevejas.made + ' de ' + p.prevejas.total +
        ' respondidas' + (p.prevejas.skipped ? '; ' + p.prevejas.skipped + ' mostradas sem prever.' : '.')));
      if (p.revise.length) {
        section.appendChild(el('p', { 'class': 'progresso-revise-titulo' }, 'Para revisar:'));
        var ul = el('ul', { 'class': 'progresso-revise' });
        p.revise.forEach(function (r) {
          var li = el('li');
          li.appendChild(link(r.href, 'Revise: ' + r.title));
          li.appendChild(document.createTextNode(' (' + plural(r.missed, 'pergunta errada', 'perguntas erradas') +
            ' na primeira tentativa)'));
          ul.appendChild(li);
        });
        section.appendChild(ul);
      } else if (p.quiz.answered) {
        section.appendChild(el('p', {}, 'Nenhuma pergunta errada na primeira tentativa.'));
      }
      box.appendChild(section);
    });
  }

  function shorten(text, n) {
    return text.length <= n ? text : text.slice(0, Math.max(1, n - 1)).replace(/\s+\S*$/, '') + '…';
  }

  /* ``text`` in lines of at most ``n`` characters, at most ``lines`` of them (the last one
     shortened with "…" when the text goes on). */
  function lines(text, n, most) {
    var words = String(text).split(/\s+/), out = [], cur = '';
    for (var i = 0; i < words.length; i++) {
      var next = cur ? cur + ' ' + words[i] : words[i];
      if (next.length <= n) { cur = next; continue; }
      if (cur) out.push(cur);
      cur = words[i];
      if (out.length === most) {        /* no line left: the last one says it goes on */
        out[most - 1] = shorten(out[most - 1] + ' ' + words.slice(i).join(' '), n);
        return out;
      }
    }
    if (cur) out.push(cur);
    return out.map(function (l) { return l.length > n ? shorten(l, n) : l; });
  }

  /* The chart: one row per numeric prediction, the real value in the middle, the first guess
     placed by its distance (left: below the real value, right: above). Each lesson's rows under
     its name; each question in up to two lines. Redrawn at the width of the column (text stays
     13 px on a phone and on a desktop). */
  function drawChart(figure, predictions) {
    var old = figure.querySelector('svg');
    if (old) old.parentNode.removeChild(old);
    var width = Math.max(280, Math.floor(figure.clientWidth || 600));
    var pad = 14, top = 38, line = 16, trackGap = 18, lessonH = 22;
    var half = (width - 2 * pad) / 2, cx = pad + half;
    var chars = Math.floor((width - 2 * pad) / 7.2);
    /* the rows' layout first: where each lesson's name and each question go */
    var rows = [], y = top, lesson = null;
    predictions.forEach(function (p, i) {
      var head = p.lesson !== lesson ? y : null;
      if (head !== null) { y += lessonH; lesson = p.lesson; }
      var text = lines((i + 1) + '. ' + p.prompt, chars - 2, 2);
      rows.push({ head: head, y: y, text: text });
      y += text.length * line + trackGap;
    });
    var height = y + 8;
    var x = function (d) {
      var c = Math.max(-RANGE, Math.min(RANGE, d));
      return cx + c / RANGE * half;
    };
    var svg = svgEl('svg', { width: width, height: height, viewBox: '0 0 ' + width + ' ' + height,
                             role: 'img', 'aria-labelledby': 'progresso-grafico-legenda',
                             'class': 'progresso-grafico', 'data-centro': cx,
                             'data-escala': half / RANGE, 'data-alcance': RANGE });
    var bands = [[A.CLOSE, 'progresso-faixa-perto'], [A.RIGHT, 'progresso-faixa-boa']];
    bands.forEach(function (b) {
      svg.appendChild(svgEl('rect', { x: x(-b[0]), y: top - 8, width: x(b[0]) - x(-b[0]),
                                      height: height - top, 'class': b[1] }));
    });
    svg.appendChild(svgEl('line', { x1: cx, x2: cx, y1: top - 12, y2: height, 'class': 'progresso-real' }));
    svg.appendChild(svgEl('text', { x: cx, y: 12, 'text-anchor': 'middle', 'class': 'progresso-eixo' }, 'valor real'));
    svg.appendChild(svgEl('text', { x: pad, y: 28, 'class': 'progresso-eixo' }, '← abaixo'));
    svg.appendChild(svgEl('text', { x: width - pad, y: 28, 'text-anchor': 'end', 'class': 'progresso-eixo' }, 'acima →'));
    predictions.forEach(function (p, i) {
      var row = rows[i];
      if (row.head !== null) {
        svg.appendChild(svgEl('text', { x: pad, y: row.head + 14, 'class': 'progresso-aula-nome' },
                              shorten(p.lesson, chars)));
      }
      var g = svgEl('g', { 'class': 'progresso-ponto progresso-' + p.verdict + (p.after ? ' progresso-depois' : ''),
                           'data-id': p.id, 'data-pagina': p.page, 'data-previsao': p.guess,
                           'data-real': p.real, 'data-distancia': p.distance });
      row.text.forEach(function (t, k) {
        g.appendChild(svgEl('text', { x: pad, y: row.y + 8 + k * line, 'class': 'progresso-rotulo' }, t));
      });
      var ty = row.y + row.text.length * line + 4;
      g.appendChild(svgEl('line', { x1: pad, x2: width - pad, y1: ty, y2: ty, 'class': 'progresso-trilho' }));
      var px = x(p.distance), out = Math.abs(p.distance) > RANGE;
      g.appendChild(svgEl('title', {}, (i + 1) + '. ' + p.lesson + ': ' + said(p) + ' (' + WORDS[p.verdict] + ')'));
      var mark;
      if (out) {            /* beyond the chart: an arrow at its edge */
        var s = p.distance > 0 ? 1 : -1;
        mark = svgEl('path', { d: 'M' + (px - s * 9) + ' ' + (ty - 7) + ' L' + px + ' ' + ty + ' L' +
                                  (px - s * 9) + ' ' + (ty + 7) + ' Z', 'class': 'progresso-marca progresso-fora' });
      } else if (p.verdict === 'right') {
        mark = svgEl('circle', { cx: px, cy: ty, r: 6.5, 'class': 'progresso-marca' });
      } else if (p.verdict === 'close') {
        mark = svgEl('path', { d: 'M' + px + ' ' + (ty - 7.5) + ' L' + (px + 7.5) + ' ' + (ty + 6) + ' L' +
                                  (px - 7.5) + ' ' + (ty + 6) + ' Z', 'class': 'progresso-marca' });
      } else {
        mark = svgEl('path', { d: 'M' + (px - 6) + ' ' + (ty - 6) + ' L' + (px + 6) + ' ' + (ty + 6) + ' M' +
                                  (px + 6) + ' ' + (ty - 6) + ' L' + (px - 6) + ' ' + (ty + 6),
                               'class': 'progresso-marca progresso-x' });
      }
      mark.setAttribute('data-x', px);
      g.appendChild(mark);
      svg.appendChild(g);
    });
    figure.insertBefore(svg, figure.firstChild);
  }

  /* A first prediction against its real value, as its box says it (preveja.js: "Você previu 40,0 %;
     o valor real é 69,9 %: você ficou 29,9 pontos percentuais abaixo."), and its difference alone
     ("29,9 pontos percentuais abaixo"; "nenhuma" for an exact one), for the table. */
  function said(p) {
    var P = prevejaWords();
    if (!P || !p.gap) return 'Você previu ' + p.guessText + '; o valor real é ' + p.realText + '.';
    return P.sentence(p.gap, p.realText, true).replace(/<[^>]+>/g, '');
  }

  function difference(p) {
    if (!p.gap) return '';
    return p.gap.exact ? 'nenhuma' : p.gap.text + ' ' + (p.gap.side === 'below' ? 'abaixo' : 'acima');
  }

  function fillPredictions(s) {
    var box = part('previsoes');
    if (!box) return;
    var preds = s.predictions;
    if (!preds.length) {
      box.appendChild(el('p', { 'class': 'progresso-vazio' },
        'Nenhuma previsão de número ainda. Nas aulas, as caixas Preveja que pedem um número aparecem aqui.'));
      return;
    }
    var c = s.calibration;
    var parts = [];
    if (c.n === 1) {
      parts.push('Sua primeira previsão de número ' + { right: 'foi boa', close: 'ficou perto',
                 wrong: 'ficou longe' }[c.furthest.verdict] + ', ' +
                 (c.above ? 'acima do' : c.below ? 'abaixo do' : 'igual ao') + ' valor real.');
    } else if (c.n) {
      parts.push('Das suas ' + plural(c.n, 'primeira previsão', 'primeiras previsões') + ' de número, ' +
                 c.right + (c.right === 1 ? ' foi boa' : ' foram boas') + ' e ' + c.close + ' ' +
                 (c.close === 1 ? 'ficou' : 'ficaram') + ' perto (' + (c.right + c.close) + ' de ' + c.n +
                 '); ' + c.wrong + ' ' + (c.wrong === 1 ? 'ficou' : 'ficaram') + ' longe. ' +
                 c.above + ' acima do valor real, ' + c.below + ' abaixo' +
                 (c.exact ? ', ' + c.exact + (c.exact === 1 ? ' exata.' : ' exatas.') : '.'));
    }
    if (c.after) {
      parts.push(plural(c.after, 'previsão foi feita', 'previsões foram feitas') +
                 ' depois de ver a resposta e ' + (c.after === 1 ? 'fica' : 'ficam') + ' fora da conta.');
    }
    box.appendChild(el('p', { 'class': 'progresso-calibracao' }, parts.join(' ')));
    if (c.furthest && c.furthest.verdict !== 'right') {
      var f = c.furthest, p = el('p', { 'class': 'progresso-mais-longe' });
      p.appendChild(el('strong', {}, 'Onde você ficou mais longe: '));
      p.appendChild(document.createTextNode('“' + shorten(f.prompt, 160) + '” ('));
      p.appendChild(link(f.section.href, f.lesson + (f.section.title ? ', ' + f.section.title : '')));
      p.appendChild(document.createTextNode('). ' + said(f)));
      box.appendChild(p);
    }
    var figure = el('figure', { 'class': 'progresso-figura' });
    var caption = el('figcaption', { id: 'progresso-grafico-legenda' },
      'Suas primeiras previsões de número contra o valor real, a linha do meio: à esquerda dela, abaixo; ' +
      'à direita, acima. ' + preds.length + (preds.length === 1 ? ' previsão' : ' previsões') + ': ' +
      c.right + ' boas (círculo), ' + c.close + ' perto (triângulo), ' + c.wrong + ' longe (x); uma seta ' +
      'na borda é uma previsão além do gráfico. Os números e as diferenças estão na tabela abaixo.');
    figure.appendChild(caption);
    box.appendChild(figure);
    drawChart(figure, preds);
    var rows = preds.map(function (pr, i) {
      var q = el('span');
      q.appendChild(el('span', { 'class': 'progresso-aula-nome' }, pr.lesson));
      q.appendChild(document.createTextNode((i + 1) + '. '));
      q.appendChild(link(pr.section.href, shorten(pr.prompt, 80)));
      q.setAttribute('title', pr.lesson + ': ' + pr.prompt);
      return [{ node: q }, pr.guessText, pr.realText, { text: difference(pr), num: false },
              { text: ICONS[pr.verdict] + ' ' + WORDS[pr.verdict] + (pr.after ? ' (depois de ver a resposta)' : ''),
                num: false }];
    });
    var t = table('Suas previsões de número e os valores reais',
                  [{ text: 'Pergunta', num: false }, 'Você previu', 'Valor real',
                   { text: 'Diferença', num: false }, { text: 'Resultado', num: false }], rows);
    t.classList.add('progresso-tabela-previsoes');
    box.appendChild(t);
    chart = { figure: figure, predictions: preds };
  }

  var chart = null;            /* what the resize handler redraws */

  /* ----------------------------------------------------------------- taking the answers along */

  function slug(text) {
    return String(text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
      .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  }

  function countAnswers(doc) {
    var n = 0, pages = 0;
    for (var p in doc.pages) {
      var k = Object.keys(doc.pages[p]).length;
      n += k;
      if (k) pages++;
    }
    return { answers: n, pages: pages };
  }

  function dateText(iso) {
    var d = new Date(iso);
    if (isNaN(d.getTime())) return iso;
    var two = function (x) { return (x < 10 ? '0' : '') + x; };
    return two(d.getDate()) + '/' + two(d.getMonth() + 1) + '/' + d.getFullYear();
  }

  function fillFile(manifest, rerender) {
    var box = part('arquivo');
    if (!box) return;
    var nameId = 'progresso-nome';
    var row = el('div', { 'class': 'progresso-campo' });
    row.appendChild(el('label', { 'for': nameId }, 'Seu nome ou número (opcional, para quem dá o curso)'));
    var name = el('input', { type: 'text', id: nameId, autocomplete: 'name', maxlength: '100',
                             'aria-describedby': 'progresso-nome-nota' });
    row.appendChild(name);
    row.appendChild(el('p', { id: 'progresso-nome-nota', 'class': 'progresso-nota' },
      'Vai dentro do arquivo, para quem recebe saber de quem é. Não fica guardado no navegador.'));
    box.appendChild(row);
    var buttons = el('div', { 'class': 'progresso-botoes' });
    var download = el('button', { type: 'button', 'class': 'progresso-baixar' }, 'Baixar minhas respostas');
    var load = el('button', { type: 'button', 'class': 'progresso-carregar' }, 'Carregar respostas');
    var picker = el('input', { type: 'file', accept: '.json,application/json', 'class': 'progresso-arquivo',
                               hidden: '', 'aria-hidden': 'true', tabindex: '-1' });
    buttons.appendChild(download);
    buttons.appendChild(load);
    buttons.appendChild(picker);
    box.appendChild(buttons);
    var status = el('div', { 'class': 'progresso-estado', role: 'status', 'aria-live': 'polite',
                             tabindex: '-1' });
    box.appendChild(status);

    function say(text, kind) {
      status.className = 'progresso-estado' + (kind ? ' progresso-' + kind : '');
      status.textContent = text;
    }

    download.addEventListener('click', function () {
      var file = A.exportFile(name.value, manifest.build);
      var n = countAnswers(file.answers);
      var fileName = 'respostas-curso' + (slug(name.value) ? '-' + slug(name.value) : '') + '-' +
                     file.exported.slice(0, 10) + '.json';
      var blob = new Blob([JSON.stringify(file, null, 1) + '\n'], { type: 'application/json' });
      var a = el('a', { href: URL.createObjectURL(blob), download: fileName });
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.parentNode.removeChild(a); }, 1000);
      say('✔ Arquivo salvo: "' + fileName + '", ' +
          (n.answers ? plural(n.answers, 'resposta', 'respostas') + ' de ' + plural(n.pages, 'página', 'páginas')
                     : 'ainda sem nenhuma resposta') +
          '. Ele está nos downloads deste aparelho; é esse arquivo que você entrega ou carrega em outro navegador.', 'ok');
      status.scrollIntoView({ block: 'nearest' });   /* on a phone the line is below the buttons */
    });
    load.addEventListener('click', function () { picker.value = ''; picker.click(); });
    picker.addEventListener('change', function () {
      var chosen = picker.files && picker.files[0];
      if (!chosen) return;
      var reader = new FileReader();
      reader.onerror = function () {
        say('⚠ Não foi possível ler o arquivo "' + chosen.name + '". Nada foi mudado.', 'erro');
        status.focus();
      };
      reader.onload = function () {
        var read = A.readFile(String(reader.result));
        if (!read.ok) {
          say('⚠ "' + chosen.name + '": ' + read.error + ' Nada foi mudado.', 'erro');
          status.focus();
          return;
        }
        var got = A.importFile(read.file);
        if (!got.ok) { say('⚠ ' + got.error, 'erro'); status.focus(); return; }
        var who = read.file.student ? read.file.student + ', ' : '';
        var text = 'Respostas carregadas de "' + chosen.name + '" (' + who + 'exportado em ' +
                   dateText(read.file.exported) + '): ' + got.added + (got.added === 1 ? ' nova' : ' novas') + ', ' +
                   got.updated + (got.updated === 1 ? ' atualizada' : ' atualizadas') + ', ' + got.same +
                   (got.same === 1 ? ' já estava' : ' já estavam') + ' aqui' +
                   (got.kept ? ', ' + got.kept + ' de outro tipo de pergunta (ficou a deste navegador)' : '') + '.';
        if (read.file.build && read.file.build !== manifest.build) {
          text += ' O arquivo veio de outra versão do site: respostas de perguntas que mudaram ficam ' +
                  'guardadas, mas fora da conta.';
        }
        rerender();
        say(text, 'ok');
        var undo = el('button', { type: 'button', 'class': 'progresso-desfazer' }, 'Desfazer');
        undo.addEventListener('click', function () {
          got.undo();
          rerender();
          say('Carregamento desfeito: as respostas voltaram a ser as de antes.', 'ok');
          load.focus();
        });
        status.appendChild(document.createTextNode(' '));
        status.appendChild(undo);
        status.focus();
      };
      reader.readAsText(chosen);
    });
  }

  /* {id: page} of every question of the manifest: where an answer given on an older page goes
     (a kind of exercise offered on several pages: the last of them, as answer_files.rehome) */
  function pageOf(manifest) {
    var out = {};
    manifest.pages.forEach(function (p) {
      p.items.concat(p.practice || []).forEach(function (item) { out[item.id] = p.page; });
    });
    return out;
  }

  function render(manifest) {
    var doc = A.rehomed(pageOf(manifest));
    var s = summarize(manifest, doc);
    chart = null;
    fillSummary(s);
    fillLessons(s);
    fillPredictions(s);
    fillPractice(s);
    var plan = reviewPlan(manifest, doc, new Date().toISOString());
    A.setReview(plan.states);
    fillReview(plan, manifest);
    return s;
  }

  function start() {
    var manifest = win.CourseProgressManifest;
    if (!manifest || !document.getElementById('progresso-resumo')) return;
    var rerender = function () { render(manifest); };
    render(manifest);
    fillFile(manifest, rerender);
    document.addEventListener('curso:resposta', function (event) {   /* an exercise of the review */
      if (event.detail && event.detail.id) reviewAnswered(event.detail.id);
    });
    var timer = null;
    win.addEventListener('resize', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { if (chart) drawChart(chart.figure, chart.predictions); }, 150);
    });
    if (!A.persistent) {
      var note = el('p', { 'class': 'progresso-ignoradas' }, 'Este navegador não deixa a página guardar ' +
        'respostas (janela anônima, por exemplo): o que você carregar vale só até sair desta página.');
      document.getElementById('progresso-arquivo').appendChild(note);
    }
  }

  return { summarize: summarize, judgeAttempt: judgeAttempt, calibration: calibration, start: start,
           practiceSummary: practiceSummary, practiceState: practiceState, pageOf: pageOf, RANGE: RANGE,
           reviewPlan: reviewPlan, REVIEW_MINUTES: REVIEW_MINUTES, MINUTES: MINUTES };
}));
