"""The decisions of Phase II and Phase III: a player's turn, the column it costs, and writing
legends (Elysium rulebook, Greek edition, p.5-9).

Each decision kind has one offerer (``@RULES.offers``) and each move kind one doer
(``@RULES.does``); the end of a player's Phase III is an automatic task (``settle``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from .powers import ANY, Timing
from .refs import (
    ACTIVATE,
    COLUMN,
    FORCED_CITIZEN,
    LEGEND_POWER,
    PASS,
    PHASE_COUNT,
    PHASE_II,
    PHASE_III,
    POWERS,
    RULES,
    TRANSFERS,
    TRIGGER,
)
from .state import Task

if TYPE_CHECKING:
    from .rules import ElysiumState


#: read once: a member read through its class goes through the Enum metaclass's ``__getattr__``
#: hook (Python 3.11)
_ACTIVATE = Timing.ACTIVATE


def power_offers(s: ElysiumState, q: int, powers: frozenset[str],
                 make: Callable[[ElysiumState, str], Action],
                 extra: Sequence[str] = ()) -> list[Action]:
    """Moves using the ``powers`` (a game's set of Activate and Trigger cards, or of Legend
    cards) that ``q`` may use now (domain cards, then ``extra`` cards such as the ones
    transferred this phase), made by ``make`` (``_use_move`` or ``_use_legend_move``)."""
    seat = s.data.seats[q]
    cards = seat.domain + [c for c in extra if c not in seat.domain] if extra else seat.domain
    found = s.usable_powers(q, cards, powers)
    return s.moves(make, found) if found else []  # most often none: no table to look up


def _use_move(s: ElysiumState, c: str) -> Action:
    """Use an Activate or Trigger power in a turn."""
    return _power_move(s, c, "use", POWERS)


def _use_legend_move(s: ElysiumState, c: str) -> Action:
    """Use a Legend power in Phase III."""
    return _power_move(s, c, "use_legend", LEGEND_POWER)


def _power_move(s: ElysiumState, c: str, kind: str, rule: str) -> Action:
    return act(f"use {s.game.labels[c]}", kind, rule, c,
               note=f"{s.game.labels[c]}: {s.game.texts[c]}")


# ---------------------------------------------------------------------- Phase II: a turn
@RULES.offers("turn")
def offer_turn(s: ElysiumState, t: Task) -> list[Action]:
    """Phase II turn (p.5-6): a card or a quest, a forced Citizen, or a pass; powers."""
    q = t.player
    if t.count:
        out = power_offers(s, q, s.game.turn_powers, _use_move)
        out.append(s.move(_end_move))
        return out
    cards, quests = s.takeable_cards(q), s.takeable_quests(q)
    out = s.moves(_take_move, cards)
    if quests:
        side = s.data.side
        out += [s.move(_quest_move, x, side) for x in quests]
    elif not cards:
        if s.data.seats[q].cards_taken < s.game.number("cards_per_epoch") and (s.data.draw
                                                                           or s.data.discard):
            out.append(s.move(_citizen_move))
        else:
            out.append(s.move(_pass_move))
    return out + power_offers(s, q, s.game.turn_powers, _use_move)


def _take_move(s: ElysiumState, c: str) -> Action:
    return act(f"take {s.game.labels[c]}", "take", PHASE_II, c,
               note=f"{s.game.labels[c]}: {s.game.texts[c]}")


def _quest_move(s: ElysiumState, tile: str, side: str) -> Action:
    quest = s.game.quests[tile]
    return act(f"take quest {quest.number}", "quest", PHASE_II, tile,
               note=f"Quest {quest.number}: disc #{quest.number}, {quest.vp} VP, {quest.gold} "
                    f"gold, {quest.lyres} transfers; needs "
                    + " or ".join(s.game.colours[side, tile]))


def _citizen_move(s: ElysiumState) -> Action:
    return act("take a Citizen", "citizen", FORCED_CITIZEN,
               note="No card or quest can be taken: take a Citizen")


def _pass_move(s: ElysiumState) -> Action:
    return act("pass", "pass", PASS, note="Nothing can be taken: pass")


def _end_move(s: ElysiumState) -> Action:
    return act("end turn", "end", RULES.ruling("turn-after-take"))


def _taken(s: ElysiumState, t: Task) -> None:
    """The turn's card or quest is taken: a column goes next, below the taken card's Instant
    effects (p.6, p.7)."""
    t.count = 1
    s.push(Task("column", t.player))


@RULES.does("take")
def do_take_card(s: ElysiumState, t: Task, a: Action) -> None:
    """Take a card from the Agora into the domain (p.5)."""
    _taken(s, t)
    s.to_change("agora").remove(a.args[0])
    s.seat(t.player).cards_taken += 1
    s.enter_domain(t.player, a.args[0], "takes", PHASE_II)


@RULES.does("quest")
def do_take_quest(s: ElysiumState, t: Task, a: Action) -> None:
    """Take a quest tile from under the pediment (p.5)."""
    _taken(s, t)
    s.to_change("quests").remove(a.args[0])
    s.seat(t.player).quest = a.args[0]
    s.log(f"{s.player_name(t.player)} takes quest {s.game.quests[a.args[0]].number}.", PHASE_II)


@RULES.does("citizen")
def do_take_citizen(s: ElysiumState, t: Task, a: Action) -> None:
    """No card or quest can be taken: take a Citizen instead (p.6)."""
    _taken(s, t)
    if s.take_citizen(t.player, FORCED_CITIZEN):
        s.seat(t.player).cards_taken += 1


@RULES.does("use")
def do_use(s: ElysiumState, t: Task, a: Action) -> None:
    """Use an Activate power (the card turns) or a Trigger power (its ring comes off), p.7."""
    c = a.args[0]
    if s.game.timing[c] is _ACTIVATE:
        s.seat(t.player, "turned").turned.append(c)
        s.use(t.player, c, ACTIVATE)
    else:
        s.seat(t.player, "rings").rings.remove(c)
        s.use(t.player, c, TRIGGER)


@RULES.does("pass")
def do_pass(s: ElysiumState, t: Task, a: Action) -> None:
    """Nothing can be taken: the turn passes (p.6), keeping the columns left."""
    s.done(t)
    s.log(f"{s.player_name(t.player)} passes and keeps the columns left.",
          RULES.ruling("pass-keeps-columns"))


@RULES.does("end")
def do_end_turn(s: ElysiumState, t: Task, a: Action) -> None:
    """The turn ends after its card or quest (and any powers)."""
    s.done(t)


@RULES.offers("column")
def offer_column(s: ElysiumState, t: Task) -> list[Action]:
    """After a card or quest, discard one column, any colour (p.6)."""
    return s.moves(_column_move, s.data.seats[t.player].columns)


def _column_move(s: ElysiumState, colour: str) -> Action:
    return act(f"discard the {colour} column", "column", COLUMN, colour)


@RULES.does("column")
def do_column(s: ElysiumState, t: Task, a: Action) -> None:
    """The column leaves the player's board until Phase IV."""
    s.done(t)
    s.seat(t.player, "columns").columns.remove(a.args[0])
    s.log(f"{s.player_name(t.player)} discards the {a.args[0]} column.", COLUMN)


# ---------------------------------------------------------------------- Phase III: legends
@RULES.offers("legend")
def offer_legend(s: ElysiumState, t: Task) -> list[Action]:
    """Phase III (p.8): transfers up to the quest's lyres, legend powers, then done."""
    q, seat = t.player, s.read_seat(t.player)
    out: list[Action] = []
    if seat.lyres > 0:
        out += s.transfer_offers(q, "normal", ANY, "transfer", TRANSFERS)
    done = [c for c in seat.transferred if c not in seat.legend_used]
    out += [a for a in power_offers(s, q, s.game.legend_powers, _use_legend_move, done)
            if a.args[0] not in seat.legend_used and not s.counted_over_phase(a.args[0])]
    if out:
        counted = s.phase_counts(q)
        note = ("End your transfers; at the end of Phase III "
                + ", ".join(s.game.labels[c] for c in counted)
                + f" will count the {len(seat.transferred)} card(s) you transferred"
                if counted else "")
        out.append(s.move(_end_transfers_move, note))
    return out


def _end_transfers_move(s: ElysiumState, note: str) -> Action:
    return act("end transfers", "end_transfers", PHASE_III, note=note)


@RULES.does("transfer")
def do_transfer(s: ElysiumState, t: Task, a: Action) -> None:
    """A Phase III transfer uses one of the quest's lyres (p.8)."""
    s.seat(t.player).lyres -= 1
    s.transfer(t.player, *a.args, rule=TRANSFERS)


@RULES.does("use_legend")
def do_use_legend(s: ElysiumState, t: Task, a: Action) -> None:
    """Use a Legend power, once this phase (p.8)."""
    s.seat(t.player, "legend_used").legend_used.append(a.args[0])
    s.use(t.player, a.args[0], RULES.ruling("legend-timing"))


@RULES.does("end_transfers")
def do_end_transfers(s: ElysiumState, t: Task, a: Action) -> None:
    """The player writes no more legends this phase."""
    s.done(t)


@RULES.automatic("settle")
def settle(s: ElysiumState, t: Task) -> None:
    """End of Phase III: the player's Legend powers that count the phase's transfers."""
    q, seat = t.player, s.seat(t.player, "legend_used")
    for c in s.phase_counts(q):
        seat.legend_used.append(c)
        s.log(f"End of Phase III: {s.game.labels[c]} counts the {len(seat.transferred)} "
              f"card(s) {s.player_name(q)} transferred during the phase. {s.game.texts[c]}",
              PHASE_COUNT)
        s.use(q, c, RULES.ruling("legend-timing"))
