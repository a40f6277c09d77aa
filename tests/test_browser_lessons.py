"""A lesson as a student meets it, in JupyterLab at 1280×720: lesson 2 (Counting dice) runs
all its cells, and its checker widget answers a typed answer with a verdict — "not yet" and a
hint for a wrong number, "right" for the engine's own answer — without the page ever showing
the solution before it is typed. ``MYTHLAB_SCREENSHOTS=1`` also saves
docs/screenshots/lesson-02.png for the README. Skipped without Debian's Chromium and
playwright, like every browser test."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import browser_support as harness

from mythlab import lessons

pytestmark = harness.BROWSER_MARKS

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "notebooks" / "lessons" / "02-counting-dice.ipynb"
NOTEBOOK = LESSON.name
SCREENSHOT = ROOT / "docs" / "screenshots" / "lesson-02.png"

playwright_sync = harness.require_browser()
# the server starts on a placeholder notebook of that name; the lesson replaces it on disk
# before the page opens it (the kernel session is bound to the path, not the content)
lab = harness.lab_fixture(NOTEBOOK, ["pass"], home="lab-lesson")


def test_lesson_2_runs_in_jupyterlab_and_its_checker_answers(lab: harness.Lab) -> None:
    expect = playwright_sync.expect
    shutil.copyfile(LESSON, lab.log.parent / "notebooks" / NOTEBOOK)
    solution = lessons.exercise("2.2").answer()
    with harness.lab_page(lab, "lesson-failure.png", 1280, 720) as page:
        harness.open_and_run(page, lab, NOTEBOOK, widget=".mythlab-checker")
        harness.wait_for_idle_kernel(page)
        checker = page.locator(".mythlab-checker").first
        assert str(solution) not in checker.inner_text()
        box = checker.locator("input")
        box.fill(str(int(solution) + 1))
        box.press("Enter")
        expect(checker).to_contain_text("Not yet", ignore_case=True, timeout=30_000)
        checker.scroll_into_view_if_needed()
        if os.environ.get("MYTHLAB_SCREENSHOTS"):
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT))
            print(f"screenshot saved to {SCREENSHOT}")
        box.fill(str(solution))
        box.press("Enter")
        expect(checker).to_contain_text("Right", ignore_case=True, timeout=30_000)
