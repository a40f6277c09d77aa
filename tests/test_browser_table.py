"""Play every game at the table in a real browser, with clicks only, to game over: a person's
seat against bots, in JupyterLab (a notebook of four seated Steppers) and in the Voilà app
(``mythlab app``), plus a pass-and-play game whose private view hides between turns.

Prints click-to-screen figures (median and p95 per game). Skipped without Debian's Chromium
and playwright, like every browser test (``browser_support.py``).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import browser_support as harness
import pytest

pytestmark = harness.BROWSER_MARKS + [pytest.mark.timeout(900)]

GAMES = [("agea", 2), ("cyclades", 2), ("elysium", 2), ("elder_sign", 1)]
NOTEBOOK = "table.ipynb"
CELLS = ["import mythlab\nfrom mythlab.widgets import Stepper"] + [
    f"Stepper(mythlab.make({game!r}, players={players}, seed=1), "
    f"seats=['human'] + ['greedy'] * {players - 1}, pause=0)" for game, players in GAMES]

playwright_sync = harness.require_browser()
lab = harness.lab_fixture(NOTEBOOK, CELLS, home="lab-table")


def test_each_game_is_played_to_game_over_with_clicks_in_jupyterlab(lab: harness.Lab) -> None:
    with harness.lab_page(lab, "table-failure.png", 1280, 720) as page:
        harness.open_and_run(page, lab, NOTEBOOK, widget=".mythlab-stepper >> nth=3")
        for index, (game, _players) in enumerate(GAMES):
            millis = harness.play_to_game_over(page, index)
            stepper = page.locator(".mythlab-stepper").nth(index)
            result = stepper.locator(".mythlab-result")
            playwright_sync.expect(result).to_be_visible()
            assert result.text_content().strip(), game
            harness.click_figures(f"JupyterLab {game}", millis)


# ---------------------------------------------------------------------- the Voilà app
@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``mythlab app`` on a free port, stopped (with its kernels) after the module."""
    with harness.running_app(tmp_path_factory.mktemp("app")) as url:
        yield url


OFF_THIS_MACHINE = re.compile(r"^(?!(https?|wss?)://(127\.0\.0\.1|localhost)[:/])[a-z]+://")
"""Any address but this machine's: the app must work offline, so such a request is refused."""


def test_each_game_is_played_to_game_over_in_the_app(app: str) -> None:
    """Offline as well: every request off this machine is refused, and none is made."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        external: list[str] = []
        page.route(OFF_THIS_MACHINE, lambda route: (external.append(route.request.url),
                                                    route.abort()))
        try:
            seconds = harness.open_app(page, app)
            print(f"\napp start to the setup form: {seconds:.1f} s")
            for game, players in GAMES:
                if page.locator(".mythlab-app-new").is_visible():
                    page.locator(".mythlab-app-new").click()
                start = time.monotonic()
                harness.set_up_app(page, game, players, ["a person"] + ["bot: greedy"] * (
                    players - 1))
                print(f"app: {game} start to first board {time.monotonic() - start:.1f} s")
                millis = harness.play_to_game_over(page, 0)
                playwright_sync.expect(page.locator(".mythlab-result")).to_be_visible()
                harness.click_figures(f"Voilà app {game}", millis)
                assert "Traceback" not in page.content()
            assert external == [], f"the app asked the network for {external}"
        except Exception:
            page.screenshot(path=str(Path(os.environ.get("TMPDIR", "/tmp")) / "app-failure.png"))
            raise
        finally:
            browser.close()


LAYOUT = [("agea", 2), ("cyclades", 3), ("elysium", 3), ("elder_sign", 2)]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
ON_SCREEN = """() => {
    const top = document.querySelector('.mythlab-stepper').getBoundingClientRect().top;
    const view = document.querySelector('.mythlab-view').getBoundingClientRect();
    const moves = document.querySelector('.mythlab-moves').getBoundingClientRect();
    return {wide: document.documentElement.scrollWidth, view_bottom: view.bottom - top,
            moves_top: moves.top - top, view_right: view.right};
}"""
"""Where the board ends and the moves begin, with the table scrolled to the top of the window."""


def test_each_table_fits_1280_by_720_in_the_app_mid_game(app: str) -> None:
    """A person seated against bots, a dozen clicks into a seeded game: nothing wider than the
    window, and the whole board and the first moves on one screen with the table at the top.
    ``MYTHLAB_SCREENSHOTS=1`` saves each screen as ``docs/screenshots/<game>-app.png``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            harness.open_app(page, app)
            for game, players in LAYOUT:
                if page.locator(".mythlab-app-new").is_visible():
                    page.locator(".mythlab-app-new").click()
                harness.set_up_app(page, game, players, ["a person"] + ["bot: greedy"] * (
                    players - 1), seed=1)
                for _ in range(12):
                    page.evaluate(harness.PLAY_ONE_CLICK, [0, 30_000])
                # seeded, so the same dozen clicks every run: an unseeded Cyclades game could
                # end within them, and the result table then stands above the board
                assert page.locator(".mythlab-result").count() == 0, (game, "already over")
                page.evaluate("() => document.querySelector('.mythlab-stepper').scrollIntoView()")
                fit = page.evaluate(ON_SCREEN)
                assert fit["wide"] <= 1280 and fit["view_right"] <= 1280, (game, fit)
                assert fit["view_bottom"] <= 720 and fit["moves_top"] < 700, (game, fit)
                if os.environ.get("MYTHLAB_SCREENSHOTS"):
                    page.screenshot(path=str(SCREENSHOTS / f"{game.replace('_', '-')}-app.png"))
        except Exception:
            page.screenshot(path=str(Path(os.environ.get("TMPDIR", "/tmp")) / "fit-failure.png"))
            raise
        finally:
            browser.close()


def test_pass_and_play_hides_the_private_view_between_turns_in_the_app(app: str) -> None:
    from playwright.sync_api import sync_playwright

    expect = playwright_sync.expect
    expect.set_options(timeout=30_000)  # a loaded machine: the kernel answers slowly
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            harness.open_app(page, app)
            harness.set_up_app(page, "agea", 2, ["a person", "a person"])
            handoff, view = page.locator(".mythlab-handoff"), page.locator(".mythlab-view")
            expect(handoff).to_contain_text(re.compile(r"Pass to P[12]"))
            first = re.search(r"Pass to (P[12])", handoff.text_content()).group(1)
            second = {"P1": "P2", "P2": "P1"}[first]
            expect(view).to_be_hidden()
            expect(page.locator("button.mythlab-action")).to_have_count(0)
            page.locator("button.mythlab-ready").click()
            expect(handoff).to_be_hidden()
            expect(view).to_be_visible()
            for _ in range(200):  # the first plays until the screen is to be passed on
                if handoff.is_visible():
                    break
                page.locator("button.mythlab-action").last.click()
                page.wait_for_timeout(100)
            expect(handoff).to_contain_text(f"Pass to {second}")
            expect(view).to_be_hidden()
            expect(page.locator("button.mythlab-action")).to_have_count(0)
        finally:
            browser.close()
