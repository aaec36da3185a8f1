/* Quizzes of the course: immediate feedback, no network, no kernel (course/quiz.py inlines this,
   after course/static/numbers.js, which reads the numbers typed). Defined once per page;
   window.courseQuiz.init(container) wires one rendered quiz. */
if (!window.courseQuiz) {
  window.courseQuiz = (function () {
    'use strict';
    var N = window.CourseNumbers;   /* course/static/numbers.js, loaded before this file */

    /* Answers kept in this browser, per page (quizzes and the site's "Preveja" boxes share it).
       Sandboxed outputs (Colab) may forbid localStorage: then nothing is kept, nothing breaks. */
    var STORE_KEY = 'curso:respostas:' + location.pathname;
    var store = {
      all: function () {
        try { return JSON.parse(window.localStorage.getItem(STORE_KEY)) || {}; }
        catch (e) { return {}; }
      },
      get: function (id) { return store.all()[id]; },
      set: function (id, value) {
        try {
          var all = store.all();
          all[id] = value;
          window.localStorage.setItem(STORE_KEY, JSON.stringify(all));
        } catch (e) { /* storage unavailable: the page still works */ }
      },
      clear: function () {
        try { window.localStorage.removeItem(STORE_KEY); } catch (e) { /* idem */ }
      }
    };

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
        q.querySelector('.cq-check').addEventListener('click', function (event) {
          var any = false, ok = true, items = [], ticks = [];
          for (var i = 0; i < inputs.length; i++) {
            var ticked = inputs[i].checked;
            ticks.push(ticked);
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
            if (!event.restoring) store.set(key(root, d), { marcadas: ticks });
          }
          updateScore(root);
        });
      } else {
        for (var i = 0; i < inputs.length; i++) {
          inputs[i].addEventListener('change', function (event) {
            var k = parseInt(event.target.value, 10);
            setFeedback(q, d.correct[k], d.feedback[k]);
            if (!event.restoring) store.set(key(root, d), { opcao: k });
            updateScore(root);
          });
        }
      }
    }

    function wireNumeric(root, q, d) {
      var input = q.querySelector('.cq-numeric input');
      var check = function (event) {
        var typed = N.parse(input.value);
        if (!typed.ok) {
          input.setAttribute('aria-invalid', 'true');
          setFeedback(q, null, N.message(typed.error));
        } else {
          input.removeAttribute('aria-invalid');
          var ok = Math.abs(typed.value - d.answer) <= d.tolerance + 1e-12;
          setFeedback(q, ok, ok ? d.feedback_correct + ' (Resposta: ' + d.shown + '.)'
                                : d.feedback_wrong);
          if (!(event && event.restoring)) store.set(key(root, d), { valor: input.value });
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

    /* The storage id of a question: quiz name (the root's id is cq-<name>-<n>) + question id. */
    function key(root, d) {
      var m = /^cq-(.+)-\d+$/.exec(root.id);
      return 'quiz:' + (m ? m[1] : root.id) + ':' + d.id;
    }

    function fire(target, type) {
      var event = document.createEvent('Event');
      event.initEvent(type, true, true);
      event.restoring = true;
      target.dispatchEvent(event);
    }

    /* A student who comes back finds the answers given before, with their feedback. */
    function restore(root, q, d) {
      var saved = store.get(key(root, d));
      if (!saved) return;
      var inputs = q.querySelectorAll('.cq-options input');
      if (saved.opcao !== undefined && inputs[saved.opcao]) {
        inputs[saved.opcao].checked = true;
        fire(inputs[saved.opcao], 'change');
      } else if (saved.marcadas) {
        for (var i = 0; i < inputs.length; i++) inputs[i].checked = !!saved.marcadas[i];
        fire(q.querySelector('.cq-check'), 'click');
      } else if (saved.valor !== undefined) {
        q.querySelector('.cq-numeric input').value = saved.valor;
        fire(q.querySelector('.cq-check'), 'click');
      }
    }

    function reset(root) {
      var questions = root.querySelectorAll('.cq-q');
      for (var i = 0; i < questions.length; i++) {
        var q = questions[i];
        q.classList.remove('cq-is-right', 'cq-is-wrong', 'cq-is-invalid');
        q.querySelector('.cq-feedback').innerHTML = '';
        var inputs = q.querySelectorAll('input');
        for (var j = 0; j < inputs.length; j++) {
          if (inputs[j].type === 'text') inputs[j].value = '';
          else inputs[j].checked = false;
          inputs[j].removeAttribute('aria-invalid');
        }
      }
      updateScore(root);
    }

    function init(root) {
      if (!root || root.getAttribute('data-cq-ready')) return;
      root.setAttribute('data-cq-ready', '');
      var data = JSON.parse(root.querySelector('script.cq-data').textContent);
      var questions = root.querySelectorAll('.cq-q');
      for (var i = 0; i < questions.length; i++) {
        if (data[i].type === 'numeric') wireNumeric(root, questions[i], data[i]);
        else wireChoice(root, questions[i], data[i]);
        restore(root, questions[i], data[i]);
      }
      document.addEventListener('curso:apagar-respostas', function () { reset(root); });
      fixLinks(root);
      updateScore(root);
      typeset(root);
    }

    return { init: init, store: store };
  })();
}
