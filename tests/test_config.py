"""One place says where the course is published: _config.yml. Everything else must agree."""
import re

import yaml

from conftest import ROOT

CONFIG = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))


def test_labs_install_the_course_package_from_the_configured_repository():
    url = CONFIG['repository']['url'].rstrip('/')
    for lab in (ROOT / 'labs').glob('*.md'):
        for found in re.findall(r'git\+(https://github\.com/[\w.-]+/[\w.-]+)', lab.read_text(encoding='utf-8')):
            assert found == url, f'{lab.name} installs from {found}, _config.yml says {url}'


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
        assert f"'{url}'" in cell, f'{lesson.name} clones another repository than _config.yml says'
        first_cells.add(cell)
    assert len(first_cells) == 1, 'the lessons\' Colab set-up cells differ'
