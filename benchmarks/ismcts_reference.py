"""The engine's ISMCTS written by hand on the hand-written Playa Pirata: the search's yardstick.

``python benchmarks/ismcts_reference.py --games N`` plays the README's example
(``simulate playa-pirata -p 3 --agents ismcts,random,random``, game i shifting the agents
i seats, as ``playa_rules.simulation.play`` does) N times with the engine and N times with
this reference, game by game in turns in one process, and prints the CPU seconds a game of
each, their ratio, the ismcts seat's wins (Wilson 95% interval), and the iterations and
legal actions per search (``benchmarks/README.md`` has the figures).

The search is ``playa_rules/agents/ismcts.py``'s, with its defaults, written as a Python
programmer would for speed on ``benchmarks/playa_reference.py`` (actions are its tuples):

* single-observer ISMCTS: one tree for the seat, a node per action (keyed by the action,
  as the engine keys by its id), its statistics from the point of view of the seat that
  chose it; each iteration samples a world, walks the tree in it and backs the reward up;
* selection: an untried action legal in this world first (drawn uniformly, the engine's
  way: up to 8 random draws, then the untried listed), else UCB1 over the actions legal in
  this world with each arm's availability count, ``c = 0.7``;
* 100 iterations a decision, counting those a reused subtree holds, with the engine's
  early stop (once the most visited legal action leads every other by more than the
  iterations left; tested only where it can first hold, as ``_margin`` says);
* horizon: the end of the hand under way, a uniformly random playout to it
  (``int(random() * n)``, as the engine's playout); reward: ``protocol.evaluate`` (half for
  leading, shared, the winners by the match's tie-break once the last hand is scored; half
  for the rank), on the match's points with the hand's added;
* the most visited legal action at the root (then the higher mean);
* ties broken as the engine's: UCB1 takes the first of equal values in the legal list,
  listed in the engine's order (:class:`Play`: the towel groups by total, then ones, then
  twos), and the root the highest engine id among equal visits and means
  (:func:`engine_id`). With many one-visit children this decides the move: the
  reference's own order and no id tie-break played small towel groups where the engine
  plays large ones (``benchmarks/README.md``);
* tree reuse, as the engine's (``agents/reuse.py``): at the seat's next decision in the same
  hand, the subtree reached by the moves made since (its own and the others') becomes the
  root, with its statistics, when none of them showed the seat anything hidden or hid
  anything from it (another seat's burial, seen by its back; a Telescope or Map on a
  treasure it did not know; a blocked towels step showing a seat's towel cards to all) and
  the tree has a node for each; the budget counts the iterations it holds. ``--games``
  prints the reused share of both.

Worlds (:class:`Worlds`): what the seat knows is kept (its own treasures, the treasures it
buried, peeked at with a Telescope or saw turned up by a Map, and all that is public:
towels, stacks, umbrellas, pirates played); the rest, the other seats' treasures, the
treasures buried out of its sight (the middle one included) and the leftovers set aside,
is dealt again uniformly over those places, as ``engine/worlds.py`` does (a stack, an
umbrella and the face-up flag stay with their place). The other seats' towel and pirate
cards in hand need no redraw: every one of them not in hand is public, so the hand's
contents are known (the engine permutes them among their places, which changes nothing).
The worlds are computed once per decision (what is unseen and where), then each is a
shuffle and a copy, as the engine remembers its plan per position.

What it leaves out, all of it the engine's API rather than the search: views, logs and
action objects (the engine's agent receives lazy ones and reads only ids); the engine's
action ids (tuples here); the reuse check's log walk and kept world (here: the same hand
object, its move counter and the action's knowledge).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
from bisect import bisect_left, bisect_right
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _load_reference():
    name = "playa_reference"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, HERE / "playa_reference.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ref = _load_reference()
Hand, Treasure = ref.Hand, ref.Treasure

PLAYERS = 3
PLAYOUTS = 100
C = 0.7


# ------------------------------------------------------------------ the real game, with knowledge
class Card(Treasure):
    """A treasure of the real game, knowing which seats know its face (a bit per seat)."""

    __slots__ = ("known",)

    def __init__(self, kind: str, value: int, known: int = 0):
        super().__init__(kind, value)
        self.known = known


def _supply() -> list[tuple]:
    """The 15 treasures as (kind, value): the identities a world deals."""
    return (
        [("number", v) for v in ref.NUMBERED]
        + [("skull", 0)] * ref.SKULLS
        + [("towel", 0)] * ref.TOWEL_TREASURES
    )


SUPPLY = _supply()
LABELS = {ident: (str(ident[1]) if ident[0] == "number" else ident[0]) for ident in SUPPLY}


# The engine's order of a step's legal actions and of its action ids, which break ties: UCB1
# takes the first of equal values in list order, the choice at the root the highest id of
# equal visits and means. The reference lists towel groups by their counts of ones, twos and
# threes; the engine by total, then ones, then twos (each treasure in turn, as both do).
ENGINE_GROUPS = {
    held: sorted(groups, key=lambda g: (g[1], g[0][0], g[0][1])) for held, groups in ref._GROUPS.items()
}
_BURY_ID = {label: i for i, label in enumerate(["3", "4", "5", "6", "7", "skull", "towel"])}
_KIND_ID = {"telescope": 7, "map": 22, "umbrella": 37, "keep": 52, "discard": 53, "towels": 65, "done": 1940}


def engine_id(action: tuple) -> int:
    """The engine's id of an action (3 players; only their order is used: the tie-break at the root)."""
    kind = action[0]
    if kind == "bury":
        return _BURY_ID[action[1]]
    if kind == "towels":
        a, b, c = action[1]
        return 65 + 125 * action[2] + 25 * a + 5 * b + c
    if kind == "discard":
        return 53 + ref.PIRATES.index(action[1])
    return _KIND_ID[kind] + (action[1] if len(action) > 1 else 0)


class Play(Hand):
    """The reference's hand listing its legal actions in the engine's order (the same actions)."""

    def legal(self) -> list[tuple]:
        if self.step == "bury":
            return self._bury()
        if self.step == "card":
            out = self._bury() + self._pirates()
            return out or [("discard", p) for p in ref.PIRATES if p in self.pirates[self.seat]]
        return self._towels()

    def _towels(self) -> list[tuple]:
        limit, least = (1, 0) if self.phase == "final_turn" else (2, 1)
        out = []
        if self.groups < limit:
            held = tuple(self.towels[self.seat])
            for i, t in enumerate(self.beach):
                if t.cover is None and not t.touched:
                    stack = t.stack
                    key = (held, stack[-1][1] if stack else 0, i)
                    run = _RUNS.get(key)
                    if run is None:
                        run = _RUNS[key] = [
                            ("towels", g, i) for g, total in ENGINE_GROUPS[held] if total > key[1]
                        ]
                    out += run
        if self.groups >= least:
            out.append(("done",))
        return out


_RUNS: dict = {}  # (towel cards held, the top card's towels, the treasure's place) -> its towel actions


class Real(Play):
    """A hand of the real game: the reference's hand, its treasures knowing who saw them, and
    its history, each move with the seats that learnt something hidden by it (for tree reuse)."""

    @classmethod
    def deal(cls, players: int, rng: random.Random, start: int = 0) -> Real:
        supply = SUPPLY[:]
        rng.shuffle(supply)
        size = ref.HAND_SIZE[players]
        return cls.of(
            players,
            start,
            [supply[i * size : (i + 1) * size] for i in range(players)],
            supply[players * size],
        )

    @classmethod
    def of(cls, players: int, start: int, dealt: list, middle: tuple) -> Real:
        """The hand dealt so: ``dealt`` each seat's (kind, value), ``middle`` the treasure nobody knows."""
        hand = cls(
            players, start, [[Card(*t, 1 << i) for t in held] for i, held in enumerate(dealt)], Card(*middle)
        )
        hand.history = []  # (seat, action, news): news has a bit for each seat that learnt something hidden
        hand.shown = 0  # the seats whose towel cards in hand were shown to all (a blocked step)
        return hand

    def apply(self, action: tuple) -> None:
        me, kind = self.seat, action[0]
        everyone = (1 << self.n) - 1
        news = 0
        if kind == "bury":  # the others see only its back
            news = everyone & ~(1 << me)
        elif kind == "telescope":
            t = self.beach[action[1]]
            news = (1 << me) & ~t.known
            t.known |= 1 << me
        elif kind == "map":
            t = self.beach[action[1]]
            news = everyone & ~t.known
            t.known = everyone
        self.news = news
        super().apply(action)  # (a buried card keeps its knowledge: its owner's)
        self.history.append((me, action, self.news))

    def _blocked(self) -> bool:
        """A blocked towels step shows the seat's towel cards to all (the rule file's on_blocked)."""
        blocked = super()._blocked()
        bit = 1 << self.seat
        if blocked and not self.shown & bit and sum(self.towels[self.seat]):
            self.shown |= bit
            self.news |= ((1 << self.n) - 1) & ~bit
        return blocked


# ------------------------------------------------------------------ worlds
def _copy(t: Treasure, kind: str, value: int, label: str) -> Treasure:
    c = Treasure.__new__(Treasure)
    c.kind, c.value, c.label = kind, value, label
    c.stack, c.cover, c.face_up, c.touched = t.stack[:], t.cover, t.face_up, t.touched
    return c


class Worlds:
    """The worlds of ``seat`` at the real hand's position now (module doc): ``worlds()`` a new
    :class:`~playa_reference.Hand` with the unseen treasures dealt again."""

    def __init__(self, real: Real, seat: int, rng: random.Random):
        self.real, self.seat, self.rng = real, seat, rng
        bit = 1 << seat
        pool = Counter(SUPPLY)
        for t in real.hands[seat]:
            pool[(t.kind, t.value)] -= 1
        self.unseen_beach = []  # the beach's places whose face the seat does not know
        for i, t in enumerate(real.beach):
            if t.known & bit:
                pool[(t.kind, t.value)] -= 1
            else:
                self.unseen_beach.append(i)
        self.pool = [(k, v, LABELS[k, v]) for (k, v), n in pool.items() for _ in range(n)]

    def __call__(self) -> Play:
        real, seat = self.real, self.seat
        pool = self.pool[:]
        self.rng.shuffle(pool)
        w = Play.__new__(Play)
        w.n, w.start, w.rounds = real.n, real.start, real.rounds
        w.phase, w.turn, w.seat, w.step, w.groups, w.over = (
            real.phase,
            real.turn,
            real.seat,
            real.step,
            real.groups,
            real.over,
        )
        w.pirates = [set(p) for p in real.pirates]
        w.towels = [t[:] for t in real.towels]
        w.kept = real.kept[:]
        k = 0
        hands = []
        for s, held in enumerate(real.hands):
            if s == seat:
                hands.append([_copy(t, t.kind, t.value, t.label) for t in held])
            else:
                mine = []
                for t in held:
                    mine.append(_copy(t, *pool[k]))
                    k += 1
                hands.append(mine)
        w.hands = hands
        beach = [_copy(t, t.kind, t.value, t.label) for t in real.beach]
        for i in self.unseen_beach:
            t = beach[i]
            t.kind, t.value, t.label = pool[k]
            k += 1
        w.beach = beach
        return w


# ------------------------------------------------------------------ the match and the rewards
class Match:
    """What a search needs of the match: the points before the hand under way, each seat's best
    hand so far, and whether this hand is the last."""

    def __init__(self, players: int):
        self.players = players
        self.totals = [0] * players
        self.best = [None] * players
        self.hand = 0

    @property
    def last(self) -> bool:
        return self.hand == self.players - 1

    def add(self, scores: list) -> None:
        self.totals = [a + b for a, b in zip(self.totals, scores)]
        self.best = [s if b is None else max(b, s) for b, s in zip(self.best, scores)]
        self.hand += 1

    def winners(self, totals=None, best=None) -> list:
        """Most points; on a tie the highest single hand; then shared."""
        totals = self.totals if totals is None else totals
        best = self.best if best is None else best
        top = max(totals)
        tied = [s for s, t in enumerate(totals) if t == top]
        high = max(best[s] for s in tied)
        return [s for s in tied if best[s] == high]


def _rank_rewards(totals: tuple, leaders: list, seats: int) -> tuple:
    """``protocol.evaluate``: half for leading (shared), half for the share of seats ranked below."""
    ranked = sorted(totals)
    out = []
    for s in range(seats):
        lead = 1 / len(leaders) if s in leaders else 0.0
        mine = totals[s]
        below = bisect_left(ranked, mine)
        rank = (below + 0.5 * (bisect_right(ranked, mine) - below - 1)) / (seats - 1)
        out.append(0.5 * lead + 0.5 * rank)
    return tuple(out)


_REWARDS: dict = {}


def rewards(match: Match, scores: list) -> tuple:
    """The rewards of a playout that ended the hand with ``scores`` (remembered by points, as the
    engine's are)."""
    totals = tuple(a + b for a, b in zip(match.totals, scores))
    if match.last:  # the match is over: the winners by the tie-break
        best = [s if b is None else max(b, s) for b, s in zip(match.best, scores)]
        return _rank_rewards(totals, match.winners(totals, best), match.players)
    got = _REWARDS.get(totals)
    if got is None:
        if len(_REWARDS) > 4096:
            _REWARDS.clear()
        top = max(totals)
        got = _REWARDS[totals] = _rank_rewards(
            totals, [s for s, t in enumerate(totals) if t == top], len(totals)
        )
    return got


# ------------------------------------------------------------------ the search
class Node:
    __slots__ = ("player", "visits", "total", "children", "avail")

    def __init__(self, player):
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.children: dict = {}
        self.avail: Counter = Counter()  # how often each action was legal here


class Searcher:
    """The engine's ISMCTS (module doc) for one seat of one reference match."""

    def __init__(
        self,
        rng: random.Random,
        seat: int,
        playouts: int = PLAYOUTS,
        c: float = C,
        reuse: bool = True,
        ties: str = "engine",
    ):
        self.rng, self.seat, self.playouts, self.c, self.reuse = rng, seat, playouts, c, reuse
        self.ties = ties  # at the root: "engine" (the highest id) or "random" (uniform: an experiment)
        self._kept = None  # (hand, its move counter after our action, the action's subtree)
        self.reused = 0  # iterations taken over from earlier searches
        self.iterations = 0  # iterations played
        self.searches = 0
        self.legal_total = 0  # legal actions summed over the searches

    def act(self, real: Real, match: Match, legal: list) -> tuple:
        if len(legal) == 1:
            return legal[0]
        self.searches += 1
        self.legal_total += len(legal)
        root, kept, self._kept = None, self._kept, None
        if kept is not None and kept[0] is real:
            root = self._follow(kept[1], real.history[kept[2] :])
        if root is None:
            root = Node(None)
        self.reused += root.visits
        worlds = Worlds(real, self.seat, self.rng)
        self._search(root, worlds, match, set(legal))
        best, choice = None, None
        for a in legal:  # the most visited, then the higher mean, then the higher id (the engine's max)
            n = root.children.get(a)
            if n is not None and n.visits:
                key = (n.visits, n.total / n.visits, engine_id(a))
                if best is None or key > best:
                    best, choice = key, a
        if choice is None:  # (no world allowed a real legal action: cannot happen here)
            return legal[self.rng.randrange(len(legal))]
        if self.ties == "random":  # uniformly among the actions of the same visits and mean
            tied = []
            for a in legal:
                n = root.children.get(a)
                if n is not None and n.visits == best[0] and n.total / n.visits == best[1]:
                    tied.append(a)
            choice = tied[self.rng.randrange(len(tied))]
        if self.reuse:
            self._kept = (real, root, len(real.history))
        return choice

    def _follow(self, root: Node, since: list):
        """The kept tree's node for the position now, or None when it no longer fits: the moves
        since showed the seat nothing hidden and hid nothing from it, and the tree has a node
        for each (the engine's ``reuse.follow``)."""
        if not since:
            return None
        bit, node = 1 << self.seat, root
        for seat, action, news in since:
            if news & bit:
                return None
            node = node.children.get(action)
            if node is None or node.player != seat:
                return None
        return node

    def _search(self, root: Node, worlds: Worlds, match: Match, legal: set) -> None:
        budget = self.playouts
        due = root.visits
        iterate = self._iterate
        for done in range(root.visits, budget):
            left = budget - done
            if 2 * left < budget and done >= due:
                margin = self._margin(root, legal, left)
                if margin < 0:
                    return
                due = done + margin // 2 + 1
            iterate(root, worlds(), match)

    @staticmethod
    def _margin(root: Node, legal: set, left: int) -> int:
        first = second = 0
        for a, child in root.children.items():
            if a in legal:
                v = child.visits
                if v > first:
                    first, second = v, first
                elif v > second:
                    second = v
        return second + left - first

    def _iterate(self, root: Node, w: Play, match: Match) -> None:
        self.iterations += 1
        rng = self.rng
        random = rng.random
        c, sqrt, log = self.c, math.sqrt, math.log
        root.visits += 1
        node, path = root, []
        while not w.over:
            legal = w.legal()
            node.avail.update(legal)
            children = node.children
            # an untried action, drawn uniformly (the engine's _untried)
            n = len(legal)
            k = None
            if len(children) < n:
                for _ in range(8):
                    j = int(random() * n)
                    if legal[j] not in children:
                        k = j
                        break
            if k is None and not children.keys() >= set(legal):
                untried = [j for j, a in enumerate(legal) if a not in children]
                k = untried[rng.randrange(len(untried))]
            if k is not None:
                a = legal[k]
                node = children[a] = Node(w.seat)
                path.append(node)
                w.apply(a)
                break
            # UCB1 with availability counts
            avail = node.avail
            best, best_value = None, -math.inf
            for a in legal:
                child = children[a]
                value = child.total / child.visits + c * sqrt(log(avail[a]) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            node = children[best]
            path.append(node)
            w.apply(best)
        while not w.over:  # the playout, to the end of the hand
            legal = w.legal()
            w.apply(legal[int(random() * len(legal))])
        got = rewards(match, w.scores())
        for n in path:
            n.visits += 1
            n.total += got[n.player]


# ------------------------------------------------------------------ the README's match
def seats_order(agents: tuple, index: int) -> tuple:
    """Game ``index`` shifts the agents ``index`` seats (``simulation.play.seats_order``)."""
    shift = index % len(agents)
    return tuple(agents[(j - shift) % len(agents)] for j in range(len(agents)))


def play_reference(
    index: int, seed: int, playouts: int = PLAYOUTS, record: list | None = None, ties: str = "engine"
):
    """One README game with the reference (ismcts, random, random; rotated): the ismcts seat's
    :class:`Searcher` and whether it won (a shared win counts). ``record``, if given, gets
    ``(seat, legal, action)`` for every decision."""
    order = seats_order(("ismcts", "random", "random"), index)
    rng = random.Random(seed)  # the deals
    agents = {s: random.Random(f"agent:{seed}:{s}") for s in range(PLAYERS)}
    me = order.index("ismcts")
    searcher = Searcher(agents[me], me, playouts, ties=ties)
    match = Match(PLAYERS)
    for h in range(PLAYERS):
        real = Real.deal(PLAYERS, rng, start=h % PLAYERS)
        while not real.over:
            seat = real.seat
            legal = real.legal()
            if seat == me:
                action = searcher.act(real, match, legal)
            else:
                action = legal[agents[seat].randrange(len(legal))]
            if record is not None:
                record.append((seat, legal, action))
            real.apply(action)
        match.add(real.scores())
    return searcher, me in match.winners()


def reference_games(seeds, playouts: int = PLAYOUTS, ties: str = "engine") -> tuple[list[float], int]:
    """Play the README's game for each seed (game i: seed i, rotated i seats): the CPU seconds of
    each game and the ismcts seat's wins."""
    cpu, wins = [], 0
    for i in seeds:
        start = time.process_time()
        _, won = play_reference(i, i, playouts, ties=ties)
        cpu.append(time.process_time() - start)
        wins += won
    return cpu, wins


# ------------------------------------------------------------------ the engine, counted
def _engine_agent(playouts: int = PLAYOUTS):
    from playa_rules.agents import ISMCTSAgent

    class Counted(ISMCTSAgent):
        """The engine's ismcts with its defaults, counting its searches (per class)."""

        iterations = searches = legal_total = reused_total = 0

        def __init__(self, rng):
            super().__init__(rng, playouts=playouts)

        def act(self, view, legal, log, worlds):
            if len(legal) > 1:
                cls = type(self)
                cls.searches += 1
                cls.legal_total += len(legal)
                before = self.reused
                choice = super().act(view, legal, log, worlds)
                cls.reused_total += self.reused - before
                return choice
            return super().act(view, legal, log, worlds)

        def _iterate(self, root, world):
            type(self).iterations += 1
            super()._iterate(root, world)

    Counted.__name__ = "ismcts"
    return Counted


def play_engine(rules, cls, index: int) -> tuple[float, bool]:
    from playa_rules.simulation.play import Unit, play_game

    start = time.process_time()
    record = play_game(Unit(index, rules, PLAYERS, index, (cls, "random", "random")))
    cpu = time.process_time() - start
    seats = record["seats"]
    return cpu, any(record["agents"][seats.index(w)] == "ismcts" for w in record["winners"])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/ismcts_reference.py")
    parser.add_argument("--games", type=int, default=20, help="games for each (default 20)")
    parser.add_argument("--first", type=int, default=0, help="the first game's index and seed")
    parser.add_argument(
        "--playouts", type=int, default=PLAYOUTS, help="iterations a search, both (default 100)"
    )
    args = parser.parse_args(argv)
    from playa_rules.rules import load
    from playa_rules.simulation.play import Unit, play_game
    from playa_rules.simulation.stats import wilson

    rules = load("playa-pirata")
    play_game(Unit(0, rules, PLAYERS, 10**6, ("random",)))  # warm-up: the generated code compiles
    play_reference(10**6, 10**6, 5)
    engine = _engine_agent(args.playouts)
    cpu = {"engine": 0.0, "reference": 0.0}
    wins = {"engine": 0, "reference": 0}
    counts = {"reference": [0, 0, 0, 0]}  # iterations, searches, legal actions, reused
    for i in range(args.first, args.first + args.games):
        seconds, won = play_engine(rules, engine, i)
        cpu["engine"] += seconds
        wins["engine"] += won
        start = time.process_time()
        searcher, won = play_reference(i, i, args.playouts)
        cpu["reference"] += time.process_time() - start
        wins["reference"] += won
        c = counts["reference"]
        c[0] += searcher.iterations
        c[1] += searcher.searches
        c[2] += searcher.legal_total
        c[3] += searcher.reused
    counts["engine"] = [engine.iterations, engine.searches, engine.legal_total, engine.reused_total]
    n = args.games
    print(f"{n} games of playa-pirata, 3 players, ismcts,random,random (rotated), one process, in turns")
    for side in ("engine", "reference"):
        k = wins[side]
        lo, hi = wilson(k, n)
        it, searches, legal, reused = counts[side]
        print(
            f"{side:<9} {cpu[side] / n:7.3f} s CPU a game, wins {k}/{n} {100 * k / n:.1f}% "
            f"({100 * lo:.1f}% - {100 * hi:.1f}%), {searches / n:.1f} searches a game, "
            f"{(it + reused) / max(searches, 1):.1f} iterations a search ({it / max(searches, 1):.1f} played, "
            f"{100 * reused / max(it + reused, 1):.1f}% reused), {legal / max(searches, 1):.2f} legal actions a search"
        )
    ratio = cpu["engine"] / cpu["reference"] if cpu["reference"] else math.inf
    print(f"engine / reference, CPU a game: {ratio:.2f}")
    for side in ("engine", "reference"):
        minutes = 2000 * cpu[side] / n / 2 / 60
        print(f"a 1,000-game comparison (2,000 games on 2 workers), projected: {side} {minutes:.1f} min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
