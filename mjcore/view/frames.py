"""Tables as pandas DataFrames, styled the same way on every page.

:func:`styled` is the one place a table gets its look: numbers formatted
(thousands separators by default), right-aligned numeric columns, no
index column unless it means something, and a Styler id derived from
the table's content, so the HTML is the same on every run (nbval
compares it) and two tables on one page never share CSS.  The frame
builders turn mjcore's table-like results into DataFrames:
:func:`tiles_frame` (tiles with their pictures and names), :func:`tile_grid`,
:func:`discard_frame` (:func:`mjcore.discard_advice`), :func:`waits_frame`
(a :class:`~mjcore.hand.waits.Waits`), :func:`chances_frame` (:func:`mjcore.win_chances`),
:func:`claim_frame` (:func:`mjcore.claim_advice`), :func:`danger_frame`
(:func:`mjcore.deal_in_chances`), :func:`seats_frame` (the figures of a
table of four, :func:`mjcore.play.table.table_figures`), :func:`score_frame` (a Poyang
:class:`~mjcore.scoring.poyang.Score`) and :func:`wild_counts_frame`
(:func:`mjcore.bulk.wildcount.wild_counts`).  The results themselves carry no table
methods: this module sits on top of the package and the modules that make the results
never import it.

The only mjcore module that imports pandas (install ``mjcore[tables]``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence

import pandas as pd
from pandas.io.formats.style import Styler

from ..base.checks import HandError, bool_arg, tile_arg
from ..base.tiles import parse, tile_name, tile_name_en, tile_name_zh, to_tiles
from ..bulk.wildcount import WildCount
from ..hand.effective import Discard
from ..hand.waits import Waits
from ..play.bestplay import ClaimOption, WinChance
from ..play.danger import Dangers
from ..play.table import TableFigures
from ..scoring.poyang import FAN_ENGLISH, Score
from .render import tiles_html

CELL_CSS = "padding: 0.2em 0.7em; vertical-align: middle"
TABLE_STYLES = [
    {"selector": "", "props": "border-collapse: collapse; margin: 0.5em 0 1em 0"},
    {"selector": "th", "props": f"{CELL_CSS}; border-bottom: 1px solid #888; text-align: left"},
    {"selector": "td", "props": f"{CELL_CSS}; text-align: left"},
    {"selector": "caption", "props": "caption-side: top; text-align: left; color: #555"},
]

Format = str | Callable[[object], str]


class Table(Styler):
    """The Styler :func:`styled` returns: its plain-text form names the table's size and
    columns instead of a memory address, so a notebook's stored output is the same on
    every run (the HTML carries the table itself)."""

    def __repr__(self) -> str:
        rows = len(self.data)
        return (f"<table of {rows} row{'s' * (rows != 1)}: "
                f"{' | '.join(map(str, self.data.columns))}>")


def styled(df: pd.DataFrame, formats: Mapping[str, Format] | None = None, *,
           hide_index: bool = True, caption: str | None = None) -> Styler:
    """A DataFrame as a Styler for the site: formats, alignment, a stable id.

    ``formats`` maps column names to a format string (``"{:.3f}"``) or a
    function; integer columns not named there get ``"{:,}"``, Python's
    integers beyond 64 bits (a column of dtype object) included.  Numeric
    columns are right-aligned.  ``hide_index`` drops the index column
    (keep it when the index is a label such as a preset name).  Cells
    holding HTML (tile pictures from :mod:`mjcore.view.render`) are shown as
    HTML.  Raises :class:`~mjcore.HandError` for a ``df`` that is
    not a DataFrame or a format for a column it does not have.

    >>> table = styled(pd.DataFrame({"hand": ["11123m"], "readings": [1234]}))
    >>> html = table.to_html()
    >>> "1,234" in html and 'id="T_mj' in html and html == table.to_html()
    True
    >>> table
    <table of 1 row: hand | readings>
    >>> "1,180,591,620,717,411,303,424" in styled(pd.DataFrame({"deals": [2 ** 70]})).to_html()
    True
    """
    if not isinstance(df, pd.DataFrame):
        raise HandError(f"styled needs a pandas DataFrame, got {type(df).__name__}")
    formats = dict(formats or {})
    unknown = [name for name in formats if name not in df.columns]
    if unknown:
        raise HandError(f"formats name columns the table does not have: {unknown}; "
                        f"columns are {list(df.columns)}")
    if not isinstance(hide_index, bool):
        raise HandError(f"hide_index must be True or False, got {hide_index!r}")
    if caption is not None and not isinstance(caption, str):
        raise HandError(f"caption must be a string, got {type(caption).__name__}")
    integer = [c for c in df.columns if _integers(df[c])]
    numeric = [c for c in df.columns if c in integer or (
        pd.api.types.is_numeric_dtype(df[c]) and not pd.api.types.is_bool_dtype(df[c]))]
    for column in integer:
        formats.setdefault(column, "{:,}")
    digest = hashlib.sha1(
        (df.to_json(orient="split", force_ascii=False, default_handler=str)
         + repr(sorted(formats, key=str)) + str(caption)).encode("utf-8")).hexdigest()
    styler = Table(df, uuid=f"mj{digest[:10]}", cell_ids=False)
    if formats:
        styler = styler.format(formats)
    styler = styler.set_table_styles(TABLE_STYLES)
    if numeric:
        styler = styler.set_table_styles(
            {c: [{"selector": "td", "props": "text-align: right"},
                 {"selector": "th", "props": "text-align: right"}] for c in numeric},
            overwrite=False)
    if hide_index:
        styler = styler.hide(axis="index")
    if caption:
        styler = styler.set_caption(caption)
    return styler


def _integers(column: pd.Series) -> bool:
    """An integer column: an integer dtype, or objects that are all Python ints (not bools)."""
    if pd.api.types.is_bool_dtype(column):
        return False
    if pd.api.types.is_integer_dtype(column):
        return True
    return column.dtype == object and len(column) > 0 and all(
        type(v) is int for v in column.tolist())


def _picture(tile: int) -> str:
    return tiles_html([tile], tile_height="1.9em")


def tiles_frame(tiles: Sequence[int], *, pictures: bool = True) -> pd.DataFrame:
    """Tiles in the order given, one row each: picture, mpsz, index and names.

    >>> tiles_frame([31, 33], pictures=False)
      mpsz  index 中文       English
    0   7z     31  中    red dragon
    1   5z     33  白  white dragon
    """
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Sequence):
        raise HandError(f"tiles_frame needs a sequence of tile indices, got "
                        f"{type(tiles).__name__}")
    for tile in tiles:
        tile_arg(tile)
    bool_arg(pictures, "pictures")
    rows = {"mpsz": [tile_name(t) for t in tiles], "index": list(tiles),
            "中文": [tile_name_zh(t) for t in tiles],
            "English": [tile_name_en(t) for t in tiles]}
    if pictures:
        rows = {"": [_picture(t) for t in tiles], **rows}
    return pd.DataFrame(rows).astype({"index": "int64"})


SUIT_ROWS = {"wan 万 (m)": range(0, 9), "tiao 条 (s)": range(9, 18),
             "tong 筒 (p)": range(18, 27), "honours 字牌 (z)": range(27, 34)}


def _grid_cell(tile: int) -> str:
    picture = tiles_html([tile], tile_height="2.6em")
    return (f'<span title="{tile_name_en(tile)}">{picture}<br>'
            f"<b>{tile}</b> {tile_name(tile)} {tile_name_zh(tile)}</span>")


def tile_grid(cell: Callable[[int], str] | None = None) -> pd.DataFrame:
    """All 34 tiles in index order, one suit a row, ranks 1-9 as columns.

    Each cell is ``cell(tile)`` (HTML): by default the picture, the index
    in bold, the mpsz and Chinese names, with the English name on hover.
    Show it with ``styled(tile_grid(), hide_index=False)``.

    >>> grid = tile_grid(tile_name)
    >>> grid.shape, grid.loc["honours 字牌 (z)", 5], grid.loc["honours 字牌 (z)", 9]
    ((4, 9), '7z', '')
    """
    if cell is None:
        cell = _grid_cell
    if not callable(cell):
        raise HandError(f"cell must be a function of a tile, got {type(cell).__name__}")
    rows = [[cell(t) for t in tiles] + [""] * (9 - len(tiles)) for tiles in SUIT_ROWS.values()]
    return pd.DataFrame(rows, index=list(SUIT_ROWS), columns=range(1, 10))


def waits_frame(waits: Waits, *, pictures: bool = False) -> pd.DataFrame:
    """The waits (or effective tiles) as a table: tile, Chinese name, copies left.

    With ``pictures``, a first column holds each tile's picture.

    >>> from mjcore import waits
    >>> waits_frame(waits("111222333m4445s"))
      tile  中文  left
    0   3s  3条     4
    1   5s  5条     3
    2   6s  6条     4
    """
    if not isinstance(waits, Waits):
        raise HandError(f"waits_frame needs a Waits, got {type(waits).__name__}")
    bool_arg(pictures, "pictures")
    rows = {"tile": [tile_name(t) for t in waits.tiles],
            "中文": [tile_name_zh(t) for t in waits.tiles],
            "left": [waits.remaining[t] for t in waits.tiles]}
    if pictures:
        rows = {"": [_picture(t) for t in waits.tiles], **rows}
    return pd.DataFrame(rows).astype({"left": "int64"})


def discard_frame(advice: Sequence[Discard], *, pictures: bool = False) -> pd.DataFrame:
    """:func:`mjcore.discard_advice` as a table, best discard first.

    Columns: the discard, the shanten after it, the effective tiles with
    their unseen copies, how many kinds that is, and the total.

    >>> from mjcore import discard_advice
    >>> discard_frame(discard_advice("12389m456p78s9p11z4z")).head(2)
      discard  shanten          effective  kinds  total
    0      9p        1  7m(4) 6s(4) 9s(4)      3     12
    1      4z        1  7m(4) 6s(4) 9s(4)      3     12
    """
    if isinstance(advice, (str, bytes)) or not isinstance(advice, Sequence) or not all(
            isinstance(d, Discard) for d in advice):
        raise HandError("discard_frame needs the list discard_advice returns")
    bool_arg(pictures, "pictures")
    rows = {"discard": [tile_name(d.tile) for d in advice],
            "shanten": [d.shanten for d in advice],
            "effective": [" ".join(f"{tile_name(t)}({d.effective.remaining[t]})"
                                   for t in d.effective.tiles) or "-" for d in advice],
            "kinds": [len(d.effective.tiles) for d in advice],
            "total": [d.total for d in advice]}
    if pictures:
        rows = {"": [_picture(d.tile) for d in advice], **rows}
    return pd.DataFrame(rows).astype({"shanten": "int64", "kinds": "int64", "total": "int64"})


def chances_frame(chances: Sequence[WinChance], *, pictures: bool = False) -> pd.DataFrame:
    """:func:`mjcore.win_chances` as a table, best first: one row a discard (discard,
    shanten, win, tenpai, and the wins on a discard and expected points when they were
    asked for; with ``deal_ins``, the chance of dealing in and whether best play then
    pushes or folds).  With ``pictures``, a first column holds each discard's picture (empty
    for a 13-tile hand, which discards nothing).

    >>> from mjcore import win_chances
    >>> chances_frame(win_chances("123456789m1234p5z", draws=4)).round(4).head(3)
      discard  shanten     win  tenpai
    0      5z        0  0.1848     1.0
    1      1p        0  0.0959     1.0
    2      4p        0  0.0959     1.0
    """
    if isinstance(chances, (str, bytes)) or not isinstance(chances, Sequence) or not all(
            isinstance(c, WinChance) for c in chances):
        raise HandError("chances_frame needs the list win_chances returns")
    bool_arg(pictures, "pictures")
    rows = []
    for c in chances:
        row = {"discard": c.name, "shanten": c.shanten, "win": c.win, "tenpai": c.tenpai}
        if c.discard_win is not None:
            row["on a discard"] = c.discard_win
        if c.expected_points is not None:
            row["expected points"] = c.expected_points
        if c.deal_in is not None:
            row["deal-in"] = c.deal_in
            row["then"] = "fold" if c.fold else "push"
        if pictures:
            row = {"": "" if c.tile is None else _picture(c.tile), **row}
        rows.append(row)
    return pd.DataFrame(rows)


def danger_frame(dangers: Dangers, *, pictures: bool = False) -> pd.DataFrame:
    """:func:`mjcore.deal_in_chances` as a table, safest first: one row a tile of the hand,
    with its Chinese name, the chance that discarding it now deals in to one of the other
    seats (``deal-in``), and the share of a ready seat's hands that wait on it (``waited
    on``).  Equal chances keep the tiles' order.  With ``pictures``, a first column holds
    each tile's picture.

    >>> from mjcore import deal_in_chances
    >>> danger_frame(deal_in_chances("123456789m1245p5z", turn=10, rules="riichi")).round(4).head(3)
      tile  中文  deal-in  waited on
    0   5z   白   0.0087     0.0166
    1   1m  1万   0.0143     0.0273
    2   9m  9万   0.0143     0.0273
    """
    if not isinstance(dangers, Dangers):
        raise HandError(f"danger_frame needs the Dangers that deal_in_chances returns, got "
                        f"{type(dangers).__name__}")
    bool_arg(pictures, "pictures")
    tiles = sorted(dangers.tiles, key=lambda t: dangers.chances[t])  # stable: tile order
    rows = {"tile": [tile_name(t) for t in tiles], "中文": [tile_name_zh(t) for t in tiles],
            "deal-in": [dangers.chances[t] for t in tiles],
            "waited on": [dangers.shares[t] for t in tiles]}
    if pictures:
        rows = {"": [_picture(t) for t in tiles], **rows}
    return pd.DataFrame(rows).astype({"deal-in": "float64", "waited on": "float64"})


def _percent_interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def seats_frame(figures: TableFigures) -> pd.DataFrame:
    """:func:`mjcore.play.table.table_figures` as a table, one row a seat (seat 0 deals):
    the share of rounds it won and dealt into, each with its 95% interval, the share of
    its wins self-drawn, its mean winning turn with its 95% interval, and its claims a
    round.

    >>> from mjcore.play.table import play_rounds, table_figures
    >>> frame = seats_frame(table_figures(play_rounds(0, 40)))
    >>> list(frame.columns)[:4], frame["win"].round(3).tolist()
    (['seat', 'win', 'win, 95%', 'self-drawn'], [0.225, 0.225, 0.15, 0.4])
    """
    if not isinstance(figures, TableFigures):
        raise HandError("seats_frame needs the TableFigures that table_figures returns")
    rows = []
    for s, seat in enumerate(figures.seats):
        turn, low, high = seat.turn if seat.turn else (float("nan"),) * 3
        rows.append({"seat": "0 (dealer)" if s == 0 else str(s), "win": seat.win.value,
                     "win, 95%": _percent_interval(*seat.win.interval()),
                     "self-drawn": (seat.self_draw.value if seat.self_draw
                                    else float("nan")),
                     "deal-in": seat.deal_in.value,
                     "deal-in, 95%": _percent_interval(*seat.deal_in.interval()),
                     "winning turn": turn,
                     "turn, 95%": "-" if turn != turn else f"{low:.2f}–{high:.2f}",
                     "claims a round": seat.claims})
    return pd.DataFrame(rows)


CLAIM_KINDS = {"pass": "pass 过", "win": "win 胡", "pon": "碰 pon", "chi": "吃 chi"}
"""How :func:`claim_frame` names each kind of :class:`~mjcore.play.bestplay.ClaimOption`."""


def claim_frame(options: Sequence[ClaimOption], *, pictures: bool = False) -> pd.DataFrame:
    """:func:`mjcore.claim_advice` as a table, best first: one row an option (its kind
    and meld, the tile thrown after a claim, the chance of winning, the part of it won on
    a discard, the chance of being ready, and under ``objective="points"`` the expected
    points).  With ``pictures``, the meld and the tile thrown also appear as pictures.

    >>> from mjcore import claim_advice
    >>> claim_frame(claim_advice("12389m456p78s11z4z", "9s", "left")).round(4)
       option  meld discard     win  on a discard  tenpai
    0   吃 chi  789s      4z  0.9517        0.7249  1.0000
    1  pass 过             -  0.8338        0.6385  0.9654
    """
    if isinstance(options, (str, bytes)) or not isinstance(options, Sequence) or not all(
            isinstance(o, ClaimOption) for o in options):
        raise HandError("claim_frame needs the list claim_advice returns")
    bool_arg(pictures, "pictures")
    rows = []
    for o in options:
        row = {"option": CLAIM_KINDS[o.kind], "meld": o.meld,
               "discard": "-" if o.discard is None else tile_name(o.discard),
               "win": o.win, "on a discard": o.discard_win, "tenpai": o.tenpai}
        if o.expected_points is not None:
            row["expected points"] = o.expected_points
        if pictures:
            row["meld"] = (f"{tiles_html(to_tiles(parse(o.meld)), tile_height='1.9em')} {o.meld}"
                           if o.meld else "")
            row["discard"] = ("-" if o.discard is None
                              else f"{_picture(o.discard)} {tile_name(o.discard)}")
        rows.append(row)
    points = (["expected points"] if options and options[0].expected_points is not None
              else [])
    return pd.DataFrame(rows, columns=["option", "meld", "discard", "win", "on a discard",
                                       "tenpai", *points])


def score_frame(score: Score) -> pd.DataFrame:
    """The fans of a Poyang score as a table: one row a fan, then total, fan and points.

    >>> from mjcore.scoring.poyang import score
    >>> score_frame(score("11223355778899m", win_tile="9m"))
          fan         meaning  value
    0      七对     seven pairs      3
    1     清一色        one suit      4
    2      门清  concealed hand      1
    3   total   fans added up      8
    4     fan   after the cap      6
    5  points    base x 2^fan     64
    """
    if not isinstance(score, Score):
        raise HandError(f"score_frame needs a Score from mjcore.scoring.poyang.score, "
                        f"got {type(score).__name__}")
    rows = [(name, FAN_ENGLISH.get(name, ""), fan) for name, fan in score.fans]
    rows += [("total", "fans added up", score.total_fan),
             ("fan", "after the cap" if score.fan != score.total_fan else "no cap reached",
              score.fan),
             ("points", "base x 2^fan", score.points)]
    return pd.DataFrame(rows, columns=["fan", "meaning", "value"])



def wild_counts_frame(counts: Sequence[WildCount], verb: str = "win") -> pd.DataFrame:
    """:func:`mjcore.bulk.wildcount.wild_counts` as a table: one row for each number of
    wild copies dealt (and a row "all"), with the deals, those that ``verb`` (win or
    are ready) with the copies as jokers and read plainly, their chances, and how many
    times likelier the jokers make it (blank where no deal reads plainly).

    >>> from mjcore import HONGZHONG
    >>> from mjcore.bulk.wildcount import wild_counts
    >>> wild_counts_frame(wild_counts(HONGZHONG, 2, 1, False)).iloc[:, :4]
      wild copies  deals  win, wild  win, plain
    0           0    630         54          54
    1           1    144        144           0
    2           2      6          6           6
    3         all    780        204          60
    """
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence) or not all(
            isinstance(c, WildCount) for c in counts):
        raise HandError("wild_counts_frame needs the tuple wild_counts returns")
    if verb not in ("win", "ready"):
        raise HandError(f"verb must be 'win' or 'ready', got {verb!r}")
    rows = [(str(c.jokers), c.dealt[1], c.wild[1], c.plain[1]) for c in counts]
    rows.append(("all", *(sum(r[i] for r in rows) for i in (1, 2, 3))))
    frame = pd.DataFrame(rows, columns=["wild copies", "deals", f"{verb}, wild",
                                        f"{verb}, plain"])
    frame["chance, wild"] = frame[f"{verb}, wild"] / frame["deals"]
    frame["chance, plain"] = frame[f"{verb}, plain"] / frame["deals"]
    frame["times likelier"] = [w / p if p else None
                               for w, p in zip(frame[f"{verb}, wild"], frame[f"{verb}, plain"],
                                               strict=True)]
    return frame
