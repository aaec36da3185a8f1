"""Page weight: every lesson and lab page within the budget of budget.yml.

The measurement is scripts/pageweight.py, the same one the benchmark reports in MANUTENCAO.md, made
on the visits of tests/audits.py (``desktop``: a first visit as GitHub Pages serves the site, read to
its end; ``desktop-plain``: the same from a server that does not compress; ``desktop-after-home``:
the page opened after the home page), kept in ``_build/audits/``.
"""
import pytest
from pageweight import budget  # noqa: E402  (scripts/, on the path through conftest.py)

from conftest import toc_pages

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

BUDGET = budget()['page_weight']
PAGES = [p for p in toc_pages() if p.startswith(('lessons/', 'labs/'))]
FIRST_VISIT = {'gzip': 'desktop', 'plain': 'desktop-plain'}


def kb(n):
    return f'{n / 1000:.0f} kB'


def heaviest(weight, n=5):
    return ', '.join(f'{u.rsplit("/", 1)[-1][:40]} {kb(s)}'
                     for u, s in sorted(weight['by_url'].items(), key=lambda x: -x[1])[:n])


@pytest.mark.parametrize('page_name', PAGES)
def test_first_visit_within_budget(audit, page_name):
    for how, view in FIRST_VISIT.items():
        found = audit(page_name, view)
        v = found['weight']
        assert found['outside'] == [], f'{page_name} asks outside the site: {found["outside"]}'
        limit = BUDGET['first_visit' if how == 'gzip' else 'first_visit_uncompressed']
        assert v['bytes'] <= limit, (
            f'{page_name} ({how}): {kb(v["bytes"])} on a first visit, budget '
            f'{kb(limit)}; heaviest: {heaviest(v)}')
        # every explorable, quiz and Preveja mounted, the page read to its end (issue 30: the
        # lessons held 9.100-13.800 elements, half of them KaTeX's, and were slow on a phone)
        assert v['elements'] <= BUDGET['dom_elements'], (
            f'{page_name}: {v["elements"]} DOM elements, budget {BUDGET["dom_elements"]}')


@pytest.mark.parametrize('page_name', PAGES)
def test_visit_after_the_home_page_within_budget(audit, page_name):
    v = audit(page_name, 'desktop-after-home')['weight']
    assert v['bytes'] <= BUDGET['after_home'], (
        f'{page_name}: {kb(v["bytes"])} after the home page, budget {kb(BUDGET["after_home"])}; '
        f'heaviest: {heaviest(v)}')


def test_the_slides_are_not_downloaded_with_the_lesson(audit):
    # the fundamental deck is embedded at the end of the lesson's last part (the summary and the lab)
    v = audit('lessons/metricas-fundamental-a-mao', 'desktop-plain')['weight']
    assert not [u for u in v['by_url'] if '/slides/' in u or 'reveal' in u], v['by_url'].keys()


def test_budget_catches_a_heavy_page(audit):
    """The measurement sees what a page loads: the home page counted with its stylesheet."""
    v = audit('intro', 'desktop-plain')['weight']
    assert any(u.split('?')[0].endswith('site.css') for u in v['by_url'])
    assert v['bytes'] > 100_000 and v['requests'] > 3
