"""Well-typed DSL statements nobody wrote, for tests/fuzz_shapes.py: blocks of moves between
zones, ``set`` of every kind of variable, ``if``/``else``, ``for``, bounded ``while``, ``let``
(seen by the statements after it), ``reveal``, ``shuffle``, ``pick`` and ``do``, their
expressions from tests/shapes_gen.py (``Shapes``, whose ``pick`` makes every choice)."""

from __future__ import annotations

from shapes_gen import Shapes
from shapes_types import BOOL, CARD, CARDS, CELL, ELEMENT, NUM, NUMS, SEAT, SEATS, SPOT, TILE, wrap


def block(g: Shapes, scope: dict, depth: int, size: int) -> list[str]:
    """Up to ``size`` statements; a ``let`` is seen by the statements after it."""
    lines: list[str] = []
    scope = dict(scope)
    for _ in range(g.pick(size + 1)):
        lines += statement(g, scope, depth)
    return lines


def statement(g: Shapes, s: dict, d: int) -> list[str]:
    me = "@me" in s
    k = g.pick(20)
    zones = ["deck"] + (["me.hand", "me.won"] if me else [])
    zones += [f"{n}.pile" for n, t in s.items() if t == SPOT] + [
        f"{n}.won" for n, t in s.items() if t == SEAT
    ]
    if k == 0 and g.maybe(15):  # cards dealt one at a time, to every seat or to one zone
        return [f"deal {1 + g.pick(2)} from deck to {'each hand' if g.maybe(50) else g.one(zones)}"]
    if k in (0, 1):
        what = g.maybe_none(CARD, s, d) if k == 0 else g.expr(CARDS, s, d)
        order = " sorted by v descending" if k == 1 and g.maybe(30) else ""
        return [f"move {what} to {g.one(zones)}{order}"]
    if k == 2:
        return [f"set {g.one(['turn.n', 'hand.total'])} {g.one(['=', '+=', '-='])} {g.expr(NUM, s, d)}"]
    if k == 3:
        cards = [n for n, t in s.items() if t == CARD]
        spots = [n for n, t in s.items() if t == SPOT]
        seats = [n for n, t in s.items() if t == SEAT] + (["me"] if me else [])
        targets = (
            [f"{n}.boost" for n in cards] + [f"{n}.tally" for n in spots] + [f"{n}.points" for n in seats]
        )
        targets += [f"{n}.wins" for n in seats]  # a player_match variable, kept across hands
        targets += [f"{n}.mark" for n, t in s.items() if t == CELL]  # a cell of the board
        targets += [f"{n}.lit" for n, t in s.items() if t == TILE]  # a tile of a seat's mat
        if targets:
            return [f"set {g.one(targets)} {g.one(['+=', '='])} {g.expr(NUM, s, d)}"]
        return [f"set hand.seen += [{g.expr(NUM, s, d)}]"]
    if k == 4:
        flags = [f"{n}.touched" for n, t in s.items() if t == SPOT]
        flags += [f"{n}.flag" for n, t in s.items() if t == SEAT] + (["me.flag"] if me else [])
        if flags:
            return [f"set {g.one(flags)} = {g.expr(BOOL, s, d)}"]
        return ["set hand.seen = []"]
    if k == 5:
        return [f"set hand.seen {g.one(['+=', '-='])} {g.expr(NUMS, s, d)}"]
    if k in (6, 7) and d > 0:
        then = block(g, s, d - 1, 3) or ["set turn.n += 1"]
        head = f"if {g.expr(BOOL, s, d)} {{ {'; '.join(then)} }}"
        if g.maybe(50):
            other = block(g, s, d - 1, 2) or ["set hand.total += 1"]
            head += f" else {{ {'; '.join(other)} }}"
        return [head]
    if k in (8, 9) and d > 0:
        t, coll = g._collection(s, d - 1)
        x, inner = g._bound(s, ELEMENT[t])
        where = f" where {g.expr(BOOL, inner, d - 1)}" if g.maybe(40) else ""
        body = block(g, inner, d - 1, 3) or ["set turn.n += 1"]
        return [f"for {x} in {coll}{where} {{ {'; '.join(body)} }}"]
    if k in (10, 11):
        name = g.fresh("l")
        t = g.one([NUM, NUM, BOOL, CARDS, SEAT, NUMS])
        line = f"let {name} = {g.expr(t, s, d)}"
        s[name] = t
        if t == NUM and g.maybe(40):
            return [line, f"set {name} += {g.expr(NUM, s, d)}"]
        return [line]
    if k == 12 and d > 0:
        count = g.fresh("k")
        body = block(g, {**s, count: NUM}, d - 1, 2)
        return [
            f"let {count} = 0",
            f"while {count} < {1 + g.pick(3)} and {wrap(g.expr(BOOL, {**s, count: NUM}, d - 1))} "
            f"up to 4 times {{ {'; '.join([*body, f'set {count} += 1'])} }}",
        ]
    if k == 13:
        if g.maybe(50):
            return [f"reveal {g.maybe_none(CARD, s, d)} to {'me' if me and g.maybe(50) else 'all'}"]
        return [f"shuffle {g.one(['deck', *[z for z in zones if z.endswith('.pile')]])}"]
    if k == 14 and g.procedures:
        name, args = g.one(g.procedures)
        return [f"do {name}({', '.join(g.expr(at, s, d) for _, at in args)})" if args else f"do {name}"]
    if k == 15:
        return [f"pick hand.lead from {g.one(['seats', 'others'] if me else ['seats'])}"]
    if k == 16 and me and d > 0:  # what cuts the flow short, when something holds
        what = g.one(["end step", "end turn", "end phase", "end hand", "win me"])
        if g.maybe(20):
            what = g.one(["win unique_highest(p.points for p in seats)", "win none", "end match"])
        return [f"if {g.expr(BOOL, s, d - 1)} {{ {what} }}"]
    if k in (17, 18):
        return collection(g, s, d, zones)
    if k == 19:
        return held(g, s, d, zones)
    return [f"set turn.n += {g.expr(NUM, s, d)}"]


def collection(g: Shapes, s: dict, d: int, zones: list[str]) -> list[str]:
    """A ``set`` of a variable that holds a list of cards, seats or spots (one that starts as
    ``[]`` and reads as a list of what its sets give), an item set by its position, or the
    cards it lists moved."""
    me = "@me" in s
    lists = ["hand.kept"] + (["me.mine"] if me else []) + [f"{n}.mine" for n, t in s.items() if t == SEAT]
    lists += [f"{n}.seen" for n, t in s.items() if t == SPOT]  # a component variable listing cards
    target, op = g.one(lists), g.one(["=", "+=", "-="])
    k = g.pick(7)
    if k == 1:
        x, inner = g._bound(s, CARD)
        return [f"set {target} {op} [{x} in {g.expr(CARDS, s, d)} where {g.expr(BOOL, inner, d)}]"]
    if k == 2:
        at = g.pick(3)
        return [f"if count({target}) > {at} {{ set {target}[{at}] = {g.expr(CARD, s, d)} }}"]
    if k == 3:
        return [f"move {target} to {g.one(zones)}"]
    if k == 4:
        x, inner = g._bound(s, SEAT)
        return [f"set hand.group {op} [{x} in {g.expr(SEATS, s, d)} where {g.expr(BOOL, inner, d)}]"]
    if k == 5:
        return [f"set hand.group {op} [{g.expr(SEAT, s, d)}]"]
    if k == 6:
        return [f"set hand.spots {op} [{g.expr(SPOT, s, d)}]"]
    return [f"set {target} {op} [{g.expr(CARD, s, d)}]"]


def held(g: Shapes, s: dict, d: int, zones: list[str]) -> list[str]:
    """A ``set`` of a variable that holds one card or spot (or none), or a change to what it
    holds (its variable, its pile, the card moved), guarded by ``!= none``."""
    me = "@me" in s
    spots = [f"{n}.claim" for n, t in s.items() if t == SPOT]  # a component variable holding a card
    card = g.one(["hand.last", *(["me.fav"] if me else []), *spots])
    k = g.pick(5)
    if k == 1:
        return [f"set hand.at = {g.maybe_none(SPOT, s, d)}"]
    if k == 2:
        return [f"if {card} != none {{ set {card}.boost += {g.expr(NUM, s, d)} }}"]
    if k == 3:
        return [f"if {card} != none {{ move {card} to {g.one(zones)} }}"]
    if k == 4:
        what = g.one(
            ["set hand.at.tally += 1", "move top(deck) to hand.at.pile", "set hand.at.touched = true"]
        )
        return [f"if hand.at != none {{ {what} }}"]
    return [f"set {card} = {g.maybe_none(CARD, s, d)}"]
