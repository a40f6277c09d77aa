"""Checks on Elysium positions: the invariants every position keeps (each card in exactly one
place, legal legends and domains), and why a move a player tries is refused, naming the rule.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import legends as L
from .powers import Colour, Timing
from .refs import (
    ACTIVATE,
    CHRONOS,
    CITIZEN_JOKER,
    CONDITION,
    ELEUSIS,
    FINAL,
    FORCED_CITIZEN,
    IDENTICAL,
    INSTANT,
    LEGEND_POWER,
    PASS,
    PERMANENT,
    PHASE_COUNT,
    PHASE_II,
    POWERS,
    QUOTA,
    RULES,
    TRANSFERS,
    TRIGGER,
)
from .state import III, Seat, Task
from .structure import structure_problems

if TYPE_CHECKING:
    from .rules import ElysiumState


def check_invariants(s: ElysiumState) -> list[str]:
    """Every card in exactly one place; no negative counters; legal legends and domains."""
    # the checks below assume a sound structure
    broken = structure_problems(s, {*RULES.offerers, *RULES.automatics})
    if broken:
        return broken
    d, g = s.data, s.game
    places = d.draw + d.discard + d.agora + d.oracle + d.removed
    problems: list[str] = []
    if sorted(seat.disc for seat in d.seats) != list(range(1, g.players + 1)):
        problems.append(f"discs are {[seat.disc for seat in d.seats]}")
    colours = set(g.colours_in_play)
    for q, seat in enumerate(d.seats):
        who = s.player_name(q)
        places += seat.domain
        for lg in seat.legends:
            places += lg
        if min(seat.gold, seat.vp, seat.pp, seat.lyres) < 0:
            problems.append(f"{who} has {seat.gold} gold, {seat.vp} VP, {seat.pp} PP, "
                            f"{seat.lyres} lyres")
        if len(set(seat.columns)) != len(seat.columns) or not colours.issuperset(seat.columns):
            problems.append(f"{who} has columns {seat.columns}")
        keys = [g.keys[c] for c in seat.domain if c not in seat.citizens]
        if len(keys) != len(set(keys)):
            problems.append(f"{who} has two identical cards in the domain")
        if not set(seat.domain).issuperset(seat.turned + seat.rings):
            problems.append(f"{who} has turned or ringed cards outside the domain")
        if seat.cards_taken > g.number("cards_per_epoch"):
            problems.append(f"{who} took {seat.cards_taken} cards this epoch")
        for i, lg in enumerate(seat.legends):
            if len(lg) > 1:
                problems += _legend_problems(s, seat, lg, f"{who}'s legend {i + 1}")
    if sorted(places) != g.sorted_deck:
        diff = Counter(places)
        diff.subtract(Counter(g.deck))
        problems.append(f"cards not in exactly one place: { {k: v for k, v in diff.items() if v} }")
    return problems


def _legend_problems(s: ElysiumState, seat: Seat, lg: list[str], name: str) -> list[str]:
    real, kind = L.real_cards(lg, seat, s.game.inst), L.kind(lg, s.game.inst)
    if lg[0] in seat.citizens or lg[1] in seat.citizens or len(lg) > L.CAPACITY[kind]:
        return [f"{name} has {len(lg)} cards"]
    same, different = ("family", "level") if kind == "family" else ("level", "family")
    if len({getattr(c, same) for c in real}) != 1 or \
            len({getattr(c, different) for c in real}) != len(real):
        return [f"{name} is a {kind} legend that mixes {same}s or repeats a {different}"]
    return []


# ---------------------------------------------------------------------- refusals
def diagnose(s: ElysiumState, label: str) -> tuple[str, str] | None:
    """Why a move is not legal, naming the rule, for the moves players most often try."""
    d = s.data
    if d.over:
        return FINAL, "the game is over"
    text = label.strip()
    low = text.casefold()
    task = d.tasks[-1]
    q = task.player
    seat = s.read_seat(q)
    if low.startswith("take quest"):
        if task.kind != "turn":
            return PHASE_II, "quests are taken in your Phase II turn"
        if task.count:
            return QUOTA, "you have already taken a card or quest this turn"
        if seat.quest:
            return QUOTA, "you have already taken your quest this epoch"
        number = text.rsplit(" ", 1)[-1]
        tile = next((x for x in d.quests if str(s.game.quests[x].number) == number), None)
        if tile is None:
            return PHASE_II, f"quest {number} is not under the pediment"
        return CONDITION, (f"quest {number} needs a " + " or ".join(s.quest_colours(tile))
                           + f" column; you have {', '.join(seat.columns) or 'none'}")
    if low == "take a citizen":
        if task.kind != "turn" or task.count:
            return PHASE_II, "a Citizen is taken in your Phase II turn, instead of a card"
        cards, quests = s.takeable_cards(q), s.takeable_quests(q)
        if cards:
            return FORCED_CITIZEN, (f"you can still take a card ({s.game.labels[cards[0]]}), "
                                    "so you may not take a Citizen")
        if quests:
            return FORCED_CITIZEN, "you have no quest yet and can still take one"
        return QUOTA, "you have taken your 3 cards this epoch"
    if low == "pass":
        return PASS, "you pass only when no card, quest or Citizen can be taken"
    if low.startswith("take "):
        name = text[5:].split(" from ")[0]
        inst = s.game.by_label.get(name.casefold())
        if inst is None:
            return None
        card = s.card(inst)
        if task.kind != "turn":
            return PHASE_II, "cards are taken in your Phase II turn"
        if task.count:
            return QUOTA, "you have already taken a card or quest this turn"
        if not any(s.card(c).key == card.key for c in d.agora):
            return PHASE_II, f"{name} is not in the Agora"
        if seat.cards_taken >= s.game.number("cards_per_epoch"):
            return QUOTA, "you have taken your 3 cards this epoch; take your quest or pass"
        if s.identical(q, next(c for c in d.agora if s.card(c).key == card.key)):
            return IDENTICAL, f"{name} is already in your domain"
        need = " and ".join("any" if c is Colour.BLACK else c.value for c in card.condition or ())
        return CONDITION, (f"{name} needs columns: {need}; you have "
                           f"{', '.join(seat.columns) or 'none'}")
    if low.startswith("use "):
        name = text[4:]
        inst = next((c for c in seat.domain if s.game.labels[c].casefold() == name.casefold()),
                    None)
        if inst is None:
            return POWERS, f"{name} is not in your domain: only domain cards have usable powers"
        card = s.card(inst)
        if s.counted_over_phase(inst):
            return PHASE_COUNT, (f"{name} counts the cards you transfer during the whole Phase "
                                 "III: it is settled by itself at the end of the phase")
        rules = {Timing.INSTANT: (INSTANT, "an Instant power is used only when the card is "
                                           "taken"),
                 Timing.PERMANENT: (PERMANENT, "a Permanent power acts by itself"),
                 Timing.CHRONOS: (CHRONOS, "a Chronos power scores at the end of the game"),
                 Timing.LEGEND: (LEGEND_POWER, "a Legend power is used in Phase III")}
        if card.timing in rules and not (card.timing is Timing.LEGEND and d.phase == III):
            return rules[card.timing]
        why = s.usable(q, inst)
        reasons = {ACTIVATE: "it has been used this epoch (the card is turned)",
                   TRIGGER: "its trigger ring is gone: it was used already",
                   ELEUSIS: "you need another Eleusis card in your domain"}
        if why in reasons:
            return why, reasons[why]
        if task.kind != "turn" and task.kind != "legend":
            return POWERS, "powers are used in your own turn, never in another player's"
        return None
    if low.startswith("transfer "):
        return _diagnose_transfer(s, task, text)
    return None


def _diagnose_transfer(s: ElysiumState, task: Task, text: str) -> tuple[str, str] | None:
    seat, cards = s.read_seat(task.player), s.game.inst
    name, _, where = text[9:].partition(" to ")
    if name.casefold() == "a citizen":
        inst = next((c for c in seat.domain if c in seat.citizens), None)
    else:
        inst = next((c for c in seat.domain if s.game.labels[c].casefold() == name.casefold()),
                    None)
    if inst is None:
        return TRANSFERS, f"{name} is not in your domain"
    if task.kind == "legend" and seat.lyres <= 0:
        return TRANSFERS, "your quest's lyres are used up this phase"
    if task.kind not in ("legend", "transfer"):
        return TRANSFERS, "cards are transferred in Phase III or by a power"
    if where == "a new legend":
        if inst in seat.citizens:
            return CITIZEN_JOKER, "a Citizen never starts a legend: it joins one of 2+ cards"
        level = cards[inst].level
    else:
        try:
            index = int(where.removeprefix("legend ")) - 1
            legend = seat.legends[index]
        except (ValueError, IndexError):
            return TRANSFERS, f"you have no {where}"
        why = L.why_not(legend, seat, inst, cards)
        if why is not None:
            return why
        level = (L.citizen_level(legend, seat, cards) if inst in seat.citizens
                 else cards[inst].level)
    if task.mode == "free":
        return None
    cost = level + (task.mode == "plus_one")
    return TRANSFERS, f"this transfer costs {cost} gold (its level); you have {seat.gold}"
