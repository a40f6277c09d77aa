"""Elder Sign bots: ``evaluate`` (what the generic greedy bot maximises) and ``OddsBot``, a
greedy player that picks adventures by their exact odds.

``OddsBot`` asks :class:`~mythlab.elder_sign.odds.AdventureOdds` for the chance of
resolving each card with the green dice it would roll, weighs it against the card's rewards
and penalties, and plays the dice with simple rules of thumb (fewest dice per task, focus a
die a task still needs, set aside the least useful die).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mythlab.engine import Action

from .dice import investigation
from .load import PLAYER_KINDS, parse_token

if TYPE_CHECKING:
    from .rules import ElderSignState

#: how much a token of each kind is worth to the team (negative: a loss)
WORTH = {"elder_sign": 12.0, "clue": 1.0, "common_item": 1.5, "unique_item": 2.5,
         "spell": 2.0, "ally": 2.5, "other_world": 1.0, "monster": -1.5, "doom": -4.0,
         "sanity": 1.5, "stamina": 1.5, "trophies": 1.0}


def evaluate(s: ElderSignState, player: int) -> float:
    """Elder Signs gathered, doom held back, the team's health, cards, clues and trophies.

    The game is cooperative, so every seat gets the same value.
    """
    d = s.data
    if d.result:
        return 1000.0 if d.result.startswith("won") else -1000.0
    value = 12.0 * d.elder_signs - 4.0 * d.doom
    for place in d.seats:
        inv = place.investigator
        if inv is None:
            value -= 10.0
            continue
        value += 1.5 * (inv.sanity + inv.stamina) + 1.5 * len(inv.cards) + inv.clues
        value += 0.5 * len(inv.trophies)
    return value


def token_value(tokens: Sequence[str]) -> float:
    """The worth of rewards or penalties such as ``["elder_sign:1", "doom:1"]``."""
    total = 0.0
    for token in tokens:
        if token and token != "none":
            kind, n = parse_token(token, PLAYER_KINDS)
            total += WORTH[kind] * n
    return total


class OddsBot:
    """Greedy Elder Sign player: adventures chosen by exact odds (``AdventureOdds``)."""

    name = "odds"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def __call__(self, s: ElderSignState) -> Action:
        """The bot's move: a sampled outcome at a chance node, else the first rule of thumb in
        ``CHOICES`` that applies, else the first legal move."""
        legal = s.legal_actions()
        if s.is_chance_node():
            return s.sample_chance()
        kinds = {a.kind for a in legal}
        for kind, choose in CHOICES:
            if kind in kinds:
                choice = choose(s, legal)
                if choice is not None:
                    return choice
        return legal[0]


def card_value(s: ElderSignState, name: str) -> float:
    """Expected worth of trying a card: odds x rewards + (1 - odds) x penalties."""
    from .live_odds import card_odds, green_pool
    from .resolve import penalty_tokens, reward_tokens

    pool = green_pool(s)
    exact = card_odds(s, name, pool) if pool else None
    if exact is None:  # no dice, or too many tasks to solve at once: hopeless
        return -100.0
    p = float(exact)
    return p * (token_value(reward_tokens(s, name)) + 2.0) + \
        (1 - p) * token_value(penalty_tokens(s, name))


def choose_move(s: ElderSignState, moves: list[Action]) -> Action:
    """Go to the Entrance when sanity or stamina is 2 or less or every adventure's
    :func:`card_value` is negative, else the adventure of highest value."""
    inv = s.active
    entrance = next((a for a in moves if a.args[0] == "entrance"), None)
    if entrance is not None and min(inv.sanity, inv.stamina) <= 2:
        return entrance
    scored = [(card_value(s, a.args[0]), a.label, a) for a in moves if a.args[0] != "entrance"]
    best = max(scored, key=lambda x: x[:2])
    if entrance is not None and best[0] < 0:
        return entrance
    return best[2]


def choose_entrance(s: ElderSignState, acts: list[Action]) -> Action:
    """At the Entrance: an Elder Sign souvenir if offered, free first aid if hurt, else the
    last souvenir offered, else the lost and found."""
    inv = s.active
    by_label = {a.label: a for a in acts}
    for label in ("buy a souvenir: elder sign for 8 trophies",):
        if label in by_label:
            return by_label[label]
    if inv.sanity < inv.max_sanity or inv.stamina < inv.max_stamina:
        return acts[0]  # free first aid
    buys = [a for a in acts if a.kind == "souvenir"]
    return buys[-1] if buys else next(a for a in acts if a.kind == "lost-found")


def choose_prepare(s: ElderSignState, acts: list[Action]) -> Action:
    """Spend a card before an adventure's first roll or against the Ancient One; else roll."""
    a = s.data.attempt
    spend = [x for x in acts if x.kind == "spend"]
    if spend and (a.card == "ancient-one" or a.rolls == 0):
        return spend[0]
    return acts[0]


def choose_resolve(s: ElderSignState, acts: list[Action]) -> Action | None:
    """Complete a task with the fewest dice (the hardest row on ties), else spend a clue,
    else fail the roll and try again, else the last option."""
    done = [a for a in acts if a.kind == "complete"]
    if done:  # fewest dice, then the hardest row (most requirements)
        return min(done, key=lambda a: (sum(k for *_, k in a.args[1]), -len(a.args[1]),
                                        a.label))
    clue = [a for a in acts if a.kind == "clue"]
    if clue:
        return clue[0]
    retry = [a for a in acts if a.kind == "fail-retry"]
    return retry[0] if retry else acts[-1]


def useful(s: ElderSignState, die: str) -> float:
    """How much a rolled die helps the rows still open (higher is better)."""
    from .resolve import available_rows, rows

    face = die.partition(":")[2]
    best = 0.0
    all_rows = rows(s)
    for r in available_rows(s):
        for req in all_rows[r][0].requirements:
            if face in req.symbols:
                best = max(best, 2.0)
            elif req.points:
                best = max(best, investigation(face) / 3)
    return best


def choose_aside(s: ElderSignState, acts: list[Action]) -> Action:
    """Set aside the die least useful to the rows still open."""
    return min(acts, key=lambda a: (useful(s, a.args[0]), a.label))


def choose_focus(s: ElderSignState, acts: list[Action]) -> Action:
    """The active investigator focuses the most useful die; assists are never chosen (then
    no focus)."""
    own = [a for a in acts if a.kind == "focus" and a.args[0] == s.data.turn]
    if own:
        return max(own, key=lambda a: (useful(s, a.args[1]), a.label))
    return acts[-1]


def choose_again(s: ElderSignState, acts: list[Action]) -> Action:
    """Always try again after a failed roll."""
    return acts[0]  # try again while the rules allow


def choose_place(s: ElderSignState, acts: list[Action]) -> Action:
    """Place a monster on a card other than the one being attempted, if any."""
    a = s.data.attempt
    away = [x for x in acts if a is None or x.args[0] != a.card]
    return (away or acts)[0]


def choose_replace(s: ElderSignState, acts: list[Action]) -> Action:
    """Take the investigator with the most sanity plus stamina."""
    cards = s.game.data.investigators
    return max(acts, key=lambda a: (cards[a.args[0]].sanity + cards[a.args[0]].stamina,
                                    a.label))


def choose_loss(s: ElderSignState, acts: list[Action]) -> Action:
    """A loss (an assistant's, or the Ancient One's attack on a maximum) comes off the track
    now higher, sanity on ties."""
    t = s.data.pending[-1]
    inv = s.data.seats[t.player].investigator
    pick = "sanity" if inv.sanity >= inv.stamina else "stamina"
    return next((a for a in acts if a.args[0] == pick), acts[0])


def choose_heal(s: ElderSignState, acts: list[Action]) -> Action:
    """Heal whoever is lowest on the track (a free once-per-day gain)."""
    def level(a: Action) -> tuple[int, str]:
        _, target, track = a.args
        return getattr(s.data.seats[target].investigator, track), a.label

    return min((a for a in acts if a.kind == "heal"), key=level)


def choose_reward(s: ElderSignState, acts: list[Action]) -> Action:
    """"Ashcan" Pete takes whatever is worth most (``WORTH``)."""
    return max(acts, key=lambda a: (WORTH[a.args[0]], a.label))


#: the bot's rule of thumb for a decision, by a move kind among its legal moves (first match)
CHOICES = [("heal", choose_heal), ("reward", choose_reward), ("move", choose_move),
         ("first-aid", choose_entrance), ("roll", choose_prepare),
         ("complete", choose_resolve), ("fail-retry", choose_resolve),
         ("spell-die", lambda s, acts: max(acts, key=lambda a: (useful(s, a.args[1]),
                                                                 a.label))),
         ("try-again", choose_again), ("aside", choose_aside), ("focus", choose_focus),
         ("no-focus", choose_focus), ("place", choose_place), ("replace", choose_replace),
         ("helper", choose_loss), ("max", choose_loss)]
