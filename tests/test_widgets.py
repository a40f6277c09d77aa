"""The Stepper's logic (``StepperModel``) and its ipywidgets front, driven directly.

Uses the test-only ``toy-race`` game (tests/toygame.py): a Turn phase (roll 1 or 2 dice, or
pass) and a Roll chance phase whose outcomes are grouped dice multisets.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import time
from fractions import Fraction

import pytest
import toygame  # registers "toy-race"

import mythlab
from mythlab import registry
from mythlab.widgets import Stepper, StepperModel, render_view, views
from mythlab.widgets import stepper as stepper_module
from mythlab.widgets.model import GROUP_OVER, group_actions

GAME = "toy-race"


def model(seed: int = 3, **kwargs) -> StepperModel:
    return StepperModel(mythlab.make(GAME, players=2, seed=seed), **kwargs)


@pytest.fixture
def toy_view(monkeypatch):
    """A view for the toy race in its GameSpec, removed again after the test."""
    with_view(monkeypatch, lambda s: f"<svg></svg>squares {s.data.positions}")


def with_view(monkeypatch, view) -> None:
    """Register the toy race again, with ``view``, for this test only."""
    spec = registry.spec(GAME)
    monkeypatch.setitem(registry._specs, GAME, dataclasses.replace(spec, view=view))


def test_header_facts_and_click_changes_view_and_log(toy_view):
    m = model()
    assert (m.phase_name, m.phase_rule, m.turn, m.step) == ("Turn", toygame.TURN, "P1", 0)
    assert m.labels == ["roll 1 die", "roll 2 dice", "pass"]
    assert m.view_html == "<svg></svg>squares [0, 0]"
    assert m.click("roll 1 die") and m.turn == "chance" and m.phase_name == "Roll"
    assert m.click("rolled 4")
    assert m.view_html == "<svg></svg>squares [4, 0]" and m.turn == "P2"
    assert [(e.step, e.actor, e.action) for e in m.log] == [(1, "P1", "roll 1 die"),
                                                              (2, "chance", "rolled 4")]
    assert m.log[1].events == ("P1 moves 0 → 4  [Toy race · 2. Roll]",)
    assert m.status == "chance: rolled 4" and m.error == ""


def test_illegal_click_shows_the_rule_and_changes_nothing():
    m = model()
    before, version = m.state, m.version
    assert not m.click("roll 3 dice")
    assert m.state is before and m.version == version and m.step == 0
    assert m.error == "Toy race · 1. Turn: you may roll 1 or 2 dice, not 3"
    assert m.message == m.error
    m.click("pass")
    assert m.error == "" and m.message == "P1: pass"


def test_illegal_click_in_the_widget_is_a_visible_error():
    s = Stepper(mythlab.make(GAME, players=2, seed=3))
    view, header = s.board.html, s.header.value
    s.press("roll 3 dice")
    assert "mythlab-error" in s.status_line.value
    assert "you may roll 1 or 2 dice, not 3" in s.status_line.value
    assert (s.board.html, s.header.value) == (view, header)


def test_chance_outcomes_are_exact_and_sum_to_one():
    m = model()
    m.click("roll 2 dice")
    outcomes = m.outcomes
    assert len(outcomes) == 21 and sum(p for _, p, _ in outcomes) == 1
    assert all(isinstance(p, Fraction) for _, p, _ in outcomes)
    assert outcomes[0] == ("rolled 1+1", Fraction(1, 36), "2.8%")
    assert outcomes[1].text == "rolled 1+2 — 5.6%, about 1 in 18"
    [group] = m.buttons
    assert group.title == "Chance: 21 outcomes"
    assert [b.text for b in group.buttons] == [o.text for o in outcomes]


def test_widget_shows_outcome_buttons_and_roll_randomly():
    s = Stepper(mythlab.make(GAME, players=2, seed=3))
    assert s.roll_button.layout.display == "none"
    s.press("roll 1 die")
    assert s.roll_button.layout.display == ""
    assert [b.description for b in s.action_buttons] == [
        f"rolled {n} — 16.7%, about 1 in 6" for n in range(1, 7)]
    s.action_buttons[2].click()
    assert s.model.state.data.positions == [3, 0] and s.model.turn == "P2"
    assert s.roll_button.layout.display == "none"


def test_roll_is_seeded_and_pick_explores_an_outcome():
    a, b = model(seed=11), model(seed=11)
    for m in (a, b):
        m.click("roll 2 dice")
        assert m.roll()
    assert a.state.history == b.state.history and a.status.startswith("rolled: rolled ")
    c = model(seed=11)
    c.click("roll 2 dice")
    assert c.pick("rolled 6+6") and c.state.data.positions == [12, 0] and c.is_over


def test_pick_and_roll_are_refused_away_from_chance_nodes():
    m = model()
    assert not m.pick("rolled 4") and "not a chance node" in m.error
    assert not m.roll() and "nothing to roll" in m.error
    assert m.step == 0


def test_undo_redo_restore_view_and_log():
    m = model()
    assert not m.can_undo and not m.undo() and "Session · undo" in m.error
    m.click("roll 1 die")
    m.click("rolled 5")
    view, log = m.view_html, m.log
    assert m.undo() and m.status == "undid: rolled 5" and m.phase_name == "Roll"
    assert len(m.log) == 1 and m.view_html != view
    assert m.redo() and m.view_html == view and m.log == log
    assert not m.redo() and "nothing to redo" in m.error


def test_play_replays_the_moves_ahead_of_an_undo_before_any_bot_moves():
    """A recorded game wound back to its start (lesson 7's reference game): Play to end of
    phase and of game follow the record, where bots would play a game of their own."""
    from mythlab.lessons import playtest

    recorded = playtest.reference_game()
    m = StepperModel(recorded)
    final = recorded.ahead[-1]
    assert m.step == 0 and m.can_redo
    first = m.phase_name
    assert m.play_to_end_of_phase() and m.phase_name != first
    assert m.state is recorded.states[-1] and m.status.startswith("replayed ")
    assert m.state.history == final.history[:len(m.state.history)]
    assert m.play_to_end_of_game() and m.state is final and m.is_over
    assert "replayed" in m.status and "to the last one" in m.status


def test_widget_undo_redo_buttons():
    s = Stepper(mythlab.make(GAME, players=2, seed=3))
    assert s.undo_button.disabled and s.redo_button.disabled
    start_view, start_log = s.board.html, s.event_log.value
    s.press("pass")
    assert s.board.html != start_view and "1. <b>P1</b>: pass" in s.event_log.value
    assert not s.undo_button.disabled
    s.undo_button.click()
    assert (s.board.html, s.event_log.value) == (start_view, start_log)
    assert not s.redo_button.disabled
    s.redo_button.click()
    assert "1. <b>P1</b>: pass" in s.event_log.value and s.redo_button.disabled


def test_play_to_end_of_phase_and_game():
    m = model()
    assert m.play_to_end_of_phase() and m.phase_name == "Roll"
    assert m.status.endswith("to the end of Turn")
    assert m.play_to_end_of_game() and m.is_over and m.turn == "game over"
    assert m.buttons == [] and m.winners and "to the end of the game" in m.status
    assert m.log[-1].step == m.step
    assert not m.play_to_end_of_game() and "the game is over" in m.error


def test_widget_play_to_end_of_game_disables_play_buttons():
    s = Stepper(mythlab.make(GAME, players=3, seed=5))
    s.game_button.click()
    assert s.model.is_over and s.phase_button.disabled and s.game_button.disabled
    assert s.action_buttons == [] and "winner" in s.header.value


def test_bots_by_name_callable_list_and_mapping():
    def always_one_die(state):
        return "roll 1 die"

    m = model(bots=always_one_die)
    m.play_to_end_of_game()
    assert {e.action for e in m.log if e.actor != "chance"} == {"roll 1 die"}
    mixed = model(bots={1: always_one_die})
    assert mixed.bots[1] is always_one_die and callable(mixed.bots[0])
    assert model(bots=["greedy", always_one_die]).bots[1] is always_one_die
    with pytest.raises(ValueError, match="1 bots for 2 players"):
        model(bots=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        model(bots="clever")


def test_same_seed_same_bot_game():
    a, b = model(seed=9), model(seed=9)
    a.play_to_end_of_game()
    b.play_to_end_of_game()
    assert a.state.history == b.state.history


def test_grouping_by_kind_when_many_actions():
    actions = [mythlab.Action(f"take {n}", "take") for n in range(GROUP_OVER)]
    assert [g.title for g in group_actions(actions)] == [""]
    actions += [mythlab.Action("pass", "pass"), mythlab.Action("odd one")]
    groups = group_actions(actions)
    assert [(g.title, len(g.buttons)) for g in groups] == [
        (f"Take ({GROUP_OVER})", GROUP_OVER), ("Pass (1)", 1), ("Other (1)", 1)]


def test_large_groups_show_a_dropdown(monkeypatch):
    monkeypatch.setattr(stepper_module, "DROPDOWN_OVER", 10)
    s = Stepper(mythlab.make(GAME, players=2, seed=3))
    s.press("roll 2 dice")
    assert s.action_buttons == []
    [row] = s._rows
    assert row.widget.children == (row.title, row.picker)
    assert row.dropdown.options[0] == ("rolled 1+1 — 2.8%, about 1 in 36", "rolled 1+1")
    s.press("rolled 2+3")
    assert s.model.state.data.positions == [5, 0]
    assert [b.description for b in s.action_buttons] == ["roll 1 die", "roll 2 dice", "pass"]


def test_session_is_continued_where_it_stands():
    session = mythlab.Session(mythlab.make(GAME, players=2, seed=3))
    session.apply("pass")
    s = Stepper(session)
    assert s.model.session is session and s.model.turn == "P2" and "1. <b>P1</b>" in (
        s.event_log.value)


def test_generic_view_and_registry(toy_view, monkeypatch):
    state = mythlab.make(GAME, players=2, seed=3).initial_state()
    assert render_view(state).startswith("<svg>")
    generic = views.generic_view(state)
    assert "<b>P1</b>, P2" in generic and "Phase: Turn" in generic
    assert "&lt;Toy race state: Turn, P1 to move, step 0&gt;" in generic

    def other(s):
        return "mine"

    monkeypatch.undo()
    with_view(monkeypatch, other)
    assert render_view(state) == "mine"


def test_a_game_without_a_registered_view_gets_the_generic_one():
    assert views.view_for("no-such-game") is views.generic_view
    assert views.view_for(GAME) is views.generic_view


def test_import_mythlab_does_not_import_ipywidgets():
    code = ("import sys, mythlab, mythlab.widgets; "
            "assert 'ipywidgets' not in sys.modules, 'ipywidgets imported'; "
            "mythlab.widgets.Stepper; assert 'ipywidgets' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_click_to_update_is_fast():
    s = Stepper(mythlab.make(GAME, players=3, seed=1))
    timings = []
    for _ in range(30):
        if s.model.is_over:
            s.undo_button.click()
        label = s.model.labels[0]
        start = time.perf_counter()
        s.press(label)
        timings.append(time.perf_counter() - start)
    worst, typical = max(timings), sorted(timings)[len(timings) // 2]
    print(f"\nclick-to-update: median {typical * 1000:.2f} ms, worst {worst * 1000:.2f} ms")
    assert worst < 0.5


def test_a_click_sends_the_board_and_each_relabelled_button_in_one_message_each(monkeypatch):
    """Each widget state message is relayed by the server and handled by the browser before
    the next: a click updates the board (view, clickable parts, drops) in one message, and
    a relabelled move button (text and tooltip) in one."""
    pytest.importorskip("ipywidgets")
    import ipywidgets

    from mythlab.widgets import Stepper

    stepper = Stepper(mythlab.make("elysium", players=2, seed=1))
    sent: list[tuple[object, list]] = []
    monkeypatch.setattr(ipywidgets.Widget, "send_state",
                        lambda self, key=None: sent.append((self, sorted(key or []))))
    stepper.press(stepper.model.labels[0])
    boards = [keys for widget, keys in sent if widget is stepper.board]
    assert len(boards) == 1 and {"html", "hot"} <= set(boards[0]), boards
    buttons = [keys for widget, keys in sent if isinstance(widget, ipywidgets.Button)
               and "mythlab-action" in widget._dom_classes]
    assert buttons and all(set(keys) >= {"description", "tooltip"} for keys in buttons), buttons


def test_a_view_that_fails_to_load_is_named_in_a_warning_and_the_generic_view_shown():
    """A class's game whose view module is broken still plays, in the generic view, and the
    warning says which part failed and why (it used to fall back without a word)."""
    from mythlab.widgets import views

    original = registry.spec("toy-race")
    registry.register(dataclasses.replace(original, view="no_such_module:view"))
    try:
        with pytest.warns(UserWarning, match=r"no_such_module.*generic view"):
            assert views.view_for("toy-race") is views.generic_view
    finally:
        registry.register(original)
