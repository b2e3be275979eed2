"""What a seat's view shows, checked against the state: every zone entry by entry, a face the
seat knows in full (its id, properties and attached zones), a face it does not know as a back
alone, and the legal actions only to the seat to act (the property tests of the games)."""

from __future__ import annotations

import json


def same_kind(m, shown: int, c: int) -> bool:
    """Whether the id a seat's view shows is one of ``c``'s identical copies (the same face and
    label): a seat's view numbers the copies it sees by their places, not by which is which."""
    return (m.face[shown], m.labels[shown]) == (m.face[c], m.labels[c])


def _check_entry(game, seat: int, entry: dict, c: int, where: str) -> None:
    g, m = game.g, game.m
    assert entry["type"] == m.ctype[c], where
    if g.known[c] >> seat & 1:
        assert "hidden" not in entry, where
        assert same_kind(m, entry["id"], c), where
        for name, table in m.props.items():
            assert entry.get(name) == table[c], f"{where}: {name}"
    else:
        # a face the seat does not know shows only its back: no id, no property, no variable
        assert entry.get("hidden") is True, f"{where}: seat {seat} sees component {c} ({m.labels[c]})"
        assert set(entry) <= {"type", "hidden", "zones"}, f"{where}: {sorted(entry)}"
    for name, table in m.attached.items():
        zi = table[c]
        if zi >= 0:
            _check_zone(game, seat, entry["zones"][name], zi, f"{where}/{name}")


def _check_zone(game, seat: int, entries: list, zi: int, where: str) -> None:
    comps = game.g.zones[zi]
    assert len(entries) == len(comps), where
    for i, (entry, c) in enumerate(zip(entries, comps)):
        _check_entry(game, seat, entry, c, f"{where}[{i}]")


def check_views(game) -> None:
    """Each seat's view matches the state entry by entry and shows only faces the seat knows."""
    g, m = game.g, game.m
    for seat in range(g.n):
        view = game.view(seat)
        json.dumps(view)
        assert view["seat"] == seat and view["players"] == g.n
        for name, z in m.zones.items():
            if z.per is None:
                _check_zone(game, seat, view["zones"][name], z.base, f"seat {seat}: {name}")
            elif z.per == "player":
                assert len(view["seats"]) == g.n
                for p in range(g.n):
                    _check_zone(
                        game,
                        seat,
                        view["seats"][p]["zones"][name],
                        z.base + p,
                        f"seat {seat}: seat {p} {name}",
                    )
        if game.current_player == seat:
            assert [a["text"] for a in view["legal_actions"]] == [str(a) for a in game.legal_actions()]
        else:
            assert "legal_actions" not in view
