"""The Ray backend (``--backend ray``, the optional extra ``ray``): the same tasks on a Ray cluster.

``address=None`` uses the Ray already initialized in this process, or starts a local one
with ``workers`` CPUs (stopped again at the end); an address such as ``auto``,
``10.0.0.5:6379`` or ``ray://head:10001`` joins a running cluster (and disconnects at the
end, leaving the cluster up). Tasks carry only seeds, rule ids or paths and agent specs,
so the records are the local run's, byte for byte. playa-rules writes no file of its own
for Ray. Ray keeps its logs under its temporary folder (``/tmp/ray`` by default);
joining a cluster started with token authentication reads its token (``~/.ray/auth_token``
or ``RAY_AUTH_TOKEN``); and a new local Ray (no address) turns token authentication on and
writes a new token to ``~/.ray/auth_token`` when there is none, unless ``RAY_AUTH_MODE``
says otherwise: the backend warns before that happens (``RAY_AUTH_MODE=disabled`` avoids
it). Ray is imported here only.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from ..errors import PlayaRulesError
from .play import play_chunk


def _warn_of_a_token() -> None:
    """Say so before Ray writes an authentication token for a new local cluster (module doc)."""
    token = Path.home() / ".ray" / "auth_token"
    if "RAY_AUTH_MODE" not in os.environ and "RAY_AUTH_TOKEN" not in os.environ and not token.exists():
        warnings.warn(
            f"starting a local Ray, which writes a new authentication token to {token} "
            f"(set RAY_AUTH_MODE=disabled to start it without one)",
            stacklevel=4,
        )


class RayPool:
    """Submit tasks to Ray and hand back their records as they finish (the runner's pool interface)."""

    def __init__(self, workers: int, address: str | None):
        try:
            import ray
        except ImportError:
            raise PlayaRulesError('the ray backend needs Ray: pip install "playa-rules[ray]"') from None
        self.ray = ray
        self.owned = False
        if not ray.is_initialized():
            try:
                if address:
                    ray.init(address=address, log_to_driver=False)
                else:
                    _warn_of_a_token()
                    ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = f"the Ray cluster at {address!r}" if address else "a local Ray"
                raise PlayaRulesError(f"could not start or join {where}: {exc}") from None
            self.owned = True
        self.remote = ray.remote(play_chunk)
        self.pending: dict = {}

    def submit(self, task: list, started: float) -> None:
        """Start ``task`` on the cluster."""
        self.pending[self.remote.remote(task)] = started

    def next_result(self) -> tuple[list, float]:
        """The records of the next task to finish, and when it was submitted."""
        ready, _ = self.ray.wait(list(self.pending), num_returns=1)
        started = self.pending.pop(ready[0])
        return self.ray.get(ready[0]), started

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        for ref in self.pending:
            self.ray.cancel(ref, force=True)
        if self.owned:
            self.ray.shutdown()
