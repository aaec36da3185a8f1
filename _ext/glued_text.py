"""Glued text keeps myst-nb's bold when it is a value, not when it is prose.

myst-nb sets every ``{glue:text}`` in bold (``span.pasted-text``), which marks a computed value
in the prose ("custa **111**", "**2 falhas**"). Some glues are words whose choice follows the
numbers ("o fundo da curva é plano e irregular", "a teoria cai no meio desse intervalo", "o 0,5
(254) passa, e o limiar mais barato (111) passa com folga"); in bold they read as emphasis. A
glue with no digit, or with four words or more, gets the class ``pasted-prose`` and the weight of
the text around it; a short value ("77,9 %", "2.120", "2 em cada 3") gets ``pasted-value`` and
never breaks inside, so "%" does not start a line alone (``_static/course.css``).
"""
import re

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

WORD = re.compile(r'[^\W\d_]{2,}')   # a word of letters: "passa", "limiar"; not "0,5" or "(254)"
PROSE_WORDS = 4
SHORT_VALUE = 16   # characters: a longer value (a list of points) may wrap where it must


def is_prose(text: str) -> bool:
    return not any(c.isdigit() for c in text) or len(WORD.findall(text)) >= PROSE_WORDS


class GluedProse(SphinxPostTransform):
    default_priority = 900   # after myst-nb has pasted the glues of other pages too

    def run(self):
        for node in self.document.findall(nodes.inline):
            if 'pasted-text' not in node['classes']:
                continue
            text = node.astext()
            if is_prose(text):
                node['classes'].append('pasted-prose')
            elif len(text) <= SHORT_VALUE:
                node['classes'].append('pasted-value')


def setup(app):
    app.add_post_transform(GluedProse)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
