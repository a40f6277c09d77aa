"""What a Cyclades position must look like before its rules can run on it (a loaded state may
hold anything): seats and tokens in range, islands, sea zones, gods and creatures of this
game, known stages and tasks, counts ≥ 0."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from mythlab.engine.checks import Shape

from .load import BUILDINGS, CREATURE_IDS

if TYPE_CHECKING:
    from .rules import CycladesState


def structure_problems(s: CycladesState, task_kinds: Collection[str]) -> list[str]:
    """The fields of ``s.data`` that no Cyclades game could hold, each named."""
    d, g = s.data, s.game
    shape = Shape(g.players)
    islands, zones = set(g.islands), set(g.zones)
    spaces = islands | zones
    gods = set(g.gods) | {"apollo"}
    per = 2 if g.players == 2 else 1
    tokens = len(d.tokens)
    if d.tokens != [seat for seat in range(g.players) for _ in range(per)]:
        shape.fail("tokens", f"{d.tokens} are not the {per} offering token(s) of each seat")
    for name in ("gold", "priests", "philosophers", "temples_used", "out"):
        shape.length(name, getattr(d, name), g.players)
    for name in ("gold", "priests", "philosophers", "temples_used"):
        for q, n in enumerate(getattr(d, name)):
            shape.count(f"{name}[{q}]", n)
    for name in ("order", "apollo", "acting", "next_order"):
        for i, t in enumerate(getattr(d, name)):
            shape.index(f"{name}[{i}]", t, tokens)
    for name in ("bid_god", "bid_amount"):
        shape.length(name, getattr(d, name), tokens)
    shape.all_known("bid_god", d.bid_god, gods, blank=True)
    for t, n in enumerate(d.bid_amount):
        shape.count(f"bid_amount[{t}]", n)
    shape.index("bidder", d.bidder, len(d.order) + 1)
    shape.all_known("gods", d.gods, gods)
    shape.count("open_gods", d.open_gods, len(gods))
    shape.known("stage", d.stage, [p.name for p in g.phases])
    shape.count("cycle", d.cycle)
    shape.count("turn_recruits", d.turn_recruits)
    for what, places in (("owners", d.owners), ("troops", d.troops), ("markers", d.markers),
                         ("buildings", d.buildings)):
        shape.keys(what, places, islands)
    for what, places in (("fleets", d.fleets), ("fleet_count", d.fleet_count)):
        shape.keys(what, places, zones)
    for i, q in d.owners.items():
        shape.seat(f"owners[{i!r}]", q)
    for z, q in d.fleets.items():
        shape.seat(f"fleets[{z!r}]", q)
    for what, counts in (("troops", d.troops), ("fleet_count", d.fleet_count),
                         ("markers", d.markers)):
        for where, n in counts.items():
            shape.count(f"{what}[{where!r}]", n)
    for i, slots in d.buildings.items():
        shape.all_known(f"buildings[{i!r}]", slots, (*BUILDINGS, "metropolis"), blank=True)
    shape.length("track", d.track, 3)
    shape.all_known("track", d.track, CREATURE_IDS, blank=True)
    for name in ("deck", "discard", "limbo"):
        shape.all_known(name, getattr(d, name), CREATURE_IDS)
    for n, f in enumerate(d.figures):
        shape.known(f"figures[{n}].creature", f.creature, CREATURE_IDS)
        shape.known(f"figures[{n}].space", f.space, spaces)
        shape.seat(f"figures[{n}].player", f.player, extra=(-1,))
        shape.count(f"figures[{n}].cycle", f.cycle)
        shape.known(f"figures[{n}].card", f.card, CREATURE_IDS, blank=True)
    if d.battle is not None:
        b = d.battle
        shape.known("battle.space", b.space, spaces)
        shape.seat("battle.attacker", b.attacker)
        shape.seat("battle.defender", b.defender, extra=(-1,))
        shape.count("battle.attack", b.attack)
        shape.count("battle.rounds", b.rounds)
    if not d.over and not d.tasks:
        shape.fail("tasks", "nothing to do in a game that is not over")
    for n, t in enumerate(d.tasks):
        where = f"tasks[{n}]"
        shape.known(f"{where}.kind", t.kind, task_kinds)
        shape.seat(f"{where}.player", t.player, extra=(-1,))
        shape.index(f"{where}.token", t.token, tokens, extra=(-1,))
        shape.known(f"{where}.god", t.god, gods, blank=True)
        shape.known(f"{where}.space", t.space, spaces, blank=True)
        shape.known(f"{where}.card", t.card, CREATURE_IDS, blank=True)
        shape.count(f"{where}.steps", t.steps)
    shape.seats("winners", d.winners)
    return shape.problems
