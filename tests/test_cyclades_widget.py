"""The Cyclades view and its clickable map, as Python objects (no browser).

The SVG holds every island and sea zone in its owner's colour; selecting a fleet group lights
exactly ``board.fleet_moves``' zones, an island exactly ``board.fleet_chain``'s islands; the
view renders in well under 100 ms; the ipywidgets front drives the same model.
"""

from __future__ import annotations

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
)
from mythlab.sim.bots import seat_bots
from mythlab.widgets import StepperModel, render_view

NODE = re.compile(r'<g class="([^"]*)" data-node="([^"]+)"(?: data-owner="(\d+)")?>')


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
    assert f"{odds.numerator}/{odds.denominator}" in html
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


# ---------------------------------------------------------------- the ipywidgets front
def test_cyclades_map_widget_buttons_dropdown_and_map_clicks():
    pytest.importorskip("ipywidgets")
    from mythlab.cyclades.map_view import CycladesMap

    state = mythlab.make("cyclades", players=3, seed=1).initial_state()
    d = state.data
    me = state.current_player
    m = CycladesMap(state)
    assert [b.description.split(" · ")[0] for b in m.fleet_buttons] == state.fleet_zones(me)
    assert [b.description.split(" · ")[0] for b in m.island_buttons] == state.islands_of(me)
    m.fleet_buttons[0].click()
    zone = state.fleet_zones(me)[0]
    assert m.highlighted == tuple(fleet_moves(state.game.board, zone, me, d.fleets))
    assert lit(m.view.value) == set(m.highlighted)
    assert m.fleet_buttons[0].button_style == "warning"
    assert m.node_picker.value == zone
    m.island_buttons[0].click()
    island = state.islands_of(me)[0]
    assert m.highlighted == tuple(fleet_chain(state.game.board, island, me, d.fleets))
    m.pick.value = "B3|1"                                       # what a click on the SVG sends
    assert m.model.selection.node == "B3" and m.model.selection.player == d.fleets["B3"]
    m.pick.value = "B3|2"                                       # the same node clicked again
    assert m.model.selection.node == "B3"
    m.node_picker.value = "IS6"
    assert m.model.selection.node == "IS6"
    m.who.value = 2
    assert [b.description.split(" · ")[0] for b in m.fleet_buttons] == state.fleet_zones(2)
    m.clear_button.click()
    assert m.highlighted == () and m.node_picker.value == "—"
    assert "onclick" in m.view.value                            # the map itself is clickable
    assert "onclick" not in render_view(state)                  # the plain view is not


def test_cyclades_stepper_keeps_the_selection_across_moves():
    pytest.importorskip("ipywidgets")
    from mythlab.cyclades.map_view import CycladesMap
    from mythlab.widgets import Stepper

    stepper = Stepper(mythlab.make("cyclades", players=3, seed=1))   # SPEC.board: the map
    assert isinstance(stepper.game_board, CycladesMap)
    assert stepper.game_board in stepper.children and stepper.board not in stepper.children
    first = stepper.model.state
    stepper.game_board.select("B3")
    reach = stepper.game_board.highlighted
    stepper.press(stepper.model.labels[0])
    assert stepper.game_board.model.state is stepper.model.state is not first
    board = stepper.game_board
    assert board.model.selection.node == "B3" and board.highlighted == reach
    assert "offers" in stepper.game_board.view.value
    stepper.undo_button.click()
    assert stepper.game_board.model.state is first
    # a map that follows a plain Stepper (the HTML view, no board)
    plain = Stepper(mythlab.make("cyclades", players=3, seed=1), board=False)
    assert plain.game_board is None and plain.board in plain.children
    follower = CycladesMap(plain)
    plain.press(plain.model.labels[0])
    assert follower.model.state is plain.model.state
    with pytest.raises(TypeError, match="Cyclades position"):
        CycladesMap(mythlab.make("agea", players=2).initial_state())


def test_the_generic_widgets_name_no_cyclades_module():
    """The map is Cyclades' own board (``SPEC.board``): the widgets layer never names it."""
    import mythlab.widgets

    folder = Path(mythlab.widgets.__file__).parent
    naming = [p.name for p in folder.glob("*.py") if "cyclades" in p.read_text().lower()]
    assert naming == []
    assert mythlab.registry.spec("cyclades").board == "mythlab.cyclades.map_view:CycladesMap"
