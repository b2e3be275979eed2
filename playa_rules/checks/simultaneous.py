"""Semantic checks of simultaneous steps: what a step whose seats choose at once cannot also be.

A simultaneous step asks each seat of its list for one sealed choice (engine.sealed), so it
needs actions to offer, and it neither repeats nor offers free actions (both mean deciding
again after seeing one's own action applied, which sealed choices do not allow). Code:
``simultaneous-step`` (an error).
"""

from __future__ import annotations

from .base import Context, check, list_of

_HINT = (
    "a simultaneous step asks each seat for one sealed choice: give the extra decisions a step of their own"
)


@check("simultaneous-step")
def simultaneous_steps(ctx: Context):
    """A simultaneous step with no actions, or that repeats, or offers free actions."""
    for i, ph in enumerate(list_of(ctx.data.get("phases"))):
        if not isinstance(ph, dict):
            continue
        for j, st in enumerate(list_of(ph.get("steps"))):
            if not isinstance(st, dict) or st.get("simultaneous") is None:
                continue
            ptr, sid = f"/phases/{i}/steps/{j}", st.get("id")
            if not st.get("actions"):
                yield ctx.at(
                    f"{ptr}/simultaneous",
                    "simultaneous-step",
                    f"step '{sid}' asks seats to choose at once but offers no actions",
                    hint="list the actions they choose from under 'actions'",
                    key=True,
                )
            if st.get("repeat") is True:
                yield ctx.at(
                    f"{ptr}/repeat",
                    "simultaneous-step",
                    f"step '{sid}' is simultaneous and cannot repeat",
                    hint=_HINT,
                    key=True,
                )
            if st.get("free"):
                yield ctx.at(
                    f"{ptr}/free",
                    "simultaneous-step",
                    f"step '{sid}' is simultaneous and cannot offer free actions",
                    hint=_HINT,
                    key=True,
                )
