"""Playa Pirata written by hand, the way a programmer would without playa-rules: the
project's own speed yardstick.

Written from the rulebook (``shared/rulebooks/000``, English) with the bundled rule
file's assumptions and default rulings (3 Skull and 2 Towel treasures; towel cards 1, 1,
1, 1, 2, 2, 2, 2, 3, 3, 3, 3; one group per treasure a turn; a Pirate with no target is
discarded; the Umbrella kept "during the last game turn" is the player's own last card).
``tests/bench/test_bench_reference.py`` checks that it offers the same legal actions and gives
the same scores as the engine over seeded games, so the speed ratio compares like with
like. ``python -m playa_rules.bench`` plays it beside the engine and prints the ratio.

Actions are tuples; ``text(action)`` spells them as the engine does: ``bury 5``,
``telescope #0``, ``map #2``, ``umbrella #1``, ``keep umbrella``, ``discard map``,
``towels 1+1+3 on #2``, ``done``.
"""

from __future__ import annotations

import random

NUMBERED = [3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
SKULLS, TOWEL_TREASURES = 3, 2
TOWEL_COUNTS = (4, 4, 4)  # a colour's cards showing 1, 2 and 3 towels
PIRATES = ("telescope", "map", "umbrella")
HAND_SIZE = {2: 5, 3: 4, 4: 3}
SKULL_POINTS = (0, 0, 10, 18, 18)


class Treasure:
    __slots__ = ("kind", "value", "label", "stack", "cover", "face_up", "touched")

    def __init__(self, kind: str, value: int):
        self.kind, self.value = kind, value
        self.label = str(value) if kind == "number" else kind
        self.stack: list[tuple[int, int]] = []  # (owner, towels), the last on top
        self.cover: int | None = None  # the owner of the Umbrella on it
        self.face_up = False
        self.touched = False

    def controller(self):
        if self.cover is not None:
            return self.cover
        return self.stack[-1][0] if self.stack else None

    def top(self) -> int:
        return self.stack[-1][1] if self.stack else 0


def treasures() -> list[Treasure]:
    return (
        [Treasure("number", v) for v in NUMBERED]
        + [Treasure("skull", 0) for _ in range(SKULLS)]
        + [Treasure("towel", 0) for _ in range(TOWEL_TREASURES)]
    )


class Hand:
    """One hand of Playa Pirata, from the deal to the scores."""

    def __init__(self, players: int, start: int, dealt: list[list[Treasure]], middle: Treasure):
        self.n, self.start = players, start
        self.hands = dealt  # each seat's treasures
        self.pirates = [set(PIRATES) for _ in range(players)]
        self.towels = [list(TOWEL_COUNTS) for _ in range(players)]
        self.kept = [0] * players
        self.beach = [middle]
        self.rounds = HAND_SIZE[players] + len(PIRATES) - 1  # regular turns each
        self.phase = "first_turn"
        self.turn = 0  # turns taken in this phase
        self.seat = start
        self.step = "bury"
        self.groups = 0
        self.over = False

    @classmethod
    def deal(cls, players: int, rng: random.Random, start: int = 0) -> Hand:
        supply = treasures()
        rng.shuffle(supply)
        size = HAND_SIZE[players]
        dealt = [supply[i * size : (i + 1) * size] for i in range(players)]
        return cls(players, start, dealt, supply[players * size])

    # ---------------------------------------------------------------- legal actions
    # Actions are tuples: ("bury", label), (pirate, spot), ("keep",), ("discard", pirate),
    # ("towels", (ones, twos, threes), spot), ("done",); text() spells them as the engine.
    def legal(self) -> list[tuple]:
        if self.step == "bury":
            return self._bury()
        if self.step == "card":
            out = self._bury() + self._pirates()
            return out or [("discard", p) for p in sorted(self.pirates[self.seat])]
        return self._towels()

    def _bury(self) -> list[tuple]:
        return [("bury", label) for label in dict.fromkeys(t.label for t in self.hands[self.seat])]

    def _pirates(self) -> list[tuple]:
        me, held, beach = self.seat, self.pirates[self.seat], self.beach
        out = []
        if "telescope" in held:
            out += [("telescope", i) for i in range(len(beach))]
        if "map" in held:
            out += [("map", i) for i, t in enumerate(beach) if not t.face_up]
        if "umbrella" in held:
            mine = [i for i, t in enumerate(beach) if t.cover is None and t.controller() == me]
            out += [("umbrella", i) for i in mine]
            if (
                not mine
                and len(held) == 1
                and not self.hands[me]
                and not any(t.controller() == me for t in beach)
            ):
                out.append(("keep",))
        return out

    def _towels(self) -> list[tuple]:
        limit, least = (1, 0) if self.phase == "final_turn" else (2, 1)
        out = []
        if self.groups < limit:
            groups = _GROUPS[tuple(self.towels[self.seat])]
            for i, t in enumerate(self.beach):
                if t.cover is None and not t.touched:
                    top = t.top()
                    out += [("towels", g, i) for g, total in groups if total > top]
        if self.groups >= least:
            out.append(("done",))
        return out

    def _blocked(self) -> bool:
        """A towels step with no action: no group can beat any open treasure (and none placed yet)."""
        if self.phase == "final_turn":
            return False  # 'done' is always there
        a, b, c = self.towels[self.seat]
        most = a + 2 * b + 3 * c
        return not any(t.cover is None and t.top() < most for t in self.beach)

    # ---------------------------------------------------------------- playing
    def apply(self, action: tuple) -> None:
        me, kind = self.seat, action[0]
        if kind == "towels":
            (a, b, c), spot = action[1], self.beach[action[2]]
            towels = self.towels[me]
            towels[0] -= a
            towels[1] -= b
            towels[2] -= c
            spot.stack += [(me, 3)] * c + [(me, 2)] * b + [(me, 1)] * a  # the lowest card ends on top
            spot.touched = True
            self.groups += 1
            return  # 'done' is legal now: the player decides again
        if kind == "bury":
            hand = self.hands[me]
            self.beach.append(hand.pop(next(i for i, t in enumerate(hand) if t.label == action[1])))
        elif kind == "telescope":
            self.pirates[me].discard("telescope")
        elif kind == "map":
            self.pirates[me].discard("map")
            self.beach[action[1]].face_up = True
        elif kind == "umbrella":
            self.pirates[me].discard("umbrella")
            self.beach[action[1]].cover = me
        elif kind == "keep":
            self.pirates[me].discard("umbrella")
            self.kept[me] += 1
        elif kind == "discard":
            self.pirates[me].discard(action[1])
        elif kind != "done":
            raise ValueError(f"not an action: {action!r}")
        self._next()

    def _next(self) -> None:
        """After a card or 'done': the next step, turn or phase, skipping blocked towel steps."""
        while True:
            if self.step == "card":
                self.step, self.groups = "towels", 0
            else:
                self._end_turn()
                if self.over:
                    return
            if self.step != "towels" or not self._blocked():
                return

    def _end_turn(self) -> None:
        for t in self.beach:
            t.touched = False
        self.groups = 0
        self.turn += 1
        if self.phase == "first_turn":
            if self.turn < self.n:
                self.seat, self.step = (self.seat + 1) % self.n, "bury"
                return
            self.phase, self.turn = "regular", 0
            self.seat, self.step = self.start, "card"
        elif self.phase == "regular":
            if self.turn < self.n * self.rounds:
                self.seat, self.step = (self.seat + 1) % self.n, "card"
                return
            self.phase, self.turn = "final_turn", 0
            self.seat, self.step = self.start, "towels"
        else:
            self.over = True

    def scores(self) -> list[int]:
        out = []
        for p in range(self.n):
            won = [t for t in self.beach if t.controller() == p]
            pts = sum(t.value for t in won if t.kind == "number")
            pts += sum(min(2 * len(t.stack), 8) for t in won if t.kind == "towel")
            pts += SKULL_POINTS[min(sum(t.kind == "skull" for t in won), 4)]
            pts += sum(self.towels[p]) + self.kept[p]
            out.append(pts)
        return out


def text(action: tuple) -> str:
    """The engine's text of an action."""
    kind = action[0]
    if kind == "bury":
        return f"bury {action[1]}"
    if kind in ("telescope", "map", "umbrella"):
        return f"{kind} #{action[1]}"
    if kind == "keep":
        return "keep umbrella"
    if kind == "discard":
        return f"discard {action[1]}"
    if kind == "towels":
        a, b, c = action[1]
        return "towels " + "+".join(["1"] * a + ["2"] * b + ["3"] * c) + f" on #{action[2]}"
    return "done"


# every group of towel cards a hand can play, with its total, by the hand (ones, twos, threes)
_GROUPS = {
    (h1, h2, h3): [
        ((a, b, c), a + 2 * b + 3 * c)
        for a in range(h1 + 1)
        for b in range(h2 + 1)
        for c in range(h3 + 1)
        if a or b or c
    ]
    for h1 in range(5)
    for h2 in range(5)
    for h3 in range(5)
}


def random_hand(players: int, rng: random.Random, start: int = 0) -> tuple[list[int], int]:
    """Play one hand with random legal actions: (scores, actions taken)."""
    hand = Hand.deal(players, rng, start)
    actions = 0
    while not hand.over:
        legal = hand.legal()
        hand.apply(legal[rng.randrange(len(legal))])
        actions += 1
    return hand.scores(), actions


def random_match(players: int, rng: random.Random) -> tuple[list[int], int]:
    """A match: as many hands as players, the start moving one seat each hand."""
    totals, actions = [0] * players, 0
    for h in range(players):
        scores, n = random_hand(players, rng, start=h % players)
        totals = [a + b for a, b in zip(totals, scores)]
        actions += n
    return totals, actions
