"""Measure what an instructor waits for and what a student downloads.

    python scripts/benchmark.py            # clean build, cached rebuild, page weights
    python scripts/benchmark.py --tests    # ... and the whole test suite

Prints a Markdown table (paste the latest into the README, "Desempenho"). Not a test: the
numbers depend on the machine; they are here to be compared from one change to the next.
"""
import argparse
import http.server
import shutil
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from conftest import CHROMIUM, CHROMIUM_ARGS, JUPYTER_BOOK, toc_pages  # noqa: E402
from course.fmt import num  # noqa: E402

BUILD = [str(JUPYTER_BOOK), 'build', str(ROOT), '-W', '-n', '--keep-going']


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def page_weights(html_dir):
    """Bytes each page makes the browser download (HTML, scripts, styles, images, fonts)."""
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), partial(Quiet, directory=str(html_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f'http://127.0.0.1:{server.server_address[1]}'
    weights = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for page_name in toc_pages():
            page = browser.new_page()
            finished = []
            page.on('requestfinished', lambda request: finished.append(request))
            page.goto(f'{base}/{page_name}.html', wait_until='networkidle')
            sizes = [r.sizes()['responseBodySize'] for r in finished]
            weights[page_name] = (sum(sizes), len(sizes))
            page.close()
        browser.close()
    server.shutdown()
    return weights


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--tests', action='store_true', help='also time the whole test suite')
    args = parser.parse_args()
    shutil.rmtree(ROOT / '_build', ignore_errors=True)
    print('| medida | valor |\n|---|---|', flush=True)
    print(f'| construção do zero (executa todas as aulas) | {timed(BUILD):.0f} s |', flush=True)
    print(f'| reconstrução sem mudanças (jupyter-cache) | {timed(BUILD):.0f} s |', flush=True)
    if args.tests:
        seconds = timed([sys.executable, '-m', 'pytest', '-q'])
        print(f'| suíte de testes (`pytest`) | {seconds:.0f} s |', flush=True)
    print('\n| página | download | pedidos |\n|---|---:|---:|')
    for name, (size, count) in page_weights(ROOT / '_build' / 'html').items():
        print(f'| {name} | {num(size / 1024, 0)} kB | {count} |')


if __name__ == '__main__':
    main()
