"""The Elysium Stepper in a real JupyterLab (headless Debian Chromium): click a move, see the
Elysium view change, Undo restores it.

Reuses ``tests/test_browser.py``'s server fixture and helpers; skipped like it when
/usr/bin/chromium or playwright is absent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from test_browser import (  # noqa: F401  (``lab`` is a pytest fixture)
    CHROMIUM,
    CHROMIUM_ARGS,
    CLICK_AND_TIME,
    WIDGET_WAIT,
    Lab,
    _put_notebook,
    _run_all_cells,
    _start_kernel,
    lab,
    playwright_sync,
)

import mythlab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

NOTEBOOK = "elysium_stepper.ipynb"
PLAYERS, SEED = 4, 7
CODE = ("import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        f"stepper = Stepper(mythlab.make('elysium', players={PLAYERS}, seed={SEED}))\nstepper")


def test_elysium_stepper_in_jupyterlab(lab: Lab) -> None:  # noqa: F811
    _put_notebook(lab, NOTEBOOK, CODE)
    _start_kernel(lab, NOTEBOOK)
    expect = playwright_sync.expect
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            try:
                _drive(page, lab, expect)
            except Exception as exc:
                shot = lab.log.with_name("elysium-failure.png")
                page.screenshot(path=str(shot))
                outputs = page.locator(".jp-OutputArea").all_inner_texts()
                raise AssertionError(f"{exc}\n--- notebook outputs ---\n{outputs}\n"
                                     f"--- screenshot: {shot}\n--- jupyter log ---\n"
                                     f"{lab.log_tail()}") from exc
        finally:
            browser.close()


def _drive(page: Page, server: Lab, expect) -> None:
    state = mythlab.make("elysium", players=PLAYERS, seed=SEED).initial_state()
    game = state.game
    first = state.legal_actions()[0]
    assert first.kind == "take"
    taken = game.labels[first.args[0]]

    page.goto(f"{server.url}/lab/tree/{NOTEBOOK}?token={server.token}", timeout=WIDGET_WAIT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
        timeout=WIDGET_WAIT)
    _run_all_cells(page)
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
    millis = page.evaluate(CLICK_AND_TIME, ["button.mythlab-action", ".mythlab-view"])
    print(f"\nElysium browser click-to-update ({first.label!r}): {millis:.0f} ms")
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
