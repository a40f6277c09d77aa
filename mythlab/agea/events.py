"""Events: Divine Intervention, the decisions events ask for, and what each event does
(Agea rulebook, English edition, Events)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from .challenges import discard_hero
from .load import card_id
from .refs import RULES, card_note
from .state import Task
from .wars import start_war

if TYPE_CHECKING:
    from .rules import AgeaState


# ---------------------------------------------------------------------- event responses
@RULES.offers("negate")
def offer_negate(s: AgeaState, t: Task) -> list[Action]:
    """A player holding Divine Intervention may negate the event being played (ruling
    divine-intervention)."""
    name = s.name(t.card)
    rule = RULES.ruling("divine-intervention")
    di = next(c for c in s.data.players[t.player].hand if card_id(c) == "divine-intervention")
    return [act(f"negate {name} with Divine Intervention", "negate", rule, di),
            act(f"let {name} happen", "allow", rule)]


@RULES.does("negate")
def do_negate(s: AgeaState, t: Task, a: Action) -> None:
    """Divine Intervention is discarded and the event with it, without effect."""
    s.pop()
    s.player_to_change(t.player, "hand").hand.remove(a.args[0])
    s.discard(a.args[0])
    s.discard(s.from_limbo(t.card))
    s.log(f"{s.player_name(t.player)} plays Divine Intervention: {s.name(t.card)} has no "
          "effect.", card_note(s.card(a.args[0])))


@RULES.does("allow")
def do_allow(s: AgeaState, t: Task, a: Action) -> None:
    """The next holder of Divine Intervention is asked; after the last, the event happens."""
    s.pop()
    if t.players:
        s.push("negate", player=t.players[0], players=t.players[1:], card=t.card, hero=t.hero,
               target=t.target, target_player=t.target_player, by=t.by)
    else:
        carry_out(s, t.by, t.card, t.hero, t.target, t.target_player)


@RULES.offers("hera")
def offer_hera(s: AgeaState, t: Task) -> list[Action]:
    """Blessing of Hera: the target opponent picks the cards to discard."""
    return [act(f"discard {s.name(c)}", "hera-discard", card_note(s.card("blessing-of-hera")),
                c)
            for c in dict.fromkeys(s.data.players[t.player].hand)]


@RULES.does("hera-discard")
def do_hera_discard(s: AgeaState, t: Task, a: Action) -> None:
    """One card discarded; the decision ends after the last one or with an empty hand."""
    hand = s.player_to_change(t.player, "hand").hand
    hand.remove(a.args[0])
    s.discard(a.args[0])
    s.log(f"{s.player_name(t.player)} discards {s.name(a.args[0])}.",
          RULES.ruling("blessing-of-hera"))
    if t.count == 1 or not hand:
        s.pop()
    else:  # one card fewer to go: a move replaces a task, never changes it (tasks are shared)
        s.data.tasks[-1] = replace(t, count=t.count - 1)


@RULES.offers("bolt")
def offer_bolt(s: AgeaState, t: Task) -> list[Action]:
    """Lightning Bolt: the hero's owner may discard a blessing card to save it."""
    rule = card_note(s.card("lightning-bolt"))
    hand = s.data.players[t.player].hand
    out = [act(f"discard {s.name(b)} to save {s.name(t.hero)}", "save", rule, b)
           for b in dict.fromkeys(hand) if s.card(b).is_blessing]
    return out + [act(f"let {s.name(t.hero)} die", "die", rule)]


@RULES.does("save")
def do_save(s: AgeaState, t: Task, a: Action) -> None:
    """The blessing is discarded and the hero survives the Lightning Bolt."""
    s.pop()
    owner, hero = s.hero(t.hero)
    s.player_to_change(owner, "hand").hand.remove(a.args[0])
    s.discard(a.args[0])
    s.log(f"{s.name(a.args[0])} is discarded: {s.name(hero.card)} survives.",
          card_note(s.card("lightning-bolt")))


@RULES.does("die")
def do_die(s: AgeaState, t: Task, a: Action) -> None:
    """The Lightning Bolt kills the hero: it and its possessions are discarded."""
    s.pop()
    owner, hero = s.hero_to_change(t.hero)
    discard_hero(s, owner, hero)
    s.log(f"Lightning strikes {s.name(hero.card)}: the hero is discarded.",
          card_note(s.card("lightning-bolt")))


@RULES.offers("tyche")
def offer_tyche(s: AgeaState, t: Task) -> list[Action]:
    """Blessing of Tyche: keep one of the cards drawn (ruling blessing-of-tyche)."""
    return [act(f"keep {s.name(c)} from Tyche", "keep-from-tyche",
                RULES.ruling("blessing-of-tyche"), c)
            for c in t.cards]


@RULES.does("keep-from-tyche")
def do_keep_from_tyche(s: AgeaState, t: Task, a: Action) -> None:
    """The others are discarded; the kept card is resolved as if drawn in the Draw Phase."""
    s.pop()
    for c in t.cards:
        if c != a.args[0]:
            s.discard(s.from_limbo(c))
    s.log(f"{s.player_name(t.player)} keeps {s.name(a.args[0])} and discards the others.",
          RULES.ruling("blessing-of-tyche"))
    s.resolve_drawn(t.player, a.args[0], None)


# ---------------------------------------------------------------------- what events do
def carry_out(s: AgeaState, player: int, instance: str, hero: str, target: str,
              target_player: int) -> None:
    """The effect of an event card once no one negated it (Agea rulebook, English edition,
    Events)."""
    d = s.data
    card = s.card(instance)
    rule = card_note(card)
    effect = card.effect
    keep_card = False
    if effect == "war":
        start_war(s, player, instance)
        keep_card = True
    elif effect == "pandoras-box":
        s.to_change("deck").extend(d.discard)
        d.discard = []
        s.stream.shuffle(d.deck)
        if d.deck:  # with nothing to shuffle back the last card stays the last card
            d.end_at_depth = -1
        s.log(f"The discards are shuffled into the deck ({len(d.deck)} cards).", rule)
    elif effect == "olympic-games":
        for q, player_q in enumerate(d.players):
            n = sum(1 for h in player_q.heroes if {"Swift", "Strength"} <= s.trait_names(h))
            if n:
                player_q = s.player_to_change(q, "bonus_notes")
                player_q.bonus_vp += n
                player_q.bonus_notes.append(f"Olympic Games +{n}")
                s.log(f"{s.player_name(q)} gains {n} VP.", RULES.ruling("olympic-games"))
    elif effect == "oracle":
        n = s.game.numbers["oracle_looks_at"]["value"]
        top = [s.name(c) for c in reversed(d.deck[-n:])]
        s.log(f"The next {len(top)} cards: {', '.join(top) or 'none'}.", rule)
    elif effect == "gain-trait":
        _, h = s.hero_to_change(target)
        h.gained = [*h.gained, *card.traits]
        s.log(f"{s.name(target)} gains {', '.join(card.traits)}.", rule)
    elif effect == "extra-turn":
        d.kronos = True
        s.log(f"{s.player_name(player)} will take another turn after this one.", rule)
    elif effect == "blessing" or effect == "defeat-any-monster":
        _, h = s.hero_to_change(target)
        h.blessed = [*h.blessed, instance]
        s.log(f"{s.name(target)} is blessed"
              + (f" with {', '.join(card.traits)}" if card.traits else "") + " for this turn.",
              RULES.ruling("blessings-last-one-turn"))
    elif effect == "opponent-discards":
        if d.players[target_player].hand:
            s.push("hera", player=target_player, count=card.count)
    elif effect == "draw-three-keep-one":
        drawn = []
        for _ in range(min(3, len(d.deck))):
            drawn.append(s.to_change("deck").pop())
            s.to_change("limbo").append(drawn[-1])
        if not d.deck and d.end_at_depth < 0:
            d.end_at_depth = len(d.tasks)
        s.log(f"Tyche shows {', '.join(s.name(c) for c in drawn)}.", rule)
        if drawn:
            s.push("tyche", player=player, cards=drawn)
    elif effect == "take-city-state":
        s.player_to_change(target_player, "cities").cities.remove(target)
        s.gain_city(player, target, rule)
    elif effect == "destroy-city-state":
        s.player_to_change(target_player, "cities").cities.remove(target)
        s.discard(target)
        s.log(f"{s.name(target)} is destroyed.", rule)
    elif effect == "take-hero":
        owner, h = s.hero_to_change(target)
        s.player_to_change(owner, "heroes").heroes.remove(h)
        s.gain_hero(player, h, rule)
    elif effect == "take-relic":
        s.remove_owned(target)
        s.player_to_change(player, "hand").hand.append(target)
        s.log(f"{s.player_name(player)} takes {s.name(target)} into hand.", rule)
    elif effect in ("discard-relic", "discard-companion"):
        s.remove_owned(target)
        s.discard(target)
        s.log(f"{s.name(target)} is discarded.", rule)
    elif effect == "kill-hero-unless-blessing":
        owner, h = s.hero_to_change(target)
        if any(s.card(c).is_blessing for c in d.players[owner].hand):
            s.push("bolt", player=owner, hero=target)
        else:
            discard_hero(s, owner, h)
            s.log(f"Lightning strikes {s.name(target)}: the hero is discarded.", rule)
    elif effect == "curse":
        s.hero_to_change(target)[1].cursed = True
        s.log(f"{s.name(target)} is delayed until its owner discards a blessing card.",
              RULES.ruling("curses"))
    elif effect == "become-god":
        owner, h = s.hero_to_change(target)
        s.player_to_change(owner, "heroes").heroes.remove(h)
        for a in h.attached:
            s.discard(a)
        s.to_change("removed").append(h.card)
        s.player_to_change(player, "victory").victory.append(s.from_limbo(instance))
        s.log(f"{s.name(target)} becomes a God and leaves play with what is attached to it; "
              f"{card.label} is worth {card.vp} VP in {s.player_name(player)}'s Victory Pile.",
              RULES.ruling("visit-olympus"))
        return
    elif effect == "duel":
        s.hero_to_change(hero)[1].delay += s.game.numbers["duel_delay"]["value"]
        owner, h = s.hero_to_change(target)
        discard_hero(s, owner, h)
        s.log(f"{s.name(hero)} is delayed 3 turns and kills {s.name(target)} in a duel.", rule)
    elif effect == "adventure-twice-more":
        s.hero_to_change(target)[1].adventures_left += card.count
        s.log(f"{s.name(target)} may adventure twice more this turn.", rule)
    elif effect in ("war-bonus", "martyr"):
        war = d.war
        assert war is not None
        if effect == "martyr":
            owner, h = s.hero_to_change(target)
            discard_hero(s, owner, h)
            s.log(f"{s.name(target)} dies a martyr.", rule)
        war.bonus[player] += card.count
        s.log(f"{s.player_name(player)} adds {card.count} to the Battle Total.", rule)
    if not keep_card:
        s.discard(s.from_limbo(instance))
