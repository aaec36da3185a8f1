"""scripts/new_lesson.py: a lesson made from the template builds and passes the tests unchanged.

The template is run in a temporary copy of the repository (the execution cache is copied too, so
only the new lesson executes), the copy's book is built with warnings as errors, and the copy's
fast tests run on it."""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import JUPYTER_BOOK, ROOT

pytestmark = pytest.mark.slow      # the built site, a browser or a notebook run

IGNORE = shutil.ignore_patterns('.venv', '.git', '__pycache__', '*.egg-info', 'html', 'jupyter_execute',
                                '.pytest_cache')


@pytest.fixture
def copy(tmp_path, site):
    target = tmp_path / 'curso'
    shutil.copytree(ROOT, target, ignore=IGNORE)
    return target


def test_new_lesson_template_builds(copy):
    env = dict(os.environ, PYTHONPATH=str(copy))
    made = subprocess.run([sys.executable, 'scripts/new_lesson.py', 'exemplo-novo', 'Uma aula nova'],
                          cwd=copy, env=env, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stdout + made.stderr
    for path in ('lessons/exemplo-novo.md', 'lessons/exemplo-novo.ipynb', 'quiz/exemplo-novo.yml',
                 'labs/exemplo-novo.md', 'labs/exemplo-novo.ipynb', 'course/lesson_values/exemplo-novo.json',
                 'course/confira_texts/exemplo-novo.yml'):
        assert (copy / path).is_file(), path
    toc = (copy / '_toc.yml').read_text(encoding='utf-8')
    assert 'lessons/exemplo-novo' in toc and 'labs/exemplo-novo' in toc
    built = subprocess.run([str(JUPYTER_BOOK), 'build', str(copy), '-W', '-n', '--keep-going'],
                           cwd=copy, env=env, capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    page = (copy / '_build' / 'html' / 'lessons' / 'exemplo-novo.html').read_text(encoding='utf-8')
    assert 'Uma aula nova' in page and 'cq-quiz' in page
    lab = (copy / '_build' / 'html' / 'labs' / 'exemplo-novo.html').read_text(encoding='utf-8')
    assert 'confira-caixa' in lab and 'Confira (Experimento 1):' in lab, 'the new lab\'s note is not on its page'
    tests = subprocess.run([sys.executable, '-m', 'pytest', '-m', 'not slow', '-q', '-p', 'no:cacheprovider'],
                           cwd=copy, env=env, capture_output=True, text=True, timeout=900)
    assert tests.returncode == 0, tests.stdout[-6000:]
