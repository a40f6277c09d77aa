"""Record whole games as (options, action labels, state digests) for ``tests/test_replays.py``.

A refactor that claims "no behaviour change" must replay these games to the same JSON, step
for step. Run this once *before* such a refactor and commit the file it writes; never re-record
to make a failing replay pass (that would hide the change the test exists to catch). A
deliberate change of a game's rules or data re-records that game alone (``--only``), each of its
games then naming the commit it was recorded at, and its commit message says why.

    .venv/bin/python scripts/record_replays.py [--out tests/replays.json.gz] [--only GAME]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import subprocess
from pathlib import Path

import mythlab

#: (game, players, seed, options): every game at every player count, two seeds each, and
#: the options that change play
GAMES = [(name, players, seed, {})
         for name, counts in (("agea", range(2, 7)), ("cyclades", range(2, 6)),
                              ("elysium", range(2, 5)), ("elder_sign", range(1, 9)))
         for players in counts for seed in (1, 2)]
GAMES += [("elder_sign", 2, 3, {"wild": "faq"}), ("elder_sign", 3, 4, {"ancient_one": "Cthulhu"})]
EVERY = 20  # a digest of the state every EVERY steps, to say where a replay diverges
#: keys of ``scores()`` for the scoreboard only, left out of the scores digest (as
#: tests/test_replays.py leaves them out: the first recording predates them)
SCOREBOARD_ONLY = ("details", "team")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def record(name: str, players: int, seed: int, options: dict) -> dict:
    """One game: random legal moves (seeded), chance from the state's own stream."""
    state = mythlab.make(name, players=players, seed=seed, **options).initial_state()
    rng = random.Random(f"replay/{name}/{players}/{seed}")
    labels: list[str] = []
    digests = {0: digest(state.to_json())}
    while not state.is_terminal():
        action = state.sample_chance() if state.is_chance_node() else \
            rng.choice(state.legal_actions())
        state = state.apply(action)
        labels.append(action.label)
        if len(labels) % EVERY == 0:
            digests[len(labels)] = digest(state.to_json())
    digests[len(labels)] = digest(state.to_json())
    return {"game": name, "players": players, "seed": seed, "options": options,
            "actions": labels, "digests": {str(k): v for k, v in digests.items()},
            "scores": digest(json.dumps({k: v for k, v in state.scores().items()
                                         if k not in SCOREBOARD_ONLY},
                                        sort_keys=True, default=str))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="tests/replays.json.gz")
    parser.add_argument("--only", metavar="GAME", help="re-record this game's entries alone")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    if args.only:
        payload = json.loads(gzip.decompress(Path(args.out).read_bytes()))
        fresh = iter(dict(record(*g), recorded_at=commit) for g in GAMES if g[0] == args.only)
        games = [next(fresh) if g["game"] == args.only else g for g in payload["games"]]
        payload["games"] = games
    else:
        games = [record(*g) for g in GAMES]
        payload = {"recorded_at": commit, "every": EVERY, "games": games}
    Path(args.out).write_bytes(gzip.compress(json.dumps(payload).encode("utf-8"), mtime=0))
    steps = sum(len(g["actions"]) for g in games)
    print(f"{len(games)} games, {steps} steps, recorded at {commit} -> {args.out}")


if __name__ == "__main__":
    main()
