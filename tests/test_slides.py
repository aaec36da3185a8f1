"""The two slide decks of the metrics lesson: built by the build, working offline."""
import re

import pytest

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

DECKS = {'fundamental': 'a acurácia não basta', 'avancada': 'prevalência e métricas que resistem'}


def test_decks_are_built_with_their_figures(site):
    for deck in DECKS:
        html = (site / 'slides' / f'{deck}.html').read_text(encoding='utf-8')
        assert 'vendor/reveal/reveal.js' in html and 'http' not in re.split(r'<body\b', html)[0]
        for name in re.findall(r'\]\(figures/([\w-]+)\.png\)', html):
            assert (site / 'slides' / 'figures' / f'{name}.png').stat().st_size > 5_000


@pytest.mark.parametrize('deck', DECKS)
def test_deck_navigates_with_the_keyboard_offline(page, deck):
    page.goto(f'{page.site_url}/slides/{deck}.html', wait_until='networkidle')
    page.wait_for_function('window.Reveal && Reveal.isReady()')
    assert page.evaluate('Reveal.getIndices().h') == 0
    page.keyboard.press('ArrowRight')
    page.wait_for_function('Reveal.getIndices().h === 1')
    page.keyboard.press('ArrowLeft')
    page.wait_for_function('Reveal.getIndices().h === 0')
    page.keyboard.press('Escape')
    page.wait_for_function('Reveal.isOverview()')
    assert page.outside_requests == [] and page.console_errors == []


@pytest.mark.parametrize('deck', DECKS)
def test_stage_band_shows_stage_3(page, deck):
    page.goto(f'{page.site_url}/slides/{deck}.html', wait_until='networkidle')
    page.wait_for_function('window.Reveal && Reveal.isReady()')
    while page.evaluate("Reveal.getCurrentSlide().getAttribute('data-stage')") != '3':
        before = page.evaluate('Reveal.getIndices().h')
        page.keyboard.press('ArrowRight')
        page.wait_for_function(f'Reveal.getIndices().h !== {before}')
    current = page.locator('.stage-band li[aria-current="step"]')
    assert current.count() == 1
    assert 'Etapa 3' in current.inner_text().replace('ETAPA', 'Etapa')


# the fundamental deck closes the fundamental lesson's last part (part 4, the worked exercise and
# the lab), after its last Preveja
@pytest.mark.parametrize('lesson,deck', [('metricas-fundamental-exercicio', 'fundamental'),
                                         ('metricas-avancada-escolher', 'avancada')])
def test_lesson_embeds_its_deck(page, lesson, deck):
    """The deck is in the lesson, loaded only when the student asks for it (metered data)."""
    decks = []
    page.on('request', lambda r: '/slides/' in r.url and decks.append(r.url))
    page.goto(f'{page.site_url}/lessons/{lesson}.html', wait_until='networkidle')
    assert page.locator('iframe.slides-embed').count() == 0 and decks == []
    link = page.get_by_role('link', name='Abrir os slides numa aba nova')
    assert link.get_attribute('href') == f'../slides/{deck}.html'
    assert 'use as setas' in page.locator('main').inner_text()
    # the deck shows the answers of the page's Prevejas (predict first): it comes after the last one
    assert page.evaluate('''() => {
        const boxes = document.querySelectorAll('.admonition.preveja');
        const deck = document.querySelector('.slides-poster');
        return boxes.length > 0 && deck !== null && Boolean(
            boxes[boxes.length - 1].compareDocumentPosition(deck) & Node.DOCUMENT_POSITION_FOLLOWING); }''')
    page.get_by_role('button', name='Mostrar os slides aqui').click()
    frame = page.locator(f'iframe[src="../slides/{deck}.html"]')
    assert frame.count() == 1
    assert frame.get_attribute('title').startswith('Slides da abordagem')
    page.frame_locator('iframe.slides-embed').locator('.reveal .slides').wait_for()
    assert page.outside_requests == []


# ---------------------------------------------------------------- on a phone

PHONE = {'width': 390, 'height': 844}


@pytest.fixture
def phone(browser, site_url):
    """A phone's browser (390 × 844, touch) on the built site; ``phone.swipe`` sends real touch
    events (Chromium's input pipeline: a vertical swipe scrolls what can scroll)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    pg = context.new_page()
    pg.site_url, pg.outside, pg.errors = site_url, [], []
    context.route('**/*', lambda r: r.continue_() if r.request.url.startswith(site_url)
                  else (pg.outside.append(r.request.url), r.abort()))
    pg.on('pageerror', lambda e: pg.errors.append(str(e)))
    cdp = context.new_cdp_session(pg)

    def swipe(start, end, steps=10):
        (x0, y0), (x1, y1) = start, end
        cdp.send('Input.dispatchTouchEvent', {'type': 'touchStart', 'touchPoints': [{'x': x0, 'y': y0}]})
        for i in range(1, steps + 1):
            cdp.send('Input.dispatchTouchEvent', {'type': 'touchMove', 'touchPoints': [
                {'x': x0 + (x1 - x0) * i / steps, 'y': y0 + (y1 - y0) * i / steps}]})
            pg.wait_for_timeout(16)
        cdp.send('Input.dispatchTouchEvent', {'type': 'touchEnd', 'touchPoints': []})
        pg.wait_for_timeout(400)
    pg.swipe = swipe
    yield pg
    context.close()


def open_deck(pg, deck):
    pg.goto(f'{pg.site_url}/slides/{deck}.html', wait_until='load')
    pg.wait_for_function('window.Reveal && Reveal.isReady()')


@pytest.mark.parametrize('deck', DECKS)
def test_a_swipe_moves_a_slide(phone, deck):
    open_deck(phone, deck)
    assert phone.evaluate('Reveal.getIndices().h') == 0
    phone.swipe((330, 400), (60, 410))                  # to the left: the next slide
    phone.wait_for_function('Reveal.getIndices().h === 1')
    phone.swipe((60, 400), (330, 395))                  # to the right: back
    phone.wait_for_function('Reveal.getIndices().h === 0')
    assert phone.outside == [] and phone.errors == []


@pytest.mark.parametrize('deck', DECKS)
def test_the_buttons_move_the_slides_and_lead_back_to_the_lesson(phone, deck):
    open_deck(phone, deck)
    phone.get_by_role('button', name='Próximo slide').tap()
    phone.wait_for_function('Reveal.getIndices().h === 1')
    phone.get_by_role('button', name='Próximo slide').tap()
    phone.wait_for_function('Reveal.getIndices().h === 2')
    phone.get_by_role('button', name='Slide anterior').tap()
    phone.wait_for_function('Reveal.getIndices().h === 1')
    for name in ('Próximo slide', 'Slide anterior', 'Voltar à aula'):
        box = phone.get_by_role('button' if 'slide' in name.lower() else 'link', name=name).bounding_box()
        assert box['height'] >= 44 and box['width'] >= 44, name
    lesson = {'fundamental': 'metricas-fundamental-exercicio', 'avancada': 'metricas-avancada-escolher'}[deck]
    phone.get_by_role('link', name='Voltar à aula').tap()
    phone.wait_for_url(f'**/lessons/{lesson}.html')
    assert phone.get_by_role('button', name='Mostrar os slides aqui').count() == 1


SLIDE_TEXT_JS = """() => {
    const out = [], slide = Reveal.getCurrentSlide(), scale = Reveal.getScale();
    const visible = t => t.replace(/[\\s\\u200b]/g, '');
    for (const e of slide.querySelectorAll('*')) {
        if (e.closest('.katex-mathml')) continue;
        if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && visible(n.textContent))) continue;
        const px = parseFloat(getComputedStyle(e).fontSize) * scale;
        if (px < 10.99) out.push(`"${e.textContent.trim().slice(0, 30)}" ${px.toFixed(1)} px`);
    }
    const right = slide.getBoundingClientRect().right;
    for (const e of slide.querySelectorAll('.formula, table, img, p, li, h1, h2'))
        if (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > right + 1)
            out.push(`"${e.textContent.trim().slice(0, 30) || e.tagName}" wider than the slide`);
    if (slide.scrollHeight > Reveal.getConfig().height + 1) out.push('taller than the slide');
    for (const e of document.querySelectorAll('.deck-bar, .stage-band, .stage-band *, .slide-number'))
        if (Array.from(e.childNodes).some(n => n.nodeType === 3 && visible(n.textContent))
            && e.offsetParent && parseFloat(getComputedStyle(e).fontSize) < 11)
            out.push(`"${e.textContent.trim().slice(0, 30)}" ${getComputedStyle(e).fontSize}`);
    return out;
}"""


@pytest.mark.parametrize('size', ['390x844', '844x390', '360x740', '1280x800'])
@pytest.mark.parametrize('deck', DECKS)
def test_slide_text_is_at_least_11_px(browser, site_url, deck, size):
    """On a phone upright or on its side, on a desktop: every slide's text (formulas and tables
    included) is drawn at 11 CSS px or more, and nothing is wider or taller than its slide. The
    figures' own text is the figures' business (tests/test_figures.py)."""
    width, height = (int(x) for x in size.split('x'))
    context = browser.new_context(viewport={'width': width, 'height': height},
                                  has_touch=width < 900, is_mobile=width < 900)
    pg = context.new_page()
    pg.site_url = site_url
    try:
        open_deck(pg, deck)
        problems = []
        for i in range(pg.evaluate('Reveal.getTotalSlides()')):
            pg.evaluate(f'Reveal.slide({i})')
            pg.wait_for_timeout(50)
            problems += [f'slide {i + 1}: {p}' for p in pg.evaluate(SLIDE_TEXT_JS)]
        assert problems == []
    finally:
        context.close()


@pytest.mark.parametrize('lesson,deck', [('metricas-fundamental-exercicio', 'fundamental')])   # its last part
def test_the_embedded_deck_never_traps_the_page_scroll(phone, lesson, deck):
    """Shown inside the lesson, a vertical swipe over the deck scrolls the lesson; a sideways
    one moves the slides. The poster also links the deck's own page (the whole screen)."""
    phone.goto(f'{phone.site_url}/lessons/{lesson}.html', wait_until='load')
    poster = phone.locator('.slides-poster').first
    link = poster.get_by_role('link', name='Abrir os slides em página inteira')
    assert link.get_attribute('href') == f'../slides/{deck}.html'
    poster.get_by_role('button', name='Mostrar os slides aqui').tap()
    frame = phone.locator('iframe.slides-embed').first
    phone.frame_locator('iframe.slides-embed').locator('.reveal .slides section').first.wait_for()
    deck_frame = next(f for f in phone.frames if f.url.endswith(f'/slides/{deck}.html'))
    deck_frame.wait_for_function('window.Reveal && Reveal.isReady()')
    frame.scroll_into_view_if_needed()
    phone.evaluate('(y) => window.scrollBy(0, y)', frame.bounding_box()['y'] - 200)
    box = frame.bounding_box()
    before = phone.evaluate('scrollY')
    x, y = box['x'] + box['width'] / 2, box['y'] + box['height'] * 0.7
    phone.swipe((x, y), (x + 5, y - 150))
    assert phone.evaluate('scrollY') > before + 60, 'the deck kept the swipe: the lesson did not scroll'
    assert deck_frame.evaluate('Reveal.getIndices().h') == 0
    box = frame.bounding_box()
    y = box['y'] + box['height'] / 2
    phone.swipe((box['x'] + box['width'] * 0.85, y), (box['x'] + box['width'] * 0.1, y + 3))
    deck_frame.wait_for_function('Reveal.getIndices().h === 1')
    assert phone.outside == []


@pytest.mark.parametrize('mode', ['light', 'dark'])
def test_the_poster_follows_the_theme(page, mode):
    from contrast import contrast, luminance
    page.context.add_init_script(f"localStorage.setItem('mode', '{mode}');"
                                 f"localStorage.setItem('theme', '{mode}');")
    page.goto(f'{page.site_url}/lessons/metricas-fundamental-exercicio.html', wait_until='load')   # the part with the slides
    colours = page.locator('.slides-poster').first.evaluate("""p => ({
        bg: getComputedStyle(p).backgroundColor,
        texts: Array.from(p.querySelectorAll('p, a, button')).filter(e => e.offsetParent).map(e => [
            e.textContent.trim(), getComputedStyle(e).color,
            getComputedStyle(e).backgroundColor.endsWith(', 0)') ? getComputedStyle(p).backgroundColor
                                                                 : getComputedStyle(e).backgroundColor])})""")
    if mode == 'dark':
        assert luminance(colours['bg']) < 0.05
    low = [(t, round(contrast(fg, bg), 2)) for t, fg, bg in colours['texts'] if contrast(fg, bg) < 4.5]
    assert low == []


# each deck is embedded in its lesson's last part (the lessons' first pages have no slides)
@pytest.mark.parametrize('lesson,deck', [('metricas-fundamental-exercicio', 'fundamental'),
                                         ('metricas-avancada-escolher', 'avancada')])
def test_the_deck_inside_the_lesson_is_readable_on_a_phone(phone, lesson, deck):
    """Issue 30: the slides were unreadable on a phone: inside the lesson the deck's box had the
    shape of a desktop (11 : 7), and reveal.js scaled its text to 7 px. On a phone the box is
    upright and every slide's text is 11 px or more, as on the deck's own page."""
    phone.goto(f'{phone.site_url}/lessons/{lesson}.html', wait_until='load')
    phone.locator('.slides-poster').first.get_by_role('button', name='Mostrar os slides aqui').tap()
    phone.frame_locator('iframe.slides-embed').locator('.reveal .slides section').first.wait_for()
    deck_frame = next(f for f in phone.frames if f.url.endswith(f'/slides/{deck}.html'))
    deck_frame.wait_for_function('window.Reveal && Reveal.isReady()')
    box = phone.locator('iframe.slides-embed').first.bounding_box()
    assert box['height'] > box['width'] and box['height'] <= PHONE['height']
    problems = []
    for i in range(deck_frame.evaluate('Reveal.getTotalSlides()')):
        deck_frame.evaluate(f'Reveal.slide({i})')
        phone.wait_for_timeout(50)
        problems += [f'slide {i + 1}: {p}' for p in deck_frame.evaluate(SLIDE_TEXT_JS)]
    assert problems == []


def test_on_a_touch_screen_the_help_says_how_by_touch(phone, page):
    """Issue 30: the slides' help spoke of arrow keys, F and Esc, on a phone with no keyboard. On a
    touch screen the lines about the slides (the lesson's, the poster's, the deck's own) say how
    to use them by touch; with a mouse and a keyboard, by the keys."""
    lesson = 'lessons/metricas-fundamental-exercicio.html'   # the part with the fundamental deck
    phone.goto(f'{phone.site_url}/{lesson}', wait_until='load')
    section = phone.locator('section:has(> .slides-poster)').first
    said = section.inner_text()
    assert 'Deslize para o lado' in said or 'deslize para o lado' in said, said
    assert not re.search(r'\bsetas\b|\bEsc\b|\bF abre\b', said), said
    open_deck(phone, 'fundamental')
    first = phone.locator('.reveal .slides section').first.inner_text()
    assert 'Deslize para o lado' in first and 'Esc' not in first, first
    help_line = phone.locator('.deck-help').inner_text()
    assert help_line.startswith('Deslize') and 'Esc' not in help_line
    phone.swipe((330, 400), (60, 410))                  # gone after the first move
    phone.wait_for_function("document.querySelector('.deck-help').classList.contains('is-done')")
    page.goto(f'{page.site_url}/{lesson}', wait_until='load')      # a desktop: the keys
    said = page.locator('section:has(> .slides-poster)').first.inner_text()
    assert 'setas ← →' in said and 'Esc' in said and 'Deslize' not in said
