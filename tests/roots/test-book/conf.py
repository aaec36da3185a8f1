"""A small Jupyter Book for the tests of the course's extensions (tests/test_ext_*.py).

Its configuration is the course's own ``_config.yml`` read by Jupyter Book's own code (what
``jupyter-book config sphinx`` writes as a conf.py), on the few pages of this folder. Only what
points at the course's files changes: they are given as absolute paths, since sphinx.testing
builds a copy of this folder elsewhere, and notebooks are not executed (the pages have no code).
"""
import sys
from pathlib import Path

from jupyter_book.config import get_final_config

import course

ROOT = Path(course.__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent

_config, _ = get_final_config(user_yaml=ROOT / '_config.yml', sourcedir=HERE,
                              cli_config={'external_toc_path': '_toc.yml',
                                          'latex_individualpages': False})
_config.update(
    nb_execution_mode='off',
    html_favicon=str(ROOT / '_static' / 'favicon.svg'),
    html_static_path=_config['html_static_path'] + [str(ROOT / '_static')],
    # Jupyter Book puts every stylesheet of the book's own _static/ on every page; the course's
    # is not under this folder, so it is named here, or a phone's header would overflow
    html_css_files=_config.get('html_css_files', []) + ['course.css'],
    locale_dirs=[str(ROOT / 'locales')],
    page_descriptions_file='descriptions.yml',
)
globals().update(_config)

# Nothing runs here (nb_execution_mode off), so no page has glue: the numeric Preveja of aula.md
# takes its answer from this table (_ext/preveja.py reads a box's answer with _glue_text); any
# other key is looked up as a real glue.
if str(ROOT / '_ext') not in sys.path:
    sys.path.insert(0, str(ROOT / '_ext'))
import preveja  # noqa: E402

GLUE = {'teste_mulheres': '117', 'teste_faltam': '83'}
_glue_text = preveja._glue_text
preveja._glue_text = lambda document, key: GLUE[key] if key in GLUE else _glue_text(document, key)
