/* A page printed as a handout (see _ext/handout.py and _static/print.css).

   - While the page prints, it is in the light theme (a dark page printed on white paper would
     have light grey text) and every explorable is in its opening state: a control the reader
     moved goes back to the value the page was built with, and comes back when printing ends.
   - With ?gabarito=1 in the address (the instructor's choice), an answer key of the page's
     quizzes is added at the end; print.css starts it on a page of its own. It is built from the
     quizzes' own data (script.cq-data, the same the feedback uses), so it always agrees with
     them. Without the parameter the page is unchanged. */
(function () {
  'use strict';
  var LETTERS = 'abcdefghij';

  function el(tag, attrs, html) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (html !== undefined) node.innerHTML = html;
    return node;
  }

  /* ------------------------------------------------------------ printing: opening state */
  function all(selector) {
    return Array.prototype.slice.call(document.querySelectorAll(selector));
  }

  /* A control with a value (a slider and its number field, or a field alone) keeps that value
     in data-current, which is what the explorable computes from (course/static/explorables.js);
     the slider and the field only show it. Its opening state is what the page was built with,
     taken when this script runs, before the reader can touch anything. */
  var VALUED = '.explorable .ex-control[data-current]';

  function look(control) {
    var range = control.querySelector('input[type=range]');
    var field = control.querySelector('[data-field]');
    var note = control.querySelector('[data-note]');
    return { current: control.getAttribute('data-current'),
             range: range && range.value, text: range && range.getAttribute('aria-valuetext'),
             field: field && field.value, note: note && note.textContent };
  }

  function show(control, state) {
    var range = control.querySelector('input[type=range]');
    var field = control.querySelector('[data-field]');
    var note = control.querySelector('[data-note]');
    control.setAttribute('data-current', state.current);
    if (range) {
      range.value = state.range;
      if (state.text !== null) range.setAttribute('aria-valuetext', state.text);
    }
    if (field) field.value = state.field;
    if (note) note.textContent = state.note;
  }

  var openings = all(VALUED).map(function (control) { return [control, look(control)]; });

  /* the other inputs of an explorable (radio buttons, check boxes) are their own state */
  function controls() {
    return all('.explorable input').filter(function (input) { return !input.closest(VALUED); });
  }

  function moved(input) {
    if (input.type === 'radio' || input.type === 'checkbox') return input.checked !== input.defaultChecked;
    return input.value !== input.defaultValue;
  }

  function put(input, state) {
    if (input.type === 'radio' || input.type === 'checkbox') input.checked = state;
    else input.value = state;
  }

  function current(input) {
    return (input.type === 'radio' || input.type === 'checkbox') ? input.checked : input.value;
  }

  function opening(input) {
    return (input.type === 'radio' || input.type === 'checkbox') ? input.defaultChecked : input.defaultValue;
  }

  /* the explorables recompute on "input" (course/static/explorables.js) */
  function refresh(inputs) {
    var roots = [];
    inputs.forEach(function (input) {
      var root = input.closest('.explorable');
      if (root && roots.indexOf(root) < 0) roots.push(root);
    });
    roots.forEach(function (root) {
      root.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  /* the reader's own answers (quizzes, predictions) are not on a handout, not even in the PDF's
     text: the fields are emptied while printing (print.css hides the ticks and the feedback) */
  function fields() {
    return Array.prototype.slice.call(document.querySelectorAll(
      '.cq-quiz input[type=text], .preveja-form input[type=text], .preveja-form textarea'));
  }

  var saved = null;
  var values = null;
  var typed = null;
  var theme = null;

  function beforePrint() {
    var root = document.documentElement;
    if (root.getAttribute('data-theme') === 'dark') {
      theme = 'dark';
      root.setAttribute('data-theme', 'light');
    }
    values = openings.filter(function (pair) {
      return pair[0].getAttribute('data-current') !== pair[1].current;
    }).map(function (pair) {
      var now = look(pair[0]);
      show(pair[0], pair[1]);
      return [pair[0], now];
    });
    var changed = controls().filter(moved);
    saved = changed.map(function (input) { return [input, current(input)]; });
    changed.forEach(function (input) { put(input, opening(input)); });
    refresh(changed.concat(values.map(function (pair) { return pair[0]; })));
    typed = fields().map(function (field) {
      var pair = [field, field.value, field.getAttribute('placeholder')];
      field.value = '';
      field.removeAttribute('placeholder');
      return pair;
    });
  }

  function afterPrint() {
    if (theme) document.documentElement.setAttribute('data-theme', theme);
    theme = null;
    (typed || []).forEach(function (item) {
      item[0].value = item[1];
      if (item[2] !== null) item[0].setAttribute('placeholder', item[2]);
    });
    typed = null;
    (values || []).forEach(function (pair) { show(pair[0], pair[1]); });
    (saved || []).forEach(function (pair) { put(pair[0], pair[1]); });
    refresh((saved || []).map(function (pair) { return pair[0]; })
            .concat((values || []).map(function (pair) { return pair[0]; })));
    saved = null;
    values = null;
  }

  window.addEventListener('beforeprint', beforePrint);
  window.addEventListener('afterprint', afterPrint);

  /* ------------------------------------------------------------ the answer key */
  function wanted() {
    var value = new URLSearchParams(window.location.search).get('gabarito');
    return value !== null && ['', '0', 'nao', 'não', 'false'].indexOf(value.toLowerCase()) < 0;
  }

  /* the section a quiz sits in (a one-question quiz in the text is named by it) */
  function sectionOf(node) {
    var section = node.closest('section');
    var heading = section && section.querySelector('h1, h2, h3');
    if (!heading) return '';
    var copy = heading.cloneNode(true);
    copy.querySelectorAll('.headerlink').forEach(function (a) { a.remove(); });
    return copy.textContent.trim();
  }

  function answerOf(datum) {
    if (datum.type === 'numeric') {
      return { text: '<strong>' + datum.shown + '</strong>', why: datum.feedback_correct };
    }
    var right = [];
    datum.correct.forEach(function (ok, k) { if (ok) right.push(k); });
    var text = right.map(function (k) {
      var option = right.length > 1 ? datum.texts[k].replace(/[.\s]+$/, '') : datum.texts[k];
      return '<strong>' + LETTERS.charAt(k) + ')</strong> ' + option;
    }).join('; ');
    var why = datum.type === 'multiple' ? '' : datum.feedback[right[0]];
    return { text: text, why: why };
  }

  function answerKey() {
    var quizzes = document.querySelectorAll('.cq-quiz');
    if (!quizzes.length) return null;
    var box = el('section', { 'class': 'handout-gabarito', 'aria-labelledby': 'handout-gabarito-titulo',
                              style: 'margin-top: 3em; padding-top: 1em; border-top: 2px solid #999' });
    box.appendChild(el('h2', { id: 'handout-gabarito-titulo' }, 'Gabarito'));
    box.appendChild(el('p', {}, 'Para o professor: as respostas dos quizzes desta página, com a ' +
                               'letra de cada opção como sai impressa. (Esta parte só aparece ' +
                               'com <code>?gabarito=1</code> no endereço.)'));
    Array.prototype.forEach.call(quizzes, function (quiz) {
      var script = quiz.querySelector('script.cq-data');
      if (!script) return;
      var data = JSON.parse(script.textContent);
      var single = quiz.classList.contains('cq-single');
      var title = single ? 'Pergunta da seção «' + sectionOf(quiz) + '»'
                         : (quiz.getAttribute('aria-label') || 'Quiz');
      box.appendChild(el('h3', {}, title));
      var list = el('ol', {});
      var questions = quiz.querySelectorAll('.cq-q');
      data.forEach(function (datum, i) {
        var number = questions[i] && questions[i].querySelector('.cq-num');
        var answer = answerOf(datum);
        var item = el('li', { value: number ? parseInt(number.textContent, 10) : i + 1 },
                      answer.text + (answer.why ? ' <span class="handout-porque">— ' + answer.why + '</span>' : ''));
        list.appendChild(item);
      });
      box.appendChild(list);
    });
    return box;
  }

  function init() {
    if (!wanted()) return;
    var key = answerKey();
    if (!key) return;
    var article = document.querySelector('article.bd-article') || document.querySelector('main') ||
                  document.body;
    article.appendChild(key);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
