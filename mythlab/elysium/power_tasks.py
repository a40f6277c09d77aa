"""What card powers ask: the tasks their effects become (Elysium rulebook, Greek edition, p.7
and the glossary of p.12).

A power's choices are decisions with one offerer each (``@RULES.offers``: transfer, take,
discard, exchange, use another power, choose one, may) and moves with one doer each
(``@RULES.does``); its steps nobody decides (gain, pay, lose, a Citizen, draw, add a card) are
automatic tasks (``@RULES.automatic``), carried out as soon as they reach the top of the stack.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from .powers import Timing, UsePower, walk
from .refs import ATHENA_ORDER, CITIZENS, ELEUSIS, IDENTICAL, POWERS, RULES
from .state import Seat, Task, card_filter

if TYPE_CHECKING:
    from .rules import ElysiumState

ZONE_NAMES = {"agora": "the Agora", "oracle": "the Oracle", "discard_pile": "the discard pile",
              "domain": "your domain"}


# ---------------------------------------------------------------------- transfer
@RULES.offers("transfer")
def offer_power_transfer(s: ElysiumState, t: Task) -> list[Action]:
    """A transfer a power grants: an offer the player may stop, outside the quest's lyres."""
    offers = s.transfer_offers(t.player, t.mode, card_filter(t.spec), "power_transfer",
                               RULES.ruling("power-transfers"))
    if offers:
        offers.append(act("stop transferring", "stop", RULES.ruling("power-transfers")))
    return offers


@RULES.does("power_transfer")
def do_power_transfer(s: ElysiumState, t: Task, a: Action) -> None:
    """One of the power's transfers; the task ends with its last one."""
    t.count -= 1
    if t.count <= 0:
        s.done(t)
    s.transfer(t.player, *a.args, rule=RULES.ruling("power-transfers"))


@RULES.does("stop")
def do_stop_transferring(s: ElysiumState, t: Task, a: Action) -> None:
    """The player makes no more of the transfers the power grants."""
    s.done(t)


# ---------------------------------------------------------------------- take, discard, exchange
@RULES.offers("take")
def offer_take_from(s: ElysiumState, t: Task) -> list[Action]:
    """Take a face-up card from a zone ("acquired card"); never one already in the domain."""
    zone = s.zone(t.zone)
    spec = card_filter(t.spec)
    cards = s.distinct(c for c in zone if spec.matches(s.game.facts[c])
                       and not s.identical(t.player, c))
    return [act(f"take {s.game.labels[c]} from {ZONE_NAMES[t.zone]}", "take_from", POWERS, c)
            for c in cards]


@RULES.does("take_from")
def do_take_from(s: ElysiumState, t: Task, a: Action) -> None:
    """The card enters the domain face up (its Instant power is used)."""
    t.count -= 1
    if t.count <= 0:
        s.done(t)
    s.zone_to_change(t.zone).remove(a.args[0])
    s.enter_domain(t.player, a.args[0], f"takes from {ZONE_NAMES[t.zone]}",
                   RULES.ruling("instant-on-entry"))


@RULES.offers("discard")
def offer_discard(s: ElysiumState, t: Task) -> list[Action]:
    """Discard a card: one choice per picture, and one for "a Citizen"."""
    q, spec = t.player, card_filter(t.spec)
    if t.zone == "domain":
        seat = s.read_seat(q)
        pool = [c for c in seat.domain if spec.matches(s.facts(q, c))]
        citizens = [c for c in pool if c in seat.citizens][:1]
        pool = s.distinct(c for c in pool if c not in seat.citizens) + citizens
    else:
        pool = s.distinct(c for c in s.zone(t.zone) if spec.matches(s.game.facts[c]))
    return s.moves(_discard_move, [(c, s.label(q, c)) for c in pool])


def _discard_move(s: ElysiumState, card: tuple[str, str]) -> Action:
    """Discard the card ``instance``, named ``name`` (a Citizen's name hides it)."""
    instance, name = card
    return act(f"discard {name}", "discard", POWERS, instance)


@RULES.does("discard")
def do_discard(s: ElysiumState, t: Task, a: Action) -> None:
    """To the discard pile; a Citizen leaves the game face down."""
    q, c = t.player, a.args[0]
    t.count -= 1
    if t.count <= 0:
        s.done(t)
    seat = s.seat(q)
    if t.zone == "domain":
        s.leave_domain(q, c)
        if c in seat.citizens:
            s.seat(q, "citizens").citizens.remove(c)
            s.to_change("removed").append(c)
            s.log(f"{s.player_name(q)} discards a Citizen: it leaves the game face down.",
                  RULES.ruling("discarded-citizen"))
            return
    else:
        s.zone_to_change(t.zone).remove(c)
    s.to_change("discard").append(c)
    s.log(f"{s.player_name(q)} discards {s.game.labels[c]}.", POWERS)


def nothing_to_discard(s: ElysiumState, t: Task) -> None:
    """A discard step with no card to discard fails: the rest of its power is skipped."""
    s.fail_group(t, f"{s.player_name(t.player)} has no card to discard",
                 RULES.ruling("failed-step"))


@RULES.offers("exchange")
def offer_exchange(s: ElysiumState, t: Task) -> list[Action]:
    """Swap a domain card for a card of another zone, never for an identical one."""
    q, spec, seat = t.player, card_filter(t.spec), s.read_seat(t.player)
    mine = [c for c in seat.domain if c not in seat.citizens and spec.matches(s.game.facts[c])]
    theirs = s.distinct(s.zone(t.zone2))
    return [act(f"exchange {s.game.labels[m]} for {s.game.labels[o]}", "exchange", POWERS, m, o)
            for m in mine for o in theirs
            if s.card(m).key != s.card(o).key and not s.identical(q, o, ignore=m)]


@RULES.does("exchange")
def do_exchange(s: ElysiumState, t: Task, a: Action) -> None:
    """The domain card goes to the other zone and the card taken enters the domain."""
    s.done(t)
    mine, theirs = a.args
    zone = s.zone_to_change(t.zone2)
    zone.remove(theirs)
    s.leave_domain(t.player, mine)
    zone.append(mine)
    s.enter_domain(t.player, theirs, f"gives {s.game.labels[mine]} to {ZONE_NAMES[t.zone2]} "
                                     "and takes", RULES.ruling("instant-on-entry"))


# ---------------------------------------------------------------------- another card's power
@RULES.offers("use_power")
def offer_use_power(s: ElysiumState, t: Task) -> list[Action]:
    """Use another card's power (glossary p.12); never a card that itself uses a power."""
    q, spec, seat = t.player, card_filter(t.spec), s.read_seat(t.player)
    out = []
    for c in seat.domain:
        card = s.card(c)
        if (c == t.card or c in seat.citizens or not spec.matches(s.game.facts[c])
                or (t.mode and card.timing.value != t.mode) or s.usable(q, c) == ELEUSIS
                or card.timing in (Timing.PERMANENT, Timing.CHRONOS)
                or any(isinstance(n, UsePower) for _, n in walk(card.power))):
            continue
        out.append(act(f"use the power of {s.game.labels[c]}", "use_power",
                       RULES.ruling("no-power-chains"), c))
    return out


@RULES.does("use_power")
def do_use_power(s: ElysiumState, t: Task, a: Action) -> None:
    """The chosen card's power runs as part of the power that asked for it."""
    s.done(t)
    s.use(t.player, a.args[0], POWERS, t.group)


# ---------------------------------------------------------------------- choices
@RULES.offers("choose")
def offer_choose(s: ElysiumState, t: Task) -> list[Action]:
    """Choose one of a power's options; identical texts are told apart by number."""
    return s.moves(_choose_move, enumerate(_unique(t.labels)))


def _choose_move(s: ElysiumState, option: tuple[int, str]) -> Action:
    index, label = option
    return act(f"choose: {label}", "choose", ATHENA_ORDER, index)


def _unique(labels: list[str]) -> list[str]:
    if len(set(labels)) == len(labels):  # most often: no Counter to make
        return labels
    seen: Counter[str] = Counter(labels)
    return [f"{x} (option {i + 1})" if seen[x] > 1 else x for i, x in enumerate(labels)]


@RULES.does("choose")
def do_choose(s: ElysiumState, t: Task, a: Action) -> None:
    """The chosen option's steps go on the stack, first step on top."""
    s.done(t)
    s.log(f"{s.player_name(t.player)} chooses: {t.labels[a.args[0]]}.", ATHENA_ORDER)
    for task in reversed(t.options[a.args[0]]):
        s.push(task)


@RULES.offers("may")
def offer_may(s: ElysiumState, t: Task) -> list[Action]:
    """Accept or decline what a power offers ("may"); one that starts by paying needs the means."""
    out = []
    first = t.options[0][0] if t.options[0] else None
    if first is None or first.kind != "pay" or _affordable(s.read_seat(t.player), first):
        out.append(s.move(_accept_move, t.labels[0]))
    out.append(s.move(_decline_move))
    return out


def _accept_move(s: ElysiumState, label: str) -> Action:
    return act(f"accept: {label}", "accept", ATHENA_ORDER)


def _decline_move(s: ElysiumState) -> Action:
    return act("decline", "decline", ATHENA_ORDER)


@RULES.does("accept")
def do_accept(s: ElysiumState, t: Task, a: Action) -> None:
    """The offer's steps go on the stack, first step on top."""
    s.done(t)
    for task in reversed(t.options[0]):
        s.push(task)


@RULES.does("decline")
def do_decline(s: ElysiumState, t: Task, a: Action) -> None:
    """Nothing of the offer happens."""
    s.done(t)
    s.log(f"{s.player_name(t.player)} declines.", ATHENA_ORDER)


def _affordable(seat: Seat, t: Task) -> bool:
    return seat.gold >= t.gold and seat.vp >= t.vp and seat.pp >= t.pp


# ---------------------------------------------------------------------- automatic steps
@RULES.automatic("gain")
def gain(s: ElysiumState, t: Task) -> None:
    """Gain gold, VP or PP."""
    seat = s.seat(t.player)
    seat.gold += t.gold
    seat.vp += t.vp
    seat.pp += t.pp
    s.log(f"{s.player_name(t.player)} gains {_amount(t.gold, t.vp, t.pp)}.", _source_rule(s, t))


@RULES.automatic("pay")
def pay(s: ElysiumState, t: Task) -> None:
    """Pay in full, or the rest of the power is skipped."""
    seat = s.seat(t.player)
    if not _affordable(seat, t):
        s.fail_group(t, f"{s.player_name(t.player)} cannot pay {_amount(t.gold, t.vp, t.pp)}",
                     RULES.ruling("failed-step"))
        return
    seat.gold -= t.gold
    seat.vp -= t.vp
    seat.pp -= t.pp
    s.log(f"{s.player_name(t.player)} pays {_amount(t.gold, t.vp, t.pp)}.", _source_rule(s, t))


@RULES.automatic("lose")
def lose(s: ElysiumState, t: Task) -> None:
    """Give back what you have, up to the amount ("pay / discard", glossary p.12)."""
    seat = s.seat(t.player)
    gold, vp, pp = min(t.gold, seat.gold), min(t.vp, seat.vp), min(t.pp, seat.pp)
    seat.gold -= gold
    seat.vp -= vp
    seat.pp -= pp
    s.log(f"{s.player_name(t.player)} loses {_amount(gold, vp, pp) or 'nothing'}.",
          _source_rule(s, t))


@RULES.automatic("citizen")
def take_citizens(s: ElysiumState, t: Task) -> None:
    """Take Citizens (the top card of the draw pile, face down, p.4) while any is left."""
    for _ in range(t.count):
        if not s.take_citizen(t.player, CITIZENS):
            return


@RULES.automatic("draw")
def draw(s: ElysiumState, t: Task) -> None:
    """Draw face up into the domain; a card already there is discarded and another drawn."""
    for _ in range(t.count):
        while (card := s.draw_top()) is not None and s.identical(t.player, card):
            s.to_change("discard").append(card)
            s.log(f"{s.game.labels[card]} is already in {s.player_name(t.player)}'s domain: "
                  "discarded, another card is drawn.", IDENTICAL)
        if card is None:
            return
        s.enter_domain(t.player, card, "draws", RULES.ruling("instant-on-entry"))


@RULES.automatic("add")
def add_cards(s: ElysiumState, t: Task) -> None:
    """Add cards from the draw pile to a zone (the Oracle, the Agora …)."""
    zone = s.zone_to_change(t.zone)
    for _ in range(t.count):
        if (card := s.draw_top()) is not None:
            zone.append(card)
            s.log(f"{s.game.labels[card]} is added to {ZONE_NAMES.get(t.zone, t.zone)}.",
                  _source_rule(s, t))


@cache
def _amount(gold: int, vp: int, pp: int) -> str:
    """``1 gold and 2 VP``: written once per amount (a power's steps log one at every use)."""
    parts = [f"{gold} gold"] * bool(gold) + [f"{vp} VP"] * bool(vp) + [f"{pp} PP"] * bool(pp)
    return " and ".join(parts)


def _source_rule(s: ElysiumState, t: Task) -> str:
    return f"Elysium · card: {s.game.labels[t.card]}" if t.card else POWERS
