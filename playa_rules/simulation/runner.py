"""Playing many units in parallel: a process pool (default), in-process, or Ray.

Games are split into chunks; each chunk is one task. Records come back in any order and
are sorted by game index, so the same units give the same records whatever the number
of workers or the backend. Ctrl-C stops the workers and returns what is done
(``interrupted`` is then True).
"""

from __future__ import annotations

import multiprocessing
import signal

from ..errors import PlayaRulesError
from .play import play_chunk

BACKENDS = ("process", "ray")


def chunks(units: list, workers: int) -> list[list]:
    """Tasks of a few games each: about eight per worker, so progress moves and work balances."""
    size = max(1, len(units) // max(1, workers * 8))
    return [units[i : i + size] for i in range(0, len(units), size)]


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the pool), not a traceback per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(
    units: list, workers: int = 1, backend: str = "process", address: str | None = None, on_done=None
) -> tuple[list[dict], bool]:
    """Play every unit; returns (records sorted by index, interrupted). ``on_done(records)`` per task."""
    if backend not in BACKENDS:
        raise PlayaRulesError(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")
    done: list[dict] = []

    def collect(records):
        done.extend(records)
        if on_done is not None:
            on_done(records)

    tasks = chunks(units, workers)
    try:
        if backend == "ray":
            from .ray_backend import run_ray

            run_ray(tasks, workers, address, collect)
        elif workers <= 1:
            for task in tasks:
                collect(play_chunk(task))
        else:
            with multiprocessing.get_context().Pool(workers, _ignore_interrupts) as pool:
                try:
                    for records in pool.imap_unordered(play_chunk, tasks):
                        collect(records)
                except KeyboardInterrupt:
                    pool.terminate()
                    raise
    except KeyboardInterrupt:
        return sorted(done, key=lambda r: r["index"]), True
    return sorted(done, key=lambda r: r["index"]), False
