"""What Elysium keeps secret, from every player alike: the draw pile (its order and its cards)
and the face of every Citizen, which nobody may look at, its owner included (Elysium
rulebook, Greek edition, p.3-4). There are no hands: everything else lies face up.

A player's observation names each face-down card by where it lies (``citizen:P1.2``: the
second Citizen P1 took and still holds) and counts the draw pile and the cards out of the
game; a resample deals the unseen cards (draw pile, Citizens, face-down cards out of the game)
back at random into the same places.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from mythlab.engine.state import data_from_json

if TYPE_CHECKING:
    from .rules import ElysiumState

#: each secret with the rule that hides it (``Game.hidden``)
HIDDEN = {
    "draw pile": "Elysium rulebook, Greek edition, p.3: the remaining cards are placed face "
                 "down as the draw pile",
    "citizens": "Elysium rulebook, Greek edition, p.4: a Citizen is placed face down, is never "
                "turned over and nobody may look at its other side",
    "cards out of the game": "ruling discarded-citizen: a discarded Citizen leaves the game face "
                             "down (Elysium rulebook, Greek edition, p.4); only face-down cards "
                             "leave the game before final scoring",
}


def face_down(s: ElysiumState) -> dict[str, str]:
    """Each face-down card's instance id -> the public name of its place: ``citizen:P1.2``
    (the second Citizen P1 holds), ``out:1`` (the first card out of the game), ``draw pile``."""
    d = s.data
    names = {c: "draw pile" for c in d.draw}
    names.update((c, f"out:{i}") for i, c in enumerate(d.removed, 1))
    names.update((c, f"citizen:{s.player_name(q)}.{i}")
                 for q, seat in enumerate(d.seats) for i, c in enumerate(seat.citizens, 1))
    return names


def observe(s: ElysiumState, dumped: dict[str, Any]) -> dict[str, Any]:
    """``dumped`` (the position as JSON data) as any player sees it: every face-down card by
    its place, the draw pile and the cards out of the game as counts."""
    names = face_down(s)
    shown = _replace(dumped, lambda text: names.get(text, text))
    shown["draw"] = len(s.data.draw)
    shown["removed"] = len(s.data.removed)
    return shown


def resample(s: ElysiumState, rng: random.Random) -> None:
    """Deal the face-down cards back at random into the same places, in place (wherever the
    position names a card, the card now lying in its place is named). The cards are sorted
    before the deal, so the redraw follows only what the seats see and ``rng``."""
    unseen = list(face_down(s))
    dealt = sorted(unseen)
    rng.shuffle(dealt)
    swap = dict(zip(unseen, dealt, strict=True))
    s.data = data_from_json(type(s.data), _replace(asdict(s.data), lambda c: swap.get(c, c)))


def _replace(value: Any, fn: Callable[[str], str]) -> Any:
    """``value`` (JSON data) with every string passed through ``fn``."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, list):
        return [_replace(v, fn) for v in value]
    if isinstance(value, dict):
        return {k: _replace(v, fn) for k, v in value.items()}
    return value
