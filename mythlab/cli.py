"""``mythlab`` on the command line: list the games, watch bots play one turn by turn, ask odds.

Each subcommand is a ``_cmd_*`` function registered in ``build_parser``. ``odds`` is routed by
its first word: ``mythlab odds cyclades --attack 4 --defend 3 --bonus 1`` gives exact battle
odds; anything else is meant for Elder Sign task odds (``mythlab odds "INV_3,LORE" --dice
6G+Y``), which are not available yet.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from mythlab import __version__
from mythlab.engine import CHANCE, Session, State, game_class, games, make
from mythlab.sim import BOTS, seat_bots


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 on usage errors)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # piped into `head`: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def build_parser() -> argparse.ArgumentParser:
    """The ``mythlab`` parser with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="mythlab", description="Explore Elysium, Cyclades, Elder Sign and Agea.")
    parser.add_argument("--version", action="version", version=f"mythlab {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    listing = commands.add_parser("games", help="list the games with their player counts")
    listing.set_defaults(run=_cmd_games)

    play = commands.add_parser("play", help="watch bots play one game, turn by turn")
    play.add_argument("game", help="a game name, as listed by `mythlab games`")
    play.add_argument("--players", type=int, default=None,
                      help="number of players (default: the game's usual count)")
    play.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    play.add_argument("--bots", default="random",
                      help=f"one bot per seat, comma-separated, or one for every seat; "
                           f"bots: {', '.join(BOTS)} (default: random)")
    play.add_argument("--max-steps", type=int, default=100_000,
                      help="stop after this many actions (default: 100000)")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.set_defaults(run=_cmd_play, parser=play)

    odds = commands.add_parser(
        "odds", help="exact odds: Cyclades battles (`mythlab odds cyclades --attack 4 "
                     "--defend 3 --bonus 1`)",
        description="Exact odds as fractions. `mythlab odds cyclades ...` gives the chance that "
                    "an attack succeeds in a Cyclades battle; Elder Sign task odds are not "
                    "available yet.")
    odds.add_argument("what", metavar="WHAT",
                      help="`cyclades` for battle odds (Elder Sign tasks such as "
                           "\"INV_3,LORE\": not available yet)")
    odds.add_argument("--json", action="store_true",
                      help="print JSON: {\"probability\": \"num/den\", \"percent\": ...}")
    battle = odds.add_argument_group("Cyclades battles (mythlab odds cyclades ...)")
    battle.add_argument("--attack", type=int, metavar="N", help="attacking units (at least 1)")
    battle.add_argument("--defend", type=int, metavar="N", help="defending units")
    battle.add_argument("--bonus", type=int, default=0, metavar="N",
                        help="the defender's fortresses (land) or ports (sea); a Metropolis "
                             "counts as either (default: 0)")
    battle.add_argument("--policy", default="fight",
                        help="who retreats when: fight (default: both fight to the end), or "
                             "comma-separated SIDE:RULE, e.g. attacker:units<=1 (retreat with "
                             "1 unit left), defender:odds<1/4 (retreat when the chance from "
                             "here is below 1/4), attacker:optimal=2 (retreat when it pays, "
                             "the zone being worth 2 units)")
    battle.add_argument("--sea", action="store_true",
                        help="a naval battle (mutual destruction leaves the zone empty)")
    battle.add_argument("--outcomes", action="store_true",
                        help="also list every end state with its probability")
    odds.set_defaults(run=_cmd_odds, parser=odds)
    return parser


def _cmd_games(args: argparse.Namespace) -> int:
    names = games()
    if not names:
        print("No games are registered.")
        return 0
    width = max(len(n) for n in names)
    for name in names:
        cls = game_class(name)
        print(f"{name:<{width}}  {cls.title}  ({cls.min_players}–{cls.max_players} players)")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    try:
        game = make(args.game, players=args.players, seed=args.seed)
        bots = [b.strip() for b in args.bots.split(",")]
        if len(bots) == 1:
            bots *= game.players
        if len(bots) != game.players:
            raise ValueError(f"--bots names {len(bots)} bots for {game.players} players")
        seats = seat_bots(bots, game.seed)
    except ValueError as exc:
        parser.error(str(exc))
    if args.max_steps < 0:
        parser.error("--max-steps must be ≥ 0")

    session = Session(game)
    say = (lambda *_: None) if args.quiet else print
    seated = ", ".join(f"{game.player_names[p]} {b}" for p, b in enumerate(bots))
    say(f"{game.title} · {game.players} players · seed {game.seed} · bots: {seated}")
    say(_phase_line(session.state))
    while not session.state.is_terminal() and session.position < args.max_steps:
        before = session.state
        after = session.play(seats, max_steps=1)  # one step: a bot's move or a roll
        say(f"{session.position:>4}. {_mover(before)}: {after.history[-1]}")
        for line in after.events:
            say(f"        {line}")
        if after.phase.name != before.phase.name:
            say(_phase_line(after))

    final = session.state
    if final.is_terminal():
        say(f"Game over after {session.position} actions.")
    else:
        say(f"Stopped after {session.position} actions (--max-steps); the game is not over.")
    print(_format_scores(final))
    return 0


MAX_BATTLE_UNITS = 100
"""The CLI's limit on units per side (the rules cap them at 8; the library takes any number)."""


def _cmd_odds(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    if args.what.strip().lower() == "cyclades":
        return _odds_cyclades(args)
    parser.error(f"Elder Sign task odds are not available yet (got {args.what!r}); for "
                 "Cyclades battle odds use: mythlab odds cyclades --attack N --defend N "
                 "[--bonus N]")
    return 2  # not reached: parser.error exits


def _fraction(p: Any) -> str:
    return f"{p.numerator}/{p.denominator}"


def _odds_cyclades(args: argparse.Namespace) -> int:
    from mythlab.games.cyclades.combat import battle_odds

    parser: argparse.ArgumentParser = args.parser
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
            "probability": _fraction(p), "percent": odds.percent,
            "attack": odds.attack, "defend": odds.defend, "bonus": odds.bonus,
            "policy": str(odds.policy), "sea": odds.sea,
            "outcomes": [{"outcome": str(e.outcome), "attackers": e.attackers,
                          "defenders": e.defenders, "probability": _fraction(q)}
                         for e, q in odds.distribution.items()],
        }))
        return 0
    print(f"Cyclades battle: {odds}")
    if args.outcomes:
        width = max(len(str(e)) for e in odds.distribution)
        for e, q in odds.distribution.items():
            print(f"  {e!s:<{width}}  {_fraction(q):>21}  ≈ {float(q) * 100:5.1f} %")
    return 0


def _mover(state: State) -> str:
    who = state.current_player
    return "chance" if who == CHANCE else state.player_name(who)


def _phase_line(state: State) -> str:
    return f"── {state.phase.name}  ({state.phase.rule})"


def _format_scores(state: State) -> str:
    """Scores with winners marked, then the breakdown when the game gives one."""
    result = state.scores()
    title = "Final scores" if state.is_terminal() else "Scores so far"
    scores: dict[str, Any] = result["scores"]
    winners = {state.player_name(i) for i in result.get("winners", [])}
    width = max(len(name) for name in scores)
    lines = [f"{title}:"]
    for name, points in scores.items():
        mark = "  winner" if name in winners and state.is_terminal() else ""
        lines.append(f"  {name:<{width}}  {points!s:>4}{mark}")
    breakdown = result.get("breakdown")
    if breakdown:
        lines.append("Breakdown:")
        items = breakdown.items() if isinstance(breakdown, dict) else enumerate(breakdown)
        for who, parts in items:
            if isinstance(parts, dict):
                parts = ", ".join(f"{k} {v}" for k, v in parts.items())
            lines.append(f"  {who}: {parts}")
    return "\n".join(lines)
