"""Sixty bad inputs across the commands: no traceback, one line naming the problem,
a non-zero exit code (issue 38 item 6)."""

from __future__ import annotations

import sys

import pytest
from bad_inputs import BAD, arguments, make_files


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return make_files(tmp_path_factory.mktemp("bad"))


def run(argv, monkeypatch, capsys, tmp):
    """Run ``obelisk ARGV`` in this process as the console script does; (code, out, err)."""
    from obelisk.cli.main import main

    monkeypatch.chdir(tmp)  # nothing a command might write lands in the checkout
    monkeypatch.setattr(sys, "argv", ["obelisk", *argv])
    monkeypatch.setattr(sys, "stdin", open("/dev/null"))  # noqa: SIM115 - closed by the test end
    monkeypatch.setenv("COLUMNS", "200")
    import uvicorn

    def started(*a, **k):
        raise AssertionError("the server started: the bad input was accepted")

    monkeypatch.setattr(uvicorn, "run", started)
    code = 0
    try:
        main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_there_are_sixty():
    assert len(BAD) >= 60


@pytest.mark.timeout(30)  # an accepted input may start a long run: it fails, it never hangs
@pytest.mark.parametrize(("args", "word"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_input_is_one_line_naming_the_problem(
    args, word, files, monkeypatch, capsys, tmp_path
):
    code, out, err = run(arguments(args, files), monkeypatch, capsys, tmp_path)
    assert code != 0, out + err
    assert "Traceback" not in out + err
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1, err
    assert word.lower() in lines[0].lower(), lines[0]
