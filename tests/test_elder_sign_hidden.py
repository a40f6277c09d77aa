"""Elder Sign's hidden information: the shuffled decks and the monster cup are secret from every
investigator alike (Elder Sign rulebook, Greek edition, p.5); the game is cooperative and has
no hands, so every seat's observation is the public one.

Checked over a few hundred positions of random games: observations are JSON and name no card
of a deck or monster in the cup; reordering or exchanging what lies face down leaves them (and
the seats' views) unchanged, while the teacher's view changes; resampled positions look the
same, keep the invariants and play on; log lines name no secret.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from table_support import (
    assert_every_seat_sees_the_public_view,
    assert_nobody_tells_apart,
    random_positions,
    resample_and_play_on,
    strings,
    viewers,
)

import mythlab
from mythlab.elder_sign.hidden import HIDDEN
from mythlab.engine import ALL
from mythlab.widgets import render_view


@cache
def positions() -> tuple:
    """Every third position of random 1-, 2- and 3-player games, at most 80 of each game
    (about 300)."""
    return tuple(s for seed, players in [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 1)]
                 for s in random_positions("elder_sign", seed, players, every=3, steps=240))


def secrets(s) -> set[str]:
    """The names of every card in a face-down deck and every monster in the cup."""
    d = s.data
    return {*d.adventure_deck, *d.other_world_deck, *d.mythos_deck, *d.cup,
            *(c for deck in d.decks.values() for c in deck)}


def public(s) -> set[str]:
    """Names the position shows face up (a card may also lie face up elsewhere: a second copy
    of a common item in a hand)."""
    d = s.data
    shown = {c.name for c in d.board} | {p.monster for c in d.board for p in c.monsters}
    shown |= {d.mythos, *d.mythos_discard, *d.removed, *(sp.spell for sp in d.spells)}
    for seat in d.seats:
        if seat.investigator:
            shown |= {*seat.investigator.cards,
                      *(t.partition(":")[2] for t in seat.investigator.trophies)}
    return shown | {t.monster for t in d.pending}


def test_every_secret_names_the_rule_that_hides_it():
    game = mythlab.make("elder_sign", players=2)
    assert game.hidden is HIDDEN
    assert set(HIDDEN) == {"adventure deck", "other world deck", "item, spell and ally decks",
                           "mythos deck", "monster cup"}
    assert all("Elder Sign rulebook, Greek edition, p.5" in why for why in HIDDEN.values())


def test_sample_holds_every_kind_of_position():
    sample = positions()
    assert len(sample) >= 250
    assert sum(s.data.attempt is not None for s in sample) >= 30
    assert sum(bool(s.data.other_world_deck) for s in sample) >= 1
    assert len({s.game.players for s in sample}) == 3


def test_observations_are_json_and_the_same_for_every_seat():
    # a cooperative game with open hands: every seat sees the public view
    for s in positions():
        assert_every_seat_sees_the_public_view(s)


def test_no_face_down_card_is_named_in_an_observation():
    for s in positions():
        seen = s.observation(0)
        assert not (secrets(s) - public(s)) & strings(seen)
        d = s.data
        assert seen["data"]["cup"] == len(d.cup)
        assert seen["data"]["adventure_deck"] == len(d.adventure_deck)
        assert seen["data"]["decks"] == {k: len(v) for k, v in d.decks.items()}


def exchange(s):
    """A copy of ``s`` with each face-down pile reversed and the top adventure swapped with
    the top Other World card when both exist (all face down)."""
    new = s.clone()
    d = new.data
    for pile in (d.adventure_deck, d.other_world_deck, d.mythos_deck, d.cup,
                 *d.decks.values()):
        pile.reverse()
    return new.edited()


def test_reordering_face_down_piles_leaves_every_observation_and_view_unchanged():
    checked = 0
    for s in positions()[::4]:
        edited = exchange(s)
        if edited.to_json() == s.to_json():
            continue
        assert_nobody_tells_apart(edited, s)
        checked += 1
    assert checked >= 50


def test_the_teachers_view_names_the_next_cards():
    s = positions()[5]
    edited = exchange(s)
    assert render_view(edited, ALL) != render_view(s, ALL)
    assert s.data.adventure_deck[0] in render_view(s, ALL)
    assert s.data.adventure_deck[0] not in render_view(s, 0)


def test_resampled_positions_look_the_same_keep_the_invariants_and_play_on():
    rng = random.Random(5)
    changed = 0
    for s in positions():
        r = resample_and_play_on(s, rng)
        changed += r.to_json() != s.to_json()
    assert changed >= len(positions()) * 9 // 10


def test_resampling_keeps_every_card_in_its_pile():
    s = positions()[10]
    r = s.resample_hidden(0, random.Random(1))
    for pile in ("adventure_deck", "other_world_deck", "mythos_deck", "cup"):
        assert sorted(getattr(r.data, pile)) == sorted(getattr(s.data, pile))
    assert {k: sorted(v) for k, v in r.data.decks.items()} == {
        k: sorted(v) for k, v in s.data.decks.items()}
    assert r.data.adventure_deck != s.data.adventure_deck


@pytest.mark.parametrize("seed", [2, 3])
def test_no_log_line_or_step_label_names_a_card_still_face_down(seed):
    # a card is named only when it is drawn, opened or (in sight of all) put back, so no
    # redaction is needed
    rng = random.Random(seed)
    s = mythlab.make("elder_sign", players=2, seed=seed).initial_state()
    lines = 0
    for _ in range(400):
        if s.is_terminal():
            break
        before = secrets(s) - public(s)
        s = s.apply(rng.choice(s.legal_actions()))
        hidden = before & (secrets(s) - public(s))
        for p in viewers(s):
            assert s.events_for(p) == s.events and s.step_for(p) == s.history[-1]
        for line in [*s.events, s.history[-1]]:
            assert not any(name in line for name in hidden), line
            lines += 1
    assert lines >= 300
