"""The mummy's moves (mummy:9), captures (mummy:10), set-up, rounds, the end, 2 players."""

from __future__ import annotations

import pytest
from mummy_helpers import GAME, cell, kinds, new, place, roll, start_turn

from obelisk.core import InvalidOptions
from obelisk.games.mummy.actions import Choose, Lost, Move, Step, Stop
from obelisk.games.mummy.components import SYMBOLS
from obelisk.games.mummy.rules import CHOOSE, MUMMY_MOVE
from rulebook import refuses

S, V = (10, 4), (10, 9)
ALL = ["1", "2", "3", "4", "arrow"]


def to_normal_move(n=3, die=3, aside=0, positions=None, mummy=(5, 5), **opts):
    """Every explorer has just moved; the mummy starts her normal move."""
    s = new(n, **opts)
    place(s, positions or {f: S for f in range(len(s.pos))}, mummy)
    s.aside = s.aside_public = aside
    s.fig = len(s.pos) - 1
    s.chance.force(die, label="mummy die")
    s._end_turn()
    return s


@pytest.mark.rules("mummy:9.1")
def test_normal_move_is_die_plus_aside_and_keeps_aside():
    """Behaviour 6: N = die + aside; exactly N steps; aside unchanged by the normal move."""
    s = to_normal_move(die=4, aside=2)
    assert s.phase == MUMMY_MOVE and s.move_left == 6 and s.current_player == 0
    ev = [e for e in s.events_for(1) if e["kind"] == "mummy_move"][-1]
    assert ev == {"kind": "mummy_move", "move": "normal", "steps": 6, "die": 4, "aside": 2}
    for _ in range(6):
        assert s.phase == MUMMY_MOVE
        s.apply(s.legal_actions()[-1])
    assert s.aside == 2 and s.round == 2 and s.phase in ("resolve", "choose")


@pytest.mark.rules("mummy:9.1", "mummy:9.2")
def test_stop_is_rejected_unless_the_option_allows_it():
    s = to_normal_move(die=3)
    refuses(s, Stop(), "mummy:9.1")
    s = to_normal_move(die=3, mummy_may_stop_early=True)
    assert Stop() in s.legal_actions()
    s.apply(s.legal_actions()[0])
    roll(s, ALL)
    s.apply(Stop())
    assert s.round == 2 and s.phase == CHOOSE


@pytest.mark.rules("mummy:9.1", "mummy:9.3")
def test_back_and_forth_and_no_entry_into_start_or_dungeon():
    """Behaviour 6 and 7: revisits allowed; S and V are closed to the mummy."""
    s = to_normal_move(die=4, mummy=(9, 4))
    assert Step("S") not in s.legal_actions()  # S below (9,4)
    assert "start field" in refuses(s, Step("S"), "mummy:9.1")
    s.apply(Step("W"))
    s.apply(Step("E"))
    assert s.mummy == cell(s, (9, 4)) and s.move_left == 2
    s = to_normal_move(die=2, mummy=(10, 8))
    assert "dungeon" in refuses(s, Step("E"), "mummy:9.1")
    assert "wall" in refuses(s, Step("S"), "mummy:9.1")


@pytest.mark.rules("mummy:9.3", "mummy:10")
def test_capture_ends_the_move():
    """Behaviour 8 and 9: dungeon, an ankh to the mummy, the move ends on the field."""
    s = to_normal_move(die=5, positions={0: (5, 6), 1: S}, mummy=(5, 5))
    mark = len(s.events)
    roll(s, ALL)
    s.apply(Step("E"))
    assert s.pos[0] == s.board.dungeon and s.mummy == cell(s, (5, 6))
    assert s.ankhs == [1, 2, 3] and s.move_left == 0 and s.round == 2
    cap = next(e for e in s.events_for(0, mark) if e["kind"] == "capture")
    assert cap == {
        "kind": "capture",
        "figure": 0,
        "seat": 1,
        "explorer": "red",
        "cell": [5, 6],
        "ankhs_left": 2,
        "eliminated": False,
        "mummy_ankhs": 1,
        "threshold": 4,
    }


@pytest.mark.rules("mummy:10", "mummy:6")
def test_elimination_skips_the_explorer_and_removes_his_cards():
    s = to_normal_move(n=4, die=5, positions={0: S, 1: (5, 6), 2: S}, mummy=(5, 5))
    s.ankhs[2] = 1
    s.ankhs[0] = 2
    roll(s, ALL)
    s.apply(Step("E"))
    assert s.pos[1] == -1 and s.hands[2] == () and s.ankhs[2] == 0
    assert s.observation(0)["figures"][1]["out"] is True
    s.apply(Choose("1"))
    roll(s, ALL)
    s.apply(s.legal_actions()[0])
    assert s.fig == 2  # figure 1 is skipped


@pytest.mark.rules("mummy:9.2", "mummy:12")
def test_mummy_wins_at_the_threshold_mid_intermediate_move():
    """Behaviour 16: the game ends at once, also inside an intermediate move."""
    s = new(3)
    place(s, {0: (9, 3), 1: (5, 6)}, (5, 4))
    s.ankhs = [3, 3, 1]
    start_turn(s, 0, aside=3)
    s.apply(s.legal_actions()[0])  # resolve: 3 steps
    s.apply(Step("E"))
    s.apply(Step("E"))
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1.0, 0.0, 0.0]
    assert kinds(s, 0)[-1] == "game_over"


@pytest.mark.rules("mummy:12")
@pytest.mark.parametrize(("n", "threshold"), [(2, 3), (3, 4), (4, 6), (5, 7)])
def test_thresholds(n, threshold):
    """Behaviour 17: 3/4/6/7 ankhs for 2/3/4/5 players; 2 players pool 6 ankhs."""
    s = new(n)
    assert s.threshold == threshold
    assert s.observation(0)["threshold"] == threshold
    if n == 2:
        assert s.ankhs == [0, 6] and s.fig_seat == (1, 1)
    else:
        assert s.ankhs == [0] + [3] * (n - 1)


@pytest.mark.rules("mummy:5")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n):
    """Behaviour 18: one card per colour per explorer (two each in 2p), everyone on S,
    the mummy on M, no dice set aside."""
    s = new(n, seed=7)
    cpc = 2 if n == 2 else 1
    for seat in range(1, n):
        cols = [SYMBOLS[x][0] for x in s.hands[seat]]
        assert sorted(cols) == sorted(["yellow", "green", "white", "red", "blue"] * cpc)
    dealt = [x for h in s.hands for x in h]
    assert len(set(dealt)) == len(dealt)
    assert all(p == s.board.start for p in s.pos)
    assert s.mummy == s.board.mummy_start and s.ankhs[0] == 0
    assert s.fig == 0 and s.round == 1
    # hands are private: each deal is shown to its owner only
    for seat in range(1, n):
        assert s.observation(seat)["hand"] == list(s.hands[seat])
    assert "hand" not in s.observation(0)
    deals = [e for e in s.events if e.kind == "chance" and e.data["label"].startswith("deal")]
    assert all(e.to is not None and len(e.to) == 1 and 0 not in e.to for e in deals)


@pytest.mark.rules("mummy:13")
def test_two_player_game():
    """Two figures for one explorer, ten cards, either figure completes any card, each
    figure takes a full turn in order, pooled ankhs, 3 ankhs win for the mummy."""
    s = new(2, seed=3)
    assert len(s.pos) == 2 and len(s.hands[1]) == 10 and s.threshold == 3
    place(s, {0: (8, 5), 1: (3, 5)}, (0, 0))
    s.hands[1] = ("h", "o")
    start_turn(s, 0, roll=["1"] * 5)
    s.apply(Choose("1"))
    roll(s, ["2"] * 5)
    s.apply(Move(8, 4))  # o by figure 0
    assert s.fig == 1 and s.current_player == 1 and s.hands[1] == ("h",)
    s.apply(Choose("2"))
    s.apply(Move(3, 3))  # h by figure 1: all cards played
    assert s.is_terminal() and s.winners() == [1]
    s = to_normal_move(n=2, die=5, positions={0: (5, 6), 1: S}, mummy=(5, 5))
    s.ankhs = [2, 4]
    s.apply(Step("E"))
    assert s.is_terminal() and s.winners() == [0] and s.ankhs == [3, 3]


@pytest.mark.rules("mummy:6")
def test_max_rounds_ends_unfinished():
    """Behaviour 26: after max_rounds complete rounds the game stops without a winner."""
    s = to_normal_move(die=1, max_rounds=1)
    s.apply(s.legal_actions()[0])
    assert s.is_terminal() and s.winners() == [] and s.returns() == [0.0, 0.0, 0.0]
    assert s.reason == "max_rounds"


@pytest.mark.rules("mummy:11.1")
def test_lost_turn_keeps_the_figure_and_is_public():
    s = new(3)
    place(s, {0: (9, 3), 1: S}, (0, 0))
    start_turn(s, 0, roll=["mummy"] * 5)
    mark = len(s.events)
    s.apply(Lost())
    ev = s.events_for(0, mark)[0]
    assert ev["action"] == {"kind": "lost"} and ev["aside"] == 5
    assert s.pos[0] == cell(s, (9, 3))


@pytest.mark.rules("mummy:3", "mummy:9.1")
def test_mummy_die_faces_are_an_option():
    """Behaviour 22: configurable mummy die, default 1-6."""
    s = to_normal_move(die=9, mummy_die_faces=(0, 9))
    assert s.move_left == 9
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, {"mummy_die_faces": ()})


@pytest.mark.rules("mummy:12", "mummy:5", "mummy:6")
@pytest.mark.parametrize(
    ("n", "opts"),
    [
        (3, {"thresholds": (3, 7, 6, 7)}),
        (3, {"thresholds": (3, 4)}),
        (5, {"cards_per_colour": 2}),
        (3, {"ankhs_per_explorer": 0}),
        (3, {"max_rounds": 0}),
        (3, {"step_limit": 10**6}),
        (3, {"no_such_option": 1}),
    ],
)
def test_bad_options(n, opts):
    with pytest.raises(InvalidOptions):
        GAME.new_state(n, 0, opts)
