"""Every companion's record replays (issue 36 item 5): ``obelisk replay`` takes the mummy's
record (a ``mummy_table`` game, outside the registry) and Khufu's (its own format) as well
as the referee's ordinary record, and each companion has ``--replay``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion_games import long_khufu_game, long_mummy_game, longest_referee_game
from typer.testing import CliRunner

from obelisk.cli.main import app


def _obelisk(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def _words(text: str) -> str:
    """The output as words (the console wraps long lines at its width)."""
    return " ".join(text.split())


def test_obelisk_replay_takes_the_mummys_record(tmp_path: Path) -> None:
    s = long_mummy_game()
    rec = tmp_path / "mummy.json"
    s.save(rec)
    done = _obelisk("replay", str(rec))
    assert done.exit_code == 0, done.output
    said = _words(done.output)
    assert "computer as the mummy (easy)" in said and "finished; replay OK" in said
    assert _words(s.log()[-1]) in said
    mine = _obelisk("companion", "mummy", "--replay", str(rec))
    assert mine.exit_code == 0 and _words(mine.output) == said


def test_obelisk_replay_takes_khufus_record(tmp_path: Path) -> None:
    s = long_khufu_game()
    rec = tmp_path / "khufu.json"
    s.save(rec)
    done = _obelisk("replay", str(rec))
    assert done.exit_code == 0, done.output
    assert "Khufu (the companion)" in _words(done.output) and "replay OK" in done.output
    assert done.output.count(" left] ") == len(s.moments)


def test_obelisk_replay_takes_the_referees_record(tmp_path: Path) -> None:
    session, _ = longest_referee_game()
    rec = tmp_path / "referee.json"
    rec.write_text(json.dumps(session.record().to_json()))
    done = _obelisk("replay", str(rec))
    assert done.exit_code == 0, done.output
    assert "Abu Simbel" in _words(done.output) and "finished; replay OK" in _words(done.output)


def test_a_damaged_companion_record_names_its_fault(tmp_path: Path) -> None:
    s = long_mummy_game()
    data = s.record().to_json()
    data["steps"][3]["action"] = {"kind": "die", "value": 9}
    rec = tmp_path / "bad.json"
    rec.write_text(json.dumps(data))
    done = _obelisk("replay", str(rec))
    assert done.exit_code != 0 and "mummy companion record" in _words(done.output)
