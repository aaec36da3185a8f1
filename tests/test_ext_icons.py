"""_ext/icons.py on the small test book: Font Awesome's fonts cut to the icons the pages use, and
the rules of the others out of site.css."""
from pathlib import Path

import icons
from ext_book import outdir
from fontTools.ttLib import TTFont


def test_the_theme_still_declares_its_icons_as_this_reads_them(book):
    """An upgrade of the theme that writes its icons otherwise fails here, not on a page with
    blank icons."""
    css = (outdir(book) / '_static' / icons.THEME_CSS).read_text(encoding='utf-8')
    glyphs = icons.glyphs_of(css)
    assert len(glyphs) > 1000 and len(glyphs['fa-bars']) == 1


def test_fonts_hold_the_glyphs_used_and_little_else(book):
    used = icons.icon_codepoints(outdir(book))
    assert {'fa-bars', 'fa-magnifying-glass', 'fa-sun', 'fa-moon'} <= set(used)
    fonts = sorted((outdir(book) / '_static' / icons.ICON_FONTS).glob('*.woff2'))
    assert fonts
    cmaps = set()
    for font in fonts:
        assert font.stat().st_size < 12_000, f'{font.name}: {font.stat().st_size} bytes'
        cmaps |= set(TTFont(font).getBestCmap())
    assert set(used.values()) <= cmaps
    assert len(cmaps) < 60


def test_unused_icon_rules_leave_the_sites_stylesheet(book):
    css = (Path(outdir(book)) / '_static' / 'site.css').read_text(encoding='utf-8')
    assert '.fa-bars:before' in css
    assert '.fa-500px:before' not in css and '.fa-yin-yang:before' not in css
    theme = (outdir(book) / '_static' / icons.THEME_CSS).read_text(encoding='utf-8')
    assert '.fa-yin-yang:before' in theme          # the theme's own file is left whole
