"""Checks that a face's German is whole: shared by ``tests/i18n/test_german_<game>.py``.

``german_texts(game, ...)`` plays seeded games and collects, in German (``speaking("de")``
with missing words marked ``⟦…⟧``), everything a person reads of the game in the terminal
and from the server: every event's sentence and flash for every seat and a spectator, the
choices of every decision, each seat's view, refusals of illegal actions, the summary, the
glossary, the lessons and the players' rules page. ``english_left(text)`` finds what
escaped the catalogs: ``⟦…⟧`` markers and English function words.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from narration_check import positions
from obelisk.core import Game, Voice, i18n
from obelisk.core.i18n import speaking
from obelisk.tui.screen import listed_words

#: Words that appear in English sentences and never in German ones (``in``, ``was``,
#: ``will``, ``man``, ``die``, ``so`` and ``an`` are German words too, so they are not here).
ENGLISH_WORDS = frozenset(
    """the and you your yours is are of with from has have this that their there which
    takes take plays play draws draw turn card cards player players round nobody choose
    they them he she his her its it not to be been for on at by or but any all each every
    left right now game over""".split()  # noqa: SIM905
)

_MARK = re.compile(r"⟦[^⟧]*⟧")
#: A word: letters only, umlauts and ß included ("näher" is one word, not "n" and "her").
_WORD = re.compile(r"[^\W\d_]+")


def english_left(text: str, names: Sequence[str] = ()) -> list[str]:
    """What in ``text`` is still English: marked untranslated words, then English
    function words (the seats' ``names``, anything in backquotes, which may hold a typed
    command, and identifiers such as ``next_player`` or ``"each"`` are skipped)."""
    found = _MARK.findall(text)
    rest = _MARK.sub(" ", text)
    for name in names:
        rest = rest.replace(name, " ")
    rest = re.sub(r"`[^`]*`", " ", rest)
    # identifiers (option names and values as typed: next_player, "each") are not English
    rest = re.sub(r"\b\w+(?:_\w+)+\b", " ", rest)
    rest = re.sub(r'"[a-z][a-z0-9_-]*"', " ", rest)
    # an all-capitals word is a constant as typed (DRAW2, STEAL_RANDOM), not a sentence's
    found += [w for w in _WORD.findall(rest) if w.lower() in ENGLISH_WORDS and not w.isupper()]
    return found


def german_texts(
    game: Game,
    seeds: Sequence[int] = (1, 2, 3),
    players: Sequence[int] | None = None,
    level: str = "random",
    names: Sequence[str] | None = None,
    views_every: int = 7,
) -> list[tuple[str, str]]:
    """``(where, text)`` for everything the game's faces say in German over seeded games
    of ``level`` bots, for each player count in ``players`` (default: the fewest and
    the most)."""
    old = i18n.MARK_MISSING
    i18n.MARK_MISSING = True
    out: list[tuple[str, str]] = []
    counts = list(players or sorted({game.min_players, game.max_players}))
    try:
        with speaking("de"):
            out.append(("summary", game.words.gettext(game.summary)))
            for term, text in game.narrator.glossary().items():
                out.append(("glossary", f"{term}: {text}"))
            for lesson in game.lessons():
                for where, text in i18n.lesson_words(lesson):
                    out.append((f"lesson {lesson.get('name')}: {where}", text))
            out.append(("player rules", game.player_rules()))
            for n in counts:
                seat_names = tuple(names or [f"Bot {i + 1}" for i in range(n)])
                for seed in seeds:
                    out += _game_texts(game, n, seed, level, seat_names, views_every)
    finally:
        i18n.MARK_MISSING = old
    return out


def _game_texts(
    game: Game, n: int, seed: int, level: str, names: tuple[str, ...], views_every: int
) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    rng = random.Random(seed)
    seen = 0
    try:
        space = list(game.action_space(n, None))
    except NotImplementedError:
        space = []
    for step, state in enumerate(positions(game, n, seed, level)):
        tag = f"{n}p seed {seed} step {step}"
        events = state.events
        for seat in [None, *range(n)]:
            voice = Voice(names, seat)
            for event in state.events_for(seat, seen):
                for text in (game.narrate(event, voice), game.narrator.flash(event, voice)):
                    if text:
                        out.append((f"{tag} event {event.get('kind')} for {seat}", text))
        seen = len(events)
        if state.is_terminal() or state.current_player < 0:
            continue
        legal = state.legal_actions()
        for text in listed_words(state, legal[:40], names):
            out.append((f"{tag} choice", text))
        if space:
            for action in rng.sample(space, min(3, len(space))):
                if action not in legal:
                    out.append(
                        (f"{tag} refusal {action.text()}", state.explain_illegal(action).reason)
                    )
        if step % views_every == 0:
            for seat in [None, *range(n)]:
                out.append((f"{tag} view of {seat}", state.to_text(seat, list(names))))
    return out
