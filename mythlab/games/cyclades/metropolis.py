"""Cyclades Metropolises (seed p.6) and the end-of-cycle victory check (seed p.2, p.6).

Four different buildings (port, fortress, temple, university) or four philosophers turn into a
Metropolis at once; it goes on the Metropolis spot of one of the player's islands, destroying
what stands there; with no free spot the conversion is lost (FAQ). A Metropolis is a "super
building" with every building's power, and the goal is to hold two (three with 2 players) at
the end of a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mythlab.engine import Action

from .data import BUILDINGS
from .refs import (
    END_OF_CYCLE,
    METRO_ECONOMIC,
    METRO_INTELLECTUAL,
    METROPOLIS,
    VICTORY,
    act,
    ruling,
)
from .state import Task

if TYPE_CHECKING:
    from .rules import CycladesState


def spots(s: CycladesState, player: int) -> list[str]:
    """The player's islands whose Metropolis spot is free of a Metropolis."""
    return [i for i in s.islands_of(player) if "metropolis" not in s.slots_of(i)]


def check_conversions(s: CycladesState) -> bool:
    """Carry out (or ask where to place) a Metropolis that is due; True if one was."""
    d = s.data
    need = s.game.n["philosophers_for_metropolis"]
    if not d.buildings and max(d.philosophers) < need:
        return False
    kinds: dict[int, set[str]] = {}
    for i, slots in d.buildings.items():
        kinds.setdefault(d.owners[i], set()).update(slots)
    for q in s.alive():
        if d.philosophers[q] >= need:
            how = "intellectual"
        elif kinds.get(q, set()).issuperset(BUILDINGS):
            how = "economic"
        else:
            continue
        places = spots(s, q)
        if len(places) == 1 or not places:
            place(s, q, places[0] if places else "", how)
        else:
            s.push("metropolis", player=q, target=how)
        return True
    return False


def offer_placement(s: CycladesState, t: Task) -> list[Action]:
    rule = METRO_ECONOMIC if t.target == "economic" else METRO_INTELLECTUAL
    return [act(f"place the Metropolis on {i}", "place", rule, i) for i in spots(s, t.player)]


def do_placement(s: CycladesState, t: Task, a: Action) -> None:
    s.pop()
    place(s, t.player, a.args[0], t.target)


def _discard_set(s: CycladesState, player: int, island: str) -> None:
    """One building of each type goes (ruling metropolis-discards): the one on the chosen
    spot first, then one elsewhere on that island, then the first in map order."""
    spot = [k - 1 for k in s.game.slots[island].metropolis] if island else []
    for kind in BUILDINGS:
        here = s.slots_of(island) if island else []
        where = [(island, k) for k in spot if here[k] == kind]
        where += [(island, k) for k, b in enumerate(here) if b == kind]
        built = s.built(player)
        where += [(i, k) for i in s.game.islands if i in built
                  for k, b in enumerate(built[i]) if b == kind]
        s.set_slot(*where[0], "")


def place(s: CycladesState, player: int, island: str, how: str) -> None:
    """Convert the set into a Metropolis on ``island`` ("" = no free spot: it is lost)."""
    d = s.data
    who = s.player_name(player)
    rule = METRO_ECONOMIC if how == "economic" else METRO_INTELLECTUAL
    if how == "economic":
        _discard_set(s, player, island)
        what = "four different buildings"
    else:
        d.philosophers[player] -= s.game.n["philosophers_for_metropolis"]
        what = "four philosophers"
    if not island:
        s.log(f"{who} discards {what}, but no island of his has a free Metropolis spot: the "
              "Metropolis is lost.", METROPOLIS)
        return
    slots = s.slots_of(island)
    spot = [k - 1 for k in s.game.slots[island].metropolis]
    destroyed = [slots[k] for k in spot if slots[k]]
    for k in spot:
        s.set_slot(island, k, "metropolis")
    s.log(f"{who} turns {what} into a Metropolis on {island}"
          + (f", destroying the {', '.join(destroyed)} on its spot" if destroyed else "")
          + f" ({s.metropolises(player)} in all).", rule)
    if destroyed:
        s.log("Buildings on the Metropolis spot make room for it.", METROPOLIS)


def ranking(s: CycladesState, players: list[int]) -> list[int]:
    """The winners among ``players``: most Metropolises, then most gold (FAQ 1.8); a remaining
    tie is shared (ruling shared-victory)."""
    if not players:
        return []
    key = {q: (s.metropolises(q), s.data.gold[q]) for q in players}
    best = max(key.values())
    return [q for q in players if key[q] == best]


def end_of_cycle(s: CycladesState) -> None:
    """Two Metropolises (three with 2 players) at the end of a cycle win (seed p.6); the last
    player left wins (ruling elimination); the cycle limit ends the game (ruling cycle-limit)."""
    d = s.data
    alive = s.alive()
    qualified = [q for q in alive if s.metropolises(q) >= s.game.goal]
    limit = s.game.options["cycle_limit"]
    if qualified:
        reason, rule = f"{s.game.goal} Metropolises at the end of cycle {d.cycle}", VICTORY
        d.winners = ranking(s, qualified)
    elif len(alive) == 1:
        reason, rule = "the only player left", ruling("elimination")
        d.winners = alive
    elif limit is not None and d.cycle >= limit:
        reason, rule = f"the cycle limit ({limit}) is reached", ruling("cycle-limit")
        d.winners = ranking(s, alive)
    else:
        s.log(f"Cycle {d.cycle} ends; nobody has {s.game.goal} Metropolises.", END_OF_CYCLE)
        return
    d.over = True
    d.end_reason = reason
    d.tasks.clear()
    names = ", ".join(s.player_name(q) for q in d.winners)
    s.log(f"The game ends: {reason}. Winner: {names}.",
          rule if len(d.winners) == 1 else ruling("shared-victory"))


def score_table(s: CycladesState) -> dict[str, Any]:
    """Metropolises by player, gold, islands, and the winners (leaders so far mid-game)."""
    n = s.game.players
    metro = [s.metropolises(q) for q in range(n)]
    gold = [s.data.gold[q] for q in range(n)]
    winners = list(s.data.winners) if s.data.over else ranking(s, s.alive())
    return {
        "scores": {s.player_name(q): metro[q] for q in range(n)},
        "metropolises": metro,
        "gold": gold,
        "winners": winners,
        "breakdown": {s.player_name(q): {"metropolises": metro[q], "gold": gold[q],
                                         "islands": len(s.islands_of(q))} for q in range(n)},
        "final": s.data.over,
        "reason": s.data.end_reason,
    }
