"""The game of Elysium: its options, its deck of card instances and its phases.

``ElysiumGame`` reads the rule numbers, quests and pediment (``data/rules.yaml``) and the cards
of the five families in play, names each physical card by a short instance id, and deals the
setup (Elysium rulebook, Greek edition, p.3-4). Positions are ``ElysiumState`` (:mod:`.rules`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

from mythlab.engine import Action, DataError, Game, Phase, PhaseBook, State
from mythlab.engine.chance import SeededStream
from mythlab.engine.errors import shown
from mythlab.engine.records import record

from .checks import check_invariants
from .hidden import HIDDEN
from .legends import LegendView, Shape
from .load import Card, CardBook, RulesBook, edition_cards, load_edition, render, rules_book
from .powers import CardFacts, Colour, Family, Timing, UsePower, When, Zone, reads_zone, walk
from .refs import FAMILIES, FINAL, PHASE_I, PHASE_II, PHASE_III, PHASE_IV, SETUP
from .rules import ElysiumState, fits, needs
from .scoring import score_table
from .state import ElysiumData, Seat

PHASES = PhaseBook([
    Phase("Setup", SETUP, 0, ("Phase I: Awakening",),
          "Discs, 4 gold, one column of each colour, VP equal to the disc; 5 families shuffled; "
          "an Agora of 3 x players + 1 cards."),
    Phase("Phase I: Awakening", PHASE_I, 1, ("Phase II: Actions",),
          "The Agora's leftovers are discarded and it is refilled (the Oracle slides in first)."),
    Phase("Phase II: Actions", PHASE_II, 2, ("Phase III: Writing legends",),
          "In disc order, 4 turns each: take a card or a quest whose condition your columns "
          "meet, then discard one column. Exactly 1 quest and 3 cards."),
    Phase("Phase III: Writing legends", PHASE_III, 3, ("Phase IV: End of the epoch",),
          "Discs follow the quests; quests pay VP and gold; in the new order, transfer up to "
          "your quest's lyres, paying each card's level."),
    Phase("Phase IV: End of the epoch", PHASE_IV, 4, ("Phase I: Awakening", "Final scoring"),
          "Columns come back, Activate cards straighten, the epoch marker moves."),
    Phase("Final scoring", FINAL, 5, ("Game over",),
          "Domains and lone cards leave; chronos powers, legends, prestige, -2 VP per Citizen."),
    Phase("Game over", FINAL, 6, (), "Most VP wins; ties go to the most gold, then are shared."),
])

#: card instances are short ids (family code + number: ``hd7``) to keep states small;
#: ``game.labels`` and ``game.inst`` say which card each one is
CODES = {"apollo": "ap", "ares": "ar", "athena": "at", "hades": "hd", "hephaestus": "hp",
         "hermes": "hm", "poseidon": "po", "zeus": "ze"}

#: the tables of ``GameTables``, by the game's options but the seed
_TABLES: dict[str, GameTables] = {}
#: the tables of ``ElysiumGame.meetable``, by the card instances of each acquisition condition
_MEETABLE: dict[tuple, dict[tuple[str, ...], frozenset[str]]] = {}
#: how many sets of options (or decks) those two keep: a kernel trying many card files or
#: family sets starts afresh past it (about 2,000 moves, 1 MB, a set of options)
OPTION_SETS_KEPT = 64


def _shared(kept: dict, key: Any, make: Callable[[], Any] = dict) -> Any:
    """What ``kept`` holds for ``key``, ``make()`` if nothing (all dropped when full)."""
    found = kept.get(key)
    if found is None:
        if len(kept) >= OPTION_SETS_KEPT:
            kept.clear()
        found = kept[key] = make()
    return found


class GameTables:
    """What a game reads of its cards, quests and rules, worked out once for all the games of
    the same options but the seed (making a game reads the card files, writes every card's
    text and walks every power: as long as playing it once took). Every game of those options
    takes these tables as its own attributes (``ElysiumGame.inst``, ``labels`` …); they never
    change, but for the ones filled as play asks (``moves``, ``meetable``, ``questable``)."""

    def __init__(self, game: ElysiumGame):
        self.rules: RulesBook = rules_book()
        self._numbers = {name: n.value for name, n in self.rules.numbers.items()}  # fast look-up
        files = game.options["card_files"]
        book = load_edition(list(files)) if files else edition_cards()
        self.families = _families(game.options["families"], book, self.rules)
        self.book: CardBook = book
        self.deck: list[str] = []
        self.inst: dict[str, Card] = {}
        for family in self.families:
            n = 0
            for card in book.family(family).cards:
                _check_card(book.family(family).file, card)
                kept = record(card)  # the rules read cards at every step (``engine.records``)
                for _ in range(card.copies):
                    n += 1
                    instance = f"{CODES[family]}{n}"
                    self.deck.append(instance)
                    self.inst[instance] = kept
        self.keys = {i: c.key for i, c in self.inst.items()}
        self.facts = {i: CardFacts(i, c.family.value, c.level, eleusis=c.eleusis)
                      for i, c in self.inst.items()}
        self.citizen_facts = {i: CardFacts(i, citizen=True) for i in self.inst}
        names = Counter(c.name.en for c in {c.key: c for c in self.inst.values()}.values())
        self.labels = {i: c.name.en + (f" ({c.family.value.capitalize()})"
                                       if names[c.name.en] > 1 else "")
                       for i, c in self.inst.items()}
        self.by_label = {v.casefold(): k for k, v in self.labels.items()}
        self.by_label.update({c.key: i for i, c in self.inst.items()})
        self.quests = {q.id: q for q in self.rules.quests_for(game.players)}
        rendered = {c.key: render(c) for c in self.inst.values()}
        self.texts = {i: rendered[c.key] for i, c in self.inst.items()}
        self.timing = {i: c.timing for i, c in self.inst.items()}
        #: each instance's power, read from a plain table (``ElysiumState.use``)
        self.powers = {i: c.power for i, c in self.inst.items()}
        #: the instances whose powers a turn may use (Activate, Trigger), and Phase III
        self.turn_powers = frozenset(i for i, c in self.inst.items()
                                     if c.timing in (Timing.ACTIVATE, Timing.TRIGGER))
        self.legend_powers = frozenset(i for i, c in self.inst.items()
                                       if c.timing is Timing.LEGEND)
        #: the instances of Permanent cards, and of Eleusis cards
        self.permanent = frozenset(i for i, c in self.inst.items() if c.timing is Timing.PERMANENT)
        self.eleusis = frozenset(i for i, c in self.inst.items() if c.eleusis)
        #: the events each Permanent card reacts to: those its ``when`` steps name (a power
        #: acts only through them, ``_check_card``), so ``ElysiumState.fire`` asks no other
        self.listens = {i: frozenset(e for step in _steps(c.power) for e in step.when.events)
                        for i, c in self.inst.items() if c.timing is Timing.PERMANENT}
        #: Legend powers that count the phase's transfers (``ElysiumState.counted_over_phase``)
        self.counted_over_phase = frozenset(
            i for i, c in self.inst.items()
            if c.timing is Timing.LEGEND and reads_zone(c.power, Zone.TRANSFERRED))
        #: moves made once and offered by every state (``ElysiumState.move``): they depend on
        #: the cards and players, not the seed
        self.moves: dict[tuple, Action] = {}
        #: the moves of makers of one argument, by maker and argument (``ElysiumState.moves``)
        self.item_moves: dict[Callable[..., Action], dict[Any, Action]] = {}
        #: what transfer offers read of each legend (``ElysiumState.legend_view``)
        self.legend_views: dict[tuple, LegendView] = {}
        #: what each card pays to join a legend, by the legend's shape (``LegendView.level``)
        self.legend_levels: dict[Shape, dict[str | None, int | None]] = {}
        self.sorted_deck = sorted(self.deck)
        self.colours_in_play = [c.value for c in self.rules.columns]
        self.colours = {(p.side, tile): self._colours(p.colours, tile)
                        for p in self.rules.pediment for tile in self.quests}
        #: the card instances by what their acquisition condition needs (``meetable``)
        self.by_needs: dict[tuple[tuple[str, ...], int], list[str]] = {}
        for i, card in self.inst.items():
            self.by_needs.setdefault(needs(tuple(card.condition or ())), []).append(i)
        #: ``meetable``'s table, shared by the games dealing the same cards
        self._meetable = _shared(
            _MEETABLE, tuple((need, tuple(cards)) for need, cards in self.by_needs.items()))
        self._questable: dict[tuple[str, tuple[str, ...]], frozenset[str]] = {}

    def _colours(self, colours: Sequence[Colour], tile: str) -> list[str]:
        """The column colours above a quest (one; two of them with 2 players, p.4-5)."""
        tiles = sorted(self.quests.values(), key=lambda q: q.number)
        span = len(colours) // len(tiles)
        i = [q.id for q in tiles].index(tile)
        return [c.value for c in colours[i * span:(i + 1) * span]]


def _families(choice: Any, book: CardBook, rules: RulesBook) -> list[str]:
    """The five families in play: a set's name or the families named (p.3, p.10)."""
    sets = rules.family_sets
    if isinstance(choice, str):
        if choice not in sets:
            raise ValueError(f"families: no set called {choice!r}; sets: {', '.join(sets)} "
                             f"({FAMILIES})")
        names = [f.value for f in sets[choice].families]
    elif isinstance(choice, list | tuple):
        names = [str(f).lower() for f in choice]
    else:
        raise ValueError(f"families: a set name or a list of families, not {shown(choice)} "
                         f"({FAMILIES})")
    known = [f.family.value for f in book.families]
    bad = [f for f in names if f not in known]
    in_play = rules.number("families_in_play")
    if bad or len(set(names)) != in_play:
        raise ValueError(f"families: choose {in_play} different families of "
                         f"{', '.join(known)}; got {names} ({FAMILIES})")
    return names


class ElysiumGame(Game):
    """Elysium: demigods take cards and quests, then write legends in their Elysium."""

    name = "elysium"
    title = "Elysium"
    min_players = 2
    max_players = 4
    default_players = 4
    phases = PHASES
    state_class = ElysiumState
    hidden = HIDDEN
    #: ``families``: a set name (``first-game``, ``opulence`` …) or 5 family names;
    #: ``card_files``: your own family files, replacing the families they define
    default_options = {"names": None, "families": "first-game", "card_files": None}
    file_options = {"card_files": True}

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        key = json.dumps({k: v for k, v in self.options_dict().items() if k != "seed"},
                         sort_keys=True)
        vars(self).update(vars(_shared(_TABLES, key, lambda: GameTables(self))))

    def meetable(self, columns: Sequence[str]) -> frozenset[str]:
        """The card instances whose acquisition condition these columns meet (p.4-5): worked
        out once for each set of columns a board can be left with, for every game dealing the
        same cards."""
        key = tuple(columns)
        found = self._meetable.get(key)
        if found is None:
            found = self._meetable[key] = frozenset(chain.from_iterable(
                cards for need, cards in self.by_needs.items() if fits(key, need)))
        return found

    def questable(self, side: str, columns: Sequence[str]) -> frozenset[str]:
        """The quest tiles with a column of their colours among these columns on this pediment
        side (p.5), worked out once for each set of columns by the games of these options."""
        key = (side, tuple(columns))
        found = self._questable.get(key)
        if found is None:
            found = self._questable[key] = frozenset(
                t for t in self.quests if any(c in columns for c in self.colours[side, t]))
        return found

    def number(self, name: str) -> Any:
        """A rule number of ``data/rules.yaml`` by name, e.g. ``starting_gold``."""
        return self._numbers[name]

    @property
    def oracle_in_play(self) -> bool:
        """Whether Apollo's family is in play: only then is there an Oracle."""
        return Family.APOLLO.value in self.families

    def new_data(self, stream: SeededStream) -> ElysiumData:
        """The setup's draws (p.3-4): the deck shuffled, the first player and pediment side
        at random; each seat's disc, starting gold, VP equal to its disc number, and columns."""
        deck = list(self.deck)
        stream.shuffle(deck)
        seats_in_order = list(range(self.players))
        stream.shuffle(seats_in_order)
        first = seats_in_order[0]
        sides = [p.side for p in self.rules.pediment]
        stream.shuffle(sides)
        gold = self.number("starting_gold")
        seats = []
        for q in range(self.players):
            disc = (q - first) % self.players + 1
            seats.append(Seat(disc=disc, gold=gold, vp=disc,
                              columns=[c.value for c in self.rules.columns]))
        return ElysiumData(families=list(self.families), side=sides[0], seats=seats, draw=deck,
                           quests=list(self.quests),
                           order=sorted(range(self.players), key=lambda q: seats[q].disc))

    def initial_state(self) -> ElysiumState:
        """The game's first state: the setup (:meth:`ElysiumState.setup`), then play runs on to
        the first decision."""
        state = super().initial_state()
        state.setup()
        state._advance()
        return state

    def max_actions(self) -> int:
        """A bound on a game's length in moves (random_sim checks it)."""
        # 5 epochs; per player and epoch: 4 turns with a column each, a handful of powers (each
        # card's Activate once an epoch, Trigger once a game), transfers. A bound, not a guess.
        return 5 * self.players * 250 + 100

    def invariants(self, state: State) -> list[str]:
        """What must hold in every position (``check_invariants``)."""
        return check_invariants(state)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        """The greedy bots' score: ``player``'s VP lead over the best other player, plus a
        tenth of their gold."""
        vp = score_table(state)["vp"]  # type: ignore[arg-type]
        others = [v for q, v in enumerate(vp) if q != player]
        return float(vp[player] - max(others, default=0)) + 0.1 * state.data.seats[player].gold


def _steps(power: Any) -> tuple[Any, ...]:
    """A power's steps: the steps of a sequence, or the power alone."""
    return power if isinstance(power, tuple) else (power,)


def _check_card(file: str, card: Card) -> None:
    """Powers the engine cannot run are refused up front, naming the card and field."""
    if card.timing is Timing.PERMANENT:
        if not all(isinstance(p, When) for p in _steps(card.power)):
            raise DataError(file, card.id, "power", "a permanent power acts through 'when' "
                                                    "(whenever you take or transfer …)")
    if card.timing is not Timing.ACTIVATE and card.timing is not Timing.INSTANT:
        for path, node in walk(card.power):
            if isinstance(node, UsePower):
                raise DataError(file, card.id, path, "use_power is for instant and activate "
                                                     "powers")

