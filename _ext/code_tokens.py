"""Code cells without the spans that change nothing: fewer elements on every page with code.

Pygments wraps every token of a code cell in a ``<span class="…">`` for its colour. Names,
punctuation, whitespace and module names (``n``, ``p``, ``w``, ``nn``) are drawn in the text colour
of the block itself in both of the theme's styles (``.highlight { color: … }``, light and dark), so
their spans draw nothing: they are about 60 % of a code cell's elements, and a page's code cells a
quarter of its elements (Lighthouse counts every one). They are unwrapped here, in the page's body,
leaving their text (already escaped) where it was; every coloured token keeps its span.
``tests/test_ext_code_tokens.py`` checks that the theme still draws those classes in the block's
colour, so a theme that colours one of them fails the tests instead of losing its colour quietly.
"""
from __future__ import annotations

import re

PLAIN = ('n', 'p', 'w', 'nn')
PRE = re.compile(r'(<div class="highlight"><pre>)(.*?)(</pre>)', re.S)
SPAN = re.compile(r'<span class="(?:%s)">([^<]*)</span>' % '|'.join(PLAIN))


def unwrap(body: str) -> str:
    """``body`` with the plain tokens' spans of its code blocks unwrapped."""
    return PRE.sub(lambda m: m.group(1) + SPAN.sub(r'\1', m.group(2)) + m.group(3), body)


def _page(app, pagename, templatename, context, doctree):
    if app.builder.format == 'html' and 'body' in context:
        context['body'] = unwrap(context['body'])


def setup(app):
    app.connect('html-page-context', _page, priority=450)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
