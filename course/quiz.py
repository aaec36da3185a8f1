"""Quizzes: question banks in ``quiz/<nome>.yml`` rendered as self-contained HTML.

Use, as the last cell of a lesson or lab::

    from course.quiz import show_quiz
    show_quiz('metricas')

or, for a single question (e.g. the "Erro comum" of a lesson)::

    from course.quiz import show_question
    show_question('custo', 'f1-para-tudo')

The output is one block of HTML with its CSS and JavaScript inlined (``course/static/quiz.css``,
``numbers.js``, ``answers.js`` and ``quiz.js``, each defined once per page; see
``course/runtime.py``): no CDN, no network, no kernel. It works on the built site, in Jupyter and
in Colab. Every question is answered with its "Conferir" button (choosing an option, with the
mouse or the arrow keys, checks nothing); the answers are kept by ``answers.js`` (its header
gives the stored format) under ``quiz:<bank>:<id>``, so a question shown twice on a page (a
lesson's "Erro comum" and its final quiz) is one question: answering either updates both. Without JavaScript (an untrusted notebook, a preview),
the questions and the "Revise" links are still readable; the feedback needs JavaScript.

Question-bank schema (``quiz/<nome>.yml``, checked by ``check_bank``)
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
- ``multiple``: ``options`` as above, at least one correct; right when the ticked set is exactly
  the correct set;
- ``numeric``: ``answer`` (a number, or one ``{placeholder}`` of the lesson), ``tolerance``
  (absolute, > 0), ``answer_from`` (the name of an expression that ``tests/test_quiz.py``
  recomputes with code, so a wrong key fails the tests), ``feedback_correct``, ``feedback_wrong``;
- ``truefalse``: ``answer`` (true/false), ``feedback_true`` and ``feedback_false`` (what the
  student reads after choosing "Verdadeiro" / "Falso").

Every option and every answer has its feedback; feedback may use math and code like prompts.

Numeric answers typed by the student
------------------------------------
Read by ``course/static/numbers.js`` (the rules of ``course.fmt.parse``): ``0,778`` and ``0.778``
(one decimal separator, comma or point), ``1.000,5``, a fraction ``7/9`` (also ``7 / 9``,
``0,5/2``), a percentage ``77,8 %`` (read as 0,778) and a leading ``-``, ``−`` or ``+``. Anything
else gets "Digite um número, por exemplo 0,75 (também vale 3/4 ou 75 %)." (``7/0`` is said to be a
division by zero first) and is never counted as wrong. The answer is right when
``|valor - answer| <= tolerance``; a wrong answer near it is told "Quase" (the rule of
``CourseAnswers.judge``, MANUTENCAO.md, "Preveja no site"), and still counts as wrong. When the answer is
a proportion (between 0 and 1), a number above 1 typed without "%" ("78") is read as a
percentage, and the feedback says so ("78 lido como 78 %").

Numbers from the lesson
-----------------------
A bank never types a number the lesson computes: it names the lesson's glued value in braces,
``{custo_cost_05}``, in a prompt, an option, a feedback or a numeric ``answer`` (then the whole
answer is the placeholder, e.g. ``answer: '{custo_cost_05}'``). A placeholder is a glue name:
lowercase, with at least one ``_`` (``{custo_theory_thr}``); TeX braces (``c_{FP}``, ``0{,}01``)
are never mistaken for one. ``show_quiz`` fills them from ``course.values.lesson_values`` of the
bank's ``lesson``: the values glued in this kernel (the lesson that just ran) over the values
shipped with the package (``course/lesson_values/<lesson>.json``, for the labs).

Where the bank comes from
-------------------------
``quiz/<nome>.yml``: the folder instructors edit. It is also the package's data (``course.banks``,
mapped onto ``quiz/`` in ``pyproject.toml``), so a ``pip install`` of the course (Colab) carries
the banks with it: the site, Jupyter and Colab read the same files, never a download. The banks
are found by glob (``bank_names()``) and each is checked by ``check_bank`` against the schema above.
"""
from __future__ import annotations

import copy
import hashlib
import html
import itertools
import json
import math
import random
import re
import sys
from importlib import resources
from pathlib import Path

import yaml

from . import fmt, runtime
from .site import SITE_URL
from .values import lesson_values

TYPES = ('single', 'multiple', 'numeric', 'truefalse')
_counter = itertools.count(1)


class BankError(ValueError):
    """A bank that breaks the schema, or names a value the lesson does not glue."""


# ----------------------------------------------------------------------------- loading

def banks_dir() -> Path:
    """``quiz/`` of a checkout (where instructors edit), else the installed package data."""
    checkout = Path(__file__).resolve().parents[1] / 'quiz'
    if checkout.is_dir():
        return checkout
    return Path(str(resources.files('course.banks')))


def bank_names() -> list[str]:
    """Every bank, found by glob: ``quiz/*.yml``."""
    return sorted(p.stem for p in banks_dir().glob('*.yml'))


def bank_path(name: str) -> Path:
    path = banks_dir() / f'{name}.yml'
    if not path.is_file():
        raise KeyError(f"no quiz bank '{name}' (quiz/{name}.yml); banks: {', '.join(bank_names())}")
    return path


def load_bank(name: str) -> dict:
    """The bank as written in ``quiz/<name>.yml`` (placeholders not filled)."""
    return yaml.safe_load(bank_path(name).read_text(encoding='utf-8'))


# ----------------------------------------------------------------------------- schema

def _require(ok, where, message):
    if not ok:
        raise BankError(f'{where}: {message}')


def question_texts(q: dict) -> list[str]:
    """Every student-facing string of a question."""
    out = [q['prompt']]
    for option in q.get('options', []):
        out += [option['text'], option['feedback']]
    out += [q[k] for k in ('feedback_correct', 'feedback_wrong', 'feedback_true',
                           'feedback_false') if k in q]
    return [str(t) for t in out]


def check_bank(bank: dict, name: str) -> None:
    """Raise ``BankError`` with a readable message when ``bank`` breaks the schema above."""
    where = f'quiz/{name}.yml'
    _require(isinstance(bank, dict), where, 'not a mapping')
    _require(set(bank) == {'quiz', 'title', 'lesson', 'sections', 'questions'}, where,
             f'top-level keys {sorted(bank)}; expected quiz, title, lesson, sections, questions')
    _require(bank['quiz'] == name, where, f"quiz: {bank['quiz']!r} is not the file name {name!r}")
    _require(isinstance(bank['sections'], dict) and bank['sections'], where, 'no sections')
    for url, title in bank['sections'].items():
        _require(re.fullmatch(r'[a-z0-9-]+\.html(#sec-[a-z0-9-]+)?', url), where, f'section {url!r}')
        _require(isinstance(title, str) and title.strip(), where, f'section {url!r} has no title')
    questions = bank['questions'] or []
    _require(isinstance(questions, list), where, 'questions is not a list')
    ids = [q.get('id') for q in questions]
    _require(len(ids) == len(set(ids)), where, 'repeated ids')
    common = {'id', 'type', 'prompt', 'section'}
    for q in questions:
        at = f"{where}, {q.get('id')}"
        _require(re.fullmatch(r'[a-z0-9]+(-[a-z0-9]+)*', str(q.get('id'))), at, 'bad id')
        _require(q.get('type') in TYPES, at, f"type {q.get('type')!r} not in {TYPES}")
        _require(isinstance(q.get('prompt'), str) and q['prompt'].strip(), at, 'no prompt')
        _require(q.get('section') in bank['sections'], at, f"section {q.get('section')} not in sections")
        if q['type'] in ('single', 'multiple'):
            _require(set(q) == common | {'options'}, at, f'keys {sorted(q)}')
            _require(len(q['options']) >= 2, at, 'fewer than 2 options')
            for option in q['options']:
                _require(set(option) == {'text', 'correct', 'feedback'}, at, f'option {option}')
                _require(isinstance(option['correct'], bool), at, 'correct is not true/false')
                _require(str(option['text']).strip() and str(option['feedback']).strip(), at,
                         'an option without text or feedback')
            n_correct = sum(o['correct'] for o in q['options'])
            _require(n_correct == 1 if q['type'] == 'single' else n_correct >= 1, at,
                     f'{n_correct} correct options')
        elif q['type'] == 'numeric':
            _require(set(q) == common | {'answer', 'tolerance', 'answer_from', 'feedback_correct',
                                         'feedback_wrong'}, at, f'keys {sorted(q)}')
            answer = q['answer']
            _require((isinstance(answer, (int, float)) and not isinstance(answer, bool))
                     or (isinstance(answer, str) and PLACEHOLDER.fullmatch(answer.strip())), at,
                     'answer is neither a number nor one {placeholder}')
            _require(isinstance(q['tolerance'], (int, float)) and q['tolerance'] > 0, at,
                     'tolerance must be > 0')
            _require(str(q['feedback_correct']).strip() and str(q['feedback_wrong']).strip(), at,
                     'missing feedback')
        else:
            _require(set(q) == common | {'answer', 'feedback_true', 'feedback_false'}, at,
                     f'keys {sorted(q)}')
            _require(isinstance(q['answer'], bool), at, 'answer is not true/false')
            _require(str(q['feedback_true']).strip() and str(q['feedback_false']).strip(), at,
                     'missing feedback')
        for text in question_texts(q):
            _require(text.count('$') % 2 == 0, at, f'unbalanced $ in {text!r}')
            _require(text.count('`') % 2 == 0, at, f'unbalanced ` in {text!r}')


# ----------------------------------------------------------------------------- placeholders

PLACEHOLDER = re.compile(r'\{([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\}')


def placeholders(bank: dict) -> set[str]:
    """Every ``{name}`` the bank's questions use."""
    found = set()
    for q in bank['questions'] or []:
        for text in question_texts(q) + [str(q.get('answer', ''))]:
            found.update(PLACEHOLDER.findall(text))
    return found


def number_from_text(text: str) -> float:
    """A glued number as the page writes it -> float: '2.120' -> 2120, '0,09' -> 0.09,
    '64,9 %' -> 0.649, '7/9 = 0,778' -> 0.778 (the value after the last '=')."""
    read = fmt.parse(text.split('=')[-1], thousands=True)
    if not read.ok:
        raise ValueError(f'{text!r} não é um número como a página o escreve ({read.error})')
    return read.value


def fill(bank: dict, values: dict | None = None) -> dict:
    """A copy of ``bank`` with every ``{name}`` replaced by the lesson's value."""
    values = lesson_values(bank['lesson']) if values is None else values
    missing = sorted(placeholders(bank) - set(values))
    if missing:
        raise BankError(f"quiz/{bank['quiz']}.yml names {missing}, which lessons/{bank['lesson']}.md "
                        f"does not glue (glue them, then run `python scripts/refresh.py {bank['lesson']}`)")

    def sub(text):
        return PLACEHOLDER.sub(lambda m: values[m.group(1)], text) if isinstance(text, str) else text

    out = copy.deepcopy(bank)
    for q in out['questions'] or []:
        for key in ('prompt', 'feedback_correct', 'feedback_wrong', 'feedback_true', 'feedback_false'):
            if key in q:
                q[key] = sub(q[key])
        for option in q.get('options', []):
            option['text'], option['feedback'] = sub(option['text']), sub(option['feedback'])
        if q['type'] == 'numeric' and isinstance(q['answer'], str):
            q['answer'] = number_from_text(sub(q['answer']))
    return out


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


_MATRIX = re.compile(r'\\begin\{[bp]?matrix\}(.*?)\\end\{[bp]?matrix\}', re.S)


def _matrix(match: re.Match) -> str:
    rows = [' '.join(cell.strip() for cell in row.split('&')) for row in match.group(1).split(r'\\')]
    return '[' + '; '.join(r for r in rows if r) + ']'


def tex_to_text(tex: str) -> str:
    """A readable plain-text version of simple TeX, for pages without MathJax (Colab)."""
    text = _MATRIX.sub(_matrix, tex)
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


def number_pt(x: float, tolerance: float = 0.001) -> str:
    """The key of a numeric question as the page writes it: ``0,778``, ``0,75``, ``254``; with as
    many decimals as the tolerance asks for (``0,9744`` when it is 0,0005), at least three."""
    decimals = max(3, math.ceil(-math.log10(tolerance) - 1e-9))
    return fmt.num(x, decimals, trim=True)


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


def shuffled(options: list, key: str) -> list:
    """The options in an order fixed by the question's id: the banks list the right option first
    (easier to write and review), the student must not be able to count on it. The same order on
    every build, page and notebook, so a stored answer finds its option again."""
    order = list(options)
    random.Random(int(hashlib.sha256(key.encode()).hexdigest(), 16)).shuffle(order)
    return order


# Every question is checked on purpose: choosing an option (with the mouse, or moving through the
# options with the arrow keys) answers nothing until the student presses it.
CHECK = '<button type="button" class="cq-check">Conferir</button>'


def _question_html(bank, q, number, uid, absolute):
    qid = f'{uid}-{q["id"]}'
    kind = q['type']
    data = {'id': q['id'], 'type': kind}
    parts = [f'<fieldset class="cq-q cq-type-{kind}" id="{qid}" data-qid="{html.escape(q["id"])}">',
             f'<legend><span class="cq-num">{number}.</span> {rich(q["prompt"])}</legend>']
    if kind in ('single', 'multiple', 'truefalse'):
        if kind == 'truefalse':
            options = [{'text': 'Verdadeiro', 'correct': bool(q['answer']),
                        'feedback': q['feedback_true'], 'bank': True},
                       {'text': 'Falso', 'correct': not q['answer'],
                        'feedback': q['feedback_false'], 'bank': False}]
        else:
            options = shuffled([dict(o, bank=k) for k, o in enumerate(q['options'])], q['id'])
        input_type = 'checkbox' if kind == 'multiple' else 'radio'
        hint = ('<p class="cq-hint">Marque todas as corretas e clique em Conferir.</p>'
                if kind == 'multiple' else '')
        parts.append(hint + '<div class="cq-options">')
        for k, option in enumerate(options):
            oid = f'{qid}-o{k}'
            parts.append(f'<div class="cq-opt"><input type="{input_type}" id="{oid}" '
                         f'name="{qid}" value="{k}"><label for="{oid}">{rich(option["text"])}'
                         f'</label></div>')
        parts.append('</div>')
        parts.append(CHECK)
        data['correct'] = [bool(o['correct']) for o in options]
        data['feedback'] = [rich(o['feedback']) for o in options]
        data['texts'] = [rich(o['text']) for o in options]
        # what is stored: the option as the bank numbers it (true/false for a true/false
        # question), so a stored answer survives a change of the page's shuffle
        data['bank'] = [o['bank'] for o in options]
    elif kind == 'numeric':
        iid = f'{qid}-in'
        parts.append(f'<div class="cq-numeric"><label for="{iid}">Sua resposta</label> '
                     f'<input type="text" id="{iid}" inputmode="decimal" autocomplete="off" '
                     f'spellcheck="false" placeholder="um número" aria-describedby="{qid}-fb"> '
                     f'{CHECK}</div>')
        data.update(answer=float(q['answer']), tolerance=float(q['tolerance']),
                    shown=number_pt(float(q['answer']), float(q['tolerance'])),
                    feedback_correct=rich(q['feedback_correct']),
                    feedback_wrong=rich(q['feedback_wrong']))
    else:
        raise ValueError(f"pergunta {q['id']}: tipo desconhecido {kind!r}")
    # tabindex -1: "Conferir" moves the keyboard focus to the feedback it wrote
    parts.append(f'<div class="cq-feedback" id="{qid}-fb" role="status" aria-live="polite" '
                 f'tabindex="-1"></div>')
    parts.append(_section_link(bank, q, absolute))
    parts.append('</fieldset>')
    return ''.join(parts), data


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
    single = ids is not None and len(questions) == 1
    title = '' if single else (f'<p class="cq-title"><strong>{rich(bank["title"])}</strong> '
                               f'<span class="cq-score" aria-live="polite"></span></p>')
    payload = json.dumps(data, ensure_ascii=False).replace('</', '<\\/')
    label = html.escape(bank['title'], quote=True)
    return (f'{runtime.inline(runtime.QUIZ[:1])}'
            f'<div class="cq-quiz tex2jax_process mathjax_process{" cq-single" if single else ""}" '
            f'id="{uid}" lang="pt-BR" role="group" aria-label="{label}" '
            f'data-site="{SITE_URL}">'
            f'{title}{"".join(body)}'
            f'<script type="application/json" class="cq-data">{payload}</script>'
            f'</div>'
            f'{runtime.inline(runtime.QUIZ[1:])}'
            f'<script>window.courseQuiz.init(document.getElementById("{uid}"));</script>')


def quiz_html(name: str, ids: list[str] | None = None, absolute_links: bool | None = None,
              values: dict | None = None, page: str | None = None, title: str | None = None) -> str:
    """The HTML of bank ``name`` with the lesson's numbers filled in (see ``fill``).

    ``page`` keeps only the questions whose section is on that lesson page (a lesson on two
    pages, like the metrics lesson, shows each page its own questions); ``title`` replaces the
    bank's title."""
    bank = load_bank(name)
    if page is not None:
        bank['questions'] = [q for q in bank['questions'] if q['section'].startswith(f'{page}.html')]
        if not bank['questions']:
            raise KeyError(f"o questionário '{name}' não tem perguntas da página {page!r}")
    if title is not None:
        bank['title'] = title
    if ids is not None:     # only these questions need their numbers (a lesson's "Erro comum")
        known = [q['id'] for q in bank['questions']]
        missing = [i for i in ids if i not in known]
        if missing:
            raise KeyError(f"o questionário '{name}' não tem a pergunta {missing[0]!r}; "
                           f"tem: {', '.join(known)}")
        bank['questions'] = [q for q in bank['questions'] if q['id'] in ids]
    return render(fill(bank, values), ids, absolute_links)


def _display(markup: str) -> None:
    try:
        from IPython.display import HTML, display
    except ImportError:     # plain Python: nothing to render into
        print(markup)
        return
    display(HTML(markup))


def show_quiz(name: str, page: str | None = None, title: str | None = None) -> None:
    """Show the quiz ``quiz/<name>.yml`` (or its questions about ``page``) with immediate feedback."""
    _display(quiz_html(name, page=page, title=title))


def show_question(name: str, question_id: str) -> None:
    """Show one question of ``quiz/<name>.yml`` (e.g. a lesson's "Erro comum")."""
    _display(quiz_html(name, [question_id]))
