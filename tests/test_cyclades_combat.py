"""Exact Cyclades battle odds (mythlab.cyclades.combat).

Rules under test: the Cyclades rulebook, Greek edition, p.5 "ΠΕΡΙΓΡΑΦΗ ΤΗΣ ΜΑΧΗΣ" (cited "GR
p.5" below), with the combat die of mythlab/cyclades/data/dice.yaml (public sources): one die
per side plus units, the defender's fortress/port bonus, the lower total loses a unit, a tie
costs both a unit, rounds repeat, the defender may retreat first after a round, then the
attacker; mutual destruction on land leaves the island to the defender. A reference odds table
(computed independently of this module) is checked to its three decimals; the chain is checked
against an independent brute force, a seeded Monte Carlo run and the sympy layer.
"""

from __future__ import annotations

import math
import random
import time
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from mythlab.cyclades.combat import (
    FIGHT,
    End,
    OddsBelow,
    Optimal,
    Outcome,
    Policy,
    Side,
    UnitsAtMost,
    battle_expression,
    battle_latex,
    battle_odds,
    battle_rational,
    combat_die,
    dice_difference,
    face_weights,
    odds_table,
    parse_policy,
    round_expressions,
    round_odds,
)
from mythlab.dice import Die

FACES = (0, 1, 1, 2, 2, 3)
ALT = Die("alt", [0, 0, 1, 1, 2, 3])  # Blackwoj's reading, the reference's comparison column


# --- independent brute force: plain recursion over printed sides, Fractions ---------------

def brute_round(a: int, d: int, bonus: int, faces=FACES) -> tuple[Fraction, Fraction, Fraction]:
    """P(attacker loses), P(defender loses), P(both), by listing the 36 ordered rolls."""
    att = dfn = both = 0
    for x, y in product(faces, faces):
        diff = (a + x) - (d + y + bonus)
        att += diff < 0
        dfn += diff > 0
        both += diff == 0
    n = len(faces) ** 2
    return Fraction(att, n), Fraction(dfn, n), Fraction(both, n)


def brute_battle(a: int, d: int, bonus: int, retreat_at: tuple[int, int] = (-1, -1),
                 faces=FACES) -> dict[End, Fraction]:
    """End-state distribution; after a round the defender retreats with <= retreat_at[1] units,
    else the attacker with <= retreat_at[0] (a direct reading of GR p.5)."""

    @cache
    def after_round(a: int, d: int) -> tuple[tuple[End, Fraction], ...]:
        if a == 0 or d == 0:
            kind = (Outcome.MUTUAL_DESTRUCTION if a == d else
                    Outcome.ATTACKER_WINS if a else Outcome.DEFENDER_HOLDS)
            return ((End(kind, a, d), Fraction(1)),)
        if d <= retreat_at[1]:
            return ((End(Outcome.DEFENDER_RETREATS, a, d), Fraction(1)),)
        if a <= retreat_at[0]:
            return ((End(Outcome.ATTACKER_RETREATS, a, d), Fraction(1)),)
        return fight(a, d)

    @cache
    def fight(a: int, d: int) -> tuple[tuple[End, Fraction], ...]:
        out: dict[End, Fraction] = {}
        pa, pd, pb = brute_round(a, d, bonus, faces)
        for p, nxt in ((pa, (a - 1, d)), (pd, (a, d - 1)), (pb, (a - 1, d - 1))):
            for end, q in after_round(*nxt):
                out[end] = out.get(end, Fraction(0)) + p * q
        return tuple((e, q) for e, q in out.items() if q)

    return dict(fight(a, d)) if d else {End(Outcome.ATTACKER_WINS, a, 0): Fraction(1)}


# --- the die as data (public sources, mythlab/cyclades/data/dice.yaml) -----------------

def test_combat_die_is_data_with_public_provenance_naming_the_sources():
    die = combat_die()
    assert die.weights == {0: 1, 1: 2, 2: 2, 3: 1} and die.sides == 6
    assert die.provenance == "public"
    for source in ("AciesNN", "damontgomery", "trictrac"):
        assert source in die.where


def test_dice_difference_is_symmetric_and_counts_all_36_rolls():
    diff = dice_difference()
    assert sum(diff.values()) == 36
    assert all(diff[k] == diff[-k] for k in diff)
    assert diff == {-3: 1, -2: 4, -1: 8, 0: 10, 1: 8, 2: 4, 3: 1}


@pytest.mark.parametrize(("a", "d", "bonus"), [(1, 1, 0), (3, 1, 0), (1, 3, 2), (2, 2, 1),
                                               (5, 1, 0), (1, 5, 0), (8, 8, 3)])
def test_one_round_lower_total_loses_and_a_tie_costs_both(a, d, bonus):
    r = round_odds(a, d, bonus)
    assert (r.attacker_loses, r.defender_loses, r.both_lose) == brute_round(a, d, bonus)
    assert r.attacker_loses + r.defender_loses + r.both_lose == 1


def test_bonus_is_the_defenders_only():
    """Fortresses/ports help the defender only (GR p.5): a bonus never helps the attacker."""
    for b in range(1, 4):
        assert round_odds(3, 2, b).defender_loses < round_odds(3, 2, 0).defender_loses


# --- a reference odds table (exact, no retreats), computed independently for mythlab -------

REFERENCE = [  # a, d: die 0,1,1,2,2,3 | same +1 fortress | die 0,0,1,1,2,3 | same +1
    (1, 1, 0.361, 0.139, 0.361, 0.167),
    (2, 2, 0.447, 0.129, 0.445, 0.155),
    (2, 1, 0.911, 0.689, 0.894, 0.699),
    (3, 2, 0.902, 0.584, 0.883, 0.593),
    (3, 1, 0.998, 0.957, 0.994, 0.950),
]


@pytest.mark.parametrize(("a", "d", "plain", "fort", "alt", "alt_fort"), REFERENCE)
def test_reference_table_exact_attacker_win_probabilities(a, d, plain, fort, alt, alt_fort):
    got = [battle_odds(a, d, 0).probability, battle_odds(a, d, 1).probability,
           battle_odds(a, d, 0, die=ALT).probability, battle_odds(a, d, 1, die=ALT).probability]
    for p, want in zip(got, (plain, fort, alt, alt_fort), strict=True):
        assert isinstance(p, Fraction)
        assert abs(float(p) - want) <= 0.0005, (a, d, float(p), want)


def test_one_v_one_in_closed_form():
    """1 v 1: the attacker must roll strictly higher; a tie destroys both."""
    assert battle_odds(1, 1).probability == Fraction(13, 36)
    assert battle_odds(1, 1, 1).probability == Fraction(5, 36)   # higher by 2 or more
    assert battle_odds(1, 1).by_outcome()[Outcome.MUTUAL_DESTRUCTION] == Fraction(10, 36)


# --- the chain against brute force; exactness and invariants ------------------------------

@pytest.mark.parametrize("bonus", [0, 1, 2])
def test_distribution_equals_brute_force_recursion(bonus):
    for a, d in product(range(1, 6), range(1, 6)):
        assert battle_odds(a, d, bonus).distribution == brute_battle(a, d, bonus), (a, d)


@pytest.mark.parametrize(("retreat_at", "policy"), [
    ((1, -1), "attacker:units<=1"),
    ((-1, 1), "defender:units<=1"),
    ((2, 1), "attacker:units<=2,defender:units<=1"),
])
def test_retreat_thresholds_equal_brute_force(retreat_at, policy):
    """After a round the defender may retreat first, then the attacker (GR p.5)."""
    for a, d, b in product(range(1, 6), range(1, 5), range(2)):
        got = battle_odds(a, d, b, policy=policy).distribution
        assert got == brute_battle(a, d, b, retreat_at), (a, d, b)


def test_alternative_die_equals_brute_force():
    for a, d in product(range(1, 5), repeat=2):
        assert battle_odds(a, d, 1, die=ALT).distribution == \
            brute_battle(a, d, 1, faces=(0, 0, 1, 1, 2, 3))


POLICIES = [FIGHT, "attacker:units<=1", "defender:odds<1/3", "attacker:odds<45%",
            "attacker:optimal=3", "defender:optimal=2,attacker:optimal=1/2"]


@pytest.mark.parametrize("policy", POLICIES)
def test_probabilities_sum_to_exactly_one(policy):
    for a, d, b in product(range(1, 7), range(0, 7), range(4)):
        odds = battle_odds(a, d, b, policy=policy)
        assert sum(odds.distribution.values()) == 1
        assert sum(odds.by_outcome().values()) == 1
        assert all(p > 0 for p in odds.distribution.values())
        assert odds.probability == sum(p for e, p in odds.distribution.items()
                                       if e.outcome in (Outcome.ATTACKER_WINS,
                                                        Outcome.DEFENDER_RETREATS))


@pytest.mark.parametrize("policy", POLICIES)
def test_table_equals_one_battle_at_a_time(policy):
    table = odds_table(6, 5, 2, policy=policy)
    assert len(table) == 6 * 5 * 3
    for (a, d, b), p in table.items():
        assert p == battle_odds(a, d, b, policy=policy).probability


def test_end_states_are_consistent_with_the_rules():
    odds = battle_odds(5, 4, 2, policy="attacker:units<=1,defender:units<=2")
    for end in odds.distribution:
        if end.outcome is Outcome.ATTACKER_WINS:
            assert end.attackers >= 1 and end.defenders == 0
        elif end.outcome is Outcome.DEFENDER_HOLDS:
            assert end.attackers == 0 and end.defenders >= 1
        elif end.outcome is Outcome.MUTUAL_DESTRUCTION:
            assert end.attackers == end.defenders == 0
        else:  # a retreat happens only while both sides have units
            assert end.attackers >= 1 and end.defenders >= 1
    assert odds.plan and set(odds.plan.values()) <= set(Side)


def test_symmetry_without_bonus_swaps_the_sides():
    """With no bonus the round is symmetric (the dice difference is): a v d mirrors d v a."""
    mirror = {Outcome.ATTACKER_WINS: Outcome.DEFENDER_HOLDS,
              Outcome.DEFENDER_HOLDS: Outcome.ATTACKER_WINS,
              Outcome.MUTUAL_DESTRUCTION: Outcome.MUTUAL_DESTRUCTION}
    for a, d in product(range(1, 7), repeat=2):
        swapped = {End(mirror[e.outcome], e.defenders, e.attackers): p
                   for e, p in battle_odds(d, a).distribution.items()}
        assert battle_odds(a, d).distribution == swapped
    for n in range(1, 9):
        odds = battle_odds(n, n)
        by = odds.by_outcome()
        assert by[Outcome.ATTACKER_WINS] == by[Outcome.DEFENDER_HOLDS]
        assert odds.expected_losses[0] == odds.expected_losses[1]


def test_more_attackers_help_and_more_defenders_or_bonus_hurt():
    t = odds_table(8, 8, 3)

    def better(q, p):  # strictly, unless one of them is certain either way
        return q > p or (q == p and (p in (0, 1)))

    for (a, d, b), p in t.items():
        if a < 8:
            assert better(t[a + 1, d, b], p)
        if d < 8:
            assert better(p, t[a, d + 1, b])
        if b < 3:
            assert better(p, t[a, d, b + 1])
    assert t[1, 4, 0] == 0 < t[1, 3, 0]  # 1 + 3 can at best tie 4 + 0, but beat 3 + 0


def test_no_defenders_means_no_battle():
    """GR p.5: troops moving to an island without troops take it without battle."""
    odds = battle_odds(2, 0, 3)
    assert odds.distribution == {End(Outcome.ATTACKER_WINS, 2, 0): 1}
    assert odds.probability == 1 and odds.percent == 100.0


def test_mutual_destruction_leaves_the_island_to_the_defender_but_not_a_sea_zone():
    land, sea = battle_odds(2, 2), battle_odds(2, 2, sea=True)
    md = land.by_outcome()[Outcome.MUTUAL_DESTRUCTION]
    assert md > 0 and land.probability == sea.probability
    assert land.defender_keeps == 1 - land.probability
    assert sea.defender_keeps == land.defender_keeps - md
    assert "fleets" in str(sea)


def test_expected_losses_of_one_round():
    """1 v 1: the attacker loses his unit unless he rolls higher (a tie costs both)."""
    assert battle_odds(1, 1).expected_losses == (Fraction(23, 36), Fraction(23, 36))


# --- policies ------------------------------------------------------------------------------

def test_policy_text_round_trips():
    for text in ("fight", "attacker:units<=1", "defender:odds<1/4", "attacker:optimal=5/2",
                 "defender:units<=0,attacker:odds<1/2"):
        assert str(parse_policy(text)) == text
    assert parse_policy("defender:odds<25%") == parse_policy("defender: odds < 0.25")
    assert parse_policy(None) is FIGHT and parse_policy("") is FIGHT


def test_a_plain_function_is_a_rule():
    def tired(s):
        return s.units <= 1

    a = battle_odds(4, 3, 1, policy=Policy(attacker_retreats_when=tired))
    b = battle_odds(4, 3, 1, policy=Policy(attacker_retreats_when=UnitsAtMost(1)))
    assert a.distribution == b.distribution
    assert str(a.policy) == "attacker:tired"


def test_odds_rule_sees_the_chance_from_here():
    """A side retreating when its chance is below p never stays in a state below p."""
    policy = Policy(attacker_retreats_when=OddsBelow(Fraction(1, 2)))
    odds = battle_odds(6, 5, 2, policy=policy)
    for (a, d), who in odds.plan.items():
        assert who is Side.ATTACKER
        assert battle_odds(a, d, 2, policy=policy).probability < Fraction(1, 2)


def test_defender_odds_rule_retreats_from_hopeless_defences():
    odds = battle_odds(6, 2, 0, policy="defender:odds<1/10")
    assert odds.by_outcome()[Outcome.DEFENDER_RETREATS] > 0
    assert odds.probability == battle_odds(6, 2).probability  # success either way


def test_optimal_never_worse_than_fixed_thresholds():
    """Optimal retreat maximises prize * [hold the zone] + units left (backward induction)."""
    def utility(odds, prize, side):
        total = Fraction(0)
        for e, p in odds.distribution.items():
            if side is Side.ATTACKER:
                total += p * (prize * e.attack_succeeds + e.attackers)
            else:
                holds = e.outcome in (Outcome.DEFENDER_HOLDS, Outcome.ATTACKER_RETREATS,
                                      Outcome.MUTUAL_DESTRUCTION)
                total += p * (prize * holds + e.defenders)
        return total

    for prize, (a, d, b) in product((0, 1, Fraction(5, 2), 6), [(4, 3, 1), (5, 5, 0), (3, 4, 2)]):
        best_a = utility(battle_odds(a, d, b, policy=Policy(
            attacker_retreats_when=Optimal(prize))), prize, Side.ATTACKER)
        best_d = utility(battle_odds(a, d, b, policy=Policy(
            defender_retreats_when=Optimal(prize))), prize, Side.DEFENDER)
        for n in range(-1, 6):
            rule = UnitsAtMost(n) if n >= 0 else None
            assert best_a >= utility(battle_odds(a, d, b, policy=Policy(
                attacker_retreats_when=rule)), prize, Side.ATTACKER)
            assert best_d >= utility(battle_odds(a, d, b, policy=Policy(
                defender_retreats_when=rule)), prize, Side.DEFENDER)


def test_optimal_with_no_prize_retreats_after_the_first_round():
    """Holding the zone worth nothing: keep every unit, so leave as soon as the rules allow."""
    first = round_odds(2, 1)
    by = battle_odds(2, 1, policy="attacker:optimal=0").by_outcome()
    assert by[Outcome.ATTACKER_RETREATS] == first.attacker_loses          # from 1 v 1
    assert by[Outcome.ATTACKER_WINS] == first.defender_loses + first.both_lose
    assert battle_odds(4, 3, policy="attacker:optimal=0").by_outcome()[
        Outcome.ATTACKER_RETREATS] == 1  # no single round ends 4 v 3


# --- Monte Carlo cross-check (seeded, small) -----------------------------------------------

def simulate(a: int, d: int, bonus: int, retreat_at: tuple[int, int], rng: random.Random) -> bool:
    """One battle rolled die by die; True if the attack succeeds."""
    while True:
        x, y = rng.choice(FACES) + a, rng.choice(FACES) + d + bonus
        a, d = a - (x <= y), d - (x >= y)
        if a == 0 or d == 0:
            return d == 0 and a > 0
        if d <= retreat_at[1]:
            return True
        if a <= retreat_at[0]:
            return False


@pytest.mark.parametrize(("a", "d", "bonus", "retreat_at", "policy"), [
    (4, 3, 1, (-1, -1), FIGHT),
    (5, 4, 2, (2, 1), "attacker:units<=2,defender:units<=1"),
])
def test_monte_carlo_agrees_within_a_confidence_bound(a, d, bonus, retreat_at, policy):
    n, rng = 4000, random.Random(20240611)
    wins = sum(simulate(a, d, bonus, retreat_at, rng) for _ in range(n))
    p = float(battle_odds(a, d, bonus, policy=policy).probability)
    assert abs(wins / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n)


# --- sympy layer ---------------------------------------------------------------------------

def test_symbolic_round_equals_the_fractions():
    w = face_weights()
    for a, d, b in product(range(1, 5), range(1, 5), range(3)):
        e, r = round_expressions(a, d, b), round_odds(a, d, b)
        assert e["attacker"].subs(w) == r.attacker_loses
        assert e["defender"].subs(w) == r.defender_loses
        assert e["both"].subs(w) == r.both_lose


@pytest.mark.parametrize(("a", "d", "b"), [(1, 1, 0), (2, 2, 1), (3, 2, 0), (2, 3, 2)])
def test_symbolic_battle_equals_the_fraction(a, d, b):
    p = battle_odds(a, d, b).probability
    assert battle_expression(a, d, b).subs(face_weights()) == p
    assert battle_rational(a, d, b) == p
    assert battle_expression(a, d, b, die=ALT).subs(face_weights(ALT)) == \
        battle_odds(a, d, b, die=ALT).probability
    import sympy

    assert sympy.latex(battle_rational(a, d, b)) in battle_latex(a, d, b)


def test_symbolic_layer_does_not_load_sympy_for_plain_odds():
    import subprocess
    import sys

    code = ("import sys; from mythlab.cyclades.combat import battle_odds, odds_table; "
            "battle_odds(4, 3, 1); odds_table(3, 3, 1); print('sympy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "False"


# --- bad inputs ----------------------------------------------------------------------------

@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: battle_odds(0, 2), ValueError, "a battle needs at least 1 attacking unit"),
    (lambda: battle_odds(-1, 2), ValueError, "attack must be at least 1"),
    (lambda: battle_odds(2, -1), ValueError, "defend must be at least 0"),
    (lambda: battle_odds(2, 2, -1), ValueError, "counts fortresses or ports"),
    (lambda: battle_odds(2.5, 2), TypeError, "attack must be a whole number, not 2.5"),
    (lambda: battle_odds(True, 2), TypeError, "whole number"),
    (lambda: round_odds(2, 0), ValueError, "a round needs at least 1 defending unit"),
    (lambda: battle_odds(2, 2, die=Die("eye", ["LORE", 1])), ValueError, "is not an integer"),
    (lambda: battle_odds(2, 2, policy="attacker:units<=x"), ValueError, "whole number"),
    (lambda: battle_odds(2, 2, policy="retreat early"), ValueError, "cannot read"),
    (lambda: parse_policy("attacker:units<=1,attacker:odds<1/2"), ValueError, "two rules"),
    (lambda: OddsBelow(Fraction(3, 2)), ValueError, "between 0 and 1"),
    (lambda: OddsBelow(0.5), ValueError, "exact probability"),
    (lambda: Optimal(-1), ValueError, "prize must be"),
    (lambda: odds_table([], 2), ValueError, "no values"),
])
def test_bad_inputs_give_clear_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --- speed (a loose bound; the figures are in scripts/bench_cyclades_odds.py) -------------

def test_full_table_is_fast():
    """1..8 attackers x 1..8 defenders x bonus 0..3, exact: well under 1 s (bound 10 s)."""
    start = time.perf_counter()
    table = odds_table(8, 8, 3)
    elapsed = time.perf_counter() - start
    assert len(table) == 256 and all(isinstance(p, Fraction) for p in table.values())
    assert elapsed < 10
