"""Predict first, on the static site: the ``{preveja}`` directive.

A lesson writes::

    :::{preveja} numero
    :resposta: fund_lab_majority
    :tolerancia: 0.03

    Um modelo que sempre responde "sem diabetes" acerta que fração das mulheres?
    :::

and everything after the box, up to the next heading, the next ``{preveja}`` or an explicit
``{preveja-fim}``, is its *answer region* (the code cell, its output, the figures and the prose
that reads them). The box becomes a tip admonition titled "Preveja" with an empty
``<div class="preveja-ui">`` that ``_static/preveja.js`` turns into a form; the region becomes
``<div class="preveja-resposta">``. Without JavaScript nothing is hidden: the page prints,
searches and reads aloud in full, and the stored outputs nbval compares are untouched.

Kinds (the directive's argument):

- ``numero``: ``:resposta:`` names a glue key of the page whose text is the number as the page
  writes it ("0,778", "34,9 %", "254"); the student's guess is compared with it.
  ``:tolerancia:`` (absolute, in the answer's unit; a percentage counts as a fraction, 0.02 =
  2 points) says when a guess is "perto"; default 10 % of the answer.
- ``escolha``: ``:resposta:`` names a glue key whose text is the id of the right option. The
  body ends with a bullet list, one item per option: ```id` Texto da opção`` as the first
  paragraph, then one or more paragraphs of feedback.
- ``texto`` (default): open question; the student writes "Minha previsão", kept in the browser
  and shown above the answer.

``:titulo:`` replaces the box's title "Preveja" (e.g. the lab's "Simulação: …" steps). The right
answer always comes from the executed notebook (glue), never typed in the page.

``:acima-ou-abaixo:`` (``numero`` only): ``<glue key> <name>``, e.g. ``adv_f1 F1``, for a question
that asks whether the value lands above or below another one ("o F2 fica acima ou abaixo do
F1?"): the form adds the two answers, "Acima de F1 = 0,667" and "Abaixo de …", and the feedback
judges the side and the number.

``:unidade:`` (``numero`` only, not for a percentage): what the answer counts or measures, the
noun the feedback gives the difference in ("você ficou 2 falsos negativos abaixo"): the plural
(``mulheres``), or the singular and the plural (``falso negativo/falsos negativos``) when a
difference of 1 needs its own word. A percentage needs none: its difference is in "pontos
percentuais". Written as ``data-unidade``.

A numeric box also carries ``data-glossario``, the address of the glossary page from this page
(when the book has one): the "Por quê?" of a verdict links its entry there.

``:revela:`` names what gives the answer away in one step, besides the answer itself (its
complement and the count behind a rate are found without it): glue keys of the page (a count, a
rate) and phrases in double quotes (the rule the question asks about, a formula), separated by
``|``, e.g. ``:revela: fund_lr_tp | "nunca sobe quando o limiar sobe"``. The box carries them
(``data-revela``, JSON: ``{"numeros": [...], "textos": [...]}``) for ``tests/test_preveja_leaks.py``,
which finds none of them on the screen above the box, in its section, nor a screen and a half
below it before the student predicts.

Each box carries its store id (``data-id``): ``preveja:<glue key>``, or for an open question
``preveja:texto-<hash of its source>``, so a kept prediction follows its question when boxes
are added or moved (``course/static/answers.js`` gives the stored format).
"""
from __future__ import annotations

import hashlib
import html
import sys
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.transforms import Transform
from sphinx.util.docutils import SphinxDirective

KINDS = ('numero', 'escolha', 'texto')
ROOT = Path(__file__).resolve().parents[1]


GLOSSARY = 'glossario'      # the docname of the glossary: a verdict's "Por quê?" links its entry


def unit_option(text: str, answer: str) -> str:
    """``:unidade:`` checked against the answer's text: "mulheres" or "falso negativo/falsos
    negativos", normalised ("a/b"); ValueError (in Portuguese) otherwise."""
    parts = [' '.join(p.split()) for p in text.split('/')]
    if len(parts) > 2 or not all(parts):
        raise ValueError(f':unidade: {text!r}: escreva o plural ("mulheres") ou o singular e o plural '
                         '("falso negativo/falsos negativos")')
    if answer.rstrip().endswith('%'):
        raise ValueError(f':unidade: numa resposta em porcentagem ({answer}): a diferença já sai em '
                         'pontos percentuais; tire a opção')
    return '/'.join(parts)


class preveja_end(nodes.Element):
    """Where an answer region stops (removed by the transform)."""


def _glue_text(document, key: str) -> str:
    from myst_nb.core.variables import format_plain_text
    from myst_nb.ext.glue.utils import RetrievalError, retrieve_glue_data
    try:
        data = retrieve_glue_data(document, key)
    except RetrievalError as error:
        raise ValueError(f'{error} (a resposta de um Preveja vem do glue da página)') from error
    if 'text/plain' not in data.data:
        raise ValueError(f'o glue {key!r} não tem texto')
    text = format_plain_text(data.data['text/plain'], 's').strip()
    if not text:
        raise ValueError(f'o glue {key!r} está vazio')
    return text


class Preveja(SphinxDirective):
    optional_arguments = 1
    has_content = True
    option_spec = {'resposta': directives.unchanged_required,
                   'tolerancia': directives.unchanged_required,
                   'titulo': directives.unchanged_required,
                   'acima-ou-abaixo': directives.unchanged_required,
                   'unidade': directives.unchanged_required,
                   'revela': directives.unchanged_required}

    def run(self):
        kind = self.arguments[0] if self.arguments else 'texto'
        if kind not in KINDS:
            raise self.error(f'Preveja: tipo {kind!r}; use um de {", ".join(KINDS)}')
        box = nodes.admonition(classes=['preveja', 'tip', f'preveja-{kind}'])
        self.set_source_info(box)
        title = self.options.get('titulo', 'Preveja')
        box += nodes.title(title, title)
        self.state.nested_parse(self.content, self.content_offset, box)

        attrs = {'data-tipo': kind}
        if kind in ('numero', 'escolha'):
            key = self.options.get('resposta')
            if not key:
                raise self.error(f'Preveja {kind}: falta :resposta: (o nome de um glue da página)')
            try:
                attrs['data-resposta'] = _glue_text(self.state.document, key)
            except ValueError as error:
                raise self.error(f'Preveja: {error}') from error
            attrs['data-glue'] = key
        if kind == 'numero':
            if 'tolerancia' in self.options:
                try:
                    attrs['data-tolerancia'] = str(float(self.options['tolerancia']))
                except ValueError:
                    raise self.error('Preveja: :tolerancia: deve ser um número (ex.: 0.02)') from None
            if 'acima-ou-abaixo' in self.options:
                attrs.update(self._side(attrs['data-resposta']))
            if 'unidade' in self.options:
                try:
                    attrs['data-unidade'] = unit_option(self.options['unidade'], attrs['data-resposta'])
                except ValueError as error:
                    raise self.error(f'Preveja: {error}') from None
            if GLOSSARY in self.env.found_docs:
                attrs['data-glossario'] = self.env.app.builder.get_relative_uri(self.env.docname, GLOSSARY)
        else:
            for option in ('acima-ou-abaixo', 'unidade'):
                if option in self.options:
                    raise self.error(f'Preveja: :{option}: só vale para um Preveja numero')
        if 'revela' in self.options:
            attrs['data-revela'] = self._giveaways()
        attrs['data-id'] = self._store_id(attrs.get('data-glue'))
        if kind == 'escolha':
            self._mark_options(box, attrs['data-resposta'])
        ui = ' '.join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
        box += nodes.raw('', f'<div class="preveja-ui" {ui}></div>', format='html')
        return [box]

    def _side(self, answer):
        """``:acima-ou-abaixo: adv_f1 F1`` -> the reference's glued text and name."""
        if str(ROOT) not in sys.path:        # this checkout's course package, as _ext/slides.py
            sys.path.insert(0, str(ROOT))
        from course.fmt import parse
        parts = self.options['acima-ou-abaixo'].split(None, 1)
        if len(parts) != 2:
            raise self.error('Preveja: :acima-ou-abaixo: escreva o glue e o nome, ex.: "adv_f1 F1"')
        key, name = parts
        try:
            text = _glue_text(self.state.document, key)
        except ValueError as error:
            raise self.error(f'Preveja: {error}') from error
        reference, value = parse(text, thousands=True), parse(answer, thousands=True)
        if not (reference.ok and value.ok):
            raise self.error(f'Preveja: :acima-ou-abaixo: {text!r} ou {answer!r} não é um número')
        if reference.value == value.value:
            raise self.error(f'Preveja: a resposta, {answer}, é igual a {name} = {text}: não fica '
                             'nem acima nem abaixo')
        return {'data-referencia': text, 'data-referencia-nome': name.strip()}

    def _giveaways(self) -> str:
        """``:revela: key | "phrase"`` -> the JSON of the glued numbers and the phrases."""
        import json
        found = {'numeros': [], 'textos': []}
        for item in (x.strip() for x in self.options['revela'].split('|')):
            if len(item) >= 2 and item[0] == item[-1] == '"':
                found['textos'].append(item[1:-1])
            elif item:
                try:
                    found['numeros'].append(_glue_text(self.state.document, item))
                except ValueError as error:
                    raise self.error(f'Preveja: :revela: {error}') from error
        return json.dumps(found, ensure_ascii=False)

    def _store_id(self, key):
        """``preveja:<glue key>`` (an open question: a hash of its source), unique on the page."""
        if key:
            base = f'preveja:{key}'
        else:
            digest = hashlib.sha1('\n'.join(self.content).encode('utf-8')).hexdigest()[:10]
            base = f'preveja:texto-{digest}'
        taken = self.env.temp_data.setdefault('preveja_ids', set())
        store_id, n = base, 1
        while store_id in taken:
            n += 1
            store_id = f'{base}-{n}'
        taken.add(store_id)
        return store_id

    def _mark_options(self, box, answer):
        lists = [n for n in box.children if isinstance(n, nodes.bullet_list)]
        if not lists:
            raise self.error('Preveja escolha: termine com uma lista de opções (`id` Texto).')
        options = lists[-1]
        options['classes'].append('preveja-opcoes')
        ids = []
        for item in options.children:
            first = item.children[0] if item.children else None
            literal = first.children[0] if first is not None and first.children else None
            if not isinstance(literal, nodes.literal):
                raise self.error('Preveja escolha: cada opção começa com o seu id entre crases, '
                                 'por exemplo "`lr` A regressão logística".')
            option_id = literal.astext().strip()
            first.remove(literal)
            if first.children and isinstance(first.children[0], nodes.Text):
                first.replace(first.children[0], nodes.Text(first.children[0].lstrip()))
            first['classes'].append('preveja-opcao-texto')
            for feedback in item.children[1:]:
                feedback['classes'].append('preveja-opcao-retorno')
            if len(item.children) < 2:
                raise self.error(f'Preveja escolha: a opção {option_id!r} não tem retorno '
                                 '(um parágrafo depois do texto da opção).')
            item['classes'] += ['preveja-opcao', f'preveja-opcao-{option_id}']
            ids.append(option_id)
        if len(ids) < 2 or len(ids) > 4:
            raise self.error(f'Preveja escolha: {len(ids)} opções; use de 2 a 4.')
        if answer not in ids:
            raise self.error(f'Preveja escolha: a resposta do glue, {answer!r}, não é uma das '
                             f'opções ({", ".join(ids)}).')


class PrevejaFim(SphinxDirective):
    has_content = False

    def run(self):
        node = preveja_end()
        self.set_source_info(node)
        return [node]


def _is_box(node) -> bool:
    return isinstance(node, nodes.admonition) and 'preveja' in node['classes']


class WrapAnswers(Transform):
    """Wrap what follows each Preveja box, up to where its answer stops, in a region."""
    default_priority = 900

    def apply(self):
        for box in list(self.document.findall(_is_box)):
            parent = box.parent
            start = parent.index(box) + 1
            region = []
            for sibling in list(parent.children[start:]):
                if isinstance(sibling, (nodes.section, preveja_end)) or _is_box(sibling):
                    break
                region.append(sibling)
            if not region:
                self.document.reporter.warning(
                    'Preveja sem resposta: nada entre a caixa e o fim da seção.', base_node=box)
                continue
            answer = nodes.container(classes=['preveja-resposta'])
            for sibling in region:
                parent.remove(sibling)
                answer += sibling
            parent.insert(parent.index(box) + 1, answer)
        for end in list(self.document.findall(preveja_end)):
            end.parent.remove(end)


# Preveja's own files (_static/). The script is loaded only where there is a Preveja or a quiz
# (see _ext/page_assets.py, the one way assets are registered). The stylesheet is registered for
# every page, so it joins site.css: as a file of its own it was one more stylesheet that blocks
# the first paint (about 0,3 s on Lighthouse's phone) for 2 kB.
ASSETS = ['preveja.js', 'preveja.css']   # Jupyter Book's own every-page entries, taken off


def _only_where_needed(app, config):
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, ASSETS)


def _page_assets(app, pagename, templatename, context, doctree):
    body = context.get('body', '')
    if 'preveja-ui' in body or 'cq-quiz' in body:
        # preveja.js reads and writes numbers with course/static/numbers.js and judges and keeps
        # answers with course/static/answers.js, as the quizzes do. A page with an explorable or
        # a quiz already loads them, from the same files, before its outputs run (course_assets).
        import course_assets
        for name in ('numbers.js', 'answers.js'):
            if not course_assets.loaded_by(body, name):
                app.add_js_file(f'{course_assets.FOLDER}/{name}')
        app.add_js_file('preveja.js')


def _visit_skip(self, node):
    raise nodes.SkipNode


def _visit_rubric(self, node):
    # A subsection inside an answer region cannot be a section (the region would end there): it
    # is a rubric with ``:heading-level:``. Sphinx writes that as <hN>, but the theme's translator
    # does not, so it is written here: a real heading for screen readers and the eye.
    level = node.get('heading-level')
    if level in {1, 2, 3, 4, 5, 6}:
        self.body.append(self.starttag(node, f'h{level}', '', CLASS='rubric'))
    else:
        type(self).visit_rubric(self, node)


def _depart_rubric(self, node):
    level = node.get('heading-level')
    if level in {1, 2, 3, 4, 5, 6}:
        self.body.append(f'</h{level}>\n')
    else:
        type(self).depart_rubric(self, node)


def setup(app):
    app.setup_extension('page_assets')
    app.add_node(nodes.rubric, override=True, html=(_visit_rubric, _depart_rubric))
    app.setup_extension('course_assets')    # _static/course/numbers.js and quiz.js
    app.add_node(preveja_end, html=(_visit_skip, None), latex=(_visit_skip, None),
                 text=(_visit_skip, None))
    app.add_directive('preveja', Preveja)
    app.add_directive('preveja-fim', PrevejaFim)
    app.add_transform(WrapAnswers)
    app.connect('config-inited', _only_where_needed)
    app.connect('html-page-context', _page_assets)
    app.add_css_file('preveja.css')          # every page, once: in site.css (see ASSETS)
    # The class that hides answers is set before the first paint (no flash of answers).
    app.add_js_file(None, body="document.documentElement.classList.add('preveja-js');")
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
