"""A compact text view of one seat's Ramses II observation (``to_text``).

The grid is drawn in the seat's own orientation (ramses:3.3/3.4): pyramids by
colour letter (g gold, r red, b blue), the empty place in brackets with the
token on it. Landmarks turn with the box (ramses:3.5): ``N`` marks the box's
north edge and ``~~~`` its card tray on the south edge. The professional
variant draws a symmetric frame with neither (ramses:10.3). Nothing about
earlier reveals is shown (ramses:11.3).
"""

from __future__ import annotations

from typing import Any

from .components import TREASURE_NAMES


def _name(tok: str | None, names: tuple[str, ...]) -> str:
    if tok is None:
        return "-"
    if tok == "blank":
        return "blank"
    return f"{tok} {names[int(tok[1:]) - 1]}"


def _card(c: dict[str, Any], names: tuple[str, ...]) -> str:
    if c["type"] == "search":
        return f"#{c['card']} {_name(c['treasure'], names)} ({c['value']})"
    return f"#{c['card']} {c['type']}"


def render(obs: dict[str, Any], options: Any) -> str:
    """The text view of ``obs`` (an observation of this game)."""
    names: tuple[str, ...] = getattr(options, "treasure_names", TREASURE_NAMES)
    pro = bool(getattr(options, "professional", False))
    seat = obs.get("seat")
    lines: list[str] = []
    who = "spectator" if seat is None else f"seat {seat + 1}"
    lines.append(f"Ramses II - {who} - phase: {obs['phase']}")
    grid: list[str] = obs["grid"]
    er, ec = obs["empty"]["row"], obs["empty"]["col"]
    showing = obs.get("showing")
    cells = []
    for r, row in enumerate(grid):
        out = []
        for c, ch in enumerate(row):
            if (r, c) == (er, ec):
                tok = "  " if showing in (None, "blank") else showing[1:]
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
    lines.append(top)
    lines.extend(body)
    lines.append(bottom)
    if obs["phase"] == "place":
        placed = obs.get("placed") or {}
        lines.append(f"Placed so far: {', '.join(sorted(placed)) or 'none'} (public)")
    else:
        lines.append(f"Uncovered at the empty place: {_name(showing, names)}")
    cur = obs.get("current_card")
    if cur:
        lines.append(f"Card sought: {_card(cur, names)}  (misses so far: {obs['misses']})")
    s = obs.get("search")
    if s:
        lines.append(
            f"Search: seat {s['searcher'] + 1} looks for {_name(s['target'], names)}"
            f" ({s['context']}, {s['slides']} slides)"
        )
    d = obs.get("declared")
    if d:
        if d["event"] == "mirage":
            lines.append(f"Mirage: card {_card(d['card'], names)} from seat {d['right'] + 1}")
        else:
            extra = f" against seat {d['opponent'] + 1}" if "opponent" in d else ""
            lines.append(f"{d['event'].title()}: {', '.join(d['treasures'])}{extra}")
    stacks = ", ".join(f"stack {k}: {v}" for k, v in obs["stacks"].items())
    lines.append(f"Cards left: {stacks}; discard: {len(obs['discard'])}")
    counts = []
    for i, k in enumerate(obs["hand_counts"]):
        mark = " (out)" if obs["eliminated"][i] else ""
        counts.append(f"seat {i + 1}: {k}{mark}")
    lines.append("Cards held: " + ", ".join(counts))
    if seat is not None:
        hand = obs.get("hand") or []
        lines.append("Your cards: " + (", ".join(_card(c, names) for c in hand) or "none"))
    if obs["phase"] == "over":
        sc = ", ".join(f"seat {i + 1}: {v:g}" for i, v in enumerate(obs["scores"]))
        win = ", ".join(f"seat {w + 1}" for w in obs["winners"])
        lines.append(f"Game over ({obs['end_reason']}). Scores: {sc}. Winner: {win}")
    elif obs["to_move"] == seat:
        lines.append("Your move. 'slide up' moves the pyramid below the empty place up.")
    return "\n".join(lines)
