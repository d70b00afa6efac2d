"""Abu Simbel final scoring and ties (abu_simbel:8)."""

from __future__ import annotations

from collections.abc import Sequence

from .components import TREASURE_TYPES, treasure_jewels, treasure_type


def charm_jewels_left(charms_left: int, charm_jewels: Sequence[int]) -> int:
    """Jewels of the charm cards still held: the top cards are lost first (abu_simbel:2.4)."""
    if charms_left <= 0:
        return 0
    return sum(charm_jewels[len(charm_jewels) - charms_left :])


def sets_of(tableau: Sequence[str]) -> int:
    """Complete URN + ARK + CHEST sets, each card in one set only (abu_simbel:8)."""
    if len(tableau) < len(TREASURE_TYPES):
        return 0
    counts = dict.fromkeys(TREASURE_TYPES, 0)
    for card in tableau:
        counts[treasure_type(card)] += 1
    return min(counts.values())


def score_parts(
    tableau: Sequence[str],
    charms_left: int,
    charm_jewels: Sequence[int],
    has_mummy: bool,
    mummy_points: int,
) -> dict[str, int]:
    """The four score parts and the total of one player (abu_simbel:8)."""
    jewels = sum(treasure_jewels(c) for c in tableau) if tableau else 0
    charm = charm_jewels_left(charms_left, charm_jewels)
    sets = sets_of(tableau)
    mummy = mummy_points if has_mummy else 0
    return {
        "treasure_jewels": jewels,
        "charm_jewels": charm,
        "sets": sets,
        "mummy": mummy,
        "total": jewels + charm + sets + mummy,
    }


def winners_of(totals: Sequence[int], charm_cards: Sequence[int]) -> list[int]:
    """Most points; a tie goes to the most remaining charm cards; still tied: shared (8)."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    most = max(charm_cards[i] for i in tied)
    return [i for i in tied if charm_cards[i] == most]
