"""``mythlab`` on the command line: list the games, watch bots play one turn by turn, ask odds;
fetch the notebooks, open JupyterLab on them, print a game's handout.

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
from mythlab.course import (
    CopyReport,
    NotebookFolderError,
    UnknownLesson,
    ask_on_terminal,
    copy_notebooks,
    find_lesson,
    lab_command,
)
from mythlab.engine import CHANCE, Session, State
from mythlab.registry import BrokenGame, broken, game_class, games, make, odds_commands
from mythlab.sim import BOTS, seat_bots

#: Whether ``mythlab app`` holds its port while Voilà starts (:func:`_cmd_app`): only on Linux,
#: where a socket bound with ``SO_REUSEADDR`` and not listening lets Voilà's (tornado's, which
#: sets it too) bind the same address. Windows (tornado does not set it there) and macOS (the
#: same address needs ``SO_REUSEPORT``) would refuse Voilà the port.
HOLDS_APP_PORT = sys.platform.startswith("linux")


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

    app = commands.add_parser(
        "app", help="play in the browser with no code: the game table as a web app (Voilà)")
    app.add_argument("--port", type=int, default=8866,
                     help="the port on 127.0.0.1 (default: 8866; 0 picks a free one)")
    app.add_argument("--no-browser", action="store_true",
                     help="only print the address; do not open a browser")
    app.set_defaults(run=_cmd_app, parser=app)

    notebooks = commands.add_parser(
        "notebooks", help="copy the lessons and reference notebooks to a working folder",
        description="Copy mythlab's notebooks (lessons/ and the reference notebooks) into DIR. "
                    "A notebook already there and equal to mythlab's is left alone; one that "
                    "differs (a student's edits) is replaced only if you answer y, and kept "
                    "without asking when the input is not a terminal or with --no-input.")
    notebooks.add_argument("folder", metavar="DIR", help="the working folder (created if missing)")
    _add_no_input(notebooks)
    notebooks.set_defaults(run=_cmd_notebooks)

    lab = commands.add_parser(
        "lab", help="copy the notebooks (as `mythlab notebooks`) and open JupyterLab on them",
        description="Copy mythlab's notebooks into DIR as `mythlab notebooks DIR` does (never "
                    "overwriting edited copies without asking), then open JupyterLab on DIR.")
    lab.add_argument("folder", metavar="DIR", nargs="?", default="mythlab-notebooks",
                     help="the working folder (default: ./mythlab-notebooks)")
    _add_no_input(lab)
    lab.add_argument("--lesson", default=None, metavar="NAME",
                     help="open this lesson: its number (4), or a part of its name (battles)")
    lab.add_argument("--port", type=int, default=None,
                     help="the port JupyterLab listens on (default: its own, 8888 or the next "
                          "free one)")
    lab.add_argument("--no-browser", action="store_true",
                     help="start JupyterLab without opening a browser (it prints the address)")
    lab.add_argument("--dry-run", action="store_true",
                     help="copy the notebooks, then print the JupyterLab command instead of "
                          "starting it")
    lab.set_defaults(run=_cmd_lab, parser=lab)

    handout = commands.add_parser(
        "handout", help="a print-ready rules summary and tables of one game (HTML, or PDF)")
    handout.add_argument("game", help="a game name, as listed by `mythlab games`")
    handout.add_argument("-o", "--output", default=None,
                         help="the file to write (default: mythlab-<game>-handout.html, or .pdf "
                              "with --pdf)")
    handout.add_argument("--pdf", action="store_true",
                         help="also print it to PDF with headless Chromium (/usr/bin/chromium)")
    handout.set_defaults(run=_cmd_handout)
    return parser


def _add_no_input(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-input", action="store_true",
                        help="never ask: keep every notebook that differs, and list them")


def _copy_notebooks(args: argparse.Namespace) -> CopyReport | None:
    """Copy the notebooks for ``mythlab notebooks`` and ``mythlab lab``; None (after a
    one-line message) when the folder cannot take them."""
    ask = None if args.no_input or not sys.stdin.isatty() else ask_on_terminal
    try:
        report = copy_notebooks(args.folder, ask)
    except NotebookFolderError as exc:
        print(f"mythlab {args.command}: {exc}", file=sys.stderr)
        return None
    print(report.summary())
    return report


def _cmd_notebooks(args: argparse.Namespace) -> int:
    return 0 if _copy_notebooks(args) else 2


def _cmd_lab(args: argparse.Namespace) -> int:
    """Copy the notebooks, then run JupyterLab on the folder until Ctrl-C (or SIGTERM)."""
    import importlib.util

    if args.port is not None and not 0 <= args.port <= 65535:
        args.parser.error(f"--port {args.port} is not a port number (0-65535)")
    try:
        lesson = None if args.lesson is None else find_lesson(args.lesson)
    except UnknownLesson as exc:
        print(f"mythlab lab: {exc}", file=sys.stderr)
        return 2
    report = _copy_notebooks(args)
    if report is None:
        return 2
    command = lab_command(report.folder, lesson, port=args.port, browser=not args.no_browser)
    if args.dry_run:
        print(" ".join(command))
        return 0
    if importlib.util.find_spec("jupyterlab") is None:
        print("mythlab lab: JupyterLab is not installed in this Python "
              f"({sys.executable}); install it with: pip install jupyterlab", file=sys.stderr)
        return 2
    opening = "" if lesson is None else f", opening {lesson}"
    print(f"mythlab lab: JupyterLab on {report.folder}{opening} (Ctrl-C stops it)", flush=True)
    return _serve(command)


def _serve(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run a server (Voilà, JupyterLab) until it ends, Ctrl-C, or a SIGTERM to mythlab, which
    is passed on: the server never outlives the command that started it."""
    import signal
    import subprocess
    import threading

    server = subprocess.Popen(command, env=env)
    handles = threading.current_thread() is threading.main_thread()
    if handles:
        previous = signal.signal(signal.SIGTERM, lambda *_: server.terminate())
    try:
        code = server.wait()
        return 0 if code in (0, -signal.SIGTERM) else code
    except KeyboardInterrupt:  # the terminal sent Ctrl-C to the server too
        return 0
    finally:
        if handles:
            signal.signal(signal.SIGTERM, previous)
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _cmd_handout(args: argparse.Namespace) -> int:
    from mythlab.handouts import HandoutError, write_handout

    try:
        written = write_handout(args.game, args.output, pdf=args.pdf)
    except HandoutError as exc:
        print(f"mythlab handout: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


def _cmd_app(args: argparse.Namespace) -> int:
    """Serve the app notebook with Voilà on 127.0.0.1 until Ctrl-C (or SIGTERM).

    The port is bound here first: a port a server listens on is refused in one line. Where
    :data:`HOLDS_APP_PORT`, it is bound as Voilà binds it (``SO_REUSEADDR``) and stays bound,
    not listening, until Voilà stops, so no process asking for a free port is handed it
    while Voilà starts (``--port 0`` picks one here, and Voilà binds it seconds later)."""
    import importlib.resources
    import socket

    if not 0 <= args.port <= 65535:
        args.parser.error(f"--port {args.port} is not a port number (0-65535)")
    held = socket.socket()
    if HOLDS_APP_PORT:
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        held.bind(("127.0.0.1", args.port))
    except OSError:
        held.close()
        print(f"mythlab app: port {args.port} is busy (another mythlab app or server?); "
              f"open http://127.0.0.1:{args.port}/ if it is yours, or choose another "
              "with --port", file=sys.stderr)
        return 2
    port = held.getsockname()[1]
    if not HOLDS_APP_PORT:
        held.close()  # Voilà could not bind it while held: let go at once
    widgets = importlib.resources.files("mythlab.widgets")
    command = [sys.executable, "-m", "voila", str(widgets / "app.ipynb"), f"--port={port}",
               "--Voila.ip=127.0.0.1", "--show_tracebacks=False",
               "--VoilaConfiguration.file_allowlist=[]", "--template=mythlab"]
    if args.no_browser:
        command.append("--no-browser")
    # the "mythlab" template (Voilà's own, without its CDN links: the app works offline)
    found = os.pathsep.join([str(widgets / "jupyter"), *filter(None, [os.environ.get(
        "JUPYTER_PATH")])])
    print(f"mythlab app: http://127.0.0.1:{port}/ (Ctrl-C stops it)", flush=True)
    try:
        return _serve(command, env={**os.environ, "JUPYTER_PATH": found})
    finally:
        held.close()


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
        say(f"{session.position:>4}. {_mover(before)}: {after.last_move}")
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
