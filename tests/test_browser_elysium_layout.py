"""The Elysium table fits a 1280x720 screen (issue 12 §3): in headless Chromium, the view of a
seated mid-game position is at most 480 px tall and never wider than the screen, so the Agora,
the player's own area and the moves below are on screen together.

Writes the screenshot ``docs/screenshots/elysium-table.png`` when ``MYTHLAB_SCREENSHOTS`` is set.
"""

from __future__ import annotations

import os
import random
from html import escape
from pathlib import Path

import browser_support as harness
import pytest

import mythlab
from mythlab.widgets import StepperModel
from mythlab.widgets.board import STATIC

harness.require_browser()
SHOT = Path(__file__).parents[1] / "docs" / "screenshots" / "elysium-table.png"


def table_page() -> str:
    """The Board's HTML for a person seated as P1 against two bots, mid-game, moves below."""
    m = StepperModel(mythlab.make("elysium", players=3, seed=4),
                     seats=["human", "greedy", "greedy"])
    rng = random.Random(4)
    while m.state.data.epoch < 3 or m.state.current_player != 0:
        if m.bot_to_move:
            m.bot_step()
        else:
            m.click(rng.choice(m.labels))
    moves = "".join(f"<button>{escape(label)}</button> " for label in m.labels)
    css = (STATIC / "board.css").read_text()
    return (f"<html><head><style>{css} body {{margin: 8px; font-family: sans-serif}}</style>"
            f'</head><body><div class="mythlab-board"><div class="mythlab-board-view">'
            f'{m.view_html}</div></div><div class="moves">{moves}</div></body></html>')


def test_the_table_fits_1280x720_with_the_moves_on_screen(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    page_file = tmp_path / "elysium.html"
    page_file.write_text(table_page(), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        try:
            page.goto(page_file.as_uri())
            view = page.locator(".mythlab-elysium-view").bounding_box()
            assert view["height"] <= 480, view
            assert page.evaluate("document.documentElement.scrollWidth") <= 1280
            for part in (".agora", ".seat.turn", ".moves button"):
                box = page.locator(part).first.bounding_box()
                assert box["y"] + 20 <= 720 and box["x"] + box["width"] <= 1280, (part, box)
            if os.environ.get("MYTHLAB_SCREENSHOTS"):
                SHOT.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOT))
                assert SHOT.stat().st_size <= 300_000
        finally:
            browser.close()


if __name__ == "__main__":
    pytest.main([__file__, "-q", "-p", "no:randomly"])
