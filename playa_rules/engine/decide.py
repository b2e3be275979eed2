"""How a state meets chance: one door, :meth:`Chance.decide`, and the undecided order of
shuffled zones (see :mod:`.chance` for the nodes and the outcomes).

:class:`Chance` is the part of :class:`~.state.State` that picks outcomes: an outcome queued
by the caller (explicit chance, a replay), else the seeded generator, else (explicit mode)
the flow stops with :class:`~.chance.NeedChance`. A shuffled hidden zone keeps its order
undecided (``mix``: zone -> [lo, hi), the undecided slice of its list) until a position in
it is read: :meth:`~Chance.settle_top`, :meth:`~Chance.settle_bottom`,
:meth:`~Chance.settle_all`. The generator is made from the seed when first drawn from.
"""

from __future__ import annotations

import random

from ..errors import IllegalAction
from .chance import NeedChance, Node, choice_node, draw_node, odds_known, plain_backs, plain_dice


class Chance:
    """The chance side of a state (its slots are the state's: ``m``, ``zones``, ``mix``,
    ``queue``, ``qi``, ``explicit``, ``log``, ``nchance``, ``seed``, ``_rng``, ``rng_shared``)."""

    __slots__ = ()

    def decide(self, node):
        """The pick of a chance node: a queued outcome, else the generator, else (explicit) stop.

        A draw is an event even when every component left shows the same face (one outcome):
        whether it is forced can depend on faces a seat has not seen, so leaving it out of the
        log would tell that seat, by the count of draws it sees, what it cannot know. Only
        where the rules alone force it (every component of that back shows one face:
        ``chance.plain_backs``), as for a die whose faces all show one value among dice of its
        back that do too (``chance.plain_dice``) and a random choice of one option, is nothing
        decided and nothing logged."""
        options = node.options
        if len(options) == 1 and (
            node.kind == "choice"
            or (
                plain_backs(self.m)[options[0][2]]
                if node.kind == "draw"
                else plain_dice(self.m)[node.subject]
            )
        ):
            return options[0][2]  # nothing to decide, and nothing anyone could not know: not an event
        q = self.queue
        if q is not None and self.qi < len(q):
            oid = q[self.qi]
            self.qi += 1
            for opt in options:
                if opt[0] == oid:
                    break
            else:  # a replayed log that does not fit: not the rules' fault, so no GameRuntimeError
                exc = IllegalAction(
                    f"chance outcome {oid!r} is not possible here (a {node.kind}; possible: "
                    f"{', '.join(str(o[0]) for o in options[:8])}{', ...' if len(options) > 8 else ''})",
                    action=oid,
                )
                exc.chance_index = self.nchance  # which chance event of the log it is (engine.replay)
                raise exc
        elif self.explicit:
            raise NeedChance(node)
        elif len(options) == 1:  # a forced draw: logged, but no number drawn (as _draw does)
            opt = options[0]
        else:
            r = (self.own_rng() if self.rng_shared else self.rng).randrange(node.total)
            for opt in options:
                r -= opt[1]
                if r < 0:
                    break
        self.log.append(["chance", node, opt[0], None, opt[2]])  # the mask is filled in by the game
        self.nchance += 1
        return opt[2]

    def _draw(self, z: int, items, lo: int, hi: int, end: str) -> int:
        """The component drawn at one end of the undecided slice ``items[lo:hi]`` of zone ``z``.

        Sampled play takes the same odds as :meth:`decide` on a ``draw_node`` (a face
        weighted by its count, then the lowest id of that face) without building the node.
        """
        if self.explicit or self.queue is not None:
            n = self.nchance
            c = self.decide(draw_node(self.m, z, items, lo, hi, end))
            if self.nchance != n:  # logged: who could tell its probability (chance.odds_known)
                self.log[-1].append(odds_known(self, z, lo, hi, c))
            return c
        face = self.m.face
        f = face[items[lo]]
        for i in range(lo + 1, hi):
            if face[items[i]] != f:
                break
        else:  # every undecided component looks the same: a forced draw, an event unless the rules force it
            first = min(items[lo:hi])
            if plain_backs(self.m)[first]:
                return first
            self.log.append(
                [
                    "chance",
                    Node("draw", (z, end), [(f, hi - lo, first)], hi - lo),
                    f,
                    None,
                    first,
                    odds_known(self, z, lo, hi, first),
                ]
            )
            self.nchance += 1
            return first
        x = items[lo + (self.own_rng() if self.rng_shared else self.rng).randrange(hi - lo)]
        f = face[x]
        if self.m.alone[x]:  # the only component of its face: no other to count
            n, first = 1, x
        else:
            alike = [x for x in items[lo:hi] if face[x] == f]
            n, first = len(alike), min(alike)
        odds = odds_known(self, z, lo, hi, first)
        self.log.append(["chance", Node("draw", (z, end), [(f, n, first)], hi - lo), f, None, first, odds])
        self.nchance += 1
        return first

    def chance_choice(self, texts: list) -> int:
        """A random one of ``len(texts)`` options, each equally likely (a chance event)."""
        return self.decide(choice_node(self.m, texts))

    def settle_top(self, z: int) -> None:
        """Decide which component is on top of zone ``z`` if that is still undecided."""
        if self.mix[z][1] == len(self.zones[z]):  # else the top was put there after the shuffle
            self._settle_high(z)

    def settle_bottom(self, z: int, k: int = 1) -> None:
        """Decide which components are in the bottom ``k`` places of zone ``z`` where still undecided."""
        items = self.zones[z]
        while self.mix[z] is not None and self.mix[z][0] < k:
            lo, hi = self.mix[z]
            c = self._draw(z, items, lo, hi, "bottom")
            i = items.index(c, lo, hi)
            items[i], items[lo] = items[lo], c
            self._shrink(z, lo + 1, hi)

    def settle_all(self, z: int) -> None:
        """Decide the whole order of zone ``z`` (something reads more than its ends)."""
        while self.mix[z] is not None:
            self._settle_high(z)

    def _settle_high(self, z: int) -> None:
        """Decide the highest undecided position of zone ``z``."""
        lo, hi = self.mix[z]
        items = self.zones[z]
        c = self._draw(z, items, lo, hi, "top")
        i = items.index(c, lo, hi)
        items[i], items[hi - 1] = items[hi - 1], c
        self._shrink(z, lo, hi - 1)

    def _shrink(self, z: int, lo: int, hi: int) -> None:
        if hi - lo > 1:
            self.mix[z] = (lo, hi)
        else:
            self.mix[z] = None

    @property
    def rng(self) -> random.Random:
        """The seeded generator, made from ``seed`` when first asked for (a generator seeded
        and never drawn from gives what a fresh one gives, so making it late changes nothing)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng

    def own_rng(self) -> random.Random:
        """The random generator, made this state's own first if a copy shares it: copying
        its state costs half a clone, and a clone that never draws (a search that only
        reads, a game with no chance left) need not pay it."""
        if self._rng is None:  # never drawn from: this state's own, from the seed
            self.rng_shared = False
            return self.rng
        rng = random.Random.__new__(random.Random)  # not Random(): that seeds from the OS first
        rng.setstate(self._rng.getstate())
        self.rng, self.rng_shared = rng, False
        return rng
