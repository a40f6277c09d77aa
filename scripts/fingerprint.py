"""One hash of how the four games behave, to check that a speed-up changed nothing a player or
a bot could see (a script for speed work, not a timed test).

It plays 144 games (each game at three player counts, seeds 0-11, random and greedy seats
alternating) and hashes, at every 7th state, each legal move's label, kind, arguments, rule
and note; at every state, the events of the step; and at the end, the final state's JSON and
its history. Two trees that print the same hash play every one of these games alike.

    .venv/bin/python scripts/fingerprint.py                   # this tree
    PYTHONPATH=../other-tree .venv/bin/python scripts/fingerprint.py
"""

from __future__ import annotations

import hashlib
from typing import Any

import mythlab
from mythlab.engine import State
from mythlab.sim import seat_bots

#: the player counts each game is played at
PLAYER_COUNTS = {"agea": (2, 3, 4), "cyclades": (2, 3, 5), "elder_sign": (1, 2, 4),
                 "elysium": (2, 3, 4)}
SEEDS = range(12)
#: the legal moves are hashed at every this many states (they are the costly part)
MOVES_EVERY = 7


def fingerprint() -> str:
    """The hex SHA-256 of the games' moves, events and final states (see the module
    docstring)."""
    digest = hashlib.sha256()
    for name, counts in PLAYER_COUNTS.items():
        for players in counts:
            for seed in SEEDS:
                _play_into(digest, name, players, seed)
    return digest.hexdigest()


def _play_into(digest: Any, name: str, players: int, seed: int) -> None:
    """Play one game, feeding what it shows into ``digest`` (a ``hashlib`` hash)."""
    session = mythlab.Session(mythlab.make(name, players=players, seed=seed))
    bots = seat_bots(["greedy" if (seat + seed) % 2 else "random" for seat in range(players)],
                     seed, game=name)
    seen = 0

    def record(state: State) -> bool:
        nonlocal seen
        if seen % MOVES_EVERY == 0:
            for a in state.legal_actions():
                digest.update(repr((a.label, a.kind, a.args, a.rule, a.note)).encode())
        digest.update(repr(state.events).encode())
        seen += 1
        return False  # never stop early: ``play``'s stop condition is only a hook here

    final = session.play(bots, stop=record)
    digest.update(final.to_json().encode())
    digest.update(repr(final.history).encode())


if __name__ == "__main__":
    print(fingerprint())
