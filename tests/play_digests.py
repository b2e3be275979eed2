"""Digests of random play over every bundled game, variant set, player count and a few seeds.

    python tests/play_digests.py            # print any digest that differs from the committed file
    python tests/play_digests.py --update   # rewrite tests/digests/play.json (a change meant to change play)

Each case plays one match with random legal moves from a seeded ``random.Random`` and
hashes the full log, every seat's ``log_for``, the final scores and the winners (the start
event without the rules' identity, ``variants`` and ``rules``: a rule file's digest changes
with any edit to its data, play or not, and these digests say how the games play). The
committed digests are what ``tests/games_play/test_play_digests.py`` compares against: a change to the
engine, the compiler or its backends must leave every one of them as it is; a change to
the rules of a game (a rule file or a bundled variant) regenerates them with ``--update``
and says so in its commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import playa_rules as pr  # noqa: E402
from playa_rules.source.variants import bundled_variants  # noqa: E402

FILE = HERE / "digests" / "play.json"
TEST_GAMES = [
    "tic-tac-toe",
    "connect-four",
    "kuhn-poker",
    "track-race",
    "dice-duel",
    "shuffled-piles",
    "uno",
    "ayoayo",
]
SEEDS = (0, 1)


def variant_sets(game: str) -> list[tuple[str, ...]]:
    """No variant, each bundled variant alone, and all of them together (when they compose)."""
    found = bundled_variants(game).get(game, [])
    sets = [()] + [(v,) for v in found]
    if len(found) > 1:
        sets.append(tuple(found))
    return sets


def cases():
    """(name, rules source, variants, players, seed) for every case digested."""
    for game in pr.games():
        for vs in variant_sets(game):
            try:
                rules = pr.load(game, variants=list(vs))
            except pr.PlayaRulesError:  # variants that do not compose together
                continue
            for n in rules.player_counts:
                for seed in SEEDS:
                    yield f"{game}{''.join('+' + v for v in vs)}/{n}p/seed{seed}", rules, n, seed
    for game in TEST_GAMES:
        rules = pr.load(HERE / "games" / f"{game}.yaml")
        for n in rules.player_counts:
            for seed in SEEDS:
                yield f"tests/games/{game}/{n}p/seed{seed}", rules, n, seed


def _played(log: list) -> list:
    """``log`` with its start event's identity of the rules left out (module doc)."""
    start = {k: v for k, v in log[0].items() if k not in ("variants", "rules")}
    return [start, *log[1:]]


def digest(rules, players: int, seed: int) -> str:
    """The hash of one random match: its log, each seat's log_for, scores and winners."""
    game = rules.new_game(players, seed=seed)
    rng = random.Random(1000 + seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    record = {
        "log": _played(game.log),
        "log_for": [_played(game.log_for(s)) for s in range(players)],
        "scores": game.scores(),
        "winners": game.winners(),
    }
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def compute() -> dict[str, str]:
    """Every case's digest, by case name."""
    return {name: digest(rules, n, seed) for name, rules, n, seed in cases()}


def committed() -> dict[str, str]:
    """The digests in tests/digests/play.json."""
    return json.loads(FILE.read_text())


def main(argv: list[str]) -> int:
    now = compute()
    if "--update" in argv:
        FILE.parent.mkdir(exist_ok=True)
        FILE.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(now)} digests to {FILE}")
        return 0
    old = committed()
    differ = sorted(k for k in now.keys() | old.keys() if now.get(k) != old.get(k))
    for k in differ:
        print(f"{k}: committed {old.get(k)} now {now.get(k)}")
    print(f"{len(now)} cases, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
