"""Chance as events: what a chance node offers, its outcomes' stable ids and texts.

Three kinds of chance event exist, and every random thing the rules do is one of them:

``draw``
    the top (or bottom) of a shuffled zone is read or dealt. A shuffle of a hidden zone
    decides nothing: its order stays undecided (``State.mix[zone]``) until a position is read,
    and each read position is one event whose outcomes are the distinct faces that could
    be there, weighted by how many of each are left.
``roll``
    a component with ``faces`` is rolled: the outcomes are its distinct faces.
``choice``
    the rules pick one of several options at random (a random start player, a random
    tie-break): ``State.chance_choice``.

Outcome ids share one space per rule set, separate from action ids (as OpenSpiel numbers
its chance outcomes): ``[0, F)`` the face classes of components (draws), then ``D``
distinct die faces (rolls), then ``K`` option indices (choices).
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

CHANCE = -1  # the seat number of chance, as OpenSpiel numbers its chance player


class NeedChance(Exception):
    """Raised inside the flow, in explicit mode, where a chance event needs an outcome.

    Internal: the game catches it, rewinds to the start of the segment and waits at a
    chance node. It is deliberately not one of the runtime errors the engine wraps.
    """

    def __init__(self, node: Node):
        super().__init__("a chance event needs an outcome")
        self.node = node


class Outcome:
    """One outcome of a chance node: ``str(outcome)`` its stable text, ``outcome.id`` its number."""

    __slots__ = ("id", "text")

    def __init__(self, id: int, text: str):
        self.id = id
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Outcome({self.text!r}, id={self.id})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Outcome) and other.id == self.id and other.text == self.text

    def __hash__(self) -> int:
        return hash(("outcome", self.id))

    def to_json(self) -> dict:
        """``{"id": ..., "text": ...}``."""
        return {"id": self.id, "text": self.text}


class Node:
    """A chance event waiting for (or given) an outcome.

    ``options`` are ``(outcome id, weight, pick)``: ``pick`` is what the engine does with
    the outcome (the component drawn, the face shown, the index chosen).
    """

    __slots__ = ("kind", "subject", "options", "total")

    def __init__(self, kind: str, subject, options: list, total: int | None = None):
        self.kind = kind  # 'draw', 'roll' or 'choice'
        self.subject = subject  # draw: (zone, 'top'|'bottom'); roll: component; choice: option texts
        self.options = options  # sampled play logs only the outcome taken (and the total weight)
        self.total = sum(w for _, w, _ in options) if total is None else total


class Space:
    """The chance outcome ids of one rule set, and their texts (cached on the model)."""

    def __init__(self, m):
        self.faces = len(m.faces)
        values: dict = {}
        for fs in m.props.get("faces", []):
            for v in fs or ():
                values.setdefault((type(v).__name__, v), len(values))
        self.die_index = values
        self.die_values = [v for _, v in values]
        self.choices = max(m.max_players, m.component_count, 1)
        self.size = self.faces + len(values) + self.choices
        names: dict = {}
        for f, c in enumerate(m.faces):
            names.setdefault(m.labels[c], []).append(f)
        self.face_names = [""] * self.faces
        for label, fs in names.items():
            by_type = _counts(m.ctype[m.faces[f]] for f in fs)
            by_owner = _counts((m.ctype[m.faces[f]], m.owner[m.faces[f]]) for f in fs)
            for f in fs:  # equal labels: told apart by type, then owner, then class number
                c = m.faces[f]
                owner = f" of seat {m.owner[c]}" if m.owner[c] is not None else ""
                if len(fs) == 1:
                    self.face_names[f] = label
                elif by_type[m.ctype[c]] == 1:
                    self.face_names[f] = f"{label} ({m.ctype[c]})"
                elif by_owner[(m.ctype[c], m.owner[c])] == 1:
                    self.face_names[f] = f"{label} ({m.ctype[c]}{owner})"
                else:
                    self.face_names[f] = f"{label} ({m.ctype[c]}{owner} #{f})"

    def roll_id(self, value) -> int:
        """The outcome id of a die showing ``value``."""
        return self.faces + self.die_index[(type(value).__name__, value)]

    def choice_id(self, k: int) -> int:
        """The outcome id of option ``k`` of a random choice."""
        return self.faces + len(self.die_index) + k


def _counts(items) -> dict:
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def rolls(m, c: int) -> list:
    """Per face of component ``c`` (in order): ``(value, node)``, the node a sampled roll
    showing it logs (None when every face shows that value: nothing was decided). Nodes are
    never changed once made, so one serves every roll of ``c``; made once per model."""
    table = m.__dict__.get("_rolls")
    if table is None:
        table = m.__dict__["_rolls"] = {}
    out = table.get(c)
    if out is None:
        faces = m.props["faces"][c]
        forced = plain_dice(m)[c]
        out = table[c] = [
            (
                v,
                None if forced else Node("roll", c, [(space(m).roll_id(v), faces.count(v), v)], len(faces)),
            )
            for v in faces
        ]
    return out


def plain_dice(m) -> list:
    """Per component: whether a roll of it decides nothing anyone could not know, so is no
    chance event: every die of its back (its type and owner) shows one value on all its faces
    (each may show another). A die of one value among dice of its back that show several is
    rolled as an event with one outcome: a seat that does not know which die was rolled must
    not learn it from whether its log shows a roll (log_for). Made once per model."""
    table = m.__dict__.get("_plain_dice")
    if table is None:
        faces = m.props.get("faces") or [None] * len(m.face)
        one = [not fs or fs.count(fs[0]) == len(fs) for fs in faces]
        varied = {(m.ctype[c], m.owner[c]) for c in range(len(m.face)) if not one[c]}
        table = m.__dict__["_plain_dice"] = [
            one[c] and (m.ctype[c], m.owner[c]) not in varied for c in range(len(m.face))
        ]
    return table


def plain_backs(m) -> list:
    """Per component: whether every component of its back (its type and owner) shows the same
    face, so that a draw of it is forced whatever anyone knows (a bank of identical chips).
    Such a forced draw tells nobody anything and is not a chance event; any other forced draw
    is one (see ``Chance.decide``). Made once per model."""
    table = m.__dict__.get("_plain_backs")
    if table is None:
        faces: dict = {}
        for c, f in enumerate(m.face):
            faces.setdefault((m.ctype[c], m.owner[c]), set()).add(f)
        table = m.__dict__["_plain_backs"] = [
            len(faces[(m.ctype[c], m.owner[c])]) == 1 for c in range(len(m.face))
        ]
    return table


def back_mates(m) -> list:
    """Per component: the components of its back (its type and owner) when they do not all show
    one face, else None (``plain_backs``). Made once per model."""
    table = m.__dict__.get("_back_mates")
    if table is None:
        groups: dict = {}
        for c in range(len(m.face)):
            groups.setdefault((m.ctype[c], m.owner[c]), []).append(c)
        plain = plain_backs(m)
        table = m.__dict__["_back_mates"] = [
            None if plain[c] else tuple(groups[(m.ctype[c], m.owner[c])]) for c in range(len(m.face))
        ]
    return table


def odds_known(g, z: int, lo: int, hi: int, x: int) -> int:
    """The seats (a bitmask, -1 all) that can tell the probability of drawing ``x``'s face from
    the undecided slice ``[lo, hi)`` of zone ``z``: it is the count of that face left there over
    the count of components left, and the count left is the rules' count of the face less the
    copies elsewhere, so a seat can tell it when it knows the face of every component of ``x``'s
    back in play outside the slice (or that back shows one face). A seat that cannot would learn, from
    the probability, what was drawn unseen before (chance.event leaves it out for that seat)."""
    mates = back_mates(g.m)[x]
    if mates is None:
        return -1
    known, loc, items = g.known, g.loc, g.zones[z]
    mask = -1
    if lo or hi < len(items):  # placed in the zone but outside the undecided slice: elsewhere too
        for c in items[:lo] + items[hi:]:
            if c in mates:
                mask &= known[c]
    for c in mates:
        if loc[c] != z and loc[c] >= 0:  # (-1: not in play with this many seats, as the rules say)
            mask &= known[c]
            if not mask:
                return 0
    return mask


def space(m) -> Space:
    """The chance outcome space of a model (built once)."""
    s = m.__dict__.get("_chance_space")
    if s is None:
        s = m.__dict__["_chance_space"] = Space(m)
    return s


def outcome_text(m, node: Node, oid: int, where: str | None = None) -> str:
    """The stable text of outcome ``oid`` at ``node`` (a draw's zone named ``where`` when given:
    as a seat may know it, ``seen_zone``)."""
    sp = space(m)
    if node.kind == "draw":
        z, end = node.subject
        where = where or m.describe_zone(z)
        return (
            f"{sp.face_names[oid]} from {where}"
            if end == "top"
            else f"{sp.face_names[oid]} from the bottom of {where}"
        )
    if node.kind == "roll":
        return f"{m.labels[node.subject]} shows {_spell(sp.die_values[oid - sp.faces])}"
    return f"choose {node.subject[oid - sp.choice_id(0)]}"


def _spell(v) -> str:
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def outcomes(m, node: Node) -> list:
    """``[(Outcome, Fraction)]`` of a node, probabilities summing to 1."""
    return [(Outcome(oid, outcome_text(m, node, oid)), Fraction(w, node.total)) for oid, w, _ in node.options]


# ---------------------------------------------------------------- building nodes
def draw_node(m, z: int, items, lo: int, hi: int, end: str) -> Node:
    """The event 'which face is at the top (or bottom) of the undecided part of zone z'.

    Remembered by zone, end and the undecided components (boundedly): explicit chance
    replays a segment with one more outcome each time (see Game._resume), so a deal meets
    the same nodes again and again. Nodes are never changed once made."""
    memo = m.__dict__.get("_draw_nodes")
    if memo is None:
        memo = m.__dict__["_draw_nodes"] = {}
    key = (z, end, tuple(items[lo:hi]))
    node = memo.get(key)
    if node is None:
        if len(memo) >= 4096:
            memo.clear()
        node = memo[key] = _draw_node(m, z, items, lo, hi, end)
    return node


def _draw_node(m, z: int, items, lo: int, hi: int, end: str) -> Node:
    face = m.face
    first: dict = {}
    count: dict = {}
    for i in range(lo, hi):
        c = items[i]
        f = face[c]
        if f in count:
            count[f] += 1
            if c < first[f]:
                first[f] = c
        else:
            count[f] = 1
            first[f] = c
    return Node("draw", (z, end), [(f, count[f], first[f]) for f in sorted(count)])


def roll_node(m, c: int) -> Node:
    """The event 'which face does component c show' (made once per component and model:
    nodes are never changed once made)."""
    table = m.__dict__.get("_roll_nodes")
    if table is None:
        table = m.__dict__["_roll_nodes"] = {}
    node = table.get(c)
    if node is None:
        sp = space(m)
        counts: dict = {}
        for v in m.props["faces"][c]:
            oid = sp.roll_id(v)
            if oid in counts:
                counts[oid][1] += 1
            else:
                counts[oid] = [oid, 1, v]
        node = table[c] = Node(
            "roll", c, [tuple(x) for x in counts.values()]
        )  # in the order the faces are listed
    return node


def choice_node(m, texts: list) -> Node:
    """The event 'which of these options', each equally likely."""
    sp = space(m)
    if len(texts) > sp.choices:
        raise ValueError(f"a random choice among {len(texts)} options (at most {sp.choices})")
    return Node("choice", tuple(texts), [(sp.choice_id(k), 1, k) for k in range(len(texts))])


def resolve_outcome(game, x) -> int:
    """The outcome id ``x`` means at the current chance node (an Outcome, its text or its id)."""
    from ..errors import IllegalAction, shown

    node = game._node
    if x.__class__ is int and any(opt[0] == x for opt in node.options):
        return x  # an outcome id (no texts needed)
    pairs = outcomes(game.m, node)
    texts = [str(o) for o, _ in pairs]
    if isinstance(x, Outcome):
        for o, _ in pairs:
            if o == x:
                return o.id
    elif isinstance(x, int) and not isinstance(x, bool):
        for o, _ in pairs:
            if o.id == x:
                return x
    elif isinstance(x, str):
        for o, _ in pairs:
            if o.text == x.strip():
                return o.id
    else:
        from .resolve import integer

        index = integer(x)
        if index is not None:  # an integer-like id (numpy's): as the int
            return resolve_outcome(game, index)
        raise IllegalAction(
            f"{x!r} is not a chance outcome, its text or its id (the game waits for "
            f"chance: {_listing(texts)})",
            action=x,
            legal=texts,
        )
    raise IllegalAction(
        f"{shown(x.strip() if isinstance(x, str) else x)} is not an outcome of this chance event "
        f"({node.kind}): {_listing(texts)}",
        action=x,
        legal=texts,
    )


def _listing(texts: list) -> str:
    shown = ", ".join(texts[:8])
    return shown + (f", ... ({len(texts)} outcomes)" if len(texts) > 8 else "")


def _zone_of(ev) -> int:
    """The zone a draw or roll log entry happened in (-1: a die out of play)."""
    return ev[1].subject[0] if ev[1].kind == "draw" else ev[5]


def host_knew(g, ev) -> int:
    """The seats (a bitmask) that know the component the zone of the draw or roll log entry
    ``ev`` is attached to (-1, all: a zone of no component), in state ``g``: the others see the
    zone named by that component's type, not its label (as a view shows it)."""
    z = _zone_of(ev)
    host = g.m.zone_names[z][2] if z >= 0 else None
    return -1 if host is None else g.known[host]


def seen_zone(m, z: int, hosts: int, seat) -> str:
    """Zone ``z`` named as ``seat`` may know it: :meth:`Model.describe_zone`, but a zone attached
    to a component the seat does not know (``hosts``: who knows it) by that component's type."""
    name, _, host = m.zone_names[z]
    if host is None or seat is None or hosts >> seat & 1:
        return m.describe_zone(z)
    return f"{name} of {m.ctype[host]}"


def knew(g, ev) -> int:
    """The seats (a bitmask) that know the outcome of the chance log entry ``ev`` in state ``g``:
    a drawn component's or a rolled die's knowledge bits; -1 (all) for other events."""
    node = ev[1]
    if node.kind == "draw":
        return g.known[ev[4]]
    if node.kind == "roll":
        return g.known[node.subject]
    return -1


def event(game, ev, seat=None) -> dict:
    """A chance log entry as JSON: the outcome, or as ``seat`` saw it when it did not know it.

    An entry of a segment still under way (explicit chance, waiting at a chance node) has no
    mask yet: it is shown as the state now stands, the same as the seat's view."""
    m = game.m
    node, oid, mask = ev[1], ev[2], ev[3]
    kind = node.kind
    hosts = -1  # who knows the component the event's zone is attached to
    if seat is not None and kind != "choice":
        if mask is None:
            mask = knew(game.g, ev)
            hosts = host_knew(game.g, ev)
        elif len(ev) > 6:
            hosts = ev[6]
    w = next(w for o, w, _ in node.options if o == oid)
    out = {"event": "chance", "kind": kind}
    if kind == "draw":
        out["zone"] = seen_zone(m, node.subject[0], hosts, seat)
    if seat is None or (mask is not None and mask >> seat & 1):
        if kind == "roll":
            out["component"] = m.labels[node.subject]
        out.update(outcome=outcome_text(m, node, oid, out.get("zone")), id=oid)
        if seat is None or kind != "draw" or ev[5] >> seat & 1:  # (odds_known)
            d = gcd(w, node.total)  # reduced, as str(Fraction) and the view's chance_outcomes write it
            out["probability"] = f"{w // d}/{node.total // d}" if node.total != w else "1"  # forced: '1'
    elif kind == "draw":
        out["outcome"] = f"{m.ctype[ev[4]]} from {out['zone']}"
    else:  # a die the seat does not know: named as its view shows it, by its type and its place
        if kind == "roll":
            out["component"] = m.ctype[node.subject]
            if len(ev) > 5 and ev[5] >= 0:
                out["zone"] = seen_zone(m, ev[5], hosts, seat)
        out["outcome"] = "unseen"
    return out
