"""``import playa_rules.openspiel`` registers the OpenSpiel game ``playa_rules``.

    >>> import pyspiel
    >>> import playa_rules.openspiel
    >>> game = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "players": 3})

See docs/adapters.md; the adapter itself is :mod:`playa_rules.adapters.openspiel`.
"""

from .adapters.openspiel import GAME_TYPE, PlayaGame, PlayaObserver, PlayaState

__all__ = ["GAME_TYPE", "PlayaGame", "PlayaObserver", "PlayaState"]
