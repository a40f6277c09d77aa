"""Elysium card powers (issue §2): the rulebook's cards as data, their text, and clear errors.

Rules named in tests refer to the Elysium rulebook, Greek edition: p.7 power timings and the
Eleusis rule, p.12 symbol glossary and "a card can be affected by its own power", p.13 the
Hades guide, p.14 the Athena guide (cut off at Oath of Hospitality).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

import mythlab
from mythlab.elysium import (
    GLOSSARY,
    CardFacts,
    Legend,
    PowerError,
    PowerEvent,
    SimpleContext,
    builtin_cards,
    evaluate_card,
    load_cards,
    load_family,
    parse_power,
    render,
    render_condition,
    render_power,
    to_data,
    why_unusable,
)
from mythlab.elysium.powers import (
    Amount,
    CardEffect,
    CardSpec,
    Choice,
    Cost,
    Count,
    EventKind,
    MayDo,
    ResourceEffect,
    Timing,
    Zone,
    describe,
    evaluate,
    walk,
)
from mythlab.engine.datafiles import game_data

HADES = ["charon", "charons-obol", "gathering", "posthumous-hero", "initiation", "cerberus",
         "god-of-the-dead", "tartarus", "temple-of-hades", "horn-of-plenty",
         "judges-of-the-underworld", "cap-of-invisibility", "persephone"]
ATHENA = ["naval-power", "democracy", "gathering", "meditation", "temple-of-athena",
          "panathenaic-games", "aegis", "divine-law", "embassy", "trade-agreement",
          "goddess-of-wisdom", "initiation", "oath-of-hospitality"]


@pytest.fixture(scope="module")
def book():
    return builtin_cards()


# --- the rulebook's cards ---------------------------------------------------------------------


def test_every_card_of_the_seed_guide_is_encoded_in_order(book):
    """p.13 names 13 Hades cards; p.14 describes 13 Athena cards up to Oath of Hospitality."""
    assert [c.id for c in book.family("hades").cards] == HADES
    assert [c.id for c in book.family("athena").cards] == ATHENA
    assert len(book) == 26


def test_level_2_three_copies_reads_as_level_and_copies(book):
    """ "Επίπεδο 2, 3 φορές" after Cap of Invisibility and Naval Power: level 2, three copies."""
    for key in ("hades.cap-of-invisibility", "athena.naval-power"):
        card = book[key]
        assert (card.level, card.copies) == (2, 3)
        assert card.provenance.level == card.provenance.copies == "seed"
    assert book.family("hades").copies == book.family("athena").copies == 15


def test_what_the_seed_omits_is_flagged_mythlab(book):
    for card in book:
        assert card.provenance.power == card.provenance.timing == "seed"
        assert "condition" in card.provenance.mythlab()          # no condition is in the rulebook
        if card.copies == 1:
            assert card.provenance.copies == "mythlab"
    # levels read from "in a Level 1 legend" (Gathering, Temples) stay seed
    for key in ("hades.gathering", "athena.gathering", "hades.temple-of-hades",
                "athena.temple-of-athena"):
        assert book[key].level == 1 and book[key].provenance.level == "seed"
    assert book["hades.temple-of-hades"].provenance.name_en == "mythlab"   # Greek name only
    assert book["hades.cerberus"].provenance.level == "mythlab"


def test_the_cut_off_text_is_marked_missing(book):
    """The Athena guide stops in Oath of Hospitality: marked, and nothing invented after it."""
    oath = book["athena.oath-of-hospitality"]
    assert oath.missing and "Αν η κάρτα που" in oath.missing[0]
    assert oath.seed_text.endswith("Αν η κάρτα που")
    athena = book.family("athena")
    assert athena.cards[-1] is oath
    assert any("cut off" in m for m in athena.header.missing)
    assert book.family("hades").header.missing      # 15 of 21: says what is missing


RENDERED = {
    "hades.charon": "Legend: If you transfer at least 2 cards, gain 2 VP.",
    "hades.charons-obol": "Instant: Gain 1 gold. You may transfer 1 card (paying its level in "
                          "gold).",
    "hades.gathering": "Chronos (best in a level legend): Gain 1 VP per different family in "
                       "this legend.",
    "hades.posthumous-hero": "Activate: Transfer 1 Citizen for free.",
    "hades.initiation": "Activate (Eleusis): Transfer 1 card (paying its level in gold).",
    "hades.cerberus": "Activate: Discard 1 card from your domain. Transfer 1 card (paying its "
                      "level in gold).",
    "hades.god-of-the-dead": "Permanent: Whenever you take or transfer a Hades card, gain 1 VP.",
    "hades.tartarus": "Chronos: Gain 1 VP per set of 2 cards in your Elysium.",
    "hades.temple-of-hades": "Chronos (best in a family legend): Gain 1 VP per Hades card in "
                             "this legend.",
    "hades.horn-of-plenty": "Permanent: Whenever you take or transfer a Hades card, gain 1 gold.",
    "hades.judges-of-the-underworld": "Trigger: Transfer 1 card per Hades card in your domain "
                                      "(paying its level in gold).",
    "hades.cap-of-invisibility": "Legend: You may transfer 1 extra card (paying its level in "
                                 "gold).",
    "hades.persephone": "Trigger: Transfer 1 card for free.",
    "athena.naval-power": "Activate: Gain 1 gold and 1 VP. The other players choose one: gain 1 "
                          "gold, or gain 1 VP.",
    "athena.democracy": "Trigger: Take 1 Citizen. The other players may do the same for 1 gold.",
    "athena.gathering": "Chronos (best in a level legend): Gain 1 VP per different family in "
                        "this legend.",
    "athena.meditation": "Chronos: Gain 3 VP per completed legend in your Elysium.",
    "athena.temple-of-athena": "Chronos (best in a family legend): Gain 1 VP per Athena card in "
                               "this legend.",
    "athena.panathenaic-games": "Instant: You may transfer 1 card (paying its level in gold). The "
                                "other players may transfer 1 card for 1 gold more than its "
                                "level.",
    "athena.aegis": "Permanent: Whenever you take or transfer an Athena card, gain 1 gold.",
    "athena.divine-law": "Trigger: Draw 1 card and put it face up in your domain. You may "
                         "transfer 1 card (paying its level in gold). The other players choose "
                         "one: draw 1 card and put it face up in their domain, or transfer 1 "
                         "card (paying its level in gold).",
    "athena.embassy": "Trigger: Gain 1 gold and 1 VP per Athena card in your domain. The other "
                      "players choose one: gain 1 gold per Athena card in your domain, or gain 1 "
                      "VP per Athena card in your domain.",
    "athena.trade-agreement": "Instant: Gain 3 gold. The other players gain 1 gold.",
    "athena.goddess-of-wisdom": "Permanent: Whenever you take or transfer an Athena card, gain 1 "
                                "VP.",
    "athena.initiation": "Activate (Eleusis): Gain 2 gold. The other players with at least 1 "
                         "Eleusis card in their domain gain 1 gold.",
    "athena.oath-of-hospitality": "Activate: Discard 1 card from your domain. Draw 1 card and put "
                                  "it face up in your domain. The other players may do the same "
                                  "for 1 gold.",
}


@pytest.mark.parametrize("key", sorted(RENDERED))
def test_every_seed_card_renders_to_its_english_text(book, key):
    assert render(book[key]) == RENDERED[key]


def test_rendered_text_is_clean_in_both_languages(book):
    for card in book:
        for lang in ("en", "el"):
            text = render(card, lang)
            assert text.endswith(".") and not re.search(r"None|[{}\[\]_]|  ", text), text


@pytest.mark.parametrize("key,phrases", [
    ("hades.charon", ["Θρύλος:", "Αν μεταφέρετε τουλάχιστον 2 κάρτες", "κερδίζετε 2 ΠΝ"]),
    ("hades.posthumous-hero", ["Ενεργοποίηση:", "Μεταφέρετε 1 Πολίτη δωρεάν"]),
    ("hades.tartarus", ["για κάθε σετ 2 καρτών στα Ηλύσιά σας"]),
    ("hades.god-of-the-dead", ["Όταν παίρνετε ή μεταφέρετε μια κάρτα Άδη, κερδίζετε 1 ΠΝ"]),
    ("athena.initiation", ["(Ελευσίνια)", "Οι υπόλοιποι παίκτες με τουλάχιστον 1 κάρτα "
                           "Ελευσίνας στον Τομέα τους κερδίζουν 1 Χρυσό"]),
    ("athena.democracy", ["Οι υπόλοιποι παίκτες μπορούν να κάνουν το ίδιο για 1 Χρυσό"]),
])
def test_greek_text_uses_the_guides_words(book, key, phrases):
    text = render(book[key], "el")
    for phrase in phrases:
        assert phrase in text
    assert book[key].seed_text


def test_conditions_render_as_columns(book):
    assert render_condition(book["hades.charon"]) == "a red column and one more of any colour"
    assert render_condition(book["athena.oath-of-hospitality"]) == "a column of any colour"
    assert render_condition(book["hades.cerberus"]) == "a red column and a blue column"


# --- round trip -------------------------------------------------------------------------------


@pytest.mark.parametrize("family", ["hades", "athena"])
def test_cards_round_trip_to_the_file_as_written(family):
    path = game_data("mythlab.elysium", f"cards-{family}.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    cards = load_family(path).cards
    for entry, card in zip(raw["cards"], cards, strict=True):
        assert card.to_data() == entry
        assert to_data(card.power) == entry["power"]
        assert parse_power(to_data(card.power), card.timing) == card.power


def test_a_dumped_book_reloads_identically(tmp_path, book):
    for fam in book.families:
        raw = yaml.safe_load(Path(fam.file).read_text(encoding="utf-8"))
        raw["cards"] = [c.to_data() for c in fam.cards]
        (tmp_path / f"cards-{fam.family}.yaml").write_text(
            yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    again = load_cards(sorted(tmp_path.glob("cards-*.yaml")))
    assert [c for c in again] == [c for c in book]


def test_shorthands_and_long_forms_mean_the_same():
    assert parse_power({"transfer": 1}) == parse_power({"transfer": {"count": 1}})
    assert parse_power({"per": {"in": "domain"}, "gain": {"vp": 1}}) == parse_power(
        {"per": {"in": "domain"}, "do": {"gain": {"vp": 1}}})
    assert parse_power({"transfer": {"card": "citizen"}}) == parse_power(
        {"transfer": {"card": {"citizen": True}}})
    for nested in (  # a modifier inside a modifier keeps its explicit ``do``
            {"per": {"in": "domain"}, "do": {"per": {"in": "elysium"}, "gain": {"vp": 1}}},
            {"when": {"events": ["take"]}, "do": {"per": {"in": "domain"}, "gain": {"vp": 1}}},
            {"per": {"in": "domain"}, "do": [{"gain": {"vp": 1}}, {"draw": 1}]}):
        power = parse_power(nested)
        assert to_data(power) == nested and parse_power(to_data(power)) == power


def test_every_glossary_symbol_has_a_way_to_be_written():
    """p.12: the glossary is the vocabulary; each symbol parses in the language."""
    for symbol in GLOSSARY:
        raw = yaml.safe_load(symbol.writes)
        if symbol.kind == "power":
            power = parse_power(raw)
            assert to_data(power) == raw and render_power(power)
        elif symbol.kind == "condition":
            assert render_power(parse_power({"if": raw, "then": "nothing"}))
        elif symbol.kind == "count":
            parse_power({"per": raw, "gain": {"vp": 1}}, "chronos")
        elif symbol.kind == "card":
            CardSpec.model_validate(raw)
        elif symbol.kind == "timing":
            Timing(raw)
        else:
            assert symbol.writes.split(":")[0] in ("condition", "best_in", "eleusis")


def test_the_docs_describe_every_node_and_timing():
    from mythlab.elysium.powers import CONDITIONS, NODES
    doc = (Path(__file__).resolve().parent.parent / "docs" / "elysium-power-language.md")
    text = doc.read_text(encoding="utf-8")
    for name in [n.key for n in NODES] + [c.key for c in CONDITIONS] + [t.value for t in Timing]:
        assert f"`{name}`" in text, name


# --- bad input --------------------------------------------------------------------------------


def _write(tmp_path, mutate, family="hades"):
    path = game_data("mythlab.elysium", f"cards-{family}.yaml")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutate(raw)
    path = tmp_path / f"my-{family}.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def _card(raw, card_id):
    return next(c for c in raw["cards"] if c["id"] == card_id)


def _set(card_id, **changes):
    return lambda raw: _card(raw, card_id).update(changes)


BAD = [
    # unknown symbols, anywhere in the expression
    ("athena", _set("naval-power", power=[{"gain": {"gold": 1}}, {"others": {"choose_one": [
        {"gain": {"silver": 1}}, {"gain": {"vp": 1}}]}}]),
     "naval-power", "power[1].others.choose_one[0].gain.silver", "unknown symbol 'silver'"),
    ("hades", _set("persephone", power={"steal": 1}), "persephone", "power", "unknown symbol"),
    ("hades", _set("tartarus", power={"per": {"in": "elysium", "every": 2}, "gian": {"vp": 1}}),
     "tartarus", "power", "unknown symbol 'gian'"),
    ("hades", _set("charon", power={"if": {"fewer_than": 2}, "then": {"gain": {"vp": 2}}}),
     "charon", "power.if", "unknown condition"),
    ("hades", _set("persephone", power={"gain": {"gold": 1}, "transfer": 1}), "persephone",
     "power", "one mapping holds gain and transfer"),
    ("hades", _set("persephone", power={"transfer": {"cost": "cheap"}}), "persephone",
     "power.transfer.cost", "unknown value 'cheap'"),
    ("hades", _set("judges-of-the-underworld", power={"per": {"family": "hera", "in": "domain"},
                                                      "transfer": 1}),
     "judges-of-the-underworld", "power.per.family", "unknown value 'hera'"),
    ("hades", _set("judges-of-the-underworld", power={"per": {"family": "hades"},
                                                      "transfer": 1}),
     "judges-of-the-underworld", "power.per", "needs 'in'"),
    ("hades", _set("charons-obol", power=[{"gain": {"gold": 0}}]), "charons-obol",
     "power[0].gain", "needs gold, vp or pp"),
    ("athena", _set("naval-power", power={"choose_one": [{"gain": {"gold": 1}}]}),
     "naval-power", "power.choose_one", "at least 2"),
    # a power that does not fit its timing or its place
    ("hades", _set("god-of-the-dead", timing="activate"), "god-of-the-dead", "power.when",
     "permanent"),
    ("hades", _set("temple-of-hades", timing="legend", best_in=None), "temple-of-hades",
     "power.per.in", "chronos"),
    ("hades", _set("charon", power={"if": {"at_least": 2, "count": {"in": "domain",
                                                                    "whose": "them"}},
                                    "then": {"gain": {"vp": 2}}}),
     "charon", "power.if.count.whose", "inside 'others'"),
    ("athena", _set("democracy", power=[{"others_may": {"do": "same"}}]), "democracy",
     "power[0].others_may.do", "'same'"),
    ("athena", _set("democracy", power={"others": {"others": {"gain": {"gold": 1}}}}),
     "democracy", "power.others", "inside 'others'"),
    # the other fields of a card
    ("hades", _set("cerberus", timing="sometimes"), "cerberus", "timing",
     "unknown value 'sometimes'"),
    ("hades", _set("cerberus", condition=["purple"]), "cerberus", "condition[0]",
     "unknown value 'purple'"),
    ("hades", _set("cerberus", condition=["red", "blue", "green"]), "cerberus", "condition",
     "at most 2"),
    ("hades", _set("cerberus", level=4), "cerberus", "level", "less than or equal to 3"),
    ("hades", _set("cerberus", colour="red"), "cerberus", "colour", "unknown symbol"),
    ("hades", _set("cerberus", best_in="family"), "cerberus", "best_in", "chronos"),
    ("hades", _set("cerberus", family="athena"), "cerberus", "family", "holds hades cards"),
    ("hades", _set("cerberus", id="charon"), "charon", "id", "two cards share this id"),
    ("hades", _set("cerberus", power=None), "cerberus", "power", "unknown symbol"),
    # the family file itself
    ("hades", lambda raw: raw.update(format="something"), None, "format", "mythlab-elysium"),
    ("hades", lambda raw: raw.update(cards={}), None, "cards", "non-empty list"),
    ("hades", lambda raw: raw.update(family="hera"), None, "family", "unknown value 'hera'"),
    ("hades", lambda raw: raw.update(source={"page": 13}), None, "source.file", "missing"),
    ("hades", lambda raw: raw.update(missing=[]), None, "missing", "15 of 21"),
    ("hades", lambda raw: raw.update(cards_in_family=10), None, "cards", "more than"),
]


@pytest.mark.parametrize("family,mutate,card,field,problem", BAD,
                         ids=[f"{b[3]}-{b[4][:20]}" for b in BAD])
def test_bad_family_files_name_file_card_and_field(tmp_path, family, mutate, card, field,
                                                   problem):
    path = _write(tmp_path, mutate, family)
    with pytest.raises(mythlab.DataError) as err:
        load_family(path)
    message = str(err.value)
    assert path.name in message
    assert err.value.entry == card and err.value.field == field, message
    assert problem in message, message
    if card is not None:
        assert f"entry '{card}'" in message
    assert f"field '{field}'" in message


def test_not_yaml_and_not_a_mapping(tmp_path):
    broken = tmp_path / "cards-broken.yaml"
    broken.write_text("cards: [unclosed", encoding="utf-8")
    with pytest.raises(mythlab.DataError, match="cards-broken.yaml: not valid YAML"):
        load_family(broken)
    broken.write_text("- just a list", encoding="utf-8")
    with pytest.raises(mythlab.DataError, match="expected a mapping"):
        load_family(broken)


def test_the_same_family_twice_is_refused(tmp_path):
    path = game_data("mythlab.elysium", "cards-hades.yaml")
    copy_path = tmp_path / "cards-hades-again.yaml"
    copy_path.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(mythlab.DataError, match="hades is also in"):
        load_cards([path, copy_path])


def test_parse_power_errors_carry_the_path():
    with pytest.raises(PowerError) as err:
        parse_power([{"gain": {"gold": 1}}, {"may": {"transfer": {"count": 0}}}])
    assert err.value.path == "power[1].may.transfer.count"
    assert "greater than 0" in err.value.problem


# --- evaluation (pure function over a small fake context) ------------------------------------


def _ctx(book, owner=0, players=(0, 1, 2), card=None, **zones):
    """A fake game: ``domain={0: [keys]}`` etc.; ``c`` in a list is a Citizen."""
    def facts(key):
        return CardFacts(f"citizen-{id(key)}", citizen=True) if key == "c" else book[key].facts()
    by_zone = {Zone(z): {p: tuple(facts(k) for k in keys) for p, keys in per_player.items()}
               for z, per_player in zones.items() if z not in ("legend", "legends", "gold")}
    return SimpleContext(
        owner=owner, players=players, zones=by_zone,
        legend=zones.get("legend"), legends_of=zones.get("legends", {}),
        resources={p: {"gold": g} for p, g in zones.get("gold", {}).items()},
        this_card=book[card].facts() if card else None)


def test_judges_transfer_one_card_per_hades_card_counting_themselves(book):
    """p.13 Judges of the Underworld: each Hades card in your domain (themselves included)."""
    judges = book["hades.judges-of-the-underworld"]
    ctx = _ctx(book, card=judges.key, domain={0: [judges.key, "hades.cerberus", "hades.charon",
                                                  "athena.aegis", "c"],
                                              1: ["hades.persephone"]})
    (effect,) = evaluate_card(judges, ctx)
    assert isinstance(effect, CardEffect)
    assert (effect.player, effect.kind, effect.count) == (0, "transfer", 3)
    assert effect.spec.cost is Cost.NORMAL
    assert describe(effect) == "player 0 transfers 3 cards (paying their level in gold)"


def test_god_of_the_dead_is_affected_by_its_own_transfer_but_not_its_own_take(book):
    """p.13 + p.12: no VP for taking God of the Dead itself; 1 VP for transferring it."""
    god = book["hades.god-of-the-dead"]
    ctx = _ctx(book, card=god.key, domain={0: [god.key]})

    def on(kind, card, player=0):
        return evaluate_card(god, ctx, PowerEvent(EventKind(kind), player, book[card].facts()))

    assert on("take", god.key) == []
    assert on("transfer", god.key) == [ResourceEffect(0, "gain", _vp(1))]
    assert on("take", "hades.cerberus") == [ResourceEffect(0, "gain", _vp(1))]
    assert on("take", "athena.aegis") == []
    assert on("take", "hades.cerberus", player=1) == []          # only your own takes
    assert evaluate_card(god, ctx) == []                         # no event, nothing happens


def test_horn_of_plenty_gives_gold_on_the_same_events(book):
    horn = book["hades.horn-of-plenty"]
    ctx = _ctx(book, card=horn.key, domain={0: [horn.key]})
    event = PowerEvent(EventKind.TRANSFER, 0, book["hades.charon"].facts())
    assert [describe(e) for e in evaluate_card(horn, ctx, event)] == ["player 0 gains 1 gold"]


def test_tartarus_counts_sets_of_two_cards_in_the_elysium(book):
    """p.13 Tartarus: "if you have 9 cards in your Elysium, you gain 4 VP"."""
    tartarus = book["hades.tartarus"]
    nine = [f"hades.{c}" for c in HADES[:9]]
    ctx = _ctx(book, elysium={0: nine})
    assert evaluate_card(tartarus, ctx) == [ResourceEffect(0, "gain", _vp(4))]
    assert evaluate_card(tartarus, _ctx(book, elysium={0: nine[:1]})) == []


def test_charon_needs_two_transfers_this_phase(book):
    """p.13 Charon: at least 2 cards transferred in Phase III (Charon may be one of them)."""
    charon = book["hades.charon"]
    two = _ctx(book, card=charon.key, transferred={0: [charon.key, "hades.cerberus"]})
    one = _ctx(book, card=charon.key, transferred={0: ["hades.cerberus"]})
    assert evaluate_card(charon, two) == [ResourceEffect(0, "gain", _vp(2))]
    assert evaluate_card(charon, one) == []


def test_temple_and_gathering_score_by_their_legend(book):
    """p.13: Temple of Hades up to 3 VP in a family legend, 1 in a level-1 legend; Gathering up
    to 5 in a level-1 legend, never more than 1 in a family legend."""
    temple, gathering = book["hades.temple-of-hades"], book["hades.gathering"]
    family = Legend("family", tuple(book[k].facts() for k in (
        temple.key, "hades.charon", "hades.cerberus")))
    level = Legend("level", tuple(book[k].facts() for k in (
        temple.key, "athena.gathering", "athena.initiation", "athena.trade-agreement")))
    at = dict(owner=0, players=(0, 1))
    assert evaluate(temple.power, SimpleContext(**at, legend=family)) == [
        ResourceEffect(0, "gain", _vp(3))]
    assert evaluate(temple.power, SimpleContext(**at, legend=level)) == [
        ResourceEffect(0, "gain", _vp(1))]
    level1 = Legend("level", tuple(book[k].facts() for k in (
        gathering.key, "athena.trade-agreement", "athena.temple-of-athena")))
    assert evaluate(gathering.power, SimpleContext(**at, legend=level1)) == [
        ResourceEffect(0, "gain", _vp(2))]
    assert evaluate(gathering.power, SimpleContext(**at, legend=family)) == [
        ResourceEffect(0, "gain", _vp(1))]


def test_meditation_scores_complete_legends(book):
    """p.14: a complete family legend has 3 cards, a complete level legend 5."""
    facts = [book[k].facts() for k in ("hades.charon", "hades.cerberus", "hades.gathering")]
    legends = {0: [Legend("family", tuple(facts)), Legend("level", tuple(facts[:2]))]}
    ctx = SimpleContext(owner=0, players=(0, 1), legends_of=legends)
    assert evaluate_card(book["athena.meditation"], ctx) == [ResourceEffect(0, "gain", _vp(3))]


def test_simple_hades_powers(book):
    ctx = _ctx(book, domain={0: ["c"]})
    (hero,) = evaluate_card(book["hades.posthumous-hero"], ctx)
    assert hero.kind == "transfer" and hero.spec.card.citizen and hero.spec.cost is Cost.FREE
    (persephone,) = evaluate_card(book["hades.persephone"], ctx)
    assert persephone.spec.cost is Cost.FREE and not persephone.spec.card.citizen
    discard, transfer = evaluate_card(book["hades.cerberus"], ctx)
    assert (discard.kind, transfer.kind) == ("discard", "transfer")
    (cap,) = evaluate_card(book["hades.cap-of-invisibility"], ctx)
    assert isinstance(cap, MayDo) and cap.effects[0].spec.extra
    gold, maybe = evaluate_card(book["hades.charons-obol"], ctx)
    assert gold == ResourceEffect(0, "gain", _gold(1)) and isinstance(maybe, MayDo)


def test_an_eleusis_card_needs_another_eleusis_card(book):
    """p.7 Eleusis: usable only with at least one other Eleusis card in your domain."""
    initiation = book["hades.initiation"]
    alone = _ctx(book, card=initiation.key, domain={0: [initiation.key, "hades.cerberus"]})
    assert "Eleusis" in why_unusable(initiation, alone)
    assert evaluate_card(initiation, alone) == []
    paired = _ctx(book, card=initiation.key, domain={0: [initiation.key, "athena.initiation"]})
    assert why_unusable(initiation, paired) is None
    assert [e.kind for e in evaluate_card(initiation, paired)] == ["transfer"]


def test_athena_shares_with_the_other_players_in_turn_order(book):
    """p.14 Embassy: the others' gold or VP is counted in the activating player's domain."""
    embassy = book["athena.embassy"]
    ctx = _ctx(book, owner=1, card=embassy.key,
               domain={1: [embassy.key, "athena.aegis"], 2: ["athena.democracy"]})
    mine, first, second = evaluate_card(embassy, ctx)
    assert mine == ResourceEffect(1, "gain", Amount(gold=2, vp=2))
    assert (first.player, second.player) == (2, 0)          # turn order after the owner
    assert isinstance(first, Choice)
    assert first.options == ((ResourceEffect(2, "gain", _gold(2)),),
                             (ResourceEffect(2, "gain", _vp(2)),))


def test_others_may_do_the_same_for_a_cost(book):
    """p.14 Democracy and Oath of Hospitality: each other player may repeat it and pay 1 gold."""
    ctx = _ctx(book, owner=0, players=(0, 1))
    citizen, offer = evaluate_card(book["athena.democracy"], ctx)
    assert citizen.kind == "take_citizen" and isinstance(offer, MayDo)
    assert [describe(e) for e in offer.effects] == ["player 1 pays 1 gold",
                                                   "player 1 takes 1 Citizen"]
    *_, oath_offer = evaluate_card(book["athena.oath-of-hospitality"], ctx)
    assert [e.kind for e in oath_offer.effects] == ["pay", "discard", "draw"]
    *_, games = evaluate_card(book["athena.panathenaic-games"], ctx)
    assert games.effects[0].spec.cost is Cost.PLUS_ONE


def test_athena_initiation_pays_only_others_with_an_eleusis_card(book):
    init = book["athena.initiation"]
    ctx = _ctx(book, card=init.key, domain={0: [init.key, "hades.initiation"],
                                            1: ["hades.cerberus"], 2: ["hades.initiation"]})
    assert [describe(e) for e in evaluate_card(init, ctx)] == [
        "player 0 gains 2 gold", "player 2 gains 1 gold"]


def test_the_player_with_the_most(book):
    power = parse_power({"player_with_most": {"of": "gold"}, "gain": {"vp": 1}})
    rich = _ctx(book, gold={0: 3, 1: 5, 2: 5})
    assert [e.player for e in evaluate(power, rich)] == [1, 2]      # a tie: all tied players
    assert evaluate(power, _ctx(book, gold={0: 0, 1: 0})) == []      # nobody has any


def test_a_fake_context_is_enough_for_every_seed_power(book):
    """Every power of the rulebook's cards evaluates over an empty game: the context interface
    is sufficient."""
    empty = SimpleContext(owner=0, players=(0, 1, 2))
    for card in book:
        assert all(path.startswith("power") for path, _ in walk(card.power))
        assert isinstance(evaluate(card.power, empty), list)
    assert Count.model_validate({"of": "gold"}).spec == CardSpec()


def test_loaded_powers_are_immutable(book):
    card = book["hades.cerberus"]
    with pytest.raises(ValidationError):
        card.power[0].discard = None  # type: ignore[misc]
    assert copy.deepcopy(card) == card


def _vp(n):
    return Amount(vp=n)


def _gold(n):
    return Amount(gold=n)
