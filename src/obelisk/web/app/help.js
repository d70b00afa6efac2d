// The help panel of a room: the table's notes, the options in force, the rules.

import { el, words, valueWords } from "../util.js";
import { renderRules } from "../rules.js";
import { R, $ } from "./state.js";
import { api } from "./api.js";
import { gameByName, loadGames } from "./lobby.js";
import { t, language } from "../i18n.js";

/** A JSON value as Python writes it (how /api/games spells option defaults). */
function pyRepr(v) {
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  if (typeof v === "string") return `'${v}'`;
  if (Array.isArray(v)) return v.length === 1 ? `(${pyRepr(v[0])},)` : `(${v.map(pyRepr).join(", ")})`;
  return String(v);
}

/** Open or close the help panel. */
export async function toggleHelp() {
  const box = $("help");
  const open = box.hidden;
  box.hidden = !open;
  $("help-button").setAttribute("aria-expanded", String(open));
  if (!open || !R.room) return;
  const opts = R.room.options || {};
  const notes = R.mod.notes ? R.mod.notes(opts) : [];
  try {
    await loadGames();
  } catch {
    // the help says what it can without the games' list
  }
  const g = gameByName(R.room.game);
  const defaults = Object.fromEntries(((g && g.options) || []).map((o) => [o.name, o.default]));
  // only what differs from the game's defaults (Python's spelling of them in /api/games)
  const changed = Object.entries(opts).filter(([k, v]) => !(k in defaults) || pyRepr(v) !== defaults[k]);
  box.replaceChildren(
    el("div.help-head", null, el("h3", { text: t("{game}: help", { game: t(R.room.title) }) }),
      el("button.small", { type: "button", text: t("Close"), onclick: toggleHelp })),
    notes.length ? el("ul", null, ...notes.map((n) => el("li", { text: n }))) : null,
    el("h4", { text: t("Options in force") }),
    changed.length
      ? el("ul", null, ...changed.map(([k, v]) => (language() === "en"
        ? el("li", { text: `${words(k)}: ${valueWords(v)}` })
        // another language names the option as it is typed (--option name=value)
        : el("li", null, el("code", { lang: "en", translate: "no", text: `${k}=${JSON.stringify(v)}` })))),
        el("li", { text: t("Every other option at its default.") }))
      : el("p", { text: t("The standard rules, every option at its default.") }),
    el("h4", { text: t("The game in short") }),
    el("p.summary", { text: t("Loading…") }),
    el("details.rules-full", null, el("summary", { text: t("The rules as implemented") }),
      language() === "en" ? null : el("p.muted", { text: t("The engine's rules, with their rule numbers, are kept in English only.") }),
      el("div.rules", { lang: "en" })),
  );
  try {
    const r = await api(`/rules/${R.room.game}`);
    box.querySelector(".summary").textContent = t(r.summary);
    box.querySelector(".rules").replaceChildren(...renderRules(r.rules || ""));
  } catch {
    box.querySelector(".summary").textContent = t("The rules could not be loaded.");
  }
}
