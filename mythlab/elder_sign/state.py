"""Elder Sign's position as plain dataclasses (cards by name, dice as ``"colour:FACE"``).

Everything a state holds is here, so the whole game serialises to JSON and copies cheaply.
Dice are counted, not tracked one by one: 6 green, 1 yellow, 1 red exist (rulebook p.2); a die
is free unless it is locked, held on a spell or marker, or in use in the current attempt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mythlab.engine.copying import slot_copier


@dataclass(slots=True)
class Investigator:
    """The investigator a player controls now."""

    name: str
    sanity: int
    stamina: int
    max_sanity: int
    max_stamina: int
    clues: int = 0
    cards: list[str] = field(default_factory=list)      # items, spells, allies (card names)
    trophies: list[str] = field(default_factory=list)   # "adventure:<name>" / "monster:<id>"
    where: str = "entrance"        # "entrance", an adventure's name, or "ancient-one"
    marker: str = ""               # a focused or assisting die on the marker, "green:LORE"
    used_today: bool = False       # a once-per-day ability was used since the last midnight


@dataclass(slots=True)
class Seat:
    """One player: the investigator in play and the ones already devoured."""

    investigator: Investigator | None = None
    devoured: list[str] = field(default_factory=list)
    out: bool = False              # no investigator left to play (still wins with the team)


@dataclass(frozen=True)
class Placed:
    """A monster marker on an adventure card.

    ``row`` is the card row it covers (full or partial monster task), ``-1`` an empty monster
    task, ``-2`` an extra row under the card's last task (rulebook p.10-11).
    """

    monster: str
    row: int


@dataclass
class InPlay:
    """An adventure or Other World card on the table with the monsters on it."""

    name: str
    monsters: list[Placed] = field(default_factory=list)


@dataclass(frozen=True)
class Lock:
    """A locked die (p.11): its colour and where it sits ("card:", "mythos:", "monster:")."""

    colour: str
    place: str


@dataclass
class SpellDie:
    """A spell in play and the die it holds ("" while it waits for this roll's die)."""

    spell: str
    die: str = ""


@dataclass(slots=True)
class Attempt:
    """The active player's adventure (or attack on the Ancient One) in progress.

    ``stage`` is the decision in hand: ``prepare`` (spend cards, then roll), ``roll`` (dice
    in the air: a chance node), ``spell`` (put a die on a spell), ``resolve`` (complete a task
    or not), ``again`` (try again or fail), ``aside`` (which die to set aside), ``focus``.
    Rules replace its lists, never change them in place: positions share them.
    """

    card: str                      # adventure name, or "ancient-one"
    stage: str = "prepare"
    to_roll: list[str] = field(default_factory=list)   # colours about to be rolled
    rolled: list[str] = field(default_factory=list)    # the roll: "colour:FACE"
    kept: list[str] = field(default_factory=list)      # dice not rerolled by a clue
    done: list[int] = field(default_factory=list)      # rows completed in this attempt
    added: list[str] = field(default_factory=list)     # yellow/red dice added by items
    aside: list[str] = field(default_factory=list)     # colours of dice set aside
    used: list[str] = field(default_factory=list)      # colours of dice on completed tasks
    won: list[str] = field(default_factory=list)       # monsters whose task was completed
    rolls: int = 0
    chained: bool = False          # Amanda Sharpe completed a task with this roll already
    twisted: bool = False          # a once-per-roll ability changed a die of this roll
    free_reroll: bool = False      # Joe Diamond's second reroll for his clue


@dataclass(frozen=True)
class Task:
    """A pending decision that interrupts the turn (monster placement, replacement …)."""

    kind: str
    player: int
    monster: str = ""
    amount: int = 0
    exclude: str = ""              # a card monsters may not be placed on right now
    reward: str = ""               # the card kind a reward choice is about ("Ashcan" Pete)
    place: str = ""                # where a die is to be locked ("monster:X09", ...)


@dataclass(slots=True)
class ElderSignData:
    """The whole position."""

    ancient_one: str
    seats: list[Seat]
    board: list[InPlay]                                 # adventures, then Other Worlds
    adventure_deck: list[str]                           # top card first
    other_world_deck: list[str]
    decks: dict[str, list[str]]                         # common_item, unique_item, spell, ally
    mythos_deck: list[str]
    mythos_discard: list[str] = field(default_factory=list)
    mythos: str = ""                                    # the Mythos card in play
    cup: list[str] = field(default_factory=list)        # monster cup
    pool: list[str] = field(default_factory=list)       # investigators not yet played
    removed: list[str] = field(default_factory=list)    # cards out of the game (Yog-Sothoth)
    locks: list[Lock] = field(default_factory=list)
    spells: list[SpellDie] = field(default_factory=list)
    clock: int = 0                                      # 0 = XII (midnight), 3, 6, 9
    doom: int = 0
    elder_signs: int = 0
    turn: int = 0                                       # the active seat
    turns_played: int = 0
    phase: str = "Setup"
    attempt: Attempt | None = None
    pending: list[Task] = field(default_factory=list)
    entrance_roll: bool = False                         # Lost and Found die in the air
    awake: bool = False
    awakening: bool = False                             # the doom track is full: awaken next
    clock_done: bool = False                            # this turn's clock step is over
    turn_start: bool = False                            # nothing done yet this turn
    result: str = ""                                    # "won" / "lost" with the reason


#: a seat copied with its own devoured list and investigator, which has its own card and
#: trophy lists (the rest of them is immutable)
copy_seat = slot_copier(
    Seat, ("devoured",), name="copy_seat",
    investigator=slot_copier(Investigator, ("cards", "trophies"), name="copy_investigator"))


#: the fields of the position that rules replace, never change in place (``d.cup = d.cup +
#: [m]``, not ``d.cup.append(m)``): positions share them, and few moves touch them
SHARED_FIELDS = ("decks", "adventure_deck", "other_world_deck", "mythos_deck",
                 "mythos_discard", "cup", "pool", "removed")
#: the fields a move shares with the position before it until a rule changes them in place
#: through ``ElderSignState.to_change`` (the seats one by one: ``seat_to_change``), which
#: copies them first (:func:`copy_field`)
COPIED_ON_WRITE = ("seats", "board", "locks", "spells", "pending")


_copy_data = slot_copier(ElderSignData, name="_copy_data",
                         attempt=slot_copier(Attempt, name="copy_attempt"))


def copy_for_move(d: ElderSignData) -> ElderSignData:
    """The position copied for a move: the attempt under way is copied (nearly every move of
    an attempt changes it) but not its lists, which rules replace, never change in place
    (``a.rolled = without(a.rolled, die)``); the fields of :data:`COPIED_ON_WRITE` and
    :data:`SHARED_FIELDS` are shared (frozen records such as ``Lock`` and ``Task`` always
    are, and so are the cards in play, which a move replaces rather than edits:
    :func:`effects.place_monster`). The copy-on-write tests check that no move changes an
    earlier position."""
    return _copy_data(d)


def without(items: list, item) -> list:
    """A new list: ``items`` without the first ``item`` (which must be there)."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def copy_field(name: str, value):
    """A copy of the field ``name`` of :data:`COPIED_ON_WRITE`, for a move to change: the
    spells with their own dice; the seats list alone (a seat is copied when a move changes
    it); the other lists shallow (they hold frozen records, or cards replaced whole)."""
    if name == "spells":
        return [SpellDie(x.spell, x.die) for x in value]
    return value.copy()

