"""What the figure tests measure on a drawn figure, from its own artists.

- ``text_sizes``: every text's height on the page, in CSS px, when the figure is shown
  ``shown_px`` wide: font size × shown width / (72 × the saved figure's width in inches),
  the saved figure being what ``course.figstyle.png`` writes (cropped to what is drawn).
- ``overlaps``: labels (texts, legends) that cover another label or a drawn line, marker or
  point, found from the artists' window extents.
- ``side_by_side``: panels of a figure that sit next to each other instead of one above the other.
"""
from __future__ import annotations

import io

import numpy as np
from matplotlib import cbook
from matplotlib.collections import PathCollection
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import Bbox
from PIL import Image

from course import figstyle

TOLERANCE = 1.0      # display px: anti-aliasing, not an overlap


def saved_width_in(fig) -> float:
    with Image.open(io.BytesIO(figstyle.png(fig))) as image:
        return image.size[0] / fig.dpi


def texts(fig) -> list[Text]:
    fig.canvas.draw()
    return figstyle._texts(fig)


def text_sizes(fig, shown_px=figstyle.PHONE_COLUMN_PX) -> list[tuple[float, str]]:
    """(CSS px, text) of every visible text of ``fig`` shown ``shown_px`` CSS px wide."""
    found = texts(fig)
    width = saved_width_in(fig)
    return [(figstyle.text_px(t.get_fontsize(), shown_px, width), t.get_text()) for t in found]


def _owners(legends):
    """id(artist) -> the legend it is part of."""
    return {id(a): legend for legend in legends for a in legend.findobj()}


def _axis_parts(fig) -> set:
    return {id(a) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis) for a in axis.findobj()}


def _segments(line: Line2D) -> np.ndarray:
    """The line as display-space segments (n, 2, 2), steps drawn as steps, clipped to its axes
    by the caller."""
    xy = np.asarray(line.get_xydata(), dtype=float)
    if len(xy) < 2 or line.get_linestyle() in ('None', 'none', '', ' '):
        return np.empty((0, 2, 2))
    style = line.get_drawstyle()
    if style != 'default':
        xy = np.column_stack(cbook.STEP_LOOKUP_MAP[style](xy[:, 0], xy[:, 1]))
    xy = line.get_transform().transform(xy)
    keep = np.isfinite(xy).all(axis=1)
    seg = np.stack([xy[:-1], xy[1:]], axis=1)
    return seg[keep[:-1] & keep[1:]]


def _segments_hit(seg: np.ndarray, box: Bbox) -> bool:
    """Does any segment cross the box? (Liang-Barsky, vectorised)."""
    if not len(seg):
        return False
    x0, y0 = seg[:, 0, 0], seg[:, 0, 1]
    dx, dy = seg[:, 1, 0] - x0, seg[:, 1, 1] - y0
    t0, t1 = np.zeros(len(seg)), np.ones(len(seg))
    ok = np.ones(len(seg), dtype=bool)
    for p, q in ((-dx, x0 - box.x0), (dx, box.x1 - x0), (-dy, y0 - box.y0), (dy, box.y1 - y0)):
        parallel = np.abs(p) < 1e-12
        ok &= ~(parallel & (q < 0))
        with np.errstate(divide='ignore', invalid='ignore'):
            r = q / p
        t0 = np.where(~parallel & (p < 0), np.maximum(t0, r), t0)
        t1 = np.where(~parallel & (p > 0), np.minimum(t1, r), t1)
    return bool((ok & (t0 <= t1)).any())


def _points(artist, fig):
    """Marker centres (display px) and radii (px) of a line's markers or a scatter's points."""
    px_per_pt = fig.dpi / 72
    if isinstance(artist, Line2D):
        if artist.get_marker() in (None, 'None', 'none', '', ' '):
            return np.empty((0, 2)), np.empty(0)
        xy = artist.get_transform().transform(np.asarray(artist.get_xydata(), dtype=float))
        return xy, np.full(len(xy), artist.get_markersize() / 2 * px_per_pt)
    offsets = artist.get_offset_transform().transform(artist.get_offsets())
    sizes = artist.get_sizes()
    radii = np.sqrt(sizes if len(sizes) else [36.0]) / 2 * px_per_pt
    return offsets, np.resize(radii, len(offsets))


def _shrunk(box: Bbox) -> Bbox:
    return Bbox.from_extents(box.x0 + TOLERANCE, box.y0 + TOLERANCE,
                             box.x1 - TOLERANCE, box.y1 - TOLERANCE)


def _clip(box: Bbox, artist) -> Bbox | None:
    """The part of ``box`` where a clipped artist can be seen (its axes)."""
    clip = artist.get_clip_box() if artist.get_clip_on() else None
    if clip is None:
        return box
    inter = Bbox.intersection(box, clip)
    return inter


def overlaps(fig) -> list[str]:
    """Every label of ``fig`` that covers another label, or a line, marker or point drawn in
    its axes (lines that belong to an axis, grid lines and legend samples are not marks)."""
    found = texts(fig)
    renderer = fig.canvas.get_renderer()
    legends = [a for a in fig.findobj(Legend) if a.get_visible()]
    owner, axis_parts = _owners(legends), _axis_parts(fig)
    labels = []          # (name, box, legend it belongs to or None)
    for t in found:
        box = Text.get_window_extent(t, renderer)      # the text, without an annotation's arrow
        labels.append((f'text {t.get_text()!r}', _shrunk(box), owner.get(id(t))))
    for legend in legends:
        labels.append((f'legend {[x.get_text() for x in legend.get_texts()]!r}',
                       _shrunk(legend.get_window_extent(renderer)), legend))
    marks = []
    for artist in fig.findobj(lambda a: isinstance(a, (Line2D, PathCollection))):
        if not artist.get_visible() or artist.axes is None:
            continue
        if id(artist) in owner or id(artist) in axis_parts:
            continue
        marks.append(artist)
    problems = []
    for i, (name, box, legend) in enumerate(labels):
        for other_name, other, other_legend in labels[i + 1:]:
            if legend is not None and legend is other_legend:
                continue          # a legend and its own texts
            if box.overlaps(other):
                problems.append(f'{name} covers {other_name}')
        for mark in marks:
            if isinstance(mark, Line2D):
                seen = _clip(box, mark)
                if seen is not None and _segments_hit(_segments(mark), seen):
                    problems.append(f'{name} covers the line {mark.get_label()!r}')
                    continue
            centres, radii = _points(mark, fig)
            if len(centres):
                inside = ((centres[:, 0] + radii > box.x0) & (centres[:, 0] - radii < box.x1)
                          & (centres[:, 1] + radii > box.y0) & (centres[:, 1] - radii < box.y1))
                clip = mark.get_clip_box() if mark.get_clip_on() else None
                if clip is not None:
                    inside &= ((centres[:, 0] >= clip.x0) & (centres[:, 0] <= clip.x1)
                               & (centres[:, 1] >= clip.y0) & (centres[:, 1] <= clip.y1))
                if inside.any():
                    problems.append(f'{name} covers a marker of {mark.get_label()!r}')
    return problems


def side_by_side(fig) -> list[str]:
    """Pairs of panels (axes) of ``fig`` that sit next to each other, not one above the other."""
    fig.canvas.draw()
    boxes = [(ax.get_title() or ax.get_ylabel() or repr(ax), ax.get_position()) for ax in fig.axes
             if ax.get_visible()]
    found = []
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1:]:
            if a.x1 <= b.x0 or b.x1 <= a.x0:
                found.append(f'{name!r} | {other!r}')
    return found
