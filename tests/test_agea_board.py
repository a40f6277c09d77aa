"""Agea on the board: click a hero to adventure, a card to attach or play (then its hero or
target). Every legal move of a person has a click path whose parts are drawn in the view the
mover sees, and clicking a path through the Stepper makes exactly that move. The view hides
the deck and other hands from seats and the public, and draws no emoji."""

from __future__ import annotations

import random
import re

import pytest

import mythlab
from mythlab.agea.scenarios import scenario
from mythlab.agea.view import agea_view, die_face, targets
from mythlab.display import Pick
from mythlab.engine import ALL
from mythlab.widgets.model import HUMAN, StepperModel


def random_states(games: int = 6):
    for seed in range(games):
        rng = random.Random(100 + seed)
        s = mythlab.make("agea", players=2 + seed % 3, seed=seed).initial_state()
        while not s.is_terminal():
            yield s
            s = s.apply(rng.choice(s.legal_actions()))


def drawn_tokens(html: str) -> set[str]:
    return set(re.findall(r'data-token="([^"]*)"', html))


def test_every_legal_move_has_a_path_drawn_in_the_movers_view():
    kinds = set()
    for s in random_states():
        if s.is_chance_node():
            assert targets(s) == {}
            continue
        paths = targets(s)
        legal = [a.label for a in s.legal_actions()]
        assert sorted(paths) == sorted(legal)
        drawn = drawn_tokens(agea_view(s, s.current_player))
        for label, path in paths.items():
            board = [step for step in path if not isinstance(step, Pick)]
            assert set(board) <= drawn, (label, board)
        kinds |= {a.kind for a in s.legal_actions()}
    assert {"adventure", "attach-from-hand", "play-from-hand", "keep", "end-turn", "attach",
            "play-drawn", "face", "bless", "negate", "allow", "ready", "war-card", "spoils",
            "lift", "revive", "keep-from-tyche", "hera-discard"} <= kinds


def test_paths_name_one_move_each_no_path_starts_another():
    for s in random_states(3):
        tokens = {label: tuple(getattr(step, "token", step) for step in path)
                  for label, path in targets(s).items()}
        for label, mine in tokens.items():
            for other, theirs in tokens.items():
                assert other == label or theirs[:len(mine)] != mine, (label, other)


def test_click_a_hero_to_adventure_a_card_to_attach_or_play():
    s = scenario(heroes={0: ["Hercules"], 1: ["Hector"]},
                 hand={0: ["Blade of Hephaestus", "Betrayal", "Olympic Games"]})
    paths = targets(s)
    assert paths["adventure with Hercules"] == ("card:hercules",)
    assert paths["attach Blade of Hephaestus to Hercules"] == ("card:blade-of-hephaestus",
                                                               "card:hercules")
    assert paths["play Betrayal on Hector (P2)"] == ("card:betrayal", "card:hector")
    assert paths["play Olympic Games"] == ("card:olympic-games",)
    assert paths["end turn"] == (Pick("move:end turn", "end turn"),)


def test_a_drawn_event_is_played_by_a_click_or_kept_by_clicking_the_hand():
    s = scenario(heroes={0: ["Hercules"]}, deck_top=["Olympic Games"])
    s = s.apply("adventure with Hercules")
    paths = targets(s)
    assert paths["keep Olympic Games"] == ("card:olympic-games", "hand:0")
    assert paths["play Olympic Games"] == ("card:olympic-games",
                                           Pick("move:play Olympic Games",
                                                "play Olympic Games"))


def play_by_clicks(m: StepperModel, rng: random.Random, moves: int) -> int:
    """Make ``moves`` random person moves by board clicks only; returns how many were made."""
    made = 0
    while made < moves and not m.is_over:
        if m.is_chance or m.bot_to_move:
            assert m.hot == [] and m.choices == []
            m.roll() if not m.seated else m.run_bots()
            continue
        label = rng.choice(m.labels)
        path = m.click_paths[label]
        for step in path[:-1]:
            token = step.token if isinstance(step, Pick) else step
            if isinstance(step, Pick):
                assert step in m.choices
            else:
                assert token in m.hot
            assert not m.board_click(token), label
        last = path[-1]
        assert m.board_click(last.token if isinstance(last, Pick) else last), label
        assert m.state.history[-1] == label
        made += 1
    return made


def test_clicking_each_path_through_the_stepper_makes_exactly_that_move():
    for seed in range(3):
        m = StepperModel(mythlab.make("agea", players=2 + seed, seed=seed))
        assert play_by_clicks(m, random.Random(seed), 80) >= 40


def test_a_seat_plays_a_whole_game_against_a_bot_by_clicks_only():
    m = StepperModel(mythlab.make("agea", players=2, seed=5), seats=[HUMAN, "greedy"])
    m.run_bots()
    play_by_clicks(m, random.Random(5), 10_000)
    assert m.is_over and m.scoreboard is not None


# ---------------------------------------------------------------------- what the view hides
def mid_game():
    s = scenario(players=3, heroes={0: ["Hercules"], 1: ["Hector"], 2: ["Ajax"]},
                 hand={0: ["Steal"], 1: ["Homer the Historian", "Duel"]})
    return s


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_the_view_draws_other_hands_as_backs_and_counts(viewer):
    html = agea_view(mid_game(), viewer)
    assert "Homer the Historian" not in html and "Duel" not in html
    assert "Hand (2):" in html and "2 cards" in html and "face-down card" in html
    assert ("Steal" in html) == (viewer == 0)
    assert "+ hand" in html  # another hand's VP is not shown


def test_the_owner_and_all_see_the_hand():
    for viewer in (1, ALL):
        html = agea_view(mid_game(), viewer)
        assert "Homer the Historian" in html and 'data-token="card:homer"' in html


def test_the_view_draws_no_emoji_and_dice_as_svg():
    s = scenario(heroes={0: ["Argus"]}, deck_top=["Hydra"], delays={"Argus": 0})
    s = s.apply("adventure with Argus").apply("face the Hydra")
    html = agea_view(s.apply("delay roll 3"), ALL) + agea_view(s, ALL)
    assert not re.search("[\U00010000-\U0010ffff\u2600-\u27bf\u2300-\u23ff]", html)
    assert "3 delay" in html and 'aria-label="3 delay tokens"' in html
    assert 'title="exactly 1/6"' in agea_view(s, ALL) and "16.7%, about 1 in 6" in html
    assert die_face(5).count("<circle") == 5 and "not rolled" in die_face(0)
