"""playa-rules: tabletop game rules as data, run by a generic engine.

    >>> import playa_rules as pr
    >>> rules = pr.load("playa-pirata")
    >>> game = rules.new_game(players=3, seed=7)
    >>> game.apply(game.legal_actions()[0])

The pipeline, one module per stage: ``load`` (YAML with positions) -> ``validate``
(JSON Schema) -> ``compile`` (DSL -> callables) -> ``engine`` (state, actions, flow).
"""

from .engine import Action, Game
from .engine.chance import CHANCE, Outcome
from .engine.replay import replay
from .errors import (
    Diagnostic,
    DSLSyntaxError,
    GameRuntimeError,
    IllegalAction,
    LoadError,
    PlayaRulesError,
    RuleError,
    SpecError,
)
from .rules import Rules, games, load, validate
from .simulation.batch import simulate
from .simulation.compare import compare

__version__ = "0.1.0"

__all__ = [
    "Action",
    "CHANCE",
    "Diagnostic",
    "Outcome",
    "DSLSyntaxError",
    "Game",
    "GameRuntimeError",
    "IllegalAction",
    "LoadError",
    "PlayaRulesError",
    "RuleError",
    "Rules",
    "SpecError",
    "compare",
    "games",
    "load",
    "replay",
    "simulate",
    "validate",
]
