"""A lab retried after a widget stall (nbclient#312) is said at the end of the run, also when
pytest-xdist ran it in another process (the README's ``pytest`` runs in two)."""
import subprocess
import sys

import pytest
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


def test_a_build_whose_kernel_lost_its_port_is_retried_and_a_lessons_error_is_not(tmp_path, monkeypatch):
    import site_build
    died = ('zmq.error.ZMQError: Address already in use (addr=\'tcp://127.0.0.1:33589\')\n'
            'RuntimeError: Kernel died before replying to kernel_info\n')
    assert site_build.port_taken(died)
    assert not site_build.port_taken('ValueError: y contains 3 classes\nExecuting notebook failed')
    assert not site_build.port_taken('OSError: [Errno 98] Address already in use\nExecuting notebook failed')
    monkeypatch.setattr(site_build, 'STATE', tmp_path)
    monkeypatch.setenv(site_build.RUN, 'abc')
    assert site_build.retries() == []
    (tmp_path / 'abc.json').write_text('{"returncode": 0, "log": "", "retried": ["the book\'s build: ..."]}')
    assert site_build.retries() == ["the book's build: ..."]


NOTEBOOK = '''
import nbval.kernel
import nbval_retry
import pytest
from site_build import KERNEL_DIED

starts = []


def dies_once(*args, **kwargs):
    starts.append(1)
    if len(starts) == 1:
        raise RuntimeError(KERNEL_DIED)
    return 'manager', 'client'


nbval_retry._start = dies_once


@pytest.fixture
def kernel():                      # nbval starts its kernel in the set-up of a notebook's first cell
    return nbval.kernel.start_new_kernel()


def test_cell_0(kernel):
    assert kernel == ('manager', 'client') and len(starts) == 2
'''


def test_an_nbval_kernel_that_died_at_once_is_started_again_and_said(tmp_path):
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    (tmp_path / 'test_nb.py').write_text(NOTEBOOK)
    result = subprocess.run([sys.executable, '-m', 'pytest', '-p', 'retry_report', '-p', 'nbval_retry',
                             '-p', 'no:cacheprovider', '-n', '2', 'test_nb.py'], cwd=tmp_path, capture_output=True,
                            text=True, env={'PYTHONPATH': str(ROOT / 'tests'), 'PATH': '/usr/bin:/bin'})
    assert result.returncode == 0, result.stdout + result.stderr
    assert retry_report.TITLE in result.stdout
    assert 'test_nb.py::test_cell_0: its kernel died before replying' in result.stdout


def test_an_nbval_kernel_that_fails_otherwise_is_not_started_again(monkeypatch):
    import nbval.kernel
    import nbval_retry
    starts = []

    def fails(*args, **kwargs):
        starts.append(1)
        raise RuntimeError('Kernel info reqest timed out')
    monkeypatch.setattr(nbval_retry, '_start', fails)
    with pytest.raises(RuntimeError, match='timed out'):
        nbval.kernel.start_new_kernel()
    assert starts == [1]
