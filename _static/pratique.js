/* "Pratique" boxes (see _ext/practice.py for the page structure): a hand calculation with fresh
   numbers, graded on the page like a tutor grades it. The page carries the exercise of seed 1;
   "Outro exercício" (the next seed) and a seed typed by hand read the draws the build made
   (_static/pratique/<kind>.json, fetched once, the first time they are needed).

   The browser computes no metric. Each exercise has one step (one field) or several (f1, bayes,
   custo-esperado: three), and each step carries, from course/practice.py, its answer and
   tolerance, the typical wrong values of this draw with a hint each (the neighbouring metric, the
   row read for the column, (1 − π) left out...), a generic hint on what to check and, for a later
   step, "own": the arithmetic (OPS: a harmonic mean, a share, the smaller of two) of the student's
   own earlier numbers that it is graded against (error carried forward).

   grade(exercise, typed) is the whole grading, with no page (tests/test_practice.py runs it under
   Node on every draw): each step right, "carried" (right from the student's own wrong earlier
   numbers), close (a rounding away), wrong (with the hint of the mistake it recognises, else the
   step's generic hint) or not a number. The exercise is right when every step is right.

   The tutor's rules (MANUTENCAO.md, "Pratique"): a first wrong try gets the hints and another try,
   with the solution closed ("Ver a resolução" opens it on request); a second wrong try opens it. A
   right second try counts as right (CourseAnswers.practise, try 2); an answer given after the
   solution was shown does not count, and the box says so. Each exercise is counted once. Needs
   numbers.js and answers.js first. Under Node, require() returns the grader. */
(function (root, factory) {
  var api = factory(root);
  if (typeof module === 'object' && module.exports) module.exports = api;
  if (root && root.document) {
    root.CoursePratique = api;
    if (root.document.readyState === 'loading') root.document.addEventListener('DOMContentLoaded', api.start);
    else api.start();
  }
}(typeof window !== 'undefined' ? window : null, function (win) {
  'use strict';
  var A = (win && win.CourseAnswers) || (typeof require === 'function' ? require('../course/static/answers.js') : null);
  var N = (win && win.CourseNumbers) || (typeof require === 'function' ? require('../course/static/numbers.js') : null);
  var TRIES = 2;               /* a second wrong try opens the solution */
  var files = {};              /* url -> Promise of the kind's file */
  var VERDICTS = { right: ['✔', 'Certo!'], close: ['≈', 'Quase.'], wrong: ['✘', 'Ainda não.'] };
  var ICONS = { right: '✔', carried: '✔', close: '≈', wrong: '✘' };

  /* What a step may do with the student's own earlier numbers: arithmetic, never a metric
     (course/practice.py, OPS, is the same table; its tests check each against the metric). */
  var OPS = {
    harmonic: function (a, b) { return a + b === 0 ? null : 2 * a * b / (a + b); },
    share: function (a, b) { return a + b === 0 ? null : a / (a + b); },
    'other-share': function (a, b) { return a + b === 0 ? null : b / (a + b); },
    ratio: function (a, b) { return b === 0 ? null : a / b; },
    min: Math.min,
    max: Math.max,
    mean: function (a, b) { return (a + b) / 2; }
  };

  /* ----------------------------------------------------------------- grading, with no page */

  /* A draw as the kind's file writes it (its texts by index in file.texts) -> with its texts. */
  function resolve(ex, texts) {
    var t = function (x) { return typeof x === 'number' && texts ? texts[x] : x; };
    var out = JSON.parse(JSON.stringify(ex));
    out.steps.forEach(function (s) {
      s.label = t(s.label); s.hint = t(s.hint); s.check = t(s.check);
      s.mistakes.forEach(function (m) { m.hint = t(m.hint); });
    });
    return out;
  }

  function isProportion(step) {
    return A.scaleOf(step.answer, step.scale ? { scale: step.scale } : null) === 'proportion';
  }

  function unitWords(step) {
    return step.unit === 'R$' ? 'em reais' : 'em ' + step.unit;
  }

  /* The number written with its unit: "R$ 1,24", "3,2 minutos". */
  function withUnit(text, step) {
    if (!step.unit) return text;
    return step.unit === 'R$' ? 'R$\u00a0' + text : text + ' ' + step.unit;
  }

  /* What the student typed in one step, read against it (CourseAnswers.readGuess): an amount may
     carry its unit ("R$ 1,24", "3 min"). */
  function readStep(step, raw) {
    var clean = String(raw === null || raw === undefined ? '' : raw).trim();
    if (step.unit === 'R$') clean = clean.replace(/^R\$\s*/i, '');
    else if (step.unit) clean = clean.replace(/\s*(°\s*c|º\s*c|[a-zà-ú]+\.?)$/i, '');
    return A.readGuess(clean, { value: step.answer, percent: false, scale: step.scale });
  }

  function invalidMessage(step, error) {
    if (step.unit && error !== 'division_by_zero') {
      return 'Digite um número ' + unitWords(step) + ', por exemplo ' + (step.unit === 'R$' ? '1,25' : '2,4') + '.';
    }
    return N.message(error);
  }

  function matches(value, target, step) {
    return target !== null && target !== undefined && isFinite(target) &&
           A.judgeKey(value, target, step.tolerance, step.scale).verdict === 'right';
  }

  function ownValue(spec, values) {
    var a = values[spec.of[0]], b = values[spec.of[1]];
    if (typeof a !== 'number' || typeof b !== 'number' || !OPS[spec.op]) return null;
    var v = OPS[spec.op](a, b);
    return v === null || !isFinite(v) ? null : v;
  }

  function stepName(i) { return 'passo ' + (i + 1); }

  function listed(names) {
    return names.length === 1 ? names[0] : names.slice(0, -1).join(', ') + ' e ' + names[names.length - 1];
  }

  /* One step, its text already read: {status, hint}. values: the numbers of every step so far;
     before: the results of the earlier steps. */
  function judgeStep(step, guess, values, before) {
    if (step.unit && guess.read.percent) {
      return { status: 'wrong', hint: 'Esta resposta é ' + unitWords(step) + ', não uma porcentagem: ' +
                                      'escreva só o número, sem %.' };
    }
    var truth = A.judgeKey(guess.value, step.answer, step.tolerance, step.scale).verdict;
    if (step.own) {          /* from the student's own numbers first: an earlier error is named */
      var own = ownValue(step.own, values);
      var wrong = step.own.of.filter(function (j) { return before[j].status !== 'right'; });
      if (matches(guess.value, own, step)) {
        if (!wrong.length) return { status: 'right' };
        var where = wrong.length === 1 ? 'no ' + stepName(wrong[0])
          : 'nos passos ' + listed(wrong.map(function (j) { return String(j + 1); }));
        return { status: 'carried', hint: 'certo a partir dos seus números; o erro está ' + where + '.' };
      }
    }
    if (truth === 'right') return { status: 'right' };
    /* "1,2" against a proportion is read as 1,2 %: a sum of terms (1,2) forgotten to divide is
       looked for as typed, too */
    var plain = guess.told ? guess.read.value : null;
    for (var k = 0; k < step.mistakes.length; k++) {
      var m = step.mistakes[k];
      var target = m.op ? ownValue(m, values) : m.value;
      if (matches(guess.value, target, step) || (plain !== null && matches(plain, target, step))) {
        return { status: 'wrong', hint: m.hint };
      }
    }
    if (guess.read.percent && isProportion(step) && matches(guess.value * 100, step.answer, step)) {
      var typed = N.format(guess.value * 100, Math.max(guess.read.decimals, 0), true);
      return { status: 'wrong', hint: '"' + typed + ' %" é ' + N.format(guess.value, guess.read.decimals + 2, true) +
                                      ': o sinal de % divide por 100. Escreva o número sem o %, ou a porcentagem.' };
    }
    if (truth === 'close') {
      return { status: 'close', hint: 'Perto: confira o arredondamento das contas do meio e as casas decimais.' };
    }
    return { status: 'wrong', hint: step.check };
  }

  /* The whole exercise: typed[i] is what the student wrote in step i. Returns {verdict, steps}:
     verdict "invalid" (a step empty or not a number: nothing graded, no try spent), "right"
     (every step right), "close" (none wrong, one a rounding away) or "wrong"; steps[i] =
     {status, hint, value}, status one of right, carried, close, wrong, empty, invalid. */
  function grade(ex, typed) {
    var values = [], steps = [], blank = false;
    ex.steps.forEach(function (step, i) {
      var raw = typed[i];
      if (raw === undefined || raw === null || !String(raw).trim()) {
        steps.push({ status: 'empty' }); values.push(null); blank = true; return;
      }
      var guess = readStep(step, raw);
      if (!guess.ok) {
        steps.push({ status: 'invalid', hint: invalidMessage(step, guess.error) }); values.push(null); blank = true;
        return;
      }
      values.push(guess.value);
      var r = judgeStep(step, guess, values, steps);
      r.value = guess.value;
      r.guess = guess;
      steps.push(r);
    });
    var verdict = blank ? 'invalid'
                : steps.every(function (s) { return s.status === 'right'; }) ? 'right'
                : steps.some(function (s) { return s.status === 'wrong' || s.status === 'carried'; }) ? 'wrong'
                : 'close';
    return { verdict: verdict, steps: steps };
  }

  /* ----------------------------------------------------------------- the page */

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function root() {
    var r = document.documentElement.getAttribute('data-content_root');
    return r === null ? '' : r;
  }

  function load(url) {
    if (!files[url]) {
      files[url] = fetch(root() + url, { cache: 'no-cache' }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      });
      files[url].catch(function () { delete files[url]; });   /* try again next time */
    }
    return files[url];
  }

  function plural(n, one, many) {
    return n + ' ' + (n === 1 ? one : many);
  }

  /* "Neste tipo: 6 exercícios conferidos, 4 certos (1 na segunda tentativa); 2 certos de primeira
     seguidos (3 seguidos: dominado)." */
  function tally(rec) {
    if (!rec || !rec.attempts) return '';
    var second = rec.second || 0;
    var text = 'Neste tipo: ' + plural(rec.attempts, 'exercício conferido', 'exercícios conferidos') + ', ' +
               plural(rec.right, 'certo', 'certos') + (second ? ' (' + second + ' na segunda tentativa)' : '') + '; ' +
               plural(rec.streak, 'certo de primeira seguido', 'certos de primeira seguidos');
    return text + (rec.streak >= A.MASTERED ? ': dominado ✔' : ' (' + A.MASTERED + ' seguidos: dominado).');
  }

  function Box(ui, index) {
    this.ui = ui;
    this.kind = ui.getAttribute('data-tipo');
    this.id = ui.getAttribute('data-id');
    this.title = ui.getAttribute('data-titulo');
    this.seeds = Number(ui.getAttribute('data-sementes'));
    this.url = ui.getAttribute('data-arquivo');
    this.dom = 'pratique-' + index;
    var data = ui.querySelector('script.pratique-dados');
    this.first = data ? JSON.parse(data.textContent) : null;
    this.build();
    var asked = Number(ui.getAttribute('data-semente'));      /* "Meu progresso": a seed not seen */
    var rec = A.get(this.id);
    if (rec && rec.attempts) this.count(rec);
    if (asked >= 1) this.go(asked, false);
    else if (rec && rec.attempts && rec.last && rec.last.seed) this.go(rec.last.seed % this.seeds + 1, false);
    else if (this.first) this.show(this.first);
    else this.go(1, false);
  }

  Box.prototype.build = function () {
    var self = this;
    var old = this.ui.querySelectorAll('.pratique-exercicio, .pratique-resolucao');
    for (var i = 0; i < old.length; i++) old[i].parentNode.removeChild(old[i]);
    this.exerciseBox = el('div', { 'class': 'pratique-exercicio', id: this.dom + '-exercicio', tabindex: '-1' });
    this.ui.insertBefore(this.exerciseBox, this.ui.firstChild);

    var form = el('div', { 'class': 'pratique-form' });
    this.fieldsBox = el('div', { 'class': 'pratique-campos' });
    form.appendChild(this.fieldsBox);
    this.feedback = el('div', { 'class': 'pratique-retorno', role: 'status', 'aria-live': 'polite',
                                tabindex: '-1', id: this.dom + '-retorno' });

    var buttons = el('div', { 'class': 'pratique-botoes' });
    var check = el('button', { type: 'button', 'class': 'pratique-conferir' }, 'Conferir');
    check.addEventListener('click', function () { self.check(); });
    this.nextButton = el('button', { type: 'button', 'class': 'pratique-outro' }, 'Outro exercício');
    this.nextButton.addEventListener('click', function () {
      if (self.exercise) self.go(self.exercise.seed % self.seeds + 1, true);
    });
    buttons.appendChild(check);
    buttons.appendChild(this.nextButton);
    form.appendChild(buttons);

    var pick = el('details', { 'class': 'pratique-semente' });
    pick.appendChild(el('summary', {}, 'Abrir o exercício de uma semente (dada por quem dá o curso)'));
    var seedId = this.dom + '-semente';
    var seedRow = el('div', { 'class': 'pratique-campo' });
    seedRow.appendChild(el('label', { 'for': seedId }, 'Semente (de 1 a ' + this.seeds + ')'));
    this.seedInput = el('input', { type: 'text', id: seedId, inputmode: 'numeric', autocomplete: 'off',
                                   'class': 'pratique-semente-campo' });
    this.seedInput.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); self.pick(); }
    });
    var open = el('button', { type: 'button', 'class': 'pratique-abrir' }, 'Abrir');
    open.addEventListener('click', function () { self.pick(); });
    seedRow.appendChild(this.seedInput);
    seedRow.appendChild(open);
    pick.appendChild(seedRow);
    form.appendChild(pick);
    form.appendChild(this.feedback);

    this.toggle = el('button', { type: 'button', 'class': 'pratique-ver', 'aria-expanded': 'false',
                                 'aria-controls': this.dom + '-resolucao' }, 'Ver a resolução');
    this.toggle.addEventListener('click', function () {
      var opening = self.solution.hidden;
      self.reveal(opening);
      if (opening && !self.done) self.giveUp();
    });
    form.appendChild(this.toggle);
    this.solution = el('div', { 'class': 'pratique-resolucao', id: this.dom + '-resolucao', hidden: '' });
    form.appendChild(this.solution);
    this.count_ = el('p', { 'class': 'pratique-contagem' });
    form.appendChild(this.count_);
    this.ui.appendChild(form);

    document.addEventListener('curso:resposta', function (event) {   /* another box of this kind */
      if (event.detail && event.detail.id === self.id) self.count(event.detail.record);
    });
    document.addEventListener('curso:respostas', function () { self.count(A.get(self.id)); });
  };

  /* The fields of an exercise: one per step, each with its label; "/" and "%", which a phone's
     number pad lacks, as buttons (no "%" for an amount). How to answer is said once when every
     step asks the same. */
  Box.prototype.buildFields = function (ex) {
    var self = this;
    var box = this.fieldsBox;
    box.innerHTML = '';
    this.inputs = [];
    var hows = ex.steps.map(function (s) { return s.hint; });
    var same = hows.every(function (h) { return h === hows[0]; });
    ex.steps.forEach(function (step, i) {
      var wrap = el('div', { 'class': 'pratique-passo-campo' });
      var inputId = self.dom + '-resposta-' + (i + 1);
      var howId = self.dom + '-dica-' + (same ? 'todos' : i + 1);
      wrap.appendChild(el('label', { 'for': inputId }, step.label));
      var row = el('div', { 'class': 'pratique-campo' });
      var input = el('input', { type: 'text', id: inputId, inputmode: 'decimal', autocomplete: 'off',
                                spellcheck: 'false', enterkeyhint: i === ex.steps.length - 1 ? 'done' : 'next',
                                'aria-describedby': howId + ' ' + self.dom + '-retorno' });
      input.addEventListener('keydown', function (event) {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        if (i < self.inputs.length - 1 && !self.inputs[i + 1].value.trim()) self.inputs[i + 1].focus();
        else self.check();
      });
      row.appendChild(input);
      var symbols = step.unit ? [['/', 'Inserir a barra de fração']]
                              : [['/', 'Inserir a barra de fração'], ['%', 'Inserir o sinal de porcentagem']];
      symbols.forEach(function (pair) {
        var b = el('button', { type: 'button', 'class': 'pratique-simbolo', 'aria-label': pair[1], title: pair[1] }, pair[0]);
        b.addEventListener('pointerdown', function (event) { event.preventDefault(); });   /* keep the keyboard */
        b.addEventListener('click', function () { self.insert(input, pair[0]); });
        row.appendChild(b);
      });
      wrap.appendChild(row);
      if (!same) wrap.appendChild(el('p', { 'class': 'pratique-dica', id: howId }, step.hint));
      box.appendChild(wrap);
      self.inputs.push(input);
    });
    if (same) box.appendChild(el('p', { 'class': 'pratique-dica', id: this.dom + '-dica-todos' }, hows[0]));
  };

  Box.prototype.insert = function (input, text) {
    var start = input.selectionStart === null ? input.value.length : input.selectionStart;
    var end = input.selectionEnd === null ? start : input.selectionEnd;
    input.setRangeText(text, start, end, 'end');
    input.focus();
  };

  /* Another exercise on screen: its statement, empty fields, no feedback, the solution closed. */
  Box.prototype.show = function (ex) {
    this.exercise = ex;
    this.tries = 0;            /* tries counted on this exercise */
    this.done = false;         /* counted for good: right, a second wrong try, or the solution seen */
    this.seen = false;         /* the solution was opened */
    var box = this.exerciseBox;
    box.innerHTML = '';
    box.setAttribute('data-semente', ex.seed);
    box.appendChild(el('p', { 'class': 'pratique-cabecalho' }, this.title + ' · semente ' + ex.seed));
    ex.statement.forEach(function (text) { box.appendChild(el('p', { 'class': 'pratique-enunciado' }, text)); });
    if (ex.table) box.appendChild(tableOf(ex.table));
    box.appendChild(el('p', { 'class': 'pratique-pergunta' }, ex.question));
    this.buildFields(ex);
    this.say(null);
    this.solution.innerHTML = '';
    this.solution.appendChild(el('p', { 'class': 'pratique-resolucao-titulo' },
                                 'Resolução, com os números deste exercício (semente ' + ex.seed + '):'));
    var steps = el('div', { 'class': 'pratique-passos' });
    ex.solution.forEach(function (line) {
      steps.appendChild(el('p', { 'class': 'pratique-passo' + (line.indexOf('= ') === 0 ? ' pratique-continua' : '') }, line));
    });
    steps.appendChild(el('p', { 'class': 'pratique-resposta' }, 'Resposta: ' + answerText(ex)));
    this.solution.appendChild(steps);
    this.reveal(false);
  };

  /* "0,800" or, in steps, "passo 1: 0,524; passo 2: 0,917; passo 3: 0,667". */
  function answerText(ex) {
    if (ex.steps.length === 1) return withUnit(ex.steps[0].shown, ex.steps[0]);
    return ex.steps.map(function (s, i) { return stepName(i) + ': ' + withUnit(s.shown, s); }).join('; ');
  }

  function tableOf(table) {
    var wrap = el('div', { 'class': 'pratique-tabela' });
    var t = el('table');
    t.appendChild(el('caption', {}, table.caption));
    var head = el('tr');
    table.head.forEach(function (h) { head.appendChild(el('th', { scope: 'col' }, h)); });
    var thead = el('thead');
    thead.appendChild(head);
    t.appendChild(thead);
    var body = el('tbody');
    table.rows.forEach(function (r) {
      var tr = el('tr');
      r.forEach(function (c, i) { tr.appendChild(el(i ? 'td' : 'th', i ? {} : { scope: 'row' }, c)); });
      body.appendChild(tr);
    });
    t.appendChild(body);
    wrap.appendChild(t);
    return wrap;
  }

  Box.prototype.reveal = function (open) {
    this.solution.hidden = !open;
    if (open) this.seen = true;
    this.toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    this.toggle.textContent = open ? 'Esconder a resolução' : 'Ver a resolução';
  };

  /* The solution opened before the exercise was finished: what was counted stays (a wrong first
     try stays wrong), and nothing more counts on this exercise. */
  Box.prototype.giveUp = function () {
    this.done = true;
    this.say({ verdict: null, lead: 'Resolução aberta: daqui em diante, este exercício não conta. ' +
                                    '"Outro exercício" traz números novos.' });
  };

  /* The feedback: {verdict, lead, lines: [[icon, text]], after, count}. */
  Box.prototype.say = function (msg) {
    var fb = this.feedback;
    fb.innerHTML = '';
    fb.className = 'pratique-retorno';
    this.count_.hidden = false;
    if (!msg) return;
    if (msg.verdict) fb.classList.add('pratique-' + msg.verdict);
    var head = el('p', { 'class': 'pratique-retorno-frase' });
    if (msg.verdict && VERDICTS[msg.verdict]) {
      var v = VERDICTS[msg.verdict];
      var strong = el('strong', { 'class': 'pratique-veredito' });
      strong.appendChild(el('span', { 'class': 'pratique-icone', 'aria-hidden': 'true' }, v[0]));
      strong.appendChild(document.createTextNode(' ' + (msg.word || v[1])));
      head.appendChild(strong);
      if (msg.lead) head.appendChild(document.createTextNode(' '));
    } else if (msg.verdict === 'invalido') {
      head.appendChild(el('span', { 'class': 'pratique-icone', 'aria-hidden': 'true' }, '⚠ '));
    }
    if (msg.lead) head.appendChild(document.createTextNode(msg.lead));
    fb.appendChild(head);
    if (msg.lines && msg.lines.length) {
      var ul = el('ul', { 'class': 'pratique-retorno-passos' });
      msg.lines.forEach(function (line) {
        var li = el('li', { 'class': 'pratique-passo-' + line[0] });
        li.appendChild(el('span', { 'class': 'pratique-icone', 'aria-hidden': 'true' }, ICONS[line[0]] || '⚠'));
        li.appendChild(document.createTextNode(' ' + line[1]));
        ul.appendChild(li);
      });
      fb.appendChild(ul);
    }
    if (msg.after) fb.appendChild(el('p', { 'class': 'pratique-retorno-frase' }, msg.after));
    if (msg.count) {
      fb.appendChild(el('p', { 'class': 'pratique-contagem-agora' }, msg.count));
      this.count_.hidden = true;       /* said once: in the feedback, or under the box */
    }
  };

  /* The count of the kind, under the box (and inside the feedback just after a check). */
  Box.prototype.count = function (rec) {
    this.count_.textContent = tally(rec);
  };

  /* What the student typed, for the feedback: a fraction or a percentage with its value ("7/9 =
     0,778"), an amount with its unit. */
  function typedText(r, raw, step) {
    var clean = String(raw).trim();
    var read = r.guess.read;
    if (r.guess.told) return clean + ' (lido como ' + clean + ' %)';
    if (!step.unit && (read.fraction || read.percent)) {
      var digits = Math.max((step.shown.split(',')[1] || '').length, read.fraction ? 3 : read.decimals + 2);
      return clean + ' = ' + N.format(r.guess.value, digits);
    }
    return clean;
  }

  Box.prototype.check = function () {
    var ex = this.exercise;
    if (!ex) return;
    var raws = this.inputs.map(function (input) { return input.value; });
    var g = grade(ex, raws);
    var many = ex.steps.length > 1;
    this.inputs.forEach(function (input, i) {
      var s = g.steps[i].status;
      if (s === 'wrong' || s === 'close' || s === 'invalid' || s === 'empty') input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    });
    if (g.verdict === 'invalid') {
      var lines = [];
      g.steps.forEach(function (s, i) {
        if (s.status === 'empty') lines.push(['invalid', many ? 'Passo ' + (i + 1) + ': falta um número.' : N.message('empty')]);
        else if (s.status === 'invalid') lines.push(['invalid', (many ? 'Passo ' + (i + 1) + ': ' : '') + s.hint]);
      });
      if (!many) this.say({ verdict: 'invalido', lead: lines[0][1] });
      else this.say({ verdict: 'invalido', lead: 'Preencha cada passo com um número; nada foi conferido.', lines: lines });
      this.feedback.focus();
      return;
    }
    var counted = !this.done && !this.seen;
    var why = this.seen ? 'seen' : 'done';
    var tryNo = this.tries + 1;
    var rec = null;
    if (counted) {
      rec = A.practise(this.kind, ex.seed, raws.map(function (r) { return r.trim(); }).join('; '), g.verdict,
                       { 'try': tryNo });
      this.tries = tryNo;
      this.count(rec);
      if (tryNo >= TRIES || g.verdict === 'right') this.done = true;
    }
    this.say(this.message(ex, g, raws, counted ? null : why, tryNo, rec));
    if (counted && g.verdict !== 'right' && tryNo >= TRIES) this.reveal(true);
    this.feedback.focus();
  };

  /* The words of one check: the verdict, each step (in steps), what to do next. The answer is
     said only when the exercise is over (right, a second wrong try, or not counted). */
  Box.prototype.message = function (ex, g, raws, notCounted, tryNo, rec) {
    var many = ex.steps.length > 1;
    var over = !!notCounted || g.verdict === 'right' || tryNo >= TRIES;
    var answer = answerText(ex);
    var mine = typedText(g.steps[0], raws[0], ex.steps[0]);
    var msg = { verdict: g.verdict, count: rec ? tally(rec) : null };
    if (many) {
      msg.lines = g.steps.map(function (r, i) {
        var step = ex.steps[i], name = 'Passo ' + (i + 1) + ': ';
        if (r.status === 'right') return ['right', name + 'certo (' + withUnit(step.shown, step) + ').'];
        var said = over ? 'você escreveu ' + typedText(r, raws[i], step) + '; a resposta é ' +
                          withUnit(step.shown, step) + '. ' : '';
        var hint = r.hint || '';
        if (said) hint = hint.charAt(0).toUpperCase() + hint.slice(1);      /* a new sentence */
        return [r.status, name + said + hint];
      });
    }
    if (notCounted) {
      msg.word = { right: 'Certo,', close: 'Quase,', wrong: 'Errado,' }[g.verdict];
      msg.lead = notCounted === 'seen'
        ? 'mas depois de ver a resolução a resposta não conta. Peça outro exercício para contar.'
        : 'mas este exercício já foi conferido e não conta de novo: peça outro exercício.';
      if (!many) msg.after = 'Você respondeu ' + mine + '; a resposta é ' + answer + '.';
      return msg;
    }
    if (g.verdict === 'right') {
      var said = many ? 'Os ' + ex.steps.length + ' passos estão certos.'
                      : 'A resposta é ' + answer + (mine === ex.steps[0].shown ? '.' : '; você respondeu ' + mine + '.');
      if (tryNo > 1) {
        msg.word = 'Certo na segunda tentativa:';
        msg.lead = 'conta como certo. ' + said;
      } else {
        msg.lead = said;
      }
      return msg;
    }
    if (tryNo < TRIES) {
      if (!many) msg.lead = g.steps[0].hint;
      msg.after = 'Mais uma tentativa: corrija e confira de novo. A resolução fica fechada até lá.';
    } else {
      msg.word = g.verdict === 'close' ? 'Quase, mas conta como errado.' : 'Errado.';
      if (!many) msg.lead = 'Você respondeu ' + mine + '; a resposta é ' + answer + '. ' + (g.steps[0].hint || '');
      msg.after = 'A resolução, com os números deste exercício, está logo abaixo.';
    }
    return msg;
  };

  /* The exercise of seed s (the page's own, or from the kind's file). */
  Box.prototype.go = function (seed, focus) {
    var self = this;
    if (this.first && seed === this.first.seed) {
      this.show(this.first);
      if (focus) this.exerciseBox.focus();
      return;
    }
    this.nextButton.disabled = true;
    this.say({ lead: 'Abrindo o exercício da semente ' + seed + '…' });
    load(this.url).then(function (file) {
      self.nextButton.disabled = false;
      var ex = file.draws[seed - 1];
      if (!ex || ex.seed !== seed) throw new Error('seed');
      self.show(resolve(ex, file.texts));
      if (focus) self.exerciseBox.focus();
    }).catch(function () {
      self.nextButton.disabled = false;
      self.say({ verdict: 'invalido', lead: 'Não foi possível abrir outro exercício agora (sem internet?). Com internet, ' +
               'ou depois de "Guardar o curso para ler sem internet" na página inicial, ele abre.' });
    });
  };

  Box.prototype.pick = function () {
    var text = this.seedInput.value.replace(/\s+/g, '');
    var seed = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(seed >= 1 && seed <= this.seeds)) {
      this.say({ verdict: 'invalido', lead: 'Digite uma semente inteira de 1 a ' + this.seeds + '.' });
      this.feedback.focus();
      return;
    }
    this.go(seed, true);
  };

  var count = 0;
  /* Every box of the page not yet started (and, from "Meu progresso", one added later). */
  function start() {
    if (!A || !N || !win) return;
    var boxes = document.querySelectorAll('.pratique-ui');
    for (var i = 0; i < boxes.length; i++) mount(boxes[i]);
  }

  function mount(ui) {
    if (ui.getAttribute('data-pronto')) return null;
    ui.setAttribute('data-pronto', '1');
    count += 1;
    return new Box(ui, count);
  }

  return { grade: grade, resolve: resolve, readStep: readStep, OPS: OPS, TRIES: TRIES, tally: tally,
           start: start, mount: mount };
}));
