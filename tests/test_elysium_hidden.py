"""Elysium's hidden information: the draw pile and every Citizen are face down for everyone
(Elysium rulebook, Greek edition, p.3-4), so every seat's observation is the public one.

Checked over a few hundred positions of random games: observations are JSON and name no
face-down card; editing what lies face down leaves them unchanged; resampled positions look
the same, keep the invariants and play on; no log line names a Citizen.
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
from mythlab.elysium.hidden import HIDDEN, face_down
from mythlab.engine import ALL
from mythlab.widgets import render_view


@cache
def positions() -> tuple:
    """Every second position of random 2-, 3- and 4-player games (about 270), with Citizens."""
    return tuple(s for seed, players in [(1, 2), (2, 3), (3, 4)]
                 for s in random_positions("elysium", seed, players, every=2))


def swap_citizen_with_draw(s):
    """A copy of ``s`` with a Citizen and the draw pile's top card exchanged (both face down)."""
    holder = next(q for q, seat in enumerate(s.data.seats) if seat.citizens)
    new = s.clone()
    seat = new.data.seats[holder]
    old, top = seat.citizens[0], new.data.draw[-1]
    seat.citizens[0] = top
    seat.domain = [top if c == old else c for c in seat.domain]
    seat.legends = [[top if c == old else c for c in lg] for lg in seat.legends]
    seat.acquired = [top if c == old else c for c in seat.acquired]
    seat.transferred = [top if c == old else c for c in seat.transferred]
    new.data.draw[-1] = old
    return new.edited()


def test_every_secret_names_the_rule_that_hides_it():
    game = mythlab.make("elysium", players=3)
    assert game.hidden is HIDDEN
    assert set(HIDDEN) == {"draw pile", "citizens", "cards out of the game"}
    assert "Greek edition, p.3" in HIDDEN["draw pile"]
    assert "Greek edition, p.4" in HIDDEN["citizens"]


def test_sample_holds_citizens_and_a_game_over():
    sample = positions()
    assert len(sample) >= 250
    assert sum(any(seat.citizens for seat in s.data.seats) for s in sample) >= 30
    assert sum(s.is_terminal() for s in sample) >= 1


def test_observations_are_json_and_the_same_for_every_seat():
    # nobody may look at a Citizen, its owner included (p.4): every seat sees the public view
    for s in positions():
        assert_every_seat_sees_the_public_view(s)


def test_no_face_down_card_is_named_in_an_observation():
    for s in positions():
        hidden = set(face_down(s))
        seen = s.observation(0)
        assert not hidden & strings(seen)
        assert seen["data"]["draw"] == len(s.data.draw)
        assert seen["data"]["removed"] == len(s.data.removed)
        names = {f"citizen:{s.player_name(q)}.{i}" for q, seat in enumerate(s.data.seats)
                 for i in range(1, len(seat.citizens) + 1)}
        assert names <= strings(seen)


def test_exchanging_face_down_cards_leaves_every_observation_unchanged():
    checked = 0
    for s in positions():
        if not s.data.draw or not any(seat.citizens for seat in s.data.seats):
            continue
        edited = swap_citizen_with_draw(s)
        # the edit is real: the full state and the teacher's view change
        assert edited.to_json() != s.to_json()
        assert render_view(edited, ALL) != render_view(s, ALL)
        assert_nobody_tells_apart(edited, s)
        checked += 1
    assert checked >= 20


def test_reordering_the_draw_pile_leaves_every_observation_unchanged():
    for s in positions()[::10]:
        if len(s.data.draw) < 2:
            continue
        edited = s.clone()
        edited.data.draw.reverse()
        edited.edited()
        assert edited.to_json() != s.to_json()
        assert all(edited.observation(p) == s.observation(p) for p in viewers(s))


def test_resampled_positions_look_the_same_keep_the_invariants_and_play_on():
    rng = random.Random(5)
    changed = 0
    for s in positions():
        r = resample_and_play_on(s, rng)
        changed += r.data.draw != s.data.draw or any(
            a.citizens != b.citizens for a, b in zip(r.data.seats, s.data.seats, strict=True))
    assert changed >= len(positions()) // 2


def test_resampling_deals_citizens_from_the_unseen_cards_only():
    rng = random.Random(9)
    s = next(s for s in positions() if any(seat.citizens for seat in s.data.seats)
             and s.data.draw)
    unseen = sorted(face_down(s))
    dealt = set()
    for _ in range(30):
        r = s.resample_hidden(0, rng)
        assert sorted(face_down(r)) == unseen
        dealt |= {c for seat in r.data.seats for c in seat.citizens}
    assert len(dealt) > sum(len(seat.citizens) for seat in s.data.seats)


def test_no_log_line_or_step_label_names_a_citizen():
    # "P2 takes a Citizen (face down)": no line names the card, so no redaction is needed
    seen = 0
    for seed in (2, 3):
        rng = random.Random(seed)
        s = mythlab.make("elysium", players=3, seed=seed).initial_state()
        while not s.is_terminal():
            before = {c for seat in s.data.seats for c in seat.citizens}
            s = s.apply(rng.choice(s.legal_actions()))
            new = {c for seat in s.data.seats for c in seat.citizens} - before
            if not new:
                continue
            seen += 1
            public = {s.game.labels[c] for c in s.data.agora + s.data.discard + s.data.oracle}
            public |= {s.game.labels[c] for seat in s.data.seats
                       for c in seat.domain + [c for lg in seat.legends for c in lg]
                       if c not in seat.citizens}
            for p in viewers(s):
                assert s.events_for(p) == s.events and s.step_for(p) == s.history[-1]
            for line in [*s.events, s.history[-1]]:
                assert not any(s.game.labels[c] in line for c in new
                               if s.game.labels[c] not in public), line
    assert seen >= 3


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_views_show_citizens_face_down_and_only_the_teacher_sees_them(viewer):
    s = next(s for s in positions() if s.game.players >= 2 and any(
        c in seat.domain for seat in s.data.seats for c in seat.citizens))
    public = render_view(s, viewer)
    teacher = render_view(s, ALL)
    citizens = [c for seat in s.data.seats for c in seat.citizens]
    for c in citizens:
        assert f'"{c}"' not in public
    assert "Citizen" in public
    assert "draw pile" in public and str(len(s.data.draw)) in public
    top = s.game.labels[s.data.draw[-1]]
    assert "next in the draw pile" in teacher and top in teacher
    assert "next in the draw pile" not in public
