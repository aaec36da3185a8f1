"""Every figure script runs on its own and writes its figure; each of its four renders is legible
(on a phone, no text under 11 CSS px), has no label on another label or on a line, stacks its
panels on a phone, and, in the dark renders, is dark with text at 4,5:1 or more.

The measurements (``tests/figure_checks.py``) read the figure's own artists: a text's size on
the phone is its font size × the phone column's width / (72 × the saved figure's width in
inches); ``tests/test_figures_site.py`` checks in Chromium that a 390 px phone shows the phone
render at that width.
"""
import functools
import importlib.util
import io
import os
import subprocess
import sys

import matplotlib
import numpy as np
import pytest
from PIL import Image

from conftest import ROOT
from course import figstyle, palette

matplotlib.use('agg')
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams['figure.max_open_warning'] = 0   # every render of every figure stays open for the tests

sys.path.insert(0, str(ROOT / 'tests'))
import figure_checks as checks  # noqa: E402

SCRIPTS = sorted(p for p in (ROOT / 'figures').glob('*.py') if not p.name.startswith('_'))
PHONES = [figstyle.PHONE, figstyle.PHONE_DARK]
DARKS = [figstyle.DARK, figstyle.PHONE_DARK]


def render_id(which):
    return which.name or 'desktop'


@functools.cache
def module(script):
    spec = importlib.util.spec_from_file_location(f'figure_{script.stem}', script)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@functools.cache
def drawn(script, which):
    return figstyle.render(module(script).draw, which)


def test_there_are_figure_scripts():
    assert SCRIPTS


@pytest.mark.slow
@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.name)
def test_figure_script_runs_alone(script, tmp_path):
    env = dict(os.environ, FIGURE_DIR=str(tmp_path), MPLBACKEND='Agg')
    result = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    written = tmp_path / (script.stem + '.png')
    assert written.is_file() and written.stat().st_size > 5_000


@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.name)
def test_figure_is_linked_from_a_page(script):
    pages = [p.read_text(encoding='utf-8') for p in ROOT.glob('lessons/*.md')]
    assert any(f'../figures/{script.name}' in page for page in pages), \
        f'no lesson shows {script.name} with its "script da figura" link'


@pytest.mark.parametrize('which', PHONES, ids=render_id)
@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.stem)
def test_phone_text_is_at_least_11_px(script, which):
    sizes = checks.text_sizes(drawn(script, which), figstyle.PHONE_COLUMN_PX)
    small = [(round(px, 1), text) for px, text in sizes if px < figstyle.MIN_TEXT_PX]
    assert sizes and not small, (
        f'{script.stem} ({which.name}) on a {figstyle.PHONE_COLUMN_PX} px column: texts under '
        f'{figstyle.MIN_TEXT_PX} px: {small}')


@pytest.mark.parametrize('which', figstyle.RENDERS, ids=render_id)
@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.stem)
def test_labels_never_overlap(script, which):
    problems = checks.overlaps(drawn(script, which))
    assert not problems, f'{script.stem} ({render_id(which)}): ' + '; '.join(problems)


@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.stem)
def test_panels_stack_on_a_phone(script):
    assert not checks.side_by_side(drawn(script, figstyle.PHONE)), script.stem


@pytest.mark.parametrize('which', figstyle.RENDERS, ids=render_id)
@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.stem)
def test_every_text_has_4_5_contrast(script, which):
    fig = drawn(script, which)
    mode = 'dark' if which.dark else 'light'
    low = [(t.get_text(), round(palette.contrast(t.get_color(), figstyle.background_of(t, mode)), 2))
           for t in checks.texts(fig)
           if palette.contrast(t.get_color(), figstyle.background_of(t, mode)) < 4.5]
    assert not low, f'{script.stem} ({render_id(which)}): {low}'


def pixels(png_bytes):
    """(relative luminance, saturation) of every pixel of a PNG."""
    with Image.open(io.BytesIO(png_bytes)) as image:
        rgb = np.asarray(image.convert('RGB'), dtype=float) / 255
    lin = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    high, low = rgb.max(axis=2), rgb.min(axis=2)
    return lin @ [0.2126, 0.7152, 0.0722], (high - low) / np.maximum(high, 1e-6)


@pytest.mark.parametrize('which', DARKS, ids=render_id)
@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.stem)
def test_dark_render_is_no_light_panel(script, which):
    """The dark render's paper is the dark page's; it is mostly dark, and what is light and grey
    (a white panel would be) is no more than its text and lines: the palette's colours (bars,
    marks) stay coloured."""
    fig = drawn(script, which)
    assert palette.contrast(fig.get_facecolor(), palette.PAPER['dark']) < 1.01
    lum, sat = pixels(figstyle.png(fig))
    assert np.median(lum) < 0.1, f'{script.stem}: median luminance {np.median(lum):.2f}'
    grey = ((lum > 0.4) & (sat < 0.25)).mean()
    assert grey < 0.08, f'{script.stem}: {grey:.0%} of the dark render is light grey'


@pytest.mark.parametrize('script', SCRIPTS, ids=lambda p: p.stem)
def test_the_dark_render_keeps_every_shape(script):
    """Errors stay marked by shape as well as colour: the dark render draws the same markers."""
    def shapes(fig):
        return sorted(str(a.get_marker()) for a in fig.findobj(matplotlib.lines.Line2D)
                      if a.get_marker() not in (None, 'None', 'none', '')) + sorted(
            str(p) for c in fig.findobj(matplotlib.collections.PathCollection) for p in c.get_paths()[:1])
    assert shapes(drawn(script, figstyle.DESKTOP)) == shapes(drawn(script, figstyle.DARK))


# ----------------------------------------------------------------------------- the lessons' own plots

def seed_like_figure():
    """A plot as the seeds' code draws it (two confusion matrices side by side, default style)."""
    from sklearn.metrics import ConfusionMatrixDisplay
    y = [1, 1, 0, 0, 1, 0, 1, 0]
    fig, axes = plt.subplots(1, 2, figsize=(8, 3.5))
    for ax, pred in zip(axes, ([1, 0, 0, 0, 1, 1, 1, 0], [1, 1, 0, 1, 0, 0, 1, 0])):
        ConfusionMatrixDisplay.from_predictions(y, pred, labels=[1, 0], ax=ax, colorbar=False,
                                                display_labels=['diabetes', 'sem diabetes'])
        ax.set(title='modelo', xlabel='condição prevista', ylabel='condição real')
    fig.tight_layout()
    return fig


def test_a_lessons_own_plot_stacks_and_is_legible_on_a_phone():
    fig = figstyle.finish(figstyle.to_phone(seed_like_figure()), figstyle.PHONE)
    fig.set_dpi(figstyle.PHONE_STYLE['figure.dpi'])
    assert not checks.side_by_side(fig)
    small = [t for px, t in checks.text_sizes(fig) if px < figstyle.MIN_TEXT_PX]
    assert not small, small


def test_a_lessons_own_plot_in_the_dark_keeps_the_counts_readable_on_their_cells():
    light = seed_like_figure()
    dark = figstyle.finish(figstyle.copy(light), figstyle.DARK)
    assert dark.get_facecolor()[:3] == matplotlib.colors.to_rgb(palette.PAPER['dark'])
    for ax_light, ax_dark in zip(light.axes, dark.axes):
        # the counts drawn on the matrix keep the colour chosen for the cell under them
        assert [t.get_color() for t in ax_light.texts] == [t.get_color() for t in ax_dark.texts]
        label = ax_dark.xaxis.label
        assert palette.contrast(label.get_color(), palette.PAPER['dark']) >= 4.5


def test_dark_color_mirrors_greys_and_keeps_hues():
    assert palette.contrast(palette.dark_color('black'), palette.PAPER['dark']) >= 12
    assert palette.contrast(palette.dark_color('white'), palette.PAPER['dark']) < 1.01
    assert palette.dark_color(palette.OKABE_ITO['vermillion']) == matplotlib.colors.to_rgba(
        palette.OKABE_ITO['vermillion'])
    faint = palette.dark_color('#b0b0b0')          # matplotlib's grid stays faint
    assert palette.contrast(faint, palette.PAPER['dark']) == pytest.approx(
        palette.contrast('#b0b0b0', 'white'), rel=0.05)


def test_readable_darkens_or_lightens_just_enough():
    orange = palette.OKABE_ITO['orange']
    on_white, on_dark = palette.readable(orange, 'white'), palette.readable(palette.OKABE_ITO['blue'], palette.PAPER['dark'])
    assert 4.5 <= palette.contrast(on_white, 'white') < 5
    assert 4.5 <= palette.contrast(on_dark, palette.PAPER['dark']) < 5


def test_text_px_is_the_phone_rule():
    # COURSE.md: a 6,4 in figure with 10 pt text shown 342 px wide writes it 7,4 px high
    assert figstyle.text_px(10, 342, 6.4) == pytest.approx(7.42, abs=0.01)
