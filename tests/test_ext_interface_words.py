"""_ext/interface_words.py on the small test book: no English in what a reader sees or hears,
the interface words from the project's catalogs, Jupyter Book's search_bar_text and template
overrides. (In Chromium, after the theme's scripts ran, on every page of the real site:
tests/test_accessibility.py.)"""
import pytest
from ext_book import PAGES, outdir, soup
from interface_english import ENGLISH_UI, english_in

from conftest import ROOT

NAMES = ('title', 'aria-label', 'placeholder', 'data-bs-title', 'alt', 'aria-valuetext')
CHROME = ('.bd-header', '.bd-header-article', '.bd-sidebar-primary', '.bd-sidebar-secondary',
          'footer', '.prev-next-area', '.bd-footer-article', '#pst-back-to-top', '.skip-link')


def visible_and_names(page):
    for tag in page(['script', 'style', 'code', 'pre']):
        tag.decompose()
    names = [(k, str(v)) for t in page.find_all(True) for k, v in t.attrs.items() if k in NAMES]
    controls = [(t.name, t.get_text(' ')) for t in page.find_all(['button', 'summary', 'label', 'legend'])]
    chrome = [('chrome', el.get_text(' ')) for sel in CHROME for el in page.select(sel)]
    return page.get_text(' '), names + controls + chrome


@pytest.mark.parametrize('name', PAGES + ['search', 'genindex'])
def test_no_english_in_the_interface(book, name):
    text, names = visible_and_names(soup(book, name))
    everything = text + ' ' + ' '.join(v for _, v in names)
    assert [e for e in ENGLISH_UI if e in everything] == [], name
    assert english_in(names) == [], name


def test_the_words_come_from_the_catalog_the_setting_and_the_overrides(book):
    page = soup(book, 'notebook')
    mode = page.select_one('button.theme-switch-button')                                  # sphinx.po
    assert mode['data-bs-title'] == 'Modo de cor' and mode['aria-label'] == 'Tema: modo de cor'
    assert [i['title'] for i in mode.find_all('i')] == ['Claro', 'Escuro', 'Do sistema']
    # the header's buttons name themselves, in the catalog's words (issue 30: icons with no names)
    labels = [s.get_text(strip=True) for s in page.select('.bd-header-article .btn__label')]
    assert {'Menu', 'Colab', 'GitHub', 'Baixar', 'Tela cheia', 'Tema', 'Buscar'} <= set(labels), labels
    assert page.select_one('.dropdown-launch-buttons button')['aria-label'] == 'Abrir no Colab'
    assert page.select_one('.dropdown-download-buttons button')['aria-label'] == 'Baixar esta página'
    colab = page.find('a', title='Abrir no Colab')                                         # booktheme.po
    assert colab.find('img')['alt'] == '' and colab.get_text(strip=True) == 'Colab'       # macros/buttons.html
    assert page.find('input', attrs={'name': 'q'})['placeholder'] == 'Buscar no curso...'  # search_bar_text
    field = page.select_one('button.search-button-field')
    assert 'aria-label' not in field.attrs and field['title'] == 'Buscar'                 # named by its words
    assert page.find('nav', class_='bd-docs-nav')['aria-label'] == 'Aulas e labs'
    assert page.find('button', class_='primary-toggle', title='Mostrar ou esconder a navegação')
    assert page.find('a', title='página anterior')
    summary = page.select_one('details.hide summary')
    assert summary.attrs == {} and 'Mostrar o código' in summary.get_text()               # myst-nb visitor
    assert soup(book, 'aula').find('a', title='Link para esta equação')                   # sphinxcontrib-katex


def test_the_extensions_scripts_speak_portuguese(book):
    static = outdir(book) / '_static'
    copy = static.joinpath('copybutton.js').read_text(encoding='utf-8')
    assert "'pt-BR': {'copy': 'Copiar'" in copy and 'aria-label="${messages[locale]' in copy
    assert 'Mostrar ou esconder o conteúdo' in static.joinpath('togglebutton.js').read_text(encoding='utf-8')


def test_a_patch_whose_text_is_gone_fails_the_build():
    import interface_words
    from sphinx.errors import ExtensionError
    assert interface_words.patched('a b', [('a', 'x')], 'f.js') == 'x b'
    assert interface_words.patched('x b', [('a', 'x')], 'f.js') == 'x b'      # already in Portuguese
    with pytest.raises(ExtensionError, match='não tem mais'):
        interface_words.patched('c b', [('a', 'x')], 'f.js')


def test_the_catalogs_are_compiled_from_their_po(book):
    messages = ROOT / 'locales' / 'pt_BR' / 'LC_MESSAGES'
    for domain in ('sphinx', 'booktheme'):
        po, mo = messages / f'{domain}.po', messages / f'{domain}.mo'
        assert mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime, domain
