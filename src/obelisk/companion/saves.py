"""Saved companion games that keep their secrets from whoever opens the file.

A game saved mid-way holds what the family must not read before the end: the Abu Simbel
route and the walker's treasure (the referee's chance outcomes and inputs), the seed that
fixes Khufu's coming orders and hand, the seed that fixes the mummy's coming rolls and
choices. So a mid-game save is an *envelope*: a few public lines (which companion, the
players, how far the game is) and the whole record sealed with AES-256-GCM under a key only
the server holds. The public lines are the cipher's associated data, so changing them
breaks the seal too. The plain text is padded to a multiple of :data:`PAD` bytes, so the
sealed part's length does not tell one route from another.

The key is 32 random bytes in ``companion-saves.key`` in the server's data folder
(``OBELISK_DATA_DIR``, else the platform's user data folder of ``obelisk``), written on
first use with mode 0600 and kept across restarts: a save resumes on the server that made
it, after any number of restarts. Another server (another key) cannot open it and says so;
a deployment of several servers shares one key file. A finished game has no secret left
and is saved as its plain record (``obelisk replay`` reads it anywhere).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import logging
import os
import secrets
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from obelisk.core import ObeliskError
from obelisk.core.i18n import Words

W = Words("obelisk.companion")
_ = W.gettext

SAVE_FORMAT = "obelisk-companion-save"
SAVE_VERSION = 1
KEY_FILE = "companion-saves.key"
#: The sealed plain text is padded to a multiple of this many bytes.
PAD = 4096
log = logging.getLogger("obelisk.companion")
#: The public note in a save file (a file's words stay English, like every record's).
ABOUT = (
    "A companion game saved before its end. Its secret parts are sealed: only the Obelisk "
    "server that saved it can open them, to resume the game."
)


class SaveError(ObeliskError):
    """A saved game that cannot be opened: the message says why."""


def data_dir() -> Path:
    """The server's data folder: ``OBELISK_DATA_DIR``, else the user data folder."""
    root = os.environ.get("OBELISK_DATA_DIR")
    if root:
        return Path(root)
    from platformdirs import user_data_path

    return user_data_path("obelisk")


def _aad(envelope: dict[str, Any]) -> bytes:
    """The public part of an envelope as the bytes the seal covers."""
    public = {k: envelope.get(k) for k in ("format", "format_version", "companion", "summary")}
    return json.dumps(public, sort_keys=True, separators=(",", ":")).encode()


class SaveSealer:
    """Seals and opens mid-game saves with the key in ``key_path`` (made on first use)."""

    def __init__(self, key_path: Path | None = None) -> None:
        self.key_path = key_path if key_path is not None else data_dir() / KEY_FILE
        self._key: bytes | None = None

    def key(self) -> bytes:
        """The key: read from its file, or made and written there (0600) the first time."""
        if self._key is None:
            try:
                self._key = self._load() or self._create()
            except OSError as exc:
                log.error("the companions' key file %s: %s", self.key_path, exc.strerror)
                raise SaveError(  # the client is not told the server's paths
                    _(
                        "the server cannot keep the key that seals a game saved before its "
                        "end (see its log): save the game at its end"
                    )
                ) from None
        return self._key

    def _load(self) -> bytes | None:
        try:
            text = self.key_path.read_text("ascii").strip()
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            text = ""  # damaged; any other OSError is the caller's (key())
        try:
            key = base64.urlsafe_b64decode(text)
        except (binascii.Error, ValueError):
            key = b""
        if len(key) != 32:
            log.error("the companions' key file %s is not 32 bytes in base64", self.key_path)
            raise SaveError(_("the server's key that seals saved games is damaged"))
        return key

    def _create(self) -> bytes:
        """A new key, written atomically: a second process racing us reads ours or theirs."""
        self.key_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = secrets.token_bytes(32)
        tmp = self.key_path.with_name(f"{self.key_path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(base64.urlsafe_b64encode(key).decode() + "\n")
            try:
                os.link(tmp, self.key_path)  # fails if another process was first
            except FileExistsError:
                theirs = self._load()
                assert theirs is not None
                return theirs
        finally:
            tmp.unlink(missing_ok=True)
        return key

    def fingerprint(self) -> str:
        """A short public name of the key (which server sealed a save), not the key."""
        return hashlib.sha256(b"obelisk-companion-save:" + self.key()).hexdigest()[:16]

    def seal(
        self, companion: str, record: dict[str, Any], summary: dict[str, Any]
    ) -> dict[str, Any]:
        """The envelope of ``record``: ``summary`` in the open, the record sealed."""
        envelope: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "format_version": SAVE_VERSION,
            "companion": companion,
            "about": ABOUT,
            "summary": summary,
            "server": self.fingerprint(),
        }
        plain = json.dumps(record, separators=(",", ":")).encode()
        plain += b" " * (-len(plain) % PAD)
        nonce = secrets.token_bytes(12)
        sealed = AESGCM(self.key()).encrypt(nonce, plain, _aad(envelope))
        envelope["sealed"] = base64.urlsafe_b64encode(nonce + sealed).decode()
        return envelope

    def open(self, companion: str, envelope: dict[str, Any]) -> Any:
        """The record sealed in ``envelope``, or :class:`SaveError` saying why not."""
        if envelope.get("format_version") != SAVE_VERSION:
            raise SaveError(
                _("this saved game has version {found}; this server reads version {n}").format(
                    found=repr(envelope.get("format_version")), n=SAVE_VERSION
                )
            )
        if envelope.get("companion") != companion:
            raise SaveError(
                _("this is a saved game of the {found} companion, not of {wanted}").format(
                    found=repr(envelope.get("companion")), wanted=repr(companion)
                )
            )
        token = envelope.get("sealed")
        try:
            raw = base64.urlsafe_b64decode(token) if isinstance(token, str) else b""
        except (binascii.Error, ValueError):
            raw = b""
        if len(raw) < 12 + 16:
            raise SaveError(_("the saved game's sealed part is missing or cut short"))
        if envelope.get("server") != self.fingerprint():
            raise SaveError(
                _(
                    "this game was saved by another Obelisk server (or before this server's "
                    "key was replaced): only that server can resume it"
                )
            )
        try:
            plain = AESGCM(self.key()).decrypt(raw[:12], raw[12:], _aad(envelope))
        except InvalidTag:
            raise SaveError(_("the saved game has been changed since it was saved")) from None
        return json.loads(plain)


def is_sealed(data: Any) -> bool:
    """Whether ``data`` is a sealed save (an envelope), not a plain record."""
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def saved_game(
    sealer: SaveSealer, companion: str, record: dict[str, Any], over: bool, summary: dict[str, Any]
) -> dict[str, Any]:
    """What *Save the game* downloads: the plain record of a finished game, else the
    record sealed in an envelope with ``summary`` in the open."""
    return record if over else sealer.seal(companion, record, summary)


def resumed_record(sealer: SaveSealer, companion: str, data: Any) -> Any:
    """The record in an uploaded save: opened when it is sealed, as it is when plain."""
    return sealer.open(companion, data) if is_sealed(data) else data
