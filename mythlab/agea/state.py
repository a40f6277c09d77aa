"""Agea's position as plain dataclasses (cards are referred to by their ids).

Everything a state holds is here, so the whole game serialises to JSON and copies cheaply.
The records keep their fields in slots: a move copies a few of them slot by slot
(``engine.copying.slot_copier``), and the rules read them faster than through an instance
``__dict__``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mythlab.engine.copying import replicate, slot_copier


@dataclass(slots=True)
class Hero:
    """A hero in play with what it carries.

    States share a hero's lists: a move gives a hero a new list, never changes one (the hero
    itself is copied first, ``AgeaState.hero_to_change``).
    """

    card: str
    delay: int = 0
    cursed: bool = False            # ruling curses: delayed until a blessing is discarded
    attached: list[str] = field(default_factory=list)   # relics and companions
    gained: list[str] = field(default_factory=list)     # lasting traits (Made King, Cerberus …)
    blessed: list[str] = field(default_factory=list)    # blessing cards played on it this turn
    adventures_left: int = 0


@dataclass(slots=True)
class Player:
    """What one player controls: heroes, city states, hand, victory pile, bonus VP."""

    heroes: list[Hero] = field(default_factory=list)
    cities: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    victory: list[str] = field(default_factory=list)
    bonus_vp: int = 0
    bonus_notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Task:
    """A pending decision or chance event; the top of ``AgeaData.tasks`` is the one to resolve.

    ``kind`` selects the rule that offers and carries out its actions; the other fields are
    its parameters (which card, which hero, which players are still to be asked …). States
    share tasks: a move replaces a task, never changes it.
    """

    kind: str
    player: int = -1
    card: str = ""
    hero: str = ""
    target: str = ""
    target_player: int = -1
    by: int = -1                        # the player who played the event being decided on
    source: str = ""
    count: int = 0
    cards: list[str] = field(default_factory=list)
    players: list[int] = field(default_factory=list)


@dataclass(slots=True)
class War:
    """A war being fought (Agea rulebook, English edition, Wars)."""

    card: str
    player: int                         # who drew it
    bonus: list[int] = field(default_factory=list)    # Trojan Horse, Martyr, per player
    rolls: list[int] = field(default_factory=list)    # the d6 of each player (0 = not yet)
    contenders: list[int] = field(default_factory=list)  # tied leaders rolling off


@dataclass(slots=True)
class AgeaData:
    """The whole position."""

    deck: list[str]                     # the top card is the last one
    players: list[Player]
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)   # heroes become gods (Visit Olympus)
    limbo: list[str] = field(default_factory=list)     # cards being resolved right now
    order: list[int] = field(default_factory=list)     # turn order (seats)
    turn: int = 0                       # index into ``order``
    turns_played: int = 0
    phase: str = "Setup"
    tasks: list[Task] = field(default_factory=list)
    war: War | None = None
    uses: dict[str, int] = field(default_factory=dict)    # limited relics: uses left
    timers: dict[str, int] = field(default_factory=dict)  # returning relics: turns left
    clay_trait: str = ""                # the trait Promethean Clay was given
    kronos: bool = False                # Blessing of Kronos: another turn follows
    end_at_depth: int = -1              # the last card was drawn: end when tasks fall to this
    over: bool = False


#: the fields of the position a move shares with the state before it until it changes them:
#: ``AgeaState.to_change`` copies one first (most moves change none of them, and copying seven
#: lists and dicts was a tenth of a move)
SHARED_FIELDS = ("deck", "discard", "removed", "limbo", "order", "uses", "timers")


_copy_data = slot_copier(AgeaData, name="_copy_data",
                         doc="A copy of the position holding the same values.")


def copy_sharing_players(d: AgeaData) -> AgeaData:
    """A copy of the position whose ``Player`` records (with their heroes) are still ``d``'s,
    as are its ``Task`` records (a move replaces a task, never changes it) and the
    ``SHARED_FIELDS``: the players' and the task lists and the war are copied. A move changes
    one or two players and seldom a shared field, so ``AgeaState.player_to_change`` and
    ``AgeaState.to_change`` copy one only when a move is about to change it (copy on write)."""
    new = _copy_data(d)
    new.players = d.players[:]
    new.tasks = d.tasks[:]
    if d.war is not None:
        new.war = replicate(d.war)
    return new


copy_hero = slot_copier(
    Hero, name="copy_hero",
    doc="A copy of a hero sharing its lists, which a move replaces and never changes.")


def without(items: list[str], item: str) -> list[str]:
    """A new list of ``items`` less the first ``item`` (``list.remove`` without changing
    ``items``, which other states may share)."""
    kept = items[:]
    kept.remove(item)
    return kept


copy_sharing_lists = slot_copier(
    Player, name="copy_sharing_lists",
    doc="""A copy of a player that still shares its lists (its heroes, cities, hand, victory
    pile and notes) and so its ``Hero`` records: a move changes a list or two, so
    ``AgeaState.player_to_change`` copies a list only when the move names it, and
    ``AgeaState.hero_to_change`` a hero only when the move is about to change it (copy on
    write, as for players).""")
