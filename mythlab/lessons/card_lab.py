"""Lesson 6 (*Designing a card*, Elysium): write a card in the power language, test its power
on a domain, play it in games and measure whether its holders win more often (with the
balance lab's ``experiment`` call and Wilson intervals).

The new card takes the place of a card of the edition's Zeus family (a family mythlab designed:
the rulebooks describe no Zeus card), so the deck keeps its size and only that card changes.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from functools import lru_cache, partial
from pathlib import Path

import yaml

from mythlab.elysium import (
    Card,
    CardFacts,
    SimpleContext,
    edition_cards,
    evaluate_card,
    load_family,
    render,
)
from mythlab.elysium.powers import Zone
from mythlab.engine import State
from mythlab.sim import ExperimentResult, experiment

from .measure import Rate

GOLDEN_FLEECE = """\
id: golden-fleece
name: {en: Golden Fleece}
level: 1
copies: 2
condition: [yellow]
timing: activate
power: {per: {family: zeus, in: domain}, gain: {vp: 1}}
provenance: mythlab
"""
"""The lesson's card: a level 1 Zeus card, gain 1 VP per Zeus card in your domain."""

REPLACED = "eagle-of-zeus"
"""The edition card the new card takes the place of (level 1, yellow, "Activate: gain 1 VP")."""

EAGLE = "Eagle of Zeus"
PLAYERS = 3
BOT = "elysium-greedy"
"""The lesson's players: the legend bot, which plans (random bots would not use a card well;
the balance lab's search bot is too slow for a class period)."""
GAMES = 60
"""Games per deck in the lesson: enough to see how wide the intervals are, quick to run."""


def family_with(card_yaml: str, replaces: str = REPLACED, folder: Path | None = None) -> Path:
    """Write the edition's Zeus family with ``replaces`` swapped for the card in ``card_yaml``
    and load it back with every check a card file gets (a ``DataError`` names the field)."""
    zeus = edition_cards().family("zeus")
    new = yaml.safe_load(card_yaml)
    header = zeus.header.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    header.update(format="mythlab-elysium-cards", version=1)
    cards = [c.to_data() for c in zeus.cards if c.id != replaces] + [new]
    folder = Path(folder or tempfile.mkdtemp(prefix="mythlab-card-"))
    path = folder / "cards-zeus.yaml"
    path.write_text(yaml.safe_dump({**header, "cards": cards}, allow_unicode=True,
                                   sort_keys=False), encoding="utf-8")
    load_family(path)
    return path


def new_card(card_yaml: str) -> Card:
    """The card written in ``card_yaml``, checked as part of a Zeus family file."""
    wanted = yaml.safe_load(card_yaml).get("id")
    family = load_family(family_with(card_yaml))
    return next(c for c in family.cards if c.id == wanted)


def card_text(card_yaml: str) -> str:
    """What the printed card would say, written from its power (never by hand)."""
    card = new_card(card_yaml)
    return f"{card.name.en} (level {card.level}) · {render(card)}"


def vp_from(card_yaml: str, domain: Sequence[str]) -> int:
    """VP the card's power gives its owner once, with a domain holding one card of each
    family named in ``domain`` (the card itself is counted among them if you name it)."""
    card = new_card(card_yaml)
    cards = tuple(CardFacts(f"{family}-{i}", family=family, level=1)
                  for i, family in enumerate(domain))
    ctx = SimpleContext(owner=0, players=(0, 1, 2), zones={Zone.DOMAIN: {0: cards}})
    return sum(e.amount.vp for e in evaluate_card(card, ctx)
               if getattr(e, "kind", None) == "gain" and e.player == 0)


WITHOUT = "without the card"
"""The label of the seats holding neither card at the end."""


def holding(final: State, cards: Mapping[str, str]) -> list[str]:
    """Each seat's label for ``experiment(groups=)``: the name of the card of ``cards``
    (key -> name) it holds at the end, in its domain or a legend, else ``WITHOUT``."""
    keys = final.game.keys
    labels = []
    for s in final.data.seats:
        held = {keys[c] for c in [*s.domain, *(c for legend in s.legends for c in legend)]}
        labels.append(next((name for key, name in cards.items() if key in held), WITHOUT))
    return labels


@lru_cache(maxsize=8)
def measure(card_yaml: str, games: int = GAMES, seed: int = 0) -> ExperimentResult:
    """The printed deck against the deck with the new card, on the same seeds, by
    ``mythlab.sim.experiment`` with planning bots: the win rate of each card's holders
    (``group_win_rates``), with its Wilson 95% interval."""
    card = new_card(card_yaml)
    deck = f"with {card.name.en}"
    holders = partial(holding, cards={f"zeus.{REPLACED}": EAGLE, f"zeus.{card.id}": card.name.en})
    return experiment("elysium", variants={"printed deck": {},
                                           deck: {"card_files": [str(family_with(card_yaml))]}},
                      bots=[BOT] * PLAYERS, games=games, seed=seed, groups=holders, luck=False,
                      processes=2, progress=False)


def holders_rates(result: ExperimentResult) -> dict[str, Rate]:
    """Each card's holders' wins and games, by card name, from ``measure``'s result."""
    return {r["group"]: Rate(r["wins"], r["games"]) for r in result.group_win_rates()
            if r["group"] != WITHOUT}
