"""_ext/page_descriptions.py on the small test book: each page's <meta name="description">."""
import yaml
from ext_book import PAGES, outdir, soup, warnings

from conftest import ROOT

DESCRIPTIONS = yaml.safe_load((ROOT / 'tests' / 'roots' / 'test-book' / 'descriptions.yml').read_text(encoding='utf-8'))


def test_every_page_has_its_description(book):
    for page in PAGES:
        meta = soup(book, page).find_all('meta', attrs={'name': 'description'})
        assert [m['content'] for m in meta] == [DESCRIPTIONS[page]], page


def test_pages_of_the_machinery_get_the_home_pages(book):
    search = soup(book, 'search').find('meta', attrs={'name': 'description'})
    assert search['content'] == DESCRIPTIONS['intro']
    assert (outdir(book) / 'genindex.html').is_file()


def test_a_page_without_description_is_a_warning(book, monkeypatch):
    """A warning is fatal with -W: a new page cannot be published without its description."""
    import page_descriptions
    said = []
    monkeypatch.setattr(page_descriptions.logger, 'warning', lambda *a: said.append(a[0] % a[1:]))

    class App:
        srcdir, config = book.srcdir, book.config
    context = {}
    page_descriptions._page_context(App, 'sem-descricao', 'page.html', context, doctree=object())
    assert 'metatags' not in context
    assert said == ['a página sem-descricao não tem descrição: acrescente-a a descriptions.yml']
    assert 'não tem descrição' not in warnings(book)      # every page of the book has one
