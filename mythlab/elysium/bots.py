"""An Elysium bot that plays for legends: best legend value per gold, keeping its columns.

``make_bot("greedy", game="elysium")`` (and the bot name ``elysium-greedy`` everywhere a bot
name is accepted, e.g. ``simulate("elysium", bots=[...])``) gives :class:`LegendBot`. The
generic ``greedy`` bot looks one move ahead on the game's ``evaluate`` (the score if the game
ended now), which cannot see that a card in the domain will later be worth a legend; this bot
values cards by the legend VP they add per gold of transfer, discards the column its wanted
cards need least, and uses the one-step lookahead only for the decisions card powers ask.
Both look ahead on the position determinized for their seat (``State.determinize``): a power
that draws from the draw pile shows them no card they could not see.
"""

from __future__ import annotations

import random

from mythlab.engine import Action

from . import legends as L
from .powers import Timing
from .rules import ElysiumState, meets

#: what a card's non-instant power is worth to the bot, in VP (instant powers are seen by
#: looking one move ahead); activate powers are scaled by the epochs left to use them
POWER_VALUE = {Timing.ACTIVATE: 0.5, Timing.TRIGGER: 1.0, Timing.PERMANENT: 1.0,
               Timing.CHRONOS: 1.5, Timing.LEGEND: 1.0, Timing.INSTANT: 0.0}
#: a lone card in the Elysium may still grow into a legend (worth this), except in the last
#: epoch, where lone cards are removed at final scoring
NEW_LEGEND = 0.5


class LegendBot:
    """Greedy for legends: best legend value per gold; keeps the columns its cards need.

    Phase II: takes the Agora card with the most legend VP per gold of transfer (plus what its
    power is worth), or a quest when no card is worth more or its turns run out; then discards
    the column that the cards it still wants need least. Phase III: transfers by legend VP per
    gold. Power decisions (choices, targets, whether to use a power): one-step lookahead on
    the game's ``evaluate``, on the position determinized for the seat (``view``). Ties are
    broken by the bot's seeded generator; the redraws come from a second one.
    """

    name = "elysium-greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.redraw = random.Random(f"elysium-greedy {seed}")
        self._view: ElysiumState | None = None

    def __call__(self, state: ElysiumState) -> Action:  # type: ignore[override]
        """The bot's move (Elysium only): the only legal one, else by the decision: a Phase II
        turn, a column to discard, transfers, or one-step lookahead for the rest."""
        if getattr(state.game, "name", "") != "elysium":
            raise ValueError(f"the {self.name} bot plays only Elysium, not "
                             f"{getattr(state.game, 'name', state)!r}")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        self._view = None  # drawn when this decision first looks ahead
        task = state.data.tasks[-1]
        if task.kind == "turn":
            return self.turn(state, actions)
        if task.kind == "column":
            return self.column(state, actions)
        if task.kind in ("legend", "transfer"):
            return self.write(state, actions)
        return self.lookahead(state, actions)

    # ------------------------------------------------------------------ valuations
    def placement_value(self, s: ElysiumState, q: int, c: str, index: int) -> float:
        """Legend VP that placing ``c`` at ``index`` (-1: a new legend) adds for player ``q``."""
        g, seat = s.game, s.data.seats[q]
        last = s.data.epoch >= g.number("epochs")
        if index < 0:
            return 0.0 if last else NEW_LEGEND
        legend, cards = seat.legends[index], g.inst
        n = len(legend)
        real = L.real_cards(legend, seat, cards)
        citizen = c in seat.citizens
        if n >= 2:
            kind = L.kind(legend, cards)
        else:
            kind = "family" if cards[c].family == real[0].family else "level"
        if kind == "family":
            table = g.number("family_legend_vp")
            gain = table[n + 1] - table.get(n, 0)
            family = real[0].family.value
            bonuses = g.number("family_bonus_vp")
            taken = len(s.data.family_bonus.get(family, []))
            if n + 1 == L.CAPACITY["family"] and taken < len(bonuses):
                gain += bonuses[taken]
        else:
            table = g.number("level_legend_vp")
            gain = table[n + 1] - table.get(n, 0)
            level = str(real[0].level)
            holder = s.data.level_bonus.get(level)
            if holder is None or (holder[0] != q and n + 1 > holder[1]):
                gain += g.number("level_bonus_vp")[int(level)]
        if citizen:
            gain -= g.number("citizen_penalty_vp")
        return float(gain)

    def card_value(self, s: ElysiumState, q: int, c: str) -> float:
        """What a card outside the domain is worth to ``q``: its best legend VP per gold of
        transfer, a pair it would make with a domain card, and its power."""
        g, seat = s.game, s.data.seats[q]
        card = g.inst[c]
        level = max(card.level, 1)
        best = 0.0 if s.data.epoch >= g.number("epochs") else NEW_LEGEND
        for i, legend in enumerate(seat.legends):
            if L.why_not(legend, seat, c, g.inst) is None:
                best = max(best, self.placement_value(s, q, c, i))
        for d in seat.domain:  # a pair to write later: half a 2-card legend
            other = g.inst[d]
            if d in seat.citizens or other.key == card.key:
                continue
            if (other.family == card.family) != (other.level == card.level):
                table = "family_legend_vp" if other.family == card.family else "level_legend_vp"
                best = max(best, g.number(table)[2] / 2)
        epochs_left = g.number("epochs") - s.data.epoch + 1
        power = POWER_VALUE[card.timing] * (epochs_left if card.timing is Timing.ACTIVATE else 1)
        return best / level + power

    def quest_value(self, s: ElysiumState, q: int, tile: str) -> float:
        """A quest tile: its VP, gold, and the transfers it allows (as far as cards wait)."""
        quest, seat = s.game.quests[tile], s.data.seats[q]
        waiting = len(seat.domain) + 1
        return quest.vp + 0.5 * quest.gold + 1.0 * min(quest.lyres, waiting) - 0.1 * quest.number

    # ------------------------------------------------------------------ decisions
    def turn(self, s: ElysiumState, actions: list[Action]) -> Action:
        """A Phase II turn: a power that gains at once, else the Agora card worth most or the
        best quest (by their values and the turns left), else a citizen, pass or end."""
        q, g = s.current_player, s.game
        seat = s.data.seats[q]
        takes = [a for a in actions if a.kind == "take"]
        quests = [a for a in actions if a.kind == "quest"]
        uses = [a for a in actions if a.kind == "use"]
        if uses and (s.data.tasks[-1].count or not (takes or quests)):
            # powers are weighed once a turn, after its card or quest (one lookahead each)
            now = g.evaluate(self.view(s), q)
            gains = [(self.after(s, a, q) - now, a) for a in uses]
            best_gain = max(v for v, _ in gains)
            if best_gain > 0:
                return self.pick([a for v, a in gains if v == best_gain])
        others = [a for a in actions if a.kind in ("citizen", "pass", "end")]
        if not takes and not quests:
            return self.pick(others or actions)
        rounds_left = g.number("turns_per_epoch") - (s.data.turn - 1) // g.players - 1
        if quests and (rounds_left <= 0 or not takes):
            return self.best_quest(s, q, quests)
        if takes:
            now = g.evaluate(self.view(s), q)
            # only an Instant power or a Permanent reaction changes the score at once
            reacts = any(g.inst[c].timing is Timing.PERMANENT for c in seat.domain)
            scored = [(self.card_value(s, q, a.args[0])
                       + (self.after(s, a, q) - now
                          if reacts or g.inst[a.args[0]].timing is Timing.INSTANT else 0.0), a)
                      for a in takes]
            best_value = max(v for v, _ in scored)
            best_quest = max((self.quest_value(s, q, a.args[0]) for a in quests), default=None)
            if best_quest is None or best_value >= best_quest or (
                    seat.cards_taken < g.number("cards_per_epoch") and rounds_left >= 1
                    and best_value >= 1.0):
                return self.pick([a for v, a in scored if v == best_value])
        return self.best_quest(s, q, quests)

    def best_quest(self, s: ElysiumState, q: int, quests: list[Action]) -> Action:
        """The quest tile of highest :meth:`quest_value` (ties by the seeded generator)."""
        values = [(self.quest_value(s, q, a.args[0]), a) for a in quests]
        top = max(v for v, _ in values)
        return self.pick([a for v, a in values if v == top])

    def wanted(self, s: ElysiumState, q: int) -> list[tuple[float, str]]:
        """Agora cards ``q`` could still take this epoch, with their value, best first."""
        seat, g = s.data.seats[q], s.game
        if seat.cards_taken >= g.number("cards_per_epoch"):
            return []
        held = s.domain_keys(q)
        out = [(self.card_value(s, q, c), c) for c in s.data.agora if g.keys[c] not in held]
        return sorted(out, reverse=True)

    def column(self, s: ElysiumState, actions: list[Action]) -> Action:
        """Discard the column whose loss costs the wanted cards (and the quest) least."""
        q = s.current_player
        seat = s.data.seats[q]
        wanted = self.wanted(s, q)
        quest_needed = not seat.quest
        losses = []
        for a in actions:
            left = [c for c in seat.columns if c != a.args[0]]
            lost = sum(v for v, c in wanted
                       if meets(seat.columns, s.game.inst[c].condition)
                       and not meets(left, s.game.inst[c].condition))
            if quest_needed and not any(colour in left for t in s.data.quests
                                        for colour in s.quest_colours(t)):
                lost += 5.0
            losses.append((lost, a))
        least = min(v for v, _ in losses)
        return self.pick([a for v, a in losses if v == least])

    def write(self, s: ElysiumState, actions: list[Action]) -> Action:
        """Phase III and power transfers: the transfer with the most legend VP per gold."""
        q, g = s.current_player, s.game
        uses = [a for a in actions if a.kind == "use_legend"]
        if uses:
            now = g.evaluate(self.view(s), q)
            gains = [(self.after(s, a, q) - now, a) for a in uses]
            best_gain = max(v for v, _ in gains)
            if best_gain >= 0:
                return self.pick([a for v, a in gains if v == best_gain])
        transfers = [a for a in actions if a.kind in ("transfer", "power_transfer")]
        scored = []
        for a in transfers:
            c, index, cost = a.args
            value = self.placement_value(s, q, c, index)
            if value > 0:
                scored.append((value / max(cost, 1), a))
        if scored:
            top = max(v for v, _ in scored)
            return self.pick([a for v, a in scored if v == top])
        stop = [a for a in actions if a.kind in ("end_transfers", "stop")]
        return self.pick(stop or actions)

    def lookahead(self, s: ElysiumState, actions: list[Action]) -> Action:
        """One move ahead on the game's evaluation (the score if the game ended now)."""
        q = s.current_player
        values = [(self.after(s, a, q), a) for a in actions]
        top = max(v for v, _ in values)
        return self.pick([a for v, a in values if abs(v - top) <= 1e-12])

    def after(self, s: ElysiumState, a: Action, q: int) -> float:
        """Player ``q``'s ``evaluate`` after move ``a``, on what the seat may see (``view``)."""
        return s.game.evaluate(self.view(s).apply(a.label), q)

    def view(self, s: ElysiumState) -> ElysiumState:
        """The position this decision looks ahead on: ``s`` determinized for the seat to move
        (the draw pile and the Citizens' faces redrawn), drawn once a decision."""
        if self._view is None:
            self._view = s.determinize(s.current_player, self.redraw)
        return self._view

    def pick(self, actions: list[Action]) -> Action:
        """One of ``actions``, at random by the bot's seeded generator when several tie."""
        return actions[0] if len(actions) == 1 else self.rng.choice(actions)


