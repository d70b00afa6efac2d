"""Who is at the table for the Khufu companion: names, pieces and lucky symbols, checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from obelisk.core.narration import join_words
from obelisk.games.khufu import components as K
from obelisk.games.khufu.narration import symbol

#: khufu:2.3 the table sizes (two players only as the engine's option allows).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_NAME = 24


class CompanionError(ValueError):
    """A bad input to the companion: the message names the problem; nothing changed."""


_SYMBOL_NAMES = {s.lower(): s for s in K.SYMBOLS}
_SYMBOL_NAMES.update({symbol(s).lower(): s for s in K.SYMBOLS})
_SYMBOL_NAMES.update({"eye": "EYE_OF_HORUS", "horus": "EYE_OF_HORUS"})
_PIECE_NAMES = {c.lower(): c for c in K.CHARACTERS}


def symbol_id(text: str, what: str = "lucky symbol") -> str:
    """A symbol from its name in any case (``eye of horus``, ``Falcon``, ``KING``)."""
    key = text.strip().lower().replace("-", " ").replace("_", " ")
    found = _SYMBOL_NAMES.get(key) or _SYMBOL_NAMES.get(key.replace(" ", "_"))
    if found is None:
        names = join_words([symbol(s) for s in K.SYMBOLS], "or")
        raise CompanionError(f"'{text}' is not a {what}: say {names}")
    return found


def piece_id(text: str) -> str:
    """A playing piece (character) from its name in any case."""
    found = _PIECE_NAMES.get(text.strip().lower())
    if found is None:
        raise CompanionError(
            f"'{text}' is not a playing piece: say {join_words(list(K.CHARACTERS), 'or')}"
        )
    return found


@dataclass(frozen=True)
class Player:
    """Somebody at the table: a name, and the piece and lucky symbol if the table said."""

    name: str
    piece: str | None = None
    lucky: str | None = None

    def label(self) -> str:
        """``Ann (Witch)``."""
        return f"{self.name} ({self.piece})" if self.piece else self.name


def parse_player(text: str) -> Player:
    """A player from ``NAME[:piece[:lucky symbol]]`` (``Ann:witch:falcon``)."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) > 3:
        raise CompanionError(f"'{text}': give NAME, NAME:piece or NAME:piece:lucky symbol")
    name = parts[0]
    piece = piece_id(parts[1]) if len(parts) > 1 and parts[1] else None
    lucky = symbol_id(parts[2]) if len(parts) > 2 and parts[2] else None
    return Player(name, piece, lucky)


def player_from_json(data: Any) -> Player:
    """A player from ``{"name": …, "piece": …, "lucky": …}`` (piece and lucky optional)."""
    if not isinstance(data, Mapping):
        raise CompanionError("each player must be an object with a name")
    name = data.get("name")
    if not isinstance(name, str):
        raise CompanionError("each player needs a name")
    piece, lucky = data.get("piece"), data.get("lucky")
    for what, value in (("piece", piece), ("lucky symbol", lucky)):
        if value is not None and not isinstance(value, str):
            raise CompanionError(f"{name}'s {what} must be a word")
    return Player(
        name.strip(),
        piece_id(piece) if piece else None,
        symbol_id(lucky) if lucky else None,
    )


def check_players(players: Sequence[Player]) -> None:
    """khufu:2.3, 4.1, 4.5: 2-6 players, names given and distinct, pieces and symbols distinct."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise CompanionError(f"Khufu is played by 3 to 6 players (2 as a variant), not {n}")
    names = [p.name for p in players]
    for i, name in enumerate(names):
        if not name:
            raise CompanionError(f"player {i + 1} has no name")
        if len(name) > MAX_NAME:
            raise CompanionError(f"the name '{name[:MAX_NAME]}…' is longer than {MAX_NAME}")
        if not name.isprintable():
            raise CompanionError(f"player {i + 1}'s name holds a character that cannot be shown")
    if len({n.casefold() for n in names}) < n:
        raise CompanionError("two players have the same name")
    pieces = [p.piece for p in players if p.piece]
    if len(set(pieces)) < len(pieces):
        raise CompanionError("two players have the same playing piece")
    lucky = [p.lucky for p in players if p.lucky]
    if len(set(lucky)) < len(lucky):
        raise CompanionError("two players have the same lucky symbol (each card is dealt once)")
