// Slide decks: reveal.js with the stage band ("Etapa 1-4") that follows the current slide, and
// the bar of buttons under the slides (Voltar à aula, Slide anterior, Próximo slide, Tela cheia).
//
// On a phone the slide takes the phone's shape, so that reveal.js scales it down less and its
// smallest text stays at 11 px or more: held upright, 640 wide instead of 1100 × 700; on its side,
// 690 high, with the bars under it in one line. Turning the phone switches. A swipe sideways
// moves a slide (reveal.js's touch navigation; its scroll view for phones is turned off). Shown
// inside a lesson (an iframe), the deck is "embedded": a vertical swipe over it scrolls the
// lesson instead of being held by the deck, and "Voltar à aula" is not shown.
(function () {
  var embedded = window.self !== window.top;
  /* the slide's size in reveal.js's units, from the box the bars leave it: upright, 640 wide
     and as tall as the box's shape; on its side, 690 high and as wide as the box's shape (the
     content stays at the top left, the rest is margin) */
  function size() {
    var box = document.querySelector('.reveal'), w = box.offsetWidth || window.innerWidth,
      h = box.offsetHeight || window.innerHeight;
    var upright = window.innerHeight > window.innerWidth && window.innerWidth < 760;
    var short = !upright && window.innerHeight < 520;   /* a phone on its side */
    document.documentElement.classList.toggle('deck-portrait', upright);
    document.documentElement.classList.toggle('deck-short', short);
    if (upright) return { width: 640, height: Math.max(1000, Math.round(640 * h / w)) };
    if (short) return { width: Math.max(960, Math.round(690 * w / h)), height: 690 };
    return { width: 1100, height: 700 };
  }
  function markStage(slide) {
    var stage = slide && slide.getAttribute('data-stage');
    document.querySelectorAll('.stage-band li').forEach(function (item) {
      var current = item.getAttribute('data-stage') === stage;
      item.classList.toggle('current', current);
      if (current) { item.setAttribute('aria-current', 'step'); } else { item.removeAttribute('aria-current'); }
    });
  }
  if (embedded) document.documentElement.classList.add('deck-embedded');
  Reveal.initialize(Object.assign({
    hash: true,
    slideNumber: 'c/t',
    center: false,
    controls: false,          // the bar's buttons, named in Portuguese, instead of reveal's arrows
    embedded: embedded,
    scrollActivationWidth: null,   // reveal.js 5 turns a phone into a scrolled column: slides here
    plugins: [RevealMarkdown],
  }, size())).then(function () {
    markStage(Reveal.getCurrentSlide());
    Reveal.on('slidechanged', function (event) { markStage(event.currentSlide); help(); });
  });
  /* the short help at the top (by touch or by keys) goes after the first move, or in 8 s */
  var helpLine = document.querySelector('.deck-help');
  function help() { if (helpLine) helpLine.classList.add('is-done'); }
  setTimeout(help, 8000);
  window.addEventListener('resize', function () {
    var s = size();
    var c = Reveal.getConfig();
    if (s.width !== c.width || s.height !== c.height) Reveal.configure(s);
  });
  var full = document.querySelector('[data-deck="fullscreen"]');
  full.hidden = !document.fullscreenEnabled;
  document.querySelector('.deck-bar').addEventListener('click', function (event) {
    var b = event.target.closest('button');
    if (!b) return;
    var what = b.getAttribute('data-deck');
    if (what === 'prev') Reveal.prev();
    if (what === 'next') Reveal.next();
    if (what === 'fullscreen') {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen();
    }
  });
  document.addEventListener('fullscreenchange', function () {
    full.textContent = document.fullscreenElement ? 'Sair da tela cheia' : 'Tela cheia';
  });
})();
