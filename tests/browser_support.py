"""Shared machinery of the real-browser tests (a helper module, not a test file).

A JupyterLab server on a free localhost port with a random token, a temp notebook folder and
isolated settings (its own process group, stopped with its kernels); Run All Cells through
JupyterLab's own menu; a headless Debian Chromium page that, when the test fails, raises with
a screenshot, the notebook's outputs and the server log's tail; and the click-to-update timer.
Test modules call :func:`require_browser` first: it skips them when /usr/bin/chromium or the
playwright package is absent (never downloads one).
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
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import nbformat
import pytest
from jupyter_client import BlockingKernelClient
from server_support import reserved_port

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SERVER_START = 120.0
"""Seconds to wait for JupyterLab to answer (the first start can take 20–40 s)."""
WIDGET_WAIT = 240_000
"""Milliseconds to wait for the kernel to start and the widget to render."""
RUN_ATTEMPTS = 3
BROWSER_MARKS = [pytest.mark.browser, pytest.mark.timeout(420)]
"""Every browser test module's ``pytestmark``."""

CLICK_AND_TIME = """([selector, watched]) => new Promise(resolve => {
    const target = document.querySelector(watched);
    const start = performance.now();
    const seen = new MutationObserver(() => {
        seen.disconnect();
        resolve(performance.now() - start);
    });
    seen.observe(target, {subtree: true, childList: true, characterData: true});
    setTimeout(() => { seen.disconnect(); resolve(-1); }, 60000);
    document.querySelector(selector).click();
})"""
"""Click ``selector`` and resolve with the milliseconds until ``watched`` changes on screen."""


def require_browser() -> ModuleType:
    """Skip the calling test module unless playwright and Chromium are there; return
    ``playwright.sync_api``. Call it at module level."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the playwright package is not installed")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent: install Debian's chromium to run the browser test",
                    allow_module_level=True)
    return sync_api


@dataclass
class Lab:
    """A running JupyterLab: where it listens, its token and its log file."""

    url: str
    token: str
    log: Path

    def log_tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:]


def _new_notebook(cells: Sequence[str]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    return nb


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


@contextmanager
def running_lab(home: Path, notebook: str, cells: Sequence[str]) -> Iterator[Lab]:
    """JupyterLab on a free localhost port, isolated from the user's settings, serving
    ``notebook`` (code ``cells``) with its kernel already started."""
    notebooks, settings = home / "notebooks", home / "settings"
    notebooks.mkdir()
    nbformat.write(_new_notebook(cells), notebooks / notebook)
    _quiet_settings(settings)
    token = secrets.token_hex(16)
    with reserved_port() as port:
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
            start_kernel(running, notebook)
            yield running
        finally:
            _stop(proc)


def lab_fixture(notebook: str, cells: Sequence[str], home: str = "lab") -> Callable:
    """A module-scoped ``lab`` fixture: :func:`running_lab` in a fresh temp folder ``home``."""

    @pytest.fixture(scope="module")
    def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
        with running_lab(tmp_path_factory.mktemp(home), notebook, cells) as running:
            yield running

    return lab


def start_kernel(lab: Lab, notebook: str) -> None:
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
        kernel = json.loads(answer.read())["kernel"]["id"]
    # a page that joins a kernel still starting up (slow under load) may have JupyterLab
    # replace it under the page: open the page only once the kernel answers
    client = BlockingKernelClient(
        connection_file=str(lab.log.parent / "runtime" / f"kernel-{kernel}.json"))
    client.load_connection_file()
    client.start_channels()
    deadline = time.monotonic() + SERVER_START
    try:
        while True:
            try:
                client.wait_for_ready(timeout=max(1.0, deadline - time.monotonic()))
                break
            except RuntimeError as exc:
                # "Kernel died" comes from a missed heartbeat, which a loaded machine also
                # causes: only a kernel the server no longer lists has really died
                if time.monotonic() > deadline or not _kernel_listed(lab, kernel):
                    pytest.fail(f"the kernel of {notebook} did not answer: {exc}\n"
                                f"{lab.log_tail()}")
                time.sleep(1)
    finally:
        client.stop_channels()


def _kernel_listed(lab: Lab, kernel: str) -> bool:
    request = urllib.request.Request(f"{lab.url}/api/kernels/{kernel}",
                                     headers={"Authorization": f"token {lab.token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status == 200
    except OSError:
        return False


def put_notebook(lab: Lab, name: str, code: str) -> None:
    """Save a one-cell notebook into the running server (its contents API)."""
    body = {"type": "notebook", "format": "json", "content": _new_notebook([code])}
    request = urllib.request.Request(
        f"{lab.url}/api/contents/{name}", data=json.dumps(body).encode(), method="PUT",
        headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert answer.status in (200, 201), answer.read()


@contextmanager
def lab_page(lab: Lab, failure: str, width: int = 1280, height: int = 1000) -> Iterator[Page]:
    """A headless Chromium page; an exception in the block becomes an AssertionError with a
    screenshot (``failure`` next to the server log), the notebook outputs and the log tail."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            try:
                yield page
            except Exception as exc:
                shot = lab.log.with_name(failure)
                page.screenshot(path=str(shot))
                outputs = page.locator(".jp-OutputArea").all_inner_texts()
                raise AssertionError(f"{exc}\n--- notebook outputs ---\n{outputs}\n"
                                     f"--- screenshot: {shot}\n--- jupyter log ---\n"
                                     f"{lab.log_tail()}") from exc
        finally:
            browser.close()


IDLE_KERNEL = ".jp-Notebook-ExecutionIndicator[data-status='idle']:visible"
"""The shown notebook's kernel indicator when it is idle (restored notebooks' are hidden)."""
ATTEMPT_WAIT = 90_000
"""Milliseconds one attempt of :func:`open_and_run` waits at each step before starting over."""
RUN_BUDGET = 300.0
"""Seconds :func:`open_and_run` may take in all (a browser test's timeout is 420 s)."""


def wait_for_idle_kernel(page: Page) -> None:
    """Wait until the shown notebook's kernel is idle (JupyterLab restores the notebooks an
    earlier test opened, so only the visible indicator counts)."""
    page.locator(IDLE_KERNEL).first.wait_for(timeout=WIDGET_WAIT)


def open_and_run(page: Page, lab: Lab, notebook: str,
                 widget: str = "button.mythlab-action") -> None:
    """Open ``notebook`` alone in JupyterLab, wait for its kernel, then Run All Cells until
    ``widget`` shows.

    A workspace of its own (named after a fresh id) holds only this notebook: in the default
    workspace JupyterLab restores the tabs an earlier test opened, the Run menu may act on one
    of them while it is still the current tab, and a selector then finds that (soon hidden)
    notebook's widgets instead of this one's. (``?reset`` would also empty it, but it reloads
    the page while the kernel connects, and under load JupyterLab then loses the kernel.)

    Under load JupyterLab sometimes loses the kernel under a freshly opened page: it asks
    "Select Kernel" (answered by keeping its choice), or stays disconnected while the server
    answers 404 for a kernel it no longer has. An attempt that does not end with ``widget``
    shown within :data:`ATTEMPT_WAIT` at each step gives the notebook a fresh kernel session
    through the server's REST API and opens the page again, all within :data:`RUN_BUDGET`.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + RUN_BUDGET
    failures = []
    for attempt in range(RUN_ATTEMPTS):
        if time.monotonic() > deadline:
            break
        if attempt:
            restart_session(lab, notebook)
        workspace = f"test-{uuid.uuid4().hex[:12]}"
        page.goto(f"{lab.url}/lab/workspaces/{workspace}/tree/{notebook}?token={lab.token}",
                  timeout=WIDGET_WAIT)
        try:
            _run_all_once(page, widget, deadline)
            return
        except PlaywrightTimeout as exc:
            failures.append(str(exc).splitlines()[0])
    raise AssertionError(f"no {widget} after {len(failures)} attempts: {failures}")


def _run_all_once(page: Page, widget: str, deadline: float) -> None:
    """Wait for the kernel (keeping JupyterLab's choice if it asks for one), Run All Cells
    through the Run menu, and wait for ``widget``; a step that does not happen within
    :data:`ATTEMPT_WAIT` (or by ``deadline``) raises playwright's TimeoutError."""
    def wait(locator: Locator) -> None:
        left = (deadline - time.monotonic()) * 1000
        locator.first.wait_for(timeout=max(1000.0, min(ATTEMPT_WAIT, left)))

    shown = page.locator(widget)
    asked = page.locator(".jp-Dialog", has_text="Select Kernel")
    select = page.locator(".jp-Dialog button", has_text=re.compile("^Select$"))
    wait(page.locator(IDLE_KERNEL).or_(asked))
    if select.count():
        select.click()
        wait(page.locator(IDLE_KERNEL))
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()
    wait(shown.or_(select))
    if select.count():  # JupyterLab asked which kernel at Run: keep its choice
        select.click()
        wait(shown)


def restart_session(lab: Lab, notebook: str) -> None:
    """End the notebook's kernel sessions through the server's REST API and start a fresh
    one (:func:`start_kernel`), for a page that lost its kernel."""
    headers = {"Authorization": f"token {lab.token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{lab.url}/api/sessions",
                                                       headers=headers), timeout=60) as answer:
        sessions = json.loads(answer.read())
    for session in sessions:
        if session.get("path") == notebook:
            request = urllib.request.Request(f"{lab.url}/api/sessions/{session['id']}",
                                             method="DELETE", headers=headers)
            with urllib.request.urlopen(request, timeout=60):
                pass
    start_kernel(lab, notebook)


def click_and_time(page: Page, selector: str, watched: str, what: str, detail: str) -> float:
    """Click ``selector``; print and return the milliseconds until ``watched`` changes."""
    millis = page.evaluate(CLICK_AND_TIME, [selector, watched])
    if millis < 0:
        raise AssertionError(f"{what}: clicking {selector} changed nothing in {watched} "
                             "within 60 s")
    print(f"\n{what} click-to-update ({detail}): {millis:.0f} ms")
    return millis


# ---------------------------------------------------------------------- the Voilà app
APP_TITLES = {"agea": "Agea", "cyclades": "Cyclades", "elysium": "Elysium",
              "elder_sign": "Elder Sign"}
"""Each game as the app's game menu names it."""


@contextmanager
def running_app(home: Path) -> Iterator[str]:
    """``mythlab app`` on a free port with its settings in ``home``; yields its URL once it
    accepts connections, and stops it (with its kernels) afterwards."""
    with reserved_port() as port:
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
               "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "rt"),
               "IPYTHONDIR": str(home / "ipython"),
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        log = home / "voila.log"
        with log.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "mythlab", "app", "--no-browser",
                                     "--port", str(port)], stdout=out, stderr=subprocess.STDOUT,
                                    env=env, start_new_session=True)
        try:
            deadline = time.monotonic() + SERVER_START
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"mythlab app exited with {proc.returncode}:\n{log.read_text()}")
                try:  # a GET would run the app's notebook: a connection is enough
                    with socket.create_connection(("127.0.0.1", port), timeout=5):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        pytest.fail(f"mythlab app did not listen within {SERVER_START:.0f} s")
                    time.sleep(0.2)
            yield f"http://127.0.0.1:{port}/"
        finally:
            _stop(proc)


def open_app(page: Page, url: str) -> float:
    """Open the app; the seconds until its setup form shows."""
    start = time.monotonic()
    page.goto(url, timeout=WIDGET_WAIT)
    page.locator(".mythlab-app-start").wait_for(timeout=WIDGET_WAIT)
    return time.monotonic() - start


def set_up_app(page: Page, game: str, players: int, seats: Sequence[str],
               seed: int | None = None) -> None:
    """Fill in the app's setup form (the game, players, each seat's choice as the menu names
    it, no bot pause, ``seed`` if given), start, and wait for the table."""
    from playwright.sync_api import expect

    setup = page.locator(".mythlab-app-setup")
    setup.locator("select").first.select_option(label=APP_TITLES[game])
    # the kernel rebuilds the player and seat menus for the new game: a choice made in the
    # last game's menus would be replaced, so wait for the menus marked with this game
    game_seats = setup.locator(f".mythlab-app-seat-for-{game} select")
    game_seats.first.wait_for(timeout=30_000)
    setup.locator("select").nth(1).select_option(label=str(players))
    expect(game_seats).to_have_count(players, timeout=30_000)
    for seat, choice in enumerate(seats, 1):
        menu = page.locator(f".mythlab-app-seat-{seat}.mythlab-app-seat-for-{game} select")
        menu.select_option(label=choice)
        expect(menu.locator("option:checked")).to_have_text(choice)
    handle = setup.locator(".noUi-handle").first  # the bot pause: 0 s, from the keyboard
    handle.focus()
    handle.press("Home")
    if seed is not None:
        setup.locator(".widget-inline-hbox", has_text="Seed").locator("input").fill(str(seed))
        setup.locator(".widget-inline-hbox", has_text="Seed").locator("input").press("Enter")
    page.locator(".mythlab-app-start").click()
    page.locator(".mythlab-stepper").wait_for(timeout=WIDGET_WAIT)


# ---------------------------------------------------------------------- playing at the table
PLAY_ONE_CLICK = """([root, timeout]) => new Promise(resolve => {
    const stepper = document.querySelectorAll('.mythlab-stepper')[root];
    const shown = (el) => el && el.offsetParent !== null && !el.disabled;
    if (stepper.querySelector('.mythlab-result')) { resolve({done: true}); return; }
    const ready = [...stepper.querySelectorAll('button.mythlab-ready')].filter(shown);
    const moves = [...stepper.querySelectorAll('button.mythlab-action')].filter(shown);
    const go = [...stepper.querySelectorAll('button.mythlab-go')].filter(shown);
    const target = ready[0] || moves[moves.length - 1] || go[0];
    if (!target) { resolve({idle: true}); return; }
    const watched = ready.length ? stepper : stepper.querySelector('.mythlab-log');
    const start = performance.now();
    let first = null, quiet = null;
    const settle = () => { seen.disconnect(); resolve({ms: first, what: target.textContent}); };
    const seen = new MutationObserver(() => {
        if (first === null) first = performance.now() - start;
        clearTimeout(quiet);
        quiet = setTimeout(settle, 150);
    });
    seen.observe(watched, {subtree: true, childList: true, characterData: true,
                           attributes: ready.length > 0});
    setTimeout(() => { if (first === null) { seen.disconnect(); resolve({timeout: true,
        what: target.textContent}); } }, timeout);
    target.click();
})"""
"""Click the next thing a person at the table clicks (Ready, else the last move, else Go)
and resolve once the screen has settled, with the milliseconds to the first change."""


def play_to_game_over(page: Page, stepper: int = 0, max_clicks: int = 1500,
                      click_timeout: int = 30_000) -> list[float]:
    """Play the seated Stepper number ``stepper`` on the page with clicks only, until its
    scoreboard shows; returns the click-to-screen milliseconds of each move."""
    millis: list[float] = []
    idle = 0
    for _ in range(max_clicks):
        answer = page.evaluate(PLAY_ONE_CLICK, [stepper, click_timeout])
        if answer.get("done"):
            return millis
        if answer.get("timeout"):
            raise AssertionError(f"the screen did not change within {click_timeout} ms after "
                                 f"clicking {answer.get('what')!r}")
        if answer.get("idle"):  # bots still moving: nothing to click yet
            idle += 1
            if idle > 200:
                raise AssertionError("nothing to click and no scoreboard for 40 s")
            page.wait_for_timeout(200)
            continue
        idle = 0
        if "ms" in answer and answer["what"] and "Ready" not in answer["what"]:
            millis.append(answer["ms"])
    raise AssertionError(f"no scoreboard after {max_clicks} clicks")


def click_figures(what: str, millis: Sequence[float]) -> str:
    """``what: median … ms, p95 … ms over N clicks`` (printed and returned)."""
    ordered = sorted(millis)
    median = ordered[len(ordered) // 2]
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    line = f"{what}: click-to-screen median {median:.0f} ms, p95 {p95:.0f} ms over {len(millis)}"
    print("\n" + line + " clicks")
    return line


def board_page(view_html: str, labels: list[str]) -> str:
    """A game's Board view with its moves below as buttons: a table page to lay out."""
    from html import escape

    from mythlab.widgets.board import STATIC

    moves = "".join(f"<button>{escape(label)}</button> " for label in labels)
    css = (STATIC / "board.css").read_text()
    return (f"<html><head><style>{css} body {{margin: 8px; font-family: sans-serif}}</style>"
            f'</head><body><div class="mythlab-board"><div class="mythlab-board-view">'
            f'{view_html}</div></div><div class="moves">{moves}</div></body></html>')


def check_table_layout(page_html: str, folder, view: str, parts: tuple[str, ...],
                       shot=None, height: int = 480) -> None:
    """At 1280x720 in headless Chromium: the ``view`` element at most ``height`` px tall,
    nothing wider than the screen, each of ``parts`` on screen; with ``shot`` (a path), a
    screenshot of at most 300 KB when ``MYTHLAB_SCREENSHOTS`` is set."""
    import os

    from playwright.sync_api import sync_playwright

    page_file = folder / "table.html"
    page_file.write_text(page_html, encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            page.goto(page_file.as_uri())
            box = page.locator(view).bounding_box()
            assert box["height"] <= height, box
            assert page.evaluate("document.documentElement.scrollWidth") <= 1280
            for part in parts:
                box = page.locator(part).first.bounding_box()
                assert box["y"] + 20 <= 720 and box["x"] + box["width"] <= 1280, (part, box)
            if shot is not None and os.environ.get("MYTHLAB_SCREENSHOTS"):
                shot.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shot))
                assert shot.stat().st_size <= 300_000
        finally:
            browser.close()
