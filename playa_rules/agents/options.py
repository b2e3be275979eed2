"""Every option of the bundled agents, its kind and its range, checked in one place.

    >>> check("ismcts", "playouts", "50")
    50
    >>> check("ismcts", "playouts", 0)
    Traceback (most recent call last):
    ...
    playa_rules.errors.PlayaRulesError: ismcts playouts is a whole number of 1 or more, not 0

The same check serves an agent spec's text (``"ismcts:playouts=0"``, from the command line
or ``make_agent``), a Python value given to an agent's constructor
(``ISMCTSAgent(rng, playouts=0)``) and the web's setup, which also caps a count
(``high``: "ismcts playouts is a whole number from 1 to 5000"). A range is refused, never
clamped: a budget of 0 playouts is a mistake to say, not a search of 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import PlayaRulesError

_FLAGS = {
    "1": True,
    "true": True,
    "yes": True,
    "on": True,
    "0": False,
    "false": False,
    "no": False,
    "off": False,
}


@dataclass(frozen=True)
class Option:
    """One option: ``kind`` is "whole", "number", "flag" or "choice"; numbers from ``low``
    (``low`` itself excluded when ``above``)."""

    kind: str
    low: float | None = None
    above: bool = False
    choices: tuple[str, ...] = ()

    def describe(self, high=None) -> str:
        """What a value must be, in words."""
        if self.kind == "flag":
            return "1 or 0 (true or false, yes or no, on or off)"
        if self.kind == "choice":
            return " or ".join(repr(c) for c in self.choices)
        noun = "a whole number" if self.kind == "whole" else "a number"
        if high is not None:
            return f"{noun} from {self.low:g} to {high:g}"
        return f"{noun} {'above' if self.above else 'of'} {self.low:g}{'' if self.above else ' or more'}"


OPTIONS: dict[str, dict[str, Option]] = {
    "random": {},
    "greedy": {"samples": Option("whole", 1), "width": Option("whole", 1)},
    "ismcts": {
        "playouts": Option("whole", 1),
        "seconds": Option("number", 0, above=True),
        "c": Option("number", 0),
        "horizon": Option("choice", choices=("hand", "match")),
        "reuse": Option("flag"),
    },
}


def _convert(option: Option, value):
    """The value as the option's kind, or None when it is not one (text as a spec writes it)."""
    if option.kind == "flag":
        if isinstance(value, bool) or value in (0, 1):
            return bool(value)
        return _FLAGS.get(value.strip().lower()) if isinstance(value, str) else None
    if option.kind == "choice":
        return value if value in option.choices else None
    if isinstance(value, str):
        try:
            value = int(value) if option.kind == "whole" else float(value)
        except ValueError:
            return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if option.kind == "whole":
        return value if isinstance(value, int) else None
    return float(value) if math.isfinite(value) else None


def check(agent: str, key: str, value, high=None):
    """``value`` (a spec's text or a Python value) as option ``key`` of ``agent``, in its range
    (at most ``high`` when given), or PlayaRulesError saying what it must be."""
    option = OPTIONS[agent][key]
    converted = _convert(option, value)
    low_ok = (
        converted is None
        or option.low is None
        or converted > option.low
        or (converted == option.low and not option.above)
    )
    if converted is None or not low_ok or (high is not None and converted > high):
        raise PlayaRulesError(f"{agent} {key} is {option.describe(high)}, not {value!r}")
    return converted
