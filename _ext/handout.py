"""A page printed (or saved as PDF) becomes a handout for a class without devices.

Two files of ``_static`` do it, added to every page of the course (not to the search or index
pages):

- ``print.css``, linked with ``media="print"`` (the browser applies it only to paper and does not
  wait for it to show the page). What it does, and why, is written next to each rule: no
  navigation or buttons; explorables as their numbers and chart, without their controls; the
  quiz's options as boxes to tick by hand; no "Mostrar o código" toggle nor the code it hides;
  figures at the full width of the column; no page break inside a figure, a table, a formula or
  a code block.
- ``handout.js``: while the page prints, it is in the light theme and each explorable is shown
  in its opening state (a slider the reader moved goes back, and returns when
  printing ends); with ``?gabarito=1`` in the address, an answer key of the page's quizzes is
  added at the end, on a page of its own ("Gabarito", built from the quizzes' own data).

The page also gets, for paper only, the address of its interactive version (from
``repository.url`` of ``_config.yml``, like every other link to the published site) and a footer
with the lesson's title and the page number; a paragraph that is only a download link ("script
da figura") is marked to be left out of the paper.
"""
from __future__ import annotations

import html
import re

from docutils import nodes
from sphinx import addnodes

from course.site import pages_url

PRINT_CSS = 'print.css'
HANDOUT_JS = 'handout.js'


def css_string(text: str) -> str:
    """A CSS string literal (for ``content:``) holding ``text``, safe inside ``<style>`` (whose
    text HTML does not unescape: a ``<`` is written as CSS's ``\\3C``)."""
    escaped = text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', ' ')
    return '"' + escaped.replace('<', '\\3C ') + '"'


def page_address(site: str, pagename: str) -> str:
    return f'{site}{pagename}.html'


def _only_where_needed(app, config):
    # Jupyter Book lists every file of _static/ for every page: print.css would then be bundled
    # into site.css (page_head), where it would reach the screen instead of paper only.
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, [PRINT_CSS, HANDOUT_JS])


def _page_context(app, pagename, templatename, context, doctree):
    if doctree is None:          # search, index: pages of the machinery, never printed for a class
        return
    app.add_css_file(PRINT_CSS, media='print')
    app.add_js_file(HANDOUT_JS)
    body = context.get('body', '')
    title = html.unescape(re.sub(r'<[^>]+>', '', context.get('title', ''))).strip()
    footer = f'{app.config.html_title} · {title}' if title else app.config.html_title
    context['metatags'] = context.get('metatags', '') + (
        '<style media="print">@page { @bottom-left { content: '
        f'{css_string(footer)}; }} }}</style>\n')
    site = pages_url(app.config.html_theme_options.get('repository_url', ''))
    address = page_address(site, pagename)
    # hidden on screen (print.css shows it on paper)
    context['body'] = (f'<p class="handout-endereco" hidden>Versão interativa desta página: '
                       f'<a href="{address}">{address}</a></p>\n') + body


def _is_download_only(node) -> bool:
    """A paragraph that is only a download link, as "(script da figura)" under each figure."""
    links = [c for c in node.children if isinstance(c, addnodes.download_reference)]
    rest = ''.join(c.astext() for c in node.children if isinstance(c, nodes.Text))
    others = [c for c in node.children
              if not isinstance(c, (nodes.Text, addnodes.download_reference))]
    return bool(links) and not others and not rest.strip(' ()\n')


def mark_download_lines(app, doctree, docname):
    """A link to download a file is of no use on paper: its paragraph gets the class
    ``handout-sem-papel``, which print.css leaves out."""
    for paragraph in doctree.findall(nodes.paragraph):
        if _is_download_only(paragraph):
            paragraph['classes'].append('handout-sem-papel')


def setup(app):
    app.setup_extension('page_assets')
    app.connect('config-inited', _only_where_needed)
    app.connect('doctree-resolved', mark_download_lines)
    app.connect('html-page-context', _page_context)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
