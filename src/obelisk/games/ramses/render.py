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
from obelisk.core.i18n import N_, Words

from .components import TREASURE_NAMES, to_screen
from .treasures import event_name, the_treasure, treasure_name

if TYPE_CHECKING:
    from .rules import RamsesState

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext

#: What the game waits for, in words (the observation's ``phase``).
PHASE_WORDS = {
    "place": N_("hiding the treasures"),
    "draw": N_("turning over a card"),
    "search": N_("searching"),
    "gift_declare": N_("naming a treasure for the Gift"),
    "risk_declare": N_("naming two treasures for the Risk"),
    "poker_declare": N_("naming a treasure and an opponent for the Poker"),
    "give": N_("giving a card"),
    "risk_penalty": N_("giving a card for the Risk's penalty"),
    "over": N_("the game is over"),
}
CONTEXT_WORDS = {
    "card": "",
    "gift": N_("the Gift, "),
    "risk_1": N_("the Risk's first treasure, "),
    "risk_2": N_("the Risk's second treasure, "),
    "mirage": N_("the Mirage, "),
    "poker": N_("the Poker in the Desert, "),
}
END_WORDS = {
    "end_card": N_("the end card turned up"),
    "all_eliminated": N_("every player is out"),
    "stacks_exhausted": N_("no card was left"),
    "step_limit": N_("the engine's length limit was reached"),
}


def phase_words(phase: str) -> str:
    """What the game waits for in ``phase``, in words (the code itself when unknown)."""
    return _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase


def _tname(tok: str | None, names: tuple[str, ...]) -> str:
    """``"T03"`` -> ``the Golden Sphinx``; ``blank`` -> ``a blank``."""
    if tok is None:
        return _("nothing")
    if tok == "blank":
        return _("a blank")
    return the_treasure(names[int(tok[1:]) - 1])[0]


def _tname_acc(tok: str, names: tuple[str, ...]) -> str:
    """``"T03"`` -> ``the Golden Sphinx`` as the object of a verb (German: accusative)."""
    return the_treasure(names[int(tok[1:]) - 1])[1]


def marks(names: tuple[str, ...]) -> list[str]:
    """A two-letter mark per treasure for the grid (its name's first letters, or its
    number when two names share them)."""
    first = [n.replace(" ", "")[:2].title() for n in names]
    if len(set(first)) == len(first) and all(len(x) == 2 for x in first):
        return first
    return [f"{i + 1:02d}" for i in range(len(names))]


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _card(c: dict[str, Any], names: tuple[str, ...]) -> str:
    if c["type"] == "search":
        return _("{name} ({points}, stack {stack})").format(
            name=treasure_name(names[int(c["treasure"][1:]) - 1]),
            points=_points(c["value"]),
            stack=c["stack"],
        )
    if c["type"] == "end":
        return _("the end card")
    kind = str(c["type"])
    name = event_name(kind)
    return name if name != kind else kind.title()


def _up(text: str) -> str:
    """``text`` with its first letter upper case."""
    return text[:1].upper() + text[1:]


def render(obs: dict[str, Any], options: Any, seat_names: Sequence[str] | None = None) -> str:
    """The text view of ``obs`` (an observation of this game), seats by ``seat_names`` if
    given (else counted from 1)."""

    def name(i: int) -> str:
        if seat_names and 0 <= i < len(seat_names):
            return str(seat_names[i])
        return _("seat {n}").format(n=i + 1)

    names: tuple[str, ...] = tuple(getattr(options, "treasure_names", TREASURE_NAMES))
    shown_names = tuple(treasure_name(n) for n in names)
    mark = marks(shown_names)
    pro = bool(getattr(options, "professional", False))
    seat = obs.get("seat")
    lines: list[str] = []
    who = _("spectator") if seat is None else name(seat)
    phase = obs["phase"]
    mover = obs.get("to_move")
    doing = phase_words(phase)
    if isinstance(mover, int) and mover != seat and phase != "over":
        # whose turn it is, not the viewer's
        doing = _("{name} {doing}").format(name=name(mover), doing=doing)
    lines.append(_("Ramses II - {who} - now: {doing}").format(who=who, doing=doing))
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
    north_words = _("N (box north)")
    tray_words = _("(card tray)")
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
            top = pad + " " * (width // 2) + north_words + "\n" + top
        if north == "bottom":
            bottom = bottom + "\n" + pad + " " * (width // 2) + north_words
        if tray == "bottom":
            bottom = bottom + "\n" + pad + "~" * (width + 3) + "  " + tray_words
        if tray == "top":
            top = pad + "~" * (width + 3) + "  " + tray_words + "\n" + top
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
    if phase == "place":
        lines.append(_("Pyramids: g gold, r red, b blue."))
        where = {t: to_screen(p, obs["view_turns"]) for t, p in (obs.get("placed") or {}).items()}
        shown = ", ".join(
            _("<{mark}> {name} (row {row}, column {column})").format(
                mark=mark[int(x[1:]) - 1],
                name=shown_names[int(x[1:]) - 1],
                row=where[x][0] + 1,
                column=where[x][1] + 1,
            )
            for x in sorted(where)
        )
        lines.append(
            _("Hidden so far (everybody watches): {treasures}").format(treasures=shown or _("none"))
        )
    else:
        lines.append(
            _("Pyramids: g gold, r red, b blue; [  ] the empty place, with its token if any.")
        )
        under = _tname(showing, names)
        if showing not in (None, "blank"):
            under += f" [{mark[int(showing[1:]) - 1]}]"
        lines.append(_("Under the empty place: {what}").format(what=under))
    cur = obs.get("current_card")
    if cur:
        miss = obs["misses"]
        card = _card(cur, names)
        if miss:
            lines.append(
                ngettext(
                    "Card sought: {card}; missed {n} time so far",
                    "Card sought: {card}; missed {n} times so far",
                    miss,
                ).format(card=card, n=miss)
            )
        else:
            lines.append(_("Card sought: {card}").format(card=card))
    s = obs.get("search")
    if s:
        n = s["slides"]
        fields = {
            "name": _up(name(s["searcher"])),
            "treasure": _tname(s["target"], names),
            "treasure_acc": _tname_acc(s["target"], names)
            if s["target"] not in (None, "blank")
            else _tname(s["target"], names),
            "context": _(CONTEXT_WORDS[s["context"]]) if CONTEXT_WORDS.get(s["context"]) else "",
            "n": n,
        }
        if s["searcher"] == seat:
            text = ngettext(
                "You search for {treasure} ({context}{n} slide so far)",
                "You search for {treasure} ({context}{n} slides so far)",
                n,
            )
        else:
            text = ngettext(
                "{name} searches for {treasure} ({context}{n} slide so far)",
                "{name} searches for {treasure} ({context}{n} slides so far)",
                n,
            )
        lines.append(text.format(**fields))
    d = obs.get("declared")
    if d:
        if d["event"] == "mirage":
            lines.append(
                _("Mirage: the card is {card}, taken from {name}").format(
                    card=_card(d["card"], names), name=name(d["right"])
                )
            )
        elif d["event"] == "poker":
            tok = d["treasures"][0]
            lines.append(
                _("Poker in the Desert: {name} must find {treasure}").format(
                    name=name(d["opponent"]),
                    treasure=_tname(tok, names),
                    treasure_acc=_tname_acc(tok, names),
                )
            )
        else:
            kind = str(d["event"])
            event = event_name(kind) if kind in ("gift", "risk") else kind.title()
            ts = [_tname(x, names) for x in d["treasures"]]
            if len(ts) == 2:
                lines.append(
                    _("{event}: {first} then {second}").format(
                        event=event, first=ts[0], second=ts[1]
                    )
                )
            else:
                lines.append(_("{event}: {treasures}").format(event=event, treasures=", ".join(ts)))
    stacks = ", ".join(
        _("stack {stack}: {n}").format(stack=k, n=v) for k, v in obs["stacks"].items()
    )
    lines.append(
        _("Cards left: {stacks}; face up on the discard: {n}").format(
            stacks=stacks, n=len(obs["discard"])
        )
    )
    counts = []
    for i, k in enumerate(obs["hand_counts"]):
        out_ = " " + _("(out)") if obs["eliminated"][i] else ""
        you = " " + _("(you)") if i == seat and name(i) != "You" else ""
        counts.append(f"{name(i)}{you}: {k}{out_}")
    lines.append(_("Cards held: {counts}").format(counts=", ".join(counts)))
    if seat is not None:
        hand = obs.get("hand") or []
        lines.append(
            _("Your cards: {cards}").format(
                cards=", ".join(_card(c, names) for c in hand) or _("none")
            )
        )
    if phase == "over":
        sc = ", ".join(f"{name(i)}: {v:g}" for i, v in enumerate(obs["scores"]))
        win = f" {_('and')} ".join(name(w) for w in obs["winners"]) or _("nobody")
        why = (
            _(END_WORDS[obs["end_reason"]]) if obs["end_reason"] in END_WORDS else obs["end_reason"]
        )
        lines.append(_("Game over: {why}. Winner: {winners}.").format(why=why, winners=win))
        lines.append(_("Points: {points}").format(points=sc))
    elif obs["to_move"] == seat:
        if phase == "search":
            lines.append(_("Your move. 'slide up' moves the pyramid below the empty place up."))
        elif phase == "place":
            lines.append(
                _(
                    "Your move: hide a treasure on a free place (rows are numbered on the left, "
                    "columns on top). Type 'place Parrot, row 2, column 3' or a choice's number; "
                    "each square of 2 x 2 places hides one treasure."
                )
            )
        else:
            lines.append(_("Your move."))
    return "\n".join(lines)


class RamsesRenderer(Renderer["RamsesState"]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: RamsesState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        return render(state.observation(seat), state.options, names)
