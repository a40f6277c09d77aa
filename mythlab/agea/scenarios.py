"""Set up an Agea position by hand: for rulebook examples, lessons and tests.

>>> from mythlab.agea.scenarios import scenario
>>> s = scenario(heroes={0: ["Hercules"]}, deck_top=["Hydra"])
>>> s = s.apply("adventure with Hercules").apply("face the Hydra")
>>> s.data.players[0].victory
['hydra']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mythlab.registry import make

from .rules import AgeaState
from .state import Hero, Task


def scenario(players: int = 2, seed: int = 0, *,
             heroes: Mapping[int, Sequence[str]] | None = None,
             attached: Mapping[str, Sequence[str]] | None = None,
             cities: Mapping[int, Sequence[str]] | None = None,
             hand: Mapping[int, Sequence[str]] | None = None,
             deck_top: Sequence[str] = (),
             delays: Mapping[str, int] | None = None,
             phase: str = "Adventure") -> AgeaState:
    """A position at the start of P1's Adventure Phase (or Draw Phase) with the named cards.

    Cards are named by label ("Hercules", "Blade of Hephaestus"); ``deck_top`` lists the next
    cards to be drawn, first one first. Everything else stays shuffled in the deck.

    Parameters
    ----------
    players, seed : int
        As for ``mythlab.make("agea", ...)``; the turn order is P1, P2, ….
    heroes, cities, hand : mapping of seat to card names, optional
        What each player controls or holds.
    attached : mapping of hero name to card names, optional
        Relics and companions the hero carries (limited uses and return timers start full).
    deck_top : sequence of card names
        The next cards drawn, first one first.
    delays : mapping of hero name to int, optional
        Delay tokens on heroes.
    phase : {"Adventure", "Draw"}
        Where P1's turn starts.

    Returns
    -------
    AgeaState
        The position; ``ValueError`` names a card that does not exist or is used twice.

    Examples
    --------
    >>> s = scenario(heroes={0: ["Ajax"]}, hand={0: ["Trojan Horse"]}, deck_top=["Thebes"])
    >>> s.phase.name, s.data.players[0].hand
    ('Adventure', ['trojan-horse'])
    """
    game = make("agea", players=players, seed=seed)
    state = game.initial_state()
    d = state.data
    by_label = {c.label.casefold(): c.id for c in game.cards}
    by_label.update({c.name.casefold(): c.id for c in game.cards})

    def take(label: str) -> str:
        """The card called ``label``, taken out of the deck or the discard pile."""
        try:
            cid = by_label[label.casefold()]
        except KeyError:
            raise ValueError(f"no Agea card is called {label!r}") from None
        for place in (d.deck, d.discard):
            if cid in place:
                place.remove(cid)
                return cid
        raise ValueError(f"{label!r} is used twice in this scenario")

    d.tasks.clear()
    d.deck += [h.card for p in d.players for h in p.heroes]
    for p in d.players:
        p.heroes.clear()
    d.order = list(range(players))
    d.turn = 0
    for seat, names in (heroes or {}).items():
        d.players[seat].heroes += [Hero(take(n)) for n in names]
    for hero_name, names in (attached or {}).items():
        hero = next(h for p in d.players for h in p.heroes
                    if state.name(h.card).casefold() == hero_name.casefold())
        for n in names:
            card = take(n)
            hero.attached.append(card)
            if state.card(card).uses:
                d.uses[card] = state.card(card).uses
            if state.card(card).returns_in:
                d.timers[card] = state.card(card).returns_in
    for seat, names in (cities or {}).items():
        d.players[seat].cities += [take(n) for n in names]
    for seat, names in (hand or {}).items():
        d.players[seat].hand += [take(n) for n in names]
    for hero_name, n in (delays or {}).items():
        next(h for p in d.players for h in p.heroes
             if state.name(h.card).casefold() == hero_name.casefold()).delay = n
    top = [take(n) for n in deck_top]
    d.deck += list(reversed(top))
    state.events = [f"Scenario: {', '.join(deck_top) or 'shuffled deck'} on top of the deck."]
    if phase == "Adventure":
        d.phase = "Adventure"
        for h in d.players[0].heroes:
            h.adventures_left = 1
        d.tasks.append(Task("menu", player=0))
    elif phase == "Draw":
        d.phase = "Recovery"  # the next step draws
        state._advance()
    else:
        raise ValueError("phase must be 'Adventure' or 'Draw'")
    return state
