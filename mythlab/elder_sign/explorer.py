"""``OddsExplorer``: the ipywidgets front of ``OddsExplorerModel`` (Elder Sign odds).

Top: the card (one of the 48 adventures, or a typed task), the dice, the allowance and the
wildcard reading, then the exact chance of completing the card. Below: one attempt, step by
step: roll (at random or pick the faces), the choices with their exact chances (the best
highlighted), apply one, reset. Each part carries a ``mythlab-odds-*`` CSS class for browser
tests. Every click answers at once: settings not solved yet (clues on 8 dice may take
seconds) show "solving…" and are solved on a background thread
(:meth:`OddsExplorerModel.request`), so the kernel stays free; the value and the step-through
appear when it ends, and Roll, Use this roll and the choices wait for it. A newer setting
supersedes a pending one. The model's solvers are guarded by its book's lock, so a notebook
cell may use them meanwhile (it waits for the solve in progress).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from mythlab.display import chance_text, fraction_text

from .explorer_model import WILDS, OddsExplorerModel, roll_text
from .odds import adventures

SHOWN = 12
"""At most this many choices are shown as buttons (clues can offer a hundred)."""
LIMITS = {"green": (0, 7), "yellow": (0, 1), "red": (0, 1), "spell": (0, 2), "clue": (0, 2)}
"""The controls' ranges: the box's dice (a 7th green die comes from some effects) and small
allowances (each more spell or clue multiplies the solving time)."""
FOCUS = [("whenever allowed", -1), ("never", 0), ("at most 1", 1), ("at most 2", 2),
         ("at most 3", 3)]
"""The focus choices (-1 stands for the model's ``None``: a Dropdown's None is no choice)."""
LABEL = {"description_width": "initial"}
"""Controls' labels as wide as their text (the default fixed width clips the inputs)."""
WRAP = "overflow-wrap:anywhere; white-space:normal"
"""Long formulas and exact fractions wrap instead of widening the explorer."""
COLOURS = {"green": "#2a6", "yellow": "#db0", "red": "#c33"}


def _button(text: str, css: str, tooltip: str = "") -> w.Button:
    button = w.Button(description=text, tooltip=tooltip, layout=w.Layout(width="auto"))
    button.add_class(css)
    return button


class OddsExplorer(w.VBox):
    """Explore Elder Sign adventure odds: ``OddsExplorer("The Curator", "6G+Y")``.

    Takes the arguments of :class:`OddsExplorerModel` (all logic lives in ``self.model``).
    """

    def __init__(self, card: str = "The Curator", dice: str = "6G", **options: Any):
        self.model = OddsExplorerModel(card, dice, **options)
        self._syncing = False
        self._drawn = -1
        self._draw_lock = threading.RLock()  # the solver's thread redraws too
        m = self.model
        self.card_picker = w.Dropdown(options=sorted(a.name for a in adventures()),
                                      description="Adventure", layout=w.Layout(width="22em"))
        self.task_box = w.Text(placeholder="or type a task, e.g. INV_3,LORE|PERIL (Enter)",
                               continuous_update=False, layout=w.Layout(width="26em"))
        # the label takes its own width, so the number box is never squeezed to nothing
        self.counts = {c: w.BoundedIntText(min=lo, max=hi, description=c, style=LABEL,
                                           layout=w.Layout(width="9em"))
                       for c, (lo, hi) in LIMITS.items()}
        self.focus_picker = w.Dropdown(options=FOCUS, description="focus", style=LABEL,
                                       layout=w.Layout(width="15em"))
        self.wild_picker = w.ToggleButtons(options=WILDS, description="wildcard",
                                           tooltips=["rulebook p.6: 1 investigation or any "
                                                     "symbol",
                                                     "FAQ: 4 investigation or any symbol"],
                                           style={"button_width": "4em"})
        self.value_view, self.error_view, self.situation_view, self.roll_view = (
            w.HTML() for _ in range(4))
        self.roll_button = _button("Roll", "mythlab-odds-roll", "roll the dice at random")
        self.best_button = _button("Apply best", "mythlab-odds-best", "make the best choice")
        self.reset_button = _button("Reset", "mythlab-odds-reset", "start the attempt again")
        self.use_pick = _button("Use this roll", "mythlab-odds-pick", "use the faces chosen")
        self._pickers: list[w.Dropdown] = []
        self.pick_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._choice_pool: list[w.Button] = []
        self.choice_list = w.VBox()
        self.more_view = w.HTML()
        self.log_view = w.HTML()
        for part, css in [(self.value_view, "mythlab-odds-value"),
                          (self.error_view, "mythlab-odds-error"),
                          (self.situation_view, "mythlab-odds-situation"),
                          (self.roll_view, "mythlab-odds-rolled"),
                          (self.choice_list, "mythlab-odds-choices"),
                          (self.log_view, "mythlab-odds-log"),
                          (self.card_picker, "mythlab-odds-card"),
                          (self.task_box, "mythlab-odds-task"),
                          (self.focus_picker, "mythlab-odds-focus"),
                          (self.wild_picker, "mythlab-odds-wild"),
                          *[(box, f"mythlab-odds-{name}") for name, box in self.counts.items()]]:
            part.add_class(css)
        self.card_picker.observe(lambda ch: self._change(card=ch.new), "value")
        self.task_box.observe(lambda ch: self._change(card=ch.new) if ch.new.strip()
                              else None, "value")
        for name, box in self.counts.items():
            box.observe(lambda ch, name=name: self._change(**{name: ch.new}), "value")
        self.focus_picker.observe(
            lambda ch: self._change(focus=None if ch.new < 0 else ch.new), "value")
        self.wild_picker.observe(lambda ch: self._change(wild=ch.new), "value")
        self.roll_button.on_click(lambda _b: self._do(m.roll_random))
        self.best_button.on_click(lambda _b: self._do(m.apply_best))
        self.reset_button.on_click(lambda _b: self._do(m.reset))
        self.use_pick.on_click(lambda _b: self._do(m.pick, [d.value for d in self._pickers]))
        head = w.HTML("<b>Step through one attempt</b> — roll, then choose; the chance next "
                      "to each choice is the chance of completing the card after it, with "
                      "best play from then on.")
        super().__init__([
            w.HBox([self.card_picker, self.task_box], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.counts[c] for c in ("green", "yellow", "red")],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.focus_picker, self.counts["spell"], self.counts["clue"],
                    self.wild_picker], layout=w.Layout(flex_flow="row wrap")),
            self.value_view, self.error_view, head, self.situation_view,
            w.HBox([self.roll_button, self.best_button, self.reset_button]),
            w.HBox([self.pick_row, self.use_pick]), self.roll_view, self.choice_list,
            self.more_view, self.log_view])
        self.add_class("mythlab-odds-explorer")
        self._sync_controls()
        self.refresh()

    # ----------------------------------------------------------------- what a user does
    def choose(self, index: int) -> None:
        """Click the button of choice ``index`` (0 is the best)."""
        self._choice_pool[index].click()

    @property
    def choice_buttons(self) -> list[w.Button]:
        """The choice buttons now on screen, best first."""
        return list(self.choice_list.children)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the pending solve (if any) is done and drawn (for tests and scripts)."""
        pending = self.model.pending
        if pending is not None:
            try:
                pending.result(timeout)
            except Exception:  # noqa: BLE001 - a cancelled or failed solve: redraw anyway
                pass
        self.refresh()

    def _change(self, **changes: Any) -> None:
        if self._syncing:
            return
        with self._draw_lock:
            self.model.update(**changes)
            self._sync_controls()
            self.refresh()

    def _do(self, change: Callable[..., bool], *args: Any) -> None:
        with self._draw_lock:
            try:
                change(*args)
            finally:
                self.refresh()

    def _arrived(self, _model: Any) -> None:
        """The solver's thread: the value for the current settings is ready."""
        self.refresh()

    def _sync_controls(self) -> None:
        """Show the model's settings in the controls (without reacting to them)."""
        m = self.model
        self._syncing = True
        try:
            self.card_picker.value = m.name if m.name in self.card_picker.options else None
            if m.name:
                self.task_box.value = ""
            shown = {c: m.counts.get(c, 0) for c in ("green", "yellow", "red")}
            for name, n in (shown | {"spell": m.spell, "clue": m.clue}).items():
                box = self.counts[name]
                box.max = max(box.max, n)  # a model made with more than the controls offer
                box.value = n
            focus = -1 if m.focus is None else m.focus
            if focus not in dict(self.focus_picker.options).values():
                self.focus_picker.options = [*self.focus_picker.options,
                                             (f"at most {focus}", focus)]
            self.focus_picker.value = focus
            self.wild_picker.value = m.wild
        finally:
            self._syncing = False

    # ----------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw from the model: the error always, the rest when something changed.

        Settings not solved yet are sent to the solver's thread; meanwhile the settings show
        with "solving…" and the step-through waits.
        """
        with self._draw_lock:
            m = self.model
            self.error_view.value = (f'<pre class="mythlab-error" style="color:#b00020">'
                                     f"⚠ {escape(m.error)}</pre>" if m.error else "")
            if not m.settled and m.pending_key != m.key:
                m.request(self._arrived)  # at once when solved and the solver is free
            if self._drawn == m.version:
                return
            self._drawn = m.version
            if not m.settled:
                self._draw_waiting()
            else:
                self._draw_all()

    def _draw_waiting(self) -> None:
        m = self.model
        self._draw_value(solving=not m.ready)
        rows = "".join(f"<li>☐ row {t + 1}: {escape(str(r))}</li>"
                       for t, r in enumerate(m.task.rows))
        focus = "whenever the marker is free" if m.focus is None else m.focus
        self.situation_view.value = (
            f"<ul style='margin:0'>{rows}</ul><div>to roll: <b>{m.pool}</b> · focus {focus}"
            f" · spells {m.spell} · clues {m.clue}</div>"
            "<div>chance from here: <i>solving…</i></div>")
        self.roll_view.value = self.more_view.value = self.log_view.value = ""
        self.pick_row.children = ()
        self.choice_list.children = ()
        self._enable(False)

    def _draw_all(self) -> None:
        m = self.model
        self._draw_value()
        self.situation_view.value = self._situation_html()
        self.roll_view.value = f"roll: <b>{escape(roll_text(m.roll))}</b>" if m.roll else ""
        self._show_pickers()
        self._show_choices()
        self._enable(True)
        self.log_view.value = "".join(f'<div class="mythlab-odds-step">{i}. {escape(line)}'
                                      "</div>" for i, line in enumerate(m.log, 1))

    def _draw_value(self, solving: bool = False) -> None:
        """The card, dice and allowance, and the exact chance (or "solving…")."""
        m = self.model
        what = (f"<b>{escape(m.name)}</b>: " if m.name else "") + escape(
            (" → " if m.task.ordered else " | ").join(str(r) for r in m.task.rows))
        order = "rows in order" if m.task.ordered else "rows in any order"
        head = (f'<div style="{WRAP}">{what} ({order}) · {m.pool} · '
                f"{escape(m.rules_text)}</div>")
        self.value_view.value = head + (
            '<div class="mythlab-odds-solving"><i>solving…</i></div>' if solving else
            '<div style="font-size:120%">chance of completing the card under optimal play: '
            f'<b class="mythlab-odds-fraction mythlab-odds-percent" title="exact: '
            f'{m.fraction}">{chance_text(m.probability)}</b></div>'
            f'<div class="mythlab-odds-exact" style="{WRAP}; color:#555">exact: '
            f"{m.fraction}</div>")

    def _enable(self, on: bool) -> None:
        m = self.model
        self.roll_button.disabled = self.use_pick.disabled = not on or m.over
        self.best_button.disabled = not on or not m.choices
        self.reset_button.disabled = not on
        for b in self._choice_pool:
            b.disabled = not on

    def _situation_html(self) -> str:
        m, s = self.model, self.model.situation
        rows = "".join(
            f"<li>{'☐' if t in s.remaining else '✓'} row {t + 1}: {escape(str(r))}</li>"
            for t, r in enumerate(m.task.rows))
        if m.over:
            state = ("<b style='color:#2a6'>won: every row is complete</b>" if m.outcome == "won"
                     else "<b style='color:#b00020'>lost</b>")
            return f"<ul style='margin:0'>{rows}</ul>{state}"
        held = ([f"focused {s.focused or 'a die no row uses'}"] if s.focused is not None
                else []) + list(s.held)  # spells' dice, and the focused one when focus is spent
        held_text = f" · held: {escape(', '.join(held))}" if held else ""
        focus = "whenever the marker is free" if s.focus_left is None else s.focus_left
        v = m.value
        return (f"<ul style='margin:0'>{rows}</ul>"
                f"<div>to roll: <b>{s.pool}</b>{held_text} · focus {focus}"
                f" · spells {s.spells_left} · clues {s.clues_left}</div>"
                f'<div>chance from here: <b title="exact: {fraction_text(v)}">'
                f"{chance_text(v)}</b></div>")

    def _show_pickers(self) -> None:
        m = self.model
        dice = [] if m.over else m.dice_to_roll
        while len(self._pickers) < len(dice):
            self._pickers.append(w.Dropdown(layout=w.Layout(width="7.5em")))
        shown = [f for _, fs in m.roll for f in fs] if m.roll else []
        for i, (picker, (colour, faces)) in enumerate(zip(self._pickers, dice, strict=False)):
            if list(picker.options) != faces:
                picker.options = faces
            picker.value = shown[i] if i < len(shown) else faces[0]
            picker.layout.border = f"2px solid {COLOURS.get(colour, '#999')}"
        self.pick_row.children = tuple(self._pickers[: len(dice)])

    def _show_choices(self) -> None:
        m = self.model
        choices = m.choices
        while len(self._choice_pool) < min(len(choices), SHOWN):
            i = len(self._choice_pool)
            button = _button("", "mythlab-odds-choice")
            button.layout.justify_content = "flex-start"
            button.on_click(lambda _b, i=i: self._do(m.apply, i))
            self._choice_pool.append(button)
        best = set(m.best)
        for i, (button, c) in enumerate(zip(self._choice_pool, choices, strict=False)):
            p = c.probability
            button.description = str(c).strip()
            button.tooltip = f"exact chance of success after this choice: {p}"
            button.button_style = "success" if i in best else ""
        self.choice_list.children = tuple(self._choice_pool[: min(len(choices), SHOWN)])
        more = len(choices) - SHOWN
        self.more_view.value = f"<i>… and {more} more choices (worse)</i>" if more > 0 else ""
