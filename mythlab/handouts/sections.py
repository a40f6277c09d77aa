"""What each built-in game's handout shows beyond its phases, read from the game's public API.

Each function returns its :class:`~.page.Section` list: the numbers that matter go on the
one-page rules summary, the tables after it. Every datum carries its provenance mark: rule
numbers their own; computed tables the provenance of what they are computed from.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

from .page import Datum, Section, mark, numbers_table, sources_table, table

Sections = list[Section]


def _percent(p: Fraction) -> str:
    """A chance as printed on the table: one decimal, never rounded to a certainty it is not
    (``<0.1%``, ``>99.9%``); the exact fraction is in the tooltip."""
    if 0 < p < Fraction(1, 2000):
        text = "&lt;0.1%"
    elif Fraction(1999, 2000) <= p < 1:
        text = "&gt;99.9%"
    else:
        text = f"{float(p) * 100:.1f}%".replace(".0%", "%") if p in (0, 1) else \
            f"{float(p) * 100:.1f}%"
    return f'<span title="{p.numerator}/{p.denominator}">{text}</span>'


# --- Agea -----------------------------------------------------------------------------------

def agea() -> Sections:
    """Agea's handout sections: the rule numbers and the victory points."""
    from mythlab.agea.load import rule_numbers

    raw = {k: v for k, v in rule_numbers().items() if isinstance(v, dict)}
    vp = raw.pop("victory_points")
    data = []
    for name, entry in raw.items():
        value = {k: v for k, v in entry.items() if k not in ("provenance", "where", "why")}
        data.append(Datum(name, value.get("value", value), entry["provenance"],
                          entry.get("where") or entry.get("why", "")))
    points = [Datum(k, v, vp["provenance"], vp["where"]) for k, v in vp.items()
              if k not in ("provenance", "where")]
    return [Section("The numbers that matter", numbers_table(data), True),
            Section("Victory points", numbers_table(points, "What each thing is worth at the end"),
                    True),
            *_sources([*data, *points])]


def _sources(data: list[Datum]) -> Sections:
    """The section that gives the numbers' long sources in full, when any number has one."""
    sources = sources_table(data)
    return [Section("Where the numbers come from", sources)] if sources else []


# --- Cyclades -------------------------------------------------------------------------------

BATTLE_UNITS = 6
BATTLE_BONUSES = (0, 1, 2)


def cyclades() -> Sections:
    """Cyclades' handout sections: the rule numbers and a battle table per defence bonus."""
    from mythlab.cyclades.combat import cyclades_dice, odds_table
    from mythlab.cyclades.load import numbers

    data = [Datum(k, n.value, n.provenance, n.seed if n.provenance == "seed" else
                  (n.source or n.why or n.seed)) for k, n in numbers().items()]
    die = cyclades_dice()["combat"]
    faces = ", ".join(f"{f}×{w}" if w > 1 else str(f) for f, w in die.faces)
    odds = odds_table(BATTLE_UNITS, BATTLE_UNITS, max(BATTLE_BONUSES))
    sections = [Section("The numbers that matter", numbers_table(data), True), *_sources(data)]
    for b in BATTLE_BONUSES:
        rows = [[f"<b>{a}</b>", *(_percent(odds[a, d, b]) for d in range(1, BATTLE_UNITS + 1))]
                for a in range(1, BATTLE_UNITS + 1)]
        caption = (f"Attack succeeds, fighting to the end, defender +{b} (fortresses or ports); "
                   f"rows: attackers, columns: defenders")
        sections.append(Section(f"Battle table, defence +{b}", table(
            ["att \\ def", *map(str, range(1, BATTLE_UNITS + 1))], rows, caption,
            numeric=range(1, BATTLE_UNITS + 1), small=True)))
    sections.append(Section("Where the battle numbers come from", (
        f"<p>Each round both sides roll the combat die ({html.escape(faces)}) "
        f"{mark(die.provenance)} and add their units; the defender adds +1 per fortress on "
        f"land or port next to the zone at sea {mark('public', 'fortress_bonus, port_bonus')} "
        f"(the rule: {mark('seed', 'p.5')}). The lower total loses a unit, a tie costs both "
        f"one. Chances are exact, computed by mythlab's Markov chain from these inputs.</p>")))
    return sections


# --- Elder Sign -----------------------------------------------------------------------------

READING_NAMES = {"seed": "the rulebook's", "faq": "the FAQ's"}
"""The wild face's readings as a table reads them (``seed``: mythlab's word for the rulebook)."""


def elder_sign() -> Sections:
    """Elder Sign's handout sections: the dice, their readings and the adventures × dice table."""
    from mythlab.elder_sign import adventures
    from mythlab.elder_sign.dice import elder_sign_dice

    from .elder_sign_table import RULES, shipped_odds

    dice = elder_sign_dice()
    die_rows = [[html.escape(d.name), html.escape(", ".join(
        f"{f}×{w}" if w > 1 else str(f) for f, w in d.faces)), mark(d.provenance, d.where)]
        for d in dice]
    readings = [[html.escape(f"{READING_NAMES.get(w.name, w.name)} ({w.name})"),
                 html.escape(", ".join(sorted(w.counts_as))), mark(w.provenance)]
                for w in dice.readings]
    scenarios, rows = shipped_odds()
    cards = {a.name: a for a in adventures()}
    odds_rows = [[html.escape(name), mark(cards[name].provenance),
                  *(_percent(p) for p in chances)] for name, chances in rows]
    return [
        Section("The dice", table(["die", "faces", "provenance"], die_rows, widths=(12, 40, 48),
                                  small=True)
                + table(["reading", "the red die's wild face counts as", "provenance"], readings,
                        "The two readings of the wild face", widths=(12, 40, 48), small=True),
                True),
        Section("Adventures × dice", table(
            ["adventure", "card data", *scenarios], odds_rows,
            f"Chance to complete each adventure with optimal play ({RULES}); exact, computed "
            "by mythlab's solver from the card data. G green, Y yellow, R red die.",
            numeric=range(2, 2 + len(scenarios)), widths=(28, 12, *[60 // len(scenarios)]
                                                             * len(scenarios)))),
    ]


# --- Elysium --------------------------------------------------------------------------------

def elysium() -> Sections:
    """Elysium's handout sections: the rule numbers, the scoring and the quest tiles."""
    from mythlab.elysium.load import rules_book

    book = rules_book()
    data = [Datum(k, n.value, n.provenance, f"p.{n.page}" if n.page else "")
            for k, n in book.numbers.items()]
    scoring = [d for d in data if d.name.endswith("_vp")]
    others = [d for d in data if not d.name.endswith("_vp")]
    quests = [[str(q.number), ", ".join(map(str, q.players)), str(q.vp), str(q.gold),
               str(q.lyres), mark(q.provenance)] for q in book.quests]
    back = book.incomplete_quest
    quests.append(["incomplete (back)", "all", str(back.vp), str(back.gold), str(back.lyres),
                   mark(back.provenance)])
    return [
        Section("Scoring", numbers_table(scoring, "Victory points at the end of the game"), True),
        Section("Quest tiles", table(["quest", "players", "VP", "gold", "lyres", "provenance"],
                                     quests, "What each quest pays in Phase III",
                                     numeric=(2, 3, 4), small=True)),
        Section("The numbers that matter", numbers_table(others), True),
        *_sources(data),
    ]


SECTIONS: dict[str, Callable[[], Sections]] = {
    "agea": agea, "cyclades": cyclades, "elder_sign": elder_sign, "elysium": elysium}
"""The game-specific parts of the built-in games' handouts; any other game gets its phases."""
