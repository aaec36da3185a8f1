"""A lesson in parts: each part says where it stands in its lesson, how long it takes to read, and
how to go on.

A lesson is a chapter of ``_toc.yml`` (``course/toc.py``): its first page is part 1, its sections
the next parts. On every part, under its title::

    Parte 2 de 3 de "Métricas de classificação" · cerca de 9 min de leitura

and, at the end of the part, a link to the next part (on the last part, to the next lesson).
The reading time counts the words a student reads on the page, answers of the Preveja boxes
included, at ``WORDS_PER_MINUTE``: ``doctree_words`` while the page is written (fast);
``visible_words`` is the measure on the built HTML (the text of the article without code, printed
outputs, the formulas' hidden MathML, the quiz's data), which the tests hold every part to.
"""
from __future__ import annotations

import html
import math
import re
from pathlib import Path

from bs4 import BeautifulSoup
from sphinx.util.osutil import relative_uri

from course import toc

WORDS_PER_MINUTE = 220      # a careful read of a technical text, on a phone
# what a student does not read as prose: code, outputs, math's second copy, scripts, controls
NOT_PROSE = ['div.cell_input', 'div.cell_output', 'pre', 'script', 'style', 'nav', '.katex-mathml',
             'annotation', '.headerlink', 'button', 'form', 'template', 'noscript']


def visible_words(body_html: str) -> int:
    """Words of prose in a page's body (the measure of ``../shared/tools/prose_words.py``)."""
    soup = BeautifulSoup(body_html, 'html.parser')
    for selector in NOT_PROSE:
        for element in soup.select(selector):
            element.decompose()
    return len(soup.get_text(' ').split())


def doctree_words(doctree) -> int:
    """The same count from the page's doctree, fast enough for every build (the HTML count parses
    the whole page): the text outside code cells, their outputs, code blocks, raw HTML and comments;
    a formula counts as its TeX's words. Within a few per cent of ``visible_words``."""
    from docutils import nodes
    skip = (nodes.literal_block, nodes.raw, nodes.comment, nodes.system_message)
    count = 0

    def walk(node):
        nonlocal count
        if isinstance(node, skip) or (isinstance(node, nodes.Element) and
                                      {'cell_input', 'cell_output'} & set(node.get('classes', []))):
            return
        if isinstance(node, nodes.Text):
            count += len(node.astext().split())
            return
        for child in node.children:
            walk(child)
    walk(doctree)
    return count


def minutes(words: int) -> int:
    return max(1, math.ceil(words / WORDS_PER_MINUTE))


def _title(app, docname: str) -> str:
    node = app.env.titles.get(docname)
    return node.astext() if node is not None else docname


def _lessons(app):
    if not hasattr(app, 'course_lessons'):
        app.course_lessons = toc.lessons(Path(app.srcdir))
    return app.course_lessons


def _page(app, pagename, templatename, context, doctree):
    if app.builder.format != 'html' or doctree is None:
        return
    lessons = _lessons(app)
    lesson = next((x for x in lessons if pagename in x.parts), None)
    if lesson is None:
        return
    body = context.get('body', '')
    k, n = lesson.number(pagename), len(lesson.parts)
    words = doctree_words(doctree)
    lesson_title = html.escape(_title(app, lesson.first))
    first = relative_uri(app.builder.get_target_uri(pagename), app.builder.get_target_uri(lesson.first))
    where = f'Parte {k} de {n} da aula <a href="{first}">{lesson_title}</a> · ' if n > 1 else ''
    header = (f'<p class="parte-cabecalho" data-parte="{k}" data-partes="{n}" >'
              f'{where}cerca de {minutes(words)} min de leitura</p>')
    body = re.sub(r'(</h1>)', r'\1' + header.replace('\\', r'\\'), body, count=1)

    here = app.builder.get_target_uri(pagename)
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


def setup(app):
    app.connect('html-page-context', _page, priority=400)   # before progress adds its link (500)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
