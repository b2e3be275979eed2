"""Where the bundled rule files, the JSON Schema and the grammar are found.

In a checkout they are the top-level ``spec/`` and ``grammar/`` folders; in an
installed wheel they ship inside the package as ``playa_rules/_data/``.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    inside = _PKG / "_data" / name
    if inside.is_dir():
        return inside
    return _PKG.parent / name


def spec_dir() -> Path:
    """The folder of bundled rule files and the schema."""
    return _data_dir("spec")


def games_dir() -> Path:
    """The folder of bundled games (``<id>.yaml``)."""
    return spec_dir() / "games"


def variants_dir() -> Path:
    """The folder of bundled variants (``<game id>/<variant id>.yaml``)."""
    return spec_dir() / "variants"


def schema_path() -> Path:
    """The JSON Schema for rule files."""
    return spec_dir() / "schema" / "playa-rules.schema.json"


def variant_schema_path() -> Path:
    """The JSON Schema for variant (overlay) files."""
    return spec_dir() / "schema" / "playa-rules-variant.schema.json"


def grammar_path() -> Path:
    """The lark grammar of the effect DSL."""
    return _data_dir("grammar") / "effects.lark"


def bundled_games() -> list[str]:
    """The ids of the bundled games."""
    return sorted(p.stem for p in games_dir().glob("*.yaml"))
