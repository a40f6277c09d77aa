"""Elder Sign's copy on write (``state.COPIED_ON_WRITE``): a move shares the seats, the
board, the locks, the spells and the pending decisions with the position before it, and a
rule copies one before it changes it (``to_change``, ``seat_to_change``). Whatever a move
changes, no earlier position of the game changes with it."""

from __future__ import annotations

import mythlab
from mythlab.elder_sign.state import COPIED_ON_WRITE, SHARED_FIELDS, ElderSignData
from mythlab.sim import RandomBot


def test_every_field_is_copied_shared_whole_or_immutable():
    """A field added to the position later is named in one of the lists, or is an atom
    (``copy_for_move`` copies the attempt and shares the rest)."""
    atoms = {"str", "int", "bool"}
    for name, hint in ElderSignData.__annotations__.items():
        if name in COPIED_ON_WRITE or name in SHARED_FIELDS or name == "attempt":
            continue
        assert hint in atoms, name


def test_no_move_changes_an_earlier_position():
    """Random games of 1 to 4 players: at every state every legal move (a drawn outcome at
    chance) is applied; then every state of the game still has the JSON it had when made."""
    checked = 0
    for seed in range(8):
        players = 1 + seed % 4
        state = mythlab.make("elder_sign", players=players, seed=100 + seed).initial_state()
        bots = [RandomBot(seed * 10 + p) for p in range(players)]
        seen = []
        while True:
            seen.append((state, state.to_json()))
            if state.is_terminal():
                break
            chance = state.is_chance_node()
            moves = [state.sample_chance()] if chance else state.legal_actions()
            for move in moves:
                state.apply(move)
                checked += 1
            state = state.apply(moves[0] if chance else bots[state.current_player](state))
        for earlier, text in seen:
            assert earlier.edited().to_json() == text, earlier
    assert checked > 2000
