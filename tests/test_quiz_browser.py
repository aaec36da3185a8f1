"""The quiz in a real Chromium (Debian's, driven by Playwright), with the network blocked.

- every question is answered on purpose, with "Conferir": choosing an option (the mouse, the
  arrow keys) changes neither the feedback nor the score;
- right, close and wrong each have an icon and a word, not only a colour;
- a question shown twice on a page (custo's "Erro comum" and its final quiz) is one question;
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

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

# the fundamental metrics lesson in parts: the matrix question's check is part 1's, the 20
# patients' metrics and the threshold are part 2's (course/toc.py)
LESSON = 'lessons/metricas-fundamental.html'
LESSON_PART_2 = 'lessons/metricas-fundamental-perguntas.html'


def question(pg, qid):
    return pg.locator(f'fieldset.cq-q[data-qid="{qid}"]').first


def feedback(q):
    return q.locator('.cq-feedback')


def answer_numeric(q, text):
    box = q.get_by_label('Sua resposta')
    box.fill(text)
    q.get_by_role('button', name='Conferir').click()
    return feedback(q).inner_text()


def choose(q, label, **kw):
    """Tick an option and press "Conferir", as a student does."""
    q.get_by_label(label, **kw).check()
    q.get_by_role('button', name='Conferir').click()
    return feedback(q).inner_text()


def exercise(pg):
    """The checks shared by the site pages and the bare page."""
    exercise_matrix(pg)
    exercise_metrics(pg)


def exercise_matrix(pg):
    assert pg.locator('.cq-quiz[data-cq-ready]').count() >= 1, 'the quiz script did not run'
    q = question(pg, 'matriz-layout-padrao')
    q.get_by_label('Falsos negativos (FN)', exact=False).check()
    assert feedback(q).inner_text() == '', 'choosing an option answered the question'
    q.get_by_role('button', name='Conferir').click()
    text = feedback(q).inner_text()
    assert text.startswith('✔ Certo!') and 'P10, P12 e P15' in text
    assert pg.evaluate('document.activeElement.classList.contains("cq-feedback")')
    text = choose(q, 'Falsos positivos (FP)', exact=False)
    assert text.startswith('✘ Errado.') and 'canto inferior esquerdo' in text
    assert 'Sua primeira resposta: Falsos negativos (FN)' in text and '(✔ certa)' in text, text
    assert feedback(q).get_attribute('aria-live') == 'polite'


def exercise_metrics(pg):
    assert pg.locator('.cq-quiz[data-cq-ready]').count() >= 1, 'the quiz script did not run'
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
    text = answer_numeric(q, '0,77')                     # a rounding away: close, not right
    assert text.startswith('≈ Quase.') and 'Resposta:' not in text, text
    assert q.get_attribute('class').split().count('cq-is-close') == 1
    text = answer_numeric(q, '78')                       # a proportion typed as a percentage
    assert text.startswith('✔ Certo!') and '(78 lido como 78 %.)' in text, text

    q = question(pg, 'limiar-sobe')
    q.get_by_role('button', name='Conferir').click()
    assert 'Marque pelo menos uma opção' in feedback(q).inner_text()
    for label in ['TP não aumenta.', 'FN não diminui.', 'FP não aumenta.', 'TN não diminui.']:
        q.get_by_label(label).check()
    q.get_by_role('button', name='Conferir').click()
    assert feedback(q).inner_text().startswith('✔ Certo!')

    q = question(pg, 'limiar-propriedade')
    q.get_by_role('button', name='Conferir').click()
    assert 'Escolha uma opção antes de conferir' in feedback(q).inner_text()
    assert choose(q, 'Falso').startswith('✔ Certo!')
    assert 'Revise: 6. A tensão' in q.locator('a.cq-section').inner_text()


def test_quiz_on_the_lesson_page(page, site_url):
    page.goto(f'{site_url}/{LESSON}')
    assert page.locator('.cq-quiz').count() == 1, f'{LESSON} has no quiz'
    exercise_matrix(page)
    assert page.outside_requests == []
    page.goto(f'{site_url}/{LESSON_PART_2}')
    assert page.locator('.cq-quiz').count() == 1, f'{LESSON_PART_2} has no quiz'
    exercise_metrics(page)
    link = question(page, 'precisao-20').locator('a.cq-section')
    href = link.get_attribute('href')
    assert href == '../lessons/metricas-fundamental-perguntas.html#sec-metricas-precisao'
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
    assert href == quiz.SITE_URL + 'lessons/metricas-fundamental-perguntas.html#sec-metricas-precisao'
    q = question(pg, 'f1-para-tudo')
    assert choose(q, 'Verdadeiro').startswith('✘ Errado.')
    assert pg.evaluate('window.CourseNumbers.parse("1/0").error') == 'division_by_zero'
    assert pg.evaluate('window.CourseNumbers.parse("-0,5").value') == -0.5
    assert pg.outside_requests == [] and pg.console_errors == []


def score(pg):
    return pg.locator('.cq-score').last.inner_text()


def test_arrow_keys_neither_answer_nor_score(page, site_url):
    """A keyboard user moves through the options with the arrows: no option is answered on the
    way, the score does not move; "Conferir" answers the one chosen."""
    page.goto(f'{site_url}/{LESSON}')
    q = question(page, 'matriz-layout-padrao')
    before = score(page)
    radios = q.locator('input[type="radio"]')
    radios.first.focus()
    for key in ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']:
        page.keyboard.press(key)
        assert feedback(q).inner_text() == '' and score(page) == before, key
    assert sum(radios.nth(i).is_checked() for i in range(radios.count())) == 1   # moved, kept
    page.keyboard.press('Tab')
    assert page.evaluate('document.activeElement.textContent') == 'Conferir'
    page.keyboard.press('Enter')
    answered = feedback(q).inner_text()
    assert answered and page.evaluate('document.activeElement.classList.contains("cq-feedback")')
    after = score(page)
    radios.first.focus()
    for key in ['ArrowDown', 'ArrowDown']:                # moving on after answering changes nothing
        page.keyboard.press(key)
        assert feedback(q).inner_text() == answered and score(page) == after, key


def test_right_close_and_wrong_are_told_without_colour(page, site_url):
    """Each verdict carries its own icon and word; only the colour would not be enough."""
    page.goto(f'{site_url}/{LESSON_PART_2}')
    q = question(page, 'precisao-20')
    seen = {}
    for typed in ['7/9', '0,77', '0,5']:
        answer_numeric(q, typed)
        verdict = q.locator('.cq-verdict')
        seen[typed] = (verdict.inner_text().strip(), verdict.evaluate('e => getComputedStyle(e).color'))
    assert seen['7/9'][0] == '✔ Certo!' and seen['0,77'][0] == '≈ Quase.' and seen['0,5'][0] == '✘ Errado.'
    assert len({colour for _, colour in seen.values()}) == 3, seen
    answer_numeric(q, '7/9')
    right = score(page)
    assert answer_numeric(q, 'abc').startswith('⚠')       # a typo takes no point away
    assert score(page) == right


def test_a_question_shown_twice_is_one_question(page, site_url):
    """custo-verificacao shows "f1-para-tudo" in its "Erro comum" and again in the final quiz: answering
    either copy answers both, and the final quiz's score counts it at once."""
    page.goto(f'{site_url}/lessons/custo-verificacao.html')
    copies = page.locator('fieldset.cq-q[data-qid="f1-para-tudo"]')
    assert copies.count() == 2
    inline, final = copies.nth(0), copies.nth(1)
    score_before = score(page)
    right = 'Falso'
    assert choose(inline, right).startswith('✔ Certo!')
    assert final.get_by_label(right).is_checked()
    assert feedback(final).inner_text() == feedback(inline).inner_text()
    got = [int(x) for x in score_before.strip('()').split()[0:3:2]]
    assert score(page).startswith(f'({got[0] + 1} de {got[1]}'), (score_before, score(page))
    assert choose(final, 'Verdadeiro').startswith('✘ Errado.')   # the other way round
    assert inline.get_by_label('Verdadeiro').is_checked()
    assert feedback(inline).inner_text().startswith('✘ Errado.')
    assert score(page) == score_before
    page.reload()
    copies = page.locator('fieldset.cq-q[data-qid="f1-para-tudo"]')
    for i in range(2):
        assert copies.nth(i).get_by_label('Verdadeiro').is_checked()
        assert 'Sua primeira resposta: Falso (✔ certa)' in feedback(copies.nth(i)).inner_text()


def test_a_multiple_choice_feedback_puts_no_tick_before_a_false_statement(page, site_url):
    """Issue 30: "✔ Especificidade (incorreta; você não marcou)" read as if the statement were
    true. Each option says what the student did with it: "✔ Certo marcar:" only before a true
    statement ticked, "○ Certo não marcar:" before a false one rightly left, "✘ Faltou marcar:"
    and "✘ Não era para marcar:" for the two mistakes."""
    page.goto(f'{site_url}/{LESSON}')
    data = page.evaluate("""() => JSON.parse(document.querySelector('.cq-quiz script.cq-data').textContent)""")
    qd = next(d for d in data if d['type'] == 'multiple' and not all(d['correct']) and sum(d['correct']) >= 2)
    q = question(page, qd['id'])
    boxes = q.locator('.cq-options input[type=checkbox]')
    true_ones = [i for i, c in enumerate(qd['correct']) if c]
    false_ones = [i for i, c in enumerate(qd['correct']) if not c]
    for i in true_ones[1:]:                       # one true left out, every false one left out
        boxes.nth(i).check()
    q.get_by_role('button', name='Conferir').click()
    items = q.locator('.cq-feedback li').all_inner_texts()
    assert len(items) == len(qd['correct'])
    for i in false_ones:
        assert items[i].startswith('○ Certo não marcar:') and '(incorreta)' in items[i], items[i]
    assert items[true_ones[0]].startswith('✘ Faltou marcar:'), items[true_ones[0]]
    for i in true_ones[1:]:
        assert items[i].startswith('✔ Certo marcar:') and '(correta)' in items[i], items[i]
    boxes.nth(false_ones[0]).check()              # now a false one ticked too
    q.get_by_role('button', name='Conferir').click()
    items = q.locator('.cq-feedback li').all_inner_texts()
    assert items[false_ones[0]].startswith('✘ Não era para marcar:'), items[false_ones[0]]
    assert not [t for t in items if t.startswith('✔') and '(incorreta)' in t]


def _pixel(pg, locator, dx=0.5, dy=0.5):
    """The colour on screen (r, g, b) at a point of ``locator``'s box (a fraction of its size)."""
    import io

    from PIL import Image
    box = locator.bounding_box()
    shot = Image.open(io.BytesIO(pg.screenshot(clip={'x': box['x'], 'y': box['y'],
                                                     'width': box['width'], 'height': box['height']})))
    return shot.convert('RGB').getpixel((int(shot.width * dx), int(shot.height * dy)))


@pytest.mark.parametrize('scheme', ['dark', 'light'])
def test_a_quiz_is_a_panel_of_the_page_and_a_choice_reads_as_made_or_not(browser, site_url, scheme):
    """Issue 30: in dark mode every quiz was a light panel on which unselected radio buttons and
    checkboxes were dark filled discs and squares (they looked ticked). On a phone set to dark the
    quiz is on the dark page; an unchosen option is an empty ring (its inside is the panel's
    colour), its ring at 3:1 or more on the panel; a chosen one is filled."""
    from contrast import contrast, luminance
    context = browser.new_context(viewport={'width': 390, 'height': 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, color_scheme=scheme)
    pg = context.new_page()
    try:
        pg.goto(f'{site_url}/lessons/custo.html', wait_until='load')
        assert pg.evaluate('document.documentElement.dataset.theme') == scheme
        quiz_ = pg.locator('.cq-quiz').last
        quiz_.scroll_into_view_if_needed()
        layers = quiz_.evaluate("""q => { const out = []; for (let e = q; e && e !== document.body; e = e.parentElement)
            out.push(getComputedStyle(e).backgroundColor); out.push(getComputedStyle(document.body).backgroundColor); return out; }""")
        opaque = [c for c in layers if not c.endswith(', 0)') and c != 'transparent']
        page_bg = opaque[0]
        assert (luminance(page_bg) < 0.05) == (scheme == 'dark'), layers   # no light card around it
        for kind in ('radio', 'checkbox'):
            box = pg.locator(f'.cq-quiz fieldset.cq-q:has(input[type={kind}])').last
            box.scroll_into_view_if_needed()
            control = box.locator(f'input[type={kind}]').first
            ring = control.evaluate('e => getComputedStyle(e).borderTopColor')
            assert contrast(ring, page_bg) >= 3, (kind, ring, page_bg)
            at = (0.5, 0.5) if kind == 'radio' else (0.27, 0.27)   # the dot; the box, beside its tick
            inside = _pixel(pg, control, *at)
            bg = _pixel(pg, box, 0.98, 0.5)        # the panel beside it
            assert max(abs(a - b) for a, b in zip(inside, bg)) <= 12, (kind, inside, bg)
            control.check()
            filled = _pixel(pg, control, *at)
            assert max(abs(a - b) for a, b in zip(filled, bg)) > 60, (kind, filled, bg)
    finally:
        context.close()
