"""`playa-rules play`: a match at the terminal, people and agents at the seats, narrated as it goes."""

from __future__ import annotations

import json
import random
import sys

from ..errors import PlayaRulesError
from ..rules import load
from .common import (
    PROG,
    colour_enabled,
    format_diagnostic,
    players_text,
    plural,
    target,
    variant_arg,
)
from .narrate import Narrator


def _try_next(game: str, players: int, automata, variants=(), decided: bool = True) -> None:
    """After a match between random seats: what a newcomer can do next (with the same variants);
    ``decided``: whether any seat made a decision (an action in the log)."""
    name = game if " " not in game else repr(game)
    name += "".join(f" --variant {v if ' ' not in v else repr(v)}" for v in variants)
    if not decided:  # nobody ever chose (War): there is no seat to play yourself
        print(f"\nNo seat ever chose anything: the rules played it all. Try next: `{PROG} rules {name}`.")
        return
    seat = next(s for s in range(players + len(automata)) if s not in automata)
    print(
        f"\nTry next: `{PROG} play {name} -p {players} --human {seat}` to play seat {seat} yourself, "
        f"`{PROG} rules {name}` to read the rules it runs."
    )


def _span(seats: list[int]) -> str:
    return (
        f"{seats[0]} to {seats[-1]}"
        if len(seats) > 1 and seats == list(range(seats[0], seats[-1] + 1))
        else ", ".join(map(str, seats))
    )


def _write_log(path: str, log: list) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(log, fh, indent=2)
            fh.write("\n")
    except OSError as exc:
        raise PlayaRulesError(f"cannot write the log {path}: {exc.strerror or exc}") from None


def _header(rules, players: int, seed, humans: set[int], automata=()) -> None:
    print(f"{rules.title} ({rules.id}): {plural(players, 'player')}, seed {seed}")
    who = [f"seat {s}: {'you' if len(humans) == 1 else 'human'}" for s in sorted(humans)]
    others = [str(s) for s in range(players) if s not in humans]
    if others:
        who.append(f"{'seat' if len(others) == 1 else 'seats'} {', '.join(others)}: random")
    if automata:
        who.append(
            f"{'seat' if len(automata) == 1 else 'seats'} {', '.join(map(str, automata))}: "
            f"played by the rules"
        )
    print("Players: " + "; ".join(who))


def _too_long(rules, max_actions: int) -> PlayaRulesError:
    """The match did not end within ``max_actions`` actions: stopped, with the rules' own
    warning when the checker already said the game cannot finish."""
    message = (
        f"the match did not end within {max_actions:,} actions: stopped (give --max-actions to play longer)"
    )
    endless = [d for d in rules.warnings if d.code == "endless-phase"]
    if endless:
        message += f"; {endless[0].location()}: the rules cannot finish: {endless[0].message}"
    return PlayaRulesError(message)


def _play_out(
    game, seats: dict, rng: random.Random, narrator: Narrator, max_actions: int | None = None
) -> None:
    """Play to the end: people at ``seats`` choose, every other seat picks uniformly at random.
    When the keyboard passes from one person to another, the screen is cleared first. A match
    not over after ``max_actions`` actions stops with an error."""
    last = None
    played = 0
    while not game.is_over:
        if max_actions is not None and played >= max_actions:
            narrator.catch_up(game)
            narrator.flush()
            raise _too_long(game.rules, max_actions)
        played += 1
        seat = game.current_player
        if seat in seats:
            if len(seats) > 1 and last is not None and last != seat:
                seats[seat].hand_over()
            last = seat
            narrator.catch_up(game)
            narrator.flush()
            action = seats[seat].choose(game)
        else:
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
        try:
            game.apply(action)
        except PlayaRulesError:  # the rules failed: the failing action's line, then the error
            narrator.catch_up_failed(game, seat, action)
            narrator.flush()
            raise
        if not narrator.quiet or seat in seats or game.is_over:
            narrator.catch_up(game)
    narrator.catch_up(game)  # a game with no decision at all (War) is over before the loop
    narrator.flush()


def cmd_play(args) -> int:
    from .human import Abandon, HumanSeat

    rules = load(target(args.game), variants=[variant_arg(v) for v in args.variant or []])
    if not args.quiet:
        for d in rules.warnings:
            print(format_diagnostic(d, colour_enabled(sys.stderr)), file=sys.stderr)
    players = args.players
    if players is None:
        if len(rules.player_counts) != 1:
            args.parser.error(f"give --players ({rules.id} is for {players_text(rules.player_counts)})")
        players = rules.player_counts[0]
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    twice = sorted({s for s in args.human or [] if (args.human or []).count(s) > 1})
    if twice:
        args.parser.error(f"--human {twice[0]} is given twice: each seat is played by one person")
    humans = set(args.human or [])
    game = rules.new_game(players=players, seed=seed)
    people = [s for s in range(len(game.view(None)["seats"])) if s not in game.automata]
    bad = sorted(s for s in humans if s not in people)
    if bad:
        from ..engine.automata import seats_of

        auto = seats_of(rules.program, players)[bad[0]] if bad[0] in game.automata else None
        why = (
            f"seat {bad[0]} is played by the rules (automaton '{auto.id}' of {rules.id} with "
            f"{plural(players, 'player')})"
            if auto is not None
            else f"there is no seat {bad[0]}"
        )
        args.parser.error(f"--human {bad[0]}: {why}; people take seats {_span(people)}")
    if args.log:
        _write_log(args.log, [])  # fail before the match, not after it
    if not args.quiet:
        _header(rules, players, seed, humans, game.automata)
    narrator = Narrator(game.view(0)["hands"], humans, args.quiet, rules.spec)
    narrator.automata = set(game.automata)
    status = 0
    try:
        _play_out(game, {s: HumanSeat(s) for s in humans}, random.Random(seed), narrator, args.max_actions)
    except Abandon as exc:
        narrator.flush()
        print(f"{PROG}: {exc}", file=sys.stderr)
        status = exc.code
    else:
        if not humans and not args.quiet:
            decided = any(ev["event"] == "action" for ev in game.log)
            _try_next(args.game, players, game.automata, args.variant or [], decided)
    finally:  # also after an engine error: the log up to it is what one needs to debug the rules
        if args.log:
            _write_log(args.log, game.log)
            if not args.quiet:
                print(f"log written to {args.log}" + ("" if game.is_over else " (unfinished game)"))
    return status
