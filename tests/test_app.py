"""The code-free app (``mythlab app``): the ``App`` widget as a Python object, and the command.

The browser tests play it through Voilà; here every refusal is checked to be a message in the
page that keeps the running game.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

import mythlab
from mythlab.engine import Session
from mythlab.widgets.app import App, seat_label
from mythlab.widgets.model import HUMAN


def test_the_form_offers_each_game_its_player_counts_and_bots():
    app = App(game="elder_sign")
    assert app.players.options[0] == ("1", 1) and app.players.value == 2
    assert [c for _, c in app.seat_choices[0].options] == [HUMAN, "random", "greedy", "search",
                                                           "odds", "planner"]
    assert app.seats == [HUMAN, "odds"]
    assert all("mythlab-app-seat-for-elder_sign" in d._dom_classes for d in app.seat_choices)
    app.game_choice.value = "agea"
    assert len(app.seat_choices) == app.players.value and app.seats[0] == HUMAN
    # a page tells the new game's seat menus from the last game's by this mark
    assert all("mythlab-app-seat-for-agea" in d._dom_classes for d in app.seat_choices)
    assert seat_label("odds") == "bot: odds" and seat_label(HUMAN) == "a person"


def test_start_plays_a_seated_game_and_new_game_keeps_it_until_another_starts():
    app = App(game="agea")
    assert app.message == "" and app.stepper is None  # a fresh app has nothing to report
    app.pause.value = 0
    assert app.start() and app.stepper is not None and app.message == ""
    first = app.stepper
    assert first.model.humans == {0} and app.table.layout.display == ""
    app.new_button.click()
    assert app.setup.layout.display == "" and app.back_button.layout.display == ""
    for seat in app.seat_choices:
        seat.value = "random"
    assert not app.start() and "no seat is human" in app.message
    assert app.stepper is first  # the running game is never lost
    app.back_button.click()
    assert app.table.layout.display == "" and app.table.children == (first,)


def test_a_damaged_or_foreign_save_is_a_message_and_the_game_goes_on():
    app = App(game="agea")
    app.pause.value = 0
    app.start()
    playing = app.stepper
    assert not app.open_save(b"\xff\xfe not json", name="homework.json")
    assert app.message.startswith("homework.json") and app.stepper is playing
    assert not app.open_save(json.dumps({"format": "something-else"}), name="other.json")
    assert "other.json" in app.message and app.stepper is playing
    assert not app.open_save(b"x" * (17 * 2**20), name="huge.json")
    assert "larger than" in app.message and app.stepper is playing


def test_save_then_open_continues_the_same_game():
    app = App(game="agea")
    app.pause.value = 0
    app.start()
    model = app.stepper.model
    model.click(model.labels[0]) if model.labels else None
    name = app.save()
    assert name.startswith("mythlab-agea-step-") and "data:application/json;base64," in (
        app.save_link.value)
    text = model.session.to_text()
    other = App(game="agea")
    assert other.open_save(text, name=name)
    saved = model.session.actions  # bots to move at the save go on at once when it opens
    assert other.stepper.model.session.actions[: len(saved)] == saved
    assert Session.from_json(text).state.to_json() == model.state.to_json()


def test_mythlab_app_on_a_busy_port_says_so_in_one_line():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "mythlab", "app", "--no-browser",
                               "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f"port {port} is busy" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_a_sigterm_to_mythlab_app_stops_voila_too(tmp_path):
    """A teacher's script (or a service manager) stops ``mythlab app`` with SIGTERM: Voilà,
    its child, stops with it and frees the port, where it used to run on alone."""
    import signal
    import time

    from server_support import listening, reserved_port

    with reserved_port() as port:
        with (tmp_path / "app.log").open("wb") as log:
            proc = subprocess.Popen([sys.executable, "-m", "mythlab", "app", "--no-browser",
                                     "--port", str(port)], stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while not listening(port):
                assert proc.poll() is None and time.monotonic() < deadline, \
                    (tmp_path / "app.log").read_text(errors="replace")
                time.sleep(0.3)
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=60) == 0
            assert not listening(port)
        finally:
            if proc.poll() is None:
                proc.kill()


def test_mythlab_app_refuses_a_port_out_of_range():
    done = subprocess.run([sys.executable, "-m", "mythlab", "app", "--port", "70000"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--port 70000 is not a port number" in done.stderr


def test_app_notebook_ships_in_the_package_with_no_visible_code_but_the_app():
    import importlib.resources

    nb = json.loads((importlib.resources.files("mythlab.widgets") / "app.ipynb").read_text())
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]
    assert "App()" in "".join(nb["cells"][0]["source"])
    assert mythlab.games()
