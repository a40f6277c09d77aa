"""Experiments with honest statistics: is this start fair, this card too strong, does skill
matter? ``experiment`` plays every variant of a game with every bot line-up in every seat order
and returns exact win counts with Wilson 95% intervals and the designer's metrics of
docs/metrics.md (balance, skill depth, luck share, duration, lead changes).

Each game comes back from its worker as one compact ``GameRow`` (no states), and the rows are
folded at once into exact tallies (counts, ``Fraction`` sums), so the client's memory stays
flat however many games run, and the tables do not depend on the order rows arrive in: the
same seed gives the same tables on any backend and any number of workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from typing import Any, NamedTuple

from mythlab import registry
from mythlab.engine import CHANCE, Session, State
from mythlab.registry import make

from .backends import check_backend, chunk_size, runner
from .batch import _progress_bar, gc_paused
from .bots import make_bot, seat_bots
from .stats import WinRate

#: games per line-up per variant between two precision checks of ``until=``
BATCH = 200
#: games per line-up per variant at most when only ``until=`` is given
MAX_GAMES = 100_000


class GameRow(NamedTuple):
    """One game's result, compact enough to stream a million of them.

    ``seats``: the bot in each seat; ``steps``: every move and chance outcome, ``moves``:
    the players' decisions only; ``scores``: the final score of each seat, exactly; ``first``:
    the seat that made the first decision; ``lead_changes``: how often the leader by running
    score changed (None in a cooperative game); ``luck``: each seat's total luck at the dice
    (None if nothing was rolled, or luck was not measured) — see docs/metrics.md;
    ``groups``: each seat's label from the experiment's ``groups`` function (None without one).
    """

    variant: str
    lineup: int
    seats: tuple[str, ...]
    seed: int
    steps: int
    moves: int
    winners: tuple[int, ...]
    scores: tuple[Any, ...]
    first: int | None
    lead_changes: int | None
    luck: tuple[float, ...] | None
    groups: tuple[str, ...] | None = None


Groups = Callable[[State], Sequence[str]]
"""A function of a game's final state giving each seat a label, such as whether it holds a
card or its main faction; ``experiment(..., groups=)`` reports the win rate of each label."""


def play_row(game: str, seats: Sequence[str], seed: int, options: Mapping[str, Any] | None = None,
             variant: str = "", lineup: int = 0, luck: bool = True,
             groups: Groups | None = None) -> GameRow:
    """Play one bot game exactly as ``simulate`` does (same seed, same moves) and measure it.

    >>> row = play_row("agea", ["random", "greedy"], seed=5)
    >>> row.seats, row.moves <= row.steps, len(row.scores), row.first in (0, 1)
    (('random', 'greedy'), True, 2, True)
    """
    made = make(game, players=len(seats), seed=seed, **dict(options or {}))
    watch = _Watch(made, luck)
    session = Session(made)
    with gc_paused():
        final = session.play(seat_bots(list(seats), seed, game=game), stop=watch)
    watch(final)
    table = final.scores()
    points = table.get("scores", {})
    return GameRow(variant, lineup, tuple(seats), seed, session.position, watch.moves,
                   tuple(table["winners"]), tuple(points.get(n) for n in made.player_names),
                   watch.first, None if made.cooperative else watch.lead_changes,
                   tuple(watch.luck) if watch.luck is not None and watch.rolls else None,
                   None if groups is None else _labels(groups, final))


def _labels(groups: Groups, final: State) -> tuple[str, ...]:
    """The seats' labels, checked: one text per seat."""
    labels = tuple(groups(final))
    if len(labels) != final.game.players or not all(isinstance(x, str) for x in labels):
        raise ValueError(f"groups must give one label (a text) per seat, "
                         f"{final.game.players} in all, not {labels!r}")
    return labels


class _Watch:
    """Looks at every state of a game as it is played (``Session.play``'s ``stop`` hook)."""

    def __init__(self, game: Any, luck: bool):
        self.game = game
        self.seats = range(game.players)
        self.moves = 0
        self.first: int | None = None
        self.leader: int | None = None
        self.lead_changes = 0
        self.luck = [0.0] * game.players if luck else None
        self.rolls = 0
        self.expected: list[float] | None = None

    def __call__(self, state: State) -> bool:
        evaluate = self.game.evaluate
        if self.expected is not None:  # the outcome just rolled, against what was expected
            for p in self.seats:
                self.luck[p] += evaluate(state, p) - self.expected[p]
            self.expected = None
        if not self.game.cooperative:
            self._follow_lead(state)
        player = state.current_player
        if player == CHANCE:
            if self.luck is not None:
                self.rolls += 1
                after = [(float(p), state.apply(a)) for a, p in state.chance_outcomes()]
                self.expected = [sum(p * evaluate(s, seat) for p, s in after)
                                 for seat in self.seats]
        elif player is not None:
            self.moves += 1
            if self.first is None:
                self.first = player
        return False  # never stops the game

    def _follow_lead(self, state: State) -> None:
        points = state.scores().get("scores") or {}
        values = [points.get(name) for name in self.game.player_names]
        if any(v is None for v in values):
            return
        top = max(values)
        if values.count(top) != 1:  # a tie: nobody leads, the last leader is remembered
            return
        leader = values.index(top)
        if self.leader is not None and leader != self.leader:
            self.lead_changes += 1
        self.leader = leader


class _Job(NamedTuple):
    """A chunk of games for a worker: one variant, one line-up, consecutive game numbers."""

    game: str
    variant: str
    options: dict[str, Any]
    lineup: int
    orders: tuple[tuple[str, ...], ...]
    seed: int
    numbers: range
    luck: bool
    groups: Groups | None


def _play_job(job: _Job) -> list[GameRow]:
    """Worker: game ``j`` of a line-up has seed ``seed + j`` and seat order ``j`` mod orders."""
    return [play_row(job.game, job.orders[j % len(job.orders)], job.seed + j, job.options,
                     job.variant, job.lineup, job.luck, job.groups) for j in job.numbers]


def seat_orders(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct seating of a line-up, in first-seen order: each bot plays each seat
    equally often (and beside each other bot), so seat advantages cancel out.

    >>> seat_orders(["greedy", "random"])
    [('greedy', 'random'), ('random', 'greedy')]
    >>> len(seat_orders(["greedy", "random", "random"]))
    3
    """
    return list(dict.fromkeys(permutations(tuple(lineup))))


@dataclass
class _Tally:
    """Exact counts for one variant, folded from rows in any order."""

    games: int = 0
    seat_bot: Counter = field(default_factory=Counter)        # (lineup, seat, bot) -> games
    seat_bot_wins: Counter = field(default_factory=Counter)
    bot: Counter = field(default_factory=Counter)             # (lineup, bot) -> games
    bot_wins: Counter = field(default_factory=Counter)        # any of its seats won
    group: Counter = field(default_factory=Counter)           # label -> games
    group_wins: Counter = field(default_factory=Counter)      # any seat with it won
    team_wins: int = 0
    first: Counter = field(default_factory=Counter)           # "games", "wins"
    steps: Counter = field(default_factory=Counter)
    moves: Counter = field(default_factory=Counter)
    scores: Counter = field(default_factory=Counter)          # (bot, score) -> seats
    lead: Counter = field(default_factory=Counter)            # lead changes -> games
    luck: Counter = field(default_factory=Counter)            # "games", "follows"

    def add(self, row: GameRow, cooperative: bool) -> None:
        self.games += 1
        won = set(row.winners)
        self.team_wins += bool(won)
        for seat, bot in enumerate(row.seats):
            self.seat_bot[row.lineup, seat, bot] += 1
            self.seat_bot_wins[row.lineup, seat, bot] += seat in won
            self.scores[bot, row.scores[seat]] += 1
        for bot in set(row.seats):
            self.bot[row.lineup, bot] += 1
            self.bot_wins[row.lineup, bot] += any(row.seats[s] == bot for s in won)
        for label in set(row.groups or ()):
            self.group[label] += 1
            self.group_wins[label] += any(row.groups[s] == label for s in won)
        if row.first is not None and not cooperative:
            self.first["games"] += 1
            self.first["wins"] += row.first in won
        self.steps[row.steps] += 1
        self.moves[row.moves] += 1
        if row.lead_changes is not None:
            self.lead[row.lead_changes] += 1
        follows = _luck_follows(row, cooperative)
        if follows is not None:
            self.luck["games"] += 1
            self.luck["follows"] += follows


def _luck_follows(row: GameRow, cooperative: bool) -> bool | None:
    """Did the result follow the dice? None when the game cannot say (docs/metrics.md)."""
    if row.luck is None:
        return None
    if cooperative:
        team = sum(row.luck)
        return None if team == 0 else (team > 0) == bool(row.winners)
    best = max(row.luck)
    if len(row.winners) != 1 or row.luck.count(best) != 1:
        return None  # no single winner, or no single luckiest seat
    return row.luck.index(best) == row.winners[0]


def _rate(wins: int, games: int, hits: str = "wins") -> dict[str, Any]:
    w = WinRate(wins, games)
    low, high = w.interval
    return {hits: wins, "games": games, "rate": w.rate, "low": low, "high": high}


def _mean(counts: Counter) -> Fraction | None:
    n = sum(counts.values())
    return Fraction(sum(v * c for v, c in counts.items()), n) if n else None


def _median(counts: Counter) -> Any:
    """The median of a distribution given as value -> count (the mean of the middle two
    values when the count is even), exactly."""
    n = sum(counts.values())
    if not n:
        return None
    middle = sorted({(n - 1) // 2, n // 2})
    found, seen = [], 0
    for value in sorted(counts):
        found += [value for i in middle if seen <= i < seen + counts[value]]
        seen += counts[value]
    return found[0] if len(found) == 1 else Fraction(found[0] + found[1]) / 2


@dataclass
class ExperimentResult:
    """What ``experiment`` measured: exact tallies per variant, and tables drawn from them.

    Every table is a list of dicts (one per row, ``to_pandas`` makes a DataFrame); win rates
    carry ``wins``, ``games``, the exact ``rate`` and the Wilson 95% bounds ``low``/``high``.
    """

    game: str
    players: int
    cooperative: bool
    variants: list[str]
    lineups: list[tuple[str, ...]]
    seed: int
    precision: float | None
    tallies: dict[str, _Tally]
    reached: bool = True

    # ------------------------------------------------------------ win rates
    def win_rates(self, *by: str) -> list[dict[str, Any]]:
        """Win rates per variant and per ``by`` (any of ``"lineup"``, ``"seat"``, ``"bot"``;
        at least ``seat`` or ``bot``).

        Per seat, every game counts once per seat. Per bot (without ``seat``), a game counts
        once for each bot in it, won when any of its seats won: a cooperative team's win, and
        independent trials even when a bot holds several seats.
        """
        unknown = set(by) - {"lineup", "seat", "bot"}
        if unknown or not {"seat", "bot"} & set(by):
            raise ValueError(f"by: choose from 'lineup', 'seat', 'bot' (with 'seat' or 'bot'), "
                             f"not {by!r}")
        rows = []
        for variant in self.variants:
            t = self.tallies[variant]
            if "seat" in by:
                games, wins = t.seat_bot, t.seat_bot_wins
                names = ("lineup", "seat", "bot")
            else:
                games, wins = t.bot, t.bot_wins
                names = ("lineup", "bot")
            groups: dict[tuple, list[int]] = {}
            for key, n in games.items():
                label = dict(zip(names, key, strict=True))
                group = tuple(label[k] for k in by if k in label)
                counts = groups.setdefault(group, [0, 0])
                counts[0] += wins[key]
                counts[1] += n
            for group in sorted(groups, key=str):
                label = dict(zip([k for k in by], group, strict=True))
                if "lineup" in label:
                    label["lineup"] = " vs ".join(self.lineups[label["lineup"]])
                rows.append({"variant": variant, **label, **_rate(*groups[group])})
        return rows

    def group_win_rates(self) -> list[dict[str, Any]]:
        """Win rates per variant and label of the ``groups`` function: like a bot, a label
        counts once in each game where a seat has it, won when any seat with it won."""
        return [{"variant": v, "group": label, **_rate(t.group_wins[label], t.group[label])}
                for v, t in self._each() for label in sorted(t.group)]

    @property
    def table(self) -> list[dict[str, Any]]:
        """Win rate per variant, seat and bot (every line-up pooled)."""
        return self.win_rates("seat", "bot")

    def widest(self) -> float:
        """The largest half-width among the intervals ``until=`` watches (per variant,
        line-up, seat and bot)."""
        return max((r["high"] - r["low"]) / 2 for r in self.win_rates("lineup", "seat", "bot"))

    # ------------------------------------------------------------ designer's metrics
    def team_win_rates(self) -> list[dict[str, Any]]:
        """Per variant: the share of games with at least one winner (a cooperative game's
        team win rate)."""
        return [{"variant": v, **_rate(t.team_wins, t.games)} for v, t in self._each()]

    def first_player(self) -> list[dict[str, Any]]:
        """Per variant: the win rate of the seat that made the game's first decision, beside
        its fair share 1/players (not measured in cooperative games)."""
        return [{"variant": v, **_rate(t.first["wins"], t.first["games"]),
                 "fair": Fraction(1, self.players)}
                for v, t in self._each() if t.first["games"]]

    def lengths(self) -> list[dict[str, Any]]:
        """Per variant: game length in steps (moves and chance outcomes) and in decisions."""
        return [{"variant": v, "games": t.games, "mean steps": _mean(t.steps),
                 "min steps": min(t.steps), "median steps": _median(t.steps),
                 "max steps": max(t.steps), "mean decisions": _mean(t.moves)}
                for v, t in self._each() if t.games]

    def scores(self) -> list[dict[str, Any]]:
        """Per variant and bot: the distribution of final scores (``counts``: score -> seats)."""
        rows = []
        for v, t in self._each():
            for bot in sorted({b for b, _ in t.scores}):
                counts = Counter({s: n for (b, s), n in t.scores.items()
                                  if b == bot and s is not None})
                if counts:
                    rows.append({"variant": v, "bot": bot, "mean": _mean(counts),
                                 "min": min(counts), "median": _median(counts),
                                 "max": max(counts), "counts": dict(sorted(counts.items()))})
        return rows

    def lead_changes(self) -> list[dict[str, Any]]:
        """Per variant: mean lead changes per game (by running score) and the share of games
        with at least one (not measured in cooperative games)."""
        return [{"variant": v, "mean": _mean(t.lead),
                 **_rate(sum(n for k, n in t.lead.items() if k), sum(t.lead.values()),
                         "with a change")}
                for v, t in self._each() if t.lead]

    def luck_share(self) -> list[dict[str, Any]]:
        """Per variant: how often the result followed the dice (docs/metrics.md), beside what
        chance alone would give (1/players; 1/2 in a cooperative game)."""
        base = Fraction(1, 2) if self.cooperative else Fraction(1, self.players)
        return [{"variant": v, **_rate(t.luck["follows"], t.luck["games"], "follows"),
                 "if no effect": base}
                for v, t in self._each() if t.luck["games"]]

    def skill_depth(self) -> list[dict[str, Any]]:
        """Per variant: the best and worst bot by win rate, the spread between them, and
        whether their 95% intervals are apart (then skill measurably matters)."""
        rows = []
        for variant in self.variants:
            rates = [r for r in self.win_rates("bot") if r["variant"] == variant]
            if len(rates) < 2:
                continue
            best = max(rates, key=lambda r: r["rate"])
            worst = min(rates, key=lambda r: r["rate"])
            rows.append({"variant": variant, "best": best["bot"], "worst": worst["bot"],
                         "spread": best["rate"] - worst["rate"],
                         "apart": worst["high"] < best["low"]})
        return rows

    def _each(self) -> Iterator[tuple[str, _Tally]]:
        for v in self.variants:
            yield v, self.tallies[v]

    # ------------------------------------------------------------ output
    def to_pandas(self, table: str = "table") -> Any:
        """One of the tables (``"table"``, ``"first_player"``, ``"lengths"``, ``"scores"``,
        ``"lead_changes"``, ``"luck_share"``, ``"skill_depth"``, ``"team_win_rates"``,
        ``"group_win_rates"``) as a
        pandas DataFrame (pandas is not a dependency of mythlab: install it to use this)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas") from None
        if table not in _TABLES:
            raise ValueError(f"table: choose from {', '.join(_TABLES)}, not {table!r}")
        value = getattr(self, table)
        return pd.DataFrame(value if table == "table" else value())

    def plot(self, by: str = "bot", ax: Any = None) -> Any:
        """Win rates per variant and ``by`` (``"bot"``, ``"seat"`` or ``"group"``) with their
        95% intervals (asymmetric, inside [0, 1]) and, per bot or seat, the fair share as a
        dashed line; returns the Axes."""
        if by not in ("bot", "seat", "group"):
            raise ValueError(f"by: 'bot', 'seat' or 'group', not {by!r}")
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(6, 3.5))
        rows = self.group_win_rates() if by == "group" else self.win_rates(by)
        labels = sorted({r[by] for r in rows}, key=str)
        width = 0.8 / max(1, len(self.variants))
        for i, variant in enumerate(self.variants):
            mine = {r[by]: r for r in rows if r["variant"] == variant}
            xs = [k + (i - (len(self.variants) - 1) / 2) * width
                  for k, label in enumerate(labels) if label in mine]
            got = [mine[label] for label in labels if label in mine]
            ys = [float(r["rate"]) for r in got]
            below = [max(0.0, y - r["low"]) for y, r in zip(ys, got, strict=True)]
            above = [max(0.0, r["high"] - y) for y, r in zip(ys, got, strict=True)]
            ax.errorbar(xs, ys, yerr=[below, above], fmt="o", capsize=4, label=variant)
        if not self.cooperative and by != "group":
            ax.axhline(1 / self.players, linestyle="--", color="grey", linewidth=1)
        ax.set_xticks(range(len(labels)), [str(x) for x in labels])
        ax.set_ylim(0, 1)
        ax.set_xlabel(by)
        ax.set_ylabel("team win rate" if self.cooperative else "win rate")
        ax.set_title(f"{self.game}: win rate by {by} (95% Wilson intervals)")
        ax.legend(fontsize="small")
        return ax

    def __str__(self) -> str:
        lines = [f"{self.game}, {self.players} players, seed {self.seed}"
                 + ("" if self.reached else f" (precision {self.precision} not reached)")]
        for r in self.table:
            lines.append(f"  {r['variant']:<14} seat {r['seat']} {r['bot']:<10} "
                         f"{r['wins']:>6}/{r['games']:<6} {float(r['rate']):6.1%} "
                         f"[{r['low']:.1%}, {r['high']:.1%}]")
        return "\n".join(lines)


_TABLES = ("table", "first_player", "lengths", "scores", "lead_changes", "luck_share",
           "skill_depth", "team_win_rates", "group_win_rates")


def experiment(game: str, variants: Mapping[str, Mapping[str, Any]] | None = None,
               bots: Sequence[str] | Sequence[Sequence[str]] = ("random", "random"),
               players: int | None = None, games: int | None = None,
               until: float | None = None, seed: int = 0, luck: bool = True,
               backend: str = "processes", processes: int = 1, client: Any = None,
               scheduler: str | None = None, progress: bool = True,
               groups: Groups | None = None) -> ExperimentResult:
    """Play every variant with every bot line-up in every seat order, and measure.

    Game ``j`` of a line-up (in every variant alike, so variants are compared on the same
    deals) has seed ``seed + j`` and seat order ``j`` modulo the line-up's seat orders
    (``seat_orders``). Nothing depends on the backend or the number of workers.

    Parameters
    ----------
    game : str
        A registered game.
    variants : mapping of name -> game options
        Each variant's options for ``mythlab.make`` (``{"printed": {}}`` by default), e.g.
        ``{"printed": {}, "E on IS10": {"archipelago": "my_map.yaml"}}``.
    bots : line-up, or list of line-ups
        One bot name per seat (``["greedy", "random"]``), or several line-ups to compare
        (a ladder: ``[["greedy", "random"], ["odds", "random"]]``).
    players : int, optional
        Players per game: the line-ups' length (given only as a check).
    games : int, optional
        Games per line-up and variant, rounded up to a whole number of seat rotations
        (100 by default); with ``until``, the most to play.
    until : float, optional
        Stop early when precise enough. The rule: games are played in batches of ``BATCH``
        per line-up and variant (rounded up to whole rotations); after each batch, stop if
        every Wilson 95% interval of the win rate per variant, line-up, seat and bot has a
        half-width ≤ ``until`` (e.g. 0.05 for ±5 points), or if ``games`` (default
        ``MAX_GAMES``) are played. ``reached`` on the result says which.
    seed : int
        Seed of game 0.
    luck : bool
        Measure each seat's luck at the dice (costs one evaluation per chance outcome).
    backend, processes, client, scheduler
        Where the games run, as for ``simulate`` (``mythlab.sim.backends``).
    progress : bool
        Show a progress bar over games.
    groups : function, optional
        ``final state -> one label per seat`` (e.g. whether the seat holds a card);
        ``group_win_rates()`` then gives each label's win rate. It runs in the workers, so
        give a module-level function (or a ``functools.partial`` of one) when the games run
        in other processes or on Dask.

    Returns
    -------
    ExperimentResult

    Examples
    --------
    >>> r = experiment("cyclades", bots=["greedy", "random"], games=6, seed=1, progress=False)
    >>> [(row["bot"], row["games"]) for row in r.win_rates("bot")]
    [('greedy', 6), ('random', 6)]
    >>> sorted({(row["seat"], row["games"]) for row in r.table})   # 3 games in each seat
    [(0, 3), (1, 3)]
    >>> all(0 <= row["low"] <= row["rate"] <= row["high"] <= 1 for row in r.table)
    True
    """
    spec = registry.spec(game)
    lineups = _lineups(bots, players)
    players = len(lineups[0])
    variants = {"printed": {}} if variants is None else variants
    opts = _check_variants(game, players, seed, variants)
    for bot in sorted({b for lineup in lineups for b in lineup}):
        make_bot(bot, game=game)  # ValueError naming the unknown bot and the choices
    cap = _check_games(games, until)
    if groups is not None and not callable(groups):
        raise ValueError(f"groups: a function of the final state giving one label per seat, "
                         f"not {groups!r}")
    check_backend(backend, processes, client, scheduler)
    orders = [tuple(seat_orders(lineup)) for lineup in lineups]
    cooperative = bool(spec.game_class().cooperative)
    result = ExperimentResult(game, players, cooperative, list(variants), lineups, seed, until,
                              {v: _Tally() for v in variants})
    played = [0] * len(lineups)
    with runner(backend, processes, client, scheduler) as r, \
            _progress_bar(progress, 0, f"{game} experiment") as bar:
        while True:
            step = cap if until is None else BATCH
            todo = [_whole(min(step, cap - played[i]), len(o)) for i, o in enumerate(orders)]
            if not any(todo):
                break
            bar.total = (bar.total or 0) + len(variants) * sum(todo)
            bar.refresh()
            size = chunk_size(len(variants) * sum(todo), r.workers, 50)
            jobs = (_Job(game, name, opts[name], i, orders[i], seed, numbers, luck, groups)
                    for name in variants for i, n in enumerate(todo)
                    for numbers in _split(played[i], played[i] + n, size))
            for rows in r.run(_play_job, jobs, bar):
                for row in rows:
                    result.tallies[row.variant].add(row, cooperative)
            played = [p + n for p, n in zip(played, todo, strict=True)]
            if until is None or result.widest() <= until:
                break
    result.reached = until is None or result.widest() <= until
    return result


def _lineups(bots: Any, players: int | None) -> list[tuple[str, ...]]:
    if isinstance(bots, str) or not isinstance(bots, Sequence) or not bots:
        raise ValueError(f"bots: a line-up (one bot name per seat) or a list of line-ups, "
                         f"not {bots!r}")
    lineups = [tuple(bots)] if all(isinstance(b, str) for b in bots) else \
        [tuple(b) for b in bots]
    for lineup in lineups:
        if not lineup or not all(isinstance(b, str) for b in lineup):
            raise ValueError(f"bots: each line-up is a list of bot names, not {lineup!r}")
    sizes = {len(lineup) for lineup in lineups}
    if len(sizes) > 1 or (players is not None and sizes != {players}):
        want = players if players is not None else len(lineups[0])
        raise ValueError(f"bots: every line-up needs one bot per seat ({want} players); "
                         f"got {', '.join(str(list(lu)) for lu in lineups)}")
    return lineups


def _check_variants(game: str, players: int, seed: int,
                    variants: Any) -> dict[str, dict[str, Any]]:
    """Each variant's options, with data files read once here (workers need no file)."""
    if not isinstance(variants, Mapping) or not variants:
        raise ValueError("variants: a mapping of variant name -> game options, such as "
                         "{'printed': {}}")
    out = {}
    for name, options in variants.items():
        if not isinstance(name, str) or not isinstance(options, Mapping):
            raise ValueError(f"variant {name!r}: its options must be a mapping of option "
                             f"names to values, not {type(options).__name__}")
        try:
            made = make(game, players=players, seed=seed, **dict(options))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"variant {name!r}: {exc}") from exc
        out[name] = {k: made.options[k] for k in options}
    return out


def _check_games(games: Any, until: Any) -> int:
    """The most games per line-up and variant; refuses games ≤ 0 and a useless precision."""
    if games is not None and (isinstance(games, bool) or not isinstance(games, int)
                              or games <= 0):
        raise ValueError(f"games must be a whole number ≥ 1, not {games!r}")
    if until is not None:
        if isinstance(until, bool) or not isinstance(until, int | float | Fraction) \
                or not 0 < until < 0.5:
            raise ValueError(f"until: the largest half-width wanted, a number between 0 and "
                             f"0.5 (e.g. 0.05 for ±5 points), not {until!r}")
        return MAX_GAMES if games is None else games
    return 100 if games is None else games


def _whole(n: int, rotation: int) -> int:
    """``n`` rounded up to a whole number of seat rotations (0 stays 0)."""
    return -(-max(0, n) // rotation) * rotation


def _split(start: int, stop: int, size: int) -> Iterator[range]:
    """Game numbers ``start`` to ``stop`` in ranges of ``size`` (a range pickles small)."""
    for first in range(start, stop, size):
        yield range(first, min(first + size, stop))
