"""Elysium: card data, the card-power language and the rules on the shared engine.

``mythlab.make("elysium", players=4, seed=7, families="first-game")`` plays the mythlab
edition: the Hades and Athena cards of the Elysium rulebook (Greek edition, p.13-14),
completed, and six families designed by mythlab (flagged ``provenance: mythlab`` in
``data/mythlab``).
"""

from mythlab.registry import GameSpec, lazy_exports

# the names below are imported from their modules on first use: importing this
# package for its SPEC (listing the games) imports none of its rules
__getattr__, __dir__ = lazy_exports(__name__, {
    ".bots": ["LegendBot"],
    ".game": ["ElysiumGame"],
    ".load": [
        "Card", "CardBook", "FamilyCards", "builtin_cards", "edition_cards", "evaluate_card",
        "load_cards", "load_edition", "load_family", "load_supplement", "render",
        "render_condition", "rules_book", "why_unusable",
    ],
    ".powers": [
        "GLOSSARY", "CardFacts", "Legend", "Power", "PowerContext", "PowerError", "PowerEvent",
        "SimpleContext", "Timing", "evaluate", "parse_power", "render_power", "to_data",
    ],
    ".rules": ["ElysiumState"],
    ".scenarios": ["scenario"],
    ".scoring": ["prestige_vp", "score_table"],
})


__all__ = [
    "SPEC", "GLOSSARY", "Card", "CardBook", "CardFacts", "ElysiumGame", "ElysiumState",
    "FamilyCards", "Legend", "LegendBot", "Power", "PowerContext", "PowerError", "PowerEvent",
    "SimpleContext", "Timing",
    "builtin_cards", "edition_cards", "evaluate", "evaluate_card", "load_cards", "load_edition",
    "load_family", "load_supplement", "parse_power", "prestige_vp", "render", "render_condition",
    "render_power", "rules_book", "scenario", "score_table", "to_data", "why_unusable",
]

#: what mythlab offers for this game (registered in pyproject.toml, group mythlab.games)
SPEC = GameSpec(
    name="elysium",
    title="Elysium",
    summary="Take cards of the gods' families, write legends, score prestige over five epochs.",
    game="mythlab.elysium.game:ElysiumGame",
    view="mythlab.elysium.view:elysium_view",
    targets="mythlab.elysium.view:targets",
    bots={"greedy": "mythlab.elysium.bots:LegendBot",
          "elysium-greedy": "mythlab.elysium.bots:LegendBot"},
    data="mythlab.elysium",
    notebooks=('elysium.ipynb', 'elysium_legends.ipynb', 'elysium_cards.ipynb'),
    search_value="mythlab.elysium.evaluate:search_value",
    rulebooks=('Elysium rulebook, Greek edition', 'Elysium rulebook, Spanish edition'),
)
