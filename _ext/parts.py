"""A lesson in parts: each part says where it stands in its lesson, how long it takes, and how to
go on; the home page and a lesson's first page link to the part the student read last.

A lesson is a chapter of ``_toc.yml`` (``course/toc.py``): its first page is part 1, its sections
the next parts. On every part, under its title::

    Parte 2 de 3 da aula Métricas de classificação · cerca de 11 min

and, at the end of the part, a link to the next part (on the last part, to the next lesson).

**The time** is the course's count (COURSE.md), ``minutes()``: the prose at ``WORDS_PER_MINUTE``,
plus a minute for each Preveja box, Pratique box and explorable (they are done, not read), plus
half a minute for each check question. The label says ``label_minutes(count)``. The build counts
the page's doctree while it writes the page (``doctree_load``: fast, within a few per cent of the
HTML count); the tests count the built page (``html_load``, whose words are ``visible_words``, the
measure of ``shared/tools/prose_words.py``: the article's text without code, printed outputs, the
formulas' hidden MathML, controls; Preveja answers included). Both go through ``minutes()``.

**Continue de onde parou.** ``_static/place.js`` keeps, in this browser, the parts a student has
read (``localStorage["curso:lugar"]``, MANUTENCAO.md) and fills ``<curso-lugar>``: on the home page
(the ``{onde-parou}`` directive) the part read last in any lesson, on a lesson's first page the
part of that lesson read last, unless it is that page. The element carries the lessons' parts and
titles as this build has them (``data-aulas``), so that a link always names a part as the site
now numbers it, and a page that a new build removed is never offered. The script is inlined in
the head of those pages and of every part: it defines ``<curso-lugar>`` before the parser reaches
it, so the link is there at the first paint (nothing moves), and an empty one takes no room.
"""
from __future__ import annotations

import html
import json
import math
import re
from pathlib import Path

from bs4 import BeautifulSoup
from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from course import toc

WORDS_PER_MINUTE = 180      # prose read on a phone (COURSE.md)
BOX_MINUTES = 1             # a Preveja, a Pratique exercise, an explorable: done, not read
QUESTION_MINUTES = 0.5      # a question of a check
PLACE_JS = Path(__file__).resolve().parents[1] / '_static' / 'place.js'
PLACE_TAG = 'curso-lugar'
# what a student does not read as prose: code, outputs, math's second copy, scripts, controls
NOT_PROSE = ['div.cell_input', 'div.cell_output', 'pre', 'script', 'style', 'nav', '.katex-mathml',
             'annotation', '.headerlink', 'button', 'form', 'template', 'noscript']
# in the HTML of the built page
BOXES = ['div.admonition.preveja', 'div.admonition.pratique', 'div.explorable']
QUESTIONS = 'fieldset.cq-q'
# in a code cell's HTML output, as the doctree holds it (its runtime's <script> left out)
EXPLORABLE = re.compile(r'<div\b[^>]*\bclass="explorable(?=[ "])')
QUESTION = re.compile(r'<fieldset\b[^>]*\bclass="cq-q(?=[ "])')
SCRIPTS = re.compile(r'(?is)<(script|style)\b.*?</\1>')


# ----------------------------------------------------------------------------- the time

def minutes(words: int, boxes: int, questions: int) -> float:
    """The minutes a student spends on a page (COURSE.md): ``words`` of prose read, ``boxes``
    done (Preveja, Pratique, explorables), ``questions`` of a check answered."""
    return words / WORDS_PER_MINUTE + boxes * BOX_MINUTES + questions * QUESTION_MINUTES


def label_minutes(count: float) -> int:
    """The N of "cerca de N min": ``count`` rounded, and never under three quarters of it (a
    short page) nor over it rounded up."""
    return max(1, math.floor(count + 0.5), math.ceil(0.75 * count))


def visible_words(body_html: str) -> int:
    """Words of prose in a page's body (the measure of ``../shared/tools/prose_words.py``)."""
    soup = BeautifulSoup(body_html, 'html.parser')
    for selector in NOT_PROSE:
        for element in soup.select(selector):
            element.decompose()
    return len(soup.get_text(' ').split())


def html_load(article_html: str) -> tuple[int, int, int]:
    """``(words, boxes, questions)`` of a built page's article, for ``minutes()``."""
    soup = BeautifulSoup(article_html, 'html.parser')
    boxes = sum(len(soup.select(s)) for s in BOXES)
    return visible_words(article_html), boxes, len(soup.select(QUESTIONS))


# KaTeX writes each run of letters or digits, each operator and each word of a \text as an
# element of its own, which visible_words counts as a word; an accented letter of a \text is
# three more (the letter, its accent, the rest of the word), a fraction one more (a zero-width
# space); \left, spacing, alignment draw none
TEX_TOKEN = re.compile(r'\\(?:text|mathrm|textrm|operatorname|mathit|textbf|mathbf)\{([^{}]*)\}'
                       r'|\\\\(?:\[[^]]*\])?|\\[a-zA-Z]+|\\.|[A-Za-z]+|\d+|[^\s{}^_&\\]')
TEX_SILENT = {'\\left', '\\right', '\\,', '\\;', '\\!', '\\quad', '\\qquad', '\\begin', '\\end',
              '\\displaystyle', '\\big', '\\Big', '\\bigl', '\\bigr', '\\ ', 'aligned', 'gathered', 'array'}


def tex_words(tex: str) -> int:
    """About the words ``visible_words`` counts in a formula as KaTeX writes it (within a few per
    cent on the lessons' formulas)."""
    count = 0
    for match in TEX_TOKEN.finditer(tex):
        text, token = match.group(1), match.group(0)
        if text is not None:
            count += max(1, len(text.split())) + 3 * sum(not ch.isascii() for ch in text)
        elif token not in TEX_SILENT and not token.startswith('\\\\'):
            count += 1
    return count


def doctree_load(doctree) -> tuple[int, int, int]:
    """``(words, boxes, questions)`` from the page's doctree, while the page is written (the HTML
    count parses the whole page): the text outside code cells; the HTML the page writes itself
    (a Pratique's exercise) by ``visible_words``; a formula by ``tex_words``; the boxes as nodes;
    the explorables and the check's questions in the code cells' HTML outputs."""
    words = boxes = questions = 0

    def walk(node, in_output):
        nonlocal words, boxes, questions
        classes = set(node.get('classes', [])) if isinstance(node, nodes.Element) else set()
        if isinstance(node, nodes.admonition) and {'preveja', 'pratique'} & classes:
            boxes += 1
        if isinstance(node, nodes.raw):
            if 'html' in node.get('format', '').split():
                text = SCRIPTS.sub('', node.astext())
                boxes += len(EXPLORABLE.findall(text))
                questions += len(QUESTION.findall(text))
                if not in_output:
                    words += visible_words(text)
            return
        if in_output or isinstance(node, (nodes.literal_block, nodes.comment, nodes.system_message)):
            return
        if isinstance(node, (nodes.math, nodes.math_block)):
            words += tex_words(node.astext())
            return
        if isinstance(node, nodes.Text):
            words += len(node.astext().split())
            return
        inside = in_output or bool({'cell_input', 'cell_output'} & classes)
        for child in node.children:
            walk(child, inside)
    walk(doctree, False)
    return words, boxes, questions


# ----------------------------------------------------------------------------- the place

class OndeParou(SphinxDirective):
    """``:::{onde-parou}``: on the home page, the link to the part read last (filled when the page
    is written, see ``_place``)."""
    has_content = False

    def run(self):
        return [nodes.raw('', f'<{PLACE_TAG}></{PLACE_TAG}>', format='html')]


def _place(app, pagename, lessons, only=None) -> str:
    """``<curso-lugar>`` with the parts of ``lessons`` (or of the lesson ``only``) for the script."""
    here = app.builder.get_target_uri(pagename)
    data = [{'aula': _title(app, lesson.first),
             'partes': [[app.builder.get_target_uri(p), _title(app, p)] for p in lesson.parts]}
            for lesson in lessons if only is None or lesson is only]
    return (f'<{PLACE_TAG} data-aqui="{here}" data-aulas="{html.escape(json.dumps(data, ensure_ascii=False))}"></{PLACE_TAG}>')


def _place_js(app):
    app.add_js_file(None, body=PLACE_JS.read_text(encoding='utf-8'))


# ----------------------------------------------------------------------------- each page

def _title(app, docname: str) -> str:
    node = app.env.titles.get(docname)
    return ' '.join(node.astext().split()) if node is not None else docname


def _lessons(app):
    if not hasattr(app, 'course_lessons'):
        app.course_lessons = toc.lessons(Path(app.srcdir))
    return app.course_lessons


def _page(app, pagename, templatename, context, doctree):
    if app.builder.format != 'html' or doctree is None:
        return
    lessons = _lessons(app)
    body = context.get('body', '')
    empty = f'<{PLACE_TAG}></{PLACE_TAG}>'
    if empty in body:                                      # the home page's {onde-parou}
        context['body'] = body.replace(empty, _place(app, pagename, lessons), 1)
        _place_js(app)
    lesson = next((x for x in lessons if pagename in x.parts), None)
    if lesson is None:
        return
    body = context['body']
    k, n = lesson.number(pagename), len(lesson.parts)
    here = app.builder.get_target_uri(pagename)
    lesson_title = html.escape(_title(app, lesson.first))
    first = relative_uri(here, app.builder.get_target_uri(lesson.first))
    where = f'Parte {k} de {n} da aula <a href="{first}">{lesson_title}</a> · ' if n > 1 else ''
    label = f'{where}cerca de {{}} min'
    words, boxes, questions = doctree_load(doctree)
    words += len(re.sub('<[^>]+>', ' ', label).split())     # the label is read too
    header = (f'<p class="parte-cabecalho" data-parte="{k}" data-partes="{n}" data-pagina="{here}">'
              f'{label.format(label_minutes(minutes(words, boxes, questions)))}</p>')
    if k == 1 and n > 1:
        header += _place(app, pagename, lessons, only=lesson)
    body = re.sub(r'(</h1>)', lambda m: m.group(1) + header, body, count=1)
    _place_js(app)

    if k < n:
        nxt = lesson.parts[k]
        label = f'Próxima parte ({k + 1} de {n})'
    else:
        following = lessons[lessons.index(lesson) + 1:]
        nxt = following[0].first if following else None
        label = 'Próxima aula'
    if nxt is not None:
        href = relative_uri(here, app.builder.get_target_uri(nxt))
        body += (f'<nav class="parte-seguinte" aria-label="Continuar">'
                 f'<a href="{href}"><span class="parte-seguinte-rotulo">{label}</span> '
                 f'<span class="parte-seguinte-titulo">{html.escape(_title(app, nxt))}</span> →</a></nav>')
    context['body'] = body


def _only_where_needed(app, config):
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, [PLACE_JS.name])   # inlined where needed


def setup(app):
    app.add_directive('onde-parou', OndeParou)
    app.connect('config-inited', _only_where_needed)
    app.connect('html-page-context', _page, priority=400)   # before progress adds its link (500)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
