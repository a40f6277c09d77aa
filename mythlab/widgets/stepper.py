"""``Stepper``: the ipywidgets front of ``StepperModel`` for any registered game.

Layout, top to bottom: header (phase, rule, whose turn), status line, the game's own state
view, the move buttons (chance outcomes with exact odds and "Roll randomly" at chance nodes),
the controls (Undo, Redo, play to end of phase / game) and the event log. Each part carries a
``mythlab-*`` CSS class so browser tests and notebooks can find it. A click redraws only what
changed and relabels pooled buttons instead of creating new widgets.

With ``seats`` the Stepper is a game table: bot seats move by themselves after a person's move,
one step every ``pause`` seconds (0: at once) while "… is thinking" shows; with two or more
people a pass screen hides private views between their turns; "Show all" is the teacher's
god view; the game ends on a scoreboard.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from mythlab.engine import Game, Session

from .board import Board
from .model import BotSpec, ButtonGroup, Scoreboard, StepperModel

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
        self.go.on_click(lambda _b: self.dropdown.value is not None
                         and self._act(self.dropdown.value))
        self.picker = w.HBox([self.dropdown, self.go])
        self.widget = w.VBox()

    def _press_pooled(self, i: int) -> None:
        """A pooled button's click; one left from a longer row (a fast double click) is
        ignored."""
        if i < len(self.labels):
            self._act(self.labels[i])

    def show(self, group: ButtonGroup) -> None:
        """Show ``group``: as buttons, or as a dropdown when it is large."""
        self.title.value = f"<b>{escape(group.title)}</b>"
        head = (self.title,) if group.title else ()
        self.labels = [b.label for b in group.buttons]
        if len(group.buttons) > DROPDOWN_OVER:
            self.dropdown.options = [(b.text, b.label) for b in group.buttons]
            self.dropdown.value = group.buttons[0].label  # ipywidgets 8 leaves it None: blank
            self.widget.children = (*head, self.picker)
            return
        for i in range(len(self._pool), len(group.buttons)):
            button = _button("", "mythlab-action")
            button.on_click(lambda _b, i=i: self._press_pooled(i))
            self._pool.append(button)
        for button, spec in zip(self._pool, group.buttons, strict=False):
            with button.hold_sync():
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

    ``bots`` (a name, a callable, one per seat, or a seat mapping) play for
    "Play to end of phase / game"; the default is a seeded random bot per seat. ``seats`` (one
    per player: ``"human"`` or a bot name) makes it a table where people play their seats;
    ``pause`` is the seconds between bot moves; ``undo="own"`` lets a player undo only their
    own last move. All logic lives in ``self.model`` (a ``StepperModel``).
    """

    def __init__(self, game_or_session: Game | Session,
                 bots: BotSpec | Sequence[BotSpec] | Mapping[int, BotSpec] | None = None,
                 *, seats: Sequence[BotSpec] | Mapping[int, BotSpec] | None = None,
                 pause: float = 0.6, undo: str = "any", **kwargs: Any):
        if not isinstance(pause, int | float) or not 0 <= pause <= 10:
            raise ValueError(f"pause: {pause!r} is not a number of seconds from 0 to 10")
        self.model = StepperModel(game_or_session, bots, seats=seats, undo=undo)
        self.pause = float(pause)
        self._pending: asyncio.TimerHandle | None = None
        self.thinking = w.HTML()
        self.handoff = w.HTML()
        self.ready_button = _button("Ready", "mythlab-ready", "show my view and my moves")
        self.ready_button.on_click(lambda _b: self._do(self.model.ready))
        self.handoff_box = w.VBox([self.handoff, self.ready_button])
        self.show_all = w.ToggleButton(value=self.model.show_all, description="Show all",
                                       tooltip="teacher's view: every hand and every seat")
        self.show_all.observe(lambda change: self._do(self.model.set_show_all, change["new"]),
                              "value")
        self.scoreboard = w.HTML()
        for part, css in [(self.thinking, "mythlab-thinking"),
                          (self.handoff_box, "mythlab-handoff"),
                          (self.show_all, "mythlab-show-all"),
                          (self.scoreboard, "mythlab-scoreboard")]:
            part.add_class(css)
        self.header = w.HTML()
        self.status_line = w.HTML()
        self.board = Board()
        self.board.on_token(lambda token: self._do(self.model.board_click, token),
                            cancel=lambda: self._do(self.model.clear_selection))
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
        for part, css in [(self.header, "mythlab-phase"), (self.status_line, "mythlab-status"),
                          (self.board, "mythlab-view"), (self.move_rows, "mythlab-moves"),
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
                           self.game_button, self.show_all])
        super().__init__([self.header, self.status_line, self.thinking, self.scoreboard,
                          self.handoff_box, self.board, self.roll_button, self.move_rows,
                          controls, self.event_log], **kwargs)
        self.add_class("mythlab-stepper")
        self.refresh()
        self._schedule_bots()

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
        thinking = m.bot_to_move and self._pending is not None
        waiting = "the dice are rolling…" if m.is_chance else f"{escape(m.turn)} is thinking…"
        self.thinking.value = f"<i>{waiting}</i>" if thinking else ""
        if self._drawn == m.version:
            return
        self._drawn = m.version
        self.header.value = header_html(m)
        self.handoff.value = f"<h3>{escape(m.handoff)}</h3>" if m.handoff else ""
        self.handoff_box.layout.display = "" if m.handoff else "none"
        self.board.layout.display = "none" if m.handoff else ""
        with self.board.hold_sync():  # one message to the browser, not five
            self.board.html = "" if m.handoff else m.view_html
            self.board.selected = list(m.selection)
            self.board.hot = m.hot
            self.board.choices = [tuple(c) for c in m.choices]
            self.board.drops = m.drops
        self.scoreboard.value = scoreboard_html(m.scoreboard)
        self.show_all.layout.display = "" if m.seated else "none"
        groups = m.buttons
        while len(self._rows) < len(groups):
            self._rows.append(_ButtonRow(lambda label: self._do(m.click, label)))
        for row, group in zip(self._rows, groups, strict=False):
            row.show(group)
        self.move_rows.children = tuple(row.widget for row in self._rows[: len(groups)])
        self.roll_button.layout.display = "" if m.is_chance and not m.seated else "none"
        self.undo_button.disabled = not m.can_undo
        self.redo_button.disabled = not m.can_redo
        self.phase_button.disabled = self.game_button.disabled = m.is_over
        self.event_log.value = log_html(m)

    def _do(self, change: Callable[..., object], *args: Any) -> None:
        self._cancel_bots()
        try:
            change(*args)
        except Exception as exc:  # show the bug in the widget too, not only in the log console
            self.model.error = f"internal error: {type(exc).__name__}: {exc}"
            raise
        finally:
            self.refresh()
        self._schedule_bots()

    # ----------------------------------------------------------------- bot seats
    def _schedule_bots(self) -> None:
        """Bots to move: at once with ``pause`` 0 (or outside an event loop), else one step
        after ``pause`` seconds on the kernel's event loop, so each move stays visible."""
        if not self.model.bot_to_move or self._pending is not None:
            return
        loop = _running_loop()
        if self.pause == 0 or loop is None:
            self.model.run_bots()
            self.refresh()
            return
        self._pending = loop.call_later(self.pause, self._bot_tick)
        self.refresh()

    def _bot_tick(self) -> None:
        self._pending = None
        self.model.bot_step()
        self.refresh()
        self._schedule_bots()

    def _cancel_bots(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    @property
    def bots_pending(self) -> bool:
        """True while a bot's move is scheduled (the "thinking…" line is on screen)."""
        return self._pending is not None


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def number_html(value: Any) -> str:
    """A score as people write it: ``12``, ``2 1/3`` (never ``Fraction(7, 3)``)."""
    if isinstance(value, Fraction):
        whole, rest = divmod(value, 1)
        if rest == 0:
            return str(whole)
        return f"{whole} {rest}" if whole else str(rest)
    return escape(str(value))


def scoreboard_html(board: Scoreboard | None) -> str:
    """The end of the game: the result in words, then each player's total and its sources."""
    if board is None:
        return ""
    sources = list(dict.fromkeys(k for line in board.lines for k in line.breakdown))
    details = list(dict.fromkeys(k for line in board.lines for k in line.details))
    totals = any(line.total is not None for line in board.lines)
    apart = ' style="border-left:2px solid #999;color:#555;font-weight:normal"'
    head = ("<th></th>" + ("<th>total</th>" if totals else "")
            + "".join(f"<th>{'= ' if i == 0 else '+ '}{escape(s)}</th>"
                      for i, s in enumerate(sources))
            + "".join(f"<th{apart if i == 0 else ''} title='not part of the total'>"
                      f"{escape(s)}</th>" for i, s in enumerate(details)))
    rows = "".join(
        f'<tr{" class=mythlab-winner style=font-weight:bold" if line.winner else ""}>'
        f"<td>{escape(line.name)}{' (winner)' if line.winner and totals else ''}</td>"
        + (f"<td>{number_html(line.total) if line.total is not None else ''}</td>"
           if totals else "")
        + "".join(f"<td>{number_html(line.breakdown.get(s, ''))}</td>" for s in sources)
        + "".join(f"<td{apart if i == 0 else ''}>{number_html(line.details.get(s, ''))}</td>"
                  for i, s in enumerate(details))
        + "</tr>" for line in board.lines)
    return (f'<div style="border:2px solid #444;padding:6px;margin:4px 0">'
            f'<h3 class="mythlab-result">{escape(board.headline)}</h3>'
            f'<table style="border-collapse:collapse">{head and f"<tr>{head}</tr>"}{rows}</table>'
            "</div>")


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
