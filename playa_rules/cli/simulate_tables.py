"""The rich tables ``simulate`` and ``compare`` print, from their plain-data results."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..simulation.verdict import difference_text, interval_text, method, p_text, value_text
from .common import plural


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(pair) -> str:
    """An interval of a rate, "low to high" ("-" when there is none: too few games)."""
    if pair is None:
        return "-"
    lo, hi = pair
    return f"{_pct(lo)} to {_pct(hi)}"


def _statistics(n: int) -> str:
    return f"{n} statistic" if n == 1 else f"{n} statistics"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def _share(result: dict) -> str:
    """How the even share was found, when draws or ties move it off 1/seats."""
    seats = len(result["seats"])
    winners = result["first_player"]["expected"] * seats
    if not (result["draws"]["games"] or result["ties"]["games"]):
        return ""
    return f" ({winners:.2f} winners a game / {seats} seats)"


def _title(result: dict) -> str:
    variants = f" + {', '.join(result['variants'])}" if result["variants"] else ""
    rotate = " (rotated over the seats)" if result["rotate"] and len(result["agents"]) > 1 else ""
    done = (
        f"{result['games']} of {result['requested']} games (interrupted)"
        if result["interrupted"]
        else ("1 game" if result["games"] == 1 else f"{result['games']} games")
    )
    return (
        f"{result['game']}{variants}, {plural(result['players'], 'player')}: {done}, seeds {result['seed']}.., "
        f"agents {', '.join(result['agents'])}{rotate}"
    )


def print_summary(console, result: dict) -> None:
    """Seats, agents, per-game figures, actions and scoring rules of one ``simulate`` result."""
    console.print(Text(_title(result), style="bold"))  # Text: no markup in names
    if not result["games"]:
        console.print("no game finished")
        return
    # rules that decide the winners without points (no scoring rules, every score 0) get no score columns
    points = bool(result["rules"]) or any(s["mean_score"] or s["sd_score"] for s in result["seats"])
    scores = ("mean score", "sd") if points else ()
    t = Table(title="By seat", title_justify="left")
    for col in ("seat", "agents", "wins", "win rate", "95% CI", *scores):
        t.add_column(col, justify="left" if col == "agents" else "right")
    for s in result["seats"]:
        agents = ", ".join(f"{a} x{k}" if len(s["agents"]) > 1 else a for a, k in s["agents"].items())
        row = [str(s["seat"]), Text(agents), str(s["wins"]), _pct(s["win_rate"]), _ci(s["win_rate_ci"])]
        t.add_row(*row, *((f"{s['mean_score']:.2f}", f"{s['sd_score']:.2f}") if points else ()))
    console.print(t)
    t = Table(title="By agent", title_justify="left")
    for col in ("agent", "seat games", "wins", "win rate", "95% CI", *scores):
        t.add_column(col, justify="left" if col == "agent" else "right")
    for name, a in result["by_agent"].items():
        row = [Text(name), str(a["seat_games"]), str(a["wins"]), _pct(a["win_rate"]), _ci(a["win_rate_ci"])]
        t.add_row(*row, *((f"{a['mean_score']:.2f}", f"{a['sd_score']:.2f}") if points else ()))
    console.print(t)
    length, ties, draws, first = result["length"], result["ties"], result["draws"], result["first_player"]
    console.print(
        f"length: {length['mean']:.1f} decisions per game (sd {length['sd']:.1f}, "
        f"{length['min']} to {length['max']})"
    )
    console.print(
        f"ties (several winners): {ties['games']} games, {_pct(ties['rate'])} (95% CI {_ci(ties['rate_ci'])})"
    )
    console.print(
        f"draws (no winner): {draws['games']} games, {_pct(draws['rate'])} (95% CI {_ci(draws['rate_ci'])})"
    )
    ruled = result.get("rule_seats")
    if ruled:
        console.print(
            f"won by a seat the rules play: {ruled['games']} games, {_pct(ruled['rate'])} "
            f"(95% CI {_ci(ruled['rate_ci'])})"
        )
    console.print(
        f"first player: wins {_pct(first['win_rate'])} (95% CI {_ci(first['win_rate_ci'])}), "
        f"{_pct(first['expected'])} if no seat had an edge{_share(result)}: "
        f"advantage {_points(first['advantage'])} percentage points ("
        + (
            "no interval from so few games"
            if first["advantage_ci"] is None
            else f"95% CI {_points(first['advantage_ci'][0])} to {_points(first['advantage_ci'][1])}"
        )
        + ")"
    )
    t = Table(title="Actions played", title_justify="left")
    for col in ("action", "per game", "sd", "total"):
        t.add_column(col, justify="left" if col == "action" else "right")
    for name, a in result["actions"].items():
        t.add_row(Text(name), f"{a['per_game']:.2f}", f"{a['sd']:.2f}", str(a["total"]))
    console.print(t)
    if not result["rules"]:
        console.print("scoring rules: none (the rules name the winners)")
        return
    t = Table(
        title="Scoring rules",
        title_justify="left",
        caption="points: mean per seat and game; scored: seat-games where it gave points; "
        "decisive: games whose leaders change without it",
        caption_justify="left",
    )
    for col in ("rule", "points", "scored", "decisive"):
        t.add_column(col, justify="left" if col == "rule" else "right")
    for rid, r in result["rules"].items():
        t.add_row(
            Text(rid),
            f"{r['mean']:.2f}",
            _pct(r["scored"]),
            "-" if r["decisive"] is None else _pct(r["decisive"]),
        )
    console.print(t)


def print_verdict(console, result: dict) -> None:
    """The verdict in words (simulation.verdict): the answer, the rule changes, what changed in play, why not more."""
    v = result["verdict"]
    console.print(
        Text(f"Verdict, {plural(result['base']['players'], 'player')}: {v['headline']}", style="bold")
    )
    console.print(Text("What changed in the rules", style="bold"))
    for line in v["rules"]:
        console.print(Text(f"- {line}"))
    how = method(result)
    console.print(Text(f"What changed in play, clearly ({how}, alpha {result['alpha']})", style="bold"))
    for line in v["clear"] or ["nothing"]:
        console.print(Text(f"- {line}"))
    if v["why_not"]:
        console.print(Text("Why who wins shows no clear change", style="bold"))
        for line in v["why_not"]:
            console.print(Text(f"- {line}"))
    console.print()


def print_comparison(console, result: dict) -> None:
    """The verdict, then the statistics that changed clearly in a table; the others folded into one line."""
    base, variant = result["base"], result["variant"]
    print_verdict(console, result)
    console.print(Text("base:    " + _title(base), style="bold"))
    console.print(Text("variant: " + _title(variant), style="bold"))
    rows = sorted(
        (r for r in result["statistics"] if r["significant"]),
        key=lambda r: (r["p_adjusted"] or 0, r["p_value"] or 0),
    )
    if rows:
        t = Table(
            title=f"Clear changes (Holm-adjusted p, alpha {result['alpha']})",
            title_justify="left",
        )
        for col in ("statistic", "base", "variant", "difference", "interval", "p", "p (Holm)"):
            t.add_column(col, justify="left" if col == "statistic" else "right", no_wrap=col == "statistic")
        for r in rows:  # written as the verdict's sentences write them (signed differences)
            t.add_row(
                Text(r["statistic"]),
                value_text(r, r["base"]),
                value_text(r, r["variant"]),
                difference_text(r),
                interval_text(r),
                "-" if r["p_value"] is None else p_text(r["p_value"]),
                "-" if r["p_adjusted"] is None else p_text(r["p_adjusted"]),
            )
        console.print(t)
    rest = [r for r in result["statistics"] if not r["significant"]]
    same = [r for r in rest if r["identical"]]
    moved = [r for r in rest if r not in same]
    if moved:
        console.print(
            Text(
                f"No clear change in {_statistics(len(moved))} (--json lists their intervals): "
                + ", ".join(r["statistic"] for r in moved)
            )
        )
    if same:
        console.print(
            Text(
                f"{_statistics(len(same))} identical on both sides, game by game: "
                + ", ".join(r["statistic"] for r in same)
            )
        )
