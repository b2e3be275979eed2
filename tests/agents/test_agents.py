"""The generic agents: they see only their seat's knowledge, follow the protocol, and search well."""

import random
import re

import pytest

import playa_rules as pr
from playa_rules.agents import AGENTS, ISMCTSAgent, LazyLog, LazyView, Worlds, make_agent, parse_spec
from playa_rules.cli.main import main
from playa_rules.simulation.play import Unit, play_game


def _positions(game_id, players, seed, count):
    """Decision points of a random game of ``game_id``: (game, seat) pairs."""
    game = pr.load(game_id).new_game(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not game.is_over and len(out) < count:
        if rng.random() < 0.3:
            out.append((game.clone(), game.current_player))
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return out


def _decide(spec, game, seat, agent_seed):
    rng = random.Random(agent_seed)
    agent = make_agent(spec, rng)
    worlds = Worlds(lambda r: game.sample_world(seat, r), seat, rng)
    return str(
        agent.act(
            LazyView(lambda: game.view(seat)),
            game.legal_actions(),
            LazyLog(lambda: game.log_for(seat)),
            worlds,
        )
    )


@pytest.mark.parametrize("spec", ["random", "greedy:width=16", "ismcts:playouts=12"])
@pytest.mark.parametrize("game_id,players", [("playa-pirata", 3), ("lying-pirates", 3)])
def test_agents_decide_the_same_in_games_that_differ_only_in_cards_they_cannot_see(spec, game_id, players):
    differing = 0
    for k, (real, seat) in enumerate(_positions(game_id, players, seed=11, count=6)):
        other = real.sample_world(seat, random.Random(100 + k))  # the unseen cards dealt again
        assert other.view(seat) == real.view(seat)
        differing += other.view(None) != real.view(None)
        assert _decide(spec, real, seat, agent_seed=k) == _decide(spec, other, seat, agent_seed=k)
    assert differing >= 3  # the check compared games that really differ


def test_an_agent_cannot_keep_its_view_past_the_decision():
    view = LazyView(lambda: {"a": 1})
    view.close()
    with pytest.raises(pr.PlayaRulesError, match="kept a view"):
        view["a"]


class FirstLegal:
    """A user's agent class: always the first legal action."""

    def __init__(self, rng):
        self.rng = rng

    def act(self, view, legal, log, worlds):
        assert view["seat"] == worlds.seat and log[0]["event"] == "start"
        return legal[0].id


def last_legal(view, legal, log, worlds):
    """A user's agent function: always the last legal action, by its text."""
    return str(legal[-1])


def test_user_agents_as_a_class_and_as_a_function_play_whole_games():
    rules = pr.load("playa-pirata")
    record = play_game(Unit(0, rules, 2, 5, (FirstLegal, last_legal)))
    assert record["agents"] == ["FirstLegal", "last_legal"] and record["decisions"] > 0
    again = play_game(Unit(0, rules, 2, 5, (FirstLegal, last_legal)))
    assert again == record


def test_agent_specs_are_checked_with_clear_messages():
    assert parse_spec("ismcts:playouts=50,c=1") == ("ismcts", {"playouts": 50, "c": 1.0})
    assert sorted(AGENTS) == ["greedy", "ismcts", "random"]
    with pytest.raises(pr.PlayaRulesError, match="unknown agent 'minimax'"):
        parse_spec("minimax")
    with pytest.raises(pr.PlayaRulesError, match="bad option 'depth=3'"):
        parse_spec("greedy:depth=3")
    with pytest.raises(
        pr.PlayaRulesError, match="ismcts playouts is a whole number of 1 or more, not 'many'"
    ):
        parse_spec("ismcts:playouts=many")
    with pytest.raises(pr.PlayaRulesError, match="ismcts horizon is 'hand' or 'match', not 'turn'"):
        make_agent("ismcts:horizon=turn", random.Random(0))


OUT_OF_RANGE = [
    ("ismcts:playouts=0", "ismcts playouts is a whole number of 1 or more, not '0'"),
    ("ismcts:playouts=-5", "ismcts playouts is a whole number of 1 or more, not '-5'"),
    ("greedy:width=0", "greedy width is a whole number of 1 or more, not '0'"),
    ("greedy:samples=-1", "greedy samples is a whole number of 1 or more, not '-1'"),
    ("ismcts:seconds=0", "ismcts seconds is a number above 0, not '0'"),
    ("ismcts:seconds=-1", "ismcts seconds is a number above 0, not '-1'"),
    ("ismcts:c=-3", "ismcts c is a number of 0 or more, not '-3'"),
    ("ismcts:c=nan", "ismcts c is a number of 0 or more, not 'nan'"),
]


@pytest.mark.parametrize("spec, message", OUT_OF_RANGE)
def test_an_option_out_of_its_range_is_refused_not_clamped(spec, message):
    """A budget of 0 playouts is a mistake to say, not a search of 1: make_agent, the agent's
    own constructor and the command line refuse it with the same words."""
    with pytest.raises(pr.PlayaRulesError, match=re.escape(f"agent {spec!r}: {message}")):
        make_agent(spec, random.Random(0))
    name, _, option = spec.partition(":")
    key, _, value = option.partition("=")
    with pytest.raises(pr.PlayaRulesError, match=re.escape(message.replace(f"'{value}'", value))):
        AGENTS[name](random.Random(0), **{key: float(value) if value == "nan" else int(value)})


def test_the_command_line_refuses_ismcts_without_playouts_as_a_usage_error(capsys):
    code = main(["simulate", "playa-pirata", "-p", "2", "-n", "2", "--agents", "ismcts:playouts=0,random"])
    err = capsys.readouterr().err
    assert code == 2
    assert "argument --agents/-a: agent 'ismcts:playouts=0': ismcts playouts is a whole number of 1" in err


def test_ismcts_beats_random_in_a_seeded_seat_balanced_match():
    result = pr.simulate(
        "playa-pirata", ["short-game"], players=2, games=6, agents=["ismcts", "random"], seed=3, workers=1
    )
    ismcts, rnd = result["by_agent"]["ismcts"], result["by_agent"]["random"]
    assert ismcts["seat_games"] == rnd["seat_games"] == 6  # rotated: each agent 3 games per seat
    assert ismcts["wins"] >= 5 and ismcts["mean_score"] > rnd["mean_score"] + 5


def test_an_agent_choosing_an_illegal_action_is_a_clear_error_even_from_a_worker():
    with pytest.raises(
        pr.IllegalAction,
        match=r"game [01] \(seed [01]\): the agent 'bad_agent' of seat [01] chose 'fly away'",
    ):
        pr.simulate("playa-pirata", players=2, games=2, agents=[bad_agent], workers=2)


def bad_agent(view, legal, log, worlds):
    """Answers with an action that does not exist."""
    return "fly away"


class _Counted(ISMCTSAgent):
    """ismcts counting its iterations."""

    def __init__(self, rng, **options):
        super().__init__(rng, **options)
        self.iterations = 0

    def _iterate(self, root, world):
        self.iterations += 1
        super()._iterate(root, world)


class _WholeBudget(_Counted):
    """ismcts without its early end: every one of its playouts is run."""

    @staticmethod
    def _settled(root, ids, left):
        return False


def test_ismcts_ending_its_search_early_chooses_what_its_whole_budget_would():
    rules = pr.load("playa-pirata", variants=["short-game"])
    game, rng, compared, shortened = rules.new_game(2, seed=3), random.Random(3), 0, 0
    while not game.is_over and compared < 8:
        legal, seat = game.legal_actions(), game.current_player
        if len(legal) > 1:
            chosen = []
            for cls in (_Counted, _WholeBudget):
                agent_rng = random.Random(f"same:{compared}")
                worlds = Worlds(lambda r, seat=seat: game.sample_world(seat, r), seat, agent_rng)
                agent = cls(agent_rng, playouts=40)
                chosen.append((agent.act(None, legal, None, worlds).id, agent.iterations))
            assert chosen[0][0] == chosen[1][0] and chosen[1][1] == 40
            shortened += chosen[0][1] < 40
            compared += 1
        game.apply(legal[rng.randrange(len(legal))])
    assert compared == 8 and shortened >= 1


class _TestedEachTime(_Counted):
    """ismcts testing its lead at every iteration of the second half of its budget."""

    @staticmethod
    def _margin(root, ids, left):
        return 0


@pytest.mark.parametrize("game_id,players", [("playa-pirata", 3), ("lying-pirates", 3)])
def test_testing_the_lead_only_where_it_can_first_settle_ends_where_testing_each_time_ends(game_id, players):
    """The lead narrows by at most two an iteration (one visit more for one action, one
    iteration less left), so a search that skips the tests that cannot succeed stops at
    the same iteration and chooses the same, from the same random draws."""
    for game, seat in _positions(game_id, players, 4, 6):
        legal = game.legal_actions()
        if len(legal) < 2:
            continue
        ended = []
        for cls in (_Counted, _TestedEachTime):
            rng = random.Random(f"lead:{seat}")
            worlds = Worlds(lambda r, seat=seat: game.sample_world(seat, r), seat, rng)
            agent = cls(rng, playouts=60)
            ended.append((agent.act(None, legal, None, worlds).id, agent.iterations, rng.getstate()))
        assert ended[0] == ended[1]


def _rewards_by_definition(totals, leaders, seats):
    """Half for leading (shared), half for the share of other seats with fewer points (a tie a half)."""
    out = []
    for s in range(seats):
        lead = 1 / len(leaders) if s in leaders else 0.0
        rank = (
            sum(
                1.0 if totals[s] > t else 0.5 if totals[s] == t else 0.0
                for o, t in enumerate(totals)
                if o != s
            )
            / (seats - 1)
            if seats > 1
            else 1.0
        )
        out.append(0.5 * lead + 0.5 * rank)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_playouts_rewards_are_half_for_leading_and_half_for_rank(seed):
    from types import SimpleNamespace

    from playa_rules.agents.protocol import evaluate

    rng = random.Random(seed)
    for _ in range(200):
        seats = rng.randint(1, 6)
        totals = [rng.choice([0, 1, 2, 3, 2.5]) for _ in range(seats)]
        over = rng.random() < 0.5
        winners = sorted(rng.sample(range(seats), rng.randint(1, seats)))
        game = SimpleNamespace(scores=lambda t=totals: t, winners=lambda w=winners: w, is_over=over)
        leaders = winners if over else [s for s, t in enumerate(totals) if t == max(totals)]
        assert evaluate(game, seats) == _rewards_by_definition(totals, leaders, seats)


@pytest.mark.parametrize("game_id,players", [("playa-pirata", 3), ("maui", 3), ("lying-pirates", 4)])
def test_a_search_and_whole_games_leave_no_cycles_for_the_collector(game_id, players):
    """ISMCTS pauses the cyclic garbage collector while it searches (agents/collector.py):
    that loses no memory only while playing makes no reference cycles, which this checks
    with the collector off: after a search and a few whole games, it finds nothing to free.
    (The rules' generated functions are made when first run, and a few made on the way are
    dropped then: a first round of games runs them all before the count.)"""
    import gc

    rules = pr.load(game_id)
    game = _positions(game_id, players, 3, 1)[0][0]
    _decide("ismcts:playouts=40", game, game.current_player, 1)
    warm = random.Random(1)
    for seed in range(10, 16):
        played = rules.new_game(players, seed=seed)
        while not played.is_over:
            legal = played.legal_actions()
            played.apply(legal[warm.randrange(len(legal))])
            played.clone().view(played.current_player)
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        _decide("ismcts:playouts=40", game, game.current_player, 1)
        rng = random.Random(2)
        for seed in range(3):
            played = rules.new_game(players, seed=seed)
            while not played.is_over:
                legal = played.legal_actions()
                played.apply(legal[rng.randrange(len(legal))])
                played.clone().view(played.current_player)
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_ismcts_turns_the_collector_back_on():
    import gc

    game, seat = _positions("playa-pirata", 3, 5, 1)[0]
    assert gc.isenabled()
    _decide("ismcts:playouts=10", game, seat, 1)
    assert gc.isenabled()


def test_what_of_an_agents_view_and_log_is_read_only():
    """agents.md: `view` itself and `log` with its events are read-only; the dicts and lists
    inside `view` are this decision's own copy, so changing one changes neither the game nor
    the next decision's view (outside tester, session 20, item 7)."""
    seen = []

    def meddler(view, legal, log, worlds):
        with pytest.raises(TypeError):
            view["seat"] = 5
        if len(log):
            with pytest.raises(TypeError):
                log[0]["event"] = "x"
        assert "x" not in view["zones"]  # the last decision's change is gone
        view["zones"]["x"] = 1
        view["zones"]["beach"].clear()
        seen.append(view["zones"]["x"])
        return legal[0]

    summary = pr.simulate("playa-pirata", players=2, games=1, agents=[meddler, "random"], workers=1)
    assert len(seen) > 3 and summary["games"] == 1
