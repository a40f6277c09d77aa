"""Resolving an adventure (Elder Sign rulebook, Greek edition, p.5-7, p.9-11) and attacking
the Ancient One (p.12).

An :class:`Attempt` walks through stages, each a decision of that kind: ``prepare`` (spend
items, spells and allies, then roll), ``roll`` (a chance node per die colour, outcomes grouped
by multiset), ``spell`` (put a rolled die on each spell just cast), ``resolve`` (complete one
task, spend a clue, or complete none), ``again`` (try again or fail), ``aside`` (the die set
aside) and ``focus`` (focus or assist). ``@RULES.offers(stage)`` lists a stage's moves and
``@RULES.does(kind)`` carries out a move of that kind; the dice landing are
:mod:`.dice_rolls`'s.

Investigator abilities are offered where they apply: before the roll (``prepare``) Jenny
Barnes's discard and, at the start of a battle turn, Carolyn Fern's and Vincent Lee's
healing; with the tasks (``resolve``) the once-per-roll die changes and Mandy Thompson's
once-per-day reroll.

Steps with no real choice are taken at once: the dice are rolled when there is nothing to
spend, a roll that can meet no task offers "the roll fails: try again / fail" in one click
(terror effects and assistants' losses come first), and a die is set aside without asking
when all dice show the same face. Dice outcomes only change the attempt, so they are applied
cheaply (``ElderSignState._copy_data_for``): a 6-dice roll has 462 outcomes.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache, lru_cache
from itertools import combinations
from operator import itemgetter, methodcaller
from typing import TYPE_CHECKING

from mythlab.engine import Action

from .dice import TERROR, investigation, parse_row
from .dice_words import describe_use, dice_text, pool_text, reroll_choices, roll_counts
from .effects import (
    apply_effects,
    apply_one,
    card_index,
    card_key,
    change_health,
    colours_sorted,
    dice_in_use,
    free_dice,
    release_attempt,
    remove_monster,
    return_card,
    rows_of,
    unlock,
)
from .load import PLAYER_KINDS, parse_token
from .refs import (
    ALLIES,
    ANCIENT_ONE,
    AUTO_FAIL,
    BATTLE,
    CLUES,
    COMPLETE,
    DICE,
    ENDING,
    FAIL,
    FAIL_ROLL,
    FOCUS,
    INVESTIGATOR,
    ITEMS,
    MONSTERS,
    ONE_TASK,
    REWARDS,
    RULES,
    SPELLS,
    SUCCESS,
    TRY_AGAIN,
    act,
)
from .refs import (
    TERROR as TERROR_RULE,
)
from .state import Attempt, InPlay, Investigator, SpellDie, Task, without
from .tasks import (
    COLOURS,
    TOTALS,
    can_complete,
    card_costs,
    card_rows,
    completions,
    faces_shown,
    fewest_dice,
    fewest_for_open_rows,
    one_row,
    open_rows,
    relevant_dice,
    split,
)

if TYPE_CHECKING:
    from mythlab.engine import Decision

    from .dice import Row
    from .rules import ElderSignState

AO = "ancient-one"
#: the stages of an attempt: each is the kind of the decision it waits for ("roll" is chance's)
STAGES = ("prepare", "roll", "spell", "resolve", "again", "aside", "focus")
#: the item effects that add a die to the roll, and its colour
ADDS = {"add_yellow": "yellow", "add_red": "red"}
#: the once-per-roll die changes of :func:`ability_actions`
DIE_CHANGES = ("terror_to_lore", "terror_to_peril", "raise_investigation")
#: Carolyn Fern's and Vincent Lee's once-per-day healing: the track each one restores
HEAL_TRACKS = {"daily_sanity": "sanity", "daily_stamina": "stamina"}


def start_attempt(s: ElderSignState, card: str) -> None:
    """Roll the 6 green dice, less locked dice and dice held on spells (p.5, p.11)."""
    d = s.data
    d.attempt = Attempt(card, to_roll=["green"] * free_dice(s, "green"))
    inv = s.active
    if card != AO and s.game.data.adventures[card].deck == "other_world" and \
            s.game.data.investigators[inv.name].ability == "other_world_dice":
        for colour in ("yellow", "red"):
            if free_dice(s, colour) > 0:
                d.attempt.to_roll = [*d.attempt.to_roll, colour]
                d.attempt.added = [*d.attempt.added, colour]
        s.log(f"{inv.name} adds the free yellow and red dice on an Other World.",
              INVESTIGATOR)
    next_roll(s)


def rows(s: ElderSignState) -> tuple[tuple[Row, str], ...]:
    """The rows of the attempt's card with the monster on each ("" for none), or the
    Ancient One's combat task."""
    a = s.data.attempt
    if a.card == AO:
        return ((one_row(parse_row(s.ancient_one.combat)), ""),)
    return rows_of(s, a.card)


def available_rows(s: ElderSignState, all_rows: Collection | None = None) -> list[int]:
    """The rows that may be completed now (``all_rows``: :func:`rows`, if already known)."""
    a = s.data.attempt
    if a.card == AO:
        return [0]
    ordered = s.game.data.adventures[a.card].card.ordered
    return open_rows(rows(s) if all_rows is None else all_rows, a.done, ordered)


def held_dice(s: ElderSignState) -> list[tuple[str, str]]:
    """Dice the active player may use without rolling: markers on this card, spells (p.9-10)."""
    d = s.data
    out = [(f"marker:{seat}", d.seats[seat].investigator.marker) for seat in held_markers(s)]
    out += [(f"spell:{sp.spell}", sp.die) for sp in d.spells if sp.die]
    return out


def held_markers(s: ElderSignState) -> list[int]:
    """The seats whose marker holds a die the active player may use (:func:`held_dice`)."""
    d = s.data
    card = d.attempt.card
    seats = []
    for seat, place in enumerate(d.seats):
        inv = place.investigator
        if inv and inv.marker and (seat == d.turn or inv.where == card):
            seats.append(seat)
    return seats


def held_count(s: ElderSignState) -> int:
    """How many dice :func:`held_dice` lists, counted without naming them."""
    spells = s.data.spells
    return len(held_markers(s)) + (sum(1 for sp in spells if sp.die) if spells else 0)


def dice_tuple(s: ElderSignState) -> tuple[tuple[str, str, int], ...]:
    """The dice a task may take, as sorted (source, face, count): the roll's by colour, and
    each held die from its own source (a marker or a spell holds one die)."""
    dice = roll_counts(tuple(sorted(s.data.attempt.rolled)))
    held = held_dice(s)
    if not held:
        return dice
    return tuple(sorted(dice + tuple((src, split(die)[1], 1) for src, die in held)))


def task_costs(s: ElderSignState, card: str, row: int) -> tuple[tuple[str, int], ...]:
    """What completing a row costs (``rowN:sanity-1``), paid on completion (p.7)."""
    return () if card == AO else row_costs(s, card)[row]


def row_costs(s: ElderSignState, card: str) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per task row of a card in play (monsters included, :func:`effects.rows_of`), what
    completing it costs as (kind, change): :func:`tasks.card_costs`."""
    return card_costs(*card_key(s, card))


def affordable(s: ElderSignState, costs: Collection[tuple[str, int]]) -> bool:
    """Whether the active investigator can pay ``costs`` and keep sanity and stamina above 0."""
    if not costs:  # most tasks cost nothing
        return True
    inv = s.active
    return all(getattr(inv, kind) + n > 0 for kind, n in costs)


# ------------------------------------------------------------------ prepare
def usable(s: ElderSignState, card: str) -> bool:
    """Whether a card may be spent now, before a roll (p.9)."""
    c = s.game.data.cards[card]
    if c.effect in ADDS:
        return free_dice(s, ADDS[c.effect]) > 0
    if c.effect == "hold_die":
        waiting = sum(1 for sp in s.data.spells if not sp.die)
        return len(s.data.attempt.to_roll) > waiting
    kind, n = parse_token(c.effect, PLAYER_KINDS)
    inv = s.active
    if kind == "sanity":
        return inv.sanity < inv.max_sanity
    if kind == "stamina":
        return inv.stamina < inv.max_stamina
    return True


def card_rule(s: ElderSignState, card: str) -> str:
    """The rule a card follows when spent: allies, spells (they hold a die), or items."""
    c = s.game.data.cards[card]
    if c.kind == "ally":
        return ALLIES
    return SPELLS if c.effect == "hold_die" else ITEMS


def jenny_actions(s: ElderSignState, a: Attempt) -> list[Action]:
    """Jenny Barnes: before her first roll, discard a common item, spell or clue for the
    yellow and red dice."""
    if a.rolls or a.card == AO or a.added:
        return []
    inv = s.active
    if (s.game.data.investigators[inv.name].ability != "discard_for_dice"
            or free_dice(s, "yellow") < 1 or free_dice(s, "red") < 1):
        return []
    kinds = s.game.data.cards
    what = sorted({c for c in inv.cards if kinds[c].kind in ("common_item", "spell")})
    acts = [act(f"{inv.name}: discard {c} for the yellow and red dice", "jenny",
                INVESTIGATOR, c) for c in what]
    if inv.clues:
        acts.append(act(f"{inv.name}: discard a clue for the yellow and red dice", "jenny",
                        INVESTIGATOR, ""))
    return acts


@RULES.does("jenny")
def do_jenny(s: ElderSignState, task: Decision, action: Action) -> None:
    """Jenny Barnes discards a card or a clue: the yellow and red dice join the roll."""
    (card,) = action.args
    inv = s.active_to_change()
    a = s.data.attempt
    if card:
        inv.cards.remove(card)
        return_card(s, card)
    else:
        inv.clues -= 1
    a.to_roll = [*a.to_roll, "yellow", "red"]
    a.added = [*a.added, "yellow", "red"]
    s.log(f"{inv.name} discards {card or 'a clue'}: the yellow and red dice join the roll.",
          INVESTIGATOR)
    roll_if_nothing_else(s)


@RULES.offers("prepare")
def offer_prepare(s: ElderSignState, decision: Decision | None = None) -> list[Action]:
    """Roll, or spend cards first. With no die to roll (only an item could add one) the
    choice is to add a die or to fail: held dice alone make no roll (ruling
    'no-roll-without-dice'). The attempt holds the stage, so no decision is needed."""
    a = s.data.attempt
    stop = "stop attacking" if a.card == AO else "fail the adventure"
    first = act(f"roll {pool_text(a.to_roll)}", "roll", DICE) if a.to_roll else \
        act(f"{stop} (no die to roll)", "give-up", RULES.ruling("no-roll-without-dice"))
    return [first] + before_the_roll(s)


def before_the_roll(s: ElderSignState) -> list[Action]:
    """What may be done before rolling besides the roll: Jenny Barnes's discard, the daily
    healing, spending a usable item, spell or ally (p.9-10)."""
    acts = jenny_actions(s, s.data.attempt) + healing_actions(s)
    seen = set()
    for card in s.active.cards:
        if card not in seen and usable(s, card):
            seen.add(card)
            acts.append(spend_move(card, card_rule(s, card), s.game.data.cards[card].effect))
    return acts


@cache
def spend_move(card: str, rule: str, effect: str) -> Action:
    """Spending ``card`` (its ``rule`` and ``effect``), made once per card (moves are frozen)."""
    return act(f"spend {card}", "spend", rule, card,
               note=f"spend {card} ({effect.replace('_', ' ')})")


def anything_before_the_roll(s: ElderSignState) -> bool:
    """Whether :func:`before_the_roll` offers anything, found without making the moves for
    the cards (a playout asks at every roll)."""
    return bool(jenny_actions(s, s.data.attempt) or healing_actions(s)) or \
        any(usable(s, card) for card in s.active.cards)


@RULES.does("spend")
def do_spend(s: ElderSignState, task: Decision, action: Action) -> None:
    """An item, spell or ally is spent before the roll (p.9-10)."""
    (card,) = action.args
    inv = s.active_to_change()
    a = s.data.attempt
    c = s.game.data.cards[card]
    inv.cards.remove(card)
    rule = card_rule(s, card)
    if c.effect in ("add_yellow", "add_red"):
        colour = "yellow" if c.effect == "add_yellow" else "red"
        a.to_roll = [*a.to_roll, colour]
        a.added = [*a.added, colour]
        return_card(s, card)
        s.log(f"{inv.name} spends {card}: the {colour} die joins the roll.", rule)
    elif c.effect == "hold_die":
        s.to_change("spells").append(SpellDie(card))
        s.log(f"{inv.name} casts {card}: after the roll one die goes on it.", rule)
    else:
        return_card(s, card)
        s.log(f"{inv.name} spends {card}.", rule)
        kind, n = parse_token(c.effect, PLAYER_KINDS)
        apply_one(s, s.data.turn, kind, n, rule)
    if s.data.attempt is a:
        roll_if_nothing_else(s)


def roll_if_nothing_else(s: ElderSignState) -> None:
    """With dice to roll and nothing else to do first, the dice are rolled at once."""
    a = s.data.attempt
    if a.to_roll and not anything_before_the_roll(s):
        throw(s)


def throw(s: ElderSignState) -> None:
    """The dice in hand are thrown: chance decides them next (p.6)."""
    a = s.data.attempt
    a.to_roll = colours_sorted(a.to_roll)
    a.stage = "roll"


@RULES.does("roll")
def do_roll(s: ElderSignState, task: Decision, action: Action) -> None:
    """The player rolls the dice in hand (p.6)."""
    throw(s)


# ------------------------------------------------------------------ chance
@RULES.does("dice")
def do_dice(s: ElderSignState, task: Decision, action: Action) -> None:
    """The dice of one colour land (their faces as ``"colour:FACE"``)."""
    colour, _, dice = action.args
    a = s.data.attempt
    a.to_roll = list(filter(colour.__ne__, a.to_roll))
    a.rolled = [*a.rolled, *dice]
    if not a.to_roll:
        a.rolled = a.kept + a.rolled
        a.kept = []
        a.twisted = False
        s.log(f"{s.active.name} rolls: {', '.join(a.rolled) or 'nothing'}.", DICE)
        after_roll(s)


def after_roll(s: ElderSignState) -> None:
    """A roll is counted; a die goes on each spell just cast if any was rolled, else the
    player compares the roll with the tasks."""
    a = s.data.attempt
    a.rolls += 1
    if a.rolled and s.data.spells and any(not sp.die for sp in s.data.spells):
        a.stage = "spell"
    else:
        to_resolve(s)


@RULES.offers("spell")
def offer_spell(s: ElderSignState, decision: Decision) -> list[Action]:
    """Which rolled die goes on the spell just cast (p.9-10)."""
    a = s.data.attempt
    spell = next(sp for sp in s.data.spells if not sp.die)
    return [act(f"put {die} on {spell.spell}", "spell-die", SPELLS, spell.spell, die)
            for die in sorted(set(a.rolled))]


@RULES.does("spell-die")
def do_spell_die(s: ElderSignState, task: Decision, action: Action) -> None:
    """A rolled die goes on a spell and stays there until the spell is used."""
    spell, die = action.args
    a = s.data.attempt
    a.rolled = without(a.rolled, die)
    next(sp for sp in s.to_change("spells") if sp.spell == spell).die = die
    s.log(f"{die} is kept on {spell}.", SPELLS)
    if not a.rolled or all(sp.die for sp in s.data.spells):
        release_attempt(s)  # spells cast when no die was left get nothing
        to_resolve(s)


# ------------------------------------------------------------------ resolve
def completion_actions(s: ElderSignState) -> list[Action]:
    """Each way the dice complete an open task the investigator can pay for (p.6-7): per
    row, the moves for the dice it can use (:func:`tasks.relevant_dice`), so that rolls
    alike in those share their moves."""
    a = s.data.attempt
    dice = dice_tuple(s)
    if not dice:
        return []
    acts: list[Action] = []
    battle = a.card == AO
    if battle:
        all_rows, costs = rows(s), ((),)
    else:  # the card's monsters read once for its rows and their costs
        key = card_key(s, a.card)
        all_rows, costs = card_rows(*key), card_costs(*key)
    wild = s.game.options["wild"]
    shown, faces = faces_shown(dice)
    for r in available_rows(s, all_rows):
        if affordable(s, costs[r]):
            row = all_rows[r][0]
            if can_complete(row, shown, faces, wild):
                acts += row_completions(row, r, battle, relevant_dice(row, dice, wild), wild,
                                        marker_names(s, dice))
    return acts


def marker_names(s: ElderSignState, dice: tuple[tuple[str, str, int], ...]) -> tuple[str, ...]:
    """Each seat's investigator ("" for none) when one of ``dice`` is held on a marker, the
    only dice whose moves name them; else ``()``, so that the moves are kept without them."""
    if any(map(_ON_MARKER, map(_SOURCE, dice))):
        return tuple(p.investigator.name if p.investigator else "" for p in s.data.seats)
    return ()


@lru_cache(maxsize=1 << 14)
def row_completions(row: Row, r: int, battle: bool, dice: tuple[tuple[str, str, int], ...],
                    wild: str, names: tuple[str, ...]) -> tuple[Action, ...]:
    """The moves completing row ``r`` (the combat task in a ``battle``) with ``dice``, one per
    way of :func:`tasks.completions` (``names``: each seat's investigator, for dice held on
    markers). Cached: the moves depend on nothing else and are frozen."""
    what = "the combat task" if battle else f"task {r + 1}"
    return tuple(act(f"complete {what} ({row}) with {describe_use(use, names)}", "complete",
                     BATTLE if battle else COMPLETE, r, use)
                 for use in completions(row, dice, wild))


def clue_actions(s: ElderSignState) -> list[Action]:
    """Reroll some or all dice of the roll (p.10): with a clue, or Joe Diamond's free reroll.

    One action per distinct multiset of dice (dice of one colour and face are alike), all
    dice first, then fewer and fewer: up to 63 for six different faces, as the odds solver
    counts them.
    """
    a = s.data.attempt
    free = a.free_reroll
    if not (s.active.clues or free) or not a.rolled:
        return []
    return list(reroll_choices(tuple(sorted(a.rolled)), free))


def to_resolve(s: ElderSignState) -> None:
    """After a roll: the player compares it with the tasks (p.6-7).

    Whether a task can be met is worked out when the actions are asked for, not here, so
    the hundreds of outcomes of a roll stay cheap to apply.
    """
    s.data.attempt.stage = "resolve"


def ability_actions(s: ElderSignState) -> list[Action]:
    """Once-per-roll die changes of Harvey Walters, Michael McGlen and Darrell Simmons."""
    a = s.data.attempt
    if a.twisted or a.card == AO:
        return []
    inv = s.active
    ability = s.game.data.investigators[inv.name].ability
    if ability not in DIE_CHANGES:
        return []
    acts = []
    for die in sorted(set(a.rolled)):
        colour, face = split(die)
        if ability in ("terror_to_lore", "terror_to_peril") and face == TERROR:
            new = "LORE" if ability == "terror_to_lore" else "PERIL"
        elif ability == "raise_investigation" and investigation(face) and \
                investigation(face) < (3 if colour == "green" else 4):
            new = f"INV_{investigation(face) + 1}"
        else:
            continue
        acts.append(act(f"{inv.name}: turn {die} into {new}", "twist", INVESTIGATOR, die,
                        f"{colour}:{new}"))
    return acts


@RULES.does("twist")
def do_twist(s: ElderSignState, task: Decision, action: Action) -> None:
    """A once-per-roll ability changes one die of the roll."""
    die, new = action.args
    a = s.data.attempt
    a.rolled = [*without(a.rolled, die), new]
    a.twisted = True
    s.log(f"{s.active.name} turns {die} into {new}.", INVESTIGATOR)


# ------------------------------------------------------------------ once-per-day abilities
def ready_today(s: ElderSignState,
                abilities: Collection[str]) -> list[tuple[int, Investigator]]:
    """Seats whose investigator has one of ``abilities`` and has not used it since the last
    midnight (a day runs from one midnight to the next: mythlab ruling 'once-per-day')."""
    cards = s.game.data.investigators
    ready = []
    for seat, place in enumerate(s.data.seats):
        inv = place.investigator
        if inv is not None and not inv.used_today and cards[inv.name].ability in abilities:
            ready.append((seat, inv))
    return ready


def healing_actions(s: ElderSignState) -> list[Action]:
    """Carolyn Fern (sanity) and Vincent Lee (stamina): once per day, at the start of any
    player's turn, one investigator of their choice below the maximum regains 1 (mythlab
    rulings 'daily-healing' and 'team-abilities': offered among the active player's moves)."""
    d = s.data
    if not d.turn_start:
        return []
    acts = []
    for seat, healer in ready_today(s, HEAL_TRACKS):
        track = HEAL_TRACKS[s.game.data.investigators[healer.name].ability]
        for target, place in enumerate(d.seats):
            inv = place.investigator
            if inv is not None and getattr(inv, track) < getattr(inv, f"max_{track}"):
                acts.append(act(f"{healer.name}: {inv.name} regains 1 {track}", "heal",
                                INVESTIGATOR, seat, target, track))
    return acts


@RULES.does("heal")
def do_heal(s: ElderSignState, task: Decision, action: Action) -> None:
    """Carolyn Fern or Vincent Lee heals an investigator (once per day)."""
    healer, target, track = action.args
    d = s.data
    inv = s.investigator_to_change(healer)
    inv.used_today = True
    s.log(f"{inv.name} uses the once-per-day ability on "
          f"{d.seats[target].investigator.name}.", INVESTIGATOR)
    change_health(s, target, track, 1, INVESTIGATOR)
    a = d.attempt
    if a is not None and a.to_roll and not anything_before_the_roll(s):  # the battle: nothing else
        d.turn_start = False
        throw(s)


def daily_reroll_actions(s: ElderSignState) -> list[Action]:
    """Mandy Thompson: once per day, after any player's roll and before it is checked against
    a task, reroll 1 or 2 of its dice, chosen by colour and face (mythlab rulings
    'mandy-thompson-reroll' and 'team-abilities')."""
    a = s.data.attempt
    if a.chained or not a.rolled:  # Amanda Sharpe has already used this roll for a task
        return []
    acts = []
    for seat, mandy in ready_today(s, ("daily_reroll",)):
        for n in (1, 2):
            for dice in sorted(set(combinations(sorted(a.rolled), n))):
                acts.append(act(f"{mandy.name}: reroll {' and '.join(dice)}", "daily-reroll",
                                INVESTIGATOR, seat, dice))
    return acts


@RULES.does("daily-reroll")
def do_daily_reroll(s: ElderSignState, task: Decision, action: Action) -> None:
    """Mandy Thompson rerolls 1 or 2 dice of the roll (once per day)."""
    seat, dice = action.args
    mandy = s.investigator_to_change(seat)
    mandy.used_today = True
    reroll_dice(s.data.attempt, dice)
    s.log(f"{mandy.name} rerolls {' and '.join(dice)} (once per day).", INVESTIGATOR)


def daily_refusal(s: ElderSignState, who: str, what: str) -> tuple[str, str] | None:
    """Why ``"<who>: <what>"``, a once-per-day ability, is not legal now (None if it is not
    one of those abilities, or no better reason is known)."""
    ability = s.game.data.investigators[who].ability
    if ability not in HEAL_TRACKS and ability != "daily_reroll":
        return None
    d = s.data
    inv = next((p.investigator for p in d.seats
                if p.investigator is not None and p.investigator.name == who), None)
    if inv is None:
        return INVESTIGATOR, f"{who} is not in play"
    if inv.used_today:
        return INVESTIGATOR, (f"{who}'s ability is once per day and was used today (a day "
                              "runs from one midnight to the next)")
    if ability == "daily_reroll":
        a = d.attempt
        if a is None or a.stage != "resolve" or a.chained or d.pending:
            return INVESTIGATOR, (f"{who} rerolls dice only right after a roll, before it is "
                                  "checked against a task")
        return INVESTIGATOR, f"{who} rerolls 1 or 2 dice of the roll ({', '.join(a.rolled)})"
    if not d.turn_start or d.pending:
        return INVESTIGATOR, f"{who}'s ability is used at the start of a turn, before its " \
                             "first action"
    track = HEAL_TRACKS[ability]
    name = what.removesuffix(f" regains 1 {track}")
    target = next((p.investigator for p in d.seats
                   if p.investigator is not None and p.investigator.name == name), None)
    if target is None:
        return INVESTIGATOR, f"{name!r} is not an investigator in play"
    return INVESTIGATOR, f"{name} already has full {track}"


@RULES.offers("resolve")
def offer_resolve(s: ElderSignState, decision: Decision) -> list[Action]:
    """After a roll: complete a task, spend a clue, use an ability, or complete none (p.6-7)."""
    a = s.data.attempt
    options = completion_actions(s) + clue_actions(s) + ability_actions(s) + \
        daily_reroll_actions(s)
    if a.chained:  # Amanda Sharpe: another task with this roll, or roll the rest
        return options + [act("roll the remaining dice", "reroll", ONE_TASK)]
    return options + failure_actions(s, a, "complete no task" if options else
                                     "the roll fails")


def failure_actions(s: ElderSignState, a: Attempt, head: str) -> list[Action]:
    """Completing no task fails the roll; the next choice (try again or fail, p.7) comes in
    the same click. Terror effects and assistants' losses are applied first."""
    terror_fails = (a.card != AO and shows_terror(a.rolled)
                    and "immediate_fail" in terror_effects(s, a.card)
                    and s.game.data.investigators[s.active.name].ability != "fearless")
    return list(failure_moves(head, a.card == AO, terror_fails, bool(a.rolled)))


@cache
def failure_moves(head: str, battle: bool, terror_fails: bool, dice_left: bool
                  ) -> tuple[Action, ...]:
    """The moves of :func:`failure_actions`, made once (moves are frozen): the adventure
    fails to a terror, or no die is left to try again with, or try again / fail (stop)."""
    if terror_fails:
        return (act(f"{head} (terror: the adventure fails)", "no-task", TERROR_RULE),)
    if not dice_left:
        return (act(head, "no-task", FAIL_ROLL),)
    stop = "stop attacking" if battle else "fail the adventure"
    return (act(f"{head}: try again", "fail-retry", TRY_AGAIN),
            act(f"{head}: {stop}", "fail-stop", FAIL_ROLL))


@RULES.does("no-task")
def do_no_task(s: ElderSignState, task: Decision, action: Action) -> None:
    """The roll completes no task (p.7)."""
    failed_roll(s)


@RULES.does("fail-retry")
def do_fail_retry(s: ElderSignState, task: Decision, action: Action) -> None:
    """The roll completes no task, and the player tries again (p.7)."""
    failed_roll(s)
    a = s.data.attempt
    if a is not None and a.stage == "again":
        try_again(s)


@RULES.does("try-again")
def do_try_again(s: ElderSignState, task: Decision, action: Action) -> None:
    """The player tries again after a failed roll (p.7)."""
    try_again(s)


def try_again(s: ElderSignState) -> None:
    """Try again: choose the die to set aside (no choice when all dice show the same)."""
    a = s.data.attempt
    a.stage = "aside"
    if len(set(a.rolled)) == 1:
        set_aside(s, a.rolled[0])


@RULES.does("fail-stop")
def do_fail_stop(s: ElderSignState, task: Decision, action: Action) -> None:
    """The roll completes no task, and the player fails the adventure (or stops attacking)."""
    failed_roll(s)
    a = s.data.attempt
    if a is not None and a.stage == "again":
        give_up(s)


@RULES.does("clue")
def do_clue(s: ElderSignState, task: Decision, action: Action) -> None:
    """A clue (or Joe Diamond's free reroll) rerolls some dice of the roll (p.10)."""
    dice, free = action.args
    a = s.data.attempt
    if free:
        inv = s.active
        a.free_reroll = False
    else:
        inv = s.active_to_change()
        inv.clues -= 1
        a.free_reroll = s.game.data.investigators[inv.name].ability == "second_reroll"
    reroll_dice(a, dice)
    if free:
        s.log(f"{inv.name} rerolls {dice_text(dice)} for free.", INVESTIGATOR)
    else:
        s.log(f"{inv.name} spends a clue and rerolls {dice_text(dice)}"
              + (" (one more reroll is free)." if a.free_reroll else "."), CLUES)


def reroll_dice(a: Attempt, dice: list[str] | tuple[str, ...]) -> None:
    """Put ``dice`` (some of the roll) back in the air; the other dice of the roll stay."""
    kept = a.rolled[:]
    for die in dice:
        kept.remove(die)
    a.kept = kept
    a.to_roll = colours_sorted(colours_of(dice))
    a.rolled = []
    a.stage = "roll"


def take_die(s: ElderSignState, src: str, face: str) -> str:
    """Take one die off the roll, a marker or a spell; return its colour."""
    d = s.data
    a = d.attempt
    if src in COLOURS:
        a.rolled = without(a.rolled, f"{src}:{face}")
        return src
    if src.startswith("marker:"):
        inv = s.investigator_to_change(int(src.partition(":")[2]))
        colour = split(inv.marker)[0]
        inv.marker = ""
        return colour
    spells = s.to_change("spells")
    spell = next(sp for sp in spells if sp.spell == src.partition(":")[2])
    spells.remove(spell)
    return_card(s, spell.spell)
    return split(spell.die)[0]


@RULES.does("complete")
def do_complete(s: ElderSignState, task: Decision, action: Action) -> None:
    """A task is completed with the dice ``use`` names (p.6; the combat task, p.12)."""
    r, use = action.args
    d = s.data
    a = d.attempt
    row, monster = rows(s)[r]
    for src, face, k in use:
        for _ in range(k):
            a.used = [*a.used, take_die(s, src, face)]
    if a.card == AO:
        d.doom -= 1
        s.log(f"{s.active.name} completes the combat task: a doom token is removed "
              f"(doom {d.doom}).", BATTLE)
        if d.doom <= 0:
            s.finish("won", f"the last doom token is removed: {s.ancient_one.name} is banished",
                     ENDING)
            return
        continue_rolling(s)
        return
    s.log(f"{s.active.name} completes task {r + 1} ({row}) of {a.card}.", COMPLETE)
    a.done = [*a.done, r]
    if monster:
        a.won = [*a.won, monster]
    for kind, n in task_costs(s, a.card, r):
        change_health(s, d.turn, kind, n, COMPLETE)
    if d.attempt is None:  # devoured paying the cost
        return
    if len(a.done) == len(rows(s)):
        succeed(s)
    elif a.rolled and s.game.data.investigators[s.active.name].ability == "many_tasks":
        a.chained = True  # she may complete another task with the same roll
        s.log(f"{s.active.name} may complete another task with this roll.", INVESTIGATOR)
    else:
        continue_rolling(s)


@RULES.does("reroll", "no-focus")
def do_roll_on(s: ElderSignState, task: Decision, action: Action) -> None:
    """The player rolls the dice left: after Amanda Sharpe's task, or without focusing."""
    continue_rolling(s)


def continue_rolling(s: ElderSignState) -> None:
    """The dice not placed are rolled again for the next task (p.7, p.12)."""
    a = s.data.attempt
    if a.rolled and a.stage == "resolve":
        s.log(f"One task per roll: the {len(a.rolled)} dice left are rolled again.", ONE_TASK)
    a.chained = False
    a.to_roll = colours_sorted(colours_of(a.rolled))
    a.rolled = []
    a.free_reroll = False
    next_roll(s)


def dice_left(s: ElderSignState, extra: int = 0) -> tuple[int, int, int]:
    """Dice the player could still roll (the roll's or about to be rolled, and dice items
    could add), dice held (markers, spells) and the best investigation a die shows."""
    a = s.data.attempt
    rollable = len(a.to_roll) + len(a.rolled) + extra
    best = 3
    cards = s.game.data.cards
    adds = []
    for card in s.active.cards:
        effect = cards[card].effect
        if effect in ADDS:
            adds.append(ADDS[effect])
    if adds:
        in_use = dice_in_use(s)
        for colour in adds:
            if TOTALS[colour] > in_use[colour]:  # the die is free: the item may add it
                rollable += 1
                best = 4
    if best == 3 and (a.to_roll.count("green") < len(a.to_roll)
                      or not all(map(_GREEN_DIE, a.rolled))):
        best = 4
    return rollable, held_count(s), best


_GREEN_DIE = methodcaller("startswith", "green:")
_ON_MARKER = methodcaller("startswith", "marker:")
_SOURCE = itemgetter(0)  # of a (source, face, count) entry


def can_still(s: ElderSignState, extra: int = 0) -> bool:
    """Whether some open row could still be completed with the dice left (p.7), counted
    with :func:`fewest_dice` (mythlab ruling 'no-way-left'): a task is completed with a roll,
    so at least one die must be left to roll (mythlab ruling 'no-roll-without-dice'); held
    dice count towards the task."""
    a = s.data.attempt
    in_hand = len(a.to_roll) + len(a.rolled) + extra
    # the least the dice left can do: the dice in hand alone, at 3 investigation a die
    if in_hand > 0 and fewest_to_complete(s, 3) <= in_hand:
        return True
    rollable, held, best = dice_left(s, extra)
    return rollable > 0 and fewest_to_complete(s, best) <= rollable + held


def fewest_to_complete(s: ElderSignState, best: int) -> int | float:
    """The fewest dice that could complete an open row of the attempt's card, or the combat
    task, when a die shows at most ``best`` investigation (:func:`tasks.fewest_dice`)."""
    a = s.data.attempt
    if a.card == AO:
        return fewest_dice(rows(s)[0][0], best)
    return fewest_for_open_rows(*card_key(s, a.card), tuple(a.done),
                                s.game.data.adventures[a.card].card.ordered, best)


def next_roll(s: ElderSignState) -> None:
    """Roll again if a task can still be completed; with nothing to spend, roll at once."""
    a = s.data.attempt
    if can_still(s):
        a.stage = "prepare"
        roll_if_nothing_else(s)
        return
    if a.card == AO:
        rollable = dice_left(s)[0]
        s.log(f"The {rollable} {'die' if rollable == 1 else 'dice'} left cannot complete the "
              "combat task: the attack ends." if rollable else
              "No dice are left: the attack ends.", BATTLE)
        end_attempt(s)
    elif not dice_left(s)[0] and held_dice(s):
        s.log("No die is left to roll, and held dice complete no task alone: the adventure "
              "fails.", RULES.ruling("no-roll-without-dice"))
        fail_adventure(s)
    else:
        s.log("No task can be completed with the dice left: the adventure fails.", AUTO_FAIL)
        fail_adventure(s)


# ------------------------------------------------------------------ a failed roll
def failed_roll(s: ElderSignState) -> None:
    """Terror effects, assisting investigators pay, then try again or fail (p.7, p.10; each
    failed roll costs an assistant 1 sanity or stamina: mythlab ruling 'assist-loss')."""
    d = s.data
    a = d.attempt
    a.stage = "again"
    a.free_reroll = False
    s.log("The roll completes no task.", FAIL_ROLL)
    if a.card == AO:
        check_again(s)
        return
    inv = s.active
    if shows_terror(a.rolled):
        if s.game.data.investigators[inv.name].ability == "fearless":
            s.log(f"Terror effects do not affect {inv.name}.", INVESTIGATOR)
        else:
            for effect in terror_effects(s, a.card):
                terror(s, effect)
                if d.attempt is None or d.result:
                    return
    for seat, place in enumerate(d.seats):
        helper = place.investigator
        if seat != d.turn and helper and helper.marker and helper.where == a.card:
            s.to_change("pending").append(Task("helper", seat))
    check_again(s)


def shows_terror(dice: Collection[str]) -> bool:
    """Whether one of ``dice`` (``"colour:FACE"``) shows a terror."""
    return any(map(_SHOWS_TERROR, dice))


_SHOWS_TERROR = methodcaller("endswith", f":{TERROR}")


def colours_of(dice: Collection[str]) -> list[str]:
    """The colours of ``dice`` (``"colour:FACE"``), in their order."""
    return [die.partition(":")[0] for die in dice]


def terror_effects(s: ElderSignState, card: str) -> list[str]:
    """The card's terror effect and the Mythos card's (p.7)."""
    out = []
    effect = s.game.data.adventures[card].terror_effect
    if effect and effect != "none":
        out.append(effect)
    m = s.mythos
    if m is not None and m.lasting == "terror":
        out += list(m.lasting_effect)
    return out


def terror(s: ElderSignState, effect: str) -> None:
    """One terror effect of a failed roll (p.7): the adventure fails, the dice showing terror
    are set aside, or a penalty token applies."""
    d = s.data
    a = d.attempt
    s.log(f"The roll shows a terror: {effect.replace('_', ' ')}.", TERROR_RULE)
    if effect == "immediate_fail":
        fail_adventure(s)
    elif effect == "discard_all_terror":
        lost = [x for x in a.rolled if split(x)[1] == TERROR]
        a.rolled = [x for x in a.rolled if split(x)[1] != TERROR]
        a.aside = a.aside + [split(x)[0] for x in lost]
    else:
        kind, n = parse_token(effect, PLAYER_KINDS)
        apply_one(s, d.turn, kind, n, TERROR_RULE)


def check_again(s: ElderSignState) -> None:
    """Automatic failure when even trying again could not complete a task (p.7)."""
    a = s.data.attempt
    if a is not None and a.stage == "again" and (not a.rolled or not can_still(s, extra=-1)):
        if a.card == AO:
            s.log("Not enough dice are left to try again: the attack ends.", BATTLE)
            end_attempt(s)
        else:
            s.log("Not enough dice are left to try again.", AUTO_FAIL)
            fail_adventure(s)


@RULES.offers("again")
def offer_again(s: ElderSignState, decision: Decision) -> list[Action]:
    """After a failed roll: try again, or fail the adventure (stop attacking) (p.7)."""
    a = s.data.attempt
    stop = ("stop attacking", "stop", BATTLE) if a.card == AO else \
        ("fail the adventure", "give-up", FAIL)
    return [act("try again", "try-again", TRY_AGAIN), act(*stop)]


@RULES.offers("aside")
def offer_aside(s: ElderSignState, decision: Decision) -> list[Action]:
    """Trying again: which die to set aside for the rest of the adventure (p.7)."""
    return list(map(aside_move, sorted(set(s.data.attempt.rolled))))


@cache
def aside_move(die: str) -> Action:
    """Setting ``die`` (``"colour:FACE"``) aside, made once per die (moves are frozen)."""
    return act(f"set aside {die}", "aside", TRY_AGAIN, die)


def focus_allowed(s: ElderSignState) -> bool:
    """Whether focus and assist are allowed: not against the Ancient One, nor under a
    "no focus" Mythos."""
    m = s.mythos
    return s.data.attempt.card != AO and not (m is not None and m.lasting == "no_focus")


@RULES.offers("focus")
def offer_focus(s: ElderSignState, decision: Decision | None = None) -> list[Action]:
    """Focus a die on your marker, have an investigator on the card assist, or neither
    (p.10). The attempt holds the stage, so no decision is needed."""
    d = s.data
    holders = marker_holders(s)
    acts = []
    for die in sorted(set(d.attempt.rolled)):
        for seat in holders:
            label = f"focus: keep {die} on your marker" if seat == d.turn else \
                f"assist: {d.seats[seat].investigator.name} keeps {die}"
            acts.append(act(label, "focus", FOCUS, seat, die))
    return acts + [act("no focus", "no-focus", FOCUS)]


def marker_holders(s: ElderSignState) -> list[int]:
    """The seats whose empty marker may take a die now: the active player's, then each other
    investigator on the card (p.10)."""
    d = s.data
    card = d.attempt.card
    helpers = [seat for seat, place in enumerate(d.seats)
               if seat != d.turn and (helper := place.investigator) and helper.where == card
               and not helper.marker]
    return helpers if s.active.marker else [d.turn] + helpers


@RULES.does("aside")
def do_aside(s: ElderSignState, task: Decision, action: Action) -> None:
    """The player sets the die named aside (p.7)."""
    set_aside(s, action.args[0])


def set_aside(s: ElderSignState, die: str) -> None:
    """``die`` is set aside; then focus or assist if anyone may, else the dice left roll."""
    a = s.data.attempt
    a.rolled = without(a.rolled, die)
    a.aside = [*a.aside, split(die)[0]]
    s.log(f"{die} is set aside for the rest of this adventure.", TRY_AGAIN)
    if a.rolled and focus_allowed(s) and marker_holders(s):
        a.stage = "focus"
    else:
        continue_rolling(s)


@RULES.does("focus")
def do_focus(s: ElderSignState, task: Decision, action: Action) -> None:
    """A die stays on the marker of the active investigator or an assistant (p.10)."""
    seat, die = action.args
    a = s.data.attempt
    a.rolled = without(a.rolled, die)
    inv = s.investigator_to_change(seat)
    inv.marker = die
    who = "focuses" if seat == s.data.turn else f"has {inv.name} assist"
    s.log(f"{s.active.name} {who}: {die} stays on {inv.name}'s marker.", FOCUS)
    continue_rolling(s)


# ------------------------------------------------------------------ the end of an attempt
def end_attempt(s: ElderSignState) -> None:
    """The attempt ends (spells that got no die go back) and the turn moves on to the Clock."""
    d = s.data
    release_attempt(s)
    d.attempt = None
    d.phase = "Clock"


def win_monsters(s: ElderSignState, card: str, monsters: list[str], rule: str) -> None:
    """Monsters whose tasks were completed become the player's trophies, with rewards (p.11)."""
    d = s.data
    for m in monsters:
        remove_monster(s, card, m)
        inv = s.active_to_change()
        if inv is None:
            d.cup = d.cup + [m]
            continue
        inv.trophies.append(f"monster:{m}")
        s.log(f"{inv.name} takes {s.game.data.monsters[m].name} as a trophy.", rule)
        apply_effects(s, d.turn, s.game.data.monsters[m].reward, MONSTERS)


def fail_adventure(s: ElderSignState) -> None:
    """Monsters beaten go with the player, then the card's penalties (p.7, p.11)."""
    d = s.data
    a = d.attempt
    end_attempt(s)
    s.log(f"{s.active.name} fails {a.card}.", FAIL)
    win_monsters(s, a.card, a.won, MONSTERS)
    apply_effects(s, d.turn, penalty_tokens(s, a.card), FAIL)
    if s.ancient_one.ability == "other_worlds_consumed" and not d.result and \
            s.game.data.adventures[a.card].deck == "other_world":
        consume_other_world(s, a.card)


def consume_other_world(s: ElderSignState, card: str) -> None:
    """Yog-Sothoth: a failed Other World leaves the game; with none left he awakens."""
    d = s.data
    on_card = next((c for c in d.board if c.name == card), None)
    if on_card is None:
        return
    d.cup = d.cup + [p.monster for p in on_card.monsters]
    for p in on_card.monsters:
        unlock(s, f"monster:{p.monster}")
    unlock(s, f"card:{card}")
    s.to_change("board").remove(on_card)
    d.removed = d.removed + [card]
    to_the_entrance(s, card)
    s.log(f"{card} is removed from the game ({s.ancient_one.name}).", ANCIENT_ONE)
    worlds = s.game.data.adventures
    if not d.other_world_deck and not any(worlds[c.name].deck == "other_world"
                                          for c in d.board):
        s.log(f"No Other World is left: {s.ancient_one.name} awakens.", ANCIENT_ONE)
        d.awakening = True


def to_the_entrance(s: ElderSignState, card: str) -> None:
    """Everyone on ``card`` goes back to the Entrance (it was resolved or left the game)."""
    for seat, place in enumerate(s.data.seats):
        if place.investigator and place.investigator.where == card:
            s.investigator_to_change(seat).where = "entrance"


def penalty_tokens(s: ElderSignState, card: str) -> list[str]:
    """The card's penalty tokens (``"none"`` and blanks left out)."""
    text = s.game.data.adventures[card].penalties
    return [t for t in text.split(";") if t and t != "none"]


def reward_tokens(s: ElderSignState, card: str) -> list[str]:
    """The card's reward tokens (``"none"`` and blanks left out)."""
    text = s.game.data.adventures[card].rewards
    return [t for t in text.split(";") if t and t != "none"]


def succeed(s: ElderSignState) -> None:
    """Rewards; everyone on the card to the Entrance; take the card; a new card (p.7)."""
    d = s.data
    a = d.attempt
    card = a.card
    end_attempt(s)
    s.log(f"{s.active.name} resolves {card}.", SUCCESS)
    apply_effects(s, d.turn, reward_tokens(s, card), REWARDS, exclude=card)
    if d.result:
        return
    to_the_entrance(s, card)
    on_card = next(c for c in d.board if c.name == card)
    win_monsters(s, card, [p.monster for p in on_card.monsters], SUCCESS)
    unlock(s, f"card:{card}")
    inv = s.active_to_change()
    if inv is not None:
        inv.trophies.append(f"adventure:{card}")
    else:
        deck = "other_world_deck" if s.game.data.adventures[card].deck == "other_world" \
            else "adventure_deck"
        setattr(d, deck, getattr(d, deck) + [card])
    index = card_index(s, card)  # its monsters are gone: a new InPlay (effects.remove_monster)
    del s.to_change("board")[index]
    if s.game.data.adventures[card].deck == "adventure":
        reveal_adventure(s, index)


def reveal_adventure(s: ElderSignState, index: int) -> None:
    """A new adventure takes the empty place; its locked-die icon locks a die (p.5, p.11)."""
    from .effects import lock_die

    d = s.data
    if not d.adventure_deck:
        s.log("The adventure deck is empty: the place stays empty.", RULES.ruling("empty-decks"))
        return
    name, *d.adventure_deck = d.adventure_deck
    s.to_change("board").insert(index, InPlay(name))
    s.log(f"A new adventure is revealed: {name}.", SUCCESS)
    rule = s.game.data.card_rules.get(name)
    if rule is not None and rule.lock != "none":
        lock_die(s, rule.lock, f"card:{name}")


@RULES.does("give-up", "stop")
def do_give_up(s: ElderSignState, task: Decision, action: Action) -> None:
    """The player fails the adventure, or stops attacking the Ancient One (p.7, p.12)."""
    give_up(s)


def give_up(s: ElderSignState) -> None:
    """Stop attacking the Ancient One (the attack ends), or fail the adventure."""
    if s.data.attempt.card == AO:
        s.log(f"{s.active.name} stops attacking.", BATTLE)
        end_attempt(s)
    else:
        fail_adventure(s)
