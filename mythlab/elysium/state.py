"""Elysium's position as plain dataclasses (cards are named by instance: ``hades.cerberus#1``).

Everything a state holds is here, so a game serialises to JSON and copies cheaply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from mythlab.engine.copying import slot_copier

from .powers import CardSpec

#: the phases the turn flow and the views test for by name
II, III = "Phase II: Actions", "Phase III: Writing legends"


#: slotted, as is the position (``ElysiumData``): a move copies them field by field
#: (``slot_copier``), and the rules read slots faster than an instance ``__dict__``
@dataclass(slots=True)
class Seat:
    """One player: board, domain, Elysium and what this epoch has brought."""

    disc: int
    gold: int
    vp: int
    pp: int = 0
    columns: list[str] = field(default_factory=list)
    domain: list[str] = field(default_factory=list)
    legends: list[list[str]] = field(default_factory=list)  # its second card fixes the kind
    citizens: list[str] = field(default_factory=list)    # face-down cards, wherever they are
    turned: list[str] = field(default_factory=list)      # Activate cards used this epoch
    rings: list[str] = field(default_factory=list)       # Trigger cards not used yet
    quest: str = ""                     # the quest tile taken this epoch ("": incomplete)
    cards_taken: int = 0
    lyres: int = 0                      # Phase III transfers left
    transferred: list[str] = field(default_factory=list)  # this phase
    acquired: list[str] = field(default_factory=list)     # this epoch
    legend_used: list[str] = field(default_factory=list)  # legend powers used this phase


#: slotted: the rules read a task's fields at every step, of tasks made by ``__init__`` and of
#: copies (``copy_task``) alike, and a slot read specializes for both; a copy's ``__dict__``
#: set by hand left the reads of copies, and of the tasks copied, unspecialized
@dataclass(slots=True)
class Task:
    """A pending decision or effect; the top of ``ElysiumData.tasks`` is resolved first.

    Power effects become tasks (``gain``, ``transfer``, ``choose`` …): ``group`` ties the steps
    of one power together so a failed ``pay`` or ``discard`` skips the rest of that power.
    """

    kind: str
    player: int
    card: str = ""                      # the card whose power this is
    count: int = 0
    gold: int = 0
    vp: int = 0
    pp: int = 0
    mode: str = ""                      # transfer cost, or the timing of use_power
    spec: str = ""                      # card filter, e.g. "family=hades,level=2"
    zone: str = ""
    zone2: str = ""
    group: int = 0
    labels: list[str] = field(default_factory=list)
    options: list[list[Task]] = field(default_factory=list)


@cache
def card_filter(text: str) -> CardSpec:
    """A task's card filter from its compact form (``family=hades,level=2``)."""
    fields: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        fields[key] = value or True
    return CardSpec.model_validate(fields)


def filter_text(spec: CardSpec) -> str:
    """A card filter in the compact form a task stores (``card_filter`` reads it back)."""
    parts = [f"family={spec.family.value}"] if spec.family else []
    parts += [f"level={spec.level}"] if spec.level else []
    parts += ["citizen"] * spec.citizen + ["eleusis"] * spec.eleusis
    return ",".join(parts)


@dataclass(slots=True)
class ElysiumData:
    """The whole position."""

    families: list[str]
    side: str                           # the pediment side in play
    seats: list[Seat]
    draw: list[str]                     # the top card is the last one
    discard: list[str] = field(default_factory=list)
    agora: list[str] = field(default_factory=list)
    oracle: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    quests: list[str] = field(default_factory=list)       # tiles under the pediment
    order: list[int] = field(default_factory=list)        # seats by disc
    turn: int = 0                       # Phase II: turns played this epoch; Phase III: index
    epoch: int = 1
    phase: str = "Setup"
    tasks: list[Task] = field(default_factory=list)
    family_bonus: dict[str, list[int]] = field(default_factory=dict)  # seats: 1st, 2nd
    level_bonus: dict[str, list[int]] = field(default_factory=dict)   # level: [seat, size]
    groups: int = 0
    over: bool = False


#: how ``ElysiumState.to_change`` copies a field of each declared type the first time a move
#: changes it in place: a move shares every list and dict of the position with the state
#: before it (``copy_for_move``), but the seats and the tasks (None here: a new list of them at
#: every move) and the atoms (None: replaced, never changed). A field of a type not listed here
#: stops the import, so a new field is never shared by mistake
_COPIES_TO_CHANGE: dict[str, Callable[[Any], Any] | None] = {
    "str": None, "int": None, "bool": None,
    "list[str]": list.copy, "list[int]": list.copy,
    "list[Seat]": None,                 # a new list holding the same seats
    "list[Task]": None,                 # the same tasks; the top one is copied apart
    "dict[str, list[int]]": lambda tiles: {k: v[:] for k, v in tiles.items()},
}
#: the copier of each field ``ElysiumState.to_change`` may be asked for
TO_CHANGE = {f.name: copy for f in fields(ElysiumData)
             if (copy := _COPIES_TO_CHANGE[str(f.type)]) is not None}


#: how ``ElysiumState.seat`` copies each list of a ``Seat`` the first time a move changes it
#: in place (a legend is a list too: a transfer appends to it)
_SEAT_LIST_COPIES: dict[str, Callable[[Any], Any]] = {
    "list[str]": list.copy, "list[list[str]]": lambda legends: [lg[:] for lg in legends]}
#: the copier of each list of a ``Seat``; its other fields are atoms, set, never changed
SEAT_LISTS = {f.name: _SEAT_LIST_COPIES[str(f.type)] for f in fields(Seat)
              if str(f.type).startswith("list")}


copy_sharing_lists = slot_copier(
    Seat, name="copy_sharing_lists",
    doc="""A copy of a seat that still shares its lists: a move changes one or two of them,
    so ``ElysiumState.seat`` copies a list (``SEAT_LISTS``) only when the rule names it.""")


copy_task = slot_copier(
    Task, name="copy_task",
    doc="""A copy of a task for a doer to change: the doers that change the task they answer
    (``rules.CHANGES_ITS_TASK``) change its count only, so its lists are shared.""")


_copy_data = slot_copier(ElysiumData, ("seats", "tasks"), name="_copy_data",
                         doc="A copy of the position holding new lists of its seats and "
                             "tasks, and the same values otherwise.")


def copy_for_move(data: ElysiumData, copy_top: bool = True) -> ElysiumData:
    """A copy of the position for a move to change, sharing all it can with ``data``: a move
    changes one or two seats and a few fields, so ``ElysiumState.seat`` copies a seat, and
    ``ElysiumState.to_change`` a list or dict of ``TO_CHANGE``, the first time a rule changes
    it (copy-on-write) rather than every move copying all of them. The seats and the task stack
    are new lists; of the tasks only the top one is copied, and only with ``copy_top``: the task
    a move answers is the only one its doer may change (a forced move made later in the same
    step copies its task first, ``ElysiumState._advance``)."""
    new = _copy_data(data)
    tasks = new.tasks
    if copy_top and tasks:
        tasks[-1] = copy_task(tasks[-1])
    return new
