"""One browser visit per built page and view: what the read-only checks of the site assert on,
measured once and kept beside the build (``_build/audits/<view>/<page>.json``).

A **view** is a way of opening a page: a screen (a computer's 1280 × 800, a phone's 390 × 844), its
pixel density, light or dark, with or without JavaScript, the server (as GitHub Pages serves the
site, gzip; or as a server that does not compress), and for the page weight after the home page,
the home page first. Each visit does, in order, what the checks of several test files used to do in
visits of their own, and writes down what they assert on: the bytes and requests of the visit, the
DOM's size, axe-core's violations, what overflows, is cut off or is too small, the names a screen
reader says, the figures shown and their text heights and contrast, the formulas as drawn, the
text a student sees around each Preveja, console errors and requests outside the site. The tests
(test_accessibility.py, test_figures_site.py, test_weight.py, test_preveja_leaks.py...) judge the
records; the judging (budgets, thresholds, which words are English) stays in the tests, so that a
change of a threshold does not need a new visit. MANUTENCAO.md ("Construir e testar") has the table
of which check moved here.

**A record is reused while its page is unchanged**, as the execution cache reuses a lesson's run:
it holds the digest of every file of the site that the visit loaded (the page's HTML, its
stylesheets, scripts, fonts, images, the service worker and what it fetched: everything Chromium
asked of the local server, a missing file included), of this file and the code it runs
(``scripts/pageweight.py``, axe-core, the tesseract binary's version, the Python environment) and
the browser's version. If any of them differs, the page is visited again. One exception, said here
and kept narrow: ``sw.js`` is compared without the value of its ``VERSION`` line. That value is a
digest of every file of the build (it changes with every edit of any page), and in the fresh
profile of a visit the worker only names its cache with it (``_ext/offline_sw.js``: with no older
cache, installing copies nothing). And a visit made after the home page keeps the home page's
``offline.json`` by its existence alone (``home_only``): it lists a digest of every file of the
build, so it too changes with any edit, and the home page only reads it to say the course's size;
what the page then downloads depends on what the home page loaded, not on that text. The home
page's own visit keeps of it what its box shows before anyone presses a button (``shown``: the
number of pages, the two sizes as the box writes them, whether there is anything to save); in a
fresh profile nothing else of it reaches the page (``tests/test_offline.py`` checks that text
with the same ``size``).
``pytest --fresh`` visits every page again (a record of this run is still shared by its tests); a
clean clone has no records.

Processes share the records: a file lock per record makes one process visit and the others wait
and read it, so a page is visited once per view in a run even when its tests run in different
processes.
"""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time
from contextlib import ExitStack
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import numpy as np
import reuse
from filelock import FileLock
from PIL import Image, ImageOps

ROOT = reuse.ROOT
sys.path.insert(0, str(ROOT / 'scripts'))
import pageweight  # noqa: E402

HTML = ROOT / '_build' / 'html'
RECORDS = ROOT / '_build' / 'audits'
AXE = ROOT / 'node_modules' / 'axe-core' / 'axe.min.js'
PHONE = {'width': 390, 'height': 844}
DESKTOP = {'width': 1280, 'height': 800}
MADE, REUSED = 'audits_made', 'audits_reused'        # notes for the run's summary (retry_report)

# ----------------------------------------------------------------------------- what a visit runs

# Every quiz question answered once (first option, a wrong number, an empty check), so that right,
# wrong and invalid feedback are all on the page.
ANSWER_QUIZZES = """() => {
    for (const q of document.querySelectorAll('.cq-q')) {
        const option = q.querySelector('.cq-options input[type=radio]');
        if (option) { option.click(); q.querySelector('.cq-check').click(); continue; }
        const number = q.querySelector('.cq-numeric input');
        if (number) { number.value = '0'; q.querySelector('.cq-check').click(); continue; }
        const check = q.querySelector('.cq-check');
        if (check) check.click();
    }
}"""

# axe reports every node of the result types asked for and at most one of the others: asking only
# for violations (all of them) halves its time on a lesson (1,5 -> 0,6 s here)
AXE_ONLY_VIOLATIONS = "resultTypes: ['violations']"

# a Preveja's answer shown as after a prediction (the calibration lab's is a chart, issue 21)
SHOW_ANSWERS = """() => { document.documentElement.classList.remove('preveja-js');
                          window.dispatchEvent(new Event('curso:revelado')); }"""
# ... and every "Mostrar" block open too
OPEN_ALL = """() => { document.documentElement.classList.remove('preveja-js');
                     document.querySelectorAll('details').forEach(d => d.open = true);
                     window.dispatchEvent(new Event('curso:revelado')); }"""
TWO_FRAMES = '() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))'

SMALL_TARGETS_JS = """() => Array.from(document.querySelectorAll(
        'input[type=range], input[type=radio], input[type=checkbox], .cq-check, .slides-poster button'))
    .filter(e => e.offsetParent !== null)
    .map(e => [e.id || e.className || e.type, e.getBoundingClientRect()])
    .filter(([_, r]) => r.height < 23.5 || r.width < 23.5)
    .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""

OVERFLOW_JS = """() => {
    const problems = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > innerWidth + 1)
        problems.push(`the page scrolls sideways: ${doc.scrollWidth} px in ${innerWidth} px`);
    const article = document.querySelector('article.bd-article').getBoundingClientRect();
    for (const box of document.querySelectorAll('.explorable, .cq-quiz, .slides-poster')) {
        const r = box.getBoundingClientRect();
        const name = box.id || box.className;
        if (r.left < article.left - 1 || r.right > article.right + 1)
            problems.push(`${name} is wider than the text column`);
        if (box.scrollWidth > box.clientWidth + 1)
            problems.push(`${name}: content ${box.scrollWidth} px in a ${box.clientWidth} px box`);
        for (const el of box.querySelectorAll('*')) {
            if (el.closest('.katex-mathml') || (el.closest('svg') && el.tagName !== 'svg')) continue;
            const e = el.getBoundingClientRect();
            if (e.width && (e.right > r.right + 1 || e.left < r.left - 1))
                problems.push(`${name}: "${(el.textContent || el.tagName).trim().slice(0, 60)}" sticks out`);
            const style = getComputedStyle(el);
            if (el.clientWidth && el.scrollWidth > el.clientWidth + 1 && style.overflowX === 'hidden')
                problems.push(`${name}: "${el.textContent.trim().slice(0, 60)}" is cut off`);
        }
    }
    return [...new Set(problems)];
}"""

# the previous and next pages' titles under the text: each whole, inside its link and the screen
TITLES_WHOLE = """() => Array.from(document.querySelectorAll('.prev-next-area a'), a => {
    const t = a.querySelector('.prev-next-title'), r = document.createRange();
    r.selectNodeContents(t);
    const box = a.getBoundingClientRect(), rects = Array.from(r.getClientRects());
    return {title: t.textContent.trim(), cut: a.scrollWidth > a.clientWidth + 1,
            inside: rects.every(x => x.left >= box.left - 0.5 && x.right <= box.right + 0.5
                                     && x.right <= innerWidth + 0.5)}; })"""

SEARCH_FIELDS = ('.search-button-field, .search-button, input[type=search], '
                 'form[role=search] input')

# What a screen reader says and what a reader sees around the lesson: names, tooltips, the chrome
NAMES_JS = """() => {
    const texts = [];
    const attrs = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext',
                   'title', 'alt', 'placeholder', 'data-bs-title', 'data-bs-original-title',
                   'data-tooltip', 'data-toggle-hint'];
    for (const el of document.querySelectorAll('*')) {
        for (const a of attrs) if (el.hasAttribute(a)) texts.push([a, el.getAttribute(a)]);
    }
    for (const t of document.querySelectorAll('svg title, svg desc')) texts.push(['svg', t.textContent]);
    for (const el of document.querySelectorAll('button, summary, label, legend, [role=button], '
                                               + '.tooltip, .dropdown-item, .btn'))
        texts.push([el.tagName.toLowerCase(), el.textContent]);
    const chrome = '.bd-header, .bd-header-article, .bd-sidebar-primary, .bd-sidebar-secondary, '
                 + 'footer, .prev-next-area, .bd-footer-article, #pst-back-to-top, dialog, '
                 + '.skip-link, #pst-skip-link';
    for (const el of document.querySelectorAll(chrome)) texts.push(['chrome', el.textContent]);
    return texts;
}"""

# Every figure of the page loaded (the lazy ones asked for at once): the file the browser chose
# among the renders, and whether it came.
FIGURES_SHOWN_JS = """async () => {
    const images = [...document.querySelectorAll('.cell_output img')];
    images.forEach(i => { i.loading = 'eager'; });
    await Promise.all(images.map(i => i.decode().catch(() => null)));
    return images.map(i => ({src: i.currentSrc, loaded: i.complete && i.naturalWidth > 0,
                             width: i.getBoundingClientRect().width}));
}"""

# Every table and printed block that scrolls sideways (framed or not yet), and what says so.
WIDE_BLOCKS_JS = """() => Array.from(document.querySelectorAll(
        '.bd-article .pst-scrollable-table-container, .bd-article div.highlight > pre, ' +
        '.bd-article div.highlight > .wide-frame > pre'))
    .filter(b => b.clientWidth && b.scrollWidth > b.clientWidth + 1)
    .map(b => {
        const frame = b.parentElement.classList.contains('wide-frame') ? b.parentElement : null;
        const hint = frame && frame.previousElementSibling;
        const next = frame && frame.nextElementSibling;    // a line of its own under it (not the next block's)
        const after = next && !(next.nextElementSibling && next.nextElementSibling.classList.contains('wide-frame')) ? next : null;
        const shownHint = h => h && h.classList.contains('wide-hint') && !h.hidden
                               && h.getBoundingClientRect().height > 0 ? h.textContent : null;
        return {text: b.textContent.trim().slice(0, 60), framed: !!frame, tab: b.tabIndex,
                cut: b.scrollWidth - b.clientWidth,
                kind: b.tagName !== 'PRE' ? 'table' : b.closest('.cell_output, .output') ? 'output' : 'code',
                hint: shownHint(hint), under: shownHint(after),
                right: frame && frame.classList.contains('more-right'),
                shadow: frame && getComputedStyle(frame, '::after').opacity};
    })"""

FORMULA_CUT_OFF_JS = """() => {
    const problems = [];
    for (const k of document.querySelectorAll('.katex-html')) {
        const column = (k.closest('.cq-quiz, .explorable, article')).getBoundingClientRect();
        const r = k.getBoundingClientRect();
        let scrolls = false;               // a formula may scroll sideways inside its own box
        for (let p = k; p; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX;
            if ((o === 'auto' || o === 'scroll') && p.getBoundingClientRect().right <= column.right + 1) {
                scrolls = true; break;
            }
        }
        if (r.left < column.left - 1)
            problems.push(`starts ${Math.round(column.left - r.left)} px left of its column: ${k.textContent.slice(0, 50)}`);
        else if (r.right > column.right + 1 && !scrolls)
            problems.push(`ends ${Math.round(r.right - column.right)} px right of its column: ${k.textContent.slice(0, 50)}`);
    }
    for (const m of document.querySelectorAll('span.math, div.math')) {
        if (m.scrollWidth > m.clientWidth + 1 && getComputedStyle(m).overflowX === 'hidden')
            problems.push(`cut off by its box: ${m.textContent.slice(0, 50)}`);
        if (m.scrollWidth > m.clientWidth + 1 && m.tabIndex !== 0)
            problems.push(`scrolls but a keyboard cannot reach it: ${m.textContent.slice(0, 50)}`);
    }
    return problems;
}"""

WIDE_FORMULAS_JS = """() => Array.from(document.querySelectorAll('div.math'))
    .filter(m => m.clientWidth && m.scrollWidth > m.clientWidth + 1)
    .map(m => `${m.scrollWidth} px in ${m.clientWidth} px: `
              + (m.querySelector('annotation') || m).textContent.trim().slice(0, 120))"""

# Each formula as KaTeX wrote it: its MathML's text (what a screen reader reads), the text drawn,
# its box
FORMULAS_JS = """() => Array.from(document.querySelectorAll('.katex')).map(k => {
    const math = k.querySelector('.katex-mathml math').cloneNode(true);
    math.querySelectorAll('annotation').forEach(a => a.remove());
    const html = k.querySelector('.katex-html'), box = html.getBoundingClientRect();
    return {mathml: math.textContent, shown: html.textContent,
            width: box.width, height: box.height,
            hidden: getComputedStyle(html).visibility === 'hidden'};
})"""

# A glued value's weight and its paragraph's (a value in bold, a glued clause as its prose)
GLUED_JS = """() => Array.from(document.querySelectorAll('span.pasted-text'),
    s => [s.textContent, getComputedStyle(s).fontWeight, getComputedStyle(s.parentElement).fontWeight])"""

# Figures: "Mostrar sem prever" pressed (a figure may be an answer) and every image asked for
REVEAL = """() => {
  document.querySelectorAll('button').forEach(b => {
    if (b.textContent.trim() === 'Mostrar sem prever') b.click(); });
  document.querySelectorAll('.cell_output img').forEach(i => { i.loading = 'eager'; });
}"""
# The page's fixed and sticky furniture (the header bars, "Voltar ao topo") is painted over a
# figure taller than the screen in an element screenshot; it is not the figure, so it is hidden
# (its space kept) while measuring.
NO_FURNITURE = """() => { for (const e of document.querySelectorAll('body *')) {
    const position = getComputedStyle(e).position;
    if ((position === 'fixed' || position === 'sticky') && !e.closest('.cell_output'))
        e.style.setProperty('visibility', 'hidden', 'important'); } }"""
SHOWN_JS = """() => [...document.querySelectorAll('.cell_output img')].map(i => ({
    src: i.currentSrc, width: i.getBoundingClientRect().width}))"""
BACKGROUND_JS = "() => getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"


def _visible_around_js() -> str:
    return (ROOT / 'tests' / 'visible_around.js').read_text(encoding='utf-8')


SCREENS = 1.5      # what a student sees within a screen and a half under a Preveja

# site.css cut by _ext/unused_css.py against the whole bundle: every element's drawing
STYLE_PROPERTIES = [
    'display', 'position', 'float', 'width', 'height', 'margin-top', 'margin-right', 'margin-bottom',
    'margin-left', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'color',
    'background-color', 'background-image', 'border-top-width', 'border-top-style', 'border-top-color',
    'border-bottom-width', 'border-left-width', 'border-left-color', 'border-right-width',
    'border-radius', 'box-shadow', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height',
    'text-align', 'text-decoration-line', 'white-space', 'overflow-x', 'overflow-y', 'opacity',
    'visibility', 'z-index', 'flex-direction', 'justify-content', 'align-items', 'gap',
    'grid-template-columns', 'transform', 'list-style-type', 'cursor', 'outline-style', 'mask-image']
STYLE_PSEUDO = ['content', 'display', 'color', 'background-color', 'mask-image', 'font-family']
STYLES_JS = """([props, pseudo]) => {
    document.documentElement.classList.remove('preveja-js');
    document.querySelectorAll('details').forEach(d => d.open = true);
    return Array.from(document.querySelectorAll('body *'), e => {
        const cs = getComputedStyle(e);
        let s = props.map(p => cs.getPropertyValue(p)).join(';');
        for (const pe of ['::before', '::after']) {
            const c = getComputedStyle(e, pe);
            s += '|' + pseudo.map(p => c.getPropertyValue(p)).join(';');
        }
        const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                     (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
        return [name, s];
    });
}"""

# ----------------------------------------------------------------------------- figures' pixels


def luminance(rgb):
    a = np.asarray(rgb, dtype=float) / 255
    lin = np.where(a <= 0.03928, a / 12.92, ((a + 0.055) / 1.055) ** 2.4)
    return lin @ [0.2126, 0.7152, 0.0722]


def words(image):
    """Tesseract's words of a screenshot (dark text on light: a dark one is inverted first):
    (text, x, y, width, height) in image pixels."""
    grey = ImageOps.grayscale(image)
    if np.median(np.asarray(grey)) < 128:
        grey = ImageOps.invert(grey)
    buffer = io.BytesIO()
    grey.save(buffer, 'PNG')
    # one thread: the same words, 5 times faster here (OpenMP's threads spin on a busy machine)
    out = subprocess.run(['tesseract', '-', '-', '--psm', '11', 'tsv'], input=buffer.getvalue(),
                         capture_output=True, check=True, env=dict(os.environ, OMP_THREAD_LIMIT='1')).stdout.decode()
    found = []
    for row in out.splitlines()[1:]:
        cells = row.split('\t')
        if len(cells) == 12 and float(cells[10]) > 70 and re.fullmatch(r'[A-Za-zÀ-ú]{3,}', cells[11]):
            found.append((cells[11], *map(int, cells[6:10])))
    return found


def _screenshots(pg):
    pg.evaluate(NO_FURNITURE)
    for img in pg.query_selector_all('.cell_output img'):
        img.scroll_into_view_if_needed()
        yield Image.open(io.BytesIO(img.screenshot())).convert('RGB')


def _reveal_figures(pg):
    pg.evaluate(REVEAL)
    pg.wait_for_function("""() => [...document.querySelectorAll('.cell_output img')]
                                  .every(i => i.complete && i.naturalWidth > 0)""", timeout=20000)
    # loaded is not yet decoded: on a busy machine a screenshot once caught a dark figure blank
    pg.evaluate("() => Promise.all([...document.querySelectorAll('.cell_output img')].map(i => i.decode()))")


def figure_text_heights(pg, scale):
    """The height, in CSS px, of each word tesseract reads on each figure as shown."""
    return [[h / scale for *_, h in words(image)] for image in _screenshots(pg)]


def dark_figures(pg):
    """Each figure as shown in dark mode: its corners' and median luminance, and each word
    tesseract reads with the luminance of its ink and of the pixels around it."""
    out = []
    for image in _screenshots(pg):
        lum = luminance(np.asarray(image))
        found = []
        for text, x, y, w, h in words(image):
            ink = lum[y:y + h, x:x + w].max()
            around = np.concatenate([lum[max(y - 3, 0), x:x + w], lum[min(y + h + 2, len(lum) - 1), x:x + w]])
            found.append({'text': text, 'ink': float(ink), 'back': float(np.median(around))})
        out.append({'corners': [float(lum[0, 0]), float(lum[0, -1]), float(lum[-1, 0]), float(lum[-1, -1])],
                    'median': float(np.median(lum)), 'words': found})
    return out


# ----------------------------------------------------------------------------- the views


def _axe(pg, options=''):
    if not AXE.is_file():
        raise RuntimeError('axe-core não está em node_modules: rode "npm ci" (README, "Os dois comandos")')
    pg.add_script_tag(path=str(AXE))
    found = pg.evaluate(f"axe.run(document, {{{AXE_ONLY_VIOLATIONS}, {options}}})")['violations']
    return [{'id': v['id'], 'impact': v['impact'], 'help': v['help'],
             'nodes': [{'target': n['target'], 'failureSummary': n.get('failureSummary', '')} for n in v['nodes']]}
            for v in found]


class Visit:
    """One page opened in a new context of ``browser``; every URL Chromium asks of ``base`` (the
    page, its frames, its service worker) is kept for the record's key, every other one too (as
    asked outside the site), and console errors from the start."""

    def __init__(self, browser, base, context_options, mode=None):
        self.base = base
        self.context = browser.new_context(**context_options)
        if mode:
            self.context.add_init_script(f"localStorage.setItem('mode', '{mode}');"
                                         f"localStorage.setItem('theme', '{mode}');")
        self.asked = []
        self.context.on('request', lambda r: self.asked.append(r.url))
        self.page = self.context.new_page()
        self.console = []
        self.page.on('console', lambda m: m.type == 'error' and self.console.append(m.text))
        self.page.on('pageerror', lambda e: self.console.append(str(e)))

    def open(self, name, weigh=True):
        """Open ``name``; when ``weigh``, read it to its end (every lazy image asked for) and
        return its weight as scripts/pageweight.py measures it (the budget's measurement)."""
        url = f'{self.base}/{name}.html'
        if not weigh:
            self.page.goto(url, wait_until='load')
            return None
        w = pageweight.measure(self.page, url)
        return {'bytes': w.bytes, 'requests': w.requests, 'by_url': w.by_url, 'elements': w.elements}

    def outside(self):
        return sorted({u for u in self.asked if not u.startswith((self.base, 'data:', 'blob:'))})

    def close(self):
        self.context.close()


def back_to_the_top(pg):
    """The page read to its end (the weight) taken back to the top as it was opened, its scroll
    handled before anything else moves it: the theme shows "Voltar ao topo" when the reader scrolls
    up, and a jump from the end to a quiz's feedback would read as that."""
    pg.evaluate('window.scrollTo(0, 0)')
    pg.evaluate(TWO_FRAMES)


def desktop(browser, sites, name):
    """1280 × 800, light, as GitHub Pages serves it: the first visit's weight (read to its end),
    then, with every quiz answered, axe and the page's names and fields; with the answers shown,
    what overflows, the formulas, the figures."""
    v = Visit(browser, sites['gzip'], {'viewport': DESKTOP}, mode='light')
    try:
        pg = v.page
        out = {'weight': v.open(name)}
        pg.wait_for_load_state('networkidle')
        out['console'] = list(v.console)
        out['theme'] = pg.evaluate('document.documentElement.dataset.theme')
        out['title'] = pg.locator('article h1').first.is_visible()
        out['placeholders'] = pg.evaluate("() => Array.from(document.querySelectorAll('[placeholder]'), e => e.placeholder)")
        out['glued'] = pg.evaluate(GLUED_JS)
        out['katex_count'] = pg.locator('.katex').count()
        pg.evaluate('document.fonts.ready')
        out['katex_font'] = pg.evaluate("document.fonts.check('16px KaTeX_Main')")
        back_to_the_top(pg)
        pg.evaluate(ANSWER_QUIZZES)
        out['axe'] = _axe(pg)
        out['search'] = sum(e.is_visible() for e in pg.locator(SEARCH_FIELDS).all())
        out['names'] = pg.evaluate(NAMES_JS)
        pg.evaluate(SHOW_ANSWERS)
        pg.evaluate(TWO_FRAMES)
        out['overflow'] = pg.evaluate(OVERFLOW_JS)
        out['cut_off'] = pg.evaluate(FORMULA_CUT_OFF_JS)
        out['katex_errors'] = pg.locator('.katex-error').count()
        out['formulas'] = pg.evaluate(FORMULAS_JS)
        out['figures'] = pg.evaluate(FIGURES_SHOWN_JS)
        out['outside'] = v.outside()
        return out, v.asked
    finally:
        v.close()


def desktop_dark(browser, sites, name):
    """1280 × 800 at 3 device pixels, dark: axe with every quiz answered; the figures (each
    shown, its pixels and words) with the answers shown."""
    v = Visit(browser, sites['gzip'], {'viewport': DESKTOP, 'device_scale_factor': 3}, mode='dark')
    try:
        pg = v.page
        v.open(name, weigh=False)
        pg.wait_for_function('document.readyState === "complete"')
        out = {'theme': pg.evaluate('document.documentElement.dataset.theme')}
        pg.evaluate(ANSWER_QUIZZES)
        out['axe'] = _axe(pg)
        _reveal_figures(pg)
        out['shown'] = pg.evaluate(SHOWN_JS)
        out['background'] = float(luminance(pg.evaluate(BACKGROUND_JS)))
        out['dark_figures'] = dark_figures(pg)
        out['outside'] = v.outside()
        return out, v.asked
    finally:
        v.close()


def phone(browser, sites, name):
    """A phone, 390 × 844 at 3 device pixels, light, as GitHub Pages serves it: the weight of a
    first visit (read to its end); with every quiz answered, the touch targets (axe's target-size,
    at the top of the page), the names and fields, and the previous and next titles; with the answers shown, what overflows, the
    formulas too wide, what scrolls sideways and says so (every block open); the figures shown
    and the height of their words."""
    v = Visit(browser, sites['gzip'], {'viewport': PHONE, 'device_scale_factor': 3}, mode='light')
    try:
        pg = v.page
        out = {'weight': v.open(name), 'theme': pg.evaluate('document.documentElement.dataset.theme')}
        back_to_the_top(pg)
        pg.evaluate(ANSWER_QUIZZES)
        # at the top of the page: answering scrolls it, and a control that happens to sit under
        # the sticky header at that moment is "obscured" for axe, wherever it is in the page
        pg.evaluate('window.scrollTo(0, 0)')
        out['axe'] = _axe(pg, "runOnly: ['target-size']")
        out['small'] = pg.evaluate(SMALL_TARGETS_JS)
        out['search'] = sum(e.is_visible() for e in pg.locator(SEARCH_FIELDS).all())
        out['names'] = pg.evaluate(NAMES_JS)
        out['titles'] = pg.evaluate(TITLES_WHOLE)
        pg.evaluate(SHOW_ANSWERS)
        pg.evaluate(TWO_FRAMES)
        out['overflow'] = pg.evaluate(OVERFLOW_JS)
        out['cut_off'] = pg.evaluate(FORMULA_CUT_OFF_JS)
        out['wide_formulas'] = pg.evaluate(WIDE_FORMULAS_JS)
        pg.add_style_tag(content='.wide-frame::before, .wide-frame::after { transition: none !important; }')
        pg.evaluate(OPEN_ALL)
        pg.wait_for_timeout(100)        # the shadow's 0,15 s fade is off: it is read at its end state
        out['wide'] = pg.evaluate(WIDE_BLOCKS_JS)
        _reveal_figures(pg)
        out['shown'] = pg.evaluate(SHOWN_JS)
        out['text_heights'] = figure_text_heights(pg, 3)
        out['outside'] = v.outside()
        return out, v.asked
    finally:
        v.close()


def phone_dark(browser, sites, name):
    """The phone in dark mode (3 device pixels): the figures shown, their pixels and words."""
    v = Visit(browser, sites['gzip'], {'viewport': PHONE, 'device_scale_factor': 3}, mode='dark')
    try:
        pg = v.page
        v.open(name, weigh=False)
        _reveal_figures(pg)
        out = {'theme': pg.evaluate('document.documentElement.dataset.theme'),
               'shown': pg.evaluate(SHOWN_JS), 'background': float(luminance(pg.evaluate(BACKGROUND_JS))),
               'dark_figures': dark_figures(pg), 'outside': v.outside()}
        return out, v.asked
    finally:
        v.close()


def phone_touch(browser, sites, name):
    """A touch phone (390 × 844, mobile), as loaded, nothing touched, every explorable mounted: the
    text a student sees around each Preveja before predicting (tests/visible_around.js)."""
    v = Visit(browser, sites['gzip'], {'viewport': PHONE, 'is_mobile': True, 'has_touch': True})
    try:
        pg = v.page
        v.open(name, weigh=False)
        pg.wait_for_function('''() => [...document.querySelectorAll("div.explorable")]
                                .every(e => e.hasAttribute("data-mounted"))''')
        out = {'prevejas': pg.evaluate(_visible_around_js(), SCREENS), 'outside': v.outside()}
        return out, v.asked
    finally:
        v.close()


def home_only(asked, first):
    """The URLs of a visit whose first ``first`` requests were the home page's: the home page's
    ``offline.json`` (the manifest its "Guardar o curso" box reads, with cache: 'no-cache', to say
    the course's size) kept by its existence alone, unless the page asked for it too."""
    later = set(asked[first:])
    return [u + EXISTS if k < first and urlsplit(u).path.endswith('/' + MANIFEST) and u not in later else u
            for k, u in enumerate(asked)]


def _weight_only(server, after=None, viewport=DESKTOP):
    def visit(browser, sites, name):
        v = Visit(browser, sites[server], {'viewport': viewport})
        try:
            first = 0
            if after:
                v.open(after)
                first = len(v.asked)
            out = {'weight': v.open(name), 'outside': v.outside()}
            return out, home_only(v.asked, first)
        finally:
            v.close()
    visit.__doc__ = (f'The weight of a visit ({"after " + after if after else "first visit"}, '
                     f'{server}, {viewport["width"]} px): bytes, requests, DOM elements.')
    return visit


def no_script(browser, sites, name):
    """Without JavaScript (1280 × 800): is every Preveja's answer on the page?"""
    v = Visit(browser, sites['gzip'], {'viewport': DESKTOP, 'java_script_enabled': False})
    try:
        v.open(name, weigh=False)
        answers = [a.is_visible() for a in v.page.locator('div.preveja-resposta').all()]
        return {'answers': answers, 'outside': v.outside()}, v.asked
    finally:
        v.close()


GUARDAR_SETTLED = """() => { const s = document.querySelector('.guardar-curso-estado');
    return !s || !(s.textContent.includes('JavaScript') || s.textContent.startsWith('Calculando')); }"""


def _serving(body):
    """A route that answers with ``body`` as a stylesheet."""
    return lambda route: route.fulfill(body=body, content_type='text/css')


def _styles(width, scheme):
    def visit(browser, sites, name):
        """Every element's drawing with the cut site.css and with the whole bundle."""
        import unused_css
        whole = ROOT / '_build' / '.doctrees' / unused_css.WHOLE
        asked, drawn = [], {}
        for which in ('cut', 'whole'):
            v = Visit(browser, sites['plain'], {'viewport': {'width': width, 'height': 900},
                                                'color_scheme': scheme, 'service_workers': 'block'})
            try:
                if which == 'whole':
                    v.context.route('**/_static/site.css*', _serving(whole.read_bytes()))
                pg = v.page
                v.open(name, weigh=False)
                # the home page's "Guardar o curso" box says the course's size once offline.json has
                # come (first it says it needs JavaScript, then that it is counting: a drawing made
                # meanwhile, on a busy machine, lacked its buttons)
                pg.wait_for_function(GUARDAR_SETTLED)
                pg.wait_for_timeout(200)              # the deferred scripts' first drawing
                drawn[which] = pg.evaluate(STYLES_JS, [STYLE_PROPERTIES, STYLE_PSEUDO])
                asked += v.asked
            finally:
                v.close()
        names = STYLE_PROPERTIES + [f'{pe}{p}' for pe in ('::before ', '::after ') for p in STYLE_PSEUDO]
        differ = [(n, [(p, x, y) for p, x, y in zip(names, a.replace('|', ';').split(';'), b.replace('|', ';').split(';'))
                       if x != y][:3])
                  for (n, a), (_, b) in zip(drawn['cut'], drawn['whole']) if a != b]
        out = {'same_elements': [n for n, _ in drawn['cut']] == [n for n, _ in drawn['whole']],
               'elements': len(drawn['cut']), 'differ': differ}
        return out, asked + [str(whole)]
    return visit


VIEWS = {
    'desktop': desktop,
    'desktop-dark': desktop_dark,
    'phone': phone,
    'phone-dark': phone_dark,
    'phone-touch': phone_touch,
    'desktop-plain': _weight_only('plain'),
    'desktop-after-home': _weight_only('gzip', after='intro'),
    'desktop-plain-after-home': _weight_only('plain', after='intro'),      # the benchmark's fourth column
    'phone-after-home': _weight_only('gzip', after='intro', viewport=PHONE),
    'no-script': no_script,
    'styles-390-light': _styles(390, 'light'),
    'styles-390-dark': _styles(390, 'dark'),
    'styles-1280-light': _styles(1280, 'light'),
}

# ----------------------------------------------------------------------------- records

CODE = [Path(__file__), ROOT / 'tests' / 'visible_around.js', ROOT / 'tests' / 'reuse.py',
        ROOT / 'scripts' / 'pageweight.py', AXE]
MANIFEST, EXISTS, SHOWN = 'offline.json', '#exists', '#shown'
# as _ext/offline.py writes it: the placeholder replaced by json.dumps of the version (double quotes)
VERSION_LINE = re.compile(rb"""^const VERSION = (["'])[0-9a-f]*\1;$""", re.M)


@lru_cache(maxsize=None)
def tesseract_version() -> str:
    try:
        return subprocess.run(['tesseract', '--version'], capture_output=True, text=True).stdout.split('\n')[0]
    except FileNotFoundError:
        return 'none'


@lru_cache(maxsize=None)
def code_digest() -> str:
    return reuse.digest([reuse.files_digest(CODE), tesseract_version(), reuse.environment()])


def size(n) -> str:
    """A size as the "Guardar o curso" box writes it (``_static/offline.js``, ``size``)."""
    from course.fmt import num
    return f'{num(max(1, round(n / 1e3)), 0)} kB' if n < 1e6 else f'{num(n / 1e6, 1)} MB'


def shown(manifest: dict) -> list:
    """What the home page's box shows of ``offline.json`` before a button is pressed."""
    return [manifest['pages'], size(manifest['bytes']), size(manifest['sent']), bool(manifest['files'])]


def _dep_digest(path: Path) -> str:
    if path.name.endswith(SHOWN):                          # see the module's docstring
        try:
            return reuse.digest(shown(json.loads(path.with_name(MANIFEST).read_bytes())))
        except FileNotFoundError:
            return 'missing'
    if path.name.endswith(EXISTS):                         # see the module's docstring
        # os.access: a check of existence that tests/result_reuse.py does not count as reading it
        return 'present' if os.access(path.with_name(path.name[:-len(EXISTS)]), os.F_OK) else 'missing'
    if path.name == 'sw.js' and path.parent == HTML:      # see the module's docstring
        try:
            return reuse.digest(VERSION_LINE.sub(b"const VERSION = '';", path.read_bytes()).decode('utf-8'))
        except FileNotFoundError:
            return 'missing'
    return reuse.file_digest(path)


def _dep_path(url: str, bases) -> Path | None:
    for mark in (EXISTS, SHOWN):
        if url.endswith(mark):
            path = _dep_path(url[:-len(mark)], bases)
            return path and path.with_name(path.name + mark)
    if url.startswith('/'):
        return Path(url)                     # a file the visit read itself (the whole bundle)
    for base in bases:
        if url.startswith(base):
            path = unquote(urlsplit(url).path)
            relative = path[len(urlsplit(base).path):].lstrip('/')
            if relative == '' or relative.endswith('/'):
                relative += 'index.html'
            return HTML / relative
    return None


def deps_of(asked, bases) -> dict[str, str]:
    asked = [u + SHOWN if not u.endswith(EXISTS) and urlsplit(u).path.endswith('/' + MANIFEST) else u for u in asked]
    paths = {p for p in (_dep_path(u, bases) for u in asked) if p is not None}
    out = {}
    for path in sorted(paths):
        try:
            name = str(path.relative_to(ROOT))
        except ValueError:
            name = str(path)
        out[name] = _dep_digest(path)
    return out


@lru_cache(maxsize=None)
def browser_version() -> str:
    """The browser the visits run in: its binary, its version and the switches it is launched with."""
    from chromium_flags import CHROMIUM, TEST_ARGS
    try:
        out = subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()
    except FileNotFoundError:
        out = 'missing'
    return reuse.digest([CHROMIUM, out, TEST_ARGS])


def still_valid(record, version) -> bool:
    if record is None or record.get('code') != code_digest():
        return False
    # every file is compared, also for a record of this run (a test that reads it reads them:
    # tests/result_reuse.py)
    same = [_dep_digest(ROOT / name if not name.startswith('/') else Path(name)) == digest
            for name, digest in record.get('deps', {}).items()]
    run = os.environ.get('COURSE_SITE_RUN')
    if run and record.get('run') == run:
        return True                          # made by this run: shared by its tests
    if reuse.fresh() or record.get('browser') != version:
        return False
    return all(same)


def record_path(view: str, page: str) -> Path:
    return RECORDS / view / f'{page}.json'


class Auditor:
    """The records of one process: ``get(page, view)`` reads a valid record or makes it (one
    visit). The browser is started only when a page must be visited, and the local servers with it."""

    def __init__(self, get_browser):
        self._get_browser = get_browser
        self._sites = None
        self._stack = ExitStack()
        self.made, self.reused = [], []

    def sites(self):
        if self._sites is None:
            gzip_site = self._stack.enter_context(pageweight.LocalSite(HTML, compress=True))
            plain_site = self._stack.enter_context(pageweight.LocalSite(HTML))
            self._sites = {'gzip': gzip_site.url, 'plain': plain_site.url}
        return self._sites

    def get(self, page: str, view: str) -> dict:
        path = record_path(view, page)
        version = browser_version()
        record = reuse.read(path)
        if not still_valid(record, version):
            path.parent.mkdir(parents=True, exist_ok=True)
            with FileLock(str(path.with_suffix('.lock'))):
                record = reuse.read(path)
                if not still_valid(record, version):
                    record = self._make(page, view, path)
                    self.made.append(f'{view}/{page}')
                    return record['data']
        self.reused.append(f'{view}/{page}')
        return record['data']

    def _make(self, page, view, path):
        browser = self._get_browser()
        started = time.monotonic()
        data, asked = VIEWS[view](browser, self.sites(), page)
        record = {'page': page, 'view': view, 'code': code_digest(), 'browser': browser_version(),
                  'run': os.environ.get('COURSE_SITE_RUN'), 'seconds': round(time.monotonic() - started, 2),
                  'deps': deps_of(asked, list(self.sites().values())), 'data': data}
        reuse.write(path, record)
        return record

    def close(self):
        self._stack.close()


def summary(values, notes):
    made, reused = set(notes.get(MADE, [])), set(notes.get(REUSED, [])) - set(notes.get(MADE, []))
    if not made and not reused:
        return []
    return [f'audits of built pages: {len(made)} made (one visit each), {len(reused)} reused '
            f'(page, its files, the audit code and the browser unchanged; _build/audits/)']
