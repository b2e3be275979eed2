"""``pr.compare``: the same seeds and agents on two rule sets, every statistic tested (``compare``).

Both sides play the same game seeds with the same agents, so game ``i`` of one side is
paired with game ``i`` of the other. A statistic of seats (an agent's win rate, a rule's
points) is first averaged over each game's seats, so each game is one sample: the games are
independent, the seats of a game are not. Each statistic of
:func:`~playa_rules.simulation.summary.measures` (a scoring rule or an action kind only one
side has counts as 0 on the other) with the same number of samples is tested with a two-sided *paired t test* on the per-game differences
(for a rate, differences of 0/1 values); the pairing removes the luck of the deal both
sides share. With fewer than two pairs there is no test (no interval, never significant);
when every pair differs by the same amount the t test has no spread to work with and the
exact sign test gives the p-value, with a conservative interval for bounded statistics
(:mod:`.stats`). A statistic whose samples do not pair up (an interrupted run; ``decisive``
when one side's rule points stop adding up to its scores) falls back to an unpaired test:
two-proportion z for a rate, Welch t for a mean. The p-values are adjusted together
with Holm's method, and a statistic is ``significant`` when its adjusted p-value is below
``alpha`` (0.05). Differences are variant minus base, with a 95% interval of their own
(``ci``) and a simultaneous one (``ci_simultaneous``): at level ``1 - alpha / m`` for the ``m``
statistics tested (Bonferroni), so all of them hold their true changes together with
probability ``1 - alpha``. A statistic Holm leaves unclear has a simultaneous interval holding 0
(when its interval and its test agree, as the paired t's do), while its own may leave 0 out.
"""

from __future__ import annotations

from numbers import Real

from ..errors import PlayaRulesError
from ..render.changes import describe_changes
from .batch import checked, meta_of, resolve_rules, units_for
from .play import MAX_ACTIONS
from .runner import run
from .sequential import Sequential
from .stats import holm, paired, two_proportions, welch
from .summary import measures, summarize

MIN_PAIRS = 10  # games on each side before a sequential comparison may stop
METHOD = "PrPl-EB confidence sequences (Waudby-Smith and Ramdas, JRSS B 2024), Bonferroni over the watched statistics"


def check_alpha(alpha) -> float:
    """The family-wise significance level: a number strictly between 0 and 1."""
    if isinstance(alpha, Real) and not isinstance(alpha, bool) and 0 < alpha < 1:
        return float(alpha)
    raise PlayaRulesError(
        f"alpha, the significance level, is a number between 0 and 1 (such as 0.05), not {alpha!r}"
    )


def check_margin(margin) -> float:
    """The change in a win rate too small to matter (``until_clear``): a number from 0 to 1."""
    if isinstance(margin, Real) and not isinstance(margin, bool) and 0 <= margin < 1:
        return float(margin)
    raise PlayaRulesError(f"margin is a change in a rate, from 0 to 1 (such as 0.05), not {margin!r}")


def compare_records(base: list[dict], variant: list[dict], alpha: float = 0.05, sequences=None) -> list[dict]:
    """One entry per statistic on both sides: both values, the difference, its interval, p-values, significant.

    ``sequences`` (name -> confidence sequence, from a comparison stopped when clear) replace
    the test of the statistics they watch; Holm's correction is over the others.
    """
    alpha = check_alpha(alpha)
    sequences = sequences or {}
    # one sample per game (a seat statistic as its mean over the game's seats); a rule one side lacks scores 0 there
    mb, mv = measures(base, variant, by_game=True), measures(variant, base, by_game=True)
    rows = []
    for name, (kind, a) in mb.items():
        if name not in mv:
            continue
        b = mv[name][1]
        if name in sequences:
            lo, hi = sequences[name]
            test = {"difference": sum(b) / len(b) - sum(a) / len(a), "ci": [lo, hi], "p_value": None}
            method = "confidence sequence"
        else:
            test, method = _test(name, kind, a, b)
        rows.append(
            {
                "statistic": name,
                "kind": kind,
                "base": sum(a) / len(a),
                "variant": sum(b) / len(b),
                "test": method,
                "difference": test["difference"],
                "ci": None if test["ci"] is None else list(test["ci"]),
                "p_value": test["p_value"],
                "identical": a == b,
            }
        )
    tested = [r for r in rows if r["p_value"] is not None]
    level = 1 - alpha / len(tested) if tested else None  # Bonferroni: all tested intervals hold together
    for row, adjusted in zip(tested, holm([r["p_value"] for r in tested])):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < alpha
        ci = _test(row["statistic"], row["kind"], mb[row["statistic"]][1], mv[row["statistic"]][1], level)[0][
            "ci"
        ]
        row["ci_simultaneous"] = None if ci is None else list(ci)
    for row in rows:
        if (
            row["p_value"] is None
        ):  # a confidence sequence (simultaneous already), or too few games for any test
            row["p_adjusted"] = None
            row["significant"] = row["ci"] is not None and (row["ci"][0] > 0 or row["ci"][1] < 0)
            row["ci_simultaneous"] = row["ci"]
    return rows


def _test(name: str, kind: str, a: list, b: list, level: float = 0.95) -> tuple[dict, str]:
    """The test of one statistic's samples on both sides, with its interval at ``level``, and its name."""
    if len(a) == len(b):
        test = paired(a, b, level, bounds=_bounds(name, kind))
        if len(a) < 2:
            return test, "none (one game)"
        if len(set(y - x for x, y in zip(a, b))) == 1:
            return test, "sign test"  # every pair differed by the same amount: no spread for a t test
        return test, "paired t"
    if kind == "rate":
        return two_proportions(sum(a), len(a), sum(b), len(b), level), "two-proportion z"
    return welch(a, b, level), "Welch t"


def _bounds(name: str, kind: str):
    """The range of one paired difference, when the statistic is bounded: a rate's 0/1 values
    differ by -1 to 1, the first player's advantages (each from -1 to 1) by -2 to 2."""
    if kind == "rate":
        return (-1, 1)
    return (-2, 2) if name == "first_player.advantage" else None


def compare(
    game,
    variants=(),
    against=(),
    *,
    players: int | None = None,
    games: int = 100,
    agents=("random",),
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    rotate: bool = True,
    alpha: float = 0.05,
    until_clear: bool = False,
    margin: float = 0.05,
    max_actions: int = MAX_ACTIONS,
    on_done=None,
) -> dict:
    """``game`` with ``variants`` against ``game`` with ``against`` (default: as published), as plain data.

    Returns ``{"base": summary, "variant": summary, "changes": [...], "statistics": [...],
    "verdict": {...}}``: the two ``simulate`` summaries, the rule changes in words (as
    ``playa-rules diff``), one entry per statistic and the verdict in words
    (docs/simulation.md). Game ``i`` of both sides is played side by side. With
    ``until_clear`` the run stops as soon as the change in who wins is clear (module
    :mod:`.sequential`); ``games`` is then the most it plays. ``on_done(side, records)``
    reports progress; a game not over after ``max_actions`` actions stops the run with a
    PlayaRulesError naming it.
    """
    from .verdict import verdict

    alpha, margin = check_alpha(alpha), check_margin(margin)  # before any game is played
    base_rules = resolve_rules(game, against)
    new_rules = resolve_rules(game, variants)
    players, agents, seed, workers = checked(base_rules, players, agents, seed, workers, backend)
    pairs = zip(
        units_for(base_rules, players, games, agents, seed, rotate, "base", max_actions),
        units_for(new_rules, players, games, agents, seed, rotate, "variant", max_actions),
    )
    units = [u for pair in pairs for u in pair]
    done: dict = {"base": {}, "variant": {}}
    watch = Sequential(alpha, margin) if until_clear else None

    def hook(records) -> bool:
        for side in ("base", "variant"):
            mine = [r for r in records if r["side"] == side]
            for r in mine:
                done[side][r["index"]] = r
            if mine and on_done is not None:
                on_done(side, mine)
        if watch is None:
            return False
        while watch.pairs in done["base"] and watch.pairs in done["variant"]:
            watch.add(done["base"][watch.pairs], done["variant"][watch.pairs])
            if watch.pairs >= MIN_PAIRS and watch.clear():
                return True
        return False

    _, interrupted = run(units, workers, backend, address, hook)
    if watch is not None:  # the games up to the stop (those finished after it are not looked at)
        kept = range(watch.pairs)
    else:  # every game, or after Ctrl-C those finished on both sides
        kept = sorted(set(done["base"]).intersection(done["variant"]))
    sides = {}
    for side, rules in (("base", base_rules), ("variant", new_rules)):
        records = [_bare(done[side][i]) for i in kept]
        meta = meta_of(rules, players, games, agents, seed, rotate, interrupted)
        sides[side] = (records, summarize(records, meta))
    changes = [
        {"kind": c.kind, "section": c.section, "what": c.what, "sentence": c.sentence}
        for c in describe_changes(base_rules.spec, new_rules.spec)
    ]
    sequences = watch.intervals() if watch is not None else None
    result = {
        "base": sides["base"][1],
        "variant": sides["variant"][1],
        "changes": changes,
        "alpha": alpha,
        "correction": "holm",
        "statistics": compare_records(sides["base"][0], sides["variant"][0], alpha, sequences)
        if kept
        else [],
        "interrupted": interrupted,
    }
    if watch is not None:
        result["sequential"] = {
            "method": METHOD,
            "margin": margin,
            "games": watch.pairs,
            "clear": watch.clear(),
            "watched": sorted(sequences),
        }
    result["verdict"] = verdict(result)
    return result


def _bare(record: dict) -> dict:
    """A record without its side (the summaries and tests read records as simulate makes them)."""
    return {k: v for k, v in record.items() if k != "side"}
