"""Every rule set is an OpenSpiel game: OpenSpiel's own checks, and an algorithm on Kuhn poker.

``pyspiel.random_sim_test`` plays random matches with serialization, checking the API's
consistency (legal actions, chance outcomes summing to 1, clones, observation and
information state tensors and strings, returns) at every state. Kuhn poker written as a
rule file must then behave as the literature says: the uniform random policy is exactly
11/24 exploitable, and CFR drives the exploitability towards 0 with the game value -1/18.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from doc_blocks import ROOT, blocks
from unseen import swapped, unseen_pairs

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra 'openspiel'")
np = pytest.importorskip("numpy")

import playa_rules as pr  # noqa: E402
import playa_rules.openspiel  # noqa: E402,F401  (registers the game)

KUHN = str(Path(__file__).resolve().parent.parent / "games" / "kuhn-poker.yaml")
CASES = [
    {"rules": "playa-pirata", "players": 2},
    {"rules": "playa-pirata", "players": 3, "variants": "special-cards"},
    {"rules": "playa-pirata", "players": 4, "variants": "short-game"},
    {"rules": "playa-pirata", "players": 2, "variants": "short-game-two-hands"},
    {"rules": "playa-pirata", "players": 3, "variants": "special-cards,short-game"},
    {"rules": "playa-pirata", "players": 4, "variants": "special-cards,short-game-two-hands"},
    {"rules": "pirate-gold-cards", "players": 2},
    {"rules": "pirate-gold-cards", "players": 5},
    {"rules": "lying-pirates", "players": 2},
    {"rules": "lying-pirates", "players": 4},
    {"rules": KUHN, "players": 2, "returns": "relative"},
    {"rules": "lying-pirates", "players": 3, "simultaneous": "sequential"},
]
# Every run plays each game and each variant; the longer matches (variants together, the
# most players) run with -m slow.
QUICK = (0, 1, 2, 3, 6, 8, 10, 11)


def _case(i: int, params: dict):
    name = f"{Path(params['rules']).stem}-{params['players']}-{params.get('variants', '')}"
    name += "-sequential" if params.get("simultaneous") == "sequential" else ""
    return pytest.param(params, id=name, marks=[] if i in QUICK else [pytest.mark.slow])


@pytest.mark.parametrize("params", [_case(i, p) for i, p in enumerate(CASES)])
def test_openspiels_random_simulation_test_with_serialization(params):
    game = pyspiel.load_game("playa_rules", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_declares_what_the_rules_say():
    game = pyspiel.load_game(
        "playa_rules", {"rules": "playa-pirata", "players": 3, "variants": "special-cards"}
    )
    rules = pr.load("playa-pirata", variants=["special-cards"])
    assert game.num_players() == 3
    assert game.num_distinct_actions() == rules.num_distinct_actions
    assert game.max_chance_outcomes() == rules.max_chance_outcomes
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM  # returns 'win'
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    scores = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "players": 3, "returns": "scores"})
    assert (
        scores.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    )  # honest: scores need not sum to 0
    assert str(game) == (
        "playa_rules(information_state=compact,max_abs_score=1000,players=3,returns=win,"
        "rules=playa-pirata,simultaneous=joint,variants=special-cards)"
    )


@pytest.mark.parametrize("bound", [-1, 0])
def test_max_abs_score_must_be_positive(bound):
    with pytest.raises(pr.PlayaRulesError, match=f"max_abs_score is a positive number .*, not {bound}"):
        pyspiel.load_game("playa_rules", {"rules": "maui", "returns": "scores", "max_abs_score": bound})


def _random_terminal(game, seed: int):
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            ids, odds = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("returns", ["scores", "relative"])
def test_returns_outside_the_declared_utility_range_raise_rather_than_break_it(returns):
    small = pyspiel.load_game(
        "playa_rules", {"rules": "maui", "players": 2, "returns": returns, "max_abs_score": 1}
    )
    state = _random_terminal(small, seed=0)
    with pytest.raises(
        pr.PlayaRulesError,
        match=r"outside the utility range \[-[12], [12]\] the game declares: "
        "load it with a larger max_abs_score",
    ):
        state.returns()
    roomy = pyspiel.load_game("playa_rules", {"rules": "maui", "players": 2, "returns": returns})
    out = _random_terminal(roomy, seed=0).returns()
    assert all(roomy.min_utility() <= r <= roomy.max_utility() for r in out)


def test_action_to_string_of_an_id_out_of_range_says_so():
    game = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "players": 2})
    state = game.new_initial_state()
    n, m = game.max_chance_outcomes(), game.num_distinct_actions()
    for bad in (n, 99999, -3):
        with pytest.raises(
            pr.PlayaRulesError,
            match=f"chance outcome {bad} is out of range: the outcome ids are 0 to {n - 1}",
        ):
            state.action_to_string(pyspiel.PlayerId.CHANCE, bad)
    for bad in (m, -1):
        with pytest.raises(
            pr.PlayaRulesError, match=f"action {bad} is out of range: the action ids are 0 to {m - 1}"
        ):
            state.action_to_string(0, bad)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, n - 1)  # in range, not at this node: still a text
    assert state.action_to_string(0, m - 1) == "done"


def test_a_rule_file_path_and_its_variants_load():
    game = pyspiel.load_game("playa_rules", {"rules": KUHN, "players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in state.chance_outcomes()] == [
        "J from deck",
        "Q from deck",
        "K from deck",
    ]


def _random_matches(game, rng, matches: int):
    """Each state of ``matches`` random matches where a player decides, and each match's
    last state (chance outcomes drawn with their probabilities)."""
    for _ in range(matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            yield state
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


def test_max_game_length_bounds_random_matches():
    for params in CASES[:3] + CASES[6:9]:
        game = pyspiel.load_game("playa_rules", params)
        for state in _random_matches(game, random.Random(3), 3):
            if state.is_terminal():
                assert len(state.history()) <= game.max_game_length()


def _random_state(game, seed: int, steps: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "rules,players", [("playa-pirata", 3), ("pirate-gold-cards", 4), ("lying-pirates", 3)]
)
def test_observations_do_not_depend_on_what_the_player_cannot_see(rules, players):
    """Swap two components the observer has not seen: its tensors and strings stay the same."""
    game = pyspiel.load_game("playa_rules", {"rules": rules, "players": players})
    checked = 0
    for seed in range(6):
        state = _random_state(game, seed, 40)
        if state.is_terminal() or state.is_chance_node():
            continue
        for player in range(players):
            changed = [swapped(state.game, a, b) for a, b in list(unseen_pairs(state.game, player))[:2]]
            changed += _rerolled(state.game, player)
            for changed_game in changed:
                other = state.clone()
                other.game = changed_game
                assert other.game.view(None) != state.game.view(None)
                assert other.observation_tensor(player) == state.observation_tensor(player)
                assert other.information_state_tensor(player) == state.information_state_tensor(player)
                assert other.observation_string(player) == state.observation_string(player)
                checked += 1
    assert checked > 0


def _rerolled(game, player: int) -> list:
    """Copies of the game where one die the player has not seen shows another face."""
    g, m = game.g, game.m
    faces = m.props.get("faces")
    out = []
    for c in range(m.component_count):
        if (
            faces
            and faces[c]
            and g.loc[c] >= 0
            and not g.known[c] >> player & 1
            and g.cvars["face"][c] is not None
        ):
            other_face = next((f for f in faces[c] if f != g.cvars["face"][c]), None)
            if other_face is not None:
                copy = game.clone()
                copy.g.cvars["face"][c] = other_face
                out.append(copy)
        if len(out) == 2:
            break
    return out


def test_the_tensor_layout_is_the_same_for_every_state():
    game = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "players": 2})
    shapes = {len(_random_state(game, s, k).observation_tensor(0)) for s in range(3) for k in (0, 15, 60)}
    assert shapes == {game.observation_tensor_size()}


def test_uniform_random_play_of_kuhn_poker_is_eleven_twentyfourths_exploitable():
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    game = pyspiel.load_game("playa_rules", {"rules": KUHN, "players": 2, "returns": "relative"})
    assert exploitability.exploitability(game, policy.UniformRandomPolicy(game)) == pytest.approx(11 / 24)


def test_cfr_on_kuhn_poker_approaches_the_nash_equilibrium():
    from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

    game = pyspiel.load_game("playa_rules", {"rules": KUHN, "players": 2, "returns": "relative"})
    solver = cfr.CFRSolver(game)
    for _ in range(50):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    assert exploitability.exploitability(game, average) < 0.03  # 0.46 for uniform play
    value = expected_game_score.policy_value(game.new_initial_state(), [average, average])
    assert value[0] == pytest.approx(-1 / 18, abs=0.01)  # Kuhn (1950): the first player loses 1/18


def test_the_adapters_page_examples_run(monkeypatch, capsys):
    """Every ```python block of docs/adapters.md runs as written (from the checkout)."""
    examples = blocks("adapters.md", "python")
    assert len(examples) == 7
    monkeypatch.chdir(ROOT)
    for code in examples:
        exec(compile(code.values[0], "<docs/adapters.md>", "exec"), {"__name__": "__docs_example__"})
    assert "0.458" in capsys.readouterr().out


def test_the_adapters_page_gives_maui_s_tensor_sizes_as_they_are():
    """'Maui: 8,192 of its 14,954 floats, 15,604 of 23,090 with crabs' (the `known` piece, the
    whole tensor), read off the page and measured on the layouts."""
    from playa_rules.adapters.observation import Layout

    page = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    found = re.search(r"Maui: ([\d,]+) of its ([\d,]+) floats, ([\d,]+) of ([\d,]+) with `crabs`", page)
    shown = [int(x.replace(",", "")) for x in found.groups()]
    measured = []
    for variants in ([], ["crabs"]):
        layout = Layout(pr.load("maui", variants=variants).program)
        measured += [int(np.prod(dict(layout.pieces)["known"])), layout.size]
    assert shown == measured


@pytest.mark.parametrize("rules", ["playa-pirata", "lying-pirates", "pirate-gold-cards"])
def test_perfect_recall_counts_the_actions_the_seat_s_log_shows_with_their_id(rules):
    """The information-state tensor's action counts, read off the internal log, are those
    of ``log_for(player)``: an action naming a face the player did not know has no id there."""
    from playa_rules.adapters.openspiel import PlayaObserver

    game = pyspiel.load_game("playa_rules", {"rules": rules, "players": 3})
    observer = PlayaObserver(game, perfect_recall=True)
    rng, checked = random.Random(1), 0
    for state in _random_matches(game, rng, 3):
        if rng.random() < 0.25:
            for player in range(3):
                observer.set_from(state, player)
                expected = np.zeros_like(observer.dict["played"])
                for ev in state.game.log_for(player):
                    if ev["event"] == "action" and "id" in ev:
                        expected[ev["seat"], ev["id"]] += 1
                assert np.array_equal(observer.dict["played"], expected)
                checked += 1
    assert checked > 10


@pytest.mark.parametrize("others_see", ["turn", "nothing"])
def test_perfect_recall_does_not_count_a_move_kept_secret(tmp_path, others_see):
    """An action whose ``others_see`` is ``turn`` or ``nothing`` has no id in the other seats'
    log_for: their information-state tensors do not count it either (only its own seat's)."""
    from playa_rules.adapters.openspiel import PlayaObserver

    text = (Path(__file__).resolve().parent.parent / "games" / "call-suit.yaml").read_text(encoding="utf-8")
    path = tmp_path / "secret-call.yaml"
    path.write_text(
        text.replace(
            '    text: "call {suit}"\n', f'    text: "call {{suit}}"\n    others_see: {others_see}\n'
        ),
        encoding="utf-8",
    )
    game = pyspiel.load_game("playa_rules", {"rules": str(path), "players": 2})
    observer = PlayaObserver(game, perfect_recall=True)
    rng, secret = random.Random(2), 0
    for state in _random_matches(game, rng, 4):
        for player in range(2):
            observer.set_from(state, player)
            expected = np.zeros_like(observer.dict["played"])
            for ev in state.game.log_for(player):
                if ev["event"] == "action" and "id" in ev:
                    expected[ev["seat"], ev["id"]] += 1
            assert np.array_equal(observer.dict["played"], expected)
            secret += sum(
                1 for ev in state.game.log_for(1 - player) if ev.get("action", "").startswith("call")
            )
    assert secret > 0  # a call was made, and kept from the other seat


def _has_simultaneous_step(rules: str) -> bool:
    return any(st.simultaneous is not None for ph in pr.load(rules).program.phases for st in ph.steps)


def _ismcts_match(rules: str, seed: int, simulations: int, players: int = -1):
    """One match of ``rules``: OpenSpiel's own (Python) ISMCTSBot on seat 0, uniform random play
    elsewhere. The bot plays sequential games only: a rule set with a simultaneous step is loaded
    with ``simultaneous="sequential"`` (its seats choose in turn, each choice sealed)."""
    from open_spiel.python.algorithms import ismcts, mcts

    params = {"rules": rules, "players": players}
    if _has_simultaneous_step(rules):
        params["simultaneous"] = "sequential"
    game = pyspiel.load_game("playa_rules", params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=simulations,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        use_observation_string=False,
        allow_inconsistent_action_sets=True,
    )
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            decisions += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    return state, decisions


def test_openspiels_ismcts_bot_plays_a_whole_match_on_sampled_worlds():
    state, decisions = _ismcts_match("playa-pirata", seed=0, simulations=4)
    assert decisions > 10 and sorted(state.returns()) == [-1.0, 1.0]


def test_openspiels_ismcts_bot_plays_lying_pirates_catch_up_vote_in_sealed_turns():
    """Lying Pirates' catch-up vote is simultaneous: loaded with ``simultaneous="sequential"``
    the bot plays the whole match, voting in its turn while the other seat's vote stays sealed."""
    state, decisions = _ismcts_match("lying-pirates", seed=0, simulations=2, players=2)
    votes = [ev for ev in state.game.log if ev["event"] == "chose"]
    assert decisions > 10 and sorted(state.returns()) == [-1.0, 1.0]
    assert {ev["seat"] for ev in votes} == {0, 1}  # both seats voted, the bot among them


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(pr.games()))
def test_openspiels_ismcts_bot_plays_every_bundled_game(rules):
    state, decisions = _ismcts_match(rules, seed=1, simulations=4)
    assert state.is_terminal() and decisions > 0


def _sealed_node(game, seed: int):
    """A state of a random match where one seat has sealed its choice and another is to choose."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if state.game.chosen:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def test_in_sequential_form_a_sealed_choice_stays_hidden_from_the_seat_choosing_next():
    """Two matches alike but for the first seat's sealed vote: the next seat to vote cannot
    tell them apart (the same information state, legal actions and sampled worlds), the first can."""
    game = pyspiel.load_game(
        "playa_rules", {"rules": "lying-pirates", "players": 2, "simultaneous": "sequential"}
    )
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for seed in range(40):
        state = _sealed_node(game, seed)
        if state is None:
            continue
        first, (voter,) = state.game.chosen[0], state.game.acting
        history = state.history()
        other = game.new_initial_state()
        for a in history[:-1]:
            other.apply_action(a)
        alternatives = [a for a in other.legal_actions() if a != history[-1]]
        if not alternatives:  # (the first seat could only refuse)
            continue
        other.apply_action(alternatives[0])
        assert state.current_player() == other.current_player() == voter != first
        assert state.information_state_string(voter) == other.information_state_string(voter)
        assert state.information_state_tensor(voter) == other.information_state_tensor(voter)
        assert state.information_state_string(first) != other.information_state_string(first)
        world = state.resample_from_infostate(voter, sampler)
        assert world.information_state_string(voter) == state.information_state_string(voter)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        if checked == 3:
            break
    assert checked > 0


def test_the_simultaneous_parameter_is_checked():
    joint = pyspiel.load_game("playa_rules", {"rules": "lying-pirates", "players": 2})
    assert joint.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    with pytest.raises(pr.PlayaRulesError, match="simultaneous is one of joint, sequential, not 'turns'"):
        pyspiel.load_game("playa_rules", {"rules": "lying-pirates", "simultaneous": "turns"})


def test_a_resampled_state_is_one_the_player_cannot_tell_from_the_real_one():
    game = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "players": 3})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng, checked = random.Random(5), 0
    for state in _random_matches(game, rng, 2):
        if state.is_terminal() or rng.random() > 0.3:
            continue
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
    assert checked > 5


def test_the_information_state_is_a_compact_digest_of_the_json_which_stays_available():
    from playa_rules.adapters.openspiel import PlayaObserver

    compact = pyspiel.load_game("playa_rules", {"rules": "playa-pirata"})
    full = pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "information_state": "json"})
    observer = PlayaObserver(full, perfect_recall=True)
    keys, texts = set(), set()
    for state in _random_matches(compact, random.Random(2), 1):
        key = state.information_state_string(0)
        assert len(key) == 32 and int(key, 16) >= 0
        keys.add(key)
        texts.add(observer.string_from(state, 0))
    assert len(keys) == len(texts) > 20  # one key per distinct information state
    with pytest.raises(pr.PlayaRulesError, match="information_state is one of compact, json"):
        pyspiel.load_game("playa_rules", {"rules": "playa-pirata", "information_state": "short"})
