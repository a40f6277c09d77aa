"""The Elysium table fits a 1280x720 screen (issue 12 §3): in headless Chromium, the view of a
seated mid-game position is at most 480 px tall and never wider than the screen, so the Agora,
the player's own area and the moves below are on screen together.

Writes the screenshot ``docs/screenshots/elysium-table.png`` when ``MYTHLAB_SCREENSHOTS`` is set.
"""

from __future__ import annotations

import random
from pathlib import Path

import browser_support as harness
import pytest

import mythlab
from mythlab.widgets import StepperModel

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
    return harness.board_page(m.view_html, m.labels)


def test_the_table_fits_1280x720_with_the_moves_on_screen(tmp_path: Path) -> None:
    harness.check_table_layout(table_page(), tmp_path, ".mythlab-elysium-view",
                               (".agora", ".seat.turn", ".moves button"), SHOT)


if __name__ == "__main__":
    pytest.main([__file__, "-q", "-p", "no:randomly"])
