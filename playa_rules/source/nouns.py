"""What a message calls a part of a rule file: the noun of each section's entries.

Sections whose keys name things (``actions: {draw: ...}``) and lists whose entries have ids
(``phases: [{id: ...}]``): the schema's messages and the variant merger's both say "action
'draw'", "phase 'play'" from this one table.
"""

from __future__ import annotations

NAMED = {
    "actions": "action",
    "zones": "zone",
    "components": "component",
    "assumptions": "assumption",
    "rulings": "ruling",
    "define": "definition",
    "procedures": "procedure",
    "parameters": "parameter",
    "variables": "variable scope",
    "params": "parameter",
    "automata": "automaton",
}
"""Mappings whose keys name things, by section: the noun of one entry."""

TOP_NAMED = tuple(section for section in NAMED if section not in ("variables", "params"))
"""The top-level sections whose keys name things (``variables`` names its scopes, then things)."""

LISTED = {
    "phases": "phase",
    "steps": "step",
    "scoring": "scoring rule",
    "tie_breaks": "tie break",
    "items": "item",
}
"""Lists whose entries have ids, by section: the noun of one entry."""

NOUNS = {
    **NAMED,
    **LISTED,
    "require": "requirement",
    "let": "name",
    "vars": "variable",
    "each": "property",
}
"""The noun of an entry of any section that names its entries (for a key, a changed part)."""
