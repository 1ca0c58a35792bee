"""mjcore: mahjong hand algorithms over 34-count tuples, the code of the book.

The core uses only the standard library (it also runs under Pyodide);
``widgets``, ``plot``, ``frames`` and ``batch`` import their third-party packages
themselves.
"""

from __future__ import annotations

from .analysis import Analysis, analyze
from .decompose import Decomposition, Meld, decompositions, is_standard_win
from .effective import Discard, discard_advice, effective_tiles
from .forms import is_seven_pairs, is_shisanlan, is_thirteen_orphans, is_win, winning_forms
from .prob import (
    Estimate,
    Outlook,
    draw_curve,
    draw_probability,
    outlooks,
    simulate_draws,
    simulate_hand,
    win_probability,
)
from .render import HandView, hand_html, show, tile_svg, write_svgs
from .rules import POYANG, PRESETS, RIICHI, STANDARD, Rules
from .shanten import effective_mask, shanten
from .tiles import (
    HandError,
    as_counts,
    can_start_run,
    from_tiles,
    key_base5,
    key_bits,
    parse,
    tile_glyph,
    tile_index,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_chinese,
    to_glyphs,
    to_mpsz,
    to_tiles,
)
from .waits import Waits, unseen, waits

__version__ = "0.1.0"

_LATER = {"WinChance", "WinChances", "win_chances"}  # from .bestplay, imported when first used


def __getattr__(name: str) -> object:
    """``win_chances`` and its classes, and ``mjcore.bestplay``: imported on first use.

    Importing :mod:`mjcore.bestplay` builds the wide tables its searches
    read (:func:`mjcore.shanten.load_wide_tables`, about 0.1 s: the tables
    file's second stream), which a process asking only for shanten never
    needs.
    """
    if name in _LATER or name == "bestplay":
        from importlib import import_module  # (`from . import` would ask this function again)

        bestplay = import_module(f"{__name__}.bestplay")
        return bestplay if name == "bestplay" else getattr(bestplay, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "POYANG", "PRESETS", "RIICHI", "STANDARD", "Analysis", "Decomposition", "Discard", "Estimate",
    "HandError", "Outlook", "discard_advice", "draw_curve", "draw_probability", "effective_mask",
    "effective_tiles", "outlooks", "simulate_draws", "simulate_hand", "win_probability",
    "Meld", "Rules", "Waits", "analyze", "as_counts", "can_start_run", "decompositions",
    "from_tiles", "is_seven_pairs", "is_shisanlan", "is_standard_win", "is_thirteen_orphans",
    "is_win", "key_base5", "key_bits", "parse", "tile_glyph", "tile_index", "tile_name",
    "tile_name_en", "tile_name_zh", "to_chinese", "to_glyphs", "to_mpsz", "to_tiles",
    "shanten", "unseen", "waits", "winning_forms", "WinChance", "WinChances", "win_chances",
    "HandView", "hand_html", "show", "tile_svg", "write_svgs",
]
