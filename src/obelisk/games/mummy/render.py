"""The text view: the labelled maze with walls, symbols and the figures one seat may see.

Drawn only from ``observation(seat)`` (plus, for the seat on turn, the numbers of its
choices): the mummy's view shows her own figure and nothing of the explorers' fields
(mummy:14). Columns are lettered ``A``.. from the left and rows numbered ``1``.. from the
top (the apex), so a field reads ``E10``. In a field the middle character is the field
(``.`` corridor, ``S`` stairs, ``M`` sarcophagus, ``V`` dungeon, ``a``-``w`` symbols, ``*`` a
symbol already played), the left one an explorer figure (R, G, B, Y; a digit when several
share S or V) and the right one the mummy (``@``). A field a move may end on shows its
choice number, ``(3)``. The status stands to the right of the maze: the view fits 80
columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from obelisk.core import Renderer
from obelisk.core.i18n import Words

from .board import Board
from .components import CARD_COLOURS, DIE_FACES, FIGURE_MARKS, SYMBOLS, column_letter, label
from .narration import colour_word, die_face, figure_name, symbol_name
from .rules import MOVE, MummyState

#: Width of the status column beside the maze: with the maze's 48 columns and a gap the
#: view is 76 wide, so it fits a framed panel on an 80-column terminal.
STATUS_WIDTH = 27

W = Words(__package__)
_, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext


def _rc_label(rc: list[int] | tuple[int, int]) -> str:
    return label(rc[0], rc[1])


def _choice_mark(n: int) -> str:
    """Three characters for choice ``n`` drawn in a field."""
    return f"({n})" if n < 10 else f"{n:>2})"


def maze(board: Board, obs: dict[str, Any], choices: dict[int, int] | None = None) -> list[str]:
    """The maze with column letters above and row numbers on the left."""
    played = {x for h in obs["played"] for x in h}
    figures = obs["figures"]
    positions = obs.get("positions")
    at: dict[int, list[str]] = {}
    if positions is not None:
        for f, p in enumerate(positions):
            if p is not None:
                at.setdefault(board.cell(*p), []).append(FIGURE_MARKS[figures[f]["colour"]])
    mummy = board.cell(*obs["mummy"])
    marks = {}
    for cell in range(board.size):
        ch = board.content[cell]
        if ch in played:
            ch = "*"
        if choices and cell in choices:
            marks[cell] = _choice_mark(choices[cell])
            continue
        left = " "
        who = at.get(cell)
        if who:
            left = who[0] if len(who) == 1 else str(len(who))
        right = "@" if cell == mummy else " "
        if left != " " or right != " " or ch != board.content[cell]:
            marks[cell] = f"{left}{ch}{right}"
    rows = board.to_ascii(marks).rstrip("\n").split("\n")
    width = len(str(board.rows))
    head = " " * (width + 1) + "".join(f"  {column_letter(c):<2}" for c in range(board.cols))
    out = [head.rstrip()]
    for i, line in enumerate(rows):
        num = str(i // 2 + 1) if i % 2 else ""
        out.append(f"{num:>{width}} {line}")
    return out


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, STATUS_WIDTH, subsequent_indent=indent) or [""]


def status(board: Board, obs: dict[str, Any], seat: int | None) -> list[str]:
    """The status block: round, mummy, dice, explorers, whose turn, the seat's own cards."""
    role = obs["role"]
    if role == "mummy":
        you = _("You are the mummy.")
    elif role == "explorer":
        you = _("You are an explorer.")
    else:
        you = _("You watch from the mummy's side.")
    lines = [_("Round {round}.").format(round=obs["round"]), *_wrap(you)]
    lines += _wrap(
        _("Mummy @ {field}: {a} of {b} ankhs.").format(
            field=_rc_label(obs["mummy"]), a=obs["mummy_ankhs"], b=obs["threshold"]
        )
    )
    lines.append(_("Mummy dice set aside: {n}.").format(n=obs["aside"]))
    positions = obs.get("positions")
    figures = obs["figures"]
    for f, fig in enumerate(figures):
        mark = FIGURE_MARKS[fig["colour"]]
        s = fig["seat"]
        name = _seat_name(obs, s)
        colour = colour_word(fig["colour"])
        if s == seat and name != "You":
            line = _("{mark} {colour}, {name} (you)")
        else:
            line = _("{mark} {colour}, {name}")
        lines += _wrap(line.format(mark=mark, colour=colour, name=name), "  ")
        if fig["out"]:
            lines.append("  " + _("out of the game"))
        else:
            ankhs = fig["ankhs"]
            text = _("{n} ankhs").format(n=ankhs)
            if positions is not None and positions[f] is not None:
                cell = board.cell(*positions[f])
                field = _rc_label(positions[f])
                if cell == board.start:
                    text = _("on {field} (stairs), {n} ankhs").format(field=field, n=ankhs)
                elif cell == board.dungeon:
                    text = _("on {field} (dungeon), {n} ankhs").format(field=field, n=ankhs)
                else:
                    text = _("on {field}, {n} ankhs").format(field=field, n=ankhs)
            lines += _wrap("  " + text, "    ")
        if f + 1 == len(figures) or figures[f + 1]["seat"] != s:
            counts = obs["hand_colours"][s]
            cols = ", ".join(
                colour_word(c) if counts[c] == 1 else f"{counts[c]} {colour_word(c)}"
                for c in CARD_COLOURS
                if counts.get(c)
            )
            listed = _("cards: {colours}").format(colours=cols or pgettext("cards", "none"))
            lines += _wrap("  " + listed, "    ")
    played = [
        symbol_name(SYMBOLS[x][1]) for s in range(len(obs["played"])) for x in obs["played"][s]
    ]
    if played:
        lines += _wrap(_("Played (*): {symbols}.").format(symbols=", ".join(played)))
    lines += _wrap(_turn_line(obs))
    if "dice" in obs and obs["phase"] not in ("mummy_move", "over") and obs["dice"]:
        dice = sorted(obs["dice"], key=lambda x: DIE_FACES.index(x) if x in DIE_FACES else 9)
        lines += _wrap(
            _("Dice: {dice} (roll {n}).").format(
                dice=" ".join(die_face(d) for d in dice), n=obs["rolls"]
            )
        )
    if "hand" in obs:
        lines.append(_("Your cards:") if obs["hand"] else _("Your cards: none."))
        order = {c: i for i, c in enumerate(CARD_COLOURS)}
        for x in sorted(obs["hand"], key=lambda x: (order.get(SYMBOLS[x][0], 9), x)):
            home = board.symbol_cell.get(x)
            at = f" {label(*board.rc(home))}" if home is not None else ""
            colour, name = SYMBOLS[x]
            card = f"  {x} {symbol_name(name)}{at}, {colour_word(colour)}"
            lines += _wrap(card, "    ")
    return lines


def _seat_name(obs: dict[str, Any], s: int) -> str:
    """The seat's display name (``render``'s ``names``), else ``seat N`` counted from 1."""
    names = obs.get("_names")
    return str(names[s]) if names and 0 <= s < len(names) else _("seat {n}").format(n=s + 1)


def _turn_line(obs: dict[str, Any]) -> str:
    phase = obs["phase"]
    if phase == "mummy_move":
        mm = obs.get("mummy_move")
        if mm is None:  # the companion's table: the die or the magnet is asked first
            return _("The mummy's move comes next.")
        return _move_line(str(mm["kind"]), int(mm["steps_left"]), obs["role"] == "mummy")
    if phase == "over":
        reasons = {
            "explorer": _("an explorer played all his cards"),
            "mummy": _("the mummy has her ankhs"),
            "max_rounds": _("the round limit"),
            "step_limit": _("the length limit"),
        }
        why = reasons.get(str(obs.get("reason")), _("the end"))
        won = ", ".join(
            _("the mummy ({name})").format(name=_seat_name(obs, 0))
            if w == 0
            else _seat_name(obs, w)
            for w in obs["winners"]
        )
        if not won:
            return _("Game over ({why}): nobody won.").format(why=why)
        return ngettext(
            "Game over ({why}): {won} won.", "Game over ({why}): {won} won.", len(obs["winners"])
        ).format(why=why, won=won)
    turn = obs["turn"]
    who = _("{colour} ({name})").format(
        colour=figure_name(obs["figures"][turn["figure"]]["colour"]),
        name=_seat_name(obs, turn["seat"]),
    )
    if "announced" in obs:
        face = obs["announced"]
        if face == "arrow":
            return _("{who} is on turn, announced the arrow.").format(who=who)
        return _("{who} is on turn, announced {face}.").format(who=who, face=face)
    return _("{who} is on turn.").format(who=who)


def _move_line(kind: str, left: int, mine: bool) -> str:
    """``Your intermediate move: 3 steps left.`` (the mummy's move under way)."""
    if kind in ("intermediate", "forced"):
        if mine:
            text = ngettext(
                "Your intermediate move: {n} step left.",
                "Your intermediate move: {n} steps left.",
                left,
            )
        else:
            text = ngettext(
                "The mummy's intermediate move: {n} step left.",
                "The mummy's intermediate move: {n} steps left.",
                left,
            )
    elif kind == "second":
        if mine:
            text = ngettext(
                "Your second move: {n} step left.", "Your second move: {n} steps left.", left
            )
        else:
            text = ngettext(
                "The mummy's second move: {n} step left.",
                "The mummy's second move: {n} steps left.",
                left,
            )
    elif mine:
        text = ngettext("Your move: {n} step left.", "Your move: {n} steps left.", left)
    else:
        text = ngettext(
            "The mummy's move: {n} step left.", "The mummy's move: {n} steps left.", left
        )
    return text.format(n=left)


def render(
    board: Board,
    obs: dict[str, Any],
    seat: int | None = None,
    choices: dict[int, int] | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The maze and the status block for one observation, side by side (at most 80
    columns on the built-in maze). ``choices`` maps a field to the number of the choice
    that ends there (the seat on turn); ``names`` label the seats (else counted from 1)."""
    if names:
        obs = {**obs, "_names": list(names)}
    left = maze(board, obs, choices)
    if choices:
        legend = _("@ mummy, R G B Y explorers, * played, (n) the end field of choice n.")
    else:
        legend = _("@ mummy, R G B Y explorers, * played.")
    right = status(board, obs, seat)
    width = max(len(x) for x in left)
    # the status starts beside the first maze row (under the column letters)
    right = ["", *right]
    n = max(len(left), len(right))
    left += [""] * (n - len(left))
    right += [""] * (n - len(right))
    lines = [f"{a:<{width}} {b}".rstrip() for a, b in zip(left, right, strict=True)]
    symbols = _("Symbols by colour: a-d yellow, e-h green, i-m white, n-r red, s-w blue.")
    return "\n".join([*lines, f"  {legend}", f"  {symbols}"])


class MummyRenderer(Renderer[MummyState]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: MummyState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        choices: dict[int, int] = {}
        if seat is not None and seat == state._to_move and state.phase == MOVE:
            ends = state._move_ends()
            choices = {ends[a]: i for i, a in enumerate(state._legal, 1) if a in ends}
        return render(state.board, state.observation(seat), seat, choices, names)
