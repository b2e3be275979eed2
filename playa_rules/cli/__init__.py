"""The ``playa-rules`` command: ``main`` parses and dispatches, ``human`` lets a person
play a seat at the terminal, ``show`` prints rules and diffs."""

from .main import Narrator, main

__all__ = ["Narrator", "main"]
