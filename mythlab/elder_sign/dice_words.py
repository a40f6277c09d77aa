"""How Elder Sign's moves name dice (Elder Sign rulebook, Greek edition, p.6, p.10): a pool
to roll (``2G+R``), a roll counted by face, the dice a task takes, and every part of a roll a
clue may reroll. Pure functions of dice, cached where a playout meets the same dice again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from functools import lru_cache

from mythlab.engine import Action

from .refs import CLUES, INVESTIGATOR
from .tasks import CODES, COLOURS, split


def pool_text(dice: list[str]) -> str:
    """``["green", "green", "red"]`` -> ``"2G+R"``."""
    return "+".join(f"{n if n > 1 else ''}{CODES[c]}" for c in COLOURS
                    if (n := dice.count(c))) or "no dice"


@lru_cache(maxsize=4096)
def roll_counts(rolled: tuple[str, ...]) -> tuple[tuple[str, str, int], ...]:
    """A roll (its dice sorted) as sorted (colour, face, count). Cached: a playout meets the
    same rolls again and again."""
    return tuple(sorted([(*die.partition(":")[::2], n) for die, n in Counter(rolled).items()]))


def describe_use(use: tuple[tuple[str, str, int], ...], names: tuple[str, ...]) -> str:
    """Dice used for a task in words: colour and face, or the marker (``names``: each seat's
    investigator) or spell holding it."""
    parts = []
    for src, face, k in use:
        if src in COLOURS:
            parts.append(f"{src} {face}" + (f" x{k}" if k > 1 else ""))
        elif src.startswith("marker:"):
            seat = int(src.partition(":")[2])
            parts.append(f"{face} on {names[seat]}'s marker")
        else:
            parts.append(f"{face} on {src.partition(':')[2]}")
    return " + ".join(parts)


@lru_cache(maxsize=4096)
def reroll_choices(rolled: tuple[str, ...], free: bool) -> tuple[Action, ...]:
    """The reroll actions of :func:`resolve.clue_actions` for a roll (sorted dice) and the kind of
    reroll: cached, since they depend on nothing else and actions are frozen. Each part of
    the roll is named as :func:`dice_text` names it, from the roll's counts at once, and the
    parts are put together one kind of die after another."""
    head = "free reroll (Joe Diamond)" if free else "spend a clue"
    rule = INVESTIGATOR if free else CLUES
    parts: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((), ())]  # (dice, their words)
    for die, n in sorted(Counter(rolled).items(), key=lambda kv: die_order(kv[0])):
        name = die.replace(":", " ")
        more = [((), ())] + [((die,) * j, (name + (f" x{j}" if j > 1 else ""),))
                             for j in range(1, n + 1)]
        parts = [(dice + extra, words + named) for dice, words in parts
                 for extra, named in more]
    moves = []
    for dice, words in parts[1:]:  # the first rerolls nothing
        what = f"all {len(dice)} dice" if len(dice) == len(rolled) else " + ".join(words)
        label = f"{head}: reroll {what}"
        moves.append((-len(dice), label, Action(label, "clue", (dice, free), rule)))
    moves.sort()
    return tuple(move for *_, move in moves)


def die_order(die: str) -> tuple[int, str]:
    """Dice listed by colour (green, yellow, red), then face."""
    colour, face = split(die)
    return COLOURS.index(colour), face


def dice_text(dice: Collection[str]) -> str:
    """``["green:LORE", "green:LORE", "red:WILD"]`` -> ``"green LORE x2 + red WILD"``."""
    count = Counter(dice)
    return " + ".join(f"{die.replace(':', ' ')}" + (f" x{n}" if n > 1 else "")
                      for die, n in sorted(count.items(), key=lambda kv: die_order(kv[0])))
