"""The site on a phone (Chromium at 390 × 844): nothing hidden off-screen without a cue, and
"Voltar ao topo" never over the text. The formulas' own test is tests/test_formulas.py; the
explorables', tests/test_explorables_browser.py; the slides', tests/test_slides.py."""
import pytest

from conftest import toc_pages

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

PHONE = {'width': 390, 'height': 844}

OPEN_ALL = """() => { document.documentElement.classList.remove('preveja-js');
                     document.querySelectorAll('details').forEach(d => d.open = true);
                     window.dispatchEvent(new Event('curso:revelado')); }"""

# Every table and printed block that scrolls sideways, and what says so.
WIDE_JS = """() => Array.from(document.querySelectorAll(
        '.bd-article .pst-scrollable-table-container, .bd-article div.highlight > pre'))
    .filter(b => b.clientWidth && b.scrollWidth > b.clientWidth + 1)
    .map(b => {
        const frame = b.parentElement.classList.contains('wide-frame') ? b.parentElement : null;
        const hint = frame && frame.nextElementSibling;
        return {text: b.textContent.trim().slice(0, 60), framed: !!frame, tab: b.tabIndex,
                hint: hint && hint.classList.contains('wide-hint') && !hint.hidden
                      && hint.getBoundingClientRect().height > 0 ? hint.textContent : null,
                right: frame && frame.classList.contains('more-right'),
                shadow: frame && getComputedStyle(frame, '::after').opacity};
    })"""


@pytest.mark.parametrize('page_name', toc_pages())
def test_what_scrolls_sideways_says_so(page, page_name):
    """A table, a code cell or a printed output wider than a phone's column scrolls in its box
    with a shadow on the side that has more and a line under it; the keyboard can reach it."""
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/{page_name}.html', wait_until='load')
    page.add_style_tag(content='.wide-frame::before, .wide-frame::after { transition: none !important; }')
    page.evaluate(OPEN_ALL)
    page.wait_for_timeout(100)        # the shadow's 0,15 s fade is off: it is read at its end state
    silent = [w for w in page.evaluate(WIDE_JS)
              if not (w['framed'] and w['hint'] and w['tab'] == 0 and w['right'] and w['shadow'] == '1')]
    assert silent == []


def test_the_shadow_follows_the_scroll(page):
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/lessons/metricas-fundamental.html', wait_until='load')
    table = page.locator('.wide-frame > .pst-scrollable-table-container').first
    frame = page.locator('.wide-frame:has(> .pst-scrollable-table-container)').first
    assert 'more-right' in frame.get_attribute('class') and 'more-left' not in frame.get_attribute('class')
    table.evaluate('t => { t.scrollLeft = t.scrollWidth; }')
    page.wait_for_timeout(100)
    assert 'more-left' in frame.get_attribute('class') and 'more-right' not in frame.get_attribute('class')
    assert frame.locator('xpath=following-sibling::p[1]').inner_text() == 'Continua ao lado: deslize para ver ↔'


def test_printed_sentences_wrap_instead_of_scrolling(page):
    """The calibration lesson's 50-split summary is two long sentences (the seed's listing, its
    words kept): on a phone they wrap, each continued line indented, instead of scrolling."""
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/lessons/calibracao.html', wait_until='load')
    page.evaluate(OPEN_ALL)
    out = page.locator('.cell_output pre', has_text='50 splits').first
    assert 'wraps' in out.get_attribute('class')
    assert out.evaluate('p => p.scrollWidth <= p.clientWidth + 1')
    lines = out.locator('.wrapped-line')
    assert lines.count() == 2 and lines.first.bounding_box()['height'] > 40      # wrapped
    assert out.inner_text().startswith('naive Bayes, 50 splits: declares')       # as printed


@pytest.mark.parametrize('width', [390, 768, 1280])
def test_back_to_top_never_covers_the_text(page, width):
    """"Voltar ao topo" appears in the sticky bar at the top of the article, in its empty part:
    never over the text being read, never over the bar's own buttons."""
    page.set_viewport_size({'width': width, 'height': 844})
    page.goto(f'{page.site_url}/lessons/roc.html', wait_until='load')
    text = page.locator('article.bd-article').bounding_box()
    page.mouse.move(text['x'] + text['width'] / 2, 400)   # the wheel over the text, as a reader
    page.mouse.wheel(0, 4000)                              # scrolls (not over the sidebar's list)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -300)                       # the theme shows it when the reader goes up
    button = page.locator('#pst-back-to-top')
    button.wait_for(state='visible')
    b = button.bounding_box()
    bar = page.locator('.bd-header-article').bounding_box()
    assert bar['y'] <= b['y'] and b['y'] + b['height'] <= bar['y'] + bar['height'] + 0.5
    for other in page.locator('.bd-header-article button, .bd-header-article a, .bd-header-article label').all():
        o = other.bounding_box() if other.is_visible() else None
        if o and o['width']:
            apart = b['x'] + b['width'] <= o['x'] or o['x'] + o['width'] <= b['x']
            assert apart, f'over {other.evaluate("e => e.outerHTML.slice(0, 80)")}'
    assert b['height'] >= 40 and b['width'] >= 40
    assert button.evaluate('b => b.textContent.trim()') == 'Voltar ao topo'   # its name, also as an arrow
    button.click()
    page.wait_for_function('scrollY === 0')


# ---------------------------------------------------------------- a phone's own settings

def phone_context(browser, scheme='light'):
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3,
                               color_scheme=scheme)


@pytest.mark.parametrize('scheme', ['dark', 'light'])
def test_a_phone_opens_the_site_in_its_own_colour_mode(browser, site_url, scheme):
    """A phone set to dark opens the site dark, before the first paint (no light flash while the
    theme's deferred script loads), with no console error; the theme's button still cycles."""
    context = phone_context(browser, scheme)
    pg = context.new_page()
    errors = []
    pg.on('console', lambda m: m.type == 'error' and errors.append(m.text))
    pg.on('pageerror', lambda e: errors.append(str(e)))
    pg.add_init_script("""document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive' && !window.firstTheme)
            window.firstTheme = document.documentElement.dataset.theme; });""")
    try:
        for name in ('intro', 'lessons/custo', 'labs/custo'):
            pg.goto(f'{site_url}/{name}.html', wait_until='load')
            assert pg.evaluate('window.firstTheme') == scheme, name          # before any deferred script
            assert pg.evaluate('document.documentElement.dataset.theme') == scheme, name
            assert pg.evaluate('document.documentElement.dataset.mode') == 'auto', name
        assert errors == []
        pg.locator('.theme-switch-button').click()        # auto -> the other mode, chosen and kept
        assert pg.evaluate('document.documentElement.dataset.theme') == ('light' if scheme == 'dark' else 'dark')
        pg.goto(f'{site_url}/intro.html', wait_until='load')
        assert pg.evaluate('window.firstTheme') == ('light' if scheme == 'dark' else 'dark')
    finally:
        context.close()
