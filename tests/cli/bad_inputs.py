"""Sixty bad inputs a newcomer types at the ``obelisk`` command, each with a word the
one-line error must contain (the problem named); ``{name}`` stands for a bad file
that :func:`make_files` writes."""

from __future__ import annotations

import json
from pathlib import Path

#: (arguments, a word the error names, case-insensitive)
BAD: list[tuple[list[str], str]] = [
    # play
    (["play", "chess"], "chess"),
    (["play", "sobek", "--players", "-3"], "-3"),
    (["play", "sobek", "--players", "0"], "players"),
    (["play", "sobek", "--players", "9"], "players"),
    (["play", "sobek", "--players", "three"], "three"),
    (["play", "sobek", "--seats", "human,wizard"], "wizard"),
    (["play", "sobek", "--seats", "human,human", "--players", "3"], "--players"),
    (["play", "sobek", "--seats", ","], "seat"),
    (["play", "sobek", "--save", "/nonexistent/dir/x.json"], "/nonexistent/dir"),
    (["play", "sobek", "--resume", "/nonexistent/x.json"], "/nonexistent/x.json"),
    (["play", "sobek", "--resume", "{notjson}"], "json"),
    (["play", "sobek", "--resume", "{emptyobj}"], "record"),
    (["play", "sobek", "--resume", "{folder}"], "directory"),
    (["play", "sobek", "--option", "nonsense"], "nonsense"),
    (["play", "sobek", "--option", "bogus=1"], "bogus"),
    (["play", "sobek", "--variant", "nope"], "nope"),
    (["play", "sobek", "--seed", "abc"], "abc"),
    (["play", "sobek", "--delay", "-1"], "delay"),
    (["play", "sobek", "--names", "A,B,C,D,E"], "names"),
    (["play"], "game"),
    (["play", "sobek", "--frobnicate"], "--frobnicate"),
    # learn
    (["learn", "chess"], "chess"),
    (["learn", "sobek", "--lesson", "nope"], "nope"),
    (["learn"], "game"),
    (["learn", "sobek", "--bogus"], "--bogus"),
    # rules
    (["rules", "chess"], "chess"),
    (["rules"], "game"),
    (["rules", "sobek", "extra"], "extra"),
    # levels
    (["levels", "chess"], "chess"),
    (["levels"], "game"),
    # replay
    (["replay", "/nonexistent/x.json"], "/nonexistent/x.json"),
    (["replay", "{notjson}"], "json"),
    (["replay", "{emptyobj}"], "no format"),
    (["replay", "{list}"], "record"),
    (["replay", "{wrongformat}"], "chess-pgn"),
    (["replay", "{unknowngame}"], "nosuchgame"),
    (["replay", "{badstep}"], "step"),
    (["replay", "{folder}"], "directory"),
    (["replay"], "file"),
    # ladder
    (["ladder", "chess"], "chess"),
    (["ladder", "sobek", "--jobs", "-2"], "--jobs"),
    (["ladder", "sobek", "--jobs", "0"], "--jobs"),
    (["ladder", "sobek", "--games", "-5"], "--games"),
    (["ladder", "sobek", "--games", "0"], "--games"),
    (["ladder", "sobek", "--levels", "random,wizard"], "wizard"),
    (["ladder", "sobek", "--players", "-1"], "-1"),
    # serve
    (["serve", "--bot-delay", "-3"], "--bot-delay"),
    (["serve", "--port", "-1"], "--port"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--bot-workers", "0"], "--bot-workers"),
    (["serve", "--tick", "0"], "--tick"),
    (["serve", "--db", "mysql://u:p@localhost/db"], "sqlite"),
    (["serve", "--db", "{missingdir}"], "/nonexistent"),
    # companion
    (["companion", "chess"], "chess"),
    (["companion", "mummy", "--resume", "/nonexistent/x.json"], "/nonexistent/x.json"),
    (["companion", "mummy", "--save", "/nonexistent/dir/x.json", "Ann"], "/nonexistent/dir"),
    (["companion", "mummy", "--seed", "x"], "--seed"),
    (["companion", "khufu", "--replay", "/nonexistent/x.json"], "/nonexistent/x.json"),
    # simulate (option parsing only)
    (["simulate", "chess"], "chess"),
    (["simulate", "sobek", "--games", "-1"], "--games"),
    (["simulate", "sobek", "--workers", "0"], "--workers"),
    (["simulate", "sobek", "--seats", "wizard"], "wizard"),
    (["simulate", "sobek", "--backend", "cloud"], "cloud"),
    # the command itself
    (["chess"], "chess"),
]


def make_files(folder: Path) -> dict[str, str]:
    """The bad files the inputs name, written into ``folder``: placeholder -> path."""
    files = {
        "notjson": "{ this is not json",
        "emptyobj": "{}",
        "list": "[1, 2, 3]",
        "wrongformat": json.dumps({"format": "chess-pgn", "game": "sobek"}),
    }
    from obelisk.core import Record, get_game

    good = Record.from_state(get_game("sobek").new_state(2, 1)).to_json()
    files["unknowngame"] = json.dumps({**good, "game": "nosuchgame"})
    files["badstep"] = json.dumps({**good, "steps": [{"seat": 0, "action": {"bogus": 1}}]})
    out = {}
    for key, text in files.items():
        path = folder / f"{key}.json"
        path.write_text(text)
        out[key] = str(path)
    out["folder"] = str(folder)
    out["missingdir"] = "/nonexistent/dir/rooms.sqlite3"
    return out


def arguments(args: list[str], files: dict[str, str]) -> list[str]:
    """``args`` with each ``{placeholder}`` replaced by its file."""
    return [files[a[1:-1]] if a.startswith("{") and a.endswith("}") else a for a in args]
