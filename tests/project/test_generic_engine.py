"""The engine is generic: no Python file of the package names a game's concepts."""

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "playa_rules"
# Words of the bundled games' rulebooks; they belong in spec/, never in the engine.
GAME_WORDS = re.compile(
    r"\b(treasures?|towels?|pirates?|skulls?|umbrellas?|telescope|map cards?|parrot|beach|"
    r"sand ?castle|lifeguard|crew|liar|cursed|kraken|maui|gold cards?|doubloons?|"
    r"bids?|bidding|liars|sail(s|ing)?|cups?|coins?|tiles?|battles?|captains?|phantoms?|mermaid|"
    r"throne|skull)\b",
    re.IGNORECASE,
)
# Words of Piece Craft's pirate gold card game (spec/games/pirate-gold-cards.yaml).
GOLD_GAME_WORDS = re.compile(
    r"\b(golds?|treasure ?box(es)?|special cards?|dummy|dummies|piece ?craft|says? ['\"]?stop)\b",
    re.IGNORECASE,
)


def test_no_game_words_in_the_engine():
    hits = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line) or GOLD_GAME_WORDS.search(line):
                hits.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}")
    assert not hits, "game words in the engine:\n" + "\n".join(hits)
