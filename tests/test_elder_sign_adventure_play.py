"""The adventures' rules of the search bot's Elder Sign play (mythlab.elder_sign.adventure_play):
dice by their exact odds, the race for Elder Signs, the cards bought for the battle."""

from __future__ import annotations

import mythlab
from mythlab.elder_sign import adventure_play, search_play
from mythlab.elder_sign.bots import OddsBot, card_value
from mythlab.elder_sign.live_odds import attempt_odds
from mythlab.elder_sign.resolve import held_count


def _dice_positions(seeds: range, ancient_one: str | None = None):
    """Every decision of an adventure's dice in team games played by the search's rules."""
    for seed in seeds:
        s = mythlab.make("elder_sign", players=2, seed=seed,
                         ancient_one=ancient_one).initial_state()
        while not s.is_terminal() and not s.data.awake:
            if s.is_chance_node():
                s = s.apply(s.sample_chance())
                continue
            a = s.data.attempt
            if a is not None and a.card != "ancient-one" and a.stage in ("resolve", "aside",
                                                                         "focus"):
                yield s
            s = s.apply(search_play.rules_move(s))


def test_exact_dice_takes_the_move_of_highest_exact_chance():
    """Rule 'exact_dice': its move has the highest chance of resolving the card of all the
    dice moves, never lower than OddsBot's, and higher in some positions; no one assists."""
    odds, answered, better = OddsBot(), 0, 0
    for s in _dice_positions(range(4)):
        move = adventure_play.exact_dice(s)
        if move is None:
            continue
        answered += 1
        assert move.kind in adventure_play.DICE_MOVES
        assert not (move.kind == "focus" and move.args[0] != s.data.turn)
        chance = adventure_play.chance_after(s, move)
        moves = adventure_play.dice_moves(s, s.legal_actions())
        assert chance == max(adventure_play.chance_after(s, m) for m in moves)
        rule = odds(s)
        if rule.kind in adventure_play.DICE_MOVES:
            rule_chance = adventure_play.chance_after(s, rule)
            assert chance >= rule_chance
            better += chance > rule_chance
    assert answered > 50 and better > 0


def test_the_best_dice_move_keeps_the_solvers_chance():
    """Two encodings of the dice rules (p.6-7, p.10): the game's moves, each followed by the
    solver's chance (or the card resolved), and the solver's own best play of the position
    (``attempt_odds``): the best move keeps exactly the solver's chance, in every position
    without held dice, a marker, or Amanda Sharpe's chain of tasks (which the solver does not
    play)."""
    checked = 0
    for s in _dice_positions(range(4)):
        legal = s.legal_actions()
        plain = (held_count(s) == 0 and not s.active.marker
                 and s.game.data.investigators[s.active.name].ability != "many_tasks"
                 and all(m.kind in adventure_play.DICE_MOVES or m.kind == "fail-stop"
                         for m in legal))
        moves = adventure_play.dice_moves(s, legal)
        if plain and moves:
            assert max(adventure_play.chance_after(s, m) for m in moves) == attempt_odds(s)
            checked += 1
    assert checked > 50


def test_the_race_for_signs_goes_on_an_adventure_where_oddsbot_waits():
    """Rule 'race_for_signs': against Hastur (never beaten in the battle lab) a healthy
    investigator goes on the adventure of highest value even when every value is negative,
    where OddsBot waits at the Entrance; against Yig, OddsBot's rules stand."""
    odds, seen = OddsBot(), 0
    s = mythlab.make("elder_sign", players=2, seed=1, ancient_one="Hastur").initial_state()
    while not s.is_terminal() and not s.data.awake and seen < 3:
        if s.is_chance_node():
            s = s.apply(s.sample_chance())
            continue
        moves = [m for m in s.legal_actions() if m.kind == "move"]
        if moves and min(s.active.sanity, s.active.stamina) > adventure_play.LOW_HEALTH:
            race = adventure_play.race_for_signs(s, moves)
            assert race.args[0] != "entrance"
            assert card_value(s, race.args[0]) == max(card_value(s, m.args[0]) for m in moves
                                                      if m.args[0] != "entrance")
            if odds(s).args[0] == "entrance":
                seen += 1
        s = s.apply(odds(s))
    assert seen == 3
    yig = mythlab.make("elder_sign", players=2, seed=1, ancient_one="Yig").initial_state()
    assert adventure_play.race_for_signs(yig, yig.legal_actions()) is None
    assert adventure_play.racing(mythlab.make("elder_sign", players=2, seed=1,
                                              ancient_one="Azathoth").initial_state())


def _at_the_entrance(ancient_one: str) -> mythlab.State:
    """The first investigator at the Entrance with trophies worth 8 (four 2-point cards)."""
    s = mythlab.make("elder_sign", players=2, seed=0, ancient_one=ancient_one).initial_state()
    cards = [name for name, card in s.game.data.adventures.items() if card.trophy_value == 2]
    s = s.clone()
    s.data.seats[s.data.turn].investigator.trophies = [f"card:{n}" for n in cards[:4]]
    s = s.edited()
    return s.apply("go to the Entrance")


def test_cards_for_the_battle_buy_an_ally_not_an_elder_sign():
    """Rule 'cards_for_the_battle': against Yig the trophies buy an ally, where OddsBot buys an
    Elder Sign (p.8); against Yog-Sothoth the race keeps OddsBot's Elder Sign."""
    s = _at_the_entrance("Yig")
    acts = s.legal_actions()
    assert OddsBot()(s).args[0] == "elder_sign"
    assert adventure_play.cards_for_the_battle(s, acts).args[0] == "ally"
    assert search_play.rules_move(s).args[0] == "ally"
    racing = _at_the_entrance("Yog-Sothoth")
    assert adventure_play.cards_for_the_battle(racing, racing.legal_actions()) is None
    assert search_play.rules_move(racing).args[0] == "elder_sign"
