"""Accessibility of the built site in Chromium: axe-core on every page (light and dark mode,
with the quizzes' feedback showing), the slides, touch targets and overflow on a phone, visible
keyboard focus, one search field, and no English left in the interface. On the same visits of
each page: no console error or request outside the site, what scrolls sideways on a phone says
so, no formula is cut off or wider than a phone, and a wide screen shows the figures' desktop render.

The pages are read once per view (tests/audits.py: the ``desktop``, ``desktop-dark`` and ``phone``
visits, kept in ``_build/audits/``); the tests here judge those records. The slides and the keyboard
focus are visits of their own. axe-core comes from npm (package.json; ``npm ci``), injected into the
page.
"""
from pathlib import Path

import audits
import pytest
from audits import AXE, AXE_ONLY_VIOLATIONS
from interface_english import english_in
from test_figures_site import LESSONS, render_name
from test_phone import CUT

from conftest import toc_pages

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


def run_axe(page, options='', context='document'):
    page.add_script_tag(path=str(axe_script()))
    return page.evaluate(f"axe.run({context}, {{{AXE_ONLY_VIOLATIONS}, {options}}})")['violations']


def describe(violations):
    return '\n'.join(f"{v['impact']} {v['id']}: {v['help']} — "
                     + '; '.join(' '.join(n['target']) + ' (' + n['failureSummary'].split('\n')[-1].strip()[:160] + ')'
                                 for n in v['nodes'][:4])
                     for v in violations)


@pytest.mark.slow
@pytest.mark.parametrize('mode', ['light', 'dark'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_axe_finds_no_serious_violation(audit, page_name, mode):
    """axe-core's rules, every quiz answered (right, wrong and invalid feedback showing)."""
    found = audit(page_name, 'desktop' if mode == 'light' else 'desktop-dark')
    assert found['theme'] == mode
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

@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_touch_targets_on_a_phone(audit, page_name):
    """WCAG 2.5.8 (axe's target-size: 24 px, or enough space around), and every slider and quiz
    option at least 24 px by itself."""
    found = audit(page_name, 'phone')
    assert found['theme'] == 'light'
    assert found['axe'] == [], f'{page_name}:\n{describe(found["axe"])}'
    assert found['small'] == [], f'{page_name}: targets smaller than 24 px: {found["small"]}'


@pytest.mark.slow
@pytest.mark.parametrize('setup', ['desktop', 'phone'], ids=['1280px', '390px'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_nothing_overflows(audit, page_name, setup):
    """No sideways scrolling of the page; explorables, quizzes and the slides poster fit their
    box and the text column (code and wide tables scroll inside their own frame, by design)."""
    assert audit(page_name, setup)['overflow'] == []


# ----------------------------------------------------------------------------- desktop

@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_one_search_field(audit, page_name):
    """One search field at desktop width (the theme showed one in a top bar and one in the
    sidebar), one search button on a phone."""
    assert audit(page_name, 'desktop')['search'] == 1
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
        page.evaluate(audits.SHOW_ANSWERS)
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

@pytest.mark.slow
@pytest.mark.parametrize('setup', ['desktop', 'phone'], ids=['1280px', '390px'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_no_english_in_the_interface(audit, page_name, setup):
    """Names, tooltips and the site's chrome (what a screen reader says and what a reader sees
    around the lesson) are Portuguese, after the theme's scripts have run."""
    assert english_in(audit(page_name, setup)['names']) == []


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
    found = audit(page_name, 'desktop')
    assert found['outside'] == [], f'{page_name} asks outside the site: {found["outside"]}'
    assert found['console'] == [], f'{page_name} logs errors: {found["console"]}'
    assert found['title']


@pytest.mark.slow
@pytest.mark.parametrize('page_name', LESSONS)
def test_a_wide_screen_shows_the_desktop_render(audit, page_name):
    """Every figure of a lesson comes, as its desktop render (test_figures_site checks the phone
    and dark renders)."""
    shown = audit(page_name, 'desktop')['figures']
    assert [f['src'] for f in shown if not f['loaded']] == []
    assert {render_name(f['src']) for f in shown} <= {'desktop'}, shown


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


@pytest.mark.slow
@pytest.mark.parametrize('setup', ['desktop', 'phone'], ids=['1280px', '390px'])
@pytest.mark.parametrize('page_name', toc_pages())
def test_no_formula_is_cut_off(audit, page_name, setup):
    """A formula wider than the column scrolls inside its box, which the keyboard can reach; none
    sticks out or is clipped (the theme's layout for MathJax pushed wide KaTeX formulas out to
    the left). Measured with the answers shown."""
    assert audit(page_name, setup)['cut_off'] == []


@pytest.mark.slow
@pytest.mark.parametrize('page_name', toc_pages())
def test_every_display_formula_fits_a_phone(audit, page_name):
    """At 390 px no display formula is wider than the column, so that its result ("= 0,161",
    "= 0,75") is on screen: a long one is written in aligned lines (the lessons' LaTeX). Measured
    with the answers shown."""
    assert audit(page_name, 'phone')['wide_formulas'] == []
