"""The compile stage for ``automata``: seats the rules play themselves, with a fixed behaviour.

A rule file may add seats that no person takes (the extra seat of a two-player rule):

    automata:
      bot:
        seats: {2: 1}                    # with 2 people, 1 such seat joins (after theirs)
        can_win: false
        plays:                           # tried in order: the first legal action that fits
          - {action: pass_on, when: "target == me.left"}
          - {action: pass}

Each ``when`` is compiled in its action's scope (its ``let`` names and parameters bound),
so it reads like one more ``require``. The engine plays these seats without asking anyone
(see ``engine/automata.py``).
"""

from __future__ import annotations

from .model import did_you_mean
from .program import AutomatonDef


def compile_automata(stage, actions: dict) -> list[AutomatonDef]:
    """The automata of the document ``stage`` compiles, with their choices bound to ``actions``."""
    out = []
    players = set(stage.data.get("players") or [])
    for name, spec in (stage.data.get("automata") or {}).items():
        ptr = f"/automata/{name}"
        seats = {}
        for count, n in (spec.get("seats") or {}).items():
            key = int(count) if str(count).isascii() and str(count).isdigit() else count
            if key not in players:
                stage.error(
                    f"{ptr}/seats",
                    "unknown-player-count",
                    f"automaton '{name}' joins games of {count} players, which the rules do not allow "
                    f"(players: {sorted(players)})",
                )
                continue
            seats[key] = n
        can_win = False
        if "can_win" in spec:
            c = stage.expr(spec["can_win"], f"{ptr}/can_win", _root(), "bool")
            if c is not None and not c.is_const:
                stage.error(f"{ptr}/can_win", "not-constant", "can_win must be known before the game starts")
            can_win = bool(c.const) if c is not None and c.is_const else False
        plays = []
        for i, entry in enumerate(spec.get("plays") or []):
            aname = entry.get("action")
            if aname not in actions:
                if aname not in (stage.data.get("actions") or {}):
                    stage.error(
                        f"{ptr}/plays/{i}/action",
                        "unknown-action",
                        f"no action is named '{aname}'",
                        did_you_mean(aname, list(actions)),
                    )
                continue
            when = None
            if "when" in entry:
                c = stage.expr(entry["when"], f"{ptr}/plays/{i}/when", stage.scopes[aname], "bool")
                when = c.fn if c is not None else None
            plays.append((actions[aname], when))
        out.append(
            AutomatonDef(
                id=name,
                rule=spec.get("rule", ""),
                seats=seats,
                can_win=can_win,
                plays=plays,
                site=stage.diag(f"{ptr}/plays", "automaton", "").location(),
            )
        )
    return out


def _root():
    from .dsl.compile import Scope

    return Scope()
