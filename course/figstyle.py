"""What every figure shares: its four renders, the style, pt-BR tick labels, how it is shown.

A script in ``figures/`` draws one figure in ``draw()``, decorated with ``@styled``, and ends with::

    if __name__ == '__main__':
        publish(draw, __file__)

**Renders.** The same ``draw()`` makes four renders of a figure: ``DESKTOP`` (what Jupyter, Colab
and the slides show, and the site on a wide screen), ``PHONE`` (``PHONE_WIDTH`` inches wide, no text
under ``PHONE_MIN_PT``, panels stacked: on the ``PHONE_COLUMN_PX`` column of a 390 px phone every
text is at least ``MIN_TEXT_PX`` CSS px, see ``text_px``), and the dark renders of both
(``DARK``, ``PHONE_DARK``) for the theme's dark mode. A script reads ``phone()`` to choose its
layout, and ``size``/``pt`` to choose sizes; the dark renders need nothing from it:
``to_dark`` recolours the drawn figure (``course.palette.dark_color``), and in every render each
text keeps a contrast of 4,5:1 with what is behind it (``course.palette.readable``).

**Shown explicitly.** ``publish`` writes ``<out_dir>/<script>.png`` (the desktop render, for the
slides and for ``python figures/x.py``) and, in a notebook kernel (``%run ../figures/x.py`` in a
lesson), displays the figure itself, as a PNG: it never relies on the matplotlib backend showing
figures at the end of a cell (with ``MPLBACKEND=Agg`` exported, ipykernel's inline backend is
not used and such a figure would vanish). Figures the lessons' own code draws
(``plt.show()``) are shown the same way by ``course.mpl_backend``. When the site is being built
(``_ext/figures.py`` sets ``SITE_RENDERS`` in the environment of the kernels), the other three
renders travel in the metadata of that PNG output, for the site to serve; a notebook run
elsewhere (Colab, ``scripts/refresh.py``, nbval) stores only the desktop render.
``FIGURE_DIR`` moves the output; ``FIGURE_RENDERS=all`` also writes the other renders there.
"""
from __future__ import annotations

import base64
import functools
import io
import os
import pickle
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.collections import Collection
from matplotlib.gridspec import GridSpec
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.text import Text
from matplotlib.ticker import FuncFormatter

from course import palette
from course.fmt import num

FIGURES = Path(__file__).resolve().parents[1] / 'figures'

# The phone, as the tests measure it: a 390 px wide screen (CSS px) shows the lesson column
# PHONE_COLUMN_PX wide (tests/test_figures_browser.py checks it), and a figure W inches wide
# shown w px wide writes an s-point text s·w/(72·W) px high (text_px).
PHONE_COLUMN_PX = 342
MIN_TEXT_PX = 11
PHONE_WIDTH = 3.8           # inches: the phone render's width
PHONE_MIN_PT = 9.5          # 11 px on the phone column for a render up to 4,1 in wide
PHONE_WIDER_THAN = 640      # CSS px: a narrower screen gets the phone render (_ext/figures.py)
# Pixels a phone render is written wide (``png``, whatever the figure's inches and crop): 2 device
# px per CSS px of the column. 2,4 (220 dpi) put the ROC lesson over the page-weight budget on a
# phone (budget.yml), and a render is never shown wider than the column.
PHONE_PX = 2 * PHONE_COLUMN_PX

STYLE = {
    'figure.dpi': 110,      # the desktop render's resolution (what the notebook shows)
    'savefig.dpi': 150,     # the file publish() writes (the slides')
    'font.size': 10,
    'axes.spines.top': False,
    'axes.spines.right': False,
    'axes.grid': True,
    'grid.alpha': 0.3,
    'legend.frameon': False,
}
PHONE_STYLE = {
    'figure.dpi': 180,      # ≈ PHONE_PX / PHONE_WIDTH (the file is written PHONE_PX wide)
    'font.size': 10.5,
    'axes.titlesize': 11,
    'legend.fontsize': 10,
    'xtick.labelsize': 10,
    'ytick.labelsize': 10,
}


@dataclass(frozen=True)
class Render:
    name: str       # the suffix of its file and its key in the output's metadata
    phone: bool
    dark: bool


DESKTOP = Render('', phone=False, dark=False)
PHONE = Render('phone', phone=True, dark=False)
DARK = Render('dark', phone=False, dark=True)
PHONE_DARK = Render('phone-dark', phone=True, dark=True)
RENDERS = (DESKTOP, PHONE, DARK, PHONE_DARK)
SITE_RENDERS = 'COURSE_SITE_RENDERS'      # set by _ext/figures.py while the site is built
METADATA = 'course_figure'                # the key of the renders in an output's metadata

_drawing = [DESKTOP]                      # the render being drawn


def current() -> Render:
    return _drawing[-1]


def phone() -> bool:
    """True while the phone render is drawn: the script lays the figure out for a phone."""
    return current().phone


def size(desktop, phone_size):
    """The figure size (inches) for the render being drawn."""
    return phone_size if phone() else desktop


def pt(desktop, phone_pt=None):
    """A font size (points) for the render being drawn: on a phone, ``phone_pt`` or at least
    PHONE_MIN_PT."""
    if not phone():
        return desktop
    return phone_pt if phone_pt is not None else max(desktop, PHONE_MIN_PT)


def under(**kwargs) -> dict:
    """Keyword arguments of ``ax.legend`` for a legend under its panel, below the x axis' ticks
    and label (where it covers no curve; on a phone there is no room beside a panel)."""
    from matplotlib.font_manager import FontProperties
    size = FontProperties(size=kwargs.get('fontsize', plt.rcParams['legend.fontsize'])).get_size_in_points()
    below = 36 + 14 * kwargs.pop('label_lines', 0)   # points: ticks, tick labels, axis label
    return {'loc': 'upper center', 'bbox_to_anchor': (0.5, 0), 'borderaxespad': below / size,
            **kwargs}


def stagger(labels, offsets):
    """Give each annotation of ``labels`` (text offset in points from its point, left to right)
    the first vertical offset of ``offsets`` at which it covers no label already placed: close
    points get their labels on other rows instead of on top of each other. An offset under the
    point hangs the text from it (``va='top'``)."""
    renderer = labels[0].figure.canvas.get_renderer()
    placed = []
    for label in labels:
        for dy in offsets:
            label.xyann = (label.xyann[0], dy)
            label.set_va('bottom' if dy >= 0 else 'top')
            label.update_positions(renderer)
            box = Text.get_window_extent(label, renderer).expanded(1.3, 1.0)
            if not any(box.overlaps(other) for other in placed):
                break
        placed.append(box)


def text_px(points, shown_px, figure_inches) -> float:
    """CSS px of an s-point text in a figure W inches wide shown w CSS px wide: s·w/(72·W)."""
    return points * shown_px / (72 * figure_inches)


@contextmanager
def _as(which: Render):
    _drawing.append(which)
    try:
        yield
    finally:
        _drawing.pop()


def styled(draw):
    """Decorate a script's ``draw()``: the course style (and the phone's, for the phone render)
    applies to its figure only, so a lesson that runs the script keeps its own matplotlib
    settings for the seed's plots."""
    keys = set(STYLE) | set(PHONE_STYLE)

    @functools.wraps(draw)
    def wrapper(*args, **kwargs):
        # only our keys are saved and restored: plt.rc_context would also restore
        # 'interactive', which the inline backend switches on when the first figure is drawn,
        # and the notebook would stop showing figures
        before = {key: plt.rcParams[key] for key in keys}
        plt.rcParams.update(STYLE)
        if phone():
            plt.rcParams.update(PHONE_STYLE)
        try:
            return draw(*args, **kwargs)
        finally:
            plt.rcParams.update(before)
    return wrapper


def render(draw, which: Render = DESKTOP, *args, **kwargs):
    """``draw(*args, **kwargs)`` as the render ``which``: laid out by the script for a phone or
    not, recoloured for the dark mode or not, every text readable on its background."""
    with _as(which):
        fig = draw(*args, **kwargs)
    return finish(fig, which)


def finish(fig, which: Render):
    if which.dark:
        to_dark(fig)
    readable_text(fig, 'dark' if which.dark else 'light')
    return fig


# ----------------------------------------------------------------------------- colours

def _texts(fig):
    """The texts a reader sees: visible, not empty, tick labels only inside their axis' view
    (an axis keeps labels for ticks it does not draw)."""
    hidden = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            span = (high - low) or 1.0
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                loc = tick.get_loc()
                if loc is None or not (low - 1e-9 * span <= loc <= high + 1e-9 * span):
                    hidden.update((id(tick.label1), id(tick.label2)))
    return [t for t in fig.findobj(Text)
            if t.get_visible() and t.get_text().strip() and id(t) not in hidden]


def _over_image(text) -> bool:
    """A text drawn on an image (the counts of a ConfusionMatrixDisplay): its colour was chosen
    for the image's colour under it, which no recolouring changes."""
    ax = text.axes
    return ax is not None and bool(ax.images) and text in ax.texts


def to_dark(fig):
    """Recolour every artist of ``fig`` for the dark render (``palette.dark_color``)."""
    dark = palette.dark_color
    fig.patch.set_facecolor(palette.PAPER['dark'])
    ticks = set()
    for ax in fig.axes:
        # ticks are made again when drawn, from the axis' settings: those are recoloured
        for axis in (ax.xaxis, ax.yaxis):
            made = axis.get_major_ticks() + axis.get_minor_ticks()
            if made:
                axis.set_tick_params(which='both', color=dark(made[0].tick1line.get_color()),
                                     labelcolor=dark(made[0].label1.get_color()))
            ticks |= {id(a) for tick in made for a in tick.findobj()}
    for artist in fig.findobj():
        if artist is fig.patch or id(artist) in ticks:
            continue
        if isinstance(artist, Text):
            if not _over_image(artist):
                artist.set_color(dark(artist.get_color()))
            box = artist.get_bbox_patch()
            if box is not None:
                box.set_facecolor(dark(box.get_facecolor()))
                box.set_edgecolor(dark(box.get_edgecolor()))
            arrow = getattr(artist, 'arrow_patch', None)
            if arrow is not None:
                arrow.set_color(dark(arrow.get_edgecolor()))
        elif isinstance(artist, Line2D):
            artist.set_color(dark(artist.get_color()))
            for get, put in (('get_markerfacecolor', 'set_markerfacecolor'),
                             ('get_markeredgecolor', 'set_markeredgecolor')):
                value = getattr(artist, get)()
                if not (isinstance(value, str) and value == 'none'):
                    getattr(artist, put)(dark(value))
        elif isinstance(artist, Collection):
            for get, put in (('get_facecolors', 'set_facecolors'),
                             ('get_edgecolors', 'set_edgecolors')):
                values = getattr(artist, get)()
                if len(values):
                    getattr(artist, put)([dark(c) for c in values])
        elif isinstance(artist, Patch):
            hatch = artist.get_hatchcolor() if artist.get_hatch() else None
            # a patch's alpha replaces its colours' own: a colour that is 'none' stays 'none'
            for get, put in (('get_facecolor', 'set_facecolor'), ('get_edgecolor', 'set_edgecolor')):
                value = getattr(artist, get)()
                getattr(artist, put)('none' if value[3] == 0 else dark(value))
            if hatch is not None:
                artist.set_hatchcolor(dark(hatch))
    return fig


def background_of(text, mode):
    """What is behind a text: its own box when it has an opaque one, else the paper."""
    box = text.get_bbox_patch()
    if box is not None and box.get_visible() and box.get_facecolor()[3] >= 0.8:
        return box.get_facecolor()
    return palette.PAPER[mode]


# The contrast a figure's text colour gets: its thin strokes are anti-aliased, and shown scaled
# down (a desktop render in the column), so the pixels on screen are fainter than the colour:
# 4,5:1 for the colour measured 4,3-4,4:1 on screen (tests/test_figures_site.py); this keeps
# 4,5:1 on screen
TEXT_CONTRAST = 5.5


def readable_text(fig, mode):
    """Every text of ``fig`` at least TEXT_CONTRAST (so 4,5:1 as shown) against its background
    (``palette.readable``)."""
    for text in _texts(fig):
        if not _over_image(text):
            text.set_color(palette.readable(text.get_color(), background_of(text, mode),
                                            TEXT_CONTRAST))
    return fig


# ----------------------------------------------------------------------------- phone layout

def to_phone(fig):
    """Lay out for a phone a figure that was not drawn for one (the lessons' own plots): its
    panels stacked in one column, PHONE_WIDTH inches wide, no text under PHONE_MIN_PT."""
    axes = [ax for ax in fig.axes if ax.get_subplotspec() is not None]
    width, height = fig.get_size_inches()
    if axes:
        grid = axes[0].get_subplotspec().get_gridspec()
        rows, cols = grid.get_geometry()
        panel_w, panel_h = width / cols, height / rows
        stacked = GridSpec(rows * cols, 1, figure=fig)
        for i, ax in enumerate(axes):
            ax.set_subplotspec(stacked[i])
        fig.set_size_inches(PHONE_WIDTH, rows * cols * panel_h * PHONE_WIDTH / panel_w)
    else:
        fig.set_size_inches(PHONE_WIDTH, height * PHONE_WIDTH / width)
    for text in _texts(fig):
        if text.get_fontsize() < PHONE_MIN_PT:
            text.set_fontsize(PHONE_MIN_PT)
    fig.tight_layout()
    return fig


def copy(fig):
    """An independent copy of a drawn figure (to make another render of it)."""
    return pickle.loads(pickle.dumps(fig))


# ----------------------------------------------------------------------------- output

def comma_ticks(ax, digits=1, axis='both'):
    """Tick labels with a decimal comma (0,5 rather than 0.5)."""
    formatter = FuncFormatter(lambda v, _pos: num(v, digits))
    if axis in ('x', 'both'):
        ax.xaxis.set_major_formatter(formatter)
    if axis in ('y', 'both'):
        ax.yaxis.set_major_formatter(formatter)


def roc_axes(ax, title, xlim=None, ylim=None, legend=None):
    """The square ROC panel every ROC figure shares: its limits, course terminology on the axes,
    pt-BR ticks and the legend (``legend``: the keyword arguments of ``ax.legend``)."""
    if xlim:
        ax.set_xlim(*xlim)
    if ylim:
        ax.set_ylim(*ylim)
    ax.set_aspect('equal')
    ax.set_xlabel('taxa de falsos positivos (FPR)')
    ax.set_ylabel('revocação (TPR)')
    ax.set_title(title)
    comma_ticks(ax, 1)
    if legend:
        ax.legend(**legend)


def out_dir() -> Path:
    return Path(os.environ.get('FIGURE_DIR', FIGURES / 'out'))


def png(fig, dpi=None, width_px=None) -> bytes:
    """The figure as PNG bytes, cropped to what is drawn, at the figure's own resolution or
    ``dpi``, or at the one that makes the cropped image ``width_px`` pixels wide."""
    if width_px:
        dpi = width_px / _cropped_inches(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format='png', dpi=dpi or fig.dpi, bbox_inches='tight',
                facecolor=fig.get_facecolor())
    return buffer.getvalue()


def _cropped_inches(fig) -> float:
    """The width (inches) of ``fig`` as ``savefig(bbox_inches='tight')`` crops it."""
    box = fig.get_tightbbox(fig.canvas.get_renderer())
    return box.width + 2 * plt.rcParams['savefig.pad_inches']


def render_png(fig, which: Render) -> bytes:
    """The PNG of a render for the site: a phone render PHONE_PX wide."""
    return png(fig, width_px=PHONE_PX if which.phone else None)


def save(fig, script_file, which: Render = DESKTOP) -> Path:
    """Write ``fig`` as ``<out_dir>/<script name>[-<render>].png`` and return the path."""
    suffix = f'-{which.name}' if which.name else ''
    target = out_dir() / (Path(script_file).stem + suffix + '.png')
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(png(fig, STYLE['savefig.dpi']) if which is DESKTOP else render_png(fig, which))
    return target


def _kernel():
    """The running IPython kernel, or None (a plain ``python figures/x.py``)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return shell if shell is not None and getattr(shell, 'kernel', None) is not None else None


def site_renders() -> bool:
    return bool(os.environ.get(SITE_RENDERS))


def show(figures: dict, name: str):
    """Display the desktop render of a figure as a PNG output, the other renders (when given)
    in the output's metadata under ``METADATA``: ``{"name": ..., "renders": {"phone": <base64
    PNG>, ...}}``."""
    from IPython.display import display
    data = {'image/png': base64.b64encode(png(figures[DESKTOP])).decode('ascii'),
            'text/plain': f'<figura {name}>'}
    renders = {which.name: base64.b64encode(render_png(fig, which)).decode('ascii')
               for which, fig in figures.items() if which is not DESKTOP}
    metadata = {METADATA: {'name': name, 'renders': renders}} if renders else {}
    display(data, raw=True, metadata=metadata)


def publish(draw, script_file, *args):
    """What a figure script does when it runs: write the desktop render to ``out_dir()`` and, in
    a notebook kernel, display it (with the site's renders while the site is built)."""
    every = site_renders() and _kernel() is not None or os.environ.get('FIGURE_RENDERS') == 'all'
    figures = {which: render(draw, which, *args) for which in (RENDERS if every else (DESKTOP,))}
    try:
        save(figures[DESKTOP], script_file)
        if os.environ.get('FIGURE_RENDERS') == 'all':
            for which, fig in figures.items():
                if which is not DESKTOP:
                    save(fig, script_file, which)
        if _kernel() is not None:
            show(figures, Path(script_file).stem)
    finally:
        for fig in figures.values():
            plt.close(fig)


def show_drawn(fig, name='figura'):
    """Display a figure the lesson's own code drew (``course.mpl_backend``): the desktop render
    as drawn; for the site, a phone render laid out by ``to_phone`` and the dark renders."""
    figures = {DESKTOP: finish(fig, DESKTOP)}
    if site_renders():
        figures[DARK] = finish(copy(fig), DARK)
        figures[PHONE] = finish(to_phone(copy(fig)), PHONE)
        figures[PHONE_DARK] = finish(to_phone(copy(fig)), PHONE_DARK)
        for which in (PHONE, PHONE_DARK):
            figures[which].set_dpi(PHONE_STYLE['figure.dpi'])
    show(figures, name)
    for other in figures.values():
        if other is not fig:
            plt.close(other)
