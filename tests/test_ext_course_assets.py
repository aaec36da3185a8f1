"""_ext/course_assets.py on the small test book: the course's browser files are one cached file
each, not a copy in every output (the contract with the outputs is course/runtime.py)."""
import re

from ext_book import html, outdir, soup

from course import explorables, quiz, runtime


def test_outputs_mark_each_file_they_inline():
    """What the site relies on: every file an output inlines is its own element, marked with its
    name, in the order it must run (the number module before the scripts that use it)."""
    for markup, needed in [(explorables.four_cells()._repr_html_(), runtime.EXPLORABLE),
                           (quiz.quiz_html('custo', ['f1-para-tudo']), runtime.QUIZ)]:
        marked = re.findall(rf'<(?:style|script) {runtime.ATTRIBUTE}="([\w.-]+)">', markup)
        assert marked == list(needed)
        for name in needed:
            body = re.search(rf'{runtime.ATTRIBUTE}="{re.escape(name)}">(.*?)</(?:style|script)>',
                             markup, re.S).group(1)
            assert body == (runtime.STATIC / name).read_text(encoding='utf-8'), name


def test_each_script_is_loaded_once_from_the_site(book):
    page = html(book, 'aula')
    assert 'inline copy' not in page and runtime.ATTRIBUTE not in page
    sources = [s['src'] for s in soup(book, 'aula').find_all('script', src=True)
               if '/course/' in s['src']]
    names = [src.split('/')[-1].split('?')[0] for src in sources]
    assert names == ['numbers.js', 'answers.js', 'quiz.js', 'explorables.js'], sources   # first use, in order
    for src in sources:
        assert src.startswith('_static/course/') and re.search(r'\?v=[0-9a-f]{8}$', src), src
    # the scripts of an output still run after their files: init 1 after quiz.js, init 2 after explorables.js
    assert page.index('course/quiz.js') < page.index('/* init 1 */') < page.index('course/explorables.js') \
        < page.index('/* init 2 */')


def test_the_site_serves_the_current_files(book):
    for name in runtime.files():
        served = outdir(book) / '_static' / 'course' / name
        assert served.read_bytes() == (runtime.STATIC / name).read_bytes(), name


def test_the_stylesheets_are_in_the_sites_stylesheet(book):
    css = (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    for name in runtime.files():
        if name.endswith('.css'):
            assert f'/* course/{name} */' in css, name
    assert not soup(book, 'aula').find('style', attrs={runtime.ATTRIBUTE: True})
