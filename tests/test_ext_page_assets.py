"""_ext/page_assets.py: Jupyter Book's every-page entries of _static/ files come off the lists only
for the files an extension loads where needed; the configuration's own entries always stay."""
from types import SimpleNamespace

import page_assets


def config_for(tmp_path, css, js, extensions=('jupyter_book',)):
    static = tmp_path / '_static'
    for name in ['site.css', 'preveja.css', 'preveja.js', 'vendor/lib.js', 'proprio.js']:
        (static / name).parent.mkdir(parents=True, exist_ok=True)
        (static / name).write_text('/* */')
    return SimpleNamespace(extensions=list(extensions), html_css_files=list(css), html_js_files=list(js))


def test_only_the_scanned_entries_of_the_declared_files_go(tmp_path):
    # what Jupyter Book writes: the configuration's entries, then one per file of _static
    config = config_for(tmp_path, css=['preveja.css', 'preveja.css', 'site.css'],
                        js=['preveja.js', 'proprio.js', 'vendor/lib.js'])
    gone = page_assets.only_where_needed(config, tmp_path, ['preveja.*', 'vendor/*'])
    assert sorted(gone) == ['preveja.css', 'preveja.js', 'vendor/lib.js']
    assert config.html_css_files == ['preveja.css', 'site.css']     # the configuration's own stays
    assert config.html_js_files == ['proprio.js']


def test_nothing_goes_when_the_book_is_not_built_by_jupyter_book(tmp_path):
    config = config_for(tmp_path, css=['preveja.css'], js=[], extensions=['sphinx.ext.mathjax'])
    assert page_assets.only_where_needed(config, tmp_path, ['preveja.*']) == []
    assert config.html_css_files == ['preveja.css']



def test_a_static_file_edited_alone_makes_the_home_page_read_again(tmp_path):
    """With no page out of date Sphinx stops before copying ``_static/``: an edited stylesheet
    stayed old on the site and in the preview (tests/test_new_lesson.py builds it end to end)."""
    (tmp_path / '_static').mkdir()
    css = tmp_path / '_static' / 'course.css'
    css.write_text('a { color: red; }')
    app = SimpleNamespace(confdir=str(tmp_path), config=SimpleNamespace(html_static_path=['_static'], root_doc='intro'))
    env = SimpleNamespace()
    outdated = lambda *docs: page_assets._static_edited(app, env, set(), set(docs), set())  # noqa: E731
    assert outdated() == []                              # the first build reads every page anyway
    assert outdated() == []                              # nothing edited
    css.write_text('a { color: blue; }')
    assert outdated() == ['intro']
    assert outdated() == []                              # read once, not at every build after
    css.write_text('a { color: green; }')
    assert outdated('lessons/custo') == []               # a page is read: the build goes to its end
    (tmp_path / '_static' / 'new.js').write_text('')
    assert outdated() == ['intro']                       # a new file counts
