"""The shared rule engine (its public API: docs/architecture.md), on the test-only toy race."""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from fractions import Fraction
from itertools import product

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import END, PASSING, ROLL, TURN, ToyRace, ToyState

import mythlab
from mythlab import registry
from mythlab.engine import CHANCE, Phase, PhaseBook, SeededStream, Session, die, pool, uniform
from mythlab.engine import state as engine_state
from mythlab.engine.rules import act
from mythlab.sim import seat_bots
from mythlab.testing import random_sim


@pytest.fixture
def game() -> mythlab.Game:
    return mythlab.make("toy-race", players=3, seed=7)


@pytest.fixture
def state(game: mythlab.Game) -> mythlab.State:
    return game.initial_state()


def rolling(state: mythlab.State, dice: int = 2) -> mythlab.State:
    """The chance node after the player to move chose to roll ``dice`` dice."""
    return state.apply(f"roll {dice} di{'e' if dice == 1 else 'ce'}")


def played_states(seed: int = 3, players: int = 3) -> list[mythlab.State]:
    """Every state of one bot game (random and greedy bots, seeded chance)."""
    session = Session(mythlab.make("toy-race", players=players, seed=seed))
    session.play(seat_bots(["random", "greedy", "random"][:players], seed))
    return session.states


# ------------------------------------------------------------------------ registry and options
def test_registry_lists_and_makes_the_toy_game():
    assert "toy-race" in mythlab.games()
    game = mythlab.make("TOY-RACE", players=2, seed=1)
    assert isinstance(game, ToyRace) and game.options == {"target": 10, "rounds": 8}


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 5}, "Toy race is for 2–3 players, not 5"),
    ({"speed": 3}, "Toy race has no option speed; its options are: rounds, target"),
])
def test_make_refuses_bad_options(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mythlab.make("toy-race", **kwargs)


def test_make_names_the_registered_games_for_an_unknown_one():
    with pytest.raises(ValueError, match="unknown game 'chess'.*toy-race"):
        mythlab.make("chess")


# ------------------------------------------------------------------------ state basics
def test_initial_state_reports_phase_player_and_actions(state):
    assert state.phase.name == "Turn" and state.phase.rule == TURN
    assert state.current_player == 0 and not state.is_chance_node() and not state.is_terminal()
    assert [a.label for a in state.legal_actions()] == ["roll 1 die", "roll 2 dice", "pass"]
    assert state.legal_actions()[2].explain() == f"stay where you are ({PASSING})"
    assert state.events == [] and state.history == ()


def test_apply_never_mutates_the_state_it_was_called_on(state):
    for start in (state, rolling(state)):
        before = start.to_json()
        for action in start.legal_actions():
            after = start.apply(action)
            assert after is not start and after.data is not start.data
        assert start.to_json() == before


def test_legal_actions_returns_a_list_callers_may_edit(state):
    state.legal_actions().clear()
    assert len(state.legal_actions()) == 3


def test_apply_records_history_and_events_with_rule_references(state):
    after = rolling(state).apply("rolled 2+5")
    assert after.history == ("roll 2 dice", "rolled 2+5")
    assert after.events == [f"P1 moves 0 → 7  [{ROLL}]"]
    assert after.current_player == 1 and after.data.positions == [7, 0, 0]


@pytest.mark.parametrize("name", ["agea", "cyclades", "elder_sign", "elysium"])
def test_the_player_to_move_kept_per_state_is_the_one_worked_out_afresh(name):
    """``current_player`` is worked out once per state; it must be what the game's hooks
    say of the finished position (a rule may ask who moves in the middle of a move), and an
    edit by hand must be seen."""
    session = mythlab.Session(mythlab.make(name, seed=5))
    session.play(seat_bots(["random"] * session.game.players, 5, game=name))
    for s in session.states:
        plain = None if s.is_terminal() else s._current_player()
        assert s.current_player == plain and s.edited().current_player == plain
        if plain is not None:  # the decision kept per state is the one the position holds
            assert s._task in (None, s.decision())
            assert [a.label for a in s.legal_actions()] == \
                [a.label for a in (s.rules.offer(s, s.decision()) if plain != CHANCE
                                   else (a for a, _ in s.rules.chance(s, s.decision())))]


def test_a_rule_asking_who_moves_during_its_move_sees_the_position_as_it_stands(
        state, monkeypatch):
    """The player to move is kept per state only once its move is done."""
    seen = []
    end_turn = ToyState._end_turn

    def recording(s: ToyState) -> None:
        seen.append(s.current_player)
        end_turn(s)
        seen.append(s.current_player)

    monkeypatch.setattr(ToyState, "_end_turn", recording)
    after = state.apply("pass")
    assert seen == [0, 1] and after.current_player == 1


def test_to_change_copies_a_field_once_per_move_and_never_for_a_state_no_move_made(state):
    """The copy on write Agea, Cyclades and Elysium share (``State.to_change``)."""
    positions = state.data.positions
    assert state.to_change("positions") is positions  # a new game owns its fields
    after = state.apply("pass")
    before_change = after.data.positions
    mine = after.to_change("positions")
    assert mine is not before_change and mine == before_change
    assert after.to_change("positions") is mine  # copied once
    copy = after.clone()
    assert copy.to_change("positions") is copy.data.positions  # a clone owns its fields


def test_an_edit_by_hand_changes_the_player_to_move_once_edited_is_called(state):
    assert state.current_player == 0
    state.data.over = True  # a scenario ends the game by hand
    assert state.edited().current_player is None and state.legal_actions() == []


def test_history_steps_and_last_move_agree_along_a_game_and_after_a_reload(state):
    """The history is kept as a trail of labels; what it reads must be the plain tuple."""
    labels, s = [], state
    for _ in range(12):
        move = s.legal_actions()[-1] if s.current_player != CHANCE else s.sample_chance()
        s = s.apply(move)
        labels.append(move.label)
        assert (s.history, s.steps, s.last_move) == (tuple(labels), len(labels), labels[-1])
    reloaded = s.game.state_from_json(s.to_json())
    assert (reloaded.history, reloaded.steps, reloaded.last_move) == (s.history, s.steps,
                                                                      s.last_move)
    assert not reloaded.is_terminal()
    after = reloaded.apply(reloaded.legal_actions()[0])
    assert after.history[:-1] == s.history and after.steps == s.steps + 1
    assert (state.steps, state.last_move, state.history) == (0, "", ())


# ------------------------------------------------------------------------ labels
@pytest.mark.parametrize(("typed", "meant"), [
    ("roll 2 dice", "roll 2 dice"),       # exact
    ("ROLL 2 Dice", "roll 2 dice"),       # case-insensitive
    ("  pass ", "pass"),                  # surrounding blanks
    ("roll 1", "roll 1 die"),             # unambiguous prefix
    ("p", "pass"),
])
def test_labels_are_accepted_where_unambiguous(state, typed, meant):
    assert state.find(typed).label == meant
    assert state.apply(typed) == state.apply(meant)


def test_an_action_object_is_matched_by_its_label(game, state):
    other = game.initial_state().legal_actions()[1]
    assert state.apply(other).history == ("roll 2 dice",)


def test_an_action_is_a_frozen_record_equal_by_label():
    """Action's own fast constructor keeps the dataclass's behaviour: defaults, keywords,
    equality and hash by label only, frozen fields, ``replace`` and ``repr``."""
    move = mythlab.Action("take Cerberus", "take", ("cerberus-1",), rule="Elysium · Phase II",
                          note="a note")
    assert (move.label, move.kind, move.args, move.rule, move.note) == \
        ("take Cerberus", "take", ("cerberus-1",), "Elysium · Phase II", "a note")
    bare = mythlab.Action("take Cerberus")
    assert (bare.kind, bare.args, bare.rule, bare.note) == ("", (), "", "")
    assert move == bare and hash(move) == hash(bare) and move != mythlab.Action("pass")
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.label = "pass"
    assert dataclasses.replace(move, label="pass") == mythlab.Action("pass")
    assert dataclasses.replace(move, label="pass").args == ("cerberus-1",)
    assert repr(bare) == "Action(label='take Cerberus', kind='', args=(), rule='', note='')"
    assert act("take Cerberus", "take", "Elysium · Phase II", "cerberus-1", note="a note") \
        .__repr__() == repr(move)


def test_a_decision_is_a_frozen_record():
    from mythlab.engine.rules import Decision

    assert Decision("roll") == Decision("roll", -1) != Decision("roll", 0)
    assert hash(Decision("roll", 2)) == hash(Decision(kind="roll", player=2))
    assert repr(Decision("roll", 2)) == "Decision(kind='roll', player=2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Decision("roll").player = 1


def test_an_ambiguous_prefix_is_refused_with_the_candidates(state):
    with pytest.raises(mythlab.IllegalAction, match="'roll' is ambiguous here.*'roll 1 die'"):
        state.apply("roll")


# ------------------------------------------------------------------------ refusals
@pytest.mark.parametrize(("setup", "typed", "rule", "reason"), [
    ([], "roll 3 dice", TURN, "you may roll 1 or 2 dice, not 3"),
    (["pass", "pass", "pass"], "pass", PASSING, "you passed on your last turn"),
    (["roll 1 die"], "pass", ROLL, "the dice are rolling"),
    ([], "move to 10", TURN, "'move to 10' is not a legal move in Turn; legal now: 'roll 1 die'"),
])
def test_illegal_action_names_the_rule_and_reason(state, setup, typed, rule, reason):
    for label in setup:
        state = state.apply(label)
    before = state.to_json()
    with pytest.raises(mythlab.IllegalAction) as refused:
        state.apply(typed)
    assert refused.value.rule == rule and reason in refused.value.reason
    assert str(refused.value).startswith(f"{rule}: ")
    assert refused.value.action == typed
    assert state.to_json() == before
    assert state.why_illegal(typed) == str(refused.value)


def test_why_illegal_is_none_for_a_legal_action(state):
    assert state.why_illegal("pass") is None and state.why_illegal("Roll 1") is None


def test_no_move_is_possible_once_the_game_is_over(state):
    over = rolling(state).apply("rolled 5+5")
    assert over.is_terminal() and over.current_player is None and over.phase.rule == END
    assert over.legal_actions() == [] and over.chance_outcomes() == []
    assert over.why_illegal("pass") == f"{END}: the game is over; no move is possible"
    assert over.scores() == {"scores": {"P1": 10, "P2": 0, "P3": 0}, "winners": [0]}


# ------------------------------------------------------------------------ chance
@pytest.mark.parametrize("dice", [1, 2])
def test_chance_outcomes_are_fractions_summing_to_exactly_one(state, dice):
    node = rolling(state, dice)
    assert node.is_chance_node() and node.current_player == CHANCE
    outcomes = node.chance_outcomes()
    assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert [a for a, _ in outcomes] == node.legal_actions()


def test_two_dice_are_grouped_by_multiset(state):
    odds = {a.label: p for a, p in rolling(state).chance_outcomes()}
    assert len(odds) == 21
    assert odds["rolled 2+5"] == Fraction(1, 18) and odds["rolled 3+3"] == Fraction(1, 36)


def test_sample_chance_is_deterministic_and_legal(game):
    node = rolling(game.initial_state())
    again = rolling(game.initial_state())
    assert node.sample_chance() == again.sample_chance()
    assert node.sample_chance() in node.legal_actions()
    with pytest.raises(mythlab.IllegalAction, match="not a chance node"):
        game.initial_state().sample_chance()


def test_a_chance_node_lists_its_outcomes_once(state, monkeypatch):
    """Rolling, listing the legal outcomes and applying one reuse one listing (a dice pool's
    outcomes can number hundreds); callers still get lists they may edit."""
    node = rolling(state)
    calls = []
    listing = type(node)._chance
    monkeypatch.setattr(type(node), "_chance", lambda s: calls.append(1) or listing(s))
    outcome = node.sample_chance()
    node.chance_outcomes().clear()
    node.legal_actions().clear()
    node.apply(outcome)
    assert len(calls) == 1 and len(node.chance_outcomes()) == 21


def test_a_bot_pick_is_found_without_a_look_up(state, monkeypatch):
    """The very action a state listed is legal as it is; an equal label from elsewhere is
    still looked up and answered with the state's own action."""
    pick = state.legal_actions()[1]
    monkeypatch.setattr(type(state), "_lookup", lambda s, label: pytest.fail("looked up"))
    assert state.find(pick) is pick
    monkeypatch.undo()
    twin = mythlab.Action(pick.label)
    assert state.find(twin) is pick


def test_a_drawn_outcome_is_found_without_a_scan_only_where_it_was_drawn(state, monkeypatch):
    """The outcome ``sample_chance`` drew is legal at its own node as it is (no look-up, no
    scan of hundreds of outcomes); anywhere else, or after the node is edited, it is
    checked like any other action."""
    node = rolling(state)
    drawn = node.sample_chance()
    monkeypatch.setattr(engine_state, "_FIRST", lambda pair: pytest.fail("scanned"))
    monkeypatch.setattr(type(node), "_lookup", lambda s, label: pytest.fail("looked up"))
    assert node.find(drawn) is drawn
    monkeypatch.undo()
    assert node.edited().find(drawn) == drawn  # found again by its label
    with pytest.raises(mythlab.IllegalAction):
        state.find(drawn)  # not a move of the turn before the roll


def test_six_dice_pool_has_462_outcomes_summing_to_one():
    outcomes = pool(range(1, 7), 6)
    assert len(outcomes) == 462 and sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[(6,) * 6] == Fraction(1, 6**6)


def test_uniform_and_die_are_exact():
    assert uniform("abc") == [("a", Fraction(1, 3)), ("b", Fraction(1, 3)), ("c", Fraction(1, 3))]
    assert die(4) == [(1, Fraction(1, 4)), (2, Fraction(1, 4)), (3, Fraction(1, 4)),
                      (4, Fraction(1, 4))]


@settings(max_examples=60, deadline=None)
@given(faces=st.lists(st.integers(0, 5), min_size=1, max_size=6), count=st.integers(0, 4))
def test_pool_matches_brute_force_over_ordered_rolls(faces, count):
    """Icepool-style check: the multiset distribution equals counting every ordered roll."""
    rolls = Counter(tuple(sorted(r)) for r in product(faces, repeat=count))
    total = len(faces) ** count
    expected = {multiset: Fraction(n, total) for multiset, n in rolls.items()}
    got = pool(faces, count)
    assert dict(got) == expected and len(got) == len(expected)


def _plain_draw(stream, weights):
    """The draw without a table: a linear scan of the numerators over their common
    denominator (what ``choice_index`` must keep answering)."""
    denominator = math.lcm(*(w.denominator for w in weights))
    ticket = stream._next().randrange(denominator)
    for i, w in enumerate(weights):
        ticket -= w.numerator * (denominator // w.denominator)
        if ticket < 0:
            return i
    raise ValueError("weights do not sum to 1")


@settings(max_examples=60, deadline=None)
@given(weights=st.lists(st.fractions(-1, 1, max_denominator=12), min_size=1, max_size=40),
       position=st.integers(-50, 50))
def test_a_cached_draw_table_draws_as_the_plain_scan(weights, position):
    """The draw tables kept by the identity of their weights give the index a
    plain scan gives, on a first draw and a repeated one, for any weights (negative ones,
    sums ≠ 1); a fresh list of equal weights gets the same answer as well."""
    weights.append(1 - sum(weights, Fraction(0)))  # most lists sum to 1, some have negatives
    for attempt in (weights, weights, [Fraction(w) for w in weights], weights[:-1]):
        try:
            expected = _plain_draw(SeededStream(7, position), attempt)
        except ValueError:
            with pytest.raises(ValueError, match="do not sum to 1"):
                SeededStream(7, position).choice_index(attempt)
            continue
        assert SeededStream(7, position).choice_index(attempt) == expected


def test_draw_tables_are_bounded_and_survive_being_cleared(monkeypatch):
    from mythlab.engine import chance

    monkeypatch.setattr(chance, "_TABLES", {})
    monkeypatch.setattr(chance, "_TABLES_KEPT", 4)
    weights = [w for _, w in pool(range(1, 7), 3)]
    first = [SeededStream(1, n).choice_index(weights) for n in range(10)]
    assert len(chance._TABLES) == 1  # 56 outcomes: tabled once
    SeededStream(1, 0).choice_index(weights[:3] + [1 - sum(weights[:3])])
    assert len(chance._TABLES) == 2  # a short list is kept too, by its weights' identity
    thirds = [p for _, p in uniform("abc")]
    assert all(p is thirds[0] for p in thirds + [p for _, p in uniform("xyz")])  # one Fraction
    SeededStream(1, 0).choice_index(thirds)
    assert len(chance._TABLES) == 3
    SeededStream(1, 1).choice_index([p for _, p in uniform("pqr")])  # the same table
    assert len(chance._TABLES) == 3
    for n in range(10):
        SeededStream(1, n).choice_index([Fraction(1, 20) for _ in range(20)])  # a new entry
        assert len(chance._TABLES) <= 4
    assert [SeededStream(1, n).choice_index(weights) for n in range(10)] == first
    assert first == [_plain_draw(SeededStream(1, n), weights) for n in range(10)]


def test_a_chance_outcome_drawn_with_a_callers_generator_is_the_plain_draw():
    """``sample_chance(rng)`` (a search's own futures) draws by the caller's generator as the
    plain scan does, and leaves the game's own seeded draw as it was."""
    import random

    state = mythlab.make("elder_sign", players=1, seed=3).initial_state()
    while not state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    own = state.sample_chance()

    class Generator:  # _plain_draw's stream: a fresh generator of the same seed
        def __init__(self, seed):
            self.seed = seed

        def _next(self):
            return random.Random(self.seed)

    for seed in range(20):
        drawn = state.sample_chance(random.Random(seed))
        assert drawn == outcomes[_plain_draw(Generator(seed), [p for _, p in outcomes])][0]
    assert state.sample_chance() == own


# ------------------------------------------------------------------------ JSON and determinism
def test_json_round_trip_is_exact_at_every_step():
    for state in played_states():
        text = state.to_json()
        restored = state.game.state_from_json(text)
        assert restored.to_json() == text and restored == state
        assert restored.legal_actions() == state.legal_actions()
        assert restored.events == state.events and restored.history == state.history
        assert restored.chance_outcomes() == state.chance_outcomes()


def _edited(state: mythlab.State, **changes) -> str:
    payload = json.loads(state.to_json())
    payload.update(changes)
    return json.dumps(payload)


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 9}, "state version 9 is not supported"),
    ({"game": "agea"}, "state is for game 'agea', not 'toy-race'"),
    ({"options": {"players": 2, "seed": 7, "target": 10, "rounds": 8}}, "field 'options'"),
    ({"format": "something"}, "not a mythlab state"),
    ({"data": {"positions": "far"}}, "state JSON is damaged"),
    ({"history": None}, "state JSON is damaged"),
])
def test_state_from_json_refuses_foreign_or_damaged_states(state, change, message):
    with pytest.raises(mythlab.SaveFileError, match=message):
        state.game.state_from_json(_edited(state, **change))


def test_state_from_json_refuses_text_that_is_not_json(game):
    with pytest.raises(mythlab.SaveFileError, match="not valid JSON"):
        game.state_from_json('{"format": "mythlab-state", ')


def test_same_seed_and_actions_give_identical_json():
    first, second = played_states(seed=11), played_states(seed=11)
    assert [s.to_json() for s in first] == [s.to_json() for s in second]
    replay = mythlab.make("toy-race", players=3, seed=11).initial_state()
    for label in first[-1].history:
        replay = replay.apply(label)
    assert replay.to_json() == first[-1].to_json()


def test_different_seeds_give_different_games():
    finals = {played_states(seed=s)[-1].to_json() for s in range(6)}
    assert len(finals) > 1


# ------------------------------------------------------------------------ phases
def test_phase_graph_declares_every_transition(game):
    graph = game.phase_graph()
    assert isinstance(graph, nx.DiGraph)
    assert list(graph.nodes) == ["Turn", "Roll", "Game over"]
    assert graph.nodes["Roll"]["rule"] == ROLL
    assert set(graph.edges) == {("Turn", "Roll"), ("Turn", "Game over"), ("Roll", "Turn"),
                                ("Roll", "Game over")}
    assert graph.out_degree(game.terminal_phase) == 0
    assert all(nx.has_path(graph, p, game.terminal_phase) for p in graph.nodes)


def test_played_phase_changes_are_declared_transitions(game):
    for seed in range(5):
        states = played_states(seed=seed)
        for before, after in zip(states, states[1:], strict=False):
            assert game.phases.allows(before.phase.name, after.phase.name)


# ------------------------------------------------------------------------ random_sim harness
def test_random_sim_passes_on_the_toy_game():
    report = random_sim("toy-race", games=50)
    assert report.ok, str(report)
    assert report.games == 50 and report.steps > 100 and "0 failures" in str(report)


class HalfOddsState(ToyState):
    """Broken on purpose: the dice outcomes sum to 1/2."""

    __slots__ = ()

    def _chance(self):
        return [(a, p / 2) for a, p in super()._chance()]


class MutatingState(ToyState):
    """Broken on purpose: ``apply`` shares the position with the state it came from."""

    __slots__ = ()

    def _copy_data_for(self, action):
        return self.data


UNDECLARED = PhaseBook([  # broken on purpose: no declared way into "Game over"
    Phase("Turn", TURN, 1, ("Roll",)),
    Phase("Roll", ROLL, 2, ("Turn",)),
    Phase("Game over", END, 3),
])


def _bound_of_two(self: ToyRace) -> int:
    return 2


def _broken(name: str, **attrs: object) -> type:
    """A registered-on-demand copy of the toy race with some parts replaced."""
    return type(name, (ToyRace,), {"name": name, **attrs})


@pytest.mark.parametrize(("cls", "failure"), [
    (_broken("toy-half-odds", state_class=HalfOddsState), "chance outcomes sum to 1/2"),
    (_broken("toy-mutating", state_class=MutatingState), "changed the state it was called on"),
    (_broken("toy-undeclared", phases=UNDECLARED),
     "to 'Game over', a transition the game does not declare"),
    (_broken("toy-overruns", max_actions=_bound_of_two),
     "did not end within its declared bound of 2"),
])
def test_random_sim_catches_a_broken_game(monkeypatch, cls, failure):
    monkeypatch.setitem(registry._specs, cls.name,
                        registry.GameSpec(name=cls.name, title=cls.title, game=cls))
    report = random_sim(cls.name, games=5)
    assert not report.ok and report.games == 5
    assert failure in str(report), str(report)


def test_random_sim_reports_a_nondeterministic_game(monkeypatch):
    """A game whose moves depend on something outside the seed fails the replay check."""
    import itertools

    counter = itertools.count()

    class DriftingState(ToyState):
        __slots__ = ()

        def _do(self, action):
            super()._do(action)
            if self.data.over:  # the final position depends on how often the game was played
                self.data.round += next(counter)

    cls = _broken("toy-drifting", state_class=DriftingState)
    monkeypatch.setitem(registry._specs, cls.name,
                        registry.GameSpec(name=cls.name, title=cls.title, game=cls))
    report = random_sim(cls.name, games=3, try_every_action=False)
    assert "replaying the same seed and actions gave a different final state" in str(report)


def test_the_rule_book_carries_out_automatic_tasks_and_gives_each_kind_one_rule():
    """``@RULES.automatic``: the fourth kind of rule, for tasks no one decides (Elysium's
    powers); a kind registered twice is refused, naming both rules."""
    from mythlab.engine.rules import Rules

    rules, done = Rules("Test"), []

    @rules.automatic("gain")
    def gain(state, task):
        done.append((state, task.kind))

    task = dataclasses.make_dataclass("Task", ["kind", "player"])("gain", 0)
    assert rules.is_automatic(task) and not rules.is_chance(task)
    rules.carry_out("the state", task)
    assert done == [("the state", "gain")] and "1 automatic" in repr(rules)
    with pytest.raises(ValueError, match=r"two rules say what carries out the automatic task "
                                         r"'gain': gain and other"):
        @rules.automatic("gain")
        def other(state, task):
            pass
    with pytest.raises(LookupError, match="no rule carries out 'draw'"):
        rules.carry_out("the state", dataclasses.replace(task, kind="draw"))


def test_a_decision_kind_is_answered_by_a_player_or_by_chance_or_by_no_one_not_two():
    """Each decision kind has one home: a kind a player answers (``offers``) cannot also be
    chance's (``chances``) or no one's (``automatic``); a move kind (``does``) may share a
    decision's name. Lookups of kinds no rule handles name the kind."""
    from mythlab.engine.rules import Rules

    rules = Rules("Test")

    @rules.offers("roll")
    def offer_roll(state, task):
        return []

    @rules.does("roll")
    def do_roll(state, task, action):
        pass

    for register in (rules.chances, rules.automatic):
        with pytest.raises(ValueError, match=r"other and offer_roll both answer decisions of "
                                             r"kind 'roll'"):
            @register("roll")
            def other(state, task):
                pass
    task = dataclasses.make_dataclass("Task", ["kind", "player"])
    with pytest.raises(LookupError, match="no rule offers the moves of 'bid'"):
        rules.offer(None, task("bid", 0))
    with pytest.raises(LookupError, match="no rule gives the outcomes of 'roll'"):
        rules.chance(None, task("roll", 0))
    with pytest.raises(LookupError, match="no rule carries out 'bid'"):
        rules.do(None, task("roll", 0), dataclasses.make_dataclass("A", ["kind"])("bid"))
