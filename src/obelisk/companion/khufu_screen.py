"""The terminal picture of the Khufu companion: a large countdown and Khufu's last words.

Pure drawing: :func:`screen` turns a session's view into a rich renderable; the
command in :mod:`obelisk.companion.cli_khufu` runs the clock and reads the keys.
"""

from __future__ import annotations

from typing import Any

from rich.align import Align
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from obelisk.core.i18n import Words

from .khufu import clock_words
from .khufu_terms import piece_name

W = Words("obelisk.companion")
_ = W.gettext

#: A block font for the countdown: five rows per character (our own drawing).
_FONT: dict[str, tuple[str, ...]] = {
    "0": ("████", "█  █", "█  █", "█  █", "████"),
    "1": ("  █ ", " ██ ", "  █ ", "  █ ", " ███"),
    "2": ("████", "   █", "████", "█   ", "████"),
    "3": ("████", "   █", " ███", "   █", "████"),
    "4": ("█  █", "█  █", "████", "   █", "   █"),
    "5": ("████", "█   ", "████", "   █", "████"),
    "6": ("████", "█   ", "████", "█  █", "████"),
    "7": ("████", "   █", "  █ ", " █  ", " █  "),
    "8": ("████", "█  █", "████", "█  █", "████"),
    "9": ("████", "█  █", "████", "   █", "████"),
    ":": ("    ", " ██ ", "    ", " ██ ", "    "),
}


#: Letters for Khufu's words, five rows each (our own drawing; ``#`` is a block).
_LETTERS: dict[str, tuple[str, ...]] = {
    "A": (" ## ", "#  #", "####", "#  #", "#  #"),
    "B": ("### ", "#  #", "### ", "#  #", "### "),
    "C": (" ###", "#   ", "#   ", "#   ", " ###"),
    "D": ("### ", "#  #", "#  #", "#  #", "### "),
    "E": ("####", "#   ", "### ", "#   ", "####"),
    "F": ("####", "#   ", "### ", "#   ", "#   "),
    "G": (" ###", "#   ", "# ##", "#  #", " ###"),
    "H": ("#  #", "#  #", "####", "#  #", "#  #"),
    "I": ("###", " # ", " # ", " # ", "###"),
    "J": ("  ##", "   #", "   #", "#  #", " ## "),
    "K": ("#  #", "# # ", "##  ", "# # ", "#  #"),
    "L": ("#   ", "#   ", "#   ", "#   ", "####"),
    "M": ("#   #", "## ##", "# # #", "#   #", "#   #"),
    "N": ("#  #", "## #", "# ##", "#  #", "#  #"),
    "O": (" ## ", "#  #", "#  #", "#  #", " ## "),
    "P": ("### ", "#  #", "### ", "#   ", "#   "),
    "Q": (" ## ", "#  #", "#  #", "# ##", " ###"),
    "R": ("### ", "#  #", "### ", "# # ", "#  #"),
    "S": (" ###", "#   ", " ## ", "   #", "### "),
    "T": ("#####", "  #  ", "  #  ", "  #  ", "  #  "),
    "U": ("#  #", "#  #", "#  #", "#  #", " ## "),
    "V": ("#   #", "#   #", "#   #", " # # ", "  #  "),
    "W": ("#   #", "#   #", "# # #", "## ##", "#   #"),
    "X": ("#   #", " # # ", "  #  ", " # # ", "#   #"),
    "Y": ("#   #", " # # ", "  #  ", "  #  ", "  #  "),
    "Z": ("####", "   #", "  # ", " #  ", "####"),
    "Ä": ("#  #", " ## ", "#  #", "####", "#  #"),
    "Ö": ("#  #", " ## ", "#  #", "#  #", " ## "),
    "Ü": ("#  #", "    ", "#  #", "#  #", " ## "),
    "'": ("#", "#", " ", " ", " "),
    "!": ("#", "#", "#", " ", "#"),
    "?": ("### ", "   #", " ## ", "    ", " #  "),
    ":": (" ", "#", " ", "#", " "),
    "-": ("   ", "   ", "###", "   ", "   "),
    ",": ("  ", "  ", "  ", " #", "# "),
    ".": (" ", " ", " ", " ", "#"),
    " ": ("  ", "  ", "  ", "  ", "  "),
}


def _word_rows(word: str) -> list[str]:
    glyphs = [_LETTERS.get(ch, _LETTERS["?"]) for ch in word.upper()]
    return [" ".join(g[r] for g in glyphs).replace("#", "█") for r in range(5)]


def big_words(text: str, width: int) -> str:
    """``text`` in large letters, wrapped between words to fit ``width`` columns."""
    lines: list[list[str]] = []
    current: list[str] = []
    for word in text.split():
        trial = _word_rows(" ".join([*current, word]))
        if current and len(trial[0]) > width:
            lines.append(_word_rows(" ".join(current)))
            current = [word]
        else:
            current.append(word)
    if current:
        lines.append(_word_rows(" ".join(current)))
    return "\n\n".join("\n".join(rows) for rows in lines)


def big(text: str) -> str:
    """``text`` (digits and colons) in the block font, five lines."""
    rows = []
    for r in range(5):
        rows.append("  ".join(_FONT.get(ch, ("    ",) * 5)[r] for ch in text))
    return "\n".join(rows)


def keys_line(view: dict[str, Any]) -> str:
    """What the keys do now, in words (the keys themselves are the same in every language)."""
    if view["over"]:  # the state line says it; the command prints the winner once after
        return ""
    quit_key = _("q: quit and save")
    if view.get("held"):
        return _("Enter: go on with the countdown (it waits after a resume)") + "   " + quit_key
    if not view["started"]:
        return _("Enter: start the countdown") + "   " + quit_key
    if view["paused"]:
        wins = "   ".join(
            _("{n}: {name} won").format(n=i + 1, name=p["name"])
            for i, p in enumerate(view["players"])
        )
        return "   ".join([wins, _("l: Khufu won"), _("d: a draw"), quit_key])
    return _("s: summon Khufu (a player reached the Sarcophagus)") + "   " + quit_key


def screen(
    view: dict[str, Any], latest: dict[str, Any] | None, notice: str | None, width: int = 100
) -> RenderableType:
    """The whole terminal picture for a session view and the moment to show."""
    names = ", ".join(
        _("{name} ({piece})").format(name=p["name"], piece=piece_name(p["piece"]))
        if p.get("piece")
        else p["name"]
        for p in view["players"]
    )
    lucky = view["players"][view["lucky"]]["name"]
    table = _("{names}.  Lucky: {name}.  The Sarcophagus is in {chamber}.").format(
        names=names, name=lucky, chamber=view["sarcophagus_words"]
    )
    head = Text.assemble(("KHUFU  ", "bold yellow"), (table, ""))
    if view["paused"]:
        state = Text(_("THE COUNTDOWN IS PAUSED: ULTIMATE CHALLENGE"), style="bold cyan")
    elif view["over"]:
        state = Text(_("THE GAME IS OVER"), style="bold")
    elif view["warned"]:
        state = Text(_("FIVE MINUTES LEFT OR LESS: HURRY"), style="bold red")
    elif not view["started"]:
        state = Text(_("Press Enter to start the 45-minute countdown"), style="bold")
    elif view.get("held"):
        state = Text(_("Resumed: press Enter to go on with the countdown"), style="bold")
    else:
        state = Text(_("Time left"), style="bold")
    digits = Text(
        big(clock_words(view["remaining"])), style="bold red" if view["warned"] else "bold"
    )
    parts: list[RenderableType] = [head, Align.center(state), Align.center(digits)]
    if view["paused"] and view["khufu_hand_words"]:
        parts.append(
            Align.center(
                Text(
                    _("Khufu's hand: {cards}").format(cards="   ".join(view["khufu_hand_words"])),
                    style="bold yellow",
                )
            )
        )
    if latest is not None:
        title = Text(str(latest["title"]).upper(), style="bold yellow")
        if latest.get("kind") in ("order", "warning", "end", "challenge_result"):
            parts.append(Align.center(Text(big_words(str(latest["title"]), width - 4), "yellow")))
        parts.append(
            Panel(Text(str(latest["speech"])), title=title, border_style="yellow", padding=(1, 2))
        )
    if notice:
        parts.append(Text(notice, style="italic"))
    parts.append(Text(keys_line(view), style="bold"))
    return Group(*parts)
