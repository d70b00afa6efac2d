"""The explorer's turn (mummy:7) and its special cases (mummy:11)."""

from __future__ import annotations

import pytest
from mummy_helpers import cell, kinds, new, place, roll, start_turn

from obelisk.games.mummy.actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step
from obelisk.games.mummy.rules import CHOOSE, LOST, MOVE, MUMMY_MOVE, RESOLVE
from rulebook import refuses

S, V = (10, 4), (10, 9)
ALL = ["1", "2", "3", "4", "arrow"]


def walk(s, dirs):
    for d in dirs:
        s.apply(Step(d))


def fresh(n=3, positions=None, mummy=(0, 0), **opts):
    """A game with figures placed (default: all on S) and the mummy far away at (0,0)."""
    s = new(n, **opts)
    place(s, positions or {f: S for f in range(len(s.pos))}, mummy)
    return s


# -- 7.0 forced resolution, 11.1 all five mummies ------------------------------------------
@pytest.mark.rules("mummy:11.1", "mummy:7.0")
def test_five_mummies_lose_the_turn_then_forced_resolution():
    """Behaviour 4: five mummies (with earlier set-aside ones) lose the turn, the figure
    stays; the next explorer's turn starts with a 5-step intermediate move."""
    s = fresh(3, {0: (9, 3), 1: S})
    start_turn(s, 0, aside=2)
    roll(s, ["mummy", "mummy", "1"])
    s.apply(Resolve(False))
    assert s.aside == 4 and s.phase == CHOOSE
    roll(s, ["mummy"])
    s.apply(Reroll())
    assert s.phase == LOST and s.legal_actions() == [Lost()]
    mark = len(s.events)
    s.apply(Lost())
    assert s.pos[0] == cell(s, (9, 3))
    assert kinds(s, 0, mark)[:3] == ["action", "turn", "forced"]
    assert s.phase == MUMMY_MOVE and s.move_left == 5 and s.move_kind == "forced"
    assert s.current_player == 0 and s.fig == 1
    roll(s, ALL)
    _walk_any(s, 5)
    assert s.aside == 0 and s.fig == 1 and s.phase == CHOOSE


def _walk_any(s, n):
    for _ in range(n):
        s.apply(s.legal_actions()[0])


@pytest.mark.rules("mummy:7.0", "mummy:7.5")
def test_forced_resolution_comes_first_then_five_dice():
    s = fresh(3, {0: (9, 3), 1: (5, 5)}, mummy=(0, 0))
    start_turn(s, 1, aside=5)
    assert s.phase == MUMMY_MOVE and s.move_left == 5
    roll(s, ["1", "2", "3", "4", "arrow"])
    _walk_any(s, 5)
    assert s.aside == 0 and s.phase == CHOOSE and s.dice == ("1", "2", "3", "4", "arrow")
    assert s.current_player == 2


@pytest.mark.rules("mummy:7.0", "mummy:7.0b")
def test_forced_resolution_even_for_an_immobile_explorer():
    """The forced move happens before the immobility check (option forced_resolve_first);
    with the option off, the immobile explorer's turn ends and the dice stay set aside."""
    s = fresh(3, {0: (2, 5), 1: S}, mummy=(3, 5))
    start_turn(s, 0, aside=5)
    assert s.phase == MUMMY_MOVE and s.move_kind == "forced"
    s = fresh(3, {0: (2, 5), 1: S}, mummy=(3, 5), forced_resolve_first=False)
    mark = len(s.events)
    start_turn(s, 0, aside=5)
    assert kinds(s, 0, mark)[:2] == ["turn", "cannot_move"]
    assert s.fig == 1 and s.aside == 5 and s.phase == MUMMY_MOVE  # forced for the next


# -- 7.0b immobile ----------------------------------------------------------------------
@pytest.mark.rules("mummy:7.0b")
def test_immobile_explorer_is_skipped():
    """On b (2,5) with the mummy on (3,5) no face moves: "cannot move", no roll."""
    s = fresh(3, {0: (2, 5), 1: S}, mummy=(3, 5))
    mark, draws = len(s.events), len(s.chance.log)
    roll(s, ALL)  # for figure 1
    start_turn(s, 0)
    assert kinds(s, 0, mark)[:3] == ["turn", "cannot_move", "turn"]
    assert s.fig == 1 and s.phase == CHOOSE
    assert len(s.chance.log) == draws + 1  # only figure 1 rolled
    assert s.pos[0] == cell(s, (2, 5))


# -- 7.1 resolve --------------------------------------------------------------------------
@pytest.mark.rules("mummy:7.1")
def test_resolve_offered_only_with_one_to_four_aside():
    """Behaviour 3 and 23: resolve only with 1..4 set aside, only before the first roll."""
    s = fresh(3, {0: (9, 3), 1: S})
    start_turn(s, 0, roll=ALL, aside=0)
    assert s.phase == CHOOSE
    refuses(s, Resolve(True), "mummy:7.1")
    start_turn(s, 0, aside=3)
    assert s.phase == RESOLVE and s.legal_actions() == [Resolve(True), Resolve(False)]
    roll(s, ["1", "2"])
    s.apply(Resolve(False))  # rolls only the 2 free dice
    assert s.aside == 3 and s.dice == ("1", "2")
    refuses(s, Resolve(True), "mummy:7.1")


@pytest.mark.rules("mummy:7.1", "mummy:9.2")
def test_resolve_gives_an_intermediate_move_then_five_dice():
    s = fresh(3, {0: (9, 3), 1: S}, mummy=(0, 0))
    start_turn(s, 0, aside=3)
    mark = len(s.events)
    s.apply(Resolve(True))
    assert kinds(s, 0, mark) == ["action", "resolve", "mummy_move"]
    assert s.phase == MUMMY_MOVE and s.move_left == 3 and s.move_kind == "intermediate"
    assert s.observation(0)["aside"] == 3
    roll(s, ALL)
    _walk_any(s, 3)
    assert s.aside == 0 and s.phase == CHOOSE and len(s.dice) == 5
    assert s.chance.log[-1] == ("roll", s.chance.log[-1][1]) and s.current_player == 1


@pytest.mark.rules("mummy:7.1", "mummy:10")
def test_resolving_explorer_caught_by_own_intermediate_move():
    """Behaviour 10: caught by his own intermediate move he goes to V, rolls 5 dice and
    moves out of V; with his last ankh he is out and the turn ends."""
    s = fresh(3, {0: (9, 3), 1: S}, mummy=(9, 2))
    start_turn(s, 0, aside=2)
    s.apply(Resolve(True))
    roll(s, ["1", "2", "3", "4", "arrow"])
    s.apply(Step("E"))
    assert s.pos[0] == s.board.dungeon and s.ankhs[1] == 2 and s.ankhs[0] == 1
    assert s.phase == CHOOSE and s.fig == 0 and s.aside == 0
    s.apply(Choose("1"))
    assert {tuple(m.to_json()[k] for k in ("row", "col")) for m in s.legal_actions()} == {
        (10, 8),
        (10, 10),
    }
    # last ankh: out, turn ends
    s = fresh(3, {0: (9, 3), 1: S}, mummy=(9, 2))
    s.ankhs[1] = 1
    s.ankhs[0] = 2
    start_turn(s, 0, aside=2)
    s.apply(Resolve(True))
    roll(s, ALL)
    s.apply(Step("E"))
    assert s.pos[0] == -1 and s.fig == 1 and s.hands[1] == ()


@pytest.mark.rules("mummy:7.1", "mummy:7.0b")
def test_immobility_rechecked_after_resolution():
    """Behaviour 11: a voluntary resolution that walls the explorer in ends his turn."""
    s = fresh(3, {0: (2, 5), 1: S}, mummy=(3, 6))
    start_turn(s, 0, aside=1)
    assert s.phase == RESOLVE
    s.apply(Resolve(True))
    mark = len(s.events)
    roll(s, ALL)  # figure 1's roll
    s.apply(Step("W"))  # to (3,5): seals b
    assert kinds(s, 0, mark)[:3] == ["action", "cannot_move", "turn"]
    assert s.fig == 1


# -- 7.2 the roll loop -------------------------------------------------------------------------
@pytest.mark.rules("mummy:7.2")
def test_reroll_rerolls_exactly_the_free_dice_and_mummies_accumulate():
    """Behaviour 2: mummies are set aside at once and persist; a reroll rolls the rest."""
    s = fresh(3, {0: (9, 3), 1: S})
    start_turn(s, 0, roll=["mummy", "1", "2", "mummy", "3"])
    assert s.aside == 2 and s.dice == ("1", "2", "3")
    roll(s, ["4", "mummy", "arrow"])
    s.apply(Reroll())
    assert s.aside == 3 and s.dice == ("4", "arrow") and s.rolls == 2
    assert s.chance.log[-1][0] == "roll"
    s.apply(Choose("4"))
    assert s.aside == 3  # the chosen die is not set aside (mummy:7.3)
    s.apply(s.legal_actions()[0])
    # the next explorer starts with 3 set aside: resolve is offered
    assert s.fig == 1 and s.phase == RESOLVE and s.aside == 3


@pytest.mark.rules("mummy:7.2")
def test_only_usable_faces_may_be_chosen_with_the_simulation_option():
    """Behaviour 1 as the spec wrote it, now the option ``only_usable_faces`` (the seed's
    failed announcement is the default, test_mummy_failed_announcement.py): a face without
    a legal walk is not selectable; with none, reroll."""
    s = fresh(3, {0: (2, 5), 1: S}, mummy=(4, 5), only_usable_faces=True)
    # from b (2,5): 1 -> (3,5); 2 -> (2,5)/(4,5)? the mummy blocks (4,5); arrow S stops on (3,5)
    start_turn(s, 0, roll=["2", "2", "2", "2", "2"])
    legal = s.legal_actions()
    assert Choose("2") in legal  # (3,5)->(2,5) back to the origin
    s = fresh(3, {0: (9, 4), 1: (8, 4)}, mummy=(9, 3), only_usable_faces=True)
    # (9,4): N (8,4) explorer, W mummy, S start: only walks over the explorer at (8,4)
    start_turn(s, 0, roll=["1", "1", "1", "1", "1"])
    assert s.legal_actions() == [Reroll()]
    msg = refuses(s, Choose("1"), "mummy:7.2")
    assert "no legal move" in msg
    msg = refuses(s, Choose("3"), "mummy:7.2")
    assert "no free die" in msg


# -- 7.3 announce, 7.4 cards ------------------------------------------------------------------
@pytest.mark.rules("mummy:7.3", "mummy:14")
def test_announcement_is_public_and_carries_aside():
    s = fresh(3, {0: (9, 3), 1: S})
    start_turn(s, 0, roll=["mummy", "1", "2", "3", "4"])
    mark = len(s.events)
    s.apply(Choose("3"))
    ev = s.events_for(0, mark)
    assert ev[0]["kind"] == "action" and ev[0]["action"] == {"kind": "choose", "face": "3"}
    assert ev[0]["aside"] == 1 and ev[0]["figure"] == 0
    assert s.phase == MOVE and s.observation(0)["announced"] == "3"


def _to(s, fig, target, face):
    """Let figure ``fig`` move with ``face`` to ``target`` (a Move or an Arrow action)."""
    start_turn(s, fig, roll=[face] * 5)
    s.apply(Choose(face))
    s.apply(target)


@pytest.mark.rules("mummy:7.4")
def test_card_played_on_the_end_field():
    """Behaviour 14: mandatory on the end field; public; colour shown."""
    s = fresh(3, {0: (8, 5), 1: S}, mummy=(0, 0))
    s.hands[1] = ("a", "e", "i", "o", "s")
    mark = len(s.events)
    _to(s, 0, Move(8, 4), "1")  # o crown (8,4)
    assert s.hands[1] == ("a", "e", "i", "s") and s.played[1] == ("o",)
    moved = next(e for e in s.events_for(0, mark) if e["kind"] == "moved")
    assert moved == {
        "kind": "moved",
        "figure": 0,
        "face": "1",
        "card": "o",
        "colour": "red",
        "cell": [8, 4],
        "seat": 1,
        "explorer": "red",
        "name": "crown",
        "cards_left": 4,
    }


@pytest.mark.rules("mummy:7.4")
def test_arrow_end_counts_passing_does_not_and_foreign_symbols_do_nothing():
    s = fresh(3, {0: (3, 2), 1: S}, mummy=(0, 0))
    s.hands[1] = ("a", "e", "h", "n", "s")
    _to(s, 0, Arrow("E"), "arrow")  # slides (3,2) -> (3,8), passing h (3,3) and l (3,7)
    assert s.pos[0] == cell(s, (3, 8)) and s.played[1] == ()
    s = fresh(3, {0: (3, 4), 1: S}, mummy=(0, 0))
    s.hands[1] = ("a", "e", "h", "n", "s")
    _to(s, 0, Arrow("W"), "arrow")  # (3,4) -> (3,2)? stops at the wall west of (3,2)
    s = fresh(3, {0: (3, 5), 1: S}, mummy=(0, 0))
    s.hands[1] = ("a", "e", "h", "n", "s")
    _to(s, 0, Move(3, 3), "2")  # ends on h: played
    assert s.played[1] == ("h",)
    s = fresh(3, {0: (3, 5), 1: S}, mummy=(0, 0))
    s.hands[1] = ("a", "e", "g", "n", "s")
    _to(s, 0, Move(3, 7), "2")  # l, not held: nothing
    assert s.played[1] == () and s.hands[1] == ("a", "e", "g", "n", "s")


@pytest.mark.rules("mummy:7.4")
def test_optional_card_play():
    """card_play_mandatory=False: a play yes/no decision after every move."""
    s = fresh(3, {0: (8, 5), 1: S}, mummy=(0, 0), card_play_mandatory=False)
    s.hands[1] = ("a", "e", "i", "o", "s")
    _to(s, 0, Move(8, 4), "1")
    assert s.legal_actions() == [Play(True), Play(False)]
    s.apply(Play(False))
    assert s.hands[1] == ("a", "e", "i", "o", "s") and s.fig == 1
    s = fresh(3, {0: (8, 5), 1: S}, mummy=(0, 0), card_play_mandatory=False)
    _to(s, 0, Move(8, 6), "1")
    assert s.legal_actions() == [Play(False)]


@pytest.mark.rules("mummy:7.4", "mummy:12")
def test_last_card_wins_at_once_and_the_mummy_does_not_move():
    """Behaviour 15: the 5th card ends the game immediately."""
    s = fresh(3, {0: (8, 5), 1: (0, 1)}, mummy=(0, 0))
    s.hands[1] = ("o",)
    s.played[1] = ("a", "e", "i", "s")
    mummy = s.mummy
    _to(s, 0, Move(8, 4), "1")
    assert s.is_terminal() and s.winners() == [1] and s.returns() == [0.0, 1.0, 0.0]
    assert s.mummy == mummy and s.legal_actions() == []


# -- 7.5 sequence ----------------------------------------------------------------------------
@pytest.mark.rules("mummy:7.5", "mummy:6")
def test_turn_sequence_and_round():
    """A round: every explorer in order, then the mummy's normal move; then round 2."""
    s = fresh(3, {0: S, 1: S}, mummy=(0, 0))
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("1"))
    roll(s, ALL)
    s.apply(Move(9, 4))
    assert s.fig == 1 and s.phase == CHOOSE
    s.apply(Choose("2"))
    s.chance.force(4, label="mummy die")
    s.apply(Move(9, 3))
    assert s.phase == MUMMY_MOVE and s.move_kind == "normal" and s.move_left == 4
    roll(s, ALL)
    _walk_any(s, 4)
    assert s.round == 2 and s.fig == 0 and s.phase == CHOOSE


# -- 11.2 five mummies by the last explorer -----------------------------------------------------
@pytest.mark.rules("mummy:11.2", "mummy:9.1")
@pytest.mark.parametrize("n", [3, 2])
def test_five_mummies_by_the_last_explorer(n):
    """Behaviour 5: normal move 5 + die, then a 5-step intermediate move, then aside 0;
    the next round starts with five free dice (2-player: the second figure)."""
    s = fresh(n, {0: S, 1: (9, 3)}, mummy=(0, 0))
    start_turn(s, 1, roll=["mummy", "mummy", "mummy", "mummy", "mummy"])
    assert s.phase == LOST
    s.chance.force(2, label="mummy die")
    s.apply(Lost())
    assert s.move_kind == "normal" and s.move_left == 7
    _walk_any(s, 7)
    assert s.move_kind == "second" and s.move_left == 5 and s.aside == 5
    roll(s, ALL)
    _walk_any(s, 5)
    assert s.aside == 0 and s.round == 2 and s.fig == 0 and s.dice == tuple(ALL)


@pytest.mark.rules("mummy:11.2", "mummy:12")
def test_mummy_wins_during_the_special_sequence():
    s = fresh(3, {0: (0, 2), 1: (9, 3)}, mummy=(0, 0))
    s.ankhs[0], s.ankhs[1] = 3, 0  # figure 0's owner already lost all... keep totals
    s.ankhs[1] = 3
    s.ankhs[2] = 0
    s.pos[1] = -1
    start_turn(s, 0, roll=["mummy"] * 5)
    s.chance.force(1, label="mummy die")
    s.apply(Lost())
    assert s.move_left == 6
    s.apply(Step("E"))
    s.apply(Step("E"))  # (0,2): caught, 4th ankh
    assert s.is_terminal() and s.winners() == [0]


# -- 11.3 clarifications ---------------------------------------------------------------------
@pytest.mark.rules("mummy:11.3", "mummy:10")
def test_several_explorers_in_the_dungeon():
    s = fresh(4, {0: V, 1: V, 2: S}, mummy=(0, 0))
    s.check_invariants()
    start_turn(s, 0, roll=ALL)
    assert s.phase == CHOOSE
    s.apply(Choose("1"))
    assert len(s.legal_actions()) == 2


@pytest.mark.rules("mummy:11.3")
def test_origin_does_not_block_and_an_enclosed_mummy_ends_her_move(tmp_path):
    s = fresh(3, {0: (5, 5), 1: S}, mummy=(0, 0))
    s.fig = 0
    s._compute_moves()
    assert (5 * 11 + 5) >> 0 and (s.dest[1] >> cell(s, (5, 5))) & 1
    from pathlib import Path

    text = (Path(__file__).parents[3] / "src/obelisk/games/mummy/board.txt").read_text()
    lines = text.splitlines()
    lines[20] = lines[20][:21] + "---" + lines[20][24:]  # wall north of M (10,5)
    f = tmp_path / "closed.txt"
    f.write_text("\n".join(lines) + "\n")
    s = new(3, map_file=str(f))
    place(s, {0: S, 1: S})
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("1"))
    roll(s, ALL)
    s.apply(Move(9, 4))
    s.apply(Choose("2"))
    s.chance.force(3, label="mummy die")
    roll(s, ALL)
    s.apply(Move(9, 3))
    assert s.round == 2 and s.mummy == s.board.mummy_start and s.phase == CHOOSE
