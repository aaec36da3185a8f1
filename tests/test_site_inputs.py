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
