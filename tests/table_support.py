"""Shared checks of the game-table tests (a helper module, not a test file): the viewers of a
position, the strings of an observation, random positions of a game, and the click-path check
every game's board test makes (issue 12 §1 and §3).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from html import escape

import mythlab
from mythlab.display import Pick
from mythlab.widgets import render_view


def viewers(s) -> list:
    """Every seat of ``s`` and the public (None)."""
    return [None, *range(s.game.players)]


def strings(value) -> set[str]:
    """Every string in JSON data (an observation)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(strings, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(strings, value)) if value else set()
    return set()


def random_positions(game: str, seed: int, players: int, every: int = 1, steps: int = 10**6):
    """Every ``every``-th position of a random game (and its last), at most ``steps`` moves."""
    rng = random.Random(seed)
    s = mythlab.make(game, players=players, seed=seed).initial_state()
    for step in range(steps):
        if step % every == 0 or s.is_terminal():
            yield s
        if s.is_terminal():
            return
        s = s.apply(rng.choice(s.legal_actions()))


def check_paths(s, targets, kinds: Counter) -> None:
    """Every legal move of ``s`` has one click path, none begins another, and its board tokens
    are drawn in the mover's view; count in ``kinds`` the move kinds clicked on the board."""
    paths = targets(s)
    legal = s.legal_actions()
    assert set(paths) == {a.label for a in legal}
    assert len(set(paths.values())) == len(paths)          # one path, one move
    starts = {p[:n] for p in paths.values() for n in range(1, len(p))}
    assert not starts & set(paths.values())                 # no path begins another
    html = render_view(s, s.current_player)
    for a in legal:
        board = [step for step in paths[a.label] if not isinstance(step, Pick)]
        for token in board:
            assert f'data-token="{escape(token)}"' in html, (a.label, token)
        kinds[a.kind] += bool(board)


def assert_every_seat_sees_the_public_view(s) -> None:
    """A game with no private information: each seat's observation is the public one (JSON)."""
    public = s.observation(None)
    json.dumps(public)
    for p in viewers(s):
        seen = s.observation(p)
        assert seen["player"] == p
        assert {**seen, "player": None} == public


def assert_nobody_tells_apart(edited, s) -> None:
    """Every seat and the public see ``edited`` exactly as ``s``: observation and view."""
    for p in viewers(s):
        assert edited.observation(p) == s.observation(p)
        assert render_view(edited, p) == render_view(s, p)


def resample_and_play_on(s, rng: random.Random):
    """A resample of ``s`` for a random viewer: it looks the same to them, keeps the game's
    invariants, and plays on legally for three random moves; returns the resample."""
    p = rng.choice(viewers(s))
    r = s.resample_hidden(p, rng)
    assert r.observation(p) == s.observation(p)
    assert s.game.invariants(r) == []
    t = r
    for _ in range(3):
        if t.is_terminal():
            break
        t = t.apply(rng.choice(t.legal_actions()))
        assert s.game.invariants(t) == []
    return r
