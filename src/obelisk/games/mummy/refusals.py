"""Why an action is illegal, in plain words, naming the rule (mummy:7-9): the game's
refusals (``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals
from obelisk.core.i18n import Words

from .actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step, Stop
from .board import DIRECTIONS
from .components import ARROW, CHOOSABLE, NUMBER_FACES, label
from .narration import direction_word
from .rules import CARD, CHOOSE, LOST, MOVE, MUMMY_MOVE, RESOLVE, MummyState
from .typed import typed

W = Words(__package__)
_, pgettext = W.gettext, W.pgettext


def _where(state: MummyState, cell: int) -> str:
    """A field by the labels of the maze drawing (``E10``)."""
    r, c = state.board.rc(cell)
    return label(r, c)


def _direction(d: str) -> str:
    """A direction in words, or as typed when it is none (``north``, ``X``)."""
    return direction_word(d) if d in DIRECTIONS else d


def _face(face: str) -> str:
    """A face named in a refusal: ``3``, or ``arrow`` in the reader's words."""
    return pgettext("die face", "arrow") if face == "arrow" else face


def explain(state: MummyState, action: Action) -> IllegalAction:
    """An :class:`IllegalAction` saying which rule forbids ``action`` now."""
    b = state.board
    phase = state.phase
    if isinstance(action, (Step, Stop)):
        if phase != MUMMY_MOVE:
            return IllegalAction(_("it is not the mummy's move now"), "mummy:6")
        if isinstance(action, Stop):
            return IllegalAction(
                _(
                    "the mummy must walk all {n} remaining steps; she may not stop "
                    "short (option mummy_may_stop_early)"
                ).format(n=state.move_left),
                "mummy:9.1" if state.move_kind == "normal" else "mummy:9.2",
            )
        if action.direction not in DIRECTIONS:
            return IllegalAction(
                _("'{direction}' is not a direction (N, E, S, W)").format(
                    direction=action.direction
                ),
                "mummy:9",
            )
        d = DIRECTIONS.index(action.direction)
        nxt = b.nbr[d][state.mummy]
        if nxt < 0:
            why = _("a wall")
        elif nxt == b.start:
            why = _("the start field, which the mummy may never enter")
        else:
            why = _("the dungeon, which the mummy may never enter")
        return IllegalAction(
            _("the mummy cannot step {direction} from {field}: {why}").format(
                direction=direction_word(action.direction),
                field=_where(state, state.mummy),
                why=why,
            ),
            "mummy:9.1" if state.move_kind == "normal" else "mummy:9.2",
        )
    if phase == MUMMY_MOVE:
        return IllegalAction(_("the mummy is moving; wait for her move to end"), "mummy:9.2")
    if isinstance(action, Resolve):
        if phase == RESOLVE:
            return IllegalAction(
                _("'{action}' is not a valid answer").format(action=typed(action)), "mummy:7.1"
            )
        if state.aside == 0:
            return IllegalAction(
                _("no mummy dice are set aside: there is nothing to resolve"), "mummy:7.1"
            )
        return IllegalAction(
            _("resolving is only possible at the start of a turn, before the first roll"),
            "mummy:7.1",
        )
    if phase == LOST and isinstance(action, (Reroll, Choose)):
        # not "no roll is waiting": the roll showed five mummies, none is left to use
        return IllegalAction(
            _(
                "all five dice show the mummy: no die is left to choose or roll; "
                "announce the lost turn ({lost})"
            ).format(lost=typed(Lost())),
            "mummy:11.1",
        )
    if isinstance(action, Reroll):
        if phase == RESOLVE:
            return IllegalAction(
                _("first decide whether to resolve the set-aside dice"), "mummy:7.1"
            )
        return IllegalAction(_("rerolling is only possible before a die is chosen"), "mummy:7.2")
    if isinstance(action, Choose):
        if phase != CHOOSE:
            return IllegalAction(_("no roll is waiting for a choice now"), "mummy:7.2")
        if action.face not in CHOOSABLE:
            return IllegalAction(
                _("'{face}' is not a face you can choose (1-4, arrow)").format(face=action.face),
                "mummy:7.2",
            )
        if action.face not in state.dice:
            return IllegalAction(
                _("no free die shows {face}").format(face=_face(action.face)), "mummy:7.2"
            )
        return IllegalAction(
            _("{face} has no legal move for this figure; choose another die or reroll").format(
                face=_face(action.face)
            ),
            "mummy:7.2",
        )
    if isinstance(action, Lost):
        return IllegalAction(
            _("the turn is only lost when all five dice show the mummy"), "mummy:11.1"
        )
    if isinstance(action, Move):
        if phase != MOVE:
            return IllegalAction(_("choose and announce a die before moving"), "mummy:7.3")
        if state.face == ARROW:
            return IllegalAction(_("you announced the arrow: slide in a direction"), "mummy:8.2")
        k = NUMBER_FACES[state.face]
        if not (0 <= action.row < b.rows and 0 <= action.col < b.cols):
            return IllegalAction(
                _("{field} is not a field of the maze").format(field=label(action.row, action.col)),
                "mummy:8.1",
            )
        cell = b.cell(action.row, action.col)
        where = _where(state, cell)
        if cell == b.start:
            return IllegalAction(_("the start field may not be the end of a move"), "mummy:8.1")
        if cell == b.dungeon:
            return IllegalAction(_("the dungeon may not be the end of a move"), "mummy:8.1")
        if cell == state.mummy:
            return IllegalAction(
                _("the mummy's field can be neither entered nor crossed"), "mummy:8.1"
            )
        if cell == state.pos[state.fig]:
            if not state.options.allow_return_to_origin:
                return IllegalAction(_("this move may not end where it started"), "mummy:8.1")
        elif cell in state.pos:
            return IllegalAction(
                _("another explorer stands on {field}").format(field=where), "mummy:8.1"
            )
        return IllegalAction(
            # Translators: the English says "steps" for 1 too (its records keep that text)
            W.ngettext(
                "{field} is not the end of a walk of exactly {k} steps from {start}: walls and "
                "the mummy block, and the whole number must be walked",
                "{field} is not the end of a walk of exactly {k} steps from {start}: walls and "
                "the mummy block, and the whole number must be walked",
                k,
            ).format(field=where, k=k, start=_where(state, state.pos[state.fig])),
            "mummy:8.1",
        )
    if isinstance(action, Arrow):
        if phase != MOVE:
            return IllegalAction(_("choose and announce a die before moving"), "mummy:7.3")
        if state.face != ARROW:
            return IllegalAction(
                _("you announced {face}: walk exactly that number").format(face=state.face),
                "mummy:8.1",
            )
        return IllegalAction(
            _(
                "the arrow cannot go {direction}: the first field that way is blocked "
                "(wall, mummy, explorer, start field or dungeon)"
            ).format(direction=_direction(action.direction)),
            "mummy:8.2",
        )
    if isinstance(action, Play):
        if phase != CARD:
            return IllegalAction(_("a task card is played only right after your move"), "mummy:7.4")
        return IllegalAction(_("you hold no card for the symbol of this field"), "mummy:7.4")
    if phase == LOST:
        return IllegalAction(
            _("all five dice show the mummy: announce the lost turn"), "mummy:11.1"
        )
    return IllegalAction(
        _("'{action}' is not a legal action now").format(action=typed(action)), "mummy:7.5"
    )


class MummyRefusals(Refusals[MummyState]):
    """Why a mummy action is not legal now, naming the rule (mummy:7-9)."""

    def explain(self, state: MummyState, action: Action) -> IllegalAction:
        """The :class:`IllegalAction` for ``action`` (:func:`explain`)."""
        return explain(state, action)
