"""``mythlab notebooks DIR`` and ``mythlab lab``: the shipped notebooks copied to a working
folder without ever overwriting a student's edits unasked, and clear one-line refusals."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from mythlab import course
from mythlab.cli import main

CHECKOUT = Path(__file__).resolve().parent.parent


def shipped() -> list[Path]:
    return course.shipped_notebooks()


def test_the_checkout_ships_its_reference_notebooks_and_lessons():
    names = {str(p) for p in shipped()}
    on_disk = {str(p.relative_to(CHECKOUT / "notebooks"))
               for pattern in course.PATTERNS for p in (CHECKOUT / "notebooks").glob(pattern)}
    assert names == on_disk and "agea.ipynb" in names


def test_copy_into_an_empty_folder_copies_every_notebook(tmp_path):
    report = course.copy_notebooks(tmp_path / "class" / "work")
    assert report.copied == shipped() and not report.skipped
    for rel in shipped():
        assert (tmp_path / "class" / "work" / rel).read_bytes() == \
            (course.shipped_folder() / rel).read_bytes()


def test_identical_copies_are_left_alone_and_edited_ones_kept_unless_the_answer_is_yes(tmp_path):
    course.copy_notebooks(tmp_path)
    edited, other = tmp_path / shipped()[0], tmp_path / shipped()[1]
    edited.write_text('{"my": "edits"}', encoding="utf-8")
    other.write_text('{"more": "edits"}', encoding="utf-8")
    asked: list[Path] = []

    def no(rel: Path) -> bool:
        asked.append(rel)
        return False

    report = course.copy_notebooks(tmp_path, no)
    assert asked == report.skipped == [shipped()[0], shipped()[1]]
    assert not report.copied and len(report.unchanged) == len(shipped()) - 2
    assert edited.read_text(encoding="utf-8") == '{"my": "edits"}'

    report = course.copy_notebooks(tmp_path, lambda rel: rel == shipped()[0])
    assert report.replaced == [shipped()[0]] and report.skipped == [shipped()[1]]
    assert edited.read_bytes() == (course.shipped_folder() / shipped()[0]).read_bytes()
    assert other.read_text(encoding="utf-8") == '{"more": "edits"}'


def test_a_link_or_a_folder_in_a_notebooks_place_is_never_written_through(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    (work / shipped()[0]).symlink_to(target)
    (work / shipped()[1]).mkdir()
    report = course.copy_notebooks(work, lambda rel: True)
    assert report.skipped == [shipped()[0], shipped()[1]]
    assert target.read_text(encoding="utf-8") == "keep me"


def test_cli_notebooks_without_a_terminal_skips_and_lists_the_edited_files(tmp_path, capsys):
    assert main(["notebooks", str(tmp_path)]) == 0
    first = capsys.readouterr().out
    assert f"{len(shipped())} copied, 0 already up to date" in first
    (tmp_path / shipped()[0]).write_text("{}", encoding="utf-8")
    assert main(["notebooks", str(tmp_path), "--no-input"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.endswith(f"1 kept as they are (they differ from mythlab's): {shipped()[0]}")
    assert (tmp_path / shipped()[0]).read_text(encoding="utf-8") == "{}"


def test_cli_notebooks_asks_y_n_per_edited_file_on_a_terminal(tmp_path, capsys, monkeypatch):
    course.copy_notebooks(tmp_path)
    for rel in shipped()[:2]:
        (tmp_path / rel).write_text("{}", encoding="utf-8")
    answers = io.StringIO("y\n\n")  # yes to the first, Enter (= no) to the second

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

        def readline(self, *args):
            return answers.readline(*args)

    monkeypatch.setattr(sys, "stdin", Terminal())
    assert main(["notebooks", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("Replace it? [y/N]") == 2 and "1 replaced" in out
    assert (tmp_path / shipped()[0]).read_text(encoding="utf-8") != "{}"
    assert (tmp_path / shipped()[1]).read_text(encoding="utf-8") == "{}"


@pytest.mark.parametrize("make, message", [
    (lambda p: (p.write_text("x", encoding="utf-8"), p)[0] and p, "is a file, not a folder"),
    (lambda p: (p.write_text("x", encoding="utf-8"), p / "sub")[1], "cannot create the folder"),
])
def test_cli_notebooks_refuses_a_folder_it_cannot_use_in_one_line(tmp_path, capsys, make,
                                                                   message):
    folder = make(tmp_path / "target")
    assert main(["notebooks", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mythlab notebooks: ") and message in err and err.count("\n") == 1


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root may write anywhere")
def test_cli_notebooks_refuses_a_read_only_folder(tmp_path, capsys):
    tmp_path.chmod(0o500)
    try:
        assert main(["notebooks", str(tmp_path)]) == 2
    finally:
        tmp_path.chmod(0o700)
    assert "is not writable" in capsys.readouterr().err


def test_cli_lab_dry_run_copies_then_prints_the_jupyterlab_command(tmp_path, capsys):
    assert main(["lab", str(tmp_path / "work"), "--dry-run", "--no-input"]) == 0
    summary, command = capsys.readouterr().out.strip().splitlines()
    assert summary.endswith(f"{len(shipped())} copied, 0 already up to date")
    assert command.split()[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={(tmp_path / 'work').resolve()}" in command
    assert ("--allow-root" in command) == (os.geteuid() == 0)


def test_cli_lab_refuses_a_file_before_starting_anything(tmp_path, capsys):
    (tmp_path / "f").write_text("x", encoding="utf-8")
    assert main(["lab", str(tmp_path / "f")]) == 2
    assert capsys.readouterr().err.strip() == f"mythlab lab: {tmp_path / 'f'} is a file, " \
                                              "not a folder"


def test_cli_lab_without_jupyterlab_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "jupyterlab" else real(name, *a))
    assert main(["lab", str(tmp_path), "--no-input"]) == 2
    assert "JupyterLab is not installed" in capsys.readouterr().err


LESSON_4 = Path("lessons/04-battles-as-markov-chains.ipynb")


@pytest.mark.parametrize("name", [4, "4", "04", "battles", "Battles as Markov chains",
                                  "04-battles-as-markov-chains.ipynb", "battles_as_markov_chains"])
def test_a_lesson_is_found_by_number_file_name_or_part_of_its_title(name):
    assert course.find_lesson(name) == LESSON_4


@pytest.mark.parametrize("typo, offered", [
    ("batles-as-markov-chains", "battles-as-markov-chains"), ("counting-dise", "counting-dice"),
    (9, None), ("", None)])
def test_a_lesson_name_typo_gets_one_line_with_the_close_names_and_the_choices(typo, offered):
    with pytest.raises(course.UnknownLesson) as caught:
        course.find_lesson(typo)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"no lesson {str(typo)!r}; ")
    assert ("did you mean " + offered in message) if offered else "did you mean" not in message
    assert message.endswith("the lessons: 1 rules-as-a-machine, 2 counting-dice, "
                            "3 decisions-under-chance, 4 battles-as-markov-chains, "
                            "5 maps-as-graphs, 6 designing-a-card, 7 play-test-day")


def test_cli_lab_refuses_a_lesson_typo_before_copying_anything(tmp_path, capsys):
    assert main(["lab", str(tmp_path / "work"), "--lesson", "batles", "--no-input"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mythlab lab: no lesson 'batles'; ") and err.count("\n") == 1
    assert not (tmp_path / "work").exists()


def test_cli_lab_dry_run_opens_the_lesson_asked_for(tmp_path, capsys):
    work = tmp_path / "work"
    assert main(["lab", str(work), "--dry-run", "--no-input", "--lesson", "battles",
                 "--port", "9999", "--no-browser"]) == 0
    command = capsys.readouterr().out.strip().splitlines()[-1].split()
    assert command[-1] == str(work.resolve() / LESSON_4)
    assert "--ServerApp.port=9999" in command and "--no-browser" in command


def test_cli_lab_refuses_a_port_out_of_range(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["lab", str(tmp_path), "--port", "70000"])
    assert stopped.value.code == 2 and "--port 70000 is not a port number" in \
        capsys.readouterr().err


def test_lessons_exercises_of_a_lesson_that_has_none_names_the_lessons():
    from mythlab import lessons

    with pytest.raises(lessons.UnknownExercise, match=r"no lesson 9 has exercises; "
                                                      r"the lessons: 1, 2, 3, 4, 5, 6, 7$"):
        lessons.exercises(9)
    assert [e.id for e in lessons.exercises(4)] == ["4.1", "4.2", "4.3", "4.4"]


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_cli_lab_starts_jupyterlab_on_the_copied_lessons_and_stops_with_it(tmp_path):
    """A real JupyterLab: it serves the copied lessons, opens the one asked for, and a SIGTERM
    to ``mythlab lab`` stops it (the server does not outlive the command)."""
    from server_support import serve_lab

    served = serve_lab([sys.executable, "-m", "mythlab"], tmp_path / "class", tmp_path,
                       "--lesson", "4")
    assert served["lessons"] == sorted(p.name for p in course.lessons())
    assert served["page"] == 200 and served["opened"] == str(LESSON_4)
    assert served["stopped"] == 0 and served["freed"], served["log"][-3000:]
