"""Elder Sign on the clickable board (issue 12 §3): every legal move has a click path whose board
tokens are drawn in the mover's view, and clicking it through the Stepper makes that move.

A card (or the Entrance) is clicked to go there or to place a monster on it, a task row to
complete it (then the dice, when there are several ways), a die to set it aside, a die then a
marker to focus or assist, a die then a spell, an item to spend it, "roll" to roll and
"clues" to spend one; the rest (fail, try again, take an investigator …) is picked by name.
Dice faces are SVG icons, rewards and penalties words, chances "16.7%, about 1 in 6".
"""

from __future__ import annotations

import random
import re
from collections import Counter

from table_support import check_paths, random_positions

import mythlab
from mythlab.display import Pick
from mythlab.elder_sign.scenarios import roll, scenario
from mythlab.elder_sign.view import effect_words, elder_sign_view, targets
from mythlab.widgets import StepperModel, render_view


def walk(seed: int, players: int):
    """The positions of a random game where a person moves (at most 500 moves)."""
    return (s for s in random_positions("elder_sign", seed, players, steps=500)
            if not s.is_terminal() and not s.is_chance_node())


def test_every_legal_move_has_one_path_drawn_in_the_movers_view():
    kinds: Counter[str] = Counter()
    for seed, players in [(1, 1), (2, 2), (3, 3), (5, 2)]:
        for s in walk(seed, players):
            check_paths(s, targets, kinds)
    for kind in ("move", "complete", "aside", "focus", "roll", "spend", "clue", "place"):
        assert kinds[kind], kind                                    # each kind on the board


def test_the_board_names_the_moves_the_issue_lists():
    s = scenario(board=["Lights Out", "The Curator"])
    paths = targets(s)
    assert paths["go to Lights Out"] == ("card:Lights Out",)
    assert paths["go to the Entrance"] == ("entrance",)
    s = roll(s.apply("go to The Curator"), "LORE", "LORE", "LORE", "INV_3", "PERIL", "TERROR")
    paths = targets(s)
    # The Curator: task 1 LORE,LORE,LORE; task 2 LORE,INV_3 (one way each with this roll)
    assert paths["complete task 1 (LORE,LORE,LORE) with green LORE x3"] == ("row:0",)
    assert paths["complete task 2 (LORE,INV_3) with green INV_3 + green LORE"] == ("row:1",)
    html = render_view(s, 0)
    assert html.count('data-token="die:green:LORE"') == 3


def test_clicking_each_path_on_the_board_makes_exactly_that_move():
    moves = 0
    for seed in (3, 4, 6):
        rng = random.Random(seed)
        m = StepperModel(mythlab.make("elder_sign", players=2, seed=seed))
        while not m.is_over and moves < 100 * seed:
            if m.is_chance:
                m.roll()
                continue
            paths = m.click_paths
            label = rng.choice(sorted(paths))
            before = len(m.state.history)
            for step in paths[label]:
                token = step.token if isinstance(step, Pick) else step
                assert token in ([p.token for p in m.choices] if isinstance(step, Pick)
                                 else m.hot)
                m.board_click(token)
            assert m.state.history[before] == label, m.error
            moves += 1
    assert moves >= 200


def test_dice_are_svg_icons_and_no_view_holds_an_emoji():
    # emoji render as empty boxes on machines without an emoji font (issue 12 §3)
    seen_dice = 0
    for s in list(walk(2, 2))[::7]:
        for viewer in ("all", None, 0):
            html = render_view(s, viewer)
            assert not [c for c in html if ord(c) > 0xFFFF or 0x2600 <= ord(c) <= 0x27BF]
        if s.data.attempt is not None and s.data.attempt.rolled:
            html = render_view(s, 0)
            assert html.count("<svg") >= len(s.data.attempt.rolled)
            assert all(f'data-token="die:{x}"' in html for x in s.data.attempt.rolled)
            seen_dice += 1
    assert seen_dice >= 3


def test_rewards_and_penalties_read_as_words():
    assert effect_words("elder_sign:1;clue:1") == "+1 Elder Sign, +1 clue"
    assert effect_words("stamina:-1") == "lose 1 stamina"
    assert effect_words("monster:1;doom:2") == "1 monster appears, +2 doom"
    assert effect_words("none") == "none"
    html = elder_sign_view(scenario(board=["Lights Out", "Koi Pond", "The Curator"]))
    assert not re.search(r"\w+:-?\d(;|<)", html)                   # no raw effect tokens
    assert "rewards: " in html and "penalties: " in html


def test_card_odds_read_for_people_with_the_exact_fraction_on_hover():
    from mythlab.elder_sign.live_odds import card_odds

    s = scenario(board=["Lights Out"])
    p = card_odds(s, "Lights Out", "6G")
    html = elder_sign_view(s)
    from mythlab.display import chance_text

    assert f'<span title="exact: {p.numerator}/{p.denominator}">{chance_text(p)}</span>' in html
    assert f">{p.numerator}/{p.denominator}<" not in html            # never inline


def test_the_odds_key_names_the_abilities_the_odds_leave_out():
    """The live odds count no investigator ability but Kate Winthrop's (terror ignored) and
    Sister Mary's (the Mythos ignored): the key names whoever's ability could change them,
    with the ability's words on hover, so no one reads them as exact for more than they count."""
    from mythlab.elder_sign.live_odds import abilities_left_out

    def key(s) -> str:
        html = elder_sign_view(s)
        return re.sub(r'<span title="[^"]*">(.*?)</span>', r"[\1]",
                      re.search(r"odds: .*?fraction on hover", html).group(0))

    changes_the_roll = {"Amanda Sharpe", "Darrell Simmons", "Gloria Goldberg", "Harvey Walters",
                        "Michael McGlen"}
    every = scenario().game.data.investigators
    for name in every:  # alone, as the active investigator
        if name == "Mandy Thompson":
            continue
        s = scenario(players=1, investigators=[name], board=["Lights Out"])
        assert abilities_left_out(s) == ([name] if name in changes_the_roll else []), name
    lights_out = ["Lights Out"]
    harvey = scenario(players=2, investigators=["Harvey Walters", "Kate Winthrop"],
                      board=lights_out)
    assert "(no items, spells or clues, nor [Harvey Walters]'s ability)" in key(harvey)
    ability = every["Harvey Walters"].ability_text
    assert f'<span title="{ability}">Harvey Walters</span>' in elder_sign_view(harvey)
    kate = scenario(players=2, investigators=["Kate Winthrop", "Harvey Walters"],
                    board=lights_out)
    assert "(no items, spells or clues);" in key(kate)          # Harvey's works on his turn
    both = scenario(players=2, investigators=["Harvey Walters", "Mandy Thompson"],
                    board=lights_out)
    assert "nor the abilities of [Harvey Walters] and [Mandy Thompson])" in key(both)
    both.data.seats[1].investigator.used_today = True            # her reroll is spent today
    assert "nor [Harvey Walters]'s ability)" in key(both.edited())
