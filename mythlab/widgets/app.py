"""``App``: the code-free game table — pick a game, players and seats, play; open and save games.

``mythlab app`` shows it full screen through Voilà (``app.ipynb`` beside this module); in a
notebook ``App()`` shows the same thing. Every refusal (a damaged or foreign save, a seat setup
with no person, an unknown bot) is a message in the page; the game being played is kept until a
new one has started.
"""

from __future__ import annotations

import base64
import secrets
from html import escape
from typing import Any

import ipywidgets as w

from mythlab import registry
from mythlab.engine import Session
from mythlab.engine.state import MAX_SAVE_BYTES
from mythlab.sim.bots import bot_names, default_bot

from .model import HUMAN
from .stepper import Stepper

SEAT_LABELS = {HUMAN: "a person", "random": "bot: random", "greedy": "bot: greedy",
               "search": "bot: search (strong)"}


def seat_label(name: str) -> str:
    """How a seat choice reads in the app: ``a person``, ``bot: greedy``, ``bot: odds``."""
    return SEAT_LABELS.get(name, f"bot: {name}")


class App(w.VBox):
    """The game table as one page: the setup form, then the Stepper with its seats.

    ``start()`` begins a game from the form; ``open_save(text)`` continues a saved game;
    ``message`` says what went wrong, in words, when something is refused.
    """

    def __init__(self, game: str | None = None, **kwargs: Any):
        names = registry.games()
        if not names:
            raise ValueError("no game is registered")
        self.game_choice = w.Dropdown(
            options=[(registry.spec(n).title, n) for n in names],
            value=game if game in names else names[0], description="Game")
        self.players = w.Dropdown(description="Players")
        self.seats_box = w.VBox()
        self.pause = w.FloatSlider(value=0.6, min=0, max=2, step=0.1, description="Bot pause",
                                   readout_format=".1f")
        self.own_undo = w.Checkbox(value=True, description="Undo only one's own last move")
        self.seed = w.IntText(value=secrets.randbelow(1_000_000), description="Seed")
        self.start_button = w.Button(description="Start the game", button_style="primary")
        self.upload = w.FileUpload(accept=".json", multiple=False,
                                   description="Open a saved game")
        self.save_link = w.HTML()
        self.save_button = w.Button(description="Save this game")
        self.new_button = w.Button(description="New game")
        self.back_button = w.Button(description="Back to the game")
        self.message_line = w.HTML()
        self._message = ""
        self.setup = w.VBox([w.HTML("<h2>mythlab · play a game</h2>"), self.game_choice,
                             self.players, self.seats_box, self.pause, self.own_undo, self.seed,
                             w.HBox([self.start_button, self.upload, self.back_button])])
        self.table = w.VBox()
        self.bar = w.HBox([self.new_button, self.save_button, self.save_link])
        self.stepper: Stepper | None = None
        for part, css in [(self.setup, "mythlab-app-setup"), (self.table, "mythlab-app-table"),
                          (self.message_line, "mythlab-app-message"),
                          (self.start_button, "mythlab-app-start"),
                          (self.upload, "mythlab-app-open"),
                          (self.new_button, "mythlab-app-new"),
                          (self.save_button, "mythlab-app-save")]:
            part.add_class(css)
        self.game_choice.observe(lambda _c: self._game_changed(), "value")
        self.players.observe(lambda _c: self._players_changed(), "value")
        self.start_button.on_click(lambda _b: self.start())
        self.upload.observe(lambda _c: self._uploaded(), "value")
        self.save_button.on_click(lambda _b: self.save())
        self.new_button.on_click(lambda _b: self.show_setup())
        self.back_button.on_click(lambda _b: self.show_table())
        super().__init__([self.message_line, self.setup, self.bar, self.table],
                         layout=w.Layout(width="100%", max_width="1260px"), **kwargs)
        self.add_class("mythlab-app")
        self._game_changed()
        self.show_setup()

    # ----------------------------------------------------------------- the form
    @property
    def message(self) -> str:
        """The last refusal in words ("" when all is well)."""
        return self._message

    def _say(self, text: str) -> None:
        self._message = text
        self.message_line.value = (f'<div style="color:#b00020;font-weight:bold">{escape(text)}'
                                   "</div>" if text else "")

    def _game_changed(self) -> None:
        game = registry.spec(self.game_choice.value).game_class()
        counts = list(range(game.min_players, game.max_players + 1))
        self.players.options = [(str(n), n) for n in counts]
        self.players.value = game.default_players
        self._players_changed()

    def _players_changed(self) -> None:
        name, count = self.game_choice.value, self.players.value or 1
        choices = [(seat_label(c), c) for c in [HUMAN, *bot_names(name)]]
        bot = default_bot(name)
        self.seat_choices = [w.Dropdown(options=choices, value=HUMAN if seat == 0 else bot,
                                        description=f"Seat {seat + 1}")
                             for seat in range(count)]
        for seat, dropdown in enumerate(self.seat_choices):
            # the game's name marks its menus, so a page can tell them from the last game's
            dropdown.add_class(f"mythlab-app-seat-{seat + 1}")
            dropdown.add_class(f"mythlab-app-seat-for-{name}")
        self.seats_box.children = tuple(self.seat_choices)

    @property
    def seats(self) -> list[str]:
        """The seat choices of the form, one per player."""
        return [d.value for d in self.seat_choices]

    # ----------------------------------------------------------------- starting and saving
    def start(self) -> bool:
        """Start a new game from the form; on a refusal the message says why, and any game
        being played goes on."""
        try:
            game = registry.make(self.game_choice.value, players=self.players.value,
                                 seed=self.seed.value)
            stepper = self._stepper(Session(game), self.seats)
        except ValueError as exc:
            self._say(str(exc))
            return False
        self._play(stepper)
        self.seed.value = secrets.randbelow(1_000_000)  # the next game differs
        return True

    def open_save(self, text: str | bytes, name: str = "save file") -> bool:
        """Continue the saved game in ``text``: seats from the form when they fit its player
        count, else every seat a person. A damaged or foreign file is refused in words."""
        if len(text) > MAX_SAVE_BYTES:
            self._say(f"{name}: the file is larger than {MAX_SAVE_BYTES // 2**20} MiB; "
                      "it is not a mythlab save")
            return False
        try:
            if isinstance(text, bytes):
                text = text.decode("utf-8")
            session = Session.from_json(text, source=name)
            seats = (self.seats if session.game.name == self.game_choice.value
                     and len(self.seats) == session.game.players
                     else [HUMAN] * session.game.players)
            stepper = self._stepper(session, seats)
        except (ValueError, UnicodeDecodeError) as exc:
            self._say(f"{name}: {exc}" if not str(exc).startswith(name) else str(exc))
            return False
        self._play(stepper)
        return True

    def save(self) -> str:
        """A download link for the game being played (a mythlab save file)."""
        if self.stepper is None:
            self._say("there is no game to save yet")
            return ""
        data = self.stepper.model.session.to_text().encode()
        href = "data:application/json;base64," + base64.b64encode(data).decode()
        name = f"mythlab-{self.stepper.model.session.game.name}-step-{self.stepper.model.step}.json"
        self.save_link.value = (f'<a class="mythlab-app-download" download="{escape(name)}" '
                                f'href="{href}">Download {escape(name)}</a>')
        return name

    def _stepper(self, session: Session, seats: list[str]) -> Stepper:
        undo = "own" if self.own_undo.value else "any"
        return Stepper(session, seats=seats, pause=self.pause.value, undo=undo)

    def _play(self, stepper: Stepper) -> None:
        if self.stepper is not None:
            self.stepper._cancel_bots()
        self.stepper = stepper
        self.table.children = (stepper,)
        self._say("")
        self.save_link.value = ""
        self.show_table()

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        upload = files[0]
        self.open_save(bytes(upload["content"]), name=str(upload.get("name", "save file")))
        self.upload.value = ()

    # ----------------------------------------------------------------- screens
    def show_setup(self) -> None:
        """The setup form (the game being played stays, behind "Back to the game")."""
        self.setup.layout.display = ""
        self.table.layout.display = self.bar.layout.display = "none"
        self.back_button.layout.display = "" if self.stepper is not None else "none"

    def show_table(self) -> None:
        """The game being played."""
        if self.stepper is None:
            return
        self.setup.layout.display = "none"
        self.table.layout.display = self.bar.layout.display = ""
