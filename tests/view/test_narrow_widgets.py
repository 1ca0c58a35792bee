"""The widgets fit a narrow notebook column (JupyterLab with its side panel open, a phone):
their layouts, read from Python.  tests/browser/test_lab_browser.py measures them in
JupyterLab at a phone's width."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from mjcore.view.widgets import HandEditor, ScoreCalculator, SeatsAdvisor, WaitChart  # noqa: E402

COLUMN_PX = 340
"""A narrow column's width: no part of a widget is wider, unless it shrinks with the column."""

MAKERS = {"HandEditor": HandEditor, "WaitChart": WaitChart, "ScoreCalculator": ScoreCalculator,
          "SeatsAdvisor": lambda: SeatsAdvisor(seats="calls")}


def parts(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """``widget`` and every widget inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from parts(child)


def pixels(length: str | None) -> float | None:
    """A CSS length in px as a number (None for any other length, or none)."""
    found = re.fullmatch(r"(\d+(?:\.\d+)?)px", length or "")
    return float(found.group(1)) if found else None


def too_wide(part: widgets.Widget) -> list[str]:
    """What makes ``part`` too wide for a narrow column, if anything: a width (or least
    width) of more than :data:`COLUMN_PX` px; a relative width with no greatest width (the
    width the part had); a row that does not wrap; a panel holding a table that does not
    scroll sideways in its own box."""
    layout, problems = part.layout, []
    for name in ("width", "min_width"):
        if (pixels(getattr(layout, name)) or 0) > COLUMN_PX:
            problems.append(f"{name} {getattr(layout, name)}")
    if (layout.width or "").endswith("%") and pixels(layout.max_width) is None:
        problems.append(f"width {layout.width} without a max_width in px")
    if isinstance(part, widgets.HBox) and layout.flex_flow != "row wrap":
        problems.append(f"a row that does not wrap (flex_flow {layout.flex_flow!r})")
    if isinstance(part, widgets.HTML) and "<table" in part.value and not (
            layout.display == "block" and (layout.overflow or "").startswith("auto")):
        problems.append("a table that does not scroll sideways in its panel "
                        f"(display {layout.display!r}, overflow {layout.overflow!r})")
    return problems


@pytest.mark.parametrize("name", MAKERS)
def test_every_part_fits_a_narrow_column(name):
    widget = MAKERS[name]()
    found = [f"{type(part).__name__} {getattr(part, 'description', '')}".strip()
             + f": {problem}" for part in parts(widget.widget) for problem in too_wide(part)]
    assert found == []
    panels = [part for part in parts(widget.widget)
              if isinstance(part, widgets.HTML) and "<table" in part.value]
    assert panels  # the widget's panel (a typical hand's) holds a table, which scrolls
    # every text box, menu and slider shrinks with the column (ipywidgets' own width for
    # them, 300px, is a fixed one)
    controls = [part for part in parts(widget.widget)
                if isinstance(part, widgets.Text | widgets.Dropdown | widgets.IntSlider)]
    assert controls and [part.description for part in controls
                         if not (part.layout.width or "").endswith("%")] == []

