"""A teacher's dry run of the course: each lesson's Run All time and its kernel's peak memory.

Every lesson notebook in ``notebooks/lessons`` is executed as a class would (nbclient, a
fresh ``python3`` kernel per lesson, every cell in order); one extra cell at the end asks the
kernel for its peak resident memory (``resource.getrusage``), so the figure is the memory a
student's kernel needs — what decides how many fit on one shared machine or a Binder
session. The notebooks on disk are not changed.

    .venv/bin/python scripts/lesson_dry_run.py [--runs 1] [LESSON_NUMBER ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

LESSONS = Path(__file__).resolve().parent.parent / "notebooks" / "lessons"
PEAK = ("import resource, sys\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(peak * (1 if sys.platform == 'darwin' else 1024))")


def run(path: Path) -> tuple[float, int]:
    """Seconds to run all of ``path``'s cells (kernel start included) and the kernel's peak
    memory in bytes."""
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(PEAK))
    start = time.perf_counter()
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    return seconds, int(nb.cells[-1].outputs[0]["text"].strip())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", type=int, help="lesson numbers (default: all)")
    parser.add_argument("--runs", type=int, default=1, help="runs per lesson (default 1)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    paths = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))
    if args.lessons:
        known = {int(p.name[:2]): p for p in paths}
        missing = [n for n in args.lessons if n not in known]
        if missing:
            parser.error(f"no lesson {missing[0]}; the lessons are {sorted(known)}")
        paths = [known[n] for n in args.lessons]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{len(paths)} lesson(s), {args.runs} run(s) each · Python {sys.version.split()[0]} · "
          f"{os.cpu_count()} CPUs · load average {load}")
    print(f"{'lesson':<34} {'Run All (s)':>14} {'kernel peak (MiB)':>18}")
    for path in paths:
        figures = [run(path) for _ in range(args.runs)]
        times = [s for s, _ in figures]
        peak = max(m for _, m in figures) / 2**20
        shown = (f"{min(times):.1f}–{max(times):.1f}" if len(times) > 1
                 else f"{times[0]:.1f}")
        print(f"{path.stem:<34} {shown:>14} {peak:>18.0f}")
    print(f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MiB)")


if __name__ == "__main__":
    main()
