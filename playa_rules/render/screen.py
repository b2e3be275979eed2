"""What one seat sees at the terminal: ``game.view(seat)`` laid out for people with rich.

A header names the decision (seat, hand, phase, step, round); a table lists the shared
zones; a table has one row per seat with its score, its zones and its variables, the
seat to play first. Components read as their labels; a die shows the face it shows; a
component owned by a seat is marked with that seat (and its colour on a colour terminal);
runs of equal items are counted; each seat's boards (zones shown as grids) follow the
table at full size. A rule file's ``display`` section says which variables
matter, which component variables to show beside an item, and how each zone reads
(numbered positions, a count, or left out); without it every variable is shown.
"""

from __future__ import annotations

import re

from rich import box
from rich.columns import Columns
from rich.console import Console, Group
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from .boardtext import hex_shift, linked_text
from .progress import hand_progress
from .words import prose

FIELD_REF = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*)\}")  # {hand.token}
SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan", "bright_magenta")
RUN = 3  # this many equal items in a row are written as one counted item


def show_value(value) -> str:
    """A value as the rule file spells it: true/false, none, text as is."""
    if value is True or value is False:
        return str(value).lower()
    if value is None:
        return "none"
    if value == "":
        return "''"
    if isinstance(value, list):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if isinstance(value, dict) and value.get("hidden"):  # a variable naming a card the seat does not see
        return f"(a hidden {value.get('type')})"
    return str(value)


class Screen:
    """Renders views of one rule set, following its ``display`` hints."""

    def __init__(
        self, display: dict | None = None, variables: dict | None = None, constants=None, ends_early=False
    ):
        display = display or {}
        self.ends_early = ends_early  # the match may end before its last hand: "hand 1 (at most 50)"
        self.constants = dict(constants or {})  # {name} of a parameter or assumption in a status line
        self.variables = display.get("variables")  # None: every variable
        self.zones = display.get("zones") or {}
        self.components = display.get("components") or {}
        self.round = display.get("round")  # the variable the header's round reads (default: the flow's)
        self.names = display.get("names") or {}  # phase and step ids as the rules call them ("": hidden)
        self.status = display.get("status") or []  # lines of {scope.variable} fields under the header
        self.initial = {  # declared initial values, for a status line's `when`
            f"{scope}.{name}": v.get("value") if isinstance(v, dict) else v
            for scope, names in (variables or {}).items()
            if isinstance(names, dict)
            for name, v in names.items()
        }

    # ---------------------------------------------------------------- items
    def seat_name(self, seat, me: int) -> str:
        return "you" if seat == me else f"seat {seat}"

    def item(self, c: dict, owner: str | None = None) -> str:
        """One component's text: its label (``?`` unknown), the face it shows, then in
        brackets its owner (when given) and the variables the display hints name."""
        if c.get("hidden"):
            return "?"
        text = str(c.get("label", c.get("type", "?")))
        values = c.get("vars") or {}
        chosen = self.components.get(c.get("type"), ())
        named = chosen if isinstance(chosen, dict) else {name: name for name in chosen}
        shown = [owner] if owner else []
        for name, called in named.items():
            value = values[name] if name in values else c.get(name, "")
            if value == "" or (name == "face" and value is None):  # a die not rolled yet
                continue
            if called:
                shown.append(f"{called} {show_value(value)}")
            else:  # no words: the value right after the label, as a die's face ("stripes 12")
                text += f" {show_value(value)}"
        if values.get("face") is not None and "face" not in chosen:
            text += f" {show_value(values['face'])}"
        return text + (f" ({', '.join(shown)})" if shown else "")

    def _markup(self, c: dict, text: str, me: int) -> str:
        owner = c.get("owner")
        if not isinstance(owner, int):
            return escape(text)
        colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        return f"[{colour}]{escape(text)}[/]"

    def _nested(self, c: dict, me: int) -> str:
        """The zones on a component (a pile on a card), each in order from the bottom, the
        top named last: ``[stack: seat 1: 3 1 · you: 2, top: you]``."""
        inner = [
            f"{escape(name)}: {self.items(sub, me)}{self._top(sub, me)}"
            for name, sub in (c.get("zones") or {}).items()
            if sub
        ]
        return " \\[" + "; ".join(inner) + "]" if inner else ""

    def _top(self, pile: list, me: int) -> str:
        """``, top: OWNER`` (or the top component's text) for a pile of two or more: the last
        component of a zone is its top, what ``top(zone)`` reads."""
        top = pile[-1]
        if len(pile) < 2 or (top.get("hidden") and not isinstance(top.get("owner"), int)):
            return ""
        who = self.seat_name(top["owner"], me) if isinstance(top.get("owner"), int) else self.item(top)
        return f", top: {escape(who)}"

    def items(self, comps: list, me: int, numbered: bool = False, home: int | None = None) -> str:
        """Rich markup for a zone's components, in order (``home``: the seat whose zone it is,
        whose items need no owner mark)."""
        if not comps:
            return "[dim]-[/]"
        if all(c.get("hidden") and not any((c.get("zones") or {}).values()) for c in comps):
            types = {c.get("type") for c in comps}
            return f"{len(comps)} hidden" + (f" ({escape(str(types.pop()))})" if len(types) == 1 else "")
        if numbered:
            texts = [
                self._markup(
                    c,
                    self.item(c, self.seat_name(c["owner"], me) if isinstance(c.get("owner"), int) else None),
                    me,
                )
                + self._nested(c, me)
                for c in comps
            ]
            return "  ".join(f"[dim]{where}[/] {t}" for where, t in _ranges(texts))
        texts = [self._markup(c, self.item(c), me) + self._nested(c, me) for c in comps]
        faces = [(c.get("vars") or {}).get("face") for c in comps]
        labels = {c.get("label") for c in comps}
        if (
            len(comps) >= 2
            and None not in faces
            and len(labels) == 1
            and not any(c.get("owner") is not None for c in comps)
        ):
            return f"{len(comps)} {escape(str(labels.pop()))}: " + " ".join(show_value(f) for f in faces)
        return self._owned(comps, texts, me, home)

    def _owned(self, comps: list, texts: list[str], me: int, home: int | None) -> str:
        """Runs by owner (``seat 1: 3 3 · you: 1``) when items have owners, else counted runs."""
        owners = [None if c.get("owner") == home else c.get("owner") for c in comps]
        if all(o is None for o in owners):
            return " ".join(_runs(texts))
        out, i = [], 0
        while i < len(texts):
            j = i
            while j < len(texts) and owners[j] == owners[i]:
                j += 1
            who = "" if owners[i] is None else f"{self.seat_name(owners[i], me)}: "
            out.append(who + " ".join(_runs(texts[i:j])))
            i = j
        return " · ".join(out)

    def variables_of(self, scoped: dict[str, dict]) -> str:
        """``name value`` pairs of the variables to show, in the display order."""
        pairs = []
        if self.variables is None:
            for scope, values in scoped.items():
                pairs += [(name if scope == "player" else f"{scope}.{name}", v) for name, v in values.items()]
        else:
            for wanted in self.variables:
                scope, _, name = wanted.rpartition(".")
                for s, values in scoped.items():
                    if (
                        name in values
                        and scope in (s, "")
                        or (scope in ("player", "player_match") and s == "player" and name in values)
                    ):
                        pairs.append((name if s == "player" else wanted, values[name]))
                        break
        return ", ".join(f"{escape(n)} {escape(show_value(v))}" for n, v in pairs)

    # ---------------------------------------------------------------- the screen
    def render(self, view: dict):
        """The renderable for one view."""
        me = view["seat"]
        where = [hand_progress(view["hand"], view["hands"], self.ends_early)]
        for kind in ("phase", "step"):
            if view.get(kind):
                name = self.names.get(view[kind], f"{kind} {view[kind]}")
                where += [name] if name else []
        where.append(f"round {self.round_of(view)}")
        parts = [Rule(Text(f"seat {me} to play · " + " · ".join(where), style="bold"), align="left")]
        parts += [Text(line) for line in self.status_lines(view)]
        table = Table(
            box=box.SIMPLE,
            show_header=False,
            pad_edge=False,
            title="on the table",
            title_justify="left",
            title_style="bold",
        )
        table.add_column("zone", style="bold", no_wrap=True)
        table.add_column("contents")
        for name, comps in view["zones"].items():
            hint = self.zones.get(name) or {}
            if hint.get("hidden"):
                continue
            if hint.get("grid") and _is_grid(comps):
                shown = self.grid(comps, hint)
            elif hint.get("count"):
                shown = f"{len(comps)}"
            else:
                shown = self.items(comps, me, hint.get("numbered", True))
            table.add_row(escape(name), shown)
        if view.get("vars") and (line := self.variables_of({s: v for s, v in view["vars"].items() if v})):
            table.add_row("variables", line)
        if table.row_count:
            parts.append(table)
        parts.append(self.seats_table(view, me))
        boards = self.boards(view, me)
        if boards:
            parts.append(Columns(boards, padding=(0, 3)))
            parts += [Text(line, style="dim") for line in self.legends(view)]
        return Group(*parts)

    def round_of(self, view: dict):
        """The round the header shows: the variable the display hints name, else the flow's."""
        if self.round:
            scope, _, name = self.round.rpartition(".")
            value = ((view.get("vars") or {}).get(scope) or {}).get(name)
            if value is not None:
                return value
        return view.get("round")

    def status_lines(self, view: dict) -> list[str]:
        """The display hints' status lines, their ``{scope.variable}`` fields filled from the
        view; a line with ``when: VAR`` only while VAR differs from its declared initial value."""
        out = []
        scoped = view.get("vars") or {}

        def value(ref: str):
            scope, _, name = ref.rpartition(".")
            return (scoped.get(scope) or {}).get(name)

        for entry in self.status:
            text, when = (
                (entry, None) if isinstance(entry, str) else (entry.get("text", ""), entry.get("when"))
            )
            if when and value(when) == self.initial.get(when):
                continue
            text = FIELD_REF.sub(lambda mt: show_value(value(mt.group(1))), text)
            out.append(str(prose("en", text, self.constants)))
        return out

    def legends(self, view: dict) -> list[str]:
        """What the symbols of the boards below the seats table stand for, one line a board."""
        lines = []
        names = {n for e in view["seats"] for n in e["zones"]}
        for name in sorted(names):
            hint = self.zones.get(name) or {}
            if hint.get("grid") and (hint.get("symbols") or hint.get("occupied")):
                pairs = [f"{v} {show_value(k)}" for k, v in (hint.get("symbols") or {}).items()]
                lying = hint.get("occupied")
                if isinstance(lying, dict):
                    pairs.append(
                        f"a token on an empty cell, by its {lying['by']}: "
                        + " · ".join(f"{v} {show_value(k)}" for k, v in (lying.get("symbols") or {}).items())
                        + f" · {lying.get('hidden', '?')} face down"
                    )
                elif lying:
                    pairs.append(f"{lying} something lies there")
                lines.append(f"{name}: " + " · ".join(pairs))
        return lines

    def boards(self, view: dict, me: int) -> list:
        """Each seat's boards (per-player zones shown as a grid), below the seats table, at
        full size: a grid squeezed into a table cell would wrap."""
        out = []
        for entry in sorted(view["seats"], key=lambda e: e["seat"] != me):
            s = entry["seat"]
            for name, comps in entry["zones"].items():
                hint = self.zones.get(name) or {}
                if hint.get("grid") and not hint.get("hidden") and _is_grid(comps):
                    who = "you" if s == me else f"seat {s}"
                    title = Text(f"{who}: {name}", style=f"bold {SEAT_COLOURS[s % len(SEAT_COLOURS)]}")
                    out.append(Group(title, Text.from_markup(self.grid(comps, hint))))
        return out

    def grid(self, cells: list, hint: dict) -> str:
        """A board as rows of symbols: each cell shows its ``grid`` variable or property,
        through ``symbols`` (an empty cell with something lying on it: ``occupied``); column
        numbers on top, row numbers on the left (row 0 at the top, or at the bottom with
        ``bottom_up``)."""
        name, symbols = hint["grid"], {str(k): str(v) for k, v in (hint.get("symbols") or {}).items()}
        occupied = hint.get("occupied")
        at = {(c.get("row"), c.get("col")): c for c in cells}
        rows = sorted({c.get("row") for c in cells} - {None}, reverse=bool(hint.get("bottom_up")))
        cols = sorted({c.get("col") for c in cells} - {None})

        def text(cell) -> str:
            if cell is None:
                return " "
            if cell.get("hidden"):
                return "?"
            value = (cell.get("vars") or {}).get(name, cell.get(name, ""))
            if value is None and occupied and any((cell.get("zones") or {}).values()):
                return _lying(cell, occupied)
            return symbols.get(show_value(value), show_value(value))

        if "row" not in cells[0]:  # a board given as data: cell by cell, with its neighbours
            return escape(linked_text(cells, text))
        width = max([len(str(c)) for c in cols] + [len(text(c)) for c in cells])
        label = max(len(str(r)) for r in rows)
        shift = hex_shift(rows, width) if hint.get("hex") else dict.fromkeys(rows, "")
        lines = [" " * (label + 1) + " ".join(str(c).rjust(width) for c in cols)]
        for r in rows:
            lines.append(
                str(r).rjust(label)
                + " "
                + shift[r]
                + " ".join(text(at.get((r, c))).rjust(width) for c in cols).rstrip()
            )
        return escape("\n".join(lines))

    def seats_table(self, view: dict, me: int) -> Table:
        seats = sorted(view["seats"], key=lambda e: e["seat"] != me)
        names = [
            n for n in (seats[0]["zones"] if seats else {}) if not (self.zones.get(n) or {}).get("hidden")
        ]
        table = Table(
            box=box.SIMPLE_HEAD, pad_edge=False, title="seats", title_justify="left", title_style="bold"
        )
        running = view.get("running_scores")
        table.add_column("seat", no_wrap=True)
        table.add_column("score" if running is None else "score now", justify="right")
        for n in names:
            table.add_column(escape(n))
        has_vars = any(e.get("vars") for e in seats)
        if has_vars:
            table.add_column("variables")
        for entry in seats:
            s = entry["seat"]
            colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
            who = f"[bold {colour}]you (seat {s})[/]" if s == me else f"[{colour}]seat {s}[/]"
            scores = view["scores"] if running is None else running
            row = [who, str(scores[s]) if s < len(scores) else ""]
            for n in names:
                hint = self.zones.get(n) or {}
                comps = entry["zones"].get(n, [])
                if hint.get("grid") and _is_grid(comps):  # a board of its own: shown below
                    row.append("below")
                else:
                    row.append(
                        f"{len(comps)}"
                        if hint.get("count")
                        else self.items(comps, me, hint.get("numbered", False), s)
                    )
            if has_vars:
                row.append(self.variables_of({"player": entry.get("vars") or {}}))
            table.add_row(*row)
        return table

    def text(self, view: dict, width: int = 100) -> str:
        """The screen as plain text (what a terminal without colour shows)."""
        console = Console(width=width, record=True, color_system=None, force_terminal=False, file=_Discard())
        console.print(self.render(view))
        return console.export_text()


class _Discard:
    def write(self, _text: str) -> int:
        return 0

    def flush(self) -> None:
        pass


def _runs(parts: list[str]) -> list[str]:
    """Runs of RUN or more equal items as ``label(xN)``."""
    out: list[str] = []
    i = 0
    while i < len(parts):
        j = i
        while j < len(parts) and parts[j] == parts[i]:
            j += 1
        out.extend([f"{parts[i]}(x{j - i})"] if j - i >= RUN else parts[i:j])
        i = j
    return out


def _ranges(texts: list[str]) -> list[tuple[str, str]]:
    """Positions and texts, runs of RUN or more equal texts as one range (``#1-15``)."""
    out, i = [], 0
    while i < len(texts):
        j = i
        while j < len(texts) and texts[j] == texts[i]:
            j += 1
        if j - i >= RUN:
            out.append((f"#{i}-{j - 1}", texts[i]))
        else:
            out += [(f"#{k}", texts[k]) for k in range(i, j)]
        i = j
    return out


def _lying(cell: dict, occupied) -> str:
    """The symbol of an empty cell on which something lies: the hint's one symbol, or by a
    property of the component on top (``{by: gift, symbols: {...}, hidden: '?'}``)."""
    if not isinstance(occupied, dict):
        return str(occupied)
    top = next(zone[-1] for zone in (cell.get("zones") or {}).values() if zone)
    if top.get("hidden"):
        return str(occupied.get("hidden", "?"))
    value = (top.get("vars") or {}).get(occupied["by"], top.get(occupied["by"]))
    return str((occupied.get("symbols") or {}).get(show_value(value), occupied.get("other", "u")))


def _is_grid(cells: list) -> bool:
    """Whether every component has whole-number ``row`` and ``col``, or names its neighbours
    (``next_to``: a board given as data); hidden ones are not cells."""
    return bool(cells) and (
        all(isinstance(c.get("row"), int) and isinstance(c.get("col"), int) for c in cells)
        or all(isinstance(c.get("next_to"), list) for c in cells)
    )
