/* The course's figures on the page (see _ext/figures.py for the markup).
   1. Dark mode: a figure's dark renders are <source media="not all" data-dark="<query>">; while
      the theme's <html data-theme> is "dark" they get their query back, so the <picture> shows
      them, and only them. The theme sets data-theme from the student's choice (and the system's,
      in "auto"), also after the page has loaded: the attribute is observed.
   2. Tap to enlarge: a figure is a link to its image (a.figure-zoom). Here it opens, instead, a
      full-screen dialog with the figure's larger render (the desktop one, in the mode on screen:
      a phone's column shows the phone render), fitted to the screen, enlarged by a pinch (two
      fingers), the + and − buttons or keys, or the wheel, moved by one finger once enlarged;
      closed by a tap that did not move, Esc or the "Fechar" button; focus goes back to the
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

  var dialog = null, shown = null, opener = null, zoom = null;

  /* The larger render of a figure: the desktop one (wider, drawn for a big screen), in the mode
     on screen; the phone's own render is what the column already shows. */
  function largeRender(link) {
    if (root.getAttribute('data-theme') === 'dark') {
      var dark = link.querySelector('source[data-dark="all"]');
      if (dark) return dark.getAttribute('srcset');
    }
    return link.getAttribute('href');
  }

  /* Pinch zoom (two fingers), pan (one finger, once enlarged), + and − buttons, the + and − keys
     and the mouse wheel; from 1 (the figure fitted to the screen) to 4 times. A tap that did not
     move closes the dialog, as before. */
  function Zoom(img) {
    this.img = img;
    this.s = 1; this.x = 0; this.y = 0;
    this.pointers = {};
    this.moved = false;
  }
  Zoom.prototype.apply = function () {
    var w = this.img.clientWidth, h = this.img.clientHeight;
    this.s = Math.min(4, Math.max(1, this.s));
    this.x = Math.min(0, Math.max(w * (1 - this.s), this.x));
    this.y = Math.min(0, Math.max(h * (1 - this.s), this.y));
    this.img.style.transform = this.s === 1 ? '' :
      'translate(' + this.x + 'px, ' + this.y + 'px) scale(' + this.s + ')';
    dialog.classList.toggle('is-zoomed', this.s > 1);
  };
  /* scale by ``k`` keeping the point (cx, cy), in the image's box, where it is */
  Zoom.prototype.by = function (k, cx, cy) {
    var s = Math.min(4, Math.max(1, this.s * k));
    k = s / this.s;
    this.x = cx - (cx - this.x) * k;
    this.y = cy - (cy - this.y) * k;
    this.s = s;
    this.apply();
  };
  Zoom.prototype.reset = function () { this.s = 1; this.x = 0; this.y = 0; this.pointers = {}; this.apply(); };
  Zoom.prototype.local = function (e) {
    var r = this.img.parentNode.getBoundingClientRect();
    return { x: e.clientX - r.left - this.img.offsetLeft, y: e.clientY - r.top - this.img.offsetTop };
  };
  Zoom.prototype.list = function () {
    var self = this;
    return Object.keys(this.pointers).map(function (k) { return self.pointers[k]; });
  };
  Zoom.prototype.down = function (e) {
    this.pointers[e.pointerId] = { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY };
    if (this.list().length === 1) this.moved = false;
    if (this.list().length === 2) this.moved = true;       /* a pinch is never a tap */
  };
  Zoom.prototype.move = function (e) {
    var p = this.pointers[e.pointerId];
    if (!p) return;
    var all = this.list();
    if (all.length === 2) {
      var other = all[0] === p ? all[1] : all[0];
      var before = Math.hypot(p.x - other.x, p.y - other.y);
      var after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
      var mid = this.local({ clientX: (e.clientX + other.x) / 2, clientY: (e.clientY + other.y) / 2 });
      if (before > 0) this.by(after / before, mid.x, mid.y);
    } else if (all.length === 1) {
      if (Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > 8) this.moved = true;
      if (this.s > 1) { this.x += e.clientX - p.x; this.y += e.clientY - p.y; this.apply(); }
    }
    p.x = e.clientX; p.y = e.clientY;
  };
  Zoom.prototype.up = function (e) { delete this.pointers[e.pointerId]; };

  function button(cls, text, label) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = cls;
    b.textContent = text;
    if (label) b.setAttribute('aria-label', label);
    return b;
  }

  function build() {
    dialog = document.createElement('dialog');
    dialog.className = 'figure-lightbox';
    dialog.setAttribute('aria-label', 'Figura ampliada');
    var bar = document.createElement('div');
    bar.className = 'figure-lightbox-bar';
    var hint = document.createElement('p');
    hint.className = 'figure-lightbox-hint';
    var turn = document.createElement('span');
    turn.className = 'figure-lightbox-turn';
    turn.textContent = 'Gire o celular para ver maior. ';
    hint.appendChild(turn);
    hint.appendChild(document.createTextNode('Dois dedos ampliam; um toque fecha.'));
    var less = button('figure-lightbox-less', '−', 'Reduzir');
    var more = button('figure-lightbox-more', '+', 'Ampliar');
    var close = button('figure-lightbox-close', 'Fechar');
    bar.appendChild(hint);
    bar.appendChild(less);
    bar.appendChild(more);
    bar.appendChild(close);
    var stage = document.createElement('div');
    stage.className = 'figure-lightbox-stage';
    shown = document.createElement('img');
    shown.decoding = 'async';
    shown.draggable = false;
    stage.appendChild(shown);
    dialog.appendChild(bar);
    dialog.appendChild(stage);
    zoom = new Zoom(shown);
    var centre = function (k) { zoom.by(k, shown.clientWidth / 2, shown.clientHeight / 2); };
    more.addEventListener('click', function (e) { e.stopPropagation(); centre(1.5); });
    less.addEventListener('click', function (e) { e.stopPropagation(); centre(1 / 1.5); });
    close.addEventListener('click', function (e) { e.stopPropagation(); dialog.close(); });
    stage.addEventListener('pointerdown', function (e) { zoom.down(e); });
    stage.addEventListener('pointermove', function (e) { zoom.move(e); });
    stage.addEventListener('pointerup', function (e) { zoom.up(e); });
    stage.addEventListener('pointercancel', function (e) { zoom.up(e); zoom.moved = true; });
    stage.addEventListener('wheel', function (e) {
      e.preventDefault();
      var at = zoom.local(e);
      zoom.by(e.deltaY < 0 ? 1.2 : 1 / 1.2, at.x, at.y);
    }, { passive: false });
    dialog.addEventListener('keydown', function (e) {
      if (e.key === '+' || e.key === '=') { e.preventDefault(); centre(1.5); }
      if (e.key === '-') { e.preventDefault(); centre(1 / 1.5); }
    });
    // a tap anywhere closes it (a pinch or a pan is not a click)
    dialog.addEventListener('click', function () {
      if (zoom.moved) { zoom.moved = false; return; }
      dialog.close();
    });
    dialog.addEventListener('close', function () {
      root.classList.remove('figure-lightbox-open');
      zoom.reset();
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
    var large = largeRender(link);
    shown.src = img.currentSrc || img.src;        // at once: the render already on screen ...
    shown.alt = img.alt;
    if (large) {                                  // ... then the larger one, once it has loaded
      var pre = new Image();
      pre.onload = function () { if (opener === link) shown.src = pre.src; };
      pre.src = large;
    }
    zoom.reset();
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
