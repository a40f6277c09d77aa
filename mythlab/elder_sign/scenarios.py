"""Set up an Elder Sign position by hand: for rulebook examples, lessons and tests.

>>> from mythlab.elder_sign.scenarios import scenario, roll
>>> s = scenario(board=["The Hidden Passage"]).apply("go to The Hidden Passage")
>>> s = roll(s, "INV_3", "INV_3", "PERIL", "PERIL", "LORE", "TERROR")
>>> s.phase.name, len(s.legal_actions()) > 1
('Adventure', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mythlab.registry import make

from .effects import lock_die, place_monster
from .rules import ElderSignState
from .state import InPlay
from .tasks import TOTALS

#: investigators of a scenario unless given: the 5-sanity 5-stamina ones first
DEFAULT_INVESTIGATORS = ("Vincent Lee", "Amanda Sharpe", "Mandy Thompson", "Dexter Drake",
                         "Joe Diamond", "Kate Winthrop", "Bob Jenkins", "Carolyn Fern")
QUIET = "M19"
"""A Mythos card with no effect ("Quiet Night"): the default Mythos of a scenario."""


def scenario(players: int = 1, seed: int = 0, *, ancient_one: str = "Cthulhu",
             investigators: Sequence[str] | None = None,
             board: Sequence[str] = (), other_worlds: Sequence[str] = (),
             monsters: Mapping[str, Sequence[tuple[str, int]]] | None = None,
             mythos: str = QUIET, doom: int = 0, clock: int = 0, elder_signs: int = 0,
             cards: Mapping[int, Sequence[str]] | None = None,
             clues: Mapping[int, int] | None = None,
             trophies: Mapping[int, Sequence[str]] | None = None,
             health: Mapping[int, tuple[int, int]] | None = None,
             wild: str = "seed", green_dice: int = 6) -> ElderSignState:
    """A position at the start of P1's turn (Movement) with the named pieces.

    ``board`` names the adventures on the table (the rest of the six places are dealt from
    the shuffled deck); ``monsters`` maps a card to (monster id, row) pairs; ``cards``,
    ``clues``, ``trophies`` (``"adventure:<name>"`` / ``"monster:<id>"``) and ``health``
    ((sanity, stamina)) are per seat. Investigators start without their dealt items unless
    ``cards`` gives them some. ``green_dice`` below 6 locks ``6 - green_dice`` green dice on
    the Mythos card (p.11), so adventures are played with fewer dice (small positions for
    exhaustive tests).
    """
    if not 0 <= green_dice <= TOTALS["green"]:
        raise ValueError(f"green_dice={green_dice!r}: expected 0 to {TOTALS['green']}")
    names = list(investigators or DEFAULT_INVESTIGATORS[:players])
    game = make("elder_sign", players=players, seed=seed, ancient_one=ancient_one,
                investigators=names, wild=wild)
    s = game.initial_state().clone()
    s.events = []
    d = s.data
    d.pending.clear()
    d.locks.clear()
    for card in d.board:
        d.cup += [p.monster for p in card.monsters]
        d.adventure_deck.append(card.name)
    d.board = []
    for place in d.seats:
        inv = place.investigator
        for c in inv.cards:
            d.decks[game.data.cards[c].kind].append(c)
        inv.cards = []
        inv.clues = 0
    d.mythos_deck.append(d.mythos)
    d.mythos_deck.remove(mythos)
    d.mythos = mythos
    wanted = list(board)
    for name in wanted:
        d.adventure_deck.remove(name)
    while len(wanted) < 6:
        wanted.append(d.adventure_deck.pop(0))
    d.board = [InPlay(name) for name in wanted]
    for name in other_worlds:
        d.other_world_deck.remove(name)
        d.board.append(InPlay(name))
    for card, placed in (monsters or {}).items():
        for monster, row in placed:
            d.cup.remove(monster)
            place_monster(s, monster, card, row)
    for card in d.board:
        rule = game.data.card_rules.get(card.name)
        if rule is not None and rule.lock != "none":
            lock_die(s, rule.lock, f"card:{card.name}")
    for _ in range(TOTALS["green"] - green_dice):
        lock_die(s, "green", f"mythos:{mythos}")
    d.doom, d.clock, d.elder_signs = doom, clock, elder_signs
    for seat, given in (cards or {}).items():
        for c in given:
            d.decks[game.data.cards[c].kind].remove(c)
            d.seats[seat].investigator.cards.append(c)
    for seat, n in (clues or {}).items():
        d.seats[seat].investigator.clues = n
    for seat, won in (trophies or {}).items():
        inv = d.seats[seat].investigator
        for t in won:
            kind, _, name = t.partition(":")
            (d.cup if kind == "monster" else d.adventure_deck if name in d.adventure_deck
             else d.other_world_deck).remove(name)
            inv.trophies.append(t)
    for seat, (sanity, stamina) in (health or {}).items():
        inv = d.seats[seat].investigator
        inv.sanity, inv.stamina = sanity, stamina
    d.phase = "Move"
    d.turn = 0
    s.events = []
    return s


def roll(state: ElderSignState, *faces: str) -> ElderSignState:
    """Apply the dice outcome showing ``faces`` (any order) for the colour being rolled.

    Faces of several colours may be given as ``"yellow:INV_4"``; plain faces are green.
    """
    s = state
    wanted = [f if ":" in f else f"green:{f}" for f in faces]
    while s.is_chance_node() and s.data.attempt is not None:
        colour = s.data.attempt.to_roll[0]
        mine = sorted(f.partition(":")[2] for f in wanted if f.startswith(colour + ":"))
        for action, _ in s.chance_outcomes():
            if sorted(action.args[1]) == mine:
                s = s.apply(action)
                break
        else:
            raise ValueError(f"no {colour} outcome shows {mine}")
    return s
