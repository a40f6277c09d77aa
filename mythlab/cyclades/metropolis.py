"""Cyclades Metropolises (Cyclades rulebook, Greek edition, p.6) and the end-of-cycle victory
check (p.2, p.6); "rulebook p.N" below cites the same book.

Four different buildings (port, fortress, temple, university) or four philosophers turn into a
Metropolis at once. Four buildings are discarded first: the player picks, kind by kind, which of
his buildings go (rulebook p.6, one decision per kind with more than one candidate). The Metropolis
then goes on an empty Metropolis spot of one of his islands (his choice); only when no spot is
empty does it go on a spot that his buildings occupy, destroying them (rulebook p.6). With no spot
at all the conversion is lost (FAQ), and so it is with no Metropolis tile left (ruling
metropolis-supply). A Metropolis is a "super building" with every building's power, and the goal
is to hold two (three with 2 players) at the end of a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mythlab.engine import Action, act

from .load import BUILDINGS
from .pieces import spot_of, supply_left
from .refs import (
    END_OF_CYCLE,
    METRO_ECONOMIC,
    METRO_INTELLECTUAL,
    METROPOLIS,
    RULES,
    VICTORY,
)
from .state import Task

if TYPE_CHECKING:
    from .rules import CycladesState

BUILDING_SET = frozenset(BUILDINGS)


def spots(s: CycladesState, player: int) -> list[str]:
    """Where the player's Metropolis may go (rulebook p.6): his islands whose Metropolis spot is
    empty; only when none is, those whose spot his buildings occupy (they are destroyed)."""
    open_spots = [i for i in s.islands_of(player) if "metropolis" not in s.slots_of(i)]
    empty = [i for i in open_spots if not any(s.slots_of(i)[k] for k in spot_of(s, i))]
    return empty or open_spots


#: the pieces a Metropolis may become due by (``SharedReads.clear`` holds them)
_PIECES = ("philosophers", "buildings", "owners", "out")


def check_conversions(s: CycladesState) -> bool:
    """Carry out (or ask about) a Metropolis that is due; True if one was. A position holding
    the very pieces of the last one found clear (``SharedReads.clear``) is not checked again."""
    d = s.data
    reads = s.game.reads
    clear = reads.clear
    if d.buildings is clear[1] and d.philosophers is clear[0] and d.owners is clear[2] \
            and d.out is clear[3]:
        return False
    found = due(s)
    if found is None:
        if s.keeps(*_PIECES):
            reads.clear = (d.philosophers, d.buildings, d.owners, d.out)
        return False
    player, how = found
    if how == "intellectual":
        choose_spot(s, player, how)
    else:
        # rulebook p.6: the four buildings are discarded at once, then the Metropolis is placed
        # (ruling metropolis-discards), so a spot they free counts as empty
        discard_from(s, player, 0)
    return True


def due(s: CycladesState) -> tuple[int, str] | None:
    """The first player, in seat order, whose Metropolis is due, and how: "intellectual" (four
    philosophers) or "economic" (four different buildings); None if nobody's is."""
    d = s.data
    need = s.game.n["philosophers_for_metropolis"]
    per_owner, board = s.building_counts()  # kept while the buildings and owners are shared
    if max(d.philosophers) < need and not BUILDING_SET <= board.keys():
        return None  # too few philosophers, and some kind is on no island: nobody is due
    for q in s.alive():
        if d.philosophers[q] >= need:
            return q, "intellectual"
        if BUILDING_SET <= per_owner.get(q, {}).keys():
            return q, "economic"
    return None


def choose_spot(s: CycladesState, player: int, how: str) -> None:
    """Place the Metropolis where it must go, or ask the player when he has a choice."""
    # ruling metropolis-supply: with every Metropolis tile on the board there is nowhere to
    # take one from; the conversion is lost as with no spot (FAQ 1.8)
    places = spots(s, player) if supply_left(s, "metropolis") > 0 else []
    if len(places) > 1:
        s.push("metropolis", player=player, target=how)
    else:
        place(s, player, places[0] if places else "", how)


@RULES.offers("metropolis")
def offer_placement(s: CycladesState, t: Task) -> list[Action]:
    """The islands the Metropolis may go on; one that destroys buildings says so
    (rulebook p.6)."""
    rule = METRO_ECONOMIC if t.target == "economic" else METRO_INTELLECTUAL
    out = []
    for i in spots(s, t.player):
        razed = spot_buildings(s, i)
        note = (f"Place the Metropolis on {i}, destroying the {', '.join(razed)} on its spot: "
                "no island of yours has an empty Metropolis spot" if razed else "")
        out.append(act(f"place the Metropolis on {i}", "place", rule, i, note=note))
    return out


@RULES.does("place")
def do_placement(s: CycladesState, t: Task, a: Action) -> None:
    """The Metropolis goes on the chosen island."""
    s.pop()
    place(s, t.player, a.args[0], t.target)


def spot_buildings(s: CycladesState, island: str) -> list[str]:
    """The buildings standing on the island's Metropolis spot, in slot order."""
    slots = s.slots_of(island)
    return [slots[k] for k in sorted(spot_of(s, island)) if slots[k]]


def discard_choices(s: CycladesState, player: int, kind: str) -> list[tuple[str, int]]:
    """The distinct buildings of ``kind`` the player may discard, as (island, slot): one per
    island and side of its Metropolis spot (two on the same side of one island's spot are
    interchangeable), in map and slot order."""
    out = []
    for i, slots in s.built(player).items():
        spot = spot_of(s, i)
        sides: set[bool] = set()
        for k, b in enumerate(slots):
            if b == kind and (k in spot) not in sides:
                sides.add(k in spot)
                out.append((i, k))
    return out


def discard_label(s: CycladesState, kind: str, island: str, slot: int,
                  choices: list[tuple[str, int]]) -> str:
    """"discard the port on IS12"; when IS12 has one on and one off its spot, the one on the
    spot says so (worded so that the plain label is not a prefix of it)."""
    both = sum(1 for i, _ in choices if i == island) > 1
    if both and slot + 1 in s.game.slots[island].metropolis:
        return f"discard the {kind} on the Metropolis spot of {island}"
    return f"discard the {kind} on {island}"


def discard_from(s: CycladesState, player: int, start: int) -> None:
    """Discard one building of each kind from ``BUILDINGS[start]`` on: where there is only one
    candidate it goes at once, otherwise the player is asked (one decision per kind); once all
    four are gone the Metropolis is placed (rulebook p.6)."""
    for n, kind in enumerate(BUILDINGS[start:], start):
        choices = discard_choices(s, player, kind)
        if len(choices) > 1:
            s.push("metropolis-discard", player=player, target=kind, steps=n)
            return
        discard(s, player, kind, *choices[0])
    choose_spot(s, player, "economic")


def discard(s: CycladesState, player: int, kind: str, island: str, slot: int) -> None:
    """One building leaves its slot towards the Metropolis (rulebook p.6)."""
    s.set_slot(island, slot, "")
    s.log(f"{s.player_name(player)} discards the {kind} on {island} (slot {slot + 1}) towards "
          "the Metropolis.", METRO_ECONOMIC)


@RULES.offers("metropolis-discard")
def offer_discard(s: CycladesState, t: Task) -> list[Action]:
    """Which building of this kind goes (ruling metropolis-discards)."""
    choices = discard_choices(s, t.player, t.target)
    return [act(discard_label(s, t.target, i, k, choices), "discard",
                RULES.ruling("metropolis-discards"), i, k) for i, k in choices]


@RULES.does("discard")
def do_discard(s: CycladesState, t: Task, a: Action) -> None:
    """The chosen building goes; the other kinds follow, then the Metropolis is placed."""
    s.pop()
    discard(s, t.player, t.target, *a.args)
    discard_from(s, t.player, t.steps + 1)


def place(s: CycladesState, player: int, island: str, how: str) -> None:
    """Place the Metropolis on ``island`` ("" = no free spot or no tile: it is lost); the four
    buildings are already discarded, four philosophers are discarded here."""
    who = s.player_name(player)
    rule = METRO_ECONOMIC if how == "economic" else METRO_INTELLECTUAL
    if how == "economic":
        what = "four different buildings"
    else:
        s.to_change("philosophers")[player] -= s.game.n["philosophers_for_metropolis"]
        what = "four philosophers"
    if not island:
        if supply_left(s, "metropolis") <= 0:
            s.log(f"{who} discards {what}, but all {s.game.n['metropolis_tiles']} Metropolis "
                  "tiles are on the board: the Metropolis is lost.",
                  RULES.ruling("metropolis-supply"))
        else:
            s.log(f"{who} discards {what}, but no island of his has a free Metropolis spot: "
                  "the Metropolis is lost.", METROPOLIS)
        return
    destroyed = spot_buildings(s, island)
    for k in spot_of(s, island):
        s.set_slot(island, k, "metropolis")
    s.log(f"{who} turns {what} into a Metropolis on {island}"
          + (f", destroying the {', '.join(destroyed)} on its spot" if destroyed else "")
          + f" ({s.metropolises(player)} in all).", rule)
    if destroyed:
        s.log("No island of his has an empty Metropolis spot, so his buildings on this one "
              "make room for it.", METROPOLIS)


def ranking(s: CycladesState, players: list[int]) -> list[int]:
    """The winners among ``players``: most Metropolises, then most gold (FAQ 1.8); a remaining
    tie is shared (ruling shared-victory)."""
    if not players:
        return []
    key = {q: (s.metropolises(q), s.data.gold[q]) for q in players}
    best = max(key.values())
    return [q for q in players if key[q] == best]


def end_of_cycle(s: CycladesState) -> None:
    """Two Metropolises (three with 2 players) at the end of a cycle win (rulebook p.6); the last
    player left wins (ruling elimination); the cycle limit ends the game (ruling cycle-limit)."""
    d = s.data
    alive = s.alive()
    goal = s.game.goal
    built = s.game.n["metropolis_tiles"] - supply_left(s, "metropolis")  # on the whole board
    qualified = [q for q in alive if s.metropolises(q) >= goal] if built >= goal else []
    limit = s.game.options["cycle_limit"]
    if qualified:
        reason, rule = f"{s.game.goal} Metropolises at the end of cycle {d.cycle}", VICTORY
        d.winners = ranking(s, qualified)
    elif len(alive) == 1:
        reason, rule = "the only player left", RULES.ruling("elimination")
        d.winners = alive
    elif limit is not None and d.cycle >= limit:
        reason, rule = f"the cycle limit ({limit}) is reached", RULES.ruling("cycle-limit")
        d.winners = ranking(s, alive)
    else:
        s.log(f"Cycle {d.cycle} ends; nobody has {s.game.goal} Metropolises.", END_OF_CYCLE)
        return
    d.over = True
    d.end_reason = reason
    d.tasks.clear()
    names = ", ".join(s.player_name(q) for q in d.winners)
    s.log(f"The game ends: {reason}. Winner: {names}.",
          rule if len(d.winners) == 1 else RULES.ruling("shared-victory"))


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
        "details": ["gold", "islands"],  # not part of the score: gold breaks ties (p.6)
        "final": s.data.over,
        "reason": s.data.end_reason,
    }
