"""Bring every derived copy up to date after an edit: one command, then the tests.

    python scripts/refresh.py               # the lessons that changed
    python scripts/refresh.py custo         # this lesson (re-executed even if unchanged)
    python scripts/refresh.py --all         # every lesson
    python scripts/refresh.py custo --accept   # ... and accept its departures from the seeds

What it does, in order:

1. **Address**: writes ``repository.url``/``branch`` of ``_config.yml`` into every copy that must
   hold it because it runs far from the repository: ``course/site.py`` (the package, for Colab),
   each lab's install cell and its links back to the lessons (absolute addresses of the published
   site, so they work inside Colab), and each lesson's hidden Colab set-up cell.
2. **Copies**: a hidden cell that opens with ``# copy of the code at the end of the lesson, up to
   `LINE` ...`` gets the lesson's visible code cell again, up to that line; ``# copy of the code in
   <part>.md, up to `LINE` ...`` takes it from another part (a part re-creates the data it needs
   from the one cell that holds it).
3. **Lessons**: a lesson is a chapter of ``_toc.yml`` (``course/toc.py``), one or more parts, each
   its own notebook. Re-executes each changed part (its ``.md`` code differs from the paired
   ``.ipynb``'s, or its values are not shipped yet; a change of text or of the Colab set-up cell
   only is copied into the ``.ipynb`` without executing) in a fresh kernel, or takes the outputs of the
   build's run of that very code from its execution cache (``_build/.jupyter_cache``; a part named on
   the command line, or ``--all``, always runs; its own runs are not left there: the build's run
   also makes the figures' renders); stores the outputs in the paired ``.ipynb`` (never
   ``jupytext --sync``: it keeps old outputs under new code), writes the
   glued values of all the lesson's parts to ``course/lesson_values/<lesson>.json`` (what the labs'
   quizzes and Confira notes read),
   and re-pairs the labs (``.ipynb`` without outputs).
4. **Seeds**: lists every printed output that now differs from the seeds' printed output
   (``seeds/outputs.json``, per lesson: any of its parts may print it). ``--accept`` records those departures in ``seeds/accepted.json``,
   the one file the seed test (``tests/test_seed_outputs.py``) reads; without it the seed test
   keeps failing and says which cell departs.

A lesson that raises is reported once: file, cell, exception.
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import json
import re
import sys
import time
from pathlib import Path

import jupytext
import nbformat
import yaml

from course import toc
from course.site import pages_url  # GitHub Pages' rule, one copy (the function reads no constant)

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / 'lessons'
LABS = ROOT / 'labs'
VALUES = ROOT / 'course' / 'lesson_values'
SEED_OUTPUTS = ROOT / 'seeds' / 'outputs.json'
CACHE = ROOT / '_build' / '.jupyter_cache'      # the build's execution cache (myst-nb's jupyter-cache)
ACCEPTED = ROOT / 'seeds' / 'accepted.json'
COMMAND = 'python scripts/refresh.py'
COPY_MARK = re.compile(r'^# copy of the code (?:at the end of the lesson|in ([\w-]+\.md)), up to `([^`]+)`.*$', re.M)
HIDDEN = ('remove-cell', 'remove-input', 'remove-output', 'nbval-ignore-output')


# ----------------------------------------------------------------------------- the address

def config():
    return yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))


def repository():
    repo = config()['repository']
    return repo['url'].rstrip('/'), repo.get('branch', 'main')


def _write_if_changed(path, text, changed):
    if path.read_text(encoding='utf-8') != text:
        path.write_text(text, encoding='utf-8')
        changed.append(path)


def write_address():
    """Every copy of the repository address; returns the files it changed."""
    url, branch = repository()
    site = pages_url(url)
    changed = []
    path = ROOT / 'course' / 'site.py'
    text = path.read_text(encoding='utf-8')
    text = re.sub(r"^REPOSITORY = '.*'$", f"REPOSITORY = '{url}'", text, flags=re.M)
    text = re.sub(r"^BRANCH = '.*'$", f"BRANCH = '{branch}'", text, flags=re.M)
    _write_if_changed(path, text, changed)
    for lab in sorted(LABS.glob('*.md')):
        text = lab.read_text(encoding='utf-8')
        text = re.sub(r'git\+https://github\.com/[\w.-]+/[\w.-]+', f'git+{url}', text)
        # links back to the lessons: absolute, on the published site (they work inside Colab)
        text = re.sub(r'\]\(\.\./lessons/([\w-]+)\.md(#[\w-]+)?\)', lambda m: f']({site}lessons/{m.group(1)}.html{m.group(2) or ""})', text)
        text = re.sub(r'\]\(https://[\w.-]+\.github\.io/[\w.-]+/lessons/', f']({site}lessons/', text)
        _write_if_changed(lab, text, changed)
    for lesson in sorted(LESSONS.glob('*.md')):
        text = lesson.read_text(encoding='utf-8')
        text = re.sub(r"'https://github\.com/[\w.-]+/[\w.-]+', '/content/curso'",
                      f"'{url}', '/content/curso'", text)
        _write_if_changed(lesson, text, changed)
    return changed


# ----------------------------------------------------------------------------- copies

def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == 'code']


def visible(cell):
    return not set(cell.metadata.get('tags', [])) & {'remove-cell', 'remove-input'}


def write_copies():
    """Hidden copies of a lesson's visible code; returns the lessons it changed."""
    changed = []
    for md in sorted(LESSONS.glob('*.md')):
        text = md.read_text(encoding='utf-8')
        new = text
        for match in COPY_MARK.finditer(text):
            origin, until = md.parent / (match.group(1) or md.name), match.group(2)
            source = next((c.source for c in code_cells(jupytext.read(origin))
                           if visible(c) and until in c.source), None) if origin.exists() else None
            if source is None:
                raise SystemExit(f'{md.relative_to(ROOT)}: no visible code cell of {origin.name} contains `{until}`')
            wanted = source[:source.index(until) + len(until)]
            start = match.end() + 1
            end = text.index(until, start) + len(until)
            new = new.replace(text[start:end], wanted, 1)
        if new != text:
            md.write_text(new, encoding='utf-8')
            changed.append(md)
    return changed


# ----------------------------------------------------------------------------- lessons

def lesson_of(md) -> str:
    """The lesson a part belongs to (its chapter in _toc.yml); a page outside the table of contents
    is a lesson of its own. Values and seed outputs are the lesson's: the union of its parts'."""
    found = toc.lesson_of(f'lessons/{md.stem}', ROOT)
    return found.name if found else md.stem


def parts_of(lesson: str) -> list[Path]:
    found = next((x for x in toc.lessons(ROOT) if x.name == lesson), None)
    return [ROOT / f'{p}.md' for p in found.parts] if found else [LESSONS / f'{lesson}.md']


def stored(md):
    """The part's executed notebook, as the last refresh stored it (None before the first)."""
    ipynb = md.with_suffix('.ipynb')
    return nbformat.read(ipynb, as_version=4) if ipynb.exists() else None


def cells_of(nb):
    return [(c.cell_type, c.source.strip(), tuple(c.metadata.get('tags', []))) for c in nb.cells]


def is_changed(md):
    ipynb = md.with_suffix('.ipynb')
    if not ipynb.exists() or not (VALUES / f'{lesson_of(md)}.json').exists():
        return True
    return cells_of(jupytext.read(md)) != cells_of(jupytext.read(ipynb))


COLAB_MARK = '# No Colab (botão do foguete)'


def patch_without_executing(md):
    """When the .md differs from its .ipynb only in text (markdown cells) or in the hidden Colab
    set-up cell (which prints nothing), copy those sources into the .ipynb and keep its outputs:
    no need to execute again. Returns True when the pair is then in sync."""
    ipynb = md.with_suffix('.ipynb')
    if not ipynb.exists() or not (VALUES / f'{lesson_of(md)}.json').exists():
        return False
    text, stored = jupytext.read(md), jupytext.read(ipynb)
    if len(text.cells) != len(stored.cells):
        return False
    for new, old in zip(text.cells, stored.cells):
        if (new.cell_type, tuple(new.metadata.get('tags', []))) != (old.cell_type, tuple(old.metadata.get('tags', []))):
            return False
        if new.source.strip() == old.source.strip():
            continue
        if new.cell_type == 'code' and not (COLAB_MARK in new.source and COLAB_MARK in old.source and not old.get('outputs')):
            return False
    for new, old in zip(text.cells, stored.cells):
        old.source = new.source
        old.metadata = new.metadata
    jupytext.write(stored, ipynb, fmt='ipynb')
    return True


def coalesce(outputs):
    """Consecutive stream outputs of one name as one output (as nbconvert stores them)."""
    out = []
    for o in outputs:
        if out and o.output_type == 'stream' and out[-1].output_type == 'stream' \
                and out[-1].name == o.name:
            out[-1].text += o.text
        else:
            out.append(o)
    return out


def keep_ids(nb, md):
    """The stored notebook's cell ids on ``nb`` when it has as many cells (jupytext gives a .md's
    cells new random ids at each read), else ids from each cell's place and source: the same run
    of the same code stores the same file, and the tests that read it are not run again."""
    before = stored(md)
    if before is not None and len(before.cells) == len(nb.cells):
        ids = [c.get('id') for c in before.cells]
    else:
        ids = [hashlib.sha256(f'{k}:{c.source}'.encode()).hexdigest()[:8] for k, c in enumerate(nb.cells)]
    for cell, cell_id in zip(nb.cells, ids):
        if cell_id:
            cell['id'] = cell_id


class LessonFailed(Exception):
    pass


def as_the_build_reads(md):
    """The part's notebook as the build executes it, the execution cache's key: its code with the
    digest of what else the page shows in its first cell (_ext/lesson_inputs.py)."""
    sys.path.insert(0, str(ROOT / '_ext'))
    import lesson_inputs
    text = md.read_text(encoding='utf-8')
    digest = lesson_inputs.digest(lesson_inputs.inputs_of(text))
    return jupytext.reads(lesson_inputs.with_digest(text, digest), fmt='md:myst')


def from_the_build(md):
    """The part with the outputs of the build's run of this very code (its execution cache), or None."""
    from jupyter_cache import get_cache
    if not (CACHE / 'global.db').is_file():
        return None
    try:
        _, ran = get_cache(CACHE).merge_match_into_notebook(as_the_build_reads(md))
    except KeyError:
        return None
    nb = jupytext.read(md)
    if len(code_cells(nb)) != len(code_cells(ran)):
        return None
    for cell, done in zip(code_cells(nb), code_cells(ran)):
        cell.outputs = coalesce(done.outputs)
        cell.execution_count = done.get('execution_count')
    return nb


def execute(md):
    """The lesson executed in a fresh kernel (its folder as working directory). No times in the
    cells' metadata: the same code stores the same file."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    nb = jupytext.read(md)
    client = NotebookClient(nb, timeout=600, kernel_name='python3', record_timing=False,
                            resources={'metadata': {'path': str(md.parent)}})
    try:
        client.execute()
    except CellExecutionError as error:
        index = next((i for i, c in enumerate(nb.cells) if c.cell_type == 'code'
                      and any(o.output_type == 'error' for o in c.get('outputs', []))), None)
        cell = nb.cells[index] if index is not None else None
        err = next((o for o in (cell.outputs if cell else []) if o.output_type == 'error'), None)
        where = f'cell {index + 1}, starting "{cell.source.splitlines()[0][:70]}"' if cell else 'a cell'
        what = f'{err.ename}: {err.evalue}' if err else str(error).splitlines()[-1]
        raise LessonFailed(f'{md.relative_to(ROOT)}, {where}: {what}') from None
    for cell in code_cells(nb):
        cell.outputs = coalesce(cell.outputs)
    return nb


def glued_values(nb):
    """{name: text} of the notebook's glued strings (myst-nb scrapbook outputs)."""
    out = {}
    for cell in code_cells(nb):
        for o in cell.get('outputs', []):
            scrap = o.get('metadata', {}).get('scrapbook')
            if not scrap:
                continue
            plain = o.get('data', {}).get(scrap.get('mime_prefix', '') + 'text/plain')
            try:
                value = ast.literal_eval(''.join(plain) if isinstance(plain, list) else plain or '')
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str):
                out[scrap['name']] = value
    return out


def write_values(lesson):
    """``course/lesson_values/<lesson>.json``: the glued strings of every part of the lesson."""
    values = {}
    for md in parts_of(lesson):
        nb = stored(md)
        if nb is not None:
            values.update(glued_values(nb))
    VALUES.mkdir(exist_ok=True)
    path = VALUES / f'{lesson}.json'
    path.write_text(json.dumps(values, ensure_ascii=False, indent=1, sort_keys=True) + '\n', encoding='utf-8')
    return path


SEED_TAG = 'seed'    # a seed's cell kept hidden on a lesson page (a lab's step: its home is the lab)


def printed(nb):
    """The stdout of each visible code cell (and of each hidden ``seed`` cell), in order:
    [(first line of source, text)]."""
    out = []
    for cell in code_cells(nb):
        tags = cell.metadata.get('tags', [])
        if not (visible(cell) or SEED_TAG in tags) or 'nbval-ignore-output' in tags:
            continue
        text = ''.join(o.text for o in cell.get('outputs', [])
                       if o.output_type == 'stream' and o.name == 'stdout')
        if text:
            out.append((cell.source.strip().splitlines()[0], text))
    return out


def sync_labs():
    """Labs: the .ipynb is the .md without outputs (they must not spoil a prediction)."""
    changed = []
    for md in sorted(LABS.glob('*.md')):
        ipynb = md.with_suffix('.ipynb')
        nb = jupytext.read(md)
        if ipynb.exists() and cells_of(nb) == cells_of(jupytext.read(ipynb)):
            continue
        jupytext.write(nb, ipynb, fmt='ipynb')
        changed.append(ipynb)
    return changed


# ----------------------------------------------------------------------------- seeds

def load_json(path, default):
    return json.loads(path.read_text(encoding='utf-8')) if path.exists() else default


def printed_by(lesson):
    """[(first line of source, text)] of every part of the lesson, as stored."""
    return [x for md in parts_of(lesson) if stored(md) is not None for x in printed(stored(md))]


def departures(lesson):
    """[(cell, seed output, output now)] for each seed output the lesson (any of its parts, as
    stored) no longer prints."""
    seeds = load_json(SEED_OUTPUTS, {}).get(lesson, [])
    now = printed_by(lesson)
    texts = [t for _, t in now]
    found = []
    for k, entry in enumerate(seeds):
        if entry['output'] in texts:
            continue
        if len(now) == len(seeds):           # same printing cells: pair them by position
            same_cell = [now[k][1]]
        else:
            same_cell = [t for first, t in now if first == entry['cell']]
        found.append({'lesson': lesson, 'cell': entry['cell'], 'seed': entry['output'],
                      'now': same_cell[0] if same_cell else ''})
    return found


def show_departure(d):
    import difflib
    diff = '\n'.join(difflib.unified_diff(d['seed'].splitlines(), d['now'].splitlines(),
                                          'seed', 'now', lineterm='', n=0))
    return f"  lessons/{d['lesson']}.md, cell \"{d['cell'][:70]}\":\n" + \
        '\n'.join('    ' + line for line in diff.splitlines())


def already_accepted(d, known):
    """The entry of ``seeds/accepted.json`` that still accepts departure ``d``: same lesson and seed
    output, and an output the lesson still prints (the seed test's rule); None if there is none."""
    texts = [t for _, t in printed_by(d['lesson'])]
    return next((a for a in known if a['lesson'] == d['lesson'] and a['seed'] == d['seed'] and a['now'] in texts),
                None)


def accept(found_by_lesson):
    known = load_json(ACCEPTED, [])
    accepted = [a for a in known if a['lesson'] not in found_by_lesson]
    for found in found_by_lesson.values():
        # an entry still valid stays as it was (a departure whose cell cannot be paired has no "now")
        accepted += [already_accepted(d, known) or d for d in found]
    ACCEPTED.parent.mkdir(exist_ok=True)
    ACCEPTED.write_text(json.dumps(accepted, ensure_ascii=False, indent=1) + '\n', encoding='utf-8')


# ----------------------------------------------------------------------------- main

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('lessons', nargs='*', help='lessons (every part: the chapters of _toc.yml) or parts '
                        '(lessons/<name>.md); default: the changed ones')
    parser.add_argument('--all', action='store_true', help='re-execute every lesson')
    parser.add_argument('--accept', action='store_true',
                        help='record the departures from the seeds in seeds/accepted.json')
    args = parser.parse_args(argv)
    started = time.time()

    for path in write_address():
        print(f'address written: {path.relative_to(ROOT)}')
    copied = write_copies()
    for path in copied:
        print(f'copy refreshed: {path.relative_to(ROOT)}')

    all_lessons = sorted(LESSONS.glob('*.md'))
    if args.all:
        todo = all_lessons
    elif args.lessons:
        todo = []
        for name in args.lessons:      # a lesson (every part of it) or one part
            found = [md for md in parts_of(name) if md.exists()] or [LESSONS / f'{name}.md']
            if not all(md.exists() for md in found):
                parser.error(f'no lesson or part lessons/{name}.md')
            todo += [md for md in found if md not in todo]
    else:
        todo = [md for md in all_lessons if md in copied or is_changed(md)]
        patched = [md for md in todo if md not in copied and patch_without_executing(md)]
        for md in patched:
            print(f'text or Colab set-up cell copied into {md.with_suffix(".ipynb").relative_to(ROOT)} (outputs kept)')
        todo = [md for md in todo if md not in patched]

    found_by_lesson, failed = {}, []
    for md in todo:
        t0 = time.time()
        # a part named, or every part (--all), runs again; a changed one takes the build's run of its code
        nb = None if args.all or args.lessons else from_the_build(md)
        how = "taken from the build's run of this code" if nb is not None else 'executed'
        try:
            nb = nb or execute(md)
        except LessonFailed as error:
            failed.append(str(error))
            print(f'FAILED {error}')
            continue
        keep_ids(nb, md)
        jupytext.write(nb, md.with_suffix('.ipynb'), fmt='ipynb')
        lesson = lesson_of(md)
        write_values(lesson)
        found_by_lesson[lesson] = departures(lesson)
        print(f'{how}: lessons/{md.name} in {time.time() - t0:.0f} s; outputs stored in '
              f'{md.with_suffix(".ipynb").relative_to(ROOT)}, values in course/lesson_values/{lesson}.json')
    for path in sync_labs():
        print(f'lab re-paired: {path.relative_to(ROOT)}')

    known = load_json(ACCEPTED, [])
    pending = {k: [d for d in v if already_accepted(d, known) is None] for k, v in found_by_lesson.items()}
    pending = {k: v for k, v in pending.items() if v}
    if pending:
        print('\nOutputs that now differ from the seeds\' printed outputs:')
        for found in pending.values():
            for d in found:
                print(show_departure(d))
    if args.accept:
        accept(found_by_lesson)
        if pending:
            print(f'\naccepted: recorded in {ACCEPTED.relative_to(ROOT)} (the seed test reads it)')
    elif pending:
        names = ' '.join(pending)
        print(f'\nIf these departures are what you meant, accept them: {COMMAND} {names} --accept')
    print(f'\ndone in {time.time() - started:.0f} s' + (f'; {len(failed)} lesson(s) failed' if failed else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
