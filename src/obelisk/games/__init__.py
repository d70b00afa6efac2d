"""The games. Each subpackage is one game and exposes ``GAME`` (a :class:`obelisk.core.Game`)."""
