"""A real JupyterLab in headless Chromium: an Elder Sign Stepper shows live odds on each card,
and a click on a move, then on "Roll randomly", changes the view and the event log.

Reuses the JupyterLab harness of ``test_browser.py`` (free port, random token, isolated
settings, the server's own process group). Skipped when /usr/bin/chromium or playwright is
absent (never downloads one).
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CLICK_AND_TIME,
    WIDGET_WAIT,
    Lab,
    _free_port,
    _put_notebook,
    _quiet_settings,
    _run_all_cells,
    _start_kernel,
    _stop,
    _wait_for_server,
    playwright_sync,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

NOTEBOOK = "elder_sign_stepper.ipynb"
CODE = ("import mythlab\nfrom mythlab.widgets import Stepper\n\n"
        "game = mythlab.make('elder_sign', players=2, seed=7, ancient_one='Yig')\n"
        "stepper = Stepper(game)\nstepper")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab on a free localhost port, isolated from the user's settings."""
    home = tmp_path_factory.mktemp("lab-elder-sign")
    notebooks, settings = home / "notebooks", home / "settings"
    notebooks.mkdir()
    _quiet_settings(settings)
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython"),
           "JUPYTERLAB_SETTINGS_DIR": str(settings),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    log = home / "jupyter.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={notebooks}",
               "--ServerApp.open_browser=False", "--ServerApp.terminals_enabled=False",
               "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:  # containers and CI often run as root
        command.append("--allow-root")
    with log.open("wb") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                cwd=notebooks, start_new_session=True)
    running = Lab(f"http://127.0.0.1:{port}", token, log)
    try:
        _wait_for_server(proc, running)
        _put_notebook(running, NOTEBOOK, CODE)
        _start_kernel(running, NOTEBOOK)
        yield running
    finally:
        _stop(proc)


def test_elder_sign_stepper_in_jupyterlab(lab: Lab) -> None:
    expect = playwright_sync.expect
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1100})
            try:
                _drive(page, lab, expect)
            except Exception as exc:
                shot = lab.log.with_name("elder-sign-failure.png")
                page.screenshot(path=str(shot))
                outputs = page.locator(".jp-OutputArea").all_inner_texts()
                raise AssertionError(f"{exc}\n--- notebook outputs ---\n{outputs}\n"
                                     f"--- screenshot: {shot}\n--- jupyter log ---\n"
                                     f"{lab.log_tail()}") from exc
        finally:
            browser.close()


def _drive(page: Page, lab: Lab, expect) -> None:
    import mythlab
    from mythlab.games.elder_sign.live_odds import card_odds, green_pool

    page.goto(f"{lab.url}/lab/tree/{NOTEBOOK}?token={lab.token}", timeout=WIDGET_WAIT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
        timeout=WIDGET_WAIT)
    _run_all_cells(page)

    # the Elder Sign view: six adventures, each with its exact odds (the same game here)
    view, log = page.locator(".mythlab-view"), page.locator(".mythlab-log")
    expect(view.locator(".mythlab-elder-sign-view")).to_be_visible()
    expect(view.locator(".card")).to_have_count(6)
    expect(view.locator(".card .odds")).to_have_count(6)
    state = mythlab.make("elder_sign", players=2, seed=7, ancient_one="Yig").initial_state()
    first = state.data.board[0].name
    p = card_odds(state, first, green_pool(state))
    odds = view.locator(".card").first.locator(".odds")
    assert odds.get_attribute("title") == f"exact: {p}"
    expect(odds).to_have_text(f"{float(p):.1%}")

    # click the first move ("go to <first card>"): the view marks the card, the log grows
    actions = page.locator("button.mythlab-action")
    label = actions.first.text_content()
    assert label == f"go to {first}"
    before = [view.text_content(), log.text_content()]
    millis = page.evaluate(CLICK_AND_TIME, ["button.mythlab-action", ".mythlab-log"])
    print(f"\nElder Sign click-to-update ({label!r}): {millis:.0f} ms")
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
