/* "Continue de onde parou" (_ext/parts.py): the parts of the lessons this browser has read, and a
   link to the one read last on the home page and on a lesson's first page.

   Inlined in the head of every part of a lesson and of the home page, never in a bundle: the link
   is drawn as the parser reaches <curso-lugar> (a custom element defined here), before the first
   paint, so no text moves; with nothing to show the element stays empty and takes no room.
   A part counts as read once the student has scrolled half a screen into it.

   <curso-lugar data-aqui="lessons/x.html" data-aulas='[{"aula": "…", "partes": [[page, title], …]}]'>
   shows the most recently read of its parts, unless it is this page. The parts and titles come
   from the build: a page a newer build removed is never offered, and "Parte k de n" is the
   site's numbering of today.

   Kept in localStorage, "curso:lugar" (MANUTENCAO.md, "As respostas guardadas"):
     {"schema": "curso-lugar", "version": 1, "pages": {"lessons/roc-curva.html": "2026-12-06T14:05:09.123Z"}}
   each part read, by its path from the site's root, with when it was last read. A document of a
   newer version is left as it is. Nothing leaves the browser. */
(function () {
  'use strict';
  var KEY = 'curso:lugar', SCHEMA = 'curso-lugar', VERSION = 1;

  /* the stored document; null when it is not ours to write (a newer version) */
  function load() {
    var fresh = { schema: SCHEMA, version: VERSION, pages: {} }, d;
    try { d = JSON.parse(window.localStorage.getItem(KEY)); } catch (e) { return fresh; }
    if (!d || d.schema !== SCHEMA || typeof d.version !== 'number') return fresh;
    if (d.version > VERSION) return null;
    return d.pages && typeof d.pages === 'object' ? d : fresh;
  }

  function markRead(page) {
    var d = load();
    if (!d) return;
    d.pages[page] = new Date().toISOString();
    try { window.localStorage.setItem(KEY, JSON.stringify(d)); } catch (e) { /* full or forbidden */ }
  }

  function watch() {
    var head = document.querySelector('p.parte-cabecalho[data-pagina]');
    if (!head) return;
    var page = head.getAttribute('data-pagina');
    function seen() {
      if (window.scrollY < window.innerHeight / 2) return;
      window.removeEventListener('scroll', seen);
      markRead(page);
    }
    window.addEventListener('scroll', seen, { passive: true });
    seen();
  }

  function span(cls, text) {
    var s = document.createElement('span');
    s.className = cls;
    s.textContent = text;
    return s;
  }

  function fill(box) {
    var d = load(), lessons, last = null;
    if (!d) return;
    try { lessons = JSON.parse(box.getAttribute('data-aulas') || '[]'); } catch (e) { return; }
    lessons.forEach(function (lesson) {
      lesson.partes.forEach(function (part, i) {
        var at = d.pages[part[0]];
        if (typeof at === 'string' && (!last || at > last.at)) {
          last = { at: at, page: part[0], title: part[1], k: i + 1, n: lesson.partes.length, lesson: lesson.aula };
        }
      });
    });
    if (!last || last.page === box.getAttribute('data-aqui')) return;
    var a = document.createElement('a');
    a.className = 'onde-parou';
    a.href = (document.documentElement.getAttribute('data-content_root') || '') + last.page;
    a.appendChild(span('onde-parou-rotulo', 'Continue de onde parou'));
    a.appendChild(span('onde-parou-parte', (last.n > 1 ? 'Parte ' + last.k + ' de ' + last.n + ' · ' : '') + last.title));
    if (lessons.length > 1 && last.n > 1) a.appendChild(span('onde-parou-aula', 'da aula ' + last.lesson));
    box.appendChild(a);
  }

  if (window.customElements && !window.customElements.get('curso-lugar')) {
    window.customElements.define('curso-lugar', class extends HTMLElement {
      connectedCallback() { if (!this.firstChild) fill(this); }
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
})();
