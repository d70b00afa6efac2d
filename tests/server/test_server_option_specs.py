"""The server's limits read each option's own description (``option(...)``): its range,
its most items and longest text, whether a network client may set it, and its own values.
In-process, on the test game with options made for the test."""

from __future__ import annotations

import dataclasses

import pytest

from obelisk.core import get_game, option
from obelisk.server.clock import realtime_options
from obelisk.server.config import ServerError
from obelisk.server.limits import (
    MAX_ITEMS,
    MAX_TEXT,
    check_network_options,
    option_range,
    refused_for_network,
)
from tinycards import TinyOptions, TinyTricks


@dataclasses.dataclass(frozen=True)
class SpecOptions(TinyOptions):
    speed: float = option(1.0, help="How fast.", range=(0.5, 2.0))
    names: tuple[str, ...] = option((), help="Names.", max_items=3, max_length=10)
    plain_list: tuple[int, ...] = option((), help="Numbers.")
    layout: str = option("small", help="A layout the game ships.", network="own")
    trace: bool = option(False, help="Print every step.", network=False)
    folder_name: str = option("", help="Where.")  # the name says folder: refused anyway


class SpecGame(TinyTricks):
    name = "tiny_specs"
    Options = SpecOptions
    variants = {"big": {"layout": "big"}}


GAME = SpecGame()


def _refused(values: dict, words: str) -> None:
    with pytest.raises(ServerError) as e:
        check_network_options(GAME, values)
    assert e.value.code == "bad_options" and words in str(e.value), str(e.value)


def test_a_declared_float_range_bounds_a_number() -> None:
    check_network_options(GAME, {"speed": 2.0})
    _refused({"speed": 2.5}, "option 'speed' must be between 0.5 and 2")
    assert option_range(GAME, "speed") == {"min": 0.5, "max": 2.0}


def test_declared_most_items_and_longest_text_bound_a_list_of_texts() -> None:
    check_network_options(GAME, {"names": ["a" * 10] * 3})
    _refused({"names": ["a"] * 4}, "has more than 3 items")
    _refused({"names": ["a" * 11]}, "longer than 10 characters")
    assert option_range(GAME, "names")["max_items"] == 3
    assert option_range(GAME, "names")["max_length"] == 10
    assert option_range(GAME, "plain_list")["max_items"] == MAX_ITEMS
    assert option_range(GAME, "folder_name") == {"network": False}
    assert MAX_TEXT > 10


def test_network_false_and_network_own_are_kept() -> None:
    assert refused_for_network(GAME, "trace") and refused_for_network(GAME, "folder_name")
    _refused({"trace": True}, "can only be set on the command line")
    check_network_options(GAME, {"layout": "big"})
    _refused({"layout": "huge"}, "takes only the game's own values over the network: small, big")
    assert option_range(GAME, "layout")["choices"] == ["small", "big"]


def test_a_game_without_a_realtime_switch_is_left_alone() -> None:
    assert realtime_options(GAME, {"speed": 1.5}) == {"speed": 1.5}


def test_the_realtime_switch_is_read_from_the_option() -> None:
    khufu = get_game("khufu")
    assert realtime_options(khufu, {}) == {"clock": "realtime"}
    assert realtime_options(khufu, {"clock": "simulated"}) == {"clock": "simulated"}
