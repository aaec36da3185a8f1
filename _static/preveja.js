/* Predict first on the static site (see _ext/preveja.py for the page structure).
   Each "Preveja" box gets a form; the answer region after it stays hidden until the student
   commits a prediction or chooses "Mostrar sem prever". Predictions are judged and kept by
   course/static/answers.js (window.CourseAnswers, the store the quizzes use; its header gives
   the stored format), in this browser only. The first prediction is the one kept as first: a
   second try is shown as a second try, next to the first.
   Needs course/static/numbers.js (window.CourseNumbers: every number read and written) and
   course/static/answers.js loaded first.

   A numeric verdict speaks in plain words (MANUTENCAO.md, "Certo, perto, longe"): the verdict,
   the two numbers and the difference in the question's own unit ("29,9 pontos percentuais",
   "0,045", "2 falsos negativos") with its direction. Why a verdict is harsher than that
   difference says (a gap near 0 % or 100 %, a count judged relatively) is behind a "Por quê?"
   toggle, only where it is (why()). window.CoursePreveja (and require() under Node) gives those
   words to "Meu progresso" (_static/progress.js) and to the tests. */
(function (root, factory) {
  var api = factory(root);
  if (typeof module === 'object' && module.exports) module.exports = api;
  if (root && root.document) {
    root.CoursePreveja = api;
    if (root.document.readyState === 'loading') root.document.addEventListener('DOMContentLoaded', api.start);
    else api.start();
  }
}(typeof window !== 'undefined' ? window : null, function (win) {
  'use strict';
  var A = (win && win.CourseAnswers) || (typeof require === 'function' ? require('../course/static/answers.js') : null);
  var N = (win && win.CourseNumbers) || (typeof require === 'function' ? require('../course/static/numbers.js') : null);
  var UNDO_SECONDS = 10;
  var uid = 0;

  /* Right, close and wrong differ by an icon and a word, not by colour alone (preveja.css). */
  var VERDICTS = {
    numero: { right: ['✔', 'Boa previsão.'], close: ['≈', 'Perto.'], wrong: ['✘', 'Longe desta vez.'] },
    escolha: { right: ['✔', 'Certo.'], wrong: ['✘', 'Não foi desta vez.'] }
  };
  var FIRST = {
    numero: { right: '✔ boa', close: '≈ perto', wrong: '✘ longe' },
    escolha: { right: '✔ certa', wrong: '✘ errada' }
  };
  var WORST = { right: 0, close: 1, wrong: 2 };
  var EDGE = 0.005;   /* answers.js keeps a proportion within [0,5 %; 99,5 %] before comparing */
  var SIDES = { below: 'abaixo', above: 'acima' };
  /* the glossary entry that tells the rule once (glossario.md) */
  var GLOSSARY_ANCHOR = '#term-perto-ou-longe';

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c];
    });
  }

  function verdictHtml(kind, verdict) {
    var v = VERDICTS[kind][verdict];
    return '<strong class="preveja-veredito"><span class="preveja-icone" aria-hidden="true">' +
           v[0] + '</span> ' + v[1] + '</strong> ';
  }

  /* The answer as glued by the lesson (pt-BR text): "2.120" is a count, "0,778" a decimal. */
  function answerValue(text) {
    var read = N.parse(text, { thousands: true });
    return { value: read.ok ? read.value : NaN, percent: read.percent, digits: read.decimals,
             text: text };
  }

  /* How many decimals the guess is written with: the answer's, never rounding away a decimal the
     student typed ("0,655" against "65,1 %" shows 65,5 %; "0,5" against "254" shows 0,5; a
     fraction, "7/9", shows three decimals: 0,778). */
  function digitsOf(guess, answer) {
    var read = guess.read;
    var own = read.fraction ? 3 : read.decimals;
    if (answer.percent && !guess.percentRead) own -= 2;
    if (!answer.percent && guess.percentRead && !read.percent) own += 2;   /* "86" -> 0,86 */
    return Math.max(answer.digits, own, 0);
  }

  /* The guess written like the answer. */
  function shown(guess, answer) {
    var digits = digitsOf(guess, answer);
    return answer.percent ? N.percent(guess.value, digits) : N.format(guess.value, digits);
  }

  /* A box's unit (data-unidade, _ext/preveja.py): "falso negativo/falsos negativos" or
     "mulheres" -> {one, many}; none -> null. */
  function unitOf(text) {
    if (!text) return null;
    var parts = String(text).split('/');
    return { one: parts[0].trim(), many: (parts.length > 1 ? parts[1] : parts[0]).trim() };
  }

  /* "1,9 ponto percentual", "2 pontos percentuais", "1 falso negativo", "3 falsos negativos"
     (in pt-BR the plural starts at 2). */
  function withUnit(text, size, one, many) {
    return text + ' ' + (size < 2 ? one : many);
  }

  /* The guess against the answer in plain words, in the question's unit: {guess (as shown),
     digits (its decimals, the difference's too), exact (no difference in the decimals shown: "7/9" against 0,778), side ('below' | 'above':
     where the guess is), size (the difference as shown, in the unit), text ("29,9 pontos
     percentuais")}. */
  function gap(guess, answer, unit) {
    var digits = digitsOf(guess, answer);
    var diff = guess.value - answer.value;
    var size = Math.abs(answer.percent ? 100 * diff : diff);
    var text = N.format(size, digits);
    var rounded = N.parse(text, { thousands: true }).value;
    var out = { guess: shown(guess, answer), digits: digits, exact: rounded === 0,
                side: rounded === 0 ? null : diff < 0 ? 'below' : 'above', size: rounded, text: text };
    if (answer.percent) out.text = withUnit(text, rounded, 'ponto percentual', 'pontos percentuais');
    else if (unit) out.text = withUnit(text, rounded, unit.one, unit.many);
    return out;
  }

  /* "Você previu 40,0 %; a resposta é 69,9 %: você ficou 29,9 pontos percentuais abaixo." The
     same sentence on "Meu progresso", where the answer is "o valor real" (real). */
  function sentence(g, answerText, real) {
    var is = real ? 'o valor real é ' : 'a resposta é ';
    var guessHtml = '<strong>' + escapeHtml(g.guess) + '</strong>';
    if (g.exact) return 'Você previu ' + guessHtml + ': exatamente ' + (real ? 'o valor real.' : 'a resposta.');
    return 'Você previu ' + guessHtml + '; ' + is + '<strong>' + escapeHtml(answerText) + '</strong>: você ficou ' +
           g.text + ' ' + SIDES[g.side] + '.';
  }

  /* ------------------------------------------------------------------ "Por quê?" */

  function times(k) {                        /* "1,35 vez", "2,35 vezes" */
    var text = N.format(k, k < 10 ? 2 : k < 100 ? 1 : 0);
    return text + (k < 2 ? ' vez' : ' vezes');
  }

  /* Why a verdict is harsher than its difference says, in one or two plain sentences, or null
     where the difference says it all. The rule is CourseAnswers.judge's (it is not changed here):
     the verdict measures the distance on the answer's scale. Two cases make it disagree with
     the difference as read:
     - a proportion (a percentage, or a number between 0 and 1): the same difference centred
       on 50 % (where a point weighs the same as anywhere a reader would think) gets a better
       verdict. Near 0 % what weighs is how many times one number fits in the other, near 100 %
       what is missing to 100 % (the two parts of the log-odds distance; the larger one is told).
     - a count or another number: the same difference above the answer gets a better verdict
       (on a relative scale a guess below weighs more).
     guessValue: the guess as judged; answer: answerValue(); tolerance: the box's (or null). */
  function why(guessValue, answer, tolerance, verdict, g) {
    if (verdict === 'right' || !g || g.exact) return null;
    var r = answer.value, p = guessValue;
    var scale = A.scaleOf(r, { percent: answer.percent, digits: answer.digits });
    var options = { tolerance: tolerance, percent: answer.percent, scale: scale };
    if (scale === 'proportion') {
      if ((p - 0.5) * (r - 0.5) <= 0 || p < 0 || p > 1) return null;    /* both on one side of 50 % */
      var half = Math.abs(p - r) / 2;
      if (WORST[verdict] <= WORST[A.judge(0.5 + half, 0.5 - half, options).verdict]) return null;
      var low = r < 0.5;
      var write = answer.percent ? function (x) { return N.percent(x, g.digits); }     /* as the sentence */
                                 : function (x) { return N.format(x, g.digits); };
      var whole = answer.percent ? '100 %' : '1', zero = answer.percent ? '0 %' : '0';
      var a = low ? Math.max(p, r) : 1 - Math.min(p, r), b = low ? Math.min(p, r) : 1 - Math.max(p, r);
      var example = b >= EDGE
        ? ': ' + write(a) + (low ? '' : ' (o que falta a ' + write(Math.min(p, r)) + ')') + ' é ' + times(a / b) +
          ' ' + write(b) + (low ? '' : ' (o que falta a ' + write(Math.max(p, r)) + ')')
        : '';
      return low
        ? 'Quanto mais perto de ' + zero + ', mais pesa quantas vezes um número cabe no outro, e menos a ' +
          'diferença' + (answer.percent ? ' em pontos' : '') + example + '.'
        : 'Quanto mais perto de ' + whole + ', mais pesa o que falta para chegar a ' + whole + example + '.';
    }
    if (p >= r || r <= 0) return null;       /* a guess above weighs less than the same below */
    if (WORST[verdict] <= WORST[A.judge(r + (r - p), r, options).verdict]) return null;
    return (scale === 'count' ? 'Numa contagem, o' : 'Aqui, o') + ' veredito compara quantas vezes um ' +
           'número cabe no outro, não só a diferença: ficar ' + g.text + ' abaixo de ' + answer.text +
           ' pesa mais que ficar ' + g.text + ' acima.';
  }

  /* The whole numeric feedback, with no page: {verdict, html (the first read), why (null or its
     words), toggle (the "Por quê?" element, or ''), gap} or {invalid}. options:
     {tolerance, unit (unitOf()), reference ({value, name}: "acima ou abaixo?"), side, glossary
     (the glossary page's address, or null)}. */
  function judgeNumber(raw, answer, options) {
    options = options || {};
    var guess = A.readGuess(raw, answer);
    if (!guess.ok) return { invalid: N.message(guess.error) };
    var tolerance = options.tolerance === undefined ? null : options.tolerance;
    var verdict = A.judge(guess.value, answer.value, { tolerance: tolerance, percent: answer.percent,
                                                       digits: answer.digits }).verdict;
    var g = gap(guess, answer, options.unit || null);
    var line = (guess.told ? '(' + escapeHtml(String(raw).trim()) + ' lido como ' +
                N.percent(guess.value, Math.max(0, guess.read.decimals)) + '.) ' : '') + sentence(g, answer.text);
    var reason = why(guess.value, answer, tolerance, verdict, g);
    var ref = options.reference;
    if (ref) {
      var truth = answer.value > ref.value ? 'above' : 'below';
      var sideRight = options.side === truth;
      line = (sideRight ? '✔ ' + (truth === 'above' ? 'Acima' : 'Abaixo') + ' de ' + escapeHtml(ref.name) + ': certo. '
                        : '✘ Você marcou ' + SIDES[options.side] + ' de ' + escapeHtml(ref.name) +
                          '; a resposta fica ' + SIDES[truth] + '. ') + line;
      if (!sideRight) { verdict = 'wrong'; reason = null; }     /* the side decided it, and says so */
    }
    var toggle = !reason ? '' :
      '<details class="preveja-porque"><summary>Por quê?</summary><p>' + reason +
      (options.glossary ? ' <a href="' + escapeHtml(options.glossary + GLOSSARY_ANCHOR) +
                          '">Perto ou longe, no glossário</a>.' : '') + '</p></details>';
    return { verdict: verdict, html: verdictHtml('numero', verdict) + line, why: reason, toggle: toggle, gap: g };
  }

  function Preveja(box, index) {
    this.box = box;
    this.ui = box.querySelector('.preveja-ui');
    this.tipo = this.ui.getAttribute('data-tipo');
    this.kind = 'preveja-' + this.tipo;
    this.dom = 'preveja-' + index;                 /* element ids on this page */
    this.id = this.ui.getAttribute('data-id') || this.dom;   /* the store id */
    this.legacyId = 'preveja-' + index;            /* answers.js, "Older format" */
    this.region = box.nextElementSibling;
    box.id = box.id || this.dom;
    this.region.id = this.dom + '-resposta';
    this.region.setAttribute('tabindex', '-1');    /* "Mostrar sem prever" moves focus to it */
    this.build();
  }

  Preveja.prototype.build = function () {
    var self = this;
    var form = el('div', { 'class': 'preveja-form' });
    this.feedback = el('div', { 'class': 'preveja-retorno', role: 'status', tabindex: '-1',
                                'aria-live': 'polite', id: this.dom + '-retorno' });
    var check;
    if (this.tipo === 'numero') {
      this.answer = answerValue(this.ui.getAttribute('data-resposta'));
      var tol = this.ui.getAttribute('data-tolerancia');
      this.tolerance = tol !== null ? Number(tol) : null;   /* "0.05": an attribute, not typed */
      this.unit = unitOf(this.ui.getAttribute('data-unidade'));          /* "mulheres" */
      this.glossary = this.ui.getAttribute('data-glossario');            /* "../glossario.html" */
      if (this.ui.hasAttribute('data-referencia')) this.buildSide(form);
      var inputId = this.dom + '-numero';
      form.appendChild(el('label', { 'for': inputId }, 'Sua previsão'));
      /* inputmode text: the field takes "3/4" and "75 %", and a phone's decimal pad has no "/"
         nor "%" (an iPhone's has only digits and the comma) */
      this.input = el('input', { type: 'text', id: inputId, inputmode: 'text', autocapitalize: 'off',
                                 autocorrect: 'off', enterkeyhint: 'done',
                                 autocomplete: 'off', spellcheck: 'false',
                                 placeholder: this.answer.percent ? 'uma porcentagem' : 'um número',   /* no example: it could be near an answer */
                                 'aria-describedby': this.feedback.id });
      form.appendChild(this.input);
      this.input.addEventListener('keydown', function (event) {
        if (event.key === 'Enter') { event.preventDefault(); self.commit(); }
      });
      check = 'Conferir';
    } else if (this.tipo === 'escolha') {
      this.buildOptions(form);
      check = 'Conferir';
    } else {
      var areaId = this.dom + '-texto';
      form.appendChild(el('label', { 'for': areaId }, 'Minha previsão'));
      this.input = el('textarea', { id: areaId, rows: '2',
                                    placeholder: 'Escreva em uma ou duas frases o que você espera.' });
      form.appendChild(this.input);
      check = 'Guardar e ver a resposta';
    }
    var buttons = el('div', { 'class': 'preveja-botoes' });
    this.checkButton = el('button', { type: 'button', 'class': 'preveja-conferir' }, check);
    this.checkButton.addEventListener('click', function () { self.commit(); });
    this.skipButton = el('button', { type: 'button', 'class': 'preveja-pular',
                                     'aria-controls': this.region.id }, 'Mostrar sem prever');
    this.skipButton.addEventListener('click', function () { self.skip(); });
    buttons.appendChild(this.checkButton);
    buttons.appendChild(this.skipButton);
    form.appendChild(buttons);
    form.appendChild(this.feedback);
    this.ui.appendChild(form);
    this.placeholder = el('p', { 'class': 'preveja-aguardando' },
                          'A resposta aparece aqui depois da sua previsão.');
    this.region.parentNode.insertBefore(this.placeholder, this.region.nextSibling);
  };

  /* "Acima ou abaixo?": the two answers, before the number (_ext/preveja.py, :acima-ou-abaixo:). */
  Preveja.prototype.buildSide = function (form) {
    var text = this.ui.getAttribute('data-referencia');
    this.reference = { value: answerValue(text).value,
                       name: this.ui.getAttribute('data-referencia-nome') + ' = ' + text };
    var group = el('fieldset', { 'class': 'preveja-grupo preveja-lado' });
    group.appendChild(el('legend', {}, 'Acima ou abaixo de ' + this.reference.name + '?'));
    this.sides = {};
    var names = { above: 'Acima', below: 'Abaixo' };
    for (var side in names) {
      var inputId = this.dom + '-lado-' + side;
      var row = el('div', { 'class': 'preveja-opcao-linha' });
      var radio = el('input', { type: 'radio', name: this.dom + '-lado', id: inputId, value: side });
      row.appendChild(radio);
      row.appendChild(el('label', { 'for': inputId }, names[side] + ' de ' + this.reference.name));
      group.appendChild(row);
      this.sides[side] = radio;
    }
    form.appendChild(group);
  };

  Preveja.prototype.buildOptions = function (form) {
    var list = this.box.querySelector('ul.preveja-opcoes');
    var group = el('fieldset', { 'class': 'preveja-grupo' });
    group.appendChild(el('legend', {}, 'Sua previsão'));
    this.options = [];
    var items = list.querySelectorAll('li.preveja-opcao');
    for (var i = 0; i < items.length; i++) {
      var li = items[i];
      var optionId = '';
      li.className.split(/\s+/).forEach(function (c) {
        if (c.indexOf('preveja-opcao-') === 0 && c !== 'preveja-opcao-texto') {
          optionId = c.slice('preveja-opcao-'.length);
        }
      });
      var inputId = this.dom + '-opcao-' + i;
      var row = el('div', { 'class': 'preveja-opcao-linha' });
      var radio = el('input', { type: 'radio', name: this.dom, id: inputId, value: optionId });
      var label = el('label', { 'for': inputId });
      var text = li.querySelector('.preveja-opcao-texto');
      label.innerHTML = text ? text.innerHTML : '';
      var feedback = [];
      var paragraphs = li.querySelectorAll('.preveja-opcao-retorno');
      for (var j = 0; j < paragraphs.length; j++) feedback.push(paragraphs[j].innerHTML);
      row.appendChild(radio);
      row.appendChild(label);
      group.appendChild(row);
      this.options.push({ id: optionId, radio: radio, label: label.innerHTML,
                          feedback: feedback.join(' ') });
    }
    list.parentNode.removeChild(list);   // the options live in the form now
    this.correct = this.ui.getAttribute('data-resposta');
    form.appendChild(group);
  };

  Preveja.prototype.option = function (id) {
    return this.options.filter(function (o) { return o.id === id; })[0];
  };

  Preveja.prototype.reveal = function () {
    var opened = this.region.classList.contains('preveja-aberta');
    this.region.classList.add('preveja-aberta');
    this.placeholder.hidden = true;
    this.skipButton.hidden = true;
    if (!opened) window.dispatchEvent(new Event('curso:revelado'));   // the page measures it
  };

  Preveja.prototype.say = function (html, verdict) {
    this.feedback.className = 'preveja-retorno' + (verdict ? ' preveja-' + verdict : '');
    this.feedback.innerHTML = html;
  };

  /* ------------------------------------------------------------------ judging one answer */

  /* A number typed (and a side chosen) -> {verdict, html} or {invalid}. */
  Preveja.prototype.judgeNumber = function (raw, side) {
    return judgeNumber(raw, this.answer, { tolerance: this.tolerance, unit: this.unit,
                                           reference: this.reference, side: side,
                                           glossary: this.glossary });
  };

  Preveja.prototype.judgeChoice = function (id) {
    var picked = this.option(id);
    if (!picked) return null;
    var right = id === this.correct;
    var label = this.option(this.correct).label.replace(/[.\s]+$/, '');
    return { verdict: right ? 'right' : 'wrong',
             html: verdictHtml('escolha', right ? 'right' : 'wrong') +
                   (right ? '' : 'A resposta é <em>' + label + '</em>. ') + picked.feedback };
  };

  /* What is on the form now -> {answer, verdict, extra} to keep, or {invalid}. */
  Preveja.prototype.read = function () {
    if (this.tipo === 'numero') {
      var side = null;
      if (this.reference) {
        side = this.sides.above.checked ? 'above' : this.sides.below.checked ? 'below' : null;
        if (!side) return { invalid: 'Escolha acima ou abaixo de ' + this.reference.name + ' antes de conferir.' };
      }
      var judged = this.judgeNumber(this.input.value, side);
      if (judged.invalid) return judged;
      return { answer: this.input.value, verdict: judged.verdict, extra: side ? { side: side } : null };
    }
    if (this.tipo === 'escolha') {
      for (var i = 0; i < this.options.length; i++) {
        if (this.options[i].radio.checked) {
          return { answer: this.options[i].id, verdict: this.judgeChoice(this.options[i].id).verdict };
        }
      }
      return { invalid: 'Escolha uma das opções antes de conferir.' };
    }
    var text = this.input.value.trim();
    if (!text) return { invalid: 'Escreva sua previsão (ou use "Mostrar sem prever").' };
    return { answer: text, verdict: null };
  };

  Preveja.prototype.commit = function () {
    var got = this.read();
    if (got.invalid) {
      if (this.tipo === 'numero' && this.input.value.trim() !== '' &&
          !A.readGuess(this.input.value, this.answer).ok) {
        this.input.setAttribute('aria-invalid', 'true');
      }
      this.say('⚠ ' + got.invalid, 'invalido');
      return;
    }
    if (this.input) this.input.removeAttribute('aria-invalid');
    this.render(A.record(this.id, this.kind, got.answer, got.verdict, got.extra));
    this.feedback.focus();            /* the keyboard lands on the verdict, the answer below */
  };

  /* ------------------------------------------------------------------ showing what is kept */

  Preveja.prototype.describe = function (attempt) {
    if (this.tipo === 'escolha') {
      var o = this.option(attempt.answer);
      return o ? o.label.replace(/[.\s]+$/, '') : escapeHtml(attempt.answer);
    }
    if (this.tipo === 'numero') {
      var guess = A.readGuess(attempt.answer, this.answer);
      var text = guess.ok ? shown(guess, this.answer) : escapeHtml(attempt.answer);
      if (attempt.side) text = (attempt.side === 'above' ? 'acima' : 'abaixo') + ', ' + text;
      return text;
    }
    return escapeHtml(attempt.answer);
  };

  Preveja.prototype.judged = function (attempt) {
    return this.tipo === 'numero' ? this.judgeNumber(attempt.answer, attempt.side || null)
                                  : this.judgeChoice(attempt.answer);
  };

  /* A kept record on the form: the last answer with its feedback and, after a second try,
     the first prediction (the one that counts), then the answer opened. */
  Preveja.prototype.render = function (record) {
    var last = record.last, first = record.first;
    if (!last) {                             /* shown without predicting, nothing tried since */
      this.say('Resposta à mostra, sem previsão. Ela está logo abaixo.');
      this.reveal();
      return;
    }
    var after = record.skipped && first && record.skipped < first.at
      ? ' <span class="preveja-depois">(previsão feita depois de ver a resposta)</span>' : '';
    if (this.tipo === 'texto') {
      this.input.value = last.answer;
      this.showNote(first, record.attempts > 1 ? last : null, record.attempts);
      this.say('Previsão guardada neste navegador. Compare com a resposta logo abaixo.' + after);
      this.reveal();
      return;
    }
    var html, verdict;
    if (this.tipo === 'numero') {
      this.input.value = last.answer;
      if (this.reference && last.side) this.sides[last.side].checked = true;
    } else {
      this.options.forEach(function (o) { o.radio.checked = o.id === last.answer; });
    }
    var judged = this.judged(last);
    if (!judged || judged.invalid) { this.reset(); return; }   /* the lesson changed under it */
    html = judged.html;
    verdict = judged.verdict;
    var tries = '';
    if (record.attempts > 1) {
      var firstJudged = this.judged(first);
      /* the verdict first (read at a glance), then which try it is */
      html = html.replace('</strong> ', '</strong> <span class="preveja-tentativa">(tentativa ' +
                          record.attempts + ')</span> ');
      tries = '<p class="preveja-primeira">Sua primeira previsão, a que fica guardada: <strong>' +
              this.describe(first) + '</strong>' +
              (firstJudged && !firstJudged.invalid ? ' (' + FIRST[this.tipo][firstJudged.verdict] + ')' : '') +
              '.</p>';
    }
    this.say(html + after + ' <span class="preveja-abaixo">A resposta está logo abaixo.</span>' + tries +
             (judged.toggle || ''), verdict === 'right' ? 'certo' : verdict === 'close' ? 'quase' : 'longe');
    this.reveal();
  };

  Preveja.prototype.showNote = function (first, later, attempts) {
    if (!this.note) {
      this.note = el('div', { 'class': 'preveja-nota' });
      this.region.insertBefore(this.note, this.region.firstChild);
    }
    this.note.innerHTML = '';
    var p = el('p');
    p.appendChild(el('strong', {}, later ? 'Sua primeira previsão: ' : 'Sua previsão: '));
    p.appendChild(document.createTextNode(first.answer));
    this.note.appendChild(p);
    if (later) {
      var q = el('p');
      q.appendChild(el('strong', {}, 'Depois (tentativa ' + attempts + '): '));
      q.appendChild(document.createTextNode(later.answer));
      this.note.appendChild(q);
    }
  };

  Preveja.prototype.skip = function () {
    var record = A.skip(this.id, this.kind);
    this.say('Resposta à mostra, sem previsão. Ela está logo abaixo.');
    this.reveal();
    this.region.focus();             /* the keyboard lands on the answer it asked for */
    return record;
  };

  /* An answer kept by the older format, made a version-2 one (answers.js, "Older format"). */
  Preveja.prototype.adopt = function (old) {
    if (old.pulou) return A.skip(this.id, this.kind);
    var field = { numero: 'numero', escolha: 'escolha', texto: 'texto' }[this.tipo];
    if (typeof old[field] !== 'string') return null;
    if (this.tipo === 'escolha' && !this.option(old.escolha)) return null;
    if (this.tipo === 'numero') {
      if (this.reference) return null;     /* the older form had no side to restore */
      this.input.value = old.numero;
    } else if (this.tipo === 'texto') {
      this.input.value = old.texto;
    } else {
      this.options.forEach(function (o) { o.radio.checked = o.id === old.escolha; });
    }
    var got = this.read();
    if (got.invalid) { this.reset(); return null; }
    return A.record(this.id, this.kind, got.answer, got.verdict, got.extra);
  };

  Preveja.prototype.restore = function () {
    var record = A.get(this.id);
    if (!record) {
      var old = A.legacy(this.legacyId);
      if (old) record = this.adopt(old);
    }
    if (record && (record.last || record.skipped)) this.render(record);
    else this.reset();
  };

  Preveja.prototype.reset = function () {
    this.region.classList.remove('preveja-aberta');
    this.placeholder.hidden = false;
    this.skipButton.hidden = false;
    this.say('');
    if (this.input) { this.input.value = ''; this.input.removeAttribute('aria-invalid'); }
    if (this.options) this.options.forEach(function (o) { o.radio.checked = false; });
    if (this.sides) { this.sides.above.checked = false; this.sides.below.checked = false; }
    if (this.note) { this.note.parentNode.removeChild(this.note); this.note = null; }
  };

  /* ------------------------------------------------------------------ "Apagar minhas respostas" */

  /* One control per page clears every prediction and quiz answer kept for it: it asks first,
     and "Desfazer" brings everything back for a few seconds. Nothing else erases an answer. */
  function clearControl() {
    var article = document.querySelector('article.bd-article') || document.querySelector('main') ||
                  document.body;
    var box = el('div', { 'class': 'preveja-apagar' });
    box.appendChild(el('p', {}, A.persistent
      ? 'Suas previsões e respostas desta página ficam guardadas só neste navegador, para você ' +
        'encontrá-las quando voltar.'
      : 'Este navegador não deixa a página guardar respostas (janela anônima, por exemplo): ' +
        'elas valem até você sair desta página.'));
    var button = el('button', { type: 'button', 'class': 'preveja-apagar-botao',
                                'aria-expanded': 'false' }, 'Apagar minhas respostas');
    var confirm = el('div', { 'class': 'preveja-confirmar', role: 'group',
                              'aria-labelledby': 'preveja-confirmar-texto' });
    confirm.hidden = true;
    confirm.appendChild(el('p', { id: 'preveja-confirmar-texto' },
                           'Apagar todas as previsões e respostas desta página?'));
    var yes = el('button', { type: 'button', 'class': 'preveja-sim' }, 'Sim, apagar');
    var no = el('button', { type: 'button', 'class': 'preveja-nao' }, 'Cancelar');
    confirm.appendChild(yes);
    confirm.appendChild(no);
    var status = el('div', { role: 'status', 'aria-live': 'polite', 'class': 'preveja-apagado' });
    var snapshot = null, timer = null;

    function closeConfirm() {
      confirm.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    }
    function dropUndo() {
      var undo = status.querySelector('button');
      if (undo && document.activeElement === undo) button.focus();   /* never lost to the body */
      status.textContent = snapshot ? 'Respostas apagadas.' : '';
      snapshot = null;
      clearTimeout(timer);
    }
    button.addEventListener('click', function () {
      confirm.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      no.focus();
    });
    no.addEventListener('click', function () { closeConfirm(); button.focus(); });
    yes.addEventListener('click', function () {
      closeConfirm();
      snapshot = A.clearPage();       /* every Preveja and quiz resets ("curso:respostas") */
      status.textContent = 'Respostas apagadas. ';
      var undo = el('button', { type: 'button', 'class': 'preveja-desfazer' }, 'Desfazer');
      undo.addEventListener('click', function () {
        var kept = snapshot;
        snapshot = null;
        clearTimeout(timer);
        A.restorePage(kept);
        status.textContent = 'Respostas de volta.';
        button.focus();
      });
      status.appendChild(undo);
      status.appendChild(document.createTextNode(' (por ' + UNDO_SECONDS + ' segundos)'));
      undo.focus();
      timer = setTimeout(dropUndo, UNDO_SECONDS * 1000);
    });
    box.appendChild(button);
    box.appendChild(confirm);
    box.appendChild(status);
    article.appendChild(box);
  }

  function init() {
    var boxes = document.querySelectorAll('.admonition.preveja');
    var prevejas = [];
    for (var i = 0; i < boxes.length; i++) {
      var next = boxes[i].nextElementSibling;
      if (!boxes[i].querySelector('.preveja-ui') || !next ||
          !next.classList.contains('preveja-resposta')) continue;
      var p = new Preveja(boxes[i], ++uid);
      p.restore();
      prevejas.push(p);
    }
    if (prevejas.length || document.querySelector('.cq-quiz')) clearControl();
    document.addEventListener('curso:respostas', function () {
      prevejas.forEach(function (p) { p.reset(); p.restore(); });
    });
    /* A link to something inside a hidden answer (a figure, an equation) must land on it. */
    var follow = function () {
      var id = decodeURIComponent(location.hash.slice(1));
      var target = id && document.getElementById(id);
      prevejas.forEach(function (p) {
        if (target && p.region.contains(target) && !p.region.classList.contains('preveja-aberta')) {
          p.reveal();
          target.scrollIntoView();
        }
      });
    };
    follow();
    window.addEventListener('hashchange', follow);
  }

  return { answerValue: answerValue, shown: shown, unitOf: unitOf, gap: gap, sentence: sentence,
           why: why, judgeNumber: judgeNumber, start: init };
}));
