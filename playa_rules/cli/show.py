"""The ``rules`` and ``diff`` commands: rule data rendered for people.

``rules`` prints the rules the engine runs as Markdown (in English, Italian or Spanish), so
printed house rules always match the engine; ``diff`` lists what variants change,
rule by rule. Both only read rule data: they never start a game.
"""

from __future__ import annotations

import sys

from ..errors import PlayaRulesError
from ..render import rules_markdown, untranslated_texts
from ..render.changes import changes_markdown, describe_changes
from ..rules import load
from .common import plural


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise PlayaRulesError(f"cannot write {path}: {exc.strerror or exc}") from None


def cmd_rules(args, target) -> int:
    """``playa-rules rules GAME [--variant V]... [--lang L] [--output FILE]``."""
    variants = list(args.variant or [])
    rules = load(target(args.game), variants=variants or None)
    base = load(target(args.game)).spec if variants else None
    text = rules_markdown(rules, lang=args.lang, base_spec=base)
    english = untranslated_texts(rules, args.lang, base_spec=base)
    if english:
        print(
            f"warning untranslated: {plural(len(english), 'text')} printed in English, as these rules have them "
            f"(no '{args.lang}' translation of the text a variant added or changed): {', '.join(english)}",
            file=sys.stderr,
        )
    if args.output:
        _write(args.output, text)
    else:
        print(text, end="")
    return 0


def cmd_diff(args, target) -> int:
    """``playa-rules diff BASE VARIANT [--variant V]...``: BASE against BASE with the variants."""
    variants = [args.variant, *(args.more or [])]
    base = load(target(args.base))
    changed = load(target(args.base), variants=variants)
    names = ", ".join(f"`{v}`" for v in getattr(changed, "variants", None) or variants)
    print(f"# {names} on {base.title} (`{base.id}`)")
    print()
    changes = describe_changes(base.spec, changed.spec)
    print(changes_markdown(changes) if changes else "No changes: the rules are the same.\n", end="")
    return 0
