/* The course's service worker (see _ext/offline.py, which writes this file at the site's root as
   sw.js, with the build's version in place of the quoted placeholders).

   Online, nothing changes for the reader: every request goes to the network first, and what
   comes back is kept in this build's cache. Offline, or when the network has not answered in
   WAIT ms, the kept copy answers; a page never kept answers with a short page saying so.
   A new build is a new version of this file: installing, it copies the stored files that did not
   change (their hash in the new offline.json) into its cache, downloads those that changed, and
   activating it deletes the older caches of this site. Nothing is downloaded that the student did
   not open or ask to keep ("Guardar o curso para ler sem internet", on the home page). */
'use strict';

const VERSION = '__VERSION__';
const HOME = '__HOME__';
const SCOPE = self.registration.scope;                      // https://<host>/<repositório>/
const PREFIX = 'curso-offline:' + new URL(SCOPE).pathname + ':';   // this site's caches only
const CACHE = PREFIX + VERSION;
const MANIFEST = new URL('offline.json', SCOPE).href;
const WORKER = new URL('sw.js', SCOPE).href;
const WAIT = 4000;

function here(url) { return new URL(url, SCOPE).href; }
function pathOf(url) { const u = new URL(url, SCOPE); return u.origin + u.pathname; }

async function digest(response) {
  const hash = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
  return Array.from(new Uint8Array(hash).slice(0, 8), b => b.toString(16).padStart(2, '0')).join('');
}

async function keep(cache, url, mode) {
  try {
    const response = await fetch(url, { cache: mode || 'no-cache' });
    if (response.ok) await cache.put(url, response);
  } catch (error) { /* offline: kept the next time */ }
}

async function olderCaches() {
  return (await caches.keys()).filter(name => name.startsWith(PREFIX) && name !== CACHE);
}

/* What an older build kept, carried into this one: unchanged files copied, changed ones fetched
   again, files no longer in the course dropped. */
async function carryOver() {
  const older = await olderCaches();
  if (!older.length) return;
  let files;
  try {
    files = (await (await fetch(MANIFEST, { cache: 'no-cache' })).json()).files;
  } catch (error) { return; }
  const byPath = new Map(files.map(f => [pathOf(here(f.url)), f]));
  const cache = await caches.open(CACHE);
  const again = new Set();
  for (const name of older) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const file = byPath.get(pathOf(request.url));
      if (!file || again.has(file.url)) continue;
      const response = await old.match(request);
      if (response && await digest(response.clone()) === file.hash) await cache.put(here(file.url), response);
      else again.add(file.url);
    }
  }
  await Promise.all(Array.from(again, url => keep(cache, here(url))));
}

self.addEventListener('install', event => {
  event.waitUntil(carryOver().then(() => self.skipWaiting()));
});

self.addEventListener('activate', event => {
  event.waitUntil(olderCaches()
    .then(names => Promise.all(names.map(name => caches.delete(name))))
    .then(() => self.clients.claim()));
});

/* A page hands the addresses it loaded (the first page was loaded before this worker existed)
   and its figures (those further down are loaded lazily, when scrolled to): what is not kept yet
   is kept, from the browser's cache when it is there (no second download). */
self.addEventListener('message', event => {
  const data = event.data || {};
  if (data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(CACHE).then(cache => Promise.all(
    data.urls.filter(url => typeof url === 'string' && url.startsWith(SCOPE)).map(async url => {
      if (!(await cache.match(url))) await keep(cache, url, 'force-cache');
    }))));
});

function offlinePage() {
  const home = here(HOME);
  const html = '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Sem internet</title></head><body style="font-family: sans-serif; max-width: 40rem; ' +
    'margin: 2rem auto; padding: 0 1rem; line-height: 1.5"><main><h1>Sem internet</h1>' +
    '<p>Esta página ainda não foi guardada neste aparelho: ela abre quando a conexão voltar.</p>' +
    '<p>As páginas que você já abriu continuam aqui. Para ter o curso inteiro sem internet, use o ' +
    'botão “Guardar o curso para ler sem internet” da <a href="' + home + '">página inicial</a>.</p>' +
    '</main></body></html>';
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

async function stored(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true })) ||
    (request.url.endsWith('/') ? await cache.match(request.url + 'index.html') : undefined);
}

async function answer(event) {
  const request = event.request;
  // a page is asked again of the server (a conditional request: no download when unchanged), so
  // that the browser's cache never shows an older build's page
  const asked = request.mode === 'navigate' ? new Request(request, { cache: 'no-cache' }) : request;
  const network = fetch(asked).then(response => {
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(cache => cache.put(request, copy)));
    }
    return response;
  });
  let timer;
  const late = new Promise(resolve => { timer = setTimeout(resolve, WAIT, null); });
  const first = await Promise.race([network.catch(() => null), late]);
  clearTimeout(timer);
  if (first) return first;
  const copy = await stored(request);
  if (copy) return copy;
  try {
    return await network;
  } catch (error) {
    return request.mode === 'navigate' ? offlinePage() : Response.error();
  }
}

self.addEventListener('fetch', event => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE) ||
      pathOf(request.url) === pathOf(WORKER) || request.headers.has('range')) return;
  event.respondWith(answer(event));
});
