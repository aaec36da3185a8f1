/* Quizzes of the course: immediate feedback, no network, no kernel (course/quiz.py inlines this).
   Defined once per page; window.courseQuiz.init(container) wires one rendered quiz. */
if (!window.courseQuiz) {
  window.courseQuiz = (function () {
    'use strict';
    var NOT_A_NUMBER = 'Digite um número, por exemplo 0,75 (também vale 3/4).';

    /* "0,778", "0.778", "7/9", "77,8 %", "-1,5" -> number; anything else -> null */
    function parseNumber(raw) {
      var text = String(raw).trim().replace(/\s+/g, '');
      if (!text) return null;
      var percent = false;
      if (text.charAt(text.length - 1) === '%') { percent = true; text = text.slice(0, -1); }
      var simple = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
      var value;
      var pieces = text.split('/');
      if (pieces.length === 2) {
        if (!simple.test(pieces[0]) || !simple.test(pieces[1])) return null;
        var den = parseFloat(pieces[1].replace(',', '.'));
        if (den === 0) return null;
        value = parseFloat(pieces[0].replace(',', '.')) / den;
      } else if (pieces.length === 1) {
        if (!simple.test(text)) return null;
        value = parseFloat(text.replace(',', '.'));
      } else {
        return null;
      }
      if (!isFinite(value)) return null;
      return percent ? value / 100 : value;
    }

    /* Math: plain text is in the page; where MathJax runs, swap in the TeX and typeset. */
    function typeset(el, retried) {
      var MJ = window.MathJax;
      if (!MJ) return;
      var swap = function () {
        var spans = el.querySelectorAll('.cq-math:not([data-cq-typeset])');
        for (var i = 0; i < spans.length; i++) {
          spans[i].textContent = spans[i].getAttribute('data-tex');
          spans[i].setAttribute('data-cq-typeset', '');
        }
      };
      if (MJ.typesetPromise) {                     // MathJax 3 (the site, vendored)
        var ready = (MJ.startup && MJ.startup.promise) || Promise.resolve();
        ready.then(function () { swap(); return MJ.typesetPromise([el]); })
             .catch(function () { /* the plain-text version stays readable */ });
      } else if (MJ.Hub && MJ.Hub.Queue) {        // MathJax 2 (classic Jupyter Notebook)
        swap();
        MJ.Hub.Queue(['Typeset', MJ.Hub, el]);
      } else if (!retried) {                       // configuration only: MathJax still loading
        window.addEventListener('load', function () { typeset(el, true); }, { once: true });
      }
    }

    function setFeedback(q, ok, message, extra) {
      var box = q.querySelector('.cq-feedback');
      q.classList.remove('cq-is-right', 'cq-is-wrong', 'cq-is-invalid');
      q.classList.add(ok === true ? 'cq-is-right' : ok === false ? 'cq-is-wrong' : 'cq-is-invalid');
      var verdict = ok === true ? '<strong class="cq-verdict">✔ Certo!</strong> '
                  : ok === false ? '<strong class="cq-verdict">✘ Errado.</strong> '
                  : '<strong class="cq-verdict">⚠</strong> ';
      box.innerHTML = verdict + message + (extra || '');
      typeset(box);
    }

    function updateScore(root) {
      var score = root.querySelector('.cq-score');
      if (!score) return;
      var total = root.querySelectorAll('.cq-q').length;
      var right = root.querySelectorAll('.cq-q.cq-is-right').length;
      score.textContent = '(' + right + ' de ' + total + ' certas)';
    }

    function wireChoice(root, q, d) {
      var inputs = q.querySelectorAll('.cq-options input');
      if (d.type === 'multiple') {
        q.querySelector('.cq-check').addEventListener('click', function () {
          var any = false, ok = true, items = [];
          for (var i = 0; i < inputs.length; i++) {
            var ticked = inputs[i].checked;
            any = any || ticked;
            var good = ticked === d.correct[i];
            ok = ok && good;
            items.push('<li class="' + (good ? 'cq-opt-right' : 'cq-opt-wrong') + '">' +
                       (good ? '✔ ' : '✘ ') + '<em>' + d.texts[i] + '</em> (' +
                       (d.correct[i] ? 'correta' : 'incorreta') +
                       (ticked ? '; você marcou' : '; você não marcou') + ') ' +
                       d.feedback[i] + '</li>');
          }
          if (!any) {
            setFeedback(q, null, 'Marque pelo menos uma opção antes de verificar.');
          } else {
            setFeedback(q, ok, ok ? 'Você marcou exatamente as corretas.'
                                  : 'Confira cada opção:', '<ul>' + items.join('') + '</ul>');
          }
          updateScore(root);
        });
      } else {
        for (var i = 0; i < inputs.length; i++) {
          inputs[i].addEventListener('change', function (event) {
            var k = parseInt(event.target.value, 10);
            setFeedback(q, d.correct[k], d.feedback[k]);
            updateScore(root);
          });
        }
      }
    }

    function wireNumeric(root, q, d) {
      var input = q.querySelector('.cq-numeric input');
      var check = function () {
        var value = parseNumber(input.value);
        if (value === null) {
          input.setAttribute('aria-invalid', 'true');
          setFeedback(q, null, NOT_A_NUMBER);
        } else {
          input.removeAttribute('aria-invalid');
          var ok = Math.abs(value - d.answer) <= d.tolerance + 1e-12;
          setFeedback(q, ok, ok ? d.feedback_correct + ' (Resposta: ' + d.shown + '.)'
                                : d.feedback_wrong);
        }
        updateScore(root);
      };
      q.querySelector('.cq-check').addEventListener('click', check);
      input.addEventListener('keydown', function (event) {
        if (event.key === 'Enter') { event.preventDefault(); check(); }
      });
    }

    /* Section links: relative on the site (Sphinx pages carry data-content_root); elsewhere
       (Jupyter, Colab) they point to the published site. */
    function fixLinks(root) {
      if (document.documentElement.hasAttribute('data-content_root')) return;
      var site = root.getAttribute('data-site');
      var links = root.querySelectorAll('a.cq-section');
      for (var i = 0; i < links.length; i++) {
        if (/^https?:/.test(links[i].getAttribute('href'))) continue;
        links[i].href = site + 'lessons/' + links[i].getAttribute('data-section');
        links[i].target = '_blank';
        links[i].rel = 'noopener';
      }
    }

    function init(root) {
      if (!root || root.getAttribute('data-cq-ready')) return;
      root.setAttribute('data-cq-ready', '');
      var data = JSON.parse(root.querySelector('script.cq-data').textContent);
      var questions = root.querySelectorAll('.cq-q');
      for (var i = 0; i < questions.length; i++) {
        if (data[i].type === 'numeric') wireNumeric(root, questions[i], data[i]);
        else wireChoice(root, questions[i], data[i]);
      }
      fixLinks(root);
      updateScore(root);
      typeset(root);
    }

    return { init: init, parseNumber: parseNumber };
  })();
}
