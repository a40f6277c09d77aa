"""The 17 Cyclades creatures (public sources: the Cyclades rulebook, Greek edition, lacks the
creature booklet; readings in ``data/creatures.yaml`` and ``data/rulings.yaml``).

A called card goes from the track to ``limbo``; its power is applied at once (p.3): a
``creature`` task is the decision "the targets of this creature's power", of the kind
``creature:<id>`` (``creature_decision``); a few powers go on over several steps (Sphinx,
Sylph, Kraken). The card is then discarded, except that an island figurine (Minotaur, Chiron,
Medusa, Polyphemus) holds its card until it leaves the board at the start of its placer's next
turn. The Kraken figure stays until the Kraken is called again or Polyphemus pushes it.
"""

from __future__ import annotations

from functools import cache, partial
from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from .load import BUILDINGS
from .load import creatures as creature_cards
from .pieces import (
    SHARED_MOVES,
    keep_shared,
    land_troops,
    may_attack,
    move_fleets,
    plural,
    sail_actions,
    shared_series,
    supply_left,
)
from .refs import FIGURINES, RESHUFFLE, RULES, creature_rule
from .state import Figure, Task

if TYPE_CHECKING:
    from .rules import CycladesState

BLOCKED_RULE = creature_rule("Kraken and Polyphemus close sea zones")
ISLAND_FIGURES = ("minotaur", "chiron", "medusa", "polyphemus")


@cache  # asked for every move a power offers
def rule_of(creature: str) -> str:
    """The reference of ``creature``'s power."""
    return creature_rule(creature_cards()[creature].name)


def creature_decision(task: Task) -> Task:
    """A ``creature`` task as the decision its power offers: kind ``creature:<id>``.

    The stored task keeps its kind (saves and replays stay as they were); each power is one
    ``@RULES.offers("creature:<id>")``, and each of its moves one ``@RULES.does``.
    """
    return task.with_kind(f"creature:{task.card}")


def release(s: CycladesState, card: str) -> None:
    """The called card leaves limbo for the discard pile (rulebook p.3)."""
    if card and card in s.data.limbo:
        s.to_change("limbo").remove(card)
        s.to_change("discard").append(card)


def call(s: CycladesState, player: int, creature: str, card: str) -> None:
    """Apply ``creature``'s power for ``player``; ``card`` is the physical card ("" if the
    power is copied by the Chimera)."""
    if creature == "fates":
        gain = s.revenue(player)
        s.data.gold[player] += gain
        release(s, card)
        s.log(f"The Fates: {s.player_name(player)} collects the revenue again, {gain} GP.",
              rule_of("fates"))
        return
    s.push("creature", player=player, card=creature, target=card)


# ---------------------------------------------------------------------- figurines
def expire_figures(s: CycladesState, player: int) -> None:
    """Island figurines placed by ``player`` in an earlier cycle leave as his turn starts
    (ruling figure-expiry); their cards are discarded."""
    d = s.data
    for f in [f for f in d.figures if f.player == player and f.creature in ISLAND_FIGURES
              and f.cycle < d.cycle]:
        remove_figure(s, f)
        s.log(f"The {s.card_name(f.creature)} leaves {f.space}.", FIGURINES)


def remove_figure(s: CycladesState, f: Figure) -> None:
    """A figure leaves the board; the card it held goes to the discard pile."""
    s.to_change("figures").remove(f)
    if f.card:
        s.to_change("discard").append(f.card)


def place_figure(s: CycladesState, player: int, creature: str, island: str, card: str) -> None:
    """Put an island figurine down; two figurines on one island destroy each other."""
    d = s.data
    name = s.card_name(creature)
    old = s.figure(creature)
    if old is not None:
        remove_figure(s, old)
        s.log(f"The {name} leaves {old.space}.", RULES.ruling("one-figure-each"))
    if card:
        s.to_change("limbo").remove(card)
    other = next((f for f in d.figures if f.space == island and f.creature in ISLAND_FIGURES),
                 None)
    if other is not None:
        remove_figure(s, other)
        if card:
            s.to_change("discard").append(card)
        s.log(f"The {name} and the {s.card_name(other.creature)} meet on {island} and destroy "
              "each other.", FIGURINES)
        return
    s.to_change("figures").append(Figure(creature, island, player, d.cycle, card))
    s.log(f"{s.player_name(player)} places the {name} on {island} until the start of his "
          "next turn.", rule_of(creature))
    if creature == "polyphemus":
        polyphemus_push(s, island)


def polyphemus_push(s: CycladesState, island: str) -> None:
    """Fleets (and the Kraken) around the island are pushed out of the ring (creature table
    reading: the first zone in map order next to theirs, outside the ring, empty or theirs)."""
    d = s.data
    ring = set(s.game.coast[island])
    rule = rule_of("polyphemus")
    figures = s.to_change("figures")  # the Kraken's figure may move
    kraken = s.figure("kraken")
    for z in s.game.coast[island]:
        if z not in d.fleets:
            continue
        owner, k = s.to_change("fleets").pop(z), s.to_change("fleet_count").pop(z)
        kz = kraken.space if kraken is not None else ""
        to = next((w for w in s.game.sea_adj[z] if w not in ring and w != kz
                   and d.fleets.get(w, owner) == owner), "")
        if to:
            s.add_units(to, owner, k, False)
            s.log(f"{s.player_name(owner)}'s fleets are pushed from {z} to {to}.", rule)
        else:
            s.log(f"{s.player_name(owner)}'s fleets in {z} have nowhere to go: destroyed.", rule)
    if kraken is not None and kraken.space in ring:
        to = next((w for w in s.game.sea_adj[kraken.space]
                   if w not in ring and w not in d.fleets), "")
        if to:
            kraken.space = to
            s.log(f"The Kraken is pushed to {to}.", rule)
        else:
            figures.remove(kraken)
            s.log("The Kraken has nowhere to go and leaves the board.", rule)


# ---------------------------------------------------------------------- the creature task
def targets(s: CycladesState, t: Task, moves: list[Action]) -> list[Action]:
    """The targets of the power; a power with none lets the creature go."""
    if moves:
        return moves
    name = s.card_name(t.card)
    return [act(f"let the {name} go (no target)", "no-target",
                RULES.ruling("creature-no-target"))]


def power_used(s: CycladesState, t: Task) -> None:
    """The creature decision is answered: its card goes to the discard pile, unless an island
    figurine holds it (every power's move does this first)."""
    s.pop()
    if t.card not in ISLAND_FIGURES:
        release(s, t.target)


@RULES.does("no-target")
def do_no_target(s: CycladesState, t: Task, a: Action) -> None:
    """The creature has nothing to act on: its card is discarded (ruling creature-no-target)."""
    power_used(s, t)
    release(s, t.target)
    s.log(f"The {s.card_name(t.card)} has no target.", RULES.ruling("creature-no-target"))


def _opponents(s: CycladesState, player: int) -> list[int]:
    """The players still in the game, ``player`` excepted."""
    return [q for q in s.alive() if q != player]


def _guarded(s: CycladesState, island: str) -> bool:
    """Chiron: the island cannot be targeted by Pegasus, the Giant or the Harpy."""
    return "chiron" in s.figures_on(island)


# --- Siren
@RULES.offers("creature:siren")
def offer_siren(s: CycladesState, t: Task) -> list[Action]:
    """An opponent's lone fleet, replaced by one of yours (from a zone of yours at the limit)."""
    d = s.data
    me = t.player
    blocked = s.blocked()
    rule = rule_of("siren")
    zones = [z for z in s.game.zones if d.fleets.get(z, me) != me and d.fleet_count[z] == 1
             and z not in blocked]
    if s.units(me, "fleet") < s.game.n["fleets_per_player"]:
        return targets(s, t, [act(f"Siren: replace the fleet in {z}", "siren", rule, z, "")
                              for z in zones])
    return targets(s, t, [act(f"Siren: replace the fleet in {z} with yours from {w}", "siren",
                              rule, z, w) for z in zones for w in s.fleet_zones(me)])


@RULES.does("siren")
def do_siren(s: CycladesState, t: Task, a: Action) -> None:
    """The lone fleet leaves the board and one of the player's takes its zone (from his
    reserve, or lifted from another zone when all his fleets are out)."""
    power_used(s, t)
    d = s.data
    zone, lift = a.args
    victim = d.fleets[zone]
    if lift:
        s.remove_units(lift, 1, False)
    s.to_change("fleets")[zone] = t.player
    s.log(f"The Siren lures {s.player_name(victim)}'s isolated fleet in {zone}: "
          f"{s.player_name(t.player)}'s fleet takes its place.", rule_of("siren"))


# --- Pegasus
@RULES.offers("creature:pegasus")
def offer_pegasus(s: CycladesState, t: Task) -> list[Action]:
    """Troops of one island fly to any other island (not Chiron's; the last-island rule holds)."""
    d = s.data
    me = t.player
    out = []
    for i in s.islands_of(me):
        if not d.troops.get(i) or s.frozen(i):
            continue
        for j in s.game.islands:
            if j != i and not _guarded(s, j) and may_attack(s, me, j):
                count = d.troops[i]
                out += shared_series(("pegasus", i, j), count, partial(_fly, i, j))[:count]
    return targets(s, t, out)


def _fly(src: str, dst: str, index: int) -> Action:
    """Pegasus flies ``index + 1`` troops from ``src`` to ``dst`` (``offer_pegasus``)."""
    k = index + 1
    return act(f"Pegasus: fly {plural(k, 'troop')} from {src} to {dst}", "pegasus",
               rule_of("pegasus"), src, dst, k)


@RULES.does("pegasus")
def do_pegasus(s: CycladesState, t: Task, a: Action) -> None:
    """The troops fly: onto an opponent's troops they fight, onto an island without troops
    they take it."""
    power_used(s, t)
    src, dst, k = a.args
    land_troops(s, t.player, src, dst, k, rule_of("pegasus"))


# --- Giant
@RULES.offers("creature:giant")
def offer_giant(s: CycladesState, t: Task) -> list[Action]:
    """Any building but a Metropolis, on any island Chiron does not guard."""
    rule = rule_of("giant")
    return targets(s, t, [act(f"Giant: destroy the {b} on {i}", "giant", rule, i, b)
                          for i in s.game.islands if not _guarded(s, i)
                          for b in BUILDINGS if b in s.slots_of(i)])


@RULES.does("giant")
def do_giant(s: CycladesState, t: Task, a: Action) -> None:
    """The building is destroyed; its slot is free."""
    power_used(s, t)
    island, kind = a.args
    s.set_slot(island, s.slots_of(island).index(kind), "")
    s.log(f"The Giant destroys the {kind} on {island}.", rule_of("giant"))


# --- Chimera
@RULES.offers("creature:chimera")
def offer_chimera(s: CycladesState, t: Task) -> list[Action]:
    """The power of any creature in the discard pile, except another Chimera."""
    rule = rule_of("chimera")
    return targets(s, t, [act(f"Chimera: use the {s.card_name(c)}", "chimera", rule, c)
                          for c in dict.fromkeys(s.data.discard) if c != "chimera"])


@RULES.does("chimera")
def do_chimera(s: CycladesState, t: Task, a: Action) -> None:
    """Copy a discarded creature's power; the discard pile is shuffled into the deck (done as
    the copy is chosen: no copied power draws from the deck)."""
    power_used(s, t)
    d = s.data
    copied = a.args[0]
    s.log(f"The Chimera takes the power of the {s.card_name(copied)}.", rule_of("chimera"))
    d.deck = d.deck + d.discard
    d.discard = []
    s.stream.shuffle(d.deck)
    s.log("The discard pile is shuffled into the creature deck.", RESHUFFLE)
    call(s, t.player, copied, "")


# --- Cyclops
@RULES.offers("creature:cyclops")
def offer_cyclops(s: CycladesState, t: Task) -> list[Action]:
    """Only into a kind still in the box (p.1 Contents: 10 tiles of each building)."""
    rule = rule_of("cyclops")
    return targets(s, t, [
        act(f"Cyclops: turn the {b} on {i} into a {new}", "cyclops", rule, i, b, new)
        for i, built in s.built(t.player).items() for b in BUILDINGS if b in built
        for new in BUILDINGS if new != b and supply_left(s, new) > 0])


@RULES.does("cyclops")
def do_cyclops(s: CycladesState, t: Task, a: Action) -> None:
    """The building becomes the new kind in the same slot (four kinds now convert at once)."""
    power_used(s, t)
    island, old, new = a.args
    s.set_slot(island, s.slots_of(island).index(old), new)
    s.log(f"The Cyclops turn the {old} on {island} into a {new}.", rule_of("cyclops"))


# --- Sphinx (several steps)
@RULES.offers("creature:sphinx")
def offer_sphinx_start(s: CycladesState, t: Task) -> list[Action]:
    """The Sphinx's sales are one move each: the power starts with this one."""
    return [act("Sphinx: start selling", "sphinx", rule_of("sphinx"))]


@RULES.does("sphinx")
def start_sphinx(s: CycladesState, t: Task, a: Action) -> None:
    """The card is discarded and the player starts selling (a ``sphinx`` task)."""
    power_used(s, t)
    s.push("sphinx", player=t.player)


@RULES.offers("sphinx")
def offer_sphinx(s: CycladesState, t: Task) -> list[Action]:
    """Troops, fleets, priests and philosophers, one at a time, for gold each."""
    d = s.data
    me = t.player
    price = s.game.n["sphinx_price"]
    rule = rule_of("sphinx")
    out = [act(f"sell a troop from {i} ({price} GP)", "sell", rule, "troop", i)
           for i in s.islands_of(me) if d.troops.get(i)]
    out += [act(f"sell a fleet from {z} ({price} GP)", "sell", rule, "fleet", z)
            for z in s.fleet_zones(me)]
    if d.priests[me]:
        out.append(act(f"sell a priest ({price} GP)", "sell", rule, "priest", ""))
    if d.philosophers[me]:
        out.append(act(f"sell a philosopher ({price} GP)", "sell", rule, "philosopher", ""))
    out.append(act("stop selling", "stop-selling", rule))
    return out


@RULES.does("sell")
def do_sell(s: CycladesState, t: Task, a: Action) -> None:
    """One unit or card sold to the Sphinx; the player may sell more."""
    d = s.data
    what, where = a.args
    me = t.player
    d.gold[me] += s.game.n["sphinx_price"]
    if what in ("troop", "fleet"):
        s.remove_units(where, 1, what == "troop")
    elif what == "priest":
        s.to_change("priests")[me] -= 1
    else:
        s.to_change("philosophers")[me] -= 1
    s.log(f"{s.player_name(t.player)} sells a {what}"
          + (f" from {where}" if where else "") + f" to the Sphinx for "
          f"{s.game.n['sphinx_price']} GP.", rule_of("sphinx"))


@RULES.does("stop-selling")
def do_stop_selling(s: CycladesState, t: Task, a: Action) -> None:
    """The player sells no more to the Sphinx."""
    s.pop()


# --- Sylph (several steps)
@RULES.offers("creature:sylph")
def offer_sylph_start(s: CycladesState, t: Task) -> list[Action]:
    """The Sylph's free fleet steps for a player with fleets; without, it has no target."""
    if not s.fleet_zones(t.player):
        return targets(s, t, [])
    return [act(f"Sylph: start {s.game.n['sylph_steps']} free fleet steps", "sylph",
                rule_of("sylph"))]


@RULES.does("sylph")
def start_sylph(s: CycladesState, t: Task, a: Action) -> None:
    """The card is discarded and the player takes the free steps (a ``sylph`` task)."""
    power_used(s, t)
    s.push("sylph", player=t.player, steps=s.game.n["sylph_steps"])


@RULES.offers("sylph")
def offer_sylph(s: CycladesState, t: Task) -> list[Action]:
    """One free step of some fleets, except those of groups that fought."""
    fought = t.spaces.split()
    zones = [z for z in s.fleet_zones(t.player) if z not in fought]
    return sail_actions(s, t.player, zones, "sylph-sail", f" (Sylph, {t.steps} left)",
                        rule_of("sylph")) + [act("stop the Sylph", "stop-sylph",
                                                 rule_of("sylph"))]


@RULES.does("sylph-sail")
def do_sylph_sail(s: CycladesState, t: Task, a: Action) -> None:
    """One free step; a group that enters an opponent's zone fights and moves no more."""
    s.pop()
    src, dst, k = a.args
    fight = s.data.fleets.get(dst, t.player) != t.player
    if t.steps > 1:
        s.push("sylph", player=t.player, steps=t.steps - 1,
               spaces=f"{t.spaces} {dst}".strip() if fight else t.spaces)
    move_fleets(s, t.player, src, dst, k, rule_of("sylph"))


@RULES.does("stop-sylph")
def do_stop_sylph(s: CycladesState, t: Task, a: Action) -> None:
    """The player gives up the Sylph's steps left."""
    s.pop()


# --- Harpy, Griffon, Satyr, Dryad
@RULES.offers("creature:harpy")
def offer_harpy(s: CycladesState, t: Task) -> list[Action]:
    """One troop from any opponent's island that Chiron does not guard."""
    d = s.data
    return targets(s, t, [act(f"Harpy: remove a troop from {i}", "harpy", rule_of("harpy"), i)
                          for i in s.game.islands if d.troops.get(i)
                          and d.owners[i] != t.player and not _guarded(s, i)])


@RULES.does("harpy")
def do_harpy(s: CycladesState, t: Task, a: Action) -> None:
    """The troop is removed; the island stays its owner's, even with no troops left."""
    power_used(s, t)
    d = s.data
    island = a.args[0]
    s.remove_units(island, 1, True)
    s.log(f"The Harpy carries off a troop of {s.player_name(d.owners[island])} from {island}"
          " (the island stays his).", rule_of("harpy"))


@RULES.offers("creature:griffon")
def offer_griffon(s: CycladesState, t: Task) -> list[Action]:
    """An opponent with at least 2 GP, whose gold the Griffon halves."""
    return targets(s, t, [act(f"Griffon: take half of {s.player_name(q)}'s gold", "griffon",
                              rule_of("griffon"), q)
                          for q in _opponents(s, t.player) if s.data.gold[q] >= 2])


@RULES.does("griffon")
def do_griffon(s: CycladesState, t: Task, a: Action) -> None:
    """Half the opponent's gold, rounded down, goes to the player."""
    power_used(s, t)
    take = s.data.gold[a.args[0]] // 2
    s.data.gold[a.args[0]] -= take
    s.data.gold[t.player] += take
    s.log(f"The Griffon takes {take} GP from {s.player_name(a.args[0])}.", rule_of("griffon"))


#: the card each thief takes from an opponent
STOLEN = {"satyr": "philosopher", "dryad": "priest"}


@RULES.offers("creature:satyr", "creature:dryad")
def offer_theft(s: CycladesState, t: Task) -> list[Action]:
    """The Satyr takes a philosopher, the Dryad a priest, from an opponent who has one."""
    card = STOLEN[t.card]
    held = getattr(s.data, f"{card}s")
    name = s.card_name(t.card)
    return targets(s, t, [act(f"{name}: take a {card} from {s.player_name(q)}", t.card,
                              rule_of(t.card), q)
                          for q in _opponents(s, t.player) if held[q]])


@RULES.does("satyr", "dryad")
def do_theft(s: CycladesState, t: Task, a: Action) -> None:
    """The opponent's philosopher (Satyr) or priest (Dryad) goes to the player."""
    power_used(s, t)
    card = STOLEN[t.card]
    held = s.to_change(f"{card}s")
    held[a.args[0]] -= 1
    held[t.player] += 1
    s.log(f"The {s.card_name(t.card)} takes a {card} from {s.player_name(a.args[0])}.",
          rule_of(t.card))


# --- Kraken (placement, then paid moves)
def _ring(s: CycladesState) -> set[str]:
    """The sea zones around Polyphemus's island, where the Kraken may not go (none without
    him)."""
    f = s.figure("polyphemus")
    return set(s.game.coast[f.space]) if f is not None else set()


@RULES.offers("creature:kraken")
def offer_kraken(s: CycladesState, t: Task) -> list[Action]:
    """Any sea zone outside Polyphemus's ring."""
    ring = _ring(s)
    return targets(s, t, [_rise(z) for z in s.game.zones if z not in ring])


def _rise(zone: str) -> Action:
    """The Kraken rises in ``zone`` (``offer_kraken``), a move built once and shared."""
    key = ("kraken", zone)
    move = SHARED_MOVES.get(key)
    if move is None:
        move = keep_shared(key, act(f"Kraken: rise in {zone}", "kraken", rule_of("kraken"), zone))
    return move


def sink(s: CycladesState, zone: str) -> None:
    """The Kraken sinks every fleet in its zone."""
    d = s.data
    if zone in d.fleets:
        owner, k = s.to_change("fleets").pop(zone), s.to_change("fleet_count").pop(zone)
        s.log(f"The Kraken sinks {k} fleet(s) of {s.player_name(owner)} in {zone}.",
              rule_of("kraken"))


@RULES.does("kraken")
def do_kraken(s: CycladesState, t: Task, a: Action) -> None:
    """The Kraken rises there (leaving its old zone) and sinks the fleets in it; it may then
    move on for gold."""
    power_used(s, t)
    d = s.data
    zone = a.args[0]
    old = s.figure("kraken")
    figures = s.to_change("figures")
    if old is not None:
        figures.remove(old)
    figures.append(Figure("kraken", zone, t.player, d.cycle, ""))
    s.log(f"The Kraken rises in {zone}.", rule_of("kraken"))
    sink(s, zone)
    s.push("kraken-move", player=t.player, space=zone)


@RULES.offers("kraken-move")
def offer_kraken_move(s: CycladesState, t: Task) -> list[Action]:
    """Paid moves of the Kraken, one zone each, or leave it where it is."""
    cost = s.game.n["kraken_move_cost"]
    rule = rule_of("kraken")
    out = []
    if s.data.gold[t.player] >= cost:
        ring = _ring(s)
        out = [act(f"Kraken: move to {w} ({cost} GP)", "move-kraken", rule, w)
               for w in s.game.sea_adj[t.space] if w not in ring]
    return out + [act(f"leave the Kraken in {t.space}", "leave-kraken", rule)]


@RULES.does("move-kraken")
def do_move_kraken(s: CycladesState, t: Task, a: Action) -> None:
    """A paid move of one zone: the fleets there sink; the Kraken may move on."""
    s.pop()
    zone = a.args[0]
    s.data.gold[t.player] -= s.game.n["kraken_move_cost"]
    s.to_change("figures")  # the Kraken's figure moves
    kraken = s.figure("kraken")
    kraken.space = zone
    s.log(f"The Kraken moves to {zone}.", rule_of("kraken"))
    sink(s, zone)
    s.push("kraken-move", player=t.player, space=zone)


@RULES.does("leave-kraken")
def do_leave_kraken(s: CycladesState, t: Task, a: Action) -> None:
    """The Kraken stays where it is; the power is over."""
    s.pop()


# --- island figurines
@RULES.offers(*(f"creature:{c}" for c in ISLAND_FIGURES))
def offer_island_figure(s: CycladesState, t: Task) -> list[Action]:
    """Any island takes the figurine."""
    name = s.card_name(t.card)
    return [act(f"place the {name} on {i}", "figure", rule_of(t.card), i)
            for i in s.game.islands]


@RULES.does("figure")
def do_island_figure(s: CycladesState, t: Task, a: Action) -> None:
    """The figurine goes on the chosen island, holding its card until it leaves."""
    power_used(s, t)
    place_figure(s, t.player, t.card, a.args[0], t.target)
