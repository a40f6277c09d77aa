"""What Elder Sign keeps secret, from every investigator alike: the order of the shuffled face-down
decks and which monsters lie in the opaque cup (Elder Sign rulebook, Greek edition, p.5).
Elder Sign is cooperative and has no hands: items, spells, allies and trophies lie open, so
every seat sees the same, the public view.

An observation shows each deck and the cup as a count. A resample shuffles each deck and the
cup again. Cards spent or lost go face down to the bottom of their deck (p.9, p.11): players
saw them go there, but mythlab stores no mark of where the unseen part of a deck ends, so a
resample shuffles them in with the rest (they are seen again only when drawn).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import ElderSignState

#: each secret with the rule that hides it (``Game.hidden``)
HIDDEN = {
    "adventure deck": "Elder Sign rulebook, Greek edition, p.5: the Adventure cards are "
                      "shuffled and stacked beside the six open ones",
    "other world deck": "Elder Sign rulebook, Greek edition, p.5: the Other World cards are "
                        "shuffled and stacked beside the open Adventures",
    "item, spell and ally decks": "Elder Sign rulebook, Greek edition, p.5: Common Items, "
                                  "Unique Items, Spells and Allies are shuffled into separate "
                                  "stacks; p.9: a spent card goes face down to the bottom",
    "mythos deck": "Elder Sign rulebook, Greek edition, p.5: the first player shuffles the "
                   "Mythos cards and opens the top one",
    "monster cup": "Elder Sign rulebook, Greek edition, p.5: the monster markers go in an "
                   "opaque container and are drawn from it at random",
}

DECKS = ("adventure_deck", "other_world_deck", "mythos_deck", "cup")
"""The position's face-down piles besides the item, spell and ally decks (``decks``)."""


def observe(s: ElderSignState, dumped: dict[str, Any]) -> dict[str, Any]:
    """``dumped`` (the position as JSON data) as every investigator sees it: each face-down
    pile as its number of cards."""
    shown = dict(dumped)
    for pile in DECKS:
        shown[pile] = len(getattr(s.data, pile))
    shown["decks"] = {kind: len(deck) for kind, deck in s.data.decks.items()}
    return shown


def resample(s: ElderSignState, rng: random.Random) -> None:
    """Shuffle every face-down pile again, in place (the cards stay in their piles); each pile
    is sorted first, so the redraw follows only what the seats see and ``rng``."""
    d = s.data
    for pile in (*(getattr(d, name) for name in DECKS), *d.decks.values()):
        pile.sort()
        rng.shuffle(pile)
