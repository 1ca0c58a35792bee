"""Rules as data: which winning forms a table accepts.

Explained in chapter 3.
"""

from __future__ import annotations

from dataclasses import dataclass

from .checks import bool_arg, fail, show, str_arg
from .tiles import named_tile_arg, tile_name


@dataclass(frozen=True)
class Rules:
    """Switches for the winning forms beside four melds and a pair.

    The standard form (melds and a pair) always counts.  Special forms
    apply only to a fully concealed 14-tile hand.

    Wherever mjcore takes ``rules`` (the library, :mod:`mjcore.bulk.batch`, the
    widgets' render functions, Poyang's ``forms``, the command line), it
    takes a ``Rules`` or the name of a preset in any case: "standard",
    "poyang" or "riichi" mean :data:`STANDARD`, :data:`POYANG` and
    :data:`RIICHI`.  Anything else is a :class:`~mjcore.HandError`
    (:func:`rules_arg` does the check).  The switches must
    be True or False and ``name`` a string of at most 40 characters.

    >>> POYANG.seven_pairs, POYANG.thirteen_orphans
    (True, False)
    >>> Rules(name="mine", seven_pairs=True).four_as_two_pairs
    False
    >>> from mjcore import shanten
    >>> shanten("19m19p19s1234567z", "RIICHI"), shanten("19m19p19s1234567z", RIICHI)
    (0, 0)
    >>> Rules(seven_pairs="yes")
    Traceback (most recent call last):
    ...
    mjcore.HandError: seven_pairs must be True or False, got 'yes'
    """

    name: str = "custom"
    seven_pairs: bool = False
    """Seven pairs 七对 (qidui) wins."""
    four_as_two_pairs: bool = False
    """In seven pairs, four of a kind counts as two pairs (豪华七对 haohua qidui)."""
    thirteen_orphans: bool = False
    """Thirteen orphans 十三幺 (shisanyao) wins."""
    shisanlan: bool = False
    """十三烂 (shisanlan, "thirteen rotten") wins."""
    wild: int | None = None
    """The kind whose copies are wild 赖子 (làizi): a tile index, or a name such as "7z"
    (kept as its index); None, the default, for no wild tiles.  A wild tile stands for
    any tile, its own kind and a fifth copy included (:mod:`mjcore.hand.wild`).  A
    Rules with a wild is a :class:`WildRules`."""

    def __new__(cls, *args: object, **kwargs: object) -> Rules:
        # a wild kind makes a WildRules, which the functions without wild tiles refuse
        wild = kwargs.get("wild", args[_WILD_AT] if len(args) > _WILD_AT else None)
        if cls is Rules and wild is not None:
            cls = WildRules
        return object.__new__(cls)

    def __post_init__(self) -> None:
        str_arg(self.name, "name", 40)
        for field in ("seven_pairs", "four_as_two_pairs", "thirteen_orphans", "shisanlan"):
            bool_arg(getattr(self, field), field)
        if self.wild is not None:
            object.__setattr__(self, "wild", named_tile_arg(self.wild, "wild"))
        for cache in CACHES:  # Rules is frozen: object.__setattr__ (now and when built)
            object.__setattr__(self, cache, None)


_WILD_AT = list(Rules.__dataclass_fields__).index("wild")
"""Where ``wild`` stands among Rules' positional arguments."""


CACHES = ("_narrow_tables", "_shanten_forms", "_special_tables", "_special_arrays")
"""The tables other modules build for a rule set when first needed, kept on it (None
until then): :func:`mjcore.hand.shanten.narrow_tables`, what :func:`mjcore.shanten`
reads (``_shanten_forms``), :func:`mjcore.hand.shanten.special_tables` and
:mod:`mjcore.bulk.batch`'s arrays.  Every Rules has them from the start, so reading one
is Python's quick attribute read (an attribute added later makes every read a dict
search).  Only the names live here: this module imports nothing above the base."""


class WildRules(Rules):
    """The rules of a game with wild tiles: ``Rules(..., wild=TILE)`` makes one.

    Its own type, so that a function that does not handle wild tiles refuses it
    through :func:`rules_arg` (a clear :class:`~mjcore.HandError`) instead of
    answering as if the wild tiles were plain ones.  :func:`mjcore.is_win`,
    :func:`mjcore.winning_forms`, :func:`mjcore.shanten`, :func:`mjcore.waits` and
    :func:`mjcore.effective_tiles` take it.

    >>> r = Rules(name="mine", seven_pairs=True, wild="7z")
    >>> type(r).__name__, r.wild
    ('WildRules', 31)
    """


STANDARD = Rules(name="standard")
"""Four melds and a pair only."""

POYANG = Rules(name="poyang", seven_pairs=True, four_as_two_pairs=True, shisanlan=True)
"""鄱阳 Poyang rules: standard, seven pairs (four as two pairs), 十三烂; no thirteen orphans."""

RIICHI = Rules(name="riichi", seven_pairs=True, four_as_two_pairs=False, thirteen_orphans=True)
"""Japanese riichi forms, to compare with other libraries.

Seven pairs of seven different kinds, and thirteen orphans.
"""

PRESETS = {r.name: r for r in (STANDARD, POYANG, RIICHI)}

HONGZHONG = Rules(name="hongzhong", seven_pairs=True, four_as_two_pairs=True, wild="7z")
"""红中麻将 (hongzhong majiang) forms: the four 红中 (red dragon, 7z) are wild; melds and a
pair, or seven pairs (four of a kind as two pairs).  Explained in chapter 11."""

WILD_PRESETS = {r.name: r for r in (HONGZHONG,)}
"""The presets with a wild kind, by name: taken by name (any case) wherever wild tiles
are (the functions that take them, the command line, the analyzer); :data:`PRESETS`
keeps the rule sets without wild tiles, which every function takes."""


def with_wild(rules: Rules | str, wild: int | str | None) -> Rules:
    """``rules`` (a Rules or a preset's name) with ``wild`` as the wild kind, or with no
    wild kind when ``wild`` is None: the switches kept, the name telling the wild.

    What the command line's ``--wild``, the analyzer and the widgets build from a rule
    set and a wild kind chosen apart.

    >>> r = with_wild("poyang", "7z")
    >>> r.name, r.wild, r.shisanlan, type(r).__name__
    ('poyang, 7z wild', 31, True, 'WildRules')
    >>> with_wild(r, None) == POYANG, with_wild(HONGZHONG, "7z") is HONGZHONG
    (True, True)
    >>> with_wild("poyang", "8z")
    Traceback (most recent call last):
    ...
    mjcore.HandError: wild: 8z is not a tile: honours are 1z-7z
    """
    rules = rules_arg(rules, wild=True)
    if wild is not None:
        wild = named_tile_arg(wild, "wild")
    if rules.wild == wild:  # that wild kind already (or none, as asked): the rules as given
        return rules
    base = rules.name.split(", ")[0] if rules.wild is not None else rules.name
    if wild is None:
        found = PRESETS.get(base)
        plain = dict(seven_pairs=rules.seven_pairs, four_as_two_pairs=rules.four_as_two_pairs,
                     thirteen_orphans=rules.thirteen_orphans, shisanlan=rules.shisanlan)
        if found is not None and all(getattr(found, k) == v for k, v in plain.items()):
            return found
        return Rules(name=base, **plain)
    suffix = f", {tile_name(wild)} wild"
    return Rules(name=base[: 40 - len(suffix)] + suffix, seven_pairs=rules.seven_pairs,
                 four_as_two_pairs=rules.four_as_two_pairs,
                 thirteen_orphans=rules.thirteen_orphans, shisanlan=rules.shisanlan, wild=wild)


def rules_arg(value: object, name: str = "rules", *, wild: bool = False) -> Rules:
    """A :class:`Rules`, or a preset's name in any case, as that preset.

    The check of the ``rules`` argument, kept beside the class it checks.  Rules
    with a wild kind (a :class:`WildRules`) are taken only where ``wild`` is True,
    by the functions that handle wild tiles; elsewhere they are refused.

    >>> rules_arg("Standard") is STANDARD
    True
    >>> rules_arg(42)
    Traceback (most recent call last):
    ...
    mjcore.HandError: rules must be a mjcore.Rules or one of 'standard', 'poyang', \
'riichi', got 42
    >>> rules_arg(HONGZHONG)
    Traceback (most recent call last):
    ...
    mjcore.HandError: rules 'hongzhong' have wild tiles (7z), which this function does \
not take yet
    >>> rules_arg("HongZhong", wild=True) is HONGZHONG
    True
    """
    if type(value) is Rules:
        return value
    if isinstance(value, Rules):
        if value.wild is not None and not wild:
            fail(f"{name} {show(value.name)} have wild tiles ({tile_name(value.wild)}), "
                 "which this function does not take yet")
        return value
    if isinstance(value, str) and len(value) <= 40:
        found = PRESETS.get(value.lower()) or WILD_PRESETS.get(value.lower())
        if found is not None:
            return rules_arg(found, name, wild=wild)
    names = [*PRESETS, *WILD_PRESETS] if wild else list(PRESETS)
    fail(f"{name} must be a mjcore.Rules or one of {', '.join(map(repr, names))}, "
         f"got {show(value)}")
