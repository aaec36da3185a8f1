"""The quiz in a real Chromium (Debian's, driven by Playwright), with the network blocked.

- on the built lesson page (fixtures ``page``/``site_url`` of conftest.py): a right and a wrong
  answer get their own feedback, "abc" gets the not-a-number message, "0,778" is accepted, the
  "Revise" link points into the site, MathJax (served by the site) typesets the prompts, and
  nothing is requested from outside the site;
- on a bare page with no MathJax (as in Colab's output frames): the same quiz works, math is
  shown as readable text and the section links point to the published site.
"""
import pytest

from conftest import recording_page
from course import quiz

LESSON = 'lessons/metricas-fundamental.html'


def question(pg, qid):
    return pg.locator(f'fieldset.cq-q[data-qid="{qid}"]').first


def feedback(q):
    return q.locator('.cq-feedback')


def answer_numeric(q, text):
    box = q.get_by_label('Sua resposta')
    box.fill(text)
    q.get_by_role('button', name='Verificar').click()
    return feedback(q).inner_text()


def exercise(pg):
    """The checks shared by the site page and the bare page."""
    assert pg.locator('.cq-quiz[data-cq-ready]').count() >= 1, 'the quiz script did not run'

    q = question(pg, 'matriz-layout-padrao')
    q.get_by_label('Falsos negativos (FN)', exact=False).check()
    text = feedback(q).inner_text()
    assert text.startswith('✔ Certo!') and 'P10, P12 e P15' in text
    q.get_by_label('Falsos positivos (FP)', exact=False).check()
    text = feedback(q).inner_text()
    assert text.startswith('✘ Errado.') and 'canto inferior esquerdo' in text
    assert feedback(q).get_attribute('aria-live') == 'polite'

    q = question(pg, 'precisao-20')
    for typed in ['abc', '', '7/0', '0,7,7']:
        text = answer_numeric(q, typed)
        assert 'Digite um número, por exemplo 0,75' in text and 'Errado' not in text, typed
        assert ('Divisão por zero' in text) == (typed == '7/0'), typed
    assert q.get_by_label('Sua resposta').get_attribute('aria-invalid') == 'true'
    for typed in ['0,778', '0.778', '7/9', '77,8 %']:
        text = answer_numeric(q, typed)
        assert text.startswith('✔ Certo!') and 'Resposta: 0,778' in text, typed
    assert answer_numeric(q, '0,7').startswith('✘ Errado.')

    q = question(pg, 'limiar-sobe')
    q.get_by_role('button', name='Verificar').click()
    assert 'Marque pelo menos uma opção' in feedback(q).inner_text()
    for label in ['TP não aumenta.', 'FN não diminui.', 'FP não aumenta.', 'TN não diminui.']:
        q.get_by_label(label).check()
    q.get_by_role('button', name='Verificar').click()
    assert feedback(q).inner_text().startswith('✔ Certo!')

    q = question(pg, 'limiar-propriedade')
    q.get_by_label('Falso').check()
    assert feedback(q).inner_text().startswith('✔ Certo!')
    assert 'Revise: 6. A tensão' in q.locator('a.cq-section').inner_text()


def test_quiz_on_the_lesson_page(page, site_url):
    page.goto(f'{site_url}/{LESSON}')
    assert page.locator('.cq-quiz').count() == 1, f'{LESSON} has no quiz'
    exercise(page)
    link = question(page, 'precisao-20').locator('a.cq-section')
    href = link.get_attribute('href')
    assert href == '../lessons/metricas-fundamental.html#sec-metricas-precisao'
    assert page.locator('#sec-metricas-precisao').count() == 1, 'the anchor is not on the page'
    # the math of the prompts and of the feedback is typeset (KaTeX, at build time)
    q = question(page, 'f1-20')
    answer_numeric(q, '14/19')
    page.wait_for_function(
        "document.querySelector('fieldset[data-qid=\"f1-20\"] .cq-feedback .katex')",
        timeout=15000)
    assert page.outside_requests == []
    assert [e for e in page.console_errors if 'cq' in e or 'courseQuiz' in e] == []


@pytest.fixture
def bare_page(browser, tmp_path):
    """Two quizzes on a page with no MathJax and no Sphinx, like a Colab output frame (a local
    file in conftest's recording page: nothing outside it is reachable)."""
    markup = quiz.quiz_html('metricas') + quiz.quiz_html('custo', ['f1-para-tudo'])
    (tmp_path / 'index.html').write_text(
        f'<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>quiz</title>'
        f'</head><body>{markup}</body></html>', encoding='utf-8')
    pg = recording_page(browser, ['file:', 'about:'])
    pg.goto((tmp_path / 'index.html').as_uri())
    yield pg
    pg.context.close()


def test_quiz_without_mathjax_or_site(bare_page):
    pg = bare_page
    exercise(pg)
    assert pg.locator('.cq-quiz[data-cq-ready]').count() == 2   # script defined once, both wired
    legend = question(pg, 'f1-20').locator('legend').inner_text()
    assert 'TP = 7' in legend
    href = question(pg, 'precisao-20').locator('a.cq-section').get_attribute('href')
    assert href == quiz.SITE_URL + 'lessons/metricas-fundamental.html#sec-metricas-precisao'
    q = question(pg, 'f1-para-tudo')
    q.get_by_label('Verdadeiro').check()
    assert feedback(q).nth(0).inner_text().startswith('✘ Errado.')
    assert pg.evaluate('window.CourseNumbers.parse("1/0").error') == 'division_by_zero'
    assert pg.evaluate('window.CourseNumbers.parse("-0,5").value') == -0.5
    assert pg.outside_requests == [] and pg.console_errors == []
