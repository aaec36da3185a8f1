"""Accessibility of the built site in Chromium: axe-core on every page (light and dark mode,
with the quizzes' feedback showing), the slides, touch targets and overflow on a phone, visible
keyboard focus, one search field, and no English left in the interface. On the same visits of
each page: no console error or request outside the site, what scrolls sideways on a phone says
so, no formula is cut off or wider than a phone, and a wide screen shows the figures' desktop render.

axe-core comes from npm (package.json; ``npm ci``), injected into the page by the test.
"""
from pathlib import Path

import pytest
from interface_english import english_in
from test_figures_site import LESSONS, render_name
from test_phone import CUT, OPEN_ALL

from conftest import ROOT, recording_page, toc_pages

AXE = ROOT / 'node_modules' / 'axe-core' / 'axe.min.js'
PHONE = {'width': 390, 'height': 844}
DESKTOP = {'width': 1280, 'height': 900}
BLOCKING = ('serious', 'critical')


def axe_script() -> Path:
    if not AXE.is_file():
        pytest.fail('axe-core não está em node_modules: rode "npm ci" (README, "Os dois comandos")')
    return AXE


def open_page(page, name, viewport=DESKTOP, mode='light'):
    page.set_viewport_size(viewport)
    page.context.add_init_script(f"localStorage.setItem('mode', '{mode}');"
                                 f"localStorage.setItem('theme', '{mode}');")
    page.goto(f'{page.site_url}/{name}.html', wait_until='load')
    page.wait_for_function('document.readyState === "complete"')
    assert page.evaluate('document.documentElement.dataset.theme') == mode


def answer_quizzes(page):
    """Every quiz question answered once (first option, a wrong number, an empty check), so that
    right, wrong and invalid feedback are all on the page."""
    page.evaluate("""() => {
        for (const q of document.querySelectorAll('.cq-q')) {
            const option = q.querySelector('.cq-options input[type=radio]');
            if (option) { option.click(); q.querySelector('.cq-check').click(); continue; }
            const number = q.querySelector('.cq-numeric input');
            if (number) { number.value = '0'; q.querySelector('.cq-check').click(); continue; }
            const check = q.querySelector('.cq-check');
            if (check) check.click();
        }
    }""")


# axe reports every node of the result types asked for and at most one of the others: asking only
# for violations (all of them) halves its time on a lesson (1,5 -> 0,6 s here)
AXE_ONLY_VIOLATIONS = "resultTypes: ['violations']"


def run_axe(page, options='', context='document'):
    page.add_script_tag(path=str(axe_script()))
    return page.evaluate(f"axe.run({context}, {{{AXE_ONLY_VIOLATIONS}, {options}}})")['violations']


def describe(violations):
    return '\n'.join(f"{v['impact']} {v['id']}: {v['help']} — "
                     + '; '.join(' '.join(n['target']) + ' (' + n['failureSummary'].split('\n')[-1].strip()[:160] + ')'
                                 for n in v['nodes'][:4])
                     for v in violations)


SHOW_ANSWERS = """() => { document.documentElement.classList.remove('preveja-js');
                          window.dispatchEvent(new Event('curso:revelado')); }"""


# Each page is opened once per set-up (desktop light, desktop dark, phone) and everything is
# measured on that load; the tests below each judge one aspect of it (the checks of other files
# that read every page at these widths are here too, so that a page is not opened for each).
SETUPS = {'desktop-light': (DESKTOP, 'light'), 'desktop-dark': (DESKTOP, 'dark'),
          'phone': (PHONE, 'light')}
_AUDITS = {}


def _audit(browser, site_url, page_name, setup):
    viewport, mode = SETUPS[setup]
    page = recording_page(browser, [site_url, 'data:'])
    page.site_url = site_url
    try:
        open_page(page, page_name, viewport=viewport, mode=mode)
        found = {}
        if setup == 'desktop-light':                  # as loaded, before anyone touches it
            page.wait_for_load_state('networkidle')
            found['console'] = list(page.console_errors)
            found['title'] = page.locator('article h1').first.is_visible()
        answer_quizzes(page)
        if setup == 'phone':
            # at the top of the page: answering scrolls it, and a control that happens to sit under
            # the sticky header at that moment is "obscured" for axe, wherever it is in the page
            page.evaluate('window.scrollTo(0, 0)')
            found['axe'] = run_axe(page, "runOnly: ['target-size']")
            found['small'] = page.evaluate(SMALL_TARGETS_JS)
        else:
            found['axe'] = run_axe(page)
        if mode == 'light':
            found['search'] = sum(e.is_visible() for e in page.locator(SEARCH_FIELDS).all())
            found['english'] = english_in(page.evaluate(NAMES_JS))
            # measured as a student who has predicted sees the page: a Preveja's answer (the
            # calibration lab is one, issue 21) shown, its charts redrawn at their width
            page.evaluate(SHOW_ANSWERS)
            page.evaluate('() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))')
            found['overflow'] = page.evaluate(OVERFLOW_JS)
            found['cut_off'] = page.evaluate(FORMULA_CUT_OFF_JS)
        if setup == 'desktop-light':                  # last: it loads every figure
            found['figures'] = page.evaluate(FIGURES_SHOWN_JS)
        if setup == 'phone':
            found['wide_formulas'] = page.evaluate(WIDE_FORMULAS_JS)
            page.add_style_tag(content='.wide-frame::before, .wide-frame::after { transition: none !important; }')
            page.evaluate(OPEN_ALL)
            page.wait_for_timeout(100)        # the shadow's 0,15 s fade is off: it is read at its end state
            found['wide'] = page.evaluate(WIDE_BLOCKS_JS)
        found['outside'] = page.outside_requests
        return found
    finally:
        page.context.close()


@pytest.fixture
def audit(browser, site_url):
    def get(page_name, setup):
        if (page_name, setup) not in _AUDITS:
            _AUDITS[page_name, setup] = _audit(browser, site_url, page_name, setup)
        return _AUDITS[page_name, setup]
    return get


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_axe_finds_no_serious_violation(audit, page_name, mode):
    """axe-core's rules, every quiz answered (right, wrong and invalid feedback showing)."""
    found = audit(page_name, f'desktop-{mode}')
    violations = [v for v in found['axe'] if v['impact'] in BLOCKING]
    assert violations == [], f'{page_name} ({mode}):\n{describe(violations)}'
    assert found['outside'] == []


@pytest.mark.slow
@pytest.mark.parametrize('deck', ['fundamental', 'avancada'])
def test_axe_on_the_slides(page, deck):
    """Every slide at once: the deck's overview (Esc) shows them all."""
    page.goto(f'{page.site_url}/slides/{deck}.html', wait_until='load')
    page.wait_for_function('window.Reveal && Reveal.isReady()')
    violations = [v for v in run_axe(page) if v['impact'] in BLOCKING]
    page.keyboard.press('Escape')
    page.wait_for_function('Reveal.isOverview()')
    page.wait_for_timeout(800)                    # the overview's zoom-out transition
    violations += [v for v in page.evaluate(f'axe.run(document, {{{AXE_ONLY_VIOLATIONS}}})')['violations']
                   if v['impact'] in BLOCKING]
    assert violations == [], f'slides/{deck}:\n{describe(violations)}'


# ----------------------------------------------------------------------------- phone

SMALL_TARGETS_JS = """() => Array.from(document.querySelectorAll(
        'input[type=range], input[type=radio], input[type=checkbox], .cq-check, .slides-poster button'))
    .filter(e => e.offsetParent !== null)
    .map(e => [e.id || e.className || e.type, e.getBoundingClientRect()])
    .filter(([_, r]) => r.height < 23.5 || r.width < 23.5)
    .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_touch_targets_on_a_phone(audit, page_name):
    """WCAG 2.5.8 (axe's target-size: 24 px, or enough space around), and every slider and quiz
    option at least 24 px by itself."""
    found = audit(page_name, 'phone')
    assert found['axe'] == [], f'{page_name}:\n{describe(found["axe"])}'
    assert found['small'] == [], f'{page_name}: targets smaller than 24 px: {found["small"]}'


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


@pytest.mark.slow
@pytest.mark.parametrize('setup', ['desktop-light', 'phone'], ids=['1280px', '390px'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_nothing_overflows(audit, page_name, setup):
    """No sideways scrolling of the page; explorables, quizzes and the slides poster fit their
    box and the text column (code and wide tables scroll inside their own frame, by design)."""
    assert audit(page_name, setup)['overflow'] == []


# ----------------------------------------------------------------------------- desktop

SEARCH_FIELDS = ('.search-button-field, .search-button, input[type=search], '
                 'form[role=search] input')


@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_one_search_field(audit, page_name):
    """One search field at desktop width (the theme showed one in a top bar and one in the
    sidebar), one search button on a phone."""
    assert audit(page_name, 'desktop-light')['search'] == 1
    assert audit(page_name, 'phone')['search'] == 1


FOCUSABLE = [
    '.bd-sidebar-primary nav a',                  # the lessons in the sidebar
    '.search-button-field',                       # the search field
    '.theme-switch-button',                       # colour mode
    '.article-header-buttons .dropdown-toggle',   # download, Colab
    'article a.reference',                        # a link in the text
    'details.hide summary',                       # "Mostrar o código"
    '.explorable input[type=range]',              # a slider
    '.cq-options input',                          # a quiz option
    '.cq-check',                                  # "Conferir"
    '.slides-poster button',                      # the slides
]


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_keyboard_focus_is_visible(page, mode):
    """A keyboard user sees where the focus is: an outline (or a ring) around each control. The
    fundamental metrics lesson is in parts: part 5 has the explorables and the "Mostrar o código"
    cells (inside its Preveja answers: shown first, as after a prediction), parts 7 and 8 the hand
    calculations' boxes, part 8 the slides' poster; each control is checked on the first of them
    that has it."""
    missing, left = [], list(FOCUSABLE)
    for part in ('lessons/metricas-fundamental-limiar', 'lessons/metricas-fundamental-a-mao',
                 'lessons/metricas-fundamental-exercicio'):
        open_page(page, part, mode=mode)
        page.evaluate(SHOW_ANSWERS)
        page.keyboard.press('Tab')                    # keyboard navigation (:focus-visible)
        here = [selector for selector in left if page.locator(selector).count()]
        left = [selector for selector in left if selector not in here]
        missing += _focus_missing(page, here)
    assert left == [], f'nothing matches {left}'
    assert missing == [], f'focus not visible ({mode}): {missing}'


def _focus_missing(page, selectors):
    missing = []
    for selector in selectors:
        target = page.locator(selector).first
        target.scroll_into_view_if_needed()
        target.focus()
        ring = page.evaluate("""() => {
            const e = document.activeElement, s = getComputedStyle(e);
            const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
            return {outline, shadow: s.boxShadow !== 'none', visible: e.matches(':focus-visible'),
                    color: s.outlineColor};
        }""")
        if not ring['visible'] or not (ring['outline'] or ring['shadow']):
            missing.append(f'{selector} {ring}')
    return missing


# ----------------------------------------------------------------------------- Portuguese

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


@pytest.mark.slow
@pytest.mark.parametrize('setup', ['desktop-light', 'phone'], ids=['1280px', '390px'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_no_english_in_the_interface(audit, page_name, setup):
    """Names, tooltips and the site's chrome (what a screen reader says and what a reader sees
    around the lesson) are Portuguese, after the theme's scripts have run."""
    assert audit(page_name, setup)['english'] == []


def test_english_detector_catches_the_themes_words():
    """The six names the issue heard from a screen reader are caught (the test can fail)."""
    for name in ['Site navigation', 'On this page', 'Toggle primary sidebar',
                 'Toggle secondary sidebar', 'Page', 'Toggle hidden content', 'Copy to clipboard']:
        assert english_in([('aria-label', name)]), name
    assert english_in([('aria-label', 'Mostrar ou esconder a navegação'),
                       ('title', 'Link para esta equação'), ('svg', 'P01: escore 0,95, TP')]) == []


# ----------------------------------------------------------------------------- on the same visits
# Checks of the phone, the formulas and the offline site, read on the visits above.

@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_page_works_offline_without_console_errors(audit, page_name):
    """Nothing asked outside the site (the network is blocked), no error in the console once the
    page is loaded and the network quiet, the lesson's title shown."""
    found = audit(page_name, 'desktop-light')
    assert found['outside'] == [], f'{page_name} asks outside the site: {found["outside"]}'
    assert found['console'] == [], f'{page_name} logs errors: {found["console"]}'
    assert found['title']


# Every figure of the page loaded (the answers shown, the lazy ones asked for at once): the file
# the browser chose among the renders, and whether it came.
FIGURES_SHOWN_JS = """async () => {
    const images = [...document.querySelectorAll('.cell_output img')];
    images.forEach(i => { i.loading = 'eager'; });
    await Promise.all(images.map(i => i.decode().catch(() => null)));
    return images.map(i => ({src: i.currentSrc, loaded: i.complete && i.naturalWidth > 0}));
}"""


@pytest.mark.slow
@pytest.mark.parametrize('page_name', LESSONS)
def test_a_wide_screen_shows_the_desktop_render(audit, page_name):
    """Every figure of a lesson comes, as its desktop render (test_figures_site checks the phone
    and dark renders)."""
    shown = audit(page_name, 'desktop-light')['figures']
    assert [f['src'] for f in shown if not f['loaded']] == []
    assert {render_name(f['src']) for f in shown} <= {'desktop'}, shown


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


@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_what_scrolls_sideways_says_so_once_and_above_it(audit, page_name):
    """On a phone, every answer and "Mostrar" block open: a table, a code cell or a printed output
    wider than the column scrolls in its box with a shadow on the side that has more; the keyboard
    can reach it. The line "Continua ao lado" stands above the block, never under it, and only
    where the block is really cut: above every cut table and printed output, above the first cut
    code cell of the page only (the phone read counted it 35 times on a page, under almost every
    code block)."""
    wide = audit(page_name, 'phone')['wide']
    silent = [w for w in wide if not (w['framed'] and w['tab'] == 0 and w['right'] and w['shadow'] == '1')]
    assert silent == []
    assert [w for w in wide if w['under']] == [], 'a line under a block'
    hinted_code = [w for w in wide if w['kind'] == 'code' and w['hint']]
    assert len(hinted_code) <= 1, hinted_code
    code = [w for w in wide if w['kind'] == 'code' and w['cut'] >= CUT]
    assert not code or code[0]['hint'], code[0]
    untold = [w for w in wide if w['kind'] != 'code' and w['cut'] >= CUT and not w['hint']]
    assert untold == []
    needless = [w for w in wide if w['cut'] < CUT and w['hint']]
    assert needless == []


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


@pytest.mark.slow
@pytest.mark.parametrize('setup', ['desktop-light', 'phone'], ids=['1280px', '390px'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_no_formula_is_cut_off(audit, page_name, setup):
    """A formula wider than the column scrolls inside its box, which the keyboard can reach; none
    sticks out or is clipped (the theme's layout for MathJax pushed wide KaTeX formulas out to
    the left). Measured with the answers shown."""
    assert audit(page_name, setup)['cut_off'] == []


WIDE_FORMULAS_JS = """() => Array.from(document.querySelectorAll('div.math'))
    .filter(m => m.clientWidth && m.scrollWidth > m.clientWidth + 1)
    .map(m => `${m.scrollWidth} px in ${m.clientWidth} px: `
              + (m.querySelector('annotation') || m).textContent.trim().slice(0, 120))"""


@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_every_display_formula_fits_a_phone(audit, page_name):
    """At 390 px no display formula is wider than the column, so that its result ("= 0,161",
    "= 0,75") is on screen: a long one is written in aligned lines (the lessons' LaTeX). Measured
    with the answers shown."""
    assert audit(page_name, 'phone')['wide_formulas'] == []
