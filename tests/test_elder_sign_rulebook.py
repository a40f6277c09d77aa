"""Elder Sign rules the game once got wrong (issue 10), each against the rulebook text.

Rulebook: Elder Sign, Greek edition, pp. 5-12. Each test names the rule it checks.
"""

from __future__ import annotations

from mythlab.elder_sign.scenarios import roll, scenario


def labels(state):
    return [a.label for a in state.legal_actions()]


def inv(state, seat=0):
    return state.data.seats[seat].investigator


def test_no_roll_without_dice_p7_held_dice_alone_complete_no_task():
    """Tasks are completed with a roll, one per roll (p.6), and the adventure fails when no
    task can be completed "with the dice he can roll" (p.7): with no die left to roll, a die
    held on a spell completes nothing (mythlab ruling 'no-roll-without-dice')."""
    s = scenario(board=["Hallway on Fire"], cards={0: ["Binding Word"]}, green_dice=2)
    s = s.apply("go to Hallway on Fire").apply("spend Binding Word")
    s = roll(s, "PERIL", "PERIL").apply("put green:PERIL on Binding Word")
    s = s.apply("complete task 1 (PERIL) with green PERIL")
    # the PERIL on the spell would meet task 2, but no die is left to roll
    assert s.data.attempt is None and s.phase.name != "Adventure"
    assert any("fails Hallway on Fire" in e for e in s.events)
    assert any("mythlab ruling 'no-roll-without-dice'" in e for e in s.events)
    assert not any("use the held dice" in a for a in labels(s))


def battle(**options):
    """A one-player game against Yig (combat task PERIL,PERIL) that has just awakened."""
    s = scenario(ancient_one="Yig", doom=7, board=["Mysterious Tome"], **options)
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    return s.apply("the roll fails: fail the adventure")   # 1 doom: Yig awakens


def test_the_battle_p12_ends_when_the_dice_left_cannot_complete_the_combat_task():
    """Fighting the Ancient One (p.12): with one die left PERIL,PERIL cannot be completed;
    the log says so, not that no dice are left."""
    s = battle(clock=3)
    assert s.data.phase == "Final battle" and s.is_chance_node()
    s = roll(s, "LORE", "LORE", "LORE", "INV_1", "INV_2", "INV_3").apply(
        "the roll fails: try again").apply("set aside green:INV_1")
    s = roll(s, "PERIL", "PERIL", "LORE", "INV_2", "INV_3").apply(
        "complete the combat task (PERIL,PERIL) with green PERIL x2")
    s = roll(s, "PERIL", "PERIL", "LORE").apply(
        "complete the combat task (PERIL,PERIL) with green PERIL x2")
    assert s.data.doom == 6      # (the clock moves on, and P1 attacks again)
    assert any("The 1 die left cannot complete the combat task" in e for e in s.events)
    assert not any("No dice are left" in e for e in s.events)


def test_using_clues_p10_rerolls_some_or_all_dice_any_subset():
    """A clue rerolls "some or all" of the dice (p.10): any sub-multiset of the roll, one
    action per distinct multiset (dice of one colour and face are alike): 63 for six
    different faces, as the odds solver counts them."""
    s = scenario(board=["Koi Pond"], clues={0: 1}).apply("go to Koi Pond")
    s = roll(s, "LORE", "INV_1", "INV_2", "INV_3", "PERIL", "TERROR")
    clues = [a for a in labels(s) if a.startswith("spend a clue")]
    assert len(clues) == 63 == len(set(clues))
    assert clues[0] == "spend a clue: reroll all 6 dice"
    s = s.apply("spend a clue: reroll green INV_1 + green PERIL")
    assert inv(s).clues == 0 and s.is_chance_node() and s.data.attempt.to_roll == ["green"] * 2
    s = roll(s, "TERROR", "TERROR")
    assert sorted(s.data.attempt.rolled) == sorted(
        ["green:LORE", "green:INV_2", "green:INV_3", "green:TERROR", "green:TERROR",
         "green:TERROR"])
    # equal dice are one choice: 2 LORE, 2 PERIL, 1 INV_3 give 3 * 3 * 2 - 1 = 17 choices
    s = scenario(board=["Koi Pond"], clues={0: 1}, green_dice=5).apply("go to Koi Pond")
    s = roll(s, "LORE", "LORE", "PERIL", "PERIL", "INV_3")
    assert sum(a.startswith("spend a clue") for a in labels(s)) == 17


def with_monster(state, monster, card, row=-2):
    """``state`` (a copy) after ``monster`` from the cup appears on ``card``, as a terror
    effect or a doom space would make it appear (p.10-11)."""
    from mythlab.elder_sign.effects import place_monster

    t = state.clone()
    t.data.cup.remove(monster)
    place_monster(t, monster, card, row)
    t._advance()
    return t


def locked_places(state):
    return sorted(lock.place for lock in state.data.locks)


def test_locked_dice_p11_take_a_die_from_an_investigator_marker():
    """p.11: the die is put on the icon "even if it was on a Spell card or an Investigator
    marker". Five green dice are locked and the sixth is focused: the Shoggoth (X09, a
    green lock) takes the focused die."""
    s = scenario(board=["Koi Pond", "Lights Out"], green_dice=1)
    s.data.seats[0].investigator.marker = "green:LORE"
    t = with_monster(s, "X09", "Lights Out")
    assert "monster:X09" in locked_places(t) and inv(t).marker == ""
    assert not any("No green die" in e for e in t.events)
    assert any("green:LORE on Vincent Lee's marker is locked" in e for e in t.events)


def test_locked_dice_p11_the_active_player_chooses_which_held_die():
    """p.11: for a green lock "the active player chooses which die": a die on a spell or
    on the marker (the Locked die phase)."""
    s = scenario(board=["Koi Pond", "Lights Out"], green_dice=2, cards={0: ["Binding Word"]})
    d = s.data
    d.seats[0].investigator.marker = "green:LORE"
    d.seats[0].investigator.cards.remove("Binding Word")
    from mythlab.elder_sign.state import SpellDie

    d.spells.append(SpellDie("Binding Word", "green:PERIL"))
    t = with_monster(s, "X09", "Lights Out")
    assert t.phase.name == "Locked die" and t.phase.rule == "Elder Sign · p.11 Locked dice"
    assert labels(t) == ["lock the green:PERIL on Binding Word",
                         "lock the green:LORE on Vincent Lee's marker"]
    u = t.apply("lock the green:PERIL on Binding Word")
    assert "monster:X09" in locked_places(u) and u.data.spells == []
    assert inv(u).marker == "green:LORE" and u.data.decks["spell"][-1] == "Binding Word"


def test_locked_dice_p11_a_monster_appearing_mid_adventure_locks_its_die():
    """A monster with a lock appearing while every green die is in the roll (p.11: the icon
    takes a die at once): the rolled dice stay, and the lock takes the first die to come
    free, here the die set aside after the failed roll (ruling 'no-free-die')."""
    s = scenario(board=["Mysterious Tome", "Lights Out"]).apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    t = with_monster(s, "X09", "Lights Out")
    assert locked_places(t) == [] and len(t.data.attempt.rolled) == 6
    assert any("waits for the first one to come free" in e for e in t.events)
    u = t.apply("the roll fails: try again").apply("set aside green:INV_1")
    assert locked_places(u) == ["monster:X09"] and u.data.attempt.aside == []
    # failing the adventure at once frees every die: the lock is applied then at the latest
    v = t.apply("the roll fails: fail the adventure")
    assert locked_places(v) == ["monster:X09"]


def test_the_ancient_one_awakens_p11_at_once_when_a_midnight_effect_fills_the_doom_track():
    """p.11: "as soon as a doom token is placed on the last space ... the Ancient One awakens
    at once". Rising Dread's midnight effect adds the 8th doom token of Yig's track: Yig
    awakens and no new Mythos card is drawn first (mythlab ruling 'awakening-at-midnight')."""
    s = scenario(ancient_one="Yig", doom=7, clock=9, mythos="M22", board=["Koi Pond"])
    s = s.apply("go to the Entrance").apply("first aid: regain 1 sanity and 1 stamina")
    text = "\n".join(s.events)
    assert s.data.awake and s.data.doom == 8 and "Yig awakens" in text
    assert s.data.mythos == "M22" and "Mythos:" not in text
    assert text.index("doom 8 of 8") < text.index("Yig awakens")


def test_ending_the_game_p12_nothing_happens_after_the_investigators_lose():
    """p.12: the investigators lose when all are devoured in the final battle; the rest of
    the Ancient One's attack (Hastur: 2 sanity, 1 stamina, 1 doom) is not played after."""
    s = scenario(ancient_one="Hastur", doom=10, board=["Mysterious Tome"], health={0: (2, 5)})
    s = s.apply("go to Mysterious Tome")
    s = roll(s, "PERIL", "PERIL", "INV_1", "INV_1", "INV_2", "LORE")
    s = s.apply("the roll fails: fail the adventure")      # doom 11 of 11: Hastur awakens
    assert s.data.awake and s.data.phase == "Final battle"
    s = s.clone()
    s.data.doom, s.data.clock = 8, 9          # (a later turn of the battle, before midnight)
    s = roll(s, "PERIL", "PERIL", "PERIL", "PERIL", "PERIL", "PERIL").apply(
        "the roll fails: stop attacking")      # midnight: Hastur attacks, 2 sanity devour
    assert s.is_terminal() and not s.scores()["won"]
    lost = next(i for i, e in enumerate(s.events) if e.startswith("The investigators lose"))
    assert lost == len(s.events) - 1, s.events[lost:]
    assert s.data.doom == 9    # the devoured investigator's token only (p.11)


def test_every_doom_track_fits_the_12_doom_tokens_p2():
    """Contents (p.2): 12 doom tokens, and a track is filled with them (p.11), so no Ancient
    One's track has more than 12 spaces; its monster icons lie on it."""
    from mythlab.elder_sign.load import builtin_data

    for ao in builtin_data().ancient_ones.values():
        assert 1 <= ao.doom <= 12, ao.name
        assert all(1 <= space <= ao.doom for space in ao.monster_spaces), ao.name
