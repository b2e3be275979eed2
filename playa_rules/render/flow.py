"""The sections of the rules about play: the phases of a hand, the actions, and the seats
the rules play themselves (automata)."""

from __future__ import annotations

from .markup import Writer, block, code, value_text
from .words import joined


class FlowSections(Writer):
    """Phases, steps, actions and automata, rendered on a :class:`~.markup.Writer`."""

    def phases(self) -> None:
        phases = self.spec.get("phases") or []
        if phases:
            self.heading(2, self.w("phases"))
        for number, ph in enumerate(phases, 1):
            pid = ph.get("id")
            self.heading(3, f"{number}. {code(pid)}")
            self.para(self.t(["phases", pid, "rule"], ph.get("rule")))
            if "when" in ph:
                self.para(self.w("phase_when", cond=code(ph["when"])))
            self.para(self.turns(ph.get("turns")))
            if ph.get("let"):
                lets = ", ".join(
                    f"{code('phase.' + k)} = {code(value_text(v))}" for k, v in ph["let"].items()
                )
                self.para(self.w("phase_let", lets=lets))
            for hook in ("on_start", "on_turn_start"):
                if ph.get(hook):
                    self.para(self.w(hook))
                    self.emit(*block(ph[hook]), "")
            if ph.get("tell"):
                self.emit(self.told(ph["tell"]), "")
            steps = ph.get("steps") or []
            if steps:
                self.para(self.w("steps"))
            for i, st in enumerate(steps, 1):
                self.step(i, st)
            if steps:
                self.emit("")
            if "next" in ph:
                self.para(self.w("phase_next", next=code(ph["next"])))

    def turns(self, turns) -> str | None:
        if not turns:
            return self.w("phase_none")
        order = self.w(turns.get("order", "clockwise"))
        if "seat" in turns:
            return self.w("phase_seat", seat=code(turns["seat"]))
        if "seats" in turns:
            return self.w("phase_seats", seats=code(turns["seats"]))
        if "until" in turns:
            return self.w(
                "phase_until", order=order, start=code(turns.get("from")), until=code(turns["until"])
            )
        rounds = turns.get("rounds")
        count = rounds if isinstance(rounds, int) else self.constant(str(rounds))  # the noun agrees
        return self.w(
            "phase_rounds", rounds=code(rounds), count=count, order=order, start=code(turns.get("from"))
        )

    def step(self, number: int, st: dict) -> None:
        parts = []
        if st.get("actions"):
            one = len(st["actions"]) == 1
            parts.append(
                self.w(
                    "step_action" if one else "step_actions",
                    actions=joined(self.lang, [code(a) for a in st["actions"]]),
                )
            )
        if st.get("fallback"):
            parts.append(
                self.w("step_fallback", actions=joined(self.lang, [code(a) for a in st["fallback"]]))
            )
        if st.get("free"):
            parts.append(self.w("step_free", actions=joined(self.lang, [code(a) for a in st["free"]], "and")))
        if st.get("repeat"):
            parts.append(self.w("step_repeat"))
        if "when" in st:
            parts.insert(0, self.w("step_when", cond=code(st["when"])))
        if st.get("simultaneous") is not None and parts:  # who chooses comes before what they choose
            first = 1 if "when" in st else 0
            parts[first] = self.w("step_simultaneous", seats=code(st["simultaneous"])) + " " + parts[first]
        self.emit(
            f"{number}. {code(st.get('id'))}: " + "; ".join(parts)
            if parts
            else f"{number}. {code(st.get('id'))}"
        )
        for key, label in (("effect", "step_effect"), ("on_blocked", "step_blocked")):
            if st.get(key):
                lines = self.dsl(st[key], "   ")
                if len(lines) == 1:
                    self.emit(f"   - {self.w(label)} {lines[0]}")
                else:
                    self.emit(f"   - {self.w(label)}", "", *["  " + ln for ln in lines], "")

    def actions(self) -> None:
        actions = self.spec.get("actions") or {}
        if actions:
            self.heading(2, self.w("actions"))
        for name, a in actions.items():
            self.heading(3, code(name))
            self.para(self.t(["actions", name, "rule"], a.get("rule")))
            form = a.get("text", name)
            shown = self.t(["actions", name, "text"], form)
            self.emit(
                f"- **{self.w('text_form')}:** {code(shown)}"
                + (f" ({self.w('played_as', form=code(form))})" if shown != form else "")
            )
            if a.get("others_see") in ("turn", "nothing"):
                self.emit(f"- **{self.w('others_see')}:** {self.w('others_see_' + a['others_see'])}")
            for key, value in (a.get("let") or {}).items():
                self.emit(f"- **{self.w('let')}:** {code(key)} = {code(value)}")
            params = [f"  - {code(p)}: {self.param(d)}" for p, d in (a.get("params") or {}).items()]
            self.emit(f"- **{self.w('params')}:**" + ("" if params else f" {self.w('no_params')}"), *params)
            require = a.get("require") or []
            named = require.items() if isinstance(require, dict) else ((None, r) for r in require)
            if require:
                self.emit(
                    f"- **{self.w('require')}:**",
                    *(
                        f"  {i}. " + (f"{code(n)}: " if n else "") + code(r)
                        for i, (n, r) in enumerate(named, 1)
                    ),
                )
            effect = self.dsl(a.get("effect", ""), "  ")
            told = self.told(a.get("tell"))
            if len(effect) == 1:
                self.emit(f"- **{self.w('effect')}:** {effect[0]}", *([told] if told else []), "")
            else:
                self.emit(f"- **{self.w('effect')}:**", "", *effect, *([told, ""] if told else [""]))

    def told(self, tell) -> str | None:
        """``- **Then told:** `text``` (and when), for an action's or a phase's ``tell``."""
        if not tell:
            return None
        text, when = (tell.get("text"), tell.get("when")) if isinstance(tell, dict) else (tell, None)
        return f"- **{self.w('tell')}:** {code(text)}" + (
            f" ({self.w('tell_when', cond=code(when))})" if when else ""
        )

    def param(self, d: dict) -> str:
        if "one_of" in d and self.values_list(d["one_of"]):
            return self.w("one_value", d=code(d["one_of"]))
        for kind in ("one_of", "position_in", "group_of", "seat_in"):
            if kind in d:
                return self.w(kind, d=code(d[kind]), by=d.get("by", ""))
        if isinstance(d.get("number_in"), str):
            return self.w("number_in_named", d=code(d["number_in"]))
        low, high = (d.get("number_in") or [None, None])[:2]
        return self.w("number_in", low=code(low), high=code(high))

    def values_list(self, domain) -> bool:
        """Whether a ``one_of`` domain is a list of texts or numbers (written, or a parameter)."""
        if isinstance(domain, str):
            domain = (self.spec.get("parameters") or {}).get(domain.strip(), domain)
        if isinstance(domain, str) and domain.strip().startswith("["):
            return "'" in domain or '"' in domain
        return isinstance(domain, list) and all(isinstance(v, (str, int)) for v in domain)

    def automata(self) -> None:
        """The seats the rules play: how many at which player counts, whether they can win, how they play."""
        automata = self.spec.get("automata") or {}
        if automata:
            self.heading(2, self.w("automata"))
        for name, a in automata.items():
            self.heading(3, code(name))
            self.para(self.t(["automata", name, "rule"], a.get("rule")))
            joins = self.seats_of(a)
            seats = [self.w("automaton_count", k=k, n=n) for n, k in joins.items() if k]
            if set(self.rules.player_counts) - {n for n, k in joins.items() if k}:
                seats.append(self.w("seats_none_else"))
            self.emit(f"- **{self.w('seats')}:** {'; '.join(seats)}. {self.w('seats_note')}")
            self.emit(f"- **{self.w('can_win')}:** {self.can_win(a)}")
            plays = a.get("plays") or []
            self.emit(f"- **{self.w('plays')}:** {self.w('plays_intro')}")
            for i, entry in enumerate(plays, 1):
                action = code(entry.get("action"))
                self.emit(
                    f"  {i}. "
                    + (
                        self.w("play_when", action=action, cond=code(entry["when"]))
                        if "when" in entry
                        else self.w("play_any", action=action)
                    )
                )
            if all("when" in entry for entry in plays):
                self.emit(f"- {self.w('plays_stuck')}")
            self.emit("")

    def can_win(self, a: dict) -> str:
        """``no (the default)``, ``yes``, or ``no (`dummy_can_win`)`` for a constant expression."""
        expr = a.get("can_win", False)
        value = expr if isinstance(expr, bool) else self.constant(str(expr))
        word = self.w("yes") if value is True else self.w("no") if value is False else None
        shown = f"{word} ({code(expr)})" if word and not isinstance(expr, bool) else word or code(expr)
        if "can_win" not in a:
            shown += f" ({self.w('default')})"
        return shown + (". " + self.w("cannot_win_note") if value is False else "")

    @staticmethod
    def seats_of(a: dict) -> dict[int, int]:
        """How many seats an automaton adds, by player count."""
        return {
            int(n): k
            for n, k in (a.get("seats") or {}).items()
            if str(n).isascii() and str(n).isdigit() and isinstance(k, int)
        }
