"""The errors the engine raises. Each says what was wrong with which input."""

from __future__ import annotations


class ObeliskError(Exception):
    """Base of every error Obelisk raises on purpose (bad input, not a bug)."""


class IllegalAction(ObeliskError):
    """An action the rules forbid in this position. The state is left unchanged.

    ``rule`` is the rule ID that forbids it (``"sobek:6.1"``), or a ``core:``
    ID for protocol errors (acting after the game ended, a malformed action).
    """

    def __init__(self, message: str, rule: str = "core:legal") -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} [{rule}]")


class ActionFormatError(ObeliskError, ValueError):
    """An action's JSON or text form cannot be read."""


class InvalidOptions(ObeliskError, ValueError):
    """An unknown option, a value of the wrong type, or an impossible combination."""


class UnknownGame(ObeliskError, KeyError):
    """No game of that name is registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class ChanceError(ObeliskError):
    """A scripted or recorded chance outcome that the draw cannot produce."""


class RecordError(ObeliskError):
    """A game record that is malformed, damaged or replays to another result.

    ``index`` is the position of the first bad entry in the record's ``steps``
    (None when the fault is in the record's header).
    """

    def __init__(self, reason: str, index: int | None = None) -> None:
        self.index = index
        self.reason = reason
        where = "record header" if index is None else f"record step {index}"
        super().__init__(f"{where}: {reason}")


class UndoError(ObeliskError):
    """A take-back the undo policy does not allow."""


class QuietStateError(ObeliskError, RuntimeError):
    """Something that needs a state's events (a seat's view of the past, a record, undo,
    determinize) was asked of a quiet state, which keeps none (``State.quiet``)."""
