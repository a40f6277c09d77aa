"""Cyclades' game and state on the shared engine (Cyclades rulebook, Greek edition).

A cycle runs Creature track -> God track -> Revenue -> Offerings -> Actions (gods in track order,
Apollo last) -> End of cycle (p.2). Every pending decision or dice roll is a ``Task`` on a
stack: the top task is the decision, whose moves the rule book ``refs.RULES`` offers and carries
out (the rules modules register there; this module imports them so they do); when the stack is
empty the cycle moves on (``_advance``). The numbers come from ``data/`` (with provenance),
mythlab's own decisions from ``data/rulings.yaml``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import compress, repeat
from operator import eq
from typing import TYPE_CHECKING, Any

from mythlab.engine import CHANCE, Action, Game, Phase, PhaseBook, State
from mythlab.engine.chance import SeededStream
from mythlab.engine.copying import replicate
from mythlab.engine.errors import shown
from mythlab.engine.records import record

# the rules modules register their offers and moves with RULES as they are imported
from . import actions, battles, creatures, metropolis, offerings, pieces  # noqa: F401
from .board import SeaRoutes, archipelago, builtin_routes, builtin_start
from .load import CREATURE_IDS, arrangements, gods, number
from .load import creatures as creature_cards
from .pieces import SHARED_MOVES, keep_shared
from .refs import (
    ACTIONS,
    APOLLO,
    BATTLE,
    CALL_CREATURE,
    CREATURE_TRACK,
    CYCLE,
    END_OF_CYCLE,
    GOD_TRACK,
    METROPOLIS,
    OFFERINGS,
    RESHUFFLE,
    REVENUE,
    RULES,
    SETUP,
    TRACK_START,
    TURN_TRACK,
    VICTORY,
)
from .state import NESTED_FIELDS, CycladesData, SharedReads, Task, copy_for_move
from .structure import structure_problems

if TYPE_CHECKING:
    import networkx as nx

PHASES = PhaseBook([
    Phase("Setup", SETUP, 0, ("Creature track",),
          "Gold, start pieces, the creature deck shuffled, offering tokens shuffled onto the "
          "turn track."),
    Phase("Creature track", CREATURE_TRACK, 1, ("God track",),
          "Discard the 2-GP creature if unused, slide the others, refill from the deck."),
    Phase("God track", GOD_TRACK, 2, ("Revenue",),
          "Shuffle the god tiles above Apollo; some are face down with fewer than 5 players."),
    Phase("Revenue", REVENUE, 3, ("Offerings",),
          "1 GP per prosperity symbol: islands, Apollo's markers, trade zones with your fleets."),
    Phase("Offerings", OFFERINGS, 4, ("Actions",),
          "In turn-track order, bid on one god (strictly higher ousts, the ousted re-bids at "
          "once on another god) or go to Apollo for free; then pay, less 1 GP per priest."),
    Phase("Actions", ACTIONS, 5, ("Creature", "Battle", "Metropolis", "Apollo", "End of cycle"),
          "Gods act in track order: recruit, build, call creatures, special actions."),
    Phase("Creature", CALL_CREATURE, 6, ("Actions", "Battle", "Metropolis", "Creature",
                                         "Apollo", "End of cycle"),
          "A called creature's power is applied at once."),
    Phase("Battle", BATTLE, 7, ("Actions", "Creature", "Metropolis", "Apollo", "End of cycle"),
          "Rounds of one die each plus units and bonuses; the lower loses a unit, a tie costs "
          "both; the defender, then the attacker, may retreat."),
    Phase("Metropolis", METROPOLIS, 8, ("Actions", "Creature", "Apollo", "End of cycle"),
          "Four different buildings or four philosophers become a Metropolis at once."),
    Phase("Apollo", APOLLO, 9, ("Apollo", "End of cycle"),
          "+1 GP (+4 with one island); the first on Apollo places a prosperity marker."),
    Phase("End of cycle", END_OF_CYCLE, 10, ("Creature track", "Game over"),
          "Two Metropolises (three with 2 players) win; otherwise a new cycle begins."),
    Phase("Game over", VICTORY, 11, (),
          "Most Metropolises, then most gold, among those who reached the goal."),
])

FACE_DOWN = "face down"
"""A creature card of the deck as every player sees it (``CycladesState.observation``)."""
#: tasks under which a Metropolis conversion waits (it happens once they are done)
_NO_CONVERSION = {"battle-round", "retreat", "metropolis", "metropolis-discard", "bid"}
#: the building counts of a player with no buildings (``CycladesState.building_counts``)
_NO_BUILDINGS: dict[str, int] = {}
#: the largest cycle_limit option (a bound on a game's length; the default is 10)
MAX_CYCLE_LIMIT = 1000


class CycladesGame(Game):
    """Cyclades: five city states race to build two Metropolises in the Aegean."""

    name = "cyclades"
    title = "Cyclades"
    min_players = number("players_min")
    max_players = number("players_max")
    default_players = 5
    phases = PHASES
    #: ``archipelago``: a map file of your own; ``cycle_limit``: ruling cycle-limit (None = none)
    default_options = {"names": None, "archipelago": None,
                       "cycle_limit": number("cycle_limit")}
    file_options = {"archipelago": False}
    #: the secrets (``State.observation``). Not secret: a face-down god tile (all four gods are
    #: on the track every cycle, so it is the one missing from the open ones, p.2) and the
    #: cards drawn from the deck (they go face up onto the creature track, p.2).
    hidden = {
        "gold": "Cyclades rulebook, Greek edition, p.1 (gold hidden behind each player's "
                "screen) and p.3 (the amount each player has must stay hidden)",
        "deck": "Cyclades rulebook, Greek edition, p.1 (the creature cards are shuffled and "
                "stacked face down)",
    }

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        limit = self.options["cycle_limit"]
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or not 1 <= limit <= MAX_CYCLE_LIMIT):
            raise ValueError(f"cycle_limit must be a whole number from 1 to {MAX_CYCLE_LIMIT} "
                             f"or None, not {shown(limit)}")
        #: what this game's states keep read off the pieces they share (``SharedReads``)
        self.reads = SharedReads()
        path = self.options["archipelago"]
        # A map file is read now; the built-in map's graph is copied only when asked for
        # (``board``): the rules read the map's tables (``routes``), shared by its games.
        self._board = None if path is None else archipelago(self.players, path=path)
        if self._board is None:
            self.routes, self.start = builtin_routes(), builtin_start(self.players)
        else:
            self.routes, self.start = SeaRoutes(self._board), self._board.graph["start"]
        self.islands = list(self.routes.islands)
        self.zones = list(self.routes.zones)
        self.coast, self.sea_adj, self.shore = (self.routes.coast, self.routes.sea_adj,
                                                self.routes.shore)
        self.slots = dict(self.routes.slots)
        #: per island, the slots (from 0) its Metropolis spot covers (``pieces.spot_of``)
        self.spots = {i: frozenset(k - 1 for k in self.slots[i].metropolis)
                      for i in self.islands}
        #: each sea zone's place in map order, to list some zones in that order without a scan
        self.zone_order = {z: k for k, z in enumerate(self.zones)}
        #: the gods, the arrangement and the creature cards the rules read at every step, as
        #: plain records of the validated data (``engine.records``)
        self.gods = {g.id: record(g) for g in gods()}
        self.arrangement = record(arrangements()[self.players])
        self.cards = {name: record(card) for name, card in creature_cards().items()}
        #: the price and temple discounts of each slot of the track, per count of unused
        #: temples (``actions.creature_costs``)
        self.creature_costs: dict[int, tuple[tuple[int, int], ...]] = {}
        self.goal = number("metropolises_to_win_2p" if self.players == 2
                           else "metropolises_to_win")
        self.n = {k: number(k) for k in (
            "starting_gold", "fleets_per_player", "troops_per_player", "prosperity_markers",
            "creature_track_prices", "temple_discount", "creature_min_cost", "priest_discount",
            "offering_min_pay", "min_bid", "build_cost", "fleet_move_cost", "fleet_move_zones",
            "troop_move_cost", "creature_swap_cost", "apollo_income",
            "apollo_income_one_island", "philosophers_for_metropolis", "fortress_bonus",
            "port_bonus", "sphinx_price", "sylph_steps", "kraken_move_cost", "minotaur_bonus",
            "buildings_per_kind", "metropolis_tiles", "priests_supply", "philosophers_supply")}

    @property
    def board(self) -> nx.Graph:
        """The archipelago as a graph of this game's own (``board.archipelago``: change it
        freely; the rules read ``routes``)."""
        if self._board is None:
            self._board = archipelago(self.players)
        return self._board

    def new_data(self, stream: SeededStream) -> CycladesData:
        """The setup: starting gold, start pieces, the creature deck and the offering
        tokens shuffled (rulebook p.1)."""
        start = self.start
        per = 2 if self.players == 2 else 1
        tokens = [seat for seat in range(self.players) for _ in range(per)]
        order = list(range(len(tokens)))
        stream.shuffle(order)
        deck = list(CREATURE_IDS)
        stream.shuffle(deck)
        n = self.players
        d = CycladesData(gold=[self.n["starting_gold"]] * n, tokens=tokens, order=order,
                         deck=deck, priests=[0] * n, philosophers=[0] * n,
                         temples_used=[0] * n, out=[False] * n)
        for seat, s in enumerate(start.players):
            for i in s.islands:
                d.owners[i] = seat
                d.troops[i] = 1
            for z in s.fleets:
                d.fleets[z] = seat
                d.fleet_count[z] = 1
        d.bid_god = [""] * len(tokens)
        d.bid_amount = [0] * len(tokens)
        return d

    def initial_state(self) -> CycladesState:
        """The setup, logged; then the first cycle runs up to the first offering."""
        state = super().initial_state()
        start = self.start
        state.log(f"Each player takes {self.n['starting_gold']} GP; start pieces as the "
                  f"{start.provenance} layout for {self.players} players; the creature deck and "
                  "the offering tokens are shuffled.", SETUP)
        state._advance()
        return state

    def max_actions(self) -> int:
        # A generous bound: per cycle every token bids (chains of ousting raise a bid each time),
        # and every turn's actions are paid in gold, limited by the per-turn recruit limits or
        # by the pieces on the board. With the default cycle limit random games stay far below.
        """A bound on a game's length in moves, from the cycle limit."""
        limit = self.options["cycle_limit"] or 100
        return limit * 3000 + 100

    def invariants(self, state: State) -> list[str]:
        """What must hold in every position (``check_invariants``)."""
        return check_invariants(state)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        """The greedy bots' score of ``state`` for ``player`` (``evaluate``)."""
        return evaluate(state, player)  # type: ignore[arg-type]


class CycladesState(State):
    """A position in Cyclades."""

    __slots__ = ()
    data_class = CycladesData
    rules = RULES
    data: CycladesData
    game: CycladesGame

    # ------------------------------------------------------------------ engine hooks
    def _phase_name(self) -> str:
        """The phase of the topmost task that has one, else the cycle's stage."""
        d = self.data
        if d.over:
            return "Game over"
        tasks = d.tasks
        if tasks:  # every task the rules push has a phase: the top one names it
            phase = TASK_PHASES.get(tasks[-1].kind)
            if phase:
                return phase
            for task in reversed(tasks):
                phase = TASK_PHASES.get(task.kind)
                if phase:
                    return phase
        return d.stage

    def _may_be_over(self) -> bool:
        """Only a position whose game is over, or whose stage says so, may be terminal."""
        return self.data.over or self.data.stage == _TERMINAL

    def _current_player(self) -> int:
        """The top task's player, or chance for a battle round (the decision a called
        creature's task stands for is its player's too: ``decision`` need not build it)."""
        task = self.data.tasks[-1]
        return CHANCE if task.kind in _CHANCE_TASKS else task.player

    def _copy_data_for(self, action: Action) -> CycladesData:
        """The position for a move, sharing the fields few moves change (``copy_for_move``)."""
        return copy_for_move(self.data)

    def _copy_field(self, name: str, value: Any) -> Any:
        """A shared field for a move to change (``to_change``): the buildings, figures and
        battle are nested, the rest are flat lists and dicts."""
        return replicate(value) if name in NESTED_FIELDS else value.copy()

    def keeps(self, *names: str) -> bool:
        """True when this state's move shares the fields ``names`` with the state before it
        (or replaced them whole): nothing changes them in place any more (``to_change`` would
        copy them first). False for a state no move made, which owns all of its fields."""
        owned = self._owned_fields
        return owned is not None and owned.isdisjoint(names)

    def _forget_derived(self) -> None:
        """A piece edited by hand may be one the game's ``reads`` were read off."""
        self.game.reads.forget()

    def decision(self) -> Task:
        """The top task; a called creature's is the decision of its own power."""
        task = self.data.tasks[-1]
        return creatures.creature_decision(task) if task.kind == "creature" else task

    def _scores(self) -> dict[str, Any]:
        """The score table (``metropolis.score_table``)."""
        return metropolis.score_table(self)

    # ------------------------------------------------------------------ hidden information
    def _observe(self, player: int | None) -> Any:
        """Everything but the others' gold (``None``: behind their screens) and the order of
        the creature deck (face-down cards, counted)."""
        data = super()._observe(player)
        data["gold"] = [gp if q == player else None for q, gp in enumerate(data["gold"])]
        data["deck"] = [FACE_DOWN] * len(data["deck"])
        return data

    def _resample(self, player: int | None, rng: random.Random) -> None:
        """Shuffle the creature deck: nobody knows its order (sorted first, so the redraw
        follows only what the seats see and ``rng``). The gold behind the screens stays: every
        income and payment is made in the open, so it follows from the game."""
        self.data.deck.sort()
        rng.shuffle(self.data.deck)

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        """Why a move is not legal (``actions.diagnose``)."""
        return actions.diagnose(self, label)

    # ------------------------------------------------------------------ board helpers
    def islands_of(self, player: int) -> list[str]:
        """The player's islands, in map order."""
        return list(self.islands_held(player))

    def islands_held(self, player: int) -> tuple[str, ...]:
        """``islands_of`` as a tuple kept for the owners map until it changes (``set_owner``; do
        not change the tuple)."""
        owners, reads = self.data.owners, self.game.reads
        by_player = reads.islands
        if reads.owners is not owners:
            found: dict[int, list[str]] = {}
            for i in self.game.islands:
                if i in owners:
                    found.setdefault(owners[i], []).append(i)
            by_player = {q: tuple(own) for q, own in found.items()}
            reads.owners, reads.islands = owners, by_player
        return by_player.get(player, ())

    def fleet_chain(self, island: str, player: int) -> list[str]:
        """The islands linked to ``island`` by chains of the player's fleets
        (``SeaRoutes.fleet_chain``), kept for the fleets map moves share (do not change the
        list)."""
        fleets, reads = self.data.fleets, self.game.reads
        kept = reads.chains
        if kept[0] is not fleets:
            kept = (fleets, {})
            if self.keeps("fleets"):
                reads.chains = kept
        chain = kept[1].get((island, player))
        if chain is None:
            chain = kept[1][island, player] = self.game.routes.fleet_chain(island, player, fleets)
        return chain

    def fleet_zones(self, player: int) -> list[str]:
        """The sea zones holding the player's fleets, in map order."""
        fleets = self.data.fleets
        return sorted(compress(fleets, map(eq, fleets.values(), repeat(player))),
                      key=self.game.zone_order.__getitem__)

    def units(self, player: int, kind: str) -> int:
        """Fleets or troops of the player on the board, counting those in a battle."""
        d = self.data
        if kind == "fleet":
            n = _total_of(player, d.fleet_count, d.fleets.__getitem__)
        else:
            n = _total_of(player, d.troops, d.owners.get)
        b = d.battle
        if b is not None and b.attacker == player and b.land == (kind == "troop"):
            n += b.attack
        return n

    def slots_of(self, island: str) -> list[str]:
        """What stands on each building slot of ``island`` ("" = free); do not change it."""
        return self.data.buildings.get(island) or [""] * self.game.slots[island].small

    def set_slot(self, island: str, slot: int, what: str) -> None:
        """Put ``what`` on a building slot ("" frees it); an island left with no
        buildings leaves ``buildings``."""
        buildings = self.to_change("buildings")
        slots = buildings.setdefault(island, [""] * self.game.slots[island].small)
        slots[slot] = what
        if not any(slots):
            del buildings[island]
        self.game.reads.changed(buildings)

    def set_owner(self, island: str, player: int) -> None:
        """``player`` owns ``island`` now."""
        owners = self.to_change("owners")
        owners[island] = player
        self.game.reads.changed(owners)

    def add_units(self, space: str, player: int, k: int, land: bool) -> None:
        """``k`` troops of ``player`` join his island ``space`` (``land``), or ``k`` of his
        fleets the sea zone ``space``, which they hold."""
        if land:
            troops = self.to_change("troops")
            troops[space] = troops.get(space, 0) + k
        else:
            self.to_change("fleets")[space] = player
            count = self.to_change("fleet_count")
            count[space] = count.get(space, 0) + k

    def remove_units(self, space: str, k: int, land: bool) -> None:
        """``k`` troops leave the island ``space`` (``land``), or ``k`` fleets the sea zone
        ``space``, which nobody holds once the last one is gone."""
        if land:
            troops = self.to_change("troops")
            troops[space] -= k
            if not troops[space]:
                del troops[space]
        else:
            count = self.to_change("fleet_count")
            count[space] -= k
            if not count[space]:
                del count[space], self.to_change("fleets")[space]

    def built(self, player: int) -> dict[str, list[str]]:
        """The player's islands with buildings on them, and their slots, in map order (never
        in dict order: a JSON round trip sorts the keys)."""
        d = self.data
        return {i: d.buildings[i] for i in self.game.islands
                if i in d.buildings and d.owners.get(i) == player}

    def count_buildings(self, player: int, kind: str) -> int:
        """Buildings of one kind on the player's islands ("metropolis" counts Metropolises)."""
        return self.building_counts()[0].get(player, _NO_BUILDINGS).get(kind, 0)

    def metropolises(self, player: int) -> int:
        """The player's Metropolises."""
        return self.building_counts()[0].get(player, _NO_BUILDINGS).get("metropolis", 0)

    def temples(self, player: int) -> int:
        """Temples, a Metropolis counting as one (p.6: it has every building's power)."""
        mine = self.building_counts()[0].get(player, _NO_BUILDINGS)
        return mine.get("temple", 0) + mine.get("metropolis", 0)

    def building_counts(self) -> tuple[dict[int | None, dict[str, int]], dict[str, int]]:
        """Per owner of the islands, and on the whole board, how many buildings of each kind
        stand ("metropolis": how many islands hold a Metropolis); kept for the buildings and
        owners maps until one of them changes (``SharedReads.built``)."""
        d, reads = self.data, self.game.reads
        buildings, owners = d.buildings, d.owners
        kept = reads.built
        if kept[0] is buildings and kept[1] is owners:
            return kept[2]
        per_owner: dict[int | None, dict[str, int]] = {}
        board: dict[str, int] = {}
        for i, slots in buildings.items():
            mine = per_owner.setdefault(owners.get(i), {})
            for kind in slots:
                if kind and kind != "metropolis":
                    mine[kind] = mine.get(kind, 0) + 1
                    board[kind] = board.get(kind, 0) + 1
            if "metropolis" in slots:
                mine["metropolis"] = mine.get("metropolis", 0) + 1
                board["metropolis"] = board.get("metropolis", 0) + 1
        counts = per_owner, board
        reads.built = (buildings, owners, counts)
        return counts

    def figure(self, creature: str) -> Any:
        """The figure of ``creature`` on the board, or None."""
        return next((f for f in self.data.figures if f.creature == creature), None)

    def figures_on(self, space: str) -> list[str]:
        """The creatures whose figures stand on ``space``."""
        return [f.creature for f in self.data.figures if f.space == space]

    def blocked(self) -> set[str]:
        """Sea zones no fleet may enter: the Kraken's, and Polyphemus's ring."""
        out: set[str] = set()
        for f in self.data.figures:
            if f.creature == "kraken":
                out.add(f.space)
            elif f.creature == "polyphemus":
                out.update(self.game.coast[f.space])
        return out

    def frozen(self, island: str) -> bool:
        """Medusa: troops on this island cannot leave it."""
        return "medusa" in self.figures_on(island)

    def revenue(self, player: int) -> int:
        """1 GP per prosperity symbol the player controls now (p.2 Revenue)."""
        d = self.data
        return self.game.routes.income(d.owners, d.fleets, d.markers, [player])[player]

    def alive(self) -> list[int]:
        """The seats still in the game."""
        return [q for q, out in enumerate(self.data.out) if not out]

    # ------------------------------------------------------------------ tasks
    def push(self, kind: str, **fields: Any) -> Task:
        """A task of ``kind`` goes on top of the stack: the next decision. Tasks are frozen, so
        each is made once and shared (``pieces.SHARED_MOVES``, by kind and fields)."""
        key = ("task", kind, *fields.items())
        task = SHARED_MOVES.get(key)
        if task is None:
            task = keep_shared(key, Task(kind, **fields))
        self.data.tasks.append(task)
        return task

    def pop(self) -> Task:
        """The top task is answered: it leaves the stack."""
        return self.data.tasks.pop()

    # ------------------------------------------------------------------ creature deck
    def draw_creature(self) -> str:
        """The top creature card; an empty deck is first rebuilt from the discard pile."""
        d = self.data
        if not d.deck and d.discard:
            d.deck, d.discard = self.to_change("discard"), []
            self.stream.shuffle(d.deck)
            self.log("The creature deck is empty: the discard pile is shuffled into a new deck.",
                     RESHUFFLE)
        return self.to_change("deck").pop() if d.deck else ""

    def card_name(self, card: str) -> str:
        """The creature's name as printed on its card."""
        return self.game.cards[card].name

    # ------------------------------------------------------------------ the cycle
    def _advance(self) -> None:
        """Move the cycle on while nothing is pending (rulebook p.2 "Course of a cycle")."""
        d = self.data
        while not d.over:
            tasks = d.tasks
            if tasks and tasks[-1].kind in _NO_CONVERSION:
                return
            if metropolis.check_conversions(self):
                continue
            if tasks:
                return
            if d.stage in ("Setup", "End of cycle"):
                self._start_cycle()
            elif d.stage == "Offerings":
                offerings.next_bidder(self)
            elif d.stage == "Actions":
                self._next_turn()
            else:  # pragma: no cover - stages are only the ones above
                raise AssertionError(d.stage)

    def _start_cycle(self) -> None:
        """A new cycle: the creature track, the god track and revenue, then the
        offerings (rulebook p.2)."""
        d = self.data
        d.cycle += 1
        self.log(f"Cycle {d.cycle} begins.", CYCLE)
        d.temples_used = [0] * len(d.gold)
        d.stage = "Creature track"
        self._refresh_track()
        d.stage = "God track"
        offerings.arrange_gods(self)
        d.stage = "Revenue"
        alive = self.alive()
        gains = self.game.routes.income(d.owners, d.fleets, d.markers, alive)
        for q in alive:
            gain = gains[q]
            d.gold[q] += gain
            self.log(f"{self.player_name(q)} collects {gain} GP.", REVENUE)
        d.stage = "Offerings"
        d.bidder = 0
        d.apollo = []
        d.bid_god = [""] * len(d.tokens)
        d.bid_amount = [0] * len(d.tokens)

    def _refresh_track(self) -> None:
        """Discard the unused 2-GP card, slide the others towards 2 GP, refill (rulebook p.2).

        In cycle 1 only the 4-GP slot is filled, in cycle 2 the 4- and 3-GP slots (the
        special case at the start of the game): the track grows one slot a cycle.
        """
        d = self.data
        active = min(d.cycle, 3)
        if active == 3 and d.track[2]:
            self.log(f"Nobody called the {self.card_name(d.track[2])}: it is discarded.",
                     CREATURE_TRACK)
            self.to_change("discard").append(d.track[2])
            self.to_change("track")[2] = ""
        cards = [c for c in d.track[:active] if c]
        track = [""] * (active - len(cards)) + cards + [""] * (3 - active)
        for slot in range(active):
            if not track[slot]:
                track[slot] = self.draw_creature()
        d.track = track
        prices = self.game.n["creature_track_prices"]
        shown = ", ".join(f"{self.card_name(c)} ({prices[k]} GP)" for k, c in enumerate(track)
                          if c)
        self.log(f"Creature track: {shown or 'empty'}.",
                 TRACK_START if d.cycle <= 2 else CREATURE_TRACK)

    def _next_turn(self) -> None:
        """Gods act in track order, Apollo last; each finished token goes to the last free
        space of the turn track (rulebook p.3)."""
        d = self.data
        if d.acting:
            token, d.acting = d.acting[0], d.acting[1:]
            actions.start_turn(self, token)
            return
        self._end_cycle()

    def finish_turn(self, token: int) -> None:
        """The token goes on the last free space of the turn track: next cycle's order
        (rulebook p.3)."""
        d = self.data
        d.next_order = [token, *d.next_order]
        self.log(f"{self.player_name(d.tokens[token])} puts the offering token on space "
                 f"{len(d.tokens) - len(d.next_order) + 1} of the turn track.", TURN_TRACK)

    def _end_cycle(self) -> None:
        """The turn track becomes the next cycle's order (without players who are
        out); then the victory check (rulebook p.6)."""
        d = self.data
        d.stage = "End of cycle"
        d.order = [t for t in d.next_order if not d.out[d.tokens[t]]]
        d.next_order = []
        metropolis.end_of_cycle(self)


def _total_of(player: int, counts: dict[str, int], owner_of: Callable[[str], Any]) -> int:
    """The sum of ``counts`` over the places ``owner_of`` gives to ``player`` (a loop run in C:
    ``CycladesState.units`` is asked at every offer of a turn that may recruit)."""
    return sum(compress(counts.values(), map(eq, map(owner_of, counts), repeat(player))))


TASK_PHASES = {
    "bid": "Offerings", "turn": "Actions", "sail": "Actions", "creature": "Creature",
    "sphinx": "Creature", "sylph": "Creature", "kraken-move": "Creature", "battle-round": "Battle",
    "retreat": "Battle", "metropolis": "Metropolis", "metropolis-discard": "Metropolis",
    "apollo-marker": "Apollo",
}

CycladesGame.state_class = CycladesState
#: the phase of a game that is over (``CycladesState.is_terminal``)
_TERMINAL = CycladesGame.terminal_phase
#: the tasks chance answers (the rule book's table, filled as the rules modules were imported)
_CHANCE_TASKS = RULES.outcomes


# ====================================================================== checks and bots
def check_invariants(s: CycladesState) -> list[str]:
    """Gold never negative, at most 8 troops and 8 fleets each, every creature card in exactly
    one place, troops only on their owner's islands, one owner per sea zone, ..."""
    broken = structure_problems(s, TASK_PHASES)  # first: the checks below assume a sound shape
    if broken:
        return broken
    d, g = s.data, s.game
    problems = []
    for q in range(g.players):
        name = s.player_name(q)
        if d.gold[q] < 0:
            problems.append(f"{name} has {d.gold[q]} GP")
        if min(d.priests[q], d.philosophers[q], d.temples_used[q]) < 0:
            problems.append(f"{name} has a negative count of cards")
        if d.philosophers[q] >= g.n["philosophers_for_metropolis"] and \
                not any(t.kind == "metropolis" for t in d.tasks):
            problems.append(f"{name} holds {d.philosophers[q]} philosophers")
        for kind in ("fleet", "troop"):
            if s.units(q, kind) > g.n[f"{kind}s_per_player"]:
                problems.append(f"{name} has {s.units(q, kind)} {kind}s on the board")
        if d.out[q] and (s.islands_of(q) or s.fleet_zones(q) or d.gold[q] or d.priests[q]):
            problems.append(f"{name} is out of the game but still has pieces or gold")
    places = d.deck + d.discard + d.track + d.limbo + [f.card for f in d.figures]
    cards = Counter(c for c in places if c)
    if cards != Counter(CREATURE_IDS):
        diff = Counter(cards)
        diff.subtract(Counter(CREATURE_IDS))
        problems.append(f"creature cards not in exactly one place: "
                        f"{ {k: v for k, v in diff.items() if v} }")
    for i, n in d.troops.items():
        if n < 0 or (n and i not in d.owners):
            problems.append(f"{n} troops on {i} without an owner")
    for i, slots in d.buildings.items():
        if not any(slots) or i not in d.owners:
            problems.append(f"buildings on unowned island {i}")
        if len(slots) != g.slots[i].small:
            problems.append(f"{i} has {len(slots)} building slots")
    if set(d.fleets) != set(d.fleet_count) or any(c < 1 for c in d.fleet_count.values()):
        problems.append("fleet zones and fleet counts disagree")
    kraken = s.figure("kraken")
    if kraken is not None and kraken.space in d.fleets:
        problems.append(f"fleets share the Kraken's zone {kraken.space}")
    for kind in ("priest", "philosopher", "metropolis"):  # the box's supply (refs.SUPPLY)
        if pieces.supply_left(s, kind) < 0:
            problems.append(f"more {kind}s in play than the box holds")
    if sum(d.markers.values()) > g.n["prosperity_markers"]:
        problems.append("more prosperity markers than the box holds")
    held = [t for t in range(len(d.tokens)) if d.bid_god[t] not in ("", "apollo")]
    if len({d.bid_god[t] for t in held}) != len(held):
        problems.append("two offering tokens on one god")
    return problems


def evaluate(s: CycladesState, player: int) -> float:
    """Greedy bots' view: my progress towards Metropolises against the best opponent's."""
    d = s.data
    # during the offerings: a god's favour is worth a few GP of actions to come, and the
    # offering made is owed already
    owed = [0.0] * s.game.players
    if d.stage == "Offerings":
        for t, god in enumerate(d.bid_god):
            if god not in ("", "apollo"):
                owed[d.tokens[t]] += offerings.payment(s, d.tokens[t], d.bid_amount[t]) - 6

    def worth(q: int) -> float:
        """One player's progress: Metropolises, building kinds, philosophers, islands,
        revenue, gold, units and priests."""
        if d.out[q]:
            return -100.0
        kinds = sum(1 for b in ("port", "fortress", "temple", "university")
                    if s.count_buildings(q, b))
        pending = sum(1 for t in d.tasks if t.player == q and (
            t.kind == "metropolis" or (t.kind == "metropolis-discard" and t.space)))
        return (100 * (s.metropolises(q) + pending) + 12 * kinds + 15 * d.philosophers[q]
                + 6 * len(s.islands_of(q)) + 3 * s.revenue(q) + 0.5 * (d.gold[q] - owed[q])
                + 1.5 * s.units(q, "troop") + 1.0 * s.units(q, "fleet") + 2 * d.priests[q])

    mine = worth(player)
    others = [worth(q) for q in range(s.game.players) if q != player]
    return mine - max(others, default=0.0)
