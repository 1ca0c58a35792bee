"""The wait chart widget and its static table, driven from Python."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib")

from conftest import chosen_face  # noqa: E402

from mjcore import HONGZHONG, POYANG, STANDARD, HandError, waits, with_wild  # noqa: E402
from mjcore.play.prob import draw_probability, outlooks  # noqa: E402
from mjcore.view.widgets import WaitChart, render_outlook_html  # noqa: E402


def rows(page: str) -> list[list[str]]:
    return [re.findall(r"<td>([^<]*)</td>", r) for r in re.findall(r"<tr><td>.*?</tr>", page)]


def legend(chart: WaitChart) -> list[str]:
    return [t.get_text() for t in chart.figure.axes[0].get_legend().texts]


def test_table_numbers_are_the_exact_chances():
    page = render_outlook_html("111222333m4445s", draws=(1, 6, 18))
    (row,) = rows(page)
    assert row[:5] == ["-", "0", "3s(4) 5s(3) 6s(4)", "11", "123"]
    want = [f"{float(draw_probability(11, 123, k)):.1%}" for k in (1, 6, 18)]
    assert row[5:] == want and want[0] == "8.9%"


def test_table_for_a_fourteen_tile_hand_lists_best_discards():
    page = render_outlook_html("12389m456p78s9p11z4z")
    assert [r[0] for r in rows(page)] == ["9p", "4z", "9m"]
    assert rows(page)[0][1:5] == ["1", "7m(4) 6s(4) 9s(4)", "12", "122"]  # 136 less the 14 held


def test_table_shows_visible_and_dead_waits():
    page = render_outlook_html("123456789m123s5p", visible="555p")
    assert "<b>visible</b>: <code>555p</code>" in page
    assert rows(page)[0][2:5] == ["5p(0)", "0", "120"] and rows(page)[0][5] == "0.0%"


def test_default_chart():
    chart = WaitChart()
    assert repr(chart) == "WaitChart(hand='111222333m4445s', rules='poyang', max_draws=18)"
    assert chart.message == "" and chart.png.startswith(b"\x89PNG")
    assert legend(chart) == ["11 of 123 winning (shanten 0)"]
    ys = chart.figure.axes[0].lines[0].get_ydata()
    assert len(ys) == 19 and ys[18] == pytest.approx(float(draw_probability(11, 123, 18)))
    assert chart.table_html == render_outlook_html("111222333m4445s", show_hand=False)


def test_typing_moves_the_chart():
    chart = WaitChart()
    chart.hand_text.value = "23456789m11z234s"
    assert legend(chart) == [f"{waits('23456789m11z234s').total} of 123 winning (shanten 0)"]
    chart.visible_text.value = "1m4m7m"
    assert legend(chart) == [f"{waits('23456789m11z234s', visible='147m').total} of 120 "
                             "winning (shanten 0)"]
    assert repr(chart).endswith("visible='1m4m7m', max_draws=18)")


def test_slider_and_rules():
    chart = WaitChart("11223366m1133s4z")
    assert legend(chart) == ["3 of 123 winning (shanten 0)"]
    chart.rules_dropdown.value = "standard"
    assert legend(chart) == [outlooks("11223366m1133s4z", STANDARD)[0].label]
    assert "(shanten 0)" not in legend(chart)[0]
    chart.draws_slider.value = 40
    assert len(chart.figure.axes[0].lines[0].get_xdata()) == 41


def test_fourteen_tiles_draw_three_curves():
    chart = WaitChart("12389m456p78s9p11z4z")
    assert [s.split(":")[0] for s in legend(chart)] == ["discard 9p", "discard 4z", "discard 9m"]


@pytest.mark.parametrize("hand, visible, message", [
    ("111222333m444s", "", "a hand needs 3n+1 or 3n+2 tiles, at most 14, got 12"),
    ("", "", "the hand is empty"),
    ("1112z8z", "", "8z is not a tile: honours are 1z-7z"),
    ("123456789m123s5p", "5555p", "a tile has 4 copies"),
])
def test_bad_input_shows_a_message_not_a_chart(hand, visible, message):
    chart = WaitChart()
    chart.set_visible(visible)
    chart.set_hand(hand)
    assert message in chart.message and message.split(":")[0] in chart.table_html
    assert chart.figure is None and chart.png == b""
    assert chart.hand_text.value == hand  # left as typed
    chart.set_hand("111222333m4445s")
    chart.set_visible("")
    assert chart.message == "" and chart.figure is not None


def test_unknown_rules_rejected():
    with pytest.raises(ValueError, match="rules must be a mjcore.Rules or one of .*, got 'house'"):
        WaitChart(rules="house")


def test_output_widget_holds_the_png_and_empties_on_error():
    import base64

    chart = WaitChart()
    (shown,) = chart.output.outputs
    assert base64.b64decode(shown["data"]["image/png"]) == chart.png
    assert shown["data"]["text/plain"] == "<wait chart of 111222333m4445s>"
    chart.set_hand("1m1m1m1m1m")
    assert chart.output.outputs == () and "a tile has 4 copies" in chart.message


# --- wild tiles 赖子 (issue 33) ---------------------------------------------------

WILD = with_wild(POYANG, "7z")


def test_wild_faces_and_rules():
    chart = WaitChart(max_draws=2)
    assert chart.wild is None and chart.rules is POYANG and chosen_face(chart.wild_picker) == ""
    assert chart.wild_picker.widget in chart.widget.children
    assert chart.rules_dropdown.options == ("standard", "poyang", "riichi", "hongzhong")
    chart.wild_picker.tile_buttons[31].click()
    assert chosen_face(chart.wild_picker) == "7z"
    assert chart.wild == 31 and chart.rules == WILD
    assert repr(chart) == ("WaitChart(hand='111222333m4445s', rules='poyang', max_draws=2, "
                           "wild='7z')")
    chart.rules_dropdown.value = "standard"
    assert chart.rules == with_wild(STANDARD, 31) and chosen_face(chart.wild_picker) == "7z"
    chart.wild_picker.none_button.click()
    assert chart.rules is STANDARD and chosen_face(chart.wild_picker) == ""
    chart.set_rules(HONGZHONG)
    assert chart.rules is HONGZHONG and chosen_face(chart.wild_picker) == "7z"
    assert WaitChart(rules=HONGZHONG, max_draws=2).wild == 31
    assert WaitChart(wild="中", max_draws=2).rules == WILD


@pytest.mark.parametrize("bad", ["8z", 34, 2.0, "77z", [7]])
def test_a_bad_wild_tile_is_a_message_and_keeps_the_chart(bad):
    chart = WaitChart(max_draws=2)
    before = (chart.rules, chosen_face(chart.wild_picker), chart.figure, chart.png)
    chart.set_wild(bad)
    assert chart.message.startswith("wild") and "wild" in chart.table_html
    assert (chart.rules, chosen_face(chart.wild_picker), chart.figure, chart.png) == before
    assert chart.figure is not None
    with pytest.raises(HandError, match="^wild"):
        WaitChart(wild=bad)
    with pytest.raises(HandError, match="^wild"):
        render_outlook_html("111222333m4445s", wild=bad)


def test_wild_rules_never_raise():
    """Whatever outlooks makes of wild rules, the chart shows a chart or a message."""
    chart = WaitChart("123456789m1112p", max_draws=2)
    chart.set_wild("7z")
    assert chart.wild == 31
    assert (chart.figure is None) == (chart.message != "")


def test_chart_counts_the_wild_tile():
    chart = WaitChart("123456789m1112p", wild="7z")
    assert chart.message == ""
    assert legend(chart) == [outlooks("123456789m1112p", WILD)[0].label]
    assert legend(chart)[0].startswith(f"{waits('123456789m1112p', WILD).total} of ")
    assert chart.table_html == render_outlook_html("123456789m1112p", WILD, show_hand=False)
    assert "<b>wild</b> 赖子" in chart.table_html
    chart.set_wild(None)
    assert legend(chart)[0].startswith(f"{waits('123456789m1112p').total} of ")


def test_tile_buttons_edit_the_hand_and_bad_clicks_only_say_why():
    chart = WaitChart("123456789m123s")
    chart.pad.tile_buttons[22].click()  # 5p: a single wait
    assert chart.hand_text.value == "123456789m5p123s" and legend(chart) == [
        "3 of 123 winning (shanten 0)"]
    chart.set_visible("555p")
    table = chart.table_html
    chart.add("5p")
    assert chart.message == "5p: 1 in the hand and 3 visible; no copy is left to add"
    assert table in chart.table_html and chart.figure is not None  # the chart stays
    chart.pad.hand_box.children[-1].click()  # removes 3s: 12 tiles, no outlook
    assert chart.hand_text.value == "123456789m5p12s" and chart.figure is None
    assert chart.message and chart.message in chart.table_html
    chart.add("4s")
    assert chart.hand_text.value == "123456789m5p124s" and chart.message == ""
    chart.remove("9s")
    assert chart.message == "9s is not in the hand"
    chart.set_hand("1112z8z")
    assert chart.message.startswith("8z is not a tile")
    chart.add("1m")
    assert chart.message.startswith("8z is not a tile") and chart.hand_text.value == "1112z8z"
    assert [b.description for b in chart.pad.hand_box.children][-1] == "4s 四条"  # kept
