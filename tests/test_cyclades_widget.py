"""The Cyclades view and its clickable map, as Python objects (no browser).

The SVG holds every island and sea zone in its owner's colour; selecting a fleet group lights
exactly ``board.fleet_moves``' zones, an island exactly ``board.fleet_chain``'s islands; the
view renders in well under 100 ms; the ipywidgets front drives the same model.
"""

from __future__ import annotations

import random
import re
import statistics
import time
from fractions import Fraction
from pathlib import Path

import pytest

import mythlab
from mythlab.cyclades import battle_odds, fleet_chain, fleet_moves
from mythlab.cyclades.scenarios import scenario
from mythlab.cyclades.view import (
    COLOURS,
    SCALE,
    CycladesMapModel,
    geometry,
    map_svg,
    reach_css,
    targets,
)
from mythlab.display import Pick
from mythlab.sim.bots import seat_bots
from mythlab.widgets import StepperModel, render_view

NODE = re.compile(r'<g class="([^"]*)" data-node="([^"]+)"(?: data-owner="(\d+)")? '
                  r'data-token="[^"]+">')


def groups(svg: str) -> dict[str, tuple[set[str], int | None, str]]:
    """node -> (its CSS classes, its owner, the SVG of its group)."""
    found = list(NODE.finditer(svg))
    out = {}
    for m, nxt in zip(found, [*found[1:], None], strict=True):
        body = svg[m.end(): nxt.start() if nxt else len(svg)]
        out[m.group(2)] = (set(m.group(1).split()),
                           int(m.group(3)) if m.group(3) else None, body)
    return out


def lit(svg: str) -> set[str]:
    return {n for n, (css, _, _) in groups(svg).items() if "hl" in css}


def midgame(players: int = 4, seed: int = 7, cycle: int = 3):
    """A position a few cycles in, played by random bots: pieces moved, buildings, bids."""
    session = mythlab.Session(mythlab.make("cyclades", players=players, seed=seed))
    bots = seat_bots(["random"] * players, seed)
    return session.play(bots, stop=lambda s: s.data.cycle >= cycle)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_svg_holds_every_island_and_sea_zone_in_its_owners_colour(players):
    state = mythlab.make("cyclades", players=players, seed=2).initial_state()
    d = state.data
    svg = map_svg(state)
    drawn = groups(svg)
    assert set(drawn) == set(state.game.islands) | set(state.game.zones)
    for island in state.game.islands:
        css, owner, body = drawn[island]
        assert "island" in css and owner == d.owners.get(island)
        if owner is not None:
            assert f'stroke="{COLOURS[owner]}"' in body          # its coast
            assert f'fill="{COLOURS[owner]}"' in body            # its troops
            assert f">{d.troops[island]}</text>" in body
    for zone in state.game.zones:
        css, owner, body = drawn[zone]
        assert "sea" in css and owner == d.fleets.get(zone)
        if owner is not None:
            assert 'class="fleet"' in body and f'fill="{COLOURS[owner]}"' in body
    trade = [z for z in state.game.zones if state.game.board.nodes[z]["trade"]]
    assert all("trade" in drawn[z][0] for z in trade) and len(trade) == 6


def test_island_cells_derived_from_the_graphs_drawing_coordinates():
    G = mythlab.make("cyclades", players=5).board
    geo = geometry(G)
    origin = geo.centres["A1"][0] - G.nodes["A1"]["x"] * SCALE, \
        geo.centres["A1"][1] - G.nodes["A1"]["y"] * SCALE
    for node, data in G.nodes(data=True):
        x, y = geo.centres[node]                      # the mean of the island's cells ...
        assert x == pytest.approx(origin[0] + data["x"] * SCALE, abs=0.01)
        assert y == pytest.approx(origin[1] + data["y"] * SCALE, abs=0.01)
        assert len(geo.hexes[node]) == len(data["cells"])
    # ... and a 1-cell island's coast has all 6 edges, a 2-cell island's 10
    assert geo.outlines["IS9"].count("M") == 6 and geo.outlines["IS2"].count("M") == 10
    assert geometry(G) is geo


def test_selecting_a_fleet_group_gives_exactly_fleet_moves_zones():
    state = midgame()
    d = state.data
    model = CycladesMapModel(state)
    assert d.fleets, "the position should have fleets"
    for zone, owner in d.fleets.items():
        sel = model.select(zone)
        expected = fleet_moves(state.game.board, zone, owner, d.fleets)
        assert sel.kind == "fleet" and sel.player == owner
        assert sel.highlighted == tuple(expected) and dict(sel.steps) == expected
        assert set(sel.battles) == {z for z in expected if d.fleets.get(z, owner) != owner}
        svg = map_svg(state, sel)
        assert lit(svg) == set(expected)
        assert {n for n, (css, _, _) in groups(svg).items() if "battle" in css} \
            == set(sel.battles)
        assert "sel" in groups(svg)[zone][0]
        assert "Poseidon move (1 GP)" in sel.explanation


def test_selecting_an_island_gives_the_fleet_chain_islands():
    state = midgame()
    d = state.data
    model = CycladesMapModel(state, player=1)
    for island in state.game.islands:
        owner = d.owners.get(island)
        sel = model.select(island)
        who = 1 if owner is None else owner           # a neutral island: "your" fleets
        expected = fleet_chain(state.game.board, island, who, d.fleets)
        assert sel.kind == "island" and sel.player == who
        assert sel.highlighted == tuple(expected)
        assert lit(map_svg(state, sel)) == set(expected)
        for other in expected:
            assert other in sel.explanation


def test_fleet_chain_example_through_two_fleets():
    s = scenario(players=3, islands={"IS2": (0, 2), "IS5": (1, 1), "IS12": (1, 1),
                                     "IS3": (2, 1)},
                 fleets={"C5": (0, 1), "D5": (0, 1), "E6": (0, 1), "K1": (0, 1)})
    sel = CycladesMapModel(s).select("IS2")
    assert sel.highlighted == ("IS4", "IS5", "IS9") and sel.battles == ("IS5",)
    assert "IS5 is P2's with 1 troop: a battle" in sel.explanation
    assert "IS9 is neutral" in sel.explanation


def test_empty_sea_and_clearing_highlight_nothing():
    state = mythlab.make("cyclades", players=3, seed=1).initial_state()
    model = CycladesMapModel(state)
    sel = model.select("A1")
    assert sel.kind == "sea" and sel.highlighted == () and "trade zone" in sel.explanation
    assert model.select(None).node is None and lit(model.html) == set()
    with pytest.raises(ValueError, match="not an island or sea zone"):
        model.select("Atlantis")
    with pytest.raises(ValueError, match="no seat"):
        model.set_player(7)


def test_the_selection_follows_the_state():
    start = scenario(players=3, turn=(0, "poseidon"), gold={0: 3})
    session = mythlab.Session(start.game, start)
    model = CycladesMapModel(session.state)
    before = model.select("C6").highlighted
    session.apply("sail 1 fleet from C6 to C7 (1 GP)")
    after = model.update(session.state)
    assert after.node == "C6" and after.kind == "sea" and after.highlighted == ()
    assert model.select("C7").highlighted != before


def test_view_draws_buildings_metropolis_markers_figurines_and_tracks():
    s = scenario(players=3, buildings={"IS12": ["port", "metropolis", "metropolis"],
                                       "IS2": ["temple", ""]},
                 track=["Minotaur", "", ""])
    d = s.data
    d.markers["IS2"] = 1
    from mythlab.cyclades.state import Figure
    d.figures.append(Figure("kraken", "H4", 1, 1))
    d.figures.append(Figure("minotaur", "IS3", 2, 1, "minotaur"))
    d.track[0] = ""
    html = render_view(s)
    drawn = groups(html)
    assert 'class="metropolis"' in drawn["IS12"][2] and 'class="building port"' in drawn["IS12"][2]
    assert 'class="building temple"' in drawn["IS2"][2] and 'class="slot"' in drawn["IS2"][2]
    assert ">+1</text>" in drawn["IS2"][2]                     # Apollo's prosperity marker
    assert 'data-creature="kraken"' in drawn["H4"][2]
    assert "closed: no fleet may enter" in drawn["H4"][2]
    assert 'data-creature="minotaur"' in drawn["IS3"][2]
    assert "mythlab ruling cycle-limit" in html and "Creature track" in html
    assert "Poseidon" in html and "Apollo (free)" in html and "Turn track" in html


def test_view_shows_a_battle_with_its_exact_odds():
    s = scenario(players=3, turn=(0, "ares"), gold={0: 5},
                 islands={"IS2": (0, 2), "IS5": (1, 1), "IS12": (1, 1), "IS3": (2, 1)},
                 fleets={"C5": (0, 1)}, buildings={"IS5": ["fortress", ""]})
    s = s.apply("move 2 troops from IS2 to IS5 (1 GP)")
    assert s.is_chance_node()
    odds = battle_odds(2, 1, 1).probability
    html = render_view(s)
    assert f'title="exactly {odds.numerator}/{odds.denominator}"' in html
    assert "battle-ring" in groups(html)["IS5"][2]
    assert "P1 attacks with 2 troop(s)" in groups(html)["IS5"][2]
    assert "Acting now: " in html and "P1 for Ares" in html
    # the panel's next-round odds are the engine's chance node
    outcomes = {a.label.split(": ")[1]: p for a, p in s.chance_outcomes()}
    assert sum(outcomes.values()) == Fraction(1)
    from mythlab.widgets.model import percent
    for p in outcomes.values():
        assert percent(p) in html


def test_render_time_of_the_view_under_100_ms():
    state = midgame(players=5, seed=3, cycle=3)
    model = CycladesMapModel(state)
    render_view(state)                                          # geometry cached per board
    times = []
    for zone in list(state.data.fleets)[:5]:
        model.select(zone)
        start = time.perf_counter()
        html = render_view(state) + model.html
        times.append(time.perf_counter() - start)
        assert "mythlab-cyclades-svg" in html
    median = statistics.median(times)
    print(f"\nCyclades view + selected map: median {median * 1000:.1f} ms")
    assert median < 0.1, f"the Cyclades view took {median * 1000:.0f} ms"


def test_stepper_uses_the_cyclades_view():
    model = StepperModel(mythlab.make("cyclades", players=4, seed=5))
    assert "mythlab-cyclades-view" in model.view_html
    model.play_to_end_of_phase()
    assert "mythlab-cyclades-view" in model.view_html


# ---------------------------------------------------------------- the board: clicks make moves
def sample_states():
    """Positions of random games (3 to 5 players) at people's decisions."""
    out = []
    for players, seed in [(3, 1), (4, 2), (5, 3), (2, 4)]:
        game = mythlab.make("cyclades", players=players, seed=seed)
        bots = seat_bots(["random"] * players, seed)
        state = game.initial_state()
        for step in range(900):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state = state.apply(state.sample_chance())
                continue
            if step % 5 == 0:
                out.append(state)
            state = state.apply(bots[state.current_player](state))
    return out


SAMPLES = sample_states()


def test_every_legal_move_has_a_click_path_drawn_in_the_movers_view():
    kinds = set()
    for state in SAMPLES:
        paths = targets(state)
        legal = [a.label for a in state.legal_actions()]
        assert sorted(paths) == sorted(legal)
        html = render_view(state, state.current_player)
        drawn = set(re.findall(r'data-token="([^"]+)"', html))
        for label, path in paths.items():
            tokens = [step for step in path if isinstance(step, str)]
            assert set(tokens) <= drawn, (label, tokens)
            assert all(isinstance(step, Pick) for step in path[len(tokens):]), label
        for label, path in paths.items():              # no path is the start of another
            assert not any(other != label and theirs[:len(path)] == path
                           for other, theirs in paths.items()), label
        kinds |= {a.kind for a in state.legal_actions()}
    assert {"bid", "apollo", "recruit", "build", "end-turn"} <= kinds


def test_clicking_a_path_on_the_board_makes_exactly_that_move():
    rng = random.Random(3)
    for state in SAMPLES[::4]:
        model = StepperModel(state.game, seats=["human"] * state.game.players)
        model.session = mythlab.Session(state.game, state)
        model.ready()
        label, path = rng.choice(sorted(model.click_paths.items()))
        for step in path[:-1]:
            assert model.board_click(step.token if isinstance(step, Pick) else step) is False
        last = path[-1]
        assert model.board_click(last.token if isinstance(last, Pick) else last), label
        assert model.state.history[-1] == label


def test_a_bid_is_a_god_then_an_amount_in_the_picker():
    state = mythlab.make("cyclades", players=3, seed=1).initial_state()
    model = StepperModel(state.game, seats=["human", "human", "human"])
    model.ready()
    assert "god:apollo" in model.hot and model.choices == []
    god = next(t for t in model.hot if t != "god:apollo")
    model.board_click(god)
    amounts = [p.text for p in model.choices]
    assert amounts[0] == "1 GP" and len(amounts) == state.data.gold[state.current_player]
    model.board_click(model.choices[1].token)
    assert model.state.history[-1].startswith("offer 2 GP to ")


def test_a_fleet_then_a_zone_sails_and_the_view_lights_its_whole_reach():
    start = scenario(players=3, turn=(0, "poseidon"), gold={0: 3})
    model = StepperModel(start.game, seats=["human", "greedy", "greedy"])
    model.session = mythlab.Session(start.game, start)
    assert "C6" in model.hot
    model.board_click("C6")
    assert model.selection == ("C6",) and "C7" in model.hot
    model.board_click("C7")                           # one fleet in C6: no picker
    assert model.state.history[-1] == "sail 1 fleet from C6 to C7 (1 GP)"
    # the view lights a fleet group's whole Poseidon move while it is chosen or pointed at
    classes, css, why = reach_css(start)
    k = (list(start.data.fleets) + list(start.data.owners)).index("C6")
    reach = fleet_moves(start.game.board, "C6", 0, start.data.fleets)
    assert {n for n, c in classes.items() if f"r{k}" in c} == set(reach)
    assert f'[data-token="C6"]:is(.mythlab-selected,:hover)) .sea.r{k} ' in css
    assert f"why{k}" in why and "Poseidon move" in why


def test_the_stepper_shows_the_map_on_the_board():
    pytest.importorskip("ipywidgets")
    from mythlab.widgets import Stepper

    stepper = Stepper(mythlab.make("cyclades", players=3, seed=1), seats=["human"] * 3)
    assert stepper.board in stepper.children and not hasattr(stepper, "game_board")
    stepper.ready_button.click()
    assert 'data-token="god:apollo"' in stepper.board.html
    assert "god:apollo" in stepper.board.hot
    stepper.board.click("god:apollo")
    assert stepper.model.state.history[-1] == "go to Apollo"


def test_the_generic_widgets_name_no_cyclades_module():
    """Cyclades is shown on the generic Board: the widgets layer never names it."""
    import mythlab.widgets

    folder = Path(mythlab.widgets.__file__).parent
    naming = [p.name for p in folder.glob("*.py") if "cyclades" in p.read_text().lower()]
    assert naming == []
    assert mythlab.registry.spec("cyclades").targets == "mythlab.cyclades.view:targets"
