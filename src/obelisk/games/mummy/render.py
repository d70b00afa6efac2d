"""The text view: the maze with walls, symbols and the figures one seat may see.

Drawn only from ``observation(seat)``: the mummy's view shows her own figure and nothing
of the explorers' fields (mummy:14). In a field, the middle character is the field
(``.`` corridor, ``S`` start, ``M`` sarcophagus, ``V`` dungeon, ``a``-``w`` symbols), the
left one an explorer figure (R, G, B, Y; a digit when several share S or V) and the right
one the mummy (``@``). Played symbols are shown as ``*``.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .components import FIGURE_MARKS, SYMBOLS


def render(board: Board, obs: dict[str, Any]) -> str:
    """The maze and a status block for one observation."""
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
        left = " "
        who = at.get(cell)
        if who:
            left = who[0] if len(who) == 1 else str(len(who))
        right = "@" if cell == mummy else " "
        if left != " " or right != " " or ch != board.content[cell]:
            marks[cell] = f"{left}{ch}{right}"
    lines = [board.to_ascii(marks).rstrip("\n")]
    role = obs["role"]
    lines.append(
        f"Round {obs['round']}. You are {'the mummy' if role == 'mummy' else role}. "
        f"Mummy @ at ({obs['mummy'][0]},{obs['mummy'][1]}) with "
        f"{obs['mummy_ankhs']}/{obs['threshold']} ankhs. Mummy dice set aside: {obs['aside']}."
    )
    for f, fig in enumerate(figures):
        mark = FIGURE_MARKS[fig["colour"]]
        seat = fig["seat"]
        cols = ", ".join(f"{n} {c}" for c, n in sorted(obs["hand_colours"][seat].items()))
        where = ""
        if positions is not None and positions[f] is not None:
            where = f" at ({positions[f][0]},{positions[f][1]})"
        state = "out" if fig["out"] else f"{fig['ankhs']} ankhs"
        lines.append(
            f"  {mark} {fig['colour']} (seat {seat}){where}: {state}; cards left: {cols or 'none'}; "
            f"played: {' '.join(obs['played'][seat]) or '-'}"
        )
    turn = obs["turn"]
    phase = obs["phase"]
    if phase == "mummy_move":
        mm = obs["mummy_move"]
        lines.append(f"The mummy moves ({mm['kind']}): {mm['steps_left']} steps left.")
    elif phase == "over":
        names = ", ".join(f"seat {w}" for w in obs["winners"]) or "nobody"
        lines.append(f"Game over ({obs['reason']}): {names} won.")
    else:
        mark = FIGURE_MARKS[figures[turn["figure"]]["colour"]]
        text = f"Explorer {mark} (seat {turn['seat']}) is on turn"
        if "announced" in obs:
            text += f" and announced {obs['announced']}"
        lines.append(text + ".")
    if "dice" in obs and phase not in ("mummy_move", "over"):
        lines.append(f"Dice: {' '.join(obs['dice']) or '-'} (rolls this turn: {obs['rolls']})")
    if "hand" in obs:
        cards = ", ".join(f"{x} {SYMBOLS[x][1]} ({SYMBOLS[x][0]})" for x in obs["hand"])
        lines.append(f"Your hand: {cards or 'empty'}")
    return "\n".join(lines)
