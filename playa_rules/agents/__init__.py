"""Generic agents that play any rule set, and the small protocol to write your own.

    >>> from playa_rules.agents import make_agent, AGENTS
    >>> sorted(AGENTS)
    ['greedy', 'ismcts', 'random']

An agent spec is a name with options, ``"ismcts:playouts=200"``, ``"ismcts:seconds=0.5"``,
``"greedy:samples=2"``, or a class ``cls(rng)`` with ``act(view, legal, log, worlds)``,
or a plain function ``fn(view, legal, log, worlds)`` (see :mod:`.protocol`).
"""

from __future__ import annotations

import inspect

from ..errors import PlayaRulesError
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .options import OPTIONS, check
from .protocol import Agent, LazyLog, LazyView, Worlds, evaluate, finish_hand
from .random import RandomAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": ISMCTSAgent}

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "LazyLog",
    "LazyView",
    "RandomAgent",
    "Worlds",
    "agent_name",
    "evaluate",
    "finish_hand",
    "make_agent",
    "parse_spec",
]


def parse_spec(spec: str) -> tuple[str, dict]:
    """``"ismcts:playouts=50,c=1"`` -> ``("ismcts", {"playouts": 50, "c": 1.0})``, every option in its
    range (:mod:`.options`)."""
    name, _, rest = spec.strip().partition(":")
    if name not in AGENTS:
        raise PlayaRulesError(f"unknown agent {name!r}: choose from {', '.join(sorted(AGENTS))}")
    options = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        kinds = OPTIONS[name]
        if not eq or key not in kinds:
            known = ", ".join(f"{k}=..." for k in kinds) or "none"
            raise PlayaRulesError(f"agent {spec!r}: bad option {item!r} (options of {name}: {known})")
        try:
            options[key] = check(name, key, value)
        except PlayaRulesError as exc:
            raise PlayaRulesError(f"agent {spec!r}: {exc}") from None
    return name, options


def agent_name(spec) -> str:
    """How results name an agent: its spec text, or the name of its class or function."""
    if isinstance(spec, str):
        return spec.strip()
    return getattr(spec, "__name__", type(spec).__name__)


class _FunctionAgent:
    """A plain function ``fn(view, legal, log, worlds)`` as an agent."""

    def __init__(self, fn):
        self.fn = fn

    def act(self, view, legal, log, worlds):
        return self.fn(view, legal, log, worlds)


def make_agent(spec, rng):
    """An agent for one seat of one game, from a spec (above), seeded with ``rng``."""
    if isinstance(spec, str):
        name, options = parse_spec(spec)
        return AGENTS[name](rng, **options)
    if inspect.isclass(spec):
        agent = spec(rng)
        if not callable(getattr(agent, "act", None)):
            raise PlayaRulesError(f"agent class {spec.__name__} has no act(view, legal, log, worlds) method")
        return agent
    if callable(spec):
        return _FunctionAgent(spec)
    raise PlayaRulesError(f"an agent is a name, a class or a function, not {type(spec).__name__}")
