/* Quizzes of the course: feedback on request, no network, no kernel (course/quiz.py inlines
   this after course/static/numbers.js, which reads the numbers typed, and
   course/static/answers.js, which judges them and keeps every answer). Defined once per page;
   window.courseQuiz.init(container) wires one rendered quiz.

   Every question is answered with its "Conferir" button: ticking a box or choosing an option
   (the arrow keys move through radio buttons) changes neither the feedback nor the score.
   A question is known by its store id, quiz:<bank>:<id>: shown twice on a page (a lesson's
   "Erro comum" and its final quiz), both copies show the same answer and feedback at once,
   and the score counts it. */
if (!window.courseQuiz) {
  window.courseQuiz = (function () {
    'use strict';
    var N = window.CourseNumbers;    /* course/static/numbers.js, loaded before this file */
    var A = window.CourseAnswers;    /* course/static/answers.js, idem */

    /* Right, close and wrong differ by an icon and a word, not by colour alone (quiz.css). */
    var VERDICTS = {
      right: { icon: '✔', word: 'Certo!' },
      close: { icon: '≈', word: 'Quase.' },
      wrong: { icon: '✘', word: 'Errado.' },
      invalid: { icon: '⚠', word: '' }
    };
    var FIRST = { right: '✔ certa', close: '≈ quase', wrong: '✘ errada' };
    /* A multiple-choice option in the feedback: what the student did with it and whether that
       was right. A ✔ stands only before a true statement that was ticked. */
    var MARKS = {
      tickedTrue: ['✔', 'Certo marcar:'],
      untickedFalse: ['○', 'Certo não marcar:'],
      untickedTrue: ['✘', 'Faltou marcar:'],
      tickedFalse: ['✘', 'Não era para marcar:']
    };

    function escapeHtml(text) {
      return String(text).replace(/[&<>"]/g, function (c) {
        return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c];
      });
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
      if (MJ.typesetPromise) {                     // MathJax 3
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

    function setFeedback(q, verdict, message, extra) {
      var box = q.querySelector('.cq-feedback');
      q.classList.remove('cq-is-right', 'cq-is-close', 'cq-is-wrong', 'cq-is-invalid');
      q.classList.add('cq-is-' + verdict);
      var v = VERDICTS[verdict];
      box.innerHTML = '<strong class="cq-verdict"><span class="cq-icon" aria-hidden="true">' +
                      v.icon + '</span> ' + v.word + '</strong> ' + message + (extra || '');
      typeset(box);
    }

    /* The score counts the answers kept, not what the page shows: a typo that gets "Digite um
       número" after a right answer does not take the point away. */
    function updateScore(root) {
      var score = root.querySelector('.cq-score');
      if (!score || !root.cqQuestions) return;
      var right = root.cqQuestions.filter(function (question) {
        var record = A.get(question.key);
        return record && record.last && record.last.verdict === 'right';
      }).length;
      score.textContent = '(' + right + ' de ' + root.cqQuestions.length + ' certas)';
    }

    /* ------------------------------------------------------------- one question on the page */
    var copies = {};                 /* store id -> [question], every copy on this page */

    function Question(root, q, d) {
      this.root = root;
      this.q = q;
      this.d = d;
      this.key = key(root, d);
      this.kind = 'quiz-' + d.type;
      this.inputs = q.querySelectorAll('.cq-options input');
      this.field = q.querySelector('.cq-numeric input');
      if (this.field) {   /* it takes "3/4" and "75 %": a phone's decimal pad has no "/" nor "%" */
        this.field.setAttribute('inputmode', 'text');
        this.field.setAttribute('autocapitalize', 'off');
        this.field.setAttribute('autocorrect', 'off');
        this.field.setAttribute('enterkeyhint', 'done');
      }
      this.feedback = q.querySelector('.cq-feedback');
      (copies[this.key] = copies[this.key] || []).push(this);
      (root.cqQuestions = root.cqQuestions || []).push(this);
    }

    /* The answer on screen -> {answer, verdict, note} to keep, or {invalid: message}. */
    Question.prototype.read = function () {
      var d = this.d, i;
      if (d.type === 'numeric') {
        var typed = A.readGuess(this.field.value, { value: d.answer, percent: false });
        if (!typed.ok) return { invalid: N.message(typed.error) };
        return { answer: this.field.value, verdict: A.judgeKey(typed.value, d.answer, d.tolerance).verdict };
      }
      if (d.type === 'multiple') {
        var ticked = [], ok = true;
        for (i = 0; i < this.inputs.length; i++) {
          if (this.inputs[i].checked) ticked.push(d.bank[i]);
          ok = ok && this.inputs[i].checked === d.correct[i];
        }
        if (!ticked.length) return { invalid: 'Marque pelo menos uma opção antes de conferir.' };
        return { answer: ticked.sort(function (a, b) { return a - b; }), verdict: ok ? 'right' : 'wrong' };
      }
      for (i = 0; i < this.inputs.length; i++) {
        if (this.inputs[i].checked) return { answer: d.bank[i], verdict: d.correct[i] ? 'right' : 'wrong' };
      }
      return { invalid: 'Escolha uma opção antes de conferir.' };
    };

    Question.prototype.check = function () {
      var got = this.read();
      if (got.invalid) {
        setFeedback(this.q, 'invalid', got.invalid);
        updateScore(this.root);
        if (this.field) {            /* a number to fix: stay in the field, which says why */
          this.field.setAttribute('aria-invalid', 'true');
          this.field.focus();
          return;
        }
      } else {
        A.record(this.key, this.kind, got.answer, got.verdict);   /* every copy shows it */
      }
      this.feedback.focus();         /* the keyboard lands on what "Conferir" wrote */
    };

    /* The option (index on this page) that is the bank's option ``answer``. */
    Question.prototype.position = function (answer) {
      return this.d.bank.indexOf(answer);
    };

    /* An option's text inside a sentence: without its own final period. */
    function inline(html) {
      return String(html).replace(/[.\s]+$/, '');
    }

    Question.prototype.describe = function (answer) {
      var d = this.d, self = this;
      if (d.type === 'numeric') return escapeHtml(answer);
      if (d.type === 'multiple') {
        return answer.map(function (b) { return inline(d.texts[self.position(b)]); }).join('; ') || '—';
      }
      return inline(d.texts[this.position(answer)]);
    };

    /* Show a kept answer: its inputs, its feedback, the first answer when there were more. */
    Question.prototype.show = function (record) {
      var d = this.d, last = record && record.last, i;
      if (!last) { this.reset(); return; }
      var message, extra = '';
      if (d.type === 'numeric') {
        this.field.value = last.answer;
        this.field.removeAttribute('aria-invalid');
        var typed = A.readGuess(last.answer, { value: d.answer, percent: false });
        var note = typed.ok && typed.told
          ? ' (' + escapeHtml(String(last.answer).trim()) + ' lido como ' +
            N.percent(typed.value, Math.max(0, typed.read.decimals)) + '.)' : '';
        message = last.verdict === 'right' ? d.feedback_correct + ' (Resposta: ' + d.shown + '.)'
                : last.verdict === 'close' ? 'Perto, mas fora da margem aceita. ' + d.feedback_wrong
                : d.feedback_wrong;
        message += note;
      } else if (d.type === 'multiple') {
        var items = [];
        for (i = 0; i < this.inputs.length; i++) {
          var ticked = last.answer.indexOf(d.bank[i]) >= 0;
          this.inputs[i].checked = ticked;
          var good = ticked === d.correct[i];
          /* what the student did with the option, then the option: a ✔ only before a true
             statement ticked, never before a false one (left unticked, rightly: ○) */
          var said = MARKS[(ticked ? 'ticked' : 'unticked') + (d.correct[i] ? 'True' : 'False')];
          items.push('<li class="' + (good ? 'cq-opt-right' : 'cq-opt-wrong') + '">' +
                     '<span class="cq-opt-icon" aria-hidden="true">' + said[0] + '</span> ' + said[1] +
                     ' <em>' + inline(d.texts[i]) + '</em> (' + (d.correct[i] ? 'correta' : 'incorreta') +
                     '). ' + d.feedback[i] + '</li>');
        }
        message = last.verdict === 'right' ? 'Você marcou exatamente as corretas.' : 'Confira cada opção:';
        extra = '<ul>' + items.join('') + '</ul>';
      } else {
        var k = this.position(last.answer);
        for (i = 0; i < this.inputs.length; i++) this.inputs[i].checked = i === k;
        message = 'Você escolheu <em>' + inline(d.texts[k]) + '</em>. ' + d.feedback[k];
      }
      if (record.attempts > 1 && record.first &&
          JSON.stringify(record.first.answer) !== JSON.stringify(last.answer)) {
        extra += '<p class="cq-first">Sua primeira resposta: <em>' + this.describe(record.first.answer) +
                 '</em> (' + (FIRST[record.first.verdict] || '') + ').</p>';
      }
      setFeedback(this.q, last.verdict, message, extra);
      updateScore(this.root);
    };

    Question.prototype.reset = function () {
      this.q.classList.remove('cq-is-right', 'cq-is-close', 'cq-is-wrong', 'cq-is-invalid');
      this.feedback.innerHTML = '';
      var inputs = this.q.querySelectorAll('input');
      for (var j = 0; j < inputs.length; j++) {
        if (inputs[j].type === 'text') inputs[j].value = '';
        else inputs[j].checked = false;
        inputs[j].removeAttribute('aria-invalid');
      }
      updateScore(this.root);
    };

    /* An answer kept by the older format (answers.js, "Older format"), made a version-2 one. */
    Question.prototype.adopt = function (old) {
      var d = this.d, got = null, i;
      if (d.type === 'numeric' && typeof old.valor === 'string') {
        this.field.value = old.valor;
        got = this.read();
      } else if (d.type === 'multiple' && Array.isArray(old.marcadas)) {
        for (i = 0; i < this.inputs.length; i++) this.inputs[i].checked = !!old.marcadas[i];
        got = this.read();
      } else if (d.type !== 'multiple' && d.type !== 'numeric' && this.inputs[old.opcao]) {
        this.inputs[old.opcao].checked = true;
        got = this.read();
      }
      if (got && !got.invalid) return A.record(this.key, this.kind, got.answer, got.verdict);
      this.reset();
      return null;
    };

    Question.prototype.restore = function () {
      var record = A.get(this.key);
      if (!record || !record.last) {
        var old = A.legacy(this.key);
        if (old) record = this.adopt(old);
      }
      if (record && record.last) this.show(record);
    };

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

    /* One answer, given in any copy, is shown by every copy of its question. */
    document.addEventListener('curso:resposta', function (event) {
      (copies[event.detail.id] || []).forEach(function (question) {
        question.show(event.detail.record);
      });
    });
    /* "Apagar minhas respostas" (and its "Desfazer"). */
    document.addEventListener('curso:respostas', function () {
      Object.keys(copies).forEach(function (id) {
        var record = A.get(id);
        copies[id].forEach(function (question) {
          if (record && record.last) question.show(record);
          else question.reset();
        });
      });
    });

    function wire(question) {
      question.q.querySelector('.cq-check').addEventListener('click', function () {
        question.check();
      });
      if (question.field) {
        question.field.addEventListener('keydown', function (event) {
          if (event.key === 'Enter') { event.preventDefault(); question.check(); }
        });
      }
    }

    function init(root) {
      if (!root || root.getAttribute('data-cq-ready')) return;
      root.setAttribute('data-cq-ready', '');
      var data = JSON.parse(root.querySelector('script.cq-data').textContent);
      var questions = root.querySelectorAll('.cq-q');
      for (var i = 0; i < questions.length; i++) {
        var question = new Question(root, questions[i], data[i]);
        wire(question);
        question.restore();
      }
      fixLinks(root);
      updateScore(root);
      typeset(root);
    }

    return { init: init };
  })();
}
