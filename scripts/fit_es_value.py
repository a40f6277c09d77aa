"""Fit Elder Sign's learned value (``mythlab/elder_sign/learned.py``) to OddsBot games.

Two steps, so a new choice of features needs no new games:

    # play: OddsBot teams, ``observe`` at the start of every turn, the team's result
    nice -n 5 .venv/bin/python scripts/fit_es_value.py play --games 3000 --first-seed 100000 \
        --out es_games.jsonl
    # fit: a logistic regression of the win per phase, written as package data
    .venv/bin/python scripts/fit_es_value.py fit es_games.jsonl \
        --write mythlab/elder_sign/data/value_fit.json
    # why teams lose
    nice -n 5 .venv/bin/python scripts/fit_es_value.py causes --games 200

The fit is L2-regularized logistic regression by Newton's method (numpy only), on
standardized features; games are split by seed into a training part and a held-out part
whose log loss and Brier score are printed against the base rate, so a feature that does
not help shows. Every sample of a game carries the game's result, so samples are weighted
by 1 / (samples in their game): each game counts once.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import sys

import numpy as np

import mythlab
from mythlab.elder_sign.bots import OddsBot
from mythlab.elder_sign.learned import PHASES, Model, derived, features, observe

#: the features of each phase's model (see ``learned.features`` for the notation)
FEATURES = {
    "before": (
        "signs_left", "signs_left^2", "doom_left", "doom_left^2", "signs_left*doom_left",
        "alive", "sanity", "stamina", "low", "weakest", "clues", "trophy_points",
        "common_item", "unique_item", "spell", "ally", "reserve",
        "gates", "monsters", "sign_cards", "clock",
        "ao:Azathoth", "ao:Cthulhu", "ao:Hastur", "ao:Ithaqua", "ao:Nyarlathotep",
        "ao:Shub-Niggurath", "ao:Yig",
        "ao:Azathoth*signs_left", "ao:Azathoth*doom_left",
        "devoured", "near", "weakest*near", "stamina*near", "sanity*near",
        "common_item*near", "unique_item*near", "spell*near", "ally*near", "clues*near",
    ),
    "battle": (
        "doom_left", "alive", "sanity", "stamina", "low", "weakest", "clues",
        "common_item", "unique_item", "spell", "ally", "clock",
        "ao:Cthulhu", "ao:Hastur", "ao:Ithaqua", "ao:Nyarlathotep", "ao:Shub-Niggurath",
        "ao:Yig", "ao:Yog-Sothoth",
    ),
}


#: the sign each feature's weight must have, where the rules say which way it works (more
#: health, cards, clues or time never hurt the team; more Elder Signs to find or doom
#: tokens to remove in the battle never help): a fitted weight of the wrong sign is a
#: correlation the search would exploit (an investigator with more sanity than stamina
#: printed on the card, say), so the feature is dropped (weight 0) and the rest refitted
SIGNS = {
    "before": {"signs_left": -1, "doom_left": +1, "sanity": +1, "stamina": +1,
               "weakest": +1, "low": -1, "clues": +1, "trophy_points": +1,
               "common_item": +1, "unique_item": +1, "spell": +1, "ally": +1,
               "devoured": -1, "weakest*near": +1, "stamina*near": +1, "sanity*near": +1,
               "common_item*near": +1, "unique_item*near": +1, "spell*near": +1,
               "ally*near": +1, "clues*near": +1},
    "battle": {"doom_left": -1, "alive": +1, "sanity": +1, "stamina": +1, "weakest": +1,
               "low": -1, "clues": +1, "common_item": +1, "unique_item": +1, "spell": +1,
               "ally": +1},
}


def play(first: int, games: int, out: str) -> None:
    """Play OddsBot teams of two, writing one JSON line a game: seed, result, samples."""
    with open(out, "a") as f:
        for seed in range(first, first + games):
            session = mythlab.Session(mythlab.make("elder_sign", players=2, seed=seed))
            bot = OddsBot(seed)
            samples = []

            def record(state, samples=samples):
                d = state.data
                if d.turn_start and not d.result and not state.is_chance_node():
                    seen = observe(state)
                    if not samples or samples[-1] != seen:
                        samples.append(seen)
                return False

            session.play({0: bot, 1: bot}, stop=record)
            d = session.state.data
            f.write(json.dumps({"seed": seed, "won": d.result.startswith("won"),
                                "result": d.result, "samples": samples}) + "\n")
            f.flush()


def causes(first: int, games: int) -> None:
    """How OddsBot teams of two win and lose, by Ancient One."""
    ends = collections.Counter()
    by_ao = collections.defaultdict(lambda: [0, 0])
    for seed in range(first, first + games):
        session = mythlab.Session(mythlab.make("elder_sign", players=2, seed=seed))
        bot = OddsBot(seed)
        session.play({0: bot, 1: bot})
        s = session.state
        how = s.data.result.partition(":")[0] + (" after the awakening" if s.data.awake else
                                                  " before the awakening")
        ends[how + (": devoured" if "devoured" in s.data.result else "")] += 1
        by_ao[s.ancient_one.name][0] += 1
        by_ao[s.ancient_one.name][1] += s.data.result.startswith("won")
    for how, n in ends.most_common():
        print(f"{n:5d}  {how}")
    for ao, (n, won) in sorted(by_ao.items()):
        print(f"{ao:16s} won {won}/{n}")


def load(path: str) -> list[dict]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def matrix(games: list[dict], phase: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    names = FEATURES[phase]
    xs, ys, ws = [], [], []
    for g in games:
        rows = [s for s in g["samples"] if bool(s["awake"]) == (phase == "battle")]
        for seen in rows:
            xs.append(features(derived(seen), names))
            ys.append(float(g["won"]))
            ws.append(1.0 / len(rows))
    return np.array(xs, dtype=float), np.array(ys), np.array(ws)


def logistic(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float) -> np.ndarray:
    """Weights (intercept first) of an L2-regularized logistic regression, by Newton."""
    a = np.hstack([np.ones((len(x), 1)), x])
    beta = np.zeros(a.shape[1])
    penalty = np.full(a.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(a @ beta)))
        grad = a.T @ (w * (p - y)) + penalty * beta
        hess = (a * (w * p * (1 - p))[:, None]).T @ a + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return beta


def signed_fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float,
               names: tuple[str, ...], signs: dict[str, int]) -> np.ndarray:
    """``logistic`` with the features whose weight has the wrong sign (``SIGNS``) dropped,
    one at a time (the worst first), until every kept weight has its sign."""
    keep = list(range(len(names)))
    while True:
        beta = logistic(x[:, keep], y, w, l2)
        wrong = [(beta[1 + i] * signs[names[j]], i) for i, j in enumerate(keep)
                 if names[j] in signs and beta[1 + i] * signs[names[j]] < 0]
        if not wrong:
            full = np.zeros(len(names) + 1)
            full[0] = beta[0]
            for i, j in enumerate(keep):
                full[1 + j] = beta[1 + i]
            return full
        keep.pop(min(wrong)[1])


def losses(a: np.ndarray, beta: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1 / (1 + np.exp(-(np.hstack([np.ones((len(a), 1)), a]) @ beta))), 1e-9,
                1 - 1e-9)
    ll = -np.sum(w * (y * np.log(p) + (1 - y) * np.log(1 - p))) / np.sum(w)
    return float(ll), float(np.sum(w * (p - y) ** 2) / np.sum(w))


def fit(path: str, write: str | None, l2: float, holdout: float) -> None:
    games = load(path)
    cut = int(len(games) * (1 - holdout))
    train, test = games[:cut], games[cut:]
    phases = {}
    for phase in PHASES:
        x, y, w = matrix(train, phase)
        mean, scale = x.mean(axis=0), x.std(axis=0)
        scale[scale == 0] = 1.0
        beta = signed_fit((x - mean) / scale, y, w, l2, FEATURES[phase], SIGNS[phase])
        if test:
            xt, yt, wt = matrix(test, phase)
            base = np.full(1, np.log(np.average(y, weights=w) /
                                     (1 - np.average(y, weights=w))))
            ll, brier = losses((xt - mean) / scale, beta, yt, wt)
            ll0, brier0 = losses(np.zeros((len(xt), 0)), base, yt, wt)
            print(f"{phase}: {len(x)} samples, held out {len(xt)}: log loss {ll:.4f} "
                  f"(base rate {ll0:.4f}), Brier {brier:.4f} (base {brier0:.4f})")
        for name, b, sc in zip(FEATURES[phase], beta[1:], scale, strict=True):
            print(f"  {name:24s} {b:+.3f}  per unit {b / sc:+.3f}")
        phases[phase] = {"features": list(FEATURES[phase]), "intercept": float(beta[0]),
                         "weights": [float(b) for b in beta[1:]],
                         "mean": [float(m) for m in mean], "scale": [float(s) for s in scale]}
    if write:
        # the final fit uses every game; the held-out figures above judged the features
        if test:
            for phase in PHASES:
                x, y, w = matrix(games, phase)
                p = phases[phase]
                mean, scale = np.array(p["mean"]), np.array(p["scale"])
                beta = signed_fit((x - mean) / scale, y, w, l2, FEATURES[phase],
                                  SIGNS[phase])
                p["intercept"], p["weights"] = float(beta[0]), [float(b) for b in beta[1:]]
        seeds = [g["seed"] for g in games]
        won = sum(g["won"] for g in games)
        raw = {"provenance": f"mythlab fit, script scripts/fit_es_value.py, {len(games)} "
                             f"OddsBot games of 2 investigators (seeds {min(seeds)}-"
                             f"{max(seeds)}, {won} won), L2 {l2}, "
                             f"{datetime.date.today().isoformat()}",
               "phases": phases}
        Model.from_dict(raw)
        with open(write, "w") as f:
            json.dump(raw, f, indent=1)
            f.write("\n")
        print(f"wrote {write}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play OddsBot games and record observations")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--first-seed", type=int, default=100000)
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the logistic models")
    f.add_argument("data")
    f.add_argument("--write", help="the JSON file to write the coefficients to")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--holdout", type=float, default=0.2)
    c = sub.add_parser("causes", help="how OddsBot teams win and lose")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args.first_seed, args.games, args.out)
    elif args.command == "fit":
        fit(args.data, args.write, args.l2, args.holdout)
    else:
        causes(args.first_seed, args.games)


if __name__ == "__main__":
    main(sys.argv[1:])
