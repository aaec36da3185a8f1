"""_ext/code_tokens.py on the small test book: a code cell keeps its text and its coloured tokens,
and loses only the spans that draw in the block's own colour, in both of the theme's modes."""
import re

from ext_book import html, outdir


def _colour(css, selector_tail, mode):
    found = re.search(r'html\[data-theme="%s"\] \.highlight%s \{[^}]*?color: (#[0-9A-Fa-f]{3,8})' % (mode, selector_tail), css)
    assert found, f'no {mode} colour for .highlight{selector_tail}'
    return found.group(1).lower()


def test_the_spans_it_drops_draw_in_the_blocks_colour(book):
    import code_tokens
    css = (outdir(book) / '_static' / 'site.css').read_text(encoding='utf-8')
    for mode in ('light', 'dark'):
        block = _colour(css, '', mode)
        for token in code_tokens.PLAIN:
            assert _colour(css, rf' \.{token}', mode) == block, (mode, token)


def test_a_code_cell_keeps_its_text_and_its_coloured_tokens(book):
    import code_tokens
    page = html(book, 'notebook')
    blocks = re.findall(r'<div class="highlight"><pre>(.*?)</pre>', page, re.S)
    assert blocks
    for block in blocks:
        assert not re.search(r'<span class="(%s)">' % '|'.join(code_tokens.PLAIN), block)
    assert re.search(r'<span class="(k|kn|nb|mi|s1|s2|o)">', ''.join(blocks)), 'the coloured tokens went too'


def test_unwrapping_keeps_the_text():
    import code_tokens
    raw = ('<div class="highlight"><pre><span></span><span class="kn">import</span><span class="w"> </span>'
           '<span class="nn">numpy</span><span class="w"> </span><span class="k">as</span> <span class="nn">np</span>\n'
           '<span class="n">x</span><span class="o">=</span><span class="p">(</span><span class="mi">1</span>'
           '<span class="p">)</span>  <span class="c1"># &lt;b&gt;</span></pre></div>')
    out = code_tokens.unwrap(raw)
    assert re.sub('<[^>]+>', '', out) == re.sub('<[^>]+>', '', raw)
    assert out.count('<span') == raw.count('<span') - 7      # w, nn, w, nn, n, p, p
    assert code_tokens.unwrap('<p><span class="n">x</span></p>') == '<p><span class="n">x</span></p>'
