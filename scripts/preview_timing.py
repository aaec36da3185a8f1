"""How long the live preview (scripts/preview.py) takes from a save to the page in the browser.

    python scripts/preview_timing.py            # prints the times
    python scripts/preview_timing.py --readme   # ... and writes them into MANUTENCAO.md (--guide)

In a copy of the book in a temporary folder (the files git knows, the npm tools, the execution
cache of the last ``jupyter-book build``, so that nothing is executed before the first edit), it
starts the preview, opens a lesson in Chromium and, from the moment the file is saved to the
moment the reloaded page shows the edit, times

- a prose edit: a word added to a paragraph of the lesson (the lesson is not executed again);
- a code edit: a comment added to a code cell of the lesson (that lesson, and only it, is
  executed again; its page shows the new code).

The lesson is ``custo``, the page issue 31 names (``--lesson regressao``, the quickest to
execute, times a code edit with the least execution in it). Not a test (a timing
depends on the machine and on what else it runs);
tests/test_preview.py uses the same ``BookCopy`` and ``Preview`` to check that an edit is served.
``--readme`` (or ``--guide``) writes the table between ``<!-- preview -->`` and
``<!-- /preview -->`` in the maintainer's guide, MANUTENCAO.md ("Pré-visualizar enquanto
escreve"); the command itself is in the README.
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

LESSON = 'custo'
GUIDE = ROOT / 'MANUTENCAO.md'      # the maintainer's guide holds the <!-- preview --> table


def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class BookCopy:
    """The book in a temporary folder: what git knows of it (and the new files it does not
    ignore), a link to node_modules, and a copy of the execution cache. With ``folder``, a copy
    already made there (kept from one run to the next, its own ``_build/preview`` too): only the
    execution cache is copied again, so that the first start finds every lesson's current run."""

    def __init__(self, root: Path = ROOT, folder: Path | None = None):
        self.source = root
        self.tmp = None
        cache = root / '_build' / '.jupyter_cache'
        if folder is not None:
            self.root = folder
            shutil.rmtree(folder / '_build' / '.jupyter_cache', ignore_errors=True)
        else:
            self.tmp = tempfile.TemporaryDirectory(prefix='preview-')
            self.root = Path(self.tmp.name) / 'book'
            files = subprocess.run(['git', 'ls-files', '--cached', '--others', '--exclude-standard', '-z'],
                                   cwd=root, check=True, capture_output=True).stdout.decode().split('\0')
            for name in filter(None, files):
                source = root / name
                if source.is_file():
                    target = self.root / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, target)
            (self.root / 'node_modules').symlink_to((root / 'node_modules').resolve())
        if cache.is_dir():
            shutil.copytree(cache, self.root / '_build' / '.jupyter_cache')

    def edit(self, name: str, change) -> None:
        path = self.root / name
        path.write_text(change(path.read_text(encoding='utf-8')), encoding='utf-8')

    def close(self):
        if self.tmp:
            self.tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Preview:
    """``python scripts/preview.py`` running on a book folder, its output kept in ``log``."""

    def __init__(self, root: Path, port: int | None = None, timeout: float = 900):
        self.root = root
        self.port = port or free_port()
        self.url = f'http://127.0.0.1:{self.port}'
        self.log_path = root / '_build' / 'preview.log'
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        # the copy's course package first (the lessons' kernels import it), not the original's
        paths = [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep)
                 if p and Path(p).resolve() != ROOT]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root)] + paths),
                   PYTHONUNBUFFERED='1')
        self.process = subprocess.Popen(
            [sys.executable, str(root / 'scripts' / 'preview.py'), '--port', str(self.port)],
            cwd=root, env=env, stdout=self.log_path.open('w'), stderr=subprocess.STDOUT,
            start_new_session=True)
        self.wait_until_serving(timeout)

    @property
    def log(self) -> str:
        return self.log_path.read_text(encoding='utf-8', errors='replace')

    def builds(self) -> int:
        """How many builds have finished (sphinx-autobuild says where it serves after each)."""
        return self.log.count('Serving on')

    def wait_until_serving(self, timeout):
        """Until the first build is done and the server answers (it starts after the build)."""
        deadline = time.monotonic() + timeout
        while True:
            if self.builds():
                try:
                    with urllib.request.urlopen(f'{self.url}/intro.html', timeout=10) as answer:
                        if answer.status == 200:
                            return
                except OSError:
                    pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError('the preview did not start:\n' + self.log[-4000:])
            time.sleep(0.5)

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)     # its own session: the server and its builds
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def add_to_prose(marker: str):
    """A word at the end of the first line of prose after the lesson's title (outside code cells
    and directives)."""
    def change(text):
        lines = text.split('\n')
        fence, titled = None, False
        for k, line in enumerate(lines):
            opening = re.match(r'(`{3,}|:{3,})', line)
            if fence:
                if line.strip() == fence:
                    fence = None
                continue
            if opening and line.strip() != opening.group(1):
                fence = opening.group(1)
                continue
            if line.startswith('# '):
                titled = True
            elif titled and re.match(r'[A-ZÀ-Úa-zà-ú]', line) and len(line) > 40:
                lines[k] += f' {marker}'
                return '\n'.join(lines)
        raise ValueError('no line of prose found')
    return change


def add_to_code(marker: str):
    """A comment as the first line of the lesson's first code cell that the page shows."""
    def change(text):
        cells = list(re.finditer(r'^```\{code-cell\}[^\n]*\n((?::[^\n]*\n)*)', text, re.M))
        shown = next(c for c in cells if 'remove-' not in c.group(1) and 'hide-' not in c.group(1))
        at = shown.end() + (1 if shown.group(1) else 0)   # after the options' blank line
        return text[:at] + f'# {marker}\n' + text[at:]
    return change


def time_edit(page, preview: Preview, book: BookCopy, name: str, change, marker: str,
              timeout: float = 600) -> float:
    """Seconds from saving the edit to the reloaded page showing ``marker``."""
    page.goto(f'{preview.url}/{name.removesuffix(".md")}.html', wait_until='load')
    page.wait_for_timeout(500)                        # the page's websocket is open
    start = time.monotonic()
    book.edit(name, change)
    deadline = start + timeout
    while time.monotonic() < deadline:
        with page.expect_event('load', timeout=(deadline - time.monotonic()) * 1000):
            pass                                      # the preview reloads the page after a build
        if marker in page.content():
            return time.monotonic() - start
    raise TimeoutError(f'{marker} not shown after {timeout} s')


def measure(port: int | None = None, lesson: str = LESSON) -> dict:
    from playwright.sync_api import sync_playwright
    results = {'load': os.getloadavg()[0]}
    with BookCopy() as book, Preview(book.root, port) as preview, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        name = f'lessons/{lesson}.md'
        before = preview.log.count('Executing notebook')
        results['prose'] = time_edit(page, preview, book, name, add_to_prose('PROSAMEDIDA'),
                                     'PROSAMEDIDA')
        results['prose_executed'] = preview.log.count('Executing notebook') - before
        before = preview.log.count('Executing notebook')
        results['code'] = time_edit(page, preview, book, name, add_to_code('CODIGOMEDIDO'),
                                    'CODIGOMEDIDO')
        results['code_executed'] = preview.log.count('Executing notebook') - before
        executed = re.findall(r'(\S+\.md): Executing notebook', preview.log)
        results['code_executed_lessons'] = sorted({Path(x).stem for x in executed})
        browser.close()
    results['load'] = max(results['load'], os.getloadavg()[0])
    results['lesson'] = lesson
    return results


def readme_block(results: dict) -> str:
    today = datetime.date.today().strftime('%d/%m/%Y')
    seconds = lambda x: f'{x:.1f}'.replace('.', ',') + ' s'   # noqa: E731
    load = f'{results["load"]:.1f}'.replace('.', ',')
    return (f'Medido por `python scripts/preview_timing.py --readme` em {today} (Python '
            f'{platform.python_version()}, {os.cpu_count()} núcleos, carga da máquina {load}), na '
            f'aula `{results["lesson"]}`, do momento em que o arquivo é salvo até a página recarregada no '
            'navegador mostrar a mudança:\n\n'
            '| edição | tempo | aulas executadas de novo |\n|---|---:|---|\n'
            f'| uma palavra no texto | {seconds(results["prose"])} | nenhuma |\n'
            f'| um comentário numa célula de código | {seconds(results["code"])} | '
            f'{", ".join(results["code_executed_lessons"]) or "nenhuma"} |\n')


def write_readme(block: str):
    """Replace the ``<!-- preview -->`` table of MANUTENCAO.md with ``block``."""
    text = GUIDE.read_text(encoding='utf-8')
    new = re.sub(r'(<!-- preview -->\n).*?(<!-- /preview -->)', lambda m: m.group(1) + block + m.group(2),
                 text, flags=re.S)
    if new == text and block not in text:
        raise SystemExit(f'{GUIDE.name} has no <!-- preview --> ... <!-- /preview --> block')
    GUIDE.write_text(new, encoding='utf-8')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--readme', '--guide', dest='readme', action='store_true',
                        help='write the times into MANUTENCAO.md')
    parser.add_argument('--port', type=int)
    parser.add_argument('--lesson', default=LESSON, help=f'a page of lessons/ (default: {LESSON})')
    args = parser.parse_args()
    results = measure(args.port, args.lesson)
    print(results)
    block = readme_block(results)
    print(block)
    if args.readme:
        write_readme(block)


if __name__ == '__main__':
    main()
