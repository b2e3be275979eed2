"""Every rule set as a PettingZoo AEC environment.

    >>> from playa_rules.pettingzoo import env
    >>> e = env(rules="playa-pirata", players=3)

See docs/adapters.md; the adapter itself is :mod:`playa_rules.adapters.pettingzoo`.
"""

from .adapters.pettingzoo import env, raw_env

__all__ = ["env", "raw_env"]
