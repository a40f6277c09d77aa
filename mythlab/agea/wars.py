"""Wars: mustering, Battle Totals, roll-offs and spoils (Agea rulebook, English edition,
Wars)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mythlab.engine import Action, act
from mythlab.engine.chance import uniform

from .load import card_id
from .refs import RULES, WARS
from .state import Task, War

if TYPE_CHECKING:
    from .rules import AgeaState


def start_war(s: AgeaState, player: int, instance: str) -> None:
    """A war event is played: every player, in turn order, musters for battle."""
    n = s.game.players
    s.data.war = War(instance, player, bonus=[0] * n, rolls=[0] * n)
    seats = s.seats_from(s.turn_player)
    s.log(f"{s.name(instance)}! Every player musters for battle.", WARS)
    s.push("war-muster", player=seats[0], players=seats[1:])


def battle_base(s: AgeaState, player: int) -> tuple[int, list[str]]:
    """Battle Total before the die: undelayed heroes, city states, War and Army traits, bonuses."""
    d = s.data
    war = d.war
    p = d.players[player]
    heroes = [h for h in p.heroes if s.active(h)]
    parts = [f"{len(heroes)} hero(es)", f"{len(p.cities)} city state(s)"]
    total = len(heroes) + len(p.cities)
    traits = sum(1 for h in heroes for t, _ in s.traits(h) if t in ("War", "Army"))
    total += traits
    parts.append(f"{traits} War/Army trait(s)")
    for c in p.cities:
        if s.card(c).effect == "rival-of-athens":  # Sparta: +1 to Battle Total
            total += s.card(c).count
            parts.append(f"{s.name(c)} +{s.card(c).count}")
    if war is not None and card_id(war.card) == "trojan-war":
        for h in p.heroes:
            for a in h.attached:
                if s.card(a).effect == "trojan-war-bonus":
                    total += 1
                    parts.append(f"{s.name(a)} +1")
    if war is not None and war.bonus[player]:
        total += war.bonus[player]
        parts.append(f"cards +{war.bonus[player]}")
    return total, parts


@RULES.offers("war-muster")
def offer_muster(s: AgeaState, t: Task) -> list[Action]:
    """Before the dice, a player may play cards that add to the Battle Total (ruling
    war-helpers), then is ready."""
    d = s.data
    me = d.players[t.player]
    rule = RULES.ruling("war-helpers")
    out = [act("ready for battle", "ready", WARS,
              note=f"Battle Total before the die: {battle_base(s, t.player)[0]}")]
    for c in dict.fromkeys(me.hand):
        card = s.card(c)
        if card.effect == "war-bonus":
            out.append(act(f"play {card.label}", "war-card", rule, c, ""))
        elif card.effect == "martyr":
            out += [act(f"play {card.label}: sacrifice {s.name(h.card)}", "war-card", rule, c,
                       h.card) for h in me.heroes]
        elif card.effect == "blessing" and set(card.traits) & {"War", "Army"}:
            out += [act(f"play {card.label} on {s.name(h.card)}", "war-card", rule, c, h.card)
                    for h in me.heroes if s.active(h)]
    return out


@RULES.does("war-card")
def do_war_card(s: AgeaState, t: Task, a: Action) -> None:
    """A card played for the war (Trojan Horse, Martyr, a War or Army blessing)."""
    instance, target = a.args
    s.play_event(t.player, instance, True, hero=target, target=target)


@RULES.does("ready")
def do_ready(s: AgeaState, t: Task, a: Action) -> None:
    """The next player musters; after the last, every player rolls in turn order."""
    s.pop()
    s.log(f"{s.player_name(t.player)} is ready for battle.", WARS)
    if t.players:
        s.push("war-muster", player=t.players[0], players=t.players[1:])
    else:
        seats = s.seats_from(s.turn_player)
        s.push("war-roll", player=seats[0], players=seats[1:])


@RULES.chances("war-roll")
def war_roll_outcomes(s: AgeaState, t: Task) -> list[tuple[Action, Fraction]]:
    """Each player adds 1D6 to the Battle Total (tied leaders roll off, ruling war-tie)."""
    war = s.data.war
    assert war is not None
    return war_d6_outcomes(s, t.player, "" if war.contenders else war.card)


def war_d6_outcomes(s: AgeaState, player: int, war: str) -> list[tuple[Action, Fraction]]:
    """The six faces of a player's war die: for the war card ``war``, or in a roll-off."""
    what = f"for the {s.name(war)}" if war else "in the roll-off"
    return uniform([act(f"{s.player_name(player)} rolls {r} {what}", "war-roll", WARS, r)
                    for r in range(1, 7)])


@RULES.does("war-roll")
def do_war_roll(s: AgeaState, t: Task, a: Action) -> None:
    """After the last die, the highest Battle Total wins the war card (ties roll off)."""
    s.pop()
    war = s.data.war
    assert war is not None
    war.rolls[t.player] = a.args[0]
    s.log(f"{a.label}.", WARS)
    if t.players:
        s.push("war-roll", player=t.players[0], players=t.players[1:])
        return
    if war.contenders:  # a roll-off: only the new dice count (ruling war-tie)
        totals = {p: war.rolls[p] for p in war.contenders}
    else:
        totals = {}
        for p in range(s.game.players):
            base, parts = battle_base(s, p)
            totals[p] = base + war.rolls[p]
            s.log(f"{s.player_name(p)}: Battle Total {totals[p]} = {' + '.join(parts)} + "
                  f"die {war.rolls[p]}.", WARS)
    best = max(totals.values())
    leaders = [p for p in s.seats_from(s.turn_player) if totals.get(p) == best]
    if len(leaders) > 1:
        war.contenders = leaders
        s.log(f"{', '.join(s.player_name(p) for p in leaders)} tie at {best}: they roll off.",
              RULES.ruling("war-tie"))
        s.push("war-roll", player=leaders[0], players=leaders[1:])
        return
    winner = leaders[0]
    s.player_to_change(winner, "victory").victory.append(s.from_limbo(war.card))
    s.log(f"{s.player_name(winner)} wins the {s.name(war.card)} and keeps the card.", WARS)
    s.data.war = None
    if any(p.cities for q, p in enumerate(s.data.players) if q != winner):
        s.push("war-spoils", player=winner)


@RULES.offers("war-spoils")
def offer_spoils(s: AgeaState, t: Task) -> list[Action]:
    """The winner "may take a City State away from one of the losers" (ruling war-spoils)."""
    rule = RULES.ruling("war-spoils")
    out = [act(f"take {s.name(c)} from {s.player_name(q)}", "spoils", rule, c, q)
           for q in s.seats_from(t.player) if q != t.player for c in s.data.players[q].cities]
    return out + [act("take no city state", "no-spoils", rule)]


@RULES.does("spoils")
def do_spoils(s: AgeaState, t: Task, a: Action) -> None:
    """The winner takes the chosen city state from its loser."""
    s.pop()
    city, loser = a.args
    s.player_to_change(loser, "cities").cities.remove(city)
    s.gain_city(t.player, city, WARS)


@RULES.does("no-spoils")
def do_no_spoils(s: AgeaState, t: Task, a: Action) -> None:
    """The winner takes no city state."""
    s.pop()
