"""Where a game's data files live (``data/`` inside its package), and how every data file is
read: bounded in size, nesting and alias expansion, safe loader only."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field, ValidationError

from mythlab.engine.errors import DataError, clip
from mythlab.engine.files import MAX_DATA_BYTES, DataFile

#: the most values a YAML file may hold, counting each use of an alias (``*name``) as a copy
#: of what it names: the built-in files hold a few thousand; an "alias bomb" of 3 KB would
#: expand to billions
MAX_YAML_VALUES = 100_000
#: the deepest nesting of lists and mappings (the built-in files nest about 8 deep)
MAX_YAML_DEPTH = 40
#: the largest whole number a data file may hold (larger ones are typos or attacks; each
#: game's fields have their own, tighter bounds)
MAX_YAML_INT = 10**6


def game_data(package: str, *parts: str) -> Path:
    """A data file shipped inside a game's package (``<package>/data/...``), read with
    ``importlib.resources``, so a checkout and an installed wheel find the same files.

    >>> game_data("mythlab.agea", "cards.yaml").name
    'cards.yaml'
    """
    return Path(str(resources.files(package).joinpath("data", *parts)))


class _Refused(yaml.YAMLError):
    """A YAML document over one of the bounds above."""


class _BoundedLoader(yaml.SafeLoader):
    """YAML's safe loader that counts values as aliases expand them and limits nesting,
    refusing a document before it is built (so an alias bomb costs nothing)."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._depth = 0
        self._sizes: dict[int, int] = {}  # id(node) -> values it stands for, aliases expanded

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        # refused in the scanner already: it looks ahead over every open '[' for a key
        if self.flow_level >= MAX_YAML_DEPTH:
            raise _Refused(f"line {self.line + 1}: lists and mappings nested more than "
                           f"{MAX_YAML_DEPTH} deep")
        super().fetch_flow_collection_start(token_class)

    def add_indent(self, column: int) -> bool:
        if len(self.indents) >= MAX_YAML_DEPTH:
            raise _Refused(f"line {self.line + 1}: lists and mappings nested more than "
                           f"{MAX_YAML_DEPTH} deep")
        return super().add_indent(column)

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            target = self.anchors.get(event.anchor)
            if target is not None and id(target) not in self._sizes:
                raise _Refused(f"line {event.start_mark.line + 1}: the alias *{event.anchor} "
                               "is used inside the value it names")
            return super().compose_node(parent, index)
        self._depth += 1
        if self._depth > MAX_YAML_DEPTH:
            mark = self.peek_event().start_mark
            raise _Refused(f"line {mark.line + 1}: lists and mappings nested more than "
                           f"{MAX_YAML_DEPTH} deep")
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        size = 1
        if isinstance(node, yaml.SequenceNode):
            size += sum(self._sizes[id(item)] for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            size += sum(self._sizes[id(k)] + self._sizes[id(v)] for k, v in node.value)
        if size > MAX_YAML_VALUES:
            raise _Refused(f"line {node.start_mark.line + 1}: more than {MAX_YAML_VALUES} "
                           "values (aliases count each time they are used)")
        self._sizes[id(node)] = size
        return node

    def construct_yaml_int(self, node: Any) -> int:
        value = super().construct_yaml_int(node)
        if abs(value) > MAX_YAML_INT:
            raise _Refused(f"line {node.start_mark.line + 1}: the number {clip(node.value, 20)} "
                           f"is larger than {MAX_YAML_INT}")
        return value


_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _BoundedLoader.construct_yaml_int)


def parse_yaml(text: str, file: str) -> Any:
    """Parse YAML with the bounded safe loader; problems raise ``DataError`` naming ``file``."""
    loader = None
    try:
        loader = _BoundedLoader(text)  # the reader refuses control characters at once
        return loader.get_single_data()
    except _Refused as exc:
        raise DataError(file, None, None, f"refused: {exc}") from None
    except yaml.YAMLError as exc:
        raise DataError(file, None, None, f"not valid YAML: {exc}") from None
    except (ValueError, OverflowError) as exc:  # a 5000-digit number, a 13th month
        raise DataError(file, None, None, f"not valid YAML: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()


def read_yaml(path: Path | DataFile) -> Any:
    """Read and parse a data file (bounded, regular files only); problems raise ``DataError``."""
    source = path if isinstance(path, DataFile) else DataFile.read(path)
    if len(source.text) > MAX_DATA_BYTES:  # a DataFile made in memory, or embedded in a save
        raise DataError(source.name, None, None, f"more than the {MAX_DATA_BYTES} bytes allowed")
    return parse_yaml(source.text, source.name)


def validate_entry(model: type[BaseModel], raw: Any, file: str, entry: str | None,
                   prefix: str = "") -> Any:
    """Validate one entry of a data file; failures raise ``DataError`` naming entry and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        if prefix:
            field = f"{prefix}.{field}" if field else prefix
        raise DataError(file, entry, field or None, err["msg"]) from None


class Ruling(BaseModel, frozen=True, extra="forbid"):
    """A mythlab decision where a rulebook is silent or open: cited in the log as
    "<Game> · mythlab ruling '<id>'" wherever it applies."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)
    question: str = Field(min_length=1)
    decision: str = Field(min_length=1)


def read_rulings(package: str) -> dict[str, Ruling]:
    """The rulings of a game, by id, from ``<package>/data/rulings.yaml``.

    Every game keeps its rulings in this one format (``format: mythlab-<game>-rulings``,
    ``version: 1``, a list of ``id``/``question``/``decision``), so ``docs/rulings.md`` is
    generated from them all.

    >>> read_rulings("mythlab.agea")["war-tie"].decision[:20]
    'The tied players rol'
    """
    path = game_data(package, "rulings.yaml")
    raw = read_yaml(path)
    if not isinstance(raw, dict) or not str(raw.get("format", "")).endswith("-rulings"):
        raise DataError(str(path), None, "format", "expected format: mythlab-<game>-rulings")
    entries = raw.get("rulings")
    if not isinstance(entries, list):
        raise DataError(str(path), None, "rulings", "expected a list of rulings")
    found: dict[str, Ruling] = {}
    for i, entry in enumerate(entries):
        ruling = validate_entry(Ruling, entry, str(path), str(i), f"rulings[{i}]")
        if ruling.id in found:
            raise DataError(str(path), ruling.id, "id", "two rulings share this id")
        found[ruling.id] = ruling
    return found
