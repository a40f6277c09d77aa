"""Set up a Cyclades position by hand: for rulebook examples, lessons and tests.

>>> from mythlab.cyclades.scenarios import scenario
>>> s = scenario(players=3, turn=(0, "ares"), gold={0: 5},
...              islands={"IS2": (0, 2), "IS5": (1, 1), "IS12": (1, 1), "IS3": (2, 1)},
...              fleets={"C5": (0, 1)})
>>> s = s.apply("move 2 troops from IS2 to IS5")   # a battle: 2 troops against 1
>>> s.phase.name, s.is_chance_node()
('Battle', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mythlab.registry import make

from .rules import CycladesState
from .state import Task


def scenario(players: int = 5, seed: int = 0, *, names: Sequence[str] | None = None,
             order: Sequence[int] | None = None, gods: Sequence[str] | None = None,
             gold: Mapping[int, int] | None = None,
             islands: Mapping[str, tuple[int, int]] | None = None,
             fleets: Mapping[str, tuple[int, int]] | None = None,
             buildings: Mapping[str, Sequence[str]] | None = None,
             priests: Mapping[int, int] | None = None,
             philosophers: Mapping[int, int] | None = None,
             track: Sequence[str] | None = None,
             turn: tuple[int, str] | None = None, **options) -> CycladesState:
    """A position in cycle 1 at the start of the Offerings, or of one god's turn.

    ``order`` is the turn track (seats, space 1 first), ``gods`` the god track (ids, space 1
    first); ``islands`` maps an island to (seat, troops) and ``fleets`` a sea zone to (seat,
    fleets), replacing the start pieces when given; ``buildings`` lists an island's slots
    ("port", "" for free, "metropolis" on the spot); ``track`` names the creatures on the
    4-, 3- and 2-GP slots ("" for empty); ``turn=(seat, god)`` starts that god's turn.
    """
    game = make("cyclades", players=players, seed=seed, names=list(names) if names else None,
                **options)
    state = game.initial_state()
    d = state.data
    if order is not None:
        free = list(range(len(d.tokens)))
        d.order = []
        for seat in order:  # with 2 players each seat appears twice: one token each time
            token = next(t for t in free if d.tokens[t] == seat)
            free.remove(token)
            d.order.append(token)
    if gods is not None:
        d.gods = list(gods) + [g for g in d.gods if g not in gods]
    for seat, value in (gold or {}).items():
        d.gold[seat] = value
    for seat, value in (priests or {}).items():
        d.priests[seat] = value
    for seat, value in (philosophers or {}).items():
        d.philosophers[seat] = value
    if islands is not None:
        d.owners = {i: seat for i, (seat, _) in islands.items()}
        d.troops = {i: n for i, (_, n) in islands.items() if n}
    if fleets is not None:
        d.fleets = {z: seat for z, (seat, _) in fleets.items()}
        d.fleet_count = {z: n for z, (_, n) in fleets.items()}
    for island, slots in (buildings or {}).items():
        d.buildings[island] = list(slots)
    if track is not None:
        by_name = {c.name.casefold(): c.id for c in game.cards.values()}
        d.deck += [c for c in d.track if c]
        d.track = []
        for name in track:
            card = by_name[name.casefold()] if name else ""
            if card:
                d.deck.remove(card)
            d.track.append(card)
    state.events = ["Scenario set up by hand."]
    if turn is not None:
        seat, god = turn
        token = d.tokens.index(seat)
        d.stage = "Actions"
        d.bid_god[token] = god
        d.tasks = [Task("turn", player=seat, token=token, god=god)]
        d.acting = []
    else:
        d.tasks, d.bidder = [], 0
        # the game runs on from the edited pieces, not from what was read off them before
        state.edited()._advance()
    return state.edited()
