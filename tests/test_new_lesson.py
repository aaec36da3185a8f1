"""The instructor's path, as MANUTENCAO.md "Adaptar o curso" gives it, on a small book (tests/small_book.py).

In a copy of the course: a price of the cost lesson changes (a miss costs 20), ``repository.url``
points at a fork, ``scripts/new_lesson.py`` adds a lesson and its lab from the template, and
``scripts/refresh.py --accept`` brings everything up to date. Then the checks those edits reach:

- the cost lesson's numbers follow the new price (the page, its explorable), and the seed test
  accepts the departure that ``--accept`` recorded;
- the fork's address stands wherever the course writes its address (the package, the labs, the
  lessons' Colab set-up, the built pages' buttons) and the old one nowhere;
- the template's lesson and lab pass every tier of the suite as the template writes them: the
  copy's own tests that are about those pages (``-k`` their name: nbval of the lesson, the page
  checks, the browser tests), run on the copy's small book, with the cost lesson's numbers
  recomputed (``test_custo_numbers.py``) and the glossary's checks of its prose;
- the lessons' words stay within the course's budget at the new price.

The small book holds the home page, the cost lesson (all its parts), the new lesson and lab, the glossary and
"Meu progresso", so the build executes only what changed (the cost lesson and the new lesson).
"""
import os
import re
import shutil
import subprocess
import sys

import pytest
import reuse
import small_book
import yaml
from bs4 import BeautifulSoup

from conftest import JUPYTER_BOOK, ROOT
from course import toc
from course.site import pages_url

BUILD_AGAIN = [str(JUPYTER_BOOK), 'build', '.', '-W', '-n', '--keep-going']   # the instructor's next build, in the book's folder

pytestmark = pytest.mark.slow      # builds a book and drives a browser

# The lesson the test adds: the guide's example name, or another in a checkout that already holds
# a lesson by that name (an instructor who followed the guide). The copy this test makes holds both;
# there the module is only collected, not run.
NAMES = ('exemplo-novo', 'outra-aula-nova')
NAME = next((n for n in NAMES if not (ROOT / 'lessons' / f'{n}.md').exists()), NAMES[-1])
TITLE = 'Uma aula nova'
# The example of a fork and of a new price; a checkout that is that fork already (an
# instructor who followed the guide) is changed to the next ones, so the edits are edits.
FORKS = ['https://github.com/prof-exemplo/curso-metricas-2027', 'https://github.com/prof-exemplo/curso-metricas-2028']
PRICE = re.compile(r'^(def costs\(p, i=slice\(None\), c_fn=)(\d+)(, c_fp=)(\d+)(\):.*)$', re.M)
MISS_PRICES = [20, 30]
MISSES, ALARMS = 24, 14       # the 0,5 threshold's misses and false alarms (the seed's counts: the model's, not the prices')
# the glossary's checks of a page's prose, run on the cost pages too: their sentences change with the
# price (at 20 a seed note once named "alarme falso" before its link)
GLOSSARY_TESTS = 'test_first_use_of_each_term_links_its_entry or test_no_banned_form_in_the_prose'


def run(args, cwd, **kw):
    env = dict(os.environ, PYTHONPATH=str(cwd))
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, **kw)


# The copy lives here from one run to the next: its sources are the course's again at every run
# (tests/small_book.py), its own _build/ stays, so that its build and its test run reuse what the
# edit did not reach, as this checkout's do (a clean clone, or --fresh, starts it anew).
FORK = ROOT / '_build' / 'instructor' / 'curso'
# the words of the cost parts in the copy's site, with the key of the files the copy was made of
COST_WORDS = FORK / '_build' / 'cost-words.json'


def copied_pages():
    """The pages whose sources the copy holds (tests/small_book.py): the cost lesson's parts, the lab
    of that lesson (``new_lesson.py`` copies a lab's first cell), and the home, glossary and progress
    pages, which are not lessons. Another lesson's edit does not reach the copy, nor these tests."""
    cost = next(x for x in toc.lessons(ROOT) if x.name == 'custo')
    return [*cost.parts, 'labs/custo']


def copy_key():
    """What the copy's site is made of: the files the copy takes from the course, and the environment."""
    return reuse.digest([reuse.environment(), reuse.files_digest(ROOT / p for p in small_book.sources(copied_pages()))])


def about_absent_pages(book):
    """``--ignore`` for each test module of the copy about one page it does not hold: they read that
    page's sources as they are imported (``test_<lesson>_numbers.py``; ``test_lab_code.py``, the lab
    ``triagem`` and the metrics lessons), and the course's run checks them."""
    about = {m: 'lessons/' + m.stem[len('test_'):-len('_numbers')].replace('_', '-')
             for m in (book / 'tests').glob('test_*_numbers.py')}
    about[book / 'tests' / 'test_lab_code.py'] = 'labs/triagem'
    return [f'--ignore={m.relative_to(book)}' for m, page in sorted(about.items()) if not (book / f'{page}.md').exists()]


@pytest.fixture(scope='module')
def instructor():
    """The copy after the instructor's three edits and ``refresh.py --accept``, and its own test
    run of the new pages (which builds its small book). Without this checkout's execution cache:
    the fork's address is in every lesson's Colab set-up cell, so no part of the small book would
    find its run there; and so the copy does not wait for this run's build, and runs beside it."""
    if reuse.fresh() and FORK.exists():
        shutil.rmtree(FORK)
    book = small_book.copy(FORK, cache=False, pages=copied_pages())
    original = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))['repository']['url']
    fork = next(f for f in FORKS if f != original.rstrip('/'))
    lesson = book / 'lessons' / 'custo-verificacao.md'   # the part whose visible code the others copy
    text = lesson.read_text(encoding='utf-8')
    visible = list(PRICE.finditer(text))[-1]            # the lesson's code (MANUTENCAO.md, step 1)
    miss, alarm = int(visible.group(2)), int(visible.group(4))
    new_miss = next(m for m in MISS_PRICES if m != miss)
    lesson.write_text(text[:visible.start(2)] + str(new_miss) + text[visible.end(2):], encoding='utf-8')
    config = book / '_config.yml'
    config.write_text(config.read_text(encoding='utf-8').replace(original, fork), encoding='utf-8')
    made = run([sys.executable, 'scripts/new_lesson.py', NAME, TITLE], book, timeout=900)
    assert made.returncode == 0, made.stdout + made.stderr
    refreshed = run([sys.executable, 'scripts/refresh.py', '--accept'], book, timeout=900)
    assert refreshed.returncode == 0, refreshed.stdout + refreshed.stderr
    cost_parts = list(next(x for x in toc.lessons(book) if x.name == 'custo').parts)
    small_book.keep(book, ['intro', *cost_parts, f'lessons/{NAME}', f'labs/{NAME}', 'glossario', 'progresso'])
    small_book.settle(book)        # what the edits made as in the last run keeps that run's time
    tests = run([sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-n', '0', *about_absent_pages(book),
                 '-k', f'{NAME} or {NAME.replace("-", "_")} or (test_seed_outputs or {GLOSSARY_TESTS}) and custo '
                 f'or test_custo_numbers'],
                book, timeout=1800)
    return {'book': book, 'html': book / '_build' / 'html', 'original': original, 'fork': fork,
            'miss': miss, 'new_miss': new_miss, 'alarm': alarm, 'refresh': refreshed.stdout, 'tests': tests,
            'cost_parts': cost_parts}


def test_the_new_pages_pass_every_tier_of_the_suite(instructor):
    toc = yaml.safe_load((instructor['book'] / '_toc.yml').read_text(encoding='utf-8'))
    chapters = [c['file'] for part in toc['parts'] for c in part['chapters']]
    assert f'lessons/{NAME}' in chapters and f'labs/{NAME}' in chapters, 'the new lesson is a part of another one'
    tests = instructor['tests']
    assert tests.returncode == 0, tests.stdout[-8000:] + tests.stderr[-2000:]
    summary = tests.stdout.strip().splitlines()[-1]
    passed = int(re.search(r'(\d+) passed', summary).group(1))
    assert 'failed' not in summary and 'error' not in summary and 'skipped' not in summary, summary
    # nbval of the new lesson's notebook, its pages' browser tests and the seed test all ran
    assert re.search(rf'lessons/{NAME}\.ipynb', tests.stdout + tests.stderr) or passed > 40, summary


def test_the_cost_lesson_follows_the_new_price(instructor):
    page = (instructor['html'] / 'lessons' / 'custo.html').read_text(encoding='utf-8')
    soup = BeautifulSoup(page, 'html.parser')
    prose = ' '.join(soup.select_one('article').get_text(' ').split())
    # the 0,5 threshold's misses and false alarms at the new price (20 · 24 + 14 = 494 on the course)
    new, alarm = instructor['new_miss'], instructor['alarm']
    cost, old_cost = new * MISSES + alarm * ALARMS, instructor['miss'] * MISSES + alarm * ALARMS
    assert f'{new} * {MISSES} + {alarm} * {ALARMS} = {cost}' in prose and f'({cost})' in prose   # printed, and glued
    assert not re.search(rf'(?<!TN=)\b{old_cost}\b', prose), 'the old cost of the 0,5 threshold is still on the page'
    control = soup.select_one('.explorable-cost input[data-control="cost_fn"]')
    assert control is not None and control['value'] == str(new), 'the explorable opens at the old price'
    assert 'accepted: recorded in seeds/accepted.json' in instructor['refresh']


def test_the_fork_address_stands_wherever_the_course_writes_it(instructor):
    book, original = instructor['book'], instructor['original']
    fork = instructor['fork']
    owner, repo = fork.rstrip('/').split('/')[-2:]
    site = f'https://{owner}.github.io/{repo}/'
    old_site = pages_url(original)
    assert f"REPOSITORY = '{fork}'" in (book / 'course' / 'site.py').read_text(encoding='utf-8')
    for md in sorted((book / 'labs').glob('*.md')) + sorted((book / 'lessons').glob('*.md')):
        text = md.read_text(encoding='utf-8')
        assert original not in text and old_site not in text, md.name
        assert fork in text, f'{md.name}: the Colab set-up does not clone or install the fork'
    lab = (book / 'labs' / f'{NAME}.md').read_text(encoding='utf-8')
    assert f'{site}lessons/{NAME}.html' in lab, 'the new lab does not link back to its lesson on the fork\'s site'
    for page in ('lessons/custo.html', f'labs/{NAME}.html'):
        built = (instructor['html'] / page).read_text(encoding='utf-8')
        assert original not in built and old_site not in built, page
        assert f'colab.research.google.com/github/{owner}/{repo}/' in built, f'{page}: Colab button'


def test_building_again_with_nothing_changed_writes_nothing_and_passes(instructor):
    """The instructor's second ``jupyter-book build`` with no edit: "no targets are out of date",
    exit 0, and the site as it was (a handler of the last step once failed on such a build)."""
    book, html = instructor['book'], instructor['html']
    # what the end of a build writes (the stylesheet bundle, the offline list and worker) and a page
    before = {p: (html / p).read_bytes() for p in ('_static/site.css', 'offline.json', 'sw.js', 'lessons/custo.html')}
    again = run(BUILD_AGAIN, book, timeout=900)
    assert again.returncode == 0, again.stdout[-4000:] + again.stderr[-2000:]
    assert 'no targets are out of date' in again.stdout
    assert {p: (html / p).read_bytes() for p in before} == before


def test_a_stylesheet_edited_alone_reaches_the_site_at_the_next_build(instructor):
    """Sphinx copies ``_static/`` at the end of a build that wrote a page: with no page out of
    date, an edited stylesheet stayed old on the site (and in the preview) until a page changed."""
    book, html = instructor['book'], instructor['html']
    rule = '.editado-so-no-estilo { color: #0a0b0c; }'
    with open(book / '_static' / 'course.css', 'a', encoding='utf-8') as css:
        css.write('\n' + rule + '\n')
    again = run(BUILD_AGAIN, book, timeout=900)
    assert again.returncode == 0, again.stdout[-4000:] + again.stderr[-2000:]
    assert rule in (html / '_static' / 'course.css').read_text(encoding='utf-8')
    assert rule in (html / '_static' / 'site.css').read_text(encoding='utf-8')   # the course's own sheets join it whole


def test_the_lessons_words_at_the_new_price_stay_within_the_budget(request, site):
    """The course's word budget (budget.yml, words.lessons) holds with the cost lesson at the new
    price, whose sentences say other numbers (at 20 the lessons once went 55 words over); the
    template's lesson is not in the total (words.counted). Last in the file: it waits for the site.

    Any lesson's edit runs it again, but not the copy: the cost parts' words in the copy's site are
    kept with the key of what the copy is made of (``copy_key``), and counted again when it changes."""
    from test_parts import MAX_WORDS_IN_LESSONS, counted_pages, words_of
    key, record = copy_key(), reuse.read(COST_WORDS)
    if reuse.fresh() or not record or record['key'] != key:
        made = request.getfixturevalue('instructor')
        record = {'key': key, 'miss': made['new_miss'],
                  'words': {page: words_of(made['html'], page) for page in made['cost_parts']}}
        reuse.write(COST_WORDS, record)
    total = sum(record['words'][page] if page in record['words'] else words_of(site, page)
                for page in counted_pages())
    assert total <= MAX_WORDS_IN_LESSONS, (
        f'at a miss price of {record["miss"]} the lessons hold {total} words, more than '
        f'{MAX_WORDS_IN_LESSONS}: cut, or change words.lessons in budget.yml')
