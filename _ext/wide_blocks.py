"""Blocks wider than the column say so: nothing is hidden off-screen without a cue.

On a phone (a 358 px column at 390 px) a table, a printed output, a code cell or a display formula
can be wider than the column. It then scrolls sideways in its own box (the page never does), and a
small script, in the head of every page that has such a block, makes that visible:

- a shadow on the side that has more to show (``.wide-frame.more-left`` / ``.more-right``);
- a line **above** the block, "Continua ao lado: deslize para ver ↔" (touch screens hide
  scrollbars), read before the block, not after it: only where the block is really cut (more
  than ``CUT`` px hidden: a table one letter too wide is made to fit, ``_static/course.css``),
  and for code cells only above the first one of the page (every cell of a lesson has a line
  longer than a phone: said once, the shadow says the rest);
- a wide table keeps its first column in view while it scrolls (the row's names; the look is
  in ``_static/course.css``, ``.wide-frame > .is-wide``);
- the block joins the tab order while it is too wide, so that a keyboard can scroll it;
- a printed output of sentences (no run of two spaces inside a line: not a table) wraps instead,
  each continued line indented (``pre.wraps``): its words stay exactly as printed;
- it is measured again when the window changes, when a Preveja shows its answer and when a
  "Mostrar o código" opens (a hidden block has no width), framed blocks included.

The look is in ``_static/course.css``. Display formulas are written to fit a phone (the lessons'
LaTeX, ``tests/test_formulas.py``); the cue is for a narrower screen still.
"""
from __future__ import annotations

import json

HINT = 'Continua ao lado: deslize para ver ↔'
CUT = 16        # px hidden at the right before the line says so (under it: one letter, a border)
BLOCKS = ('div.math, .bd-article .pst-scrollable-table-container, '
          '.bd-article div.highlight > pre, .bd-article div.highlight > .wide-frame > pre')

WIDE_BLOCKS = ('(function () {'
               ' var BLOCKS = %s, HINT = %s, CUT = %d;'
               ' function output(b) { return b.tagName === "PRE" && b.closest(".cell_output, .output"); }'
               ' function code(b) { return b.tagName === "PRE" && !output(b); }'
               # sentences, not columns: no two spaces between words; plain text only (no colours)
               ' function prose(b) { return !/\\S {2,}\\S/.test(b.textContent) &&'
               '   !b.querySelector("span:not(:empty)"); }'
               ' function wrap(b) {'
               '   var lines = b.textContent.replace(/\\n$/, "").split("\\n");'
               '   b.textContent = "";'
               '   lines.forEach(function (l) { var s = document.createElement("span");'
               '     s.className = "wrapped-line"; s.textContent = l + "\\n"; b.appendChild(s); });'
               '   b.classList.add("wraps"); }'
               ' function frame(b) {'
               '   if (b.parentNode.classList.contains("wide-frame")) return b.parentNode;'
               '   var f = document.createElement("div"); f.className = "wide-frame";'
               '   b.parentNode.insertBefore(f, b); f.appendChild(b);'
               '   var h = document.createElement("p"); h.className = "wide-hint"; h.textContent = HINT;'
               '   h.setAttribute("aria-hidden", "true"); h.hidden = true; f.parentNode.insertBefore(h, f);'
               '   b.addEventListener("scroll", function () { edges(b); }, { passive: true });'
               '   return f; }'
               ' function edges(b) { var f = b.parentNode;'
               '   f.classList.toggle("more-left", b.scrollLeft > 1);'
               '   f.classList.toggle("more-right", b.scrollLeft + b.clientWidth < b.scrollWidth - 1); }'
               ' function mark() { var told = false;'
               '   document.querySelectorAll(BLOCKS).forEach(function (b) {'
               '     if (!b.clientWidth) return;'
               '     var wide = b.scrollWidth > b.clientWidth + 1;'
               '     if (wide && output(b) && prose(b) && !b.classList.contains("wraps")) { wrap(b); wide = b.scrollWidth > b.clientWidth + 1; }'
               '     if (wide) { frame(b); b.tabIndex = 0; b.classList.add("is-wide"); }'
               '     else if (b.classList.contains("is-wide")) { b.removeAttribute("tabindex"); b.classList.remove("is-wide"); }'
               '     var f = b.parentNode;'
               '     if (f.classList.contains("wide-frame")) {'
               '       var cut = wide && b.scrollWidth - b.clientWidth >= CUT && !(code(b) && told);'
               '       if (cut && code(b)) told = true;'
               '       f.classList.toggle("is-cut", cut);'
               '       f.previousElementSibling.hidden = !cut; edges(b); }'
               '   }); }'
               ' document.addEventListener("DOMContentLoaded", mark);'
               ' addEventListener("load", mark); addEventListener("resize", mark);'
               ' addEventListener("curso:revelado", mark);'
               ' document.addEventListener("toggle", mark, true);'
               ' })();') % (json.dumps(BLOCKS), json.dumps(HINT), CUT)


def _wide_blocks(app, pagename, templatename, context, doctree):
    body = context.get('body', '')
    if any(mark in body for mark in ('class="katex-display"', '<table', '<pre')):
        app.add_js_file(None, body=WIDE_BLOCKS)


def setup(app):
    app.connect('html-page-context', _wide_blocks)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
