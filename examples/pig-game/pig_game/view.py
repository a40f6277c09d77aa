"""The Stepper's picture of a Pig position: each player's points, the turn total and the pot."""

from __future__ import annotations

from html import escape

from mythlab.engine import State


def pig_view(state: State) -> str:
    """HTML: a bar per player towards the target (the one to move in bold), then the pot."""
    d, options = state.data, state.game.options
    mover = d.tasks[-1].player if d.tasks else None
    rows = "".join(
        f"<div>{'<b>' if p == mover else ''}{escape(state.player_name(p))}: {points}"
        f"{'</b>' if p == mover else ''} <progress max='{options['target']}' value='{points}'>"
        "</progress></div>" for p, points in enumerate(d.scores))
    return (f'<div class="pig-view">{rows}<div>turn total <b>{d.turn_total}</b> · pot '
            f"<b>{d.pot}</b> · round {d.round} of {options['rounds']} · "
            f"first to {options['target']} wins</div></div>")
