"""Loading rules with one backend or the other, for the tests that compare them."""

from __future__ import annotations

import playa_rules as pr
from playa_rules import rules as rules_module


def load_with(monkeypatch, backend: str, name, variants=()):
    """``pr.load(name, variants)`` with the generated backend or the closures alone
    (``PLAYA_RULES_BACKEND=closures``), the rules cache cleared around it."""
    if backend == "closures":
        monkeypatch.setenv("PLAYA_RULES_BACKEND", "closures")
    else:
        monkeypatch.delenv("PLAYA_RULES_BACKEND", raising=False)
    rules_module._CACHE.clear()
    try:
        return pr.load(name, variants=list(variants))
    finally:
        rules_module._CACHE.clear()
