/* Where the reader is on the page (every page: Jupyter Book serves every script of _static/).

   1. The page's table of contents ("Seções", the theme's #pst-page-toc-nav) marks the section
      being read: the last section whose heading is above the upper third of the screen, under
      the sticky header. The theme marks instead the last heading that crossed that band, and
      only when one does: after a jump (a restored page, a link, a Preveja's answer opened above
      the reader, which moves every heading below it) no heading crosses it, and the mark stays
      on a section far from the one on screen. Here it is measured again at every scroll, every
      change of size, every answer shown ("curso:revelado"), and whenever the theme moves it.
   2. A glossary entry with several names (revocação, sensibilidade, taxa de verdadeiros
      positivos) is one <dt> per name: a link to the second name lands with the first, the main
      term, hidden under the sticky header. Each later name gets a scroll margin as tall as the
      names above it, so that the entry shows whole from its first name. */
(function () {
  'use strict';

  /* ------------------------------------------------------------------ 1. the section being read */
  var nav = null, links = [], targets = [], queued = false;

  function headerBottom() {
    var header = document.querySelector('.bd-header-article') || document.getElementById('pst-header');
    var r = header && header.getBoundingClientRect();
    return r && r.bottom > 0 ? r.bottom : 0;
  }

  function targetOf(link) {
    var href = link.getAttribute('href') || '';
    if (href.charAt(0) !== '#' || href.length < 2) return null;
    var node = document.getElementById(decodeURIComponent(href.slice(1)));
    if (!node) return null;
    return node.querySelector('h1, h2, h3, h4, h5, h6') || node;
  }

  function current() {
    var line = headerBottom() + 0.3 * (window.innerHeight - headerBottom());
    var found = -1;
    for (var i = 0; i < targets.length; i++) {
      var t = targets[i];
      if (!t || !t.getClientRects().length) continue;          /* hidden (an unopened answer) */
      if (t.getBoundingClientRect().top <= line) found = i; else break;
    }
    return found;
  }

  function mark() {
    queued = false;
    if (!links.length) return;
    var k = current();
    links.forEach(function (a, i) {
      var on = i === k;
      a.classList.toggle('active', on);
      if (on) a.setAttribute('aria-current', 'true'); else a.removeAttribute('aria-current');
    });
    Array.prototype.forEach.call(nav.querySelectorAll('.toc-entry'), function (li) {
      li.classList.toggle('active', k >= 0 && li.contains(links[k]));
    });
  }

  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(mark);
  }

  function startToc() {
    nav = document.getElementById('pst-page-toc-nav');
    if (!nav) return;
    links = Array.prototype.slice.call(nav.querySelectorAll('a[href^="#"]'));
    targets = links.map(targetOf);
    /* document order, as the page reads (the list is in that order already) */
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    window.addEventListener('load', soon);
    window.addEventListener('curso:revelado', soon);
    document.addEventListener('toggle', soon, true);
    /* the theme's own marking (its observer, a click on a link): measured again after it (a
       mark that changes nothing changes no class, and the observer stays quiet) */
    new MutationObserver(soon)
      .observe(nav, { subtree: true, attributes: true, attributeFilter: ['class'] });
    soon();
  }

  /* ------------------------------------------------------------------ 2. glossary entries */
  function glossaryMargins() {
    var lists = document.querySelectorAll('dl.glossary');
    Array.prototype.forEach.call(lists, function (dl) {
      var first = null;
      Array.prototype.forEach.call(dl.children, function (item) {
        if (item.tagName !== 'DT') { first = null; return; }
        if (!first) { first = item; item.style.scrollMarginTop = ''; return; }
        var above = item.getBoundingClientRect().top - first.getBoundingClientRect().top;
        item.style.scrollMarginTop = Math.max(0, Math.round(above)) + 'px';
      });
    });
  }

  function landOnEntry() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === 'DT' && target.closest('dl.glossary') &&
        target.previousElementSibling && target.previousElementSibling.tagName === 'DT') {
      target.scrollIntoView();
    }
  }

  function startGlossary() {
    if (!document.querySelector('dl.glossary')) return;
    glossaryMargins();
    window.addEventListener('resize', glossaryMargins);
    window.addEventListener('hashchange', landOnEntry);
    if (document.readyState === 'complete') landOnEntry();
    else window.addEventListener('load', function () { glossaryMargins(); landOnEntry(); });
  }

  function start() {
    startToc();
    startGlossary();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
