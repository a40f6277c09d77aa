"""State views: the HTML (inline SVG allowed) that the Stepper shows for a state.

A game names its view in its ``GameSpec`` (``view="package.module:function"``); the view is
imported the first time the Stepper meets the game, so ``import mythlab`` never imports
widget code. A game without a view gets the generic one.

A view is shown to a *viewer*: ``ALL`` (the teacher's view: everything), a player's seat
(that player's observation: what the rulebook keeps from them stays hidden) or ``None`` (the
public view, between the turns of pass-and-play). A view takes ``(state, viewer)``; a view that
takes only ``state`` has no hidden parts to hide.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from functools import cache
from html import escape
from typing import Any, Literal

from mythlab import registry
from mythlab.engine import ALL, CHANCE, State

View = Callable[..., str]
Viewer = int | None | Literal["all"]


def view_for(game_name: str) -> View:
    """The view its ``GameSpec`` names for ``game_name``, else ``generic_view``."""
    return _part(game_name, "view") or generic_view


def _part(game_name: str, part: str) -> Any:
    """A part of the game's ``GameSpec`` (imported on first use), or None for a game made
    but never registered (a test's own class) or whose part fails to load: then a warning
    names the error, and the table goes on with the generic part."""
    try:
        info = registry.spec(game_name)
    except ValueError:
        return None
    try:
        return info.load(part)
    except registry.BrokenGame as exc:
        warnings.warn(f"{exc}; the table shows the generic {part} instead", stacklevel=3)
        return None


def render_view(state: State, viewer: Viewer = ALL) -> str:
    """The HTML view of ``state`` as ``viewer`` sees it: its game's view, else the generic one."""
    view = view_for(state.game.name)
    return view(state, viewer) if _takes_viewer(view) else view(state)


@cache
def _takes_viewer(view: View) -> bool:
    try:
        return len(inspect.signature(view).parameters) >= 2
    except (TypeError, ValueError):  # a builtin or C callable: called with the state alone
        return False


def turn_text(state: State) -> str:
    """Whose turn it is: a player's name, ``"chance"`` or ``"game over"``."""
    who = state.current_player
    if who is None:
        return "game over"
    return "chance" if who == CHANCE else state.player_name(who)


def generic_view(state: State, viewer: Viewer = ALL) -> str:
    """Players (the one to move in bold), phase, and the state's ``describe()`` or repr."""
    current = state.current_player
    players = ", ".join(f"<b>{escape(name)}</b>" if p == current else escape(name)
                        for p, name in enumerate(state.game.player_names))
    describe = getattr(state, "describe", None)
    if viewer != ALL and state.game.hidden:  # describe() tells everything: show what they see
        summary = repr(state.observation(viewer)["data"])
    else:
        summary = describe() if callable(describe) else repr(state)
    return (f'<div class="mythlab-generic-view"><div>{escape(state.game.title)} · players: '
            f"{players}</div><div>Phase: {escape(state.phase.name)} · to move: "
            f"{escape(turn_text(state))}</div><pre>{escape(summary)}</pre></div>")
