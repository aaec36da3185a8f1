"""Numbers as a Brazilian reader writes them: decimal comma, thousands grouped with a dot (2.120)."""
import math

UNDEFINED = "indefinido"


def num(x, digits=3):
    """``0.737`` -> ``'0,737'``; ``nan``/``inf``/``None`` -> ``'indefinido'``."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return UNDEFINED
    text = f"{x:,.{digits}f}"
    return text.replace(",", "\u0001").replace(".", ",").replace("\u0001", ".")


def pct(x, digits=1):
    """``0.985`` -> ``'98,5 %'``."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return UNDEFINED
    return f"{num(100 * x, digits)} %"


def ratio(numerator, denominator, digits=3):
    """A metric as a ratio of counts, ``'indefinido'`` when the denominator is zero."""
    if denominator == 0:
        return UNDEFINED
    return num(numerator / denominator, digits)
