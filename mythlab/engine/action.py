"""Actions: the moves a state offers, identified by a stable human-readable label."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Action:
    """One legal move.

    ``label`` is stable and human-readable ("adventure with Hercules"); two actions are equal
    when their labels are. ``kind`` and ``args`` are the machine-readable form the game's rules
    act on; ``rule`` is the rulebook reference the move comes from.
    """

    label: str
    kind: str = field(default="", compare=False)
    args: tuple = field(default=(), compare=False)
    rule: str = field(default="", compare=False)
    note: str = field(default="", compare=False)

    def explain(self) -> str:
        """One or two sentences: what the move does and which rule allows it."""
        text = self.note or self.label
        return f"{text} ({self.rule})" if self.rule else text

    def __str__(self) -> str:
        return self.label
