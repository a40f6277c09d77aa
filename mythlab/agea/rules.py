"""Agea's rules on the shared engine (seed 003_60b09daed0a0ea4d.txt).

The turn runs Recovery -> Draw -> Adventure (rulebook "TURN SEQUENCE"); challenge tests and
wars are sub-phases. Every pending decision or dice roll is a ``Task`` on a stack: the top task
offers the legal actions, and when the stack empties the turn moves on. Each handler below is
named after the rule it carries out; where the rulebook is silent the handler cites the
mythlab ruling (``data/agea/rulings.yaml``) it follows.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from mythlab.engine import CHANCE, Action, Game, Phase, PhaseBook, State
from mythlab.engine.chance import SeededStream

from .challenges import (
    do_cerberus,
    do_delay_roll,
    do_demigod_roll,
    do_destroyer,
    do_test,
    offer_cerberus,
    offer_destroyer,
    offer_roll,
    offer_test,
)
from .events import (
    carry_out,
    do_bolt,
    do_hera,
    do_negate,
    do_tyche,
    offer_bolt,
    offer_hera,
    offer_negate,
    offer_tyche,
)
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
    CHANCE_TASKS,
    DRAW,
    ENDING,
    MAIN_WINDOW_EFFECTS,
    ORDINALS,
    RECOVERY,
    SETUP,
    TEST,
    TEST_TASKS,
    VICTORY,
    WAR_TASKS,
    WARS,
    act,
    card_note,
    ruling,
)
from .scoring import score_table
from .state import AgeaData, Hero, Player, Task
from .structure import structure_problems
from .wars import do_muster, do_spoils, do_war_roll, offer_muster, offer_spoils, offer_war_roll

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
    """Agea: Greek heroes adventure, win relics and city states, and fight wars."""

    name = "agea"
    title = "Agea"
    min_players = 2
    max_players = 6
    default_players = 3
    phases = PHASES
    #: ``cards``: a path to your own card file (validated; the built-in list by default)
    default_options = {"names": None, "cards": None}
    file_options = {"cards": False}

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        path = self.options["cards"]
        self.cards: CardSet = load_cards(path) if path else builtin_cards()
        check_playable(self.cards, self.players)
        self.numbers = rule_numbers()
        self.deck = deck_list(self.cards)

    def new_data(self, stream: SeededStream) -> AgeaData:
        deck = list(self.deck)
        stream.shuffle(deck)
        return AgeaData(deck=deck, players=[Player() for _ in range(self.players)])

    def initial_state(self) -> AgeaState:
        state = super().initial_state()
        state.log("The deck is shuffled.", SETUP)
        state._advance()
        return state

    def max_actions(self) -> int:
        # Each card drawn leads to a bounded number of decisions; Pandora's Box can put the
        # discards back once more. Generous on purpose: it is a bound, not an estimate.
        return 40 * 2 * len(self.cards) + 200

    def invariants(self, state: State) -> list[str]:
        return check_invariants(state)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(state, player)  # type: ignore[arg-type]


class AgeaState(State):
    """A position in Agea."""

    __slots__ = ()
    data_class = AgeaData
    data: AgeaData
    game: AgeaGame

    # ------------------------------------------------------------------ engine hooks
    def _phase_name(self) -> str:
        d = self.data
        if d.over:
            return "Game over"
        for task in reversed(d.tasks):
            if task.kind in TEST_TASKS:
                return "Challenge test"
            if task.kind in WAR_TASKS:
                return "War"
        return d.phase

    def _current_player(self) -> int | None:
        task = self.data.tasks[-1]
        return CHANCE if task.kind in CHANCE_TASKS else task.player

    def _legal(self) -> list[Action]:
        task = self.data.tasks[-1]
        return HANDLERS[task.kind][0](self, task)

    def _chance(self) -> list[tuple[Action, Fraction]]:
        task = self.data.tasks[-1]
        actions = HANDLERS[task.kind][0](self, task)
        p = Fraction(1, len(actions))
        return [(a, p) for a in actions]

    def _do(self, action: Action) -> None:
        task = self.data.tasks[-1]
        HANDLERS[task.kind][1](self, task, action)
        self._advance()

    def _scores(self) -> dict[str, Any]:
        return score_table(self)

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        return diagnose(self, label)

    # ------------------------------------------------------------------ helpers
    @property
    def turn_player(self) -> int:
        d = self.data
        return d.order[d.turn] if d.order else 0

    def card(self, instance: str) -> Card:
        return self.game.cards[card_id(instance)]

    def name(self, instance: str) -> str:
        return self.card(instance).label

    def hero(self, instance: str) -> tuple[int, Hero]:
        for p, player in enumerate(self.data.players):
            for h in player.heroes:
                if h.card == instance:
                    return p, h
        raise KeyError(instance)

    def owner_tag(self, player: int, me: int) -> str:
        return "" if player == me else f" ({self.player_name(player)})"

    def push(self, kind: str, **fields: Any) -> Task:
        task = Task(kind, **fields)
        self.data.tasks.append(task)
        return task

    def pop(self) -> Task:
        return self.data.tasks.pop()

    def discard(self, instance: str) -> None:
        """Put a card on the discard pile; a relic's use and turn counters are reset."""
        self.data.discard.append(instance)
        self.data.uses.pop(instance, None)
        self.data.timers.pop(instance, None)
        if card_id(instance) == "promethean-clay":
            self.data.clay_trait = ""

    def from_limbo(self, instance: str) -> str:
        self.data.limbo.remove(instance)
        return instance

    def traits(self, hero: Hero) -> list[tuple[str, str]]:
        """Every trait the hero has now, with the card it comes from (rules: ADVENTURE PHASE)."""
        found = [(t, hero.card) for t in self.card(hero.card).traits]
        found += [(t, "gained") for t in hero.gained]
        for b in hero.blessed:
            found += [(t, b) for t in self.card(b).traits]
        for a in hero.attached:
            c = self.card(a)
            if c.effect == "any-one-trait":
                if self.data.clay_trait:
                    found.append((self.data.clay_trait, a))
            else:
                found += [(t, a) for t in c.traits]
        return found

    def trait_names(self, hero: Hero) -> set[str]:
        return {t for t, _ in self.traits(hero)}

    def active(self, hero: Hero) -> bool:
        """Undelayed and uncursed: may adventure and counts in wars."""
        return hero.delay == 0 and not hero.cursed

    def has(self, player: int, card: str) -> bool:
        p = self.data.players[player]
        return any(card_id(c) == card for c in p.cities)

    # ------------------------------------------------------------------ turn flow
    def _advance(self) -> None:
        """Move the turn on while nothing is pending (TURN SEQUENCE, ENDING THE GAME)."""
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
        d = self.data
        n = self.game.players
        if len(d.order) < n - 1:
            self.push("order", count=len(d.order))
        elif len(d.order) == n - 1:
            last = next(p for p in range(n) if p not in d.order)
            d.order.append(last)
            self.log(f"{self.player_name(last)} plays {ORDINALS[n - 1]}.", ruling("turn-order"))
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
        for h in d.players[me].heroes:
            if h.delay:
                h.delay -= self.game.numbers["delay_removed_per_recovery"]["value"]
                self.log(f"{self.name(h.card)} has {h.delay} delay token(s) left.", RECOVERY)
        if len(d.players[me].hand) > self.hand_limit:
            self.push("hand-limit", player=me)

    @property
    def hand_limit(self) -> int:
        return self.game.numbers["hand_limit"]["value"]

    def _start_adventure(self) -> None:
        me = self.turn_player
        for h in self.data.players[me].heroes:
            h.adventures_left = 1
        self.push("menu", player=me)

    def _end_turn(self) -> None:
        """End of turn: one-turn blessings lapse; returning relics count down."""
        d = self.data
        me = self.turn_player
        for player in d.players:
            for h in player.heroes:
                h.blessed.clear()
                h.adventures_left = 0
        for relic in list(d.timers):
            if self.controller(relic) == me:
                d.timers[relic] -= 1
                if d.timers[relic] == 0:
                    self.remove_owned(relic)
                    self.discard(relic)
                    self.log(f"{self.name(relic)} returns to the gods (5 turns are over).",
                             ruling("returning-relics"))
        d.turns_played += 1
        if d.kronos:
            d.kronos = False
            self.log(f"{self.player_name(me)} takes another turn (Blessing of Kronos).",
                     ADVENTURE)
        else:
            d.turn = (d.turn + 1) % len(d.order)
        self._start_turn()

    def _end_game(self) -> None:
        d = self.data
        d.over = True
        d.tasks.clear()
        d.phase = "Game over"
        self.log("The last card drawn is resolved: the game ends.", ruling("end-of-game"))
        table = score_table(self)
        for q, player in enumerate(d.players):
            for c in player.cities:
                if self.card(c).vp:
                    self.log(f"{self.name(c)} counts {self.card(c).vp} VP for "
                             f"{self.player_name(q)}, in place of a city state's 1.",
                             ruling("athens-vp"))
        for name, vp in table["scores"].items():
            self.log(f"{name}: {vp} VP", VICTORY)
        winners = ", ".join(self.player_name(w) for w in table["winners"])
        self.log(f"Winner: {winners}.", VICTORY if len(table["winners"]) == 1 else ruling("ties"))

    def controller(self, instance: str) -> int | None:
        """Who owns a relic or companion (attached to their hero or in their hand)."""
        for p, player in enumerate(self.data.players):
            if instance in player.hand or any(instance in h.attached for h in player.heroes):
                return p
        return None

    def remove_owned(self, instance: str) -> None:
        for player in self.data.players:
            if instance in player.hand:
                player.hand.remove(instance)
                return
            for h in player.heroes:
                if instance in h.attached:
                    h.attached.remove(instance)
                    return

    # ------------------------------------------------------------------ drawing
    def draw_card(self, player: int, hero: Hero | None = None) -> None:
        """Draw the top card and show it to all (DRAW PHASE; ADVENTURE PHASE when a hero draws)."""
        d = self.data
        instance = d.deck.pop()
        d.limbo.append(instance)
        who = self.name(hero.card) if hero else self.player_name(player)
        self.log(f"{who} draws {self.name(instance)}.", ADVENTURE if hero else DRAW)
        if not d.deck and d.end_at_depth < 0:
            d.end_at_depth = len(d.tasks)
        self.resolve_drawn(player, instance, hero)

    def resolve_drawn(self, player: int, instance: str, hero: Hero | None) -> None:
        """What happens to a drawn card, by its type (DRAW PHASE, ADVENTURE PHASE)."""
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
                self.data.uses[instance] = card.uses
            if card.returns_in:
                self.data.timers[instance] = card.returns_in
            self.push("place", player=player, card=instance, hero=hero.card if hero else "")
        elif card.immediate:
            self.log(f"{card.label} must be played immediately.", card_note(card))
            self.play_event(player, instance, voluntary=False)
        else:
            self.push("event-drawn", player=player, card=instance)

    def gain_hero(self, player: int, hero: Hero, rule: str) -> None:
        d = self.data
        d.players[player].heroes.append(hero)
        self.log(f"{self.name(hero.card)} comes into play for {self.player_name(player)}.", rule)
        if player == self.turn_player and d.phase == "Adventure":
            hero.adventures_left = 1
            self.log(f"{self.name(hero.card)} may adventure this turn.",
                     ruling("adventuring-heroes"))

    def gain_city(self, player: int, city: str, rule: str) -> None:
        """A city state comes under a player's control; Sparta and Athens exclude each other."""
        cities = self.data.players[player].cities
        cities.append(city)
        self.log(f"{self.name(city)} comes under {self.player_name(player)}'s control.", rule)
        if self.has(player, "sparta") and self.has(player, "athens"):
            self.push("rival", player=player)

    # ------------------------------------------------------------------ events
    def play_event(self, player: int, instance: str, voluntary: bool = True, hero: str = "",
                   target: str = "", target_player: int = -1) -> None:
        """Play an event; first anyone holding Divine Intervention may negate it."""
        d = self.data
        if instance in d.players[player].hand:
            d.players[player].hand.remove(instance)
            d.limbo.append(instance)
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

# ====================================================================== task handlers
# Each task kind has (offer, carry out): offer lists the legal actions, carry out applies one.

def offer_order(s: AgeaState, t: Task) -> list[Action]:
    place = ORDINALS[t.count]
    return [act(f"{s.player_name(p)} plays {place}", "order", ruling("turn-order"), p)
            for p in range(s.game.players) if p not in s.data.order]


def do_order(s: AgeaState, t: Task, a: Action) -> None:
    s.pop()
    s.data.order.append(a.args[0])
    s.log(f"{a.label}.", ruling("turn-order"))


def offer_cut(s: AgeaState, t: Task) -> list[Action]:
    heroes = [c for c in s.data.deck if s.card(c).type == "hero"]
    return [act(f"{s.player_name(t.player)} cuts {s.name(c)}", "cut", ruling("hero-cut"), c)
            for c in heroes]


def do_cut(s: AgeaState, t: Task, a: Action) -> None:
    s.pop()
    s.data.deck.remove(a.args[0])
    s.data.players[t.player].heroes.append(Hero(a.args[0]))
    s.log(f"{a.label} and puts the hero in play.", SETUP)


def offer_hand_limit(s: AgeaState, t: Task) -> list[Action]:
    hand = s.data.players[t.player].hand
    return [act(f"discard {s.name(c)}", "discard", RECOVERY, c,
               note=f"Hand limit {s.hand_limit}: discard down to {s.hand_limit} cards")
            for c in dict.fromkeys(hand)]


def do_hand_limit(s: AgeaState, t: Task, a: Action) -> None:
    s.data.players[t.player].hand.remove(a.args[0])
    s.discard(a.args[0])
    s.log(f"{s.player_name(t.player)} discards {s.name(a.args[0])} (hand limit).", RECOVERY)
    if len(s.data.players[t.player].hand) <= s.hand_limit:
        s.pop()


def attach_actions(s: AgeaState, player: int, instance: str, heroes: list[Hero], kind: str,
                   rule: str) -> list[Action]:
    """Attaching a relic or companion to one of the heroes (Promethean Clay picks a trait)."""
    card = s.card(instance)
    actions = []
    for h in heroes:
        if card.effect == "any-one-trait":
            actions += [act(f"attach {card.label} to {s.name(h.card)} as {trait}", kind,
                            card_note(card), instance, h.card, trait)
                        for trait in s.game.cards.traits]
        else:
            lends = ", ".join(card.traits) or card.note or "no trait"
            actions.append(act(f"attach {card.label} to {s.name(h.card)}", kind, rule,
                               instance, h.card,
                               note=f"{card.label} lends {lends} to {s.name(h.card)}"))
    return actions


def attach(s: AgeaState, instance: str, a: Action) -> None:
    """Attach a relic or companion as action ``a`` says; the log cites the rule ``a`` came
    from (Draw Phase, a find while adventuring, a card from the hand, Promethean Clay)."""
    hero_card, trait = a.args[1], a.args[2] if len(a.args) > 2 else ""
    _, hero = s.hero(hero_card)
    hero.attached.append(instance)
    if trait:
        s.data.clay_trait = trait
    s.log(f"{s.name(instance)} is attached to {s.name(hero_card)}"
          + (f" and gives {trait}" if trait else "") + ".", a.rule)


def drawn_rule(s: AgeaState) -> str:
    """The rule for a card drawn without a hero: the Draw Phase's, or in the Adventure Phase
    Blessing of Tyche's (its kept card is resolved as if drawn in the Draw Phase)."""
    return DRAW if s.data.phase == "Draw" else ruling("blessing-of-tyche")


def offer_place(s: AgeaState, t: Task) -> list[Action]:
    card = s.card(t.card)
    heroes = s.data.players[t.player].heroes
    if t.hero:  # found while adventuring: it must go to that hero
        rule = ADVENTURE
        heroes = [h for h in heroes if h.card == t.hero] or heroes
        actions = attach_actions(s, t.player, t.card, heroes, "attach", rule)
    else:
        rule = drawn_rule(s)
        actions = attach_actions(s, t.player, t.card, heroes, "attach", rule)
        actions.append(act(f"keep {card.label} in hand", "keep", rule, t.card))
    if card.effect == "discard-for-vp":
        actions.append(act(f"discard {card.label} for {card.vp} VP", "cash", card_note(card),
                          t.card))
    if not actions:
        actions.append(act(f"keep {card.label} in hand", "keep", rule, t.card))
    return actions


def do_place(s: AgeaState, t: Task, a: Action) -> None:
    s.pop()
    instance = s.from_limbo(t.card)
    me = s.data.players[t.player]
    if a.kind == "attach":
        attach(s, instance, a)
    elif a.kind == "keep":
        me.hand.append(instance)
        s.log(f"{s.player_name(t.player)} keeps {s.name(instance)} in hand.", a.rule)
    else:  # cash: Owl of Athena
        card = s.card(instance)
        me.bonus_vp += card.vp
        me.bonus_notes.append(f"{card.label} +{card.vp}")
        s.discard(instance)
        s.log(f"{card.label} is discarded for {card.vp} VP.", ruling("owl-of-athena"))


def event_actions(s: AgeaState, player: int, instance: str, kind: str) -> list[Action]:
    """Every legal way to play ``instance`` now, in your Adventure Phase or when drawn."""
    card = s.card(instance)
    if card.effect not in MAIN_WINDOW_EFFECTS:
        return []
    d = s.data
    name, rule = card.label, card_note(card)
    me = d.players[player]
    opponents = [q for q in s.seats_from(player) if q != player]
    out: list[Action] = []

    def add(label: str, hero: str = "", target: str = "", target_player: int = -1) -> None:
        out.append(act(label, kind, rule, instance, hero, target, target_player,
                       note=f"{card.label}: {card.note}" if card.note else ""))

    effect = card.effect
    if effect in ("olympic-games", "oracle", "extra-turn", "draw-three-keep-one"):
        add(f"play {name}")
    elif effect == "gain-trait":
        for q in s.seats_from(player):
            for h in d.players[q].heroes:
                add(f"play {name} on {s.name(h.card)}{s.owner_tag(q, player)}", target=h.card)
    elif effect == "opponent-discards":
        for q in opponents:
            if d.players[q].hand:
                add(f"play {name} on {s.player_name(q)}", target_player=q)
    elif effect in ("take-city-state", "destroy-city-state"):
        for q in opponents:
            for c in d.players[q].cities:
                add(f"play {name} on {s.name(c)}{s.owner_tag(q, player)}", target=c,
                    target_player=q)
    elif effect in ("take-hero", "kill-hero-unless-blessing", "curse"):
        for q in opponents:
            for h in d.players[q].heroes:
                add(f"play {name} on {s.name(h.card)}{s.owner_tag(q, player)}", target=h.card,
                    target_player=q)
    elif effect in ("take-relic", "discard-relic", "discard-companion"):
        wanted = "companion" if effect == "discard-companion" else "relic"
        for q in opponents:
            for h in d.players[q].heroes:
                for c in h.attached:
                    if s.card(c).type == wanted:
                        add(f"play {name} on {s.name(c)}{s.owner_tag(q, player)}", target=c,
                            target_player=q)
    elif effect == "become-god":  # any hero in play, yours or not (ruling visit-olympus)
        need = s.game.numbers["visit_olympus_min_traits"]["value"]
        for q in s.seats_from(player):
            for h in d.players[q].heroes:
                if len(s.trait_names(h)) >= need:
                    add(f"play {name} on {s.name(h.card)}{s.owner_tag(q, player)}",
                        target=h.card, target_player=q)
    elif effect == "duel":
        for mine in me.heroes:
            if s.active(mine):
                for q in opponents:
                    for h in d.players[q].heroes:
                        add(f"play {name}: {s.name(mine.card)} against {s.name(h.card)}"
                            f"{s.owner_tag(q, player)}", hero=mine.card, target=h.card,
                            target_player=q)
    elif effect == "adventure-twice-more":
        for h in me.heroes:
            if s.active(h):
                add(f"play {name} on {s.name(h.card)}", target=h.card)
    return out


def offer_event_drawn(s: AgeaState, t: Task) -> list[Action]:
    card = s.card(t.card)
    rule = DRAW if s.data.phase == "Draw" else ADVENTURE
    keep = act(f"keep {card.label}", "keep", rule, t.card,
              note="Event cards may be played or kept (DRAW PHASE)")
    return event_actions(s, t.player, t.card, "play") + [keep]


def do_event_drawn(s: AgeaState, t: Task, a: Action) -> None:
    s.pop()
    if a.kind == "keep":
        s.data.players[t.player].hand.append(s.from_limbo(t.card))
        s.log(f"{s.player_name(t.player)} keeps {s.name(t.card)}.", a.rule)
    else:
        _, hero, target, target_player = a.args
        s.play_event(t.player, t.card, True, hero, target, target_player)


def offer_menu(s: AgeaState, t: Task) -> list[Action]:
    """Adventure Phase: go adventuring, play events, attach cards from hand, or end the turn."""
    d = s.data
    me = d.players[t.player]
    out = [act(f"adventure with {s.name(h.card)}", "adventure", ADVENTURE, h.card,
               note=f"{s.name(h.card)} draws the top card and faces it")
           for h in me.heroes if s.active(h) and h.adventures_left > 0]
    for c in dict.fromkeys(me.hand):
        card = s.card(c)
        if card.type in ("relic", "companion"):
            out += attach_actions(s, t.player, c, me.heroes, "attach-from-hand",
                                  ruling("attach-timing"))
        else:
            out += event_actions(s, t.player, c, "play-from-hand")
    blessings = [c for c in dict.fromkeys(me.hand) if s.card(c).is_blessing]
    for h in me.heroes:
        if h.cursed:
            out += [act(f"lift the curse on {s.name(h.card)} by discarding {s.name(b)}", "lift",
                       ruling("curses"), h.card, b) for b in blessings]
    out.append(act("end turn", "end", ADVENTURE, note="Stop adventuring; the next player's turn"))
    return out


def do_menu(s: AgeaState, t: Task, a: Action) -> None:
    me = s.data.players[t.player]
    if a.kind == "adventure":
        _, hero = s.hero(a.args[0])
        hero.adventures_left -= 1
        s.draw_card(t.player, hero)
    elif a.kind == "attach-from-hand":
        me.hand.remove(a.args[0])
        attach(s, a.args[0], a)
    elif a.kind == "play-from-hand":
        instance, hero, target, target_player = a.args
        s.play_event(t.player, instance, True, hero, target, target_player)
    elif a.kind == "lift":
        _, hero = s.hero(a.args[0])
        me.hand.remove(a.args[1])
        s.discard(a.args[1])
        hero.cursed = False
        s.log(f"{s.name(a.args[1])} is discarded: {s.name(hero.card)} is no longer cursed.",
              ruling("curses"))
    else:
        s.pop()
        s.log(f"{s.player_name(t.player)} ends the turn.", ADVENTURE)


def offer_rival(s: AgeaState, t: Task) -> list[Action]:
    rule = ruling("sparta-athens")
    return [act("keep Sparta, discard Athens", "rival", rule, "athens"),
            act("keep Athens, discard Sparta", "rival", rule, "sparta")]


def do_rival(s: AgeaState, t: Task, a: Action) -> None:
    s.pop()
    cities = s.data.players[t.player].cities
    city = next(c for c in cities if card_id(c) == a.args[0])
    cities.remove(city)
    s.discard(city)
    s.log(f"{s.player_name(t.player)} cannot control both Sparta and Athens: "
          f"{s.name(city)} is discarded.", ruling("sparta-athens"))


HANDLERS: dict[str, tuple[Callable[[AgeaState, Task], list[Action]],
                          Callable[[AgeaState, Task, Action], None]]] = {
    "order": (offer_order, do_order),
    "cut": (offer_cut, do_cut),
    "hand-limit": (offer_hand_limit, do_hand_limit),
    "place": (offer_place, do_place),
    "event-drawn": (offer_event_drawn, do_event_drawn),
    "menu": (offer_menu, do_menu),
    "test": (offer_test, do_test),
    "demigod-roll": (offer_roll, do_demigod_roll),
    "delay-roll": (offer_roll, do_delay_roll),
    "destroyer": (offer_destroyer, do_destroyer),
    "cerberus": (offer_cerberus, do_cerberus),
    "rival": (offer_rival, do_rival),
    "negate": (offer_negate, do_negate),
    "hera": (offer_hera, do_hera),
    "bolt": (offer_bolt, do_bolt),
    "tyche": (offer_tyche, do_tyche),
    "war-muster": (offer_muster, do_muster),
    "war-roll": (offer_war_roll, do_war_roll),
    "war-spoils": (offer_spoils, do_spoils),
}

AgeaGame.state_class = AgeaState


# ====================================================================== checks and bots
def check_invariants(s: AgeaState) -> list[str]:
    """Every card in exactly one place; no negative counters; Sparta and Athens apart."""
    broken = structure_problems(s, HANDLERS)  # first: the checks below assume a sound shape
    if broken:
        return broken
    d = s.data
    places: list[str] = d.deck + d.discard + d.removed + d.limbo
    problems = []
    for q, p in enumerate(d.players):
        places += p.cities + p.hand + p.victory
        for h in p.heroes:
            places.append(h.card)
            places += h.attached
            if h.delay < 0:
                problems.append(f"{s.name(h.card)} has {h.delay} delay tokens")
        if (s.has(q, "sparta") and s.has(q, "athens")
                and not any(t.kind == "rival" for t in d.tasks)):
            problems.append(f"{s.player_name(q)} controls both Sparta and Athens")
        if p.bonus_vp < 0:
            problems.append(f"{s.player_name(q)} has negative bonus VP")
    expected = sorted(s.game.deck)
    if sorted(places) != expected:
        from collections import Counter

        diff = Counter(places)
        diff.subtract(Counter(expected))
        odd = {k: v for k, v in diff.items() if v}
        problems.append(f"cards not in exactly one place: {odd}")
    for relic, n in d.uses.items():
        if not 0 < n <= (s.card(relic).uses or 0):
            problems.append(f"{s.name(relic)} has {n} uses left")
    return problems


def evaluate(s: AgeaState, player: int) -> float:
    """Greedy bots' view: my VP lead, plus a little for active heroes and traits."""
    scores = score_table(s)["vp"]
    others = [v for q, v in enumerate(scores) if q != player]
    heroes = s.data.players[player].heroes
    active = sum(1 for h in heroes if s.active(h))
    traits = sum(len(s.trait_names(h)) for h in heroes)
    return scores[player] - max(others, default=0) + 0.3 * active + 0.05 * traits


def diagnose(s: AgeaState, label: str) -> tuple[str, str] | None:
    """Why a move is not legal, for the moves players most often try (DESIGN: IllegalAction)."""
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
                        return ruling("curses"), (f"{s.name(h.card)} is cursed until a "
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
                    return ruling("events-timing"), (f"{c.label} is played during a challenge "
                                                     "test or a war")
                if c.effect in ("war-bonus", "martyr"):
                    return card_note(c), f"{c.label} is played only during a war"
                if c.effect == "negate-event":
                    return card_note(c), (f"{c.label} is played only when someone plays an "
                                          "event")
                if c.effect == "become-god":
                    return ruling("visit-olympus"), ("the target must be a hero in play with 5 "
                                                     "or more traits")
                return s.phase.rule, f"{c.label} cannot be played that way now"
        return None
    if low == "end turn" and (not d.tasks or d.tasks[-1].kind != "menu"):
        return ADVENTURE, f"a turn ends only from the Adventure Phase; now it is {s.phase.name}"
    return None
