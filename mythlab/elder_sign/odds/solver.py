"""The public odds solver: :class:`AdventureOdds` (one card, every decision point),
:func:`adventure_odds` and :func:`odds_table`.

The rules it plays are listed in :mod:`mythlab.elder_sign.odds`; the values come from the
:class:`~.engine.Engine`, and the choices of a roll are rebuilt here with their labels, so a
player can read every option with its exact chance of success.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import wraps
from itertools import combinations_with_replacement, product
from typing import Literal, TypeVar

from mythlab.dice import Pool, Roll, outcomes

from ..dice import (
    TERROR,
    ElderSignDice,
    Matcher,
    Row,
    TaskCard,
    Wild,
    elder_sign_dice,
    parse_pool,
    parse_task,
    reading_key,
)
from .cards import Adventure, adventures
from .engine import Engine
from .model import (
    MAX_POSITIONS,
    SCENARIOS,
    TERROR_EFFECTS,
    Choice,
    Simulation,
    Situation,
    check_allowance,
    check_dice,
    check_rows,
)
from .monsters import MonsterSpec, parse_task_costs, place_monsters
from .tables import OddsCache
from .values import UNLIMITED, State

_F = TypeVar("_F", bound=Callable)


def _locked(method: _F) -> _F:
    """``method`` under its solver's ``cache.lock`` (see :class:`OddsCache`)."""
    @wraps(method)
    def run(self, *args, **kwargs):
        with self.cache.lock:
            return method(self, *args, **kwargs)
    return run  # type: ignore[return-value]


_Option = tuple[Fraction, str, Callable[[], "Choice"]]
_ORDER = {"cast": 0, "complete": 0, "fail": 1, "clue": 2, "give up": 3}


def _choice_order(option: _Option) -> tuple[Fraction, int]:
    """Best first; on equal chances completions, then failing, clues, giving up."""
    return (-option[0], _ORDER[option[1]])


def _roll_str(roll: Roll) -> str:
    """A roll for a choice's label, e.g. ``green PERIL, red WILD``."""
    return ", ".join(f"{name} {face}" for name, faces in roll for face in faces) or "no dice"


class AdventureOdds:
    """Optimal play on one adventure card: exact success chances and the policy behind them.

    Parameters
    ----------
    card : TaskCard, str or Adventure
        The task rows, e.g. ``"PERIL,PERIL > LORE,LORE"`` or ``adventure("Lights Out")``.
    wild : {"seed", "faq"} or WildReading, default "seed"
        The red die's wildcard reading (the rulebook's, p.6: 1 investigation or a symbol;
        the FAQ counts it as 4 investigation).
    focus : int or None, default None
        Focus actions allowed: ``None`` whenever the marker is free (the rulebook's rule,
        p.9), ``N`` at most N, ``0`` never.
    spell, clue : int, default 0
        Spells (each holds one die) and clue tokens (each rerolls chosen dice once).
    terror : str or None, default None
        ``"immediate_fail"`` or ``"discard_all_terror"`` applies that terror effect to
        failed rolls; ``"card"`` uses the card's own (an :class:`Adventure`'s, if it
        changes the dice); ``None`` ignores terror effects.
    dice : ElderSignDice, optional
        The Elder Sign dice by default (``mythlab/elder_sign/data/dice.yaml``).
    sanity, stamina : int or None, default None
        The investigator's current values. A row whose cost would take either to 0 cannot
        be completed (p.7); costs add up over the rows completed in this attempt.
        ``None`` ignores costs.
    costs : str, optional
        Task costs in ``task_costs`` notation (``"row1:sanity-1;row2:stamina-1"``); by
        default the :class:`Adventure`'s own, none for a task string.
    monsters : iterable of str, Row or (row, where), default ()
        Monster tasks on the card (pp. 10-11), e.g. ``["LORE,PERIL"]``; see
        :func:`place_monsters`. Rows are numbered as in :attr:`rows`: the card's, then
        the added ones.
    monster_slot : str, optional
        The card's monster tasks in ``monster_slot`` notation (``"row1:replace"``,
        ``"row1:keep_1"``, ``"extra_row"``); by default the :class:`Adventure`'s own, none
        for a task string.
    cast : {"before", "after"}, default "before"
        When a spell is spent. ``"before"``, the rulebook (p.9): just before a roll, and a
        die of that roll then goes on it (chosen after the roll, any die); the game plays
        this. ``"after"``: the player sees the roll first and may keep the spell, the
        model of the published optimal solver (for its tables).
    cache : OddsCache, optional
        Tables to share with other solvers, and the lock that guards them; a cache of its
        own by default. Solvers of many cards given one cache solve equal rows once.

    Examples
    --------
    >>> odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=0)
    >>> [f"{float(odds.probability(p)):.6%}" for p in ("5G", "6G+Y+R")]
    ['2.252997%', '42.755001%']
    >>> start = odds.start("6G")
    >>> roll = (("green", ("LORE", "INV_1", "INV_2", "INV_3", "PERIL", "PERIL")),)
    >>> best = odds.best(start, roll)
    >>> best.label
    'complete row 1 with green PERIL, green PERIL'
    >>> str(best.after)
    'rows 2 left; roll 4G'

    Notes
    -----
    Values are memoised per decision point, so asking for several pools or situations of
    one card shares the work. The 48 base adventures on the six dice scenarios of
    :data:`SCENARIOS` take a few seconds with no focus, spell or clue, and with one clue
    on four scenarios (see ``scripts/bench_elder_sign_odds.py``). Every public method holds
    ``cache.lock``: a solver may be used from several threads.
    """

    def __init__(self, card: TaskCard | str | Adventure, wild: Wild = "seed", *,
                 focus: int | None = None, spell: int = 0, clue: int = 0,
                 terror: str | None = None, dice: ElderSignDice | None = None,
                 sanity: int | None = None, stamina: int | None = None,
                 costs: str | None = None, monsters: Iterable[MonsterSpec] = (),
                 monster_slot: str | None = None, cast: Literal["before", "after"] = "before",
                 cache: OddsCache | None = None):
        adv = card if isinstance(card, Adventure) else None
        task = adv.card if adv else (parse_task(card) if isinstance(card, str) else card)
        if not isinstance(task, TaskCard):
            raise TypeError(f"a card is a TaskCard, a task string or an Adventure, not {card!r}")
        for name, x in (("sanity", sanity), ("stamina", stamina)):
            if x is not None and (isinstance(x, bool) or not isinstance(x, int) or x < 1):
                raise ValueError(f"{name}={x!r}: expected None or a value >= 1 (at 0 the "
                                 f"investigator is devoured, rulebook p.11)")
        if costs is None:
            costs = adv.task_costs if adv else "none"
        if monster_slot is None:
            monster_slot = adv.monster_slot if adv else "none"
        row_costs = parse_task_costs(costs, len(task.rows))
        rows, row_costs, self.monster_rows = place_monsters(
            task, monsters, monster_slot, row_costs)
        self.rows: tuple[Row, ...] = rows
        """The rows solved: the card's, with monsters placed (:func:`place_monsters`)."""
        self.costs: tuple[tuple[int, int], ...] = row_costs
        """Per row of :attr:`rows`: the (sanity, stamina) its completion costs."""
        self.sanity, self.stamina = sanity, stamina
        if terror == "card":
            terror = adv.dice_terror if adv else None
        if terror is not None and terror not in TERROR_EFFECTS:
            raise ValueError(f"terror={terror!r}: expected None, 'card' or one of "
                             f"{', '.join(TERROR_EFFECTS)}")
        check_allowance(focus, spell, clue)
        check_rows(rows)
        if cast not in ("before", "after"):
            raise ValueError(f"cast={cast!r}: expected 'before' (the rulebook, p.9) or 'after' "
                             "(the published solver's model)")
        self.card, self.adventure = task, adv
        self.dice = dice or elder_sign_dice()
        self.wild = wild
        self.focus, self.spell, self.clue, self.terror = focus, spell, clue, terror
        self.cast = cast
        self.cache = OddsCache() if cache is None else cache
        """The tables this solver shares, and their lock (see :class:`OddsCache`)."""
        kinds = tuple(sorted(self.dice, key=lambda d: (d.rank, d.name)))
        with self.cache.lock:
            self._engine = Engine(TaskCard(rows, ordered=task.ordered), reading_key(wild),
                                  kinds, focus, spell, clue, terror, row_costs,
                                  (sanity, stamina), cast, self.cache)
        self._best: dict[tuple, Choice] = {}

    # -- decision points --

    def _counts(self, pool: Pool | str) -> tuple[int, ...]:
        p = parse_pool(pool, self.dice)
        kinds = self._engine.kinds
        extra = [d.name for d in p.dice if d not in kinds]
        if extra:
            raise ValueError(f"pool {p} uses dice outside this dice set: {', '.join(extra)}")
        check_dice(p)
        counts = p.counts
        return tuple(counts.get(d.name, 0) for d in kinds)

    def _pool(self, counts: tuple[int, ...]) -> Pool:
        return Pool([(d, n) for d, n in zip(self._engine.kinds, counts, strict=True) if n])

    @_locked
    def start(self, pool: Pool | str) -> Situation:
        """The first decision point: every row left, nothing held, the full allowance."""
        e = self._engine
        return self._situation(e.canon(e.full, self._counts(pool), None, (), e.focus,
                                       self.spell, self.clue))

    def _situation(self, st: State, rows: int | None = None) -> Situation:
        s, pool, marker, held, fl, sl, cl = st
        s = s if rows is None else rows
        return Situation(tuple(t for t in range(self._engine.n) if s >> t & 1),
                         self._pool(pool), marker, held, None if fl == UNLIMITED else fl,
                         sl, cl)

    def _state(self, sit: Situation) -> State:
        e = self._engine
        bad = [t for t in sit.remaining if not 0 <= t < e.n]
        if bad:
            raise ValueError(f"row {bad[0]} is not a row of the card {self.card} "
                             f"(rows are numbered 0 to {e.n - 1})")
        s = sum(1 << t for t in sit.remaining)
        fl = UNLIMITED if sit.focus_left is None else sit.focus_left
        return e.canon(s, self._counts(sit.pool), sit.focused, sit.held, fl, sit.spells_left,
                       sit.clues_left)

    @_locked
    def probability(self, pool: Pool | str) -> Fraction:
        """The exact chance of completing the card from the start with ``pool``.

        >>> odds = AdventureOdds("LORE", focus=0)
        >>> odds.probability("1G"), odds.probability("2G")    # 2G: 11/36 + 25/36 * 1/6
        (Fraction(1, 6), Fraction(91, 216))
        """
        return self.value(self.start(pool))

    @_locked
    def value(self, situation: Situation) -> Fraction:
        """The exact chance of completing the card from ``situation`` under optimal play.

        >>> odds = AdventureOdds("LORE,LORE", focus=0)
        >>> held_lore = Situation((0,), parse_pool("2G"), None, ("LORE",), 0, 0, 0)
        >>> odds.value(held_lore) > odds.probability("2G")
        True
        """
        st = self._state(situation)
        self._open_budget()
        if situation.casting is None or self.cast == "after":
            return self._engine.value(st)
        return self._engine.cast_value(st, self._casting(situation, st))[1]

    def _open_budget(self) -> None:
        """A question may add :data:`MAX_POSITIONS` decision points to the memo."""
        self._engine.budget = len(self._engine.memo) + MAX_POSITIONS

    def _casting(self, situation: Situation, st: State) -> int:
        """The spells cast for the coming roll, checked (see :meth:`casts`)."""
        c = situation.casting or 0
        most = min(situation.spells_left, max(situation.pool.size - 1, 0))
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= most:
            raise ValueError(f"casting={c!r}: between 0 and {most} spells may be cast before "
                             f"a roll of {situation.pool} with {situation.spells_left} spell(s) "
                             "(each takes one die of the roll; one die at least is used)")
        return c

    @_locked
    def casts(self, situation: Situation) -> list[Choice]:
        """Before a roll: how many spells to cast (p.9), each with its exact chance, best
        first (on a tie, fewer spells). Each choice's ``after`` is the situation to roll.

        >>> odds = AdventureOdds("PERIL > PERIL", focus=0, spell=1)
        >>> for c in odds.casts(odds.start("3G")):
        ...     print(c)
        22.0358%  cast 1 spell before the roll
        20.6962%  roll without casting a spell
        """
        if situation.casting is not None or self.cast == "after":
            raise ValueError("the spells for this roll are already chosen"
                             if self.cast == "before" else
                             "with cast='after' spells are spent on seeing the roll")
        st = self._state(situation)
        self._open_budget()
        out = []
        for c in range(self._engine.most_cast(st) + 1):
            after = replace(situation, casting=c)
            p = self._engine.cast_value(st, c)[1]
            label = f"cast {c} spell{'s' * (c > 1)} before the roll" if c else \
                "roll without casting a spell"
            out.append(Choice("cast", p, label, after=after))
        return sorted(out, key=lambda ch: -ch.probability)

    @_locked
    def rolls(self, situation: Situation) -> list[tuple[Roll, Fraction]]:
        """The rolls that can come next, grouped by multiset, with exact probabilities."""
        return outcomes(situation.pool) if situation.pool.size else []

    # -- choices --

    def _check_roll(self, sit: Situation, roll: Roll) -> Roll:
        shown = Counter()
        for name, faces in roll:
            shown[name] += len(faces)
        want = sit.pool.counts
        if {k: v for k, v in shown.items() if v} != {k: v for k, v in want.items() if v}:
            raise ValueError(f"roll {_roll_str(roll)!r} does not match the pool {sit.pool}")
        by_die = {d.name: d for d in self._engine.kinds}
        order = [d.name for d in self._engine.kinds]
        out = []
        for name in order:
            faces = [f for n, fs in roll if n == name for f in fs]
            if faces:
                known = [f for f, _ in by_die[name].faces]
                bad = [f for f in faces if f not in known]
                if bad:
                    raise ValueError(f"a {name} die has no face {bad[0]!r}")
                out.append((name, tuple(sorted(faces, key=known.index))))
        return tuple(out)

    @_locked
    def choices(self, situation: Situation, roll: Roll) -> list[Choice]:
        """Everything the player may do with ``roll``, each with its exact chance, best first.

        Choices: complete an available row (each distinct set of dice that can, and, with
        spells left, which leftover dice to put on spells); fail the roll (which die to set
        aside, whether and which die to focus, which dice to spell); with clues, reroll any
        chosen dice; give up. Equal choices keep a fixed order (completions first).

        Parameters
        ----------
        situation : Situation
        roll : Roll
            ``((die name, faces), ...)`` matching the situation's pool, as in
            :func:`mythlab.elder_sign.dice.outcomes`.

        Returns
        -------
        list of Choice

        Examples
        --------
        A failed first roll with one focus: holding the lore for the second row beats
        holding a peril for the first.

        >>> odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=1)
        >>> roll = (("green", ("LORE", "INV_1", "INV_2", "PERIL", "TERROR", "TERROR")),)
        >>> for c in odds.choices(odds.start("6G"), roll):
        ...     print(c)
         6.6304%  fail: set aside green INV_1, focus green LORE
         5.7312%  fail: set aside green INV_1, focus green PERIL
         3.7722%  fail: set aside green INV_1
         0.0000%  give up
        """
        opts = self._options(situation, roll)
        opts.sort(key=_choice_order)
        return [make() for _, _, make in opts]

    def _options(self, situation: Situation, roll: Roll) -> list[_Option]:
        """Every choice as (probability, action, a function building its :class:`Choice`),
        in a fixed order: labels are only written for the choices shown."""
        st = self._state(situation)
        roll = self._check_roll(situation, roll)
        rows = sum(1 << t for t in situation.remaining)
        self._open_budget()
        c = 0 if self.cast == "after" else self._casting(situation, st)
        out = self._roll_options(st, roll, rows) if not c else \
            self._spelled_options(situation, st, roll, rows, c)
        out.append((Fraction(0), "give up", lambda: Choice("give up", Fraction(0), "give up")))
        return out

    def _roll_options(self, st: State, roll: Roll, rows: int) -> list[_Option]:
        out = self._complete_choices(st, roll, rows) + self._fail_choices(st, roll, rows)
        if st[6]:
            out += self._clue_choices(st, roll)
        return out

    def _spelled_options(self, situation: Situation, st: State, roll: Roll, rows: int,
                         c: int) -> list[_Option]:
        """With ``c`` spells cast before the roll: each distinct set of ``c`` of its dice on
        the spells, then every choice the rest of the roll offers (the spelled dice held)."""
        kidx = self._dice_index()
        dice = sorted(Counter((kidx[name], f) for name, faces in roll for f in faces).items())
        out: list[_Option] = []
        for counts in product(*[range(min(n, c) + 1) for _, n in dice]):
            if sum(counts) != c:
                continue
            spelled = [d for (d, _), k in zip(dice, counts, strict=True) for _ in range(k)]
            left = Counter(dict(dice))
            left.subtract(Counter(spelled))
            rest = self._as_roll(left.elements())
            sub = self._engine.cast_states(st, spelled)
            on_spells = self._as_roll(spelled)
            after_clue = replace(self._situation(sub, rows), clues_left=sub[6] - 1, casting=0)
            for p, action, make in self._roll_options(sub, rest, rows):

                def wrapped(make: Callable[[], Choice] = make, action: str = action,
                            on_spells: Roll = on_spells, after_clue: Situation = after_clue
                            ) -> Choice:
                    inner = make()
                    return replace(inner, label=f"spell {_roll_str(on_spells)}; {inner.label}",
                                   spelled=on_spells,
                                   after=after_clue if action == "clue" else inner.after)

                out.append((p, action, wrapped))
        return out

    @_locked
    def best(self, situation: Situation, roll: Roll) -> Choice:
        """The best choice for ``roll`` (the first of :meth:`choices`); memoised."""
        key = (situation, self._check_roll(situation, roll))
        got = self._best.get(key)
        if got is None:
            got = self._best[key] = min(self._options(situation, roll), key=_choice_order)[2]()
        return got

    def _dice_index(self) -> dict[str, int]:
        return {d.name: k for k, d in enumerate(self._engine.kinds)}

    def _complete_choices(self, st: State, roll: Roll, rows: int) -> list[_Option]:
        e = self._engine
        s, pool, marker, held, fl, sl, cl = st
        kidx = self._dice_index()
        hl = e.held_list(st)
        dice = [(kidx[name], f) for name, faces in roll for f in faces]
        classes = sorted(Counter(dice).items())
        out = []
        for t in e.open_rows(rows):
            row = e.rows[t]
            usable = [j for j, h in enumerate(hl) if e.face_rows.get(h, 0) >> t & 1]
            cls = [c for c, _ in classes if e.face_rows.get(c[1], 0) >> t & 1]
            counts = [dict(classes)[c] for c in cls]
            m = Matcher(row.requirements, cls + [(len(pool) + i, hl[j])
                                                 for i, j in enumerate(usable)], e.reading)
            rest = rows & ~(1 << t)
            for u in sorted(m.uses(counts + [1] * len(usable))):
                used = Counter({cls[i]: u[i] for i in range(len(cls)) if u[i]})
                mask = sum(1 << usable[i] for i in range(len(usable)) if u[len(cls) + i])
                per_kind = [0] * len(pool)
                for (k, _), n in used.items():
                    per_kind[k] += n
                left = Counter(dict(classes))
                left.subtract(used)
                spell_sets: list[tuple[tuple[int, str], ...]] = [()]
                if sl and rest and self.cast == "after":
                    pick = sorted(c for c, n in left.items() if n > 0
                                  and e.face_rows.get(c[1], 0) & rest)
                    for nb in range(1, sl + 1):
                        for b in combinations_with_replacement(pick, nb):
                            if all(left[c] >= n for c, n in Counter(b).items()):
                                spell_sets.append(b)
                for b in spell_sets:
                    spent = [0] * len(pool)
                    for k, _ in b:
                        spent[k] += 1
                    nxt = e.complete(st, t, (tuple(per_kind), mask), tuple(f for _, f in b),
                                     tuple(spent) if b else (), rows)
                    p = e.value(nxt)

                    def make(p: Fraction = p, used: Counter = used, mask: int = mask,
                             t: int = t, b: tuple = b, nxt: State = nxt, rest: int = rest
                             ) -> Choice:
                        used_roll = self._as_roll(sorted(used.elements()))
                        held_used = tuple(hl[j] for j in range(len(hl)) if mask >> j & 1)
                        what = " (monster)" if t in self.monster_rows else ""
                        label = f"complete row {t + 1}{what} with " + ", ".join(
                            [_roll_str(used_roll)] * bool(used_roll)
                            + [f"held {h}" for h in held_used])
                        if b:
                            label += f"; spell {_roll_str(self._as_roll(b))}"
                        return Choice("complete", p, label, row=t, dice=used_roll,
                                      held_dice=held_used, spelled=self._as_roll(b),
                                      after=self._situation(nxt, rest) if rest else None)

                    out.append((p, "complete", make))
        return out

    def _as_roll(self, dice: Iterable[tuple[int, str]]) -> Roll:
        kinds = self._engine.kinds
        by_kind: dict[int, list[str]] = {}
        for k, f in dice:
            by_kind.setdefault(k, []).append(f)
        out = []
        for k in sorted(by_kind):
            known = [f for f, _ in kinds[k].faces]
            out.append((kinds[k].name, tuple(sorted(by_kind[k], key=known.index))))
        return tuple(out)

    def _fail_choices(self, st: State, roll: Roll, rows: int) -> list[_Option]:
        e = self._engine
        s, pool, marker, held, fl, sl, cl = st
        kidx = self._dice_index()
        dice = Counter((kidx[name], f) for name, faces in roll for f in faces)
        terror = Counter({c: n for c, n in dice.items() if c[1] == TERROR})
        if terror and self.terror == "immediate_fail":
            return [(Fraction(0), "fail", lambda: Choice(
                "fail", Fraction(0), "fail: a terror shows, the adventure is lost"))]
        drop: Counter[tuple[int, str]] = Counter()
        if self.terror == "discard_all_terror":
            drop = terror
            dice.subtract(terror)
        useful = sorted(c for c, n in dice.items() if n > 0 and e.face_rows.get(c[1], 0) & s)
        focus_opts: list[tuple[int, str] | None] = [None]
        if fl != 0 and marker is None:
            focus_opts += useful
        out = []
        for a in focus_opts:
            for nb in range(sl + 1 if self.cast == "after" else 1):
                for b in combinations_with_replacement(useful, nb):
                    taken = Counter(([a] if a else []) + list(b))
                    if any(dice[c] < n for c, n in taken.items()):
                        continue
                    left = dice.copy()
                    left.subtract(taken)
                    for k in range(len(pool)):
                        mine = sorted((c for c, n in left.items() if c[0] == k and n > 0),
                                      key=lambda c: (e.face_rows.get(c[1], 0) & s != 0, c[1]))
                        if not mine:
                            continue
                        aside = mine[0]  # any die of that colour: it will not be rolled
                        after = list(pool)
                        for c, n in (drop + taken + Counter([aside])).items():
                            after[c[0]] -= n
                        nxt = e.canon(s, tuple(after), a[1] if a else marker,
                                      held + tuple(f for _, f in b),
                                      fl - 1 if a and fl > 0 else fl, sl - len(b), cl)
                        p = e.value(nxt)

                        def make(p: Fraction = p, aside: tuple[int, str] = aside,
                                 a: tuple[int, str] | None = a, b: tuple = b,
                                 nxt: State = nxt) -> Choice:
                            label = f"fail: set aside {_roll_str(self._as_roll([aside]))}"
                            if drop:
                                terror_dice = _roll_str(self._as_roll(drop.elements()))
                                label += f" (and the terror dice {terror_dice})"
                            if a:
                                label += f", focus {_roll_str(self._as_roll([a]))}"
                            if b:
                                label += f", spell {_roll_str(self._as_roll(b))}"
                            return Choice(
                                "fail", p, label, focused=self._as_roll([a] if a else []),
                                spelled=self._as_roll(b),
                                set_aside=self._as_roll(list(drop.elements()) + [aside]),
                                after=self._situation(nxt, rows))

                        out.append((p, "fail", make))
        return out

    def _clue_choices(self, st: State, roll: Roll) -> list[_Option]:
        e = self._engine
        kidx = self._dice_index()
        dice = sorted(Counter((kidx[name], f) for name, faces in roll for f in faces).items())
        basis, caps = e.basis(st)
        out = []
        for keep_counts in product(*[range(n + 1) for _, n in dice]):
            rerolled = [(c, n - k) for (c, n), k in zip(dice, keep_counts, strict=True) if n - k]
            if not rerolled:
                continue
            kept = Counter({c: k for (c, _), k in zip(dice, keep_counts, strict=True) if k})
            q = [0] * len(st[1])
            for (k, _), n in rerolled:
                q[k] += n
            keep_key = tuple(min(kept.get(e.classes[c], 0), cap)
                             for c, cap in zip(basis, caps, strict=True))
            p = e.clue_expect(st, keep_key, tuple(q))[1]

            def make(p: Fraction = p, rerolled: list = rerolled) -> Choice:
                rr = self._as_roll(c for c, n in rerolled for _ in range(n))
                return Choice("clue", p, f"clue: reroll {_roll_str(rr)}", rerolled=rr)

            out.append((p, "clue", make))
        return out

    # -- Monte Carlo --

    @_locked
    def simulate(self, pool: Pool | str, games: int, seed: int = 0) -> Simulation:
        """Play the optimal policy (:meth:`best`) on random rolls; count the successes.

        A check of the exact values: the estimate should lie within a few standard errors
        of :meth:`probability`. Seeded, so it is repeatable.

        >>> odds = AdventureOdds("PERIL,PERIL > LORE,LORE", wild="faq", focus=0)
        >>> sim = odds.simulate("6G+Y+R", games=200, seed=1)
        >>> lo, hi = sim.interval()
        >>> lo <= float(odds.probability("6G+Y+R")) <= hi
        True
        """
        rng = random.Random(seed)
        kinds = {d.name: d for d in self._engine.kinds}
        start = self.start(pool)
        wins = 0

        def throw(dice: Iterable[tuple[str, int]]) -> Roll:
            out: dict[str, list[str]] = {}
            for name, n in dice:
                d = kinds[name]
                faces = [f for f, _ in d.faces]
                out.setdefault(name, []).extend(
                    rng.choices(faces, weights=[w for _, w in d.faces], k=n))
            return tuple((name, tuple(fs)) for name, fs in out.items() if fs)

        for _ in range(games):
            sit = start
            while not sit.done and sit.pool.size:
                if sit.casting is None and sit.spells_left and self.cast == "before":
                    sit = self.casts(sit)[0].after  # type: ignore[assignment]
                roll = throw((d.name, n) for d, n in sit.pool.groups)
                choice = self.best(sit, roll)
                while choice.action == "clue":
                    kept = Counter((n, f) for n, fs in roll for f in fs)
                    kept.subtract(Counter((n, f) for n, fs in choice.rerolled + choice.spelled
                                          for f in fs))
                    again = throw(Counter(n for n, fs in choice.rerolled for _ in fs).items())
                    merged = Counter(kept)
                    merged.update(Counter((n, f) for n, fs in again for f in fs))
                    sit = choice.after or replace(sit, clues_left=sit.clues_left - 1)
                    roll = self._check_roll(sit, tuple(
                        (name, tuple(f for (n, f), k in merged.items() if n == name
                                     for _ in range(k))) for name in kinds))
                    choice = self.best(sit, roll)
                if choice.action == "give up" or choice.probability == 0:
                    break
                if choice.action == "complete" and choice.after is None:
                    sit = Situation((), sit.pool, None, (), sit.focus_left, 0, 0)
                    break
                assert choice.after is not None
                sit = choice.after
            wins += sit.done
        return Simulation(games, wins, seed)


def adventure_odds(card: TaskCard | str | Adventure, pool: Pool | str, wild: Wild = "seed", *,
                   focus: int | None = None, spell: int = 0, clue: int = 0,
                   terror: str | None = None, sanity: int | None = None,
                   stamina: int | None = None, costs: str | None = None,
                   monsters: Iterable[MonsterSpec] = (),
                   monster_slot: str | None = None,
                   cast: Literal["before", "after"] = "before",
                   cache: OddsCache | None = None) -> Fraction:
    """The exact chance of completing an adventure card under optimal play.

    Parameters
    ----------
    card : TaskCard, str or Adventure
        E.g. ``"PERIL,PERIL > LORE,LORE"`` or ``adventure("Lights Out")``.
    pool : Pool or str
        The starting dice, e.g. ``"6G+Y+R"``.
    wild : {"seed", "faq"}, default "seed"
    focus : int or None, default None
        ``None``: focus whenever the marker is free; ``N``: at most N times.
    spell, clue : int, default 0
    terror : str or None, default None
    sanity, stamina, costs, monsters, monster_slot, cast, cache
        See :class:`AdventureOdds`.

    Returns
    -------
    Fraction

    Examples
    --------
    A spell cast before the roll (the rulebook), and spent on seeing it (the model of the
    published solver, which prints 62.693259):

    >>> p = adventure_odds("PERIL,PERIL > LORE,LORE", "6G+R", wild="faq", focus=1, spell=1)
    >>> type(p).__name__, f"{float(p):.6%}"
    ('Fraction', '59.116652%')
    >>> q = adventure_odds("PERIL,PERIL > LORE,LORE", "6G+R", wild="faq", focus=1, spell=1,
    ...                    cast="after")
    >>> f"{float(q):.6%}"
    '62.693259%'
    """
    return AdventureOdds(card, wild, focus=focus, spell=spell, clue=clue, terror=terror,
                         sanity=sanity, stamina=stamina, costs=costs, monsters=monsters,
                         monster_slot=monster_slot, cast=cast, cache=cache).probability(pool)


def odds_table(cards: Iterable[TaskCard | str | Adventure] | None = None,
               scenarios: Sequence[str] = SCENARIOS, wild: Wild = "seed", *,
               focus: int | None = None, spell: int = 0, clue: int = 0,
               terror: str | None = None, sanity: int | None = None,
               stamina: int | None = None, monsters: Iterable[MonsterSpec] = (),
               cast: Literal["before", "after"] = "before", cache: OddsCache | None = None
               ) -> list[tuple[str, list[Fraction]]]:
    """Exact success chances of many cards on many dice scenarios (one row per card).

    Parameters
    ----------
    cards : iterable of TaskCard, str or Adventure, optional
        The 48 base adventures (:func:`adventures`) by default.
    scenarios : sequence of str, default SCENARIOS
        Pool specs, one column each.
    wild, focus, spell, clue, terror, sanity, stamina, monsters, cast
        As for :class:`AdventureOdds` (the same defaults: the rulebook's rules); each card
        uses its own task costs and monster tasks.
    cache : OddsCache, optional
        The tables the cards' solvers share (equal rows are solved once); a new one by
        default.

    Returns
    -------
    list of (str, list of Fraction)
        Per card its name (or task string) and its chance per scenario.

    Examples
    --------
    The published solver's table uses the FAQ wildcard and counts focus (here none):

    >>> rows = odds_table(["PERIL,PERIL > LORE,LORE"], ["5G", "6G"], "faq", focus=0)
    >>> [f"{float(p):.6%}" for p in rows[0][1]]
    ['2.252997%', '7.413286%']
    """
    out = []
    monsters = tuple(monsters)
    cache = OddsCache() if cache is None else cache
    for card in (adventures() if cards is None else cards):
        odds = AdventureOdds(card, wild, focus=focus, spell=spell, clue=clue, terror=terror,
                             sanity=sanity, stamina=stamina, monsters=monsters, cast=cast,
                             cache=cache)
        name = card.name if isinstance(card, Adventure) else str(odds.card)
        out.append((name, [odds.probability(s) for s in scenarios]))
    return out
