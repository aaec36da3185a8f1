"""site.css without the theme's unused rules (_ext/unused_css.py) draws every element as the whole
bundle does: pages of each kind, on a phone (light and dark) and on a computer, every element's
computed style compared with the same page drawn with the whole bundle (kept by the build beside
its doctrees). Answer boxes and "Mostrar" blocks are opened first, so that what they hide is drawn too."""
import pytest

pytestmark = pytest.mark.slow      # the built site in a browser

PAGES = ['intro', 'lessons/metricas-fundamental-limiar', 'lessons/roc-curva', 'labs/triagem', 'progresso']
VIEWS = [(390, 'light'), (390, 'dark'), (1280, 'light')]
# what draws an element: its box, its text, its colours and its pseudo-elements' content
PROPERTIES = ['display', 'position', 'float', 'width', 'height', 'margin-top', 'margin-right', 'margin-bottom',
              'margin-left', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'color',
              'background-color', 'background-image', 'border-top-width', 'border-top-style', 'border-top-color',
              'border-bottom-width', 'border-left-width', 'border-left-color', 'border-right-width',
              'border-radius', 'box-shadow', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height',
              'text-align', 'text-decoration-line', 'white-space', 'overflow-x', 'overflow-y', 'opacity',
              'visibility', 'z-index', 'flex-direction', 'justify-content', 'align-items', 'gap',
              'grid-template-columns', 'transform', 'list-style-type', 'cursor', 'outline-style', 'mask-image']
PSEUDO = ['content', 'display', 'color', 'background-color', 'mask-image', 'font-family']
STYLES = """([props, pseudo]) => {
    document.documentElement.classList.remove('preveja-js');
    document.querySelectorAll('details').forEach(d => d.open = true);
    return Array.from(document.querySelectorAll('body *'), e => {
        const cs = getComputedStyle(e);
        let s = props.map(p => cs.getPropertyValue(p)).join(';');
        for (const pe of ['::before', '::after']) {
            const c = getComputedStyle(e, pe);
            s += '|' + pseudo.map(p => c.getPropertyValue(p)).join(';');
        }
        const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                     (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
        return [name, s];
    });
}"""


def drawn(browser, url, width, scheme, whole=None):
    context = browser.new_context(viewport={'width': width, 'height': 900}, color_scheme=scheme,
                                  service_workers='block')
    if whole is not None:
        context.route('**/_static/site.css*', lambda r: r.fulfill(body=whole, content_type='text/css'))
    pg = context.new_page()
    pg.goto(url, wait_until='load')
    # the home page's "Guardar o curso" box says the course's size once offline.json has come
    pg.wait_for_function("!document.querySelector('.guardar-curso-estado')"
                         " || !document.querySelector('.guardar-curso-estado').textContent.includes('JavaScript')")
    pg.wait_for_timeout(200)              # the deferred scripts' first drawing
    styles = pg.evaluate(STYLES, [PROPERTIES, PSEUDO])
    context.close()
    return styles


@pytest.mark.parametrize('page_name', PAGES)
def test_the_cut_stylesheet_draws_every_element_as_the_whole_one(browser, site, site_url, page_name):
    import unused_css
    whole = (site.parent / '.doctrees' / unused_css.WHOLE).read_bytes()
    served = (site / '_static' / 'site.css').read_bytes()
    assert len(served) < 0.6 * len(whole), 'site.css was not cut'
    for width, scheme in VIEWS:
        url = f'{site_url}/{page_name}.html'
        cut, full = drawn(browser, url, width, scheme), drawn(browser, url, width, scheme, whole)
        assert [name for name, _ in cut] == [name for name, _ in full]
        names = PROPERTIES + [f'{pe}{p}' for pe in ('::before ', '::after ') for p in PSEUDO]
        differ = [(name, [(p, x, y) for p, x, y in zip(names, a.replace('|', ';').split(';'), b.replace('|', ';').split(';'))
                          if x != y][:3])
                  for (name, a), (_, b) in zip(cut, full) if a != b]
        assert differ == [], f'{page_name} at {width} px, {scheme}: {differ[:5]}'
