"""``Session``: a timeline of states with undo, redo, what-if branches and JSON save files."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from mythlab.registry import make

from .action import Action
from .chance import CHANCE
from .errors import IllegalAction, SaveFileError, shown
from .files import DataFile, FileRefused, read_user_text
from .game import Game
from .state import MAX_SAVE_BYTES, State, parse_save_json

SESSION_FORMAT = "mythlab-session"
#: version 2 embeds the game's data files; version 1 (paths in the options) is still read
SESSION_VERSION = 2
READABLE_VERSIONS = (1, 2)

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
        """The state at the current position."""
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
    def ahead(self) -> list[State]:
        """The states Redo would step through, nearest first (empty after a new move)."""
        return self._timeline[self._position + 1 :]

    @property
    def actions(self) -> list[str]:
        """The labels of the actions that led to the current state."""
        return [s.last_move for s in self._timeline[1 : self._position + 1]]

    def can_undo(self) -> bool:
        """Whether there is a move to undo (not at the start)."""
        return self._position > 0

    def can_redo(self) -> bool:
        """Whether undone moves are left to redo."""
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
        start_phase = self.state.phase.name if until == "phase" else None
        seated = isinstance(bots, Mapping)
        timeline = self._timeline
        state = timeline[self._position]
        for _ in range(max_steps):
            player = state.current_player  # None once the game is over
            if player is None or (stop is not None and stop(state)):
                break
            if start_phase is not None and state.phase.name != start_phase:
                break
            if player == CHANCE:
                state = state.apply(state.sample_chance())
            else:
                state = state.apply((bots[player] if seated else bots)(state))
            # what ``apply`` does, inline (a simulation's loop): the first move forgets the
            # redo tail, and the session stands on each new state as it is reached
            if self._position + 1 < len(timeline):
                del timeline[self._position + 1 :]
            timeline.append(state)
            self._position += 1
        return state

    # ----------------------------------------------------------------- files
    def to_dict(self) -> dict[str, Any]:
        """The save file's content: game, options, embedded data files, actions, position."""
        body = {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": self.game.name,
            "options": self.game.options_dict(),
            "files": [{**f.ref(), "text": f.text} for f in self.game.data_files()],
            "actions": [s.last_move for s in self._timeline[1:]],
            "position": self._position,
        }
        return {**body, "checksum": _checksum(body)}

    def to_text(self) -> str:
        """The save file's text (what ``save`` writes and ``from_json`` reads)."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def save(self, path: str | os.PathLike) -> Path:
        """Write the session (game, options, every action) as JSON; never pickle.

        The text goes to a fresh temporary file beside ``path`` (never a fixed name a symlink
        could be planted at), then replaces ``path`` at once: a crash never leaves half a save,
        and a failure leaves nothing behind.
        """
        path = Path(path)
        text = self.to_text()
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
        """Rebuild a session from a save's text: the game is made from the data files the save
        embeds (never from paths), then every action is replayed; ``SaveFileError`` otherwise."""
        payload = parse_save_json(text, source)
        if not isinstance(payload, dict) or payload.get("format") != SESSION_FORMAT:
            raise SaveFileError(f"{source}: not a mythlab session file (field 'format')")
        if payload.get("version") not in READABLE_VERSIONS:
            raise SaveFileError(f"{source}: version {shown(payload.get('version'))} is not "
                                f"supported; this mythlab reads version {SESSION_VERSION} "
                                "(field 'version')")
        files = _embedded_files(payload.get("files", []), source)
        body = {k: v for k, v in payload.items() if k != "checksum"}
        if payload.get("checksum") != _checksum(body):
            raise SaveFileError(f"{source}: checksum does not match; the file was altered or "
                                "damaged (field 'checksum')")
        name, options, actions, position = payload.get("game"), payload.get("options"), \
            payload.get("actions"), payload.get("position")
        if not isinstance(name, str) or not isinstance(options, dict) \
                or not {"players", "seed"} <= set(options) or not isinstance(actions, list) \
                or not all(isinstance(a, str) for a in actions) \
                or isinstance(position, bool) or not isinstance(position, int):
            raise SaveFileError(f"{source}: damaged session file: expected game (text), options "
                                "(with players and seed), actions (texts) and position (a whole "
                                "number) (fields 'game', 'options', 'actions', 'position')")
        options = {k: _with_files(v, files, source) for k, v in options.items()}
        players, seed = options.pop("players"), options.pop("seed")
        try:
            game = make(name, players=players, seed=seed, **options)
        except (TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: cannot set up the saved game {shown(name)}: {exc} "
                                "(fields 'game', 'options')") from None
        if len(actions) > game.max_actions():
            raise SaveFileError(f"{source}: {len(actions)} actions, more than a game of "
                                f"{game.title} can have ({game.max_actions()}) (field 'actions')")
        session = cls(game)
        for step, label in enumerate(actions, start=1):
            try:
                session.apply(label)
            except IllegalAction as exc:
                raise SaveFileError(f"{source}: step {step} ({shown(label)}) cannot be replayed: "
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
    # surrogatepass: a save may hold a lone surrogate ("\\udcff" in JSON); it still hashes
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def _embedded_files(raw: Any, source: str) -> dict[str, DataFile]:
    """The data files a save embeds, by content hash; an altered one is named."""
    if not isinstance(raw, list):
        raise SaveFileError(f"{source}: damaged session file: expected a list (field 'files')")
    out = {}
    for n, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) != {"file", "sha256", "text"} \
                or not all(isinstance(v, str) for v in entry.values()):
            raise SaveFileError(f"{source}: damaged session file: expected file, sha256 and text "
                                f"(field 'files[{n}]')")
        data = DataFile(entry["file"], entry["text"])
        if data.sha256 != entry["sha256"]:
            raise SaveFileError(f"{source}: the data file {shown(data.name)} embedded in the save "
                                f"was altered: its text does not match its sha256 "
                                f"(field 'files[{n}]')")
        out[data.sha256] = data
    return out


def _with_files(value: Any, files: dict[str, DataFile], source: str) -> Any:
    """An option as the game takes it: data-file references replaced by the embedded files."""
    if isinstance(value, list) and value and all(_is_ref(v) for v in value):
        return [_with_files(v, files, source) for v in value]
    if not _is_ref(value):
        return value
    if value["sha256"] not in files:
        raise SaveFileError(f"{source}: the save names the data file {shown(value['file'])} but "
                            "does not hold it (field 'files')")
    return files[value["sha256"]]


def _is_ref(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"file", "sha256"}
