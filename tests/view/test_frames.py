"""Tables: the styled() look, its stable HTML, and the frame builders."""

from __future__ import annotations

import re
import subprocess
import sys

import pandas as pd
import pytest

from mjcore import (
    HandError,
    deal_in_chances,
    discard_advice,
    effective_tiles,
    tile_index,
    tile_name,
    waits,
)
from mjcore.scoring.poyang import score
from mjcore.view.frames import (
    danger_frame,
    discard_frame,
    score_frame,
    seats_frame,
    styled,
    tile_grid,
    tiles_frame,
    waits_frame,
)


def table() -> pd.DataFrame:
    return pd.DataFrame({"hand": ["11123m", "19m19p19s1234567z"],
                         "hands": [326_520_504_500, 52], "share": [0.12345, 0.5]})


def test_styled_formats_integers_and_named_columns():
    html = styled(table(), {"share": "{:.1%}"}).to_html()
    assert "326,520,504,500" in html and "12.3%" in html and "0.12345" not in html


def test_styled_right_aligns_numbers_and_hides_the_index():
    html = styled(table()).to_html()
    assert re.search(r"td\.col1 \{\s*text-align: right", html)
    assert not re.search(r"td\.col0 \{\s*text-align: right", html)
    assert "row_heading" not in html
    assert "row_heading" in styled(table(), hide_index=False).to_html()


def test_styled_html_is_the_same_in_a_fresh_process():
    code = ("import pandas as pd; from mjcore.view.frames import styled; import sys; "
            "sys.stdout.write(styled(pd.DataFrame({'hand': ['11123m', '19m19p19s1234567z'], "
            "'hands': [326520504500, 52], 'share': [0.12345, 0.5]})).to_html())")
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           encoding="utf-8").stdout
    assert fresh == styled(table()).to_html()


def test_different_tables_get_different_ids():
    ids = {re.search(r'id="(T_\w+)"', styled(df).to_html()).group(1)
           for df in (table(), table().head(1), table()[["hand"]])}
    assert len(ids) == 3


def test_styled_caption_and_html_cells():
    html = styled(pd.DataFrame({"x": ["<b>bold</b>"]}), caption="a caption").to_html()
    assert "<b>bold</b>" in html and "a caption</caption>" in html


@pytest.mark.parametrize("call, message", [
    (lambda: styled([[1, 2]]), "needs a pandas DataFrame"),
    (lambda: styled(table(), {"nope": "{:,}"}), "formats name columns"),
    (lambda: styled(table(), hide_index="no"), "hide_index must be True or False"),
    (lambda: styled(table(), caption=3), "caption must be a string"),
    (lambda: waits_frame("111222333m4445s"), "waits_frame needs a Waits"),
    (lambda: waits_frame(waits("1m"), pictures=1), "pictures must be True or False"),
    (lambda: discard_frame("11m"), "discard_frame needs the list"),
    (lambda: discard_frame([1, 2]), "discard_frame needs the list"),
    (lambda: score_frame({"points": 2}), "score_frame needs a Score"),
    (lambda: seats_frame([0.25] * 4), "seats_frame needs the TableFigures"),
])
def test_bad_arguments_are_hand_errors(call, message):
    with pytest.raises(HandError, match=message):
        call()


def test_waits_frame_matches_the_waits():
    w = waits("111222333m4445s", visible="666s")
    frame = waits_frame(w)
    assert list(frame["tile"]) == [tile_name(t) for t in w.tiles] == ["3s", "5s", "6s"]
    assert list(frame["left"]) == [4, 3, 1] and frame["left"].sum() == w.total
    assert list(frame["中文"]) == ["3条", "5条", "6条"]
    pictured = waits_frame(w, pictures=True)
    assert pictured.columns[0] == "" and all("<svg" in cell for cell in pictured[""])


def test_waits_frame_of_effective_tiles_and_of_no_waits():
    assert waits_frame(effective_tiles("5m23m456p78s99p11z3z"))["left"].sum() == 20
    assert len(waits_frame(waits("1m2s3p4z"))) == 0


def test_discard_frame_keeps_the_advisor_order_and_numbers():
    advice = discard_advice("12389m456p78s9p11z4z", visible="7m")
    frame = discard_frame(advice)
    assert list(frame["discard"]) == [tile_name(d.tile) for d in advice]
    assert list(frame["shanten"]) == [d.shanten for d in advice]
    assert list(frame["total"]) == [d.total for d in advice]
    assert frame["effective"][0] == "7m(3) 6s(4) 9s(4)" and frame["kinds"][0] == 3
    assert "<svg" in discard_frame(advice, pictures=True).iloc[0, 0]


def test_score_frame_lists_fans_then_totals():
    s = score("11223355778899m", win_tile="9m")
    frame = score_frame(s)
    assert list(frame["fan"]) == ["七对", "清一色", "门清", "total", "fan", "points"]
    assert list(frame["value"]) == [3, 4, 1, 8, 6, 64]
    assert frame["meaning"][4] == "after the cap"
    plain = score_frame(score("123m456p789s11z", win_tile="1z", melds=["pon 777z"]))
    assert plain["meaning"].iloc[-2] == "no cap reached" and plain["value"].iloc[-1] == 2


def test_only_frames_imports_pandas():
    code = ("import sys, mjcore, mjcore.scoring.poyang, mjcore.view.render; "
            "sys.exit('pandas' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_tiles_frame_rows_follow_the_given_tiles():
    frame = tiles_frame([31, 0, 22])
    assert list(frame["mpsz"]) == ["7z", "1m", "5p"] and list(frame["index"]) == [31, 0, 22]
    assert list(frame["中文"]) == ["中", "1万", "5筒"]
    assert 'aria-label="5p 五筒"' in frame.iloc[2, 0]
    assert "" not in tiles_frame([0], pictures=False).columns
    with pytest.raises(HandError, match="tile index 34"):
        tiles_frame([34])
    with pytest.raises(HandError, match="tiles_frame needs a sequence"):
        tiles_frame("1m")


def test_tile_grid_holds_every_tile_once_in_index_order():
    grid = tile_grid(str)
    cells = [int(c) for row in grid.values.tolist() for c in row if c != ""]
    assert cells == list(range(34)) and grid.shape == (4, 9)
    default = tile_grid()
    assert 'aria-label="1z 东风"' in default.iloc[3, 0] and "<b>27</b> 1z 东" in default.iloc[3, 0]
    assert 'title="white dragon"' in default.iloc[3, 6]
    with pytest.raises(HandError, match="cell must be a function"):
        tile_grid("x")


def test_claim_frame_shows_points_under_points():
    """claim_frame: the options in claim_advice's order with its figures; a points column
    only when the options carry expected points."""
    from mjcore import claim_advice
    from mjcore.view.frames import claim_frame

    for objective in ("win", "points"):
        options = claim_advice("12389m456p78s11z4z", "9s", "left", 9, objective=objective)
        frame = claim_frame(options)
        assert frame["win"].tolist() == [o.win for o in options]
        assert ("expected points" in frame.columns) == (objective == "points")
        if objective == "points":
            assert frame["expected points"].tolist() == [o.expected_points for o in options]


def test_seats_frame_holds_each_seats_figures():
    """seats_frame: one row a seat, the figures of table_figures, the intervals as text."""
    from mjcore.play.table import play_rounds, table_figures

    figures = table_figures(play_rounds(0, 60))
    frame = seats_frame(figures)
    assert frame["seat"].tolist() == ["0 (dealer)", "1", "2", "3"]
    assert frame["win"].tolist() == [s.win.value for s in figures.seats]
    assert frame["deal-in"].tolist() == [s.deal_in.value for s in figures.seats]
    assert frame["winning turn"].tolist() == [s.turn[0] for s in figures.seats]
    low, high = figures.seats[2].win.interval()
    assert frame.loc[2, "win, 95%"] == f"{100 * low:.1f}–{100 * high:.1f}%"
    assert "0x" not in styled(frame).to_html()


def test_danger_frame_is_deal_in_chances_safest_first():
    """One row a distinct tile of the hand: deal_in_chances' chance and the share of ready
    hands waiting on it, the safest first, ties in tile order; the last 白 is safe under
    riichi rules."""
    dangers = deal_in_chances("12389m456p78s9p11z4z", visible="7m6s", turn=9)
    frame = danger_frame(dangers)
    assert list(frame.columns) == ["tile", "中文", "deal-in", "waited on"]
    assert sorted(frame["tile"]) == sorted(tile_name(t) for t in dangers.tiles)
    assert frame["deal-in"].tolist() == [dangers.chance(t) for t in frame["tile"]]
    assert frame["waited on"].tolist() == [dangers.shares[tile_index(t)] for t in frame["tile"]]
    assert frame["deal-in"].is_monotonic_increasing
    safe = danger_frame(deal_in_chances("1m5z", visible="1m1m1m5z5z5z", turn=12,
                                       rules="riichi"))
    assert safe["tile"].tolist() == ["5z", "1m"] and safe["deal-in"].iloc[0] == 0.0
    early = danger_frame(deal_in_chances("19m5z", turn=1))  # nobody is ready yet: tile order
    assert early["tile"].tolist() == ["1m", "9m", "5z"] and not early["deal-in"].any()
    pictured = danger_frame(dangers, pictures=True)
    assert list(pictured.columns)[0] == "" and "<svg" in pictured.iloc[0, 0]


@pytest.mark.parametrize("bad, name", [(discard_advice("12389m456p78s9p11z4z"), "Dangers"),
                                       (None, "Dangers")])
def test_danger_frame_needs_dangers(bad, name):
    with pytest.raises(HandError, match=name):
        danger_frame(bad)
    with pytest.raises(HandError, match="pictures"):
        danger_frame(deal_in_chances("19m", turn=3), pictures="yes")
