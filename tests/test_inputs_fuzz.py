"""Fuzzing data files and save files (issue 10 §3): whatever the bytes, loading ends in the
data or a ``DataError`` / ``SaveFileError``, within a time and memory bound, and nothing
loaded before is changed. What loads must also play: a few random moves never crash.

Mutations start from the built-in files and real saves: bytes flipped, inserted or cut; one
value anywhere in the document replaced by a hostile one (huge, negative, empty, ``#``, the
wrong type); hostile snippets (alias bombs, deep nesting, 5000-digit numbers) spliced in.
Saves are re-signed after a change, so the checks behind the checksum are reached too.
"""

from __future__ import annotations

import copy
import json
import random
import time
import tracemalloc
from datetime import timedelta
from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mythlab
from mythlab.agea.load import load_cards as load_agea_cards
from mythlab.cyclades import load_archipelago
from mythlab.cyclades.load import load_creatures
from mythlab.elder_sign.dice import load_dice
from mythlab.elder_sign.odds import load_adventures
from mythlab.elysium.load import load_family
from mythlab.engine import DataError, SaveFileError
from mythlab.engine.datafiles import game_data
from mythlab.engine.session import _checksum

#: per example: loading takes at most this long and allocates at most this much at its peak
SECONDS, PEAK_BYTES = 10.0, 64 << 20
FUZZ = settings(max_examples=50, deadline=timedelta(seconds=30), derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

#: built-in file, loader, and the game option that takes it (None: not a game option)
DATA_FILES = {
    "agea cards": (("mythlab.agea", "cards.yaml"), load_agea_cards, ("agea", "cards")),
    "cyclades map": (("mythlab.cyclades", "archipelago-5p.yaml"), load_archipelago,
                     ("cyclades", "archipelago")),
    "cyclades creatures": (("mythlab.cyclades", "creatures.yaml"), load_creatures, None),
    "elysium family": (("mythlab.elysium", "cards-hades.yaml"), load_family,
                       ("elysium", "card_files")),
    "dice": (("mythlab.elder_sign", "dice.yaml"), load_dice, None),
    "adventures": (("mythlab.elder_sign", "adventures.csv"), load_adventures, None),
}
HOSTILE_SNIPPETS = [
    "&a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"- &a{i} [{', '.join(['*a' if i == 0 else f'*a{i - 1}'] * 10)}]\n" for i in range(8)),
    "[" * 3000 + "]" * 3000, "{a: " * 3000 + "1" + "}" * 3000, "9" * 5000,
    "!!python/object:os.system {}",
    "\x00\x01\x02", "\udcff", ": : :", "'unclosed", "*undefined", "---\n---\n", "\t- tab",
]
HOSTILE_VALUES = st.recursive(
    st.none() | st.booleans() | st.sampled_from([0, -1, 1, 10**6, -(10**6), 2**63, 10**40])
    | st.integers(-1000, 1000) | st.floats(allow_nan=True)
    | st.sampled_from(["", "#", "x#2", "hydra#1", " ", "IS1", "A1", "zeus", "P1", "x" * 5000])
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=8)


def _paths(node: Any, here: tuple = ()) -> list[tuple]:
    """Every position in a parsed document (the root too)."""
    out = [here]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*here, i))
    return out


_PARSED: dict[str, Any] = {}


def _parsed(text: str, parse) -> Any:
    """The parsed original (parsed once: the mutations copy it)."""
    if text not in _PARSED:
        _PARSED[text] = parse(text)
    return _PARSED[text]


def _at(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _replace(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    node = doc
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, text: str, parse, dump) -> str:
    """``text`` with bytes changed, a value replaced (by a hostile one or one from elsewhere in
    the file) or a hostile snippet spliced in."""
    how = draw(st.sampled_from(["bytes", "value", "swap", "swap", "snippet", "cut"]))
    if how in ("value", "swap"):
        original = _parsed(text, parse)
        doc, paths = copy.deepcopy(original), _paths(original)
        path = paths[draw(st.integers(0, len(paths) - 1))]
        if how == "value":
            return dump(_replace(doc, path, draw(HOSTILE_VALUES)))
        # a value from elsewhere in the file: the right kind of data in the wrong place
        other = _at(original, paths[draw(st.integers(0, len(paths) - 1))])
        return dump(_replace(doc, path, copy.deepcopy(other)))
    at = draw(st.integers(0, len(text)))
    if how == "cut":
        return text[:at]
    if how == "snippet":
        return text[:at] + draw(st.sampled_from(HOSTILE_SNIPPETS)) + text[at:]
    junk = draw(st.text(min_size=1, max_size=8))
    return text[:at] + junk + text[at + draw(st.integers(0, 8)):]


def _yaml_load(text: str) -> Any:
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506


def _yaml_dump(doc: Any) -> str:
    return yaml.dump(doc, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper),
                     allow_unicode=True)


def _csv_rows(text: str) -> list[list[str]]:
    return [row.split(",") for row in text.splitlines()]


def _csv_text(rows: Any) -> str:
    if not isinstance(rows, list):
        return str(rows)
    return "\n".join(",".join(map(str, r)) if isinstance(r, list) else str(r) for r in rows)


@cache
def _builtin_text(parts: tuple[str, ...]) -> str:
    return game_data(*parts).read_text(encoding="utf-8")


def bounded(load):
    """``load()``, checked to stay within the time and peak memory bound (result or error)."""
    tracemalloc.start()
    start = time.monotonic()
    try:
        return load()
    finally:
        elapsed = time.monotonic() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert elapsed < SECONDS, f"took {elapsed:.1f} s"
        assert peak < PEAK_BYTES, f"allocated {peak >> 20} MiB at the peak"


def play_a_little(session: mythlab.Session, steps: int, seed: int) -> None:
    """Random legal moves (and rolls): a loaded game must play without crashing."""
    rng = random.Random(seed)
    for _ in range(steps):
        state = session.state
        if state.is_terminal():
            return
        if state.is_chance_node():
            session.roll()
        else:
            session.apply(rng.choice(state.legal_actions()))


# --------------------------------------------------------------------- data files
@pytest.mark.parametrize("kind", list(DATA_FILES))
@FUZZ
@given(data=st.data())
def test_fuzzed_data_files_load_or_raise_data_error_and_what_loads_plays(kind, data, tmp_path):
    parts, load, option = DATA_FILES[kind]
    text = _builtin_text(parts)
    csv = parts[-1].endswith(".csv")
    mutated = data.draw(mutated_text(text, *((_csv_rows, _csv_text) if csv
                                             else (_yaml_load, _yaml_dump))))
    path = tmp_path / parts[-1]
    path.write_text(mutated, encoding="utf-8", errors="surrogatepass")
    try:
        bounded(lambda: load(path))
    except DataError as exc:
        assert str(path) in str(exc) or path.name in str(exc)
        return
    if option is None:
        return
    name, key = option
    value = [str(path)] if key == "card_files" else str(path)
    start = time.monotonic()
    try:
        game = mythlab.make(name, players=3, seed=1, **{key: value})
    except (DataError, ValueError):
        return
    finally:
        assert time.monotonic() - start < SECONDS
    play_a_little(mythlab.Session(game), 40, seed=len(mutated))


# --------------------------------------------------------------------- save files
@cache
def _saves() -> dict[str, tuple[str, str]]:
    """A real save and state (as text) of each game, Agea with custom cards embedded."""
    out = {}
    agea_cards = str(game_data("mythlab.agea", "cards.yaml"))
    for name, players, options in (("agea", 3, {"cards": agea_cards}),
                                   ("cyclades", 3, {}), ("elysium", 3, {}),
                                   ("elder_sign", 2, {})):
        session = mythlab.Session(mythlab.make(name, players=players, seed=4, **options))
        play_a_little(session, 25, seed=4)
        out[name] = (json.dumps(session.to_dict()), session.state.to_json())
    return out


def _resigned(doc: Any) -> str:
    if isinstance(doc, dict) and "checksum" in doc:
        doc["checksum"] = _checksum({k: v for k, v in doc.items() if k != "checksum"})
    return json.dumps(doc)


@pytest.mark.parametrize("name", ["agea", "cyclades", "elysium", "elder_sign"])
@FUZZ
@given(data=st.data())
def test_fuzzed_saves_load_or_raise_save_file_error_and_change_nothing(name, data):
    save, state_text = _saves()[name]
    mutated = data.draw(mutated_text(save, json.loads, _resigned))
    try:
        session = bounded(lambda: mythlab.Session.from_json(mutated))
    except SaveFileError:
        pass
    else:
        play_a_little(session, 10, seed=len(mutated))
    assert _saves()[name][0] == save  # nothing shared was changed


@pytest.mark.parametrize("name", ["agea", "cyclades", "elysium", "elder_sign"])
@FUZZ
@given(data=st.data())
def test_fuzzed_states_load_or_raise_save_file_error_and_the_game_is_unchanged(name, data):
    _, state_text = _saves()[name]
    game = _game_of(state_text)
    before = game.initial_state().to_json(), game.options_dict()
    mutated = data.draw(mutated_text(state_text, json.loads, json.dumps))
    try:
        state = bounded(lambda: game.state_from_json(mutated))
    except SaveFileError:
        pass
    else:
        play_a_little(mythlab.Session(game, state), 10, seed=len(mutated))
    assert (game.initial_state().to_json(), game.options_dict()) == before


@cache
def _game_of(state_text: str) -> mythlab.Game:
    payload = json.loads(state_text)
    options = dict(payload["options"])
    files = {k: str(game_data("mythlab.agea", "cards.yaml")) for k, v in options.items()
             if isinstance(v, dict)}
    return mythlab.make(payload["game"], **{**options, **files})
