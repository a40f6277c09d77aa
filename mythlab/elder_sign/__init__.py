"""Elder Sign (FFG 2011): the full game on the shared engine, and the adventure odds.

``mythlab.make("elder_sign", players=2)`` plays it (rules: Elder Sign rulebook, Greek
edition). The odds of a whole adventure card under optimal play come from
:mod:`mythlab.elder_sign.odds`, the dice and single-roll odds from
:mod:`mythlab.elder_sign.dice`; ``OddsExplorer`` (ipywidgets, imported on first use) and its
plain model ``OddsExplorerModel`` explore them.

>>> from mythlab.elder_sign import adventure, adventure_odds
>>> f"{float(adventure_odds(adventure('Lights Out'), '6G+Y+R', wild='faq', focus=0)):.2%}"
'23.01%'
"""

from mythlab.registry import GameSpec, lazy_exports

# the names below are imported from their modules on first use: importing this
# package for its SPEC (listing the games) imports none of its rules
__getattr__, __dir__ = lazy_exports(__name__, {
    ".bots": ["OddsBot"],
    ".explorer_model": ["OddsBook", "OddsExplorerModel"],
    ".odds": [
        "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice", "OddsCache",
        "Simulation", "Situation", "adventure", "adventure_odds", "adventures", "load_adventures",
        "odds_table",
    ],
    ".rules": ["ElderSignGame", "ElderSignState"],
    ".explorer": ["OddsExplorer"],
})


__all__ = ["SPEC",
    "ElderSignGame", "ElderSignState", "OddsBot",
    "SCENARIOS", "TERROR_EFFECTS", "Adventure", "AdventureOdds", "Choice", "OddsBook",
    "OddsCache", "OddsExplorer", "OddsExplorerModel", "Simulation", "Situation", "adventure",
    "adventure_odds", "adventures", "load_adventures", "odds_table",
]


#: what mythlab offers for this game (registered in pyproject.toml, group mythlab.games)
SPEC = GameSpec(
    name="elder_sign",
    title="Elder Sign",
    summary="Investigators roll dice against adventures to seal the Ancient One with Elder Signs.",
    game="mythlab.elder_sign.rules:ElderSignGame",
    view="mythlab.elder_sign.view:elder_sign_view",
    targets="mythlab.elder_sign.view:targets",
    bots={'odds': 'mythlab.elder_sign.bots:OddsBot',
          'planner': 'mythlab.elder_sign.search_play:PlannerBot'},
    odds={"elder_sign": "mythlab.elder_sign.odds_command:ADVENTURE_ODDS"},
    data="mythlab.elder_sign",
    notebooks=('elder_sign.ipynb', 'elder_sign_odds.ipynb'),
    search_value="mythlab.elder_sign.evaluate:search_value",
    search_policy="mythlab.elder_sign.search_play:settled",
    search_rollout="mythlab.elder_sign.search_play:rollout_move",
    rulebooks=('Elder Sign rulebook, Greek edition',),
)
