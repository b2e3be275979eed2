"""The hand-written ISMCTS (benchmarks/ismcts_reference.py) plays legal, reproducible games,
samples worlds that keep what its seat knows, and beats random players."""

from __future__ import annotations

import importlib.util
import random
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location(
        "ismcts_reference", ROOT / "benchmarks" / "ismcts_reference.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


isr = _module()


def test_a_seeded_game_is_played_to_the_end_with_legal_actions_only_and_again_alike():
    for index in (0, 1):
        record = []
        searcher, _ = isr.play_reference(index, index, playouts=10, record=record)
        assert len(record) > 3 * 3 * 10  # three hands of three seats' turns
        assert all(action in legal for _, legal, action in record)
        assert searcher.searches > 0 and searcher.iterations >= 10 * searcher.searches // 2
        again = []
        isr.play_reference(index, index, playouts=10, record=again)
        assert again == record
        assert {seat for seat, _, _ in record} == {0, 1, 2}
    record = []
    isr.play_reference(0, 0, playouts=10, record=record, ties="random")  # (an experiment's setting)
    assert all(action in legal for _, legal, action in record)


def test_the_searching_seat_is_rotated_as_the_simulate_command_does():
    order = [isr.seats_order(("ismcts", "random", "random"), i) for i in range(4)]
    assert [agents.index("ismcts") for agents in order] == [0, 1, 2, 0]


def test_a_world_keeps_what_the_seat_knows_and_redraws_the_rest():
    rng = random.Random(3)
    real = isr.Real.deal(3, rng, start=0)
    while len(real.beach) < 6:  # a few moves in: burials, perhaps a Telescope or Map
        legal = real.legal()
        real.apply(legal[rng.randrange(len(legal))])
    seat = real.seat
    worlds = isr.Worlds(real, seat, random.Random(1))
    others_changed = False
    for _ in range(30):
        w = worlds()
        assert [(t.kind, t.value) for t in w.hands[seat]] == [(t.kind, t.value) for t in real.hands[seat]]
        for t, u in zip(real.beach, w.beach):
            assert (u.stack, u.cover, u.face_up) == (t.stack, t.cover, t.face_up)  # stays with the place
            if t.known & (1 << seat):
                assert (u.kind, u.value, u.label) == (t.kind, t.value, t.label)
        assert [len(h) for h in w.hands] == [len(h) for h in real.hands]
        assert (w.seat, w.step, w.phase, w.towels, w.pirates) == (
            real.seat,
            real.step,
            real.phase,
            real.towels,
            real.pirates,
        )
        placed = Counter((t.kind, t.value) for t in [*w.beach, *(t for h in w.hands for t in h)])
        assert not placed - Counter(isr.SUPPLY)  # the 15 treasures, two or more set aside
        others_changed |= any(
            (t.kind, t.value) != (u.kind, u.value)
            for s in range(3)
            if s != seat
            for t, u in zip(real.hands[s], w.hands[s])
        )
    assert others_changed


def test_the_searching_seat_beats_two_random_players():
    wins = sum(isr.play_reference(i, i, playouts=40)[1] for i in range(4))
    assert wins >= 3


def test_the_script_compares_the_engine_and_the_reference(capsys):
    assert isr.main(["--games", "1", "--playouts", "8"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^engine +[\d.]+ s CPU a game, wins [01]/1 ", out, re.M)
    assert re.search(r"^reference +[\d.]+ s CPU a game, wins [01]/1 ", out, re.M)
    assert re.search(r"^engine / reference, CPU a game: [\d.]+$", out, re.M)


def test_the_reference_lists_the_engine_s_actions_in_its_order_with_its_ids_order():
    """Ties are broken by list order (UCB1) and by id (the choice): both as the engine's."""
    import playa_rules as pr

    rules = pr.load("playa-pirata")
    rnd = random.Random(7)
    for seed in range(3):
        game = rules.new_game(3, seed=seed)
        hand, hands = None, -1
        while not game.is_over:
            if game.hands_played != hands:
                view, hands = game.view(None), game.hands_played
                dealt = [[(t["kind"], t["value"]) for t in s["zones"]["treasures"]] for s in view["seats"]]
                (middle,) = view["zones"]["beach"]
                hand = isr.Real.of(3, view["start_player"], dealt, (middle["kind"], middle["value"]))
            legal, mine = game.legal_actions(), hand.legal()
            assert [str(a) for a in legal] == [isr.ref.text(a) for a in mine]
            assert sorted(range(len(mine)), key=lambda k: legal[k].id) == sorted(
                range(len(mine)), key=lambda k: isr.engine_id(mine[k])
            )
            k = rnd.randrange(len(legal))
            game.apply(legal[k])
            hand.apply(mine[k])
