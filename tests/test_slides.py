"""The two slide decks of the metrics lesson: built by the build, working offline."""
import pytest

DECKS = {'fundamental': 'a acurácia não basta', 'avancada': 'prevalência e métricas que resistem'}


def test_decks_are_built_with_their_figures(site):
    for deck in DECKS:
        html = (site / 'slides' / f'{deck}.html').read_text(encoding='utf-8')
        assert 'vendor/reveal/reveal.js' in html and 'http' not in html.split('<body>')[0]
        for name in __import__('re').findall(r'\]\(figures/([\w-]+)\.png\)', html):
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


@pytest.mark.parametrize('lesson,deck', [('metricas-fundamental', 'fundamental'),
                                         ('metricas-avancada', 'avancada')])
def test_lesson_embeds_its_deck(page, lesson, deck):
    """The deck is in the lesson, loaded only when the student asks for it (metered data)."""
    decks = []
    page.on('request', lambda r: '/slides/' in r.url and decks.append(r.url))
    page.goto(f'{page.site_url}/lessons/{lesson}.html', wait_until='networkidle')
    assert page.locator('iframe.slides-embed').count() == 0 and decks == []
    link = page.get_by_role('link', name='Abrir os slides numa aba nova')
    assert link.get_attribute('href') == f'../slides/{deck}.html'
    assert 'use as setas' in page.locator('main').inner_text()
    page.get_by_role('button', name='Mostrar os slides aqui').click()
    frame = page.locator(f'iframe[src="../slides/{deck}.html"]')
    assert frame.count() == 1
    assert frame.get_attribute('title').startswith('Slides da abordagem')
    page.frame_locator('iframe.slides-embed').locator('.reveal .slides').wait_for()
    assert page.outside_requests == []
