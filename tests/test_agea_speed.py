"""Agea's speed-ups (issue 13) give exactly what the plain computations they replace give:
the card table, copying only the players a move changes, and the cached moves."""

from __future__ import annotations

import dataclasses
import random

import pytest

import mythlab
from mythlab.agea.load import card_id
from mythlab.agea.scenarios import scenario
from mythlab.agea.state import (
    SHARED_FIELDS,
    Hero,
    copy_hero,
    copy_sharing_lists,
    copy_sharing_players,
)
from mythlab.engine import State


def test_the_card_table_gives_each_copys_card():
    game = mythlab.make("agea", players=3)
    s = game.initial_state()
    for instance in [*game.deck, *(c.id for c in game.cards)]:
        assert s.card(instance) == game.cards[card_id(instance)]  # its record (engine.records)
        assert s.card(instance) is s.card(card_id(instance))  # one record for every copy
    assert s.card("hydra#9") is s.card("hydra")  # a copy the deck was not built with
    with pytest.raises(KeyError):
        s.card("no-such-card")


def test_a_move_copies_the_players_it_changes_and_shares_the_others():
    s = scenario(players=3, heroes={0: ["Hercules"], 1: ["Ajax"], 2: ["Hector"]},
                 deck_top=["Hydra"])
    before = s.to_json()
    after = s.apply("adventure with Hercules")
    assert after.data.players[0] is not s.data.players[0]  # Hercules adventures
    assert after.data.players[1] is s.data.players[1] and after.data.players[2] is s.data.players[2]
    assert s.edited().to_json() == before


def test_copy_sharing_players_copies_every_field_but_the_players_tasks_and_shared_fields():
    """A field added to AgeaData later is copied too, or named in ``SHARED_FIELDS`` (which
    ``to_change`` copies on write), or this test names it."""
    s = scenario(players=2, heroes={0: ["Ajax"], 1: ["Hector"]}, deck_top=["Persian War"],
                 phase="Draw")
    d = s.data
    assert d.war is not None and d.tasks  # the war's musters are pending
    new = copy_sharing_players(d)
    assert new == d
    for f in dataclasses.fields(d):
        old_value, new_value = getattr(d, f.name), getattr(new, f.name)
        if f.name in SHARED_FIELDS:
            assert new_value is old_value, f"{f.name} is copied"
        elif isinstance(old_value, list | dict) or dataclasses.is_dataclass(old_value):
            assert new_value is not old_value, f"{f.name} is shared"
    assert all(a is b for a, b in zip(new.players, d.players, strict=True))
    assert all(a is b for a, b in zip(new.tasks, d.tasks, strict=True))


def test_a_move_copies_the_shared_fields_it_changes_and_no_other():
    """Drawing a card changes the deck and the cards on the table, nothing else shared."""
    s = scenario(players=2, heroes={0: ["Hercules"], 1: ["Hector"]}, deck_top=["Hydra"])
    before = s.to_json()
    after = s.apply("adventure with Hercules")
    changed = {name for name in SHARED_FIELDS
               if getattr(after.data, name) is not getattr(s.data, name)}
    assert changed == {"deck", "limbo"} or changed == {"deck"}, changed
    assert after.data.deck == s.data.deck[:-1]
    assert s.edited().to_json() == before


def test_a_move_copies_the_heroes_it_changes_and_shares_the_others():
    s = scenario(players=2, heroes={0: ["Hercules", "Ajax"], 1: ["Hector"]},
                 deck_top=["Hydra"])
    before = s.to_json()
    after = s.apply("adventure with Hercules")
    hercules, ajax = after.data.players[0].heroes
    assert hercules is not s.data.players[0].heroes[0]  # Hercules adventures
    assert ajax is s.data.players[0].heroes[1]
    assert s.edited().to_json() == before


def test_copy_sharing_lists_copies_the_player_and_shares_its_lists():
    """A move copies a player's list only when it names it (``player_to_change``)."""
    s = scenario(players=2, heroes={0: ["Ajax", "Hercules"]}, cities={0: ["Thebes"]},
                 hand={0: ["Trojan Horse"]})
    p = s.data.players[0]
    p.victory.append(s.data.deck.pop())
    p.bonus_notes.append("Olympic Games +1")
    new = copy_sharing_lists(p)
    assert new == p and new is not p
    for f in dataclasses.fields(p):
        old_value = getattr(p, f.name)
        if isinstance(old_value, list | dict):
            assert getattr(new, f.name) is old_value, f"{f.name} is copied"


def test_copy_hero_copies_every_field_and_shares_the_lists():
    """A hero copy has each field of the hero (a field added later and left out of the copy
    is unset, which the comparison finds) and shares its lists, which a move replaces."""
    h = Hero("hercules#1", delay=2, cursed=True, attached=["golden-fleece"], gained=["King"],
             blessed=["blessing-of-zeus"], adventures_left=1)
    new = copy_hero(h)
    assert new == h and new is not h
    for f in dataclasses.fields(h):
        old_value = getattr(h, f.name)
        if isinstance(old_value, list):
            assert getattr(new, f.name) is old_value, f"{f.name} is copied"


def test_a_move_copies_only_the_player_lists_it_changes():
    """Attaching a relic from the hand changes the hand and a hero, not the cities, the
    victory pile or the other player."""
    s = scenario(players=2, heroes={0: ["Hercules"], 1: ["Hector"]}, cities={0: ["Thebes"]},
                 hand={0: ["Golden Fleece"]})
    before = s.to_json()
    after = s.apply("attach Golden Fleece to Hercules")
    old, new = s.data.players[0], after.data.players[0]
    assert (old.hand, new.hand) == (["golden-fleece"], [])
    assert new.heroes[0].attached == ["golden-fleece"] and not old.heroes[0].attached
    assert new.cities is old.cities and new.victory is old.victory
    assert after.data.players[1] is s.data.players[1]
    assert s.edited().to_json() == before


def _applied_on_a_full_copy(state: State, action) -> State:
    """``apply`` as it was before copy on write: every player copied before the move."""
    new = state.clone()  # a deep copy of the position
    new.events = []
    new.history = state.history + (action.label,)
    State._do(new, action)  # the engine's move, without Agea's shared-player bookkeeping
    return new


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_copy_on_write_gives_the_same_states_as_full_copies(players):
    """Every legal move of seeded random games: the same state as after a full copy, and the
    state moved from is untouched."""
    rng = random.Random(players)
    state = mythlab.make("agea", players=players, seed=players).initial_state()
    while not state.is_terminal():
        before = state.to_json()
        for action in state.legal_actions():
            assert state.apply(action).to_json() == \
                _applied_on_a_full_copy(state, action).to_json(), action.label
            assert state.edited().to_json() == before, action.label
        state = state.apply(rng.choice(state.legal_actions()))


def _offers(state: State) -> list[tuple]:
    """Every part of each move offered (and each chance outcome's probability)."""
    moves = state.chance_outcomes() or [(a, None) for a in state.legal_actions()]
    return [(a.label, a.kind, a.args, a.rule, a.note, p) for a, p in moves]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_moves_made_once_per_game_are_the_moves_made_afresh(players):
    """Random games: each state offers the same moves with the game's made-once moves as with
    none made yet (``AgeaState.once`` keys each move by everything it depends on)."""
    rng = random.Random(players)
    game = mythlab.make("agea", players=players, seed=players)
    state = game.initial_state()
    while not state.is_terminal():
        offered = _offers(state)
        made, game.made = game.made, {}
        assert _offers(state.edited()) == offered
        game.made = made
        state = state.apply(rng.choice(state.legal_actions()))
    assert sum(map(len, game.made.values())) > 10  # moves were made once and offered again


def test_agea_is_terminal_answers_as_the_engine_does():
    """``AgeaState._may_be_over`` lets ``is_terminal`` skip working out the phase; it gives
    the plain answer (the phase is the terminal one), also for a position whose phase field
    says the game is over."""
    rng = random.Random(4)
    state = mythlab.make("agea", players=4, seed=4).initial_state()
    while True:
        assert state.is_terminal() == (state.phase.name == "Game over")
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    odd = mythlab.make("agea", players=2, seed=1).initial_state().clone()
    odd.data.phase = "Game over"
    assert odd.edited().is_terminal() == (odd.phase.name == "Game over")
