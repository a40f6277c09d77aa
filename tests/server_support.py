"""Start ``mythlab lab`` for real, read what its JupyterLab serves, and stop it with SIGTERM
(shared by the course tests and the wheel-install test); ``reserved_port`` and ``listening``
for every test that starts a server (the app, the browser harness, Dask)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LAB_START = 120.0
"""Seconds JupyterLab may take to listen (a cold start on a loaded 2-core machine)."""


@contextmanager
def reserved_port() -> Iterator[int]:
    """A free localhost port, held for the block: bound with ``SO_REUSEADDR`` but not
    listening. On Linux, where the suite runs, a server started in the block listens on it
    all the same (tornado, and so JupyterLab and Voilà, binds with ``SO_REUSEADDR``; so does
    ``mythlab app``'s own check: ``cli.HOLDS_APP_PORT``),
    while no other process that asks for a free port (a kernel's five, another test's
    server) can be handed it. Picking a port and letting go of it before the server binds
    it, seconds later, is the race that killed a notebook kernel in CI."""
    with socket.socket() as held:
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def serve_lab(mythlab: list[str], folder: Path, cwd: Path, *extra: str) -> dict:
    """Run ``mythlab lab FOLDER --no-input --no-browser --port P`` (``mythlab`` is the command
    that starts mythlab), wait for JupyterLab, and return what it says: ``lessons`` (the
    files its contents API lists in ``lessons/``), ``page`` (the /lab page's status),
    ``opened`` (the file JupyterLab was asked to open), ``stopped`` (mythlab's exit code after
    a SIGTERM) and ``freed`` (nothing listens on the port afterwards)."""
    with reserved_port() as port:
        home = cwd / f"jupyter-home-{port}"
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
                   JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"))
        log = cwd / f"lab-{port}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen([*mythlab, "lab", str(folder), "--no-input", "--no-browser",
                                     "--port", str(port), *extra], cwd=cwd, env=env, stdout=out,
                                    stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + LAB_START
            token = None
            while token is None:
                if proc.poll() is not None:
                    raise AssertionError(f"mythlab lab exited with {proc.returncode}:\n"
                                         f"{log.read_text(errors='replace')}")
                found = re.search(rf"127\.0\.0\.1:{port}/lab\?token=(\w+)",
                                  log.read_text(errors="replace"))
                token = found.group(1) if found else None
                if token is None and time.monotonic() > deadline:
                    raise AssertionError(f"JupyterLab did not start within {LAB_START:.0f} s:\n"
                                         f"{log.read_text(errors='replace')}")
                time.sleep(0.3)
            base = f"http://127.0.0.1:{port}"
            with urllib.request.urlopen(f"{base}/api/contents/lessons?token={token}",
                                        timeout=30) as answer:
                contents = json.load(answer)
            with urllib.request.urlopen(f"{base}/lab?token={token}", timeout=30) as answer:
                page = answer.status
            proc.send_signal(signal.SIGTERM)
            stopped = proc.wait(timeout=60)
            freed = not listening(port)
            text = log.read_text(errors="replace")
            opened = re.search(r"^mythlab lab: .*, opening (\S+\.ipynb)", text, flags=re.M)
            return {"lessons": sorted(item["name"] for item in contents["content"]),
                    "page": page, "stopped": stopped, "freed": freed, "log": text,
                    "opened": opened.group(1) if opened else None}
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
