/* Predict first on the static site (see _ext/preveja.py for the page structure).
   Each "Preveja" box gets a form; the answer region after it stays hidden until the student
   commits a prediction or chooses "Mostrar sem prever". Predictions are kept in this browser
   (window.courseQuiz.store, shared with the quizzes); nothing leaves it.
   Needs course/static/numbers.js (window.CourseNumbers: every number read and written) and
   course/static/quiz.js (the storage) loaded first. */
(function () {
  'use strict';
  var store = window.courseQuiz.store;
  var N = window.CourseNumbers;
  var uid = 0;

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }

  /* The answer as glued by the lesson (pt-BR text): "2.120" is a count, "0,778" a decimal. */
  function answerValue(text) {
    var read = N.parse(text, { thousands: true });
    return { value: read.ok ? read.value : NaN, percent: read.percent, digits: read.decimals };
  }

  /* Against an answer written as a percentage, a guess typed without "%" is a percentage when it
     is a whole number ("35", "1": 35 %, 1 %) or above 1 ("24,5"), a fraction otherwise ("0,35"). */
  function percentTyped(read) {
    return read.integer || Math.abs(read.value) > 1;
  }

  /* The student's guess, read like the quizzes read numbers; "35" against an answer written
     as a percentage means 35 %, and "8.652" against a count in the thousands means 8652. */
  function guessValue(raw, answer) {
    var read = N.parse(raw, { thousands: Math.abs(answer.value) >= 1000 });
    if (!read.ok) return read;
    var value = read.value;
    if (answer.percent && !read.percent && percentTyped(read)) value = value / 100;
    return { ok: true, value: value, read: read };
  }

  /* The guess written like the answer, never rounding away a decimal the student typed
     ("0,655" against "65,1 %" shows 65,5 %; "0,5" against "254" shows 0,5; a fraction, "7/9",
     shows three decimals: 0,778). */
  function shown(guess, answer) {
    var read = guess.read;
    var own = read.fraction ? 3 : read.decimals;
    if (answer.percent && !read.percent && !percentTyped(read)) own -= 2;
    var digits = Math.max(answer.digits, own);
    return answer.percent ? N.percent(guess.value, digits) : N.format(guess.value, digits);
  }

  function Preveja(box, index) {
    this.box = box;
    this.id = 'preveja-' + index;
    this.ui = box.querySelector('.preveja-ui');
    this.kind = this.ui.getAttribute('data-tipo');
    this.region = box.nextElementSibling;
    box.id = box.id || this.id;
    this.region.id = this.id + '-resposta';
    this.build();
  }

  Preveja.prototype.build = function () {
    var self = this;
    var form = el('div', { 'class': 'preveja-form' });
    this.feedback = el('div', { 'class': 'preveja-retorno', role: 'status',
                                'aria-live': 'polite', id: this.id + '-retorno' });
    var check;
    if (this.kind === 'numero') {
      this.answer = answerValue(this.ui.getAttribute('data-resposta'));
      var tol = this.ui.getAttribute('data-tolerancia');
      this.tolerance = tol !== null ? Number(tol)   /* "0.05": an attribute, not typed */
                                    : Math.max(0.1 * Math.abs(this.answer.value), 1e-9);
      var inputId = this.id + '-numero';
      form.appendChild(el('label', { 'for': inputId }, 'Sua previsão'));
      this.input = el('input', { type: 'text', id: inputId, inputmode: 'decimal',
                                 autocomplete: 'off', spellcheck: 'false',
                                 placeholder: this.answer.percent ? 'ex.: 40 %' : 'ex.: 0,75',
                                 'aria-describedby': this.feedback.id });
      form.appendChild(this.input);
      this.input.addEventListener('keydown', function (event) {
        if (event.key === 'Enter') { event.preventDefault(); self.commit(); }
      });
      check = 'Conferir';
    } else if (this.kind === 'escolha') {
      this.buildOptions(form);
      check = 'Conferir';
    } else {
      var areaId = this.id + '-texto';
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
      var inputId = this.id + '-opcao-' + i;
      var row = el('div', { 'class': 'preveja-opcao-linha' });
      var radio = el('input', { type: 'radio', name: this.id, id: inputId, value: optionId });
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

  Preveja.prototype.reveal = function () {
    this.region.classList.add('preveja-aberta');
    this.placeholder.hidden = true;
    this.skipButton.hidden = true;
    window.dispatchEvent(new Event('curso:revelado'));   // the page measures what just appeared
  };

  Preveja.prototype.say = function (html, verdict) {
    this.feedback.className = 'preveja-retorno' + (verdict ? ' preveja-' + verdict : '');
    this.feedback.innerHTML = html;
  };

  Preveja.prototype.commit = function (restoring) {
    var state;
    if (this.kind === 'numero') {
      var guess = guessValue(this.input.value, this.answer);
      if (!guess.ok) {
        this.input.setAttribute('aria-invalid', 'true');
        this.say('⚠ ' + N.message(guess.error), 'invalido');
        return;
      }
      this.input.removeAttribute('aria-invalid');
      var diff = Math.abs(guess.value - this.answer.value);
      var close = diff <= this.tolerance + 1e-12;
      var gap = N.format(this.answer.percent ? 100 * diff : diff, this.answer.digits);
      var gapValue = N.parse(gap, { thousands: true }).value;   /* the gap as shown */
      var same = gapValue === 0;
      if (this.answer.percent) {   // "1,9 ponto percentual", "2 pontos percentuais"
        gap += gapValue < 2 ? ' ponto percentual' : ' pontos percentuais';
      }
      var line = 'Você previu <strong>' + shown(guess, this.answer) +
                 '</strong>; a resposta é <strong>' +
                 this.ui.getAttribute('data-resposta') + '</strong>' +
                 (diff === 0 ? ' (exato).' : same ? ' (igual nas casas mostradas).'
                                                  : ' (diferença de ' + gap + ').');
      this.say((close ? '✔ Boa previsão. ' : '✘ Longe desta vez. ') + line +
               ' A resposta está logo abaixo.', close ? 'perto' : 'longe');
      state = { numero: this.input.value };
    } else if (this.kind === 'escolha') {
      var picked = null;
      for (var i = 0; i < this.options.length; i++) {
        if (this.options[i].radio.checked) picked = this.options[i];
      }
      if (!picked) {
        this.say('⚠ Escolha uma das opções antes de conferir.', 'invalido');
        return;
      }
      var right = picked.id === this.correct;
      var answer = this.options.filter(function (o) { return o.id === this.correct; }, this)[0];
      var label = answer.label.replace(/[.\s]+$/, '');
      this.say((right ? '✔ Certo. ' : '✘ Não foi desta vez: a resposta é <em>' + label +
                '</em>. ') + picked.feedback + ' A resposta completa está logo abaixo.',
               right ? 'perto' : 'longe');
      state = { escolha: picked.id };
    } else {
      var text = this.input.value.trim();
      if (!text) {
        this.say('⚠ Escreva sua previsão (ou use "Mostrar sem prever").', 'invalido');
        return;
      }
      this.say('Previsão guardada neste navegador. Compare com a resposta logo abaixo.');
      this.showNote(text);
      state = { texto: text };
    }
    this.reveal();
    if (!restoring) store.set(this.id, state);
  };

  Preveja.prototype.showNote = function (text) {
    if (!this.note) {
      this.note = el('div', { 'class': 'preveja-nota' });
      this.region.insertBefore(this.note, this.region.firstChild);
    }
    this.note.innerHTML = '';
    this.note.appendChild(el('strong', {}, 'Sua previsão: '));
    this.note.appendChild(document.createTextNode(text));
  };

  Preveja.prototype.skip = function (restoring) {
    this.say('Resposta à mostra, sem previsão. Ela está logo abaixo.');
    this.reveal();
    if (!restoring) store.set(this.id, { pulou: true });
  };

  Preveja.prototype.restore = function (state) {
    if (!state) return;
    if (state.pulou) { this.skip(true); return; }
    if (this.kind === 'numero' && state.numero !== undefined) this.input.value = state.numero;
    if (this.kind === 'texto' && state.texto !== undefined) this.input.value = state.texto;
    if (this.kind === 'escolha' && state.escolha !== undefined) {
      this.options.forEach(function (o) { o.radio.checked = o.id === state.escolha; });
    }
    this.commit(true);
  };

  Preveja.prototype.reset = function () {
    this.region.classList.remove('preveja-aberta');
    this.placeholder.hidden = false;
    this.skipButton.hidden = false;
    this.say('');
    if (this.input) { this.input.value = ''; this.input.removeAttribute('aria-invalid'); }
    if (this.options) this.options.forEach(function (o) { o.radio.checked = false; });
    if (this.note) { this.note.parentNode.removeChild(this.note); this.note = null; }
  };

  /* One control per page clears every prediction and quiz answer kept for it. */
  function clearControl(prevejas) {
    var article = document.querySelector('article.bd-article') || document.querySelector('main') ||
                  document.body;
    var box = el('div', { 'class': 'preveja-apagar' });
    box.appendChild(el('p', {}, 'Suas previsões e respostas desta página ficam guardadas só neste ' +
                                'navegador, para você encontrá-las quando voltar.'));
    var button = el('button', { type: 'button' }, 'Apagar minhas respostas');
    var status = el('span', { role: 'status', 'aria-live': 'polite', 'class': 'preveja-apagado' });
    button.addEventListener('click', function () {
      store.clear();
      prevejas.forEach(function (p) { p.reset(); });
      document.dispatchEvent(new CustomEvent('curso:apagar-respostas'));
      status.textContent = 'Respostas apagadas.';
    });
    box.appendChild(button);
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
      p.restore(store.get(p.id));
      prevejas.push(p);
    }
    if (prevejas.length || document.querySelector('.cq-quiz')) clearControl(prevejas);
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

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
