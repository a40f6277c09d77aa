"""Cyclades §1: the archipelago as a graph, and the graph queries the rules and lessons use.

The board is a :class:`networkx.Graph` whose nodes are **islands** (``IS1`` .. ``IS13``) and
**sea zones** (named by hex cell, ``A1`` .. ``K6``). Edges join neighbouring sea zones (kind
``"sea"``) and each island to the sea zones it touches (kind ``"coast"``). Islands are never
joined to each other: troops cross the sea only along chains of their own fleets.

Node attributes
---------------
kind : {"island", "sea"}
prosperity : int
    Printed cornucopias: on islands, and on the trade sea zones.
trade : bool
    True for a sea zone with a cornucopia (it pays only a player with fleets in it).
cells : tuple of str
    The hex cells the node covers (one for a sea zone).
slots : Slots or None
    An island's small building slots and the slots its metropolis spot covers.
x, y : float
    Drawing position: the hex centre (sea) or the mean of the cell centres (island), in units
    of the hex's outer radius, y pointing down as in SVG.

The map is data (``mythlab/cyclades/data/archipelago-5p.yaml``, format in
``docs/cyclades-map-format.md``); the sea graph is generated from the hex neighbour rule,
never typed in. Queries take the graph plus plain dicts saying who holds what: ``fleets``
maps a sea zone to the player whose fleets are there, ``owners`` maps an island to its owner.
Players may be any hashable values (the engine uses seat numbers ``0, 1, ...``).

>>> G = archipelago()
>>> len(islands(G)), len(sea_zones(G))
(13, 61)
>>> G.nodes["IS12"]["cells"], G.nodes["IS12"]["slots"]
(('I3', 'J2', 'J3'), Slots(small=3, metropolis=(2, 3)))
>>> sea_neighbours(G, "K6"), island_neighbours(G, "K6")
(['J6'], ['IS11', 'IS13'])
"""

from __future__ import annotations

import math
import re
import string
from collections import deque
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field

from mythlab.engine import DataError
from mythlab.engine.datafiles import game_data, read_yaml, validate_entry
from mythlab.engine.files import DataFile, as_source

__all__ = [
    "MAP_FORMAT", "Slots", "Start", "StartLayout",
    "archipelago", "load_archipelago", "start_layout",
    "islands", "sea_zones", "sea_graph", "sea_neighbours", "island_neighbours",
    "fleet_chain", "fleet_moves", "retreat_options", "ports_adjacent", "income",
    "chokepoints", "sea_betweenness", "island_distance", "start_distances", "rival_distances",
    "spread_starts",
]

P = TypeVar("P", bound=Hashable)

MAP_FORMAT = "mythlab-cyclades-archipelago"
#: how far one Poseidon move takes fleets (Cyclades rulebook, Greek edition, p.5 Poseidon: "up to
#: [3] zones", the digit from data/rules.yaml)
FLEET_MOVE_ZONES = 3
_BUILTIN = ("mythlab.cyclades", "archipelago-5p.yaml")
_SQRT3 = math.sqrt(3)

Provenance = Literal["seed", "public", "mythlab", "custom"]


# --------------------------------------------------------------------------------------------
# Values stored on the graph
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Slots:
    """An island's building spaces: ``small`` slots (one per cell on the printed board) and the
    slots its metropolis spot covers (numbered from 1; a 1-cell island's spot is its only slot)."""

    small: int
    metropolis: tuple[int, ...]


@dataclass(frozen=True)
class Start:
    """One player's start: 1 troop on each island, 1 fleet in each sea zone listed.

    ``label`` is the name the map file gives the player (``"A"`` .. ``"E"`` on the 5-player
    board; a 2-4 player layout keeps the label of the 5-player start it reuses).
    """

    label: str
    islands: tuple[str, ...]
    fleets: tuple[str, ...]


@dataclass(frozen=True)
class StartLayout:
    """The start positions for one player count, with where they come from.

    Seats are numbered in file order: ``players[0]`` is seat 0.
    """

    players: tuple[Start, ...]
    provenance: Provenance
    income: int | None = None
    why: str = ""
    sources: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.players)

    def owners(self) -> dict[str, int]:
        """Island -> seat, as the queries take it.

        >>> archipelago(players=2).graph["start"].owners()
        {'IS2': 0, 'IS12': 0, 'IS3': 1, 'IS11': 1}
        """
        return {i: seat for seat, s in enumerate(self.players) for i in s.islands}

    def fleets(self) -> dict[str, int]:
        """Sea zone -> seat, as the queries take it.

        >>> archipelago(players=2).graph["start"].fleets()
        {'C6': 0, 'K1': 0, 'F3': 1, 'G9': 1}
        """
        return {z: seat for seat, s in enumerate(self.players) for z in s.fleets}


# --------------------------------------------------------------------------------------------
# The map file: parsed with safe loaders, checked with pydantic, then checked as a board
# --------------------------------------------------------------------------------------------

class _Strict(BaseModel):
    """Base of the map file's entries: unknown fields and type coercion are errors; frozen."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


#: bounds on a map file, far above the printed board (11 rows of at most 11 cells, islands of
#: at most 4 cells and 4 building slots, 2 cornucopias), so play stays fast
MAX_ROW_CELLS = 30
MAX_ISLANDS = 60
MAX_ISLAND_CELLS = 12
MAX_SLOTS = 8
MAX_PROSPERITY = 9


class _BoardEntry(_Strict):
    """The map file's ``board``: cells per row (A, B, ...), and optionally each row's
    indent in half hexes."""

    rows: list[Annotated[int, Field(le=MAX_ROW_CELLS)]] = Field(min_length=1, max_length=26)
    indent: list[Annotated[int, Field(le=2 * MAX_ROW_CELLS)]] | None = None


class _IslandEntry(_Strict):
    """One island of the map file: its cells, prosperity, building slots and Metropolis spot."""

    id: str = Field(min_length=1, max_length=20)
    cells: list[str] = Field(min_length=1, max_length=MAX_ISLAND_CELLS)
    prosperity: int = Field(ge=0, le=MAX_PROSPERITY)
    slots: int | None = Field(default=None, ge=1, le=MAX_SLOTS)
    metropolis: list[int] | None = Field(default=None, max_length=MAX_SLOTS)
    name: str = ""
    note: str = ""


class _StartEntry(_Strict):
    """One player's start in a layout: his islands and the sea zones of his fleets."""

    islands: list[str] = Field(min_length=1)
    fleets: list[str] = []


class _LayoutEntry(_Strict):
    """The starts for one player count, with their provenance (a mythlab one says why)."""

    provenance: Provenance
    players: dict[str, dict[str, Any]] = Field(min_length=1)
    income: int | None = Field(default=None, ge=0)
    why: str = ""
    sources: list[str] = []


class _MapEntry(_Strict):
    """A whole map file: the board, islands, trade zones and start layouts, with provenance."""

    format: str
    version: int
    name: str = ""
    provenance: Provenance
    sources: list[str] = []
    note: str = ""
    board: dict[str, Any]
    islands: list[Any] = Field(min_length=1, max_length=MAX_ISLANDS)
    trade: dict[str, Annotated[int, Field(le=MAX_PROSPERITY)]] = {}
    starts: dict[Any, Any] = Field({}, max_length=8)


@lru_cache(maxsize=4096)  # a map has a few dozen names; queries sort them at every move
def _natural(name: str) -> tuple[Any, ...]:
    """Sort key putting ``A2`` before ``A10`` and ``IS2`` before ``IS10``."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


def _sorted(names: Iterable[str]) -> list[str]:
    """``names`` in natural order (``A2`` before ``A10``)."""
    return sorted(names, key=_natural)


@dataclass(frozen=True)
class _Cell:
    """One hex cell: row, column (from 1), and its centre in half hex widths from the left."""

    row: int
    col: int
    half: int  # horizontal position of the centre, in half hex widths

    @property
    def name(self) -> str:
        """The cell's name, row letter then column: ``C6``."""
        return f"{string.ascii_uppercase[self.row]}{self.col}"


def _board_cells(file: str, board: _BoardEntry) -> dict[str, _Cell]:
    """Every cell of the board. Rows are centred unless ``indent`` says otherwise."""
    rows = board.rows
    for r, length in enumerate(rows):
        if length < 1:
            raise DataError(file, "board", "rows", f"row {string.ascii_uppercase[r]} has no cells")
    if board.indent is None:
        widest = max(rows)
        indent = [widest - length for length in rows]
        field = "rows"
    else:
        indent = board.indent
        field = "indent"
        if len(indent) != len(rows):
            raise DataError(file, "board", "indent",
                            f"gives {len(indent)} indents for {len(rows)} rows")
        if min(indent) < 0:
            raise DataError(file, "board", "indent", "indents cannot be negative")
    for r in range(len(rows) - 1):
        if (indent[r] - indent[r + 1]) % 2 == 0:
            a, b = string.ascii_uppercase[r], string.ascii_uppercase[r + 1]
            raise DataError(
                file, "board", field,
                f"rows {a} and {b} are not offset by half a hex, so their cells do not "
                f"interlock (indents {indent[r]} and {indent[r + 1]} half-hexes); "
                "give board.indent with an odd difference between neighbouring rows")
    cells = {}
    for r, length in enumerate(rows):
        for c in range(1, length + 1):
            cell = _Cell(r, c, indent[r] + 2 * (c - 1))
            cells[cell.name] = cell
    return cells


def _hex_neighbours(cells: Mapping[str, _Cell]) -> dict[str, list[str]]:
    """The hex neighbour rule: same row one hex apart, next rows half a hex apart.

    On the 5-player hexagon this is the reference's rule (rows r = 0..10, columns c from 1):
    (r, c±1); for r < 5 (r−1, c−1), (r−1, c), (r+1, c), (r+1, c+1); for r = 5 (r−1, c−1),
    (r−1, c), (r+1, c−1), (r+1, c); for r > 5 (r−1, c), (r−1, c+1), (r+1, c−1), (r+1, c).
    """
    at = {(c.row, c.half): name for name, c in cells.items()}
    out = {}
    for name, c in cells.items():
        around = ((c.row, c.half - 2), (c.row, c.half + 2), (c.row - 1, c.half - 1),
                  (c.row - 1, c.half + 1), (c.row + 1, c.half - 1), (c.row + 1, c.half + 1))
        out[name] = [at[p] for p in around if p in at]
    return out


def _centre(cell: _Cell) -> tuple[float, float]:
    """Centre of a pointy-top hex of outer radius 1; the board's top-left corner is (0, 0)."""
    return (_SQRT3 / 2 * (cell.half + 1), 1 + 1.5 * cell.row)


def _layout(file: str, key: Any, raw: Any, island_ids: Mapping[str, Any],
            sea: set[str], coast: Mapping[str, set[str]],
            prosperity: Mapping[str, int]) -> tuple[int, StartLayout]:
    """One start layout of the map file, checked against the board (islands and zones
    exist, are held once, fleets lie off their player's islands, the declared income holds)."""
    entry = f"starts {key}"
    try:
        players = int(key)
    except (TypeError, ValueError):
        raise DataError(file, entry, "starts", "keys must be player counts (2, 3, ...)") from None
    if players < 1:
        raise DataError(file, entry, "starts", "the player count must be at least 1")
    spec = validate_entry(_LayoutEntry, raw, file, entry)
    if len(spec.players) != players:
        raise DataError(file, entry, "players",
                        f"lists {len(spec.players)} players for a {players}-player game")
    if spec.provenance == "mythlab" and not spec.why.strip():
        raise DataError(file, entry, "why", "a mythlab layout must say why it was chosen")
    held_islands: dict[str, str] = {}
    held_fleets: dict[str, str] = {}
    starts = []
    for label, raw_start in spec.players.items():
        who = f"{entry}, player {label}"
        s = validate_entry(_StartEntry, raw_start, file, who)
        for i in s.islands:
            if i not in island_ids:
                raise DataError(file, who, "islands", f"{i!r} is not an island of this map")
            if i in held_islands:
                raise DataError(file, who, "islands",
                                f"{i} is already the start of player {held_islands[i]}")
            held_islands[i] = label
        for z in s.fleets:
            if z not in sea:
                raise DataError(file, who, "fleets", f"{z!r} is not a sea zone of this map")
            if z in held_fleets:
                raise DataError(file, who, "fleets",
                                f"{z} already holds a start fleet of player {held_fleets[z]}")
            if not any(z in coast[i] for i in s.islands):
                raise DataError(file, who, "fleets",
                                f"{z} is not next to any of the player's start islands "
                                f"({', '.join(s.islands)})")
            held_fleets[z] = label
        if spec.income is not None:
            worth = (sum(prosperity[i] for i in s.islands)
                     + sum(prosperity[z] for z in s.fleets))
            if worth != spec.income:
                raise DataError(file, who, "income",
                                f"this start is worth {worth} GP, not the {spec.income} GP "
                                "the layout declares")
        starts.append(Start(str(label), tuple(s.islands), tuple(s.fleets)))
    layout = StartLayout(tuple(starts), spec.provenance, spec.income, spec.why.strip(),
                         tuple(spec.sources))
    return players, layout


def load_archipelago(path: str | Path | DataFile) -> nx.Graph:
    """Load and validate an archipelago map file (format: ``docs/cyclades-map-format.md``).

    Parameters
    ----------
    path : str, Path or DataFile
        A YAML map file (or one already read). It is read bounded, with YAML's safe loader
        only (``mythlab.data.read_yaml``).

    Returns
    -------
    networkx.Graph
        The archipelago (see the module docstring for node attributes). ``G.graph`` holds
        ``name``, ``provenance``, ``sources``, ``file`` and ``starts`` (player count ->
        :class:`StartLayout`); ``players`` and ``start`` are None until :func:`archipelago`
        picks a player count.

    Raises
    ------
    mythlab.DataError
        The file does not validate; the message names the file, the entry and the field.
        Checked: ids unique, cells on the board and in one island only, islands contiguous and
        touching the sea, the whole map connected, trade zones at sea, start islands on islands
        and distinct, start fleets at sea, distinct and next to the player's start islands, and
        a declared start income matched by every start; the sizes within ``MAX_ROW_CELLS``,
        ``MAX_ISLANDS``, ``MAX_ISLAND_CELLS``, ``MAX_SLOTS`` and ``MAX_PROSPERITY``.

    Notes
    -----
    Linear in the size of the board (cells and their six neighbours).

    Examples
    --------
    >>> from mythlab.engine.datafiles import game_data
    >>> G = load_archipelago(game_data("mythlab.cyclades", "archipelago-5p.yaml"))
    >>> G.graph["provenance"], sorted(G.graph["starts"])
    ('public', [2, 3, 4, 5])
    >>> G.graph["starts"][3].provenance
    'mythlab'
    """
    path = as_source(path)
    file = str(path)
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise DataError(file, None, None, "expected a mapping with format, board, islands, ...")
    if raw.get("format") != MAP_FORMAT:
        raise DataError(file, None, "format", f"expected {MAP_FORMAT!r}")
    spec = validate_entry(_MapEntry, raw, file, None)
    if spec.version != 1:
        raise DataError(file, None, "version", f"version {spec.version} is not known; expected 1")
    board = validate_entry(_BoardEntry, spec.board, file, "board")
    cells = _board_cells(file, board)
    neighbours = _hex_neighbours(cells)

    # islands
    where: dict[str, str] = {}  # island cell -> island id
    entries: dict[str, _IslandEntry] = {}
    for n, raw_island in enumerate(spec.islands):
        name = f"#{n + 1}"
        if isinstance(raw_island, dict) and isinstance(raw_island.get("id"), str):
            name = raw_island["id"]
        island = validate_entry(_IslandEntry, raw_island, file, name)
        if island.id in entries:
            raise DataError(file, island.id, "id", "two islands share this id")
        if island.id in cells:
            raise DataError(file, island.id, "id",
                            "is also the name of a board cell (sea zones are named by cell)")
        for cell in island.cells:
            if cell not in cells:
                raise DataError(file, island.id, "cells",
                                f"{cell!r} is not on the board (rows "
                                f"{_row_span(board.rows)})")
            if cell in where:
                raise DataError(file, island.id, "cells",
                                f"{cell} already belongs to {where[cell]}")
            where[cell] = island.id
        _check_contiguous(file, island, neighbours)
        slots = island.slots if island.slots is not None else len(island.cells)
        metropolis = island.metropolis
        if metropolis is None:
            metropolis = [1, 2] if slots >= 2 else [1]
        if not metropolis or len(set(metropolis)) != len(metropolis) or \
                not all(1 <= m <= slots for m in metropolis):
            raise DataError(file, island.id, "metropolis",
                            f"must list distinct slots between 1 and {slots}")
        entries[island.id] = island.model_copy(update={"slots": slots, "metropolis": metropolis})
    sea = [name for name in cells if name not in where]

    for zone, cornucopias in spec.trade.items():
        if zone not in cells:
            raise DataError(file, str(zone), "trade", "is not a cell of the board")
        if zone in where:
            raise DataError(file, str(zone), "trade", f"is a cell of island {where[zone]}, "
                                                      "not a sea zone")
        if cornucopias < 1:
            raise DataError(file, str(zone), "trade", "a trade zone has at least 1 cornucopia")

    # the graph
    G = nx.Graph(name=spec.name, provenance=spec.provenance, sources=tuple(spec.sources),
                 file=file, starts={}, players=None, start=None)
    for island in entries.values():
        centres = [_centre(cells[c]) for c in island.cells]
        x = sum(p[0] for p in centres) / len(centres)
        y = sum(p[1] for p in centres) / len(centres)
        G.add_node(island.id, kind="island", prosperity=island.prosperity, trade=False,
                   cells=tuple(island.cells),
                   slots=Slots(island.slots or 0, tuple(island.metropolis or ())),
                   x=round(x, 4), y=round(y, 4))
    for zone in sea:
        x, y = _centre(cells[zone])
        cornucopias = spec.trade.get(zone, 0)
        G.add_node(zone, kind="sea", prosperity=cornucopias, trade=cornucopias > 0,
                   cells=(zone,), slots=None, x=round(x, 4), y=round(y, 4))
    for cell, around in neighbours.items():
        a = where.get(cell, cell)
        for other in around:
            b = where.get(other, other)
            if a == b or (cell in where and other in where):
                continue
            G.add_edge(a, b, kind="coast" if (cell in where or other in where) else "sea")

    for island in entries:
        if not G.adj[island]:
            raise DataError(file, island, "cells", "the island touches no sea zone")
    if not nx.is_connected(G):
        parts = sorted(nx.connected_components(G), key=len)
        cut = _sorted(parts[0])
        kind = G.nodes[cut[0]]["kind"]
        raise DataError(file, cut[0], "cells" if kind == "island" else "board",
                        f"the archipelago is not connected: {', '.join(cut)} cannot be reached "
                        "from the rest of the map")

    coast = {i: set(G.adj[i]) for i in entries}
    prosperity = {n: d["prosperity"] for n, d in G.nodes(data=True)}
    for key, raw_layout in spec.starts.items():
        players, layout = _layout(file, key, raw_layout, entries, set(sea), coast, prosperity)
        if players in G.graph["starts"]:
            raise DataError(file, f"starts {key}", "starts",
                            f"two layouts for {players} players")
        G.graph["starts"][players] = layout
    G.graph["starts"] = dict(sorted(G.graph["starts"].items()))
    return G


def _row_span(rows: list[int]) -> str:
    """The board's rows for an error message: ``A..K, of 6, 7, ... cells``."""
    last = string.ascii_uppercase[len(rows) - 1]
    return f"A..{last}, of {', '.join(str(n) for n in rows)} cells"


def _check_contiguous(file: str, island: _IslandEntry, neighbours: Mapping[str, list[str]]
                      ) -> None:
    """An island's cells must all touch one another, or the map file is refused."""
    own = set(island.cells)
    seen = {island.cells[0]}
    todo = [island.cells[0]]
    while todo:
        for other in neighbours[todo.pop()]:
            if other in own and other not in seen:
                seen.add(other)
                todo.append(other)
    if seen != own:
        raise DataError(file, island.id, "cells",
                        f"the cells are not all joined: {', '.join(_sorted(own - seen))} "
                        f"do not touch {', '.join(_sorted(seen))}")


@cache
def _builtin() -> nx.Graph:
    """The built-in map, read and checked once."""
    return load_archipelago(game_data(*_BUILTIN))


def archipelago(players: int = 5, *, path: str | Path | DataFile | None = None) -> nx.Graph:
    """The Cyclades archipelago for a player count, with its start positions.

    Parameters
    ----------
    players : int, default 5
        The number of players. The built-in map (the verified 5-player board) is used for
        2-5 players; the 2-4 player start positions are a mythlab layout (a subset of the
        5-player starts, spread out, every start worth 2 GP), flagged ``provenance: mythlab``.
    path : str or Path, optional
        A map file of one's own (``docs/cyclades-map-format.md``) instead of the built-in one.

    Returns
    -------
    networkx.Graph
        A fresh graph each call (change it freely); ``G.graph["players"]`` is the player count
        and ``G.graph["start"]`` its :class:`StartLayout`.

    Raises
    ------
    ValueError
        The map has no start positions for this many players.
    mythlab.DataError
        ``path`` does not validate.

    Notes
    -----
    The built-in map is parsed once per process; each call copies the cached graph, O(V + E).

    Examples
    --------
    >>> G = archipelago()
    >>> G.number_of_nodes(), G.graph["start"].provenance
    (74, 'public')
    >>> [s.label for s in archipelago(players=3).graph["start"].players]
    ['A', 'B', 'E']
    >>> sorted(n for n, trade in G.nodes(data="trade") if trade)
    ['A1', 'A6', 'F1', 'F11', 'K1', 'K6']
    """
    base = _builtin() if path is None else load_archipelago(path)
    start = _start_of(base, players)
    G = base.copy()
    G.graph["starts"] = dict(base.graph["starts"])
    G.graph["players"] = players
    G.graph["start"] = start
    return G


def builtin_start(players: int) -> StartLayout:
    """``archipelago(players).graph["start"]`` without copying the built-in map (the same
    ValueError for a player count it has no start positions for)."""
    return _start_of(_builtin(), players)


def _start_of(base: nx.Graph, players: int) -> StartLayout:
    """The start positions of a map for ``players``, or a ValueError naming the counts it has."""
    if isinstance(players, bool) or not isinstance(players, int) \
            or players not in base.graph["starts"]:
        counts = ", ".join(str(n) for n in base.graph["starts"]) or "no player count"
        raise ValueError(f"{base.graph['file']} has start positions for {counts}, "
                         f"not for {players!r} players")
    start: StartLayout = base.graph["starts"][players]
    return start


def start_layout(G: nx.Graph, players: int | None = None) -> StartLayout:
    """The start positions of ``G`` for ``players`` (default: the graph's own player count).

    >>> start_layout(archipelago(), 5).players[1]
    Start(label='B', islands=('IS1', 'IS9'), fleets=('B3', 'E7'))
    """
    n = G.graph.get("players") if players is None else players
    starts: dict[int, StartLayout] = G.graph.get("starts", {})
    if n not in starts:
        raise ValueError(f"no start positions for {n!r} players in this archipelago "
                         f"(it has {', '.join(str(k) for k in starts) or 'none'})")
    return starts[n]


# --------------------------------------------------------------------------------------------
# Looking at the map
# --------------------------------------------------------------------------------------------

def islands(G: nx.Graph) -> list[str]:
    """The islands, in map order. O(V).

    >>> islands(archipelago())[:3]
    ['IS1', 'IS2', 'IS3']
    """
    return [n for n, kind in G.nodes(data="kind") if kind == "island"]


def sea_zones(G: nx.Graph) -> list[str]:
    """The sea zones, row by row. O(V).

    >>> sea_zones(archipelago())[:4]
    ['A1', 'A2', 'A3', 'A5']
    """
    return [n for n, kind in G.nodes(data="kind") if kind == "sea"]


def sea_graph(G: nx.Graph) -> nx.Graph:
    """The sea zones and the sea-to-sea edges: a read-only subgraph view. O(V).

    >>> S = sea_graph(archipelago())
    >>> S.number_of_nodes(), nx.is_connected(S)
    (61, True)
    """
    return G.subgraph(sea_zones(G))


def _kind(G: nx.Graph, node: str, kind: str | None = None) -> str:
    """The kind of ``node``; a ValueError if it is not on the map or not of ``kind``."""
    try:
        found: str = G.nodes[node]["kind"]
    except KeyError:
        raise ValueError(f"{node!r} is not an island or sea zone of this archipelago") from None
    if kind is not None and found != kind:
        words = {"island": "an island", "sea": "a sea zone"}
        raise ValueError(f"{node!r} is {words[found]}, not {words[kind]}")
    return found


def sea_neighbours(G: nx.Graph, node: str) -> list[str]:
    """Sea zones next to an island or a sea zone. O(degree).

    >>> sea_neighbours(archipelago(), "IS9")
    ['E6', 'E7', 'F6', 'F8', 'G6', 'G7']
    """
    _kind(G, node)
    nodes = G.nodes
    return _sorted(n for n in G.adj[node] if nodes[n]["kind"] == "sea")


def island_neighbours(G: nx.Graph, zone: str) -> list[str]:
    """Islands touching a sea zone. O(degree).

    >>> island_neighbours(archipelago(), "E6")
    ['IS4', 'IS5', 'IS9']
    """
    _kind(G, zone, "sea")
    nodes = G.nodes
    return _sorted(n for n in G.adj[zone] if nodes[n]["kind"] == "island")


# --------------------------------------------------------------------------------------------
# Rule queries
# --------------------------------------------------------------------------------------------

def fleet_chain(G: nx.Graph, island: str, player: P, fleets: Mapping[str, P]) -> list[str]:
    """Islands the player's troops on ``island`` can reach along chains of their own fleets.

    Ares moves troops "to another island linked to it by a chain of fleets of your colour"
    (Cyclades rulebook, Greek edition, p.5); land retreats use the same chains (p.5,
    "Retreat during a battle"). This is a subgraph query: in
    the subgraph of ``island`` and the sea zones holding ``player``'s fleets, take the
    connected component of ``island``; the answer is every other island touching it.

    Parameters
    ----------
    G : networkx.Graph
        The archipelago.
    island : str
        Where the troops are.
    player : hashable
        Whose fleets form the chain.
    fleets : mapping of str to player
        Sea zone -> the player whose fleets are there.

    Returns
    -------
    list of str
        The reachable islands (any owner, not ``island`` itself), in natural order.

    Notes
    -----
    Breadth-first search over the player's fleet zones only: O(f) for f fleet zones (at most
    8), independent of the map's size: about 40 µs for an 8-fleet chain on the 5-player
    map (tests/test_cyclades_board.py measures it).

    Examples
    --------
    >>> G = archipelago()
    >>> fleets = {"C5": 0, "D5": 0, "E6": 0, "K1": 0}  # a chain C5-D5-E6 from IS2
    >>> fleet_chain(G, "IS2", 0, fleets)
    ['IS4', 'IS5', 'IS9']
    >>> fleet_chain(G, "IS2", 1, fleets)
    []
    """
    _kind(G, island, "island")
    adj = G.adj
    nodes = G.nodes
    seen = {n for n in adj[island] if fleets.get(n) == player}
    todo = list(seen)
    reached: set[str] = set()
    while todo:
        zone = todo.pop()
        for n in adj[zone]:
            if n in seen or n in reached:
                continue
            if nodes[n]["kind"] == "island":
                reached.add(n)
            elif fleets.get(n) == player:
                seen.add(n)
                todo.append(n)
    reached.discard(island)
    return _sorted(reached)


class SeaRoutes:
    """One map's adjacency (and its islands' building slots) as plain tables, built once per
    map file (the built-in map's once
    per process, ``builtin_routes``) and shared by its games: the queries a game asks at every
    move, without networkx look-ups (tests hold them to the answers of the functions above).
    Read-only, but for what it keeps of its own answers (``coast_of``, ``steps``)."""

    def __init__(self, G: nx.Graph):
        zones = sea_zones(G)
        #: the islands and the sea zones, in map order
        self.islands = tuple(islands(G))
        self.zones = tuple(zones)
        #: each node's place in natural order (``IS2`` before ``IS10``)
        self.rank = {n: k for k, n in enumerate(_sorted(G.nodes))}
        #: island -> the sea zones around it; sea zone -> the sea zones next to it, and the
        #: islands on its coast (each in natural order)
        self.coast = {i: sea_neighbours(G, i) for i in islands(G)}
        self.sea_adj = {z: sea_neighbours(G, z) for z in zones}
        self.shore = {z: island_neighbours(G, z) for z in zones}
        #: each island's building slots and Metropolis spot
        self.slots = {i: G.nodes[i]["slots"] for i in self.islands}
        #: the cornucopias printed on each island and sea zone
        self.prosperity = {n: G.nodes[n]["prosperity"] for n in self.coast.keys() | zones}
        self._coasts: dict[tuple[str, ...], tuple[str, ...]] = {}
        #: the one-zone fleet moves from a zone, kept by ``pieces.fleet_steps`` (a few per zone)
        self.steps: dict[tuple[Any, ...], Any] = {}

    def fleet_chain(self, island: str, player: P, fleets: Mapping[str, P]) -> list[str]:
        """:func:`fleet_chain`: the islands linked to ``island`` by chains of the player's
        fleets (Cyclades rulebook, Greek edition, p.5)."""
        seen = {z for z in self.coast[island] if fleets.get(z) == player}
        todo = list(seen)
        while todo:
            for w in self.sea_adj[todo.pop()]:
                if w not in seen and fleets.get(w) == player:
                    seen.add(w)
                    todo.append(w)
        reached = {i for z in seen for i in self.shore[z]}
        reached.discard(island)
        return sorted(reached, key=self.rank.__getitem__)

    def retreat_options(self, space: str, player: P, fleets: Mapping[str, P],
                        owners: Mapping[str, P] | None = None) -> list[str]:
        """:func:`retreat_options`: where the player's units may retreat from a battle in
        ``space`` (Cyclades rulebook, Greek edition, p.5 "Retreat")."""
        if space in self.sea_adj:
            return [z for z in self.sea_adj[space] if fleets.get(z, player) == player]
        owners = owners or {}
        return [i for i in self.fleet_chain(space, player, fleets) if owners.get(i) == player]

    def ports_adjacent(self, zone: str, ports: Mapping[str, int],
                       owners: Mapping[str, P] | None = None, player: P | None = None
                       ) -> dict[str, int]:
        """:func:`ports_adjacent`: the ports on the islands next to the sea zone ``zone``."""
        out = {}
        for i in self.shore[zone]:
            if ports.get(i, 0) > 0 and (player is None or (owners or {}).get(i) == player):
                out[i] = ports[i]
        return out

    def coast_of(self, islands: tuple[str, ...]) -> tuple[str, ...]:
        """The sea zones next to any of ``islands``, in map order (kept per islands: at most
        one per set of the map's islands a player may hold)."""
        zones = self._coasts.get(islands)
        if zones is None:
            near = {z for i in islands for z in self.coast[i]}
            zones = self._coasts[islands] = tuple(z for z in self.zones if z in near)
        return zones

    def income(self, owners: Mapping[str, P], fleets: Mapping[str, P],
               markers: Mapping[str, int], players: Iterable[P] = ()) -> dict[P, int]:
        """:func:`income`: each player's revenue (Cyclades rulebook, Greek edition, p.2)."""
        worth = self.prosperity
        out: dict[P, int] = dict.fromkeys(players, 0)
        for island, owner in owners.items():
            if owner is not None:
                out[owner] = out.get(owner, 0) + worth[island] + markers.get(island, 0)
        for zone, owner in fleets.items():
            if owner is not None:
                out[owner] = out.get(owner, 0) + worth[zone]
        return out


@cache
def builtin_routes() -> SeaRoutes:
    """The built-in map's ``SeaRoutes``, built once per process for all its games."""
    return SeaRoutes(_builtin())


def fleet_moves(G: nx.Graph, zone: str, player: P, fleets: Mapping[str, P],
                max_zones: int = FLEET_MOVE_ZONES) -> dict[str, int]:
    """Where fleets leaving ``zone`` can go in one Poseidon move, and in how many zones.

    Fleets travel up to 3 zones, through empty zones and zones of their own fleets;
    entering a zone with another player's fleets stops the move there (a naval battle)
    (Cyclades rulebook, Greek edition, p.5; the digit 3 is public, ``data/rules.yaml``).

    Parameters
    ----------
    G : networkx.Graph
        The archipelago.
    zone : str
        The sea zone the fleets leave.
    player : hashable
        Whose fleets move.
    fleets : mapping of str to player
        Sea zone -> the player whose fleets are there.
    max_zones : int, default 3
        How many zones one move may cross.

    Returns
    -------
    dict of str to int
        Reachable zone -> fewest zones crossed, in natural order of the zones. A zone held by
        another player is a battle: ``fleets.get(z) not in (None, player)``.

    Notes
    -----
    Breadth-first search to depth ``max_zones`` on the sea graph: O(6^max_zones) at most,
    in practice a few dozen zones.

    Examples
    --------
    >>> G = archipelago()
    >>> fleet_moves(G, "K6", 0, {"K6": 0})
    {'H6': 3, 'H8': 3, 'I6': 2, 'I7': 2, 'J6': 1}
    >>> fleet_moves(G, "K6", 0, {"K6": 0, "J6": 1})  # J6 is held: the move stops there
    {'J6': 1}
    """
    _kind(G, zone, "sea")
    adj = G.adj
    nodes = G.nodes
    steps = {zone: 0}
    frontier = [zone]
    for depth in range(1, max_zones + 1):
        nxt = []
        for z in frontier:
            for n in adj[z]:
                if n in steps or nodes[n]["kind"] != "sea":
                    continue
                steps[n] = depth
                if fleets.get(n, player) == player:
                    nxt.append(n)
        frontier = nxt
    del steps[zone]
    return {z: steps[z] for z in _sorted(steps)}


def retreat_options(G: nx.Graph, space: str, player: P, fleets: Mapping[str, P],
                    owners: Mapping[str, P] | None = None) -> list[str]:
    """Where a player's units may retreat from a battle in ``space`` (Cyclades rulebook,
    Greek edition, p.5 "Retreat").

    At sea: an adjacent sea zone that is empty or holds only the player's fleets. On land: one
    of the player's own islands linked to the battle island by a chain of the player's fleets.

    Parameters
    ----------
    G : networkx.Graph
        The archipelago.
    space : str
        The battle's sea zone or island.
    player : hashable
        Who retreats.
    fleets : mapping of str to player
        Sea zone -> the player whose fleets are there (the battle zone itself is ignored).
    owners : mapping of str to player, optional
        Island -> owner; needed for a land battle.

    Returns
    -------
    list of str
        The retreat spaces in natural order; empty when there is no retreat.

    Notes
    -----
    O(degree) at sea; as :func:`fleet_chain` on land.

    Examples
    --------
    >>> G = archipelago()
    >>> retreat_options(G, "K6", 0, {"K6": 1, "J6": 2})
    []
    >>> retreat_options(G, "F10", 0, {"F11": 0, "E10": 2, "G9": 1})
    ['F9', 'F11']
    >>> retreat_options(G, "IS13", 0, {"K6": 0, "J6": 0}, owners={"IS11": 0, "IS13": 1})
    ['IS11']
    """
    if _kind(G, space) == "sea":
        return [z for z in sea_neighbours(G, space) if fleets.get(z, player) == player]
    owners = owners or {}
    return [i for i in fleet_chain(G, space, player, fleets) if owners.get(i) == player]


def ports_adjacent(G: nx.Graph, zone: str, ports: Mapping[str, int],
                   owners: Mapping[str, P] | None = None, player: P | None = None
                   ) -> dict[str, int]:
    """Ports on the islands next to a sea zone: each adds +1 for a defender there (§8, §9).

    Parameters
    ----------
    G : networkx.Graph
        The archipelago.
    zone : str
        The contested sea zone.
    ports : mapping of str to int
        Island -> number of ports on it (count a Metropolis as a port).
    owners : mapping of str to player, optional
    player : hashable, optional
        With both, only the islands ``player`` owns count (the defender's ports).

    Returns
    -------
    dict of str to int
        Island -> ports, for the islands next to ``zone`` that have any. The defence bonus is
        ``sum(result.values())``.

    Notes
    -----
    O(degree of the zone).

    Examples
    --------
    >>> G = archipelago()
    >>> ports_adjacent(G, "E6", {"IS4": 1, "IS5": 2, "IS1": 1})
    {'IS4': 1, 'IS5': 2}
    >>> ports_adjacent(G, "E6", {"IS4": 1, "IS5": 2}, owners={"IS4": 0, "IS5": 1}, player=1)
    {'IS5': 2}
    """
    out = {}
    for i in island_neighbours(G, zone):
        if ports.get(i, 0) > 0 and (player is None or (owners or {}).get(i) == player):
            out[i] = ports[i]
    return out


def income(G: nx.Graph, owners: Mapping[str, P], fleets: Mapping[str, P],
           markers: Mapping[str, int] | None = None, players: Iterable[P] = ()
           ) -> dict[P, int]:
    """Each player's revenue: 1 GP per prosperity symbol they control (Cyclades
    rulebook, Greek edition, p.2 "Revenue").

    Printed cornucopias and Apollo's prosperity markers on their islands (even with no troops
    there), and the cornucopias of trade sea zones where they have fleets.

    Parameters
    ----------
    G : networkx.Graph
        The archipelago.
    owners : mapping of str to player
        Island -> owner (neutral islands left out, or mapped to None).
    fleets : mapping of str to player
        Sea zone -> the player whose fleets are there.
    markers : mapping of str to int, optional
        Island -> prosperity markers placed by Apollo.
    players : iterable of player, optional
        Players to list even with no income.

    Returns
    -------
    dict of player to int
        Gold per player: the ``players`` given first, then in order of appearance.

    Notes
    -----
    O(number of islands owned + zones held).

    Examples
    --------
    >>> layout = archipelago().graph["start"]
    >>> income(archipelago(), layout.owners(), layout.fleets())
    {0: 2, 1: 2, 2: 2, 3: 2, 4: 2}
    >>> income(archipelago(), {"IS3": "red"}, {"F1": "red", "F2": "blue"}, markers={"IS3": 1})
    {'red': 4, 'blue': 0}
    """
    markers = markers or {}
    out: dict[P, int] = dict.fromkeys(players, 0)
    for island, owner in owners.items():
        if owner is None:
            continue
        out[owner] = out.get(owner, 0) + _prosperity(G, island, "island") + markers.get(island, 0)
    for zone, owner in fleets.items():
        if owner is None:
            continue
        out[owner] = out.get(owner, 0) + _prosperity(G, zone, "sea")
    return out


def _prosperity(G: nx.Graph, node: str, kind: str) -> int:
    """The cornucopias printed on ``node``, which must be of ``kind`` (as ``_kind`` checks)."""
    found = G.nodes.get(node)
    if found is None or found.get("kind") != kind:
        _kind(G, node, kind)  # raises the error naming the node
    return found["prosperity"]


# --------------------------------------------------------------------------------------------
# Analysis helpers for lessons
# --------------------------------------------------------------------------------------------

def chokepoints(G: nx.Graph) -> list[str]:
    """Sea zones whose loss cuts the sea in two: the articulation points of the sea graph.

    A fleet there blocks every other fleet's way between the two parts.

    Notes
    -----
    Tarjan's algorithm (``networkx.articulation_points``): O(V + E).

    Examples
    --------
    >>> chokepoints(archipelago())
    ['A2', 'F10', 'J6']
    """
    return _sorted(nx.articulation_points(sea_graph(G)))


def sea_betweenness(G: nx.Graph) -> dict[str, float]:
    """How often each sea zone lies on shortest sea routes: betweenness centrality.

    Normalised to 0..1 and ordered from most to least central (ties in natural order). The
    values are floats: this is a map statistic, not a probability.

    Notes
    -----
    Brandes' algorithm: O(V E) on the sea graph (61 zones: some 30 ms).

    Examples
    --------
    >>> list(sea_betweenness(archipelago()))[:3]
    ['E6', 'H3', 'H4']
    """
    values = nx.betweenness_centrality(sea_graph(G))
    return {z: values[z] for z in sorted(values, key=lambda z: (-values[z], _natural(z)))}


def _sea_distances(G: nx.Graph, island: str) -> dict[str, int]:
    """Fleets needed to link ``island`` to each sea zone (1 for its own coast)."""
    adj = G.adj
    nodes = G.nodes
    dist = {z: 1 for z in adj[island] if nodes[z]["kind"] == "sea"}
    queue = deque(dist)
    while queue:
        z = queue.popleft()
        for n in adj[z]:
            if n not in dist and nodes[n]["kind"] == "sea":
                dist[n] = dist[z] + 1
                queue.append(n)
    return dist


def island_distance(G: nx.Graph, a: str, b: str) -> int | float:
    """How many fleets a chain linking islands ``a`` and ``b`` needs (1 if they share a zone).

    Returns ``math.inf`` when no sea route links them, 0 when ``a == b``.

    Notes
    -----
    Breadth-first search on the sea graph from ``a``'s coast: O(V + E).

    Examples
    --------
    >>> G = archipelago()
    >>> island_distance(G, "IS4", "IS5"), island_distance(G, "IS1", "IS11")
    (1, 8)
    """
    _kind(G, a, "island")
    _kind(G, b, "island")
    if a == b:
        return 0
    dist = _sea_distances(G, a)
    return min((dist[z] for z in G.adj[b] if z in dist), default=math.inf)


def start_distances(G: nx.Graph, owners: Mapping[str, P]) -> dict[tuple[P, P], int | float]:
    """For each pair of players, the distance between their nearest islands.

    Distance is :func:`island_distance`: fleets needed to link the two islands.

    Parameters
    ----------
    owners : mapping of str to player
        Island -> owner, e.g. ``StartLayout.owners()``.

    Returns
    -------
    dict of (player, player) to int
        Pairs in order of the players' first appearance in ``owners``.

    Notes
    -----
    One breadth-first search per island: O(I (V + E)).

    Examples
    --------
    >>> G = archipelago()
    >>> start_distances(G, G.graph["start"].owners())[(0, 4)]
    3
    """
    pairs = _island_pair_distances(G, owners)
    order = list(dict.fromkeys(o for o in owners.values() if o is not None))
    return {(p, q): min(d for (a, b), d in pairs.items() if {owners[a], owners[b]} == {p, q})
            for p, q in combinations(order, 2)}


def rival_distances(G: nx.Graph, owners: Mapping[str, P]) -> tuple[int | float, ...]:
    """Distances between every two islands of different owners, smallest first.

    Comparing these tuples compares how spread out two layouts are: the larger tuple keeps
    the closest rivals further apart (then the next closest, and so on).

    Examples
    --------
    >>> G = archipelago()
    >>> rival_distances(G, archipelago(players=2).graph["start"].owners())
    (3, 5, 5, 6)
    """
    return tuple(sorted(_island_pair_distances(G, owners).values()))


def _island_pair_distances(G: nx.Graph, owners: Mapping[str, P]
                           ) -> dict[tuple[str, str], int | float]:
    """The fleets needed to link every two islands of different owners (``inf``: no
    sea route)."""
    held = [i for i, o in owners.items() if o is not None]
    for i in held:
        _kind(G, i, "island")
    out: dict[tuple[str, str], int | float] = {}
    for n, a in enumerate(held):
        dist = _sea_distances(G, a)
        for b in held[n + 1:]:
            if owners[a] != owners[b]:
                out[(a, b)] = min((dist[z] for z in G.adj[b] if z in dist), default=math.inf)
    return out


def spread_starts(G: nx.Graph, layout: StartLayout, players: int) -> StartLayout:
    """The most spread-out choice of ``players`` whole starts from ``layout``.

    This is how mythlab chose the 2-4 player starts on the 5-player board: keep whole
    5-player starts (so incomes stay equal) and take the subset whose
    :func:`rival_distances` are largest; ties go to the earlier labels.

    Returns
    -------
    StartLayout
        The chosen starts, in the order of ``layout``, with ``provenance="mythlab"``.

    Notes
    -----
    Tries all C(n, players) subsets: 10 at most on the 5-player board.

    Examples
    --------
    >>> G = archipelago()
    >>> [s.label for s in spread_starts(G, G.graph["start"], 4).players]
    ['A', 'B', 'D', 'E']
    """
    if not 1 <= players <= len(layout.players):
        raise ValueError(f"cannot choose {players} of {len(layout.players)} starts")
    best: tuple[Start, ...] | None = None
    best_key: tuple[int | float, ...] = ()
    for subset in combinations(layout.players, players):
        owners = {i: s.label for s in subset for i in s.islands}
        key = rival_distances(G, owners)
        if best is None or key > best_key:
            best, best_key = subset, key
    assert best is not None
    return StartLayout(best, "mythlab", layout.income,
                       f"the most spread-out {players} of the {len(layout)} starts")
