"""The four Elder Sign investigator abilities that are choices (Elder Sign rulebook, Greek
edition, p.4, "The investigator's ability"; the card texts are public, see
mythlab/elder_sign/data/SOURCES.md): "Ashcan" Pete's reward exchange, Carolyn Fern's and Vincent
Lee's once-per-day healing, Mandy Thompson's once-per-day reroll of 2 dice. A day runs from one
midnight to the next (mythlab ruling 'once-per-day')."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mythlab.elder_sign.scenarios import roll, scenario
from mythlab.engine import IllegalAction

ABILITY = "Elder Sign · p.4 The investigator's ability"
PETE = '"Ashcan" Pete'


def labels(state):
    return [a.label for a in state.legal_actions()]


def inv(state, seat=0):
    return state.data.seats[seat].investigator


def quiet_midnight(state):
    """Put the effect-free Mythos card "Brief Respite" on top of the deck (a test position)."""
    state.data.mythos_deck.remove("M31")
    state.data.mythos_deck.insert(0, "M31")
    return state


def first_aid(state):
    """A whole uneventful turn: wait at the Entrance for first aid."""
    return state.apply("go to the Entrance").apply("first aid: regain 1 sanity and 1 stamina")


def refused(state, label):
    """The IllegalAction of ``label``; the state is left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(label)
    assert state.to_json() == before
    assert state.why_illegal(label) == str(err.value)
    return err.value


# --------------------------------------------------------------------- "Ashcan" Pete
def test_ashcan_pete_p4_may_take_a_clue_common_item_or_spell_instead_of_a_reward():
    """One choice per card gained, before it is drawn (mythlab ruling 'ashcan-pete-choice')."""
    # Ancient Relics rewards a clue and a spell: Pete chooses before the spell is drawn
    s = scenario(investigators=[PETE], board=["Ancient Relics"])
    assert inv(s).cards == []  # (a scenario starts without the dealt cards: no Duke)
    s = roll(s.apply("go to Ancient Relics"), "LORE", "LORE", "INV_3", "INV_3", "PERIL",
             "PERIL")
    s = s.apply("complete task 1 (LORE,INV_3) with green INV_3 + green LORE")
    s = roll(s, "LORE", "INV_3", "PERIL", "PERIL")
    s = s.apply("complete task 2 (LORE,INV_3) with green INV_3 + green LORE")
    assert s.phase.name == "Reward choice" and s.phase.rule == ABILITY
    assert s.current_player == 0 and inv(s).clues == 1  # the clue is not exchangeable
    assert labels(s) == [f"{PETE}: take the spell",
                         f"{PETE}: take a clue instead of the spell",
                         f"{PETE}: take a common item instead of the spell"]
    err = refused(s, f"{PETE}: take a unique item instead of the spell")
    assert err.rule == ABILITY and "not a legal move in Reward choice" in err.reason
    top_common = s.data.decks["common_item"][0]
    spells = s.data.decks["spell"][:]
    t = s.apply(f"{PETE}: take a common item instead of the spell")
    assert inv(t).cards == [top_common] and t.data.decks["spell"] == spells
    assert any("takes a common item instead of the spell" in e and ABILITY in e
               for e in t.events)
    assert t.phase.name == "Move"  # the turn went on: the clock moved
    keep = s.apply(f"{PETE}: take the spell")
    assert inv(keep).cards == [spells[0]]
    clue = s.apply(f"{PETE}: take a clue instead of the spell")
    assert inv(clue).cards == [] and inv(clue).clues == 2


def test_ashcan_pete_p4_a_unique_item_souvenir_offers_all_three_instead():
    s = scenario(investigators=[PETE], trophies={0: ["adventure:Koi Pond",
                                                     "adventure:Mysterious Tome"]})
    s = s.apply("go to the Entrance").apply("buy a souvenir: unique item for 4 trophies")
    assert labels(s) == [f"{PETE}: take the unique item",
                         f"{PETE}: take a clue instead of the unique item",
                         f"{PETE}: take a common item instead of the unique item",
                         f"{PETE}: take a spell instead of the unique item"]
    s = s.apply(f"{PETE}: take a spell instead of the unique item")
    assert [s.game.data.cards[c].kind for c in inv(s).cards] == ["spell"]


def test_other_investigators_and_pete_at_setup_gain_rewards_at_once():
    # Pete's starting ally is dealt at setup, with no choice
    from mythlab import make

    s = make("elder_sign", players=1, seed=1, investigators=[PETE]).initial_state()
    assert inv(s).cards == ["Duke"] and s.phase.name == "Move"
    # anyone else simply draws
    t = scenario(investigators=["Vincent Lee"], board=["Ancient Relics"])
    t = roll(t.apply("go to Ancient Relics"), "LORE", "LORE", "INV_3", "INV_3", "PERIL",
             "PERIL")
    t = t.apply("complete task 1 (LORE,INV_3) with green INV_3 + green LORE")
    t = roll(t, "LORE", "INV_3", "PERIL", "PERIL")
    t = t.apply("complete task 2 (LORE,INV_3) with green INV_3 + green LORE")
    assert t.phase.name == "Move" and len(inv(t).cards) == 1


# --------------------------------------------------------------------- Carolyn Fern, Vincent Lee
def test_carolyn_fern_p4_once_per_day_restores_1_sanity_to_an_investigator_of_her_choice():
    """Offered beside the turn's first choices (mythlab ruling 'daily-healing')."""
    s = scenario(players=2, investigators=["Carolyn Fern", "Vincent Lee"],
                 health={0: (4, 4), 1: (2, 5)})
    heals = [a for a in labels(s) if a.startswith("Carolyn Fern:")]
    assert heals == ["Carolyn Fern: Carolyn Fern regains 1 sanity",
                     "Carolyn Fern: Vincent Lee regains 1 sanity"]
    assert "go to the Entrance" in labels(s)  # passing is just playing on
    s = s.apply("Carolyn Fern: Vincent Lee regains 1 sanity")
    assert inv(s, 1).sanity == 3 and inv(s, 0).sanity == 4
    assert s.phase.name == "Move" and s.current_player == 0  # still the start of her turn
    assert any(ABILITY in e for e in s.events)
    assert not any(a.startswith("Carolyn Fern:") for a in labels(s))


def test_vincent_lee_p4_heals_1_stamina_at_the_start_of_any_players_turn():
    """On another player's turn the healing is that player's move (mythlab ruling
    'team-abilities')."""
    s = scenario(players=2, investigators=["Vincent Lee", "Amanda Sharpe"],
                 health={0: (5, 5), 1: (5, 3)})
    # on his own turn he may wait; on Amanda's turn he heals her
    assert "Vincent Lee: Amanda Sharpe regains 1 stamina" in labels(s)
    s = first_aid(s)
    assert s.data.turn == 1 and s.current_player == 1
    s = s.apply("Vincent Lee: Amanda Sharpe regains 1 stamina")
    assert inv(s, 1).stamina == 4
    # full health is never offered (not above the maximum)
    assert not any(a.startswith("Vincent Lee:") for a in labels(s))


def test_healing_is_offered_only_at_the_start_of_a_turn_and_not_above_the_maximum():
    s = scenario(players=2, investigators=["Vincent Lee", "Amanda Sharpe"],
                 board=["Ancient Relics"], health={0: (5, 5), 1: (5, 3)})
    err = refused(s, "Vincent Lee: Vincent Lee regains 1 stamina")
    assert err.rule == ABILITY and "already has full stamina" in err.reason
    err = refused(s, "Vincent Lee: Nobody regains 1 stamina")
    assert "not an investigator in play" in err.reason
    s = s.apply("go to Ancient Relics")  # the first action ends the start of the turn
    s = roll(s, "LORE", "LORE", "INV_3", "INV_3", "PERIL", "PERIL")
    err = refused(s, "Vincent Lee: Amanda Sharpe regains 1 stamina")
    assert err.rule == ABILITY and "start of a turn" in err.reason


def test_healing_at_the_start_of_a_final_battle_turn():
    s = scenario(players=2, ancient_one="Yig", doom=7, board=["Mysterious Tome"],
                 investigators=["Amanda Sharpe", "Carolyn Fern"], health={0: (3, 5)})
    s = roll(s.apply("go to Mysterious Tome"), "PERIL", "PERIL", "INV_1", "INV_1", "INV_2",
             "LORE")
    s = s.apply("the roll fails: fail the adventure")  # 1 doom: Yig awakens
    # P2's battle turn waits for the healing choice instead of rolling at once
    assert s.data.awake and s.phase.name == "Final battle" and not s.is_chance_node()
    assert labels(s) == ["roll 6G", "Carolyn Fern: Amanda Sharpe regains 1 sanity"]
    s = s.apply("Carolyn Fern: Amanda Sharpe regains 1 sanity")
    assert inv(s).sanity == 4 and s.is_chance_node()  # nothing else to do: the dice roll


# --------------------------------------------------------------------- once per day
def test_once_per_day_holds_until_midnight_and_then_resets():
    # clock at 6: Carolyn's turn moves it to 9, Vincent's to XII (midnight), then a new day
    s = quiet_midnight(scenario(players=2, clock=6, investigators=["Carolyn Fern",
                                                                   "Vincent Lee"],
                                health={0: (6, 4), 1: (1, 5)}))
    s = s.apply("Carolyn Fern: Vincent Lee regains 1 sanity")
    assert inv(s).used_today
    s = first_aid(s)  # clock 9, Vincent's turn: Carolyn's ability is spent for today
    assert s.data.clock == 9 and s.data.turn == 1
    assert not any(a.startswith("Carolyn Fern:") for a in labels(s))
    err = refused(s, "Carolyn Fern: Vincent Lee regains 1 sanity")
    assert err.rule == ABILITY and "once per day" in err.reason
    s = first_aid(s)  # clock XII: a new day
    assert s.data.clock == 0 and not inv(s).used_today
    assert any("A new day: Carolyn Fern" in e and "mythlab ruling 'once-per-day'" in e
               for e in s.events)
    assert "Carolyn Fern: Vincent Lee regains 1 sanity" in labels(s)
    s = s.apply("Carolyn Fern: Vincent Lee regains 1 sanity")
    assert inv(s, 1).sanity == 4  # 1, +1 Carolyn, +1 first aid, +1 Carolyn the next day


def test_midnight_without_a_used_ability_logs_no_new_day():
    s = quiet_midnight(scenario(clock=9, investigators=["Carolyn Fern"]))
    s = first_aid(s)
    assert s.data.clock == 0 and not any("A new day" in e for e in s.events)


# --------------------------------------------------------------------- Mandy Thompson
def test_mandy_thompson_p4_rerolls_up_to_2_dice_after_a_roll_as_a_chance_node():
    """1 or 2 dice of the roll, by colour and face (mythlab ruling 'mandy-thompson-reroll')."""
    s = scenario(investigators=["Mandy Thompson"], board=["Ancient Relics"])
    s = roll(s.apply("go to Ancient Relics"), "TERROR", "PERIL", "PERIL", "INV_1", "INV_1",
             "INV_2")
    rerolls = [a for a in labels(s) if a.startswith("Mandy Thompson:")]
    # every choice of 1 or 2 dice by colour and face: 4 faces, 6 mixed pairs, 2 doubles
    assert len(rerolls) == 12
    assert "Mandy Thompson: reroll green:INV_1 and green:TERROR" in rerolls
    assert "Mandy Thompson: reroll green:PERIL and green:PERIL" in rerolls
    assert labels(s)[-2:] == ["complete no task: try again", "complete no task: fail the adventure"]
    s = s.apply("Mandy Thompson: reroll green:INV_1 and green:TERROR")
    assert s.is_chance_node() and s.data.attempt.to_roll == ["green", "green"]
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    p = {tuple(sorted(a.args[1])): p for a, p in outcomes}
    assert p[("LORE", "LORE")] == Fraction(1, 36) and p[("INV_3", "LORE")] == Fraction(1, 18)
    s = roll(s, "LORE", "INV_3")
    assert sorted(s.data.attempt.rolled) == sorted(
        ["green:PERIL", "green:PERIL", "green:INV_1", "green:INV_2", "green:LORE",
         "green:INV_3"])
    assert "complete task 1 (LORE,INV_3) with green INV_3 + green LORE" in labels(s)
    assert not any(a.startswith("Mandy Thompson:") for a in labels(s))  # once per day
    err = refused(s, "Mandy Thompson: reroll green:PERIL")
    assert err.rule == ABILITY and "once per day" in err.reason


def test_mandy_thompson_p4_rerolls_another_players_dice_of_any_colour():
    s = scenario(players=2, investigators=["Vincent Lee", "Mandy Thompson"],
                 board=["Ancient Relics"], cards={0: ["Lantern"]})
    s = s.apply("go to Ancient Relics").apply("spend Lantern")
    s = roll(s, "TERROR", "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "yellow:PERIL")
    assert s.current_player == 0 and s.data.turn == 0
    s = s.apply("Mandy Thompson: reroll green:TERROR and yellow:PERIL")
    assert inv(s, 1).used_today and not inv(s).used_today
    # one chance node per colour: the green die, then the yellow one
    assert s.data.attempt.to_roll == ["green", "yellow"] and len(s.chance_outcomes()) == 6
    assert all(p == Fraction(1, 6) for _, p in s.chance_outcomes())
    s = roll(s, "LORE", "yellow:INV_4")
    assert "yellow:INV_4" in s.data.attempt.rolled and len(s.data.attempt.rolled) == 7


def test_mandy_thompson_reroll_is_refused_without_a_fresh_roll():
    s = scenario(investigators=["Mandy Thompson"], board=["Ancient Relics"])
    err = refused(s, "Mandy Thompson: reroll green:PERIL")
    assert err.rule == ABILITY and "right after a roll" in err.reason
    s = roll(s.apply("go to Ancient Relics"), "TERROR", "PERIL", "PERIL", "INV_1", "INV_1",
             "INV_2")
    err = refused(s, "Mandy Thompson: reroll green:LORE")
    assert "1 or 2 dice of the roll" in err.reason
    assert "1 or 2 dice" in refused(s, "Mandy Thompson: reroll green:PERIL and green:PERIL "
                                       "and green:PERIL").reason


def test_mandy_thompson_once_per_day_resets_at_midnight():
    s = quiet_midnight(scenario(clock=9, investigators=["Mandy Thompson"],
                                board=["Ancient Relics"]))
    s = roll(s.apply("go to Ancient Relics"), "TERROR", "PERIL", "PERIL", "INV_1", "INV_1",
             "INV_2")
    s = roll(s.apply("Mandy Thompson: reroll green:TERROR"), "PERIL")
    s = s.apply("the roll fails: fail the adventure")
    assert s.data.clock == 0 and not inv(s).used_today
    s = roll(s.apply("go to Ancient Relics"), "TERROR", "PERIL", "PERIL", "INV_1", "INV_1",
             "INV_2")
    assert "Mandy Thompson: reroll green:TERROR" in labels(s)


def test_abilities_survive_a_json_round_trip():
    s = scenario(players=2, investigators=["Carolyn Fern", "Mandy Thompson"],
                 health={1: (3, 5)})
    s = s.apply("Carolyn Fern: Mandy Thompson regains 1 sanity")
    back = s.game.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()
    assert inv(back).used_today and back.data.turn_start
