"""Who is at the table for the Khufu companion: names, pieces and lucky symbols, checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from obelisk.core.i18n import LANGUAGES, Words, speaking
from obelisk.core.narration import join_words
from obelisk.games.khufu import components as K

from .khufu_terms import piece_name, symbol_name

W = Words("obelisk.companion")
_ = W.gettext

#: khufu:2.3 the table sizes (two players only as the engine's option allows).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_NAME = 24


class CompanionError(ValueError):
    """A bad input to the companion: the message names the problem; nothing changed."""


def _names_in_every_language() -> tuple[dict[str, str], dict[str, str]]:
    """Every name of each symbol and each piece, lower-case, in every language Obelisk
    speaks (a German table may type ``Falke`` or ``Falcon``)."""
    symbols = {s.lower(): s for s in K.SYMBOLS}
    symbols.update({"eye": "EYE_OF_HORUS", "horus": "EYE_OF_HORUS"})
    pieces = {c.lower(): c for c in K.CHARACTERS}
    for lang in LANGUAGES:
        with speaking(lang):
            symbols.update({symbol_name(s).lower(): s for s in K.SYMBOLS})
            pieces.update({piece_name(c).lower(): c for c in K.CHARACTERS})
    return symbols, pieces


_SYMBOL_NAMES, _PIECE_NAMES = _names_in_every_language()


def _or_words(words: list[str]) -> str:
    return join_words(words, W.pgettext("the last of a list of choices", "or"))


def symbol_id(text: str, what: str = "lucky symbol") -> str:
    """A symbol from its name in any case and any language (``eye of horus``, ``Falcon``,
    ``KING``, ``Falke``); ``what`` (``lucky symbol`` or ``symbol``) names it in a refusal."""
    key = text.strip().lower().replace("-", " ").replace("_", " ")
    found = _SYMBOL_NAMES.get(key) or _SYMBOL_NAMES.get(key.replace(" ", "_"))
    if found is None:
        names = _or_words([symbol_name(s) for s in K.SYMBOLS])
        if what == "symbol":
            refusal = _("'{text}' is not a symbol: say {names}")
        else:
            refusal = _("'{text}' is not a lucky symbol: say {names}")
        raise CompanionError(refusal.format(text=text, names=names))
    return found


def piece_id(text: str) -> str:
    """A playing piece (character) from its name in any case and any language."""
    found = _PIECE_NAMES.get(text.strip().lower())
    if found is None:
        names = _or_words([piece_name(c) for c in K.CHARACTERS])
        raise CompanionError(
            _("'{text}' is not a playing piece: say {names}").format(text=text, names=names)
        )
    return found


@dataclass(frozen=True)
class Player:
    """Somebody at the table: a name, and the piece and lucky symbol if the table said."""

    name: str
    piece: str | None = None
    lucky: str | None = None

    def label(self) -> str:
        """``Ann (Witch)``: the name, and the piece in the reader's language beside it."""
        if not self.piece:
            return self.name
        return _("{name} ({piece})").format(name=self.name, piece=piece_name(self.piece))


def parse_player(text: str) -> Player:
    """A player from ``NAME[:piece[:lucky symbol]]`` (``Ann:witch:falcon``)."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) > 3:
        raise CompanionError(
            _("'{text}': give NAME, NAME:piece or NAME:piece:lucky symbol").format(text=text)
        )
    name = parts[0]
    piece = piece_id(parts[1]) if len(parts) > 1 and parts[1] else None
    lucky = symbol_id(parts[2]) if len(parts) > 2 and parts[2] else None
    return Player(name, piece, lucky)


def player_from_json(data: Any) -> Player:
    """A player from ``{"name": …, "piece": …, "lucky": …}`` (piece and lucky optional)."""
    if not isinstance(data, Mapping):
        raise CompanionError(_("each player must be an object with a name"))
    name = data.get("name")
    if not isinstance(name, str):
        raise CompanionError(_("each player needs a name"))
    piece, lucky = data.get("piece"), data.get("lucky")
    if piece is not None and not isinstance(piece, str):
        raise CompanionError(_("{name}'s piece must be a word").format(name=name))
    if lucky is not None and not isinstance(lucky, str):
        raise CompanionError(_("{name}'s lucky symbol must be a word").format(name=name))
    return Player(
        name.strip(),
        piece_id(piece) if piece else None,
        symbol_id(lucky) if lucky else None,
    )


def check_players(players: Sequence[Player]) -> None:
    """khufu:2.3, 4.1, 4.5: 2-6 players, names given and distinct, pieces and symbols distinct."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise CompanionError(
            _("Khufu is played by 3 to 6 players (2 as a variant), not {n}").format(n=n)
        )
    names = [p.name for p in players]
    for i, name in enumerate(names):
        if not name:
            raise CompanionError(_("player {n} has no name").format(n=i + 1))
        if len(name) > MAX_NAME:
            raise CompanionError(
                _("the name '{name}…' is longer than {n}").format(name=name[:MAX_NAME], n=MAX_NAME)
            )
        if not name.isprintable():
            raise CompanionError(
                _("player {n}'s name holds a character that cannot be shown").format(n=i + 1)
            )
    if len({n.casefold() for n in names}) < n:
        raise CompanionError(_("two players have the same name"))
    pieces = [p.piece for p in players if p.piece]
    if len(set(pieces)) < len(pieces):
        raise CompanionError(_("two players have the same playing piece"))
    lucky = [p.lucky for p in players if p.lucky]
    if len(set(lucky)) < len(lucky):
        raise CompanionError(_("two players have the same lucky symbol (each card is dealt once)"))
