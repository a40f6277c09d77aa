"""Self-checking exercises (``mythlab.lessons``): every expected answer is accepted in each form
its kind allows, a wrong one is refused with its hint, a wrong kind of answer is told what was
expected, and neither a message nor a lesson notebook's outputs reveal an answer."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from mythlab import lessons
from mythlab.lessons import Chance, Names, Whole

LESSONS = sorted((Path(__file__).resolve().parents[1] / "notebooks" / "lessons").glob("*.ipynb"))
EXERCISES = lessons.exercises()
IDS = [e.id for e in EXERCISES]


def wrong_answer(ex: lessons.Exercise):
    """An answer of the right kind that is not the expected one."""
    right = ex.answer()
    if isinstance(ex.kind, Whole):
        return right + 1
    if isinstance(ex.kind, Chance):
        return right / 2
    if isinstance(ex.kind, Names):
        return list(right)[:-1] or ["nowhere"]
    return next((c for c in ex.kind.choices if c != right), "no such thing")


def test_every_lesson_has_at_least_three_exercises():
    for lesson in range(1, 8):
        assert len(lessons.exercises(lesson)) >= 3, lesson


@pytest.mark.parametrize("id", ["1.3", "2.2", "3.2", "5.2"])
def test_the_lessons_placeholder_is_not_yet_answered_and_reveals_nothing(id):
    verdict = lessons.check(id, ...)
    assert not verdict and verdict.message == f"Not yet ({id}): write your answer above, in " \
        "place of the ..."


@pytest.mark.parametrize("id", IDS)
def test_the_engines_answer_is_accepted_and_the_verdict_does_not_repeat_it(id):
    ex = lessons.exercise(id)
    verdict = lessons.check(id, ex.answer())
    assert verdict and verdict.right and verdict.message == f"Right ({id})."


@pytest.mark.parametrize("id", IDS)
def test_a_wrong_answer_is_refused_with_the_hint_and_no_answer(id):
    ex = lessons.exercise(id)
    verdict = lessons.check(id, wrong_answer(ex))
    assert not verdict and ex.hint in verdict.message
    assert id not in lessons.revealed(verdict.message, ex.lesson)


@pytest.mark.parametrize("id", IDS)
def test_no_prompt_hint_or_expectation_gives_its_answer_away(id):
    ex = lessons.exercise(id)
    assert id not in lessons.revealed(f"{ex.prompt} {ex.hint} {ex.kind.expects}", ex.lesson)


@pytest.mark.parametrize("id", [e.id for e in EXERCISES if isinstance(e.kind, Chance)])
def test_a_chance_takes_its_text_fraction_and_a_decimal_to_four_places_only(id):
    p: Fraction = lessons.exercise(id).answer()
    assert lessons.check(id, f"{p.numerator}/{p.denominator}")
    assert lessons.check(id, round(float(p), 4)) and lessons.check(id, f"{float(p):.4f}")
    off = round(float(p), 4) + (0.0002 if p < Fraction(1, 2) else -0.0002)
    assert not lessons.check(id, off), "a decimal off in the 4th place is not the answer"
    percent = lessons.check(id, float(p) * 100) if p * 100 > 1 else None
    if percent is not None:
        assert not percent and "percentage" in percent.message


def test_whole_numbers_take_digit_text_and_whole_floats():
    assert lessons.check("2.2", "462") and lessons.check("2.2", 462.0)
    assert lessons.check("2.2", " 462 ")


def test_names_ignore_case_spaces_and_order():
    assert lessons.check("1.2", "  draw ")
    assert lessons.check("5.2", "j6, a2 ,F10") and lessons.check("5.2", {"F10", "J6", "A2"})
    assert not lessons.check("5.2", ["A2", "F10"])


@pytest.mark.parametrize("id, answer, expected", [
    ("2.2", "four hundred", "expected a whole number"),
    ("2.2", 4.5, "expected a whole number"),
    ("2.2", True, "expected a whole number"),
    ("4.1", "half", "expected a probability between 0 and 1"),
    ("4.1", [1, 2], "expected a probability between 0 and 1"),
    ("4.1", float("nan"), "expected a probability between 0 and 1"),
    ("4.1", "1/0", "expected a probability between 0 and 1"),
    ("4.1", -0.5, "is not between 0 and 1"),
    ("4.1", 36.1, "a percentage? Give the probability itself"),
    ("4.1", "9" * 500, "a text of 500 characters"),
    ("1.2", 3, "expected a phase name"),
    ("3.2", "blue", "'blue' is not one of the choices: yellow, red"),
    ("5.2", 61, "expected names"),
    ("5.2", [], "expected names"),
])
def test_a_wrong_kind_of_answer_says_what_was_expected(id, answer, expected):
    verdict = lessons.check(id, answer)
    assert not verdict and expected in verdict.message and "Hint" not in verdict.message
    assert verdict.message.startswith(id) and "\n" not in verdict.message


@pytest.mark.parametrize("typo, offered", [
    ("4.7", "4.1, 4.2, 4.3, 4.4"), ("42", "4.2"), ("2,3", "2.3"), (None, "1.1"),
])
def test_an_unknown_exercise_gets_one_line_with_the_close_ids(typo, offered):
    verdict = lessons.check(typo, 1)
    assert not verdict and verdict.message.startswith("no exercise ")
    assert offered in verdict.message and "\n" not in verdict.message
    with pytest.raises(lessons.UnknownExercise, match="did you mean"):
        lessons.exercise(typo)


def test_the_checker_widget_shows_the_verdict_without_the_answer():
    box = lessons.checker("4.1")
    assert "4.1" in box.children[0].value
    box.answer.value = "1/2"
    assert "Not yet" in box.result.value and lessons.revealed(box.result.value, 4) == []
    right = lessons.exercise("4.1").answer()
    box.answer.value = f"{right.numerator}/{right.denominator}"
    assert "Right (4.1)." in box.result.value


def test_revealed_finds_an_answer_in_any_printed_form_and_only_as_a_whole_token():
    p = lessons.exercise("4.1").answer()
    for text in (f"P = {p}", f"about {float(p):.4f}", f"{float(p) * 100:.1f}% of rounds"):
        assert "4.1" in lessons.revealed(text, 4), text
    assert "2.2" in lessons.revealed("there are 462 rolls", 2)
    assert "2.2" not in lessons.revealed("there are 4620 rolls, 1.462 s", 2)
    assert lessons.revealed("chokepoints: ['A2', 'F10', 'J6']", 5) == ["5.2"]


def lesson_number(path: Path) -> int | None:
    """``notebooks/lessons/04-battles.ipynb`` -> 4 (None: check against every lesson)."""
    found = re.match(r"(\d+)", path.name)
    return int(found.group(1)) if found else None


BINARY = ("image/png", "image/jpeg", "image/gif")
"""Base64 pictures: no text to read, and their letters and digits would match short answers
by chance (a '+4/' inside a PNG is not the number 4)."""


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def widget_texts(value: object, key: str = "") -> list[str]:
    """The texts a widget's state shows (HTML, labels, options, a board's words), at any
    depth; keys starting with ``_`` are the widget's machinery (its module, its JavaScript)."""
    if key.startswith("_"):
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in widget_texts(v, str(k))]
    if isinstance(value, list | tuple):
        return [t for v in value for t in widget_texts(v)]
    return []


def output_text(nb: nbformat.NotebookNode) -> str:
    """Everything an executed notebook shows as text: streams, results, errors, in every text
    mime type (HTML, SVG, plain, widget references), and what its widgets show (the widget
    state nbclient saves with the notebook)."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            parts.append(str(out.get("text", "")))
            parts.extend(str(v) for k, v in out.get("data", {}).items() if k not in BINARY)
            parts.extend([str(out.get("evalue", ""))])
    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    parts.extend(t for model in models.values() for t in widget_texts(model.get("state", {})))
    return "\n".join(parts)


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_run_all_reveals_no_answer_of_the_lessons_exercises(path: Path, run_notebook):
    """Execute the lesson as Run All would and read every output: no answer may appear."""
    nb = run_notebook(nbformat.read(path, as_version=4), cwd=path.parent)
    assert lessons.revealed(output_text(nb), lesson_number(path)) == []


def test_the_reveal_check_catches_a_notebook_that_prints_an_answer(run_notebook):
    """The test above can fail: a lesson that prints 4.2's answer is caught, a clean one not."""

    def executed(*sources: str) -> nbformat.NotebookNode:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
        return run_notebook(nb, timeout=120)

    leaky = executed("from mythlab.cyclades.combat import battle_odds",
                     "battle_odds(3, 2).probability")
    clean = executed("from mythlab import lessons", "lessons.check('4.2', '1/2')")
    assert lessons.revealed(output_text(leaky), 4) == ["4.2"]
    assert lessons.revealed(output_text(clean), 4) == []
    table = ("from mythlab.lessons import playtest\nfrom mythlab.widgets import Stepper\n"
             "game = playtest.reference_game()\n")
    at_the_end = executed(table + "game.redo(len(game.ahead))\nStepper(game)")
    at_the_start = executed(table + "Stepper(game)")
    assert lessons.revealed(output_text(at_the_end), 7) == ["7.1", "7.2"]
    assert lessons.revealed(output_text(at_the_start), 7) == []


GUIDES = Path(__file__).resolve().parents[1] / "docs" / "teaching"
FILE_ID = re.compile(r"\b\d{3}_[0-9a-f]{16}\b|DESIGN\.md|RULE-NOTES\.md")


def test_the_course_has_seven_lessons_and_a_guide_for_each():
    numbers = [lesson_number(p) for p in LESSONS]
    assert numbers == list(range(1, 8))
    for path in LESSONS:
        assert len(list(GUIDES.glob(f"{path.name[:2]}-*.md"))) == 1, path.name
    assert (GUIDES / "README.md").is_file()


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_a_lesson_is_short_opens_with_its_timed_plan_and_cites_rulebooks_by_title(path):
    nb = nbformat.read(path, as_version=4)
    assert len(nb.cells) <= 20
    first = nb.cells[0]
    assert first.cell_type == "markdown" and "45 minutes" in first.source
    assert re.search(r"\| \d+–\d+ \|", first.source), "no timed parts in the first cell"
    assert re.search(r"rulebook, [A-Z][a-z]+ edition", first.source)
    text = "\n".join(c.source for c in nb.cells)
    assert not FILE_ID.search(text), "cite rulebooks by title, never by file id"
    for cell in nb.cells:
        if cell.cell_type == "code" and "lessons.check(" in cell.source:
            assert re.search(r"^answer = \.\.\.", cell.source, re.M), cell.source


@pytest.mark.parametrize("lesson", range(1, 8))
def test_the_guides_solutions_are_the_engines_answers(lesson):
    """scripts/teacher_solutions.py wrote them; a change in the engine must be re-run."""
    import runpy

    script = runpy.run_path(str(GUIDES.parents[1] / "scripts" / "teacher_solutions.py"))
    guide = script["guide"](lesson).read_text(encoding="utf-8")
    block = script["BLOCK"].search(guide)
    assert block and block.group(0) == script["solutions_block"](lesson), \
        "stale: run scripts/teacher_solutions.py"
    for ex in lessons.exercises(lesson):
        assert f"| {ex.id} |" in block.group(0)


def test_a_misspelt_card_is_refused_naming_the_field_and_a_power_is_tried_on_a_domain():
    import mythlab
    from mythlab.lessons import card_lab

    with pytest.raises(mythlab.DataError, match="power"):
        card_lab.card_text(card_lab.GOLDEN_FLEECE.replace("family: zeus", "family: zues"))
    assert card_lab.vp_from(card_lab.GOLDEN_FLEECE, ["zeus", "hades", "zeus"]) == 2
    assert card_lab.vp_from(card_lab.GOLDEN_FLEECE, ["athena"]) == 0


def test_the_verdicts_read_the_interval():
    from mythlab.lessons.measure import Rate, clearly_above, overlap, wilson

    low, high = wilson(81, 263)  # Newcombe (1998), example: 0.2553 to 0.3662
    assert round(low, 4) == 0.2553 and round(high, 4) == 0.3662
    assert clearly_above(Rate(5, 40), Fraction(1, 2)) == "no"
    assert overlap(Rate(9, 18), Rate(8, 19)) and not overlap(Rate(36, 40), Rate(4, 40))


def test_a_guess_placeholder_reveals_nothing_and_a_guess_sees_the_engines_answer():
    from mythlab.lessons import reveal

    assert not reveal(..., [16, 8, 8, 0]) and "16" not in str(reveal(..., [16, 8, 8, 0]))
    assert reveal([16, 8, 8, 0], [16, 8, 8, 0])
    wrong = reveal([16, 6, 6, 0], [16, 8, 8, 0])
    assert not wrong and "[16, 8, 8, 0]" in str(wrong)
    assert reveal(["zeus", " Apollo"], {"Apollo", "Zeus"})
    assert not reveal(["Zeus"], {"Apollo", "Zeus"})
    assert reveal(0.3611, Fraction(13, 36)) and not reveal(0.36, Fraction(13, 36))
    assert not reveal(True, 1) and not reveal("4", 4)


def test_the_card_measurement_finds_each_cards_holders_only_in_its_own_deck():
    """Lesson 6 measures by ``experiment(groups=)``: the new card replaces Eagle of Zeus."""
    from mythlab.lessons import card_lab

    result = card_lab.measure(card_lab.GOLDEN_FLEECE, games=6)
    seen = {(r["variant"], r["group"]) for r in result.group_win_rates()}
    assert ("printed deck", "Eagle of Zeus") in seen and ("with Golden Fleece", "Golden Fleece") \
        in seen
    assert not {("printed deck", "Golden Fleece"), ("with Golden Fleece", "Eagle of Zeus")} & seen
    assert all(r["games"] <= 6 for r in result.group_win_rates())
    assert set(card_lab.holders_rates(result)) == {"Eagle of Zeus", "Golden Fleece"}
