"""Elder Sign (FFG 2011): the full game on the shared engine, and the adventure odds.

``mythlab.make("elder_sign", players=2)`` plays it (rules: seed 004_dc53002bacdad986.txt).

>>> from mythlab.elder_sign import adventure, adventure_odds
>>> f"{float(adventure_odds(adventure('Lights Out'), '6G+Y+R', wild='faq', focus=0)):.2%}"
'23.01%'
"""

from mythlab.registry import GameSpec

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

__all__ = ["SPEC",
    "ElderSignGame", "ElderSignState", "OddsBot",
    "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice", "Simulation",
    "Situation", "adventure", "adventure_odds", "adventures", "clear_caches",
    "load_adventures", "odds_table",
]



#: what mythlab offers for this game (registered in pyproject.toml, group mythlab.games)
SPEC = GameSpec(
    name="elder_sign",
    title="Elder Sign",
    summary="Investigators roll dice against adventures to seal the Ancient One with Elder Signs.",
    game="mythlab.elder_sign.rules:ElderSignGame",
    view="mythlab.elder_sign.view:elder_sign_view",
    bots={'odds': 'mythlab.elder_sign.bots:OddsBot'},
    data="mythlab.elder_sign",
    notebooks=('elder_sign.ipynb', 'elder_sign_odds.ipynb'),
    rulebooks=('Elder Sign rulebook, Greek edition',),
)
