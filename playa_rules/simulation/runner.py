"""Playing many units in parallel: in-process, a process pool (default), or Ray.

Work is handed out as it is asked for, not split in advance: each task is a few games
(:class:`Sizer`), one game while their cost is unknown and as many as fill about a
quarter of a second once it is known, and each worker keeps two tasks queued so it never
waits. So slow games (search agents) report one by one and cheap ones (random agents)
do not pay a round trip each. Records come back in any order and are sorted by game
index, so the same units give the same records whatever the number of workers or the
backend.

``on_done(records)`` is called in the calling process as each task finishes; if it
returns True the run stops there (a sequential comparison that has its answer): the tasks
already handed to the pool (at most two a worker, each a quarter of a second or one game)
finish, unread, and no other starts; a task that fails stops the run the same way. Ctrl-C
abandons the games in flight at once and marks the run ``interrupted``; the games finished
before it are kept.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import time

from ..errors import PlayaRulesError
from .play import play_chunk

BACKENDS = ("process", "ray")
TASK_SECONDS = 0.25  # what a task aims to last once the cost of a game is known
MAX_TASK = 256  # games in one task at most


class Sizer:
    """The size of the next task, from the cost of the games finished so far (module doc)."""

    def __init__(self, workers: int):
        self.workers = workers
        self.games = 0
        self.seconds = 0.0

    def record(self, games: int, seconds: float) -> None:
        """A task of ``games`` games took ``seconds`` (wall time, queueing included)."""
        self.games += games
        self.seconds += seconds

    def next_size(self, left: int) -> int:
        """Games in the next task: one until a game has finished, then about TASK_SECONDS' worth,
        never more than an even share of what is left (so the last tasks end together)."""
        if not self.games:
            return 1
        per_game = max(self.seconds / self.games, 1e-6)
        share = max(1, left // (2 * self.workers))
        return max(1, min(MAX_TASK, share, int(TASK_SECONDS / per_game)))


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool), not a traceback per worker.
    The worker starts with it held (:func:`_started_pool`); ignored, a Ctrl-C held meanwhile is dropped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _started_pool(workers: int):
    """A process pool of ``workers``, Ctrl-C held while it starts: a worker started with it held
    ignores it before it can interrupt (a traceback per worker), and in this process a Ctrl-C
    during the start-up is raised once the pool is whole, the pool then terminated (no worker left)."""
    if not hasattr(signal, "pthread_sigmask"):  # (no signal masks: Windows)
        return multiprocessing.get_context().Pool(workers, _ignore_interrupts)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.get_context().Pool(workers, _ignore_interrupts)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a Ctrl-C of the start-up is raised here
    except KeyboardInterrupt:
        pool.terminate()
        pool.join()
        raise
    return pool


def run(
    units: list, workers: int = 1, backend: str = "process", address: str | None = None, on_done=None
) -> tuple[list[dict], bool]:
    """Play the units; returns (records sorted by index, interrupted). ``on_done(records)`` per task."""
    if backend not in BACKENDS:
        raise PlayaRulesError(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
    done: list[dict] = []

    def take(records) -> bool:
        done.extend(records)
        return bool(on_done(records)) if on_done is not None else False

    try:
        if backend == "ray":
            from .ray_backend import RayPool

            with RayPool(workers, address) as pool:
                _schedule(units, workers, pool, take)
        elif workers <= 1:
            for unit in units:
                if take(play_chunk([unit])):
                    break
        else:
            with _ProcessPool(workers) as pool:
                _schedule(units, workers, pool, take)
    except KeyboardInterrupt:
        return sorted(done, key=lambda r: r["index"]), True
    return sorted(done, key=lambda r: r["index"]), False


def _schedule(units: list, workers: int, pool, take) -> None:
    """Keep two tasks per worker in flight, sized by a :class:`Sizer`, until every unit is played
    (or until ``take`` asks to end the run)."""
    sizer = Sizer(workers)
    nxt, in_flight = 0, 0
    while nxt < len(units) or in_flight:
        while nxt < len(units) and in_flight < 2 * workers:
            size = sizer.next_size(len(units) - nxt)
            pool.submit(units[nxt : nxt + size], time.perf_counter())
            nxt += size
            in_flight += 1
        records, started = pool.next_result()
        in_flight -= 1
        sizer.record(len(records), time.perf_counter() - started)
        if take(records):
            return


class _ProcessPool:
    """A multiprocessing pool whose finished tasks arrive through a queue, first finished first."""

    def __init__(self, workers: int):
        self.pool = _started_pool(workers)
        self.results: queue.Queue = queue.Queue()

    def submit(self, task: list, started: float) -> None:
        """Start ``task`` (a list of units) on a free worker."""
        self.pool.apply_async(
            play_chunk,
            (task,),
            callback=lambda records: self.results.put((records, started, None)),
            error_callback=lambda exc: self.results.put((None, started, exc)),
        )

    def next_result(self) -> tuple[list, float]:
        """The records of the next task to finish, and when it was submitted."""
        while True:
            try:  # (a timeout keeps the wait interruptible by Ctrl-C)
                records, started, exc = self.results.get(timeout=0.2)
            except queue.Empty:
                continue
            if exc is not None:
                raise exc
            return records, started

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is KeyboardInterrupt:  # stopped by a person: the games in flight are abandoned at once
            self.pool.terminate()
        else:  # (done, stopped by on_done, or failed): the tasks handed out finish first
            self.pool.close()  # (terminating a worker while it writes its result leaves the pool's
        self.pool.join()  # result queue locked, and the pool's own terminate then waits for ever)
