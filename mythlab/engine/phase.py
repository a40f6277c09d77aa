"""Phases declared as data, so widgets can say "where am I in the rulebook"."""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx


@dataclass(frozen=True, slots=True)
class Phase:
    """A named rule phase: ``rule`` is the short rulebook reference shown to users.

    ``next`` names the phases the rules may move to from here (the declared transitions).
    """

    name: str
    rule: str
    order: int
    next: tuple[str, ...] = ()
    summary: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.rule})"


class PhaseBook:
    """The phases of one game, in rulebook order, with their transitions."""

    def __init__(self, phases: list[Phase]):
        self.phases = tuple(sorted(phases, key=lambda p: p.order))
        self._by_name = {p.name: p for p in self.phases}
        self._reach: dict[str, set[str]] | None = None
        if len(self._by_name) != len(self.phases):
            raise ValueError("phase names must be unique")
        for p in self.phases:
            for n in p.next:
                if n not in self._by_name:
                    raise ValueError(f"phase {p.name!r} moves to unknown phase {n!r}")

    def __getitem__(self, name: str) -> Phase:
        return self._by_name[name]

    def __iter__(self):
        return iter(self.phases)

    def __len__(self) -> int:
        return len(self.phases)

    def allows(self, before: str, after: str) -> bool:
        """True when declared transitions lead from ``before`` to ``after``.

        One action may pass through phases that need no decision (Agea's Recovery with
        nothing to recover), so any path of declared transitions counts.
        """
        if before == after or after in self._by_name[before].next:
            return True
        if self._reach is None:
            self._reach = {p.name: nx.descendants(self.graph(), p.name) for p in self.phases}
        return after in self._reach[before]

    def graph(self) -> nx.DiGraph:
        """The phase graph: nodes are phase names (with ``rule`` and ``order``), edges transitions.

        >>> from mythlab.engine.phase import Phase, PhaseBook
        >>> book = PhaseBook([Phase("A", "r1", 1, ("B",)), Phase("B", "r2", 2, ("A",))])
        >>> sorted(book.graph().edges())
        [('A', 'B'), ('B', 'A')]
        """
        g = nx.DiGraph()
        for p in self.phases:
            g.add_node(p.name, rule=p.rule, order=p.order, summary=p.summary)
        for p in self.phases:
            for n in p.next:
                g.add_edge(p.name, n)
        return g
