"""Every figure script runs on its own and writes its figure."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPTS = sorted(p for p in (ROOT / 'figures').glob('*.py') if not p.name.startswith('_'))


def test_there_are_figure_scripts():
    assert SCRIPTS


@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.name)
def test_figure_script_runs_alone(script, tmp_path):
    env = dict(os.environ, FIGURE_DIR=str(tmp_path), MPLBACKEND='Agg')
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    written = tmp_path / (script.stem + '.png')
    assert written.is_file() and written.stat().st_size > 5_000


@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.name)
def test_figure_is_linked_from_a_page(script):
    pages = [p.read_text(encoding='utf-8') for p in ROOT.glob('lessons/*.md')]
    assert any(f'../figures/{script.name}' in page for page in pages), \
        f'no lesson shows {script.name} with its "script da figura" link'
