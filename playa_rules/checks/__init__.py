"""Semantic checks of a rule file, beyond the schema and the compiler: one small function each.

Importing this package registers every check (:mod:`.dropped`, :mod:`.names`, :mod:`.rules`, :mod:`.flow`,
:mod:`.parts`, :mod:`.simultaneous`, :mod:`.stale`, in that order: checks of equal position report in it)
in the registry of
:mod:`.base`; :func:`semantic_diagnostics` runs them.
"""

from . import dropped as _dropped  # noqa: F401  (registers the checks)
from . import flow as _flow  # noqa: F401  (registers the checks)
from . import names as _names  # noqa: F401  (registers the checks)
from . import parts as _parts  # noqa: F401  (registers the checks)
from . import rules as _rules  # noqa: F401  (registers the checks)
from . import simultaneous as _simultaneous  # noqa: F401  (registers the checks)
from . import stale as _stale  # noqa: F401  (registers the checks)
from .base import CHECKS, DslText, dsl_texts, semantic_diagnostics, sort_diagnostics

__all__ = ["CHECKS", "DslText", "dsl_texts", "semantic_diagnostics", "sort_diagnostics"]
