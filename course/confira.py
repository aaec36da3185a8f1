"""Predict first in Colab and Jupyter: a lab's "Confira" notes appear only after a prediction.

A lab never shows its checks in a cell: they are package data (``course/confira_texts/<lab>.yml``,
shipped with the installed package, so Colab has them with no download), and each step of the
lab reads::

    > **Preveja.** ...                                    (markdown: the question)

    minha_previsao('passo 1', "")    # the student writes between the quotes, then runs the cell
    ... the step's code ...
    confira('passo 1')               # the note, as Markdown, only once a prediction is recorded

after one set-up cell at the top of the lab::

    from course.confira import lab_checks
    minha_previsao, confira = lab_checks('triagem')

The two callables are named in Portuguese on purpose: they are what the student types and reads
in the notebook, next to the words "Minha previsão" and "Confira" of the course's method.

``confira(step)`` with no recorded prediction (never written, left empty, or lost when the
runtime restarted) says so and shows nothing else. The first prediction is kept: writing another
one afterwards records it as a second try, and the note shows both.

Notes file (``course/confira_texts/<lab>.yml``)::

    lab: triagem                              # = the file name = labs/<lab>.md
    lessons: [metricas-fundamental]           # whose shipped values fill {placeholders} (optional)
    notes:
      passo 1:                                # the key the lab's cells pass (a step of the lab)
        step: "Passo 1 — carregar e olhar o alvo"   # the lab's heading for that step
        text: >-
          Markdown: **bold**, `code`, $math$. A number the lesson computes enters by name,
          {custo_price_fn}, never typed.

On the site the lab pages are not executed; ``_ext/confira.py`` puts each note after its
``confira(...)`` cell, hidden like the lessons' Preveja answers until the student predicts.
"""
from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import yaml

from . import values
from .quiz import PLACEHOLDER

NOT_YET = ('Escreva sua previsão na célula `minha_previsao({key!r}, "...")` acima e rode-a antes '
           'de conferir. (Se o ambiente reiniciou, as previsões se perderam: rode de novo a célula '
           'da sua previsão.)')
CALL = re.compile(r'^\s*(minha_previsao|confira)\(\s*([\'"])(.+?)\2')


class NotesError(ValueError):
    """A notes file that breaks the schema, or names a value no lesson ships."""


def texts_dir() -> Path:
    """Where the notes live: ``course/confira_texts/`` (package data of the installed course)."""
    return Path(str(resources.files('course') / 'confira_texts'))


def lab_names() -> list[str]:
    return sorted(p.stem for p in texts_dir().glob('*.yml'))


def notes_path(lab: str) -> Path:
    path = texts_dir() / f'{lab}.yml'
    if not path.is_file():
        raise NotesError(f"sem notas Confira para o lab '{lab}' (course/confira_texts/{lab}.yml); "
                         f"labs com notas: {', '.join(lab_names()) or 'nenhum'}")
    return path


def load(lab: str) -> dict:
    """The notes file as written (placeholders not filled), checked against the schema."""
    data = yaml.safe_load(notes_path(lab).read_text(encoding='utf-8'))
    where = f'course/confira_texts/{lab}.yml'
    if not isinstance(data, dict) or data.get('lab') != lab:
        raise NotesError(f"{where}: a chave 'lab' deve ser '{lab}' (o nome do arquivo)")
    notes = data.get('notes')
    if not isinstance(notes, dict) or not notes:
        raise NotesError(f"{where}: 'notes' deve ser um mapa não vazio, passo -> {{step, text}}")
    for key, note in notes.items():
        if not isinstance(key, str) or not key.strip():
            raise NotesError(f"{where}: a chave {key!r} deve ser um texto, por exemplo 'passo 1'")
        if not isinstance(note, dict) or set(note) != {'step', 'text'} or \
                not all(isinstance(note[k], str) and note[k].strip() for k in ('step', 'text')):
            raise NotesError(f"{where}: a nota {key!r} deve ter exatamente 'step' e 'text', "
                             "dois textos não vazios")
    lessons = data.get('lessons', [])
    if not isinstance(lessons, list) or not all(isinstance(name, str) for name in lessons):
        raise NotesError(f"{where}: 'lessons' deve ser uma lista de nomes de aulas")
    return data


def notes(lab: str) -> dict[str, dict[str, str]]:
    """``{key: {'step': heading, 'text': Markdown}}`` with the lesson values filled in."""
    data = load(lab)
    known = {}
    for lesson in data.get('lessons', []):
        known.update(values.lesson_values(lesson))

    def fill(text, key):
        def value(match):
            name = match.group(1)
            if name not in known:
                raise NotesError(f"course/confira_texts/{lab}.yml, nota {key!r}: {{{name}}} não é um "
                                 f"valor das aulas {data.get('lessons', [])} (rode "
                                 "`python scripts/refresh.py` na aula que o cola)")
            return known[name]
        return PLACEHOLDER.sub(value, text)

    return {key: {'step': note['step'].strip(), 'text': fill(note['text'].strip(), key)}
            for key, note in data['notes'].items()}


def calls(source: str) -> list[tuple[str, str]]:
    """``[(function, key)]`` of the ``minha_previsao``/``confira`` calls that open cells of a lab
    (its MyST text or the code of one cell)."""
    return [(m.group(1), m.group(3)) for line in source.splitlines() if (m := CALL.match(line))]


def _display(markdown: str) -> None:
    try:
        from IPython.display import display
    except ImportError:                    # plain Python: nothing to render into
        print(markdown)
        return
    display({'text/markdown': markdown, 'text/plain': markdown}, raw=True)


class LabChecks:
    """The predictions written in one kernel for one lab, and the notes they unlock."""

    def __init__(self, lab: str):
        self.lab = lab
        self.notes = notes(lab)
        self.predictions: dict[str, list[str]] = {}

    def _note(self, key):
        if key not in self.notes:
            raise KeyError(f"o lab '{self.lab}' não tem o passo {key!r}; os passos com previsão são: "
                           + ', '.join(repr(k) for k in self.notes))
        return self.notes[key]

    def minha_previsao(self, key: str, text: str) -> None:
        """Record the prediction for ``key`` (the first one is kept; later ones are extra tries)."""
        note = self._note(key)
        if not isinstance(text, str):
            raise TypeError(f'escreva a previsão entre aspas: minha_previsao({key!r}, "o que você espera")')
        text = ' '.join(text.split())
        if not text:
            print(f'Previsão de {note["step"]}: ainda vazia. Escreva entre as aspas o que você espera '
                  'e rode esta célula de novo, antes do código do passo.')
            return
        tries = self.predictions.setdefault(key, [])
        if tries and tries[-1] == text:
            print(f'Esta previsão de {note["step"]} já estava guardada.')
            return
        tries.append(text)
        if len(tries) == 1:
            print(f'Previsão guardada ({note["step"]}). Agora rode o código do passo e, depois, '
                  f'confira({key!r}).')
        else:
            print(f'Nova previsão guardada ({note["step"]}), a {len(tries)}ª. A primeira continua '
                  'guardada: a conferência mostra as duas.')

    def confira(self, key: str) -> None:
        """Show the note for ``key`` as Markdown, only if a prediction for it was recorded."""
        note = self._note(key)
        tries = self.predictions.get(key)
        if not tries:
            print(NOT_YET.format(key=key))
            return
        if len(tries) == 1:
            mine = f'**Sua previsão:** {tries[0]}'
        else:
            mine = f'**Sua primeira previsão:** {tries[0]}  \n' + '  \n'.join(
                f'**{n}ª previsão:** {t}' for n, t in enumerate(tries[1:], start=2))
        _display(f'{mine}\n\n**Confira ({note["step"]}):** {note["text"]}')


def lab_checks(lab: str):
    """``(minha_previsao, confira)`` for ``labs/<lab>.md``, sharing one record of predictions."""
    checks = LabChecks(lab)
    return checks.minha_previsao, checks.confira
