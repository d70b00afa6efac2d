"""The page's words (web/i18n.js), run in Node: lookups, plurals by the language's rule
(with Intl.PluralRules, no eval), fields, the remembered choice."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from obelisk.core.i18n import catalog_json

I18N = Path(__file__).resolve().parents[2] / "src" / "obelisk" / "web" / "i18n.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")

SCRIPT = """
const catalog = %s;
catalog.messages["{n} card"] = ["{n} Karte", "{n} Karten"];
catalog.messages["card\\u0004Queen"] = "Königin";
catalog.messages["Your turn, {name}."] = "Du bist dran, {name}.";
const stored = new Map();
const storage = {getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => stored.set(k, v)};
globalThis.fetch = async (url) => ({
  ok: url.endsWith("/de") || url === "/api/languages",
  json: async () => (url === "/api/languages" ? {preferred: "de"} : catalog),
});
const m = await import(%s);
const out = {};
out.before = [m.t("Your turn, {name}.", {name: "Ann"}), m.tn("{n} card", "{n} cards", 1, {n: 1}),
              m.tn("{n} card", "{n} cards", 2, {n: 2})];
out.loaded = await m.loadLanguage(null, storage);
out.remembered = m.rememberedLanguage(storage);
out.after = [m.t("Your turn, {name}.", {name: "Ann"}), m.tn("{n} card", "{n} cards", 0, {n: 0}),
             m.tn("{n} card", "{n} cards", 1, {n: 1}), m.tn("{n} card", "{n} cards", 2, {n: 2}),
             m.tp("card", "Queen"), m.t("and"), m.t("Not in the catalog {x}", {x: 1}),
             m.t("{unknown} stays", {})];
out.chosen = await m.loadLanguage("de", storage);
out.rememberedAfter = m.rememberedLanguage(storage);
let refused = null;
try { await m.loadLanguage("xx", storage); } catch (e) { refused = e.message; }
out.refused = refused;
console.log(JSON.stringify(out));
"""


def test_words_plurals_and_the_remembered_language() -> None:
    script = SCRIPT % (json.dumps(catalog_json([], "de")), json.dumps(I18N.as_uri()))
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["before"] == ["Your turn, Ann.", "1 card", "2 cards"]
    assert out["loaded"] == "de"
    assert out["remembered"] is None  # the browser's preference is not a choice to remember
    assert out["after"] == [
        "Du bist dran, Ann.",
        "0 Karten",
        "1 Karte",
        "2 Karten",
        "Königin",
        "und",
        "Not in the catalog 1",
        "{unknown} stays",
    ]
    assert out["chosen"] == "de" and out["rememberedAfter"] == "de"
    assert out["refused"] == "no words for language xx"


SCOPED = """
const m = await import(%s);
m.useCatalog({lang: "de", name: "Deutsch", plural_index: {one: 0, other: 1},
  messages: {"Treasure": "Schätze", "Close": "Schließen"},
  games: {khufu: {"Treasure": "Schatz"}, abu_simbel: {"Treasure": "Schätze"}}});
const out = [m.t("Treasure")];
m.useGameWords("khufu");
out.push(m.t("Treasure"), m.t("Close"));
m.useGameWords(null);
out.push(m.t("Treasure"));
console.log(JSON.stringify(out));
"""


def test_a_table_reads_its_own_games_words_first() -> None:
    """Two games may say one English word two ways: a table of Khufu reads Khufu's."""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", SCOPED % json.dumps(I18N.as_uri())],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == ["Schätze", "Schatz", "Schließen", "Schätze"]


def test_the_served_catalog_keeps_each_games_words_apart() -> None:
    data = catalog_json(["obelisk.web", "obelisk.games.khufu", "obelisk.games.sobek"], "de")
    assert set(data["games"]) == {"khufu", "sobek"}
    assert data["games"]["khufu"]["khufu\x04space"] == "Feld"
    assert "khufu\x04space" not in data["games"]["sobek"]
