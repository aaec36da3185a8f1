""""Meu progresso": what every page asks, written once for the page that reads the student's answers.

The student's answers live in the browser (``course/static/answers.js``, its header gives the
stored format): per page, per question id, the first and the last answer. To show them against
the questions, the page "Meu progresso" (``progresso.md``) needs to know, for every page of the
book, which quiz questions and which Preveja boxes it has, and what is right for each. This
extension collects that while the book is read and writes it as one **manifest**:

- ``_static/progresso/manifesto.js`` (``window.CourseProgressManifest = {...};``), loaded by the
  progress page (a script, so the page also works opened from disk);
- ``_static/progresso/manifesto.json``, the same document, read by ``scripts/turma.py`` (the
  classroom report) from a built site.

Manifest, version 1::

    {"format": "curso-progresso-manifesto", "version": 1,
     "build": "3f9a0c1d2e4b",            a hash of the rest: it changes when a question does
     "pages": [                          in the order of _toc.yml, pages that ask something
       {"page": "lessons/custo.html",    the key answers.js stores the page's answers under
        "title": "Métrica e limiar pelo custo dos erros",
        "items": [
          {"id": "quiz:custo:f1-para-tudo", "kind": "quiz-truefalse", "correct": false,
           "prompt": "Verdadeiro ou falso: ...", "anchor": "cq-custo-1-f1-para-tudo",
           "section": {"href": "lessons/custo.html#sec-custo-erro-comum", "title": "5. Erro comum"}},
          {"id": "quiz:custo:...", "kind": "quiz-single", "correct": 0,
           "options": ["texto da opção 0 do banco", ...], ...},
          {"id": "quiz:...", "kind": "quiz-multiple", "correct": [0, 2], "options": [...], ...},
          {"id": "quiz:...", "kind": "quiz-numeric", "answer": 0.778, "tolerance": 0.001,
           "shown": "0,778", ...},
          {"id": "preveja:custo_best_miss_share", "kind": "preveja-numero", "answer": "18,0 %",
           "tolerance": 0.1, "reference": null | {"text": "0,667", "name": "F1"},
           "unit": "mulher/mulheres" (only when the box has one), ...},
          {"id": "preveja:...", "kind": "preveja-escolha", "answer": "lr",
           "options": {"lr": "A regressão logística", ...}, ...},
          {"id": "preveja:texto-...", "kind": "preveja-texto", ...}],
        "practice": [                    only on a page with {pratique} boxes (_ext/practice.py)
          {"id": "pratique:precisao", "kind": "precisao", "title": "Exercício de precisão",
           "file": "_static/pratique/precisao.json?v=...", "seeds": 100,
           "section": {"href": "...", "title": "..."}}]}]}

Every item has ``prompt`` (plain text) and ``section``: the quiz's "Revise:" link, or for a
Preveja the section it is in; a quiz question also has ``anchor``, the id of the question on its
page (where "Revisão de hoje" sends the student to answer it again). ``practice`` lists the kinds
of exercise the page offers, once each (answers.js keeps the practice of a kind under
``pratique:<kind>``), with the file of its draws and their number (the review's Pratique boxes
read them). Quiz options are in the bank's order (what answers.js stores);
``answer`` of a Preveja is the glued text the box compares with, as the page writes it.

Everything is read from what the pages show (the quizzes' data and the boxes' attributes), so
the manifest is what a student answered, whatever produced it. It is collected when a page is
read (kept in the environment, so an incremental build still knows every page) and written
before the pages are (``env-updated``), so the progress page links it with its checksum.

The extension also adds the directive ``{progresso}`` (the parts of the progress page:
``resumo``, ``revisao``, ``aulas``, ``previsoes``, ``pratica``, ``arquivo``) and, on every page that asks something, a link
to "Meu progresso" at the end of the page.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from bs4 import BeautifulSoup
from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from course.quiz import tex_to_text

FORMAT = 'curso-progresso-manifesto'
VERSION = 1
FOLDER = 'progresso'                 # _static/progresso/
PAGE = 'progresso'                   # the docname of "Meu progresso"
PARTS = ('resumo', 'revisao', 'aulas', 'previsoes', 'pratica', 'arquivo')
ASSETS = ['progress.js', 'progress.css']
QUIZ_KINDS = {'single', 'multiple', 'numeric', 'truefalse'}


# ----------------------------------------------------------------------------- the page's parts

class progress_part(nodes.General, nodes.Element):
    """One part of the progress page, filled by ``_static/progress.js``."""


def _visit_part(self, node):
    part = node['part']
    self.body.append(f'<div class="progresso-parte" id="progresso-{part}" data-parte="{part}">'
                     '<p class="progresso-sem-script">Esta parte da página precisa de JavaScript '
                     'para ler as respostas guardadas neste navegador.</p>')


def _depart_part(self, node):
    self.body.append('</div>')


def _skip(self, node):
    raise nodes.SkipNode


class Progresso(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self):
        part = self.arguments[0]
        if part not in PARTS:
            raise self.error(f'progresso: parte {part!r}; use uma de {", ".join(PARTS)}')
        node = progress_part(part=part)
        self.set_source_info(node)
        return [node]


# ----------------------------------------------------------------------------- collecting

def _text(html: str) -> str:
    return ' '.join(BeautifulSoup(html, 'html.parser').get_text(' ').split())


def _section(node, page: str):
    """The section a node is in: its label id (``sec-...``) when it has one, and its title."""
    while node is not None and not isinstance(node, nodes.section):
        node = node.parent
    if node is None:
        return {'href': page, 'title': ''}
    ids = node['ids']
    anchor = next((i for i in ids if i.startswith('sec-')), ids[0] if ids else '')
    title = node.next_node(nodes.title)
    return {'href': f'{page}#{anchor}' if anchor else page,
            'title': ' '.join(title.astext().split()) if title else ''}


def _quiz_items(html: str) -> list[dict]:
    """The questions of the quizzes in a notebook output (``course/quiz.py``'s markup)."""
    soup = BeautifulSoup(html, 'html.parser')
    items = []
    for quiz in soup.select('div.cq-quiz'):
        bank = quiz.get('id', '').rsplit('-', 1)[0].removeprefix('cq-')
        data = json.loads(quiz.select_one('script.cq-data').string.replace('<\\/', '</'))
        for fieldset, d in zip(quiz.select('fieldset.cq-q'), data):
            assert fieldset['data-qid'] == d['id'], (fieldset['data-qid'], d['id'])
            legend = fieldset.find('legend')
            number = legend.select_one('.cq-num')
            if number:
                number.decompose()
            link = fieldset.select_one('a.cq-section')
            item = {'id': f'quiz:{bank}:{d["id"]}', 'kind': f'quiz-{d["type"]}',
                    'prompt': ' '.join(legend.get_text(' ').split()), 'anchor': fieldset.get('id'),
                    'section': {'href': 'lessons/' + link['data-section'],
                                'title': ' '.join(link.get_text(' ').split()).removeprefix('Revise: ')}}
            if d['type'] == 'numeric':
                item.update(answer=d['answer'], tolerance=d['tolerance'], shown=d['shown'])
            elif d['type'] == 'truefalse':
                item['correct'] = next(b for b, ok in zip(d['bank'], d['correct']) if ok)
            else:
                options = [None] * len(d['bank'])
                for b, text in zip(d['bank'], d['texts']):
                    options[b] = _text(text)
                right = sorted(b for b, ok in zip(d['bank'], d['correct']) if ok)
                item['options'] = options
                item['correct'] = right[0] if d['type'] == 'single' else right
            items.append(item)
    return items


def _plain_text(node) -> str:
    """A node's text as "Meu progresso" prints it: its math as plain text (the page has no KaTeX
    for it), ``[0{,}9;\\,1]`` read as ``[0,9; 1]``."""
    if isinstance(node, nodes.math):
        return tex_to_text(node.astext())
    if isinstance(node, nodes.Text):
        return node.astext()
    glue = '' if isinstance(node, nodes.TextElement) else ' '       # a paragraph's inline parts touch
    return glue.join(_plain_text(child) for child in node.children)


def _preveja_item(raw, page: str) -> dict:
    ui = BeautifulSoup(raw.astext(), 'html.parser').select_one('div.preveja-ui')
    kind = ui['data-tipo']
    box = raw.parent
    parts = []
    options = {}
    for child in box.children:
        if isinstance(child, (nodes.title, nodes.raw)):
            continue
        if isinstance(child, nodes.bullet_list) and 'preveja-opcoes' in child['classes']:
            for li in child.children:
                option_id = next(c.removeprefix('preveja-opcao-') for c in li['classes']
                                 if c.startswith('preveja-opcao-'))
                options[option_id] = ' '.join(li.children[0].astext().split())
            continue
        parts.append(_plain_text(child))
    item = {'id': ui['data-id'], 'kind': f'preveja-{kind}', 'prompt': ' '.join(' '.join(parts).split()),
            'section': _section(box, page)}
    if kind in ('numero', 'escolha'):
        item['answer'] = ui['data-resposta']
    if kind == 'numero':
        item['tolerance'] = float(ui['data-tolerancia']) if ui.get('data-tolerancia') else None
        item['reference'] = ({'text': ui['data-referencia'], 'name': ui['data-referencia-nome']}
                             if ui.get('data-referencia') else None)
        if ui.get('data-unidade'):               # the noun of a count's difference (_ext/preveja.py)
            item['unit'] = ui['data-unidade']
    if kind == 'escolha':
        item['options'] = options
    return item


def _practice_item(raw, page: str) -> dict:
    ui = BeautifulSoup(raw.astext(), 'html.parser').select_one('div.pratique-ui')
    return {'id': ui['data-id'], 'kind': ui['data-tipo'], 'title': ui['data-titulo'],
            'file': ui['data-arquivo'], 'seeds': int(ui['data-sementes']), 'section': _section(raw, page)}


def _collect(app, doctree):
    env = app.env
    store = env.__dict__.setdefault('course_progress', {})
    store.pop(env.docname, None)
    page = app.builder.get_target_uri(env.docname) if hasattr(app.builder, 'get_target_uri') \
        else f'{env.docname}.html'
    items, practice = [], []
    for raw in doctree.findall(nodes.raw):
        if 'html' not in raw.get('format', '').split():
            continue
        text = raw.astext()
        if 'class="preveja-ui"' in text and isinstance(raw.parent, nodes.admonition):
            items.append(_preveja_item(raw, page))
        elif 'cq-quiz' in text and 'cq-data' in text:
            items += _quiz_items(text)
        elif 'class="pratique-ui"' in text:
            practice.append(_practice_item(raw, page))
    if practice:
        kinds = {}
        for entry in practice:               # two boxes of one kind on a page are one kind
            kinds.setdefault(entry['id'], entry)
        practice = list(kinds.values())
    if items or practice:
        seen = set()
        unique = []
        for item in items:        # a question shown twice on a page ("Erro comum" + quiz) is one
            if item['id'] not in seen:
                seen.add(item['id'])
                unique.append(item)
        store[env.docname] = {'page': page, 'items': unique}
        if practice:
            store[env.docname]['practice'] = practice


def _purge(app, env, docname):
    env.__dict__.setdefault('course_progress', {}).pop(docname, None)


def _merge(app, env, docnames, other):
    mine = env.__dict__.setdefault('course_progress', {})
    for docname in docnames:
        if docname in getattr(other, 'course_progress', {}):
            mine[docname] = other.course_progress[docname]


def _toc_order(env) -> list[str]:
    """Every page in reading order: the root page, then its toctrees, depth first."""
    order, seen = [], set()

    def walk(doc):
        if doc in seen:
            return
        seen.add(doc)
        order.append(doc)
        for child in env.toctree_includes.get(doc, []):
            walk(child)
    walk(env.config.root_doc)
    return order + sorted(set(env.found_docs) - seen)


def manifest(env) -> dict:
    store = getattr(env, 'course_progress', {})
    pages = []
    for doc in _toc_order(env):
        if doc in store:
            title = env.titles.get(doc)
            pages.append({'page': store[doc]['page'],
                          'title': ' '.join(title.astext().split()) if title else doc,
                          'items': store[doc]['items']})
            if store[doc].get('practice'):
                pages[-1]['practice'] = store[doc]['practice']
    body = {'format': FORMAT, 'version': VERSION, 'pages': pages}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return {'format': FORMAT, 'version': VERSION, 'build': digest[:12], 'pages': pages}


def _write(app, env):
    if app.builder.format != 'html':
        return
    data = manifest(env)
    folder = Path(app.outdir) / '_static' / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    (folder / 'manifesto.json').write_text(text + '\n', encoding='utf-8')
    script = json.dumps(data, ensure_ascii=False).replace('</', '<\\/')
    (folder / 'manifesto.js').write_text(
        '/* Written by _ext/progress.py: every question of the site, for "Meu progresso". */\n'
        f'window.CourseProgressManifest = {script};\n', encoding='utf-8')
    app.course_progress_asked = {p['page'] for p in data['pages']}


# ----------------------------------------------------------------------------- each page
# (progress.js and the manifest only on the progress page: Jupyter Book would put every file of
# _static/ on every page, see _ext/page_assets.py)

LINK = ('<p class="progresso-link"><a href="{href}">Meu progresso</a>: o que você já respondeu '
        'em todas as aulas, suas previsões contra os valores reais e como levar suas respostas '
        'para outro navegador.</p>')


def _page(app, pagename, templatename, context, doctree):
    if app.builder.format != 'html' or doctree is None:
        return
    if pagename == PAGE:
        import course_assets
        for name in ('numbers.js', 'answers.js'):
            app.add_js_file(f'{course_assets.FOLDER}/{name}')
        app.add_js_file('preveja.js')        # the words of a numeric verdict, said as the boxes say them
        app.add_js_file('pratique.js')       # the review's exercises ("Revisão de hoje")
        app.add_js_file(f'{FOLDER}/manifesto.js')
        app.add_js_file('progress.js')
        return
    page = app.builder.get_target_uri(pagename)
    if page in getattr(app, 'course_progress_asked', set()) and PAGE in app.env.found_docs:
        href = relative_uri(page, app.builder.get_target_uri(PAGE))
        context['body'] = context.get('body', '') + LINK.format(href=href)


def _only_where_needed(app, config):
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, ASSETS)


def setup(app):
    app.setup_extension('page_assets')
    app.setup_extension('course_assets')
    app.add_node(progress_part, html=(_visit_part, _depart_part), latex=(_skip, None),
                 text=(_skip, None))
    app.add_directive('progresso', Progresso)
    # The progress page's styles and the lessons' link to it: small, on every page, so in the
    # one stylesheet (_ext/page_head.py); the script only on the progress page.
    app.add_css_file('progress.css')
    app.connect('config-inited', _only_where_needed)
    app.connect('doctree-read', _collect)
    app.connect('env-purge-doc', _purge)
    app.connect('env-merge-info', _merge)
    app.connect('env-updated', _write)
    app.connect('html-page-context', _page)
    return {'parallel_read_safe': True, 'parallel_write_safe': True, 'env_version': 2}
