// The lobby: the games and their options, the seats of a new room, the rooms to join.

import { el, words, valueWords, levelWords } from "../util.js";
import { R, $ } from "./state.js";
import { api } from "./api.js";
import { store } from "./storage.js";
import { gameCards, quickSeats, clockWords, ago, playerWords, summaryOf } from "./gamecards.js";
import { t, language } from "../i18n.js";

/** The game called ``name`` as /api/games describes it. */
export function gameByName(name) {
  return R.games.find((g) => g.name === name);
}

/** The games, asked once. */
export async function loadGames() {
  if (!R.games.length) R.games = await api("/api/games");
  return R.games;
}

function renderSeatChoices() {
  const g = gameByName($("game").value);
  if (!g) return;
  const n = Math.max(g.min_players, Math.min(g.max_players, +$("players").value || g.min_players));
  $("players").value = n;
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  // what the game is, in two sentences of its summary, then its player counts
  const about = summaryOf(g).match(/[^.!?]+[.!?]+/g) || [];
  const counts = playerWords(g);
  $("game-note").textContent =
    (about.length ? about.slice(0, 2).join("").trim() + " " : "") +
    (g.realtime
      ? t("{players}, played against a countdown on {clock} (a simulated one in the options).", { players: counts, clock: clockWords(g, null) })
      : t("{players}.", { players: counts }));
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = el("select", { dataset: { seat: String(i) }, "aria-label": t("Seat {n}", { n: i + 1 }) });
    sel.add(new Option(t("a person"), "human"));
    // the game's ladder first, in words; the research players apart
    const ladder = g.ladder || [];
    for (const r of ladder) {
      const o = new Option(r.name === g.default_level
        ? t("computer: {level} (the usual)", { level: levelWords(r.name) })
        : t("computer: {level}", { level: levelWords(r.name) }), "bot:" + r.name);
      o.title = t(r.words);
      sel.add(o);
    }
    const rest = g.levels.filter((lv) => !ladder.some((r) => r.name === lv));
    if (rest.length) {
      const grp = el("optgroup", { label: t("research players") });
      for (const lv of rest) grp.append(new Option(t("computer: {level}", { level: levelWords(lv) }), "bot:" + lv));
      sel.append(grp);
    }
    const want = before[i] || (i > 0 ? "bot:" + (g.default_level || g.levels[0]) : "human");
    sel.value = [...sel.options].some((o) => o.value === want) ? want : "human";
    box.append(el("label.row", null, t("Seat {n}", { n: i + 1 }) + " ", sel));
  }
  const vs = $("variant");
  vs.replaceChildren(new Option(t("standard rules"), ""), ...g.variants.map((v) => new Option(language() === "en" ? words(v) : v, v)));
  renderOptions(g);
  gameNotes(g.name).then((notes) => {
    if ($("game").value !== g.name) return;
    renderOptions(g, notes);
    showVariant(notes);
  });
}

const notesCache = new Map();
/** A game's option explanations and variants (pages.py: /rules/{game}). */
async function gameNotes(name) {
  if (!notesCache.has(name)) {
    notesCache.set(name, api(`/rules/${name}`).catch(() => ({ options: {}, variants: {} })));
  }
  return notesCache.get(name);
}

/** An explanation as a person reads it: quoted option words become words. */
function helpWords(text) {
  return String(text || "").replace(/"([\w-]+)"/g, (_, w) => `‘${words(w)}’`);
}

function showVariant(notes) {
  const v = $("variant").value;
  const box = $("variant-note");
  const set = v && notes && notes.variants ? notes.variants[v] : null;
  box.textContent = set
    ? t("This variant sets {settings}.", { settings: Object.entries(set).map(([k, x]) => t("{option} to {value}", { option: words(k), value: valueWords(x) })).join(", ") })
    : "";
}

function stripQuotes(s) {
  return String(s).replace(/^'(.*)'$/, "$1");
}

function renderOptions(g, notes) {
  const box = $("options");
  const kept = Object.fromEntries([...box.querySelectorAll("[data-option]")].map((i) => [i.dataset.option, i.value]));
  box.replaceChildren();
  const info = (notes && notes.options) || {};
  for (const o of g.options) {
    if (o.network === false) continue; // the server takes it from the command line only
    let input = null;
    // a room runs the real-time clock unless its creator chooses otherwise (the server's
    // default for rooms, server/clock.py), whatever the game's own default
    const def = o.realtime !== undefined ? String(o.realtime) : stripQuotes(o.default);
    // each option's explanation and choices come with /api/games (the rules page's notes
    // are the fallback of an older server)
    const choices = o.choices || (info[o.name] && info[o.name].choices);
    if (o.type === "bool") {
      input = el("select", { dataset: { option: o.name, default: def } });
      input.add(new Option(t("yes"), "True"));
      input.add(new Option(t("no"), "False"));
      input.value = def;
    } else if (o.type === "int" || o.type === "int | None" || o.type === "float | None" || o.type === "float") {
      input = el("input", {
        type: "number", dataset: { option: o.name, default: def === "None" ? "" : def, kind: o.type },
        min: o.min, max: o.max, step: o.type.startsWith("float") ? "any" : "1",
        value: def === "None" ? "" : def, placeholder: def === "None" ? t("none") : null,
      });
    } else if (o.type === "Literal" && choices) {
      input = el("select", { dataset: { option: o.name, default: def, kind: "str" } });
      for (const c of choices) input.add(new Option(words(c), c));
      input.value = def;
    } else if (o.type === "Literal") {
      input = el("input", { dataset: { option: o.name, default: def, kind: "str" }, value: def, spellcheck: "false" });
    } else {
      continue; // lists of cards and such: the variants cover them
    }
    if (kept[o.name] !== undefined) input.value = kept[o.name];
    const help = o.help || (info[o.name] && info[o.name].help);
    // in English an option reads as words; in another language by its name (what is typed
    // after --option), an identifier marked as such, with its explanation in the language
    const name = language() === "en" ? words(o.name) : el("code", { lang: "en", translate: "no", text: o.name });
    box.append(el("div.opt", null,
      el("label.row", null, name, " ", input),
      help ? el("p.opt-help.muted", { text: helpWords(t(help)) }) : null));
  }
}

function chosenOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const v = input.value;
    if (v === input.dataset.default) continue;
    const name = input.dataset.option;
    if (v === "True" || v === "False") out[name] = v === "True";
    else if (input.dataset.kind === "str") out[name] = v;
    else out[name] = v === "" ? null : Number(v);
  }
  return out;
}

async function showGames() {
  const games = await loadGames();
  const sel = $("game");
  sel.replaceChildren();
  for (const g of games) sel.add(new Option(`${t(g.title)} (${playerWords(g)})`, g.name));
  $("game-cards").replaceChildren(...gameCards(games, playNow, setUp));
  renderSeatChoices();
}

/** What a room's line says of how alive it is: when it started, when a player last did
 * something, and a playing room nobody is at says so (the server ends it in time). */
function roomStatus(r) {
  const words = { waiting: t("waiting for players"), playing: t("being played"), finished: t("finished"), expired: t("expired"), abandoned: t("abandoned") };
  const active = r.active_at || r.updated_at || r.created_at;
  const anybody = r.seats.some((s) => s.kind === "human" && s.connected);
  if (r.status === "playing" && !anybody && r.seats.some((s) => s.kind === "human")) {
    return t("paused, nobody at the table (last move {ago})", { ago: ago(active) });
  }
  const when = r.status === "playing" ? t(", last move {ago}", { ago: ago(active) }) : "";
  return `${words[r.status] || r.status}${when}`;
}

function roomLine(r) {
  const seats = r.seats.map((s) => (s.kind === "bot" ? t("computer ({level})", { level: levelWords(s.level || "") }) : s.taken ? s.name : t("open seat")));
  const d = r.deal || {};
  const sealed = d.seed === null || d.seed === undefined;
  const code = d.commitment ? d.commitment.slice(0, 8) : "";
  const deal = !d.commitment ? "" : " · " + (sealed ? t("deal sealed {code}…", { code }) : t("deal revealed {code}…", { code })) +
    (d.chosen ? " " + t("(seed chosen by its creator)") : "");
  const clock = clockWords(gameByName(r.game), r.options);
  return `${t(r.title)}, ${roomStatus(r)}: ${seats.join(", ")} · ${t("started {ago}", { ago: ago(r.created_at) })}${clock ? " · " + clock : ""}${deal}`;
}

async function loadRooms() {
  const rooms = await api("/api/rooms?limit=50");
  const mine = new Set(store.keys("seat:"));
  const ours = [];
  const others = [];
  for (const r of rooms) {
    const li = el("li", null, el("span", { text: roomLine(r) }));
    const go = (label, href) => li.append(" ", el("a.button.small", { href, text: label }));
    if (mine.has(r.id)) {
      go(r.status === "finished" ? t("see the end") : t("return to your seat"), `/rooms/${r.id}`);
      if (r.status === "finished") go(t("replay"), `/replay?room=${r.id}`);
      ours.push(li);
      continue;
    }
    if (r.status === "waiting") go(t("take a seat"), `/rooms/${r.id}`);
    if (r.status === "playing" || r.status === "waiting") go(t("watch"), `/rooms/${r.id}?watch=1`);
    if (r.status === "finished") go(t("replay"), `/replay?room=${r.id}`);
    if (r.status !== "expired" && r.status !== "abandoned") others.push(li);
  }
  $("mine").replaceChildren(...(ours.length ? ours : [el("li.muted", { text: t("None yet: create a room or take a seat.") })]));
  $("rooms").replaceChildren(...(others.length ? others : [el("li.muted", { text: t("No open rooms right now.") })]));
}

function myName() {
  return ($("name").value || "").trim() || null;
}

async function joinSeat(roomId, seat) {
  const name = myName() || store.get("name") || null;
  const j = await api(`/api/rooms/${roomId}/join`, { seat, name });
  store.set("seat:" + roomId, { seat: j.seat, token: j.token });
  return j;
}

/** "Play now against the computer": a room of you and computer players of the game's
 * usual level, created and opened at once. */
async function playNow(g) {
  $("create-error").textContent = "";
  try {
    const seats = quickSeats(g);
    const body = { game: g.name, players: seats.length, seats, options: {} };
    const room = await api("/api/rooms", body);
    store.set("made:" + room.id, body);
    await joinSeat(room.id, 0);
    history.pushState(null, "", `/rooms/${room.id}`);
    await openRoom(room.id);
  } catch (e) {
    $("create-error").textContent = e.message;
    $("create-error").scrollIntoView({ block: "center" });
  }
}

/** "Set up a room": the form with this game chosen, the name field focused. */
function setUp(g) {
  $("game").value = g.name;
  renderSeatChoices();
  $("create").scrollIntoView({ block: "start" });
  $("name").focus();
}

let openRoom = null;

/** Create the room the form describes, take its first person's seat (every person's, on
 * a device passed round the table), then ``open`` it. */
async function createRoom(open) {
  $("create-error").textContent = "";
  try {
    if (myName()) store.set("name", myName());
    const seats = [...$("seats").querySelectorAll("select")].map((s) =>
      s.value === "human" ? { kind: "human" } : { kind: "bot", level: s.value.slice(4) });
    const body = { game: $("game").value, players: seats.length, seats, options: chosenOptions() };
    if ($("variant").value) body.variant = $("variant").value;
    const room = await api("/api/rooms", body);
    store.set("made:" + room.id, body);
    const first = seats.findIndex((s) => s.kind === "human");
    if (first >= 0) await joinSeat(room.id, first);
    if ($("one-device").checked) {
      // a device passed round the table holds every person's seat; it shows one at a time
      const held = [store.get("seat:" + room.id)];
      for (let i = first + 1; i < seats.length; i++) {
        if (seats[i].kind !== "human") continue;
        const j = await api(`/api/rooms/${room.id}/join`, { seat: i, name: null });
        held.push({ seat: j.seat, token: j.token });
      }
      store.set("held:" + room.id, held);
    }
    history.pushState(null, "", `/rooms/${room.id}`);
    await open(room.id);
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

/** Show the lobby: the games, the options and the rooms. */
export async function openLobby() {
  $("name").value = store.get("name") || "";
  try {
    if (!$("game").options.length) await showGames();
    await loadRooms();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

/** Wire the lobby's controls; ``open(roomId)`` opens a room made here. */
export function initLobby(open) {
  openRoom = open;
  $("create").onsubmit = (ev) => {
    ev.preventDefault();
    createRoom(open);
  };
  $("game").onchange = renderSeatChoices;
  $("variant").onchange = () => gameNotes($("game").value).then(showVariant);
  $("players").onchange = renderSeatChoices;
  $("refresh").onclick = () => loadRooms().catch((e) => { $("create-error").textContent = e.message; });
}
