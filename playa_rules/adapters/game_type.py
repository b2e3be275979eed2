"""What the rules let an OpenSpiel game type say of them, decided when they load.

- **Perfect information** when nothing is ever hidden from any seat: every zone is
  ``public`` (a ``hidden`` or ``owner`` zone keeps faces from some seat), every action's
  ``others_see`` is ``move`` (``turn`` and ``nothing`` hide a move), and no step is
  ``simultaneous`` (its choices are sealed until all are made). Variables, zone sizes and
  the log are public in every rule set, so nothing else can hide.
- **Deterministic** when the rules hold no chance: no ``shuffle``, ``roll`` or ``pick``
  statement in any text of the rule file (every random thing the engine does is one of
  them, engine/chance.py). The test reads every text of the file, reachable or not, so a
  rule set it calls deterministic has no chance node; one with a chance statement that
  never runs is called stochastic, which OpenSpiel allows (no chance node then occurs).
"""

from __future__ import annotations

import re

from ..compiler.dsl import ast as A
from ..compiler.dsl.parse import parse_block
from ..errors import SpecError

_CHANCE_WORDS = re.compile(r"\b(shuffle|roll|pick)\b")
_CHANCE_NODES = (A.Shuffle, A.Roll, A.Pick)


def perfect_information(program) -> bool:
    """Whether no seat is ever kept from anything (see the module doc)."""
    if any(z.visibility != "public" for z in program.model.zones.values()):
        return False
    if any(a.others_see != "move" for a in program.actions.values()):
        return False
    return not any(st.simultaneous is not None for ph in program.phases for st in ph.steps)


def deterministic(spec) -> bool:
    """Whether no text of the rule file (``spec``, variants merged) holds a chance statement."""
    return not any(_chance_in(text) for text in _texts(spec))


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def _chance_in(text: str) -> bool:
    if not _CHANCE_WORDS.search(text):
        return False
    try:
        block = parse_block(text)
    except SpecError:  # not a block of effects (a label, a rule's prose, an expression)
        return False
    return any(isinstance(n, _CHANCE_NODES) for n in A.walk(block))
