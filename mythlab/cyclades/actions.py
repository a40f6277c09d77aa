"""Cyclades actions: a god's turn (recruit, build, special actions, creatures), Apollo, and the
moves of fleets and troops they lead to (seed p.3-p.6)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mythlab.engine import Action

from . import battles, creatures, offerings
from .board import fleet_chain
from .load import BUILDINGS
from .refs import (
    ACTIONS,
    APOLLO,
    BUILD,
    CALL_CREATURE,
    LAST_ISLAND,
    MOVE_FLEETS,
    MOVE_TROOPS,
    RECRUIT,
    SUPPLY,
    SWAP,
    TEMPLE,
    TERRITORY,
    UNIT_LIMIT,
    act,
)
from .state import Task

if TYPE_CHECKING:
    from .rules import CycladesState


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cost_text(cost: int) -> str:
    return "free" if cost == 0 else f"{cost} GP"


# ---------------------------------------------------------------------- starting a turn
def start_turn(s: CycladesState, token: int) -> None:
    """The token's god acts (seed p.3); Apollo's players act last with Apollo's gifts only."""
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
    a prosperity marker on one of his islands (seed p.6; ruling apollo-marker)."""
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


def offer_apollo_marker(s: CycladesState, t: Task) -> list[Action]:
    return [act(f"place the prosperity marker on {i}", "marker", APOLLO, i)
            for i in s.islands_of(t.player)]


def do_apollo_marker(s: CycladesState, t: Task, a: Action) -> None:
    s.pop()
    island = a.args[0]
    s.data.markers[island] = s.data.markers.get(island, 0) + 1
    s.log(f"{s.player_name(t.player)} places a prosperity marker on {island}: it yields 1 GP "
          "more each cycle.", APOLLO)
    s.finish_turn(t.token)


# ---------------------------------------------------------------------- rule queries
def recruit_zones(s: CycladesState, player: int) -> list[str]:
    """Sea zones next to the player's islands, empty or his own, not closed (seed p.4)."""
    d = s.data
    blocked = s.blocked()
    zones = {z for i in s.islands_of(player) for z in s.game.coast[i]}
    return [z for z in s.game.zones if z in zones and z not in blocked
            and d.fleets.get(z, player) == player]


def spot_of(s: CycladesState, island: str) -> set[int]:
    """The slots (from 0) that the island's Metropolis spot covers."""
    return {k - 1 for k in s.game.slots[island].metropolis}


def build_slots(s: CycladesState, island: str) -> list[int]:
    """Where a new building may go on ``island``: the player picks a free white square (seed
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


def supply_left(s: CycladesState, kind: str) -> int:
    """Pieces of ``kind`` still in the box (p.1 contents, data/cyclades/rules.yaml): buildings
    of one type or Metropolis tiles on the board, priests or philosophers held by players."""
    d = s.data
    if kind in ("priest", "philosopher"):
        held = sum(d.priests if kind == "priest" else d.philosophers)
        return s.game.n[f"{kind}s_supply"] - held
    if kind == "metropolis":
        return s.game.n["metropolis_tiles"] - sum("metropolis" in b for b in d.buildings.values())
    return s.game.n["buildings_per_kind"] - sum(b.count(kind) for b in d.buildings.values())


def creature_cost(s: CycladesState, player: int, slot: int) -> tuple[int, int]:
    """Price of the creature in ``slot`` after unused temples, at least 1 GP (seed p.4), and
    how many temple discounts it uses."""
    n = s.game.n
    price = n["creature_track_prices"][slot]
    unused = max(0, s.temples(player) - s.data.temples_used[player])
    cost = max(n["creature_min_cost"], price - n["temple_discount"] * unused)
    return cost, (price - cost) // n["temple_discount"] if n["temple_discount"] else 0


def would_win(s: CycladesState, player: int, island: str) -> bool:
    """Taking ``island`` would give the player his winning Metropolis at once (seed p.5)."""
    slots = s.slots_of(island)
    count = s.metropolises(player) + ("metropolis" in slots)
    kinds = {b for built in s.built(player).values() for b in built} | set(slots)
    if kinds >= {"port", "fortress", "temple", "university"}:
        count += 1
    return count >= s.game.goal


def may_attack(s: CycladesState, player: int, island: str) -> bool:
    """Last island: an opponent's only island may be entered only to win at once (seed p.5)."""
    owner = s.data.owners.get(island)
    if owner is None or owner == player or len(s.islands_of(owner)) > 1:
        return True
    return would_win(s, player, island)


def troop_destinations(s: CycladesState, player: int, island: str) -> list[str]:
    """Islands linked to ``island`` by a chain of the player's fleets that he may enter."""
    return [j for j in fleet_chain(s.game.board, island, player, s.data.fleets)
            if may_attack(s, player, j)]


# ---------------------------------------------------------------------- moving
def move_fleets(s: CycladesState, player: int, src: str, dst: str, k: int, rule: str) -> bool:
    """Move ``k`` fleets one zone; entering enemy fleets starts a naval battle (True)."""
    d = s.data
    d.fleet_count[src] -= k
    if not d.fleet_count[src]:
        del d.fleet_count[src], d.fleets[src]
    owner = d.fleets.get(dst)
    s.log(f"{s.player_name(player)} sails {plural(k, 'fleet')} from {src} to {dst}.", rule)
    if owner is not None and owner != player:
        battles.start(s, False, dst, player, owner, k)
        return True
    d.fleets[dst] = player
    d.fleet_count[dst] = d.fleet_count.get(dst, 0) + k
    return False


def land_troops(s: CycladesState, player: int, src: str, dst: str, k: int, rule: str) -> None:
    """Troops arrive on ``dst``: own island, capture of an island without troops (even with a
    fortress), or a battle against the troops there (seed p.5)."""
    d = s.data
    s.log(f"{s.player_name(player)} moves {plural(k, 'troop')} from {src} to {dst}.", rule)
    d.troops[src] -= k
    if not d.troops[src]:
        del d.troops[src]
        s.log(f"{src} has no troops left but stays {s.player_name(player)}'s "
              "(territory token).", TERRITORY)
    owner = d.owners.get(dst)
    if owner == player:
        d.troops[dst] = d.troops.get(dst, 0) + k
    elif owner is not None and d.troops.get(dst, 0) > 0:
        battles.start(s, True, dst, player, owner, k)
    else:  # even with the Minotaur there (ruling minotaur-empty-island)
        if owner is not None:
            s.log(f"{dst} has no troops: it is taken without a battle, fortresses or not.",
                  MOVE_TROOPS)
        battles.conquer(s, dst, player, k)


# ---------------------------------------------------------------------- a god's turn
def offer_turn(s: CycladesState, t: Task) -> list[Action]:
    """Recruit, build, the god's special action and creatures, in any order; then end."""
    d, g = s.data, s.game
    n = g.n
    me = t.player
    god = g.gods[t.god]
    gold = d.gold[me]
    out: list[Action] = []
    # recruiting (seed p.4)
    costs = god.recruit_costs
    if d.turn_recruits < len(costs) and costs[d.turn_recruits] <= gold:
        cost = costs[d.turn_recruits]
        unit = god.recruit
        rule = RECRUIT[unit]
        price = cost_text(cost)
        if unit == "fleet":
            if s.units(me, "fleet") < n["fleets_per_player"]:
                out += [act(f"recruit a fleet in {z} ({price})", "recruit", rule, z, cost)
                        for z in recruit_zones(s, me)]
        elif unit == "troop":
            if s.units(me, "troop") < n["troops_per_player"]:
                out += [act(f"recruit a troop on {i} ({price})", "recruit", rule, i, cost)
                        for i in s.islands_of(me)]
        elif supply_left(s, unit) > 0:  # SUPPLY: priests and philosophers are cards in the box
            out.append(act(f"recruit a {unit} ({price})", "recruit", rule, "", cost))
    # building (seed p.4)
    if gold >= n["build_cost"] and supply_left(s, god.building) > 0:  # SUPPLY
        for i in s.islands_of(me):
            where = build_slots(s, i)
            out += [act(f"{build_label(s, god.building, i, k, len(where))} "
                        f"({n['build_cost']} GP)", "build", BUILD, i, k) for k in where]
    # special actions (seed p.5)
    if god.special == "move-fleets" and gold >= n["fleet_move_cost"]:
        out += sail_actions(s, me, s.fleet_zones(me), "sail",
                            f" ({n['fleet_move_cost']} GP)", MOVE_FLEETS)
    elif god.special == "move-troops" and gold >= n["troop_move_cost"]:
        for i in s.islands_of(me):
            if d.troops.get(i, 0) and not s.frozen(i):
                for j in troop_destinations(s, me, i):
                    out += [act(f"move {plural(k, 'troop')} from {i} to {j} "
                                f"({n['troop_move_cost']} GP)", "move-troops", MOVE_TROOPS,
                                i, j, k) for k in range(1, d.troops[i] + 1)]
    elif god.special == "swap-creature" and gold >= n["creature_swap_cost"]:
        out += [act(f"swap the {s.card_name(c)} ({n['creature_swap_cost']} GP)", "swap", SWAP,
                    slot) for slot, c in enumerate(d.track) if c]
    # creatures (seed p.3)
    for slot, c in enumerate(d.track):
        if c:
            cost, _ = creature_cost(s, me, slot)
            if cost <= gold:
                out.append(act(f"call the {s.card_name(c)} ({cost} GP)", "call",
                               CALL_CREATURE, slot,
                               note=f"{s.card_name(c)}: {g.cards[c].effect}"))
    out.append(act("end turn", "end", ACTIONS,
                   note="Done with this god: the offering token goes onto the turn track"))
    return out


def sail_actions(s: CycladesState, player: int, zones: list[str], kind: str, suffix: str,
                 rule: str) -> list[Action]:
    """Every one-zone step of some of the fleets in ``zones`` (seed p.5 moving fleets)."""
    d = s.data
    blocked = s.blocked()
    out = []
    for z in zones:
        for w in s.game.sea_adj[z]:
            if w in blocked:
                continue
            out += [act(f"sail {plural(k, 'fleet')} from {z} to {w}{suffix}", kind, rule, z, w, k)
                    for k in range(1, d.fleet_count[z] + 1)]
    return out


def do_turn(s: CycladesState, t: Task, a: Action) -> None:
    d, n = s.data, s.game.n
    me = t.player
    who = s.player_name(me)
    if a.kind == "end":
        s.pop()
        s.log(f"{who} ends the turn.", ACTIONS)
        s.finish_turn(t.token)
    elif a.kind == "recruit":
        place, cost = a.args
        d.gold[me] -= cost
        d.turn_recruits += 1
        unit = s.game.gods[t.god].recruit
        if unit == "fleet":
            d.fleets[place] = me
            d.fleet_count[place] = d.fleet_count.get(place, 0) + 1
        elif unit == "troop":
            d.troops[place] = d.troops.get(place, 0) + 1
        elif unit == "priest":
            d.priests[me] += 1
        else:
            d.philosophers[me] += 1
        where = f" {'in' if unit == 'fleet' else 'on'} {place}" if place else ""
        s.log(f"{who} recruits a {unit}{where} ({cost_text(cost)}).", RECRUIT[unit])
    elif a.kind == "build":
        island, slot = a.args
        d.gold[me] -= n["build_cost"]
        kind = s.game.gods[t.god].building
        s.set_slot(island, slot, kind)
        where = " on its Metropolis spot" if slot in spot_of(s, island) else ""
        s.log(f"{who} builds a {kind} on {island}{where} (slot {slot + 1}).", BUILD)
    elif a.kind == "sail":
        src, dst, k = a.args
        d.gold[me] -= n["fleet_move_cost"]
        if not move_fleets(s, me, src, dst, k, MOVE_FLEETS) and n["fleet_move_zones"] > 1:
            s.push("sail", player=me, token=t.token, space=dst, steps=n["fleet_move_zones"] - 1)
    elif a.kind == "move-troops":
        src, dst, k = a.args
        d.gold[me] -= n["troop_move_cost"]
        land_troops(s, me, src, dst, k, MOVE_TROOPS)
    elif a.kind == "swap":
        slot = a.args[0]
        d.gold[me] -= n["creature_swap_cost"]
        old = d.track[slot]
        d.discard.append(old)
        d.track[slot] = s.draw_creature()
        new = s.card_name(d.track[slot]) if d.track[slot] else "nothing (no cards left)"
        s.log(f"{who} discards the {s.card_name(old)}; {new} takes its place.", SWAP)
    else:  # call a creature
        slot = a.args[0]
        cost, temples = creature_cost(s, me, slot)
        d.gold[me] -= cost
        d.temples_used[me] += temples
        card = d.track[slot]
        d.track[slot] = ""
        d.limbo.append(card)
        s.log(f"{who} calls the {s.card_name(card)} for {cost} GP"
              + (f" ({temples} temple discount(s))" if temples else "") + ".",
              TEMPLE if temples else CALL_CREATURE)
        creatures.call(s, me, card, card)


def offer_sail(s: CycladesState, t: Task) -> list[Action]:
    """The same move goes on (up to 3 zones): some or all fleets here sail on, fleets met on
    the way may join, fleets may stay behind (seed p.5, example)."""
    out = []
    if s.data.fleets.get(t.space) == t.player:
        out = sail_actions(s, t.player, [t.space], "sail-on", "", MOVE_FLEETS)
    out.append(act("end the fleet move", "end", MOVE_FLEETS))
    return out


def do_sail(s: CycladesState, t: Task, a: Action) -> None:
    s.pop()
    if a.kind == "end":
        return
    src, dst, k = a.args
    if not move_fleets(s, t.player, src, dst, k, MOVE_FLEETS) and t.steps > 1:
        s.push("sail", player=t.player, token=t.token, space=dst, steps=t.steps - 1)


# ---------------------------------------------------------------------- why not?
_COST = re.compile(r"\s*\([^)]*\)$")


def diagnose(s: CycladesState, label: str) -> tuple[str, str] | None:
    """Why a move is not legal, for the moves players most often try (DESIGN: IllegalAction)."""
    from .refs import VICTORY

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

