"""Argument checks: what each kind of argument may be, said once.

Every public function, class, widget and command of mjcore checks its
arguments with these, so a bad one always gets the same :class:`HandError`
naming it and what was expected, never an ``AttributeError``,
``TypeError`` or a silently wrong answer.

This is the lowest module of the package: it imports nothing of mjcore's.
The three kinds tied to a type of a higher module are checked beside that
type, with these helpers: a ``rules`` argument by
:func:`mjcore.base.rules.rules_arg`, a tile name and a meld's fields by
:func:`mjcore.base.tiles.named_tile_arg` and :func:`mjcore.base.tiles.meld_arg`,
Poyang's rules by :func:`mjcore.scoring.poyang.poyang_rules_arg`.  A hand itself
(notation or 34 counts) is read by :func:`mjcore.base.tiles.parse` and
:func:`mjcore.base.tiles.as_counts`, with :func:`items_arg`.

Each check returns the value to use (an iterable becomes a tuple, a numpy
integer an ``int``) and costs next to nothing on good input: the first
test of every check is the common case.

>>> seat_arg(2, "winner")
2
>>> bool_arg("no", "robbing_kong")
Traceback (most recent call last):
...
mjcore.HandError: robbing_kong must be True or False, got 'no'
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, NoReturn


class HandError(ValueError):
    """A hand, tile or option that cannot be used, with a message naming why.

    Every check of mjcore raises it; its home is this module, the lowest of
    the package, and users reach it as ``mjcore.HandError``.
    """


HandError.__module__ = "mjcore"  # as users name it: tracebacks say mjcore.HandError


MAX_NOTATION = 1000
"""Longest notation string read (characters): 136 tiles in Chinese names fit."""

_COUNTS = frozenset(range(5))
_INTS = frozenset({int})


def show(value: object, limit: int = 40) -> str:
    """A short, safe repr of a value for an error message.

    Never raises and never prints more than about ``limit`` characters:
    a huge integer is described by its size, a long repr is cut.

    >>> show("abc"), show(10 ** 100), show("x" * 100)
    ("'abc'", 'an integer of 101 digits', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    """
    if type(value) is int and not -10 ** 15 < value < 10 ** 15:
        return f"an integer of {_digits(value)} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails still names the type
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "..."


def _digits(value: int) -> int:
    """Decimal digits of an integer, without ``str()`` (which refuses over 4300 digits)."""
    value = abs(value)
    digits = int((value.bit_length() - 1) * 0.30102999566398) + 1
    return digits + 1 if value >= 10 ** digits else digits


def _bound(limit: int) -> str:
    """A limit as text: ``136``, or ``10**500`` for a huge power of ten."""
    if abs(limit) < 10 ** 15:
        return str(limit)
    digits = _digits(limit)
    return f"10**{digits - 1}" if limit == 10 ** (digits - 1) else f"an integer of {digits} digits"


def fail(message: str) -> NoReturn:
    """Raise :class:`~mjcore.HandError` with ``message``."""
    raise HandError(message)


# --- scalars -----------------------------------------------------------------

def bool_arg(value: object, name: str) -> bool:
    """True or False, nothing else (a non-empty string is not true here)."""
    if value is True or value is False:
        return value
    fail(f"{name} must be True or False, got {show(value)}")


def int_arg(value: object, name: str, low: int | None = 0, high: int | None = None,
            *, optional: bool = False) -> Any:
    """A whole number (not a bool) from ``low`` to ``high``; None too if ``optional``.

    numpy integers are accepted and returned as ``int``.

    >>> int_arg(3, "draws", 0, 136), int_arg(None, "cap", optional=True)
    (3, None)
    >>> int_arg(200, "draws", 0, 136)
    Traceback (most recent call last):
    ...
    mjcore.HandError: draws must be at most 136, got 200
    """
    if type(value) is not int:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            extra = " or None" if optional else ""
            fail(f"{name} must be a whole number{extra}, got {show(value)}")
        value = operator.index(value)
    if low is not None and value < low:
        fail(f"{name} must be {_bound(low)} or more, got {show(value)}")
    if high is not None and value > high:
        fail(f"{name} must be at most {_bound(high)}, got {show(value)}")
    return value


def real_arg(value: object, name: str, low: float, high: float) -> float:
    """A finite real number (int or float, not a bool) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(f"{name} must be a number, got {show(value)}")
    if type(value) is int and value.bit_length() > 64 or not math.isfinite(value) \
            or not low <= value <= high:
        fail(f"{name} must be a number from {low} to {high}, got {show(value)}")
    return float(value)


def seat_arg(value: object, name: str, *, optional: bool = False) -> Any:
    """A seat 0-3 (None too if ``optional``)."""
    if type(value) is int and 0 <= value <= 3:
        return value
    if value is None and optional:
        return None
    fail(f"{name} must be a seat 0-3{' or None' if optional else ''}, got {show(value)}")


def str_arg(value: object, name: str, max_length: int = MAX_NOTATION) -> str:
    """A string of at most ``max_length`` characters."""
    if not isinstance(value, str):
        fail(f"{name} must be a string, got {type(value).__name__}")
    if len(value) > max_length:
        fail(f"{name} is {len(value)} characters long; at most {max_length} are read")
    return value


def choice_arg(value: object, name: str, choices: Iterable[str]) -> str:
    """One of ``choices`` (strings, matched exactly), returned as given."""
    options = tuple(choices)
    if isinstance(value, str) and value in options:
        return value
    fail(f"{name} must be one of {', '.join(map(repr, options))}, got {show(value)}")


def callable_arg(value: object, name: str) -> Callable:
    """Something that can be called."""
    if not callable(value):
        fail(f"{name} must be a function, got {show(value)}")
    return value


def instance_arg(value: object, cls: type, name: str, what: str | None = None) -> Any:
    """An instance of ``cls`` (``what`` names it in the message)."""
    if isinstance(value, cls):
        return value
    fail(f"{name} must be {what or 'a ' + cls.__name__}, got {show(value)}")


# --- tiles, parts, collections -----------------------------------------------

def tile_arg(value: object, name: str = "tile index") -> int:
    """A tile index 0-33 (:func:`mjcore.base.tiles.named_tile_arg` also takes a name).

    >>> tile_arg(31, "win_tile")
    31
    >>> tile_arg(34)
    Traceback (most recent call last):
    ...
    mjcore.HandError: tile index 34 is not an integer 0-33
    """
    if type(value) is int and 0 <= value <= 33:
        return value
    fail(f"{name} {show(value)} is not an integer 0-33")


def items_arg(value: object, name: str, max_items: int, what: str = "items") -> tuple:
    """The items of a finite iterable as a tuple, reading at most ``max_items + 1`` of them.

    A string is refused (it is notation, not a list); so is an iterable
    that goes on past ``max_items``: it is never read to the end.

    >>> import itertools
    >>> items_arg(itertools.repeat(0), "counts", 34)
    Traceback (most recent call last):
    ...
    mjcore.HandError: counts has more than 34 items
    """
    if type(value) is tuple or type(value) is list:
        if len(value) > max_items:
            fail(f"{name} has {len(value)} {what}; at most {max_items} {what}")
        return tuple(value)
    if isinstance(value, (str, bytes)) or value is None:
        fail(f"{name} must be a list of {what}, got {show(value)}")
    try:
        found = tuple(islice(value, max_items + 1))  # type: ignore[call-overload]
    except TypeError:
        fail(f"{name} must be a list of {what}, got {type(value).__name__}")
    if len(found) > max_items:
        fail(f"{name} has more than {max_items} {what}")
    return found


def sorted_tiles_arg(value: object, name: str = "tiles", max_items: int = 14) -> list[int]:
    """A sorted list of at most ``max_items`` tile indices, as a new list.

    >>> sorted_tiles_arg((0, 0, 5))
    [0, 0, 5]
    """
    found = list(items_arg(value, name, max_items, "tile indices"))
    for tile in found:
        tile_arg(tile, f"each of {name}")
    if found != sorted(found):
        fail(f"{name} must be sorted, got {show(found)}")
    return found


def ints_arg(value: object, name: str, size: int, low: int, high: int) -> tuple[int, ...]:
    """Exactly ``size`` whole numbers from ``low`` to ``high``, as a tuple.

    >>> ints_arg([4, 0, 0, 0, 0, 0, 0], "part", 7, 0, 4)
    (4, 0, 0, 0, 0, 0, 0)
    >>> ints_arg((1, 2), "part", 9, 0, 4)
    Traceback (most recent call last):
    ...
    mjcore.HandError: part must be 9 whole numbers 0-4, got 2 of them
    """
    items = items_arg(value, name, size, "numbers")
    if len(items) != size:
        fail(f"{name} must be {size} whole numbers {low}-{high}, got {len(items)} of them")
    for item in items:
        if type(item) is not int or not low <= item <= high:
            fail(f"{name} must be {size} whole numbers {low}-{high}, got {show(item)} in it")
    return items


def are_counts(value: object, size: int) -> bool:
    """Whether ``value`` is already a tuple of ``size`` Python ints 0-4, to be taken as it is
    (two set look-ups, about 1 µs for 34 counts); anything else is checked item by item.

    >>> are_counts((0, 4, 1), 3), are_counts((0, 5, 1), 3), are_counts((0, True, 1), 3)
    (True, False, False)
    """
    return (type(value) is tuple and len(value) == size and _COUNTS.issuperset(value)
            and _INTS.issuperset(map(type, value)))


def part_arg(value: object, size: int, name: str = "part") -> tuple[int, ...]:
    """One suit (``size`` 9) or the honours (7) as counts 0-4."""
    if are_counts(value, size):
        return value
    return ints_arg(value, name, size, 0, 4)


__all__ = ["MAX_NOTATION", "HandError", "are_counts", "bool_arg", "callable_arg", "choice_arg",
           "fail", "instance_arg", "int_arg", "ints_arg", "items_arg", "part_arg", "real_arg",
           "seat_arg", "show", "sorted_tiles_arg", "str_arg", "tile_arg"]
