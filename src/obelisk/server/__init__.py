"""The game server: rooms of humans and computer players over HTTP and WebSockets.

``obelisk serve`` runs it. See ``docs/protocol.md`` for the messages, and
:func:`create_app` to embed it.
"""

from .app import create_app
from .config import DEFAULT_DB, ServerConfig, ServerError, load_plugins
from .protocol import VERSION

__all__ = ["DEFAULT_DB", "VERSION", "ServerConfig", "ServerError", "create_app", "load_plugins"]
