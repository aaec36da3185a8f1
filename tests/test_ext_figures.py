"""_ext/figures.py on the small test book: a PNG figure becomes a lossless WebP with its size,
loaded lazily."""
from ext_book import html, outdir, soup
from PIL import Image, ImageChops

from conftest import ROOT


def test_a_figure_is_a_lossless_webp_with_its_size(book):
    img = soup(book, 'intro').find('img', alt='Um quadrado azul de teste')
    assert img['src'] == '_images/figura.webp'
    assert (img['width'], img['height']) == ('40', '30')
    assert img['loading'] == 'lazy' and img['decoding'] == 'async'
    assert 'style' not in img.attrs            # a style would fix the height when the theme narrows it
    webp = outdir(book) / '_images' / 'figura.webp'
    with Image.open(webp) as w, Image.open(ROOT / 'tests' / 'roots' / 'test-book' / 'figura.png') as p:
        assert w.format == 'WEBP' and w.size == p.size
        assert ImageChops.difference(w.convert('RGB'), p.convert('RGB')).getbbox() is None
    assert '.png' not in html(book, 'intro').split('<body')[1].replace('logo_colab.png', '')
