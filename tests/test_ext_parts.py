"""_ext/parts.py's count of a page's time, without a build: the rule of the label and what the
doctree count finds (the built pages are held to it in tests/test_parts.py)."""
import math

import parts
from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document


def test_the_count_is_the_courses():
    """COURSE.md: 180 words a minute, a minute a box, half a minute a check question."""
    assert parts.minutes(180, 0, 0) == 1
    assert parts.minutes(900, 3, 4) == 5 + 3 + 2


def test_the_label_is_at_least_three_quarters_and_at_most_the_count_rounded_up():
    for tenths in range(1, 400):
        count = tenths / 10
        shown = parts.label_minutes(count)
        assert 0.75 * count <= shown <= math.ceil(count), count
        if count >= 2:
            assert shown == math.floor(count + 0.5), count          # the nearest minute
    assert parts.label_minutes(0) == 1


def _output(html):
    cell = nodes.container(classes=['cell'])
    out = nodes.container(classes=['cell_output'])
    out += nodes.raw('', html, format='html')
    cell += out
    return cell


def test_the_doctree_count_finds_boxes_questions_and_prose():
    doc = new_document('page', get_default_settings(Parser))
    doc += nodes.paragraph(text='um dois três quatro')
    box = nodes.admonition(classes=['preveja', 'tip'])
    box += nodes.paragraph(text='cinco seis')
    doc += box
    practice = nodes.admonition(classes=['pratique', 'note'])
    practice += nodes.raw('', '<div class="pratique-ui"><p>sete oito nove</p><script>var x = 1;</script></div>',
                          format='html')
    doc += practice
    # an explorable's output carries its runtime, whose comment names '<div class="explorable"'
    doc += _output('<script>/* An output is a <div class="explorable" id=...> */</script>'
                   '<div class="explorable explorable-four-cells" id="e1"><p>não conta</p></div>')
    doc += _output('<div class="cq-quiz"><fieldset class="cq-q cq-type-single" id="q1"></fieldset>'
                   '<fieldset class="cq-q cq-type-numeric" id="q2"></fieldset></div>'
                   '<script type="application/json">{"html": "<fieldset class=\\"cq-q\\">"}</script>')
    doc += nodes.literal_block(text='print("código não conta")')
    doc += nodes.math(text=r'\frac{TP}{TP + FP}')
    words, boxes, questions = parts.doctree_load(doc)
    assert (boxes, questions) == (3, 2)                  # Preveja, Pratique, one explorable
    assert words == 4 + 2 + 3 + parts.tex_words(r'\frac{TP}{TP + FP}')
    # KaTeX's elements with text: TP, TP, +, FP and the fraction's zero-width space; ç and ã three each
    assert parts.tex_words(r'\frac{TP}{TP + FP}') == 5
    assert parts.tex_words(r'\text{revocação} = 0{,}5') == 1 + 6 + 4
