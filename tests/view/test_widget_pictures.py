"""Tile pictures in the widgets and in their static renderings."""

from __future__ import annotations

import base64
import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from mjcore import HandError, analyze, tile_index, tile_name  # noqa: E402
from mjcore.view.render import tile_label, tile_svg  # noqa: E402
from mjcore.view.widgets import (  # noqa: E402
    FACE_CLASS,
    HandEditor,
    ScoreCalculator,
    SeatsAdvisor,
    TileChoice,
    WaitChart,
    faces_css,
    render_analysis_html,
    render_outlook_html,
    render_score_html,
    render_seats_html,
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
    with pytest.raises(HandError, match="show_hand must be True or False"):
        render_analysis_html("11m", show_hand="no")


def test_show_hand_false_leaves_out_only_the_hands_pictures():
    for render in (lambda **k: render_analysis_html("111222333m4445s", **k),
                   lambda **k: render_outlook_html("111222333m4445s", **k),
                   lambda **k: render_score_html("111222333m44455s", win_tile="5s", **k),
                   lambda **k: render_seats_html("111222333m4445s", **k)):
        full, shown = render(), render(show_hand=False)
        assert 'class="mj-hand"' in full and 'class="mj-hand"' not in shown
        assert len(labels(full)) - len(labels(shown)) in (13, 14)


def test_score_panel_shows_hand_win_tile_and_melds():
    page = render_score_html("123m11z", win_tile="1z", melds="kong 1111p, chi 456p; pon 777p")
    shown = labels(page)
    assert shown[:5] == ["1m", "2m", "3m", "1z", "1z"] and shown[5] == "1z"
    assert shown[6:] == ["1p"] * 4 + ["4p", "5p", "6p"] + ["7p"] * 3


def test_outlook_shows_the_hand():
    assert labels(render_outlook_html("123456789m123s5p")) == [
        *(f"{r}m" for r in range(1, 10)), "5p", "1s", "2s", "3s"]


def html_values(widget) -> list[str]:
    """The values of every HTML widget inside ``widget``, depth first."""
    if isinstance(widget, widgets.HTML):
        return [widget.value]
    return [v for child in getattr(widget, "children", ()) for v in html_values(child)]


def test_every_tile_button_shows_its_face():
    css = faces_css()
    for tile in range(34):
        name = tile_name(tile)
        rule = re.search(rf"\.{FACE_CLASS}-{name} {{ background-image: "
                         r'url\("data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"\); }', css)
        assert base64.b64decode(rule.group(1)).decode() == tile_svg(tile)
    assert "http" not in css.replace("http://www.w3.org/2000/svg", "")


MAKERS = [lambda: HandEditor("11m"), lambda: WaitChart("11m"),
          lambda: ScoreCalculator("11m", win_tile="1m"), lambda: SeatsAdvisor("11m")]


@pytest.mark.parametrize("make", MAKERS)
def test_faces_are_the_buttons_and_the_hand_shows_once(make):
    widget = make()
    pad = widget.pad
    assert [b.description for b in pad.tile_buttons] == [tile_label(t) for t in range(34)]
    for tile, button in enumerate(pad.tile_buttons):
        assert button._dom_classes == (FACE_CLASS, f"{FACE_CLASS}-{tile_name(tile)}")
        assert button.tooltip.startswith(tile_label(tile))
    pages = html_values(widget.widget)
    assert sum(f"<style>{faces_css()}</style>" == page for page in pages) == 1
    assert [b.description for b in pad.hand_box.children] == ["1m 一万"] * 2
    # the hand is its buttons: no picture of it anywhere else in the widget
    assert not any('class="mj-hand"' in page for page in pages)
    widget.add("7z")
    assert [b.description for b in pad.hand_box.children] == ["1m 一万"] * 2 + ["7z 红中"]
    pad.hand_box.children[0].click()
    assert [b.description for b in pad.hand_box.children] == ["1m 一万", "7z 红中"]
    pad.tile_buttons[tile_index("5p")].click()
    assert [b.description.split()[0] for b in pad.hand_box.children] == ["1m", "5p", "7z"]
    assert not any('class="mj-hand"' in page for page in html_values(widget.widget))


@pytest.mark.parametrize("make", MAKERS)
def test_the_wild_tile_and_a_claim_are_chosen_by_their_faces(make):
    widget = make()
    rows = [widget.wild_picker] + ([widget.claim_picker] if isinstance(widget, SeatsAdvisor)
                                   else [])
    for row in rows:
        assert isinstance(row, TileChoice) and row.widget in widget.widget.children
        for tile, button in enumerate(row.tile_buttons):
            assert button._dom_classes[:3] == (FACE_CLASS, f"{FACE_CLASS}-{tile_name(tile)}",
                                               f"{FACE_CLASS}-small")
            assert button.description == tile_label(tile)  # none chosen yet
        # no menu of tiles is left: every tile choice is a face
        assert not any(isinstance(w, widgets.Dropdown) and len(w.options) >= 34
                       for w in all_widgets(widget.widget))


def all_widgets(widget) -> list:
    return [widget, *(w for child in getattr(widget, "children", ()) for w in all_widgets(child))]
