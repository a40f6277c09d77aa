"""``Session``: a timeline of states with undo, redo, what-if branches and JSON save files."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .action import Action
from .chance import CHANCE
from .errors import IllegalAction, SaveFileError, shown
from .files import FileRefused, read_user_text
from .game import Game, make
from .state import MAX_SAVE_BYTES, State, parse_save_json

SESSION_FORMAT = "mythlab-session"
SESSION_VERSION = 1

Bot = Callable[[State], Action | str]


class Session:
    """A game being played: the states so far, a position on them, and a redo tail.

    >>> import mythlab
    >>> s = mythlab.Session(mythlab.make("agea", players=2, seed=1))
    >>> _ = s.apply(s.state.legal_actions()[0]); s.undo().history
    ()
    """

    def __init__(self, game: Game, state: State | None = None):
        self.game = game
        self._timeline: list[State] = [state if state is not None else game.initial_state()]
        self._position = 0

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> State:
        return self._timeline[self._position]

    @property
    def position(self) -> int:
        """How many actions have been applied on the current timeline."""
        return self._position

    @property
    def states(self) -> list[State]:
        """Every state from the start up to the current one."""
        return self._timeline[: self._position + 1]

    @property
    def actions(self) -> list[str]:
        """The labels of the actions that led to the current state."""
        return [s.history[-1] for s in self._timeline[1 : self._position + 1]]

    def can_undo(self) -> bool:
        return self._position > 0

    def can_redo(self) -> bool:
        return self._position < len(self._timeline) - 1

    # ----------------------------------------------------------------- moving
    def apply(self, action: Action | str) -> State:
        """Apply a move to the current state; forgets the redo tail (like an editor)."""
        new = self.state.apply(action)
        del self._timeline[self._position + 1 :]
        self._timeline.append(new)
        self._position += 1
        return new

    def roll(self) -> State:
        """At a chance node, apply an outcome drawn from the state's seeded stream."""
        return self.apply(self.state.sample_chance())

    def undo(self, steps: int = 1) -> State:
        """Step back ``steps`` actions (the undone states stay available to ``redo``)."""
        _check_steps(steps)
        if steps > self._position:
            raise IllegalAction("Session · undo", f"only {self._position} step(s) to undo")
        self._position -= steps
        return self.state

    def redo(self, steps: int = 1) -> State:
        """Step forward again over ``steps`` undone actions."""
        _check_steps(steps)
        if self._position + steps > len(self._timeline) - 1:
            raise IllegalAction("Session · redo", "nothing to redo")
        self._position += steps
        return self.state

    def branch(self, at: int | None = None) -> Session:
        """A new session that starts as this one at step ``at`` (a what-if from there)."""
        at = self._position if at is None else at
        if not 0 <= at < len(self._timeline):
            raise IndexError(f"step {at} is not on this timeline (0..{len(self._timeline) - 1})")
        other = Session(self.game, self._timeline[0])
        other._timeline = self._timeline[: at + 1]
        other._position = at
        return other

    def play(self, bots: Mapping[int, Bot] | Bot, until: str = "end", max_steps: int = 100_000,
             stop: Callable[[State], bool] | None = None) -> State:
        """Let bots move (chance rolled from the seeded stream) until the game ends.

        ``until="phase"`` stops when the phase changes; ``stop`` is any other condition.
        """
        start_phase = self.state.phase.name
        for _ in range(max_steps):
            state = self.state
            if state.is_terminal() or (stop is not None and stop(state)):
                break
            if until == "phase" and state.phase.name != start_phase:
                break
            if state.current_player == CHANCE:
                self.roll()
                continue
            bot = bots[state.current_player] if isinstance(bots, Mapping) else bots
            self.apply(bot(state))
        return self.state

    # ----------------------------------------------------------------- files
    def to_dict(self) -> dict[str, Any]:
        body = {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game.name,
            "options": self.game.options_dict(),
            "actions": [s.history[-1] for s in self._timeline[1:]],
            "position": self._position,
        }
        return {**body, "checksum": _checksum(body)}

    def save(self, path: str | os.PathLike) -> Path:
        """Write the session (game, options, every action) as JSON; never pickle.

        The text goes to a fresh temporary file beside ``path`` (never a fixed name a symlink
        could be planted at), then replaces ``path`` at once: a crash never leaves half a save,
        and a failure leaves nothing behind.
        """
        path = Path(path)
        text = json.dumps(self.to_dict(), indent=1, ensure_ascii=False)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    @classmethod
    def load(cls, path: str | os.PathLike) -> Session:
        """Read a save file; a damaged or foreign file raises ``SaveFileError``."""
        try:
            text = read_user_text(path, MAX_SAVE_BYTES)
        except FileRefused as exc:
            raise SaveFileError(f"{path}: cannot read save file: {exc}") from None
        return cls.from_json(text, source=str(path))

    @classmethod
    def from_json(cls, text: str, source: str = "save file") -> Session:
        payload = parse_save_json(text, source)
        if not isinstance(payload, dict) or payload.get("format") != SESSION_FORMAT:
            raise SaveFileError(f"{source}: not a mythlab session file (field 'format')")
        if payload.get("version") != SESSION_VERSION:
            raise SaveFileError(f"{source}: version {shown(payload.get('version'))} is not "
                                f"supported; this mythlab reads version {SESSION_VERSION} "
                                "(field 'version')")
        body = {k: v for k, v in payload.items() if k != "checksum"}
        if payload.get("checksum") != _checksum(body):
            raise SaveFileError(f"{source}: checksum does not match; the file was altered or "
                                "damaged (field 'checksum')")
        try:
            name = str(payload["game"])
            options = dict(payload["options"])
            players, seed = options.pop("players"), options.pop("seed")
            actions = [str(a) for a in payload["actions"]]
            position = int(payload["position"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: damaged session file: {exc}") from None
        try:
            game = make(name, players=players, seed=seed, **options)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: cannot set up the saved game {name!r}: {exc} "
                                "(fields 'game', 'options')") from None
        session = cls(game)
        for step, label in enumerate(actions, start=1):
            try:
                session.apply(label)
            except IllegalAction as exc:
                raise SaveFileError(f"{source}: step {step} ({label!r}) cannot be replayed: "
                                    f"{exc}") from None
        if not 0 <= position <= len(actions):
            raise SaveFileError(f"{source}: position {position} is outside 0..{len(actions)} "
                                "(field 'position')")
        session._position = position
        return session

    def __repr__(self) -> str:
        return f"<Session {self.game!r} at step {self._position} of {len(self._timeline) - 1}>"


def _check_steps(steps: int) -> None:
    if not isinstance(steps, int) or steps < 0:
        raise ValueError(f"steps must be a whole number ≥ 0, not {steps!r}")


def _checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()
