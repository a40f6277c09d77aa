"""Write the solutions of each lesson's exercises into its teacher guide, from the engine.

Each guide in docs/teaching/ holds a block between ``<!-- solutions:begin -->`` and
``<!-- solutions:end -->``; this script replaces it with the answers ``mythlab.lessons``
computes now, so a guide never goes stale (tests/test_lessons.py checks they agree).

    .venv/bin/python scripts/teacher_solutions.py          # update the guides
    .venv/bin/python scripts/teacher_solutions.py --check  # exit 1 if a guide is stale
"""

from __future__ import annotations

import argparse
import re
import sys
from fractions import Fraction
from pathlib import Path

from mythlab import lessons

GUIDES = Path(__file__).resolve().parents[1] / "docs" / "teaching"
BLOCK = re.compile(r"<!-- solutions:begin -->.*?<!-- solutions:end -->", re.DOTALL)


def answer_text(answer: object) -> str:
    """An answer as a teacher reads it: a fraction with its percentage, names, a number."""
    if isinstance(answer, Fraction):
        return f"{answer.numerator}/{answer.denominator} ≈ {float(answer):.2%}"
    if isinstance(answer, list | tuple | set | frozenset):
        return ", ".join(sorted(answer))
    return str(answer)


def solutions_block(lesson: int) -> str:
    """The guide's solutions block for ``lesson``, computed from the engine."""
    rows = [f"| {e.id} | {e.prompt} | **{answer_text(e.answer())}** |"
            for e in lessons.exercises(lesson)]
    return ("<!-- solutions:begin -->\n<!-- written by scripts/teacher_solutions.py from the "
            "engine; do not edit by hand -->\n\n| exercise | question | answer |\n|---|---|---|\n"
            + "\n".join(rows) + "\n\n<!-- solutions:end -->")


def guide(lesson: int) -> Path:
    """The teacher guide of ``lesson`` (``docs/teaching/NN-*.md``)."""
    found = sorted(GUIDES.glob(f"{lesson:02d}-*.md"))
    if len(found) != 1:
        raise SystemExit(f"expected one guide {lesson:02d}-*.md in {GUIDES}, found {len(found)}")
    return found[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale guides")
    args = parser.parse_args(argv)
    stale = []
    for lesson in sorted({e.lesson for e in lessons.exercises()}):
        path = guide(lesson)
        text = path.read_text(encoding="utf-8")
        if not BLOCK.search(text):
            raise SystemExit(f"{path.name}: no <!-- solutions:begin --> block")
        new = BLOCK.sub(lambda _m, n=lesson: solutions_block(n), text)
        if new != text:
            stale.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    verb = "stale" if args.check else "updated"
    print(f"{verb}: {', '.join(stale)}" if stale else "every guide's solutions are current")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
