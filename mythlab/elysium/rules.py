"""Elysium positions on the shared engine: the mechanics every rule uses, and the turn flow.

Five epochs of Phase I (Awakening) -> II (Actions) -> III (Writing legends) -> IV (End of the
epoch), then final scoring (Elysium rulebook, Greek edition, p.5-10; the Spanish edition has the
same rules). Every pending decision is a ``Task`` on a stack: the top task's offerer lists the
legal moves and each move's doer carries it out (``RULES``, filled by :mod:`.turns` for Phase II
and III decisions and :mod:`.power_tasks` for what card powers ask). Card powers run through the
power language (:mod:`.powers`): a power is evaluated into effects, each effect becomes a task,
and the rules carry tasks out without knowing any card. Where the rulebooks are silent the rules
cite a mythlab ruling (``data/rulings.yaml``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from mythlab.engine import Action, State, act

from . import hidden, power_tasks, turns  # noqa: F401  (they register their rules on RULES)
from . import legends as L
from .checks import diagnose
from .context import GameContext
from .load import Card
from .powers import (
    ANY,
    CardEffect,
    CardFacts,
    CardSpec,
    Choice,
    Colour,
    Effect,
    EventKind,
    MayDo,
    PowerEvent,
    ResourceEffect,
    Timing,
    describe_option,
    evaluate,
)
from .refs import (
    ACTIVATE,
    CHRONOS,
    CITIZEN_JOKER,
    CITIZEN_VP,
    CITIZENS,
    DISCS,
    ELEUSIS,
    FAMILY_BONUS,
    FINAL,
    INCOMPLETE,
    INSTANT,
    LEGEND_VP,
    LEVEL_BONUS,
    ORACLE,
    OWN_POWER,
    PERMANENT,
    PHASE_I,
    PHASE_IV,
    PRESTIGE,
    QUEST_REWARD,
    RULES,
    SETUP,
    TIES,
    TRIGGER,
    TURN_ORDER,
    TWO_PLAYERS,
)
from .scoring import score_table
from .state import (
    II,
    III,
    SEAT_LISTS,
    TO_CHANGE,
    ElysiumData,
    Seat,
    Task,
    copy_for_move,
    copy_sharing_lists,
    copy_task,
    filter_text,
)

if TYPE_CHECKING:
    from .game import ElysiumGame

#: move kinds made by themselves when they are the only legal move: the last column, a pass,
#: the end of a turn or of a player's transfers, the forced Citizen (p.6)
FORCED = frozenset({"column", "pass", "end", "end_transfers", "citizen"})
#: move kinds whose doer changes the task it answers, its count only (``copy_task``): a move of
#: another kind leaves its task shared with the state before it (``copy_for_move``)
CHANGES_ITS_TASK = frozenset({"take", "quest", "citizen", "power_transfer", "take_from",
                              "discard"})
#: how many moves the games of the same options keep (``ElysiumState.move``): enough for all
#: but transfers (whose notes describe legends) to be made once
MOVES_KEPT = 50_000
#: how many legends' views the games of the same options keep (``ElysiumState.legend_view``)
LEGENDS_KEPT = 20_000
#: the task kinds of the card effects whose kind is not their task's
TASK_KINDS = {"take_citizen": "citizen", "add_card": "add"}
#: what happens to a decision that has no legal move; any other kind is simply dropped
NOTHING_OFFERED = {"discard": power_tasks.nothing_to_discard}
#: the shared zones a power may name, by the ``ElysiumData`` list holding them
_ZONES = {"agora": "agora", "oracle": "oracle", "discard_pile": "discard", "draw_pile": "draw"}
#: the enum members the rules compare with at every step, read once: a member read through its
#: class (``Timing.ACTIVATE``) goes through the Enum metaclass's ``__getattr__`` hook, about ten
#: times slower than a global (Python 3.11)
_ACTIVATE, _TRIGGER, _INSTANT = Timing.ACTIVATE, Timing.TRIGGER, Timing.INSTANT
_TAKE, _TRANSFER = EventKind.TAKE, EventKind.TRANSFER


def meets(columns: Sequence[str], condition: Sequence[Colour] | None) -> bool:
    """Would these columns meet an acquisition condition? Black is any colour (Elysium
    rulebook, Greek edition, p.4-5).

    >>> meets(["red", "blue"], [Colour.RED, Colour.BLACK]), meets(["blue"], [Colour.RED])
    (True, False)
    """
    return fits(tuple(columns), needs(tuple(condition or ())))


@lru_cache(maxsize=4096)
def option_text(names: tuple[str, ...], effects: tuple[Effect, ...]) -> str:
    """The text of an option of a power (``ElysiumState.say``) for players of these names:
    written once, whichever game offers it again."""
    return "; ".join(describe_option(e, dict(enumerate(names))) for e in effects)


@cache
def needs(condition: tuple[Colour, ...]) -> tuple[tuple[str, ...], int]:
    """A condition as the colours it names (black, any colour, left out) and its size: worked
    out once per condition (a card's condition never changes)."""
    return tuple(c.value for c in condition if c is not Colour.BLACK), len(condition)


@cache
def fits(columns: tuple[str, ...], need: tuple[tuple[str, ...], int]) -> bool:
    """``meets`` for a condition's ``needs``: worked out once per columns and condition."""
    colours, size = need
    return len(columns) >= size and all(c in columns for c in colours)


#: the keys ``ElysiumState._copied`` holds for each seat and each list of each seat (the seat
#: itself, then each of its lists), worked out once for more seats than a game has (2-4)
_SEATS_AT_MOST = 8
_KEYS_PER_SEAT = 1 + len(SEAT_LISTS)
_SEAT_KEY = [q * _KEYS_PER_SEAT for q in range(_SEATS_AT_MOST)]
_LIST_KEYS = [{name: q * _KEYS_PER_SEAT + 1 + i for i, name in enumerate(SEAT_LISTS)}
              for q in range(_SEATS_AT_MOST)]


class ElysiumState(State):
    """A position in Elysium."""

    #: ``_copied``: the seats, and lists of a seat, this state's move has copied (``seat``;
    #: the other fields are the engine's ``to_change``), as keys of ``_SEAT_KEY`` and
    #: ``_LIST_KEYS``: a set, where a mask of a bit per seat and list was a new multi-digit
    #: int at every test and change
    __slots__ = ("_copied",)
    data_class = ElysiumData
    rules = RULES
    data: ElysiumData
    game: ElysiumGame

    # ------------------------------------------------------------------ engine hooks
    def _phase_name(self) -> str:
        return "Game over" if self.data.over else self.data.phase

    def _may_be_over(self) -> bool:
        """Only a position whose game is over, or whose phase says so, may be terminal."""
        return self.data.over or self.data.phase == "Game over"  # the engine's terminal phase

    def _scores(self) -> dict[str, Any]:
        return score_table(self)

    def _observe(self, player: int | None) -> Any:
        """Every player sees the same: no hands; the draw pile and Citizens face down."""
        return hidden.observe(self, super()._observe(player))

    def _resample(self, player: int | None, rng: random.Random) -> None:
        hidden.resample(self, rng)

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        return diagnose(self, label)

    def _copy_data_for(self, action: Action) -> ElysiumData:
        """The position, its seats and fields shared with this state until ``seat`` or
        ``to_change`` copies one (states are read-only from outside, and the rules change a
        seat or a field in place only through those two); the task the move answers is copied
        only when its doer changes it."""
        return copy_for_move(self.data, action.kind in CHANGES_ITS_TASK)

    def _before_move(self, action: Action) -> None:
        # a move is carried out on the copy ``_copy_data_for`` made: every seat, every list of
        # a seat and every field is shared with the state before it
        self._copied = set()

    # ------------------------------------------------------------------ small helpers
    def seat(self, q: int, *lists: str) -> Seat:
        """Player ``q``'s board, domain, Elysium and epoch counters, for a rule to change its
        numbers, set its lists anew, or change in place the lists named in ``lists``
        (``"domain"``, ``"rings"`` …): a seat still shared with the state before the move is
        copied first, sharing its lists, and each list named is copied the first time."""
        try:
            copied = self._copied
        except AttributeError:  # a state no move made (a new game, a clone) owns its seats
            return self.data.seats[q]
        seats, key = self.data.seats, _SEAT_KEY[q]
        if key in copied:
            seat = seats[q]
        else:
            copied.add(key)
            seat = seats[q] = copy_sharing_lists(seats[q])
        if lists:  # the seat is this move's copy here
            keys = _LIST_KEYS[q]
            for name in lists:
                key = keys[name]
                if key not in copied:
                    copied.add(key)
                    setattr(seat, name, SEAT_LISTS[name](getattr(seat, name)))
        return seat

    def _copy_field(self, name: str, value: Any) -> Any:
        """A shared field for a move to change (the engine's ``to_change``): each list or dict
        of ``TO_CHANGE`` (the Agora, the piles, the bonus tiles …) has its own copy."""
        return TO_CHANGE[name](value)

    def replace(self, name: str, value: Any) -> None:
        """Set the field ``name`` to ``value``, a list or dict this move already owns (one
        ``to_change`` gave for another field): ``to_change`` will not copy it again."""
        setattr(self.data, name, value)
        self._own_field(name)

    def read_seat(self, q: int) -> Seat:
        """Player ``q``'s seat for a rule that only reads it (offers, checks): never copied,
        so never to be changed."""
        return self.data.seats[q]

    def move(self, make: Callable[..., Action], *args: Any) -> Action:
        """``make(state, *args)``, made once for the games of the same options: ``make`` must
        depend on the game's cards, players and ``args`` only, and an Action is frozen, so
        every state may offer the same object."""
        key = (make, args)
        moves = self.game.moves
        found = moves.get(key)
        if found is None:
            if len(moves) >= MOVES_KEPT:
                moves.clear()
            found = moves[key] = make(self, *args)
        return found

    def moves(self, make: Callable[[ElysiumState, Any], Action], items: Iterable[Any]
              ) -> list[Action]:
        """``[move(make, item) for item in items]`` for a maker of one argument (a card, a
        column), kept by the argument alone: an offer makes several such moves."""
        table = self.game.item_moves.get(make)
        if table is None or len(table) >= MOVES_KEPT:
            table = self.game.item_moves[make] = {}
        return [table.get(item) or table.setdefault(item, make(self, item)) for item in items]

    def card(self, instance: str) -> Card:
        """The card a physical card (an instance id such as ``hd7``) is a copy of."""
        return self.game.inst[instance]

    def label(self, q: int, instance: str) -> str:
        """A card as player ``q``'s moves name it: "a Citizen" when it is face down."""
        return "a Citizen" if instance in self.read_seat(q).citizens else self.game.labels[instance]

    def facts(self, q: int, instance: str) -> CardFacts:
        """What powers see of a card: nothing but "a Citizen" for a face-down card."""
        if instance in self.data.seats[q].citizens:
            return self.game.citizen_facts[instance]
        return self.game.facts[instance]

    def push(self, task: Task) -> Task:
        """Put a task on top of the stack: it is answered next."""
        self.data.tasks.append(task)
        return task

    def done(self, task: Task) -> None:
        """Take a finished task off the stack (by identity: equal tasks may sit below it)."""
        tasks = self.data.tasks
        if tasks and tasks[-1] is task:  # most often the top one
            tasks.pop()
            return
        for i in range(len(tasks) - 2, -1, -1):
            if tasks[i] is task:
                del tasks[i]
                return

    def zone(self, name: str) -> list[str]:
        """A shared zone's cards (agora, oracle, discard or draw pile); others hold none here."""
        attr = _ZONES.get(name)
        return getattr(self.data, attr) if attr else []

    def zone_to_change(self, name: str) -> list[str]:
        """``zone`` for a rule to change in place (``to_change``)."""
        attr = _ZONES.get(name)
        return self.to_change(attr) if attr else []

    def distinct(self, instances: Iterable[str]) -> list[str]:
        """One instance per card picture (identical copies are one choice)."""
        seen: dict[str, str] = {}
        keys = self.game.keys
        for c in instances:
            seen.setdefault(keys[c], c)
        return list(seen.values())

    def group(self) -> int:
        """A new group number, tying together the steps of one use of a power."""
        self.data.groups += 1
        return self.data.groups

    # ------------------------------------------------------------------ setup and flow
    def setup(self) -> None:
        """Setup (p.3-4): the Agora of 3 x players + 1, the Oracle's 4 cards with Apollo."""
        d, g = self.data, self.game
        self.log(f"Families: {', '.join(f.capitalize() for f in d.families)}; the deck of "
                 f"{len(d.draw)} cards is shuffled.", SETUP)
        for q in d.order:
            seat = self.read_seat(q)
            self.log(f"{self.player_name(q)} has disc #{seat.disc}, {seat.vp} VP and "
                     f"{seat.gold} gold.", SETUP)
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
            self.replace("draw", self.to_change("discard"))  # the very list, as it always was
            d.discard = []
            self.stream.shuffle(d.draw)
            self.log("The draw pile is empty: the discard pile is shuffled into a new one.",
                     RULES.ruling("reshuffle"))
        return self.to_change("draw").pop() if d.draw else None

    def fill_agora(self) -> None:
        """Draw the Agora up to 3 cards per player + 1 (p.3, p.5)."""
        d = self.data
        size = self.game.number("agora_per_player") * self.game.players \
            + self.game.number("agora_extra")
        while len(d.agora) < size and (card := self.draw_top()) is not None:
            self.to_change("agora").append(card)
        self.log(f"The Agora holds {len(d.agora)} cards.", PHASE_I if d.epoch > 1 else SETUP)

    def fill_oracle(self) -> None:
        """Put 4 cards face up under the Oracle (p.4, p.5; only with Apollo in play)."""
        d = self.data
        for _ in range(self.game.number("oracle_cards")):
            if (card := self.draw_top()) is not None:
                self.to_change("oracle").append(card)
        self.log(f"{len(d.oracle)} cards are put face up under the Oracle.", ORACLE)

    def _advance(self) -> None:
        """Run the game on until a player must decide: automatic tasks are carried out, a
        decision with no legal move is dropped (``NOTHING_OFFERED``), a lone forced move is made
        (``FORCED``), and with no task left the phase takes its next step."""
        # the book as a local name: a method of a name bound by ``import`` is read by a
        # plain attribute read, which Python 3.11 does not specialize for a method
        d, book = self.data, RULES
        automatic, offerers = book.automatics, book.offerers
        while not d.over:
            if not d.tasks:
                self.next_step()
                continue
            task = d.tasks[-1]
            if task.kind in automatic:
                d.tasks.pop()
                book.carry_out(self, task)
                continue
            offers = offerers[task.kind](self, task)  # no chance decides in Elysium
            if not offers and task.kind in NOTHING_OFFERED:
                NOTHING_OFFERED[task.kind](self, task)
            elif not offers:
                self.done(task)             # nothing to decide: the decision is dropped
            elif len(offers) == 1 and offers[0].kind in FORCED:
                if offers[0].kind in CHANGES_ITS_TASK:  # shared with the previous state
                    d.tasks[-1] = task = copy_task(task)
                book.do(self, task, offers[0])
            else:
                self._legal_cache = tuple(offers)
                return

    def next_step(self) -> None:
        """No task is pending: the phase in play takes its next step."""
        phase = self.data.phase
        if phase == "Phase I: Awakening":
            self.phase_one()
        elif phase == II:
            self.next_turn()
        elif phase == III:
            self.next_writer()
        elif phase == "Phase IV: End of the epoch":
            self.phase_four()
        else:
            self.final_scoring()

    def phase_one(self) -> None:
        """Phase I (p.5): clear and refill the Agora; the Oracle slides in first (p.5, Apollo)."""
        d = self.data
        if d.epoch > 1:
            self.to_change("discard").extend(d.agora)
            d.agora = []
            self.log("The Agora's leftover cards go to the discard pile.", PHASE_I)
            if self.game.oracle_in_play:
                d.agora, d.oracle = d.oracle[:], []
                self.log("The Oracle's cards slide into the Agora.", ORACLE)
            self.fill_agora()
            if self.game.oracle_in_play:
                self.fill_oracle()
        for seat in map(self.seat, range(self.game.players)):
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
            if not self.read_seat(q).quest:
                self.log(f"{self.player_name(q)} takes an incomplete quest.", INCOMPLETE)
        d.order = sorted(range(g.players), key=lambda q: (
            not self.read_seat(q).quest, g.quests[self.read_seat(q).quest].number
            if self.read_seat(q).quest else 0, self.read_seat(q).disc))
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
        seat = self.read_seat(q)
        counted = self.game.counted_over_phase  # see ``counted_over_phase``
        cards = list(seat.domain) + [c for c in seat.transferred if c not in seat.domain]
        return [c for c in cards if c in counted and c not in seat.citizens
                and c not in seat.legend_used]

    def counted_over_phase(self, instance: str) -> bool:
        """A Legend power that counts the cards you transfer (Charon: "you must transfer at
        least 2 cards during Phase III", p.13) is settled by itself at the end of Phase III,
        over all the phase's transfers. Offering it as a move would let it be used before the
        transfers it counts, which the card text does not allow: its condition spans the phase.
        (``ElysiumGame.counted_over_phase`` lists these cards once per game.)"""
        return instance in self.game.counted_over_phase

    def phase_four(self) -> None:
        """Phase IV (p.10): columns back, Activate cards straighten, the epoch marker moves."""
        d = self.data
        for seat in map(self.seat, range(self.game.players)):
            seat.columns = self.game.colours_in_play[:]
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
        for q, seat in enumerate(map(self.seat, range(self.game.players))):
            self.to_change("removed").extend(seat.domain)
            seat.domain, seat.turned, seat.rings = [], [], []
            lone = [lg for lg in seat.legends if len(lg) < 2]
            self.to_change("removed").extend(c for lg in lone for c in lg)
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
                         RULES.ruling("prestige-shares") if shared else PRESTIGE)
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
        return meets(self.read_seat(q).columns, condition)

    def domain_keys(self, q: int, ignore: str = "") -> set[str]:
        """The pictures of the face-up cards in a domain."""
        seat, keys = self.data.seats[q], self.game.keys
        return {keys[c] for c in seat.domain if c != ignore and c not in seat.citizens}

    def identical(self, q: int, instance: str, ignore: str = "") -> bool:
        """Is a card with the same picture in the domain already? (p.5)"""
        return self.game.keys[instance] in self.domain_keys(q, ignore)

    def takeable_cards(self, q: int) -> list[str]:
        """Agora cards ``q`` may take now: quota, no identical card, condition met (p.5)."""
        seat, game = self.data.seats[q], self.game
        if seat.cards_taken >= game.number("cards_per_epoch"):
            return []
        # one pass: what may be taken depends on the picture alone, so keeping the first
        # instance of each picture (``distinct``) before or after the test is the same
        seen, keys, meetable = self.domain_keys(q), game.keys, game.meetable(seat.columns)
        out = []
        for c in self.data.agora:
            if c in meetable and (key := keys[c]) not in seen:
                seen.add(key)
                out.append(c)
        return out

    def takeable_quests(self, q: int) -> list[str]:
        """Quest tiles ``q`` may take now: none taken yet and a column of its colours (p.5)."""
        seat = self.data.seats[q]
        if seat.quest:
            return []
        questable = self.game.questable(self.data.side, seat.columns)
        return [t for t in self.data.quests if t in questable]

    def enter_domain(self, q: int, instance: str, how: str, rule: str) -> None:
        """A card comes face up into a domain: ring, Permanent reactions, Instant power."""
        seat = self.seat(q, "domain", "acquired")
        seat.domain.append(instance)
        seat.acquired.append(instance)
        timing = self.game.timing[instance]
        self.log(f"{self.player_name(q)} {how} {self.game.labels[instance]}.", rule)
        if timing is _TRIGGER:
            self.seat(q, "rings").rings.append(instance)
        if timing is _INSTANT:
            self.use(q, instance, INSTANT)
        self.fire(q, _TAKE, instance)

    def take_citizen(self, q: int, rule: str) -> bool:
        """The top card of the draw pile enters the domain face down (p.4); False when no
        card is left."""
        card = self.draw_top()
        if card is None:
            self.log("No card is left to take as a Citizen.", RULES.ruling("reshuffle"))
            return False
        seat = self.seat(q, "domain", "citizens", "acquired")
        seat.domain.append(card)
        seat.citizens.append(card)
        seat.acquired.append(card)
        self.log(f"{self.player_name(q)} takes a Citizen (face down).", rule)
        self.fire(q, _TAKE, card)
        return True

    def leave_domain(self, q: int, instance: str) -> None:
        """A card leaves the domain, and with it its turned state and its trigger ring."""
        seat = self.seat(q, "domain")
        seat.domain.remove(instance)
        if instance in seat.turned:
            self.seat(q, "turned").turned.remove(instance)
        if instance in seat.rings:
            self.seat(q, "rings").rings.remove(instance)

    # ------------------------------------------------------------------ powers
    def usable(self, q: int, instance: str) -> str | None:
        """Why the owner cannot use this power now in their turn (timing, ring, Eleusis).
        ``usable_powers`` makes the same tests for many cards at once: change both together
        (a test compares them)."""
        seat = self.data.seats[q]
        if instance in seat.citizens:
            return CITIZENS
        timing = self.game.timing[instance]
        if timing is _ACTIVATE and instance in seat.turned:
            return ACTIVATE
        if timing is _TRIGGER and instance not in seat.rings:
            return TRIGGER
        eleusis = self.game.eleusis
        if instance in eleusis and not any(c in eleusis for c in seat.domain
                                           if c != instance and c not in seat.citizens):
            return ELEUSIS
        return None

    def usable_powers(self, q: int, cards: Iterable[str], powers: frozenset[str]) -> list[str]:
        """The cards of ``cards`` in ``powers`` that ``usable`` lets ``q`` use now, in order:
        its tests made in one loop, the Eleusis one by ``usable`` itself (a test compares them
        at every position of random games)."""
        seat, timing, eleusis = self.data.seats[q], self.game.timing, self.game.eleusis
        citizens, turned, rings = seat.citizens, seat.turned, seat.rings
        found = []
        for c in cards:
            if c not in powers or c in citizens:
                continue
            t = timing[c]
            if t is _ACTIVATE and c in turned or t is _TRIGGER and c not in rings:
                continue
            if c not in eleusis or self.usable(q, c) is None:
                found.append(c)
        return found

    def use(self, q: int, instance: str, rule: str, group: int = 0) -> None:
        """Use a card's power: evaluate it and put its effects on the task stack."""
        if self.usable(q, instance) == ELEUSIS:
            self.log(f"{self.game.labels[instance]} has no other Eleusis card beside it: no "
                     "effect.", ELEUSIS)
            return
        ctx = GameContext(self, q, self.game.facts[instance])
        self.log(f"{self.player_name(q)} uses {self.game.labels[instance]}.", rule)
        self.push_effects(evaluate(self.game.powers[instance], ctx), group or self.group(),
                          instance)

    def fire(self, q: int, kind: EventKind, instance: str) -> None:
        """Permanent powers react to their owner's take or transfer (p.7; p.12 own power)."""
        seat, permanent = self.read_seat(q), self.game.permanent
        watchers = [c for c in seat.domain if c in permanent and c not in seat.citizens]
        if kind is _TRANSFER and instance in permanent and instance not in seat.citizens:
            watchers.append(instance)
        if not watchers:
            return
        event, listens = PowerEvent(kind, q, self.facts(q, instance)), self.game.listens
        for c in watchers:
            if kind not in listens[c]:  # its power would do nothing (``_fires``)
                continue
            ctx = GameContext(self, q, self.game.facts[c])
            effects = evaluate(self.game.powers[c], ctx, event=event)
            if effects:
                self.log(f"{self.game.labels[c]} reacts.",
                         OWN_POWER if c == instance else PERMANENT)
                self.push_effects(effects, self.group(), c)

    def push_effects(self, effects: Sequence[Effect], group: int, source: str) -> None:
        """A power's effects as tasks, the first effect on top (``push``, each)."""
        tasks, task_of = self.data.tasks, self.task_of
        for e in reversed(effects):
            tasks.append(task_of(e, group, source))

    def task_of(self, e: Effect, group: int, source: str) -> Task:
        """One effect as a task (the stack's unit of work)."""
        # positional arguments: the dataclass's ``__init__`` matches keywords to its 14
        # fields about twice as slowly, at each of a power's steps
        if isinstance(e, ResourceEffect):
            amount = e.amount
            # kind, player, card, count, gold, vp, pp, mode, spec, zone, zone2, group
            return Task(e.kind, e.player, source, 0, amount.gold, amount.vp, amount.pp,
                        "", "", "", "", group)
        t = Task("", e.player, source, 0, 0, 0, 0, "", "", "", "", group)
        if isinstance(e, CardEffect):
            spec: Any = e.spec
            t.kind, t.count = TASK_KINDS.get(e.kind, e.kind), e.count
            if e.kind in ("transfer", "take", "discard", "exchange", "use_power"):
                t.spec = filter_text(spec.card)
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
        return option_text(tuple(self.game.player_names), tuple(effects))

    def fail_group(self, task: Task, why: str, rule: str) -> None:
        """A ``pay`` or ``discard`` step cannot be done: the rest of that power is skipped."""
        while self.data.tasks and self.data.tasks[-1].group == task.group:
            self.data.tasks.pop()
        self.log(f"{why}: the rest of {self.game.labels.get(task.card, 'the power')} is "
                 "skipped.", rule)

    # ------------------------------------------------------------------ transfers
    def transfer_offers(self, q: int, mode: str, spec: CardSpec, kind: str,
                        rule: str) -> list[Action]:
        """Every legal transfer: a card of the domain and the legend it joins (p.8-9), in the
        order of ``legends.places``."""
        seat, cards, labels = self.data.seats[q], self.game.inst, self.game.labels
        facts = self.game.facts  # a card's level read here, not from its pydantic ``Card``
        views = [self.legend_view(legend, seat) for legend in seat.legends]
        citizens, gold, free, extra = seat.citizens, seat.gold, mode == "free", \
            mode == "plus_one"
        out: list[tuple] = []  # each move's arguments, made into moves at once (``moves``)
        citizen_seen = False
        for c in seat.domain:
            if spec is not ANY and not spec.matches(self.facts(q, c)):
                continue
            if c in citizens:
                if citizen_seen:
                    continue
                citizen_seen = True
                card, name = None, "a Citizen"
            else:  # a family card may start a new legend
                card, name = cards[c], labels[c]
                cost = 0 if free else facts[c].level + extra
                if cost <= gold:
                    out.append((kind, rule, c, name, -1, "", cost))
            for index, view in enumerate(views):
                level = view.level(c, card)
                if level is not None:
                    cost = 0 if free else level + extra
                    if cost <= gold:
                        out.append((kind, rule, c, name, index, view.detail, cost))
        return self.moves(_transfer_move, out)

    def legend_view(self, legend: list[str], seat: Seat) -> L.LegendView:
        """``legends.LegendView`` of a legend of ``seat``, made once for each content (its
        cards, and which of them are Citizens) by the games of the same options."""
        citizens = seat.citizens
        key = (tuple(legend), tuple([c for c in legend if c in citizens]) if citizens else ())
        views, levels = self.game.legend_views, self.game.legend_levels
        found = views.get(key)
        if found is None:
            if len(views) >= LEGENDS_KEPT:
                views.clear()
                levels.clear()
            found = views[key] = L.LegendView(legend, seat, self.game.inst, levels)
        return found

    def transfer(self, q: int, instance: str, index: int, cost: int, rule: str) -> None:
        """Move a card from the domain to the Elysium, paying, then bonuses and reactions."""
        seat, cards = self.seat(q, "legends", "transferred"), self.game.inst
        name = self.label(q, instance)
        rule = CITIZEN_JOKER if instance in seat.citizens else rule
        seat.gold -= cost
        self.leave_domain(q, instance)
        legend = L.put(seat, instance, index)
        seat.transferred.append(instance)
        self.log(f"{self.player_name(q)} transfers {name} for {cost} gold: "
                 f"{L.describe(legend, seat, cards)}.", rule)
        self.legend_bonuses(q, legend)
        self.fire(q, _TRANSFER, instance)

    def legend_bonuses(self, q: int, legend: Any) -> None:
        """Family bonus 5/2 VP to the first and second completion; level bonus to the first
        2+-card legend, stolen by a longer one (p.9)."""
        d, seat = self.data, self.seat(q)
        real = L.real_cards(legend, seat, self.game.inst)
        kind = L.kind(legend, self.game.inst)
        if kind == "family" and L.complete(legend, self.game.inst):
            family = real[0].family.value
            tiles = self.to_change("family_bonus").setdefault(family, [])
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
                self.to_change("level_bonus")[level] = [q, size]
                self.log(f"{self.player_name(q)} {how} the level {level} legend bonus "
                         f"({size} cards).", LEVEL_BONUS)
            elif holder[0] == q:
                self.to_change("level_bonus")[level][1] = max(holder[1], size)


def _transfer_move(s: ElysiumState, move: tuple[str, str, str, str, int, str, int]) -> Action:
    """A transfer of ``instance`` (named ``name``) to legend ``index`` (-1: a new one), whose
    description is ``detail``, as its move kind and ``rule`` allow."""
    kind, rule, instance, name, index, detail, cost = move
    where = "a new legend" if index < 0 else f"legend {index + 1}"
    return act(f"transfer {name} to {where}", kind, rule, instance, index, cost,
               note=f"Transfer {name} to {where}{detail} for {cost} gold")
