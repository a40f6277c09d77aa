"""Agea's hidden information: the deck's order and other players' hands are secret (Agea
rulebook, English edition, The Cards, Setup and Draw Phase; rulings hidden-hands and
oracle-look). Checked over random games for every seat and the public view: observations are
JSON and the same shape, leak nothing, and resampling keeps them while redrawing the secrets."""

from __future__ import annotations

import json
import random

import mythlab
from mythlab.agea.hidden import FACE_DOWN
from mythlab.agea.load import rulings
from mythlab.agea.scenarios import scenario
from mythlab.engine import ALL


def random_states(games: int = 8, every: int = 7) -> list:
    """A few hundred positions from random games of 2 to 4 players."""
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        s = mythlab.make("agea", players=2 + seed % 3, seed=seed).initial_state()
        step = 0
        while not s.is_terminal():
            if step % every == 0:
                states.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
            step += 1
        states.append(s)
    return states


STATES = random_states()


def viewers(s):
    return [*range(s.game.players), None]


def shape(value, key=""):
    """The structure of an observation: keys, list lengths and leaf types (the keys of the
    use and turn counters are card ids, which differ by what each viewer sees)."""
    if key in ("uses", "timers"):
        return "counters"
    if isinstance(value, dict):
        return {k: shape(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    return type(value).__name__


def strings(value) -> set[str]:
    """Every string in an observation, keys included."""
    if isinstance(value, dict):
        return set(value) | {t for v in value.values() for t in strings(v)}
    if isinstance(value, list):
        return {t for v in value for t in strings(v)}
    return {value} if isinstance(value, str) else set()


def secrets_of(s, viewer) -> set[str]:
    """The cards ``viewer`` may not see: the deck and the other players' hands."""
    out = set(s.data.deck)
    for q, p in enumerate(s.data.players):
        if q != viewer:
            out |= set(p.hand)
    return out


def test_there_are_a_few_hundred_states_with_cards_in_hands():
    assert len(STATES) >= 200
    assert sum(1 for s in STATES if any(p.hand for p in s.data.players)) >= 100


def test_the_game_names_each_secret_with_the_rule_that_hides_it():
    hidden = mythlab.make("agea").hidden
    assert set(hidden) == {"deck", "hands", "oracle"}
    assert all("Agea rulebook, English edition" in why for why in hidden.values())
    assert "hidden-hands" in hidden["hands"] and "oracle-look" in hidden["oracle"]
    assert {"hidden-hands", "oracle-look"} <= set(rulings())


def test_observations_are_json_and_the_same_shape_for_every_viewer():
    for s in STATES:
        shapes = []
        for p in viewers(s):
            obs = s.observation(p)
            assert json.loads(json.dumps(obs)) == obs
            assert obs["player"] == p and obs["step"] == len(s.history)
            shapes.append(shape(obs["data"]))
        assert all(x == shapes[0] for x in shapes)
        assert shape(s.observation(None)["data"]) == shape(s.observation(ALL)["data"])


def test_no_secret_card_appears_in_an_observation():
    for s in STATES:
        for p in viewers(s):
            obs = s.observation(p)
            assert not strings(obs) & secrets_of(s, p), (p, s.history[-3:])
            assert obs["data"]["deck"] == [FACE_DOWN] * len(s.data.deck)
            for q, player in enumerate(s.data.players):
                hand = obs["data"]["players"][q]["hand"]
                assert hand == (player.hand if q == p else [FACE_DOWN] * len(player.hand))


def swap_with_deck(s, seat: int):
    """``s`` with the first card of ``seat``'s hand swapped for the top card of the deck."""
    edited = s.clone()
    d = edited.data
    hand = d.players[seat].hand
    hand[0], d.deck[-1] = d.deck[-1], hand[0]
    return edited.edited()


def test_swapping_a_hidden_card_changes_only_its_owners_observation():
    checked = 0
    for s in STATES:
        if not s.data.deck:
            continue
        for owner, player in enumerate(s.data.players):
            if not player.hand:
                continue
            edited = swap_with_deck(s, owner)
            for p in viewers(s):
                if p == owner:
                    assert edited.observation(p) != s.observation(p)
                else:
                    assert edited.observation(p) == s.observation(p)
            checked += 1
    assert checked >= 100


def test_reordering_the_deck_changes_no_observation():
    for s in STATES[::3]:
        if len(s.data.deck) < 2:
            continue
        edited = s.clone()
        edited.data.deck.reverse()
        edited.edited()
        for p in viewers(s):
            assert edited.observation(p) == s.observation(p)


def play_on(s, rng, moves: int = 5):
    for _ in range(moves):
        if s.is_terminal():
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_resampled_state_looks_the_same_to_its_viewer_is_sound_and_plays_on():
    rng = random.Random(12)
    changed = 0
    for s in STATES:
        for p in viewers(s):
            r = s.resample_hidden(p, rng)
            assert r.observation(p) == s.observation(p)
            assert s.game.invariants(r) == []
            play_on(r, rng)
            if r.data.deck != s.data.deck or any(
                    a.hand != b.hand for a, b in zip(r.data.players, s.data.players, strict=True)):
                changed += 1
    assert changed > len(STATES)  # most states have a deck of several cards to reorder


def test_resampling_redraws_other_hands_and_leaves_the_viewers_own():
    s = scenario(players=3, hand={0: ["Steal", "Oration"], 1: ["Volcano", "Duel", "Betrayal"]})
    seen = set()
    for seed in range(20):
        r = s.resample_hidden(0, random.Random(seed))
        assert r.data.players[0].hand == ["steal", "oration"]
        assert len(r.data.players[1].hand) == 3
        seen.add(tuple(r.data.players[1].hand))
    assert len(seen) > 10
    assert s.data.players[1].hand == ["volcano", "duel", "betrayal"]  # the original is untouched


def test_a_seat_asked_to_negate_keeps_its_divine_intervention_when_resampled():
    s = scenario(heroes={0: ["Ajax"], 1: ["Hector"]}, cities={1: ["Thebes"]},
                 hand={0: ["Volcano"], 1: ["Divine Intervention", "Duel"]})
    s = s.apply("play Volcano on Thebes (P2)")
    assert s.decision().kind == "negate" and s.current_player == 1
    for seed in range(10):
        r = s.resample_hidden(0, random.Random(seed))
        assert "divine-intervention" in r.data.players[1].hand
        assert r.observation(0) == s.observation(0)
        assert "negate Volcano with Divine Intervention" in [a.label for a in r.legal_actions()]


def test_a_hero_owner_asked_to_save_it_keeps_a_blessing_when_resampled():
    s = scenario(heroes={0: ["Ajax"], 1: ["Hector"]},
                 hand={0: ["Lightning Bolt"], 1: ["Blessing of Atlas", "Duel"]})
    s = s.apply("play Lightning Bolt on Hector (P2)")
    assert s.decision().kind == "bolt"
    for seed in range(10):
        r = s.resample_hidden(0, random.Random(seed))
        assert "blessing-of-atlas" in r.data.players[1].hand


def test_ruling_oracle_look_only_its_player_reads_the_next_cards():
    s = scenario(heroes={0: ["Ajax"]}, hand={0: ["Visit Oracle at Delphi"]},
                 deck_top=["Hydra", "Thebes"])
    s = s.apply("play Visit Oracle at Delphi")
    mine, theirs, public = s.events_for(0), s.events_for(1), s.events_for(None)
    assert any("The next 7 cards: Hydra, Thebes" in e for e in mine)
    assert s.events_for(ALL) == s.events
    for lines in (theirs, public):
        assert not any("Hydra" in e or "Thebes" in e for e in lines)
        assert any(e.startswith("P1 looks at the next 7 cards.") and "Oracle" in e
                   for e in lines)
    assert s.step_for(1) == "play Visit Oracle at Delphi"


def test_ruling_hidden_hands_draws_are_still_shown_to_all():
    """ "Whenever a card is drawn show it to all players": the draw lines are not redacted."""
    s = scenario(heroes={0: ["Ajax"]}, deck_top=["Thebes"])
    s = s.apply("adventure with Ajax")
    assert s.events_for(1) == s.events and any("draws Thebes" in e for e in s.events)
