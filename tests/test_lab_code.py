"""The lab's code is the code the validated page executes.

`labs/triagem.md` is the Colab notebook of the lab "a ferramenta de triagem". Its code cells
copied from the seed carry the cell tag ``seed``. The lessons `metricas-fundamental` (steps 1-7)
and `metricas-avancada` (steps 8-11), each in its parts (``course/toc.py``), execute the same code,
and nbval checks their stored outputs against the seed's. So every ``seed`` cell of the lab must
appear, verbatim, as a code cell of one of those parts: then the notebook students run in Colab
prints what the site shows.

The lab's shape is checked too: each of the 11 steps (and each simulation) opens with a
``> **Preveja.** ...`` blockquote before its first code cell, the first code cell installs the
course package only if it is missing, and the last code cell shows the quiz.
"""
import difflib
import re

import jupytext
import pytest

from conftest import ROOT
from course import toc

LAB = ROOT / 'labs' / 'triagem.md'
# every part of the two metrics lessons (course/toc.py): a lesson in parts holds the lab's code in one of them
LESSONS = [ROOT / f'{part}.md' for lesson in toc.lessons(ROOT)
           if lesson.name in ('metricas-fundamental', 'metricas-avancada') for part in lesson.parts]
SEED_TAG = 'seed'
N_STEPS = 11
N_SEED_CELLS = 15           # the seed's lab: 11 steps + 4 simulations, one code block each
HEADING = re.compile(r'^#{1,6}\s+(.*)$', re.M)
STEP = re.compile(r'^Passo\s+(\d+)\b')
PREVEJA = re.compile(r'^>\s*\*\*Preveja\.\*\*\s+\S', re.M)


def _lab_cells():
    return jupytext.read(LAB).cells


def _tags(cell):
    return cell.metadata.get('tags', [])


def _sections():
    """The lab split at its headings: [(heading text, [cells under it])]."""
    sections = [('(before the first heading)', [])]
    for cell in _lab_cells():
        if cell.cell_type == 'markdown':
            found = HEADING.findall(cell.source)
            if found:   # the heading's cell (and its Preveja) opens the new section
                sections.append((found[-1].strip(), []))
        sections[-1][1].append(cell)
    return sections


def _seed_cells():
    """[(ascii test id, section title, source)] of the lab's `seed` cells, in order."""
    found, step = [], 0
    for title, cells in _sections():
        match = STEP.match(title)
        step = int(match.group(1)) if match else step
        ident = f'passo-{step:02d}' if match else f'simulacao-apos-passo-{step:02d}'
        sources = [c.source.strip() for c in cells if c.cell_type == 'code' and SEED_TAG in _tags(c)]
        found += [(f'{ident}-{n}' if n else ident, title, src) for n, src in enumerate(sources)]
    return found


SEED_CELLS = _seed_cells()
SEED_SOURCES = [source for _, _, source in SEED_CELLS]


def test_lab_marks_the_seed_cells():
    assert len(SEED_SOURCES) == N_SEED_CELLS, (
        f'{LAB.relative_to(ROOT)} has {len(SEED_SOURCES)} code cells tagged `{SEED_TAG}`; '
        f'the seed\'s lab has {N_SEED_CELLS} code blocks (steps 1-11 and 4 simulations), '
        'each copied into one cell with `:tags: [seed]`')


@pytest.fixture(scope='module')
def lesson_code():
    code = []
    for page in LESSONS:
        assert page.exists(), f'{page.relative_to(ROOT)} is missing: the lab is checked against it'
        code += [c.source.strip() for c in jupytext.read(page).cells if c.cell_type == 'code']
    return code


@pytest.mark.parametrize('where, source', [cell[1:] for cell in SEED_CELLS],
                         ids=[cell[0] for cell in SEED_CELLS])
def test_seed_cell_is_executed_by_a_lesson_page(where, source, lesson_code):
    if source in lesson_code:
        return
    names = ' or '.join(p.relative_to(ROOT).as_posix() for p in LESSONS)
    closest = difflib.get_close_matches(source, lesson_code, n=1, cutoff=0.5)
    if closest:
        diff = '\n'.join(difflib.unified_diff(closest[0].splitlines(), source.splitlines(),
                                              'lesson page', 'lab', lineterm=''))
        hint = f'The closest code cell of the lessons differs:\n{diff}'
    else:
        hint = 'No code cell of the lessons resembles it.'
    pytest.fail(f'The `{SEED_TAG}` cell of {LAB.relative_to(ROOT)} under "{where}" is not a code cell of {names}, '
                'so nbval never checks its output. The lab and the page must hold the seed\'s code '
                f'verbatim.\n--- lab cell ---\n{source}\n--- end ---\n{hint}')


def test_every_step_opens_with_a_preveja_prompt():
    steps = []
    problems = []
    for title, cells in _sections():
        match = STEP.match(title)
        has_seed = any(c.cell_type == 'code' and SEED_TAG in _tags(c) for c in cells)
        if not (match or has_seed):
            continue
        if match:
            steps.append(int(match.group(1)))
        code_at = [i for i, c in enumerate(cells) if c.cell_type == 'code']
        if not code_at:
            problems.append(f'"{title}": no code cell')
            continue
        before = cells[:code_at[0]]
        if not any(c.cell_type == 'markdown' and PREVEJA.search(c.source) for c in before):
            problems.append(f'"{title}": no `> **Preveja.** ...` blockquote before its first code cell')
    assert steps == list(range(1, N_STEPS + 1)), \
        f'the lab\'s step headings ("Passo N — ...") are {steps}, expected 1 to {N_STEPS} in order'
    assert not problems, 'lab sections without their prediction prompt:\n' + '\n'.join(problems)


def test_first_code_cell_installs_the_course_package_if_missing():
    first = next(c for c in _lab_cells() if c.cell_type == 'code').source
    assert 'import course' in first and '%pip install' in first and 'except ImportError' in first, \
        'the first code cell must install the course package only if it is missing (MANUTENCAO.md, "Como adicionar uma aula")'


def test_last_code_cell_shows_the_quiz():
    last = [c for c in _lab_cells() if c.cell_type == 'code'][-1].source
    assert 'from course.quiz import show_quiz' in last and "show_quiz('metricas')" in last, \
        f'the last code cell of {LAB.relative_to(ROOT)} must show the quiz ' \
        f"(`from course.quiz import show_quiz`, `show_quiz('metricas')`), found:\n{last}"

