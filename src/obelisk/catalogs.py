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
import importlib.resources
import io
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from obelisk.core.i18n import LANGUAGES, SOURCE

#: The functions whose string arguments are words to translate (Python and JavaScript):
#: gettext's own names, and ``t``/``tn``/``tp`` of the browser's ``web/i18n.js``.
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "t": None,
    "tn": (1, 2),
    "tp": ((1, "c"), 2),
}

#: Which files are read by which extractor.
METHODS = [("**.py", "python"), ("**.js", "javascript")]
OPTIONS = {"**.js": {"parse_template_string": "true"}}

#: The date written into catalog headers (a fixed one, so an update changes only words).
_FIXED = datetime(2026, 1, 1, tzinfo=UTC)


def packages_with_catalogs(root: str = "obelisk") -> Iterator[tuple[str, Path]]:
    """Every package under ``root`` with a ``locale`` folder, and that folder."""
    base = Path(str(importlib.resources.files(root)))
    for locale_dir in sorted(base.rglob("locale")):
        if locale_dir.is_dir() and "__pycache__" not in locale_dir.parts:
            rel = locale_dir.parent.relative_to(base.parent)
            yield ".".join(rel.parts), locale_dir


def template(package_dir: Path, package: str) -> Catalog:
    """The words of the package in ``package_dir`` (without its sub-packages that keep
    their own catalogs), as a catalog with empty translations."""
    own_catalogs = {p.parent for p in package_dir.rglob("locale") if p.parent != package_dir}
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
    for filename, lineno, message, comments, context in extract_from_dir(
        str(package_dir),
        method_map=METHODS,
        options_map=OPTIONS,
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        path = package_dir / filename
        if any(owner in path.parents for owner in own_catalogs) or "locale" in path.parts:
            continue
        catalog.add(
            message,
            None,
            [(f"{package.replace('.', '/')}/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


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
