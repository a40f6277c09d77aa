"""The Elysium view in the Stepper: the Agora (with acquisition conditions), the temple with its
quests, the legend bonuses and each player's columns, domain, Elysium legends, gold, VP and PP.

Cards show their names (``game.labels``), levels, conditions and powers as the power language
renders them; a card or quest with values mythlab chose (not in the rulebooks) carries a visible
``mythlab`` flag saying which fields.
"""

from __future__ import annotations

from html import escape

from . import legends as L
from .load import Card, render_condition
from .powers import Timing
from .rules import ElysiumState
from .scoring import score_table
from .state import III

_STYLE = """<style>
.elysium {font-family: sans-serif; font-size: 13px}
.elysium .zone {border: 1px solid #ccc; border-radius: 6px; padding: 6px; margin: 4px 0}
.elysium .zone-title {font-weight: bold; margin-bottom: 3px}
.elysium .cards {display: flex; flex-wrap: wrap; gap: 4px}
.elysium .ely-card {border: 1px solid #bbb; border-left-width: 5px; border-radius: 4px;
  padding: 2px 5px; width: 210px; background: #fffdf7}
.elysium .ely-card .power {font-size: 11px; color: #333}
.elysium .ely-card.turned {background: #eee; color: #777}
.elysium .ely-card.citizen {background: #e9e4da; width: auto; font-style: italic}
.elysium .ely-card.mythlab {border-style: dashed dashed dashed solid}
.elysium .mythlab-flag {display: inline-block; padding: 0 3px; border-radius: 3px;
  background: #f6d7f0; color: #702060; font-size: 10px}
.elysium .fam-apollo {border-left-color: #e0b000} .elysium .fam-ares {border-left-color: #a02020}
.elysium .fam-athena {border-left-color: #7a7a7a} .elysium .fam-hades {border-left-color: #403060}
.elysium .fam-hephaestus {border-left-color: #c06010}
.elysium .fam-hermes {border-left-color: #30a0a0}
.elysium .fam-poseidon {border-left-color: #2060c0} .elysium .fam-zeus {border-left-color: #d0c040}
.elysium .col {display: inline-block; width: 12px; height: 12px; border-radius: 2px;
  margin: 0 1px; vertical-align: middle; border: 1px solid #555}
.elysium .col.gone {opacity: .2}
.elysium .col.red {background: #d33} .elysium .col.yellow {background: #ec3}
.elysium .col.green {background: #3a3} .elysium .col.blue {background: #37d}
.elysium .col.black {background: linear-gradient(90deg, #d33 25%, #ec3 25% 50%, #3a3 50% 75%,
  #37d 75%)}
.elysium .tag {display: inline-block; padding: 0 3px; margin: 0 1px; border-radius: 3px;
  background: #dde7f5; font-size: 10px}
.elysium .quests {display: flex; flex-wrap: wrap; gap: 6px}
.elysium .quest {border: 1px solid #b9a; border-radius: 4px; padding: 2px 6px;
  background: #f7f2ea}
.elysium .quest.taken {background: #eee; color: #888}
.elysium .seats {display: flex; flex-wrap: wrap; gap: 6px}
.elysium .seat {border: 1px solid #bbb; border-radius: 6px; padding: 6px; flex: 1;
  min-width: 300px}
.elysium .seat.turn {border: 2px solid #2a6; background: #f3fbf5}
.elysium .legend {border-top: 1px dotted #aaa; padding: 2px 0}
.elysium .counters b {margin-right: 6px}
</style>"""
_FIELDS = {"name_en": "English name", "name_el": "Greek name", "level": "level",
           "copies": "copies", "condition": "condition", "timing": "timing", "power": "power"}


def _chip(colour: str, gone: bool = False) -> str:
    title = "any colour" if colour == "black" else colour + (" (discarded)" if gone else "")
    return f'<span class="col {colour}{" gone" if gone else ""}" title="{title}"></span>'


def _flag(card: Card) -> str:
    """A visible flag on cards whose values mythlab chose, naming the fields."""
    fields = card.provenance.mythlab()
    if not fields:
        return ""
    if len(fields) == len(_FIELDS):
        what, tip = "mythlab card", "designed by mythlab: not in the rulebooks"
    else:
        names = ", ".join(_FIELDS[f] for f in fields)
        what, tip = f"mythlab: {names}", f"values chosen by mythlab (not in the rulebook): {names}"
    return f' <span class="mythlab-flag" title="{escape(tip)}">⚑ {escape(what)}</span>'


def _condition(card: Card) -> str:
    if card.condition is None:
        return '<span class="condition">needs: unknown</span>'
    chips = "".join(_chip(c.value) for c in card.condition)
    return (f'<span class="condition" title="acquisition condition">needs {chips} '
            f"{escape(render_condition(card))}</span>")


def card_html(s: ElysiumState, instance: str, *, condition: bool = False,
              css: str = "", note: str = "") -> str:
    """One card: name, family and level, its condition (in the Agora), its power text."""
    g = s.game
    card = g.inst[instance]
    classes = f"ely-card fam-{card.family.value}" + (" mythlab" if card.provenance.mythlab()
                                                      else "") + (f" {css}" if css else "")
    greek = f' title="{escape(card.name.el)}"' if card.name.el else ""
    eleusis = ' <span class="tag">Eleusis</span>' if card.eleusis else ""
    head = (f"<b{greek}>{escape(g.labels[instance])}</b> "
            f'<span class="tag">{card.family.value.capitalize()} · L{card.level}</span>'
            f"{eleusis}{_flag(card)}" + (f' <i class="tag">{escape(note)}</i>' if note else ""))
    cond = f"<div>{_condition(card)}</div>" if condition else ""
    return (f'<div class="{classes}" data-card="{escape(instance)}">{head}{cond}'
            f'<div class="power">{escape(g.texts[instance])}</div></div>')


def _agora(s: ElysiumState) -> str:
    d = s.data
    cards = "".join(card_html(s, c, condition=True) for c in d.agora) or "<i>empty</i>"
    out = (f'<div class="zone agora"><div class="zone-title">Agora ({len(d.agora)} cards)'
           f'</div><div class="cards">{cards}</div></div>')
    if s.game.oracle_in_play:
        oracle = "".join(card_html(s, c, condition=True) for c in d.oracle) or "<i>empty</i>"
        out += (f'<div class="zone oracle"><div class="zone-title">Oracle ({len(d.oracle)} '
                f'cards: they slide into the next Agora)</div><div class="cards">{oracle}'
                "</div></div>")
    return out


def _temple(s: ElysiumState) -> str:
    """The quests under the pediment (colours from the side in play) and who holds which."""
    d, g = s.data, s.game
    holders = {seat.quest: q for q, seat in enumerate(d.seats) if seat.quest}
    tiles = []
    for tile, quest in g.quests.items():
        chips = "".join(_chip(c) for c in s.quest_colours(tile))
        flag = (' <span class="mythlab-flag" title="quest values chosen by mythlab: the '
                'rulebooks do not give them">⚑ mythlab values</span>'
                if quest.provenance == "mythlab" else "")
        taken = tile in holders
        who = f" · taken by <b>{escape(s.player_name(holders[tile]))}</b>" if taken else ""
        tiles.append(f'<div class="quest{" taken" if taken else ""}" data-quest="{tile}">'
                     f"<b>Quest {quest.number}</b> needs {chips} "
                     f"{escape(' or '.join(s.quest_colours(tile)))}<br>"
                     f"disc #{quest.number} · {quest.vp} VP · {quest.gold} gold · "
                     f"{quest.lyres} lyres{who}{flag}</div>")
    back = g.rules.incomplete_quest
    fam = ", ".join(
        f"{family.capitalize()}: " + ", ".join(
            f"{escape(s.player_name(q))} ({vp} VP)"
            for q, vp in zip(seats, g.number("family_bonus_vp"), strict=False))
        for family, seats in sorted(d.family_bonus.items()) if seats) or "none taken yet"
    level_vp = g.number("level_bonus_vp")
    lvl = ", ".join(f"level {level}: {escape(s.player_name(q))} ({size} cards, "
                    f"{level_vp[int(level)]} VP)"
                    for level, (q, size) in sorted(d.level_bonus.items())) or "none taken yet"
    return (f'<div class="zone temple"><div class="zone-title">Temple · pediment side {d.side}'
            f'</div><div class="quests">{"".join(tiles)}</div>'
            f"<div><small>Incomplete quest (the tile's back): last discs, {back.vp} VP, "
            f"{back.gold} gold, {back.lyres} lyre.</small></div>"
            f'<div class="bonuses">Family legend bonuses: {fam}<br>'
            f'Level legend bonuses: {lvl} <span class="mythlab-flag" title="the rulebook names the '
            f'level bonus tiles but not their values">⚑ mythlab: level bonus VP '
            f"{'/'.join(str(level_vp[k]) for k in sorted(level_vp))}</span></div></div>")


def _domain(s: ElysiumState, q: int) -> str:
    seat, g = s.data.seats[q], s.game
    out = []
    citizens = 0
    for c in seat.domain:
        if c in seat.citizens:
            citizens += 1
            continue
        card = g.inst[c]
        note, css = "", ""
        if card.timing is Timing.ACTIVATE and c in seat.turned:
            note, css = "turned: used this epoch", "turned"
        elif card.timing is Timing.TRIGGER:
            note = "ring: unused" if c in seat.rings else "used (no ring)"
            css = "" if c in seat.rings else "turned"
        out.append(card_html(s, c, css=css, note=note))
    if citizens:
        out.append(f'<div class="ely-card citizen" title="face down: nobody may look at it">'
                   f"{citizens} Citizen{'s' if citizens > 1 else ''} (face down)</div>")
    return "".join(out) or "<i>empty</i>"


def _elysium(s: ElysiumState, q: int) -> str:
    seat, g = s.data.seats[q], s.game
    tables = {"family": g.number("family_legend_vp"), "level": g.number("level_legend_vp")}
    rows = []
    for i, lg in enumerate(seat.legends):
        kind = L.kind(lg, g.inst)
        worth = f"{tables[kind][len(lg)]} VP" if kind else "0 VP (a lone card scores nothing)"
        cards = "".join(
            '<div class="ely-card citizen" title="a Citizen in a legend costs 2 VP at the end">'
            "Citizen (joker)</div>" if c in seat.citizens else card_html(s, c) for c in lg)
        rows.append(f'<div class="legend"><b>Legend {i + 1}</b>: '
                    f"{escape(L.describe(lg, seat, g.inst))} · worth {worth}"
                    f'<div class="cards">{cards}</div></div>')
    return "".join(rows) or "<i>no legends yet</i>"


def _seat(s: ElysiumState, q: int, tally: dict) -> str:
    d, g = s.data, s.game
    seat = d.seats[q]
    css = "seat turn" if q == s.current_player else "seat"
    columns = "".join(_chip(c, c not in seat.columns) for c in g.colours_in_play)
    quest = (f"quest {g.quests[seat.quest].number}" if seat.quest
             else ("incomplete quest" if d.phase == III else "no quest yet"))
    lyres = f" · lyres left: {seat.lyres}" if d.phase == III else ""
    name = s.player_name(q)
    score = tally["scores"][name]
    return (f'<div class="{css}" data-seat="{q}"><div class="counters">'
            f"<b>{escape(name)}</b> disc #{seat.disc} · <b>{seat.gold} gold</b>"
            f"<b>{seat.vp} VP</b><b>{seat.pp} PP</b></div>"
            f'<div class="columns">Columns: {columns} '
            f"{escape(', '.join(seat.columns) or 'none left')}</div>"
            f"<div>{quest} · cards taken this epoch: {seat.cards_taken}/"
            f"{g.number('cards_per_epoch')}{lyres}</div>"
            f"<div><small>If the game ended now: {score} VP</small></div>"
            f'<div class="zone domain"><div class="zone-title">Domain</div>'
            f'<div class="cards">{_domain(s, q)}</div></div>'
            f'<div class="zone elysium-legends"><div class="zone-title">Elysium</div>'
            f"{_elysium(s, q)}</div></div>")


def elysium_view(s: ElysiumState) -> str:
    """HTML of the whole table: epoch and phase, Agora, temple, every player's area."""
    d = s.data
    tally = score_table(s)
    header = (f"<p>Epoch <b>{min(d.epoch, s.game.number('epochs'))}</b> of "
              f"{s.game.number('epochs')} · {escape(s.phase.name)} · draw pile: {len(d.draw)}"
              f" · discard pile: {len(d.discard)} · families: "
              f"{escape(', '.join(f.capitalize() for f in d.families))}"
              ' · <span class="mythlab-flag">⚑ mythlab</span> = a value the rulebooks do not '
              "give, chosen by mythlab</p>")
    seats = "".join(_seat(s, q, tally) for q in (d.order or range(s.game.players)))
    return (f'{_STYLE}<div class="elysium mythlab-elysium-view">{header}{_agora(s)}'
            f'{_temple(s)}<div class="seats">{seats}</div></div>')


