"""An agent written in a script as a lambda or inside a function cannot be pickled, so it cannot
be sent to worker processes: with ``workers`` at its default the games are played in this
process; with workers asked for, the library's error says what to do."""

from __future__ import annotations

import numpy as np
import pytest

import playa_rules as pr


def _local_agent():
    def first(view, legal, log, worlds):
        return legal[0]

    return first


def test_a_local_function_agent_plays_in_process_when_workers_is_left_at_its_default():
    result = pr.simulate("playa-pirata", players=2, games=2, agents=[_local_agent(), "random"], seed=1)
    alone = pr.simulate(
        "playa-pirata", players=2, games=2, agents=[_local_agent(), "random"], seed=1, workers=1
    )
    assert result == alone and sum(a["wins"] for a in result["by_agent"].values()) >= 2


def test_asking_for_workers_with_a_lambda_agent_says_what_to_do():
    with pytest.raises(
        pr.PlayaRulesError, match=r"the agent '<lambda>' cannot be sent to worker processes"
    ) as info:
        pr.simulate("playa-pirata", players=2, games=2, agents=[lambda v, l, g, w: l[0], "random"], workers=2)
    assert "top level of a module" in str(info.value) and "workers=1" in str(info.value)


def test_simulate_takes_numpy_integers():
    result = pr.simulate(
        "playa-pirata", players=np.int64(2), games=np.int64(2), seed=np.int64(3), workers=np.int64(1)
    )
    assert result == pr.simulate("playa-pirata", players=2, games=2, seed=3, workers=1)
