"""Helpers to build Lying Pirates rulebook situations in a real game.

The helpers play through the public API (``legal_actions``, ``apply``, ``view``, ``log``)
where they can. Setting the dice the rulebook's examples show needs the engine's
internals; this is the complete list of what these helpers touch:

``game.g`` -- the State: ``g.zones`` (lists of component ids per zone instance),
    ``g.loc``, ``g.move(c, z)`` (moves a die, keeping knowledge consistent),
    ``g.cvars[name][c]`` (component variables: ``face`` of a die or a captain's Battle
    Die, and the captains' ``pos``, ``coins``, ``status``...), ``g.known[c]`` (the
    bitmask of seats that know ``c``), ``g.hvars`` (hand variables), ``g.rng`` (the
    seeded generator; :class:`ScriptedRolls` stands in for it to script a roll).
``game.m`` -- the Model: ``m.ctype[c]``, ``m.owner[c]``, ``m.props[name][c]`` (``kind``,
    ``faces``, ``event``), ``m.zone_index(name, seat=None)``, ``m.component_count``.
``refresh_legal(game)`` -- ``game._set_legal(game._current_legal())``: the legal actions
    again after the state was changed by hand.
``jump(game, phase_id)``, ``start_battle(game, ...)`` -- set ``g.phase_i`` (the index of phase ``clash`` in
    ``game.program.phases``) and ``g.mode = PHASE_START`` (``playa_rules.engine.state``),
    then runs the flow with ``game._run()``: a battle started the way a rule would start one.
"""

from __future__ import annotations

import random

import playa_rules as pr


def rules():
    """The bundled Lying Pirates rules."""
    return pr.load("lying-pirates")


def new(players: int = 3, seed=0):
    """A new match."""
    return rules().new_game(players=players, seed=seed)


def zone(game, name: str, seat: int | None = None) -> list[int]:
    """The component ids in one zone instance (a live list: do not mutate)."""
    return game.g.zones[game.m.zone_index(name, seat=seat)]


def captain(game, seat: int) -> int:
    """The captain (ship and Battle Die) of ``seat``."""
    m = game.m
    return next(c for c in zone(game, "fleet") if m.ctype[c] == "captain" and m.owner[c] == seat)


def phantom(game):
    """The Phantom's captain, or None when it does not sail."""
    m = game.m
    return next((c for c in zone(game, "fleet") if m.ctype[c] == "phantom"), None)


def var(game, c: int, name: str):
    """A component variable (a captain's ``pos``, ``coins``, ``status``...)."""
    return game.g.cvars[name][c]


def set_var(game, c: int, name: str, value) -> None:
    game.g.cvars[name][c] = value


def special(game, kind: str) -> int:
    """The Special Crew Die of a kind ('king', 'mermaid', 'ghost', 'cursed')."""
    m = game.m
    return next(c for c in range(m.component_count) if m.ctype[c] == "special" and m.props["kind"][c] == kind)


def set_cup(game, seat, faces: list[int], specials: dict | None = None) -> None:
    """Make ``seat``'s cup (``None``: the Phantom's) hold regular dice showing ``faces`` and
    the given special dice (kind -> face shown); other dice go back to the bag or the board."""
    g, m = game.g, game.m
    cup = m.zone_index("cup", seat=seat) if seat is not None else m.zone_index("phantom_cup")
    bag = m.zone_index("bag")
    board = m.zone_index("board")
    for c in list(g.zones[cup]):
        g.move(c, bag if m.ctype[c] == "crew" else board)
    for f in faces:
        d = g.zones[bag][-1]
        g.move(d, cup)
        g.cvars["face"][d] = f
    for kind, f in (specials or {}).items():
        d = special(game, kind)
        g.move(d, cup)
        g.cvars["face"][d] = f


def cup_faces(game, seat: int) -> list[int]:
    return [game.g.cvars["face"][d] for d in zone(game, "cup", seat=seat)]


def refresh_legal(game) -> None:
    """Recompute the legal actions of the seat to act after changing the state by hand."""
    game._set_legal(game._current_legal())


def texts(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def phase(game) -> str:
    return game.view(0)["phase"]


def play(game, *moves: str) -> None:
    """Apply actions by text, checking each is played by the seat the test expects:
    ``"1: bid 4 x 5"`` is seat 1's action."""
    for move in moves:
        seat, _, text = move.partition(": ")
        assert game.current_player == int(seat), f"seat {game.current_player} is to act, not {seat}"
        game.apply(text)


def keep_until(game, phase_id: str = "betting") -> None:
    """Keep every die rolled and the Cursed Die, and refuse to sacrifice, until the phase
    ``phase_id`` begins."""
    for _ in range(100):
        if game.is_over or phase(game) == phase_id:
            return
        game.apply(next(t for t in texts(game) if t.startswith("keep") or t == "refuse"))
    raise AssertionError(f"phase {phase_id} not reached")


class ScriptedRolls(random.Random):
    """A stand-in for the game's generator whose ``randrange`` returns scripted face
    indexes first (then falls back to a seeded generator); ``calls`` counts the rolls."""

    def __init__(self, indexes, seed=0, on_roll=None):
        super().__init__(seed)
        self.script = list(indexes)
        self.calls = 0
        self.on_roll = on_roll  # called before each scripted roll

    def randrange(self, *args, **kwargs):
        self.calls += 1
        if self.script and self.on_roll is not None:
            self.on_roll()
        if self.script:
            return self.script.pop(0)
        return super().randrange(*args, **kwargs)


# indexes into the assumed Battle Die faces [1, 1, 2, 2, 2, 3, 3, 3]: the rank shown
SKULL, MIDDLE, TOP = 0, 2, 5


def script_rolls(game, indexes, on_roll=None) -> ScriptedRolls:
    """Make the next rolls of the game show these face indexes."""
    game.g.rng = ScriptedRolls(indexes, on_roll=on_roll)
    return game.g.rng


def jump(game, phase_id: str) -> None:
    """Continue the game from the start of phase ``phase_id``, as a ``next`` would."""
    from playa_rules.engine.state import PHASE_START

    game.g.phase_i = [p.id for p in game.program.phases].index(phase_id)
    game.g.mode = PHASE_START
    game._run()


def start_battle(game, seats, seek: str, after: str = "activate") -> None:
    """Start a battle of the captains of ``seats`` looking for a 'winner' or a 'loser'."""
    g, m = game.g, game.m
    for c in zone(game, "fleet"):
        g.cvars["contending"][c] = m.owner[c] in seats
    g.hvars["seek"] = seek
    g.hvars["after"] = after
    jump(game, "clash")


def random_until(game, stop, rng: random.Random, limit: int = 5000) -> None:
    """Random legal actions until ``stop(game)`` holds (checked before each action)."""
    for _ in range(limit):
        if stop(game):
            return
        assert not game.is_over, "the match ended before the situation was reached"
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"situation not reached in {limit} actions")
