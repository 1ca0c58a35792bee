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

from ..base.checks import fail, instance_arg, int_arg, items_arg, real_arg, str_arg
from ..base.rules import POYANG, Rules, rules_arg
from ..lessons.trace import Node

WIN_COLOUR = "#b7e4c7"
DEAD_COLOUR = "#f4c7c3"
STEP_COLOUR = "#ffffff"


def _check_plot(ax: object, title: object, **mappings: object) -> None:
    """The arguments every plotting helper shares: ``ax``, ``title`` and its data mappings."""
    if ax is not None:
        instance_arg(ax, Axes, "ax", "a matplotlib Axes or None")
    if title is not None:
        str_arg(title, "title", 200)
    for name, value in mappings.items():
        instance_arg(value, Mapping, name, "a mapping (a dict)")


def tree_layout(tree: Node) -> list[tuple[Node, float, int, int]]:
    """Place every node: ``(node, x, depth, parent)``, parents before children.

    Leaves sit at x = 0, 1, 2, ... left to right; a parent sits midway
    over its first and last child.  ``parent`` is an index into the list
    (-1 for the root).

    >>> from mjcore.lessons.trace import search_tree
    >>> [(n.label, x, d, p) for n, x, d, p in tree_layout(search_tree("11123m"))]
    [('11123m', 0.5, 0, -1), ('111m', 0.0, 1, 0), ('11m 123m', 1.0, 1, 0)]
    """
    instance_arg(tree, Node, "tree", "a Node")
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
    """Draw a search tree from :func:`mjcore.lessons.trace.search_tree`, root on top.

    Each box shows the step taken (the hand at the root); winning leaves
    are green, dead ends red.  Multi-part steps ("11m 123m") are stacked.

    >>> from mjcore.lessons.trace import search_tree
    >>> ax = draw_search_tree(search_tree("11122m"))
    >>> [t.get_text() for t in ax.texts]
    ['11122m', '111m', '22m']
    >>> plt.close("all")
    """
    instance_arg(tree, Node, "tree", "a Node")
    _check_plot(ax, title)
    real_arg(fontsize, "fontsize", 1, 72)
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
    _check_plot(ax, title, wrong=wrong)
    if sizes is not None:
        sizes = [int_arg(n, "each of sizes", 0, 136) for n in items_arg(sizes, "sizes", 136)]
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


def draw_chance_curves(curves: Mapping[str, Sequence[float]],
                       points: Mapping[str, Mapping[int, tuple[float, float, float]]] | None = None,
                       ax: Axes | None = None, title: str | None = None) -> Axes:
    """Chance of a hit within k draws: exact curves, and simulated points with error bars.

    ``curves`` maps a legend label to the probabilities for k = 0, 1, 2, ...
    draws (from :func:`mjcore.play.prob.draw_curve`); ``points`` maps the same
    labels to ``{k: (estimate, low, high)}`` from a simulation, drawn as
    dots with their confidence interval in the curve's colour.  Explained
    in chapter 5.

    >>> ax = draw_chance_curves({"two-sided": [0, 0.5, 0.75]}, {"two-sided": {2: (0.7, 0.6, 0.8)}})
    >>> [float(y) for y in ax.lines[0].get_ydata()], len(ax.containers)
    ([0.0, 0.5, 0.75], 1)
    >>> ax.get_legend().texts[0].get_text(), ax.get_xlabel()
    ('two-sided', 'draws k')
    >>> plt.close("all")
    """
    _check_plot(ax, title, curves=curves)
    if points is not None:
        instance_arg(points, Mapping, "points", "a mapping or None")
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    points = points or {}
    for label, ps in curves.items():
        (line,) = ax.plot(range(len(ps)), [float(p) for p in ps], label=label, linewidth=1.6)
        found = points.get(label, {})
        if found:
            ks = sorted(found)
            values = [found[k][0] for k in ks]
            below = [found[k][0] - found[k][1] for k in ks]
            above = [found[k][2] - found[k][0] for k in ks]
            ax.errorbar(ks, values, yerr=[below, above], fmt="o", markersize=3.5,
                        color=line.get_color(), capsize=2, linewidth=0.8)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("draws k")
    ax.set_ylabel("P(at least one hit within k draws)")
    ax.set_ylim(0, 1.02)
    ax.set_xlim(left=0)
    ax.grid(alpha=0.3)
    if curves:
        ax.legend(fontsize=8, loc="lower right")
    if title:
        ax.set_title(title)
    return ax


def draw_turn_curves(curves: Mapping[str, Sequence], ylabel: str, ax: Axes | None = None,
                     title: str | None = None, start: int = 1, xlabel: str = "turn",
                     published: Mapping[str, Mapping[int, float]] | None = None) -> Axes:
    """Shares by turn, each a line with its 95% interval shaded, and published figures as
    points beside them.

    ``curves`` maps a legend label to :class:`~mjcore.play.prob.Estimate` values for turn
    ``start``, ``start + 1``, ... (from :func:`mjcore.play.table.table_figures`,
    :func:`~mjcore.play.table.race_hazards` and the like); ``published`` maps a label to
    ``{turn: share}``, drawn as open markers.  Explained in chapter 8.

    >>> from mjcore.play.prob import Estimate
    >>> ax = draw_turn_curves({"won": [Estimate(1, 4), Estimate(3, 4)]}, "share",
    ...                       published={"people": {2: 0.5}})
    >>> [float(y) for y in ax.lines[0].get_ydata()], [float(x) for x in ax.lines[0].get_xdata()]
    ([0.25, 0.75], [1.0, 2.0])
    >>> [t.get_text() for t in ax.get_legend().texts]
    ['won', 'people']
    >>> plt.close("all")
    """
    from ..play.prob import Estimate

    _check_plot(ax, title, curves=curves)
    str_arg(ylabel, "ylabel", 200)
    str_arg(xlabel, "xlabel", 200)
    start = int_arg(start, "start", 0, 1000)
    marks = {}
    if published is not None:
        instance_arg(published, Mapping, "published", "a mapping or None")
        for label, points in published.items():
            instance_arg(points, Mapping, f"published[{label!r}]", "a mapping")
            turns = sorted(int_arg(k, f"published[{label!r}] turn", 0, 1000) for k in points)
            marks[label] = (turns, [real_arg(points[k], f"published[{label!r}][{k}]", 0, 1e9)
                                    for k in turns])
    for label, values in curves.items():
        values = items_arg(values, f"curves[{label!r}]", 1000, "values")
        if not all(isinstance(e, Estimate) for e in values):
            fail(f"curves[{label!r}] must hold Estimate values")
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    for label, values in curves.items():
        xs = [start + k for k in range(len(values))]
        (line,) = ax.plot(xs, [e.value for e in values], label=label, linewidth=1.6)
        bounds = [e.interval() for e in values]
        ax.fill_between(xs, [b[0] for b in bounds], [b[1] for b in bounds],
                        color=line.get_color(), alpha=0.2, linewidth=0)
    for label, (turns, shares) in marks.items():
        ax.plot(turns, shares, "o", markersize=5, markerfacecolor="none", label=label)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    if curves or marks:
        ax.legend(fontsize=8, loc="best")
    if title:
        ax.set_title(title)
    return ax


def draw_outlook(hand: str | Sequence[int], rules: Rules = POYANG,
                 visible: str | Sequence[int] | None = None, max_draws: int = 18,
                 ax: Axes | None = None) -> Axes:
    """The chance curves of a hand's outlooks (the best three discards of 3n+2).

    The outlooks are :func:`mjcore.play.prob.outlooks`.

    Raises :class:`~mjcore.HandError` for a hand the outlooks reject.
    Explained in chapter 5.

    >>> ax = draw_outlook("111222333m4445s", max_draws=5)
    >>> ax.get_title(), len(ax.lines[0].get_xdata())
    ('111222333m4445s', 6)
    >>> plt.close("all")
    """
    from ..base.tiles import as_counts, to_mpsz
    from ..play.prob import MAX_UNSEEN, outlooks

    rules = rules_arg(rules, wild=True)
    max_draws = int_arg(max_draws, "max_draws", 0, MAX_UNSEEN)
    _check_plot(ax, None)

    found = outlooks(hand, rules, visible)
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    title = to_mpsz(as_counts(hand))
    if any(as_counts(visible)):
        title += f"  (visible {to_mpsz(as_counts(visible))})"
    return draw_chance_curves({o.label: o.curve(max_draws) for o in found}, ax=ax, title=title)


def bar_payments(payments: Mapping[str, Sequence[int]], ax: Axes | None = None,
                 title: str | None = None) -> Axes:
    """Grouped bars: for each situation, what each of the four seats gains or pays.

    ``payments`` maps a label ("discard win", ...) to four integers, one
    a seat, as :func:`mjcore.scoring.poyang.settle` returns them.  Every bar is
    labelled with its number.  Explained in chapter 10.

    >>> ax = bar_payments({"discard": [8, -8, 0, 0]})
    >>> [t.get_text() for t in ax.texts]
    ['8', '-8', '0', '0']
    >>> plt.close("all")
    """
    _check_plot(ax, title, payments=payments)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / 4
    for seat in range(4):
        xs = [j + (seat - 1.5) * width for j in range(len(payments))]
        heights = [pay[seat] for pay in payments.values()]
        bars = ax.bar(xs, heights, width, label=f"seat {seat}")
        ax.bar_label(bars, labels=[str(h) for h in heights], fontsize=7, padding=1)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(payments)), list(payments))
    ax.set_ylabel("points won (+) or paid (-)")
    ax.legend(fontsize=8)
    if title:
        ax.set_title(title)
    return ax


def bar_log(values: Mapping[str, Mapping[str, float]], ylabel: str, ax: Axes | None = None,
            title: str | None = None) -> Axes:
    """Grouped bars on a log scale: ``values[method][group]``, one colour a method.

    Groups (hand sets) run along the x axis in the order of the first
    method; a missing or zero value leaves a gap.  Explained in chapter 4.

    >>> ax = bar_log({"plain": {"wins": 5.0, "hard": 8.0}, "memo": {"wins": 4.0}}, "nodes")
    >>> ax.get_yscale(), [t.get_text() for t in ax.get_xticklabels()]
    ('log', ['wins', 'hard'])
    >>> plt.close("all")
    """
    _check_plot(ax, title, values=values)
    str_arg(ylabel, "ylabel", 200)
    if not values:
        fail("values must hold at least one entry")
    groups = list(next(iter(values.values())))
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / max(1, len(values))
    for i, (name, row) in enumerate(values.items()):
        xs = [j + (i - (len(values) - 1) / 2) * width for j in range(len(groups))]
        heights = [row.get(g, 0) or float("nan") for g in groups]
        ax.bar(xs, heights, width, label=name)
    ax.set_yscale("log")
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8, ncols=2)
    if title:
        ax.set_title(title)
    return ax


def bar_groups(groups: Mapping[str, Mapping[int, float]], ax: Axes | None = None,
               xlabel: str = "", ylabel: str = "", title: str | None = None,
               fmt: str = "{:.3g}", min_label: float = 0.0) -> Axes:
    """Grouped bars of several distributions over the same integer keys (chapter 9).

    ``groups`` maps a series name to ``{key: value}``; missing keys count
    as 0.  Each bar of at least ``min_label`` is labelled with ``fmt``.

    >>> ax = bar_groups({"a": {0: 0.25, 1: 0.75}, "b": {1: 1.0}}, xlabel="shanten")
    >>> [t.get_text() for t in ax.texts], [t.get_text() for t in ax.get_xticklabels()]
    (['0.25', '0.75', '0', '1'], ['0', '1'])
    >>> plt.close("all")
    """
    _check_plot(ax, title, groups=groups)
    for name, text in (("xlabel", xlabel), ("ylabel", ylabel), ("fmt", fmt)):
        str_arg(text, name, 200)
    real_arg(min_label, "min_label", 0, 1e300)
    keys = sorted({k for values in groups.values() for k in values})
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5))
    width = 0.8 / max(1, len(groups))
    for i, (name, values) in enumerate(groups.items()):
        xs = [j + (i - (len(groups) - 1) / 2) * width for j in range(len(keys))]
        heights = [values.get(k, 0) for k in keys]
        bars = ax.bar(xs, heights, width, label=name)
        ax.bar_label(bars, labels=[fmt.format(h) if h >= min_label else "" for h in heights],
                     fontsize=7, padding=1)
    ax.set_xticks(range(len(keys)), [str(k) for k in keys])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(groups) > 1:
        ax.legend(fontsize=8)
    if title:
        ax.set_title(title)
    return ax


def bar_tiles(values: Mapping[str, Sequence[float]], ax: Axes | None = None,
              ylabel: str = "", title: str | None = None) -> Axes:
    """Grouped bars over the 34 tiles, labelled in mpsz (1m ... 7z), one colour a series.

    ``values`` maps a series name to 34 numbers in tile order (chapter 9).

    >>> ax = bar_tiles({"a": range(34)})
    >>> labels = [t.get_text() for t in ax.get_xticklabels()]
    >>> labels[0], labels[9], labels[27], len(labels)
    ('1m', '1s', '1z', 34)
    >>> plt.close("all")
    """
    from ..base.tiles import to_mpsz

    labels = [to_mpsz(tuple(int(i == t) for i in range(34))) for t in range(34)]
    if ax is None:
        _, ax = plt.subplots(figsize=(11, 3.5))
    width = 0.8 / max(1, len(values))
    for i, (name, row) in enumerate(values.items()):
        xs = [j + (i - (len(values) - 1) / 2) * width for j in range(34)]
        ax.bar(xs, list(row), width, label=name)
    ax.set_xticks(range(34), labels, fontsize=7)
    ax.set_ylabel(ylabel)
    if len(values) > 1:
        ax.legend(fontsize=8)
    if title:
        ax.set_title(title)
    return ax


def draw_win_curves(chances: Sequence, ax: Axes | None = None, title: str | None = None,
                    limit: int = 8) -> Axes:
    """The chance of winning against draws left, one line per discard (chapter 6).

    ``chances`` are :class:`mjcore.play.bestplay.WinChance` entries, best
    first; each line is its ``by_draws`` (k = 0 ... draws left), labelled
    with the discard in mpsz and its shanten.  Only the first ``limit``
    are drawn.

    >>> from mjcore.play.bestplay import WinChance
    >>> c = WinChance(4, 1, 0.5, (0.0, 0.2, 0.5), 0.9)
    >>> ax = draw_win_curves([c])
    >>> [float(y) for y in ax.lines[0].get_ydata()], ax.get_legend().texts[0].get_text()
    ([0.0, 0.2, 0.5], 'discard 5m (shanten 1)')
    >>> plt.close("all")
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    for c in list(chances)[:limit]:
        style = "-" if c.shanten == min(x.shanten for x in chances) else "--"
        ax.plot(range(len(c.by_draws)), c.by_draws, style, linewidth=1.5,
                label=f"discard {c.name} (shanten {c.shanten})")
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("draws left k")
    ax.set_ylabel("P(win with k draws left)")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    if title:
        ax.set_title(title)
    return ax


def scatter_points_win(chances: Sequence, ax: Axes | None = None,
                       title: str | None = None) -> Axes:
    """Expected points against the chance of winning, one dot per discard (chapter 6).

    ``chances`` come from ``win_chances(..., objective="points")``; each
    dot is labelled with its discard in mpsz.

    >>> from mjcore.play.bestplay import WinChance
    >>> ax = scatter_points_win([WinChance(4, 1, 0.2, (0.0, 0.2), 0.9, 6.0),
    ...                          WinChance(5, 1, 0.3, (0.0, 0.3), 0.9, 4.0)])
    >>> [t.get_text() for t in ax.texts], ax.get_xlabel()
    (['5m', '6m'], 'P(win)')
    >>> plt.close("all")
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 4))
    xs = [c.win for c in chances]
    ys = [c.expected_points for c in chances]
    ax.scatter(xs, ys, s=18)
    for c in chances:
        ax.annotate(c.name, (c.win, c.expected_points), fontsize=8,
                    xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel("P(win)")
    ax.set_ylabel("expected points collected")
    ax.set_xlim(left=0)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    if title:
        ax.set_title(title)
    return ax
