"""``Session``: the timeline (apply, undo, redo, branch, play) and its JSON save files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mythlab
from mythlab.engine.session import _checksum
from mythlab.sim import seat_bots


@pytest.fixture
def session() -> mythlab.Session:
    """Three actions in: P1 rolled 2 dice (2+5) and P2 is rolling 1 die."""
    s = mythlab.Session(mythlab.make("toy-race", players=3, seed=7))
    for label in ("roll 2 dice", "rolled 2+5", "roll 1 die"):
        s.apply(label)
    return s


def fingerprint(s: mythlab.Session) -> tuple:
    """Everything a session shows: its save form, current state and full timeline."""
    return s.to_dict(), s.state.to_json(), [t.to_json() for t in s._timeline]


# ------------------------------------------------------------------------ timeline
def test_apply_undo_redo_walk_the_timeline(session):
    assert session.position == 3 and session.actions == ["roll 2 dice", "rolled 2+5", "roll 1 die"]
    third = session.state
    assert session.undo(2).history == ("roll 2 dice",)
    assert session.can_undo() and session.can_redo() and len(session.states) == 2
    assert session.redo().history == ("roll 2 dice", "rolled 2+5")
    assert session.redo() is third and not session.can_redo()
    assert session.undo(3).history == () and not session.can_undo()


def test_apply_after_undo_forgets_the_redo_tail(session):
    session.undo(2)
    session.apply("rolled 6+6")
    assert session.actions == ["roll 2 dice", "rolled 6+6"] and not session.can_redo()
    assert session.state.is_terminal()


@pytest.mark.parametrize(("move", "message"), [
    (lambda s: s.undo(4), "only 3 step"),
    (lambda s: s.redo(), "nothing to redo"),
])
def test_undo_and_redo_past_the_ends_are_refused(session, move, message):
    before = fingerprint(session)
    with pytest.raises(mythlab.IllegalAction, match=message):
        move(session)
    assert fingerprint(session) == before


@pytest.mark.parametrize("steps", [-1, -3])
def test_negative_steps_are_refused(session, steps):
    session.undo(2)
    before = fingerprint(session)
    for move in (session.undo, session.redo):
        with pytest.raises(ValueError, match="steps must be a whole number"):
            move(steps)
    assert fingerprint(session) == before


def test_an_illegal_move_leaves_the_session_unchanged(session):
    before = fingerprint(session)
    with pytest.raises(mythlab.IllegalAction, match="the dice are rolling"):
        session.apply("pass")
    assert fingerprint(session) == before


def test_branch_is_an_independent_what_if(session):
    what_if = session.branch(at=2)
    assert what_if.position == 2 and not what_if.can_redo()
    what_if.apply("roll 2 dice")
    assert session.position == 3 and session.state.history[-1] == "roll 1 die"
    assert what_if.state.history[-1] == "roll 2 dice"
    assert session.branch().state is session.state
    with pytest.raises(IndexError, match="step 9 is not on this timeline"):
        session.branch(at=9)


def test_roll_draws_a_legal_outcome_from_the_seeded_stream(session):
    node = session.state
    after = session.roll()
    assert after.history[-1] in [a.label for a in node.legal_actions()]
    session.undo()
    assert session.roll() == after
    with pytest.raises(mythlab.IllegalAction, match="not a chance node"):
        session.roll()


def test_play_runs_bots_to_the_end_or_to_the_next_phase():
    s = mythlab.Session(mythlab.make("toy-race", players=2, seed=4))
    assert s.play(seat_bots(["random", "greedy"], 4), until="phase").phase.name == "Roll"
    final = s.play(seat_bots(["random", "greedy"], 4))
    assert final.is_terminal() and final is s.state and s.position == len(final.history)



def test_play_drops_the_redo_tail_and_a_failing_bot_leaves_the_last_state_reached():
    s = mythlab.Session(mythlab.make("toy-race", players=2, seed=4))
    s.play(seat_bots(["random", "random"], 4), max_steps=4)
    s.undo(3)
    moves = []

    def bot(state):
        if len(moves) == 1:
            raise RuntimeError("the bot gives up")
        moves.append(state.legal_actions()[0])
        return moves[-1]

    with pytest.raises(RuntimeError, match="gives up"):
        s.play(bot)
    assert not s.can_redo() and s.state is s.states[-1]
    assert s.position == len(s.state.history) >= 1 + 1
    assert s.state.current_player is not None  # the game goes on from there
    assert s.play(seat_bots(["random", "random"], 4)).is_terminal()


def test_play_that_makes_no_move_keeps_the_redo_tail_and_bots_see_the_session_move_on():
    """``Session.play`` applies moves as ``apply`` does: only a move forgets the redo tail,
    and the session stands on each state as it is reached."""
    s = mythlab.Session(mythlab.make("toy-race", players=2, seed=4))
    s.play(seat_bots(["random", "random"], 4), max_steps=4)
    s.undo(2)
    s.play(seat_bots(["random", "random"], 4), stop=lambda state: True)
    assert s.can_redo() and s.position == 2
    seen = []

    def bot(state):
        seen.append(s.state is state and s.position == state.steps)
        return state.legal_actions()[0]

    s.play(bot, max_steps=4)
    assert seen and all(seen) and not s.can_redo()

def test_a_move_shares_the_stream_until_it_draws_and_never_moves_the_earlier_stream():
    """Copy on write of the seeded stream (``State.stream``): a move that draws nothing
    leaves the stream where it was; one that shuffles moves only its own state's stream."""
    game = mythlab.make("cyclades", players=3, seed=2)
    session = mythlab.Session(game)
    session.play(seat_bots(["random"] * 3, 2), max_steps=400)
    states = session.states
    positions = [s.stream.position for s in states]
    drew = [i for i in range(1, len(states)) if positions[i] != positions[i - 1]]
    assert drew and len(drew) < len(states) - 1  # some moves shuffle, most do not
    for i in drew:  # replay the move: the state before it keeps its stream position
        before = states[i - 1]
        again = before.apply(before.find(states[i].last_move))
        assert again.stream.position == positions[i] and before.stream.position == positions[i - 1]
        assert again.stream is not before.stream
    replayed = mythlab.Session(game)
    for label in session.actions:
        replayed.apply(label)
    assert [s.stream.position for s in replayed.states] == positions

# ------------------------------------------------------------------------ save files
def test_save_and_load_round_trip_keeps_position_and_redo_tail(session, tmp_path):
    session.undo()
    path = session.save(tmp_path / "race.json")
    loaded = mythlab.Session.load(path)
    assert fingerprint(loaded) == fingerprint(session)
    assert loaded.redo().to_json() == session.redo().to_json()
    assert not list(tmp_path.glob("*.tmp"))


def _rewrite(text: str, resign: bool = True, **changes: object) -> str:
    """The save file with fields changed, its checksum recomputed when ``resign``."""
    payload = json.loads(text)
    payload.update(changes)
    if resign:
        payload["checksum"] = _checksum({k: v for k, v in payload.items() if k != "checksum"})
    return json.dumps(payload)


BROKEN_SAVES = {
    "truncated": (lambda t: t[: len(t) // 2], "not valid JSON, truncated or damaged"),
    "not JSON": (lambda t: "P1 rolled a six", "not valid JSON"),
    "not a session": (lambda t: '{"format": "mythlab-state"}', "not a mythlab session file"),
    "altered action": (lambda t: t.replace("rolled 2+5", "rolled 6+5"),
                       "checksum does not match; the file was altered or damaged"),
    "altered action, checksum recomputed": (
        lambda t: _rewrite(t, actions=["roll 2 dice", "rolled 2+5", "roll 7 dice"]),
        "step 3 ('roll 7 dice') cannot be replayed: Toy race · 1. Turn: you may roll 1 or 2"),
    "altered checksum": (lambda t: _rewrite(t, resign=False, checksum="sha256:00"),
                         "checksum does not match"),
    "wrong version": (lambda t: _rewrite(t, version=3), "version 3 is not supported"),
    "wrong game": (lambda t: _rewrite(t, game="chess"),
                   "cannot set up the saved game 'chess': unknown game 'chess'"),
    "impossible options": (
        lambda t: _rewrite(t, options={"players": 9, "seed": 7, "target": 10, "rounds": 8}),
        "Toy race is for 2–3 players, not 9"),
    "position off the timeline": (lambda t: _rewrite(t, position=8), "position 8 is outside 0..3"),
    "missing field": (lambda t: _rewrite(t, actions=None), "damaged session file"),
}


@pytest.mark.parametrize("damage", list(BROKEN_SAVES))
def test_broken_save_files_raise_save_file_error(session, tmp_path, damage):
    alter, message = BROKEN_SAVES[damage]
    path = session.save(tmp_path / "race.json")
    path.write_text(alter(path.read_text(encoding="utf-8")), encoding="utf-8")
    before = fingerprint(session)
    with pytest.raises(mythlab.SaveFileError) as refused:
        mythlab.Session.load(path)
    assert message in str(refused.value) and str(path) in str(refused.value)
    assert fingerprint(session) == before


@pytest.mark.parametrize("where", ["missing.json", "."])
def test_unreadable_save_file_raises_save_file_error(session, tmp_path, where):
    path = tmp_path / where
    before = fingerprint(session)
    with pytest.raises(mythlab.SaveFileError, match="cannot read save file"):
        mythlab.Session.load(path)
    assert fingerprint(session) == before


def test_saving_over_a_file_replaces_it_whole(session, tmp_path):
    path: Path = tmp_path / "race.json"
    path.write_text("x" * 100_000, encoding="utf-8")
    session.save(path)
    assert mythlab.Session.load(path).to_dict() == session.to_dict()
