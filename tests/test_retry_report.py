"""A lab retried after a widget stall (nbclient#312) is said at the end of the run, also when
pytest-xdist ran it in another process (the README's ``pytest`` runs in two)."""
import subprocess
import sys

import retry_report

from conftest import ROOT

LAB = '''
import pytest

def test_a_lab(record_property):
    record_property({key!r}, 'labs/roc.ipynb: CellTimeoutError on the first run, retried')

def test_another():
    pass
'''


def run(tmp_path, *args):
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    (tmp_path / 'test_lab.py').write_text(LAB.format(key=retry_report.KEY))
    return subprocess.run([sys.executable, '-m', 'pytest', '-p', 'retry_report', '-p', 'no:cacheprovider',
                           *args, 'test_lab.py'], cwd=tmp_path, capture_output=True, text=True,
                          env={'PYTHONPATH': str(ROOT / 'tests'), 'PATH': '/usr/bin:/bin'})


def test_the_retry_reaches_the_summary_from_an_xdist_worker(tmp_path):
    result = run(tmp_path, '-n', '2')
    assert result.returncode == 0, result.stdout + result.stderr
    assert retry_report.TITLE in result.stdout
    assert 'labs/roc.ipynb: CellTimeoutError on the first run, retried' in result.stdout


def test_a_run_without_retries_says_nothing_of_them(tmp_path):
    result = run(tmp_path, '-n', '0', '-k', 'another')
    assert result.returncode == 0, result.stdout + result.stderr
    assert retry_report.TITLE not in result.stdout
