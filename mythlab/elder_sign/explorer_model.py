"""``OddsExplorerModel``: the Elder Sign odds explorer's logic, as a plain Python object.

Choose an adventure card (or type a task), the dice and the allowance (focus, spells, clues,
the red die's wildcard reading) and read the exact chance of completing the card under
optimal play. Then step through an attempt: roll (at random or a roll you pick), see every
choice with its exact chance of success (best first), apply one, roll again, reset. The
numbers come from :class:`mythlab.elder_sign.AdventureOdds`; a model's :class:`OddsBook`
keeps a solver per card and allowance, so returning to a card is instant. It never imports
ipywidgets (the widget is :mod:`mythlab.elder_sign.explorer`).

Reading a value solves synchronously. :meth:`OddsExplorerModel.request` instead solves on a
background thread (one per model; a newer request supersedes a pending older one, and results
for settings no longer current are dropped), so a front end never blocks while solving. The
book's lock (its :class:`~mythlab.elder_sign.odds.OddsCache`'s) serialises the solvers'
users, so a notebook cell may use the same book meanwhile.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal

from mythlab.dice import Pool, Roll
from mythlab.display import percent

from .dice import TaskCard, parse_pool, parse_task
from .explorer_table import shipped_value
from .odds import (
    Adventure,
    AdventureOdds,
    Choice,
    OddsCache,
    Situation,
    adventure,
    check_allowance,
    check_dice,
    check_rows,
)

WILDS = ("seed", "faq")
"""The wildcard readings: the rulebook's (1 investigation or any symbol) and the FAQ's (4)."""
DICE = ("green", "yellow", "red")
Key = tuple[Adventure | TaskCard, str, int | None, int, int, Pool]
"""What a value depends on: card, wildcard reading, focus, spells, clues, dice."""


class OddsBook:
    """The solvers and card values explorers ask for, and the lock that serialises them.

    One :class:`~mythlab.elder_sign.AdventureOdds` per card and allowance (its values
    memoised; the :attr:`SOLVERS` most recently used are kept), all on one
    :class:`~mythlab.elder_sign.odds.OddsCache`, so equal rows of different cards are solved
    once. A model makes a book of its own; give several models one book to share what they
    solved.

    Parameters
    ----------
    cache : OddsCache, optional
        The tables the solvers share (a new one by default).
    table : bool, default True
        Read card values on the usual settings from the shipped table
        (:mod:`mythlab.elder_sign.explorer_table`) rather than solving them.

    Examples
    --------
    >>> book = OddsBook()
    >>> lore = parse_task("LORE")
    >>> book.odds_for(lore, focus=0) is book.odds_for(lore, focus=0)
    True
    >>> key = (lore, "seed", 0, 0, 0, parse_pool("2G"))
    >>> book.known(key), book.value(key), book.known(key)
    (False, Fraction(91, 216), True)
    """

    SOLVERS = 32
    """How many solvers a book keeps (the least recently used one goes first)."""

    def __init__(self, cache: OddsCache | None = None, *, table: bool = True):
        self.cache = OddsCache() if cache is None else cache
        self.table = table
        self._solvers: OrderedDict[tuple, AdventureOdds] = OrderedDict()
        self._values: dict[Key, Fraction] = {}
        self._walked: set[Key] = set()

    @property
    def lock(self) -> threading.RLock:
        """The lock of the solvers' cache: held while any of them solves."""
        return self.cache.lock  # type: ignore[return-value]

    def odds_for(self, card: Adventure | TaskCard, wild: str = "seed",
                 focus: int | None = None, spell: int = 0, clue: int = 0) -> AdventureOdds:
        """The solver for a card and allowance (made once, then the same object)."""
        key = (card, wild, focus, spell, clue)
        with self.lock:
            got = self._solvers.get(key)
            if got is None:
                got = self._solvers[key] = AdventureOdds(card, wild, focus=focus, spell=spell,
                                                         clue=clue, cache=self.cache)
                if len(self._solvers) > self.SOLVERS:
                    self._solvers.popitem(last=False)
            else:
                self._solvers.move_to_end(key)
            return got

    def value(self, key: Key) -> Fraction:
        """The exact chance of completing the card of ``key`` from the start (memoised; the
        shipped table's value when it has one)."""
        got = self._values.get(key)
        if got is None:
            got = self._shipped(key)
        if got is None:
            card, wild, focus, spell, clue, pool = key
            with self.lock:
                got = self._values[key] = self.odds_for(card, wild, focus, spell,
                                                        clue).probability(pool)
        return got

    def known(self, key: Key) -> bool:
        """Whether :meth:`value` of ``key`` is ready without computing."""
        return key in self._values or self._shipped(key) is not None

    def _shipped(self, key: Key) -> Fraction | None:
        """The shipped table's value of ``key`` (an adventure on a usual setting), kept."""
        card, wild, focus, spell, clue, pool = key
        if not self.table or not isinstance(card, Adventure):
            return None
        got = shipped_value(card.name, str(pool), wild, focus, spell, clue)
        if got is not None:
            self._values[key] = got
        return got

    def walked(self, key: Key) -> bool:
        """Whether the attempt's first decision point of ``key`` is solved (the step-through
        is ready, not only the card's value)."""
        return key in self._walked

    def walk(self, key: Key) -> Situation:
        """Solve the first decision point of ``key`` (the step-through's start); return it."""
        card, wild, focus, spell, clue, pool = key
        with self.lock:
            odds = self.odds_for(card, wild, focus, spell, clue)
            start = odds.start(pool)
            odds.value(start)
            self._walked.add(key)
        return start


class BackgroundSolver:
    """One background thread running the newest job: submitting cancels a job still waiting.

    A job already running finishes (the solver cannot be interrupted); the thread ends when
    nothing is left to run and starts again on the next job.
    """

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._next: tuple[Future, Callable[[], Any]] | None = None
        self._thread: threading.Thread | None = None

    def submit(self, job: Callable[[], Any], future: Future | None = None) -> Future:
        """Run ``job`` next, its result going to ``future`` (a new one by default)."""
        future = Future() if future is None else future
        with self._cv:
            if self._next is not None:
                self._next[0].cancel()  # superseded
            self._next = (future, job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mythlab-odds-solver",
                                                daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            with self._cv:
                if self._next is None:
                    self._thread = None
                    return
                future, job = self._next
                self._next = None
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(job())
            except BaseException as exc:  # noqa: BLE001 - handed to the waiter
                future.set_exception(exc)


def roll_text(roll: Roll) -> str:
    """A roll by colour, e.g. ``green LORE, INV_2 · yellow INV_4``."""
    return " · ".join(f"{name} {', '.join(faces)}" for name, faces in roll) or "no dice"


class OddsExplorerModel:
    """The odds explorer: settings, the card's exact value, and a step-through of one attempt.

    Every method returns True when something changed; a refused request changes nothing and
    says why in ``error`` (until the next successful one). ``log`` lists what happened.

    Parameters
    ----------
    card : str, default "The Curator"
        An adventure's name, or a task such as ``"INV_3,LORE|PERIL"`` (see
        :func:`mythlab.elder_sign.dice.parse_task`).
    dice : str, default "6G"
        The starting dice, e.g. ``"6G+Y+R"``.
    wild : {"seed", "faq"}, default "seed"
    focus : int or None, default None
        ``None``: focus whenever the rules allow; ``N``: at most N times.
    spell, clue : int, default 0
    seed : int, default 0
        Seeds the random rolls, so a walkthrough can be repeated.
    book : OddsBook, optional
        Where solvers and values are kept (a book of the model's own by default).

    Examples
    --------
    >>> m = OddsExplorerModel("LORE,LORE", "2G", focus=0)
    >>> m.fraction, m.percent
    ('1/36', '2.8%')
    >>> m.pick(["LORE", "PERIL"]), m.choices[0].label
    (True, 'fail: set aside green PERIL')
    """

    def __init__(self, card: str = "The Curator", dice: str = "6G", *, wild: str = "seed",
                 focus: int | None = None, spell: int = 0, clue: int = 0, seed: int = 0,
                 book: OddsBook | None = None):
        self.book = OddsBook() if book is None else book
        """The solvers and values this model asks for."""
        self.error = ""
        self.version = 0
        """Bumped on every change, so a view redraws only when something changed."""
        self.rng = random.Random(seed)
        self._solver: BackgroundSolver | None = None
        self.pending: Future | None = None
        """The latest background request, until it is done."""
        self.pending_key: Key | None = None
        """The settings :attr:`pending` solves."""
        self._set(self._read_card(card), parse_pool(dice).counts, wild, focus, spell, clue)

    # ----------------------------------------------------------------- settings
    def update(self, **changes: Any) -> bool:
        """Change settings: ``card`` (a name or a task), ``green``/``yellow``/``red``,
        ``dice`` (a pool spec), ``wild``, ``focus``, ``spell``, ``clue``. Restarts the attempt.

        >>> m = OddsExplorerModel("LORE", "1G", focus=0)
        >>> m.update(green=2), m.fraction      # 11/36 + 25/36 * 1/6: a second roll
        (True, '91/216')
        >>> m.update(card="LORE,LOR"), m.error.splitlines()[0]   # doctest: +ELLIPSIS
        (False, "'LORE,LOR' is neither an Elder Sign card nor a task: unknown symbol 'LOR' ...")
        """
        unknown = set(changes) - {"card", "dice", *DICE, "wild", "focus", "spell", "clue"}
        if unknown:
            raise TypeError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        try:
            card = self._read_card(changes["card"]) if "card" in changes else self.card
            counts = dict(parse_pool(changes["dice"]).counts if "dice" in changes
                          else self.counts)
            for colour in DICE:
                if colour in changes:
                    counts[colour] = _count(colour, changes[colour])
            self._set(card, counts, changes.get("wild", self.wild),
                      changes.get("focus", self.focus), changes.get("spell", self.spell),
                      changes.get("clue", self.clue))
        except ValueError as exc:
            self.error = str(exc)
            return False
        return True

    def _read_card(self, text: str | Adventure) -> Adventure | TaskCard:
        if isinstance(text, Adventure):
            return text
        try:
            return adventure(text)
        except KeyError:
            pass
        try:
            return parse_task(text)
        except ValueError as exc:
            raise ValueError(f"{text!r} is neither an Elder Sign card nor a task: "
                             f"{exc}") from None

    def _set(self, card: Adventure | TaskCard, counts: dict[str, int], wild: str,
             focus: int | None, spell: int, clue: int) -> None:
        if wild not in WILDS:
            raise ValueError(f"wild={wild!r}: expected 'seed' or 'faq'")
        counts = {c: n for c, n in counts.items() if n}
        if not counts:
            raise ValueError("roll at least one die")
        pool = parse_pool("+".join(f"{n}{c}" for c, n in counts.items()))
        check_allowance(focus, spell, clue)
        check_dice(pool)
        check_rows((card.card if isinstance(card, Adventure) else card).rows)
        self.card, self.counts, self.pool = card, pool.counts, pool
        self._start: Situation | None = None
        self.wild, self.focus, self.spell, self.clue = wild, focus, spell, clue
        self.error = ""
        self._restart()

    @property
    def odds(self) -> AdventureOdds:
        """The solver of the current card and allowance (kept by :attr:`book`)."""
        return self.book.odds_for(self.card, self.wild, self.focus, self.spell, self.clue)

    @property
    def start(self) -> Situation:
        """The attempt's first decision point."""
        if self._start is None:
            self._start = self.odds.start(self.pool)
        return self._start

    @property
    def situation(self) -> Situation:
        """Where the attempt stands (before its roll, if any)."""
        if self._situation is None:
            self._situation = self.start
        return self._situation

    @situation.setter
    def situation(self, situation: Situation) -> None:
        self._situation = situation

    @property
    def key(self) -> Key:
        """The settings that fix the value: card, wildcard, allowance and dice (the book's key)."""
        return (self.card, self.wild, self.focus, self.spell, self.clue, self.pool)

    @property
    def name(self) -> str:
        """The card's name, or ``""`` for a typed task."""
        return self.card.name if isinstance(self.card, Adventure) else ""

    @property
    def task(self) -> TaskCard:
        """The task card being solved: the adventure's tasks, or the typed task."""
        return self.card.card if isinstance(self.card, Adventure) else self.card

    # ----------------------------------------------------------------- the card's value
    @property
    def ready(self) -> bool:
        """Whether the card's value is known (else reading it computes it)."""
        return self.book.known(self.key)

    @property
    def probability(self) -> Fraction:
        """The exact chance of completing the card under optimal play, from the start."""
        return self.book.value(self.key)

    @property
    def fraction(self) -> str:
        """The exact chance as ``numerator/denominator``, e.g. ``31031/46656``."""
        p = self.probability
        return f"{p.numerator}/{p.denominator}"

    @property
    def percent(self) -> str:
        """The chance as a short percentage (:func:`mythlab.display.percent`)."""
        return percent(self.probability)

    @property
    def rules_text(self) -> str:
        """The allowance in words, e.g. ``focus whenever allowed · 0 spells · 0 clues``."""
        focus = {None: "focus whenever allowed", 0: "no focus"}.get(
            self.focus, f"focus at most {self.focus} times")
        return (f"{focus} · {self.spell} spell(s) · {self.clue} clue(s) · "
                f"{self.wild} wildcard")

    @property
    def settled(self) -> bool:
        """Whether the value and the first decision point are ready (nothing pending)."""
        return self.book.known(self.key) and self.book.walked(self.key)

    def request(self, callback: Callable[[OddsExplorerModel], Any] | None = None) -> Future:
        """Get the card's value and the attempt's start without blocking.

        When both are solved and the solver is free, they are prepared now and the returned
        future is done (``callback`` is not called). Otherwise the solving runs on this
        model's background thread (a value from the shipped table is :attr:`ready` at once,
        the step-through's start is solved there all the same); when it ends, if the
        settings are still the ones requested, the model takes the result (bumping
        :attr:`version`) and calls ``callback(model)`` on that thread; then the future is
        done (its result: the value, or ``None`` when dropped). A newer request supersedes
        one still waiting (cancelled).

        >>> m = OddsExplorerModel("LORE", "1G", focus=0)
        >>> m.update(green=3)
        True
        >>> m.request().result(), m.settled
        (Fraction(31031, 46656), True)
        """
        key, book = self.key, self.book
        if book.known(key) and book.walked(key) and book.lock.acquire(blocking=False):
            try:
                self.start  # noqa: B018 - prepared while the solver is free
            finally:
                book.lock.release()
            self.pending = self.pending_key = None
            done: Future = Future()
            done.set_result(book.value(key))
            return done

        def job() -> Fraction | None:
            try:
                with book.lock:
                    value = book.value(key)
                    start = book.walk(key)
            except ValueError as exc:  # beyond the solver's bounds (odds.MAX_POSITIONS)
                if self.key == key:
                    self.error = str(exc)
                    self.version += 1
                    if callback is not None:
                        callback(self)
                raise
            if self.key != key:
                return None  # stale: the settings changed meanwhile
            if self._start is None:
                self._start = start
            if self.pending is future:
                self.pending = self.pending_key = None
            self.version += 1
            if callback is not None:
                callback(self)
            return value

        if self._solver is None:
            self._solver = BackgroundSolver()
        future = self.pending = Future()
        self.pending_key = key
        return self._solver.submit(job, future)

    # ----------------------------------------------------------------- the step-through
    def _restart(self) -> None:
        self._situation: Situation | None = None
        self.roll: Roll | None = None
        self.outcome: Literal["won", "lost"] | None = None
        self.log: list[str] = []
        self._choices: list[Choice] | None = None
        self.version += 1

    def reset(self) -> bool:
        """Start the attempt again (same card, dice and allowance)."""
        self._restart()
        self.error = ""
        return True

    @property
    def over(self) -> bool:
        """Whether the attempt stepped through has ended, won or lost."""
        return self.outcome is not None

    @property
    def value(self) -> Fraction:
        """The chance of success from the current situation, before its roll."""
        if self.outcome:
            return Fraction(self.outcome == "won")
        return self.odds.value(self.situation)

    @property
    def dice_to_roll(self) -> list[tuple[str, list[str]]]:
        """Each die about to be rolled: its colour and its faces (for a roll picker)."""
        return [(die.name, [f for f, _ in die.faces]) for die, n in self.situation.pool.groups
                for _ in range(n)]

    @property
    def casts(self) -> list[Choice]:
        """Before a roll with spells in hand: how many to cast (rulebook p.9), best first;
        empty once chosen (the roll then uses them) or with no spell left."""
        sit = self.situation
        if self.over or self.roll is not None or sit.casting is not None \
                or not sit.spells_left:
            return []
        return self.odds.casts(sit)

    def cast(self, n: int) -> bool:
        """Cast ``n`` spells before the coming roll (each takes one of its dice)."""
        options = {c.after.casting: c for c in self.casts if c.after is not None}
        if n not in options:
            return self._refuse(f"cast one of {sorted(options)} spells before this roll"
                                if options else "no spell can be cast now")
        chosen = options[n]
        self.situation = chosen.after  # type: ignore[assignment]
        self.log.append(f"{chosen.label} ({percent(chosen.probability)})")
        return self._done()

    def _cast_best(self) -> None:
        """Before a roll whose spells are not chosen: cast the best number of them."""
        casts = self.casts
        if casts:
            self.cast(casts[0].after.casting)  # type: ignore[union-attr]

    def roll_random(self) -> bool:
        """Roll the dice of the current situation (seeded), replacing any roll not yet used;
        spells not chosen yet are cast as well as they can be first (:meth:`cast`)."""
        if self.over:
            return self._refuse(f"the attempt is over ({self.outcome}); reset to try again")
        self._cast_best()
        thrown = self._throw(self.situation.pool.groups)
        return self._show_roll([f for fs in thrown.values() for f in fs], "rolled")

    def pick(self, faces: Sequence[str] | str) -> bool:
        """Use a roll you choose: one face per die, in :attr:`dice_to_roll` order
        (a list, or a string with the faces separated by commas or spaces)."""
        if self.over:
            return self._refuse(f"the attempt is over ({self.outcome}); reset to try again")
        if isinstance(faces, str):
            faces = faces.replace(",", " ").split()
        faces = [f.upper() for f in faces]
        dice = self.dice_to_roll
        if len(faces) != len(dice):
            return self._refuse(f"pick one face for each of the {len(dice)} dice "
                                f"({self.situation.pool}), not {len(faces)}")
        for i, (face, (colour, known)) in enumerate(zip(faces, dice, strict=True), 1):
            if face not in known:
                return self._refuse(f"die {i} is {colour}: its faces are {', '.join(known)}, "
                                    f"not {face!r}")
        self._cast_best()
        return self._show_roll(faces, "picked")

    def _show_roll(self, faces: list[str], how: str) -> bool:
        by_colour: dict[str, list[str]] = {}
        for (colour, _), face in zip(self.dice_to_roll, faces, strict=True):
            by_colour.setdefault(colour, []).append(face)
        known = dict(self.dice_to_roll)
        self.roll = tuple((c, tuple(sorted(fs, key=known[c].index)))
                          for c, fs in by_colour.items())
        self._choices = None
        self.log.append(f"{how}: {roll_text(self.roll)}")
        return self._done()

    @property
    def choices(self) -> list[Choice]:
        """What the player may do with the roll, best first, with exact chances of success."""
        if self.roll is None or self.over:
            return []
        if self._choices is None:
            self._choices = self.odds.choices(self.situation, self.roll)
        return self._choices

    @property
    def best(self) -> list[int]:
        """Indices of the best choices (several when they tie)."""
        top = self.choices[0].probability if self.choices else None
        return [i for i, c in enumerate(self.choices) if c.probability == top]

    def apply(self, index: int) -> bool:
        """Make choice ``index`` of :attr:`choices`; a clue rerolls its dice at random."""
        choices = self.choices
        if not choices:
            return self._refuse("roll first: there is no roll to use"
                                if not self.over else "the attempt is over; reset to try again")
        if not 0 <= index < len(choices):
            return self._refuse(f"there are {len(choices)} choices, no choice {index + 1}")
        c = choices[index]
        self.log.append(f"{c.label} ({percent(c.probability)})")
        if c.action == "clue":  # dice put on spells first stay there (c.after holds them)
            self.roll = _without(self.roll or (), c.spelled)
            self.situation = c.after or replace(self.situation,
                                                clues_left=self.situation.clues_left - 1)
            return self._reroll(c.rerolled)
        if c.action == "give up" or (c.after is None and c.action == "fail"):
            self.outcome = "lost"
        elif c.after is None:
            self.outcome = "won"
        else:
            self.situation, self.roll, self._choices = c.after, None, None
            if not self.situation.pool.size:
                self.log.append("no dice left to roll")
                self.outcome = "lost"
        if self.outcome:
            self.roll, self._choices = None, None
            self.log.append(f"the adventure is {self.outcome}")
        return self._done()

    def apply_best(self) -> bool:
        """Make the best choice."""
        return self.apply(0)

    def _reroll(self, rerolled: Roll) -> bool:
        """Keep the roll's other dice and roll the ``rerolled`` ones again (a clue)."""
        kept = {name: list(fs) for name, fs in self.roll or ()}
        for name, fs in rerolled:
            for f in fs:
                kept[name].remove(f)
        again = self._throw([(d, sum(len(fs) for n, fs in rerolled if n == d.name))
                             for d, _ in self.situation.pool.groups])
        faces = [f for d, _ in self.situation.pool.groups
                 for f in kept.get(d.name, []) + again[d.name]]
        return self._show_roll(faces, "clue reroll")

    def _throw(self, groups: Sequence[tuple[Any, int]]) -> dict[str, list[str]]:
        """Random faces for ``n`` dice of each kind, from the seeded stream."""
        return {die.name: self.rng.choices([f for f, _ in die.faces],
                                           [w for _, w in die.faces], k=n)
                for die, n in groups}

    # ----------------------------------------------------------------- internals
    def _done(self) -> bool:
        self.error = ""
        self.version += 1
        return True

    def _refuse(self, reason: str) -> bool:
        self.error = reason
        return False

    def __repr__(self) -> str:
        what = self.name or str(self.task)
        return f"<OddsExplorerModel {what} · {self.pool} · {self.rules_text}>"


def _without(roll: Roll, dice: Roll) -> Roll:
    """``roll`` less ``dice`` (both as ``((colour, faces), ...)``)."""
    left = {name: list(fs) for name, fs in roll}
    for name, fs in dice:
        for f in fs:
            left[name].remove(f)
    return tuple((name, tuple(fs)) for name, fs in left.items() if fs)


def _count(colour: str, n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"{colour} dice: expected a count >= 0, not {n!r}")
    return n
