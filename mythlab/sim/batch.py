"""Batch simulation: many bot games with a progress bar, for classroom statistics."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mythlab.engine import Session, State, make

from .bots import make_bot


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
             seed: int = 0, progress: bool = True, **options: Any) -> list[GameRecord]:
    """Play ``games`` bot games of ``name``; bots default to random for every seat."""
    bot_names = list(bots) if bots else ["random"] * players
    if len(bot_names) != players:
        raise ValueError(f"bots: {len(bot_names)} bots for {players} players")
    rounds = range(games)
    if progress:
        from tqdm.auto import tqdm

        rounds = tqdm(rounds, desc=f"{name} games", unit="game")
    records = []
    for g in rounds:
        game_seed = seed + g
        session = Session(make(name, players=players, seed=game_seed, **options))
        seats = {p: make_bot(b, seed=game_seed * 31 + p) for p, b in enumerate(bot_names)}
        final = session.play(seats)
        scores = final.scores()
        records.append(GameRecord(game_seed, bot_names, scores, list(scores["winners"]),
                                  session.position, final))
    return records
