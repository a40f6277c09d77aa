"""``StepperModel``: the Stepper's logic as a plain Python object that tests drive directly.

The model holds a ``mythlab.Session`` and the bots; its methods are what the Stepper's buttons
do and its read-only properties are what the Stepper shows. It never imports ipywidgets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from mythlab.display import Pick, Step, chance_text, percent
from mythlab.engine import CHANCE, Action, Game, IllegalAction, Phase, Session, State
from mythlab.sim.bots import bot_names, seat_bots

from .views import ALL, Viewer, render_view, turn_text

Bot = Callable[[State], Action | str]
BotSpec = str | Bot
HUMAN = "human"
"""The seat a person plays (``seats=["human", "greedy"]``); every other seat is a bot."""
UNDO_RULES = ("any", "own")
"""``any``: undo any step (the study view); ``own``: a player undoes only their own last move."""
GROUP_OVER = 12
"""Legal actions are grouped by ``Action.kind`` when there are more than this many."""


class Outcome(NamedTuple):
    """One chance outcome with its exact probability."""

    label: str
    probability: Fraction
    percent: str

    @property
    def text(self) -> str:
        """The button text, e.g. ``roll 4 — 16.7%, about 1 in 6``."""
        return f"{self.label} — {chance_text(self.probability)}"

    @property
    def tooltip(self) -> str:
        """The exact probability, shown on hover: ``exactly 1/6``."""
        p = self.probability
        return f"exactly {p.numerator}/{p.denominator}"


class Button(NamedTuple):
    """One button: the label it applies, its text and its tooltip."""

    label: str
    text: str
    tooltip: str


class ButtonGroup(NamedTuple):
    """A titled row of buttons ("" when the actions are few enough not to be grouped)."""

    title: str
    buttons: tuple[Button, ...]


class ScoreLine(NamedTuple):
    """One line on the final scoreboard: a player's name, total and the total's sources (they
    add up to it), and ``details`` that are not part of it (gold for ties). A cooperative game
    has one line for the whole table, its facts in ``details`` and no total."""

    name: str
    total: Any
    breakdown: dict[str, Any]
    winner: bool
    details: dict[str, Any] = {}


class Scoreboard(NamedTuple):
    """The end of a game in words (``Blue wins``, ``The investigators lose: …``) and scores."""

    headline: str
    lines: tuple[ScoreLine, ...]


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


def resolve_seats(game: Game, seats: Sequence[BotSpec] | Mapping[int, BotSpec] | None,
                  ) -> tuple[frozenset[int], dict[int, Bot]]:
    """The human seats and a bot for every other seat, from one entry per seat.

    Each entry is ``"human"``, a bot name offered for the game (``bot_names``) or a bot
    callable. ``None`` is the study view: no seats, the user moves for everyone.

    >>> import mythlab
    >>> humans, bots = resolve_seats(mythlab.make("agea", players=3), ["human", "greedy", "random"])
    >>> sorted(humans), sorted(bots)
    ([0], [1, 2])
    """
    if seats is None:
        return frozenset(), {}
    specs = ([seats.get(p, HUMAN) for p in range(game.players)] if isinstance(seats, Mapping)
             else list(seats))
    if len(specs) != game.players:
        raise ValueError(f"seats: {len(specs)} seats for {game.players} players")
    offered = bot_names(game.name) if _registered(game) else ["random", "greedy"]
    for seat, spec in enumerate(specs):
        if isinstance(spec, str) and spec != HUMAN and spec not in offered:
            raise ValueError(f"seats: seat {seat + 1} ({game.player_names[seat]}) has the unknown "
                             f"player {spec!r}; choose human or one of {', '.join(offered)}")
    humans = frozenset(p for p, spec in enumerate(specs) if spec == HUMAN)
    if not humans:
        raise ValueError("seats: no seat is human; to watch bots play, open the game without "
                         "seats and press Play to end of game")
    bots = resolve_bots(game, [("random" if s == HUMAN else s) for s in specs])
    return humans, {p: bot for p, bot in bots.items() if p not in humans}


def _registered(game: Game) -> bool:
    from mythlab import registry

    return game.name in registry.games()


def _targets(state: State) -> dict[str, tuple[Step, ...]]:
    from mythlab import registry

    try:
        targets = registry.spec(state.game.name).load("targets")
    except ValueError:  # a game made but never registered
        return {}
    return dict(targets(state)) if targets else {}


def _token(step: Step) -> str:
    return step.token if isinstance(step, Pick) else step


def _winners_text(names: list[str]) -> str:
    if not names:
        return "No one wins"
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


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
                 max_steps: int = 100_000, *,
                 seats: Sequence[BotSpec] | Mapping[int, BotSpec] | None = None,
                 undo: str = "any"):
        self.session = (game_or_session if isinstance(game_or_session, Session)
                        else Session(game_or_session))
        if undo not in UNDO_RULES:
            raise ValueError(f"undo: {undo!r} is not one of {', '.join(UNDO_RULES)}")
        self.humans, seat_bots_ = resolve_seats(self.session.game, seats)
        self.bots = resolve_bots(self.session.game, bots) | seat_bots_
        self.undo_rule = undo
        self.show_all = not self.humans
        """The teacher's toggle: True shows every hand and every move (always so without seats)."""
        self._ready_for: int | None = None
        self.max_steps = max_steps
        self.status = ""
        self.error = ""
        self.version = 0
        """Bumped on every change of state, so views redraw only when something changed."""
        self._view: tuple[tuple[State, Viewer], str] | None = None
        self.selection: tuple[str, ...] = ()
        """The board tokens clicked so far towards one move (a fleet, then its zone …)."""
        self._paths: tuple[State, dict[str, tuple[Step, ...]]] | None = None

    # ----------------------------------------------------------------- actions
    def click(self, label: str) -> bool:
        """Apply the legal action (or chance outcome) with this label.

        In a seated game only the person to move clicks, after the pass screen if any.
        """
        if self.seated and not self.is_over:
            if self.bot_to_move:
                return self._refuse(f"it is {self.turn}'s turn, played by the computer")
            if self.handoff:
                return self._refuse(f"{self.handoff} first")
        actor = self.turn
        return self._run(lambda: self.session.apply(label),
                         lambda: f"{actor}: {self.session.state.last_move}")

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
                         lambda: f"rolled: {self.session.state.last_move}")

    def undo(self) -> bool:
        """Step back one action; in a seated game, back to the last person's move (bots' replies
        with it), and with ``undo="own"`` only to the mover's own last move."""
        back = self._undo_steps()
        if isinstance(back, str):
            return self._refuse(back)
        undone = self.session.actions[-back] if self.session.can_undo() else ""
        return self._run(lambda: self.session.undo(back), lambda: f"undid: {undone}"
                         + (f" and {back - 1} reply step(s)" if back > 1 else ""))

    def redo(self) -> bool:
        """Step forward again after an undo (in a seated game, to the next person's turn)."""
        steps = self._redo_steps()
        return self._run(lambda: self.session.redo(steps),
                         lambda: f"redid: {self.session.state.history[-steps]}"
                         + (f" and {steps - 1} reply step(s)" if steps > 1 else ""))

    def _undo_steps(self) -> int | str:
        """How many steps Undo goes back, or why it cannot."""
        position = self.session.position
        if position == 0 or not self.seated:
            return 1  # at the start the session itself refuses, naming its rule
        states = self.session.states
        mover = self.state.current_player
        if self.undo_rule == "own" and mover not in self.humans:
            mover = next(iter(self.humans)) if len(self.humans) == 1 else None
        for i in range(position - 1, -1, -1):
            who = states[i].current_player
            if who in self.humans:
                if self.undo_rule == "any" or who == mover:
                    return position - i
                return (f"{states[i].player_name(who)} has moved since: you may undo only "
                        "your own last move")
        return "no person has moved yet"

    def _redo_steps(self) -> int:
        ahead = self.session.ahead
        if not self.seated:
            return 1
        return next((k for k, s in enumerate(ahead, 1) if s.current_player in self.humans),
                    max(len(ahead), 1))

    def play_to_end_of_phase(self) -> bool:
        """Let the bots (and the seeded dice) play until the phase changes; with undone moves
        ahead (a recorded game wound back), replay them to the phase's end instead."""
        return self._play("phase")

    def play_to_end_of_game(self) -> bool:
        """Let the bots (and the seeded dice) play until the game is over; with undone moves
        ahead, replay them all instead."""
        return self._play("end")

    # ----------------------------------------------------------------- seats
    @property
    def seated(self) -> bool:
        """True when people play seats against bots (``seats=``), False in the study view."""
        return bool(self.humans)

    @property
    def pass_and_play(self) -> bool:
        """Two or more human seats share the screen: private views hide between their turns."""
        return len(self.humans) >= 2

    @property
    def bot_to_move(self) -> bool:
        """In a seated game, a bot seat (or the dice, rolled for everyone) moves next."""
        if not self.seated or self.is_over:
            return False
        who = self.state.current_player
        return who == CHANCE or who not in self.humans

    def bot_step(self) -> bool:
        """One move by the bot whose turn it is, or a roll of the game's seeded dice."""
        if not self.bot_to_move:
            return self._refuse("it is a person's turn (or the game is over): no bot moves now")
        if self.is_chance:
            return self.roll()
        who = self.state.current_player
        name, bot = self.state.player_name(who), self.bots[who]
        return self._run(lambda: self.session.apply(bot(self.state)),
                         lambda: f"{name}: {self.session.state.last_move}")

    def run_bots(self) -> int:
        """Let bots (and the dice) move until a person is to move or the game ends."""
        steps = 0
        while self.bot_to_move and steps < self.max_steps:
            if not self.bot_step():
                break
            steps += 1
        return steps

    @property
    def handoff(self) -> str:
        """In pass-and-play, the screen shown between turns (``Pass to Blue …``), else ""."""
        who = self.state.current_player
        if (not self.pass_and_play or self.show_all or self.is_over or who not in self.humans
                or who == self._ready_for):
            return ""
        return f"Pass to {self.state.player_name(who)} — click when ready"

    def ready(self) -> bool:
        """The player named on the pass screen has the screen: show their view and moves."""
        if not self.handoff:
            return self._refuse("there is no one to pass the screen to now")
        self._ready_for = self.state.current_player
        self.version += 1
        return True

    @property
    def viewer(self) -> Viewer:
        """Whose view is shown: ``ALL``, a human seat, or ``None`` (public, between turns)."""
        if self.show_all or self.is_over:
            return ALL
        if len(self.humans) == 1:
            return next(iter(self.humans))
        who = self.state.current_player
        return who if who in self.humans and not self.handoff else None

    def set_show_all(self, on: bool) -> None:
        """The teacher's toggle between the god view and the seats' own views."""
        if self.seated and bool(on) != self.show_all:
            self.show_all = bool(on)
            self.version += 1

    @property
    def scoreboard(self) -> Scoreboard | None:
        """Once the game is over: the result in words and each player's score by source."""
        if not self.is_over:
            return None
        scores = self.state.scores()
        winners = set(scores.get("winners", []))
        totals, parts = scores.get("scores", {}), scores.get("breakdown", {})
        apart = set(scores.get("details", ()))  # breakdown entries that are not in the total
        names = self.state.game.player_names
        lines = tuple(ScoreLine(name, totals.get(name),
                                {k: v for k, v in parts.get(name, {}).items() if k not in apart},
                                p in winners,
                                {k: v for k, v in parts.get(name, {}).items() if k in apart})
                      for p, name in enumerate(names))
        if "team" in scores:  # a cooperative game: one result for the whole table
            lines = (ScoreLine(", ".join(names), None, {}, bool(winners), dict(scores["team"])),)
        headline = scores.get("outcome") or _winners_text([names[p] for p in sorted(winners)])
        return Scoreboard(headline, lines)

    # ----------------------------------------------------------------- the board
    @property
    def click_paths(self) -> dict[str, tuple[Step, ...]]:
        """Each move the person may make now, as the board clicks that make it (empty when
        the game names no ``targets`` or no person is to click)."""
        if self.is_over or self.is_chance or (self.seated and (self.bot_to_move or self.handoff)):
            return {}
        if self._paths is None or self._paths[0] is not self.state:
            self._paths = (self.state, _targets(self.state))
        return self._paths[1]

    def _matching(self, selection: tuple[str, ...]) -> dict[str, tuple[Step, ...]]:
        n = len(selection)
        return {label: path for label, path in self.click_paths.items()
                if len(path) >= n and tuple(_token(s) for s in path[:n]) == selection}

    @property
    def hot(self) -> list[str]:
        """The board tokens a click may take next, in order."""
        n = len(self.selection)
        return list(dict.fromkeys(_token(p[n]) for p in self._matching(self.selection).values()
                                  if len(p) > n and not isinstance(p[n], Pick)))

    @property
    def choices(self) -> list[Pick]:
        """The picker's choices after the clicks so far (a bid's amounts), in order."""
        n = len(self.selection)
        return list(dict.fromkeys(p[n] for p in self._matching(self.selection).values()
                                  if len(p) > n and isinstance(p[n], Pick)))

    @property
    def drops(self) -> dict[str, list[str]]:
        """Each hot token that begins a longer move, with the tokens it may be dropped on:
        dragging it onto one makes the same two clicks (a card onto a legend)."""
        n = len(self.selection)
        drops: dict[str, list[str]] = {}
        for path in self._matching(self.selection).values():
            if len(path) > n + 1 and not isinstance(path[n], Pick) \
                    and not isinstance(path[n + 1], Pick):
                targets = drops.setdefault(path[n], [])
                if path[n + 1] not in targets:
                    targets.append(path[n + 1])
        return drops

    def board_click(self, token: str) -> bool:
        """A click on the board (or the picker): extend the selection; make the move once the
        clicks name exactly one."""
        chosen = (*self.selection, token)
        matching = self._matching(chosen)
        if not matching:
            self.selection = ()
            self.version += 1
            return self._refuse(f"{token!r} is not part of a move you can make now")
        done = [label for label, path in matching.items() if len(path) == len(chosen)]
        if len(matching) == 1 and done:
            self.selection = ()
            return self.click(done[0])
        self.selection = chosen
        self.version += 1
        self.error, self.status = "", "chosen: " + " → ".join(chosen)
        return False

    def clear_selection(self) -> None:
        """Forget the clicks made towards a move (the board's Cancel)."""
        if self.selection:
            self.selection = ()
            self.version += 1

    # ----------------------------------------------------------------- what the view shows
    @property
    def state(self) -> State:
        """The session's current state."""
        return self.session.state

    @property
    def phase(self) -> Phase:
        """The rule phase of the current state."""
        return self.state.phase

    @property
    def phase_name(self) -> str:
        """The current phase's name."""
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
        """How many moves the session has applied up to now."""
        return self.session.position

    @property
    def is_chance(self) -> bool:
        """Whether chance moves next."""
        return self.state.is_chance_node()

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal()

    @property
    def can_undo(self) -> bool:
        """Whether Undo is allowed: a move to undo that the undo rule lets the humans take back."""
        return self.session.can_undo() and not isinstance(self._undo_steps(), str)

    @property
    def can_redo(self) -> bool:
        """Whether undone moves are left to redo."""
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
        if self.seated and (self.bot_to_move or self.handoff):
            return []
        outcomes = self.outcomes
        if outcomes:
            return [ButtonGroup(f"Chance: {len(outcomes)} outcomes",
                                tuple(Button(o.label, o.text, o.tooltip) for o in outcomes))]
        return group_actions(self.state.legal_actions())

    @property
    def labels(self) -> list[str]:
        """The labels of every button, in order."""
        return [b.label for g in self.buttons for b in g.buttons]

    @property
    def log(self) -> list[LogEntry]:
        """Every step of the current timeline, oldest first."""
        states = self.session.states
        viewer = self.viewer
        return [LogEntry(i, turn_text(before), after.step_for(viewer),
                         tuple(after.events_for(viewer)))
                for i, (before, after) in enumerate(zip(states, states[1:], strict=False), 1)]

    @property
    def view_html(self) -> str:
        """The game's own view of the current state (HTML, may hold SVG); cached per state."""
        state, viewer = self.state, self.viewer
        # by identity: State == State compares whole JSON texts
        if self._view is None or self._view[0][0] is not state or self._view[0][1] != viewer:
            self._view = ((state, viewer), render_view(state, viewer))
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
        if changed:
            self.selection = ()
        self.version += changed
        return changed

    def _refuse(self, reason: str) -> bool:
        self.error = f"{self.phase_rule}: {reason}"
        return False

    def _play(self, until: str) -> bool:
        if self.is_over:
            return self._refuse("the game is over; there is nothing left to play")
        start, phase = self.step, self.phase_name
        if self.session.can_redo():
            steps = self._recorded_steps(until)
            return self._run(
                lambda: self.session.redo(steps),
                lambda: f"replayed {steps} recorded step(s) "
                        + (f"to the end of {phase}" if until == "phase" else "to the last one"))
        return self._run(
            lambda: self.session.play(self.bots, until=until, max_steps=self.max_steps),
            lambda: f"bots played {self.step - start} step(s) "
                    + (f"to the end of {phase}" if until == "phase" else "to the end of the game"))

    def _recorded_steps(self, until: str) -> int:
        """How many undone moves lie ahead up to the phase's end (``until="phase"``, as
        ``Session.play`` stops) or to the last one."""
        ahead = self.session.ahead
        if until != "phase":
            return len(ahead)
        changed = (i for i, s in enumerate(ahead, 1) if s.phase.name != self.phase_name)
        return next(changed, len(ahead))

    def __repr__(self) -> str:
        return f"<StepperModel {self.session!r}: {self.phase_name}, {self.turn} to move>"
