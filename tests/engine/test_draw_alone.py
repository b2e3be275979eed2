"""A draw from a shuffled zone of components each alone in its face (engine/decide.py,
Model.alone): taken without counting the slice, it draws what counting draws, logs the
same entry, and leaves the generator where counting leaves it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import playa_rules as pr


def test_alone_marks_the_components_no_other_shares_a_face_with():
    """Maui's 60 pieces are each a different order of patterns; a seat's pearl tokens repeat."""
    m = pr.load("maui").program.model
    pieces = [x for x in range(m.component_count) if m.ctype[x] == "piece"]
    tokens = [
        x
        for x in range(m.component_count)
        if m.ctype[x] == "umbrella_token" and m.props["gift"][x] == "white"
    ]
    assert len(pieces) == 60 and all(m.alone[x] for x in pieces)
    assert not any(m.alone[x] for x in tokens)
    counts = [m.face.count(m.face[x]) for x in range(m.component_count)]
    assert m.alone == [n == 1 for n in counts]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["maui", "playa-pirata", "lying-pirates"]), st.integers(1, 6))
def test_a_draw_of_a_face_alone_is_the_draw_counting_makes(seed, gid, draws):
    """From the first decision of a seeded game, the top of every shuffled zone settled
    ``draws`` times: the same components, the same log, with the scan forced everywhere."""
    rules = pr.load(gid)
    game = rules.new_game(3, seed=seed)
    quick, counted = game.g.copy(), game.g.copy()
    m = rules.program.model
    alone = m.alone
    picked = []
    for state, flags in ((quick, alone), (counted, [False] * len(alone))):
        m.alone = flags
        try:
            got = []
            for z in range(len(state.zones)):
                for _ in range(draws):
                    if state.mix[z] is None:
                        break
                    state.settle_top(z)
                    got.append(state.zones[z][-1])
                    state.zones[z].pop()
            picked.append((got, [_plain(entry) for entry in state.log], state.rng.getstate()))
        finally:
            m.alone = alone
    assert picked[0] == picked[1]


def _plain(entry):
    """A log entry with its chance node as plain data (nodes compare by identity)."""
    return [(x.kind, x.subject, x.options, x.total) if hasattr(x, "options") else x for x in entry]
