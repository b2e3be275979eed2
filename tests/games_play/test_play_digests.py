"""Nothing else moves: every bundled game plays exactly as it did.

Random legal play (a seeded ``random.Random``) over every bundled game, each bundled
variant alone and all together, every allowed player count and a few seeds, plus the
board and card games of tests/games; each match's full log, every seat's ``log_for``,
the scores and the winners are hashed and compared with the committed digests in
tests/digests/play.json (see tests/play_digests.py). Engine and compiler changes (the
compiled rule sets of issue 27 among them) must keep every digest, with either backend.

A change that is meant to change play (a rule file or a bundled variant, as the Maui and
Lying Pirates rule corrections of issue 33 do) regenerates the file with

    python tests/play_digests.py --update

and says in its commit which games' play changed and why.
"""

from __future__ import annotations

import pytest
from play_digests import HERE, committed, digest, variant_sets

import playa_rules as pr
from playa_rules import rules as rules_module

DIGESTS = committed()
GROUPS = sorted(
    {
        name.split("/")[0] if not name.startswith("tests/") else "/".join(name.split("/")[:3])
        for name in DIGESTS
    }
)


def _cases(group: str):
    return {k: v for k, v in DIGESTS.items() if k == group or k.startswith(group + "/")}


def _load(group: str):
    if group.startswith("tests/games/"):
        return pr.load(HERE / "games" / f"{group.split('/')[-1]}.yaml")
    game, *vs = group.split("+")
    return pr.load(game, variants=vs)


def test_every_bundled_game_and_variant_set_has_digests():
    for game in pr.games():
        assert game in GROUPS, f"{game}: run python tests/play_digests.py --update"
        for vs in variant_sets(game):
            name = game + "".join("+" + v for v in vs)
            assert name in GROUPS or len(vs) > 1, f"{name}: run python tests/play_digests.py --update"


@pytest.mark.parametrize("backend", ["generated", "closures"])
@pytest.mark.parametrize("group", GROUPS)
def test_random_play_gives_the_committed_logs_views_and_scores(group, backend, monkeypatch):
    if backend == "closures":
        monkeypatch.setenv("PLAYA_RULES_BACKEND", "closures")
    else:
        monkeypatch.delenv("PLAYA_RULES_BACKEND", raising=False)
    rules_module._CACHE.clear()
    try:
        rules = _load(group)
    finally:
        rules_module._CACHE.clear()
    cases = _cases(group)
    assert cases
    for name, want in cases.items():
        players, seed = name.split("/")[-2:]
        got = digest(rules, int(players.rstrip("p")), int(seed.removeprefix("seed")))
        assert got == want, f"{name} plays differently (python tests/play_digests.py lists every case)"
