"""Semantic checks of a rule file, beyond the schema and the compiler: one small function each.

Importing this package registers every check (:mod:`.rules`) in the registry of
:mod:`.base`; :func:`semantic_diagnostics` runs them.
"""

from . import names as _names  # noqa: F401  (registers the checks)
from . import rules as _rules  # noqa: F401  (registers the checks)
from .base import CHECKS, DslText, dsl_texts, semantic_diagnostics, sort_diagnostics

__all__ = ["CHECKS", "DslText", "dsl_texts", "semantic_diagnostics", "sort_diagnostics"]
