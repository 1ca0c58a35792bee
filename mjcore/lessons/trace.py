"""Search trees of the backtracking search, recorded for drawing and counting.

Three ways to search for every reading 拆法 (chaifa) of a 3n+2 hand,
each recorded as a tree of :class:`Node` (one node per state the
search enters):

``"anywhere"``
    Take any pair, triplet or run from anywhere in the hand, in any
    order.  The same reading is found once per order of its melds.
``"one_meld"``
    Seed 001's search: choose the pair first, then always take one
    triplet or one run at the smallest tile left.  Readings repeat only
    when a tile has four copies (triplet then run, or run then triplet).
``"smallest"``
    mjcore's search (:func:`mjcore.decompositions`): at the smallest
    tile left, decide in one step how many copies go to the pair, to a
    triplet and to runs starting there.  Every reading is reached by
    exactly one path.

Pure standard library, so it runs anywhere mjcore runs; drawing lives
in :mod:`mjcore.view.plot`.  Explained in chapter 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..base.checks import choice_arg, instance_arg, items_arg, str_arg
from ..base.tiles import N_KINDS, as_counts, can_start_run, check_size, tile_name, to_mpsz
from ..hand.decompose import Decomposition, Meld

ORDERS = ("anywhere", "one_meld", "smallest")


@dataclass(frozen=True)
class Node:
    """One state of a search: the step that led here and what came of it.

    ``label`` names the step in mpsz (the whole hand for the root);
    ``reading`` is set on a leaf where the hand is used up (a win), and a
    leaf without one is a dead end.

    >>> tree = search_tree("11123m", "smallest")
    >>> tree.label, [c.label for c in tree.children]
    ('11123m', ['111m', '11m 123m'])
    >>> tree.size, [str(r) for r in tree.readings()]
    (3, ['11m 123m'])
    >>> print(render(tree))
    11123m
      111m dead end
      11m 123m win: 11m 123m
    """

    label: str
    children: tuple[Node, ...] = ()
    reading: Decomposition | None = None

    def __post_init__(self) -> None:
        str_arg(self.label, "label", 200)
        for child in items_arg(self.children, "children", 10_000, "nodes"):
            instance_arg(child, Node, "each of children", "a Node")
        if self.reading is not None:
            instance_arg(self.reading, Decomposition, "reading", "a Decomposition or None")

    @property
    def is_win(self) -> bool:
        """True for a leaf where every tile found a place."""
        return self.reading is not None

    @property
    def size(self) -> int:
        """The number of nodes in this tree: the states the search entered."""
        return 1 + sum(c.size for c in self.children)

    @property
    def depth(self) -> int:
        """The number of steps on the longest path from here to a leaf."""
        return 1 + max((c.depth for c in self.children), default=-1)

    def leaves(self) -> Iterator[Node]:
        """Every leaf, left to right."""
        if not self.children:
            yield self
        for child in self.children:
            yield from child.leaves()

    def readings(self) -> list[Decomposition]:
        """The reading at every winning leaf, left to right, repeats kept."""
        return [leaf.reading for leaf in self.leaves() if leaf.reading is not None]


def _meld_label(tile: int, kind: str) -> str:
    return str(Meld(tile, kind))


def _pair_label(tile: int) -> str:
    name = tile_name(tile)
    return name[0] * 2 + name[1]


def _reading(pair: int, melds: list[Meld]) -> Decomposition:
    # The order mjcore.decompositions lists melds in: by tile, a triplet before runs.
    return Decomposition(pair, tuple(sorted(melds, key=lambda m: (m.tile, m.kind == "run"))))


def _run_fits(counts: list[int], tile: int, runs: int = 1) -> bool:
    return can_start_run(tile) and counts[tile + 1] >= runs and counts[tile + 2] >= runs


def _smallest(counts: list[int], tile: int, pair: int | None, melds: list[Meld],
              label: str) -> Node:
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        return Node(label, reading=_reading(pair, melds) if pair is not None else None)
    n = counts[tile]
    children = []
    for take_pair in ((False, True) if pair is None else (False,)):
        for take_triplet in (False, True):
            runs = n - 2 * take_pair - 3 * take_triplet
            if runs < 0 or runs and not _run_fits(counts, tile, runs):
                continue
            steps = [_pair_label(tile)] if take_pair else []
            steps += [_meld_label(tile, "triplet")] if take_triplet else []
            steps += [_meld_label(tile, "run")] * runs if runs else []
            counts[tile] = 0
            counts[tile + 1:tile + 3] = [c - runs for c in counts[tile + 1:tile + 3]]
            children.append(_smallest(
                counts, tile + 1, tile if take_pair else pair,
                melds + ([Meld(tile, "triplet")] if take_triplet else [])
                + ([Meld(tile, "run")] * runs if runs else []),
                " ".join(steps)))
            counts[tile + 1:tile + 3] = [c + runs for c in counts[tile + 1:tile + 3]]
            counts[tile] = n
    return Node(label, tuple(children))


def _one_meld(counts: list[int], pair: int, melds: list[Meld], label: str) -> Node:
    tile = 0
    while tile < N_KINDS and counts[tile] == 0:
        tile += 1
    if tile == N_KINDS:
        return Node(label, reading=_reading(pair, melds))
    children = []
    if counts[tile] >= 3:
        counts[tile] -= 3
        children.append(_one_meld(counts, pair, melds + [Meld(tile, "triplet")],
                                  _meld_label(tile, "triplet")))
        counts[tile] += 3
    if _run_fits(counts, tile):
        for t in (tile, tile + 1, tile + 2):
            counts[t] -= 1
        children.append(_one_meld(counts, pair, melds + [Meld(tile, "run")],
                                  _meld_label(tile, "run")))
        for t in (tile, tile + 1, tile + 2):
            counts[t] += 1
    return Node(label, tuple(children))


def _anywhere(counts: list[int], pair: int | None, melds: list[Meld], label: str) -> Node:
    if not any(counts):
        return Node(label, reading=_reading(pair, melds) if pair is not None else None)
    children = []
    for tile in range(N_KINDS):
        if pair is None and counts[tile] >= 2:
            counts[tile] -= 2
            children.append(_anywhere(counts, tile, melds, _pair_label(tile)))
            counts[tile] += 2
        if counts[tile] >= 3:
            counts[tile] -= 3
            children.append(_anywhere(counts, pair, melds + [Meld(tile, "triplet")],
                                      _meld_label(tile, "triplet")))
            counts[tile] += 3
        if counts[tile] and _run_fits(counts, tile):
            for t in (tile, tile + 1, tile + 2):
                counts[t] -= 1
            children.append(_anywhere(counts, pair, melds + [Meld(tile, "run")],
                                      _meld_label(tile, "run")))
            for t in (tile, tile + 1, tile + 2):
                counts[t] += 1
    return Node(label, tuple(children))


def search_tree(hand: str | Sequence[int], order: str = "smallest") -> Node:
    """Record the whole search for every reading of a 3n+2 hand as a tree.

    ``order`` is one of :data:`ORDERS` (see the module docstring).  The
    root is labelled with the hand in mpsz; each child with the step
    taken.  Raises :class:`mjcore.HandError` for a hand of the wrong size
    or an unknown order.  Every order takes well under a second on any
    hand of up to 14 tiles.

    >>> [search_tree("11122m", o).size for o in ORDERS]
    [6, 4, 3]
    >>> print(render(search_tree("11122m", "one_meld")))
    11122m
      11m dead end
      22m
        111m win: 22m 111m
    >>> search_tree("11122m", "random")
    Traceback (most recent call last):
    ...
    mjcore.HandError: order must be one of 'anywhere', 'one_meld', 'smallest', got 'random'
    """
    choice_arg(order, "order", ORDERS)
    counts = as_counts(hand)
    check_size(counts, "3n+2", "a winning shape")
    root = to_mpsz(counts)
    work = list(counts)
    if order == "smallest":
        return _smallest(work, 0, None, [], root)
    if order == "anywhere":
        return _anywhere(work, None, [], root)
    children = []  # "one_meld"
    for pair in range(N_KINDS):
        if work[pair] >= 2:
            work[pair] -= 2
            children.append(_one_meld(work, pair, [], _pair_label(pair)))
            work[pair] += 2
    return Node(root, tuple(children))


def path_counts(tree: Node) -> Counter[Decomposition]:
    """How many winning paths reach each reading.

    A search that never repeats itself has 1 for every reading.

    >>> sorted(path_counts(search_tree("11123m", "anywhere")).values())
    [2]
    """
    return Counter(instance_arg(tree, Node, "tree", "a Node").readings())


def duplicate_paths(tree: Node) -> int:
    """Winning leaves beyond the first for each reading: the wasted finds.

    >>> [duplicate_paths(search_tree("11112344m", o)) for o in ORDERS]
    [5, 1, 0]
    """
    instance_arg(tree, Node, "tree", "a Node")
    return sum(n - 1 for n in path_counts(tree).values())


def render(tree: Node, indent: str = "  ") -> str:
    """The tree as indented text, one node a line; leaves say "win" or "dead end".

    >>> print(render(search_tree("11m")))
    11m
      11m win: 11m
    """
    instance_arg(tree, Node, "tree", "a Node")
    indent = str_arg(indent, "indent", 8)
    lines: list[str] = []

    def walk(node: Node, depth: int) -> None:
        text = node.label
        if node.is_win:
            text += f" win: {node.reading}"
        elif not node.children and depth:
            text += " dead end"
        lines.append(indent * depth + text)
        for child in node.children:
            walk(child, depth + 1)

    walk(tree, 0)
    return "\n".join(lines)
