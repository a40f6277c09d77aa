"""Lesson 6 (*Designing a card*, Elysium): write a card in the power language, test its power
on a domain, play it in games and measure whether its holders win more often.

The new card takes the place of a card of the edition's Zeus family (a family mythlab designed:
the rulebooks describe no Zeus card), so the deck keeps its size and only that card changes.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from functools import lru_cache
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
from mythlab.sim import simulate

from .measure import Rate

GOLDEN_FLEECE = """\
id: golden-fleece
name: {en: Golden Fleece}
level: 1
copies: 3
condition: [yellow]
timing: activate
power: {per: {family: zeus, in: domain}, gain: {vp: 1}}
provenance: mythlab
"""
"""The lesson's card: a level 1 Zeus card, gain 1 VP per Zeus card in your domain."""

REPLACED = "eagle-of-zeus"
"""The edition card the new card takes the place of (level 1, yellow, "Activate: gain 1 VP")."""

PLAYERS = 3
GAMES = 20
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


def _holders(final, card_key: str) -> set[int]:
    """The seats holding a copy of the card at the end (in the domain or in a legend)."""
    keys = final.game.keys
    held = set()
    for seat, s in enumerate(final.data.seats):
        cards = [*s.domain, *(c for legend in s.legends for c in legend)]
        if any(keys[c] == card_key for c in cards):
            held.add(seat)
    return held


def holders_win(card_files: Sequence[Path] | None, card_key: str, games: int,
                seed: int = 0) -> tuple[Rate, Rate]:
    """Win rates of the players who held ``card_key`` ("zeus.golden-fleece") at the end and of
    those who did not, over ``games`` random-bot games; a shared win counts as a win."""
    records = simulate("elysium", games=games, players=PLAYERS, seed=seed, progress=False,
                       processes=2, card_files=list(card_files) if card_files else None)
    won_with = n_with = won_without = n_without = 0
    for record in records:
        holders = _holders(record.final, card_key)
        for seat in range(PLAYERS):
            won = seat in record.winners
            if seat in holders:
                won_with, n_with = won_with + won, n_with + 1
            else:
                won_without, n_without = won_without + won, n_without + 1
    return Rate(won_with, n_with), Rate(won_without, n_without)


@lru_cache(maxsize=8)
def measure(card_yaml: str, games: int = GAMES, seed: int = 0) -> dict[str, tuple[Rate, Rate]]:
    """The printed deck against the deck with the new card, on the same seeds: for each, the
    win rate of the card's holders and of everyone else."""
    card_id = yaml.safe_load(card_yaml)["id"]
    return {
        "Eagle of Zeus (edition)": holders_win(None, f"zeus.{REPLACED}", games, seed),
        new_card(card_yaml).name.en: holders_win([family_with(card_yaml)], f"zeus.{card_id}",
                                                 games, seed),
    }
