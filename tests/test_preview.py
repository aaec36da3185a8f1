"""The live preview while writing (scripts/preview.py, timed by scripts/preview_timing.py).

What an instructor would notice if it broke:
- the preview writes into _build/html (the site the tests and the publishing read), or rebuilds
  for ever because it watches what its own build writes;
- an edit of a lesson, a quiz bank, a figure script or the course package does not show;
- the preview's pages differ from the site's (another configuration, an extension missing);
- every lesson is executed again at the first start, or a prose edit executes its lesson;
- the command starts nothing, or serves the old page after a save.
"""
import re
import shutil
import subprocess
import sys

import pytest
import reuse
import small_book

from conftest import JUPYTER_BOOK, ROOT

sys.path.insert(0, str(ROOT / 'scripts'))
import preview  # noqa: E402
import preview_timing  # noqa: E402


@pytest.fixture(scope='module')
def parsed():
    """The preview's command line as sphinx-autobuild itself reads it, and its watch filter."""
    from sphinx_autobuild.__main__ import _parse_args
    from sphinx_autobuild.filter import IgnoreFilter
    command = preview.autobuild_command(ROOT, port=8123)
    assert command[1:3] == ['-m', 'sphinx_autobuild']
    args, build_args = _parse_args(command[3:])
    ignore = IgnoreFilter([*args.ignore, args.outdir, args.doctree_dir], args.re_ignore)
    return args, build_args, ignore


def test_the_preview_builds_into_a_folder_of_its_own(parsed):
    args, build_args, _ = parsed
    assert args.sourcedir == ROOT
    assert args.outdir == ROOT / '_build' / 'preview' / 'html'
    assert args.doctree_dir == ROOT / '_build' / 'preview' / 'doctrees'
    assert build_args[build_args.index('-c') + 1] == str(ROOT / '_build' / 'preview' / 'conf')
    assert args.port == 8123 and args.host == '127.0.0.1'
    assert '-W' not in build_args        # a warning is printed, the page is still shown


@pytest.mark.parametrize('path', [
    'lessons/custo.md', 'labs/triagem.md', 'quiz/custo.yml', 'figures/cost_curve.py',
    'course/metrics.py', 'course/static/explorables.js', 'course/confira_texts/triagem.yml',
    '_static/print.css', '_ext/course_assets.py', '_config.yml', '_toc.yml', 'intro.md',
    'glossario.md', 'slides/fundamental.md'])
def test_what_the_book_is_made_of_is_watched(parsed, path):
    _, _, ignore = parsed
    assert (ROOT / path).exists(), path
    assert not ignore(str(ROOT / path)), f'{path} is not watched'


@pytest.mark.parametrize('path', [
    '_build/html/lessons/custo.html', '_build/preview/html/lessons/custo.html',
    '_build/.jupyter_cache/global.db', '_build/preview/jupyter_execute/lessons/custo.ipynb',
    'figures/out/cost_curve.png', 'lessons/custo.ipynb', 'labs/triagem.ipynb',
    'course/__pycache__/metrics.cpython-311.pyc', 'lessons/.custo.md.swp', 'lessons/custo.md~',
    'lessons/.ipynb_checkpoints/custo-checkpoint.md', 'tests/test_print.py',
    'node_modules/katex/package.json', '.git/index'])
def test_what_builds_and_editors_write_is_not_watched(parsed, path):
    _, _, ignore = parsed
    assert ignore(str(ROOT / path)), f'{path} would start a rebuild'


def generated_conf(tmp_path) -> dict:
    """What `jupyter-book config sphinx` writes for this book (run on a copy of _config.yml, so
    that no conf.py lands in the book's folder), as a dict."""
    (tmp_path / '_config.yml').write_text((ROOT / '_config.yml').read_text(encoding='utf-8'),
                                          encoding='utf-8')
    subprocess.run([str(JUPYTER_BOOK), 'config', 'sphinx', str(ROOT), '--config',
                    str(tmp_path / '_config.yml')], check=True, capture_output=True)
    values = {}
    exec((tmp_path / 'conf.py').read_text(encoding='utf-8'), values)
    return {k: v for k, v in values.items() if not k.startswith('__')}


def test_the_configuration_is_jupyter_books_with_absolute_paths_and_the_builds_cache(tmp_path):
    generated = generated_conf(tmp_path)
    ours = preview.book_config(ROOT)
    differ = {k for k in set(generated) | set(ours) if generated.get(k) != ours.get(k)}
    assert differ == {'html_static_path', 'html_favicon', 'nb_execution_cache_path'}
    assert ours['html_static_path'] == [str(ROOT / p) for p in generated['html_static_path']]
    assert ours['html_favicon'] == str(ROOT / generated['html_favicon'])
    # jupyter-book build writes into _build/html; myst-nb keeps its cache next to it
    assert generated['nb_execution_cache_path'] == ''
    assert ours['nb_execution_cache_path'] == str(ROOT / '_build' / '.jupyter_cache')
    for name in ('page_assets', 'course_assets', 'formulas', 'slides', 'preveja', 'lesson_inputs', 'glued_text', 'confira',
                 'handout'):
        assert name in ours['extensions']
    assert str(ROOT / '_ext') in sys.path or str((ROOT / '_ext').resolve()) in sys.path


def test_the_written_conf_adds_only_the_previews_extension(tmp_path):
    folder = preview.write_conf(ROOT)
    assert folder == ROOT / '_build' / 'preview' / 'conf'
    values = {}
    exec((folder / 'conf.py').read_text(encoding='utf-8'), values)
    assert values['extensions'] == preview.book_config(ROOT)['extensions'] + ['preview']
    assert not (ROOT / 'conf.py').exists(), 'a conf.py in the book would be read by nothing'


def test_the_preview_defers_only_what_reading_a_page_does_not_need(tmp_path):
    """In the preview the search index and the offline list wait for a real build (when the last
    one left them); every other end-of-build step runs, and the site's build defers nothing."""
    import page_assets

    class App:
        class config:
            course_preview = True
    made = tmp_path / 'offline.json'
    assert not page_assets.deferred_in_preview(App, made)          # nothing yet: written
    made.write_text('{}')
    assert page_assets.deferred_in_preview(App, made)
    App.config.course_preview = False
    assert not page_assets.deferred_in_preview(App, made)
    values = {}
    exec((preview.write_conf(ROOT) / 'conf.py').read_text(encoding='utf-8'), values)

    class Config:
        course_preview = False
    preview._preview_mode(None, Config)
    assert Config.course_preview is True


def test_the_slides_are_rendered_again_only_when_what_they_are_made_of_changes(tmp_path):
    import slides
    for name in ('slides/fundamental.md', 'figures/cost_curve.py', 'course/data.py', 'lessons/custo.md'):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text('x', encoding='utf-8')
    (tmp_path / '_ext').mkdir()
    first = slides.inputs_key(tmp_path)
    (tmp_path / 'figures' / 'out').mkdir()
    (tmp_path / 'figures' / 'out' / 'cost_curve.png').write_bytes(b'png')   # a figure's output
    (tmp_path / 'lessons' / 'custo.md').write_text('a prose edit', encoding='utf-8')
    assert slides.inputs_key(tmp_path) == first
    for name in ('slides/fundamental.md', 'figures/cost_curve.py', 'course/data.py'):
        (tmp_path / name).write_text('y', encoding='utf-8')
        changed = slides.inputs_key(tmp_path)
        assert changed != first, name
        first = changed
    (tmp_path / 'lessons' / 'custo.md').write_text(
        '<iframe class="slides-embed" src="../slides/fundamental.html"', encoding='utf-8')
    assert slides.inputs_key(tmp_path) != first                    # which lesson shows the deck


def test_the_rebuilds_run_in_a_fork_that_has_imported_the_build_once():
    from sphinx_autobuild.build import Builder
    assert issubclass(preview.forking_builder(), Builder)
    assert {'sphinx.cmd.build', 'myst_nb', 'sphinx_book_theme'} <= set(preview.PRELOAD)


def test_the_readme_documents_the_command_and_the_guide_its_times():
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert 'python scripts/preview.py' in readme
    guide = (ROOT / preview_timing.GUIDE).read_text(encoding='utf-8')   # MANUTENCAO.md
    block = re.search(r'<!-- preview -->\n(.*?)<!-- /preview -->', guide, re.S)
    assert block and re.search(r'uma palavra no texto \| \d+,\d s \| nenhuma', block.group(1))
    assert re.search(rf'célula de código \| \d+,\d s \| {preview_timing.LESSON} \|', block.group(1))


# The copy lives here from one run to the next, as the instructor's does (tests/small_book.py): its
# sources are the course's again at every run, its preview's own build stays, so that the first
# start reads again only the pages an edit reached (a clean clone, or --fresh, starts it anew).
# It is a small book of the two lessons the test reads (the edit's and the figures'): an edit of
# another lesson does not reach it.
KEPT = ROOT / '_build' / 'preview-copy' / 'curso'
PREVIEWED = ('regressao', 'custo')


@pytest.mark.slow
def test_a_saved_edit_is_served_and_the_page_reloads(site, browser):
    """The real command on a copy of the book (a small book: two lessons, the home page, the
    glossary and "Meu progresso"): the first start executes nothing (the build's cache), a prose
    edit shows in the open page by itself, without executing the lesson, and nothing is written
    into _build/html."""
    from course import toc
    if reuse.fresh() and KEPT.exists():
        shutil.rmtree(KEPT)
    pages = [p for lesson in toc.lessons(ROOT) if lesson.name in PREVIEWED for p in lesson.parts]
    folder = small_book.copy(KEPT, cache=False, pages=pages)
    small_book.keep(folder, ['intro', *pages, 'glossario', 'progresso'])
    small_book.settle(folder)        # the cut _toc.yml and _config.yml keep their last run's time
    with preview_timing.BookCopy(folder=folder) as book, preview_timing.Preview(book.root) as running:
        assert f'Using jupyter-cache at: {book.root / "_build" / ".jupyter_cache"}' in running.log
        assert 'Executing notebook' not in running.log, 'the first start executed a lesson'
        page = browser.new_page()
        name = 'lessons/regressao.md'
        seconds = preview_timing.time_edit(page, running, book, name,
                                           preview_timing.add_to_prose('PALAVRANOVA'), 'PALAVRANOVA',
                                           timeout=300)
        page.close()
        assert 'Executing notebook' not in running.log, 'a prose edit executed the lesson'
        served = (book.root / '_build' / 'preview' / 'html' / 'lessons' / 'regressao.html') \
            .read_text(encoding='utf-8')
        assert 'PALAVRANOVA' in served
        # the page as the site has it: the extensions' end-of-build rewrites ran (its stylesheets
        # and scripts; its links to the previous and next pages are the small book's)
        built = (site / 'lessons' / 'regressao.html').read_text(encoding='utf-8')
        head = lambda html: sorted(u for u in re.findall(r'<(?:link|script)[^>]*(?:href|src)="([^"?]+)', html)  # noqa: E731
                                   if not u.endswith('.html'))
        assert head(served) == head(built)
        # the figures as the site has them (WebP renders in a <picture>, _ext/figures.py): on the
        # cost lesson, written by the same preview (regressao has no figure)
        preview_page = (book.root / '_build' / 'preview' / 'html' / 'lessons' / 'custo.html') \
            .read_text(encoding='utf-8')
        site_page = (site / 'lessons' / 'custo.html').read_text(encoding='utf-8')
        figures = lambda html: (html.count('.webp"'), html.count('<picture>'))  # noqa: E731
        assert figures(preview_page) == figures(site_page) and min(figures(site_page)) > 0
        assert 'THEBE_JS_URL' not in served
        assert not (book.root / '_build' / 'html').exists()
        assert not (book.root / 'conf.py').exists()
        print(f'prose edit shown after {seconds:.1f} s')
    assert running.process.poll() is not None, 'the preview still runs after stop()'
