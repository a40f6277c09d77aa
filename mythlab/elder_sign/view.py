"""The Elder Sign view (``SPEC.view``, shown by the Stepper): clock, doom track, Elder Signs,
the Ancient One, the adventures in play with their task rows, what is done, the monsters on
them, and the exact odds of each card for the active investigator's green dice.

Plain HTML from a state, no widget code. Odds come from :mod:`.live_odds` (``AdventureOdds``:
optimal play, focus whenever the rules allow), whose solvers the game keeps per card as played
now (``live_odds.LiveOdds``), so a redraw after a click costs a dictionary lookup.
"""

from __future__ import annotations

from html import escape

from mythlab.display import percent

from .effects import rows_of, trophy_value
from .live_odds import card_odds, green_pool
from .rules import ElderSignState

_STYLE = """<style>
.eldersign {font-family: sans-serif; font-size: 13px}
.eldersign .top {display: flex; gap: 16px; align-items: center; flex-wrap: wrap}
.eldersign .track span {display: inline-block; width: 14px; height: 14px; margin: 1px;
  border: 1px solid #777; border-radius: 3px; text-align: center; font-size: 10px}
.eldersign .track .doom {background: #7a1f1f; color: #fff}
.eldersign .track .icon {border-color: #c60}
.eldersign .cards {display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px}
.eldersign .card {border: 1px solid #bbb; border-radius: 6px; padding: 4px 6px; width: 210px}
.eldersign .card.world {background: #f1ecfa}
.eldersign .card.here {border: 2px solid #2a6}
.eldersign .row {margin: 1px 0; padding: 1px 3px; border-radius: 3px; background: #f4f0e6}
.eldersign .row.done {background: #d8f0d8; text-decoration: line-through}
.eldersign .row.monster {background: #f8d7d0}
.eldersign .odds {float: right; font-weight: bold}
.eldersign .inv {display: inline-block; border: 1px solid #ccc; border-radius: 4px;
  padding: 2px 5px; margin: 2px}
.eldersign .inv.turn {border: 2px solid #2a6; background: #f3fbf5}
</style>"""


def _track(s: ElderSignState) -> str:
    ao = s.ancient_one
    cells = []
    for space in range(1, ao.doom + 1):
        css = ("doom " if space <= s.data.doom else "") + ("icon" if space in ao.monster_spaces
                                                            else "")
        mark = "M" if space in ao.monster_spaces else ""
        cells.append(f'<span class="{css.strip()}" title="space {space}">{mark}</span>')
    return f'<span class="track">{"".join(cells)}</span>'


def _card(s: ElderSignState, name: str, pool: str) -> str:
    g = s.game.data
    adventure = g.adventures[name]
    a = s.data.attempt
    here = a is not None and a.card == name
    rows = []
    for i, (row, monster) in enumerate(rows_of(s, name)):
        css = "row" + (" done" if here and i in a.done else "") + (" monster" if monster else "")
        who = f" · {escape(g.monsters[monster].name)}" if monster else ""
        rows.append(f'<div class="{css}">{i + 1}. {escape(str(row))}{who}</div>')
    odds = ""
    if pool and not s.data.awake:
        p = card_odds(s, name, pool)
        odds = (f'<span class="odds" title="exact: {p}">{percent(p)}</span>' if p is not None
                else '<span class="odds" title="too large to solve within seconds">?</span>')
    arrow = " ↓ in order" if adventure.card.ordered else ""
    visitors = [p.investigator.name for p in s.data.seats
                if p.investigator and p.investigator.where == name]
    css = "card" + (" world" if adventure.deck == "other_world" else "") + (" here" if here
                                                                           else "")
    return (f'<div class="{css}">{odds}<b>{escape(name)}</b>{arrow}'
            f'<div>{"".join(rows)}</div>'
            f"<small>rewards {escape(adventure.rewards)} · penalties "
            f"{escape(adventure.penalties)} · terror {escape(adventure.terror_effect)}"
            + (f"<br>here: {escape(', '.join(visitors))}" if visitors else "")
            + "</small></div>")


def _investigators(s: ElderSignState) -> str:
    out = []
    for seat, place in enumerate(s.data.seats):
        inv = place.investigator
        css = "inv turn" if seat == s.data.turn and not s.data.result else "inv"
        if inv is None:
            text = "out" if place.out else "choosing a new investigator"
        else:
            worth = sum(trophy_value(s, t) for t in inv.trophies)
            text = (f"<b>{escape(inv.name)}</b> ♥{inv.stamina}/{inv.max_stamina} "
                    f"✦{inv.sanity}/{inv.max_sanity} · clues {inv.clues} · trophies {worth}"
                    f" · at {escape(inv.where)}"
                    + (f" · marker {escape(inv.marker)}" if inv.marker else "")
                    + (f"<br><small>{escape(', '.join(inv.cards))}</small>" if inv.cards
                       else ""))
        out.append(f'<div class="{css}">{escape(s.player_name(seat))}: {text}</div>')
    return "".join(out)


def elder_sign_view(s: ElderSignState) -> str:
    """HTML of the whole table: clock, doom, Elder Signs, Mythos, cards with odds, players.

    Parameters
    ----------
    s : ElderSignState
        The position to show.

    Returns
    -------
    str
        An HTML fragment with its own style sheet.

    Examples
    --------
    >>> from mythlab.elder_sign.scenarios import scenario
    >>> html = elder_sign_view(scenario(board=["Lights Out"], doom=3))
    >>> "doom 3/12" in html and "Lights Out" in html
    True
    """
    d = s.data
    ao = s.ancient_one
    mythos = s.lasting_mythos
    pool = green_pool(s) if d.seats[d.turn].investigator is not None else ""
    head = (f'<div class="top"><span>🕛 clock <b>{d.clock or 12}</b></span>'
            f"<span><b>{escape(ao.name)}</b> ({'awake' if d.awake else 'asleep'}) · "
            f"combat {escape(ao.combat)}</span>"
            f"<span>doom {d.doom}/{ao.doom} {_track(s)}</span>"
            f"<span>Elder Signs <b>{d.elder_signs}</b>/{ao.elder_signs}</span></div>")
    info = [f"Mythos: <b>{escape(mythos.name)}</b> ({escape(mythos.lasting)})"
            if mythos else "Mythos: —"]
    if d.locks:
        info.append("locked dice: " + ", ".join(escape(f"{lock.colour} ({lock.place})")
                                               for lock in d.locks))
    if d.spells:
        info.append("spells: " + ", ".join(escape(f"{sp.spell} {sp.die or '(waiting)'}")
                                          for sp in d.spells))
    a = d.attempt
    if a is not None:
        info.append(f"attempt on <b>{escape(a.card)}</b>: roll "
                    f"{escape(', '.join(a.rolled) or '—')} · to roll {len(a.to_roll)} · "
                    f"set aside {len(a.aside)}")
    if pool and not d.awake:
        info.append(f"odds: exact chance to resolve each card with {pool}, as the game plays it "
                    "now (no items, spells or clues)")
    if d.result:
        info.append(f"<b>{escape(d.result)}</b>")
    cards = "".join(_card(s, c.name, pool) for c in d.board)
    return (f'{_STYLE}<div class="eldersign mythlab-elder-sign-view">{head}'
            f"<div>{' · '.join(info)}</div><div class=\"cards\">{cards}</div>"
            f"<div>{_investigators(s)}</div></div>")
