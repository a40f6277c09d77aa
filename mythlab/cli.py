"""``mythlab`` on the command line: list the games, watch bots play one turn by turn, ask odds.

Each subcommand is a ``_cmd_*`` function registered in ``build_parser``. ``odds`` is routed by
its first word: ``mythlab odds cyclades --attack 4 --defend 3 --bonus 1`` gives exact battle
odds; anything else is an Elder Sign task (``mythlab odds "INV_3,LORE" --dice 6G+Y``), or a
named adventure card with ``--card``: the chance of completing the whole card under optimal
play (:class:`mythlab.elder_sign.AdventureOdds`), and with ``--single-roll`` the chance
that one roll completes a single task row (:func:`mythlab.dice.roll_probability`).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NoReturn

from mythlab import __version__
from mythlab.display import percent
from mythlab.engine import CHANCE, Session, State
from mythlab.registry import game_class, games, make
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
        "odds", help="exact odds: Elder Sign tasks and adventures (`mythlab odds \"INV_3,LORE\" "
                     "--dice 6G+Y`), Cyclades battles (`mythlab odds cyclades ...`)",
        description="Exact odds as fractions. Elder Sign: `mythlab odds TASK --dice 6G+Y` or "
                    "`mythlab odds --card NAME --dice 6G` gives the chance of completing the "
                    "whole card under optimal play (rerolls after failed rolls, focus, spells "
                    "and clues as allowed), with each row's single-roll chance; "
                    "`--single-roll` gives the chance that one roll completes a one-row task. "
                    "`mythlab odds cyclades ...` gives the chance that an attack succeeds in a "
                    "Cyclades battle.")
    odds.add_argument("what", metavar="WHAT", nargs="?",
                      help="an Elder Sign task: rows joined by '|' (any order) or '>' (in "
                           "order), symbols in a row by ',': INV_n, LORE, PERIL, TERROR, e.g. "
                           "\"INV_3,LORE|PERIL,PERIL\"; or `cyclades` for battle odds")
    odds.add_argument("--json", action="store_true",
                      help="print JSON: {\"probability\": \"num/den\", \"percent\": ...}")
    elder = odds.add_argument_group("Elder Sign (mythlab odds TASK or --card NAME ...)")
    elder.add_argument("--card", metavar="NAME",
                       help="an adventure or Other World card by name, e.g. \"The Curator\"")
    elder.add_argument("--dice", default="6G", metavar="POOL",
                       help="the dice rolled: counts and codes G (green), Y (yellow), R (red) "
                            "joined by '+', e.g. 6G+Y+R (default: 6G, the investigator's six "
                            "green dice); like --focus, --spell, --clue and the task's size, "
                            "bounded so that the odds come within seconds")
    elder.add_argument("--wild", choices=("seed", "faq"), default="seed",
                       help="the red die's wildcard: seed (1 investigation or any symbol, the "
                            "rulebook) or faq (4 investigation or any symbol) (default: seed)")
    elder.add_argument("--focus", type=_count, metavar="N",
                       help="at most N focus actions (default: whenever the rules allow)")
    elder.add_argument("--spell", type=_count, default=0, metavar="N",
                       help="spell cards to spend, each holds one die (default: 0)")
    elder.add_argument("--clue", type=_count, default=0, metavar="N",
                       help="clue tokens to spend, each rerolls chosen dice (default: 0)")
    elder.add_argument("--terror", default="none", metavar="EFFECT",
                       help="a terror effect that changes the dice on failed rolls: none "
                            "(default), card (the --card's own), immediate_fail or "
                            "discard_all_terror")
    elder.add_argument("--single-roll", action="store_true",
                       help="the chance that one roll completes the task (one row only)")
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


MAX_BATTLE_UNITS = 100
"""The CLI's limit on units per side (the rules cap them at 8; the library takes any number)."""


def _count(text: str) -> int:
    """An argparse type: a whole number ≥ 0."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"{n} is negative; give a count ≥ 0")
    return n


def _cmd_odds(args: argparse.Namespace) -> int:
    if args.card is None and (args.what or "").strip().lower() == "cyclades":
        return _odds_cyclades(args)
    return _odds_elder_sign(args)


def _refuse(parser: argparse.ArgumentParser, message: str) -> NoReturn:
    """Exit 2 with a one-line error: the first line of ``message`` (no usage block)."""
    parser.exit(2, f"{parser.prog}: error: {message.strip().splitlines()[0]}\n")


def _find_card(name: str) -> Any:
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
                f"the {len(names)} names are in data/elder_sign/adventures.csv")
        raise ValueError(f"no Elder Sign card called {name!r}; {hint}") from None


def _odds_elder_sign(args: argparse.Namespace) -> int:
    """Whole-card odds under optimal play (default) or one roll's odds (``--single-roll``)."""
    from mythlab.elder_sign import AdventureOdds
    from mythlab.elder_sign.dice import parse_pool, roll_probability

    parser: argparse.ArgumentParser = args.parser
    if (args.what is None) == (args.card is None):
        parser.error("give one Elder Sign task (e.g. mythlab odds \"INV_3,LORE\" --dice 6G) "
                     "or one --card NAME" + (", not both" if args.card else
                                              ", or `cyclades` for battle odds"))
    terror = None if args.terror == "none" else args.terror
    if args.card is not None and not args.card.strip():
        _refuse(parser, "--card needs a card's name, e.g. --card \"Lights Out\"")
    if terror == "card" and args.card is None:
        _refuse(parser, "--terror card uses the terror effect of a --card; a typed task has "
                        "none (name one: immediate_fail or discard_all_terror)")
    try:  # AdventureOdds bounds every parameter (odds.MAX_*): its ValueError names the limit
        card = _find_card(args.card) if args.card is not None else args.what
        pool = parse_pool(args.dice)
        odds = AdventureOdds(card, args.wild, focus=args.focus, spell=args.spell,
                             clue=args.clue, terror=terror)
        start = odds.start(pool)
    except ValueError as exc:
        _refuse(parser, str(exc))
    rows = [(str(row), roll_probability(row, pool, args.wild)) for row in odds.card.rows]
    if args.single_roll:
        if len(rows) > 1:
            _refuse(parser, f"--single-roll asks about one task row, and {odds.card} has "
                            f"{len(rows)}; ask about one row, e.g. mythlab odds "
                            f"\"{rows[0][0]}\" --single-roll")
        extras = [f"--{k}" for k in ("focus", "spell", "clue") if getattr(args, k)]
        if extras or terror:
            _refuse(parser, f"--single-roll is one roll: {', '.join(extras or ['--terror'])} "
                            "cannot change it (leave out --single-roll for whole-card odds)")
        p = rows[0][1]
    else:
        try:
            p = odds.value(start)
        except ValueError as exc:
            _refuse(parser, str(exc))
    name = odds.adventure.name if odds.adventure else None
    allowance = {"focus": args.focus, "spell": args.spell, "clue": args.clue,
                 "terror": odds.terror}
    if args.json:
        print(json.dumps({
            "probability": _fraction(p), "percent": float(p) * 100,
            "mode": "single-roll" if args.single_roll else "card",
            "card": name, "task": str(odds.card), "ordered": odds.card.ordered,
            "dice": str(pool), "wild": args.wild, **allowance,
            "rows": [{"row": row, "single_roll": _fraction(q), "percent": float(q) * 100}
                     for row, q in rows]}))
        return 0
    what = f"{name} ({odds.card})" if name else str(odds.card)
    print(f"Elder Sign · {what} · {pool} · {args.wild} wildcard")
    if not args.single_roll:
        focus = {None: "focus whenever allowed", 0: "no focus"}.get(
            args.focus, f"focus at most {args.focus} times")
        print(f"whole card under optimal play ({focus}, {args.spell} spell(s), {args.clue} "
              f"clue(s), terror effect: {odds.terror or 'none'}): {_odds_text(p)}")
    for i, (row, q) in enumerate(rows, 1):
        print(f"one roll completes {f'row {i} ' if len(rows) > 1 else ''}{row}: {_odds_text(q)}")
    return 0


def _odds_text(p: Fraction) -> str:
    return f"{_fraction(p)} ≈ {percent(p)}"


def _fraction(p: Any) -> str:
    return f"{p.numerator}/{p.denominator}"


def _odds_cyclades(args: argparse.Namespace) -> int:
    from mythlab.cyclades.combat import battle_odds

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
