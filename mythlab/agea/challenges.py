"""Challenge tests: a hero faces the card it drew (Agea rulebook, English edition, Adventure
Phase, and the notes of Monster Foe, Non-Monster Foe and Non-Foe Challenges)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from mythlab.engine import Action, act
from mythlab.engine.chance import uniform

from .load import Card, card_id
from .refs import RULES, TEST, card_note
from .state import Hero, Task, without

if TYPE_CHECKING:
    from .rules import AgeaState


@RULES.offers("test")
def offer_test(s: AgeaState, t: Task) -> list[Action]:
    """The tested hero faces the challenge; blessings from the hand may help first."""
    d = s.data
    challenge = s.card(t.card)
    _, hero = s.hero(t.hero)
    out = [act(f"face the {challenge.label}", "face", TEST,
               note=_test_note(s, t.player, hero, challenge))]
    for c in dict.fromkeys(d.players[t.player].hand):
        card = s.card(c)
        if card.effect == "blessing" or (card.effect == "defeat-any-monster"
                                         and challenge.type == "monster-foe"):
            out.append(act(f"play {card.label} on {s.name(t.hero)}", "bless", card_note(card), c))
    if "Sacrifice Companion" in challenge.tests:
        out += [act(f"sacrifice {s.name(c)} to the {challenge.label}", "sacrifice",
                   RULES.ruling("sacrifice-companion"), c)
                for c in hero.attached if s.card(c).type == "companion"]
    return out


def _test_note(s: AgeaState, player: int, hero: Hero, challenge: Card) -> str:
    """What facing the challenge would do now, shown beside the move."""
    outcome = test_outcome(s, player, hero, challenge)
    return f"wins by {outcome.how}" if outcome.won else "would lose unless a blessing helps"


#: "Your Heroes defeat the Minotaur, Cretan Bull & Labyrinth" (Knossos's note)
KNOSSOS_DEFEATS = ("minotaur", "cretan-bull", "labyrinth")


class Outcome(NamedTuple):
    """How a challenge test ends: won, by what, under which rule, and a limited relic spent."""

    won: bool
    how: str = ""
    rule: str = TEST
    spent: str = ""


def test_outcome(s: AgeaState, player: int, hero: Hero, challenge: Card) -> Outcome:
    """Does the hero overcome the challenge? (Agea rulebook, English edition, Adventure Phase:
    "If the Hero has the trait listed on the Challenge card the Hero is victorious")

    Unlimited sources are used before relics that are discarded after 3 uses
    (ruling limited-use-relics).
    """
    if challenge.is_foe:
        for a in hero.attached:
            if s.card(a).effect == "defeats-all-foes":
                return Outcome(True, s.name(a), card_note(s.card(a)))
    if challenge.type == "monster-foe" and any(
            s.card(b).effect == "defeat-any-monster" for b in hero.blessed):
        return Outcome(True, "Blessing of Athena", card_note(s.card("blessing-of-athena")))
    if challenge.id in KNOSSOS_DEFEATS and s.has(player, "knossos"):
        return Outcome(True, "Knossos", RULES.ruling("knossos-test"))
    limited = []
    sources = s.traits(hero)
    for test in challenge.tests:
        for trait, source in sources:
            if trait == test:
                if s.data.uses.get(source):
                    limited.append((s.data.uses[source], trait, source))
                else:
                    return Outcome(True, trait)
        if test == "Any Blessing" and hero.blessed:
            return Outcome(True, "a blessing", RULES.ruling("any-blessing"))
        if test == "Blessing of Prometheus" and any(
                card_id(b) == "blessing-of-prometheus" for b in hero.blessed):
            return Outcome(True, "Blessing of Prometheus",
                           RULES.ruling("blessing-of-prometheus-test"))
        if test == "Companions" and any(s.card(c).type == "companion" for c in hero.attached):
            return Outcome(True, "a companion", RULES.ruling("companions-test"))
    if limited:
        _, trait, source = min(limited)
        return Outcome(True, f"{trait} ({s.name(source)})", RULES.ruling("limited-use-relics"),
                       source)
    return Outcome(False)


@RULES.does("bless")
def do_bless(s: AgeaState, t: Task, a: Action) -> None:
    """A blessing from the hand helps the tested hero before it faces the challenge."""
    s.play_event(t.player, a.args[0], True, hero=t.hero, target=t.hero)


@RULES.does("sacrifice")
def do_sacrifice(s: AgeaState, t: Task, a: Action) -> None:
    """Diomedes' Wild Mares are overcome by sacrificing a companion (ruling
    sacrifice-companion)."""
    _, hero = s.hero_to_change(t.hero)
    hero.attached = without(hero.attached, a.args[0])
    s.discard(a.args[0])
    s.pop()
    s.log(f"{s.name(a.args[0])} is sacrificed.", RULES.ruling("sacrifice-companion"))
    win_challenge(s, t.player, hero, t.card, "sacrifice", RULES.ruling("sacrifice-companion"))


@RULES.does("face")
def do_face(s: AgeaState, t: Task, a: Action) -> None:
    """The test: a trait the challenge lists wins; else a Demigod rolls, or the hero is
    defeated and rolls for delay tokens."""
    d = s.data
    _, hero = s.hero_to_change(t.hero)
    s.pop()
    challenge = s.card(t.card)
    outcome = test_outcome(s, t.player, hero, challenge)
    spent = outcome.spent
    if outcome.won:
        if spent:
            s.to_change("uses")[spent] -= 1
            s.log(f"{s.name(spent)} is used ({d.uses[spent]} use(s) left).",
                  RULES.ruling("limited-use-relics"))
            if d.uses[spent] == 0:
                hero.attached = without(hero.attached, spent)
                s.discard(spent)
                s.log(f"{s.name(spent)} is discarded after its last use.", card_note(s.card(spent)))
        win_challenge(s, t.player, hero, t.card, outcome.how, outcome.rule)
    elif "Demigod" in s.trait_names(hero):
        s.log(f"{s.name(hero.card)} lacks the trait, but is a Demigod: 1-2 on a d6 wins.", TEST)
        s.push("demigod-roll", player=t.player, card=t.card, hero=t.hero)
    else:
        s.log(f"{s.name(hero.card)} has none of {', '.join(challenge.tests)}: defeated; "
              "roll 1d6 for delay tokens.", TEST)
        s.push("delay-roll", player=t.player, card=t.card, hero=t.hero)


def win_challenge(s: AgeaState, player: int, hero: Hero, instance: str, how: str,
                  rule: str = TEST) -> None:
    """Victory: foes go to the Victory Pile, non-foe challenges are discarded (Agea rulebook,
    English edition, Non-Foe Challenges: notes); the Sphinx and Cerberus reward the hero."""
    challenge = s.card(instance)
    s.from_limbo(instance)
    s.log(f"{s.name(hero.card)} overcomes the {challenge.label} by {how}.", rule)
    if challenge.is_foe:
        s.player_to_change(player, "victory").victory.append(instance)
    else:
        s.discard(instance)
        s.log(f"{challenge.label} is a non-foe challenge: discarded.", TEST)
    if challenge.effect == "sphinx":
        hero.adventures_left += 1
        s.log(f"{s.name(hero.card)} may adventure again this turn.", card_note(challenge))
    elif challenge.effect == "cerberus":
        s.push("cerberus", player=player, hero=hero.card)


@RULES.chances("demigod-roll", "delay-roll")
def roll_outcomes(s: AgeaState, t: Task) -> tuple[tuple[Action, Fraction], ...]:
    """A d6 for a Demigod's test or for delay tokens: each face with probability 1/6."""
    return s.once(d6_outcomes, t.kind)  # one tuple: its draw table is kept (chance.py)


def d6_outcomes(s: AgeaState, kind: str) -> tuple[tuple[Action, Fraction], ...]:
    """The six faces of a Demigod roll or a delay roll."""
    what = "Demigod roll" if kind == "demigod-roll" else "delay roll"
    return tuple(uniform([act(f"{what} {r}", kind, TEST, r) for r in range(1, 7)]))


@RULES.does("demigod-roll")
def do_demigod_roll(s: AgeaState, t: Task, a: Action) -> None:
    """A Demigod overcomes any challenge on 1-2; otherwise it is defeated after all."""
    s.pop()
    _, hero = s.hero_to_change(t.hero)
    if a.args[0] in s.game.numbers["demigod_wins_on"]["values"]:
        win_challenge(s, t.player, hero, t.card, f"the Demigod roll of {a.args[0]}")
    else:
        s.log(f"The Demigod roll of {a.args[0]} fails.", TEST)
        s.push("delay-roll", player=t.player, card=t.card, hero=t.hero)


@RULES.does("delay-roll")
def do_delay_roll(s: AgeaState, t: Task, a: Action) -> None:
    """Defeat: 1d6 delay tokens; a 6 is a Greek Tragedy; a destroyer costs a city state."""
    s.pop()
    roll = a.args[0]
    owner, hero = s.hero_to_change(t.hero)
    challenge = s.card(t.card)
    s.discard(s.from_limbo(t.card))
    if roll == s.game.numbers["delay_die"]["greek_tragedy_on"]:
        s.log(f"A 6: Greek Tragedy! {s.name(hero.card)} and all his possessions are discarded.",
              TEST)
        discard_hero(s, owner, hero)
    else:
        fleece = sum(1 for c in hero.attached if s.card(c).effect == "reduce-delay")
        hero.delay += max(0, roll - fleece)
        s.log(f"{s.name(hero.card)} is defeated and gets {max(0, roll - fleece)} delay token(s)"
              + (" (Golden Fleece: 1 fewer)" if fleece else "") + ".",
              RULES.ruling("golden-fleece") if fleece else TEST)
    if challenge.destroyer:
        cities = s.player_to_change(t.player, "cities").cities
        if len(cities) == 1:
            s.discard(cities.pop())
            s.log(f"The {challenge.label} is a destroyer: {s.name(s.data.discard[-1])} is lost.",
                  TEST)
        elif cities:
            s.push("destroyer", player=t.player, card=t.card)


def discard_hero(s: AgeaState, owner: int, hero: Hero) -> None:
    """The hero and everything attached to it go to the discard pile."""
    s.player_to_change(owner, "heroes").heroes.remove(hero)
    for a in hero.attached:
        s.discard(a)
    s.discard(hero.card)


@RULES.offers("destroyer")
def offer_destroyer(s: AgeaState, t: Task) -> list[Action]:
    """A destroyer defeated its hero: the player picks the city state to discard."""
    return [act(f"discard city state {s.name(c)}", "lose-city", TEST, c)
            for c in s.data.players[t.player].cities]


@RULES.does("lose-city")
def do_destroyer(s: AgeaState, t: Task, a: Action) -> None:
    """The chosen city state is discarded."""
    s.pop()
    s.player_to_change(t.player, "cities").cities.remove(a.args[0])
    s.discard(a.args[0])
    s.log(f"{s.name(a.args[0])} is destroyed.", TEST)


@RULES.offers("cerberus")
def offer_cerberus(s: AgeaState, t: Task) -> list[Action]:
    """Cerberus defeated: the hero gains Army, or a hero returns from the discard pile."""
    rule = RULES.ruling("cerberus")
    out = [act(f"{s.name(t.hero)} gains Army", "army", rule)]
    out += [act(f"take {s.name(c)} from the discard pile", "revive", rule, c)
            for c in dict.fromkeys(s.data.discard) if s.card(c).type == "hero"]
    return out


@RULES.does("army")
def do_cerberus_army(s: AgeaState, t: Task, a: Action) -> None:
    """The hero that defeated Cerberus gains the Army trait (ruling cerberus)."""
    s.pop()
    _, hero = s.hero_to_change(t.hero)
    hero.gained = [*hero.gained, "Army"]
    s.log(f"{s.name(t.hero)} gains the Army trait (the dead released from Hades).",
          RULES.ruling("cerberus"))


@RULES.does("revive")
def do_cerberus_revive(s: AgeaState, t: Task, a: Action) -> None:
    """… or its player takes a hero from the discard pile (ruling cerberus)."""
    s.pop()
    s.to_change("discard").remove(a.args[0])
    s.gain_hero(t.player, Hero(a.args[0]), RULES.ruling("cerberus"))
