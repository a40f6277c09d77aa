"""scripts/bench.py: which seeds each run plays (replayed, or fresh with ``--fresh``), and a
real run of the script on this tree."""

from __future__ import annotations

import subprocess
import sys

from script_support import SCRIPTS, load_script

bench = load_script("bench")


class RecordingTree:
    """Stands in for a worker process: records the seeds it is asked to play."""

    def __init__(self, label: str):
        self.label = label
        self.asked: list[list[int]] = []

    def ask(self, **request):
        self.asked.append(request["seeds"])
        return [1.0, 1.0, 10]


def seeds_played(fresh: bool) -> tuple[list[list[int]], list[list[int]]]:
    old, new = RecordingTree("old"), RecordingTree("new")
    results = bench.measure([old, new], ["elder_sign"], runs=3, per_run=4, seed=100,
                            players={"elder_sign": 2}, fresh=fresh)
    assert len(results[("new", "elder_sign")]) == 3
    return old.asked, new.asked


def test_by_default_every_run_replays_the_same_seeds():
    old, new = seeds_played(fresh=False)
    assert old == new
    warm_up, *runs = new
    assert warm_up == [100]
    assert runs == [[100, 101, 102, 103]] * 3


def test_fresh_runs_never_play_a_game_twice_and_both_trees_play_the_same_ones():
    old, new = seeds_played(fresh=True)
    assert old == new
    warm_up, *runs = new
    timed = [seed for run in runs for seed in run]
    assert runs[0] == [100, 101, 102, 103]
    assert len(set(timed)) == len(timed) == 12
    assert warm_up[0] not in timed


def test_the_script_measures_this_tree_on_fresh_seeds():
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "bench.py"), "--fresh", "--runs", "2", "--games", "1",
         "elder_sign"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "new for every run" in done.stdout
    assert "games/s" in done.stdout


def test_bad_counts_are_refused_naming_the_options():
    done = subprocess.run([sys.executable, str(SCRIPTS / "bench.py"), "--runs", "0"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--runs, --games and --workers must be at least 1" in done.stderr
