"""Actions: the moves a state offers, identified by a stable human-readable label."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One legal move.

    ``label`` is stable and human-readable ("adventure with Hercules"); two actions are equal
    when their labels are. ``kind`` and ``args`` are the machine-readable form the game's rules
    act on; ``rule`` is the rulebook reference the move comes from.

    >>> Action("pass", "pass", rule="Agea · TURN").explain()
    'pass (Agea · TURN)'
    """

    label: str
    kind: str = field(default="", compare=False)
    args: tuple = field(default=(), compare=False)
    rule: str = field(default="", compare=False)
    note: str = field(default="", compare=False)

    def __init__(self, label: str, kind: str = "", args: tuple = (), rule: str = "",
                 note: str = ""):
        # Offerers make thousands of actions per game: the slots are set directly, about
        # twice as fast as the frozen dataclass's own object.__setattr__ per field.
        _SET_LABEL(self, label)
        _SET_KIND(self, kind)
        _SET_ARGS(self, args)
        _SET_RULE(self, rule)
        _SET_NOTE(self, note)

    def explain(self) -> str:
        """One or two sentences: what the move does and which rule allows it."""
        text = self.note or self.label
        return f"{text} ({self.rule})" if self.rule else text

    def __str__(self) -> str:
        return self.label


_SET_LABEL, _SET_KIND, _SET_ARGS, _SET_RULE, _SET_NOTE = (
    getattr(Action, name).__set__ for name in ("label", "kind", "args", "rule", "note"))
