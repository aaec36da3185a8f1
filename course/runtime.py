"""The course's browser files (``course/static/``) inside a notebook output.

An explorable or a quiz is one HTML output that must work alone: Colab shows every output in its
own sandboxed frame, so nothing can be shared between cells and nothing is downloaded. Each
output therefore carries the files it needs, each in its own element marked with its name::

    <style data-course-asset="explorables.css">...</style>
    <script data-course-asset="numbers.js">...</script>
    <script data-course-asset="explorables.js">...</script>
    <script>window.CourseExplorables.mount("explorable-...");</script>

Every file defines itself once per page (``window.X = window.X || ...``), so a page with ten
outputs runs each file once. On the site, ``_ext/course_assets.py`` recognises the marked
elements and serves the same files from ``_static/course/`` instead (cached once, not repeated
in every output); the mark is the contract between the two.
"""
from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent / 'static'
ATTRIBUTE = 'data-course-asset'

# What each kind of output needs, in the order the files must run.
EXPLORABLE = ('explorables.css', 'numbers.js', 'explorables.js')
QUIZ = ('quiz.css', 'numbers.js', 'answers.js', 'quiz.js')


def files() -> list[str]:
    """Every file an output may inline (the site serves all of them)."""
    return sorted({*EXPLORABLE, *QUIZ})


def inline(names) -> str:
    """The files ``names`` of ``course/static/``, each in a ``<style>`` or ``<script>`` marked
    with its name."""
    out = []
    for name in names:
        text = (STATIC / name).read_text(encoding='utf-8')
        tag = 'style' if name.endswith('.css') else 'script'
        out.append(f'<{tag} {ATTRIBUTE}="{name}">{text}</{tag}>')
    return '\n'.join(out)
