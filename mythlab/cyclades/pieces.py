"""Cyclades pieces on the board: the rules that both the gods' actions and the creatures use.

The box's supply, the Metropolis spot, the last-island rule, and moving fleets and troops (a
move into an opponent's pieces starts a battle). Cyclades rulebook, Greek edition, p.1, p.4-p.6.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from mythlab.engine import Action, act

from . import battles
from .refs import MOVE_TROOPS, TERRITORY

if TYPE_CHECKING:
    from .rules import CycladesState


#: moves (and series of moves) built once and then shared by every state of every game in this
#: process: labels and Actions are the bulk of listing moves, and an Action never changes.
#: Safe because each key names all that its move holds besides the game's numbers, names and
#: cards, which come from the package's data (read once per process) for every game. The
#: frozen tasks the rules push are kept here too (``CycladesState.push``), by kind and fields.
SHARED_MOVES: dict[tuple[Any, ...], Any] = {}
#: past this many entries the store starts afresh (it stays far smaller for the built-in map)
MAX_SHARED_MOVES = 100_000


def keep_shared(key: tuple[Any, ...], value: Any) -> Any:
    """Keep ``value`` in ``SHARED_MOVES`` for ``key`` (emptied first when it is full)."""
    if len(SHARED_MOVES) >= MAX_SHARED_MOVES:
        SHARED_MOVES.clear()
    SHARED_MOVES[key] = value
    return value


def shared_series(key: tuple[Any, ...], count: int, make: Callable[[int], Action]
                  ) -> tuple[Action, ...]:
    """``make(0)``, ``make(1)``, ... at least up to ``make(count - 1)``, kept for ``key`` and
    lengthened when more are needed (the offerings of 0, 1, 2 ... GP to a god). A longer
    series replaces the stored one whole, so games played in threads never see half of one."""
    moves = SHARED_MOVES.get(key, ())
    if len(moves) < count:
        moves = keep_shared(key, (*moves, *map(make, range(len(moves), count))))
    return moves


def plural(n: int, word: str) -> str:
    """``1 fleet``, ``2 fleets``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def spot_of(s: CycladesState, island: str) -> frozenset[int]:
    """The slots (from 0) that the island's Metropolis spot covers."""
    return s.game.spots[island]


def supply_left(s: CycladesState, kind: str) -> int:
    """Pieces of ``kind`` still in the box (p.1 contents, data/rules.yaml): buildings of one
    type or Metropolis tiles on the board, priests or philosophers held by players."""
    d = s.data
    if kind in ("priest", "philosopher"):
        held = sum(d.priests if kind == "priest" else d.philosophers)
        return s.game.n[f"{kind}s_supply"] - held
    on_board = s.building_counts()[1].get(kind, 0)
    if kind == "metropolis":
        return s.game.n["metropolis_tiles"] - on_board
    return s.game.n["buildings_per_kind"] - on_board


def would_win(s: CycladesState, player: int, island: str) -> bool:
    """Taking ``island`` would give the player his winning Metropolis at once (Cyclades
    rulebook, Greek edition, p.5)."""
    slots = s.slots_of(island)
    count = s.metropolises(player) + ("metropolis" in slots)
    kinds = {b for built in s.built(player).values() for b in built} | set(slots)
    if kinds >= {"port", "fortress", "temple", "university"}:
        count += 1
    return count >= s.game.goal


def may_attack(s: CycladesState, player: int, island: str) -> bool:
    """Last island: an opponent's only island may be entered only to win at once (Cyclades
    rulebook, Greek edition, p.5)."""
    owner = s.data.owners.get(island)
    if owner is None or owner == player or len(s.islands_of(owner)) > 1:
        return True
    return would_win(s, player, island)


def troop_destinations(s: CycladesState, player: int, island: str) -> list[str]:
    """Islands linked to ``island`` by a chain of the player's fleets that he may enter."""
    return [j for j in s.fleet_chain(island, player) if may_attack(s, player, j)]


def sail_actions(s: CycladesState, player: int, zones: list[str], kind: str, suffix: str,
                 rule: str) -> list[Action]:
    """Every one-zone step of some of the fleets in ``zones`` (Cyclades rulebook, Greek
    edition, p.5: moving fleets), as moves of ``kind``."""
    d = s.data
    blocked = s.blocked()
    out = []
    for z in zones:
        for w, moves in fleet_steps(s, z, d.fleet_count[z], kind, suffix, rule):
            if w not in blocked:
                out += moves
    return out


def fleet_steps(s: CycladesState, src: str, count: int, kind: str, suffix: str, rule: str
                ) -> tuple[tuple[str, tuple[Action, ...]], ...]:
    """Per sea zone next to ``src``, the moves of 1 .. ``count`` fleets there
    (``sail_actions``), kept by the map's routes, and shared between maps per zone, count and
    the map's neighbours of ``src``."""
    kept = s.game.routes.steps
    key = (kind, suffix, rule, src, count)
    steps = kept.get(key)
    if steps is None:
        adj = tuple(s.game.sea_adj[src])
        shared = ("sail-steps", *key, adj)
        steps = SHARED_MOVES.get(shared)
        if steps is None:
            steps = keep_shared(shared, tuple(
                (w, shared_series(("sail", kind, suffix, rule, src, w), count,
                                  partial(_sail, kind, suffix, rule, src, w))[:count])
                for w in adj))
        kept[key] = steps
    return steps


def _sail(kind: str, suffix: str, rule: str, src: str, dst: str, index: int) -> Action:
    """The move of ``index + 1`` fleets from ``src`` to ``dst`` (``sail_actions``)."""
    k = index + 1
    return act(f"sail {plural(k, 'fleet')} from {src} to {dst}{suffix}", kind, rule, src, dst, k)


def move_fleets(s: CycladesState, player: int, src: str, dst: str, k: int, rule: str) -> bool:
    """Move ``k`` fleets one zone; entering enemy fleets starts a naval battle (True)."""
    d = s.data
    s.remove_units(src, k, False)
    owner = d.fleets.get(dst)
    s.log(f"{s.player_name(player)} sails {plural(k, 'fleet')} from {src} to {dst}.", rule)
    if owner is not None and owner != player:
        battles.start(s, False, dst, player, owner, k)
        return True
    s.add_units(dst, player, k, False)
    return False


def land_troops(s: CycladesState, player: int, src: str, dst: str, k: int, rule: str) -> None:
    """Troops arrive on ``dst``: own island, capture of an island without troops (even with a
    fortress), or a battle against the troops there (Cyclades rulebook, Greek edition, p.5)."""
    d = s.data
    s.log(f"{s.player_name(player)} moves {plural(k, 'troop')} from {src} to {dst}.", rule)
    s.remove_units(src, k, True)
    if src not in d.troops:
        s.log(f"{src} has no troops left but stays {s.player_name(player)}'s "
              "(territory token).", TERRITORY)
    owner = d.owners.get(dst)
    if owner == player:
        s.add_units(dst, player, k, True)
    elif owner is not None and d.troops.get(dst, 0) > 0:
        battles.start(s, True, dst, player, owner, k)
    else:  # even with the Minotaur there (ruling minotaur-empty-island)
        if owner is not None:
            s.log(f"{dst} has no troops: it is taken without a battle, fortresses or not.",
                  MOVE_TROOPS)
        battles.conquer(s, dst, player, k)
