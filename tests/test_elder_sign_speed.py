"""Elder Sign's speed-ups give what the plain computation gives: each table or cache is
checked against the computation it replaces, over the states of random games."""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from itertools import combinations

import mythlab
from mythlab.elder_sign import dice_rolls, refs, resolve, tasks
from mythlab.elder_sign.effects import lock_icons, placed_key
from mythlab.elder_sign.odds import parse_task_costs, place_monsters
from mythlab.elder_sign.state import copy_for_move, copy_seat
from mythlab.elder_sign.tasks import card_costs, monster_row
from mythlab.engine import State
from mythlab.sim import RandomBot


@cache
def random_states(games: int = 6, fewest_players: int = 2) -> tuple[State, ...]:
    """Every state of a few random games (seeds 0.., ``fewest_players`` to 4 players)."""
    states: list[State] = []
    for seed in range(games):
        players = fewest_players + seed % (5 - fewest_players)
        state = mythlab.make("elder_sign", players=players, seed=seed).initial_state()
        bots = [RandomBot(seed * 10 + p) for p in range(players)]
        while not state.is_terminal():
            states.append(state)
            player = state.current_player
            state = state.apply(state.sample_chance() if player < 0 else bots[player](state))
        states.append(state)
    return tuple(states)


def test_task_costs_cached_per_card_agree_with_the_odds_solvers_reading():
    """``tasks.card_costs`` (cached per card and monsters) against the odds solver's own
    reading of the same notation (``odds.place_monsters``), for every card in play."""
    seen = 0
    for state in random_states():
        for card in state.data.board:
            placed = placed_key(state, card.name)
            adventure = state.game.data.adventures[card.name]
            monsters = [(monster_row(m, False), row if row >= 0 else None) for m, row in placed]
            printed = parse_task_costs(adventure.task_costs, len(adventure.card.rows))
            _, expected, _ = place_monsters(adventure.card, monsters, adventure.monster_slot,
                                            printed)
            costs = card_costs(card.name, placed, False)
            assert [(-sum(n for k, n in c if k == "sanity"),
                     -sum(n for k, n in c if k == "stamina")) for c in costs] == list(expected)
            seen += bool(placed)
    assert seen > 50  # cards with monsters on them were checked too


def test_the_cached_rerolls_are_every_part_of_the_roll_once():
    """A clue rerolls any dice of the roll (p.10): one action per distinct multiset of dice,
    whatever state asks (the actions are cached by the roll's dice), each named by
    ``dice_text`` (the cache names them from the roll's counts)."""
    checked = 0
    for state in random_states():
        a = state.data.attempt
        if state.is_terminal() or a is None or a.stage != "resolve" or state.data.pending:
            continue
        rerolls = [x for x in state.legal_actions() if x.kind == "clue"]
        if not rerolls:
            continue
        parts = {tuple(sorted(c)) for n in range(1, len(a.rolled) + 1)
                 for c in combinations(a.rolled, n)}
        assert sorted(tuple(sorted(x.args[0])) for x in rerolls) == sorted(parts)
        assert all(x.args[1] == a.free_reroll for x in rerolls)
        head = "free reroll (Joe Diamond)" if a.free_reroll else "spend a clue"
        assert [x.label for x in rerolls] == [
            f"{head}: reroll " + (f"all {len(x.args[0])} dice" if len(x.args[0]) == len(a.rolled)
                                  else resolve.dice_text(x.args[0])) for x in rerolls]
        checked += 1
    assert checked > 10


#: the caches a playout goes through; each is keyed by everything its answer depends on
CACHES = (refs.act, dice_rolls.dice_roll, resolve.reroll_choices, tasks.card_costs,
          tasks.card_rows, tasks.face_ways, tasks.fewest_dice, tasks.requirement_sets,
          tasks.fewest_for_open_rows)


def fingerprint(state: State) -> tuple:
    """What a state offers, every field of every move, and what its attempt could still do."""
    moves = tuple((a.label, a.kind, a.args, a.rule, a.note) for a in state.edited().legal_actions())
    a = state.data.attempt
    if a is None or state.is_terminal() or not a.to_roll + a.rolled:
        return moves, None
    return moves, (resolve.can_still(state), resolve.row_costs(state, a.card)
                   if a.card != resolve.AO else ())


def test_warm_caches_give_what_a_cold_computation_gives():
    """A stale cache would answer one state with another's value: every state's moves are
    the same with the caches warm from whole games as with them emptied just before."""
    sample = random_states()[::5]
    warm = [fingerprint(s) for s in sample]
    for state, expected in zip(sample, warm, strict=True):
        for c in CACHES:
            c.cache_clear()
        assert fingerprint(state) == expected, state


def test_the_lock_icons_table_lists_what_the_cards_say():
    """``GameData.lock_icons`` (built once) against the cards read one by one (p.11)."""
    checked = 0
    for state in random_states():
        d, g = state.data, state.game.data
        expected = []
        if d.mythos and g.mythos[d.mythos].lock != "none":
            expected.append((g.mythos[d.mythos].lock, f"mythos:{d.mythos}"))
        won = set(d.attempt.won) if d.attempt is not None else set()
        for card in d.board:
            rule = g.card_rules.get(card.name)
            if rule is not None and rule.lock != "none":
                expected.append((rule.lock, f"card:{card.name}"))
            expected += [(g.monsters[p.monster].lock, f"monster:{p.monster}")
                         for p in card.monsters
                         if g.monsters[p.monster].lock != "none" and p.monster not in won]
        assert lock_icons(state) == expected
        checked += len(expected)
    assert checked > 100


def test_no_move_changes_the_position_it_was_applied_to():
    """Positions share the decks, the cup and the pools (``state.SHARED_FIELDS``: rules
    replace them, never change them in place), the cards in play and, after a dice outcome,
    all but the attempt: every move of every state of random games leaves the state it was
    applied to as it was."""
    checked = 0
    for state in random_states()[::3]:
        if state.is_terminal():
            continue
        before = state.to_json()
        moves = [state.sample_chance()] if state.is_chance_node() else state.legal_actions()
        for move in moves:
            state.apply(move)
            assert state.edited().to_json() == before, move.label
        checked += len(moves)
    assert checked > 1000


def test_a_monster_is_drawn_from_the_cup_as_with_fresh_chances():
    """``effects.equal_chances`` (the same Fractions every draw) draws what fresh equal Fractions
    draw, for cups of 1 to 40 monsters at many positions of a stream."""
    from fractions import Fraction

    from mythlab.elder_sign.effects import equal_chances
    from mythlab.engine.chance import SeededStream

    for n in range(1, 41):
        for position in range(0, 60, 7):
            fresh = SeededStream(3, position).choice_index([Fraction(1, n)] * n)
            assert SeededStream(3, position).choice_index(equal_chances(n)) == fresh


def test_the_setup_piles_read_once_are_the_cards_of_each_deck():
    """``GameData.piles`` (read once) lists each deck's cards in the data's order, as reading
    the cards afresh does: the setup shuffles copies of them (p.5)."""
    from mythlab.elder_sign.load import builtin_data

    data = builtin_data()
    piles = data.piles
    for kind in ("common_item", "unique_item", "spell", "ally"):
        assert list(piles[kind]) == data.deck(kind)
    for deck in ("adventure", "other_world"):
        assert list(piles[deck]) == [a.name for a in data.adventures.values() if a.deck == deck]
    assert list(piles["masked_monsters"]) == [m.id for m in data.monsters.values()]
    assert list(piles["monsters"]) == [m.id for m in data.monsters.values() if not m.masked]
    assert len(piles["masked_monsters"]) > len(piles["monsters"])


def test_moves_made_once_are_the_moves_made_afresh():
    """The moves made once per die, card or place (``resolve.aside_move``,
    ``resolve.spend_move``, ``rules.go_to``) are the moves made afresh, at every decision of
    random games that offers one."""
    from mythlab.engine import act

    checked = {"aside": 0, "spend": 0, "move": 0}
    for s in random_states(8, fewest_players=1):
        if s.is_terminal() or s.is_chance_node():
            continue
        for move in s.legal_actions():
            if move.kind == "aside":
                plain = act(f"set aside {move.args[0]}", "aside", refs.TRY_AGAIN, *move.args)
            elif move.kind == "spend":
                (card,) = move.args
                effect = s.game.data.cards[card].effect.replace("_", " ")
                plain = act(f"spend {card}", "spend", resolve.card_rule(s, card), card,
                            note=f"spend {card} ({effect})")
            elif move.kind == "move":
                (where,) = move.args
                place = "the Entrance" if where == "entrance" else where
                plain = act(f"go to {place}", "move", refs.MOVE, where)
            else:
                continue
            assert (move.label, move.args, move.rule, move.note) == \
                (plain.label, plain.args, plain.rule, plain.note)
            checked[move.kind] += 1
    assert min(checked.values()) > 30, checked


def test_the_copies_a_move_makes_hold_every_field():
    """``copy_for_move`` and ``copy_seat`` (written field by field from the slotted
    dataclasses) copy every field: each copy equals its original; the position's fields are
    shared but the attempt, which is a new object sharing its own fields; a seat's devoured
    list, its investigator and the investigator's cards and trophies are new."""
    checked = 0
    for state in random_states()[::7]:
        d = state.data
        c = copy_for_move(d)
        assert c == d and c is not d
        assert all(getattr(c, f.name) is getattr(d, f.name) for f in fields(d)
                   if f.name != "attempt")
        if d.attempt is not None:
            assert c.attempt == d.attempt and c.attempt is not d.attempt
            assert all(getattr(c.attempt, f.name) is getattr(d.attempt, f.name)
                       for f in fields(d.attempt))
        for seat in d.seats:
            s = copy_seat(seat)
            assert s == seat and s is not seat and s.devoured is not seat.devoured
            inv, old = s.investigator, seat.investigator
            if old is not None:
                assert inv == old and inv is not old
                assert inv.cards is not old.cards and inv.trophies is not old.trophies
        checked += 1
    assert checked > 50
