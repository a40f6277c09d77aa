"""Writing powers and effects as text, in English or Greek: ``render_power`` for a card,
``render_timing`` for its timing label, ``describe`` for one evaluated effect. Pages cited are
those of the Elysium rulebook, Greek edition."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ._model import (
    ANY,
    NODE_KEYS,
    RESOURCE_MEASURES,
    AddCard,
    Amount,
    AsManyAs,
    AtLeast,
    CardEffect,
    CardSpec,
    Choice,
    ChooseOne,
    Cond,
    Cost,
    Count,
    Discard,
    Draw,
    Effect,
    Exchange,
    Family,
    Gain,
    If,
    Lose,
    May,
    MayDo,
    Measure,
    Most,
    NoneOf,
    Nothing,
    Others,
    OthersMay,
    Pay,
    Per,
    PlayerWithMost,
    Power,
    ResourceEffect,
    Same,
    Take,
    TakeCitizen,
    Timing,
    Transfer,
    TransferSpec,
    UsePower,
    When,
    Whose,
    Zone,
)

# --- rendering -------------------------------------------------------------------------------

Lang = Literal["en", "el"]
Subject = Literal["you", "they", "one"]   # imperative / "the other players" / one player

FAMILY_NAMES: dict[str, dict[str, str]] = {
    "en": {f.value: f.value.capitalize() for f in Family},
    # genitive, as in "κάρτα Άδη" (a Hades card)
    "el": {"apollo": "Απόλλωνα", "ares": "Άρη", "athena": "Αθηνάς", "hades": "Άδη",
           "hephaestus": "Ηφαίστου", "hermes": "Ερμή", "poseidon": "Ποσειδώνα", "zeus": "Δία"},
}

TIMING_NAMES: dict[str, dict[Timing, str]] = {
    "en": {Timing.INSTANT: "Instant", Timing.PERMANENT: "Permanent", Timing.ACTIVATE: "Activate",
           Timing.TRIGGER: "Trigger", Timing.LEGEND: "Legend", Timing.CHRONOS: "Chronos"},
    "el": {Timing.INSTANT: "Άμεση", Timing.PERMANENT: "Μόνιμη", Timing.ACTIVATE: "Ενεργοποίηση",
           Timing.TRIGGER: "Δράση", Timing.LEGEND: "Θρύλος", Timing.CHRONOS: "Χρόνος"},
}

#: what each timing means, for the Stepper and notebooks (p.7, p.8, p.10)
TIMING_RULES: dict[Timing, str] = {
    Timing.INSTANT: "used at the moment you take the card, and only then",
    Timing.PERMANENT: "always active while the card is in your domain",
    Timing.ACTIVATE: "once per epoch in your turn: turn the card 90°; it straightens in Phase IV",
    Timing.TRIGGER: "once per game in your turn: a trigger ring goes on when you take the card "
                    "and comes off when you use the power",
    Timing.LEGEND: "used in Phase III while the card is in your domain",
    Timing.CHRONOS: "scores at the end of the game, only if the card is in a legend",
}

# English verb forms for the subjects (you, they, one): imperative, plural, singular
_VERBS_EN = {
    "gain": "gains", "pay": "pays", "lose": "loses", "transfer": "transfers", "take": "takes",
    "draw": "draws", "put": "puts", "discard": "discards", "exchange": "exchanges",
    "add": "adds", "use": "uses", "choose": "chooses", "do": "does", "have": "has",
}
# Greek forms for (you, they, one), then the same after "να" (subjunctive)
_VERBS_EL = {
    "gain": ("κερδίζετε", "κερδίζουν", "κερδίζει", "κερδίσετε", "κερδίσουν", "κερδίσει"),
    "pay": ("πληρώνετε", "πληρώνουν", "πληρώνει", "πληρώσετε", "πληρώσουν", "πληρώσει"),
    "lose": ("χάνετε", "χάνουν", "χάνει", "χάσετε", "χάσουν", "χάσει"),
    "transfer": ("μεταφέρετε", "μεταφέρουν", "μεταφέρει") * 2,
    "take": ("παίρνετε", "παίρνουν", "παίρνει", "πάρετε", "πάρουν", "πάρει"),
    "draw": ("τραβάτε", "τραβούν", "τραβά", "τραβήξετε", "τραβήξουν", "τραβήξει"),
    "discard": ("ξεσκαρτάρετε", "ξεσκαρτάρουν", "ξεσκαρτάρει") * 2,
    "exchange": ("ανταλλάσσετε", "ανταλλάσσουν", "ανταλλάσσει", "ανταλλάξετε", "ανταλλάξουν",
                 "ανταλλάξει"),
    "add": ("προσθέτετε", "προσθέτουν", "προσθέτει", "προσθέσετε", "προσθέσουν", "προσθέσει"),
    "use": ("χρησιμοποιείτε", "χρησιμοποιούν", "χρησιμοποιεί", "χρησιμοποιήσετε",
            "χρησιμοποιήσουν", "χρησιμοποιήσει"),
    "choose": ("επιλέγετε", "επιλέγουν", "επιλέγει", "επιλέξετε", "επιλέξουν", "επιλέξει"),
    "do": ("κάνετε", "κάνουν", "κάνει") * 2,
    "have": ("έχετε", "έχουν", "έχει") * 2,
    "may": ("μπορείτε", "μπορούν", "μπορεί") * 2,
}
_SUBJ = {"you": 0, "they": 1, "one": 2}
_MINE = {"en": {"you": "your", "they": "their", "one": "their"},
         "el": {"you": "σας", "they": "τους", "one": "του"}}
_UNITS = {"en": {"gold": "gold", "vp": "VP", "pp": "PP"},
          "el": {"gold": "Χρυσό", "vp": "ΠΝ", "pp": "ΠΚ"}}


@dataclass(frozen=True)
class _Say:
    """Rendering state: language, grammatical subject, and whether a verb follows "may"."""

    lang: Lang
    subj: Subject = "you"
    bare: bool = False   # after "may" / "να": base form in English, subjunctive in Greek

    @property
    def en(self) -> bool:
        return self.lang == "en"

    def verb(self, name: str) -> str:
        if self.en:
            return _VERBS_EN[name] if self.subj == "one" and not self.bare else name
        return _VERBS_EL[name][_SUBJ[self.subj] + (3 if self.bare else 0)]

    def to(self, subj: Subject, bare: bool = False) -> _Say:
        return _Say(self.lang, subj, bare)

    def mine(self, owner: Subject | None = None) -> str:
        return _MINE[self.lang][owner or self.subj]


def _amount(a: Amount, say: _Say) -> str:
    units = _UNITS[say.lang]
    parts = [f"{getattr(a, k)} {units[k]}" for k in ("gold", "vp", "pp") if getattr(a, k)]
    return (" and " if say.en else " και ").join(parts)


def _card_noun(spec: CardSpec, say: _Say, plural: bool = False, extra: bool = False) -> str:
    """``Hades card``, ``Citizens``, ``level-2 cards``; Greek ``κάρτα Άδη``, ``Πολίτες``."""
    if say.en:
        words = ["extra"] if extra else []
        if spec.citizen:
            words.append("Citizens" if plural else "Citizen")
        else:
            if spec.level:
                words.append(f"level-{spec.level}")
            if spec.family:
                words.append(FAMILY_NAMES["en"][spec.family])
            if spec.eleusis:
                words.append("Eleusis")
            words.append("cards" if plural else "card")
        return " ".join(words)
    if spec.citizen:
        return "Πολίτες" if plural else "Πολίτη"
    noun = ("επιπλέον " if extra else "") + ("κάρτες" if plural else "κάρτα")
    if spec.family:
        noun += " " + FAMILY_NAMES["el"][spec.family]
    if spec.eleusis:
        noun += " Ελευσίνας"
    if spec.level:
        noun += f" Επιπέδου {spec.level}"
    return noun


def _cards(spec: CardSpec, n: int, say: _Say, extra: bool = False) -> str:
    return f"{n} {_card_noun(spec, say, n > 1, extra)}"


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _zone(zone: Zone, owner: Subject, say: _Say, prep: str = "in") -> str:
    """``in your domain``, ``from their Elysium``, ``στον Τομέα σας``, ``από τον Τομέα τους``."""
    mine = say.mine(owner)
    if say.en:
        place = {
            Zone.DOMAIN: f"{mine} domain", Zone.ELYSIUM: f"{mine} Elysium",
            Zone.THIS_LEGEND: "this legend", Zone.ORACLE: "the Oracle", Zone.AGORA: "the Agora",
            Zone.DISCARD_PILE: "the discard pile", Zone.DRAW_PILE: "the draw pile"}
        if zone is Zone.TRANSFERRED:
            return "transferred this phase"
        if zone is Zone.ACQUIRED:
            return "taken this epoch"
        return f"{prep} {place[zone]}"
    place_el = {
        Zone.DOMAIN: ("τον", f"Τομέα {mine}"), Zone.ELYSIUM: ("τα", f"Ηλύσιά {mine}"),
        Zone.THIS_LEGEND: ("τον", "Θρύλο αυτό"), Zone.ORACLE: ("το", "Μαντείο"),
        Zone.AGORA: ("την", "Αγορά"), Zone.DISCARD_PILE: ("τη", "στοίβα ξεσκαρταρίσματος"),
        Zone.DRAW_PILE: ("τη", "στοίβα τραβήγματος")}
    if zone is Zone.TRANSFERRED:
        return "που μεταφέρθηκαν σε αυτή τη Φάση"
    if zone is Zone.ACQUIRED:
        return "που αποκτήθηκαν σε αυτή την Εποχή"
    article, noun = place_el[zone]
    if prep == "in":
        return f"σ{article} {noun}"
    return f"{'από' if prep == 'from' else 'σε'} {article} {noun}"


def _owner(c: Count, say: _Say) -> Subject:
    return "you" if c.whose is Whose.YOU else say.subj


def _noun(c: Count, say: _Say, plural: bool) -> str:
    """What a count counts, without a number: ``Hades cards in your domain``, ``gold``."""
    where = _zone(c.in_, _owner(c, say), say) if c.in_ else ""
    mine = say.mine(_owner(c, say))
    if c.of in RESOURCE_MEASURES:
        return _UNITS[say.lang][c.of.value]
    if c.of is Measure.CARDS:
        noun = _card_noun(c.spec, say, plural)
        if c.same:
            noun += (f" of any one {c.same}" if say.en else
                     " της ίδιας Οικογένειας" if c.same == "family" else " του ίδιου Επιπέδου")
    elif say.en:
        noun = {Measure.FAMILIES: "different families" if plural else "different family",
                Measure.LEVELS: "different levels" if plural else "different level",
                Measure.LEGENDS: "legends" if plural else "legend",
                Measure.COMPLETE_LEGENDS: "completed legends" if plural else "completed legend",
                }[c.of]
        where = where or f"in {mine} Elysium"
    else:
        noun = {Measure.FAMILIES: "διαφορετικές Οικογένειες" if plural
                else "διαφορετική Οικογένεια",
                Measure.LEVELS: "διαφορετικά Επίπεδα" if plural else "διαφορετικό Επίπεδο",
                Measure.LEGENDS: "Θρύλους" if plural else "Θρύλο",
                Measure.COMPLETE_LEGENDS: "ολοκληρωμένους Θρύλους" if plural
                else "ολοκληρωμένο Θρύλο"}[c.of]
        where = where or f"στα Ηλύσιά {mine}"
    return f"{noun} {where}"


def _per(c: Count, say: _Say) -> str:
    """``per Hades card in your domain``, ``per set of 2 cards in your Elysium``."""
    if c.of in RESOURCE_MEASURES:
        unit = f"{c.every} " * (c.every > 1) + _UNITS[say.lang][c.of.value]
        have = say.to(_owner(c, say)).verb("have")
        if say.en:
            return f"per {unit} {'you' if _owner(c, say) == 'you' else 'they'} {have}"
        return f"για κάθε {unit} που {have}"
    if c.every > 1:
        if say.en:
            return f"per set of {c.every} {_noun(c, say, plural=True)}"
        noun = _noun(c, say, plural=True).replace("κάρτες", "καρτών", 1)
        return f"για κάθε σετ {c.every} {noun}"
    return f"{'per' if say.en else 'για κάθε'} {_noun(c, say, plural=False)}"


def _how_many(n: int, c: Count, say: _Say) -> str:
    """A number of counted things: ``2 cards transferred this phase``, ``3 gold``."""
    if c.of in RESOURCE_MEASURES:
        return _amount(Amount(**{c.of.value: n}), say)
    return f"{n} {_noun(c, say, plural=n > 1)}"


def _cond(c: Cond, say: _Say, style: Literal["if", "with"]) -> str:
    """A condition as "if you have …" (``if``) or "with …" (``with``, after "the other players")."""
    en = say.en
    if isinstance(c, AtLeast):
        if (style == "if" and c.count.in_ is Zone.TRANSFERRED and c.count.of is Measure.CARDS
                and c.count.every == 1):
            what = _cards(c.count.spec, c.at_least, say)
            if en:
                return f"if {_pronoun(say)} {say.verb('transfer')} at least {what}"
            return f"αν {say.verb('transfer')} τουλάχιστον {what}"
        body = f"{'at least' if en else 'τουλάχιστον'} {_how_many(c.at_least, c.count, say)}"
    elif isinstance(c, NoneOf):
        noun = _noun(c.none, say, plural=en)
        none_el = "κανέναν" if c.none.citizen else "καμία" if c.none.of is Measure.CARDS \
            else "κανένα"
        body = f"no {noun}" if en else f"{none_el} {noun}"
    elif isinstance(c, Most):
        body = (f"the most {_noun(c.most, say, plural=True)}" if en
                else f"τα περισσότερα {_noun(c.most, say, plural=True)}")
    elif isinstance(c, AsManyAs):
        first, second = _noun(c.have, say, True), _noun(c.as_many_as, say, True)
        body = f"as many {first} as {second}" if en else f"τόσες {first} όσες {second}"
    else:
        body = (f"another Eleusis card in {say.mine()} domain" if en
                else f"άλλη κάρτα Ελευσίνας στον Τομέα {say.mine()}")
    if style == "with":
        return f"with {body}" if en else f"με {body}"
    if en:
        return f"if {_pronoun(say)} {say.verb('have')} {body}"
    return f"αν {say.verb('have')} {body}"


def _pronoun(say: _Say) -> str:
    return "you" if say.subj == "you" else "they"


def _transfer(spec: TransferSpec, say: _Say, per: str = "") -> str:
    """``transfer 1 card [per …] (paying its level in gold)``."""
    text = f"{say.verb('transfer')} {_cards(spec.card, spec.count, say, spec.extra)}"
    text += f" {per}" if per else ""
    if say.en:
        its = "their" if spec.count > 1 else "its"
        return text + {Cost.NORMAL: f" (paying {its} level in gold)", Cost.FREE: " for free",
                       Cost.PLUS_ONE: f" for 1 gold more than {its} level"}[spec.cost]
    return text + {Cost.NORMAL: " (η μεταφορά δεν είναι δωρεάν)", Cost.FREE: " δωρεάν",
                   Cost.PLUS_ONE: " με κόστος αυξημένο κατά 1"}[spec.cost]


def _clause(node: Power, say: _Say) -> str:
    """One power as a clause with no subject in front (imperative when the subject is "you")."""
    en = say.en
    if isinstance(node, tuple):
        return (", then " if en else ", έπειτα ").join(_clause(n, say) for n in node)
    if isinstance(node, (Gain, Pay, Lose)):
        return f"{say.verb(node.key)} {_amount(getattr(node, node.key), say)}"
    if isinstance(node, Transfer):
        return _transfer(node.transfer, say)
    if isinstance(node, TakeCitizen):
        return f"{say.verb('take')} {_cards(CardSpec(citizen=True), node.take_citizen, say)}"
    if isinstance(node, Draw):
        cards, many = _cards(ANY, node.draw, say), node.draw > 1
        if en:
            return f"{say.verb('draw')} {cards} and {say.verb('put')} {'them' if many else 'it'} " \
                   f"face up in {say.mine()} domain"
        return f"{say.verb('draw')} {cards} και {'τις' if many else 'την'} {say.verb('take')} " \
               f"{'ανοιχτές' if many else 'ανοιχτή'} στον Τομέα {say.mine()}"
    if isinstance(node, Take):
        spec = node.take
        cards = _cards(spec.card, spec.count, say)
        return f"{say.verb('take')} {cards} {_zone(spec.from_, say.subj, say, 'from')}"
    if isinstance(node, Discard):
        spec = node.discard
        cards = _cards(spec.card, spec.count, say)
        return f"{say.verb('discard')} {cards} {_zone(spec.from_, say.subj, say, 'from')}"
    if isinstance(node, Exchange):
        spec = node.exchange
        mine = f"{_cards(spec.card, 1, say)} {_zone(spec.from_, say.subj, say)}"
        other = f"1 {'card' if en else 'κάρτα'} {_zone(spec.with_, say.subj, say)}"
        return f"{say.verb('exchange')} {mine} {'for' if en else 'με'} {other}"
    if isinstance(node, AddCard):
        spec = node.add_card
        cards, where = _cards(ANY, spec.count, say), _zone(spec.to, say.subj, say, "to")
        if en:
            return f"{say.verb('add')} {cards} from the draw pile {where}"
        return f"{say.verb('add')} {cards} από τη στοίβα τραβήγματος {where}"
    if isinstance(node, UsePower):
        spec = node.use_power
        where = _zone(spec.in_, say.subj, say)
        if en:
            kind = TIMING_NAMES["en"][spec.timing] + " " if spec.timing else ""
            return f"{say.verb('use')} the {kind}power of another " \
                   f"{_card_noun(spec.card, say)} {where}"
        kind = f" ({TIMING_NAMES['el'][spec.timing]})" if spec.timing else ""
        card = _card_noun(spec.card, say).replace("κάρτα", "κάρτας", 1)
        return f"{say.verb('use')} τη δύναμη{kind} μιας άλλης {card} {where}"
    if isinstance(node, Nothing):
        return "nothing happens" if en else "κανένα αποτέλεσμα"
    if isinstance(node, Same):
        return f"{say.verb('do')} the same" if en else f"{say.verb('do')} το ίδιο"
    if isinstance(node, ChooseOne):
        option = say.to(say.subj, bare=en)
        options = (", or " if en else " ή ").join(_clause(o, option) for o in node.choose_one)
        return f"{say.verb('choose')} one: {options}" if en else \
            f"{say.verb('choose')} ένα από τα εξής: {options}"
    if isinstance(node, May):
        inner = _clause(node.may, say.to(say.subj, bare=True))
        if en:
            return f"{'you ' if say.subj == 'you' else ''}may {inner}"
        return f"{_VERBS_EL['may'][_SUBJ[say.subj]]} να {inner}"
    if isinstance(node, Others):
        return _others(node, say)
    if isinstance(node, OthersMay):
        spec = node.others_may
        what = _clause(spec.do, say.to("they", bare=True))
        cost = ""
        if spec.cost is not None:
            cost = f" {'for' if en else 'για'} {_amount(spec.cost, say)}"
        if en:
            return f"the other players may {what}{cost}"
        return f"οι υπόλοιποι παίκτες μπορούν να {what}{cost}"
    if isinstance(node, If):
        text = f"{_cond(node.if_, say, 'if')}, {_clause(node.then, say)}"
        if node.else_ is not None:
            text += f"; {'otherwise' if en else 'αλλιώς'} {_clause(node.else_, say)}"
        return text
    if isinstance(node, Per):
        if isinstance(node.do, Transfer):
            return _transfer(node.do.transfer, say, _per(node.per, say))
        return f"{_clause(node.do, say)} {_per(node.per, say)}"
    if isinstance(node, When):
        spec = node.when
        verbs = (" or " if en else " ή ").join(say.verb(e.value) for e in spec.events)
        card = _card_noun(spec.card, say)
        if en:
            return f"whenever {_pronoun(say)} {verbs} {_a(card)}, {_clause(node.do, say)}"
        return f"όταν {verbs} μια {card}, {_clause(node.do, say)}"
    if isinstance(node, PlayerWithMost):
        one = say.to("one")
        what = _noun(node.player_with_most, say, plural=True)
        if en:
            return f"the player with the most {what} {_clause(node.do, one)}"
        return f"ο παίκτης με τα περισσότερα {what} {_clause(node.do, one)}"
    raise TypeError(f"not a power node: {node!r}")


def _others(node: Others, say: _Say) -> str:
    they = say.to("they")
    inner = node.others
    who = "the other players" if say.en else "οι υπόλοιποι παίκτες"
    if isinstance(inner, If) and inner.else_ is None:
        return f"{who} {_cond(inner.if_, they, 'with')} {_clause(inner.then, they)}"
    return f"{who} {_clause(inner, they)}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def render_power(power: Power, lang: Lang = "en") -> str:
    """A power as readable text: one sentence per step of a top-level list.

    >>> from mythlab.elysium.powers import parse_power
    >>> render_power(parse_power([{"gain": {"gold": 3}}, {"others": {"gain": {"gold": 1}}}]))
    'Gain 3 gold. The other players gain 1 gold.'
    >>> render_power(parse_power({"transfer": {"card": "citizen", "cost": "free"}}), "el")
    'Μεταφέρετε 1 Πολίτη δωρεάν.'
    """
    say = _Say(lang)
    steps = power if isinstance(power, tuple) else (power,)
    return " ".join(_sentence(_clause(step, say)) for step in steps)


def render_timing(timing: Timing, lang: Lang = "en", eleusis: bool = False,
                  best_in: str | None = None) -> str:
    """The timing label: ``Activate (Eleusis)``, ``Chronos (best in a level legend)``."""
    label = TIMING_NAMES[lang][timing]
    if eleusis:
        label += " (Eleusis)" if lang == "en" else " (Ελευσίνια)"
    if best_in:
        if lang == "en":
            label += f" (best in a {best_in} legend)"
        else:
            label += " (=, σε Θρύλο Οικογένειας)" if best_in == "family" else \
                " (≠, σε Θρύλο Επιπέδου)"
    return label



def describe(effect: Effect, names: Mapping[int, str] | None = None) -> str:
    """One effect as a short English line, e.g. ``player 1 gains 2 VP``."""
    who = (names or {}).get(effect.player, f"player {effect.player}")
    say = _Say("en", "one")
    if isinstance(effect, ResourceEffect):
        return f"{who} {say.verb(effect.kind)} {_amount(effect.amount, say)}"
    if isinstance(effect, CardEffect):
        node = _card_node(effect)
        return f"{who} {_clause(node, say)}" if node is not None else f"{who} {effect.kind}"
    if isinstance(effect, Choice):
        options = " | ".join("; ".join(describe(e, names).removeprefix(who + " ") for e in o)
                             for o in effect.options)
        return f"{who} chooses one: {options}"
    if isinstance(effect, MayDo):
        steps = "; ".join(describe(e, names).removeprefix(who + " ") for e in effect.effects)
        return f"{who} may: {steps}"
    return who


def describe_option(effect: Effect, names: Mapping[int, str] | None = None) -> str:
    """One effect as a choice its player makes, in the imperative: ``gain 1 gold``."""
    who = (names or {}).get(effect.player, f"player {effect.player}")
    verb, _, rest = describe(effect, names).removeprefix(who + " ").partition(" ")
    return f"{_IMPERATIVE_EN.get(verb, verb)} {rest}".strip()


_IMPERATIVE_EN = {v: k for k, v in _VERBS_EN.items()}


def _card_node(effect: CardEffect) -> Power | None:
    if effect.kind in ("transfer", "discard", "take", "add_card") and effect.spec is not None:
        spec = effect.spec.model_copy(update={"count": effect.count})
        return NODE_KEYS[effect.kind].model_validate({effect.kind: spec})
    if effect.kind in ("take_citizen", "draw"):
        return NODE_KEYS[effect.kind].model_validate({effect.kind: effect.count})
    if effect.kind in ("exchange", "use_power") and effect.spec is not None:
        return NODE_KEYS[effect.kind].model_validate({effect.kind: effect.spec})
    return None

