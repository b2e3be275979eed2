"""The verdict of a comparison in words: what changed in the rules, what clearly changed in play, what did not and why.

``compare`` puts it in its result (``result["verdict"]``); the CLI prints it first and the
HTML report opens with it. Every sentence is plain text (no markup), with the values of
both sides and the 95% interval of the difference:

* ``headline``: one sentence answering "does the variant change who wins?";
* ``rules``: the rule changes, as ``playa-rules diff`` says them;
* ``clear``: the statistics that changed significantly, who wins first;
* ``why_not``: why who wins showed no clear change (the agents cannot show it, or the
  games were too few for the change to stand out from luck);
* ``unchanged``: the names of the other statistics (no clear change).
"""

from __future__ import annotations

import re

_WORDS = [
    (r"seats\[(\d+)\]\.win_rate", "the win rate of seat {0}"),
    (r"seats\[(\d+)\]\.mean_score", "the mean score of seat {0}"),
    (r"by_agent\[(.+)\]\.win_rate", "the win rate of {0}"),
    (r"by_agent\[(.+)\]\.mean_score", "the mean score of {0}"),
    (r"length\.mean", "the length of a game (decisions)"),
    (r"ties\.rate", "games tied between several winners"),
    (r"draws\.rate", "games with no winner"),
    (r"first_player\.win_rate", "the win rate of the first player"),
    (r"first_player\.advantage", "the first player's advantage"),
    (r"actions\[(.+)\]\.per_game", "{0} actions per game"),
    (r"rules\[(.+)\]\.mean", "points from {0} per seat and game"),
    (r"rules\[(.+)\]\.scored", "seat-games where {0} scored"),
    (r"rules\[(.+)\]\.decisive", "games {0} decided"),
]


def label(statistic: str) -> str:
    """A statistic's name in words: ``rules[bonus].mean`` -> "points from bonus per seat and game"."""
    for pattern, words in _WORDS:
        m = re.fullmatch(pattern, statistic)
        if m:
            return words.format(*m.groups())
    return statistic


def _in_points(row: dict) -> bool:
    return row["kind"] == "rate" or row["statistic"].endswith(".advantage")


def _value(row: dict, x: float) -> str:
    return f"{100 * x:.1f}%" if row["kind"] == "rate" else f"{x:.2f}"


def _diff(row: dict, x: float) -> str:
    return f"{100 * x:+.1f} points" if _in_points(row) else f"{x:+.2f}"


def sentence(row: dict) -> str:
    """One statistic's change: "the win rate of seat 0: 31.0% to 38.5% (+7.5 points, 95% interval +2.0 to +13.0)"."""
    lo, hi = row["ci"]
    if _in_points(row):
        interval = f"{100 * lo:+.1f} to {100 * hi:+.1f}"
    else:
        interval = f"{lo:+.2f} to {hi:+.2f}"
    kind = "confidence sequence" if row["test"] == "confidence sequence" else "95% interval"
    return (
        f"{label(row['statistic'])}: {_value(row, row['base'])} to {_value(row, row['variant'])} "
        f"({_diff(row, row['difference'])}, {kind} {interval})"
    )


def _who_wins(row: dict) -> bool:
    return row["statistic"].endswith(".win_rate") and row["statistic"].startswith(("seats[", "by_agent["))


def _why_not(result: dict, wins: list[dict]) -> list[str]:
    """Why who wins showed no clear change: what the agents can show, and what the games could."""
    agents = result["base"]["agents"]
    out = []
    if len(set(agents)) == 1:
        out.append(
            f"every seat was played by {agents[0]}: an agent that plays every seat wins every game, "
            f"so only the seats' win rates can move, not an agent's"
        )
    if all(a.split(":")[0] == "random" for a in agents):
        out.append(
            "random agents choose blindly under either rule set, so a rule that rewards good play "
            "cannot show in who wins; compare with a searching agent, as in --agents ismcts,random,random"
        )
    seq = result.get("sequential")
    if seq and seq["clear"]:
        out.append(
            f"who wins changed by less than {100 * seq['margin']:.0f} points either way "
            f"(confidence sequences, after {seq['games']} games on each side)"
        )
    elif wins and all(r["ci"][0] == r["ci"][1] == 0 for r in wins):
        out.append(f"all {result['base']['games']} games had the same winners under both rule sets")
    elif wins:
        widest = max(wins, key=lambda r: r["ci"][1] - r["ci"][0])
        lo, hi = widest["ci"]
        games = result["base"]["games"]
        out.append(
            f"with {games} games a side, a change in a win rate between {100 * lo:+.1f} and "
            f"{100 * hi:+.1f} points cannot be told from luck ({label(widest['statistic'])}); "
            f"more games narrow it" + ("" if seq else " (--until-clear plays until the answer is clear)")
        )
    return out


def verdict(result: dict) -> dict:
    """The verdict of a ``compare`` result (module doc)."""
    rows = result["statistics"]
    clear = sorted(
        (r for r in rows if r["significant"]), key=lambda r: (not _who_wins(r), r["p_adjusted"] or 0)
    )
    wins = [r for r in rows if _who_wins(r)]
    moved = [r for r in clear if _who_wins(r)]
    rules = [c["sentence"].replace("`", "") for c in result["changes"]] or ["no rule changes"]
    if not rows:
        headline = "no game was finished on both sides: nothing to compare yet"
    elif moved:
        headline = f"the variant changes who wins: {sentence(moved[0])}"
    elif clear:
        headline = (
            f"the variant changes play ({len(clear)} of {len(rows)} statistics clearly), "
            "but not clearly who wins"
        )
    else:
        headline = "no clear change in play: every statistic is within what luck gives"
    return {
        "headline": headline,
        "rules": rules,
        "clear": [sentence(r) for r in clear],
        "why_not": [] if moved or not rows else _why_not(result, wins),
        "unchanged": [r["statistic"] for r in rows if not r["significant"]],
    }
