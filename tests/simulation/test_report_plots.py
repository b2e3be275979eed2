"""The report's plots keep their legends off the data: under the axes, outside them, whatever
the bars hold (a legend inside the axes hid a win rate near 1, or the last rule's bar)."""

from __future__ import annotations

import pytest

import playa_rules as pr
from playa_rules.simulation.report import plot_rules, plot_scores, plot_win_rates

pytest.importorskip("matplotlib", reason="--report needs the optional extra 'report'")


@pytest.fixture(scope="module")
def sides():
    base = pr.simulate("playa-pirata", players=3, games=6, workers=1)
    variant = pr.simulate("playa-pirata", players=3, games=6, workers=1, variants=["short-game"])
    for seat in variant["seats"]:  # bars as tall as the axes go: where a legend inside would lie
        seat["win_rate"], seat["win_rate_ci"] = 0.97, (0.9, 1.0)
    return [base, variant]


@pytest.mark.parametrize("plot", [plot_scores, plot_win_rates, plot_rules])
def test_a_plots_legend_lies_below_its_axes(plot, sides, tmp_path):
    fig = plot(sides, tmp_path / "plot.png")
    (ax,) = fig.axes
    assert ax.get_legend() is None
    (legend,) = fig.legends
    fig.draw_without_rendering()  # the constrained layout as saved
    box, axes = legend.get_window_extent(), ax.get_window_extent()
    assert box.y1 <= axes.y0  # wholly under the plot
    labels = [t.get_text() for t in legend.get_texts()]
    assert "playa-pirata" in labels and "playa-pirata + short-game" in labels
