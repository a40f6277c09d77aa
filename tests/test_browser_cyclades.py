"""The clickable Cyclades map in a real JupyterLab (headless Chromium): buttons and the map.

A notebook shows a ``Stepper`` (3 players, seed 1), with the game's board: the map. Clicking
a fleet group's button lights up exactly the zones ``board.fleet_moves`` gives, an island's
button the islands ``board.fleet_chain`` gives, a click on the SVG map itself selects what was
clicked, and a move in the Stepper redraws the map with the selection kept. The JupyterLab
fixture and the helpers are those of ``browser_support.py``; skipped likewise when Chromium is
absent.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import browser_support as harness

import mythlab
from mythlab.cyclades import fleet_chain, fleet_moves

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = harness.BROWSER_MARKS

NOTEBOOK = "cyclades_map.ipynb"
PLAYERS, SEED = 3, 1
CODE = ("import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        f"stepper = Stepper(mythlab.make('cyclades', players={PLAYERS}, seed={SEED}))\n"
        "stepper")
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "cyclades-map.png"
LIT = ".mythlab-cyclades-map g.hl[data-node]"

playwright_sync = harness.require_browser()
lab = harness.lab_fixture(NOTEBOOK, [CODE])


def test_cyclades_map_in_jupyterlab(lab: harness.Lab) -> None:
    with harness.lab_page(lab, "cyclades-failure.png", 1400, 1100) as page:
        _drive(page, lab)


def _lit(page: Page) -> set[str]:
    return set(page.eval_on_selector_all(LIT, "gs => gs.map(g => g.getAttribute('data-node'))"))


def _expect_lit(page: Page, expected: set[str]) -> None:
    """Wait until exactly ``expected`` is highlighted on the map."""
    expect = playwright_sync.expect
    expect(page.locator(LIT)).to_have_count(len(expected))
    assert _lit(page) == expected


def _drive(page: Page, running: harness.Lab) -> None:
    state = mythlab.make("cyclades", players=PLAYERS, seed=SEED).initial_state()
    G, fleets = state.game.board, state.data.fleets
    me = state.current_player
    first_fleet, first_island = state.fleet_zones(me)[0], state.islands_of(me)[0]
    rival = next(q for q in range(PLAYERS) if q != me)
    rival_zone = state.fleet_zones(rival)[0]

    harness.open_and_run(page, running, NOTEBOOK, "button.mythlab-cyclades-fleet")
    expect = playwright_sync.expect
    svg = page.locator(".mythlab-cyclades-map svg")
    expect(svg.locator(f'g[data-node="{first_fleet}"]')).to_have_count(1)
    assert _lit(page) == set(), "nothing is highlighted before a click"

    # a fleet group's button: exactly the zones one Poseidon move reaches
    millis = harness.click_and_time(
        page, "button.mythlab-cyclades-fleet", ".mythlab-cyclades-map", "cyclades map",
        f"fleet {first_fleet}")
    _expect_lit(page, set(fleet_moves(G, first_fleet, me, fleets)))
    expect(svg.locator(f'g.sel[data-node="{first_fleet}"]')).to_have_count(1)
    expect(page.locator(".mythlab-cyclades-explain")).to_contain_text("Poseidon move")
    assert millis < 2000, f"the map took {millis:.0f} ms to answer a click"

    # an island's button: the islands its troops reach along fleet chains
    page.locator("button.mythlab-cyclades-island", has_text=first_island).click()
    reach = set(fleet_chain(G, first_island, me, fleets))
    assert reach, "the test position should give the island somewhere to go"
    _expect_lit(page, reach)
    expect(page.locator(".mythlab-cyclades-explain")).to_contain_text("fleets")

    # a click on the map itself: another player's fleet group
    svg.locator(f'g[data-node="{rival_zone}"]').click()
    rival_reach = set(fleet_moves(G, rival_zone, rival, fleets))
    _expect_lit(page, rival_reach)
    expect(svg.locator(f'g.sel[data-node="{rival_zone}"]')).to_have_count(1)

    # a move in the Stepper redraws the map and keeps the selection
    bid = page.locator("button.mythlab-action").first
    label = bid.text_content()
    assert label.startswith("offer"), label
    bid.click()
    gp, god = label.split()[1], label.split()[-1]
    expect(page.locator(".mythlab-cyclades-map")).to_contain_text(f"offers {gp} GP")
    expect(page.locator(".mythlab-cyclades-map li", has_text=god)).to_contain_text("offers")
    _expect_lit(page, rival_reach)
    if os.environ.get("MYTHLAB_SCREENSHOT"):
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.locator(".mythlab-cyclades-stepper").screenshot(path=str(SCREENSHOT))
        print(f"screenshot saved to {SCREENSHOT}")
