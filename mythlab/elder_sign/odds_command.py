"""``mythlab odds TASK`` / ``mythlab odds --card NAME``: exact Elder Sign odds.

The whole card under optimal play (:class:`~mythlab.elder_sign.AdventureOdds`: rerolls after
failed rolls, focus, spells and clues as allowed), with each row's single-roll chance; with
``--single-roll`` the chance that one roll completes a one-row task. It is the default odds
command: a bare ``mythlab odds "INV_3,LORE" --dice 6G`` is an Elder Sign task.
"""

from __future__ import annotations

import argparse
import difflib
import json
from typing import Any

from mythlab.display import fraction_text, odds_text
from mythlab.registry import OddsCommand


def find_card(name: str) -> Any:
    """The built-in Elder Sign card called ``name``, or ``ValueError`` naming close matches."""
    from mythlab.elder_sign import adventure, adventures

    try:
        return adventure(name)
    except KeyError:
        names = {a.name.lower(): a.name for a in adventures(None)}
        close = [names[n] for n in difflib.get_close_matches(name.strip().lower(), names, 3,
                                                             cutoff=0.5)]
        hint = (f"did you mean {', '.join(map(repr, close[:-1]))}{' or ' * (len(close) > 1)}"
                f"{close[-1]!r}?" if close else
                f"the {len(names)} names are in mythlab/elder_sign/data/adventures.csv")
        raise ValueError(f"no Elder Sign card called {name!r}; {hint}") from None


class AdventureOddsCommand(OddsCommand):
    """Whole-card odds under optimal play (default) or one roll's odds (``--single-roll``)."""

    name = "elder_sign"
    summary = ("exact Elder Sign odds: a task (mythlab odds \"INV_3,LORE\" --dice 6G+Y) or a "
               "card (mythlab odds --card NAME)")
    default = True

    def configure(self, parser: argparse.ArgumentParser) -> None:
        """The options: a typed task or ``--card``, the dice, the wildcard reading, the
        allowance (focus, spells, clues), a terror effect, and the output form."""
        count = self.count
        parser.add_argument(
            "what", metavar="TASK", nargs="?",
            help="an Elder Sign task: rows joined by '|' (any order) or '>' (in order), symbols "
                 "in a row by ',': INV_n, LORE, PERIL, TERROR, e.g. \"INV_3,LORE|PERIL,PERIL\"")
        parser.add_argument("--card", metavar="NAME",
                            help="an adventure or Other World card by name, e.g. "
                                 "\"The Curator\"")
        parser.add_argument("--dice", default="6G", metavar="POOL",
                            help="the dice rolled: counts and codes G (green), Y (yellow), "
                                 "R (red) joined by '+', e.g. 6G+Y+R (default: 6G, the "
                                 "investigator's six green dice); like --focus, --spell, --clue "
                                 "and the task's size, bounded so that the odds come within "
                                 "seconds")
        parser.add_argument("--wild", choices=("seed", "faq"), default="seed",
                            help="the red die's wildcard: seed (1 investigation or any symbol, "
                                 "the rulebook) or faq (4 investigation or any symbol) "
                                 "(default: seed)")
        parser.add_argument("--focus", type=count, metavar="N",
                            help="at most N focus actions (default: whenever the rules allow)")
        parser.add_argument("--spell", type=count, default=0, metavar="N",
                            help="spell cards to spend, each holds one die (default: 0)")
        parser.add_argument("--clue", type=count, default=0, metavar="N",
                            help="clue tokens to spend, each rerolls chosen dice (default: 0)")
        parser.add_argument("--terror", default="none", metavar="EFFECT",
                            help="a terror effect that changes the dice on failed rolls: none "
                                 "(default), card (the --card's own), immediate_fail or "
                                 "discard_all_terror")
        parser.add_argument("--single-roll", action="store_true",
                            help="the chance that one roll completes the task (one row only)")
        parser.add_argument("--json", action="store_true",
                            help="print JSON: {\"probability\": \"num/den\", \"percent\": ...}")

    def run(self, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        """Print the whole card's odds (or one roll's) with each row's single-roll chance, or as
        JSON; a bad option is a one-line error."""
        from mythlab.elder_sign import AdventureOdds
        from mythlab.elder_sign.dice import parse_pool, roll_probability

        refuse = self.refuse
        if (args.what is None) == (args.card is None):
            parser.error("give one Elder Sign task (e.g. mythlab odds \"INV_3,LORE\" --dice 6G) "
                         "or one --card NAME" + (", not both" if args.card else
                                                  ", or `cyclades` for battle odds"))
        terror = None if args.terror == "none" else args.terror
        if args.card is not None and not args.card.strip():
            refuse(parser, "--card needs a card's name, e.g. --card \"Lights Out\"")
        if terror == "card" and args.card is None:
            refuse(parser, "--terror card uses the terror effect of a --card; a typed task has "
                           "none (name one: immediate_fail or discard_all_terror)")
        try:  # AdventureOdds bounds every parameter: its ValueError names the limit
            card = find_card(args.card) if args.card is not None else args.what
            pool = parse_pool(args.dice)
            odds = AdventureOdds(card, args.wild, focus=args.focus, spell=args.spell,
                                 clue=args.clue, terror=terror)
            start = odds.start(pool)
        except ValueError as exc:
            refuse(parser, str(exc))
        rows = [(str(row), roll_probability(row, pool, args.wild)) for row in odds.card.rows]
        if args.single_roll:
            if len(rows) > 1:
                refuse(parser, f"--single-roll asks about one task row, and {odds.card} has "
                               f"{len(rows)}; ask about one row, e.g. mythlab odds "
                               f"\"{rows[0][0]}\" --single-roll")
            extras = [f"--{k}" for k in ("focus", "spell", "clue") if getattr(args, k)]
            if extras or terror:
                refuse(parser, f"--single-roll is one roll: {', '.join(extras or ['--terror'])} "
                               "cannot change it (leave out --single-roll for whole-card odds)")
            p = rows[0][1]
        else:
            try:
                p = odds.value(start)
            except ValueError as exc:
                refuse(parser, str(exc))
        name = odds.adventure.name if odds.adventure else None
        allowance = {"focus": args.focus, "spell": args.spell, "clue": args.clue,
                     "terror": odds.terror}
        if args.json:
            print(json.dumps({
                "probability": fraction_text(p), "percent": float(p) * 100,
                "mode": "single-roll" if args.single_roll else "card",
                "card": name, "task": str(odds.card), "ordered": odds.card.ordered,
                "dice": str(pool), "wild": args.wild, **allowance,
                "rows": [{"row": row, "single_roll": fraction_text(q), "percent": float(q) * 100}
                         for row, q in rows]}))
            return 0
        what = f"{name} ({odds.card})" if name else str(odds.card)
        print(f"Elder Sign · {what} · {pool} · {args.wild} wildcard")
        if not args.single_roll:
            focus = {None: "focus whenever allowed", 0: "no focus"}.get(
                args.focus, f"focus at most {args.focus} times")
            print(f"whole card under optimal play ({focus}, {args.spell} spell(s), {args.clue} "
                  f"clue(s), terror effect: {odds.terror or 'none'}): {odds_text(p)}")
        for i, (row, q) in enumerate(rows, 1):
            print(f"one roll completes {f'row {i} ' if len(rows) > 1 else ''}{row}: "
                  f"{odds_text(q)}")
        return 0


ADVENTURE_ODDS = AdventureOddsCommand()
