"""The compile stage for the data half of a rule file: components, zones, variables.

Builds the :class:`Model`, a fixed layout every game of these rules shares: one
integer per component and per zone instance, tables of properties by component,
and per-player zones allotted for the largest player count, so compiled DSL code is
the same whatever the number of players (unused seats simply hold nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import Diagnostic
from ..shared.limits import MAX_PLAYERS
from ..shared.spelling import did_you_mean  # (the one did-you-mean; the compile stage reads it here)
from . import boards, item_checks, items
from .item_checks import FIELD, LOOKUP

VISIBILITIES = ("hidden", "owner", "public")
SCOPES = ("turn", "hand", "match", "player", "player_match")


@dataclass
class ZoneDef:
    """A declared zone: shared (``per`` None), per player, or attached to a component type."""

    name: str
    per: str | None  # None, "player", or a component type id
    visibility: str
    holds: tuple  # component type ids
    about: str = ""
    base: int = 0  # first zone index of this zone's instances
    capacity: int = 0  # most components it can ever hold (for action numbering)


@dataclass
class Model:
    """The layout of one rule set: components, zones, variables, constants."""

    game_id: str
    max_players: int
    constants: dict = field(default_factory=dict)  # parameters, assumptions, rulings
    types: dict = field(default_factory=dict)  # type id -> spec dict
    # per component id
    ctype: list = field(default_factory=list)
    owner: list = field(default_factory=list)  # seat or None
    props: dict = field(default_factory=dict)  # prop name -> list by component id
    labels: list = field(default_factory=list)
    face: list = field(default_factory=list)  # interchangeability class id
    faces: list = field(default_factory=list)  # face id -> representative component
    alone: list = field(default_factory=list)  # per component: no other has its face (chance draws)
    start_zone: list = field(default_factory=list)  # zone index where it starts a hand
    type_props: dict = field(default_factory=dict)  # type id -> set of property names
    type_members: dict = field(default_factory=dict)  # type id -> list of component ids
    # zones
    zones: dict = field(default_factory=dict)  # name -> ZoneDef
    zone_count: int = 0
    zone_names: list = field(
        default_factory=list
    )  # zone index -> (name, owner seat or None, component or None)
    zone_vis: list = field(default_factory=list)  # zone index -> visibility
    zone_owner: list = field(default_factory=list)  # zone index -> seat or None
    attached: dict = field(default_factory=dict)  # zone name -> list by component id (zone index or -1)
    # variables: scope -> {name: initial value}; component vars: type -> {name: initial}
    variables: dict = field(default_factory=dict)
    cvars: dict = field(default_factory=dict)  # var name -> (type ids, initial)
    turn_cvars: list = field(default_factory=list)  # [(var name, initial)] reset every turn
    match_cvars: set = field(default_factory=set)  # var names kept across hands
    links: list | None = None  # component id -> ids of the cells its next_to names (boards.py), or None
    line_sizes: dict = field(default_factory=dict)  # type -> items each item line makes (for one owner)
    divides: bool = field(
        default=False, compare=False
    )  # some DSL text divides with '/': fractions may be stored
    hand_starts: dict = field(default_factory=dict, repr=False, compare=False)  # players -> (engine.state)
    source: Any = field(default=None, repr=False, compare=False)  # (game, [variants]) as given to load
    item_lines: list = field(default_factory=list, repr=False, compare=False)  # component -> item pointer
    prop_types: dict = field(default_factory=dict, repr=False, compare=False)  # dsl.types.prop_type's

    @property
    def component_count(self) -> int:
        """How many components the layout has (all seats included)."""
        return len(self.ctype)

    def zone_index(self, name: str, seat: int | None = None, comp: int | None = None) -> int:
        """The index of one zone instance."""
        z = self.zones[name]
        if z.per is None:
            return z.base
        if z.per == "player":
            return z.base + seat
        return self.attached[name][comp]

    def describe_zone(self, zi: int) -> str:
        """A readable name for a zone instance: ``table``, ``seat 1 hand``."""
        name, seat, comp = self.zone_names[zi]
        if seat is not None:
            return f"seat {seat} {name}"
        if comp is not None:
            return f"{name} of {self.labels[comp]}"
        return name


class ModelBuilder:
    """Builds a Model from validated spec data, collecting diagnostics as it goes."""

    def __init__(self, data: dict, locate, evaluate_constant, item_condition=None):
        self.data = data
        self.locate = locate  # (pointer, code, message) -> Diagnostic
        self.evaluate = evaluate_constant  # (text, pointer) -> value, raises SpecError
        self.condition = item_condition  # (text, pointer, sample props) -> predicate, raises SpecError
        self.diags: list[Diagnostic] = []

    def error(self, pointer: str, code: str, message: str, hint: str | None = None):
        """Record a located diagnostic (once: per-seat copies of a template repeat the same problem)."""
        d = self.locate(pointer, code, message, hint)
        if d not in self.diags:
            self.diags.append(d)

    def _bounded_players(self, d: dict) -> list:
        """The player counts within ``MAX_PLAYERS`` seats; each one beyond is an error."""
        kept = []
        for i, n in enumerate(d.get("players") or [2]):
            seats = seat_count(d, n)
            if seats > MAX_PLAYERS:
                what = f"{n} players" if seats == n else f"{n} players with automata ({seats} seats)"
                self.error(
                    f"/players/{i}", "too-many-players", f"{what} is over the limit of {MAX_PLAYERS} seats"
                )
            else:
                kept.append(n)
        return kept or [2]

    def build(self) -> Model:
        """The Model; problems are left in ``self.diags``."""
        d = self.data
        players = self._bounded_players(d)
        m = Model(game_id=d.get("game", "?"), max_players=max(seat_count(d, p) for p in players))
        self._constants(m)
        m.types = dict(d.get("components") or {})
        self._declare_zones(m)
        self._components(m)
        self._allot_zones(m)
        self._variables(m)
        return m

    # ---------------------------------------------------------------- constants
    def _constants(self, m: Model):
        d = self.data
        for section in ("parameters", "assumptions", "rulings"):
            for name, entry in (d.get(section) or {}).items():
                if name in m.constants:
                    self.error(
                        f"/{section}/{name}",
                        "duplicate-name",
                        f"'{name}' is already defined as a parameter, assumption or ruling",
                    )
                value = entry.get("value") if section != "parameters" and isinstance(entry, dict) else entry
                m.constants[name] = value

    # ---------------------------------------------------------------- zones
    def _declare_zones(self, m: Model):
        for name, z in (self.data.get("zones") or {}).items():
            per = z.get("per")
            if per not in (None, "player") and per not in m.types:
                self.error(
                    f"/zones/{name}/per",
                    "unknown-type",
                    f"zone '{name}' is attached to '{per}', which is not a component type",
                    did_you_mean(per, list(m.types) + ["player"]),
                )
                per = None
            holds = tuple(z.get("holds") or ())
            for i, t in enumerate(holds):
                if t not in m.types:
                    self.error(
                        f"/zones/{name}/holds/{i}",
                        "unknown-type",
                        f"zone '{name}' holds '{t}', which is not a component type",
                        did_you_mean(t, list(m.types)),
                    )
            vis = z.get("visibility", "hidden")
            if vis == "owner" and per != "player":
                self.error(
                    f"/zones/{name}/visibility",
                    "bad-visibility",
                    f"zone '{name}' is not per player, so it has no owner to see it: use hidden or public",
                )
                vis = "hidden"
            m.zones[name] = ZoneDef(
                name, per, vis, tuple(t for t in holds if t in m.types), z.get("about", "")
            )

    def _allot_zones(self, m: Model):
        zi = 0
        for z in m.zones.values():
            z.base = zi
            if z.per is None:
                m.zone_names.append((z.name, None, None))
                m.zone_owner.append(None)
                m.zone_vis.append(z.visibility)
                zi += 1
            elif z.per == "player":
                for s in range(m.max_players):
                    m.zone_names.append((z.name, s, None))
                    m.zone_owner.append(s)
                    m.zone_vis.append(z.visibility)
                    zi += 1
            else:
                table = [-1] * m.component_count
                for c in m.type_members.get(z.per, []):
                    table[c] = zi
                    m.zone_names.append((z.name, None, c))
                    m.zone_owner.append(None)
                    m.zone_vis.append(z.visibility)
                    zi += 1
                m.attached[z.name] = table
            z.capacity = sum(len(m.type_members.get(t, [])) for t in z.holds) or m.component_count
        m.zone_count = zi
        # where each component starts a hand
        for c in range(m.component_count):
            start = m.start_zone[c]
            z = m.zones.get(start)
            if z is None:
                m.start_zone[c] = -1
            elif z.per == "player":
                m.start_zone[c] = z.base + (m.owner[c] or 0)
            elif z.per is None:
                m.start_zone[c] = z.base
            else:
                m.start_zone[c] = -1

    # ---------------------------------------------------------------- components
    def _components(self, m: Model):
        props_seen: dict[str, None] = {}
        rows = []  # (type, owner, props, label, item line pointer)
        per_player_types = []
        lines = {tname: items.resolve(self, m, tname, t) for tname, t in m.types.items()}
        items.bound_totals(self, m, lines)  # counted before any item is made
        for tname, type_lines in lines.items():
            item_checks.label_fields(self, tname, type_lines, m.constants)
        m.line_sizes = {tname: [line.size for line in type_lines] for tname, type_lines in lines.items()}
        for tname, t in m.types.items():
            if t.get("per_player"):
                per_player_types.append(tname)
                continue
            rows.extend(self._expand(tname, lines[tname], None, m.constants))
        # per-player types last, for every possible seat: component ids never depend on the player count
        for tname in per_player_types:
            for seat in range(m.max_players):
                rows.extend(self._expand(tname, lines[tname], seat, m.constants))
        for tname, t in m.types.items():
            start = t.get("start")
            if start is not None and start not in m.zones:
                self.error(
                    f"/components/{tname}/start",
                    "unknown-zone",
                    f"component type '{tname}' starts in '{start}', which is not a zone",
                    did_you_mean(start, list(m.zones)),
                )
            elif start is not None:
                z = m.zones[start]
                if z.per == "player" and not t.get("per_player"):
                    self.error(
                        f"/components/{tname}/start",
                        "bad-start",
                        f"'{tname}' is not per_player, so it cannot start in the per-player zone '{start}'",
                    )
                if z.per not in (None, "player"):
                    self.error(
                        f"/components/{tname}/start",
                        "bad-start",
                        f"'{tname}' cannot start in '{start}', a zone attached to each '{z.per}'",
                    )
        for _, _, props, _, _ in rows:
            for k in props:
                props_seen.setdefault(k, None)
        faces: dict[tuple, int] = {}
        for c, (tname, owner, props, label, _) in enumerate(rows):
            m.ctype.append(tname)
            m.owner.append(owner)
            m.labels.append(label)
            m.start_zone.append(m.types[tname].get("start"))
            m.type_members.setdefault(tname, []).append(c)
            m.type_props.setdefault(tname, set()).update(props)
            key = (tname, owner, tuple(sorted((k, _freeze(v)) for k, v in props.items())))
            if key not in faces:
                faces[key] = len(faces)
                m.faces.append(c)
            m.face.append(faces[key])
        per_face = [0] * len(faces)
        for f in m.face:
            per_face[f] += 1
        m.alone = [per_face[f] == 1 for f in m.face]
        for k in props_seen:
            m.props[k] = [rows[c][2].get(k) for c in range(len(rows))]
        for tname in m.types:
            m.type_members.setdefault(tname, [])
            m.type_props.setdefault(tname, set())
        m.item_lines = [row[4] for row in rows]
        boards.link(self, m, m.item_lines)

    @staticmethod
    def _expand(tname: str, lines: list, owner, constants: dict) -> list:
        """The components of resolved item lines (``items.resolve``), for one owner."""
        out = []
        for line in lines:
            if not line.count:
                continue
            ptr = f"/components/{tname}/items/{line.index}"
            for props in line.variants():
                for _ in range(line.count):
                    out.append((tname, owner, props, _label(line.label, tname, props, constants), ptr))
        return out

    # ---------------------------------------------------------------- variables
    def _variables(self, m: Model):
        for scope, names in (self.data.get("variables") or {}).items():
            m.variables[scope] = dict(names or {})
        for tname, t in m.types.items():
            for name, init in (t.get("vars") or {}).items():
                if isinstance(init, dict):
                    reset, init = init.get("reset", "hand"), init.get("value")
                    if reset == "turn" and all(name != v for v, _ in m.turn_cvars):
                        m.turn_cvars.append((name, init))
                    if reset == "match":
                        m.match_cvars.add(name)
                if name in m.cvars and m.cvars[name][1] != init:
                    self.error(
                        f"/components/{tname}/vars/{name}",
                        "conflicting-var",
                        f"component variable '{name}' is declared with two initial values",
                    )
                types = m.cvars.get(name, ((), init))[0]
                m.cvars[name] = (types + (tname,), init)
            if "faces" in m.type_props.get(tname, ()):
                types = m.cvars.get("face", ((), None))[0]
                m.cvars["face"] = (types + (tname,), None)


def seat_count(data: dict, players: int) -> int:
    """How many seats a game of ``players`` people has: theirs plus the automata's that join
    at that count (``automata: {bot: {seats: {2: 1}}}``: 2 people and 1 automaton seat)."""
    extra = 0
    for auto in (data.get("automata") or {}).values():
        seats = auto.get("seats") if isinstance(auto, dict) else None
        n = seats.get(players, seats.get(str(players), 0)) if isinstance(seats, dict) else 0
        extra += n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0
    return players + extra


def _freeze(v):
    return tuple(v) if isinstance(v, list) else v


PROSE_KEYS = frozenset(
    {"rule", "about", "question", "means", "cites"}
)  # texts for people: their {fields} name constants


def fill(template: str, values: dict) -> str:
    """Replace ``{name}`` fields from ``values``; plain text substitution, never str.format.
    A list reads as its elements joined by '-' (a strip of patterns: ``a-b-c``)."""
    return FIELD.sub(lambda mt: capped(_text(values.get(mt.group(1), "?"))), template)


FIELD_TEXT = 200  # the longest text one field becomes: a hostile value must not multiply by its uses


def capped(text: str) -> str:
    return text if len(text) <= FIELD_TEXT else text[: FIELD_TEXT - 3] + "..."


def text_fields(text: str) -> list[str]:
    """What each ``{...}`` of a text template holds, as written (``{}`` and ``{ x }`` too:
    only ``{name}`` is a field, so the others name no parameter)."""
    return re.findall(r"\{([^{}]*)\}", str(text))


def field_hint(names: list) -> str:
    """How to write a field, given the names a template may use."""
    if not names:
        return "this action has no parameters: its text is shown as written, without {fields}"
    return "write {name} with a parameter's name: " + ", ".join("{" + n + "}" for n in names)


def _text(value) -> str:
    if isinstance(value, list):
        return "-".join(_text(v) for v in value)
    if value is True or value is False:
        return str(value).lower()
    return str(value)


def _label(fmt, tname, props, constants: dict) -> str:
    if fmt is None:
        shown = [str(v) for k, v in props.items() if not isinstance(v, list)]
        return " ".join([tname] + shown) if shown else tname
    parts = LOOKUP.split(str(fmt))  # text, table, property, text, ...: each part filled alone
    out = [fill(parts[0], props)]
    for i in range(1, len(parts), 3):
        out.append(capped(_text(_entry(constants.get(parts[i]), props.get(parts[i + 1])))))
        out.append(fill(parts[i + 2], props))
    return "".join(out)


def _entry(table, key):
    """``table[key]`` for a label: a table's entry, a list's element, else '?'."""
    if isinstance(table, dict) and not isinstance(key, (list, dict)):
        return table.get(key, table.get(str(key), "?"))
    if isinstance(table, list) and type(key) is int and 0 <= key < len(table):
        return table[key]
    return "?"
