"""The ``playa-rules`` command: ``main`` parses and dispatches (``common``: what the commands
share), ``play`` runs a match at the terminal, ``human`` lets a person play a seat there,
``show`` prints rules and diffs, ``simulate`` runs many games."""

from .main import main
from .narrate import Narrator

__all__ = ["Narrator", "main"]
