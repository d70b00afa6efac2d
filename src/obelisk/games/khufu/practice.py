"""Khufu's Casino School practice routines (``obelisk learn khufu``).

``challenge_odds``: real random Ultimate Challenge deals. Khufu's 3 cards and 5 of
the learner's cards are dealt from two full decks (khufu:10.3, 10.8); the learner
chooses 3; the routine shows the exact win / draw / loss odds of that choice next to
the best choice's (most wins, then most draws, khufu:10.8), then rolls the two symbol
dice for real.
"""

from __future__ import annotations

import random
from typing import Any

from obelisk.core.i18n import N_, Words, number

from .casino import DICE, best_choices, challenge_counts
from .components import CATEGORIES, SYMBOLS, category, compare, tables
from .narration import hand_words, symbol
from .options import KhufuOptions

#: A Challenge result in words.
_RESULT = {"WIN": N_("you win"), "LOSE": N_("Khufu wins"), "DRAW": N_("a draw")}

W = Words(__package__)
_ = W.gettext


def _sym(s: int) -> str:
    return symbol(SYMBOLS[s])


#: Deals per practice session at most (the learner may stop earlier).
MAX_DEALS = 20


def _odds_line(counts: tuple[int, int, int]) -> str:
    w, d, lose = counts
    n = len(DICE)
    return _(
        "win {win}/36 ({win_share}), draw {draw}/36 ({draw_share}), lose {lose}/36 ({lose_share})"
    ).format(
        win=w,
        draw=d,
        lose=lose,
        win_share=_share(w / n),
        draw_share=_share(d / n),
        lose_share=_share(lose / n),
    )


def _share(x: float) -> str:
    """``33.3%`` (German ``33,3 %``)."""
    return _("{percent}%").format(percent=number(100 * x, 1))


def deal(rng: random.Random, k: int = 5) -> tuple[list[str], list[str]]:
    """Khufu's 3 card ids and ``k`` dealt card ids, from two full decks."""
    ids = tables(KhufuOptions()).card_ids
    return rng.sample(ids, 3), rng.sample(ids, k)


def symbols_of(cards: list[str]) -> list[int]:
    """The symbol index of each card id."""
    t = tables(KhufuOptions())
    return [t.card_symbol[t.card_index[c]] for c in cards]


def challenge_odds(teacher: Any, rng: random.Random) -> None:
    """Deal real random challenges; show the odds of the learner's choice and the best."""
    teacher.say(
        _(
            "Practice: each round deals Khufu's 3 cards and 5 of yours at random. Choose your "
            "3; you will see your exact odds over the 36 rolls of the two dice, and the best "
            "choice's."
        )
    )
    for _deal in range(MAX_DEALS):
        khufu_cards, dealt_cards = deal(rng)
        khufu, dealt = symbols_of(khufu_cards), symbols_of(dealt_cards)
        rows = best_choices(khufu, dealt)
        teacher.say(
            _("Khufu: {khufu}\nYour dealt cards: {dealt}").format(
                khufu=", ".join(_sym(s) for s in khufu),
                dealt=", ".join(f"{i + 1}. {_sym(s)}" for i, s in enumerate(dealt)),
            )
        )
        options = [
            _("{symbols}  (cards {numbers})").format(
                symbols=" + ".join(_sym(dealt[i]) for i in sel),
                numbers=",".join(str(i + 1) for i in sel),
            )
            for sel, _counts in sorted(rows)
        ]
        by_index = [sel for sel, _counts in sorted(rows)]
        i = teacher.choose(_("your 3> "), options)
        mine = [dealt[j] for j in by_index[i]]
        counts = challenge_counts(khufu, mine)
        best_sel, best_counts = rows[0]
        best_names = " + ".join(_sym(dealt[j]) for j in best_sel)
        verdict = (
            _("That is a best choice.")
            if counts[:2] == best_counts[:2]
            else _("The best choice was {cards}.").format(cards=best_names)
        )
        d1, d2 = rng.randrange(len(SYMBOLS)), rng.randrange(len(SYMBOLS))
        me, him = category([*mine, d1, d2]), category([*khufu, d1, d2])
        teacher.say(
            _(
                "Your choice: {mine}\nBest choice: {best}\n{verdict}\nThe dice: {die1}, "
                "{die2}. You: {my_hand}, Khufu: {his_hand}: {result}."
            ).format(
                mine=_odds_line(counts),
                best=_odds_line(best_counts),
                verdict=verdict,
                die1=_sym(d1),
                die2=_sym(d2),
                my_hand=hand_words(CATEGORIES[me]),
                his_hand=hand_words(CATEGORIES[him]),
                result=_(_RESULT[compare(me, him)]),
            )
        )
        if teacher.choose("> ", [_("deal another hand"), _("finish the practice")]) == 1:
            break


#: The practice routines a Khufu lesson can name (``{"practice": "challenge_odds"}``).
PRACTICE = {"challenge_odds": challenge_odds}
