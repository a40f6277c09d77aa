"""``mythlab`` on the command line: list the games, watch bots play one turn by turn, ask odds.

Each subcommand is a ``_cmd_*`` function registered in ``build_parser``. Nothing here is
game-specific: games, bots and odds commands come from the registry. ``mythlab odds`` is routed
by its first word to a game's odds command (``mythlab odds cyclades --attack 4 --defend 3``);
a first word that names no command goes to the default one (Elder Sign's task notation:
``mythlab odds "INV_3,LORE" --dice 6G+Y``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from mythlab import __version__
from mythlab.engine import CHANCE, Session, State
from mythlab.registry import BrokenGame, broken, game_class, games, make, odds_commands
from mythlab.sim import BOTS, seat_bots


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 on usage errors)."""
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    if args.command == "odds":  # the odds command parses its own arguments
        args.argv = rest
    elif rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
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
        "odds", add_help=False,
        help="exact odds, from the games that offer them (`mythlab odds --help` lists them)",
        description="Exact odds as fractions. `mythlab odds COMMAND ...`, where COMMAND is one "
                    "of the games' odds commands; a first word that names none goes to the "
                    "default command.")
    odds.set_defaults(run=_cmd_odds, parser=odds)
    return parser


def _cmd_games(args: argparse.Namespace) -> int:
    """The registered games, then any game plugin that failed to load and why: a broken
    plugin is named, never a reason for the others not to be listed."""
    names, failed = games(), broken()
    width = max(map(len, [*names, *failed]), default=0)
    for name in names:
        try:
            cls = game_class(name)  # the first use of a plugin's game class may fail too
            line = f"{cls.title}  ({cls.min_players}–{cls.max_players} players)"
        except BrokenGame as exc:  # the first use of a plugin's game class failed
            cause = exc.__cause__ or exc
            failed[name] = f"its game class failed to load: {type(cause).__name__}: {cause}"
            continue
        print(f"{name:<{width}}  {line}")
    if not names and not failed:
        print("No games are registered.")
    if failed:
        print(f"{len(failed)} game plugin(s) failed to load; mythlab goes on without them:")
        for name, why in sorted(failed.items()):
            print(f"  {name:<{width}}  {why}")
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
        seats = seat_bots(bots, game.seed, game=game.name)
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
    if final.is_terminal():  # in words, also with --quiet: who won, or the game's own verdict
        print(_outcome(final))
    return 0


def _cmd_odds(args: argparse.Namespace) -> int:
    """Route ``mythlab odds [COMMAND] ...`` to a game's odds command (``GameSpec.odds``)."""
    commands = odds_commands()
    argv = list(args.argv)
    if argv and argv[0] in commands:
        command, prog = commands[argv.pop(0)], f"mythlab odds {args.argv[0]}"
    else:
        defaults = [c for c in commands.values() if c.default]
        if not defaults:
            args.parser.error(f"name an odds command: {', '.join(sorted(commands)) or 'none'}")
        command, prog = defaults[0], "mythlab odds"
    parser = argparse.ArgumentParser(
        prog=prog, description=command.summary,
        epilog="odds commands: " + "; ".join(f"{name}: {c.summary}" for name, c in
                                             sorted(commands.items())))
    command.configure(parser)
    return command.run(parser.parse_args(argv), parser)


def _mover(state: State) -> str:
    who = state.current_player
    return "chance" if who == CHANCE else state.player_name(who)


def _phase_line(state: State) -> str:
    return f"── {state.phase.name}  ({state.phase.rule})"


def _outcome(state: State) -> str:
    """How a finished game ended, in words: the game's own ``outcome`` when its scores give
    one (a cooperative game's win or loss), else its winners."""
    result = state.scores()
    if result.get("outcome"):
        return str(result["outcome"])
    winners = [state.player_name(i) for i in result.get("winners", [])]
    if not winners:
        return "No one wins."
    return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}."


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
