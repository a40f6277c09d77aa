"""Agea's victory points per player, with the breakdown behind them (Agea rulebook, English
edition, Victory), and the greedy bots' view of a position built on them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import AgeaState


def breakdown(s: AgeaState, player: int, with_hand: bool = True) -> dict[str, int]:
    """VP by source for one player (heroes, city states, relics, wars, blessings, challenges …);
    ``with_hand=False`` leaves out the hand, for a viewer who may not see it."""
    table = s.game.numbers["victory_points"]
    p = s.data.players[player]
    hand = p.hand if with_hand else []
    owned = hand + [a for h in p.heroes for a in h.attached]
    relics = sum(1 for c in owned if s.card(c).type == "relic")
    wars = sum(1 for c in p.victory if s.card(c).effect == "war")
    challenges = sum(1 for c in p.victory if s.card(c).is_challenge)
    parts = {
        "heroes": table["hero"] * len(p.heroes),
        "city states": sum(s.card(c).vp or table["city_state"] for c in p.cities),
        "relics": table["relic"] * relics,
        "wars won": table["war_won"] * wars,
        "blessings in hand": table["blessing_in_final_hand"]
        * sum(1 for c in hand if s.card(c).is_blessing),
        "challenges won": table["challenge_in_victory_pile"] * challenges,
        # "Some cards will contribute more VP according to their card description."
        "card VP": sum(s.card(c).vp for c in hand if s.card(c).effect == "hold-for-vp")
        + sum(s.card(c).vp for c in p.victory if s.card(c).effect == "become-god")
        + sum(s.card(c).vp for c in owned if s.card(c).type == "companion"),
        "bonus VP": p.bonus_vp,
    }
    return parts


def score_table(s: AgeaState) -> dict[str, Any]:
    """Scores by player name, VP by seat, the breakdowns and the winners (ties share).

    Returns
    -------
    dict
        ``scores`` (name -> VP), ``vp`` (by seat), ``winners`` (seats), ``breakdown`` (name ->
        VP by source, as ``breakdown`` gives it) and ``final`` (the game is over).

    Examples
    --------
    >>> import mythlab
    >>> s = mythlab.make("agea", players=2, seed=1).initial_state()
    >>> score_table(s)["vp"], score_table(s)["final"]
    ([0, 0], False)
    """
    parts = [breakdown(s, q) for q in range(s.game.players)]
    vp = [sum(b.values()) for b in parts]
    best = max(vp)
    return {
        "scores": {s.player_name(q): vp[q] for q in range(len(vp))},
        "vp": vp,
        "winners": [q for q, v in enumerate(vp) if v == best],
        "breakdown": {s.player_name(q): parts[q] for q in range(len(vp))},
        "final": s.data.over,
    }


def evaluate(s: AgeaState, player: int) -> float:
    """Greedy bots' view: my VP lead, plus a little for active heroes and traits."""
    scores = score_table(s)["vp"]
    others = [v for q, v in enumerate(scores) if q != player]
    heroes = s.data.players[player].heroes
    active = sum(1 for h in heroes if s.active(h))
    traits = sum(len(s.trait_names(h)) for h in heroes)
    return scores[player] - max(others, default=0) + 0.3 * active + 0.05 * traits
