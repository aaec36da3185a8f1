"""Every verdict about noise that a student reads is computed: no word that concludes from a sample
stands in the prose unless it is glued, asserted or one of its defined uses (tests/verdict_words.py
says which words, and why each allowed use is not a verdict)."""
from verdict_words import DEFINED, WORDS, hits

from conftest import ROOT
from course import toc


def test_no_verdict_about_noise_is_written_by_hand():
    found = hits()
    assert not found, (f'{len(found)} sentence(s) conclude from noise with words no code computed '
                       '(glue the verdict of course.evidence, or assert the sentence in a hidden cell):\n'
                       + '\n'.join(f'- {h.where}: [{h.word}] {h.sentence[:240]}' for h in found))


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
