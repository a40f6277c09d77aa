"""What Agea keeps secret, and from whom: the deck's order and the cards in other players'
hands (Agea rulebook, English edition, The Cards, Setup and Draw Phase; rulings hidden-hands
and oracle-look). Everything else is on the table: heroes, city states, what is attached,
victory piles, the discard pile and every card as it is drawn.

``observe`` is a seat's view of the position, ``resample`` redraws what a seat cannot see and
``redact`` rewrites the one log line that names a secret (the Oracle's look).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from .load import card_id
from .refs import RULES, card_note

if TYPE_CHECKING:
    from .rules import AgeaState

#: a card whose face the viewer cannot see (in the deck, in another player's hand)
FACE_DOWN = "face-down"

HANDS_RULING = RULES.ruling("hidden-hands")
ORACLE_RULING = RULES.ruling("oracle-look")

#: what the rulebook keeps secret, each with the rule that hides it (``AgeaGame.hidden``)
HIDDEN = {
    "deck": "the deck's order and faces: it is shuffled and its cards show a blank or 'Agea' "
            "back; only Visit Oracle at Delphi looks at the next 7 cards (Agea rulebook, "
            "English edition, The Cards, Setup and Events)",
    "hands": "the cards in another player's hand, not its size: they are held, unlike heroes "
             "and city states placed face up in front of you (Agea rulebook, English edition, "
             f"Draw Phase; {HANDS_RULING})",
    "oracle": "the next 7 cards that Visit Oracle at Delphi shows to the player who plays it "
              f"(Agea rulebook, English edition, Events; {ORACLE_RULING})",
}


def hidden_from(s: AgeaState, viewer: int | None) -> list[int]:
    """The seats whose hands ``viewer`` cannot see (every seat for the public view)."""
    return [q for q in range(s.game.players) if q != viewer]


def observe(s: AgeaState, viewer: int | None, data: dict[str, Any]) -> dict[str, Any]:
    """The position as ``viewer`` sees it: ``data`` (the whole position, as JSON) with the deck
    and other hands turned face down (sizes kept) and the use and turn counters of face-down
    cards left out."""
    unseen = set(s.data.deck)
    data["deck"] = [FACE_DOWN] * len(s.data.deck)
    for q in hidden_from(s, viewer):
        unseen.update(s.data.players[q].hand)
        data["players"][q]["hand"] = [FACE_DOWN] * len(s.data.players[q].hand)
    for counters in ("uses", "timers"):
        data[counters] = {c: n for c, n in data[counters].items() if c not in unseen}
    return data


def _kept_back(s: AgeaState, seat: int) -> list[str]:
    """Cards a seat's pending decision shows they hold, which a redraw must leave them: a
    Divine Intervention for each seat asked whether to negate, a blessing for a hero's owner
    asked to save it from a Lightning Bolt (only holders are asked)."""
    hand = s.data.players[seat].hand
    kept: list[str] = []
    for t in s.data.tasks:
        if t.kind == "negate" and seat in (t.player, *t.players):
            kept.append(next(c for c in hand if card_id(c) == "divine-intervention"))
        elif t.kind == "bolt" and seat == t.player:
            kept.append(next(c for c in hand if s.card(c).is_blessing))
    return list(dict.fromkeys(kept))


def resample(s: AgeaState, viewer: int | None, rng: random.Random) -> None:
    """Redraw, in place, what ``viewer`` cannot see: pool the deck with the other hands (less
    the cards their pending decisions show), shuffle, and deal back the same sizes. The pool
    is sorted before the shuffle, so the redraw follows only what ``viewer`` sees and ``rng``."""
    d = s.data
    seats = hidden_from(s, viewer)
    kept = {q: _kept_back(s, q) for q in seats}
    pool = list(d.deck)
    for q in seats:
        pool += [c for c in d.players[q].hand if c not in kept[q]]
    before = set(pool)
    pool.sort()
    rng.shuffle(pool)
    for q in seats:
        free = len(d.players[q].hand) - len(kept[q])
        s.player_to_change(q).hand = kept[q] + pool[:free]
        del pool[:free]
    d.deck = pool
    _reset_counters(s, before)


def _reset_counters(s: AgeaState, redrawn: set[str]) -> None:
    """Use and turn counters follow the redrawn cards: none in the deck, a fresh count for a
    limited or returning relic dealt into a hand (as when it was drawn)."""
    d = s.data
    in_deck = set(d.deck)
    for c in redrawn:
        d.uses.pop(c, None)
        d.timers.pop(c, None)
        if c in in_deck:
            continue
        card = s.card(c)
        if card.uses:
            d.uses[c] = card.uses
        if card.returns_in:
            d.timers[c] = card.returns_in


_LOOK = re.compile(r"The next (\d+) cards: .*\.  \[(.+)\]")


def redact(s: AgeaState, line: str, viewer: int | None) -> str:
    """The Oracle's look names the next cards of the deck: only its player reads them. The
    Oracle is played only in its player's own turn (Draw or Adventure Phase), so its player
    is the player whose turn it is."""
    look = _LOOK.fullmatch(line)
    if look is None or viewer == s.turn_player or look.group(2) not in _oracle_notes(s):
        return line
    return (f"{s.player_name(s.turn_player)} looks at the next {look.group(1)} cards.  "
            f"[{look.group(2)}]")


def _oracle_notes(s: AgeaState) -> set[str]:
    return {card_note(c) for c in s.game.cards if c.effect == "oracle"}
