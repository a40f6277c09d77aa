"""Which parts of the Cyclades view a person clicks to make each move (``GameSpec.targets``).

A move is clicked where it happens: a bid on the god's tile and then its amount in the picker;
a fleet move on the fleets' zone and then the zone they sail to; a recruit, a building, a
creature's target on the island or zone; a creature on the creature track; a theft on the
robbed player's row. Moves that happen nowhere on the board ("end turn", "fight on") are
buttons of the view's command row (``cmd:<kind>``). When several moves share the clicks so
far, the picker offers them by name.

>>> import mythlab
>>> state = mythlab.make("cyclades", players=3, seed=1).initial_state()
>>> paths = targets(state)
>>> paths["go to Apollo"]
('god:apollo',)
>>> label = next(m for m in paths if m.startswith("offer"))
>>> paths[label][1].text                       # the bid's amount, chosen in the picker
'1 GP'
"""

from __future__ import annotations

from mythlab.display import Pick, Step
from mythlab.engine import Action

from .creatures import STOLEN
from .offerings import APOLLO
from .rules import CycladesState

__all__ = ["targets", "board_tokens", "command_buttons"]

#: moves made against a player: clicked on that player's row of the players' table
PLAYER_KINDS = frozenset({"griffon", *STOLEN})
#: moves on a creature of the track: clicked on its card
TRACK_KINDS = frozenset({"call", "swap"})


def player_token(seat: int) -> str:
    """The click token of a player's row in the players' table."""
    return f"player:{seat}"


def god_token(god: str) -> str:
    """The click token of a god's tile on the offering track."""
    return f"god:{god}"


def track_token(slot: int) -> str:
    """The click token of the creature card in a slot of the creature track."""
    return f"creature:{slot}"


def command_token(kind: str) -> str:
    """The click token of the command-row button for moves of ``kind``."""
    return f"cmd:{kind}"


def board_tokens(state: CycladesState, action: Action) -> tuple[str, ...]:
    """The parts of the view clicked, in order, to make ``action`` (before any picker)."""
    kind, args = action.kind, action.args
    if kind == "bid":
        return (god_token(args[0]),)
    if kind == "apollo":
        return (god_token(APOLLO),)
    if kind in TRACK_KINDS:
        return (track_token(args[0]),)
    if kind in PLAYER_KINDS:
        return (player_token(args[0]),)
    nodes = tuple(a for a in args if isinstance(a, str) and a in state.game.board)
    return nodes or (command_token(kind),)


def targets(state: CycladesState) -> dict[str, tuple[Step, ...]]:
    """Every legal move's click path: its board tokens, then a ``Pick`` when other moves
    share them (a bid's amount, how many fleets sail, which building)."""
    actions = state.legal_actions()
    tokens = {a.label: board_tokens(state, a) for a in actions}
    paths: dict[str, tuple[Step, ...]] = {}
    for a in actions:
        mine = tokens[a.label]
        shared = a.kind == "bid" or any(
            other != a.label and theirs[:len(mine)] == mine for other, theirs in tokens.items())
        paths[a.label] = (*mine, Pick(a.label, pick_text(a))) if shared else mine
    return paths


def pick_text(action: Action) -> str:
    """The picker's words for a move: a bid's amount, else the move itself."""
    return f"{action.args[1]} GP" if action.kind == "bid" else action.label


def command_buttons(state: CycladesState) -> list[tuple[str, str]]:
    """The command row: ``(token, text)`` for each move that happens nowhere on the board."""
    found: dict[str, list[str]] = {}
    for a in state.legal_actions():
        token = board_tokens(state, a)[0]
        if token.startswith("cmd:"):
            found.setdefault(token, []).append(a.label)
    return [(token, labels[0] if len(labels) == 1 else f"{token[4:].replace('-', ' ')} …")
            for token, labels in found.items()]
