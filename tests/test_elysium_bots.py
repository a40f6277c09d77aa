"""The Elysium legend bot (issue 5 §3): greedy for legend VP per gold, keeping its columns."""

from __future__ import annotations

import pytest

import mythlab
from mythlab.elysium import LegendBot, scenario
from mythlab.elysium.bots import meets
from mythlab.elysium.powers import Colour
from mythlab.sim import (
    GreedyBot,
    RandomBot,
    make_bot,
    records_to_rows,
    seat_bots,
    simulate,
    win_rates,
)


def test_make_bot_picks_the_legend_bot_for_elysium_only():
    assert isinstance(make_bot("greedy", seed=1, game="elysium"), LegendBot)
    assert isinstance(make_bot("elysium-greedy", seed=1, game="elysium"), LegendBot)
    # other games and callers that do not name the game keep the generic bots
    assert isinstance(make_bot("greedy", seed=1), GreedyBot)
    assert isinstance(make_bot("greedy", seed=1, game="agea"), GreedyBot)
    assert isinstance(make_bot("random", seed=1, game="elysium"), RandomBot)
    seats = seat_bots(["greedy", "random"], seed=2, game="elysium")
    assert isinstance(seats[0], LegendBot) and isinstance(seats[1], RandomBot)


def test_legend_bot_refuses_another_game():
    state = mythlab.make("agea", players=2, seed=1).initial_state()
    with pytest.raises(ValueError, match="only Elysium"):
        LegendBot(seed=1)(state)


def test_meets_reads_black_as_any_colour():
    assert meets(["red", "blue"], [Colour.RED, Colour.BLACK])
    assert not meets(["red"], [Colour.RED, Colour.BLACK])
    assert not meets(["blue", "green"], [Colour.RED])


def _discarded_after_taking(wanted: str, seed: int) -> str:
    """Player 0 holds a Hades family legend (levels 1, 2), takes Eagle of Zeus and must then
    discard a column while ``wanted`` (a Hades level 3 card) waits in the Agora."""
    s = scenario(players=4, seed=seed, player=0, agora=["Eagle of Zeus", wanted],
                 elysium={0: [["hades.initiation", "hades.charon"]]})
    s = s.apply("take Eagle of Zeus")
    assert s.data.tasks[-1].kind == "column" and s.current_player == 0
    action = LegendBot(seed=seed)(s)
    assert action.kind == "column"
    return action.args[0]


@pytest.mark.parametrize("seed", range(6))
def test_column_rule_keeps_the_columns_of_the_card_it_wants(seed):
    # Phase II (p.5-6): a column is discarded after each take; the bot keeps the colours that
    # the Hades level 3 card completing its family legend needs
    assert _discarded_after_taking("Tartarus", seed) in {"red", "yellow"}        # green+blue
    assert _discarded_after_taking("God of the Dead", seed) in {"green", "blue"}  # red+yellow


def test_writing_legends_prefers_the_most_legend_vp_per_gold():
    # Phase III (p.8-9): one lyre; Tartarus completes the Hades family legend (3 VP + the 5 VP
    # family bonus for 3 gold) and beats a new lone legend for Eagle of Zeus (1 gold)
    s = scenario(players=4, seed=3, phase="III", player=0, lyres={0: 1}, gold={0: 5},
                 elysium={0: [["hades.initiation", "hades.charon"]]},
                 domain={0: ["Tartarus", "Eagle of Zeus"]})
    labels = {a.label for a in s.legal_actions()}
    assert {"transfer Tartarus to legend 1", "transfer Eagle of Zeus to a new legend"} <= labels
    assert LegendBot(seed=0)(s).label == "transfer Tartarus to legend 1"


def test_no_transfer_for_a_lone_card_in_the_last_epoch():
    # Final scoring (p.10) removes lone cards: in epoch 5 a new one-card legend is worth nothing
    s = scenario(players=4, seed=3, phase="III", player=0, lyres={0: 1}, gold={0: 5},
                 epoch=5, domain={0: ["Eagle of Zeus"]})
    assert LegendBot(seed=0)(s).label == "end transfers"


def test_legend_bot_beats_random_bots():
    # 16 seeded 4-player games, the bot in seat 0: random play would win about 4 of them
    records = simulate("elysium", games=16, players=4, seed=500, progress=False,
                       bots=["elysium-greedy", "random", "random", "random"])
    rows = records_to_rows(records)
    wins = win_rates(rows, "seat")
    assert wins[0].wins >= 11, str(wins[0])
    mean = {seat: sum(r["vp"] for r in rows if r["seat"] == seat) / 16 for seat in range(4)}
    assert mean[0] > max(mean[1], mean[2], mean[3]) + 8, mean
    for r in records:
        assert r.final.game.invariants(r.final) == []


def test_legend_bot_is_deterministic():
    def play(seed: int) -> str:
        game = mythlab.make("elysium", players=3, seed=seed)
        bots = seat_bots(["greedy"] * 3, seed=seed, game="elysium")
        state = game.initial_state()
        while not state.is_terminal():
            state = state.apply(bots[state.current_player](state))
        return state.to_json()

    assert play(11) == play(11)


def test_legend_bot_earns_charon_over_the_whole_phase_iii():
    # p.13 Charon: 2 VP for transferring at least 2 cards during Phase III, counted at its end;
    # the bot once pressed Charon before transferring (a "gain" of 0) and so wasted it
    s = scenario(players=4, seed=3, phase="III", player=0, lyres={0: 2}, gold={0: 9},
                 domain={0: ["Charon", "Charon's Obol", "Trade Agreement"]})
    vp, bot = s.data.seats[0].vp, LegendBot(seed=0)
    while s.data.epoch == 1:
        assert s.current_player == 0
        s = s.apply(bot(s))
    assert s.data.seats[0].legends and s.data.seats[0].vp == vp + 2
