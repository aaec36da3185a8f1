"""One palette for every figure and explorable (Okabe & Ito, safe for colour-blind readers).

Errors are marked by colour and by shape: TP/TN are filled, FP/FN are hollow or crossed,
so the four groups stay apart in greyscale too.

The figures also have a dark render, for the theme's dark mode (``html[data-theme="dark"]``):
``dark_color`` turns each colour of a light figure into its dark counterpart and ``readable``
makes a text colour keep a contrast of at least ``MIN_TEXT_CONTRAST`` with what is behind it
(``course/figstyle.py`` applies both to every artist of a figure). The Okabe-Ito hues stay as
they are in both renders (on the dark background each of them has a contrast of 3,6:1 or more,
enough for lines and marks), so a group keeps its colour, and its shape, in both.
"""
import colorsys

from matplotlib.colors import to_rgba

OKABE_ITO = {
    'orange': '#E69F00', 'sky_blue': '#56B4E9', 'green': '#009E73', 'yellow': '#F0E442',
    'blue': '#0072B2', 'vermillion': '#D55E00', 'purple': '#CC79A7', 'black': '#000000',
    'grey': '#999999',
}

# the four cells of the confusion matrix: colour, matplotlib marker, label on the page
CELLS = {
    'TP': {'color': OKABE_ITO['blue'], 'marker': 'o', 'label': 'TP (doente, marcado)'},
    'FN': {'color': OKABE_ITO['vermillion'], 'marker': 'X', 'label': 'FN (doente, escapou)'},
    'FP': {'color': OKABE_ITO['orange'], 'marker': 's', 'label': 'FP (saudável, alarme falso)'},
    'TN': {'color': OKABE_ITO['grey'], 'marker': 'D', 'label': 'TN (saudável, deixado em paz)'},
}

# lines in curves, in a fixed order so a metric keeps its colour across pages
SERIES = [OKABE_ITO[k] for k in ('blue', 'vermillion', 'green', 'orange', 'purple', 'sky_blue')]

# The page behind a figure and its text, in each mode: the figure's background is the page's,
# so a figure is never a lighter or darker panel on it.
PAPER = {'light': '#FFFFFF',     # the theme's light background
         'dark': '#121212'}      # sphinx-book-theme's dark background (--pst-color-background)
INK = {'light': '#000000',
       'dark': '#CED6DD'}        # pydata-sphinx-theme's dark text (--pst-color-text-base), 12,7:1

MIN_TEXT_CONTRAST = 4.5          # WCAG AA for text


def luminance(color) -> float:
    """WCAG relative luminance of ``color`` (any matplotlib colour; alpha ignored)."""
    def channel(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b, _ = to_rgba(color)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def _with_lightness(rgba, lightness):
    h, _, s = colorsys.rgb_to_hls(*rgba[:3])
    return (*colorsys.hls_to_rgb(h, min(max(lightness, 0.0), 1.0), s), rgba[3])


def dark_color(color) -> tuple:
    """The colour that plays the part of ``color`` (drawn on PAPER['light']) in the dark render.

    Greys (black, white, the grid's and the axes' greys) are mirrored: the dark colour has the
    same contrast with the dark paper as the light one had with white, so black text becomes
    the dark mode's text colour, white backgrounds become the dark paper and a faint grid stays
    faint. Hues (the palette's colours, also as translucent tints) are kept, except a very pale
    hue, which would glare, mirrored the same way. Alpha is kept."""
    rgba = to_rgba(color)
    h, lightness, s = colorsys.rgb_to_hls(*rgba[:3])
    if s > 0.15 and lightness < 0.8:
        return rgba
    wanted = contrast(rgba, PAPER['light'])          # how far it stands from the paper
    paper = luminance(PAPER['dark'])
    target = min(wanted * (paper + 0.05) - 0.05, luminance(INK['dark']))
    # the lightness whose luminance is the target (luminance grows with lightness at fixed hue)
    low, high = 0.0, 1.0
    for _ in range(30):
        mid = (low + high) / 2
        if luminance(_with_lightness(rgba, mid)) < target:
            low = mid
        else:
            high = mid
    return _with_lightness(rgba, high)


def readable(color, background, minimum=MIN_TEXT_CONTRAST) -> tuple:
    """``color`` as a text colour on ``background``: the same hue, darkened (on a light
    background) or lightened (on a dark one) just enough for ``minimum`` (MIN_TEXT_CONTRAST)."""
    rgba = to_rgba(color)
    if contrast(rgba, background) >= minimum:
        return rgba
    _, lightness, _ = colorsys.rgb_to_hls(*rgba[:3])
    darker = luminance(background) > 0.18
    for step in range(1, 101):
        shade = _with_lightness(rgba, lightness - step / 100 if darker else lightness + step / 100)
        if contrast(shade, background) >= minimum:
            return shade
    return to_rgba(INK['light'] if darker else INK['dark'])
