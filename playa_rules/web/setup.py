"""A table's setup as a page asks for it: checked field by field, then its rules loaded.

What a page sends is untrusted: the game (a bundled id or an uploaded rule file), variants
(bundled ids or uploaded files), the player count, each seat's player (a person, or an
agent with its budget) and an optional seed. Every problem is a ``PlayaRulesError`` whose
message the page shows; a rule file's problems keep their ``file:line:column``, named by
the uploaded file's name. Uploaded files are written to a fresh folder only while they load.
"""

from __future__ import annotations

import re
import secrets
import tempfile
from pathlib import Path

from ..agents import parse_spec
from ..agents.options import check
from ..errors import PlayaRulesError, SpecError
from ..render import LANGUAGES
from ..resources import variants_dir
from ..rules import Rules, games, load
from ..shared import limits

AGENT_KINDS = ("random", "greedy", "ismcts")
MAX_PLAYOUTS = 5000  # an ismcts seat thinks at most this many playouts a decision
MAX_SECONDS = 10.0  # ... or this many seconds
MAX_VARIANTS = 8
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,80}\.ya?ml")


def bundled() -> list[dict]:
    """The bundled games with their player counts and bundled variants, for the page's menus."""
    out = []
    for gid in games():
        rules = load(gid)
        folder = variants_dir() / gid
        variants = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
        out.append(
            {
                "id": gid,
                "title": rules.title,
                "players": list(rules.player_counts),
                "variants": variants,
            }
        )
    return out


def _file(entry, what: str) -> dict:
    if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
        raise PlayaRulesError(f"{what}: an uploaded file is a name and its text")
    name = entry.get("name") or "rules.yaml"
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise PlayaRulesError(
            f"{what}: the file name {str(name)[:60]!r} is not accepted: letters, digits, '.', '_' "
            f"and '-', ending in .yaml or .yml"
        )
    if len(entry["text"].encode("utf-8", "replace")) > limits.MAX_BYTES:
        raise PlayaRulesError(
            f"{what}: {name} is larger than {limits.MAX_BYTES} bytes, the limit of a rule file"
        )
    return {"name": name, "text": entry["text"]}


def _seat(entry, i: int) -> dict:
    if not isinstance(entry, dict) or entry.get("kind") not in ("person", *AGENT_KINDS):
        raise PlayaRulesError(f"seat {i}: choose a person or an agent ({', '.join(AGENT_KINDS)})")
    kind = entry["kind"]
    if kind == "person":
        return {"kind": "person"}
    spec = kind
    if kind == "ismcts":
        try:  # the ranges of every agent option (agents/options.py), with the web's cap
            playouts = check("ismcts", "playouts", entry.get("playouts", 200), high=MAX_PLAYOUTS)
        except PlayaRulesError as exc:
            raise PlayaRulesError(f"seat {i}: {exc}") from None
        spec = f"ismcts:playouts={playouts}"
    parse_spec(spec)
    return {"kind": "agent", "agent": spec}


def _rules_part(request) -> dict:
    """The fields of a page's request that name the rules: the game or uploaded rule file and
    the variants (bundled ids and uploaded files), checked (PlayaRulesError naming the field)."""
    if not isinstance(request, dict):
        raise PlayaRulesError("a table is asked for with a JSON object")
    game, upload = request.get("game"), request.get("upload")
    if upload:
        upload = _file(upload, "the rule file")
        game = None
    elif not isinstance(game, str) or game not in games():
        raise PlayaRulesError(f"choose a bundled game ({', '.join(games())}) or upload a rule file")
    variants = request.get("variants") or []
    uploads = request.get("variant_uploads") or []
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise PlayaRulesError("variants are a list of bundled variant ids")
    if not isinstance(uploads, list) or len(variants) + len(uploads) > MAX_VARIANTS:
        raise PlayaRulesError(f"at most {MAX_VARIANTS} variants")
    uploads = [_file(u, f"variant file {k + 1}") for k, u in enumerate(uploads)]
    names = [u["name"] for u in uploads] + ([upload["name"]] if upload else [])
    if len(set(names)) != len(names):
        raise PlayaRulesError("two uploaded files have the same name: rename one")
    return {"game": game, "upload": upload, "variants": variants, "variant_uploads": uploads}


def rules_summary(request) -> dict:
    """What the setup page shows of the rules a request names, as soon as a file is chosen:
    their id, title and player counts (or the rule file's located problems, raised)."""
    rules = rules_of(_rules_part(request))
    return {"id": rules.id, "title": rules.title, "players": list(rules.player_counts)}


def checked(request) -> dict:
    """The setup a page asked for, every field checked (PlayaRulesError naming the field)."""
    part = _rules_part(request)
    players = request.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise PlayaRulesError("the player count is a whole number")
    seats = request.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise PlayaRulesError("give one player for each seat")
    seed = request.get("seed")
    if seed is None or seed == "":
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PlayaRulesError("the seed is a whole number from -2**53 to 2**53")
    problem = limits.seed_range_problem(seed, texts=False)  # the API's range: its log replays
    if problem:
        raise PlayaRulesError(problem)
    lang = request.get("lang", "en")
    if lang not in LANGUAGES:  # refused as the command line's --lang refuses it, never replaced
        raise PlayaRulesError(f"the rules are in {', '.join(LANGUAGES)}, not {str(lang)[:20]!r}")
    return {
        **part,
        "players": players,
        "seed": seed,
        "lang": lang,
        "seats": [_seat(s, i) for i, s in enumerate(seats)],
    }


def rules_of(setup: dict) -> Rules:
    """The rules a setup names, uploaded files loaded from a fresh folder under their own names;
    a rule file's problems come back as a PlayaRulesError whose text names them by those names."""
    with tempfile.TemporaryDirectory(prefix="playa-web-") as folder:
        root = Path(folder)
        for entry in ([setup["upload"]] if setup.get("upload") else []) + list(
            setup.get("variant_uploads") or []
        ):
            (root / entry["name"]).write_text(entry["text"], encoding="utf-8")
        target = root / setup["upload"]["name"] if setup.get("upload") else setup["game"]
        variants = list(setup.get("variants") or []) + [
            root / u["name"] for u in setup.get("variant_uploads") or []
        ]
        try:
            return load(target, variants=variants or None)
        except SpecError as exc:
            lines = [d.format() for d in exc.diagnostics]
            raise PlayaRulesError("\n".join(lines).replace(folder + "/", "")) from None
        except PlayaRulesError as exc:
            raise PlayaRulesError(str(exc).replace(folder + "/", "")) from None
