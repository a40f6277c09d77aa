"""Pig with a pot, packaged the way a class packages its own game for mythlab.

Installed (``pip install -e examples/pig-game``), mythlab finds it through its entry point
(``pyproject.toml``, group ``mythlab.games``); in a notebook, ``mythlab.register(SPEC)``.
The spec names its parts by import path, so listing the games imports no rules.
"""

from mythlab import GameSpec

SPEC = GameSpec(
    name="pig",
    title="Pig",
    summary="Push your luck: roll to add up points, a 1 feeds the pot, hold to bank them "
            "and take the pot.",
    game="pig_game.game:PigGame",
    view="pig_game.view:pig_view",
    notebooks=("make_your_own_game.ipynb",),
    rulebooks=("Pig with a pot, the rules at the top of pig_game/game.py",),
)

__all__ = ["SPEC"]
