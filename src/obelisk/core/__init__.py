"""The Obelisk core: the game protocol every game implements and every program uses.

Imports nothing else of Obelisk. See ``docs/architecture.md``.
"""

from .actions import Action, action_from_json, action_from_text, parse_action_text
from .chance import Chance
from .errors import (
    ActionFormatError,
    ChanceError,
    IllegalAction,
    InvalidOptions,
    ObeliskError,
    QuietStateError,
    RecordError,
    UndoError,
    UnknownGame,
)
from .events import HIDDEN, Event, redact, seats, visible_to
from .game import (
    LADDER,
    SYSTEM,
    TERMINAL,
    Agent,
    Capabilities,
    Game,
    PlayerLevel,
    PlayerView,
    ScoreMeaning,
    State,
    Step,
    reads_events,
)
from .narration import Narrator, Voice, join_words, plural, raw_fragment
from .options import (
    OptionInfo,
    OptionSpec,
    describe_options,
    make_options,
    option,
    option_info,
    options_to_json,
    parse_assignments,
    spec_of,
)
from .record import Record, redacted, replay, replay_file, undo
from .registry import all_games, get_game, register, unregister
from .turn import CHANCE, ClockTick, GameClock, Outcome, TurnContext
from .words import Choices, Refusals, Renderer

__all__ = [
    "CHANCE",
    "HIDDEN",
    "LADDER",
    "SYSTEM",
    "TERMINAL",
    "Action",
    "ActionFormatError",
    "Agent",
    "Capabilities",
    "Chance",
    "ChanceError",
    "Choices",
    "ClockTick",
    "Event",
    "Game",
    "GameClock",
    "IllegalAction",
    "InvalidOptions",
    "Narrator",
    "ObeliskError",
    "OptionInfo",
    "OptionSpec",
    "Outcome",
    "PlayerLevel",
    "PlayerView",
    "QuietStateError",
    "Record",
    "RecordError",
    "Refusals",
    "Renderer",
    "ScoreMeaning",
    "State",
    "Step",
    "TurnContext",
    "UndoError",
    "UnknownGame",
    "Voice",
    "action_from_json",
    "action_from_text",
    "all_games",
    "describe_options",
    "get_game",
    "join_words",
    "make_options",
    "option",
    "option_info",
    "options_to_json",
    "parse_action_text",
    "parse_assignments",
    "plural",
    "raw_fragment",
    "reads_events",
    "redact",
    "redacted",
    "register",
    "replay",
    "replay_file",
    "seats",
    "spec_of",
    "undo",
    "unregister",
    "visible_to",
]
