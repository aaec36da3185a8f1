"""A lesson printed as a handout (_ext/handout.py, _static/print.css, _static/handout.js).

Chromium prints two lessons to PDF (Playwright's ``page.pdf()``, which runs the page's
``beforeprint``/``afterprint`` handlers as the print dialog does) and pypdf reads the PDF's text.
The lessons: the cost lesson (sliders, a choice Preveja, a quiz of every kind, a long code cell)
and two parts of the fundamental metrics lesson (the slides' poster, "Mostrar o código" cells, an
explorable with a button and a number field, a numeric Preveja after another).

What a teacher would notice if it broke:
- a Preveja's question, its options or its answer, or a quiz's question or option, is missing
  from the paper;
- the paper shows what only works on a screen: sliders, buttons, toggles, navigation;
- an explorable prints where the last reader left it instead of its opening state;
- the handout carries the answers this browser remembers;
- a figure, a table, a formula, a code block or a quiz question is cut by a page break, or
  something is cut at the column's edge;
- ``?gabarito=1`` does not add the answer key, or its letters are not the printed options'.
"""
import io
import re
import sys
import unicodedata

import pytest
from bs4 import BeautifulSoup
from ext_book import script_files

from conftest import ROOT, recording_page

# the fundamental metrics lesson is in parts: its explorable with a button and a number field
# ("Tudo sai de quatro células") and its "Mostrar o código" cells are part 2's, the hand calculations
# part 3's, the slides' poster and the boxes of the worked exercise part 4's. The handout tests need
# a page with an explorable with a slider, a figure, a numeric Preveja and a check; parts 3 and 4 have no
# explorable nor figure, and part 4 (the slides' poster) is laid out on paper with the others.
LESSONS = ['lessons/custo', 'lessons/metricas-fundamental-perguntas', 'lessons/metricas-avancada']
LAID_OUT = LESSONS + ['lessons/metricas-fundamental-exercicio']
A4_COLUMN = 680          # CSS px: 210 mm less the 15 mm margins of print.css (@page)
A4_HEIGHT = 994          # CSS px: 297 mm less the 16 mm and 18 mm margins
# What must not be cut by a page break (a table is checked from its first to its last cell).
# A whole quiz is longer than a page: each of its questions is checked instead.
WHOLE = ['figure', 'table', 'div.math', '.cell_input', '.cell_output:not(:has(.cq-quiz))',
         '.explorable', 'fieldset.cq-q', '.admonition']
# Words that only make sense on a screen.
SCREEN_WORDS = ['Mostrar o código', 'Esconder o código', 'Verificar', 'Conferir',
                'Mostrar sem prever', 'Guardar e ver a resposta', 'Voltar ao topo',
                'Mostrar os slides aqui', 'Apagar minhas respostas', 'Copiar', 'Abrir no Colab',
                'Pular para o conteúdo', 'Buscar', 'script da figura',
                'A resposta aparece aqui', 'ex.: 0,75', 'ex.: 40 %', 'Conteúdo']


def squeeze(text: str) -> str:
    """Text compared without its spacing and line breaks (a PDF breaks lines where the page
    does), ligatures spelled out."""
    return re.sub(r'[\s\u200b\u00ad]+', '', unicodedata.normalize('NFKC', text))


def printed(text: str, pdf: str) -> bool:
    """Whether ``text`` (from the page, with ``¦`` where a formula was) is in the PDF's text: every
    piece between formulas is (a formula's glyphs come out of a PDF in another order)."""
    pieces = [squeeze(p) for p in text.split('¦')]
    return all(p in pdf for p in pieces if len(p) > 2) and any(pieces)


class Paper:
    """A PDF's text page by page, without the footer (the course, the lesson, "3 / 16"), so that
    a paragraph that goes on to the next page reads on; in the two reading orders pypdf gives:
    by position on the page (layout mode: a table's cells come out line by line) and in the
    order the page was painted (plain mode: positioned boxes, as code cells, come after the
    rest of the page, but a table cell's lines stay together)."""

    def __init__(self, data: bytes):
        from pypdf import PdfReader
        reader = PdfReader(io.BytesIO(data))
        total = len(reader.pages)
        self.layout, self.plain = [], []
        for number, page in enumerate(reader.pages, 1):
            layout = (page.extract_text(extraction_mode='layout') or '').rstrip()
            footer = re.compile(rf'^[^\n]*\s{number} / {total}\s*\Z', re.M)
            assert footer.search(layout), f'page {number} has no page number in its footer'
            self.layout.append(footer.sub('', layout))
            plain = page.extract_text() or ''
            plain = re.sub(rf'{number} / {total}(Avaliando classificadores · [^\n]*)?', '', plain,
                           count=1)
            self.plain.append(plain)

    def __len__(self):
        return len(self.layout)

    def text(self, start: int = 0) -> str:
        """Both readings of the pages from ``start`` on, squeezed, for printed()."""
        return squeeze(''.join(self.layout[start:])) + '|' + squeeze(''.join(self.plain[start:]))

    def page_with(self, words: str) -> int | None:
        return next((i for i in range(len(self)) if words in self.layout[i] or words in self.plain[i]),
                    None)


MARK = """(selectors) => {
  // Test-only: a tiny white mark at the top and at the bottom of each block that must stay
  // whole; the PDF's text says on which page each mark landed. The marks are the block's own
  // ::before and ::after, positioned in it: no element is added (an added child changes which
  // child is :first-child or :last-child, and so the margins and the page breaks), nothing
  // moves. Run with print media, so that on_paper says whether the block is printed at all.
  // (The marked blocks become positioned, which changes the order in which the PDF gives its
  // text: the text is read from a first print, made before marking.)
  const style = document.createElement('style');
  const common = 'position:absolute !important;left:0 !important;font-size:4px !important;' +
                 'line-height:4px !important;color:#fff !important;white-space:nowrap !important;' +
                 'margin:0 !important;padding:0 !important;border:0 !important;background:none !important;' +
                 'width:auto !important;height:auto !important;display:block !important;';
  style.textContent =
    '[data-qxs]::before{content:attr(data-qxs) !important;top:0 !important;' + common + '}' +
    '[data-qxe]::after{content:attr(data-qxe) !important;bottom:0 !important;top:auto !important;' + common + '}';
  document.head.appendChild(style);
  const blocks = new Set();
  for (const sel of selectors) {
    document.querySelectorAll('article.bd-article ' + sel).forEach(e => blocks.add(e));
  }
  const out = [];
  let n = 0;
  for (const e of blocks) {
    n += 1;
    let first = e, last = e;
    if (e.tagName === 'TABLE') {
      const cells = e.querySelectorAll('th, td');
      first = cells[0]; last = cells[cells.length - 1];
    }
    for (const x of [first, last]) {
      if (getComputedStyle(x).position === 'static') x.style.position = 'relative';
    }
    first.setAttribute('data-qxs', 'QXS' + n + 'QX');
    last.setAttribute('data-qxe', 'QXE' + n + 'QX');
    out.push({n: n, kind: e.tagName.toLowerCase() + '.' + (e.className || '').split(' ')[0],
              on_paper: e.getClientRects().length > 0,
              text: e.textContent.trim().slice(0, 70)});
  }
  return out;
}"""

# An element's text with "¦" where each formula is.
TEXT = """e => {
  if (!e) return '';
  const copy = e.cloneNode(true);
  // a PDF gives a formula's glyphs, and sub- and superscripts, out of the line's order
  copy.querySelectorAll('.katex, .cq-math, .math, sub, sup').forEach(m => m.replaceWith('¦'));
  return copy.textContent;
}"""

# An explorable's state as lines of text: each number with what names it, each control's value.
LINES = """e => {
  const text = """ + TEXT + """;
  return [
    ...[...e.querySelectorAll('[data-value]')].map(
      v => v.closest('.ex-stat, .ex-metric, td, th, p, li') || v).map(text),
    ...[...e.querySelectorAll('.ex-control')].filter(c => c.querySelector('output')).map(
      c => text(c.querySelector('label')) + ':' + text(c.querySelector('output'))),
    // a control whose value is shown in its number field (course/static/explorables.js)
    ...[...e.querySelectorAll('.ex-control')].filter(c => c.querySelector('[data-field]')).map(
      c => text(c.querySelector('label')) + ':' + c.querySelector('[data-field]').value),
  ];
}"""

DOM = """() => {
  const text = """ + TEXT + """;
  const lines = """ + LINES + """;
  const boxes = [...document.querySelectorAll('.admonition.preveja')].map(box => {
    const question = [...box.children].find(
      c => c.tagName === 'P' && !c.classList.contains('admonition-title'));
    const region = box.nextElementSibling;
    // the answer's first words: its first paragraph, or the first line of its code
    // (an answer that is only a formula: the number it ends with, "= 0,750")
    const first = region && [...region.querySelectorAll('p, pre')].find(
      p => p.textContent.trim() && p.getClientRects().length);
    const formula = region && region.querySelector('.katex-html');
    const result = formula && (formula.textContent.match(/\\d+(,\\d+)?/g) || []).pop();
    const answer = first ? (first.tagName === 'PRE' ? first.textContent.trim().split('\\n')[0]
                                                    : text(first))
                         : (result || '');
    return {question: text(question), answer: answer,
            options: [...box.querySelectorAll('.preveja-opcao-linha label')].map(text)};
  });
  const quizzes = [...document.querySelectorAll('.cq-quiz')].map(quiz => {
    const data = JSON.parse(quiz.querySelector('script.cq-data').textContent);
    return [...quiz.querySelectorAll('fieldset.cq-q')].map((q, i) => ({
      prompt: text(q.querySelector('legend')).replace(/^\\s*\\d+\\.\\s*/, ''),
      number: text(q.querySelector('.cq-num')).trim(),
      options: [...q.querySelectorAll('.cq-opt label')].map(text),
      datum: data[i]}));
  });
  const explorables = [...document.querySelectorAll('.explorable')].map(lines);
  return {title: document.querySelector('article h1').textContent.replace('#', ''),
          prevejas: boxes, quizzes: quizzes, explorables: explorables};
}"""


def open_lesson(browser, site_url, lesson, query=''):
    page = recording_page(browser, [site_url, 'data:'])
    page.goto(f'{site_url}/{lesson}.html{query}', wait_until='load')
    page.wait_for_selector('.cq-quiz[data-cq-ready]')
    # mounted, not visible: an explorable may be the hidden answer of a Preveja (custo's panel,
    # issue 30), which the printed page shows
    page.wait_for_selector('.explorable[data-mounted]', state='attached')
    return page


def read_page(page) -> dict:
    """What the page holds, read as it is laid out for paper (the answers a Preveja hides on
    screen are shown; the code a toggle hides is not)."""
    page.emulate_media(media='print')
    dom = page.evaluate(DOM)
    page.emulate_media(media='null')
    return dom


def print_pdf(page) -> Paper:
    return Paper(page.pdf(format='A4', prefer_css_page_size=True, print_background=True))


@pytest.fixture(scope='module', params=LESSONS)
def handout(request, browser, site_url):
    """The lesson as the page shows it, then printed after a reader used it: a slider moved,
    a quiz answered, a prediction made."""
    lesson = request.param
    page = open_lesson(browser, site_url, lesson)
    dom = read_page(page)
    # the reader moves the first explorable's first slider (or types in its number field)...
    control = page.locator('.explorable input[type=range], .explorable input[type=number]').first
    opening_value = control.input_value()
    new_value = control.evaluate("""c => { const v = c.type === 'number' ? String(Number(c.value) * 2)
        : (Number(c.min) + Number(c.step) * 3).toString(); c.value = v;
        c.dispatchEvent(new Event('input', {bubbles: true})); return c.value; }""")
    moved_lines = page.locator('.explorable').first.evaluate(LINES)
    # ...answers the first quiz question and predicts a number
    # (a question is answered with its "Conferir" button, as a student does)
    question = page.locator('.cq-q:has(.cq-opt)').first       # the first with options to tick
    question.locator('.cq-opt label').first.click()
    question.locator('.cq-check').click()
    first_number = page.locator('.preveja-numero input[type=text]').first
    first_number.fill('0,5')
    first_number.press('Enter')
    assert question.locator('.cq-feedback').inner_text().strip(), 'the quiz gave no feedback'
    pages = print_pdf(page)
    page.emulate_media(media='print')
    marks = page.evaluate(MARK, WHOLE)
    page.emulate_media(media='null')      # page.pdf() prints with print media again
    marked = print_pdf(page)
    after = {'value': control.input_value(),
             'field': first_number.input_value()}
    page.context.close()
    return {'lesson': lesson, 'dom': dom, 'pages': pages, 'marks': marks, 'marked': marked,
            'opening_value': opening_value, 'new_value': new_value,
            'moved_lines': moved_lines, 'after': after}


@pytest.mark.slow
def test_the_handout_has_the_lessons_title_and_its_address(handout):
    text = handout['pages'].text()
    assert squeeze(handout['dom']['title']) in text
    assert squeeze('Versão interativa desta página: https://') in text
    assert squeeze(f'{handout["lesson"]}.html') in text


@pytest.mark.slow
def test_each_preveja_prints_its_question_options_and_answer(handout):
    """As on the screen after predicting: the question, the options to choose from, a line to
    write the prediction on, then the answer."""
    paper = handout['pages']
    text = paper.text()
    pages = [squeeze(p) + '|' + squeeze(q) for p, q in zip(paper.layout, paper.plain)]

    def page_of(line):      # where it begins
        start = next(p for p in (squeeze(x) for x in line.split('¦')) if p)[:40]
        return next(i for i, p in enumerate(pages) if start in p)
    assert handout['dom']['prevejas'], 'no Preveja in the lesson'
    for box in handout['dom']['prevejas']:
        assert printed(box['question'], text), \
            f'Preveja question missing from the paper: {box["question"][:80]}'
        assert printed(box['answer'], paper.text(page_of(box['question']))), \
            f'Preveja answer missing after its question: {box["answer"][:80]}'
        for option in box['options']:
            assert printed(option, text), f'Preveja option missing: {option[:60]}'
    assert sum(squeeze(p).count('Suaprevisão') for p in paper.layout) >= \
        len([b for b in handout['dom']['prevejas'] if not b['options']])


@pytest.mark.slow
def test_each_quiz_prints_its_questions_and_lettered_options(handout):
    text = handout['pages'].text()
    questions = [q for quiz in handout['dom']['quizzes'] for q in quiz]
    # a part's own check holds at most 8 questions (issue 30); these parts print 2 to 9 (the advanced
    # metrics' part 1, section 9 alone, 2; the cost lesson's first part 9: its 'Erro comum' question
    # and its check)
    assert len(questions) >= 2
    for q in questions:
        assert printed(q['prompt'], text), f'quiz question missing: {q["prompt"][:80]}'
        for k, option in enumerate(q['options']):
            assert printed(f'{"abcdefgh"[k]}) {option}', text), f'option missing: {option[:60]}'


@pytest.mark.slow
def test_no_screen_control_is_printed(handout):
    text = ' '.join(handout['pages'].plain + handout['pages'].layout)
    flat = re.sub(r'\s+', ' ', unicodedata.normalize('NFKC', text))
    for words in SCREEN_WORDS:
        assert words not in flat, f'{words!r} printed on the handout'


@pytest.mark.slow
def test_explorables_print_their_opening_state(handout):
    """The reader moved a control; the paper shows the numbers the page opened with, and the
    page gets the reader's state back once printing ends."""
    text = handout['pages'].text()
    assert handout['dom']['explorables']
    for lines in handout['dom']['explorables']:
        assert lines
        for line in lines:
            assert printed(line, text), f'explorable number missing from the paper: {line[:80]}'
    opening = set(handout['dom']['explorables'][0])
    moved = [line for line in handout['moved_lines'] if line not in opening]
    assert moved, 'moving the control changed no number'
    assert not [line for line in moved if printed(line, text)], \
        f'the explorable printed as the reader left it: {moved}'
    assert handout['after']['value'] == handout['new_value'], 'printing lost the reader\'s slider'
    assert handout['opening_value'] != handout['new_value']


@pytest.mark.slow
def test_the_readers_answers_are_not_printed(handout):
    text = handout['pages'].text()
    for words in ['Certo!', 'Errado.', 'Você previu', 'Boa previsão', 'Longe desta vez',
                  'Sua previsão:', 'certas)']:
        assert squeeze(words) not in text, f'{words!r}: the reader\'s answer is on the handout'
    assert handout['after']['field'] == '0,5', 'printing lost the reader\'s prediction'


@pytest.mark.slow
def test_no_figure_table_formula_code_or_question_is_cut_by_a_page_break(handout):
    marked = handout['marked']
    assert len(marked) == len(handout['pages']), 'the marks changed the page breaks'
    found = {}
    for number, text in enumerate(marked.plain, 1):
        for tag, n in re.findall(r'QX([SE])(\d+)QX', text):
            found.setdefault(int(n), {}).setdefault(tag, number)
    on_paper = [m for m in handout['marks'] if m['on_paper']]
    kinds = {m['kind'] for m in on_paper}
    for kind in ('figure.align-default', 'div.math', 'div.explorable', 'fieldset.cq-q',
                 'div.cell_input', 'div.cell_output'):
        assert kind in kinds, f'no {kind} on the paper (marked: {sorted(kinds)})'
    lost = [(m['kind'], m['text']) for m in on_paper if set(found.get(m['n'], {})) != {'S', 'E'}]
    assert not lost, f'blocks whose beginning or end is not in the PDF: {lost}'
    cut = [(m['kind'], found[m['n']], m['text']) for m in on_paper
           if found[m['n']]['S'] != found[m['n']]['E']]
    assert not cut, f'cut by a page break (kind, pages, text): {cut}'


@pytest.fixture(scope='module')
def print_layout(browser, site_url):
    """The lessons laid out for paper (print media, the width of the A4 column)."""
    page = recording_page(browser, [site_url, 'data:'])
    page.set_viewport_size({'width': A4_COLUMN, 'height': A4_HEIGHT})
    page.emulate_media(media='print')
    layouts = {}
    for lesson in LAID_OUT:
        page.goto(f'{site_url}/{lesson}.html', wait_until='load')
        layouts[lesson] = page.evaluate("""() => {
          const art = document.querySelector('article.bd-article');
          const box = art.getBoundingClientRect();
          const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
          const name = e => e.tagName.toLowerCase() + '.' + (e.className || '').toString().split(' ')[0] +
                            ' ' + e.textContent.trim().slice(0, 50);
          return {
            column: box.width,
            figures: [...art.querySelectorAll('figure img, .cell_output img')].filter(shown)
                       .map(i => i.getBoundingClientRect().width),
            screen_only: [...document.querySelectorAll(
                '.bd-header, .bd-header-article, .bd-sidebar-primary, .bd-sidebar-secondary, ' +
                '.prev-next-area, #pst-back-to-top, .bd-footer, .bd-footer-article, ' +
                '.slides-poster, .preveja-apagar, details.hide summary, input[type=range], button, ' +
                '#jb-print-toc')].filter(shown).map(name),
            wide: [...art.querySelectorAll('pre, div.math, table, .explorable, .cell_output, ' +
                   'fieldset, figure, .admonition')].filter(shown).filter(
                   e => e.scrollWidth > e.clientWidth + 1 ||
                        e.getBoundingClientRect().right > box.right + 1).map(name),
            tall: [...art.querySelectorAll('figure, table, div.math, .explorable, fieldset.cq-q')]
                    .filter(shown).filter(e => e.getBoundingClientRect().height > %d).map(name),
          };
        }""" % A4_HEIGHT)
    page.context.close()
    return layouts


@pytest.mark.slow
@pytest.mark.parametrize('lesson', LAID_OUT)
def test_paper_has_no_navigation_buttons_or_sliders(print_layout, lesson):
    assert print_layout[lesson]['screen_only'] == []


@pytest.mark.slow
@pytest.mark.parametrize('lesson', LESSONS)
def test_figures_take_the_full_width_of_the_column(print_layout, lesson):
    layout = print_layout[lesson]
    assert layout['column'] > 0.97 * A4_COLUMN
    assert layout['figures']
    assert min(layout['figures']) > 0.95 * layout['column'], layout['figures']


@pytest.mark.slow
@pytest.mark.parametrize('lesson', LAID_OUT)
def test_nothing_is_cut_at_the_columns_edge_or_taller_than_a_page(print_layout, lesson):
    assert print_layout[lesson]['wide'] == []
    assert print_layout[lesson]['tall'] == []


@pytest.fixture(scope='module')
def answer_key(browser, site_url):
    page = open_lesson(browser, site_url, 'lessons/custo', '?gabarito=1')
    dom = read_page(page)
    pages = print_pdf(page)
    page.context.close()
    return dom, pages


@pytest.mark.slow
def test_the_answer_key_comes_only_when_asked(handout, answer_key):
    assert handout['pages'].page_with('Gabarito') is None
    _, paper = answer_key
    assert paper.page_with('Gabarito') is not None


@pytest.mark.slow
def test_the_answer_key_names_the_printed_letter_of_each_right_option(answer_key):
    dom, paper = answer_key
    start = paper.page_with('Gabarito')
    assert start > 0 and squeeze(paper.layout[start]).startswith('Gabarito'), \
        'the answer key does not start on a page of its own'
    key = paper.text(start)
    questions = [q for quiz in dom['quizzes'] for q in quiz]
    for q in questions:
        datum = q['datum']
        if datum['type'] == 'numeric':
            expected = f'{q["number"]}{datum["shown"]}'
        else:
            right = [k for k, ok in enumerate(datum['correct']) if ok]
            expected = q['number'] + '; '.join(
                f'{"abcdefgh"[k]}) {q["options"][k].rstrip(". ") if len(right) > 1 else q["options"][k]}'
                for k in right)
        assert printed(expected, key), f'answer key wrong or missing for: {q["prompt"][:70]}'


def test_the_footer_title_is_a_safe_css_string():
    sys.path.insert(0, str(ROOT / '_ext'))
    from handout import css_string
    assert css_string('Custo "F1" \\ a</style>') == '"Custo \\"F1\\" \\\\ a\\3C /style>"'


def test_only_a_paragraph_that_is_just_a_download_link_is_left_off_paper():
    from docutils import nodes
    from sphinx import addnodes
    sys.path.insert(0, str(ROOT / '_ext'))
    from handout import _is_download_only
    link = addnodes.download_reference('', '', nodes.literal('', 'script da figura'))
    assert _is_download_only(nodes.paragraph('', '', nodes.Text('('), link.deepcopy(), nodes.Text(')')))
    assert not _is_download_only(nodes.paragraph('', '', nodes.Text('Veja o '), link.deepcopy(),
                                                 nodes.Text(' desta figura.')))
    assert not _is_download_only(nodes.paragraph('', '', nodes.Text('(sem link)')))


def block_end(text: str) -> int:
    """Where the first ``{...}`` block of ``text`` closes."""
    depth = 0
    for k, char in enumerate(text):
        depth += {'{': 1, '}': -1}.get(char, 0)
        if depth == 0 and char == '}':
            return k
    return -1


@pytest.mark.slow
def test_every_page_links_the_print_stylesheet_for_paper_only(site):
    for page in ['intro', 'lessons/custo', 'labs/triagem', 'glossario']:
        html = (site / f'{page}.html').read_text(encoding='utf-8')
        assert re.search(r'<link media="print" rel="stylesheet"[^>]*_static/print\.css', html), page
        loaded = [path for path, _ in script_files(BeautifulSoup(html, 'html.parser').head)]
        assert loaded.count(('../' * page.count('/')) + '_static/handout.js') == 1, page
        assert 'class="handout-endereco" hidden' in html, page
    css = (site / '_static' / 'print.css').read_text(encoding='utf-8')
    rules = re.sub(r'/\*.*?\*/', '', css, flags=re.S).strip()
    assert rules.startswith('@media print {'), 'print.css must open with @media print'
    end = block_end(rules)
    assert end == len(rules) - 1, f'a rule of print.css outside @media print: {rules[end + 1:][:80]}'
    assert 'print.css' not in (site / '_static' / 'site.css').read_text(encoding='utf-8')
