"""Command line: ``python -m mjcore analyze HAND [--rules R] [--visible TILES] [--json]``."""

from __future__ import annotations

import argparse
import json
import sys

from .analysis import analyze
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
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result = analyze(args.hand, PRESETS[args.rules], args.visible)
    except HandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.as_dict(), ensure_ascii=False))
    else:
        print(result)
    return 0
