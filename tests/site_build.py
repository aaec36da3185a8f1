"""The book built once per test run, shared by every pytest process of the run.

``pytest`` runs in several processes (pytest-xdist, ``-n auto``; ``conftest.py`` says how many). The controller
starts the build in the background when the run is the whole suite (``start``), so that the
notebooks and the tests that do not read the site run while the book builds; the ``site``
fixture of each process then waits for it (``build``: the lock is taken after the builder's). In any other run (a few files, ``-n 0``)
the first process that needs the site builds it and the others wait for that one. Either way
the build happens once: a file lock (``_build/.site-build/lock``) is held while building, and
the result (return code and log) is written to ``<run>.json`` under the same folder, named by
the run's id (``COURSE_SITE_RUN``, set by the controller and inherited by the workers).

    python tests/site_build.py RUN      # what the background process runs
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

from filelock import FileLock

ROOT = Path(__file__).resolve().parents[1]
BUILD_DIR = ROOT / '_build' / 'html'
STATE = ROOT / '_build' / '.site-build'
LOCK = STATE / 'lock'
RUN = 'COURSE_SITE_RUN'
BACKGROUND = 'COURSE_SITE_BACKGROUND'      # the run's id, when its controller started the build in the background
JUPYTER_BOOK = Path(sys.executable).parent / 'jupyter-book'   # the CLI of this environment
COMMAND = [str(JUPYTER_BOOK), 'build', str(ROOT), '-W', '-n', '--keep-going']


KERNEL_DIED = 'Kernel died before replying to kernel_info'    # jupyter_client's words for it


def port_taken(log: str) -> bool:
    """The build stopped because a lesson's kernel died at its start: jupyter_client gives a new
    kernel ports it found free and closed again, and another process of the run (nbval's kernels,
    Chromium's connections) can take one before the kernel binds it. No code of the lesson ran:
    the build is run once more, and the lessons already executed come from the execution cache."""
    return KERNEL_DIED in log and 'ZMQError: Address already in use' in log


def retries() -> list[str]:
    """What this run's build retried, for the run's summary (tests/retry_report.py)."""
    done = _result_file(os.environ[RUN]) if RUN in os.environ else None
    if done is None or not done.exists():
        return []
    return json.loads(done.read_text(encoding='utf-8')).get('retried', [])


EXECUTED = re.compile(r'^(/\S+?\.(?:md|ipynb)): Executed notebook in [\d.]+ seconds', re.M)   # myst-nb's words


def executed_in(log: str) -> list[str]:
    """The pages the build executed (not taken from the execution cache), relative to the book."""
    out = []
    for path in EXECUTED.findall(log):
        try:
            out.append(str(Path(path).relative_to(ROOT)))
        except ValueError:
            continue
    return out


def this_runs_result() -> dict | None:
    """The result of this run's build once it is done (waiting for it), or None when this run has
    not started one in the background."""
    if os.environ.get(BACKGROUND) != os.environ.get(RUN) or RUN not in os.environ:
        return None
    return build(os.environ[RUN])


def run_id() -> str:
    """This run's id: the controller's, or a new one for a process on its own."""
    return os.environ.setdefault(RUN, uuid.uuid4().hex[:12])


def _result_file(run: str) -> Path:
    return STATE / f'{run}.json'


def build(run: str) -> dict:
    """Build the book (under the lock, once per run) and return {'returncode', 'log', 'seconds'}."""
    STATE.mkdir(parents=True, exist_ok=True)
    with FileLock(str(LOCK)):
        return _build_holding_the_lock(run)


def _build_holding_the_lock(run: str) -> dict:
    done = _result_file(run)
    if done.exists():                           # another process of this run built it
        return json.loads(done.read_text(encoding='utf-8'))
    for old in STATE.glob('*.json'):            # results of earlier runs
        old.unlink()
    (BUILD_DIR / 'intro.html').unlink(missing_ok=True)   # a build that writes nothing cannot pass
    started = time.monotonic()
    retried = []
    while True:
        proc = subprocess.run(COMMAND, cwd=ROOT, capture_output=True, text=True)
        log = proc.stdout + proc.stderr
        if proc.returncode == 0 or retried or not port_taken(log):
            break
        # said in the run's summary (tests/retry_report.py), never silent
        retried.append('the book\'s build: a kernel could not bind the port it was given (taken by '
                       'another process meanwhile), built again from the execution cache')
    result = {'returncode': proc.returncode, 'log': log, 'retried': retried,
              'seconds': round(time.monotonic() - started, 1), 'executed': executed_in(log)}
    tmp = done.with_suffix('.tmp')
    tmp.write_text(json.dumps(result), encoding='utf-8')
    tmp.replace(done)
    return result


def start(run: str) -> subprocess.Popen:
    """Start ``build(run)`` in a background process; return once it holds the lock, so that a
    process asking for the site afterwards waits for this build instead of starting its own."""
    STATE.mkdir(parents=True, exist_ok=True)
    holding = STATE / f'{run}.started'
    holding.unlink(missing_ok=True)
    proc = subprocess.Popen([sys.executable, __file__, run], cwd=ROOT, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while not holding.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc


def _background(run: str) -> None:
    STATE.mkdir(parents=True, exist_ok=True)
    holding = STATE / f'{run}.started'
    with FileLock(str(LOCK)):
        holding.write_text(str(os.getpid()))
        try:
            _build_holding_the_lock(run)
        finally:
            holding.unlink(missing_ok=True)


if __name__ == '__main__':
    _background(sys.argv[1])
