"""``pr.compare``: the same seeds and agents on two rule sets, every statistic tested (``compare``).

Both sides play the same game seeds with the same agents, so game ``i`` of one side is
paired with game ``i`` of the other. Each statistic of
:func:`~playa_rules.simulation.summary.measures` (a scoring rule or an action kind only one
side has counts as 0 on the other) with the same number of samples is tested with a two-sided *paired t test* on the per-game differences
(for a rate, differences of 0/1 values); the pairing removes the luck of the deal both
sides share. A statistic whose samples do not pair up (an interrupted run; ``decisive``
when one side's rule points stop adding up to its scores) falls back to an unpaired test:
two-proportion z for a rate, Welch t for a mean. The p-values are adjusted together
with Holm's method, and a statistic is ``significant`` when its adjusted p-value is below
``alpha`` (0.05). Differences are variant minus base, with a 95% interval.
"""

from __future__ import annotations

from numbers import Real

from ..errors import PlayaRulesError
from ..render.changes import describe_changes
from .batch import check_agents, check_seed, check_workers, meta_of, resolve_rules, units_for
from .runner import run
from .stats import holm, paired, two_proportions, welch
from .summary import measures, summarize


def check_alpha(alpha) -> float:
    """The family-wise significance level: a number strictly between 0 and 1."""
    if isinstance(alpha, Real) and not isinstance(alpha, bool) and 0 < alpha < 1:
        return float(alpha)
    raise PlayaRulesError(
        f"alpha, the significance level, is a number between 0 and 1 (such as 0.05), not {alpha!r}"
    )


def compare_records(base: list[dict], variant: list[dict], alpha: float = 0.05) -> list[dict]:
    """One entry per statistic on both sides: both values, the difference, its interval, p-values, significant."""
    alpha = check_alpha(alpha)
    mb, mv = measures(base, variant), measures(variant, base)  # a rule one side lacks scores 0 there
    rows = []
    for name, (kind, a) in mb.items():
        if name not in mv:
            continue
        b = mv[name][1]
        if len(a) == len(b):
            test, method = paired(a, b), "paired t"
        elif kind == "rate":
            test, method = two_proportions(sum(a), len(a), sum(b), len(b)), "two-proportion z"
        else:
            test, method = welch(a, b), "Welch t"
        rows.append(
            {
                "statistic": name,
                "kind": kind,
                "base": sum(a) / len(a),
                "variant": sum(b) / len(b),
                "test": method,
                "difference": test["difference"],
                "ci": test["ci"],
                "p_value": test["p_value"],
            }
        )
    for row, adjusted in zip(rows, holm([r["p_value"] for r in rows])):
        row["p_adjusted"] = adjusted
        row["significant"] = adjusted < alpha
    return rows


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
    on_done=None,
) -> dict:
    """``game`` with ``variants`` against ``game`` with ``against`` (default: as published), as plain data.

    Returns ``{"base": summary, "variant": summary, "changes": [...], "statistics": [...]}``:
    the two ``simulate`` summaries, the rule changes in words (as ``playa-rules diff``) and
    one entry per statistic (docs/simulation.md). ``on_done(side, records)`` reports progress.
    """
    alpha = check_alpha(alpha)  # before any game is played
    base_rules = resolve_rules(game, against)
    new_rules = resolve_rules(game, variants)
    players = base_rules.player_counts[0] if players is None else players
    agents = check_agents(agents)
    seed, workers = check_seed(seed), check_workers(workers)
    sides = {}
    for side, rules in (("base", base_rules), ("variant", new_rules)):
        units = units_for(rules, players, games, agents, seed, rotate)
        hook = None if on_done is None else (lambda records, side=side: on_done(side, records))
        records, interrupted = run(units, workers, backend, address, hook)
        sides[side] = (
            records,
            summarize(records, meta_of(rules, players, games, agents, seed, rotate, interrupted)),
        )
        if interrupted:
            break
    base_records, base_summary = sides["base"]
    variant_records, variant_summary = sides.get("variant", ([], None))
    changes = [
        {"kind": c.kind, "section": c.section, "what": c.what, "sentence": c.sentence}
        for c in describe_changes(base_rules.spec, new_rules.spec)
    ]
    return {
        "base": base_summary,
        "variant": variant_summary,
        "changes": changes,
        "alpha": alpha,
        "correction": "holm",
        "statistics": compare_records(base_records, variant_records, alpha) if variant_records else [],
        "interrupted": variant_summary is None or variant_summary["interrupted"],
    }
