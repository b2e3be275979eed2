"""The compiled program: what the compile stage hands the engine.

Plain records of compiled callables and metadata. The engine reads these and never
sees YAML or DSL text; the compile stage builds them and never runs a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .model import Model


@dataclass
class ParamDef:
    """One action parameter and its domain.

    ``kind`` is one of ``one_of`` (a component, interchangeable ones counted once),
    ``position_in`` (a component named by its position in a zone), ``group_of`` (a
    non-empty sub-multiset of a zone, components equal in ``by`` interchangeable),
    ``seat_in`` (a seat), ``number_in`` (a whole number in a fixed range) or ``value_in``
    (``one_of`` over a list of texts or numbers: one of the values, ``values`` all it may be).
    """

    name: str
    key: str
    kind: str
    domain: Callable  # fn(g, e) -> list (components or seats); unused for number_in
    domain_src: str | None = field(default=None, repr=False, compare=False)  # generated: the domain as source
    by: str | None = None
    radix: int = 1  # how many values it can take: its share of the action numbering
    index: dict = field(default_factory=dict)  # face / value -> number (one_of, group_of)
    values: list = field(default_factory=list)  # group_of: the distinct 'by' values; counts per value
    caps: list = field(default_factory=list)
    low: int = 0
    independent: bool = True  # its domain does not depend on earlier parameters
    bounds: list = field(default_factory=list)  # number_in: (op, fn) limits read once per listing
    memo: dict = field(
        default_factory=dict, repr=False
    )  # remembered groups (by domain) or ranges (by bounds)
    last_entry: Any = field(default=None, repr=False)  # the memo entry read last (see compiler.domains)
    shapes: dict = field(default_factory=dict, repr=False)  # group_of: joins' inner sides by faces (domains)
    rank: list | None = field(default=None, repr=False)  # group_of: each component's value index (domains)
    locals: dict = field(default_factory=dict, repr=False)  # group key -> its index (see engine.actions)
    runs: dict = field(default_factory=dict, repr=False)  # a list of groups' ids and texts (see engine.legal)
    runs_held: int = field(default=0, repr=False)  # how many values ``runs`` keeps (bounded)


class LevelChecks(list):
    """The conditions of one parameter level (a list of fns, each testing one candidate)
    with ``resolve(g, e)``: called once per binding of the earlier parameters, it answers
    None (no candidate passes), [] (every candidate does) or the fns still to test per
    candidate (see compiler/split.py)."""

    def __init__(self, fns, resolve):
        super().__init__(fns)
        self.resolve = resolve


@dataclass
class ActionDef:
    """One kind of action: its parameters, conditions and effect."""

    name: str
    index: int
    text: str
    rule: str
    lets: list  # [(env key, fn)]
    params: list  # [ParamDef]
    checks: list  # checks[k]: conditions to test once params[:k] are bound
    joins: list = field(
        default_factory=list
    )  # joins[k]: (inner fn, op, outer fn) comparisons, see compiler.domains
    model: Any = None
    effect: Callable = None
    pointer: str = ""
    hides: Callable | None = field(
        default=None, repr=False, compare=False
    )  # fn(known, values) -> masks (knowledge_masks)
    base: int = 0  # first integer id of this kind
    size: int = 1  # how many integer ids it spans
    others_see: str = "move"  # what other seats' logs show of it: the move, that a move was made, or nothing
    plan: Any = field(default=None, repr=False, compare=False)  # how the engine lists them (engine.actions)
    level1: Any = field(
        default=None, repr=False, compare=False
    )  # generated: the first parameter's checked pairs
    texts: dict = field(
        default_factory=dict, repr=False, compare=False
    )  # keys -> text (a text reads keys only)
    bases: dict = field(
        default_factory=dict, repr=False, compare=False
    )  # keys of a run -> its id base (engine.legal ``ids``)
    keys: tuple = field(default=(), repr=False, compare=False)  # the parameters' env keys, in order
    env: Any = field(
        default=None, repr=False, compare=False
    )  # fn(g, me, values) -> the effect's env: generated, else made from keys and lets
    tell: Callable | None = None  # fn(g, e) -> the text narrated once the effect has run (compiler.tell)

    def __post_init__(self):
        self.keys = tuple(p.key for p in self.params)
        self.hides = knowledge_masks(self.params)
        self.env = self.env or _closure_env(self)


def _closure_env(d: ActionDef) -> Callable:
    """``fn(g, me, values)``: the environment of an action's effect, its parameters bound and
    its lets worked out (the generated backend writes one per kind instead)."""

    def env(g, me, values):
        e = {"me": me}
        for key, v in zip(d.keys, values):
            e[key] = v
        for key, f in d.lets:
            e[key] = f(g, e)
        return e

    return env


_NAMES_FACES = ("one_of", "group_of")  # the parameter kinds whose value names components' faces


def knowledge_masks(params: list) -> Callable | None:
    """``fn(known, values)``: per parameter of an action, which seats knew the faces its value
    names, just after the action (a bitmask; -1 for a parameter that names no face), for
    ``log_for``. None when no parameter names a face. One parameter that does (the common
    case) gets a function without a loop over the parameters."""
    kinds = [p.kind for p in params]
    hiding = [i for i, k in enumerate(kinds) if k in _NAMES_FACES]
    if not hiding:
        return None
    if len(hiding) > 1:

        def masks(known, values):
            return tuple(_mask(known, kind, v) for kind, v in zip(kinds, values))

        return masks
    i = hiding[0]
    before, after = (-1,) * i, (-1,) * (len(kinds) - i - 1)
    if kinds[i] == "one_of":
        if not before and not after:
            return lambda known, values: (known[values[0]],)
        return lambda known, values: before + (known[values[i]],) + after

    def group_mask(known, values):  # (_mask's group_of, inline: once per action logged)
        seen = -1
        for c in values[i]:
            seen &= known[c]
        return before + (seen,) + after

    return group_mask


def _mask(known, kind: str, v) -> int:
    """Which seats knew the face(s) a parameter's value ``v`` names (-1: names none)."""
    if kind == "one_of":
        return known[v]
    if kind == "group_of":
        seen = -1
        for c in v:
            seen &= known[c]
        return seen
    return -1


@dataclass
class StepDef:
    """One step of a turn: the actions offered, and what happens if none is legal."""

    id: str
    actions: list
    fallback: list
    repeat: bool
    on_blocked: Callable | None
    effect: Callable | None
    free: list = field(default_factory=list)  # actions also offered; they do not end the step
    when: Callable | None = None  # the step is played only if this holds when it starts
    simultaneous: Callable | None = None  # fn(g, e) -> the seats that choose at once, sealed (engine.sealed)
    plan: Any = field(
        default=None, repr=False, compare=False
    )  # fn(g, me, out) listing the step (engine.plans)
    inline: Any = field(
        default=None, repr=False, compare=False
    )  # generated: the step's listing with its kinds inline


@dataclass
class PhaseDef:
    """One phase: who takes turns, in what order, and the steps of each turn."""

    id: str
    rule: str
    turns: str | None  # "rounds", "until", "seat", "seats" or None (no turns: effects only)
    start: Callable | None  # the seat of the first turn
    rounds: Callable | None
    until: Callable | None
    direction: int
    lets: list  # [(name, fn)] evaluated when the phase begins
    on_start: Callable | None
    on_turn_start: Callable | None
    steps: list
    when: Callable | None = None  # the phase runs only if this holds when it would start
    next: Callable | None = None  # the id of the phase to continue with (none: the next in order)
    seats: Callable | None = None  # turns "seats": the seats that take one turn each, in order
    tell: Callable | None = None  # fn(g, e) -> the text narrated once on_start has run (compiler.tell)


@dataclass
class AutomatonDef:
    """Seats the rules play themselves (an automaton): how many join at each player
    count, whether they can win, and the fixed order in which they choose their actions."""

    id: str
    rule: str
    seats: dict  # player count -> how many seats of this automaton join
    can_win: bool
    plays: list  # [(ActionDef, when fn or None)]: the first legal match is played
    site: str = ""  # file:line:column of its plays, for the error of a decision none fits


@dataclass
class Program:
    """A compiled rule set."""

    model: Model
    spec: dict
    actions: dict  # name -> ActionDef
    setup: Callable
    phases: list
    scoring: list  # [(id, rule, fn)]
    hands: Callable
    rotate: int
    first_start: Callable
    tie_breaks: list  # [(id, rule, fn)]
    end_when: Callable | None = None
    num_distinct_actions: int = 0
    warnings: list = field(default_factory=list)
    extras: dict[str, Any] = field(default_factory=dict)
    automata: list = field(default_factory=list)  # [AutomatonDef]
    next_start: Callable | None = None  # the next hand's start player, if not rotated
    match_points: Callable | None = None  # a seat's match points, if not the sum of its hands
    generated: list = field(
        default_factory=list, repr=False
    )  # the generated functions' sources (pysource.py)
    phase_sites: list = field(default_factory=list)  # file:line:column of each phase, for runtime errors
    reads_round: bool = True  # whether a rule reads 'round' (engine/endless.py)
    component_vars: dict = field(
        default_factory=dict
    )  # (scope, name) -> True: a component, False: a list of them
    moved: Any = frozenset()  # the component types a move or a deal may move (None: any): dsl/staying.py
