"""Elysium card powers as a small declarative language built from the rulebook's symbol glossary.

A power is data: nested mappings in a card file (``data/cards-*.yaml``), one mapping per
glossary symbol, e.g. ``{gain: {gold: 2}}`` or
``{per: {family: hades, in: domain}, gain: {vp: 1}}``; a list is a sequence ("then").
This package turns that data into typed, frozen pydantic nodes (:func:`parse_power`), back
into canonical data (:func:`to_data`), into English or Greek text (:func:`render_power`)
and, given a small view of the game (:class:`PowerContext`), into the concrete effects a
rules engine applies (:func:`evaluate`). ``docs/elysium-power-language.md`` is the reference;
:data:`GLOSSARY` ties every symbol of the glossary (Elysium rulebook, Greek edition, p.12) to
its node.

Everything is imported from here; the modules behind this face are private and split by
concern: ``_model`` (the types), ``_parse`` (reading and checking), ``_render`` (text),
``_evaluate`` (effects) and ``_glossary``.

>>> p = parse_power({"per": {"family": "hades", "in": "domain"}, "gain": {"vp": 1}})
>>> render_power(p)
'Gain 1 VP per Hades card in your domain.'
>>> to_data(p)
{'per': {'family': 'hades', 'in': 'domain'}, 'gain': {'vp': 1}}
"""

from ._evaluate import (
    PowerContext,
    SimpleContext,
    count,
    eleusis_partner,
    evaluate,
    holds,
    others_of,
    players_with_most,
)
from ._glossary import (
    GLOSSARY,
    Symbol,
)
from ._model import (
    ANY,
    CARD_MEASURES,
    CONDITION_KEYS,
    CONDITIONS,
    NODE_KEYS,
    NODES,
    RESOURCE_MEASURES,
    AddCard,
    AddCardSpec,
    Amount,
    AsManyAs,
    AtLeast,
    CardEffect,
    CardFacts,
    CardSpec,
    Choice,
    ChooseOne,
    Colour,
    Cond,
    Condition,
    Cost,
    Count,
    Discard,
    DiscardSpec,
    Draw,
    Effect,
    EleusisCond,
    EventKind,
    Exchange,
    ExchangeSpec,
    Family,
    Gain,
    If,
    Legend,
    Lose,
    May,
    MayDo,
    Measure,
    Most,
    Node,
    NoneOf,
    Nothing,
    Others,
    OthersMay,
    OthersMaySpec,
    Pay,
    Per,
    PlayerWithMost,
    Power,
    PowerEvent,
    ResourceEffect,
    Same,
    Take,
    TakeCitizen,
    TakeSpec,
    Timing,
    Transfer,
    TransferSpec,
    UsePower,
    UsePowerSpec,
    When,
    WhenSpec,
    Whose,
    Zone,
)
from ._parse import (
    PowerError,
    check_power,
    children,
    error_message,
    error_path,
    parse_power,
    reads_zone,
    to_data,
    walk,
)
from ._render import (
    FAMILY_NAMES,
    TIMING_NAMES,
    TIMING_RULES,
    Lang,
    Subject,
    describe,
    describe_option,
    render_power,
    render_timing,
)

__all__ = [
    "ANY", "AddCard", "AddCardSpec", "Amount", "AsManyAs", "AtLeast", "CARD_MEASURES",
    "CONDITIONS", "CONDITION_KEYS", "CardEffect", "CardFacts", "CardSpec", "Choice", "ChooseOne",
    "Colour", "Cond", "Condition", "Cost", "Count", "Discard", "DiscardSpec", "Draw", "Effect",
    "EleusisCond", "EventKind", "Exchange", "ExchangeSpec", "FAMILY_NAMES", "Family", "GLOSSARY",
    "Gain", "If", "Lang", "Legend", "Lose", "May", "MayDo", "Measure", "Most", "NODES",
    "NODE_KEYS", "Node", "NoneOf", "Nothing", "Others", "OthersMay", "OthersMaySpec", "Pay", "Per",
    "PlayerWithMost", "Power", "PowerContext", "PowerError", "PowerEvent", "RESOURCE_MEASURES",
    "ResourceEffect", "Same", "SimpleContext", "Subject", "Symbol", "TIMING_NAMES", "TIMING_RULES",
    "Take", "TakeCitizen", "TakeSpec", "Timing", "Transfer", "TransferSpec", "UsePower",
    "UsePowerSpec", "When", "WhenSpec", "Whose", "Zone", "check_power", "children", "count",
    "describe", "describe_option", "eleusis_partner", "error_message", "error_path", "evaluate",
    "holds", "others_of", "parse_power", "players_with_most", "reads_zone", "render_power",
    "render_timing", "to_data", "walk",
]
