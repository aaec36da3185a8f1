"""The book's table of contents, ``_toc.yml``, read in one place: which pages exist, in what order,
and which pages are the parts of one lesson.

A lesson is a chapter of ``_toc.yml`` whose file is under ``lessons/``: its first page (the
chapter's file, whose name is the lesson's name) is part 1, and its ``sections`` are the next
parts, in order. A lesson of one page is a chapter without sections::

    - file: lessons/custo            # the lesson "custo", part 1 of 2
      sections:
        - file: lessons/custo-caso-raro   # part 2 of 2

Scripts, extensions and tests ask this module, never a list of their own.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Lesson:
    name: str                 # 'custo': the stem of the chapter's first page
    parts: tuple[str, ...]    # docnames in order: ('lessons/custo', 'lessons/custo-caso-raro')

    @property
    def first(self) -> str:
        return self.parts[0]

    def number(self, docname: str) -> int:
        """1 for the first part."""
        return self.parts.index(docname) + 1


def read(root: Path = ROOT) -> dict:
    return yaml.safe_load((Path(root) / '_toc.yml').read_text(encoding='utf-8'))


def _chapters(toc: dict):
    for part in toc.get('parts', []):
        yield from part.get('chapters', [])
    yield from toc.get('chapters', [])


def _walk(entries):
    for entry in entries:
        if 'file' in entry:
            yield entry['file']
        yield from _walk(entry.get('sections', []))


def pages(root: Path = ROOT) -> list[str]:
    """Every page, as a docname (a path without suffix), in the book's order; the root first."""
    toc = read(root)
    return [toc['root'], *_walk(list(_chapters(toc)))]


def lessons(root: Path = ROOT) -> list[Lesson]:
    """The lessons, in the book's order, each with its parts."""
    found = []
    for chapter in _chapters(read(root)):
        first = chapter.get('file', '')
        if first.startswith('lessons/'):
            found.append(Lesson(first.split('/', 1)[1], (first, *_walk(chapter.get('sections', [])))))
    return found


def lesson_of(docname: str, root: Path = ROOT) -> Lesson | None:
    """The lesson a page is a part of (``None`` for a page that is not a lesson's)."""
    return next((lesson for lesson in lessons(root) if docname in lesson.parts), None)


def lesson_pages(root: Path = ROOT) -> list[str]:
    """Every part of every lesson, in order."""
    return [p for lesson in lessons(root) for p in lesson.parts]
