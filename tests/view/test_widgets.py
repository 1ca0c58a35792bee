"""The hand editor driven from Python: clicks, typing and menus, no browser."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from conftest import chosen_face  # noqa: E402

from mjcore import (  # noqa: E402
    HONGZHONG,
    POYANG,
    RIICHI,
    STANDARD,
    HandError,
    Rules,
    analyze,
    parse,
    tile_index,
    with_wild,
)
from mjcore.scoring.poyang import PoyangRules  # noqa: E402
from mjcore.view.widgets import (  # noqa: E402
    HandEditor,
    ScoreCalculator,
    WaitChart,
    render_analysis_html,
    render_score_html,
)


def waits_shown(page: str) -> list[tuple[str, int]]:
    """The (tile, left) rows of the waits table in an analysis page."""
    return [(t, int(n)) for t, n in re.findall(r"<tr><td>(\w+)</td><td>[^<]*</td><td>(\d+)</td>",
                                               page)]


def hand_button(editor: HandEditor, name: str):
    """The first button of the hand row that shows tile ``name``."""
    return next(b for b in editor.hand_box.children if b.description.split()[0] == name)


@pytest.fixture
def editor() -> HandEditor:
    return HandEditor()


# --- the pure renderer -------------------------------------------------------

def test_render_waits_table_and_total():
    page = render_analysis_html("111222333m4445s")
    assert waits_shown(page) == [("3s", 4), ("5s", 3), ("6s", 4)]
    assert "<b>total</b>: 11 tiles left on 3 waits" in page
    assert "5条, 5 bamboo" in page


def test_render_visible_lowers_remaining():
    page = render_analysis_html("111222333m4445s", visible="35s")
    assert waits_shown(page) == [("3s", 3), ("5s", 2), ("6s", 4)]
    assert "<b>total</b>: 9" in page
    assert "<b>visible</b>: <code>35s</code>" in page


def test_render_depends_on_rules():
    hand = "11223366m1133s4z"
    assert "none, the hand is not ready" in render_analysis_html(hand, STANDARD)
    assert waits_shown(render_analysis_html(hand, POYANG)) == [("4z", 3)]


def test_render_win_forms_and_readings():
    page = render_analysis_html("11223344556677m")
    assert "<b>win</b>: yes, four melds and a pair; seven pairs 七对" in page
    readings = re.findall(r"<li><code>([^<]*)</code>", page)
    assert readings == [str(d) for d in analyze("11223344556677m").decompositions]
    assert len(readings) >= 2


def test_render_special_form_has_no_readings():
    page = render_analysis_html("19m19p19s12345677z", RIICHI)
    assert "<b>win</b>: yes, thirteen orphans 十三幺" in page
    assert "none as melds and a pair" in page
    assert "<b>win</b>: no" in render_analysis_html("19m19p19s12345677z", POYANG)


def test_render_escapes_custom_rule_names():
    page = render_analysis_html("11m", Rules(name="<b>house</b>"))
    assert "&lt;b&gt;house&lt;/b&gt;" in page


def test_render_raises_hand_error():
    with pytest.raises(ValueError, match="got 12"):
        render_analysis_html("111222333m444s")


# --- the editor: state and display ------------------------------------------

def test_default_editor(editor):
    assert editor.hand == "111222333m4445s"
    assert editor.counts == parse("111222333m4445s")
    assert editor.message == ""
    assert editor.analysis_html == render_analysis_html("111222333m4445s", show_hand=False)
    assert repr(editor) == "HandEditor(hand='111222333m4445s', rules='poyang')"
    assert len(editor.tile_buttons) == 34


def test_buttons_are_labelled_in_mpsz_with_names(editor):
    assert [b.description for b in editor.tile_buttons[27:]] == [
        "1z 东风", "2z 南风", "3z 西风", "4z 北风", "7z 红中", "6z 发财", "5z 白板"]
    assert editor.tile_buttons[tile_index("7z")].tooltip == "7z 红中 (red dragon)"
    assert editor.tile_buttons[tile_index("5s")].tooltip == "5s 五条 (5 bamboo)"
    shown = [b.description for b in editor.hand_box.children]
    assert shown == ["1m 一万"] * 3 + ["2m 二万"] * 3 + ["3m 三万"] * 3 + ["4s 四条"] * 3 + [
        "5s 五条"]
    assert hand_button(editor, "5s").tooltip == "5s 五条 (5 bamboo): click to remove one"


def test_repr_is_short_and_has_no_address():
    editor = HandEditor("11m", rules="riichi", visible="9p")
    assert repr(editor) == "HandEditor(hand='11m', rules='riichi', visible='9p')"
    bundle = editor._repr_mimebundle_()
    assert bundle["text/plain"] == repr(editor)
    assert "0x" not in repr(editor)


# --- clicks ------------------------------------------------------------------

def test_click_tile_button_adds_and_shows_win(editor):
    editor.tile_buttons[tile_index("6s")].click()
    assert editor.hand == "111222333m44456s"
    assert editor.hand_text.value == "111222333m44456s"
    assert "<b>win</b>: yes, four melds and a pair" in editor.analysis_html
    assert editor.message == ""


def test_click_hand_button_removes_one_copy(editor):
    hand_button(editor, "5s").click()
    assert editor.hand == "111222333m444s"
    assert editor.message.endswith("got 12")
    assert "got 12" in editor.analysis_html
    hand_button(editor, "1m").click()
    assert editor.hand == "11222333m444s"
    assert [b.description for b in editor.hand_box.children].count("1m 一万") == 2


def test_fifth_copy_shows_message(editor):
    editor.set_hand("1111m")
    editor.tile_buttons[0].click()
    assert editor.hand == "1111m"
    assert editor.message == "1m is already in the hand 4 times; a tile has 4 copies"
    assert "a tile has 4 copies" in editor.analysis_html


def test_fifteenth_tile_shows_message(editor):
    editor.add("6s")
    before = editor.analysis_html
    editor.tile_buttons[tile_index("9p")].click()
    assert editor.hand == "111222333m44456s"
    assert editor.message.startswith("the hand already has 14 tiles")
    assert before in editor.analysis_html  # the analysis stays, under the message
    hand_button(editor, "6s").click()  # removing clears the message
    assert editor.message == ""
    assert waits_shown(editor.analysis_html) == [("3s", 4), ("5s", 3), ("6s", 4)]


def test_visible_copies_block_adding(editor):
    editor.set_visible("555s")
    editor.add("5s")
    assert editor.message == "5s: 1 in the hand and 3 visible; no copy is left to add"
    assert editor.hand == "111222333m4445s"
    editor.set_visible("55s")
    editor.add("5s")
    assert editor.hand == "111222333m44455s" and editor.message == ""


def test_clear_button_empties_hand(editor):
    editor.clear_button.click()
    assert editor.hand == "" and editor.hand_text.value == ""
    assert editor.message.startswith("the hand is empty")
    assert editor.hand_box.children == ()


def test_remove_missing_tile_and_bad_index(editor):
    editor.remove("9p")
    assert editor.message == "9p is not in the hand"
    editor.add(34)
    assert editor.message == "tile index 34 is not an integer 0-33"
    editor.add("8z")
    assert editor.message == "8z is not a tile: honours are 1z-7z"
    assert editor.hand == "111222333m4445s"


# --- typing ------------------------------------------------------------------

def test_typing_a_hand_applies_it(editor):
    editor.hand_text.value = "1万2万3万 456p 789s 东东 白白"
    assert editor.hand == "123m456p789s1155z"
    assert editor.hand_text.value == "1万2万3万 456p 789s 东东 白白"  # left as typed
    assert waits_shown(editor.analysis_html) == [("1z", 2), ("5z", 2)]
    assert "<b>total</b>: 4" in editor.analysis_html


def test_bad_notation_keeps_text_and_hand(editor):
    editor.hand_text.value = "111222333m4445x"
    assert editor.hand_text.value == "111222333m4445x"
    assert editor.hand == "111222333m4445s"
    assert editor.message == "unknown character 'x' at position 14"
    assert "unknown character &#x27;x&#x27; at position 14" in editor.analysis_html
    assert "Traceback" not in editor.analysis_html
    editor.hand_text.value = "111222333m4445s"  # fixing it clears the message
    assert editor.message == ""


@pytest.mark.parametrize(("typed", "message"), [
    ("11111m", "1m appears 5 times; a tile has 4 copies"),
    ("123", "digits '123' at the end have no suit letter (m, p, s or z)"),
    ("1112223334445556m", "16 tiles is too many: a hand has at most 14"),
    ("105m", "'0' at position 1: these rules have no red fives; write 5"),
])
def test_bad_hands_show_hand_error_text(editor, typed, message):
    editor.set_hand(typed)
    assert editor.message == message
    assert editor.hand_text.value == typed
    assert editor.hand == "111222333m4445s"


def test_typing_visible_tiles(editor):
    editor.visible_text.value = "3s 6s6s"
    assert waits_shown(editor.analysis_html) == [("3s", 3), ("5s", 3), ("6s", 2)]
    assert "<b>total</b>: 8" in editor.analysis_html
    editor.visible_text.value = "5s5s5s5s"
    assert editor.message == "5s: 1 in hand and 4 visible make 5; a tile has 4 copies"
    assert editor.visible_text.value == "5s5s5s5s"
    editor.visible_text.value = "5q"
    assert editor.message == "unknown character 'q' at position 1"
    assert editor.visible_text.value == "5q"


def test_constructor_with_bad_hand_shows_message():
    editor = HandEditor("123m8z")
    assert editor.hand == ""
    assert editor.hand_text.value == "123m8z"
    assert editor.message == "8z is not a tile: honours are 1z-7z"


# --- rules -------------------------------------------------------------------

def test_rules_dropdown_changes_analysis():
    editor = HandEditor("19m19p19s1234567z", rules="standard")
    assert editor.rules_dropdown.options == ("standard", "poyang", "riichi", "hongzhong")
    assert "none, the hand is not ready" in editor.analysis_html
    editor.rules_dropdown.value = "poyang"  # ready for shisanlan on 456 of each suit
    assert [t for t, _ in waits_shown(editor.analysis_html)] == [
        "4m", "5m", "6m", "4s", "5s", "6s", "4p", "5p", "6p"]
    editor.rules_dropdown.value = "riichi"
    assert editor.rules is RIICHI
    assert len(waits_shown(editor.analysis_html)) == 13
    assert "<b>total</b>: 39" in editor.analysis_html
    editor.set_rules("standard")
    assert editor.rules_dropdown.value == "standard"


def test_unknown_rules_name_is_a_message(editor):
    editor.set_rules("sichuan")
    assert editor.message == ("rules must be a mjcore.Rules or one of 'standard', 'poyang', "
                              "'riichi', 'hongzhong', got 'sichuan'")
    assert editor.rules is POYANG


def test_custom_rules_join_the_menu():
    house = Rules(name="house", shisanlan=True)
    editor = HandEditor("147m258p369s1234z", rules=house)
    assert editor.rules_dropdown.options[-1] == "house"
    assert waits_shown(editor.analysis_html) == [("7z", 4), ("6z", 4), ("5z", 4)]  # index order


def test_constructor_with_bad_visible_still_takes_the_hand():
    editor = HandEditor("111222333m4445s", visible="55x")
    assert editor.hand == "111222333m4445s" and editor.visible == (0,) * 34
    assert editor.visible_text.value == "55x"
    assert editor.message == "unknown character 'x' at position 2"


def test_constructor_with_bad_hand_still_takes_visible():
    editor = HandEditor("11m9", visible="5p")
    assert editor.visible == parse("5p") and editor.hand == ""
    assert editor.message == "digits '9' at the end have no suit letter (m, p, s or z)"


# --- wild tiles 赖子 (issue 33) ---------------------------------------------------

WILD = with_wild(POYANG, "7z")


def wild_state(editor: HandEditor) -> tuple:
    return (editor.rules, editor.wild, chosen_face(editor.wild_picker), editor.rules_dropdown.value,
            editor.counts, editor.hand_text.value, repr(editor))


def test_wild_faces_are_none_then_the_34(editor):
    picker = editor.wild_picker
    assert editor.wild is None and chosen_face(picker) == ""
    assert editor.rules is POYANG  # no wild tile: the preset itself
    row = picker.widget.children
    assert row[1] is picker.none_button
    assert picker.none_button.description == "no wild tile (chosen)"
    faces = row[2:]
    assert len(faces) == 34 and sorted(picker.tile_buttons.index(b) for b in faces) == list(
        range(34))
    assert [b.description for b in faces[:2]] == ["1m 一万", "2m 二万"]  # mpsz order
    assert faces[-1].description == "7z 红中"
    assert all("mj-face" in b._dom_classes and "mj-face-small" in b._dom_classes
               for b in faces)
    assert picker.tile_buttons[13].tooltip == (
        "wild: 5s 五条 (5 bamboo): click to make every copy stand for any tile")
    assert picker.widget in editor.widget.children


@pytest.mark.parametrize("choose", [
    lambda e: e.set_wild("7z"), lambda e: e.set_wild("中"), lambda e: e.set_wild(31),
    lambda e: e.wild_picker.tile_buttons[31].click()])
def test_choosing_a_wild_tile_makes_wild_rules(editor, choose):
    choose(editor)
    assert editor.wild == 31 and chosen_face(editor.wild_picker) == "7z"
    assert editor.wild_picker.tile_buttons[31].tooltip == "wild: 7z 红中 (red dragon), chosen"
    assert editor.rules == WILD and editor.rules.name == "poyang, 7z wild"
    assert repr(editor) == "HandEditor(hand='111222333m4445s', rules='poyang', wild='7z')"
    editor.set_wild(None)
    assert editor.rules is POYANG and chosen_face(editor.wild_picker) == ""
    editor.set_wild("7z")
    editor.wild_picker.none_button.click()
    assert editor.wild is None and editor.rules is POYANG
    assert chosen_face(editor.wild_picker) == ""
    editor.wild_picker.tile_buttons[0].click()  # another face moves the mark
    assert editor.wild == 0 and chosen_face(editor.wild_picker) == "1m"


def test_rules_menu_keeps_the_wild_tile(editor):
    editor.set_wild("1z")
    editor.rules_dropdown.value = "riichi"
    assert editor.rules == with_wild(RIICHI, "1z") and chosen_face(editor.wild_picker) == "1z"
    editor.set_rules("standard")
    assert editor.rules == with_wild(STANDARD, 27)


def test_hongzhong_from_the_menu_chooses_7z_and_counts_it(editor):
    editor.set_hand("123456789m1112p")
    editor.rules_dropdown.value = "hongzhong"
    assert editor.rules is HONGZHONG and chosen_face(editor.wild_picker) == "7z"
    assert waits_shown(editor.analysis_html) == [("2p", 3), ("3p", 4), ("7z", 4)]
    assert "<b>rules</b>: hongzhong" in editor.analysis_html and editor.message == ""
    editor.wild_picker.none_button.click()
    assert waits_shown(editor.analysis_html) == [("2p", 3), ("3p", 4)]


def test_hongzhong_rules_choose_7z():
    editor = HandEditor("123456789m1112p", rules=HONGZHONG)
    assert editor.rules is HONGZHONG and editor.wild == 31
    assert (editor.rules_dropdown.value, chosen_face(editor.wild_picker)) == ("hongzhong", "7z")
    assert repr(editor) == "HandEditor(hand='123456789m1112p', rules='hongzhong')"
    editor.set_wild(None)
    assert editor.rules.wild is None and editor.rules.name == "hongzhong"
    assert editor.rules.seven_pairs and editor.rules.four_as_two_pairs
    editor.set_rules("poyang")
    assert editor.rules is POYANG
    editor.set_rules(HONGZHONG)
    assert editor.rules is HONGZHONG and chosen_face(editor.wild_picker) == "7z"


def test_constructor_takes_wild():
    editor = HandEditor("123456789m1112p", rules="standard", wild="5z")
    assert editor.rules == with_wild(STANDARD, "5z") and chosen_face(editor.wild_picker) == "5z"
    assert HandEditor(rules=HONGZHONG, wild="1m").rules == with_wild(HONGZHONG, 0)


@pytest.mark.parametrize("bad, message", [
    ("8z", "wild: 8z is not a tile: honours are 1z-7z"),
    ("77z", "wild: '77z' is 2 tiles, not one tile"),
    (34, "wild 34 is not a tile name or an index 0-33"),
    (3.5, "wild 3.5 is not a tile name or an index 0-33"),
    (True, "wild True is not a tile name or an index 0-33"),
    ([31], "wild [31] is not a tile name or an index 0-33"),
    ("7z" * 30, "wild is 60 characters long"),
])
def test_a_bad_wild_tile_is_a_message_and_changes_nothing(editor, bad, message):
    editor.set_wild("2p")
    before = wild_state(editor)
    editor.set_wild(bad)
    assert editor.message.startswith(message), editor.message
    assert message.split(":")[0] in editor.analysis_html
    assert wild_state(editor) == before
    with pytest.raises(HandError, match="^wild"):
        HandEditor(wild=bad)
    with pytest.raises(HandError, match="^wild"):
        render_analysis_html("11123m", wild=bad)


def test_wild_copies_in_the_hand_are_marked():
    editor = HandEditor("1112345678999m7z", wild="7z")
    styles = {b.description: b.button_style for b in editor.hand_box.children}
    assert styles["7z 红中"] == "warning" and styles["1m 一万"] == ""
    assert "a wild tile" in hand_button(editor, "7z").tooltip
    editor.set_wild(None)
    assert hand_button(editor, "7z").button_style == ""


def test_the_panel_counts_the_wild_tile():
    editor = HandEditor("123456789m1112p", wild="7z")
    assert editor.message == ""
    assert waits_shown(editor.analysis_html) == [("2p", 3), ("3p", 4), ("7z", 4)]
    assert editor.analysis_html == render_analysis_html(parse("123456789m1112p"), WILD, "",
                                                    show_hand=False)
    assert "<b>wild</b> 赖子" in editor.analysis_html and "<code>7z</code>" in editor.analysis_html
    editor.set_wild(None)
    assert waits_shown(editor.analysis_html) == [("2p", 3), ("3p", 4)]
    assert "<b>wild</b>" not in editor.analysis_html


def test_render_with_wild_is_the_editors_panel():
    page = render_analysis_html("1111m7z", "standard", wild="7z", pictures=False)
    assert "<b>rules</b>: standard, 7z wild" in page and "<b>win</b>: yes" in page
    assert render_analysis_html("1111m7z", "standard", pictures=False).count("<b>win</b>: no")
    assert render_analysis_html("1111m7z", with_wild(STANDARD, 31), pictures=False) == page
    editor = HandEditor("1111m7z", rules="standard", wild="7z")
    assert render_analysis_html("1111m7z", "standard", wild="7z",
                            show_hand=False) in editor.analysis_html


def test_readings_under_wild_rules_say_what_the_wild_tiles_stand_for():
    """Each reading is drawn as its melds; its text adds what the wild tiles stand for."""
    page = render_analysis_html("112m77z", wild="7z")
    readings = re.findall(r"<li><code>([^<]*)</code>(.*?)</li>", page)
    assert [text for text, _ in readings] == [
        str(d) for d in analyze("112m77z", with_wild(POYANG, "7z")).decompositions]
    assert readings[0][0] == "11m 123m; wilds as 1m 3m"
    assert all(drawn.count("<svg") == 5 for _, drawn in readings)  # a pair and a meld
    # the pictures are the melds as read (the wild tiles as what they stand for)
    assert re.findall(r'aria-label="(\w\w) ', readings[0][1]) == ["1m", "1m", "1m", "2m", "3m"]


# --- the score calculator with wild tiles: Poyang's forms with the wild kind --------------

def test_score_calculator_scores_hard_and_soft_wins():
    calc = ScoreCalculator("123456789m11p777z", "1p")
    assert calc.wild is None and chosen_face(calc.wild_picker) == ""
    assert calc.wild_picker.widget in calc.widget.children
    assert calc.score.points == 4  # 777z a triplet of red dragons, no wild tile
    calc.wild_picker.tile_buttons[31].click()
    assert chosen_face(calc.wild_picker) == "7z"
    assert calc.rules.forms == WILD and calc.rules.cap == 6
    assert calc.score.fans == [("平胡", 1), ("门清", 1), ("硬胡", 1)] and calc.score.points == 8
    assert "<td>硬胡</td>" in calc.panel_html and "<b>wild</b> 赖子" in calc.panel_html
    assert repr(calc) == ("ScoreCalculator(hand='123456789m11p777z', win_tile='1p', melds=[], "
                          "wild='7z')")
    assert calc.panel_html == render_score_html("123456789m11p777z", win_tile="1p", wild="7z",
                                            show_hand=False)
    calc.set_hand("123456789m11p23s7z")  # the 7z stands for 1s: a soft win 软胡
    assert calc.score.reading == "11p 123m 456m 789m 123s; wilds as 1s"
    assert "硬胡" not in dict(calc.score.fans) and calc.score.points == 4
    calc.wild_picker.none_button.click()
    assert calc.score is None and "does not win" in calc.message


@pytest.mark.parametrize("bad", ["8z", 34, 1.0, "77z", [31]])
def test_score_calculator_bad_wild_tile_is_a_message(bad):
    calc = ScoreCalculator("123456789m11p777z", "1p", wild="7z")
    before = (calc.score, calc.rules, chosen_face(calc.wild_picker))
    calc.set_wild(bad)
    assert calc.message.startswith("wild") and "wild" in calc.panel_html
    assert (calc.score, calc.rules, chosen_face(calc.wild_picker)) == before
    with pytest.raises(HandError, match="^wild"):
        ScoreCalculator(wild=bad)
    with pytest.raises(HandError, match="^wild"):
        render_score_html("123456789m11p777z", win_tile="1p", wild=bad)


def test_score_calculator_keeps_the_wild_of_its_forms():
    forms = PoyangRules(forms=with_wild("poyang", "1z"), cap=8)
    calc = ScoreCalculator("123456789m11p111z", "1p", rules=forms)
    assert calc.wild == 27 and chosen_face(calc.wild_picker) == "1z" and calc.rules == forms
    assert repr(calc).endswith("melds=[])")
    assert ("硬胡", 1) in calc.score.fans


# --- one message per change: the page never shows half a change (issue 45) -------------

@pytest.fixture
def sent(monkeypatch) -> list[tuple[object, dict]]:
    """The state updates the widgets send to the page, as (widget, state) in order.

    ipywidgets sends each trait as it is set unless the widget holds its sync; the page
    applies each message as it comes, so a button whose name and classes come in two
    messages is, in between, named "(chosen)" without the class ``mj-chosen``.
    """
    import ipywidgets

    messages: list[tuple[object, dict]] = []
    send = ipywidgets.Widget._send

    def record(widget, msg, buffers=None):
        if msg.get("method") == "update":
            messages.append((widget, msg["state"]))
        return send(widget, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", record)
    return messages


def updates(sent: list, widget) -> list[set[str]]:
    """The keys of each update ``widget`` sent, in order."""
    return [set(state) for w, state in sent if w is widget]


MARKED = {"description", "tooltip", "button_style", "_dom_classes"}
"""What marks a face chosen or not: its name, tooltip, ring and class."""


@pytest.mark.parametrize("click", [
    lambda e: e.wild_picker.tile_buttons[31].click(),
    lambda e: e.set_wild("7z"),
    lambda e: e.set_rules("hongzhong")])
def test_a_face_chosen_changes_in_one_message(editor, sent, click):
    """The face chosen and the face it replaces each send one update with all of their
    marks, name and classes together."""
    none, red = editor.wild_picker.none_button, editor.wild_picker.tile_buttons[31]
    sent.clear()
    click(editor)
    assert chosen_face(editor.wild_picker) == "7z"
    assert updates(sent, red) == [MARKED] and updates(sent, none) == [MARKED]
    assert [state for w, state in sent if w is red] == [{
        "description": "7z 红中 (chosen)", "tooltip": "wild: 7z 红中 (red dragon), chosen",
        "button_style": "warning", "_dom_classes": ("mj-face", "mj-face-7z", "mj-face-small",
                                                    "mj-chosen")}]
    others = [b for b in editor.wild_picker.tile_buttons if b is not red]
    assert not [w for w, _ in sent if w in others]


def test_a_face_shown_again_sends_nothing(editor, sent):
    """Rules without a wild kind keep the wild tile: its face is not unmarked and marked
    again (a flicker on the page), it sends nothing."""
    sent.clear()
    editor.set_rules("riichi")
    assert chosen_face(editor.wild_picker) == ""
    faces = [editor.wild_picker.none_button, *editor.wild_picker.tile_buttons]
    assert not [w for w, _ in sent if w in faces]


def test_a_claim_chosen_changes_in_one_message(sent):
    from mjcore.view.widgets import TileChoice

    row = TileChoice(lambda tile: row.show(tile), title="claim", what="discarded",
                     none="no claim", hint="click to ask", css_class="mj-claim-picker")
    row.show(None)
    sent.clear()
    row.tile_buttons[17].click()
    row.tile_buttons[3].click()
    row.none_button.click()
    assert updates(sent, row.tile_buttons[17]) == [MARKED, MARKED]
    assert updates(sent, row.tile_buttons[3]) == [MARKED, MARKED]
    assert updates(sent, row.none_button) == [MARKED, MARKED]
    assert len(sent) == 6
    row.show(None)  # shown again as it is: nothing to send
    assert len(sent) == 6


def test_a_new_hand_button_comes_whole(editor, sent):
    """A tile added or removed rebuilds the hand's buttons: each is made with its name,
    tooltip, ring and classes (one message opens it, none follows), then the row takes
    them in one update."""
    editor.set_wild("5s")
    sent.clear()
    editor.add("6s")
    buttons = editor.hand_box.children
    assert len(buttons) == 14 and not [w for w, _ in sent if w in buttons]
    assert updates(sent, editor.hand_box) == [{"children"}]
    five = next(b for b in buttons if b.description == "5s 五条")
    assert five._dom_classes == ("mj-face", "mj-face-5s") and five.button_style == "warning"
    assert five.tooltip == "5s 五条 (5 bamboo): click to remove one, a wild tile"


@pytest.mark.parametrize("make", [HandEditor, WaitChart])
def test_a_rules_menu_changed_by_code_sends_one_message(sent, make):
    """Rules the menu did not list: its options and its value change together."""
    widget = make()
    sent.clear()
    widget.set_rules(Rules(name="plain"))
    assert widget.rules_dropdown.value == "plain" and "plain" in widget.rules_dropdown.options
    assert len(updates(sent, widget.rules_dropdown)) == 1


def test_the_race_changes_in_one_message_each(sent):
    """The four-seat advisor's race: the box sends its value, the turn slider its value
    and whether it is usable, together; the turn alone moves the slider only."""
    from mjcore.view.widgets import SeatsAdvisor

    advisor = SeatsAdvisor("12389m456p78s9p11z4z", seats="calls")
    sent.clear()
    advisor.set_opponents(True, turn=3)
    assert updates(sent, advisor.opponents_box) == [{"value"}]
    assert updates(sent, advisor.turn_slider) == [{"value", "disabled"}]
    assert advisor.turn_slider.value == 3 and not advisor.turn_slider.disabled
    sent.clear()
    advisor.turn_slider.value = 5  # as the page moves it: the panel follows, nothing echoes
    assert advisor.turn == 5 and updates(sent, advisor.turn_slider) == [{"value"}]
    assert updates(sent, advisor.opponents_box) == []
    sent.clear()
    advisor.opponents_box.value = False
    assert updates(sent, advisor.turn_slider) == [{"disabled"}]
