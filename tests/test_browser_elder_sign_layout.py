"""The Elder Sign table fits a 1280x720 screen (issue 12 §3): in headless Chromium, the view of
a seated mid-game position is at most 480 px tall and never wider than the screen, so the
adventure cards, the investigators and the moves below are on screen together.

Writes the screenshot ``docs/screenshots/elder-sign-table.png`` when ``MYTHLAB_SCREENSHOTS`` is set.
"""

from __future__ import annotations

import random
from pathlib import Path

import browser_support as harness
import pytest

import mythlab
from mythlab.widgets import StepperModel

harness.require_browser()
SHOT = Path(__file__).parents[1] / "docs" / "screenshots" / "elder-sign-table.png"


def table_page() -> str:
    """The Board's HTML for a person seated as P1 beside a bot, mid-game with dice rolled on
    an adventure, moves below."""
    m = StepperModel(mythlab.make("elder_sign", players=2, seed=4), seats=["human", "odds"])
    rng = random.Random(4)
    s = m.state
    while not (s.data.turns_played >= 3 and s.current_player == 0 and s.data.attempt
               and s.data.attempt.stage == "resolve"):
        if m.bot_to_move:
            m.bot_step()
        elif m.is_chance:
            m.roll()
        else:
            m.click(rng.choice(m.labels))
        s = m.state
    return harness.board_page(m.view_html, m.labels)


def test_the_table_fits_1280x720_with_the_moves_on_screen(tmp_path: Path) -> None:
    harness.check_table_layout(table_page(), tmp_path, ".mythlab-elder-sign-view",
                               (".card.here", '[data-token^="die:"]', ".inv.turn",
                                ".moves button"), SHOT)


if __name__ == "__main__":
    pytest.main([__file__, "-q", "-p", "no:randomly"])
