"""Plain records of validated data, for the rules' hot paths.

A game's data files are validated by pydantic models, and the rules read those objects at
nearly every step (an Agea card's type and traits, a Cyclades god's recruit costs). On
Python 3.11 an attribute read of a pydantic model costs about three times a plain object's:
``BaseModel`` defines ``__getattr__``, which keeps CPython from specializing the read. A
game that reads a model in its hot paths keeps a ``record`` of it instead: the same field
values as plain attributes and the model's own properties, made once when the game is made.
A record compares, hashes and prints as its model does; it is read-only by convention, as
the frozen models are. It is no instance of the model's class (pydantic allows no virtual
subclasses), so a game keeps records only of data no code asks ``isinstance`` about.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def record(model: M) -> M:
    """A plain copy of ``model`` (see the module docstring); typed as the model it stands for.

    >>> from pydantic import BaseModel
    >>> class Die(BaseModel):
    ...     sides: int
    ...     @property
    ...     def highest(self) -> int:
    ...         return self.sides
    >>> d = record(Die(sides=6))
    >>> d.sides, d.highest, d == Die(sides=6), d == record(Die(sides=8))
    (6, 6, True, False)
    """
    kept = object.__new__(_record_class(type(model)))
    kept.__dict__.update(model.__dict__)
    kept._model = model
    return kept  # type: ignore[return-value]


@cache
def _record_class(model_class: type[BaseModel]) -> type:
    """The record type of a model class: its properties and methods (not pydantic's), with
    equality, hashing and ``repr`` passed to the model."""
    namespace: dict[str, Any] = {}
    for klass in reversed(model_class.__mro__):
        if not issubclass(klass, BaseModel) or klass is BaseModel:
            continue
        namespace.update((name, value) for name, value in vars(klass).items()
                         if not name.startswith(("__", "model_", "_"))
                         and (isinstance(value, property) or callable(value)))
    namespace.update(__eq__=_same_model, __hash__=lambda self: hash(self._model),
                     __repr__=lambda self: repr(self._model), __doc__=model_class.__doc__)
    return type(f"{model_class.__name__}Record", (), namespace)


def _same_model(self: Any, other: Any) -> bool:
    return self._model == getattr(other, "_model", other)
