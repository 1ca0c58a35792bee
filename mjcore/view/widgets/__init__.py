"""The chapters' interactive widgets, and the static HTML each one shows.

Still one module, :mod:`mjcore.view.widgets.faces` (the former ``widgets.py``), whose
names are importable from here; split next.  This is the only package of mjcore that
imports ipywidgets.
"""

from __future__ import annotations

from .faces import (
    CHOSEN_CLASS,
    FACE_CLASS,
    GOAL_LABELS,
    MAX_CHART_DRAWS,
    MAX_SEATS_DRAWS,
    MAX_TILES,
    OUTLOOK_DRAWS,
    SCORE_FLAGS,
    SEAT_LABELS,
    SEATS_LABELS,
    SEATS_MODES,
    HandEditor,
    ScoreCalculator,
    SeatsAdvisor,
    TileChoice,
    TilePad,
    WaitChart,
    WildPicker,
    face_button,
    faces_css,
    render_analysis_html,
    render_outlook_html,
    render_score_html,
    render_seats_html,
    split_melds,
)

__all__ = [
    # faces
    "FACE_CLASS", "CHOSEN_CLASS", "faces_css", "face_button", "TilePad", "TileChoice",
    "WildPicker",
    # the hand editor
    "MAX_TILES", "render_analysis_html", "HandEditor",
    # the wait chart
    "OUTLOOK_DRAWS", "MAX_CHART_DRAWS", "render_outlook_html", "WaitChart",
    # the four-seat advisor
    "SEATS_MODES", "SEATS_LABELS", "SEAT_LABELS", "MAX_SEATS_DRAWS", "GOAL_LABELS",
    "render_seats_html", "SeatsAdvisor",
    # the score calculator
    "SCORE_FLAGS", "split_melds", "render_score_html", "ScoreCalculator",
]
