"""The shared output of the benchmark scripts: a header naming the machine and its load, the
command line, and a table of (figure, value, notes) rows."""

from __future__ import annotations

import os
import platform
import shlex
import sys
from collections.abc import Iterable, Sequence

import mythlab


def print_figures(title: str, rows: Sequence[tuple[str, str, str]],
                  extra: Iterable[str] = ()) -> None:
    """Print ``rows`` under a header for ``title`` (e.g. "Agea benchmark")."""
    command = " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"mythlab {mythlab.__version__} · {title} · Python {platform.python_version()}"
          f" · {os.cpu_count()} CPUs · load average {load}")
    print(f"$ {command}")
    for line in extra:
        print(line)
    width = max(len(r[0]) for r in rows)
    vwidth = max(len(r[1]) for r in rows)
    print(f"{'figure':<{width}}  {'value':>{vwidth}}  notes")
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>{vwidth}}  {note}")
