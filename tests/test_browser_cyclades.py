"""The Cyclades map on the clickable board, in a real JupyterLab at 1280×720 (headless
Chromium).

A notebook seats a person (Blue) against two greedy bots (3 players, seed 1). The whole table
fits the window's width; pointing at a fleet group outlines exactly the zones
``board.fleet_moves`` gives and shows why; a bid is a click on the god's tile and then on the
amount in the picker. The JupyterLab fixture and the helpers are those of
``browser_support.py``; skipped likewise when Chromium is absent.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import browser_support as harness

import mythlab
from mythlab.cyclades import fleet_moves

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = harness.BROWSER_MARKS

NOTEBOOK = "cyclades_map.ipynb"
PLAYERS, SEED = 3, 1
CODE = ("import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        f"stepper = Stepper(mythlab.make('cyclades', players={PLAYERS}, seed={SEED}), "
        "seats=['human', 'greedy', 'greedy'], pause=0)\nstepper")
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "screenshots" / "cyclades-table.png"
OUTLINED = """svg => [...svg.querySelectorAll('g.sea')].filter(
    g => getComputedStyle(g.querySelector('polygon')).stroke === 'rgb(255, 109, 0)'
).map(g => g.getAttribute('data-node'))"""
"""The sea zones outlined in the reach colour (``view.HIGHLIGHT``, #ff6d00)."""

playwright_sync = harness.require_browser()
lab = harness.lab_fixture(NOTEBOOK, [CODE])


def test_cyclades_table_on_the_board_in_jupyterlab(lab: harness.Lab) -> None:
    with harness.lab_page(lab, "cyclades-failure.png", 1280, 720) as page:
        _drive(page, lab)


def _drive(page: Page, running: harness.Lab) -> None:
    state = mythlab.make("cyclades", players=PLAYERS, seed=SEED).initial_state()
    expect = playwright_sync.expect
    harness.open_and_run(page, running, NOTEBOOK, ".mythlab-board svg.mythlab-cyclades-svg")
    board = page.locator(".mythlab-board")
    svg = board.locator("svg.mythlab-cyclades-svg")
    expect(svg).to_be_visible()

    # the whole table fits 1280 px: nothing of the board is cut off on the right
    widths = board.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert widths[0] <= widths[1], f"the board scrolls sideways: {widths}"
    right = page.evaluate("innerWidth")
    for part in [board.locator("table").first, svg]:
        box = part.bounding_box()
        assert box and box["x"] + box["width"] <= right, f"cut off at {right} px: {box}"

    # pointing at a fleet group outlines its whole Poseidon move and says why
    zone = next(z for z, owner in state.data.fleets.items() if owner == 1)
    reach = set(fleet_moves(state.game.board, zone, 1, state.data.fleets))
    svg.locator(f'g[data-token="{zone}"] polygon').hover(force=True)
    expect(board.locator(".why", has_text=f"in {zone}: one Poseidon move")).to_be_visible()
    assert set(svg.evaluate(OUTLINED)) == reach
    page.mouse.move(1, 1)
    expect(board.locator(".why:visible")).to_have_count(0)

    # a bid on the board: a god's tile, then the amount in the picker
    god = board.locator('li.mythlab-hot[data-token^="god:"]:not([data-token="god:apollo"])')
    expect(god.first).to_be_visible()
    name = god.first.text_content().split(":")[0].strip()
    god.first.click()
    expect(board.locator("button.mythlab-pick").first).to_have_text("1 GP")
    board.locator("button.mythlab-pick").first.click()
    log = page.locator(".mythlab-log")
    expect(log).to_contain_text(f"offer 1 GP to {name}")
    # the others' gold stays behind their screens
    expect(board.locator('td span.hidden[title^="behind the screen"]')).to_have_count(2)
    if os.environ.get("MYTHLAB_SCREENSHOTS"):
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.locator(".mythlab-stepper").evaluate("e => e.scrollIntoView()")
        page.screenshot(path=str(SCREENSHOT))     # the 1280x720 window, as a class sees it
        print(f"screenshot saved to {SCREENSHOT}")
