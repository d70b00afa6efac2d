"""Drive ``obelisk play`` in a real terminal (tmux) for every game, with scripted keys.

For each game a person plays against computer players: a bad entry, ``help``,
``hint``, ``rules``, then the first choice at every prompt until the game ends
(or a move budget runs out and the person quits). The script keeps text
captures of the screen (``tmux capture-pane``) in ``benchmarks/captures/`` and,
for the memory games, checks the whole scrollback at the end: no treasure the
table showed only for a moment may still be on it.

    python benchmarks/terminal_tour.py                 # all five games
    python benchmarks/terminal_tour.py ramses --moves 60
    python benchmarks/terminal_tour.py --lessons       # every lesson, then 'rules full'

With ``--lessons`` every lesson of every game is played in tmux with its scripted answers
(``tests/learn/lesson_kit.py``); the first screen of each (the first question, where a
memory game's lesson must still show its words) and the last are kept, and every game's
``obelisk rules GAME --full`` page is opened in the pager with ``PAGER`` and ``LESS``
unset (its first screen must show no raw colour codes).

Needs tmux (Debian: ``apt-get install tmux``).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from obelisk.core import get_game, raw_fragment

HERE = Path(__file__).resolve().parent
CAPTURES = HERE / "captures"
SEATS = {
    "sobek": "human,heuristic",
    "ramses": "human,heuristic",
    "abu_simbel": "human,heuristic",
    "mummy": "human,heuristic",
    "khufu": "human,heuristic,heuristic",
}
#: The end of a screen that waits for the person (tmux drops trailing spaces).
PROMPT = re.compile(r"(>|\[Y/n\]|ready|go on|Press Enter\.?)\s*$")


def tmux(*args: str) -> str:
    """Run a tmux command and return what it printed."""
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def screen(session: str, history: bool = False) -> str:
    """The visible screen (or the whole scrollback too) as text."""
    extra = ["-S", "-", "-E", "-"] if history else []
    return tmux("capture-pane", "-p", "-t", session, *extra)


def last_line(text: str) -> str:
    lines = [x for x in text.rstrip("\n").split("\n") if x.strip()]
    return lines[-1] if lines else ""


def wait_prompt(session: str, timeout: float = 60.0) -> str | None:
    """Wait until the screen ends in a prompt; the screen, or None if the game ended."""
    end = time.time() + timeout
    last = ""
    while time.time() < end:
        try:
            text = screen(session)
        except subprocess.CalledProcessError:
            return None  # the session ended with the program
        tail = last_line(text)
        if text == last and PROMPT.search(tail):
            return text
        last = text
        time.sleep(0.15)
    return last


def tour(game: str, moves: int, seed: int, out: Path) -> dict[str, object]:
    """Play one game in tmux; return what was found."""
    session = f"obelisk-tour-{game}"
    data = tempfile.mkdtemp(prefix="obelisk-tour-")
    start(
        session,
        f"OBELISK_DATA_DIR={data} {sys.executable} -m obelisk.cli.main play {game} "
        f"--seats {SEATS[game]} --seed {seed} --delay 0.05; sleep 600",
    )
    script = ["xyzzy", "help", "hint", "rules"]
    shots: list[tuple[str, str]] = []
    raw: list[str] = []
    steps = 0
    ended = False
    while steps < moves + len(script):
        text = wait_prompt(session)
        if text is None:
            ended = True
            break
        if "Final result" in text:
            ended = True
            shots.append(("end", text))
            break
        if steps in (0, len(script), len(script) + 5) or steps % 25 == 0:
            shots.append((f"step{steps:03d}", text))
        for line in text.splitlines():
            bad = raw_fragment(line)
            if bad:
                raw.append(line.strip())
        key = script[steps] if steps < len(script) else "1"
        if last_line(text).rstrip().endswith("[Y/n]"):
            key = "y"
        tmux("send-keys", "-t", session, key, "Enter")
        steps += 1
    if not ended:
        tmux("send-keys", "-t", session, "quit", "Enter")
        time.sleep(1.0)
    try:
        history = screen(session, history=True)
    except subprocess.CalledProcessError:  # the program ended and its window closed
        history = shots[-1][1] if shots else ""
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in shots:
        (out / f"{game}-{name}.txt").write_text(text, encoding="utf-8")
    (out / f"{game}-scrollback.txt").write_text(history, encoding="utf-8")
    return {
        "game": game,
        "steps": steps,
        "ended": ended,
        "debug_lines": raw,
        "scrollback_lines": len(history.splitlines()),
        "memory": get_game(game).capabilities.memory,
    }


def start(session: str, cmd: str) -> None:
    """A fresh tmux session running ``cmd`` (the shell stays open after it)."""
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    for attempt in range(5):  # the tmux server may be shutting down after the last one
        try:
            tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "50", cmd)
            return
        except subprocess.CalledProcessError:
            if attempt == 4:
                raise
            time.sleep(1.0)


def lesson_tour(game: str, name: str, lines: list[str], out: Path) -> dict[str, object]:
    """Play one lesson in tmux with its scripted answers; keep its first and last screens."""
    session = f"obelisk-lesson-{game}-{name}"
    start(
        session,
        f"env -u PAGER -u LESS {sys.executable} -m obelisk.cli.main learn {game} "
        f"--lesson {name} --no-play; echo TOUR-DONE; sleep 600",
    )
    feed = list(lines)
    first = last = ""
    raw: list[str] = []
    while True:
        text = wait_prompt(session, timeout=30)
        if text is None:
            break
        last = text
        first = first or text
        raw += [x.strip() for x in text.splitlines() if raw_fragment(x)]
        if "TOUR-DONE" in text or not feed:
            break
        tmux("send-keys", "-t", session, "-l", feed.pop(0))
        tmux("send-keys", "-t", session, "Enter")
    time.sleep(0.5)
    last = screen(session) if not last or "TOUR-DONE" not in last else last
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"lesson-{game}-{name}-first.txt").write_text(first, encoding="utf-8")
    (out / f"lesson-{game}-{name}-last.txt").write_text(last, encoding="utf-8")
    return {
        "lesson": f"{game}/{name}",
        "complete": "Lesson complete" in last,
        "answers_left": len(feed),
        "debug_lines": raw,
    }


def rules_tour(game: str, out: Path) -> dict[str, object]:
    """Open ``obelisk rules GAME --full`` in the pager (PAGER, LESS unset); keep its first
    screen and say whether raw colour codes show."""
    session = f"obelisk-rules-{game}"
    start(
        session,
        f"env -u PAGER -u LESS {sys.executable} -m obelisk.cli.main rules {game} --full; "
        "echo TOUR-DONE; sleep 600",
    )
    end = time.time() + 30
    text = ""
    while time.time() < end:
        text = screen(session)
        if "how to play" in text:
            break
        time.sleep(0.2)
    time.sleep(0.3)
    text = screen(session)
    tmux("send-keys", "-t", session, "q")
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"rules-{game}.txt").write_text(text, encoding="utf-8")
    return {"game": game, "raw_codes": "ESC[" in text or "\x1b" in text, "shown": bool(text)}


def tour_lessons(games: list[str], out: Path) -> None:
    """Every lesson of ``games`` and their rules pages, with a line each."""
    sys.path.insert(0, str(HERE.parent / "tests" / "learn"))
    from lesson_kit import SCRIPTS

    for g in games:
        for x in get_game(g).lessons():
            name = str(x["name"])
            r = lesson_tour(g, name, SCRIPTS[g][name][0], out)
            print(
                f"lesson {r['lesson']:<32} {'complete' if r['complete'] else 'NOT COMPLETE'}; "
                f"answers left {r['answers_left']}; debug-looking lines "
                f"{len(r['debug_lines'])}"  # type: ignore[arg-type]
            )
        rr = rules_tour(g, out)
        print(f"rules  {g:<32} raw colour codes: {'YES' if rr['raw_codes'] else 'none'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", default=list(SEATS), help="games to tour (default: all)")
    ap.add_argument("--moves", type=int, default=80, help="person's moves before quitting")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--out", type=Path, default=CAPTURES, help="where the captures go")
    ap.add_argument("--lessons", action="store_true", help="tour every lesson and rules page")
    args = ap.parse_args()
    if shutil.which("tmux") is None:
        sys.exit("tmux is not installed (Debian: apt-get install tmux)")
    if args.lessons:
        tour_lessons(args.games, args.out)
        return
    for g in args.games:
        r = tour(g, args.moves, args.seed, args.out)
        print(
            f"{r['game']:<11} {r['steps']:>4} prompts answered, "
            f"{'ended' if r['ended'] else 'quit'}; scrollback {r['scrollback_lines']} lines; "
            f"debug-looking lines: {len(r['debug_lines'])}"  # type: ignore[arg-type]
        )
        for line in r["debug_lines"][:5]:  # type: ignore[index]
            print("   ", line)


if __name__ == "__main__":
    main()
