"""From game records to the numbers ``simulate`` prints and ``--json`` carries (docs/simulation.md).

Every statistic is first a list of samples (:func:`measures`): a rate is a list of 0/1,
a mean a list of numbers. :func:`summarize` turns them into estimates with 95%
intervals; ``compare`` tests the same lists of two rule sets against each other.

Definitions: a seat *wins* a game when it is among ``game.winners()`` (a shared win
counts for each winner, and is also a *tie*); a game with no winner (``win none``) is a
*draw*. A game is *won by a seat the rules play* when a winner is a seat no agent decides
for (a seat the rules fill in a two-player game); ``rule_seats.win_rate`` is measured only when the
rules play a seat. The *first player* is the seat that made the first decision. If no seat had an
edge, each seat would be among a game's winners with the chance *winners / seats* (its
*even share*: 1/seats when every game has one winner, less with draws, more with ties);
the first player's *advantage* is the mean over games of "it won" (0 or 1) minus that
share. A scoring rule *scored* in a seat-game when its points over the match were not 0,
and was *decisive* in a game when taking its points away from every seat changes the set
of seats with the most points (only when the rules' points add up to the scores;
otherwise ``null``).
"""

from __future__ import annotations

import math

from .stats import mean_interval, mean_sd, wilson

_BOUNDS = {"first_player.advantage": (-1, 1)}  # "it won" (0 or 1) minus a share from 0 to 1


def _even_share(record: dict) -> float:
    """A seat's chance to be among this game's winners if no seat had an edge: winners / seats."""
    return len(set(record["winners"]).intersection(record["seats"])) / len(record["seats"])


def _leaders(totals: dict) -> set:
    top = max(totals.values())
    return {s for s, t in totals.items() if t == top}


def measures(
    records: list[dict], others: list[dict] = (), by_game: bool = False
) -> dict[str, tuple[str, list]]:
    """Name -> ("rate" | "mean", samples) for every statistic of the records (module doc).

    ``others`` (the other side of a comparison) adds the action kinds and scoring rules only
    they have, each counted as 0 here: a rule these rules lack gives no points. A statistic
    of seats (an agent's win rate, a rule's points) has one sample per seat-game; with
    ``by_game`` one per game instead, the mean over the game's seats (the games are
    independent, the seats of one game are not: ``compare`` tests these).
    """
    out: dict[str, tuple[str, list]] = {}
    game: dict[str, tuple[str, list]] = {}

    def add(name, kind, value):
        game.setdefault(name, (kind, []))[1].append(value)

    def close_game():
        for name, (kind, values) in game.items():
            samples = out.setdefault(name, (kind, []))[1]
            if by_game:
                samples.append(math.fsum(values) / len(values))
            else:
                samples.extend(values)
        game.clear()

    both = [*records, *others]
    kinds = sorted({k for r in both for k in r["actions"]})
    rule_ids = list(dict.fromkeys(k for r in both for k in r["rules"]))
    rule_played = any(len(r["scores"]) > len(r["seats"]) for r in both)  # a seat no agent decides for
    for r in records:
        winners = set(r["winners"])
        if rule_played:
            add("rule_seats.win_rate", "rate", int(bool(winners.difference(r["seats"]))))
        for pos, seat in enumerate(r["seats"]):
            score = r["scores"][seat]
            add(f"seats[{pos}].win_rate", "rate", int(seat in winners))
            add(f"seats[{pos}].mean_score", "mean", score)
            name = r["agents"][pos]
            add(f"by_agent[{name}].win_rate", "rate", int(seat in winners))
            add(f"by_agent[{name}].mean_score", "mean", score)
        add("length.mean", "mean", r["decisions"])
        add("ties.rate", "rate", int(len(winners) > 1))
        add("draws.rate", "rate", int(not winners))
        add("first_player.win_rate", "rate", int(r["first"] in winners))
        add("first_player.advantage", "mean", int(r["first"] in winners) - _even_share(r))
        for kind in kinds:
            add(f"actions[{kind}].per_game", "mean", r["actions"].get(kind, 0))
        totals = {s: r["scores"][s] for s in r["seats"]}
        adds_up = all(sum(points[s] for points in r["rules"].values()) == totals[s] for s in r["seats"])
        for rid in rule_ids:
            points = r["rules"].get(rid, [0] * (max(r["seats"]) + 1))
            for seat in r["seats"]:
                add(f"rules[{rid}].mean", "mean", points[seat])
                add(f"rules[{rid}].scored", "rate", int(points[seat] != 0))
            if adds_up:
                without = {s: totals[s] - points[s] for s in r["seats"]}
                add(f"rules[{rid}].decisive", "rate", int(_leaders(without) != _leaders(totals)))
        close_game()
    return out


def estimate(kind: str, samples: list, bounds=None) -> dict:
    """A rate with its Wilson interval, or a mean with its spread and t interval (``None``
    when it says nothing: one game, or no spread in values not known to be ``bounds``)."""
    n = len(samples)
    if kind == "rate":
        k = sum(samples)
        return {"n": n, "count": k, "rate": k / n if n else 0.0, "ci": list(wilson(k, n))}
    mean, sd = mean_sd(samples)
    ci = mean_interval(samples, bounds=bounds)
    return {
        "n": n,
        "mean": mean,
        "sd": sd,
        "ci": None if ci is None else list(ci),
        "min": min(samples) if samples else 0,
        "max": max(samples) if samples else 0,
    }


def summarize(records: list[dict], meta: dict) -> dict:
    """The plain-data result of a batch (the ``--json`` document, fields in docs/simulation.md)."""
    m = measures(records)
    est = {name: estimate(kind, samples, _BOUNDS.get(name)) for name, (kind, samples) in m.items()}
    n_seats = len(records[0]["seats"]) if records else 0
    seats = []
    for pos in range(n_seats):
        w, s = est[f"seats[{pos}].win_rate"], est[f"seats[{pos}].mean_score"]
        seats.append(
            {
                "seat": records[0]["seats"][pos],
                "wins": w["count"],
                "win_rate": w["rate"],
                "win_rate_ci": w["ci"],
                "mean_score": s["mean"],
                "sd_score": s["sd"],
                "mean_score_ci": s["ci"],
                "agents": _count(r["agents"][pos] for r in records),
            }
        )
    by_agent = {}
    for name in dict.fromkeys(a for r in records for a in r["agents"]):
        w, s = est[f"by_agent[{name}].win_rate"], est[f"by_agent[{name}].mean_score"]
        by_agent[name] = {
            "seat_games": w["n"],
            "wins": w["count"],
            "win_rate": w["rate"],
            "win_rate_ci": w["ci"],
            "mean_score": s["mean"],
            "sd_score": s["sd"],
            "mean_score_ci": s["ci"],
        }
    length = est.get("length.mean", estimate("mean", []))
    ties = est.get("ties.rate", estimate("rate", []))
    draws = est.get("draws.rate", estimate("rate", []))
    ruled = est.get("rule_seats.win_rate")
    first = est.get("first_player.win_rate", estimate("rate", []))
    edge = est.get("first_player.advantage", estimate("mean", []))
    expected = mean_sd([_even_share(r) for r in records])[0]  # 0.0 with no game
    actions = {
        name[8:-10]: {"per_game": e["mean"], "sd": e["sd"], "total": sum(m[name][1])}
        for name, e in est.items()
        if name.startswith("actions[")
    }
    rules = {}
    for name, e in est.items():
        if name.startswith("rules["):
            rid, _, field = name[6:].partition("].")
            entry = rules.setdefault(rid, {"mean": None, "scored": None, "decisive": None})
            entry[field] = e["mean"] if field == "mean" else e["rate"]
    return {
        **meta,
        "games": len(records),
        "seats": seats,
        "by_agent": by_agent,
        "length": {"mean": length["mean"], "sd": length["sd"], "min": length["min"], "max": length["max"]},
        "ties": {"games": ties["count"], "rate": ties["rate"], "rate_ci": ties["ci"]},
        "draws": {"games": draws["count"], "rate": draws["rate"], "rate_ci": draws["ci"]},
        "rule_seats": None
        if ruled is None
        else {"games": ruled["count"], "rate": ruled["rate"], "rate_ci": ruled["ci"]},
        "first_player": {
            "win_rate": first["rate"],
            "win_rate_ci": first["ci"],
            "expected": expected,
            "advantage": edge["mean"],
            "advantage_ci": edge["ci"],
        },
        "actions": actions,
        "rules": rules,
        "game_scores": [[r["scores"][s] for s in r["seats"]] for r in records],
    }


def _count(names) -> dict:
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out
