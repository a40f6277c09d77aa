"""Elysium's playout shortcuts (issue 13) never change a game: each is checked against the plain
computation it replaces, over whole random games.
"""

from __future__ import annotations

import random

import pytest

import mythlab
from mythlab.elysium import rules_book
from mythlab.elysium.powers import Timing, Zone, reads_zone
from mythlab.elysium.rules import ElysiumState, meets
from mythlab.engine.copying import replicate


def random_states(players: int, seed: int, families: str = "first-game"):
    """Every state of a random game, in order."""
    state = mythlab.make("elysium", players=players, seed=seed, families=families).initial_state()
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_copy_on_write_seats_give_the_states_a_full_copy_gives_and_leave_the_old_one(
        players, seed, monkeypatch):
    """A move shares the seats with the state before it and ``seat`` copies one before a rule
    changes it: every legal move of every state of a random game leaves that state as it was,
    and leads to the state a full copy of the position leads to."""
    games, before = [], []  # each state's JSON is taken before the next move is made
    for s in random_states(players, seed):
        games.append(s)
        before.append(s._dump_json())
    shared = [[s.apply(a).to_json() for a in s.legal_actions()] for s in games]
    assert [s._dump_json() for s in games] == before  # no move changed its state
    monkeypatch.setattr(ElysiumState, "_copy_data_for", lambda s, a: replicate(s.data))
    monkeypatch.setattr(ElysiumState, "_before_move", lambda s, a: None)
    full = [[s.apply(a).to_json() for a in s.legal_actions()] for s in games]
    assert shared == full


@pytest.mark.parametrize("families", sorted(rules_book().family_sets))
def test_no_move_changes_a_state_it_shares_its_position_with(families):
    """A move shares the seats, the piles and the bonus tiles with the state before it until a
    rule changes them (``copy_for_move``, ``seat``, ``to_change``): over many random games of
    every family set, with every legal move of every state tried as well as the one played, no
    state's position is ever changed afterwards, whichever later state shares its pieces."""
    for seed in range(6):
        states, dumps = [], []
        for s in random_states(2 + seed % 3, 100 + seed, families):
            states.append(s)
            dumps.append(s._dump_json())
            for a in s.legal_actions():
                s.apply(a)
        assert [s._dump_json() for s in states] == dumps


def test_a_move_copies_only_what_it_changes():
    """A column discarded changes that seat's columns and the task stack only: the seat's other
    lists, the other seats, the Agora, the piles and the bonus tiles are the very objects of the
    state before the move."""
    from mythlab.elysium.state import SEAT_LISTS

    state = next(s for s in random_states(4, 5)
                 if s.decision().kind == "column" and s.data.level_bonus)
    after = state.apply(state.legal_actions()[0])
    q = state.decision().player
    assert after.data.seats[q] is not state.data.seats[q]
    assert after.data.seats[q].columns is not state.data.seats[q].columns
    assert all(getattr(after.data.seats[q], name) is getattr(state.data.seats[q], name)
               for name in SEAT_LISTS if name != "columns")
    assert all(a is b for n, (a, b) in enumerate(zip(after.data.seats, state.data.seats,
                                                      strict=True)) if n != q)
    assert after.data.tasks is not state.data.tasks
    for name in ("agora", "draw", "discard", "quests", "level_bonus", "family_bonus"):
        assert getattr(after.data, name) is getattr(state.data, name), name


def test_a_task_s_copy_has_its_fields_and_shares_its_lists():
    """``copy_task`` (a task is slotted: no ``__dict__`` to copy) gives a new task equal to the
    old one field by field, sharing its lists, for every task of a random game's stacks."""
    from dataclasses import fields

    from mythlab.elysium.state import Task, copy_task

    tasks = [t for s in random_states(3, 8) for t in s.data.tasks]
    assert {t.kind for t in tasks} >= {"turn", "column", "legend", "may"}
    for task in tasks:
        copy = copy_task(task)
        assert copy is not task and copy == task
        assert all(getattr(copy, f.name) is getattr(task, f.name) for f in fields(Task))


def offered(states):
    """Every field of every legal move of each state, worked out again (``edited``)."""
    return [[(a.label, a.kind, a.args, a.rule, a.note) for a in s.edited().legal_actions()]
            for s in states]


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 7)])
def test_moves_made_once_per_game_are_what_each_state_would_make_itself(
        players, seed, monkeypatch):
    """``ElysiumState.move`` and ``moves`` keep moves per game: over a random game, the states
    and their legal moves are the ones worked out afresh, field for field."""
    states = list(random_states(players, seed))
    memoised = offered(states), [s.to_json() for s in states]
    monkeypatch.setattr(ElysiumState, "move", lambda s, make, *args: make(s, *args))
    monkeypatch.setattr(ElysiumState, "moves", lambda s, make, items: [make(s, i) for i in items])
    fresh = list(random_states(players, seed))
    assert (offered(fresh), [s.to_json() for s in fresh]) == memoised


@pytest.mark.parametrize("families", sorted(rules_book().family_sets))
def test_tables_made_once_per_game_agree_with_the_cards_and_the_rules_book(families):
    """``counted_over_phase`` (Charon, p.13), ``timing`` and the rule numbers are read once
    per game from data that never changes; each agrees with its source."""
    game = mythlab.make("elysium", families=families)
    assert game.counted_over_phase == {
        i for i, card in game.inst.items()
        if card.timing is Timing.LEGEND and reads_zone(card.power, Zone.TRANSFERRED)}
    assert ("hades" in game.families) == any(game.inst[i].key == "hades.charon"
                                             for i in game.counted_over_phase)
    assert game.timing == {i: card.timing for i, card in game.inst.items()}
    assert all(game.powers[i] is card.power for i, card in game.inst.items())
    assert game.colours_in_play == [c.value for c in game.rules.columns]  # Phase IV's columns
    assert all(game.number(name) == game.rules.number(name) for name in game.rules.numbers)


@pytest.mark.parametrize(("players", "seed"), [(2, 8), (4, 9)])
def test_takeable_cards_and_quests_from_the_tables_are_the_rulebook_s(players, seed):
    """``meetable`` and ``questable`` (tables by the columns left) give, for every seat of every
    state of a random game, the cards and quests the conditions themselves allow (p.5)."""
    for s in random_states(players, seed):
        g = s.game
        for q in range(players):
            seat = s.data.seats[q]
            held = s.domain_keys(q)
            cards = [] if seat.cards_taken >= g.number("cards_per_epoch") else s.distinct(
                c for c in s.data.agora
                if g.keys[c] not in held and meets(seat.columns, g.inst[c].condition))
            quests = [] if seat.quest else [
                t for t in s.data.quests
                if any(c in seat.columns for c in s.quest_colours(t))]
            assert (s.takeable_cards(q), s.takeable_quests(q)) == (cards, quests)


@pytest.mark.parametrize("families", sorted(rules_book().family_sets))
def test_usable_powers_are_the_cards_usable_lets_use(families):
    """``usable_powers`` (one loop) keeps, for every seat of every state of random games, the
    cards of a power set that ``usable`` lets the player use, in order, and every reason
    ``usable`` refuses one (a Citizen, a turned Activate card, a spent Trigger, Eleusis alone)
    is met on the way."""
    from mythlab.elysium.refs import ACTIVATE, CITIZENS, ELEUSIS, TRIGGER

    reasons = set()
    for seed in range(3):
        for s in random_states(2 + seed, 40 + seed, families):
            g = s.game
            for q in range(g.players):
                for powers in (g.turn_powers, g.legend_powers):
                    cards = list(g.inst)
                    assert s.usable_powers(q, cards, powers) \
                        == [c for c in cards if c in powers and s.usable(q, c) is None]
                reasons.update(s.usable(q, c) for c in g.inst)
    eleusis = mythlab.make("elysium", families=families).eleusis
    assert reasons >= {None, CITIZENS, ACTIVATE, TRIGGER} | ({ELEUSIS} if eleusis else set())


def test_moves_are_shared_by_the_games_of_the_same_options_only():
    """``ElysiumGame.moves`` depend on the cards and players, never on the seed."""
    game = mythlab.make("elysium", players=3, seed=1)
    assert mythlab.make("elysium", players=3, seed=2).moves is game.moves
    assert mythlab.make("elysium", players=4, seed=1).moves is not game.moves
    assert mythlab.make("elysium", players=3, seed=1, families="opulence").moves \
        is not game.moves


def test_the_moves_kept_for_sets_of_options_are_bounded():
    """A kernel trying many sets of options keeps the tables of ``OPTION_SETS_KEPT`` of them at
    most; a game whose set was dropped keeps its own moves and plays on."""
    from mythlab.elysium import game as elysium_game

    first = mythlab.make("elysium", players=2, seed=1, names=["Ann", "Bo"])
    for n in range(elysium_game.OPTION_SETS_KEPT + 3):
        mythlab.make("elysium", players=2, seed=1, names=["Ann", f"Bo {n}"])
    assert len(elysium_game._TABLES) <= elysium_game.OPTION_SETS_KEPT
    assert mythlab.make("elysium", players=2, seed=1, names=["Ann", "Bo"]).moves \
        is not first.moves
    state = first.initial_state()
    assert state.apply(state.legal_actions()[0]).legal_actions()


def test_every_card_s_power_evaluates_through_the_node_table():
    """``evaluate`` dispatches on the node's type: every card of every family still evaluates
    (no node type is missing from the table)."""
    from mythlab.elysium.context import GameContext
    from mythlab.elysium.powers import evaluate

    for families in sorted(rules_book().family_sets):
        game = mythlab.make("elysium", families=families)
        state = game.initial_state()
        for i, card in game.inst.items():
            assert isinstance(evaluate(card.power, GameContext(state, 0, game.facts[i])), list)


def test_tables_shared_by_the_games_of_the_same_options_are_the_ones_a_game_works_out():
    """``GameTables`` are worked out once per set of options but the seed: a game taking them
    from ``_TABLES`` reads what a game working them out afresh reads, and games of other
    options (players, families) get their own."""
    from mythlab.elysium import game as elysium_game

    options = {"players": 3, "families": "opulence"}
    kept = mythlab.make("elysium", seed=1, **options)
    assert mythlab.make("elysium", seed=2, **options).inst is kept.inst
    assert mythlab.make("elysium", seed=1, players=2, families="opulence").quests \
        != kept.quests
    assert mythlab.make("elysium", seed=1, players=3).inst is not kept.inst
    elysium_game._TABLES.clear()
    fresh = mythlab.make("elysium", seed=1, **options)
    assert fresh.inst is not kept.inst
    grown = {"moves", "item_moves", "_meetable", "_questable",  # filled as play asks
             "legend_views", "legend_levels"}
    assert {k: v for k, v in vars(fresh).items() if k not in grown} \
        == {k: v for k, v in vars(kept).items() if k not in grown}


def plain_transfer_offers(s, q, mode):
    """The transfers of any card, worked out from ``legends.places`` and ``describe`` alone:
    (label, args, note) of each."""
    from mythlab.elysium import legends as L

    seat, cards, out, citizen_seen = s.data.seats[q], s.game.inst, [], False
    for c in seat.domain:
        if c in seat.citizens:
            if citizen_seen:
                continue
            citizen_seen = True
        name = "a Citizen" if c in seat.citizens else s.game.labels[c]
        for index, level in L.places(seat, c, cards):
            cost = 0 if mode == "free" else level + (mode == "plus_one")
            if cost <= seat.gold:
                where = "a new legend" if index < 0 else f"legend {index + 1}"
                detail = "" if index < 0 else \
                    f" ({L.describe(seat.legends[index], seat, cards)})"
                out.append((f"transfer {name} to {where}", (c, index, cost),
                            f"Transfer {name} to {where}{detail} for {cost} gold"))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_transfer_offers_from_legend_views_are_the_plain_ones(players, seed):
    """``legend_view`` keeps what transfers read of each legend content (its shape, its
    description, what each card pays to join it): for every seat of every state of a random
    game and every transfer cost, the offers are the ones ``legends.places`` gives."""
    from mythlab.elysium.powers import ANY

    for s in random_states(players, seed):
        for q in range(players):
            for mode in ("normal", "free", "plus_one"):
                offers = s.transfer_offers(q, mode, ANY, "transfer", "rule")
                assert [(a.label, a.args, a.note) for a in offers] \
                    == plain_transfer_offers(s, q, mode)


def test_the_levels_legend_views_of_one_shape_share_are_each_legend_s_own():
    """The views of legends of one shape share what each card pays to join them
    (``legend_levels``): for every legend of every seat of random games, every card of the
    deck and a Citizen pay, through the shared table, what ``joining_level`` gives for that
    very legend."""
    from mythlab.elysium import legends as L

    shapes = set()
    for players, seed in ((2, 21), (4, 22)):
        for s in random_states(players, seed):
            cards = s.game.inst
            for seat in s.data.seats:
                for legend in seat.legends:
                    view, plain = s.legend_view(legend, seat), L.shape(legend, seat, cards)
                    shapes.add(plain)
                    for i, card in [*cards.items(), ("", None)]:
                        assert view.level(i, card) == L.joining_level(plain, card)
    assert len(shapes) > 10


def test_a_legend_view_tells_a_citizen_from_the_card_it_is():
    """The same cards make another legend when one of them lies face down: a level legend
    whose third card is a Citizen still takes a card of that card's family (p.9)."""
    from mythlab.elysium.powers import ANY

    state = mythlab.make("elysium", players=2, seed=3).initial_state()
    level_one = {}
    for i, card in state.game.inst.items():
        if card.level == 1:
            level_one.setdefault(card.family, []).append(i)
    (a, *_), (b, *_), (c, d, *_) = list(level_one.values())[:3]
    for citizens in ([c], [], [c]):
        s = state.clone()
        seat = s.data.seats[0]
        seat.legends, seat.citizens, seat.domain, seat.gold = [[a, b, c]], citizens, [d], 9
        s.edited()
        offers = s.transfer_offers(0, "normal", ANY, "transfer", "rule")
        assert [(a.label, a.args, a.note) for a in offers] == plain_transfer_offers(s, 0, "normal")
        assert (d, 0, 1) in [a.args for a in offers] if citizens else len(offers) == 1


@pytest.mark.parametrize(("players", "seed"), [(2, 14), (4, 15)])
def test_whether_the_game_is_over_is_the_engine_s_answer(players, seed):
    """``ElysiumState._may_be_over`` reads the position directly, so ``is_terminal`` need not
    work the phase out: at every state of a random game it gives the plain answer."""
    states = list(random_states(players, seed))
    assert [s.is_terminal() for s in states] \
        == [s.phase.name == s.game.terminal_phase for s in states]
    assert states[-1].is_terminal()


def test_a_permanent_power_does_nothing_on_an_event_it_does_not_listen_to():
    """``fire`` asks only the Permanent cards whose ``when`` names the event
    (``ElysiumGame.listens``): for every Permanent card of every family set and every event,
    its power evaluated on an event it does not listen to, about any card, gives no effect."""
    from mythlab.elysium.context import GameContext
    from mythlab.elysium.powers import EventKind, PowerEvent, evaluate

    for families in sorted(rules_book().family_sets):
        game = mythlab.make("elysium", families=families)
        state = game.initial_state()
        assert set(game.listens) == game.permanent
        for i in game.permanent:
            for kind in EventKind:
                for card in (game.facts[i], *game.facts.values()):
                    effects = evaluate(game.inst[i].power, GameContext(state, 0, game.facts[i]),
                                       event=PowerEvent(kind, 0, card))
                    assert kind in game.listens[i] or not effects


def test_a_card_filter_matches_the_cards_its_fields_name():
    """``CardSpec.matches`` reads its fields from ``__dict__`` in one go: for every filter of
    every card's power and every card (face up, face down), it answers what its fields say."""
    from pydantic import BaseModel

    from mythlab.elysium.powers import ANY, CardSpec

    def gather(value):
        if isinstance(value, CardSpec):
            specs.add(value)
        if isinstance(value, BaseModel):
            value = tuple(vars(value).values())
        if isinstance(value, tuple):
            for part in value:
                gather(part)

    game = mythlab.make("elysium", families="opulence")
    specs = {ANY, CardSpec(citizen=True), CardSpec(eleusis=True)}
    for card in game.inst.values():
        gather(card.power)
    assert len(specs) > 5
    for spec in specs:
        for card in (*game.facts.values(), *game.citizen_facts.values()):
            plain = card.citizen if spec.citizen else (
                (spec.family is None or card.family == spec.family)
                and (spec.level is None or card.level == spec.level)
                and (not spec.eleusis or bool(card.eleusis)))
            assert spec.matches(card) == plain


def test_an_amount_s_text_is_written_once_as_it_would_be_afresh():
    """``_amount`` keeps each amount's text (a power's steps log one at every use): every
    amount reads as the plain function writes it, kept or not."""
    from mythlab.elysium.power_tasks import _amount

    amounts = [(g, v, p) for g in range(4) for v in range(4) for p in range(3)]
    fresh = [_amount.__wrapped__(*a) for a in amounts]
    assert [_amount(*a) for a in amounts] == fresh == [_amount(*a) for a in amounts]
    assert _amount(1, 2, 0) == "1 gold and 2 VP" and _amount(0, 0, 3) == "3 PP"


def test_a_power_s_steps_become_the_tasks_their_fields_name():
    """``task_of`` makes its tasks with positional arguments (faster than keywords): every step
    of every card's power, used by each seat, becomes the task the keyword form makes."""
    from mythlab.elysium.context import GameContext
    from mythlab.elysium.powers import ResourceEffect, evaluate
    from mythlab.elysium.state import Task

    for families in sorted(rules_book().family_sets):
        game = mythlab.make("elysium", families=families)
        state = game.initial_state()
        for i, card in game.inst.items():
            for e in evaluate(card.power, GameContext(state, 1, game.facts[i])):
                task = state.task_of(e, 7, i)
                assert (task.player, task.card, task.group) == (e.player, i, 7)
                if isinstance(e, ResourceEffect):
                    assert task == Task(e.kind, e.player, i, gold=e.amount.gold, vp=e.amount.vp,
                                        pp=e.amount.pp, group=7)
                else:
                    assert (task.gold, task.vp, task.pp) == (0, 0, 0)


def test_options_told_apart_only_when_their_texts_repeat():
    """``_unique`` returns distinct texts as they are (no Counter made) and numbers repeated
    ones as the plain rule does."""
    from collections import Counter

    from mythlab.elysium.power_tasks import _unique

    for labels in (["gain 1 gold", "gain 1 VP"], ["a", "b", "a"], ["x", "x"], ["only"], []):
        seen = Counter(labels)
        assert _unique(labels) == [f"{x} (option {i + 1})" if seen[x] > 1 else x
                                   for i, x in enumerate(labels)]
