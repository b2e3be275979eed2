"""The flow of a generated rule file (tests/fuzz_shapes.py): its phases, the seats the rules
play (``automata``) and the match, their DSL text from tests/shapes_gen.py (``Shapes``).

The first phase's turns go round a number of rounds, ``until`` something holds (a counter,
``hand.ticks``, that every turn raises, ends it in time), or by a list of seats; a phase may
run only its ``on_start``; the last one may be skipped (``when``), taken by one seat or a
list; a phase's ``next`` sends the flow back to an earlier phase or on to a later one while
a counter (``hand.loops``, raised when that phase starts) allows, so phases repeat. An
automaton joins at some player counts and plays the first entry of its ``plays`` whose
``when`` (an action's require, its parameters bound) holds; the match has one to three
hands, its start player by ``rotate_start`` or ``next_start``, maybe an ``end_when``, match
points read from a variable and tie-breaks. Choice 0 is the simplest form of each.
"""

from __future__ import annotations

from shapes_gen import Shapes
from shapes_statements import block
from shapes_types import BOOL, NUM, SEAT, SEATS, wrap

ME = {"@me": 1, "@phase": 1}


def turns(g: Shapes, first: bool) -> tuple[dict, list[str]]:
    """A phase's ``turns`` and the lines its ``on_turn_start`` must begin with."""
    k = g.pick(4)
    if k == 1:  # until a condition holds; hand.ticks ends it in time
        until = f"hand.ticks >= {2 + g.pick(6)}"
        if g.maybe(70):
            until += f" or {g.expr(BOOL, {'@me': 1}, 2)}"
        out: dict = {"from": g.one(["start_player", "start_player.left"]), "until": until}
        if g.maybe(30):
            out["order"] = "counterclockwise"
        return out, ["set hand.ticks += 1"]
    if k == 2:
        return {"seats": g.expr(SEATS, {}, 2)}, []
    if k == 3 and not first:
        return {"seat": g.one(["start_player", "start_player.right", g.expr(SEAT, {}, 2)])}, []
    out = {"from": g.one(["start_player", "start_player.left"]), "rounds": 1 + g.pick(3)}
    if g.maybe(40):
        out["order"] = "counterclockwise"
    return out, []


def phases(g: Shapes, kinds: list[str], steps) -> list[dict]:
    """The hand's phases: ``play`` (turns of ``steps(g, kinds)``), maybe ``mid`` (only an
    ``on_start``), maybe ``last``, and ``next`` texts that loop while ``hand.loops`` allows."""
    play: dict = {"id": "play", "let": {"lim": g.expr(NUM, {}, 1)}}
    play["turns"], first = turns(g, True)
    start = first + block(g, dict(ME), 2, 2)
    if start:
        play["on_turn_start"] = "\n".join(start)
    play["steps"] = steps(g, kinds)
    out = [play]
    if g.maybe(30):
        mid: dict = {"id": "mid", "on_start": "\n".join(block(g, {}, 2, 3) or ["set hand.total += 1"])}
        if g.maybe(30):
            mid["when"] = g.expr(BOOL, {}, 2)
        out.append(mid)
    if g.maybe(50):
        out.append(_last(g, kinds, play["let"]))
    if len(out) > 1 and g.maybe(50):  # a phase's next: back (a loop, bounded) or on past the next
        at = g.pick(len(out))
        phase = out[at]
        target = g.one([p["id"] for p in out])
        cond = f"hand.loops < {1 + g.pick(3)}"
        if g.maybe(60):
            cond += f" and {wrap(g.expr(BOOL, {}, 2))}"  # (unbracketed, an 'or' made it endless)
        phase["next"] = f"if {cond} then '{target}' else none"
        phase["on_start"] = "\n".join(["set hand.loops += 1", *filter(None, [phase.get("on_start")])])
    return out


def _last(g: Shapes, kinds: list[str], let: dict) -> dict:
    """A last phase: maybe skipped (``when``), maybe only an ``on_start``, else turns."""
    last: dict = {"id": "last", "let": dict(let)}
    if g.maybe(40):
        last["when"] = g.expr(BOOL, {}, 2)
    start = block(g, {}, 2, 2)
    if start:
        last["on_start"] = "\n".join(start)
    if g.maybe(70):
        last["turns"], first = turns(g, False)
        if first:
            last["on_turn_start"] = "\n".join(first)
        last["steps"] = [{"id": "final", "actions": [*kinds, "pass"]}]
    return last


def automata(g: Shapes, scopes: dict[str, dict]) -> dict:
    """One automaton (a seat the rules play) joining at some player counts: at each of its
    decisions the first entry of ``plays`` with a legal action whose ``when`` holds (an
    action's require, its parameters and lets bound, ``me`` the automaton); the last entries
    take any legal pass or done, unless the behaviour is left partial (a located fault)."""
    plays = []
    for _ in range(1 + g.pick(3)):
        kind = g.one(sorted(scopes))
        entry = {"action": kind}
        if g.maybe(70):
            entry["when"] = g.expr(BOOL, scopes[kind], 2)
        plays.append(entry)
    if not g.maybe(5):
        plays += [{"action": "pass"}, {"action": "done"}]
    seats = g.one([{2: 1}, {2: 1, 3: 1}, {3: 1}, {2: 2}])
    out = {"rule": "a seat the rules play", "seats": seats, "plays": plays}
    if g.maybe(40):
        out["can_win"] = True
    return {"bot": out}


def match(g: Shapes) -> dict:
    """One to three hands: the start player moved by ``rotate_start`` or ``next_start``,
    maybe an ``end_when``, match points from a variable, tie-breaks."""
    out: dict = {"hands": 1 + g.pick(3)}
    if g.maybe(50):
        out["rotate_start"] = g.pick(3)
    if g.maybe(30):
        out["next_start"] = g.one(["current_player.left", "current_player", g.expr(SEAT, {"@me": 1}, 2)])
    if g.maybe(20):
        out["first_start"] = g.one(["1", "seat(players - 1)"])
    if g.maybe(30):
        out["end_when"] = g.expr(BOOL, {"@me": 1}, 2)
    if g.maybe(30):
        out["points"] = g.one(["me.wins", "me.wins + me.points", g.expr(NUM, {"@me": 1}, 2)])
    if g.maybe(30):
        out["tie_breaks"] = [{"id": "t0", "value": g.expr(NUM, {"@me": 1}, 2)}]
    return out
