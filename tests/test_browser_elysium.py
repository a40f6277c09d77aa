"""The Elysium Stepper in a real JupyterLab (headless Debian Chromium): click a move, see the
Elysium view change, Undo restores it.

Uses ``tests/browser_support.py``'s server fixture and helpers; skipped like it when
/usr/bin/chromium or playwright is absent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import browser_support as harness

import mythlab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = harness.BROWSER_MARKS

NOTEBOOK = "elysium_stepper.ipynb"
PLAYERS, SEED = 4, 7
CODE = ("import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        f"stepper = Stepper(mythlab.make('elysium', players={PLAYERS}, seed={SEED}))\nstepper")

playwright_sync = harness.require_browser()
lab = harness.lab_fixture(NOTEBOOK, [CODE])


def test_elysium_stepper_in_jupyterlab(lab: harness.Lab) -> None:
    with harness.lab_page(lab, "elysium-failure.png", 1400, 1100) as page:
        _drive(page, lab, playwright_sync.expect)


def _drive(page: Page, server: harness.Lab, expect) -> None:
    state = mythlab.make("elysium", players=PLAYERS, seed=SEED).initial_state()
    game = state.game
    first = state.legal_actions()[0]
    assert first.kind == "take"
    taken = game.labels[first.args[0]]

    harness.open_and_run(page, server, NOTEBOOK)
    view = page.locator(".mythlab-view")
    agora_cards = page.locator(".mythlab-elysium-view .agora .ely-card")
    expect(agora_cards).to_have_count(len(state.data.agora))
    expect(view).to_contain_text("Temple · pediment side")
    for c in state.data.agora:
        expect(page.locator(".mythlab-elysium-view .agora")).to_contain_text(game.labels[c])
    expect(page.locator(".mythlab-elysium-view .mythlab-flag").first).to_be_visible()
    before = view.text_content()

    button = page.locator("button.mythlab-action").first
    expect(button).to_have_text(first.label)
    millis = harness.click_and_time(
        page, "button.mythlab-action", ".mythlab-view", "Elysium browser", repr(first.label))
    expect(agora_cards).to_have_count(len(state.data.agora) - 1)
    mover = page.locator(f".mythlab-elysium-view .seat[data-seat='{state.current_player}'] "
                         ".domain")
    expect(mover).to_contain_text(taken)
    expect(page.locator(".mythlab-log")).to_contain_text(first.label)
    expect(page.locator("button.mythlab-action").first).to_contain_text("discard the")
    assert view.text_content() != before
    assert millis < 2000, f"the Elysium Stepper took {millis:.0f} ms to answer a click"

    page.locator("button.mythlab-undo").click()
    expect(agora_cards).to_have_count(len(state.data.agora))
    expect(mover).not_to_contain_text(taken)
    assert view.text_content() == before, "Undo did not restore the Elysium view"


DRAG_NOTEBOOK = "elysium_drag.ipynb"
DRAG_SEED = 5
DRAG_SETUP = ("import random\nimport mythlab\n\n"
              f"session = mythlab.Session(mythlab.make('elysium', players=2, seed={DRAG_SEED}))\n"
              f"rng = random.Random({DRAG_SEED})\n"
              "while not any(a.kind == 'transfer' for a in session.state.legal_actions()):\n"
              "    state = session.state\n"
              "    session.roll() if state.is_chance_node() else session.apply(\n"
              "        rng.choice(state.legal_actions()))\n")
"""A position where the person to move may transfer a card into a legend."""
DRAG_CODE = DRAG_SETUP + "from mythlab.widgets import Stepper\n\nStepper(session)"


def test_a_card_is_dragged_into_a_legend_in_jupyterlab(lab: harness.Lab) -> None:
    """Drag a domain card onto a legend (issue 12 §3): the transfer is made, as by two clicks."""
    from mythlab.elysium.view import targets

    namespace: dict = {}
    exec(DRAG_SETUP, namespace)  # the notebook's position, made here too
    state = namespace["session"].state
    paths = targets(state)
    label = [a.label for a in state.legal_actions() if a.kind == "transfer"][-1]
    card, legend = paths[label][:2]
    harness.put_notebook(lab, DRAG_NOTEBOOK, DRAG_CODE)
    harness.start_kernel(lab, DRAG_NOTEBOOK)
    with harness.lab_page(lab, "elysium-drag-failure.png", 1400, 1100) as page:
        harness.open_and_run(page, lab, DRAG_NOTEBOOK)
        source = page.locator(f'.mythlab-view [data-token="{card}"]')
        target = page.locator(f'.mythlab-view [data-token="{legend}"]')
        playwright_sync.expect(source).to_have_attribute("draggable", "true")
        source.drag_to(target)
        playwright_sync.expect(page.locator(".mythlab-log")).to_contain_text(label)
        playwright_sync.expect(page.locator(".mythlab-status")).not_to_contain_text("⚠")
