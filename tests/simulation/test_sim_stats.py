"""The simulation statistics on synthetic data with a known truth (playa_rules.simulation.stats)."""

import random

import pytest

from playa_rules.simulation import stats


@pytest.mark.parametrize("p,n", [(0.5, 40), (0.2, 100), (0.05, 200), (0.9, 30)])
def test_wilson_interval_covers_the_true_rate_about_95_percent_of_the_time(p, n):
    rng = random.Random(1)
    trials = 2000
    covered = 0
    for _ in range(trials):
        k = sum(rng.random() < p for _ in range(n))
        lo, hi = stats.wilson(k, n)
        covered += lo <= p <= hi
    assert 0.925 <= covered / trials <= 0.985


def test_mean_interval_covers_the_true_mean_about_95_percent_of_the_time():
    rng = random.Random(2)
    covered = sum(
        lo <= 10 <= hi
        for lo, hi in (stats.mean_interval([rng.gauss(10, 3) for _ in range(15)]) for _ in range(2000))
    )
    assert 0.93 <= covered / 2000 <= 0.97


def test_student_t_matches_published_table_values():
    assert stats.t_quantile(0.975, 10) == pytest.approx(2.228, abs=1e-3)
    assert stats.t_quantile(0.975, 3) == pytest.approx(3.182, abs=1e-3)
    assert stats.t_sf(2.0, 10) == pytest.approx(0.03669, abs=1e-5)
    assert stats.t_sf(1.0, 1) == pytest.approx(0.25)


def _rates(rng, p, n):
    return sum(rng.random() < p for _ in range(n))


def test_two_proportion_test_finds_a_real_difference_and_keeps_its_level_on_a_null_one():
    rng = random.Random(3)
    trials, n = 500, 400
    found = sum(
        stats.two_proportions(_rates(rng, 0.40, n), n, _rates(rng, 0.52, n), n)["p_value"] < 0.05
        for _ in range(trials)
    )
    false = sum(
        stats.two_proportions(_rates(rng, 0.45, n), n, _rates(rng, 0.45, n), n)["p_value"] < 0.05
        for _ in range(trials)
    )
    assert found / trials > 0.85  # power of about 0.93 for 0.40 vs 0.52 at n=400
    assert false / trials < 0.08  # about 0.05 under the null


def test_difference_interval_of_two_rates_covers_the_true_difference():
    rng = random.Random(4)
    covered = 0
    for _ in range(1000):
        r = stats.two_proportions(_rates(rng, 0.3, 150), 150, _rates(rng, 0.5, 150), 150)
        covered += r["ci"][0] <= 0.2 <= r["ci"][1]
    assert 0.93 <= covered / 1000 <= 0.98


def test_welch_finds_a_shift_in_means_and_not_a_null_one():
    rng = random.Random(5)
    shifted = sum(
        stats.welch([rng.gauss(10, 4) for _ in range(60)], [rng.gauss(13.5, 6) for _ in range(60)])["p_value"]
        < 0.05
        for _ in range(300)
    )
    null = sum(
        stats.welch([rng.gauss(10, 4) for _ in range(60)], [rng.gauss(10, 6) for _ in range(60)])["p_value"]
        < 0.05
        for _ in range(300)
    )
    assert shifted / 300 > 0.8
    assert null / 300 < 0.09


def test_holm_adjusts_in_step_down_order_and_controls_family_wise_errors():
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert stats.holm([0.5]) == [0.5]
    rng = random.Random(6)
    families_with_a_false_positive = 0
    for _ in range(300):
        ps = [
            stats.two_proportions(_rates(rng, 0.5, 100), 100, _rates(rng, 0.5, 100), 100)["p_value"]
            for _ in range(8)
        ]
        families_with_a_false_positive += any(p < 0.05 for p in stats.holm(ps))
    assert families_with_a_false_positive / 300 < 0.08


def test_degenerate_inputs_give_defined_answers():
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.welch([3, 3, 3], [3, 3, 3])["p_value"] == 1.0
    # each side constant: the exact permutation test (2 of the 20 ways to split 6 values 3 and 3)
    assert stats.welch([3, 3, 3], [4, 4, 4]) == {"difference": 1.0, "ci": None, "p_value": 0.1}
    assert stats.two_proportions(0, 10, 0, 10)["p_value"] == 1.0
    assert stats.mean_sd([]) == (0.0, 0.0)


def test_paired_t_test_uses_the_pairing_and_keeps_its_level():
    rng = random.Random(7)
    found = null = 0
    for _ in range(300):
        luck = [rng.gauss(0, 10) for _ in range(50)]  # shared by both sides of a pair
        a = [x + rng.gauss(0, 1) for x in luck]
        found += stats.paired(a, [x + 0.8 + rng.gauss(0, 1) for x in luck])["p_value"] < 0.05
        null += stats.paired(a, [x + rng.gauss(0, 1) for x in luck])["p_value"] < 0.05
    assert found / 300 > 0.85  # Welch would see 0.8 against a spread of 10: almost never
    assert null / 300 < 0.09
    # identical pairs: nothing moved, and a mean of unbounded values gets no interval of width 0
    assert stats.paired([1, 2, 3], [1, 2, 3]) == {"difference": 0.0, "ci": None, "p_value": 1.0}


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@given(st.integers(0, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_is_inside_0_1_and_holds_the_observed_rate(kn):
    k, n = kn
    lo, hi = stats.wilson(k, n)
    assert 0 <= lo <= hi <= 1
    if n:  # exactly, with no rounding slack: a seat with no wins has an interval from exactly 0
        assert lo <= k / n <= hi
        assert (lo == 0) if k == 0 else (lo > 0)
        assert (hi == 1) if k == n else (hi < 1)


@pytest.mark.parametrize("n", [5, 10, 17, 20, 34, 35, 40, 1000])
def test_a_seat_that_never_wins_has_a_win_rate_interval_from_exactly_0(n):
    assert stats.wilson(0, n)[0] == 0.0 and stats.wilson(n, n)[1] == 1.0


@given(
    st.integers(1, 300).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
    st.integers(1, 300).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
)
def test_the_interval_of_a_difference_of_two_rates_holds_the_difference(a, b):
    d = stats.two_proportions(a[0], a[1], b[0], b[1])
    assert d["ci"][0] <= d["difference"] <= d["ci"][1]


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30))
def test_holm_never_lowers_a_p_value_and_keeps_their_order(ps):
    adjusted = stats.holm(ps)
    assert all(a >= p and a <= 1 for a, p in zip(adjusted, ps))
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    assert all(adjusted[i] <= adjusted[j] for i, j in zip(order, order[1:]))


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=40), st.integers(-5, 5))
def test_a_shift_of_every_pair_is_the_paired_difference_with_an_exact_sign_test(values, shift):
    result = stats.paired(values, [v + shift for v in values])
    n = len(values)
    assert result["difference"] == shift and result["ci"] is None  # no spread: no t interval of width 0
    assert result["p_value"] == (1.0 if shift == 0 else min(1.0, 2 / 2**n))


# ------------------------------------------------ tiny samples claim nothing the method cannot give
def test_one_pair_gives_no_interval_and_no_p_value():
    for a, b in (([1], [0]), ([0], [1]), ([5.0], [2.0])):
        assert stats.paired(a, b, bounds=(-1, 1)) == {"difference": b[0] - a[0], "ci": None, "p_value": None}
    assert stats.welch([1], [0, 0])["p_value"] is None
    assert stats.two_proportions(1, 1, 0, 0)["p_value"] is None
    assert stats.mean_interval([4]) is None


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_few_games_all_won_by_the_other_side_are_not_significant(n):
    # a seat that won every base game and lost every variant game: no spread in the differences
    result = stats.paired([1] * n, [0] * n, bounds=(-1, 1))
    assert result["p_value"] == 2 / 2**n >= 0.0625  # the exact sign test: never below 0.05 with 5 pairs
    lo, hi = result["ci"]
    assert lo == -1 and 0 < hi < 1  # the bound of the rate holds the "no change" of 0


def test_the_bounded_interval_of_constant_differences_narrows_with_games_and_holds_the_value():
    widths = []
    for n in (2, 10, 100, 1000):
        lo, hi = stats.constant_interval(-1, n, (-1, 1))
        assert lo <= -1 <= hi
        widths.append(hi - lo)
    assert widths == sorted(widths, reverse=True) and widths[-1] < 0.01
    # 7 games, each lost by the variant: the sign test (p 1/64) and the interval agree on a change
    result = stats.paired([1] * 7, [0] * 7, bounds=(-1, 1))
    assert result["p_value"] < 0.05 and result["ci"][1] < 0


@given(st.integers(2, 12), st.floats(0.05, 0.95))
def test_a_t_interval_of_bounded_differences_stays_in_their_range(n, p):
    rng = random.Random(n)
    a = [int(rng.random() < p) for _ in range(n)]
    b = [int(rng.random() < p) for _ in range(n)]
    ci = stats.paired(a, b, bounds=(-1, 1))["ci"]
    assert ci is None or -1 <= ci[0] <= ci[1] <= 1


def test_sign_test_counts_the_lopsided_signs():
    assert stats.sign_test([0, 0]) == 1.0
    assert stats.sign_test([1, 1, 1]) == 0.25
    assert stats.sign_test([1, -1, 2, 0]) == 1.0
    assert abs(stats.sign_test([1] * 9 + [-1]) - 22 / 1024) < 1e-12


# ------------------------------------------------ draws and the first player's even share
def _record(winners, first=0, seats=(0, 1)):
    return {
        "seats": list(seats),
        "agents": ["a"] * len(seats),
        "scores": [0] * len(seats),
        "winners": winners,
        "first": first,
        "decisions": 1,
        "actions": {},
        "rules": {},
    }


def _games(rng, n, p_first, p_draw):
    """Two-seat games: a draw with chance p_draw, else the first player wins with chance p_first."""
    out = []
    for _ in range(n):
        if rng.random() < p_draw:
            out.append(_record([]))
        else:
            out.append(_record([0] if rng.random() < p_first else [1]))
    return out


def test_a_game_with_no_winner_is_a_draw_and_a_shared_win_a_tie():
    from playa_rules.simulation.summary import measures, summarize

    records = [_record([0]), _record([]), _record([0, 1]), _record([1], first=1)]
    m = measures(records)
    assert m["draws.rate"] == ("rate", [0, 1, 0, 0])
    assert m["ties.rate"] == ("rate", [0, 0, 1, 0])
    # won (0/1) minus winners / seats: 1 - 1/2, 0 - 0, 1 - 2/2, 1 - 1/2
    assert m["first_player.advantage"] == ("mean", [0.5, 0.0, 0.0, 0.5])
    first = summarize(records, {})["first_player"]
    assert first["expected"] == pytest.approx((0.5 + 0 + 1 + 0.5) / 4)
    assert first["advantage"] == pytest.approx(first["win_rate"] - first["expected"]) == pytest.approx(0.25)
    draws = summarize(records, {})["draws"]
    assert (draws["games"], draws["rate"]) == (1, 0.25) and draws["rate_ci"] == list(stats.wilson(1, 4))


def test_with_draws_a_first_player_with_no_edge_shows_no_advantage_about_95_percent_of_the_time():
    """A third of the games are draws and the decisive ones split evenly: the first player
    wins a third of the games, the even share is a third too, not 1/2."""
    from playa_rules.simulation.summary import summarize

    rng = random.Random(8)
    covered = 0
    for _ in range(300):
        first = summarize(_games(rng, 150, 0.5, 1 / 3), {})["first_player"]
        lo, hi = first["advantage_ci"]
        covered += lo <= 0 <= hi
        assert first["expected"] < 0.5
    assert 0.92 <= covered / 300 <= 0.98


def test_with_draws_a_real_first_player_edge_is_found():
    from playa_rules.simulation.summary import summarize

    rng = random.Random(9)
    found = sum(
        summarize(_games(rng, 200, 0.65, 0.3), {})["first_player"]["advantage_ci"][0] > 0 for _ in range(200)
    )
    assert found / 200 > 0.8  # +0.105 against an sd near 0.4: about 0.96 at 200 games
