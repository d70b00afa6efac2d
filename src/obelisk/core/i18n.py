"""Languages: the words a person reads, looked up in gettext message catalogs.

Every package that has words for people (the core, each game, the faces) keeps its
catalogs beside its code, one ``locale/<lang>.po`` per language, and asks for its words
through a :class:`Words` made for the package::

    from obelisk.core.i18n import Words

    W = Words(__package__)
    _, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext

    _("The market is empty.")
    ngettext("{n} card", "{n} cards", n).format(n=n)      # 1 card / 2 cards; 1 Karte / 2 Karten

The language is a property of the reader, not of the code: :func:`speaking` sets it for
the code run inside (a context variable, so the server may narrate to one seat in German
and to the next in English at once), and every lookup reads it. Catalogs are read with
Babel (the ``.po`` files are the only form kept: no compiled ``.mo`` and no build step),
once per package and language. A message missing from a catalog reads as English, or,
when :data:`MARK_MISSING` is switched on (tests, ``OBELISK_I18N_MARK_MISSING=1``),
wrapped in ``⟦…⟧`` so a test finds every string that escapes the catalogs.

Records and JSON never hold translated words: only faces translate.
"""

from __future__ import annotations

import gettext as _gettext
import importlib.resources
import io
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

#: The languages Obelisk speaks, by code, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}

#: The language of the code's own strings (the msgids).
SOURCE = "en"

#: The separator gettext puts between a message's context and the message.
_CONTEXT_SEP = "\x04"

_current: ContextVar[str] = ContextVar("obelisk_language", default=SOURCE)

#: When true, a message no catalog translates reads ``⟦message⟧`` (for tests).
MARK_MISSING: bool = os.environ.get("OBELISK_I18N_MARK_MISSING", "") not in ("", "0")


class UnknownLanguage(ValueError):
    """A language Obelisk has no catalogs for."""


def language() -> str:
    """The language the current reader reads (``"en"`` unless :func:`speaking` set one)."""
    return _current.get()


def check_language(code: str) -> str:
    """``code`` as one of :data:`LANGUAGES` (``"de_DE.UTF-8"`` → ``"de"``), or raise
    :class:`UnknownLanguage` naming the languages there are."""
    if code in LANGUAGES:  # already a language's code (every server message checks one)
        return code
    short = _short(code)
    if short not in LANGUAGES:
        known = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise UnknownLanguage(f"unknown language {code!r}: Obelisk speaks {known}")
    return short


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Run the code inside in language ``code`` (checked); yields the language."""
    token = _current.set(check_language(code))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def use_language(code: str) -> str:
    """Read ``code`` from now on in this context (a terminal program's whole run);
    :func:`speaking` is the scoped form. Returns the checked language."""
    _current.set(check_language(code))
    return _current.get()


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The terminal's language: ``OBELISK_LANG``, else the locale (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``), else English. An unknown ``OBELISK_LANG`` raises
    :class:`UnknownLanguage`; an unknown locale falls back to English."""
    env = os.environ if environ is None else environ
    chosen = env.get("OBELISK_LANG", "").strip()
    if chosen:
        return check_language(chosen)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "").strip()
        if value:
            short = _short(value)
            return short if short in LANGUAGES else SOURCE
    return SOURCE


_RANGE = re.compile(
    r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([^\s;,]*))?\s*$"
)


def negotiate(accept_language: str | None) -> str:
    """The language to answer an HTTP ``Accept-Language`` header in (RFC 9110 §12.5.4:
    the highest weight among the languages Obelisk speaks; English when none fits)."""
    if not accept_language:
        return SOURCE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:32]):
        m = _RANGE.match(part)
        if not m:
            continue
        try:
            weight = float(m.group(2)) if m.group(2) is not None else 1.0
        except ValueError:
            continue
        short = _short(m.group(1))
        if weight > 0 and short in LANGUAGES:
            ranked.append((-weight, index, short))
    return min(ranked)[2] if ranked else SOURCE


def _short(code: str) -> str:
    """The language part of a locale or language tag, lower-case (``de-AT`` → ``de``)."""
    return re.split(r"[-_.@]", code.strip(), maxsplit=1)[0].lower()


# -- catalogs -------------------------------------------------------------------------


@cache
def _translations(package: str, lang: str) -> _gettext.NullTranslations | None:
    """The catalog of ``package`` in ``lang`` (None: the package has none)."""
    try:
        source = importlib.resources.files(package).joinpath("locale", f"{lang}.po")
        if not source.is_file():
            return None
        text = source.read_bytes()
    except (ImportError, OSError, TypeError, ValueError):  # no such package, or a plain module
        return None
    catalog = read_po(io.BytesIO(text), locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def _catalogs(package: str, lang: str) -> list[_gettext.NullTranslations]:
    """The catalogs to look ``package``'s words up in: its own, then the core's."""
    found = [_translations(package, lang)]
    if package != __package__:
        found.append(_translations(__package__ or "obelisk.core", lang))
    return [t for t in found if t is not None]


_MISSING = object()


def _lookup(package: str, key: str, plural: str | None = None, n: int = 1) -> str | None:
    """The translation of ``key`` (a context-joined msgid) in the current language, or None."""
    lang = language()
    if lang == SOURCE:
        return None
    for catalog in _catalogs(package, lang):
        # GNUTranslations keeps its messages in ``_catalog``: a missing plural msgid
        # would otherwise come back as the English form, indistinguishable from a hit.
        table: dict[object, str] = getattr(catalog, "_catalog", {})
        if plural is None:
            found = table.get(key, _MISSING)
            if isinstance(found, str) and found:
                return found
        elif (key, 0) in table:
            return catalog.ngettext(key, plural, n)
    return None


class Words:
    """The words of one package, translated into the reader's language."""

    __slots__ = ("package",)

    def __init__(self, package: str | None) -> None:
        if not package:
            raise ValueError("Words(__package__) needs the package whose catalogs to read")
        self.package = package

    def gettext(self, message: str) -> str:
        """``message`` in the reader's language."""
        if _current.get() == SOURCE:  # English: the code's own words, without a lookup
            return message
        found = _lookup(self.package, message)
        if found is not None:
            return found
        return _missing(message)

    def find(self, message: str) -> str | None:
        """``message`` in the reader's language if this package's catalogs (or the
        core's) have it, else None (for a face that looks in several packages)."""
        return _lookup(self.package, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` things, in the reader's language
        (by that language's plural rule: ``1 Karte``, ``2 Karten``)."""
        if _current.get() == SOURCE:
            return singular if n == 1 else plural
        found = _lookup(self.package, singular, plural, n)
        if found is not None:
            return found
        return _missing(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the reader's language, told apart from the same English word in
        another ``context`` (``pgettext("card", "Queen")``)."""
        if _current.get() == SOURCE:
            return message
        found = _lookup(self.package, f"{context}{_CONTEXT_SEP}{message}")
        if found is not None:
            return found
        return _missing(message)


def N_(message: str) -> str:
    """Mark ``message`` as words to translate without translating it now (a class
    attribute, a table written at import): the face that shows it later looks it up with
    its package's :class:`Words` (``W.gettext(game.summary)``)."""
    return message


#: The keys of a lesson (``lessons.json``) whose string values a person reads.
LESSON_KEYS = frozenset(
    {"title", "summary", "say", "text", "then", "question", "choices", "explain", "hint", "wrong"}
)


def lesson_words(value: object, key: str | None = None) -> Iterator[tuple[str, str]]:
    """Every ``(key, text)`` of a lesson (parsed ``lessons.json``) a person reads: the
    strings under :data:`LESSON_KEYS`, in order (what the catalogs extract and tests check)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from lesson_words(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from lesson_words(v, key)
    elif isinstance(value, str) and key in LESSON_KEYS and value.strip():
        yield key, value


def translate_lesson(value: object, words: Words, key: str | None = None) -> object:
    """A lesson (parsed ``lessons.json``) with every string under :data:`LESSON_KEYS` in
    the reader's language (the rest, such as typed actions, untouched)."""
    if isinstance(value, dict):
        return {k: translate_lesson(v, words, k) for k, v in value.items()}
    if isinstance(value, list):
        return [translate_lesson(v, words, key) for v in value]
    if isinstance(value, str) and key in LESSON_KEYS and value.strip():
        return words.gettext(value)
    return value


def markdown_blocks(text: str) -> list[str]:
    """A Markdown text's blocks (paragraphs, headings, lists), split at blank lines: the
    units a page is translated in, as po4a does."""
    return [b.strip("\n") for b in re.split(r"\n\s*\n", text) if b.strip()]


def translate_markdown(text: str, words: Words) -> str:
    """A Markdown page in the reader's language, block by block."""
    if language() == SOURCE:
        return text
    return "\n\n".join(words.gettext(b) for b in markdown_blocks(text)) + "\n"


def _missing(message: str) -> str:
    """A message no catalog translates: as written, or marked for tests."""
    if MARK_MISSING and language() != SOURCE:
        return f"⟦{message}⟧"
    return message


def number(value: float, digits: int | None = None) -> str:
    """``value`` written as the reader's language writes numbers (``1,234.5`` / ``1.234,5``)."""
    fmt = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(value, format=fmt, locale=language()))


def catalog_json(packages: list[str], lang: str) -> dict[str, object]:
    """The catalogs of ``packages`` in ``lang`` for the browser: messages by msgid (a
    plural's forms as a list), and which gettext form each CLDR plural category takes,
    so the page picks forms with ``Intl.PluralRules`` (no ``eval`` under the CSP).

    ``messages`` merges every package (the first one's word wins); ``games`` keeps each
    game's own words apart (``obelisk.games.<name>`` under ``name``), so a table looks its
    words up in its own game first: two games may say one English word two ways."""
    lang = check_language(lang)
    messages: dict[str, str | list[str]] = {}
    games: dict[str, dict[str, str | list[str]]] = {}
    for package in [*packages, __package__ or "obelisk.core"]:
        own = _messages(package, lang)
        for key, text in own.items():
            messages.setdefault(key, text)
        if package.startswith("obelisk.games."):
            games[package.rpartition(".")[2]] = own
    return {
        "lang": lang,
        "name": LANGUAGES[lang],
        "plural_index": plural_index(lang),
        "messages": messages,
        "games": games,
    }


def _messages(package: str, lang: str) -> dict[str, str | list[str]]:
    """One package's catalog in ``lang`` as the browser reads it (see :func:`catalog_json`)."""
    catalog = _translations(package, lang) if lang != SOURCE else None
    table: dict[object, str] = getattr(catalog, "_catalog", {}) if catalog else {}
    out: dict[str, str | list[str]] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, text in table.items():
        if isinstance(key, tuple):
            plurals.setdefault(str(key[0]), {})[int(key[1])] = text
        elif key and text:
            out[str(key)] = text
    for key, forms in plurals.items():
        out[key] = [forms[i] for i in sorted(forms)]
    return out


def plural_index(lang: str) -> dict[str, int]:
    """For each CLDR plural category of ``lang`` (``one``, ``other``, …), the index of the
    gettext plural form it takes, found by sampling counts under both rules."""
    from babel.messages.plurals import get_plural

    try:
        locale = Locale.parse(lang)
    except (UnknownLocaleError, ValueError) as e:
        raise UnknownLanguage(f"unknown language {lang!r}") from e
    rule = _gettext.c2py(get_plural(lang).plural_expr)
    index: dict[str, int] = {}
    for n in range(0, 1001):
        index.setdefault(locale.plural_form(n), rule(n))
    return index
