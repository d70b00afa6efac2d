"""What the faces need to know about a game, from the game's own data (served, never copied).

A web page must not repeat in JavaScript what the games already say in Python: which
games have a table of their own, their glossary and the words of their components.
``/api/games`` carries :func:`faces` for each game; ``GET /api/games/{game}/words`` serves
:func:`game_words`. Games are found through the registry only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI

from obelisk.core import Game, all_games, options_to_json

from .config import ServerError

JSON = Any

#: The web app's files (the tables are ``tables/<game>.js``).
WEB = Path(__file__).resolve().parent.parent / "web"


def has_table(game: Game, web: Path = WEB) -> bool:
    """Whether the web app has a table of the game's own (else it draws the generic one)."""
    return (web / "tables" / f"{game.name}.js").is_file()


def faces(game: Game, web: Path = WEB) -> dict[str, JSON]:
    """The entries of ``/api/games`` about the faces: ``table`` (a web table of its own)."""
    return {"table": has_table(game, web)}


def game_words(game: Game) -> dict[str, JSON]:
    """The words a face draws the game with, from the game's own data.

    ``glossary``: every term the game explains, with its explanation (the narrator's);
    ``components``: the names and purposes of its cards, tokens and such, keyed as the
    observation names them (the narrator's ``components``); ``defaults``: the default
    options (a default board, a default deck).
    """
    narrator = game.narrator
    return {
        "game": game.name,
        "title": game.title,
        "glossary": narrator.glossary(),
        "components": narrator.components(),
        "defaults": options_to_json(game.make_options()),
    }


def find_game(name: str) -> Game:
    """The registered game called ``name``; raises ServerError (404) naming it otherwise."""
    for g in all_games():
        if g.name == name:
            return g
    raise ServerError(f"no game named {name!r}", "unknown_game", 404)


def register_describe(app: FastAPI) -> None:
    """Add ``GET /api/games/{game}/words`` to ``app``."""

    async def words(game: str) -> dict[str, JSON]:
        return game_words(find_game(game))

    app.add_api_route(
        "/api/games/{game}/words",
        words,
        methods=["GET"],
        summary="A game's glossary and the words of its components",
    )
