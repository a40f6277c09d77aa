"""Elysium on the clickable board (issue 12 §3): every legal move has a click path whose board
tokens are drawn in the mover's view, and clicking it through the Stepper makes that move.

An Agora card or a quest is taken by clicking it, a column discarded by clicking it, a card
(or the face-down Citizens) transferred by clicking it and then a legend or "+ a new legend";
moves that are no part of the table (end turn, choose, accept …) are picked by name.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from table_support import check_paths

import mythlab
from mythlab.display import Pick
from mythlab.elysium.view import targets
from mythlab.widgets import StepperModel, render_view


def walk(seed: int, players: int):
    rng = random.Random(seed)
    s = mythlab.make("elysium", players=players, seed=seed).initial_state()
    while not s.is_terminal():
        yield s
        s = s.apply(rng.choice(s.legal_actions()))


def test_every_legal_move_has_one_path_drawn_in_the_movers_view():
    kinds: Counter[str] = Counter()
    for seed, players in [(1, 2), (4, 3), (6, 4)]:
        for s in walk(seed, players):
            check_paths(s, targets, kinds)
    for kind in ("take", "quest", "column", "transfer", "use", "citizen"):
        assert kinds[kind], kind                                    # each kind on the board


def test_the_board_names_the_moves_the_issue_lists():
    s = next(walk(1, 2))
    paths = targets(s)
    take = next(a for a in s.legal_actions() if a.kind == "take")
    quest = next(a for a in s.legal_actions() if a.kind == "quest")
    assert paths[take.label] == (f"card:{take.args[0]}",)
    assert paths[quest.label] == (f"quest:{quest.args[0]}",)
    after = s.apply(take)
    q = s.current_player
    assert {targets(after)[a.label] for a in after.legal_actions() if a.kind == "column"} == {
        (f"column:{q}:{c}",) for c in after.data.seats[q].columns}


def test_clicking_each_path_on_the_board_makes_exactly_that_move():
    rng = random.Random(3)
    m = StepperModel(mythlab.make("elysium", players=3, seed=3))
    moves = 0
    while not m.is_over and moves < 400:
        paths = m.click_paths
        label = rng.choice(sorted(paths))
        before = len(m.state.history)
        for step in paths[label]:
            token = step.token if isinstance(step, Pick) else step
            assert token in ([p.token for p in m.choices] if isinstance(step, Pick) else m.hot)
            m.board_click(token)
        assert len(m.state.history) == before + 1, m.error
        assert m.state.history[-1] == label
        moves += 1
    assert moves >= 100


def test_no_emoji_or_pictograph_in_any_view():
    # they render as empty boxes on machines without an emoji font (issue 12 §3)
    for s in list(walk(2, 3))[::5]:
        for viewer in ("all", None, 0):
            html = render_view(s, viewer)
            assert not [c for c in html if ord(c) > 0xFFFF or 0x2600 <= ord(c) <= 0x27BF]


def test_a_card_is_dragged_onto_the_legends_its_transfers_name():
    """Drag and drop (issue 12 §3, "drag or click cards into legends"): a card a transfer
    moves may be dropped on exactly the legends its transfers name, and the drop's two clicks
    (what the board sends) make that transfer."""
    pytest.importorskip("ipywidgets")
    from mythlab.widgets import Stepper

    rng = random.Random(5)
    session = mythlab.Session(mythlab.make("elysium", players=2, seed=5))
    while not any(a.kind == "transfer" for a in session.state.legal_actions()):
        state = session.state
        session.roll() if state.is_chance_node() else session.apply(
            rng.choice(state.legal_actions()))
    stepper = Stepper(session)
    paths = targets(session.state)
    assert stepper.board.drops == _two_part(paths)
    label = [a.label for a in session.state.legal_actions() if a.kind == "transfer"][-1]
    card, legend = paths[label][:2]
    assert card in stepper.board.hot and legend in stepper.board.drops[card]
    for token in (card, legend):  # what the board sends on the drop
        stepper.board.receive({"click": token})
    assert session.state.history[-1] == label
    assert stepper.board.drops == _two_part(targets(session.state))  # the next position's


def _two_part(paths) -> dict[str, list[str]]:
    """First token -> the second tokens of the moves made by two board clicks or more."""
    drops: dict[str, list[str]] = {}
    for path in paths.values():
        if len(path) >= 2 and not any(isinstance(step, Pick) for step in path[:2]):
            drops.setdefault(path[0], [])
            if path[1] not in drops[path[0]]:
                drops[path[0]].append(path[1])
    return drops
