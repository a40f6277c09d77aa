"""Cyclades offerings: the god track per player count, bidding with displacement chains,
Apollo, and payment with priests (Cyclades rulebook, Greek edition, p.2 "The gods", p.3
"Offerings", p.4 "Priests"; "rulebook p.N" below cites the same book)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mythlab.engine import Action, act

from .pieces import SHARED_MOVES, shared_series
from .refs import (
    AFFORD,
    APOLLO_OFFERING,
    GOD_TRACK,
    OFFERINGS,
    OUTBID,
    PAYMENT,
    PRIESTS,
    RULES,
    TWO_PLAYERS,
)
from .state import Task

if TYPE_CHECKING:
    from .rules import CycladesState

APOLLO = "apollo"


def arrange_gods(s: CycladesState) -> None:
    """Lay out the god tiles for this cycle (rulebook p.2; p.6 for 2 players).

    5 players: all four open. 4 (and 2) players: the last tile is face down and comes first,
    face up, next cycle; the other three are shuffled behind it. 3 players: two open, two face
    down; next cycle the face-down pair is open; the cycle after, two new random pairs.
    """
    d = s.data
    rule = s.game.arrangement.rule
    tiles = list(d.gods) or list(s.game.gods)
    if rule == "all-open" or d.cycle == 1 or (rule == "pairs" and d.cycle % 2 == 1):
        s.stream.shuffle(tiles)
    elif rule == "hidden-first-next":
        rest = tiles[:3]
        s.stream.shuffle(rest)
        tiles = [tiles[3]] + rest
    else:  # pairs, even cycle: the hidden pair is open now
        pair = tiles[2:]
        s.stream.shuffle(pair)
        tiles = pair + tiles[:2]
    d.gods = tiles
    d.open_gods = s.game.arrangement.open
    names = [s.game.gods[g].name for g in tiles]
    shown = ", ".join(names[:d.open_gods])
    hidden = ", ".join(names[d.open_gods:])
    s.log(f"God track: {shown}, then Apollo" + (f" ({hidden} face down)" if hidden else "")
          + ".", GOD_TRACK)


def open_gods(s: CycladesState) -> list[str]:
    """The god tiles face up this cycle, in track order (rulebook p.2)."""
    return s.data.gods[:s.data.open_gods]


def holder(s: CycladesState, god: str) -> int:
    """The token bidding on ``god`` (-1 if none)."""
    bid_god = s.data.bid_god
    return bid_god.index(god) if god in bid_god else -1


def payment(s: CycladesState, player: int, amount: int) -> int:
    """What an offering costs after priests: -1 GP per priest, at least 1 GP (rulebook p.4)."""
    n = s.game.n
    return max(n["offering_min_pay"], amount - n["priest_discount"] * s.data.priests[player])


def budget(s: CycladesState, token: int) -> int:
    """Gold left for this token's offering: with 2 players both payments count (rulebook p.6)."""
    d = s.data
    player = d.tokens[token]
    if d.tokens.count(player) == 1:  # one token each (3 to 5 players): no other offering
        return d.gold[player]
    other = sum(payment(s, player, d.bid_amount[t]) for t, seat in enumerate(d.tokens)
                if seat == player and t != token and d.bid_god[t] not in ("", APOLLO))
    return d.gold[player] - other


def max_bid(s: CycladesState, token: int) -> int:
    """The highest offering this token can pay (ruling affordability); 0 if none."""
    n = s.game.n
    left = budget(s, token)
    if left < n["offering_min_pay"]:
        return 0
    return left + n["priest_discount"] * s.data.priests[s.data.tokens[token]]


def next_bidder(s: CycladesState) -> None:
    """The next token on the turn track bids; when all have, everybody pays (rulebook p.3)."""
    d = s.data
    while d.bidder < len(d.order):
        token = d.order[d.bidder]
        d.bidder += 1
        if not d.bid_god[token] and not d.out[d.tokens[token]]:
            s.push("bid", player=d.tokens[token], token=token)
            return
    pay_offerings(s)


@RULES.offers("bid")
def offer_bid(s: CycladesState, t: Task) -> list[Action]:
    """Offer a strictly higher amount to an open god, or go to Apollo for free (rulebook p.3).

    An ousted token (``t.god``) must bid on a different god at once.
    """
    d = s.data
    top = max_bid(s, t.token)
    min_bid = s.game.n["min_bid"]
    if top < min_bid:  # no god within reach
        return [GO_TO_APOLLO]
    bid_god = d.bid_god
    out: list[Action] = []
    for god in d.gods[:d.open_gods]:  # open_gods
        if god == t.god:
            continue
        held = god in bid_god  # held: a strictly higher offering ousts its token
        low = max(min_bid, d.bid_amount[bid_god.index(god)] + 1) if held else min_bid
        if low <= top:
            # the god's offerings, as kept (``bid_moves`` only when they do not reach ``top``)
            moves = SHARED_MOVES.get(("bids", god, held), ())
            if len(moves) <= top:
                moves = bid_moves(s, god, held, top)
            out += moves[low:top + 1]
    # Apollo takes any number of tokens, both of one player too (ruling apollo-tokens)
    out.append(GO_TO_APOLLO)
    return out


GO_TO_APOLLO = act("go to Apollo", "apollo", APOLLO_OFFERING,
                   note="Apollo asks no offering; players on Apollo act last, in arrival order")


def bid_moves(s: CycladesState, god: str, held: bool, top: int) -> tuple[Action, ...]:
    """The offerings of 0 .. ``top`` GP (at least) to ``god``, ``held`` by a token or not, as
    moves indexed by amount, kept by ``("bids", god, held)`` (``shared_series``)."""
    return shared_series(("bids", god, held), top + 1, lambda a: act(
        f"offer {a} GP to {s.game.gods[god].name}", "bid", bid_rule(s, held, a), god, a))


def bid_rule(s: CycladesState, held: bool, amount: int) -> str:
    """The rule an offering follows: outbidding a ``held`` god, the lowest offering (ruling
    min-bid: the rulebook lost the offering track's values), or a plain offering."""
    if held:
        return OUTBID
    return RULES.ruling("min-bid") if amount == s.game.n["min_bid"] else OFFERINGS


@RULES.does("apollo")
def do_go_to_apollo(s: CycladesState, t: Task, a: Action) -> None:
    """The token joins Apollo's, in arrival order; nothing is paid (p.3)."""
    d = s.data
    s.pop()
    s.to_change("bid_god")[t.token] = APOLLO
    s.to_change("apollo").append(t.token)
    s.log(f"{s.player_name(t.player)} goes to Apollo (space {len(d.apollo)}).", APOLLO_OFFERING)


@RULES.does("bid")
def do_bid(s: CycladesState, t: Task, a: Action) -> None:
    """The offering goes on the god; a token it ousts must bid at once on another god (p.3)."""
    d = s.data
    s.pop()
    who = s.player_name(t.player)
    god, amount = a.args
    ousted = holder(s, god)
    # every offering changes both lists: new ones for this position (``copy_for_move``)
    bid_god, bid_amount = d.bid_god[:], d.bid_amount[:]
    d.bid_god, d.bid_amount = bid_god, bid_amount
    bid_god[t.token], bid_amount[t.token] = god, amount
    name = s.game.gods[god].name
    s.log(f"{who} offers {amount} GP to {name}.", a.rule)  # bid_rule, as the move was made
    if ousted >= 0:
        bid_god[ousted], bid_amount[ousted] = "", 0
        victim = d.tokens[ousted]
        s.log(f"{s.player_name(victim)} is ousted from {name} and must bid at once on another "
              "god.", TWO_PLAYERS if victim == t.player else OUTBID)
        s.push("bid", player=victim, token=ousted, god=god)


def pay_offerings(s: CycladesState) -> None:
    """Everyone pays the offering, less 1 GP per priest, at least 1 GP; Apollo is free.

    Then the gods act in track order, Apollo last in arrival order (rulebook p.3).
    """
    d = s.data
    for token, god in enumerate(d.bid_god):
        if god in ("", APOLLO):
            continue
        player = d.tokens[token]
        cost = payment(s, player, d.bid_amount[token])
        d.gold[player] -= cost
        note = f" ({d.priests[player]} priest(s))" if cost != d.bid_amount[token] else ""
        s.log(f"{s.player_name(player)} pays {cost} GP to {s.game.gods[god].name}{note}.",
              PRIESTS if note else PAYMENT)
    d.stage = "Actions"
    held = [holder(s, g) for g in open_gods(s)]
    d.acting = [t for t in held if t >= 0] + list(d.apollo)
    d.next_order = []


def bid_refusal(s: CycladesState, label: str) -> tuple[str, str] | None:
    """Why an offering label is refused (for ``why_illegal``)."""
    d = s.data
    if not d.tasks or d.tasks[-1].kind != "bid":
        return OFFERINGS, f"offerings are made only in the Offerings phase; now it is " \
                          f"{s.phase.name}"
    t = d.tasks[-1]
    words = label.split()
    if len(words) != 5 or words[2] != "GP" or not words[1].isdigit():
        return None
    amount, name = int(words[1]), words[4]
    god = next((g for g in s.game.gods if s.game.gods[g].name.casefold() == name.casefold()),
               None)
    if god is None:
        return OFFERINGS, f"there is no god {name!r} to bid on"
    if god not in open_gods(s):
        return GOD_TRACK, f"{s.game.gods[god].name} is face down this cycle"
    if god == t.god:
        return OUTBID, f"an ousted player must bid on a different god than " \
                       f"{s.game.gods[god].name}"
    h = holder(s, god)
    if amount < s.game.n["min_bid"]:
        return RULES.ruling("min-bid"), f"the lowest offering to a god is {s.game.n['min_bid']} GP"
    if h >= 0 and amount <= d.bid_amount[h]:
        return OUTBID, (f"{s.game.gods[god].name} holds an offering of {d.bid_amount[h]} GP; "
                        "a new offering must be strictly higher")
    if amount > max_bid(s, t.token):
        return AFFORD, (f"{s.player_name(t.player)} could pay at most {max_bid(s, t.token)} GP "
                        f"of offering ({RULES.ruling('affordability')})")
    return None
