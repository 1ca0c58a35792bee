"""One call that says everything about a hand: the CLI, the widget and the browser use it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base.checks import HandError
from ..base.rules import POYANG, Rules, rules_arg
from ..base.tiles import as_counts, tile_name, to_mpsz
from .decompose import Decomposition, decompositions
from .forms import winning_forms
from .waits import Waits, unseen, waits

FORM_LABELS = {
    "standard": "four melds and a pair",
    "seven_pairs": "seven pairs 七对",
    "thirteen_orphans": "thirteen orphans 十三幺",
    "shisanlan": "十三烂 shisanlan",
}


@dataclass(frozen=True)
class Analysis:
    """What :func:`analyze` finds: ``win`` is None for a 3n+1 hand."""

    counts: tuple[int, ...]
    visible: tuple[int, ...]
    rules: Rules
    win: bool | None
    forms: tuple[str, ...]
    decompositions: tuple[Decomposition, ...]
    waits: Waits | None

    @property
    def hand(self) -> str:
        return to_mpsz(self.counts)

    def as_dict(self) -> dict:
        """A JSON-ready dict with the keys the CLI prints."""
        w = self.waits
        return {
            "hand": self.hand,
            "tiles": sum(self.counts),
            "rules": self.rules.name,
            "visible": to_mpsz(self.visible),
            "win": self.win,
            "forms": list(self.forms),
            "decompositions": [d.as_dict() for d in self.decompositions],
            "waits": [] if w is None else
                     [{"tile": tile_name(t), "remaining": w.remaining[t]} for t in w.tiles],
            "total": 0 if w is None else w.total,
        }

    def lines(self) -> list[str]:
        """The analysis as short lines of text."""
        out = [f"hand: {self.hand} ({sum(self.counts)} tiles), rules: {self.rules.name}"]
        if any(self.visible):
            out.append(f"visible: {to_mpsz(self.visible)}")
        if self.waits is not None:
            if not self.waits.tiles:
                out.append("waits: none (not tenpai)")
            else:
                out.append("waits: " + ", ".join(
                    f"{tile_name(t)} ({self.waits.remaining[t]} left)" for t in self.waits.tiles))
                out.append(f"total: {self.waits.total}")
            return out
        out.append("win: " + ("yes, " + "; ".join(FORM_LABELS[f] for f in self.forms)
                              if self.win else "no"))
        for d in self.decompositions:
            out.append(f"  {d}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def analyze(hand: str | Sequence[int], rules: Rules = POYANG,
            visible: str | Sequence[int] | None = None) -> Analysis:
    """Analyse a hand of 3n+1 tiles (waits) or 3n+2 tiles (win and readings).

    >>> print(analyze("111222333m4445s"))
    hand: 111222333m4445s (13 tiles), rules: poyang
    waits: 3s (4 left), 5s (3 left), 6s (4 left)
    total: 11
    >>> print(analyze("11123m"))
    hand: 11123m (5 tiles), rules: poyang
    win: yes, four melds and a pair
      11m 123m

    Under wild rules the readings say what the wild tiles stand for:

    >>> from mjcore import HONGZHONG
    >>> print(analyze("123456789m11p23s7z", HONGZHONG))
    hand: 123456789m11p23s7z (14 tiles), rules: hongzhong
    win: yes, four melds and a pair
      11p 123m 456m 789m 123s; wilds as 1s
      11p 123m 456m 789m 234s; wilds as 4s
    """
    rules = rules_arg(rules, wild=True)
    counts = as_counts(hand)
    seen = as_counts(visible)
    unseen(counts, seen)  # raises when hand and visible exceed four copies
    n = sum(counts)
    if n % 3 == 1 and n <= 13:
        return Analysis(counts, seen, rules, None, (), (), waits(counts, rules, seen))
    if n % 3 == 2 and n <= 14:
        forms = tuple(winning_forms(counts, rules))
        return Analysis(counts, seen, rules, bool(forms), forms,
                        tuple(decompositions(counts, rules)), None)
    raise HandError(f"a hand to analyse has 3n+1 tiles (waits) or 3n+2 tiles "
                    f"(win), at most 14; got {n}")
