"""The turn's own decisions: turn order and heroes at Setup, the hand limit, what to do with
a drawn card, the Adventure Phase's moves, and Sparta against Athens (Agea rulebook, English
edition, Setup, Turn Sequence, Draw Phase, Adventure Phase and City States)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from mythlab.engine import Action, act
from mythlab.engine.chance import uniform

from .load import card_id
from .refs import ADVENTURE, DRAW, MAIN_WINDOW_EFFECTS, ORDINALS, RECOVERY, RULES, SETUP, card_note
from .state import Hero, Task

if TYPE_CHECKING:
    from .rules import AgeaState


# ---------------------------------------------------------------------- Setup
@RULES.chances("order")
def order_outcomes(s: AgeaState, t: Task) -> list[tuple[Action, Fraction]]:
    """The next place in the turn order goes to a uniformly random seat (ruling turn-order)."""
    place = ORDINALS[t.count]
    return uniform([act(f"{s.player_name(p)} plays {place}", "order", RULES.ruling("turn-order"),
                        p)
                    for p in range(s.game.players) if p not in s.data.order])


@RULES.does("order")
def do_order(s: AgeaState, t: Task, a: Action) -> None:
    """The seat drawn plays next in the turn order."""
    s.pop()
    s.to_change("order").append(a.args[0])
    s.log(f"{a.label}.", RULES.ruling("turn-order"))


@RULES.chances("cut")
def cut_outcomes(s: AgeaState, t: Task) -> list[tuple[Action, Fraction]]:
    """A player cuts the deck for a hero: each hero left in it equally likely (ruling
    hero-cut)."""
    heroes = [c for c in s.data.deck if s.card(c).type == "hero"]
    return uniform([act(f"{s.player_name(t.player)} cuts {s.name(c)}", "cut",
                        RULES.ruling("hero-cut"), c)
                    for c in heroes])


@RULES.does("cut")
def do_cut(s: AgeaState, t: Task, a: Action) -> None:
    """The hero cut comes into play for its player."""
    s.pop()
    s.to_change("deck").remove(a.args[0])
    s.player_to_change(t.player, "heroes").heroes.append(Hero(a.args[0]))
    s.log(f"{a.label} and puts the hero in play.", SETUP)


# ---------------------------------------------------------------------- Recovery Phase
@RULES.offers("hand-limit")
def offer_hand_limit(s: AgeaState, t: Task) -> list[Action]:
    """Over the hand limit at Recovery: pick a card to discard."""
    hand = s.data.players[t.player].hand
    return [act(f"discard {s.name(c)}", "discard-to-limit", RECOVERY, c,
               note=f"Hand limit {s.hand_limit}: discard down to {s.hand_limit} cards")
            for c in dict.fromkeys(hand)]


@RULES.does("discard-to-limit")
def do_discard_to_limit(s: AgeaState, t: Task, a: Action) -> None:
    """One card discarded; the decision ends at the hand limit."""
    s.player_to_change(t.player, "hand").hand.remove(a.args[0])
    s.discard(a.args[0])
    s.log(f"{s.player_name(t.player)} discards {s.name(a.args[0])} (hand limit).", RECOVERY)
    if len(s.data.players[t.player].hand) <= s.hand_limit:
        s.pop()


# ---------------------------------------------------------------------- relics and companions
def attach_actions(s: AgeaState, player: int, instance: str, heroes: list[Hero], kind: str,
                   rule: str) -> list[Action]:
    """Attaching a relic or companion to one of the heroes (Promethean Clay picks a trait)."""
    actions: list[Action] = []
    for h in heroes:
        actions += attach_to(s, instance, h.card, kind, rule)
    return actions


def attach_to(s: AgeaState, instance: str, hero: str, kind: str, rule: str) -> tuple[Action, ...]:
    """Attaching a relic or companion to this hero: the move, or one per trait Promethean
    Clay may give."""
    card = s.card(instance)
    if card.effect == "any-one-trait":
        return tuple(act(f"attach {card.label} to {s.name(hero)} as {trait}", kind,
                         card_note(card), instance, hero, trait)
                     for trait in s.game.cards.traits)
    lends = ", ".join(card.traits) or card.note or "no trait"
    return (act(f"attach {card.label} to {s.name(hero)}", kind, rule, instance, hero,
                note=f"{card.label} lends {lends} to {s.name(hero)}"),)


def attach(s: AgeaState, instance: str, a: Action) -> None:
    """Attach a relic or companion as action ``a`` says; the log cites the rule ``a`` came
    from (Draw Phase, a find while adventuring, a card from the hand, Promethean Clay)."""
    hero_card, trait = a.args[1], a.args[2] if len(a.args) > 2 else ""
    _, hero = s.hero_to_change(hero_card)
    hero.attached = [*hero.attached, instance]
    if trait:
        s.data.clay_trait = trait
    s.log(f"{s.name(instance)} is attached to {s.name(hero_card)}"
          + (f" and gives {trait}" if trait else "") + ".", a.rule)


def drawn_rule(s: AgeaState) -> str:
    """The rule for a card drawn without a hero: the Draw Phase's, or in the Adventure Phase
    Blessing of Tyche's (its kept card is resolved as if drawn in the Draw Phase)."""
    return DRAW if s.data.phase == "Draw" else RULES.ruling("blessing-of-tyche")


@RULES.offers("place")
def offer_place(s: AgeaState, t: Task) -> list[Action]:
    """A relic or companion drawn: attach it or keep it in hand (Draw Phase); one found while
    adventuring goes to that hero (Adventure Phase). The Owl of Athena may be cashed for VP."""
    card = s.card(t.card)
    heroes = s.data.players[t.player].heroes
    if t.hero:  # found while adventuring: it must go to that hero
        rule = ADVENTURE
        heroes = [h for h in heroes if h.card == t.hero] or heroes
        actions = attach_actions(s, t.player, t.card, heroes, "attach", rule)
    else:
        rule = drawn_rule(s)
        actions = attach_actions(s, t.player, t.card, heroes, "attach", rule)
        actions.append(keep_in_hand(s, t.card, rule))
    if card.effect == "discard-for-vp":
        actions.append(act(f"discard {card.label} for {card.vp} VP", "cash", card_note(card),
                          t.card))
    if not actions:
        actions.append(keep_in_hand(s, t.card, rule))
    return actions


def keep_in_hand(s: AgeaState, instance: str, rule: str) -> Action:
    """Keeping a drawn relic or companion in hand."""
    return act(f"keep {s.name(instance)} in hand", "keep", rule, instance)


@RULES.does("attach")
def do_attach(s: AgeaState, t: Task, a: Action) -> None:
    """The drawn relic or companion is attached to the hero chosen."""
    s.pop()
    attach(s, s.from_limbo(t.card), a)


@RULES.does("keep")
def do_keep(s: AgeaState, t: Task, a: Action) -> None:
    """A drawn relic or companion ("to be attached at any later time") or event goes to the
    hand (Agea rulebook, English edition, Draw Phase)."""
    s.pop()
    s.player_to_change(t.player, "hand").hand.append(s.from_limbo(t.card))
    where = " in hand" if s.card(t.card).type in ("relic", "companion") else ""
    s.log(f"{s.player_name(t.player)} keeps {s.name(t.card)}{where}.", a.rule)


@RULES.does("cash")
def do_cash(s: AgeaState, t: Task, a: Action) -> None:
    """The Owl of Athena is discarded at once for its VP (ruling owl-of-athena)."""
    s.pop()
    card = s.card(t.card)
    me = s.player_to_change(t.player, "bonus_notes")
    me.bonus_vp += card.vp
    me.bonus_notes.append(f"{card.label} +{card.vp}")
    s.discard(s.from_limbo(t.card))
    s.log(f"{card.label} is discarded for {card.vp} VP.", RULES.ruling("owl-of-athena"))


# ---------------------------------------------------------------------- events drawn or held
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
        """One way to play the card, with its hero and target."""
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


@RULES.offers("event-drawn")
def offer_event_drawn(s: AgeaState, t: Task) -> list[Action]:
    """An event drawn: "play it or keep it" (Draw Phase)."""
    rule = DRAW if s.data.phase == "Draw" else ADVENTURE
    return event_actions(s, t.player, t.card, "play-drawn") + [keep_event(s, t.card, rule)]


def keep_event(s: AgeaState, instance: str, rule: str) -> Action:
    """Keeping a drawn event in hand."""
    return act(f"keep {s.name(instance)}", "keep", rule, instance,
               note="Event cards may be played or kept (DRAW PHASE)")


@RULES.does("play-drawn")
def do_play_drawn(s: AgeaState, t: Task, a: Action) -> None:
    """The event drawn is played at once."""
    s.pop()
    _, hero, target, target_player = a.args
    s.play_event(t.player, t.card, True, hero, target, target_player)


# ---------------------------------------------------------------------- Adventure Phase
ATTACH_TIMING = RULES.ruling("attach-timing")
#: the Adventure Phase's last move, the same in every menu
END_TURN = act("end turn", "end-turn", ADVENTURE, note="Stop adventuring; the next player's turn")


@RULES.offers("menu")
def offer_menu(s: AgeaState, t: Task) -> list[Action]:
    """Adventure Phase: go adventuring, play events, attach cards from hand, or end the turn."""
    me = s.data.players[t.player]
    out = [s.once(adventure_with, h.card)
           for h in me.heroes if h.adventures_left > 0 and s.active(h)]
    for c in dict.fromkeys(me.hand):
        card = s.card(c)
        if card.type in ("relic", "companion"):
            out += attach_actions(s, t.player, c, me.heroes, "attach-from-hand",
                                  ATTACH_TIMING)
        elif card.effect in MAIN_WINDOW_EFFECTS:  # blessings, war cards … wait for their time
            out += event_actions(s, t.player, c, "play-from-hand")
    for h in me.heroes:
        if h.cursed:
            out += [act(f"lift the curse on {s.name(h.card)} by discarding {s.name(b)}", "lift",
                       RULES.ruling("curses"), h.card, b)
                    for b in dict.fromkeys(me.hand) if s.card(b).is_blessing]
    out.append(END_TURN)
    return out


def adventure_with(s: AgeaState, hero: str) -> Action:
    """Sending a hero adventuring."""
    return act(f"adventure with {s.name(hero)}", "adventure", ADVENTURE, hero,
               note=f"{s.name(hero)} draws the top card and faces it")


@RULES.does("adventure")
def do_adventure(s: AgeaState, t: Task, a: Action) -> None:
    """The hero goes adventuring: it draws the top card and faces it."""
    _, hero = s.hero_to_change(a.args[0])
    hero.adventures_left -= 1
    s.draw_card(t.player, hero)


@RULES.does("attach-from-hand")
def do_attach_from_hand(s: AgeaState, t: Task, a: Action) -> None:
    """A relic or companion kept in hand is attached (ruling attach-timing)."""
    s.player_to_change(t.player, "hand").hand.remove(a.args[0])
    attach(s, a.args[0], a)


@RULES.does("play-from-hand")
def do_play_from_hand(s: AgeaState, t: Task, a: Action) -> None:
    """An event kept in hand is played."""
    instance, hero, target, target_player = a.args
    s.play_event(t.player, instance, True, hero, target, target_player)


@RULES.does("lift")
def do_lift(s: AgeaState, t: Task, a: Action) -> None:
    """A blessing card is discarded to lift a curse (ruling curses)."""
    _, hero = s.hero_to_change(a.args[0])
    s.player_to_change(t.player, "hand").hand.remove(a.args[1])
    s.discard(a.args[1])
    hero.cursed = False
    s.log(f"{s.name(a.args[1])} is discarded: {s.name(hero.card)} is no longer cursed.",
          RULES.ruling("curses"))


@RULES.does("end-turn")
def do_end_turn(s: AgeaState, t: Task, a: Action) -> None:
    """The player stops adventuring; the turn ends."""
    s.pop()
    s.log(f"{s.player_name(t.player)} ends the turn.", ADVENTURE)


# ---------------------------------------------------------------------- City States
@RULES.offers("rival")
def offer_rival(s: AgeaState, t: Task) -> list[Action]:
    """No one may control both Sparta and Athens: the player discards one (ruling
    sparta-athens)."""
    rule = RULES.ruling("sparta-athens")
    return [act("keep Sparta, discard Athens", "rival", rule, "athens"),
            act("keep Athens, discard Sparta", "rival", rule, "sparta")]


@RULES.does("rival")
def do_rival(s: AgeaState, t: Task, a: Action) -> None:
    """The city state chosen is discarded."""
    s.pop()
    cities = s.player_to_change(t.player, "cities").cities
    city = next(c for c in cities if card_id(c) == a.args[0])
    cities.remove(city)
    s.discard(city)
    s.log(f"{s.player_name(t.player)} cannot control both Sparta and Athens: "
          f"{s.name(city)} is discarded.", RULES.ruling("sparta-athens"))
