"""The run stage: state, flow, legal actions, views."""

from .actions import Action
from .game import Game

__all__ = ["Action", "Game"]
