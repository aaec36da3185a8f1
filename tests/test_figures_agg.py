"""Figures never vanish: with ``MPLBACKEND=Agg`` exported (ipykernel then does not select its
inline backend), every figure is still on its page, with its phone and dark renders, and a
figure cell that shows no image stops the build, naming the cell.

The book is ``tests/roots/test-figures`` (one executed lesson-like page: a figure script run with
``%run``, a plot of the page's own code shown by ``plt.show()``, one left open at the end of its
cell); the real lessons are checked to display their figures the same way, and the built site to
have every figure of every page (``tests/test_figures_site.py``).
"""
import io
import re
import shutil

import pytest
from bs4 import BeautifulSoup

from conftest import ROOT

FIGURE_ROOT = ROOT / 'tests' / 'roots' / 'test-figures'


def build(srcdir):
    from sphinx.testing.util import SphinxTestApp
    app = SphinxTestApp('html', srcdir=srcdir, status=io.StringIO(), warning=io.StringIO())
    try:
        app.build()
    finally:
        app.cleanup()
    return app


@pytest.fixture(scope='module')
def agg_book(tmp_path_factory):
    srcdir = tmp_path_factory.mktemp('figures') / 'book'
    shutil.copytree(FIGURE_ROOT, srcdir)
    with pytest.MonkeyPatch.context() as env:
        env.setenv('MPLBACKEND', 'Agg')
        app = build(srcdir)
    return app


def page(app, name='lessons/aula'):
    return BeautifulSoup((app.outdir / f'{name}.html').read_text(encoding='utf-8'), 'html.parser')


@pytest.mark.slow
def test_the_kernel_ran_with_mplbackend_agg(agg_book):
    assert 'MPLBACKEND = Agg' in page(agg_book).get_text()


@pytest.mark.slow
def test_every_figure_is_on_its_page_with_its_renders(agg_book):
    figures = page(agg_book).select('.cell_output img')
    assert len(figures) == 3, [img.get('src') for img in figures]
    assert figures[0]['alt'] == 'Um quadrado azul'
    for img in figures:
        sources = img.find_parent('picture').find_all('source')
        names = sorted(re.search(r'-(phone-dark|dark|phone)\.webp$', s['srcset']).group(1)
                       for s in sources)
        assert names == ['dark', 'phone', 'phone-dark'], img['src']
        for url in [img['src']] + [s['srcset'] for s in sources]:
            assert (agg_book.outdir / 'lessons' / url).resolve().is_file(), url


@pytest.mark.slow
def test_a_figure_cell_that_shows_nothing_stops_the_build(tmp_path):
    srcdir = tmp_path / 'book'
    shutil.copytree(FIGURE_ROOT, srcdir)
    lesson = srcdir / 'lessons' / 'aula.md'
    text = lesson.read_text(encoding='utf-8')
    # the lesson no longer selects the course's backend, and its figure cell relies on plt.show()
    text = text.replace("matplotlib.use('module://course.mpl_backend')", '')
    text = text.replace('%run ../figures/square.py',
                        'import matplotlib.pyplot as plt\nplt.plot([0, 1])\nplt.show()')
    lesson.write_text(text, encoding='utf-8')
    with pytest.MonkeyPatch.context() as env:
        env.setenv('MPLBACKEND', 'Agg')
        with pytest.raises(Exception) as raised:
            build(srcdir)
    message = str(raised.value)
    # the notebook's 4th cell: the title, the set-up cell, a paragraph, the figure cell
    assert 'lessons/aula' in message and 'célula 4 do notebook' in message, message
    assert 'import matplotlib.pyplot as plt' in message and 'não mostrou nenhuma imagem' in message


LESSONS = sorted((ROOT / 'lessons').glob('*.md'))


@pytest.mark.parametrize('lesson', LESSONS, ids=lambda p: p.stem)
def test_a_lesson_displays_its_own_plots_explicitly(lesson):
    """A lesson whose own code draws (``plt.show()``, ``plt.subplots``) selects the course's
    backend, which displays them as PNG outputs, before any of its plots."""
    text = lesson.read_text(encoding='utf-8')
    draws = [m.start() for m in re.finditer(r'plt\.(show|subplots|figure|plot)\(', text)]
    if not draws:
        return
    chosen = text.find("matplotlib.use('module://course.mpl_backend')")
    assert 0 <= chosen < draws[0], f'{lesson.name} draws before selecting course.mpl_backend'


@pytest.mark.parametrize('script', sorted((ROOT / 'figures').glob('*.py')), ids=lambda p: p.stem)
def test_a_figure_script_displays_its_figure_explicitly(script):
    """A script run by a lesson (``%run``) shows its figure with ``publish``, never by leaving it
    to the backend (``plt.show()``)."""
    text = script.read_text(encoding='utf-8')
    assert re.search(r"if __name__ == '__main__':\n(.*\n)*\s+publish\(draw, __file__", text), script.name
    assert 'plt.show(' not in text, script.name
