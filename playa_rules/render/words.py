"""The renderer's own words: headings and fixed phrases, one table per language (English
here, the others in :mod:`.translated`).

Only engine words live here (players, components, zones, phases, actions); the game's
words come from its rule data and, in another language, from its catalogue. Every
language has the same keys (a test checks); ``{name}`` fields are filled by
:func:`phrase`.
"""

from __future__ import annotations

import re

from ..compiler.model import capped, fill
from ..shared.numbers import PROSE_FIELD, known_form, say
from .translated import TRANSLATED

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "intro": "These rules are rendered from the rule data `{id}`, exactly what the engine runs. "
        "Code is the effect DSL (see docs/dsl.md): it is the rule itself, not an illustration.",
        "source": "Source",
        "players": "Players",
        "variants": "Variants",
        "no_variants": "none (the base game)",
        "or": "or",
        "and": "and",
        "components": "Components",
        "zones": "Zones",
        "parameters": "Parameters",
        "variables": "Variables",
        "definitions": "Definitions",
        "procedures": "Procedures",
        "procedures_intro": "Effects the rules run by name (`do NAME(...)`), with what they are given.",
        "setup": "Setup",
        "phases": "A hand, phase by phase",
        "actions": "Actions",
        "scoring": "Scoring",
        "match": "Match",
        "assumptions": "Assumptions",
        "rulings": "Rulings",
        "shared_set": "Shared: {n} in all; each starts in `{zone}`.",
        "player_set": "One set per player, {n} in a set ({totals} with {counts} {k:player|players}); "
        "each set starts in its player's `{zone}`.",
        "player_set_shared": "One set per player, {n} in a set ({totals} with {counts} players); "
        "every set starts in the shared zone `{zone}`.",
        "shown_as": "Shown as `{label}`.",
        "item": "{n} with {props}",
        "item_plain": "{n}",
        "count_expr": "{n} (`{expr}`)",
        "each": "one for each `{prop}` in {values}",
        "pairs": "one for each position of the lists, taken together: {values}",
        "item_label": "shown as `{label}`",
        "item_where": "only those where {cond}",
        "each_permutations": "one for each ordered choice of {size} different elements of {values} as `{prop}`",
        "each_combinations": "one for each unordered choice of {size} different elements of {values} as `{prop}`",
        "both_ways": "Neighbours go both ways: a cell is next to the cells its `next_to` names "
        "and to those that name it.",
        "cvars": "Each carries: {vars}.",
        "var_init": "`{name}` (initially `{value}`, {reset})",
        "reset_turn": "reset every turn",
        "reset_hand": "reset every hand",
        "reset_match": "kept for the whole match",
        "reset_player": "one per player, reset every hand",
        "reset_player_match": "one per player, kept for the whole match",
        "zone_shared": "shared",
        "zone_player": "one per player",
        "zone_per": "one on each `{type}`",
        "vis_hidden": "hidden: nobody learns what is put there",
        "vis_owner": "private: only its owner sees it",
        "vis_public": "public: everyone sees it",
        "holds": "holds {types}",
        "linked_board": "a board given as data: each cell names the cells next to it (`next_to`)",
        "per_count": "{value} with {n} {n:player|players}",
        "setup_intro": "At the start of every hand:",
        "phase_rounds": "{rounds} {count:round|rounds}: {count:in it|in each}, every player takes one turn, {order}, starting with {start}.",
        "phase_until": "Turns {order}, starting with {start}, until {until} holds for the player about to play.",
        "phase_seat": "One turn only, played by {seat}.",
        "phase_seats": "One turn for each seat of {seats}, in that order.",
        "phase_next": "Then the game goes on with the phase named by {next}, instead of the next one in order.",
        "phase_none": "No turns: only what happens at its start.",
        "phase_when": "Played only if {cond} holds when it would start; otherwise skipped.",
        "clockwise": "clockwise",
        "counterclockwise": "counterclockwise",
        "phase_let": "In this phase: {lets}.",
        "on_start": "When the phase starts:",
        "on_turn_start": "At the start of every turn:",
        "steps": "Each turn, in order:",
        "step_actions": "choose one of {actions}",
        "step_action": "take the action {actions}",
        "step_fallback": "if none is legal: {actions}",
        "step_repeat": "again and again while one is legal, until an effect ends the step",
        "step_when": "only if {cond} holds when it starts",
        "step_simultaneous": "each seat of {seats} at once and in secret, the choices revealed together and applied in that order:",
        "step_free": "also {actions} at any time in the step, without ending it",
        "step_effect": "first:",
        "step_blocked": "if nothing is legal, the step is skipped after:",
        "text_form": "Text form",
        "let": "First computed",
        "params": "Choices",
        "played_as": "at the table and in the log: {form}",
        "require": "Requires (all of)",
        "effect": "Effect",
        "tell": "Then told to everyone",
        "tell_when": "when {cond}",
        "others_see": "The other players see",
        "others_see_turn": "only that a move was made, not which",
        "others_see_nothing": "nothing of it, not even that a move was made",
        "one_of": "one component from {d} (identical ones count once)",
        "one_value": "one value of {d}",
        "position_in": "a position in {d} (0 is the bottom)",
        "group_of": "one or more components from {d}; those with the same `{by}` are interchangeable",
        "seat_in": "a player among {d}",
        "number_in": "a whole number from {low} to {high}",
        "number_in_named": "a whole number in the range {d} ([low, high])",
        "no_params": "none",
        "scoring_intro": "When a hand ends, each player scores the sum of:",
        "points": "points",
        "hands": "Hands",
        "rotate": "After each hand the starting player moves {n} {count:seat|seats} clockwise.",
        "first_start": "The first hand is started by {seat}.",
        "seat_n": "seat {n}",
        "tie_breaks": "Most points wins. Ties are broken, in order, by:",
        "no_tie_breaks": "Most points wins; tied players share the victory.",
        "still_tied": "Players still tied share the victory.",
        "end_when": "The match ends early when {cond}.",
        "value": "Value",
        "about": "About",
        "alternatives": "Alternatives",
        "in_force": "In force",
        "default": "the default",
        "changed": "changed by a variant; the default is {value}",
        "question": "Question",
        "cites": "The text says",
        "automata": "Seats played by the rules",
        "players_automata": "with {n}, {k} more seats played by the rules: {names}",
        "players_automaton": "with {n}, one more seat played by the rules: {names}",
        "seats": "Seats",
        "automaton_count": "{k} with {n} {n:player|players}",
        "seats_none_else": "none with other player counts",
        "seats_note": "They sit after the people's seats and count as players everywhere: in turn order, "
        "in `seats` and in `players`.",
        "can_win": "Can win",
        "yes": "yes",
        "no": "no",
        "cannot_win_note": "The winners are the people with the most points, whatever these seats score.",
        "plays": "Plays",
        "plays_intro": "at each of its decisions, without asking anyone, the first of these that has a legal action:",
        "play_when": "{action}: the first legal one for which {cond} holds",
        "play_any": "{action}: the first legal one",
        "plays_stuck": "A decision none of these fits stops the game with an error.",
        "next_start": "Each next hand is started by {seat}, worked out when a hand ends (`current_player` is "
        "then the player whose turn ended it).",
        "match_points": "A player's points for the match: {expr}, read from the game when it ends, instead of "
        "the sum of the hands' scores (which the rules can still read as `me.hand_scores`).",
        "no_catalogue": "The game's texts are in English: there is no catalogue in this language for `{id}` "
        "(see docs/translations.md).",
        "in_english": "These texts are in English, as the rules have them: there is no translation of them in "
        "this language (a variant added or changed them): {texts}.",
    },
    **TRANSLATED,
}

LANGUAGES: tuple[str, ...] = tuple(WORDS)


def phrase(lang: str, key: str, **fields) -> str:
    """The fixed phrase ``key`` in ``lang`` with its ``{fields}`` filled in; a word after a
    count is written ``{n:player|players}``, ``{n:giocatore|giocatori}``: the first when the
    field ``n`` is the number 1, else the second (a verb or participle agrees the same way)."""
    text = WORDS[lang][key]
    if not fields:
        return text
    text = AGREES.sub(lambda mt: mt.group(2) if _is_one(fields.get(mt.group(1))) else mt.group(3), text)
    return fill(text, {k: str(v) for k, v in fields.items()})


AGREES = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*):([^{}|]*)\|([^{}|]*)\}")  # {n:one|other}


def _is_one(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value == 1


def joined(lang: str, items: list, last: str = "or") -> str:
    """``a, b or c`` (``a, b o c``)."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {WORDS[lang][last]} " + items[-1]


def value_words(lang: str, value, form: str | None = None) -> str:
    """A constant's value as a rule text reads it: ``8``; a list ``0, 0, 10, 18, 18``; by
    player count ``5 with 2 players, 4 with 3 players and 3 with 4 players``; with a number
    ``form`` (``words``, ``ordinal``, ``nth``: :mod:`playa_rules.shared.numbers`) each number so
    written (``three``, ``third``, ``3rd``); with a noun's form (``round|rounds``) the noun."""
    if form is not None and "|" in form and (isinstance(value, (list, dict)) or value is None):
        return say(lang, value, form)  # a noun after a list or table of numbers: its plural, once
    if value is True or value is False:
        return str(value).lower()
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(value_words(lang, v, form) for v in value)
    if isinstance(value, dict):
        return joined(
            lang,
            [phrase(lang, "per_count", value=value_words(lang, v, form), n=k) for k, v in value.items()],
            "and",
        )
    return say(lang, value, form) if form else str(value)


def prose(lang: str, text, constants: dict):
    """A text for people with each ``{name}`` (or ``{name:form}``) of a constant replaced by
    its value in words (other braces stay as written: a check reports them)."""
    if not isinstance(text, str) or "{" not in text:
        return text

    def field(mt):
        name, form = mt.group(1), mt.group(2)
        if name not in constants or (form is not None and not known_form(form)):
            return mt.group(0)
        return capped(value_words(lang, constants[name], form))

    return PROSE_FIELD.sub(field, text)
