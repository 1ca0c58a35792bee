"""Poyang 鄱阳 scoring: the fan 番 of a winning hand, and who pays whom.

The rule source is seed 002 (a Poyang fan table).  Where it is silent or
ambiguous, a switch of the frozen :class:`PoyangRules` decides, and the
default of every switch is stated on the field.  The main entry points:

* :func:`score` reads a winning hand every way it can be read (each
  standard decomposition, seven pairs, 十三烂), scores every reading and
  keeps the best one.
* :func:`settle` turns the points into four payments that sum to zero.
* :func:`kong_payments` does the same for the kong 杠 payments.

Only the standard library is used.  Explained in chapter 10.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..base.checks import (
    HandError,
    bool_arg,
    fail,
    instance_arg,
    int_arg,
    items_arg,
    seat_arg,
    show,
    str_arg,
)
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import (
    COPIES,
    HONOR_START,
    N_KINDS,
    as_counts,
    meld_arg,
    named_tile_arg,
    parse,
    tile_name,
    to_mpsz,
)
from ..hand.decompose import decompositions
from ..hand.forms import is_seven_pairs, is_shisanlan

HAND_FANS = ("平胡", "碰碰胡", "七对", "豪华七对", "十三烂", "清一色", "混一色", "字一色")
"""Fans that depend on the tiles and their reading, in seed 002's order."""

EXTRA_FANS = ("自摸", "门清", "杠上开花", "抢杠胡", "海底捞月", "天胡", "地胡")
"""Fans that depend on how the hand won, in seed 002's order."""

FAN_VALUES = (("平胡", 1), ("碰碰胡", 3), ("七对", 3), ("豪华七对", 6), ("十三烂", 3),
              ("清一色", 4), ("混一色", 2), ("字一色", 8), ("自摸", 1), ("门清", 1),
              ("杠上开花", 2), ("抢杠胡", 2), ("海底捞月", 1), ("天胡", 6), ("地胡", 5))
"""Seed 002's fan table as (name, fan) pairs: the default of ``PoyangRules.fan_values``."""

FAN_ENGLISH = {
    "平胡": "plain win", "碰碰胡": "all triplets", "七对": "seven pairs",
    "豪华七对": "luxury seven pairs", "十三烂": "thirteen rotten", "清一色": "one suit",
    "混一色": "one suit and honours", "字一色": "all honours", "自摸": "self-draw",
    "门清": "concealed hand", "杠上开花": "win on a kong replacement",
    "抢杠胡": "robbing a kong", "海底捞月": "win on the last tile",
    "天胡": "heavenly hand", "地胡": "earthly hand", "硬胡": "hard win (no wild tile used)",
}
"""A short English gloss of each fan name (硬胡: with wild tiles, ``PoyangRules.hard_win_fan``)."""

MELD_KINDS = {"chi": "chi", "吃": "chi", "pon": "pon", "碰": "pon",
              "kong": "kong", "明杠": "kong", "杠": "kong", "ankan": "ankan", "暗杠": "ankan"}
"""Words accepted for a laid-down meld, and the kind each one means."""

KONG_KINDS = {"kong": "kong", "明杠": "kong", "ankan": "ankan", "暗杠": "ankan",
              "bukong": "bukong", "补杠": "bukong"}
"""Words accepted by :func:`kong_payments`, and the kind each one means."""

MAX_FAN = 64
"""The largest fan value a :class:`PoyangRules` may give one fan."""

MAX_CAP = 1000
"""The largest fan cap (no reachable total comes near it)."""

MAX_AMOUNT = 10 ** 6
"""The largest base points, self-draw bonus and kong payment."""

MAX_POINTS = 10 ** 500
"""The largest points :func:`settle` takes (base x 2^fan stays far below it)."""


@dataclass(frozen=True)
class PoyangRules:
    """Every choice the Poyang scorer makes, as a switch (defaults follow seed 002).

    Each switch is checked: fan values 0-64 (:data:`MAX_FAN`), ``cap``
    None or 0-1000, ``base`` 1 to 10**6, the bonus and kong payments 0 to
    10**6 (:data:`MAX_AMOUNT`), the others True or False.  ``forms`` is a
    :class:`~mjcore.base.rules.Rules` or a preset's name ("standard", "poyang").

    >>> rules = PoyangRules()
    >>> rules.cap, rules.base, rules.self_draw_bonus, rules.fan("清一色")
    (6, 1, 1, 4)
    >>> PoyangRules(cap=None).cap is None
    True
    >>> PoyangRules(cap=-1)
    Traceback (most recent call last):
    ...
    mjcore.HandError: cap must be None or a whole number of fan 0-1000, got -1
    """

    name: str = "poyang"
    forms: Rules = POYANG
    """Which winning forms count (chapter 3): standard, seven pairs, 十三烂."""
    fan_values: tuple[tuple[str, int], ...] = FAN_VALUES
    """The fan of each of the 15 fans, as (name, fan) pairs."""
    cap: int | None = 6
    """Fan cap 封顶 (满贯 6 fan, 64 points at base 1); None for no cap."""
    base: int = 1
    """Base points 基础分: points = base x 2^fan after the cap."""
    self_draw_bonus: int = 1
    """自摸加底: on a self-drawn win each payer adds this to the points."""
    pinghu_alone: bool = True
    """平胡 counts only when no other hand fan applies.  False: it counts for
    every standard reading that is not 碰碰胡, so 清一色 平胡 is 4 + 1."""
    stack_hand_fans: bool = True
    """Hand fans add up (清一色 七对 = 4 + 3, seed 002 section 6).  False: a
    reading keeps only its largest hand fan."""
    luxury_per_four: bool = False
    """豪华七对 doubles 七对 once however many fours.  True: once per four
    (3 x 2^k fan for k fours)."""
    honors_excludes_half: bool = True
    """字一色 excludes 混一色.  False: an all-honours hand also scores 混一色."""
    ankan_keeps_menqing: bool = True
    """门清 allows concealed kongs 暗杠.  False: any kong breaks 门清."""
    robbed_pays_all: bool = True
    """The player robbed of a kong pays for all three (3 x points, 包赔).
    False: they pay the points once, as a discarder would."""
    exposed_kong_pays: int = 2
    """明杠 on a discard: the discarder pays this."""
    concealed_kong_pays: int = 2
    """暗杠: each other player pays this."""
    added_kong_pays: int = 1
    """补杠 (a kong added to one's own pon): each other player pays this."""
    hard_win_fan: int = 1
    """With ``forms`` that have a wild kind (赖子): the fan a *hard* win 硬胡 (yìng hú)
    adds, one that needs no wild tile as a substitute (every wild tile held counts as
    its own kind, or none is held), listed as 硬胡; a *soft* win 软胡 (ruǎn hú), which
    needs one, adds nothing.  So at the default 1 a soft win is worth half the same
    hard one (seed 002: a win that leans on a wild tile scores lower); 0 scores both
    alike.  Without a wild kind no win is either, and nothing changes."""

    def __post_init__(self) -> None:
        str_arg(self.name, "name", 40)
        pairs = items_arg(self.fan_values, "fan_values", 15, "(name, fan) pairs")
        for pair in pairs:
            if type(pair) is not tuple or len(pair) != 2 or not isinstance(pair[0], str):
                raise HandError(f"fan_values must be (name, fan) pairs, got {pair!r:.60}")
        names = [n for n, _ in pairs]
        if sorted(names) != sorted(HAND_FANS + EXTRA_FANS):
            raise HandError(f"fan_values must name each of the 15 fans once, got {names}")
        object.__setattr__(self, "fan_values", pairs)
        if self.cap is not None and (isinstance(self.cap, bool) or not isinstance(self.cap, int)
                                     or not 0 <= self.cap <= MAX_CAP):
            raise HandError(f"cap must be None or a whole number of fan 0-{MAX_CAP}, "
                            f"got {self.cap!r:.60}")
        for name, fan in pairs:
            int_arg(fan, f"the fan of {name} in fan_values", 0, MAX_FAN)
        for name in ("base", "self_draw_bonus", "exposed_kong_pays", "concealed_kong_pays",
                     "added_kong_pays"):
            int_arg(getattr(self, name), name, 1 if name == "base" else 0, MAX_AMOUNT)
        int_arg(self.hard_win_fan, "hard_win_fan", 0, MAX_FAN)
        for name in ("pinghu_alone", "stack_hand_fans", "luxury_per_four",
                     "honors_excludes_half", "ankan_keeps_menqing", "robbed_pays_all"):
            bool_arg(getattr(self, name), name)
        object.__setattr__(self, "forms", rules_arg(self.forms, "forms", wild=True))
        if self.forms.thirteen_orphans:
            raise HandError("Poyang scoring has no fan for thirteen orphans (十三幺): "
                            "use forms without it")

    def fan(self, name: str) -> int:
        """The fan of one fan name under these rules."""
        str_arg(name, "name", 40)
        for n, f in self.fan_values:
            if n == name:
                return f
        raise HandError(f"unknown fan {name!r}: choose one of {', '.join(HAND_FANS + EXTRA_FANS)}")


DEFAULT_RULES = PoyangRules()
"""The rules :func:`score`, :func:`settle` and :func:`kong_payments` use by default."""


def poyang_rules_arg(value: object, name: str = "rules") -> PoyangRules:
    """A :class:`PoyangRules`, or "poyang" (any case) for :data:`DEFAULT_RULES`.

    The check of a Poyang ``rules`` argument, kept beside the class it checks.

    >>> poyang_rules_arg("Poyang") is DEFAULT_RULES
    True
    """
    if isinstance(value, PoyangRules):
        return value
    if isinstance(value, str) and value.lower() == "poyang":
        return DEFAULT_RULES
    fail(f"{name} must be a mjcore.scoring.poyang.PoyangRules or 'poyang', got {show(value)}")


# --- melds laid down ----------------------------------------------------------

@dataclass(frozen=True)
class LaidMeld:
    """A meld laid down (or a concealed kong): ``kind`` chi, pon, kong or ankan.

    ``tile`` is the lowest tile of a chi, or the tile of a pon or kong;
    a chi starts at a suited 1-7 (``LaidMeld("chi", 7)``, 891m, is a HandError).

    >>> parse_meld("chi 354m")
    LaidMeld(kind='chi', tile=2)
    >>> str(parse_meld("暗杠 9999s"))
    'ankan 9999s'
    """

    kind: str
    tile: int

    def __post_init__(self) -> None:
        meld_arg(self.kind, self.tile, ("chi", "pon", "kong", "ankan"), "LaidMeld")

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles of the meld, lowest first."""
        t = self.tile
        return {"chi": (t, t + 1, t + 2), "pon": (t,) * 3}.get(self.kind, (t,) * 4)

    @property
    def is_kong(self) -> bool:
        return self.kind in ("kong", "ankan")

    @property
    def exposed(self) -> bool:
        """True for chi, pon and exposed kong: they break 门清."""
        return self.kind != "ankan"

    def __str__(self) -> str:
        ranks = "".join(tile_name(t)[0] for t in self.tiles)
        return f"{self.kind} {ranks}{tile_name(self.tile)[1]}"


def parse_meld(meld: str | LaidMeld) -> LaidMeld:
    """Read one laid-down meld: ``"chi 345m"``, ``"pon 777z"``, ``"kong 1111p"``, ``"ankan 9999s"``.

    The kind may also be written 吃, 碰, 明杠 (or 杠), 暗杠.  The tiles are in
    the notation of :func:`mjcore.base.tiles.parse`, in any order.  Raises
    :class:`HandError` naming what is wrong.

    >>> parse_meld("pon 777z").tiles
    (31, 31, 31)
    >>> parse_meld("chi 357m")
    Traceback (most recent call last):
    ...
    mjcore.HandError: meld 'chi 357m': a chi is three consecutive tiles of one suit, got 357m
    """
    if isinstance(meld, LaidMeld):
        return meld
    if not isinstance(meld, str):
        raise HandError(f"a meld is a string like 'pon 777z', got {type(meld).__name__}")
    str_arg(meld, "meld", 100)
    parts = meld.split(maxsplit=1)
    if len(parts) != 2 or parts[0].lower() not in MELD_KINDS:
        raise HandError(f"meld {meld!r}: write the kind (chi, pon, kong or ankan) "
                        f"then the tiles, as in 'pon 777z'")
    kind = MELD_KINDS[parts[0].lower()]
    try:
        counts = parse(parts[1])
    except HandError as error:
        raise HandError(f"meld {meld!r}: {error}") from None
    tiles = [t for t in range(N_KINDS) for _ in range(counts[t])]
    shown = to_mpsz(counts)
    if kind == "chi":
        if (len(tiles) != 3 or tiles[0] >= HONOR_START or tiles[0] % 9 > 6
                or tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2]):
            raise HandError(f"meld {meld!r}: a chi is three consecutive tiles of one suit, "
                            f"got {shown}")
    else:
        size = 3 if kind == "pon" else 4
        if len(tiles) != size or len(set(tiles)) != 1:
            raise HandError(f"meld {meld!r}: a {kind} is {size} copies of one tile, got {shown}")
    return LaidMeld(kind, tiles[0])


# --- the result ---------------------------------------------------------------

@dataclass(frozen=True)
class Score:
    """The best reading of a winning hand and what it is worth.

    ``fans`` lists (name, fan) for the chosen reading, hand fans first;
    ``total_fan`` is their sum before the cap, ``fan`` after it, and
    ``points`` = base x 2^fan.  ``readings`` lists every reading that was
    scored, as (description, total fan), in the order they were found;
    ``reading`` is the chosen one.
    """

    hand: str
    win_tile: str
    melds: tuple[str, ...]
    fans: list[tuple[str, int]]
    total_fan: int
    fan: int
    points: int
    reading: str
    readings: list[tuple[str, int]] = field(default_factory=list)
    self_draw: bool = False
    robbing_kong: bool = False

    def lines(self) -> list[str]:
        """The score as lines of text, as the command line prints it."""
        how = ("self-drawn" if self.self_draw
               else "robbing a kong" if self.robbing_kong else "on a discard")
        melds = f", melds: {', '.join(self.melds)}" if self.melds else ""
        capped = f" (capped from {self.total_fan})" if self.fan != self.total_fan else ""
        out = [f"hand: {self.hand}{melds}, win tile: {self.win_tile} ({how})",
               f"reading: {self.reading} (best of {len(self.readings)})",
               "fans: " + ", ".join(f"{name} {fan}" for name, fan in self.fans),
               f"fan: {self.fan}{capped}",
               f"points: {self.points}"]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def as_dict(self) -> dict:
        """The score as plain JSON-ready values."""
        return {"hand": self.hand, "win_tile": self.win_tile, "melds": list(self.melds),
                "self_draw": self.self_draw, "robbing_kong": self.robbing_kong,
                "reading": self.reading,
                "readings": [{"reading": r, "total_fan": t} for r, t in self.readings],
                "fans": [{"name": n, "fan": f} for n, f in self.fans],
                "total_fan": self.total_fan, "fan": self.fan, "points": self.points}


# --- scoring ------------------------------------------------------------------

def _suit_fans(all_counts: Sequence[int]) -> list[str]:
    suits = {t // 9 for t in range(HONOR_START) if all_counts[t]}
    honors = any(all_counts[HONOR_START:])
    if not suits:
        return ["字一色"]
    if len(suits) == 1:
        return ["混一色"] if honors else ["清一色"]
    return []


def _hand_fans(form: str, counts: Sequence[int], all_triplets: bool,
               suit_fans: list[str], rules: PoyangRules) -> list[tuple[str, int]]:
    """The hand fans of one reading, in seed 002's order."""
    found: dict[str, int] = {}
    if form == "standard" and all_triplets:
        found["碰碰胡"] = rules.fan("碰碰胡")
    if form == "seven_pairs":
        fours = sum(c == 4 for c in counts)
        if not fours:
            found["七对"] = rules.fan("七对")
        elif rules.luxury_per_four:
            found["豪华七对"] = rules.fan("七对") * 2 ** fours
        else:
            found["豪华七对"] = rules.fan("豪华七对")
    if form == "shisanlan":
        found["十三烂"] = rules.fan("十三烂")
    for name in suit_fans:
        found[name] = rules.fan(name)
    if "字一色" in found and not rules.honors_excludes_half:
        found["混一色"] = rules.fan("混一色")
    if form == "standard" and not all_triplets and (not found or not rules.pinghu_alone):
        found["平胡"] = rules.fan("平胡")
    fans = [(name, found[name]) for name in HAND_FANS if name in found]
    if not rules.stack_hand_fans and fans:
        fans = [max(fans, key=lambda nf: nf[1])]
    return fans


def _check_context(melds: Sequence[LaidMeld], *, self_draw: bool, after_kong: bool,
                   robbing_kong: bool, last_tile: bool, heavenly: bool, earthly: bool) -> None:
    flags = {"self_draw": self_draw, "after_kong": after_kong, "robbing_kong": robbing_kong,
             "last_tile": last_tile, "heavenly": heavenly, "earthly": earthly}
    for name, value in flags.items():
        bool_arg(value, name)
    if after_kong and not self_draw:
        raise HandError("after_kong (杠上开花) is a self-drawn win on the kong's "
                        "replacement tile: set self_draw too")
    if after_kong and not any(m.is_kong for m in melds):
        raise HandError("after_kong (杠上开花) needs a kong among the melds, "
                        "e.g. 'kong 1111p' or 'ankan 9999s'")
    if robbing_kong and self_draw:
        raise HandError("robbing_kong (抢杠胡) wins on another player's kong tile, "
                        "so it is not self_draw")
    if last_tile and not self_draw:
        raise HandError("last_tile (海底捞月) is a self-drawn win on the last tile of "
                        "the wall: set self_draw too")
    if heavenly and earthly:
        raise HandError("heavenly (天胡, the dealer) and earthly (地胡, a non-dealer) "
                        "cannot both hold")
    for name, needs_draw in (("heavenly", True), ("earthly", False)):
        if not flags[name]:
            continue
        label = "天胡" if name == "heavenly" else "地胡"
        if melds:
            raise HandError(f"{name} ({label}) is won before any meld is laid down, "
                            f"got {len(melds)} meld(s)")
        if self_draw != needs_draw:
            raise HandError("heavenly (天胡) is the dealer's self-drawn 14 tiles: set self_draw"
                            if needs_draw else
                            "earthly (地胡) wins on the dealer's first discard, not self_draw")
        others = [n for n in ("after_kong", "robbing_kong", "last_tile") if flags[n]]
        if others:
            raise HandError(f"{name} ({label}) is won on the first turn, so not with "
                            f"{', '.join(others)}")


def score(hand: str | Sequence[int], *, win_tile: str | int, self_draw: bool = False,
          melds: Sequence[str | LaidMeld] = (), after_kong: bool = False,
          robbing_kong: bool = False, last_tile: bool = False, heavenly: bool = False,
          earthly: bool = False, rules: PoyangRules = DEFAULT_RULES) -> Score:
    """Score a winning hand under Poyang rules: every reading, the best one kept.

    ``hand`` is the concealed part *including* the winning tile, as notation
    or 34 counts; ``melds`` are the melds laid down (and concealed kongs),
    each like ``"chi 345m"``, ``"pon 777z"``, ``"kong 1111p"`` or
    ``"ankan 9999s"``.  The hand plus 3 tiles per meld (a kong counts 3)
    must make 14.  ``win_tile`` (a name like "7m" or an index) must be in
    the concealed part.

    Raises :class:`HandError` naming the reason when the input is
    inconsistent or the hand does not win.  The checks:

    * each meld well formed; no tile more than 4 times across hand and melds;
    * at most 4 melds, and hand + 3 per meld = 14;
    * ``after_kong`` needs ``self_draw`` and a kong among the melds;
    * ``robbing_kong`` is not ``self_draw``, and the robbed tile is the only
      copy of ``win_tile`` the winner holds (the other three are in the
      robbed player's pon and kong);
    * ``last_tile`` (海底捞月) needs ``self_draw``;
    * ``heavenly`` needs ``self_draw``, ``earthly`` a discard; both need no
      melds and exclude each other, ``after_kong``, ``robbing_kong`` and
      ``last_tile``.

    >>> s = score("11223344556677m", win_tile="7m")
    >>> s.fans, s.total_fan, s.fan, s.points
    ([('七对', 3), ('清一色', 4), ('门清', 1)], 8, 6, 64)
    >>> s.reading
    'seven pairs'
    >>> score("123m456p789s11z", win_tile="1z", melds=["pon 777z"]).fans
    [('平胡', 1)]
    >>> score("1199m1199p1199s12z", win_tile="2z")
    Traceback (most recent call last):
    ...
    mjcore.HandError: 1199m1199p1199s12z does not win: no reading as melds and a pair, \
not seven pairs, not 十三烂

    With a wild kind in ``rules.forms``, a win that needs a wild tile as a substitute
    (软胡) lacks the 硬胡 fan of one that does not (``PoyangRules.hard_win_fan``):

    >>> from mjcore import with_wild
    >>> wild = PoyangRules(forms=with_wild("poyang", "7z"))
    >>> soft = score("123456789m11p23s7z", win_tile="1p", rules=wild)
    >>> soft.reading, soft.fans
    ('11p 123m 456m 789m 123s; wilds as 1s', [('平胡', 1), ('门清', 1)])
    >>> score("123456789m11p777z", win_tile="1p", rules=wild).fans
    [('平胡', 1), ('门清', 1), ('硬胡', 1)]

    Explained in chapter 10, and with wild tiles in chapter 11.
    """
    rules = poyang_rules_arg(rules)
    counts = as_counts(hand)
    if isinstance(melds, str):
        raise HandError("melds is a list of strings, as in ['pon 777z'], not one string")
    laid = [parse_meld(m) for m in items_arg(melds, "melds", 16, "melds")]
    if len(laid) > 4:
        raise HandError(f"{len(laid)} melds laid down: a hand has at most 4")
    need = 14 - 3 * len(laid)
    n = sum(counts)
    if n != need:
        raise HandError(f"the concealed part has {n} tiles; with {len(laid)} meld(s) laid down "
                        f"it needs {need} (hand + 3 per meld = 14, a kong counts 3)")
    total = list(counts)
    for m in laid:
        for t in m.tiles:
            total[t] += 1
    for t, c in enumerate(total):
        if c > COPIES:
            raise HandError(f"{tile_name(t)} appears {c} times in the hand and melds; "
                            f"a tile has {COPIES} copies")
    win = named_tile_arg(win_tile, "win_tile")
    if not counts[win]:
        raise HandError(f"the win tile {tile_name(win)} is not in the hand "
                        f"{to_mpsz(counts)}: the hand includes the winning tile")
    _check_context(laid, self_draw=self_draw, after_kong=after_kong,
                   robbing_kong=robbing_kong, last_tile=last_tile,
                   heavenly=heavenly, earthly=earthly)
    if robbing_kong and total[win] != 1:
        raise HandError(f"robbing_kong (抢杠胡): the robbed player holds the other three "
                        f"{tile_name(win)}, so the winner has only the robbed copy, "
                        f"not {total[win]}")

    # every reading: (description, form, all_triplets, hard, the tiles its suit fans read)
    readings: list[tuple[str, str, bool, bool, Sequence[int]]] = []
    chi_laid = any(m.kind == "chi" for m in laid)
    laid_text = "".join(f" + {m}" for m in laid)
    forms, wild = rules.forms, rules.forms.wild
    for d in decompositions(counts):
        all_triplets = not chi_laid and all(m.kind == "triplet" for m in d.melds)
        readings.append((f"{d}{laid_text}", "standard", all_triplets, True, total))
    if not laid and forms.seven_pairs and is_seven_pairs(counts, forms.four_as_two_pairs):
        readings.append(("seven pairs", "seven_pairs", False, True, total))
    if not laid and forms.shisanlan and is_shisanlan(counts):
        readings.append(("十三烂", "shisanlan", False, True, total))
    if wild is not None:
        readings += _soft_readings(counts, total, laid, forms, {r[1] for r in readings},
                                   chi_laid, laid_text)
    if not readings:
        kinds = ["no reading as melds and a pair"]
        if not laid:
            kinds += ["not seven pairs" * rules.forms.seven_pairs,
                      "not 十三烂" * rules.forms.shisanlan]
        raise HandError(f"{to_mpsz(counts)}{laid_text} does not win: "
                        + ", ".join(k for k in kinds if k))

    extras: list[tuple[str, int]] = []
    menqing = all(not m.exposed for m in laid) and (
        rules.ankan_keeps_menqing or not laid)
    for name, applies in (("自摸", self_draw), ("门清", menqing), ("杠上开花", after_kong),
                          ("抢杠胡", robbing_kong), ("海底捞月", last_tile),
                          ("天胡", heavenly), ("地胡", earthly)):
        if applies:
            extras.append((name, rules.fan(name)))

    scored = []
    for text, form, all_triplets, hard, tiles in readings:
        fans = _hand_fans(form, tiles, all_triplets, _suit_fans(tiles), rules) + extras
        if wild is not None and hard and rules.hard_win_fan:
            fans.append(("硬胡", rules.hard_win_fan))
        scored.append((text, fans, sum(f for _, f in fans)))
    best_text, best_fans, best_total = max(scored, key=lambda r: r[2])  # first of the best
    fan = best_total if rules.cap is None else min(best_total, rules.cap)
    return Score(hand=to_mpsz(counts), win_tile=tile_name(win),
                 melds=tuple(str(m) for m in laid), fans=best_fans, total_fan=best_total,
                 fan=fan, points=rules.base * 2 ** fan, reading=best_text,
                 readings=[(text, total) for text, _, total in scored],
                 self_draw=self_draw, robbing_kong=robbing_kong)


def _soft_readings(counts: tuple[int, ...], total: Sequence[int], laid: Sequence[LaidMeld],
                   forms: Rules, hard: set[str], chi_laid: bool,
                   laid_text: str) -> list[tuple[str, str, bool, bool, list[int]]]:
    """The readings of a hand that need a wild tile as a substitute (软胡).

    Standard readings say what each wild tile stands for, and their suit fans read the
    tiles as they stand.  Seven pairs and 十三烂 with wild tiles are read once each,
    when no hard reading of that form exists; their suit fans read the other tiles
    (a wild tile there may take any kind that helps), and only fours of real tiles
    make 豪华七对.
    """
    from ..hand.wild import winning_forms as wild_forms

    wild = forms.wild
    found = []
    real = list(total)
    real[wild] -= counts[wild]
    for d in decompositions(counts, forms):
        if all(t == wild for t in d.wilds):
            continue  # the wild tiles as their own kind: a hard reading, listed already
        tiles = real.copy()
        for t in d.wilds:
            tiles[t] += 1
        all_triplets = not chi_laid and all(m.kind == "triplet" for m in d.melds)
        found.append((f"{d}{laid_text}", "standard", all_triplets, False, tiles))
    if not laid and sum(counts) == 14:
        special = set(wild_forms(counts, forms)) - hard - {"standard"}
        for form, label in (("seven_pairs", "seven pairs"), ("shisanlan", "十三烂")):
            if form in special:
                found.append((f"{label} with wild tiles", form, False, False, real))
    return found


# --- payments -----------------------------------------------------------------

def settle(score: Score | int, *, winner: int, discarder: int | None = None,
           robbing_kong: bool = False, rules: PoyangRules = DEFAULT_RULES) -> list[int]:
    """Four payments, one a seat 0-3, summing to zero, for one win.

    ``score`` is a :class:`Score` or the points as an integer (0 to
    10**500, :data:`MAX_POINTS`); ``rules`` a :class:`PoyangRules` or "poyang".

    * a discard win (``discarder`` given): the discarder pays the points;
    * a self-drawn win (no ``discarder``): each other player pays the
      points plus the self-draw bonus 自摸加底;
    * robbing a kong: the robbed player, passed as ``discarder``, pays three
      times the points (``PoyangRules.robbed_pays_all``).

    A :class:`Score` remembers how it won, and a contradiction (a
    self-drawn score with a discarder, a robbing score without the robbed
    player) raises :class:`HandError`.

    >>> s = score("11223344556677m", win_tile="7m", self_draw=True)
    >>> s.points, settle(s, winner=0)
    (64, [195, -65, -65, -65])
    >>> settle(8, winner=2, discarder=3)
    [0, 0, 8, -8]
    >>> settle(8, winner=2, discarder=0, robbing_kong=True)
    [-24, 0, 24, 0]

    Explained in chapter 10.
    """
    rules = poyang_rules_arg(rules)
    winner = seat_arg(winner, "winner")
    discarder = seat_arg(discarder, "discarder", optional=True)
    robbing_kong = bool_arg(robbing_kong, "robbing_kong")
    if discarder is not None:
        if discarder == winner:
            raise HandError(f"the winner (seat {winner}) cannot also be the discarder")
    if isinstance(score, Score):
        points = int_arg(score.points, "score.points", 0, MAX_POINTS)
        bool_arg(score.self_draw, "score.self_draw")
        bool_arg(score.robbing_kong, "score.robbing_kong")
        if score.self_draw and discarder is not None:
            raise HandError("the score is a self-drawn win: nobody discarded, "
                            "so leave discarder out")
        if not score.self_draw and discarder is None:
            raise HandError("the score is a win on a discard or a robbed kong: "
                            "pass the discarder (or the robbed player)")
        if robbing_kong and not score.robbing_kong:
            raise HandError("the score was computed without robbing_kong (抢杠胡)")
        robbing_kong = robbing_kong or score.robbing_kong
    elif isinstance(score, int) and not isinstance(score, bool) and score >= 0:
        points = int_arg(score, "score", 0, MAX_POINTS)
    else:
        instance_arg(score, Score, "score", "a Score or points >= 0")
    if robbing_kong and discarder is None:
        raise HandError("robbing a kong: pass the robbed player as discarder")
    pay = [0, 0, 0, 0]
    if discarder is None:
        for seat in range(4):
            if seat != winner:
                pay[seat] -= points + rules.self_draw_bonus
                pay[winner] += points + rules.self_draw_bonus
    else:
        amount = 3 * points if robbing_kong and rules.robbed_pays_all else points
        pay[discarder] -= amount
        pay[winner] += amount
    return pay


def kong_payments(kind: str, *, owner: int, discarder: int | None = None,
                  robbed: bool = False, rules: PoyangRules = DEFAULT_RULES) -> list[int]:
    """Four payments summing to zero for one kong 杠 (seed 002 section 5.3).

    * ``"kong"`` (明杠, exposed, on a discard): the discarder pays 2;
    * ``"ankan"`` (暗杠, concealed): each other player pays 2;
    * ``"bukong"`` (补杠, added to one's own pon): each other player pays 1;
      if it is robbed (``robbed=True``) nobody pays: the robber's win is
      settled instead.

    The amounts are ``PoyangRules.exposed_kong_pays``,
    ``concealed_kong_pays`` and ``added_kong_pays``.

    >>> kong_payments("kong", owner=0, discarder=2)
    [2, 0, -2, 0]
    >>> kong_payments("ankan", owner=1)
    [-2, 6, -2, -2]
    >>> kong_payments("bukong", owner=3), kong_payments("bukong", owner=3, robbed=True)
    ([-1, -1, -1, 3], [0, 0, 0, 0])

    Explained in chapter 10.
    """
    if not isinstance(kind, str) or len(kind) > 10 or kind.lower() not in KONG_KINDS:
        raise HandError(f"unknown kong kind {kind!r:.40}: choose kong, ankan or bukong")
    kind = KONG_KINDS[kind.lower()]
    rules = poyang_rules_arg(rules)
    owner = seat_arg(owner, "owner")
    discarder = seat_arg(discarder, "discarder", optional=True)
    robbed = bool_arg(robbed, "robbed")
    if robbed and kind != "bukong":
        raise HandError(f"only an added kong (bukong, 补杠) can be robbed, not a {kind}")
    pay = [0, 0, 0, 0]
    if kind == "kong":
        if discarder is None:
            raise HandError("an exposed kong (明杠) is made on a discard: pass the discarder")
        if discarder == owner:
            raise HandError(f"the kong's owner (seat {owner}) cannot also be the discarder")
        pay[discarder] -= rules.exposed_kong_pays
        pay[owner] += rules.exposed_kong_pays
        return pay
    if discarder is not None:
        raise HandError(f"a {kind} is not made on a discard: leave discarder out")
    if robbed:
        return pay
    each = rules.concealed_kong_pays if kind == "ankan" else rules.added_kong_pays
    for seat in range(4):
        if seat != owner:
            pay[seat] -= each
            pay[owner] += each
    return pay
