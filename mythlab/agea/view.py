"""The Agea view in the Stepper: each player's heroes, city states, hand and victory pile.

HTML only (no widget code), so the game names it in its ``GameSpec`` and the Stepper imports it
the first time it shows an Agea state.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .scoring import score_table
from .state import Hero

if TYPE_CHECKING:
    from .rules import AgeaState

_STYLE = """<style>
.agea {font-family: sans-serif; font-size: 13px}
.agea .table {display: flex; flex-wrap: wrap; gap: 8px}
.agea .player {border: 1px solid #bbb; border-radius: 6px; padding: 6px; min-width: 220px;
  flex: 1}
.agea .player.turn {border: 2px solid #2a6; background: #f3fbf5}
.agea .hero {margin: 2px 0; padding: 2px 4px; background: #f4f0e6; border-radius: 4px}
.agea .hero.delayed {background: #eee; color: #777}
.agea .tag {display: inline-block; padding: 0 4px; margin: 1px; border-radius: 3px;
  background: #dde7f5; font-size: 11px}
.agea .blessed {background: #fbe9b7} .agea .limited {background: #f8d7d0}
.agea .card {display: inline-block; padding: 0 4px; margin: 1px; border: 1px solid #ccc;
  border-radius: 3px; font-size: 11px}
.agea .focus {border: 1px dashed #c60; padding: 4px; margin: 4px 0; background: #fff7ec}
</style>"""


def _cards(s: AgeaState, cards: list[str]) -> str:
    """Card names as small tags, or a dash for none."""
    return "".join(f'<span class="card">{escape(s.name(c))}</span>' for c in cards) or "—"


def _hero(s: AgeaState, hero: Hero) -> str:
    """One hero: its traits (blessed and limited ones marked), delay, curse and possessions."""
    tags = []
    for trait, source in s.traits(hero):
        css = "tag"
        if source in hero.blessed:
            css += " blessed"
        if s.data.uses.get(source):
            css += " limited"
        origin = "gained" if source == "gained" else s.name(source)
        tags.append(f'<span class="{css}" title="{escape(origin)}">{escape(trait)}</span>')
    status = []
    if hero.delay:
        status.append(f"⏳ {hero.delay} delay")
    if hero.cursed:
        status.append("cursed")
    items = []
    for a in hero.attached:
        extra = ""
        if a in s.data.uses:
            extra = f" ({s.data.uses[a]} uses)"
        if a in s.data.timers:
            extra = f" ({s.data.timers[a]} turns)"
        items.append(escape(s.name(a)) + extra)
    css = "hero delayed" if not s.active(hero) else "hero"
    return (f'<div class="{css}"><b>{escape(s.name(hero.card))}</b> '
            f'{"".join(tags)} <i>{" · ".join(status)}</i>'
            + (f"<br><small>carries: {', '.join(items)}</small>" if items else "") + "</div>")


def agea_view(s: AgeaState) -> str:
    """HTML of the whole table: whose turn, the card being resolved, every player's area.

    Parameters
    ----------
    s : AgeaState
        The position to show.

    Returns
    -------
    str
        Self-contained HTML (it carries its own ``<style>``); card names are escaped.

    Examples
    --------
    >>> import mythlab
    >>> html = agea_view(mythlab.make("agea", players=2, seed=1).initial_state())
    >>> "mythlab-agea-view" in html and "Deck: <b>149</b>" in html
    True
    """
    d = s.data
    table = score_table(s)
    focus = []
    if d.limbo:
        focus.append(f"On the table: {_cards(s, d.limbo)}")
    if d.war is not None:
        focus.append(f"War: <b>{escape(s.name(d.war.card))}</b>")
    header = (f"<p>Deck: <b>{len(d.deck)}</b> cards · discard pile: {len(d.discard)}"
              + (f" (top: {escape(s.name(d.discard[-1]))})" if d.discard else "")
              + f" · turn {d.turns_played + 1}</p>")
    players = []
    for q, p in enumerate(d.players):
        css = "player turn" if d.order and q == s.turn_player and not d.over else "player"
        heroes = "".join(_hero(s, h) for h in p.heroes) or "<i>no heroes</i>"
        seat = (d.order.index(q) + 1) if q in d.order else "?"
        players.append(
            f'<div class="{css}"><b>{escape(s.player_name(q))}</b> (seat {seat}) · '
            f'<b>{table["vp"][q]} VP</b>'
            f"<div>{heroes}</div>"
            f"<div>City states: {_cards(s, p.cities)}</div>"
            f"<div>Hand ({len(p.hand)}): {_cards(s, p.hand)}</div>"
            f"<div>Victory pile: {_cards(s, p.victory)}</div></div>")
    focus_html = "".join(f'<div class="focus">{f}</div>' for f in focus)
    return (f'{_STYLE}<div class="agea mythlab-agea-view">{header}{focus_html}'
            f'<div class="table">{"".join(players)}</div></div>')
