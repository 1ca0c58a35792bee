"""Which functions refuse wild rules still, for the tests of the wild-tile interface.

The widgets pass a :class:`mjcore.base.rules.WildRules` on to functions that may not
take one yet: :func:`mjcore.view.plot.draw_outlook` (the wait chart's figure) still
refuses it.  A test that needs such a function is marked with :func:`needs_wild`: it is
expected to fail (strictly: a pass means the mark is stale), and it runs as any other
test once every function it names takes wild rules.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import mjcore
from mjcore.base.rules import HONGZHONG

REFUSED = "which this function does not take yet"


def _draw_outlook() -> object:
    from matplotlib.figure import Figure

    from mjcore.view.plot import draw_outlook

    return draw_outlook("123456789m1112p", HONGZHONG, max_draws=1, ax=Figure().subplots())


CALLS: dict[str, Callable[[], object]] = {"draw_outlook": _draw_outlook}
"""One small call of each function with wild rules (7z wild)."""


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
                                    "(mjcore/view/plot.py)")
