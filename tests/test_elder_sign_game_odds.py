"""The Elder Sign game and its odds solver are one rule set (issue 10, section 2).

Small adventures are set up in the game itself (``scenarios.scenario``: a few cards, 2-4 green
dice, the others locked on the Mythos card), and the best chance of completing the card is
computed by exhaustive expectimax over the game's own ``legal_actions()`` and
``chance_outcomes()``: every choice the game offers, every roll with its exact probability. It
must equal what :class:`~mythlab.elder_sign.AdventureOdds` says for the same position, as
the game's live odds build it (``live_odds.card_solver``), exactly (Fractions).

Rules exercised (Elder Sign rulebook, Greek edition): one task per roll and the dice left are
rolled again (p.6-7), failing a roll: set one die aside (p.7), focus (p.10), spells hold a die of
the roll they are cast before (p.9-10), clues reroll some or all dice (p.10), monster tasks
(p.10-11), the arrow's order (p.8), task costs (p.7), terror effects that change the dice (p.7),
and no roll without dice (ruling 'no-roll-without-dice').
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from mythlab.elder_sign.live_odds import card_solver, green_pool
from mythlab.elder_sign.scenarios import scenario

ATTEMPT_LISTS = ("rolled", "kept", "aside", "used", "added", "won", "to_roll")


def position_key(state) -> str:
    """A canonical key of a position: its data as JSON, dice listed as multisets (the order
    in which dice were rolled or set aside does not matter), and the random stream."""
    raw = json.loads(state.to_json())
    data = raw["data"]
    attempt = data.get("attempt")
    if attempt:
        for name in ATTEMPT_LISTS:
            attempt[name] = sorted(attempt[name])
    return json.dumps([data, raw["stream"]], sort_keys=True)


def completes(state, card: str) -> bool:
    """Whether the action that led to ``state`` resolved ``card`` (p.7)."""
    return any(f" resolves {card}." in line for line in state.events)


def best_chance(state, card: str, memo: dict[str, Fraction]) -> Fraction:
    """The chance of completing ``card`` under optimal play from ``state``: the maximum over
    the game's legal actions, the exact expectation over its chance outcomes."""
    a = state.data.attempt
    if state.is_terminal() or a is None or a.card != card:
        return Fraction(int(completes(state, card)))
    key = position_key(state)
    got = memo.get(key)
    if got is None:
        if state.is_chance_node():
            got = sum((p * best_chance(state.apply(o), card, memo)
                       for o, p in state.chance_outcomes()), Fraction(0))
        else:
            got = max(best_chance(state.apply(x), card, memo) for x in state.legal_actions())
        memo[key] = got
    return got


# (card, scenario options, spells and clues for the solver): 2-4 green dice each
ADVENTURES = [
    pytest.param("Gate to Elsewhere", {"green_dice": 3}, {}, id="focus: LORE|LORE,LORE 3G"),
    pytest.param("Hallway on Fire", {"green_dice": 3}, {},
                 id="arrow and task costs: PERIL>PERIL 3G"),
    pytest.param("Hallway on Fire", {"green_dice": 3, "health": {0: (5, 2)}}, {},
                 id="a task cost that would bring stamina to 0 (p.7)"),
    pytest.param("Mysterious Tome", {"green_dice": 4, "clues": {0: 1}}, {"clue": 1},
                 id="a clue: INV_3,TERROR|LORE,LORE 4G"),
    pytest.param("The Loading Dock", {"green_dice": 3, "clues": {0: 1}}, {"clue": 1},
                 id="discard all terror and a clue: PERIL|PERIL,INV_3 3G"),
    pytest.param("Koi Pond", {"green_dice": 4, "monsters": {"Koi Pond": [("X01", 0)]}}, {},
                 id="immediate fail, a monster on a full monster task: PERIL|TERROR,PERIL,PERIL"),
    pytest.param("Another Dimension", {"green_dice": 3, "board": [],
                                       "other_worlds": ["Another Dimension"],
                                       "monsters": {"Another Dimension": [("X01", 0)]}}, {},
                 id="a partial monster task, an Other World: LORE,PERIL|TERROR,PERIL 3G"),
    pytest.param("Hallway on Fire", {"green_dice": 3, "monsters": {
        "Hallway on Fire": [("X08", -2)]}}, {},
                 id="a monster under the last task of an arrow card: PERIL>PERIL>TERROR 3G"),
    pytest.param("Hallway on Fire", {"green_dice": 3, "cards": {0: ["Binding Word"]}},
                 {"spell": 1}, id="a spell: PERIL>PERIL 3G"),
    pytest.param("Gate to Elsewhere", {"green_dice": 3, "cards": {0: ["Binding Word"]},
                                       "clues": {0: 1}}, {"spell": 1, "clue": 1},
                 id="a spell and a clue: LORE|LORE,LORE 3G"),
    pytest.param("The Hedge Maze", {"green_dice": 2, "cards": {0: ["Binding Word",
                                                                   "Dread Curse"]}},
                 {"spell": 2}, id="two spells: INV_2,PERIL|PERIL,PERIL 2G"),
]


@pytest.mark.parametrize(("card", "options", "allowance"), ADVENTURES)
def test_the_odds_solver_equals_expectimax_over_the_game(card, options, allowance):
    start = scenario(**({"board": [card]} | options))
    game_value = best_chance(start.apply(f"go to {card}"), card, {})
    solver = card_solver(start, card, **allowance)
    assert green_pool(start) == f"{options['green_dice']}G"
    assert solver.probability(green_pool(start)) == game_value


def test_live_odds_of_a_card_beyond_the_solver_bounds_are_unknown():
    """Monsters may pile up under a card's last task (p.11); past odds.MAX_ROWS rows the view
    shows '?' and the odds bot treats the card as hopeless, rather than solving for minutes."""
    from mythlab.elder_sign.live_odds import card_odds
    from mythlab.elder_sign.view import elder_sign_view

    s = scenario(board=["Lights Out"], monsters={"Lights Out": [("X01", -2), ("X02", -2)]})
    assert card_odds(s, "Lights Out", "6G") is None
    assert 'title="too large to solve within seconds">?</span><b>Lights Out' in \
        elder_sign_view(s)


def test_the_live_odds_solvers_belong_to_the_game_not_the_module():
    """A game keeps the solvers of its cards (``ElderSignGame.live_odds``): its states share
    them, another game has its own, and they share the game's one OddsCache."""
    s = scenario(board=["Lights Out", "Koi Pond"])
    solver = card_solver(s, "Lights Out")
    assert card_solver(s.apply("go to Lights Out"), "Lights Out") is solver
    assert solver.cache is s.game.live_odds.cache is card_solver(s, "Koi Pond").cache
    other = scenario(board=["Lights Out", "Koi Pond"])
    assert other.game is not s.game
    assert card_solver(other, "Lights Out") is not solver
    assert card_solver(other, "Lights Out").probability("6G") == solver.probability("6G")


# positions met on random walks through an attempt: every stage (prepare, resolve, again,
# aside, focus), rows done, a die focused, dice set aside (terror effects included)
MID_ATTEMPT = [p for p in ADVENTURES if not p.values[2]]  # no spells or clues to spend


@pytest.mark.parametrize(("card", "options", "allowance"), MID_ATTEMPT)
def test_the_odds_of_an_attempt_under_way_equal_expectimax_over_the_game(card, options,
                                                                         allowance):
    """``attempt_odds`` reads the solver at the attempt's current position: at every decision
    of an attempt under way it equals the best chance over the game's own moves, exactly."""
    import random

    from mythlab.elder_sign.live_odds import attempt_odds, card_odds

    start = scenario(**({"board": [card]} | options))
    first = start.apply(f"go to {card}")
    assert attempt_odds(first) == card_odds(start, card, green_pool(start))
    rng, memo, seen = random.Random(7), {}, set()
    for _ in range(12):
        s = first
        while s.data.attempt is not None and s.data.attempt.card == card \
                and not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(rng.choice(s.chance_outcomes())[0])
                continue
            seen.add(s.data.attempt.stage)
            assert attempt_odds(s) == best_chance(s, card, memo), s.data.attempt
            s = s.apply(rng.choice(s.legal_actions()))
    assert "resolve" in seen


def test_the_odds_of_an_attempt_rise_when_a_row_is_done():
    """Completing a row with the dice the solver would use never lowers the chance, and the
    costs paid on the way count from the health the attempt began with (p.7)."""
    from mythlab.elder_sign.live_odds import attempt_odds
    from mythlab.elder_sign.scenarios import roll

    s = scenario(board=["Hallway on Fire"], green_dice=3).apply("go to Hallway on Fire")
    before = attempt_odds(s)
    s = roll(s, "PERIL", "PERIL", "LORE")
    done = next(a for a in s.legal_actions() if a.kind == "complete")
    after = s.apply(done)
    assert after.data.attempt.done == [0]
    assert attempt_odds(s) >= attempt_odds(after) > before
    assert attempt_odds(after) == best_chance(after, "Hallway on Fire", {})


def test_the_odds_of_an_attack_equal_expectimax_over_the_game():
    """Against the Ancient One ``attempt_odds`` is the chance of completing the combat task
    once more (a doom token off, p.12): exact against expectimax over the game's moves."""
    import random

    from mythlab.elder_sign.live_odds import attempt_odds
    from mythlab.elder_sign.scenarios import roll

    s = scenario(ancient_one="Yig", doom=7, board=["Mysterious Tome"], clock=3)
    s = roll(s.apply("go to Mysterious Tome"), "PERIL", "PERIL", "INV_1", "INV_1", "INV_2",
             "LORE").apply("the roll fails: fail the adventure")  # Yig awakens
    assert s.data.phase == "Final battle"
    doom, turn, memo = s.data.doom, s.data.turns_played, {}

    def best(state) -> Fraction:
        if state.data.doom < doom:
            return Fraction(1)
        if state.is_terminal() or state.data.attempt is None or \
                state.data.turns_played != turn:  # this attack is over
            return Fraction(0)
        key = position_key(state)
        if key not in memo:
            memo[key] = sum((p * best(state.apply(o)) for o, p in state.chance_outcomes()),
                            Fraction(0)) if state.is_chance_node() else \
                max(best(state.apply(x)) for x in state.legal_actions())
        return memo[key]

    rng = random.Random(3)
    for _ in range(6):
        t = s
        while t.data.doom == doom and t.data.attempt is not None and not t.is_terminal() \
                and t.data.turns_played == turn:
            if t.is_chance_node():
                t = t.apply(rng.choice(t.chance_outcomes())[0])
                continue
            assert attempt_odds(t) == best(t), t.data.attempt
            t = t.apply(rng.choice(t.legal_actions()))
