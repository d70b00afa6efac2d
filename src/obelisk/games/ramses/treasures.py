"""Ramses II's treasures, event cards and pyramid colours in the reader's language.

A treasure's name comes from the game's options (``treasure_names``): the default
names are translated (the German edition's *Papagei*, *Skarabäus*, *Krone*…), a
name a table chose itself is kept as written. A German sentence puts a treasure in
the case its verb asks for (*der Papagei*, *den Papagei*, *dem Papagei*), so
:func:`treasure_fields` gives a sentence every form as a named field: ``{treasure}``
(the subject, and the English), ``{treasure_acc}``, ``{treasure_dat}`` and
``{treasure_name}`` (the bare name).
"""

from __future__ import annotations

from collections.abc import Callable

from obelisk.core.i18n import N_, Words

W = Words(__package__)
_, pgettext = W.gettext, W.pgettext

# Translators: each treasure three times, by the case a sentence puts it in
# (nominative: "der Papagei", accusative: "den Papagei", dative: "dem Papagei").
_FORMS: dict[str, Callable[[], tuple[str, str, str]]] = {
    "Parrot": lambda: (
        pgettext("nominative", "the Parrot"),
        pgettext("accusative", "the Parrot"),
        pgettext("dative", "the Parrot"),
    ),
    "Trumpet": lambda: (
        pgettext("nominative", "the Trumpet"),
        pgettext("accusative", "the Trumpet"),
        pgettext("dative", "the Trumpet"),
    ),
    "Golden Sphinx": lambda: (
        pgettext("nominative", "the Golden Sphinx"),
        pgettext("accusative", "the Golden Sphinx"),
        pgettext("dative", "the Golden Sphinx"),
    ),
    "Sacred Dog": lambda: (
        pgettext("nominative", "the Sacred Dog"),
        pgettext("accusative", "the Sacred Dog"),
        pgettext("dative", "the Sacred Dog"),
    ),
    "Mummy": lambda: (
        pgettext("nominative", "the Mummy"),
        pgettext("accusative", "the Mummy"),
        pgettext("dative", "the Mummy"),
    ),
    "Dentures": lambda: (
        pgettext("nominative", "the Dentures"),
        pgettext("accusative", "the Dentures"),
        pgettext("dative", "the Dentures"),
    ),
    "Spectacles": lambda: (
        pgettext("nominative", "the Spectacles"),
        pgettext("accusative", "the Spectacles"),
        pgettext("dative", "the Spectacles"),
    ),
    "Stone Duck": lambda: (
        pgettext("nominative", "the Stone Duck"),
        pgettext("accusative", "the Stone Duck"),
        pgettext("dative", "the Stone Duck"),
    ),
    "Scarab": lambda: (
        pgettext("nominative", "the Scarab"),
        pgettext("accusative", "the Scarab"),
        pgettext("dative", "the Scarab"),
    ),
    "Crown": lambda: (
        pgettext("nominative", "the Crown"),
        pgettext("accusative", "the Crown"),
        pgettext("dative", "the Crown"),
    ),
    "Vase": lambda: (
        pgettext("nominative", "the Vase"),
        pgettext("accusative", "the Vase"),
        pgettext("dative", "the Vase"),
    ),
    "Cat": lambda: (
        pgettext("nominative", "the Cat"),
        pgettext("accusative", "the Cat"),
        pgettext("dative", "the Cat"),
    ),
    "treasure": lambda: (
        pgettext("nominative", "the treasure"),
        pgettext("accusative", "the treasure"),
        pgettext("dative", "the treasure"),
    ),
}

_NAMES: dict[str, Callable[[], str]] = {
    "Parrot": lambda: pgettext("treasure", "Parrot"),
    "Trumpet": lambda: pgettext("treasure", "Trumpet"),
    "Golden Sphinx": lambda: pgettext("treasure", "Golden Sphinx"),
    "Sacred Dog": lambda: pgettext("treasure", "Sacred Dog"),
    "Mummy": lambda: pgettext("treasure", "Mummy"),
    "Dentures": lambda: pgettext("treasure", "Dentures"),
    "Spectacles": lambda: pgettext("treasure", "Spectacles"),
    "Stone Duck": lambda: pgettext("treasure", "Stone Duck"),
    "Scarab": lambda: pgettext("treasure", "Scarab"),
    "Crown": lambda: pgettext("treasure", "Crown"),
    "Vase": lambda: pgettext("treasure", "Vase"),
    "Cat": lambda: pgettext("treasure", "Cat"),
}


def treasure_name(name: str) -> str:
    """A treasure's bare name to read (``Parrot``, in German ``Papagei``); a name the
    table chose itself stays as written."""
    found = _NAMES.get(name)
    return found() if found else name


def the_treasure(name: str) -> tuple[str, str, str]:
    """``the Parrot`` in the three cases a sentence may need (nominative, accusative,
    dative): in English all three read ``the Parrot``."""
    found = _FORMS.get(name)
    if found:
        return found()
    own = _("the {name}").format(name=name)
    return own, own, own


def treasure_fields(name: str, key: str = "treasure") -> dict[str, str]:
    """A treasure as a sentence's named fields: ``{key}``, ``{key}_acc``, ``{key}_dat``
    (with the article) and ``{key}_name`` (the bare name)."""
    nom, acc, dat = the_treasure(name)
    return {key: nom, f"{key}_acc": acc, f"{key}_dat": dat, f"{key}_name": treasure_name(name)}


def a_treasure() -> dict[str, str]:
    """ "a treasure" as :func:`treasure_fields` gives a named one (a sentence naming none)."""
    return {
        "treasure": pgettext("nominative", "a treasure"),
        "treasure_acc": pgettext("accusative", "a treasure"),
        "treasure_dat": pgettext("dative", "a treasure"),
        "treasure_name": pgettext("treasure", "treasure"),
    }


#: Each event card's name in sentences (the glossary's terms).
EVENT_NAMES = {
    "sandstorm": N_("Sandstorm"),
    "gift": N_("Gift"),
    "risk": N_("Risk"),
    "mirage": N_("Mirage"),
    "poker": N_("Poker in the Desert"),
    "end": N_("end card"),
}


def event_name(kind: str) -> str:
    """An event card's name to read (``Sandstorm``, in German ``Sandsturm``)."""
    name = EVENT_NAMES.get(kind)
    return _(name) if name else kind


#: A pyramid's colour as it stands before "pyramid" (``the gold pyramid``).
_COLOURS: dict[str, Callable[[], str]] = {
    "gold": lambda: pgettext("the … pyramid", "gold"),
    "red": lambda: pgettext("the … pyramid", "red"),
    "blue": lambda: pgettext("the … pyramid", "blue"),
    "white": lambda: pgettext("the … pyramid", "white"),
    "black": lambda: pgettext("the … pyramid", "black"),
}


def colour_word(colour: str) -> str:
    """A pyramid colour (``gold``) as it stands before "pyramid" (German ``goldene``)."""
    found = _COLOURS.get(colour)
    return found() if found else colour
