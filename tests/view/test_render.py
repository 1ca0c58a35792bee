"""Tile pictures: every face, its XML, its name, and hands as HTML."""

from __future__ import annotations

import ast
import html
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjcore
from mjcore import HandError, parse, to_mpsz
from mjcore.view.render import HandView, escape, hand_html, show, tile_svg, tiles_html, write_svgs

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]

# Written out here, not taken from mjcore: the name every face must carry.
NUMERALS = "一二三四五六七八九"
EXPECTED_LABELS = (
    [f"{r}m {NUMERALS[r - 1]}万" for r in range(1, 10)]
    + [f"{r}s {NUMERALS[r - 1]}条" for r in range(1, 10)]
    + [f"{r}p {NUMERALS[r - 1]}筒" for r in range(1, 10)]
    + ["1z 东风", "2z 南风", "3z 西风", "4z 北风", "7z 红中", "6z 发财", "5z 白板"])


def faces() -> list[str]:
    return [tile_svg(tile) for tile in range(34)]


@pytest.mark.parametrize("tile", range(34))
def test_every_face_is_an_svg_element_named_for_its_tile(tile):
    root = ET.fromstring(tile_svg(tile))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert root.get("role") == "img"
    assert root.get("aria-label") == EXPECTED_LABELS[tile]
    assert root.find(f"{SVG}title").text == EXPECTED_LABELS[tile]
    # a drawing on the face, beyond the two rectangles of the blank tile
    assert len(list(root)) >= 4


def test_faces_use_no_text_fonts_or_outside_references():
    for svg in faces():
        root = ET.fromstring(svg)
        tags = {element.tag.removeprefix(SVG) for element in root.iter()}
        assert tags <= {"svg", "title", "rect", "circle", "path"}, tags
        for element in root.iter():
            for name, value in element.attrib.items():
                assert "font" not in name and "href" not in name, name
                assert "url(" not in value and "http" not in value.replace(
                    "http://www.w3.org/2000/svg", ""), value


def test_every_face_is_different():
    drawings = [re.sub(r'aria-label="[^"]*"|<title>[^<]*</title>', "", svg) for svg in faces()]
    assert len(set(drawings)) == 34


def numbers(d: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]


def test_drawings_stay_on_the_face():
    for tile, svg in enumerate(faces()):
        root = ET.fromstring(svg)
        for element in root.iter(f"{SVG}path"):
            values = numbers(element.get("d"))
            assert values and all(0 <= v <= 80 for v in values), (tile, element.get("d"))
        for element in root.iter(f"{SVG}circle"):
            cx, cy, r = (float(element.get(k)) for k in ("cx", "cy", "r"))
            assert 2 <= cx - r and cx + r <= 58 and 2 <= cy - r and cy + r <= 72, tile


def test_faces_are_deterministic_across_processes():
    code = ("from mjcore.view.render import tile_svg; import sys; "
            "sys.stdout.write(''.join(tile_svg(t) for t in range(34)))")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                         env=env, encoding="utf-8").stdout
    assert out == "".join(faces()) == "".join(faces())


def test_render_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "mjcore" / "view" / "render.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module]
        else:
            continue
        for name in names:
            assert name.split(".")[0] in sys.stdlib_module_names | {"__future__"}, name


@pytest.mark.parametrize("bad", [34, -1, "5p", 2.0, True, None])
def test_tile_svg_refuses_what_is_not_a_tile(bad):
    with pytest.raises(HandError, match="tile index"):
        tile_svg(bad)


# --- hands -------------------------------------------------------------------

def test_hand_html_shows_tiles_in_mpsz_order_with_the_notation():
    page = hand_html("5z 7z 1m 9p 1s 1m")
    labels = re.findall(r'<svg[^>]*aria-label="([^"]*)"', page)
    assert [label.split()[0] for label in labels] == ["1m", "1m", "9p", "1s", "5z", "7z"]
    assert page.startswith('<span class="mj-hand" role="img" aria-label="11m9p1s57z"')
    assert '<code class="mj-mpsz">11m9p1s57z</code>' in page
    ET.fromstring(page)  # well-formed, so it also embeds in XHTML


def test_hand_html_label_false_keeps_only_the_accessible_name():
    page = hand_html(parse("123m"), label=False)
    assert "<code" not in page and 'aria-label="123m"' in page


def test_hand_html_of_no_tiles_is_named():
    assert 'aria-label="no tiles"' in hand_html((0,) * 34)


@pytest.mark.parametrize("bad, message", [
    ("8z", "8z is not a tile"),
    ("11111m", "appears 5 times"),
    ([0] * 33, "34 counts, got 33"),
    (42, "expected notation or 34 counts"),
])
def test_a_bad_hand_is_a_hand_error(bad, message):
    with pytest.raises(HandError, match=message):
        hand_html(bad)
    with pytest.raises(HandError, match=message):
        HandView(bad)


@pytest.mark.parametrize("kwargs, message", [
    ({"label": "yes"}, "label must be True or False"),
    ({"tile_height": "30"}, "tile_height must be a CSS length"),
    ({"tile_height": "1em;background:url(x)"}, "tile_height must be a CSS length"),
])
def test_bad_options_are_hand_errors(kwargs, message):
    with pytest.raises(HandError, match=message):
        hand_html("1m", **kwargs)


def test_tile_height_reaches_every_picture():
    page = hand_html("123p", tile_height="30px")
    assert page.count("height:30px") == 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 33), max_size=14))
def test_hand_html_has_one_picture_per_tile(tiles):
    counts = [0] * 34
    for tile in tiles:
        counts[tile] = min(4, counts[tile] + 1)
    page = hand_html(counts)
    assert page.count("<svg") == sum(counts)
    assert f"<code class=\"mj-mpsz\">{to_mpsz(counts)}</code>" in page


def test_tiles_html_keeps_the_given_order_and_checks_tiles():
    page = tiles_html([31, 0, 31])
    assert re.findall(r'aria-label="(\S+)', page) == ["7z", "1m", "7z"]
    with pytest.raises(HandError):
        tiles_html([40])


def test_hand_view_in_a_notebook():
    view = show("123m11z")
    assert repr(view) == "HandView('123m11z')" and str(view) == "123m11z"
    assert view._repr_html_() == hand_html("123m11z")
    assert mjcore.show("1m")._repr_html_().count("<svg") == 1
    assert "<code" not in HandView("1m", label=False)._repr_html_()


def test_write_svgs_writes_34_named_files(tmp_path):
    names = write_svgs(tmp_path / "tiles")
    assert sorted(names) == sorted(f"{label.split()[0]}.svg" for label in EXPECTED_LABELS)
    for tile, name in enumerate(names):
        text = (tmp_path / "tiles" / name).read_text(encoding="utf-8")
        assert text.startswith("<?xml")
        assert ET.fromstring(text.split("\n", 1)[1]).get("aria-label") == EXPECTED_LABELS[tile]
    with pytest.raises(HandError, match="directory must be a path"):
        write_svgs(3)
    # a path that cannot be made a directory, or written: a HandError naming it and why
    (tmp_path / "file").write_text("in the way")
    for bad, why in (("", "No such file"), (tmp_path / "file", "File exists"),
                     (tmp_path / "file" / "sub", "Not a directory"), ("a\x00b", "null byte")):
        with pytest.raises(HandError, match=f"^directory .* cannot be written: .*{why}"):
            write_svgs(bad)


@given(st.text(alphabet=st.sampled_from("&<>\"'ab 1m中;#"), max_size=30))
def test_escape_is_html_escape(text: str) -> None:
    """render.escape (no import of :mod:`html` in the analyzer) escapes as html.escape does."""
    assert escape(text) == html.escape(text)
