"""``Board``: a game's view as a widget you click to make moves (anywidget, no build step).

The view (HTML with inline SVG) marks what can be clicked with ``data-token`` attributes; the
game's ``targets`` (``GameSpec``) map each legal move to the tokens clicked in turn to make it
(a fleet, then a zone; a god, then a ``Pick`` of the amount). ``StepperModel`` keeps the
selection and applies the move; the browser side (``static/board.js``) only highlights what is
clickable and sends clicks back. A part that begins a two-part move may also be dragged onto
the second part (``drops``): the drop sends the same two clicks. Works in JupyterLab,
Notebook 7, VS Code and Voilà.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

STATIC = Path(__file__).with_name("static")


class Board(anywidget.AnyWidget):
    """The clickable board; ``on_click(token)`` is called for each click (or picker choice).

    >>> b = Board(html='<svg><circle data-token="x"/></svg>', hot=["x"])
    >>> clicked = []
    >>> b.on_token(clicked.append)
    >>> b.receive({"click": "x"})
    >>> clicked
    ['x']
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    html = traitlets.Unicode("").tag(sync=True)
    hot = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    choices = traitlets.List(traitlets.Tuple(traitlets.Unicode(), traitlets.Unicode())
                             ).tag(sync=True)
    drops = traitlets.Dict(value_trait=traitlets.List(traitlets.Unicode())).tag(sync=True)
    """Token -> the tokens it may be dropped on (dragged HTML parts only: SVG has no drag)."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._on_token: Callable[[str], object] | None = None
        self._on_cancel: Callable[[], object] | None = None
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def on_token(self, handler: Callable[[str], object],
                 cancel: Callable[[], object] | None = None) -> None:
        """Call ``handler(token)`` on each click, ``cancel()`` on the picker's Cancel."""
        self._on_token, self._on_cancel = handler, cancel

    def receive(self, content: Any) -> None:
        """Handle one message from the browser; anything malformed is ignored."""
        if not isinstance(content, dict):
            return
        token = content.get("click")
        if isinstance(token, str) and len(token) <= 200 and self._on_token is not None:
            self._on_token(token)
        elif content.get("cancel") is True and self._on_cancel is not None:
            self._on_cancel()

    def click(self, token: str) -> None:
        """Click the part marked ``token``, as the browser would (for tests and notebooks)."""
        self.receive({"click": token})
