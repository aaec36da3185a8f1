/* The course's figures on the page (see _ext/figures.py for the markup).
   1. Dark mode: a figure's dark renders are <source media="not all" data-dark="<query>">; while
      the theme's <html data-theme> is "dark" they get their query back, so the <picture> shows
      them, and only them. The theme sets data-theme from the student's choice (and the system's,
      in "auto"), also after the page has loaded: the attribute is observed.
   2. Tap to enlarge: a figure is a link to its image (a.figure-zoom). Here it opens, instead, the
      render on screen in a full-screen dialog: the image at full size, fitted to the screen,
      pinch zoom, closed by a tap anywhere, Esc or the "Fechar" button; focus goes back to the
      figure. */
(function () {
  'use strict';
  var root = document.documentElement;

  function syncTheme() {
    var dark = root.getAttribute('data-theme') === 'dark';
    document.querySelectorAll('a.figure-zoom source[data-dark]').forEach(function (source) {
      var media = dark ? source.getAttribute('data-dark') : 'not all';
      if (source.media !== media) source.media = media;
    });
  }
  syncTheme();
  new MutationObserver(syncTheme).observe(root, { attributes: true, attributeFilter: ['data-theme'] });

  var dialog = null, shown = null, opener = null;

  function build() {
    dialog = document.createElement('dialog');
    dialog.className = 'figure-lightbox';
    dialog.setAttribute('aria-label', 'Figura ampliada');
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'figure-lightbox-close';
    close.textContent = 'Fechar';
    shown = document.createElement('img');
    shown.decoding = 'async';
    dialog.appendChild(close);
    dialog.appendChild(shown);
    // a tap anywhere closes it (a pinch or a pan is not a click)
    dialog.addEventListener('click', function () { dialog.close(); });
    dialog.addEventListener('close', function () {
      root.classList.remove('figure-lightbox-open');
      if (opener) opener.focus();
      opener = null;
    });
    document.body.appendChild(dialog);
  }

  function open(link) {
    var img = link.querySelector('img');
    if (!img) return false;
    if (!dialog) build();
    opener = link;
    shown.src = img.currentSrc || img.src;        // the render this screen and mode show
    shown.alt = img.alt;
    root.classList.add('figure-lightbox-open');
    dialog.showModal();
    dialog.querySelector('.figure-lightbox-close').focus();
    return true;
  }

  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a.figure-zoom');
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    if (open(link)) event.preventDefault();
  });
})();
