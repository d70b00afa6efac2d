"""A compact text view of one seat's Ramses II observation (``to_text``).

The grid is drawn in the seat's own orientation (ramses:3.3/3.4): pyramids by
colour letter (g gold, r red, b blue), the empty place in brackets with the
token on it (two letters of the treasure's name; nothing for a blank): the token
under the empty place is the only one shown, and only while it is uncovered. Landmarks turn with the box (ramses:3.5): ``N`` marks the box's
north edge and ``~~~`` its card tray on the south edge. The professional
variant draws a symmetric frame with neither (ramses:10.3). Nothing about
earlier reveals is shown (ramses:11.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Renderer

from .components import TREASURE_NAMES, to_screen

if TYPE_CHECKING:
    from .rules import RamsesState


#: What the game waits for, in words (the observation's ``phase``).
PHASE_WORDS = {
    "place": "hiding the treasures",
    "draw": "turning over a card",
    "search": "searching",
    "gift_declare": "naming a treasure for the Gift",
    "risk_declare": "naming two treasures for the Risk",
    "poker_declare": "naming a treasure and an opponent for the Poker",
    "give": "giving a card",
    "risk_penalty": "giving a card for the Risk's penalty",
    "over": "the game is over",
}
CONTEXT_WORDS = {
    "card": "",
    "gift": "the Gift, ",
    "risk_1": "the Risk's first treasure, ",
    "risk_2": "the Risk's second treasure, ",
    "mirage": "the Mirage, ",
    "poker": "the Poker in the Desert, ",
}
END_WORDS = {
    "end_card": "the end card turned up",
    "all_eliminated": "every player is out",
    "stacks_exhausted": "no card was left",
    "step_limit": "the engine's length limit was reached",
}


def _tname(tok: str | None, names: tuple[str, ...]) -> str:
    """``"T03"`` -> ``the Golden Sphinx``; ``blank`` -> ``a blank``."""
    if tok is None:
        return "nothing"
    if tok == "blank":
        return "a blank"
    return f"the {names[int(tok[1:]) - 1]}"


def marks(names: tuple[str, ...]) -> list[str]:
    """A two-letter mark per treasure for the grid (its name's first letters, or its
    number when two names share them)."""
    first = [n.replace(" ", "")[:2].title() for n in names]
    if len(set(first)) == len(first) and all(len(x) == 2 for x in first):
        return first
    return [f"{i + 1:02d}" for i in range(len(names))]


def _card(c: dict[str, Any], names: tuple[str, ...]) -> str:
    if c["type"] == "search":
        v = c["value"]
        return f"{names[int(c['treasure'][1:]) - 1]} ({v} point{'' if v == 1 else 's'}, stack {c['stack']})"
    return {"end": "the end card", "poker": "Poker in the Desert"}.get(
        c["type"], str(c["type"]).title()
    )


def _up(text: str) -> str:
    """``text`` with its first letter upper case."""
    return text[:1].upper() + text[1:]


def render(obs: dict[str, Any], options: Any, seat_names: Sequence[str] | None = None) -> str:
    """The text view of ``obs`` (an observation of this game), seats by ``seat_names`` if
    given (else counted from 1)."""

    def name(i: int) -> str:
        if seat_names and 0 <= i < len(seat_names):
            return str(seat_names[i])
        return f"seat {i + 1}"

    names: tuple[str, ...] = tuple(getattr(options, "treasure_names", TREASURE_NAMES))
    mark = marks(names)
    pro = bool(getattr(options, "professional", False))
    seat = obs.get("seat")
    lines: list[str] = []
    who = "spectator" if seat is None else name(seat)
    phase = obs["phase"]
    mover = obs.get("to_move")
    doing = PHASE_WORDS.get(phase, phase)
    if isinstance(mover, int) and mover != seat and phase != "over":
        doing = f"{name(mover)} {doing}"  # whose turn it is, not the viewer's
    lines.append(f"Ramses II - {who} - now: {doing}")
    grid: list[str] = obs["grid"]
    er, ec = obs["empty"]["row"], obs["empty"]["col"]
    showing = obs.get("showing")
    placed: dict[tuple[int, int], str] = {}
    if phase == "place":  # the hiding is public (ramses:4.2): every token placed so far
        for t, p in (obs.get("placed") or {}).items():
            placed[to_screen(p, obs["view_turns"])] = mark[int(t[1:]) - 1]
    cells = []
    for r, row in enumerate(grid):
        out = []
        for c, ch in enumerate(row):
            if (r, c) in placed:
                out.append(f"<{placed[(r, c)]}>")
            elif (r, c) == (er, ec) and phase != "place":
                tok = "  " if showing in (None, "blank") else mark[int(showing[1:]) - 1]
                out.append(f"[{tok}]")
            else:
                out.append(f" {ch.lower()}  ")
        cells.append("".join(out).rstrip())
    width = max(len(x) for x in cells) + 1
    t = obs["view_turns"]
    north = ("top", "right", "bottom", "left")[t]
    tray = ("bottom", "left", "top", "right")[t]
    pad = "    "
    if pro:
        top = bottom = pad + "+" + "=" * (width + 1) + "+"
        body = [pad + "| " + x.ljust(width) + "|" for x in cells]
    else:
        top = pad + "+" + "-" * (width + 1) + "+"
        bottom = top
        body = []
        mid = len(cells) // 2
        for i, x in enumerate(cells):
            left = "~~ " if tray == "left" else ("N  " if north == "left" and i == mid else "   ")
            right = " ~~" if tray == "right" else ("  N" if north == "right" and i == mid else "")
            body.append(pad[:-3] + left + "| " + x.ljust(width) + "|" + right)
        if north == "top":
            top = pad + " " * (width // 2) + "N (box north)\n" + top
        if north == "bottom":
            bottom = bottom + "\n" + pad + " " * (width // 2) + "N (box north)"
        if tray == "bottom":
            bottom = bottom + "\n" + pad + "~" * (width + 3) + "  (card tray)"
        if tray == "top":
            top = pad + "~" * (width + 3) + "  (card tray)\n" + top
    if phase == "place":  # row and column numbers, as the placing choices name them
        head = "         " + "".join(f" {c + 1:<3}" for c in range(len(grid[0])))
        tops = top.split("\n")
        lines.extend("   " + x for x in tops[:-1])
        lines.append(head.rstrip())
        lines.append("   " + tops[-1])
        lines.extend(f"{i + 1:>2} " + x for i, x in enumerate(body))
        lines.extend("   " + x for x in bottom.split("\n"))
    else:
        lines.append(top)
        lines.extend(body)
        lines.append(bottom)
    legend = "Pyramids: g gold, r red, b blue"
    if phase != "place":
        legend += "; [  ] the empty place, with its token if any"
    lines.append(legend + ".")
    if phase == "place":
        where = {t: to_screen(p, obs["view_turns"]) for t, p in (obs.get("placed") or {}).items()}
        shown = ", ".join(
            f"<{mark[int(x[1:]) - 1]}> {names[int(x[1:]) - 1]} "
            f"(row {where[x][0] + 1}, column {where[x][1] + 1})"
            for x in sorted(where)
        )
        lines.append(f"Hidden so far (everybody watches): {shown or 'none'}")
    else:
        under = _tname(showing, names)
        if showing not in (None, "blank"):
            under += f" [{mark[int(showing[1:]) - 1]}]"
        lines.append(f"Under the empty place: {under}")
    cur = obs.get("current_card")
    if cur:
        miss = obs["misses"]
        tries = "" if not miss else f"; missed {miss} time{'' if miss == 1 else 's'} so far"
        lines.append(f"Card sought: {_card(cur, names)}{tries}")
    s = obs.get("search")
    if s:
        n = s["slides"]
        who = "You search" if s["searcher"] == seat else f"{_up(name(s['searcher']))} searches"
        lines.append(
            f"{who} for {_tname(s['target'], names)} ({CONTEXT_WORDS.get(s['context'], '')}"
            f"{n} slide{'' if n == 1 else 's'} so far)"
        )
    d = obs.get("declared")
    if d:
        if d["event"] == "mirage":
            lines.append(
                f"Mirage: the card is {_card(d['card'], names)}, taken from {name(d['right'])}"
            )
        elif d["event"] == "poker":
            lines.append(
                f"Poker in the Desert: {name(d['opponent'])} must find "
                f"{_tname(d['treasures'][0], names)}"
            )
        else:
            ts = " then ".join(_tname(x, names) for x in d["treasures"])
            lines.append(f"{str(d['event']).title()}: {ts}")
    stacks = ", ".join(f"stack {k}: {v}" for k, v in obs["stacks"].items())
    lines.append(f"Cards left: {stacks}; face up on the discard: {len(obs['discard'])}")
    counts = []
    for i, k in enumerate(obs["hand_counts"]):
        out_ = " (out)" if obs["eliminated"][i] else ""
        you = " (you)" if i == seat and name(i) != "You" else ""
        counts.append(f"{name(i)}{you}: {k}{out_}")
    lines.append("Cards held: " + ", ".join(counts))
    if seat is not None:
        hand = obs.get("hand") or []
        lines.append("Your cards: " + (", ".join(_card(c, names) for c in hand) or "none"))
    if phase == "over":
        sc = ", ".join(f"{name(i)}: {v:g}" for i, v in enumerate(obs["scores"]))
        win = " and ".join(name(w) for w in obs["winners"]) or "nobody"
        why = END_WORDS.get(obs["end_reason"], obs["end_reason"])
        lines.append(f"Game over: {why}. Winner: {win}.")
        lines.append(f"Points: {sc}")
    elif obs["to_move"] == seat:
        if phase == "search":
            lines.append("Your move. 'slide up' moves the pyramid below the empty place up.")
        elif phase == "place":
            lines.append(
                "Your move: hide a treasure on a free place (rows are numbered on the left, "
                "columns on top). Type 'place Parrot, row 2, column 3' or a choice's number; "
                "each square of 2 x 2 places hides one treasure."
            )
        else:
            lines.append("Your move.")
    return "\n".join(lines)


class RamsesRenderer(Renderer["RamsesState"]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: RamsesState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        return render(state.observation(seat), state.options, names)
