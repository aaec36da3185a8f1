"""Each page's ``<meta name="description">`` (what a search engine or a shared link shows under
the title), from ``_ext/page_descriptions.yml`` (``page_descriptions_file``: a path relative to
the book, or absolute). A page of the book with no description is a build warning (fatal with
``-W``); the pages of the machinery (search, index) get the home page's.
"""
from __future__ import annotations

import html
from pathlib import Path

import yaml
from sphinx.util import logging

logger = logging.getLogger(__name__)
DEFAULT = Path(__file__).resolve().parent / 'page_descriptions.yml'


def descriptions(app) -> dict:
    path = Path(app.srcdir, app.config.page_descriptions_file)
    return yaml.safe_load(path.read_text(encoding='utf-8')) or {}


def _page_context(app, pagename, templatename, context, doctree):
    known = descriptions(app)
    if doctree is None:       # genindex, search: pages of the machinery, not of the course
        description = known.get(app.config.root_doc, '')
    else:
        description = known.get(pagename)
        if not description:
            logger.warning('a página %s não tem descrição: acrescente-a a %s', pagename,
                           app.config.page_descriptions_file)
            return
    meta = f'<meta name="description" content="{html.escape(description.strip())}" />\n'
    context['metatags'] = context.get('metatags', '') + meta


def setup(app):
    app.add_config_value('page_descriptions_file', str(DEFAULT), 'html')
    app.connect('html-page-context', _page_context)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
