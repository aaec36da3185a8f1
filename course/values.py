"""The numbers a lesson computes, by name: one place for the page, the quiz and the labs.

In a lesson, glue every number the prose or the quiz quotes with ``course.glue`` (same call as
``myst_nb.glue``)::

    from course import glue
    glue('custo_cost_05', str(cost_05), display=False)

``glue`` refuses an empty text, hands the value to ``myst_nb.glue`` (the page's
``{glue:text}`custo_cost_05``` role) and records the text in this kernel (``RECORDED``), so
``show_quiz('custo')`` at the end of the lesson fills the bank's ``{custo_cost_05}`` with the
number the lesson has just computed. Outside the lesson (a lab in Colab or Jupyter) the same
names are read from the values shipped with the package, ``course/lesson_values/<lesson>.json``,
which ``python scripts/refresh.py`` writes from the executed lesson (a test keeps them equal to
the lesson's glue).
"""
from __future__ import annotations

import json
import numbers
from pathlib import Path

from .fmt import num

SHIPPED = Path(__file__).resolve().parent / 'lesson_values'
RECORDED: dict[str, str] = {}      # name -> text, glued in this kernel


def as_text(name: str, value) -> str | None:
    """The text a glued value shows; ``None`` for values that are not text (a ``Math``)."""
    if isinstance(value, bool):
        raise TypeError(f"glue '{name}': a bool is not a number to quote; glue a word instead")
    if isinstance(value, numbers.Integral):
        return num(int(value), 0)            # 2120 -> '2.120', as the page writes whole numbers
    if isinstance(value, numbers.Real):
        raise TypeError(f"glue '{name}': format the number first, e.g. num(x, 3) -> '0,737'")
    if isinstance(value, str):
        if not value.strip():
            raise ValueError(f"glue '{name}': empty value (the page would read a blank); "
                             "glue a phrase that is true in every case instead")
        return value
    return None


def glue(name: str, value, display: bool = True):
    """``myst_nb.glue`` that also records the text for the quiz and refuses an empty value."""
    text = as_text(name, value)
    if text is not None:
        RECORDED[name] = text
        value = text
    try:
        from myst_nb import glue as myst_glue
    except ImportError:                  # Colab or plain Jupyter: no page to glue into
        return None
    return myst_glue(name, value, display=display)


def shipped(lesson: str) -> dict[str, str]:
    """The values shipped with the package for ``lessons/<lesson>.md`` ({} when none)."""
    path = SHIPPED / f'{lesson}.json'
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding='utf-8'))


def lesson_values(lesson: str) -> dict[str, str]:
    """The lesson's values: the shipped ones, overridden by those glued in this kernel."""
    return {**shipped(lesson), **RECORDED}


def value(lesson: str, name: str) -> str:
    """One value by name (``KeyError`` naming the refresh command when it is missing)."""
    values = lesson_values(lesson)
    if name not in values:
        raise KeyError(f"no value '{name}' for lessons/{lesson}.md: glue it in the lesson and run "
                       f"`python scripts/refresh.py {lesson}`")
    return values[name]


def plural(n: int, singular: str, plural_: str) -> str:
    """``'1 falha'``, ``'24 falhas'``, ``'0 falhas'`` (the noun follows the number)."""
    return f'{num(int(n), 0)} {singular if int(n) == 1 else plural_}'
