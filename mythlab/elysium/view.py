"""The Elysium view in the Stepper: the Agora (with acquisition conditions), the temple with its
quests, the legend bonuses and each player's columns, domain, Elysium legends, gold, VP and PP.

Two columns that fit a 1280x720 screen with the moves below them: the shared table on the
left, the players on the right (the one to move open, the others folded). Cards show their
names (``game.labels``), levels, conditions and powers as the power language renders them; a
value mythlab chose (not in the rulebooks) carries one small mark, explained once in the header
and on hover. Face-down cards (the draw pile, Citizens) show their backs to every seat; the
teacher's view (``ALL``) names them. What a person clicks carries ``data-token`` (``targets``).
"""

from __future__ import annotations

from html import escape

from mythlab.display import Pick, Step
from mythlab.engine import ALL

from . import legends as L
from .load import Card, render_condition
from .powers import Timing
from .rules import ElysiumState
from .scoring import score_table
from .state import III

_STYLE = """<style>
.elysium {font-family: sans-serif; font-size: 12px; line-height: 1.25}
.elysium .ely-head {margin: 0 0 4px 0}
.elysium .ely-grid {display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
  gap: 6px; align-items: start}
.elysium .ely-col {max-height: 440px; overflow-y: auto; padding-right: 2px}
.elysium .zone {border: 1px solid #ccc; border-radius: 6px; padding: 4px; margin: 0 0 4px 0}
.elysium .zone-title {font-weight: bold; margin-bottom: 2px}
.elysium .cards {display: flex; flex-wrap: wrap; gap: 3px}
.elysium .ely-card {border: 1px solid #bbb; border-left-width: 5px; border-radius: 4px;
  padding: 1px 4px; width: 150px; background: #fffdf7; box-sizing: border-box}
.elysium .ely-card .power {font-size: 10.5px; color: #333; display: -webkit-box;
  -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden}
.elysium .ely-card.turned {background: #eee; color: #777}
.elysium .ely-card.citizen {background: #e9e4da; width: auto; font-style: italic}
.elysium .mythlab-flag {color: #702060; font-size: 10px; font-weight: bold; cursor: help;
  vertical-align: super}
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
.elysium .seat .col {width: 16px; height: 16px}
.elysium .tag {display: inline-block; padding: 0 3px; margin: 0 1px; border-radius: 3px;
  background: #dde7f5; font-size: 10px}
.elysium .pile {display: inline-block; padding: 0 5px; border: 1px solid #876;
  border-radius: 3px; background: repeating-linear-gradient(45deg, #e9e4da 0 4px,
  #d8cfbf 4px 8px)}
.elysium .quests {display: flex; flex-wrap: wrap; gap: 4px}
.elysium .quest {border: 1px solid #b9a; border-radius: 4px; padding: 1px 5px;
  background: #f7f2ea}
.elysium .quest.taken {background: #eee; color: #888}
.elysium .seats {display: flex; flex-direction: column; gap: 4px}
.elysium .seat {border: 1px solid #bbb; border-radius: 6px; padding: 3px 5px}
.elysium .seat > summary {cursor: pointer}
.elysium .seat.turn {border: 2px solid #2a6; background: #f3fbf5}
.elysium .legend {border-top: 1px dotted #aaa; padding: 2px 0}
.elysium .new-legend {border: 1px dashed #999; border-radius: 4px; padding: 1px 6px;
  display: inline-block; margin-top: 2px}
.elysium .counters b {margin-right: 6px}
.elysium details.more > summary {cursor: pointer; color: #555}
</style>"""
_FIELDS = {"name_en": "English name", "name_el": "Greek name", "level": "level",
           "copies": "copies", "condition": "condition", "timing": "timing", "power": "power"}
MARK = "*"
"""The one small mark on a value mythlab chose (the header explains it; hover says which)."""


def _mark(tip: str) -> str:
    return f'<span class="mythlab-flag" title="{escape(tip)}">{MARK}</span>'


def _token(token: str) -> str:
    return f' data-token="{escape(token)}"'


def _chip(colour: str, gone: bool = False, token: str = "") -> str:
    title = "any colour" if colour == "black" else colour + (" (discarded)" if gone else "")
    return (f'<span class="col {colour}{" gone" if gone else ""}" title="{title}"'
            f'{_token(token) if token else ""}></span>')


def _flag(card: Card) -> str:
    """The mark on a card whose values mythlab chose; hovering names the fields."""
    fields = card.provenance.mythlab()
    if not fields:
        return ""
    if len(fields) == len(_FIELDS):
        return _mark("mythlab card: designed by mythlab, not in the rulebooks")
    names = ", ".join(_FIELDS[f] for f in fields)
    return _mark(f"mythlab: {names} chosen by mythlab (not in the rulebooks)")


def _condition(card: Card) -> str:
    if card.condition is None:
        return '<span class="condition">needs: unknown</span>'
    chips = "".join(_chip(c.value) for c in card.condition)
    return (f'<span class="condition" title="acquisition condition">needs {chips} '
            f"{escape(render_condition(card))}</span>")


def card_html(s: ElysiumState, instance: str, *, condition: bool = False,
              css: str = "", note: str = "") -> str:
    """One face-up card: name, family and level, its condition (in the Agora), its power text
    (clamped to three lines; all of it on hover). Clicking it is ``card:<instance>``."""
    g = s.game
    card = g.inst[instance]
    classes = f"ely-card fam-{card.family.value}" + (f" {css}" if css else "")
    greek = f' title="{escape(card.name.el)}"' if card.name.el else ""
    eleusis = ' <span class="tag">Eleusis</span>' if card.eleusis else ""
    head = (f"<b{greek}>{escape(g.labels[instance])}</b>{_flag(card)} "
            f'<span class="tag">{card.family.value.capitalize()} · L{card.level}</span>'
            f"{eleusis}" + (f' <i class="tag">{escape(note)}</i>' if note else ""))
    cond = f"<div>{_condition(card)}</div>" if condition else ""
    text = escape(g.texts[instance])
    return (f'<div class="{classes}" data-card="{escape(instance)}"'
            f'{_token("card:" + instance)}>{head}{cond}'
            f'<div class="power" title="{text}">{text}</div></div>')


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


def _piles(s: ElysiumState, viewer: object, hot: set[str]) -> str:
    """The draw pile (face down: its size; the teacher sees what comes next) and the discard
    pile (face up, folded)."""
    d = s.data
    peek = ""
    if viewer == ALL and d.draw:
        nxt = ", ".join(escape(s.game.labels[c]) for c in reversed(d.draw[-5:]))
        peek = f"<div><small>Teacher's view, next in the draw pile: {nxt}</small></div>"
    discard = "".join(card_html(s, c) for c in reversed(d.discard)) or "<i>empty</i>"
    opened = " open" if any("card:" + c in hot for c in d.discard) else ""
    return (f'<div class="zone piles"><span class="pile" title="face down: nobody may look"'
            f'{_token("pile:draw")}>draw pile: {len(d.draw)} cards</span>{peek}'
            f'<details class="more"{opened}><summary>discard pile: {len(d.discard)} cards, '
            "face up"
            f'</summary><div class="cards">{discard}</div></details></div>')


def _temple(s: ElysiumState) -> str:
    """The quests under the pediment (colours from the side in play) and who holds which."""
    d, g = s.data, s.game
    holders = {seat.quest: q for q, seat in enumerate(d.seats) if seat.quest}
    tiles = []
    for tile, quest in g.quests.items():
        chips = "".join(_chip(c) for c in s.quest_colours(tile))
        taken = tile in holders
        who = f" · taken by <b>{escape(s.player_name(holders[tile]))}</b>" if taken else ""
        tiles.append(f'<div class="quest{" taken" if taken else ""}" data-quest="{tile}"'
                     f'{_token("quest:" + tile)}>'
                     f"<b>Quest {quest.number}</b> needs {chips} "
                     f"{escape(' or '.join(s.quest_colours(tile)))}<br>"
                     f"disc #{quest.number} · {quest.vp} VP · {quest.gold} gold · "
                     f"{quest.lyres} lyres{who}</div>")
    flag = (_mark("mythlab values: the rulebooks do not give the quests' VP, gold and lyres")
            if any(q.provenance == "mythlab" for q in g.quests.values()) else "")
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
    values = "/".join(str(level_vp[k]) for k in sorted(level_vp))
    return (f'<div class="zone temple"><div class="zone-title">Temple · pediment side {d.side}'
            f'{flag}</div><div class="quests">{"".join(tiles)}</div>'
            f"<div><small>Incomplete quest (the tile's back): last discs, {back.vp} VP, "
            f"{back.gold} gold, {back.lyres} lyre.</small></div>"
            f'<div class="bonuses"><small>Family legend bonuses: {fam}<br>'
            f"Level legend bonuses ({values} VP"
            + _mark(f"mythlab: level bonus VP {values}; the rulebook names the level bonus "
                    "tiles but not their values") + f"): {lvl}</small></div></div>")


def _domain(s: ElysiumState, q: int, viewer: object) -> str:
    seat, g = s.data.seats[q], s.game
    out = []
    citizens = [c for c in seat.domain if c in seat.citizens]
    for c in seat.domain:
        if c in seat.citizens:
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
        n = len(citizens)
        names = (": " + ", ".join(escape(g.labels[c]) for c in citizens)
                 if viewer == ALL else "")
        out.append(f'<div class="ely-card citizen" title="face down: nobody may look at it"'
                   f'{_token(f"citizen:{q}")}>{n} Citizen{"s" if n > 1 else ""} (face down)'
                   f"{names}</div>")
    return "".join(out) or "<i>empty</i>"


def _elysium(s: ElysiumState, q: int, viewer: object) -> str:
    seat, g = s.data.seats[q], s.game
    tables = {"family": g.number("family_legend_vp"), "level": g.number("level_legend_vp")}
    rows = []
    for i, lg in enumerate(seat.legends):
        kind = L.kind(lg, g.inst)
        worth = f"{tables[kind][len(lg)]} VP" if kind else "0 VP (a lone card scores nothing)"
        cards = "".join(
            '<div class="ely-card citizen" title="a Citizen in a legend costs 2 VP at the end">'
            "Citizen (joker)" + (f": {escape(g.labels[c])}" if viewer == ALL else "") + "</div>"
            if c in seat.citizens else card_html(s, c) for c in lg)
        rows.append(f'<div class="legend"{_token(f"legend:{q}:{i}")}><b>Legend {i + 1}</b>: '
                    f"{escape(L.describe(lg, seat, g.inst))} · worth {worth}"
                    f'<div class="cards">{cards}</div></div>')
    new = (f'<div class="new-legend"{_token(f"legend:{q}:new")}>+ a new legend</div>'
           if q == s.current_player else "")
    return ("".join(rows) or "<i>no legends yet</i>") + new


def _seat(s: ElysiumState, q: int, tally: dict, viewer: object) -> str:
    d, g = s.data, s.game
    seat = d.seats[q]
    turn = q == s.current_player
    css = "seat turn" if turn else "seat"
    columns = "".join(_chip(c, c not in seat.columns,
                            f"column:{q}:{c}" if c in seat.columns else "")
                      for c in g.colours_in_play)
    quest = (f"quest {g.quests[seat.quest].number}" if seat.quest
             else ("incomplete quest" if d.phase == III else "no quest yet"))
    lyres = f" · lyres left: {seat.lyres}" if d.phase == III else ""
    name = s.player_name(q)
    score = tally["scores"][name]
    is_open = turn or (viewer == q) or (s.current_player is None and q == d.order[0])
    return (f'<details class="{css}" data-seat="{q}"{" open" if is_open else ""}><summary>'
            f'<span class="counters"><b>{escape(name)}</b> disc #{seat.disc} · '
            f"<b>{seat.gold} gold</b><b>{seat.vp} VP</b><b>{seat.pp} PP</b></span> "
            f'<span class="columns">Columns: {columns} '
            f"{escape(', '.join(seat.columns) or 'none left')}</span></summary>"
            f"<div>{quest} · cards taken this epoch: {seat.cards_taken}/"
            f"{g.number('cards_per_epoch')}{lyres} · if the game ended now: {score} VP</div>"
            f'<div class="zone domain"><div class="zone-title">Domain</div>'
            f'<div class="cards">{_domain(s, q, viewer)}</div></div>'
            f'<div class="zone elysium-legends"><div class="zone-title">Elysium</div>'
            f"{_elysium(s, q, viewer)}</div></details>")


def elysium_view(s: ElysiumState, viewer: object = ALL) -> str:
    """HTML of the whole table as ``viewer`` sees it: epoch and phase, the Agora, piles and
    temple on the left, every player's area on the right."""
    d = s.data
    tally = score_table(s)
    header = (f'<div class="ely-head">Epoch <b>{min(d.epoch, s.game.number("epochs"))}</b> of '
              f"{s.game.number('epochs')} · {escape(s.phase.name)} · families: "
              f"{escape(', '.join(f.capitalize() for f in d.families))} · "
              f'<span class="mythlab-flag">{MARK}</span> = a value the rulebooks do not give, '
              "chosen by mythlab (hover it for which)</div>")
    order = list(d.order or range(s.game.players))
    hot = {step for path in targets(s).values() for step in path if isinstance(step, str)}
    seats = "".join(_seat(s, q, tally, viewer) for q in order)
    return (f'{_STYLE}<div class="elysium mythlab-elysium-view">{header}<div class="ely-grid">'
            f'<div class="ely-col ely-table">{_agora(s)}{_piles(s, viewer, hot)}{_temple(s)}</div>'
            f'<div class="ely-col seats">{seats}</div></div></div>')


#: move kinds made by clicking one card (in the Agora, a zone or the domain)
_ONE_CARD = frozenset({"take", "take_from", "use", "use_legend", "use_power", "discard"})
#: move kinds that move a card of the domain into a legend of the Elysium
_TRANSFERS = frozenset({"transfer", "power_transfer"})


def targets(s: ElysiumState) -> dict[str, tuple[Step, ...]]:
    """Each legal move as the clicks that make it: an Agora card or a quest to take it, a
    column to discard it, a domain card (or the Citizens) then a legend to transfer it, the
    draw pile for a Citizen; the rest (end turn, choose, accept …) is picked by name."""
    q = s.current_player
    if q is None or s.is_chance_node():
        return {}
    seat = s.data.seats[q]
    paths: dict[str, tuple[Step, ...]] = {}

    def card(c: str) -> str:
        return f"citizen:{q}" if c in seat.citizens else f"card:{c}"

    for n, a in enumerate(s.legal_actions()):
        if a.kind in _ONE_CARD:
            path: tuple[Step, ...] = (card(a.args[0]),)
        elif a.kind in _TRANSFERS:
            c, index = a.args[0], a.args[1]
            path = (card(c), f"legend:{q}:{'new' if index < 0 else index}")
        elif a.kind == "exchange":
            path = (card(a.args[0]), card(a.args[1]))
        elif a.kind == "quest":
            path = (f"quest:{a.args[0]}",)
        elif a.kind == "column":
            path = (f"column:{q}:{a.args[0]}",)
        elif a.kind == "citizen":
            path = ("pile:draw",)
        else:
            path = (Pick(f"move:{n}", a.label),)
        paths[a.label] = path
    return _unambiguous(paths)


def _unambiguous(paths: dict[str, tuple[Step, ...]]) -> dict[str, tuple[Step, ...]]:
    """A path that begins a longer one (use a card, or transfer it) ends with its name to pick,
    so one click never stands for two moves."""
    starts = {path[:n] for path in paths.values() for n in range(1, len(path))}
    return {label: (*path, Pick(f"move:{n}", label)) if path in starts else path
            for n, (label, path) in enumerate(paths.items())}
