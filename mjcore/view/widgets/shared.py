"""What the widgets share: their argument checks and the pieces of their panels.

The checks read a tile, a wild tile or a hand the way every widget's boxes and setters
take them, and say what is wrong in words a reader can act on; the pieces are the
panels' table style, the wild tile's line, the hand's pictures and the message line, and
the layouts that fit a narrow notebook column (:func:`_fit`, :func:`_row`,
:func:`_panel_box`).
:func:`_quiet` sets a widget's own boxes from code without its observers acting on the
change, and :func:`_choose` sets a menu's options and value in one message.
Private to :mod:`mjcore.view.widgets`: the widgets and their render functions, one
module each, import them from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

import ipywidgets as widgets

from ...base.checks import HandError, show, str_arg, tile_arg
from ...base.rules import Rules, rules_arg, with_wild
from ...base.tiles import (
    COPIES,
    as_counts,
    named_tile_arg,
    tile_index,
    tile_name,
    tile_name_en,
    tile_name_zh,
    to_mpsz,
)
from ..render import escape, hand_html, tiles_html

MAX_TILES = 14
"""The most tiles a hand in a widget holds (four melds and a pair)."""


@contextmanager
def _quiet(owner: object) -> Iterator[None]:
    """Within it, the ``owner`` widget's observers (which check ``owner._syncing``) leave
    alone the changes its own code makes to its boxes and menus."""
    owner._syncing = True
    try:
        yield
    finally:
        owner._syncing = False


def _choose(menu: object, value: object, options: Sequence | None = None) -> None:
    """Show ``value`` in a menu (with new ``options`` first, if given) in one message."""
    with menu.hold_sync():
        if options is not None:
            menu.options = options
        menu.value = value


# --- layouts that fit a narrow column ----------------------------------------------------
# A notebook's column may be narrow (JupyterLab with its side panel open, a phone): each
# widget fits one about 300 px wide and looks as before in a wide one.  A part wider than
# the column would be cut off, or make the whole widget scroll sideways.

def _fit(width: str = "300px") -> widgets.Layout:
    """The layout of a control (a text box, a menu, a slider) in a :func:`_row`: ``width``
    wide where the column has room (ipywidgets' 300px unless given), as wide as the column
    where it is narrower (``min_width`` 0: a text box's own width does not hold it wider).

    >>> layout = _fit("560px"); layout.width, layout.max_width, layout.min_width
    ('100%', '560px', '0')
    """
    return widgets.Layout(width="100%", max_width=width, min_width="0")


def _row(children: Iterable[widgets.Widget], **layout: str) -> widgets.HBox:
    """Controls side by side, the row wrapping onto more lines where the column is narrow
    (a control alone on its line shrinks to fit it); ``layout`` sets more of the row's
    Layout (``align_items="center"``)."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", **layout))


def _panel_box() -> widgets.HTML:
    """The HTML widget that shows a panel: its lines wrap at the column's width, and a table
    wider than the column scrolls sideways in the panel's box instead of being cut off."""
    return widgets.HTML(layout=widgets.Layout(display="block", overflow="auto hidden"))


# --- reading what the boxes and setters are given --------------------------------------

def _tile_of(tile: int | str) -> int:
    """A tile given as a name ("5s", "5条") or an index 0-33, checked."""
    if isinstance(tile, str):
        return tile_index(str_arg(tile, "tile", 40))
    return tile_arg(tile)


def _tile_or_none(tile: object, name: str) -> int | None:
    """A tile name or index as an index, or None (or "") for none, checked as ``name``."""
    if tile is None or isinstance(tile, str) and tile == "":
        return None
    return named_tile_arg(tile, name)


def _wild_arg(wild: object) -> int | None:
    """``wild`` as a tile index: a tile name ("7z", "中") or index; None (or "") for none."""
    return _tile_or_none(wild, "wild")


def _rules_with(rules: object, wild: object) -> Rules:
    """The rules a render function uses: ``rules`` (wild ones too), with ``wild`` as the
    wild kind when ``wild`` is not None."""
    rules = rules_arg(rules, wild=True)
    wild = _wild_arg(wild)
    return rules if wild is None else with_wild(rules, wild)


def _check_pictures(pictures: object, name: str = "pictures") -> None:
    """Refuse a ``pictures`` (or ``show_hand``) switch that is not True or False."""
    if not isinstance(pictures, bool):
        raise HandError(f"{name} must be True or False, got {pictures!r}")


def _notation(value: object, name: str, none: bool = True) -> str:
    """A hand or visible tiles as the text its box shows: notation as typed, counts as mpsz."""
    if isinstance(value, str):
        return str_arg(value, name)
    if value is None and not none or not (value is None or hasattr(value, "__iter__")):
        raise HandError(f"{name} must be notation or 34 counts, got {show(value)}")
    return to_mpsz(as_counts(value))


# --- a tile more or less in the hand ---------------------------------------------------

def _cannot_add(counts: Sequence[int], visible: Sequence[int], tile: int) -> str:
    """Why one more ``tile`` cannot join the hand ``counts`` ('' when it can)."""
    held, seen = counts[tile], visible[tile]
    if held >= COPIES:
        return (f"{tile_name(tile)} is already in the hand {COPIES} times; "
                f"a tile has {COPIES} copies")
    if held + seen >= COPIES:
        return (f"{tile_name(tile)}: {held} in the hand and {seen} visible; "
                f"no copy is left to add")
    if sum(counts) >= MAX_TILES:
        return (f"the hand already has {MAX_TILES} tiles: "
                f"click a tile in the hand to remove it first")
    return ""


def _changed(counts: Sequence[int], tile: int, step: int) -> str:
    """The hand ``counts`` with ``step`` more copies of ``tile``, in mpsz."""
    counts = list(counts)
    counts[tile] += step
    return to_mpsz(counts)


# --- pieces of the panels --------------------------------------------------------------


# The panels' tables: flush left, with room between the columns.
_TABLE = ('<table style="margin-left: 0; border-collapse: separate; '
          'border-spacing: 0.8em 0.1em">')


def _wild_html(rules: Rules, pictures: bool) -> list[str]:
    """The line that names the wild tile, when ``rules`` have one."""
    if rules.wild is None:
        return []
    tile = rules.wild
    shown = f"{tiles_html([tile], tile_height='1.7em')} " if pictures else ""
    return [f'<p class="mj-wild"><b>wild</b> 赖子: {shown}<code>{tile_name(tile)}</code> '
            f"({tile_name_zh(tile)}, {tile_name_en(tile)}): each copy stands for any tile</p>"]


def _tiles_line(counts: Sequence[int]) -> str:
    """The hand as tile pictures on a line of its own (the mpsz text is beside it)."""
    return f'<p class="mj-tiles">{hand_html(counts, label=False)}</p>'


def _message_html(text: str) -> str:
    """``text`` as the red line above a panel that says what is wrong."""
    return f'<p class="mj-message" style="color:#b00020"><b>{escape(text)}</b></p>'
