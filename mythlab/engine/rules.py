"""Rule dispatch, the same in every game: decisions offer moves, moves are carried out.

A game keeps a stack of pending *decisions* (typed tasks: "the active player picks a column",
"a die is rolled", "place this monster"); the top one is answered next. Its ``Rules`` book says,
for each kind of decision, which rule **offers** the legal moves (or the chance outcomes), and,
for each kind of move, which rule **does** it. So "where is rule X" has one answer in every
game: look for ``@RULES.offers("x")`` or ``@RULES.does("x")``.

>>> from mythlab.engine import Action
>>> RULES = Rules("Coin game")
>>> @RULES.offers("call")
... def offer_call(state, task):
...     return [Action("call heads", "call", ("H",)), Action("call tails", "call", ("T",))]
>>> @RULES.does("call")
... def do_call(state, task, action):
...     state.log(f"{action.args[0]} is called")
>>> [a.label for a in RULES.offer(None, Decision("call", 0))]
['call heads', 'call tails']
>>> RULES.ruling("ties")
"Coin game · mythlab ruling 'ties'"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from .action import Action
from .refs import ruling_ref


class Task(Protocol):
    """What a decision on a game's stack offers the dispatcher: its kind and who decides."""

    kind: str
    player: int


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """A decision that is not stored on a stack (a game's turn step, derived from its phase)."""

    kind: str
    player: int = -1

    def __init__(self, kind: str, player: int = -1):
        # A game may derive its decision afresh at every look (several times a move): the
        # slots are set directly, faster than the frozen dataclass's object.__setattr__.
        _SET_KIND(self, kind)
        _SET_PLAYER(self, player)


_SET_KIND, _SET_PLAYER = Decision.kind.__set__, Decision.player.__set__


Offer = Callable[[Any, Any], list[Action]]
Outcomes = Callable[[Any, Any], Sequence[tuple[Action, Fraction]]]
Do = Callable[[Any, Any, Action], None]
Auto = Callable[[Any, Any], None]


class Rules:
    """One game's rule book in code: offerers per decision kind, doers per move kind.

    ``offers(kind)`` registers ``fn(state, task) -> [Action]`` for a decision a player answers;
    ``chances(kind)`` registers ``fn(state, task) -> [(Action, Fraction)]`` for one chance
    answers; ``does(*kinds)`` registers ``fn(state, task, action)`` carrying out a move of those
    kinds; ``automatic(*kinds)`` registers ``fn(state, task)`` for a task no one decides (a
    power's "gain 2 gold", the end of a phase), carried out as soon as it reaches the top of the
    stack. Registering a kind twice is an error, so each rule has one home.
    """

    def __init__(self, title: str):
        self.title = title
        self.offerers: dict[str, Offer] = _Table(title, "offers the moves of")
        self.outcomes: dict[str, Outcomes] = _Table(title, "gives the outcomes of")
        self.doers: dict[str, Do] = _Table(title, "carries out")
        self.automatics: dict[str, Auto] = _Table(title, "carries out")

    # ----------------------------------------------------------------- registration
    def offers(self, *kinds: str) -> Callable[[Offer], Offer]:
        """Decorator: the rule listing the legal moves of decisions of these kinds."""
        return self._register(self.offerers, kinds, "offers")

    def chances(self, *kinds: str) -> Callable[[Outcomes], Outcomes]:
        """Decorator: the rule listing the chance outcomes (exact Fractions) of these kinds."""
        return self._register(self.outcomes, kinds, "chances")

    def does(self, *kinds: str) -> Callable[[Do], Do]:
        """Decorator: the rule carrying out moves (or chance outcomes) of these kinds."""
        return self._register(self.doers, kinds, "does")

    def automatic(self, *kinds: str) -> Callable[[Auto], Auto]:
        """Decorator: the rule carrying out tasks of these kinds that no one decides."""
        return self._register(self.automatics, kinds, "carries out the automatic task")

    def _register(self, table: dict, kinds: tuple[str, ...], verb: str) -> Callable:
        # a decision is answered by a player, by chance or by no one: one table holds its kind
        deciders = (self.offerers, self.outcomes, self.automatics)
        others = [t for t in deciders if t is not table] if table is not self.doers else []

        def decorate(fn: Callable) -> Callable:
            for kind in kinds:
                if kind in table and table[kind] is not fn:
                    raise ValueError(f"{self.title}: two rules say what {verb} {kind!r}: "
                                     f"{table[kind].__name__} and {fn.__name__}")
                clash = next((t[kind] for t in others if kind in t), None)
                if clash is not None:
                    raise ValueError(f"{self.title}: {fn.__name__} and {clash.__name__} both "
                                     f"answer decisions of kind {kind!r}")
                table[kind] = fn
            return fn

        return decorate

    # ----------------------------------------------------------------- dispatch
    def is_chance(self, task: Task) -> bool:
        """True when chance, not a player, answers decisions of this kind."""
        return task.kind in self.outcomes

    def is_automatic(self, task: Task) -> bool:
        """True when no one decides a task of this kind: a rule carries it out at once."""
        return task.kind in self.automatics

    # A table raises the rule book's LookupError for a kind it lacks (``_Table``), so a look-up
    # needs no try: the engine's own steps index the tables directly (``State._do``), where a
    # call of these methods was about 1% of a random playout.
    def carry_out(self, state: Any, task: Task) -> None:
        """Carry out the automatic ``task`` (already taken off the stack) on the fresh
        ``state``."""
        self.automatics[task.kind](state, task)

    def offer(self, state: Any, task: Task) -> list[Action]:
        """The legal moves of ``task`` (its outcomes' actions when chance answers it)."""
        if task.kind in self.outcomes:
            return [a for a, _ in self.outcomes[task.kind](state, task)]
        return self.offerers[task.kind](state, task)

    def chance(self, state: Any, task: Task) -> Sequence[tuple[Action, Fraction]]:
        """The outcomes of a chance decision, each with its exact probability (a list, or a
        tuple the rule keeps and hands out again, whose draw table is then kept too)."""
        return self.outcomes[task.kind](state, task)

    def do(self, state: Any, task: Task, action: Action) -> None:
        """Carry out ``action`` (a legal move of ``task``) on the fresh ``state``."""
        self.doers[action.kind](state, task, action)

    # ----------------------------------------------------------------- references
    def ruling(self, name: str) -> str:
        """The reference of a mythlab ruling of this game, as the log shows it."""
        return ruling_ref(self.title, name)

    def __repr__(self) -> str:
        automatic = f", {len(self.automatics)} automatic" if self.automatics else ""
        return (f"<Rules of {self.title}: {len(self.offerers)} offers, {len(self.outcomes)} "
                f"chances, {len(self.doers)} moves{automatic}>")


class _Table(dict):
    """A table of a rule book (kind -> rule) whose look-up of a kind no rule handles raises
    the book's LookupError, naming the book and what the rule would do."""

    __slots__ = ("title", "what")

    def __init__(self, title: str, what: str):
        super().__init__()
        self.title, self.what = title, what

    def __missing__(self, kind: str) -> Any:
        raise LookupError(f"{self.title}: no rule {self.what} {kind!r}")


def act(label: str, kind: str, rule: str, *args: Any, note: str = "") -> Action:
    """A move: ``label`` for people, ``kind`` selecting its doer, ``args`` for the doer.

    >>> act("take Cerberus", "take", "Elysium · Phase II", "cerberus-1").args
    ('cerberus-1',)
    """
    return Action(label, kind, args, rule, note)
