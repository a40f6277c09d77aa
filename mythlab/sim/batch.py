"""Batch simulation: many bot games with a progress bar, for classroom statistics.

``simulate`` plays the games (on several processes or a Dask cluster if asked, see
``mythlab.sim.backends``); ``records_to_rows`` turns the records into one flat row per player
per game, and ``win_rates`` tallies wins exactly.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mythlab.engine import Session, State
from mythlab.registry import make

from .backends import check_backend, chunk_size, mp_context, runner
from .bots import seat_bots
from .stats import WinRate

__all__ = ["GameRecord", "WinRate", "gc_paused", "mp_context", "records_to_rows", "simulate",
           "win_rates"]


@dataclass
class GameRecord:
    """One finished game: its seed, bots, scores, winners, player names and the final state
    (``final`` is None when the simulation was asked not to keep states)."""

    seed: int
    bots: list[str]
    scores: dict[str, Any]
    winners: list[int]
    steps: int
    final: State | None = field(repr=False)
    names: list[str] = field(default_factory=list)


def simulate(name: str, games: int = 100, players: int = 3, bots: Sequence[str] | None = None,
             seed: int = 0, progress: bool = True, processes: int = 1,
             backend: str = "processes", client: Any = None, scheduler: str | None = None,
             keep_states: bool | None = None, **options: Any) -> list[GameRecord]:
    """Play ``games`` bot games of ``name``; bots default to random for every seat.

    Game ``g`` uses seed ``seed + g`` and its bots are seeded from it (``seat_bots``), so the
    records are the same whatever the backend and the number of workers: games are shared
    out in chunks, and workers send each final state back as JSON (an exact round trip) or,
    without ``keep_states``, only the compact result. Records come back in seed order.

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
        Worker processes (``backend="processes"``; 1 plays in this process), or the workers
        of the LocalCluster started for ``backend="dask"`` without ``client``/``scheduler``.
    backend : {"processes", "dask"}
        Where the games run (``mythlab.sim.backends``).
    client, scheduler
        For ``backend="dask"``: a ``dask.distributed.Client``, or a scheduler address such
        as ``"tcp://10.0.0.5:8786"``; neither starts a LocalCluster on this machine.
    keep_states : bool, optional
        Send each final state back (``GameRecord.final``); by default yes for
        ``"processes"`` and no for ``"dask"``, whose records then carry only the results.
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
    >>> simulate("agea", games=1, players=2, progress=False, keep_states=False)[0].final is None
    True
    """
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) != players:
        raise ValueError(f"bots: {len(bot_names)} bots for {players} players")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number ≥ 0, not {games!r}")
    check_backend(backend, processes, client, scheduler)
    keep = backend == "processes" if keep_states is None else bool(keep_states)
    seeds = [seed + g for g in range(games)]
    if backend == "processes" and (processes == 1 or games < 2):
        return _simulate_here(name, players, bot_names, seeds, options, keep, progress)
    records = []
    with runner(backend, processes, client, scheduler) as r, \
            _progress_bar(progress, games, f"{name} games") as bar:
        size = chunk_size(len(seeds), r.workers, 20 if keep else 100)
        chunks = [_Chunk(name, players, bot_names, seeds[i:i + size], dict(options), keep)
                  for i in range(0, len(seeds), size)]
        for results in r.run(_play_chunk, chunks, bar):
            records.extend(_from_row(name, players, bot_names, options, row) for row in results)
    records.sort(key=lambda record: record.seed)
    return records


def _simulate_here(name: str, players: int, bot_names: list[str], seeds: list[int],
                   options: Mapping[str, Any], keep: bool, progress: bool) -> list[GameRecord]:
    records = []
    with _progress_bar(progress, len(seeds), f"{name} games") as bar:
        for s in seeds:
            record = _play_one(name, players, bot_names, s, options)
            if not keep:
                record.final = None
            records.append(record)
            bar.update(1)
    return records


def _progress_bar(progress: bool, total: int, desc: str) -> Any:
    """A tqdm bar over games (``tqdm.auto``: a widget in Jupyter, text elsewhere); a silent
    one when ``progress`` is off. Use it as a context manager so it always closes."""
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game", disable=not progress)


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
    return GameRecord(final.game.seed, bot_names, scores, list(scores["winners"]), steps, final,
                      list(final.game.player_names))


class _Chunk(NamedTuple):
    """A worker's share of the games: everything it needs, picklable."""

    name: str
    players: int
    bots: list[str]
    seeds: list[int]
    options: dict[str, Any]
    keep_states: bool


class _Row(NamedTuple):
    """A worker's compact answer for one game: the final state as JSON only if asked."""

    seed: int
    steps: int
    state_json: str | None
    scores: dict[str, Any] | None
    names: list[str] | None


def _play_chunk(chunk: _Chunk) -> list[_Row]:
    """Worker: play the chunk's games; one compact row for each."""
    out = []
    for s in chunk.seeds:
        record = _play_one(chunk.name, chunk.players, chunk.bots, s, chunk.options)
        if chunk.keep_states:
            out.append(_Row(s, record.steps, record.final.to_json(), None, None))
        else:
            out.append(_Row(s, record.steps, None, record.scores, record.names))
    return out


def _from_row(name: str, players: int, bot_names: list[str], options: Mapping[str, Any],
              row: _Row) -> GameRecord:
    if row.state_json is None:
        return GameRecord(row.seed, bot_names, row.scores, list(row.scores["winners"]),
                          row.steps, None, row.names)
    game = make(name, players=players, seed=row.seed, **options)
    return _record(game.state_from_json(row.state_json), bot_names, row.steps)


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
        names = r.names or r.final.game.player_names
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
                if r.final is None:
                    raise ValueError("extra= needs the final states: simulate with "
                                     "keep_states=True")
                row.update(extra(r.final, seat))
            rows.append(row)
    return rows


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
