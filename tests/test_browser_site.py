"""The built site in a real Chromium with the network blocked: it must work offline.

Read on the ``desktop`` visit of each page (tests/audits.py, kept in ``_build/audits/``)."""
import pytest

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run


# Every page without a console error and nothing asked outside the site: tests/test_accessibility.py,
# on the same visit of each page.


def test_math_is_typeset_offline(audit):
    # part 6 of the fundamental metrics lesson: the F1's formulas and its derivation
    found = audit('lessons/metricas-fundamental-f1', 'desktop')
    assert found['katex_count'] > 5
    assert found['katex_font']            # KaTeX's fonts come from the site itself
    assert found['outside'] == []


def test_search_box_speaks_portuguese(audit):
    assert 'Buscar no curso...' in audit('intro', 'desktop')['placeholders']


def test_glued_values_are_bold_and_glued_words_are_prose(audit):
    """A computed value in the prose stands out in bold; a glued clause reads like the text
    around it (a whole sentence in bold reads as shouting)."""
    weights = audit('lessons/custo-verificacao', 'desktop')['glued']
    values = [(t, w) for t, w, _ in weights if t.strip().isdigit()]
    prose = [(t, w, around) for t, w, around in weights if len(t.split()) >= 6]
    assert values and all(int(w) >= 700 for _, w in values), values
    assert prose and all(w == around for _, w, around in prose), prose
