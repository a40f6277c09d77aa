"""Elder Sign rules, one test per rule named in it; the rulebook's examples as scenarios.

Page numbers are those of the Elder Sign rulebook, Greek edition; mythlab's rulings (where it
is silent) are named by their id in data/rulings.yaml.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import mythlab
from mythlab.elder_sign import load as es_data
from mythlab.elder_sign.load import builtin_data, load_game_data
from mythlab.elder_sign.scenarios import roll, scenario
from mythlab.engine import DataError, IllegalAction


def labels(state):
    return [a.label for a in state.legal_actions()]


def inv(state, seat=0):
    return state.data.seats[seat].investigator


# --------------------------------------------------------------------- registry and setup
def test_elder_sign_is_registered_for_1_to_8_players():
    assert "elder_sign" in mythlab.games()
    cls = mythlab.registry.game_class("elder_sign")
    assert (cls.min_players, cls.max_players) == (1, 8)
    with pytest.raises(ValueError, match="1–8 players"):
        mythlab.make("elder_sign", players=9)


def test_setup_p5_clock_at_xii_six_adventures_investigators_at_the_entrance_first_mythos():
    s = mythlab.make("elder_sign", players=3, seed=5, ancient_one="Yig").initial_state()
    d = s.data
    assert d.clock == 0 and d.ancient_one == "Yig"
    assert len(d.board) == 6 and all(c.name in builtin_data().adventures for c in d.board)
    assert all(p.investigator.where == "entrance" for p in d.seats)
    assert d.mythos and any("Mythos:" in e for e in s.events)
    assert len(d.adventure_deck) == 48 - 6 and len(d.other_world_deck) == 8
    assert s.phase.name in ("Move", "Monster appears")


def test_setup_p5_masked_monsters_join_the_cup_only_for_nyarlathotep():
    masked = {m.id for m in builtin_data().monsters.values() if m.masked}
    ny = mythlab.make("elder_sign", seed=1, ancient_one="Nyarlathotep").initial_state()
    yig = mythlab.make("elder_sign", seed=1, ancient_one="Yig").initial_state()
    placed = {p.monster for c in ny.data.board for p in c.monsters}
    pending = {t.monster for t in ny.data.pending}
    assert masked <= set(ny.data.cup) | placed | pending
    assert not masked & set(yig.data.cup)


def test_setup_p5_starting_items_come_from_the_investigator_card():
    game = mythlab.make("elder_sign", seed=2, investigators=["Bob Jenkins", "Joe Diamond"],
                        players=2)
    first = game.initial_state()
    kinds = [game.data.cards[c].kind for c in inv(first).cards]
    assert sorted(kinds) == ["common_item", "common_item", "unique_item"]
    assert inv(first, 1).clues == 1


# --------------------------------------------------------------------- the rulebook examples
def test_example_p7_completing_a_task_uses_4_investigation_for_a_3_and_rerolls_3_dice():
    # Ancient Relics: LORE,INV_3 | LORE,INV_3. The roll can complete either task; the player
    # picks the second, using two 2-investigation dice (4 points for a 3) and a lore die.
    s = scenario(board=["Ancient Relics"]).apply("go to Ancient Relics")
    assert s.is_chance_node() and len(s.chance_outcomes()) == 462
    s = roll(s, "LORE", "LORE", "INV_2", "INV_2", "PERIL", "TERROR")
    options = [a for a in labels(s) if a.startswith("complete task")]
    assert any(a.startswith("complete task 1") for a in options)
    choice = "complete task 2 (LORE,INV_3) with green INV_2 x2 + green LORE"
    assert choice in options
    s = s.apply(choice)
    assert s.data.attempt.done == [1]
    # only one task per roll: the other 3 dice are rerolled at once (nothing to spend)
    assert s.is_chance_node() and s.data.attempt.to_roll == ["green"] * 3
    assert len(s.chance_outcomes()) == 56
    assert sum(p for _, p in s.chance_outcomes()) == 1


def test_example_p7_a_failed_roll_with_a_terror_face_applies_the_terror_effects():
    # Ancient Relics' terror effect: lose 1 sanity; the Mythos "Blood Moon" adds: lose 1 stamina.
    s = scenario(board=["Ancient Relics"], mythos="M03", health={0: (5, 5)})
    s = s.apply("go to Ancient Relics")
    s = roll(s, "PERIL", "PERIL", "PERIL", "INV_1", "INV_1", "TERROR")
    assert labels(s) == ["the roll fails: try again", "the roll fails: fail the adventure"]
    s = s.apply("the roll fails: try again")
    assert (inv(s).sanity, inv(s).stamina) == (4, 4)
    assert any("terror" in e for e in s.events)
    assert s.data.attempt.stage == "aside"


def test_a_failed_roll_without_terror_costs_nothing():
    s = scenario(board=["Ancient Relics"], health={0: (5, 5)}).apply("go to Ancient Relics")
    s = roll(s, "PERIL", "PERIL", "PERIL", "INV_1", "INV_1", "PERIL")
    s = s.apply("the roll fails: try again")
    assert (inv(s).sanity, inv(s).stamina) == (5, 5)


def test_terror_immediate_fail_p7_ends_the_adventure_with_its_penalties():
    s = scenario(board=["Koi Pond"], health={0: (5, 5)}).apply("go to Koi Pond")
    s = roll(s, "LORE", "LORE", "INV_1", "INV_1", "INV_2", "TERROR")
    assert labels(s) == ["complete task 1 (TERROR) with green TERROR",
                         "complete no task (terror: the adventure fails)"]
    s = s.apply("complete no task (terror: the adventure fails)")
    assert s.data.attempt is None and "Koi Pond" in [c.name for c in s.data.board]
    assert any("fails Koi Pond" in e for e in s.events)


def test_terror_discard_all_terror_p7_sets_the_terror_dice_aside():
    s = scenario(board=["The Loading Dock"]).apply("go to The Loading Dock")
    s = roll(s, "LORE", "LORE", "INV_1", "TERROR", "TERROR", "INV_1")
    s = s.apply("the roll fails: try again")
    assert s.data.attempt.aside == ["green", "green"]
    assert sorted(s.data.attempt.rolled) == ["green:INV_1", "green:INV_1", "green:LORE",
                                             "green:LORE"]


def test_focus_and_assist_limits_p10():
    s = scenario(players=2, board=["The Hidden Passage"])
    s.data.seats[1].investigator.where = "The Hidden Passage"   # a helper on the same card
    s = s.apply("go to The Hidden Passage")
    s = roll(s, "LORE", "LORE", "PERIL", "PERIL", "INV_1", "INV_1")  # INV_3 first: not met
    s = s.apply("the roll fails: try again").apply("set aside green:INV_1")
    focus = [a for a in labels(s) if a.startswith(("focus", "assist"))]
    helper = inv(s, 1).name
    assert "focus: keep green:LORE on your marker" in focus
    assert f"assist: {helper} keeps green:PERIL" in focus
    s = s.apply("focus: keep green:LORE on your marker")
    assert inv(s).marker == "green:LORE" and s.data.attempt.to_roll == ["green"] * 4
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1")
    s = s.apply("the roll fails: try again").apply("set aside green:PERIL")
    # your marker holds a die already: only assisting is left, one die per roll
    assert not any(a.startswith("focus") for a in labels(s))
    with pytest.raises(IllegalAction, match="at most 1 die") as err:
        s.apply("focus: keep green:PERIL on your marker")
    assert err.value.rule == "Elder Sign · p.10 Focus and assist"
    s = s.apply(f"assist: {helper} keeps green:PERIL")
    assert inv(s, 1).marker == "green:PERIL"
    # held dice stay usable: the focused LORE and assisted PERIL
    s2 = roll(s, "INV_3", "INV_1")
    done = [a for a in labels(s2) if a.startswith("complete task 1")]
    assert done == ["complete task 1 (INV_3) with green INV_3"]
    # a failed roll costs the assisting investigator 1 sanity or 1 stamina ('assist-loss')
    s3 = roll(s, "INV_1", "INV_1").apply("the roll fails: try again")
    assert s3.current_player == 1
    assert labels(s3) == ["assisting: lose 1 sanity", "assisting: lose 1 stamina"]
    before = inv(s3, 1).stamina
    s4 = s3.apply("assisting: lose 1 stamina")
    assert inv(s4, 1).stamina == before - 1
    # both markers hold a die: after the die set aside nothing can be focused, the last die
    # is rolled at once
    assert s4.is_chance_node() and s4.data.attempt.to_roll == ["green"]
    assert inv(s4).marker == "green:LORE" and inv(s4, 1).marker == "green:PERIL"


def test_focus_dice_go_back_at_the_end_of_the_turn_p10():
    s = scenario(board=["The Hidden Passage"]).apply("go to The Hidden Passage")
    s = roll(s, "LORE", "LORE", "PERIL", "PERIL", "INV_1", "INV_1")
    s = s.apply("the roll fails: try again").apply("set aside green:INV_1")
    s = s.apply("focus: keep green:LORE on your marker")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1").apply("the roll fails: fail the adventure")
    assert inv(s).marker == "" and s.data.clock == 3 and s.phase.name == "Move"


def test_awakening_p11_and_the_final_battle_p12():
    # Yig: doom track 8, combat task PERIL,PERIL; attack: lose a clue, else 1 sanity + 1 stamina
    s = scenario(players=2, ancient_one="Yig", doom=7, board=["Mysterious Tome"],
                 health={0: (5, 5), 1: (5, 5)})
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    s = s.apply("the roll fails: fail the adventure")  # penalty: 1 doom fills the track
    assert s.data.awake and s.data.doom == 8
    assert any("Yig awakens" in e for e in s.events)
    assert all(p.investigator.where == "ancient-one" for p in s.data.seats)
    # P2's turn: the attack rolls at once (nothing to spend)
    assert s.data.phase == "Final battle" and s.data.turn == 1 and s.is_chance_node()
    assert s.data.attempt.card == "ancient-one" and any("attacks Yig" in e for e in s.events)
    # P2 attacks: no focus, each completion removes 1 doom, once per roll
    s = roll(s, "PERIL", "PERIL", "PERIL", "PERIL", "LORE", "LORE")
    assert labels(s)[0] == "complete the combat task (PERIL,PERIL) with green PERIL x2"
    s = s.apply(labels(s)[0])
    assert s.data.doom == 7 and s.data.attempt.to_roll == ["green"] * 4
    s = roll(s, "LORE", "LORE", "LORE", "INV_1")
    s = s.apply("the roll fails: try again").apply("set aside green:LORE")
    # no focus or assist against the Ancient One (p.12): the 3 dice left are rolled at once
    assert s.is_chance_node() and s.data.attempt.to_roll == ["green"] * 3
    with pytest.raises(IllegalAction, match="may not focus"):
        s.apply("focus: keep green:LORE on your marker")
    s = roll(s, "PERIL", "PERIL", "LORE").apply(
        "complete the combat task (PERIL,PERIL) with green PERIL x2")
    assert s.data.doom == 6


def test_the_ancient_one_attacks_at_midnight_instead_of_a_mythos_p12():
    s = scenario(players=1, ancient_one="Yig", doom=7, clock=9, board=["Mysterious Tome"],
                 health={0: (5, 5)}, clues={0: 1})
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    mythos = s.data.mythos
    s = s.apply("complete no task: fail the adventure")
    # awakening, then this turn's clock step strikes midnight: Yig attacks (a clue is lost)
    assert s.data.awake and s.data.clock == 0 and s.data.mythos == mythos
    assert inv(s).clues == 0 and any("Yig attacks" in e for e in s.events)


def test_the_battle_is_won_by_removing_the_last_doom_token_p12():
    s = scenario(ancient_one="Yig", doom=7, board=["Mysterious Tome"])
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    s = s.apply("the roll fails: fail the adventure")
    s.data.doom = 1  # (a position near the end of the battle)
    s = roll(s, "PERIL", "PERIL", "LORE", "LORE", "LORE", "LORE")
    s = s.apply("complete the combat task (PERIL,PERIL) with green PERIL x2")
    assert s.is_terminal() and s.scores()["won"]
    assert s.data.result.startswith("won: the last doom token")


def test_the_battle_is_lost_when_every_investigator_is_devoured_p12():
    s = scenario(ancient_one="Yig", doom=7, board=["Mysterious Tome"], health={0: (1, 1)}, clock=9)
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    s = s.apply("the roll fails: fail the adventure")
    assert s.is_terminal() and not s.scores()["won"]
    assert "devoured" in s.data.result


def test_azathoth_awakening_ends_the_game_public_source():
    s = scenario(ancient_one="Azathoth", doom=11, board=["Mysterious Tome"])
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    s = s.apply("the roll fails: fail the adventure")
    assert s.is_terminal() and "Azathoth awakens" in s.data.result


# --------------------------------------------------------------------- bad input
def test_an_illegal_action_names_the_rule_and_leaves_the_state_untouched():
    s = scenario(board=["Koi Pond"], mythos="M05")  # The Curator Locks Up: Entrance closed
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("go to the Entrance")
    assert err.value.rule == "Elder Sign · p.9 Resolving Mythos cards"
    assert "closes the Entrance" in str(err.value)
    assert s.to_json() == before
    assert s.why_illegal("go to the Entrance") == str(err.value)
    with pytest.raises(IllegalAction, match="not an adventure card in play"):
        s.apply("go to Narnia")


def test_ordered_tasks_p8_refuse_a_later_task_first():
    s = scenario(board=["The Hidden Passage"]).apply("go to The Hidden Passage")
    s = roll(s, "LORE", "LORE", "PERIL", "INV_3", "INV_1", "INV_1")
    with pytest.raises(IllegalAction, match="tasks go in order") as err:
        s.apply("complete task 3 (LORE) with green LORE")
    assert err.value.rule == "Elder Sign · p.8 Order of tasks"


def test_a_task_may_not_bring_sanity_to_0_p7():
    # The Elder Sign: task 1 (LORE) costs 1 sanity
    s = scenario(board=["The Elder Sign"], health={0: (1, 5)}).apply("go to The Elder Sign")
    s = roll(s, "LORE", "LORE", "PERIL", "INV_3", "INV_1", "INV_1")
    assert not any(a.startswith("complete task 1") for a in labels(s))
    with pytest.raises(IllegalAction, match="sanity or stamina to 0") as err:
        s.apply("complete task 1 (LORE) with green LORE")
    assert err.value.rule == "Elder Sign · p.7 A task may not reduce sanity or stamina to 0"


# --------------------------------------------------------------------- more rules
def test_advancing_the_clock_p9_three_hours_a_turn_and_a_mythos_at_midnight():
    s = scenario(players=2, clock=9, health={0: (2, 5)})
    s = s.apply("go to the Entrance").apply("first aid: regain 1 sanity and 1 stamina")
    assert s.data.clock == 0 and s.data.mythos_discard == ["M19"]
    assert [e.split("  [")[0] for e in s.events[1:]] == [
        "The clock moves to 12.", "Midnight.", "Mythos: Ill Omens (doom:1).",
        "A doom token is added (doom 1 of 12)."]
    assert s.phase.name == "Move" and s.current_player == 1


def test_midnight_p9_lasting_mythos_effect_then_adventure_midnight_effects():
    # Stars Are Right: at the next midnight each investigator loses 1 stamina;
    # The Hedge Maze (public): at midnight each investigator loses 1 stamina.
    s = scenario(clock=9, mythos="M01", board=["The Hedge Maze"], health={0: (5, 4)},
                 investigators=["Vincent Lee"])
    s = s.apply("go to the Entrance").apply("first aid: regain 1 sanity and 1 stamina")
    assert inv(s).stamina == 4 + 1 - 2


def test_entrance_p8_first_aid_paid_with_trophies_and_lost_and_found():
    s = scenario(health={0: (1, 1)}, trophies={0: ["adventure:Koi Pond", "monster:X01"]})
    s = s.apply("go to the Entrance")
    assert "first aid: restore all sanity for 2 trophies" in labels(s)
    after = s.apply("first aid: restore all sanity for 2 trophies")
    assert inv(after).sanity == inv(after).max_sanity and inv(after).trophies == ["monster:X01"]
    lf = s.apply("search the lost and found (roll 1 green die)")
    assert lf.is_chance_node()
    assert [p for _, p in lf.chance_outcomes()] == [Fraction(1, 6)] * 6
    got = lf.apply("lost and found die: LORE")
    assert any(builtin_data().cards[c].kind == "spell" for c in inv(got).cards)


def test_souvenirs_p8_cost_trophies_and_an_elder_sign_can_win():
    s = scenario(ancient_one="Yig", elder_signs=9,
                 trophies={0: ["adventure:Koi Pond", "adventure:The Hidden Passage",
                               "adventure:Lights Out", "adventure:The Archives"]})
    s = s.apply("go to the Entrance")
    buy = next(a for a in s.legal_actions()
               if a.label == "buy a souvenir: elder sign for 8 trophies")
    assert buy.rule == "Elder Sign · p.8 Buying a souvenir"
    s = s.apply(buy)
    assert s.is_terminal() and s.scores()["won"] and s.data.elder_signs == 10


def test_spending_trophies_p9_pays_more_when_nothing_smaller_fits():
    s = scenario(trophies={0: ["adventure:Koi Pond"]}, health={0: (1, 1)})  # worth 2
    s = s.apply("go to the Entrance")
    assert "buy a souvenir: clue for 2 trophies" in labels(s)
    assert not any("4 trophies" in a for a in labels(s))
    with pytest.raises(IllegalAction, match="enough trophies"):
        s.apply("buy a souvenir: elder sign for 8 trophies")


def test_items_p9_common_adds_the_yellow_die_unique_the_red_die():
    s = scenario(board=["Koi Pond"], cards={0: ["Lantern", "Ancient Tablet"]})
    s = s.apply("go to Koi Pond")
    assert labels(s)[:3] == ["roll 6G", "spend Lantern", "spend Ancient Tablet"]
    s = s.apply("spend Lantern")
    assert labels(s) == ["roll 6G+Y", "spend Ancient Tablet"]
    s = s.apply("spend Ancient Tablet")  # nothing left to spend: the dice are rolled at once
    assert s.is_chance_node() and s.data.attempt.to_roll == ["green"] * 6 + ["yellow", "red"]
    assert len(s.chance_outcomes()) == 462            # green first, grouped by multiset
    s = roll(s, "LORE", "LORE", "INV_1", "INV_1", "INV_2", "PERIL", "yellow:INV_4", "red:WILD")
    assert "green:LORE" in s.data.attempt.rolled and "red:WILD" in s.data.attempt.rolled
    assert "Lantern" in s.data.decks["common_item"][-1:]  # spent: bottom of its deck


def test_spells_p9_hold_a_die_across_rolls_and_return_when_used():
    s = scenario(board=["Koi Pond"], cards={0: ["Binding Word"]}).apply("go to Koi Pond")
    s = s.apply("spend Binding Word")
    s = roll(s, "LORE", "LORE", "INV_1", "INV_1", "INV_2", "TERROR")
    assert labels(s)[0].startswith("put green:")
    s = s.apply("put green:TERROR on Binding Word")
    assert s.data.spells[0].die == "green:TERROR"
    assert "complete task 1 (TERROR) with TERROR on Binding Word" in labels(s)
    s = s.apply("complete task 1 (TERROR) with TERROR on Binding Word")
    assert s.data.spells == [] and s.data.decks["spell"][-1] == "Binding Word"


def test_clues_p10_reroll_some_or_all_dice():
    s = scenario(board=["Koi Pond"], clues={0: 2}).apply("go to Koi Pond")
    s = roll(s, "LORE", "LORE", "INV_1", "INV_1", "INV_2", "PERIL")
    assert "spend a clue: reroll all 6 dice" in labels(s)
    s = s.apply("spend a clue: reroll green LORE x2")
    assert inv(s).clues == 1 and s.is_chance_node() and len(s.chance_outcomes()) == 21
    s = roll(s, "TERROR", "LORE")
    assert sorted(s.data.attempt.rolled)[-1] == "green:TERROR"
    assert len(s.data.attempt.rolled) == 6


def test_monsters_p10_full_partial_empty_tasks_and_extra_rows():
    from mythlab.elder_sign.effects import rows_of

    s = scenario(board=["Koi Pond", "Public Lavatory", "Lights Out"],
                 monsters={"Koi Pond": [("X01", 0)], "Public Lavatory": [("X13", -1)],
                           "Lights Out": [("X08", -2)]})
    koi = [str(r) for r, _ in rows_of(s, "Koi Pond")]
    assert koi[0] == "PERIL"                      # full: the Cultist replaces task 1
    lav = [str(r) for r, m in rows_of(s, "Public Lavatory")]
    assert lav[-1] == "INV_3"                     # empty monster task holds the Zombie
    lights = [(str(r), m) for r, m in rows_of(s, "Lights Out")]
    assert lights[-1] == ("TERROR", "X08")        # under the last task
    s2 = scenario(other_worlds=["Another Dimension"],
                  monsters={"Another Dimension": [("X01", 0)]})
    adv_rows = builtin_data().adventures["Another Dimension"].card.rows
    first = rows_of(s2, "Another Dimension")[0][0]
    assert first.requirements == (adv_rows[0].requirements[0],
                                  *mythlab.elder_sign.dice.parse_row("PERIL").requirements)


def test_a_monster_appears_on_a_free_monster_task_else_under_a_last_task_p11():
    from mythlab.elder_sign.effects import monster_appears

    s = scenario(board=["Koi Pond", "Lights Out"])
    t = s.clone()
    monster_appears(t)
    assert t.phase.name == "Monster appears"
    options = labels(t)
    assert any("Koi Pond, task 1" in o for o in options)
    assert not any("under its last task" in o for o in options)
    # with Koi Pond's monster task taken, only "under the last task" of any card is left
    plain = ["A Peculiar Specimen", "A Secret Gathering", "A Terrible Discovery",
             "Administration Office", "Blood On The Floor"]  # no monster tasks
    u = scenario(board=["Koi Pond", *plain], monsters={"Koi Pond": [("X01", 0)]})
    u = u.clone()
    monster_appears(u)
    assert all("under its last task" in o for o in labels(u)) and len(labels(u)) == 6


def test_monsters_won_before_failing_are_trophies_p11():
    s = scenario(board=["Koi Pond"], monsters={"Koi Pond": [("X01", 0)]}).apply(
        "go to Koi Pond")
    s = roll(s, "PERIL", "LORE", "INV_1", "INV_1", "INV_2", "INV_2")
    s = s.apply("complete task 1 (PERIL) with green PERIL")
    s = roll(s, "LORE", "INV_1", "INV_1", "INV_2", "INV_2").apply(
        "the roll fails: fail the adventure")
    assert "monster:X01" in inv(s).trophies
    assert not s.data.board[0].monsters


def test_locked_dice_p11_are_not_rolled():
    s = scenario(board=["Did You Hear That?"])
    assert [lock.colour for lock in s.data.locks] == ["green"]
    s = s.apply("go to Did You Hear That?")
    assert s.data.attempt.to_roll == ["green"] * 5
    assert len(s.chance_outcomes()) == 252


def test_resolving_an_adventure_p7_rewards_trophy_new_card_and_other_worlds_p8():
    s = scenario(board=["A Secret Gathering"])  # INV_6 | LORE,LORE; rewards incl. a gate
    s = s.apply("go to A Secret Gathering")
    s = roll(s, "LORE", "LORE", "INV_3", "INV_3", "INV_1", "PERIL")
    s = s.apply("complete task 1 (INV_6) with green INV_3 x2")
    s = roll(s, "LORE", "LORE", "INV_1", "PERIL").apply(
        "complete task 2 (LORE,LORE) with green LORE x2")
    assert any(e.startswith("A gate opens") and "Elder Sign · p.8 Other Worlds" in e
               for e in s.events)
    while s.phase.name == "Monster appears":
        s = s.apply(s.legal_actions()[0])
    d = s.data
    assert "adventure:A Secret Gathering" in inv(s).trophies and d.elder_signs == 1
    assert inv(s).where == "entrance" and len(d.board) == 7      # 6 adventures + a gate
    assert builtin_data().adventures[d.board[-1].name].deck == "other_world"


def test_devoured_p11_adds_doom_returns_everything_and_the_player_picks_a_new_investigator():
    s = scenario(board=["Ancient Relics"], health={0: (1, 5)}, doom=0,
                 cards={0: ["Lantern"]}, trophies={0: ["monster:X02"]})
    s = s.apply("go to Ancient Relics").apply("roll 6G")
    s = roll(s, "PERIL", "PERIL", "PERIL", "INV_1", "INV_1", "TERROR")
    s = s.apply("the roll fails: try again")       # terror: -1 sanity -> devoured
    assert s.phase.name == "Devoured" and inv(s) is None
    assert s.data.doom == 1 and "X02" in s.data.cup and "Lantern" in s.data.decks["common_item"]
    name = labels(s)[0][5:]
    s = s.apply(labels(s)[0])
    assert inv(s).name == name and inv(s).where == "entrance"
    assert s.data.seats[0].devoured and s.data.clock == 3


def test_the_doom_track_monster_spaces_p11_make_a_monster_appear():
    s = scenario(ancient_one="Cthulhu", doom=2, board=["Mysterious Tome"])
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    s = s.apply("the roll fails: fail the adventure")  # the penalty is 1 doom: space 3
    assert s.data.doom == 3 and any("monster icon" in e for e in s.events)
    assert s.phase.name == "Monster appears"


def test_elder_signs_p8_seal_the_ancient_one():
    s = scenario(ancient_one="Yig", elder_signs=8, board=["The Hidden Passage"])
    s = s.apply("go to The Hidden Passage")
    s = roll(s, "INV_3", "PERIL", "INV_3", "LORE", "INV_1", "INV_1")
    s = s.apply("complete task 1 (INV_3) with green INV_3")
    s = roll(s, "PERIL", "INV_3", "LORE", "INV_1", "INV_1")
    s = s.apply("complete task 2 (PERIL,INV_3) with green INV_3 + green PERIL")
    s = roll(s, "LORE", "INV_1", "INV_1").apply("complete task 3 (LORE) with green LORE")
    assert s.is_terminal() and s.data.elder_signs == 10 and s.scores()["won"]


def test_no_way_left_p7_fails_the_adventure_automatically():
    """p.7, decided by counting dice (mythlab ruling 'no-way-left')."""
    s = scenario(board=["The Missing Records"]).apply("go to The Missing Records")
    for n in (6, 5, 4, 3):  # INV_6 | LORE,INV_3: every roll shows only perils
        s = roll(s, *["PERIL"] * n)
        s = s.apply("the roll fails: try again")  # all dice alike: one is set aside at once
        assert len(s.data.attempt.aside) == 7 - n
        if s.data.attempt.stage == "focus":
            s = s.apply("no focus")
    s = roll(s, "PERIL", "PERIL").apply("the roll fails: try again")
    # one die could never meet INV_6 or LORE,INV_3: the adventure fails at once
    assert s.data.attempt is None
    assert any("Not enough dice are left" in e for e in s.events)
    assert any("fails The Missing Records" in e for e in s.events)


def test_wild_option_seed_and_faq():
    seed = mythlab.make("elder_sign", seed=1)
    faq = mythlab.make("elder_sign", seed=1, wild="faq")
    assert seed.options["wild"] == "seed" and faq.options["wild"] == "faq"
    with pytest.raises(ValueError, match="wild"):
        mythlab.make("elder_sign", wild="house")


# --------------------------------------------------------------------- state and data
def test_state_json_round_trips_mid_adventure():
    s = scenario(players=2, board=["Koi Pond"], cards={0: ["Binding Word"]})
    s = s.apply("go to Koi Pond").apply("spend Binding Word")
    s = roll(s, "LORE", "LORE", "INV_1", "INV_1", "INV_2", "TERROR")
    back = s.game.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()


def test_phases_and_events_carry_rule_references():
    s = mythlab.make("elder_sign", players=2, seed=3).initial_state()
    assert all(p.rule.startswith("Elder Sign · ") for p in s.game.phases)
    assert all("[Elder Sign · " in e for e in s.events)
    assert all(a.rule.startswith("Elder Sign · ") for a in s.legal_actions())


def test_data_files_carry_provenance_and_mythlab_values_are_flagged():
    d = builtin_data()
    assert all(m.provenance == "mythlab" for m in d.mythos.values()) and len(d.mythos) == 32
    assert sum(not m.masked for m in d.monsters.values()) == 22
    assert sum(m.masked for m in d.monsters.values()) == 5
    assert {c.kind for c in d.cards.values()} == {"common_item", "unique_item", "spell", "ally"}
    public = {a.name for a in d.ancient_ones.values() if a.provenance == "public"}
    assert {"Azathoth", "Ithaqua", "Yig", "Yog-Sothoth"} <= public
    assert d.ancient_ones["Yig"].combat == "PERIL,PERIL" and d.ancient_ones["Yig"].doom == 8
    assert len(d.investigators) == 16 and d.investigators["Harvey Walters"].sanity == 7
    assert all(s.provenance == "mythlab" for s in d.souvenirs)


def test_a_bad_data_file_names_the_file_entry_and_field(tmp_path):
    import shutil

    folder = tmp_path / "es"
    shutil.copytree(es_data.game_data("mythlab.elder_sign"), folder)
    text = (folder / "monsters.yaml").read_text().replace("task: PERIL, trophy: 1",
                                                           "task: PERILS, trophy: 1", 1)
    (folder / "monsters.yaml").write_text(text)
    with pytest.raises(DataError) as err:
        load_game_data(folder)
    assert err.value.file == "monsters.yaml" and err.value.entry == "X01"
    assert err.value.field == "task"


def test_replay_of_a_saved_session_is_exact():
    game = mythlab.make("elder_sign", players=2, seed=9)
    session = mythlab.Session(game)
    from mythlab.sim import RandomBot

    session.play({0: RandomBot(1), 1: RandomBot(2)}, max_steps=150)
    again = mythlab.Session.from_json(json.dumps(session.to_dict()))
    assert again.state.to_json() == session.state.to_json()


def test_allies_p10_are_spent_like_items():
    s = scenario(board=["Koi Pond"], cards={0: ["Museum Curator"]}).apply("go to Koi Pond")
    action = next(a for a in s.legal_actions() if a.label == "spend Museum Curator")
    assert action.rule == "Elder Sign · p.10 Using allies"
    s = s.apply(action)
    assert inv(s).clues == 2 and "Museum Curator" in s.data.decks["ally"]


def test_rewards_and_penalties_p8_and_failing_the_adventure_p7():
    s = scenario(board=["Lights Out"], health={0: (5, 5)}).apply("go to Lights Out")
    s = roll(s, "LORE", "LORE", "PERIL", "PERIL", "INV_1", "INV_1")  # INV_3 first: not met
    s = s.apply("the roll fails: fail the adventure")
    # Lights Out penalties: 1 doom, 2 stamina; the marker stays on the card (p.7)
    assert s.data.doom == 1 and inv(s).stamina == 3 and inv(s).where == "Lights Out"
    assert any("[Elder Sign · p.7 Failing the adventure]" in e for e in s.events)


def test_movement_p5_to_any_card_in_play_or_the_entrance():
    s = scenario(board=["Koi Pond"], other_worlds=["Yuggoth"])
    moves = labels(s)
    assert "go to Koi Pond" in moves and "go to Yuggoth" in moves
    assert moves[-1] == "go to the Entrance" and len(moves) == 8
    assert s.phase.rule == "Elder Sign · p.5 Movement"
    after = s.apply("go to Koi Pond")
    assert after.data.attempt.card == "Koi Pond"
    assert any("[Elder Sign · p.6 Rolling the dice]" in e or "goes to" in e
               for e in after.events)


def test_one_task_per_roll_p6_and_trying_again_p7():
    s = scenario(board=["Ancient Relics"]).apply("go to Ancient Relics")
    s = roll(s, "LORE", "LORE", "INV_3", "INV_3", "PERIL", "TERROR")
    s = s.apply("complete task 1 (LORE,INV_3) with green INV_3 + green LORE")
    assert any("One task per roll" in e for e in s.events)
    assert s.data.attempt.done == [0] and len(s.data.attempt.to_roll) == 4
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1").apply("the roll fails: try again")
    assert labels(s) == ["set aside green:INV_1", "set aside green:PERIL"]
    assert s.legal_actions()[0].rule == "Elder Sign · p.7 Try again: set a die aside"


def test_waiting_at_the_entrance_p8_offers_three_activities():
    s = scenario(trophies={0: ["monster:X01"]}).apply("go to the Entrance")
    assert s.phase.name == "Entrance" and s.phase.rule == "Elder Sign · p.8 Waiting at the Entrance"
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"first-aid", "lost-found"}  # 1 trophy buys nothing


def test_greedy_odds_bot_gathers_more_elder_signs_than_random_bots():
    from mythlab.elder_sign.bots import OddsBot
    from mythlab.sim import RandomBot

    def signs(make_bot, n=6):
        total = 0
        for seed in range(n):
            session = mythlab.Session(mythlab.make("elder_sign", players=2, seed=seed,
                                                   ancient_one="Yig"))
            session.play({p: make_bot(p) for p in range(2)})
            total += session.state.data.elder_signs
        return total

    assert signs(OddsBot) > signs(RandomBot) + 3


def test_odds_bot_picks_the_adventure_with_the_best_expected_worth():
    from mythlab.elder_sign.bots import OddsBot, card_value

    s = scenario(board=["The Hidden Passage", "Administration Office"])
    choice = OddsBot(0)(s)
    best = max((c.name for c in s.data.board), key=lambda n: card_value(s, n))
    assert choice.label == f"go to {best}"


def test_the_view_shows_clock_doom_cards_monsters_and_exact_odds():
    from mythlab.elder_sign.live_odds import card_odds
    from mythlab.elder_sign.view import elder_sign_view
    from mythlab.widgets import StepperModel
    from mythlab.widgets.views import render_view

    s = scenario(board=["Koi Pond", "Lights Out"], monsters={"Koi Pond": [("X01", 0)]},
                 doom=3, clock=6)
    html = render_view(s)
    assert html == elder_sign_view(s)
    assert "clock <b>6</b>" in html and "doom 3/12" in html and "Cultist" in html
    assert "Lights Out" in html and "6G" in html
    p = card_odds(s, "Lights Out", "6G")
    from mythlab.elder_sign.odds import AdventureOdds, adventure

    assert p == AdventureOdds(adventure("Lights Out")).probability("6G")
    assert f"{float(p):.1%}" in html
    # mid-adventure: the card in play is marked and completed rows are struck through
    t = roll(s.apply("go to Koi Pond"), "PERIL", "LORE", "INV_1", "INV_1", "INV_2", "INV_2")
    t = t.apply("complete task 1 (PERIL) with green PERIL")
    html = render_view(t)
    assert 'class="card here"' in html and 'class="row done monster"' in html
    model = StepperModel(s.game)
    assert "mythlab-elder-sign-view" in model.view_html
    import time

    start = time.perf_counter()
    render_view(s)  # cached odds: a redraw is fast
    assert time.perf_counter() - start < 0.1


def test_every_rule_reference_is_used_in_play_or_named_in_a_test():
    """Each rule of refs.py shows up in the events, actions or phases of random games, or
    (rules that only refuse moves) is checked verbatim by a test above."""
    import re
    from pathlib import Path

    from mythlab.elder_sign import refs
    from mythlab.sim import RandomBot

    rules = {v for k, v in vars(refs).items() if k.isupper() and isinstance(v, str)}
    assert len(rules) >= 30
    text = Path(__file__).read_text(encoding="utf-8")
    seen: set[str] = set()
    for seed in range(16):
        session = mythlab.Session(mythlab.make("elder_sign", players=1 + seed % 4, seed=seed))
        session.play({p: RandomBot(seed + p) for p in range(4)})
        for state in session.states:
            seen.add(state.phase.rule)
            seen.update(a.rule for a in state.legal_actions())
            for line in state.events:
                found = re.findall(r"\[(Elder Sign · [^\]]*)\]$", line)
                assert found, f"event without a rule reference: {line}"
                seen.update(found)
    missing = sorted(r for r in rules - seen if f'"{r}"' not in text)
    assert missing == []


def test_ancient_one_abilities_p4_yig_and_shub_niggurath():
    # Yig (public): an investigator driven to 0 sanity costs the team an Elder Sign
    s = scenario(ancient_one="Yig", elder_signs=3, board=["Ancient Relics"], health={0: (1, 5)})
    s = s.apply("go to Ancient Relics")
    s = roll(s, "PERIL", "PERIL", "PERIL", "INV_1", "INV_1", "TERROR")
    s = s.apply("the roll fails: try again")
    assert s.data.elder_signs == 2
    assert any("Elder Sign · p.4 The Ancient One's ability" in e for e in s.events)
    # Shub-Niggurath (public): every monster task needs one more terror
    from mythlab.elder_sign.effects import rows_of

    t = scenario(ancient_one="Shub-Niggurath", board=["Koi Pond"],
                 monsters={"Koi Pond": [("X01", 0)]})
    assert str(rows_of(t, "Koi Pond")[0][0]) == "PERIL,TERROR"


def test_investigator_abilities_p4_sister_mary_kate_winthrop_bob_jenkins():
    # Sister Mary ignores the lasting Mythos effect: the closed Entrance is open to her
    s = scenario(investigators=["Sister Mary"], mythos="M05")
    assert "go to the Entrance" in labels(s)
    # Kate Winthrop: terror effects do not affect her
    k = scenario(investigators=["Kate Winthrop"], board=["Ancient Relics"], health={0: (5, 4)})
    k = roll(k.apply("go to Ancient Relics"), "PERIL", "PERIL", "PERIL", "INV_1", "INV_1",
             "TERROR").apply("the roll fails: try again")
    assert inv(k).sanity == 5
    assert any("Elder Sign · p.4 The investigator's ability" in e for e in k.events)
    # Bob Jenkins gains 1 more common item each time he gains common items
    from mythlab.elder_sign.effects import apply_one

    b = scenario(investigators=["Bob Jenkins"]).clone()
    apply_one(b, 0, "common_item", 1, "test")
    assert len(inv(b).cards) == 2


def test_amanda_sharpe_p4_may_complete_several_tasks_with_one_roll():
    s = scenario(investigators=["Amanda Sharpe"], board=["Ancient Relics"])
    s = roll(s.apply("go to Ancient Relics"), "LORE", "LORE", "INV_3", "INV_3", "PERIL", "PERIL")
    s = s.apply("complete task 1 (LORE,INV_3) with green INV_3 + green LORE")
    assert not s.is_chance_node() and s.data.attempt.chained
    assert "roll the remaining dice" in labels(s)
    s = s.apply("complete task 2 (LORE,INV_3) with green INV_3 + green LORE")
    assert "adventure:Ancient Relics" in inv(s).trophies


def test_yog_sothoth_p4_consumes_failed_other_worlds_and_then_awakens():
    s = scenario(ancient_one="Yog-Sothoth", other_worlds=["Yuggoth"])
    s.data.other_world_deck.clear()  # (every other Other World is already gone)
    s = s.apply("go to Yuggoth")
    while s.data.attempt is not None and not s.data.awake:
        if s.is_chance_node():
            s = s.apply(s.chance_outcomes()[0][0])
        else:
            stop = [a for a in s.legal_actions() if "fail" in a.label and "adventure" in a.label]
            s = s.apply(stop[0] if stop else s.legal_actions()[-1])
    assert "Yuggoth" in s.data.removed and s.data.awake and s.data.doom == 10
    assert any("No Other World is left" in e for e in s.events)


def test_harvey_walters_michael_mcglen_darrell_simmons_change_one_die_per_roll_p4():
    s = scenario(investigators=["Harvey Walters"], board=["Ancient Relics"])
    s = roll(s.apply("go to Ancient Relics"), "TERROR", "PERIL", "INV_3", "INV_1", "INV_1",
             "PERIL")
    assert "Harvey Walters: turn green:TERROR into LORE" in labels(s)
    s = s.apply("Harvey Walters: turn green:TERROR into LORE")
    assert "green:LORE" in s.data.attempt.rolled
    assert not any(a.startswith("Harvey Walters") for a in labels(s))  # once per roll
    assert "complete task 1 (LORE,INV_3) with green INV_3 + green LORE" in labels(s)
    m = scenario(investigators=["Michael McGlen"], board=["Ancient Relics"])
    m = roll(m.apply("go to Ancient Relics"), "TERROR", "PERIL", "INV_3", "INV_1", "INV_1",
             "PERIL")
    assert "Michael McGlen: turn green:TERROR into PERIL" in labels(m)
    d = scenario(investigators=["Darrell Simmons"], board=["Ancient Relics"])
    d = roll(d.apply("go to Ancient Relics"), "LORE", "PERIL", "INV_2", "INV_3", "PERIL",
             "PERIL")
    assert "Darrell Simmons: turn green:INV_2 into INV_3" in labels(d)
    assert not any("green:INV_3 into" in a for a in labels(d))  # a green die stops at 3


def test_jenny_barnes_p4_discards_for_the_yellow_and_red_dice():
    s = scenario(investigators=["Jenny Barnes"], board=["Koi Pond"], cards={0: ["Lantern"]},
                 clues={0: 1})
    s = s.apply("go to Koi Pond")
    assert "Jenny Barnes: discard a clue for the yellow and red dice" in labels(s)
    s = s.apply("Jenny Barnes: discard Lantern for the yellow and red dice")
    assert s.is_chance_node() and s.data.attempt.to_roll[-2:] == ["yellow", "red"]
    assert inv(s).cards == [] and inv(s).clues == 1


def test_joe_diamond_p4_gets_a_free_second_reroll_for_each_clue():
    s = scenario(investigators=["Joe Diamond"], board=["Koi Pond"], clues={0: 1})
    s = roll(s.apply("go to Koi Pond"), "LORE", "LORE", "INV_1", "INV_1", "INV_2", "PERIL")
    s = roll(s.apply("spend a clue: reroll all 6 dice"), "LORE", "LORE", "INV_1", "INV_1",
             "INV_2", "INV_3")
    assert inv(s).clues == 0
    assert "free reroll (Joe Diamond): reroll all 6 dice" in labels(s)
    s = roll(s.apply("free reroll (Joe Diamond): reroll green LORE x2"), "PERIL", "INV_1")
    assert not any(a.startswith(("free reroll", "spend a clue")) for a in labels(s))


# --------------------------------------------------------------------- one rule dispatch
def test_every_decision_has_one_offerer_and_every_move_one_doer():
    """Each decision kind (pending tasks, turn steps, attempt stages) has its rule in RULES,
    and every move offered in random games has the doer of its kind."""
    from mythlab.elder_sign.refs import RULES
    from mythlab.elder_sign.resolve import STAGES
    from mythlab.elder_sign.rules import LOST_DIE, STEPS, TASK_PHASES, ElderSignState
    from mythlab.sim import RandomBot

    kinds = {*TASK_PHASES, *STEPS.values(), *STAGES, LOST_DIE.kind}
    assert kinds == set(RULES.offerers) | set(RULES.outcomes)
    assert set(RULES.outcomes) == {"roll", "lost-die"}
    assert ElderSignState.rules is RULES
    # the engine's apply, find, clone and to_json serve, through its hooks
    assert not {"apply", "find", "clone", "to_json", "_legal", "_do"} & set(vars(ElderSignState))
    seen = set()
    for seed in range(3):
        session = mythlab.Session(mythlab.make("elder_sign", players=2, seed=seed))
        session.play({p: RandomBot(seed + p) for p in range(2)})
        for state in session.states[:-1]:
            decision = state.decision()
            assert decision.kind in kinds
            assert state.is_chance_node() == RULES.is_chance(decision)
            seen.update(a.kind for a in state.legal_actions())
    assert seen <= set(RULES.doers) and {"move", "dice", "complete", "roll"} <= seen


def test_a_dice_outcome_is_found_by_its_label_and_copies_only_the_attempt():
    s = scenario(board=["Koi Pond"]).apply("go to Koi Pond")
    assert s.is_chance_node() and s.decision().kind == "roll"
    outcomes = s.legal_actions()
    assert len(outcomes) == 462  # multisets of 6 dice with 6 faces
    outcome = outcomes[-1]
    assert s.find(outcome.label) is outcome
    before = s.to_json()
    t = s.apply(outcome.label)
    assert t.data.seats is s.data.seats and t.data.attempt is not s.data.attempt
    assert s.to_json() == before and t.data.attempt.stage == "resolve"
    with pytest.raises(IllegalAction, match="not a legal move"):
        s.apply("green: LORE LORE LORE LORE LORE LORE LORE")


def test_editing_a_list_of_chance_outcomes_leaves_the_game_alone():
    s = scenario(board=["Koi Pond"]).apply("go to Koi Pond")
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    outcomes.clear()
    assert len(s.chance_outcomes()) == 462 and sum(p for _, p in s.chance_outcomes()) == 1
    fresh = scenario(board=["Koi Pond"]).apply("go to Koi Pond")
    assert len(fresh.chance_outcomes()) == 462


# --------------------------------------------------------------------- mythlab rulings
def test_every_ruling_is_carried_out_in_code_and_named_by_a_test():
    """Each ruling of data/rulings.yaml is named where it is carried out (the code, or the
    investigator entry that needs it) and by a test; every ruling the code cites exists."""
    import re
    from pathlib import Path

    import mythlab.elder_sign as pkg
    from mythlab.elder_sign.load import rulings

    here = Path(pkg.__file__).parent
    code = "".join(p.read_text(encoding="utf-8") for p in here.glob("*.py"))
    data = {inv.ruling for inv in builtin_data().investigators.values() if inv.ruling}
    tests = "".join(Path(__file__).with_name(f"test_elder_sign_{name}.py").read_text(
        encoding="utf-8") for name in ("game", "abilities", "rulebook"))
    ids = set(rulings())
    for rid in ids:
        assert f"'{rid}'" in code or f'"{rid}"' in code or rid in data, rid
        assert f"'{rid}'" in tests or f"ruling_{rid.replace('-', '_')}" in tests, rid
    cited = set(re.findall(r'RULES\.ruling\("([^"]+)"\)', code))
    assert cited and cited <= ids and data <= ids


def test_ruling_empty_decks_give_nothing():
    from mythlab.elder_sign.effects import apply_one
    from mythlab.elder_sign.resolve import reveal_adventure

    s = scenario().clone()
    d = s.data
    d.decks["common_item"].clear()
    d.other_world_deck.clear()
    d.adventure_deck.clear()
    apply_one(s, 0, "common_item", 1, "test")
    apply_one(s, 0, "other_world", 1, "test")
    reveal_adventure(s, 0)
    assert inv(s).cards == [] and len(d.board) == 6
    cited = [e for e in s.events if e.endswith("mythlab ruling 'empty-decks']")]
    assert len(cited) == 3


def test_ruling_empty_cup_and_no_card_for_monster():
    from mythlab.elder_sign.effects import monster_appears

    s = scenario().clone()
    s.data.cup.clear()
    monster_appears(s)
    assert s.data.pending == [] and "mythlab ruling 'empty-cup'" in s.events[-1]
    t = scenario(board=["Koi Pond"]).clone()
    t.data.board = [c for c in t.data.board if c.name == "Koi Pond"]
    monster_appears(t, exclude="Koi Pond")  # the only card is the one being resolved
    monster = t.data.pending[-1].monster
    [back] = labels(t)
    assert back.endswith("to the cup (no card can take it)")
    t = t.apply(back)
    assert monster in t.data.cup and t.data.pending == []
    assert "mythlab ruling 'no-card-for-monster'" in t.events[-1]


def test_ruling_monster_placement_not_on_a_completed_task_nor_the_card_resolved():
    from mythlab.elder_sign.effects import placements

    s = scenario(board=["Koi Pond"]).apply("go to Koi Pond")
    assert ("Koi Pond", 0) in placements(s, "")
    assert not any(card == "Koi Pond" for card, _ in placements(s, "Koi Pond"))
    s = roll(s, "TERROR", "LORE", "INV_1", "INV_1", "INV_2", "INV_2")
    s = s.apply("complete task 1 (TERROR) with green TERROR")
    assert s.data.attempt.done == [0]
    assert ("Koi Pond", 0) not in placements(s, "")


def test_ruling_trophy_payment_the_cheapest_set_that_covers_the_price():
    from mythlab.elder_sign.effects import lose_trophies, payments

    won = ["adventure:Blood On The Floor", "adventure:A Peculiar Specimen", "monster:X01"]
    s = scenario(trophies={0: won}).clone()  # worth 2, 2 and 1
    assert payments(s, inv(s), 3)[0] == ["monster:X01", "adventure:Blood On The Floor"]
    assert lose_trophies(s, inv(s), 3)
    assert inv(s).trophies == ["adventure:A Peculiar Specimen"]
    assert "X01" in s.data.cup and s.data.adventure_deck[-1] == "Blood On The Floor"


def test_ruling_all_devoured_before_the_awakening_loses():
    from mythlab.elder_sign.effects import change_health

    s = scenario(health={0: (1, 5)}).clone()
    s.data.pool.clear()  # (no investigator is left to play)
    change_health(s, 0, "sanity", -1, "test")
    assert s.is_terminal() and not s.scores()["won"] and not s.data.awake
    assert "mythlab ruling 'all-devoured'" in s.events[-1]


def test_ruling_players_out_are_skipped_and_the_clock_moves_once_a_turn():
    s = scenario(players=2).clone()
    seat = s.data.seats[1]
    seat.devoured.append(seat.investigator.name)
    seat.investigator, seat.out = None, True
    s = s.apply("go to the Entrance").apply("first aid: regain 1 sanity and 1 stamina")
    assert s.data.turn == 0 and s.data.clock == 3 and s.phase.name == "Move"


def test_ruling_mythos_reshuffle_when_the_deck_is_empty():
    s = scenario(clock=9).clone()
    d = s.data
    d.mythos_discard, d.mythos_deck = d.mythos_deck, []
    s = s.apply("go to the Entrance").apply("first aid: regain 1 sanity and 1 stamina")
    assert s.data.clock == 0 and s.data.mythos != "M19"
    assert any("mythlab ruling 'mythos-reshuffle'" in e for e in s.events)
    assert len(s.data.mythos_deck) == len(builtin_data().mythos) - 1


def test_ruling_starting_card_taken_draws_another_card_of_its_kind():
    from mythlab.elder_sign.effects import new_investigator

    s = scenario(cards={0: ["Duke"]}).clone()  # Pete's ally is held already
    pete = new_investigator(s, '"Ashcan" Pete')
    [ally] = pete.cards
    assert ally != "Duke" and builtin_data().cards[ally].kind == "ally"
    assert "mythlab ruling 'starting-card-taken'" in s.events[-1]


def test_ruling_amanda_sharpe_start_one_common_item_and_one_spell():
    s = mythlab.make("elder_sign", investigators=["Amanda Sharpe"], players=1).initial_state()
    kinds = sorted(builtin_data().cards[c].kind for c in inv(s).cards)
    assert kinds == ["common_item", "spell"]
    assert builtin_data().investigators["Amanda Sharpe"].ruling == "amanda-sharpe-start"


def test_ruling_awakening_frees_dice():
    s = scenario(ancient_one="Yig", doom=7, board=["Mysterious Tome"], green_dice=5)
    assert len(s.data.locks) == 1
    s = roll(s.apply("go to Mysterious Tome"), "PERIL", "PERIL", "INV_1", "INV_1", "LORE")
    s = s.apply("the roll fails: fail the adventure")  # 1 doom: Yig awakens
    assert s.data.awake and s.data.locks == []
    assert s.data.attempt.to_roll == ["green"] * 6


def test_a_ruling_named_by_an_investigator_must_exist(tmp_path):
    import shutil

    from mythlab.engine.datafiles import game_data

    shutil.copytree(game_data("mythlab.elder_sign"), tmp_path, dirs_exist_ok=True)
    file = tmp_path / "investigators.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace(
        "ruling: amanda-sharpe-start", "ruling: free-lunch"), encoding="utf-8")
    with pytest.raises(DataError, match="investigators.yaml.*Amanda Sharpe.*ruling"):
        load_game_data(tmp_path)
