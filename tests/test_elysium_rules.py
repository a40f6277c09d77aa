"""Elysium rules (issue 5 §1): one test per rule, named after it; rulebook examples as scenarios.

Pages are those of the Elysium rulebook, Greek edition; the Spanish edition has the same rules.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import mythlab
from mythlab.elysium import prestige_vp, rules_book, scenario, score_table
from mythlab.elysium.refs import (
    ACTIVATE,
    CITIZEN_JOKER,
    CONDITION,
    ELEUSIS,
    FAMILY_LEGEND,
    FORCED_CITIZEN,
    IDENTICAL,
    INSTANT,
    LEVEL_LEGEND,
    PASS,
    QUOTA,
    TRANSFERS,
    TRIGGER,
)
from mythlab.engine import DataError, IllegalAction


def labels(state):
    return [a.label for a in state.legal_actions()]


def seat(state, q):
    return state.data.seats[q]


def names(state, cards):
    return [state.game.labels[c] for c in cards]


def quiet(state):
    """The first action that neither transfers nor uses a power (keeps the domain as it is)."""
    return next((a for a in state.legal_actions()
                 if not a.label.startswith(("transfer", "use", "accept"))),
                state.legal_actions()[0])


def first_action_until(state, done, limit=2000, policy=None):
    """Play the first legal action until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        state = state.apply(policy(state) if policy else state.legal_actions()[0])
    raise AssertionError("the condition was never reached")


# --------------------------------------------------------------------- setup (p.3-4)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_discs_vp_gold_columns_and_agora_of_3n_plus_1(players):
    s = mythlab.make("elysium", players=players, seed=5).initial_state()
    d = s.data
    discs = [x.disc for x in d.seats]
    assert sorted(discs) == list(range(1, players + 1))
    first = discs.index(1)   # clockwise from a random first player: ascending discs
    assert [d.seats[(first + k) % players].disc for k in range(players)] == \
        list(range(1, players + 1))
    assert all(x.vp == x.disc and x.gold == 4 for x in d.seats)
    assert all(x.columns == ["red", "yellow", "green", "blue"] for x in d.seats)
    assert len(d.agora) == 3 * players + 1
    assert len(d.draw) + len(d.agora) == 105 and not d.oracle
    assert s.phase.name == "Phase II: Actions" and s.current_player == first
    assert s.phase.rule.startswith("Elysium · p.5")


def test_setup_families_default_first_game_and_the_five_named_sets():
    book = rules_book()
    assert mythlab.make("elysium").families == ["athena", "hades", "hephaestus", "poseidon",
                                                "zeus"]
    assert set(book.family_sets) == {"first-game", "opulence", "woe-to-the-vanquished",
                                     "wasteland", "deadly-plots", "why-bother-with-elysium"}
    for name, fs in book.family_sets.items():
        game = mythlab.make("elysium", families=name)
        assert sorted(game.families) == sorted(f.value for f in fs.families)
        assert len(game.deck) == 105
    custom = mythlab.make("elysium", families=["ares", "hermes", "zeus", "apollo", "hades"])
    assert len(custom.deck) == 105
    with pytest.raises(ValueError, match="p.3 Choose 5 of the 8"):
        mythlab.make("elysium", families=["ares", "hermes", "zeus", "apollo"])
    with pytest.raises(ValueError, match="no set called"):
        mythlab.make("elysium", families="olympus")


def test_setup_oracle_when_apollo_plays():
    s = mythlab.make("elysium", players=3, seed=1, families="wasteland").initial_state()
    assert len(s.data.oracle) == 4 and len(s.data.agora) == 10
    assert any("Oracle" in e for e in s.events)


def test_quests_under_the_pediment_and_two_player_quests():
    s4 = mythlab.make("elysium", players=4, seed=2).initial_state()
    assert [s4.game.quests[t].number for t in s4.data.quests] == [1, 2, 3, 4]
    assert all(len(s4.quest_colours(t)) == 1 for t in s4.data.quests)
    s2 = mythlab.make("elysium", players=2, seed=2).initial_state()
    assert s2.data.quests == ["q1-duo", "q2-duo"]
    colours = [s2.quest_colours(t) for t in s2.data.quests]
    assert all(len(c) == 2 for c in colours)          # each quest under 2 colours (p.4)
    assert sorted(colours[0] + colours[1]) == sorted(["red", "yellow", "green", "blue"])


def test_shuffles_are_seeded_and_replay_exactly():
    a = mythlab.make("elysium", players=3, seed=11).initial_state()
    b = mythlab.make("elysium", players=3, seed=11).initial_state()
    c = mythlab.make("elysium", players=3, seed=12).initial_state()
    assert a.to_json() == b.to_json() != c.to_json()
    a2 = first_action_until(a, lambda s: s.data.epoch == 2)
    assert a.game.state_from_json(a2.to_json()).to_json() == a2.to_json()


# --------------------------------------------------------------------- Phase I (p.5)
def test_phase_one_clears_and_refills_the_agora_and_the_oracle_slides_in():
    s = mythlab.make("elysium", players=2, seed=3, families="deadly-plots").initial_state()
    before = first_action_until(s, lambda x: x.data.phase == "Phase III: Writing legends")
    leftovers, oracle = list(before.data.agora), list(before.data.oracle)
    after = first_action_until(before, lambda x: x.data.epoch == 2)
    assert set(leftovers) <= set(after.data.discard)
    assert set(oracle) <= set(after.data.agora)        # the Oracle slides into the Agora
    assert len(after.data.agora) == 7 and len(after.data.oracle) == 4
    assert not set(oracle) & set(after.data.oracle)


# --------------------------------------------------------------------- Phase II (p.5-7)
def test_turn_order_disc_1_first_then_ascending():
    s = mythlab.make("elysium", players=4, seed=8).initial_state()
    seen = []
    while s.data.phase == "Phase II: Actions" and len(seen) < 8:
        if s.data.tasks[-1].kind == "turn" and not s.data.tasks[-1].count:
            seen.append(s.data.seats[s.current_player].disc)
        s = s.apply(s.legal_actions()[0])
    assert seen[:8] == [1, 2, 3, 4, 1, 2, 3, 4]


def test_acquisition_condition_blue_plus_any_colour():
    """p.5: "you need the blue column plus one more of your choice"."""
    ok = scenario(agora=["Posthumous Hero"], columns={0: ["blue", "red"]})  # [blue, black]
    assert "take Posthumous Hero" in labels(ok)
    lone_blue = scenario(agora=["Posthumous Hero"], columns={0: ["blue"]})
    assert "take Posthumous Hero" not in labels(lone_blue)
    no_blue = scenario(agora=["Posthumous Hero"], columns={0: ["red", "green"]})
    with pytest.raises(IllegalAction) as err:
        no_blue.apply("take Posthumous Hero")
    assert err.value.rule == CONDITION and "blue and any" in err.value.reason


def test_after_taking_discard_any_one_column():
    """p.6: any column, not necessarily one of the condition."""
    s = scenario(agora=["Trade Agreement"], columns={0: ["red", "yellow", "blue"]})
    s = s.apply("take Trade Agreement")                 # needs blue
    assert set(labels(s)) == {"discard the red column", "discard the yellow column",
                              "discard the blue column"}
    s = s.apply("discard the blue column")
    assert seat(s, 0).columns == ["red", "yellow"]
    assert seat(s, 0).gold == 7                         # the Instant power came first


def test_no_two_identical_cards_in_a_domain():
    s = scenario(domain={0: ["Cap of Invisibility"]}, agora=["Cap of Invisibility", "Charon"])
    assert "take Cap of Invisibility" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("take Cap of Invisibility")
    assert err.value.rule == IDENTICAL
    before = s.to_json()
    assert s.why_illegal("take Cap of Invisibility") == str(err.value)
    assert s.to_json() == before                        # an illegal move leaves the state


def test_exactly_one_quest_and_three_cards():
    s = scenario(agora=["Charon", "Trade Agreement"], cards_taken={0: 3})
    assert not any(x.startswith("take Charon") for x in labels(s))
    assert any(x.startswith("take quest") for x in labels(s))
    with pytest.raises(IllegalAction) as err:
        s.apply("take Charon")
    assert err.value.rule == QUOTA
    s = scenario(agora=["Charon"], quests={0: "q1"})
    assert not any(x.startswith("take quest") for x in labels(s))
    with pytest.raises(IllegalAction) as err:
        s.apply("take quest 2")
    assert err.value.rule == QUOTA and "already taken your quest" in err.value.reason


def test_forced_citizen_only_when_nothing_can_be_taken_and_no_quest_remains_possible():
    # a quest is still possible: no Citizen
    s = scenario(agora=["Cerberus"], columns={0: ["green"]})     # Cerberus needs red + blue
    quest_green = [t for t in s.data.quests if s.quest_colours(t) == ["green"]]
    assert labels(s) == [f"take quest {s.game.quests[quest_green[0]].number}"]
    with pytest.raises(IllegalAction) as err:
        s.apply("take a Citizen")
    assert err.value.rule == FORCED_CITIZEN and "quest" in err.value.reason
    # a card is still possible: no Citizen
    s = scenario(agora=["Trade Agreement"], columns={0: ["blue"]}, quests={0: "q1"})
    with pytest.raises(IllegalAction) as err:
        s.apply("take a Citizen")
    assert err.value.rule == FORCED_CITIZEN and "Trade Agreement" in err.value.reason
    # nothing and the quest taken: the Citizen is forced
    s = scenario(agora=["Cerberus"], columns={0: ["green", "yellow"]}, quests={0: "q1"})
    assert labels(s) == ["take a Citizen"]
    s = s.apply("take a Citizen").apply("discard the green column")
    assert len(seat(s, 0).citizens) == 1 and seat(s, 0).citizens[0] in seat(s, 0).domain
    # 3 cards taken and no quest possible: pass
    probe = scenario(agora=["Cerberus"])
    others = [t for t in probe.data.quests if probe.quest_colours(t) != ["green"]]
    s = scenario(agora=["Cerberus"], columns={0: ["green"]}, cards_taken={0: 3},
                 pediment=others)
    assert labels(s) == ["pass"]
    assert s.legal_actions()[0].rule == PASS


def test_incomplete_quest_after_all_turns_and_the_disc_example_of_p8():
    """p.8: 4 players, disc #1 (Stelios) and disc #3 (Christos) both incomplete -> #3, #4."""
    probe = scenario(players=4)
    by_disc = {seat(probe, q).disc: q for q in range(4)}
    stelios, christos = by_disc[1], by_disc[3]
    cheap = ["Charon's Obol", "Trade Agreement", "Anvil", "Eagle of Zeus"]
    s = scenario(players=4, phase="end of II", domain={q: [cheap[q]] for q in range(4)},
                 quests={by_disc[2]: "q2", by_disc[4]: "q1"})
    assert not seat(s, stelios).quest and not seat(s, christos).quest     # incomplete
    assert sum("incomplete quest" in e for e in s.events) == 2
    assert seat(s, stelios).disc == 3 and seat(s, christos).disc == 4
    assert seat(s, by_disc[4]).disc == 1 and seat(s, by_disc[2]).disc == 2
    assert s.phase.name == "Phase III: Writing legends"
    assert s.current_player == by_disc[4] == s.data.order[0]   # transfers in the new order
    assert any("Discs:" in e for e in s.events)


def test_quest_vp_gold_and_lyres_incomplete_gives_1_gold_1_transfer():
    probe = scenario(players=3)
    by_disc = {seat(probe, q).disc: q for q in range(3)}
    s = scenario(players=3, phase="end of II", quests={by_disc[1]: "q4", by_disc[2]: "q2"},
                 domain={0: ["Anvil"], 1: ["Charon's Obol"], 2: ["Trade Agreement"]})
    q4, q2, none = by_disc[1], by_disc[2], by_disc[3]
    book = {q.id: q for q in rules_book().quests}
    assert (seat(s, q4).vp, seat(s, q4).gold, seat(s, q4).lyres) == \
        (1 + book["q4"].vp, 4 + book["q4"].gold, book["q4"].lyres)
    assert (seat(s, q2).vp, seat(s, q2).gold) == (2 + book["q2"].vp, 4 + book["q2"].gold)
    assert (seat(s, none).vp, seat(s, none).gold, seat(s, none).lyres) == (3, 5, 1)
    assert sorted(s.data.quests) == ["q1", "q2", "q3", "q4"]   # tiles back under the pediment


# --------------------------------------------------------------------- powers by timing (p.7)
def test_activate_once_per_epoch_and_straightened_in_phase_four():
    s = scenario(players=2, domain={0: ["Naval Power"]}, agora=["Charon"])
    s = s.apply("use Naval Power").apply("choose: gain 1 gold")
    assert "use Naval Power" not in labels(s)
    with pytest.raises(IllegalAction) as err:
        s.apply("use Naval Power")
    assert err.value.rule == ACTIVATE
    s = first_action_until(s, lambda x: x.data.epoch == 2 and x.current_player == 0
                           and x.data.tasks[-1].kind == "turn", policy=quiet)
    assert "use Naval Power" in labels(s)


def test_trigger_once_per_game_with_a_ring():
    s = scenario(players=2, domain={0: ["Persephone"]}, agora=["Charon"])
    assert seat(s, 0).rings
    s = s.apply("use Persephone").apply("stop transferring")
    assert not seat(s, 0).rings
    with pytest.raises(IllegalAction) as err:
        s.apply("use Persephone")
    assert err.value.rule == TRIGGER


def test_instant_powers_are_used_only_when_taken():
    s = scenario(players=2, domain={0: ["Trade Agreement"]}, agora=["Charon"])
    with pytest.raises(IllegalAction) as err:
        s.apply("use Trade Agreement")
    assert err.value.rule == INSTANT


def test_eleusis_needs_another_eleusis_card():
    alone = scenario(players=2, domain={0: ["Initiation (Hades)"]}, agora=["Charon"])
    assert "use Initiation (Hades)" not in labels(alone)
    with pytest.raises(IllegalAction) as err:
        alone.apply("use Initiation (Hades)")
    assert err.value.rule == ELEUSIS
    pair = scenario(players=2, domain={0: ["Initiation (Hades)", "Initiation (Athena)"]},
                    agora=["Charon"])
    assert "use Initiation (Hades)" in labels(pair)


def test_powers_are_not_used_in_another_players_turn():
    s = scenario(players=2, player=0, domain={1: ["Naval Power"]}, agora=["Charon"])
    assert s.current_player == 0
    assert not any(x.startswith("use") for x in labels(s))


def test_ruling_turn_after_take_powers_then_end_turn():
    s = scenario(players=2, domain={0: ["Naval Power"]}, agora=["Anvil", "Trident"])
    s = s.apply("take Anvil").apply("discard the red column")
    assert labels(s) == ["use Naval Power", "use Anvil", "end turn"]
    assert s.legal_actions()[-1].rule.endswith("'turn-after-take'")
    plain = scenario(players=2, agora=["Bellows", "Eagle of Zeus"])
    plain = plain.apply("take Bellows").apply("discard the red column")
    assert plain.current_player == 1                    # nothing to use: the turn ends


def test_ruling_pass_keeps_columns():
    probe = scenario(agora=["Cerberus"])
    others = [t for t in probe.data.quests if probe.quest_colours(t) != ["green"]]
    s = scenario(agora=["Cerberus"], columns={0: ["green"]}, cards_taken={0: 3},
                 pediment=others)
    s = s.apply("pass")
    assert seat(s, 0).columns == ["green"]
    assert any("pass-keeps-columns" in e for e in s.events)


def test_ruling_reshuffle_when_the_draw_pile_runs_out():
    s = scenario(agora=["Cerberus"], columns={0: ["green", "yellow"]}, quests={0: "q1"})
    s.data.discard, s.data.draw = s.data.draw, []
    s.edited()
    total = len(s.data.discard)
    s = s.apply("take a Citizen")
    assert any("reshuffle" in e for e in s.events)
    assert not s.data.discard and len(s.data.draw) == total - 1
    empty = scenario(agora=["Cerberus"], columns={0: ["green"]}, quests={0: "q1"})
    empty.data.removed += empty.data.draw
    empty.data.draw = []
    empty.edited()
    assert empty.game.invariants(empty) == []
    assert [a.label for a in empty._legal()] == ["pass"]    # no Citizen left to take


def test_ruling_power_transfers_are_offers_outside_the_lyres():
    s = scenario(players=2, domain={0: ["Persephone", "Cerberus"]}, agora=["Anvil"])
    assert seat(s, 0).lyres == 0
    assert "stop transferring" in labels(s.apply("use Persephone"))
    s = s.apply("use Persephone").apply("transfer Cerberus to a new legend")
    assert seat(s, 0).lyres == 0 and seat(s, 0).legends
    assert any("power-transfers" in e for e in s.events)


# --------------------------------------------------------------------- Phase III (p.8-9)
def test_transfers_limited_by_lyres_and_paid_by_level():
    # the Cap's Legend power keeps P1 writing once the lyre is used
    s = scenario(players=2, phase="III", lyres={0: 1}, gold={0: 3},
                 domain={0: ["Cerberus", "Charon", "Charon's Obol", "Cap of Invisibility"]})
    assert "transfer Cerberus to a new legend" in labels(s)           # level 3: 3 gold
    s = s.apply("transfer Cerberus to a new legend")
    assert seat(s, 0).gold == 0 and seat(s, 0).lyres == 0
    assert not any(x.startswith("transfer") for x in labels(s))
    with pytest.raises(IllegalAction) as err:
        s.apply("transfer Charon to a new legend")
    assert err.value.rule == TRANSFERS and "lyres" in err.value.reason
    poor = scenario(players=2, phase="III", domain={0: ["Cerberus", "Charon's Obol"]},
                    lyres={0: 2}, gold={0: 2})
    with pytest.raises(IllegalAction) as err:
        poor.apply("transfer Cerberus to a new legend")
    assert err.value.rule == TRANSFERS and "costs 3 gold" in err.value.reason


def test_level_legend_one_level_different_families_up_to_five():
    s = scenario(players=2, phase="III", lyres={0: 3}, gold={0: 9},
                 elysium={0: [["Charon's Obol"]]},
                 domain={0: ["Trade Agreement", "Temple of Hades", "Cerberus"]})
    s = s.apply("transfer Trade Agreement to legend 1")
    lg = seat(s, 0).legends[0]
    assert names(s, lg) == ["Charon's Obol", "Trade Agreement"]
    with pytest.raises(IllegalAction) as err:                 # a second Hades card
        s.apply("transfer Temple of Hades to legend 1")
    assert err.value.rule == LEVEL_LEGEND
    with pytest.raises(IllegalAction) as err:                 # another level
        s.apply("transfer Cerberus to legend 1")
    assert err.value.rule == LEVEL_LEGEND


def test_family_legend_one_family_three_levels_in_any_order():
    s = scenario(players=2, phase="III", lyres={0: 3}, gold={0: 9},
                 elysium={0: [["Charon"]]},
                 domain={0: ["Charon's Obol", "Cerberus", "Posthumous Hero"]})
    s = s.apply("transfer Cerberus to legend 1")             # level 2 then 3
    with pytest.raises(IllegalAction) as err:                 # a second level 2
        s.apply("transfer Posthumous Hero to legend 1")
    assert err.value.rule == FAMILY_LEGEND
    s = s.apply("transfer Charon's Obol to legend 1")        # then level 1: complete
    assert len(seat(s, 0).legends[0]) == 3


def test_cards_never_move_and_lone_cards_stay_lone():
    s = scenario(players=2, phase="III", lyres={0: 2}, gold={0: 9},
                 elysium={0: [["Charon"], ["Cerberus"]]}, domain={0: ["Charon's Obol"]})
    # no action moves a placed card; a lone card only grows by new transfers
    assert not any("Charon to" in x or "Cerberus to" in x for x in labels(s))
    s = s.apply("transfer Charon's Obol to legend 1")
    assert names(s, seat(s, 0).legends[1]) == ["Cerberus"]


@pytest.mark.parametrize("legend, missing_level", [
    (["Charon's Obol", "Cerberus"], 2),                 # family legend L1 + L3: pays 2
    (["Charon", "Cerberus"], 1),                        # family legend L2 + L3: pays 1
])
def test_citizen_joker_in_a_family_legend_pays_the_missing_level(legend, missing_level):
    """p.9 examples 1-2: the Citizen takes the missing card's place and costs its level."""
    s = scenario(players=2, phase="III", lyres={0: 1}, gold={0: 5}, elysium={0: [legend]},
                 citizens={0: 1})
    s = s.apply("transfer a Citizen to legend 1")
    assert seat(s, 0).gold == 5 - missing_level
    assert len(seat(s, 0).legends[0]) == 3
    assert any(CITIZEN_JOKER in e for e in s.events)


def test_citizen_joker_completes_a_level_3_legend_for_3_gold():
    """p.9 example 3: a level 3 legend of 4 cards; the Citizen completes it for 3 gold."""
    s = scenario(players=2, phase="III", lyres={0: 1}, gold={0: 3}, citizens={0: 1},
                 elysium={0: [["Cerberus", "Divine Law", "King of the Gods",
                               "Lord of the Seas"]]})
    s = s.apply("transfer a Citizen to legend 1")
    assert seat(s, 0).gold == 0 and len(seat(s, 0).legends[0]) == 5
    assert s.data.level_bonus["3"] == [0, 5]


def test_citizen_only_into_a_legend_of_two_or_more_cards():
    s = scenario(players=2, phase="III", lyres={0: 1}, gold={0: 5}, citizens={0: 1},
                 elysium={0: [["Charon"]]}, domain={0: ["Cerberus"]})
    assert not any("Citizen" in x for x in labels(s))
    for where in ("a new legend", "legend 1"):
        with pytest.raises(IllegalAction) as err:
            s.apply(f"transfer a Citizen to {where}")
        assert err.value.rule == CITIZEN_JOKER


def test_family_bonus_5_then_2_then_nothing():
    def complete(player_seat, s):
        return s.apply("transfer Charon's Obol to legend 1")

    def position(bonus):
        return scenario(players=3, phase="III", lyres={0: 1}, gold={0: 5},
                        elysium={0: [["Charon", "Cerberus"]]}, domain={0: ["Charon's Obol"]},
                        family_bonus=bonus)

    s = position({})
    s1 = complete(0, s)
    assert s1.data.family_bonus["hades"] == [0] and seat(s1, 0).vp == seat(s, 0).vp + 5
    s = position({"hades": [1]})
    assert seat(complete(0, s), 0).vp == seat(s, 0).vp + 2
    s = position({"hades": [1, 2]})
    assert seat(complete(0, s), 0).vp == seat(s, 0).vp


def test_level_bonus_first_2_card_legend_stolen_by_a_longer_one_locked_at_5():
    s = scenario(players=2, phase="III", lyres={0: 2}, gold={0: 9},
                 elysium={0: [["Charon's Obol"]]}, domain={0: ["Trade Agreement"]})
    s = s.apply("transfer Trade Agreement to legend 1")
    assert s.data.level_bonus["1"] == [0, 2]
    def position(bonus):
        return scenario(players=2, phase="III", lyres={0: 2}, gold={0: 9}, level_bonus=bonus,
                        elysium={0: [["Charon's Obol", "Trade Agreement"]]},
                        domain={0: ["Anvil"]})

    stolen = position({"1": [1, 2]}).apply("transfer Anvil to legend 1")
    assert stolen.data.level_bonus["1"] == [0, 3]
    assert any("steals" in e for e in stolen.events)
    locked = position({"1": [1, 5]}).apply("transfer Anvil to legend 1")
    assert locked.data.level_bonus["1"] == [1, 5]


def test_phase_four_columns_back_and_the_epoch_marker_moves():
    s = mythlab.make("elysium", players=2, seed=4).initial_state()
    s = first_action_until(s, lambda x: x.data.epoch == 2)
    assert all(x.columns == ["red", "yellow", "green", "blue"] and not x.turned
               for x in s.data.seats)
    assert s.phase.name == "Phase II: Actions"


# --------------------------------------------------------------------- final scoring (p.10)
def _final(s):
    return score_table(s)["breakdown"]


def test_legend_vp_tables_family_3_6_and_level_2_4_8_12():
    fam2 = scenario(players=2, elysium={0: [["Charon", "Cerberus"]]})
    fam3 = scenario(players=2, elysium={0: [["Charon", "Cerberus", "Charon's Obol"]]})
    assert _final(fam2)["P1"]["legends"] == 3 and _final(fam3)["P1"]["legends"] == 6
    level3 = ["Cerberus", "Divine Law", "King of the Gods", "Lord of the Seas", "Talos"]
    got = [_final(scenario(players=2, elysium={0: [level3[:n]]}))["P1"]["legends"]
           for n in (2, 3, 4, 5)]
    assert got == [2, 4, 8, 12]


def test_final_scoring_removes_domain_cards_and_lone_elysium_cards():
    s = scenario(players=2, phase="III", lyres={0: 0},
                 elysium={0: [["Charon"], ["Cerberus", "Divine Law"]]},
                 domain={0: ["Persephone"]})
    assert _final(s)["P1"]["legends"] == 2
    s.data.epoch = 5
    s.edited()
    end = first_action_until(s, lambda x: x.is_terminal(), policy=quiet)
    assert not seat(end, 0).domain and len(seat(end, 0).legends) == 1
    assert {"Charon", "Persephone"} <= set(names(end, end.data.removed))
    assert end.scores()["final"] is True


def test_ruling_prestige_shares_logged_at_the_end():
    s = scenario(players=3, families="opulence", phase="III", epoch=5, lyres={0: 1},
                 domain={0: ["Anvil"]}, pp={0: 4, 1: 4, 2: 0})
    end = first_action_until(s, lambda x: x.is_terminal(), policy=quiet)
    assert any("prestige-shares" in e and "12 VP" in e for e in end.events)


def test_prestige_16_8_4_2_ties_share_and_no_vp_without_pp():
    assert prestige_vp([5, 3, 2, 1], [16, 8, 4, 2]) == [16, 8, 4, 2]
    assert prestige_vp([3, 3, 1, 0], [16, 8, 4, 2]) == [12, 12, 4, 0]
    assert prestige_vp([2, 2, 2, 0], [16, 8, 4, 2]) == [Fraction(28, 3)] * 3 + [0]
    assert prestige_vp([0, 0, 0, 0], [16, 8, 4, 2]) == [0, 0, 0, 0]
    s = scenario(players=3, families="opulence", pp={0: 4, 1: 4, 2: 0})
    table = score_table(s)
    assert [table["breakdown"][f"P{q + 1}"]["prestige"] for q in range(3)] == [12, 12, 0]


def test_each_citizen_in_a_legend_costs_2_vp():
    s = scenario(players=2, elysium={0: [["Charon", "Cerberus", "Citizen"]]})
    assert _final(s)["P1"]["citizens"] == -2 and _final(s)["P1"]["legends"] == 6


def test_ties_go_to_the_most_gold_then_are_shared():
    s = scenario(players=3, vp={0: 10, 1: 10, 2: 9}, gold={0: 3, 1: 5, 2: 9})
    assert score_table(s)["winners"] == [1]
    s = scenario(players=3, vp={0: 10, 1: 10, 2: 9}, gold={0: 5, 1: 5, 2: 9})
    assert score_table(s)["winners"] == [0, 1]


def test_a_whole_game_ends_after_five_epochs_with_scores():
    s = mythlab.make("elysium", players=3, seed=21).initial_state()
    epochs = set()
    while not s.is_terminal():
        epochs.add(s.data.epoch)
        s = s.apply(s.legal_actions()[-1])
    assert epochs == {1, 2, 3, 4, 5} and s.current_player is None
    assert set(s.scores()["scores"]) == {"P1", "P2", "P3"}
    assert s.game.invariants(s) == []


def test_phases_and_events_carry_rule_references():
    game = mythlab.make("elysium")
    assert all(p.rule.startswith("Elysium · p.") for p in game.phases)
    assert game.phases.allows("Phase II: Actions", "Phase II: Actions")
    assert not game.phases.allows("Game over", "Phase I: Awakening")
    s = game.initial_state()
    s = s.apply(s.legal_actions()[0])
    assert s.events and all("[Elysium · " in e for e in s.events)


# --------------------------------------------------------------------- bad input
def test_unknown_symbol_or_timing_in_a_custom_family_names_card_and_field(tmp_path):
    bad = tmp_path / "cards-zeus.yaml"
    bad.write_text(
        "format: mythlab-elysium-cards\nversion: 1\nfamily: zeus\nname: {en: Zeus}\n"
        "source: {file: mine}\ncards_in_family: 1\ncards:\n"
        "  - {id: bolt, name: {en: Bolt}, level: 1, condition: [red], timing: sometimes,"
        " power: {gain: {vp: 1}}}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        mythlab.make("elysium", card_files=[str(bad)])
    assert (err.value.entry, err.value.field) == ("bolt", "timing")
    bad.write_text(bad.read_text().replace("timing: sometimes", "timing: activate")
                   .replace("gain: {vp: 1}", "gian: {vp: 1}"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        mythlab.make("elysium", card_files=[str(bad)])
    assert err.value.entry == "bolt" and err.value.field == "power"
    assert "unknown symbol" in err.value.problem


def test_malformed_family_file_and_unrunnable_power_are_refused(tmp_path):
    bad = tmp_path / "cards-zeus.yaml"
    bad.write_text("format: mythlab-elysium-cards\nversion: 1\nfamily: zeus\ncards: 7\n",
                   encoding="utf-8")
    with pytest.raises(DataError) as err:
        mythlab.make("elysium", card_files=[str(bad)])
    assert err.value.field == "cards"
    bad.write_text(
        "format: mythlab-elysium-cards\nversion: 1\nfamily: zeus\nname: {en: Zeus}\n"
        "source: {file: mine}\ncards_in_family: 1\ncards:\n"
        "  - {id: bolt, name: {en: Bolt}, level: 1, condition: [red], timing: permanent,"
        " power: {gain: {vp: 1}}}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        mythlab.make("elysium", card_files=[str(bad)])
    assert (err.value.entry, err.value.field) == ("bolt", "power")


def test_a_custom_family_file_replaces_the_edition_family(tmp_path):
    mine = tmp_path / "cards-zeus.yaml"
    mine.write_text(
        "format: mythlab-elysium-cards\nversion: 1\nfamily: zeus\nname: {en: Zeus}\n"
        "source: {file: mine}\ncards_in_family: 2\ncards:\n"
        "  - {id: bolt, name: {en: Bolt}, level: 1, copies: 2, condition: [red],"
        " timing: activate, power: {gain: {vp: 1}}}\n", encoding="utf-8")
    game = mythlab.make("elysium", card_files=[str(mine)])
    assert len(game.deck) == 86
    assert sum(1 for c in game.inst.values() if c.family.value == "zeus") == 2


# --- one rule dispatch: decisions offer moves, each move kind has one doer ------------------

DECISIONS = {"turn", "column", "legend", "transfer", "take", "discard", "exchange", "use_power",
             "choose", "may"}
AUTOMATIC_TASKS = {"gain", "pay", "lose", "citizen", "draw", "add", "settle"}


def test_one_rule_dispatch_names_a_rule_for_every_decision_move_and_automatic_task():
    from mythlab.elysium.refs import RULES
    from mythlab.elysium.rules import ElysiumState

    assert ElysiumState.rules is RULES
    assert set(RULES.offerers) == DECISIONS and set(RULES.automatics) == AUTOMATIC_TASKS
    assert not RULES.outcomes                       # shuffles use the seeded stream: no chance
    seen: set[str] = set()
    for seed, families in ((1, "first-game"), (2, "wasteland"), (3, "opulence")):
        s = mythlab.make("elysium", players=3, seed=seed, families=families).initial_state()
        while not s.is_terminal():
            assert {t.kind for t in s.data.tasks} <= DECISIONS | AUTOMATIC_TASKS
            actions = s.legal_actions()
            kinds = {a.kind for a in actions}
            assert kinds <= set(RULES.doers), kinds - set(RULES.doers)
            seen |= kinds
            s = s.apply(actions[(len(s.history) * 7 + seed) % len(actions)])
    assert {"take", "quest", "column", "transfer", "end_transfers"} <= seen


def test_the_state_keeps_to_the_engine_hooks():
    from mythlab.elysium.rules import ElysiumState

    own = set(vars(ElysiumState))
    assert not own & {"apply", "find", "clone", "to_json", "_legal", "_chance", "_do",
                      "_current_player"}


def test_an_automatic_task_kind_has_one_rule():
    from mythlab.elysium.refs import RULES

    with pytest.raises(ValueError, match="two rules say what carries out the automatic task "
                                         "'gain'"):
        RULES.automatic("gain")(lambda state, task: None)
