"""The site on a phone (Chromium at 390 × 844): a wide table keeps its row names in view; "Voltar ao topo"
in the lower corner, nothing fixed on the header's toolbar; "Anterior" and "Próxima" whole; the
lesson map as blocks; the phone's own dark setting opens the site dark; the header's buttons say their names; a
lab says how to reach Colab; the page's table of contents marks the section on screen; a glossary
entry shows from its first name; fields and buttons a thumb can hit. What scrolls sideways on each
page (said once, above what is cut) is read in tests/test_accessibility.py; the formulas' own test
is tests/test_formulas.py; the explorables', tests/test_explorables_browser.py; the slides',
tests/test_slides.py."""
import re

import pytest

from conftest import toc_pages

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

PHONE = {'width': 390, 'height': 844}

OPEN_ALL = """() => { document.documentElement.classList.remove('preveja-js');
                     document.querySelectorAll('details').forEach(d => d.open = true);
                     window.dispatchEvent(new Event('curso:revelado')); }"""

CUT = 16           # _ext/wide_blocks.py: px hidden before the line says so
# What scrolls sideways on every page (the line "Continua ao lado"): tests/test_accessibility.py,
# read on its phone visit of each page.


def test_the_lesson_map_fits_a_phone(page):
    """The home page's "Mapa das aulas" is cut at the right by a few px no more: its last column
    ("lab no Colab") shows whole, with no line to swipe."""
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/intro.html', wait_until='load')
    table = page.locator('.bd-article .pst-scrollable-table-container').last
    assert table.evaluate('t => t.scrollWidth - t.clientWidth') < CUT
    assert page.locator('.wide-hint:not([hidden])').count() == 0


def test_the_shadow_follows_the_scroll(page):
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/lessons/metricas-fundamental.html', wait_until='load')
    table = page.locator('.wide-frame > .pst-scrollable-table-container').first
    frame = page.locator('.wide-frame:has(> .pst-scrollable-table-container)').first
    assert 'more-right' in frame.get_attribute('class') and 'more-left' not in frame.get_attribute('class')
    table.evaluate('t => { t.scrollLeft = t.scrollWidth; }')
    page.wait_for_timeout(100)
    assert 'more-left' in frame.get_attribute('class') and 'more-right' not in frame.get_attribute('class')
    assert frame.locator('xpath=preceding-sibling::p[1]').inner_text() == 'Continua ao lado: deslize para ver ↔'


# the pages whose tables are still wider than a phone once §5 went to two columns and §14 to a
# list: the twenty patients' tables of the fundamental lesson, roc §1's metrics as probabilities
@pytest.mark.parametrize('lesson, first', [('metricas-fundamental', 'paciente'),
                                           ('roc', 'métrica')])
def test_a_wide_table_keeps_its_row_names_in_view(page, lesson, first):
    """Swiped to its end, a wide table still shows its first column (the rows' names: the
    patients, the metrics), opaque over the columns that pass under it."""
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/lessons/{lesson}.html', wait_until='load')
    page.evaluate(OPEN_ALL)
    page.wait_for_timeout(200)
    tables = page.locator('.wide-frame > .pst-scrollable-table-container.is-wide')
    assert tables.count() >= 1
    for k in range(tables.count()):
        box = tables.nth(k)
        before = box.evaluate("""t => Array.from(t.querySelectorAll('tr'), r => r.firstElementChild.textContent.trim())""")
        box.evaluate('t => { t.scrollLeft = t.scrollWidth; }')
        page.wait_for_timeout(50)
        kept = box.evaluate("""t => { const left = t.getBoundingClientRect().left;
            return Array.from(t.querySelectorAll('tr'), r => {
                const c = r.firstElementChild, b = c.getBoundingClientRect();
                const bg = getComputedStyle(c).backgroundColor;
                return [c.textContent.trim(), Math.abs(b.left - left) < 1.5,
                        !/rgba\\(.*, 0\\)$/.test(bg) && bg !== 'transparent']; }); }""")
        assert [row[0] for row in kept] == before
        assert all(row[1] for row in kept), ('a row name scrolled away', lesson, k)
        assert all(row[2] for row in kept), ('a row name is see-through', lesson, k)
    if first:
        heads = tables.evaluate_all("ts => ts.map(t => t.querySelector('tr').firstElementChild.textContent.trim())")
        assert first in heads


def test_printed_sentences_wrap_instead_of_scrolling(page):
    """The calibration lesson's 50-split summary is two long sentences (the seed's listing, its
    words kept): on a phone they wrap, each continued line indented, instead of scrolling."""
    page.set_viewport_size(PHONE)
    # the part of the calibration lesson that holds the 50-split listing (section 7)
    page.goto(f'{page.site_url}/lessons/calibracao-acaso.html', wait_until='load')
    page.evaluate(OPEN_ALL)
    out = page.locator('.cell_output pre', has_text='50 splits').first
    assert 'wraps' in out.get_attribute('class')
    assert out.evaluate('p => p.scrollWidth <= p.clientWidth + 1')
    lines = out.locator('.wrapped-line')
    assert lines.count() == 2 and lines.first.bounding_box()['height'] > 40      # wrapped
    assert out.inner_text().startswith('naive Bayes, 50 splits: declares')       # as printed


FIXED_OVER_THE_BAR = """() => {
    const bar = document.querySelector('.bd-header-article').getBoundingClientRect(), out = [];
    for (const e of document.querySelectorAll('body *')) {
        if (e.closest('.bd-header-article')) continue;
        const s = getComputedStyle(e);
        if (s.position !== 'fixed' || s.visibility === 'hidden' || s.display === 'none') continue;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const w = Math.min(r.right, bar.right) - Math.max(r.left, bar.left);
        const h = Math.min(r.bottom, bar.bottom) - Math.max(r.top, bar.top);
        if (w > 1 && h > 1) out.push(e.outerHTML.slice(0, 80));
    }
    return out; }"""


@pytest.mark.parametrize('width', [390, 768, 1280])
@pytest.mark.parametrize('lesson', ['roc', 'metricas-fundamental-perguntas'])
def test_no_fixed_button_sits_on_the_headers_toolbar(page, width, lesson):
    """Issue 41: on a phone "Voltar ao topo" sat on the header's toolbar, between Menu and Colab,
    on every lesson page. It shows in the lower right corner while the reader goes up, the way
    up, and hides while they read down; nothing fixed sits on the bar."""
    page.set_viewport_size({'width': width, 'height': 844})
    page.goto(f'{page.site_url}/lessons/{lesson}.html', wait_until='load')
    text = page.locator('article.bd-article').bounding_box()
    page.mouse.move(text['x'] + text['width'] / 2, 400)   # the wheel over the text, as a reader
    page.mouse.wheel(0, 4000)                              # scrolls (not over the sidebar's list)
    page.wait_for_timeout(300)
    button = page.locator('#pst-back-to-top')
    assert not button.is_visible()                         # reading down: not there
    page.mouse.wheel(0, -300)                       # the theme shows it when the reader goes up
    button.wait_for(state='visible')
    assert page.evaluate(FIXED_OVER_THE_BAR) == []
    b = button.bounding_box()
    assert b['x'] + b['width'] >= width - 40 and b['y'] + b['height'] >= 844 - 40, b    # the lower right corner
    assert b['height'] >= 44 and b['width'] >= 44
    assert button.evaluate('b => b.textContent.trim()') == 'Voltar ao topo'   # its name, also as an arrow
    button.click()
    page.wait_for_function('scrollY === 0')


@pytest.mark.parametrize('name', toc_pages())
def test_the_previous_and_next_titles_read_whole_on_a_phone(audit, name):
    """Issue 41: under the first part of the fundamental lesson "Anterior" read
    "Avaliando classificadore", the rest cut off. Every page's two titles show whole at 390 px
    (read in the page's phone visit, tests/audits.py)."""
    for link in audit(name, 'phone')['titles']:
        assert not link['cut'] and link['inside'], (name, link['title'])


def test_the_lesson_map_reads_as_lessons_on_a_phone(page):
    """Student C: the home page's three-column map was very tall narrow cells (a word or two a
    line). On a phone each lesson is a block as wide as the text: its name, what it answers, its
    lab, each cell as wide as the table, the lab named as such."""
    page.set_viewport_size(PHONE)
    page.goto(f'{page.site_url}/intro.html', wait_until='load')
    table = page.locator('#mapa-das-aulas table')
    width = table.bounding_box()['width']
    assert width >= PHONE['width'] - 40
    cells = table.locator('tbody td')
    assert cells.count() >= 18
    for k in range(cells.count()):
        assert cells.nth(k).bounding_box()['width'] >= 0.9 * width, cells.nth(k).inner_text()
    lab = table.locator('tbody tr').first.locator('td').nth(2)
    assert lab.evaluate("td => getComputedStyle(td.firstElementChild, '::before').content") == '"Lab no Colab: "'
    assert table.bounding_box()['height'] <= 3 * PHONE['height']


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


# ---------------------------------------------------------------- the header's names

HEADER_JS = """() => Array.from(document.querySelectorAll(
        '.bd-header-article .btn, .bd-header-article .dropdown-toggle'))
    .filter(b => b.offsetParent && !b.closest('.dropdown-menu') && b.id !== 'pst-back-to-top')
    .map(b => { const label = b.querySelector('.btn__label'), r = b.getBoundingClientRect();
        const lr = label && label.getBoundingClientRect();
        return {name: (b.getAttribute('aria-label') || b.textContent).trim().replace(/\\s+/g, ' '),
                label: label && lr.width > 0 ? label.textContent.trim() : null,
                size: label ? parseFloat(getComputedStyle(label).fontSize) : 0,
                box: [r.left, r.top, r.right, r.bottom],
                inside: !lr || (lr.left >= r.left - 1 && lr.right <= r.right + 1)}; })"""


@pytest.mark.parametrize('width', [390, 1280])
@pytest.mark.parametrize('page_name', ['lessons/custo', 'labs/custo'])
def test_the_headers_buttons_say_their_names(browser, site_url, page_name, width):
    """Each of the header's icons (rocket, GitHub, download, full screen, theme, search,
    contents, menu) has a visible name, 11 px or more, inside its button, and an accessible name
    that contains it; on a phone they sit side by side, never over each other."""
    context = phone_context(browser) if width == 390 else browser.new_context(viewport={'width': 1280, 'height': 900})
    pg = context.new_page()
    try:
        pg.goto(f'{site_url}/{page_name}.html', wait_until='load')
        buttons = pg.evaluate(HEADER_JS)
        names = [b['label'] for b in buttons]
        expected = {'Menu', 'Colab', 'GitHub', 'Baixar', 'Tema'} | ({'Buscar', 'Seções'} if width == 390 else {'Tela cheia'})
        assert expected <= set(names), names
        for b in buttons:
            assert b['label'], b
            assert b['size'] >= 11 and b['inside'], b
            assert b['label'].lower() in b['name'].lower(), b          # the visible name is in the spoken one
        boxes = sorted(b['box'] for b in buttons)
        for a, c in zip(boxes, boxes[1:]):
            assert a[2] <= c[0] + 0.5 or a[3] <= c[1] or c[3] <= a[1], (a, c)
        assert pg.evaluate('document.documentElement.scrollWidth') <= width
    finally:
        context.close()


@pytest.mark.parametrize('lab', ['triagem', 'roc', 'calibracao', 'custo'])
def test_a_lab_says_open_in_colab_near_its_top(browser, site_url, lab):
    """A lab page's way to Colab is a visible button under its title, on the first screen of a
    phone, going where the theme's own Colab link goes (derived from repository.url), with one
    line on what to do on a phone."""
    context = phone_context(browser)
    pg = context.new_page()
    try:
        pg.goto(f'{site_url}/labs/{lab}.html', wait_until='load')
        button = pg.locator('.bd-article').get_by_role('link', name='Abrir no Colab')
        assert button.count() == 1
        box = button.bounding_box()
        assert box['y'] + box['height'] <= PHONE['height'] and box['height'] >= 44
        theme = pg.locator('.dropdown-launch-buttons a.dropdown-item').first.get_attribute('href')
        assert button.get_attribute('href') == theme
        assert re.fullmatch(rf'https://colab\.research\.google\.com/github/[\w.-]+/[\w.-]+/blob/[\w.-]+/labs/{lab}\.ipynb', theme)
        line = pg.locator('.colab-cta-celular').inner_text()
        assert line.startswith('No celular:') and 'Confira' in line and 'Colab' in line
        assert button.evaluate('b => b.compareDocumentPosition(document.querySelector(".bd-article h1")) & Node.DOCUMENT_POSITION_PRECEDING')
    finally:
        context.close()


# ---------------------------------------------------------------- where the reader is

def test_the_table_of_contents_marks_the_section_on_screen(browser, site_url):
    """With the page's predictions restored (every answer of roc shown), a jump into section 1
    marks section 1 in "Seções" (the phone read saw "5." marked: the theme marks the last heading
    that crossed the top of the screen, and after a jump none does)."""
    context = phone_context(browser)
    pg = context.new_page()
    try:
        pg.goto(f'{site_url}/lessons/roc.html', wait_until='load')
        pg.evaluate("() => document.querySelectorAll('.preveja-pular').forEach(b => b.click())")
        pg.goto(f'{site_url}/lessons/roc.html', wait_until='load')   # the answers come back open
        pg.wait_for_timeout(300)
        sections = pg.evaluate("""() => Array.from(document.querySelectorAll('article section > section > h2'))
            .map(h => [h.textContent.replace('#', '').trim(), h.getBoundingClientRect().top + scrollY,
                       h.parentElement.getBoundingClientRect().height])""")
        for title, top, height in sections[1:4]:
            pg.evaluate(f'window.scrollTo(0, {top + height / 2})')
            pg.wait_for_timeout(400)
            active = pg.evaluate("Array.from(document.querySelectorAll('#pst-page-toc-nav a.active'), a => a.textContent.trim())")
            assert active and active[-1] == title or (active and title.startswith(active[-1])), (title, active)
    finally:
        context.close()


def test_a_glossary_entry_shows_from_its_first_name(browser, site_url):
    """A link to an entry's second name (sensibilidade) lands with the entry's first name, the
    main term (revocação), below the sticky header, not under it."""
    context = phone_context(browser)
    pg = context.new_page()
    try:
        for anchor in ('term-sensibilidade', 'term-revocacao'):
            pg.goto(f'{site_url}/glossario.html#{anchor}', wait_until='load')
            pg.wait_for_timeout(300)
            top, header = pg.evaluate(f"""() => {{ let d = document.getElementById('{anchor}');
                while (d.previousElementSibling && d.previousElementSibling.tagName === 'DT') d = d.previousElementSibling;
                return [d.getBoundingClientRect().top, document.querySelector('.bd-header-article').getBoundingClientRect().bottom]; }}""")
            assert header - 1 <= top < PHONE['height'] / 3, (anchor, top, header)
    finally:
        context.close()


# ---------------------------------------------------------------- a thumb's fields

def test_fields_and_buttons_are_a_thumbs_size_and_take_fractions(browser, site_url):
    """A quiz's number field and a Preveja's field are 44 px high (the phone read measured 32 and
    38), their buttons too; both take "3/4" and "75 %", so their keyboard is not the decimal pad
    (an iPhone's has no "/" nor "%")."""
    context = phone_context(browser)
    pg = context.new_page()
    try:
        pg.goto(f'{site_url}/lessons/custo.html', wait_until='load')
        pg.evaluate(OPEN_ALL)            # custo's explorable is the answer of a Preveja
        pg.wait_for_timeout(200)
        for sel in ('.cq-numeric input', '.preveja-form input[type=text]', 'button.cq-check',
                    'button.preveja-conferir', 'button.preveja-pular', '.explorable .ex-field'):
            el = pg.locator(sel).first
            assert el.evaluate('e => e.getBoundingClientRect().height') >= 44, sel
        for sel in ('.cq-numeric input', '.preveja-form input[type=text]', '.explorable .ex-field'):
            modes = pg.locator(sel).evaluate_all('es => es.map(e => e.inputMode)')
            assert modes and set(modes) == {'text'}, (sel, modes)
        box = pg.locator('.admonition.preveja:has(.preveja-ui[data-tipo="numero"])').first
        box.get_by_label('Sua previsão').fill('3/4')
        box.get_by_role('button', name='Conferir').click()
        assert 'Você previu' in box.locator('.preveja-retorno').inner_text()
    finally:
        context.close()
