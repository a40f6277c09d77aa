"""Pig with a pot: a push-your-luck dice game written on mythlab's engine, rules and all.

This docstring is the game's whole rulebook; each rule is named where the code carries it out.

1. Turn: roll one die as often as you like; each roll adds to your turn total.
2. The cursed face: a 1 ends your turn, and your turn total falls into the pot.
3. Hold: after a roll you may hold instead: bank your turn total and take the whole pot.
4. The end: whoever has ``target`` points (banked plus turn total) wins at once; after
   ``rounds`` rounds the most points win, ties share the win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mythlab.engine import Action, Game, Phase, PhaseBook, Rules, State, act, die

TURN = "Pig · 1. Turn"
CURSED = "Pig · 2. The cursed face"
HOLD = "Pig · 3. Hold"
END = "Pig · 4. The end"
CURSED_FACE = 1

RULES = Rules("Pig")


@dataclass
class Task:
    """A decision waiting on the stack: ``turn`` (roll or hold) or ``die`` (chance rolls)."""

    kind: str
    player: int


@dataclass
class PigData:
    """The whole position: banked points, this turn's total, the pot and what comes next."""

    scores: list[int]
    turn_total: int = 0
    pot: int = 0
    round: int = 1
    tasks: list[Task] = field(default_factory=list)


# ---------------------------------------------------------------- the rules
@RULES.offers("turn")
def offer_turn(state: PigState, task: Task) -> list[Action]:
    """Rules 1 and 3: roll, or hold once you have rolled."""
    d = state.data
    moves = [act("roll", "roll", TURN, note="roll the die: 2 to 6 add to your turn total, "
                                            "a 1 loses it to the pot")]
    if d.turn_total:
        moves.append(act("hold", "hold", HOLD,
                         note=f"bank your {d.turn_total} points and the pot's {d.pot}"))
    return moves


@RULES.does("roll")
def do_roll(state: PigState, task: Task, action: Action) -> None:
    """Rule 1: the die is rolled (a chance decision goes on the stack)."""
    state.data.tasks.append(Task("die", task.player))
    state.log(f"{state.player_name(task.player)} rolls", TURN)


@RULES.chances("die")
def die_faces(state: PigState, task: Task) -> list[tuple[Action, Fraction]]:
    """The six faces of a fair die, each with probability exactly 1/6."""
    return [(face_move(face), p) for face, p in die(6)]


def face_move(face: int) -> Action:
    """The outcome "rolled <face>", with the rule it brings into play."""
    if face == CURSED_FACE:
        return act(f"rolled {face}", "face", CURSED, face, note="the turn total goes to the pot")
    return act(f"rolled {face}", "face", TURN, face, note=f"{face} more for the turn total")


@RULES.does("face")
def do_face(state: PigState, task: Task, action: Action) -> None:
    """Rules 1, 2 and 4: a face adds to the turn total (banked at once when it reaches the
    target); the cursed face ends the turn."""
    d, (face,) = state.data, action.args
    who = state.player_name(task.player)
    d.tasks.pop()
    if face == CURSED_FACE:
        d.pot += d.turn_total
        state.log(f"{who} rolls the cursed {face}: {d.turn_total} points fall into the pot "
                  f"(now {d.pot})", CURSED)
        end_turn(state)
        return
    d.turn_total += face
    state.log(f"{who} rolls {face}: turn total {d.turn_total}", TURN)
    if d.scores[task.player] + d.turn_total >= state.game.options["target"]:
        d.scores[task.player] += d.turn_total
        d.turn_total = 0


@RULES.does("hold")
def do_hold(state: PigState, task: Task, action: Action) -> None:
    """Rule 3: bank the turn total and take the pot."""
    d = state.data
    d.scores[task.player] += d.turn_total + d.pot
    state.log(f"{state.player_name(task.player)} holds: banks {d.turn_total} and the pot's "
              f"{d.pot}, now {d.scores[task.player]}", HOLD)
    d.pot = 0
    end_turn(state)


def end_turn(state: PigState) -> None:
    """The next player's turn (a new round after the last seat)."""
    d = state.data
    d.turn_total = 0
    nxt = (d.tasks.pop().player + 1) % len(d.scores)
    if nxt == 0:
        d.round += 1
    d.tasks.append(Task("turn", nxt))


# ---------------------------------------------------------------- the game
class PigState(State):
    """A position of Pig: the engine dispatches each decision through ``RULES``."""

    __slots__ = ()
    data_class = PigData
    rules = RULES

    def _phase_name(self) -> str:
        return {"turn": "Turn", "die": "Roll"}[self.data.tasks[-1].kind] \
            if self.data.tasks else "Game over"

    def _advance(self) -> None:
        """Rule 4, checked after every move: a player at the target, or the last round over."""
        d, options = self.data, self.game.options
        if d.tasks and max(d.scores) < options["target"] and d.round <= options["rounds"]:
            return
        d.tasks.clear()
        winners = [self.player_name(i) for i in self._scores()["winners"]]
        self.log(f"the game ends; {' and '.join(winners)} won", END)

    def _scores(self) -> dict[str, Any]:
        return {"scores": {self.player_name(i): s for i, s in enumerate(self.data.scores)},
                "winners": [i for i, s in enumerate(self.data.scores)
                            if s == max(self.data.scores)]}

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        if label == "hold" and not self.is_terminal() and not self.is_chance_node():
            return HOLD, "roll at least once before you hold"
        return None


class PigGame(Game):
    """Pig with a pot, for 2 to 4 players: ``mythlab.make("pig", players=3, target=30)``."""

    name = "pig"
    title = "Pig"
    min_players, max_players, default_players = 2, 4, 2
    state_class = PigState
    default_options = {"names": None, "target": 50, "rounds": 20}
    phases = PhaseBook([
        Phase("Turn", TURN, 1, ("Roll", "Game over"), "roll, or hold once you have rolled"),
        Phase("Roll", CURSED, 2, ("Turn", "Game over"), "2 to 6 add up; a 1 feeds the pot"),
        Phase("Game over", END, 3, (), "first to the target, or most points at the end"),
    ])

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players, seed, **options)
        for option in ("target", "rounds"):
            value = self.options[option]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
                raise ValueError(f"{option}: expected a whole number from 1 to 1000, not {value!r}")

    def new_data(self, stream: Any) -> PigData:
        return PigData(scores=[0] * self.players, tasks=[Task("turn", 0)])

    def max_actions(self) -> int:
        # a turn is at most `target` rolls of at least 2, each a move and a face, and a hold
        return self.options["rounds"] * self.players * (self.options["target"] + 1)

    def invariants(self, state: State) -> list[str]:
        d, kinds, seats = state.data, [t.kind for t in state.data.tasks], \
            {t.player for t in state.data.tasks}
        if len(d.scores) != self.players or min([*d.scores, d.turn_total, d.pot]) < 0:
            return [f"expected {self.players} scores, a turn total and a pot, all at least 0"]
        if kinds not in ([], ["turn"], ["turn", "die"]) or len(seats) > 1 \
                or not seats <= set(range(self.players)):
            return [f"the task stack is no position of Pig: {d.tasks}"]
        return []

    def evaluate(self, state: State, player: int) -> float:
        """Banked points, plus the turn total on one's own turn (what greedy bots maximise)."""
        d = state.data
        mine = bool(d.tasks) and d.tasks[-1].player == player
        return float(d.scores[player] + (d.turn_total if mine else 0))
