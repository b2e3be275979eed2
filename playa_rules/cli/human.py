"""Terminal play for one seat: a summary of what the seat may know, a compact numbered
list of its legal actions, and a prompt that answers bad input instead of failing.

Everything shown comes from ``game.view(seat)`` and ``game.legal_actions()``, so it
works for any rule set: zone names, labels and action texts are the rule file's own.
"""

from __future__ import annotations

import shutil
import sys

from rich.console import Console

from ..compiler.model import fill
from ..render.progress import end_condition
from ..render.screen import Screen
from ..render.words import prose
from .common import plural

LETTERS = "abcdefghijklmnoprstuvwxyz"  # step-by-step groups ('q' quits)
FULL_LIST = 30  # up to this many legal actions are always listed in full
FULL_KIND = 12  # in a longer list, kinds with up to this many actions are listed in full
FILTER_LIMIT = 100  # at most this many matches of a filter are listed
QUOTED = 60  # messages quote at most this many characters of what was typed

HELP = """\
Choose an action by typing one of:
  a number          the action with that number
  an action's text  exactly as listed
  words             list only the actions with words starting so (e.g. the first word of an action)
  a letter          step by step: the actions of that lettered group (e.g. a target, then the rest)
  list              list every legal action
  ? or help         show the table, the actions, what each kind of action does, and this help
  q or quit         abandon the game"""


class Abandon(Exception):
    """The person at the terminal left the game (quit or end of input)."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def quoted(text: str, limit: int | None = QUOTED) -> str:
    """Typed input as the prompt shows it back: control and other unprintable characters
    escaped (an arrow key reads ``\\x1b[A``), at most ``limit`` characters, then ``...``."""
    out, size = [], 0
    for ch in text:
        piece = ch if ch.isprintable() else repr(ch)[1:-1]
        if limit is not None and size + len(piece) > limit:
            return "".join(out) + "..."
        out.append(piece)
        size += len(piece)
    return "".join(out)


def _width() -> int:
    return max(40, min(shutil.get_terminal_size((100, 24)).columns, 160))


# ------------------------------------------------------------------ the view
def summary(view: dict, display: dict | None = None) -> list[str]:
    """The seat's screen as plain text lines (see :mod:`playa_rules.render.screen`)."""
    return Screen(display).text(view, _width()).rstrip("\n").splitlines()


# ------------------------------------------------------------------ the legal actions
def _columns(entries: list[str], width: int, indent: str = "  ") -> list[str]:
    if not entries:
        return []
    cell = max(map(len, entries)) + 3
    ncols = max(1, (width - len(indent)) // cell)
    rows = -(-len(entries) // ncols)
    return [
        indent
        + "".join(
            entries[c * rows + r].ljust(cell) for c in range(ncols) if c * rows + r < len(entries)
        ).rstrip()
        for r in range(rows)
    ]


def _word_prefix(texts: list[str]) -> str:
    """The words every text starts with."""
    common = texts[0].split()
    for t in texts[1:]:
        words = t.split()
        n = 0
        while n < min(len(common), len(words)) and common[n] == words[n]:
            n += 1
        common = common[:n]
    return " ".join(common)


def _narrowing(texts: list[str], first: str, count) -> str:
    """Example filters for a long list: the first words plus a word that splits the list
    into a few parts, each with ``count(filter)``, the number of actions typing it lists.
    A word position whose filters list each part exactly is preferred."""
    rows = [t.split() for t in texts]
    width = min(map(len, rows))
    fallback = None
    for pos in range(width):
        words = list(dict.fromkeys(words[pos] for words in rows))
        if 2 <= len(words) <= 12:
            shown = [(f"{first} {w}", count(f"{first} {w}")) for w in words]
            if sum(k for _, k in shown) == len(texts):  # each filter lists exactly its part
                fallback = shown
                break
            fallback = fallback or shown
    if fallback is None:
        fallback = [(first, count(first))]
    return ", ".join(f"'{q}' ({k})" for q, k in fallback)


def _how_many(n: int, name: str) -> str:
    """A group's size as a step-by-step choice reads it, with the parameter's name (which
    names the many): "3 dice", and "1 of the dice" (the name's singular is not known)."""
    return f"{n} {name}" if n != 1 else f"1 of the {name}"


class Choices:
    """The legal actions of one decision, numbered from 1, with their texts and kinds."""

    def __init__(self, legal):
        self.actions = list(legal)
        self.texts = [str(a) for a in self.actions]
        self.kinds = [a.name for a in self.actions]
        self.digits = len(str(len(self.actions)))
        self.letters: dict[str, list[int]] = {}  # the lettered groups shown last (step by step)

    def groups(self, idx: list[int]) -> list[tuple[str, list[int]]]:
        """Step by step: the actions ``idx`` (of one kind) split by the first parameter whose
        value differs among them, as (the text with that value and "…" for the parameters
        still open, the indices); a last parameter that is a group of components, by how many
        it takes ("play 3 cards on #1", "play 1 of the cards on #1"); [] when nothing splits them."""
        parts = [self.actions[i].parts() for i in idx]
        names = list(parts[0])
        last = self.actions[idx[0]].defn.params[-1] if names else None
        if (
            last is not None
            and last.kind == "group_of"
            and all(len(set(p[n] for p in parts)) == 1 for n in names[:-1])
        ):
            sizes = [sum(self.actions[i].keys[-1]) for i in idx]
            counts = list(dict.fromkeys(sorted(sizes)))
            if 2 <= len(counts) <= len(LETTERS):
                shown = {n: parts[0][n] for n in names[:-1]}
                text = self.actions[idx[0]].defn.text
                return [
                    (
                        fill(text, shown | {last.name: _how_many(n, last.name)}),
                        [i for i, z in zip(idx, sizes) if z == n],
                    )
                    for n in counts
                ]
            return []
        for k, name in enumerate(names[:-1]):
            values = list(dict.fromkeys(p[name] for p in parts))
            if len(values) < 2:
                continue
            if len(values) > len(LETTERS):
                return []
            fixed = {n: parts[0][n] for n in names[:k]}
            out = []
            for v in values:
                shown = {n: fixed.get(n, "…") for n in names} | {name: v}
                out.append(
                    (
                        fill(self.actions[idx[0]].defn.text, shown),
                        [i for i, p in zip(idx, parts) if p[name] == v],
                    )
                )
            return out
        return []

    def lettered(self, groups: list[tuple[str, list[int]]], indent: str) -> list[str]:
        """Lettered group entries in columns; remembers the letters for the next answer."""
        self.letters = {}
        entries = []
        for letter, (label, members) in zip(LETTERS, groups):
            self.letters[letter] = members
            entries.append(f"{letter}. {label} ({len(members)})")
        return _columns(entries, _width(), indent)

    def narrowed(self, letter: str) -> list[str]:
        """The actions of a lettered group: its groups by the next parameter, or every action."""
        idx = self.letters[letter]
        head = f"{plural(len(idx), 'action')}:"
        groups = self.groups(idx) if len(idx) > FULL_KIND else []
        if groups:
            return [head + " choose a letter, or a number from the whole list"] + self.lettered(groups, "  ")
        return [head] + self.listing(idx)

    def entry(self, i: int) -> str:
        return f"{i + 1:>{self.digits}}. {self.texts[i]}"

    def listing(self, indices=None, indent: str = "  ") -> list[str]:
        """Every action in ``indices`` (default all) in columns."""
        indices = range(len(self.actions)) if indices is None else indices
        return _columns([self.entry(i) for i in indices], _width(), indent)

    def overview(self) -> list[str]:
        """The whole list when short; else grouped by kind, large kinds summarised."""
        n = len(self.actions)
        head = f"legal actions ({n}):"
        if n <= FULL_LIST:
            return [head] + self.listing()
        self.letters = {}
        groups: dict[str, list[int]] = {}
        for i, kind in enumerate(self.kinds):
            groups.setdefault(kind, []).append(i)
        lines = [head]
        for kind, idx in groups.items():
            if len(idx) <= FULL_KIND:
                lines.append(f"  {kind}:")
                lines += self.listing(idx, indent="    ")
                continue
            texts = [self.texts[i] for i in idx]
            lines.append(
                f"  {kind}: {len(idx)} actions, {self.entry(idx[0]).strip()} ... "
                f"{self.entry(idx[-1]).strip()}"
            )
            groups = self.groups(idx)
            if groups and not self.letters:  # one kind a decision is chosen step by step
                lines.append("    step by step, type a letter:")
                lines += self.lettered(groups, "      ")
            lines.append(
                "    type words to list some, e.g. "
                + _narrowing(texts, _word_prefix(texts) or kind, lambda q: len(self.matching(q)))
            )
        return lines

    def matching(self, query: str) -> list[int]:
        """Indices of the actions where every query word starts one of the action's words."""
        wanted = query.lower().split()
        out = []
        for i, (text, kind) in enumerate(zip(self.texts, self.kinds)):
            words = text.lower().split() + [kind.lower()]
            if all(any(w.startswith(q) for w in words) for q in wanted):
                out.append(i)
        return out

    def exact(self, text: str):
        """The index of the action with this text (exact, else ignoring case), or None."""
        if text in self.texts:
            return self.texts.index(text)
        lowered = [t.lower() for t in self.texts]
        return lowered.index(text.lower()) if text.lower() in lowered else None


def explained(game, choices: Choices) -> list[str]:
    """What each kind of action of this decision does, in the rule file's own words."""
    actions = game.rules.spec.get("actions") or {}
    constants = dict(getattr(game.m, "constants", None) or {})
    lines = ["what these actions do (the rules):"]
    for kind in dict.fromkeys(choices.kinds):
        rule = (actions.get(kind) or {}).get("rule") or "(no rule text)"
        lines.append(f"  {kind}: {' '.join(str(prose('en', rule, constants)).split())}")
    return lines


# ------------------------------------------------------------------ the prompt
class HumanSeat:
    """Asks the person at the terminal for each decision of ``seat``."""

    def __init__(self, seat: int, read=input, echo: bool | None = None):
        self.seat = seat
        self.read = read
        self.echo = (not sys.stdin.isatty()) if echo is None else echo
        self.screen: Screen | None = None

    def _ask(self, prompt: str) -> str:
        try:
            line = self.read(prompt)
        except EOFError:
            print()
            raise Abandon("end of input: the game is abandoned", 1) from None
        except KeyboardInterrupt:
            print()
            raise Abandon("interrupted: the game is abandoned", 130) from None
        if self.echo:
            print(quoted(line, None))
        return line.strip()

    def hand_over(self) -> None:
        """Several people at one keyboard: clear the last one's screen and wait until the
        keyboard has passed to this seat (at a terminal only; piped input has no one to wait for)."""
        if not sys.stdin.isatty():
            return
        if sys.stdout.isatty():
            print("\033[2J\033[H", end="")  # clear the screen: the last seat's hand must not stay on it
        else:
            print("\n" * 60)
        self._ask(f"pass the keyboard to seat {self.seat}, then press Enter> ")

    def show(self, game, choices: Choices) -> None:
        print()
        if self.screen is None:
            spec = game.rules.spec
            self.screen = Screen(
                spec.get("display"),
                spec.get("variables"),
                getattr(game.m, "constants", None),
                ends_early=end_condition(spec) is not None,
            )
        console = Console(width=_width(), highlight=False)
        console.print(self.screen.render(game.view(self.seat)))
        print("\n".join(choices.overview()))

    def choose(self, game):
        """The action the person picks (an Action from ``game.legal_actions()``)."""
        choices = Choices(game.legal_actions())
        n = len(choices.actions)
        self.show(game, choices)
        while True:
            answer = self._ask(f"seat {self.seat}, choose {'1' if n == 1 else f'1-{n}'} (? for help)> ")
            low = answer.lower()
            if not answer:
                print(f"type a number from 1 to {n}, or ? for help")
            elif low in ("q", "quit", "exit"):
                raise Abandon("quit: the game is abandoned", 130)
            elif low in ("?", "h", "help"):
                self.show(game, choices)
                print("\n".join(explained(game, choices)))
                print(HELP)
            elif low in choices.letters:
                print("\n".join(choices.narrowed(low)))
            elif low in ("list", "all"):
                print("\n".join(choices.listing()))
            elif not answer.isprintable():
                print(
                    f"'{quoted(answer)}' is not a legal action: control characters (such as arrow keys) "
                    f"are not actions; type a number from 1 to {n}, or ? for help"
                )
            elif answer.isascii() and answer.isdigit():  # not '３' or '²': digits 0-9 only
                k = int(answer) if len(answer) <= 18 else None  # int() refuses thousands of digits
                if k is not None and 1 <= k <= n:
                    return choices.actions[k - 1]
                print(
                    f"there is no action {quoted(answer) if k is None else k}: choose a number from 1 to {n}"
                )
            elif (i := choices.exact(answer)) is not None:
                return choices.actions[i]
            else:
                self._filter(choices, answer, n)

    @staticmethod
    def _filter(choices: Choices, answer: str, n: int) -> None:
        found = choices.matching(answer)
        if not found:
            print(
                f"'{quoted(answer)}' is not a legal action and no legal action matches it: "
                f"type a number from 1 to {n}, words to list matching actions, or ? for help"
            )
            return
        print(
            f"{plural(len(found), 'action')} {'matches' if len(found) == 1 else 'match'} '{quoted(answer)}':"
        )
        print("\n".join(choices.listing(found[:FILTER_LIMIT])))
        if len(found) > FILTER_LIMIT:
            print(f"  ... and {len(found) - FILTER_LIMIT} more: add words to narrow down")
