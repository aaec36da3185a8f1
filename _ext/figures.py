"""Figures as lossless WebP, in the render that fits the screen and the colour mode, loaded when
the reader gets near them, enlarged with a tap; and a build that fails when a figure vanishes.

- **WebP.** matplotlib's PNGs become lossless WebP (the same pixels, ≈ 60 % fewer bytes; a
  phone render's pixels in a palette of ``PHONE_COLOURS`` colours, for a phone's data plan); each
  ``<img>`` gets its ``width`` and ``height`` (nothing jumps while figures load:
  ``_static/course.css`` keeps ``height: auto`` when the theme narrows them) and
  ``loading="lazy" decoding="async"``.
- **Renders.** A figure of the course comes in four renders (``course/figstyle.py``): desktop,
  phone, and the dark mode's of both. While the site is built, the kernels that execute the
  lessons have ``COURSE_SITE_RENDERS`` in their environment (set here), and each figure output
  carries its other three renders in its metadata. The image of the page is the desktop render;
  myst-nb reads an output's metadata only for a width and a height, so its ``render_image`` is
  wrapped: the renders are written next to the image (``jupyter_execute/<image>-<render>.png``)
  and noted on its node. They are written as
  ``<picture>`` sources: the phone render for a screen narrower than
  ``figstyle.PHONE_WIDER_THAN`` px, the dark renders with ``media="not all"`` and their query in
  ``data-dark``, which ``_static/figures.js`` swaps in while the theme's ``data-theme`` is
  ``dark`` (a ``<picture>`` cannot see that attribute, and the student can toggle the mode at any
  time). Only the render a screen shows is downloaded.
- **Tap to enlarge.** Each figure (every PNG made a WebP) is a link to its image; ``_static/figures.js`` opens the render
  on screen full size in a dialog instead (pinch zoom, closed by a tap, Esc or the close button;
  focus returns to the figure); without script the link opens the image itself.
- **Figures never vanish.** When a page is read, every code cell that declares a figure (myst-nb
  ``image`` or ``figure`` metadata, or a ``%run ../figures/<script>.py``) must have shown an
  image: otherwise the build stops, naming the page, the cell and its first line of code (a
  figure shown only by ipykernel's inline backend disappears where ``MPLBACKEND=Agg`` is set).

Hooks: ``config-inited`` sets the kernels' environment; myst-nb's ``render_image`` is wrapped
(no hook reads an output's metadata); ``doctree-read`` checks the figure cells;
a post-transform on the page's image nodes, when the page is about to be written, converts the
PNGs (once; again only when the PNG is newer), points the node at the WebP, registers the WebPs
with the environment's and the builder's images (Sphinx copies them to ``_images/``) and notes
the renders on the node; the HTML visitor of images is wrapped: after Sphinx's own it adds
``width``, ``height`` and ``decoding`` to the ``<img>`` it wrote (docutils writes a size only as
a ``style``, which would fix the height when the theme narrows a figure) and puts the
``<picture>`` and the link around it. ``figures.js`` is loaded only by pages with a figure
(``_ext/page_assets.py``); ``figures.css`` is site-wide (``site.css``).
"""
from __future__ import annotations

import base64
import functools
import os
import posixpath
import re
from html import escape
from pathlib import Path
from urllib.parse import quote

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.transforms.post_transforms import SphinxPostTransform

from course import figstyle

SIZE = 'webp_size'          # (width, height) of the WebP, for the visitor
RENDER_FILES = 'course_render_files'   # {render name: PNG written by myst-nb's renderer}
RENDERS = 'course_renders'  # {render name: (WebP path, width, height)}, for the visitor
PHONE_QUERY = f'(max-width: {figstyle.PHONE_WIDER_THAN - 0.02}px)'
# The phone renders' palette: a figure's flat colours and their anti-aliased edges fit in it
# with no visible change, and the phone downloads 20-25 % fewer bytes for them (what keeps the
# ROC lesson within the page-weight budget on a phone, tests/test_figures_site.py)
PHONE_COLOURS = 128
FIGURE_RUN = re.compile(r'%run\s+\.\./figures/[\w-]+\.py')
SCRIPT = 'figures.js'


def webp_of(png: Path, folder: Path, name: str | None = None,
            colours: int | None = None) -> tuple[Path, int, int]:
    """The lossless WebP of ``png`` in ``folder`` (made when missing or older) and its size;
    with ``colours``, of its pixels reduced to a palette of that many colours first."""
    from PIL import Image
    webp = folder / ((name or png.stem) + '.webp')
    if not webp.is_file() or webp.stat().st_mtime < png.stat().st_mtime:
        folder.mkdir(parents=True, exist_ok=True)
        with Image.open(png) as image:
            if colours:
                image = image.convert('RGB').quantize(colours, method=Image.Quantize.MEDIANCUT,
                                                      dither=Image.Dither.NONE)
            # method 6 is 13x slower for 0,3 % fewer bytes
            image.save(webp, format='WEBP', lossless=True, quality=100, method=4)
    with Image.open(webp) as image:
        width, height = image.size
    return webp, width, height


# ----------------------------------------------------------------------------- the renders

def keep_renders(render_image):
    """Wrap myst-nb's ``NbElementRenderer.render_image``: a figure output's other renders (its
    metadata, ``course.figstyle.show``) are written next to its image and noted on its node."""
    @functools.wraps(render_image)
    def wrapper(self, data):
        made = render_image(self, data)
        renders = (data.output_metadata.get(figstyle.METADATA) or {}).get('renders')
        if renders and made and isinstance(made[0], nodes.image):
            stem = Path(made[0]['uri']).stem        # myst-nb names it by the SHA-256 of its bytes
            files = {}
            for name, png in renders.items():
                content = base64.b64decode(png)
                # the desktop image (the name) can stay the same while a render changes
                # (course/figstyle.py): an older file of that name is replaced
                old = Path(self.config.output_folder, f'{stem}-{name}.png')
                stale = old.is_file() and old.read_bytes() != content
                files[name] = self.write_file([old.name], content, overwrite=stale, exists_ok=True)
            made[0][RENDER_FILES] = files
        return made
    wrapper.keeps_renders = True
    return wrapper


class WebPFigures(SphinxPostTransform):
    default_priority = 300     # after Sphinx's image converters (200)
    formats = ('html',)

    def run(self, **kwargs):
        folder = Path(self.app.doctreedir) / 'webp'
        for node in self.document.findall(nodes.image):
            uri = node['uri']
            if '://' in uri or not uri.lower().endswith('.png'):
                continue
            png = Path(self.app.srcdir, uri)
            if not png.is_file():
                continue
            webp, width, height = webp_of(png, folder)
            self.env.images.add_file(self.env.docname, str(webp))
            node['uri'] = str(webp)
            node['candidates'] = {'*': str(webp)}
            node['loading'] = 'lazy'
            node[SIZE] = (width, height)
            if RENDER_FILES in node:
                node[RENDERS] = self.write_renders(node[RENDER_FILES], folder)
                if 'dark' in node[RENDERS]:
                    # pydata-sphinx-theme dims a dark page's images and frames them in a light
                    # box unless they are "dark-light" (made for both modes): this one is
                    node['classes'] = node.get('classes', []) + ['dark-light']

    def write_renders(self, files: dict, folder: Path) -> dict:
        """Each render as a WebP registered for copying to ``_images/``."""
        written = {}
        for name, uri in files.items():
            # myst-nb's path is the source folder's, written from its root ('/_build/...')
            webp, width, height = webp_of(Path(self.app.srcdir, uri.lstrip('/')), folder,
                                          colours=PHONE_COLOURS if name.startswith('phone') else None)
            # the builder copies what its images map holds (the page's image nodes are added
            # to it when the page is written; these renders have no node of their own)
            self.app.builder.images[str(webp)] = self.env.images.add_file(self.env.docname,
                                                                           str(webp))
            written[name] = (str(webp), width, height)
        return written


# ----------------------------------------------------------------------------- HTML

def _uri(translator, path) -> str:
    return posixpath.join(translator.builder.imgpath, quote(translator.builder.images[path]))


def _source(translator, render, media, dark=False) -> str:
    path, width, height = render
    media_attrs = f'media="not all" data-dark="{media}"' if dark else f'media="{media}"'
    return (f'<source {media_attrs} srcset="{_uri(translator, path)}" width="{width}" '
            f'height="{height}">')


def visit_image(self, node):
    start = len(self.body)
    type(self).visit_image(self, node)
    if SIZE not in node:
        return
    width, height = node[SIZE]
    for i in range(start, len(self.body)):
        if self.body[i].startswith('<img '):
            self.body[i] = (f'<img width="{width}" height="{height}" decoding="async" '
                            + self.body[i][len('<img '):])
            break
    renders = node.get(RENDERS, {})
    sources = [_source(self, renders[name], media, dark)
               for name, media, dark in (('phone-dark', PHONE_QUERY, True), ('dark', 'all', True),
                                         ('phone', PHONE_QUERY, False)) if name in renders]
    full = node['uri']          # Sphinx's visitor has made it the page's link to _images/
    self.body.insert(start, f'<a class="figure-zoom" href="{escape(full)}">'
                     f'<picture>{"".join(sources)}')
    self.body.append('</picture><span class="visually-hidden"> (ampliar a figura)</span></a>')


def depart_image(self, node):
    type(self).depart_image(self, node)


# ----------------------------------------------------------------------------- checks

def declares_figure(cell) -> bool:
    """A code cell that says it shows a figure: myst-nb image/figure options or a figure script."""
    metadata = cell.get('cell_metadata', {}) or {}
    options = metadata.get('mystnb', {}) or {}
    if 'image' in options or 'figure' in options:
        return True
    return any(FIGURE_RUN.search(block.astext()) for block in cell.findall(nodes.literal_block))


def check_figures_shown(app, doctree):
    """Stop the build when a cell that declares a figure shows none."""
    for cell in doctree.findall(nodes.container):
        if cell.get('nb_element') != 'cell_code' or not declares_figure(cell):
            continue
        if any(True for _ in cell.findall(nodes.image)):
            continue
        code = next((b.astext() for b in cell.findall(nodes.literal_block)), '')
        first = next((line for line in code.splitlines() if line.strip()), '')
        raise ExtensionError(
            f'{app.env.docname}: a célula {cell.get("cell_index") + 1} do notebook ("{first}") declara uma '
            'figura e não mostrou nenhuma imagem. Uma figura mostrada só pelo backend inline do '
            'ipykernel some onde MPLBACKEND=Agg está definido: mostre-a explicitamente '
            '(course.figstyle.publish, course.mpl_backend).')


# ----------------------------------------------------------------------------- setup

def _site_renders(app, config):
    # read by course.figstyle in the kernels that execute the lessons (they inherit it)
    os.environ[figstyle.SITE_RENDERS] = '1'
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, [SCRIPT])


def _page_assets(app, pagename, templatename, context, doctree):
    if 'class="figure-zoom"' in context.get('body', ''):
        app.add_js_file(SCRIPT)


def setup(app):
    from myst_nb.core.render import NbElementRenderer
    if not getattr(NbElementRenderer.render_image, 'keeps_renders', False):
        NbElementRenderer.render_image = keep_renders(NbElementRenderer.render_image)
    app.setup_extension('page_assets')
    app.connect('config-inited', _site_renders)
    app.connect('doctree-read', check_figures_shown)
    app.connect('html-page-context', _page_assets)
    app.add_post_transform(WebPFigures)
    app.add_node(nodes.image, override=True, html=(visit_image, depart_image))
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
