"""_ext/wide_blocks.py on the small test book: the script that frames a block wider than the
column is on every page that has a formula, a table or a printed block, and on no other."""

from ext_book import html


def test_the_script_is_where_a_block_may_be_wide(book):
    import wide_blocks
    assert wide_blocks.WIDE_BLOCKS in html(book, 'aula')         # a display formula
    assert wide_blocks.WIDE_BLOCKS in html(book, 'notebook')     # a code cell
    assert 'wide-frame' not in html(book, 'intro')               # text and a figure only


def test_the_script_names_what_it_frames_and_says_it_in_portuguese():
    import wide_blocks
    for selector in ('div.math', 'pst-scrollable-table-container', 'div.highlight > pre'):
        assert selector in wide_blocks.BLOCKS
    assert wide_blocks.HINT.startswith('Continua ao lado')
    assert 'tabIndex = 0' in wide_blocks.WIDE_BLOCKS and 'curso:revelado' in wide_blocks.WIDE_BLOCKS
