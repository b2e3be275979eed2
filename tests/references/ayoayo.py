"""Ayoayo, the Yoruba mancala game: an independent reference implementation in plain Python.

Written from ayoayo-rules.md (next to this file) alone, without looking at the rule file of
tests/games/ nor at the engine, so that the two can be played side by side and compared: any
difference in legal moves, positions or results is a bug in one of them.

Houses 0-5 are seat 0's, houses 6-11 seat 1's; sowing goes up the numbers and house h faces
house 11 - h. A move sows in laps (relay sowing) and captures from the house opposite; see
the rules text for the feeding rule, the end and the two rulings (50 laps, 200 moves).
"""

from __future__ import annotations

HOUSES = 12
SEEDS_PER_HOUSE = 4
MOST_LAPS = 50  # ruling of rule 3: a move ends after its 50th lap
MOST_MOVES = 200  # ruling of rule 6: the game ends after the 200th move


def side(seat: int) -> range:
    """The houses a seat owns: 0-5 for seat 0, 6-11 for seat 1."""
    return range(6 * seat, 6 * seat + 6)


def opposite(house: int) -> int:
    """The house facing `house` across the board."""
    return HOUSES - 1 - house


def sow(houses: list[int], house: int, seat: int) -> tuple[list[int], int, int]:
    """Play `seat`'s move from `house` on a copy of `houses` (rules 2-4).

    Returns the houses after the move, the seeds captured and the number of laps sown.
    """
    houses = list(houses)
    origin = house
    laps = 0
    while True:
        seeds, houses[origin] = houses[origin], 0
        laps += 1
        at = origin
        while seeds:
            at = (at + 1) % HOUSES
            if at == origin:  # a lap of 12 or more seeds skips the house it was taken from
                continue
            houses[at] += 1
            seeds -= 1
        if laps == MOST_LAPS:  # ruling: the move ends after its 50th lap, wherever, no capture
            return houses, 0, laps
        if houses[at] == 1:  # the last seed fell into an empty house: the move ends
            captured = 0
            if at in side(seat):
                captured, houses[opposite(at)] = houses[opposite(at)], 0
            return houses, captured, laps
        origin = at  # relay: the last seed fell into an occupied house, sow its seeds on


class Ayoayo:
    """A game of Ayoayo from the start position; `apply` plays moves until `is_over`."""

    def __init__(self) -> None:
        self.houses = [SEEDS_PER_HOUSE] * HOUSES
        self.stores = [0, 0]
        self.current_player = 0
        self.is_over = False
        self.moves = 0

    def legal_actions(self) -> list[int]:
        """The houses the seat to act may choose, sorted (rules 2 and 5); none once over."""
        if self.is_over:
            return []
        seat = self.current_player
        moves = [h for h in side(seat) if self.houses[h] > 0]
        other = side(1 - seat)
        if all(self.houses[h] == 0 for h in other):  # feeding: leave the opponent a seed if possible
            feeding = [h for h in moves if any(sow(self.houses, h, seat)[0][o] for o in other)]
            if feeding:
                return feeding
        return moves

    def apply(self, house: int) -> None:
        """Play the seat to act's move from `house`; ValueError if it is not a legal move."""
        if house not in self.legal_actions():
            raise ValueError(f"house {house} is not a legal move for seat {self.current_player}")
        seat = self.current_player
        self.houses, captured, _ = sow(self.houses, house, seat)
        self.stores[seat] += captured
        self.moves += 1
        self.current_player = 1 - seat
        if all(self.houses[h] == 0 for h in side(self.current_player)):
            self._end()  # rule 6: the seat to act has no move
        elif self.moves >= MOST_MOVES:
            self._end()  # ruling of rule 6: after the 200th move

    def _end(self) -> None:
        """Each seat captures the seeds left on its own side (the seat with no move has none)."""
        for seat in (0, 1):
            for h in side(seat):
                self.stores[seat] += self.houses[h]
                self.houses[h] = 0
        self.is_over = True

    def returns(self) -> list[int]:
        """[r0, r1]: +1 to the seat with more seeds in its store, -1 to the other, 0 each on a
        draw; [0, 0] while the game goes on."""
        if not self.is_over or self.stores[0] == self.stores[1]:
            return [0, 0]
        winner = 0 if self.stores[0] > self.stores[1] else 1
        return [1, -1] if winner == 0 else [-1, 1]
