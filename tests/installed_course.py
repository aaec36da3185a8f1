"""The course package as Colab installs it (``pip install git+...``): a wheel, unpacked.

It is built from a copy of what the package is made of (``pyproject.toml``, ``course/``, ``quiz/``),
not from the checkout: setuptools writes its ``build/`` and ``*.egg-info`` folders beside the
sources, and a ``PKG-INFO`` rewritten in the checkout during a run made 75 tests whose record
holds it run again at the next one (tests/result_reuse.py).
"""
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import ROOT

SOURCES = ['pyproject.toml', 'course', 'quiz']


def unpacked_wheel(tmp_path: Path) -> Path:
    """The folder the wheel was unpacked into (what ``PYTHONPATH`` points at, as site-packages)."""
    source, wheel_dir, site_dir = tmp_path / 'source', tmp_path / 'wheel', tmp_path / 'site'
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns('__pycache__'))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    built = subprocess.run([sys.executable, '-m', 'pip', 'wheel', '-q', '--no-deps', '--no-build-isolation',
                            '-w', str(wheel_dir), str(source)], cwd=tmp_path, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    zipfile.ZipFile(next(wheel_dir.glob('*.whl'))).extractall(site_dir)
    return site_dir
