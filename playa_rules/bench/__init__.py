"""Speed, as a ratio to a hand-written reference: ``python -m playa_rules.bench``."""

from .run import main

__all__ = ["main"]
