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
from .protocol import Agent, LazyLog, LazyView, Worlds, evaluate, finish_hand
from .random import RandomAgent


def _flag(text: str) -> bool:
    """An on/off option: 1, true, yes or on; 0, false, no or off."""
    value = {
        "1": True,
        "true": True,
        "yes": True,
        "on": True,
        "0": False,
        "false": False,
        "no": False,
        "off": False,
    }
    try:
        return value[text.strip().lower()]
    except KeyError:
        raise ValueError(text) from None


_flag.__name__ = "flag (1 or 0, true or false)"

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": ISMCTSAgent}
_OPTIONS = {
    "random": {},
    "greedy": {"samples": int, "width": int},
    "ismcts": {"playouts": int, "seconds": float, "c": float, "horizon": str, "reuse": _flag},
}

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
    """``"ismcts:playouts=50,c=1"`` -> ``("ismcts", {"playouts": 50, "c": 1.0})``, checked."""
    name, _, rest = spec.strip().partition(":")
    if name not in AGENTS:
        raise PlayaRulesError(f"unknown agent {name!r}: choose from {', '.join(sorted(AGENTS))}")
    options = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        kinds = _OPTIONS[name]
        if not eq or key not in kinds:
            known = ", ".join(f"{k}=..." for k in kinds) or "none"
            raise PlayaRulesError(f"agent {spec!r}: bad option {item!r} (options of {name}: {known})")
        try:
            options[key] = kinds[key](value)
        except ValueError:
            raise PlayaRulesError(
                f"agent {spec!r}: {key} must be a {kinds[key].__name__}, not {value!r}"
            ) from None
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
