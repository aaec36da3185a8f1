"""site.css without the theme's unused rules (_ext/unused_css.py) draws every element as the whole
bundle does: pages of each kind, on a phone (light and dark) and on a computer, every element's
computed style compared with the same page drawn with the whole bundle (kept by the build beside
its doctrees). Answer boxes and "Mostrar" blocks are opened first, so that what they hide is drawn too.

Each view's pair of drawings (cut, whole) is made by tests/audits.py (``styles-*``, kept in
``_build/audits/``): what differs between the two, element by element."""
import pytest

pytestmark = pytest.mark.slow      # the built site in a browser

PAGES = ['intro', 'lessons/metricas-fundamental-limiar', 'lessons/roc-curva', 'labs/triagem', 'progresso']
VIEWS = ['styles-390-light', 'styles-390-dark', 'styles-1280-light']


@pytest.mark.parametrize('page_name', PAGES)
def test_the_cut_stylesheet_draws_every_element_as_the_whole_one(audit, site, page_name):
    import unused_css
    whole = (site.parent / '.doctrees' / unused_css.WHOLE).read_bytes()
    served = (site / '_static' / 'site.css').read_bytes()
    assert len(served) < 0.6 * len(whole), 'site.css was not cut'
    for view in VIEWS:
        found = audit(page_name, view)
        assert found['same_elements'] and found['elements'] > 0
        assert found['differ'] == [], f'{page_name} ({view}): {found["differ"][:5]}'
