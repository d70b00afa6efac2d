"""Keep the message catalogs up to date with the code: ``python -m obelisk.catalogs``.

Each package with words for people keeps ``locale/<lang>.po`` beside its code (see
:mod:`obelisk.core.i18n`). This tool extracts the words from the package's Python and
JavaScript with Babel and merges them into every catalog of the package::

    python -m obelisk.catalogs update            # add new words to every catalog, mark gone ones
    python -m obelisk.catalogs check             # fail if a catalog is behind the code
    python -m obelisk.catalogs init obelisk.games.sobek de   # a new catalog for a package

Adding a language is adding catalogs: ``init`` one per package, translate the
``msgstr`` lines, and add the language to :data:`obelisk.core.i18n.LANGUAGES`
(docs/languages.md walks through it).
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib.resources
import io
import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract
from babel.messages.pofile import read_po, write_po

from obelisk.core.i18n import LANGUAGES, SOURCE, lesson_words, markdown_blocks

#: The functions whose string arguments are words to translate (Python and JavaScript):
#: gettext's own names, and ``t``/``tn``/``tp`` of the browser's ``web/i18n.js``.
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "t": None,
    "tn": (1, 2),
    "tp": ((1, "c"), 2),
}

#: Which files are read by which extractor (the first pattern a file's name matches).
METHODS: list[tuple[str, str]] = [
    ("*.py", "python"),
    ("*.js", "javascript"),
    ("*.html", "obelisk.catalogs:extract_html"),
    ("lessons.json", "obelisk.catalogs:extract_lessons"),
    ("player_rules.md", "obelisk.catalogs:extract_markdown"),
]
OPTIONS = {"*.js": {"parse_template_string": "true"}}

#: The files outside a game's package whose words are the game's own (its web table, its
#: companion's code and pages), as paths relative to the ``obelisk`` package. Each game's
#: German is then one catalog: ``obelisk/games/<game>/locale/de.po``. Code in these files
#: asks for its words with ``Words("obelisk.games.<game>")``.
GAME_FACES: dict[str, tuple[str, ...]] = {
    "sobek": ("web/tables/sobek.js", "web/tables/sobek/*"),
    "abu_simbel": (
        "web/tables/abu_simbel.js",
        "web/tables/abu_simbel/*",
        "web/companion/abu_simbel.*",
        "companion/abu_simbel.py",
        "companion/web_abu_simbel.py",
    ),
    "ramses": ("web/tables/ramses.js", "web/tables/ramses/*"),
    "mummy": (
        "web/tables/mummy.js",
        "web/tables/mummy/*",
        "web/companion/mummy.*",
        "web/companion/maze.*",
        "companion/mummy.py",
        "companion/cli_mummy.py",
        "companion/web_mummy.py",
        "companion/maze_editor.py",
        "companion/cli_maze.py",
        "companion/web_maze.py",
    ),
    # Khufu's companion (companion/khufu*.py, web/companion/khufu.*) keeps its words with
    # the companions' shared code, in obelisk/companion/locale
    "khufu": ("web/tables/khufu.js", "web/tables/khufu/*"),
}
#: Files outside ``obelisk/companion`` whose words are the companions' own catalog's.
COMPANION_FACES: tuple[str, ...] = ("web/companion/khufu.*",)

#: The date written into catalog headers (a fixed one, so an update changes only words).
_FIXED = datetime(2026, 1, 1, tzinfo=UTC)


def packages_with_catalogs(root: str = "obelisk") -> Iterator[tuple[str, Path]]:
    """Every package under ``root`` with a ``locale`` folder, and that folder."""
    base = Path(str(importlib.resources.files(root)))
    for locale_dir in sorted(base.rglob("locale")):
        if locale_dir.is_dir() and "__pycache__" not in locale_dir.parts:
            rel = locale_dir.parent.relative_to(base.parent)
            yield ".".join(rel.parts), locale_dir


def _method(path: Path) -> str | None:
    for pattern, method in METHODS:
        if fnmatch.fnmatch(path.name, pattern):
            return method
    return None


def _game_faces(root: Path) -> dict[Path, str]:
    """Every file of a game's faces outside its package, and the game's package."""
    owned: dict[Path, str] = {}
    for game, patterns in GAME_FACES.items():
        for pattern in patterns:
            for path in sorted(root.glob(pattern)):
                if path.is_file() and _method(path) is not None:
                    owned[path] = f"obelisk.games.{game}"
    for pattern in COMPANION_FACES:
        for path in sorted(root.glob(pattern)):
            if path.is_file() and _method(path) is not None:
                owned[path] = "obelisk.companion"
    return owned


def sources(package_dir: Path, package: str) -> list[Path]:
    """The files whose words are ``package``'s: its own files (not those of a sub-package
    that keeps its own catalogs, nor a game's face files), and for a game its faces'."""
    root = Path(str(importlib.resources.files("obelisk")))
    faces = _game_faces(root)
    own_catalogs = {p.parent for p in package_dir.rglob("locale") if p.parent != package_dir}
    found = []
    for path in sorted(package_dir.rglob("*")):
        if not path.is_file() or _method(path) is None or "__pycache__" in path.parts:
            continue
        if "locale" in path.relative_to(package_dir).parts:
            continue
        if any(owner in path.parents for owner in own_catalogs) or path in faces:
            continue
        found.append(path)
    found += [path for path, owner in faces.items() if owner == package]
    return found


def template(package_dir: Path, package: str) -> Catalog:
    """The words of the package in ``package_dir`` (see :func:`sources`), as a catalog
    with empty translations."""
    catalog = Catalog(
        project="Obelisk",
        version="1",
        header_comment=f"# The words of {package} (Obelisk), see docs/languages.md.\n#",
        domain=package,
        fuzzy=False,
        copyright_holder="the Obelisk authors",
        msgid_bugs_address="the project's issue tracker",
        creation_date=_FIXED,
        revision_date=_FIXED,
        last_translator="the Obelisk authors",
        language_team="the Obelisk authors",
    )
    root = Path(str(importlib.resources.files("obelisk")))
    for path in sources(package_dir, package):
        method = _method(path)
        if method is None:
            continue
        options = OPTIONS.get("*.js", {}) if path.suffix == ".js" else {}
        with path.open("rb") as f:
            found = list(
                extract(
                    method,
                    f,
                    keywords=KEYWORDS,
                    comment_tags=("Translators:",),
                    options=options,
                    strip_comment_tags=True,
                )
            )
        top = root if root in path.parents else package_dir
        where = f"{top.name}/{path.relative_to(top).as_posix()}"
        for lineno, message, comments, context in found:
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


# -- extractors for the words that are not in code --------------------------------------

Extracted = Iterator[tuple[int, str | None, str, list[str]]]


def extract_lessons(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """The words of a lesson file (:func:`obelisk.core.i18n.lesson_words`)."""
    for _key, text in lesson_words(json.loads(fileobj.read().decode("utf-8"))):
        yield 1, None, text, []


def extract_markdown(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """The words of a Markdown page: each block (see :func:`markdown_blocks`)."""
    text = fileobj.read().decode("utf-8")
    for block in markdown_blocks(text):
        lineno = text[: text.find(block)].count("\n") + 1
        yield lineno, None, block, []


class _TextsOf(HTMLParser):
    """The texts of an HTML page's elements marked ``data-t`` (their text) and the
    attributes named by ``data-t-attrs`` (``placeholder``, ``aria-label``, ``title``…)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, list[str], int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        line = self.getpos()[0]
        for name in (a.get("data-t-attrs") or "").split():
            if a.get(name):
                self.found.append((line, " ".join(str(a[name]).split())))
        if "data-t" in a:
            self._open.append((tag, [], line))
        elif self._open:
            self._open.append((tag, self._open[-1][1], line))

    def handle_endtag(self, tag: str) -> None:
        if not self._open:
            return
        _tag, parts, line = self._open.pop()
        if self._open and self._open[-1][1] is parts:
            return
        text = " ".join("".join(parts).split())
        if text:
            self.found.append((line, text))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][1].append(data)


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """The words of an HTML page (see :class:`_TextsOf`; ``web/i18n.js``'s
    ``translatePage`` puts them in the reader's language)."""
    parser = _TextsOf()
    parser.feed(fileobj.read().decode("utf-8"))
    for line, text in parser.found:
        yield line, None, text, []


def _read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False)
    path.write_bytes(buffer.getvalue())


def behind(package: str, locale_dir: Path) -> list[str]:
    """What is wrong with the package's catalogs: words the code has that a catalog
    lacks, words a catalog keeps that the code no longer has, untranslated words."""
    problems: list[str] = []
    words = template(locale_dir.parent, package)
    wanted = {m.id if not m.context else (m.context, m.id) for m in words if m.id}
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = locale_dir / f"{lang}.po"
        if not path.exists():
            problems.append(f"{path}: missing (python -m obelisk.catalogs init {package} {lang})")
            continue
        catalog = _read(path, lang)
        have = {m.id if not m.context else (m.context, m.id) for m in catalog if m.id}
        for key in sorted(map(str, wanted - have)):
            problems.append(f"{path}: lacks {key}")
        for key in sorted(map(str, have - wanted)):
            problems.append(f"{path}: keeps {key}, which the code no longer has")
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings) or message.fuzzy:
                problems.append(f"{path}: untranslated {message.id!r}")
    return problems


def update(package: str, locale_dir: Path) -> list[Path]:
    """Merge the code's words into every catalog of the package; the files written."""
    words = template(locale_dir.parent, package)
    written = []
    for path in sorted(locale_dir.glob("*.po")):
        catalog = _read(path, path.stem)
        catalog.update(words, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        _write(path, catalog)
        written.append(path)
    return written


def init(package: str, lang: str) -> Path:
    """A new, empty catalog of ``package`` in ``lang``."""
    package_dir = Path(str(importlib.resources.files(package)))
    locale_dir = package_dir / "locale"
    locale_dir.mkdir(exist_ok=True)
    path = locale_dir / f"{lang}.po"
    if path.exists():
        raise SystemExit(f"{path} exists already: use 'update'")
    catalog = template(package_dir, package)
    catalog.locale = lang
    _write(path, catalog)
    return path


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m obelisk.catalogs",
        description="Keep the message catalogs (locale/<lang>.po) up to date with the code.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("update", help="add the code's new words to every catalog")
    sub.add_parser("check", help="fail if a catalog lacks, keeps or leaves untranslated a word")
    new = sub.add_parser("init", help="start a catalog for a package in a language")
    new.add_argument("package", help="the package, e.g. obelisk.games.sobek")
    new.add_argument("lang", help="the language code, e.g. de")
    args = parser.parse_args(argv)
    if args.command == "init":
        print(f"wrote {init(args.package, args.lang)}")
        return 0
    problems: list[str] = []
    for package, locale_dir in packages_with_catalogs():
        if args.command == "update":
            for path in update(package, locale_dir):
                print(f"updated {path}")
        problems += behind(package, locale_dir)
    for line in problems:
        print(line, file=sys.stderr)
    if problems and args.command == "check":
        print(f"{len(problems)} problem(s): run 'python -m obelisk.catalogs update' and translate")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
