"""Running a long study: its tasks on every core, or on any executor, with a progress bar.

The studies (``make games``, ``make claims``, ``make rounds``, ``make danger``) cut
their work into tasks, plain functions of plain arguments, and hand them to :func:`run`:
in this process one after another (``executor=None``, what the tests use), or on any
``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``
on every core by default from the command line, or a cluster engine's executor, such as
``dask.distributed``'s ``Client.get_executor()``).  The answers come back in the order
of the tasks, whatever order the workers finish in, so a study's rows are the same
everywhere.  With ``progress``, a tqdm bar on standard error shows the tasks done, the
rate and the time left (tqdm is imported only then: the core stays standard library).
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path

from ..base.checks import (
    HandError,
    bool_arg,
    callable_arg,
    instance_arg,
    int_arg,
    items_arg,
    str_arg,
)


def run(task: Callable, args: Sequence[tuple], executor: Executor | None = None,
        progress: bool = False, what: str = "tasks", each: int = 1) -> list:
    """``[task(*a) for a in args]``, on ``executor`` if given, in the order of ``args``.

    The progress bar counts ``each`` of ``what`` a task (say 500 rounds a task).

    >>> run(pow, [(2, 3), (3, 2)])
    [8, 9]
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run(pow, [(2, k) for k in range(5)], pool)
    [1, 2, 4, 8, 16]
    """
    callable_arg(task, "task")
    args = list(args)
    if any(not isinstance(a, tuple) for a in args):
        raise HandError("args must be a sequence of tuples, one a task")
    if executor is not None:
        instance_arg(executor, Executor, "executor", "a concurrent.futures.Executor")
    progress = bool_arg(progress, "progress")
    what = str_arg(what, "what")
    each = int_arg(each, "each", 1, 10 ** 9)
    with _bar(len(args), each, what, progress) as step:
        if executor is None:
            out = []
            for a in args:
                out.append(task(*a))
                step()
            return out
        futures = {executor.submit(task, *a): i for i, a in enumerate(args)}
        found: list = [None] * len(args)
        for future in as_completed(futures):
            found[futures[future]] = future.result()
            step()
        return found


@contextmanager
def _bar(tasks: int, each: int, what: str, shown: bool) -> Iterator[Callable[[], None]]:
    """A function to call once per task done: a tqdm bar's step of ``each``, or nothing."""
    if not shown:
        yield lambda: None
        return
    from tqdm import tqdm

    with tqdm(total=tasks * each, unit=f" {what}", dynamic_ncols=True, smoothing=0.1) as bar:
        yield lambda: bar.update(each)


def every_core() -> ProcessPoolExecutor:
    """A process pool with one worker a core, what the studies use from the command line."""
    return ProcessPoolExecutor(max_workers=os.cpu_count() or 1)


def rows_arg(rows: object, fields: Sequence[str], limit: int) -> tuple[dict, ...]:
    """A study's rows, checked: at most ``limit`` dicts, each with every key of ``fields``
    (the columns a writer of the study's file needs).

    >>> rows_arg([{"a": 1, "b": 2}], ("a",), 10)
    ({'a': 1, 'b': 2},)
    """
    rows = items_arg(rows, "rows", limit, "rows")
    for row in rows:
        if not isinstance(row, dict) or any(k not in row for k in fields):
            raise HandError(f"rows must be dicts with the keys {', '.join(fields)}, "
                            f"got {row!r:.60}")
    return rows


def write_csv(path: str | Path, rows: object, fields: Sequence[str], reals: Sequence[str],
              limit: int, digits: int | None = 12) -> None:
    """Write a study's rows (checked by :func:`rows_arg`) as CSV: the columns ``fields``,
    those in ``reals`` to ``digits`` digits (None: exactly, as ``repr`` writes a float,
    which :func:`read_csv` reads back to the same float)."""
    instance_arg(path, (str, Path), "path", "a file name (str or Path)")
    rows = rows_arg(rows, fields, limit)
    if digits is not None:
        digits = int_arg(digits, "digits", 0, 17)
    real = repr if digits is None else f"{{:.{digits}f}}".format
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fields, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: real(float(row[k])) if k in reals else row[k] for k in fields})


def read_csv(path: str | Path, fields: Sequence[str], ints: Sequence[str],
             reals: Sequence[str]) -> list[dict]:
    """The rows :func:`write_csv` wrote: a HandError unless the columns are ``fields``
    and the ``ints`` and ``reals`` numbers."""
    instance_arg(path, (str, Path), "path", "a file name (str or Path)")
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != tuple(fields):
            raise HandError(f"{path}: the columns are not {', '.join(fields)}")
        found = list(reader)
    try:
        return [{k: float(w[k]) if k in reals else int(w[k]) if k in ints else w[k]
                 for k in fields} for w in found]
    except ValueError as error:
        raise HandError(f"{path}: a value is not a number ({error})") from None


def chunks(first: int, last: int, size: int) -> list[tuple[int, int]]:
    """The range ``first`` to ``last`` (exclusive) cut into pieces of at most ``size``.

    >>> chunks(0, 10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    return [(a, min(a + size, last)) for a in range(first, last, size)]


__all__ = ["chunks", "every_core", "rows_arg", "run"]
