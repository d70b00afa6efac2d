"""Who sits where: ``--seats human,normal,hard`` and ``--names``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from obelisk.agents import accepts, default_level, is_oracle, ladder_of, levels
from obelisk.core import Game, InvalidOptions
from obelisk.core.i18n import Words

W = Words(__package__)
_ = W.gettext


HUMAN = "human"


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a person (``level == "human"``) or a computer player of a level."""

    name: str
    level: str = HUMAN

    @property
    def human(self) -> bool:
        """Whether a person plays this seat."""
        return self.level == HUMAN

    def to_json(self) -> dict[str, str]:
        """The seat as stored in a record."""
        return {"name": self.name, "level": self.level}


def default_bot_level(game: Game) -> str:
    """The level a new player meets by default: the game's ``normal`` (its ladder's default)."""
    return default_level(game)


def check_level(game: Game, level: str) -> None:
    """Refuse a level people may not choose: unknown, or an oracle (analysis only)."""
    if is_oracle(game, level):
        raise InvalidOptions(
            f"'{level}' is an analysis player that remembers more than any person can; it is "
            f"not offered for play. Levels: {', '.join(levels(game))}"
        )
    if not accepts(game, level):
        ladder = list(ladder_of(game))
        if level in ("easy", "normal", "hard", "expert"):
            raise InvalidOptions(
                f"{game.show_title()} has no '{level}' level: it offers {', '.join(ladder)} "
                f"('obelisk levels {game.name}' says why); research players: "
                f"{', '.join(x for x in levels(game) if x not in ladder)}"
            )
        raise InvalidOptions(
            f"unknown seat '{level}': use 'human' or a level ({', '.join(levels(game))})"
        )


def parse_seats(
    game: Game,
    seats: str | None,
    players: int | None,
    names: str | None = None,
    options: Any = None,
) -> list[SeatSpec]:
    """The seats of a new game from the command line.

    With no ``seats``, seat 1 is a person and the others are ``default_bot_level`` bots
    (three players where the game allows). ``options`` (a mapping or the game's
    ``Options``) may open other player counts (Khufu's two-player option).
    """
    if players is not None:
        game.check_players(players, game.make_options(options))
    if seats is not None:
        kinds = [s.strip().lower() for s in seats.split(",") if s.strip()]
        if not kinds:
            raise InvalidOptions("--seats lists no seats: give one per seat, e.g. human,normal")
        if players is not None and players != len(kinds):
            raise InvalidOptions(f"--players {players} but --seats lists {len(kinds)} seats")
    else:
        n = players if players is not None else min(game.max_players, max(game.min_players, 3))
        kinds = [HUMAN] + [default_bot_level(game)] * (n - 1)
    n = len(kinds)
    game.check_players(n, game.make_options(options))
    for k in kinds:
        if k != HUMAN:
            check_level(game, k)
    given = [x.strip() for x in names.split(",")] if names else []
    if len(given) > n:
        raise InvalidOptions(f"--names gives {len(given)} names for {n} seats")
    out = []
    people = kinds.count(HUMAN)
    for i, k in enumerate(kinds):
        if i < len(given) and given[i]:
            name = given[i]
        elif k == HUMAN:
            # numbered by seat, as the table's own view numbers them
            name = _("Player {n}").format(n=i + 1) if people > 1 else _("You")
        else:
            name = _("Bot {n}").format(n=i + 1)  # the level is beside the name, never in it
        out.append(SeatSpec(name, k))
    return out
