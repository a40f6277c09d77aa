"""Cyclades battles on land and at sea (Cyclades rulebook, Greek edition, p.5 "ΠΕΡΙΓΡΑΦΗ ΤΗΣ
ΜΑΧΗΣ"; "rulebook p.N" below cites the same book).

Each round is a chance node: the exact chances that the attacker, the defender or both lose a
unit come from ``combat.round_odds`` (dice ``data/dice.yaml``; ruling
battle-round-outcomes). After a round in which both sides keep units, the defender may retreat,
then the attacker; otherwise another round is fought.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from .combat import round_odds
from .refs import BATTLE, BATTLE_ROUND, CONQUEST, MUTUAL, RETREAT, RULES
from .state import Battle, Task

if TYPE_CHECKING:
    from .rules import CycladesState


def start(s: CycladesState, land: bool, space: str, attacker: int, defender: int,
          units: int) -> None:
    """A battle begins: the attacker's ``units`` face the defender's units in ``space``."""
    s.data.battle = Battle(land, space, attacker, defender, units)
    unit = "troop" if land else "fleet"
    s.log(f"Battle {'on' if land else 'in'} {space}: {s.player_name(attacker)} attacks with "
          f"{units} {unit}(s), {s.player_name(defender)} defends with "
          f"{defenders(s)} (+{bonus(s)} defence).", BATTLE)
    s.push("battle-round")


def defenders(s: CycladesState) -> int:
    """The defender's units still in the battle's space: troops on land, fleets at sea."""
    b = s.data.battle
    assert b is not None
    d = s.data
    return d.troops.get(b.space, 0) if b.land else d.fleet_count.get(b.space, 0)


def bonus(s: CycladesState) -> int:
    """The defender's bonus: +1 per fortress (land) or per port of his next to the zone (sea);
    a Metropolis counts as both; the Minotaur adds 2 on its island (rulebook p.5, p.6)."""
    d, n = s.data, s.game.n
    b = d.battle
    assert b is not None
    if b.land:
        slots = s.slots_of(b.space)
        extra = n["minotaur_bonus"] if "minotaur" in s.figures_on(b.space) else 0
        return n["fortress_bonus"] * (slots.count("fortress") + ("metropolis" in slots)) + extra
    ports = {i: d.buildings[i].count("port") + ("metropolis" in d.buildings[i])
             for i in s.game.shore[b.space] if i in d.buildings}
    near = s.game.routes.ports_adjacent(b.space, ports, d.owners, b.defender)
    return n["port_bonus"] * sum(near.values())


@RULES.chances("battle-round")
def round_outcomes(s: CycladesState, t: Task) -> list[tuple[Action, Fraction]]:
    """The round's three possible results with their exact probabilities (zero ones left out;
    ruling battle-round-outcomes)."""
    b = s.data.battle
    assert b is not None
    r = round_odds(b.attack, defenders(s), bonus(s))
    unit = "troop" if b.land else "fleet"
    k = b.rounds + 1
    outcomes = [
        (act(f"round {k}: the attacker loses a {unit}", "round", BATTLE_ROUND, 1, 0),
         r.attacker_loses),
        (act(f"round {k}: the defender loses a {unit}", "round", BATTLE_ROUND, 0, 1),
         r.defender_loses),
        (act(f"round {k}: both lose a {unit} (tie)", "round", BATTLE_ROUND, 1, 1), r.both_lose),
    ]
    return [(a, p) for a, p in outcomes if p > 0]


@RULES.does("round")
def do_round(s: CycladesState, t: Task, a: Action) -> None:
    """Each side that lost the round loses a unit (both on a tie); then retreats or the
    next round (rulebook p.5)."""
    d = s.data
    b = d.battle
    assert b is not None
    s.pop()
    b.rounds += 1
    lose_attacker, lose_defender = a.args
    b.attack -= lose_attacker
    if lose_defender:
        s.remove_units(b.space, 1, b.land)
    s.log(f"{a.label.split(': ', 1)[1].capitalize()}: {b.attack} against {defenders(s)}.",
          BATTLE_ROUND)
    after_round(s)


def retreats(s: CycladesState, player: int) -> list[str]:
    """Where ``player`` may retreat: an own island linked by his fleet chain (land), or an
    adjacent sea zone that is empty or his and not closed (sea) (rulebook p.5)."""
    d = s.data
    b = d.battle
    assert b is not None
    if b.land:
        if s.frozen(b.space):  # ruling medusa-retreat: petrified troops cannot leave
            return []
        return s.game.routes.retreat_options(b.space, player, d.fleets, d.owners)
    blocked = s.blocked()
    return [z for z in s.game.routes.retreat_options(b.space, player, d.fleets)
            if z not in blocked]


def after_round(s: CycladesState) -> None:
    """The battle ends when a side has no units left; otherwise the defender, then the
    attacker, may retreat if there is somewhere to go; else another round (rulebook p.5)."""
    b = s.data.battle
    assert b is not None
    if not b.attack or not defenders(s):
        finish(s)
    elif retreats(s, b.defender):
        s.push("retreat", player=b.defender)
    elif retreats(s, b.attacker):
        s.push("retreat", player=b.attacker)
    else:
        s.push("battle-round")


@RULES.offers("retreat")
def offer_retreat(s: CycladesState, t: Task) -> list[Action]:
    """The defender chooses first, then the attacker (rulebook p.5)."""
    return [act(f"retreat to {x}", "retreat", RETREAT, x) for x in retreats(s, t.player)] + \
        [act("fight on", "fight", RETREAT)]


@RULES.does("fight")
def do_fight_on(s: CycladesState, t: Task, a: Action) -> None:
    """No retreat: the attacker may still retreat after the defender, else another round."""
    b = s.data.battle
    assert b is not None
    s.pop()
    if t.player == b.defender and retreats(s, b.attacker):
        s.push("retreat", player=b.attacker)
    else:
        s.push("battle-round")


@RULES.does("retreat")
def do_retreat(s: CycladesState, t: Task, a: Action) -> None:
    """The retreating side's units leave; the other holds the space."""
    d = s.data
    b = d.battle
    assert b is not None
    s.pop()
    to = a.args[0]
    who = s.player_name(t.player)
    if t.player == b.defender:
        k = defenders(s)
        s.remove_units(b.space, k, b.land)
        s.add_units(to, t.player, k, b.land)
        s.log(f"{who} retreats to {to}.", RETREAT)
    else:
        s.add_units(to, t.player, b.attack, b.land)
        s.log(f"{who} retreats to {to}.", RETREAT)
        b.attack = 0
    finish(s)


def finish(s: CycladesState) -> None:
    """The side left alone holds the zone; on an island the winner takes the buildings; when
    both are destroyed the defender keeps his island (rulebook p.5 and its note)."""
    d = s.data
    b = d.battle
    assert b is not None
    left = defenders(s)
    d.battle = None
    if b.attack and not left:
        if b.land:
            conquer(s, b.space, b.attacker, b.attack)
        else:
            s.to_change("fleets")[b.space] = b.attacker
            s.to_change("fleet_count")[b.space] = b.attack
            s.log(f"{s.player_name(b.attacker)} wins the naval battle and holds {b.space}.",
                  BATTLE)
    elif not b.attack and not left:
        if b.land:
            s.log(f"Both armies are destroyed: {s.player_name(b.defender)} keeps {b.space} "
                  "(territory token), with its income and buildings, but no troops.", MUTUAL)
        else:
            s.log(f"Both fleets are destroyed: {b.space} is empty.", MUTUAL)
    else:
        s.log(f"{s.player_name(b.defender)} holds {b.space}.", BATTLE)


def conquer(s: CycladesState, island: str, player: int, units: int) -> None:
    """``player`` takes ``island`` with ``units`` troops, and the buildings on it (rulebook p.5)."""
    d = s.data
    before = d.owners.get(island)
    s.set_owner(island, player)
    if units:
        s.to_change("troops")[island] = units
    built = [b for b in s.slots_of(island) if b]
    s.log(f"{s.player_name(player)} takes {island}"
          + (f" with its {', '.join(dict.fromkeys(built))}" if built else "") + ".", CONQUEST)
    if before is not None and before != player and not s.islands_of(before):
        eliminate(s, before)


def eliminate(s: CycladesState, player: int) -> None:
    """A player who lost his last island leaves the game with everything he has (ruling
    elimination)."""
    d = s.data
    for z in s.fleet_zones(player):
        del s.to_change("fleets")[z], s.to_change("fleet_count")[z]
    for f in [f for f in d.figures if f.player == player]:
        s.to_change("figures").remove(f)
        if f.card:
            s.to_change("discard").append(f.card)
    d.gold[player] = s.to_change("priests")[player] = s.to_change("philosophers")[player] = 0
    s.to_change("out")[player] = True
    d.acting = [t for t in d.acting if d.tokens[t] != player]
    s.log(f"{s.player_name(player)} has lost the last island and leaves the game.",
          RULES.ruling("elimination"))

