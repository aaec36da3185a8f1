""""Continue de onde parou" (_static/place.js, _ext/parts.py) in Chromium: the home page and a
lesson's first page link to the part the student read last, "Parte k de n · título", kept in this
browser only (localStorage "curso:lugar", MANUTENCAO.md); shown only when there is such a part and
it is not the page itself; drawn before the first paint, so that nothing the student reads moves,
even when the page's scripts come late."""
import json

import pytest

from conftest import ROOT
from course import toc

pytestmark = pytest.mark.slow      # the built site in a browser

PHONE = {'width': 390, 'height': 844}
KEY = 'curso:lugar'
LESSON = next(x for x in toc.lessons(ROOT) if len(x.parts) >= 3)       # the fundamental lesson
# another lesson's first page (an instructor's small book may have a single lesson in parts: None)
OTHER = next((x for x in toc.lessons(ROOT) if x.first != LESSON.first and len(x.parts) > 1), None)

# every layout shift of the page's content since it started (a PerformanceObserver, buffered). The
# header's toolbar is left out: on a lesson page its buttons sometimes move sideways about 150 ms in,
# whatever "Continue de onde parou" does (a bug left for a fix of its own); the link and the
# text under it are what this measures
SHIFTS = """() => new Promise(done => {
    const inHeader = s => { const n = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
                            return !!(n && n.closest('.bd-header-article, .bd-header')); };
    let total = 0;
    new PerformanceObserver(list => { for (const e of list.getEntries())
        if (!e.sources.length || !e.sources.every(inHeader)) total += e.value; })
        .observe({type: 'layout-shift', buffered: true});
    setTimeout(() => done(total), 300); })"""


@pytest.fixture
def phone(browser, site_url):
    from conftest import recording_page
    pg = recording_page(browser, [site_url, 'data:'], viewport=PHONE, is_mobile=True, has_touch=True,
                        color_scheme='dark')
    pg.site_url = site_url
    yield pg
    pg.context.close()


def url(pg, docname):
    return f'{pg.site_url}/{docname}.html'


def title(docname):
    """The page's title as the built page writes it (its <h1>, without the heading's link)."""
    from bs4 import BeautifulSoup
    from site_build import BUILD_DIR
    h1 = BeautifulSoup((BUILD_DIR / f'{docname}.html').read_text(encoding='utf-8'), 'html.parser').select_one('main h1')
    for link in h1.select('.headerlink'):
        link.decompose()
    return ' '.join(h1.get_text(' ').split())


def read(pg, docname):
    """A student reads a part: opens it and scrolls a screen into it."""
    pg.goto(url(pg, docname), wait_until='load')
    pg.mouse.wheel(0, PHONE['height'])
    pg.wait_for_function('scrollY > innerHeight / 2')
    pg.wait_for_timeout(100)


def place(pg):
    return pg.locator('curso-lugar a.onde-parou')


def test_nothing_read_nothing_shown_and_no_room_taken(phone):
    for docname in ('intro', LESSON.first):
        phone.goto(url(phone, docname), wait_until='load')
        box = phone.locator('curso-lugar')
        assert box.count() == 1, docname
        assert box.evaluate('b => b.getBoundingClientRect().height') == 0
    assert phone.evaluate(f'localStorage.getItem({json.dumps(KEY)})') is None   # opened, not read
    assert phone.console_errors == [] and phone.outside_requests == []


def test_the_part_read_last_is_offered_on_the_home_page_and_the_lessons_first_page(phone):
    read(phone, LESSON.parts[1])
    third = LESSON.parts[2]
    read(phone, third)
    n = len(LESSON.parts)
    assert phone.locator('curso-lugar').count() == 0            # not on a later part
    phone.goto(url(phone, 'intro'), wait_until='load')
    link = place(phone)
    assert ' '.join(link.inner_text().split()) == (
        f'Continue de onde parou Parte 3 de {n} · {title(third)} da aula {title(LESSON.first)}')
    phone.goto(url(phone, LESSON.first), wait_until='load')
    link = place(phone)
    assert ' '.join(link.inner_text().split()) == f'Continue de onde parou Parte 3 de {n} · {title(third)}'
    under_title = phone.evaluate("""() => { const h = document.querySelector('article h1'),
        l = document.querySelector('curso-lugar a').getBoundingClientRect();
        return l.top >= h.getBoundingClientRect().bottom && l.bottom <= innerHeight; }""")
    assert under_title                                          # on the first screen, under the title
    assert link.bounding_box()['height'] >= 44
    link.tap()
    phone.wait_for_url(url(phone, third))
    if OTHER is not None:
        phone.goto(url(phone, OTHER.first), wait_until='load')      # another lesson: nothing read there
        assert place(phone).count() == 0
    stored = json.loads(phone.evaluate(f'localStorage.getItem({json.dumps(KEY)})'))
    assert stored['schema'] == 'curso-lugar' and stored['version'] == 1
    assert sorted(stored['pages']) == sorted(f'{p}.html' for p in LESSON.parts[1:3])
    assert phone.console_errors == [] and phone.outside_requests == []


def test_the_first_page_read_last_is_not_offered_on_itself(phone):
    read(phone, LESSON.parts[2])
    read(phone, LESSON.first)
    phone.goto(url(phone, LESSON.first), wait_until='load')
    assert place(phone).count() == 0
    phone.goto(url(phone, 'intro'), wait_until='load')
    assert ' '.join(place(phone).inner_text().split()).startswith(f'Continue de onde parou Parte 1 de {len(LESSON.parts)} · ')


def test_drawn_before_the_first_paint_even_when_the_scripts_come_late(phone):
    """No layout shift on load: the link is there when the text is first drawn, even when the
    page's deferred scripts take a second and a half to arrive (a slow phone network)."""
    read(phone, LESSON.parts[2])

    def late(route):
        phone.wait_for_timeout(1500)
        route.continue_()
    phone.route('**/_static/js/*.js', late)
    for docname in ('intro', LESSON.first):
        phone.goto(url(phone, docname), wait_until='load')
        assert place(phone).count() == 1, docname
        assert phone.evaluate(SHIFTS) == 0, docname


def test_a_removed_page_or_a_newer_store_is_left_alone(phone):
    phone.goto(url(phone, 'intro'), wait_until='load')
    newer = {'schema': 'curso-lugar', 'version': 2, 'pages': {f'{LESSON.parts[1]}.html': 'x'}}
    phone.evaluate('([k, v]) => localStorage.setItem(k, v)',
                   [KEY, json.dumps({'schema': 'curso-lugar', 'version': 1,
                                     'pages': {'lessons/uma-parte-que-saiu.html': '2099-01-01T00:00:00.000Z'}})])
    phone.goto(url(phone, 'intro'), wait_until='load')
    assert place(phone).count() == 0                           # a page this build does not have
    phone.evaluate('([k, v]) => localStorage.setItem(k, v)', [KEY, json.dumps(newer)])
    read(phone, LESSON.parts[2])
    assert json.loads(phone.evaluate(f'localStorage.getItem({json.dumps(KEY)})')) == newer
    assert phone.console_errors == []
