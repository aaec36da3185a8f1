"""Formulas still render the same text now that KaTeX writes them at build time.

The expected strings are what MathJax 3.2.2 rendered in the browser before the change (the text
of its MathML, commit 45a8ecd): the same symbols in the same order must come out of KaTeX's
MathML (what a screen reader reads), and the same glyphs must be drawn on the page.

Answers hidden behind a "Preveja" are shown first (as "Mostrar sem prever" does): their formulas
are measured as a student who has predicted sees them.
"""
import unicodedata

import pytest
from audits import FORMULAS_JS

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

# page -> formulas (MathML text as MathJax rendered it); a quiz prompt's formula included
BEFORE = {
    # the fundamental lesson in parts: accuracy is part 2's (§4), the F1 and its derivation part 6's
    # (§7; the worked exercise, part 7, had no formula measured under MathJax)
    'lessons/metricas-fundamental-acuracia': [
        'acurácia=TP+TNTP+FP+FN+TN=7+820=1520=0,750',
    ],
    'lessons/metricas-fundamental-f1': [
        'F1=2TP2TP+FP+FN=1414+2+3=1419=0,737',
        'F1=2PRP+R',                               # the derivation's step 4
    ],
    # the advanced lesson in parts: the MCC and the balanced accuracy are section 11 (part 3),
    # the log loss section 13 (part 7)
    'lessons/metricas-avancada-desbalanceamento': [
        # written in two lines for a phone (issue 22): the denominator's product is named D
        'MCC=TP⋅TN−FP⋅FND,D=(TP+FP)(TP+FN)⋅(TN+FP)(TN+FN)',
        'acurácia balanceada=12(TPTP+FN+TNTN+FP)=revocação+especificidade2',
    ],
    'lessons/metricas-avancada-probabilidades': [
        'log loss=−1n∑i=1n[yiln\u2061pi+(1−yi)ln\u2061(1−pi)]',
    ],
    # roc in eight parts: the binormal AUC is section 4 (part 3), and the quiz item auc-binormal
    # is in that part's check
    'lessons/roc-binormal': [
        'AUC=P(X+−X−>0)=Φ(d2)=Φ(22)=Φ(1,414)≈0,921(d=2).',
        'Φ(d/2)',                                  # in a quiz prompt
    ],
    'lessons/calibracao-ideia': [
        'z=log\u2061P(maligno)−log\u2061P(benigno)',   # part 2, section 3
    ],
    'lessons/calibracao-temperatura': [
        'σ(z/T)≥0,5',                              # part 2, section 5 (and a quiz option of its check)
    ],
    'lessons/custo': [
        'custo(s)=cFN⋅FN(s)+cFP⋅FP(s).',
    ],
    'lessons/custo-teoria': [
        'cFPcFP+cFN',                              # in a quiz option
    ],
}

# invisible characters that one renderer writes and the other does not (thin and no-break
# spaces, function application, zero-width space)
INVISIBLE = dict.fromkeys(map(ord, ' \u00a0\u2009\u200a\u2006\u205f\u200b\u2061\u2062\u2063'))
SPACING_ACCENTS = 'ˊˋ˜¸ˆ¨´`'

def normal(text):
    return unicodedata.normalize('NFC', text.translate(INVISIBLE))


def glyphs(text):
    """The letters and symbols drawn, in any order, accents aside (KaTeX draws an accent apart
    from its letter)."""
    bare = ''.join(c for c in unicodedata.normalize('NFKD', normal(text))
                   if not unicodedata.combining(c) and c not in SPACING_ACCENTS)
    return sorted(bare.translate(INVISIBLE))


@pytest.mark.parametrize('page_name', BEFORE)
def test_formulas_render_the_same_text(audit, page_name):
    """Read on the ``desktop`` visit of the page (tests/audits.py), the answers shown."""
    found = audit(page_name, 'desktop')
    assert found['katex_errors'] == 0
    by_text = {normal(f['mathml']): f for f in found['formulas']}
    for before in BEFORE[page_name]:
        formula = by_text.get(normal(before))
        assert formula, (f'{page_name}: no formula reads {before!r}; closest: '
                         f'{sorted(by_text, key=lambda t: -len(set(t) & set(before)))[:3]}')
        assert glyphs(formula['shown']) == glyphs(before), \
            f'{page_name}: {before!r} is drawn as {formula["shown"]!r}'
        assert formula['width'] > 0 and formula['height'] > 0 and not formula['hidden']
    assert found['outside'] == []


def test_formula_in_quiz_feedback_is_rendered(page):
    """Feedback is shown by the quiz's script: its formulas come typeset from the build."""
    page.goto(f'{page.site_url}/lessons/custo-verificacao.html', wait_until='load')      # part 3 of the cost lesson
    question = page.locator('fieldset[data-qid="f1-para-tudo"]').first
    question.get_by_label('Verdadeiro').check()
    question.get_by_role('button', name='Conferir').click()      # graded on purpose, as a student does
    feedback = question.locator('.cq-feedback')
    assert 'Não é bem assim' in feedback.inner_text()
    texts = [normal(f['mathml']) for f in page.evaluate(FORMULAS_JS)]
    assert normal('F1=2TP2TP+FN+FP') in texts
    assert feedback.locator('.katex').count() == 1


# A formula cut off or wider than a phone's column, on every page: tests/test_accessibility.py, read
# on its visits of each page (1280 and 390 px).
