"""course.data is the one source the figures, explorables and slides read; the lesson pages
show the same arrays in their visible code (as the seed prints them). They must agree."""
import contextlib
import io
import re

import jupytext
import numpy as np

from conftest import ROOT
from course import data


def lesson_namespace(page, marker):
    """Run the visible code cell of ``page`` that contains ``marker`` and return its names."""
    notebook = jupytext.read(ROOT / 'lessons' / page)
    cell = next(c.source for c in notebook.cells if c.cell_type == 'code' and marker in c.source)
    namespace = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(cell, namespace)
    return namespace


def test_the_20_patients_are_the_ones_the_lesson_shows():
    ns = lesson_namespace('metricas-fundamental.md', 'score = np.array')
    assert ns['ids'] == data.PATIENT_IDS
    np.testing.assert_array_equal(ns['score'], data.SCORES)
    np.testing.assert_array_equal(ns['y_true'], data.Y_TRUE)
    assert re.search(r'score >= 0\.5', (ROOT / 'lessons' / 'metricas-fundamental.md').read_text()) \
        and data.THRESHOLD == 0.5
    # part 2 runs in its own kernel and sets the same patients up again, in a hidden cell
    again = lesson_namespace('metricas-fundamental-perguntas.md', 'score = np.array')
    assert again['ids'] == data.PATIENT_IDS
    np.testing.assert_array_equal(again['score'], data.SCORES)
    np.testing.assert_array_equal(again['y_true'], data.Y_TRUE)
    np.testing.assert_array_equal(again['y_pred'], (data.SCORES >= data.THRESHOLD).astype(int))


def test_the_triage_counts_are_the_ones_the_lesson_shows():
    # the triage in three risk levels is section 12, the multiclass part of the advanced lesson
    source = (ROOT / 'lessons' / 'metricas-avancada-multiclasse.md').read_text(encoding='utf-8')
    block = re.search(r"counts = np\.array\((\[\[.*?\]\])\)", source, re.S).group(1)
    np.testing.assert_array_equal(np.array(eval(re.sub(r'#[^\n]*', '', block))), data.RISK_COUNTS)
    assert "labels = ['low', 'medium', 'high']" in source and data.RISK_LABELS == ['low', 'medium', 'high']
