"""The ``mythlab`` command line: ``games`` and ``play`` (toy race, Agea) and ``odds``."""

from __future__ import annotations

import subprocess
import sys

import pytest
from toygame import END, ROLL

import mythlab
from mythlab.cli import main
from mythlab.registry import game_class
from mythlab.sim import simulate

PLAY = ["play", "toy-race", "--players", "3", "--seed", "5", "--bots", "random,greedy,random"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_python_m_mythlab_lists_the_builtin_games(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mythlab", "games"], capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    builtin = [g for g in mythlab.games() if game_class(g).__module__.startswith("mythlab.")]
    for name in builtin:
        assert name in done.stdout
    if not builtin:
        assert done.stdout == "No games are registered.\n"


def test_python_m_mythlab_help_names_the_subcommands():
    done = subprocess.run([sys.executable, "-m", "mythlab", "--help"], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0 and "games" in done.stdout and "play" in done.stdout


def test_games_shows_title_and_player_range(capsys):
    """Names are padded to the longest registered name, so only the spacing after it varies."""
    import re

    lines = run(capsys, "games").splitlines()
    assert any(re.fullmatch(r"toy-race +Toy race  \(2–3 players\)", line) for line in lines)


def test_play_prints_each_action_its_events_phases_and_the_scores(capsys):
    out = run(capsys, *PLAY)
    lines = out.splitlines()
    assert lines[0] == "Toy race · 3 players · seed 5 · bots: P1 random, P2 greedy, P3 random"
    assert lines[1] == "── Turn  (Toy race · 1. Turn)"
    assert "   1. P1: " in out and ". chance: rolled " in out
    assert f"[{ROLL}]" in out and f"── Game over  ({END})" in out
    assert "Game over after " in out and "Final scores:" in out and "winner" in out


def test_play_matches_simulate_for_the_same_seed_and_bots(capsys):
    out = run(capsys, *PLAY)
    record = simulate("toy-race", games=1, players=3, bots=["random", "greedy", "random"],
                      seed=5, progress=False)[0]
    assert f"Game over after {record.steps} actions." in out
    for name, points in record.scores["scores"].items():
        assert any(line.split()[:2] == [name, str(points)] for line in out.splitlines())


def test_play_is_deterministic(capsys):
    assert run(capsys, *PLAY) == run(capsys, *PLAY)


def test_quiet_prints_only_the_final_scores_and_the_outcome(capsys):
    out = run(capsys, *PLAY, "--quiet")
    assert out.startswith("Final scores:\n") and "[" not in out and "──" not in out
    lines = out.splitlines()
    assert len(lines) == 5
    winner = next(line.split()[0] for line in lines[1:4] if line.endswith("winner"))
    assert lines[4] == f"{winner} wins."


def test_quiet_says_whether_the_elder_sign_investigators_won_or_lost(capsys):
    """A cooperative game: every seat scores alike, so --quiet says the outcome in words."""
    out = run(capsys, "play", "elder_sign", "--players", "1", "--seed", "3", "--quiet")
    last = out.splitlines()[-1]
    assert out.startswith("Final scores:\n")
    assert last.startswith(("The investigators win: ", "The investigators lose: "))


def test_max_steps_stops_early_and_says_so(capsys):
    out = run(capsys, "play", "toy-race", "--max-steps", "1")
    assert "Stopped after 1 actions (--max-steps); the game is not over." in out
    assert "Scores so far:" in out and "winner" not in out


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "toy-race", "--players", "4"], "Toy race is for 2–3 players, not 4"),
    (["play", "toy-race", "--bots", "random,greedy,random"], "--bots names 3 bots for 2 players"),
    (["play", "toy-race", "--bots", "clever"], "unknown bot 'clever'; choose from random, greedy"),
    (["play", "toy-race", "--max-steps", "-1"], "--max-steps must be ≥ 0"),
    ([], "the following arguments are required: COMMAND"),
])
def test_usage_errors_exit_2_with_a_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and message in capsys.readouterr().err


def test_play_agea(capsys):
    """The real game end to end: bots finish a 3-player Agea game and scores are printed."""
    if "agea" not in mythlab.games():
        pytest.skip("Agea is not registered yet")
    out = run(capsys, "play", "agea", "--players", "3", "--seed", "1",
              "--bots", "random,greedy,random")
    assert "Game over after " in out and "Final scores:" in out and "winner" in out
    assert out.count("[") > 10  # events carry rule references


# --- mythlab odds cyclades (Cyclades §3: exact battle odds) --------------------------------

def test_odds_cyclades_json_gives_the_exact_fraction(capsys):
    import json
    from fractions import Fraction

    from mythlab.cyclades.combat import battle_odds

    out = run(capsys, "odds", "cyclades", "--attack", "4", "--defend", "3", "--bonus", "1",
              "--json")
    data = json.loads(out)
    exact = battle_odds(4, 3, 1).probability
    assert data["probability"] == f"{exact.numerator}/{exact.denominator}"
    assert Fraction(data["probability"]) == exact
    assert data["percent"] == pytest.approx(float(exact) * 100)
    assert (data["attack"], data["defend"], data["bonus"], data["policy"]) == (4, 3, 1, "fight")
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1


def test_odds_cyclades_prints_a_readable_line(capsys):
    out = run(capsys, "odds", "cyclades", "--attack", "2", "--defend", "1")
    assert out == ("Cyclades battle: 2 attackers v 1 defender, fight to the end: the attack "
                   "succeeds with probability 1181/1296 ≈ 91.1 %\n")


def test_odds_cyclades_policy_and_outcomes(capsys):
    out = run(capsys, "odds", "cyclades", "--attack", "4", "--defend", "3", "--bonus", "1",
              "--policy", "attacker:units<=1", "--outcomes")
    lines = out.splitlines()
    assert "policy attacker:units<=1" in lines[0] and "585847/1119744" in lines[0]
    assert any(line.strip().startswith("attacker retreats with 1 (defender keeps 3)")
               for line in lines[1:])
    json_out = run(capsys, "odds", "cyclades", "--attack", "4", "--defend", "3", "--policy",
                   "defender:odds<1/4", "--json")
    assert '"policy": "defender:odds<1/4"' in json_out


@pytest.mark.parametrize(("argv", "message"), [
    (["odds", "cyclades", "--defend", "2"], "cyclades odds need --attack N"),
    (["odds", "cyclades", "--attack", "2"], "cyclades odds need --defend N"),
    (["odds", "cyclades", "--attack", "0", "--defend", "2"],
     "a battle needs at least 1 attacking unit"),
    (["odds", "cyclades", "--attack", "2", "--defend", "-1"], "defend must be at least 0"),
    (["odds", "cyclades", "--attack", "2", "--defend", "2", "--policy", "later"],
     "policy: cannot read 'later'"),
    (["odds", "cyclades", "--attack", "1000", "--defend", "2"], "too many units"),
])
def test_odds_usage_errors_exit_2_with_a_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and message in capsys.readouterr().err


def test_python_m_mythlab_odds_cyclades_json():
    done = subprocess.run([sys.executable, "-m", "mythlab", "odds", "cyclades", "--attack", "1",
                           "--defend", "1", "--json"], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('{"probability": "13/36", "percent": 36.1')


def test_odds_help_names_cyclades_and_its_options():
    from mythlab.cli import build_parser

    assert "odds" in build_parser().format_help()
    with pytest.raises(SystemExit) as exited:
        main(["odds", "--help"])
    assert exited.value.code == 0


# --- mythlab odds TASK / --card NAME (Elder Sign, issue 3 §4: exact task and card odds) ------

def odds_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    import json

    return json.loads(run(capsys, "odds", *argv, "--json"))


def test_odds_single_roll_json_is_the_dice_engine_fraction(capsys):
    """Seed p.6: one roll of six green dice completes INV_3,LORE with probability 8953/15552."""
    data = odds_json(capsys, "INV_3,LORE", "--dice", "6G", "--single-roll")
    assert data["probability"] == "8953/15552"
    assert data["percent"] == pytest.approx(100 * 8953 / 15552)
    assert (data["mode"], data["task"], data["dice"], data["card"]) == (
        "single-roll", "INV_3,LORE", "6G", None)


def test_odds_card_json_matches_the_python_api(capsys):
    """Whole-card odds under optimal play: the CLI gives AdventureOdds' exact value."""
    from fractions import Fraction

    from mythlab.elder_sign import AdventureOdds, adventure
    from mythlab.elder_sign.dice import roll_probability

    data = odds_json(capsys, "--card", "the curator", "--dice", "6G+Y", "--focus", "1",
                     "--spell", "1", "--wild", "faq")
    curator = adventure("The Curator")
    exact = AdventureOdds(curator, "faq", focus=1, spell=1).probability("6G+Y")
    assert Fraction(data["probability"]) == exact and data["mode"] == "card"
    assert (data["card"], data["task"], data["dice"], data["wild"]) == (
        "The Curator", "LORE,LORE,LORE|LORE,INV_3", "6G+Y", "faq")
    assert (data["focus"], data["spell"], data["clue"], data["terror"]) == (1, 1, 0, None)
    assert [Fraction(r["single_roll"]) for r in data["rows"]] == [
        roll_probability(row, "6G+Y", "faq") for row in curator.card.rows]
    # the seed's rules by default: the seed wildcard and focus whenever allowed
    plain = odds_json(capsys, "--card", "The Curator", "--dice", "6G")
    assert Fraction(plain["probability"]) == AdventureOdds(curator).probability("6G")
    assert plain["focus"] is None and plain["wild"] == "seed"


def test_odds_task_string_whole_card_and_single_roll_lines(capsys):
    """A one-row task prints both readings: the whole card with rerolls, and one roll."""
    from mythlab.elder_sign import adventure_odds

    out = run(capsys, "odds", "PERIL,PERIL > LORE,LORE", "--dice", "6G", "--focus", "0",
              "--wild", "faq")
    lines = out.splitlines()
    exact = adventure_odds("PERIL,PERIL > LORE,LORE", "6G", "faq", focus=0)
    assert lines[0] == "Elder Sign · PERIL,PERIL>LORE,LORE · 6G · faq wildcard"
    assert lines[1].startswith("whole card under optimal play (no focus, 0 spell(s)")
    assert lines[1].endswith(f": {exact.numerator}/{exact.denominator} ≈ 7.4%")
    assert lines[2].startswith("one roll completes row 1 PERIL,PERIL: ") and len(lines) == 4
    single = run(capsys, "odds", "INV_3,LORE", "--dice", "6G")
    assert "one roll completes INV_3,LORE: 8953/15552 ≈ 57.6%" in single.splitlines()


def test_odds_terror_effect_of_a_card(capsys):
    """A card's own dice-changing terror effect enters only with --terror card."""
    from fractions import Fraction

    from mythlab.elder_sign import AdventureOdds, adventures

    card = next(a for a in adventures() if a.dice_terror)
    data = odds_json(capsys, "--card", card.name, "--terror", "card", "--focus", "0")
    assert data["terror"] == card.dice_terror
    exact = AdventureOdds(card, focus=0, terror="card").probability("6G")
    assert Fraction(data["probability"]) == exact


@pytest.mark.parametrize(("argv", "message"), [
    (["INV_3,LOR"], "unknown symbol 'LOR' at position 6 of 'INV_3,LOR'"),
    (["INV_3|LORE>PERIL"], "mixes '|' (any order) and '>' (in order)"),
    (["INV_3", "--dice", "6Q"], "unknown die 'Q'; known: G (green), Y (yellow), R (red)"),
    (["INV_3", "--dice", "12G"], "12 dice is too many (at most 9"),
    # every parameter is bounded by what the game reaches and what is solved in seconds
    (["INV_3,LORE", "--spell", "40"], "spell=40: at most 2"),
    (["INV_3,LORE", "--clue", "400"], "clue=400: at most 6"),
    (["INV_3,LORE", "--focus", "50"], "focus=50: at most 9"),
    (["LORE|PERIL|TERROR|INV_3|INV_2|LORE", "--dice", "7G+Y+R", "--spell", "2"],
     "rows: 6 task rows (monsters included), at most 4"),
    (["LORE,LORE,LORE,LORE,LORE,LORE,LORE,LORE,LORE,LORE"],
     "has 10 requirements, at most 9"),
    (["PERIL|LORE|TERROR|INV_3", "--dice", "7G+Y+R", "--spell", "2"],
     "positions: this needs more than 12000 decision points"),
    (["--card", ""], "--card needs a card's name"),
    (["--card", "The Curatr"], "no Elder Sign card called 'The Curatr'; did you mean "
                               "'The Curator'"),
    (["--card", "qqqq"], "the 56 names are in mythlab/elder_sign/data/adventures.csv"),
    (["INV_3|LORE", "--single-roll"], "--single-roll asks about one task row"),
    (["INV_3", "--single-roll", "--clue", "1"], "--single-roll is one roll: --clue"),
    (["INV_3", "--terror", "card"], "--terror card uses the terror effect of a --card"),
    (["INV_3", "--terror", "often"], "terror='often': expected None, 'card' or one of"),
    (["INV_3", "--focus", "-1"], "argument --focus: -1 is negative"),
    (["INV_3", "--spell", "x"], "argument --spell: 'x' is not a whole number"),
    (["INV_3", "--wild", "both"], "argument --wild: invalid choice: 'both'"),
    ([], "give one Elder Sign task"),
    (["INV_3", "--card", "The Curator"], "or one --card NAME, not both"),
])
def test_odds_elder_sign_errors_exit_2_with_one_line(capsys, argv, message):
    with pytest.raises(SystemExit) as exited:
        main(["odds", *argv])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and message in err
    assert "Traceback" not in err and err.splitlines()[-1].startswith("mythlab odds: error: ")


def test_odds_value_errors_print_only_the_error_line(capsys):
    """A well-formed command with a bad value: one line, no usage block, no caret lines."""
    with pytest.raises(SystemExit):
        main(["odds", "INV_3,LOR"])
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_python_m_mythlab_odds_task_json():
    done = subprocess.run([sys.executable, "-m", "mythlab", "odds", "LORE", "--dice", "2G",
                           "--focus", "0", "--json"], capture_output=True, text=True,
                          encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('{"probability": "91/216", "percent": 42.1')
