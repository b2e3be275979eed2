"""The located faults of rule text at run time, shared by the compiled code and the engine.

A DSL expression that fails while a game runs raises :class:`RuleFault`, whose message
names the file, line and column of the expression (``compiler/dsl/faults.py`` makes them);
the engine wraps it in the ``GameRuntimeError`` that names the action or phase, after
:func:`relocated` has found the located fault behind a Python error raised inside
generated code. This module imports nothing: every layer may use it.
"""

from __future__ import annotations


class RuleFault(ValueError):
    """A DSL expression failed while the game ran; the message names its file, line and
    column and the values involved (the engine adds the action or phase it ran in)."""


class ValueFault(RuleFault):
    """An operator or a read given a value of the wrong kind (a text to add, none to read a
    part of): located at the operator; inside an effect, at the statement (as the
    generated backend, which writes the statement's expressions inline, can only do)."""


class NoneFault(ValueFault):
    """A ValueFault where the value is none: nothing is there."""


GENERATED = "<playa-rules generated "  # the file name of generated functions (pysource.py), then its index


_DEEPEST = 50  # generated functions inside each other worked out again, at most (each is further in)


def relocated(exc: BaseException, depth: int = 0) -> BaseException:
    """The error path of the generated backend: ``exc``, a Python TypeError raised in source
    the compiler wrote inline (``(a + b)``, ``_b3[x]``), is no located RuleFault. Each pure
    expression function it passed through (innermost first) is worked out again by the
    closures it was generated from, whose operators and reads raise located faults, and the
    first such fault is returned; ``exc`` itself when none does. Nothing is done while a game
    runs without failing (the closures backend needs none of this: its faults are located)."""
    if not isinstance(exc, (TypeError, KeyError)):
        return exc
    frames, tb = [], exc.__traceback__
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in reversed(frames):
        name = frame.f_code.co_filename
        table = frame.f_globals.get("__retry__")
        if not name.startswith(GENERATED) or table is None:
            continue
        fallback = table.get(int(name[len(GENERATED) : -1]))
        args = frame.f_locals
        if fallback is None or "g" not in args or "e" not in args:
            continue
        try:
            fallback(args["g"], args["e"])
        except RuleFault as fault:
            return fault
        except (TypeError, KeyError) as again:  # from a generated function the closures call: further in
            found = relocated(again, depth + 1) if depth < _DEEPEST else again
            if isinstance(found, RuleFault):
                return found
        except Exception:  # noqa: BLE001 - the error path: the first located fault, else exc
            continue
    return exc
