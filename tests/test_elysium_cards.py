"""Every Hades and Athena power the rulebook describes (Elysium rulebook, Greek edition,
p.13-14), shown by its effect in a game.

Plus the p.12 Hermes example and the mythlab-edition symbols the rulebook's cards do not use.
"""

from __future__ import annotations

import pytest

from mythlab.elysium import scenario, score_table
from mythlab.elysium.refs import OWN_POWER


def labels(s):
    return [a.label for a in s.legal_actions()]


def seat(s, q):
    return s.data.seats[q]


def names(s, cards):
    return [s.game.labels[c] for c in cards]


def accept(s):
    return s.apply(next(x for x in labels(s) if x.startswith("accept")))


def chronos(s, q=0):
    return score_table(s)["breakdown"][f"P{q + 1}"]["chronos"]


# --------------------------------------------------------------------- Hades (p.13)
def test_charon_two_transfers_give_2_vp_charon_among_them_ruling_legend_timing():
    """p.13 Charon: 2 VP if you transfer at least 2 cards "during Phase III", Charon may be one
    of them; a Legend power is used in Phase III (p.8) by a card in the domain or transferred
    this phase (ruling legend-timing)."""
    s = scenario(players=2, phase="III", lyres={0: 2}, gold={0: 9},
                 domain={0: ["Charon", "Charon's Obol", "Trade Agreement"]})
    one = s.apply("transfer Charon's Obol to a new legend")
    assert seat(one.apply("end transfers"), 0).vp == seat(s, 0).vp     # 1 transfer: nothing
    two = one.apply("transfer Charon to a new legend")                 # Charon itself
    assert seat(two, 0).vp == seat(s, 0).vp + 2


def test_charon_counts_the_transfers_of_the_whole_phase_iii_at_its_end():
    """p.13 Charon: "you must transfer at least 2 cards during Phase III": the condition spans
    the phase, so Charon is settled at its end over all the phase's transfers. It is never a
    move of its own, which could be made before the transfers and waste it (p.8 Legend)."""
    s = scenario(players=2, phase="III", lyres={0: 2}, gold={0: 9},
                 domain={0: ["Charon", "Charon's Obol", "Trade Agreement"]})
    assert "use Charon" not in labels(s)
    why = s.why_illegal("use Charon")
    assert "p.13 Charon" in why and "settled by itself at the end of the phase" in why
    end = next(a for a in s.legal_actions() if a.label == "end transfers")
    assert "Charon will count the 0 card(s) you transferred" in end.explain()
    vp = seat(s, 0).vp
    s = s.apply("transfer Charon's Obol to a new legend")
    assert seat(s, 0).vp == vp and not any(e.startswith("End of Phase III") for e in s.events)
    s = s.apply("transfer Trade Agreement to a new legend")   # lyres used up: the phase ends
    assert seat(s, 0).vp == vp + 2
    settled = [e for e in s.events if e.startswith("End of Phase III")]
    assert len(settled) == 1 and "Charon counts the 2 card(s) P1 transferred" in settled[0]
    assert "p.13 Charon" in settled[0]


def test_charons_obol_gives_1_gold_then_a_paid_transfer():
    s = scenario(players=2, agora=["Charon's Obol"], domain={0: ["Cerberus"]}, gold={0: 4})
    s = s.apply("take Charon's Obol")
    assert seat(s, 0).gold == 5
    s = accept(s).apply("transfer Cerberus to a new legend")           # level 3: 3 gold
    assert seat(s, 0).gold == 2 and names(s, seat(s, 0).legends[0]) == ["Cerberus"]


@pytest.mark.parametrize("gathering", ["Gathering (Hades)", "Gathering (Athena)"])
def test_gathering_scores_1_vp_per_family_in_its_legend(gathering):
    level = scenario(players=2, elysium={0: [[gathering, "Anvil", "Eagle of Zeus",
                                              "Trident"]]})
    assert chronos(level) == 4
    other = "Charon" if "Hades" in gathering else "Naval Power"
    third = "Cerberus" if "Hades" in gathering else "Divine Law"
    family = scenario(players=2, elysium={0: [[gathering, other, third]]})
    assert chronos(family) == 1


def test_posthumous_hero_transfers_a_citizen_for_free():
    s = scenario(players=2, domain={0: ["Posthumous Hero"]}, citizens={0: 1}, gold={0: 0},
                 elysium={0: [["Charon", "Cerberus"]]}, agora=["Anvil"])
    s = s.apply("use Posthumous Hero").apply("transfer a Citizen to legend 1")
    assert seat(s, 0).gold == 0 and len(seat(s, 0).legends[0]) == 3


def test_initiation_hades_transfers_a_card_itself_included_with_another_eleusis_card():
    s = scenario(players=2, domain={0: ["Initiation (Hades)", "Initiation (Athena)"]},
                 gold={0: 4}, agora=["Anvil"])
    s = s.apply("use Initiation (Hades)").apply("transfer Initiation (Hades) to a new legend")
    assert seat(s, 0).gold == 3 and names(s, seat(s, 0).legends[0]) == ["Initiation (Hades)"]


def test_cerberus_discards_a_card_to_transfer_another():
    s = scenario(players=2, domain={0: ["Cerberus", "Charon", "Trade Agreement"]},
                 gold={0: 4}, agora=["Anvil"])
    s = s.apply("use Cerberus")
    assert set(labels(s)) == {"discard Cerberus", "discard Charon", "discard Trade Agreement"}
    s = s.apply("discard Trade Agreement")
    assert "Trade Agreement" in names(s, s.data.discard)
    s = s.apply("transfer Charon to a new legend")
    assert seat(s, 0).gold == 2 and names(s, seat(s, 0).domain) == ["Cerberus"]


def test_cerberus_may_discard_a_citizen_ruling_discarded_citizen():
    s = scenario(players=2, domain={0: ["Cerberus"]}, citizens={0: 1}, agora=["Anvil"])
    s = s.apply("use Cerberus").apply("discard a Citizen")
    assert not seat(s, 0).citizens and len(s.data.removed) == 1
    assert any("discarded-citizen" in e for e in s.events)


def test_god_of_the_dead_1_vp_per_hades_card_taken_or_transferred_not_its_own_take():
    s = scenario(players=2, domain={0: ["God of the Dead"]}, agora=["Charon's Obol"])
    assert seat(s.apply("take Charon's Obol"), 0).vp == seat(s, 0).vp + 1
    own = scenario(players=2, agora=["God of the Dead"])
    assert seat(own.apply("take God of the Dead"), 0).vp == seat(own, 0).vp
    s = scenario(players=2, phase="III", domain={0: ["God of the Dead"]}, lyres={0: 1},
                 gold={0: 3})
    after = s.apply("transfer God of the Dead to a new legend")
    assert seat(after, 0).vp == seat(s, 0).vp + 1
    assert any(OWN_POWER in e for e in after.events)


def test_tartarus_1_vp_per_two_cards_after_lone_cards_leave():
    s = scenario(players=2, elysium={0: [["Tartarus", "Divine Law"],
                                         ["Charon's Obol", "Trade Agreement", "Anvil"],
                                         ["Charon"]]})
    assert chronos(s) == 2                    # 5 cards in legends of 2+ (Charon is lone)


def test_temple_of_hades_1_vp_per_hades_card_in_its_legend():
    family = scenario(players=2, elysium={0: [["Temple of Hades", "Charon", "Cerberus"]]})
    level = scenario(players=2, elysium={0: [["Temple of Hades", "Trade Agreement"]]})
    assert chronos(family) == 3 and chronos(level) == 1


def test_horn_of_plenty_1_gold_per_hades_card_taken_or_transferred_itself_included():
    s = scenario(players=2, domain={0: ["Horn of Plenty"]}, agora=["Charon's Obol"],
                 gold={0: 4})
    assert seat(s.apply("take Charon's Obol"), 0).gold == 6          # Obol 1 + Horn 1
    s = scenario(players=2, phase="III", domain={0: ["Horn of Plenty"]}, lyres={0: 1},
                 gold={0: 2})
    assert seat(s.apply("transfer Horn of Plenty to a new legend"), 0).gold == 1


def test_judges_transfer_one_card_per_hades_card_in_the_domain_themselves_included():
    s = scenario(players=2, gold={0: 9}, agora=["Anvil"],
                 domain={0: ["Judges of the Underworld", "Charon", "Charon's Obol",
                             "Trade Agreement"]})
    s = s.apply("use Judges of the Underworld")
    assert s.data.tasks[-1].kind == "transfer" and s.data.tasks[-1].count == 3
    s = s.apply("transfer Judges of the Underworld to a new legend")
    s = s.apply("transfer Charon to a new legend")
    s = s.apply("transfer Charon's Obol to a new legend")
    assert seat(s, 0).gold == 9 - 3 - 2 - 1 and len(seat(s, 0).legends) == 3
    assert s.data.tasks[-1].kind == "turn"


def test_cap_of_invisibility_one_extra_transfer_itself_included():
    s = scenario(players=2, phase="III", lyres={0: 0}, gold={0: 2},
                 domain={0: ["Cap of Invisibility"]})
    assert labels(s) == ["use Cap of Invisibility", "end transfers"]
    s = accept(s.apply("use Cap of Invisibility"))
    s = s.apply("transfer Cap of Invisibility to a new legend")
    assert seat(s, 0).gold == 0 and seat(s, 0).legends


def test_persephone_transfers_a_card_for_free():
    s = scenario(players=2, domain={0: ["Persephone", "Cerberus"]}, gold={0: 0},
                 agora=["Anvil"])
    s = s.apply("use Persephone").apply("transfer Cerberus to a new legend")
    assert seat(s, 0).gold == 0 and names(s, seat(s, 0).legends[0]) == ["Cerberus"]


# --------------------------------------------------------------------- Athena (p.14)
def test_naval_power_1_gold_1_vp_and_each_other_player_chooses_one():
    s = scenario(players=3, domain={0: ["Naval Power"]}, agora=["Anvil"])
    s = s.apply("use Naval Power")
    assert (seat(s, 0).gold, seat(s, 0).vp) == (5, scenario(players=3).data.seats[0].vp + 1)
    order = s.data.order
    nxt = order[(order.index(0) + 1) % 3]
    assert s.current_player == nxt                       # the others in turn order (p.7)
    assert labels(s) == ["choose: gain 1 gold", "choose: gain 1 VP"]
    vp = seat(s, nxt).vp
    s = s.apply("choose: gain 1 VP")
    assert seat(s, nxt).vp == vp + 1 and s.current_player != nxt
    s = s.apply("choose: gain 1 gold")
    assert s.current_player == 0


def test_democracy_a_citizen_and_the_others_may_do_the_same_for_1_gold():
    s = scenario(players=2, domain={0: ["Democracy"]}, agora=["Anvil"], gold={1: 3})
    s = s.apply("use Democracy")
    assert len(seat(s, 0).citizens) == 1 and s.current_player == 1
    s = accept(s)
    assert len(seat(s, 1).citizens) == 1 and seat(s, 1).gold == 2


def test_meditation_3_vp_per_complete_legend():
    s = scenario(players=2, elysium={0: [["Meditation", "Cerberus"],
                                         ["Charon's Obol", "Charon", "Persephone"]]})
    assert chronos(s) == 3


def test_temple_of_athena_1_vp_per_athena_card_in_its_legend():
    family = scenario(players=2, elysium={0: [["Temple of Athena", "Naval Power",
                                               "Divine Law"]]})
    level = scenario(players=2, elysium={0: [["Temple of Athena", "Charon's Obol"]]})
    assert chronos(family) == 3 and chronos(level) == 1


def test_panathenaic_games_you_transfer_then_the_others_for_1_gold_more():
    s = scenario(players=2, agora=["Panathenaic Games"], gold={0: 4, 1: 5},
                 domain={0: ["Cerberus"], 1: ["Charon"]})
    s = accept(s.apply("take Panathenaic Games"))
    s = s.apply("transfer Cerberus to a new legend")
    assert seat(s, 0).gold == 1 and s.current_player == 1
    s = accept(s).apply("transfer Charon to a new legend")          # level 2 + 1
    assert seat(s, 1).gold == 2


def test_aegis_1_gold_per_athena_card_taken_or_transferred_not_its_own_take():
    s = scenario(players=2, domain={0: ["Aegis"]}, agora=["Trade Agreement"], gold={0: 4})
    assert seat(s.apply("take Trade Agreement"), 0).gold == 4 + 3 + 1
    own = scenario(players=2, agora=["Aegis"], gold={0: 4})
    assert seat(own.apply("take Aegis"), 0).gold == 4


def test_divine_law_draw_then_transfer_and_the_others_choose_one():
    s = scenario(players=2, domain={0: ["Divine Law"]}, agora=["Anvil"], gold={0: 4},
                 draw_top=["Talos", "Trident"])
    s = s.apply("use Divine Law")
    assert names(s, seat(s, 0).domain) == ["Divine Law", "Talos"]
    s = s.apply("decline")
    assert s.current_player == 1 and len(labels(s)) == 2
    s = s.apply(next(x for x in labels(s) if x.startswith("choose: draw")))
    assert names(s, seat(s, 1).domain) == ["Trident"]


def test_divine_law_a_drawn_card_already_in_the_domain_is_discarded_and_another_drawn():
    s = scenario(players=2, domain={0: ["Divine Law", "Anvil"]}, agora=["Trident"],
                 draw_top=["Anvil", "Talos"])          # the next card drawn is a second Anvil
    s = s.apply("use Divine Law")
    assert names(s, s.data.discard) == ["Anvil"]
    assert names(s, seat(s, 0).domain) == ["Divine Law", "Anvil", "Talos"]


def test_embassy_gold_and_vp_per_athena_card_the_others_choose_by_your_count():
    s = scenario(players=2, domain={0: ["Embassy", "Naval Power", "Aegis"]}, agora=["Anvil"],
                 gold={0: 4, 1: 4})
    vp = seat(s, 0).vp
    s = s.apply("use Embassy")
    assert (seat(s, 0).gold, seat(s, 0).vp) == (7, vp + 3)
    s = s.apply("choose: gain 3 gold")
    assert seat(s, 1).gold == 7


def test_trade_agreement_3_gold_and_1_for_each_other_player():
    s = scenario(players=3, agora=["Trade Agreement"], gold={0: 4, 1: 4, 2: 4})
    s = s.apply("take Trade Agreement")
    assert [x.gold for x in s.data.seats] == [7, 5, 5]


def test_goddess_of_wisdom_1_vp_per_athena_card_taken_or_transferred():
    s = scenario(players=2, domain={0: ["Goddess of Wisdom"]}, agora=["Trade Agreement"])
    assert seat(s.apply("take Trade Agreement"), 0).vp == seat(s, 0).vp + 1
    s = scenario(players=2, phase="III", domain={0: ["Goddess of Wisdom"]}, lyres={0: 1},
                 gold={0: 3})
    assert seat(s.apply("transfer Goddess of Wisdom to a new legend"), 0).vp == \
        seat(s, 0).vp + 1


def test_initiation_athena_2_gold_and_1_to_others_with_an_eleusis_card():
    with_card = scenario(players=3, agora=["Anvil"], gold={0: 4, 1: 4, 2: 4},
                         domain={0: ["Initiation (Athena)", "Initiation (Hades)"],
                                 1: ["Initiation (Hades)"]})
    s = with_card.apply("use Initiation (Athena)")
    assert [x.gold for x in s.data.seats] == [6, 5, 4]


def test_oath_of_hospitality_discard_to_draw_and_the_others_may_for_1_gold():
    s = scenario(players=2, domain={0: ["Oath of Hospitality", "Charon"], 1: ["Cerberus"]},
                 gold={1: 3}, agora=["Anvil"], draw_top=["Talos", "Trident"])
    s = s.apply("use Oath of Hospitality").apply("discard Charon")
    assert names(s, seat(s, 0).domain) == ["Oath of Hospitality", "Talos"]
    assert s.current_player == 1
    s = accept(s).apply("discard Cerberus")
    assert seat(s, 1).gold == 2 and names(s, seat(s, 1).domain) == ["Trident"]


# --------------------------------------------------------------------- p.12 and the edition
def test_a_hermes_card_pays_for_its_own_transfer():
    """p.12: a Hermes card giving 1 gold per Hermes card transferred pays for itself too."""
    s = scenario(players=2, families="opulence", phase="III", domain={0: ["Winged Purse"]},
                 lyres={0: 1}, gold={0: 1})
    s = s.apply("transfer Winged Purse to a new legend")
    assert seat(s, 0).gold == 1 and any(OWN_POWER in e for e in s.events)


def test_exchange_with_the_agora_caduceus():
    s = scenario(players=2, families="opulence", domain={0: ["Caduceus", "Anvil"]},
                 agora=["Thunderbolt"])
    s = s.apply("use Caduceus").apply("exchange Anvil for Thunderbolt")
    assert names(s, seat(s, 0).domain) == ["Caduceus", "Thunderbolt"]
    assert names(s, s.data.agora) == ["Anvil"] and seat(s, 0).rings   # a Trigger card: ring


def test_take_from_and_add_to_the_oracle_ruling_instant_on_entry():
    s = scenario(players=2, families="wasteland", domain={0: ["Pythia"]},
                 oracle=["Hoplite", "Laurel Wreath"], agora=["Sibyl"])
    s = s.apply("use Pythia")
    assert labels(s) == ["take Hoplite from the Oracle"]            # level 1 only
    s = s.apply("take Hoplite from the Oracle")
    assert seat(s, 0).pp == 1                                       # its Instant power
    assert any("instant-on-entry" in e for e in s.events)
    s = s.apply("take Sibyl")
    # 4 gold - 1 (Pythia) - 1 (Hoplite) + 1 (Sibyl): the balanced edition's data values
    assert len(s.data.oracle) == 2 and seat(s, 0).gold == 3


def test_use_another_cards_power_ruling_no_power_chains():
    s = scenario(players=2, domain={0: ["Automaton", "Bellows", "Ambrosia"]},
                 agora=["Anvil"], gold={0: 0})
    s = s.apply("use Automaton")
    assert labels(s) == ["use the power of Bellows"]                # Ambrosia would chain
    assert seat(s.apply("use the power of Bellows"), 0).gold == 2


def test_a_failed_pay_skips_the_rest_of_the_power():
    s = scenario(players=2, domain={0: ["Forge"]}, agora=["Anvil"], gold={0: 1})
    after = s.apply("use Forge")
    assert seat(after, 0).vp == seat(s, 0).vp and seat(after, 0).gold == 1
    assert any("failed-step" in e for e in after.events)


def test_the_other_players_lose_and_discard_poseidon():
    s = scenario(players=2, domain={0: ["Tidal Wave"], 1: ["Charon"]}, agora=["Anvil"],
                 gold={1: 5})
    s = s.apply("use Tidal Wave")
    assert s.current_player == 1 and labels(s) == ["discard Charon"]
    storm = scenario(players=3, agora=["Storm"], gold={1: 5, 2: 2})
    storm = storm.apply("take Storm")
    assert [seat(storm, 1).gold, seat(storm, 2).gold] == [3, 2]     # only with 3+ gold


def test_the_player_with_the_most_pp_and_as_many_as_and_any_same():
    s = scenario(players=2, families="opulence", agora=["Bloodlust"], pp={0: 0, 1: 2})
    s = s.apply("take Bloodlust")
    assert seat(s, 1).vp == scenario(players=2, families="opulence").data.seats[1].vp + 2
    rivalry = scenario(players=2, elysium={0: [["Brothers' Rivalry", "Naval Power"]]})
    assert chronos(rivalry) == 3                                    # 1 Zeus >= 0 Hades
    judgement = scenario(players=2, domain={0: ["Judgement of Zeus", "Thunderbolt", "Hera",
                                                "Charon"]}, agora=["Anvil"])
    assert seat(judgement.apply("use Judgement of Zeus"), 0).vp == seat(judgement, 0).vp + 3
