/* "Pratique" boxes (see _ext/practice.py for the page structure): a hand calculation with fresh
   numbers, graded on the page. The page carries the exercise of seed 1; "Outro exercício" (the
   next seed) and a seed typed by hand read the draws the build made (_static/pratique/<kind>.json,
   fetched once, the first time they are needed): the browser never computes a metric.

   The answer is read and judged as a quiz key (course/static/answers.js: readGuess, judgeKey;
   numbers.js: comma, fraction, percentage, "1/0"); a wrong answer (or "Quase", a rounding away,
   which counts as wrong) shows the worked solution in this exercise's numbers. Each exercise
   counts once, at its first check (CourseAnswers.practise: attempts, rights, the run of rights in
   a row; 3 in a row = mastered), in this browser only. Needs numbers.js and answers.js first. */
(function () {
  'use strict';
  var A = window.CourseAnswers;
  var N = window.CourseNumbers;
  var files = {};              /* url -> Promise of the kind's file */
  var VERDICTS = { right: ['✔', 'Certo!'], close: ['≈', 'Quase.'], wrong: ['✘', 'Errado.'] };

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

  /* "Neste tipo: 6 exercícios conferidos, 4 certos; 3 certos seguidos: dominado." */
  function tally(rec) {
    if (!rec || !rec.attempts) return '';
    var text = 'Neste tipo: ' + plural(rec.attempts, 'exercício conferido', 'exercícios conferidos') + ', ' +
               plural(rec.right, 'certo', 'certos') + '; ' + plural(rec.streak, 'certo seguido', 'certos seguidos');
    return text + (rec.streak >= A.MASTERED ? ': dominado ✔' : ' (' + A.MASTERED + ' seguidos: dominado).');
  }

  function Box(ui, index) {
    this.ui = ui;
    this.kind = ui.getAttribute('data-tipo');
    this.id = ui.getAttribute('data-id');
    this.title = ui.getAttribute('data-titulo');
    this.number = ui.getAttribute('data-numero');
    this.seeds = Number(ui.getAttribute('data-sementes'));
    this.url = ui.getAttribute('data-arquivo');
    this.dom = 'pratique-' + index;
    this.first = JSON.parse(ui.querySelector('script.pratique-dados').textContent);
    this.build();
    this.show(this.first);
    var rec = A.get(this.id);
    if (rec && rec.attempts) {
      this.count(rec);
      if (rec.last && rec.last.seed) this.go(rec.last.seed % this.seeds + 1, false);   /* the next one */
    }
  }

  Box.prototype.build = function () {
    var self = this;
    var old = this.ui.querySelectorAll('.pratique-exercicio, .pratique-resolucao');
    for (var i = 0; i < old.length; i++) old[i].parentNode.removeChild(old[i]);
    this.exerciseBox = el('div', { 'class': 'pratique-exercicio', id: this.dom + '-exercicio', tabindex: '-1' });
    this.ui.insertBefore(this.exerciseBox, this.ui.firstChild);

    var form = el('div', { 'class': 'pratique-form' });
    var inputId = this.dom + '-resposta';
    form.appendChild(el('label', { 'for': inputId }, 'Sua resposta'));
    var row = el('div', { 'class': 'pratique-campo' });
    this.hint = el('p', { 'class': 'pratique-dica', id: this.dom + '-dica' });
    this.feedback = el('div', { 'class': 'pratique-retorno', role: 'status', 'aria-live': 'polite',
                                tabindex: '-1', id: this.dom + '-retorno' });
    /* inputmode decimal: the phone's number pad; "/" and "%", which it lacks, are two buttons */
    this.input = el('input', { type: 'text', id: inputId, inputmode: 'decimal', autocomplete: 'off',
                               spellcheck: 'false', enterkeyhint: 'done',
                               'aria-describedby': this.hint.id + ' ' + this.feedback.id });
    this.input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); self.check(); }
    });
    row.appendChild(this.input);
    [['/', 'Inserir a barra de fração'], ['%', 'Inserir o sinal de porcentagem']].forEach(function (pair) {
      var b = el('button', { type: 'button', 'class': 'pratique-simbolo', 'aria-label': pair[1], title: pair[1] }, pair[0]);
      b.addEventListener('pointerdown', function (event) { event.preventDefault(); });   /* keep the keyboard */
      b.addEventListener('click', function () { self.insert(pair[0]); });
      row.appendChild(b);
    });
    form.appendChild(row);
    form.appendChild(this.hint);

    var buttons = el('div', { 'class': 'pratique-botoes' });
    var check = el('button', { type: 'button', 'class': 'pratique-conferir' }, 'Conferir');
    check.addEventListener('click', function () { self.check(); });
    this.nextButton = el('button', { type: 'button', 'class': 'pratique-outro' }, 'Outro exercício');
    this.nextButton.addEventListener('click', function () {
      self.go(self.exercise.seed % self.seeds + 1, true);
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
                                 'aria-controls': this.dom + '-resolucao', hidden: '' }, 'Ver a resolução');
    this.toggle.addEventListener('click', function () { self.reveal(self.solution.hidden); });
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

  Box.prototype.insert = function (text) {
    var input = this.input;
    var start = input.selectionStart === null ? input.value.length : input.selectionStart;
    var end = input.selectionEnd === null ? start : input.selectionEnd;
    input.setRangeText(text, start, end, 'end');
    input.focus();
  };

  /* Another exercise on screen: its statement, an empty field, no feedback, no solution. */
  Box.prototype.show = function (ex) {
    this.exercise = ex;
    this.checked = false;
    var box = this.exerciseBox;
    box.innerHTML = '';
    box.setAttribute('data-semente', ex.seed);
    box.appendChild(el('p', { 'class': 'pratique-cabecalho' }, this.title + ' · semente ' + ex.seed));
    ex.statement.forEach(function (text) { box.appendChild(el('p', { 'class': 'pratique-enunciado' }, text)); });
    if (ex.table) box.appendChild(tableOf(ex.table));
    box.appendChild(el('p', { 'class': 'pratique-pergunta' }, ex.question));
    this.hint.textContent = ex.hint;
    this.input.value = '';
    this.say('', null);
    this.solution.innerHTML = '';
    this.solution.appendChild(el('p', { 'class': 'pratique-resolucao-titulo' },
                                 'Resolução, com os números deste exercício (semente ' + ex.seed + '):'));
    var steps = el('div', { 'class': 'pratique-passos' });
    ex.solution.forEach(function (line) {
      steps.appendChild(el('p', { 'class': 'pratique-passo' + (line.indexOf('= ') === 0 ? ' pratique-continua' : '') }, line));
    });
    steps.appendChild(el('p', { 'class': 'pratique-resposta' }, 'Resposta: ' + ex.shown));
    this.solution.appendChild(steps);
    this.reveal(false);
    this.toggle.hidden = true;
  };

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
    this.toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    this.toggle.textContent = open ? 'Esconder a resolução' : 'Ver a resolução';
  };

  Box.prototype.say = function (text, verdict, extra) {
    this.feedback.className = 'pratique-retorno' + (verdict ? ' pratique-' + verdict : '');
    this.feedback.innerHTML = '';
    if (verdict && VERDICTS[verdict]) {
      var v = VERDICTS[verdict];
      var strong = el('strong', { 'class': 'pratique-veredito' });
      strong.appendChild(el('span', { 'class': 'pratique-icone', 'aria-hidden': 'true' }, v[0]));
      strong.appendChild(document.createTextNode(' ' + v[1]));
      this.feedback.appendChild(strong);
      this.feedback.appendChild(document.createTextNode(' '));
    } else if (verdict === 'invalido') {
      this.feedback.appendChild(el('span', { 'class': 'pratique-icone', 'aria-hidden': 'true' }, '⚠ '));
    }
    if (text) this.feedback.appendChild(document.createTextNode(text));
    if (extra) this.feedback.appendChild(el('p', { 'class': 'pratique-contagem-agora' }, extra));
    this.count_.hidden = !!extra;       /* said once: in the feedback, or under the box */
  };

  /* The count of the kind, under the box (and inside the feedback just after a check). */
  Box.prototype.count = function (rec) {
    this.count_.textContent = tally(rec);
  };

  /* What the student typed; a fraction or a percentage with its value as a decimal ("7/9 = 0,778"). */
  function typed(guess, raw, shown) {
    var read = guess.read;
    var clean = raw.trim();
    if (!read.fraction && !read.percent) return clean;
    var digits = Math.max((shown.split(',')[1] || '').length, read.fraction ? 3 : read.decimals + 2);
    return clean + ' = ' + N.format(guess.value, digits);
  }

  Box.prototype.check = function () {
    var ex = this.exercise;
    var raw = this.input.value;
    var guess = A.readGuess(raw, { value: ex.answer, percent: false, scale: ex.scale });
    if (!guess.ok) {
      this.say(N.message(guess.error), 'invalido');
      this.feedback.focus();
      return;
    }
    var verdict = A.judgeKey(guess.value, ex.answer, ex.tolerance, ex.scale).verdict;
    var counted = !this.checked;
    var rec = null;
    if (counted) {
      rec = A.practise(this.kind, ex.seed, raw.trim(), verdict);
      this.checked = true;
      this.count(rec);
    }
    var mine = guess.told ? raw.trim() + ' (lido como ' + raw.trim() + ' %)' : typed(guess, raw, ex.shown);
    var text = verdict === 'right' ? 'A resposta é ' + ex.shown + (mine === ex.shown ? '.' : '; você respondeu ' + mine + '.')
             : verdict === 'close' ? 'Você respondeu ' + mine + '; a resposta é ' + ex.shown +
                                     '. Perto, mas conta como errada: confira as contas e as casas decimais.'
             : 'Você respondeu ' + mine + '; a resposta é ' + ex.shown + '. Veja a resolução logo abaixo.';
    if (!counted) text += ' Este exercício já foi conferido e não conta de novo: peça outro exercício.';
    this.say(text, verdict, rec ? tally(rec) : null);
    this.toggle.hidden = false;
    this.reveal(verdict !== 'right');
    this.feedback.focus();
  };

  /* The exercise of seed s (the page's own, or from the kind's file). */
  Box.prototype.go = function (seed, focus) {
    var self = this;
    if (seed === this.first.seed) {
      this.show(this.first);
      if (focus) this.exerciseBox.focus();
      return;
    }
    this.nextButton.disabled = true;
    this.say('Abrindo o exercício da semente ' + seed + '…', null);
    load(this.url).then(function (file) {
      self.nextButton.disabled = false;
      var ex = file.draws[seed - 1];
      if (!ex || ex.seed !== seed) throw new Error('seed');
      self.show(ex);
      if (focus) self.exerciseBox.focus();
    }).catch(function () {
      self.nextButton.disabled = false;
      self.say('Não foi possível abrir outro exercício agora (sem internet?). Com internet, ou depois de ' +
               '"Guardar o curso para ler sem internet" na página inicial, ele abre.', 'invalido');
    });
  };

  Box.prototype.pick = function () {
    var text = this.seedInput.value.replace(/\s+/g, '');
    var seed = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(seed >= 1 && seed <= this.seeds)) {
      this.say('Digite uma semente inteira de 1 a ' + this.seeds + '.', 'invalido');
      this.feedback.focus();
      return;
    }
    this.go(seed, true);
  };

  function start() {
    if (!A || !N) return;
    var boxes = document.querySelectorAll('.pratique-ui');
    for (var i = 0; i < boxes.length; i++) {
      if (!boxes[i].getAttribute('data-pronto')) {
        boxes[i].setAttribute('data-pronto', '1');
        new Box(boxes[i], i + 1);
      }
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}());
