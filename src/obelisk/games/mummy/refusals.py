"""Why an action is illegal, in plain words, naming the rule (mummy:7-9): the game's
refusals (``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals

from .actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step, Stop
from .board import DIRECTIONS
from .components import ARROW, CHOOSABLE, DIRECTION_WORDS, NUMBER_FACES, label
from .rules import CARD, CHOOSE, LOST, MOVE, MUMMY_MOVE, RESOLVE, MummyState


def _where(state: MummyState, cell: int) -> str:
    """A field by the labels of the maze drawing (``E10``)."""
    r, c = state.board.rc(cell)
    return label(r, c)


def explain(state: MummyState, action: Action) -> IllegalAction:
    """An :class:`IllegalAction` saying which rule forbids ``action`` now."""
    b = state.board
    phase = state.phase
    if isinstance(action, (Step, Stop)):
        if phase != MUMMY_MOVE:
            return IllegalAction("it is not the mummy's move now", "mummy:6")
        if isinstance(action, Stop):
            return IllegalAction(
                f"the mummy must walk all {state.move_left} remaining steps; she may not stop "
                "short (option mummy_may_stop_early)",
                "mummy:9.1" if state.move_kind == "normal" else "mummy:9.2",
            )
        if action.direction not in DIRECTIONS:
            return IllegalAction(f"'{action.direction}' is not a direction (N, E, S, W)", "mummy:9")
        d = DIRECTIONS.index(action.direction)
        nxt = b.nbr[d][state.mummy]
        if nxt < 0:
            why = "a wall"
        elif nxt == b.start:
            why = "the start field, which the mummy may never enter"
        else:
            why = "the dungeon, which the mummy may never enter"
        return IllegalAction(
            f"the mummy cannot step {DIRECTION_WORDS[action.direction]} from "
            f"{_where(state, state.mummy)}: {why}",
            "mummy:9.1" if state.move_kind == "normal" else "mummy:9.2",
        )
    if phase == MUMMY_MOVE:
        return IllegalAction("the mummy is moving; wait for her move to end", "mummy:9.2")
    if isinstance(action, Resolve):
        if phase == RESOLVE:
            return IllegalAction(f"'{action}' is not a valid answer", "mummy:7.1")
        if state.aside == 0:
            return IllegalAction(
                "no mummy dice are set aside: there is nothing to resolve", "mummy:7.1"
            )
        return IllegalAction(
            "resolving is only possible at the start of a turn, before the first roll", "mummy:7.1"
        )
    if phase == LOST and isinstance(action, (Reroll, Choose)):
        # not "no roll is waiting": the roll showed five mummies, none is left to use
        return IllegalAction(
            "all five dice show the mummy: no die is left to choose or roll; "
            "announce the lost turn (lost)",
            "mummy:11.1",
        )
    if isinstance(action, Reroll):
        if phase == RESOLVE:
            return IllegalAction("first decide whether to resolve the set-aside dice", "mummy:7.1")
        return IllegalAction("rerolling is only possible before a die is chosen", "mummy:7.2")
    if isinstance(action, Choose):
        if phase != CHOOSE:
            return IllegalAction("no roll is waiting for a choice now", "mummy:7.2")
        if action.face not in CHOOSABLE:
            return IllegalAction(
                f"'{action.face}' is not a face you can choose (1-4, arrow)", "mummy:7.2"
            )
        if action.face not in state.dice:
            return IllegalAction(f"no free die shows {action.face}", "mummy:7.2")
        return IllegalAction(
            f"{action.face} has no legal move for this figure; choose another die or reroll",
            "mummy:7.2",
        )
    if isinstance(action, Lost):
        return IllegalAction(
            "the turn is only lost when all five dice show the mummy", "mummy:11.1"
        )
    if isinstance(action, Move):
        if phase != MOVE:
            return IllegalAction("choose and announce a die before moving", "mummy:7.3")
        if state.face == ARROW:
            return IllegalAction("you announced the arrow: slide in a direction", "mummy:8.2")
        k = NUMBER_FACES[state.face]
        if not (0 <= action.row < b.rows and 0 <= action.col < b.cols):
            return IllegalAction(
                f"{label(action.row, action.col)} is not a field of the maze", "mummy:8.1"
            )
        cell = b.cell(action.row, action.col)
        where = _where(state, cell)
        if cell == b.start:
            return IllegalAction("the start field may not be the end of a move", "mummy:8.1")
        if cell == b.dungeon:
            return IllegalAction("the dungeon may not be the end of a move", "mummy:8.1")
        if cell == state.mummy:
            return IllegalAction(
                "the mummy's field can be neither entered nor crossed", "mummy:8.1"
            )
        if cell == state.pos[state.fig]:
            if not state.options.allow_return_to_origin:
                return IllegalAction("this move may not end where it started", "mummy:8.1")
        elif cell in state.pos:
            return IllegalAction(f"another explorer stands on {where}", "mummy:8.1")
        return IllegalAction(
            f"{where} is not the end of a walk of exactly {k} steps from "
            f"{_where(state, state.pos[state.fig])}: walls and the mummy block, and the whole "
            "number must be walked",
            "mummy:8.1",
        )
    if isinstance(action, Arrow):
        if phase != MOVE:
            return IllegalAction("choose and announce a die before moving", "mummy:7.3")
        if state.face != ARROW:
            return IllegalAction(
                f"you announced {state.face}: walk exactly that number", "mummy:8.1"
            )
        return IllegalAction(
            f"the arrow cannot go {DIRECTION_WORDS.get(action.direction, action.direction)}: "
            "the first field that way is blocked "
            "(wall, mummy, explorer, start field or dungeon)",
            "mummy:8.2",
        )
    if isinstance(action, Play):
        if phase != CARD:
            return IllegalAction("a task card is played only right after your move", "mummy:7.4")
        return IllegalAction("you hold no card for the symbol of this field", "mummy:7.4")
    if phase == LOST:
        return IllegalAction("all five dice show the mummy: announce the lost turn", "mummy:11.1")
    return IllegalAction(f"'{action}' is not a legal action now", "mummy:7.5")


class MummyRefusals(Refusals[MummyState]):
    """Why a mummy action is not legal now, naming the rule (mummy:7-9)."""

    def explain(self, state: MummyState, action: Action) -> IllegalAction:
        """The :class:`IllegalAction` for ``action`` (:func:`explain`)."""
        return explain(state, action)
