"""A real JupyterLab in headless Chromium: a notebook shows a Stepper that responds to clicks.

Starts the venv's ``jupyter lab`` on a free localhost port with a random token and a temp
notebook folder, runs the notebook through JupyterLab's own menu, clicks a move, Undo and
Redo, and checks what the page shows. ``MYTHLAB_SCREENSHOT=1`` also saves docs/stepper.png.
Skipped when /usr/bin/chromium or the playwright package is absent (never downloads one).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import nbformat
import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TESTS = Path(__file__).resolve().parent
SCREENSHOT = TESTS.parent / "docs" / "stepper.png"

GAME = "agea"
"""The game the notebook steps through (a built-in game needs no ``GAME_SETUP``)."""
GAME_SETUP = ""
PLAYERS, SEED = 2, 3
SERVER_START = 120.0
"""Seconds to wait for JupyterLab to answer (the first start can take 20–40 s)."""
WIDGET_WAIT = 240_000
"""Milliseconds to wait for the kernel to start and the Stepper to render."""
RUN_ATTEMPTS = 3
NOTEBOOK = "stepper.ipynb"

playwright_sync = pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is absent: install Debian's chromium to run the browser test",
                allow_module_level=True)


@dataclass
class Lab:
    """A running JupyterLab: where it listens, its token and its log file."""

    url: str
    token: str
    log: Path

    def log_tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_notebook(folder: Path) -> None:
    # Roll the setup's chance nodes first, so the Stepper opens on the first real decision.
    code = (f"import mythlab\nfrom mythlab.widgets import Stepper\n\n"
            f"session = mythlab.Session(mythlab.make({GAME!r}, players={PLAYERS}, seed={SEED}))\n"
            "while session.state.is_chance_node():\n    session.roll()\n"
            "stepper = Stepper(session)\nstepper")
    cells = [nbformat.v4.new_code_cell(GAME_SETUP)] if GAME_SETUP else []
    nb = nbformat.v4.new_notebook(cells=[*cells, nbformat.v4.new_code_cell(code)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)


def _quiet_settings(settings: Path) -> None:
    """User settings that stop JupyterLab asking about news and updates."""
    path = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server we started and its kernels (its own process group)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab on a free localhost port, isolated from the user's settings."""
    home = tmp_path_factory.mktemp("lab")
    notebooks, settings = home / "notebooks", home / "settings"
    notebooks.mkdir()
    _write_notebook(notebooks)
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
        _start_kernel(running)
        yield running
    finally:
        _stop(proc)


def _wait_for_server(proc: subprocess.Popen, lab: Lab) -> None:
    deadline = time.monotonic() + SERVER_START
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{lab.log_tail()}")
        try:
            with urllib.request.urlopen(f"{lab.url}/api/status?token={lab.token}", timeout=5):
                return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"jupyter lab did not answer within {SERVER_START:.0f} s:\n{lab.log_tail()}")


def _start_kernel(lab: Lab, notebook: str = NOTEBOOK) -> None:
    """Start the notebook's kernel session before the page opens it.

    Left to itself JupyterLab sometimes starts two kernels for a freshly opened notebook and
    shuts one down under the page; an existing session is simply joined.
    """
    body = {"path": notebook, "name": notebook, "type": "notebook",
            "kernel": {"name": "python3"}}
    request = urllib.request.Request(
        f"{lab.url}/api/sessions", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status == 201, answer.read()


CLICK_AND_TIME = """([selector, watched]) => new Promise(resolve => {
    const target = document.querySelector(watched);
    const start = performance.now();
    const seen = new MutationObserver(() => {
        seen.disconnect();
        resolve(performance.now() - start);
    });
    seen.observe(target, {subtree: true, childList: true, characterData: true});
    document.querySelector(selector).click();
})"""
"""Click ``selector`` and resolve with the milliseconds until ``watched`` changes on screen."""


def test_stepper_in_jupyterlab(lab: Lab) -> None:
    expect = playwright_sync.expect
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            try:
                _drive(page, lab, expect)
            except Exception as exc:
                shot = lab.log.with_name("failure.png")
                page.screenshot(path=str(shot))
                outputs = page.locator(".jp-OutputArea").all_inner_texts()
                raise AssertionError(f"{exc}\n--- notebook outputs ---\n{outputs}\n"
                                     f"--- screenshot: {shot}\n--- jupyter log ---\n"
                                     f"{lab.log_tail()}") from exc
        finally:
            browser.close()


def _run_all_cells(page: Page, widget: str = "button.mythlab-action") -> None:
    """Run > Run All Cells until ``widget`` shows (a slow kernel start may swallow a click)."""
    shown = page.locator(widget).first
    select_kernel = page.locator(".jp-Dialog button", has_text=re.compile("^Select$"))
    for _ in range(RUN_ATTEMPTS):
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()
        try:
            shown.or_(select_kernel).first.wait_for(timeout=WIDGET_WAIT / RUN_ATTEMPTS)
        except playwright_sync.TimeoutError:
            continue
        if not select_kernel.count():
            return
        select_kernel.click()  # JupyterLab asked which kernel: keep the notebook's own
    raise AssertionError(f"no {widget} after {RUN_ATTEMPTS} × Run All Cells")


def _drive(page: Page, lab: Lab, expect) -> None:
    """Open the notebook, run it, then click a move, Undo and Redo and check the page."""
    page.goto(f"{lab.url}/lab/tree/{NOTEBOOK}?token={lab.token}", timeout=WIDGET_WAIT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
        timeout=WIDGET_WAIT)
    _run_all_cells(page)
    actions = page.locator("button.mythlab-action")

    phase, view, log = (page.locator(f".mythlab-{part}") for part in ("phase", "view", "log"))
    before = [phase.text_content(), view.text_content(), log.text_content()]
    label = actions.first.text_content()
    millis = page.evaluate(CLICK_AND_TIME, ["button.mythlab-action", ".mythlab-log"])
    print(f"\nbrowser click-to-update ({label!r}): {millis:.0f} ms")
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
    if os.environ.get("MYTHLAB_SCREENSHOT"):
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.locator(".mythlab-stepper").screenshot(path=str(SCREENSHOT))
        print(f"screenshot saved to {SCREENSHOT}")


ODDS_NOTEBOOK = "odds.ipynb"
ODDS_CODE = ("from mythlab.widgets import OddsExplorer\n\n"
             "explorer = OddsExplorer('The Gift Shop', '6G+R')\nexplorer")


def _put_notebook(lab: Lab, name: str, code: str) -> None:
    """Save a one-cell notebook into the running server (its contents API)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    body = {"type": "notebook", "format": "json", "content": nb}
    request = urllib.request.Request(
        f"{lab.url}/api/contents/{name}", data=json.dumps(body).encode(), method="PUT",
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status in (200, 201), answer.read()


def test_odds_explorer_in_jupyterlab(lab: Lab) -> None:
    """The Elder Sign odds explorer: the wildcard toggle changes the exact value shown, and
    Roll, a choice and Reset update the step-through."""
    _put_notebook(lab, ODDS_NOTEBOOK, ODDS_CODE)
    _start_kernel(lab, ODDS_NOTEBOOK)
    expect = playwright_sync.expect
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            try:
                _drive_odds(page, lab, expect)
            except Exception as exc:
                shot = lab.log.with_name("odds-failure.png")
                page.screenshot(path=str(shot))
                outputs = page.locator(".jp-OutputArea").all_inner_texts()
                raise AssertionError(f"{exc}\n--- notebook outputs ---\n{outputs}\n"
                                     f"--- screenshot: {shot}\n--- jupyter log ---\n"
                                     f"{lab.log_tail()}") from exc
        finally:
            browser.close()


def _drive_odds(page: Page, lab: Lab, expect) -> None:
    from fractions import Fraction

    from mythlab.games.elder_sign import AdventureOdds, adventure

    page.goto(f"{lab.url}/lab/tree/{ODDS_NOTEBOOK}?token={lab.token}", timeout=WIDGET_WAIT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
        timeout=WIDGET_WAIT)
    _run_all_cells(page, ".mythlab-odds-fraction")
    shop = adventure("The Gift Shop")
    fraction = page.locator(".mythlab-odds-fraction")
    seed, faq = (AdventureOdds(shop, wild).probability("6G+R") for wild in ("seed", "faq"))
    assert seed != faq
    expect(fraction).to_have_text(f"{seed.numerator}/{seed.denominator}")

    page.locator(".mythlab-odds-wild button", has_text=re.compile("^faq$")).click()
    expect(fraction).to_have_text(f"{faq.numerator}/{faq.denominator}", timeout=30_000)
    assert Fraction(fraction.text_content()) == faq

    log = page.locator(".mythlab-odds-log")
    millis = page.evaluate(CLICK_AND_TIME, ["button.mythlab-odds-roll", ".mythlab-odds-rolled"])
    print(f"\nodds explorer click-to-update (Roll): {millis:.0f} ms")
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
