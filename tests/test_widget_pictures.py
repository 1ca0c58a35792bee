"""Tile pictures in the widgets and in their static renderings."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from mjcore import HandError, analyze  # noqa: E402
from mjcore.view.widgets import (  # noqa: E402
    HandEditor,
    render_analysis_html,
    render_outlook_html,
    render_score_html,
)


def labels(page: str) -> list[str]:
    """The mpsz names of the tile pictures in a page, in order."""
    return [m.split()[0] for m in re.findall(r'<svg[^>]*aria-label="([^"]*)"', page)]


def test_analysis_shows_the_hand_and_the_waits_as_pictures():
    page = render_analysis_html("111222333m4445s")
    assert labels(page) == ["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4s"] * 3 + ["5s"] + [
        "3s", "5s", "6s"]
    assert '<span class="mj-hand" role="img" aria-label="111222333m4445s"' in page


def test_analysis_shows_each_reading_meld_by_meld():
    page = render_analysis_html("11223344556677m")
    readings = [str(d) for d in analyze("11223344556677m").decompositions]
    items = re.findall(r"<li>(.*?)</li>", page)
    assert len(items) == len(readings)
    for item, reading in zip(items, readings, strict=True):
        groups = re.findall(r'<span style="margin-right:0.5em">(.*?)</span>', item)
        assert len(groups) == len(reading.split())
        assert " ".join("".join(labels(g)) for g in groups) == " ".join(
            "".join(f"{d}m" for d in part[:-1]) for part in reading.split())


def test_pictures_false_gives_the_text_only_panel():
    for page in (render_analysis_html("11223344556677m", pictures=False),
                 render_outlook_html("111222333m4445s", pictures=False)):
        assert "<svg" not in page and "<code>" in page
    with pytest.raises(HandError, match="pictures must be True or False"):
        render_analysis_html("11m", pictures="no")
    with pytest.raises(HandError, match="pictures must be True or False"):
        render_outlook_html("1m", pictures=1)


def test_score_panel_shows_hand_win_tile_and_melds():
    page = render_score_html("123m11z", win_tile="1z", melds="kong 1111p, chi 456p; pon 777p")
    shown = labels(page)
    assert shown[:5] == ["1m", "2m", "3m", "1z", "1z"] and shown[5] == "1z"
    assert shown[6:] == ["1p"] * 4 + ["4p", "5p", "6p"] + ["7p"] * 3


def test_outlook_shows_the_hand():
    assert labels(render_outlook_html("123456789m123s5p")) == [
        *(f"{r}m" for r in range(1, 10)), "5p", "1s", "2s", "3s"]


def test_editor_picker_and_hand_have_pictures():
    editor = HandEditor("11m")
    pickers = [box for row in editor.widget.children
               if hasattr(row, "children") for box in row.children
               if hasattr(box, "children") and editor.tile_buttons[0] in box.children]
    assert len(pickers) == 1 and labels(pickers[0].children[0].value) == ["1m"]
    assert labels(editor.hand_pictures.value) == ["1m", "1m"]
    editor.add("7z")
    assert labels(editor.hand_pictures.value) == ["1m", "1m", "7z"]
    editor.clear()
    assert editor.hand_pictures.value == ""
