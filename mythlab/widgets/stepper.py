"""``Stepper``: the ipywidgets front of ``StepperModel`` for any registered game.

Layout, top to bottom: header (phase, rule, whose turn), status line, the game's own state
view (its board widget when its ``GameSpec`` names one), the move buttons (chance outcomes
with exact odds and "Roll randomly" at chance nodes), the controls (Undo, Redo, play to end
of phase / game) and the event log. Each part carries a ``mythlab-*`` CSS class so browser
tests and notebooks can find it. A click redraws only what changed and relabels pooled
buttons instead of creating new widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from mythlab.engine import Game, Session

from .model import BotSpec, ButtonGroup, StepperModel
from .views import board_for

DROPDOWN_OVER = 30
"""A group with more choices than this shows a dropdown and a Go button instead of buttons."""
LOG_SHOWN = 200
"""The event log shows this many most recent steps."""


def _button(description: str, css: str, tooltip: str = "") -> w.Button:
    button = w.Button(description=description, tooltip=tooltip,
                      layout=w.Layout(width="auto", margin="2px", align_self="flex-start"))
    button.add_class(css)
    return button


class _ButtonRow:
    """One titled group of move buttons; buttons are pooled and relabelled between steps."""

    def __init__(self, act: Callable[[str], None]):
        self._act = act
        self._pool: list[w.Button] = []
        self.labels: list[str] = []
        self.title = w.HTML()
        self.title.add_class("mythlab-group-title")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.dropdown = w.Dropdown(layout=w.Layout(width="auto"))
        self.go = _button("Go", "mythlab-go", "apply the chosen move")
        self.go.on_click(lambda _b: self._act(self.dropdown.value))
        self.picker = w.HBox([self.dropdown, self.go])
        self.widget = w.VBox()

    def show(self, group: ButtonGroup) -> None:
        """Show ``group``: as buttons, or as a dropdown when it is large."""
        self.title.value = f"<b>{escape(group.title)}</b>"
        head = (self.title,) if group.title else ()
        self.labels = [b.label for b in group.buttons]
        if len(group.buttons) > DROPDOWN_OVER:
            self.dropdown.options = [(b.text, b.label) for b in group.buttons]
            self.widget.children = (*head, self.picker)
            return
        for i in range(len(self._pool), len(group.buttons)):
            button = _button("", "mythlab-action")
            button.on_click(lambda _b, i=i: self._act(self.labels[i]))
            self._pool.append(button)
        for button, spec in zip(self._pool, group.buttons, strict=False):
            button.description, button.tooltip = spec.text, spec.tooltip
        self.buttons.children = tuple(self._pool[: len(group.buttons)])
        self.widget.children = (*head, self.buttons)

    def press(self, label: str) -> None:
        """Click the button for ``label`` (or choose it in the dropdown and click Go)."""
        if self.widget.children[-1] is self.picker:
            self.dropdown.value = label
            self.go.click()
        else:
            self._pool[self.labels.index(label)].click()


class Stepper(w.VBox):
    """Step through any registered game in a notebook: ``Stepper(mythlab.make("agea"))``.

    Parameters
    ----------
    game_or_session
        The game to start, or a session to go on with.
    bots
        A name, a callable, one per seat, or a seat mapping: who plays for "Play to end of
        phase / game"; the default is a seeded random bot per seat.
    board
        Show the game's board widget (``GameSpec.board``, built from ``self.model``) in place
        of the HTML view, as ``self.board``; False shows the HTML view. All logic lives in
        ``self.model`` (a ``StepperModel``).
    """

    def __init__(self, game_or_session: Game | Session,
                 bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] | None = None,
                 board: bool = True, **kwargs: Any):
        self.model = StepperModel(game_or_session, bots)
        board_class = board_for(self.model.state.game.name) if board else None
        self.board: w.DOMWidget | None = board_class(self.model) if board_class else None
        self.header = w.HTML()
        self.status_line = w.HTML()
        self.state_view = w.HTML()
        self.roll_button = _button("Roll randomly", "mythlab-roll",
                                   "draw an outcome from the game's seeded dice")
        self.move_rows = w.VBox()
        self.undo_button = _button("Undo", "mythlab-undo")
        self.redo_button = _button("Redo", "mythlab-redo")
        self.phase_button = _button("Play to end of phase", "mythlab-play-phase",
                                    "bots play until the phase changes")
        self.game_button = _button("Play to end of game", "mythlab-play-game",
                                   "bots play until the game is over")
        self.event_log = w.HTML()
        view = self.state_view if self.board is None else self.board
        for part, css in [(self.header, "mythlab-phase"), (self.status_line, "mythlab-status"),
                          (view, "mythlab-view"), (self.move_rows, "mythlab-moves"),
                          (self.event_log, "mythlab-log")]:
            part.add_class(css)
        self.roll_button.on_click(lambda _b: self._do(self.model.roll))
        self.undo_button.on_click(lambda _b: self._do(self.model.undo))
        self.redo_button.on_click(lambda _b: self._do(self.model.redo))
        self.phase_button.on_click(lambda _b: self._do(self.model.play_to_end_of_phase))
        self.game_button.on_click(lambda _b: self._do(self.model.play_to_end_of_game))
        self._rows: list[_ButtonRow] = []
        self._drawn = -1
        controls = w.HBox([self.undo_button, self.redo_button, self.phase_button,
                           self.game_button])
        super().__init__([self.header, self.status_line, view, self.roll_button,
                          self.move_rows, controls, self.event_log], **kwargs)
        self.add_class("mythlab-stepper")
        self.refresh()

    @property
    def action_buttons(self) -> list[w.Button]:
        """The move buttons now on screen, in order (chance outcomes at a chance node)."""
        return [b for row in self.move_rows.children for part in row.children
                if isinstance(part, w.HBox) for b in part.children
                if "mythlab-action" in b._dom_classes]

    def press(self, label: str) -> None:
        """Click the on-screen button (or dropdown choice) for ``label``, as a user would."""
        for row in self._rows[: len(self.move_rows.children)]:
            if label in row.labels:
                row.press(label)
                return
        self._do(self.model.click, label)  # not on screen: the model says why it is refused

    def refresh(self) -> None:
        """Redraw from the model: the status line always, the rest when the state changed."""
        m = self.model
        self.status_line.value = (
            f'<div class="mythlab-error" style="color:#b00020">⚠ {escape(m.error)}</div>'
            if m.error else f"<div>{escape(m.status)}</div>")
        if self._drawn == m.version:
            return
        self._drawn = m.version
        self.header.value = header_html(m)
        self.state_view.value = m.view_html
        if self.board is not None:
            self.board.update(m.state)
        groups = m.buttons
        while len(self._rows) < len(groups):
            self._rows.append(_ButtonRow(lambda label: self._do(m.click, label)))
        for row, group in zip(self._rows, groups, strict=False):
            row.show(group)
        self.move_rows.children = tuple(row.widget for row in self._rows[: len(groups)])
        self.roll_button.layout.display = "" if m.is_chance else "none"
        self.undo_button.disabled = not m.can_undo
        self.redo_button.disabled = not m.can_redo
        self.phase_button.disabled = self.game_button.disabled = m.is_over
        self.event_log.value = log_html(m)

    def _do(self, change: Callable[..., object], *args: str) -> None:
        try:
            change(*args)
        except Exception as exc:  # show the bug in the widget too, not only in the log console
            self.model.error = f"internal error: {type(exc).__name__}: {exc}"
            raise
        finally:
            self.refresh()


def header_html(m: StepperModel) -> str:
    """Phase, rule reference and summary, step number and whose turn (or the winners)."""
    if m.is_over:
        turn = "game over" + (f" · winner: {', '.join(m.winners)}" if m.winners else "")
    else:
        turn = f"to move: <b>{escape(m.turn)}</b>"
    summary = m.phase.summary
    return (f'<div><b class="mythlab-phase-name">{escape(m.phase_name)}</b> · '
            f'<i class="mythlab-rule">{escape(m.phase_rule)}</i> · step {m.step} · {turn}</div>'
            + (f"<div>{escape(summary)}</div>" if summary else ""))


def log_html(m: StepperModel, shown: int = LOG_SHOWN) -> str:
    """The most recent ``shown`` steps, oldest first, in a box that stays scrolled down."""
    entries = m.log
    lines = [f"<div>… {len(entries) - shown} earlier steps</div>"] if len(entries) > shown else []
    for e in entries[-shown:]:
        events = "".join(f'<div style="margin-left:2em;color:#555">{escape(x)}</div>'
                         for x in e.events)
        lines.append(f'<div class="mythlab-log-entry">{e.step}. <b>{escape(e.actor)}</b>: '
                     f"{escape(e.action)}{events}</div>")
    body = "".join(lines) or "<div><i>No moves yet.</i></div>"
    # column-reverse keeps the newest entry in sight without any JavaScript
    return ('<div style="display:flex;flex-direction:column-reverse;max-height:14em;'
            f'overflow-y:auto;border-top:1px solid #ddd"><div>{body}</div></div>')
