"""Every verdict about noise that a student reads is computed: no word that concludes from a sample
stands in the prose unless it is glued, asserted or one of its defined uses (tests/verdict_words.py
says which words, and why each allowed use is not a verdict). The prose is all of it, read the same
way: lessons, labs, Confira notes, the glossary, every quiz prompt and feedback, and what the practice
boxes print."""
from verdict_words import DEFINED, WORDS, hits, prose_sources

from conftest import ROOT
from course import toc


def test_no_verdict_about_noise_is_written_by_hand():
    found = hits()
    assert not found, (f'{len(found)} sentence(s) conclude from noise with words no code computed '
                       '(glue the verdict of course.evidence, or assert the sentence in a hidden cell):\n'
                       + '\n'.join(f'- {h.where}: [{h.word}] {h.sentence[:240]}' for h in found))


def test_quiz_feedback_and_practice_are_read_as_prose():
    """A broken reader would pass everything: the quiz feedback and the practice texts are among the
    sources, and a verdict written in them would be found."""
    sources = [where for where, _ in prose_sources()]
    assert any(w.startswith('quiz/') and 'feedback' in w for w in sources)
    assert any(w.startswith('course/practice.py: ') for w in sources)
    from verdict_words import PATTERN
    assert PATTERN.search('Não se trata de ruído: um acha 5 doentes e o outro, nenhum.')
    assert PATTERN.search('o classificador continua muito acima do acaso')


def test_every_defined_use_says_why():
    assert WORDS and all(why.strip() for _, _, why in DEFINED)


def test_the_verdicts_come_from_one_module_that_the_lessons_use():
    users = set()
    for lesson in toc.lessons(ROOT):
        for part in lesson.parts:
            if 'course.evidence' in (ROOT / f'{part}.md').read_text(encoding='utf-8') or \
                    'from course import evidence' in (ROOT / f'{part}.md').read_text(encoding='utf-8'):
                users.add(lesson.name)
    assert len(users) >= 4, f'only {sorted(users)} compute their verdicts with course.evidence'
