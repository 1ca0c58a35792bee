"""The Poyang score calculator driven from Python: typing, ticking and menus, no browser."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from mjcore.scoring.poyang import PoyangRules, score, settle  # noqa: E402
from mjcore.view.widgets import (  # noqa: E402
    SCORE_FLAGS,
    ScoreCalculator,
    render_score_html,
    split_melds,
)


def fans_shown(page: str) -> list[tuple[str, int]]:
    """The (name, fan) rows of the fan table in a score page."""
    return [(n, int(f)) for n, f in re.findall(r"<tr><td>(\S+)</td><td>[^<]*</td><td>(\d+)</td>",
                                               page)]


def payments_shown(page: str) -> list[int]:
    return [int(p) for p in re.findall(r"<tr><td>seat \d</td><td>([+-]?\d+)</td></tr>", page)]


# --- the pure renderer -----------------------------------------------------------

def test_render_matches_score_and_settle():
    page = render_score_html("11223344556677m", win_tile="7m")
    s = score("11223344556677m", win_tile="7m")
    assert fans_shown(page) == s.fans == [("七对", 3), ("清一色", 4), ("门清", 1)]
    assert "capped at 6 (total 8)" in page and "<b>points</b>: 64" in page
    assert payments_shown(page) == settle(s, winner=0, discarder=1) == [64, -64, 0, 0]
    assert "best of 4" in page and "seven pairs" in page


def test_render_melds_and_self_draw():
    page = render_score_html("123m11z", win_tile="1z", melds="kong 1111p, chi 456p; pon 777p",
                             self_draw=True, after_kong=True, winner=3)
    assert fans_shown(page) == [("平胡", 1), ("自摸", 1), ("杠上开花", 2)]
    assert "<code>chi 456p</code>" in page and "(self-drawn)" in page
    assert payments_shown(page) == [-17, -17, -17, 51]
    assert "paid by each other seat" in page


def test_render_robbing_kong_and_no_cap():
    page = render_score_html("123m456p789s11z", win_tile="2m", melds=["pon 777z"],
                             robbing_kong=True, discarder=2, rules=PoyangRules(cap=None))
    assert payments_shown(page) == [24, 0, -24, 0] and "robbing a kong" in page
    assert "capped" not in page


def test_render_raises_hand_error():
    with pytest.raises(ValueError, match="357m"):
        render_score_html("123m11z", win_tile="1z", melds="chi 357m")


def test_split_melds():
    assert split_melds("pon 777z，chi 345m\nankan 9999s；kong 1111p") == [
        "pon 777z", "chi 345m", "ankan 9999s", "kong 1111p"]


# --- the calculator ---------------------------------------------------------------

@pytest.fixture
def calc() -> ScoreCalculator:
    return ScoreCalculator()


def test_default_calculator(calc):
    assert calc.message == "" and calc.score.points == 16
    assert calc.panel_html == render_score_html("111222333m44455s", win_tile="5s",
                                            show_hand=False)
    assert list(calc.checkboxes) == list(SCORE_FLAGS)
    assert repr(calc) == "ScoreCalculator(hand='111222333m44455s', win_tile='5s', melds=[])"


def test_ticking_a_box_rescores(calc):
    calc.checkboxes["self_draw"].value = True  # as a click does
    assert calc.score.points == 32
    assert ("自摸", 1) in fans_shown(calc.panel_html)
    calc.set_flag("self_draw", False)
    assert calc.score.points == 16


def test_typing_hand_melds_and_win_tile(calc):
    calc.set_hand("123m456p789s11z")
    assert calc.score is None and "needs 14" in calc.message  # 11 tiles, no melds yet
    calc.set_melds("pon 777z")
    assert "5s is not in the hand" in calc.message
    calc.set_win_tile("1z")
    assert calc.score.fans == [("平胡", 1)] and calc.message == ""
    calc.melds_text.value = "chi 357m"
    assert calc.score is None and "357m" in calc.message
    assert 'class="mj-message"' in calc.panel_html and "Traceback" not in calc.panel_html
    calc.set_melds(["pon 777z"])
    calc.win_text.value = "9z"
    assert "9z" in calc.message
    calc.set_win_tile("1z")
    assert calc.score.points == 2


def test_inconsistent_context_shows_a_message(calc):
    calc.set_flag("last_tile")
    assert "self_draw" in calc.message and calc.score is None
    calc.set_flag("self_draw")
    assert calc.score is not None and ("海底捞月", 1) in calc.score.fans
    calc.set_flag("no_such_flag")
    assert "flag must be one of" in calc.message


def test_cap_menu(calc):
    calc.set_hand("11223344556677m")
    calc.set_win_tile("7m")
    assert calc.score.points == 64
    calc.set_cap(None)
    assert calc.score.points == 256 and calc.rules.cap is None
    calc.cap_dropdown.value = 8
    assert calc.score.fan == 8
    calc.set_cap(7)
    assert "not in the menu" in calc.message and calc.score.fan == 8


def test_seats(calc):
    calc.set_seats(2, 0)
    assert payments_shown(calc.panel_html) == [-16, 0, 16, 0]
    calc.set_seats(1, 1)
    assert "cannot also be the discarder" in calc.message and calc.score is None
    calc.set_flag("self_draw")  # a self-drawn win ignores the discarder
    assert payments_shown(calc.panel_html) == [-33, 99, -33, -33]
    calc.set_seats(5)
    assert "winner must be a seat 0-3" in calc.message


def test_constructor_arguments():
    calc = ScoreCalculator("123m456p789s11z", "1z", melds=["pon 777z"], self_draw=True,
                           rules=PoyangRules(cap=5, base=2))
    assert calc.score.points == 2 * 2 ** 2 and calc.melds == ["pon 777z"]
    assert calc.cap_dropdown.value == 5
    with pytest.raises(ValueError, match="flag must be one of"):
        ScoreCalculator(tsumo=True)


def test_displays_as_a_widget(calc):
    bundle = calc._repr_mimebundle_()
    assert bundle["text/plain"] == repr(calc)
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_tile_buttons_edit_the_concealed_hand():
    calc = ScoreCalculator("111222333m44455s", win_tile="5s")
    calc.pad.hand_box.children[-1].click()  # one 5s less: no longer a win
    assert calc.hand_text.value == "111222333m4445s" and calc.score is None
    assert calc.message
    calc.pad.tile_buttons[13].click()  # 5s back
    assert calc.hand_text.value == "111222333m44455s" and calc.score.points == 16
    calc.add("9p")
    assert calc.message.startswith("the hand already has 14 tiles")
    assert calc.score.points == 16 and "<b>points</b>: 16" in calc.panel_html  # kept
    calc.set_hand("1112z8z")
    calc.remove("1m")
    assert calc.message.startswith("8z is not a tile") and calc.hand_text.value == "1112z8z"
