"""Languages: catalogs looked up per reader, plurals by the language's rule, the
language chosen from the environment or the browser's header, catalogs kept in step
with the code."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path

import pytest

from obelisk import catalogs
from obelisk.core import i18n
from obelisk.core.i18n import UnknownLanguage, Words, language, speaking
from obelisk.core.narration import join_words

DEMO_PO = r"""
msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "The market is empty."
msgstr "Der Markt ist leer."

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"

msgctxt "card"
msgid "Queen"
msgstr "Königin"
"""

DEMO_CODE = """
from obelisk.core.i18n import Words

W = Words(__package__)


def market() -> str:
    return W.gettext("The market is empty.")


def cards(n: int) -> str:
    return W.ngettext("{n} card", "{n} cards", n).format(n=n)


def queen() -> str:
    return W.pgettext("card", "Queen")


def new_words() -> str:
    return W.gettext("A word no catalog has yet.")
"""


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A package with German words, importable as ``i18n_demo``."""
    package = tmp_path / "i18n_demo"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(DEMO_CODE))
    (package / "locale" / "de.po").write_text(DEMO_PO, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    i18n._translations.cache_clear()
    import importlib

    module = importlib.import_module("i18n_demo")
    yield module, package
    sys.modules.pop("i18n_demo", None)
    i18n._translations.cache_clear()


def test_english_is_the_code_itself(demo) -> None:
    module, _ = demo
    assert language() == "en"
    assert module.market() == "The market is empty."
    assert module.queen() == "Queen"


def test_german_from_the_catalog(demo) -> None:
    module, _ = demo
    with speaking("de"):
        assert module.market() == "Der Markt ist leer."
        assert module.queen() == "Königin"
    assert module.market() == "The market is empty."


def test_plurals_follow_each_language(demo) -> None:
    module, _ = demo
    assert [module.cards(n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    with speaking("de"):
        assert [module.cards(n) for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]


def test_a_missing_word_reads_english_or_is_marked_for_tests(
    demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, _ = demo
    with speaking("de"):
        assert module.new_words() == "A word no catalog has yet."
        monkeypatch.setattr(i18n, "MARK_MISSING", True)
        assert module.new_words() == "⟦A word no catalog has yet.⟧"
        assert module.market() == "Der Markt ist leer."


def test_each_reader_reads_its_own_language_at_once() -> None:
    """The server narrates to two seats in two languages in interleaved tasks."""

    async def narrate(lang: str, out: list[str]) -> None:
        with speaking(lang):
            for _ in range(3):
                await asyncio.sleep(0)
                out.append(join_words(["Ann", "Bob"]))

    async def both() -> tuple[list[str], list[str]]:
        de: list[str] = []
        en: list[str] = []
        await asyncio.gather(narrate("de", de), narrate("en", en))
        return de, en

    de, en = asyncio.run(both())
    assert de == ["Ann und Bob"] * 3
    assert en == ["Ann and Bob"] * 3


def test_numbers_as_each_language_writes_them() -> None:
    assert i18n.number(1234.5, 1) == "1,234.5"
    with speaking("de"):
        assert i18n.number(1234.5, 1) == "1.234,5"
        assert i18n.number(3) == "3"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"OBELISK_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
        ({"OBELISK_LANG": "DE"}, "de"),
    ],
)
def test_the_terminal_language_from_the_environment(environ, expected) -> None:
    assert i18n.from_environment(environ) == expected


def test_an_unknown_language_is_named() -> None:
    with pytest.raises(UnknownLanguage, match=r"unknown language 'fr'.*en \(English\), de"):
        i18n.from_environment({"OBELISK_LANG": "fr"})
    with pytest.raises(UnknownLanguage), speaking("xx"):
        pass
    with pytest.raises(ValueError, match="needs the package"):
        Words(None)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("fr-FR, en;q=0.5, de;q=0.7", "de"),
        ("fr, it", "en"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("de;q=0, en;q=0.1", "en"),
        ("*;q=0.5, de-CH", "de"),
        ("de;q=abc, en", "en"),
        (",,;;=q", "en"),
    ],
)
def test_the_browser_language_from_accept_language(header, expected) -> None:
    assert i18n.negotiate(header) == expected


def test_the_browser_catalog_as_json(demo) -> None:
    data = i18n.catalog_json(["i18n_demo"], "de")
    assert data["lang"] == "de"
    assert data["name"] == "Deutsch"
    assert data["plural_index"] == {"one": 0, "other": 1}
    messages = data["messages"]
    assert messages["The market is empty."] == "Der Markt ist leer."
    assert messages["{n} card"] == ["{n} Karte", "{n} Karten"]
    assert messages["card\x04Queen"] == "Königin"
    assert messages["and"] == "und"  # the core's words come along
    assert i18n.catalog_json(["i18n_demo"], "en")["messages"] == {}


def test_the_catalog_tool_finds_what_a_catalog_lacks_and_updates_it(demo) -> None:
    _, package = demo
    problems = catalogs.behind("i18n_demo", package / "locale")
    assert problems == [f"{package / 'locale' / 'de.po'}: lacks A word no catalog has yet."]
    catalogs.update("i18n_demo", package / "locale")
    problems = catalogs.behind("i18n_demo", package / "locale")
    assert problems == [
        f"{package / 'locale' / 'de.po'}: untranslated 'A word no catalog has yet.'"
    ]
    text = (package / "locale" / "de.po").read_text(encoding="utf-8")
    assert 'msgstr "Der Markt ist leer."' in text  # the translations are kept


def test_the_projects_catalogs_are_in_step_with_the_code() -> None:
    """``python -m obelisk.catalogs check``: no word lacking, kept or untranslated."""
    assert catalogs.main(["check"]) == 0
