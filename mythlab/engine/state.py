"""The shared ``State``: what every game's state offers (the public API of the engine).

A game subclasses ``State``, names its ``Rules`` book (``rules``) and fills a few hooks
(``_phase_name``, ``decision``, ``_advance``, ``_scores``); this class supplies the dispatch
(the top decision's offerer lists the moves, the move's doer carries it out), immutability,
label lookup, refusal with the rule's reason, chance handling, events, history and exact JSON
round trips. Copying and lookup have hooks (``_copy_data_for``, ``_lookup``) for speed, so no
game overrides ``apply``.
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import repeat
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from .action import Action
from .chance import CHANCE, SeededStream, draw_index, outcome_table
from .copying import replicate
from .errors import IllegalAction, SaveFileError
from .phase import Phase

ALL = "all"
"""The viewer who sees everything (a teacher's "show all"; ``observation`` takes a seat or
``None`` for the public view)."""

if TYPE_CHECKING:
    from .game import Game
    from .rules import Rules, Task

STATE_FORMAT = "mythlab-state"
STATE_VERSION = 1
#: the largest save or state text mythlab reads (a long game's save is about 1 MB)
MAX_SAVE_BYTES = 16 << 20


class State:
    """A position in a game. Read-only from outside: ``apply`` returns a new state."""

    __slots__ = ("game", "data", "_stream", "_stream_shared", "events", "_trail", "_history",
                 "_to_move", "_task", "_owned_fields", "_legal_cache", "_outcomes", "_drawn",
                 "_json")

    #: the dataclass holding the game's own position; set by each game
    data_class: type = object
    #: the game's rule book: which rule offers each decision's moves and does each move
    rules: Rules | None = None

    def __init__(self, game: Game, data: Any, stream: SeededStream,
                 history: tuple[str, ...] = (), events: Iterable[str] = ()):
        self.game = game
        self.data = data
        self.stream = stream
        self.history = history
        self.events: list[str] = list(events)
        self._to_move: int | None | object = _UNKNOWN
        # ``decision()``, kept once the player to move is worked out (``_current_player``)
        self._task: Task | None = None
        # the fields of ``data`` this state's move copied (``to_change``); None: a state no
        # move made, which owns all of them
        self._owned_fields: set[str] | frozenset[str] | None = None
        self._legal_cache: tuple[Action, ...] | None = None
        self._outcomes: tuple[tuple[Action, Fraction], ...] | None = None
        self._drawn: Action | None = None  # the outcome ``sample_chance`` last drew here
        self._json: str | None = None

    # ----------------------------------------------------------------- hooks for games
    def _phase_name(self) -> str:
        raise NotImplementedError

    def decision(self) -> Task:
        """The decision to answer now: by default the top of the game's task stack."""
        return self.data.tasks[-1]

    def _advance(self) -> None:
        """After a move: run the game on until a decision is needed (turn flow, phase ends)."""

    def _before_move(self, action: Action) -> None:
        """Just before a move is carried out (e.g. the first move of a turn ends its start)."""

    def _current_player(self) -> int | None:
        task = self.decision()
        if self._to_move is not _MID_MOVE:  # kept for the moves (``_legal``, ``_chance``)
            self._task = task
        return CHANCE if task.kind in self.rules.outcomes else task.player  # Rules.is_chance

    def _may_be_over(self) -> bool:
        """A quick look at the position: False when the game cannot be over, so ``is_terminal``
        (asked at every step) need not work the phase out. By default True."""
        return True

    def _legal(self) -> list[Action]:
        """Legal actions at a decision node: the top decision's offerer lists them."""
        task = self._task  # kept by ``_current_player``, which a game may replace
        if task is None:
            task = self.decision()
        return self.rules.offerers[task.kind](self, task)  # ``Rules.offer`` at a decision

    def _chance(self) -> Sequence[tuple[Action, Fraction]]:
        """Outcomes at a chance node, with their exact probabilities."""
        task = self._task
        return self.rules.chance(self, self.decision() if task is None else task)

    def _do(self, action: Action) -> None:
        """Carry out a legal ``action`` on this (fresh) state: the move kind's doer, then the
        game runs on (``_advance``)."""
        task = self.decision()  # of the copy: a game may copy the task its move changes
        self._before_move(action)
        self.rules.doers[action.kind](self, task, action)  # ``Rules.do``
        self._advance()

    def _copy_data_for(self, action: Action) -> Any:
        """The position ``action`` will change, copied (a game may copy less for cheap moves,
        such as a dice outcome that changes only the roll in hand)."""
        return replicate(self.data)

    def _copy_field(self, name: str, value: Any) -> Any:
        """A copy of the field ``name`` of the position, which a move shared with the state
        before it, for the move to change (``to_change``): by default a shallow copy."""
        return value.copy()

    def _lookup(self, label: str) -> Action | None:
        """A fast path from an exact label to its legal action, or None to search the list."""
        return None

    def _scores(self) -> dict[str, Any]:
        raise NotImplementedError

    def _diagnose(self, label: str) -> tuple[str, str] | None:
        """Why ``label`` is not legal here, as (rule, reason); None for the generic reason."""
        return None

    # ----------------------------------------------------------------- public API
    @property
    def stream(self) -> SeededStream:
        """The seeded stream the game's shuffles and draws come from. A move's new state
        shares the stream of the state before it until something reads it here (a rule that
        shuffles or draws), which then gets its own copy: the earlier state's stream never
        moves, and most moves, which draw nothing, copy nothing."""
        stream = self._stream
        if self._stream_shared:
            stream = self._stream = SeededStream(stream.seed, stream.position)
            self._stream_shared = False
        return stream

    @stream.setter
    def stream(self, stream: SeededStream) -> None:
        self._stream = stream
        self._stream_shared = False

    @property
    def phase(self) -> Phase:
        """The rule phase this state is in (``.name``, ``.rule``)."""
        return self.game.phases[self._phase_name()]

    @property
    def current_player(self) -> int | None:
        """The player to move, ``mythlab.CHANCE`` at a chance node, None when the game is over.

        Worked out once per state (a step asks it two or three times; ``edited`` forgets it),
        but afresh each time a rule asks in the middle of a move."""
        player = self._to_move
        if player is _UNKNOWN or player is _MID_MOVE:  # _MID_MOVE: a rule asking in its move
            # ``_may_be_over`` first: a position that cannot be over needs no phase worked out
            now = None if self._may_be_over() and self.is_terminal() else self._current_player()
            if player is _UNKNOWN:
                self._to_move = now
            return now
        return player

    def is_chance_node(self) -> bool:
        """Whether chance moves next (a roll, a draw)."""
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        """Whether the game is over (in the game's terminal phase)."""
        return self._may_be_over() and self._phase_name() == self.game.terminal_phase

    def legal_actions(self) -> list[Action]:
        """The moves available now (chance outcomes at a chance node, nothing when over).

        A fresh list each call: callers may edit it without changing the state.
        """
        if self._legal_cache is None:
            player = self.current_player
            if player is None:
                self._legal_cache = ()
            elif player == CHANCE:
                self._legal_cache = tuple(a for a, _ in self._outcome_tuple())
            else:
                self._legal_cache = tuple(self._legal())
        return list(self._legal_cache)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each chance outcome with its exact probability (they sum to exactly 1)."""
        if not self.is_chance_node():
            return []
        return list(self._outcome_tuple())

    def _outcome_tuple(self) -> tuple[tuple[Action, Fraction], ...]:
        """The chance outcomes, listed once per state (the legal actions and the seeded draw
        of a chance node use the same list)."""
        outcomes = self._outcomes
        if outcomes is None:
            outcomes = self._outcomes = tuple(self._chance())
        return outcomes

    def find(self, action: Action | str) -> Action:
        """The legal action meaning ``action`` (an Action, its label, or an unambiguous prefix)."""
        if isinstance(action, Action) and self._offers(action):
            return action
        label = action.label if isinstance(action, Action) else str(action).strip()
        found = self._lookup(label)
        if found is not None:
            return found
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

    def _offers(self, action: Action) -> bool:
        """True when ``action`` is the very object this state listed as legal (a bot's pick)
        or drew as its chance outcome: labels are unique, so it needs no look-up. The test
        runs in C, not a Python loop."""
        if action is self._drawn:
            return True
        legal = self._legal_cache
        if legal is None:
            outcomes = self._outcomes
            legal = None if outcomes is None else map(_FIRST, outcomes)
        return legal is not None and any(map(operator.is_, legal, repeat(action)))

    def why_illegal(self, action: Action | str) -> str | None:
        """The message ``apply`` would raise for ``action``, or None when it is legal."""
        try:
            self.find(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def apply(self, action: Action | str) -> State:
        """The state after ``action``; this state is left unchanged."""
        chosen = action if self._offers(action) else self.find(action)  # a bot's pick: as is
        # the new state's slots set here, not by a helper: a call more at every step
        new = object.__new__(type(self))
        new.game = self.game
        new.data = self._copy_data_for(chosen)
        new._stream = self._stream  # shared until read (``stream``)
        new._stream_shared = True
        new._trail = (self._trail, chosen.label, self._trail[2] + 1)
        new._history = None
        new.events = []
        new._to_move = _MID_MOVE
        new._owned_fields = _OWNS_NONE
        new._task = new._legal_cache = new._outcomes = new._drawn = new._json = None
        new._do(chosen)
        # in case the rules asked who moves, or looked at chance, before the move was done
        new._to_move = _UNKNOWN
        new._outcomes = None
        return new

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A chance outcome drawn with its exact probability: from the state's own seeded
        stream (deterministic: a game's rolls), or from ``rng`` (a search's own futures)."""
        if self.current_player != CHANCE:
            raise IllegalAction(self.phase.rule, "this is not a chance node")
        outcomes = self._outcome_tuple()
        if rng is None:
            # Negative positions are never used by the game's own shuffles, so rolls and
            # shuffles stay independent; the step number makes each roll its own draw.
            stream = SeededStream(self._stream.seed, -1 - self._trail[2])
            index = stream.outcome_index(outcomes)
        else:
            index = draw_index(rng, outcome_table(outcomes))
        drawn = self._drawn = outcomes[index][0]
        return drawn

    # ----------------------------------------------------------------- hidden information
    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see of this position, JSON-able; ``None`` is the public view.

        The same shape for every game: ``game``, ``player``, ``phase``, ``to_move``, ``step``
        and ``data``, the game's position with what the rulebook keeps from ``player``
        hidden (``Game.hidden`` names each secret and the rule that hides it). Views, bots
        and saves shown to a seat use only this.
        """
        return {"game": self.game.name, "player": player, "phase": self.phase.name,
                "to_move": self.current_player, "step": self.steps,
                "data": self._observe(player)}

    def resample_hidden(self, player: int | None, rng: random.Random) -> State:
        """A state ``player`` cannot tell from this one (the same ``observation``), with
        everything hidden from them redrawn at random: what a search bot may search over."""
        new = self.clone()
        new._resample(player, rng)
        return new.edited()

    def determinize(self, player: int, rng: random.Random) -> State:
        """What a bot of seat ``player`` may look ahead on: ``resample_hidden`` with the stream
        reseeded too (how a future shuffle falls is hidden from every seat). When ``player`` is
        to move it has the same legal moves, by label and order, so a bot plays the move of the
        label it chose there; a game whose ``_resample`` changes them raises RuntimeError."""
        drawn = self.resample_hidden(player, rng)
        drawn.stream = SeededStream(rng.getrandbits(62), drawn.stream.position)
        if player == self.current_player and \
                [a.label for a in drawn.legal_actions()] != [a.label for a in self.legal_actions()]:
            raise RuntimeError(f"{self.game.name}: redrawing what {self.player_name(player)} "
                               "cannot see changed their legal moves (the game's _resample)")
        return drawn

    def events_for(self, viewer: int | str | None = ALL) -> list[str]:
        """The events of the last step as ``viewer`` may read them: ``ALL`` reads every line;
        a seat (or ``None``, the public) reads lines about others' secrets rewritten by the
        game's ``_redact`` hook ("P2 draws a card" rather than the card's name)."""
        if viewer == ALL or not self.game.hidden:
            return list(self.events)
        return [self._redact(line, viewer) for line in self.events]

    def step_for(self, viewer: int | str | None = ALL) -> str:
        """The label of the step that led here as ``viewer`` may read it (a chance outcome
        dealing a hand names the cards only to their owner)."""
        label = self.last_move
        return label if viewer == ALL or not self.game.hidden else self._redact(label, viewer)

    def _redact(self, line: str, viewer: int | None) -> str:
        """A log line or step label as ``viewer`` may read it (hook): by default unchanged."""
        return line

    def _observe(self, player: int | None) -> Any:
        """The position as ``player`` sees it (hook): by default all of it."""
        return _adapter(type(self.data)).dump_python(self.data, mode="json")

    def _resample(self, player: int | None, rng: random.Random) -> None:
        """Redraw, in place, what ``player`` cannot see (hook): by default nothing is hidden."""

    def scores(self) -> dict[str, Any]:
        """Final scores and winners (also available mid-game as the running tally)."""
        return self._scores()

    def clone(self) -> State:
        """A deep, independent copy (to edit a position, e.g. in a scenario)."""
        stream = self._stream
        return type(self)(self.game, replicate(self.data),
                          SeededStream(stream.seed, stream.position), self.history, self.events)

    def edited(self) -> State:
        """Forget what was derived from the position after editing ``data`` in place (a
        scenario builder's job; states are otherwise read-only). Returns the state."""
        self._to_move = _UNKNOWN
        self._task = None
        self._legal_cache = None
        self._outcomes = None
        self._drawn = None
        self._json = None
        self._forget_derived()
        return self

    def _forget_derived(self) -> None:
        """Forget what the game keeps derived from pieces that positions share (hook, called
        by ``edited``: a piece edited in place no longer holds what was read off it). By
        default nothing is kept."""

    # ----------------------------------------------------------------- copy on write
    def to_change(self, name: str) -> Any:
        """The field ``name`` of the position, for a rule to change in place. A game whose
        ``_copy_data_for`` shares fields with the state before the move (copy on write) gets
        it copied first (``_copy_field``), once per move; a state no move made (a new game, a
        clone) owns all of its fields."""
        value = getattr(self.data, name)
        owned = self._owned_fields
        if owned is None or name in owned:
            return value
        value = self._copy_field(name, value)
        setattr(self.data, name, value)
        self._own_field(name)
        return value

    def _own_field(self, name: str) -> None:
        """Record that this state's move holds its own ``name`` (copied, or set to a new value
        by a rule): ``to_change`` will not copy it again."""
        owned = self._owned_fields
        if owned is _OWNS_NONE:
            owned = self._owned_fields = set()
        if owned is not None:
            owned.add(name)

    def log(self, text: str, rule: str | None = None) -> None:
        """Record what the action did, with its rule reference."""
        self.events.append(f"{text}  [{rule}]" if rule else text)

    # ----------------------------------------------------------------- history
    # A move adds its label to a trail, ``(earlier trail, label, steps)``, that ends in
    # ``(None, labels, len(labels))``: appending is O(1), where growing a tuple copied the
    # whole game's labels at every step. The tuple is made when ``history`` is read.
    @property
    def history(self) -> tuple[str, ...]:
        """The labels of every move and chance outcome that led here, first to last."""
        history = self._history
        if history is None:
            labels, trail = [], self._trail
            while trail[0] is not None:
                labels.append(trail[1])
                trail = trail[0]
            history = self._history = trail[1] + tuple(reversed(labels))
        return history

    @history.setter
    def history(self, labels: tuple[str, ...]) -> None:
        self._history = tuple(labels)
        self._trail = (None, self._history, len(self._history))

    @property
    def steps(self) -> int:
        """How many moves and chance outcomes led here (``len(history)``, without making it)."""
        return self._trail[2]

    @property
    def last_move(self) -> str:
        """The label of the move or outcome that led here ("" at the start)."""
        trail = self._trail
        if trail[0] is not None:
            return trail[1]
        return trail[1][-1] if trail[1] else ""

    def player_name(self, player: int) -> str:
        """The name of seat ``player`` (the game's ``player_names``)."""
        return self.game.player_names[player]

    # ----------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """The whole state as JSON; ``game.state_from_json`` restores it exactly.

        Computed once per state (states are read-only; ``edited`` forgets it)."""
        if self._json is None:
            self._json = self._dump_json()
        return self._json

    def _dump_json(self) -> str:
        payload = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": self.game.name,
            "options": self.game.options_dict(),
            "stream": self._stream.position,
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
        step = self.steps
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


_FIRST = operator.itemgetter(0)
#: ``State._to_move`` before the player to move is worked out (None means nobody: game over)
_UNKNOWN = object()
#: ``State._to_move`` while ``apply`` carries the move out: worked out afresh at each asking
_MID_MOVE = object()
#: ``State._owned_fields`` of a move that has copied no field yet (a set once it copies one)
_OWNS_NONE: frozenset[str] = frozenset()
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
