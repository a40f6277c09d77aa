"""Working powers out: given a view of the game (a ``PowerContext``), ``evaluate`` turns a power
into the concrete effects a rules engine applies, with every count and condition decided.
Pages cited are those of the Elysium rulebook, Greek edition."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ._model import (
    RESOURCE_MEASURES,
    AddCard,
    AsManyAs,
    AtLeast,
    CardEffect,
    CardFacts,
    Choice,
    ChooseOne,
    Cond,
    Count,
    Discard,
    Draw,
    Effect,
    EleusisCond,
    EventKind,
    Exchange,
    Gain,
    If,
    Legend,
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
    PowerEvent,
    ResourceEffect,
    Same,
    Take,
    TakeCitizen,
    Transfer,
    UsePower,
    When,
    WhenSpec,
    Whose,
    Zone,
)


class PowerContext(Protocol):
    """What :func:`evaluate` may ask of the game: the rules engine implements this."""

    @property
    def owner(self) -> int:
        """The player whose card's power is used."""
        ...

    @property
    def players(self) -> Sequence[int]:
        """All players in turn order."""
        ...

    @property
    def this_card(self) -> CardFacts | None:
        """The card whose power this is (for "another" card and self-triggers)."""
        ...

    def cards(self, player: int, zone: Zone) -> Sequence[CardFacts]:
        """A player's cards in a zone (shared zones ignore ``player``)."""
        ...

    def legends(self, player: int) -> Sequence[Legend]:
        """A player's legends (at final scoring: after single cards are removed)."""
        ...

    def this_legend(self) -> Legend | None:
        """The legend holding this card (Chronos powers)."""
        ...

    def resource(self, player: int, what: str) -> int:
        """A player's ``gold``, ``vp`` or ``pp``."""
        ...


@dataclass(frozen=True)
class SimpleContext:
    """A :class:`PowerContext` from plain dicts: for tests, notebooks and what-if questions."""

    owner: int
    players: tuple[int, ...]
    zones: Mapping[Zone, Mapping[int, Sequence[CardFacts]]] = field(default_factory=dict)
    shared: Mapping[Zone, Sequence[CardFacts]] = field(default_factory=dict)
    resources: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    legends_of: Mapping[int, Sequence[Legend]] = field(default_factory=dict)
    legend: Legend | None = None
    this_card: CardFacts | None = None

    def cards(self, player: int, zone: Zone) -> Sequence[CardFacts]:
        if zone is Zone.THIS_LEGEND:
            return self.legend.cards if self.legend else ()
        if zone in self.shared:
            return self.shared[zone]
        return self.zones.get(zone, {}).get(player, ())

    def legends(self, player: int) -> Sequence[Legend]:
        return self.legends_of.get(player, ())

    def this_legend(self) -> Legend | None:
        return self.legend

    def resource(self, player: int, what: str) -> int:
        return self.resources.get(player, {}).get(what, 0)



#: the enum members ``evaluate`` compares with at every use of a power, read once: a member
#: read through its class (``Whose.YOU``) goes through the Enum metaclass's ``__getattr__``
#: hook, about ten times slower than a global (Python 3.11)
_YOU, _LEGENDS, _COMPLETE_LEGENDS = Whose.YOU, Measure.LEGENDS, Measure.COMPLETE_LEGENDS
_FAMILIES, _LEVELS, _TAKE = Measure.FAMILIES, Measure.LEVELS, EventKind.TAKE


def count(c: Count, ctx: PowerContext, player: int | None = None) -> int:
    """Evaluate a count for ``player`` (``them``) or the card's owner (``you``)."""
    who = ctx.owner if c.whose is _YOU or player is None else player
    of = c.of
    if of in RESOURCE_MEASURES:
        n = ctx.resource(who, of.value)
    elif of is _LEGENDS:
        n = len(ctx.legends(who))
    elif of is _COMPLETE_LEGENDS:
        n = sum(1 for legend in ctx.legends(who) if legend.complete)
    else:
        zone, matches = c.in_, c.spec.matches
        assert zone is not None
        cards = [card for card in ctx.cards(who, zone) if matches(card)]
        if c.same:
            groups: dict[Any, int] = {}
            for card in cards:
                key = card.family if c.same == "family" else card.level
                if key is not None:
                    groups[key] = groups.get(key, 0) + 1
            n = max(groups.values(), default=0)
        elif of is _FAMILIES:
            n = len({card.family for card in cards if card.family})
        elif of is _LEVELS:
            n = len({card.level for card in cards if card.level})
        else:
            n = len(cards)
    return n // c.every


def holds(cond: Cond, ctx: PowerContext, player: int) -> bool:
    """Is the condition true for ``player``?"""
    if isinstance(cond, AtLeast):
        return count(cond.count, ctx, player) >= cond.at_least
    if isinstance(cond, NoneOf):
        return count(cond.none, ctx, player) == 0
    if isinstance(cond, Most):
        return player in players_with_most(cond.most, ctx)
    if isinstance(cond, AsManyAs):
        return count(cond.have, ctx, player) >= count(cond.as_many_as, ctx, player)
    if isinstance(cond, EleusisCond):
        return eleusis_partner(ctx, player)
    raise TypeError(f"not a condition: {cond!r}")


def eleusis_partner(ctx: PowerContext, player: int) -> bool:
    """Does ``player`` have an Eleusis card in the domain besides this card? (p.7)"""
    return any(card.eleusis and card != ctx.this_card
               for card in ctx.cards(player, Zone.DOMAIN))


def players_with_most(c: Count, ctx: PowerContext) -> list[int]:
    """The players with the highest count (all of them on a tie); nobody when it is 0 (mythlab)."""
    scores = {p: count(c.theirs, ctx, p) for p in ctx.players}
    best = max(scores.values(), default=0)
    return [p for p in ctx.players if best > 0 and scores[p] == best]


def others_of(ctx: PowerContext) -> list[int]:
    """The other players in turn order, starting after the owner (p.7)."""
    players = list(ctx.players)
    i = players.index(ctx.owner)
    return players[i + 1:] + players[:i]


def _times(effect: Effect, n: int) -> Effect:
    if isinstance(effect, ResourceEffect):
        return ResourceEffect(effect.player, effect.kind, effect.amount.times(n))
    if isinstance(effect, CardEffect):
        return CardEffect(effect.player, effect.kind, effect.count * n, effect.spec)
    if isinstance(effect, Choice):
        return Choice(effect.player, tuple(tuple(_times(e, n) for e in o) for o in effect.options))
    if isinstance(effect, MayDo):
        return MayDo(effect.player, tuple(_times(e, n) for e in effect.effects))
    return effect


def evaluate(power: Power, ctx: PowerContext, *, event: PowerEvent | None = None,
             player: int | None = None) -> list[Effect]:
    """The effects of a power, in order, with every count and condition worked out.

    Choices stay open (:class:`Choice`, :class:`MayDo`): the player makes them. A ``when``
    power does something only for a matching ``event`` of its owner; a card's own *take* does
    not trigger it (it was not in the domain yet), its own *transfer* does (p.12, p.13).
    """
    return _node(power, ctx, event, ctx.owner if player is None else player)


def _node(power: Power, ctx: PowerContext, event: PowerEvent | None, me: int) -> list[Effect]:
    """``evaluate`` for player ``me``: the node's rule (``_RULES``). The rules of the nodes
    holding others call it directly (a power is a small tree walked at every use)."""
    rule = _RULES.get(type(power))
    if rule is None:
        raise TypeError(f"not a power node: {power!r}")
    return rule(power, ctx, event, me)


def _sequence(power: tuple[Power, ...], ctx: PowerContext, event: PowerEvent | None,
              me: int) -> list[Effect]:
    prior: list[Effect] = []
    for i, step in enumerate(power):
        if isinstance(step, OthersMay) and isinstance(step.others_may.do, Same):
            prior += _others_may(step, power[:i], ctx, event)
        else:
            prior += _node(step, ctx, event, me)
    return prior


def _resource(power: Gain | Pay | Lose, ctx: PowerContext, event: PowerEvent | None,
              me: int) -> list[Effect]:
    key = power.key
    return [ResourceEffect(me, key, getattr(power, key))]


def _counted_cards(power: Transfer | Discard | Take, ctx: PowerContext,
                   event: PowerEvent | None, me: int) -> list[Effect]:
    spec = getattr(power, power.key)
    return [CardEffect(me, power.key, spec.count, spec)]


def _cards_from_pile(power: TakeCitizen | Draw, ctx: PowerContext, event: PowerEvent | None,
                     me: int) -> list[Effect]:
    return [CardEffect(me, power.key, getattr(power, power.key))]


def _one_card(power: Exchange | UsePower, ctx: PowerContext, event: PowerEvent | None,
              me: int) -> list[Effect]:
    return [CardEffect(me, power.key, 1, getattr(power, power.key))]


def _add_card(power: AddCard, ctx: PowerContext, event: PowerEvent | None,
              me: int) -> list[Effect]:
    return [CardEffect(me, power.key, power.add_card.count, power.add_card)]


def _nothing(power: Nothing | Same, ctx: PowerContext, event: PowerEvent | None,
             me: int) -> list[Effect]:
    return []


def _choose_one(power: ChooseOne, ctx: PowerContext, event: PowerEvent | None,
                me: int) -> list[Effect]:
    return [Choice(me, tuple(tuple(_node(o, ctx, event, me))
                             for o in power.choose_one))]


def _may(power: May, ctx: PowerContext, event: PowerEvent | None, me: int) -> list[Effect]:
    inner = _node(power.may, ctx, event, me)
    return [MayDo(me, tuple(inner))] if inner else []


def _others(power: Others, ctx: PowerContext, event: PowerEvent | None,
            me: int) -> list[Effect]:
    return [e for p in others_of(ctx) for e in _node(power.others, ctx, event, p)]


def _others_may_node(power: OthersMay, ctx: PowerContext, event: PowerEvent | None,
                     me: int) -> list[Effect]:
    return _others_may(power, (), ctx, event)


def _if(power: If, ctx: PowerContext, event: PowerEvent | None, me: int) -> list[Effect]:
    branch = power.then if holds(power.if_, ctx, me) else power.else_
    return _node(branch, ctx, event, me) if branch is not None else []


def _per(power: Per, ctx: PowerContext, event: PowerEvent | None, me: int) -> list[Effect]:
    n = count(power.per, ctx, me)
    return [_times(e, n) for e in _node(power.do, ctx, event, me)] if n else []


def _when(power: When, ctx: PowerContext, event: PowerEvent | None, me: int) -> list[Effect]:
    if not _fires(power.when, ctx, event):
        return []
    return _node(power.do, ctx, event, me)


def _player_with_most(power: PlayerWithMost, ctx: PowerContext, event: PowerEvent | None,
                      me: int) -> list[Effect]:
    return [e for p in players_with_most(power.player_with_most, ctx)
            for e in _node(power.do, ctx, event, p)]


#: how ``evaluate`` works out each kind of node (a sequence is a tuple)
_RULES: dict[type, Callable[[Any, PowerContext, PowerEvent | None, int], list[Effect]]] = {
    tuple: _sequence, Gain: _resource, Pay: _resource, Lose: _resource,
    Transfer: _counted_cards, Discard: _counted_cards, Take: _counted_cards,
    TakeCitizen: _cards_from_pile, Draw: _cards_from_pile, Exchange: _one_card,
    UsePower: _one_card, AddCard: _add_card, Nothing: _nothing, Same: _nothing,
    ChooseOne: _choose_one, May: _may, Others: _others, OthersMay: _others_may_node, If: _if,
    Per: _per, When: _when, PlayerWithMost: _player_with_most,
}


def _others_may(node: OthersMay, before: tuple[Power, ...], ctx: PowerContext,
                event: PowerEvent | None) -> list[Effect]:
    spec = node.others_may
    steps: Power = before if isinstance(spec.do, Same) else spec.do
    out: list[Effect] = []
    for p in others_of(ctx):
        inner = _node(_without_may(steps), ctx, event, p)
        if spec.cost is not None:
            inner = [ResourceEffect(p, "pay", spec.cost), *inner]
        out.append(MayDo(p, tuple(inner)))
    return out


def _without_may(power: Power) -> Power:
    """``same`` repeats what you did: your "may" steps become plain steps of their offer."""
    if isinstance(power, tuple):
        return tuple(_without_may(p) for p in power)
    return power.may if isinstance(power, May) else power


def _fires(spec: WhenSpec, ctx: PowerContext, event: PowerEvent | None) -> bool:
    if event is None or event.player != ctx.owner or event.kind not in spec.events:
        return False
    if event.kind is _TAKE and event.card == ctx.this_card:
        return False
    return spec.card.matches(event.card)

