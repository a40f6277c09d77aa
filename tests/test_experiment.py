"""Experiments with honest statistics (mythlab.sim.experiment, mythlab.sim.stats): Wilson
intervals against the literature, seat rotation, early stopping, reproducibility, bad input."""

import importlib
from fractions import Fraction
from math import sqrt

import matplotlib
import pytest

from mythlab.sim import experiment, simulate
from mythlab.sim.experiment import GameRow, _luck_follows, _median, play_row, seat_orders
from mythlab.sim.stats import Z95, WinRate, difference, wilson

matplotlib.use("Agg")
experiment_module = importlib.import_module("mythlab.sim.experiment")  # the name is the function
FAST = "cyclades"  # the quickest of the four games with random and greedy bots


# ---------------------------------------------------------------- Wilson (1927) intervals
@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    # Newcombe, "Two-sided confidence intervals for the single proportion: comparison of
    # seven methods", Stat Med 17:857 (1998), Table II, method 3 (score, no correction)
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_newcombe_1998(wins, games, low, high):
    got = wilson(wins, games)
    assert (round(got.low, 4), round(got.high, 4)) == (low, high)


def test_wilson_bounds_are_where_the_score_test_is_exactly_z():
    """Two encodings: the bounds solve (r - p)^2 = z^2 p (1 - p) / n (Wilson's definition)."""
    for wins, games in [(3, 16), (81, 263), (7, 9), (1, 2)]:
        r = wins / games
        for p in wilson(wins, games):
            assert abs(r - p) / sqrt(p * (1 - p) / games) == pytest.approx(Z95, rel=1e-9)


def test_wilson_never_leaves_zero_one_and_contains_the_rate():
    for games in range(0, 31):
        for wins in range(games + 1):
            w = WinRate(wins, games)
            low, high = w.interval
            assert 0.0 <= low <= float(w.rate) <= high <= 1.0 or games == 0
    assert wilson(0, 7).low == 0.0 and wilson(7, 7).high == 1.0  # exactly, no 1e-17


@pytest.mark.parametrize("bad", [(-1, 3), (4, 3), (1.5, 3), (True, 3), (1, "3")])
def test_wilson_refuses_bad_counts(bad):
    with pytest.raises(ValueError, match="wins|games"):
        wilson(*bad)


@pytest.mark.parametrize(("a", "b", "low", "high"), [
    # Newcombe, Stat Med 17:873 (1998), Table II, method 10 (hybrid score)
    ((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090),
    ((5, 56), (0, 29), -0.0381, 0.1926),
])
def test_difference_matches_newcombe_1998(a, b, low, high):
    d, ci = difference(WinRate(*a), WinRate(*b))
    assert d == Fraction(*a) - Fraction(*b)
    assert (round(ci.low, 4), round(ci.high, 4)) == (low, high)


def test_median_is_exact():
    from collections import Counter
    assert _median(Counter({1: 1, 2: 1, 10: 1})) == 2
    assert _median(Counter({1: 2, 4: 2})) == Fraction(5, 2)
    assert _median(Counter({Fraction(1, 3): 3})) == Fraction(1, 3)


# ---------------------------------------------------------------- seats and seeds
def test_seat_rotation_is_balanced():
    r = experiment(FAST, bots=["greedy", "random", "random"], games=7, seed=3, progress=False)
    # 3 seat orders: 7 games round up to 9, 3 in each order; each bot in each seat equally
    cells = {(row["seat"], row["bot"]): row["games"] for row in r.table}
    assert cells == {(s, "greedy"): 3 for s in range(3)} | {(s, "random"): 6 for s in range(3)}
    by_bot = {row["bot"]: row["games"] for row in r.win_rates("bot")}
    assert by_bot == {"greedy": 9, "random": 9}  # each game counts once per bot
    assert seat_orders(["a", "b", "c"]) == [("a", "b", "c"), ("a", "c", "b"), ("b", "a", "c"),
                                            ("b", "c", "a"), ("c", "a", "b"), ("c", "b", "a")]


def test_a_row_is_the_game_simulate_plays():
    row = play_row(FAST, ["greedy", "random"], seed=11)
    record = simulate(FAST, games=1, players=2, bots=["greedy", "random"], seed=11,
                      progress=False)[0]
    assert (row.steps, list(row.winners)) == (record.steps, record.winners)
    assert row.scores == tuple(record.scores["scores"][n] for n in record.names)


def test_same_seed_same_tables_on_one_or_two_processes():
    kwargs = dict(bots=[["greedy", "random"], ["random", "random"]], games=6, seed=8,
                  variants={"printed": {}, "two": {}}, progress=False)
    one = experiment(FAST, processes=1, **kwargs)
    two = experiment(FAST, processes=2, **kwargs)
    assert one.tallies == two.tallies
    assert one.win_rates("lineup", "seat", "bot") == two.win_rates("lineup", "seat", "bot")
    # the same seeds in every variant: identical options give identical tallies
    assert one.tallies["printed"] == one.tallies["two"]


def test_until_stops_at_the_first_batch_that_is_precise_enough(monkeypatch):
    monkeypatch.setattr(experiment_module, "BATCH", 4)
    r = experiment(FAST, bots=["greedy", "random"], until=0.3, games=200, seed=2,
                   progress=False)
    played = r.tallies["printed"].games
    assert r.reached and r.widest() <= 0.3 and played % 4 == 0 and played < 200
    fewer = experiment(FAST, bots=["greedy", "random"], games=played - 4, seed=2,
                       progress=False)
    assert fewer.widest() > 0.3  # one batch less was not enough


def test_until_reports_when_the_cap_comes_first(monkeypatch):
    monkeypatch.setattr(experiment_module, "BATCH", 2)
    r = experiment(FAST, bots=["random", "random"], until=0.01, games=4, progress=False)
    assert not r.reached and r.tallies["printed"].games == 4
    assert "not reached" in str(r)


# ---------------------------------------------------------------- metrics
def test_cooperative_game_reports_the_team_win_rate():
    r = experiment("elder_sign", bots=["random", "random"], games=2, seed=1, progress=False)
    team = r.team_win_rates()[0]
    assert team["games"] == 2 and r.cooperative
    for row in r.table:  # every seat's rate is the team's
        assert row["rate"] == team["rate"]
    assert r.first_player() == [] and r.lead_changes() == []


def test_lead_changes_follow_the_running_score():
    rows = [play_row("agea", ["random", "random"], seed=s, luck=False) for s in range(3)]
    assert all(row.lead_changes is not None and row.luck is None for row in rows)
    assert sum(row.lead_changes for row in rows) > 0  # Agea's running VP change hands


def _row(winners, luck):
    return GameRow("v", 0, ("a", "b", "c"), 0, 1, 1, winners, (0, 0, 0), 0, 0, luck)


def test_luck_follows_definition():
    assert _luck_follows(_row((1,), (-1.0, 2.0, 0.5)), False) is True
    assert _luck_follows(_row((0,), (-1.0, 2.0, 0.5)), False) is False
    assert _luck_follows(_row((0, 1), (-1.0, 2.0, 0.5)), False) is None   # shared win
    assert _luck_follows(_row((0,), (2.0, 2.0, 0.5)), False) is None      # tied luckiest
    assert _luck_follows(_row((0,), None), False) is None                 # nothing rolled
    assert _luck_follows(_row((0, 1, 2), (1.0, 0.5, 0.0)), True) is True  # team won, lucky
    assert _luck_follows(_row((), (1.0, 0.5, 0.0)), True) is False


def test_metric_tables_and_plot():
    r = experiment(FAST, bots=["greedy", "random"], games=4, seed=5, progress=False)
    assert r.lengths()[0]["games"] == 4
    assert {row["bot"] for row in r.scores()} == {"greedy", "random"}
    depth = r.skill_depth()[0]
    assert depth["best"] == "greedy" and depth["spread"] > 0
    assert r.first_player()[0]["fair"] == Fraction(1, 2)
    ax = r.plot()
    assert ax.get_ylim() == (0.0, 1.0)
    for collection in ax.collections:  # the error bars: never below 0 nor above 1
        for segment in collection.get_segments():
            ys = [y for _, y in segment]
            assert 0.0 <= min(ys) and max(ys) <= 1.0


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    r = experiment(FAST, bots=["random", "random"], games=2, progress=False)
    frame = r.to_pandas()
    assert isinstance(frame, pd.DataFrame) and set(frame.columns) >= {"seat", "bot", "low"}


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": ["random", "nobody"]}, "unknown bot 'nobody'"),
    ({"variants": {"big map": {"no_such_option": 1}}}, "variant 'big map'.*no_such_option"),
    ({"variants": {"v": 3}}, "variant 'v'"),
    ({"variants": {}}, "variants"),
    ({"games": 0}, "games must be"),
    ({"games": -5}, "games must be"),
    ({"games": True}, "games must be"),
    ({"until": 0}, "until"),
    ({"until": 0.5}, "until"),
    ({"until": float("nan")}, "until"),
    ({"until": "0.1"}, "until"),
    ({"bots": ["random"], "players": 2}, "one bot per seat"),
    ({"bots": [["random", "random"], ["random"]]}, "one bot per seat"),
    ({"bots": "random"}, "line-up"),
    ({"backend": "mpi"}, "backend"),
    ({"processes": 0}, "processes"),
    ({"scheduler": "tcp://127.0.0.1:1"}, "backend='dask'"),
    ({"groups": "holders"}, "groups: a function"),
])
def test_bad_input_is_refused_before_any_game(kwargs, message):
    with pytest.raises(ValueError, match=message):
        experiment(FAST, **{"bots": ["random", "random"], "games": 1, "progress": False,
                            **kwargs})


def test_unknown_game_is_refused():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        experiment("chess", games=1, progress=False)


def by_seat(final):
    """A groups function: each seat's label is its seat number (module level, so it pickles)."""
    return [f"seat {p}" for p in range(final.game.players)]


def test_group_win_rates_agree_with_the_seat_table_and_on_two_processes():
    """Two encodings: labelling each seat by its number gives the per-seat win rates."""
    kwargs = dict(bots=["greedy", "random"], games=8, seed=3, progress=False, groups=by_seat)
    one = experiment(FAST, **kwargs)
    groups = {r["group"]: (r["wins"], r["games"]) for r in one.group_win_rates()}
    seats = {f"seat {r['seat']}": (r["wins"], r["games"]) for r in one.win_rates("seat")}
    assert groups == seats
    assert experiment(FAST, processes=2, **kwargs).group_win_rates() == one.group_win_rates()
    assert one.plot("group").get_ylim() == (0, 1)


def test_a_label_counts_once_per_game_won_when_any_of_its_seats_won():
    r = experiment(FAST, bots=["random", "random"], games=6, seed=2, progress=False,
                   groups=lambda final: ["everyone"] * final.game.players)
    (row,) = r.group_win_rates()  # one trial per game, won when the game had a winner
    assert (row["games"], row["wins"]) == (6, r.tallies["printed"].team_wins)


@pytest.mark.parametrize("labels", [lambda final: ["only one"], lambda final: [1, 2]])
def test_a_groups_function_giving_the_wrong_labels_is_named(labels):
    with pytest.raises(ValueError, match="groups must give one label"):
        experiment(FAST, bots=["random", "random"], games=1, progress=False, groups=labels)
