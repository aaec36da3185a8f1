"""A small Jupyter Book whose notebook page is executed, for tests/test_figures_agg.py: the
course's figures must be on the page whatever matplotlib backend the environment selects
(the test builds it with ``MPLBACKEND=Agg`` exported).

Its configuration is the course's own ``_config.yml`` read by Jupyter Book's own code, as in
``tests/roots/test-book``, with the notebooks executed on every build (no cache).
"""
from pathlib import Path

from jupyter_book.config import get_final_config

import course

ROOT = Path(course.__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent

_config, _ = get_final_config(user_yaml=ROOT / '_config.yml', sourcedir=HERE,
                              cli_config={'external_toc_path': '_toc.yml',
                                          'latex_individualpages': False})
_config.update(
    nb_execution_mode='force',
    html_favicon=str(ROOT / '_static' / 'favicon.svg'),
    html_static_path=_config.get('html_static_path', []) + [str(ROOT / '_static')],
    locale_dirs=[str(ROOT / 'locales')],
    page_descriptions_file='descriptions.yml',
)
globals().update(_config)
