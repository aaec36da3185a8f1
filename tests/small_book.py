"""A small book: a copy of the course whose ``_toc.yml`` keeps only some pages, for the tests that
must build the book after an edit (the instructor's path, a new lesson) without building all of it.

The copy holds every file of the course but, if asked, the sources of the lessons and labs it will
not build (so ``scripts/refresh.py``, ``scripts/new_lesson.py`` and the tests run in it as in a
checkout, and a test that makes it depends on no other page: an edit of another lesson does not
run it again), and, if asked, the execution cache of this checkout's last build (a lesson that did
not change is not executed again); ``node_modules`` is linked, not copied. A page of the small book may still point at a page it does not hold (the
glossary links every lesson, the home page's map too): those references, and only those, are not
warnings in the copy; the whole book, built by the ``site`` fixture, checks every one of them.
"""
from __future__ import annotations

import filecmp
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
IGNORE = shutil.ignore_patterns('.venv', '.git', '__pycache__', '*.egg-info', '_build', 'node_modules',
                                '.pytest_cache')
PAGE_FOLDERS = ('lessons', 'labs')      # a file there is a page's source (its .md or its .ipynb)
# what Sphinx and MyST say of a reference into a page that the small book leaves out
ABSENT_PAGES = ['ref.ref', 'ref.doc', 'ref.term', 'myst.xref_missing']
# the course's whole table of contents, kept in a folder of its own so that course/toc.py reads it
# as it reads the book's (``toc.lessons(book / FULL_TOC.parent)``): the tests of the copy still read
# a lesson it leaves out with all its parts, in order (tests/stored.py)
FULL_TOC = Path('.course-toc') / '_toc.yml'


def copy(target: Path, cache: bool = True, pages: list[str] | None = None) -> Path:
    """The course copied to ``target`` (with ``cache``, its execution cache too), ready to edit and build;
    with ``pages`` (``'lessons/custo'``), of the lessons' and labs' sources only those pages'.

    A ``target`` that holds an earlier copy keeps its ``_build/`` (its own execution cache, test
    records, audits and site, each reused only while what it was made from is unchanged) and gets
    every other file from the course again: nothing of the earlier copy's sources or edits stays."""
    if target.exists() and cache:
        raise ValueError(f'{target}: an earlier copy keeps its own execution cache; copy with cache=False')
    if not target.exists():
        target.mkdir(parents=True)
        (target / 'node_modules').symlink_to(ROOT / 'node_modules', target_is_directory=True)
        executed = ROOT / '_build' / '.jupyter_cache'
        if cache and executed.is_dir():
            shutil.copytree(executed, target / '_build' / '.jupyter_cache')
    _mirror(target, sources(pages))
    return target


def sources(pages: list[str] | None = None) -> list[Path]:
    """The course's files that a copy holds (relative to the course; ``copy`` says which)."""
    held = []
    for folder, dirs, files in os.walk(ROOT):
        folder = Path(folder)
        dirs[:] = sorted(d for d in dirs if not IGNORE(str(folder), [d]))
        for name in sorted(set(files) - IGNORE(str(folder), files)):
            relative = (folder / name).relative_to(ROOT)
            page = relative.parent.name in PAGE_FOLDERS and len(relative.parts) == 2
            if pages is None or not page or f'{relative.parent}/{relative.stem}' in pages:
                held.append(relative)
    return held


def _mirror(target: Path, held: list[Path]) -> None:
    """``target``'s files made the ``held`` files of the course, its ``_build/`` and ``node_modules`` link kept: a
    file that differs is copied with the time of the copy (Sphinx reads a page again only when its
    file is newer than its last reading, and the earlier copy's edits are newer than the course's
    files), a file that does not differ keeps its time, a file the course does not hold goes."""
    kept = set(held)
    for relative in held:
        there = target / relative
        if not there.is_file() or not filecmp.cmp(ROOT / relative, there, shallow=False):
            there.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / relative, there)
            shutil.copymode(ROOT / relative, there)
    for folder, dirs, files in os.walk(target, topdown=False):
        folder = Path(folder)
        relative = folder.relative_to(target)
        if relative.parts[:1] in (('_build',), ('node_modules',)):
            continue
        for name in files:
            if relative / name not in kept:
                (folder / name).unlink()
        for name in dirs:
            path = folder / name
            if (relative / name).parts[:1] not in (('_build',), ('node_modules',)) and not path.is_symlink() \
                    and not any(path.iterdir()):
                path.rmdir()


# what ``settle`` found at its last call: {file: [sha256, modification time in ns]}
TIMES = Path('_build') / 'source-times.json'


def settle(book: Path) -> int:
    """Each file of ``book`` whose bytes are the ones it had at the last call gets back the time it
    had then: a kept copy's sources, copied again from the course and edited the same way, are what
    its last build read, and Sphinx, which compares times, not bytes, reads none of them again (the
    copy's pages were all read again at every run). ``_static/`` keeps its new times: a build copies
    the stylesheets when one is newer, and a test edits one after this call. Returns how many."""
    record = book / TIMES
    earlier = json.loads(record.read_text(encoding='utf-8')) if record.is_file() else {}
    now, settled = {}, 0
    for folder, dirs, files in os.walk(book):
        relative = Path(folder).relative_to(book)
        dirs[:] = [d for d in dirs if d != '__pycache__' and not (
            relative == Path('.') and d in ('_build', 'node_modules', '_static', '.git'))]
        for name in files:
            path = Path(folder) / name
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            before = earlier.get(str(relative / name))
            if before and before[0] == digest and before[1] != path.stat().st_mtime_ns:
                os.utime(path, ns=(before[1], before[1]))
                settled += 1
            now[str(relative / name)] = [digest, path.stat().st_mtime_ns]
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(json.dumps(now), encoding='utf-8')
    return settled


def keep(book: Path, pages: list[str], source: Path | None = None) -> None:
    """Cut ``book``'s table of contents to ``pages`` (kept in the order and parts the course gives
    them; the root page always stays) and let references to the pages left out through. The full
    ``_toc.yml`` and ``_config.yml`` are read from ``source`` (default: ``book`` itself); a file is
    written only when it changes, so that an incremental build reads nothing again for it."""
    source = Path(source or book)
    full = source / FULL_TOC if (source / FULL_TOC).exists() else source / '_toc.yml'
    toc = yaml.safe_load(full.read_text(encoding='utf-8'))
    (book / FULL_TOC).parent.mkdir(exist_ok=True)
    _write(book / FULL_TOC, full.read_text(encoding='utf-8'))
    wanted = set(pages)

    def kept(entries):
        out = []
        for entry in entries:
            sections = kept(entry.get('sections', []))
            if entry.get('file') in wanted:
                out.append({**entry, 'sections': sections} if sections else {'file': entry['file']})
            else:
                out.extend(sections)          # a part kept without its chapter's first page
        return out

    parts = [{**part, 'chapters': kept(part['chapters'])} for part in toc['parts']]
    toc['parts'] = [p for p in parts if p['chapters']]
    missing = wanted - {toc['root']} - {e['file'] for p in toc['parts'] for e in _walk(p['chapters'])}
    if missing:
        raise ValueError(f'not in _toc.yml: {sorted(missing)}')
    _write(book / '_toc.yml', yaml.safe_dump(toc, allow_unicode=True, sort_keys=False))
    config = (source / '_config.yml').read_text(encoding='utf-8')
    found = re.search(r'^(\s*)suppress_warnings: \[(.*)\]$', config, re.M)
    if not found:
        raise ValueError('_config.yml: no sphinx suppress_warnings list to extend')
    names = ', '.join([found.group(2)] + [f'"{n}"' for n in ABSENT_PAGES])
    _write(book / '_config.yml', config[:found.start()] + f'{found.group(1)}suppress_warnings: [{names}]'
           + config[found.end():])


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding='utf-8') != text:
        path.write_text(text, encoding='utf-8')


def _walk(entries):
    for entry in entries:
        yield entry
        yield from _walk(entry.get('sections', []))
