"""The Ray backend (``--backend ray``, the optional extra ``ray``): the same tasks on a Ray cluster.

``address=None`` starts (or joins) a local Ray with ``workers`` CPUs; an address such as
``ray://head:10001`` or ``auto`` joins a running cluster. Ray is imported here only.
"""

from __future__ import annotations

from ..errors import PlayaRulesError
from .play import play_chunk


def run_ray(tasks: list, workers: int, address, collect) -> None:
    """Submit every task to Ray and ``collect`` each result as it finishes."""
    try:
        import ray
    except ImportError:
        raise PlayaRulesError('the ray backend needs Ray: pip install "playa-rules[ray]"') from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(
                num_cpus=max(1, workers),
                include_dashboard=False,
                ignore_reinit_error=True,
                log_to_driver=False,
            )
    remote = ray.remote(play_chunk)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            collect(ray.get(ready[0]))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
