"""Command line: ``python -m mjcore analyze HAND [--rules R] [--visible TILES] [--json]``.

Also ``python -m mjcore score HAND --win-tile T [--self-draw] [--meld "pon 777z" ...]
[--after-kong] [--robbing-kong] [--last-tile] [--heavenly] [--earthly] [--cap N|none]
[--base N] [--json]``: the Poyang fan and points of a winning hand (chapter 8).

And ``python -m mjcore discard HAND [--draws N] [--rules R] [--visible TILES]
[--hand-changes] [--points] [--json]``: the chance of winning under best play
for each discard (chapter 6).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from .analysis import Analysis, analyze
from .bestplay import WinChances, win_chances
from .poyang import PoyangRules, Score, score
from .rules import PRESETS
from .tiles import HandError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like HandError
        print(f"error: {message}", file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m mjcore", description="Mahjong hand analysis.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    a = sub.add_parser("analyze", help="waits of a 3n+1 hand, win and readings of a 3n+2 hand")
    a.add_argument("hand", help='tiles in mpsz ("123m456p789s11z") or Chinese ("1万2万3万")')
    a.add_argument("--rules", choices=sorted(PRESETS), default="poyang")
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
    s.add_argument("--json", action="store_true", help="print one JSON object")
    d = sub.add_parser("discard", help="chance of winning under best play for each discard")
    d.add_argument("hand", help="13 or 14 tiles (any 3n+1 or 3n+2 up to 14)")
    d.add_argument("--draws", type=int, default=17, help="draws left (default 17)")
    d.add_argument("--rules", choices=sorted(PRESETS), default="poyang")
    d.add_argument("--visible", default="", help="tiles seen on the table, same notation")
    d.add_argument("--hand-changes", action="store_true",
                   help="手替わり: also keep draws that improve the shape")
    d.add_argument("--points", action="store_true",
                   help="maximize expected Poyang points instead of the chance of winning")
    d.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _cap(text: str) -> int | None:
    if text.lower() == "none":
        return None
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of fan or 'none'")
    return int(text)


def _report(compute: Callable[[], Analysis | Score | WinChances], as_json: bool) -> int:
    """Print what ``compute`` returns, as text or JSON; a HandError is one ``error:`` line."""
    try:
        result = compute()
    except HandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.as_dict(), ensure_ascii=False) if as_json else result)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "score":
        return _report(lambda: score(
            args.hand, win_tile=args.win_tile, self_draw=args.self_draw, melds=args.meld,
            after_kong=args.after_kong, robbing_kong=args.robbing_kong,
            last_tile=args.last_tile, heavenly=args.heavenly, earthly=args.earthly,
            rules=PoyangRules(cap=args.cap, base=args.base)), args.json)
    if args.command == "discard":
        return _report(lambda: win_chances(
            args.hand, args.draws, PRESETS[args.rules], args.visible,
            hand_changes=args.hand_changes,
            objective="points" if args.points else "win"), args.json)
    return _report(lambda: analyze(args.hand, PRESETS[args.rules], args.visible), args.json)
