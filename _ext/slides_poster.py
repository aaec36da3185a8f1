"""The slide decks load when the student asks for them, not with the lesson.

A lesson embeds a deck as ``<iframe class="slides-embed" src=... title=...>`` (raw HTML in its
Markdown). Loaded with the page, the iframe brings reveal.js and the deck's figures (≈ 2,5 MB on
the metrics lessons, even after the home page). A transform replaces it, in the doctree, with a
poster of the same size: the deck's title, a link "Abrir os slides em página inteira" to the deck's own
page (on a phone the way to read it: the whole screen, swipes and the deck's buttons) and a button
"Mostrar os slides aqui" that creates the iframe (a few lines of script next to the poster). The
lessons do not change; without JavaScript the poster and its link stay.

Inside the lesson the deck knows it is embedded (``_static/slides.js``): a vertical swipe over it
scrolls the lesson, a sideways one moves the slides. Under the poster (and the deck, once shown), a
line says how to use them: by touch on a touch screen, by the keyboard elsewhere (``HELP``); the
lesson's own sentence on the keys next to the deck, if it has one, is shown only with a keyboard
(``_keys_only``: a sentence of the lesson that speaks of "setas" and "Esc"). On a
phone the box is upright (``_static/course.css``), so that the slide's text is as large as on the
deck's own page.
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx.transforms import SphinxTransform

SLIDES_IFRAME = re.compile(r'<iframe class="slides-embed" src="([^"]+)" title="([^"]+)"[^>]*>'
                           r'\s*</iframe>')
SLIDES_LOADER = (
    '<script>document.querySelectorAll(".slides-poster button").forEach(function (b) {'
    'b.addEventListener("click", function () {var box = b.closest(".slides-poster");'
    'var f = document.createElement("iframe"); f.className = "slides-embed";'
    'f.src = box.dataset.src; f.title = box.dataset.title; f.allowFullscreen = true;'
    'box.replaceWith(f); f.focus();});});</script>')


# How to use the slides, under the poster (and under the deck once it is shown): by touch on a
# touch screen, by the keyboard elsewhere (_static/course.css picks one by the pointer).
HELP = ('<p class="slides-ajuda">'
        '<span class="slides-ajuda-toque">Nos slides: deslize para o lado para passar de um slide a '
        'outro, ou toque em ← e → embaixo deles; um deslizar para cima ou para baixo rola a página. '
        'Para vê-los na tela toda, toque em "Abrir os slides em página inteira".</span>'
        '<span class="slides-ajuda-teclado">Nos slides: clique neles e use as setas ← → do teclado '
        '(ou os botões embaixo deles); F abre em tela cheia e Esc mostra todos os slides.</span></p>')


def slides_poster(match) -> str:
    src, title = match.group(1), match.group(2)
    return (f'<div class="slides-embed slides-poster" data-src="{src}" data-title="{title}">'
            f'<p class="slides-poster-title">{title}</p>'
            f'<p class="slides-poster-actions"><a class="slides-open" href="{src}">Abrir os slides em página inteira</a>'
            f'<button type="button" class="slides-load">Mostrar os slides aqui</button></p>'
            f'<p class="slides-poster-note">Os slides só são baixados quando você pedir.</p>'
            f'</div>' + HELP + SLIDES_LOADER)


# A lesson's sentence on the keys next to its deck ("Clique nos slides e use as setas ← → ...; F ...
# e Esc ..."): shown only where there is a keyboard; the line under the poster (HELP) says the rest.
KEYS_START = re.compile(r'[^.;:]*\bsetas\b')


def _keys_only(section) -> None:
    """The sentence (it may run over several text nodes, one a line) wrapped in a span."""
    for para in section.findall(nodes.paragraph):
        kids = para.children
        for i, node in enumerate(kids):
            match = KEYS_START.search(str(node)) if isinstance(node, nodes.Text) else None
            if not match:
                continue
            k, end = i, -1
            while k < len(kids) and isinstance(kids[k], nodes.Text):
                end = str(kids[k]).find('.', match.start() if k == i else 0)
                if end >= 0:
                    break
                k += 1
            if end < 0:
                return
            first, last = str(kids[i]), str(kids[k])
            joined = ''.join(str(kids[x]) for x in range(i, k + 1))
            sentence = joined[match.start():len(joined) - len(last) + end + 1]
            if 'Esc' not in sentence:
                continue
            del para[i:k + 1]            # by position: Text nodes equal as strings ("\n")
            for at, part in enumerate([nodes.Text(first[:match.start()]),
                                       nodes.raw('', '<span class="slides-ajuda-teclado">', format='html'),
                                       nodes.Text(sentence), nodes.raw('', '</span>', format='html'),
                                       nodes.Text(last[end + 1:])]):
                para.insert(i + at, part)
            return


class LazySlides(SphinxTransform):
    """``<iframe class="slides-embed">`` -> a poster with a button that loads the deck."""
    default_priority = 500

    def apply(self, **kwargs):
        for node in list(self.document.findall(nodes.raw)):
            if 'html' in node.get('format', '').split() and 'class="slides-embed"' in node.astext():
                new = SLIDES_IFRAME.sub(slides_poster, node.astext())
                section = node.parent
                node.replace_self(nodes.raw(new, new, format='html'))
                if isinstance(section, nodes.section):
                    _keys_only(section)


def setup(app):
    app.add_transform(LazySlides)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
