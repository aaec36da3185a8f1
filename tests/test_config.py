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
