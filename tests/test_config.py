"""One place says where the course is published: _config.yml. Everything else must agree."""
import re

import yaml

from conftest import ROOT

CONFIG = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))


def test_labs_install_the_course_package_from_the_configured_repository():
    url = CONFIG['repository']['url'].rstrip('/')
    for lab in (ROOT / 'labs').glob('*.md'):
        for found in re.findall(r'git\+(https://github\.com/[\w.-]+/[\w.-]+)', lab.read_text(encoding='utf-8')):
            assert found == url, f'{lab.name} installs from {found}, _config.yml says {url}: run `python scripts/refresh.py`'


def test_config_executes_with_errors_raised_and_cache():
    assert CONFIG['execute']['execute_notebooks'] == 'cache'
    assert 'allow_errors' not in CONFIG['execute']
    assert CONFIG['sphinx']['config']['nb_execution_raise_on_error'] is True
    assert CONFIG['only_build_toc_files'] is True


COLAB_CELL_MARK = "# No Colab (botão do foguete), a aula precisa do repositório do curso"


def test_lessons_fetch_the_configured_repository_when_opened_in_colab():
    """Each lesson's first cell clones the course repository in Colab (figures, quizzes)."""
    url = CONFIG['repository']['url'].rstrip('/')
    first_cells = set()
    for lesson in (ROOT / 'lessons').glob('*.md'):
        text = lesson.read_text(encoding='utf-8')
        cell = text[text.index('```{code-cell}'):]
        cell = cell[:cell.index('\n```\n')]
        assert COLAB_CELL_MARK in cell, f'{lesson.name}: the first cell is not the Colab set-up'
        assert f"'{url}'" in cell, \
            f'{lesson.name} clones another repository than _config.yml says: run `python scripts/refresh.py`'
        first_cells.add(cell)
    assert len(first_cells) == 1, 'the lessons\' Colab set-up cells differ'


def test_labs_link_back_to_the_lessons_on_the_published_site():
    """Absolute links (they work inside Colab), on the site derived from _config.yml."""
    from course.site import pages_url
    site = pages_url(CONFIG['repository']['url'])
    for lab in (ROOT / 'labs').glob('*.md'):
        text = lab.read_text(encoding='utf-8')
        assert '](../lessons/' not in text, f'{lab.name}: relative link to a lesson: run `python scripts/refresh.py`'
        for link in re.findall(r'\]\((https://[^)]+/lessons/[^)]+)\)', text):
            assert link.startswith(site + 'lessons/'), f'{lab.name}: {link}: run `python scripts/refresh.py`'
            page = link[len(site):].split('#')[0].replace('.html', '.md')
            assert (ROOT / page).is_file(), f'{lab.name} links to {page}, which does not exist'


def test_publishing_workflow_deploys_the_built_site():
    workflow = yaml.safe_load((ROOT / '.github' / 'workflows' / 'pages.yml').read_text(encoding='utf-8'))
    text = (ROOT / '.github' / 'workflows' / 'pages.yml').read_text(encoding='utf-8')
    assert 'actions/upload-pages-artifact' in text and 'actions/deploy-pages' in text
    assert 'bash .ci/run' in text and 'jupyter-book build' in text   # CI's own steps: tests/test_workflow.py
    assert '_build/html' in text
    assert workflow[True]['push']['branches'] == [CONFIG['repository']['branch']]
