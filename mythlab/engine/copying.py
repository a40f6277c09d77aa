"""A fast deep copy for state data made of dataclasses, lists, dicts and atoms.

``copy.deepcopy`` keeps a memo and reconstructs objects generically; game states are trees
of plain containers, so a direct recursive copy is many times faster (scripts/bench_agea.py
measures both). Lists are taken to hold one kind of item, as state dataclasses declare them
(``list[str]``, ``list[Hero]``): a list whose first item is an atom is copied flat.
"""

from __future__ import annotations

import copy
import dataclasses
from fractions import Fraction
from typing import Any

_ATOMS = frozenset({str, int, float, bool, type(None), Fraction})
_DATACLASSES: dict[type, bool] = {}


def replicate(obj: Any) -> Any:
    """An independent copy of ``obj`` (atoms are shared: they are immutable)."""
    kind = type(obj)
    if kind in _ATOMS:
        return obj
    if kind is list:
        if not obj or type(obj[0]) in _ATOMS:
            return obj[:]
        return [replicate(x) for x in obj]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else replicate(v) for k, v in obj.items()}
    if kind is tuple:
        return tuple(replicate(x) for x in obj)
    is_dc = _DATACLASSES.get(kind)
    if is_dc is None:
        is_dc = _DATACLASSES[kind] = dataclasses.is_dataclass(kind) and hasattr(obj, "__dict__")
    if is_dc:
        new = object.__new__(kind)
        new.__dict__.update({k: v if type(v) in _ATOMS else replicate(v)
                             for k, v in obj.__dict__.items()})
        return new
    return copy.deepcopy(obj)
