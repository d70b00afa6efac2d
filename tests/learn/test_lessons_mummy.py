"""Fluch der Mumie lessons (explorers: dice, arrow, mummy faces; the mummy: deducing), end to end."""

from __future__ import annotations

from lesson_kit import SCRIPTS, run

from obelisk.core import get_game
from obelisk.learn import find_lesson


def test_the_lessons_reach_what_they_teach():
    state, _ = run("mummy", "mummy_faces", SCRIPTS["mummy"]["mummy_faces"][0])
    assert state.aside == 0  # the forced resolution freed the dice
    state, _ = run("mummy", "dice_and_arrow", SCRIPTS["mummy"]["dice_and_arrow"][0])
    assert "on E10" in state.to_text(1)  # green's arrow stopped under the wall


# -- every claim a lesson makes about the position, checked against the state ----------------
def _walk(name: str):
    """Play a lesson's scripted path (what the scripts above answer): yields the index of
    each step, the step, and the state after it."""
    g = get_game("mummy")
    state = None
    for j, step in enumerate(find_lesson(g, name)["steps"]):
        if "setup" in step:
            spec = step["setup"]
            state = g.new_state(spec["players"], spec["seed"], forced=spec["forced"])
        elif "do" in step:
            for entry in step["do"]:
                state.chance.force(*entry.get("forced", []))
                state.apply(state.parse_action(entry["action"]))
        elif "ask" in step:
            ask = step["ask"]
            action = (
                state.parse_action(ask["expect"][0]) if ask["expect"] else state.legal_actions()[0]
            )
            state.chance.force(*ask.get("forced", []))
            state.apply(action)
            state.chance.clear_forced()
        yield j, step, state


def _faces(state, start=0):
    """The faces of the last roll since event ``start``, sorted as the narration says them."""
    from obelisk.games.mummy.components import DIE_FACES

    rolls = [e for e in state.events[start:] if e.kind == "rolled"]
    return sorted(rolls[-1].data["faces"], key=DIE_FACES.index)


def _at(state, f):
    from obelisk.games.mummy.components import label

    return label(*state.board.rc(state.pos[f]))


def test_each_ask_ends_with_the_action_it_expects_and_that_action_is_legal():
    """The bug of lesson 1 ('Announce a 4, if you can: choose 4.' with no 4 rolled) and of
    lesson 3 ('try step W.' expecting step N): a text's instruction is what it accepts."""
    g = get_game("mummy")
    for lesson in g.lessons():
        name = lesson["name"]
        before = None
        for _, step, state in _walk(name):
            if "ask" in step and step["ask"]["expect"]:
                ask = step["ask"]
                want = ask["expect"][0]
                assert ask["text"].rstrip(".").endswith(": " + want), (name, ask["text"])
                assert before is not None
                legal = [a.text().lower() for a in before.legal_actions()]
                assert want.lower() in legal, (name, want, legal)
            before = state.clone() if state is not None else None


def test_lesson_dice_and_arrow_claims_hold():
    from obelisk.games.mummy.actions import Choose
    from obelisk.games.mummy.components import label

    steps = {j: s.clone() for j, _, s in _walk("dice_and_arrow") if s is not None}
    s = steps[1]  # after the set-up: Red's first roll
    assert _faces(s) == ["1", "2", "3", "arrow", "mummy"]  # "Red rolled 1, 2, 3, arrow and mummy"
    assert "4" not in s.dice and Choose("4") not in s.legal_actions()  # "there is no 4"
    assert s.aside == 1 and s.fig == 0 and _at(s, 0) == _at(s, 1) == "E11"
    assert "r" in s.hands[1] and label(*s.board.rc(s.board.symbol_cell["r"])) == "B8"
    assert "move D9" in [a.text() for a in steps[3].legal_actions()]
    s = steps[4]
    assert _at(s, 0) == "D9" and s.fig == 1 and s.aside == 1  # "One die is still set aside"
    s = steps[6]  # resolve no, then Green's roll
    assert _faces(s) == ["1", "2", "arrow", "mummy"] and s.aside == 2  # "now two dice"
    assert [a.text() for a in steps[7].legal_actions()] == ["arrow N"]  # "only north is open"
    s = steps[8]
    assert _at(s, 1) == "E10"
    move = [e.data for e in s.events if e.kind == "mummy_move"][-1]
    assert (move["die"], move["aside"], move["steps"]) == (2, 2, 4)  # "2 + 2 = 4 steps"
    assert move["steps"] == move["die"] + move["aside"]  # the first quiz's answer


def test_lesson_mummy_faces_claims_hold():
    from obelisk.games.mummy.actions import Choose, Resolve

    steps = {j: s.clone() for j, _, s in _walk("mummy_faces") if s is not None}
    s = steps[2]  # (step 1 says that a failed announcement rolls again)
    assert _faces(s) == ["1", "2", "mummy", "mummy", "mummy"] and len(s.dice) == 2
    s = steps[4]  # "Two more mummies: all five dice are set aside"
    assert s.aside == 5 and [a.text() for a in s.legal_actions()] == ["lost"]
    err = s.explain_illegal(Choose("1"))  # "no die is left to announce": the refusal says why
    assert err.rule == "mummy:11.1" and "all five dice show the mummy" in err.reason
    s = steps[6]  # after the forced intermediate move
    forced = [e.data for e in s.events if e.kind == "mummy_move"][-1]
    assert forced["move"] == "forced" and forced["steps"] == 5
    assert _at(s, 0) == "E11"  # "your turn ended without a move"
    assert s.aside == 0 and s.fig == 1 and len(_faces(s)) == 5  # "all dice are free again"
    assert Resolve(True) not in s.legal_actions()  # the quiz: only before the first roll


def test_lesson_deducing_claims_hold():
    from obelisk.games.mummy.actions import Step
    from obelisk.games.mummy.board import N
    from obelisk.games.mummy.components import label

    g = get_game("mummy")
    lesson = find_lesson(g, "deducing")
    names = next(s["setup"]["names"] for s in lesson["steps"] if "setup" in s)
    assert names[1] != "You"  # the learner is the mummy: the explorer has his own name
    steps = {j: s.clone() for j, _, s in _walk("deducing") if s is not None}
    s = steps[1]
    start = s.board.start
    assert label(*s.board.rc(start)) == "E11" and _at(s, 0) == _at(s, 1) == "E11"
    assert [d for d in range(4) if s.board.nbr[d][start] >= 0] == [N]  # opens only north
    s = steps[2]
    quiz = lesson["steps"][3]["quiz"]
    assert quiz["choices"][quiz["answer"]] == _at(s, 0) == "E10"
    assert s.board.nbr[N][s.pos[0]] < 0  # a wall above E10
    s = steps[4]
    quiz = lesson["steps"][5]["quiz"]
    ends = {label(*s.board.rc(c)) for c in s.board.cells_of(s.dest[2])}
    assert quiz["choices"][quiz["answer"]] == "D9 or C10" and ends == {"D9", "C10"}
    s = steps[7]  # Green moved: the mummy's move is her die plus the dice set aside
    move = [e.data for e in s.events if e.kind == "mummy_move"][-1]
    assert move["move"] == "normal" and move["steps"] == move["die"] + move["aside"] == 3
    assert s.current_player == 0 and s.legal_actions() == [Step("N")]  # M opens north only
    assert s.explain_illegal(Step("W")).rule == "mummy:9.1"
    assert steps[10].phase != "mummy" and steps[9].move_left == 1  # every step is walked
    assert s.threshold == 3  # "With 3 ankhs (2 players) you win"
    voice_out = " ".join(run("mummy", "deducing", SCRIPTS["mummy"]["deducing"][0])[1].split())
    assert "Red (Ann) announces the arrow" in voice_out and "Red (You)" not in voice_out
