"""Practice that never runs out: the ``{pratique}`` directive and the draws it reads.

A page writes::

    :::{pratique} precisao
    Mais uma matriz, outros números: a precisão lê uma coluna.
    :::

(the argument is a kind of ``course/practice.py``; the content, optional, is a sentence shown
above the exercise). The box is an admonition titled "Pratique · exercício k" (k: its number on
the page, so an instructor can say "exercício 3, semente 417") with

- the exercise of seed 1, written in the page (statement, table, question, and the worked
  solution in a ``<details>``: without JavaScript, in print and in search the page still has
  a whole exercise), and the same draw as JSON for the script;
- ``<div class="pratique-ui">``, which ``_static/pratique.js`` turns into the form: a field per
  step, "Conferir", "Outro exercício" (the next seed), a seed typed by hand, the feedback (a hint
  and a second try, then the worked solution in this draw's numbers) and the student's count for
  the kind.

Once per build (``config-inited``), this extension writes ``_static/pratique/<kind>.json`` for
every kind: the draws of seeds 1 to ``course.practice.N_SEEDS``, each ``Exercise.as_json()``.
The browser never computes a metric: it reads these draws, made by ``course/practice.py`` with
``course/metrics.py``. The script fetches a kind's file only when the student asks for another
exercise or a seed (or comes back to a kind practised before), so a page with boxes weighs its
script and stylesheet more, nothing else, until then. ``_ext/offline.py`` stores the files with
"Guardar o curso". File format, version 2 (version 1, until 2026-12, had one answer per draw and
no hints)::

    {"format": "curso-pratique", "version": 2, "kind": "f1", "title": "Exercício de F1",
     "seeds": 100,
     "texts": ["Passo 1 · precisão P", "Vale vírgula ...", ...],   every label and hint, once
     "draws": [{"seed": 1, "statement": [...], "table": {...} | null, "question": "...",
                "steps": [{"label": 0, "answer": 0.8, "tolerance": 0.005, "shown": "0,800",
                           "hint": 1, "check": 2, "scale": null | "ratio", "unit": null | "R$" | "minutos",
                           "own": null | {"op": "harmonic", "of": [0, 1]},
                           "mistakes": [{"hint": 3, "value": 0.75} | {"hint": 4, "op": "mean", "of": [0, 1]}]},
                          ...],
                "solution": ["...", ...]}, ...]}

``label``, ``hint``, ``check`` and a mistake's ``hint`` are indices into ``texts`` (the same hint
comes back in many draws; the page's own draw, inline, has the texts themselves). The fields are
``course.practice.Step``'s: ``scale``, how a guess is read and judged (``course/static/answers.js``'s
``scaleOf``; ``null`` lets the answer say it, ``"ratio"`` keeps a cost of 0,56 from reading "1,66"
as a percentage); ``unit``, an amount (a "%" typed for it is a mistake); ``own``, the arithmetic
of the student's own earlier steps a later step is graded against; ``mistakes``, the typical
wrong values of the draw with their hints.

The box carries its store id (``data-id``, ``pratique:<kind>``: ``course/static/answers.js``
keeps the practice of a kind under it) and its title; ``_ext/progress.py`` lists the kinds each
page offers in the manifest of "Meu progresso".
"""
from __future__ import annotations

import html
import json
import sys
import zlib
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from course import practice  # noqa: E402

FOLDER = 'pratique'                  # _static/pratique/<kind>.json
FORMAT = 'curso-pratique'
VERSION = 2
ASSETS = ['pratique.js', 'pratique.css']
SOURCES = [ROOT / 'course' / name for name in ('practice.py', 'metrics.py', 'fmt.py')]
FIRST_SEED = 1


def kind_file(kind: str, n_seeds: int = practice.N_SEEDS) -> dict:
    """The document written as ``_static/pratique/<kind>.json``: the draws, each text once."""
    texts: dict[str, int] = {}
    draws = []
    for ex in practice.draws(kind, n_seeds):
        entry = ex.as_json()
        for step in entry['steps']:
            for key in ('label', 'hint', 'check'):
                step[key] = texts.setdefault(step[key], len(texts))
            for m in step['mistakes']:
                m['hint'] = texts.setdefault(m['hint'], len(texts))
        draws.append(entry)
    return {'format': FORMAT, 'version': VERSION, 'kind': kind, 'title': practice.KINDS[kind].title,
            'seeds': n_seeds, 'texts': list(texts), 'draws': draws}


def resolved(entry: dict, texts: list[str]) -> dict:
    """A draw of a kind's file with its texts (what ``pratique.js``'s ``resolve`` does)."""
    out = json.loads(json.dumps(entry))
    for step in out['steps']:
        for key in ('label', 'hint', 'check'):
            step[key] = texts[step[key]]
        for m in step['mistakes']:
            m['hint'] = texts[m['hint']]
    return out


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(',', ':'))


# ----------------------------------------------------------------------------- the box

def _table_html(table) -> str:
    if not table:
        return ''
    e = html.escape
    head = ''.join(f'<th scope="col">{e(h)}</th>' for h in table['head'])
    rows = ''.join('<tr>' + f'<th scope="row">{e(r[0])}</th>' + ''.join(f'<td>{e(c)}</td>' for c in r[1:]) + '</tr>'
                   for r in table['rows'])
    return (f'<div class="pratique-tabela"><table><caption>{e(table["caption"])}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>')


def exercise_html(ex: practice.Exercise) -> str:
    """The exercise as the page writes it before any script runs (and as pratique.js rewrites
    it for another seed: the same classes)."""
    e = html.escape
    parts = [f'<div class="pratique-exercicio" data-semente="{ex.seed}">',
             f'<p class="pratique-cabecalho">{e(ex.title)} · semente {ex.seed}</p>']
    parts += [f'<p class="pratique-enunciado">{e(p)}</p>' for p in ex.statement]
    parts.append(_table_html(ex.table))
    parts.append(f'<p class="pratique-pergunta">{e(ex.question)}</p>')
    if len(ex.steps) > 1:            # the steps the form asks, also on paper and without a script
        parts.append('<ol class="pratique-passos-lista">' +
                     ''.join(f'<li>{e(s.label.split(" · ", 1)[-1])}</li>' for s in ex.steps) + '</ol>')
    parts.append(f'<p class="pratique-dica">{e(ex.hint)}</p>')
    parts.append('</div>')
    steps = ''.join(f'<p class="pratique-passo{" pratique-continua" if line.startswith("= ") else ""}">'
                    f'{e(line)}</p>' for line in ex.solution)
    answer = (ex.steps[0].written if len(ex.steps) == 1 else
              '; '.join(f'passo {k}: {s.written}' for k, s in enumerate(ex.steps, start=1)))
    parts.append(f'<details class="pratique-resolucao"><summary>Resolução com estes números</summary>'
                 f'<div class="pratique-passos">{steps}<p class="pratique-resposta">Resposta: {e(answer)}</p>'
                 '</div></details>')
    return ''.join(parts)


class Pratique(SphinxDirective):
    required_arguments = 1
    has_content = True

    def run(self):
        kind = self.arguments[0]
        if kind not in practice.KINDS:
            raise self.error(f'pratique: tipo {kind!r} desconhecido; use um de {", ".join(practice.KINDS)}')
        for source in SOURCES:               # a new draw rule or formula rewrites the box
            self.env.note_dependency(str(source))
        number = self.env.temp_data['pratique_count'] = self.env.temp_data.get('pratique_count', 0) + 1
        box = nodes.admonition(classes=['pratique', 'note'])
        self.set_source_info(box)
        title = f'Pratique · exercício {number}'
        box += nodes.title(title, title)
        if self.content:
            intro = nodes.container(classes=['pratique-legenda'])
            self.state.nested_parse(self.content, self.content_offset, intro)
            box += intro
        ex = practice.draw(kind, FIRST_SEED)
        versions = getattr(self.env.app, 'course_practice_versions', {})
        attrs = {'data-tipo': kind, 'data-id': f'pratique:{kind}', 'data-titulo': practice.KINDS[kind].title,
                 'data-numero': str(number), 'data-sementes': str(practice.N_SEEDS),
                 'data-arquivo': f'_static/{FOLDER}/{kind}.json' + (f'?v={versions[kind]}' if kind in versions else '')}
        ui = ' '.join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
        data = _json(ex.as_json()).replace('</', '<\\/')
        box += nodes.raw('', f'<div class="pratique-ui" {ui}>{exercise_html(ex)}'
                             f'<script type="application/json" class="pratique-dados">{data}</script></div>',
                         format='html')
        return [box]


# ----------------------------------------------------------------------------- the draws

def _write_draws(app, config):
    """Every kind's draws, once per build, in a folder Sphinx copies into _static/pratique/."""
    import page_assets
    folder = page_assets.static_folder(app, 'course-practice')
    (folder / FOLDER).mkdir()
    versions = {}
    for kind in practice.KINDS:
        text = _json(kind_file(kind))
        (folder / FOLDER / f'{kind}.json').write_text(text, encoding='utf-8')
        versions[kind] = f'{zlib.crc32(text.encode("utf-8")):08x}'
    app.course_practice_versions = versions
    config.html_static_path = list(config.html_static_path) + [str(folder)]
    page_assets.only_where_needed(config, app.srcdir, ASSETS)


def _page_assets(app, pagename, templatename, context, doctree):
    body = context.get('body', '')
    if 'class="pratique-ui"' in body:
        # the answer is read and judged as a quiz key (course/static/numbers.js, answers.js)
        import course_assets
        for name in ('numbers.js', 'answers.js'):
            if not course_assets.loaded_by(body, name):
                app.add_js_file(f'{course_assets.FOLDER}/{name}')
        app.add_js_file('pratique.js')


def setup(app):
    app.setup_extension('page_assets')
    app.setup_extension('course_assets')
    app.add_directive('pratique', Pratique)
    app.connect('config-inited', _write_draws)
    app.connect('html-page-context', _page_assets)
    app.add_css_file('pratique.css')     # every page, in site.css, like preveja.css (_ext/preveja.py)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
