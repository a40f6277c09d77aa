"""The Agea table in the Stepper, and the clicks that make each move on it.

``agea_view(state, viewer)`` draws every player's heroes, city states, hand and victory pile,
with what the viewer may not see (the deck, other players' hands) as card backs and counts.
Each card drawn face up carries ``data-token="card:<id>"``, each hand ``hand:<seat>`` and
each player's name ``player:<seat>``; ``targets(state)`` maps every legal move to the tokens
clicked to make it: click a hero to adventure, a card to attach or play (then its hero or
target). HTML only (no widget code): the Stepper imports it the first time it shows Agea.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from mythlab.display import Pick, Step, chance_text, fraction_text
from mythlab.engine import ALL, Action

from .load import card_id
from .scoring import breakdown
from .state import Hero, Task

if TYPE_CHECKING:
    from .rules import AgeaState

_STYLE = """<style>
.agea {font-family: sans-serif; font-size: 13px; max-width: 1240px}
.agea .top {display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 2px 0 4px}
.agea .table {display: grid; grid-template-columns: repeat(auto-fit, minmax(290px, 1fr));
  gap: 6px}
.agea .player {border: 1px solid #bbb; border-radius: 6px; padding: 4px 6px; min-width: 0}
.agea .player.turn {border: 2px solid #2a6; background: #f3fbf5}
.agea .row {margin: 2px 0; overflow-wrap: anywhere}
.agea .hero {margin: 2px 0; padding: 2px 4px; background: #f4f0e6; border-radius: 4px}
.agea .hero.delayed {background: #eee; color: #666}
.agea .tag {display: inline-block; padding: 0 4px; margin: 1px; border-radius: 3px;
  background: #dde7f5; font-size: 11px}
.agea .blessed {background: #fbe9b7} .agea .limited {background: #f8d7d0}
.agea .card {display: inline-block; padding: 0 4px; margin: 1px; border: 1px solid #ccc;
  border-radius: 3px; font-size: 11px; background: #fff}
.agea .focus {border: 1px dashed #c60; padding: 3px 6px; margin: 3px 0; background: #fff7ec}
.agea .odds {color: #444} .agea svg {vertical-align: middle}
.agea details summary {cursor: pointer; color: #555}
</style>"""

#: the card back drawn for a face-down card (deck, another player's hand)
_BACK = ('<svg class="back" width="12" height="16" viewBox="0 0 12 16" role="img" '
         'aria-label="face-down card"><rect x="0.5" y="0.5" width="11" height="15" rx="2" '
         'fill="#7a5230" stroke="#3d2914"/><rect x="3" y="3" width="6" height="10" rx="1" '
         'fill="none" stroke="#e8c98f"/></svg>')
#: at most this many backs are drawn for one hand (its size is always written)
_BACKS_SHOWN = 7
_PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)],
         4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
         6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}


def die_face(value: int) -> str:
    """A d6 face as a small inline SVG (pips, no emoji); a blank die for "not rolled yet"."""
    pips = "".join(f'<circle cx="{4 * x}" cy="{4 * y}" r="1.3" fill="#222"/>'
                   for x, y in _PIPS.get(value, []))
    label = f"die showing {value}" if value in _PIPS else "die not rolled yet"
    return (f'<svg width="16" height="16" viewBox="0 0 16 16" role="img" aria-label="{label}">'
            '<rect x="0.5" y="0.5" width="15" height="15" rx="3" fill="#fff" stroke="#444"/>'
            f"{pips}</svg>")


def _delay_tokens(n: int) -> str:
    """Delay tokens as small grey discs, with their number in words."""
    discs = "".join(f'<circle cx="{5 + 9 * i}" cy="5" r="4" fill="#999" stroke="#555"/>'
                    for i in range(min(n, 6)))
    return (f'<svg width="{9 * min(n, 6) + 1}" height="10" role="img" aria-label="{n} delay '
            f'tokens">{discs}</svg> {n} delay')


# ---------------------------------------------------------------------- tokens
def card_token(instance: str) -> str:
    """The ``data-token`` of a card drawn face up, by its instance id."""
    return f"card:{instance}"


def hand_token(seat: int) -> str:
    """The ``data-token`` of a seat's hand."""
    return f"hand:{seat}"


def player_token(seat: int) -> str:
    """The ``data-token`` of a seat's player name."""
    return f"player:{seat}"


def _card_title(s: AgeaState, instance: str) -> str:
    """What the card is and does, for its tooltip: type, traits or tests, note, VP."""
    c = s.card(instance)
    parts = [c.type.replace("-", " ")]
    if c.traits:
        parts.append("traits: " + ", ".join(c.traits))
    if c.tests:
        parts.append("tests: " + ", ".join(c.tests) + (" (destroyer)" if c.destroyer else ""))
    if c.note:
        parts.append(c.note)
    if c.vp:
        parts.append(f"{c.vp} VP")
    return " · ".join(parts)


def _chip(s: AgeaState, instance: str, extra: str = "") -> str:
    """A face-up card as a small clickable chip with its description on hover."""
    return (f'<span class="card" data-token="{escape(card_token(instance))}" '
            f'title="{escape(_card_title(s, instance))}">{escape(s.name(instance))}{extra}</span>')


def _chips(s: AgeaState, cards: list[str]) -> str:
    return "".join(_chip(s, c) for c in cards) or "none"


def _backs(n: int) -> str:
    shown = _BACK * min(n, _BACKS_SHOWN)
    return f"{shown} {n} card{'s' if n != 1 else ''}" if n else "no cards"


# ---------------------------------------------------------------------- the table
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
        tags.append(f'<span class="{css}" title="from {escape(origin)}">{escape(trait)}</span>')
    status = []
    if hero.delay:
        status.append(_delay_tokens(hero.delay))
    if hero.cursed:
        status.append("<i>cursed until a blessing is discarded</i>")
    items = []
    for a in hero.attached:
        extra = ""
        if a in s.data.uses:
            extra = f" ({s.data.uses[a]} uses left)"
        if a in s.data.timers:
            extra = f" (returns in {s.data.timers[a]} turns)"
        items.append(_chip(s, a, escape(extra)))
    css = "hero delayed" if not s.active(hero) else "hero"
    return (f'<div class="{css}" data-token="{escape(card_token(hero.card))}" '
            f'title="{escape(_card_title(s, hero.card))}"><b>{escape(s.name(hero.card))}</b> '
            f'{"".join(tags)} {" ".join(status)}'
            + (f'<div class="row">carries: {"".join(items)}</div>' if items else "") + "</div>")


def _player(s: AgeaState, q: int, viewer: int | str | None) -> str:
    """One player's area; the hand is face down unless ``viewer`` may see it."""
    d = s.data
    p = d.players[q]
    sees_hand = viewer == ALL or viewer == q
    parts = breakdown(s, q, with_hand=sees_hand)
    vp = sum(parts.values())
    vp_text = f"{vp} VP" + (" + hand" if p.hand and not sees_hand else "")
    vp_title = ", ".join(f"{k} {v}" for k, v in parts.items() if v) or "no VP yet"
    css = "player turn" if d.order and q == s.turn_player and not d.over else "player"
    heroes = "".join(_hero(s, h) for h in p.heroes) or "<i>no heroes</i>"
    seat = (d.order.index(q) + 1) if q in d.order else "?"
    hand = _chips(s, p.hand) if sees_hand else _backs(len(p.hand))
    victory = (f"<details><summary>Victory pile ({len(p.victory)})</summary>"
               f"{_chips(s, p.victory)}</details>" if p.victory else "Victory pile: none")
    return (f'<div class="{css}"><span data-token="{escape(player_token(q))}">'
            f"<b>{escape(s.player_name(q))}</b></span> (seat {seat}) · "
            f'<b title="{escape(vp_title)}">{vp_text}</b>'
            f"<div>{heroes}</div>"
            f'<div class="row">City states: {_chips(s, p.cities)}</div>'
            f'<div class="row" data-token="{escape(hand_token(q))}">Hand ({len(p.hand)}): '
            f"{hand}</div><div class=\"row\">{victory}</div></div>")


def _chance(p: Fraction) -> str:
    """A probability for people, the exact fraction on hover."""
    return f'<span class="odds" title="exactly {fraction_text(p)}">{chance_text(p)}</span>'


def _test_focus(s: AgeaState, t: Task) -> str:
    """A challenge test: who faces what, and what a defeat would cost, with its odds."""
    numbers = s.game.numbers
    challenge = s.card(t.card)
    tests = ", ".join(challenge.tests)
    text = f"<b>{escape(s.name(t.hero))}</b> faces the {escape(challenge.label)} ({escape(tests)})"
    if t.kind == "demigod-roll":
        wins = len(numbers["demigod_wins_on"]["values"])
        text += f". A Demigod wins on {wins} faces of a d6: {_chance(Fraction(wins, 6))}"
    elif t.kind in ("test", "delay-roll"):
        tragedy = Fraction(1, numbers["delay_die"]["sides"])
        text += (". If defeated: 1d6 delay tokens, and a 6 is a Greek Tragedy (the hero and all "
                 f"his possessions are discarded): {_chance(tragedy)}")
    return text


def _war_focus(s: AgeaState) -> str:
    """The war: each player's bonus and die (a blank die until rolled)."""
    war = s.data.war
    assert war is not None
    rows = []
    for q in range(s.game.players):
        roll = war.rolls[q] if war.rolls else 0
        bonus = war.bonus[q] if war.bonus else 0
        rows.append(f"{escape(s.player_name(q))} {die_face(roll)}"
                    + (f" +{bonus} from cards" if bonus else ""))
    return f"War: <b>{escape(s.name(war.card))}</b> · " + " · ".join(rows)


def _focus(s: AgeaState) -> list[str]:
    """What is being resolved now: cards on the table, a test, a war, Cerberus's choice."""
    d = s.data
    out = []
    if d.limbo:
        out.append(f"On the table: {_chips(s, d.limbo)}")
    task = d.tasks[-1] if d.tasks else None
    if task is not None and task.kind in ("test", "demigod-roll", "delay-roll"):
        out.append(_test_focus(s, task))
    if d.war is not None:
        out.append(_war_focus(s))
    if task is not None and task.kind == "cerberus":
        heroes = [c for c in dict.fromkeys(d.discard) if s.card(c).type == "hero"]
        out.append(f"Heroes in the discard pile: {_chips(s, heroes)}")
    return out


def agea_view(s: AgeaState, viewer: int | str | None = ALL) -> str:
    """HTML of the table as ``viewer`` sees it: whose turn, the card being resolved, every
    player's area. ``ALL`` sees every hand; a seat sees its own; ``None`` (the public) none.

    Parameters
    ----------
    s : AgeaState
        The position to show.
    viewer : int, None or ``ALL``
        Whose view: a seat, the public (``None``) or everyone (``ALL``, the default).

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
    header = (f'<div class="top"><span>{_BACK} Deck: <b>{len(d.deck)}</b> cards</span>'
              f"<span>Discard pile: {len(d.discard)}"
              + (f" (top: {_chip(s, d.discard[-1])})" if d.discard else "")
              + f"</span><span>Turn {d.turns_played + 1}</span></div>")
    focus = "".join(f'<div class="focus">{f}</div>' for f in _focus(s))
    players = "".join(_player(s, q, viewer) for q in range(s.game.players))
    return (f'{_STYLE}<div class="agea mythlab-agea-view">{header}{focus}'
            f'<div class="table">{players}</div></div>')


# ---------------------------------------------------------------------- moves as clicks
def targets(s: AgeaState) -> dict[str, tuple[Step, ...]]:
    """Every legal move of the player to move as the clicks that make it: a hero to
    adventure; a card, then the hero, card or player it goes to; a picker choice where the
    board shows no part to click (end turn, let an event happen, ready for battle)."""
    if s.is_terminal() or s.is_chance_node():
        return {}
    task = s.decision()
    return distinct({a.label: _path(s, task, a) for a in s.legal_actions()})


def _path(s: AgeaState, t: Task, a: Action) -> tuple[Step, ...]:
    """The clicks for one move, by its kind."""
    kind, args = a.kind, a.args
    if kind in ("attach", "attach-from-hand"):
        trait = args[2] if len(args) > 2 else ""
        return ((card_token(args[0]), card_token(args[1]))
                + ((Pick(f"trait:{trait}", f"as {trait}"),) if trait else ()))
    if kind in ("play-drawn", "play-from-hand"):
        instance, hero, target, target_player = args
        aims = [card_token(c) for c in (hero, target) if c]
        if target_player >= 0 and not target:
            aims.append(player_token(target_player))
        return (card_token(instance), *aims)
    if kind == "war-card":
        return (card_token(args[0]),) + ((card_token(args[1]),) if args[1] else ())
    if kind == "keep":
        return (card_token(args[0]), hand_token(t.player))
    if kind == "lift":  # the blessing discarded, then the cursed hero
        return (card_token(args[1]), card_token(args[0]))
    if kind == "bless":
        return (card_token(args[0]), card_token(t.hero))
    if kind == "face":
        return (card_token(t.card),)
    if kind == "army":
        return (card_token(t.hero),)
    if kind == "rival":  # the city state to discard
        city = next(c for c in s.data.players[t.player].cities if card_id(c) == args[0])
        return (card_token(city),)
    if kind in ("adventure", "discard-to-limit", "hera-discard", "save", "negate", "cash",
                "keep-from-tyche", "sacrifice", "lose-city", "revive", "spoils"):
        return (card_token(args[0]),)
    return (_pick(a.label),)  # end turn, let it happen, let the hero die, ready, no spoils


def _pick(label: str) -> Pick:
    return Pick(f"move:{label}", label)


def _tokens(path: tuple[Step, ...]) -> tuple[str, ...]:
    return tuple(step.token if isinstance(step, Pick) else step for step in path)


def distinct(paths: dict[str, tuple[Step, ...]]) -> dict[str, tuple[Step, ...]]:
    """The paths with a picker choice naming the move added where one path is another's
    start or two are the same (a drawn event: play it at once, or keep it in hand), so the
    clicks always name exactly one move.

    >>> distinct({"play X": ("card:x",), "keep X": ("card:x", "hand:0")})["play X"]
    ('card:x', Pick(token='move:play X', text='play X'))
    """
    tokens = {label: _tokens(path) for label, path in paths.items()}
    out = dict(paths)
    for label, mine in tokens.items():
        if any(other != label and theirs[:len(mine)] == mine for other, theirs in tokens.items()):
            out[label] = (*paths[label], _pick(label))
    return out
