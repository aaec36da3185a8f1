// Slide decks: reveal.js with the stage band ("Etapa 1-4") that follows the current slide.
(function () {
  function markStage(slide) {
    var stage = slide && slide.getAttribute('data-stage');
    document.querySelectorAll('.stage-band li').forEach(function (item) {
      var current = item.getAttribute('data-stage') === stage;
      item.classList.toggle('current', current);
      if (current) { item.setAttribute('aria-current', 'step'); } else { item.removeAttribute('aria-current'); }
    });
  }
  Reveal.initialize({
    hash: true,
    slideNumber: 'c/t',
    center: false,
    width: 1100,
    height: 700,
    plugins: [RevealMarkdown],
  }).then(function () {
    markStage(Reveal.getCurrentSlide());
    Reveal.on('slidechanged', function (event) { markStage(event.currentSlide); });
  });
})();
