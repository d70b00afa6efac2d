// The lobby's cards of the games: a picture drawn by the project (img/games/NAME.svg), a line
// of what the game is (its own summary), player counts, about how long it plays, its clock,
// and "Play now against the computer" with good defaults.

import { el } from "../util.js";
import { t, tn } from "../i18n.js";

/** About how long a game plays, in minutes (the project's estimate of a game with three
 * players; Khufu's is its countdown). A game not listed says nothing of time. */
const MINUTES = { sobek: [30, 45], abu_simbel: [20, 30], ramses: [30, 45], mummy: [30, 40], khufu: [45, 45] };

/** The games with a picture of their own in img/games/. */
const PICTURES = new Set(["sobek", "abu_simbel", "ramses", "mummy", "khufu"]);

/** The option that makes a game real-time (``realtime`` in /api/games), if it has one. */
export function clockSwitch(g) {
  return (g.options || []).find((o) => o.realtime !== undefined) || null;
}

/** The clock a room of game ``g`` runs with ``options`` (a room's; none: a new room's), in
 * words; "" for a game without a clock. The server turns the real-time switch on in a room
 * whose creator left it alone (server/clock.py: realtime_options). */
export function clockWords(g, options) {
  if (!g || !g.realtime) return "";
  const sw = clockSwitch(g);
  const value = sw && options && options[sw.name] !== undefined ? options[sw.name] : sw ? sw.realtime : null;
  return !sw || value === sw.realtime ? t("a real-time clock") : t("a simulated clock (time passes with each move)");
}

/** "2 to 4 players". */
export function playerWords(g) {
  if (g.min_players === g.max_players) return tn("{n} player", "{n} players", g.min_players, { n: g.min_players });
  return t("{low} to {high} players", { low: g.min_players, high: g.max_players });
}

/** The first paragraph of a game's summary in the page's language, on one line. */
export function summaryOf(g) {
  const text = g.summary_words ? t(g.summary_words) : g.summary || "";
  return text.trim().split(/\n\s*\n/)[0].replace(/\s+/g, " ");
}

/** The first sentence of a game's summary that says what it is. */
function whatItIs(g) {
  const sentences = summaryOf(g).match(/[^.!?]+[.!?]+/g) || [];
  // a summary may open with its player count ("2-4 merchants, 3 rounds."): skip a short one
  const told = sentences.find((s) => s.trim().split(/\s+/).length > 6) || sentences[0] || "";
  return told.trim();
}

/** The seats of a quick game against the computer: you and computer players of the game's
 * usual level, three players where the game allows it. */
export function quickSeats(g) {
  const n = Math.max(g.min_players, Math.min(g.max_players, 3));
  const level = g.default_level || g.levels[0];
  return [{ kind: "human" }, ...Array.from({ length: n - 1 }, () => ({ kind: "bot", level }))];
}

/** One card per game; ``play(g)`` starts a quick game, ``setUp(g)`` fills the form. */
export function gameCards(games, play, setUp) {
  return games.map((g) => {
    const minutes = MINUTES[g.name];
    const time = !minutes ? null : minutes[0] === minutes[1]
      ? t("about {n} minutes", { n: minutes[0] })
      : t("about {low} to {high} minutes", { low: minutes[0], high: minutes[1] });
    const facts = [playerWords(g), time, g.realtime ? t("{clock} (a simulated one in the options)", { clock: clockWords(g, null) }) : null]
      .filter(Boolean)
      .join(" · ");
    const playNow = el("button.primary", { type: "button", text: t("Play now against the computer"), "aria-label": t("Play {game} now against the computer", { game: t(g.title) }), dataset: { play: g.name }, onclick: () => play(g) });
    return el("li.game-card", { dataset: { game: g.name } },
      PICTURES.has(g.name) ? el("img", { src: `/static/img/games/${g.name}.svg`, alt: "", width: "320", height: "180" }) : null,
      el("h2", { text: t(g.title) }),
      el("p.what", { text: whatItIs(g) }),
      el("p.facts", { text: facts }),
      el("div.card-buttons", null,
        playNow,
        el("button", { type: "button", text: t("Set up a room"), "aria-label": t("Set up a room of {game}", { game: t(g.title) }), onclick: () => setUp(g) })),
    );
  });
}

/** "5 min ago" for a wall time in seconds. */
export function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 90) return t("just now");
  if (s < 90 * 60) return t("{n} min ago", { n: Math.round(s / 60) });
  if (s < 48 * 3600) return t("{n} h ago", { n: Math.round(s / 3600) });
  const days = Math.round(s / 86400);
  return tn("{n} day ago", "{n} days ago", days, { n: days });
}
