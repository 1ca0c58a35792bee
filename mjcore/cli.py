"""Command line: ``python -m mjcore analyze HAND [--rules R] [--wild TILE] [--visible TILES]
[--json]``.

Also ``python -m mjcore score HAND --win-tile T [--self-draw] [--meld "pon 777z" ...]
[--after-kong] [--robbing-kong] [--last-tile] [--heavenly] [--earthly] [--cap N|none]
[--base N] [--wild TILE] [--json]``: the Poyang fan and points of a winning hand
(chapter 10; with a wild tile, chapter 11).

And ``python -m mjcore discard HAND [--draws N] [--rules R] [--wild TILE]
[--visible TILES] [--hand-changes] [--points] [--discard-wins] [--calls] [--opponents
[--turn N]] [--deal-ins] [--exact] [--json]``: the chance of winning under best play for
each discard (chapter 6; ``--discard-wins``: four seats, a ready hand wins on the other
seats' discards too; ``--calls``: and claims them, 碰 and 吃).  A hand too far from ready
for the exact search is answered approximately (:func:`mjcore.win_chances` with
``approximate=True``): each such line ends ``(approximate)``, a first line says what that
means and how far off such answers were measured, and in JSON such a choice has
``"exact": false`` and the object an ``approximate`` field, that line; ``--exact``
refuses such a hand instead.  ``--deal-ins`` (with ``--points
--discard-wins``, no ``--calls``, Poyang rules; chapter 8): every tile the player throws
may deal in (放炮), costing the table's mean payment, and best play may fold
(:func:`mjcore.win_chances` with ``deal_ins=True``): the points are net, each line ends
with the chance of dealing in and ``then push`` or ``then fold`` (whether best play gives
up winning after that discard), a first line says what they are and a last one answers
``push or fold`` for the best discard; the JSON has ``deal_in`` and ``fold`` in each
choice and a ``deal_ins`` field (the points a deal-in costs, and ``push_or_fold``).

And ``python -m mjcore claim HAND TILE --from left|across|right [--draws N] [--rules R]
[--visible TILES] [--points] [--opponents [--turn N]] [--json]``: should a 13-tile hand
claim the tile that seat just discarded (pass, win, 碰, 吃), each option with its chance
of winning (``--points``: ranked by expected Poyang points, which a claim's lost 门清
lowers).

And ``python -m mjcore danger HAND [--visible TILES] [--turn N] [--rules R] [--seats K]
[--ready Q] [--json]``: for each tile of the hand, the chance that discarding it now deals
in (放炮) to one of the ``K`` other seats (default 3) at the player's discard ``N``
(default 1), safest first, with the share of a ready seat's hands waiting on it
(:func:`mjcore.deal_in_chances`, chapter 8).  A seat is ready with the chance the table of
four measured under the rules (poyang or riichi), or ``--ready``: one chance, or a list of
them by the seat's discards ("0.1,0.3,0.5").

``--opponents`` (four seats only) is the race: at the start of each turn the round may
end by another seat's win, with the chance per turn that the table of four measured under
the rules (poyang or riichi, :data:`mjcore.play.bestplay.hazards.HAZARDS`), and ``win``
is the chance of winning before anyone else; ``--turn N`` is the player's turns taken so
far (default 1, the dealer's first 14 tiles).  The output says so: a first line
``the race: ...`` in text, a ``race`` field in JSON (null without it).  With the race,
``discard`` also gives each discard's chance of dealing in now, at that turn
(:func:`mjcore.deal_in_chances` with the visible tiles and three other seats): ``deal-in``
at the end of each line and a second line saying what it is, ``deal_in`` in each choice
of the JSON (null for a 13-tile hand, which discards nothing).  With ``--deal-ins`` too,
``deal-in`` and ``deal_in`` are instead the chance of dealing in before the round ends,
under best play, which the race's line precedes.

``--rules`` also takes the presets with a wild kind (``hongzhong``: 红中麻将, 7z wild).
``--wild TILE`` makes every copy of one kind wild (赖子 làizi, e.g. ``--wild 7z``
for 红中): the rules are :func:`mjcore.with_wild` of ``--rules`` and that kind (for
``score``, Poyang's forms with that kind: a win that needs no wild tile scores 硬胡).
Without it the wild kind is the preset's own (none but for ``hongzhong``);
``--wild none`` means no wild tile whatever the preset.

Every bad invocation, whichever subcommand and whether argparse or mjcore
finds the fault, ends the same way: exit status 2 and exactly one line
``error: ...`` on stderr, never a traceback.  The line has no raw line
breaks or control characters (they are shown escaped, as ``\\n``), and
output that the terminal's encoding cannot show is written escaped
(``\\u4e03``) rather than failing.  :func:`main` does this for every
subcommand, so a new one gets it by being added to :func:`build_parser`.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import io
import json
import os
import sys
from collections.abc import Callable
from typing import IO, NoReturn

from .base.checks import MAX_NOTATION, HandError, show
from .base.rules import POYANG, PRESETS, RIICHI, WILD_PRESETS, Rules, rules_arg, with_wild
from .base.tiles import N_KINDS, tile_index, tile_name, tile_name_zh
from .hand.analysis import Analysis, analyze
from .play.approximate import approximate_note
from .play.bestplay import (
    SEATS,
    ClaimAdvice,
    WinChance,
    WinChances,
    claim_advice,
    win_chances,
)
from .play.bestplay.hazards import LOSS
from .play.danger import Dangers, deal_in_chances
from .play.readiness import READY
from .scoring.poyang import PoyangRules, Score, score

MAX_ARGS = 100
"""The most command-line arguments read."""

RULES_NAMES = "{" + ",".join([*PRESETS, *WILD_PRESETS]) + "}"
"""What ``--rules`` takes, for its help."""


def one_line(text: str) -> str:
    """``text`` with line breaks and other unprintable characters escaped.

    >>> print(one_line("unrecognized arguments: a" + chr(10) + "b"))
    unrecognized arguments: a\\nb
    """
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def _write(text: str, stream: IO[str] | None) -> None:
    """Write ``text`` to ``stream``; what its encoding cannot show is written escaped."""
    if stream is None:
        return
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
    stream.flush()


def error_exit_code(message: str) -> int:
    """Print ``message`` as the one ``error:`` line on stderr; return the exit status 2."""
    _write(f"error: {one_line(message)}\n", sys.stderr)
    return 2


class _Parser(argparse.ArgumentParser):
    """argparse with mjcore's error line: argparse's own faults end like a HandError."""

    def error(self, message: str) -> NoReturn:
        sys.exit(error_exit_code(message))

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        _write(message, file or sys.stdout)  # --help in Chinese on an ASCII terminal


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand; its errors go through mjcore's one error line."""
    parser = _Parser(prog="python -m mjcore", description="Mahjong hand analysis.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    a = sub.add_parser("analyze", help="waits of a 3n+1 hand, win and readings of a 3n+2 hand")
    a.add_argument("hand", help='tiles in mpsz ("123m456p789s11z") or Chinese ("1万2万3万")')
    a.add_argument("--rules", type=_rules, default="poyang", metavar=RULES_NAMES,
                   help="rules preset, in any case (default poyang)")
    _add_wild(a)
    a.add_argument("--visible", default="", help="tiles seen on the table, same notation")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    s = sub.add_parser("score", help="Poyang fan and points of a winning hand")
    s.add_argument("hand", help="the concealed tiles including the winning tile")
    s.add_argument("--win-tile", required=True, help="the tile the hand won on, e.g. 7m")
    s.add_argument("--meld", action="append", default=[],
                   help='a meld laid down: "chi 345m", "pon 777z", "kong 1111p", '
                        '"ankan 9999s"; repeat for more')
    s.add_argument("--self-draw", action="store_true", help="自摸: the winner drew the tile")
    s.add_argument("--after-kong", action="store_true",
                   help="杠上开花: won on a kong's replacement tile")
    s.add_argument("--robbing-kong", action="store_true", help="抢杠胡: robbed an added kong")
    s.add_argument("--last-tile", action="store_true", help="海底捞月: the last tile of the wall")
    s.add_argument("--heavenly", action="store_true", help="天胡: the dealer's first 14 tiles")
    s.add_argument("--earthly", action="store_true", help="地胡: on the dealer's first discard")
    s.add_argument("--cap", type=_cap, default=6, help="fan cap, or 'none' (default 6)")
    s.add_argument("--base", type=int, default=1, help="base points (default 1)")
    _add_wild(s)
    s.add_argument("--json", action="store_true", help="print one JSON object")
    d = sub.add_parser("discard", help="chance of winning under best play for each discard")
    d.add_argument("hand", help="13 or 14 tiles (any 3n+1 or 3n+2 up to 14)")
    d.add_argument("--draws", type=int, default=17, help="draws left (default 17)")
    d.add_argument("--rules", type=_rules, default="poyang", metavar=RULES_NAMES,
                   help="rules preset, in any case (default poyang)")
    _add_wild(d)
    d.add_argument("--visible", default="", help="tiles seen on the table, same notation")
    d.add_argument("--hand-changes", action="store_true",
                   help="手替わり: also keep draws that improve the shape")
    d.add_argument("--points", action="store_true",
                   help="maximize expected Poyang points instead of the chance of winning")
    d.add_argument("--discard-wins", action="store_true",
                   help="点炮: four seats, and a ready hand wins on their discards too "
                        "(draws count turns)")
    d.add_argument("--calls", action="store_true",
                   help="碰 and 吃: four seats, and the player may claim their discards "
                        "(draws count turns)")
    _add_race(d)
    d.add_argument("--deal-ins", action="store_true",
                   help="放炮: with --points --discard-wins (no --calls, poyang rules), every "
                        "throw may deal in, costing the table's mean payment, and best play "
                        "may fold; points are net, each discard shows its chance of dealing "
                        "in and push or fold")
    d.add_argument("--exact", action="store_true",
                   help="refuse a hand too far from ready for the exact search rather than "
                        "approximate it (by default such a hand is answered, each "
                        "approximate row marked: a search cut short and valued from a table, "
                        "or the best play without hand changes or calls)")
    d.add_argument("--json", action="store_true", help="print one JSON object")
    c = sub.add_parser("claim", help="pass, win, pon or chi: each answer to a discard")
    c.add_argument("hand", help="13 tiles, after the player's own discard")
    c.add_argument("tile", help="the tile just discarded, e.g. 9s")
    c.add_argument("--from", dest="seat", required=True, choices=SEATS,
                   help="the seat that discarded it (吃 only from the left)")
    c.add_argument("--draws", type=int, default=17,
                   help="turns left, this one included (default 17)")
    c.add_argument("--rules", type=_rules, default="poyang", metavar=RULES_NAMES,
                   help="rules preset, in any case (default poyang)")
    c.add_argument("--visible", default="", help="tiles seen on the table, same notation")
    c.add_argument("--points", action="store_true",
                   help="rank by expected Poyang points instead of the chance of winning")
    _add_race(c)
    c.add_argument("--json", action="store_true", help="print one JSON object")
    g = sub.add_parser("danger", help="the chance each tile of a hand deals in (放炮) if "
                                      "discarded now, safest first")
    g.add_argument("hand", help="the player's concealed tiles (1 to 14)")
    g.add_argument("--visible", default="", help="every other tile seen: discards, melds "
                                                 "shown")
    g.add_argument("--turn", type=int, default=1,
                   help="the player's discard about to be made (default 1, the first)")
    g.add_argument("--rules", type=_rules, default="poyang", metavar=RULES_NAMES,
                   help="rules preset, in any case (default poyang)")
    g.add_argument("--seats", type=int, default=3, help="the other seats, 1-3 (default 3)")
    g.add_argument("--ready", type=_ready, default=None, metavar="Q",
                   help="the chance another seat is ready, or a list of them by its "
                        'discards ("0.1,0.3,0.5"); default: as the table of four measured '
                        "(poyang and riichi rules)")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _add_race(parser: argparse.ArgumentParser) -> None:
    """The race's options, ``--opponents`` and ``--turn``, of ``discard`` and ``claim``."""
    parser.add_argument("--opponents", action="store_true",
                        help="the race: each turn another seat may win first, as the table "
                             "of four measured it (poyang or riichi rules; four seats "
                             "only); win is then the chance of winning before anyone else")
    parser.add_argument("--turn", type=int, default=None,
                        help="with --opponents: the player's turns taken so far "
                             "(default 1, the dealer's first 14 tiles)")


def _add_wild(parser: argparse.ArgumentParser) -> None:
    """The ``--wild`` option, beside each ``--rules``."""
    parser.add_argument("--wild", type=_wild, default=None, metavar="TILE",
                        help='the wild tile 赖子: every copy stands for any tile, e.g. 7z '
                             "(or 中) for 红中; a name, an index 0-33, or 'none' (default: "
                             "the preset's, none but for hongzhong)")


NO_WILD = -1
"""What ``--wild none`` reads as: no wild tile, even for a preset with one."""


def _wild(text: str) -> int:
    """``--wild``: a tile name ("7z", "中") or a tile index 0-33, as the index; or
    'none' (any case), as :data:`NO_WILD`."""
    if text.lower() == "none":
        return NO_WILD
    if text.isascii() and text.isdigit():
        if len(text) > 2 or int(text) >= N_KINDS:
            raise argparse.ArgumentTypeError(
                f"{text} is not a tile: give a name such as 7z or an index 0-{N_KINDS - 1}")
        return int(text)
    try:
        return tile_index(text)
    except HandError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _with_wild(rules: str, wild: int | None) -> Rules | str:
    """The rules to use: the preset's name, or its switches with the wild kind (``wild``
    None: the preset's own; :data:`NO_WILD`: none)."""
    if wild == NO_WILD:
        wild = None
    elif wild is None:
        return rules
    return with_wild(rules, wild)


def _rules(text: str) -> str:
    try:
        return rules_arg(text, wild=True).name
    except HandError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _ready(text: str) -> float | tuple[float, ...]:
    """``--ready``: one chance ("0.3") or a list of them by discard ("0.1,0.3,0.5");
    deal_in_chances checks their range."""
    try:
        values = tuple(float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a chance or a list of chances such as 0.1,0.3,0.5") from None
    return values[0] if len(values) == 1 and "," not in text else values


def _cap(text: str) -> int | None:
    if text.lower() == "none":
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 10:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of fan or 'none'")
    return int(text)


def _race(args: argparse.Namespace, rules: Rules | str, four_seats: bool) -> dict | None:
    """The race ``--opponents`` and ``--turn`` ask for, checked, as the ``race`` field of
    the JSON output (None without ``--opponents``): raises HandError for a bad pair."""
    if not args.opponents:
        if args.turn is not None:
            raise HandError("--turn is the turn of the race: use it with --opponents")
        return None
    if not four_seats:
        raise HandError("--opponents races at four seats: add --discard-wins or --calls")
    rules = rules_arg(rules, wild=True)
    if rules.wild is None and rules not in (POYANG, RIICHI):  # wild: mjcore's four seats say
        raise HandError(f"--opponents reads the race the table of four measured under the "
                        f"poyang and riichi rules, not {rules.name}")
    turn = 1 if args.turn is None else args.turn
    return {"curve": "table", "rules": rules.name, "turn": turn}


def _race_line(race: dict) -> str:
    """The first line of the text output with the race on."""
    return (f"the race: other seats may win first (the table's curve, {race['rules']}), "
            f"from turn {race['turn']}; win is the chance of winning before anyone else")


class DangerReport:
    """What ``danger`` prints: :func:`mjcore.deal_in_chances` safest first (equal chances in
    tile order), as text or JSON.

    >>> print(DangerReport(deal_in_chances("1m5z", visible="1m1m1m5z5z5z", turn=12,
    ...                                    rules="riichi"), "riichi", 12, None))
    deal-in at discard 12 (riichi): 3 other seats, each ready 25.29% (the table's seats); safest first
    tile   deal-in  waited on
    5z       0.00%      0.00%  白
    1m       1.36%      1.80%  1万
    """  # noqa: E501

    def __init__(self, dangers: Dangers, rules: str, turn: int,
                 ready: float | tuple[float, ...] | None) -> None:
        self.dangers, self.rules, self.turn, self.given = dangers, rules, turn, ready

    def safest(self) -> list[int]:
        """The hand's tiles, safest first."""
        return sorted(self.dangers.tiles, key=lambda t: self.dangers.chances[t])

    def as_dict(self) -> dict:
        """Plain JSON-ready values."""
        d = self.dangers
        return {"rules": self.rules, "turn": self.turn, "seats": d.seats, "ready": d.ready,
                "curve": "table" if self.given is None else "given",
                "tiles": [{"tile": tile_name(t), "zh": tile_name_zh(t),
                           "deal_in": d.chances[t], "waited_on": d.shares[t]}
                          for t in self.safest()]}

    def __str__(self) -> str:
        d = self.dangers
        where = "the table's seats" if self.given is None else "--ready"
        seats = "1 other seat" if d.seats == 1 else f"{d.seats} other seats, each"
        lines = [f"deal-in at discard {self.turn} ({self.rules}): {seats} ready "
                 f"{d.ready:.2%} ({where}); safest first",
                 "tile   deal-in  waited on"]
        for t in self.safest():  # the Chinese name last: it is wider than it counts
            lines.append(f"{tile_name(t):<4}{d.chances[t]:>10.2%}{d.shares[t]:>11.2%}  "
                         f"{tile_name_zh(t)}")
        return "\n".join(lines)


def _marked(chance: WinChance) -> str:
    """What ends the line of an approximate answer (``exact`` False), as
    :class:`~mjcore.play.bestplay.WinChance` writes it; "" for an exact one."""
    return "" if chance.exact else " (approximate)"


class RaceWithDanger:
    """What ``discard --opponents`` prints: :func:`mjcore.win_chances` with the race, and
    each discard's chance of dealing in now (:func:`mjcore.deal_in_chances`)."""

    def __init__(self, chances: WinChances, dangers: Dangers, turn: int) -> None:
        self.chances, self.dangers, self.turn = chances, dangers, turn

    def deal_in(self, tile: int | None) -> float | None:
        """A discard's chance of dealing in now (None for no discard)."""
        return None if tile is None else self.dangers.chances[tile]

    def as_dict(self) -> dict:
        """Plain JSON-ready values: the choices' with ``deal_in`` in each."""
        data = self.chances.as_dict()
        for choice, c in zip(data["choices"], self.chances, strict=True):
            choice["deal_in"] = self.deal_in(c.tile)
        return data

    def __str__(self) -> str:
        d = self.dangers
        lines = [f"deal-in: the chance the discard, made now at turn {self.turn}, deals in "
                 f"to one of the 3 other seats (each ready {d.ready:.2%}, as the table's "
                 "seats were)"]
        for c in self.chances:
            chance = self.deal_in(c.tile)
            lines.append(str(c) if chance is None else
                         f"{dataclasses.replace(c, exact=True)}, deal-in {chance:.2%}"
                         f"{_marked(c)}")  # the marker last
        return "\n".join(lines)


PUSH_OR_FOLD = {"push": "best play keeps trying to win",
                "fold": "best play gives up winning and throws its safest tiles"}
"""What ``discard --deal-ins``'s last line says of the best discard's push or fold."""


class DealIns:
    """What ``discard --deal-ins`` prints: :func:`mjcore.win_chances` with ``deal_ins``, each
    discard with its chance of dealing in and whether best play then pushes or folds, and
    the answer for the best discard.

    >>> report = DealIns(win_chances("234578m1689p357s1z", 15, discard_wins=True,
    ...                              objective="points", opponents=True, turn=9,
    ...                              deal_ins=True), 5.72)
    >>> report.push_or_fold(), str(report).splitlines()[-1]
    ('fold', 'push or fold: fold (best play gives up winning and throws its safest tiles)')
    """

    def __init__(self, chances: WinChances, loss: float) -> None:
        self.chances, self.loss = chances, loss

    def push_or_fold(self) -> str | None:
        """"push" or "fold" after the best discard (None for a hand that wins already)."""
        fold = self.chances[0].fold
        return None if fold is None else "fold" if fold else "push"

    def as_dict(self) -> dict:
        """Plain JSON-ready values: the choices' (with ``deal_in`` and ``fold``), and
        ``deal_ins``: the points a deal-in costs and the best discard's push or fold."""
        return self.chances.as_dict() | {
            "deal_ins": {"loss": self.loss, "push_or_fold": self.push_or_fold()}}

    def __str__(self) -> str:
        lines = [f"deal-in: the chance of dealing in (放炮) before the round ends under best "
                 f"play, each costing {self.loss:.2f} points (the table's mean payment), "
                 "which the points are net of; then push: best play keeps trying to win "
                 "after the discard, then fold: it gives up and throws its safest tiles"]
        for c in self.chances:
            then = "" if c.fold is None else ", then fold" if c.fold else ", then push"
            lines.append(f"{dataclasses.replace(c, fold=False, exact=True)}{then}"
                         f"{_marked(c)}")  # its own words off, the marker last
        answer = self.push_or_fold()
        if answer is not None:
            lines.append(f"push or fold: {answer} ({PUSH_OR_FOLD[answer]})")
        return "\n".join(lines)


class Approximated:
    """What ``discard`` prints when some of its answers are approximate (``exact`` False:
    :func:`mjcore.win_chances` with ``approximate=True`` on a hand too far from ready for
    the exact search): the report, its rows marked "(approximate)", after one line saying
    what they are (:func:`~mjcore.play.approximate.approximate_note`); in JSON each such
    choice has ``"exact": false`` and the object an ``approximate`` field, that line."""

    def __init__(self, report: WinChances | RaceWithDanger | DealIns, note: str) -> None:
        self.report, self.note = report, note

    def as_dict(self) -> dict:
        """Plain JSON-ready values: the report's, and the note as ``approximate``."""
        return self.report.as_dict() | {"approximate": self.note}

    def __str__(self) -> str:
        return f"{self.note}\n{self.report}"


def _deal_ins(args: argparse.Namespace) -> float | None:
    """The points a deal-in costs with ``--deal-ins`` (the table's mean payment), or None
    without it: raises HandError, naming the options, for a combination mjcore does not
    model (a wild tile is mjcore's to refuse)."""
    if not args.deal_ins:
        return None
    if not args.points:
        raise HandError("--deal-ins weighs wins against losses: add --points")
    if not args.discard_wins or args.calls:
        raise HandError("--deal-ins plays four seats with wins on discards and no calls: use "
                        "--discard-wins without --calls (calls with deal-ins are not modelled)")
    if args.rules != "poyang":
        raise HandError(f"--deal-ins reads the Poyang table's seats: use --rules poyang, not "
                        f"{args.rules}")
    return LOSS["poyang"][0]


def _danger(args: argparse.Namespace) -> DangerReport:
    """``danger``: the report of :func:`mjcore.deal_in_chances` for the arguments."""
    if args.ready is None and args.rules in PRESETS and args.rules not in READY:
        raise HandError(f"--rules {args.rules}: the table of four measured how soon seats "
                        f"are ready under the {' and '.join(READY)} rules only; give --ready, "
                        "a chance or a list of them by discard")
    dangers = deal_in_chances(args.hand, args.visible, args.turn, args.rules, args.ready,
                              args.seats)
    return DangerReport(dangers, args.rules, args.turn, args.ready)


def _discard(args: argparse.Namespace, rules: Rules | str,
             race: dict | None) -> WinChances | RaceWithDanger | DealIns | Approximated:
    """``discard``: win_chances, and with the race each discard's deal-in chance now (at
    the race's turn; turn 0, before the player's first, reads as its first discard); with
    ``--deal-ins``, win_chances' own chance of dealing in and push or fold instead.  A
    hand too far from ready for the exact search is approximated (:class:`Approximated`),
    or with ``--exact`` refused."""
    loss = _deal_ins(args)
    chances = win_chances(args.hand, args.draws, rules, args.visible,
                          hand_changes=args.hand_changes,
                          objective="points" if args.points else "win",
                          discard_wins=args.discard_wins, calls=args.calls,
                          opponents=race is not None, turn=race["turn"] if race else 1,
                          deal_ins=loss is not None, approximate=not args.exact)
    note = approximate_note(chances, hand_changes=args.hand_changes, calls=args.calls,
                            rules=rules)
    if loss is not None:
        found = DealIns(chances, loss)
    elif race is None:
        found = chances
    else:
        turn = max(race["turn"], 1)
        found = RaceWithDanger(chances, deal_in_chances(args.hand, args.visible, turn, rules),
                               turn)
    return Approximated(found, f"approximate: {note}") if note else found


def _report(compute: Callable[[], Analysis | Score | WinChances | ClaimAdvice | DangerReport
                              | RaceWithDanger | DealIns | Approximated],
            as_json: bool, race: dict | None | bool = False) -> int:
    """Print what ``compute`` returns, as text or JSON; a HandError is one ``error:`` line.

    ``race`` (``discard`` and ``claim``): the race asked for, or None for none; the JSON
    then has it as its ``race`` field, and the text has its line first."""
    try:
        result = compute()
    except HandError as exc:
        return error_exit_code(str(exc))
    if as_json:
        data = result.as_dict()
        if race is not False:
            data["race"] = race
        text = json.dumps(data, ensure_ascii=False)
    else:
        text = str(result) if not race else f"{_race_line(race)}\n{result}"
    _write(text + "\n", sys.stdout)
    return 0


def _utf8(arg: str) -> str:
    """An argument as UTF-8 if the locale decoded it as escaped bytes (``\\udce4``)."""
    try:
        return os.fsencode(arg).decode("utf-8") if not arg.isascii() else arg
    except (UnicodeError, ValueError):
        return arg


def _one_error_line(run: Callable[[list[str] | None], int]) -> Callable[[list[str] | None], int]:
    """The shared error path of :func:`main`: checked argv, safe output, one ``error:`` line."""

    @functools.wraps(run)
    def main(argv: list[str] | None = None) -> int:
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
                stream.reconfigure(errors="backslashreplace")
        if argv is None:  # bytes a C locale could not decode: most terminals send UTF-8
            argv = [_utf8(arg) for arg in sys.argv[1:]]
        if argv is not None:
            if not isinstance(argv, (list, tuple)) or len(argv) > MAX_ARGS:
                return error_exit_code(f"argv must be a list of at most {MAX_ARGS} strings")
            for arg in argv:
                if not isinstance(arg, str):
                    return error_exit_code(f"argv must hold strings, got {show(arg)}")
                if len(arg) > MAX_NOTATION:
                    return error_exit_code(f"an argument of {len(arg)} characters "
                                           f"({show(arg, 20)}): at most {MAX_NOTATION} are read")
        try:
            return run(argv)
        except SystemExit as exit:  # argparse: --help (0) or its own error line, already shown
            return exit.code if isinstance(exit.code, int) else 2
        except HandError as exc:
            return error_exit_code(str(exc))
        except Exception as exc:  # a bug in mjcore: still one line, and say so
            error_exit_code(f"mjcore failed ({type(exc).__name__}: {exc}); please report it")
            return 1

    return main


@_one_error_line
def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "score":
        return _report(lambda: score(
            args.hand, win_tile=args.win_tile, self_draw=args.self_draw, melds=args.meld,
            after_kong=args.after_kong, robbing_kong=args.robbing_kong,
            last_tile=args.last_tile, heavenly=args.heavenly, earthly=args.earthly,
            rules=PoyangRules(cap=args.cap, base=args.base,
                              forms=_with_wild("poyang", args.wild))), args.json)
    if args.command == "discard":
        rules = _with_wild(args.rules, args.wild)
        race = _race(args, rules, args.discard_wins or args.calls)
        return _report(lambda: _discard(args, rules, race), args.json, race)
    if args.command == "claim":
        race = _race(args, args.rules, True)
        return _report(lambda: claim_advice(args.hand, args.tile, args.seat, args.draws,
                                            args.rules, args.visible,
                                            "points" if args.points else "win",
                                            opponents=race is not None,
                                            turn=race["turn"] if race else 1),
                       args.json, race)
    if args.command == "danger":
        return _report(lambda: _danger(args), args.json)
    return _report(lambda: analyze(args.hand, _with_wild(args.rules, args.wild), args.visible),
                   args.json)
