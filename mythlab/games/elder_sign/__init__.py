"""Elder Sign (FFG 2011): the full game on the shared engine, and the adventure odds.

``mythlab.make("elder_sign", players=2)`` plays it (rules: seed 004_dc53002bacdad986.txt).

>>> from mythlab.games.elder_sign import adventure, adventure_odds
>>> f"{float(adventure_odds(adventure('Lights Out'), '6G+Y+R', wild='faq', focus=0)):.2%}"
'23.01%'
"""

from .bots import OddsBot  # registers the odds bot for `--bots odds`
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
from .rules import ElderSignGame, ElderSignState  # noqa: E402  (registers the game)

__all__ = [
    "ElderSignGame", "ElderSignState", "OddsBot",
    "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice", "Simulation",
    "Situation", "adventure", "adventure_odds", "adventures", "clear_caches",
    "load_adventures", "odds_table",
]
