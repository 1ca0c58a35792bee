"""What the analyzer page asks mjcore, run by Pyodide in the page's Web Worker.

The worker (``worker.mjs``) runs this file once after loading the mjcore
wheel, then calls :func:`answer` for every hand the reader enters and
posts the JSON string it returns back to the page.  Only the
standard-library core of mjcore is imported (never ``widgets``, ``plot``
or ``batch``).  Bad input never raises: a :class:`~mjcore.tiles.HandError`
comes back as ``{"error": message}``, which the page shows as a message.

The same file runs under CPython in the tests (tests/test_analyzer_browser.py
and tests/test_pyodide_node.py), so the page's answers are checked there too.
"""

from __future__ import annotations

import json

from mjcore.analysis import FORM_LABELS, analyze
from mjcore.checks import rules_arg, str_arg
from mjcore.shanten import SIZES, shanten
from mjcore.tiles import (
    HandError,
    parse,
    tile_index,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_mpsz,
)

MAX_TILES = 14


def _counts_by_name(counts: tuple[int, ...]) -> dict[str, int]:
    return {tile_name(tile): n for tile, n in enumerate(counts) if n}


def analysis(hand: str, rules: str = "poyang", visible: str = "") -> dict:
    """The page's answer for one hand, as a JSON-ready dict.

    ``hand`` and ``visible`` are what the reader typed (mpsz or Chinese
    names, at most 1000 characters); ``rules`` a preset's name (any
    case).  The dict has ``error`` (a message, or None), ``counts`` (tile
    name to copies, None when the hand does not parse), ``analysis``
    (:meth:`mjcore.Analysis.as_dict` with the Chinese and English name of
    each wait and the labels of the winning forms, or None) and
    ``shanten`` (None for a size shanten does not take).

    >>> a = analysis("111222333m444s5s")
    >>> [(w["tile"], w["remaining"]) for w in a["analysis"]["waits"]], a["shanten"]
    ([('3s', 4), ('5s', 3), ('6s', 4)], 0)
    >>> analysis("1112z8z")["error"]
    '8z is not a tile: honours are 1z-7z'
    """
    out: dict = {"error": None, "counts": None, "visible_counts": None,
                 "analysis": None, "shanten": None}
    try:
        chosen = rules_arg(rules)
        counts = parse(str_arg(hand, "hand"))
    except HandError as error:
        out["error"] = str(error)
        return out
    out["counts"] = _counts_by_name(counts)
    out["hand"] = to_mpsz(counts)
    try:
        seen = parse(str_arg(visible, "visible"))
    except HandError as error:
        out["error"] = f"visible tiles: {error}"
        return out
    out["visible_counts"] = _counts_by_name(seen)
    n = sum(counts)
    if n == 0:
        out["error"] = "the hand is empty: pick tiles or type a hand such as 111222333m444s5s"
        return out
    if n > MAX_TILES:
        out["error"] = f"{n} tiles is too many: a hand has at most {MAX_TILES}"
        return out
    try:
        result = analyze(counts, chosen, seen)
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
    if n in SIZES:
        out["shanten"] = shanten(counts, chosen)
    return out


def answer(hand: str, rules: str = "poyang", visible: str = "") -> str:
    """:func:`analysis` as a JSON string; an unexpected exception becomes a message too."""
    try:
        return json.dumps(analysis(hand, rules, visible), ensure_ascii=False)
    except Exception as error:  # a bug in mjcore: say so in the page, never a traceback
        return json.dumps({"error": f"mjcore failed on this hand ({type(error).__name__}: "
                                    f"{error}); please report it",
                           "counts": None, "analysis": None, "shanten": None})


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
