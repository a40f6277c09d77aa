"""Cyclades rules, one test per rule (named after it); the rulebook examples as scenarios."""

from __future__ import annotations

import re

import pytest

import mythlab
from mythlab.cyclades.combat import round_odds
from mythlab.cyclades.load import (
    CREATURE_IDS,
    arrangements,
    creatures,
    gods,
    load_creatures,
    numbers,
    rulings,
)
from mythlab.cyclades.rules import CycladesGame, check_invariants
from mythlab.cyclades.scenarios import scenario

COLOURS = ["Blue", "Red", "Yellow", "Green", "Black"]


def labels(state):
    return [a.label for a in state.legal_actions()]


def refused(state, action):
    """apply() refuses the action with a rule; the state is untouched."""
    before = state.to_json()
    with pytest.raises(mythlab.IllegalAction) as err:
        state.apply(action)
    assert state.to_json() == before
    assert state.why_illegal(action) == str(err.value)
    return str(err.value)


def take_turn(s, *moves):
    for m in moves:
        s = s.apply(m)
    return s


def bids_done(s, choice="go to Apollo"):
    """Everyone still to bid goes to Apollo."""
    while s.phase.name == "Offerings":
        s = s.apply(choice)
    return s


# =========================================================== rulebook examples (scenarios)
def test_example_p3_offerings_blue_red_yellow_displacement_chain():
    s = scenario(players=5, names=COLOURS, order=[0, 1, 2, 3, 4],
                 gods=["ares", "poseidon", "zeus", "athena"])
    s = s.apply("offer 2 GP to Ares")                      # Blue wants war
    s = s.apply("offer 3 GP to Ares")                      # Red outbids him
    assert s.player_name(s.current_player) == "Blue"       # Blue must re-bid at once
    assert not any(a.endswith("to Ares") for a in labels(s))
    s = s.apply("offer 2 GP to Poseidon")                  # ... on another god
    assert s.player_name(s.current_player) == "Yellow"
    s = s.apply("offer 3 GP to Poseidon")                  # Yellow ousts Blue
    assert s.player_name(s.current_player) == "Blue"
    s = s.apply("offer 4 GP to Ares")                      # Blue goes back to Ares
    assert s.player_name(s.current_player) == "Red"        # Red is ousted: chain first
    assert any("Red is ousted from Ares" in e for e in s.events)
    assert "ousted player must bid on a different god" in refused(s, "offer 5 GP to Ares")
    s = s.apply("offer 1 GP to Zeus")                      # what will Red do?
    assert s.player_name(s.current_player) == "Green"      # only now the next player
    d = s.data
    assert [d.bid_god[t] for t in range(5)][:3] == ["ares", "zeus", "poseidon"]
    assert [d.bid_amount[t] for t in range(3)] == [4, 1, 3]


def test_example_p5_fleet_move_join_move_together_leave_behind():
    s = scenario(players=3, turn=(0, "poseidon"), gold={0: 3},
                 fleets={"B6": (0, 2), "C7": (0, 1), "F3": (1, 1), "G9": (2, 1)})
    s = s.apply("sail 2 fleets from B6 to C7 (1 GP)")      # the group joins the next fleet
    assert s.data.fleet_count == {"C7": 3, "F3": 1, "G9": 1}
    assert s.phase.name == "Actions" and "end the fleet move" in labels(s)
    s = s.apply("sail 3 fleets from C7 to C8")             # they move on together
    s = s.apply("sail 2 fleets from C8 to D8")             # one stays behind
    assert s.data.fleet_count["C8"] == 1 and s.data.fleet_count["D8"] == 2
    assert s.data.gold[0] == 2                              # one move, 1 GP, three zones
    assert "end the fleet move" not in labels(s), "a move crosses at most 3 zones"
    assert "end turn" in labels(s)                          # a new move costs 1 GP again
    assert "sail 2 fleets from D8 to E8 (1 GP)" in labels(s)


def test_mutual_destruction_defender_keeps_island_territory_token_income_continues():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 5},
                 islands={"IS2": (0, 1), "IS5": (1, 1), "IS12": (1, 1), "IS3": (2, 1)},
                 fleets={"C5": (0, 1)}, buildings={"IS5": ["temple", ""]})
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")
    assert s.is_chance_node()
    tie = [a for a, p in s.chance_outcomes() if "both lose" in a.label]
    s = s.apply(tie[0])
    d = s.data
    assert d.owners["IS5"] == 1 and "IS5" not in d.troops      # defender keeps it, no troops
    assert d.owners["IS2"] == 0 and "IS2" not in d.troops      # an island never reverts
    assert d.buildings["IS5"] == ["temple", ""]
    assert any("territory token" in e for e in s.events)
    assert s.revenue(1) == 1                                   # IS5 still pays its owner
    assert s.temples(1) == 1                                   # and its buildings still work


def test_creature_track_first_two_cycles_special_case():
    s = mythlab.make("cyclades", players=5, seed=3).initial_state()
    d = s.data
    first = d.track[0]
    assert first and d.track[1:] == ["", ""]                   # cycle 1: 4-GP slot only
    s = _next_cycle(s)                                         # nobody calls it
    assert s.data.track[1] == first and s.data.track[0] and not s.data.track[2]
    s = _next_cycle(s)                                         # cycle 3: the track is full
    assert s.data.track[2] == first and all(s.data.track)
    # the first card called in cycle 1: cycle 2 draws two new cards onto 4 and 3 GP
    s = scenario(players=5, seed=3, turn=(0, "zeus"), gold={0: 9})
    s = s.apply(f"call the {s.card_name(first)}")
    s = _finish_creature(s)
    s = s.apply("end turn")                                    # the cycle ends
    assert s.data.cycle == 2
    t = s.data.track
    assert t[0] and t[1] and not t[2] and first not in t


def _next_cycle(s):
    """Play on with Apollo for everyone until the next cycle's offerings."""
    cycle = s.data.cycle
    while s.data.cycle == cycle and not s.is_terminal():
        if s.phase.name == "Offerings":
            s = s.apply("go to Apollo")
        else:
            s = s.apply(labels(s)[0] if "end turn" not in labels(s) else "end turn")
    return s


def _finish_creature(s):
    while s.phase.name in ("Creature", "Metropolis"):
        s = s.apply(labels(s)[-1])
    return s


# =========================================================== setup, track, gods, revenue
def test_setup_start_gold_pieces_and_first_revenue():
    s = mythlab.make("cyclades", players=5, seed=1).initial_state()
    d = s.data
    assert d.gold == [7] * 5                                  # 5 GP + 2 GP first revenue
    assert d.cycle == 1 and s.phase.name == "Offerings"
    for q in range(5):
        assert len(s.islands_of(q)) == 2 and s.units(q, "troop") == 2
        assert s.units(q, "fleet") == 2
    assert sorted(d.order) == [0, 1, 2, 3, 4]
    assert mythlab.make("cyclades", players=5, seed=1).initial_state() == s   # seeded


def test_revenue_islands_markers_and_trade_zones_only_with_fleets():
    s = scenario(players=2, islands={"IS3": (0, 0), "IS12": (0, 1), "IS11": (1, 1)},
                 fleets={"K1": (0, 1), "F11": (1, 2), "K6": (1, 1)})
    s.data.markers["IS12"] = 2
    assert s.revenue(0) == 2 + 0 + 2 + 1        # IS3 (no troops) + markers + trade zone K1
    assert s.revenue(1) == 0 + 1 + 1            # two trade zones with fleets
    del s.data.fleets["K6"], s.data.fleet_count["K6"]
    assert s.revenue(1) == 1                    # an empty trade zone pays nobody


def test_creature_track_discard_slide_refill_from_cycle_three():
    s = scenario(players=5, track=["Siren", "Pegasus", "Giant"])
    s.data.cycle = 3
    s.data.track = [s.data.track[0], "", s.data.track[2]]      # Pegasus was called
    deck = list(s.data.deck)
    s._refresh_track()
    assert s.data.discard[-1] == "giant"                       # unused 2-GP card discarded
    assert s.data.track[2] == "siren"                          # the others slide to 2 GP
    assert s.data.track[:2] == [deck[-1], deck[-2]]            # refilled from the deck


def test_creature_track_reshuffles_the_discard_pile_when_the_deck_runs_out():
    s = scenario(players=5)
    d = s.data
    d.discard = d.deck + [c for c in d.track if c]
    d.deck, d.track = [], ["", "", ""]
    d.cycle = 3
    s._refresh_track()
    assert all(d.track) and len(d.deck) == 14 and not d.discard
    assert any("shuffled into a new deck" in e for e in s.events)
    assert check_invariants(s) == []


@pytest.mark.parametrize("players, open_gods", [(5, 4), (4, 3), (3, 2), (2, 3)])
def test_god_tiles_per_player_count(players, open_gods):
    s = mythlab.make("cyclades", players=players, seed=2).initial_state()
    assert s.data.open_gods == open_gods and sorted(s.data.gods) == sorted(s.game.gods)
    first = list(s.data.gods)
    s = _next_cycle(s)
    second = s.data.gods
    if players in (4, 2):       # the hidden god comes first next cycle
        assert second[0] == first[3]
    elif players == 3:          # the face-down pair is the open pair next cycle
        assert set(second[:2]) == set(first[2:])
        s = _next_cycle(s)      # then new random pairs
        assert sorted(s.data.gods) == sorted(first)
    hidden = [g for g in s.data.gods[s.data.open_gods:]]
    for g in hidden:
        assert not any(a.endswith(f"to {s.game.gods[g].name}") for a in labels(s))


# =========================================================== offerings
def test_offerings_strictly_higher_and_apollo_free_in_arrival_order():
    s = scenario(players=5, names=COLOURS, order=[0, 1, 2, 3, 4],
                 gods=["ares", "poseidon", "zeus", "athena"])
    s = s.apply("offer 3 GP to Ares")
    assert "strictly higher" in refused(s, "offer 3 GP to Ares")
    s = s.apply("go to Apollo").apply("go to Apollo")
    assert s.data.apollo == [1, 2]
    s = s.apply("offer 1 GP to Zeus").apply("offer 1 GP to Athena")
    assert s.phase.name == "Actions"
    assert s.data.gold == [4, 7, 7, 6, 6]                      # Apollo is free
    assert s.data.acting == [3, 4, 1, 2] and s.current_player == 0   # track order, Apollo last


def test_offerings_never_bid_more_than_you_can_pay_ruling_affordability():
    s = scenario(players=3, gold={0: 3}, order=[0, 1, 2])
    assert max(int(a.split()[1]) for a in labels(s) if a.startswith("offer")) == 3
    god = s.game.gods[s.data.gods[0]].name
    assert "could pay at most 3 GP" in refused(s, f"offer 4 GP to {god}")


def test_offerings_lowest_offering_is_1_gp_ruling_min_bid():
    """p.3 Offerings lost its track values and no source states the lowest offering: it is a
    mythlab ruling (min-bid), cited on the lowest offer, its log line and its refusals."""
    assert numbers()["min_bid"].value == 1 and numbers()["min_bid"].provenance == "mythlab"
    assert "min-bid" in numbers()["min_bid"].why and rulings()["min-bid"]
    s = scenario(players=3, gold={0: 3}, order=[0, 1, 2], gods=["ares", "poseidon", "zeus"])
    rules = {a.label: a.rule for a in s.legal_actions()}
    assert rules["offer 1 GP to Ares"].endswith("ruling 'min-bid'")
    assert rules["offer 2 GP to Ares"] == "Cyclades · p.3 Offerings"
    assert "lowest offering to a god is 1 GP" in refused(s, "offer 0 GP to Ares")
    s = s.apply("offer 1 GP to Ares")
    assert any(e.startswith("P1 offers 1 GP to Ares.") and "ruling 'min-bid'" in e
               for e in s.events)
    rules = {a.label: a.rule for a in s.legal_actions()}
    assert rules["offer 2 GP to Ares"] == "Cyclades · p.3 Offerings: outbidding and displacement"


def test_priests_lower_each_payment_but_at_least_1_gp():
    s = scenario(players=3, gold={0: 2}, priests={0: 2}, order=[0, 1, 2])
    god = s.game.gods[s.data.gods[0]].name
    assert f"offer 4 GP to {god}" in labels(s)                  # 4 - 2 priests = 2 GP
    s = s.apply(f"offer 4 GP to {god}")
    s = bids_done(s)
    assert s.data.gold[0] == 0
    s = scenario(players=3, gold={0: 5}, priests={0: 3}, order=[0, 1, 2])
    s = bids_done(s.apply(f"offer 2 GP to {god}"))
    assert s.data.gold[0] == 4                                  # at least 1 GP


def test_turn_track_last_to_act_bids_first_next_cycle():
    s = scenario(players=3, order=[0, 1, 2], gods=["ares", "poseidon", "zeus", "athena"])
    s = s.apply("offer 1 GP to Poseidon").apply("go to Apollo").apply("offer 1 GP to Ares")
    assert s.current_player == 2                                 # Ares first
    s = s.apply("end turn").apply("end turn")                    # P3 (Ares), P1 (Poseidon)
    while s.data.cycle == 1:
        s = s.apply(labels(s)[0])                                 # P2 on Apollo: marker
    assert [s.data.tokens[t] for t in s.data.order] == [1, 0, 2]


def test_two_player_game_two_tokens_sum_affordable_self_outbid_and_goal_three():
    s = scenario(players=2, gold={0: 6, 1: 6}, order=[0, 1, 0, 1],
                 gods=["ares", "poseidon", "zeus", "athena"])
    assert len(s.data.tokens) == 4 and s.game.goal == 3 and s.data.open_gods == 3
    s = s.apply("offer 4 GP to Ares").apply("go to Apollo")
    assert max(int(a.split()[1]) for a in labels(s) if a.startswith("offer")) == 2
    assert "could pay at most 2 GP" in refused(s, "offer 5 GP to Ares")   # both bids count
    s = s.apply("offer 2 GP to Poseidon")               # P1's second token
    s = s.apply("offer 5 GP to Ares")                   # P2 ousts P1 from Ares ...
    assert s.current_player == 0
    s = s.apply("offer 3 GP to Zeus")                   # P1 re-bids: 3 + 2 <= 6
    d = s.data
    assert s.phase.name == "Actions"
    assert sorted((d.tokens[t], d.bid_god[t]) for t in range(4)) == [
        (0, "poseidon"), (0, "zeus"), (1, "apollo"), (1, "ares")]
    assert d.gold == [1, 1]
    # a player may oust his own token, which then re-bids elsewhere
    s = scenario(players=2, gold={0: 9, 1: 9}, order=[0, 0, 1, 1],
                 gods=["ares", "poseidon", "zeus", "athena"])
    s = s.apply("offer 1 GP to Ares").apply("offer 2 GP to Ares")
    assert s.current_player == 0 and any("ousted" in e for e in s.events)


# =========================================================== god actions
THREE = {"IS2": (0, 1), "IS12": (0, 1), "IS1": (1, 1), "IS9": (1, 1), "IS3": (2, 1),
         "IS11": (2, 1)}


def test_recruit_fleets_escalating_costs_three_extra_per_turn():
    s = scenario(players=3, turn=(0, "poseidon"), gold={0: 10}, islands=THREE,
                 fleets={"C6": (0, 1), "B3": (1, 1), "F3": (2, 1)})
    assert "recruit a fleet in C6 (free)" in labels(s)
    assert not any("in B3" in a for a in labels(s))          # held by another player
    assert not any("in G9" in a for a in labels(s))          # not next to my islands
    s = take_turn(s, "recruit a fleet in C6 (free)", "recruit a fleet in C5 (1 GP)",
                  "recruit a fleet in K1 (2 GP)", "recruit a fleet in K1 (3 GP)")
    assert s.data.gold[0] == 4 and s.units(0, "fleet") == 5
    assert "at most 4 fleets per turn" in refused(s, "recruit a fleet in C6")


def test_recruit_troops_costs_and_at_most_8_troops():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 20}, islands=THREE)
    s = take_turn(s, "recruit a troop on IS2 (free)", "recruit a troop on IS2 (2 GP)",
                  "recruit a troop on IS12 (3 GP)")
    assert s.data.gold[0] == 15 and s.data.troops == {**{i: 1 for i in THREE}, "IS2": 3,
                                                      "IS12": 2}
    assert "own islands" in refused(s, "recruit a troop on IS9")
    s = scenario(players=3, turn=(0, "ares"), gold={0: 20},
                 islands={**THREE, "IS2": (0, 6)})
    s = s.apply("recruit a troop on IS2 (free)")
    assert "already has 8 troops" in refused(s, "recruit a troop on IS2")


def test_recruit_priests_and_philosophers_one_free_one_more_for_4_gp():
    s = scenario(players=3, turn=(0, "zeus"), gold={0: 9})
    s = take_turn(s, "recruit a priest (free)", "recruit a priest (4 GP)")
    assert s.data.priests[0] == 2 and s.data.gold[0] == 5
    assert "at most 2 priests per turn" in refused(s, "recruit a priest")
    s = scenario(players=3, turn=(0, "athena"), gold={0: 4})
    s = take_turn(s, "recruit a philosopher (free)", "recruit a philosopher (4 GP)")
    assert s.data.philosophers[0] == 2 and s.data.gold[0] == 0


def test_build_two_gp_on_a_free_slot_of_your_island_the_gods_building():
    s = scenario(players=3, turn=(0, "athena"), gold={0: 6}, islands=THREE,
                 buildings={"IS2": ["port", ""]})
    s = s.apply("build a university on IS2 (2 GP)")
    assert s.data.buildings["IS2"] == ["port", "university"] and s.data.gold[0] == 4
    assert "no free building slot" in refused(s, "build a university on IS2")
    assert "not a fortress" not in refused(s, "build a fortress on IS12")
    assert "Athena builds universitys" in refused(s, "build a fortress on IS12")
    s = s.apply("build a university on IS12 (2 GP)")       # the same type again is allowed
    assert s.count_buildings(0, "university") == 2


def test_poseidon_moves_fleets_and_entering_enemy_fleets_starts_a_naval_battle():
    s = scenario(players=3, turn=(0, "poseidon"), gold={0: 3}, islands=THREE,
                 fleets={"C6": (0, 2), "B6": (1, 1), "F3": (2, 1)})
    s = s.apply("sail 2 fleets from C6 to B6 (1 GP)")
    assert s.phase.name == "Battle" and s.is_chance_node()
    assert "end the fleet move" not in labels(s)
    r = round_odds(2, 1, 0)                                   # no port of P2 next to B6
    assert dict((a.label, p) for a, p in s.chance_outcomes()) == {
        "round 1: the attacker loses a fleet": r.attacker_loses,
        "round 1: the defender loses a fleet": r.defender_loses,
        "round 1: both lose a fleet (tie)": r.both_lose}
    assert sum(p for _, p in s.chance_outcomes()) == 1


def test_port_bonus_for_the_defender_at_sea_ruling_battle_round_outcomes():
    s = scenario(players=3, turn=(0, "poseidon"), gold={0: 3}, islands=THREE,
                 fleets={"C6": (0, 1), "B3": (1, 1), "A2": (1, 1), "F3": (2, 1)},
                 buildings={"IS1": ["port", "port", "", ""]})
    s = s.apply("sail 1 fleet from C6 to C5 (1 GP)")
    s = s.apply("sail 1 fleet from C5 to C4").apply("sail 1 fleet from C4 to B3")
    r = round_odds(1, 1, 2)
    assert {p for _, p in s.chance_outcomes()} == {r.attacker_loses, r.defender_loses,
                                                    r.both_lose} - {0}


def test_ares_moves_troops_along_a_chain_of_own_fleets_only():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands={**THREE, "IS5": (1, 0)},
                 fleets={"C5": (0, 1), "D5": (0, 1), "F3": (2, 1)})
    assert "move 1 troop from IS2 to IS4 (1 GP)" in labels(s)   # IS2-C5-D5-IS4
    assert "no chain" in refused(s, "move 1 troop from IS2 to IS9")
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")           # P2's island, no troops
    assert s.data.owners["IS5"] == 0 and s.data.troops["IS5"] == 1
    assert s.data.owners["IS2"] == 0 and "IS2" not in s.data.troops   # territory token


def test_empty_enemy_island_is_taken_without_battle_even_with_a_fortress():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands={**THREE, "IS5": (1, 0)},
                 fleets={"C5": (0, 1)}, buildings={"IS5": ["fortress", "fortress"]})
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")
    assert s.phase.name == "Actions" and s.data.owners["IS5"] == 0
    assert s.count_buildings(0, "fortress") == 2                  # the buildings come along


def test_battle_round_fortress_metropolis_and_minotaur_bonuses():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands={**THREE, "IS5": (1, 2)},
                 fleets={"C5": (0, 1)}, buildings={"IS5": ["metropolis", "metropolis"]})
    s.data.buildings["IS5"] = ["fortress", "metropolis"]
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")
    r = round_odds(1, 2, 2)                                      # fortress + Metropolis
    assert sorted(p for _, p in s.chance_outcomes()) == sorted(
        p for p in (r.attacker_loses, r.defender_loses, r.both_lose) if p)
    from mythlab.cyclades.state import Figure
    s.data.figures.append(Figure("minotaur", "IS5", 1, 1, "minotaur"))
    s.data.deck.remove("minotaur")
    s.edited()  # the position was changed by hand after its chance outcomes were listed
    r = round_odds(1, 2, 4)
    assert [p for _, p in s.chance_outcomes()] == [
        p for p in (r.attacker_loses, r.defender_loses, r.both_lose) if p]


def test_battle_retreat_defender_first_then_attacker_and_conquest_takes_buildings():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3},
                 islands={**THREE, "IS5": (1, 2), "IS4": (1, 0)},
                 fleets={"C5": (0, 1), "D5": (1, 1)}, buildings={"IS5": ["temple", ""]})
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")
    s = s.apply("round 1: the defender loses a troop")
    assert s.current_player == 1 and labels(s) == ["retreat to IS4", "fight on"]
    s = s.apply("fight on")
    assert s.current_player == 0 and labels(s) == ["retreat to IS2", "fight on"]
    s = s.apply("fight on").apply("round 2: the defender loses a troop")
    assert s.data.owners["IS5"] == 0 and s.data.buildings["IS5"] == ["temple", ""]
    assert s.temples(0) == 1 and s.phase.name == "Actions"
    # at sea: retreat to an adjacent zone that is empty or one's own
    s = scenario(players=3, turn=(0, "poseidon"), gold={0: 3}, islands=THREE,
                 fleets={"C6": (0, 2), "B6": (1, 2), "F3": (2, 1)})
    s = s.apply("sail 2 fleets from C6 to B6 (1 GP)").apply("round 1: both lose a fleet (tie)")
    assert s.current_player == 1 and "retreat to A5" in labels(s)
    s = s.apply("retreat to A5")
    assert s.data.fleets["B6"] == 0 and s.data.fleets["A5"] == 1


def test_last_island_protected_unless_taking_it_wins():
    own = {"IS2": (0, 2), "IS12": (0, 1), "IS5": (1, 1), "IS3": (2, 1), "IS11": (2, 1)}
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands=own, fleets={"C5": (0, 1)})
    assert not any("to IS5" in a for a in labels(s))
    assert "Last island" in refused(s, "move 1 troop from IS2 to IS5")
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands=own, fleets={"C5": (0, 1)},
                 buildings={"IS12": ["", "metropolis", "metropolis"],
                            "IS5": ["metropolis", "metropolis"]})
    assert "move 2 troops from IS2 to IS5 (1 GP)" in labels(s)   # it would be his 2nd


def test_zeus_swaps_a_creature_for_1_gp():
    s = scenario(players=3, turn=(0, "zeus"), gold={0: 2}, track=["Siren", "", ""])
    top = s.data.deck[-1]
    s = s.apply("swap the Siren (1 GP)")
    assert s.data.track[0] == top and "siren" in s.data.discard and s.data.gold[0] == 1


def test_apollo_income_and_prosperity_marker_for_the_first_only_ruling_apollo_marker():
    s = scenario(players=3, order=[0, 1, 2], gods=["ares", "poseidon", "zeus", "athena"],
                 islands={"IS2": (0, 1), "IS12": (0, 1), "IS1": (1, 1), "IS3": (2, 1)})
    s = s.apply("go to Apollo").apply("go to Apollo").apply("go to Apollo")
    assert s.phase.name == "Apollo" and s.current_player == 0
    assert labels(s) == ["place the prosperity marker on IS2",
                         "place the prosperity marker on IS12"]
    s = s.apply("place the prosperity marker on IS12")
    assert s.data.cycle == 2 and s.data.markers == {"IS12": 1}
    # Apollo: +1 (two islands) or +4 (one island); then cycle 2's revenue, marker included
    assert s.data.gold == [7 + 1 + (1 + 1 + 1), 7 + 4 + 0, 7 + 4 + 2]   # IS2, marker, K1


def test_build_choose_the_square_on_or_off_the_spot_ruling_build_square():
    """Rulebook p.4: buildings go on an island's white squares, the player's choice; what the
    choice changes is whether the Metropolis spot (IS12: squares 2 and 3) stays free."""
    s = scenario(players=3, turn=(0, "athena"), gold={0: 8}, islands=THREE)
    assert {"build a university on IS12 (2 GP)",
            "build a university on the Metropolis spot of IS12 (2 GP)",
            "build a university on IS2 (2 GP)"} <= set(labels(s))   # IS2: all squares on the spot
    assert "build a university on the Metropolis spot of IS2 (2 GP)" not in labels(s)
    s = s.apply("build a university on the Metropolis spot of IS12")
    assert s.data.buildings["IS12"] == ["", "university", ""]
    s = s.apply("build a university on IS12")                     # off the spot
    assert s.data.buildings["IS12"] == ["university", "university", ""]
    assert "no choice of square" in refused(s, "build a university on the Metropolis spot "
                                               "of IS12")
    s = s.apply("build a university on IS12")                     # only the spot is left
    assert s.data.buildings["IS12"] == ["university"] * 3
    assert "no free building slot" in refused(s, "build a university on IS12")


# =========================================================== Metropolises and victory
def test_metropolis_economic_four_buildings_ruling_metropolis_discards():
    """p.6: the four buildings are discarded at once, then the Metropolis goes on an empty
    spot; which port goes is the player's choice (ruling metropolis-discards), and the spot it
    frees is where the Metropolis must go."""
    s = scenario(players=3, turn=(0, "athena"), gold={0: 2}, islands=THREE,
                 buildings={"IS2": ["port", "fortress"], "IS12": ["temple", "", "port"]})
    s = s.apply("build a university on IS12 (2 GP)")             # on IS12's spot (slot 2)
    assert s.phase.name == "Metropolis" and s.current_player == 0     # which port goes?
    assert labels(s) == ["discard the port on IS2", "discard the port on IS12"]
    assert all(a.rule.endswith("ruling 'metropolis-discards'") for a in s.legal_actions())
    mid = s
    s = s.apply("discard the port on IS12")
    b = s.data.buildings
    assert b["IS12"] == ["", "metropolis", "metropolis"]     # spot 2+3, the only empty one
    assert b["IS2"] == ["port", ""]                          # the fortress went to the set
    assert s.metropolises(0) == 1 and s.count_buildings(0, "university") == 0
    assert check_invariants(s) == []
    # discarding IS2's port instead empties IS2's spot: the Metropolis goes there, and the
    # port on IS12's spot stays
    other = mid.apply("discard the port on IS2")
    assert other.data.buildings["IS2"] == ["metropolis", "metropolis"]
    assert other.data.buildings["IS12"] == ["", "", "port"]
    assert not any("destroying" in e for e in other.events)


def test_metropolis_choose_which_buildings_and_where_ruling_metropolis_discards():
    """Rulebook p.6: one building of each kind, wherever it stands, discarded first (one decision
    per kind with more than one candidate); then the player picks among the empty spots."""
    isl = {"IS1": (0, 1), "IS12": (0, 1), "IS2": (0, 1), "IS9": (1, 1), "IS3": (2, 1),
           "IS11": (2, 1)}
    s = scenario(players=3, turn=(0, "athena"), gold={0: 2}, islands=isl,
                 buildings={"IS1": ["port", "", "port", "temple"], "IS12": ["fortress", "", ""],
                            "IS2": ["temple", ""]})
    s = s.apply("build a university on IS12 (2 GP)")
    # two ports on IS1, one on its spot and one off it: two choices, told apart
    assert labels(s) == ["discard the port on the Metropolis spot of IS1",
                         "discard the port on IS1"]
    start = s
    s = s.apply("discard the port on the Metropolis spot of IS1")
    # the only fortress goes by itself; then the temple: IS1 or IS2
    assert labels(s) == ["discard the temple on IS1", "discard the temple on IS2"]
    s = s.apply("discard the temple on IS2")
    # the university goes by itself: IS1, IS2 and IS12 all have an empty spot now
    assert labels(s) == ["place the Metropolis on IS1", "place the Metropolis on IS2",
                         "place the Metropolis on IS12"]
    s = s.apply("place the Metropolis on IS1")
    b = s.data.buildings
    assert b["IS1"] == ["metropolis", "metropolis", "port", "temple"]   # port and temple kept
    assert "IS2" not in b and "IS12" not in b
    assert s.phase.name == "Actions" and s.metropolises(0) == 1
    assert check_invariants(s) == []
    # keeping the port on IS1's spot and the temple on IS2 leaves IS12 the only empty spot
    s = start.apply("discard the port on IS1").apply("discard the temple on IS1")
    b = s.data.buildings
    assert b["IS12"] == ["", "metropolis", "metropolis"] and b["IS1"] == ["port", "", "", ""]
    assert b["IS2"] == ["temple", ""] and s.phase.name == "Actions"


def test_metropolis_goes_on_an_empty_spot_before_any_building_is_destroyed():
    """p.6 Metropolises: the tile goes on an empty Metropolis spot of one of the player's
    islands; only when none is empty must his buildings make room for it."""
    # IS2's spot holds a port, IS12's spot is empty: the Metropolis goes on IS12 by itself
    s = scenario(players=3, turn=(0, "athena"), philosophers={0: 3}, islands=THREE,
                 buildings={"IS2": ["port", ""]})
    s = s.apply("recruit a philosopher (free)")
    assert s.data.buildings == {"IS2": ["port", ""], "IS12": ["", "metropolis", "metropolis"]}
    assert not any("destroying" in e for e in s.events)
    # no spot is empty: either island, and the buildings on its spot are destroyed
    s = scenario(players=3, turn=(0, "athena"), philosophers={0: 3}, islands=THREE,
                 buildings={"IS2": ["port", ""], "IS12": ["", "temple", ""]})
    s = s.apply("recruit a philosopher (free)")
    assert labels(s) == ["place the Metropolis on IS2", "place the Metropolis on IS12"]
    assert "destroying the temple on its spot" in s.legal_actions()[1].explain()
    s = s.apply("place the Metropolis on IS12")
    assert s.data.buildings == {"IS2": ["port", ""], "IS12": ["", "metropolis", "metropolis"]}
    assert any("no island of his has an empty metropolis spot" in e.lower() for e in s.events)
    assert check_invariants(s) == []


def test_supply_runs_out_refuses_the_action_ruling_metropolis_supply():
    """p.1 contents: 10 buildings of each kind, 10 Metropolises, 16 priests and 16
    philosophers (English and French rulebooks; the German edition differs for the cards)."""
    assert numbers()["buildings_per_kind"].value == 10
    assert numbers()["priests_supply"].provenance == "public"
    four = ["university"] * 4
    s = scenario(players=3, turn=(0, "athena"), gold={0: 6}, islands=THREE,
                 buildings={"IS1": four, "IS11": four, "IS9": ["university"],
                            "IS3": ["university"]})
    assert not any(a.startswith("build") for a in labels(s))
    why = refused(s, "build a university on IS12")
    assert "all 10 university tiles are on the board" in why and "p.1 Contents" in why
    s = scenario(players=3, turn=(0, "zeus"), gold={0: 6}, priests={1: 8, 2: 8})
    assert not any(a.startswith("recruit") for a in labels(s))
    why = refused(s, "recruit a priest")
    assert "all 16 priest cards are taken" in why and "p.1 Contents" in why
    # ruling metropolis-supply: all 10 Metropolis tiles on the board, the conversion is lost
    spots = CycladesGame(players=3).slots
    metro = {i: ["metropolis" if k + 1 in spots[i].metropolis else ""
                 for k in range(spots[i].small)]
             for i in ("IS1", "IS3", "IS4", "IS5", "IS6", "IS7", "IS8", "IS9", "IS10", "IS11")}
    owners = {i: (1 if k % 2 else 2, 1) for k, i in enumerate(metro)}
    s = scenario(players=3, turn=(0, "athena"), philosophers={0: 3},
                 islands={"IS2": (0, 1), **owners}, buildings=metro)
    s = s.apply("recruit a philosopher (free)")
    assert s.data.philosophers[0] == 0 and s.metropolises(0) == 0
    assert any("all 10 Metropolis tiles are on the board" in e for e in s.events)
    assert check_invariants(s) == []


def test_metropolis_intellectual_four_philosophers_and_lost_without_a_free_spot():
    s = scenario(players=3, turn=(0, "athena"), gold={0: 0}, philosophers={0: 3},
                 islands={**THREE, "IS12": (0, 0)},
                 buildings={"IS2": ["temple", ""], "IS12": ["", "", "port"]})
    s = s.apply("recruit a philosopher (free)")
    s = s.apply("place the Metropolis on IS12")
    assert s.data.philosophers[0] == 0 and s.data.buildings["IS12"] == ["", "metropolis",
                                                                         "metropolis"]
    assert any("destroying the port" in e for e in s.events)
    s = scenario(players=3, turn=(0, "athena"), philosophers={0: 3},
                 islands={"IS3": (0, 1), "IS1": (1, 1), "IS11": (2, 1)},
                 buildings={"IS3": ["metropolis"]})
    s = s.apply("recruit a philosopher (free)")
    assert s.data.philosophers[0] == 0 and s.metropolises(0) == 1
    assert any("Metropolis is lost" in e for e in s.events)


def test_victory_two_metropolises_at_the_end_of_the_cycle_with_tie_breaks():
    metro = ["metropolis", "metropolis"]
    s = scenario(players=3, gold={0: 3, 1: 9, 2: 9},
                 buildings={"IS2": metro, "IS12": ["", "metropolis", "metropolis"],
                            "IS1": metro, "IS9": ["metropolis"], "IS3": ["metropolis"]})
    s = bids_done(s)
    while not s.is_terminal():
        s = s.apply(labels(s)[0])
    assert s.data.winners == [1] and s.scores()["winners"] == [1]   # P1 poorer: P2 wins
    assert s.scores()["metropolises"] == [2, 2, 1]
    # more Metropolises beat more gold
    s = scenario(players=3, gold={0: 0, 1: 9}, islands={**THREE, "IS4": (0, 0)},
                 buildings={"IS2": metro, "IS12": ["", "metropolis", "metropolis"],
                            "IS1": metro, "IS9": ["metropolis"], "IS4": metro})
    s = bids_done(s)
    while not s.is_terminal():
        s = s.apply(labels(s)[0])
    assert s.data.winners == [0]


def test_ruling_cycle_limit_and_shared_victory():
    s = mythlab.make("cyclades", players=3, seed=5, cycle_limit=2).initial_state()
    while not s.is_terminal():
        s = s.apply("go to Apollo" if s.phase.name == "Offerings" else labels(s)[0])
    assert s.data.cycle == 2 and "cycle limit" in s.data.end_reason
    assert rulings()["cycle-limit"] and numbers()["cycle_limit"].provenance == "mythlab"
    with pytest.raises(ValueError):
        mythlab.make("cyclades", players=3, cycle_limit=0)
    s = scenario(players=3, gold={0: 5, 1: 5, 2: 5})
    assert s.scores()["winners"] == [0, 1, 2]                     # all tied: shared


def test_ruling_elimination_when_the_last_island_falls():
    own = {"IS2": (0, 3), "IS12": (0, 1), "IS5": (1, 1), "IS3": (2, 1), "IS11": (2, 1)}
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands=own,
                 fleets={"C5": (0, 1), "D8": (1, 2)},
                 buildings={"IS12": ["", "metropolis", "metropolis"],
                            "IS5": ["metropolis", "metropolis"]})
    s = s.apply("move 3 troops from IS2 to IS5 (1 GP)")
    s = s.apply("round 1: the defender loses a troop")
    assert s.data.out[1] and not s.fleet_zones(1) and s.data.gold[1] == 0
    assert any("leaves the game" in e for e in s.events)
    assert s.metropolises(0) == 2 and check_invariants(s) == []


# =========================================================== creatures
def creature_turn(name, gold=9, **kw):
    """A Zeus turn with ``name`` on the 4-GP slot, already called."""
    kw.setdefault("islands", THREE)
    s = scenario(players=3, turn=(0, "zeus"), gold={0: gold, **kw.pop("gold_of", {})},
                 track=[name, "", ""], **kw)
    s = s.apply(f"call the {name}")
    return s


def test_calling_a_creature_pays_the_slot_price_less_temples_once_per_cycle():
    s = scenario(players=3, turn=(0, "zeus"), gold={0: 9}, islands=THREE,
                 track=["Griffon", "Dryad", "Harpy"],
                 buildings={"IS2": ["temple", ""], "IS12": ["", "metropolis", "metropolis"]})
    assert {"call the Griffon (2 GP)", "call the Dryad (1 GP)", "call the Harpy (1 GP)"} \
        <= set(labels(s))                                   # a Metropolis is a temple too
    s = s.apply("call the Griffon (2 GP)")                   # uses both temple discounts
    s = _finish_creature(s)
    assert s.data.temples_used[0] == 2 and "call the Dryad (3 GP)" in labels(s)
    assert "griffon" in s.data.discard                       # applied at once, discarded


def test_creature_siren_replaces_an_isolated_enemy_fleet():
    s = creature_turn("Siren", fleets={"C6": (0, 1), "B3": (1, 1), "F3": (2, 2)})
    assert labels(s) == ["Siren: replace the fleet in B3"]       # F3 holds 2: not isolated
    s = s.apply("Siren: replace the fleet in B3")
    assert s.data.fleets["B3"] == 0 and s.units(1, "fleet") == 0


def test_creature_pegasus_flies_troops_anywhere_and_attacks():
    s = creature_turn("Pegasus", islands={**THREE, "IS2": (0, 2)})
    s = s.apply("Pegasus: fly 2 troops from IS2 to IS9")
    assert s.phase.name == "Battle" and s.data.battle.attack == 2


def test_creature_giant_destroys_a_building_but_not_a_metropolis():
    s = creature_turn("Giant", buildings={"IS1": ["port", "metropolis"]})
    s.data.buildings["IS1"] = ["port", "", "metropolis", "metropolis"]
    assert labels(s) == ["Giant: destroy the port on IS1"]
    s = s.apply("Giant: destroy the port on IS1")
    assert s.data.buildings["IS1"] == ["", "", "metropolis", "metropolis"]


def test_creature_chimera_copies_a_discarded_creature_then_reshuffles():
    s = scenario(players=3, turn=(0, "zeus"), gold={0: 9}, islands=THREE,
                 track=["Chimera", "", ""])
    s.data.deck.remove("griffon")
    s.data.discard.append("griffon")
    s = s.apply("call the Chimera").apply("Chimera: use the Griffon")
    assert not s.data.discard and "chimera" in s.data.deck and "griffon" in s.data.deck
    s = s.apply("Griffon: take half of P2's gold")
    assert s.data.gold[1] == 4 and check_invariants(s) == []


def test_creature_cyclops_changes_a_building_and_completes_a_metropolis():
    s = creature_turn("Cyclops", buildings={"IS2": ["port", "fortress"],
                                            "IS12": ["temple", "port", ""]})
    s = s.apply("Cyclops: turn the port on IS12 into a university")
    assert s.phase.name == "Metropolis"


def test_creature_cyclops_cannot_make_a_building_whose_tiles_are_all_on_the_board():
    """p.1 Contents: with all 10 universities on the board the Cyclops cannot make another."""
    four = ["university"] * 4
    s = creature_turn("Cyclops", buildings={"IS2": ["port", "fortress"], "IS1": four,
                                            "IS11": four, "IS9": ["university"],
                                            "IS3": ["university"]})
    assert not any(a.endswith("into a university") for a in labels(s))
    assert "Cyclops: turn the port on IS2 into a temple" in labels(s)


def test_creature_sphinx_sells_pieces_and_cards_for_2_gp_each():
    s = creature_turn("Sphinx", gold=4, priests={0: 1})
    s = s.apply("Sphinx: start selling").apply("sell a priest (2 GP)")
    s = s.apply("sell a troop from IS2 (2 GP)").apply("stop selling")
    assert s.data.gold[0] == 4 - 4 + 2 + 2 and s.data.priests[0] == 0
    assert s.data.owners["IS2"] == 0 and "IS2" not in s.data.troops


def test_creature_sylph_ten_free_fleet_steps():
    s = creature_turn("Sylph", fleets={"C6": (0, 1), "F3": (2, 1)})
    s = s.apply("Sylph: start 10 free fleet steps")
    for step in ["C6 to C5", "C5 to C4", "C4 to C3", "C3 to D3", "D3 to D2", "D2 to D1",
                 "D1 to E1", "E1 to F1", "F1 to F2"]:
        s = s.apply(f"sail 1 fleet from {step}")
    assert "(Sylph, 1 left)" in labels(s)[0]
    s = s.apply("sail 1 fleet from F2 to F3 (Sylph, 1 left)")       # enemy: a battle
    assert s.phase.name == "Battle" and s.data.gold[0] == 9 - 4


def test_creature_harpy_griffon_satyr_dryad_fates():
    s = creature_turn("Harpy")
    s = s.apply("Harpy: remove a troop from IS9")
    assert "IS9" not in s.data.troops and s.data.owners["IS9"] == 1
    s = creature_turn("Griffon", gold_of={1: 7})
    s = s.apply("Griffon: take half of P2's gold")
    assert s.data.gold[:2] == [5 + 3, 4]                            # 7 // 2 = 3
    s = creature_turn("Satyr", philosophers={1: 1, 0: 3})
    s = s.apply("Satyr: take a philosopher from P2")
    assert s.phase.name == "Metropolis" and s.data.philosophers[1] == 0
    s = creature_turn("Dryad", priests={2: 2})
    s = s.apply("Dryad: take a priest from P3")
    assert s.data.priests == [1, 0, 1]
    s = creature_turn("The Fates", fleets={"K1": (0, 1), "F3": (2, 1)})
    assert s.data.gold[0] == 9 - 4 + 2 and s.phase.name == "Actions"   # IS2 + K1


def test_creature_kraken_sinks_fleets_moves_for_1_gp_and_closes_its_zone():
    s = creature_turn("Kraken", fleets={"C6": (0, 1), "C5": (1, 2), "F3": (2, 1)})
    s = s.apply("Kraken: rise in C6")
    assert "C6" not in s.data.fleets
    s = s.apply("Kraken: move to C5 (1 GP)").apply("leave the Kraken in C5")
    assert "C5" not in s.data.fleets and s.figure("kraken").space == "C5"
    s = scenario(players=3, turn=(1, "poseidon"), islands=THREE, fleets={"B4": (1, 1)})
    s.data.figures = [__import__("mythlab.cyclades.state", fromlist=["Figure"]).Figure(
        "kraken", "C5", 0, 1)]
    assert not any("to C5" in a for a in labels(s))


def test_island_figurines_ruling_figure_expiry_and_two_figurines_clash():
    s = creature_turn("Medusa", islands={**THREE, "IS2": (0, 2)}, fleets={"C5": (0, 1)})
    s = s.apply("place the Medusa on IS9")
    assert s.figure("medusa").card == "medusa" and "medusa" not in s.data.discard
    s.data.figures[0].space = "IS2"
    s = s.apply("end turn")
    assert s.data.cycle == 2 and s.figure("medusa") is not None
    while s.figure("medusa") is not None:
        s = s.apply("go to Apollo" if s.phase.name == "Offerings" else labels(s)[0])
    assert s.data.cycle == 2 and any("The Medusa leaves IS2" in e for e in s.events)
    assert "medusa" in s.data.discard                                    # his next turn
    s = creature_turn("Chiron", islands=THREE)
    s.data.figures.append(__import__("mythlab.cyclades.state",
                                     fromlist=["Figure"]).Figure("minotaur", "IS9", 1, 1,
                                                                 "minotaur"))
    s.data.deck.remove("minotaur")
    s = s.apply("place the Chiron on IS9")
    assert not s.data.figures and {"chiron", "minotaur"} <= set(s.data.discard)


def test_creature_medusa_petrifies_and_chiron_guards():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands={**THREE, "IS5": (1, 0)},
                 fleets={"C5": (0, 1)})
    from mythlab.cyclades.state import Figure
    s.data.figures.append(Figure("medusa", "IS2", 1, 1, "medusa"))
    s.data.deck.remove("medusa")
    assert "Medusa petrifies" in refused(s, "move 1 troop from IS2 to IS5")
    s = creature_turn("Harpy")
    s.data.figures.append(Figure("chiron", "IS9", 1, 1, "chiron"))
    s.data.deck.remove("chiron")
    s._legal_cache = None
    assert "Harpy: remove a troop from IS9" not in labels(s)


def test_creature_polyphemus_pushes_fleets_out_and_closes_the_ring():
    s = creature_turn("Polyphemus", fleets={"C5": (1, 1), "B4": (2, 1), "F3": (2, 1)})
    s = s.apply("place the Polyphemus on IS2")
    ring = set(s.game.coast["IS2"])
    assert not ring & set(s.data.fleets) and s.units(1, "fleet") == 1
    assert ring <= s.blocked()


def _power_rules():
    """The creatures whose power is a decision of RULES, and those whose every offered move (in
    a sample position) has a rule carrying it out."""
    from mythlab.cyclades.refs import RULES
    from mythlab.cyclades.state import Task

    offers = {k.removeprefix("creature:") for k in RULES.offerers if k.startswith("creature:")}
    effects = set()
    for card in offers:
        s = scenario(players=3, turn=(0, "zeus"), fleets={"C6": (0, 1), "B3": (1, 1)})
        s.data.tasks.append(Task("creature", player=0, card=card, target=""))
        moves = s.edited().legal_actions()
        if moves and all(a.kind in RULES.doers for a in moves):
            effects.add(card)
    return offers, effects


def test_every_decision_has_one_rule_offering_its_moves():
    """Each task a Cyclades position may hold is a decision of RULES: a called creature's is
    its power's own (``creature:<id>``); the Fates act at once and are no decision."""
    from mythlab.cyclades.refs import RULES
    from mythlab.cyclades.rules import TASK_PHASES, CycladesState

    assert CycladesState.rules is RULES
    decisions = set(RULES.offerers) | set(RULES.outcomes)
    stored = set(TASK_PHASES) - {"creature"}
    powers = {f"creature:{c}" for c in CREATURE_IDS if c != "fates"}
    assert decisions == stored | powers
    assert RULES.is_chance(mythlab.engine.Decision("battle-round"))
    s = scenario(players=3, turn=(0, "zeus"), track=["Harpy", "", ""], gold={0: 9})
    s = s.apply("call the Harpy")
    assert s.data.tasks[-1].kind == "creature" and s.decision().kind == "creature:harpy"


def test_every_creature_has_data_and_a_rule():
    OFFERS, EFFECTS = _power_rules()
    assert sorted(creatures()) == sorted(CREATURE_IDS) and len(CREATURE_IDS) == 17
    assert set(OFFERS) | {"fates"} == set(CREATURE_IDS) == set(EFFECTS) | {"fates"}
    figures = {c.id for c in creatures().values() if c.figurine != "none"}
    assert figures == {"kraken", "minotaur", "chiron", "medusa", "polyphemus"}
    assert all(c.provenance == "public" for c in creatures().values())


def test_ruling_apollo_tokens_both_tokens_of_one_player():
    s = scenario(players=2, order=[0, 0, 1, 1])
    s = s.apply("go to Apollo").apply("go to Apollo")
    assert s.data.apollo == [0, 1] and s.data.tokens[:2] == [0, 0]


def test_ruling_creature_no_target_the_creature_is_paid_and_discarded():
    s = creature_turn("Griffon", gold_of={1: 1, 2: 0})
    assert labels(s) == ["let the Griffon go (no target)"]
    s = s.apply("let the Griffon go (no target)")
    assert "griffon" in s.data.discard and s.data.gold[0] == 5


def test_ruling_medusa_retreat_petrified_troops_cannot_retreat():
    from mythlab.cyclades.state import Figure

    s = scenario(players=3, turn=(0, "ares"), gold={0: 3},
                 islands={**THREE, "IS5": (1, 2), "IS4": (1, 0)},
                 fleets={"C5": (0, 1), "D5": (1, 1)})
    s.data.figures.append(Figure("medusa", "IS5", 2, 1, "medusa"))
    s.data.deck.remove("medusa")
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")
    s = s.apply("round 1: the defender loses a troop")
    assert s.is_chance_node()                          # nobody may retreat: next round


def test_ruling_minotaur_empty_island_is_taken_without_battle():
    from mythlab.cyclades.state import Figure

    s = scenario(players=3, turn=(0, "ares"), gold={0: 3}, islands={**THREE, "IS5": (1, 0)},
                 fleets={"C5": (0, 1)})
    s.data.figures.append(Figure("minotaur", "IS5", 1, 1, "minotaur"))
    s.data.deck.remove("minotaur")
    s = s.apply("move 1 troop from IS2 to IS5 (1 GP)")
    assert s.data.owners["IS5"] == 0 and not s.is_chance_node()


def test_ruling_one_figure_each_a_figurine_moves_when_placed_again():
    from mythlab.cyclades.state import Figure

    s = creature_turn("Chimera")
    s.data.figures.append(Figure("chiron", "IS9", 1, 1, "chiron"))
    s.data.deck.remove("chiron")
    s.data.deck.remove("minotaur")
    s.data.discard.append("minotaur")
    s._legal_cache = None
    s = s.apply("Chimera: use the Minotaur").apply("place the Minotaur on IS3")
    assert s.figure("minotaur").card == "" and check_invariants(s) == []


# =========================================================== engine contract
def test_state_json_round_trip_and_deterministic_replay():
    game = mythlab.make("cyclades", players=4, seed=9)
    session = mythlab.Session(game)
    from mythlab.sim import RandomBot

    session.play(RandomBot(3), stop=lambda st: len(st.history) >= 150)
    s = session.state
    assert game.state_from_json(s.to_json()).to_json() == s.to_json()
    again = mythlab.Session(game)
    for label in session.actions:
        again.apply(label)
    assert again.state == s


def test_phases_are_declared_with_rule_references():
    game = mythlab.make("cyclades", players=3)
    assert all(p.rule.startswith("Cyclades · ") for p in game.phases)
    graph = game.phase_graph()
    assert graph.has_edge("Offerings", "Actions") and graph.has_edge("End of cycle", "Game over")


def test_why_illegal_names_the_rule_and_state_is_untouched():
    s = scenario(players=3, order=[0, 1, 2])
    assert "god's action" in refused(s, "recruit a fleet in C6")
    s = scenario(players=3, turn=(0, "athena"), gold={0: 0})
    assert "offerings are made only in the Offerings phase" in refused(s, "offer 1 GP to Ares")


def test_data_cite_the_rulebook_by_title_edition_and_page():
    """Every ``seed`` field names the Cyclades rulebook, Greek edition, and a page; every
    ``seed`` provenance has one."""
    entries = [*numbers().values(), *gods(), *arrangements().values()]
    for entry in entries:
        if entry.seed:
            assert re.match(r"Cyclades rulebook, Greek edition, pp?\.\d", entry.seed), entry.seed
        assert entry.provenance != "seed" or entry.seed, entry
    assert any(e.seed for e in entries)


def test_data_numbers_have_provenance_and_bad_files_name_file_entry_field(tmp_path):
    for name, n in numbers().items():
        assert n.provenance in ("seed", "public", "mythlab")
        assert n.seed or n.source or n.why, name
    bad = tmp_path / "creatures.yaml"
    bad.write_text("format: mythlab-cyclades-creatures\nversion: 1\ncreatures:\n"
                   "  - {id: siren, name: Siren, figurine: maybe, lasts: instant, effect: x,"
                   " provenance: public}\n", encoding="utf-8")
    with pytest.raises(mythlab.DataError) as err:
        load_creatures(bad)
    assert "creatures.yaml" in str(err.value) and "siren" in str(err.value) \
        and "figurine" in str(err.value)
    assert numbers()["starting_gold"].value == CycladesGame(players=2).n["starting_gold"]


def test_every_ruling_is_carried_out_in_code_and_named_by_a_test():
    from pathlib import Path

    import mythlab.cyclades as pkg

    code = "".join(p.read_text() for p in Path(pkg.__file__).parent.glob("*.py"))
    here = Path(__file__).read_text()
    for rid in rulings():
        assert rid in code, rid
        assert f"ruling_{rid.replace('-', '_')}" in here or rid.replace("-", "_") in here, rid


def test_every_rule_reference_is_used_and_tested():
    from pathlib import Path

    import mythlab.cyclades as pkg
    from mythlab.cyclades import refs

    code = "".join(p.read_text() for p in Path(pkg.__file__).parent.glob("*.py")
                   if p.name != "refs.py")
    names = [n for n in dir(refs) if n.isupper()]
    for n in names:
        assert n in code, f"rule {n} is never used"
        assert RULE_TESTS.get(n), f"rule {n} has no test"
        for t in RULE_TESTS[n]:
            assert callable(globals()[t]), t


RULE_TESTS = {
    "SETUP": ["test_setup_start_gold_pieces_and_first_revenue"],
    "CYCLE": ["test_setup_start_gold_pieces_and_first_revenue"],
    "CREATURE_TRACK": ["test_creature_track_discard_slide_refill_from_cycle_three"],
    "TRACK_START": ["test_creature_track_first_two_cycles_special_case"],
    "RESHUFFLE": ["test_creature_track_reshuffles_the_discard_pile_when_the_deck_runs_out"],
    "GOD_TRACK": ["test_god_tiles_per_player_count"],
    "REVENUE": ["test_revenue_islands_markers_and_trade_zones_only_with_fleets"],
    "OFFERINGS": ["test_offerings_strictly_higher_and_apollo_free_in_arrival_order",
                  "test_offerings_lowest_offering_is_1_gp_ruling_min_bid"],
    "OUTBID": ["test_example_p3_offerings_blue_red_yellow_displacement_chain"],
    "APOLLO_OFFERING": ["test_offerings_strictly_higher_and_apollo_free_in_arrival_order"],
    "AFFORD": ["test_offerings_never_bid_more_than_you_can_pay_ruling_affordability"],
    "PAYMENT": ["test_offerings_strictly_higher_and_apollo_free_in_arrival_order"],
    "PRIESTS": ["test_priests_lower_each_payment_but_at_least_1_gp"],
    "ACTIONS": ["test_offerings_strictly_higher_and_apollo_free_in_arrival_order"],
    "TURN_TRACK": ["test_turn_track_last_to_act_bids_first_next_cycle"],
    "CALL_CREATURE": ["test_calling_a_creature_pays_the_slot_price_less_temples_once_per_cycle"],
    "TEMPLE": ["test_calling_a_creature_pays_the_slot_price_less_temples_once_per_cycle"],
    "RECRUIT": ["test_recruit_fleets_escalating_costs_three_extra_per_turn",
                "test_recruit_troops_costs_and_at_most_8_troops",
                "test_recruit_priests_and_philosophers_one_free_one_more_for_4_gp"],
    "UNIT_LIMIT": ["test_recruit_troops_costs_and_at_most_8_troops"],
    "BUILD": ["test_build_two_gp_on_a_free_slot_of_your_island_the_gods_building",
              "test_build_choose_the_square_on_or_off_the_spot_ruling_build_square"],
    "SUPPLY": ["test_supply_runs_out_refuses_the_action_ruling_metropolis_supply"],
    "MOVE_FLEETS": ["test_example_p5_fleet_move_join_move_together_leave_behind",
                    "test_poseidon_moves_fleets_and_entering_enemy_fleets_starts_a_naval_battle"],
    "MOVE_TROOPS": ["test_ares_moves_troops_along_a_chain_of_own_fleets_only",
                    "test_empty_enemy_island_is_taken_without_battle_even_with_a_fortress"],
    "SWAP": ["test_zeus_swaps_a_creature_for_1_gp"],
    "LAST_ISLAND": ["test_last_island_protected_unless_taking_it_wins"],
    "TERRITORY": ["test_ares_moves_troops_along_a_chain_of_own_fleets_only"],
    "BATTLE": ["test_battle_retreat_defender_first_then_attacker_and_conquest_takes_buildings"],
    "BATTLE_ROUND": ["test_battle_round_fortress_metropolis_and_minotaur_bonuses",
                     "test_port_bonus_for_the_defender_at_sea_ruling_battle_round_outcomes"],
    "RETREAT": ["test_battle_retreat_defender_first_then_attacker_and_conquest_takes_buildings"],
    "MUTUAL": ["test_mutual_destruction_defender_keeps_island_territory_token_income_continues"],
    "CONQUEST": ["test_battle_retreat_defender_first_then_attacker_and_conquest_takes_buildings"],
    "APOLLO": ["test_apollo_income_and_prosperity_marker_for_the_first_only_ruling_apollo_marker"],
    "END_OF_CYCLE": ["test_victory_two_metropolises_at_the_end_of_the_cycle_with_tie_breaks"],
    "VICTORY": ["test_victory_two_metropolises_at_the_end_of_the_cycle_with_tie_breaks"],
    "METROPOLIS": ["test_metropolis_intellectual_four_philosophers_and_lost_without_a_free_spot",
                   "test_metropolis_goes_on_an_empty_spot_before_any_building_is_destroyed"],
    "METRO_ECONOMIC": ["test_metropolis_economic_four_buildings_ruling_metropolis_discards",
                       "test_metropolis_choose_which_buildings_and_where_ruling_metropolis_discards"],
    "METRO_INTELLECTUAL": [
        "test_metropolis_intellectual_four_philosophers_and_lost_without_a_free_spot"],
    "TWO_PLAYERS": ["test_two_player_game_two_tokens_sum_affordable_self_outbid_and_goal_three"],
    "FIGURINES": ["test_island_figurines_ruling_figure_expiry_and_two_figurines_clash"],
    "RULES": ["test_every_decision_has_one_rule_offering_its_moves",
              "test_every_creature_has_data_and_a_rule"],
}
