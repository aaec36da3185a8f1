"""The interface in Portuguese, the way the framework says it.

``language: pt_BR`` gives most of the theme's words in Portuguese ("Buscar", "Baixar arquivo
fonte"). The rest, and where each is said:

- **The project's message catalogs**, ``locales/pt_BR/LC_MESSAGES/`` (``locale_dirs`` in
  ``_config.yml``): ``sphinx.po`` for every ``_()`` of the templates and extensions ("Color mode",
  "Back to top", "On this page", "Permalink to this equation"...); Sphinx loads a project's
  catalog before the theme's and Sphinx's own, and compiles it to ``sphinx.mo`` when the ``.po``
  is newer. ``booktheme.po`` for sphinx-book-theme's own catalog ("Launch on Colab"), which the
  theme registers first: ours is its fallback, which is enough, since it only says what the
  theme's Portuguese catalog leaves in English; this extension compiles it the same way. The
  ``.mo`` files are built, not committed: the ``.po`` is the one source, and a compiled copy
  could not drift from it.
- **Jupyter Book's setting** ``search_bar_text`` (``html_theme_options`` in ``_config.yml``).
- **Template overrides** where a theme template writes English with no ``_()`` (the sidebar
  toggles, the sidebar's ``<nav aria-label="Main">``, the print table of contents): the override
  says it through ``_()``, so the word is in the catalog with the others
  (``_ext/templates/components/``; ``layout.html``). Also: the search field is named by what it
  shows ("Buscar Ctrl + K", no ``aria-label`` that hides the shortcut from its name, which axe
  calls label-content-name-mismatch), and the Colab logo next to the word "Colab" is decoration
  (``alt=""``, ``macros/buttons.html``).

Where no hook exists, and what is done instead:

- myst-nb writes ``<summary aria-label="Toggle hidden content">`` in Python, in the visitor of its
  hidden-cell node: the visitor is wrapped and the ``<summary>`` named by its visible words
  ("Mostrar o código"), as axe asks.
- sphinx-copybutton and sphinx-togglebutton write their words in their scripts, with no setting
  (copybutton has no pt-BR messages; togglebutton's ``aria-label`` is a literal): patched copies
  of the two files are served in their place, from a static folder Sphinx copies after theirs.
  Each patch fails the build when the text it replaces is no longer in the script (an upgrade),
  instead of leaving English on the page.
"""
from __future__ import annotations

from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util.i18n import CatalogRepository

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LOCALES = ROOT / 'locales'
COMPONENTS = HERE / 'templates' / 'components'
THEME_CATALOG = 'booktheme'

# Scripts of the extensions, in their package: (package, file) -> [(English, Portuguese)].
SCRIPT_WORDS = {
    ('sphinx_copybutton', 'copybutton.js_t'): [
        ("const messages = {\n",
         "const messages = {\n  'pt-BR': {'copy': 'Copiar', 'copy_to_clipboard': 'Copiar o código',"
         " 'copy_success': 'Copiado!', 'copy_failure': 'Não foi possível copiar'},\n"),
        ('<button class="copybtn o-tooltip--left" data-tooltip=',
         '<button class="copybtn o-tooltip--left" aria-label="${messages[locale][\'copy_to_clipboard\']}"'
         ' data-tooltip='),
    ],
    ('sphinx_togglebutton', 'togglebutton.js'): [
        ('aria-label="Toggle hidden content"', 'aria-label="Mostrar ou esconder o conteúdo"'),
    ],
}

MYST_NB_SUMMARY = '<summary aria-label="Toggle hidden content">\n'


def compile_catalogs(srcdir, locale_dirs, language) -> list[Path]:
    """Every ``.po`` of the project's ``locale_dirs`` for ``language``, compiled where the ``.mo``
    is missing or older (Sphinx does it for ``sphinx.po`` only). Returns the catalogs."""
    repo = CatalogRepository(str(srcdir), list(locale_dirs), language, 'utf-8')
    catalogs = []
    for catalog in repo.catalogs:
        if catalog.is_outdated():
            catalog.write_mo(language)
        catalogs.append(Path(catalog.mo_path))
    return catalogs


def patched(text: str, replacements, where: str) -> str:
    for english, portuguese in replacements:
        if portuguese in text:
            continue
        if english not in text:
            raise ExtensionError(f'{where} não tem mais {english!r}: a extensão mudou '
                                 '(revise SCRIPT_WORDS em _ext/interface_words.py)')
        text = text.replace(english, portuguese)
    return text


def _patched_scripts(app):
    """Portuguese copies of the extensions' scripts, in a static folder copied after theirs."""
    import importlib

    import page_assets
    folder = page_assets.static_folder(app, 'course-words')
    app.course_words_folder = folder
    for (package, name), replacements in SCRIPT_WORDS.items():
        if package not in app.config.extensions:
            continue
        source = Path(importlib.import_module(package).__file__).parent / '_static' / name
        text = patched(source.read_text(encoding='utf-8'), replacements, f'{package}/{name}')
        (folder / name).write_text(text, encoding='utf-8')
    app.config.html_static_path = list(app.config.html_static_path) + [str(folder)]



def _components_first(app, config):
    """The overrides of the themes' components before the themes' own component folders."""
    paths = [p for p in map(str, config.templates_path) if p != str(COMPONENTS)]
    config.templates_path = [str(COMPONENTS)] + paths


def _summary_named_by_its_words(app):
    """myst-nb's hidden-cell visitor, without the English aria-label on its <summary>."""
    try:
        from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput, visit_HideCellInput
    except ImportError:
        return

    def visit(self, node):
        start = len(self.body)
        visit_HideCellInput(self, node)
        written = self.body[start:]
        if MYST_NB_SUMMARY not in written:
            raise ExtensionError('myst-nb não escreve mais <summary aria-label="Toggle hidden '
                                 'content">: revise _ext/interface_words.py')
        self.body[start + written.index(MYST_NB_SUMMARY)] = '<summary>\n'
    app.add_node(HideCodeCellNode, override=True, html=(visit, depart_HideCellInput))


def setup(app):
    app.setup_extension('page_head')       # the templates folder and its filters
    compile_catalogs(app.srcdir, app.config.locale_dirs, app.config.language)
    for locale_dir in app.config.locale_dirs:
        app.add_message_catalog(THEME_CATALOG, str(Path(app.srcdir, locale_dir)))
    app.connect('config-inited', _components_first, priority=900)
    app.connect('builder-inited', _patched_scripts, priority=900)   # after the extensions' folders
    app.connect('builder-inited', _summary_named_by_its_words)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
