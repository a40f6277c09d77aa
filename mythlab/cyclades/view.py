"""The Cyclades view in the Stepper: the archipelago as SVG, and the map's click model.

**The view** (``cyclades_view``, registered for ``"cyclades"``) draws the board graph of
``mythlab.cyclades.board`` from its own drawing coordinates: every hex cell (sea zones
blue, trade zones with their cornucopia, islands in their owner's colour), fleets with their
count, troops, building slots, Metropolises, prosperity (printed and Apollo's markers) and the
creature figurines; beside it the players' gold and pieces, the offering and turn tracks, the
creature track, and a battle's exact odds while one is fought.

**The map model** (``CycladesMapModel``) is what pointing at the map shows, in plain Python:
``select(node)`` on a fleet group highlights the zones one Poseidon move reaches
(``board.fleet_moves``), on an island the islands its troops reach along fleet chains
(``board.fleet_chain``). It holds no graph logic of its own; the view draws every such reach
into the page (``reach_css``), so the generic Board lights it with no round trip. The clicks
that make moves are ``targets`` (``clicks.py``). HTML only: no widget code here.

>>> import mythlab
>>> state = mythlab.make("cyclades", players=3, seed=1).initial_state()
>>> model = CycladesMapModel(state)
>>> model.select("IS2").highlighted            # P1's troop on IS2, along the fleet in C6
('IS5',)
>>> reach = model.select("C6")                  # P1's fleet in C6: one Poseidon move
>>> len(reach.highlighted), reach.battles      # B3 holds P2's fleet: a naval battle
(16, ('B3',))
"""

from __future__ import annotations

import math
import re
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Literal, NamedTuple

import networkx as nx

from mythlab.display import chance_text, fraction_text
from mythlab.engine import ALL, CHANCE

from . import offerings
from .battles import bonus, defenders
from .board import fleet_chain, fleet_moves, island_neighbours
from .clicks import command_buttons, god_token, player_token, targets, track_token
from .combat import battle_odds, round_odds
from .rules import CycladesState

Viewer = int | None | Literal["all"]

__all__ = ["COLOURS", "CycladesMapModel", "Selection", "cyclades_view", "map_svg", "render",
           "targets"]

COLOURS = ("#1f5fbf", "#c62828", "#e0a800", "#2e7d32", "#333333")
"""Seat colours, as the boxes' pieces: blue, red, yellow, green, black."""
COLOUR_NAMES = ("blue", "red", "yellow", "green", "black")
SCALE = 27.0
"""Pixels per hex outer radius."""
MARGIN = 6.0

SEA, TRADE, LAND = "#cfe5f3", "#b7d8ee", "#eadfbf"
HIGHLIGHT, BATTLE, SELECTED = "#ff6d00", "#d81b60", "#111111"
BUILDING_COLOURS = {"port": "#3a7bd5", "fortress": "#c0392b", "temple": "#f4f4f4",
                    "university": "#f1c40f"}
BUILDING_LETTERS = {"port": "P", "fortress": "F", "temple": "T", "university": "U"}
_SQRT3 = math.sqrt(3)
_CELL = re.compile(r"([A-Z]+)(\d+)$")


# ============================================================================ geometry
@dataclass(frozen=True)
class Geometry:
    """Pixel geometry of one archipelago graph, computed once per graph.

    Cell centres come from the graph's drawing coordinates: a sea zone's ``x, y`` is its cell
    centre; an island's cells sit on the rows of the sea cells (one hex width apart along a
    row), so no board file is read again.
    """

    centres: dict[str, tuple[float, float]]      # node -> pixel centre (island: mean of cells)
    cells: dict[str, tuple[tuple[float, float], ...]]  # node -> its cells' pixel centres
    hexes: dict[str, tuple[str, ...]]             # node -> SVG points of each cell's hexagon
    outlines: dict[str, str]                      # island -> SVG path of its coast
    width: float
    height: float


_GEOMETRY: weakref.WeakKeyDictionary[nx.Graph, Geometry] = weakref.WeakKeyDictionary()


def geometry(G: nx.Graph) -> Geometry:
    """The pixel geometry of ``G`` (cached per graph object)."""
    found = _GEOMETRY.get(G)
    if found is None:
        found = _GEOMETRY[G] = _geometry(G)
    return found


def _geometry(G: nx.Graph) -> Geometry:
    """Compute :func:`geometry`: cell centres, hexagons and island coasts in pixels."""
    rows: dict[str, tuple[int, float, float]] = {}  # row letter -> (column, x, y) of a sea cell
    unit: dict[str, tuple[tuple[float, float], ...]] = {}
    for node, data in G.nodes(data=True):
        if data["kind"] == "sea":
            unit[node] = ((data["x"], data["y"]),)
            m = _CELL.match(node)
            if m:
                rows.setdefault(m.group(1), (int(m.group(2)), data["x"], data["y"]))
    for node, data in G.nodes(data=True):
        if data["kind"] != "island":
            continue
        points = []
        for cell in data["cells"]:
            m = _CELL.match(cell)
            if m and m.group(1) in rows:
                col, x, y = rows[m.group(1)]
                points.append((x + (int(m.group(2)) - col) * _SQRT3, y))
            else:  # a row with no sea cell at all: draw the cell at the island's centre
                points.append((data["x"], data["y"]))
        unit[node] = tuple(points)
    left = min(x for pts in unit.values() for x, _ in pts) - _SQRT3 / 2
    top = min(y for pts in unit.values() for _, y in pts) - 1

    def px(p: tuple[float, float]) -> tuple[float, float]:
        """Board units to pixels, inside the margin."""
        return (MARGIN + (p[0] - left) * SCALE, MARGIN + (p[1] - top) * SCALE)

    corners = [(math.cos(math.radians(-90 + 60 * k)), math.sin(math.radians(-90 + 60 * k)))
               for k in range(6)]
    cells = {n: tuple(px(p) for p in pts) for n, pts in unit.items()}
    hexes = {n: tuple(" ".join(f"{x + SCALE * cx:.1f},{y + SCALE * cy:.1f}"
                               for cx, cy in corners) for x, y in pts)
             for n, pts in cells.items()}
    outlines = {}
    for n, pts in cells.items():
        if G.nodes[n]["kind"] != "island":
            continue
        edges = []
        for x, y in pts:
            for k in range(6):  # edge k faces the neighbour at angle -60 + 60 k
                angle = math.radians(-60 + 60 * k)
                nx_, ny = x + _SQRT3 * SCALE * math.cos(angle), y + _SQRT3 * SCALE * math.sin(angle)
                if any(abs(nx_ - a) < 1 and abs(ny - b) < 1 for a, b in pts):
                    continue  # shared with another cell of the island
                (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 6]
                edges.append(f"M{x + SCALE * ax:.1f} {y + SCALE * ay:.1f}"
                             f"L{x + SCALE * bx:.1f} {y + SCALE * by:.1f}")
        outlines[n] = "".join(edges)
    centres = {n: (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
               for n, pts in cells.items()}
    width = max(x for pts in cells.values() for x, _ in pts) + SCALE * _SQRT3 / 2 + MARGIN
    height = max(y for pts in cells.values() for _, y in pts) + SCALE + MARGIN
    return Geometry(centres, cells, hexes, outlines, round(width, 1), round(height, 1))


# ============================================================================ colours
def colour(seat: int | None) -> str:
    """The colour of a seat (neutral grey for None)."""
    return "#8a7a50" if seat is None else COLOURS[seat % len(COLOURS)]


def _tint(hex_colour: str, white: float = 0.62) -> str:
    """``hex_colour`` mixed with white: an owned island's fill."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in (r, g, b))


_TINTS = tuple(_tint(c) for c in COLOURS)


def _ink(hex_colour: str) -> str:
    """Black or white text, whichever reads on ``hex_colour``."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


# ============================================================================ the map model
class Selection(NamedTuple):
    """What a click on the map shows.

    ``kind`` is ``"fleet"`` (a sea zone with fleets), ``"island"``, ``"sea"`` (an empty sea
    zone) or ``"none"``; ``player`` is whose fleets the reach is computed for;
    ``highlighted`` the nodes to light up, in natural order; ``battles`` those of them held
    by another player (a move there starts a battle); ``steps`` a fleet move's zones crossed.
    """

    node: str | None
    kind: str
    player: int | None
    highlighted: tuple[str, ...]
    battles: tuple[str, ...]
    steps: Mapping[str, int]
    explanation: str


NOTHING = Selection(None, "none", None, (), (), {}, "Click a fleet group or an island.")


def _names(nodes: Iterable[str]) -> str:
    """Nodes for a sentence: comma-separated, "none" if there are none."""
    return ", ".join(nodes) or "none"


class CycladesMapModel:
    """The clickable map in plain Python: a state, a point of view and a selection.

    ``player`` is "you": whose fleets link a neutral island (default: the player to move, or
    the last one who moved). A fleet group's reach is always that of its owner, an owned
    island's that of its owner.
    """

    def __init__(self, state: CycladesState, player: int | None = None):
        self.state = state
        self.player = 0 if player is None else player
        self.fixed_player = player is not None
        self.selection = NOTHING
        self.update(state)

    # ------------------------------------------------------------------ state
    def update(self, state: CycladesState) -> Selection:
        """Show ``state``; the selected node stays selected and its reach is recomputed."""
        self.state = state
        who = state.current_player
        if not self.fixed_player and who is not None and who != CHANCE:
            self.player = who
        return self.select(self.selection.node)

    def set_player(self, player: int) -> Selection:
        """Look at the map as ``player`` (for neutral islands); keeps the selection."""
        if not 0 <= player < self.state.game.players:
            raise ValueError(f"no seat {player!r} in a {self.state.game.players}-player game")
        self.player, self.fixed_player = player, True
        return self.select(self.selection.node)

    @property
    def board(self) -> nx.Graph:
        """The archipelago graph of the state's game."""
        return self.state.game.board

    @property
    def nodes(self) -> list[str]:
        """Every island and sea zone, islands first, in map order."""
        return list(self.state.game.islands) + list(self.state.game.zones)

    def fleet_groups(self, player: int | None = None) -> list[str]:
        """The sea zones holding ``player``'s fleets (default: the model's player)."""
        return self.state.fleet_zones(self.player if player is None else player)

    def islands(self, player: int | None = None) -> list[str]:
        """``player``'s islands (default: the model's player)."""
        return self.state.islands_of(self.player if player is None else player)

    # ------------------------------------------------------------------ selection
    def clear(self) -> Selection:
        """Select nothing."""
        self.selection = NOTHING
        return NOTHING

    def select(self, node: str | None) -> Selection:
        """Select ``node`` (None or "" clears) and return what the map highlights."""
        if not node:
            return self.clear()
        kind = self.board.nodes[node]["kind"] if node in self.board else None
        if kind is None:
            raise ValueError(f"{node!r} is not an island or sea zone of this archipelago")
        if kind == "island":
            self.selection = self._island(node)
        elif node in self.state.data.fleets:
            self.selection = self._fleets(node)
        else:
            self.selection = self._sea(node)
        return self.selection

    @property
    def highlighted(self) -> tuple[str, ...]:
        """The nodes the selection lights up."""
        return self.selection.highlighted

    def _fleets(self, zone: str) -> Selection:
        """A fleet group's selection: the zones one Poseidon move reaches, the battles
        it may start and the zones closed now (rulebook p.5)."""
        s = self.state
        d, n = s.data, s.game.n
        owner = d.fleets[zone]
        steps = fleet_moves(self.board, zone, owner, d.fleets, n["fleet_move_zones"])
        battles = tuple(z for z in steps if d.fleets.get(z, owner) != owner)
        who = s.player_name(owner)
        count = d.fleet_count[zone]
        by_depth = "; ".join(
            f"{k} zone{'s' if k > 1 else ''}: {_names(z for z in steps if steps[z] == k)}"
            for k in sorted(set(steps.values())))
        text = (f"{who}'s {count} fleet{'s' if count > 1 else ''} in {zone}: one Poseidon move "
                f"({n['fleet_move_cost']} GP) crosses up to {n['fleet_move_zones']} zones, "
                f"through empty zones and {who}'s own, and reaches {len(steps)} zones — "
                f"{by_depth}.")
        if battles:
            text += (f" Entering {_names(battles)} ("
                     + ", ".join(f"{s.player_name(d.fleets[z])}'s fleets" for z in battles)
                     + ") stops the move with a naval battle.")
        closed = sorted(set(steps) & s.blocked())
        if closed:
            text += f" Closed by a creature now: {_names(closed)} — no fleet may enter."
        return Selection(zone, "fleet", owner, tuple(steps), battles, steps, text)

    def _island(self, island: str) -> Selection:
        """An island's selection: the islands its troops reach along fleet chains, and
        what happens on arrival (rulebook p.5)."""
        s = self.state
        d, n = s.data, s.game.n
        owner = d.owners.get(island)
        player = self.player if owner is None else owner
        reach = tuple(fleet_chain(self.board, island, player, d.fleets))
        battles = tuple(i for i in reach if d.owners.get(i, player) != player
                        and d.troops.get(i, 0) > 0)
        who = s.player_name(player)
        troops = d.troops.get(island, 0)
        if owner is None:
            text = (f"{island} is neutral. Chains of {who}'s fleets link it to: "
                    f"{_names(reach)}.")
        else:
            have = f"{troops} troop{'s' if troops != 1 else ''}" if troops else "no troops"
            text = (f"{island} is {who}'s, with {have}. Along chains of {who}'s fleets, troops "
                    f"from here reach {_names(reach)} (Ares: {n['troop_move_cost']} GP a move).")
        notes = []
        for i in reach:
            other = d.owners.get(i)
            if other == player:
                notes.append(f"{i} is {who}'s own")
            elif other is None:
                notes.append(f"{i} is neutral: taken without a battle")
            elif not d.troops.get(i, 0):
                notes.append(f"{i} is {s.player_name(other)}'s without troops: taken without "
                             "a battle")
            else:
                k = d.troops[i]
                notes.append(f"{i} is {s.player_name(other)}'s with {k} troop"
                             f"{'s' if k > 1 else ''}: a battle")
        if notes:
            text += " " + "; ".join(notes) + "."
        if s.frozen(island):
            text += f" Medusa petrifies the troops on {island}: they cannot leave."
        return Selection(island, "island", player, reach, battles, {}, text)

    def _sea(self, zone: str) -> Selection:
        """An empty sea zone's selection: its trade value, its coast, whether it is
        closed."""
        s = self.state
        node = self.board.nodes[zone]
        text = f"{zone}: an empty sea zone"
        if node["trade"]:
            text += (f", a trade zone: {node['prosperity']} GP a cycle to whoever has fleets "
                     "here")
        shore = island_neighbours(self.board, zone)
        text += f"; islands on its coast: {_names(shore)}."
        if zone in s.blocked():
            text += " Closed by a creature now: no fleet may enter."
        return Selection(zone, "sea", None, (), (), {}, text)

    # ------------------------------------------------------------------ drawing
    @property
    def html(self) -> str:
        """The whole view with the selection drawn on the map."""
        return render(self.state, self.selection)

    def __repr__(self) -> str:
        sel = self.selection
        return (f"<CycladesMapModel as {self.state.player_name(self.player)}: "
                f"{sel.node or 'nothing'} selected, {len(sel.highlighted)} highlighted>")


# ============================================================================ SVG
_SVG_STYLE = ("font-family:sans-serif;user-select:none")


def map_svg(state: CycladesState, selection: Selection = NOTHING,
            reach: Mapping[str, list[str]] | None = None) -> str:
    """The archipelago as SVG: every node is a ``<g data-node=... data-token=...>`` with a
    tooltip (the token is what the board clicks).

    Highlighted nodes carry the class ``hl`` (``hl battle`` when a move there is a battle),
    the selected one ``sel``; ``reach`` adds classes to nodes (``reach_css``).
    """
    s = state
    d = s.data
    G = s.game.board
    geo = geometry(G)
    lit = set(selection.highlighted)
    fights = set(selection.battles)
    blocked = s.blocked()
    battle_space = d.battle.space if d.battle else None
    figures: dict[str, list[str]] = {}
    for f in d.figures:
        figures.setdefault(f.space, []).append(f.creature)
    parts = []
    # sea first, islands on top
    for zone in s.game.zones:
        node = G.nodes[zone]
        css = ["node", "sea", "trade"] if node["trade"] else ["node", "sea"]
        fill, stroke, width = (TRADE if node["trade"] else SEA), "#9cc4de", 1.0
        if zone in lit:
            css.append("hl")
            fill, stroke, width = "#ffe0b2", HIGHLIGHT, 2.2
            if zone in fights:
                css.append("battle")
                stroke = BATTLE
        if zone == selection.node:
            css.append("sel")
            stroke, width = SELECTED, 3.0
        owner = d.fleets.get(zone)
        x, y = geo.centres[zone]
        tip = [zone]
        if node["trade"]:
            tip.append(f"trade zone: {node['prosperity']} GP to the fleets here")
        body = [f'<polygon points="{geo.hexes[zone][0]}" fill="{fill}" stroke="{stroke}" '
                f'stroke-width="{width}"/>',
                f'<text x="{x:.1f}" y="{y - 14:.1f}" font-size="7" fill="#5b87a6" '
                f'text-anchor="middle">{zone}</text>']
        if node["trade"]:
            body.append(_coin(x - 10, y + 11, str(node["prosperity"]), "#d4a017"))
        if owner is not None:
            count = d.fleet_count[zone]
            tip.append(f"{s.player_name(owner)}: {count} fleet{'s' if count > 1 else ''}")
            body.append(_boat(x, y, colour(owner), count))
        for creature in figures.get(zone, ()):
            tip.append(f"the {s.card_name(creature)}")
            body.append(_figurine(x + 11, y + 9, creature, s))
        if zone in blocked:
            tip.append("closed: no fleet may enter")
            body.append(f'<path d="M{x - 6:.1f} {y + 6:.1f}l12 12m0 -12l-12 12" '
                        'stroke="#6a1b9a" stroke-width="2"/>')
        if zone == battle_space:
            body.append(_battle_ring(x, y, s))
        parts.append(_node_g(zone, owner, css + (reach or {}).get(zone, []), tip, body))
    for island in s.game.islands:
        parts.append(_island_svg(s, island, geo, selection, lit, fights, figures,
                                 (reach or {}).get(island, [])))
    return (f'<svg class="mythlab-cyclades-svg" xmlns="http://www.w3.org/2000/svg" '
            f'width="{geo.width}" height="{geo.height}" viewBox="0 0 {geo.width} '
            f'{geo.height}" style="{_SVG_STYLE};max-width:100%;height:auto">'
            f'{"".join(parts)}</svg>')


def _node_g(node: str, owner: int | None, css: list[str], tip: list[str],
            body: list[str]) -> str:
    """One island or sea zone: a group the board can click (``data-token``)."""
    attrs = f' data-owner="{owner}"' if owner is not None else ""
    return (f'<g class="{" ".join(css)}" data-node="{node}"{attrs} data-token="{node}">'
            f'<title>{escape(" · ".join(tip))}</title>{"".join(body)}</g>')


def _island_svg(s: CycladesState, island: str, geo: Geometry, selection: Selection,
                lit: set[str], fights: set[str], figures: Mapping[str, list[str]],
                extra: list[str]) -> str:
    """One island drawn: its owner's colours, troops, prosperity, building slots,
    figurines and a battle fought there."""
    d = s.data
    node = s.game.board.nodes[island]
    owner = d.owners.get(island)
    fill = LAND if owner is None else _TINTS[owner % len(_TINTS)]
    coast, width = colour(owner), 2.4 if owner is not None else 1.4
    css = ["node", "island"]
    dash = ""
    if island in lit:  # dashed, so it never reads as an owner's coast
        css.append("hl")
        coast, width, dash = HIGHLIGHT, 4.0, ' stroke-dasharray="7 3"'

        if island in fights:
            css.append("battle")
            coast = BATTLE
    if island == selection.node:
        css.append("sel")
        coast, width, dash = SELECTED, 4.0, ""
    x, y = geo.centres[island]
    body = [f'<polygon points="{points}" fill="{fill}" stroke="{fill}" stroke-width="1"/>'
            for points in geo.hexes[island]]
    body.append(f'<path d="{geo.outlines[island]}" fill="none" stroke="{coast}" '
                f'stroke-width="{width}" stroke-linecap="round"{dash}/>')
    body.append(f'<text x="{x:.1f}" y="{y - 12:.1f}" font-size="8" font-weight="bold" '
                f'fill="#4a3f22" text-anchor="middle">{island}</text>')
    troops = d.troops.get(island, 0)
    tip = [island, "neutral" if owner is None else f"{s.player_name(owner)}'s"]
    if troops:
        tip.append(f"{troops} troop{'s' if troops > 1 else ''}")
        body.append(f'<circle cx="{x - 7:.1f}" cy="{y + 1:.1f}" r="7" fill="{colour(owner)}" '
                    'stroke="#fff" stroke-width="1"/>'
                    f'<text x="{x - 7:.1f}" y="{y + 4.5:.1f}" font-size="9" font-weight="bold" '
                    f'fill="{_ink(colour(owner))}" text-anchor="middle">{troops}</text>')
    prosperity, markers = node["prosperity"], d.markers.get(island, 0)
    tip.append(f"prosperity {prosperity}" + (f" + {markers} marker(s)" if markers else ""))
    if prosperity:
        body.append(_coin(x + 8, y + 1, str(prosperity), "#d4a017"))
    if markers:
        body.append(_coin(x + 8 + (12 if prosperity else 0), y + 1, f"+{markers}", "#e67e22"))
    slots = s.slots_of(island)
    built = [b for b in slots if b]
    if built:
        tip.append("buildings: " + ", ".join(built))
    w = 8.0
    left = x - len(slots) * (w + 1) / 2
    spot = {k - 1 for k in s.game.slots[island].metropolis}
    if "metropolis" in slots:  # one big piece over the spot, the other slots as usual
        body.append(f'<rect class="metropolis" x="{x - 9:.1f}" y="{y + 8:.1f}" width="18" '
                    'height="11" rx="2" fill="#5d4037" stroke="#fff" stroke-width="1"/>'
                    f'<text x="{x:.1f}" y="{y + 16.5:.1f}" font-size="8" font-weight="bold" '
                    'fill="#fff" text-anchor="middle">M</text>')
        slots = [b for k, b in enumerate(slots) if k not in spot and b != "metropolis"]
        left = x + 11
    for k, b in enumerate(slots):
        bx = left + k * (w + 1)
        if b:
            body.append(f'<rect class="building {b}" x="{bx:.1f}" y="{y + 9:.1f}" width="{w}" '
                        f'height="{w}" fill="{BUILDING_COLOURS.get(b, "#999")}" '
                        'stroke="#333" stroke-width="0.7"/>'
                        f'<text x="{bx + w / 2:.1f}" y="{y + 15.5:.1f}" font-size="6.5" '
                        f'fill="{_ink(BUILDING_COLOURS.get(b, "#999999"))}" '
                        f'text-anchor="middle">{BUILDING_LETTERS.get(b, "?")}</text>')
        else:
            body.append(f'<rect class="slot" x="{bx:.1f}" y="{y + 9:.1f}" width="{w}" '
                        f'height="{w}" fill="none" stroke="#9c8c60" stroke-width="0.7" '
                        'stroke-dasharray="2 1"/>')
    for n, creature in enumerate(figures.get(island, ())):
        tip.append(f"the {s.card_name(creature)}")
        body.append(_figurine(x + 13 + 6 * n, y - 12, creature, s))
    if d.battle and d.battle.space == island:
        body.append(_battle_ring(x, y, s))
    return _node_g(island, owner, css + extra, tip, body)


def _coin(x: float, y: float, text: str, fill: str) -> str:
    """A prosperity coin at (``x``, ``y``)."""
    return (f'<circle class="prosperity" cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="{fill}" '
            'stroke="#7a5a00" stroke-width="0.6"/>'
            f'<text x="{x:.1f}" y="{y + 2.6:.1f}" font-size="7" font-weight="bold" '
            f'fill="#3b2a00" text-anchor="middle">{text}</text>')


def _boat(x: float, y: float, fill: str, count: int) -> str:
    """A fleet group: a boat in its owner's colour, with the count."""
    return (f'<path class="fleet" d="M{x - 10:.1f} {y + 1:.1f}h20l-4 6h-12z'
            f'M{x - 1:.1f} {y - 11:.1f}v11h-7z" fill="{fill}" stroke="#fff" '
            'stroke-width="0.8"/>'
            f'<text x="{x + 6:.1f}" y="{y - 2:.1f}" font-size="10" font-weight="bold" '
            f'fill="{fill}" stroke="#fff" stroke-width="0.4" text-anchor="middle">{count}</text>')


def _figurine(x: float, y: float, creature: str, s: CycladesState) -> str:
    """A creature's figurine: a disc with its initial."""
    name = s.card_name(creature)
    return (f'<g class="figurine" data-creature="{creature}">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="#6a1b9a" stroke="#fff" '
            'stroke-width="0.8"/>'
            f'<text x="{x:.1f}" y="{y + 2.5:.1f}" font-size="7" font-weight="bold" fill="#fff" '
            f'text-anchor="middle">{escape(name[:1])}</text></g>')


def _battle_ring(x: float, y: float, s: CycladesState) -> str:
    """The battle's ring, and the attacker's units in the fight beside it."""
    b = s.data.battle
    assert b is not None
    unit = "troop" if b.land else "fleet"
    ink = colour(b.attacker)
    return (f'<circle class="battle-ring" cx="{x:.1f}" cy="{y:.1f}" r="{SCALE * 0.8:.1f}" '
            f'fill="none" stroke="{BATTLE}" stroke-width="2" stroke-dasharray="4 2"/>'
            f'<g class="attackers"><title>{escape(s.player_name(b.attacker))} attacks with '
            f'{b.attack} {unit}(s)</title><circle cx="{x - 27:.1f}" cy="{y + 2:.1f}" r="7" '
            f'fill="{ink}" stroke="{BATTLE}" stroke-width="2"/><text x="{x - 27:.1f}" '
            f'y="{y + 5.5:.1f}" font-size="9" font-weight="bold" fill="{_ink(ink)}" '
            f'text-anchor="middle">{b.attack}</text></g>')


# ============================================================================ the panels
_STYLE = """<style>
.cyclades {font-family: sans-serif; font-size: 12px; display: flex; flex-wrap: wrap; gap: 10px;
  align-items: flex-start}
.cyclades .side {flex: 1 1 360px; min-width: 0}
.cyclades table {border-collapse: collapse; margin: 2px 0 6px; width: 100%}
.cyclades td, .cyclades th {padding: 1px 3px; border-bottom: 1px solid #eee; text-align: left}
.cyclades .turn {font-weight: bold; background: #f3fbf5}
.cyclades .out {color: #999; text-decoration: line-through}
.cyclades .swatch {display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin-right: 3px; vertical-align: middle}
.cyclades .hidden {color: #999; font-style: italic}
.cyclades .box {border: 1px solid #ddd; border-radius: 5px; padding: 3px 6px; margin: 3px 0}
.cyclades .battle {border-color: #d81b60; background: #fdf0f5}
.cyclades .explain {border-color: #f39c12; background: #fff8e8}
.cyclades .why {display: none}
.cyclades .map {flex: 1 1 420px; min-width: 0; max-width: 560px}
.cyclades .map svg {width: 100%; height: auto}
.cyclades .card, .cyclades .cmd {display: inline-block; border: 1px solid #bbb;
  border-radius: 4px; padding: 1px 5px; margin: 1px}
.cyclades .cmd {background: #f2f2f2}
.cyclades .commands {margin: 2px 0 4px}
</style>"""


PLAYER_COLUMNS = (("player", "the city state"), ("GP", "gold behind the screen"),
                  ("+GP", "revenue each cycle"), ("isl.", "islands"), ("troops", "troops"),
                  ("fleets", "fleets"), ("pr.", "priests"), ("ph.", "philosophers"),
                  ("metro.", "Metropolises"))
"""The players' table's columns: short heading, and the words shown on hover."""


def _who(s: CycladesState, seat: int) -> str:
    """A player's name after his colour swatch (HTML)."""
    return (f'<span class="swatch" style="background:{colour(seat)}"></span>'
            f"{escape(s.player_name(seat))}")


def panels_html(s: CycladesState, viewer: Viewer = ALL) -> str:
    """Cycle, players, offering and turn tracks, creature track, a battle's odds; the gold
    of players other than ``viewer`` stays behind their screens."""
    d, g = s.data, s.game
    n = g.n
    limit = g.options["cycle_limit"]
    head = (f"<div><b>Cycle {d.cycle}</b>"
            + (f" (the game ends after cycle {limit}: mythlab ruling cycle-limit)" if limit
               else " (no cycle limit)")
            + f" · goal: {g.goal} Metropolises</div>")
    who = s.current_player
    rows = []
    for q in range(g.players):
        css = "out" if d.out[q] else ("turn" if q == who else "")
        gold = (str(d.gold[q]) if viewer in (ALL, q) else
                '<span class="hidden" title="behind the screen (rulebook p.3)">?</span>')
        rows.append(
            f'<tr class="{css}" data-token="{player_token(q)}"><td>{_who(s, q)}</td>'
            f"<td>{gold}</td>"
            f"<td>+{s.revenue(q)}</td><td>{len(s.islands_of(q))}</td>"
            f"<td>{s.units(q, 'troop')}</td><td>{s.units(q, 'fleet')}</td>"
            f"<td>{d.priests[q]}</td><td>{d.philosophers[q]}</td>"
            f"<td>{s.metropolises(q)}</td></tr>")
    columns = "".join(f'<th title="{why}">{short}</th>' for short, why in PLAYER_COLUMNS)
    players = f"<table><tr>{columns}</tr>{''.join(rows)}</table>"
    gods = []
    for k, god in enumerate(d.gods):
        name = escape(g.gods[god].name)
        if k >= d.open_gods:
            gods.append(f'<li class="hidden">{name} (face down)</li>')
            continue
        token = next((t for t, b in enumerate(d.bid_god) if b == god), -1)
        amount = d.bid_amount[token] if token >= 0 else 0
        bid = "" if token < 0 else f": {_who(s, d.tokens[token])}" + (
            f" offers {amount} GP" if amount else "")
        gods.append(f'<li data-token="{god_token(god)}">{name}{bid}</li>')
    apollo = ", ".join(_who(s, d.tokens[t]) for t in d.apollo) or "nobody yet"
    gods.append(f'<li data-token="{god_token(offerings.APOLLO)}">Apollo (free): {apollo}</li>')
    track = " → ".join(_who(s, d.tokens[t]) for t in d.order)
    acting = ""
    turn = next((t for t in reversed(d.tasks) if t.kind == "turn"), None)
    if turn is not None:
        later = ", ".join(f"{_who(s, d.tokens[t])} ({escape(_god_name(s, d.bid_god[t]))})"
                          for t in d.acting)
        acting = (f"<br>Acting now: {_who(s, turn.player)} for "
                  f"{escape(_god_name(s, turn.god))}" + (f"; then {later}" if later else ""))
    offering = (f'<div class="box"><b>Offerings</b> (god track, space 1 first)<ol>{"".join(gods)}'
                f"</ol>Turn track: {track or '—'}{acting}</div>")
    prices = n["creature_track_prices"]
    cards = " ".join(
        f'<span class="card" data-token="{track_token(k)}">{prices[k]} GP: '
        f"{escape(s.card_name(c)) if c else '—'}</span>" for k, c in enumerate(d.track))
    figs = ", ".join(f"{escape(s.card_name(f.creature))} on {f.space} "
                     f"({escape(s.player_name(f.player))})" for f in d.figures)
    creatures = (f'<div class="box"><b>Creature track</b>: {cards}<br>deck {len(d.deck)} · '
                 f"discard {len(d.discard)}" + (f" · figurines: {figs}" if figs else "")
                 + "</div>")
    return f"{head}{commands_html(s)}{players}{offering}{creatures}{battle_html(s)}"


def commands_html(s: CycladesState) -> str:
    """The moves that happen nowhere on the board ("end turn", "fight on") as buttons."""
    if s.is_terminal() or s.is_chance_node():
        return ""
    buttons = "".join(f'<span class="cmd" data-token="{escape(token)}">{escape(text)}</span>'
                      for token, text in command_buttons(s))
    return f'<div class="commands">{buttons}</div>' if buttons else ""


def _god_name(s: CycladesState, god: str) -> str:
    """A god's name; Apollo (no tile on the track) by its id, capitalised."""
    return s.game.gods[god].name if god in s.game.gods else god.capitalize()


def _chance(p: Fraction) -> str:
    """A probability for people, the exact fraction on hover."""
    return f'<span class="chance" title="exactly {fraction_text(p)}">{chance_text(p)}</span>'


def battle_html(s: CycladesState) -> str:
    """The battle being fought: units, bonus, this round's exact odds and the whole battle's
    (fight to the end), from ``combat`` ("" when there is none)."""
    b = s.data.battle
    if b is None:
        return ""
    left, plus = defenders(s), bonus(s)
    unit = "troops" if b.land else "fleets"
    text = (f'<div class="box battle"><b>Battle {"on" if b.land else "in"} {b.space}</b>: '
            f"{_who(s, b.attacker)} {b.attack} {unit} against {_who(s, b.defender)} {left}"
            f" (+{plus} defence), {b.rounds} round(s) fought.")
    if b.attack and left:
        r = round_odds(b.attack, left, plus)
        whole = battle_odds(b.attack, left, plus, sea=not b.land).probability
        text += (f"<br>Next round: attacker loses {_chance(r.attacker_loses)}, defender loses "
                 f"{_chance(r.defender_loses)}, both {_chance(r.both_lose)}.<br>Fought to the "
                 f"end the attack succeeds: {_chance(whole)}.")
    return text + "</div>"


def render(state: CycladesState, selection: Selection = NOTHING, viewer: Viewer = ALL) -> str:
    """The whole view: the map (with ``selection`` drawn on it) and the panels, as ``viewer``
    sees them. Pointing at a fleet group or an owned island (or choosing it on the board)
    lights what it reaches and says why (``reach_css``)."""
    explain = (f'<div class="box explain mythlab-cyclades-explain">'
               f"{escape(selection.explanation)}</div>" if selection.node else "")
    classes, css, why = reach_css(state)
    return (f'{_STYLE}<style>{css}</style><div class="cyclades mythlab-cyclades-view">'
            f'<div class="map">{map_svg(state, selection, classes)}</div>'
            f'<div class="side">{explain}{why}{panels_html(state, viewer)}</div></div>')


def reach_css(state: CycladesState) -> tuple[dict[str, list[str]], str, str]:
    """What each fleet group and owned island reaches, for the map to light without a round
    trip: extra classes per node, CSS rules that light a source's reach while it is chosen on
    the board (``mythlab-selected``) or pointed at, and the hidden explanations they show."""
    model = CycladesMapModel(state)
    classes: dict[str, list[str]] = {}
    rules, why = [], []
    sources = list(state.data.fleets) + list(state.data.owners)
    for k, node in enumerate(sources):
        sel = model.select(node)
        if not sel.highlighted:
            continue
        for target in sel.highlighted:
            classes.setdefault(target, []).append(f"r{k}")
        chosen = (f'.cyclades:has([data-token="{node}"]:is(.mythlab-selected,:hover))')
        rules.append(f"{chosen} .sea.r{k} > polygon,{chosen} .island.r{k} > path"
                     f"{{stroke:{HIGHLIGHT};stroke-width:3px}}{chosen} .why{k}{{display:block}}")
        why.append(f'<div class="box explain why why{k}">{escape(sel.explanation)}</div>')
    return classes, "".join(rules), "".join(why)


def cyclades_view(state: CycladesState, viewer: Viewer = ALL) -> str:
    """The Stepper's view of a Cyclades position, as ``viewer`` sees it."""
    return render(state, viewer=viewer)
