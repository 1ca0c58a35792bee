"""mjcore: mahjong hand algorithms over 34-count tuples, the code of the book.

The folders are layers, each built only on those listed before it (a test,
``tests/package/test_layers.py``, fails on an import that goes up or round in a cycle,
imports inside functions included):

``base``
    tiles and notation, the rule sets, argument checks and ``HandError``, random deals.
``hand``
    one hand: decompositions, winning forms, the lookup tables, shanten, waits,
    effective tiles and discard advice, the analysis the command line prints.
``bulk``
    many hands at once: counts over every deal, numpy batches, the tables' generator.
``scoring``
    Poyang scoring and settlement.
``play``
    play over a wall: chances of drawing, the exact best-play search, whole games.
``lessons``
    the variants the chapters show failing or slow (naive, memo, trace).
``view``
    presentation: tile pictures, pandas tables, matplotlib plots, ipywidgets.

The names below are the library's front door (``mjcore.waits``, ``mjcore.HandError``,
...).  The core (``base``, ``hand``, ``scoring``, ``play``, ``view.render``) uses only
the standard library and also runs under Pyodide; ``bulk.batch`` and ``bulk.tablegen``
(numpy), ``view.frames`` (pandas), ``view.plot`` (matplotlib) and ``view.widgets``
(ipywidgets, a package of one module per widget) import their packages themselves.
"""

from __future__ import annotations

from .base.checks import HandError
from .base.rules import (
    HONGZHONG,
    POYANG,
    PRESETS,
    RIICHI,
    STANDARD,
    WILD_PRESETS,
    Rules,
    with_wild,
)
from .base.tiles import (
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
from .bulk.waitcount import WaitCounts, wait_counts
from .hand.analysis import Analysis, analyze
from .hand.decompose import Decomposition, Meld, decompositions, is_standard_win
from .hand.effective import Discard, discard_advice, effective_tiles
from .hand.forms import is_seven_pairs, is_shisanlan, is_thirteen_orphans, is_win, winning_forms
from .hand.shanten import effective_mask, shanten
from .hand.waits import Waits, unseen, waits
from .play.danger import Dangers, deal_in_chances
from .play.prob import (
    Estimate,
    Outlook,
    draw_curve,
    draw_probability,
    outlooks,
    simulate_draws,
    simulate_hand,
    win_probability,
)
from .view.render import HandView, hand_html, show, tile_svg, write_svgs

__version__ = "0.1.0"

_LATER = {"WinChance", "WinChances", "win_chances", "ClaimAdvice", "ClaimOption",
          "claim_advice"}  # from play.bestplay, on first use
_LATER_GAMES = {"Game", "play_advisor", "play_best"}  # from play.games, on first use


def __getattr__(name: str) -> object:
    """``win_chances``, ``claim_advice`` and their classes, and the whole games:
    :mod:`mjcore.play.bestplay` (and :mod:`mjcore.play.games`, built on it) imported on
    first use.

    Importing it builds the wide tables its searches read
    (:func:`mjcore.hand.shanten.load_wide_tables`, about 0.1 s: the tables
    file's second stream), which a process asking only for shanten never
    needs.
    """
    if name in _LATER:
        from .play import bestplay

        return getattr(bestplay, name)
    if name in _LATER_GAMES:
        from .play import games

        return getattr(games, name)
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
    "ClaimAdvice", "ClaimOption", "claim_advice",
    "Game", "play_advisor", "play_best",
    "HandView", "hand_html", "show", "tile_svg", "write_svgs", "HONGZHONG", "WILD_PRESETS",
    "with_wild", "WaitCounts", "wait_counts", "Dangers", "deal_in_chances",
]
