"""The compile stage: a validated rule document -> a :class:`~playa_rules.compiler.program.Program`.

Builds the model (components, zones), parses every DSL text once, type-checks it
against the model and compiles it to callables. Every problem found is collected;
the stage raises one :class:`~playa_rules.errors.RuleError` carrying all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..checks import semantic_diagnostics, sort_diagnostics
from ..checks.base import cap_problems, dsl_texts
from ..errors import Diagnostic, DSLSyntaxError, RuleError, SpecError
from ..shared.faults import RuleFault
from ..source.document import escape_pointer_segment
from .automata import compile_automata
from .dsl import types as T
from .dsl.analysis import never_shuffled, reads_name
from .dsl.compile import Compiler, Define, Scope
from .dsl.control import read_procedures
from .dsl.held import compile_typed
from .dsl.parse import Origin, parse_block, parse_expr
from .dsl.recover import Recovered
from .dsl.staying import NOTHING, Staying
from .item_where import item_condition
from .kinds import ActionKinds
from .listing import step_listing
from .model import ModelBuilder, did_you_mean, seat_count
from .phase_flow import next_phase, seat_start, whole_rounds
from .program import PhaseDef, Program, StepDef
from .tell import compile_tell


def _too_deep(origin: Origin, text) -> DSLSyntaxError:
    """The error for DSL text whose compiled form nests too deeply (a long chain of
    operators, or defines that nest through each other)."""
    return DSLSyntaxError(
        origin.diagnostic(
            "dsl-too-deep",
            "the text nests too deeply to compile (a very long chain of operators, "
            "or defines that nest through each other)",
            text if isinstance(text, str) else str(text),
        )
    )


class _Stage(ActionKinds):
    """One compile run over one document; collects diagnostics."""

    use_bounds = True  # number_in limits as range cuts (tests compare with plain checks)
    use_splits = True  # conditions split by level (tests compare with whole conditions)
    held = (
        {},
        {},
    )  # variables starting as none: their types, and the sets seen, by an earlier pass (dsl/held.py)
    moved = NOTHING  # what an earlier pass found moves can do (dsl/staying.py)

    def __init__(self, doc):
        self.doc = doc
        self.data = doc.data
        self.diags: list[Diagnostic] = []
        self.scopes: dict[str, Scope] = {}  # action name -> its scope with lets and parameters
        self.bodies: dict[str, list] = {}  # action name -> its generated listing body (listing.py)

    # ------------------------------------------------------------ locating
    def origin(self, pointer: str) -> Origin:
        """Where DSL text at ``pointer`` lies in the file."""
        return self.doc.origin(pointer)

    def diag(self, pointer: str, code: str, message: str, hint: str | None = None) -> Diagnostic:
        """A diagnostic located at the node at ``pointer``."""
        return self.doc.diagnostic(pointer, code, message, hint=hint)

    def switches(self) -> set:
        """Rulings and assumptions with alternatives: a condition false only because of their
        value is how a rule file offers an alternative, not a mistake."""
        out = set()
        for section in ("rulings", "assumptions"):
            for key, entry in ((self.data or {}).get(section) or {}).items():
                if isinstance(entry, dict) and entry.get("alternatives"):
                    out.add(key)
        return out

    def phase_let_kinds(self, phases: list) -> None:
        """Type ``phase.x`` where every phase that gives ``x`` writes a number (or every one
        true or false) in YAML: compared with a number, ``true`` is then a type error, not 1.
        A phase giving ``true`` where another gives a number is an error at the odd one."""
        given: dict[str, dict] = {}  # name -> kind -> (phase index, phase id) of the first to give it
        for i, ph in enumerate(phases):
            for k, v in (ph.get("let") or {}).items():
                kind = "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else None
                given.setdefault(k, {}).setdefault(kind, (i, ph.get("id", i)))
        for name, kinds in given.items():
            if "bool" in kinds and "int" in kinds:
                (i, odd), (_, other) = kinds["bool"], kinds["int"]
                self.error(
                    f"/phases/{i}/let/{name}",
                    "type-error",
                    f"phase '{odd}' gives '{name}' true or false, where phase '{other}' gives a number",
                    hint="give a phase value one kind in every phase (a number here: 0, 1, 2...)",
                )
            elif len(kinds) == 1 and None not in kinds:
                self.cp.phase_let_types[name] = T.BOOL if "bool" in kinds else T.INT

    def error(self, pointer, code, message, hint=None):
        """Record an error at ``pointer``."""
        self.diags.append(self.diag(pointer, code, message, hint))

    def guard(self, fn: Callable, *args, default=None):
        """Run one compile step; record its errors and return ``default`` on failure (every
        mistake of its text: the compiler goes on past each, ``Compiler.recovering``)."""
        cp = getattr(self, "cp", None)
        saved = cp.recovering if cp is not None else None
        found = Recovered()
        if cp is not None:
            cp.recovering = found
        try:
            out = fn(*args)
        except SpecError as exc:
            self.diags.extend(found.errors + exc.diagnostics)
            return default
        finally:
            if cp is not None:
                cp.recovering = saved
        if found.failed:
            self.diags.extend(found.errors)
            return default
        return out

    def expr(self, text, pointer: str, scope: Scope, kind: str | None = None, at=None):
        """Parse and compile one expression; None (with a diagnostic) if it is wrong. ``at``:
        the (line, column) where ``text`` starts inside the value at ``pointer`` (a template's field)."""

        def go():
            origin = self.origin(pointer) if at is None else self.origin(pointer).shifted(*at)
            node = parse_expr(text, origin)
            try:
                c = self.cp.with_origin(origin, text if isinstance(text, str) else str(text)).expr(
                    node, scope
                )
            except RecursionError:
                raise _too_deep(origin, text) from None
            if kind is not None:
                self.cp.expect(c, kind, node, "this")
            return self.cp.gen.expression(c) if self.cp.gen is not None else c

        return self.guard(go)

    def block(self, text, pointer: str, scope: Scope):
        """Parse and compile a block of effects; None if absent or wrong."""
        if text is None:
            return None

        def go():
            origin = self.origin(pointer)
            node = parse_block(text, origin)
            try:
                return self.cp.with_origin(origin, text).block(node, scope, root=True)
            except RecursionError:
                raise _too_deep(origin, text) from None

        return self.guard(go)

    # ------------------------------------------------------------ the run
    def run(self) -> Program:
        d = self.data
        builder = ModelBuilder(d, self.diag, self.constant, partial(item_condition, self))
        self.model = m = builder.build()
        self.diags.extend(builder.diags)
        self.broken_defines: set[str] = set()
        self.cp = Compiler(m, self.defines())
        self.cp.locate = self.diag
        counts = {seat_count(d, p) for p in d.get("players") or [] if isinstance(p, int)}
        self.cp.player_counts = sorted(
            s for s in counts if 0 < s <= m.max_players
        )  # past it: too-many-players
        self.cp.parameter_names = set(d.get("parameters") or {})
        self.cp.held, self.cp.given = self.held
        if self.cp.gen is not None:  # zones whose top is read without a chance check
            self.cp.gen.settled = never_shuffled([t.text for t in dsl_texts(d) if t.effect], d, m)
        self.cp.staying = Staying(
            m, self.moved
        )  # assumed by this pass, checked after it (held.compile_typed)
        self.cp.broken = self.broken_defines
        self.cp.procedures, self.cp.broken_procedures = read_procedures(self)
        for ph in d.get("phases") or []:
            self.cp.phase_lets.update((ph.get("let") or {}).keys())
        self.phase_let_kinds(d.get("phases") or [])
        root = Scope()
        actions = {
            name: self.action(name, spec, i)
            for i, (name, spec) in enumerate((d.get("actions") or {}).items())
        }
        actions = {k: v for k, v in actions.items() if v is not None}
        self.number_actions(actions)
        phases = [self.phase(i, ph, actions) for i, ph in enumerate(d.get("phases") or [])]
        scoring = []
        self.cp.memo_defines = True  # scoring changes nothing: defines are worked out once per seat
        for i, s in enumerate(d.get("scoring") or []):
            c = self.expr(s.get("points", 0), f"/scoring/{i}/points", root, "int")
            if c is not None:
                scoring.append((s.get("id", f"rule{i + 1}"), s.get("rule", ""), c.fn))
        self.cp.memo_defines = False
        match = d.get("match") or {}
        hands = self.expr(match.get("hands", 1), "/match/hands", root, "int")
        first = self.expr(match.get("first_start", 0), "/match/first_start", root, "seat")
        rotate = self.expr(match.get("rotate_start", 1), "/match/rotate_start", root, "int")
        if rotate is not None and not rotate.is_const:
            self.error(
                "/match/rotate_start",
                "not-constant",
                "rotate_start must be a whole number known before the game starts",
            )
        ties = []
        for i, tb in enumerate(match.get("tie_breaks") or []):
            c = self.expr(tb.get("value", 0), f"/match/tie_breaks/{i}/value", root, "int")
            if c is not None:
                ties.append((tb.get("id", f"tie{i + 1}"), tb.get("rule", ""), c.fn))
        end_when = None
        if "end_when" in match:
            c = self.expr(match["end_when"], "/match/end_when", root, "bool")
            end_when = c.fn if c else None
        next_start = (
            self.expr(match["next_start"], "/match/next_start", root, "seat")
            if "next_start" in match
            else None
        )
        points = self.expr(match["points"], "/match/points", root, "int") if "points" in match else None
        automata = compile_automata(self, actions)
        setup = self.block(d.get("setup"), "/setup", root)
        self.check_players()
        errors = [x for x in self.diags if x.severity == "error"]
        if errors:
            errors += [x for x in semantic_diagnostics(None, self.doc) if x.severity == "error"]
            errors.sort(key=lambda x: (x.file or "", x.line or 0, x.column or 0))
            errors = cap_problems(errors, self.doc.file)
            raise (DSLSyntaxError if errors[0].code.startswith("dsl-") else RuleError)(errors)
        program = Program(
            model=m,
            spec=d,
            actions=actions,
            setup=setup or (lambda g, e: None),
            phases=phases,
            scoring=scoring,
            hands=hands.fn,
            rotate=rotate.const if rotate is not None and rotate.is_const else 1,
            first_start=first.fn,
            tie_breaks=ties,
            end_when=end_when,
            num_distinct_actions=sum(a.size for a in actions.values()),
            warnings=[x for x in self.diags if x.severity != "error"],
            automata=automata,
            next_start=_some_seat(next_start.fn, self.diag("/match/next_start", "", "").location())
            if next_start
            else None,
            match_points=points.fn if points else None,
            generated=self.cp.gen.sources if self.cp.gen is not None else [],
            moved=self.cp.staying.found().types,
        )
        program.phase_sites = [self.phase_site(i, ph) for i, ph in enumerate(d.get("phases") or [])]
        program.reads_round = reads_name(dsl_texts(d), "round")
        found = semantic_diagnostics(program, self.doc)  # checks of the whole (playa_rules/checks.py)
        errors = [x for x in found if x.severity == "error"]
        if errors:
            raise RuleError(errors)
        program.warnings = sort_diagnostics(program.warnings + found)
        return program

    def step_seats(self, st: dict, sptr: str, root: Scope) -> dict:
        """A step's ``when`` and ``simultaneous``, compiled in that order; a step a ruling
        leaves out (its ``when`` false when the rules load) asks nobody, so it is no
        simultaneous step (what OpenSpiel's dynamics read)."""
        when = self.expr(st["when"], f"{sptr}/when", root, "bool") if "when" in st else None
        seats = (
            self.expr(st["simultaneous"], f"{sptr}/simultaneous", root, "seats")
            if "simultaneous" in st
            else None
        )
        never = when is not None and when.is_const and not when.const
        return {
            "when": getattr(when, "fn", None),
            "simultaneous": None if never else getattr(seats, "fn", None),
        }

    def phase_site(self, i: int, ph: dict) -> str:
        """``file:line:column`` of phase ``i``'s ``until`` (or of the phase), for runtime errors."""
        turns = ph.get("turns") if isinstance(ph, dict) else None
        pointer = (
            f"/phases/{i}/turns/until" if isinstance(turns, dict) and "until" in turns else f"/phases/{i}"
        )
        return self.diag(pointer, "phase", "").location()

    def constant(self, text: str, pointer: str):
        """Evaluate a compile-time expression over parameters only (component counts)."""
        from .dsl.compile import Compiler as _C
        from .model import Model

        tmp = Model(game_id="", max_players=1, constants=self.model_constants())
        origin = self.origin(pointer)
        node = parse_expr(text, origin)
        c = _C(tmp, {}).with_origin(origin, text).expr(node, Scope())
        if not c.is_const:
            raise RuleError(
                self.diag(pointer, "not-constant", f"'{text}' must be known before the game starts")
            )
        return c.const

    def model_constants(self) -> dict:
        out = {}
        for section in ("parameters", "assumptions", "rulings"):
            for k, v in (self.data.get(section) or {}).items():
                out[k] = v.get("value") if section != "parameters" and isinstance(v, dict) else v
        return out

    def check_players(self):
        players = self.data.get("players") or []
        if not players:
            self.error("/players", "no-players", "the rules must list the player counts they allow")

    # ------------------------------------------------------------ defines
    def defines(self) -> dict:
        out = {}
        for key, text in (self.data.get("define") or {}).items():
            pointer = f"/define/{escape_pointer_segment(key)}"
            name, params = key, ()
            if "(" in key:
                name, _, rest = key.partition("(")
                params = tuple(p.strip() for p in rest.rstrip(") ").split(",") if p.strip())
            name = name.strip()
            if not name.isidentifier() or not all(p.isidentifier() for p in params):
                self.error(pointer, "bad-define", f"'{key}' is not a name or name(arg, ...)")
                continue
            origin = self.origin(pointer)
            node = self.guard(parse_expr, text, origin)
            if node is not None:
                out[name] = Define(name, params, node, origin, text if isinstance(text, str) else str(text))
            else:
                self.broken_defines.add(name)
        return out

    def phase(self, i: int, ph: dict, actions: dict) -> PhaseDef:
        ptr = f"/phases/{i}"
        root = Scope()
        turns = ph.get("turns")
        kind = start = rounds = until = seats = None
        if turns:
            if "seats" in turns:
                kind = "seats"
                seats = self.expr(turns["seats"], f"{ptr}/turns/seats", root, "collection")
            elif "seat" in turns:
                kind = "seat"
                start = self.expr(turns["seat"], f"{ptr}/turns/seat", root, "seat")
                start = start and seat_start(
                    start.fn, self.origin(f"{ptr}/turns/seat"), turns["seat"], "seat"
                )
            else:
                said = turns.get("from", "start_player")
                start = self.expr(said, f"{ptr}/turns/from", root, "seat")
                start = start and seat_start(start.fn, self.origin(f"{ptr}/turns/from"), said, "from")
                if "rounds" in turns:
                    kind = "rounds"
                    rounds = whole_rounds(self, turns["rounds"], f"{ptr}/turns/rounds", root)
                elif "until" in turns:
                    kind = "until"
                    until = self.expr(turns["until"], f"{ptr}/turns/until", root, "bool")
                else:
                    self.error(f"{ptr}/turns", "bad-turns", "turns need 'rounds', 'until' or 'seat'")
        when = self.expr(ph["when"], f"{ptr}/when", root, "bool") if "when" in ph else None
        lets = []
        for k, text in (ph.get("let") or {}).items():
            c = self.expr(text, f"{ptr}/let/{k}", root)
            if c is not None:
                lets.append((k, c.fn))
        nxt = next_phase(self, ph["next"], f"{ptr}/next", root) if "next" in ph else None
        steps = []
        for j, st in enumerate(ph.get("steps") or []):
            sptr = f"{ptr}/steps/{j}"
            picked = {}
            for field in ("actions", "fallback", "free"):
                picked[field] = []
                for k, aname in enumerate(st.get(field) or []):
                    if aname in actions:
                        picked[field].append(actions[aname])
                    elif aname not in (self.data.get("actions") or {}):
                        self.error(
                            f"{sptr}/{field}/{k}",
                            "unknown-action",
                            f"no action is named '{aname}'",
                            did_you_mean(aname, list(actions)),
                        )
            steps.append(
                StepDef(
                    id=st.get("id", f"step{j + 1}"),
                    actions=picked["actions"],
                    fallback=picked["fallback"],
                    repeat=bool(st.get("repeat", False)),
                    on_blocked=self.block(st.get("on_blocked"), f"{sptr}/on_blocked", root),
                    effect=self.block(st.get("effect"), f"{sptr}/effect", root),
                    free=picked["free"],
                    **self.step_seats(st, sptr, root),
                )
            )
            if self.cp.gen is not None:
                steps[-1].inline = step_listing(self.cp.gen, steps[-1], self.bodies)
        return PhaseDef(
            id=ph.get("id", f"phase{i + 1}"),
            rule=ph.get("rule", ""),
            turns=kind,
            start=start,
            rounds=rounds.fn if rounds else None,
            until=until.fn if until else None,
            direction=-1 if (turns or {}).get("order") == "counterclockwise" else 1,
            lets=lets,
            on_start=self.block(ph.get("on_start"), f"{ptr}/on_start", root),
            on_turn_start=self.block(ph.get("on_turn_start"), f"{ptr}/on_turn_start", root),
            steps=steps,
            when=when.fn if when else None,
            next=nxt,
            seats=seats.fn if seats else None,
            tell=compile_tell(self, ph["tell"], f"{ptr}/tell", root) if "tell" in ph else None,
        )  # the flow copies the seats it reads


def compile_document(doc) -> Program:
    """Compile a loaded, schema-valid document; raises RuleError with every problem found.
    In a game merged with variants, a problem naming a part a variant removed points at the
    removal too (``Layered.noting_removals``)."""
    noting = getattr(doc, "noting_removals", None) or (lambda diags: diags)
    try:
        program = compile_typed(doc, _Stage)  # again if what a variable starting as none holds is told
    except SpecError as exc:  # each problem once (a define's is met wherever it is used), removals noted
        raise type(exc)(noting(list(dict.fromkeys(exc.diagnostics)))) from None
    program.warnings = noting(program.warnings)
    return program


def _some_seat(fn, where: str):
    """``match.next_start``'s ``fn``, whose none (``current_player`` after a hand no seat
    played) is a fault located at it rather than Python's words."""

    def next_start(g, e):
        seat = fn(g, e)
        if seat is None:
            raise RuleFault(f"{where}: runtime-error: next_start gave none, not a seat")
        return seat

    return next_start
