"""Finding variant files and the chain of files each one extends.

A variant is named by a bundled id (``special-cards``: ``spec/variants/<game>/<id>.yaml``)
or by a path. Its ``extends`` names a bundled game, a bundled variant, or a path
relative to the variant file; following ``extends`` up from a variant ends at a game.
:func:`compose` turns ``load(game, variants=[...])`` into the base document and the
ordered layers :func:`playa_rules.source.overlay.merge` applies.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from stat import S_ISDIR, S_ISREG

from .. import resources
from ..errors import Diagnostic, LoadError, SpecError
from ..shared import spelling
from ..shared.limits import MAX_PHASES, MAX_VARIANTS
from .document import Document
from .layered import Layer
from .load import load_file
from .recent import CACHED_FILES, Recent

_DOCS = Recent(CACHED_FILES)  # by path and version of the file


def bundled_variants(game: str | None = None) -> dict[str, list[str]]:
    """The bundled variant ids by game id (of one game, if ``game`` is given)."""
    root = resources.variants_dir()
    out: dict[str, list[str]] = {}
    if root.is_dir():
        for folder in sorted(p for p in root.iterdir() if p.is_dir()):
            if game is None or folder.name == game:
                out[folder.name] = sorted(p.stem for p in folder.glob("*.yaml"))
    return out


def forget_files() -> None:
    """Forget the files read so far (documents are cached by path and modification time)."""
    _DOCS.clear()


def is_variant(doc: Document) -> bool:
    """Whether a loaded file is a variant (it names what it ``extends``)."""
    return isinstance(doc.data, dict) and "extends" in doc.data


def read(path: Path) -> Document:
    """A rule or variant file, loaded once per version of the file."""
    try:
        stat = path.stat()
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LoadError(Diagnostic("unreadable", f"cannot read {path}: {reason}", file=str(path))) from None
    if not S_ISREG(stat.st_mode):
        what = (
            "a folder, not a rule file"
            if S_ISDIR(stat.st_mode)
            else "not a regular file (a pipe, device or socket)"
        )
        raise LoadError(Diagnostic("unreadable", f"cannot read {path}: it is {what}", file=str(path)))
    # the path as given is part of the key: diagnostics name the file as the caller spelled it
    key = (str(path), str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    doc = _DOCS.get(key)
    if doc is None:
        doc = load_file(path, recover=True)  # a duplicate key reported with the rest (rules.py)
        doc.file = display_name(path)
        bounded(doc)
        _DOCS.put(key, doc)
    return doc


def bounded(doc: Document) -> Document:
    """``doc``, once its parts are within the limits that bound the work of every later stage
    (checked before any of it is done): at most MAX_PHASES phases."""
    phases = doc.data.get("phases") if isinstance(doc.data, dict) else None
    if isinstance(phases, list) and len(phases) > MAX_PHASES:
        raise SpecError(
            doc.diagnostic(
                f"/phases/{MAX_PHASES}",
                "too-many-phases",
                f"{len(phases):,} phases: over the limit of {MAX_PHASES} in one game (this is phase "
                f"{MAX_PHASES + 1})",
            )
        )
    return doc


def display_name(path: Path) -> str:
    """How messages name a file: a bundled one as ``spec/games/x.yaml``, not its installed path."""
    try:
        return "spec/" + path.resolve().relative_to(resources.spec_dir().resolve()).as_posix()
    except ValueError:
        return str(path)


def stamp(paths) -> tuple:
    """What identifies this version of these files (for caches)."""
    out = []
    for path in paths:
        stat = path.stat()
        out.append((str(path.resolve()), stat.st_mtime_ns, stat.st_size))
    return tuple(out)


def _path_like(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml"))


def find(ref, game: str | None, relative_to: Path | None = None) -> Path:
    """The file of a variant given by bundled id (of ``game``) or by path."""
    if isinstance(ref, os.PathLike):
        return Path(ref)
    if not isinstance(ref, str) or not ref:
        raise LoadError(Diagnostic("unknown-variant", f"a variant is a bundled id or a path, not {ref!r}"))
    if _path_like(ref):
        path = Path(ref)
        return path if relative_to is None or path.is_absolute() else relative_to / path
    bundled = bundled_variants(game)
    for owner, ids in bundled.items():
        if ref in ids:
            return resources.variants_dir() / owner / f"{ref}.yaml"
    if is_file(Path(ref)):
        return Path(ref)
    known = ", ".join(i for ids in bundled.values() for i in ids) or "none"
    of = f" of {game}" if game else ""
    raise LoadError(
        Diagnostic(
            "unknown-variant",
            f"no bundled variant '{ref}'{of} (bundled: {known}); to use a file, give its path",
            file=ref,
        )
    )


def _unmendable(doc: Document, why) -> Diagnostic:
    why = why if isinstance(why, str) else "fix this variant's schema errors first"
    return Diagnostic(
        "not-checked",
        f"the DSL and semantic checks did not run: {why}",
        file=doc.file,
        severity="warning",
    )


def chain(path: Path, check: Callable, mend: Callable | None = None) -> tuple[Path, list[Layer]]:
    """The game at the root of ``path`` and the variant layers from there down to ``path``.
    Each variant file is checked with ``check`` (its schema stage, the caller's: reading files
    comes before checking them, so this stage does not import the checks).
    A variant file with schema errors is given to ``mend`` (checks/partial.py, from the
    caller), which returns an object whose ``doc`` is a copy mended to fit the schema, or why not:
    the layer merges the copy and keeps the errors (``schema_errors``) for the caller."""
    layers: list[Layer] = []
    seen: list[str] = []
    current = path
    while True:
        doc = read(current)
        if not is_variant(doc):
            break
        if doc.schema_checked is None:  # once per version of the file (documents are cached)
            doc.schema_checked = check(doc)
        diags, mended = doc.schema_checked, None
        if diags:  # mended to merge it anyway (mend: the caller's), its errors reported with all others
            mended = mend(doc) if mend is not None else None  # or why it cannot be (a text)
            if not hasattr(mended, "doc") or not isinstance(mended.doc.data.get("variant"), str):
                raise SpecError(diags + ([] if mend is None else [_unmendable(doc, mended)]))
            doc = mended.doc
        key = str(current.resolve())
        if len(seen) >= MAX_VARIANTS and key not in seen:
            raise SpecError(
                doc.diagnostic(
                    "/extends",
                    "too-many-variants",
                    f"variant '{doc.data['variant']}' makes a chain of more than {MAX_VARIANTS} variants "
                    f"extending each other: over the limit of {MAX_VARIANTS}",
                    hint="merge some of these variants into one file",
                )
            )
        if key in seen:
            raise SpecError(
                doc.diagnostic(
                    "/extends",
                    "extends-cycle",
                    f"variant '{doc.data['variant']}' extends itself: "
                    f"{' -> '.join(Path(s).name for s in seen + [key])}",
                )
            )
        seen.append(key)
        layer = Layer(doc=doc, id=doc.data["variant"], key=key, title=doc.data.get("title", ""))
        if mended is not None:
            layer.schema_errors, layer.mended = list(diags), mended
        layers.insert(0, layer)
        current = _parent(doc, current, path.resolve().parent)
    for i, layer in enumerate(layers):
        layer.ancestors = frozenset(x.key for x in layers[:i])
    return current, layers


def is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; a name the system refuses (too long, bad bytes) is not."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _parent(doc: Document, path: Path, root: Path) -> Path:
    """The file ``doc`` (read from ``path``) extends: a bundled game or variant, or a .yaml file
    by a path relative to ``path`` that stays inside ``root`` (the folder of the file loaded):
    a stranger's variant must not make the loader read, and its diagnostics quote, any file."""
    ref = doc.data["extends"]
    if not _path_like(ref):
        game = resources.games_dir() / f"{ref}.yaml"
        if is_file(game):
            return game
        for owner, ids in bundled_variants().items():
            if ref in ids:
                return resources.variants_dir() / owner / f"{ref}.yaml"
    target = path.parent / ref
    if is_file(target):
        inside = _inside(target, root) and not Path(ref).is_absolute()
        if not inside or target.suffix.lower() not in (".yaml", ".yml"):
            raise SpecError(
                doc.diagnostic(
                    "/extends",
                    "unknown-extends",
                    f"'{ref}' is not a rule file this variant may extend: a variant extends a "
                    f"bundled game or variant, or a .yaml file by a path relative to it, "
                    f"inside {root.name or root}/ (the folder of the file loaded)",
                )
            )
        return target
    known = ", ".join(resources.bundled_games())
    raise SpecError(
        doc.diagnostic(
            "/extends",
            "unknown-extends",
            f"'{ref}' is neither a bundled game ({known}), a bundled variant, nor a file next to {path.name}",
            hint=_extends_hint(ref, path, root),
        )
    )


def _extends_hint(ref, path: Path, root: Path) -> str | None:
    """What ``extends: ref`` may have meant: a file of that name with ``.yaml`` added next to the
    variant (``base/crazy-eights``), or a bundled game or variant spelled alike (``playa-pirta``)."""
    if not isinstance(ref, str):
        return None
    for suffix in (".yaml", ".yml"):  # only inside the folder a variant may read (_parent)
        target = path.parent / f"{ref}{suffix}"
        if not Path(ref).is_absolute() and _inside(target, root) and is_file(target):
            return f"a file is named with its ending: extends: {ref}{suffix}"
    bundled = resources.bundled_games() + sorted({v for ids in bundled_variants().values() for v in ids})
    return spelling.did_you_mean(ref, bundled)


def _inside(target: Path, root: Path) -> bool:
    try:
        target.resolve().relative_to(root)
    except (OSError, ValueError):
        return False
    return True


def compose(
    base_path: Path, variants, check: Callable, mend: Callable | None = None
) -> tuple[Path, list[Layer]]:
    """The game file and the ordered layers for ``base_path`` (a game or variant) plus ``variants``;
    ``mend`` mends a variant file with schema errors so its other mistakes are found too (see
    :func:`chain`)."""
    root, layers = chain(base_path, check, mend)
    game = read(root).data.get("game") if isinstance(read(root).data, dict) else None
    for ref in variants or ():
        path = find(ref, game)
        vroot, vlayers = chain(path, check, mend)
        if not vlayers:
            raise LoadError(
                Diagnostic(
                    "not-a-variant",
                    f"'{ref}' is a game, not a variant (a variant names what it 'extends')",
                    file=str(path),
                )
            )
        if vroot.resolve() != root.resolve():
            top = vlayers[-1]
            what = f"variant '{top.id}'"
            vgame = read(vroot).data.get("game") if isinstance(read(vroot).data, dict) else vroot.name
            message = f"{what} is a variant of {vgame}, not of {game}"
            raise SpecError(top.doc.diagnostic("/extends", "wrong-game", message))
        present = {x.key for x in layers}
        layers.extend(x for x in vlayers if x.key not in present)
        if len(layers) > MAX_VARIANTS:
            raise LoadError(
                Diagnostic(
                    "too-many-variants",
                    f"{len(layers)} variants applied together: over the limit of {MAX_VARIANTS}",
                    file=str(path),
                )
            )
    return root, layers
