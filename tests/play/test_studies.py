"""The studies' runner (mjcore.play.studies): the same answers in the same order on any
executor, a cluster's included, and the table's study through it."""

from __future__ import annotations

from concurrent.futures import Executor, Future, ProcessPoolExecutor

import pytest

from mjcore import HandError
from mjcore.play.studies import chunks, run
from mjcore.play.table import play_round, play_rounds


class Backwards(Executor):
    """Runs each task when submitted, but hands the futures to as_completed finished in
    the reverse order: the runner must put the answers back in the tasks' order."""

    def __init__(self) -> None:
        self.futures: list[Future] = []

    def submit(self, fn, /, *args, **kwargs):
        future = Future()
        self.futures.append((future, fn, args))
        return future

    def finish(self) -> None:
        for future, fn, args in reversed(self.futures):
            future.set_result(fn(*args))


def test_answers_come_back_in_the_tasks_order(monkeypatch):
    from mjcore.play import studies

    pool = Backwards()
    done = []

    def as_completed(futures):
        pool.finish()
        for future, _, _ in reversed(pool.futures):
            done.append(future)
            yield future

    monkeypatch.setattr(studies, "as_completed", as_completed)
    assert run(pow, [(2, k) for k in range(6)], pool) == [1, 2, 4, 8, 16, 32]
    assert [f.result() for f in done] == [32, 16, 8, 4, 2, 1]


def test_the_table_study_is_the_same_on_every_executor():
    """Rounds played in this process, on a pool of processes and on a dask.distributed
    local cluster (its Client's executor) are the same rows."""
    distributed = pytest.importorskip("distributed")
    alone = play_rounds(0, 600)
    assert alone == [play_round(seed) for seed in range(600)]
    with ProcessPoolExecutor(2) as pool:
        assert play_rounds(0, 600, executor=pool) == alone
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert play_rounds(0, 600, executor=client.get_executor()) == alone


def test_a_progress_bar_counts_the_tasks(capsys):
    assert run(abs, [(-1,), (-2,), (3,)], progress=True, what="numbers") == [1, 2, 3]
    err = capsys.readouterr().err
    assert "3/3" in err and "numbers" in err
    run(abs, [(-1,), (-2,)], progress=True, what="rounds", each=500)
    assert "1000/1000" in capsys.readouterr().err


def test_chunks_cover_the_range_once():
    for first, last, size in [(0, 10, 3), (5, 6, 4), (7, 7, 2), (0, 1000, 500)]:
        parts = chunks(first, last, size)
        assert [s for a, b in parts for s in range(a, b)] == list(range(first, last))
        assert all(0 < b - a <= size for a, b in parts)


@pytest.mark.parametrize(("call", "name"), [
    (lambda: run(5, [(1,)]), "task"),
    (lambda: run(abs, [1]), "args"),
    (lambda: run(abs, [(1,)], executor="pool"), "executor"),
    (lambda: run(abs, [(1,)], progress="yes"), "progress"),
    (lambda: play_rounds(10, 5), "last"),
    (lambda: play_rounds(0, 10 ** 7), "last"),
    (lambda: play_rounds(0, 5, executor=5), "executor"),
])
def test_bad_arguments_are_hand_errors_naming_them(call, name):
    with pytest.raises(HandError, match=name):
        call()
