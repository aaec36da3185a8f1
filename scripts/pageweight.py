"""What a page of the built site makes Chromium download: bytes and requests.

One measurement for the benchmark (``scripts/benchmark.py``) and for the budget test
(``tests/test_weight.py``), so the figure in MANUTENCAO.md and the figure the test checks are the
same figure. The budget itself is in ``budget.yml``.

- **First visit**: a new browser profile (empty cache) opens the page.
- **After the home page**: the same profile first opens the home page, then the page; only the
  second navigation is counted (what the cache did not already hold).

"Bytes" are what crossed the network for the page (Chromium's ``encodedDataLength``: headers and
body, as the server sent them), counted for the page and its frames, and for the site's service
worker (``sw.js``, ``_ext/offline.py``): once it controls the page, the page's requests are
answered by the worker, which downloads (or takes from its cache) in its own name; those answers
count nothing, the worker's own downloads count instead. The page is scrolled to the end so that
everything a reader would load is loaded. Nothing is compressed by the local
server, so the figures are an upper bound for a server that compresses (GitHub Pages does).
"""
from __future__ import annotations

import gzip
import http.server
import io
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
BUDGET_FILE = ROOT / 'budget.yml'


def budget() -> dict:
    """The site's budget (``budget.yml``): page weights in bytes and Lighthouse minimums."""
    return yaml.safe_load(BUDGET_FILE.read_text(encoding='utf-8'))


@dataclass
class Visit:
    bytes: int = 0
    requests: int = 0
    outside: list = field(default_factory=list)     # URLs outside the site it asked for
    by_url: dict = field(default_factory=dict)       # url -> bytes, to see what weighs
    elements: int = 0                                # DOM elements once read to the end


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A local server that says nothing when a browser closes a connection before the end of an
    answer (it had what it needed, or the page was closed): a test's log shows only what matters."""
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


COMPRESSED_TYPES = ('text/', 'application/javascript', 'application/json', 'image/svg+xml')


class _LikeGitHubPages(_Quiet):
    """Serves as GitHub Pages does: text gzip-compressed when the browser accepts it, and
    ``Cache-Control: max-age=600``."""
    _cache = {}

    def end_headers(self):
        self.send_header('Cache-Control', 'max-age=600')
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        ctype = self.guess_type(path)
        if (not os.path.isfile(path) or 'gzip' not in self.headers.get('Accept-Encoding', '')
                or not ctype.startswith(COMPRESSED_TYPES)):
            return super().send_head()
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns)
        if key not in self._cache:
            with open(path, 'rb') as f:
                self._cache[key] = gzip.compress(f.read(), compresslevel=6, mtime=0)
        body = self._cache[key]
        if self.headers.get('If-Modified-Since') == self.date_time_string(int(stat.st_mtime)):
            self.send_response(304)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Encoding', 'gzip')
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Last-Modified', self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)


class LocalSite:
    """The built site on http://127.0.0.1:<free port>, as a context manager. ``compress``:
    served as a host that compresses (GitHub Pages) serves it; otherwise as
    ``python -m http.server`` does (no compression, no cache header)."""

    def __init__(self, html_dir, compress=False):
        handler = _LikeGitHubPages if compress else _Quiet
        self.server = QuietServer(('127.0.0.1', 0), partial(handler, directory=str(html_dir)))
        self.url = f'http://127.0.0.1:{self.server.server_address[1]}'

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def _record(page) -> tuple[Visit, dict]:
    """Start counting network traffic of ``page`` through the Chrome DevTools Protocol."""
    visit = Visit()
    state = {'urls': {}, 'cached': set(), 'inflight': set(), 'last': time.monotonic()}
    cdp = page.context.new_cdp_session(page)
    cdp.send('Network.enable')

    def sent(event):
        rid = event['requestId']
        state['urls'][rid] = event['request']['url']
        state['inflight'].add(rid)
        state['last'] = time.monotonic()

    def from_cache(event):
        state['cached'].add(event['requestId'])

    def done(event):
        rid = event['requestId']
        state['inflight'].discard(rid)
        state['last'] = time.monotonic()
        url = state['urls'].get(rid, '')
        if rid in state['cached'] or url.startswith('data:'):
            return
        size = int(event.get('encodedDataLength', 0))
        visit.bytes += size
        visit.requests += 1
        visit.by_url[url] = visit.by_url.get(url, 0) + size

    def failed(event):
        state['inflight'].discard(event['requestId'])
        state['last'] = time.monotonic()

    def response(event):
        answer = event['response']
        if (answer.get('fromDiskCache') or answer.get('fromPrefetchCache')
                or answer.get('fromServiceWorker')):       # the worker's download counts instead
            state['cached'].add(event['requestId'])

    def by_the_worker(request):
        """A request of the service worker itself: Chromium's encodedDataLength (0 when it came
        from a cache) is Playwright's body size plus headers size."""
        if request.service_worker is None:
            return
        sizes = request.sizes()
        size = max(0, sizes['responseBodySize'] + sizes['responseHeadersSize'])
        state['last'] = time.monotonic()
        if size:
            visit.bytes += size
            visit.requests += 1
            visit.by_url[request.url] = visit.by_url.get(request.url, 0) + size

    cdp.on('Network.requestWillBeSent', sent)
    cdp.on('Network.requestServedFromCache', from_cache)
    cdp.on('Network.responseReceived', response)
    cdp.on('Network.loadingFinished', done)
    cdp.on('Network.loadingFailed', failed)
    page.context.on('requestfinished', by_the_worker)
    state['cdp'] = cdp
    state['stop'] = lambda: (cdp.detach(), page.context.remove_listener('requestfinished', by_the_worker))
    return visit, state


def _settle(page, state, quiet=0.6, limit=20.0):
    """Wait until no request has been in flight for ``quiet`` seconds."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        page.wait_for_timeout(100)
        if not state['inflight'] and time.monotonic() - state['last'] > quiet:
            return


TO_THE_END = """() => {
    document.querySelectorAll('img[loading=lazy], iframe[loading=lazy]')
        .forEach(e => { e.loading = 'eager'; });
    window.scrollTo(0, document.documentElement.scrollHeight);
}"""


def _read_to_the_end(page, state):
    """Everything a reader would load down to the end of the page: the lazy images are asked
    for at once (as scrolling through would), the page is scrolled to its end, and everything
    asked for arrives. The page may have grown meanwhile (fonts, figures): it is scrolled to its
    new end, and waited for again only if that asked for something within 0,2 s (the longest pause
    between two requests of a page, measured on every lesson and lab, was 0,05 s)."""
    page.wait_for_load_state('load')
    page.evaluate(TO_THE_END)
    _settle(page, state)
    asked = len(state['urls'])
    page.evaluate(TO_THE_END)
    page.wait_for_timeout(200)
    if len(state['urls']) > asked or state['inflight']:
        _settle(page, state)


def measure(page, url) -> Visit:
    """Bytes and requests of opening ``url`` in ``page`` (with what its context's cache already
    holds), read to its end, and its DOM elements then."""
    result, state = _record(page)
    page.goto(url, wait_until='load')
    _read_to_the_end(page, state)
    state['stop']()
    result.elements = page.evaluate("() => document.getElementsByTagName('*').length")
    return result


def visit(browser, base_url, page_name, after=None, viewport=None) -> Visit:
    """Bytes and requests of opening ``page_name`` (e.g. ``lessons/roc``) in a new profile,
    first opening ``after`` (e.g. ``intro``) when given and counting only the second visit.
    (The tests and the benchmark measure on the visits of tests/audits.py, with ``measure``.)"""
    context = browser.new_context(viewport=viewport or {'width': 1280, 'height': 800})
    try:
        page = context.new_page()
        if after:
            measure(page, f'{base_url}/{after}.html')        # read to its end; not counted
        result = measure(page, f'{base_url}/{page_name}.html')
        result.outside = [u for u in result.by_url if not u.startswith(base_url)]
        return result
    finally:
        context.close()
