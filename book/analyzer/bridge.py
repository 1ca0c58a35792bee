"""What the analyzer page asks mjcore, run by Pyodide in the page's Web Workers.

The worker (``worker.mjs``) runs this file once after loading the mjcore
wheel, then calls one function per question and posts the JSON string it
returns back to the page:

- :func:`answer` (the quick answer, for every hand the reader enters):
  :func:`analysis` as JSON;
- :func:`answer_chances` (asked afterwards, in a second worker, for a
  3n+2 hand that does not win): :func:`chances` as JSON;
- :func:`answer_points` (asked after the chances, in the same second worker,
  when :func:`analysis` says so: a 14-tile hand under Poyang rules without a
  wild tile): :func:`points` as JSON (at four seats with wins on discards, no calls, and
  the race: net of deal-ins, with each discard's chance of dealing in and push or fold);
- :func:`answer_claim` (asked with :func:`answer`, in the first worker, when
  the page's claim box holds a tile): :func:`claim` as JSON;
- :func:`answer_claim_points` (asked after it, in the second worker, when
  :func:`claim` says so: Poyang rules without a wild tile, a hand at most
  :data:`~mjcore.play.bestplay.MAX_POINTS_CALLS` from ready): :func:`claim` by
  expected points, as JSON;
- :func:`answer_danger` (asked with :func:`answer`, in the first worker, when the page's
  race is on): :func:`danger` as JSON, the discard table's deal-in column.

Each takes what the page's boxes hold: the hand, the rules preset's name
(those of :data:`mjcore.PRESETS` and :data:`mjcore.WILD_PRESETS`), the
visible tiles and the wild tile 赖子 (a tile name such as "7z", or "" for
none): the rules are the preset with that wild kind (:func:`mjcore.with_wild`).
The two slow questions also take the page's "hand changes" switch 手替わり
(True or False, checked as mjcore checks it: anything else is a message) and
its "seats" menu (one of :data:`FOUR_SEATS`: alone, or four seats winning on
the others' discards 点炮胡, with calls 吃 碰 or without); the claim question
takes the tile just discarded and the seat it came from (one of
:data:`SEATS`).  Both take the page's "others race too" switch (``opponents``, True or
False: the race, where another seat may win first, :func:`mjcore.win_chances`'
``opponents=True``) and the turn it starts from (``turn``, 1 to :data:`MAX_TURN`); with
the race the turns left are at most what the table's longest round left
(:func:`race_draws`).  The danger question takes the race's switch and turn too: with the
race on, each discard's chance of dealing in now, at that turn.  The slow questions ask
mjcore for approximate answers rather than refusals (``approximate=True``): a hand too
far from ready for the exact search comes back with its entries marked ``exact`` False
and a line, ``approximate``, saying what such an answer is and its measured error.

Only the standard-library core of mjcore is imported (never ``widgets``,
``plot`` or ``batch``).  Bad input never raises: a
:class:`~mjcore.HandError` comes back as ``{"error": message}``,
which the page shows as a message.

The same file runs under CPython in the tests (tests/browser/test_analyzer_browser.py
and tests/browser/test_pyodide_node.py), so the page's answers are checked there too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

import mjcore
from mjcore.base.checks import HandError, bool_arg, choice_arg, int_arg, str_arg
from mjcore.base.rules import POYANG, RIICHI, Rules, rules_arg, with_wild
from mjcore.base.tiles import (
    named_tile_arg,
    parse,
    tile_index,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_mpsz,
)
from mjcore.hand.analysis import FORM_LABELS, analyze
from mjcore.hand.effective import discard_advice, effective_tiles
from mjcore.hand.shanten import SIZES, shanten
from mjcore.hand.waits import Waits
from mjcore.play.approximate import approximate_note
from mjcore.play.bestplay import MAX_POINTS_CALLS, SEATS, STAGES, discard_parts
from mjcore.play.bestplay.hazards import HAZARDS, LOSS
from mjcore.scoring.poyang import FAN_ENGLISH, PoyangRules, score

MAX_TILES = 14
DRAWS = 17
"""Draws left for the chance of winning: the default of ``mjcore.win_chances`` (at four
seats, and for a claim, the turns left: ``mjcore.claim_advice``'s default too)."""
FOUR_SEATS = ("off", "discard_wins", "calls")
"""The page's seats menu: the player alone, winning self-drawn only ("off"); four seats,
a ready hand winning on the other seats' discards too (``win_chances(...,
discard_wins=True)``); and four seats with calls as well (``discard_wins=True,
calls=True``: 碰 from any seat, 吃 from the left one).  mjcore's ``calls=True`` alone (calls
but no win on a discard) is a table no one plays, so the menu does not offer it."""
MAX_PARTS = 8
"""The most groups a slow question's discards may be shared out in (the page uses one for
each of its slow workers: two, or up to four on a device with the cores for them)."""
SEATS_AROUND = 3
"""The other seats a discard can deal in to, at the page's table of four."""
MAX_TURN = 15
"""The latest turn the page's race starts from (its turn box's end): the player's turns
taken so far, 1 for the dealer's first 14 tiles."""
_WITHOUT: dict = {}
"""The last answer of the player alone without hand changes this worker gave, by its
question (:func:`_alone`): with the switch on and no answers without it, the page asks a
worker that question first (the floor of the chance column), then the same with hand
changes, which a hand too far for them answers with it."""
RACE_RULES = {POYANG: "poyang", RIICHI: "riichi"}
"""The rules whose race the table of four measured (:data:`mjcore.play.bestplay.hazards.
HAZARDS`), by the name of their curve."""
SAMPLE_QUESTIONS = (
    ("111222333m444s5s", "poyang", "5s"),       # ready: waits
    ("5m23m456p78s99p11z3z", "riichi", "1z"),   # not ready: effective tiles
    ("12389m456p78s9p11z4z", "poyang", "7m6s"),  # 14 tiles: discards, chances
    ("11223344556677m", "poyang", ""),          # a win: readings, Poyang score
    ("147m258p369s1234z", "poyang", ""),       # 十三烂, ready
    ("112233m66m1133s4z", "standard", ""),
    ("1112z8z", "poyang", ""),                  # bad input: a message
    ("123456789m1112p", "poyang", "", "7z"),    # wild tiles (红中): waits on the wild one
    ("123456789m1112p5z", "poyang", "", "7z"),  # wild tiles, 14: discards, chances
)
SAMPLE_FOUR_SEATS = (
    ("12389m456p78s9p11z4z", "poyang", "", "", False, "discard_wins"),
    ("12389m456p78s9p11z4z", "poyang", "", "", False, "calls"),
    ("12389m456p78s9p11z4z", "riichi", "", "", False, "calls", True, 9),  # the race
    ("12389m456p78s9p11z4z", "poyang", "", "", False, "discard_wins", True, 10),  # deal-ins
)
SAMPLE_CLAIMS = (
    ("12389m456p78s11z4z", "poyang", "", "", "9s", "left"),     # 吃 or pass
    ("12389m456p78s11z4z", "poyang", "", "", "1z", "across"),   # 碰 or pass
    ("12389m456p78s11z4z", "poyang", "", "", "9s", "right"),    # no 吃 from there
    ("12389m456p78s11z4z", "poyang", "", "", "8z", "left"),     # bad tile: a message
    ("12389m456p78s11z4z", "poyang", "", "", "9s", "left", True, 3),  # the race
)
SAMPLE_DANGER = (
    ("12389m456p78s9p11z4z", "poyang", "7m6s", "", True, 9),
    ("12389m456p78s9p11z4z", "riichi", "", "", True, 3),
    ("12389m456p78s9p11z4z", "standard", "", "", True, 3),   # no curve: the message
    ("12389m456p78s9p11z4z", "poyang", "", "7z", True, 3),   # wild tiles: mjcore's message
)
"""Questions of each kind, asked of :func:`answer`, :func:`answer_chances` and
:func:`answer_points` (with ``SAMPLE_FOUR_SEATS`` too), and of :func:`answer_claim`
(``SAMPLE_CLAIMS``) and of :func:`answer_danger` (``SAMPLE_DANGER``), at build time
(``precompile.mjs``) to find the standard-library modules the answers import."""


# --- the parts of an answer ---------------------------------------------------


def _tile(tile: int) -> dict:
    """One tile for the page: its mpsz name and its Chinese and English names."""
    return {"tile": tile_name(tile), "zh": tile_name_zh(tile), "en": tile_name_en(tile)}


def _copies(waits: Waits) -> list[dict]:
    """Each tile of ``waits`` with the copies still unseen (``remaining``)."""
    return [dict(_tile(t), remaining=waits.remaining[t]) for t in waits.tiles]


def effective(counts: tuple[int, ...], rules: Rules | str, seen: tuple[int, ...]) -> dict:
    """A 3n+1 hand's effective tiles 有效张 with the copies left, and its shanten.

    >>> e = effective(parse("5m23m456p78s99p11z3z"), "poyang", parse("1z"))
    >>> e["shanten"], [(t["tile"], t["remaining"]) for t in e["tiles"]][-2:], e["total"]
    (2, [('9p', 2), ('1z', 1)], 19)
    """
    found = effective_tiles(counts, rules, seen)
    return {"shanten": shanten(counts, rules), "tiles": _copies(found), "total": found.total}


def discards(counts: tuple[int, ...], rules: Rules | str, seen: tuple[int, ...]) -> list[dict]:
    """A 3n+2 hand's discards, best first (:func:`mjcore.discard_advice`).

    Each entry: the tile to discard, the shanten after it, the effective
    tiles with copies left and their ``total``.

    >>> best = discards(parse("12389m456p78s9p11z4z"), "poyang", parse(""))[0]
    >>> best["tile"], best["shanten"], best["total"]
    ('9p', 1, 12)
    """
    return [dict(_tile(d.tile), shanten=d.shanten, effective=_copies(d.effective),
                 total=d.total)
            for d in discard_advice(counts, rules, seen)]


def poyang_score(counts: tuple[int, ...], forms: Rules = POYANG) -> dict:
    """The best Poyang score of a winning 14-tile concealed hand, on a discard and self-drawn.

    ``forms`` are Poyang's, with a wild kind or not (``PoyangRules.forms``: a win
    that needs no wild tile as a substitute scores 硬胡).
    :func:`mjcore.scoring.poyang.score` needs the winning tile; no Poyang fan
    depends on which tile it was, so the first tile held stands for it.

    >>> s = poyang_score(parse("11223344556677m"))
    >>> [(f["name"], f["fan"]) for f in s["discard"]["fans"]], s["discard"]["points"]
    ([('七对', 3), ('清一色', 4), ('门清', 1)], 64)
    """
    rules = PoyangRules(forms=forms)
    win_tile = next(t for t, n in enumerate(counts) if n)
    out = {}
    for key, self_draw in (("discard", False), ("self_draw", True)):
        data = score(counts, win_tile=win_tile, self_draw=self_draw, rules=rules).as_dict()
        for fan in data["fans"]:
            fan["en"] = FAN_ENGLISH.get(fan["name"], "")
        out[key] = data
    return out


# --- reading what the reader typed --------------------------------------------


def _rules(rules: str, wild: str) -> Rules:
    """The preset named ``rules`` (any case) with ``wild`` (a tile name, "" for none) as
    its wild kind: the preset itself when it has that one.

    >>> _rules("Poyang", "").name, _rules("riichi", "中").name, _rules("hongzhong", "7z").name
    ('poyang', 'riichi, 7z wild', 'hongzhong')
    >>> _rules("hongzhong", "").wild is None
    True
    """
    preset = rules_arg(rules, wild=True)  # a preset's name, in any case
    tile = None if str_arg(wild, "wild", 40) == "" else named_tile_arg(wild, "wild")
    return with_wild(preset, tile)


def _read(hand: str, rules: str, visible: str, wild: str, out: dict) -> tuple | None:
    """Parse and check the four inputs: (counts, visible counts, the rules).

    On a problem set ``out["error"]`` and return None.
    """
    try:
        rules = _rules(rules, wild)
        out["wild"] = None if rules.wild is None else _tile(rules.wild)
        counts = parse(str_arg(hand, "hand"))
    except HandError as error:
        out["error"] = str(error)
        return None
    out["counts"] = {tile_name(t): n for t, n in enumerate(counts) if n}
    out["hand"] = to_mpsz(counts)
    try:
        seen = parse(str_arg(visible, "visible"))
    except HandError as error:
        out["error"] = f"visible tiles: {error}"
        return None
    out["visible_counts"] = {tile_name(t): n for t, n in enumerate(seen) if n}
    n = sum(counts)
    if n == 0:
        out["error"] = "the hand is empty: pick tiles or type a hand such as 111222333m444s5s"
        return None
    if n > MAX_TILES:
        out["error"] = f"{n} tiles is too many: a hand has at most {MAX_TILES}"
        return None
    return counts, seen, rules


def race_draws(rules: Rules, turn: int) -> int:
    """The turns left the page asks about with the race from the player's turn ``turn``:
    :data:`DRAWS`, or fewer when the table's longest round under ``rules`` ended sooner
    (its curve, :data:`~mjcore.play.bestplay.hazards.HAZARDS`, ends there: mjcore takes no
    turn past it).  Rules without a curve keep :data:`DRAWS` (mjcore refuses their race).

    >>> race_draws(POYANG, 1), race_draws(POYANG, 9), race_draws(rules_arg("riichi"), 15)
    (17, 15, 4)
    """
    name = RACE_RULES.get(rules)
    return DRAWS if name is None else min(DRAWS, len(HAZARDS[name]) - turn)


def _race(opponents: object, turn: object, rules: Rules, out: dict) -> int | None:
    """Check the race's switch and turn into ``out`` (``opponents``, ``turn``); return
    the turns left to ask about (:func:`race_draws`), or None without the race.  Rules
    whose race the table did not measure are a message (HandError)."""
    out["opponents"] = bool_arg(opponents, "opponents")
    out["turn"] = int_arg(turn, "turn", 1, MAX_TURN)
    if not out["opponents"]:
        return None
    if rules.wild is None and rules not in RACE_RULES:
        raise HandError(f"others race too: the table of four measured the race under the "
                        f"poyang and riichi rules, not {rules.name}")
    return race_draws(rules, out["turn"])


# --- the questions ------------------------------------------------------------


def analysis(hand: str, rules: str = "poyang", visible: str = "", wild: str = "") -> dict:
    """The page's quick answer for one hand, as a JSON-ready dict.

    ``hand`` and ``visible`` are what the reader typed (mpsz or Chinese
    names), ``wild`` the wild tile chosen ("" for none).  The dict has
    ``error`` (a message, or None), ``wild`` (the wild tile's names, or
    None), ``counts`` (tile
    name to copies, None when the hand does not parse), ``analysis``
    (:meth:`mjcore.Analysis.as_dict` with the Chinese and English name of
    each wait and the labels of the winning forms, or None), ``shanten``
    (None for a size shanten does not take), and the answer to the
    player's question, each None when it does not apply:

    - ``effective``: a 3n+1 hand with no wait, :func:`effective`;
    - ``discards``: a 3n+2 hand that does not win, :func:`discards`;
    - ``score``: a winning 14-tile hand under Poyang rules (with a wild tile
      or not), :func:`poyang_score`;
    - ``chances``: True when the page should ask :func:`chances` next;
    - ``points``: True when it should then ask :func:`points` too, and
      ``points_note`` why not for a Poyang hand that has no such column
      (:func:`points_column`).

    >>> a = analysis("111222333m444s5s")
    >>> [(w["tile"], w["remaining"]) for w in a["analysis"]["waits"]], a["shanten"]
    ([('3s', 4), ('5s', 3), ('6s', 4)], 0)
    >>> analysis("1112z8z")["error"]
    '8z is not a tile: honours are 1z-7z'
    >>> analysis("11m", wild="8z")["error"]
    'wild: 8z is not a tile: honours are 1z-7z'
    """
    out: dict = {"error": None, "wild": None, "counts": None, "visible_counts": None,
                 "analysis": None, "shanten": None, "effective": None,
                 "discards": None, "score": None, "chances": False, "points": False,
                 "points_note": None}
    read = _read(hand, rules, visible, wild, out)
    if read is None:
        return out
    counts, seen, rules = read
    try:
        result = analyze(counts, rules, seen)
    except HandError as error:
        out["error"] = str(error)
        return out
    data = result.as_dict()
    for wait in data["waits"]:
        tile = tile_index(wait["tile"])
        wait["zh"], wait["en"] = tile_name_zh(tile), tile_name_en(tile)
    data["form_labels"] = [FORM_LABELS[form] for form in data["forms"]]
    data["readings"] = [str(reading) for reading in result.decompositions]
    out["analysis"] = data
    n = sum(counts)
    if n in SIZES:
        out["shanten"] = shanten(counts, rules)
    if result.win is None and not result.waits.tiles:
        out["effective"] = effective(counts, rules, seen)
    elif result.win is False:
        out["discards"] = discards(counts, rules, seen)
        out["chances"] = True  # the page asks answer_chances next, in its second worker
        out["points"], out["points_note"] = points_column(rules, n)  # then answer_points
    elif result.win and with_wild(rules, None) is POYANG and n == MAX_TILES:
        out["score"] = poyang_score(counts, rules)
    return out


def points_column(rules: Rules, tiles: int) -> tuple[bool, str | None]:
    """Whether the discard table of a 3n+2 hand of ``tiles`` tiles under ``rules`` has an
    expected-points column (:func:`points`), and if not, for a Poyang hand, why.

    ``mjcore.win_chances(..., objective="points")`` scores Poyang hands of 13 or 14
    tiles with no wild tile; other rules have no points, so no column and no note.

    >>> points_column(POYANG, 14), points_column(rules_arg("riichi"), 14)
    ((True, None), (False, None))
    >>> points_column(with_wild(POYANG, "7z"), 14)[1]
    'no expected points with a wild tile: mjcore scores them under Poyang rules without one'
    >>> points_column(POYANG, 11)[1]
    'no expected points for 11 tiles: mjcore scores them for a hand of 14'
    """
    if with_wild(rules, None) is not POYANG:
        return False, None
    if rules.wild is not None:
        return False, ("no expected points with a wild tile: mjcore scores them under "
                       "Poyang rules without one")
    if tiles != MAX_TILES:
        return False, (f"no expected points for {tiles} tiles: mjcore scores them for a hand "
                       f"of {MAX_TILES}")
    return True, None


DEAL_INS_NOTE = ("deal-ins are counted only at four seats with wins on discards and no "
                 "calls (four seats: 点炮胡, wins on discards): with calls the expected "
                 "points leave them out")
"""Why the expected points at four seats with calls and the race have no deal-ins."""


def deal_ins_asked(objective: str, four_seats: str, raced: bool,
                   rules: Rules) -> tuple[bool, str | None]:
    """Whether the page's question counts deal-ins (放炮): expected points at four seats with
    wins on discards, no calls, and the race on, under Poyang rules without a wild tile
    (``mjcore.win_chances(..., deal_ins=True)``; under other rules mjcore's message about
    the points or the race comes instead); and, for the same question with calls, the
    note saying why not (:data:`DEAL_INS_NOTE`).

    >>> deal_ins_asked("points", "discard_wins", True, POYANG)
    (True, None)
    >>> deal_ins_asked("win", "calls", True, POYANG), deal_ins_asked("points", "discard_wins",
    ...                                                               True, RIICHI)
    ((False, None), (False, None))
    >>> deal_ins_asked("points", "calls", True, POYANG)[1] == DEAL_INS_NOTE
    True
    """
    if objective != "points" or not raced or four_seats == "off" or rules != POYANG:
        return False, None
    if four_seats == "calls":
        return False, DEAL_INS_NOTE
    return True, None


def _best_play(hand: str, rules: str, visible: str, wild: str, hand_changes: object,
               draws: int | None, objective: str, four_seats: object, opponents: object,
               turn: object, out: dict, part: object = 0, parts: object = 1,
               stage: object = "all") -> list | None:
    """``mjcore.win_chances`` for the slow questions, each entry as a JSON-ready dict
    (``tile``, ``zh``, ``en``, ``shanten``, ``win``, ``tenpai``, ``by_draws``,
    ``expected_points`` for ``objective="points"`` and ``discard_win`` at four seats, and
    ``exact``); on bad input or a refused hand set ``out["error"]`` and return None.

    mjcore is asked ``approximate=True``: a hand too far from ready for the exact search
    is answered rather than refused, each such entry with ``exact`` False, and
    ``out["approximate"]`` says what those answers are and how far off they were measured
    (:func:`mjcore.play.approximate.approximate_note`; None when every entry is exact).
    Wild rules are not approximated: a far hand there is still mjcore's refusal.

    ``four_seats`` is one of :data:`FOUR_SEATS`; "off" asks mjcore as before four seats
    existed (no ``discard_wins`` or ``calls`` argument).  ``opponents`` and ``turn``: the
    race (:func:`_race`), asked only when on; ``draws`` None: :data:`DRAWS`, or with the
    race :func:`race_draws` (``out["draws"]`` says which).  Expected points at four seats
    with wins on discards and the race count deal-ins (:func:`deal_ins_asked`): each entry
    then has ``deal_in`` and ``fold`` and a ``discard_win`` of None, ``out["deal_ins"]``
    is True; with calls ``out["deal_ins_note"]`` says why they are left out.

    ``part`` of ``parts`` (whole numbers, ``0 <= part < parts <=`` :data:`MAX_PARTS`): a
    14-tile hand's discards in the group ``part`` of :func:`mjcore.play.bestplay.discard_parts`
    (the page asks its two slow workers a group each, then joins the entries); an
    empty group is an empty list, and a 13-tile hand is all in part 0.  ``stage``
    ("all", "keep" or "raise", as ``discard_parts`` takes it) answers only the group's
    discards that keep the shanten, or only the others: at four seats the page asks each
    group in two stages, the quick one first, and fills the column as they come; a
    13-tile hand is all in the stage "keep".
    """
    read = _read(hand, rules, visible, wild, out)
    if read is None:
        return None
    counts, seen, rules = read
    try:
        out["hand_changes"] = bool_arg(hand_changes, "hand_changes")
        out["four_seats"] = choice_arg(four_seats, "four_seats", FOUR_SEATS)
        seats = {} if out["four_seats"] == "off" else {
            "discard_wins": True, "calls": out["four_seats"] == "calls"}
        raced = _race(opponents, turn, rules, out)
        if raced is not None:
            seats.update(opponents=True, turn=out["turn"])
        deal_ins, note = deal_ins_asked(objective, out["four_seats"], raced is not None,
                                        rules)
        if objective == "points":
            out["deal_ins"], out["deal_ins_note"] = deal_ins, note
        if deal_ins:
            seats["deal_ins"] = True
        out["draws"] = draws = (DRAWS if raced is None else raced) if draws is None else draws
        parts = int_arg(parts, "parts", 1, MAX_PARTS)
        part = int_arg(part, "part", 0, parts - 1)
        stage = choice_arg(stage, "stage", STAGES)
        if (parts > 1 or stage != "all") and sum(counts) % 3 == 2:
            seats["discards"] = discard_parts(counts, parts, rules, out["hand_changes"],
                                              stage)[part]
            if not seats["discards"]:
                return []  # nothing in this group
        elif part or stage == "raise":
            return []  # a 13-tile hand has no discards to share out: part 0 answers it
        asked = dict(draws=draws, rules=rules, visible=seen, objective=objective, **seats)
        entries = (_alone(counts, out["hand_changes"], asked) if out["four_seats"] == "off"
                   else mjcore.win_chances(counts, hand_changes=out["hand_changes"],
                                           approximate=True, **asked))
    except HandError as error:
        out["error"] = str(error)
        return None
    out["approximate"] = approximate_note(entries, hand_changes=out["hand_changes"],
                                          calls=out["four_seats"] == "calls",
                                          rules=rules) or None
    return [_entry(e, objective, out["four_seats"], deal_ins) for e in entries]


def _alone(counts: tuple[int, ...], hand_changes: bool, asked: dict) -> mjcore.WinChances:
    """``mjcore.win_chances(counts, hand_changes=hand_changes, approximate=True, **asked)``
    for the player alone, the last answer without hand changes kept (:data:`_WITHOUT`).

    With hand changes, ``approximate=True`` answers a hand too far for them with the answer
    without them, each entry marked not exact.  Where this worker has just given that
    answer, the search with hand changes is asked without ``approximate`` (the same search:
    ``approximate`` changes only what a refusal gives), and its refusal is answered with
    the answer kept, as mjcore would, instead of computing it again.

    >>> far = "135m2468p1357s136z"  # four from ready: too far for hand changes
    >>> without = _alone(mjcore.parse(far), False, {})
    >>> kept = _alone(mjcore.parse(far), True, {})  # refused at once, the answer kept
    >>> kept == mjcore.win_chances(far, hand_changes=True, approximate=True)
    True
    >>> [e.exact for e in without][:2], [e.exact for e in kept][:2]
    ([True, True], [False, False])
    """
    key = (counts, repr(sorted(asked.items())))
    if not hand_changes:
        found = mjcore.win_chances(counts, hand_changes=False, approximate=True, **asked)
        _WITHOUT.clear()
        _WITHOUT[key] = found
        return found
    kept = _WITHOUT.get(key)
    if kept is None:
        return mjcore.win_chances(counts, hand_changes=True, approximate=True, **asked)
    try:
        return mjcore.win_chances(counts, hand_changes=True, approximate=False, **asked)
    except HandError:  # too far for hand changes: the best play without them, not exact
        return mjcore.WinChances([replace(e, exact=False) for e in kept])


def _entry(e: mjcore.WinChance, objective: str, four_seats: str, deal_ins: bool) -> dict:
    """One :class:`mjcore.WinChance` for the page (:func:`_best_play`): what the question
    asked for (``objective``, ``four_seats``, ``deal_ins``)."""
    no_tile = {"tile": None, "zh": None, "en": None}  # the hand as it is: no discard
    entry = dict(_tile(e.tile) if e.tile is not None else no_tile, shanten=e.shanten,
                 win=float(e.win), tenpai=float(e.tenpai),
                 by_draws=[float(p) for p in e.by_draws], exact=bool(e.exact))
    if objective == "points":
        entry["expected_points"] = float(e.expected_points)
    if four_seats != "off":  # None with deal-ins: the part won on a discard is not followed
        entry["discard_win"] = None if e.discard_win is None else float(e.discard_win)
    if deal_ins and e.deal_in is not None:  # None for a hand that wins already
        entry["deal_in"], entry["fold"] = float(e.deal_in), bool(e.fold)
    return entry


def chances(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
            hand_changes: bool = False, draws: int | None = None, four_seats: str = "off",
            opponents: bool = False, turn: int = 1, part: int = 0, parts: int = 1,
            stage: str = "all") -> dict:
    """The chance of winning within ``draws`` draws after each discard of a 3n+2 hand.

    The slow answer, asked after :func:`analysis` by a second worker:
    ``mjcore.win_chances(counts, draws=..., rules=..., visible=...,
    hand_changes=...)``, keep only progress unless ``hand_changes`` (the
    page's switch 手替わり; True or False, anything else is an error).
    ``chances`` lists, per discard, ``tile``, ``shanten``, ``win`` (the
    chance of winning within ``draws``), ``tenpai`` and ``by_draws`` (the
    chance of having won after 1, 2, ... draws) as floats, and ``exact``;
    ``hand_changes`` says which policy it was (None when the input was refused first).
    A hand too far from ready for the exact search is answered approximately: its entries
    have ``exact`` False and ``approximate`` says what they are (:func:`_best_play`).

    ``four_seats`` (one of :data:`FOUR_SEATS`) plays four seats: ``draws``
    counts turns, each showing the three other seats' discards and then the
    player's draw, and each entry has ``discard_win`` too, the part of ``win``
    won on another seat's discard (点炮胡).  mjcore refuses four seats with hand
    changes or a wild tile, for now: its message comes back.

    ``opponents`` (four seats: the page's "others race too" switch, True or False) is the
    race, from the player's turn ``turn`` (1 to :data:`MAX_TURN`): at each turn another
    seat may win first, with the chance the table of four measured, and ``win`` is the
    chance of winning before anyone else (``mjcore.win_chances(..., opponents=True,
    turn=turn)``).  ``draws`` (None) is then :func:`race_draws`, and ``draws`` in the
    answer says it; ``opponents`` and ``turn`` say what was asked.

    A 13-tile hand, or one that wins, has one entry, for the hand as it is
    (``tile``, ``zh`` and ``en`` None).

    >>> [c["tile"] for c in chances("12389m456p78s9p11z4z")["chances"]][:3]
    ['9p', '4z', '9m']
    >>> [(c["tile"], c["shanten"], c["win"]) for c in chances("11223344556677m")["chances"]]
    [(None, -1, 1.0)]
    >>> with_changes = chances("123456m789p1357s1z", hand_changes=True)
    >>> with_changes["hand_changes"], with_changes["chances"][0]["tile"]
    (True, '1z')
    >>> chances("123456m789p1357s1z", hand_changes="yes")["error"]
    "hand_changes must be True or False, got 'yes'"
    >>> best = chances("12389m456p78s9p11z4z", four_seats="calls")["chances"][0]
    >>> best["tile"], round(best["win"], 4), round(best["discard_win"], 4)
    ('9p', 0.8649, 0.663)
    >>> chances("12389m456p78s9p11z4z", four_seats="yes")["error"]
    "four_seats must be one of 'off', 'discard_wins', 'calls', got 'yes'"
    >>> race = chances("12389m456p78s9p11z4z", four_seats="calls", opponents=True, turn=9)
    >>> race["draws"], round(race["chances"][0]["win"], 4)
    (15, 0.1067)
    >>> chances("12389m456p78s9p11z4z", four_seats="calls", opponents=True, turn=16)["error"]
    'turn must be at most 15, got 16'
    >>> halves = [chances("12389m456p78s9p11z4z", part=k, parts=2)["chances"] for k in (0, 1)]
    >>> [[e["tile"] for e in half] for half in halves]  # the page's two slow workers
    [['9p', '4z', '9m', '8m', '6p', '1z', '3m'], ['1m', '4p', '8s', '7s', '2m', '5p']]
    >>> chances("12389m456p78s9p11z4z", part=2, parts=2)["error"]
    'part must be at most 1, got 2'
    >>> [[e["tile"] for e in chances("12389m456p78s9p11z4z", part=0, parts=2, stage=stage)[
    ...   "chances"]] for stage in ("keep", "raise")]  # the first group in two stages
    [['9p', '4z'], ['9m', '8m', '6p', '1z', '3m']]
    >>> far = chances("2468m13579p246s12z", hand_changes=True)  # too far for hand changes
    >>> far["chances"][0]["exact"], far["approximate"][:58]
    (False, 'the hand is too far from ready for the search with hand ch')
    """
    out: dict = {"error": None, "wild": None, "draws": draws, "hand_changes": None,
                 "four_seats": None, "opponents": None, "turn": None, "chances": None,
                 "approximate": None}
    out["chances"] = _best_play(hand, rules, visible, wild, hand_changes, draws, "win",
                                four_seats, opponents, turn, out, part, parts, stage)
    return out


def points(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
           hand_changes: bool = False, draws: int | None = None, four_seats: str = "off",
           opponents: bool = False, turn: int = 1, part: int = 0, parts: int = 1,
           stage: str = "all") -> dict:
    """The expected Poyang points after each discard of a 14-tile hand, under best play.

    The third answer, asked after :func:`chances` when :func:`analysis` says
    ``points``: ``mjcore.win_chances(..., objective="points")``, the play
    that maximizes the points collected when winning self-drawn with a
    concealed hand (0 without a win), keep only progress unless
    ``hand_changes``.  ``points`` lists, per discard, ``tile``,
    ``expected_points``, and ``win``, ``tenpai`` and ``by_draws`` under
    that play (it may win less often than the play :func:`chances`
    assumes); ``hand_changes``, ``four_seats``, ``opponents``, ``turn``, ``exact`` and
    ``approximate`` as in :func:`chances` (with the race, the points of winning before
    anyone else).
    Other rules, a wild tile or another size come back as mjcore's message,
    and so do four seats while mjcore does not score them.

    At four seats with wins on discards (not calls) and the race, every tile the player
    throws may deal in (放炮) to another seat, costing ``loss`` points, the table's mean
    payment, and best play may fold (``mjcore.win_chances(..., deal_ins=True)``):
    ``deal_ins`` is then True, the points are net, each entry has ``deal_in`` (the chance
    of dealing in before the round ends) and ``fold`` (whether best play gives up winning
    after that discard), and ``push_or_fold`` is the best discard's ("push" or "fold",
    None for a hand that deals in nothing).  With calls ``deal_ins`` is False and
    ``deal_ins_note`` says why (:data:`DEAL_INS_NOTE`).

    >>> best = points("12389m456p78s9p11z4z")["points"][0]
    >>> best["tile"], round(best["expected_points"], 3)
    ('9p', 8.547)
    >>> points("12389m456p78s9p11z4z", "riichi")["error"]
    "objective 'points' scores Poyang hands: use the poyang rules, not riichi"
    >>> late = points("12389m456p78s9p11z4z", four_seats="discard_wins", opponents=True,
    ...               turn=10)
    >>> late["deal_ins"], late["push_or_fold"], late["draws"], round(late["loss"], 2)
    (True, 'push', 14, 5.72)
    >>> [(e["tile"], round(e["expected_points"], 3), round(e["deal_in"], 4), e["fold"])
    ...  for e in late["points"][:2]]
    [('9p', -1.222, 0.3096, False), ('4z', -1.299, 0.3241, False)]
    >>> points("234578m1689p357s1z", four_seats="discard_wins", opponents=True,
    ...        turn=9)["push_or_fold"]
    'fold'
    >>> calls = points("12389m456p78s9p11z4z", four_seats="calls", opponents=True, turn=10)
    >>> calls["deal_ins"], calls["deal_ins_note"] == DEAL_INS_NOTE, "deal_in" in calls["points"][0]
    (False, True, False)
    """
    out: dict = {"error": None, "wild": None, "draws": draws, "hand_changes": None,
                 "four_seats": None, "opponents": None, "turn": None, "points": None,
                 "approximate": None, "deal_ins": False, "deal_ins_note": None, "loss": None,
                 "push_or_fold": None}
    found = _best_play(hand, rules, visible, wild, hand_changes, draws, "points",
                       four_seats, opponents, turn, out, part, parts, stage)
    out["points"] = found
    if found and out["deal_ins"]:
        out["loss"] = LOSS["poyang"][0]
        fold = found[0].get("fold")
        out["push_or_fold"] = None if fold is None else "fold" if fold else "push"
    return out


def claim(hand: str, tile: str, seat: str, rules: str = "poyang", visible: str = "",
          wild: str = "", draws: int | None = None, objective: str = "win",
          opponents: bool = False, turn: int = 1) -> dict:
    """Should a 13-tile hand claim ``tile``, just discarded by ``seat`` (one of
    :data:`SEATS`)?  ``mjcore.claim_advice``: every option, best first (by the chance of
    winning, or by expected points for ``objective="points"``: then each option has its
    ``expected_points``).

    ``options`` lists :meth:`mjcore.ClaimOption.as_dict` (``kind`` "pass", "win",
    "pon" or "chi", ``meld``, ``discard``, ``win``, ``discard_win``, ``tenpai``), the
    discard after the claim with its names (``discard`` a dict as ``claim`` is, or
    None).  ``claim`` is the tile, ``seat`` the seat; from a seat other than the left
    one no 吃 is offered, and ``chi_from_left`` lists the runs the tile would complete
    from the left seat (empty when there are none), so the page can say why.  Bad input,
    or a hand mjcore cannot answer, comes back as its message.  ``points`` is True when the
    page should then ask the same question by points (Poyang rules without a wild tile, a
    hand at most :data:`~mjcore.play.bestplay.MAX_POINTS_CALLS` from ready), and
    ``points_note`` says why not for a Poyang hand too far from ready.  ``opponents`` and
    ``turn``: the race, as :func:`chances` has it (``draws`` None: :data:`DRAWS`, or with
    the race :func:`race_draws`): each option's ``win`` is then the chance of winning
    before anyone else.

    >>> out = claim("12389m456p78s11z4z", "9s", "left")
    >>> [(o["kind"], o["meld"], o["discard"] and o["discard"]["tile"]) for o in out["options"]]
    [('chi', '789s', '4z'), ('pass', '', None)]
    >>> right = claim("12389m456p78s11z4z", "9s", "right")
    >>> [o["kind"] for o in right["options"]], right["chi_from_left"]
    (['pass'], ['789s'])
    >>> claim("12389m456p78s11z4z", "8z", "left")["error"]
    'claim: 8z is not a tile: honours are 1z-7z'
    >>> claim("12389m456p78s11z4z", "9s", "north")["error"]
    "seat must be one of 'right', 'across', 'left', got 'north'"
    >>> out["points"], [(o["kind"], round(o["expected_points"], 2)) for o in claim(
    ...     "12389m456p78s11z4z", "9s", "left", objective="points")["options"]]
    (True, [('pass', 8.89), ('chi', 6.78)])
    >>> [round(o["win"], 4) for o in claim("12389m456p78s11z4z", "9s", "left",
    ...                                    opponents=True)["options"]]
    [0.6355, 0.3951]
    """
    out: dict = {"error": None, "wild": None, "draws": draws, "claim": None, "seat": None,
                 "opponents": None, "turn": None, "options": None, "chi_from_left": None,
                 "points": False, "points_note": None}
    read = _read(hand, rules, visible, wild, out)
    if read is None:
        return out
    counts, seen, rules = read
    try:
        out["claim"] = _tile(named_tile_arg(str_arg(tile, "claim", 40), "claim"))
        out["seat"] = choice_arg(seat, "seat", SEATS)
        raced = _race(opponents, turn, rules, out)
        race = {} if raced is None else {"opponents": True, "turn": out["turn"]}
        out["draws"] = draws = (DRAWS if raced is None else raced) if draws is None else draws
        searches: dict = {}  # the left seat's question reuses the first one's search
        found = mjcore.claim_advice(counts, out["claim"]["tile"], out["seat"], draws, rules,
                                    seen, objective, searches=searches, **race)
        from_left = found if out["seat"] == "left" else mjcore.claim_advice(
            counts, out["claim"]["tile"], "left", draws, rules, seen, objective,
            searches=searches, **race)
    except HandError as error:
        out["error"] = str(error)
        return out
    if rules is POYANG:
        far = shanten(counts, rules)
        out["points"] = far <= MAX_POINTS_CALLS
        if not out["points"]:
            out["points_note"] = (f"no expected points for this claim: with calls mjcore "
                                  f"scores hands at most {MAX_POINTS_CALLS} from ready, this "
                                  f"one is {far}")
    options = []
    for option in found:
        entry = option.as_dict()
        entry["discard"] = None if option.discard is None else _tile(option.discard)
        options.append(entry)
    out["options"] = options
    out["chi_from_left"] = [o.meld for o in from_left if o.kind == "chi"]
    return out


def danger(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
           opponents: bool = False, turn: int = 1) -> dict:
    """With the race on, the chance each discard of a 3n+2 hand deals in now
    (``mjcore.deal_in_chances(hand, visible, turn, rules)``: one of the three other seats
    is ready, as the table of four's seats were by then, and waits on the tile).

    ``dangers`` lists each distinct tile of the hand, safest first (equal chances in tile
    order): ``tile``, ``zh``, ``en``, ``chance`` (of dealing in) and ``share`` (of a ready
    seat's hands waiting on it); ``ready`` is the chance each seat is ready, ``seats``
    their number.  ``opponents`` and ``turn`` as :func:`chances` checks them; without the
    race, or for a hand of another size (no discard to make), nothing is computed
    (``dangers`` None).  Rules without the table's curve are a message: the bridge's for
    a preset the table did not play (the race's), mjcore's for a wild tile.

    >>> d = danger("12389m456p78s9p11z4z", visible="7m6s", opponents=True, turn=9)
    >>> d["error"], d["ready"], [(x["tile"], round(x["chance"], 4)) for x in d["dangers"]][:2]
    (None, 0.333607, [('7s', 0.0446), ('3m', 0.0465)])
    >>> danger("12389m456p78s9p11z4z", "standard", opponents=True, turn=3)["error"]
    'others race too: the table of four measured the race under the poyang and riichi rules, not standard'
    >>> danger("12389m456p78s9p11z4z", wild="7z", opponents=True)["error"]
    "rules 'poyang, 7z wild' have wild tiles (7z), which this function does not take yet"
    >>> danger("12389m456p78s9p11z4z")["dangers"], danger("123m", opponents=True)["dangers"]
    (None, None)
    >>> danger("12389m456p78s9p11z4z", opponents=True, turn=16)["error"]
    'turn must be at most 15, got 16'
    """  # noqa: E501
    out: dict = {"error": None, "wild": None, "opponents": None, "turn": None, "ready": None,
                 "seats": SEATS_AROUND, "dangers": None}
    read = _read(hand, rules, visible, wild, out)
    if read is None:
        return out
    counts, seen, rules = read
    try:
        if _race(opponents, turn, rules, out) is None or sum(counts) % 3 != 2:
            return out
        found = mjcore.deal_in_chances(counts, seen, out["turn"], rules, seats=SEATS_AROUND)
    except HandError as error:
        out["error"] = str(error)
        return out
    out["ready"] = found.ready
    out["dangers"] = [dict(_tile(t), chance=found.chances[t], share=found.shares[t])
                      for t in sorted(found.tiles, key=lambda t: found.chances[t])]
    return out


def _as_json(question: Callable[..., dict], *args: object) -> str:
    """``question(*args)`` as a JSON string; an unexpected exception becomes a message too."""
    try:
        return json.dumps(question(*args), ensure_ascii=False)
    except Exception as error:  # a bug in mjcore: say so in the page, never a traceback
        return json.dumps({"error": f"mjcore failed on this hand ({type(error).__name__}: "
                                    f"{error}); please report it",
                           "wild": None, "counts": None, "analysis": None, "shanten": None})


def answer(hand: str, rules: str = "poyang", visible: str = "", wild: str = "") -> str:
    """:func:`analysis` as a JSON string (the worker's quick question)."""
    return _as_json(analysis, hand, rules, visible, wild)


def answer_chances(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
                   hand_changes: bool = False, four_seats: str = "off",
                   opponents: bool = False, turn: int = 1, part: int = 0,
                   parts: int = 1, stage: str = "all") -> str:
    """:func:`chances` as a JSON string (the worker's slow question; ``part`` of ``parts``,
    the group of discards this worker answers)."""
    return _as_json(chances, hand, rules, visible, wild, hand_changes, None, four_seats,
                    opponents, turn, part, parts, stage)


def answer_points(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
                  hand_changes: bool = False, four_seats: str = "off",
                  opponents: bool = False, turn: int = 1, part: int = 0,
                  parts: int = 1, stage: str = "all") -> str:
    """:func:`points` as a JSON string (the worker's slow question after the chances;
    ``part`` of ``parts`` as for :func:`answer_chances`)."""
    return _as_json(points, hand, rules, visible, wild, hand_changes, None, four_seats,
                    opponents, turn, part, parts, stage)


def answer_claim(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
                 tile: str = "", seat: str = "left", opponents: bool = False,
                 turn: int = 1) -> str:
    """:func:`claim` as a JSON string (the worker's claim question, quick as :func:`answer`)."""
    return _as_json(claim, hand, tile, seat, rules, visible, wild, None, "win", opponents,
                    turn)


def answer_claim_points(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
                        tile: str = "", seat: str = "left", opponents: bool = False,
                        turn: int = 1) -> str:
    """:func:`claim` by expected points as a JSON string (a slow question, in the second
    worker, after :func:`answer_claim`)."""
    return _as_json(claim, hand, tile, seat, rules, visible, wild, None, "points", opponents,
                    turn)


def answer_danger(hand: str, rules: str = "poyang", visible: str = "", wild: str = "",
                  opponents: bool = False, turn: int = 1) -> str:
    """:func:`danger` as a JSON string (the worker's danger question, quick as
    :func:`answer`)."""
    return _as_json(danger, hand, rules, visible, wild, opponents, turn)


def tiles() -> list[dict[str, str]]:
    """The 34 tiles in mpsz order (m, p, s, then 1z-7z) with their names, for the picker.

    >>> [t["name"] for t in tiles()][::9], tiles()[-1]
    (['1m', '1p', '1s', '1z'], {'name': '7z', 'zh': '中', 'en': 'red dragon'})
    """
    order = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
    order += [f"{rank}z" for rank in range(1, 8)]
    out = []
    for name in order:
        tile = tile_index(name)
        out.append({"name": name, "zh": tile_name_zh(tile), "en": tile_name_en(tile)})
    return out
