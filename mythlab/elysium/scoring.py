"""Final scoring (Elysium rulebook, Greek edition, p.10): chronos powers, legend VP, Ares
prestige, Citizens, ties.

Computed from any state as if the game ended now (the Stepper's running tally and the greedy
bot's view); at the end of the fifth epoch the same table is the result.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .context import GameContext
from .legends import kind
from .powers import ResourceEffect, Timing, evaluate

if TYPE_CHECKING:
    from .rules import ElysiumState


def prestige_vp(pp: list[int], table: list[int]) -> list[Fraction]:
    """VP for prestige points: 16/8/4/2 by rank, tied players share their places' VP, and a
    player without PP gets nothing (p.10).

    >>> [str(v) for v in prestige_vp([3, 3, 1, 0], [16, 8, 4, 2])]
    ['12', '12', '4', '0']
    """
    out = [Fraction(0)] * len(pp)
    ranked = sorted((p for p in pp if p > 0), reverse=True)
    for q, p in enumerate(pp):
        if p > 0:
            first = ranked.index(p)
            places = table[first:first + ranked.count(p)]
            out[q] = Fraction(sum(places), ranked.count(p))
    return out


def breakdown(s: ElysiumState, q: int) -> dict[str, Any]:
    """One player's final VP by source, before prestige (which needs everyone's PP)."""
    g, seat = s.game, s.data.seats[q]
    legends = [lg for lg in seat.legends if len(lg) >= 2]
    chronos = {"gold": 0, "vp": 0, "pp": 0}
    for lg in legends:
        for c in lg:
            card = g.inst[c]
            if c in seat.citizens or card.timing is not Timing.CHRONOS:
                continue
            ctx = GameContext(s, q, g.facts[c], lg, final=True)
            for e in evaluate(card.power, ctx):
                if isinstance(e, ResourceEffect) and e.kind == "gain":
                    for k in chronos:
                        chronos[k] += getattr(e.amount, k)
    tables = {"family": g.number("family_legend_vp"), "level": g.number("level_legend_vp")}
    legend_vp = sum(tables[kind(lg, g.inst)][len(lg)] for lg in legends)
    level_bonus = sum(g.number("level_bonus_vp")[int(level)]
                      for level, (holder, _) in s.data.level_bonus.items() if holder == q)
    citizens = sum(1 for lg in legends for c in lg if c in seat.citizens) if seat.citizens else 0
    return {"during the game": seat.vp, "chronos": chronos["vp"], "legends": legend_vp,
            "level bonus": level_bonus,
            "citizens": -g.number("citizen_penalty_vp") * citizens,
            "pp": seat.pp + chronos["pp"], "gold": seat.gold + chronos["gold"]}


def score_table(s: ElysiumState) -> dict[str, Any]:
    """Scores by player name, VP by seat (exact fractions), breakdowns and winners."""
    n = s.game.players
    parts = [breakdown(s, q) for q in range(n)]
    prestige = prestige_vp([b["pp"] for b in parts], s.game.number("prestige_vp"))
    vp: list[Fraction] = []
    for b, extra in zip(parts, prestige, strict=True):
        b["prestige"] = extra
        vp.append(Fraction(b["during the game"] + b["chronos"] + b["legends"] + b["level bonus"]
                           + b["citizens"]) + extra)
    best = max(vp)
    tied = [q for q in range(n) if vp[q] == best]
    richest = max(parts[q]["gold"] for q in tied)
    return {
        "scores": {s.player_name(q): vp[q] for q in range(n)},
        "vp": vp,
        "winners": [q for q in tied if parts[q]["gold"] == richest],
        "breakdown": {s.player_name(q): parts[q] for q in range(n)},
        "details": ["pp", "gold"],  # not VP: prestige points give "prestige", gold breaks ties
        "final": s.data.over,
    }
