"""A fast deep copy for state data made of dataclasses, lists, dicts and atoms.

``copy.deepcopy`` keeps a memo and reconstructs objects generically; game states are trees
of plain containers, so a direct copy is many times faster (scripts/bench_agea.py measures
both). Each state dataclass gets a copier written once from its field types (``list[str]`` is
copied flat, ``list[Hero]`` item by item, an ``int`` or a frozen record of atoms is shared), so
a copy runs no type tests on values whose type the dataclass declares. Values of undeclared
type (``Any``, a bare ``list``) are copied by ``replicate``'s generic rule: a list whose first
item is an atom is taken to hold atoms only and is copied flat.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Hero:
...     name: str
...     cards: list[str] = field(default_factory=list)
>>> @dataclass
... class Table:
...     heroes: list[Hero]
...     uses: dict[str, int]
>>> table = Table([Hero("Jason", ["fleece"])], {"lyre": 2})
>>> copy = replicate(table)
>>> copy == table, copy.heroes[0] is table.heroes[0], copy.heroes[0].cards is table.heroes[0].cards
(True, False, False)
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")

_ATOMS = frozenset({str, int, float, bool, type(None), Fraction})
#: per type, the function copying its values (a dataclass's is written from its fields)
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def replicate(obj: Any) -> Any:
    """An independent copy of ``obj`` (atoms and frozen records of atoms are shared: they
    are immutable)."""
    kind = type(obj)
    if kind in _ATOMS:
        return obj
    copier = _COPIERS.get(kind)
    if copier is None:
        copier = _COPIERS[kind] = _copier(kind)
    return copier(obj)


def _generic_list(obj: list) -> list:
    if not obj or type(obj[0]) in _ATOMS:
        return obj[:]
    return [replicate(x) for x in obj]


def _generic_dict(obj: dict) -> dict:
    return {k: v if type(v) in _ATOMS else replicate(v) for k, v in obj.items()}


def _generic_tuple(obj: tuple) -> tuple:
    return tuple(replicate(x) for x in obj)


def _shared(obj: Any) -> Any:
    return obj


def _copier(kind: type) -> Callable[[Any], Any]:
    """The copier of values of type ``kind`` (its exact type, not a subclass)."""
    if kind is list:
        return _generic_list
    if kind is dict:
        return _generic_dict
    if kind is tuple:
        return _generic_tuple
    if _immutable(kind):
        return _shared
    if _plain_dataclass(kind) or _slotted_dataclass(kind):
        return _dataclass_copier(kind)
    return copy.deepcopy


# ----------------------------------------------------------------------------- field types
_IMMUTABLE: dict[Any, bool] = {}


def _immutable(hint: Any) -> bool:
    """True when values of type ``hint`` never change (atoms, enums, frozen records of them,
    tuples and frozensets of them): a copy may share them."""
    known = _IMMUTABLE.get(hint)
    if known is None:
        _IMMUTABLE[hint] = False  # a record holding itself is taken as mutable
        known = _IMMUTABLE[hint] = _decide_immutable(hint)
    return known


def _decide_immutable(hint: Any) -> bool:
    if hint in _ATOMS or hint is type(None):
        return True
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return True
        params = getattr(hint, "__dataclass_params__", None)
        if params is not None and params.frozen:
            hints = _field_hints(hint)
            return hints is not None and all(_immutable(h) for h in hints.values())
        return False
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return True
    if origin in (tuple, frozenset, typing.Union, types.UnionType):
        return bool(args) and all(a is Ellipsis or _immutable(a) for a in args)
    return False


def _field_hints(kind: type) -> dict[str, Any] | None:
    """The declared type of each field of the dataclass ``kind``; None when they cannot be
    resolved (a name only imported for type checkers)."""
    try:
        hints = typing.get_type_hints(kind)
    except Exception:  # noqa: BLE001  any failure: the fields are copied generically
        return None
    return {f.name: hints.get(f.name, Any) for f in dataclasses.fields(kind)}


def _expression(hint: Any, value: str, names: dict[str, Any], depth: int = 0) -> str | None:
    """Python code copying ``value`` of type ``hint``; None when it may be shared."""
    if _immutable(hint):
        return None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    item = f"x{depth}"
    if origin is list and len(args) == 1:
        inner = _expression(args[0], item, names, depth + 1)
        return f"{value}[:]" if inner is None else f"[{inner} for {item} in {value}]"
    if origin is dict and len(args) == 2 and _immutable(args[0]):
        inner = _expression(args[1], item, names, depth + 1)
        return (f"{value}.copy()" if inner is None
                else f"{{k{depth}: {inner} for k{depth}, {item} in {value}.items()}}")
    if origin is set and len(args) == 1 and _immutable(args[0]):
        return f"{value}.copy()"
    if origin in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
        (some,) = [a for a in args if a is not type(None)]
        inner = _expression(some, value, names, depth)
        return None if inner is None else f"(None if {value} is None else {inner})"
    if _plain_dataclass(hint) and hint not in _WRITING:
        # The declared record's copier is called at once; a subclass goes through replicate.
        copier = _COPIERS.get(hint) or _COPIERS.setdefault(hint, _copier(hint))
        kind, call = f"_k{len(names)}", f"_c{len(names)}"
        names[kind], names[call] = hint, copier
        return f"({call}({value}) if type({value}) is {kind} else replicate({value}))"
    return f"replicate({value})"


def _plain_dataclass(kind: Any) -> bool:
    """A dataclass whose instances keep their fields in ``__dict__`` (no slots)."""
    return isinstance(kind, type) and dataclasses.is_dataclass(kind) \
        and "__slots__" not in kind.__dict__


def _slotted_dataclass(kind: Any) -> bool:
    """A dataclass whose instances keep their fields in slots (``slots=True``) and no more."""
    return isinstance(kind, type) and dataclasses.is_dataclass(kind) \
        and set(kind.__dict__.get("__slots__", ())) == {f.name for f in dataclasses.fields(kind)}


def _dataclass_copier(kind: type) -> Callable[[Any], Any]:
    """Write the copier of the dataclass ``kind``: its ``__dict__`` copied (its slots set one
    by one for a slotted dataclass), then each field that can change replaced by a copy made
    as its declared type says."""
    _WRITING.add(kind)
    try:
        return _write_copier(kind) if _plain_dataclass(kind) else _write_slotted_copier(kind)
    finally:
        _WRITING.discard(kind)


#: the dataclasses whose copier is being written (a record holding its own kind calls
#: ``replicate`` for it)
_WRITING: set[type] = set()


def _write_copier(kind: type) -> Callable[[Any], Any]:
    hints = _field_hints(kind) or {f.name: Any for f in dataclasses.fields(kind)}
    names: dict[str, Any] = {"replicate": replicate, "_new": object.__new__, "_kind": kind,
                             "_set": object.__setattr__, "_fields": len(hints),
                             "_generic": _generic_dataclass}
    lines = ["def copy(o):",
             "    d = o.__dict__",
             "    if len(d) != _fields:",  # attributes beyond the fields: copy generically
             "        return _generic(o)",
             "    n = _new(_kind)",
             "    c = d.copy()"]
    for name, hint in hints.items():
        code = _expression(hint, f"d[{name!r}]", names)
        if code is not None:
            lines.append(f"    c[{name!r}] = {code}")
    lines += ["    _set(n, '__dict__', c)", "    return n"]  # frozen records too
    exec("\n".join(lines), names)  # noqa: S102  code written here from field names and types
    return names["copy"]


def _write_slotted_copier(kind: type) -> Callable[[Any], Any]:
    hints = _field_hints(kind) or {f.name: Any for f in dataclasses.fields(kind)}
    names: dict[str, Any] = {"replicate": replicate, "_new": object.__new__, "_kind": kind,
                             "_set": object.__setattr__}
    frozen = kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
    lines = ["def copy(o):", "    n = _new(_kind)"]
    for name, hint in hints.items():
        code = _expression(hint, f"o.{name}", names) or f"o.{name}"
        lines.append(f"    _set(n, {name!r}, {code})" if frozen else f"    n.{name} = {code}")
    lines.append("    return n")
    exec("\n".join(lines), names)  # noqa: S102  code written here from field names and types
    return names["copy"]


def slot_copier(kind: type[T], lists: tuple[str, ...] = (), name: str = "copy", doc: str = "",
                **made: Callable[[Any], Any]) -> Callable[[T], T]:
    """The function ``name`` copying a record of the slotted, unfrozen dataclass ``kind`` one
    level deep, for a move to change (copy on write): no ``__init__`` runs and no dict is made;
    the fields ``lists`` get their own shallow copy, a field of ``made`` is copied by its
    function unless None, and the others are shared with the record (``replicate`` copies
    everything). The code is written once from the field names: a loop over the fields took
    five times as long.

    >>> from dataclasses import dataclass
    >>> @dataclass(slots=True)
    ... class Seat:
    ...     name: str
    ...     hand: list[str]
    ...     won: list[str]
    >>> seat = Seat("Ariadne", ["thread"], [])
    >>> copy = slot_copier(Seat, ("hand",))(seat)
    >>> copy == seat, copy.hand is seat.hand, copy.won is seat.won
    (True, False, True)
    """
    if not _slotted_dataclass(kind) or kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"slot_copier: {kind.__name__} is not a slotted, unfrozen dataclass")
    names: dict[str, Any] = {"_new": object.__new__, "_kind": kind,
                             **{f"_{field}": copy for field, copy in made.items()}}
    lines = [f"def {name}(o):", "    n = _new(_kind)"]
    for field in (f.name for f in dataclasses.fields(kind)):
        if field in lists:
            value = f"o.{field}[:]"
        elif field in made:
            value = f"(None if o.{field} is None else _{field}(o.{field}))"
        else:
            value = f"o.{field}"
        lines.append(f"    n.{field} = {value}")
    lines.append("    return n")
    exec("\n".join(lines), names)  # noqa: S102  code written here from field names
    copier = names[name]
    copier.__doc__ = doc or f"A copy of a {kind.__name__} for a move to change (slot_copier)."
    return copier


def _generic_dataclass(obj: Any) -> Any:
    new = object.__new__(type(obj))
    new.__dict__.update({k: v if type(v) in _ATOMS else replicate(v)
                         for k, v in obj.__dict__.items()})
    return new
