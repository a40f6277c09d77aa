"""What an Elder Sign position must look like before its rules can run on it (a loaded state
may hold anything): seats in range, names of this game's cards, monsters and investigators,
dice as ``colour:FACE``, known phases, stages and tasks, counts ≥ 0."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from mythlab.engine.checks import Shape

from .dice import is_face
from .tasks import COLOURS, EMPTY_TASK, EXTRA_ROW, split

if TYPE_CHECKING:
    from .rules import ElderSignState


def structure_problems(s: ElderSignState, task_kinds: Collection[str],
                       stages: Collection[str]) -> list[str]:
    """The fields of ``s.data`` that no Elder Sign game could hold, each named."""
    d, g, shape = s.data, s.game.data, Shape(s.game.players)
    adventures, monsters, cards = g.adventures, g.monsters, g.cards
    shape.known("ancient_one", d.ancient_one, g.ancient_ones)
    shape.length("seats", d.seats, s.game.players)
    for q, seat in enumerate(d.seats):
        shape.all_known(f"seats[{q}].devoured", seat.devoured, g.investigators)
        inv, where = seat.investigator, f"seats[{q}].investigator"
        if inv is None:
            continue
        shape.known(f"{where}.name", inv.name, g.investigators)
        shape.all_known(f"{where}.cards", inv.cards, cards)
        for i, trophy in enumerate(inv.trophies):
            kind, _, name = trophy.partition(":")
            known = {"adventure": adventures, "monster": monsters}.get(kind, ())
            shape.known(f"{where}.trophies[{i}]", name, known)
        shape.known(f"{where}.where", inv.where, {"entrance", "ancient-one", *adventures})
        _dice(shape, f"{where}.marker", [inv.marker] if inv.marker else [])
    for i, card in enumerate(d.board):
        shape.known(f"board[{i}].name", card.name, adventures)
        for j, placed in enumerate(card.monsters):
            shape.known(f"board[{i}].monsters[{j}].monster", placed.monster, monsters)
            shape.index(f"board[{i}].monsters[{j}].row", placed.row, 9,
                        extra=(EMPTY_TASK, EXTRA_ROW))
    for name in ("adventure_deck", "other_world_deck", "removed"):
        shape.all_known(name, getattr(d, name), adventures)
    shape.keys("decks", d.decks, ("common_item", "unique_item", "spell", "ally"))
    for kind, deck in d.decks.items():
        shape.all_known(f"decks[{kind!r}]", deck, cards)
    shape.all_known("mythos_deck", d.mythos_deck, g.mythos)
    shape.all_known("mythos_discard", d.mythos_discard, g.mythos)
    shape.known("mythos", d.mythos, g.mythos, blank=True)
    shape.all_known("cup", d.cup, monsters)
    shape.all_known("pool", d.pool, g.investigators)
    for i, lock in enumerate(d.locks):
        shape.known(f"locks[{i}].colour", lock.colour, COLOURS)
    for i, spell in enumerate(d.spells):
        shape.known(f"spells[{i}].spell", spell.spell, cards)
        _dice(shape, f"spells[{i}].die", [spell.die] if spell.die else [])
    for name in ("doom", "elder_signs", "turns_played"):
        shape.count(name, getattr(d, name))
    shape.seat("turn", d.turn)
    shape.known("phase", d.phase, [p.name for p in s.game.phases])
    a = d.attempt
    if a is not None:
        shape.known("attempt.card", a.card, {"ancient-one", *adventures})
        shape.known("attempt.stage", a.stage, stages)
        for name in ("to_roll", "added", "aside", "used"):
            shape.all_known(f"attempt.{name}", getattr(a, name), COLOURS)
        _dice(shape, "attempt.rolled", a.rolled)
        _dice(shape, "attempt.kept", a.kept)
        for i, row in enumerate(a.done):
            shape.count(f"attempt.done[{i}]", row)
        shape.all_known("attempt.won", a.won, monsters)
        shape.count("attempt.rolls", a.rolls)
    for i, t in enumerate(d.pending):
        shape.known(f"pending[{i}].kind", t.kind, task_kinds)
        shape.seat(f"pending[{i}].player", t.player)
        shape.known(f"pending[{i}].monster", t.monster, monsters, blank=True)
    return shape.problems


def _dice(shape: Shape, field: str, dice: Iterable[str]) -> None:
    for i, die in enumerate(dice):
        colour, face = split(die)
        if colour not in COLOURS or not is_face(face):
            shape.fail(f"{field}[{i}]", f"{die!r} is not a die as colour:FACE")
