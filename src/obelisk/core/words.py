"""A game's words about a position, held by its :class:`~obelisk.core.game.Game` beside
its :class:`~obelisk.core.narration.Narrator`: what an action does (:class:`Choices`), why
an action is refused (:class:`Refusals`) and the position as text (:class:`Renderer`).

They read a state; the rules never import them (an observer apart from the state, as
OpenSpiel's ``KuhnPokerObserver``), so moving words never makes an import circle. The
core ``State`` keeps ``choice_text``, ``hint_reason``, ``hint_refusal``,
``explain_illegal`` and ``to_text`` as one-line hand-overs to these objects, so the
programs above call the state as before. Each class is generic in the game's state type
and, here, gives the default wording every game starts from.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from .actions import Action
from .errors import IllegalAction

#: The state type a game's words read (the core's ``State`` or a game's subclass).
S = TypeVar("S")


class Observed(Protocol):
    """What the default :class:`Renderer` reads of a state."""

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know now."""
        ...


#: The state type a renderer reads.
V = TypeVar("V", bound=Observed)


class Choices(Generic[S]):
    """An action in words from the chooser's side, and why a hint chose it."""

    def choice_text(self, state: S, action: Action) -> str:
        """What ``action`` does, in words, from the current player's side.

        Faces list legal actions by this text (``take 3 — fish 2, 2 cards to your
        corruption``); a person may still type the short :meth:`Action.text`.
        Default: the action's own text.
        """
        return action.text()

    def hint_refusal(self, state: S, seat: int) -> str | None:
        """Why a hint cannot help ``seat`` now, e.g. in a memory phase, or None."""
        return None

    def hint_reason(self, state: S, seat: int, action: Action) -> str | None:
        """Why ``action`` is a good choice for ``seat`` now, in one short clause.

        Read from the table as ``seat`` sees it (never from hidden state), e.g. "no
        corruption, and it completes your ivory set". None: the face gives the hint's
        player's own reason (a search says how its look-ahead went).
        """
        return None

    def parse_words(self, state: S, text: str, legal: list[Action]) -> Action | None:
        """The legal action a person typed in other words than its number or text form
        (``bet falcon``), or None; may raise :class:`ActionFormatError` naming what is wrong.
        Default: None."""
        return None


class Refusals(Generic[S]):
    """Why an action is illegal now, in words, naming the rule."""

    def explain(self, state: S, action: Action) -> IllegalAction:
        """The :class:`IllegalAction` to raise for ``action``, which is not legal in ``state``."""
        return IllegalAction(f"'{action}' is not a legal action now", "core:legal")


class Renderer(Generic[V]):
    """A position as short text for the terminal."""

    def to_text(self, state: V, seat: int | None, names: Sequence[str] | None = None) -> str:
        """A short human-readable rendering of ``seat``'s observation.

        ``names`` are the seats' display names (display data only, as a face knows them);
        a game that has them labels seats by name, else by number counted from 1. The
        default lists the observation's fields one per line.
        """
        obs = state.observation(seat)
        return "\n".join(f"{k}: {json.dumps(v, default=str)}" for k, v in obs.items())
