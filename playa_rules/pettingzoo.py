"""Every rule set as a PettingZoo AEC environment, and as a parallel one.

    >>> from playa_rules.pettingzoo import env, parallel_env
    >>> e = env(rules="playa-pirata", players=3)
    >>> p = parallel_env(rules="tests/games/goofspiel.yaml", players=2)

See docs/adapters.md; the adapters themselves are :mod:`playa_rules.adapters.pettingzoo`
and :mod:`playa_rules.adapters.parallel`.
"""

from .adapters.parallel import parallel_env
from .adapters.pettingzoo import env, raw_env

__all__ = ["env", "parallel_env", "raw_env"]
