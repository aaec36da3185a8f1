"""The lessons in phone-sized parts: each part a page a student spends at most 12 minutes on, that
says where it stands and how long it takes, ends with its own short check and leads to the next;
the lessons a quarter shorter than on 2026-12-02; a lab's story told in the lab, not again in the
lesson.

The time is the course's count, ``_ext/parts.minutes`` (COURSE.md): the words that
``_ext/parts.visible_words`` counts (the measure of the course's ``shared/tools/prose_words.py``:
the article's text without code, outputs, hidden MathML, controls; answers of the Preveja boxes
included) at 180 a minute, a minute for each Preveja, Pratique and explorable, half a minute for
each check question."""
import re

import pytest
from bs4 import BeautifulSoup
from pageweight import BUDGET_FILE, budget  # noqa: E402  (scripts/, on the path through conftest.py)

from conftest import ROOT
from course import toc

pytestmark = pytest.mark.slow      # reads the built book

WORDS = budget()['words']          # the course's word budget, with the site's others (budget.yml)
MAX_WORDS_PER_PART = WORDS['per_part']
MAX_MINUTES = 12                  # issue 41: a bus ride
MAX_WORDS_IN_LESSONS = WORDS['lessons']
MAX_CHECK = 8
MAX_SHARED_RUNS = 60              # ten-word runs of the lesson pages that also stand in a lab or a Confira note
LESSON_PAGES = toc.lesson_pages(ROOT)


def article(site, page):
    soup = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    return soup.select_one('main article')


def words_of(site, page):
    import parts
    return parts.visible_words(str(article(site, page)))


def minutes_of(site, page):
    import parts
    return parts.minutes(*parts.html_load(str(article(site, page))))


def label_of(site, page):
    head = article(site, page).select_one('p.parte-cabecalho')
    assert head is not None, f'{page}: no time under the title'
    text = ' '.join(head.get_text(' ').split())
    found = re.search(r'· cerca de (\d+) min$|^cerca de (\d+) min$', text)
    assert found, text
    return int(found.group(1) or found.group(2)), text


@pytest.mark.parametrize('page', LESSON_PAGES)
def test_a_part_reads_in_about_ten_minutes(site, page):
    n = words_of(site, page)
    assert n <= MAX_WORDS_PER_PART, (f'{page}: {n} words, more than {MAX_WORDS_PER_PART} (split it or cut it; '
                                     f'the limit is words.per_part in {BUDGET_FILE.name})')


@pytest.mark.parametrize('page', LESSON_PAGES)
def test_a_part_takes_at_most_twelve_minutes(site, page):
    """Issue 41: a student on a phone spent twice the label (18 minutes on a part labelled 8)."""
    count = minutes_of(site, page)
    assert count <= MAX_MINUTES, f'{page}: {count:.1f} min by the count, more than {MAX_MINUTES} (split it or cut it)'


@pytest.mark.parametrize('page', LESSON_PAGES)
def test_a_part_says_where_it_stands_and_how_long_it_takes(site, page):
    """"Parte k de n da aula …", then the time by the count: at least three quarters of it, never
    more than it rounded up; "cerca de N min", not "de leitura" (it includes doing)."""
    import math
    lesson = toc.lesson_of(page, ROOT)
    shown, text = label_of(site, page)
    count = minutes_of(site, page)
    assert 0.75 * count <= shown <= math.ceil(count), f'{page}: says {shown} min, the count is {count:.1f}'
    if len(lesson.parts) > 1:
        assert text.startswith(f'Parte {lesson.number(page)} de {len(lesson.parts)} da aula '), text
    following = article(site, page).select_one('nav.parte-seguinte a')
    k = lesson.number(page)
    if k < len(lesson.parts):
        assert following is not None and following['href'].endswith(lesson.parts[k].split('/')[-1] + '.html'), page


@pytest.mark.parametrize('page', LESSON_PAGES)
def test_a_part_ends_with_its_own_short_check(site, page):
    quizzes = article(site, page).select('div.cq-quiz:not(.cq-single)')
    assert len(quizzes) == 1, f'{page}: {len(quizzes)} end-of-part checks'
    questions = quizzes[0].select('fieldset.cq-q')
    assert 1 <= len(questions) <= MAX_CHECK, f'{page}: {len(questions)} questions in its check'


def counted_pages(root=ROOT):
    """The parts of the lessons the course's total counts (budget.yml, words.counted), in order."""
    return [p for lesson in toc.lessons(root) if lesson.name in WORDS['counted'] for p in lesson.parts]


def test_the_lessons_are_a_quarter_shorter(site):
    total = sum(words_of(site, page) for page in counted_pages())
    assert total <= MAX_WORDS_IN_LESSONS, (
        f'the lessons {", ".join(WORDS["counted"])} hold {total} words a student reads, more than '
        f'{MAX_WORDS_IN_LESSONS}: cut, or change the budget (words.lessons in {BUDGET_FILE.name})')


def test_the_total_counts_the_courses_lessons_and_a_new_one_apart():
    """Every lesson the total names is a lesson of the book (a name left over counts nothing), and
    a lesson the total does not name is still held page by page (words.per_part)."""
    names = [lesson.name for lesson in toc.lessons(ROOT)]
    assert set(WORDS['counted']) <= set(names), f'budget.yml, words.counted: not a lesson: {set(WORDS["counted"]) - set(names)}'
    assert set(counted_pages()) <= set(LESSON_PAGES)


def _shingles(text, k=10):
    text = re.sub(r'https?://\S+', ' ', text)        # an address is not a story (each part links its lab)
    text = re.sub(r'\{[a-z:]+\}`[^`]*`', ' ', text)
    text = re.sub(r'\{[a-z_0-9]+\}', ' ', text)
    ws = re.findall(r'[a-záàâãéêíóôõúç]+', text.lower())
    return {' '.join(ws[i:i + k]) for i in range(len(ws) - k + 1)}


def test_a_labs_story_lives_in_the_lab(site):
    lab = set()
    for path in [*sorted((ROOT / 'labs').glob('*.md')), *sorted((ROOT / 'course' / 'confira_texts').glob('*.yml'))]:
        raw = re.sub(r'(?ms)^```\{code-cell\}.*?^```', ' ', path.read_text(encoding='utf-8'))
        lab |= _shingles(raw)
    shared = {}
    for page in LESSON_PAGES:
        main = article(site, page)
        for selector in ['div.cell_input', 'div.cell_output', 'pre', 'script', 'style', 'nav', '.katex']:
            for element in main.select(selector):
                element.decompose()
        shared[page] = len(_shingles(main.get_text(' ')) & lab)
    assert sum(shared.values()) <= MAX_SHARED_RUNS, shared


def test_every_question_of_a_bank_is_asked_in_one_part():
    """A part's check draws from its lesson's bank: each question on the page of its section."""
    from course import quiz
    for name in quiz.bank_names():
        bank = quiz.load_bank(name)
        for q in bank['questions']:
            page = 'lessons/' + q['section'].split('.html')[0]
            assert page in LESSON_PAGES, f'quiz/{name}.yml: {q["id"]} links to {page}, not a part of a lesson'
