"""Notebook kernels that die at start are started again (the root ``conftest.py``): nbval's,
and those of the ``run_notebook`` fixture.

The failure is made for real: a listening socket holds the shell port the kernel is given,
so the kernel dies with ``Address already in use``, as one did in CI when another process
took a port between its pick and the kernel's bind.
"""

from __future__ import annotations

import socket

import nbformat
import nbval.kernel
import nbval.plugin
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

pytestmark = pytest.mark.slow


@pytest.fixture
def taken_port():
    """A port some other process holds, listening."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def managers_on(monkeypatch, port: int, collisions: int) -> list:
    """Every kernel manager nbval and nbclient make from now on, in order; the first
    ``collisions`` get ``port`` as their shell port (with the port cache, which would pick a
    fresh one, off)."""
    made: list = []

    def made_one(km):
        if len(made) < collisions:
            km.cache_ports = False
            km.shell_port = port
        made.append(km)
        return km

    nbclients = NotebookClient.create_kernel_manager
    monkeypatch.setattr(nbval.kernel, "KernelManager", lambda **kw: made_one(KernelManager(**kw)))
    monkeypatch.setattr(NotebookClient, "create_kernel_manager",
                        lambda client: made_one(nbclients(client)))
    return made


def test_notebooks_run_on_the_restarting_kernel():
    assert nbval.plugin.RunningKernel.__name__ == "RestartingKernel"


def test_a_kernel_that_dies_on_a_taken_port_is_started_again(monkeypatch, taken_port, tmp_path):
    made = managers_on(monkeypatch, taken_port, collisions=1)
    with pytest.warns(RuntimeWarning, match="Kernel died.*Address already in use.*again"):
        kernel = nbval.plugin.RunningKernel("python3", cwd=str(tmp_path), startup_timeout=60)
    try:
        assert len(made) == 2 and not made[0].is_alive() and made[1].is_alive()
        assert made[1].shell_port != taken_port
        reply = kernel.kc.execute_interactive("print(6 * 7)", timeout=60)
        assert reply["content"]["status"] == "ok"
    finally:
        kernel.stop()


def test_a_kernel_that_dies_every_time_is_an_error_with_its_cause(monkeypatch, taken_port,
                                                                  tmp_path):
    made = managers_on(monkeypatch, taken_port, collisions=3)
    with pytest.warns(RuntimeWarning), \
            pytest.raises(RuntimeError, match=r"Address already in use.*\(started 3 times\)$"):
        nbval.plugin.RunningKernel("python3", cwd=str(tmp_path), startup_timeout=60)
    assert len(made) == 3 and not any(km.is_alive() for km in made)


def test_run_notebook_starts_a_dead_kernel_again_and_runs_the_cells_once(monkeypatch, taken_port,
                                                                       run_notebook):
    made = managers_on(monkeypatch, taken_port, collisions=1)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    with pytest.warns(RuntimeWarning, match="notebook.*Address already in use.*again"):
        run_notebook(nb, timeout=60)
    assert len(made) == 2 and nb.cells[0].outputs[0].text == "42\n"
    assert nb.cells[0].execution_count == 1
