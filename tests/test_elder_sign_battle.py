"""The final battle's dice rules (mythlab.elder_sign.battle) and the search bot's Elder Sign
hooks (mythlab.elder_sign.search_play): what is settled by rules, what is searched."""

from __future__ import annotations

from fractions import Fraction

import pytest

import mythlab
from mythlab.elder_sign import battle, search_play
from mythlab.elder_sign.bots import OddsBot
from mythlab.engine import Action


def _play_until(seed: int, stop) -> mythlab.State:
    """An OddsBot team game from ``seed`` up to the first position where ``stop`` holds."""
    s = mythlab.make("elder_sign", players=2, seed=seed).initial_state()
    bot = OddsBot()
    while not s.is_terminal() and not stop(s):
        s = s.apply(s.sample_chance() if s.is_chance_node() else bot(s))
    return s


@pytest.fixture(scope="module")
def awake():
    """A position of the final battle (p.12)."""
    for seed in range(20):
        s = _play_until(seed, lambda s: s.data.awake and not s.is_chance_node())
        if not s.is_terminal():
            return s
    pytest.skip("no battle in 20 games")


def test_cheapest_completion_keeps_the_red_die_for_the_next_roll():
    """Rule 'cheapest_completion' (p.12: the dice left roll again): as few dice, then green."""
    red = Action("with green PERIL + red PERIL", "complete",
                 (0, (("green", "PERIL", 1), ("red", "PERIL", 1))))
    green = Action("with green PERIL x2", "complete", (0, (("green", "PERIL", 2),)))
    three = Action("with green PERIL x3", "complete", (0, (("green", "PERIL", 3),)))
    assert battle.cheapest_completion([red, three, green]) is green
    assert battle.cheapest_completion([Action("try again", "fail-retry")]) is None


def test_weakest_aside_sets_a_green_die_aside_whatever_its_face():
    """Rule 'weakest_aside' (p.7: the dice left are all rolled again)."""
    acts = [Action(f"set aside {d}", "aside", (d,))
            for d in ("yellow:INV_1", "green:PERIL", "red:LORE")]
    assert battle.weakest_aside(acts).args[0] == "green:PERIL"


def test_reroll_chance_counts_the_kept_dice_as_they_lie():
    """Rule 'best_reroll': a kept PERIL and two green dice rerolled complete PERIL,PERIL
    with 1 - (5/6)^2; all three rerolled, with the single-roll chance of 3 green dice."""
    assert battle._chance("PERIL,PERIL", ("PERIL",), ("green", "green"), "seed") == \
        Fraction(11, 36)
    assert battle._chance("PERIL,PERIL", (), ("green",) * 3, "seed") == Fraction(2, 27)


def test_best_reroll_keeps_what_the_combat_task_needs(awake):
    """With a clue, the reroll chosen has the highest exact chance (never below all dice)."""
    s = awake.clone()
    s.data.attempt.rolled = ["green:PERIL", "green:LORE", "green:TERROR", "green:INV_1"]
    s.active.clues = 1
    s = s.edited()
    from mythlab.elder_sign.resolve import clue_actions

    acts = list(clue_actions(s))
    best = battle.best_reroll(s, acts)
    every = max(acts, key=lambda a: len(a.args[0]))
    assert battle.reroll_chance(s, best) >= battle.reroll_chance(s, every)
    assert battle.reroll_chance(s, best) == max(battle.reroll_chance(s, a) for a in acts)


def _cards(s, effect: str) -> list[str]:
    return [name for name, c in s.game.data.cards.items() if c.effect == effect]


def test_items_not_spells_spends_an_item_and_never_a_spell(awake):
    """Rule 'items_not_spells': before a roll against the Ancient One an item is spent, a
    spell never; with only spells the dice are rolled."""
    spell, item = _cards(awake, "hold_die")[0], _cards(awake, "add_red")[0]
    roll = Action("roll 6 green", "roll")
    spend = {c: Action(f"spend {c}", "spend", (c,)) for c in (spell, item)}
    assert battle.items_not_spells(awake, [roll, spend[spell], spend[item]]) is spend[item]
    assert battle.items_not_spells(awake, [roll, spend[spell]]) is roll


def test_the_battle_rules_spend_the_items_and_hold_no_die_on_a_spell(awake):
    """Played out by the search's rules with a spell and an item more in each hand, the
    battle spends the items, casts no spell and so never puts a die on one (p.9-10, p.12);
    a decision that offers a heal is left to OddsBot's rules."""
    s = awake.clone()
    held = {c for place in s.data.seats if place.investigator for c in place.investigator.cards}
    spells = [c for c in _cards(s, "hold_die") if c not in held][:2]
    items = [c for c in _cards(s, "add_yellow") if c not in held][:2]
    for seat, place in enumerate(s.data.seats):
        place.investigator.cards = [*place.investigator.cards, spells[seat], items[seat]]
    s = s.edited()
    spent, rng = [], __import__("random").Random(5)
    while not s.is_terminal() and s.data.awake:
        if s.is_chance_node():
            s = s.apply(s.sample_chance(rng))
            continue
        acts = s.legal_actions()
        kinds = {a.kind for a in acts}
        assert "spell-die" not in kinds
        move = search_play.rules_move(s)
        if "spend" in kinds and "heal" not in kinds:
            assert move is battle.items_not_spells(s, acts)
        if move.kind == "spend":
            assert s.game.data.cards[move.args[0]].effect != "hold_die"
            spent.append(move.args[0])
        s = s.apply(move)
    assert set(items) <= set(spent)


def test_battle_policy_answers_only_in_the_battle():
    """Before the awakening the battle rules make no move."""
    s = mythlab.make("elder_sign", players=2, seed=0).initial_state()
    assert battle.battle_policy(s) is None


def test_the_search_searches_the_battles_trades_and_the_last_choices_before_it(awake):
    """Far from the awakening every move is settled by the rules and rollouts stop; in the
    battle a resource choice is searched, the dice are settled, and rollouts play on."""
    start = mythlab.make("elder_sign", players=2, seed=0).initial_state()
    first = _play_until(0, lambda s: not s.is_chance_node())
    assert not search_play.near_awakening(start)
    assert search_play.settled(first) is not None
    assert search_play.rollout_move(first) is None
    assert search_play.near_awakening(awake)
    move = search_play.rollout_move(awake)
    assert move is not None and move.label in {a.label for a in awake.legal_actions()}
    kinds = {a.kind for a in awake.legal_actions()}
    assert (search_play.settled(awake) is None) == bool(kinds & search_play.BATTLE_CHOICES)


def test_a_move_is_searched_once_the_doom_track_is_near_full():
    """The choice of an adventure or the Entrance is searched at NEAR doom tokens left."""
    s = _play_until(3, lambda s: not s.is_chance_node() and not s.data.awake and
                    any(a.kind == "move" for a in s.legal_actions()) and
                    s.ancient_one.doom - s.data.doom <= search_play.NEAR)
    if s.is_terminal() or s.data.awake or s.ancient_one.awakening == "devour_all":
        pytest.skip("this game never stood one doom token from a battle")
    assert search_play.settled(s) is None
