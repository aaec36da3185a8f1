"""Build only some pages of the course, fast: a small book kept in ``_build/small/``.

    python scripts/small_build.py lessons/custo lessons/custo-caso-raro labs/custo
    python scripts/small_build.py custo            # a lesson: every part of it (course/toc.py)

The course is copied into ``_build/small/book`` (only the files that changed since the last run;
the first run also takes this checkout's execution cache), its ``_toc.yml`` is cut to the pages
asked for plus the home page, the glossary and "Meu progresso" (tests/small_book.py), and it is
built there with warnings as errors, incrementally: Sphinx reads again only what changed, and the
execution cache runs only the parts whose code changed. The pages are in
``_build/small/book/_build/html``. References into pages left out are not warnings in the small
book; ``jupyter-book build .`` (the whole book) checks them.
"""
from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / 'tests'))
sys.path.insert(0, str(ROOT))
import small_book  # noqa: E402

from course import toc  # noqa: E402

BOOK = ROOT / '_build' / 'small' / 'book'
ALWAYS = ['intro', 'glossario', 'progresso']
SKIP_DIRS = {'.venv', '.git', '__pycache__', '_build', 'node_modules', '.pytest_cache', 'build'}


def sync(source: Path, target: Path) -> int:
    """Mirror ``source`` into ``target`` (files that differ are copied, files gone are removed),
    leaving ``_toc.yml``/``_config.yml`` to ``small_book.keep``. Returns how many files changed."""
    changed = 0
    seen = set()
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.endswith('.egg-info')]
        rel = Path(folder).relative_to(source)
        (target / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            if rel == Path('.') and name in ('_toc.yml', '_config.yml'):
                seen.add(rel / name)
                continue
            seen.add(rel / name)
            src, dst = Path(folder) / name, target / rel / name
            if not dst.exists() or not filecmp.cmp(src, dst, shallow=False):
                shutil.copy2(src, dst)
                changed += 1
    for folder, dirs, files in os.walk(target):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.endswith('.egg-info')]
        rel = Path(folder).relative_to(target)
        for name in files:
            if rel / name not in seen:
                (target / rel / name).unlink()
                changed += 1
    return changed


def pages_for(names: list[str]) -> list[str]:
    lessons = {x.name: list(x.parts) for x in toc.lessons(ROOT)}
    out = []
    for name in names:
        for page in lessons.get(name, [name]):
            if page not in out:
                out.append(page)
    return out


def main(argv=None) -> int:
    names = sys.argv[1:] if argv is None else argv
    if not names:
        print(__doc__)
        return 2
    started = time.monotonic()
    first = not BOOK.exists()
    BOOK.mkdir(parents=True, exist_ok=True)
    changed = sync(ROOT, BOOK)
    if not (BOOK / 'node_modules').exists():
        (BOOK / 'node_modules').symlink_to(ROOT / 'node_modules', target_is_directory=True)
    cache = ROOT / '_build' / '.jupyter_cache'
    if first and cache.is_dir() and not (BOOK / '_build' / '.jupyter_cache').exists():
        shutil.copytree(cache, BOOK / '_build' / '.jupyter_cache')
    small_book.keep(BOOK, ALWAYS + pages_for(names), source=ROOT)
    jupyter_book = Path(sys.executable).parent / 'jupyter-book'
    built = subprocess.run([str(jupyter_book), 'build', str(BOOK), '-W', '-n', '--keep-going'],
                           cwd=BOOK, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if built.returncode != 0:
        print(built.stdout[-6000:] + built.stderr[-3000:])
        print(f'\nFAILED in {seconds:.0f} s')
        return 1
    print(f'built {len(pages_for(names))} page(s) in {seconds:.0f} s ({changed} file(s) synced): '
          f'{BOOK / "_build" / "html"}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
