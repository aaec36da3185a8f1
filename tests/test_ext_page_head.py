"""_ext/page_head.py (and page_assets.py) on the small test book: one stylesheet for the screen, deferred
scripts, no thebe, no icon script, no script of Sphinx's search (replaced by _ext/search.py), and
the files of _static/ on the pages that load them."""
import hashlib
import re

from ext_book import PAGES, head, html, outdir, warnings


def links(book, page):
    return [link['href'] for link in head(book, page).find_all('link', rel='stylesheet')]


def scripts(book, page):
    return [s for s in head(book, page).find_all('script')]


def test_one_stylesheet_for_the_site_and_its_version(book):
    css = (outdir(book) / '_static' / 'site.css').read_bytes()
    version = hashlib.sha1(css).hexdigest()[:8]
    for page in PAGES:
        hrefs = links(book, page)
        assert hrefs[0] == f'_static/site.css?v={version}', (page, hrefs)
        # Preveja's and the practice's stylesheets are in site.css (one file blocks the first paint)
        assert all(h.startswith('_static/print.css') for h in hrefs[1:]), (page, hrefs)
        # the handout's stylesheet is the one other file every page links, for paper only
        paper = [link for link in head(book, page).find_all('link', rel='stylesheet')
                 if link['href'].startswith('_static/print.css')]
        assert len(paper) == 1 and paper[0].get('media') == 'print', (page, paper)


def test_the_bundle_keeps_the_cascade(book):
    css = (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    parts = re.findall(r'^/\* (\S+\.css) \*/$', css, re.M)
    assert parts[:2] == ['styles/theme.css', 'styles/pydata-sphinx-theme.css']
    assert parts[-2:] == ['course/explorables.css', 'course/quiz.css']
    # a stylesheet dropped in _static/ is on every page, as Jupyter Book does (the site's course.css)
    assert 'proprio.css' in parts and 'pygments.css' in parts and 'vendor/katex/katex.min.css' in parts
    assert parts.index('proprio.css') < parts.index('course/explorables.css')
    assert 'preveja.css' in parts and 'pratique.css' in parts
    assert not [p for p in parts if 'thebe' in p or 'slides' in p]
    assert '@import' not in css and '#123456' in css


def test_scripts_are_deferred_and_the_options_inlined(book):
    for page in PAGES:
        for s in scripts(book, page):
            if s.get('src'):
                assert s.has_attr('defer') or s.has_attr('async'), (page, s['src'])
        inline = ' '.join(s.string or '' for s in scripts(book, page))
        assert 'const DOCUMENTATION_OPTIONS' in inline
        assert not [s for s in scripts(book, page) if 'documentation_options.js' in s.get('src', '')]


def test_what_the_course_does_not_use_is_not_loaded(book):
    for page in PAGES:
        text = str(head(book, page))
        assert 'thebe' not in text.lower(), page
        assert 'fontawesome.js' not in text and 'styles/theme.css' not in text
        assert 'searchtools.js' not in text and 'searchindex.js' not in text
    # the search page's own scripts (Pagefind's, loaded on demand): tests/test_ext_search.py
    assert all(s.has_attr('defer') for s in scripts(book, 'search') if s.get('src'))


def test_page_only_files_are_only_where_needed(book):
    """vendor/ (reveal.js), the decks' scripts and Preveja's files are in _static but on no page
    that does not load them; Preveja's are on the page with a Preveja."""
    every = ' '.join(str(head(book, p)) for p in PAGES)
    for name in ('vendor/biblioteca.js', 'vendor/reveal', 'slides.js', 'slides.css'):
        assert name not in every, name
    assert (outdir(book) / '_static' / 'vendor' / 'biblioteca.js').is_file()
    assert 'preveja.js' in str(head(book, 'aula')) and 'preveja.js' not in str(head(book, 'intro'))
    # preveja.js needs numbers.js and quiz.js: this page's outputs load them already, once
    page = html(book, 'aula')
    assert 'course/numbers.js' not in str(head(book, 'aula')) and page.count('course/numbers.js') == 1


def test_the_book_builds_without_warnings(book):
    assert warnings(book).strip() == ''


def test_the_deferred_scripts_come_in_two_files_in_their_order(book):
    """A page's deferred script files are joined into two bundles (the run of site-wide scripts,
    the same file on every page; then the page's own), each the files it names, in order, after
    an empty statement so that doctools.js's "use strict" stays in doctools.js."""
    import page_head
    static = outdir(book) / '_static'
    first = set()
    for page in PAGES:
        files = [s for s in scripts(book, page) if s.get('src', '').startswith('_static/') and s.has_attr('defer')
                 and 'scripts/' not in s['src']]                # the theme's own two, at the end of <body>
        assert len(files) <= 2 and all(s.has_attr('data-bundle') for s in files), (page, files)
        first.add(files[0]['src'])
        for tag in files:
            parts = tag['data-bundle'].split()
            path, version = tag['src'].split('?v=')
            text = (outdir(book) / path).read_text(encoding='utf-8')
            assert text == page_head.joined_scripts(static, parts)
            assert version == hashlib.sha1(text.encode('utf-8')).hexdigest()[:8]
            assert text.startswith('\n;') and 'sourceMappingURL' not in text
            assert all(f'/* {name} */' in text for name in parts)
    assert len(first) == 1, first
    bundle = str(head(book, 'intro').find('script', attrs={'data-bundle': True})['data-bundle'])
    assert bundle.split()[:2] == ['doctools.js', 'sphinx_highlight.js']
    assert 'design-tabs.js' not in ' '.join(str(head(book, p)) for p in PAGES)     # no page has tabs

