"""_ext/unused_css.py: the theme's rules that nothing on the site matches leave site.css; what a
page, a script or the course's own stylesheets need stays."""
from pathlib import Path

import unused_css
from ext_book import outdir

from conftest import ROOT


def test_purgecss_keeps_what_a_page_or_a_script_names(tmp_path):
    (tmp_path / 'page.html').write_text('<html data-theme="light"><div class="usada"><p id="x">a</p></div></html>',
                                          encoding='utf-8')
    (tmp_path / 'app.js').write_text("el.classList.add('aberta'); document.documentElement.dataset.theme = 'dark';", encoding='utf-8')
    css = ('.usada p{color:red}.nunca{color:blue}.aberta{display:block}.menu.aberta{display:flex}#x{margin:0}#y{margin:1px}'
           'html[data-theme=dark] .usada{color:white}html[data-theme=sepia] .usada{color:brown}'
           '@font-face{font-family:F;src:url(f.woff2)}@keyframes girar{to{transform:rotate(1turn)}}'
           ':root{--cor:#123}')
    [kept] = unused_css.purge([('tema.css', css)], [str(tmp_path / 'page.html'), str(tmp_path / 'app.js')])
    for rule in ('.usada p', '#x', '.aberta{', 'html[data-theme=dark] .usada', '@font-face', '@keyframes girar', '--cor'):
        assert rule in kept, rule
    for rule in ('.nunca', '#y', '.menu.aberta', 'sepia'):          # named nowhere: nunca, y, menu, sepia
        assert rule not in kept, rule


def test_only_the_themes_stylesheets_are_cut():
    assert unused_css.own(ROOT, 'course.css') and unused_css.own(ROOT, 'preveja.css')
    assert unused_css.own(ROOT, 'course/quiz.css')
    for theirs in ('styles/pydata-sphinx-theme.css', 'sphinx-design.min.css', 'vendor/katex/katex.min.css',
                   'copybutton.css'):
        assert not unused_css.own(ROOT, theirs), theirs


def test_the_test_books_stylesheet_lost_the_unused_theme_rules(book):
    static = Path(outdir(book)) / '_static'
    css = (static / 'site.css').read_text(encoding='utf-8')
    design = (static / 'sphinx-design.min.css').read_text(encoding='utf-8')
    assert '.sd-card-hover' in design and '.sd-card-hover' not in css     # no card on the test book
    assert '.bd-article' in css                                             # the theme's page frame
    assert '.collapsing' in css                       # a state that only bootstrap.js names
    course = (ROOT / '_static' / 'preveja.css').read_text(encoding='utf-8')
    assert course.strip() in css, 'the course\'s own stylesheet is cut'
    assert len(css) < 0.6 * sum(len(p.read_text(encoding='utf-8')) for p in (
        static / 'styles' / 'pydata-sphinx-theme.css', static / 'sphinx-design.min.css'))
