"""Per-game state views: HTML (inline SVG allowed) that the Stepper shows for a state.

A game's view lives in ``mythlab/widgets/<game name>.py`` (dashes become underscores) and
registers itself with ``@register_view("<game name>")``. ``render_view`` imports that module
the first time it meets the game, so neither ``import mythlab`` nor a game package ever
imports widget code. Games defined elsewhere (tests, user code) call ``register_view``
themselves. A game without a view gets the generic one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from html import escape

from mythlab.engine import CHANCE, State

View = Callable[[State], str]

_VIEWS: dict[str, View] = {}
_LOOKED_UP: set[str] = set()


def register_view(game_name: str) -> Callable[[View], View]:
    """Decorator: ``fn(state) -> html`` becomes the state view of ``game_name``."""

    def decorate(fn: View) -> View:
        _VIEWS[game_name] = fn
        return fn

    return decorate


def view_for(game_name: str) -> View:
    """The registered view of ``game_name`` (importing its view module once), else generic."""
    if game_name not in _VIEWS and game_name not in _LOOKED_UP:
        _LOOKED_UP.add(game_name)
        module = f"{__package__}.{game_name.replace('-', '_')}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the view module exists but is broken: say so
                raise
    return _VIEWS.get(game_name, generic_view)


def render_view(state: State) -> str:
    """The HTML view of ``state``: its game's registered view, else ``generic_view``."""
    return view_for(state.game.name)(state)


def turn_text(state: State) -> str:
    """Whose turn it is: a player's name, ``"chance"`` or ``"game over"``."""
    who = state.current_player
    if who is None:
        return "game over"
    return "chance" if who == CHANCE else state.player_name(who)


def generic_view(state: State) -> str:
    """Players (the one to move in bold), phase, and the state's ``describe()`` or repr."""
    current = state.current_player
    players = ", ".join(f"<b>{escape(name)}</b>" if p == current else escape(name)
                        for p, name in enumerate(state.game.player_names))
    describe = getattr(state, "describe", None)
    summary = describe() if callable(describe) else repr(state)
    return (f'<div class="mythlab-generic-view"><div>{escape(state.game.title)} · players: '
            f"{players}</div><div>Phase: {escape(state.phase.name)} · to move: "
            f"{escape(turn_text(state))}</div><pre>{escape(summary)}</pre></div>")
