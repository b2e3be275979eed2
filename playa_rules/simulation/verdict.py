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

FEW = 10  # fewer games a side than this, with nothing clear, are "too few to tell"

_WORDS = [
    (r"seats\[(\d+)\]\.win_rate", "the win rate of seat {0}"),
    (r"seats\[(\d+)\]\.mean_score", "the mean score of seat {0}"),
    (r"by_agent\[(.+)\]\.win_rate", "the win rate of {0}"),
    (r"by_agent\[(.+)\]\.mean_score", "the mean score of {0}"),
    (r"length\.mean", "the length of a game (decisions)"),
    (r"ties\.rate", "games tied between several winners"),
    (r"draws\.rate", "games with no winner"),
    (r"rule_seats\.win_rate", "games won by a seat the rules play"),
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


def value_text(row: dict, x: float) -> str:
    """A level of a statistic: a rate as a percentage; an advantage (a share minus the even
    share) in percentage points, signed; else a number."""
    if row["kind"] == "rate":
        return f"{100 * x:.1f}%"
    return f"{100 * x:+.1f}" if _in_points(row) else f"{x:.2f}"


def difference_text(row: dict) -> str:
    """The difference, variant minus base, signed: "+7.5 percentage points", "-2.10"."""
    x = row["difference"]
    return f"{100 * x:+.1f} percentage points" if _in_points(row) else f"{x:+.2f}"


def interval_text(row: dict) -> str:
    """The interval of the difference in its unit, both ends signed as the difference is
    ("+2.0 to +13.0", "-0.36 to +1.20"); "-" when there is none. The verdict's sentences, the
    terminal's table and the HTML report all write it so."""
    if row["ci"] is None:
        return "-"
    lo, hi = row["ci"]
    return f"{100 * lo:+.1f} to {100 * hi:+.1f}" if _in_points(row) else f"{lo:+.2f} to {hi:+.2f}"


def sentence(row: dict) -> str:
    """One statistic's change: "the win rate of seat 0: 31.0% to 38.5% (+7.5 percentage points, 95% interval +2.0 to +13.0)"."""
    if row["ci"] is None:
        how = "sign test" if row["test"] == "sign test" else "no interval"
        if row["p_value"] is not None:
            how += f", p {p_text(row['p_value'])}"
    else:
        kind = "confidence sequence" if row["test"] == "confidence sequence" else "95% interval"
        how = f"{kind} {interval_text(row)}"
    return (
        f"{label(row['statistic'])}: {value_text(row, row['base'])} to {value_text(row, row['variant'])} "
        f"({difference_text(row)}, {how})"
    )


def p_text(p: float) -> str:
    """A p-value in 3 significant digits; one below the smallest double as "< 1e-300", not 0."""
    return "< 1e-300" if p < 1e-300 else f"{p:.3g}"


def method(result: dict) -> str:
    """How the changes in play were read, for the heading above them."""
    seq = result.get("sequential")
    if not seq:
        return "paired tests"
    if seq["clear"]:
        return f"stopped when clear, after {seq['games']} games a side"
    return (
        f"--until-clear ran out of games: {seq['games']} a side without a clear answer; win rates "
        f"by confidence sequences, the rest by paired tests"
    )


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _who_wins(row: dict) -> bool:
    name = row["statistic"]
    return name == "rule_seats.win_rate" or (
        name.endswith(".win_rate") and name.startswith(("seats[", "by_agent["))
    )


def _one_agent_seat_wins_each_game(side: dict) -> bool:
    """Whether every game had one winner, a seat an agent plays (an agent playing them all then
    wins every game: its win rate is fixed at 1 / seats)."""
    return not (
        side["draws"]["games"] or side["ties"]["games"] or (side.get("rule_seats") or {}).get("games")
    )


def _why_not(result: dict, wins: list[dict]) -> list[str]:
    """Why who wins showed no clear change: what the agents can show, and what the games could."""
    agents = result["base"]["agents"]
    out = []
    if len(set(agents)) == 1 and all(_one_agent_seat_wins_each_game(result[s]) for s in ("base", "variant")):
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
    if seq and not seq["clear"]:
        out.append(
            f"the stopping rule (--until-clear) ran out of games: after {seq['games']} games a side "
            f"(the most --games allows) who wins had neither clearly changed nor clearly stayed within "
            f"{100 * seq['margin']:.0f} points; so the answer is not clear, and the other statistics "
            f"are read with fixed-sample paired tests of these games"
        )
    if seq and seq["clear"]:
        out.append(
            f"who wins changed by less than {100 * seq['margin']:.0f} points either way "
            f"(confidence sequences, after {seq['games']} games on each side)"
        )
    elif wins and all(r["identical"] for r in wins):
        out.append(f"all {result['base']['games']} games had the same winners under both rule sets")
    elif wins and any(r["ci"] is None for r in wins):
        out.append(
            f"{_games(result['base']['games'])} a side {'is' if result['base']['games'] == 1 else 'are'} too few to tell: a paired test needs at least 2"
        )
    elif wins:
        out.append(_luck(result, wins, seq))
    return out


def _luck(result: dict, wins: list[dict], seq) -> str:
    """How large a change in a win rate these games cannot tell from luck, at the verdict's own level.

    The interval is the simultaneous one (``ci_simultaneous``: every tested statistic's at once,
    as Holm's correction reads them), so it holds 0 when the verdict says "not clear"; a
    statistic's own 95% interval may leave 0 out. Should the simultaneous interval still leave 0
    out (a test and an interval that disagree), the sentence says why it is not clear anyway.
    """
    moving = [r for r in wins if not r["identical"]] or wins  # a rate fixed game by game says little

    def interval(r):
        return r.get("ci_simultaneous") or r["ci"]

    widest = max(moving, key=lambda r: interval(r)[1] - interval(r)[0])
    lo, hi = interval(widest)
    games = result["base"]["games"]
    tested = sum(r["p_value"] is not None for r in result["statistics"])
    if widest["test"] == "confidence sequence":
        level = "its confidence sequence"
    else:
        level = (
            f"a {100 * (1 - result['alpha']):g}% interval for all {tested} statistics tested at once, "
            f"the verdict's level"
        )
    more = "more games narrow it" + ("" if seq else " (--until-clear plays until the answer is clear)")
    if lo <= 0 <= hi:
        return (
            f"with {games} games a side, a change in a win rate between {100 * lo:+.1f} and "
            f"{100 * hi:+.1f} points cannot be told from luck ({label(widest['statistic'])}; {level}); {more}"
        )
    return (
        f"with {games} games a side, {label(widest['statistic'])} moved by {100 * lo:+.1f} to "
        f"{100 * hi:+.1f} points ({level}), but its test's p-value after Holm's correction is "
        f"{p_text(widest['p_adjusted'])}, not below {result['alpha']}: not clear; {more}"
    )


def verdict(result: dict) -> dict:
    """The verdict of a ``compare`` result (module doc)."""
    rows = result["statistics"]
    clear = sorted(
        (r for r in rows if r["significant"]), key=lambda r: (not _who_wins(r), r["p_adjusted"] or 0)
    )
    wins = [r for r in rows if _who_wins(r)]
    moved = [r for r in clear if _who_wins(r)]
    rules = [c["sentence"].replace("`", "") for c in result["changes"]] or ["no rule changes"]
    games = result["base"]["games"]
    if not rows:
        headline = "no game was finished on both sides: nothing to compare yet"
    elif games < 2:
        headline = f"too few games to tell: {_games(games)} a side, and a test needs at least 2"
    elif moved:
        headline = f"the variant changes who wins: {sentence(moved[0])}"
    elif clear:
        headline = (
            f"the variant changes play ({len(clear)} of {len(rows)} statistics clearly), "
            "but not clearly who wins"
        )
    elif games < FEW:
        headline = f"too few games to tell: {_games(games)} a side show no clear change in play"
    else:
        headline = "no clear change in play: every statistic is within what luck gives"
    return {
        "headline": headline,
        "rules": rules,
        "clear": [sentence(r) for r in clear],
        "why_not": [] if moved or not rows else _why_not(result, wins),
        "unchanged": [r["statistic"] for r in rows if not r["significant"]],
    }
