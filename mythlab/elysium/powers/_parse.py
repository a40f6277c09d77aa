"""Reading powers: data -> typed nodes (``parse_power``) with errors that point into the YAML,
the checks node types alone cannot make (``check_power``), tree walks, and nodes -> canonical
data (``to_data``). Pages cited are those of the Elysium rulebook, Greek edition."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from mythlab.engine.errors import shown

from ._model import (
    ANY,
    AsManyAs,
    AtLeast,
    CardSpec,
    ChooseOne,
    Cond,
    Count,
    Discard,
    If,
    May,
    Most,
    Node,
    NoneOf,
    Nothing,
    Others,
    OthersMay,
    Per,
    PlayerWithMost,
    Power,
    Same,
    Timing,
    Transfer,
    When,
    Whose,
    Zone,
)

_POWER: TypeAdapter[Any] = TypeAdapter(Power)


# --- parsing, checking, dumping --------------------------------------------------------------


class PowerError(ValueError):
    """A power that does not validate: ``path`` points into the expression (``power[1].gain``)."""

    def __init__(self, path: str, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


PowerError.__module__ = "mythlab.elysium.powers"  # tracebacks name it where users import it


def error_path(loc: Sequence[int | str], raw: Any, root: str = "") -> str:
    """A pydantic error location as a path into the YAML the user wrote: ``power[1].gain.gold``.

    Union tags (``@gain``) are dropped, and so is the ``do`` a shorthand like ``{per: …, gain: …}``
    stands for.
    """
    path, node = root, raw
    for part in loc:
        if isinstance(part, str) and part.startswith("@"):
            continue
        if part == "do" and isinstance(node, dict) and "do" not in node:
            continue
        if isinstance(part, int):
            path += f"[{part}]"
            node = node[part] if isinstance(node, list) and part < len(node) else None
        else:
            path += f".{part}" if path else str(part)
            node = node.get(part) if isinstance(node, dict) else None
    return path or root


def error_message(err: Mapping[str, Any]) -> str:
    """A pydantic error as one short sentence."""
    kind, loc = err["type"], err["loc"]
    if kind == "extra_forbidden":
        return f"unknown symbol {loc[-1]!r}"
    if kind in ("enum", "literal_error"):
        return f"unknown value {shown(err['input'])}; expected {err['ctx']['expected']}"
    if kind == "missing":
        return f"missing {loc[-1]!r}"
    msg = str(err["msg"])
    return msg.removeprefix("Value error, ")


def parse_power(raw: Any, timing: Timing | str | None = None, root: str = "power") -> Power:
    """Validate a power written as data; with ``timing``, also check it fits the timing.

    Raises :class:`PowerError` naming the path into the expression.

    >>> parse_power({"gain": {"silver": 1}})
    Traceback (most recent call last):
    ...
    mythlab.elysium.powers.PowerError: power.gain.silver: unknown symbol 'silver'
    """
    try:
        power = _POWER.validate_python(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise PowerError(error_path(err["loc"], raw, root), error_message(err)) from None
    if timing is not None:
        check_power(power, Timing(timing), root)
    return power


def children(node: Power) -> Iterator[tuple[str, Power]]:
    """The sub-powers of a node, with the path step that reaches each in canonical data."""
    if isinstance(node, tuple):
        for i, item in enumerate(node):
            yield f"[{i}]", item
    elif isinstance(node, ChooseOne):
        for i, item in enumerate(node.choose_one):
            yield f".choose_one[{i}]", item
    elif isinstance(node, May):
        yield ".may", node.may
    elif isinstance(node, Others):
        yield ".others", node.others
    elif isinstance(node, OthersMay):
        yield ".others_may.do", node.others_may.do
    elif isinstance(node, If):
        yield ".then", node.then
        if node.else_ is not None:
            yield ".else", node.else_
    elif isinstance(node, (Per, When, PlayerWithMost)):
        yield ("" if _inlined(node) else ".do"), node.do


def _counts(node: Power) -> Iterator[tuple[str, Count]]:
    if isinstance(node, Per):
        yield ".per", node.per
    elif isinstance(node, PlayerWithMost):
        yield ".player_with_most", node.player_with_most
    elif isinstance(node, If):
        cond = node.if_
        if isinstance(cond, AtLeast):
            yield ".if.count", cond.count
        elif isinstance(cond, NoneOf):
            yield ".if.none", cond.none
        elif isinstance(cond, Most):
            yield ".if.most", cond.most
        elif isinstance(cond, AsManyAs):
            yield ".if.have", cond.have
            yield ".if.as_many_as", cond.as_many_as


def walk(power: Power, root: str = "power") -> Iterator[tuple[str, Power]]:
    """Every node of a power with its path, parents first."""
    yield root, power
    for step, child in children(power):
        yield from walk(child, root + step)


def reads_zone(power: Power, zone: Zone) -> bool:
    """Does a count anywhere in the power look at ``zone``?

    A Legend power that counts the cards you transfer (Charon) is counted over the whole Phase
    III, so the game settles it at the end of the phase (p.13, Charon).

    >>> charon = parse_power({"if": {"at_least": 2, "count": {"in": "transferred"}},
    ...                       "then": {"gain": {"vp": 2}}})
    >>> reads_zone(charon, Zone.TRANSFERRED), reads_zone(charon, Zone.DOMAIN)
    (True, False)
    """
    return any(c.in_ is zone for _, node in walk(power) for _, c in _counts(node))


def check_power(power: Power, timing: Timing, root: str = "power") -> None:
    """Rules the node types alone cannot check: what fits the timing, ``them``, ``same``."""

    def visit(node: Power, path: str, among_others: bool, after_steps: bool) -> None:
        if isinstance(node, When) and timing is not Timing.PERMANENT:
            raise PowerError(path + ".when", f"'when' is for permanent powers, not {timing}")
        if isinstance(node, Same):
            raise PowerError(path, "'same' repeats the steps before it: use it as the 'do' of an "
                                   "others_may that follows them in a list")
        if isinstance(node, (Others, OthersMay)) and among_others:
            raise PowerError(path, "'others' inside 'others'")
        for step, c in _counts(node):
            if c.in_ is Zone.THIS_LEGEND and timing is not Timing.CHRONOS:
                raise PowerError(path + step + ".in", "'this_legend' is only known at final "
                                                      "scoring: use it in chronos powers")
            if c.whose is Whose.THEM and not among_others:
                raise PowerError(path + step + ".whose",
                                 "'them' means each other player: use it inside 'others'")
        inner = among_others or isinstance(node, (Others, OthersMay, PlayerWithMost))
        if isinstance(node, OthersMay) and isinstance(node.others_may.do, Same):
            # ``same`` repeats the earlier steps of the list this others_may sits in
            if not after_steps:
                raise PowerError(path + ".others_may.do", "'same' repeats the steps before it in "
                                                          "its list, and there are none")
            return
        for i, (step, child) in enumerate(children(node)):
            visit(child, path + step, inner, isinstance(node, tuple) and i > 0)

    visit(power, root, False, False)


def _inlined(node: Per | When | PlayerWithMost) -> bool:
    """Is the body written inline (``{per: …, gain: …}``) in canonical data?"""
    body = node.do
    return isinstance(body, Node) and not isinstance(
        body, (Same, Nothing, Per, When, PlayerWithMost))


def _leaf(model: BaseModel) -> Any:
    out: dict[str, Any] = {}
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        if value == info.default:
            continue
        out[info.alias or name] = _value(value)
    return out


def _listed(value: tuple) -> list[Any]:
    return [_value(v) for v in value]


def _value(value: Any) -> Any:
    if isinstance(value, CardSpec):
        return "citizen" if value == CardSpec(citizen=True) else ("any" if value == ANY
                                                                  else _leaf(value))
    if isinstance(value, (Node, tuple)) and not isinstance(value, Cond):
        return to_data(value) if isinstance(value, Node) or _is_power(value) else _listed(value)
    if isinstance(value, BaseModel):
        return _leaf(value)
    if isinstance(value, StrEnum):
        return value.value
    return value


def _is_power(value: tuple) -> bool:
    return bool(value) and all(isinstance(v, (Node, tuple)) for v in value)


def to_data(power: Power) -> Any:
    """A power as canonical plain data (what a card file holds); ``parse_power`` inverts it."""
    if isinstance(power, tuple):
        return [to_data(p) for p in power]
    if isinstance(power, (Nothing, Same)):
        return power.key
    if isinstance(power, (Transfer, Discard)):
        spec = _leaf(getattr(power, power.key))
        if set(spec) <= {"count"}:
            return {power.key: spec.get("count", 1)}
        return {power.key: spec}
    if isinstance(power, (Per, When, PlayerWithMost)):
        head = {power.key: _value(getattr(power, power.key))}
        body = to_data(power.do)
        if _inlined(power):
            return head | body
        return head | {"do": body}
    if isinstance(power, ChooseOne):
        return {"choose_one": [to_data(p) for p in power.choose_one]}
    if isinstance(power, If):
        out = {"if": _leaf(power.if_), "then": to_data(power.then)}
        if power.else_ is not None:
            out["else"] = to_data(power.else_)
        return out
    return _leaf(power)

