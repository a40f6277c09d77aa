"""A learned value of an Elder Sign position: the team's chance of winning, fitted to games.

``observe(state)`` lists what every investigator sees of a position as named numbers (the
Ancient One, Elder Signs still needed, the doom track, the clock, each investigator's health,
clues, cards by kind and trophies, the open adventures and gates, the monsters on them); it
reads no face-down deck and not the cup (``hidden.HIDDEN``), only what lies open, so the
search bot may value any determinized state with it.

``scripts/fit_es_value.py`` plays ``OddsBot`` teams, records ``observe`` at the start of each
turn and fits a logistic regression of the team's final win on ``features`` (two models: one
before the Ancient One awakens, one in the final battle, whose stakes differ: before it, an
Elder Sign brings the team nearer to sealing; after it, Elder Signs count for nothing and
only the doom tokens left and what the investigators can still roll decide). The fitted
coefficients are package data, ``data/value_fit.json``, with their provenance; ``Model``
loads and checks them.

Why learned: a hand-made worth (12 an Elder Sign, 1.5 a card) made the search spend items,
clues and health that the team needs later; under ``OddsBot`` play 195 of 200 two-player
games reach the final battle, where Elder Signs do not count (measured with
``scripts/fit_es_value.py --causes``), so what a resource is worth is what it does to the
chance of winning, and that is measured.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import ElderSignState

#: the card kinds an investigator may hold (``cards.yaml``)
CARD_KINDS = ("common_item", "unique_item", "spell", "ally")
#: the package data file of the fitted coefficients
FIT_FILE = "value_fit.json"
#: the two models: before the awakening and in the final battle
PHASES = ("before", "battle")


def observe(s: ElderSignState, change: Sequence[tuple[str, int]] = (),
            trophy: int = 0) -> dict[str, float]:
    """What every seat sees of ``s``, as named numbers (the raw material of ``features``);
    with ``change`` (tokens such as ``("stamina", -1)``, an adventure's rewards or penalties)
    and ``trophy`` (trophy points won) as if the active investigator had them: health kept
    within the tracks, an investigator with no sanity or stamina left counted devoured (before
    the awakening with its doom token and a newcomer of average health in its place, p.11).

    >>> import mythlab
    >>> state = mythlab.make("elder_sign", players=2, seed=1).initial_state()
    >>> seen = observe(state)
    >>> seen["alive"], seen["awake"], seen["doom_left"] > 0
    (2.0, 0.0, True)
    >>> observe(state, [("elder_sign", 1)])["signs_left"] == seen["signs_left"] - 1
    True
    """
    from .effects import trophy_value
    from .resolve import reward_tokens

    d = s.data
    g = s.game.data
    ao = s.ancient_one
    delta = dict.fromkeys(("elder_sign", "doom", "sanity", "stamina", "clue", "other_world",
                           "monster", "trophies") + CARD_KINDS, 0)
    for kind, n in change:
        delta[kind] += n
    signs = d.elder_signs + delta["elder_sign"]
    doom = d.doom + delta["doom"]
    out: dict[str, float] = {
        "awake": float(d.awake),
        "signs_left": float(max(ao.elder_signs - signs, 0)),
        "signs_needed": float(ao.elder_signs),
        # before the awakening: spaces before the track fills; after: tokens to remove
        "doom_left": float(max(doom, 0) if d.awake else max(ao.doom - doom, 0)),
        "doom_track": float(ao.doom),
        "clock": float(d.clock),
        "alive": 0.0, "sanity": 0.0, "stamina": 0.0, "low": 0.0, "weakest": 0.0,
        "clues": 0.0, "trophy_points": 0.0, "devoured": 0.0,
        "reserve": float(len(d.pool)),
        "gates": float(delta["other_world"]), "monsters": float(delta["monster"]),
        "adventures": 0.0, "sign_cards": 0.0,
    }
    for kind in CARD_KINDS:
        out[kind] = 0.0
    weakest = None
    for seat, place in enumerate(d.seats):
        out["devoured"] += len(place.devoured)
        inv = place.investigator
        if inv is None:
            continue
        sanity, stamina, clues = inv.sanity, inv.stamina, inv.clues
        kinds = [g.cards[card].kind for card in inv.cards]
        points = sum(trophy_value(s, t) for t in inv.trophies)
        if seat == d.turn and (change or trophy):
            sanity = min(sanity + delta["sanity"], inv.max_sanity)
            stamina = min(stamina + delta["stamina"], inv.max_stamina)
            clues = max(clues + delta["clue"], 0)
            kinds += [k for k in CARD_KINDS for _ in range(max(delta[k], 0))]
            points = max(points + trophy + delta["trophies"], 0)
            if sanity <= 0 or stamina <= 0:  # devoured: a doom token, a newcomer (p.11)
                out["devoured"] += 1
                if d.awake or not d.pool:
                    continue
                out["doom_left"] = max(out["doom_left"] - 1, 0.0)
                out["reserve"] = max(out["reserve"] - 1, 0.0)
                sanity, stamina = _newcomer(s)
                clues, kinds, points = 0, [], 0
        out["alive"] += 1
        out["sanity"] += sanity
        out["stamina"] += stamina
        least = min(sanity, stamina)
        out["low"] += float(least <= 2)
        weakest = least if weakest is None else min(weakest, least)
        out["clues"] += clues
        for kind in kinds:
            out[kind] += 1
        out["trophy_points"] += points
    out["weakest"] = float(weakest or 0)
    for card in d.board:
        if g.adventures[card.name].deck == "other_world":
            out["gates"] += 1
        else:
            out["adventures"] += 1
        if any(t.startswith("elder_sign") for t in reward_tokens(s, card.name)):
            out["sign_cards"] += 1
        out["monsters"] += len(card.monsters)
    out["ao:" + ao.name] = 1.0
    return derived(out)


def _newcomer(s: ElderSignState) -> tuple[int, int]:
    """The health of an investigator yet to come, on average over the game's cards."""
    cards = s.game.data.investigators.values()
    return (round(sum(c.sanity for c in cards) / len(cards)),
            round(sum(c.stamina for c in cards) / len(cards)))


def derived(seen: dict[str, float]) -> dict[str, float]:
    """``seen`` with the numbers made from others: ``near``, ``1 / (1 + doom_left)`` (how
    close the awakening or the banishment is: health and dice count most there)."""
    seen["near"] = 1.0 / (1.0 + seen["doom_left"])
    return seen


def features(seen: dict[str, float], names: tuple[str, ...]) -> list[float]:
    """The named features of an observation: a raw name, a product ``a*b``, or ``a^2``;
    an ``ao:`` name absent from the observation is 0 (another Ancient One)."""
    out = []
    for name in names:
        if "*" in name:
            a, b = name.split("*")
            out.append(seen.get(a, 0.0) * seen.get(b, 0.0))
        elif name.endswith("^2"):
            out.append(seen.get(name[:-2], 0.0) ** 2)
        else:
            out.append(seen.get(name, 0.0))
    return out


@dataclass(frozen=True)
class Model:
    """A fitted logistic model of the team's win: per phase, feature names, their means and
    scales (the fit standardizes them) and weights, and an intercept."""

    phases: dict
    provenance: str

    @classmethod
    def from_dict(cls, raw: dict) -> Model:
        """A model read from its JSON data, checked: both phases, one weight, mean and scale
        per feature, every number finite, a provenance line."""
        if not isinstance(raw, dict) or not isinstance(raw.get("provenance"), str) or \
                not raw["provenance"]:
            raise ValueError("an Elder Sign value fit needs a provenance")
        phases = raw.get("phases")
        if not isinstance(phases, dict) or set(phases) != set(PHASES):
            raise ValueError(f"an Elder Sign value fit needs the phases {PHASES}")
        for phase, p in phases.items():
            names = p.get("features")
            if not isinstance(names, list) or not names or \
                    not all(isinstance(n, str) for n in names):
                raise ValueError(f"{phase}: features must be a list of names")
            for key in ("weights", "mean", "scale"):
                if not isinstance(p.get(key), list) or len(p[key]) != len(names):
                    raise ValueError(f"{phase}: {key} must give one number per feature")
            numbers = p["weights"] + p["mean"] + p["scale"] + [p.get("intercept")]
            if not all(isinstance(x, (int, float)) and math.isfinite(x) for x in numbers):
                raise ValueError(f"{phase}: every coefficient must be a finite number")
            if not all(x > 0 for x in p["scale"]):
                raise ValueError(f"{phase}: scales must be positive")
        return cls(phases=phases, provenance=raw["provenance"])

    def logit(self, seen: dict[str, float]) -> float:
        """The log-odds of a win for an observation."""
        p = self.phases["battle" if seen["awake"] else "before"]
        x = features(seen, tuple(p["features"]))
        return p["intercept"] + sum(w * (v - m) / sc for w, v, m, sc in
                                    zip(p["weights"], x, p["mean"], p["scale"], strict=True))

    def chance(self, seen: dict[str, float]) -> float:
        """The chance of a win for an observation."""
        return sigmoid(self.logit(seen))


def sigmoid(z: float) -> float:
    """The logistic function, safe for large ``|z|``."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@lru_cache(maxsize=1)
def fitted() -> Model:
    """The package's fitted model (``data/value_fit.json``), loaded and checked once."""
    text = resources.files("mythlab.elder_sign").joinpath("data", FIT_FILE).read_text()
    return Model.from_dict(json.loads(text))
