"""The games mythlab knows: one ``GameSpec`` per game, found through entry points.

Every game, the four built-in ones included, is declared the same way a package of a class's
own would declare it: an entry point in the group ``mythlab.games`` naming its ``GameSpec``::

    [project.entry-points."mythlab.games"]
    pig = "pig_game:SPEC"

A spec names its parts by import path (``"package.module:attribute"``), and a game package
exports its names lazily (``lazy_exports``), so listing the games imports no rules: a part is
imported the first time it is asked for. A game defined in a
notebook is registered at run time with ``register``. A plugin that fails to load or declares a
malformed spec never breaks mythlab: ``games()`` lists the others and ``broken()`` says why.

This module imports nothing of mythlab: the engine asks it for games by name (``make``,
``Session.load``) without importing any game itself.

>>> "agea" in games()
True
>>> spec("agea").title
'Agea'
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, NoReturn

GROUP = "mythlab.games"
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


@dataclass(frozen=True)
class GameSpec:
    """Everything mythlab offers for one game, by name or import path.

    ``game``: the ``Game`` subclass (or ``"module:Class"``). ``bots``: bot name -> class or
    path; a name shared with a generic bot (``greedy``) replaces it for this game. ``view``: a
    function ``(state, viewer) -> html`` for the Stepper. ``targets``: a function ``state ->
    {move label: click path}`` saying which parts of the view (``data-token`` attributes) a
    person clicks, in order, to make each move (``mythlab.widgets.board``). ``odds``: command
    name -> an ``OddsCommand`` for ``mythlab odds``.
    ``data``: the package holding the game's data files. ``notebooks``: notebook file names
    shipped with the game. ``rulebooks``: the printed sources cited as "title, edition, p.N".
    ``search_value``: optional, a function ``state -> one value in [0, 1] per seat`` (each
    seat's expected result) that the search bot uses where it cuts a rollout short.
    ``search_policy``: optional, a function ``state -> Action or None``: a move the game's
    own play settles without a search (Elder Sign's dice in an adventure, by its odds bot's
    rules), None where the search bot should search; the bot calls it on a
    determinized state, as it does the value hook, and plays the legal move of that label.
    ``search_rollout``: optional, a function ``state -> Action or None``: the move a rollout
    plays (a default policy instead of random moves), None where the rollout should stop and
    the position be valued by ``search_value``.
    """

    name: str
    title: str
    game: Any
    summary: str = ""
    bots: Mapping[str, Any] = field(default_factory=dict)
    view: Any = None
    targets: Any = None
    odds: Mapping[str, Any] = field(default_factory=dict)
    data: str | None = None
    notebooks: tuple[str, ...] = ()
    rulebooks: tuple[str, ...] = ()
    search_value: Any = None
    search_policy: Any = None
    search_rollout: Any = None

    def load(self, part: str) -> Any:
        """The object a part names (``spec.load("game")``), importing it on first use."""
        value = getattr(self, part)
        if not isinstance(value, str):
            return value
        try:
            return resolve(value)
        except Exception as exc:  # a plugin's module may fail in any way
            raise BrokenGame(f"the game {self.name!r} cannot load its {part} ({value}): "
                             f"{type(exc).__name__}: {exc}") from exc

    def game_class(self) -> type:
        """The game's class (imported on first use)."""
        return self.load("game")

    def bot_class(self, name: str) -> Any:
        """This game's own bot called ``name``, or None."""
        found = self.bots.get(name)
        return resolve(found) if isinstance(found, str) else found


def resolve(path: str) -> Any:
    """``"package.module:attr.sub"`` -> the object it names."""
    module, _, attr = path.partition(":")
    obj = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        obj = getattr(obj, part)
    return obj


class BrokenGame(ValueError):
    """A game whose entry point, or a part its spec names, cannot be loaded; or a malformed
    spec. A ``ValueError``, so commands report it in one line like any bad game name."""


_specs: dict[str, GameSpec] = {}
_broken: dict[str, str] = {}
_discovered = False


def lazy_exports(package: str, exports: Mapping[str, list[str]]) -> tuple[Any, Any]:
    """A game package's ``__getattr__`` and ``__dir__`` (PEP 562) for the names it exports,
    ``{".module": [names]}``: each is imported from its module on first use, so importing the
    package for its ``SPEC`` (listing the games) imports none of its rules."""
    where = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> Any:
        """``name`` from the module that holds it (imported now), or a submodule."""
        if name in where:
            return getattr(importlib.import_module(where[name], package), name)
        if importlib.util.find_spec(f"{package}.{name}") is not None:
            return importlib.import_module(f".{name}", package)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        """The package's names, the lazy ones included."""
        return sorted({*vars(importlib.import_module(package)), *where})

    return __getattr__, __dir__


def _check(spec: Any, where: str) -> GameSpec:
    """``spec`` if it is a well-formed ``GameSpec``; else ``BrokenGame`` saying what is wrong."""
    if not isinstance(spec, GameSpec):
        raise BrokenGame(f"{where} is a {type(spec).__name__}, not a mythlab GameSpec")
    if not isinstance(spec.name, str) or not _NAME.fullmatch(spec.name):
        raise BrokenGame(f"{where}: name {spec.name!r} is not 1-40 lowercase letters, digits, "
                         "'_' or '-' starting with a letter")
    if not isinstance(spec.title, str) or not spec.title.strip():
        raise BrokenGame(f"{where}: the game {spec.name!r} has no title")
    if not isinstance(spec.game, str | type):
        raise BrokenGame(f"{where}: 'game' must be a Game class or an import path")
    for part in ("bots", "odds"):
        value = getattr(spec, part)
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            raise BrokenGame(f"{where}: {part!r} must map names to classes or import paths")
    for part in ("search_value", "search_policy", "search_rollout"):
        value = getattr(spec, part)
        if value is not None and not (isinstance(value, str) or callable(value)):
            raise BrokenGame(f"{where}: {part!r} must be a function or an import path")
    return spec


def _discover() -> None:
    """Load every entry point of the group once; a failing one is recorded, not raised."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for point in entry_points(group=GROUP):
        where = f"entry point {point.name!r} ({point.value})"
        try:
            found = _check(point.load(), where)
        except BrokenGame as exc:  # a malformed spec: the message names the entry point
            _broken[point.name] = str(exc)
            continue
        except Exception as exc:  # a plugin may fail in any way; mythlab must go on
            _broken[point.name] = f"{where}: {type(exc).__name__}: {exc}"
            continue
        if found.name != point.name:
            _broken[point.name] = f"{where} declares the game {found.name!r}; the entry point " \
                                  "and the spec must use the same name"
            continue
        _specs.setdefault(found.name, found)


def register(game: Any) -> Any:
    """Register a game at run time: a ``GameSpec``, or a ``Game`` class (class decorator).

    A class gets a spec made from its ``name`` and ``title``; ``GameSpec`` lets a game add
    bots, a view and odds commands. Registering a name again replaces the earlier game (a
    notebook cell run twice).
    """
    if isinstance(game, GameSpec):
        spec = game
    else:
        spec = GameSpec(name=getattr(game, "name", ""), title=getattr(game, "title", ""),
                        game=game)
    _check(spec, f"the game {getattr(game, '__name__', spec.name)!r}")
    _discover()
    _specs[spec.name] = spec
    _broken.pop(spec.name, None)
    return game


def games() -> list[str]:
    """Names of the registered games, sorted.

    >>> games()[:4]
    ['agea', 'cyclades', 'elder_sign', 'elysium']
    """
    _discover()
    return sorted(_specs)


def broken() -> dict[str, str]:
    """Games whose plugin failed to load, with the reason (``mythlab games`` shows them)."""
    _discover()
    return dict(_broken)


def specs() -> list[GameSpec]:
    """Every registered ``GameSpec``, sorted by name."""
    return [_specs[n] for n in games()]


def spec(name: str) -> GameSpec:
    """The spec of a game by name (case-insensitive); unknown names list the choices."""
    _discover()
    key = str(name).strip().lower()
    if key in _specs:
        return _specs[key]
    why = f"; it failed to load: {_broken[key]}" if key in _broken else ""
    raise ValueError(f"unknown game {name!r}{why}; registered games: {', '.join(games())}")


def game_class(name: str) -> type:
    """The ``Game`` class of a registered game."""
    return spec(name).game_class()


def make(name: str, players: int | None = None, seed: int = 0, **options: Any) -> Any:
    """A game with its options fixed: ``make("agea", players=3, seed=7)``."""
    return game_class(name)(players=players, seed=seed, **options)


class OddsCommand:
    """A game's ``mythlab odds <name> ...`` command, named in its ``GameSpec.odds``.

    ``configure`` adds the command's options to an argparse parser; ``run`` answers with the
    parsed arguments and returns the exit status. ``default = True`` lets the command answer a
    bare ``mythlab odds ...`` whose first word names no command (one game may claim it: Elder
    Sign's task notation). Errors go through ``refuse``: one line, exit status 2.
    """

    name: str = ""
    summary: str = ""
    default: bool = False

    def configure(self, parser: argparse.ArgumentParser) -> None:
        """Add this command's arguments to its subcommand parser."""
        raise NotImplementedError

    def run(self, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        """Run the command with the parsed arguments; return the exit status."""
        raise NotImplementedError

    @staticmethod
    def refuse(parser: argparse.ArgumentParser, message: str) -> NoReturn:
        """Exit 2 with a one-line error: the first line of ``message`` (no usage block)."""
        parser.exit(2, f"{parser.prog}: error: {message.strip().splitlines()[0]}\n")

    @staticmethod
    def count(text: str) -> int:
        """An argparse type: a whole number ≥ 0."""
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < 0:
            raise argparse.ArgumentTypeError(f"{n} is negative; give a count ≥ 0")
        return n


def odds_commands() -> dict[str, OddsCommand]:
    """Every registered game's odds commands by name (``mythlab odds <name>``)."""
    found: dict[str, OddsCommand] = {}
    for game in specs():
        for name in game.odds:
            command = game.odds[name]
            found[name] = resolve(command) if isinstance(command, str) else command
    return found
