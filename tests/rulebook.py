"""The rulebook test kit: tests that read like the rulebook, the same in every game.

``new(game, players, seed, **options)`` starts a game, ``play(state, *actions)`` plays actions
(or the texts a person would type), and ``refuses(state, action, rule)`` checks a refusal: the
action raises :class:`IllegalAction` naming ``rule`` and leaves the state exactly as it was.

>>> s = new("sobek", 2, seed=1)
>>> msg = refuses(s, "pass", "sobek:5")
"""

from __future__ import annotations

from typing import Any

import pytest

from obelisk.core import Action, Game, IllegalAction, State, action_from_text, get_game
from obelisk.core.conformance import fingerprint


def new(game: str | Game, players: int | None = None, seed: int = 0, **options: Any) -> State:
    """A new game of ``game`` (a name or a Game) for ``players`` seats (its fewest when None),
    with ``options`` over the defaults; ``forced=[…]`` scripts the set-up's chance outcomes."""
    g = get_game(game) if isinstance(game, str) else game
    forced = options.pop("forced", ())
    return g.new_state(players, seed, options or None, forced=forced)


def _action(state: State, action: Action | str) -> Action:
    """``action`` itself, or the legal action a person types as ``action``."""
    return state.parse_action(action) if isinstance(action, str) else action


def play(state: State, *actions: Action | str) -> State:
    """Play each action in turn for the seat to move (an Action, or the text a person types:
    its number from 1, its short form or its words); returns the state."""
    for a in actions:
        state.apply(_action(state, a))
    return state


def refuses(state: State, action: Action | str, rule: str, *, system: bool = False) -> str:
    """Assert that ``action`` (an Action, or its text form: ``take 5``) is refused by ``rule``
    and that the state is unchanged; returns the refusal's words. ``system``: a system
    action (a clock tick)."""
    if isinstance(action, str):
        action = action_from_text(action, state.game.action_types)
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        if system:
            state.apply_system(action)
        else:
            state.apply(action)
    assert err.value.rule == rule, f"refused by {err.value.rule}, not {rule}: {err.value}"
    assert fingerprint(state) == before, f"the refusal ({rule}) changed the state"
    return str(err.value)
