"""The story of a match on the terminal: ``game.log`` as lines a person reads.

A seat's consecutive actions share one line; what chance decided shows beside the action
that drew or rolled it, or on a line of its own when the flow drew it (a deal, the dice of
a new round). Chance is narrated only to spectators (no ``--human`` seat): a person at the
table sees what their own screen shows, never the omniscient log.
"""

from __future__ import annotations

from ..render.progress import end_condition, hand_heading, lone_result, scored

MAX_OUTCOMES = 12  # chance outcomes shown on one line; more are counted


def outcome_of(ev: dict) -> tuple[str | None, str]:
    """(group, value) of a chance event: ``("from deck", "7")``, ``("d6 shows", "4")``."""
    text = ev["outcome"]
    if ev.get("kind") == "draw" and ev.get("zone") and text.endswith(f" from {ev['zone']}"):
        return f"from {ev['zone']}", text[: -len(f" from {ev['zone']}")]
    if ev.get("kind") == "roll" and " shows " in text:
        head, value = text.rsplit(" shows ", 1)
        return f"{head} shows", value
    return None, text


def outcomes_text(outcomes: list[tuple[str | None, str]], beside_action: bool = False) -> str:
    """Outcomes of one group as ``d6 shows 2, 5, 1`` or ``from deck: 4, 7``; draws beside
    the action that made them just name what came (``7``)."""
    groups = {g for g, _ in outcomes}
    values = [v for _, v in outcomes[:MAX_OUTCOMES]]
    more = f", ... ({len(outcomes)} in all)" if len(outcomes) > MAX_OUTCOMES else ""
    if len(groups) != 1 or None in groups:
        return (
            ", ".join(
                f"{v} {g}" if g and g.startswith("from ") else (f"{g} {v}" if g else v)
                for g, v in outcomes[:MAX_OUTCOMES]
            )
            + more
        )
    group = next(iter(groups))
    if group.startswith("from "):
        return ", ".join(values) + more if beside_action else f"drawn {group}: " + ", ".join(values) + more
    return f"{group} " + ", ".join(values) + more


def able_to_win(game) -> list[int]:
    """The seats that can be winners: the people, and automata with ``can_win``."""
    g = game.g
    return [s for s in range(g.n) if g.auto[s] is None or g.auto[s].can_win]


def scoring_names(spec: dict) -> dict:
    """What a hand's score line calls each scoring rule: its name under ``display: names``,
    else its id in words (``bonus_cards`` -> ``bonus cards``)."""
    names = (spec.get("display") or {}).get("names") or {}
    out = {}
    for rule in spec.get("scoring") or []:
        if isinstance(rule, dict) and isinstance(rule.get("id"), str):
            named = names.get(rule["id"]) if isinstance(names, dict) else None
            out[rule["id"]] = named if isinstance(named, str) and named else rule["id"].replace("_", " ")
    return out


class Narrator:
    """Prints ``game.log`` events as readable lines; a seat's consecutive actions share a line."""

    def __init__(self, hands: int, humans: set[int], quiet: bool, spec: dict | None = None):
        self.hands = hands
        self.humans = humans
        self.quiet = quiet
        self.seen = 0
        self.hand_scores: list[list[int]] = []
        self.turn: tuple[int, list[str]] | None = None
        self.automata: set[int] = set()  # seats the rules play themselves
        self.chance: list[str] = []  # outcomes not yet printed
        self.after_action = False  # whether the pending outcomes follow an action
        self.phase = None
        self.skipped: set = set()  # (seat, step) whose "no legal action" was told this hand
        spec = spec or {}
        self.end_when = end_condition(spec)  # a match that ends early says so, not "hand 1 of 50"
        self.scored = scored(spec)
        self.match_points = (spec.get("match") or {}).get("points")
        self.tie_breaks = bool((spec.get("match") or {}).get("tie_breaks"))
        self.declared: bool | None = None  # whether a `win` effect ended the match (None: not known)
        self.able: list[int] | None = None  # the seats that can win (None: not known)
        self.rule_names = scoring_names(spec)

    def name(self, seat: int) -> str:
        if seat in self.automata:
            return f"seat {seat} (automaton)"
        if seat in self.humans:
            return f"seat {seat} ({'you' if len(self.humans) == 1 else 'human'})"
        return f"seat {seat}"

    def say(self, line: str = "", final: bool = False) -> None:
        if final or not self.quiet:
            print(line)

    def settle_chance(self) -> None:
        """Print the pending chance outcomes: beside the action that met them, or on their own."""
        if not self.chance:
            return
        beside = self.after_action and self.turn is not None
        text = outcomes_text(self.chance, beside)
        self.chance = []
        if beside:
            self.turn[1][-1] += f" ({text})"
        else:
            self.flush()
            self.say(f"  chance: {text}")

    def flush(self) -> None:
        if self.chance:
            self.settle_chance()
        if self.turn is not None:
            seat, acts = self.turn
            self.say(f"  {self.name(seat)}: " + "; ".join(acts))
            self.turn = None

    def catch_up(self, game) -> None:
        self.declared = bool(game.g.won)  # `win` records its seats there ('win none' records None)
        self.able = able_to_win(game)
        events = self.seen_by_people(game)
        for ev in events[self.seen :]:
            self.event(ev)
        self.seen = len(events)

    def catch_up_failed(self, game, seat: int, action) -> None:
        """Catch up after ``action`` of ``seat`` failed: the action printed once, marked as
        failed (where the log already holds it, its entry is the one marked)."""
        events = self.seen_by_people(game)
        new = list(events[self.seen :])
        self.seen = len(events)
        mark = " (failed: see the error below)"
        last = next(
            (
                i
                for i in range(len(new) - 1, -1, -1)
                if new[i]["event"] == "action" and new[i]["seat"] == seat
            ),
            None,
        )
        if last is None:
            new.append({"event": "action", "seat": seat, "action": f"{action}{mark}"})
        else:
            new[last] = {**new[last], "action": f"{new[last]['action']}{mark}"}
        self.declared = bool(game.g.won)
        self.able = able_to_win(game)
        for ev in new:
            self.event(ev)

    def seen_by_people(self, game) -> list[dict]:
        """The log as the people at this terminal may see it: the whole log for spectators,
        ``log_for`` of the one person playing, and for several at one keyboard each event as
        the one who knew least saw it (a face one of them did not know is not printed)."""
        if not self.humans:
            return game.log
        views = [game.log_for(s) for s in sorted(self.humans)]
        if len(views) == 1:
            return views[0]
        return [
            next(
                (v[i] for v in views if v[i]["event"] in ("action", "chance") and "id" not in v[i]),
                views[0][i],
            )
            for i in range(len(views[0]))
        ]

    def event(self, ev: dict) -> None:
        kind = ev["event"]
        if kind == "chance":
            if not self.humans:  # spectators only: a person sees what their own screen shows
                self.chance.append(outcome_of(ev))
            return
        self.settle_chance()
        self.after_action = kind == "action"
        if kind == "blocked":
            if (ev["seat"], ev["step"]) in self.skipped:
                return  # told once a hand: a step a seat can no longer play says nothing new
            self.skipped.add((ev["seat"], ev["step"]))
        if kind == "tell":
            self.flush()
            self.say(f"    > {ev['text']}")
            return
        if kind in ("action", "blocked"):
            if kind == "blocked":
                what = f"no legal action in step '{ev['step']}' (skipped; not repeated this hand)"
            else:  # an action whose `others_see: turn` hides which one: only that a move was made
                what = ev.get("action", "made a move (which one is not shown to you)")
            if self.turn is not None and self.turn[0] == ev["seat"]:
                self.turn[1].append(what)
            else:
                self.flush()
                self.turn = (ev["seat"], [what])
            return
        if kind in ("turn", "phase"):
            self.phase = ev.get("phase", self.phase)
            return
        self.flush()
        if kind == "hand":
            self.skipped.clear()
            self.say()
            self.say(hand_heading(ev["hand"], self.hands, f"seat {ev['start_player']}", self.end_when))
        elif kind == "score" and self.scored:
            self.hand_scores.append(ev["scores"])
            self.say(f"Hand {ev['hand']} scores:")
            for seat, (points, detail) in enumerate(zip(ev["scores"], ev["detail"])):
                parts = " + ".join(
                    f"{self.rule_names.get(rule, rule)} {p}" for rule, p in detail.items() if p
                )
                self.say(f"  {self.name(seat)}: {points}" + (f"  ({parts})" if parts else ""))
        elif kind == "end":
            self.end(ev)

    def end(self, ev: dict) -> None:
        self.say()
        if self.scored:
            how = (
                f" (the match's points: `{self.match_points}`, not the hands' sum)"
                if self.match_points
                else ""
            )
            self.say(f"Final scores{how}:", final=True)
            for seat, points in enumerate(ev["scores"]):
                hands = " + ".join(str(row[seat]) for row in self.hand_scores)
                summed = len(self.hand_scores) > 1 and points == sum(row[seat] for row in self.hand_scores)
                self.say(f"  {self.name(seat)}: {points}" + (f"  ({hands})" if summed else ""), final=True)
        won = ev["winners"]
        if self.alone(ev["scores"]) is not None:
            return
        why = self.why(won)
        if not won:
            self.say("No winner" + why, final=True)
        elif len(won) == 1:
            self.say(f"Winner: {self.name(won[0])}{why}", final=True)
        else:
            self.say("Winners (tied): " + ", ".join(self.name(s) for s in won) + why, final=True)

    def alone(self, scores: list) -> int | None:
        """A match with one seat that can win (one player against the rules, or with automata
        that cannot win) whose winner no `win` effect declared: most points names no winner
        there (the one seat always has them), so the line gives the seat's result, its points,
        and returns that seat; None when the usual winner line applies."""
        declared = self.declared if self.declared is not None else not self.scored
        if declared or self.able is None or len(self.able) != 1:
            return None
        seat = self.able[0]
        self.say(lone_result(self.name(seat), scores[seat] if self.scored else None), final=True)
        return seat

    def why(self, won: list[int]) -> str:
        """Why these seats won, when the scores above do not say it: a `win` effect named them,
        or, with no scoring rules, every seat ended on 0 points (format.md: most points, then
        the tie-breaks, unless a `win` effect named the winners)."""
        declared = self.declared if self.declared is not None else not self.scored
        if declared:
            return "" if self.phase is None else f" (the rules declared it in phase '{self.phase}')"
        if self.scored:
            return ""
        if len(won) == 1:
            return (
                f" (no scoring rules and no `win` effect: every seat ends on 0 points"
                f"{'; the tie-breaks decided' if self.tie_breaks else ''})"
            )
        return (
            f" (no scoring rules and no `win` effect: every seat ends on 0 points, so they tie"
            f"{' after the tie-breaks' if self.tie_breaks else ''})"
        )
