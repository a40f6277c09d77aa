"""The Stepper with the Elder Sign view, driven as a Python object as notebooks/elder_sign.ipynb
drives it: live odds on each card, a move, a roll, a refused move, Undo."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import mythlab
from mythlab.elder_sign import AdventureOdds
from mythlab.elder_sign.live_odds import card_odds, green_pool

pytest.importorskip("ipywidgets")

from mythlab.widgets import Stepper  # noqa: E402  (after the ipywidgets check)


def odds_shown(html: str) -> dict[str, Fraction]:
    """The exact odds the view gives each card (in the tooltip), by card name."""
    cards = re.findall(r'<span class="odds"><span title="exact: ([0-9/]+)">[^<]*</span></span>'
                       r"<b>([^<]+)</b>", html)
    return {name.replace("&#x27;", "'"): Fraction(p) for p, name in cards}


@pytest.fixture
def stepper() -> Stepper:
    return Stepper(mythlab.make("elder_sign", players=2, seed=7, ancient_one="Yig"))


def test_the_view_shows_the_exact_odds_of_every_card_for_the_active_investigator(stepper):
    m = stepper.model
    html = stepper.board.html
    assert "mythlab-elder-sign-view" in html and "Yig" in html
    pool = green_pool(m.state)
    assert pool == "6G"
    shown = odds_shown(html)
    assert set(shown) == {c.name for c in m.state.data.board}
    for name, p in shown.items():
        assert p == card_odds(m.state, name, pool)
        card = m.state.game.data.adventures[name]
        if not m.state.data.board[[c.name for c in m.state.data.board].index(name)].monsters:
            assert p == AdventureOdds(card, "seed", terror="card").probability(pool)


def test_a_move_a_roll_and_undo_change_the_view_and_the_log(stepper):
    m = stepper.model
    before_view, before_log = stepper.board.html, stepper.event_log.value
    best = max((c.name for c in m.state.data.board),
               key=lambda n: card_odds(m.state, n, green_pool(m.state)))
    stepper.press(f"go to {best}")
    assert m.error == "" and m.log[-1].action == f"go to {best}"
    assert stepper.board.html != before_view
    assert 'class="card here"' in stepper.board.html  # the card being resolved
    assert stepper.event_log.value != before_log
    while not m.is_chance:  # spend what the investigator carries, then roll
        stepper.press(next(label for label in m.labels if label.startswith(("spend", "roll"))))
    outcomes = m.outcomes
    assert sum(o.probability for o in outcomes) == 1
    assert stepper.roll_button.layout.display == ""
    stepper.roll_button.click()
    assert m.log[-1].actor == "chance"
    while m.is_chance:
        stepper.roll_button.click()
    assert "roll: " in stepper.board.html  # the attempt line shows the roll (dice as icons)
    steps = m.step
    stepper.undo_button.click()
    assert m.step == steps - 1


def test_a_refused_move_shows_its_rule_and_changes_nothing(stepper):
    m = stepper.model
    before = m.state.to_json()
    stepper.press("go to Narnia")
    assert "Elder Sign · p.5 Movement" in m.error and "not an adventure card" in m.error
    assert "mythlab-error" in stepper.status_line.value
    assert m.state.to_json() == before and m.step == 0
