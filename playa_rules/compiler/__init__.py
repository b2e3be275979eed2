"""Compiling: a checked ``Document`` becomes a ``Program`` of closures.

``model`` lays components, zones and constants out as integers, ``dsl/`` parses,
type-checks and compiles the effect DSL, ``compile`` walks the document and
``automata`` the seats the rules play; ``program`` is the whole interface handed to the
engine.
"""
