"""The slide decks load when the student asks for them, not with the lesson.

A lesson embeds a deck as ``<iframe class="slides-embed" src=... title=...>`` (raw HTML in its
Markdown). Loaded with the page, the iframe brings reveal.js and the deck's figures (≈ 2,5 MB on
the metrics lessons, even after the home page). A transform replaces it, in the doctree, with a
poster of the same size: the deck's title, a link "Abrir os slides em página inteira" to the deck's own
page (on a phone the way to read it: the whole screen, swipes and the deck's buttons) and a button
"Mostrar os slides aqui" that creates the iframe (a few lines of script next to the poster). The
lessons do not change; without JavaScript the poster and its link stay.

Inside the lesson the deck knows it is embedded (``_static/slides.js``): a vertical swipe over it
scrolls the lesson, a sideways one moves the slides.
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


def slides_poster(match) -> str:
    src, title = match.group(1), match.group(2)
    return (f'<div class="slides-embed slides-poster" data-src="{src}" data-title="{title}">'
            f'<p class="slides-poster-title">{title}</p>'
            f'<p class="slides-poster-actions"><a class="slides-open" href="{src}">Abrir os slides em página inteira</a>'
            f'<button type="button" class="slides-load">Mostrar os slides aqui</button></p>'
            f'<p class="slides-poster-note">Os slides só são baixados quando você pedir.</p>'
            f'</div>' + SLIDES_LOADER)


class LazySlides(SphinxTransform):
    """``<iframe class="slides-embed">`` -> a poster with a button that loads the deck."""
    default_priority = 500

    def apply(self, **kwargs):
        for node in list(self.document.findall(nodes.raw)):
            if 'html' in node.get('format', '').split() and 'class="slides-embed"' in node.astext():
                new = SLIDES_IFRAME.sub(slides_poster, node.astext())
                node.replace_self(nodes.raw(new, new, format='html'))


def setup(app):
    app.add_transform(LazySlides)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
