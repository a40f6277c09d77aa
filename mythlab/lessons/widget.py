"""The checker widget of an exercise: prompt, answer box, Check button, verdict."""

from __future__ import annotations

import html

import ipywidgets as widgets

from .registry import Exercise, check


class Checker(widgets.VBox):
    """``lessons.checker("4.2")``: type an answer, press Check (or Enter), read the verdict.

    The logic is :func:`check`; ``submit()`` lets tests press the button.
    """

    def __init__(self, ex: Exercise):
        self.exercise = ex
        self.answer = widgets.Text(placeholder=ex.kind.expects[:60], continuous_update=False,
                                   layout=widgets.Layout(width="22em"))
        self.button = widgets.Button(description="Check", button_style="primary")
        self.result = widgets.HTML()
        prompt = widgets.HTML(f"<b>{ex.id}</b> {html.escape(ex.prompt)}")
        self.button.on_click(lambda _: self.submit())
        self.answer.observe(lambda _: self.submit(), names="value")
        super().__init__([prompt, widgets.HBox([self.answer, self.button]), self.result])
        self.add_class("mythlab-checker")

    def submit(self) -> None:
        """Check the text in the box and show the verdict."""
        if not self.answer.value.strip():
            self.result.value = ""
            return
        self.result.value = check(self.exercise.id, self.answer.value)._repr_html_()
