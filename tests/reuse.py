"""A result reused while what it was computed from is unchanged: the digests and the records that
``tests/nbval_reuse.py`` (a lesson notebook run by nbval) and ``tests/audits.py`` (a browser visit of
a built page) keep under ``_build/``, as the execution cache keeps a lesson's run.

A record holds the result and the key it was computed under; it is reused only when the key
computed now is the same, byte for byte. A key is made of digests of the files themselves (not
their dates), of the Python environment (every installed distribution and its version, the
interpreter) and of the code that computes the result. Nothing is reused in a clean clone: it has
no ``_build/``. ``pytest --fresh`` (or ``COURSE_FRESH=1``) computes everything again and writes
the records anew.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRESH = 'COURSE_FRESH'           # set by ``--fresh`` (conftest.py) for the workers too


def fresh() -> bool:
    return os.environ.get(FRESH, '') not in ('', '0')


_FILES: dict[tuple, str] = {}
on_read = None        # tests/result_reuse.py: a digest is a read of the file, also when it is kept


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes ('missing' when there is none); kept per process while the file's
    size and modification time stay the same."""
    if on_read is not None:
        on_read(path)
    try:
        stat = path.stat()
    except FileNotFoundError:
        return 'missing'
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key not in _FILES:
        _FILES[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _FILES[key]


def tree_files(folder: Path, suffixes: tuple[str, ...] = ()) -> list[Path]:
    """The files under ``folder`` (sorted; compiled Python and editors' leftovers aside)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob('*') if p.is_file() and '__pycache__' not in p.parts
                  and not p.name.endswith(('~', '.swp', '.pyc')) and (not suffixes or p.suffix in suffixes))


def digest(items) -> str:
    """One sha256 of a JSON-able value (a key's parts)."""
    return hashlib.sha256(json.dumps(items, sort_keys=True, ensure_ascii=False).encode('utf-8')).hexdigest()


def files_digest(paths, root: Path = ROOT) -> dict[str, str]:
    """{path relative to ``root`` (or absolute outside it): digest} of each file."""
    out = {}
    for path in paths:
        path = Path(path)
        try:
            name = str(path.relative_to(root))
        except ValueError:
            name = str(path)
        out[name] = file_digest(path)
    return out


@lru_cache(maxsize=None)
def environment() -> str:
    """The interpreter and every installed distribution with its version (the requirements as
    installed, not as written), as one digest."""
    from importlib import metadata
    dists = sorted({f'{d.metadata["Name"]}=={d.version}' for d in metadata.distributions() if d.metadata['Name']})
    return digest([sys.version, platform.machine(), dists])


def read(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding='utf-8'))
    except (FileNotFoundError, ValueError):
        return None


def write(path: Path, record: dict) -> None:
    """Written whole or not at all (another process may read it meanwhile)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f'.{path.name}.{os.getpid()}.tmp')
    tmp.write_text(json.dumps(record, ensure_ascii=False, sort_keys=True), encoding='utf-8')
    tmp.replace(path)
