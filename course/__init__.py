"""Support code for the course "Avaliando classificadores".

Small modules, one job each:

- ``course.metrics``: the course's formulas, written once (counts at a threshold, cost and the
  cheapest threshold, the decision-theory threshold, F-beta, ECE and reliability bins, the one
  rounding rule).
- ``course.values``: ``glue(name, value)`` for lessons (``myst_nb.glue`` that also records the
  value for the quiz) and the values each lesson ships with the package (``lesson_values/``).
- ``course.data``: the worked examples every page shares (the 20 patients, the triage counts,
  lesson 2.6's cross-validated biopsy scores).
- ``course.calibration``: lesson 2.4's experiment (split, two models, temperature, summary).
- ``course.explorables``: the "Experimente" panels (HTML + ``static/explorables.js``), no kernel.
- ``course.labs``: one call per interactive piece of a Colab lab (``cost_lab(...)`` ...).
- ``course.confira``: a lab's "Confira" notes (``confira_texts/*.yml``), shown only after the
  student's prediction (``minha_previsao``/``confira``).
- ``course.quiz``: question banks (``quiz/*.yml``, shipped as ``course.banks``) rendered with
  immediate feedback; ``{placeholders}`` filled with the lesson's values.
- ``course.slide_numbers``: the numbers the slide decks quote.
- ``course.figstyle``: what every figure script shares (style, pt-BR ticks, where it is saved).
- ``course.fmt``: numbers written the pt-BR way (decimal comma), "indefinido" for 0/0.
- ``course.palette``: the colour-blind-safe colours and marker shapes of TP/FP/FN/TN.
- ``course.site``: where the course is published (written from ``_config.yml`` by
  ``scripts/refresh.py``).
"""
from .values import glue

__all__ = ['glue']
