"""The site is never stale: a lesson is rebuilt when its quiz bank, its figure scripts or the
course package change (_ext/lesson_inputs.py), and what the built page shows is what those
inputs make now."""
import importlib.util
import json
import re

import pytest
import stored
from bs4 import BeautifulSoup

from conftest import ROOT
from course import quiz

spec = importlib.util.spec_from_file_location('lesson_inputs', ROOT / '_ext' / 'lesson_inputs.py')
lesson_inputs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lesson_inputs)


def lesson_glue(lesson):
    return stored.glue_values(lesson)


def test_a_lesson_depends_on_its_bank_its_figures_and_the_package():
    text = (ROOT / 'lessons' / 'custo.md').read_text(encoding='utf-8')
    names = {p.relative_to(ROOT).as_posix() for p in lesson_inputs.inputs_of(text)}
    assert {'quiz/custo.yml', 'figures/cost_curve.py', 'course/metrics.py', 'course/quiz.py',
            'course/static/quiz.js'} <= names


def test_the_digest_follows_every_input(tmp_path, monkeypatch):
    monkeypatch.setattr(lesson_inputs, 'ROOT', tmp_path)
    (tmp_path / 'a.yml').write_text('x: 1')
    before = lesson_inputs.digest([tmp_path / 'a.yml'])
    (tmp_path / 'a.yml').write_text('x: 2')
    assert lesson_inputs.digest([tmp_path / 'a.yml']) != before


def test_the_digest_goes_into_the_first_code_cell():
    text = (ROOT / 'lessons' / 'custo.md').read_text(encoding='utf-8')
    marked = lesson_inputs.with_digest(text, 'abc123')
    first = marked[marked.index('```{code-cell}'):]
    first = first[:first.index('\n```\n')]
    assert ':tags: [remove-cell]\n\n# course inputs: abc123\n' in first


def _math_as_tex(value):
    """The quiz data with each formula as its TeX: the build writes formulas with KaTeX, the
    renderer leaves them as text for the browser; both carry the same ``data-tex``."""
    if isinstance(value, list):
        return [_math_as_tex(v) for v in value]
    if isinstance(value, dict):
        return {k: _math_as_tex(v) for k, v in value.items()}
    if isinstance(value, str) and 'cq-math' in value:
        soup = BeautifulSoup(value, 'html.parser')
        for span in soup.select('span.cq-math'):
            span.replace_with(span['data-tex'])
        return str(soup)
    return value


def built_quiz_data(html):
    soup = BeautifulSoup(html, 'html.parser')
    return [_math_as_tex(json.loads(s.string.replace('<\\/', '</')))
            for s in soup.select('.cq-quiz script.cq-data')]


@pytest.mark.slow
@pytest.mark.parametrize('name', quiz.bank_names())
def test_the_built_quiz_equals_its_bank(site, name):
    """Each page that a bank's questions point to shows exactly those questions, with the
    lesson's numbers (a lesson on two pages, like the metrics lesson, splits its bank)."""
    bank = quiz.load_bank(name)
    filled = quiz.fill(bank, lesson_glue(bank['lesson']))
    pages = sorted({q['section'].split('#')[0] for q in bank['questions']})
    for page_html in pages:
        page = site / 'lessons' / page_html
        built = built_quiz_data(page.read_text(encoding='utf-8'))
        mine = dict(filled, questions=[q for q in filled['questions'] if q['section'].startswith(page_html)])
        expected = built_quiz_data(quiz.render(mine, absolute_links=False))
        assert expected[0] in built, (f'lessons/{page_html} shows another quiz than quiz/{name}.yml '
                                      'filled with the lesson\'s numbers: rebuild (jupyter-book build .)')


@pytest.mark.slow
def test_the_cost_figure_alt_text_has_the_lessons_numbers(site):
    soup = BeautifulSoup((site / 'lessons' / 'custo.html').read_text(encoding='utf-8'), 'html.parser')
    glue = lesson_glue('custo')
    alts = [img.get('alt', '') for img in soup.find_all('img') if 'Dois painéis' in img.get('alt', '')]
    assert len(alts) == 1 and '{' not in alts[0]
    for name in ('custo_best_thr', 'custo_best_cost', 'custo_theory_cost', 'custo_cost_05', 'custo_f1_max'):
        assert glue[name] in alts[0], name
    assert not re.search(r'\{custo_', soup.get_text())


def test_refresh_takes_the_builds_run_of_the_same_code(tmp_path, monkeypatch):
    """scripts/refresh.py takes a run from the execution cache under the build's key for the same
    code, its outputs on the part's own cells (without the digest line)."""
    import jupytext
    import nbformat
    import refresh
    monkeypatch.setattr(refresh, 'CACHE', tmp_path / 'cache')
    md = ROOT / 'lessons' / 'custo-verificacao.md'
    assert refresh.from_the_build(md) is None                     # no cache: nothing to take
    ran = jupytext.read(md)
    for k, cell in enumerate(refresh.code_cells(ran)):
        cell.outputs = [nbformat.v4.new_output('stream', name='stdout', text=f'{k}\n'),
                        nbformat.v4.new_output('stream', name='stdout', text='fim\n')]
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn
    keyed = refresh.as_the_build_reads(md)                     # as the build leaves its run
    for cell, done in zip(refresh.code_cells(keyed), refresh.code_cells(ran)):
        cell.outputs = done.outputs
    get_cache(refresh.CACHE).cache_notebook_bundle(CacheBundleIn(keyed, str(md)), check_validity=False)
    taken = refresh.from_the_build(md)
    assert taken is not None
    cells = refresh.code_cells(taken)
    assert [c.source for c in cells] == [c.source for c in refresh.code_cells(jupytext.read(md))]
    assert all(c.outputs == [{'output_type': 'stream', 'name': 'stdout', 'text': f'{k}\nfim\n'}]
               for k, c in enumerate(cells))
    keyed = refresh.as_the_build_reads(md)
    first = refresh.code_cells(keyed)[0]
    assert first.source.startswith('# course inputs: ')
    first.source = first.source.replace('# course inputs: ', '# course inputs: 0', 1)   # another input
    monkeypatch.setattr(refresh, 'as_the_build_reads', lambda m: keyed)
    assert refresh.from_the_build(md) is None

@pytest.mark.slow
def test_refresh_finds_the_builds_run_of_every_part(site):
    """What refresh.py takes from the execution cache is what the build ran: for every part, the
    key refresh computes is the one under which this run's build left its execution."""
    import refresh
    missing = [md.name for md in sorted((ROOT / 'lessons').glob('*.md')) if refresh.from_the_build(md) is None]
    assert not missing, f"refresh.py would not find the build's run of {missing}"
