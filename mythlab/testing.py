"""``random_sim``: play random legal games and check the engine's invariants at every step.

Like OpenSpiel's random simulation test, with exact chance checks: at every step legal
actions exist unless the game is over, every legal action applies, ``apply`` never mutates,
chance outcomes are positive and sum to exactly 1, JSON round-trips exactly, undo restores,
every phase change is a declared transition, the game's own invariants hold, the game ends
within its declared bound, and replaying its save file gives the same final state (determinism).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction

from mythlab.engine import SaveFileError, Session
from mythlab.registry import make
from mythlab.sim.batch import gc_paused


@dataclass
class SimReport:
    """What random_sim found: games and steps played, and each failure in words."""
    game: str
    games: int = 0
    steps: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when no game failed."""
        return not self.failures

    def __str__(self) -> str:
        head = (f"random_sim({self.game!r}): {self.games} games, {self.steps} steps, "
                f"{len(self.failures)} failures")
        return "\n".join([head, *self.failures[:20]])


class _Failure(Exception):
    pass


def random_sim(name: str, games: int = 10, seed: int = 0, players: int | list[int] | None = None,
               try_every_action: bool = True, check_json: bool = True,
               stop_on_failure: bool = False) -> SimReport:
    """Play ``games`` random games of ``name`` and report every broken check.

    ``players`` is a count, a list of counts to cycle through, or None for every count the
    game allows.
    """
    from mythlab.registry import game_class

    cls = game_class(name)
    counts = ([players] if isinstance(players, int)
              else list(players) if players else list(range(cls.min_players, cls.max_players + 1)))
    report = SimReport(name)
    for g in range(games):
        game_seed = seed + g
        n = counts[g % len(counts)]
        try:
            with gc_paused():
                report.steps += _one_game(name, n, game_seed, try_every_action, check_json)
        except _Failure as exc:
            report.failures.append(f"seed={game_seed} players={n}: {exc}")
            if stop_on_failure:
                break
        except Exception as exc:  # a crash is a failure too, reported with where it happened
            crash = f"crash {type(exc).__name__}: {exc}"
            report.failures.append(f"seed={game_seed} players={n}: {crash}")
            if stop_on_failure:
                break
        report.games += 1
    return report


def _one_game(name: str, players: int, seed: int, try_every_action: bool, check_json: bool) -> int:
    game = make(name, players=players, seed=seed)
    session = Session(game)
    rng = random.Random(seed * 7919 + players)
    bound = game.max_actions()
    steps = 0
    while True:
        state = session.state
        where = f"step {steps} ({state.phase.name})"
        broken = game.invariants(state)
        if broken:
            raise _Failure(f"{where}: invariant broken: {'; '.join(broken)}")
        snapshot = state.to_json()
        if check_json:
            restored = game.state_from_json(snapshot)
            if restored.to_json() != snapshot:
                raise _Failure(f"{where}: JSON round trip changed the state")
            if restored.legal_actions() != state.legal_actions():
                raise _Failure(f"{where}: restored state offers other actions")
        legal = state.legal_actions()
        if state.is_terminal():
            if legal:
                raise _Failure(f"{where}: terminal state offers actions")
            state.scores()
            _check_replay(session, snapshot)
            return steps
        if not legal:
            raise _Failure(f"{where}: no legal actions but the game is not over")
        if len({a.label for a in legal}) != len(legal):
            raise _Failure(f"{where}: two legal actions share a label")
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if any(not isinstance(p, Fraction) or p <= 0 for _, p in outcomes):
                raise _Failure(f"{where}: a chance outcome is not a positive Fraction")
            if sum(p for _, p in outcomes) != 1:
                raise _Failure(f"{where}: chance outcomes sum to {sum(p for _, p in outcomes)}")
            weights = [float(p) for _, p in outcomes]
            action = rng.choices([a for a, _ in outcomes], weights)[0]
        else:
            action = rng.choice(legal)
        if try_every_action:
            for other in legal:
                state.apply(other)
        session.apply(action)
        if state.edited().to_json() != snapshot:  # recomputed: to_json is cached per state
            raise _Failure(f"{where}: apply({action.label!r}) changed the state it was called on")
        before_phase, after_phase = state.phase.name, session.state.phase.name
        if not game.phases.allows(before_phase, after_phase):
            raise _Failure(f"{where}: {action.label!r} moved from phase {before_phase!r} to "
                           f"{after_phase!r}, a transition the game does not declare")
        after = session.state.to_json()
        session.undo()
        if session.state.edited().to_json() != snapshot:
            raise _Failure(f"{where}: undo did not restore the state")
        session.redo()
        if session.state.to_json() != after:
            raise _Failure(f"{where}: redo did not restore the state")
        steps += 1
        if steps > bound:
            raise _Failure(f"game did not end within its declared bound of {bound} actions")


def _check_replay(session: Session, final: str) -> None:
    """The session's save file replays, from the seed, to exactly the same final state."""
    try:
        replayed = Session.from_json(json.dumps(session.to_dict())).state.to_json()
    except SaveFileError as exc:
        raise _Failure(f"the save file of this game does not load: {exc}") from None
    if replayed != final:
        raise _Failure("replaying the same seed and actions gave a different final state")
