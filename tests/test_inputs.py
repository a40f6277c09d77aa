"""Every input bounded, every failure a clear error (issue 10 §3).

Hostile or careless files, saves and options get ``DataError`` / ``SaveFileError`` /
``ValueError`` naming the file and field, in bounded time and memory. Checks that could hang
or eat the machine on a broken build run in a child process with a memory and time limit.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap

import pytest

from mythlab.data import MAX_YAML_DEPTH, MAX_YAML_INT, data_path, read_yaml
from mythlab.dice import load_dice
from mythlab.engine import DataError
from mythlab.engine.files import MAX_DATA_BYTES
from mythlab.games.agea.data import load_cards as load_agea_cards
from mythlab.games.cyclades import load_archipelago
from mythlab.games.cyclades.data import load_creatures
from mythlab.games.elder_sign.odds import load_adventures
from mythlab.games.elysium.data import load_family

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
    assert "*why" in data_path("cyclades", "archipelago-5p.yaml").read_text(encoding="utf-8")
    assert load_archipelago(data_path("cyclades", "archipelago-5p.yaml")).graph["starts"]


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
        from mythlab.games.agea.data import load_cards
        from mythlab.games.elder_sign.odds import load_adventures
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
    text = data_path("elder_sign", "adventures.csv").read_text(encoding="utf-8")
    path = tmp_path / "adventures.csv"
    path.write_text(text + '"' + "x" * 200_000 + '"\n', encoding="utf-8")
    with pytest.raises(DataError, match="not valid CSV"):
        load_adventures(path)


def test_a_short_csv_row_and_odd_digits_are_data_errors(tmp_path):
    lines = data_path("elder_sign", "adventures.csv").read_text(encoding="utf-8").splitlines()
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
