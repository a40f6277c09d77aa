"""The game as the power language sees it: a :class:`~.powers.PowerContext` over a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .legends import kind
from .powers import CardFacts, Legend, Zone

if TYPE_CHECKING:
    from .rules import ElysiumState

LegendData = list[str]


class GameContext:
    """What ``evaluate`` may read: zones, legends and resources of a live state.

    ``final`` reads the Elysium as final scoring does: lone cards are already removed
    (Elysium rulebook, Greek edition, p.10).
    """

    __slots__ = ("s", "owner", "this_card", "legend", "final")

    def __init__(self, s: ElysiumState, owner: int, this_card: CardFacts | None = None,
                 legend: LegendData | None = None, final: bool = False):
        self.s, self.owner, self.this_card, self.legend, self.final = (
            s, owner, this_card, legend, final)

    @property
    def players(self) -> Sequence[int]:
        """All players in turn order."""
        return self.s.data.order

    def _legends(self, player: int) -> list[LegendData]:
        legends = self.s.data.seats[player].legends
        return [g for g in legends if len(g) >= 2] if self.final else legends

    def cards(self, player: int, zone: Zone) -> Sequence[CardFacts]:
        """A player's cards in ``zone`` (shared zones ignore ``player``; with ``final`` the
        Elysium holds no lone card)."""
        s, seat = self.s, self.s.data.seats[player]
        if zone is Zone.DOMAIN:
            names = seat.domain
        elif zone is Zone.ELYSIUM:
            names = [c for g in self._legends(player) for c in g]
        elif zone is Zone.THIS_LEGEND:
            names = self.legend if self.legend is not None else []
        elif zone is Zone.TRANSFERRED:
            names = seat.transferred
        elif zone is Zone.ACQUIRED:
            names = seat.acquired
        else:
            names = {Zone.ORACLE: s.data.oracle, Zone.AGORA: s.data.agora,
                     Zone.DISCARD_PILE: s.data.discard, Zone.DRAW_PILE: s.data.draw}[zone]
            return [s.game.facts[c] for c in names]
        facts, hidden, citizens = s.game.facts, s.game.citizen_facts, seat.citizens
        return [hidden[c] if c in citizens else facts[c] for c in names]  # as ``s.facts``

    def legends(self, player: int) -> Sequence[Legend]:
        """A player's legends (with ``final``: without the lone cards, as at final scoring)."""
        return [self._legend(player, g) for g in self._legends(player)]

    def _legend(self, player: int, g: LegendData) -> Legend:
        return Legend(kind(g, self.s.game.inst) or "level",  # type: ignore[arg-type]
                      tuple(self.s.facts(player, c) for c in g))

    def this_legend(self) -> Legend | None:
        """The legend holding this card (Chronos powers), or None."""
        if self.legend is None:
            return None
        return self._legend(self.owner, self.legend)

    def resource(self, player: int, what: str) -> int:
        """A player's ``gold``, ``vp`` or ``pp``, read from their seat."""
        return getattr(self.s.data.seats[player], what)
