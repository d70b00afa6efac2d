"""The registry of games. Programs find games here, never by importing a game by name.

Games are discovered from the subpackages of ``obelisk.games`` (each exposes
``GAME``), from the ``obelisk.games`` entry-point group, and from the modules
named in the ``OBELISK_PLUGINS`` environment variable, so a game is added as one
folder, and a plug-in as one installed package or module.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from importlib.metadata import entry_points

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    """Add ``game`` to the registry (replacing one of the same name)."""
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game (used by tests that register throwaway games)."""
    _GAMES.pop(name, None)


def discover() -> None:
    """Import every built-in game package and installed plug-in once."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    try:
        package = importlib.import_module("obelisk.games")
    except ImportError:
        package = None
    if package is not None:
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if info.ispkg and not info.name.startswith("_"):
                module = importlib.import_module(f"{package.__name__}.{info.name}")
                game = getattr(module, "GAME", None)
                if isinstance(game, Game):
                    register(game)
    for ep in entry_points(group="obelisk.games"):
        game = ep.load()
        if isinstance(game, Game):
            register(game)
    load_plugins(os.environ.get("OBELISK_PLUGINS", ""))


def load_plugins(names: str) -> None:
    """Import the comma-separated modules ``names``; each registers its games on import
    or exposes ``GAME``. ``OBELISK_PLUGINS=mygames`` makes every program see them."""
    for name in filter(None, (n.strip() for n in names.split(","))):
        module = importlib.import_module(name)
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            register(game)


def get_game(name: str) -> Game:
    """The registered game called ``name`` (hyphens and case are forgiven)."""
    discover()
    key = name.strip().lower().replace("-", "_")
    if key in _GAMES:
        return _GAMES[key]
    known = ", ".join(sorted(_GAMES)) or "none yet"
    raise UnknownGame(f"unknown game '{name}'; known games: {known}")


def all_games() -> list[Game]:
    """Every registered game, by name."""
    discover()
    return [_GAMES[k] for k in sorted(_GAMES)]
