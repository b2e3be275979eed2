"""Well-typed DSL expressions nobody wrote: the generator of tests/fuzz_shapes.py.

Every rule file written with it (``fuzz_shapes.rule_file``) has the same small skeleton (a
deck of cards, a row of spots each with a pile, a 3 x 3 board of cells, hands and won piles
per seat, a few variables) and random DSL text in every place the language takes some:
defines calling defines, procedures, the setup, each action's ``let``, parameter domains,
``require`` and ``effect``, a phase's ``on_turn_start`` and steps, the scoring.
Expressions are built by type (number, truth value, text, seat, card, spot, cell, step,
list of each) from the language's constructs: comprehensions nested in domains and in each
other, ``any``/``all``/``count``/``sum``/``first``/``highest``/``top`` with ``where``,
``if ... then ... else``, define calls, board readers (``at``, ``line``, ``leading``,
``neighbours``, ``connected``, a run along each of a list of steps), the spot holding a
card on top, and the same subexpression said again (what the generated backend names once
with ``:=`` or reads once before a loop). tests/shapes_statements.py writes the statements.

Every choice goes through one ``pick(n)`` (an integer below ``n``), and choice 0 is always
the simplest one (a leaf, no statement, no guard dropped): a seeded ``random.Random``
drives it in the campaigns, hypothesis's ``data.draw`` in the property test, which then
shrinks a failing file towards small ones.
"""

from __future__ import annotations

import random

from shapes_boards import Boards
from shapes_types import (
    BOOL,
    CARD,
    CARDS,
    CELL,
    CELLS,
    DIR,
    DIRS,
    ELEMENT,
    NUM,
    NUMS,
    SEAT,
    SEATS,
    SPOT,
    SPOTS,
    TEXT,
    TILE,
    TILES,
    wrap,
)


class Shapes(Boards):
    """One rule file's DSL, chosen by ``pick``."""

    def __init__(self, pick):
        self.pick = pick
        self.names = 0
        self.defines: list[tuple[str, list[tuple[str, str]], str]] = []  # name, args, type
        self.procedures: list[tuple[str, list[tuple[str, str]]]] = []
        self.reused: list[tuple[str, str, frozenset]] = []  # (type, text, names it may read) to say again

    # ------------------------------------------------------------------ choices
    def one(self, seq):
        return seq[self.pick(len(seq))]

    def maybe(self, percent: int) -> bool:
        """True ``percent`` times in 100 (0, the simplest, is False)."""
        return self.pick(100) >= 100 - percent

    def fresh(self, stem: str) -> str:
        self.names += 1
        return f"{stem}{self.names}"

    # ------------------------------------------------------------------ expressions
    def expr(self, t: str, scope: dict, depth: int) -> str:
        """An expression of type ``t`` that is never ``none`` (cards and spots: one that
        may be ``none`` goes through ``maybe_none``)."""
        if depth > 0 and self.reused and self.maybe(12):
            same = [text for rt, text, seen in self.reused if rt == t and seen <= scope.keys()]
            if same:
                return self.one(same)
        if depth <= 0 or not self.maybe(70):
            return self.leaf(t, scope)
        text = getattr(self, "_" + t)(scope, depth - 1)
        if len(text) < 120 and self.maybe(15):
            self.reused.append((t, text, frozenset(scope)))
        return text

    def leaf(self, t: str, scope: dict) -> str:
        mine = [n for n, nt in scope.items() if nt == t and not n.startswith("@")]
        me = "@me" in scope
        fixed = {
            NUM: ["1", "0", "2", "players", "turn.n", "hand.total", "hand_number", "hand.ticks"]
            + (["me.points", "me.index", "me.wins"] if me else []),
            BOOL: ["true", "false"] + (["me.flag"] if me else []),
            TEXT: ["'a'", "'b'"],
            SEAT: ["start_player"] + (["me", "me.left", "me.right"] if me else []),
            CARD: [],
            SPOT: [],
            CARDS: ["deck", "hand.kept"] + (["me.hand", "me.won", "me.mine"] if me else []),
            SPOTS: ["row", "hand.spots"],
            SEATS: ["seats", "hand.group"] + (["others"] if me else []),
            NUMS: ["vals", "hand.seen", "[1, 2, 3]"],
            CELL: [],
            CELLS: ["board"],
            DIR: [],
            DIRS: ["directions", "[[0, 1], [1, 1]]"],
            TILE: [],
            TILES: ["start_player.mat"] + (["me.mat"] if me else []),
        }[t]
        if t == NUM and "@phase" in scope:
            fixed.append("phase.lim")
        for n, nt in scope.items():
            if n.startswith("@"):
                continue
            if t == NUM and nt == CARD:
                fixed += [f"{n}.v", f"{n}.boost"]
            if t == NUM and nt == SPOT:
                fixed += [f"{n}.n", f"{n}.tally"]
            if t == NUM and nt == SEAT:
                fixed += [f"{n}.points"]
            if t == BOOL and nt == SPOT:
                fixed.append(f"{n}.touched")
            if t == BOOL and nt == SEAT:
                fixed.append(f"{n}.flag")
            if t == TEXT and nt == CARD:
                fixed.append(f"{n}.k")
            if t == CARDS and nt == SPOT:
                fixed += [f"{n}.pile", f"{n}.seen"]  # its pile, and a component variable listing cards
            if t == CARDS and nt == SEAT:
                fixed += [f"{n}.hand", f"{n}.won"]
            if t == NUM and nt == CELL:
                fixed += [f"{n}.mark", f"{n}.row", f"{n}.col"]
            if t == NUM and nt == TILE:
                fixed += [f"{n}.lit", f"{n}.row", f"{n}.col"]
            if t == TILES and nt == SEAT:
                fixed.append(f"{n}.mat")
            if t == NUM and nt == DIR:
                fixed += [f"{n}[0]", f"{n}[1]", f"-{n}[1]"]
        options = mine + fixed
        if not options:  # a card, spot, cell or step with none in scope: one that is there
            return {
                SPOT: "first(c in row where c.n == 0)",
                CARD: "first(c in deck where true)",
                CELL: "at(board, 1, 1)",
                DIR: "[0, 1]",
                TILE: "at(start_player.mat, 0, 0)",
            }[t]
        return options[self.pick(len(options))] if mine and self.maybe(60) else self.one(options)

    def _collection(self, scope: dict, depth: int) -> tuple[str, str]:
        t = self.one([CARDS, SPOTS, SEATS, NUMS, CARDS, CELLS, DIRS, TILES])
        return t, self.expr(t, scope, depth)

    def _bound(self, scope: dict, elem: str) -> tuple[str, dict]:
        name = self.fresh({CARD: "c", SPOT: "s", SEAT: "p", NUM: "n", CELL: "x", DIR: "d", TILE: "t"}[elem])
        return name, {**scope, name: elem}

    def _num(self, s: dict, d: int) -> str:
        k = self.pick(17)
        if k == 0:
            return f"{wrap(self.expr(NUM, s, d))} {self.one('+-*')} {wrap(self.expr(NUM, s, d))}"
        if k == 1:
            return f"{wrap(self.expr(NUM, s, d))} {self.one(['//', '%'])} {1 + self.pick(3)}"
        if k == 2:
            return f"{self.one(['min', 'max'])}({self.expr(NUM, s, d)}, {self.expr(NUM, s, d)})"
        if k == 3:
            t, coll = self._collection(s, d)
            return f"count({coll})"
        if k in (4, 5):
            t, coll = self._collection(s, d)
            x, inner = self._bound(s, ELEMENT[t])
            return f"count({x} in {coll} where {self.expr(BOOL, inner, d)})"
        if k in (6, 7):
            t, coll = self._collection(s, d)
            x, inner = self._bound(s, ELEMENT[t])
            where = f" where {self.expr(BOOL, inner, d)}" if self.maybe(50) else ""
            fn = self.one(["sum", "max", "min", "sum"])
            return f"{fn}({self.expr(NUM, inner, d)} for {x} in {coll}{where})"
        if k == 8:
            return f"if {self.expr(BOOL, s, d)} then {self.expr(NUM, s, d)} else {self.expr(NUM, s, d)}"
        if k == 9:
            return f"vals[min(abs({self.expr(NUM, s, d)}), 3)]"
        if k == 10:
            card = self.maybe_none(CARD, s, d)
            return f"if {card} != none then {wrap(card)}.{self.one(['v', 'boost'])} else 0"
        if k == 11:
            return f"sum({self.expr(NUMS, s, d)})"
        if k == 12:
            call = self.call(NUM, s, d)
            if call:
                return call
        if k == 13 and any(t == CARD for n, t in s.items()):
            return f"position({self.one([n for n, t in s.items() if t == CARD])})"
        if k == 14:
            return self._run(s, d)
        if k == 15 and self.maybe(50):  # exact fractions; a divisor of 0 is a located runtime error
            divisor = self.expr(NUM, s, d)
            divisor = f"(1 + abs({divisor}))" if self.maybe(80) else wrap(divisor)
            return f"{wrap(self.expr(NUM, s, d))} / {divisor}"
        if k == 15 and "@me" in s:  # a seat variable that holds none until a pick
            return (
                "if hand.lead != none then hand.lead.points else 0" if self.maybe(90) else "hand.lead.points"
            )
        return f"abs({self.expr(NUM, s, d)})"

    def _bool(self, s: dict, d: int) -> str:
        k = self.pick(15)
        if k in (0, 1):
            op = self.one(["==", "!=", "<", "<=", ">", ">="])
            return f"{wrap(self.expr(NUM, s, d))} {op} {wrap(self.expr(NUM, s, d))}"
        if k == 2:
            return f"{wrap(self.expr(BOOL, s, d))} {self.one(['and', 'or'])} {wrap(self.expr(BOOL, s, d))}"
        if k == 3:
            return f"not {wrap(self.expr(BOOL, s, d))}"
        if k in (4, 5):
            t, coll = self._collection(s, d)
            x, inner = self._bound(s, ELEMENT[t])
            if self.maybe(50):
                return f"any({x} in {coll} where {self.expr(BOOL, inner, d)})"
            return f"all({self.expr(BOOL, inner, d)} for {x} in {coll})"
        if k == 6:
            return f"contains({self.expr(CARDS, s, d)}, {self.maybe_none(CARD, s, d)})"
        if k == 7:
            return f"{wrap(self.maybe_none(CARD, s, d))} {self.one(['==', '!='])} none"
        if k == 8:
            return f"{wrap(self.expr(TEXT, s, d))} {self.one(['==', '!='])} {wrap(self.expr(TEXT, s, d))}"
        if k == 9:
            return f"{wrap(self.expr(SEAT, s, d))} {self.one(['==', '!='])} {wrap(self.expr(SEAT, s, d))}"
        if k == 10:
            call = self.call(BOOL, s, d)
            if call:
                return call
        if k == 11:
            return f"contains({self.expr(NUMS, s, d)}, {self.expr(NUM, s, d)})"
        if k == 12:  # a line through a cell, along each step (unrolled when the steps are known)
            x, inner = self._bound(s, DIR)
            cell = self.expr(CELL, s, d)
            run = self._run(inner, d, x, cell)
            if self.maybe(50):
                run += " + " + self._run(inner, d, x, cell, back=True)
            fn = self.one(["any", "all"])
            return f"{fn}({run} >= {1 + self.pick(2)} for {x} in {self.expr(DIRS, s, d)})"
        if k == 13:
            tiles = [n for n, t in s.items() if t == TILE]
            if tiles and "@me" in s and self.maybe(50):
                return self.lit_left(s, self.one(tiles))
            cells = self.expr(CELLS, s, d)
            return f"contains({cells}, {self.expr(CELL, s, d)})"
        card = self.expr(CARD, s, d)
        return f"revealed({card})" if self.maybe(50) else f"knows({self.expr(SEAT, s, d)}, {card})"

    def _text(self, s: dict, d: int) -> str:
        card = self.maybe_none(CARD, s, d)
        return f"if {card} != none then {wrap(card)}.k else 'b'"

    def _seat(self, s: dict, d: int) -> str:
        k = self.pick(4)
        if k == 0:
            return f"clockwise({self.expr(SEAT, s, d)}, {self.expr(NUM, s, d)})"
        if k == 1:
            return f"seat(abs({self.expr(NUM, s, d)}) % players)"
        if k == 2:
            return f"{wrap(self.expr(SEAT, s, d))}.{self.one(['left', 'right'])}"
        x, inner = self._bound(s, SEAT)
        first = f"first({x} in seats where {self.expr(BOOL, inner, d)})"
        return f"if {first} != none then {first} else start_player"

    def _card(self, s: dict, d: int) -> str:
        """A card that is there: a guarded ``maybe_none``."""
        card = self.maybe_none(CARD, s, d)
        return f"if {card} != none then {card} else first(c in deck where true)"

    def _spot(self, s: dict, d: int) -> str:
        spot = self.maybe_none(SPOT, s, d)
        return f"if {spot} != none then {spot} else first(c in row where c.n == 0)"

    def maybe_none(self, t: str, s: dict, d: int) -> str:
        """A card (or spot) that may be ``none``: a top, a first, a highest."""
        coll_t = CARDS if t == CARD else SPOTS
        k = self.pick(5)
        if k == 0 or d <= 0:
            known = [n for n, nt in s.items() if nt == t]
            if known and self.maybe(50):
                return self.one(known)
            if self.maybe(30):  # a variable that holds a card or spot, or none
                spots = [f"{n}.claim" for n, nt in s.items() if nt == SPOT]  # a component variable
                held = (
                    ["hand.last", *(["me.fav"] if "@me" in s else []), *spots] if t == CARD else ["hand.at"]
                )
                return self.one(held)
            return f"{self.one(['top', 'bottom'])}({self.leaf(coll_t, s)})"
        coll = self.expr(coll_t, s, d - 1)
        if k == 1 and t == CARD and self.maybe(30):  # an item of a list variable, by its position
            at, held = self.pick(3), self.one(["hand.kept", *(["me.mine"] if "@me" in s else [])])
            return f"if count({held}) > {at} then {held}[{at}] else none"
        if k == 1:
            if t == SPOT and self.maybe(60):  # the spot holding a card on top (holders.py)
                x = self.fresh("s")
                return f"first({x} in row where top({x}.pile) == {self.maybe_none(CARD, s, d - 1)})"
            return f"{self.one(['top', 'bottom'])}({coll})"
        x, inner = self._bound(s, t)
        if k == 2:
            return f"first({x} in {coll} where {self.expr(BOOL, inner, d - 1)})"
        fn = self.one(["highest", "lowest", "unique_highest", "unique_lowest"])
        where = f" where {self.expr(BOOL, inner, d - 1)}" if self.maybe(50) else ""
        return f"{fn}({self.expr(NUM, inner, d - 1)} for {x} in {coll}{where})"

    def _cards(self, s: dict, d: int) -> str:
        k = self.pick(7)
        if k == 6:
            call = self.call(CARDS, s, d)
            if call:
                return call
        if k == 0:
            x, inner = self._bound(s, CARD)
            return f"[{x} in {self.expr(CARDS, s, d)} where {self.expr(BOOL, inner, d)}]"
        if k == 1:  # the shape peephole once broke: tops of a list of spots
            x, inner = self._bound(s, SPOT)
            return f"[top({x}.pile) for {x} in {self.expr(SPOTS, s, d)} where count({x}.pile) > 0]"
        if k == 2:
            return f"take({self.expr(CARDS, s, d)}, {self.expr(NUM, s, d)})"
        if k == 3:
            x, inner = self._bound(s, CARD)
            return f"leading({x} in {self.expr(CARDS, s, d)} where {self.expr(BOOL, inner, d)})"
        if k == 4:
            return f"{wrap(self.expr(SPOT, s, d))}.pile"
        return f"{wrap(self.expr(SEAT, s, d))}.{self.one(['hand', 'won'])}"

    def _spots(self, s: dict, d: int) -> str:
        x, inner = self._bound(s, SPOT)
        if self.maybe(30):
            return f"take(row, {self.expr(NUM, s, d)})"
        return f"[{x} in {self.expr(SPOTS, s, d)} where {self.expr(BOOL, inner, d)}]"

    def _seats(self, s: dict, d: int) -> str:
        x, inner = self._bound(s, SEAT)
        return f"[{x} in {self.expr(SEATS, s, d)} where {self.expr(BOOL, inner, d)}]"

    def _nums(self, s: dict, d: int) -> str:
        if self.maybe(30):
            return f"[{self.expr(NUM, s, d)}, {self.expr(NUM, s, d)}]"
        t, coll = self._collection(s, d)
        x, inner = self._bound(s, ELEMENT[t])
        where = f" where {self.expr(BOOL, inner, d)}" if self.maybe(50) else ""
        return f"[{self.expr(NUM, inner, d)} for {x} in {coll}{where}]"

    def call(self, t: str, s: dict, d: int) -> str | None:
        """A call of a define of type ``t`` with arguments of its types, or None."""
        fits = [(name, args) for name, args, rt in self.defines if rt == t]
        if not fits:
            return None
        name, args = self.one(fits)
        if not args:
            return name
        return f"{name}({', '.join(self.expr(at, s, d) for _, at in args)})"


def seeded(seed: int):
    """A ``pick`` drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return lambda n: rng.randrange(n) if n > 1 else 0
