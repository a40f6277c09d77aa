"""Elder Sign (FFG 2011): so far the adventure cards and their odds under optimal play.

The game itself is not registered yet (``mythlab.games()`` does not list it).

>>> from mythlab.games.elder_sign import adventure, adventure_odds
>>> f"{float(adventure_odds(adventure('Lights Out'), '6G+Y+R', wild='faq', focus=0)):.2%}"
'23.01%'
"""

from .odds import (
    SCENARIOS,
    TERROR_EFFECTS,
    Adventure,
    AdventureOdds,
    Choice,
    Simulation,
    Situation,
    adventure,
    adventure_odds,
    adventures,
    clear_caches,
    load_adventures,
    odds_table,
)

__all__ = [
    "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice", "Simulation",
    "Situation", "adventure", "adventure_odds", "adventures", "clear_caches",
    "load_adventures", "odds_table",
]
