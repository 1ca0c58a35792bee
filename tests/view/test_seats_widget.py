"""The four-seat advisor (chapter 7) and its static panel, driven from Python: faces
clicked, the seats and the claim chosen, bad input typed; no browser."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("pandas")

from conftest import chosen_face  # noqa: E402

from mjcore import (  # noqa: E402
    HONGZHONG,
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    claim_advice,
    deal_in_chances,
    parse,
    tile_index,
    win_chances,
)
from mjcore.play.approximate import approximate_note, measured_error  # noqa: E402
from mjcore.play.bestplay import limits  # noqa: E402
from mjcore.view.render import escape, tile_label  # noqa: E402
from mjcore.view.widgets import (  # noqa: E402
    SEATS_MODES,
    SeatsAdvisor,
    render_seats_html,
)

FOURTEEN = "12389m456p78s9p11z4z"  # chapter 5's hand: 9p or 4z, 31.7% alone, 86.5% with calls
THIRTEEN = "12389m456p78s11z4z"    # the same after 9p
NEAR = "389m389p4589s4557z"  # riichi, 10,510 hands: EXACT_FIRST lowered, some stop at leaves
ORPHANS = "19m19p19s1234566z5m"  # riichi: 5m, thirteen orphans on 7z; poyang: 6z, 十三烂


def rows(page: str) -> list[list[str]]:
    """The text of each body row of the panel's (last) table: pictures and tags dropped."""
    body = page.rsplit("<tbody>", 1)[1].split("</tbody>")[0]
    return [[re.sub(r"<svg.*?</svg>|<[^>]+>", "", cell, flags=re.S).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)]


def header(page: str) -> list[str]:
    head = page.rsplit("<thead>", 1)[1].split("</thead>")[0]
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>.*?</th>", head)]


def pct(p: float) -> str:
    return f"{p:.1%}"


# --- the static panel -----------------------------------------------------------------

@pytest.mark.parametrize("seats", ["discard_wins", "calls"])
def test_a_fourteen_tile_table_is_win_chances_alone_and_at_four_seats(seats):
    page = render_seats_html(FOURTEEN, seats=seats, pictures=False)
    alone = {c.name: c for c in win_chances(FOURTEEN)}
    four = win_chances(FOURTEEN, **SEATS_MODES[seats])
    assert header(page) == ["discard", "shanten", "alone", "four seats", "on a discard",
                            "tenpai"]
    assert rows(page) == [[c.name, str(c.shanten), pct(alone[c.name].win), pct(c.win),
                           pct(c.discard_win), pct(c.tenpai)] for c in four]
    assert len(rows(page)) == 13 and rows(page)[0][0] in ("9p", "4z")
    assert "best at four seats first" in page


def test_alone_shows_one_chance_and_pictures_of_each_discard():
    page = render_seats_html(FOURTEEN, seats="alone")
    alone = win_chances(FOURTEEN)
    assert header(page) == ["", "discard", "shanten", "win", "tenpai"]
    assert [r[1:4] for r in rows(page)] == [[c.name, str(c.shanten), pct(c.win)]
                                           for c in alone]
    assert rows(page)[0][3] == "31.7%" and "best alone first" in page
    assert page.count('aria-label="9p 九筒"') == 2  # the discard's picture and the hand's
    assert 'class="mj-hand"' in page
    assert 'class="mj-hand"' not in render_seats_html(FOURTEEN, seats="alone",
                                                      show_hand=False)


def test_a_thirteen_tile_hand_without_a_claim_is_one_row_and_a_hint():
    page = render_seats_html(THIRTEEN, seats="calls", pictures=False)
    [c] = win_chances(THIRTEEN, discard_wins=True, calls=True)
    assert rows(page) == [["-", str(c.shanten), pct(win_chances(THIRTEEN)[0].win), pct(c.win),
                           pct(c.discard_win), pct(c.tenpai)]]
    assert "Pick a tile another seat has just discarded" in page


def test_a_claim_lists_claim_advice_best_first():
    page = render_seats_html(THIRTEEN, claim="9s", seat="left", pictures=False)
    options = claim_advice(THIRTEEN, "9s", "left")
    assert rows(page) == [["吃 chi", "789s", "4z", "95.2%", pct(options[0].discard_win),
                           "100.0%"], ["pass 过", "", "-", "83.4%",
                                       pct(options[1].discard_win), pct(options[1].tenpai)]]
    assert "just discarded by the left 上家 seat" in page and "No 吃" not in page


def test_from_another_seat_no_chi_and_the_panel_says_why():
    page = render_seats_html(THIRTEEN, claim="9s", seat="right", pictures=False)
    [option] = claim_advice(THIRTEEN, "9s", "right")
    assert rows(page) == [["pass 过", "", "-", pct(option.win), pct(option.discard_win),
                           pct(option.tenpai)]]
    assert "No 吃 from the right 下家 seat: only the left seat's discard makes a run " \
           "(789s)." in page
    pon = render_seats_html(THIRTEEN, claim="1z", seat="across", pictures=False)
    assert [r[:3] for r in rows(pon)] == [["pass 过", "", "-"], ["碰 pon", "111z", "4z"]]
    assert "No 吃" not in pon  # an honour makes no run from any seat


def test_a_claim_with_pictures_draws_the_meld_and_the_discard():
    page = render_seats_html(THIRTEEN, claim="9s", seat="left")
    chi = page.rsplit("<tbody>", 1)[1].split("</tr>")[0]
    assert re.findall(r'aria-label="(\w\w) ', chi) == ["7s", "8s", "9s", "4z"]
    assert page.count('class="mj-hand"') == 1  # the hand's own pictures only


def test_a_claim_of_a_fourteen_tile_hand_shows_the_table_and_why_not():
    page = render_seats_html(FOURTEEN, claim="9s", pictures=False)
    assert len(rows(page)) == 13
    assert "is asked of a 13-tile hand, the discard just made: this hand has 14" in page


def test_a_winning_hand_is_won_already():
    page = render_seats_html("11123m", seats="calls", pictures=False)
    assert rows(page) == [["-", "-1", "100.0%", "100.0%", "100.0%"]]
    assert header(page) == ["discard", "shanten", "alone", "four seats", "tenpai"]


def test_rules_visible_and_turns_reach_the_search():
    """Under riichi rules 5m leaves thirteen orphans ready (on 7z); under Poyang's, which
    have no thirteen orphans but 十三烂, 6z leaves a ready hand instead: the table is the
    search's under the rules asked for, and not Poyang's."""
    page = render_seats_html(ORPHANS, RIICHI, visible="7m", draws=8, pictures=False)
    alone = {c.name: c for c in win_chances(ORPHANS, 8, RIICHI, "7m")}
    four = win_chances(ORPHANS, 8, RIICHI, "7m", discard_wins=True)
    assert rows(page) == [[c.name, str(c.shanten), pct(alone[c.name].win), pct(c.win),
                           pct(c.discard_win), pct(c.tenpai)] for c in four]
    assert rows(page)[0][:2] == ["5m", "0"]
    poyang = render_seats_html(ORPHANS, POYANG, visible="7m", draws=8, pictures=False)
    assert rows(poyang)[0][:2] == ["6z", "0"] and rows(poyang) != rows(page)
    assert "<b>rules</b>: riichi" in page and "<b>turns</b>: 8" in page
    assert "<b>visible</b>: <code>7m</code>" in page


def points(p: float) -> str:
    return f"{p:.2f}"


@pytest.mark.parametrize("seats", ["discard_wins", "calls"])
def test_points_rank_by_expected_points_alone_and_at_four_seats(seats):
    page = render_seats_html(FOURTEEN, seats=seats, objective="points", pictures=False)
    alone = {c.name: c for c in win_chances(FOURTEEN, objective="points")}
    four = win_chances(FOURTEEN, objective="points", **SEATS_MODES[seats])
    assert header(page) == ["discard", "shanten", "alone", "four seats", "on a discard",
                            "tenpai", "points alone", "points, four seats"]
    assert rows(page) == [[c.name, str(c.shanten), pct(alone[c.name].win), pct(c.win),
                           pct(c.discard_win), pct(c.tenpai),
                           points(alone[c.name].expected_points), points(c.expected_points)]
                          for c in four]
    ranked = [float(r[-1]) for r in rows(page)]
    assert ranked == sorted(ranked, reverse=True)
    assert "<b>goal</b>: expected points (Poyang)" in page
    assert "expected points, and the chance of winning playing for them" in page
    assert "<b>goal</b>" not in render_seats_html(FOURTEEN, seats=seats, pictures=False)


def test_by_points_alone_one_column_of_points():
    page = render_seats_html(FOURTEEN, seats="alone", objective="points", pictures=False)
    alone = win_chances(FOURTEEN, objective="points")
    assert header(page) == ["discard", "shanten", "win", "tenpai", "expected points"]
    assert rows(page) == [[c.name, str(c.shanten), pct(c.win), pct(c.tenpai),
                           points(c.expected_points)] for c in alone]


def test_a_claim_by_points_can_answer_otherwise_than_by_the_chance():
    """The 9s from the left: 吃 789s wins more often, passing keeps 门清 and scores more."""
    page = render_seats_html(THIRTEEN, claim="9s", seat="left", objective="points",
                             pictures=False)
    options = claim_advice(THIRTEEN, "9s", "left", objective="points")
    assert [o.kind for o in options] == ["pass", "chi"]
    assert options[0].expected_points > options[1].expected_points
    assert options[1].win > options[0].win
    assert header(page)[-1] == "expected points"
    assert rows(page) == [["pass 过", "", "-", pct(options[0].win),
                           pct(options[0].discard_win), pct(options[0].tenpai),
                           points(options[0].expected_points)],
                          ["吃 chi", "789s", "4z", pct(options[1].win),
                           pct(options[1].discard_win), pct(options[1].tenpai),
                           points(options[1].expected_points)]]
    assert "best first by expected points" in page
    right = render_seats_html(THIRTEEN, claim="9s", seat="right", objective="points",
                              pictures=False)
    assert "No 吃 from the right" in right  # the runs from the left, asked by points too


@pytest.mark.parametrize("seats", ["discard_wins", "calls"])
def test_the_race_makes_the_four_seat_columns_win_before_anyone_else(seats):
    """opponents=True, turn: the four-seat columns are win_chances' with the race, in its
    order; the player alone is not raced; the other turns' values differ."""
    page = render_seats_html(FOURTEEN, seats=seats, draws=12, opponents=True, turn=5,
                             pictures=False)
    alone = {c.name: c for c in win_chances(FOURTEEN, 12)}
    race = win_chances(FOURTEEN, 12, opponents=True, turn=5, **SEATS_MODES[seats])
    danger = deal_in_chances(FOURTEEN, turn=5)
    assert header(page) == ["discard", "shanten", "alone", "before anyone else",
                            "on a discard", "tenpai", "deal-in"]
    assert rows(page) == [[c.name, str(c.shanten), pct(alone[c.name].win), pct(c.win),
                           pct(c.discard_win), pct(c.tenpai), f"{danger.chance(c.tile):.2%}"]
                          for c in race]
    plain = win_chances(FOURTEEN, 12, **SEATS_MODES[seats])
    assert race[0].win < plain[0].win - 0.1  # the race is on, not the four seats alone
    assert "<b>the race</b>: other seats may win first (the table's curve), from turn 5" in page
    assert "best at four seats (before anyone else) first" in page
    assert rows(render_seats_html(FOURTEEN, seats=seats, draws=12, opponents=True, turn=1,
                                  pictures=False)) != rows(page)
    assert "the race" not in render_seats_html(FOURTEEN, seats=seats, pictures=False)


def test_the_race_by_points_renames_both_columns():
    """With calls the points in the race leave deal-ins out (win_chances without them), and
    a line says so."""
    page = render_seats_html(FOURTEEN, seats="calls", objective="points", opponents=True,
                             pictures=False)
    race = win_chances(FOURTEEN, objective="points", discard_wins=True, calls=True,
                       opponents=True)
    assert header(page)[-3:] == ["points alone", "points, before anyone else", "deal-in"]
    assert [r[-2] for r in rows(page)] == [points(c.expected_points) for c in race]
    assert ("<p><b>deal-ins</b>: counted only at four seats with wins on discards and no "
            "calls: with calls the expected points leave them out</p>") in page
    assert "push or fold" not in page and "before the round ends" not in page


PUSH = "push (best play keeps trying to win)"
FOLD = "fold (best play gives up winning and throws its safest tiles)"


@pytest.mark.parametrize("hand, visible, draws, turn, answer", [
    (FOURTEEN, "", 14, 10, PUSH), (FOURTEEN, "7m6s5z", 12, 6, PUSH),
    ("3478m1p45566779s7z", "", 11, 13, FOLD)])
def test_the_race_by_points_with_discard_wins_counts_deal_ins(hand, visible, draws, turn,
                                                              answer):
    """Points at four seats with wins on discards and the race: win_chances(...,
    deal_ins=True)'s, net, in its order, with each discard's chance of dealing in before
    the round ends and push or fold, a line saying what they are and one answering push
    or fold for the best discard."""
    page = render_seats_html(hand, visible=visible, draws=draws, objective="points",
                             opponents=True, turn=turn, pictures=False)
    want = win_chances(hand, draws, visible=visible, objective="points", discard_wins=True,
                       opponents=True, turn=turn, deal_ins=True)
    assert header(page)[-5:] == ["points alone", "net points, before anyone else", "deal-in",
                                 "deal-in before the round ends", "then"]
    assert "on a discard" not in header(page)  # not followed with deal-ins
    assert [(r[0], r[-4], r[-2], r[-1]) for r in rows(page)] == [
        (c.name, points(c.expected_points), f"{c.deal_in:.2%}", "fold" if c.fold else "push")
        for c in want]
    assert (f'<p class="mj-push-fold"><b>push or fold</b>: {answer}, after {want[0].name}, '
            "the best discard by net expected points</p>") in page
    assert answer.startswith("fold" if want[0].fold else "push")
    assert ("<p><b>deal-in before the round ends</b>: the chance of dealing in (放炮) under "
            "best play for net points, each deal-in costing 5.72 points") in page
    assert "expected points net of deal-ins, and the chance of winning playing for them, " \
           f"within {draws} turns" in page
    # the same question without the race, or by the chance of winning: no deal-ins
    for other in (dict(objective="points"), dict(opponents=True, turn=turn)):
        plain = render_seats_html(hand, visible=visible, draws=draws, pictures=False,
                                  **other)
        assert "before the round ends" not in plain and "push or fold" not in plain
        assert "<b>deal-ins</b>" not in plain


def test_deal_ins_of_a_kept_hand_and_a_won_one():
    """A 13-tile hand kept as it is answers push or fold with the hand as it is; a hand
    that wins already deals in nothing: no columns, no line."""
    kept = render_seats_html(THIRTEEN, draws=14, objective="points", opponents=True,
                             turn=10, pictures=False)
    [c] = win_chances(THIRTEEN, 14, objective="points", discard_wins=True, opponents=True,
                      turn=10, deal_ins=True)
    assert rows(kept)[0][-2:] == [f"{c.deal_in:.2%}", "push"] and not c.fold
    assert f"<b>push or fold</b>: {PUSH}, with the hand as it is</p>" in kept
    won = render_seats_html("11223344556677m", draws=14, objective="points", opponents=True,
                            turn=10, pictures=False)
    assert "before the round ends" not in won and "push or fold" not in won


def test_the_race_adds_each_discards_chance_of_dealing_in_now():
    """With the race, the last column is deal_in_chances' at the race's turn, with the
    visible tiles and three other seats, in full in the frame and to two decimals in the
    page, and a line under the table says what it is; without the race, neither."""
    visible = "7m6s5z"
    page = render_seats_html(FOURTEEN, "riichi", visible, draws=6, seats="calls",
                             opponents=True, turn=12, pictures=False)
    danger = deal_in_chances(FOURTEEN, visible, 12, "riichi")
    race = win_chances(FOURTEEN, 6, "riichi", visible, discard_wins=True, calls=True,
                       opponents=True, turn=12)
    assert [(r[0], r[-1]) for r in rows(page)] == [
        (c.name, f"{danger.chance(c.tile):.2%}") for c in race]
    assert len({r[-1] for r in rows(page)}) > 5
    assert (f"<p><b>deal-in</b>: the chance the discard, made now at turn 12, deals in (放炮): "
            f"one of the 3 other seats is ready (each {danger.ready:.2%} of the time") in page
    plain = render_seats_html(FOURTEEN, "riichi", visible, draws=6, seats="calls",
                              pictures=False)
    assert "deal-in" not in plain and header(plain)[-1] == "tenpai"
    # a hand kept as it is (13 tiles, or a win) discards nothing: no column, no line
    kept = render_seats_html(THIRTEEN, seats="calls", draws=8, opponents=True, turn=3,
                             pictures=False)
    assert "deal-in" not in kept and len(rows(kept)) == 1


def test_a_claim_in_the_race_is_claim_advice_with_it():
    page = render_seats_html(THIRTEEN, claim="9s", seat="left", opponents=True, turn=3,
                             pictures=False)
    options = claim_advice(THIRTEEN, "9s", "left", opponents=True, turn=3)
    assert rows(page) == [["吃 chi", "789s", "4z", pct(options[0].win),
                           pct(options[0].discard_win), "100.0%"],
                          ["pass 过", "", "-", pct(options[1].win),
                           pct(options[1].discard_win), pct(options[1].tenpai)]]
    assert options[0].win < claim_advice(THIRTEEN, "9s", "left")[0].win
    assert "at four seats with calls, winning before anyone else</p>" in page
    assert "the chance of winning, before anyone else, within 17 turns" in page


def test_the_race_needs_four_seats_and_the_curve():
    """mjcore's refusals: the player alone does not race; the turns past the curve's end;
    rules whose race the table did not measure."""
    with pytest.raises(HandError, match="opponents race at four seats"):
        render_seats_html(FOURTEEN, seats="alone", opponents=True)
    with pytest.raises(HandError, match="the curve covers the player's turns 1 to 24, and "
                                        "turn 10 with 17 draws needs turn 27"):
        render_seats_html(FOURTEEN, opponents=True, turn=10)
    with pytest.raises(HandError, match="not standard"):
        render_seats_html(FOURTEEN, STANDARD, opponents=True)
    assert rows(render_seats_html(FOURTEEN, STANDARD, turn=10, pictures=False))  # no race


def test_mjcore_refusals_are_hand_errors():
    with pytest.raises(HandError, match="wild rules"):
        render_seats_html(FOURTEEN, HONGZHONG)
    with pytest.raises(HandError, match="wild rules"):
        render_seats_html(FOURTEEN, wild="7z", seats="calls")
    assert "7z wild" in render_seats_html(FOURTEEN, wild="7z", seats="alone")
    with pytest.raises(HandError, match="4 tiles: 30 turns need 120, only 119"):
        render_seats_html(FOURTEEN, visible="555z", draws=30)
    with pytest.raises(HandError, match="3n\\+1 or 3n\\+2"):
        render_seats_html("123m", claim="1z")
    with pytest.raises(HandError, match="use the poyang rules, not riichi"):
        render_seats_html(FOURTEEN, "riichi", objective="points")


def test_approximate_chances_are_marked_with_their_measured_error(monkeypatch):
    """A hand too far for the exact search (its bound lowered): the rows with an
    approximate chance bear the mark, and a line under the table says what such a chance
    is and how far off the table's were measured; exact answers have neither."""
    monkeypatch.setattr(limits, "EXACT_FIRST", 300)
    page = render_seats_html(NEAR, "riichi", seats="alone", pictures=False)
    alone = win_chances(NEAR, rules="riichi", approximate=True)
    assert 0 < sum(not c.exact for c in alone) < len(alone)
    assert '<th class="col_heading level0 col1" >approximate</th>' in page
    assert [row[:2] for row in rows(page)] == [[c.name, "" if c.exact else "~"] for c in alone]
    note = approximate_note(alone, rules="riichi")
    assert (f'<p class="mj-approximate"><b>~ approximate</b>: {escape(note)}</p>' in page)
    assert escape(measured_error()) in page
    exact = render_seats_html(FOURTEEN, seats="alone", pictures=False)
    assert "approximate" not in exact and rows(exact)[0][:2] == ["9p", "1"]  # the shanten


def test_the_advisor_answers_a_far_hand_and_marks_it(monkeypatch):
    """At four seats the advisor asks approximate answers too: the panel is
    render_seats_html's, marked, and no message."""
    monkeypatch.setattr(limits, "EXACT_FIRST", 300)
    advisor = SeatsAdvisor(NEAR, "riichi", seats="discard_wins")
    assert advisor.message == "" and advisor.panel_html == panel(advisor)
    assert "<b>~ approximate</b>: the hand is too far from ready" in advisor.panel_html
    assert "~" in [row[2] for row in rows(advisor.panel_html)]  # after picture and name


@pytest.mark.parametrize("call, name", [
    (lambda: render_seats_html(FOURTEEN, draws=0), "draws"),
    (lambda: render_seats_html(FOURTEEN, draws=31), "draws"),
    (lambda: render_seats_html(FOURTEEN, draws="17"), "draws"),
    (lambda: render_seats_html(FOURTEEN, draws=17.0), "draws"),
    (lambda: render_seats_html(FOURTEEN, seats="both"), "seats"),
    (lambda: render_seats_html(FOURTEEN, seats=None), "seats"),
    (lambda: render_seats_html(THIRTEEN, claim="8z"), "claim"),
    (lambda: render_seats_html(THIRTEEN, claim=34), "claim"),
    (lambda: render_seats_html(THIRTEEN, claim="9s", seat="north"), "seat"),
    (lambda: render_seats_html(THIRTEEN, claim="9s", seat=2), "seat"),
    (lambda: render_seats_html(FOURTEEN, wild="8z"), "wild"),
    (lambda: render_seats_html(FOURTEEN, rules="chinese"), "rules"),
    (lambda: render_seats_html(FOURTEEN, pictures="yes"), "pictures"),
    (lambda: render_seats_html(FOURTEEN, show_hand=1), "show_hand"),
    (lambda: render_seats_html(5), "hand"),
    (lambda: render_seats_html(FOURTEEN, objective="cash"), "objective"),
    (lambda: render_seats_html(FOURTEEN, objective=None), "objective"),
    (lambda: render_seats_html(FOURTEEN, opponents="yes"), "opponents"),
    (lambda: render_seats_html(FOURTEEN, opponents=1), "opponents"),
    (lambda: render_seats_html(FOURTEEN, opponents=True, turn=0), "turn"),
    (lambda: render_seats_html(FOURTEEN, opponents=True, turn=16), "turn"),
    (lambda: render_seats_html(FOURTEEN, turn="3"), "turn"),
    (lambda: SeatsAdvisor(opponents=None), "opponents"),
    (lambda: SeatsAdvisor(turn=16), "turn"),
    (lambda: SeatsAdvisor(objective="chance"), "objective"),
    (lambda: SeatsAdvisor(draws=0), "draws"),
    (lambda: SeatsAdvisor(seats="four"), "seats"),
    (lambda: SeatsAdvisor(claim="0m"), "claim"),
    (lambda: SeatsAdvisor(seat="up"), "seat"),
    (lambda: SeatsAdvisor(rules=42), "rules"),
    (lambda: SeatsAdvisor(wild=[31]), "wild"),
])
def test_bad_arguments_are_hand_errors_naming_them(call, name):
    with pytest.raises(HandError) as caught:
        call()
    assert type(caught.value) is HandError and name in str(caught.value)


# --- the widget -----------------------------------------------------------------------

@pytest.fixture
def advisor() -> SeatsAdvisor:
    return SeatsAdvisor(FOURTEEN, seats="calls")


def panel(advisor: SeatsAdvisor, **changes) -> str:
    """render_seats_html of the advisor's state, less the hand's pictures, with ``changes``."""
    state = {"hand": advisor.counts, "rules": advisor.rules, "visible": advisor.visible,
             "draws": advisor.draws, "seats": advisor.seats, "claim": advisor.claim,
             "seat": advisor.seat, "objective": advisor.objective,
             "opponents": advisor.opponents, "turn": advisor.turn, **changes}
    return render_seats_html(state.pop("hand"), state.pop("rules"), state.pop("visible"),
                             state.pop("draws"), state.pop("seats"), show_hand=False, **state)


def test_the_panel_is_the_static_one_less_the_hand(advisor):
    assert advisor.message == "" and advisor.panel_html == render_seats_html(
        FOURTEEN, seats="calls", show_hand=False)
    assert 'class="mj-hand"' not in advisor.panel_html
    assert repr(advisor) == ("SeatsAdvisor(hand='12389m4569p78s114z', rules='poyang', "
                             "seats='calls', draws=17)")


def test_the_parts_tiles_are_faces_and_the_hand_appears_once(advisor):
    assert [b.description for b in advisor.hand_box.children][:2] == ["1m 一万", "2m 二万"]
    assert len(advisor.hand_box.children) == 14
    assert len(advisor.pad.tile_buttons) == 34 and chosen_face(advisor.claim_picker) == ""
    assert chosen_face(advisor.wild_picker) == ""
    assert advisor.claim_picker.none_button.description == "no claim (chosen)"
    assert advisor.claim_picker.tile_buttons[17].tooltip == (
        "discarded: 9s 九条 (9 bamboo): click to ask whether to claim it")
    assert [v for _, v in advisor.seats_toggle.options] == list(SEATS_MODES)
    assert [label for label, _ in advisor.seats_toggle.options] == [
        "alone: self-drawn wins only", "four seats: 点炮胡, wins on discards",
        "four seats: 点炮胡 and calls 吃 碰"]
    assert [v for _, v in advisor.seat_toggle.options] == ["left", "across", "right"]
    shown = advisor.widget.children
    for part in (advisor.pad.widget, advisor.wild_picker.widget, advisor.claim_picker.widget,
                 advisor.seat_toggle, advisor.output):
        assert part in shown
    assert shown[-1] is advisor.output


def test_clicks_remove_claim_and_switch_seats(advisor):
    nine = next(b for b in advisor.hand_box.children if b.description == tile_label(26))
    nine.click()  # the 9p leaves the hand: 13 tiles
    assert advisor.hand == "12389m456p78s114z" and len(advisor.hand_box.children) == 13
    assert advisor.panel_html == panel(advisor) and "Pick a tile" in advisor.panel_html
    advisor.claim_picker.tile_buttons[tile_index("9s")].click()
    assert advisor.claim == tile_index("9s") and chosen_face(advisor.claim_picker) == "9s"
    assert rows(advisor.panel_html)[0][:3] == ["吃 chi", "789s", "4z"]
    advisor.seat_toggle.value = "right"
    assert advisor.seat == "right" and [r[0] for r in rows(advisor.panel_html)] == ["pass 过"]
    assert advisor.panel_html == panel(advisor)
    advisor.claim_picker.none_button.click()
    assert advisor.claim is None and chosen_face(advisor.claim_picker) == ""
    advisor.seats_toggle.value = "alone"
    assert advisor.seats == "alone" and header(advisor.panel_html)[-2:] == ["win", "tenpai"]
    advisor.pad.tile_buttons[tile_index("9p")].click()
    assert advisor.hand == "12389m4569p78s114z" and advisor.panel_html == panel(advisor)
    advisor.draws_slider.value = 6
    assert advisor.draws == 6 and "<b>turns</b>: 6" in advisor.panel_html
    assert repr(advisor) == ("SeatsAdvisor(hand='12389m4569p78s114z', rules='poyang', "
                             "seats='alone', draws=6)")


def test_methods_do_what_the_clicks_do(advisor):
    advisor.remove("9p")
    advisor.set_claim("1z", "across")
    assert (advisor.claim, advisor.seat, advisor.seat_toggle.value) == (27, "across", "across")
    assert chosen_face(advisor.claim_picker) == "1z"
    assert [r[0] for r in rows(advisor.panel_html)] == ["pass 过", "碰 pon"]
    advisor.set_seat("left")
    assert advisor.seat_toggle.value == "left" and advisor.panel_html == panel(advisor)
    advisor.set_seats("discard_wins")
    assert advisor.seats_toggle.value == "discard_wins"
    advisor.set_draws(9)
    assert advisor.draws_slider.value == 9
    assert repr(advisor) == ("SeatsAdvisor(hand='12389m456p78s114z', rules='poyang', "
                             "seats='discard_wins', draws=9, claim='1z', seat='left')")
    assert advisor.panel_html == panel(advisor)


def state(advisor: SeatsAdvisor) -> tuple:
    return (advisor.counts, advisor.visible, advisor.rules, advisor.seats, advisor.draws,
            advisor.claim, advisor.seat, advisor.seats_toggle.value, advisor.draws_slider.value,
            advisor.seat_toggle.value, advisor.objective, advisor.goal_toggle.value,
            advisor.opponents, advisor.turn, advisor.opponents_box.value,
            advisor.turn_slider.value, advisor.turn_slider.disabled,
            chosen_face(advisor.claim_picker),
            chosen_face(advisor.wild_picker), advisor.rules_dropdown.value)


@pytest.mark.parametrize("act, said", [
    (lambda a: a.set_hand("1112z8z"), "8z is not a tile"),
    (lambda a: a.set_hand(None), "hand must be notation"),
    (lambda a: a.set_seats("both"), "seats must be one of 'alone', 'discard_wins', 'calls'"),
    (lambda a: a.set_seats(2), "seats"),
    (lambda a: a.set_draws(0), "draws must be 1 or more"),
    (lambda a: a.set_draws(31), "draws must be at most 30"),
    (lambda a: a.set_draws("17"), "draws"),
    (lambda a: a.set_claim("8z"), "claim: 8z is not a tile"),
    (lambda a: a.set_claim(34), "claim 34 is not a tile name"),
    (lambda a: a.set_claim("9s", "north"), "seat must be one of"),
    (lambda a: a.set_seat(None), "seat must be one of"),
    (lambda a: a.set_objective("cash"), "objective must be one of 'win', 'points'"),
    (lambda a: a.set_opponents("yes"), "opponents must be True or False, got 'yes'"),
    (lambda a: a.set_opponents(True, 0), "turn must be 1 or more, got 0"),
    (lambda a: a.set_turn(16), "turn must be at most 15, got 16"),
    (lambda a: a.set_turn(2.0), "turn must be a whole number"),
    (lambda a: a.set_wild("77z"), "wild"),
    (lambda a: a.set_rules("chinese"), "rules"),
    (lambda a: a.add("5z5z"), "tile"),
])
def test_bad_input_is_a_message_above_the_panel_and_keeps_the_state(advisor, act, said):
    before, shown = state(advisor), advisor.panel_html
    act(advisor)  # never raises
    assert said in advisor.message
    assert state(advisor) == before
    assert "mj-message" in advisor.panel_html and advisor.panel_html.endswith(shown)


def test_the_goal_toggle_ranks_by_points_and_back(advisor):
    assert [v for _, v in advisor.goal_toggle.options] == ["win", "points"]
    assert advisor.goal_toggle in advisor.widget.children
    advisor.goal_toggle.value = "points"
    assert advisor.objective == "points" and advisor.message == ""
    assert advisor.panel_html == panel(advisor) == render_seats_html(
        FOURTEEN, seats="calls", objective="points", show_hand=False)
    assert header(advisor.panel_html)[-1] == "points, four seats"
    assert repr(advisor).endswith("draws=17, objective='points')")
    advisor.remove("9p")
    advisor.set_claim("9s", "left")
    assert [r[0] for r in rows(advisor.panel_html)] == ["pass 过", "吃 chi"]
    advisor.set_objective("win")
    assert advisor.goal_toggle.value == "win" and advisor.panel_html == panel(advisor)
    assert [r[0] for r in rows(advisor.panel_html)] == ["吃 chi", "pass 过"]


def test_points_under_other_rules_are_a_message_and_a_choice_away(advisor):
    advisor.set_objective("points")
    advisor.set_rules("riichi")
    assert advisor.message == "objective 'points' scores Poyang hands: use the poyang rules, " \
                              "not riichi"
    assert "<table" not in advisor.panel_html
    advisor.goal_toggle.value = "win"
    assert advisor.message == "" and advisor.panel_html == panel(advisor)


def test_a_typed_bad_hand_stays_in_the_box(advisor):
    advisor.set_hand("1112z8z")
    assert advisor.hand_text.value == "1112z8z" and advisor.hand == "12389m4569p78s114z"
    advisor.set_hand("123456789m1234p5z")  # the next good hand clears the message
    assert advisor.message == "" and advisor.panel_html == panel(advisor)


def test_what_mjcore_refuses_is_a_message_and_a_choice_away(advisor):
    advisor.set_rules("hongzhong")  # 7z wild: four seats are not modelled with wild tiles
    assert advisor.message == ("four seats (discard_wins, calls) under wild rules "
                               "(hongzhong) are not modelled yet")
    assert chosen_face(advisor.wild_picker) == "7z"
    assert advisor.panel_html.count("mj-message") == 1 and "<table" not in advisor.panel_html
    advisor.set_seats("alone")  # alone, wild tiles are fine
    assert advisor.message == "" and rows(advisor.panel_html)
    assert advisor.panel_html == panel(advisor)
    advisor.set_rules("poyang")
    advisor.wild_picker.none_button.click()
    advisor.set_seats("calls")
    assert advisor.message == "" and advisor.panel_html == render_seats_html(
        FOURTEEN, seats="calls", show_hand=False)


def test_sizes_the_search_cannot_take_are_messages(advisor):
    advisor.set_hand("123m456p")  # 3n+1 and 3n+2 only
    assert "got 6" in advisor.message
    advisor.clear()
    assert advisor.message.startswith("the hand is empty")
    advisor.add("1z")
    assert advisor.message == "" and rows(advisor.panel_html)[0][:2] == ["", "-"]
    assert rows(advisor.panel_html)[0][4] != "0.0%"  # 1z waits on its three copies
    advisor.set_visible("1z" * 3)
    assert advisor.message == "" and advisor.visible == parse("111z")
    assert [rows(advisor.panel_html)[0][c] for c in (4, 5)] == ["0.0%", "0.0%"]


def test_the_race_box_and_the_turn_slider(advisor):
    """Ticking "others race too" makes the panel render_seats_html's with the race and
    frees the turn slider; the slider moves the race's start; unticking goes back."""
    assert [advisor.opponents_box.value, advisor.turn_slider.disabled] == [False, True]
    for part in (advisor.opponents_box, advisor.turn_slider):
        assert any(part in box.children for box in advisor.widget.children
                   if hasattr(box, "children"))
    before = advisor.panel_html
    advisor.opponents_box.value = True
    assert advisor.opponents and not advisor.turn_slider.disabled and advisor.message == ""
    assert advisor.panel_html == panel(advisor) == render_seats_html(
        FOURTEEN, seats="calls", opponents=True, show_hand=False)
    race = win_chances(FOURTEEN, discard_wins=True, calls=True, opponents=True)
    assert [r[4] for r in rows(advisor.panel_html)] == [pct(c.win) for c in race]
    assert header(advisor.panel_html)[-1] == "deal-in"
    assert {r[-1] for r in rows(advisor.panel_html)} == {"0.00%"}  # turn 1: none ready yet
    advisor.turn_slider.value = 6
    assert advisor.turn == 6 and advisor.panel_html == panel(advisor)
    danger = deal_in_chances(FOURTEEN, turn=6)
    assert [r[-1] for r in rows(advisor.panel_html)] == [
        f"{danger.chance(r[1]):.2%}" for r in rows(advisor.panel_html)]
    assert repr(advisor).endswith("draws=17, opponents=True, turn=6)")
    advisor.opponents_box.value = False
    assert advisor.turn_slider.disabled and advisor.turn == 6
    assert advisor.panel_html == before and repr(advisor).endswith("draws=17, turn=6)")


def test_the_advisor_counts_deal_ins_by_points_with_the_race(advisor):
    """Points, wins on discards and the race: the panel is render_seats_html's, with the
    deal-in columns and the push or fold line; calls bring the note instead, and the goal
    back to the chance takes them away; each change one state, no message."""
    advisor.set_seats("discard_wins")
    advisor.set_draws(14)
    advisor.goal_toggle.value = "points"
    advisor.opponents_box.value = True
    advisor.turn_slider.value = 10
    assert advisor.message == "" and advisor.panel_html == panel(advisor)
    assert f"<b>push or fold</b>: {PUSH}, after 9p" in advisor.panel_html
    assert header(advisor.panel_html)[-2:] == ["deal-in before the round ends", "then"]
    assert repr(advisor) == ("SeatsAdvisor(hand='12389m4569p78s114z', rules='poyang', "
                             "seats='discard_wins', draws=14, objective='points', "
                             "opponents=True, turn=10)")
    advisor.seats_toggle.value = "calls"
    assert advisor.message == "" and advisor.panel_html == panel(advisor)
    assert "<b>deal-ins</b>: counted only" in advisor.panel_html
    assert "push or fold" not in advisor.panel_html
    advisor.seats_toggle.value = "discard_wins"
    advisor.goal_toggle.value = "win"
    assert advisor.panel_html == panel(advisor) and "deal-in" in header(advisor.panel_html)
    assert "push or fold" not in advisor.panel_html and "then" not in header(advisor.panel_html)


def test_a_race_past_the_curve_is_mjcores_message_and_a_slider_away(advisor):
    """Turn 10 with 17 turns left runs past the table's longest round: mjcore's message;
    fewer turns left answer; alone, the race is refused, four seats again answer."""
    advisor.set_opponents(True, turn=10)
    assert advisor.message == ("opponents: the curve covers the player's turns 1 to 24, and "
                               "turn 10 with 17 draws needs turn 27")
    assert advisor.turn_slider.value == 10 and "<table" not in advisor.panel_html
    advisor.draws_slider.value = 14
    assert advisor.message == "" and advisor.panel_html == panel(advisor)
    assert "from turn 10" in advisor.panel_html
    advisor.seats_toggle.value = "alone"
    assert advisor.message == "opponents race at four seats: use discard_wins=True or calls=True"
    advisor.seats_toggle.value = "discard_wins"
    assert advisor.message == "" and advisor.panel_html == panel(advisor)
