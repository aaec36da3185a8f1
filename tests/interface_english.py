"""English that must not reach a reader of the site: the words the theme and its extensions write
when nothing translates them. Shared by the tests of the built site (tests/test_site.py, in
Chromium tests/test_accessibility.py) and of the small test book (tests/test_ext_interface_words.py)."""
import re

# interface words the theme writes in English unless we translate them
ENGLISH_UI = ['Search this book', 'Color mode', 'Launch on Colab', 'Launch interactive',
              'previous page', 'next page', 'Back to top', 'Skip to main content',
              'Download source file', 'Download notebook file', 'Print to PDF',
              'Show code cell', 'Hide code cell', 'Contents', 'Fullscreen mode',
              'Source repository', 'System Settings', 'By ']

# Words of an English interface (none of them Portuguese: not "logo", "link", "menu", "for" as in
# "se o R² for negativo"): one of
# them in a name, a tooltip or the site's chrome is a string the theme or an extension left
# untranslated.
ENGLISH = set('''toggle navigation sidebar primary secondary page pages search book content
contents hidden copy copied clipboard main version warning skip back top light dark system
settings color colour mode launch interactive download source file print fullscreen next
previous permalink equation header heading image click show hide open close expand collapse
edit repository suggest issue the this to of on and with your you go home loading error
failed success submit cancel clear reset share section chapter figure caption button dialog
tooltip keyboard shortcut table toc table-of-contents'''.split())


def english_in(texts):
    found = []
    for where, text in texts:
        words = {w.lower() for w in re.findall(r'[A-Za-z]+', text or '')}
        if words & ENGLISH:
            found.append(f'{where}: {text.strip()[:80]!r} ({", ".join(sorted(words & ENGLISH))})')
    return sorted(set(found))
