"""Fluch der Mumie's fixed action space for the research adapters (``Game.action_space``).

Every action a seat may take with one set of options: the explorers' dice decisions,
a move to any field of the maze, the four slide and step directions, and the two
decisions that only some options open (keeping a task card, the mummy stopping early).
"""

from __future__ import annotations

from obelisk.core import Action

from .actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step, Stop
from .board import DIRECTIONS
from .components import CHOOSABLE
from .maze import board_source
from .maze import load as load_maze
from .options import MummyOptions


def action_space(num_players: int, options: MummyOptions) -> list[Action]:
    """Every action of a ``num_players`` game with ``options``, in a fixed order.

    The set does not depend on the number of players: the mummy and the explorers
    choose among the same actions at any table size.
    """
    board = load_maze(board_source(options))
    acts: list[Action] = [Resolve(True), Resolve(False), Reroll(), Lost()]  # mummy:7.1, 7.2
    acts += [Choose(f) for f in CHOOSABLE]  # mummy:7.2, 7.3
    acts += [Move(r, c) for r in range(board.rows) for c in range(board.cols)]  # mummy:8.1
    acts += [Arrow(d) for d in DIRECTIONS]  # mummy:8.2
    if not options.card_play_mandatory:  # mummy:7.4 a card may be kept
        acts += [Play(True), Play(False)]
    acts += [Step(d) for d in DIRECTIONS]  # mummy:9
    if options.mummy_may_stop_early:  # mummy:9 "up to"
        acts.append(Stop())
    return list(dict.fromkeys(acts))
