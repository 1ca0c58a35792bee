"""The chapters' interactive widgets, and the static HTML each one shows.

Each widget wraps ipywidgets around one live answer of mjcore, in a module of its own:

- :mod:`~mjcore.view.widgets.faces`: a tile as a button that shows its face; the 34 to
  add and the hand's (:class:`TilePad`), one tile chosen by its face
  (:class:`TileChoice`, :class:`WildPicker`), which every widget below shows;
- :mod:`~mjcore.view.widgets.editor`: :class:`HandEditor` and its panel,
  :func:`render_analysis_html` (chapter 3);
- :mod:`~mjcore.view.widgets.waitchart`: :class:`WaitChart` and its table,
  :func:`render_outlook_html` (chapter 5);
- :mod:`~mjcore.view.widgets.seats`: :class:`SeatsAdvisor` and its panel,
  :func:`render_seats_html` (chapter 7);
- :mod:`~mjcore.view.widgets.calculator`: :class:`ScoreCalculator` and its panel,
  :func:`render_score_html` (chapter 10);
- :mod:`~mjcore.view.widgets.shared`: what they share, the argument checks and the
  pieces of the panels.

A panel is the string its render function returns, so a page without a running kernel
(the static site, where widgets render blank) can show the same panel.  Every action
is a plain method, so the widgets are tested from Python without a browser, and bad
input never raises: it shows the :class:`~mjcore.HandError` text in the widget.  A
button whose name, tooltip, ring and classes change together sends them in one message
(``hold_sync()``), so the page never shows half a change.  The modules' public names
are importable from here (``from mjcore.view.widgets import HandEditor``), as they were
from the one module ``widgets.py`` this package replaces.

This is the only package of mjcore that imports ipywidgets.
"""

from __future__ import annotations

from .calculator import SCORE_FLAGS, ScoreCalculator, render_score_html, split_melds
from .editor import HandEditor, render_analysis_html
from .faces import CHOSEN_CLASS, FACE_CLASS, TileChoice, TilePad, WildPicker, face_button, faces_css
from .seats import (
    GOAL_LABELS,
    MAX_SEATS_DRAWS,
    MAX_SEATS_TURN,
    RACE_COLUMNS,
    SEAT_LABELS,
    SEATS_LABELS,
    SEATS_MODES,
    SeatsAdvisor,
    render_seats_html,
)
from .shared import MAX_TILES
from .waitchart import MAX_CHART_DRAWS, OUTLOOK_DRAWS, WaitChart, render_outlook_html

__all__ = [
    # faces
    "FACE_CLASS", "CHOSEN_CLASS", "faces_css", "face_button", "TilePad", "TileChoice",
    "WildPicker",
    # the hand editor
    "MAX_TILES", "render_analysis_html", "HandEditor",
    # the wait chart
    "OUTLOOK_DRAWS", "MAX_CHART_DRAWS", "render_outlook_html", "WaitChart",
    # the four-seat advisor
    "SEATS_MODES", "SEATS_LABELS", "SEAT_LABELS", "MAX_SEATS_DRAWS", "MAX_SEATS_TURN",
    "RACE_COLUMNS", "GOAL_LABELS",
    "render_seats_html", "SeatsAdvisor",
    # the score calculator
    "SCORE_FLAGS", "split_melds", "render_score_html", "ScoreCalculator",
]
