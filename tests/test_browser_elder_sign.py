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


def test_elder_sign_is_played_on_the_board_dice_and_all(lab: harness.Lab) -> None:
    """Clicks on the board only (no move list): a card to go there, items to spend, then the
    rolled dice and the task rows (the picker when a click means several moves), turn after
    turn; each click changes the board and the log names the move it made."""
    expect = playwright_sync.expect
    with harness.lab_page(lab, "elder-sign-board-failure.png", 1280, 720) as page:
        harness.open_and_run(page, lab, NOTEBOOK)
        view, log = page.locator(".mythlab-view"), page.locator(".mythlab-log")
        made: list[str] = []
        rolls = 0
        for _ in range(120):
            page.wait_for_timeout(250)  # the last click's updates settle (buttons shown, hidden)
            throw = page.locator("button.mythlab-roll:visible")
            if throw.count():  # chance: the dice are thrown
                rolls += 1
                logged = log.text_content()
                throw.first.click()
                expect(log).not_to_have_text(logged)
                continue
            picks = page.locator(".mythlab-picker button.mythlab-pick")
            hot = view.locator("[data-token].mythlab-hot")
            tokens = [hot.nth(i).get_attribute("data-token") for i in range(hot.count())]
            logged, before = log.text_content(), view.inner_html()
            if not picks.count() and not tokens:  # a choice by name only (fail, try again…)
                moves = page.locator("button.mythlab-action")
                if not moves.count():
                    break  # the game is over
                moves.first.click()
                expect(log).not_to_have_text(logged)
                continue
            # a task row when one can be completed; the picker once a die is chosen (focus?
            # which marker?) or when the board offers nothing else; else a die, else the rest
            rows = [t for t in tokens if t.startswith("row:")]
            chosen = view.locator(".mythlab-selected").count()
            if picks.count() and (chosen or not tokens) and not rows:
                picks.first.click()
            else:
                order = rows or sorted(tokens, key=lambda t: (not t.startswith("die:"), t))
                view.locator(f'[data-token="{order[0]}"].mythlab-hot').first.click()
                made.append(order[0])
            page.wait_for_function("([v, html]) => document.querySelector(v).innerHTML !== html",
                                   arg=[".mythlab-view", before], timeout=15_000)
            if log.text_content() != logged:
                assert "Traceback" not in page.content()
        kinds = {t.split(":")[0] for t in made}
        assert {"card", "die", "row"} <= kinds and rolls >= 2 and len(made) >= 20, (made, rolls)
        assert not page.locator(".mythlab-error").is_visible()
