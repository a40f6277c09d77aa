"""The adventures' choices of the search bot's rules (``search_play.rules_move``), where they
differ from ``OddsBot``'s: dice played by their exact odds, and the turns spent by what the
final battle holds for the team.

- ``exact_dice``: of the completions, try-agains, dice to set aside and focus moves an
  adventure offers, the one after which the card's exact chance of being resolved is
  highest (:func:`~mythlab.elder_sign.live_odds.attempt_odds`, optimal play of the dice
  from there; 1 once the card is resolved, 0 once the attempt has failed), ``OddsBot``'s on
  ties. No one assists (as with ``OddsBot``): the chance leaves out the sanity or stamina
  an assistant loses on each failed roll. ``OddsBot`` takes the completion with the fewest
  dice and sets aside the die least useful to the rows left, rules of thumb that can spend a
  die the next row needs.
- ``race_for_signs``: against an Ancient One no team of the battle lab ever beat
  (``NEVER_BEATEN``), or one that ends the game as it wakes (``devour_all``), the game can be
  won only by gathering the Elder Signs first (rulebook p.12), so every turn goes to an
  adventure: the one of highest ``card_value`` even when all are negative, the Entrance only
  to heal an investigator at 2 sanity or stamina or less. ``OddsBot`` waits at the Entrance
  whenever every card's value is negative, most turns of a game.
- ``cards_for_the_battle``: against the other Ancient Ones the battle decides, and there an
  Elder Sign counts for nothing: at the Entrance the trophies buy what rolls more dice or
  rerolls them (an ally, a unique item, a common item, a spell, a clue), then first aid,
  then the lost and found. ``OddsBot`` buys an Elder Sign when it can.

Measured, two investigators, team games on seeds 5000-5399 (kept apart from the ladder's
seeds 0-999), played by ``search_play.rules_move`` without and with these rules: 79/400
(19.8 %) and 105/400 (26.3 %) won; ``OddsBot``'s team won 51/400 (12.8 %). Each rule alone
moved the rate by 0 to 6 games in 400; together they gain in the battle (more cards and
health: Yig 48/54 against 41/54, Nyarlathotep 18/57 against 11/57) and in the race (10
games won before the awakening against the four Ancient Ones of the race, none without).

Every function reads only what every seat sees (the board, the tracks, the attempt, the
active investigator), as the search bot's determinized states require.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mythlab.engine import Action

from .bots import OddsBot, card_value
from .live_odds import attempt_odds
from .resolve import AO

if TYPE_CHECKING:
    from .rules import ElderSignState

#: the Ancient Ones the battle lab's teams never beat (0 battles won in 270, played by the
#: search's battle rules from 52 awakening positions of OddsBot games: ``search_play``'s docstring)
NEVER_BEATEN = frozenset({"Hastur", "Shub-Niggurath", "Yog-Sothoth"})
#: the moves of an adventure's dice that ``exact_dice`` weighs by their exact odds
DICE_MOVES = frozenset({"complete", "fail-retry", "aside", "focus", "no-focus"})
#: what the trophies buy at the Entrance before the battle, best first (``cards_for_the_battle``)
BATTLE_BUYS = ("ally", "unique_item", "common_item", "spell", "clue")
#: sanity or stamina at which an investigator racing for Elder Signs heals at the Entrance
LOW_HEALTH = 2

_ODDS = OddsBot()


def chance_after(s: ElderSignState, move: Action) -> Fraction | None:
    """The exact chance that the adventure under way is resolved, after ``move``: 1 once the
    card is resolved, 0 once the attempt has ended without it, else :func:`attempt_odds`
    (None where the solver has no answer)."""
    card = s.data.attempt.card
    after = s.apply(move)
    a = after.data.attempt
    if a is not None and a.card == card:
        return attempt_odds(after)
    on_board = any(c.name == card for c in after.data.board)
    return Fraction(0) if on_board else Fraction(1)


def dice_moves(s: ElderSignState, legal: list[Action]) -> list[Action]:
    """The moves of ``legal`` that :func:`exact_dice` weighs: ``DICE_MOVES``, none of them an
    assist (another investigator's focus)."""
    return [m for m in legal if m.kind in DICE_MOVES
            and not (m.kind == "focus" and m.args[0] != s.data.turn)]


def exact_dice(s: ElderSignState) -> Action | None:
    """Rule 'exact_dice': the dice move of an adventure with the highest :func:`chance_after`,
    ``OddsBot``'s move on ties; None outside an adventure's dice choices, where a clue is
    the only help (the rules spend it), or where the solver has no answer."""
    a = s.data.attempt
    if a is None or a.card == AO:
        return None
    legal = s.legal_actions()
    moves = dice_moves(s, legal)
    if len(moves) < 2 or (not any(m.kind == "complete" for m in moves)
                          and any(m.kind == "clue" for m in legal)):
        return None
    chances = [chance_after(s, m) for m in moves]
    if None in chances:
        return None
    best = max(chances)
    rule = _ODDS(s)
    best_moves = [m for m, c in zip(moves, chances, strict=True) if c == best]
    return rule if any(m is rule for m in best_moves) else best_moves[0]


def racing(s: ElderSignState) -> bool:
    """Whether only the Elder Signs can win this game: its Ancient One was never beaten in the
    battle lab, or ends the game as it wakes."""
    ao = s.ancient_one
    return ao.name in NEVER_BEATEN or ao.awakening == "devour_all"


def race_for_signs(s: ElderSignState, moves: list[Action]) -> Action | None:
    """Rule 'race_for_signs': racing (:func:`racing`), the adventure of highest
    ``card_value``, or the Entrance for an investigator at ``LOW_HEALTH`` or less; None when
    not racing (``OddsBot`` chooses)."""
    if not racing(s):
        return None
    entrance = next((m for m in moves if m.args[0] == "entrance"), None)
    inv = s.active
    adventures = [m for m in moves if m.args[0] != "entrance"]
    if entrance is not None and (min(inv.sanity, inv.stamina) <= LOW_HEALTH or not adventures):
        return entrance
    return max(adventures, key=lambda m: (card_value(s, m.args[0]), m.label))


def cards_for_the_battle(s: ElderSignState, acts: list[Action]) -> Action | None:
    """Rule 'cards_for_the_battle': not racing, the first of ``BATTLE_BUYS`` the trophies
    pay for, else first aid when hurt, else the lost and found; None when racing."""
    if racing(s):
        return None
    buys = {m.args[0]: m for m in acts if m.kind == "souvenir"}
    for want in BATTLE_BUYS:
        if want in buys:
            return buys[want]
    inv = s.active
    if inv.sanity < inv.max_sanity or inv.stamina < inv.max_stamina:
        return next(m for m in acts if m.kind == "first-aid")
    return next(m for m in acts if m.kind == "lost-found")


def adventure_move(s: ElderSignState) -> Action | None:
    """These rules' move before the battle, or None where ``OddsBot``'s rules stand."""
    legal = s.legal_actions()
    kinds = {m.kind for m in legal}
    if "move" in kinds:
        return race_for_signs(s, [m for m in legal if m.kind == "move"])
    if "first-aid" in kinds:
        return cards_for_the_battle(s, legal)
    return exact_dice(s)
