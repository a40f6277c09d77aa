"""Elder Sign's rules on the shared engine (Elder Sign rulebook, Greek edition).

A turn runs Move -> Adventure or Entrance -> Clock (p.5); after the Ancient One awakens it runs
Final battle -> Clock (p.12). Decisions that interrupt a turn (placing a monster, choosing a
new investigator, an assisting investigator's loss, the Ancient One's attack, "Ashcan" Pete's
reward, which held die a lock takes) are ``Task`` entries on a stack; the top one is answered
first. Otherwise the decision follows from the turn step: "move", "entrance", the lost and
found die ("lost-die", chance's), or the attempt's stage (:mod:`.resolve`). Each decision kind
has its offerer and each move kind its doer in ``RULES`` (:mod:`.refs`). The start of a turn
(``turn_start``) lasts until its first action: Carolyn Fern and Vincent Lee heal then, once per
day (a day ends at midnight on the clock). Dice rolls are chance nodes with multiset outcomes;
shuffles and the monster cup draw from the state's seeded stream.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from mythlab.engine import Action, Decision, Game, Phase, PhaseBook, State
from mythlab.engine.chance import SeededStream

from . import hidden
from . import resolve as adv
from .dice import outcomes
from .dice_rolls import dice_outcome
from .effects import (
    SWAP_FOR,
    add_doom,
    apply_effects,
    apply_one,
    change_health,
    devour,
    equal_chances,
    gain_cards,
    held_die_text,
    held_for_lock,
    lock_die,
    lock_icons,
    lose_trophies,
    new_investigator,
    pay,
    payments,
    place_monster,
    placements,
    release_attempt,
    settle_locks,
    take_held_die,
    unlock,
)
from .hidden import HIDDEN
from .load import EACH_KINDS, PLAYER_KINDS, AncientOne, GameData, Mythos, builtin_data, parse_token
from .refs import (
    ADVENTURE,
    ATTACK,
    AWAKENING,
    BATTLE,
    CLOCK,
    COMPLETE,
    DEVOURED,
    ENDING,
    ENTRANCE,
    FIRST_AID,
    FOCUS,
    INVESTIGATOR,
    ITEMS,
    LOCKED,
    LOST_FOUND,
    MONSTERS,
    MOVE,
    MYTHOS,
    ORDERED,
    RULES,
    SETUP,
    SOUVENIR,
    TASK_COST,
    act,
)
from .state import ElderSignData, Investigator, Seat, Task, copy_field, copy_for_move, copy_seat
from .structure import structure_problems
from .tasks import COLOURS, TOTALS, split

if TYPE_CHECKING:
    from .live_odds import LiveOdds

PHASES = PhaseBook([
    Phase("Setup", SETUP, 0, ("Move", "Monster appears"),
          "Clock at XII, six adventures, investigators at the Entrance, the first Mythos card."),
    Phase("Move", MOVE, 1, ("Adventure", "Entrance", "Roll", "Monster appears", "Clock"),
          "Move your investigator to an adventure card or to the Entrance."),
    Phase("Adventure", ADVENTURE, 2,
          ("Roll", "Monster appears", "Locked die", "Devoured", "Reward choice", "Clock", "Move",
           "Final battle", "Game over"),
          "Spend items, roll, complete one task per roll; try again or fail."),
    Phase("Roll", "Elder Sign · p.6 Rolling the dice", 3,
          ("Adventure", "Entrance", "Final battle", "Monster appears", "Devoured",
           "Reward choice", "Clock", "Move", "Game over"),
          "Dice are rolled: each outcome is a multiset of faces with its exact probability."),
    Phase("Entrance", ENTRANCE, 4, ("Roll", "Monster appears", "Devoured", "Reward choice",
                                    "Clock", "Move", "Final battle", "Game over"),
          "First aid, lost and found, or a souvenir."),
    Phase("Monster appears", MONSTERS, 5,
          ("Monster appears", "Locked die", "Adventure", "Devoured", "Reward choice", "Clock",
           "Move", "Entrance", "Final battle", "Game over"),
          "The active player places the monster on a monster task or under a card's last task."),
    Phase("Devoured", DEVOURED, 6, ("Devoured", "Monster appears", "Adventure",
                                    "Reward choice", "Clock", "Move", "Final battle",
                                    "Game over"),
          "A devoured investigator is replaced by one not yet played."),
    Phase("Reward choice", INVESTIGATOR, 7,
          ("Reward choice", "Monster appears", "Devoured", "Adventure", "Clock", "Move",
           "Final battle", "Game over"),
          '"Ashcan" Pete takes a gained item or spell, or a clue, common item or spell instead.'),
    Phase("Locked die", LOCKED, 8,
          ("Monster appears", "Adventure", "Roll", "Entrance", "Devoured", "Reward choice",
           "Clock", "Move", "Final battle", "Game over"),
          "No die is free for a locked-die icon: the active player chooses a held one."),
    Phase("Clock", CLOCK, 9, ("Move", "Final battle", "Monster appears", "Locked die",
                              "Devoured", "Reward choice", "Game over"),
          "The clock moves 3 hours; at midnight the Mythos (or the Ancient One's attack)."),
    Phase("Final battle", BATTLE, 10, ("Roll", "Clock", "Devoured", "Game over"),
          "Roll to complete the combat task: each completion removes a doom token."),
    Phase("Game over", ENDING, 11, (), "Sealed with Elder Signs, banished in battle, or lost."),
])

#: the kinds of pending tasks, and the phase each one shows
TASK_PHASES = {"place": "Monster appears", "replace": "Devoured", "helper": "Adventure",
               "max": "Clock", "reward": "Reward choice", "lock": "Locked die"}
#: the turn steps that are decisions when no attempt is under way: phase -> decision kind
STEPS = {"Move": "move", "Entrance": "entrance"}
#: chance's decision at the Entrance: the lost and found die is in the air
LOST_DIE = Decision("lost-die")


@cache
def turn_step(kind: str, player: int) -> Decision:
    """The decision of a turn step or an attempt's stage, made once (decisions are frozen,
    and the engine asks for the decision several times a move)."""
    return Decision(kind, player)


class ElderSignGame(Game):
    """Elder Sign: investigators gather Elder Signs before the Ancient One awakens."""

    name = "elder_sign"
    title = "Elder Sign"
    min_players = 1
    max_players = 8
    default_players = 2
    cooperative = True  # the investigators win or lose together (rulebook, Greek edition, p.2)
    phases = PHASES
    hidden = HIDDEN
    #: ``ancient_one``: a name (random by default); ``investigators``: names per seat (dealt
    #: at random by default); ``wild``: "seed" (wild = 1 investigation, lore, peril or terror)
    #: or "faq" (4 investigation …)
    default_options = {"names": None, "ancient_one": None, "investigators": None,
                       "wild": "seed"}

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        self.data: GameData = builtin_data()
        ao = self.options["ancient_one"]
        if ao is not None and (not isinstance(ao, str) or ao not in self.data.ancient_ones):
            raise ValueError(f"ancient_one: no Ancient One called {ao!r}; choose from "
                             f"{', '.join(self.data.ancient_ones)}")
        chosen = self.options["investigators"]
        if chosen is not None:
            known = self.data.investigators
            if not isinstance(chosen, list | tuple) or len(chosen) != self.players \
                    or any(not isinstance(n, str) or n not in known for n in chosen) \
                    or len(set(chosen)) != len(chosen):
                raise ValueError(f"investigators: give {self.players} different names from "
                                 f"{', '.join(self.data.investigators)}")
        if self.options["wild"] not in ("seed", "faq"):
            raise ValueError("wild: 'seed' (the rulebook) or 'faq' (the publisher's FAQ)")

    @cached_property
    def live_odds(self) -> LiveOdds:
        """The solvers behind the live odds of this game's cards (:mod:`.live_odds`), shared
        by all its states; made on first use, so a game nobody asks odds of loads no solver."""
        from .live_odds import LiveOdds

        return LiveOdds()

    def new_data(self, stream: SeededStream) -> ElderSignData:
        """The setup's decks (p.5): the Ancient One (random unless chosen), every deck and the
        investigators shuffled, masked monsters in the cup only if the Ancient One adds them."""
        data = self.data
        piles = data.piles
        names = sorted(data.ancient_ones)
        ao = self.options["ancient_one"] or names[stream.choice_index(
            equal_chances(len(names)))]
        decks = {}
        for kind in ("common_item", "unique_item", "spell", "ally"):
            decks[kind] = list(piles[kind])
            stream.shuffle(decks[kind])
        advs = list(piles["adventure"])
        worlds = list(piles["other_world"])
        mythos = list(data.mythos)
        pool = list(data.investigators)
        for deck in (advs, worlds, mythos, pool):
            stream.shuffle(deck)
        masked = data.ancient_ones[ao].masked_monsters
        cup = list(piles["masked_monsters" if masked else "monsters"])
        return ElderSignData(ancient_one=ao, seats=[Seat() for _ in range(self.players)],
                             board=[], adventure_deck=advs, other_world_deck=worlds,
                             decks=decks, mythos_deck=mythos, cup=cup, pool=pool)

    def initial_state(self) -> ElderSignState:
        """The game's first state: the setup (:meth:`ElderSignState.setup`), then play runs on
        to the first decision."""
        state = super().initial_state()
        state.setup()
        state._advance()
        return state

    def max_actions(self) -> int:
        """A bound on a game's length in moves, growing with the players (random_sim checks it)."""
        # A bound, not an estimate: random games stay far below it (tests/test_elder_sign_sim).
        return 6000 + 1500 * self.players

    def invariants(self, state: State) -> list[str]:
        """What must hold in every position (``check_invariants``)."""
        return check_invariants(state)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        """The greedy bots' score of ``state`` (:func:`.bots.evaluate`, the same for every seat)."""
        from .bots import evaluate

        return evaluate(state, player)  # type: ignore[arg-type]


class ElderSignState(State):
    """A position in Elder Sign.

    A move shares the seats, the board, the locks, the spells and the pending decisions
    with the position before it (``state.COPIED_ON_WRITE``): a rule changes one in place only
    through ``to_change(name)``, and a seat or an investigator through ``seat_to_change`` or
    ``investigator_to_change``, which copy it first, once per move.
    """

    __slots__ = ("_owned_seats",)
    data_class = ElderSignData
    data: ElderSignData
    game: ElderSignGame

    rules = RULES

    # ------------------------------------------------------------------ engine hooks
    def _phase_name(self) -> str:
        d = self.data
        if d.result:
            return "Game over"
        if d.pending:
            return TASK_PHASES[d.pending[-1].kind]
        if d.entrance_roll or (d.attempt is not None and d.attempt.stage == "roll"):
            return "Roll"
        return d.phase

    def _may_be_over(self) -> bool:
        """Only a position with a result, or whose phase says so, may be terminal."""
        return bool(self.data.result) or self.data.phase == self.game.terminal_phase

    def decision(self) -> Task | Decision:
        """The pending task on top, else the turn step: a move, the Entrance, the lost and
        found die, or the stage of the attempt under way."""
        d = self.data
        if d.pending:
            return d.pending[-1]
        if d.entrance_roll:
            return LOST_DIE
        if d.phase in STEPS:
            return turn_step(STEPS[d.phase], d.turn)
        return turn_step(d.attempt.stage, d.turn)

    def _before_move(self, action: Action) -> None:
        self._owned_seats: set[int] | tuple = ()  # the seats this move copied: none yet
        if self.data.turn_start and action.kind != "heal":
            self.data.turn_start = False  # the first action of the turn ends its start

    def _copy_data_for(self, action: Action) -> ElderSignData:
        """The attempt copied, the rest of the position shared until a rule changes it
        (``to_change``, ``seat_to_change``): states are read-only from outside."""
        return copy_for_move(self.data)

    def _copy_field(self, name: str, value: Any) -> Any:
        return copy_field(name, value)

    def _dice_in_the_air(self) -> bool:
        """Whether chance decides an attempt's roll now (the decision is a "roll")."""
        return not self.data.result and self.decision().kind == "roll"

    def _lookup(self, label: str) -> Action | None:
        """At a dice roll, the outcome called ``label`` is found at once (462 for 6 dice)."""
        return dice_outcome(self, label) if self._dice_in_the_air() else None

    def _scores(self) -> dict[str, Any]:
        d = self.data
        won = d.result.startswith("won")
        outcome = (f"The investigators {'win' if won else 'lose'}: "
                   f"{d.result.partition(': ')[2]}." if d.result else None)
        return {"result": d.result or "in play", "won": won, "outcome": outcome,
                "elder_signs": d.elder_signs,
                "doom": d.doom, "winners": list(range(self.game.players)) if won else [],
                "scores": {self.player_name(p): int(won) for p in range(self.game.players)},
                "team": {"Elder Signs": f"{d.elder_signs} of {self.ancient_one.elder_signs}",
                         "doom tokens": f"{d.doom} of {self.ancient_one.doom}"}}

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        return diagnose(self, label)

    def _observe(self, player: int | None) -> Any:
        """Every seat sees the same: the decks and the monster cup as counts (p.5)."""
        return hidden.observe(self, super()._observe(player))

    def _resample(self, player: int | None, rng: random.Random) -> None:
        hidden.resample(self, rng)

    # ------------------------------------------------------------------ helpers
    @property
    def active(self):
        """The investigator of the active player (None if devoured this turn)."""
        return self.data.seats[self.data.turn].investigator

    def seat_to_change(self, seat: int) -> Seat:
        """The ``Seat`` of ``seat`` (and its investigator), for a move to change: copied first
        while this state still shares it with the state before the move."""
        seats = self.to_change("seats")
        try:
            owned = self._owned_seats
        except AttributeError:  # not made by a move (a new game, a clone): it owns every seat
            return seats[seat]
        if seat not in owned:
            seats[seat] = copy_seat(seats[seat])
            if not owned:  # the move's first seat: a set from now on
                owned = self._owned_seats = set()
            owned.add(seat)
        return seats[seat]

    def investigator_to_change(self, seat: int) -> Investigator | None:
        """The investigator of ``seat`` (None if it has none), for a move to change."""
        return self.seat_to_change(seat).investigator

    def active_to_change(self) -> Investigator | None:
        """The investigator of the active player (``active``), for a move to change."""
        return self.seat_to_change(self.data.turn).investigator

    @property
    def ancient_one(self) -> AncientOne:
        """The Ancient One of this game."""
        return self.game.data.ancient_ones[self.data.ancient_one]

    @property
    def lasting_mythos(self) -> Mythos | None:
        """The Mythos card whose lasting effect applies (none once the Ancient One is awake)."""
        d = self.data
        return self.game.data.mythos[d.mythos] if d.mythos and not d.awake else None

    @property
    def mythos(self) -> Mythos | None:
        """The lasting effect on the active player's turn: Sister Mary ignores it."""
        inv = self.active
        if inv is not None and self.game.data.investigators[inv.name].ability == \
                "ignore_mythos":
            return None
        return self.lasting_mythos

    def finish(self, result: str, why: str, rule: str) -> None:
        """End the game ("won" or "lost", and why), once: pending decisions and the attempt are
        dropped and the outcome is logged."""
        d = self.data
        if d.result:
            return
        d.result = f"{result}: {why}"
        d.pending = []
        d.attempt = None
        d.entrance_roll = False
        d.phase = "Game over"
        self.log(self._scores()["outcome"], rule)

    def describe(self) -> str:
        """One line: the Ancient One, doom and Elder Signs against their limits, the clock hour."""
        d = self.data
        return (f"{d.ancient_one}: doom {d.doom}/{self.ancient_one.doom}, Elder Signs "
                f"{d.elder_signs}/{self.ancient_one.elder_signs}, clock {d.clock or 12}")

    # ------------------------------------------------------------------ setup and turn flow
    def setup(self) -> None:
        """Setup steps 1-8 (p.5): adventures, investigators, the first Mythos card."""
        d = self.data
        self.log(f"The clock is set to XII. The Ancient One is {d.ancient_one}.", SETUP)
        for index in range(6):
            adv.reveal_adventure(self, index)
        chosen = self.game.options["investigators"]
        for seat in range(len(d.seats)):
            name = chosen[seat] if chosen else d.pool[0]
            d.pool = [n for n in d.pool if n != name]
            self.seat_to_change(seat).investigator = new_investigator(self, name)
            self.log(f"{self.player_name(seat)} plays {name}.", SETUP)
        draw_mythos(self)
        d.phase = "Move"
        d.turn_start = True

    def _advance(self) -> None:
        """Move the turn on while nothing waits for a decision (p.5, p.9, p.12)."""
        d = self.data
        settle_locks(self)
        while not d.result:
            if d.pending:
                return
            if d.awakening:
                awaken(self)
                continue
            if d.phase in ("Adventure", "Final battle") and d.attempt is None:
                d.phase = "Clock"
            if d.phase != "Clock":
                return
            if not d.clock_done:
                advance_clock(self)
            else:
                end_turn(self)


# ------------------------------------------------------------------ move and the Entrance
@RULES.offers("move")
def offer_move(s: ElderSignState, decision: Decision) -> list[Action]:
    """Step 1: go to an adventure card in play or to the Entrance (p.5), or heal first."""
    acts = [go_to(card.name) for card in s.data.board]
    m = s.mythos
    if m is None or m.lasting != "entrance_closed":
        acts.append(go_to("entrance"))
    return acts + adv.healing_actions(s)


@cache
def go_to(where: str) -> Action:
    """Going to the card ``where`` or the Entrance, made once per place (moves are frozen)."""
    return act(f"go to {'the Entrance' if where == 'entrance' else where}", "move", MOVE, where)


@RULES.does("move")
def do_move(s: ElderSignState, task: Decision, action: Action) -> None:
    """The investigator goes to a card (its adventure starts) or to the Entrance."""
    (where,) = action.args
    d = s.data
    s.active_to_change().where = where
    if where == "entrance":
        s.log(f"{s.active.name} waits at the Entrance.", ENTRANCE)
        d.phase = "Entrance"
    else:
        s.log(f"{s.active.name} goes to {where}.", MOVE)
        d.phase = "Adventure"
        adv.start_attempt(s, where)


@RULES.offers("entrance")
def offer_entrance(s: ElderSignState, decision: Decision) -> list[Action]:
    """At the Entrance: first aid, the lost and found, or a souvenir (p.8)."""
    inv = s.active
    acts = []
    for aid in s.game.data.first_aid:
        if aid.cost == 0:
            acts.append(act("first aid: regain 1 sanity and 1 stamina", "first-aid", FIRST_AID,
                            aid.heal, ()))
            continue
        ways = payments(s, inv, aid.cost)
        if ways:
            what = {"full_stamina": "restore all stamina", "full_sanity": "restore all sanity",
                    "full_both": "restore all sanity and stamina"}[aid.heal]
            acts.append(act(f"first aid: {what} for {aid.cost} trophies", "first-aid",
                            FIRST_AID, aid.heal, tuple(ways[0])))
    acts.append(act("search the lost and found (roll 1 green die)", "lost-found", LOST_FOUND))
    for item in s.game.data.souvenirs:
        ways = payments(s, inv, item.price)
        if ways:
            acts.append(act(f"buy a souvenir: {item.buy.replace('_', ' ')} for {item.price} "
                            "trophies", "souvenir", SOUVENIR, item.buy, tuple(ways[0])))
    return acts


@RULES.does("first-aid")
def do_first_aid(s: ElderSignState, task: Decision, action: Action) -> None:
    """First aid heals, free or for trophies (p.8)."""
    heal, paid = action.args
    inv = s.active_to_change()
    if paid:
        pay(s, inv, list(paid), "first aid")
    if heal == "both_one":
        inv.sanity = min(inv.max_sanity, inv.sanity + 1)
        inv.stamina = min(inv.max_stamina, inv.stamina + 1)
    if heal in ("full_sanity", "full_both"):
        inv.sanity = inv.max_sanity
    if heal in ("full_stamina", "full_both"):
        inv.stamina = inv.max_stamina
    s.log(f"{inv.name} gets first aid: sanity {inv.sanity}, stamina {inv.stamina}.", FIRST_AID)
    s.data.phase = "Clock"


@RULES.does("souvenir")
def do_souvenir(s: ElderSignState, task: Decision, action: Action) -> None:
    """A souvenir is bought with trophies (p.8)."""
    buy, paid = action.args
    pay(s, s.active_to_change(), list(paid), f"a souvenir: {buy.replace('_', ' ')}")
    s.data.phase = "Clock"
    apply_one(s, s.data.turn, buy, 1, SOUVENIR)


_LOST: list[tuple[Action, Fraction]] = []


@RULES.chances("lost-die")
def lost_and_found_outcomes(s: ElderSignState, decision: Decision
                            ) -> list[tuple[Action, Fraction]]:
    """The lost and found die lands: one green die (p.8), a fresh list of its outcomes."""
    if not _LOST:
        _LOST.extend((act(f"lost and found die: {faces[0]}", "lost-die", LOST_FOUND, faces[0]), p)
                     for ((_, faces),), p in outcomes("G"))
    return list(_LOST)


@RULES.does("lost-found")
def do_lost_found(s: ElderSignState, task: Decision, action: Action) -> None:
    """The investigator searches the lost and found: one green die is rolled (p.8)."""
    s.data.entrance_roll = True


@RULES.does("lost-die")
def do_lost_die(s: ElderSignState, task: Decision, action: Action) -> None:
    """The lost and found die shows a face: its entry of the table applies."""
    (face,) = action.args
    d = s.data
    d.entrance_roll = False
    d.phase = "Clock"
    entry = s.game.data.lost_and_found[face]
    s.log(f"{s.active.name} searches the lost and found and rolls {face}: "
          f"{', '.join(entry.effect) or 'nothing'}.", LOST_FOUND)
    apply_effects(s, d.turn, entry.effect, LOST_FOUND)


# ------------------------------------------------------------------ the clock and Mythos
def advance_clock(s: ElderSignState) -> None:
    """The clock moves 3 hours; at XII the midnight effects and a new Mythos card (p.9)."""
    d = s.data
    d.clock = (d.clock + 3) % 12
    d.clock_done = True
    s.log(f"The clock moves to {d.clock or 12}.", CLOCK)
    if d.clock:
        return
    new_day(s)
    if d.awake:
        ancient_one_attacks(s)
        return
    s.log("Midnight.", CLOCK)
    for card in list(d.board):
        rule = s.game.data.card_rules.get(card.name)
        if rule is not None and rule.midnight and not d.awakening:
            apply_table(s, rule.midnight, f"{CLOCK} ({card.name})")
    m = s.lasting_mythos
    if m is not None and m.lasting == "midnight":
        apply_table(s, m.lasting_effect, f"{MYTHOS} ({m.name})")
    if d.awakening:  # a full doom track awakens it at once (p.11), before any Mythos card
        s.log("The doom track is full: no Mythos card is drawn.",
              RULES.ruling("awakening-at-midnight"))
    elif not d.result:
        draw_mythos(s)


def new_day(s: ElderSignState) -> None:
    """Midnight starts a new day: once-per-day abilities may be used again."""
    for seat, place in enumerate(s.data.seats):
        inv = place.investigator
        if inv is not None and inv.used_today:
            inv = s.investigator_to_change(seat)
            inv.used_today = False
            s.log(f"A new day: {inv.name} may use the once-per-day ability again.",
                  RULES.ruling("once-per-day"))


def apply_table(s: ElderSignState, tokens: tuple[str, ...], rule: str) -> None:
    """Effects on every investigator (``each_*``) or on the board."""
    d = s.data
    for token in tokens:
        if d.result or d.awakening:  # the Ancient One awakens at once (p.11)
            return
        kind, n = parse_token(token, PLAYER_KINDS | EACH_KINDS)
        if kind == "doom_per_other_world":
            worlds = sum(1 for c in d.board
                         if s.game.data.adventures[c.name].deck == "other_world")
            if worlds:
                add_doom(s, n * worlds, rule)
        elif kind == "each_trophies_or_health":
            for seat, place in enumerate(d.seats):
                if place.investigator and \
                        not lose_trophies(s, s.investigator_to_change(seat), n):
                    change_health(s, seat, "sanity", -1, rule)
                    change_health(s, seat, "stamina", -1, rule)
        elif kind.startswith("each_"):
            for seat, place in enumerate(d.seats):
                if place.investigator:
                    apply_one(s, seat, kind[5:], n, rule)
        else:
            apply_one(s, d.turn, kind, n, rule)


def draw_mythos(s: ElderSignState) -> None:
    """Reveal and resolve a Mythos card: its immediate effect, then its lasting one (p.9)."""
    d = s.data
    if d.mythos:
        unlock(s, f"mythos:{d.mythos}")
        d.mythos_discard = d.mythos_discard + [d.mythos]
    if not d.mythos_deck:
        d.mythos_deck, d.mythos_discard = d.mythos_discard[:], []
        s.stream.shuffle(d.mythos_deck)
        s.log("The Mythos deck is reshuffled.", RULES.ruling("mythos-reshuffle"))
    d.mythos, *d.mythos_deck = d.mythos_deck
    m = s.game.data.mythos[d.mythos]
    lasting = {"none": "", "midnight": f"; at the next midnight: {', '.join(m.lasting_effect)}",
               "terror": f"; terror effects: {', '.join(m.lasting_effect)}",
               "no_focus": "; no focus or assist", "entrance_closed": "; the Entrance is closed"}
    s.log(f"Mythos: {m.name} ({', '.join(m.immediate) or 'no immediate effect'}"
          f"{lasting[m.lasting]}).", MYTHOS)
    if m.lock != "none":
        lock_die(s, m.lock, f"mythos:{d.mythos}")
    apply_table(s, m.immediate, MYTHOS)


# ------------------------------------------------------------------ awakening and the battle
def awaken(s: ElderSignState) -> None:
    """The doom track is full: the Ancient One awakens (p.11); every locked die is freed
    (mythlab ruling 'awakening-frees-dice')."""
    d = s.data
    ao = s.ancient_one
    d.awakening = False
    d.awake = True
    d.doom = ao.doom
    s.log(f"{ao.name} awakens!", AWAKENING)
    if ao.awakening == "devour_all":
        s.finish("lost", f"{ao.name} awakens and devours the world", AWAKENING)
        return
    if d.attempt is not None:
        release_attempt(s)
        d.attempt = None
    d.locks = []
    for seat, place in enumerate(d.seats):
        if place.investigator:
            inv = s.investigator_to_change(seat)
            inv.where = "ancient-one"
            inv.marker = ""
    s.log("Every investigator moves to the Ancient One; the Mythos card no longer applies.",
          AWAKENING)
    d.phase = "Clock"


def ancient_one_attacks(s: ElderSignState) -> None:
    """At midnight after the awakening the Ancient One attacks instead of a Mythos (p.12)."""
    d = s.data
    ao = s.ancient_one
    s.log(f"Midnight: {ao.name} attacks ({', '.join(ao.attack)}).", ATTACK)
    for token in ao.attack:
        if d.result:
            return
        kind, n = parse_token(token, {"max_either", "clue_or_health", "sanity", "stamina",
                                      "doom"})
        if kind == "doom":
            add_doom(s, n, ATTACK)
            continue
        for seat, place in enumerate(d.seats):
            inv = place.investigator
            if inv is None:
                continue
            if kind == "max_either":
                s.to_change("pending").append(Task("max", seat, amount=-n))
            elif kind == "clue_or_health":
                if inv.clues >= n:
                    inv = s.investigator_to_change(seat)
                    inv.clues -= n
                    s.log(f"{inv.name} loses {n} clue(s).", ATTACK)
                else:
                    change_health(s, seat, "sanity", -1, ATTACK)
                    change_health(s, seat, "stamina", -1, ATTACK)
            else:
                change_health(s, seat, kind, n, ATTACK)


def end_turn(s: ElderSignState) -> None:
    """Markers and added dice go back; the next player with an investigator plays (p.10):
    players with none left are skipped (mythlab ruling 'players-out')."""
    d = s.data
    for seat, place in enumerate(d.seats):
        if place.investigator and place.investigator.marker:
            s.investigator_to_change(seat).marker = ""
    d.attempt = None
    d.clock_done = False
    d.turns_played += 1
    n = len(d.seats)
    for step in range(1, n + 1):
        seat = (d.turn + step) % n
        if not d.seats[seat].out:
            break
    else:  # every player is out (devour() ends the game first)
        return
    d.turn = seat
    d.turn_start = True
    inv = s.active
    if d.awake:
        d.phase = "Final battle"
        s.log(f"{s.player_name(seat)} ({inv.name}) attacks {d.ancient_one}.", BATTLE)
        adv.start_attempt(s, adv.AO)
    else:
        d.phase = "Move"


# ------------------------------------------------------------------ interrupting decisions
@RULES.offers("place")
def offer_place(s: ElderSignState, t: Task) -> list[Action]:
    """Where the monster goes: a monster task or under a card's last task (p.10-11)."""
    name = s.game.data.monsters[t.monster].name
    acts = []
    for card, row in placements(s, t.exclude):
        where = {-1: "its empty monster task", -2: "under its last task"}.get(row,
                                                                             f"task {row + 1}")
        acts.append(act(f"place {name} on {card}, {where}", "place", MONSTERS, card, row))
    if not acts:
        acts.append(act(f"return {name} to the cup (no card can take it)", "place", MONSTERS,
                        "", 0))
    return acts


@RULES.does("place")
def do_place(s: ElderSignState, t: Task, action: Action) -> None:
    """The monster is placed (or goes back to the cup when no card can take it)."""
    card, row = action.args
    s.to_change("pending").pop()
    if card:
        place_monster(s, t.monster, card, row)
    else:
        s.data.cup = s.data.cup + [t.monster]
        s.log("The monster goes back to the cup.", RULES.ruling("no-card-for-monster"))


@RULES.offers("replace")
def offer_replace(s: ElderSignState, t: Task) -> list[Action]:
    """A devoured investigator's player takes one not yet played (p.11)."""
    return [act(f"take {name}", "replace", DEVOURED, name) for name in sorted(s.data.pool)]


@RULES.does("replace")
def do_replace(s: ElderSignState, t: Task, action: Action) -> None:
    """The new investigator starts at the Entrance; with none left, others waiting are out."""
    (name,) = action.args
    d = s.data
    pending = s.to_change("pending")
    pending.pop()
    d.pool = [n for n in d.pool if n != name]
    s.seat_to_change(t.player).investigator = new_investigator(s, name)
    s.log(f"{s.player_name(t.player)} now plays {name} (from the Entrance).", DEVOURED)
    if not d.pool:  # others waiting for a replacement find none left
        for other in [x for x in pending if x.kind == "replace"]:
            pending.remove(other)
            s.seat_to_change(other.player).out = True
            s.log(f"No investigator is left for {s.player_name(other.player)}: out of the "
                  "game (they still win if the others do).", DEVOURED)


@RULES.offers("helper")
def offer_helper(s: ElderSignState, t: Task) -> list[Action]:
    """An assisting investigator loses 1 sanity or 1 stamina after a failed roll (p.10)."""
    return [act(f"assisting: lose 1 {k}", "helper", FOCUS, k) for k in ("sanity", "stamina")]


@RULES.does("helper")
def do_helper(s: ElderSignState, t: Task, action: Action) -> None:
    """The assistant pays the chosen loss."""
    s.to_change("pending").pop()
    change_health(s, t.player, action.args[0], -1, FOCUS)


@RULES.offers("max")
def offer_max(s: ElderSignState, t: Task) -> list[Action]:
    """The Ancient One's attack: lose maximum sanity or maximum stamina (p.12)."""
    return [act(f"lose {t.amount} maximum {k}", "max", ATTACK, k) for k in ("sanity", "stamina")]


@RULES.does("max")
def do_max(s: ElderSignState, t: Task, action: Action) -> None:
    """The maximum falls (and the track with it); at 0 the investigator is devoured."""
    (kind,) = action.args
    s.to_change("pending").pop()
    inv = s.investigator_to_change(t.player)
    if inv is None:
        return
    top = getattr(inv, f"max_{kind}") - t.amount
    setattr(inv, f"max_{kind}", max(top, 0))
    setattr(inv, kind, min(getattr(inv, kind), max(top, 0)))
    s.log(f"{inv.name}'s maximum {kind} falls to {max(top, 0)}.", ATTACK)
    if top <= 0:
        devour(s, t.player, f"maximum {kind} fell to 0")


@RULES.offers("reward")
def offer_reward(s: ElderSignState, t: Task) -> list[Action]:
    """"Ashcan" Pete: the card he gains, or a clue, common item or spell instead, chosen
    before the card is drawn (mythlab ruling 'ashcan-pete-choice')."""
    name = s.data.seats[t.player].investigator.name
    gained = t.reward.replace("_", " ")
    acts = [act(f"{name}: take the {gained}", "reward", INVESTIGATOR, t.reward)]
    acts += [act(f"{name}: take a {other.replace('_', ' ')} instead of the {gained}", "reward",
                 INVESTIGATOR, other) for other in SWAP_FOR if other != t.reward]
    return acts


@RULES.does("reward")
def do_reward(s: ElderSignState, t: Task, action: Action) -> None:
    """"Ashcan" Pete takes his choice."""
    (choice,) = action.args
    s.to_change("pending").pop()
    if choice != t.reward:
        s.log(f"{s.data.seats[t.player].investigator.name} takes a {choice.replace('_', ' ')} "
              f"instead of the {t.reward.replace('_', ' ')}.", INVESTIGATOR)
    if choice == "clue":
        apply_one(s, t.player, "clue", 1, INVESTIGATOR)
    else:
        gain_cards(s, t.player, choice, 1, INVESTIGATOR)


@RULES.offers("lock")
def offer_lock(s: ElderSignState, t: Task) -> list[Action]:
    """Which held die a lock takes when no die is free (p.11: the active player chooses)."""
    colour = next(c for c, p in lock_icons(s) if p == t.place)
    return [act(f"lock the {held_die_text(s, src)}", "lock", LOCKED, src)
            for src in held_for_lock(s, colour)]


@RULES.does("lock")
def do_lock(s: ElderSignState, t: Task, action: Action) -> None:
    """The chosen held die is locked."""
    s.to_change("pending").pop()
    take_held_die(s, action.args[0], t.place)


# ------------------------------------------------------------------ checks
#: ``every_card`` per data set (kept in the entry, so its id cannot be another's) and masking
_EVERY: dict[tuple[int, bool], tuple[object, tuple[str, ...]]] = {}


def every_card(game: ElderSignGame, masked: bool) -> tuple[str, ...]:
    """Every card, trophy and Mythos id of the game, sorted (each must be in one place)."""
    g = game.data
    entry = _EVERY.get((id(g), masked))
    if entry is None or entry[0] is not g:
        names = list(g.cards) + [f"adventure:{n}" for n in g.adventures]
        names += [f"monster:{m.id}" for m in g.monsters.values() if masked or not m.masked]
        names += [f"mythos:{m}" for m in g.mythos]
        entry = _EVERY[id(g), masked] = (g, tuple(sorted(names)))
    return entry[1]


def check_invariants(s: ElderSignState) -> list[str]:
    """Doom and Elder Signs in range, health positive, every card and die in one place."""
    broken = structure_problems(s, TASK_PHASES, adv.STAGES)
    if broken:  # first: the checks below assume a sound shape
        return broken
    d = s.data
    g = s.game.data
    out = []
    ao = s.ancient_one
    if not 0 <= d.doom <= ao.doom:
        out.append(f"doom {d.doom} outside 0..{ao.doom}")
    if d.elder_signs < 0:
        out.append("negative Elder Signs")
    if d.clock not in (0, 3, 6, 9):
        out.append(f"clock at {d.clock}")
    places: list[str] = []
    for place in d.seats:
        inv = place.investigator
        if inv is None:
            continue
        if not (0 < inv.sanity <= inv.max_sanity and 0 < inv.stamina <= inv.max_stamina):
            out.append(f"{inv.name}: sanity {inv.sanity}/{inv.max_sanity}, "
                       f"stamina {inv.stamina}/{inv.max_stamina}")
        if inv.clues < 0:
            out.append(f"{inv.name} has negative clues")
        places += inv.cards
        places += inv.trophies
    for deck in d.decks.values():
        places += deck
    places += [sp.spell for sp in d.spells]
    places += [f"adventure:{c.name}" for c in d.board]
    places += [f"adventure:{n}" for n in d.adventure_deck + d.other_world_deck + d.removed]
    places += [f"monster:{p.monster}" for c in d.board for p in c.monsters]
    places += [f"monster:{m}" for m in d.cup]
    places += [f"monster:{t.monster}" for t in d.pending if t.kind == "place"]
    places += [f"mythos:{m}" for m in d.mythos_deck + d.mythos_discard + [d.mythos] if m]
    places.sort()
    expected = every_card(s.game, ao.masked_monsters)
    if tuple(places) != expected:
        extra = Counter(places) - Counter(expected)
        missing = Counter(expected) - Counter(places)
        out.append(f"cards out of place: twice {sorted(extra)[:4]}, missing {sorted(missing)[:4]}")
    seen = d.pool[:]
    for place in d.seats:
        seen += place.devoured
        if place.investigator:
            seen.append(place.investigator.name)
    if sorted(seen) != sorted(g.investigators):
        out.append("an investigator is in two places or missing")
    if not d.result:
        from .effects import dice_in_use

        used = dice_in_use(s)
        for colour in COLOURS:
            if used[colour] > TOTALS[colour]:
                out.append(f"{used[colour]} {colour} dice in use, only {TOTALS[colour]} exist")
    for place in d.seats:
        inv = place.investigator
        if inv and inv.marker and split(inv.marker)[0] not in COLOURS:
            out.append(f"bad marker die {inv.marker}")
    return out


def diagnose(s: ElderSignState, label: str) -> tuple[str, str] | None:
    """Why a recognisable but illegal move is refused, with the rule that forbids it."""
    d = s.data
    text = label.casefold()
    a = d.attempt
    if d.result:
        return None
    if text.startswith("go to") and d.phase != "Move":
        return MOVE, "you move only at the start of your turn (step 1: Movement)"
    if text == "go to the entrance" and d.phase == "Move":
        return MYTHOS, f"the Mythos card {s.mythos.name} closes the Entrance"
    if text.startswith("go to "):
        return MOVE, f"{label[6:]!r} is not an adventure card in play"
    if text.startswith("focus") and a is not None:
        if a.card == adv.AO:
            return BATTLE, "investigators may not focus or assist against the Ancient One"
        if s.active is not None and s.active.marker:
            return FOCUS, ("each investigator marker holds at most 1 die, and yours already "
                           f"holds {s.active.marker}")
        return FOCUS, "you may focus only after a failed roll, when you try again"
    if text.startswith("complete task") and a is not None and a.stage == "resolve":
        try:
            r = int(text.split()[2]) - 1
        except (IndexError, ValueError):
            return None
        all_rows = adv.rows(s)
        if not 0 <= r < len(all_rows):
            return COMPLETE, f"{a.card} has no task {r + 1}"
        if r in a.done:
            return COMPLETE, f"task {r + 1} is already completed"
        if r not in adv.available_rows(s):
            return ORDERED, (f"{a.card} has an arrow: its tasks go in order, top to bottom, "
                             f"and task {r + 1} is not next")
        if not adv.affordable(s, adv.task_costs(s, a.card, r)):
            return TASK_COST, "completing it would bring your sanity or stamina to 0"
        return COMPLETE, (f"the dice do not meet task {r + 1} ({all_rows[r][0]}) that way; "
                              "each die serves one requirement")
    if text.startswith("spend") and a is None:
        return ITEMS, "items, spells and allies are spent before a roll on an adventure"
    if text.startswith("buy") and d.phase == "Entrance":
        return SOUVENIR, "you do not have enough trophies for that souvenir"
    who, sep, what = label.partition(": ")
    if sep and who in s.game.data.investigators:
        return adv.daily_refusal(s, who, what)
    return None


ElderSignGame.state_class = ElderSignState

__all__ = ["ElderSignGame", "ElderSignState"]
