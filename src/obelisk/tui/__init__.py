"""Play in the terminal (``obelisk play``): people and computer players at one screen."""

from .seats import SeatSpec, parse_seats
from .session import PlaySession, Quit

__all__ = ["PlaySession", "Quit", "SeatSpec", "parse_seats"]
