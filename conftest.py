"""Suite-wide setup: a notebook kernel that dies at start is started again.

A kernel's five TCP ports are picked by binding port 0 and letting go; the kernel binds them a
moment later. Under ``pytest -n`` other processes (the second worker's kernels, JupyterLab,
Voilà, Dask) bind ports in that moment, and when one takes a picked port the kernel dies
with ``ZMQError: Address already in use`` before its first reply: every cell of that notebook
then errors (a CI run failed so). The picked ports are free again at the next start.

Both ways the suite runs notebooks start kernels through ``started``: nbval's kernel (for the
``--nbval-lax`` items) and the ``run_notebook`` fixture (nbclient, for tests that read outputs).
"""

import atexit
import tempfile
import warnings

import nbformat
import nbval.plugin
import pytest
from nbclient import NotebookClient
from nbval.kernel import RunningKernel, start_new_kernel

KERNEL_STARTS = 3
DIED_AT_START = "Kernel died before replying to kernel_info"  # jupyter_client's words


def _last_words(stderr) -> str:
    """The last line a dead kernel wrote to ``stderr`` (a file), or a note that it wrote none."""
    stderr.seek(0)
    lines = stderr.read().decode(errors="replace").strip().splitlines()
    return lines[-1] if lines else "(nothing on stderr)"


def started(start, what: str):
    """``start(stderr)`` called up to ``KERNEL_STARTS`` times while its kernel dies before its
    first reply; each death is a warning with the kernel's last words, the last an error."""
    for attempt in range(1, KERNEL_STARTS + 1):
        with tempfile.TemporaryFile() as stderr:
            try:
                return start(stderr)
            except RuntimeError as died:
                if DIED_AT_START not in str(died):
                    raise
                cause = f"{what}: {died}: {_last_words(stderr)}"
                if attempt == KERNEL_STARTS:
                    raise RuntimeError(f"{cause} (started {KERNEL_STARTS} times)") from died
                warnings.warn(f"{cause}; starting it again", RuntimeWarning, stacklevel=3)


class RestartingKernel(RunningKernel):
    """nbval's kernel, started through ``started``."""

    def __init__(self, kernel_name, cwd=None, startup_timeout=60):
        self.km, self.kc = started(
            lambda stderr: start_new_kernel(startup_timeout=startup_timeout,
                                            kernel_name=kernel_name, stderr=stderr, cwd=cwd),
            f"kernel {kernel_name!r} in {cwd}")
        self._ensure_iopub_up()


nbval.plugin.RunningKernel = RestartingKernel


@pytest.fixture
def run_notebook():
    """``run_notebook(nb, cwd=None, timeout=300)`` executes ``nb`` in place as Run All would
    (nbclient, a python3 kernel started through ``started``) and returns it."""

    def run(nb: nbformat.NotebookNode, cwd=None, timeout: int = 300) -> nbformat.NotebookNode:
        def start(stderr):
            client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                                    resources={"metadata": {"path": str(cwd)}} if cwd else {})
            try:
                return client.execute(stderr=stderr)
            except RuntimeError:  # nbclient keeps its exit hook for a kernel it has shut down
                atexit.unregister(client._cleanup_kernel)
                raise

        return started(start, f"notebook in {cwd}")

    return run
