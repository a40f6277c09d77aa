"""What an Agea position must look like before its rules can run on it (a loaded state may
hold anything): seats in range, card ids of this deck, known phases and tasks, counts ≥ 0;
then the invariants every position keeps (each card in exactly one place)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import TYPE_CHECKING

from mythlab.engine.checks import Shape

from .load import card_id
from .refs import RULES

if TYPE_CHECKING:
    from .rules import AgeaState


def structure_problems(s: AgeaState, task_kinds: Collection[str]) -> list[str]:
    """The fields of ``s.data`` that no Agea game could hold, each named."""
    d, g = s.data, s.game
    shape = Shape(g.players)
    cards = set(g.deck)
    shape.length("players", d.players, g.players)
    shape.seats("order", d.order)  # drawn one seat at a time in Setup
    if len(set(d.order)) != len(d.order):
        shape.fail("order", "a seat is in the turn order twice")
    shape.index("turn", d.turn, max(len(d.order), 1))
    shape.count("turns_played", d.turns_played)
    shape.known("phase", d.phase, [p.name for p in g.phases])
    if d.end_at_depth < -1:
        shape.fail("end_at_depth", f"{d.end_at_depth} is neither -1 (not ending) nor a depth")
    shape.known("clay_trait", d.clay_trait, g.cards.traits, blank=True)
    for name in ("deck", "discard", "removed", "limbo"):
        shape.all_known(name, getattr(d, name), cards)
    for q, p in enumerate(d.players):
        where = f"players[{q}]"
        for name in ("cities", "hand", "victory"):
            shape.all_known(f"{where}.{name}", getattr(p, name), cards)
        shape.count(f"{where}.bonus_vp", p.bonus_vp)
        for i, h in enumerate(p.heroes):
            shape.known(f"{where}.heroes[{i}].card", h.card, cards)
            shape.all_known(f"{where}.heroes[{i}].attached", h.attached, cards)
            shape.all_known(f"{where}.heroes[{i}].blessed", h.blessed, cards)
            shape.count(f"{where}.heroes[{i}].delay", h.delay)
            shape.count(f"{where}.heroes[{i}].adventures_left", h.adventures_left)
    if not d.over and not d.tasks:
        shape.fail("tasks", "nothing to do in a game that is not over")
    for i, t in enumerate(d.tasks):
        where = f"tasks[{i}]"
        shape.known(f"{where}.kind", t.kind, task_kinds)
        for name in ("player", "target_player", "by"):
            shape.seat(f"{where}.{name}", getattr(t, name), extra=(-1,))
        shape.seats(f"{where}.players", t.players)
        for name in ("card", "hero", "target"):
            shape.known(f"{where}.{name}", getattr(t, name), cards, blank=True)
        shape.all_known(f"{where}.cards", t.cards, cards)
        shape.count(f"{where}.count", t.count)
    if d.war is not None:
        shape.known("war.card", d.war.card, cards)
        shape.seat("war.player", d.war.player)
        shape.seats("war.contenders", d.war.contenders)
        for name, high in (("bonus", None), ("rolls", 6)):
            values = getattr(d.war, name)
            if values:
                shape.length(f"war.{name}", values, g.players)
            for q, n in enumerate(values):
                shape.count(f"war.{name}[{q}]", n, high)
    for name in ("uses", "timers"):
        shape.keys(name, getattr(d, name), cards)
        for relic, n in getattr(d, name).items():
            shape.count(f"{name}[{relic!r}]", n)
    if d.uses and not shape.problems:
        for relic in d.uses:
            if g.cards[card_id(relic)].uses is None:
                shape.fail(f"uses[{relic!r}]", "this card has no limited uses")
    return shape.problems


def check_invariants(s: AgeaState) -> list[str]:
    """Every card in exactly one place; no negative counters; Sparta and Athens apart."""
    decisions = {*RULES.offerers, *RULES.outcomes}
    broken = structure_problems(s, decisions)  # first: the checks below assume a sound shape
    if broken:
        return broken
    d = s.data
    places: list[str] = d.deck + d.discard + d.removed + d.limbo
    problems = []
    for q, p in enumerate(d.players):
        places += p.cities + p.hand + p.victory
        for h in p.heroes:
            places.append(h.card)
            places += h.attached
            if h.delay < 0:
                problems.append(f"{s.name(h.card)} has {h.delay} delay tokens")
        if (s.has(q, "sparta") and s.has(q, "athens")
                and not any(t.kind == "rival" for t in d.tasks)):
            problems.append(f"{s.player_name(q)} controls both Sparta and Athens")
        if p.bonus_vp < 0:
            problems.append(f"{s.player_name(q)} has negative bonus VP")
    expected = sorted(s.game.deck)
    if sorted(places) != expected:
        diff = Counter(places)
        diff.subtract(Counter(expected))
        odd = {k: v for k, v in diff.items() if v}
        problems.append(f"cards not in exactly one place: {odd}")
    for relic, n in d.uses.items():
        if not 0 < n <= (s.card(relic).uses or 0):
            problems.append(f"{s.name(relic)} has {n} uses left")
    return problems
