"""``mythlab handout <game>``: the page holds the game's declared phases, its numbers with their
provenance marks and its tables, equal to what the engine computes; refusals are one line."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

import mythlab
from mythlab import handouts
from mythlab.cli import main
from mythlab.handouts import HandoutError, handout_html, sections
from mythlab.handouts.elder_sign_table import shipped_odds
from mythlab.registry import game_class

BUILTIN = ["agea", "cyclades", "elder_sign", "elysium"]


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {game: handout_html(game) for game in BUILTIN}


def exact(page: str) -> list[Fraction]:
    """Every exact chance the page carries (in its tooltips), in page order."""
    return [Fraction(t) for t in re.findall(r'title="(\d+/\d+)"', page)]


@pytest.mark.parametrize("game", BUILTIN)
def test_the_handout_shows_every_declared_phase_with_its_rule_and_moves(pages, game):
    page = pages[game]
    phases = game_class(game).phases
    summary, _, _ = page.partition('<div class="tables">')
    svg = re.search(r'<figure class="phase-picture">(<svg.*?</svg>)</figure>', summary, re.S)
    assert svg, "the rules summary draws the phase diagram"
    for n, phase in enumerate(phases, 1):
        assert f"<b>{n}. {html.escape(phase.name)}</b>" in summary
        assert f'<div class="rule">{html.escape(phase.rule.split(" · ")[-1])}</div>' in summary
        assert f">{html.escape(phase.name)}</text>" in svg.group(1)  # text, not outlines
    assert summary.count('<div class="rule">') == len(phases)
    arrows = sum(len(p.next) for p in phases)
    assert svg.group(1).count('id="patch_') >= arrows  # one arrow head per declared move


@pytest.mark.parametrize("game", BUILTIN)
def test_every_row_of_every_table_carries_a_provenance_mark(pages, game):
    """Battle tables are marked once for the whole table (their inputs), below them; the
    phase table's rule column is its reference to the rulebook."""
    for tab in re.findall(r"<table.*?</table>", pages[game]):
        if "Attack succeeds" in tab or tab.startswith('<table class="phases">'):
            continue
        for row in re.findall(r"<tr>(.*?)</tr>", tab.split("</thead>")[1]):
            assert re.search(r'class="mark (seed|public|mythlab)"', row), row[:200]


def test_elder_sign_table_covers_every_adventure_on_every_scenario(pages):
    from mythlab.elder_sign import SCENARIOS, adventures

    scenarios, rows = shipped_odds()
    assert scenarios == SCENARIOS
    assert [name for name, _ in rows] == [a.name for a in adventures()]
    assert all(len(chances) == len(SCENARIOS) for _, chances in rows)
    assert exact(pages["elder_sign"]) == [p for _, chances in rows for p in chances]


@pytest.mark.parametrize("card", ["Lights Out", "A Secret Gathering", "The Hidden Passage"])
def test_a_sample_of_the_precomputed_elder_sign_table_equals_the_solver(card):
    """The table ships precomputed (minutes of solving); a sample is solved again here."""
    from mythlab.elder_sign import adventure, adventure_odds

    scenarios, rows = shipped_odds()
    shipped = dict(rows)[adventure(card).name]
    for column in ("5G", "6G", "6G+R"):
        assert shipped[scenarios.index(column)] == adventure_odds(adventure(card), column)


def test_cyclades_battle_tables_equal_battle_odds(pages):
    from mythlab.cyclades.combat import battle_odds

    shown = exact(pages["cyclades"])
    n = sections.BATTLE_UNITS
    assert len(shown) == n * n * len(sections.BATTLE_BONUSES)
    i = 0
    for b in sections.BATTLE_BONUSES:
        for a in range(1, n + 1):
            for d in range(1, n + 1):
                assert shown[i] == battle_odds(a, d, b).probability, (a, d, b)
                i += 1


def test_elysium_scoring_shows_the_rule_numbers_with_their_pages(pages):
    from mythlab.elysium.load import rules_book

    page = pages["elysium"]
    for name, number in rules_book().numbers.items():
        row = re.search(rf"<td>{name.replace('_', ' ')}</td><td>(.*?)</td><td>(.*?)</td>", page)
        assert row, name
        assert f'class="mark {number.provenance}"' in row.group(2)
        if number.page:
            assert f"p.{number.page}" in row.group(2)


def test_agea_summary_lists_the_victory_points(pages):
    from mythlab.agea.load import rule_numbers

    vp = rule_numbers()["victory_points"]
    for what in ("war_won", "hero", "relic"):
        assert f"<td>{what.replace('_', ' ')}</td><td>{vp[what]}</td>" in pages["agea"]


def test_a_chance_is_never_printed_as_a_certainty_it_is_not():
    assert ">0%<" in sections._percent(Fraction(0)) and ">100%<" in sections._percent(Fraction(1))
    assert "&lt;0.1%" in sections._percent(Fraction(1, 10**6))
    assert "&gt;99.9%" in sections._percent(1 - Fraction(1, 10**6))


def test_a_game_of_ones_own_gets_its_phases(tmp_path):
    page = handout_html("toy-race")
    assert page.count('<div class="rule">') == len(game_class("toy-race").phases)
    assert '<div class="tables">' not in page  # nothing but the summary


def test_cli_handout_writes_the_page(tmp_path, capsys):
    assert main(["handout", "agea", "-o", str(tmp_path / "a.html")]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {tmp_path / 'a.html'}"
    assert (tmp_path / "a.html").read_text(encoding="utf-8") == handout_html("agea")


@pytest.mark.parametrize("argv, message", [
    (["handout", "chess"], "no game called 'chess'; choose one of: "),
    (["handout", "agea", "-o", "."], "is a folder; give a file name"),
    (["handout", "agea", "-o", "/proc/nowhere/a.html"], "cannot write /proc/nowhere/a.html"),
])
def test_cli_handout_refusals_are_one_line(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mythlab handout: ") and message in err and err.count("\n") == 1
    if "chess" in argv:
        assert ", ".join(mythlab.games()) in err


def test_pdf_without_chromium_says_so_and_keeps_the_html(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(handouts, "CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.setattr(handouts.shutil, "which", lambda name: None)
    with pytest.raises(HandoutError, match="no Chromium found .* open .* in a browser"):
        handouts.write_handout("agea", tmp_path / "a.html", pdf=True)
    assert (tmp_path / "a.html").exists()
    assert main(["handout", "agea", "-o", str(tmp_path / "b.html"), "--pdf"]) == 2
    assert "no Chromium found" in capsys.readouterr().err
