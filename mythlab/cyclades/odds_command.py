"""``mythlab odds cyclades --attack N --defend N ...``: exact odds of a Cyclades battle."""

from __future__ import annotations

import argparse
import json

from mythlab.display import fraction_text
from mythlab.registry import OddsCommand

from .combat import battle_odds

MAX_BATTLE_UNITS = 100
"""The command line's limit on units per side (the rules cap them at 8; the library takes any
number)."""


class BattleOddsCommand(OddsCommand):
    """The chance that an attack succeeds in a Cyclades battle, as an exact fraction."""

    name = "cyclades"
    summary = "exact odds of a Cyclades battle (--attack N --defend N [--bonus N] ...)"

    def configure(self, parser: argparse.ArgumentParser) -> None:
        """The options: units on each side, the defence bonus, the retreat policy, sea
        or land, and the output form."""
        parser.add_argument("--attack", type=int, metavar="N", help="attacking units (at least 1)")
        parser.add_argument("--defend", type=int, metavar="N", help="defending units")
        parser.add_argument("--bonus", type=int, default=0, metavar="N",
                            help="the defender's fortresses (land) or ports (sea); a Metropolis "
                                 "counts as either (default: 0)")
        parser.add_argument("--policy", default="fight",
                            help="who retreats when: fight (default: both fight to the end), or "
                                 "comma-separated SIDE:RULE, e.g. attacker:units<=1 (retreat "
                                 "with 1 unit left), defender:odds<1/4 (retreat when the chance "
                                 "from here is below 1/4), attacker:optimal=2 (retreat when it "
                                 "pays, the zone being worth 2 units)")
        parser.add_argument("--sea", action="store_true",
                            help="a naval battle (mutual destruction leaves the zone empty)")
        parser.add_argument("--outcomes", action="store_true",
                            help="also list every end state with its probability")
        parser.add_argument("--json", action="store_true",
                            help="print JSON: {\"probability\": \"num/den\", \"percent\": ...}")

    def run(self, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
        """Print the battle's odds (with its end states, or as JSON); a bad option is a
        one-line error."""
        for option in ("attack", "defend"):
            value = getattr(args, option)
            if value is None:
                parser.error(f"cyclades odds need --{option} N")
            if value > MAX_BATTLE_UNITS:
                parser.error(f"--{option} {value} is too many units for the command line (at "
                             f"most {MAX_BATTLE_UNITS}; the rules cap a side at 8)")
        try:
            odds = battle_odds(args.attack, args.defend, args.bonus, policy=args.policy,
                               sea=args.sea)
        except (TypeError, ValueError) as exc:
            parser.error(str(exc))
        p = odds.probability
        if args.json:
            print(json.dumps({
                "probability": fraction_text(p), "percent": odds.percent,
                "attack": odds.attack, "defend": odds.defend, "bonus": odds.bonus,
                "policy": str(odds.policy), "sea": odds.sea,
                "outcomes": [{"outcome": str(e.outcome), "attackers": e.attackers,
                              "defenders": e.defenders, "probability": fraction_text(q)}
                             for e, q in odds.distribution.items()],
            }))
            return 0
        print(f"Cyclades battle: {odds}")
        if args.outcomes:
            width = max(len(str(e)) for e in odds.distribution)
            for e, q in odds.distribution.items():
                print(f"  {e!s:<{width}}  {fraction_text(q):>21}  ≈ {float(q) * 100:5.1f} %")
        return 0


BATTLE_ODDS = BattleOddsCommand()
