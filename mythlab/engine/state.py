"""The shared ``State``: what every game's state offers (DESIGN.md's public API).

A game subclasses ``State`` and writes its rules in a handful of hooks (``_phase_name``,
``_current_player``, ``_legal``, ``_chance``, ``_do``, ``_scores``); this class supplies
immutability, label lookup, refusal with the rule's reason, chance handling, events,
history and exact JSON round trips.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from .action import Action
from .chance import CHANCE, SeededStream
from .copying import replicate
from .errors import IllegalAction, SaveFileError
from .phase import Phase

if TYPE_CHECKING:
    from .game import Game

STATE_FORMAT = "mythlab-state"
STATE_VERSION = 1
#: the largest save or state text mythlab reads (a long game's save is about 1 MB)
MAX_SAVE_BYTES = 16 << 20


class State:
    """A position in a game. Read-only from outside: ``apply`` returns a new state."""

    __slots__ = ("game", "data", "stream", "events", "history", "_legal_cache")

    #: the dataclass holding the game's own position; set by each game
    data_class: type = object

    def __init__(self, game: Game, data: Any, stream: SeededStream,
                 history: tuple[str, ...] = (), events: Iterable[str] = ()):
        self.game = game
        self.data = data
        self.stream = stream
        self.history = history
        self.events: list[str] = list(events)
        self._legal_cache: tuple[Action, ...] | None = None

    # ----------------------------------------------------------------- hooks for games
    def _phase_name(self) -> str:
        raise NotImplementedError

    def _current_player(self) -> int | None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        """Legal actions at a decision node."""
        raise NotImplementedError

    def _chance(self) -> list[tuple[Action, Fraction]]:
        """Outcomes at a chance node."""
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        """Carry out a legal ``action`` on this (fresh) state, logging with ``self.log``."""
        raise NotImplementedError

    def _scores(self) -> dict[str, Any]:
        raise NotImplementedError

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        """Why ``label`` is not legal here, as (rule, reason); None for the generic reason."""
        return None

    # ----------------------------------------------------------------- public API
    @property
    def phase(self) -> Phase:
        """The rule phase this state is in (``.name``, ``.rule``)."""
        return self.game.phases[self._phase_name()]

    @property
    def current_player(self) -> int | None:
        """The player to move, ``mythlab.CHANCE`` at a chance node, None when the game is over."""
        if self.is_terminal():
            return None
        return self._current_player()

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        return self._phase_name() == self.game.terminal_phase

    def legal_actions(self) -> list[Action]:
        """The moves available now (chance outcomes at a chance node, nothing when over).

        A fresh list each call: callers may edit it without changing the state.
        """
        if self._legal_cache is None:
            if self.is_terminal():
                self._legal_cache = ()
            elif self.is_chance_node():
                self._legal_cache = tuple(a for a, _ in self._chance())
            else:
                self._legal_cache = tuple(self._legal())
        return list(self._legal_cache)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each chance outcome with its exact probability (they sum to exactly 1)."""
        if not self.is_chance_node():
            return []
        return self._chance()

    def find(self, action: Action | str) -> Action:
        """The legal action meaning ``action`` (an Action, its label, or an unambiguous prefix)."""
        label = action.label if isinstance(action, Action) else str(action).strip()
        legal = self.legal_actions()
        for a in legal:
            if a.label == label:
                return a
        folded = label.casefold()
        matches = [a for a in legal if a.label.casefold() == folded]
        if not matches:
            matches = [a for a in legal if a.label.casefold().startswith(folded)]
        if len(matches) == 1:
            return matches[0]
        phase = self.phase
        if len(matches) > 1:
            raise IllegalAction(phase.rule, f"{label!r} is ambiguous here: it could mean "
                                + ", ".join(repr(a.label) for a in matches[:6]), label)
        raise IllegalAction(*self._refusal(label), label)

    def why_illegal(self, action: Action | str) -> str | None:
        """The message ``apply`` would raise for ``action``, or None when it is legal."""
        try:
            self.find(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def apply(self, action: Action | str) -> State:
        """The state after ``action``; this state is left unchanged."""
        chosen = self.find(action)
        new = self.clone()
        new.events = []
        new.history = self.history + (chosen.label,)
        new._do(chosen)
        return new

    def sample_chance(self) -> Action:
        """A chance outcome drawn from the state's own seeded stream (deterministic)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction(self.phase.rule, "this is not a chance node")
        # Negative positions are never used by the game's own shuffles, so rolls and shuffles
        # stay independent; the step number makes each roll of a game its own draw.
        stream = SeededStream(self.stream.seed, -1 - len(self.history))
        return outcomes[stream.choice_index([p for _, p in outcomes])][0]

    def scores(self) -> dict[str, Any]:
        """Final scores and winners (also available mid-game as the running tally)."""
        return self._scores()

    def clone(self) -> State:
        """A deep, independent copy (used by ``apply``)."""
        new = object.__new__(type(self))
        new.game = self.game
        new.data = replicate(self.data)
        new.stream = SeededStream(self.stream.seed, self.stream.position)
        new.history = self.history
        new.events = list(self.events)
        new._legal_cache = None
        return new

    def log(self, text: str, rule: str | None = None) -> None:
        """Record what the action did, with its rule reference."""
        self.events.append(f"{text}  [{rule}]" if rule else text)

    def player_name(self, player: int) -> str:
        return self.game.player_names[player]

    # ----------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """The whole state as JSON; ``game.state_from_json`` restores it exactly."""
        payload = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game.name,
            "options": self.game.options_dict(),
            "stream": self.stream.position,
            "history": list(self.history),
            "events": self.events,
            "data": _adapter(type(self.data)).dump_python(self.data, mode="json"),
        }
        return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = self.current_player
        who = "chance" if who == CHANCE else ("nobody" if who is None else self.player_name(who))
        step = len(self.history)
        return f"<{self.game.title} state: {self.phase.name}, {who} to move, step {step}>"

    def _refusal(self, label: str) -> tuple[str, str]:
        diagnosis = self._diagnose(label)
        if diagnosis is not None:
            return diagnosis
        phase = self.phase
        if self.is_terminal():
            return phase.rule, "the game is over; no move is possible"
        legal = self.legal_actions()
        shown = ", ".join(repr(a.label) for a in legal[:8]) + (" …" if len(legal) > 8 else "")
        return phase.rule, f"{label!r} is not a legal move in {phase.name}; legal now: {shown}"


_ADAPTERS: dict[type, TypeAdapter] = {}


def _adapter(cls: type) -> TypeAdapter:
    if cls not in _ADAPTERS:
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def data_from_json(cls: type, data: Any) -> Any:
    """Rebuild a state dataclass from its JSON form, validated strictly by pydantic
    (``true`` is no number, ``"5"`` no count)."""
    return _adapter(cls).validate_json(json.dumps(data), strict=True)


def parse_save_json(text: Any, source: str) -> Any:
    """Parse the JSON of a save or state; anything but bounded, valid JSON is a SaveFileError."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFileError(f"{source}: expected the saved JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{source}: {len(text)} characters, more than the {MAX_SAVE_BYTES} "
                            "a save may have")
    try:
        return json.loads(text)
    except RecursionError:
        raise SaveFileError(f"{source}: not valid JSON: nested too deep") from None
    except (ValueError, UnicodeDecodeError) as exc:  # a 5000-digit number is a ValueError too
        raise SaveFileError(f"{source}: not valid JSON, truncated or damaged ({exc})") from None
