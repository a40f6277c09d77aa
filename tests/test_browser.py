"""A real JupyterLab in headless Chromium: a notebook shows a Stepper that responds to clicks.

Starts the venv's ``jupyter lab`` on a free localhost port with a random token and a temp
notebook folder, runs the notebook through JupyterLab's own menu, clicks a move, Undo and
Redo, and checks what the page shows. ``MYTHLAB_SCREENSHOTS=1`` also saves docs/stepper.png.
The harness is ``browser_support.py``; skipped when /usr/bin/chromium or the playwright
package is absent (never downloads one).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

import browser_support as harness

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = harness.BROWSER_MARKS

TESTS = Path(__file__).resolve().parent
SCREENSHOT = TESTS.parent / "docs" / "stepper.png"

GAME = "agea"
"""The game the notebook steps through (a built-in game needs no ``GAME_SETUP``)."""
GAME_SETUP = ""
PLAYERS, SEED = 2, 3
NOTEBOOK = "stepper.ipynb"
# Roll the setup's chance nodes first, so the Stepper opens on the first real decision.
CODE = (f"import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        f"session = mythlab.Session(mythlab.make({GAME!r}, players={PLAYERS}, seed={SEED}))\n"
        "while session.state.is_chance_node():\n    session.roll()\n"
        "stepper = Stepper(session)\nstepper")

playwright_sync = harness.require_browser()
lab = harness.lab_fixture(NOTEBOOK, [GAME_SETUP, CODE] if GAME_SETUP else [CODE])


def test_stepper_in_jupyterlab(lab: harness.Lab) -> None:
    with harness.lab_page(lab, "failure.png") as page:
        _drive(page, lab, playwright_sync.expect)


def _drive(page: Page, lab: harness.Lab, expect) -> None:
    """Open the notebook, run it, then click a move, Undo and Redo and check the page."""
    harness.open_and_run(page, lab, NOTEBOOK)
    actions = page.locator("button.mythlab-action")

    phase, view, log = (page.locator(f".mythlab-{part}") for part in ("phase", "view", "log"))
    before = [phase.text_content(), view.text_content(), log.text_content()]
    label = actions.first.text_content()
    millis = harness.click_and_time(
        page, "button.mythlab-action", ".mythlab-log", "browser", repr(label))
    expect(log).to_contain_text(label.split(" — ")[0])  # an outcome's odds are not logged
    after = [phase.text_content(), view.text_content(), log.text_content()]
    assert after[2] != before[2], "the event log did not change after a click"
    assert after[:2] != before[:2], "neither the phase nor the view changed after a click"
    assert millis < 2000, f"the Stepper took {millis:.0f} ms to answer a click"

    page.locator("button.mythlab-undo").click()
    expect(log).to_have_text(before[2])
    assert [phase.text_content(), view.text_content()] == before[:2], "Undo did not restore"

    page.locator("button.mythlab-redo").click()
    expect(log).to_have_text(after[2])
    assert [phase.text_content(), view.text_content()] == after[:2], "Redo did not restore"
    if os.environ.get("MYTHLAB_SCREENSHOTS"):
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.locator(".mythlab-stepper").screenshot(path=str(SCREENSHOT))
        print(f"screenshot saved to {SCREENSHOT}")


ODDS_NOTEBOOK = "odds.ipynb"
ODDS_CODE = ("from mythlab.elder_sign import OddsExplorer\n\n"
             "explorer = OddsExplorer('The Gift Shop', '6G+R')\nexplorer")


def test_odds_explorer_in_jupyterlab(lab: harness.Lab) -> None:
    """The Elder Sign odds explorer: the wildcard toggle changes the exact value shown, and
    Roll, a choice and Reset update the step-through."""
    harness.put_notebook(lab, ODDS_NOTEBOOK, ODDS_CODE)
    harness.start_kernel(lab, ODDS_NOTEBOOK)
    with harness.lab_page(lab, "odds-failure.png", 1280, 720) as page:
        _drive_odds(page, lab, playwright_sync.expect)
        assert page.evaluate(CLIPPED, ".mythlab-odds-explorer") == []


CLIPPED = """(root) => {
    const box = document.querySelector(root), out = [];
    if (box.scrollWidth > box.clientWidth + 1) out.push(`${root} scrolls sideways`);
    for (const el of box.querySelectorAll('*')) {
        const b = el.getBoundingClientRect();
        if (!b.width) continue;
        if (b.right > window.innerWidth + 1) out.push(`${el.className} ends at ${b.right}px`);
        if (['INPUT', 'SELECT', 'BUTTON', 'LABEL'].includes(el.tagName)
                && el.scrollWidth > el.clientWidth + 1)
            out.push(`${el.tagName} ${el.textContent || el.value} is clipped`);
    }
    return out;
}"""
"""What in ``root`` is cut off at the window's size: a control whose text does not fit, a
part past the right edge, or the whole scrolling sideways (a formula that does not wrap)."""


STEPS_NOTEBOOK = "odds-steps.ipynb"


def test_odds_explorer_step_through_in_jupyterlab(lab: harness.Lab) -> None:
    """Roll, a choice and Reset update the odds explorer's step-through.

    Its own notebook, so its own kernel: a page opened on a kernel that already holds widgets
    (the other odds test's) has JupyterLab fetch all their states again, and a click sent
    meanwhile waits behind that traffic (the Roll then showed nothing for 60 s under load).
    """
    harness.put_notebook(lab, STEPS_NOTEBOOK, ODDS_CODE)
    harness.start_kernel(lab, STEPS_NOTEBOOK)
    with harness.lab_page(lab, "odds-steps-failure.png") as page:
        harness.open_and_run(page, lab, STEPS_NOTEBOOK, ".mythlab-odds-fraction")
        _drive_odds_steps(page, playwright_sync.expect)


def _drive_odds(page: Page, lab: harness.Lab, expect) -> None:
    from fractions import Fraction

    from mythlab.display import chance_text
    from mythlab.elder_sign import AdventureOdds, adventure

    harness.open_and_run(page, lab, ODDS_NOTEBOOK, ".mythlab-odds-fraction")
    shop = adventure("The Gift Shop")
    fraction = page.locator(".mythlab-odds-fraction")
    seed, faq = (AdventureOdds(shop, wild).probability("6G+R") for wild in ("seed", "faq"))
    assert seed != faq
    # a percentage people read, the exact fraction on hover
    expect(fraction).to_have_attribute("title", f"exact: {seed.numerator}/{seed.denominator}")
    expect(fraction).to_have_text(chance_text(seed))

    page.locator(".mythlab-odds-wild button", has_text=re.compile("^faq$")).click()
    expect(fraction).to_have_attribute("title", f"exact: {faq.numerator}/{faq.denominator}",
                                       timeout=30_000)
    assert Fraction(fraction.get_attribute("title").removeprefix("exact: ")) == faq


def _drive_odds_steps(page: Page, expect) -> None:
    log = page.locator(".mythlab-odds-log")
    expect(page.locator(".mythlab-odds-explorer")).to_have_count(1)
    # the value shows at once (a precomputed table); Roll waits for the step-through's solve,
    # and the click for a kernel with nothing queued ahead of it
    expect(page.locator("button.mythlab-odds-roll")).to_be_enabled(timeout=180_000)
    harness.wait_for_idle_kernel(page)
    millis = harness.click_and_time(
        page, "button.mythlab-odds-roll", ".mythlab-odds-rolled", "odds explorer", "Roll")
    expect(page.locator(".mythlab-odds-rolled")).to_contain_text("roll: ")
    best = page.locator("button.mythlab-odds-choice").first
    expect(best).to_be_visible()
    label = best.text_content().split("%", 1)[1].strip()
    best.click()
    expect(log).to_contain_text(label)
    assert millis < 2000, f"the odds explorer took {millis:.0f} ms to answer a click"

    page.locator("button.mythlab-odds-reset").click()
    expect(log).to_have_text("")
    expect(page.locator(".mythlab-odds-situation")).to_contain_text("to roll: 6G+R")


def test_the_clipping_check_catches_a_cut_off_button_and_a_formula_that_does_not_wrap():
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.set_content(
                "<div class='box' style='width:300px;overflow:auto'>"
                "<button style='width:40px;white-space:nowrap;overflow:hidden'>a long label"
                "</button><span style='white-space:nowrap'>" + "x + " * 200 + "</span></div>")
            found = page.evaluate(CLIPPED, ".box")
        finally:
            browser.close()
    assert any("scrolls sideways" in f for f in found)
    assert any("a long label is clipped" in f for f in found)
