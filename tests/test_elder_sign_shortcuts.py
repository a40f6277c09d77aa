"""Elder Sign's playout shortcuts answer what the moves they stand for answer: each question
asked without making moves is checked against the moves, over the states of random games."""

from __future__ import annotations

from collections import Counter

from test_elder_sign_speed import random_states

from mythlab.elder_sign import resolve
from mythlab.elder_sign.tasks import split
from mythlab.engine import State


def attempt_states() -> tuple[State, ...]:
    """The states of a few random games (seeds 0..7, 1 to 4 players) with an attempt under
    way and its investigator in play."""
    return tuple(s for s in random_states(8, fewest_players=1)
                 if not s.is_terminal() and s.data.attempt is not None and s.active is not None)


def test_anything_before_the_roll_is_whether_a_move_comes_before_it():
    """``anything_before_the_roll`` (asked at every roll) is ``before_the_roll`` not empty."""
    states = attempt_states()
    found = [resolve.anything_before_the_roll(s) for s in states]
    assert found == [bool(resolve.before_the_roll(s)) for s in states]
    assert any(found) and not all(found)


def test_marker_holders_are_the_seats_focus_offers():
    """``marker_holders`` names the seats ``offer_focus`` offers, in its order, die by die."""
    checked = 0
    for s in attempt_states():
        if not s.data.attempt.rolled:
            continue
        holders = resolve.marker_holders(s)
        focus = [a for a in resolve.offer_focus(s) if a.kind == "focus"]
        assert [a.args[0] for a in focus] == holders * len(set(s.data.attempt.rolled))
        checked += bool(holders)
    assert checked > 50


def test_the_dice_a_task_may_take_are_counted_as_before():
    """``dice_tuple`` (a roll's counts cached) is the roll counted afresh, with held dice."""
    checked = 0
    for s in attempt_states():
        dice = [(*split(die), n) for die, n in Counter(s.data.attempt.rolled).items()]
        dice += [(src, split(die)[1], 1) for src, die in resolve.held_dice(s)]
        assert resolve.dice_tuple(s) == tuple(sorted(dice))
        checked += bool(dice)
    assert checked > 100
