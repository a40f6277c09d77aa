"""Cyclades' speed-ups give the answers of the plain computations they replace (issue 13).

Each cache or table is checked against the computation it saves, over the positions of random
games: a stale or wrongly keyed value would show as a difference. (The per-map sea tables,
``board.SeaRoutes``, are checked with the other map queries in test_cyclades_board.py.)
"""

from __future__ import annotations

import dataclasses
import operator
import random

import pytest
import yaml

import mythlab
from mythlab.cyclades import metropolis
from mythlab.cyclades.actions import build_label, creature_cost, recruit_zones
from mythlab.cyclades.pieces import SHARED_MOVES, supply_left
from mythlab.cyclades.rules import TASK_PHASES
from mythlab.cyclades.state import copy_for_move
from mythlab.engine import CHANCE
from mythlab.engine.datafiles import game_data
from mythlab.sim import RandomBot


def positions(games: list[mythlab.Game]) -> list[mythlab.State]:
    """The decision positions of random games, played one after another (so the moves shared
    between games and maps are warm when the later games list theirs)."""
    out = []
    for game in games:
        session = mythlab.Session(game)
        session.play({p: RandomBot(p) for p in range(game.players)})
        out += [s for s in session.states if s.current_player not in (None, CHANCE)]
    return out


@pytest.fixture(scope="module")
def shifted_spots(tmp_path_factory) -> str:
    """The built-in map with every Metropolis spot moved to the island's last slots: the same
    squares now read differently in a build move's label."""
    raw = yaml.safe_load(game_data("mythlab.cyclades", "archipelago-5p.yaml").read_text())
    for island in raw["islands"]:
        slots, spot = island["slots"], island["metropolis"]
        island["metropolis"] = list(range(slots - len(spot) + 1, slots + 1))
    path = tmp_path_factory.mktemp("maps") / "shifted.yaml"
    path.write_text(yaml.safe_dump(raw))
    return str(path)


@pytest.fixture(scope="module")
def states(shifted_spots) -> list[mythlab.State]:
    games = [mythlab.make("cyclades", players=p, seed=seed) for p, seed in
             ((5, 1), (3, 2), (2, 3), (4, 4))]
    games += [mythlab.make("cyclades", players=5, seed=seed, archipelago=shifted_spots)
              for seed in (1, 5)]
    return positions(games)


def fields(moves: list[mythlab.Action]) -> list[tuple]:
    return [(a.label, a.kind, a.args, a.rule, a.note) for a in moves]


def test_moves_shared_between_games_and_maps_are_the_moves_built_afresh(states):
    for state in states:
        listed = state.legal_actions()  # listed during play, with the shared moves warm
        SHARED_MOVES.clear()
        state.game.routes.steps.clear()  # the fleet moves each map keeps (pieces.fleet_steps)
        fresh = state.rules.offer(state, state.decision())
        assert fields(listed) == fields(fresh), state.history[-1:]


def test_the_same_square_reads_differently_on_the_shifted_map(shifted_spots):
    """So the check above would catch a build move shared without its side of the spot."""
    plain = mythlab.make("cyclades", players=5).initial_state()
    shifted = mythlab.make("cyclades", players=5, archipelago=shifted_spots).initial_state()
    assert build_label(plain, "port", "IS1", 0, 2) == "build a port on the Metropolis spot of IS1"
    assert build_label(shifted, "port", "IS1", 0, 2) == "build a port on IS1"


def test_derived_counts_match_their_definitions(states):
    for s in states:
        d, g = s.data, s.game
        for q in range(g.players):
            built = s.built(q).values()
            assert s.count_buildings(q, "temple") == sum(b.count("temple") for b in built)
            assert s.metropolises(q) == sum("metropolis" in b for b in built)
            assert s.temples(q) == s.count_buildings(q, "temple") + s.metropolises(q)
            assert s.fleet_zones(q) == [z for z in g.zones if d.fleets.get(z) == q]
            coast = {z for i in s.islands_of(q) for z in g.coast[i]}
            assert recruit_zones(s, q) == [z for z in g.zones if z in coast
                                           and z not in s.blocked()
                                           and d.fleets.get(z, q) == q]
            b = d.battle
            for kind, places, owner in (("fleet", d.fleet_count, d.fleets.get),
                                        ("troop", d.troops, d.owners.get)):
                fighting = b is not None and b.attacker == q and b.land == (kind == "troop")
                assert s.units(q, kind) == sum(n for i, n in places.items() if owner(i) == q) \
                    + (b.attack if fighting else 0)
            unused = max(0, s.temples(q) - d.temples_used[q])
            for slot, price in enumerate(g.n["creature_track_prices"]):
                cost = max(g.n["creature_min_cost"], price - g.n["temple_discount"] * unused)
                assert creature_cost(s, q, slot) == (cost, (price - cost) // g.n["temple_discount"])
        on_board = d.buildings.values()
        for kind in ("port", "fortress", "temple", "university"):
            assert supply_left(s, kind) == g.n["buildings_per_kind"] - sum(b.count(kind)
                                                                          for b in on_board)
        assert supply_left(s, "metropolis") == g.n["metropolis_tiles"] - sum("metropolis" in b
                                                                           for b in on_board)
        for i in g.islands:
            assert s.game.spots[i] == {k - 1 for k in g.slots[i].metropolis}
        assert metropolis.due(s) == _plain_due(s)


def _plain_due(s: mythlab.State) -> tuple[int, str] | None:
    """``metropolis.due`` read off the islands: the first seat with the philosophers, or with
    every kind of building on its islands."""
    d = s.data
    for q in s.alive():
        if d.philosophers[q] >= s.game.n["philosophers_for_metropolis"]:
            return q, "intellectual"
        kinds = {b for i, slots in d.buildings.items() if d.owners.get(i) == q for b in slots}
        if kinds >= {"port", "fortress", "temple", "university"}:
            return q, "economic"
    return None


@pytest.mark.parametrize("players, seed", [(5, 11), (4, 12), (3, 13), (2, 14)])
def test_a_move_leaves_the_state_it_was_applied_to_unchanged(players, seed):
    """A move shares most of the position with the state before it (``copy_for_move``): no
    rule may change a shared field in place. Every state of a random game, and the states of
    the other moves tried from it, still reads as it did when it was made."""
    rng = random.Random(seed)
    state = mythlab.make("cyclades", players=players, seed=seed).initial_state()
    made = []
    while not state.is_terminal():
        made.append((state, state._dump_json()))
        if state.is_chance_node():
            state = state.apply(state.sample_chance())
            continue
        moves = state.legal_actions()
        for other in rng.sample(moves, min(2, len(moves))):
            tried = state.apply(other)
            made.append((tried, tried._dump_json()))
        state = state.apply(rng.choice(moves))
    for s, text in made:
        assert s._dump_json() == text, s.history[-1:]


def test_a_copy_for_a_move_owns_gold_tasks_and_battle_and_shares_the_rest(states):
    """``copy_for_move`` (a generated copier): the copy equals the position; gold, tasks and
    a battle are its own, every other field is the position's very object."""
    own = {"gold", "tasks", "battle"}
    battles = 0
    for s in states:
        d = s.data
        copy = copy_for_move(d)
        assert copy == d
        battles += d.battle is not None
        for f in dataclasses.fields(d):
            value = getattr(d, f.name)
            shared = getattr(copy, f.name) is value
            assert shared == (f.name not in own or value is None), f.name
    assert battles  # some position holds a battle


def test_a_position_taken_as_clear_of_metropolises_has_none_due():
    """``check_conversions`` skips the positions holding the very pieces last found with no
    Metropolis due: none of them may have one due."""
    skipped = 0
    for players, seed in ((5, 21), (3, 22), (2, 23)):
        game = mythlab.make("cyclades", players=players, seed=seed)
        session = mythlab.Session(game)
        bots = {p: RandomBot(seed + p) for p in range(players)}
        while session.state.current_player is not None:
            state = session.state
            if state.current_player == CHANCE:
                session.roll()
            else:
                session.apply(bots[state.current_player](state))
            state, clear = session.state, game.reads.clear
            d = state.data
            if all(map(operator.is_, (d.philosophers, d.buildings, d.owners, d.out), clear)):
                skipped += 1
                assert metropolis.due(state) is None, state.history[-1:]
    assert skipped > 100


def test_the_phase_read_off_the_top_task_is_the_topmost_task_with_a_phase(states):
    for s in states:
        d = s.data
        phases = [TASK_PHASES[t.kind] for t in d.tasks if t.kind in TASK_PHASES]
        plain = "Game over" if d.over else (phases[-1] if phases else d.stage)
        assert s.phase.name == plain
        assert s.is_terminal() == (plain == "Game over")
        assert s.current_player == (None if plain == "Game over" else s._current_player())


def test_a_finished_game_has_nobody_to_move_as_the_engine_says():
    session = mythlab.Session(mythlab.make("cyclades", players=3, seed=4))
    final = session.play({p: RandomBot(p) for p in range(3)})
    assert final.is_terminal() and final.current_player is None
    assert final.phase.name == "Game over" and final.edited().current_player is None


def test_islands_kept_between_positions_are_the_owners_islands(states):
    for s in states:
        for q in range(s.game.players):
            assert s.islands_of(q) == [i for i in s.game.islands if s.data.owners.get(i) == q]


def test_a_position_edited_by_hand_reads_its_own_pieces():
    """What the game keeps read off shared pieces (``SharedReads``) is forgotten by
    ``edited``: an island given by hand to a player, on a position a move made, is his."""
    game = mythlab.make("cyclades", players=3, seed=2)
    state, bots = game.initial_state(), {p: RandomBot(2 + p) for p in range(3)}
    while not (state.keeps("owners") and state.current_player != CHANCE
               and any(o != 0 for o in state.data.owners.values())):
        player = state.current_player
        state = state.apply(state.sample_chance() if player == CHANCE else bots[player](state))
    assert state.islands_of(0) == [i for i in game.islands if state.data.owners.get(i) == 0]
    island = next(i for i, o in state.data.owners.items() if o != 0)
    state.data.owners[island] = 0
    state.edited()
    assert island in state.islands_of(0)
    assert state.islands_of(0) == [i for i in game.islands if state.data.owners.get(i) == 0]


def test_building_counts_of_a_position_edited_by_hand_are_its_own():
    """The building counts kept for shared pieces (``SharedReads.built``) are forgotten by
    ``edited`` too: a temple put by hand on a moved position counts."""
    game = mythlab.make("cyclades", players=3, seed=2)
    state, bots = game.initial_state(), {p: RandomBot(2 + p) for p in range(3)}
    while not (state.keeps("buildings", "owners") and state.current_player != CHANCE):
        player = state.current_player
        state = state.apply(state.sample_chance() if player == CHANCE else bots[player](state))
    temples, left = state.temples(0), supply_left(state, "temple")
    assert game.reads.built[0] is state.data.buildings  # read off the shared pieces
    island = state.islands_of(0)[0]
    slots = state.data.buildings.setdefault(island, [""] * game.slots[island].small)
    slots[slots.index("")] = "temple"
    state.edited()
    assert state.temples(0) == temples + 1 and supply_left(state, "temple") == left - 1


def test_a_creatures_decision_and_rule_are_the_plain_ones():
    """``Task.with_kind`` (a creature task's decision) is ``dataclasses.replace``, and the kept
    ``rule_of`` is the reference worked out from the creature's card."""
    import dataclasses

    from mythlab.cyclades.creatures import creature_decision, rule_of
    from mythlab.cyclades.load import creatures
    from mythlab.cyclades.refs import creature_rule
    from mythlab.cyclades.state import Task

    task = Task("creature", player=2, token=3, god="ares", space="IS4", target="x",
                card="griffon", steps=1, spaces="A1 B2")
    decision = creature_decision(task)
    assert decision == dataclasses.replace(task, kind="creature:griffon")
    assert task.kind == "creature" and decision.card == "griffon"
    for creature, card in creatures().items():
        assert rule_of(creature) == creature_rule(card.name)


def test_a_pushed_task_is_the_task_made_afresh(monkeypatch):
    """``CycladesState.push`` shares one frozen task per kind and fields: every task it puts
    on the stack in random games is the task ``Task(kind, **fields)`` makes, and tasks are
    shared (the check sees the store in use)."""
    from mythlab.cyclades.rules import CycladesState
    from mythlab.cyclades.state import Task

    pushed = []
    push = CycladesState.push

    def checked(self, kind, **fields):
        task = push(self, kind, **fields)
        pushed.append((task, Task(kind, **fields)))
        return task

    monkeypatch.setattr(CycladesState, "push", checked)
    for players, seed in ((5, 31), (3, 32), (2, 33)):
        session = mythlab.Session(mythlab.make("cyclades", players=players, seed=seed))
        session.play({p: RandomBot(seed + p) for p in range(players)})
    assert all(vars(task) == vars(fresh) for task, fresh in pushed)
    assert len({id(task) for task, _ in pushed}) < len(pushed) / 2


def test_a_piece_changed_in_place_is_read_afresh(states):
    """``set_slot`` and ``set_owner`` drop what was read off the map they change in place (a
    clone owns its pieces, so they change them in place)."""
    for s in states[::20]:
        c = s.clone()
        island = next(i for i in c.game.islands if i in c.data.owners and "" in c.slots_of(i))
        owner, other = c.data.owners[island], (c.data.owners[island] + 1) % c.game.players
        temples = c.count_buildings(owner, "temple"), c.count_buildings(other, "temple")
        assert island not in c.islands_of(other)
        c.set_slot(island, c.slots_of(island).index(""), "temple")
        assert c.count_buildings(owner, "temple") == temples[0] + 1
        c.set_owner(island, other)
        assert island in c.islands_of(other) and island not in c.islands_of(owner)
        assert c.count_buildings(other, "temple") > temples[1]


def test_fleet_chains_kept_for_shared_fleets_are_the_plain_ones():
    """``CycladesState.fleet_chain`` keeps the chains read off a fleets map moves share: at
    every position of random games, read as play left what is kept, each island's chain for
    each player is the map's."""
    kept = 0
    for players, seed in ((5, 51), (3, 52), (2, 53)):
        game = mythlab.make("cyclades", players=players, seed=seed)
        state, bots = game.initial_state(), {p: RandomBot(seed + p) for p in range(players)}
        while not state.is_terminal():
            player = state.current_player
            state = state.apply(state.sample_chance() if player == CHANCE
                                else bots[player](state))
            kept += game.reads.chains[0] is state.data.fleets
            for q in range(players):
                for i in game.islands:
                    assert state.fleet_chain(i, q) == \
                        game.routes.fleet_chain(i, q, state.data.fleets), state.history[-1:]
    assert kept > 100


def test_a_scenario_runs_on_from_its_own_buildings():
    """The scenario builder edits the new game's pieces in place and then runs the game on:
    four different buildings make the Metropolis due (rulebook p.6), whatever was read off
    the pieces before the edit."""
    from mythlab.cyclades.scenarios import scenario

    start = mythlab.make("cyclades", players=3, seed=0).initial_state()
    first, second = [i for i, q in start.data.owners.items() if q == 0][:2]
    buildings = {first: ["port", "fortress"], second: ["temple", "university"]}
    for island, built in buildings.items():
        built += [""] * (len(start.slots_of(island)) - len(built))
    s = scenario(players=3, seed=0, buildings=buildings)
    assert (s.phase.name, s.current_player) == ("Metropolis", 0)
