"""Reading the small test book (``tests/roots/test-book``, the ``book`` fixture of conftest.py)
built by the course's extensions: its pages as text and as parsed HTML."""
from pathlib import Path

from bs4 import BeautifulSoup

PAGES = ['intro', 'aula', 'notebook', 'pratica', 'progresso']     # the book's own pages (tests/roots/test-book/_toc.yml)


def outdir(book) -> Path:
    return Path(book.outdir)


def html(book, page: str) -> str:
    return (outdir(book) / f'{page}.html').read_text(encoding='utf-8')


def soup(book, page: str) -> BeautifulSoup:
    return BeautifulSoup(html(book, page), 'html.parser')


def head(book, page: str) -> BeautifulSoup:
    return soup(book, page).head


def warnings(book) -> str:
    return book._warning.getvalue()


def script_files(head_tag) -> list[tuple[str, bool]]:
    """The script files a page's <head> loads, in order, as ``(path under the site, deferred)``:
    each ``src`` without its version, and each file a bundle joins (``_ext/page_head.py``)."""
    files = []
    for tag in head_tag.find_all('script', src=True):
        src, deferred = tag['src'].split('?')[0], tag.has_attr('defer')
        if tag.has_attr('data-bundle'):
            static = src[:src.index('_static/') + len('_static/')]
            files += [(static + name, deferred) for name in tag['data-bundle'].split()]
        else:
            files.append((src, deferred))
    return files
