"""Agea: Greek heroes adventure, win relics and city states, and fight wars.

Rules from the Agea rulebook, English edition; where it is silent or open, mythlab decides in
``data/rulings.yaml`` (``rulings()``), and the log cites the ruling wherever it applies.
"""

from mythlab.registry import GameSpec, lazy_exports

# the names below are imported from their modules on first use: importing this
# package for its SPEC (listing the games) imports none of its rules
__getattr__, __dir__ = lazy_exports(__name__, {
    ".load": ["Card", "CardSet", "builtin_cards", "load_cards", "rulings"],
    ".rules": ["AgeaGame", "AgeaState"],
})


__all__ = ["SPEC", "AgeaGame", "AgeaState", "Card", "CardSet", "builtin_cards", "load_cards",
           "rulings"]


#: what mythlab offers for this game (registered in pyproject.toml, group mythlab.games)
SPEC = GameSpec(
    name="agea",
    title="Agea",
    summary="Greek heroes adventure, win relics and city states, and fight wars.",
    game="mythlab.agea.rules:AgeaGame",
    view="mythlab.agea.view:agea_view",
    targets="mythlab.agea.view:targets",
    data="mythlab.agea",
    notebooks=('agea.ipynb',),
    search_value="mythlab.agea.evaluate:search_value",
    rulebooks=('Agea rulebook, English edition',),
)
