"""Set up an Elysium position by hand: for rulebook examples, lessons and tests.

>>> from mythlab.elysium.scenarios import scenario
>>> s = scenario(players=2, domain={0: ["Persephone"]}, agora=["Cerberus"])
>>> s = s.apply("use Persephone").apply("transfer Persephone to a new legend")
>>> [s.game.labels[c] for c in s.data.seats[0].legends[0]], s.data.seats[0].gold
(['Persephone'], 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mythlab.registry import make

from .rules import III, ElysiumState
from .state import Task


def scenario(players: int = 4, seed: int = 0, *, families: Any = "first-game",
             player: int = 0, phase: str = "II", epoch: int = 1,
             domain: Mapping[int, Sequence[str]] | None = None,
             elysium: Mapping[int, Sequence[Sequence[str]]] | None = None,
             citizens: Mapping[int, int] | None = None,
             agora: Sequence[str] = (), oracle: Sequence[str] = (),
             draw_top: Sequence[str] = (),
             gold: Mapping[int, int] | None = None, vp: Mapping[int, int] | None = None,
             pp: Mapping[int, int] | None = None,
             columns: Mapping[int, Sequence[str]] | None = None,
             quests: Mapping[int, str] | None = None,
             lyres: Mapping[int, int] | None = None,
             cards_taken: Mapping[int, int] | None = None,
             pediment: Sequence[str] | None = None,
             family_bonus: Mapping[str, list[int]] | None = None,
             level_bonus: Mapping[str, list[int]] | None = None) -> ElysiumState:
    """A position with the named cards where you want them.

    Cards are named by label (``"Cerberus"``, ``"Gathering (Athena)"``) or key
    (``"athena.gathering"``); ``"Citizen"`` in an Elysium legend is a face-down card. The Agora
    and Oracle hold only the cards named; ``draw_top`` are the next cards drawn, first one
    first. ``phase``: ``"II"`` (``player``'s turn in Phase II),
    ``"III"`` (``player`` writing legends) or ``"end of II"`` (every turn played: the next step
    reassigns the discs). ``pediment`` lists the quest tiles left under the pediment;
    ``family_bonus`` and ``level_bonus`` say who holds the bonus tiles. Seats not mentioned keep
    the setup values.
    """
    game = make("elysium", players=players, seed=seed, families=families)
    state = game.initial_state()
    d = state.data
    d.draw += d.agora + d.oracle
    d.agora, d.oracle, d.tasks = [], [], []

    def take(name: str) -> str:
        wanted = game.by_label.get(name.casefold()) or game.by_label.get(name)
        if wanted is None:
            raise ValueError(f"no card called {name!r} is in play with {game.families}")
        key = game.inst[wanted].key
        for c in d.draw:
            if game.inst[c].key == key:
                d.draw.remove(c)
                return c
        raise ValueError(f"every copy of {name!r} is used in this scenario")

    def face_down(seat: int) -> str:
        card = d.draw.pop(0)
        d.seats[seat].citizens.append(card)
        return card

    for seat, names in (domain or {}).items():
        for name in names:
            card = take(name)
            d.seats[seat].domain.append(card)
            if game.inst[card].timing.value == "trigger":
                d.seats[seat].rings.append(card)
    for seat, n in (citizens or {}).items():
        d.seats[seat].domain += [face_down(seat) for _ in range(n)]
    for seat, legends in (elysium or {}).items():
        d.seats[seat].legends += [[face_down(seat) if n == "Citizen" else take(n) for n in lg]
                                  for lg in legends]
    d.agora = [take(n) for n in agora]
    d.oracle = [take(n) for n in oracle]
    d.draw += reversed([take(n) for n in draw_top])
    for values, what in ((gold, "gold"), (vp, "vp"), (pp, "pp"), (lyres, "lyres"),
                         (cards_taken, "cards_taken")):
        for seat, value in (values or {}).items():
            setattr(d.seats[seat], what, value)
    for seat, cols in (columns or {}).items():
        d.seats[seat].columns = list(cols)
    for seat, tile in (quests or {}).items():
        d.seats[seat].quest = tile
        if tile in d.quests:
            d.quests.remove(tile)
    if pediment is not None:
        d.quests = list(pediment)
    d.epoch = epoch
    d.family_bonus = {k: list(v) for k, v in (family_bonus or {}).items()}
    d.level_bonus = {k: list(v) for k, v in (level_bonus or {}).items()}
    state.events = ["Scenario set up by hand."]
    at = d.order.index(player)
    if phase == "II":
        d.turn = at + 1
        d.tasks = [Task("turn", player)]
    elif phase == "III":
        d.phase = III
        d.turn = at + 1
        d.tasks = [Task("legend", player)]
    elif phase == "end of II":
        d.turn = game.number("turns_per_epoch") * players
        state._advance()
    else:
        raise ValueError("phase must be 'II', 'III' or 'end of II'")
    if not state.edited().legal_actions():
        state._advance()
    return state
