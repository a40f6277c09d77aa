"""Servers the tests (and ``mythlab app``) start get a port nobody else can be handed.

Picking a free port by binding port 0 and letting go, then starting a server on it seconds
later, is a race on a busy machine: a kernel's five ports, a Dask scheduler or another test's
server can take the port in between. A port held bound (``SO_REUSEADDR``, not listening)
closes the window: the server still listens on it, nobody else is given it.
"""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time

import pytest
from server_support import listening, reserved_port
from tornado.netutil import bind_sockets


def plain_bind(port: int) -> bool:
    """Whether a socket binding as jupyter_client's port probe does (no ``SO_REUSEADDR``)
    gets ``port``."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def test_a_reserved_port_is_refused_to_others_but_a_server_listens_on_it():
    with reserved_port() as port:
        assert not plain_bind(port)
        asked = set()
        for _ in range(500):  # what a kernel's ports and other servers are handed meanwhile
            with socket.socket() as other:
                other.bind(("127.0.0.1", 0))
                asked.add(other.getsockname()[1])
        assert port not in asked
        server = bind_sockets(port, "127.0.0.1")  # how JupyterLab and Voilà bind (tornado)
        try:
            assert [s.getsockname()[1] for s in server] == [port]
            assert server[0].getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
        finally:
            for s in server:
                s.close()
    assert plain_bind(port)  # let go at the end of the block


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_mythlab_app_holds_the_port_it_picked_until_voila_stops(tmp_path):
    """``mythlab app --port 0`` picks a port, says which, and holds it while Voilà starts,
    where it used to let go of it at once."""
    log = tmp_path / "app.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "mythlab", "app", "--no-browser",
                                 "--port", "0"], stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while not (found := re.search(r"mythlab app: http://127\.0\.0\.1:(\d+)/",
                                      log.read_text(errors="replace"))):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        port = int(found.group(1))
        assert port != 0 and not plain_bind(port)  # held, whether Voilà listens yet or not
        while not listening(port):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("holds", [True, False], ids=["linux", "windows-macos"])
def test_mythlab_app_holds_its_port_only_where_voila_can_still_bind_it(monkeypatch, holds):
    """Linux lets Voilà bind a port held with ``SO_REUSEADDR``; Windows and macOS do not, so
    there ``mythlab app`` lets go of the port before Voilà starts, as it always did."""
    import mythlab.cli as cli

    seen = {}

    def serve(command, env=None):  # stands in for Voilà: is the port free for it to bind?
        port = int(next(a for a in command if a.startswith("--port=")).partition("=")[2])
        seen.update(port=port, free=plain_bind(port))
        return 0

    monkeypatch.setattr(cli, "HOLDS_APP_PORT", holds)
    monkeypatch.setattr(cli, "_serve", serve)
    assert cli.main(["app", "--no-browser", "--port", "0"]) == 0
    assert seen["port"] != 0 and seen["free"] is not holds
    assert plain_bind(seen["port"])  # let go once Voilà stops
