"""_ext/slides_poster.py on the small test book: a deck's iframe becomes a poster with a button;
the deck loads only when asked for."""
from ext_book import soup


def test_the_iframe_becomes_a_poster(book):
    page = soup(book, 'intro')
    assert not page.find('iframe')
    poster = page.select_one('div.slides-poster')
    assert poster['data-src'] == 'slides/fundamental.html' and poster['data-title'] == 'Slides de teste'
    assert poster.find('button').get_text() == 'Mostrar os slides aqui'
    loader = poster.find_next_sibling('script').string
    assert 'createElement("iframe")' in loader and 'box.dataset.src' in loader


def test_the_poster_links_the_decks_own_page(book):
    """On a phone the deck's own page is the way to read it (full screen, swipes, its buttons):
    the poster links it, and the link works without JavaScript."""
    link = soup(book, 'intro').select_one('div.slides-poster a.slides-open')
    assert link['href'] == 'slides/fundamental.html'
    assert link.get_text() == 'Abrir os slides em página inteira'
