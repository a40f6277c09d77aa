"""Batch simulation: many bot games with a progress bar, for classroom statistics.

``simulate`` plays the games (on several processes if asked); ``records_to_rows`` turns the
records into one flat row per player per game, and ``win_rates`` tallies wins exactly.
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from mythlab.engine import Session, State
from mythlab.registry import make

from .bots import seat_bots


@dataclass
class GameRecord:
    """One finished game: its seed, bots, scores, winners and the final state."""

    seed: int
    bots: list[str]
    scores: dict[str, Any]
    winners: list[int]
    steps: int
    final: State = field(repr=False)


def simulate(name: str, games: int = 100, players: int = 3, bots: Sequence[str] | None = None,
             seed: int = 0, progress: bool = True, processes: int = 1,
             **options: Any) -> list[GameRecord]:
    """Play ``games`` bot games of ``name``; bots default to random for every seat.

    Game ``g`` uses seed ``seed + g`` and its bots are seeded from it (``seat_bots``), so the
    records are the same whatever ``processes`` is: with ``processes > 1`` the games are
    shared out to worker processes, which send each final state back as JSON (an exact round
    trip). Records come back in seed order.

    Parameters
    ----------
    name : str
        A registered game (``mythlab.games()``).
    games : int
        How many games to play.
    players : int
        Players per game.
    bots : sequence of str, optional
        One bot name per seat (``"random"``, ``"greedy"``); all random by default.
    seed : int
        Seed of the first game.
    progress : bool
        Show a tqdm progress bar (``tqdm.auto``: a widget in Jupyter, text elsewhere).
    processes : int
        Worker processes; 1 plays in this process.
    **options
        Game options passed to ``mythlab.make``.

    Returns
    -------
    list of GameRecord

    Examples
    --------
    >>> one = simulate("agea", games=2, players=2, seed=4, progress=False)
    >>> two = simulate("agea", games=2, players=2, seed=4, progress=False, processes=2)
    >>> [(r.seed, r.steps, r.winners) for r in one] == [(r.seed, r.steps, r.winners) for r in two]
    True
    >>> one[0].final.to_json() == two[0].final.to_json()
    True
    """
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) != players:
        raise ValueError(f"bots: {len(bot_names)} bots for {players} players")
    if not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number ≥ 0, not {games!r}")
    if not isinstance(processes, int) or processes < 1:
        raise ValueError(f"processes must be a whole number ≥ 1, not {processes!r}")
    seeds = [seed + g for g in range(games)]
    bar = _progress_bar(progress, games, f"{name} games")
    try:
        if processes == 1 or games < 2:
            records = []
            for s in seeds:
                records.append(_play_one(name, players, bot_names, s, options))
                if bar is not None:
                    bar.update(1)
            return records
        return _simulate_parallel(name, players, bot_names, seeds, options, processes, bar)
    finally:
        if bar is not None:
            bar.close()


def _progress_bar(progress: bool, total: int, desc: str) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while one game is played.

    States are acyclic trees copied at every move: the collector finds nothing to free in a
    game but rescans its growing timeline (~25% of the time); it runs as usual between games.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _play_one(name: str, players: int, bot_names: list[str], seed: int,
              options: Mapping[str, Any]) -> GameRecord:
    session = Session(make(name, players=players, seed=seed, **options))
    with gc_paused():
        final = session.play(seat_bots(bot_names, seed, game=name))
    return _record(final, bot_names, session.position)


def _record(final: State, bot_names: list[str], steps: int) -> GameRecord:
    scores = final.scores()
    return GameRecord(final.game.seed, bot_names, scores, list(scores["winners"]), steps, final)


class _Chunk(NamedTuple):
    """A worker's share of the games: everything it needs, picklable."""

    name: str
    players: int
    bots: list[str]
    seeds: list[int]
    options: dict[str, Any]


def _play_chunk(chunk: _Chunk) -> list[tuple[int, int, str]]:
    """Worker: play the chunk's games; (seed, steps, final state as JSON) for each."""
    out = []
    for s in chunk.seeds:
        record = _play_one(chunk.name, chunk.players, chunk.bots, s, chunk.options)
        out.append((s, record.steps, record.final.to_json()))
    return out


def _simulate_parallel(name: str, players: int, bot_names: list[str], seeds: list[int],
                       options: Mapping[str, Any], processes: int, bar: Any) -> list[GameRecord]:
    # Small chunks keep the progress bar moving and both workers busy to the end.
    size = max(1, min(20, len(seeds) // (processes * 8)))
    chunks = [_Chunk(name, players, bot_names, seeds[i:i + size], dict(options))
              for i in range(0, len(seeds), size)]
    records = []
    with mp_context().Pool(min(processes, len(chunks))) as pool:
        for results in pool.imap(_play_chunk, chunks):
            for s, steps, text in results:
                game = make(name, players=players, seed=s, **options)
                records.append(_record(game.state_from_json(text), bot_names, steps))
            if bar is not None:
                bar.update(len(results))
    return records


def mp_context() -> Any:
    """The multiprocessing context for workers: fork where the platform has it.

    Fork starts workers at once and they inherit games registered at run time (tests, a
    notebook's own games); elsewhere the platform default is used.
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def records_to_rows(records: Iterable[GameRecord],
                    extra: Callable[[State, int], Mapping[str, Any]] | None = None,
                    ) -> list[dict[str, Any]]:
    """One flat row per player per game, for tables and plots.

    Each row has ``seed``, ``players``, ``seat``, ``player`` (name), ``bot``, ``vp``, ``won``
    (among the winners), ``shared`` (how many winners), ``steps``, and one ``vp <source>``
    column per entry of the game's score breakdown (when its ``scores()`` gives one).
    ``extra(final_state, seat)`` adds game-specific columns.

    Examples
    --------
    >>> rows = records_to_rows(simulate("agea", games=1, players=2, progress=False))
    >>> len(rows), rows[0]["seat"], rows[1]["bot"], "vp heroes" in rows[0]
    (2, 0, 'random', True)
    >>> sum(row["won"] for row in rows) >= 1
    True
    """
    rows = []
    for r in records:
        names = r.final.game.player_names
        points = r.scores.get("scores", {})
        breakdown = r.scores.get("breakdown", {})
        for seat, name in enumerate(names):
            row: dict[str, Any] = {
                "seed": r.seed, "players": len(names), "seat": seat, "player": name,
                "bot": r.bots[seat], "vp": points.get(name), "won": seat in r.winners,
                "shared": len(r.winners), "steps": r.steps,
            }
            row.update({f"vp {source}": v for source, v in breakdown.get(name, {}).items()})
            if extra is not None:
                row.update(extra(r.final, seat))
            rows.append(row)
    return rows


class WinRate(NamedTuple):
    """Wins out of games, with the exact rate."""

    wins: int
    games: int

    @property
    def rate(self) -> Fraction:
        return Fraction(self.wins, self.games) if self.games else Fraction(0)

    def __str__(self) -> str:
        return f"{self.wins}/{self.games} ({float(self.rate):.1%})"


def win_rates(rows: Iterable[Mapping[str, Any]],
              key: str | Callable[[Mapping[str, Any]], Hashable]) -> dict[Hashable, WinRate]:
    """Wins per value of ``key`` (a column name or a function of the row), exactly.

    >>> rows = [{"bot": "greedy", "won": True}, {"bot": "random", "won": False},
    ...         {"bot": "random", "won": True}]
    >>> {bot: str(w) for bot, w in win_rates(rows, "bot").items()}
    {'greedy': '1/1 (100.0%)', 'random': '1/2 (50.0%)'}
    >>> win_rates(rows, "bot")["random"].rate
    Fraction(1, 2)
    """
    get = (lambda row: row[key]) if isinstance(key, str) else key
    tally: dict[Hashable, list[int]] = {}
    for row in rows:
        counts = tally.setdefault(get(row), [0, 0])
        counts[0] += bool(row["won"])
        counts[1] += 1
    return {k: WinRate(w, n) for k, (w, n) in tally.items()}
