"""What an Elysium position must look like before its rules can run on it (a loaded state may
hold anything): seats in range, cards and quests of this game, known phases and tasks,
counts ≥ 0."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from mythlab.engine.checks import Shape

from .state import Task

if TYPE_CHECKING:
    from .rules import ElysiumState


def structure_problems(s: ElysiumState, task_kinds: Collection[str]) -> list[str]:
    """The fields of ``s.data`` that no Elysium game could hold, each named."""
    d, g = s.data, s.game
    shape = Shape(g.players)
    cards = g.inst
    if d.families != g.families:
        shape.fail("families", f"{d.families} are not this game's families {g.families}")
    shape.known("side", d.side, [p.side for p in g.rules.pediment])
    shape.length("seats", d.seats, g.players)
    for name in ("draw", "discard", "agora", "oracle", "removed"):
        shape.all_known(name, getattr(d, name), cards)
    shape.all_known("quests", d.quests, g.quests)
    shape.seats("order", d.order)
    if len(set(d.order)) != len(d.order):
        shape.fail("order", "a seat is in the order twice")
    shape.count("turn", d.turn)
    shape.count("epoch", d.epoch)
    shape.count("groups", d.groups)
    shape.known("phase", d.phase, [p.name for p in g.phases])
    shape.keys("family_bonus", d.family_bonus, d.families)
    for family, seats in d.family_bonus.items():
        shape.seats(f"family_bonus[{family!r}]", seats)
    shape.keys("level_bonus", d.level_bonus, ("1", "2", "3"))
    for level, (seat, *size) in ((k, v or [-1]) for k, v in d.level_bonus.items()):
        shape.seat(f"level_bonus[{level!r}][0]", seat)
        if len(size) != 1 or size[0] < 0:
            shape.fail(f"level_bonus[{level!r}]", "expected [seat, legend size]")
    for q, seat in enumerate(d.seats):
        where = f"seats[{q}]"
        for name in ("gold", "vp", "pp", "lyres", "cards_taken"):
            shape.count(f"{where}.{name}", getattr(seat, name))
        for name in ("domain", "citizens", "turned", "rings", "transferred", "acquired"):
            shape.all_known(f"{where}.{name}", getattr(seat, name), cards)
        for i, legend in enumerate(seat.legends):
            shape.all_known(f"{where}.legends[{i}]", legend, cards)
            if not legend:
                shape.fail(f"{where}.legends[{i}]", "an empty legend")
        shape.known(f"{where}.quest", seat.quest, g.quests, blank=True)
    if not d.over and not d.tasks:
        shape.fail("tasks", "nothing to do in a game that is not over")
    _tasks(shape, "tasks", d.tasks, task_kinds, cards)
    return shape.problems


def _tasks(shape: Shape, field: str, tasks: list[Task], kinds: Collection[str],
           cards: Collection[str]) -> None:
    for n, t in enumerate(tasks):
        where = f"{field}[{n}]"
        shape.known(f"{where}.kind", t.kind, kinds)
        shape.seat(f"{where}.player", t.player)
        shape.known(f"{where}.card", t.card, cards, blank=True)
        for name in ("count", "gold", "vp", "pp", "group"):
            shape.count(f"{where}.{name}", getattr(t, name))
        for i, option in enumerate(t.options):
            _tasks(shape, f"{where}.options[{i}]", option, kinds, cards)
