"""An item line's ``where``: the condition that keeps some of the combinations its ``each``
and ``pairs`` make (every domino once: ``where: left <= right``), compiled once over the
line's properties, bound by name, and the constants, and worked out for each combination
when the rules load (:func:`.items.resolve` calls it through the model builder). A
module of its own: the model, which the engine reads, never imports the DSL's compiler.
"""

from __future__ import annotations

from ..errors import RuleError
from .dsl import types as T
from .dsl.compile import Compiler, Scope
from .dsl.parse import parse_expr
from .model import Model


def item_condition(stage, text: str, pointer: str, sample: dict):
    """An item line's ``where``: a predicate over one combination's properties (a dict),
    compiled once with each property (its type told by ``sample``, a combination) as a
    bound name beside the constants (``stage``: the compile stage, compile.py); raises
    SpecError located in the text."""
    tmp = Model(game_id="", max_players=1, constants=stage.model_constants())
    origin = stage.origin(pointer)
    node = parse_expr(str(text), origin)
    scope = Scope()
    for name, value in sample.items():
        scope = scope.bind(name, name, T.of_value(value))
    cp = Compiler(tmp, {}).with_origin(origin, str(text))
    c = cp.expect(cp.expr(node, scope), "bool", node, "an item line's 'where'")

    def keep(props: dict) -> bool:
        try:
            return c.fn(None, dict(props)) is True
        except (TypeError, AttributeError, KeyError, ValueError):  # a read of the game's state
            shown = ", ".join(f"{k}: {v}" for k, v in props.items())
            raise RuleError(
                [
                    stage.diag(
                        pointer,
                        "bad-where",
                        f"'where' cannot be worked out for the item {{{shown}}}: it reads the "
                        "item's properties and the constants, before any game is played",
                    )
                ]
            ) from None

    return keep
