"""Which functions refuse wild rules still, for the tests of the wild-tile interface.

The command line, the widgets and the analyzer pass a :class:`mjcore.base.rules.WildRules`
to :func:`mjcore.analyze`, :func:`mjcore.discard_advice`, :func:`mjcore.win_chances`
and :func:`mjcore.play.prob.outlooks`, which take it once issue 33's change to them
lands.  Until then a test that needs one of them is marked with :func:`needs_wild`: it
is expected to fail (strictly: a pass means the mark is stale), and it runs as any other
test once every function it names takes wild rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import mjcore
from mjcore.base.rules import HONGZHONG

REFUSED = "which this function does not take yet"

# One small call of each function with wild rules (7z wild).
CALLS: dict[str, Callable[[], object]] = {
    "analyze": lambda: mjcore.analyze("1m7z", HONGZHONG),
    "discard_advice": lambda: mjcore.discard_advice("1m7z", HONGZHONG),
    "win_chances": lambda: mjcore.win_chances("1m7z", 1, HONGZHONG),
    "outlooks": lambda: _outlooks("123456789m1112p", HONGZHONG),
    "draw_outlook": lambda: _draw_outlook("123456789m1112p", HONGZHONG),
}


def _outlooks(hand: str, rules: mjcore.Rules) -> object:
    from mjcore.play.prob import outlooks

    return outlooks(hand, rules)


def _draw_outlook(hand: str, rules: mjcore.Rules) -> object:
    from matplotlib.figure import Figure

    from mjcore.view.plot import draw_outlook

    return draw_outlook(hand, rules, max_draws=1, ax=Figure().subplots())


@functools.cache
def takes_wild(name: str) -> bool:
    """Whether the function ``name`` (a key of :data:`CALLS`) takes wild rules now.

    Any other error counts as taking them: the marked tests then run, and show it.
    """
    try:
        CALLS[name]()
    except mjcore.HandError as error:
        return REFUSED not in str(error)
    return True


def needs_wild(*names: str) -> pytest.MarkDecorator:
    """Expect a failure while one of the functions ``names`` refuses wild rules."""
    waiting = [name for name in names if not takes_wild(name)]
    verb = "do" if len(waiting) > 1 else "does"
    return pytest.mark.xfail(bool(waiting), strict=True,
                             reason=f"{', '.join(waiting)} {verb} not take wild rules yet "
                                    "(issue 33, the lead's change)")
