"""Measure what an instructor waits for and what a student downloads.

    python scripts/benchmark.py                # lessons alone, clean build, cached rebuild, page weights
    python scripts/benchmark.py --tests        # ... and the whole test suite
    python scripts/benchmark.py --no-build     # page weights of the site already in _build/html
    python scripts/benchmark.py --readme       # ... and write them into MANUTENCAO.md (--guide)

Page weights (scripts/pageweight.py, the measurement the budget test uses, on the visits of
tests/audits.py: a page already weighed by the test run is not visited again): per page, the bytes
and requests of a first visit (empty cache) and of a visit right after the home page, in
Chromium, as GitHub Pages serves the site (gzip) and as a server that does not compress does.
Prints Markdown tables; ``--readme`` (or ``--guide``) writes the page table into the
maintainer's guide, MANUTENCAO.md ("Peso das páginas e Lighthouse"), where scripts/lighthouse.py
adds the scores, and with ``--tests`` the timings into its "Construir e testar" (the file that
holds each block: scripts/readme_table.py). Not a test: timings depend on the machine; they are
here to be compared from one change to the next.
"""
import argparse
import datetime
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / 'scripts'))
sys.path.insert(0, str(ROOT / 'tests'))          # tests/audits.py: the visits that weigh each page
from conftest import CHROMIUM, JUPYTER_BOOK, TEST_ARGS, toc_pages  # noqa: E402
from course.fmt import num  # noqa: E402
import pageweight  # noqa: E402
import readme_table  # noqa: E402

BUILD = [str(JUPYTER_BOOK), 'build', str(ROOT), '-W', '-n', '--keep-going']
HTML = ROOT / '_build' / 'html'


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def pure_execution():
    """Seconds to execute every lesson notebook, one after another, outside Sphinx: what a
    clean build cannot go below (issue 31 compares the build with it)."""
    import nbformat
    from nbclient import NotebookClient
    from course.toc import lesson_pages
    start = time.perf_counter()
    for page in lesson_pages():
        path = ROOT / f'{page}.ipynb'
        notebook = nbformat.read(path, as_version=4)
        NotebookClient(notebook, timeout=600, kernel_name='python3',
                       resources={'metadata': {'path': str(path.parent)}}).execute()
    return time.perf_counter() - start


def kb(n):
    return f'{num(n / 1000, 0)} kB'


# the views of tests/audits.py that weigh a page: (server, first visit or after the home page)
WEIGHT_VIEWS = {('gzip', 'first'): 'desktop', ('gzip', 'after'): 'desktop-after-home',
                ('plain', 'first'): 'desktop-plain', ('plain', 'after'): 'desktop-plain-after-home'}


def page_weights(html_dir=HTML):
    """{page: {'gzip': (first, after_home), 'plain': (first, after_home)}}, each a
    ``pageweight.Visit``: the records of tests/audits.py, the visits the budget test judges (made
    now if the test run did not leave them, or left them for another build of the site)."""
    import audits
    from playwright.sync_api import sync_playwright
    if Path(html_dir) != audits.HTML:
        raise SystemExit(f'the audits read {audits.HTML}, not {html_dir}')
    results = {}
    with sync_playwright() as p:
        browsers = []

        def browser():
            if not browsers:
                browsers.append(p.chromium.launch(executable_path=CHROMIUM, args=TEST_ARGS))
            return browsers[0]
        auditor = audits.Auditor(browser)
        try:
            for name in toc_pages():
                results[name] = {}
                for how in ('gzip', 'plain'):
                    pair = []
                    for when in ('first', 'after'):
                        w = auditor.get(name, WEIGHT_VIEWS[how, when])['weight']
                        pair.append(pageweight.Visit(bytes=w['bytes'], requests=w['requests'], by_url=w['by_url'],
                                                     elements=w['elements']))
                    results[name][how] = tuple(pair)
                print(f'  {name}: {kb(results[name]["gzip"][0].bytes)}', file=sys.stderr, flush=True)
        finally:
            auditor.close()
            for b in browsers:
                b.close()
    print(f'  ({len(auditor.made)} visits made, {len(auditor.reused)} reused from _build/audits/)', file=sys.stderr)
    return results


def weight_cells(results):
    cells = {}
    for name, r in results.items():
        (gz_first, gz_after), (pl_first, pl_after) = r['gzip'], r['plain']
        cells[name] = {'1ª visita': kb(gz_first.bytes), 'depois da inicial': kb(gz_after.bytes),
                       '1ª visita, sem compressão': kb(pl_first.bytes),
                       'depois da inicial, sem compressão': kb(pl_after.bytes),
                       'pedidos': f'{gz_first.requests} / {gz_after.requests}'}
    return cells


def chromium_version():
    out = subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout
    found = re.search(r'\d+(\.\d+)+', out)
    return found.group(0) if found else '?'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--tests', action='store_true', help='also time the whole test suite')
    parser.add_argument('--no-build', action='store_true', help='measure the site already built')
    parser.add_argument('--readme', '--guide', dest='readme', action='store_true',
                        help='write the page table (and the timings) into MANUTENCAO.md')
    args = parser.parse_args()
    timings = []
    if not args.no_build:
        shutil.rmtree(ROOT / '_build', ignore_errors=True)
        print('| medida | valor |\n|---|---|', flush=True)
        timings.append(f'| as aulas executadas uma a uma, fora do Sphinx | {pure_execution():.0f} s |')
        print(timings[-1], flush=True)
        timings.append(f'| construção do zero (executa todas as aulas) | {timed(BUILD):.0f} s |')
        print(timings[-1], flush=True)
        timings.append(f'| reconstrução sem mudanças (jupyter-cache) | {timed(BUILD):.0f} s |')
        print(timings[-1], flush=True)
        if args.tests:
            start = time.perf_counter()
            result = subprocess.run([sys.executable, '-m', 'pytest', '-q', '-p', 'no:warnings'],
                                    cwd=ROOT, capture_output=True, text=True)
            seconds = time.perf_counter() - start
            summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else '?'
            timings.append(f'| suíte de testes (`pytest`: {summary.strip("= ")}) | {seconds:.0f} s |')
            print(timings[-1], flush=True)
            if result.returncode != 0:
                print(result.stdout[-5000:], file=sys.stderr)
                sys.exit('pytest falhou: os números acima não valem')
    budget = pageweight.budget()['page_weight']
    cells = weight_cells(page_weights())
    print('\n| página | ' + ' | '.join(readme_table.COLUMNS[1:6]) + ' |\n|---|' + '---:|' * 5)
    for name, row in cells.items():
        print(f'| {name} | ' + ' | '.join(row[c] for c in readme_table.COLUMNS[1:6]) + ' |')
    if args.readme:
        note = (f'Medido por `python scripts/benchmark.py --readme` em '
                f'{datetime.date.today():%d/%m/%Y} (Chromium {chromium_version()}, Python '
                f'{platform.python_version()}); notas do Lighthouse por '
                f'`python scripts/lighthouse.py --readme` (celular, mediana de 3). Orçamento '
                f'(`budget.yml`): {kb(budget["first_visit"])} na 1ª visita (gzip; '
                f'{kb(budget["first_visit_uncompressed"])} sem compressão), '
                f'{kb(budget["after_home"])} depois da página inicial. "Pedidos": 1ª visita / '
                f'depois da inicial.')
        readme_table.update(cells, note)
        if timings:
            readme_table.write_block('benchmark', f'Medição de {datetime.date.today():%d/%m/%Y}, '
                                     f'Python {platform.python_version()}:\n\n'
                                     '| medida | valor |\n|---|---|\n' + '\n'.join(timings))
        print(f'\n{readme_table.holder(readme_table.START).name} atualizado.')


if __name__ == '__main__':
    main()
