"""``StepperModel``: the Stepper's logic as a plain Python object that tests drive directly.

The model holds a ``mythlab.Session`` and the bots; its methods are what the Stepper's buttons
do and its read-only properties are what the Stepper shows. It never imports ipywidgets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from mythlab.display import percent
from mythlab.engine import Action, Game, IllegalAction, Phase, Session, State
from mythlab.sim.bots import seat_bots

from .views import render_view, turn_text

Bot = Callable[[State], Action | str]
BotSpec = str | Bot
GROUP_OVER = 12
"""Legal actions are grouped by ``Action.kind`` when there are more than this many."""


class Outcome(NamedTuple):
    """One chance outcome with its exact probability."""

    label: str
    probability: Fraction
    percent: str

    @property
    def text(self) -> str:
        """The button text, e.g. ``roll 4 — 1/6 (16.7%)``."""
        p = self.probability
        return f"{self.label} — {p.numerator}/{p.denominator} ({self.percent})"


class Button(NamedTuple):
    """One button: the label it applies, its text and its tooltip."""

    label: str
    text: str
    tooltip: str


class ButtonGroup(NamedTuple):
    """A titled row of buttons ("" when the actions are few enough not to be grouped)."""

    title: str
    buttons: tuple[Button, ...]


class LogEntry(NamedTuple):
    """What step ``step`` did: who moved, the action label and the events it logged."""

    step: int
    actor: str
    action: str
    events: tuple[str, ...]


def group_actions(actions: Sequence[Action], over: int = GROUP_OVER) -> list[ButtonGroup]:
    """Buttons for ``actions``; more than ``over`` are grouped by kind, in order of appearance.

    >>> acts = [Action(f"take {n}", "take") for n in range(3)] + [Action("pass", "pass")]
    >>> [(g.title, len(g.buttons)) for g in group_actions(acts, over=3)]
    [('Take (3)', 3), ('Pass (1)', 1)]
    """
    buttons = [(a.kind, Button(a.label, a.label, a.explain())) for a in actions]
    if len(buttons) <= over:
        return [ButtonGroup("", tuple(b for _, b in buttons))] if buttons else []
    groups: dict[str, list[Button]] = {}
    for kind, button in buttons:
        groups.setdefault(kind, []).append(button)
    return [ButtonGroup(f"{(kind or 'other').replace('_', ' ').capitalize()} ({len(bs)})",
                        tuple(bs)) for kind, bs in groups.items()]


def resolve_bots(game: Game, bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] | None,
                 ) -> dict[int, Bot]:
    """One bot per seat from a name, a callable, a list (one per seat) or a seat mapping.

    Names are seeded from the game seed as ``simulate`` seeds them (``seat_bots``); seats a
    mapping leaves out get a random bot.
    """
    if bots is None or isinstance(bots, str) or callable(bots):
        specs: list[BotSpec] = [bots or "random"] * game.players
    elif isinstance(bots, Mapping):
        specs = [bots.get(p, "random") for p in range(game.players)]
    else:
        specs = list(bots)
        if len(specs) != game.players:
            raise ValueError(f"bots: {len(specs)} bots for {game.players} players")
    named = seat_bots([s if isinstance(s, str) else "random" for s in specs], game.seed,
                      game=game.name)
    return {p: named[p] if isinstance(s, str) else s for p, s in enumerate(specs)}


class StepperModel:
    """Step through a game: apply moves, roll or pick chance outcomes, undo, redo, let bots play.

    Every method returns True when the state changed. A refused move (``IllegalAction``)
    changes nothing and its message shows in ``error`` until the next successful step.
    """

    def __init__(self, game_or_session: Game | Session,
                 bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] | None = None,
                 max_steps: int = 100_000):
        self.session = (game_or_session if isinstance(game_or_session, Session)
                        else Session(game_or_session))
        self.bots = resolve_bots(self.session.game, bots)
        self.max_steps = max_steps
        self.status = ""
        self.error = ""
        self.version = 0
        """Bumped on every change of state, so views redraw only when something changed."""
        self._view: tuple[State, str] | None = None

    # ----------------------------------------------------------------- actions
    def click(self, label: str) -> bool:
        """Apply the legal action (or chance outcome) with this label."""
        actor = self.turn
        return self._run(lambda: self.session.apply(label),
                         lambda: f"{actor}: {self.session.state.history[-1]}")

    def pick(self, label: str) -> bool:
        """At a chance node, explore the outcome with this label."""
        if not self.is_chance:
            return self._refuse("this is not a chance node; there is no outcome to pick")
        return self.click(label)

    def roll(self) -> bool:
        """At a chance node, apply an outcome drawn from the game's seeded stream."""
        if not self.is_chance:
            return self._refuse("this is not a chance node; there is nothing to roll")
        return self._run(self.session.roll,
                         lambda: f"rolled: {self.session.state.history[-1]}")

    def undo(self) -> bool:
        """Step back one action."""
        undone = self.session.actions[-1] if self.can_undo else ""
        return self._run(self.session.undo, lambda: f"undid: {undone}")

    def redo(self) -> bool:
        """Step forward again after an undo."""
        return self._run(self.session.redo,
                         lambda: f"redid: {self.session.state.history[-1]}")

    def play_to_end_of_phase(self) -> bool:
        """Let the bots (and the seeded dice) play until the phase changes."""
        return self._play("phase")

    def play_to_end_of_game(self) -> bool:
        """Let the bots (and the seeded dice) play until the game is over."""
        return self._play("end")

    # ----------------------------------------------------------------- what the view shows
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def phase_name(self) -> str:
        return self.phase.name

    @property
    def phase_rule(self) -> str:
        """The rulebook reference of the current phase."""
        return self.phase.rule

    @property
    def turn(self) -> str:
        """The player to move by name, ``"chance"`` or ``"game over"``."""
        return turn_text(self.state)

    @property
    def step(self) -> int:
        return self.session.position

    @property
    def is_chance(self) -> bool:
        return self.state.is_chance_node()

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal()

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo()

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo()

    @property
    def winners(self) -> list[str]:
        """Names of the winners once the game is over (empty before)."""
        if not self.is_over:
            return []
        return [self.state.player_name(p) for p in self.state.scores().get("winners", [])]

    @property
    def outcomes(self) -> list[Outcome]:
        """At a chance node, every outcome with its exact probability (summing to 1)."""
        return [Outcome(a.label, p, percent(p)) for a, p in self.state.chance_outcomes()]

    @property
    def buttons(self) -> list[ButtonGroup]:
        """The move buttons: chance outcomes with their odds, else the legal actions grouped."""
        outcomes = self.outcomes
        if outcomes:
            return [ButtonGroup(f"Chance: {len(outcomes)} outcomes",
                                tuple(Button(o.label, o.text, f"probability {o.percent}")
                                      for o in outcomes))]
        return group_actions(self.state.legal_actions())

    @property
    def labels(self) -> list[str]:
        """The labels of every button, in order."""
        return [b.label for g in self.buttons for b in g.buttons]

    @property
    def log(self) -> list[LogEntry]:
        """Every step of the current timeline, oldest first."""
        states = self.session.states
        return [LogEntry(i, turn_text(before), after.history[-1], tuple(after.events))
                for i, (before, after) in enumerate(zip(states, states[1:], strict=False), 1)]

    @property
    def view_html(self) -> str:
        """The game's own view of the current state (HTML, may hold SVG); cached per state."""
        if self._view is None or self._view[0] is not self.state:
            self._view = (self.state, render_view(self.state))
        return self._view[1]

    @property
    def message(self) -> str:
        """The error when the last request was refused, else what the last step did."""
        return self.error or self.status

    # ----------------------------------------------------------------- internals
    def _run(self, change: Callable[[], object], done: Callable[[], str]) -> bool:
        before = self.state
        try:
            change()
        except IllegalAction as exc:
            self.error = str(exc)
        else:
            self.error, self.status = "", done()
        changed = self.state is not before
        self.version += changed
        return changed

    def _refuse(self, reason: str) -> bool:
        self.error = f"{self.phase_rule}: {reason}"
        return False

    def _play(self, until: str) -> bool:
        if self.is_over:
            return self._refuse("the game is over; there is nothing left to play")
        start, phase = self.step, self.phase_name
        return self._run(
            lambda: self.session.play(self.bots, until=until, max_steps=self.max_steps),
            lambda: f"bots played {self.step - start} step(s) "
                    + (f"to the end of {phase}" if until == "phase" else "to the end of the game"))

    def __repr__(self) -> str:
        return f"<StepperModel {self.session!r}: {self.phase_name}, {self.turn} to move>"
