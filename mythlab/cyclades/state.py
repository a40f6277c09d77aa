"""Cyclades' position as plain dataclasses: everything serialises to JSON and copies cheaply.

Seats are ``0 .. n-1``. Offering tokens are numbered too: one per player, two each with 2
players (``tokens[t]`` is the seat of token ``t``). Islands and sea zones are named as on the
archipelago graph (``IS1`` .. ``IS13``, ``A1`` .. ``K6``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mythlab.engine.copying import replicate, slot_copier

_SET = object.__setattr__
_new = object.__new__


@dataclass
class Figure:
    """A creature figurine on the board: where, who placed it, in which cycle, the card it holds."""

    creature: str
    space: str
    player: int
    cycle: int
    card: str = ""                   # "" when placed through the Chimera or for the Kraken


@dataclass
class Battle:
    """A battle being fought: the attacker's units are in the fight, the defender's on the board."""

    land: bool
    space: str
    attacker: int
    defender: int
    attack: int
    rounds: int = 0


@dataclass(frozen=True, init=False)
class Task:
    """A pending decision or chance event; the top of ``CycladesData.tasks`` is resolved next.

    Frozen: a decision changes by being replaced, so copying a state shares its tasks."""

    kind: str
    player: int = -1
    token: int = -1
    god: str = ""
    space: str = ""
    target: str = ""
    card: str = ""
    steps: int = 0
    spaces: str = ""                 # space-separated zones (the Sylph's groups that fought)

    def __init__(self, kind: str, player: int = -1, token: int = -1, god: str = "",
                 space: str = "", target: str = "", card: str = "", steps: int = 0,
                 spaces: str = ""):
        # Most moves make a task: the fields are set at once, about four times as fast as the
        # frozen dataclass's own object.__setattr__ per field.
        _SET(self, "__dict__", {"kind": kind, "player": player, "token": token, "god": god,
                                "space": space, "target": target, "card": card,
                                "steps": steps, "spaces": spaces})

    def with_kind(self, kind: str) -> Task:
        """This task under another ``kind``, its other fields the same (``dataclasses.replace``
        without a call of ``__init__`` by keywords: a creature's decision is made at each of
        its moves)."""
        new = _new(Task)
        _SET(new, "__dict__", {**self.__dict__, "kind": kind})
        return new


@dataclass(slots=True)
class CycladesData:
    """The whole position.

    A move works on a copy made by ``copy_for_move``: the fields most moves change are copied,
    the others are shared with the state before the move, so a rule changes one of those in
    place only through ``CycladesState.to_change`` (replacing a field whole is always safe).
    """

    gold: list[int]                            # seat -> gold behind the screen
    tokens: list[int]                          # token -> seat
    order: list[int]                           # this cycle's turn track (tokens, space 1 first)
    deck: list[str]                            # creature deck, top card last
    cycle: int = 0
    stage: str = "Setup"                       # the phase while no task is pending
    # off the board, by seat
    priests: list[int] = field(default_factory=list)
    philosophers: list[int] = field(default_factory=list)
    temples_used: list[int] = field(default_factory=list)     # temple discounts this cycle
    out: list[bool] = field(default_factory=list)             # ruling elimination
    # board
    owners: dict[str, int] = field(default_factory=dict)       # island -> seat
    troops: dict[str, int] = field(default_factory=dict)       # island -> troops of its owner
    fleets: dict[str, int] = field(default_factory=dict)       # sea zone -> seat
    fleet_count: dict[str, int] = field(default_factory=dict)  # sea zone -> fleets there
    buildings: dict[str, list[str]] = field(default_factory=dict)  # island -> slots (if any built)
    markers: dict[str, int] = field(default_factory=dict)      # prosperity markers (Apollo)
    # creatures
    track: list[str] = field(default_factory=lambda: ["", "", ""])  # slots at 4, 3, 2 GP
    discard: list[str] = field(default_factory=list)
    limbo: list[str] = field(default_factory=list)             # cards being resolved
    figures: list[Figure] = field(default_factory=list)
    # gods and offerings
    gods: list[str] = field(default_factory=list)              # god track, space 1 first
    open_gods: int = 4
    bid_god: list[str] = field(default_factory=list)           # token -> god ("" = none yet)
    bid_amount: list[int] = field(default_factory=list)        # token -> offering
    apollo: list[int] = field(default_factory=list)            # tokens on Apollo, arrival order
    bidder: int = 0                                            # index into ``order``
    # actions
    acting: list[int] = field(default_factory=list)            # tokens still to act, in order
    next_order: list[int] = field(default_factory=list)        # next cycle's turn track
    turn_recruits: int = 0                                     # units recruited this turn
    battle: Battle | None = None
    tasks: list[Task] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    over: bool = False
    end_reason: str = ""


class SharedReads:
    """What a game keeps read off pieces that positions share, by the very objects read: a
    move shares the pieces it leaves unchanged with the position before it, so the positions
    that follow hold these objects until a rule changes one (``CycladesState.keeps``).

    ``owners`` and ``islands``: each player's islands, in map order, for that ``owners``;
    ``clear``: the (philosophers, buildings, owners, out) of the last position found with no
    Metropolis due; ``built``: (buildings, owners, the counts read off them,
    ``CycladesState.building_counts``); ``chains``: (fleets, the fleet chains read off them by
    island and player, ``CycladesState.fleet_chain``). The rules change the buildings and the
    owners in place only through ``CycladesState.set_slot`` and ``set_owner``, which drop what
    was read off them (``changed``), so ``islands`` and ``built`` are kept for any position,
    the one a move is making too. ``forget`` drops them all (a position edited by hand,
    ``State.edited``)."""

    __slots__ = ("owners", "islands", "clear", "built", "chains")

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """Keep nothing: the next reads are worked out afresh."""
        self.owners: dict[str, int] | None = None
        self.islands: dict[int, tuple[str, ...]] = {}
        self.clear: tuple[object, ...] = (None, None, None, None)
        self.built: tuple[Any, ...] = (None, None, None)
        self.chains: tuple[Any, ...] = (None, {})

    def changed(self, piece: object) -> None:
        """The buildings or owners map ``piece`` was changed in place: what was read off it
        goes."""
        if self.owners is piece:
            self.owners = None
        if piece is self.built[0] or piece is self.built[1]:
            self.built = (None, None, None)


#: the fields holding lists or records that change; the others hold atoms or frozen tasks
NESTED_FIELDS = frozenset({"buildings", "figures", "battle"})


copy_for_move = slot_copier(
    CycladesData, ("gold", "tasks"), name="copy_for_move", battle=replicate,
    doc="""A copy of the position for a move: gold and tasks (which most moves change) and the
    battle are copied; every other field is shared with it until ``CycladesState.to_change``
    copies it (a random game's move changes about 2 of them; an offering replaces the bids
    whole).""")
