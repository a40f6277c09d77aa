"""The Stepper as a game table: seats (people and bots), pass-and-play, show all, undo of
one's own move, the scoreboard, and the move list that is never blank.

Driven as Python objects (``StepperModel`` and ``Stepper``); the browser tests click the same
parts in JupyterLab and Voilà.
"""

from __future__ import annotations

import asyncio
import dataclasses
from fractions import Fraction

import pytest
import toygame  # noqa: F401  (registers "toy-race")

import mythlab
from mythlab import registry
from mythlab.display import Pick
from mythlab.widgets import Stepper, StepperModel
from mythlab.widgets import stepper as stepper_module
from mythlab.widgets.model import HUMAN
from mythlab.widgets.stepper import number_html
from mythlab.widgets.views import ALL

GAME = "toy-race"


def table(seats, players: int = 2, seed: int = 3, **kwargs) -> StepperModel:
    return StepperModel(mythlab.make(GAME, players=players, seed=seed), seats=seats, **kwargs)


def test_bots_move_by_themselves_after_a_person_and_chance_is_rolled_for_everyone():
    m = table([HUMAN, "greedy"])
    assert not m.bot_to_move and m.viewer == 0 and m.labels == ["roll 1 die", "roll 2 dice",
                                                                "pass"]
    assert m.click("roll 1 die")
    assert m.bot_to_move and m.buttons == []  # the dice, then the bot: nothing to click
    assert m.run_bots() >= 2 and m.turn == "P1" and not m.bot_to_move
    actors = [e.actor for e in m.log]
    assert actors[:3] == ["P1", "chance", "P2"]


def test_a_person_cannot_click_for_a_bot_seat():
    m = table([HUMAN, "random"])
    m.click("pass")
    before = m.state
    assert not m.click("pass") and "played by the computer" in m.error and m.state is before


def test_seat_setup_errors_name_the_seat_and_the_choices():
    with pytest.raises(ValueError, match=r"seat 2 \(P2\) has the unknown player 'genius'"):
        table([HUMAN, "genius"])
    with pytest.raises(ValueError, match="no seat is human"):
        table(["random", "greedy"])
    with pytest.raises(ValueError, match="3 seats for 2 players"):
        table([HUMAN, HUMAN, HUMAN])
    with pytest.raises(ValueError, match="undo: 'mine'"):
        table([HUMAN, "random"], undo="mine")
    with pytest.raises(ValueError, match="pause"):
        Stepper(mythlab.make(GAME, players=2), seats=[HUMAN, "random"], pause=-1)


def test_pass_and_play_hides_the_private_view_between_turns():
    m = table([HUMAN, HUMAN])
    assert m.handoff == "Pass to P1 — click when ready"
    assert m.viewer is None and m.buttons == [] and not m.click("pass")
    assert "Pass to P1" in m.error
    assert m.ready() and m.viewer == 0 and m.handoff == ""
    assert m.click("pass")
    assert m.handoff == "Pass to P2 — click when ready" and m.viewer is None
    m.ready()
    assert m.viewer == 1
    m.set_show_all(True)
    assert m.viewer == ALL and m.handoff == ""


def test_undo_goes_back_to_the_persons_move_with_the_bots_replies():
    m = table([HUMAN, "random"])
    m.click("roll 2 dice")
    m.run_bots()
    assert m.turn == "P1" and m.step > 2
    assert m.undo() and m.step == 0 and "reply step" in m.status
    assert m.redo() and m.turn == "P1" and m.step > 2  # forward to the person's next turn


def test_undo_own_refuses_once_another_person_has_moved():
    m = table([HUMAN, HUMAN], undo="own")
    m.ready()
    m.click("pass")
    m.ready()
    before = m.state
    assert not m.undo() and "P1 has moved since" in m.error and m.state is before
    m.click("pass")  # P2's own move can be taken back by P1? no: P1 is to move now
    m.ready()
    assert not m.undo() and "P2 has moved since" in m.error


def test_game_over_is_a_scoreboard_with_the_winner_in_words():
    m = StepperModel(mythlab.make("agea", players=2, seed=5), seats=[HUMAN, "greedy"])
    for _ in range(5000):
        if m.is_over:
            break
        if m.bot_to_move:
            m.run_bots()
        else:
            assert m.labels, "a person to move always has a move to click"
            m.click(m.labels[0])
    board = m.scoreboard
    scores = m.state.scores()
    assert board is not None and m.viewer == ALL
    winners = [m.state.player_name(p) for p in scores["winners"]]
    assert board.headline == (f"{winners[0]} wins" if len(winners) == 1
                              else board.headline)
    assert [line.total for line in board.lines] == [scores["scores"][n] for n in ("P1", "P2")]
    assert sum(board.lines[0].breakdown.values()) == board.lines[0].total
    html = stepper_module.scoreboard_html(board)
    assert "mythlab-result" in html and "heroes" in html and "(winner)" in html


def test_elder_sign_scoreboard_says_won_or_lost_in_words():
    m = StepperModel(mythlab.make("elder_sign", players=1, seed=2), seats=[HUMAN])
    m.session.play(m.bots)
    assert m.scoreboard.headline.startswith("The investigators ")


def test_scores_show_as_people_write_them():
    assert [number_html(x) for x in (Fraction(7, 3), Fraction(6, 1), Fraction(1, 2), 12)] == [
        "2 1/3", "6", "1/2", "12"]


def test_the_stepper_table_plays_bots_at_once_with_pause_zero():
    s = Stepper(mythlab.make(GAME, players=2, seed=3), seats=[HUMAN, "random"], pause=0)
    s.press("roll 1 die")
    assert s.model.turn == "P1" and not s.bots_pending and s.thinking.value == ""
    assert s.show_all.layout.display == "" and s.handoff_box.layout.display == "none"


def test_the_stepper_table_waits_pause_seconds_between_bot_moves_on_the_event_loop():
    async def play() -> tuple[bool, str, str]:
        s = Stepper(mythlab.make(GAME, players=2, seed=3), seats=[HUMAN, "random"], pause=0.05)
        s.press("roll 1 die")
        pending, thinking = s.bots_pending, s.thinking.value
        for _ in range(100):
            await asyncio.sleep(0.02)
            if s.model.turn == "P1":
                break
        return pending, thinking, s.model.turn

    pending, thinking, turn = asyncio.run(play())
    assert pending and "the dice are rolling" in thinking and turn == "P1"


def test_pass_screen_in_the_widget_hides_the_view_until_ready():
    s = Stepper(mythlab.make(GAME, players=2, seed=3), seats=[HUMAN, HUMAN], pause=0)
    assert s.handoff_box.layout.display == "" and s.board.html == ""
    assert "Pass to P1" in s.handoff.value and s.action_buttons == []
    s.ready_button.click()
    assert s.handoff_box.layout.display == "none" and s.board.html
    assert [b.description for b in s.action_buttons] == ["roll 1 die", "roll 2 dice", "pass"]


def test_a_long_move_list_is_never_blank_and_go_applies_the_shown_move(monkeypatch):
    monkeypatch.setattr(stepper_module, "DROPDOWN_OVER", 2)
    s = Stepper(mythlab.make(GAME, players=2, seed=3))
    [row] = s._rows
    assert row.dropdown.value == "roll 1 die" and row.dropdown.label == "roll 1 die"
    row.go.click()
    assert s.model.error == "" and list(s.model.state.history) == ["roll 1 die"]


# ---------------------------------------------------------------------- the clickable board
def toy_targets(state):
    """The toy race's moves as board clicks: the dice cup, then how many dice; or pass."""
    return {"roll 1 die": ("cup", Pick("dice:1", "1 die")),
            "roll 2 dice": ("cup", Pick("dice:2", "2 dice")),
            "pass": ("pass",)}


@pytest.fixture
def toy_board(monkeypatch):
    spec = registry.spec(GAME)
    monkeypatch.setitem(registry._specs, GAME, dataclasses.replace(
        spec, targets=toy_targets,
        view=lambda s: '<svg><rect data-token="cup"/><rect data-token="pass"/></svg>'))


def test_board_clicks_then_a_pick_make_a_move(toy_board):
    m = table([HUMAN, HUMAN])
    assert m.click_paths == {} and m.hot == []  # behind the pass screen nothing is clickable
    m.ready()
    assert m.hot == ["cup", "pass"] and m.choices == []
    assert not m.board_click("cup") and m.selection == ("cup",)
    assert m.hot == [] and [c.text for c in m.choices] == ["1 die", "2 dice"]
    assert m.board_click("dice:2") and list(m.state.history) == ["roll 2 dice"]
    assert m.selection == ()


def test_a_board_click_that_is_no_move_is_refused_and_forgets_the_selection(toy_board):
    m = table([HUMAN, "random"])
    m.board_click("cup")
    before = m.state
    assert not m.board_click("pass") and "'pass' is not part of a move" in m.error
    assert m.selection == () and m.state is before


def test_the_board_widget_sends_clicks_to_the_model_and_shows_what_is_hot(toy_board):
    s = Stepper(mythlab.make(GAME, players=2, seed=3), seats=[HUMAN, "random"], pause=0)
    assert s.board.hot == ["cup", "pass"] and 'data-token="cup"' in s.board.html
    s.board.click("cup")
    assert s.board.selected == ["cup"] and s.board.choices == [("dice:1", "1 die"),
                                                                ("dice:2", "2 dice")]
    s.board.receive({"cancel": True})
    assert s.board.selected == [] and s.board.hot == ["cup", "pass"]
    s.board.receive(["junk"])  # malformed messages from the page are ignored
    s.board.receive({"click": 7})
    s.board.click("pass")
    assert s.model.state.history[0] == "pass" and s.model.turn == "P1"


@pytest.mark.parametrize("game, players, bots", [
    ("agea", 2, "greedy"), ("cyclades", 3, "greedy"), ("elysium", 3, "greedy")])
def test_the_scoreboards_sources_add_up_to_the_total_and_the_rest_stands_apart(game, players,
                                                                               bots):
    """What a total is made of adds up to it (Elysium's VP by source, Cyclades' Metropolises);
    what is not part of it (gold for ties, prestige points) stands apart, marked so."""
    from mythlab.sim import seat_bots

    session = mythlab.Session(mythlab.make(game, players=players, seed=1))
    session.play(seat_bots([bots] * players, 1, game=game))
    board = StepperModel(session).scoreboard
    for line in board.lines:
        assert line.breakdown and sum(line.breakdown.values()) == line.total, line
    apart = {"cyclades": {"gold", "islands"}, "elysium": {"pp", "gold"}, "agea": set()}[game]
    assert all(set(line.details) == apart for line in board.lines)
    html = stepper_module.scoreboard_html(board)
    assert all(f"title='not part of the total'>{k}</th>" in html for k in apart)


def test_a_cooperative_game_ends_on_one_line_for_the_whole_table():
    m = StepperModel(mythlab.make("elder_sign", players=2, seed=2), seats=[HUMAN, "odds"])
    m.session.play(m.bots)
    (line,) = m.scoreboard.lines
    assert line.name == "P1, P2" and line.total is None
    assert set(line.details) == {"Elder Signs", "doom tokens"}
    needed = m.state.ancient_one.elder_signs
    assert line.details["Elder Signs"] == f"{m.state.data.elder_signs} of {needed}"
    html = stepper_module.scoreboard_html(m.scoreboard)
    assert "<th>total</th>" not in html and "Elder Signs" in html
