"""``CycladesMap``: the clickable archipelago, the board the Stepper shows for Cyclades.

Click a node on the map itself, or use the controls under it (they work wherever ipywidgets
do, with a keyboard too): "Show for" picks a player, whose fleet groups and islands become
buttons; the dropdown reaches any island or sea zone. A fleet group lights up the zones one
Poseidon move reaches, an island the islands its troops reach along fleet chains; the
explanation box says why. All logic is ``CycladesMapModel`` (``self.model``).

The map is an ``ipywidgets.HTML`` SVG. HTML widgets cannot send events, so the SVG's click
handler writes the clicked node into a hidden ``Text`` widget of this map, which ipywidgets
syncs to the kernel like any typed text; nothing else is installed.

The game's ``GameSpec`` names ``CycladesMap`` as its ``board``, so ``mythlab.widgets.Stepper``
shows it in place of the HTML view. This module is imported only then (it needs ipywidgets);
it knows the Stepper only by duck typing, because a game never imports ``mythlab.widgets``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from .rules import CycladesState
from .view import CycladesMapModel, render

NO_NODE = "—"


def _button(description: str, css: str, tooltip: str = "") -> w.Button:
    """A compact button carrying the CSS class ``css`` (browser tests find it by that)."""
    button = w.Button(description=description, tooltip=tooltip,
                      layout=w.Layout(width="auto", margin="1px"))
    button.add_class(css)
    return button


class CycladesMap(w.VBox):
    """The clickable map of a Cyclades position.

    Parameters
    ----------
    source
        A ``CycladesState``; or anything with a ``state`` (a ``Session``, a Stepper's
        ``StepperModel``), whose current state ``update()`` shows; or a ``Stepper`` (its
        ``model``), which the map follows at every step.
    player
        Fixes "you" (whose fleets link a neutral island); default: the player to move.
    """

    def __init__(self, source: Any, player: int | None = None, **kwargs: Any):
        self._source = None if isinstance(source, CycladesState) else \
            getattr(source, "model", source)
        state = self._source_state(source)
        self.model = CycladesMapModel(state, player)
        self.view = w.HTML()
        self.view.add_class("mythlab-cyclades-map")
        self.who = w.ToggleButtons(description="Show for:", style={"button_width": "auto"})
        self.who.add_class("mythlab-cyclades-who")
        self.fleet_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.island_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.node_picker = w.Dropdown(description="Any node:", layout=w.Layout(width="200px"))
        self.node_picker.add_class("mythlab-cyclades-node")
        self.clear_button = _button("Clear", "mythlab-cyclades-clear", "clear the selection")
        self.pick = w.Text(layout=w.Layout(display="none"))
        self.pick.add_class("mythlab-cyclades-pick")
        self._fleet_pool: list[w.Button] = []
        self._island_pool: list[w.Button] = []
        self._fleet_nodes: list[str] = []
        self._island_nodes: list[str] = []
        self._quiet = False
        self.who.observe(self._on_who, "value")
        self.node_picker.observe(self._on_picker, "value")
        self.pick.observe(self._on_pick, "value")
        self.clear_button.on_click(lambda _b: self.select(None))
        controls = w.VBox([
            self.who,
            w.HBox([w.HTML("<b>Fleets:</b>&nbsp;"), self.fleet_row]),
            w.HBox([w.HTML("<b>Islands:</b>&nbsp;"), self.island_row]),
            w.HBox([self.node_picker, self.clear_button]), self.pick])
        super().__init__([self.view, controls], **kwargs)
        self.add_class("mythlab-cyclades-widget")
        if hasattr(source, "event_log"):  # a Stepper
            self.follow(source)
        self._draw()

    # ------------------------------------------------------------------ what users call
    def select(self, node: str | None) -> tuple[str, ...]:
        """Select ``node`` as a click would; returns the highlighted nodes."""
        self.model.select(node or None)
        self._draw()
        return self.model.highlighted

    def update(self, state: CycladesState | None = None) -> None:
        """Show ``state`` (default: the current state of the Stepper or Session followed)."""
        if state is None:
            state = self._source_state(self._source)
        if state is not self.model.state:
            self.model.update(state)
            self._draw()

    def follow(self, stepper: Any) -> None:
        """Redraw whenever ``stepper`` (a ``mythlab.widgets.Stepper``) shows a new state."""
        self._source = stepper.model
        stepper.event_log.observe(lambda _change: self.update(), "value")

    @property
    def highlighted(self) -> tuple[str, ...]:
        """The nodes lit on the map now."""
        return self.model.highlighted

    @property
    def fleet_buttons(self) -> list[w.Button]:
        """The buttons of the shown player's fleet groups, in order."""
        return list(self.fleet_row.children)

    @property
    def island_buttons(self) -> list[w.Button]:
        """The buttons of the shown player's islands, in order."""
        return list(self.island_row.children)

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        """Redraw the controls and the map from the model, without echoing control events."""
        m = self.model
        s = m.state
        sel = m.selection
        self._quiet = True
        try:
            names = [(s.player_name(q), q) for q in range(s.game.players)]
            if list(self.who.options) != names:
                self.who.options = names
            self.who.value = m.player
            nodes = [NO_NODE, *m.nodes]
            if list(self.node_picker.options) != nodes:
                self.node_picker.options = nodes
            self.node_picker.value = sel.node or NO_NODE
        finally:
            self._quiet = False
        fleets = m.fleet_groups()
        self._fleet_nodes = fleets
        labels = [f"{z} · {s.data.fleet_count[z]} fleet{'s' if s.data.fleet_count[z] > 1 else ''}"
                  for z in fleets]
        self._fill(self.fleet_row, self._fleet_pool, fleets, labels, "mythlab-cyclades-fleet",
                   "where these fleets go in one Poseidon move")
        islands = m.islands()
        self._island_nodes = islands
        troops = [s.data.troops.get(i, 0) for i in islands]
        labels = [f"{i} · {k} troop{'s' if k != 1 else ''}" for i, k in zip(islands, troops,
                                                                           strict=True)]
        self._fill(self.island_row, self._island_pool, islands, labels,
                   "mythlab-cyclades-island", "the islands its troops reach along fleet chains")
        self.view.value = render(s, sel, clickable=True)

    def _fill(self, row: w.HBox, pool: list[w.Button], nodes: Sequence[str],
              labels: Sequence[str], css: str, tooltip: str) -> None:
        """Show one button per node in ``row``, reusing pooled buttons."""
        for k in range(len(pool), len(nodes)):
            button = _button("", css, tooltip)
            button.on_click(lambda _b, k=k, pool=pool: self._press(pool, k))
            pool.append(button)
        for button, node, label in zip(pool, nodes, labels, strict=False):
            button.description = label
            button.button_style = "warning" if node == self.model.selection.node else ""
        row.children = tuple(pool[:len(nodes)])

    def _press(self, pool: list[w.Button], k: int) -> None:
        """Select the node of the ``k``-th button of ``pool``."""
        nodes = self._fleet_nodes if pool is self._fleet_pool else self._island_nodes
        self.select(nodes[k])

    # ------------------------------------------------------------------ events
    def _on_who(self, change: Mapping[str, Any]) -> None:
        """"Show for" changed: show that player's fleets and islands."""
        if not self._quiet and change["new"] is not None:
            self.model.set_player(change["new"])
            self._draw()

    def _on_picker(self, change: Mapping[str, Any]) -> None:
        """The node dropdown changed: select that node (or nothing)."""
        if not self._quiet:
            self.select(None if change["new"] == NO_NODE else change["new"])

    def _on_pick(self, change: Mapping[str, Any]) -> None:
        """A click on the SVG wrote ``node|time`` into the hidden text box: select the node."""
        node = str(change["new"]).split("|", 1)[0]
        if node in self.model.state.game.board:
            self.select(node)

    @staticmethod
    def _source_state(source: Any) -> CycladesState:
        """The position ``source`` shows: a state, or the ``state`` of a session or model."""
        source = getattr(source, "model", source)
        state = getattr(source, "state", source)
        if not isinstance(state, CycladesState):
            raise TypeError(f"CycladesMap shows a Cyclades position, not {type(state).__name__}")
        return state
