"""The course's browser files on the site: one cached file each instead of a copy in every output.

An explorable or a quiz inlines what it needs (``course/runtime.py``: each file of
``course/static/`` in its own ``<style>``/``<script data-course-asset="...">``), so that a notebook
output works alone in Jupyter and Colab. On the site the same copies would be downloaded again
with every page (≈ 40 kB a page). Here:

- ``course/static/*`` is served as ``_static/course/*`` (a static path of the build, so Sphinx
  copies it before the pages are written and versions what the pages link);
- the stylesheets are registered for every page (``app.add_css_file``), so they join
  ``_static/site.css`` (``page_head``) with the theme's;
- a post-transform rewrites the notebook outputs in the doctree (their ``raw`` HTML nodes): an
  inlined stylesheet goes, an inlined script becomes ``<script src=".../_static/course/<file>">``
  the first time the page uses it and goes after that. The page gets the current files of
  ``course/static`` even when jupyter-cache kept an output made with older copies.
"""
from __future__ import annotations

import re
import shutil
import sys
import zlib
from pathlib import Path

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from course import runtime  # noqa: E402  (the contract shared with the notebook outputs)

FOLDER = 'course'            # _static/course/
MARKED = re.compile(rf'<(style|script) {runtime.ATTRIBUTE}="([\w.-]+)">.*?</\1>\n?', re.S)


def version(path: Path) -> str:
    """The file's checksum, as Sphinx versions the files it links (``?v=...``)."""
    content = path.read_bytes().replace(b'\r', b'')
    return f'{zlib.crc32(content):08x}'


def loaded_by(body: str, name: str) -> bool:
    """Whether a page's body (``html-page-context``) already loads ``course/static/<name>``."""
    return f'_static/{FOLDER}/{name}' in body


class ShareCourseFiles(SphinxPostTransform):
    """Inlined course files in notebook outputs -> one ``<script src>`` per file and page."""
    default_priority = 800
    formats = ('html',)

    def run(self, **kwargs):
        seen: set[str] = set()
        page = self.app.builder.get_target_uri(self.env.docname)
        for node in list(self.document.findall(nodes.raw)):
            if 'html' not in node.get('format', '').split() or runtime.ATTRIBUTE not in node.astext():
                continue

            def shared(match):
                tag, name = match.groups()
                if tag == 'style' or name in seen:
                    return ''
                seen.add(name)
                src = relative_uri(page, f'_static/{FOLDER}/{name}')
                return f'<script src="{src}?v={version(runtime.STATIC / name)}"></script>'
            text = MARKED.sub(shared, node.astext())
            node.replace_self(nodes.raw(text, text, format='html'))


def _static_folder(app, config):
    """course/static/* copied into a folder Sphinx serves as _static/course/."""
    import page_assets
    folder = page_assets.static_folder(app, 'course-assets')
    app.course_assets_folder = folder
    (folder / FOLDER).mkdir()
    for name in runtime.files():
        shutil.copy(runtime.STATIC / name, folder / FOLDER / name)
    config.html_static_path = list(config.html_static_path) + [str(folder)]



def setup(app):
    app.connect('config-inited', _static_folder)
    for name in runtime.files():
        if name.endswith('.css'):
            # every page: bundled into _static/site.css, after the theme's and the site's own
            app.add_css_file(f'{FOLDER}/{name}', priority=900)
    app.add_post_transform(ShareCourseFiles)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
