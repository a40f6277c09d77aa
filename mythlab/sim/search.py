"""``SearchBot``: Monte Carlo tree search over the engine, for every game (``--bots search``).

The search, and why each choice:

- **UCT** (UCB1 on each decision node, no priors) with random rollouts cut off after
  ``rollout_depth`` moves: the engine gives every game the same ``legal_actions`` /
  ``apply`` / ``chance_outcomes``, and nothing else is needed. By default the rollout is
  empty: each new leaf is valued at once by the game's ``search_value`` hook, which at a
  0.25 s budget beat 12 random moves (they blur the value more than they inform it).
- **Chance nodes are sampled by their exact weights**: an outcome is drawn with the exact
  ``Fraction`` probabilities (integer tickets, no floats), and each outcome drawn gets its own
  child. Expanding every outcome as an expectation node would be exact too, but one Elder Sign
  roll has up to 462 outcomes: a 0.25 s budget would be spent on a single node. Only where
  a rollout *ends* on a chance node with at most ``EXACT_OUTCOMES`` outcomes (a die or two)
  is the value their exact expectation, as the greedy bot computes it.
- **Max^n values**: each node keeps a value vector, one entry per seat, and the seat to move
  picks the child best for its own entry. Paranoid search (everyone against me) is too gloomy
  for 3–5 player Cyclades and Agea; in cooperative Elder Sign every seat wins or loses
  together, so max^n is team play without a special case.
- **Rewards**: at the end of the game 1 for each winner (``scores()["winners"]``, a shared win
  included) and 0 for the others. A rollout cut short is valued by the game's ``search_value``
  hook (``GameSpec.search_value``: ``state -> one value in [0, 1] per seat``) if its spec has
  one; else by each seat's share of the current scores (``scores()["scores"]``), a crude
  chance of winning; else 1/players for every seat (0.5 in a two-player game).
- **Hidden information by determinization, in one information-set tree** (single-observer
  ISMCTS, Cowling, Powley & Whitehouse 2012): each move the bot draws ``determinizations``
  states with ``state.determinize(seat, rng)`` (``resample_hidden``, and the random stream
  reseeded: future shuffles are hidden from every seat). The iterations take these worlds in
  turn and all descend the *same* tree, whose nodes are moves by label: at each node only the
  moves legal in the iteration's world compete, UCB1 counting each by how often it was
  available. So every world informs every move, and the budget is not split into small
  separate trees (at 128 simulations against greedy, the ensemble of trees this replaced won
  19/30 two-player Cyclades games, this 27/30; in Elysium against the legend bot 15/30, this
  21/30). The search reads nothing of the true state but what
  ``determinize`` returns, so the bot never sees what its seat cannot; strategy fusion (one
  move for worlds the seat cannot tell apart) is the method's known price, and the right
  one: the seat cannot tell them apart either.

- **Moves the game settles without search**: a game whose spec has a ``search_policy`` hook
  (``state -> Action or None``) names the moves its own play decides better or far more
  cheaply than a search of the budget would (Elder Sign's dice in an adventure under way,
  by ``OddsBot``'s rules: a search of them spent 0.11 CPU s a move and lost more games);
  the bot asks it first, on a determinized state, and searches only where it answers
  None. The search still makes every other choice, and inside the tree every move is
  searched.

- **Rollouts by the game's own play**: a game whose spec has a ``search_rollout`` hook
  (``state -> Action or None``) plays its moves in rollouts instead of random ones, until it
  answers None (then the game's value hook values the position) or the game ends, at most
  ``ROLLOUT_CAP`` moves: a rollout by a good default policy makes the search at least as
  strong as that policy where the search is asked (Elder Sign's final battle, played out to
  its end by its battle rules). Without the hook, rollouts are ``rollout_depth`` random
  moves. The hook's move is also the **default at the root**, a control arm: every other
  round of iterations plays it at the root, and the search plays the most visited other
  move only when its mean beats the default's by ``DEVIATION_Z`` standard errors
  (``clearly_better``). Picking the most visited of a few noisy moves is a bet on noise:
  in Elder Sign it lost 3.6 points a game to the very rules the rollouts play.

The budget is ``simulations`` (deterministic for a given seed: what simulations and the
ladder use) or ``seconds`` per move (wall clock, so not reproducible).

>>> import mythlab
>>> state = mythlab.make("agea", players=2, seed=1).initial_state()
>>> SearchBot(seed=3, budget=20)(state).label in [a.label for a in state.legal_actions()]
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from numbers import Real
from typing import Any

from mythlab import registry
from mythlab.engine import Action, State
from mythlab.engine.values import Values

#: simulations per move by default: 0.018-0.029 CPU s per move on average in the four games
#: on the development machine (``scripts/ladder.py`` prints it), well within 0.25 s
DEFAULT_SIMULATIONS = 128
#: the budget of a ``kind="seconds"`` bot made without one
DEFAULT_SECONDS = 0.25
#: rollout moves (chance moves included) before a rollout is cut short and valued: none, the
#: new leaf is valued at once by the game's ``search_value`` hook (random moves blur it more
#: than they inform it at this budget)
DEFAULT_ROLLOUT_DEPTH = 0
#: the UCB1 constant: low, because hook values of sibling moves differ by a few hundredths
DEFAULT_EXPLORATION = 0.2
#: states drawn per move, the worlds sharing one tree, when the game hides something
#: (``Game.hidden``); 1 otherwise
DEFAULT_DETERMINIZATIONS = 4
#: a rollout ending on a chance node with at most this many outcomes takes their exact
#: expected value (a die or two: cheap, and no sampling noise where the greedy bot has none)
EXACT_OUTCOMES = 36
#: the most moves a rollout by the game's ``search_rollout`` hook plays (a safety bound)
ROLLOUT_CAP = 5000
#: where the game has a ``search_rollout`` hook, the search plays another move than the hook's
#: only when that move's mean value beats the hook's by this many standard errors
#: (``clearly_better``): in Elder Sign, picking the best of 128 noisy battle rollouts lost
#: 3.6 points a game to the rules it rolls out with
DEVIATION_Z = 2.0
BUDGET_KINDS = ("simulations", "seconds")



class SearchBot:
    """Monte Carlo tree search on determinized states (see the module docstring).

    Parameters
    ----------
    seed : int
        Seeds the bot's own generator (determinizations, rollouts, chance draws, ties).
    budget : int or float, optional
        Per move: simulations (a whole number) or seconds, as ``kind`` says; > 0.
    kind : {"simulations", "seconds"}
    determinizations : int, optional
        States drawn per move; by default 4 when the game declares hidden parts, else 1.
    rollout_depth : int
        Moves a rollout plays before it is cut short and valued (0: the new leaf is valued
        at once).
    exploration : float
        The UCB1 constant (rewards are in [0, 1]).
    """

    name = "search"

    def __init__(self, seed: int = 0, budget: float | None = None, kind: str = "simulations",
                 determinizations: int | None = None,
                 rollout_depth: int = DEFAULT_ROLLOUT_DEPTH,
                 exploration: float = DEFAULT_EXPLORATION):
        if kind not in BUDGET_KINDS:
            raise ValueError(f"search budget kind {kind!r} is unknown; choose from "
                             f"{', '.join(BUDGET_KINDS)}")
        if budget is None:
            budget = DEFAULT_SIMULATIONS if kind == "simulations" else DEFAULT_SECONDS
        if isinstance(budget, bool) or not isinstance(budget, Real) or not budget > 0 or \
                (kind == "simulations" and budget != int(budget)) or not math.isfinite(budget):
            unit = "a whole number of simulations" if kind == "simulations" else "seconds"
            raise ValueError(f"search budget must be {unit} > 0, not {budget!r}")
        _check_count("determinizations", determinizations, allow_none=True)
        _check_count("rollout_depth", rollout_depth, least=0)
        self.rng = random.Random(seed)
        self.kind = kind
        self.budget = int(budget) if kind == "simulations" else float(budget)
        self.determinizations = determinizations
        self.rollout_depth = rollout_depth
        self.exploration = float(exploration)
        self._hooks: dict[tuple[str, str], Callable[[State], Any] | None] = {}

    def __repr__(self) -> str:
        return f"SearchBot(budget={self.budget!r}, kind={self.kind!r})"

    def __call__(self, state: State) -> Action:
        """Search within the budget, the iterations taking the determinized states in turn in
        one shared tree, then play the most visited move, or the game's own (``_chosen``; a
        single legal move at once)."""
        me = state.current_player
        legal = {a.label: a for a in state.legal_actions()}
        if len(legal) == 1:
            return next(iter(legal.values()))
        policy = self._hook(state, "search_policy")
        if policy is not None:
            settled = policy(self.determinize(state, me))
            if settled is not None:
                if settled.label not in legal:
                    raise ValueError(f"the {state.game.name} search_policy hook chose "
                                     f"{settled.label!r}, which is not a legal move here")
                return legal[settled.label]
        worlds = [self.determinize(state, me) for _ in range(self._determinizations(state))]
        tree = _Tree(self, worlds, self._default(worlds[0], legal))
        rounds = len(worlds)
        if self.kind == "simulations":
            for i in range(self.budget):
                tree.simulate(i % rounds, control=(i // rounds) % 2 == 1)
        else:
            deadline = time.perf_counter() + self.budget
            i = 0
            while time.perf_counter() < deadline:
                tree.simulate(i % rounds, control=(i // rounds) % 2 == 1)
                i += 1
        return legal[self._chosen(tree, me, legal)]

    def _default(self, state: State, legal: dict[str, Action]) -> str | None:
        """The label of the game's own move here (its ``search_rollout`` hook's), if any."""
        policy = self._hook(state, "search_rollout")
        move = policy(state) if policy is not None else None
        return move.label if move is not None and move.label in legal else None

    # ----------------------------------------------------------------- determinization
    def determinize(self, state: State, me: int) -> State:
        """A state ``me`` cannot tell from ``state``, secrets and future shuffles redrawn
        (``State.determinize``, drawn from the bot's own generator)."""
        return state.determinize(me, self.rng)

    def _determinizations(self, state: State) -> int:
        if self.determinizations is not None:
            return self.determinizations
        return DEFAULT_DETERMINIZATIONS if state.game.hidden else 1

    def _most_visited(self, tree: _Tree, me: int, legal: dict[str, Action]) -> str:
        """The label of the root move with the most visits; ties by mean value, then at
        random (with no move tried yet, a random one)."""
        children = {label: child for label, child in tree.root.children.items()
                    if label in legal}
        if not children:  # a budget of one simulation that ended on no decision
            return self.rng.choice(sorted(legal))

        def rank(label: str) -> tuple[int, float]:
            child = children[label]
            return child.visits, child.totals[me] / max(child.visits, 1)

        best = max(rank(label) for label in children)
        return self.rng.choice(sorted(lb for lb in children if rank(lb) == best))

    def _chosen(self, tree: _Tree, me: int, legal: dict[str, Action]) -> str:
        """The most visited root move; where the game has its own move (``tree.default``,
        which the control iterations visit), the most visited other move only if its mean
        beats the default's by ``DEVIATION_Z`` standard errors (``clearly_better``): a few
        dozen noisy simulations must not overrule a good default policy on noise."""
        kept = tree.root.children.get(tree.default) if tree.default else None
        if kept is None or not kept.visits:
            return self._most_visited(tree, me, legal)
        others = {label: move for label, move in legal.items() if label != tree.default}
        best = self._most_visited(tree, me, others)
        rival = tree.root.children.get(best)
        return best if rival is not None and clearly_better(rival, kept, me) else tree.default

    # ----------------------------------------------------------------- values
    def value(self, state: State) -> Values:
        """Each seat's value of ``state`` in [0, 1]: its result when the game is over, else
        the game's ``search_value`` hook or the shares of the scores (see the module docstring)."""
        players = state.game.players
        if state.is_terminal():
            winners = set(state.scores()["winners"])
            return [1.0 if p in winners else 0.0 for p in range(players)]
        hook = self._hook(state, "search_value")
        if hook is not None:
            return _checked(hook(state), players, state.game.name)
        return scaled_scores(state)

    def _hook(self, state: State, part: str) -> Callable[[State], Any] | None:
        """The game's ``search_value``, ``search_policy`` or ``search_rollout`` hook (None
        without one)."""
        key = (state.game.name, part)
        if key not in self._hooks:
            name = state.game.name
            self._hooks[key] = registry.spec(name).load(part) if name in registry.games() \
                else None
        return self._hooks[key]


def clearly_better(node: _Node, than: _Node, me: int) -> bool:
    """Whether ``node``'s mean value for ``me`` beats ``than``'s by more than ``DEVIATION_Z``
    standard errors of the difference, each mean's variance bounded by ``m (1 - m) / n`` (the
    most a value in [0, 1] with mean ``m`` can vary).

    >>> a, b = _Node(1), _Node(1)
    >>> a.visits, a.totals, b.visits, b.totals = 40, [30.0], 40, [18.0]
    >>> clearly_better(a, b, 0), clearly_better(b, a, 0)
    (True, False)
    >>> a.totals = [22.0]          # 55 % against 45 % in 40 simulations each: noise
    >>> clearly_better(a, b, 0)
    False
    """
    m, n = node.totals[me] / node.visits, node.visits
    k, j = than.totals[me] / than.visits, than.visits
    spread = math.sqrt(max(m * (1 - m), 0.0) / n + max(k * (1 - k), 0.0) / j)
    return m - k > DEVIATION_Z * spread


def scaled_scores(state: State) -> Values:
    """Each seat's share of the running scores (``scores()["scores"]``, shifted up to 0 when
    some are negative): a crude chance of winning, 1/players each when the scores are level
    or the game keeps no numeric scores.

    >>> import mythlab
    >>> scaled_scores(mythlab.make("agea", players=2, seed=1).initial_state())
    [0.5, 0.5]
    """
    players = state.game.players
    table = state.scores().get("scores")
    level = [1.0 / players] * players
    if not isinstance(table, dict) or len(table) != players or \
            not all(isinstance(s, Real) and not isinstance(s, bool) for s in table.values()):
        return level
    shifted = [s - min(0, *table.values()) for s in table.values()]
    total = sum(shifted)
    return [float(s / total) for s in shifted] if total else level


def parse_budget(text: str) -> tuple[float, str]:
    """A budget written on a command line: ``"200"`` simulations or ``"0.5s"`` seconds.

    >>> parse_budget("200"), parse_budget("0.5s")
    ((200, 'simulations'), (0.5, 'seconds'))
    """
    raw = str(text).strip()
    kind = "seconds" if raw.endswith("s") else "simulations"
    number = raw[:-1] if kind == "seconds" else raw
    try:
        budget = float(number) if kind == "seconds" else int(number)
    except ValueError:
        raise ValueError(f"search budget {text!r} is neither a whole number of simulations "
                         "nor seconds such as '0.5s'") from None
    SearchBot(budget=budget, kind=kind)  # refuses a budget ≤ 0 with the bot's own message
    return budget, kind


def _check_count(name: str, value: Any, allow_none: bool = False, least: int = 1) -> None:
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"search {name} must be a whole number ≥ {least}, not {value!r}")


def _checked(values: Sequence[float], players: int, game: str) -> Values:
    out = [float(v) for v in values]
    if len(out) != players or not all(0.0 <= v <= 1.0 for v in out):
        raise ValueError(f"the {game} search_value hook must give {players} values in [0, 1], "
                         f"not {values!r}")
    return out


def _expectation(weighted: list[tuple[float, Values]]) -> Values:
    """The probability-weighted mean of value vectors."""
    return [sum(p * values[seat] for p, values in weighted)
            for seat in range(len(weighted[0][1]))]


class _Node:
    """A node of the tree: a move (or chance outcome) by its label, with its visit count,
    how often it was available, its value totals (one per seat) and, per determinization,
    the state it leads to there (made once, on the first visit in that determinization)."""

    __slots__ = ("visits", "available", "totals", "children", "states")

    def __init__(self, players: int):
        self.visits = 0
        self.available = 1
        self.totals = [0.0] * players
        self.children: dict[str, _Node] = {}
        self.states: dict[int, State] = {}


class _Tree:
    """One tree over what the searching seat knows (single-observer information-set MCTS):
    every iteration descends it inside one of the determinized states, so all of them share
    the budget and the statistics, and a move is judged over every world it was tried in."""

    __slots__ = ("bot", "root", "worlds", "default")

    def __init__(self, bot: SearchBot, worlds: Sequence[State], default: str | None = None):
        self.bot = bot
        self.default = default
        self.worlds = list(worlds)
        self.root = _Node(self.worlds[0].game.players)
        self.root.states = dict(enumerate(self.worlds))

    def simulate(self, world: int = 0, control: bool = False) -> None:
        """One iteration in determinization ``world``: select, expand one node, roll out,
        back the values up. A ``control`` iteration plays the game's own move (``default``)
        at the root where it is legal, so half the budget measures it against the rest."""
        rng = self.bot.rng
        node, path = self.root, [self.root]
        state = self.worlds[world]
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            elif control and node is self.root and self.default is not None and \
                    self.default in (legal := {a.label: a for a in state.legal_actions()}):
                action = legal[self.default]
            else:
                action = self._choose(node, state.legal_actions(), state.current_player)
            child = node.children.get(action.label)
            expanded = child is None
            if expanded:
                child = node.children[action.label] = _Node(len(node.totals))
            after = child.states.get(world)
            if after is None:
                after = child.states[world] = state.apply(action)
            node, state = child, after
            path.append(node)
            if expanded:
                break
        values = self._rollout(state)
        for n in path:
            n.visits += 1
            for p, v in enumerate(values):
                n.totals[p] += v

    def _choose(self, node: _Node, legal: list[Action], me: int) -> Action:
        """A move not tried yet here (at random), else UCB1 for the seat to move on its own
        entry of the value vector (max^n) among the moves legal in this world, each counted
        by how often it was available rather than by its parent's visits."""
        children = node.children
        untried = [a for a in legal if a.label not in children]
        tried = [a for a in legal if a.label in children]
        for a in tried:
            children[a.label].available += 1
        if untried:
            return untried[self.bot.rng.randrange(len(untried))]
        c = self.bot.exploration

        def ucb(action: Action) -> float:
            child = children[action.label]
            return child.totals[me] / child.visits + \
                c * math.sqrt(math.log(child.available) / child.visits)

        return max(tried, key=ucb)

    def _rollout(self, state: State) -> Values:
        """The game's ``search_rollout`` moves (else random ones) and exactly weighted chance
        from ``state``, then its value: a chance
        node met at the end with at most ``EXACT_OUTCOMES`` outcomes is valued by its exact
        expectation (as the greedy bot does), not by one drawn outcome."""
        rng = self.bot.rng
        policy = self.bot._hook(state, "search_rollout")
        if policy is not None:
            state = _policy_rollout(state, policy, rng)
        else:
            state = _random_rollout(state, self.bot.rollout_depth, rng)
        if state.is_chance_node() and not state.is_terminal():
            outcomes = state.chance_outcomes()
            if len(outcomes) <= EXACT_OUTCOMES:
                return _expectation([(float(p), self.bot.value(state.apply(o)))
                                     for o, p in outcomes])
            state = state.apply(state.sample_chance(rng))
        return self.bot.value(state)


def _random_rollout(state: State, depth: int, rng: random.Random) -> State:
    """``state`` played on by ``depth`` random moves (chance drawn by its exact weights), or
    fewer if the game ends."""
    for _ in range(depth):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def _policy_rollout(state: State, policy: Callable[[State], Action | None],
                    rng: random.Random) -> State:
    """``state`` played on by ``policy`` (chance drawn by its exact weights) until the game
    ends, the policy answers None, or ``ROLLOUT_CAP`` moves."""
    for _ in range(ROLLOUT_CAP):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        move = policy(state)
        if move is None:
            break
        state = state.apply(move)
    return state
