"""Numbers as a Brazilian reader writes them: decimal comma, thousands grouped with a dot (2.120),
the minus sign "−" (U+2212, not a hyphen), "80 %" and "indefinido" where there is no number.

The browser has the same rules in ``course/static/numbers.js`` (explorables, quizzes, Preveja);
``tests/test_numbers.py`` runs one table of cases (``tests/data/numbers_cases.json``) through both.

- ``num(0.737)`` -> ``'0,737'``; ``num(2120, 0)`` -> ``'2.120'``; ``num(-0.037)`` -> ``'−0,037'``;
  ``num(0.75, 3, trim=True)`` -> ``'0,75'``. Rounding is Python's on the binary value (exact ties
  to even: ``num(0.125, 2)`` is ``'0,12'``); a negative value that rounds to zero keeps its sign
  (``'−0,000'``: "a bit below zero" is what such a number says).
- ``pct(0.985)`` -> ``'98,5 %'`` (a plain space: the site's CSS keeps a glued value on one line).
- ``ratio(7, 9)`` -> ``'0,778'``; ``ratio(3, 0)`` -> ``'indefinido'``.
- ``parse('7/9')``: what a student types, read as the quizzes and Preveja read it (see
  ``parse``); ``parse('1/0').error == 'division_by_zero'``.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

UNDEFINED = "indefinido"
MINUS = "\u2212"


def _finite(x) -> bool:
    if x is None:
        return False
    try:
        return math.isfinite(float(x))
    except (TypeError, ValueError):
        return False


def num(x, digits=3, trim=False):
    """``0.737`` -> ``'0,737'``; ``nan``/``inf``/``None`` -> ``'indefinido'``; ``trim`` drops
    trailing zeros (``0,750`` -> ``0,75``, ``254,000`` -> ``254``)."""
    if not _finite(x):
        return UNDEFINED
    text = f"{x:,.{digits}f}".replace("-", MINUS)
    text = text.replace(",", "\u0001").replace(".", ",").replace("\u0001", ".")
    if trim and "," in text:
        text = text.rstrip("0").rstrip(",")
    return text


def pct(x, digits=1):
    """``0.985`` -> ``'98,5 %'``."""
    if not _finite(x):
        return UNDEFINED
    return f"{num(100 * x, digits)} %"


def ratio(numerator, denominator, digits=3):
    """A metric as a ratio of counts, ``'indefinido'`` when the denominator is zero."""
    if denominator == 0:
        return UNDEFINED
    return num(numerator / denominator, digits)


# ----------------------------------------------------------------------------- reading numbers

ERRORS = ("empty", "not_a_number", "division_by_zero")
_SPACES = re.compile(r"[\s\ufeff]+")
_PLAIN = re.compile(r"^([+\-\u2212]?)([0-9]+|[0-9]*[.,][0-9]+|[0-9]+[.,])$")
_GROUPED = re.compile(r"^([+\-\u2212]?)([1-9][0-9]{0,2}(?:\.[0-9]{3})+)(,[0-9]*)?$")


@dataclass(frozen=True)
class Parsed:
    """A number read from text: ``value`` (``None`` with an ``error``), whether it was written
    as a percentage or a fraction, how many decimals were typed and whether it was a whole number."""
    value: float | None = None
    percent: bool = False
    fraction: bool = False
    decimals: int = 0
    integer: bool = False
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _sign(s: str) -> int:
    return -1 if s in ("-", MINUS) else 1


def _single(text: str, thousands: bool):
    m = _GROUPED.match(text)
    if m and (m.group(3) is not None or thousands):
        decimals = m.group(3)[1:] if m.group(3) else ""
        value = _sign(m.group(1)) * float(m.group(2).replace(".", "") + "." + (decimals or "0"))
        return value, len(decimals), m.group(3) is None
    m = _PLAIN.match(text)
    if not m:
        return None
    body = m.group(2).replace(",", ".")
    point = body.find(".")
    value = _sign(m.group(1)) * float("0" + body if body.startswith(".") else body)
    return value, 0 if point < 0 else len(body) - point - 1, point < 0


def parse(text, thousands=False) -> Parsed:
    """What a student types -> ``Parsed``. Spaces are ignored; read are a sign (``+ - −``), digits
    with one decimal separator, comma or point (``0,78``, ``0.78``, ``,5``), thousands grouped with
    dots before a decimal comma (``1.000,5``), a fraction of two such numbers (``7/9``), a final
    ``%`` (``78 %`` is 0.78). A lone dot is a decimal point (``1.000`` is 1) unless ``thousands``:
    then groups of three digits are thousands (``8.652`` is 8652), as the site writes numbers.
    Anything else (``1,000.5``, ``0,5,5``, ``1e3``) is ``not_a_number``; ``7/0`` is
    ``division_by_zero``; nothing typed is ``empty``."""
    text = _SPACES.sub("", "" if text is None else str(text))
    if not text:
        return Parsed(error="empty")
    percent = text.endswith("%")
    if percent:
        text = text[:-1]
    pieces = text.split("/")
    if len(pieces) == 1:
        one = _single(text, thousands)
        if one is None:
            return Parsed(error="not_a_number")
        value, decimals, integer = one
    elif len(pieces) == 2:
        top, bottom = _single(pieces[0], thousands), _single(pieces[1], thousands)
        if top is None or bottom is None:
            return Parsed(error="not_a_number")
        if bottom[0] == 0:
            return Parsed(error="division_by_zero")
        value, decimals, integer = top[0] / bottom[0], 0, False
    else:
        return Parsed(error="not_a_number")
    if not math.isfinite(value):
        return Parsed(error="not_a_number")
    return Parsed(value / 100 if percent else value, percent, len(pieces) == 2, decimals, integer)
