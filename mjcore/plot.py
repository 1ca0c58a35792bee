"""Plotting helpers for the chapters, so a chapter cell stays one idea long.

The only mjcore module that imports matplotlib (install ``mjcore[plot]``).
Tiles are labelled in mpsz notation, because matplotlib's default font
has no Chinese characters.  Every function draws on ``ax`` (a new figure
when it is None) and returns the axes; the caller ends with
``plt.show()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from .trace import Node

WIN_COLOUR = "#b7e4c7"
DEAD_COLOUR = "#f4c7c3"
STEP_COLOUR = "#ffffff"


def tree_layout(tree: Node) -> list[tuple[Node, float, int, int]]:
    """Place every node: ``(node, x, depth, parent)``, parents before children.

    Leaves sit at x = 0, 1, 2, ... left to right; a parent sits midway
    over its first and last child.  ``parent`` is an index into the list
    (-1 for the root).

    >>> from mjcore.trace import search_tree
    >>> [(n.label, x, d, p) for n, x, d, p in tree_layout(search_tree("11123m"))]
    [('11123m', 0.5, 0, -1), ('111m', 0.0, 1, 0), ('11m 123m', 1.0, 1, 0)]
    """
    placed: list[tuple[Node, float, int, int]] = []
    next_leaf = [0]

    def place(node: Node, depth: int, parent: int) -> float:
        index = len(placed)
        placed.append((node, 0.0, depth, parent))
        if node.children:
            xs = [place(child, depth + 1, index) for child in node.children]
            x = (xs[0] + xs[-1]) / 2
        else:
            x = float(next_leaf[0])
            next_leaf[0] += 1
        placed[index] = (node, x, depth, parent)
        return x

    place(tree, 0, -1)
    return placed


def draw_search_tree(tree: Node, ax: Axes | None = None, title: str | None = None,
                     fontsize: float = 8) -> Axes:
    """Draw a search tree from :func:`mjcore.trace.search_tree`, root on top.

    Each box shows the step taken (the hand at the root); winning leaves
    are green, dead ends red.  Multi-part steps ("11m 123m") are stacked.

    >>> from mjcore.trace import search_tree
    >>> ax = draw_search_tree(search_tree("11122m"))
    >>> [t.get_text() for t in ax.texts]
    ['11122m', '111m', '22m']
    >>> plt.close("all")
    """
    if ax is None:
        leaves = sum(1 for _ in tree.leaves())
        _, ax = plt.subplots(figsize=(max(4.0, 1.1 * leaves), 1.1 * (tree.depth + 1)))
    placed = tree_layout(tree)
    for _node, x, depth, parent in placed:
        if parent >= 0:
            px, pdepth = placed[parent][1], placed[parent][2]
            ax.plot([px, x], [-pdepth, -depth], color="#888888", linewidth=0.8, zorder=1)
    for node, x, depth, parent in placed:
        colour = (WIN_COLOUR if node.is_win
                  else DEAD_COLOUR if not node.children and parent >= 0 else STEP_COLOUR)
        ax.text(x, -depth, node.label.replace(" ", "\n") if parent >= 0 else node.label,
                ha="center", va="center", fontsize=fontsize, zorder=2,
                bbox={"boxstyle": "round,pad=0.3", "facecolor": colour, "edgecolor": "#444444"})
    xs = [x for _, x, _, _ in placed]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(-tree.depth - 0.6, 0.6)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=fontsize + 2)
    return ax


def bar_errors(wrong: Mapping[str, Mapping[int, int]], sizes: Sequence[int] | None = None,
               ax: Axes | None = None, title: str | None = None) -> Axes:
    """Grouped bars: for each hand size, how many hands each strategy gets wrong.

    ``wrong`` maps a strategy's name to ``{hand size: number wrong}``
    (missing sizes count as 0).  Every bar is labelled with its number,
    so a strategy that is never wrong shows a row of zeros.

    >>> ax = bar_errors({"a": {5: 3, 8: 10}, "b": {}}, sizes=[5, 8])
    >>> [t.get_text() for t in ax.texts]
    ['3', '10', '0', '0']
    >>> plt.close("all")
    """
    if sizes is None:
        sizes = sorted({n for counts in wrong.values() for n in counts})
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / max(1, len(wrong))
    for i, (name, counts) in enumerate(wrong.items()):
        xs = [j + (i - (len(wrong) - 1) / 2) * width for j in range(len(sizes))]
        heights = [counts.get(n, 0) for n in sizes]
        bars = ax.bar(xs, heights, width, label=name)
        ax.bar_label(bars, labels=[str(h) for h in heights], fontsize=7, padding=1)
    ax.set_xticks(range(len(sizes)), [f"{n} tiles" for n in sizes])
    ax.set_ylabel("hands judged wrongly")
    ax.legend(fontsize=8)
    if title:
        ax.set_title(title)
    return ax


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table (for ``IPython.display.Markdown``); numbers right-aligned.

    >>> print(markdown_table(["hand", "nodes"], [["11122m", 3]]))
    | hand | nodes |
    | :--- | ---: |
    | 11122m | 3 |
    """
    numeric = [bool(rows) and all(isinstance(r[i], int | float) for r in rows)
               for i in range(len(headers))]
    lines = ["| " + " | ".join(headers) + " |",
             "| " + " | ".join("---:" if num else ":---" for num in numeric) + " |"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)
