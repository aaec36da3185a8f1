"""Lighthouse on every page of the built site, as a phone would load it.

    python scripts/lighthouse.py                    # every page of _toc.yml, 3 runs each
    python scripts/lighthouse.py --readme           # ... and write the scores into MANUTENCAO.md
    python scripts/lighthouse.py lessons/roc --runs 5
    python scripts/lighthouse.py --no-compression   # served as python -m http.server serves it

Lighthouse comes from npm (package.json; ``npm ci``) and drives Debian's Chromium, with its
default (mobile) preset: a mid-range phone, slow 4G simulated, a 4x slower CPU. The built site
(``_build/html``; build it first) is served locally as GitHub Pages serves it: text compressed
with gzip, ``Cache-Control: max-age=600``. Each category's score is the median of the runs
(Lighthouse's own advice: performance varies from run to run, more so on a busy machine).
Reports go to ``benchmark/results/lighthouse/`` (not in git). Exits with 1 when a page is below
the minimums of budget.yml, or its median run blocks longer or paints its largest text later than
budget.yml allows. The tests do not run it (about 30 s a run). ``--readme`` (or
``--guide``) writes the scores, LCP and TBT into the table of pages of the maintainer's guide, MANUTENCAO.md
("Peso das páginas e Lighthouse"; scripts/readme_table.py).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / 'scripts'))
import pageweight  # noqa: E402
import readme_table  # noqa: E402

from conftest import CHROMIUM, toc_pages  # noqa: E402

LIGHTHOUSE = ROOT / 'node_modules' / '.bin' / 'lighthouse'
REPORTS = ROOT / 'benchmark' / 'results' / 'lighthouse'
CATEGORIES = {'performance': 'desempenho', 'accessibility': 'acessibilidade',
              'best-practices': 'boas práticas', 'seo': 'SEO'}
CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking'
LIMITS = {'total-blocking-time': 1, 'largest-contentful-paint': 1000}   # budget.yml's unit: ms, s
METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time',
           'cumulative-layout-shift', 'speed-index']


def run_once(url, output):
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    subprocess.run([str(LIGHTHOUSE), url, '--quiet', f'--chrome-flags={CHROME_FLAGS}',
                    '--only-categories=' + ','.join(CATEGORIES), '--output=json',
                    f'--output-path={output}'], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    report = json.loads(output.read_text(encoding='utf-8'))
    scores = {k: round(report['categories'][k]['score'] * 100) for k in CATEGORIES}
    metrics = {k: report['audits'][k]['displayValue'] for k in METRICS}
    values = {k: report['audits'][k]['numericValue'] for k in LIMITS}     # ms
    failing = [f"{c}: {a}" for c in ('accessibility', 'best-practices', 'seo')
               for a in (r['id'] for r in report['categories'][c]['auditRefs'] if r['weight'])
               if (report['audits'][a]['score'] is not None and report['audits'][a]['score'] < 1)]
    return scores, metrics, failing, values


def _seconds(ms: float) -> str:
    """2134.5 ms as the guide writes it, to a tenth as Lighthouse shows it: "2,1 s"."""
    return f'{ms / 1000:.1f} s'.replace('.', ',')


def _ms(ms: float) -> str:
    """1234.5 ms as the guide writes it, to 10 ms as Lighthouse shows it: "1.230 ms"."""
    return f'{round(ms, -1):,.0f} ms'.replace(',', '.')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('pages', nargs='*', help='pages as in _toc.yml (default: all)')
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--readme', '--guide', dest='readme', action='store_true',
                        help='write the scores into the table of MANUTENCAO.md')
    parser.add_argument('--no-compression', action='store_true',
                        help='serve without compression (python -m http.server)')
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit('Lighthouse não está em node_modules: rode "npm ci" (README, "Os dois comandos")')
    html = ROOT / '_build' / 'html'
    if not (html / 'intro.html').is_file():
        sys.exit('Construa o site antes: jupyter-book build . -W -n --keep-going')
    minimum = pageweight.budget()['lighthouse']
    REPORTS.mkdir(parents=True, exist_ok=True)
    cells, below = {}, []
    print('| página | ' + ' | '.join(CATEGORIES.values()) + ' | FCP | LCP | TBT | CLS | SI |')
    print('|---|' + '---:|' * (len(CATEGORIES) + len(METRICS)))
    with pageweight.LocalSite(html, compress=not args.no_compression) as site:
        for name in args.pages or toc_pages():
            runs = []
            for k in range(args.runs):
                output = REPORTS / f'{name.replace("/", "--")}-{k + 1}.json'
                runs.append(run_once(f'{site.url}/{name}.html', output))
            median = {c: round(statistics.median(r[0][c] for r in runs)) for c in CATEGORIES}
            middle = sorted(runs, key=lambda r: r[0]['performance'])[len(runs) // 2]
            print(f'| {name} | ' + ' | '.join(str(median[c]) for c in CATEGORIES) + ' | '
                  + ' | '.join(middle[1][m] for m in METRICS) + ' |', flush=True)
            for metric, unit in LIMITS.items():
                if middle[3][metric] / unit > minimum[metric]:
                    below.append(f'{name}: {metric} {middle[1][metric]} > {minimum[metric]}')
            for c in CATEGORIES:
                if median[c] < minimum[c]:
                    below.append(f'{name}: {CATEGORIES[c]} {median[c]} < {minimum[c]} '
                                 f'{sorted(set(f for r in runs for f in r[2]))}')
            cells[name] = {CATEGORIES[c]: str(median[c]) for c in CATEGORIES}
            cells[name].update({'LCP': _seconds(middle[3]['largest-contentful-paint']),
                                'TBT': _ms(middle[3]['total-blocking-time'])})
    if args.readme:
        readme_table.update(cells)
        print(f'\n{readme_table.holder(readme_table.START).name} atualizado.')
    if below:
        print('\nAbaixo do mínimo de budget.yml:\n  ' + '\n  '.join(below))
        sys.exit(1)


if __name__ == '__main__':
    main()
