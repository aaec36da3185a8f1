"""The built site in a real Chromium with the network blocked: it must work offline."""
import pytest

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run


# Every page without a console error and nothing asked outside the site: tests/test_accessibility.py,
# on its visit of each page.


def test_math_is_typeset_offline(page):
    # part 6 of the fundamental metrics lesson: the F1's formulas and its derivation (§7)
    page.goto(f'{page.site_url}/lessons/metricas-fundamental-f1.html', wait_until='networkidle')
    assert page.locator('.katex').count() > 5
    # KaTeX's fonts come from the site itself
    page.evaluate('document.fonts.ready')
    assert page.evaluate("document.fonts.check('16px KaTeX_Main')")
    assert page.outside_requests == []


def test_search_box_speaks_portuguese(page):
    page.goto(f'{page.site_url}/intro.html', wait_until='networkidle')
    assert page.get_by_placeholder('Buscar no curso...').count() >= 1


def test_glued_values_are_bold_and_glued_words_are_prose(page):
    """A computed value in the prose stands out in bold; a glued clause reads like the text
    around it (a whole sentence in bold reads as shouting)."""
    page.goto(f'{page.site_url}/lessons/custo-verificacao.html', wait_until='networkidle')
    weights = page.evaluate("""() => Array.from(document.querySelectorAll('span.pasted-text'),
        s => [s.textContent, getComputedStyle(s).fontWeight, getComputedStyle(s.parentElement).fontWeight])""")
    values = [(t, w) for t, w, _ in weights if t.strip().isdigit()]
    prose = [(t, w, around) for t, w, around in weights if len(t.split()) >= 6]
    assert values and all(int(w) >= 700 for _, w in values), values
    assert prose and all(w == around for _, w, around in prose), prose
