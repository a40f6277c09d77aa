"""``Game``: a game's rules, options and declared facts (``mythlab.registry`` finds games)."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import networkx as nx
from pydantic import ValidationError

from .chance import SeededStream
from .errors import SaveFileError, shown
from .files import DataFile
from .options import check_names, check_players, check_seed, option_json, read_file_option
from .phase import PhaseBook
from .state import STATE_FORMAT, STATE_VERSION, State, data_from_json, parse_save_json

#: the largest seeded-stream position a state may hold (each shuffle advances it by one)
MAX_STREAM_POSITION = 10**9

class Game:
    """A game's rules with fixed options (player count, seed, game-specific options)."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    phases: ClassVar[PhaseBook]
    terminal_phase: ClassVar[str] = "Game over"
    #: True when the players win or lose together (``scores()["winners"]`` is every seat or
    #: none): experiments then report the team's win rate and skip per-seat comparisons
    cooperative: ClassVar[bool] = False
    state_class: ClassVar[type[State]] = State
    #: game-specific options and their defaults; ``make`` refuses any other option
    default_options: ClassVar[dict[str, Any]] = {}
    #: what the rulebook keeps secret, each with the rule that hides it ("hands": "... p.4");
    #: empty for a game of perfect information (``State.observation`` shows everything)
    hidden: ClassVar[dict[str, str]] = {}
    #: the options naming data files, each with whether it takes a list of paths; they are
    #: read when the game is made (``options`` holds the ``DataFile``) and saves embed them
    file_options: ClassVar[dict[str, bool]] = {}

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        players = self.default_players if players is None else players
        self.players = check_players(self.title, players, self.min_players, self.max_players)
        unknown = set(options) - set(self.default_options)
        if unknown:
            known = ", ".join(sorted(self.default_options)) or "none"
            raise ValueError(f"{self.title} has no option {', '.join(sorted(map(str, unknown)))}; "
                             f"its options are: {known}")
        self.seed = check_seed(seed)
        self.options = {**self.default_options, **options}
        self.player_names = check_names(self.options.get("names"), self.players)
        for option, many in self.file_options.items():
            if self.options[option] is not None:
                self.options[option] = read_file_option(option, self.options[option], many)

    def data_files(self) -> list[DataFile]:
        """The data files this game was made with (saves embed them)."""
        out: list[DataFile] = []
        for option in self.file_options:
            value = self.options[option]
            out += value if isinstance(value, tuple) else [value] if value is not None else []
        return out

    # ----------------------------------------------------------------- for games to fill in
    def new_data(self, stream: SeededStream) -> Any:
        """The game's position before the first move (the state dataclass)."""
        raise NotImplementedError

    def max_actions(self) -> int:
        """An upper bound on the actions of one game (random_sim checks it)."""
        raise NotImplementedError

    def invariants(self, state: State) -> list[str]:
        """Broken invariants of ``state`` (e.g. a card in two places); empty when all hold."""
        return []

    def evaluate(self, state: State, player: int) -> float:
        """A heuristic value of ``state`` for ``player`` (greedy bots maximise it)."""
        return 0.0

    # ----------------------------------------------------------------- provided
    def initial_state(self) -> State:
        """The starting position: :meth:`new_data` drawn from the seeded stream (games add
        setup steps and run on to the first decision)."""
        stream = SeededStream(self.seed)
        return self.state_class(self, self.new_data(stream), stream)

    def options_dict(self) -> dict[str, Any]:
        """The options as saves write them (data files by name and content hash)."""
        return {"players": self.players, "seed": self.seed,
                **{k: option_json(v) for k, v in self.options.items()}}

    def state_from_json(self, text: str) -> State:
        """Restore a state saved by ``State.to_json`` (for this game and these options).

        The text is bounded, its fields typed strictly; anything else raises ``SaveFileError``
        naming the field, and this game is left as it was.
        """
        payload = parse_save_json(text, "state JSON")
        if not isinstance(payload, dict) or payload.get("format") != STATE_FORMAT:
            raise SaveFileError("not a mythlab state (field 'format')")
        if payload.get("version") != STATE_VERSION:
            raise SaveFileError(f"state version {shown(payload.get('version'))} is not supported "
                                f"(this mythlab reads version {STATE_VERSION}) (field 'version')")
        if payload.get("game") != self.name:
            raise SaveFileError(f"state is for game {shown(payload.get('game'))}, not "
                                f"{self.name!r} (field 'game')")
        _check_same_options(payload.get("options"), json.loads(json.dumps(self.options_dict())))
        try:
            data = data_from_json(self.state_class.data_class, payload["data"])
        except KeyError:
            raise SaveFileError("state JSON is damaged: no field 'data'") from None
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in ("data", *err["loc"]))
            raise SaveFileError(f"state JSON is damaged: {err['msg']} (field {where!r})") from None
        stream = payload.get("stream")
        if isinstance(stream, bool) or not isinstance(stream, int) or \
                not 0 <= stream <= MAX_STREAM_POSITION:
            raise SaveFileError(f"state JSON is damaged: stream position {shown(stream)} is not a "
                                f"whole number from 0 to {MAX_STREAM_POSITION} (field 'stream')")
        history, events = payload.get("history"), payload.get("events")
        for name, value in (("history", history), ("events", events)):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise SaveFileError(f"state JSON is damaged: expected a list of strings "
                                    f"(field {name!r})")
        state = self.state_class(self, data, SeededStream(self.seed, stream), tuple(history),
                                 events)
        problem = _impossible(state)
        if problem:
            raise SaveFileError(f"state JSON holds an impossible position: {problem} "
                                "(field 'data')")
        return state

    def phase_graph(self) -> nx.DiGraph:
        """The declared phases and transitions as a networkx graph."""
        return self.phases.graph()

    def __repr__(self) -> str:
        return f"mythlab.make({self.name!r}, players={self.players}, seed={self.seed})"


def _check_same_options(saved: Any, mine: dict[str, Any]) -> None:
    """A state is for the game it was saved from: same options, same data files' contents."""
    if saved == mine:
        return
    if not isinstance(saved, dict):
        raise SaveFileError(f"state JSON is damaged: options {shown(saved)} (field 'options')")
    key = min((k for k in set(saved) | set(mine) if saved.get(k) != mine.get(k)), key=str)
    was, now = saved.get(key), mine.get(key)
    both_lists = isinstance(was, list) and isinstance(now, list)
    for a, b in zip(was, now, strict=False) if both_lists else [(was, now)]:
        if isinstance(a, dict) and isinstance(b, dict) and a != b \
                and a.get("file") == b.get("file"):
            raise SaveFileError(f"the data file {b['file']} has changed since the state was "
                                f"saved (its sha256 differs) (field 'options', {key!r})")
    raise SaveFileError(f"state was made with {key}={shown(was)}, this game has {key}="
                        f"{shown(now)} (field 'options', {key!r})")


def _impossible(state: State) -> str | None:
    """Why a loaded state is no position of its game: a broken invariant (each game's
    ``invariants`` checks ids, seats and counts first), or rules that cannot run on it."""
    try:
        problems = state.game.invariants(state)
        if not problems:
            state.phase, state.current_player, state.legal_actions(), state.scores()
    except Exception as exc:  # noqa: BLE001  any crash: the rules met a position they never make
        return f"the rules cannot run on it ({type(exc).__name__}: {shown(str(exc))})"
    return problems[0] if problems else None
