"""The Elder Sign view (``SPEC.view``, shown by the Stepper): clock, doom track, Elder Signs,
the Ancient One, the adventures in play with their task rows and monsters, the attempt's dice,
the investigators, and the exact odds of each card for the active investigator's green dice.

Plain HTML from a state and a viewer, no widget code. The decks and the monster cup are face
down for everyone (:mod:`.hidden`): seats and the public see their sizes, only the teacher's
view (``ALL``) names the next cards. Parts a person clicks carry a ``data-token``
(:func:`targets` lists each legal move's clicks): a card to go there, a die then a task row,
an investigator's marker or a spell, an item to spend it. Dice faces and task symbols are
small inline SVG icons (no emoji: they render as empty boxes without an emoji font). Odds
come from :mod:`.live_odds`, whose solvers the game keeps, so a redraw costs a lookup.
"""

from __future__ import annotations

from html import escape

from mythlab.display import Pick, Step, chance_text, fraction_text
from mythlab.engine import ALL

from .dice import parse_row
from .effects import rows_of, trophy_value
from .live_odds import abilities_left_out, card_odds, green_pool
from .resolve import rows as attempt_rows
from .rules import ElderSignState
from .tasks import split

_STYLE = """<style>
.eldersign {font-family: sans-serif; font-size: 13px; max-width: 100%}
.eldersign .cols {display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start}
.eldersign .main {flex: 1 1 560px; min-width: 0}
.eldersign .side {flex: 0 1 330px; min-width: 0}
.eldersign .top {display: flex; gap: 12px; align-items: center; flex-wrap: wrap}
.eldersign .track span {display: inline-block; width: 12px; height: 12px; margin: 1px;
  border: 1px solid #777; border-radius: 3px; text-align: center; font-size: 9px;
  vertical-align: middle}
.eldersign .track .doom {background: #7a1f1f; color: #fff}
.eldersign .track .icon {border-color: #c60}
.eldersign .cards {display: flex; flex-wrap: wrap; gap: 5px; margin-top: 5px}
.eldersign .card {border: 1px solid #bbb; border-radius: 6px; padding: 3px 5px; width: 172px}
.eldersign .card.world {background: #f1ecfa}
.eldersign .card.here {border: 2px solid #2a6}
.eldersign .card small {display: block; color: #444; line-height: 1.25}
.eldersign .row {margin: 1px 0; padding: 0 3px; border-radius: 3px; background: #f4f0e6;
  line-height: 20px}
.eldersign .row.done {background: #d8f0d8; opacity: .7}
.eldersign .row.monster {background: #f8d7d0}
.eldersign .odds {float: right; font-weight: bold; font-size: 12px}
.eldersign svg {vertical-align: middle}
.eldersign .die {display: inline-block; margin: 1px}
.eldersign .box {border: 1px solid #ccc; border-radius: 5px; padding: 3px 5px; margin: 0 0 5px}
.eldersign .inv {border: 1px solid #ccc; border-radius: 4px; padding: 2px 5px; margin: 2px 0}
.eldersign .inv.turn {border: 2px solid #2a6; background: #f3fbf5}
.eldersign .chip {display: inline-block; border: 1px solid #bbb; border-radius: 3px;
  padding: 0 3px; margin: 1px; background: #fff}
.eldersign .key {color: #555; font-size: 11px}
</style>"""

DIE_COLOURS = {"green": ("#2e7d32", "#fff"), "yellow": ("#f2c200", "#222"),
               "red": ("#c62828", "#fff")}
"""Each die's body and symbol colour."""

_GLYPHS = {
    "LORE": '<path d="M5 7 L11 9 L17 7 L17 16 L11 18 L5 16 Z M11 9 L11 18" fill="none" '
            'stroke="{ink}" stroke-width="1.6" stroke-linejoin="round"/>',
    "PERIL": '<circle cx="11" cy="10" r="5" fill="none" stroke="{ink}" stroke-width="1.6"/>'
             '<circle cx="9" cy="10" r="1.2" fill="{ink}"/><circle cx="13" cy="10" r="1.2" '
             'fill="{ink}"/><path d="M8.5 15 L8.5 17.5 M11 15 L11 17.5 M13.5 15 L13.5 17.5" '
             'stroke="{ink}" stroke-width="1.4"/>',
    "TERROR": '<path d="M5 16 C7 8, 9 8, 9 13 C9 17, 13 17, 13 11 C13 6, 17 6, 17 10" '
              'fill="none" stroke="{ink}" stroke-width="1.8" stroke-linecap="round"/>',
    "WILD": '<path d="M11 4 L13 9 L18 9 L14 12.5 L15.5 17.5 L11 14.5 L6.5 17.5 L8 12.5 L4 9 '
            'L9 9 Z" fill="{ink}"/>',
}
FACE_WORDS = {"LORE": "lore", "PERIL": "peril", "TERROR": "terror", "WILD": "wildcard"}


def face_words(face: str) -> str:
    """A die face or task symbol in words: ``INV_3`` -> ``3 investigation``."""
    if face.startswith("INV_"):
        return f"{face[4:]} investigation"
    return FACE_WORDS.get(face, face.lower())


def face_icon(face: str, colour: str = "", token: str = "") -> str:
    """A die face as a 22 px SVG icon: on a die of ``colour``, or outlined (a task's symbol)
    when ``colour`` is empty; ``token`` makes it clickable on the board."""
    body, ink = DIE_COLOURS.get(colour, ("#fff", "#333"))
    frame = (f'<rect x="1" y="1" width="20" height="20" rx="4" fill="{body}" '
             f'stroke="{"#333" if colour else "#999"}" stroke-width="1"/>')
    if face.startswith("INV_"):
        glyph = (f'<text x="11" y="15.5" text-anchor="middle" font-size="13" '
                 f'font-weight="bold" fill="{ink}" font-family="sans-serif">{face[4:]}</text>'
                 f'<path d="M4 18 L8 18" stroke="{ink}" stroke-width="1.4"/>')
    else:
        glyph = _GLYPHS.get(face, "").format(ink=ink)
    words = f"{colour} die: {face_words(face)}" if colour else face_words(face)
    attr = _token(token) if token else ""
    return (f'<span class="die"{attr}><svg width="22" height="22" viewBox="0 0 22 22" '
            f'role="img" aria-label="{words}"><title>{words}</title>{frame}{glyph}</svg></span>')


def die_icon(die: str, token: str = "") -> str:
    """A rolled die ``"colour:FACE"`` as its icon."""
    colour, face = split(die)
    return face_icon(face, colour, token)


def row_icons(row) -> str:
    """A task row's requirements as icons (an either-or joined by "or")."""
    return " ".join(" or ".join(face_icon(o) for o in req.options) for req in row.requirements)


_EFFECTS = {
    "elder_sign": ("Elder Sign", "Elder Signs"), "clue": ("clue", "clues"),
    "common_item": ("common item", "common items"), "unique_item": ("unique item",
                                                                     "unique items"),
    "spell": ("spell", "spells"), "ally": ("ally", "allies"),
    "other_world": ("Other World opens", "Other Worlds open"),
    "monster": ("monster appears", "monsters appear"), "doom": ("doom", "doom"),
    "sanity": ("sanity", "sanity"), "stamina": ("stamina", "stamina"),
    "trophies": ("trophy", "trophies"),
}
_SPECIAL = {"none": "none", "immediate_fail": "the adventure fails at once",
            "discard_all_terror": "discard every die showing terror"}


def effect_words(text: str) -> str:
    """Rewards, penalties or a terror effect in words: ``elder_sign:1;clue:1`` -> ``+1 Elder
    Sign, +1 clue``; ``stamina:-1`` -> ``lose 1 stamina``.

    >>> effect_words("elder_sign:1;monster:1"), effect_words("stamina:-2;doom:1")
    ('+1 Elder Sign, 1 monster appears', 'lose 2 stamina, +1 doom')
    """
    if not text or text in _SPECIAL:
        return _SPECIAL.get(text, "none")
    words = []
    for token in text.split(";"):
        kind, _, amount = token.partition(":")
        if kind not in _EFFECTS or not amount.lstrip("-").isdigit():
            words.append(_SPECIAL.get(token, token.replace("_", " ")))
            continue
        n = int(amount)
        one, many = _EFFECTS[kind]
        name = one if abs(n) == 1 else many
        if kind in ("monster", "other_world"):
            words.append(f"{n} {name}")
        else:
            words.append(f"lose {-n} {name}" if n < 0 else f"+{n} {name}")
    return ", ".join(words)


def _chance(p) -> str:
    """A probability for people, its exact fraction on hover."""
    return f'<span title="exact: {fraction_text(p)}">{chance_text(p)}</span>'


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
        token = f' data-token="row:{i}"' if here else ""
        done = " (done)" if here and i in a.done else ""
        rows.append(f'<div class="{css}"{token} title="task {i + 1}: {escape(str(row))}">'
                    f"{i + 1}. {row_icons(row)}{who}{done}</div>")
    odds = ""
    if pool and not s.data.awake:
        p = card_odds(s, name, pool)
        odds = (f'<span class="odds">{_chance(p)}</span>' if p is not None
                else '<span class="odds" title="too large to solve within seconds">?</span>')
    arrow = " (tasks in order)" if adventure.card.ordered else ""
    visitors = [p.investigator.name for p in s.data.seats
                if p.investigator and p.investigator.where == name]
    css = "card" + (" world" if adventure.deck == "other_world" else "") + (" here" if here
                                                                           else "")
    terror = effect_words(adventure.terror_effect)
    return (f'<div class="{css}" data-token="card:{escape(name)}">{odds}'
            f"<b>{escape(name)}</b>{arrow}<div>{''.join(rows)}</div>"
            f"<small>rewards: {escape(effect_words(adventure.rewards))}<br>"
            f"penalties: {escape(effect_words(adventure.penalties))}"
            + (f"<br>terror: {escape(terror)}" if terror != "none" else "")
            + (f"<br>here: {escape(', '.join(visitors))}" if visitors else "")
            + "</small></div>")


def _abilities_left_out(s: ElderSignState) -> str:
    """``", nor Harvey Walters's ability"`` for the abilities the odds leave out, each
    ability's words on hover; ``""`` when there are none."""
    names = abilities_left_out(s)
    if not names:
        return ""
    cards = s.game.data.investigators
    said = [f'<span title="{escape(cards[n].ability_text)}">{escape(n)}</span>' for n in names]
    return (f", nor {said[0]}'s ability" if len(said) == 1 else
            f", nor the abilities of {', '.join(said[:-1])} and {said[-1]}")


def _investigators(s: ElderSignState) -> str:
    d = s.data
    out = []
    for seat, place in enumerate(d.seats):
        inv = place.investigator
        turn = seat == d.turn and not d.result
        css = "inv turn" if turn else "inv"
        if inv is None:
            text = "out" if place.out else "choosing a new investigator"
        else:
            worth = sum(trophy_value(s, t) for t in inv.trophies)
            marker = die_icon(inv.marker) if inv.marker else "empty"
            cards = "".join(f'<span class="chip"{_token(f"item:{c}") if turn else ""}>'
                            f"{escape(c)}</span>" for c in inv.cards)
            clues = (f'<span class="chip" data-token="clue">clues {inv.clues}</span>' if turn
                     else f"clues {inv.clues}")
            text = (f"<b>{escape(inv.name)}</b> stamina {inv.stamina}/{inv.max_stamina} · "
                    f"sanity {inv.sanity}/{inv.max_sanity} · {clues} · trophies {worth}"
                    f" · at {escape(inv.where)} · "
                    f'<span class="chip" data-token="marker:{seat}">marker {marker}</span>'
                    + (f"<div>{cards}</div>" if inv.cards else ""))
        out.append(f'<div class="{css}">{escape(s.player_name(seat))}: {text}</div>')
    return "".join(out)


def _token(token: str) -> str:
    """A ``data-token`` attribute (a part the board makes clickable)."""
    return f' data-token="{escape(token)}"'


def _mythos(mythos) -> str:
    """The Mythos card in play, with its lasting effect when it has one."""
    if mythos is None:
        return "none"
    lasting = f" ({escape(mythos.lasting)})" if mythos.lasting != "none" else ""
    return f"<b>{escape(mythos.name)}</b>{lasting}"


def _place(s: ElderSignState, place: str) -> str:
    """Where a die is locked, in words: ``mythos:M11`` -> ``the Mythos card``."""
    kind, _, name = place.partition(":")
    if kind == "monster" and name in s.game.data.monsters:
        return f"the {escape(s.game.data.monsters[name].name)}"
    return "the Mythos card" if kind == "mythos" else escape(name or place)


def _attempt(s: ElderSignState) -> str:
    a = s.data.attempt
    if a is None:
        return ""
    where = "the Ancient One" if a.card == "ancient-one" else a.card
    rolled = "".join(die_icon(x, f"die:{x}") for x in a.rolled) or "—"
    kept = "".join(die_icon(x) for x in a.kept)
    to_roll = " ".join(f"{a.to_roll.count(c)} {c}" for c in DIE_COLOURS if c in a.to_roll)
    parts = [f"<b>attempt on {escape(where)}</b> ({a.stage})",
             f"<div>roll: {rolled}{' kept ' + kept if kept else ''}</div>"]
    if a.card == "ancient-one":
        parts.append("".join(f'<div class="row" data-token="row:{i}">{i + 1}. '
                             f"{row_icons(row)}</div>"
                             for i, (row, _) in enumerate(attempt_rows(s))))
    parts.append(f'<div><span class="chip" data-token="roll">roll</span> to roll: '
                 f"{to_roll or 'none'} · set aside {len(a.aside)}</div>")
    return f'<div class="box">{"".join(parts)}</div>'


def _table(s: ElderSignState, viewer) -> str:
    """Spells in play, locked dice, and the face-down piles (named only for ``ALL``)."""
    d = s.data
    out = []
    if d.spells:
        out.append("spells: " + " ".join(
            f'<span class="chip" data-token="spell:{escape(sp.spell)}">{escape(sp.spell)} '
            f"{die_icon(sp.die) if sp.die else '(waiting)'}</span>" for sp in d.spells))
    if d.locks:
        out.append("locked dice: " + ", ".join(f"{lock.colour} on {_place(s, lock.place)}"
                                              for lock in d.locks))
    piles = [("adventures", d.adventure_deck), ("Other Worlds", d.other_world_deck),
             ("Mythos", d.mythos_deck), ("monster cup", d.cup),
             *((_EFFECTS[kind][1], deck) for kind, deck in d.decks.items())]
    out.append("face down: " + ", ".join(f"{name} {len(pile)}" for name, pile in piles))
    if viewer == ALL:
        g = s.game.data
        nxt = [f"{name}: {escape(g.monsters[pile[0]].name if pile is d.cup else pile[0])}"
               for name, pile in piles if pile and pile is not d.cup]
        out.append(f'<span class="key">next in the decks (teacher only): {"; ".join(nxt)}'
                   "</span>")
    return f'<div class="box">{"<br>".join(out)}</div>'


def elder_sign_view(s: ElderSignState, viewer=ALL) -> str:
    """HTML of the whole table as ``viewer`` sees it: clock, doom, Elder Signs, Mythos, cards
    with odds, the attempt's dice, the investigators, the face-down piles.

    Parameters
    ----------
    s : ElderSignState
        The position to show.
    viewer : int, None or ALL
        A seat, the public (None) or the teacher (``ALL``: also the decks' next cards).

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
    head = (f'<div class="top"><span>clock <b>{d.clock or 12}</b></span>'
            f"<span><b>{escape(ao.name)}</b> ({'awake' if d.awake else 'asleep'}) · "
            f"combat {row_icons(parse_row(ao.combat))}</span>"
            f"<span>doom {d.doom}/{ao.doom} {_track(s)}</span>"
            f"<span>Elder Signs <b>{d.elder_signs}</b>/{ao.elder_signs}</span>"
            f"<span>Mythos: {_mythos(mythos)}</span></div>")
    info = []
    if pool and not d.awake:
        info.append(f"odds: exact chance to resolve each card with {pool}, as the game plays "
                    f"it now (no items, spells or clues{_abilities_left_out(s)}); the exact "
                    "fraction on hover")
    if d.result:
        info.append(f"<b>{escape(d.result)}</b>")
    entrance = '<div class="card" data-token="entrance"><b>the Entrance</b><small>first aid, '\
               "lost and found, souvenirs</small></div>"
    cards = "".join(_card(s, c.name, pool) for c in d.board) + entrance
    return (f'{_STYLE}<div class="eldersign mythlab-elder-sign-view">{head}'
            f'<div class="key">{" · ".join(info)}</div><div class="cols">'
            f'<div class="main"><div class="cards">{cards}</div></div>'
            f'<div class="side">{_attempt(s)}{_investigators(s)}{_table(s, viewer)}</div>'
            "</div></div>")


def targets(s: ElderSignState) -> dict[str, tuple[Step, ...]]:
    """Each legal move as the clicks that make it: a card (or the Entrance) to go there or to
    place a monster on it, a task row to complete it (then the dice, when several ways), a die
    to set it aside, a die then a marker to focus or assist, a die then a spell, an item to
    spend it, "roll", "clues" then the dice to reroll; the rest is picked by name."""
    q = s.current_player
    if q is None or s.is_chance_node():
        return {}
    paths: dict[str, tuple[Step, ...]] = {}
    for n, a in enumerate(s.legal_actions()):
        paths[a.label] = _path(a, n)
    return _distinct(paths)


def _path(a, n: int) -> tuple[Step, ...]:
    kind, args = a.kind, a.args
    if kind == "move":
        return ("entrance",) if args[0] == "entrance" else (f"card:{args[0]}",)
    if kind == "place":
        return (f"card:{args[0]}",)
    if kind == "complete":
        return (f"row:{args[0]}",)
    if kind in ("aside", "twist"):
        return (f"die:{args[0]}",)
    if kind == "focus":
        return (f"die:{args[1]}", f"marker:{args[0]}")
    if kind == "spell-die":
        return (f"die:{args[1]}", f"spell:{args[0]}")
    if kind == "spend":
        return (f"item:{args[0]}",)
    if kind in ("roll", "reroll"):
        return ("roll",)
    if kind == "clue":
        return ("clue",)
    return (Pick(f"move:{n}", a.label),)


def _distinct(paths: dict[str, tuple[Step, ...]]) -> dict[str, tuple[Step, ...]]:
    """Where clicks alone would name several moves (the same path, or a path that begins a
    longer one), the move's name follows as a last pick."""
    starts = [path[:k] for path in paths.values() for k in range(1, len(path))]
    seen = list(paths.values())
    shared = {p for p in seen if seen.count(p) > 1} | set(starts)
    return {label: (*path, Pick(f"move:{n}", label)) if path in shared else path
            for n, (label, path) in enumerate(paths.items())}
