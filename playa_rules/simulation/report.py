"""``--report DIR``: an HTML page with plots of a ``simulate`` or ``compare`` result, readable offline.

``DIR/index.html`` shows the tables and three PNG plots per result (next to it in
``DIR``): the score distribution per seat, the win rate per seat with its 95% interval,
and the mean points of each scoring rule. A comparison draws both sides in each plot and
adds the table of compared statistics under the rule changes. matplotlib (the extra
``report``) is imported here only, and only its object API is used (no ``pyplot``, no
global backend switch).
"""

from __future__ import annotations

import html
import tempfile
from pathlib import Path

from ..errors import PlayaRulesError
from .verdict import difference_text, interval_text, method, p_text, value_text

COLOURS = ("#3b6ea8", "#d08c2f")
CSS = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}tr.sig td{font-weight:bold;background:#fff3d6}
img{max-width:100%;border:1px solid #eee;margin:.3em 0}.plots{display:flex;flex-wrap:wrap;gap:1em}
.plots img{width:48%}h2{border-bottom:2px solid #3b6ea8}code{background:#f3f3f3;padding:0 .2em}"""


def _figure():
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise PlayaRulesError('--report needs matplotlib: pip install "playa-rules[report]"') from None
    return Figure(figsize=(6.4, 4), dpi=100, layout="constrained")


def _legend(fig, ax) -> None:
    """The legend under the plot, outside the axes: inside, it hid the bars it lay on (a win
    rate near 1, the last rule's bar)."""
    handles, labels = ax.get_legend_handles_labels()
    wide = sum(len(label) for label in labels) > 70  # one column when the labels would not fit on a line
    fig.legend(
        handles,
        labels,
        loc="outside lower center",
        ncols=1 if wide else len(labels),
        fontsize=8,
        frameon=False,
    )


def _label(summary: dict) -> str:
    return " + ".join([summary["game"]] + summary["variants"])


def plot_scores(sides: list[dict], path: Path):
    """Box plots of the final scores per seat, one box per side and seat; the figure, saved to ``path``."""
    fig = _figure()
    ax = fig.add_subplot()
    seats = len(sides[0]["seats"])
    width = 0.8 / len(sides)
    for k, side in enumerate(sides):
        data = [[g[pos] for g in side["game_scores"]] for pos in range(seats)]
        where = [pos + (k - (len(sides) - 1) / 2) * width for pos in range(seats)]
        ax.boxplot(
            data,
            positions=where,
            widths=width * 0.9,
            patch_artist=True,
            boxprops={"facecolor": COLOURS[k], "alpha": 0.6},
            medianprops={"color": "black"},
        )
        ax.plot([], [], color=COLOURS[k], linewidth=8, alpha=0.6, label=_label(side))
    ax.set_xticks(range(seats), [f"seat {s['seat']}" for s in sides[0]["seats"]])
    ax.set_ylabel("final score")
    ax.set_title("Score distribution per seat")
    _legend(fig, ax)
    fig.savefig(path)
    return fig


def plot_win_rates(sides: list[dict], path: Path):
    """Win rate per seat with 95% Wilson intervals, the even share dashed (winners a game / seats,
    so below 1/seats with draws; one line per side when the sides' shares differ); the figure, saved."""
    fig = _figure()
    ax = fig.add_subplot()
    seats = len(sides[0]["seats"])
    width = 0.8 / len(sides)
    for k, side in enumerate(sides):
        rates = [s["win_rate"] for s in side["seats"]]
        # Error bars never negative, whatever rounding or a missing interval gives.
        cis = [s["win_rate_ci"] or (r, r) for r, s in zip(rates, side["seats"])]
        errors = [
            [max(0.0, r - ci[0]) for r, ci in zip(rates, cis)],
            [max(0.0, ci[1] - r) for r, ci in zip(rates, cis)],
        ]
        where = [pos + (k - (len(sides) - 1) / 2) * width for pos in range(seats)]
        ax.bar(
            where, rates, width * 0.9, yerr=errors, capsize=4, color=COLOURS[k], alpha=0.8, label=_label(side)
        )
    shares = [side["first_player"]["expected"] for side in sides]
    apart = len(set(shares)) > 1
    for k, share in enumerate(shares if apart else shares[:1]):
        ax.axhline(
            share,
            color=COLOURS[k] if apart else "grey",
            linestyle="--",
            linewidth=1,
            label="even share" + (f" ({_label(sides[k])})" if apart else ""),
        )
    ax.set_xticks(range(seats), [f"seat {s['seat']}" for s in sides[0]["seats"]])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Win rate by seat")
    _legend(fig, ax)
    fig.savefig(path)
    return fig


def plot_rules(sides: list[dict], path: Path):
    """Mean points per seat and game of each scoring rule; the figure, saved to ``path``."""
    fig = _figure()
    ax = fig.add_subplot()
    names = list(dict.fromkeys(r for side in sides for r in side["rules"]))
    height = 0.8 / len(sides)
    for k, side in enumerate(sides):
        values = [side["rules"].get(r, {}).get("mean") or 0 for r in names]
        where = [i + (k - (len(sides) - 1) / 2) * height for i in range(len(names))]
        ax.barh(where, values, height * 0.9, color=COLOURS[k], alpha=0.8, label=_label(side))
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("mean points per seat and game")
    ax.set_title("Score by rule")
    _legend(fig, ax)
    fig.savefig(path)
    return fig


def _table(head: list[str], rows: list[list], classes=None) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    return "\n".join(out) + "</table>"


def _pct(x):
    return f"{100 * x:.1f}%"


def _games(n):
    return f"{n} game" if n == 1 else f"{n} games"


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def _ci(pair):
    return "-" if pair is None else f"{_pct(pair[0])} to {_pct(pair[1])}"


def summary_html(s: dict) -> str:
    """The tables of one ``simulate`` summary."""
    parts = [
        f"<p>{_games(s['games'])} ({'interrupted, ' if s['interrupted'] else ''}seeds {s['seed']} to "
        f"{s['seed'] + s['requested'] - 1}), {_players(s['players'])}, agents "
        f"<code>{html.escape(', '.join(s['agents']))}</code>{' rotated over the seats' if s['rotate'] else ''}.</p>"
    ]
    parts.append(
        _table(
            ["seat", "agents", "wins", "win rate", "95% CI", "mean score", "sd"],
            [
                [
                    x["seat"],
                    ", ".join(f"{a} x{k}" for a, k in x["agents"].items()),
                    x["wins"],
                    _pct(x["win_rate"]),
                    _ci(x["win_rate_ci"]),
                    f"{x['mean_score']:.2f}",
                    f"{x['sd_score']:.2f}",
                ]
                for x in s["seats"]
            ],
        )
    )
    parts.append(
        _table(
            ["agent", "seat games", "wins", "win rate", "95% CI", "mean score", "sd"],
            [
                [
                    name,
                    a["seat_games"],
                    a["wins"],
                    _pct(a["win_rate"]),
                    _ci(a["win_rate_ci"]),
                    f"{a['mean_score']:.2f}",
                    f"{a['sd_score']:.2f}",
                ]
                for name, a in s["by_agent"].items()
            ],
        )
    )
    length, ties, draws, first = s["length"], s["ties"], s["draws"], s["first_player"]
    edge = (
        "no interval"
        if first["advantage_ci"] is None
        else " to ".join(f"{100 * x:+.1f}" for x in first["advantage_ci"])
    )
    parts.append(
        _table(
            ["per game", "value"],
            [
                [
                    "length (decisions)",
                    f"{length['mean']:.1f} (sd {length['sd']:.1f}, {length['min']} to {length['max']})",
                ],
                [
                    "ties (several winners)",
                    f"{_games(ties['games'])}, {_pct(ties['rate'])} ({_ci(ties['rate_ci'])})",
                ],
                [
                    "draws (no winner)",
                    f"{_games(draws['games'])}, {_pct(draws['rate'])} ({_ci(draws['rate_ci'])})",
                ],
                *(
                    [
                        [
                            "won by a seat the rules play",
                            f"{_games(ruled['games'])}, {_pct(ruled['rate'])} ({_ci(ruled['rate_ci'])})",
                        ]
                    ]
                    if (ruled := s.get("rule_seats"))
                    else []
                ),
                [
                    "first player wins",
                    f"{_pct(first['win_rate'])} ({_ci(first['win_rate_ci'])}), "
                    f"even share {_pct(first['expected'])}, advantage "
                    f"{100 * first['advantage']:+.1f} percentage points ({edge})",
                ],
            ],
        )
    )
    parts.append(
        _table(
            ["action", "per game", "sd", "total"],
            [[k, f"{a['per_game']:.2f}", f"{a['sd']:.2f}", a["total"]] for k, a in s["actions"].items()],
        )
    )
    parts.append(
        _table(
            ["scoring rule", "points", "scored", "decisive"],
            [
                [
                    k,
                    f"{r['mean']:.2f}",
                    _pct(r["scored"]),
                    "-" if r["decisive"] is None else _pct(r["decisive"]),
                ]
                for k, r in s["rules"].items()
            ],
        )
    )
    return "\n".join(parts)


def _plots(sides: list[dict], out: Path, stem: str) -> str:
    tags = []
    for name, draw in (("scores", plot_scores), ("wins", plot_win_rates), ("rules", plot_rules)):
        file = f"{stem}-{name}.png"
        draw(sides, out / file)
        tags.append(f'<img src="{file}" alt="{name}">')
    return '<div class="plots">' + "".join(tags) + "</div>"


def _verdict_html(c: dict) -> str:
    """The verdict in words (:mod:`.verdict`), first: the answer, the rule changes, the clear changes, why not more."""
    v = c["verdict"]

    def items(lines):
        return "<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>"

    how = method(c)
    out = [
        f'<p class="verdict"><strong>Verdict: {html.escape(v["headline"])}</strong></p>',
        f"<h3>What changed in the rules</h3>{items(v['rules'])}",
        f"<h3>What changed in play, clearly ({how}, alpha {c['alpha']})</h3>{items(v['clear'] or ['nothing'])}",
    ]
    if v["why_not"]:
        out.append(f"<h3>Why who wins shows no clear change</h3>{items(v['why_not'])}")
    return "".join(out)


def _comparison_html(c: dict) -> str:
    """The verdict, then the statistics: the clear changes in a table, the others folded below it."""

    def p(x):
        return "-" if x is None else p_text(x)

    def table(rows):
        return _table(
            ["statistic", "base", "variant", "difference", "interval", "p", "p (Holm)"],
            [
                [
                    r["statistic"],
                    value_text(r, r["base"]),
                    value_text(r, r["variant"]),
                    difference_text(r),
                    interval_text(r),
                    p(r["p_value"]),
                    p(r["p_adjusted"]),
                ]
                for r in rows
            ],
        )

    def order(r):
        return (r["p_adjusted"] or 0, r["p_value"] or 0)

    clear = sorted((r for r in c["statistics"] if r["significant"]), key=order)
    rest = sorted((r for r in c["statistics"] if not r["significant"]), key=order)
    out = [_verdict_html(c), f"<h3>Clear changes ({len(clear)} of {len(c['statistics'])} statistics)</h3>"]
    out.append(table(clear) if clear else "<p>none</p>")
    same = [r for r in rest if r["identical"]]
    moved = [r for r in rest if not r["identical"]]
    if moved:
        out.append(
            f"<details><summary>No clear change in {_count(len(moved), 'statistic')}: not significant "
            f"after Holm's correction for the number of statistics tested (an interval of its own may "
            f"leave out 0)</summary>{table(moved)}</details>"
        )
    if same:
        out.append(
            f"<p>{_count(len(same), 'statistic')} identical on both sides, game by game: "
            + html.escape(", ".join(r["statistic"] for r in same))
            + "</p>"
        )
    return "".join(out)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def check_report(directory) -> Path:
    """The folder of a report, created and checked before any game is played: matplotlib is
    installed, the path is a folder (or can be made one) and a file can be written in it."""
    _figure()
    out = Path(directory)
    if out.exists() and not out.is_dir():
        raise PlayaRulesError(
            f"cannot write the report to {directory}: it is a file, and --report names "
            f"a folder (for index.html and its plots)"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        raise PlayaRulesError(f"cannot write the report to {directory}: {exc.strerror or exc}") from None
    return out


def write_report(directory, results: list[dict]) -> Path:
    """Write ``index.html`` and its plots for ``simulate`` summaries or ``compare`` results; its path."""
    out = check_report(directory)
    body = []
    for i, result in enumerate(results):
        if "statistics" in result:
            sides = [s for s in (result["base"], result["variant"]) if s]
            body.append(
                f"<h2>{html.escape(_label(sides[-1]))} against {html.escape(_label(sides[0]))}, "
                f"{_players(sides[0]['players'])}</h2>"
            )
            body.append(_comparison_html(result) if result["variant"] else "<p>interrupted</p>")
            body.append(_plots(sides, out, f"run{i}"))
            for side, name in zip(sides, ("Base", "Variant")):
                body.append(f"<h3>{name}: {html.escape(_label(side))}</h3>" + summary_html(side))
        else:
            body.append(
                f"<h2>{html.escape(result['title'])} ({html.escape(_label(result))}), "
                f"{_players(result['players'])}</h2>"
            )
            body.append(_plots([result], out, f"run{i}"))
            body.append(summary_html(result))
    page = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>playa-rules report</title>'
        f"<style>{CSS}</style></head><body><h1>playa-rules simulation report</h1>{''.join(body)}"
        f"<p><small>Definitions: docs/simulation.md of playa-rules.</small></p></body></html>"
    )
    index = out / "index.html"
    try:
        index.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise PlayaRulesError(f"cannot write the report to {index}: {exc.strerror or exc}") from None
    return index
