"""The 17 Cyclades creatures (public sources: the seed lacks the creature booklet; readings in
``data/cyclades/creatures.yaml`` and ``rulings.yaml``).

A called card goes from the track to ``limbo``; its power is applied at once (seed p.3): a
``creature`` task offers its targets, a few powers go on over several steps (Sphinx, Sylph,
Kraken). The card is then discarded, except that an island figurine (Minotaur, Chiron, Medusa,
Polyphemus) holds its card until it leaves the board at the start of its placer's next turn.
The Kraken figure stays until the Kraken is called again or Polyphemus pushes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine import Action

from .load import BUILDINGS
from .refs import FIGURINES, RESHUFFLE, act, creature_rule, ruling
from .state import Figure, Task

if TYPE_CHECKING:
    from .rules import CycladesState

BLOCKED_RULE = creature_rule("Kraken and Polyphemus close sea zones")
ISLAND_FIGURES = ("minotaur", "chiron", "medusa", "polyphemus")


def rule_of(creature: str) -> str:
    from .load import creatures

    return creature_rule(creatures()[creature].name)


def release(s: CycladesState, card: str) -> None:
    """The called card leaves limbo for the discard pile (seed p.3)."""
    if card and card in s.data.limbo:
        s.data.limbo.remove(card)
        s.data.discard.append(card)


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
    s.data.figures.remove(f)
    if f.card:
        s.data.discard.append(f.card)


def place_figure(s: CycladesState, player: int, creature: str, island: str, card: str) -> None:
    """Put an island figurine down; two figurines on one island destroy each other."""
    d = s.data
    name = s.card_name(creature)
    old = s.figure(creature)
    if old is not None:
        remove_figure(s, old)
        s.log(f"The {name} leaves {old.space}.", ruling("one-figure-each"))
    if card:
        d.limbo.remove(card)
    other = next((f for f in d.figures if f.space == island and f.creature in ISLAND_FIGURES),
                 None)
    if other is not None:
        remove_figure(s, other)
        if card:
            d.discard.append(card)
        s.log(f"The {name} and the {s.card_name(other.creature)} meet on {island} and destroy "
              "each other.", FIGURINES)
        return
    d.figures.append(Figure(creature, island, player, d.cycle, card))
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
    kraken = s.figure("kraken")
    for z in s.game.coast[island]:
        if z not in d.fleets:
            continue
        owner, k = d.fleets.pop(z), d.fleet_count.pop(z)
        kz = kraken.space if kraken is not None else ""
        to = next((w for w in s.game.sea_adj[z] if w not in ring and w != kz
                   and d.fleets.get(w, owner) == owner), "")
        if to:
            d.fleets[to] = owner
            d.fleet_count[to] = d.fleet_count.get(to, 0) + k
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
            d.figures.remove(kraken)
            s.log("The Kraken has nowhere to go and leaves the board.", rule)


# ---------------------------------------------------------------------- the creature task
def offer_creature(s: CycladesState, t: Task) -> list[Action]:
    """The targets of the creature's power; a power with none lets the creature go."""
    out = OFFERS[t.card](s, t.player)
    if not out:
        name = s.card_name(t.card)
        out = [act(f"let the {name} go (no target)", "none", ruling("creature-no-target"))]
    return out


def do_creature(s: CycladesState, t: Task, a: Action) -> None:
    s.pop()
    if t.card not in ISLAND_FIGURES:
        release(s, t.target)
    if a.kind == "none":
        release(s, t.target)
        s.log(f"The {s.card_name(t.card)} has no target.", ruling("creature-no-target"))
        return
    EFFECTS[t.card](s, t, a)


def _opponents(s: CycladesState, player: int) -> list[int]:
    return [q for q in s.alive() if q != player]


def _guarded(s: CycladesState, island: str) -> bool:
    """Chiron: the island cannot be targeted by Pegasus, the Giant or the Harpy."""
    return "chiron" in s.figures_on(island)


# --- Siren
def offer_siren(s: CycladesState, me: int) -> list[Action]:
    d = s.data
    blocked = s.blocked()
    rule = rule_of("siren")
    targets = [z for z in s.game.zones if d.fleets.get(z, me) != me and d.fleet_count[z] == 1
               and z not in blocked]
    if s.units(me, "fleet") < s.game.n["fleets_per_player"]:
        return [act(f"Siren: replace the fleet in {z}", "siren", rule, z, "") for z in targets]
    return [act(f"Siren: replace the fleet in {z} with yours from {w}", "siren", rule, z, w)
            for z in targets for w in s.fleet_zones(me)]


def do_siren(s: CycladesState, t: Task, a: Action) -> None:
    d = s.data
    zone, lift = a.args
    victim = d.fleets[zone]
    if lift:
        d.fleet_count[lift] -= 1
        if not d.fleet_count[lift]:
            del d.fleet_count[lift], d.fleets[lift]
    d.fleets[zone] = t.player
    s.log(f"The Siren lures {s.player_name(victim)}'s isolated fleet in {zone}: "
          f"{s.player_name(t.player)}'s fleet takes its place.", rule_of("siren"))


# --- Pegasus
def offer_pegasus(s: CycladesState, me: int) -> list[Action]:
    from .actions import may_attack, plural

    d = s.data
    rule = rule_of("pegasus")
    out = []
    for i in s.islands_of(me):
        if not d.troops.get(i) or s.frozen(i):
            continue
        for j in s.game.islands:
            if j != i and not _guarded(s, j) and may_attack(s, me, j):
                out += [act(f"Pegasus: fly {plural(k, 'troop')} from {i} to {j}", "pegasus",
                            rule, i, j, k) for k in range(1, d.troops[i] + 1)]
    return out


def do_pegasus(s: CycladesState, t: Task, a: Action) -> None:
    from .actions import land_troops

    src, dst, k = a.args
    land_troops(s, t.player, src, dst, k, rule_of("pegasus"))


# --- Giant
def offer_giant(s: CycladesState, me: int) -> list[Action]:
    rule = rule_of("giant")
    return [act(f"Giant: destroy the {b} on {i}", "giant", rule, i, b)
            for i in s.game.islands if not _guarded(s, i)
            for b in BUILDINGS if b in s.slots_of(i)]


def do_giant(s: CycladesState, t: Task, a: Action) -> None:
    island, kind = a.args
    s.set_slot(island, s.slots_of(island).index(kind), "")
    s.log(f"The Giant destroys the {kind} on {island}.", rule_of("giant"))


# --- Chimera
def offer_chimera(s: CycladesState, me: int) -> list[Action]:
    rule = rule_of("chimera")
    return [act(f"Chimera: use the {s.card_name(c)}", "chimera", rule, c)
            for c in dict.fromkeys(s.data.discard) if c != "chimera"]


def do_chimera(s: CycladesState, t: Task, a: Action) -> None:
    """Copy a discarded creature's power; the discard pile is shuffled into the deck (done as
    the copy is chosen: no copied power draws from the deck)."""
    d = s.data
    copied = a.args[0]
    s.log(f"The Chimera takes the power of the {s.card_name(copied)}.", rule_of("chimera"))
    d.deck += d.discard
    d.discard = []
    s.stream.shuffle(d.deck)
    s.log("The discard pile is shuffled into the creature deck.", RESHUFFLE)
    call(s, t.player, copied, "")


# --- Cyclops
def offer_cyclops(s: CycladesState, me: int) -> list[Action]:
    """Only into a kind still in the box (p.1 Contents: 10 tiles of each building)."""
    from .actions import supply_left  # actions imports this module

    rule = rule_of("cyclops")
    return [act(f"Cyclops: turn the {b} on {i} into a {new}", "cyclops", rule, i, b, new)
            for i, built in s.built(me).items() for b in BUILDINGS if b in built
            for new in BUILDINGS if new != b and supply_left(s, new) > 0]


def do_cyclops(s: CycladesState, t: Task, a: Action) -> None:
    island, old, new = a.args
    s.set_slot(island, s.slots_of(island).index(old), new)
    s.log(f"The Cyclops turn the {old} on {island} into a {new}.", rule_of("cyclops"))


# --- Sphinx (several steps)
def offer_sphinx_start(s: CycladesState, me: int) -> list[Action]:
    return [act("Sphinx: start selling", "sphinx", rule_of("sphinx"))]


def start_sphinx(s: CycladesState, t: Task, a: Action) -> None:
    s.push("sphinx", player=t.player)


def offer_sphinx(s: CycladesState, t: Task) -> list[Action]:
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
    out.append(act("stop selling", "stop", rule))
    return out


def do_sphinx(s: CycladesState, t: Task, a: Action) -> None:
    d = s.data
    if a.kind == "stop":
        s.pop()
        return
    what, where = a.args
    me = t.player
    d.gold[me] += s.game.n["sphinx_price"]
    if what == "troop":
        d.troops[where] -= 1
        if not d.troops[where]:
            del d.troops[where]
    elif what == "fleet":
        d.fleet_count[where] -= 1
        if not d.fleet_count[where]:
            del d.fleet_count[where], d.fleets[where]
    elif what == "priest":
        d.priests[me] -= 1
    else:
        d.philosophers[me] -= 1
    s.log(f"{s.player_name(t.player)} sells a {what}"
          + (f" from {where}" if where else "") + f" to the Sphinx for "
          f"{s.game.n['sphinx_price']} GP.", rule_of("sphinx"))


# --- Sylph (several steps)
def offer_sylph_start(s: CycladesState, me: int) -> list[Action]:
    if not s.fleet_zones(me):
        return []
    return [act(f"Sylph: start {s.game.n['sylph_steps']} free fleet steps", "sylph",
                rule_of("sylph"))]


def start_sylph(s: CycladesState, t: Task, a: Action) -> None:
    s.push("sylph", player=t.player, steps=s.game.n["sylph_steps"])


def offer_sylph(s: CycladesState, t: Task) -> list[Action]:
    from .actions import sail_actions

    fought = t.spaces.split()
    zones = [z for z in s.fleet_zones(t.player) if z not in fought]
    return sail_actions(s, t.player, zones, "sail", f" (Sylph, {t.steps} left)",
                        rule_of("sylph")) + [act("stop the Sylph", "stop", rule_of("sylph"))]


def do_sylph(s: CycladesState, t: Task, a: Action) -> None:
    from .actions import move_fleets

    s.pop()
    if a.kind == "stop":
        return
    src, dst, k = a.args
    fight = s.data.fleets.get(dst, t.player) != t.player
    if t.steps > 1:
        s.push("sylph", player=t.player, steps=t.steps - 1,
               spaces=f"{t.spaces} {dst}".strip() if fight else t.spaces)
    move_fleets(s, t.player, src, dst, k, rule_of("sylph"))


# --- Harpy, Griffon, Satyr, Dryad
def offer_harpy(s: CycladesState, me: int) -> list[Action]:
    d = s.data
    return [act(f"Harpy: remove a troop from {i}", "harpy", rule_of("harpy"), i)
            for i in s.game.islands if d.troops.get(i) and d.owners[i] != me
            and not _guarded(s, i)]


def do_harpy(s: CycladesState, t: Task, a: Action) -> None:
    d = s.data
    island = a.args[0]
    d.troops[island] -= 1
    if not d.troops[island]:
        del d.troops[island]
    s.log(f"The Harpy carries off a troop of {s.player_name(d.owners[island])} from {island}"
          " (the island stays his).", rule_of("harpy"))


def offer_griffon(s: CycladesState, me: int) -> list[Action]:
    return [act(f"Griffon: take half of {s.player_name(q)}'s gold", "griffon",
                rule_of("griffon"), q)
            for q in _opponents(s, me) if s.data.gold[q] >= 2]


def do_griffon(s: CycladesState, t: Task, a: Action) -> None:
    take = s.data.gold[a.args[0]] // 2
    s.data.gold[a.args[0]] -= take
    s.data.gold[t.player] += take
    s.log(f"The Griffon takes {take} GP from {s.player_name(a.args[0])}.", rule_of("griffon"))


def offer_satyr(s: CycladesState, me: int) -> list[Action]:
    return [act(f"Satyr: take a philosopher from {s.player_name(q)}", "satyr",
                rule_of("satyr"), q)
            for q in _opponents(s, me) if s.data.philosophers[q]]


def do_satyr(s: CycladesState, t: Task, a: Action) -> None:
    s.data.philosophers[a.args[0]] -= 1
    s.data.philosophers[t.player] += 1
    s.log(f"The Satyr takes a philosopher from {s.player_name(a.args[0])}.", rule_of("satyr"))


def offer_dryad(s: CycladesState, me: int) -> list[Action]:
    return [act(f"Dryad: take a priest from {s.player_name(q)}", "dryad", rule_of("dryad"), q)
            for q in _opponents(s, me) if s.data.priests[q]]


def do_dryad(s: CycladesState, t: Task, a: Action) -> None:
    s.data.priests[a.args[0]] -= 1
    s.data.priests[t.player] += 1
    s.log(f"The Dryad takes a priest from {s.player_name(a.args[0])}.", rule_of("dryad"))


# --- Kraken (placement, then paid moves)
def _ring(s: CycladesState) -> set[str]:
    f = s.figure("polyphemus")
    return set(s.game.coast[f.space]) if f is not None else set()


def offer_kraken(s: CycladesState, me: int) -> list[Action]:
    ring = _ring(s)
    return [act(f"Kraken: rise in {z}", "kraken", rule_of("kraken"), z)
            for z in s.game.zones if z not in ring]


def sink(s: CycladesState, zone: str) -> None:
    d = s.data
    if zone in d.fleets:
        owner, k = d.fleets.pop(zone), d.fleet_count.pop(zone)
        s.log(f"The Kraken sinks {k} fleet(s) of {s.player_name(owner)} in {zone}.",
              rule_of("kraken"))


def do_kraken(s: CycladesState, t: Task, a: Action) -> None:
    d = s.data
    zone = a.args[0]
    old = s.figure("kraken")
    if old is not None:
        d.figures.remove(old)
    d.figures.append(Figure("kraken", zone, t.player, d.cycle, ""))
    s.log(f"The Kraken rises in {zone}.", rule_of("kraken"))
    sink(s, zone)
    s.push("kraken-move", player=t.player, space=zone)


def offer_kraken_move(s: CycladesState, t: Task) -> list[Action]:
    cost = s.game.n["kraken_move_cost"]
    rule = rule_of("kraken")
    out = []
    if s.data.gold[t.player] >= cost:
        ring = _ring(s)
        out = [act(f"Kraken: move to {w} ({cost} GP)", "move", rule, w)
               for w in s.game.sea_adj[t.space] if w not in ring]
    return out + [act(f"leave the Kraken in {t.space}", "stop", rule)]


def do_kraken_move(s: CycladesState, t: Task, a: Action) -> None:
    s.pop()
    if a.kind == "stop":
        return
    zone = a.args[0]
    s.data.gold[t.player] -= s.game.n["kraken_move_cost"]
    kraken = s.figure("kraken")
    kraken.space = zone
    s.log(f"The Kraken moves to {zone}.", rule_of("kraken"))
    sink(s, zone)
    s.push("kraken-move", player=t.player, space=zone)


# --- island figurines
def offer_island_figure(creature: str):
    def offer(s: CycladesState, me: int) -> list[Action]:
        name = s.card_name(creature)
        return [act(f"place the {name} on {i}", "figure", rule_of(creature), i)
                for i in s.game.islands]
    return offer


def do_island_figure(s: CycladesState, t: Task, a: Action) -> None:
    place_figure(s, t.player, t.card, a.args[0], t.target)


OFFERS = {
    "siren": offer_siren, "pegasus": offer_pegasus, "giant": offer_giant,
    "chimera": offer_chimera, "cyclops": offer_cyclops, "sphinx": offer_sphinx_start,
    "sylph": offer_sylph_start, "harpy": offer_harpy, "griffon": offer_griffon,
    "satyr": offer_satyr, "dryad": offer_dryad, "kraken": offer_kraken,
    **{c: offer_island_figure(c) for c in ISLAND_FIGURES},
}
EFFECTS = {
    "siren": do_siren, "pegasus": do_pegasus, "giant": do_giant, "chimera": do_chimera,
    "cyclops": do_cyclops, "sphinx": start_sphinx, "sylph": start_sylph, "harpy": do_harpy,
    "griffon": do_griffon, "satyr": do_satyr, "dryad": do_dryad, "kraken": do_kraken,
    **dict.fromkeys(ISLAND_FIGURES, do_island_figure),
}
