"""The Elysium view in the Stepper (issue 5 §3): what it shows, how fast, and a Stepper driving it.

The view is plain Python (``elysium_view(state) -> html``), so these tests read its HTML
directly; ``StepperModel`` and ``Stepper`` drive a few real moves through it.
"""

from __future__ import annotations

import random
import time
from html import escape

import pytest

import mythlab
from mythlab.elysium import render_condition, scenario
from mythlab.elysium.view import card_html, elysium_view
from mythlab.widgets import StepperModel, render_view
from mythlab.widgets.views import view_for


def state(players: int = 4, seed: int = 7):
    return mythlab.make("elysium", players=players, seed=seed).initial_state()


def section(html: str, css: str) -> str:
    """The HTML from the first element with class ``css`` to the next zone or seat."""
    start = html.index(f'class="{css}')
    ends = [i for marker in ('<div class="zone ', '<div class="seat')
            if (i := html.find(marker, start + 1)) > 0]
    return html[start:min(ends, default=len(html))]


def seat_part(html: str, q: int) -> str:
    """The HTML of seat ``q``'s area (up to the next seat)."""
    part = html[html.index(f'data-seat="{q}"'):]
    end = part.find('data-seat="', 10)
    return part if end < 0 else part[:end]


def test_the_view_is_registered_for_elysium():
    s = state()
    assert view_for("elysium") is elysium_view
    assert 'class="elysium mythlab-elysium-view"' in render_view(s)


def test_every_agora_card_with_its_condition_and_power_text_by_name():
    s = state()
    html = elysium_view(s)
    agora = section(html, "zone agora")
    assert f"Agora ({len(s.data.agora)} cards)" in agora
    for c in s.data.agora:
        card = s.game.inst[c]
        shown = card_html(s, c, condition=True)
        assert shown in agora
        assert escape(s.game.labels[c]) in shown
        assert escape(render_condition(card)) in shown
        assert escape(s.game.texts[c]) in shown          # the power language's render()
        assert f"L{card.level}" in shown
        assert c not in s.game.labels[c]                  # a name, not the short id
        assert f">{c}<" not in shown
    assert agora.count('class="ely-card') == len(s.data.agora)


def test_mythlab_flagged_cards_are_marked_and_seed_cards_are_not():
    # issue 12: one small mark, explained once in the header, names the fields on hover
    s = state()
    flagged = [c for c in s.game.inst if s.game.inst[c].provenance.mythlab()]
    invented = next(c for c in flagged if len(s.game.inst[c].provenance.mythlab()) == 7)
    partly = next(c for c in flagged if len(s.game.inst[c].provenance.mythlab()) < 7)
    mark = '<span class="mythlab-flag" title="'
    assert mark + "mythlab card: designed by mythlab" in card_html(s, invented)
    assert "= a value the rulebooks do not give, chosen by mythlab" in elysium_view(s)
    fields = s.game.inst[partly].provenance.mythlab()
    assert mark + "mythlab: " in card_html(s, partly) and "mythlab card" not in card_html(s, partly)
    flag = card_html(s, partly).split(mark + "mythlab: ")[1].split(" chosen by mythlab")[0]
    words = {"name_en": "English name", "name_el": "Greek name", "level": "level",
             "copies": "copies", "condition": "condition", "timing": "timing", "power": "power"}
    assert flag.split(", ") == [words[f] for f in fields]
    assert card_html(s, partly).count("mythlab-flag") == 1
    assert "⚑" not in elysium_view(s)                     # no pink badge any more
    clean = [c for c in s.game.inst if not s.game.inst[c].provenance.mythlab()]
    if clean:   # the edition may flag every card in the first-game set
        assert "mythlab-flag" not in card_html(s, clean[0])


def test_temple_shows_each_quest_with_colour_rewards_and_holder():
    s = state()
    temple = section(elysium_view(s), "zone temple")
    for tile, quest in s.game.quests.items():
        colours = " or ".join(s.quest_colours(tile))
        assert f"<b>Quest {quest.number}</b> needs" in temple and colours in temple
        assert (f"disc #{quest.number} · {quest.vp} VP · {quest.gold} gold · "
                f"{quest.lyres} lyres") in temple
    assert 'title="mythlab values: the rulebooks do not give the quests' in temple
    me = s.current_player
    taken = s.apply(next(a for a in s.legal_actions() if a.kind == "quest"))
    temple = section(elysium_view(taken), "zone temple")
    assert f"taken by <b>{taken.player_name(me)}</b>" in temple


def test_each_players_columns_domain_legends_gold_vp_pp():
    s = scenario(players=3, families="opulence", phase="III", lyres={0: 2}, gold={0: 7, 1: 3},
                 vp={1: 11}, pp={2: 4}, columns={1: ["red", "blue"]},
                 domain={0: ["Anvil"]}, citizens={0: 1})
    html = elysium_view(s)
    for q, seat in enumerate(s.data.seats):
        part = seat_part(html, q)
        name = s.player_name(q)
        assert f"<b>{name}</b> disc #{seat.disc}" in part
        assert f"<b>{seat.gold} gold</b><b>{seat.vp} VP</b><b>{seat.pp} PP</b>" in part
        assert "Columns:" in part and (", ".join(seat.columns) or "none left") in part
        for c in seat.domain:
            if c not in seat.citizens:
                assert escape(s.game.labels[c]) in part
    seat1 = seat_part(html, 1)
    assert 'class="col yellow gone"' in seat1 and 'class="col red"' in seat1
    assert "1 Citizen (face down)" in seat_part(html, 0)
    assert "lyres left: 2" in html


def test_legends_show_kind_size_worth_and_citizen_jokers():
    s = scenario(players=2, elysium={0: [["Charon", "Cerberus", "Citizen"], ["Divine Law"],
                                         ["Anvil", "Trade Agreement"]]})
    html = elysium_view(s)
    me = seat_part(html, 0)
    assert "Legend 1</b>: Hades family legend (3/3) · worth 6 VP" in me
    assert "Citizen (joker)" in me
    assert "Legend 2</b>: lone Divine Law · worth 0 VP" in me
    assert "Legend 3</b>: level 1 legend (2/5) · worth 2 VP" in me
    for name in ("Charon", "Cerberus", "Divine Law", "Anvil", "Trade Agreement"):
        assert f"<b>{name}</b>" in me or f">{name}</b>" in me


def test_bonus_holders_are_shown():
    s = scenario(players=3, family_bonus={"hades": [1, 2]}, level_bonus={"2": [0, 3]})
    temple = section(elysium_view(s), "zone temple")
    assert "Hades: P2 (5 VP), P3 (2 VP)" in temple
    assert "level 2: P1 (3 cards, 3 VP)" in temple
    assert 'title="mythlab: level bonus VP 2/3/4;' in temple


def test_turned_activate_and_used_trigger_cards_are_marked():
    s = scenario(players=2, domain={0: ["Naval Power", "Persephone"]}, agora=["Charon"])
    before = elysium_view(s)
    assert "ring: unused" in before and "turned: used this epoch" not in before
    s = s.apply("use Naval Power").apply("choose: gain 1 gold")
    s = s.apply("use Persephone").apply("stop transferring")
    after = elysium_view(s)
    assert "turned: used this epoch" in after and "used (no ring)" in after


def test_oracle_shown_when_apollo_plays():
    s = mythlab.make("elysium", players=3, seed=1, families="wasteland").initial_state()
    oracle = section(elysium_view(s), "zone oracle")
    for c in s.data.oracle:
        assert escape(s.game.labels[c]) in oracle
    assert "zone oracle" not in elysium_view(state())


def test_render_time_under_100_ms_along_a_played_game():
    s = state()
    rng = random.Random(5)
    timings = []
    while not s.is_terminal():
        start = time.perf_counter()
        elysium_view(s)
        timings.append(time.perf_counter() - start)
        s = s.apply(rng.choice(s.legal_actions()))
    start = time.perf_counter()
    final = elysium_view(s)
    timings.append(time.perf_counter() - start)
    worst, typical = max(timings), sorted(timings)[len(timings) // 2]
    print(f"\nElysium view over {len(timings)} states: median {typical * 1000:.2f} ms, "
          f"worst {worst * 1000:.2f} ms")
    assert "Game over" in final
    assert worst < 0.1


def test_stepper_model_drives_moves_through_the_view():
    m = StepperModel(mythlab.make("elysium", players=4, seed=7))
    s0 = m.state
    first = next(label for label in m.labels if label.startswith("take ")
                 and not label.startswith("take quest"))
    name = first.removeprefix("take ")
    html0 = m.view_html
    assert name in section(html0, "zone agora")
    assert m.click(first)
    html1 = m.view_html
    assert html1 != html0
    assert name not in section(html1, "zone agora")
    mover = s0.current_player
    domain = seat_part(html1, mover).split('class="zone elysium-legends"')[0]
    assert escape(name) in domain
    column = next(label for label in m.labels if label.startswith("discard the"))
    colour = column.split()[2]
    assert m.click(column)
    after = m.view_html
    assert f'class="col {colour} gone"' in seat_part(after, mover)
    assert not m.click("take quest 9") and "quest 9" in m.error     # refused, view unchanged
    assert m.view_html == after
    assert m.undo() and m.undo()
    assert m.view_html == html0
    assert m.redo() and m.view_html == html1


def test_stepper_widget_shows_the_view_and_plays_a_phase():
    pytest.importorskip("ipywidgets")
    from mythlab.widgets import Stepper

    stepper = Stepper(mythlab.make("elysium", players=2, seed=3))
    assert "mythlab-elysium-view" in stepper.board.html
    label = stepper.model.labels[0]
    stepper.press(label)
    assert stepper.model.step == 1 and "mythlab-elysium-view" in stepper.board.html
    stepper.phase_button.click()
    assert stepper.model.phase_name == "Phase III: Writing legends"
    assert "lyres left:" in stepper.board.html
    stepper.undo_button.click()
    assert stepper.model.phase_name == "Phase II: Actions"
