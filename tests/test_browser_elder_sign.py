"""A real JupyterLab in headless Chromium: an Elder Sign Stepper shows live odds on each card,
and a click on a move, then on "Roll randomly", changes the view and the event log.

Uses the JupyterLab harness of ``browser_support.py`` (free port, random token, isolated
settings, the server's own process group). Skipped when /usr/bin/chromium or playwright is
absent (never downloads one).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import browser_support as harness

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = harness.BROWSER_MARKS

NOTEBOOK = "elder_sign_stepper.ipynb"
CODE = ("import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        "game = mythlab.make('elder_sign', players=2, seed=7, ancient_one='Yig')\n"
        "stepper = Stepper(game)\nstepper")

playwright_sync = harness.require_browser()
lab = harness.lab_fixture(NOTEBOOK, [CODE], home="lab-elder-sign")


def test_elder_sign_stepper_in_jupyterlab(lab: harness.Lab) -> None:
    with harness.lab_page(lab, "elder-sign-failure.png", 1280, 1100) as page:
        _drive(page, lab, playwright_sync.expect)


def _drive(page: Page, lab: harness.Lab, expect) -> None:
    import mythlab
    from mythlab.display import chance_text
    from mythlab.elder_sign.live_odds import card_odds, green_pool

    harness.open_and_run(page, lab, NOTEBOOK)

    # the Elder Sign view: six adventures, each with its exact odds (the same game here)
    view, log = page.locator(".mythlab-view"), page.locator(".mythlab-log")
    expect(view.locator(".mythlab-elder-sign-view")).to_be_visible()
    adventures = view.locator(".card[data-token^='card:']")  # the Entrance is a place too
    expect(adventures).to_have_count(6)
    expect(view.locator(".card .odds")).to_have_count(6)
    state = mythlab.make("elder_sign", players=2, seed=7, ancient_one="Yig").initial_state()
    first = state.data.board[0].name
    p = card_odds(state, first, green_pool(state))
    odds = adventures.first.locator(".odds span")
    assert odds.get_attribute("title") == f"exact: {p}"  # the exact fraction on hover
    expect(odds).to_have_text(chance_text(p))

    # click the first move ("go to <first card>"): the view marks the card, the log grows
    actions = page.locator("button.mythlab-action")
    label = actions.first.text_content()
    assert label == f"go to {first}"
    before = [view.text_content(), log.text_content()]
    millis = harness.click_and_time(
        page, "button.mythlab-action", ".mythlab-log", "Elder Sign", repr(label))
    expect(log).to_contain_text(label)
    expect(view.locator(".card.here")).to_contain_text(first)
    assert view.text_content() != before[0] and log.text_content() != before[1]
    assert millis < 2000, f"the Stepper took {millis:.0f} ms to answer a click"

    # roll: the item-spending choice first if offered, then "Roll randomly" at the chance node
    roll = page.locator("button.mythlab-action", has_text=re.compile(r"^roll "))
    if roll.count():
        roll.first.click()
    roll_randomly = page.locator("button.mythlab-roll")
    expect(roll_randomly).to_be_visible()
    logged = log.text_content()
    roll_randomly.click()
    expect(log).not_to_have_text(logged)
    expect(log).to_contain_text("chance:")

    page.locator("button.mythlab-undo").click()
    expect(log).to_have_text(logged)
