"""Elysium's rules on the shared engine (seeds 000_db8070cbd6e85785.txt, 002_8992e8d355a4320e.txt).

Five epochs of Phase I (Awakening) -> II (Actions) -> III (Writing legends) -> IV (End of the
epoch), then final scoring. Every pending decision is a ``Task`` on a stack: the top task offers
the legal actions. Card powers run through the power language (:mod:`.powers`): a power is
evaluated into effects, each effect becomes a task, and the rules below carry tasks out without
knowing any card. Handlers are named after the rule they carry out; where the rulebooks are
silent they cite a mythlab ruling (``data/elysium/rules.yaml``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from mythlab.engine import Action, DataError, Game, Phase, PhaseBook, State
from mythlab.engine.chance import SeededStream
from mythlab.engine.errors import shown

from . import legends as L
from .context import GameContext
from .load import Card, CardBook, RulesBook, load_edition, render, rules_book
from .powers import (
    CardEffect,
    CardFacts,
    CardSpec,
    Choice,
    Colour,
    Effect,
    EventKind,
    Family,
    MayDo,
    PowerEvent,
    ResourceEffect,
    Timing,
    UsePower,
    When,
    Zone,
    describe_option,
    evaluate,
    reads_zone,
    walk,
)
from .refs import (
    ACTIVATE,
    ATHENA_ORDER,
    CHRONOS,
    CITIZEN_JOKER,
    CITIZEN_VP,
    CITIZENS,
    COLUMN,
    CONDITION,
    DISCS,
    ELEUSIS,
    FAMILIES,
    FAMILY_BONUS,
    FINAL,
    FORCED_CITIZEN,
    IDENTICAL,
    INCOMPLETE,
    INSTANT,
    LEGEND_POWER,
    LEGEND_VP,
    LEVEL_BONUS,
    ORACLE,
    OWN_POWER,
    PASS,
    PERMANENT,
    PHASE_COUNT,
    PHASE_I,
    PHASE_II,
    PHASE_III,
    PHASE_IV,
    POWERS,
    PRESTIGE,
    QUEST_REWARD,
    QUOTA,
    SETUP,
    TIES,
    TRANSFERS,
    TRIGGER,
    TURN_ORDER,
    TWO_PLAYERS,
    act,
    ruling,
)
from .scoring import score_table
from .state import ElysiumData, Seat, Task
from .structure import structure_problems

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

II, III = "Phase II: Actions", "Phase III: Writing legends"
#: card instances are short ids (family code + number: ``hd7``) to keep states small;
#: ``game.labels`` and ``game.inst`` say which card each one is
CODES = {"apollo": "ap", "ares": "ar", "athena": "at", "hades": "hd", "hephaestus": "hp",
         "hermes": "hm", "poseidon": "po", "zeus": "ze"}
AUTOMATIC = ("gain", "pay", "lose", "citizen", "draw", "add", "settle")
ZONE_NAMES = {"agora": "the Agora", "oracle": "the Oracle", "discard_pile": "the discard pile",
              "domain": "your domain"}


@cache
def _spec(text: str) -> CardSpec:
    """A card filter from its compact task form (``family=hades,level=2``)."""
    fields: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        fields[key] = value or True
    return CardSpec.model_validate(fields)


def _spec_text(spec: CardSpec) -> str:
    parts = [f"family={spec.family.value}"] if spec.family else []
    parts += [f"level={spec.level}"] if spec.level else []
    parts += ["citizen"] * spec.citizen + ["eleusis"] * spec.eleusis
    return ",".join(parts)


class ElysiumGame(Game):
    """Elysium: demigods take cards and quests, then write legends in their Elysium."""

    name = "elysium"
    title = "Elysium"
    min_players = 2
    max_players = 4
    default_players = 4
    phases = PHASES
    #: ``families``: a set name (``first-game``, ``opulence`` …) or 5 family names;
    #: ``card_files``: your own family files, replacing the families they define
    default_options = {"names": None, "families": "first-game", "card_files": None}
    file_options = {"card_files": True}

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        self.rules: RulesBook = rules_book()
        files = self.options["card_files"]
        book = load_edition(list(files)) if files else _edition()
        self.families = self._families(book)
        self.book: CardBook = book
        self.deck: list[str] = []
        self.inst: dict[str, Card] = {}
        for family in self.families:
            n = 0
            for card in book.family(family).cards:
                _check_card(book.family(family).file, card)
                for _ in range(card.copies):
                    n += 1
                    instance = f"{CODES[family]}{n}"
                    self.deck.append(instance)
                    self.inst[instance] = card
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
        self.quests = {q.id: q for q in self.rules.quests_for(self.players)}
        rendered = {c.key: render(c) for c in self.inst.values()}
        self.texts = {i: rendered[c.key] for i, c in self.inst.items()}
        self.sorted_deck = sorted(self.deck)
        self.colours_in_play = [c.value for c in self.rules.columns]
        self.colours = {(p.side, tile): self._colours(p.colours, tile)
                        for p in self.rules.pediment for tile in self.quests}

    def _colours(self, colours: Sequence[Colour], tile: str) -> list[str]:
        """The column colours above a quest (one; two of them with 2 players, p.4-5)."""
        tiles = sorted(self.quests.values(), key=lambda q: q.number)
        span = len(colours) // len(tiles)
        i = [q.id for q in tiles].index(tile)
        return [c.value for c in colours[i * span:(i + 1) * span]]

    def _families(self, book: CardBook) -> list[str]:
        choice = self.options["families"]
        sets = self.rules.family_sets
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
        if bad or len(set(names)) != self.number("families_in_play"):
            raise ValueError(f"families: choose {self.number('families_in_play')} different "
                             f"families of {', '.join(known)}; got {names} ({FAMILIES})")
        return names

    def number(self, name: str) -> Any:
        return self.rules.number(name)

    @property
    def oracle_in_play(self) -> bool:
        return Family.APOLLO.value in self.families

    def new_data(self, stream: SeededStream) -> ElysiumData:
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
        state = super().initial_state()
        state.setup()
        state._advance()
        return state

    def max_actions(self) -> int:
        # 5 epochs; per player and epoch: 4 turns with a column each, a handful of powers (each
        # card's Activate once an epoch, Trigger once a game), transfers. A bound, not a guess.
        return 5 * self.players * 250 + 100

    def invariants(self, state: State) -> list[str]:
        return check_invariants(state)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        vp = score_table(state)["vp"]  # type: ignore[arg-type]
        others = [v for q, v in enumerate(vp) if q != player]
        return float(vp[player] - max(others, default=0)) + 0.1 * state.data.seats[player].gold


@cache
def _edition() -> CardBook:
    return load_edition()


def _check_card(file: str, card: Card) -> None:
    """Powers the engine cannot run are refused up front, naming the card and field."""
    if card.timing is Timing.PERMANENT:
        steps = card.power if isinstance(card.power, tuple) else (card.power,)
        if not all(isinstance(p, When) for p in steps):
            raise DataError(file, card.id, "power", "a permanent power acts through 'when' "
                                                    "(whenever you take or transfer …)")
    if card.timing is not Timing.ACTIVATE and card.timing is not Timing.INSTANT:
        for path, node in walk(card.power):
            if isinstance(node, UsePower):
                raise DataError(file, card.id, path, "use_power is for instant and activate "
                                                     "powers")


class ElysiumState(State):
    """A position in Elysium."""

    __slots__ = ()
    data_class = ElysiumData
    data: ElysiumData
    game: ElysiumGame

    # ------------------------------------------------------------------ engine hooks
    def _phase_name(self) -> str:
        return "Game over" if self.data.over else self.data.phase

    def _current_player(self) -> int | None:
        return self.data.tasks[-1].player

    def _legal(self) -> list[Action]:
        task = self.data.tasks[-1]
        return OFFERS[task.kind](self, task)

    def _chance(self) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError("Elysium has no chance nodes: shuffles use the seeded stream")

    def _do(self, action: Action) -> None:
        task = self.data.tasks[-1]
        DOERS[task.kind](self, task, action)
        self._advance()

    def _scores(self) -> dict[str, Any]:
        return score_table(self)

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        return diagnose(self, label)

    # ------------------------------------------------------------------ small helpers
    def seat(self, q: int) -> Seat:
        return self.data.seats[q]

    def card(self, instance: str) -> Card:
        return self.game.inst[instance]

    def label(self, q: int, instance: str) -> str:
        return "a Citizen" if instance in self.seat(q).citizens else self.game.labels[instance]

    def facts(self, q: int, instance: str) -> CardFacts:
        """What powers see of a card: nothing but "a Citizen" for a face-down card."""
        if instance in self.data.seats[q].citizens:
            return self.game.citizen_facts[instance]
        return self.game.facts[instance]

    def push(self, task: Task) -> Task:
        self.data.tasks.append(task)
        return task

    def group(self) -> int:
        self.data.groups += 1
        return self.data.groups

    # ------------------------------------------------------------------ setup and flow
    def setup(self) -> None:
        """Setup (p.3-4): the Agora of 3 x players + 1, the Oracle's 4 cards with Apollo."""
        d, g = self.data, self.game
        self.log(f"Families: {', '.join(f.capitalize() for f in d.families)}; the deck of "
                 f"{len(d.draw)} cards is shuffled.", SETUP)
        for q in d.order:
            self.log(f"{self.player_name(q)} has disc #{self.seat(q).disc}, "
                     f"{self.seat(q).vp} VP and {self.seat(q).gold} gold.", SETUP)
        self.log(f"Pediment side {d.side}: "
                 + ", ".join(f"quest {g.quests[t].number} needs "
                             + " or ".join(self.quest_colours(t)) for t in d.quests) + ".",
                 TWO_PLAYERS if g.players == 2 else SETUP)
        self.fill_agora()
        if g.oracle_in_play:
            self.fill_oracle()
        d.phase = "Phase I: Awakening"

    def quest_colours(self, tile: str) -> list[str]:
        """The column colours above a quest on the pediment side in play."""
        return self.game.colours[self.data.side, tile]

    def draw_top(self) -> str | None:
        """The top card of the draw pile; the discard pile is reshuffled when it runs out."""
        d = self.data
        if not d.draw and d.discard:
            d.draw, d.discard = d.discard, []
            self.stream.shuffle(d.draw)
            self.log("The draw pile is empty: the discard pile is shuffled into a new one.",
                     ruling("reshuffle"))
        return d.draw.pop() if d.draw else None

    def fill_agora(self) -> None:
        d = self.data
        size = self.game.number("agora_per_player") * self.game.players \
            + self.game.number("agora_extra")
        while len(d.agora) < size and (card := self.draw_top()) is not None:
            d.agora.append(card)
        self.log(f"The Agora holds {len(d.agora)} cards.", PHASE_I if d.epoch > 1 else SETUP)

    def fill_oracle(self) -> None:
        d = self.data
        for _ in range(self.game.number("oracle_cards")):
            if (card := self.draw_top()) is not None:
                d.oracle.append(card)
        self.log(f"{len(d.oracle)} cards are put face up under the Oracle.", ORACLE)

    def _advance(self) -> None:
        """Resolve automatic tasks and move the game on until a decision is needed."""
        d = self.data
        while not d.over:
            if d.tasks:
                task = d.tasks[-1]
                if task.kind in AUTOMATIC:
                    d.tasks.pop()
                    AUTO[task.kind](self, task)
                    continue
                offers = OFFERS[task.kind](self, task)
                if not offers:
                    NOTHING[task.kind](self, task)
                    continue
                if len(offers) == 1 and offers[0].kind in FORCED:
                    DOERS[task.kind](self, task, offers[0])
                    continue
                self._legal_cache = tuple(offers)
                return
            if d.phase == "Phase I: Awakening":
                self.phase_one()
            elif d.phase == II:
                self.next_turn()
            elif d.phase == III:
                self.next_writer()
            elif d.phase == "Phase IV: End of the epoch":
                self.phase_four()
            else:
                self.final_scoring()

    def phase_one(self) -> None:
        """Phase I (p.5): clear and refill the Agora; the Oracle slides in first (p.5, Apollo)."""
        d = self.data
        if d.epoch > 1:
            d.discard += d.agora
            d.agora = []
            self.log("The Agora's leftover cards go to the discard pile.", PHASE_I)
            if self.game.oracle_in_play:
                d.agora += d.oracle
                d.oracle = []
                self.log("The Oracle's cards slide into the Agora.", ORACLE)
            self.fill_agora()
            if self.game.oracle_in_play:
                self.fill_oracle()
        for seat in d.seats:
            seat.quest, seat.cards_taken = "", 0
            seat.acquired, seat.transferred, seat.legend_used = [], [], []
        d.turn = 0
        d.phase = II
        self.log(f"Epoch {d.epoch}: Phase II. Disc #1 plays first.", TURN_ORDER)

    def next_turn(self) -> None:
        """Phase II (p.5): 4 turns each, in ascending disc order."""
        d = self.data
        n = self.game.players
        if d.turn >= self.game.number("turns_per_epoch") * n:
            self.end_phase_two()
            return
        q = d.order[d.turn % n]
        d.turn += 1
        self.push(Task("turn", q))

    def end_phase_two(self) -> None:
        """Phase III steps 1-2 (p.8): incomplete quests, discs by quest, quest rewards."""
        d, g = self.data, self.game
        back = g.rules.incomplete_quest
        for q in d.order:
            if not self.seat(q).quest:
                self.log(f"{self.player_name(q)} takes an incomplete quest.", INCOMPLETE)
        d.order = sorted(range(g.players), key=lambda q: (
            not self.seat(q).quest, g.quests[self.seat(q).quest].number
            if self.seat(q).quest else 0, self.seat(q).disc))
        for i, q in enumerate(d.order):
            self.seat(q).disc = i + 1
        self.log("Discs: " + ", ".join(f"#{self.seat(q).disc} {self.player_name(q)}"
                                       for q in d.order) + ".", DISCS)
        for q in d.order:
            seat = self.seat(q)
            reward: Any = g.quests[seat.quest] if seat.quest else back
            seat.vp += reward.vp
            seat.gold += reward.gold
            seat.lyres = reward.lyres
            self.log(f"{self.player_name(q)} gains {reward.vp} VP and {reward.gold} gold "
                     f"and may transfer {reward.lyres} card(s).", QUEST_REWARD)
            seat.transferred, seat.legend_used = [], []
        d.quests = list(g.quests)
        d.turn = 0
        d.phase = III

    def next_writer(self) -> None:
        """Phase III step 3 (p.8): each player transfers in the new disc order; then the
        Legend powers that count the phase's transfers are settled, in the same order."""
        d, n = self.data, self.game.players
        if d.turn < n:
            q = d.order[d.turn]
            d.turn += 1
            self.push(Task("legend", q))
        elif d.turn == n:
            d.turn += 1
            for q in reversed(d.order):     # the first disc's settles first
                self.push(Task("settle", q))
        else:
            d.phase = "Phase IV: End of the epoch"

    def phase_counts(self, q: int) -> list[str]:
        """The player's Legend powers still to be counted over this Phase III (Charon): in the
        domain or transferred this phase (ruling legend-timing), not settled yet."""
        seat = self.seat(q)
        cards = list(seat.domain) + [c for c in seat.transferred if c not in seat.domain]
        return [c for c in cards if c not in seat.citizens and c not in seat.legend_used
                and counted_over_phase(self.card(c))]

    def phase_four(self) -> None:
        """Phase IV (p.10): columns back, Activate cards straighten, the epoch marker moves."""
        d = self.data
        for seat in d.seats:
            seat.columns = [c.value for c in self.game.rules.columns]
            seat.turned = []
            seat.lyres = 0
        self.log(f"End of epoch {d.epoch}: columns come back, Activate cards straighten.",
                 PHASE_IV)
        d.epoch += 1
        d.phase = ("Final scoring" if d.epoch > self.game.number("epochs")
                   else "Phase I: Awakening")

    def final_scoring(self) -> None:
        """Final scoring (p.10): domains and lone Elysium cards leave the game, then the table."""
        d = self.data
        for q, seat in enumerate(d.seats):
            d.removed += seat.domain
            seat.domain, seat.turned, seat.rings = [], [], []
            lone = [lg for lg in seat.legends if len(lg) < 2]
            d.removed += [c for lg in lone for c in lg]
            seat.legends = [lg for lg in seat.legends if len(lg) >= 2]
            seat.citizens = [c for c in seat.citizens if c not in d.removed]
            if lone:
                self.log(f"{self.player_name(q)}'s lone Elysium cards are removed.", FINAL)
        d.over = True
        d.phase = "Game over"
        table = score_table(self)
        prestige = [b["prestige"] for b in table["breakdown"].values()]
        for q, extra in enumerate(prestige):
            if extra:
                shared = prestige.count(extra) > 1
                self.log(f"{self.player_name(q)} gets {extra} VP for prestige"
                         + (" (a shared place)" if shared else "") + ".",
                         ruling("prestige-shares") if shared else PRESTIGE)
        for name, b in table["breakdown"].items():
            self.log(f"{name}: chronos powers {b['chronos']} VP.", CHRONOS)
            self.log(f"{name}: legends {b['legends']} VP, level bonus {b['level bonus']} VP.",
                     LEGEND_VP)
            if b["citizens"]:
                self.log(f"{name}: {b['citizens']} VP for Citizens in legends.", CITIZEN_VP)
        for name, vp in table["scores"].items():
            self.log(f"{name}: {vp} VP in all.", FINAL)
        winners = table["winners"]
        self.log("Winner: " + ", ".join(self.player_name(w) for w in winners) + ".",
                 TIES if len(winners) > 1 or list(table["vp"]).count(max(table["vp"])) > 1
                 else FINAL)

    # ------------------------------------------------------------------ taking cards
    def meets(self, q: int, condition: Sequence[Colour] | None) -> bool:
        """Do the columns left meet an acquisition condition? Black is any colour (p.4-5)."""
        columns = self.seat(q).columns
        need = list(condition or ())
        return all(c.value in columns for c in need if c is not Colour.BLACK) \
            and len(columns) >= len(need)

    def domain_keys(self, q: int, ignore: str = "") -> set[str]:
        """The pictures of the face-up cards in a domain."""
        seat, keys = self.seat(q), self.game.keys
        return {keys[c] for c in seat.domain if c != ignore and c not in seat.citizens}

    def identical(self, q: int, instance: str, ignore: str = "") -> bool:
        """Is a card with the same picture in the domain already? (p.5)"""
        return self.game.keys[instance] in self.domain_keys(q, ignore)

    def takeable_cards(self, q: int) -> list[str]:
        seat = self.seat(q)
        if seat.cards_taken >= self.game.number("cards_per_epoch"):
            return []
        held, keys = self.domain_keys(q), self.game.keys
        return _distinct(self, (c for c in self.data.agora
                                if keys[c] not in held and self.meets(q, self.card(c).condition)))

    def takeable_quests(self, q: int) -> list[str]:
        seat = self.seat(q)
        if seat.quest:
            return []
        return [t for t in self.data.quests
                if any(c in seat.columns for c in self.quest_colours(t))]

    def enter_domain(self, q: int, instance: str, how: str, rule: str) -> None:
        """A card comes face up into a domain: ring, Permanent reactions, Instant power."""
        seat = self.seat(q)
        seat.domain.append(instance)
        seat.acquired.append(instance)
        card = self.card(instance)
        self.log(f"{self.player_name(q)} {how} {self.game.labels[instance]}.", rule)
        if card.timing is Timing.TRIGGER:
            seat.rings.append(instance)
        if card.timing is Timing.INSTANT:
            self.use(q, instance, INSTANT)
        self.fire(q, EventKind.TAKE, instance)

    def take_citizen(self, q: int, rule: str) -> bool:
        card = self.draw_top()
        if card is None:
            self.log("No card is left to take as a Citizen.", ruling("reshuffle"))
            return False
        seat = self.seat(q)
        seat.domain.append(card)
        seat.citizens.append(card)
        seat.acquired.append(card)
        self.log(f"{self.player_name(q)} takes a Citizen (face down).", rule)
        self.fire(q, EventKind.TAKE, card)
        return True

    def leave_domain(self, q: int, instance: str) -> None:
        seat = self.seat(q)
        seat.domain.remove(instance)
        if instance in seat.turned:
            seat.turned.remove(instance)
        if instance in seat.rings:
            seat.rings.remove(instance)

    # ------------------------------------------------------------------ powers
    def usable(self, q: int, instance: str) -> str | None:
        """Why the owner cannot use this power now in their turn (timing, ring, Eleusis)."""
        card, seat = self.card(instance), self.seat(q)
        if instance in seat.citizens:
            return CITIZENS
        if card.timing is Timing.ACTIVATE and instance in seat.turned:
            return ACTIVATE
        if card.timing is Timing.TRIGGER and instance not in seat.rings:
            return TRIGGER
        if card.eleusis and not any(self.card(c).eleusis for c in seat.domain
                                    if c != instance and c not in seat.citizens):
            return ELEUSIS
        return None

    def use(self, q: int, instance: str, rule: str, group: int = 0) -> None:
        """Use a card's power: evaluate it and put its effects on the task stack."""
        if self.usable(q, instance) == ELEUSIS:
            self.log(f"{self.game.labels[instance]} has no other Eleusis card beside it: no "
                     "effect.", ELEUSIS)
            return
        ctx = GameContext(self, q, self.game.facts[instance])
        self.log(f"{self.player_name(q)} uses {self.game.labels[instance]}.", rule)
        self.push_effects(evaluate(self.card(instance).power, ctx), group or self.group(),
                          instance)

    def fire(self, q: int, kind: EventKind, instance: str) -> None:
        """Permanent powers react to their owner's take or transfer (p.7; p.12 own power)."""
        seat = self.seat(q)
        event = PowerEvent(kind, q, self.facts(q, instance))
        watchers = list(seat.domain)
        if kind is EventKind.TRANSFER and instance not in seat.citizens:
            watchers.append(instance)
        for c in watchers:
            card = self.card(c)
            if c in seat.citizens or card.timing is not Timing.PERMANENT:
                continue
            ctx = GameContext(self, q, self.game.facts[c])
            effects = evaluate(card.power, ctx, event=event)
            if effects:
                self.log(f"{self.game.labels[c]} reacts.",
                         OWN_POWER if c == instance else PERMANENT)
                self.push_effects(effects, self.group(), c)

    def push_effects(self, effects: Sequence[Effect], group: int, source: str) -> None:
        for e in reversed(effects):
            self.push(self.task_of(e, group, source))

    def task_of(self, e: Effect, group: int, source: str) -> Task:
        """One effect as a task (the stack's unit of work)."""
        t = Task("", e.player, source, group=group)
        if isinstance(e, ResourceEffect):
            t.kind = e.kind
            t.gold, t.vp, t.pp = e.amount.gold, e.amount.vp, e.amount.pp
        elif isinstance(e, CardEffect):
            spec: Any = e.spec
            t.kind, t.count = {"take_citizen": "citizen", "add_card": "add"}.get(e.kind, e.kind), \
                e.count
            if e.kind in ("transfer", "take", "discard", "exchange", "use_power"):
                t.spec = _spec_text(spec.card)
            if e.kind == "transfer":
                t.mode = spec.cost.value
            elif e.kind in ("take", "discard", "exchange"):
                t.zone = spec.from_.value
                t.zone2 = spec.with_.value if e.kind == "exchange" else ""
            elif e.kind == "add_card":
                t.zone = spec.to.value
            elif e.kind == "use_power":
                t.zone, t.mode = spec.in_.value, spec.timing.value if spec.timing else ""
        elif isinstance(e, Choice):
            t.kind = "choose"
            t.options = [[self.task_of(x, group, source) for x in o] for o in e.options]
            t.labels = [self.say(e.player, o) for o in e.options]
        elif isinstance(e, MayDo):
            t.kind = "may"
            t.options = [[self.task_of(x, group, source) for x in e.effects]]
            t.labels = [self.say(e.player, e.effects)]
        return t

    def say(self, q: int, effects: Sequence[Effect]) -> str:
        """Effects as an option's text, in the imperative: ``gain 1 gold; transfer 1 card``."""
        names = {p: self.player_name(p) for p in range(self.game.players)}
        return "; ".join(describe_option(e, names) for e in effects)

    def fail_group(self, task: Task, why: str, rule: str) -> None:
        """A ``pay`` or ``discard`` step cannot be done: the rest of that power is skipped."""
        while self.data.tasks and self.data.tasks[-1].group == task.group:
            self.data.tasks.pop()
        self.log(f"{why}: the rest of {self.game.labels.get(task.card, 'the power')} is "
                 "skipped.", rule)

    # ------------------------------------------------------------------ transfers
    def transfer_offers(self, q: int, mode: str, spec: CardSpec, kind: str,
                        rule: str) -> list[Action]:
        """Every legal transfer: a card of the domain and the legend it joins (p.8-9)."""
        seat, cards = self.seat(q), self.game.inst
        out: list[Action] = []
        citizen_seen = False
        for c in seat.domain:
            if not spec.matches(self.facts(q, c)):
                continue
            if c in seat.citizens:
                if citizen_seen:
                    continue
                citizen_seen = True
            name = self.label(q, c)
            for index, level in L.places(seat, c, cards):
                cost = 0 if mode == "free" else level + (mode == "plus_one")
                if cost > seat.gold:
                    continue
                where = "a new legend" if index < 0 else f"legend {index + 1}"
                detail = "" if index < 0 else f" ({L.describe(seat.legends[index], seat, cards)})"
                out.append(act(f"transfer {name} to {where}", kind, rule, c, index, cost,
                               note=f"Transfer {name} to {where}{detail} for {cost} gold"))
        return out

    def transfer(self, q: int, instance: str, index: int, cost: int, rule: str) -> None:
        """Move a card from the domain to the Elysium, paying, then bonuses and reactions."""
        seat, cards = self.seat(q), self.game.inst
        name = self.label(q, instance)
        rule = CITIZEN_JOKER if instance in seat.citizens else rule
        seat.gold -= cost
        self.leave_domain(q, instance)
        legend = L.put(seat, instance, index)
        seat.transferred.append(instance)
        self.log(f"{self.player_name(q)} transfers {name} for {cost} gold: "
                 f"{L.describe(legend, seat, cards)}.", rule)
        self.legend_bonuses(q, legend)
        self.fire(q, EventKind.TRANSFER, instance)

    def legend_bonuses(self, q: int, legend: Any) -> None:
        """Family bonus 5/2 VP to the first and second completion; level bonus to the first
        2+-card legend, stolen by a longer one (p.9)."""
        d, seat = self.data, self.seat(q)
        real = L.real_cards(legend, seat, self.game.inst)
        kind = L.kind(legend, self.game.inst)
        if kind == "family" and L.complete(legend, self.game.inst):
            family = real[0].family.value
            tiles = d.family_bonus.setdefault(family, [])
            values = self.game.number("family_bonus_vp")
            if len(tiles) < len(values):
                seat.vp += values[len(tiles)]
                self.log(f"{self.player_name(q)} completes a {family.capitalize()} family legend "
                         f"and takes the {values[len(tiles)]} VP bonus.", FAMILY_BONUS)
                tiles.append(q)
        if kind == "level":
            level, size = str(real[0].level), len(legend)
            holder = d.level_bonus.get(level)
            if holder is None or (holder[0] != q and size > holder[1]):
                how = "takes" if holder is None else \
                    f"steals from {self.player_name(holder[0])}"
                d.level_bonus[level] = [q, size]
                self.log(f"{self.player_name(q)} {how} the level {level} legend bonus "
                         f"({size} cards).", LEVEL_BONUS)
            elif holder[0] == q:
                holder[1] = max(holder[1], size)


def _done(s: ElysiumState, t: Task) -> None:
    """Take a finished task off the stack (by identity: equal tasks may sit below it)."""
    tasks = s.data.tasks
    for i in range(len(tasks) - 1, -1, -1):
        if tasks[i] is t:
            del tasks[i]
            return


def _zone(s: ElysiumState, name: str) -> list[str]:
    """A shared zone's cards (agora, oracle, discard or draw pile); others hold none here."""
    attr = _ZONES.get(name)
    return getattr(s.data, attr) if attr else []


def _distinct(s: ElysiumState, instances: Any) -> list[str]:
    """One instance per card picture (identical copies are one choice)."""
    seen: dict[str, str] = {}
    for c in instances:
        seen.setdefault(s.game.keys[c], c)
    return list(seen.values())


# ====================================================================== task handlers
# Each task kind has an offer (its legal actions) and a doer (carries one out).

def power_offers(s: ElysiumState, q: int, timings: tuple[Timing, ...], rule: str,
                 extra: Sequence[str] = ()) -> list[Action]:
    seat = s.seat(q)
    out = []
    for c in list(seat.domain) + [c for c in extra if c not in seat.domain]:
        card = s.card(c)
        if c in seat.citizens or card.timing not in timings or s.usable(q, c) is not None:
            continue
        out.append(act(f"use {s.game.labels[c]}", "use", rule, c,
                       note=f"{s.game.labels[c]}: {s.game.texts[c]}"))
    return out


def offer_turn(s: ElysiumState, t: Task) -> list[Action]:
    """Phase II turn (p.5-6): a card or a quest, a forced Citizen, or a pass; powers."""
    q = t.player
    out: list[Action] = []
    if not t.count:
        cards, quests = s.takeable_cards(q), s.takeable_quests(q)
        out += [act(f"take {s.game.labels[c]}", "take", PHASE_II, c,
                    note=f"{s.game.labels[c]}: {s.game.texts[c]}") for c in cards]
        out += [act(f"take quest {s.game.quests[x].number}", "quest", PHASE_II, x,
                    note=_quest_note(s, x)) for x in quests]
        if not cards and not quests:
            seat = s.seat(q)
            if seat.cards_taken < s.game.number("cards_per_epoch") and (s.data.draw
                                                                      or s.data.discard):
                out.append(act("take a Citizen", "citizen", FORCED_CITIZEN,
                               note="No card or quest can be taken: take a Citizen"))
            else:
                out.append(act("pass", "pass", PASS, note="Nothing can be taken: pass"))
    out += power_offers(s, q, (Timing.ACTIVATE, Timing.TRIGGER), POWERS)
    if t.count:
        out.append(act("end turn", "end", ruling("turn-after-take")))
    return out


def _quest_note(s: ElysiumState, tile: str) -> str:
    quest = s.game.quests[tile]
    return (f"Quest {quest.number}: disc #{quest.number}, {quest.vp} VP, {quest.gold} gold, "
            f"{quest.lyres} transfers; needs " + " or ".join(s.quest_colours(tile)))


def do_turn(s: ElysiumState, t: Task, a: Action) -> None:
    q, seat = t.player, s.seat(t.player)
    if a.kind == "use":
        c = a.args[0]
        if s.card(c).timing is Timing.ACTIVATE:
            seat.turned.append(c)
        else:
            seat.rings.remove(c)
        s.use(q, c, ACTIVATE if s.card(c).timing is Timing.ACTIVATE else TRIGGER)
        return
    if a.kind in ("end", "pass"):
        _done(s, t)
        if a.kind == "pass":
            s.log(f"{s.player_name(q)} passes and keeps the columns left.",
                  ruling("pass-keeps-columns"))
        return
    t.count = 1
    s.push(Task("column", q))       # below the taken card's Instant effects (p.6, p.7)
    if a.kind == "take":
        s.data.agora.remove(a.args[0])
        seat.cards_taken += 1
        s.enter_domain(q, a.args[0], "takes", PHASE_II)
    elif a.kind == "quest":
        s.data.quests.remove(a.args[0])
        seat.quest = a.args[0]
        s.log(f"{s.player_name(q)} takes quest {s.game.quests[a.args[0]].number}.", PHASE_II)
    elif s.take_citizen(q, FORCED_CITIZEN):
        seat.cards_taken += 1


def offer_column(s: ElysiumState, t: Task) -> list[Action]:
    return [act(f"discard the {c} column", "column", COLUMN, c)
            for c in s.seat(t.player).columns]


def do_column(s: ElysiumState, t: Task, a: Action) -> None:
    _done(s, t)
    s.seat(t.player).columns.remove(a.args[0])
    s.log(f"{s.player_name(t.player)} discards the {a.args[0]} column.", COLUMN)


def counted_over_phase(card: Card) -> bool:
    """A Legend power that counts the cards you transfer (Charon: "you must transfer at least 2
    cards during Phase III", p.13) is settled by itself at the end of Phase III, over all the
    phase's transfers. Offering it as a move would let it be used before the transfers it
    counts, which the card text does not allow: its condition spans the phase."""
    return card.timing is Timing.LEGEND and reads_zone(card.power, Zone.TRANSFERRED)


def offer_legend(s: ElysiumState, t: Task) -> list[Action]:
    """Phase III (p.8): transfers up to the quest's lyres, legend powers, then done."""
    q, seat = t.player, s.seat(t.player)
    out: list[Action] = []
    if seat.lyres > 0:
        out += s.transfer_offers(q, "normal", CardSpec(), "transfer", TRANSFERS)
    done = [c for c in seat.transferred if c not in seat.legend_used]
    out += [a for a in power_offers(s, q, (Timing.LEGEND,), LEGEND_POWER, done)
            if a.args[0] not in seat.legend_used and not counted_over_phase(s.card(a.args[0]))]
    if out:
        counted = s.phase_counts(q)
        note = ("End your transfers; at the end of Phase III "
                + ", ".join(s.game.labels[c] for c in counted)
                + f" will count the {len(seat.transferred)} card(s) you transferred"
                if counted else "")
        out.append(act("end transfers", "end", PHASE_III, note=note))
    return out


def do_legend(s: ElysiumState, t: Task, a: Action) -> None:
    q, seat = t.player, s.seat(t.player)
    if a.kind == "end":
        _done(s, t)
    elif a.kind == "use":
        seat.legend_used.append(a.args[0])
        s.use(q, a.args[0], ruling("legend-timing"))
    else:
        seat.lyres -= 1
        s.transfer(q, *a.args, rule=TRANSFERS)


def offer_transfer(s: ElysiumState, t: Task) -> list[Action]:
    offers = s.transfer_offers(t.player, t.mode, _spec(t.spec), "transfer",
                               ruling("power-transfers"))
    if offers:
        offers.append(act("stop transferring", "stop", ruling("power-transfers")))
    return offers


def do_transfer(s: ElysiumState, t: Task, a: Action) -> None:
    if a.kind == "stop":
        _done(s, t)
        return
    t.count -= 1
    if t.count <= 0:
        _done(s, t)
    s.transfer(t.player, *a.args, rule=ruling("power-transfers"))


def offer_take(s: ElysiumState, t: Task) -> list[Action]:
    zone = _zone(s, t.zone)
    spec = _spec(t.spec)
    cards = _distinct(s, (c for c in zone if spec.matches(s.game.facts[c])
                          and not s.identical(t.player, c)))
    return [act(f"take {s.game.labels[c]} from {ZONE_NAMES[t.zone]}", "take", POWERS, c)
            for c in cards]


_ZONES = {"agora": "agora", "oracle": "oracle", "discard_pile": "discard", "draw_pile": "draw"}


def do_take(s: ElysiumState, t: Task, a: Action) -> None:
    t.count -= 1
    if t.count <= 0:
        _done(s, t)
    _zone(s, t.zone).remove(a.args[0])
    s.enter_domain(t.player, a.args[0], f"takes from {ZONE_NAMES[t.zone]}",
                   ruling("instant-on-entry"))


def offer_discard(s: ElysiumState, t: Task) -> list[Action]:
    q, spec = t.player, _spec(t.spec)
    if t.zone == "domain":
        seat = s.seat(q)
        pool = [c for c in seat.domain if spec.matches(s.facts(q, c))]
        citizens = [c for c in pool if c in seat.citizens][:1]
        pool = _distinct(s, (c for c in pool if c not in seat.citizens)) + citizens
    else:
        zone = _zone(s, t.zone)
        pool = _distinct(s, (c for c in zone if spec.matches(s.game.facts[c])))
    return [act(f"discard {s.label(q, c)}", "discard", POWERS, c) for c in pool]


def do_discard(s: ElysiumState, t: Task, a: Action) -> None:
    q, c = t.player, a.args[0]
    t.count -= 1
    if t.count <= 0:
        _done(s, t)
    seat = s.seat(q)
    if t.zone == "domain":
        s.leave_domain(q, c)
        if c in seat.citizens:
            seat.citizens.remove(c)
            s.data.removed.append(c)
            s.log(f"{s.player_name(q)} discards a Citizen: it leaves the game face down.",
                  ruling("discarded-citizen"))
            return
    else:
        _zone(s, t.zone).remove(c)
    s.data.discard.append(c)
    s.log(f"{s.player_name(q)} discards {s.game.labels[c]}.", POWERS)


def offer_exchange(s: ElysiumState, t: Task) -> list[Action]:
    q, spec, seat = t.player, _spec(t.spec), s.seat(t.player)
    mine = [c for c in seat.domain if c not in seat.citizens and spec.matches(s.game.facts[c])]
    theirs = _distinct(s, _zone(s, t.zone2))
    return [act(f"exchange {s.game.labels[m]} for {s.game.labels[o]}", "exchange", POWERS, m, o)
            for m in mine for o in theirs
            if s.card(m).key != s.card(o).key and not s.identical(q, o, ignore=m)]


def do_exchange(s: ElysiumState, t: Task, a: Action) -> None:
    _done(s, t)
    mine, theirs = a.args
    zone = _zone(s, t.zone2)
    zone.remove(theirs)
    s.leave_domain(t.player, mine)
    zone.append(mine)
    s.enter_domain(t.player, theirs, f"gives {s.game.labels[mine]} to {ZONE_NAMES[t.zone2]} "
                                     "and takes", ruling("instant-on-entry"))


def offer_use_power(s: ElysiumState, t: Task) -> list[Action]:
    """Use another card's power (glossary p.12); never a card that itself uses a power."""
    q, spec, seat = t.player, _spec(t.spec), s.seat(t.player)
    out = []
    for c in seat.domain:
        card = s.card(c)
        if (c == t.card or c in seat.citizens or not spec.matches(s.game.facts[c])
                or (t.mode and card.timing.value != t.mode) or s.usable(q, c) == ELEUSIS
                or card.timing in (Timing.PERMANENT, Timing.CHRONOS)
                or any(isinstance(n, UsePower) for _, n in walk(card.power))):
            continue
        out.append(act(f"use the power of {s.game.labels[c]}", "use_power",
                       ruling("no-power-chains"), c))
    return out


def do_use_power(s: ElysiumState, t: Task, a: Action) -> None:
    _done(s, t)
    s.use(t.player, a.args[0], POWERS, t.group)


def offer_choose(s: ElysiumState, t: Task) -> list[Action]:
    labels = _unique(t.labels)
    return [act(f"choose: {label}", "choose", ATHENA_ORDER, i) for i, label in enumerate(labels)]


def _unique(labels: list[str]) -> list[str]:
    seen: Counter[str] = Counter(labels)
    return [f"{x} (option {i + 1})" if seen[x] > 1 else x for i, x in enumerate(labels)]


def do_choose(s: ElysiumState, t: Task, a: Action) -> None:
    _done(s, t)
    s.log(f"{s.player_name(t.player)} chooses: {t.labels[a.args[0]]}.", ATHENA_ORDER)
    for task in reversed(t.options[a.args[0]]):
        s.push(task)


def offer_may(s: ElysiumState, t: Task) -> list[Action]:
    out = []
    first = t.options[0][0] if t.options[0] else None
    if first is None or first.kind != "pay" or _affordable(s.seat(t.player), first):
        out.append(act(f"accept: {t.labels[0]}", "accept", ATHENA_ORDER))
    out.append(act("decline", "decline", ATHENA_ORDER))
    return out


def do_may(s: ElysiumState, t: Task, a: Action) -> None:
    _done(s, t)
    if a.kind == "accept":
        for task in reversed(t.options[0]):
            s.push(task)
    else:
        s.log(f"{s.player_name(t.player)} declines.", ATHENA_ORDER)


def _affordable(seat: Seat, t: Task) -> bool:
    return seat.gold >= t.gold and seat.vp >= t.vp and seat.pp >= t.pp


# ---------------------------------------------------------------------- automatic tasks
def auto_gain(s: ElysiumState, t: Task) -> None:
    seat = s.seat(t.player)
    seat.gold += t.gold
    seat.vp += t.vp
    seat.pp += t.pp
    s.log(f"{s.player_name(t.player)} gains {_amount(t)}.", _source_rule(s, t))


def auto_pay(s: ElysiumState, t: Task) -> None:
    seat = s.seat(t.player)
    if not _affordable(seat, t):
        s.fail_group(t, f"{s.player_name(t.player)} cannot pay {_amount(t)}",
                     ruling("failed-step"))
        return
    seat.gold -= t.gold
    seat.vp -= t.vp
    seat.pp -= t.pp
    s.log(f"{s.player_name(t.player)} pays {_amount(t)}.", _source_rule(s, t))


def auto_lose(s: ElysiumState, t: Task) -> None:
    seat = s.seat(t.player)
    lost = Task("lose", t.player, gold=min(t.gold, seat.gold), vp=min(t.vp, seat.vp),
                pp=min(t.pp, seat.pp))
    seat.gold -= lost.gold
    seat.vp -= lost.vp
    seat.pp -= lost.pp
    s.log(f"{s.player_name(t.player)} loses {_amount(lost) or 'nothing'}.", _source_rule(s, t))


def auto_citizen(s: ElysiumState, t: Task) -> None:
    for _ in range(t.count):
        if not s.take_citizen(t.player, CITIZENS):
            return


def auto_draw(s: ElysiumState, t: Task) -> None:
    """Draw face up into the domain; a card already there is discarded and another drawn."""
    for _ in range(t.count):
        while (card := s.draw_top()) is not None and s.identical(t.player, card):
            s.data.discard.append(card)
            s.log(f"{s.game.labels[card]} is already in {s.player_name(t.player)}'s domain: "
                  "discarded, another card is drawn.", IDENTICAL)
        if card is None:
            return
        s.enter_domain(t.player, card, "draws", ruling("instant-on-entry"))


def auto_add(s: ElysiumState, t: Task) -> None:
    zone = _zone(s, t.zone)
    for _ in range(t.count):
        if (card := s.draw_top()) is not None:
            zone.append(card)
            s.log(f"{s.game.labels[card]} is added to {ZONE_NAMES.get(t.zone, t.zone)}.",
                  _source_rule(s, t))


def _amount(t: Task) -> str:
    parts = [f"{t.gold} gold"] * bool(t.gold) + [f"{t.vp} VP"] * bool(t.vp) \
        + [f"{t.pp} PP"] * bool(t.pp)
    return " and ".join(parts)


def auto_settle(s: ElysiumState, t: Task) -> None:
    """End of Phase III: the player's Legend powers that count the phase's transfers."""
    q, seat = t.player, s.seat(t.player)
    for c in s.phase_counts(q):
        seat.legend_used.append(c)
        s.log(f"End of Phase III: {s.game.labels[c]} counts the {len(seat.transferred)} "
              f"card(s) {s.player_name(q)} transferred during the phase. {s.game.texts[c]}",
              PHASE_COUNT)
        s.use(q, c, ruling("legend-timing"))


def _source_rule(s: ElysiumState, t: Task) -> str:
    return f"Elysium · card: {s.game.labels[t.card]}" if t.card else POWERS


# ---------------------------------------------------------------------- nothing to decide
def _pop(s: ElysiumState, t: Task) -> None:
    _done(s, t)


def _nothing_to_discard(s: ElysiumState, t: Task) -> None:
    s.fail_group(t, f"{s.player_name(t.player)} has no card to discard", ruling("failed-step"))


OFFERS: dict[str, Callable[[ElysiumState, Task], list[Action]]] = {
    "turn": offer_turn, "column": offer_column, "legend": offer_legend,
    "transfer": offer_transfer, "take": offer_take, "discard": offer_discard,
    "exchange": offer_exchange, "use_power": offer_use_power, "choose": offer_choose,
    "may": offer_may,
}
DOERS: dict[str, Callable[[ElysiumState, Task, Action], None]] = {
    "turn": do_turn, "column": do_column, "legend": do_legend, "transfer": do_transfer,
    "take": do_take, "discard": do_discard, "exchange": do_exchange,
    "use_power": do_use_power, "choose": do_choose, "may": do_may,
}
AUTO: dict[str, Callable[[ElysiumState, Task], None]] = {
    "gain": auto_gain, "pay": auto_pay, "lose": auto_lose, "citizen": auto_citizen,
    "draw": auto_draw, "add": auto_add, "settle": auto_settle,
}
#: what happens when a decision task has no legal action
NOTHING: dict[str, Callable[[ElysiumState, Task], None]] = {
    **dict.fromkeys(OFFERS, _pop), "discard": _nothing_to_discard,
}
#: action kinds carried out by themselves when they are the only choice
FORCED = ("column", "pass", "end", "citizen")

ElysiumGame.state_class = ElysiumState


# ====================================================================== checks
def check_invariants(s: ElysiumState) -> list[str]:
    """Every card in exactly one place; no negative counters; legal legends and domains."""
    broken = structure_problems(s, {*OFFERS, *AUTO})  # first: the checks below assume it
    if broken:
        return broken
    d, g = s.data, s.game
    places = d.draw + d.discard + d.agora + d.oracle + d.removed
    problems: list[str] = []
    if sorted(seat.disc for seat in d.seats) != list(range(1, g.players + 1)):
        problems.append(f"discs are {[seat.disc for seat in d.seats]}")
    colours = set(g.colours_in_play)
    for q, seat in enumerate(d.seats):
        who = s.player_name(q)
        places += seat.domain
        for lg in seat.legends:
            places += lg
        if min(seat.gold, seat.vp, seat.pp, seat.lyres) < 0:
            problems.append(f"{who} has {seat.gold} gold, {seat.vp} VP, {seat.pp} PP, "
                            f"{seat.lyres} lyres")
        if len(set(seat.columns)) != len(seat.columns) or not colours.issuperset(seat.columns):
            problems.append(f"{who} has columns {seat.columns}")
        keys = [g.keys[c] for c in seat.domain if c not in seat.citizens]
        if len(keys) != len(set(keys)):
            problems.append(f"{who} has two identical cards in the domain")
        if not set(seat.domain).issuperset(seat.turned + seat.rings):
            problems.append(f"{who} has turned or ringed cards outside the domain")
        if seat.cards_taken > g.number("cards_per_epoch"):
            problems.append(f"{who} took {seat.cards_taken} cards this epoch")
        for i, lg in enumerate(seat.legends):
            if len(lg) > 1:
                problems += _legend_problems(s, seat, lg, f"{who}'s legend {i + 1}")
    if sorted(places) != g.sorted_deck:
        diff = Counter(places)
        diff.subtract(Counter(g.deck))
        problems.append(f"cards not in exactly one place: { {k: v for k, v in diff.items() if v} }")
    return problems


def _legend_problems(s: ElysiumState, seat: Seat, lg: list[str], name: str) -> list[str]:
    real, kind = L.real_cards(lg, seat, s.game.inst), L.kind(lg, s.game.inst)
    if lg[0] in seat.citizens or lg[1] in seat.citizens or len(lg) > L.CAPACITY[kind]:
        return [f"{name} has {len(lg)} cards"]
    same, different = ("family", "level") if kind == "family" else ("level", "family")
    if len({getattr(c, same) for c in real}) != 1 or \
            len({getattr(c, different) for c in real}) != len(real):
        return [f"{name} is a {kind} legend that mixes {same}s or repeats a {different}"]
    return []


# ====================================================================== refusals
def diagnose(s: ElysiumState, label: str) -> tuple[str, str] | None:
    """Why a move is not legal, naming the rule, for the moves players most often try."""
    d = s.data
    if d.over:
        return FINAL, "the game is over"
    text = label.strip()
    low = text.casefold()
    task = d.tasks[-1]
    q = task.player
    seat = s.seat(q)
    if low.startswith("take quest"):
        if task.kind != "turn":
            return PHASE_II, "quests are taken in your Phase II turn"
        if task.count:
            return QUOTA, "you have already taken a card or quest this turn"
        if seat.quest:
            return QUOTA, "you have already taken your quest this epoch"
        number = text.rsplit(" ", 1)[-1]
        tile = next((x for x in d.quests if str(s.game.quests[x].number) == number), None)
        if tile is None:
            return PHASE_II, f"quest {number} is not under the pediment"
        return CONDITION, (f"quest {number} needs a " + " or ".join(s.quest_colours(tile))
                           + f" column; you have {', '.join(seat.columns) or 'none'}")
    if low == "take a citizen":
        if task.kind != "turn" or task.count:
            return PHASE_II, "a Citizen is taken in your Phase II turn, instead of a card"
        cards, quests = s.takeable_cards(q), s.takeable_quests(q)
        if cards:
            return FORCED_CITIZEN, (f"you can still take a card ({s.game.labels[cards[0]]}), "
                                    "so you may not take a Citizen")
        if quests:
            return FORCED_CITIZEN, "you have no quest yet and can still take one"
        return QUOTA, "you have taken your 3 cards this epoch"
    if low == "pass":
        return PASS, "you pass only when no card, quest or Citizen can be taken"
    if low.startswith("take "):
        name = text[5:].split(" from ")[0]
        inst = s.game.by_label.get(name.casefold())
        if inst is None:
            return None
        card = s.card(inst)
        if task.kind != "turn":
            return PHASE_II, "cards are taken in your Phase II turn"
        if task.count:
            return QUOTA, "you have already taken a card or quest this turn"
        if not any(s.card(c).key == card.key for c in d.agora):
            return PHASE_II, f"{name} is not in the Agora"
        if seat.cards_taken >= s.game.number("cards_per_epoch"):
            return QUOTA, "you have taken your 3 cards this epoch; take your quest or pass"
        if s.identical(q, next(c for c in d.agora if s.card(c).key == card.key)):
            return IDENTICAL, f"{name} is already in your domain"
        need = " and ".join("any" if c is Colour.BLACK else c.value for c in card.condition or ())
        return CONDITION, (f"{name} needs columns: {need}; you have "
                           f"{', '.join(seat.columns) or 'none'}")
    if low.startswith("use "):
        name = text[4:]
        inst = next((c for c in seat.domain if s.game.labels[c].casefold() == name.casefold()),
                    None)
        if inst is None:
            return POWERS, f"{name} is not in your domain: only domain cards have usable powers"
        card = s.card(inst)
        if counted_over_phase(card):
            return PHASE_COUNT, (f"{name} counts the cards you transfer during the whole Phase "
                                 "III: it is settled by itself at the end of the phase")
        rules = {Timing.INSTANT: (INSTANT, "an Instant power is used only when the card is "
                                           "taken"),
                 Timing.PERMANENT: (PERMANENT, "a Permanent power acts by itself"),
                 Timing.CHRONOS: (CHRONOS, "a Chronos power scores at the end of the game"),
                 Timing.LEGEND: (LEGEND_POWER, "a Legend power is used in Phase III")}
        if card.timing in rules and not (card.timing is Timing.LEGEND and d.phase == III):
            return rules[card.timing]
        why = s.usable(q, inst)
        reasons = {ACTIVATE: "it has been used this epoch (the card is turned)",
                   TRIGGER: "its trigger ring is gone: it was used already",
                   ELEUSIS: "you need another Eleusis card in your domain"}
        if why in reasons:
            return why, reasons[why]
        if task.kind != "turn" and task.kind != "legend":
            return POWERS, "powers are used in your own turn, never in another player's"
        return None
    if low.startswith("transfer "):
        return _diagnose_transfer(s, task, text)
    return None


def _diagnose_transfer(s: ElysiumState, task: Task, text: str) -> tuple[str, str] | None:
    seat, cards = s.seat(task.player), s.game.inst
    name, _, where = text[9:].partition(" to ")
    if name.casefold() == "a citizen":
        inst = next((c for c in seat.domain if c in seat.citizens), None)
    else:
        inst = next((c for c in seat.domain if s.game.labels[c].casefold() == name.casefold()),
                    None)
    if inst is None:
        return TRANSFERS, f"{name} is not in your domain"
    if task.kind == "legend" and seat.lyres <= 0:
        return TRANSFERS, "your quest's lyres are used up this phase"
    if task.kind not in ("legend", "transfer"):
        return TRANSFERS, "cards are transferred in Phase III or by a power"
    if where == "a new legend":
        if inst in seat.citizens:
            return CITIZEN_JOKER, "a Citizen never starts a legend: it joins one of 2+ cards"
        level = cards[inst].level
    else:
        try:
            index = int(where.removeprefix("legend ")) - 1
            legend = seat.legends[index]
        except (ValueError, IndexError):
            return TRANSFERS, f"you have no {where}"
        why = L.why_not(legend, seat, inst, cards)
        if why is not None:
            return why
        level = (L.citizen_level(legend, seat, cards) if inst in seat.citizens
                 else cards[inst].level)
    if task.mode == "free":
        return None
    cost = level + (task.mode == "plus_one")
    return TRANSFERS, f"this transfer costs {cost} gold (its level); you have {seat.gold}"
