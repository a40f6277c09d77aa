"""Lesson 7 (*Play-test day*, Agea): a reference game every student reads the same way, a
log reader that shows it a page at a time, and a small batch of games for one statistic
(does playing first help?).
"""

from __future__ import annotations

from typing import Any

import mythlab
from mythlab.sim import seat_bots, simulate

from .measure import Rate

REFERENCE = {"players": 2, "seed": 7}
"""The class's reference game: 2-player Agea, seed 7, a greedy bot (P1) against a random one."""
REFERENCE_BOTS = ["greedy", "random"]
BATCH = {"games": 60, "seed": 0}
"""The lesson's batch of random-bot games (2-player Agea) for the first-player statistic."""


def reference_game() -> mythlab.Session:
    """The reference game, played to the end by its bots and wound back to its first move:
    the table opens at the start and Redo steps through it, so the result is read, not shown."""
    session = mythlab.Session(mythlab.make("agea", **REFERENCE))
    session.play(seat_bots(REFERENCE_BOTS, REFERENCE["seed"]))
    session.undo(session.position)
    return session


def reference_final() -> mythlab.State:
    """The reference game's last state (where its scores are)."""
    return _timeline(reference_game())[-1]


def _timeline(session: mythlab.Session) -> list[mythlab.State]:
    """Every state of the session's game, behind and ahead of its position."""
    return session.states + session.ahead


def log_lines(session: mythlab.Session) -> list[str]:
    """Every move of the game (also those ahead of an undo), numbered, each followed by what
    it did (indented lines)."""
    lines = []
    for step, after in enumerate(_timeline(session)[1:], 1):
        lines.append(f"{step}. {after.last_move}")
        lines.extend(f"      {event}" for event in after.events)
    return lines


def log_reader(session: mythlab.Session, page: int = 25) -> Any:
    """A widget to read a game's log: a page of lines, a slider over pages and a search box
    (lines containing the text). Nothing is printed: the log is read in the widget."""
    import html

    import ipywidgets as widgets

    lines = log_lines(session)
    search = widgets.Text(placeholder="search the log (e.g. war)", continuous_update=False)
    slider = widgets.IntSlider(min=1, max=max(1, -(-len(lines) // page)), description="page")
    shown = widgets.HTML()

    def refresh(_: object = None) -> None:
        found = [ln for ln in lines if search.value.strip().casefold() in ln.casefold()]
        slider.max = max(1, -(-len(found) // page))
        start = (slider.value - 1) * page
        shown.value = ("<pre style='max-height:28em;overflow:auto'>"
                       + html.escape("\n".join(found[start:start + page])) + "</pre>")

    search.observe(refresh, names="value")
    slider.observe(refresh, names="value")
    refresh()
    return widgets.VBox([widgets.HBox([search, slider]), shown])


def first_player(final: mythlab.State) -> int:
    """The seat that played first (the turn order is drawn at setup: "P2 plays 1st")."""
    label = next(h for h in final.history if h.endswith(" plays 1st"))
    return int(label.split()[0][1:]) - 1


def first_player_wins(games: int = BATCH["games"], seed: int = BATCH["seed"]) -> Rate:
    """How often the first player won, over ``games`` 2-player Agea games of random bots
    (a shared win counts as a win)."""
    records = simulate("agea", games=games, players=2, seed=seed, progress=False,
                       processes=2)
    return Rate(sum(first_player(r.final) in r.winners for r in records), len(records))
