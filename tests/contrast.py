"""Colour contrast as WCAG computes it, from the colours Chromium reports (``rgb(...)``)."""
import re


def rgba(css: str):
    """'rgb(1, 2, 3)' / 'rgba(1, 2, 3, 0.5)' / 'color(srgb 0.1 0.2 0.3)' -> (r, g, b, a), 0-255."""
    m = re.match(r'rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)', css)
    if m:
        r, g, b, a = m.groups()
        return float(r), float(g), float(b), 1.0 if a is None else float(a)
    m = re.match(r'color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: / ([\d.]+))?\)', css)
    if m:
        r, g, b, a = m.groups()
        return 255 * float(r), 255 * float(g), 255 * float(b), 1.0 if a is None else float(a)
    raise ValueError(f'colour not understood: {css}')


def luminance(css: str) -> float:
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b, _ = rgba(css)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(fg: str, bg: str) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)
