"""``toy-race``: a tiny test-only game that exercises every engine hook.

Rules (2–3 players): players race from 0 to ``target`` (10). On your turn you roll one die or
two dice and move by the total, or you pass, but never twice in a row. Whoever reaches the
target first wins at once; after ``rounds`` rounds the furthest player(s) win.
Imported by ``tests/conftest.py`` so it is registered for the test suite only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mythlab.engine import CHANCE, Action, Game, Phase, PhaseBook, State, pool
from mythlab.registry import register

TURN = "Toy race · 1. Turn"
ROLL = "Toy race · 2. Roll"
END = "Toy race · 3. End"
PASSING = "Toy race · 1b. Passing"

_ROLL_LABEL = re.compile(r"roll (\d+) dic?e", re.IGNORECASE)


@dataclass
class ToyData:
    """The race: everyone's square, whose turn it is and the dice waiting to be rolled."""

    positions: list[int]
    turn: int = 0
    round: int = 1
    pending: int = 0
    passed: list[bool] = field(default_factory=list)
    over: bool = False


class ToyState(State):
    """A position of the toy race."""

    __slots__ = ()
    data_class = ToyData

    def _phase_name(self) -> str:
        return "Game over" if self.data.over else "Roll" if self.data.pending else "Turn"

    def _current_player(self) -> int | None:
        return CHANCE if self.data.pending else self.data.turn

    def _legal(self) -> list[Action]:
        actions = [
            Action("roll 1 die", "roll", (1,), TURN, "roll one die and move by it"),
            Action("roll 2 dice", "roll", (2,), TURN, "roll two dice and move by their total"),
        ]
        if not self.data.passed[self.data.turn]:
            actions.append(Action("pass", "pass", (), PASSING, "stay where you are"))
        return actions

    def _chance(self) -> list[tuple[Action, Fraction]]:
        return [(Action("rolled " + "+".join(map(str, faces)), "move", faces, ROLL), p)
                for faces, p in pool(range(1, 7), self.data.pending)]

    def _do(self, action: Action) -> None:
        d, who = self.data, self.player_name(self.data.turn)
        if action.kind == "roll":
            d.pending = action.args[0]
            d.passed[d.turn] = False
            self.log(f"{who} rolls {action.args[0]} {'die' if d.pending == 1 else 'dice'}", TURN)
        elif action.kind == "pass":
            d.passed[d.turn] = True
            self.log(f"{who} passes", PASSING)
            self._end_turn()
        else:
            start, d.pending = d.positions[d.turn], 0
            d.positions[d.turn] += sum(action.args)
            self.log(f"{who} moves {start} → {d.positions[d.turn]}", ROLL)
            if d.positions[d.turn] >= self.game.options["target"]:
                d.over = True
                self.log(f"{who} reaches {self.game.options['target']} and wins", END)
            else:
                self._end_turn()

    def _end_turn(self) -> None:
        d = self.data
        d.turn = (d.turn + 1) % len(d.positions)
        if d.turn == 0:
            d.round += 1
            if d.round > self.game.options["rounds"]:
                d.over = True
                self.log(f"{self.game.options['rounds']} rounds played; the race ends", END)

    def _scores(self) -> dict[str, Any]:
        best = max(self.data.positions)
        return {
            "scores": {self.player_name(i): p for i, p in enumerate(self.data.positions)},
            "winners": [i for i, p in enumerate(self.data.positions) if p == best],
        }

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        if self.is_terminal():
            return None
        rolling = self.is_chance_node()
        asked = _ROLL_LABEL.fullmatch(label)
        if asked and not rolling and int(asked[1]) not in (1, 2):
            return TURN, f"you may roll 1 or 2 dice, not {asked[1]}"
        if label.casefold() == "pass" and not rolling:
            return PASSING, "you passed on your last turn, so this turn you must roll"
        if rolling and (asked or label.casefold() == "pass"):
            return ROLL, "the dice are rolling; the next action is a roll outcome"
        return None


@register
class ToyRace(Game):
    """A dice race to 10 for 2–3 players (test only)."""

    name = "toy-race"
    title = "Toy race"
    min_players, max_players, default_players = 2, 3, 2
    state_class = ToyState
    default_options = {"target": 10, "rounds": 8}
    phases = PhaseBook([
        Phase("Turn", TURN, 1, ("Roll", "Game over"), "roll 1 or 2 dice, or pass"),
        Phase("Roll", ROLL, 2, ("Turn", "Game over"), "the dice decide how far you move"),
        Phase("Game over", END, 3, (), "the first to the target wins"),
    ])

    def new_data(self, stream: Any) -> ToyData:
        return ToyData(positions=[0] * self.players, passed=[False] * self.players)

    def max_actions(self) -> int:
        return 2 * self.players * self.options["rounds"]

    def invariants(self, state: State) -> list[str]:
        d = state.data
        broken = []
        if any(p < 0 or p >= self.options["target"] + 12 for p in d.positions):
            broken.append(f"a position is off the track: {d.positions}")
        if d.pending not in (0, 1, 2):
            broken.append(f"{d.pending} dice pending")
        if not 0 <= d.turn < self.players:
            broken.append(f"turn {d.turn} is not a player")
        return broken

    def evaluate(self, state: State, player: int) -> float:
        return float(state.data.positions[player])
