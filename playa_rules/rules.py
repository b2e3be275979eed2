"""The public entry points: find, load and validate rule sets; start games.

``load`` runs the pipeline in order (load the YAML -> validate against the JSON
Schema -> compile the DSL) and returns :class:`Rules`, from which any number of
games start.
"""

from __future__ import annotations

import contextlib
import copyreg
import dataclasses
import gc
import os
from pathlib import Path

from . import resources
from .checks import partial, sort_diagnostics
from .checks.schema import schema_diagnostics
from .compiler.compile import compile_document
from .engine.actions import Action
from .engine.chance import space as chance_space
from .engine.frozen import FrozenList, frozen
from .engine.game import Game
from .engine.resolve import integer
from .errors import Diagnostic, LoadError, PlayaRulesError, SpecError, shown
from .shared import limits, spelling
from .source import variants as variants_
from .source.blame import blamed
from .source.digest import rules_digest
from .source.load import Document
from .source.overlay import merge
from .source.recent import CACHED_RULES, Recent

TITLED = 3
"""Most variant titles a rule set's title lists; the rest are counted ("and 2 more variants")."""


class Rules:
    """A compiled rule set: start games from it with :meth:`new_game`."""

    def __init__(self, program, doc: Document, warnings: list[Diagnostic] | None = None):
        self.program = program
        self.doc = doc
        self._warnings = list(program.warnings) if warnings is None else list(warnings)
        spec = program.spec
        self.id: str = spec.get("game", "")
        layers = getattr(doc, "layers", [])
        #: the ids of the variants applied, in order (empty for the game as published)
        self.variants: list[str] = FrozenList(layer.id for layer in layers)
        #: their titles, in the same order
        self.variant_titles: list[str] = FrozenList(layer.title or layer.id for layer in layers)
        self.title: str = spec.get("title", self.id)
        if layers:
            shown = self.variant_titles[:TITLED] + (
                [f"{len(layers) - TITLED} more variants"] if len(layers) > TITLED else []
            )
            self.title += " (" + ", ".join(shown) + ")"
        self.player_counts: list[int] = FrozenList(sorted(spec.get("players") or []))
        self._digest: str | None = None
        self._spec: dict | None = None

    @property
    def spec(self) -> dict:
        """The rule file's data (after validation), read-only: these rules are shared by every
        ``load`` of the file (``copy.deepcopy(rules.spec)`` gives a plain, changeable copy)."""
        if self._spec is None:
            self._spec = frozen(self.program.spec)
        return self._spec

    @property
    def digest(self) -> str:
        """16 hex digits identifying the rules as they play, prose left out (source/digest.py);
        a game's log records it, and ``pr.replay`` checks it."""
        if self._digest is None:
            self._digest = rules_digest(self.program.spec)
        return self._digest

    @property
    def num_distinct_actions(self) -> int:
        """How many integer action ids the rule set uses (ids are 0 to this - 1)."""
        return self.program.num_distinct_actions

    @property
    def warnings(self) -> list[Diagnostic]:
        """Diagnostics of severity warning found while compiling and by the semantic checks."""
        return list(self._warnings)

    @property
    def max_chance_outcomes(self) -> int:
        """How many chance outcome ids the rule set uses (ids are 0 to this - 1; see engine.chance)."""
        return chance_space(self.program.model).size

    def __reduce__(self):
        """Rules pickle as what they were loaded from; unpickling loads them again (or hits the cache)."""
        if self.program.model.source is None:
            raise PlayaRulesError("these rules were not loaded with playa_rules.load: they cannot be pickled")
        return (load, self.program.model.source)

    def not_for(self, players) -> str:
        """Why these rules cannot seat ``players``, in the words every caller uses (``new_game``,
        the adapters, the simulations, the web, replay): "playa-pirata is for 2 to 4 players, not 9"."""
        return f"{self.id} is for {_counts(self.player_counts)}, not {shown(players)}"

    def new_game(self, players: int, seed=None, chance: str = "sample", *, _queue=None) -> Game:
        """A new match for ``players`` seats; ``seed`` fixes all chance.

        ``chance="explicit"`` stops at every chance event (``game.is_chance``) until an
        outcome from ``game.chance_outcomes()`` is applied.
        """
        count = integer(players)  # any integer-like but a bool: numpy's integers too
        if count is None or count not in self.player_counts:
            raise PlayaRulesError(self.not_for(players))
        if seed is not None and not isinstance(seed, str):
            number = integer(seed)
            if number is None:
                raise PlayaRulesError(f"a seed is a whole number or a text, not {type(seed).__name__}")
            problem = limits.seed_range_problem(number)
            if problem:
                raise PlayaRulesError(problem)
            seed = number
        return Game(self, count, seed, chance, _queue=_queue)

    def __repr__(self) -> str:
        with_ = "".join(f" +{v}" for v in self.variants)
        return f"<Rules {self.id}{with_} for {_counts(self.player_counts)}>"


def _counts(counts) -> str:
    """Player counts and the noun: "2 to 4 players", "2 or 4 players", "1 player"."""
    counts = list(counts)
    noun = "player" if counts == [1] else "players"
    if not counts:
        return "no players"
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]} to {counts[-1]} {noun}"
    return ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + f"{counts[-1]} {noun}"


def games() -> list[str]:
    """The ids of the bundled games."""
    return resources.bundled_games()


def resolve(name_or_path) -> Path:
    """The file of a bundled game id, or the path itself."""
    if isinstance(name_or_path, os.PathLike):
        return Path(name_or_path)
    if not isinstance(name_or_path, str):
        raise PlayaRulesError(f"expected a game id or a path, not {type(name_or_path).__name__}")
    if not name_or_path.strip():
        raise LoadError(
            Diagnostic(
                "unreadable",
                f"the game is empty ({name_or_path!r}): give a bundled game id "
                f"({', '.join(games())}) or the path of a rule file",
                file=name_or_path,
            )
        )
    bundled = resources.games_dir() / f"{name_or_path}.yaml"
    if "/" not in name_or_path and "\\" not in name_or_path and not name_or_path.endswith((".yaml", ".yml")):
        if variants_.is_file(bundled):
            return bundled
        if variants_.is_file(Path(name_or_path)):
            return Path(name_or_path)
        raise LoadError(
            Diagnostic(
                "unreadable",
                f"no bundled game '{name_or_path}' (bundled: "
                f"{', '.join(games())}); to load a file, give its path",
                file=name_or_path,
            )
        )
    return Path(name_or_path)


def _mended_variant(doc: Document):
    """A variant file with schema errors mended to merge it anyway (checks/partial.py), or why
    it cannot be (a text naming the errors that stop it)."""
    return partial.mend(doc, variant=True)


def _reduce_action(action: Action):
    """An action pickles as its rule set's source and its kind and values (registered with
    ``copyreg`` here, where loading lives: the engine does not import the loader)."""
    source = getattr(action.defn.model, "source", None)
    if source is None:
        raise PlayaRulesError(
            "this action's rules were not loaded with playa_rules.load: it cannot be pickled"
        )
    return (_unpickle_action, (source, action.defn.name, action.values, action.keys))


def _unpickle_action(source, name, values, keys) -> Action:
    return Action(load(*source).program.actions[name], values, keys)


copyreg.pickle(Action, _reduce_action)


def _variant_schema(doc: Document) -> list[Diagnostic]:
    """The schema stage of a variant file, handed to the variant chain as it reads the files."""
    return doc.load_problems + schema_diagnostics(doc, variant=True)


def _checked(doc: Document) -> Document:
    """``doc`` once the JSON Schema has passed it (the result is kept on the document, which
    the source stage caches per version of the file)."""
    if doc.schema_checked is None:
        doc.schema_checked = doc.load_problems + schema_diagnostics(doc)  # a duplicate key first
    diags = doc.schema_checked
    if diags:  # and what the later stages find once the schema's errors are mended (checks/partial.py)
        raise SpecError(blamed(doc, diags + partial.further(doc, diags, compile_document)))
    return doc


def _merged(root: Path, layers) -> Document:
    """The document to compile: a game file, or a game merged with its variant layers."""
    base = _checked(variants_.read(root))
    if not layers:
        return base
    name = base.data.get("game", root.stem) if isinstance(base.data, dict) else root.stem
    pending = [d for layer in layers for d in layer.schema_errors]
    try:
        merged = variants_.bounded(merge(base, layers, name))
    except SpecError as exc:
        if not pending:
            raise
        raise SpecError(pending + exc.diagnostics) from None
    typos = merged.unknown_changes  # changes that cannot be made, misspelt names: the later checks still run
    if not pending and not typos:
        return _checked(merged)
    # a variant with schema errors was mended to merge it: its errors, then all the others
    prior = partial.Mended(merged)
    for layer in layers:
        if layer.mended is not None:
            prior.merge(layer.mended)
    diags = schema_diagnostics(merged)
    later = partial.further(merged, diags, compile_document, prior)
    echoes = {d.path for d in typos if d.code == "unknown-change"}  # an action's changes under a new name:
    diags = [d for d in diags if not any(d.path == p or d.path.startswith(p + "/") for p in echoes)]
    if not diags and not pending:  # all it is (mended silently)
        later = [d for d in later if d.code != "not-checked"]
    raise SpecError(blamed(merged, pending + typos + diags + later))


def _compile(doc: Document) -> Rules:
    try:
        program = compile_document(doc)  # raises with every error; its warnings include the checks'
    except SpecError as exc:  # a variant's mistake at the variant's line (source/blame.py)
        raise type(exc)(blamed(doc, exc.diagnostics)) from None
    warnings = blamed(doc, program.warnings)
    return Rules(program, doc, warnings)


_CACHE = Recent(CACHED_RULES)  # by the files' versions (variants.stamp)


def clear_cache(files: bool = False) -> None:
    """Forget the compiled rules, so that the next ``load`` compiles again (with ``files``,
    forget the files read too, so that it reads them again: a cold load)."""
    _CACHE.clear()
    if files:
        variants_.forget_files()


@contextlib.contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector while a rule file is compiled (as it was before
    afterwards): compiling allocates tens of thousands of objects (AST nodes, closures,
    diagnostics) that form no garbage cycles, and the collections they trigger walk every
    object the process holds (a fifth of a cold load). Whatever cycles a failed load leaves
    are collected once the collector runs again; the limits bound how much that can be."""
    was = gc.isenabled()
    gc.disable()
    try:
        with spelling.budget():  # and bound the cost of "did you mean" hints (shared/spelling.py)
            yield
    finally:
        if was:
            gc.enable()


def load(name_or_path, variants=None) -> Rules:
    """Load, validate and compile a bundled game (by id) or a rule file (by path).

    ``variants`` are applied in order on top of it: bundled variant ids of that game
    (such as special-cards) or paths to variant files. A path to a variant file may also be
    loaded directly: the game and the variants it extends come with it.
    """
    if variants is not None and (isinstance(variants, (str, bytes)) or not hasattr(variants, "__iter__")):
        raise PlayaRulesError(f"variants is a list of variant ids or paths, not {type(variants).__name__}")
    variants = list(variants or [])
    path = resolve(name_or_path)
    root, layers = variants_.compose(path, variants, _variant_schema, _mended_variant)
    key = variants_.stamp([root] + [Path(layer.key) for layer in layers])
    rules = _CACHE.get(key)
    if rules is None:
        with collector_paused():
            try:
                rules = _compile(_merged(root, layers))
            except SpecError as exc:
                raise type(exc)(_once(exc.diagnostics)) from None
        rules.program.model.source = (_source_of(name_or_path, path), [_source_of(v, None) for v in variants])
        _CACHE.put(key, rules)
    return rules


def _source_of(ref, path) -> str:
    """What to load again in another process: a bundled id as it is, a file by its absolute path."""
    if (
        isinstance(ref, str)
        and path is not None
        and path.parent == resources.games_dir()
        and ref == path.stem
    ):
        return ref
    if (
        isinstance(ref, str)
        and not isinstance(ref, os.PathLike)
        and "/" not in ref
        and "\\" not in ref
        and not ref.endswith((".yaml", ".yml"))
        and not variants_.is_file(Path(ref))
    ):
        return ref  # a bundled variant id
    return str(Path(ref).resolve())


def validate(path) -> list[Diagnostic]:
    """Every problem in a rule file (errors and warnings), headline first; empty when valid."""
    with collector_paused():
        return _problems(path)


def _problems(path) -> list[Diagnostic]:
    try:
        target = resolve(path)
        doc = _merged(*variants_.compose(target, (), _variant_schema, _mended_variant))
    except SpecError as exc:
        return _once(exc.diagnostics)
    except PlayaRulesError as exc:
        return [Diagnostic("unreadable", str(exc), file=str(path))]
    try:
        program = compile_document(doc)
    except SpecError as exc:
        return _once(blamed(doc, exc.diagnostics))
    return sort_diagnostics(blamed(doc, program.warnings))


# A value that is none of the alternatives of its ruling or assumption is of no type either
_SAYS_MORE = {"not-an-alternative": {"type-error"}}


def _once(diags) -> list[Diagnostic]:
    """``diags`` sorted (a ``too-many-problems`` first, then errors by file, line and column,
    then warnings, the ``not-checked`` one last), each mistake once: one ``type-error`` at one
    value (a variant's value read by two rules), no ``type-error`` where
    ``not-an-alternative`` says more, and one diagnostic for the same words at the same place
    (an action a variant removes, offered by two steps), with the notes of each."""
    diags = sort_diagnostics(diags)
    diags = [d for d in diags if d.code == "too-many-problems"] + [
        d for d in diags if d.code != "too-many-problems"
    ]
    spots = {(d.file, d.line, d.column): d.code for d in diags if d.code in _SAYS_MORE and d.line}
    seen, told = set(), {}
    out = []
    for d in diags:
        spot = (d.file, d.line, d.column)
        if d.line and d.code in _SAYS_MORE.get(spots.get(spot), ()):
            continue
        if d.code == "type-error" and d.line:
            if (spot, d.path) in seen:
                continue
            seen.add((spot, d.path))
        said = (spot, d.code, d.message, d.hint, d.severity)
        if said in told:  # the same words at the same place (a removed part two steps offer):
            first = told[said]  # once, with the notes of each
            out[first] = dataclasses.replace(
                out[first], notes=out[first].notes + tuple(n for n in d.notes if n not in out[first].notes)
            )
            continue
        told[said] = len(out)
        out.append(d)
    return out
