/* Read without internet (see _ext/offline.py).
   Every page registers the course's service worker (sw.js at the site's root, its scope the
   site's folder: /<repositório>/ on GitHub Pages) and, once loaded, hands it the addresses it
   loaded (the first page loads before the worker exists) and its figures: the worker keeps
   what it does not have yet, from the browser's cache when it is there.
   The home page's box "Guardar o curso para ler sem internet" ({guardar-curso}) says what the
   whole course weighs (offline.json, written by the build from its real files), downloads it
   only when asked, and removes the stored copy ("Remover a cópia guardada"). Sizes are written
   with the course's numbers (course/numbers.js: decimal comma). */
(function () {
  'use strict';
  var ROOT = new URL(document.documentElement.dataset.content_root || './', location.href);
  var PREFIX = 'curso-offline:' + ROOT.pathname + ':';      // the same names as sw.js
  var SUPPORTED = 'serviceWorker' in navigator && 'caches' in window && window.isSecureContext;
  var PARALLEL = 4;

  function here(url) { return new URL(url, ROOT).href; }

  /* ----------------------------------------------------------------- the worker */

  /* What this page loaded, and its figures (the lazy ones further down are not loaded yet): a
     page once opened opens again offline with all of them. */
  function ofThisPage() {
    var urls = [location.href.split('#')[0]];
    performance.getEntriesByType('resource').forEach(function (entry) { urls.push(entry.name); });
    Array.prototype.forEach.call(document.images, function (img) {
      var url = shownRender(img);
      if (url) urls.push(url);
    });
    return urls.filter(function (url) { return url.indexOf(ROOT.href) === 0; });
  }

  /* The file this screen and mode show of an image: a figure is a <picture> whose <img src> is
     the desktop render, its phone and dark renders <source>s (_ext/figures.py). A lazy figure not
     loaded yet has no currentSrc: its first <source> whose media matches is the one the browser
     will load (a phone never downloads the desktop render, nor the worker for it). */
  function shownRender(img) {
    if (img.currentSrc) return img.currentSrc;
    var picture = img.parentNode;
    if (picture && picture.tagName === 'PICTURE') {
      var sources = picture.getElementsByTagName('source');
      for (var i = 0; i < sources.length; i++) {
        var media = sources[i].getAttribute('media');
        var srcset = sources[i].getAttribute('srcset');
        if (srcset && (!media || window.matchMedia(media).matches)) {
          return new URL(srcset.split(',')[0].trim().split(/\s+/)[0], location.href).href;
        }
      }
    }
    return img.src;
  }

  function register() {
    var worker = navigator.serviceWorker;
    worker.register(here('sw.js'), { scope: ROOT.href }).catch(function () { /* e.g. file:// */ });
    worker.ready.then(function (registration) {
      function hand() {
        var active = registration.active;
        if (active) active.postMessage({ type: 'keep', urls: ofThisPage() });
      }
      function later() { (window.requestIdleCallback || setTimeout)(hand); }
      if (!worker.controller) worker.addEventListener('controllerchange', later, { once: true });
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
    });
  }

  /* ----------------------------------------------------------------- the box */

  function size(bytes) {
    var N = window.CourseNumbers;
    if (bytes < 1e6) return N.format(Math.max(1, Math.round(bytes / 1e3)), 0) + ' kB';
    return N.format(bytes / 1e6, 1) + ' MB';
  }

  function sum(files, key) {
    return files.reduce(function (total, f) { return total + f[key]; }, 0);
  }

  function pages(files) {
    return files.filter(function (f) { return f.page; }).length;
  }

  function saveBox(box) {
    var status = box.querySelector('.guardar-curso-estado');
    var save = box.querySelector('.guardar-curso-baixar');
    var remove = box.querySelector('.guardar-curso-remover');
    var bar = box.querySelector('.guardar-curso-progresso');
    var manifest = null;

    function say(text) { status.textContent = text; }

    if (!SUPPORTED) {
      say('Este navegador não guarda o curso para ler sem internet (é preciso um navegador ' +
          'atual e o site aberto pelo seu endereço https).');
      return;
    }

    function name() { return PREFIX + manifest.version; }

    /* The files of the manifest not yet in this build's cache, and whether a page is. */
    function lacking() {
      return caches.has(name()).then(function (exists) {
        if (!exists) return { files: manifest.files, some: false };
        return caches.open(name()).then(function (cache) { return cache.keys(); }).then(function (keys) {
          var kept = new Set(keys.map(function (request) { return request.url; }));
          var files = manifest.files.filter(function (f) { return !kept.has(here(f.url)); });
          return { files: files, some: pages(files) < manifest.pages };   // a page is kept
        });
      });
    }

    function show(before, known) {
      var read = known ? Promise.resolve(manifest) : fetch(here('offline.json'), { cache: 'no-cache' })
        .then(function (response) {
          if (!response.ok) throw new Error(response.status);
          return response.json();
        });
      return read.then(function (data) {
        manifest = data;
        return lacking();
      }, function () {
        say('Sem conexão agora: para guardar o curso, abra esta página com internet.');
        save.hidden = remove.hidden = true;
        return null;
      }).then(function (missing) {
        if (!missing) return;
        var text;
        if (!missing.files.length) {
          text = 'O curso inteiro está guardado neste aparelho (' + manifest.pages + ' páginas, ' +
            size(manifest.bytes) + ') e abre sem internet. Quando o curso for atualizado, a ' +
            'cópia é atualizada na próxima visita com internet.';
        } else if (missing.some) {
          var kept = manifest.pages - pages(missing.files);
          text = (kept === 1 ? 'Já está guardada 1 das ' : 'Já estão guardadas ' + kept + ' das ') +
            manifest.pages + (kept === 1 ? ' páginas (a que você abriu).' : ' páginas (as que você abriu).') +
            ' O resto baixa cerca de ' +
            size(sum(missing.files, 'sent')) + '; o curso inteiro ocupa ' + size(manifest.bytes) +
            ' neste aparelho.';
        } else {
          text = 'O curso inteiro (' + manifest.pages + ' páginas, com figuras, explorables, ' +
            'quizzes e a busca) baixa cerca de ' + size(manifest.sent) + ' e ocupa ' +
            size(manifest.bytes) + ' neste aparelho. Nada é baixado antes de você pedir.';
        }
        say((before ? before + ' ' : '') + text);
        save.hidden = !missing.files.length;
        remove.hidden = !missing.some && missing.files.length > 0;
      }).catch(function (error) {
        // not the network (that is said above): a stored copy this browser cannot read
        say('Não foi possível calcular o tamanho do curso neste navegador. Recarregue a página ' +
            'para tentar de novo.');
        save.hidden = remove.hidden = true;
        console.error(error);
      });
    }

    function download() {
      save.disabled = true;
      bar.hidden = false;
      bar.value = 0;
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
      return Promise.all([lacking(), caches.open(name())]).then(function (both) {
        var queue = both[0].files.slice(), cache = both[1];
        var total = Math.max(1, sum(queue, 'sent')), done = 0, failed = 0;
        say('Baixando o curso: 0 %');
        function next() {
          var file = queue.shift();
          if (!file) return Promise.resolve();
          return fetch(here(file.url), { cache: 'no-cache' }).then(function (response) {
            if (!response.ok) throw new Error(response.status);
            return cache.put(here(file.url), response);
          }).catch(function () { failed += 1; }).then(function () {
            done += file.sent;
            bar.value = Math.round(100 * done / total);
            say('Baixando o curso: ' + bar.value + ' %');
            return next();
          });
        }
        var workers = [];
        for (var i = 0; i < PARALLEL; i++) workers.push(next());
        return Promise.all(workers).then(function () { return failed; });
      }).then(function (failed) {
        save.disabled = false;
        bar.hidden = true;
        return show(failed ? 'Faltaram ' + failed + (failed === 1 ? ' arquivo' : ' arquivos') +
          ' (a conexão caiu?): o que já baixou ficou guardado; tente de novo para completar.' : '');
      });
    }

    function removeAll() {
      return caches.keys().then(function (names) {
        return Promise.all(names.filter(function (n) { return n.indexOf(PREFIX) === 0; })
          .map(function (n) { return caches.delete(n); }));
      }).then(function () {
        return show('A cópia guardada foi removida deste aparelho. As páginas que você abrir ' +
          'daqui em diante voltam a ficar guardadas, uma a uma.', true);   // nothing fetched again
      });
    }

    save.addEventListener('click', download);
    remove.addEventListener('click', removeAll);
    say('Calculando o tamanho do curso…');
    show('');
  }

  if (SUPPORTED) register();
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('[data-guardar-curso]').forEach(saveBox);
  }
  // The box writes sizes with course/numbers.js, a deferred script that comes after this one on
  // the home page: DOMContentLoaded fires once every deferred script has run.
  if (document.readyState === 'complete') start();
  else {
    document.addEventListener('DOMContentLoaded', start);
    window.addEventListener('load', start);
  }
}());
