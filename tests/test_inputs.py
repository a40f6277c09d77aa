"""Every input bounded, every failure a clear error (issue 10 §3).

Hostile or careless files, saves and options get ``DataError`` / ``SaveFileError`` /
``ValueError`` naming the file and field, in bounded time and memory. Checks that could hang
or eat the machine on a broken build run in a child process with a memory and time limit.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap

import pytest

import mythlab
from mythlab.agea.load import load_cards as load_agea_cards
from mythlab.cyclades import load_archipelago
from mythlab.cyclades.load import load_creatures
from mythlab.elder_sign.dice import load_dice
from mythlab.elder_sign.odds import load_adventures
from mythlab.elysium.load import load_family
from mythlab.engine import DataError
from mythlab.engine.datafiles import MAX_YAML_DEPTH, MAX_YAML_INT, game_data, read_yaml
from mythlab.engine.files import MAX_DATA_BYTES
from mythlab.engine.session import _checksum

#: the loaders of the data files users may write
LOADERS = {"agea cards": load_agea_cards, "cyclades map": load_archipelago,
           "cyclades creatures": load_creatures, "elysium family": load_family,
           "dice": load_dice}
YAML_LOADERS = pytest.mark.parametrize("loader", list(LOADERS.values()), ids=list(LOADERS))
ALL_LOADERS = pytest.mark.parametrize("loader", [*LOADERS.values(), load_adventures],
                                      ids=[*LOADERS, "elder sign adventures"])


def run_bounded(code: str, memory_mb: int = 1024, seconds: float = 60) -> str:
    """Run ``code`` in a child Python with a memory limit; its stdout, or a failure."""
    def limit() -> None:
        cap = memory_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                              text=True, timeout=seconds, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        pytest.fail(f"took more than {seconds} s")
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def alias_bomb(levels: int = 9) -> str:
    """YAML of a few hundred bytes whose last alias stands for 9**levels values."""
    lines = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "[" + ",\n  ".join(lines) + "]"


# --------------------------------------------------------------------- YAML: aliases, nesting
def test_an_alias_bomb_in_an_elysium_card_file_is_refused_in_bounded_memory(tmp_path):
    """A 1 KB family file whose power is an alias bomb: once it exhausted memory (the bomb was
    expanded, then repr()ed whole into the error message)."""
    bomb = tmp_path / "cards-zeus.yaml"
    bomb.write_text(
        "format: mythlab-elysium-cards\nversion: 1\nfamily: zeus\nname: {en: Zeus}\n"
        "source: {file: mine}\ncards_in_family: 1\ncards:\n"
        f"  - {{id: bolt, name: {{en: Bolt}}, level: 1, condition: [red],\n"
        f"     notes: {alias_bomb()},\n     timing: *a9, power: {{gain: {{vp: 1}}}}}}\n",
        encoding="utf-8")
    assert bomb.stat().st_size < 2000
    out = run_bounded(f"""
        import mythlab
        try:
            mythlab.make("elysium", card_files=[{str(bomb)!r}])
        except mythlab.DataError as exc:
            print(exc)
    """, memory_mb=1024, seconds=60)
    assert str(bomb) in out and "aliases count each time they are used" in out


@YAML_LOADERS
def test_alias_bombs_are_refused_by_every_yaml_loader(loader, tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(f"format: x\nbomb: {alias_bomb()}\n", encoding="utf-8")
    with pytest.raises(DataError, match="aliases count each time") as err:
        loader(path)
    assert err.value.file == str(path)


def test_a_recursive_alias_is_refused(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("cards: &me [*me]\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"alias \*me is used inside the value it names"):
        read_yaml(path)


def test_a_few_plain_aliases_still_load():
    """The built-in map repeats a 'why' through an alias: plain aliases stay allowed."""
    path = game_data("mythlab.cyclades", "archipelago-5p.yaml")
    assert "*why" in path.read_text(encoding="utf-8")
    assert load_archipelago(game_data("mythlab.cyclades", "archipelago-5p.yaml")).graph["starts"]


@YAML_LOADERS
@pytest.mark.parametrize("nest", ["[" * 5000 + "]" * 5000, "{a: " * 5000 + "1" + "}" * 5000])
def test_deeply_nested_yaml_is_refused_not_a_recursion_error(loader, nest, tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text(f"format: x\ndeep: {nest}\n", encoding="utf-8")
    with pytest.raises(DataError, match=f"nested more than {MAX_YAML_DEPTH} deep"):
        loader(path)


@YAML_LOADERS
def test_a_5000_digit_number_is_a_data_error_not_a_value_error(loader, tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text(f"format: x\nbig: {'9' * 5000}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        loader(path)
    assert err.value.file == str(path)


@pytest.mark.parametrize("number", ["0x" + "f" * 5000, str(MAX_YAML_INT + 1), "-1_000_001"])
def test_numbers_past_the_data_bound_are_refused(number, tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text(f"vp: {number}\n", encoding="utf-8")
    with pytest.raises(DataError, match=f"is larger than {MAX_YAML_INT}"):
        read_yaml(path)


def test_a_bad_date_in_yaml_is_a_data_error(tmp_path):
    path = tmp_path / "date.yaml"
    path.write_text("when: 2001-13-45\n", encoding="utf-8")
    with pytest.raises(DataError, match="date.yaml: not valid YAML"):
        read_yaml(path)


# --------------------------------------------------------------------- reading files
@ALL_LOADERS
@pytest.mark.parametrize("content", [b"format: \xe9t\xe9\n", b"\x00\x01\x02\xff\xfe" * 50],
                         ids=["latin-1", "binary"])
def test_files_that_are_not_utf8_are_data_errors(loader, content, tmp_path):
    path = tmp_path / "data.yaml"
    path.write_bytes(content)
    with pytest.raises(DataError, match="not UTF-8 text") as err:
        loader(path)
    assert err.value.file == str(path)


@ALL_LOADERS
def test_files_over_the_size_limit_are_refused_before_reading(loader, tmp_path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as f:
        f.truncate(MAX_DATA_BYTES + 1)  # sparse: no disk used
    with pytest.raises(DataError, match="more than the .* bytes allowed"):
        loader(path)


@ALL_LOADERS
def test_a_folder_is_refused(loader, tmp_path):
    with pytest.raises(DataError, match="not a regular file"):
        loader(tmp_path)


def test_devices_and_fifos_are_refused_without_reading_or_blocking(tmp_path):
    """``/dev/zero`` never ends and a FIFO blocks forever on open: both once hung or ate memory."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    out = run_bounded(f"""
        from mythlab.agea.load import load_cards
        from mythlab.elder_sign.odds import load_adventures
        from mythlab.engine import DataError
        for load in (load_cards, load_adventures):
            for path in ("/dev/zero", {str(fifo)!r}):
                try:
                    load(path)
                except DataError as exc:
                    print(exc)
    """, memory_mb=1024, seconds=30)
    assert out.count("not a regular file") == 4, out


def test_a_long_csv_field_is_a_data_error(tmp_path):
    text = game_data("mythlab.elder_sign", "adventures.csv").read_text(encoding="utf-8")
    path = tmp_path / "adventures.csv"
    path.write_text(text + '"' + "x" * 200_000 + '"\n', encoding="utf-8")
    with pytest.raises(DataError, match="not valid CSV"):
        load_adventures(path)


def test_a_short_csv_row_and_odd_digits_are_data_errors(tmp_path):
    path = game_data("mythlab.elder_sign", "adventures.csv")
    lines = path.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "adventures.csv"
    path.write_text("\n".join(lines[:2] + [lines[2].split(",")[0] + ",adventure"]) + "\n",
                    encoding="utf-8")
    with pytest.raises(DataError, match="adventures.csv"):
        load_adventures(path)
    header, row = lines[0].split(","), lines[1].split(",")
    row[header.index("trophy_value")] = "²"
    path.write_text("\n".join([lines[0], ",".join(row)]) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_adventures(path)
    assert err.value.field == "trophy_value"


def test_error_messages_never_repeat_a_whole_input(tmp_path):
    path = tmp_path / "cards-zeus.yaml"
    huge = "[" + ", ".join(["[" + ", ".join(["abcdefgh"] * 50) + "]"] * 50) + "]"
    path.write_text(
        "format: mythlab-elysium-cards\nversion: 1\nfamily: zeus\nname: {en: Zeus}\n"
        "source: {file: mine}\ncards_in_family: 1\ncards:\n"
        f"  - {{id: bolt, name: {{en: Bolt}}, level: 1, condition: [red], timing: {huge},"
        " power: {gain: {vp: 1}}}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_family(path)
    assert err.value.field == "timing" and len(str(err.value)) < 600


# --------------------------------------------------------------------- save files
def _agea_session(moves: int = 4) -> mythlab.Session:
    session = mythlab.Session(mythlab.make("agea", players=2, seed=3))
    for _ in range(moves):
        state = session.state
        if state.is_chance_node():
            session.roll()
        else:
            session.apply(state.legal_actions()[0])
    return session


def _signed(payload: dict) -> str:
    """A save's JSON with its checksum recomputed (so the checks behind it are reached)."""
    body = {k: v for k, v in payload.items() if k != "checksum"}
    return json.dumps({**body, "checksum": _checksum(body)})


def test_save_never_follows_a_symlink_planted_at_its_temporary_name(tmp_path):
    """Saving once wrote a fixed ``<name>.tmp``: a symlink planted there redirected the write."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    (tmp_path / "game.json.tmp").symlink_to(victim)
    path = _agea_session().save(tmp_path / "game.json")
    assert victim.read_text(encoding="utf-8") == "precious"
    assert mythlab.Session.load(path).position == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.tmp",
                                                         "victim.txt"]


def test_a_failed_save_leaves_nothing_behind_and_the_old_save_whole(tmp_path, monkeypatch):
    session = _agea_session()
    path = session.save(tmp_path / "game.json")
    before = path.read_bytes()

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    session.apply(session.state.legal_actions()[0])
    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space left"):
        session.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize("text", [None, 7, ["a"]])
def test_from_json_of_something_not_text_is_a_save_file_error(text):
    with pytest.raises(mythlab.SaveFileError, match="expected the saved JSON text"):
        mythlab.Session.from_json(text)
    with pytest.raises(mythlab.SaveFileError, match="expected the saved JSON text"):
        mythlab.make("agea").state_from_json(text)


@pytest.mark.parametrize("text,message", [
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
    ('{"format": ' + "9" * 5000 + "}", "not valid JSON"),
    (b"\xff\xfe{}", "not valid JSON"),
])
def test_hostile_json_is_a_save_file_error(text, message):
    with pytest.raises(mythlab.SaveFileError, match=message):
        mythlab.Session.from_json(text)
    with pytest.raises(mythlab.SaveFileError, match=message):
        mythlab.make("agea").state_from_json(text)


def test_oversized_saves_are_refused_before_parsing(tmp_path):
    from mythlab.engine.state import MAX_SAVE_BYTES

    text = " " * (MAX_SAVE_BYTES + 1)
    with pytest.raises(mythlab.SaveFileError, match="more than"):
        mythlab.Session.from_json(text)
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(mythlab.SaveFileError, match="cannot read save file: .* bytes allowed"):
        mythlab.Session.load(path)


def test_loading_a_device_or_fifo_as_a_save_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    out = run_bounded(f"""
        import mythlab
        for path in ("/dev/zero", {str(fifo)!r}):
            try:
                mythlab.Session.load(path)
            except mythlab.SaveFileError as exc:
                print(exc)
    """, memory_mb=1024, seconds=30)
    assert out.count("not a regular file") == 2, out


@pytest.mark.parametrize("field,value,message", [
    ("stream", 1e300, "field 'stream'"),
    ("stream", -1, "field 'stream'"),
    ("stream", True, "field 'stream'"),
    ("history", [{"a": 1}], "field 'history'"),
    ("events", "abc", "field 'events'"),
])
def test_state_fields_are_typed_strictly(field, value, message):
    state = _agea_session().state
    payload = json.loads(state.to_json())
    payload[field] = value
    with pytest.raises(mythlab.SaveFileError, match=message):
        state.game.state_from_json(json.dumps(payload))


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(turn=True), "data.turn"),
    (lambda d: d.update(turn="1"), "data.turn"),
    (lambda d: d["players"][0].update(bonus_vp=1.5), "data.players.0.bonus_vp"),
])
def test_state_data_is_typed_strictly(change, field):
    """``true`` is no seat number and ``"1"`` no count: pydantic's lax mode let them in."""
    state = _agea_session().state
    payload = json.loads(state.to_json())
    change(payload["data"])
    with pytest.raises(mythlab.SaveFileError, match=f"field '{field}'"):
        state.game.state_from_json(json.dumps(payload))


# --------------------------------------------------------------------- options
@pytest.mark.parametrize("options,message", [
    ({"names": ["Ann", "Ann", "Bob"]}, "names: 'Ann' and 'Ann' name two seats alike"),
    ({"names": ["Ann", " ann", "Bob"]}, "name two seats alike"),
    ({"names": ["Ann", "", "Bob"]}, "names: each name is a printable text"),
    ({"names": ["Ann", 7, "Bob"]}, "names: each name is a printable text"),
    ({"names": ["Ann", "Bo\nb", "Cy"]}, "names: each name is a printable text"),
    ({"names": ["Ann", "B" * 41, "Cy"]}, "names: each name is a printable text"),
    ({"names": "AnnBobCy"}, "names: expected a list of 3 names"),
    ({"players": True}, "players: Agea is for 2–6 players, not True"),
    ({"players": 3.0}, "players: Agea is for 2–6 players"),
    ({"seed": 1.9}, "seed: expected a whole number"),
    ({"seed": True}, "seed: expected a whole number"),
    ({"seed": 10**30}, "seed: expected a whole number"),
    ({"cards": 5}, "cards: expected a file path, not 5"),
])
def test_bad_shared_options_are_refused_naming_the_option(options, message):
    """Duplicate names made one seat's moves unreachable; ``players=True`` made a 1-seat game and
    ``seed=1.9`` was silently seed 1."""
    with pytest.raises(ValueError, match=message):
        mythlab.make("agea", **{"players": 3, **options})


@pytest.mark.parametrize("name,options,message", [
    ("elysium", {"card_files": "cards-zeus.yaml"}, "card_files: expected a list of file paths"),
    ("elysium", {"card_files": ["x.yaml"] * 17}, "card_files: 17 files, more than the 16"),
    ("elysium", {"families": 5}, "families: a set name or a list of families"),
    ("elder_sign", {"ancient_one": ["Azathoth"]}, "ancient_one: no Ancient One called"),
    ("elder_sign", {"investigators": 5}, "investigators: give 2 different names"),
    ("cyclades", {"cycle_limit": 10**100}, "cycle_limit must be a whole number from 1 to 1000"),
])
def test_bad_game_options_are_value_errors_naming_the_option(name, options, message):
    """A string for ``card_files`` was read letter by letter; the others were raw TypeErrors."""
    with pytest.raises(ValueError, match=message):
        mythlab.make(name, **options)


def test_unreadable_data_file_options_are_data_errors(tmp_path):
    with pytest.raises(DataError, match="not a regular file"):
        mythlab.make("agea", cards="/dev/null")
    with pytest.raises(DataError, match="cannot read"):
        mythlab.make("cyclades", archipelago=str(tmp_path / "missing.yaml"))


# --------------------------------------------------------------------- saves embed their data
def _custom_agea_cards(tmp_path, tests=("Music",)):
    import yaml

    raw = yaml.safe_load(game_data("mythlab.agea", "cards.yaml").read_text(encoding="utf-8"))
    next(c for c in raw["cards"] if c["id"] == "hydra")["tests"] = list(tests)
    path = tmp_path / "my-cards.yaml"
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    return path


def test_a_save_embeds_its_custom_data_and_loads_without_the_file(tmp_path):
    """Saves named custom data by path: moved or edited files broke them (or went unnoticed)."""
    cards = _custom_agea_cards(tmp_path)
    session = mythlab.Session(mythlab.make("agea", players=2, seed=1, cards=str(cards)))
    session.roll()
    saved = session.save(tmp_path / "game.json")
    cards.write_text("edited later", encoding="utf-8")  # the save does not read it again
    moved = tmp_path / "elsewhere" / "game.json"
    moved.parent.mkdir()
    saved.rename(moved)
    loaded = mythlab.Session.load(moved)
    assert loaded.game.cards["hydra"].tests == ("Music",)
    assert loaded.to_dict() == session.to_dict()
    assert json.loads(moved.read_text(encoding="utf-8"))["files"][0]["file"] == str(cards)


def test_an_altered_embedded_data_file_is_named(tmp_path):
    cards = _custom_agea_cards(tmp_path)
    session = mythlab.Session(mythlab.make("agea", players=2, seed=1, cards=str(cards)))
    payload = session.to_dict()
    payload["files"][0]["text"] = payload["files"][0]["text"].replace("Music", "Wit")
    with pytest.raises(mythlab.SaveFileError) as err:
        mythlab.Session.from_json(json.dumps(payload))
    assert "my-cards.yaml" in str(err.value) and "field 'files[0]'" in str(err.value)


def test_an_old_save_naming_a_device_is_refused_quickly(tmp_path):
    """A version-1 save names its data by path: ``/dev/zero`` once hung the load."""
    text = _signed({"format": "mythlab-session", "version": 1, "game": "agea",
                    "options": {"players": 2, "seed": 1, "names": None, "cards": "/dev/zero"},
                    "actions": [], "position": 0})
    out = run_bounded(f"""
        import mythlab
        try:
            mythlab.Session.from_json({text!r})
        except mythlab.SaveFileError as exc:
            print(exc)
    """, memory_mb=1024, seconds=30)
    assert "/dev/zero: not a regular file" in out


def test_a_state_from_an_edited_data_file_names_the_file(tmp_path):
    cards = _custom_agea_cards(tmp_path)
    state = mythlab.make("agea", players=2, seed=1, cards=str(cards)).initial_state()
    text = state.to_json()
    _custom_agea_cards(tmp_path, tests=("Wit",))
    game = mythlab.make("agea", players=2, seed=1, cards=str(cards))
    with pytest.raises(mythlab.SaveFileError, match=f"the data file {cards} has changed"):
        game.state_from_json(text)


# --------------------------------------------------------------------- loaded states
def _midgame(name: str, players: int, steps: int = 30) -> mythlab.State:
    import random

    session = mythlab.Session(mythlab.make(name, players=players, seed=2))
    rng = random.Random(2)
    for _ in range(steps):
        state = session.state
        if state.is_chance_node():
            session.roll()
        else:
            session.apply(rng.choice(state.legal_actions()))
    return session.state


def _seat(data: dict) -> dict:
    return (data.get("players") or data.get("seats"))[0]


#: (game, players, edit of the state's data, the field the error must name)
DAMAGED_STATES = {
    "agea: a card in two places": (
        "agea", 3, lambda d: d["deck"].append(d["deck"][0]), "cards not in exactly one place"),
    "agea: an unknown card": ("agea", 3, lambda d: d["deck"].append("nonsense"),
                              "unknown 'nonsense'"),
    "agea: negative VP": ("agea", 3, lambda d: _seat(d).update(bonus_vp=-3), "bonus_vp"),
    "agea: an unknown phase": ("agea", 3, lambda d: d.update(phase="Lunch"), "phase"),
    "agea: a seat out of range": ("agea", 3, lambda d: d["tasks"][-1].update(player=9),
                                  "tasks[0].player"),
    "agea: a relic's uses of an unknown card": (
        "agea", 3, lambda d: d["uses"].update(zzz=1), "uses: unknown key 'zzz'"),
    "cyclades: negative gold": ("cyclades", 3, lambda d: d["gold"].__setitem__(0, -5),
                                "gold[0]: -5"),
    "cyclades: an unknown island": ("cyclades", 3, lambda d: d["owners"].update(IS99=0),
                                    "owners: unknown key 'IS99'"),
    "cyclades: an owner seat out of range": (
        "cyclades", 3, lambda d: d["owners"].update({next(iter(d["owners"])): 9}), "owners["),
    "cyclades: a missing seat": ("cyclades", 3, lambda d: d.update(gold=[1]), "gold: 1 entries"),
    "cyclades: an unknown stage": ("cyclades", 3, lambda d: d.update(stage="Lunch"), "stage"),
    "cyclades: an unknown god": ("cyclades", 3, lambda d: d["gods"].__setitem__(0, "hera"),
                                 "gods[0]"),
    "elysium: negative gold": ("elysium", 3, lambda d: _seat(d).update(gold=-4),
                               "seats[0].gold"),
    "elysium: a card in two places": (
        "elysium", 3, lambda d: _seat(d)["domain"].append(d["draw"][0]),
        "cards not in exactly one place"),
    "elysium: an unknown quest": ("elysium", 3, lambda d: _seat(d).update(quest="q99"),
                                  "seats[0].quest"),
    "elysium: an unknown task": ("elysium", 3, lambda d: d["tasks"][-1].update(kind="party"),
                                 ".kind"),
    "elder sign: an unknown Ancient One": (
        "elder_sign", 2, lambda d: d.update(ancient_one="Cthulhu Jr"), "ancient_one"),
    "elder sign: negative doom": ("elder_sign", 2, lambda d: d.update(doom=-1), "doom"),
    "elder sign: an unknown monster in the cup": (
        "elder_sign", 2, lambda d: d["cup"].append("X99"), "cup["),
    "elder sign: a bad die": (
        "elder_sign", 2, lambda d: _seat(d)["investigator"].update(marker="purple:LORE"),
        "marker[0]"),
}


@pytest.mark.parametrize("case", list(DAMAGED_STATES))
def test_a_loaded_state_is_checked_against_the_games_invariants(case):
    """Such states used to load, then crash (or play on wrongly) later."""
    name, players, edit, field = DAMAGED_STATES[case]
    state = _midgame(name, players)
    game = state.game
    payload = json.loads(state.to_json())
    edit(payload["data"])
    with pytest.raises(mythlab.SaveFileError, match="impossible position") as err:
        game.state_from_json(json.dumps(payload))
    assert field in str(err.value) and "(field 'data')" in str(err.value)
    assert game.state_from_json(state.to_json()) == state  # the game is unchanged


def test_rules_that_crash_on_a_loaded_state_are_a_save_file_error(monkeypatch):
    """Whatever the invariants miss, a state the rules cannot run on is refused at load."""
    state = _midgame("agea", 3)
    monkeypatch.setattr(type(state.game), "invariants", lambda self, s: [])
    payload = json.loads(state.to_json())
    payload["data"]["tasks"][-1]["kind"] = "party"
    # the one rule dispatch names what it cannot find (a LookupError) instead of a bare KeyError
    with pytest.raises(mythlab.SaveFileError,
                       match=r"the rules cannot run on it \(LookupError: .*'party'"):
        state.game.state_from_json(json.dumps(payload))


# --------------------------------------------------------------------- custom data play needs
def _yaml_variant(tmp_path, builtin, edit, name):
    import yaml

    raw = yaml.safe_load(builtin.read_text(encoding="utf-8"))
    edit(raw)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def _agea_variant(tmp_path, edit):
    return _yaml_variant(tmp_path, game_data("mythlab.agea", "cards.yaml"), edit, "my-cards.yaml")


def _card(raw, card_id):
    return next(c for c in raw["cards"] if c["id"] == card_id)


def test_an_agea_card_file_without_heroes_is_refused_when_the_game_is_made(tmp_path):
    """It validated, then the first roll divided by zero (no hero to cut)."""
    path = _agea_variant(tmp_path, lambda raw: raw.update(
        cards=[c for c in raw["cards"] if c["type"] != "hero"]))
    with pytest.raises(DataError) as err:
        mythlab.make("agea", players=2, cards=str(path))
    assert (err.value.file, err.value.field) == (str(path), "cards")
    assert "0 hero card(s) for 2 players" in err.value.problem


@pytest.mark.parametrize("edit,entry,field", [
    (lambda raw: _card(raw, "hydra").update(id="hy#dra"), "hy#dra", "id"),
    (lambda raw: _card(raw, "hydra").update(vp=1000), "hydra", "vp"),
    (lambda raw: _card(raw, "hydra").update(vp=-5), "hydra", "vp"),
    (lambda raw: _card(raw, "trojan-horse").update(count=500), "trojan-horse", "count"),
    (lambda raw: _card(raw, "hydra").update(name="Lion", tests=["Music", "Strength", "Healing"]),
     "hydra", "name"),
    (lambda raw: _card(raw, "hydra").update(name=""), "hydra", "name"),
])
def test_agea_cards_that_would_break_play_name_the_card_and_field(tmp_path, edit, entry, field):
    """``#`` numbers the copies in play (``hydra#2``), absurd VP overflowed scores, a name
    shared with another card made their moves indistinguishable."""
    with pytest.raises(DataError) as err:
        load_agea_cards(_agea_variant(tmp_path, edit))
    assert (err.value.entry, err.value.field) == (entry, field)


@pytest.mark.parametrize("deck", ["copies: {hydra: 100000}", "copies: {hydra: x}",
                                  "copies: [1]", "default_copies: 0"])
def test_agea_deck_copies_are_bounded(deck, tmp_path):
    from mythlab.agea.load import deck_list

    path = tmp_path / "deck.yaml"
    path.write_text(f"format: mythlab-agea-deck\n{deck}\n", encoding="utf-8")
    with pytest.raises(DataError, match="copies"):
        deck_list(load_agea_cards(), path)


def _map_variant(tmp_path, edit):
    return _yaml_variant(tmp_path, game_data("mythlab.cyclades", "archipelago-5p.yaml"), edit,
                         "my-map.yaml")


def test_a_map_with_a_hundred_million_slots_is_refused_in_bounded_memory(tmp_path):
    """It validated, then ``legal_actions`` built slot lists of 10^8 entries (MemoryError)."""
    path = _map_variant(tmp_path, lambda raw: raw["islands"][0].update(slots=100_000_000))
    out = run_bounded(f"""
        import mythlab
        try:
            game = mythlab.make("cyclades", players=3, archipelago={str(path)!r})
            session = mythlab.Session(game)
            for _ in range(200):
                state = session.state
                moves = state.legal_actions()
                session.roll() if state.is_chance_node() else session.apply(moves[-1])
        except mythlab.DataError as exc:
            print(exc)
    """, memory_mb=1500, seconds=120)
    assert str(path) in out


@pytest.mark.parametrize("edit,field", [
    (lambda raw: raw["islands"][0].update(slots=9), "slots"),
    (lambda raw: raw["islands"][0].update(prosperity=50), "prosperity"),
    (lambda raw: raw["board"].update(rows=[40_000, 39_999]), "rows"),
    (lambda raw: raw["board"].update(rows=[10] * 40), "rows"),
])
def test_map_sizes_are_bounded_naming_the_field(tmp_path, edit, field):
    with pytest.raises(DataError) as err:
        load_archipelago(_map_variant(tmp_path, edit))
    assert field in err.value.field


def _family_variant(tmp_path, edit):
    return _yaml_variant(tmp_path, game_data("mythlab.elysium", "cards-hades.yaml"), edit,
                         "cards-hades.yaml")


@pytest.mark.parametrize("edit,entry,field", [
    (lambda raw: raw.update(cards_in_family=10_000), None, "cards_in_family"),
    (lambda raw: raw["cards"][0].update(power={"gain": {"gold": 1000}}), "charon",
     "power.gain.gold"),
    (lambda raw: raw["cards"][0].update(power={"draw": 500}), "charon", "power.draw"),
])
def test_elysium_family_sizes_and_power_numbers_are_bounded(tmp_path, edit, entry, field):
    """10,000 copies made a deck too big to play; ``draw: 500`` looped on an empty pile."""
    with pytest.raises(DataError) as err:
        load_family(_family_variant(tmp_path, edit))
    assert (err.value.entry, err.value.field) == (entry, field)


@pytest.mark.parametrize("file,old,new,entry,field", [
    ("investigators.yaml", "  sanity: 5\n", "  sanity: 50000\n", "Amanda Sharpe", "sanity"),
    ("mythos.yaml", "immediate: [doom:1]", "immediate: [doom:99999]", "M01", "immediate"),
])
def test_elder_sign_data_numbers_are_bounded(tmp_path, file, old, new, entry, field):
    import shutil

    from mythlab.elder_sign.load import load_game_data

    folder = tmp_path / "elder_sign"
    shutil.copytree(game_data("mythlab.elder_sign"), folder)
    text = (folder / file).read_text(encoding="utf-8")
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game_data(folder)
    assert (err.value.file, err.value.entry, err.value.field) == (file, entry, field)


# --------------------------------------------------------------------- found by the fuzz test
def test_control_characters_in_yaml_are_a_data_error(tmp_path):
    path = tmp_path / "ctl.yaml"
    path.write_text("format: \x1f\n", encoding="utf-8")
    with pytest.raises(DataError, match="ctl.yaml: not valid YAML"):
        read_yaml(path)


def test_a_dice_reading_counting_as_a_list_is_a_data_error(tmp_path):
    path = tmp_path / "dice.yaml"
    path.write_text("format: mythlab-dice\nversion: 1\ndice: [{name: d, faces: {LORE: 1}}]\n"
                    "wild: {readings: [{name: r, counts_as: [[LORE]]}]}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_dice(path)
    assert err.value.field == "counts_as"


def test_a_lone_surrogate_in_a_save_is_a_save_file_error_not_a_crash():
    payload = _agea_session(0).to_dict()
    payload["actions"] = ["\udcff"]
    with pytest.raises(mythlab.SaveFileError, match="step 1"):
        mythlab.Session.from_json(_signed(payload))


def test_an_oversized_data_file_embedded_in_a_save_is_refused():
    """The size bound holds for data that never touched the disk (a save's embedded files)."""
    from mythlab.engine.files import DataFile

    huge = DataFile("mine.yaml", "#" * (MAX_DATA_BYTES + 1))
    with pytest.raises(DataError, match="mine.yaml: more than"):
        mythlab.make("agea", cards=huge)
    session = _agea_session(0)
    payload = session.to_dict()
    payload["options"]["cards"] = huge.ref()
    payload["files"] = [{**huge.ref(), "text": huge.text}]
    with pytest.raises(mythlab.SaveFileError, match="mine.yaml: more than"):
        mythlab.Session.from_json(_signed(payload))
