"""Agea's game and state classes on the shared engine (Agea rulebook, English edition).

The turn runs Recovery -> Draw -> Adventure (Turn Sequence); challenge tests and wars are
sub-phases. Every pending decision or dice roll is a ``Task`` on a stack: the top task is the
decision to answer, ``RULES`` says which rule offers its moves and which carries out each move
(``turn``, ``challenges``, ``events`` and ``wars`` register them; importing them here makes the
book complete). When the stack empties the turn moves on (``AgeaState._advance``). Where the
rulebook is silent a rule cites the mythlab ruling (``data/rulings.yaml``) it follows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from mythlab.engine import Action, Game, Phase, PhaseBook, State
from mythlab.engine.chance import SeededStream
from mythlab.engine.records import record

from . import challenges, turn, wars  # noqa: F401  (their rules register in RULES)
from .events import carry_out
from .hidden import HIDDEN, observe, redact, resample
from .load import (
    Card,
    CardSet,
    builtin_cards,
    card_id,
    check_playable,
    deck_list,
    load_cards,
    rule_numbers,
)
from .refs import (
    ADVENTURE,
    DRAW,
    ENDING,
    ORDINALS,
    RECOVERY,
    RULES,
    SETUP,
    TEST,
    TEST_TASKS,
    VICTORY,
    WAR_TASKS,
    WARS,
    card_note,
)
from .scoring import evaluate, score_table
from .state import (
    AgeaData,
    Hero,
    Player,
    Task,
    copy_hero,
    copy_sharing_lists,
    copy_sharing_players,
    without,
)
from .structure import check_invariants

T = TypeVar("T")

PHASES = PhaseBook([
    Phase("Setup", SETUP, 0, ("Recovery",),
          "Turn order is drawn; each player cuts the deck for one hero."),
    Phase("Recovery", RECOVERY, 1, ("Draw", "Game over"),
          "Remove 1 delay token from each of your heroes; discard down to 7 cards."),
    Phase("Draw", DRAW, 2, ("Adventure", "War", "Game over"),
          "Draw 1 card and show it: challenges are discarded, heroes and city states come into "
          "play, relics and companions are attached or kept, events are played or kept."),
    Phase("Adventure", ADVENTURE, 3, ("Challenge test", "War", "Recovery", "Game over"),
          "Each undelayed hero may go adventuring: draw a card and face it."),
    Phase("Challenge test", TEST, 4, ("Adventure", "War", "Game over"),
          "The hero wins if it has a trait the challenge lists; otherwise 1d6 delay tokens, "
          "and a 6 is a Greek Tragedy."),
    Phase("War", WARS, 5, ("Draw", "Adventure", "Game over"),
          "Battle Total = undelayed heroes + city states + War and Army traits + 1d6."),
    Phase("Game over", VICTORY, 6, (),
          "The game ends when the last card is drawn; most VP wins."),
])


class AgeaGame(Game):
    """Agea: Greek heroes adventure, win relics and city states, and fight wars.

    Parameters
    ----------
    players : int, optional
        2 to 6 (ruling players); 3 when not given.
    seed : int
        Seeds the shuffle and every chance node's sampling: the same seed and moves give the
        same game.
    names : list of str, optional
        The players' names (``P1``, ``P2`` … by default).
    cards : str or Path, optional
        A card file of your own, validated like the built-in one (a bad file is a
        ``DataError`` naming the card and field); it needs a hero for every player.

    Examples
    --------
    >>> game = AgeaGame(players=3, seed=7)
    >>> len(game.deck), game.numbers["hand_limit"]["value"]
    (149, 7)
    >>> game.initial_state().is_chance_node()  # Setup: the turn order is drawn
    True
    """

    name = "agea"
    title = "Agea"
    min_players = 2
    max_players = 6
    default_players = 3
    phases = PHASES
    #: ``cards``: a path to your own card file (validated; the built-in list by default)
    default_options = {"names": None, "cards": None}
    file_options = {"cards": False}
    hidden = HIDDEN

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        path = self.options["cards"]
        self.cards: CardSet = load_cards(path) if path else builtin_cards()
        check_playable(self.cards, self.players)
        self.numbers = rule_numbers()
        self.deck = deck_list(self.cards)
        #: the card of each card id and each copy in the deck ("hydra#2"), built once as a
        #: plain record (``engine.records``): ``AgeaState.card`` is the rules' most frequent
        #: look-up (cards never change)
        self.card_of: dict[str, Card] = {c.id: record(c) for c in self.cards}
        self.card_of.update((i, self.card_of[card_id(i)]) for i in self.deck)
        #: moves made once per game by ``AgeaState.once``, by maker, then by arguments
        self.made: dict[Callable, dict[tuple, Any]] = {}

    def new_data(self, stream: SeededStream) -> AgeaData:
        """The shuffled deck and empty-handed players (Setup)."""
        deck = list(self.deck)
        stream.shuffle(deck)
        return AgeaData(deck=deck, players=[Player() for _ in range(self.players)])

    def initial_state(self) -> AgeaState:
        """The game's first state: the deck is shuffled and Setup begins."""
        state = super().initial_state()
        state.log("The deck is shuffled.", SETUP)
        state._advance()
        return state

    def max_actions(self) -> int:
        """A bound on a game's length in moves (random_sim checks it)."""
        # Each card drawn leads to a bounded number of decisions; Pandora's Box can put the
        # discards back once more. Generous on purpose: it is a bound, not an estimate.
        return 40 * 2 * len(self.cards) + 200

    def invariants(self, state: State) -> list[str]:
        """What must hold in every position (``check_invariants``)."""
        return check_invariants(state)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        """The greedy bots' score of ``state`` for ``player`` (``evaluate``)."""
        return evaluate(state, player)  # type: ignore[arg-type]


class AgeaState(State):
    """A position in Agea: the engine's ``State`` on Agea's data, rule book and turn flow.

    The helpers below (``card``, ``hero``, ``traits``, ``draw_card``, ``play_event`` …) are
    what the rules modules build on. A move changes a player or a hero only through
    ``player_to_change``, ``hero_to_change`` or ``seat_hero_to_change``: the players and heroes
    it leaves alone are shared with the state before it.

    Examples
    --------
    >>> import mythlab
    >>> s = mythlab.make("agea", players=2, seed=1).initial_state()
    >>> s.phase.name, [a.label for a in s.legal_actions()]
    ('Setup', ['P1 plays 1st', 'P2 plays 1st'])
    >>> s.apply("P2 plays 1st").data.order
    [1, 0]
    """

    __slots__ = ("_owned",)
    data_class = AgeaData
    rules = RULES
    data: AgeaData
    game: AgeaGame

    # ------------------------------------------------------------------ engine hooks
    def _copy_data_for(self, action: Action) -> AgeaData:
        """The position copied but for its players, shared with this state until a move
        changes one: ``player_to_change`` copies it first (states are read-only outside)."""
        return copy_sharing_players(self.data)

    def _before_move(self, action: Action) -> None:
        # what this move copied: seats, (seat, list) for their lists, and heroes by card
        self._owned: set[int | tuple[int, str] | str] = set()

    def _may_be_over(self) -> bool:
        """Only a position whose game is over, or whose phase says so, may be terminal."""
        return self.data.over or self.data.phase == self.game.terminal_phase

    def _phase_name(self) -> str:
        """The turn's phase, or Challenge test / War while one of their decisions is pending."""
        d = self.data
        if d.over:
            return "Game over"
        for task in reversed(d.tasks):
            if task.kind in TEST_TASKS:
                return "Challenge test"
            if task.kind in WAR_TASKS:
                return "War"
        return d.phase

    def _scores(self) -> dict[str, Any]:
        return score_table(self)

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        return diagnose(self, label)

    def _observe(self, player: int | None) -> Any:
        return observe(self, player, super()._observe(player))

    def _resample(self, player: int | None, rng: random.Random) -> None:
        resample(self, player, rng)

    def _redact(self, line: str, viewer: int | None) -> str:
        return redact(self, line, viewer)

    # ------------------------------------------------------------------ helpers
    @property
    def turn_player(self) -> int:
        """The seat whose turn it is."""
        d = self.data
        return d.order[d.turn] if d.order else 0

    def card(self, instance: str) -> Card:
        """The card a card in play is a copy of."""
        try:
            return self.game.card_of[instance]
        except KeyError:  # not a copy the deck was built with: by its card id
            return self.game.card_of[card_id(instance)]

    def name(self, instance: str) -> str:
        """A card in play's name as moves and the log show it."""
        try:
            return self.game.card_of[instance].label
        except KeyError:
            return self.card(instance).label

    def hero(self, instance: str) -> tuple[int, Hero]:
        """The owner and the ``Hero`` of a hero card in play (KeyError if none is), to read;
        ``hero_to_change`` gives one a move may change."""
        owner, _, hero = self._hero_at(instance)
        return owner, hero

    def _hero_at(self, instance: str) -> tuple[int, int, Hero]:
        """The owner of a hero card in play, its place among their heroes and its ``Hero``."""
        # counted by hand: two enumerate iterators cost more than the search (a few heroes)
        p = 0
        for player in self.data.players:
            i = 0
            for h in player.heroes:
                if h.card == instance:
                    return p, i, h
                i += 1
            p += 1
        raise KeyError(instance)

    def player_to_change(self, seat: int, *lists: str) -> Player:
        """The ``Player`` of ``seat``, for a move to change, with the lists named in ``lists``
        (``"hand"``, ``"cities"``, ``"victory"``, ``"bonus_notes"``, ``"heroes"``) its own
        to change in place: the player and each list are copied first while this state still
        shares them with the state before the move (``_copy_data_for``). Its heroes are still
        shared: a move changes one through ``hero_to_change``."""
        players = self.data.players
        try:
            owned = self._owned
        except AttributeError:  # not made by a move (a new game, a clone): it owns every player
            return players[seat]
        player = players[seat]
        if seat not in owned:
            player = players[seat] = copy_sharing_lists(player)
            owned.add(seat)
        for name in lists:
            if (seat, name) not in owned:
                owned.add((seat, name))
                setattr(player, name, getattr(player, name)[:])
        return player

    def hero_to_change(self, instance: str) -> tuple[int, Hero]:
        """The owner and the ``Hero`` of a hero card in play, for a move to change (it and its
        player are copied first, as ``player_to_change`` says)."""
        owner, i, _ = self._hero_at(instance)
        return owner, self.seat_hero_to_change(owner, i)

    def seat_hero_to_change(self, seat: int, i: int) -> Hero:
        """Hero ``i`` of ``seat``, for a move to change: it and its player are copied first
        while this state still shares them with the state before the move."""
        heroes = self.player_to_change(seat, "heroes").heroes
        hero = heroes[i]
        try:
            owned = self._owned
        except AttributeError:  # not made by a move: it owns every hero
            return hero
        if hero.card not in owned:
            hero = heroes[i] = copy_hero(hero)
            owned.add(hero.card)
        return hero

    def once(self, make: Callable[..., T], *args: Hashable) -> T:
        """``make(self, *args)``, made the first time this game asks for it and the same object
        after: for moves (immutable) that follow from ``args``, the cards and seats they name,
        and nothing else in the position."""
        try:
            return self.game.made[make][args]
        except KeyError:
            made = self.game.made.setdefault(make, {})[args] = make(self, *args)
            return made

    def owner_tag(self, player: int, me: int) -> str:
        """`` (P2)`` after a card of another player's, so a move names whose card it aims at."""
        return "" if player == me else f" ({self.player_name(player)})"

    def push(self, kind: str, **fields: Any) -> Task:
        """Put a decision on top of the stack: it is the next one answered."""
        task = Task(kind, **fields)
        self.data.tasks.append(task)
        return task

    def pop(self) -> Task:
        """Take the decision being answered off the stack."""
        return self.data.tasks.pop()

    def discard(self, instance: str) -> None:
        """Put a card on the discard pile; a relic's use and turn counters are reset."""
        self.to_change("discard").append(instance)
        if instance in self.data.uses:
            del self.to_change("uses")[instance]
        if instance in self.data.timers:
            del self.to_change("timers")[instance]
        if card_id(instance) == "promethean-clay":
            self.data.clay_trait = ""

    def from_limbo(self, instance: str) -> str:
        """Take a card that was being resolved off the table, to put it somewhere."""
        self.to_change("limbo").remove(instance)
        return instance

    def traits(self, hero: Hero) -> list[tuple[str, str]]:
        """Every trait the hero has now, with the card it comes from: "Relics & Companions lend
        their traits", and so do blessings (Agea rulebook, English edition, Adventure Phase)."""
        # loops, not comprehensions: on Python 3.11 each comprehension is a function call,
        # which cost as much as the rest of this method
        found = []
        for t in self.card(hero.card).traits:
            found.append((t, hero.card))
        for t in hero.gained:
            found.append((t, "gained"))
        for b in hero.blessed:
            for t in self.card(b).traits:
                found.append((t, b))
        for a in hero.attached:
            c = self.card(a)
            if c.effect == "any-one-trait":
                if self.data.clay_trait:
                    found.append((self.data.clay_trait, a))
            else:
                for t in c.traits:
                    found.append((t, a))
        return found

    def trait_names(self, hero: Hero) -> set[str]:
        """The names of the hero's traits, whatever lends them."""
        return {t for t, _ in self.traits(hero)}

    def active(self, hero: Hero) -> bool:
        """Undelayed and uncursed: may adventure and counts in wars."""
        return hero.delay == 0 and not hero.cursed

    def has(self, player: int, card: str) -> bool:
        """Does ``player`` control a city state of this card id?"""
        p = self.data.players[player]
        return any(card_id(c) == card for c in p.cities)

    # ------------------------------------------------------------------ turn flow
    def _advance(self) -> None:
        """Move the turn on while nothing is pending (Agea rulebook, English edition, Turn
        Sequence and Ending the Game)."""
        d = self.data
        while not d.over:
            if d.end_at_depth >= 0 and len(d.tasks) <= d.end_at_depth:
                self._end_game()
                return
            if d.tasks:
                return
            if d.phase == "Setup":
                self._setup_step()
            elif d.phase == "Recovery":
                d.phase = "Draw"
                self.draw_card(self.turn_player)
            elif d.phase == "Draw":
                d.phase = "Adventure"
                self._start_adventure()
            else:
                self._end_turn()

    def _setup_step(self) -> None:
        """Setup, one step: draw the next seat of the turn order, cut a hero, or start play."""
        d = self.data
        n = self.game.players
        if len(d.order) < n - 1:
            self.push("order", count=len(d.order))
        elif len(d.order) == n - 1:
            last = next(p for p in range(n) if p not in d.order)
            self.to_change("order").append(last)
            self.log(f"{self.player_name(last)} plays {ORDINALS[n - 1]}.",
                     RULES.ruling("turn-order"))
        elif (p := next((q for q in d.order if not d.players[q].heroes), None)) is not None:
            self.push("cut", player=p)
        else:
            self._start_turn()

    def _start_turn(self) -> None:
        """Recovery Phase: one delay token off each hero, then the hand limit."""
        d = self.data
        d.phase = "Recovery"
        me = self.turn_player
        self.log(f"Turn {d.turns_played + 1}: {self.player_name(me)}.", RECOVERY)
        for i, h in enumerate(d.players[me].heroes):
            if h.delay:
                h = self.seat_hero_to_change(me, i)
                h.delay -= self.game.numbers["delay_removed_per_recovery"]["value"]
                self.log(f"{self.name(h.card)} has {h.delay} delay token(s) left.", RECOVERY)
        if len(d.players[me].hand) > self.hand_limit:
            self.push("hand-limit", player=me)

    @property
    def hand_limit(self) -> int:
        """Maximum hand size (Recovery Phase: 7)."""
        return self.game.numbers["hand_limit"]["value"]

    def _start_adventure(self) -> None:
        """Adventure Phase: each hero may adventure once; the player's menu opens."""
        me = self.turn_player
        for i, h in enumerate(self.data.players[me].heroes):
            if h.adventures_left != 1:
                self.seat_hero_to_change(me, i).adventures_left = 1
        self.push("menu", player=me)

    def _end_turn(self) -> None:
        """End of turn: one-turn blessings lapse; returning relics count down."""
        d = self.data
        me = self.turn_player
        for q, player in enumerate(d.players):
            for i, h in enumerate(player.heroes):
                if h.blessed or h.adventures_left:
                    h = self.seat_hero_to_change(q, i)
                    h.blessed = []
                    h.adventures_left = 0
        for relic in list(d.timers):
            if self.controller(relic) == me:
                self.to_change("timers")[relic] -= 1
                if d.timers[relic] == 0:
                    self.remove_owned(relic)
                    self.discard(relic)
                    self.log(f"{self.name(relic)} returns to the gods (5 turns are over).",
                             RULES.ruling("returning-relics"))
        d.turns_played += 1
        if d.kronos:
            d.kronos = False
            self.log(f"{self.player_name(me)} takes another turn (Blessing of Kronos).",
                     ADVENTURE)
        else:
            d.turn = (d.turn + 1) % len(d.order)
        self._start_turn()

    def _end_game(self) -> None:
        """The last card drawn is resolved: the game ends and the VP are counted (Victory)."""
        d = self.data
        d.over = True
        d.tasks.clear()
        d.phase = "Game over"
        self.log("The last card drawn is resolved: the game ends.", RULES.ruling("end-of-game"))
        table = score_table(self)
        for q, player in enumerate(d.players):
            for c in player.cities:
                if self.card(c).vp:
                    self.log(f"{self.name(c)} counts {self.card(c).vp} VP for "
                             f"{self.player_name(q)}, in place of a city state's 1.",
                             RULES.ruling("athens-vp"))
        for name, vp in table["scores"].items():
            self.log(f"{name}: {vp} VP", VICTORY)
        winners = ", ".join(self.player_name(w) for w in table["winners"])
        self.log(f"Winner: {winners}.",
                 VICTORY if len(table["winners"]) == 1 else RULES.ruling("ties"))

    def controller(self, instance: str) -> int | None:
        """Who owns a relic or companion (attached to their hero or in their hand)."""
        for p, player in enumerate(self.data.players):
            if instance in player.hand or any(instance in h.attached for h in player.heroes):
                return p
        return None

    def remove_owned(self, instance: str) -> None:
        """Take a relic or companion from whoever owns it (hand or hero)."""
        owner = self.controller(instance)
        if owner is None:
            return
        if instance in self.data.players[owner].hand:
            self.player_to_change(owner, "hand").hand.remove(instance)
            return
        for h in self.data.players[owner].heroes:
            if instance in h.attached:
                _, h = self.hero_to_change(h.card)
                h.attached = without(h.attached, instance)
                return

    # ------------------------------------------------------------------ drawing
    def draw_card(self, player: int, hero: Hero | None = None) -> None:
        """Draw the top card and show it to all (Agea rulebook, English edition, Draw Phase;
        Adventure Phase when a hero draws)."""
        d = self.data
        instance = self.to_change("deck").pop()
        self.to_change("limbo").append(instance)
        who = self.name(hero.card) if hero else self.player_name(player)
        self.log(f"{who} draws {self.name(instance)}.", ADVENTURE if hero else DRAW)
        if not d.deck and d.end_at_depth < 0:
            d.end_at_depth = len(d.tasks)
        self.resolve_drawn(player, instance, hero)

    def resolve_drawn(self, player: int, instance: str, hero: Hero | None) -> None:
        """What happens to a drawn card, by its type (Agea rulebook, English edition, Draw
        Phase and Adventure Phase)."""
        card = self.card(instance)
        rule = ADVENTURE if hero else DRAW
        if card.is_challenge:
            if hero is None:
                self.discard(self.from_limbo(instance))
                self.log(f"{card.label} is a challenge: discarded.", DRAW)
            else:
                self.push("test", player=player, card=instance, hero=hero.card)
        elif card.type == "hero":
            self.gain_hero(player, Hero(self.from_limbo(instance)), rule)
        elif card.type == "city-state":
            self.gain_city(player, self.from_limbo(instance), rule)
        elif card.type in ("relic", "companion"):
            if card.uses:
                self.to_change("uses")[instance] = card.uses
            if card.returns_in:
                self.to_change("timers")[instance] = card.returns_in
            self.push("place", player=player, card=instance, hero=hero.card if hero else "")
        elif card.immediate:
            self.log(f"{card.label} must be played immediately.", card_note(card))
            self.play_event(player, instance, voluntary=False)
        else:
            self.push("event-drawn", player=player, card=instance)

    def gain_hero(self, player: int, hero: Hero, rule: str) -> None:
        """A hero comes into play; one joining in its player's Adventure Phase may adventure
        (ruling adventuring-heroes)."""
        d = self.data
        self.player_to_change(player, "heroes").heroes.append(hero)
        self.log(f"{self.name(hero.card)} comes into play for {self.player_name(player)}.", rule)
        if player == self.turn_player and d.phase == "Adventure":
            hero.adventures_left = 1
            self.log(f"{self.name(hero.card)} may adventure this turn.",
                     RULES.ruling("adventuring-heroes"))

    def gain_city(self, player: int, city: str, rule: str) -> None:
        """A city state comes under a player's control; Sparta and Athens exclude each other."""
        self.player_to_change(player, "cities").cities.append(city)
        self.log(f"{self.name(city)} comes under {self.player_name(player)}'s control.", rule)
        if self.has(player, "sparta") and self.has(player, "athens"):
            self.push("rival", player=player)

    # ------------------------------------------------------------------ events
    def play_event(self, player: int, instance: str, voluntary: bool = True, hero: str = "",
                   target: str = "", target_player: int = -1) -> None:
        """Play an event; first anyone holding Divine Intervention may negate it."""
        d = self.data
        if instance in d.players[player].hand:
            self.player_to_change(player, "hand").hand.remove(instance)
            self.to_change("limbo").append(instance)
        card = self.card(instance)
        self.log(f"{self.player_name(player)} plays {card.label}"
                 + (f" on {self.name(target)}" if target else "")
                 + (f" on {self.player_name(target_player)}"
                    if target_player >= 0 and not target else "") + ".",
                 card_note(card))
        askable = [q for q in self.seats_from(player)
                   if (q != player or not voluntary)
                   and any(card_id(c) == "divine-intervention" for c in d.players[q].hand)]
        if askable and card.effect != "negate-event":
            self.push("negate", player=askable[0], players=askable[1:], card=instance,
                      hero=hero, target=target, target_player=target_player, by=player)
        else:
            carry_out(self, player, instance, hero, target, target_player)

    def seats_from(self, player: int) -> list[int]:
        """All players in turn order, starting with ``player``."""
        order = self.data.order or list(range(self.game.players))
        i = order.index(player)
        return order[i:] + order[:i]


AgeaGame.state_class = AgeaState


def diagnose(s: AgeaState, label: str) -> tuple[str, str] | None:
    """Why a move is not legal, as (rule, reason), for the moves players most often try; None
    leaves the engine's generic reason."""
    d = s.data
    text = label.strip()
    low = text.casefold()
    if d.over:
        return ENDING, "the last card has been drawn; the game is over"
    me = s.current_player
    if low.startswith("adventure with "):
        name = text[len("adventure with "):]
        if d.phase != "Adventure" or not d.tasks or d.tasks[-1].kind != "menu":
            return ADVENTURE, (f"heroes go adventuring only in their player's Adventure Phase; "
                               f"now it is {s.phase.name}")
        for q, p in enumerate(d.players):
            for h in p.heroes:
                if s.name(h.card).casefold() == name.casefold():
                    if q != me:
                        return ADVENTURE, f"{s.name(h.card)} belongs to {s.player_name(q)}"
                    if h.delay:
                        return ADVENTURE, (f"{s.name(h.card)} has {h.delay} delay token(s); "
                                           "only heroes without delay tokens may adventure")
                    if h.cursed:
                        return RULES.ruling("curses"), (f"{s.name(h.card)} is cursed until a "
                                                  "blessing card is discarded")
                    return ADVENTURE, f"{s.name(h.card)} has already adventured this turn"
        return ADVENTURE, f"no hero called {name!r} is in play"
    if low.startswith("play ") or low.startswith("attach "):
        words = text.split(" ", 1)[1]
        for c in s.game.cards:
            if words.casefold().startswith(c.label.casefold()):
                holder = me if isinstance(me, int) and me >= 0 else s.turn_player
                hand = [card_id(x) for x in d.players[holder].hand]
                in_limbo = any(card_id(x) == c.id for x in d.limbo)
                if c.id not in hand and not in_limbo:
                    return ADVENTURE, f"{c.label} is not in {s.player_name(holder)}'s hand"
                if c.effect == "hold-for-vp":
                    return card_note(c), f"{c.label} is held for VP, never played"
                if c.effect in ("blessing", "defeat-any-monster"):
                    return RULES.ruling("events-timing"), (f"{c.label} is played during a "
                                                           "challenge test or a war")
                if c.effect in ("war-bonus", "martyr"):
                    return card_note(c), f"{c.label} is played only during a war"
                if c.effect == "negate-event":
                    return card_note(c), (f"{c.label} is played only when someone plays an "
                                          "event")
                if c.effect == "become-god":
                    return RULES.ruling("visit-olympus"), ("the target must be a hero in play "
                                                           "with 5 or more traits")
                return s.phase.rule, f"{c.label} cannot be played that way now"
        return None
    if low == "end turn" and (not d.tasks or d.tasks[-1].kind != "menu"):
        return ADVENTURE, f"a turn ends only from the Adventure Phase; now it is {s.phase.name}"
    return None
