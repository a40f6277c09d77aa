"""Cyclades actions: a god's turn (recruit, build, special actions, creatures), Apollo, and the
fleet moves they lead to (Cyclades rulebook, Greek edition, p.3-p.6; "rulebook p.N" below cites
the same book)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import compress, repeat
from operator import eq
from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from . import creatures, offerings
from .board import fleet_chain
from .load import BUILDINGS
from .pieces import (
    SHARED_MOVES,
    keep_shared,
    land_troops,
    may_attack,
    move_fleets,
    plural,
    sail_actions,
    spot_of,
    supply_left,
    troop_destinations,
)
from .refs import (
    ACTIONS,
    APOLLO,
    BUILD,
    CALL_CREATURE,
    LAST_ISLAND,
    MOVE_FLEETS,
    MOVE_TROOPS,
    RECRUIT,
    RULES,
    SUPPLY,
    SWAP,
    TEMPLE,
    UNIT_LIMIT,
    VICTORY,
)
from .state import Task

if TYPE_CHECKING:
    from .rules import CycladesState


def cost_text(cost: int) -> str:
    """A recruit's price as a move's label shows it: "free" for the god's free unit, else "N GP"."""
    return "free" if cost == 0 else f"{cost} GP"


# ---------------------------------------------------------------------- starting a turn
def start_turn(s: CycladesState, token: int) -> None:
    """The token's god acts (rulebook p.3); Apollo's players act last with Apollo's gifts only."""
    d = s.data
    player = d.tokens[token]
    if d.out[player]:
        return
    creatures.expire_figures(s, player)
    d.turn_recruits = 0
    god = d.bid_god[token]
    if god == offerings.APOLLO:
        apollo_turn(s, token)
        return
    s.log(f"{s.player_name(player)} acts for {s.game.gods[god].name}.", ACTIONS)
    s.push("turn", player=player, token=token, god=god)


def apollo_turn(s: CycladesState, token: int) -> None:
    """+1 GP, or +4 GP with only one island, for every Apollo token; the first one also places
    a prosperity marker on one of his islands (rulebook p.6; ruling apollo-marker)."""
    d = s.data
    n = s.game.n
    player = d.tokens[token]
    own = s.islands_of(player)
    gain = n["apollo_income_one_island"] if len(own) == 1 else n["apollo_income"]
    d.gold[player] += gain
    s.log(f"{s.player_name(player)} receives {gain} GP from Apollo.", APOLLO)
    if token == d.apollo[0] and own and sum(d.markers.values()) < n["prosperity_markers"]:
        s.push("apollo-marker", player=player, token=token)
    else:
        s.finish_turn(token)


@RULES.offers("apollo-marker")
def offer_apollo_marker(s: CycladesState, t: Task) -> list[Action]:
    """The first player on Apollo puts the prosperity marker on an island of his (rulebook p.6)."""
    return [marker_move(i) for i in s.islands_of(t.player)]


def marker_move(island: str) -> Action:
    """Apollo's prosperity marker goes on ``island`` (rulebook p.6), a move built once."""
    key = ("marker", island)
    move = SHARED_MOVES.get(key)
    if move is None:
        move = keep_shared(key, act(f"place the prosperity marker on {island}", "marker",
                                    APOLLO, island))
    return move


@RULES.does("marker")
def do_apollo_marker(s: CycladesState, t: Task, a: Action) -> None:
    """The island yields 1 GP more each cycle from now on; the Apollo turn ends (rulebook p.6)."""
    s.pop()
    island = a.args[0]
    markers = s.to_change("markers")
    markers[island] = markers.get(island, 0) + 1
    s.log(f"{s.player_name(t.player)} places a prosperity marker on {island}: it yields 1 GP "
          "more each cycle.", APOLLO)
    s.finish_turn(t.token)


# ---------------------------------------------------------------------- rule queries
def recruit_zones(s: CycladesState, player: int) -> list[str]:
    """Sea zones next to the player's islands, empty or his own, not closed (rulebook p.4)."""
    zones = s.game.routes.coast_of(s.islands_held(player))
    free = s.data.fleets.get
    zones = compress(zones, map(eq, map(free, zones, repeat(player)), repeat(player)))  # in C
    blocked = s.blocked()
    return [z for z in zones if z not in blocked] if blocked else list(zones)


def build_slots(s: CycladesState, island: str) -> list[int]:
    """Where a new building may go on ``island``: the player picks a free white square (rulebook
    p.4 "buildings go on the white squares of each island"). No building's power depends on
    its square; what the choice changes is only whether the Metropolis spot stays free. So
    one choice per side of the spot: its first free slot off the spot, then on it (ruling
    build-square)."""
    slots = s.slots_of(island)
    spot = spot_of(s, island)
    free = [k for k, b in enumerate(slots) if not b]
    off = [k for k in free if k not in spot]
    on = [k for k in free if k in spot]
    return off[:1] + on[:1]


def build_label(s: CycladesState, kind: str, island: str, slot: int, choices: int) -> str:
    """"build a port on IS12"; with a choice of sides, the one on the spot says so (worded so
    that the plain label is not a prefix of it)."""
    if choices > 1 and slot in spot_of(s, island):
        return f"build a {kind} on the Metropolis spot of {island}"
    return f"build a {kind} on {island}"


def unused_temples(s: CycladesState, player: int) -> int:
    """The player's temples whose discount is not used yet this cycle (rulebook p.4)."""
    return max(0, s.temples(player) - s.data.temples_used[player])


def creature_cost(s: CycladesState, player: int, slot: int) -> tuple[int, int]:
    """Price of the creature in ``slot`` after unused temples, at least 1 GP (rulebook p.4), and
    how many temple discounts it uses."""
    return creature_costs(s, unused_temples(s, player))[slot]


def creature_costs(s: CycladesState, unused: int) -> tuple[tuple[int, int], ...]:
    """``creature_cost`` of each slot of the track for a player with ``unused`` temples, kept
    per game and count."""
    costs = s.game.creature_costs.get(unused)
    if costs is None:
        n = s.game.n
        discount = n["temple_discount"]
        table = []
        for price in n["creature_track_prices"]:
            cost = max(n["creature_min_cost"], price - discount * unused)
            table.append((cost, (price - cost) // discount if discount else 0))
        costs = s.game.creature_costs[unused] = tuple(table)
    return costs


# ---------------------------------------------------------------------- a god's turn
@RULES.offers("turn")
def offer_turn(s: CycladesState, t: Task) -> list[Action]:
    """Recruit, build, the god's special action and creatures, in any order; then end."""
    d, g = s.data, s.game
    n = g.n
    me = t.player
    god = g.gods[t.god]
    gold = d.gold[me]
    mine = s.islands_held(me)
    out: list[Action] = []
    # recruiting (rulebook p.4)
    costs = god.recruit_costs
    if d.turn_recruits < len(costs) and costs[d.turn_recruits] <= gold:
        cost = costs[d.turn_recruits]
        unit = god.recruit
        if unit == "fleet":
            if s.units(me, "fleet") < n["fleets_per_player"]:
                out += recruit_moves(s, unit, recruit_zones(s, me), cost)
        elif unit == "troop":
            if s.units(me, "troop") < n["troops_per_player"]:
                out += recruit_moves(s, unit, mine, cost)
        elif supply_left(s, unit) > 0:  # SUPPLY: priests and philosophers are cards in the box
            out.append(recruit_move(s, unit, "", cost))
    # building (rulebook p.4)
    if gold >= n["build_cost"] and supply_left(s, god.building) > 0:  # SUPPLY
        for i in mine:
            out += build_moves(s, god.building, i)
    # special actions (rulebook p.5)
    if god.special == "move-fleets" and gold >= n["fleet_move_cost"]:
        out += sail_actions(s, me, s.fleet_zones(me), "sail",
                            f" ({n['fleet_move_cost']} GP)", MOVE_FLEETS)
    elif god.special == "move-troops" and gold >= n["troop_move_cost"]:
        for i in mine:
            if d.troops.get(i, 0) and not s.frozen(i):
                for j in troop_destinations(s, me, i):
                    out += [troop_move(s, i, j, k) for k in range(1, d.troops[i] + 1)]
    elif god.special == "swap-creature" and gold >= n["creature_swap_cost"]:
        out += [swap_move(s, slot, c) for slot, c in enumerate(d.track) if c]
    # creatures (rulebook p.3)
    costs = creature_costs(s, unused_temples(s, me))
    for slot, c in enumerate(d.track):
        if c:
            cost = costs[slot][0]
            if cost <= gold:
                out.append(call_move(s, slot, c, cost))
    out.append(END_TURN)
    return out


# The moves of a turn, each built once and then shared (``pieces.SHARED_MOVES``): the key
# names what the move holds besides the game's numbers, names and cards.
END_TURN = act("end turn", "end-turn", ACTIONS,
               note="Done with this god: the offering token goes onto the turn track")


END_FLEET_MOVE = act("end the fleet move", "end-fleet-move", MOVE_FLEETS)


def recruit_move(s: CycladesState, unit: str, place: str, cost: int) -> Action:
    """Recruit a ``unit`` in or on ``place`` ("" for a card) for ``cost`` (rulebook p.4)."""
    key = ("recruit", unit, place, cost)
    move = SHARED_MOVES.get(key)
    if move is None:
        where = f" {'in' if unit == 'fleet' else 'on'} {place}" if place else ""
        move = keep_shared(key, act(f"recruit a {unit}{where} ({cost_text(cost)})", "recruit",
                                    RECRUIT[unit], place, cost))
    return move


def recruit_moves(s: CycladesState, unit: str, places: Sequence[str], cost: int
                  ) -> tuple[Action, ...]:
    """``recruit_move`` in or on each of ``places``, kept per list of places."""
    key = ("recruits", unit, tuple(places), cost)
    moves = SHARED_MOVES.get(key)
    if moves is None:
        moves = keep_shared(key, tuple(recruit_move(s, unit, p, cost) for p in places))
    return moves


def build_move(s: CycladesState, kind: str, island: str, slot: int, choices: int) -> Action:
    """Build a ``kind`` on ``slot`` of ``island``, one of ``choices`` squares (rulebook p.4)."""
    key = ("build", kind, island, slot, choices, slot in spot_of(s, island))
    move = SHARED_MOVES.get(key)
    if move is None:
        label = build_label(s, kind, island, slot, choices)
        move = keep_shared(key, act(f"{label} ({s.game.n['build_cost']} GP)", "build", BUILD,
                                    island, slot))
    return move


def build_moves(s: CycladesState, kind: str, island: str) -> tuple[Action, ...]:
    """Every way to build a ``kind`` on ``island`` (``build_slots``), kept per island, slots
    as they stand and Metropolis spot."""
    key = ("builds", kind, island, tuple(s.slots_of(island)), spot_of(s, island))
    moves = SHARED_MOVES.get(key)
    if moves is None:
        where = build_slots(s, island)
        moves = keep_shared(key, tuple(build_move(s, kind, island, k, len(where))
                                       for k in where))
    return moves


def troop_move(s: CycladesState, src: str, dst: str, k: int) -> Action:
    """Ares moves ``k`` troops from ``src`` to ``dst`` (rulebook p.5)."""
    key = ("move-troops", src, dst, k)
    move = SHARED_MOVES.get(key)
    if move is None:
        move = keep_shared(key, act(f"move {plural(k, 'troop')} from {src} to {dst} "
                                    f"({s.game.n['troop_move_cost']} GP)", "move-troops",
                                    MOVE_TROOPS, src, dst, k))
    return move


def swap_move(s: CycladesState, slot: int, card: str) -> Action:
    """Zeus swaps the creature ``card`` in ``slot`` of the track (rulebook p.5)."""
    key = ("swap", slot, card)
    move = SHARED_MOVES.get(key)
    if move is None:
        move = keep_shared(key, act(f"swap the {s.card_name(card)} "
                                    f"({s.game.n['creature_swap_cost']} GP)", "swap", SWAP, slot))
    return move


def call_move(s: CycladesState, slot: int, card: str, cost: int) -> Action:
    """Call the creature ``card`` in ``slot`` of the track for ``cost`` (rulebook p.3)."""
    key = ("call", slot, card, cost)
    move = SHARED_MOVES.get(key)
    if move is None:
        name = s.card_name(card)
        move = keep_shared(key, act(f"call the {name} ({cost} GP)", "call", CALL_CREATURE, slot,
                                    note=f"{name}: {s.game.cards[card].effect}"))
    return move


@RULES.does("end-turn")
def do_end_turn(s: CycladesState, t: Task, a: Action) -> None:
    """The god's turn is over: the offering token goes onto the turn track (p.3)."""
    s.pop()
    s.log(f"{s.player_name(t.player)} ends the turn.", ACTIONS)
    s.finish_turn(t.token)


@RULES.does("recruit")
def do_recruit(s: CycladesState, t: Task, a: Action) -> None:
    """The god's unit: a fleet, a troop, a priest or a philosopher, at its price (p.4)."""
    d = s.data
    me = t.player
    place, cost = a.args
    d.gold[me] -= cost
    d.turn_recruits += 1
    unit = s.game.gods[t.god].recruit
    if unit in ("fleet", "troop"):
        s.add_units(place, me, 1, unit == "troop")
    elif unit == "priest":
        s.to_change("priests")[me] += 1
    else:
        s.to_change("philosophers")[me] += 1
    where = f" {'in' if unit == 'fleet' else 'on'} {place}" if place else ""
    s.log(f"{s.player_name(me)} recruits a {unit}{where} ({cost_text(cost)}).", RECRUIT[unit])


@RULES.does("build")
def do_build(s: CycladesState, t: Task, a: Action) -> None:
    """The god's building on one of the player's islands (p.4)."""
    island, slot = a.args
    s.data.gold[t.player] -= s.game.n["build_cost"]
    kind = s.game.gods[t.god].building
    s.set_slot(island, slot, kind)
    where = " on its Metropolis spot" if slot in spot_of(s, island) else ""
    s.log(f"{s.player_name(t.player)} builds a {kind} on {island}{where} (slot {slot + 1}).",
          BUILD)


@RULES.does("sail")
def do_sail(s: CycladesState, t: Task, a: Action) -> None:
    """Poseidon's fleet move, one zone now; it may go on (a ``sail`` task) unless it fought."""
    n = s.game.n
    src, dst, k = a.args
    s.data.gold[t.player] -= n["fleet_move_cost"]
    if not move_fleets(s, t.player, src, dst, k, MOVE_FLEETS) and n["fleet_move_zones"] > 1:
        s.push("sail", player=t.player, token=t.token, space=dst,
               steps=n["fleet_move_zones"] - 1)


@RULES.does("move-troops")
def do_move_troops(s: CycladesState, t: Task, a: Action) -> None:
    """Ares moves troops along a chain of the player's fleets (p.5)."""
    src, dst, k = a.args
    s.data.gold[t.player] -= s.game.n["troop_move_cost"]
    land_troops(s, t.player, src, dst, k, MOVE_TROOPS)


@RULES.does("swap")
def do_swap(s: CycladesState, t: Task, a: Action) -> None:
    """Zeus discards a creature of the track; the deck's top card takes its place (p.5)."""
    d = s.data
    slot = a.args[0]
    d.gold[t.player] -= s.game.n["creature_swap_cost"]
    old = d.track[slot]
    s.to_change("discard").append(old)
    s.to_change("track")[slot] = s.draw_creature()
    new = s.card_name(d.track[slot]) if d.track[slot] else "nothing (no cards left)"
    s.log(f"{s.player_name(t.player)} discards the {s.card_name(old)}; {new} takes its place.",
          SWAP)


@RULES.does("call")
def do_call(s: CycladesState, t: Task, a: Action) -> None:
    """Call the creature in a slot of the track, less unused temples; its power acts at once
    (p.3, p.4)."""
    d = s.data
    me = t.player
    slot = a.args[0]
    cost, temples = creature_cost(s, me, slot)
    d.gold[me] -= cost
    s.to_change("temples_used")[me] += temples
    card = d.track[slot]
    s.to_change("track")[slot] = ""
    s.to_change("limbo").append(card)
    s.log(f"{s.player_name(me)} calls the {s.card_name(card)} for {cost} GP"
          + (f" ({temples} temple discount(s))" if temples else "") + ".",
          TEMPLE if temples else CALL_CREATURE)
    creatures.call(s, me, card, card)


@RULES.offers("sail")
def offer_sail(s: CycladesState, t: Task) -> list[Action]:
    """The same move goes on (up to 3 zones): some or all fleets here sail on, fleets met on
    the way may join, fleets may stay behind (p.5, example)."""
    out = []
    if s.data.fleets.get(t.space) == t.player:
        out = sail_actions(s, t.player, [t.space], "sail-on", "", MOVE_FLEETS)
    out.append(END_FLEET_MOVE)
    return out


@RULES.does("sail-on")
def do_sail_on(s: CycladesState, t: Task, a: Action) -> None:
    """One more zone of the same fleet move; a battle ends it."""
    s.pop()
    src, dst, k = a.args
    if not move_fleets(s, t.player, src, dst, k, MOVE_FLEETS) and t.steps > 1:
        s.push("sail", player=t.player, token=t.token, space=dst, steps=t.steps - 1)


@RULES.does("end-fleet-move")
def do_end_fleet_move(s: CycladesState, t: Task, a: Action) -> None:
    """The fleets stop where they are."""
    s.pop()


# ---------------------------------------------------------------------- why not?
_COST = re.compile(r"\s*\([^)]*\)$")


def diagnose(s: CycladesState, label: str) -> tuple[str, str] | None:
    """Why a move is not legal, for the moves players most often try (``why_illegal``)."""
    d = s.data
    text = _COST.sub("", label.strip())
    low = text.casefold()
    if d.over:
        return VICTORY, "the game is over"
    if low.startswith("offer ") or low == "go to apollo":
        return offerings.bid_refusal(s, text)
    task = d.tasks[-1] if d.tasks else None
    if task is None or task.kind != "turn":
        if low.startswith(("recruit", "build", "move ", "call ", "swap ")):
            return ACTIONS, (f"that is a god's action; now it is {s.phase.name}"
                             + (" (offerings come first)" if task and task.kind == "bid" else ""))
        return None
    me = task.player
    god = s.game.gods[task.god]
    n = s.game.n
    m = re.fullmatch(r"recruit an? (\w+)(?: (?:in|on) (\w+))?", low)
    if m:
        unit, place = m.group(1), (m.group(2) or "").upper()
        if unit != god.recruit:
            return RECRUIT.get(unit, ACTIONS), f"{god.name} recruits {god.recruit}s, not {unit}s"
        if d.turn_recruits >= len(god.recruit_costs):
            return RECRUIT[unit], (f"at most {len(god.recruit_costs)} {unit}s per turn "
                                   f"({len(god.recruit_costs) - 1} beyond the free one)")
        if unit in ("fleet", "troop") and s.units(me, unit) >= n[f"{unit}s_per_player"]:
            return UNIT_LIMIT, f"{s.player_name(me)} already has {n[unit + 's_per_player']} " \
                               f"{unit}s on the board"
        if unit in ("priest", "philosopher") and supply_left(s, unit) <= 0:
            return SUPPLY, (f"all {s.game.n[unit + 's_supply']} {unit} cards are taken; none is "
                            "left in the box")
        if god.recruit_costs[d.turn_recruits] > d.gold[me]:
            return RECRUIT[unit], f"the next {unit} costs {god.recruit_costs[d.turn_recruits]} GP"
        if unit == "troop" and d.owners.get(place) != me:
            return RECRUIT[unit], f"troops are recruited on your own islands; {place} is not yours"
        if unit == "fleet":
            if place in s.blocked():
                return creatures.BLOCKED_RULE, f"no fleet may enter {place} now"
            return RECRUIT[unit], (f"fleets are recruited in a sea zone next to one of your "
                                   f"islands, empty or holding your fleets; {place} is not")
    m = re.fullmatch(r"build an? (\w+) on (the metropolis spot of )?(\w+)", low)
    if m:
        kind, on_spot, island = m.group(1), bool(m.group(2)), m.group(3).upper()
        if kind != god.building:
            return BUILD, f"{god.name} builds {god.building}s, not {kind}s"
        if kind in BUILDINGS and supply_left(s, kind) <= 0:
            return SUPPLY, (f"all {n['buildings_per_kind']} {kind} tiles are on the board; "
                            "none is left in the box")
        if island not in s.game.slots or d.owners.get(island) != me:
            return BUILD, f"buildings go on your own islands; {island} is not yours"
        where = build_slots(s, island)
        if not where:
            return BUILD, f"{island} has no free building slot"
        if on_spot and len(where) < 2:
            return BUILD, (f"there is no choice of square on {island}: say "
                           f"'build a {kind} on {island}'")
        return BUILD, f"a building costs {n['build_cost']} GP"
    m = re.fullmatch(r"move (\d+) troops? from (\w+) to (\w+)", low)
    if m:
        if god.special != "move-troops":
            return MOVE_TROOPS, "only Ares moves troops"
        k, src, dst = int(m.group(1)), m.group(2).upper(), m.group(3).upper()
        if d.owners.get(src) != me or d.troops.get(src, 0) < k:
            return MOVE_TROOPS, f"{s.player_name(me)} has fewer than {k} troops on {src}"
        if s.frozen(src):
            return creatures.rule_of("medusa"), f"Medusa petrifies the troops on {src}"
        if dst not in fleet_chain(s.game.board, src, me, d.fleets):
            return MOVE_TROOPS, f"no chain of {s.player_name(me)}'s fleets links {src} to {dst}"
        if not may_attack(s, me, dst):
            return LAST_ISLAND, (f"{dst} is {s.player_name(d.owners[dst])}'s last island; it "
                                 "may be attacked only by a player who wins by taking it")
        return MOVE_TROOPS, f"moving troops costs {n['troop_move_cost']} GP"
    m = re.fullmatch(r"call the (.+)", low)
    if m:
        names = {s.card_name(c).casefold(): c for c in s.game.cards}
        card = names.get(m.group(1))
        if card is None or card not in d.track:
            return CALL_CREATURE, "only the creatures on the track can be called: " + \
                ", ".join(s.card_name(c) for c in d.track if c)
        cost, _ = creature_cost(s, me, d.track.index(card))
        return TEMPLE, f"the {s.card_name(card)} costs {cost} GP"
    return None

