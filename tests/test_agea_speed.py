"""Agea's speed-ups (issue 13) give exactly what the plain computations they replace give."""

from __future__ import annotations

import pytest

import mythlab
from mythlab.agea.load import card_id


def test_the_card_table_gives_each_copys_card():
    game = mythlab.make("agea", players=3)
    s = game.initial_state()
    for instance in [*game.deck, *(c.id for c in game.cards)]:
        assert s.card(instance) is game.cards[card_id(instance)]
    assert s.card("hydra#9") is game.cards["hydra"]  # a copy the deck was not built with
    with pytest.raises(KeyError):
        s.card("no-such-card")

