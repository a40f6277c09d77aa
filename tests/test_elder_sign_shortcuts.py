"""Elder Sign's playout shortcuts answer what the moves they stand for answer: each question
asked without making moves is checked against the moves, over the states of random games."""

from __future__ import annotations

import random
from collections import Counter

from test_elder_sign_speed import random_states

import mythlab
from mythlab.elder_sign import resolve, tasks
from mythlab.elder_sign.dice import Matcher, elder_sign_dice, parse_row, reading_key
from mythlab.elder_sign.load import builtin_data
from mythlab.elder_sign.refs import RULES
from mythlab.elder_sign.tasks import monster_row, split
from mythlab.engine import CHANCE, State


def attempt_states() -> tuple[State, ...]:
    """The states of a few random games (seeds 0..7, 1 to 4 players) with an attempt under
    way and its investigator in play."""
    return tuple(s for s in random_states(8, fewest_players=1)
                 if not s.is_terminal() and s.data.attempt is not None and s.active is not None)


def test_anything_before_the_roll_is_whether_a_move_comes_before_it():
    """``anything_before_the_roll`` (asked at every roll) is ``before_the_roll`` not empty."""
    states = attempt_states()
    found = [resolve.anything_before_the_roll(s) for s in states]
    assert found == [bool(resolve.before_the_roll(s)) for s in states]
    assert any(found) and not all(found)


def test_marker_holders_are_the_seats_focus_offers():
    """``marker_holders`` names the seats ``offer_focus`` offers, in its order, die by die."""
    checked = 0
    for s in attempt_states():
        if not s.data.attempt.rolled:
            continue
        holders = resolve.marker_holders(s)
        focus = [a for a in resolve.offer_focus(s) if a.kind == "focus"]
        assert [a.args[0] for a in focus] == holders * len(set(s.data.attempt.rolled))
        checked += bool(holders)
    assert checked > 50


def test_the_dice_a_task_may_take_are_counted_as_before():
    """``dice_tuple`` (a roll's counts cached) is the roll counted afresh, with held dice."""
    checked = 0
    for s in attempt_states():
        dice = [(*split(die), n) for die, n in Counter(s.data.attempt.rolled).items()]
        dice += [(src, split(die)[1], 1) for src, die in resolve.held_dice(s)]
        assert resolve.dice_tuple(s) == tuple(sorted(dice))
        checked += bool(dice)
    assert checked > 100


def matched_completions(row, dice, wild) -> tuple:
    """Every minimal way to complete ``row`` with ``dice``, by the plain matcher over the
    dice as they are (one class per source and face), fewest dice first."""
    if not dice:
        return ()
    sources = sorted({src for src, _, _ in dice})
    classes = [(sources.index(src), face) for src, face, _ in dice]
    uses = Matcher(row.requirements, classes, reading_key(wild)).uses([n for *_, n in dice])
    out = [tuple((*dice[i][:2], k) for i, k in enumerate(vec) if k) for vec in uses]
    return tuple(sorted(out, key=lambda u: (sum(k for *_, k in u), u)))


def test_completions_worked_out_on_faces_are_the_matchers():
    """``tasks.completions`` (ways per face, shared out among the sources) gives what the
    matcher gives over the dice as they are: for every task row of the game and random dice
    on the roll, on markers and on spells, under both wildcard readings, and at every roll
    of random games."""
    data = builtin_data()
    rows = {row for a in data.adventures.values() for row in a.card.rows}
    rows |= {monster_row(m, terror) for m in data.monsters for terror in (False, True)}
    rows |= {parse_row(ao.combat) for ao in data.ancient_ones.values()}
    rows = sorted(rows, key=str)
    faces = {die.name: [f for f, _ in die.faces] for die in elder_sign_dice().dice}
    rng = random.Random(5)
    met = 0
    for _ in range(4000):
        dice: Counter = Counter()
        for colour, most in (("green", 6), ("yellow", 1), ("red", 1)):
            dice.update((colour, rng.choice(faces[colour])) for _ in range(rng.randint(0, most)))
        for src in ("marker:0", "marker:1", "spell:Wither"):
            if rng.random() < 0.3:
                dice[(src, rng.choice(faces["red"] + faces["green"]))] = 1
        dice_tuple = tuple(sorted((*key, n) for key, n in dice.items()))
        row, wild = rng.choice(rows), rng.choice(("seed", "faq"))
        ways = tasks.completions(row, dice_tuple, wild)
        assert ways == matched_completions(row, dice_tuple, wild), (row, dice_tuple, wild)
        met += bool(ways)
    assert met > 1000
    for s in attempt_states():
        if s.data.attempt.stage == "resolve" and not s.data.pending:
            dice = resolve.dice_tuple(s)
            for row, _ in resolve.rows(s):
                assert tasks.completions(row, dice, "seed") == \
                    matched_completions(row, dice, "seed")


def test_completions_read_only_the_dice_a_row_can_use():
    """``tasks.relevant_dice`` (the key the completion moves are kept by) changes no answer:
    ``completions`` of a row with the dice it can use, counts capped, is ``completions`` with
    every die, for every task row and random dice on the roll, markers and spells (up to 9 of
    one face), and at every roll of random games; the moves offered are those made from
    every die. Whether a row can be completed at all (``tasks.can_complete``, asked first)
    is whether ``completions`` finds a way."""
    data = builtin_data()
    rows = {row for a in data.adventures.values() for row in a.card.rows}
    rows |= {monster_row(m, terror) for m in data.monsters for terror in (False, True)}
    rows = sorted(rows, key=str)
    faces = sorted(tasks.die_faces())
    rng = random.Random(11)
    completed = 0
    for _ in range(3000):
        dice = Counter()
        for src in ("green", "yellow", "red", "marker:0", "spell:Wither"):
            for _ in range(rng.randint(0, 9 if src == "green" else 2)):
                dice[(src, rng.choice(faces))] += 1
        dice_tuple = tuple(sorted((*key, n) for key, n in dice.items()))
        row, wild = rng.choice(rows), rng.choice(("seed", "faq"))
        every_way = tasks.completions(row, dice_tuple, wild)
        assert tasks.completions(row, tasks.relevant_dice(row, dice_tuple, wild), wild) == \
            every_way, (row, dice_tuple, wild)
        assert tasks.can_complete(row, *tasks.faces_shown(dice_tuple), wild) == \
            bool(every_way), (row, dice_tuple, wild)
        completed += bool(every_way)
    assert 300 < completed < 2700
    checked = 0
    for s in attempt_states():
        a = s.data.attempt
        if a.stage != "resolve" or s.data.pending or not a.rolled:
            continue
        dice, wild = resolve.dice_tuple(s), s.game.options["wild"]
        names = tuple(p.investigator.name if p.investigator else "" for p in s.data.seats)
        all_rows = resolve.rows(s)
        plain = [m for r in resolve.available_rows(s, all_rows)
                 if resolve.affordable(s, resolve.task_costs(s, a.card, r))
                 for m in resolve.row_completions.__wrapped__(
                     all_rows[r][0], r, a.card == resolve.AO, dice, wild, names)]
        offered = resolve.completion_actions(s)
        assert [(m.label, m.args, m.rule) for m in offered] == \
            [(m.label, m.args, m.rule) for m in plain]
        checked += bool(plain)
    assert checked > 50


def test_whether_a_row_can_still_be_completed_is_counted_as_before():
    """``can_still`` (the fewest dice of the open rows cached per card, monsters and rows
    done; held dice counted without naming them, and not counted at all when the dice in
    hand suffice) against the rows counted one by one."""
    answers = Counter()
    for s in attempt_states():
        a = s.data.attempt
        assert resolve.held_count(s) == len(resolve.held_dice(s))
        for extra in (0, -1):
            rollable, held, best = resolve.dice_left(s, extra)
            all_rows = resolve.rows(s)
            plain = rollable > 0 and any(
                tasks.fewest_dice(all_rows[r][0], best) <= rollable + held
                for r in resolve.available_rows(s, all_rows))
            assert resolve.can_still(s, extra) == plain, (s, extra)
            answers[plain, a.card == resolve.AO] += 1
    assert min(answers[True, False], answers[False, False]) > 20


def test_who_moves_and_the_end_are_the_engines_answers():
    """``is_terminal`` (which ``ElderSignState._may_be_over`` lets skip the phase) and
    ``current_player`` answer what their plain definitions answer, in every state of random
    games: the phase is the terminal one; the decision's player, or chance for the kinds the
    rule book gives chances of."""
    states = random_states(8, fewest_players=1)
    ends = 0
    for s in states:
        assert s.is_terminal() == (s.phase.name == s.game.terminal_phase)
        if not s.is_terminal():
            task = s.decision()
            assert s._current_player() == (CHANCE if RULES.is_chance(task) else task.player)
        ends += s.is_terminal()
    assert ends == 8


def test_the_dice_in_use_are_listed_as_before():
    """``effects.colours_in_use`` (C-level scans) lists the colour of every die locked, on a
    spell, on a marker or in the attempt, as the plain reading of the position does."""
    from mythlab.elder_sign.effects import colours_in_use

    busy = 0
    for s in random_states(8, fewest_players=1):
        d = s.data
        held = [sp.die for sp in d.spells if sp.die]
        held += [p.investigator.marker for p in d.seats
                 if p.investigator and p.investigator.marker]
        colours = [lock.colour for lock in d.locks]
        if d.attempt is not None:
            a = d.attempt
            colours += a.to_roll + a.aside + a.used
            held += a.rolled + a.kept
        colours += [split(die)[0] for die in held]
        assert colours_in_use(s) == colours
        busy += len(colours) > 6
    assert busy > 100


def test_the_card_census_names_a_card_in_two_places_and_follows_each_data_set():
    """``check_invariants`` finds a card put in a second place; ``every_card`` is kept per
    data set (by the data set itself, not an id another could take) and lists its cards."""
    import dataclasses

    from mythlab.elder_sign.rules import check_invariants, every_card

    game = mythlab.make("elder_sign", players=2, seed=5)
    state = game.initial_state()
    assert check_invariants(state) == []
    doubled = state.clone()
    doubled.data.cup.append(doubled.data.cup[0])
    assert any("cards out of place: twice" in p for p in check_invariants(doubled.edited()))
    names = every_card(game, False)
    first = next(iter(game.data.mythos))
    assert names == tuple(sorted(names)) and f"mythos:{first}" in names
    smaller = mythlab.make("elder_sign", players=2, seed=5)
    smaller.data = dataclasses.replace(
        game.data, mythos={k: v for k, v in game.data.mythos.items() if k != first})
    assert len(every_card(smaller, False)) == len(names) - 1


def test_each_row_is_one_object():
    """``tasks.one_row``: the rows of every card in play, with its monsters, and the Ancient
    One's combat task are the one object of their text, so the caches keyed by rows find
    them by identity; rows of different text stay apart."""
    seen: dict[str, object] = {}
    for s in attempt_states():
        for row, _ in resolve.rows(s):
            assert seen.setdefault(str(row), row) is row
            assert tasks.one_row(row) is row
    assert len(seen) > 20 and len({id(row) for row in seen.values()}) == len(seen)
