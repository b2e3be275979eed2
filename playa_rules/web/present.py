"""What a page is sent: one seat's view, its legal actions split into parameters, its log as lines.

Everything here is built from ``game.view(seat)``, ``game.legal_actions()`` (only when
that seat is to act) and ``game.log_for(seat)``; nothing reads the state, so a page gets
what the seat may know and no more. The rules as HTML are rendered from the Markdown the
``rules`` command prints, with raw HTML in it escaped.
"""

from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt

from ..render import rules_markdown
from ..render.progress import lone_result, lone_seat, scored
from ..render.words import prose

MAX_LISTED = 20_000  # legal actions sent to a page at one decision, at most
MAX_OUTCOMES = 12  # chance outcomes named on one log line; more are counted


def actions_of(game, seat=None) -> tuple[list[dict], int]:
    """The legal actions of the decision (of ``seat``, in a simultaneous step), each with its
    kind and its parameters one by one (``Action.parameters``), and how many there are (more
    than ``MAX_LISTED`` are cut)."""
    legal = game.legal_actions(seat)
    out = []
    for a in legal[:MAX_LISTED]:
        out.append({"id": a.id, "text": str(a), "name": a.name, "params": a.parameters()})
    return out, len(legal)


def action_rules(rules) -> dict[str, dict]:
    """Each action kind's rule sentence (each ``{name}`` of a constant as its value in these
    rules, as ``playa-rules rules`` prints it) and text pattern, from the rule file."""
    constants = dict(getattr(rules.program.model, "constants", None) or {})
    out = {}
    for name, spec in (rules.spec.get("actions") or {}).items():
        if isinstance(spec, dict):
            out[name] = {
                "rule": prose("en", spec.get("rule") or "", constants),
                "text": spec.get("text") or name,
            }
    return out


def who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def _outcome(ev: dict) -> tuple[str, str]:
    """(what it is, the value) of a chance event: ``("drawn from deck", "7")``, ``("d6 shows", "4")``."""
    text = str(ev.get("outcome", ""))
    zone = ev.get("zone")
    if ev.get("kind") == "draw" and zone and text.endswith(f" from {zone}"):
        return f"drawn from {zone}", text[: -len(f" from {zone}")]
    if ev.get("kind") == "roll" and " shows " in text:
        head, value = text.rsplit(" shows ", 1)
        return f"{head} shows", value
    if ev.get("kind") == "roll" and ev.get("component"):
        return f"{ev['component']} shows", text
    return "chance", text


def _chance_line(group: str, values: list[str]) -> str:
    more = f", ... ({len(values)} in all)" if len(values) > MAX_OUTCOMES else ""
    return f"{group}: " + ", ".join(values[:MAX_OUTCOMES]) + more


def result_text(game, me: int | None) -> str:
    """How a match that is over ended, for ``me``'s page: ``won by you``, ``won by seat 1, you``,
    ``won by no one``; a match only one seat can win, whose winner no `win` effect named, ends
    with its result in the terminal's words (``Result: seat 0 (you) ends on -1 point (...)``,
    render.progress ``lone_result``): the one seat always has most points, so "won by" would
    say it won whatever it scored."""
    seat = lone_seat(game)
    if seat is not None:
        name = f"seat {seat}" + (" (you)" if seat == me else "")
        return lone_result(name, game.scores()[seat] if scored(game.rules.spec) else None)
    return "won by " + (", ".join(who(s, me) for s in game.winners()) or "no one")


def log_lines(events: list[dict], me: int | None, result: str | None = None) -> list[str]:
    """A log (``log_for(me)``, or the whole ``log`` for ``me`` None) as lines a person reads:
    each decision with its seat, what chance brought in a row grouped, hands, phases, scores, the
    end (with ``result``, :func:`result_text`, when given; else the end event's winners)."""
    lines: list[str] = []
    group, values = None, []
    for ev in events:
        kind = ev.get("event")
        if kind == "chance":
            what, value = _outcome(ev)
            if what != group and values:
                lines.append(_chance_line(group, values))
                values = []
            group = what
            values.append(value)
            continue
        if values:
            lines.append(_chance_line(group, values))
            group, values = None, []
        if kind == "start":
            n = ev.get("players")
            lines.append(f"{ev.get('game')} for {n} {'player' if n == 1 else 'players'}")
        elif kind == "hand":
            first = who(ev["start_player"], me)
            lines.append(f"hand {ev['hand']}: {first} {'start' if first == 'you' else 'starts'}")
        elif kind == "phase":
            lines.append(f"phase {ev['phase']}")
        elif kind == "action":
            lines.append(f"{who(ev['seat'], me)}: {ev.get('action', 'made a move (not shown)')}")
        elif kind == "chose":  # a sealed choice: the others see that the seat chose, not what
            lines.append(
                f"{who(ev['seat'], me)}: "
                + (f"chose {ev['action']} (sealed)" if "action" in ev else "has chosen (sealed)")
            )
        elif kind == "blocked":
            lines.append(f"{who(ev['seat'], me)} cannot act ({ev['step']})")
        elif kind == "tell":  # what the rules narrate (an action's or a phase's `tell`)
            lines.append(f"> {ev['text']}")
        elif kind == "score":
            lines.append(f"hand {ev['hand']} scores: " + ", ".join(map(str, ev["scores"])))
        elif kind == "end":
            if result is None:
                result = "won by " + (", ".join(who(s, me) for s in ev["winners"]) or "no one")
            lines.append(f"the end: scores {', '.join(map(str, ev['scores']))}; {result}")
    if values:
        lines.append(_chance_line(group, values))
    return lines


def view_of(game, seat: int | None) -> dict:
    """``game.view(seat)`` without its list of legal action texts (the page gets them split)."""
    view = game.view(seat)
    view.pop("legal_actions", None)
    return view


_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


@lru_cache(maxsize=64)
def _rules_html(rules, lang: str) -> str:
    return _MD.render(rules_markdown(rules, lang=lang))


def rules_html(rules, lang: str) -> str:
    """The rules the engine runs, as HTML (raw HTML in rule texts is shown as text)."""
    return _rules_html(rules, lang)
