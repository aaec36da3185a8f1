/* Search as people type (see _ext/search.py). On every page: waits for the student to type in the
   theme's search field (the dialog that Ctrl + K opens) and only then imports Pagefind's module
   (pagefind/pagefind.js: the index is downloaded in chunks, as a query needs them). Results show
   under the field as the student types; Enter leads to the search page (search.html?q=), which
   shows the same results, more of them.
   Order: the glossary's entries first, then the pages. A query that is the name of an entry (with
   or without accents, singular or plural: "limiares" is "limiar") lists that entry first and the
   page that teaches it first; otherwise Pagefind's order, in which a page weighs the names of the
   entries it teaches like its title (metadata "ensina"); the labs (metadata "depois") after the
   lessons. */
(function () {
  'use strict';
  var ROOT = new URL(document.documentElement.dataset.content_root || './', location.href);
  var SEPARATOR = ' / ';                 // between names in the metadata (_ext/search.py)
  var RANKING = {
    diacriticSimilarity: 0,              // "revocacao" and "revocação": the same list, same order
    metaWeights: { title: 5, ensina: 5 } // the page that teaches an idea weighs like its title
  };
  var LIMITS = { dialog: { entries: 3, pages: 6 }, page: { entries: 3, pages: 20 } };
  var pagefind = null;

  function load() {
    if (!pagefind) {
      pagefind = import(new URL('pagefind/pagefind.js', ROOT).href).then(function (pf) {
        return pf.options({ ranking: RANKING, excerptLength: 22 }).then(function () {
          pf.init();
          return pf;
        });
      });
      pagefind.catch(function () { pagefind = null; });   // offline now: try again later
    }
    return pagefind;
  }

  /* ----------------------------------------------------------------- a query, as a key */

  function fold(text) {
    return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }

  /* The singular of a Portuguese word without accents: what both the query and the names become,
     so that "limiares" meets "limiar", "matrizes" "matriz", "revocacoes" "revocacao". */
  function singular(word) {
    if (word.length < 4) return word;
    return word.replace(/[oa]es$/, 'ao').replace(/ais$/, 'al').replace(/eis$/, 'el')
      .replace(/ois$/, 'ol').replace(/([rz])es$/, '$1').replace(/ns$/, 'm')
      .replace(/([aeiou])s$/, '$1');
  }

  function key(text) {
    return fold(text).split(/[^a-z0-9]+/).filter(Boolean).map(singular).join(' ');
  }

  /* ----------------------------------------------------------------- results */

  function pathOf(url) {
    var u = new URL(url, location.href);
    return u.pathname;
  }

  function rootUrl(path) {               // "/lessons/x.html#y" of the metadata -> on this site
    return new URL(path.replace(/^\//, ''), ROOT).href;
  }

  /* The same address written the way Pagefind writes its results' (a path from the site's
     root): one page, one form of link. */
  function siteUrl(path) {
    var u = new URL(rootUrl(path));
    return u.pathname + u.search + u.hash;
  }

  function find(query, limits) {
    return load().then(function (pf) {
      return Promise.all([
        pf.search(query, { filters: { tipo: 'verbete' } }),
        pf.search(query, { filters: { tipo: 'pagina' } })
      ]).then(function (found) {
        var entries = found[0].results.slice(0, limits.entries + 3);
        var pages = found[1].results.slice(0, LIMITS.page.pages);
        return Promise.all([
          Promise.all(entries.map(function (r) { return r.data(); })),
          Promise.all(pages.map(function (r) { return r.data(); })),
          { entries: found[0].results.length, pages: found[1].results.length }
        ]);
      });
    }).then(function (data) {
      var found = order(query, data[0], data[1], limits);
      /* what was found, the same count in the dialog and on the search page (the dialog shows
         the first few of them and links the page with all) */
      found.total = { entries: Math.min(data[2].entries, LIMITS.page.entries),
                      pages: Math.min(Math.max(data[2].pages, found.pagesAll), LIMITS.page.pages) };
      return found;
    });
  }

  function order(query, entries, pages, limits) {
    var wanted = key(query);
    var exact = null;
    entries.forEach(function (entry) {
      var names = (entry.meta.nomes || entry.meta.title).split(SEPARATOR);
      if (!exact && names.some(function (n) { return key(n) === wanted; })) exact = entry;
    });
    if (exact) {
      entries = [exact].concat(entries.filter(function (e) { return e !== exact; }));
      if (exact.meta.aula) {
        var where = pathOf(rootUrl(exact.meta.aula));
        var teaching = pages.filter(function (p) { return pathOf(p.url) === where; })[0] || {
          url: rootUrl(exact.meta.aula), meta: { title: exact.meta.aula_titulo }, excerpt: '',
          sub_results: []
        };
        pages = [teaching].concat(pages.filter(function (p) { return p !== teaching; }));
      }
    }
    // the labs after the lessons (a lab repeats its lesson's words; the lesson explains them)
    var teachingFirst = exact && exact.meta.aula ? pages.slice(0, 1) : [];
    var rest = pages.slice(teachingFirst.length);
    pages = teachingFirst.concat(rest.filter(function (p) { return !p.meta.depois; }),
                                 rest.filter(function (p) { return p.meta.depois; }));
    return { entries: entries.slice(0, limits.entries), pages: pages.slice(0, limits.pages),
             exact: exact, pagesAll: pages.length };
  }

  /* ----------------------------------------------------------------- drawing */

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }

  function excerpt(html) {
    var p = el('p', { 'class': 'course-search-excerpt' });
    p.innerHTML = html;                  // Pagefind's excerpt of our own pages: text and <mark>
    return p;
  }

  /* The passage a page is shown by: its section where the words weigh most (Pagefind's own
     score of each place a word was found), with that section's snippet, title and link. The
     label, the snippet and the link are the same section's; the link opens at it. */
  function score(sub) {
    var w = sub.weighted_locations || [];
    if (!w.length) return (sub.locations || []).length;
    return w.reduce(function (s, l) { return s + (l.balanced_score || l.weight || 0); }, 0);
  }

  function bestSection(page) {
    var sections = (page.sub_results || []).filter(function (s) { return s.anchor && s.anchor.element !== 'h1'; });
    var best = null;
    sections.forEach(function (s) { if (!best || score(s) > score(best)) best = s; });
    return best;
  }

  /* A link to the passage itself: the section's anchor, and the browser's text fragment on the
     words of the snippet around the first word found, with the words before it as context (a
     text fragment stops at the first match of the page: eight words in a row are the snippet's
     own). Where the browser has no text fragments, or the words are not on screen (a hidden
     answer, a formula), it stops at the section's heading. */
  function plainWord(w) {
    return w.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"').replace(/&#39;/g, "'");
  }

  function fragmentPart(words) {
    return words.map(function (w) {
      return encodeURIComponent(w).replace(/-/g, '%2D');
    }).join('%20');
  }

  function passageUrl(section) {
    var url = section.url;
    var words = String(section.excerpt || '').split(/\s+/).filter(Boolean);
    var at = -1, i;
    for (i = 0; i < words.length; i++) if (/<mark>/.test(words[i])) { at = i; break; }
    if (at < 0) return url;
    var clean = function (w) { return plainWord(w).replace(/^[(“"«]+/, '').replace(/[.,;:!?)”"»]+$/, ''); };
    var start = [];
    for (i = at; i < words.length && start.length < 5; i++) {
      var w = clean(words[i]);
      if (!w || /\u2026/.test(w)) break;
      start.push(w);
      if (/[.,;:!?)”"»]$/.test(plainWord(words[i]))) break;   /* punctuation: the words stop */
    }
    var prefix = [];
    for (i = at - 1; i >= 0 && prefix.length < 3; i--) {
      var raw = plainWord(words[i]);
      if (/[.,;:!?)”"»]$/.test(raw) || /\u2026/.test(raw)) break;   /* not across punctuation */
      var p = clean(words[i]);
      if (!p || p !== raw.replace(/^[(“"«]+/, '')) break;       /* punctuation between: stop */
      prefix.unshift(p);
    }
    /* a few words, or the section's own title: the section's start is the passage (and a short
       run of words is likely to stand earlier on the page) */
    var all = prefix.concat(start);
    if (all.length < 4 || key(section.title || '').indexOf(key(start.join(' '))) >= 0) return url;
    return url + (url.indexOf('#') < 0 ? '#' : '') + ':~:text=' +
           (prefix.length ? fragmentPart(prefix) + '-,' : '') + fragmentPart(start);
  }

  function counted(n, one, many) { return n + ' ' + (n === 1 ? one : many); }

  function draw(box, query, found) {
    box.textContent = '';
    var status = box.status;
    if (!found.entries.length && !found.pages.length) {
      status.textContent = 'Nada encontrado para “' + query + '”. Tente outra palavra ou o singular.';
      box.appendChild(status);
      return;
    }
    var parts = [];
    if (found.entries.length) parts.push(counted(found.total.entries, 'verbete do glossário', 'verbetes do glossário'));
    if (found.pages.length) parts.push(counted(found.total.pages, 'página', 'páginas'));
    status.textContent = parts.join(' e ') + ' para “' + query + '”';
    box.appendChild(status);
    if (found.entries.length) {
      box.appendChild(el('h2', { 'class': 'course-search-heading' }, 'No glossário'));
      var list = el('ul', { 'class': 'course-search-list course-search-entries' });
      found.entries.forEach(function (entry) {
        var item = el('li');
        var link = el('a', { href: entry.url, 'class': 'course-search-title' }, entry.meta.title);
        item.appendChild(link);
        item.appendChild(excerpt(entry.excerpt));
        if (entry === found.exact && entry.meta.aula) {
          /* the page once: its title, and its section when the link names one of its own */
          var where = el('p', { 'class': 'course-search-where' }, 'Onde o curso ensina: ');
          var secao = entry.meta.secao && entry.meta.secao !== entry.meta.aula_titulo ? entry.meta.secao : '';
          where.appendChild(el('a', { href: siteUrl(entry.meta.aula) },
            entry.meta.aula_titulo + (secao ? ', ' + secao : '')));
          item.appendChild(where);
        }
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    if (found.pages.length) {
      box.appendChild(el('h2', { 'class': 'course-search-heading' }, 'Nas páginas'));
      var pages = el('ol', { 'class': 'course-search-list course-search-pages' });
      found.pages.forEach(function (page) {
        var item = el('li');
        var section = bestSection(page);
        var to = section ? passageUrl(section) : page.url;
        item.appendChild(el('a', { href: to, 'class': 'course-search-title' }, page.meta.title));
        if (page.meta.parte) item.appendChild(el('span', { 'class': 'course-search-part' }, page.meta.parte));
        var text = section && section.excerpt ? section.excerpt : page.excerpt;
        if (text) item.appendChild(excerpt(text));
        if (section) {
          var p = el('p', { 'class': 'course-search-section' }, 'Seção: ');
          p.appendChild(el('a', { href: to }, section.title));
          item.appendChild(p);
        }
        pages.appendChild(item);
      });
      box.appendChild(pages);
      if (found.total.pages > found.pages.length) {
        var more = el('p', { 'class': 'course-search-more' });
        var search = new URL('search.html', ROOT);
        search.searchParams.set('q', query);
        more.appendChild(el('a', { href: search.href }, 'Ver as ' + found.total.pages + ' páginas na página de busca'));
        box.appendChild(more);
      }
    }
  }

  /* ----------------------------------------------------------------- a field and its box */

  function attach(input, box, limits, onQuery) {
    var timer = null, asked = 0;
    box.status = el('p', { 'class': 'course-search-status', role: 'status' });
    function run() {
      var query = input.value.trim();
      var mine = ++asked;
      if (onQuery) onQuery(query);
      if (query.length < 2) {
        box.textContent = '';
        box.hidden = true;
        return;
      }
      box.hidden = false;
      box.setAttribute('aria-busy', 'true');
      find(query, limits).then(function (found) {
        if (mine === asked) draw(box, query, found);
      }, function () {
        if (mine !== asked) return;
        box.textContent = '';
        box.status.textContent = 'A busca não carregou: sem internet, ela precisa de uma cópia ' +
          'guardada do curso ("Guardar o curso para ler sem internet", na página inicial).';
        box.appendChild(box.status);
      }).then(function () { if (mine === asked) box.removeAttribute('aria-busy'); });
    }
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(run, 120);
    });
    input.addEventListener('keydown', function (event) {   // ↓ from the field: the first result
      if (event.key !== 'ArrowDown') return;
      var first = box.querySelector('a');
      if (first) { event.preventDefault(); first.focus(); }
    });
    box.addEventListener('keydown', function (event) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      var links = Array.prototype.slice.call(box.querySelectorAll('a'));
      var i = links.indexOf(document.activeElement);
      if (i < 0) return;
      event.preventDefault();
      if (event.key === 'ArrowUp' && i === 0) input.focus();
      else links[Math.max(0, Math.min(links.length - 1, i + (event.key === 'ArrowDown' ? 1 : -1)))].focus();
    });
    return run;
  }

  function start() {
    var dialog = document.getElementById('pst-search-dialog');
    var input = dialog && dialog.querySelector('input[name=q]');
    if (input) {
      var box = el('div', { 'class': 'course-search-results', 'data-course-search': 'dialog', hidden: '' });
      dialog.appendChild(box);
      attach(input, box, LIMITS.dialog);
    }
    var page = document.querySelector('[data-course-search=page]');
    var field = page && page.parentElement.querySelector('form.bd-search input[name=q]');
    if (field) {
      var run = attach(field, page, LIMITS.page, function (query) {
        var url = new URL(location.href);
        if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
        history.replaceState(null, '', url);
      });
      field.value = new URL(location.href).searchParams.get('q') || '';
      if (field.value) run();
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
  window.courseSearch = { key: key, find: find };    // for the tests (tests/test_search.py)
}());
