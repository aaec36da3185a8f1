"""Quizzes: question banks in ``quiz/<nome>.yml`` rendered as self-contained HTML.

Use, as the last cell of a lesson or lab::

    from course.quiz import show_quiz
    show_quiz('metricas')

or, for a single question (e.g. the "Erro comum" of a lesson)::

    from course.quiz import show_question
    show_question('custo', 'f1-para-tudo')

The output is one block of HTML with its CSS and JavaScript inlined (``course/static/quiz.css``
and ``course/static/quiz.js``, defined once per page): no CDN, no network, no kernel. It works on
the built site, in Jupyter and in Colab. Without JavaScript (an untrusted notebook, a preview),
the questions and the "Revise" links are still readable; the feedback needs JavaScript.

Question-bank schema (``quiz/<nome>.yml``, checked by ``tests/test_quiz.py``)
-------------------------------------------------------------------------------
Top level::

    quiz: metricas                 # = the file name
    title: Questionário — ...      # shown above the questions
    lesson: metricas-fundamental   # the lesson page (lessons/<lesson>.md) the quiz belongs to
    sections:                      # every section a question links back to: URL -> title
      metricas-fundamental.html#sec-metricas-matriz: "3. A matriz de confusão"
    questions: [...]

``sections`` keys are URLs of built lesson pages relative to ``lessons/`` (page + ``#`` + the
label ``(sec-...)=`` of the section). The renderer writes them as ``../lessons/<url>``, a link that
works from every lesson and lab page of the site; outside the site (Colab, Jupyter) the link
points to the published site, ``SITE_URL + 'lessons/' + url``.

Every question has:

- ``id``: unique in the bank, lowercase words joined by ``-``;
- ``type``: ``single`` | ``multiple`` | ``numeric`` | ``truefalse``;
- ``prompt``: pt-BR text; ``$...$`` is inline math (TeX), ```...``` is code;
- ``section``: one of the keys of ``sections`` (the link "Revise: <título>").

By type:

- ``single``: ``options``, a list of ``{text, correct, feedback}``, exactly one ``correct: true``;
- ``multiple``: ``options`` as above, at least one correct; answered with a "Verificar" button,
  right when the ticked set is exactly the correct set;
- ``numeric``: ``answer`` (number), ``tolerance`` (absolute, > 0), ``answer_from`` (the name of an
  expression that ``tests/test_quiz.py`` recomputes from the lesson's own numbers, so a wrong key
  fails the tests), ``feedback_correct``, ``feedback_wrong``;
- ``truefalse``: ``answer`` (true/false), ``feedback_true`` and ``feedback_false`` (what the
  student reads after choosing "Verdadeiro" / "Falso").

Every option and every answer has its feedback; feedback may use math and code like prompts.

Numeric answers typed by the student
------------------------------------
``0,778`` and ``0.778`` (one decimal separator, comma or point; no thousands separator), a
fraction ``7/9`` (also ``7 / 9``, ``0,5/2``), a percentage ``77,8 %`` (read as 0,778) and a leading
``-`` or ``+``. Anything else gets "Digite um número, por exemplo 0,75 (também vale 3/4)." and is
never counted as wrong. The answer is right when ``|valor - answer| <= tolerance``.

Where the bank comes from
-------------------------
``quiz/<nome>.yml`` next to the package (the repository: ``Path(course.__file__).parents[1]``),
else ``./quiz/`` or ``../quiz/`` from the working directory, else (Colab, where the package is
pip-installed from GitHub and has no ``quiz/``) downloaded from ``RAW_URL``, derived from
``REPOSITORY`` and ``BRANCH`` (a test checks they equal ``repository`` in ``_config.yml``).
Offline and without the file, a Portuguese message says how to get it.
"""
from __future__ import annotations

import html
import itertools
import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

import yaml

REPOSITORY = 'https://github.com/curso-ml-pt/avaliando-classificadores'
BRANCH = 'main'
RAW_URL = (REPOSITORY.replace('https://github.com/', 'https://raw.githubusercontent.com/')
           + f'/{BRANCH}/quiz/{{name}}.yml')
# The site published by ``ghp-import`` on GitHub Pages (README, "Publicar no GitHub Pages").
_OWNER, _REPO = REPOSITORY.rstrip('/').split('/')[-2:]
SITE_URL = f'https://{_OWNER}.github.io/{_REPO}/'

TYPES = ('single', 'multiple', 'numeric', 'truefalse')
STATIC = Path(__file__).resolve().parent / 'static'
QUIZ_DIRS = [Path(__file__).resolve().parents[1] / 'quiz', Path.cwd() / 'quiz',
             Path.cwd().parent / 'quiz']
_counter = itertools.count(1)


class QuizNotFound(RuntimeError):
    """The bank is neither on disk nor downloadable (offline Colab)."""


# ----------------------------------------------------------------------------- loading

def bank_path(name: str) -> Path | None:
    for folder in QUIZ_DIRS:
        path = folder / f'{name}.yml'
        if path.is_file():
            return path
    return None


def load_bank(name: str) -> dict:
    """The bank as a dict: from disk when possible, else from the repository on GitHub."""
    path = bank_path(name)
    if path is not None:
        return yaml.safe_load(path.read_text(encoding='utf-8'))
    url = RAW_URL.format(name=name)
    try:
        with urllib.request.urlopen(url, timeout=15) as response:
            return yaml.safe_load(response.read().decode('utf-8'))
    except (urllib.error.URLError, OSError) as error:
        raise QuizNotFound(
            f"Não foi possível carregar o questionário '{name}': o arquivo quiz/{name}.yml não "
            f"está nesta instalação e o download de {url} falhou ({error}).\n"
            f"Para resolver: conecte-se à internet e rode a célula de novo, ou baixe o arquivo "
            f"desse endereço e coloque-o numa pasta quiz/ ao lado do notebook "
            f"(quiz/{name}.yml)."
        ) from error


# ----------------------------------------------------------------------------- text

_SIMPLE = [
    (r'\{,\}', ','), (r'_\{?1\}?(?![0-9])', '₁'), (r'_\{?0\}?(?![0-9])', '₀'),
    (r'_\{?2\}?(?![0-9])', '₂'), (r'\^\{?2\}?(?![0-9])', '²'), (r'_\{([^{}]*)\}', r'_\1'),
    (r'\^\{([^{}]*)\}', r'^(\1)'),
    (r'\\sqrt\{([^{}]*)\}', r'√\1'),
    (r'\\(?:text|mathrm|textrm|mathit|operatorname)\{([^{}]*)\}', r'\1'),
    (r'\\cdot', '·'), (r'\\times', '×'), (r'\\approx', '≈'), (r'\\leq?\b', '≤'),
    (r'\\geq?\b', '≥'), (r'\\neq?\b', '≠'), (r'\\to\b', '→'), (r'\\Phi', 'Φ'), (r'\\beta', 'β'),
    (r'\\alpha', 'α'), (r'\\pi\b', 'π'), (r'\\sigma', 'σ'), (r'\\mu', 'μ'), (r'\\sum', 'Σ'),
    (r'\\mid', '|'), (r'\\%', '%'), (r'\\[,;:! ]', ' '), (r'\\quad', ' '), (r'\\left|\\right', ''),
]
_FRAC = re.compile(r'\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}')


def _frac(match: re.Match) -> str:
    parts = [p.strip() for p in match.groups()]
    parts = [f'({p})' if re.search(r'[\s+\-·×]', p) else p for p in parts]
    return f'{parts[0]}/{parts[1]}'


def tex_to_text(tex: str) -> str:
    """A readable plain-text version of simple TeX, for pages without MathJax (Colab)."""
    text = tex
    for pattern, repl in _SIMPLE:
        text = re.sub(pattern, repl, text)
    for _ in range(3):          # nested fractions, innermost first
        text = _FRAC.sub(_frac, text)
    text = re.sub(r'\\([A-Za-z]+)', r'\1', text).replace('{', '').replace('}', '')
    return re.sub(r'\s+', ' ', text).strip()


def rich(text: str) -> str:
    """Quiz text -> HTML: escaped, ```code```, ``$tex$`` as a math span, ``**bold**``."""
    out = []
    for k, chunk in enumerate(re.split(r'`([^`]*)`', str(text).strip())):
        if k % 2:
            out.append(f'<code>{html.escape(chunk)}</code>')
            continue
        for j, part in enumerate(re.split(r'\$([^$]+)\$', chunk)):
            if j % 2:
                tex = html.escape(r'\(' + part + r'\)', quote=True)
                out.append(f'<span class="cq-math" data-tex="{tex}">'
                           f'{html.escape(tex_to_text(part))}</span>')
            else:
                escaped = html.escape(part, quote=False)
                out.append(re.sub(r'\*\*([^*]+)\*\*', r'<strong>\1</strong>', escaped))
    return ''.join(out).replace('\n', ' ')


def number_pt(x: float) -> str:
    """The key of a numeric question as the page writes it: ``0,778``, ``0,75``, ``254``."""
    text = f'{x:.3f}'.rstrip('0').rstrip('.')
    return text.replace('.', ',')


# ----------------------------------------------------------------------------- rendering

def _in_colab() -> bool:
    return 'google.colab' in sys.modules


def _section_link(bank: dict, question: dict, absolute: bool) -> str:
    url = question['section']
    title = bank.get('sections', {}).get(url, url)
    href = (SITE_URL + 'lessons/' + url) if absolute else '../lessons/' + url
    target = ' target="_blank" rel="noopener"' if absolute else ''
    return (f'<p class="cq-review"><a class="cq-section" href="{html.escape(href)}" '
            f'data-section="{html.escape(url)}"{target}>Revise: {rich(title)}</a></p>')


def _question_html(bank, q, number, uid, absolute):
    qid = f'{uid}-{q["id"]}'
    kind = q['type']
    data = {'id': q['id'], 'type': kind}
    parts = [f'<fieldset class="cq-q cq-type-{kind}" id="{qid}" data-qid="{html.escape(q["id"])}">',
             f'<legend><span class="cq-num">{number}.</span> {rich(q["prompt"])}</legend>']
    if kind in ('single', 'multiple', 'truefalse'):
        if kind == 'truefalse':
            options = [{'text': 'Verdadeiro', 'correct': bool(q['answer']),
                        'feedback': q['feedback_true']},
                       {'text': 'Falso', 'correct': not q['answer'],
                        'feedback': q['feedback_false']}]
        else:
            options = q['options']
        input_type = 'checkbox' if kind == 'multiple' else 'radio'
        hint = ('<p class="cq-hint">Marque todas as corretas e clique em Verificar.</p>'
                if kind == 'multiple' else '')
        parts.append(hint + '<div class="cq-options">')
        for k, option in enumerate(options):
            oid = f'{qid}-o{k}'
            parts.append(f'<div class="cq-opt"><input type="{input_type}" id="{oid}" '
                         f'name="{qid}" value="{k}"><label for="{oid}">{rich(option["text"])}'
                         f'</label></div>')
        parts.append('</div>')
        if kind == 'multiple':
            parts.append('<button type="button" class="cq-check">Verificar</button>')
        data['correct'] = [bool(o['correct']) for o in options]
        data['feedback'] = [rich(o['feedback']) for o in options]
        data['texts'] = [rich(o['text']) for o in options]
    elif kind == 'numeric':
        iid = f'{qid}-in'
        parts.append(f'<div class="cq-numeric"><label for="{iid}">Sua resposta</label> '
                     f'<input type="text" id="{iid}" inputmode="decimal" autocomplete="off" '
                     f'spellcheck="false" placeholder="ex.: 0,75"> '
                     f'<button type="button" class="cq-check">Verificar</button></div>')
        data.update(answer=float(q['answer']), tolerance=float(q['tolerance']),
                    shown=number_pt(float(q['answer'])),
                    feedback_correct=rich(q['feedback_correct']),
                    feedback_wrong=rich(q['feedback_wrong']))
    else:
        raise ValueError(f"pergunta {q['id']}: tipo desconhecido {kind!r}")
    parts.append(f'<div class="cq-feedback" id="{qid}-fb" role="status" aria-live="polite">'
                 f'</div>')
    parts.append(_section_link(bank, q, absolute))
    parts.append('</fieldset>')
    return ''.join(parts), data


def _assets() -> tuple[str, str]:
    css = (STATIC / 'quiz.css').read_text(encoding='utf-8')
    js = (STATIC / 'quiz.js').read_text(encoding='utf-8')
    return css, js


def render(bank: dict, ids: list[str] | None = None, absolute_links: bool | None = None) -> str:
    """The HTML of a bank (or of the questions ``ids`` of it), with CSS and JS inlined."""
    if absolute_links is None:
        absolute_links = _in_colab()
    questions = bank['questions']
    if ids is not None:
        by_id = {q['id']: q for q in questions}
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise KeyError(f"o questionário '{bank['quiz']}' não tem a pergunta {missing[0]!r}; "
                           f"tem: {', '.join(by_id)}")
        questions = [by_id[i] for i in ids]
    uid = f'cq-{bank["quiz"]}-{next(_counter)}'
    body, data = [], []
    for number, q in enumerate(questions, 1):
        markup, datum = _question_html(bank, q, number, uid, absolute_links)
        body.append(markup)
        data.append(datum)
    css, js = _assets()
    single = ids is not None and len(questions) == 1
    title = '' if single else (f'<p class="cq-title"><strong>{rich(bank["title"])}</strong> '
                               f'<span class="cq-score" aria-live="polite"></span></p>')
    payload = json.dumps(data, ensure_ascii=False).replace('</', '<\\/')
    label = html.escape(bank['title'], quote=True)
    return (f'<style data-cq-style>{css}</style>'
            f'<div class="cq-quiz tex2jax_process mathjax_process{" cq-single" if single else ""}" '
            f'id="{uid}" lang="pt-BR" role="group" aria-label="{label}" '
            f'data-site="{SITE_URL}">'
            f'{title}{"".join(body)}'
            f'<script type="application/json" class="cq-data">{payload}</script>'
            f'</div>'
            f'<script>{js}\nwindow.courseQuiz.init(document.getElementById("{uid}"));</script>')


def quiz_html(name: str, ids: list[str] | None = None, absolute_links: bool | None = None) -> str:
    return render(load_bank(name), ids, absolute_links)


def _display(markup: str) -> None:
    try:
        from IPython.display import HTML, display
    except ImportError:     # plain Python: nothing to render into
        print(markup)
        return
    display(HTML(markup))


def show_quiz(name: str) -> None:
    """Show the whole quiz ``quiz/<name>.yml`` with immediate feedback."""
    try:
        markup = quiz_html(name)
    except QuizNotFound as error:
        print(error)
        return
    _display(markup)


def show_question(name: str, question_id: str) -> None:
    """Show one question of ``quiz/<name>.yml`` (e.g. a lesson's "Erro comum")."""
    try:
        markup = quiz_html(name, [question_id])
    except QuizNotFound as error:
        print(error)
        return
    _display(markup)
