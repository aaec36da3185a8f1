"""THE seed test: every printed output of the lessons' visible code is the seeds' printed output.

``seeds/outputs.json`` holds, per lesson, each visible code cell's printed output as the seeds
print it. The outputs stored in ``lessons/<lesson>.ipynb`` and its parts' (what nbval re-executes and compares,
what the site shows) must contain each of them, exactly, unless the instructor accepted a
departure: ``python scripts/refresh.py <lesson> --accept`` records it in ``seeds/accepted.json``
(which seed output, and the output that now replaces it). This is the only test that pins the
seeds' numbers; every other test compares with what the lesson's own code computes.
"""
import json
import sys

import nbformat
import pytest
import stored

from conftest import ROOT

sys.path.insert(0, str(ROOT / 'scripts'))
import refresh  # noqa: E402

SEEDS = json.loads(refresh.SEED_OUTPUTS.read_text(encoding='utf-8'))
ACCEPTED = refresh.load_json(refresh.ACCEPTED, [])
# one test per lesson, so that a small book's run (tests/test_new_lesson.py) selects its lesson's
ACCEPTED_LESSONS = sorted({a['lesson'] for a in ACCEPTED})


def printed(lesson):
    """The printed outputs stored in every part of the lesson (course/toc.py: a lesson in parts
    may print a seed's output in any of them)."""
    return [text for part in stored.parts(lesson)
            for _, text in refresh.printed(nbformat.read(ROOT / 'lessons' / f'{part}.ipynb', as_version=4))]


def test_the_seed_outputs_belong_to_existing_lessons():
    """Lessons from the seeds have their outputs recorded; a new lesson (scripts/new_lesson.py) has none."""
    assert {'metricas-fundamental', 'metricas-avancada', 'roc', 'calibracao', 'custo'} <= set(SEEDS)
    assert set(SEEDS) <= {p.stem for p in (ROOT / 'lessons').glob('*.ipynb')}
    assert set(ACCEPTED_LESSONS) <= set(SEEDS), 'seeds/accepted.json names a lesson without seed outputs'


@pytest.mark.parametrize('lesson', sorted(SEEDS))
def test_seed_outputs_are_exact(lesson):
    found = printed(lesson)
    problems = []
    for entry in SEEDS[lesson]:
        if entry['output'] in found:
            continue
        accepted = [a for a in ACCEPTED if a['lesson'] == lesson and a['seed'] == entry['output']]
        if accepted and accepted[0]['now'] in found:
            continue
        problems.append(f"cell \"{entry['cell'][:60]}\" no longer prints the seed's output:\n{entry['output']}")
    assert not problems, (
        f'lessons/{lesson}.ipynb departs from the seeds:\n' + '\n'.join(problems) +
        f'\nIf the change is meant (e.g. a new price), accept it: `python scripts/refresh.py {lesson} --accept`; '
        f'otherwise undo it and run `python scripts/refresh.py {lesson}`.')


@pytest.mark.parametrize('lesson', ACCEPTED_LESSONS)
def test_accepted_departures_are_still_current(lesson):
    found = printed(lesson)
    for a in ACCEPTED:
        assert a['lesson'] != lesson or a['now'] in found or a['seed'] in found, \
            f"seeds/accepted.json: an accepted output of {lesson} is no longer printed: run `python scripts/refresh.py {lesson} --accept`"


@pytest.mark.parametrize('lesson', ACCEPTED_LESSONS)
def test_refresh_does_not_offer_an_accepted_departure_again(lesson):
    """``refresh.py`` lists only the departures not accepted yet, by the rule above, and ``--accept``
    keeps an accepted entry as it is (a departure whose cell it cannot pair has no "now" output:
    recording it again would break the seed test)."""
    for d in refresh.departures(lesson):
        assert refresh.already_accepted(d, ACCEPTED) is not None, \
            f"refresh.py would offer an accepted departure of {lesson} again:\n{d['seed']}"
