// Obelisk in the browser: the lobby, a room's table, the game-over panel; /replay steps
// through a game. Plain ES modules, no build step. Speaks protocol version 1
// (docs/protocol.md); seat tokens stay in this browser's storage, never in an address the
// server sees (a shared /rooms/{id}#token=… link is read and dropped from the address bar).

import { el, seatColour, words, valueWords, plural } from "./util.js";
import { tableFor, needsText, drawFrame, logEntry, entriesOf, seatName, resultLines } from "./frame.js";
import { openReplay } from "./replay.js";
import { renderRules } from "./rules.js";

const $ = (id) => document.getElementById(id);

/** Test hooks: interaction timings (ms, click to redrawn table) and a count of drawn states. */
const hooks = { timings: [], states: 0, sent: 0, errors: [] };
/** Send an action as it is, bypassing the drawing (tests check that a refusal is explained). */
hooks.play = (action) => send({ type: "action", action, decision: R.last ? R.last.decision : null });
window.obelisk = hooks;

let games = [];
const R = {
  room: null, // the room's public summary
  id: null,
  seat: null,
  token: null,
  ws: null,
  last: null, // the last state message
  mod: null,
  frames: [],
  over: null,
  clickAt: null,
  closing: false,
  retry: 0,
  // a choice being built in several clicks: {steps (legal entries), obs, legal} from the
  // server's preview of the steps so far; nothing is played until the choice is complete
  build: null,
  previewing: null,
  previewId: 0,
};

// -- storage: seat tokens, the seat's own frames (for reload and replay) -----------------
const store = {
  get(key) {
    try {
      return JSON.parse(localStorage.getItem("obelisk:" + key));
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem("obelisk:" + key, JSON.stringify(value));
    } catch {
      // storage full: the game goes on; a reload then shows the log from the server's catch-up
    }
  },
  del(key) {
    localStorage.removeItem("obelisk:" + key);
  },
  keys(prefix) {
    const out = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith("obelisk:" + prefix)) out.push(k.slice(8 + prefix.length));
    }
    return out;
  },
};

async function api(path, body, token) {
  const opts = { headers: {} };
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers["Authorization"] = "Bearer " + token;
  const r = await fetch(path, opts);
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) throw new Error((data && data.message) || r.statusText || "the server refused");
  return data;
}

function show(section) {
  for (const id of ["lobby", "table", "replay"]) $(id).hidden = id !== section;
  // the connection matters only at a table: the lobby and the replays say nothing of it
  if (section !== "table") $("conn").textContent = "";
}

// -- the lobby ------------------------------------------------------------------------------
function gameByName(name) {
  return games.find((g) => g.name === name);
}

function levelWords(level) {
  return words(level).replace(/^(\w+) (hard|expert)$/, "$2 ($1)");
}

function renderSeatChoices() {
  const g = gameByName($("game").value);
  if (!g) return;
  const n = Math.max(g.min_players, Math.min(g.max_players, +$("players").value || g.min_players));
  $("players").value = n;
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  // what the game is, in two sentences of its summary, then its player counts
  const about = (g.summary || "").match(/[^.!?]+[.!?]+/g) || [];
  $("game-note").textContent =
    (about.length ? about.slice(0, 2).join("").trim() + " " : "") +
    `${g.min_players === g.max_players ? g.min_players : g.min_players + " to " + g.max_players} players` +
    (g.realtime ? ", played against a running clock." : ".");
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = el("select", { dataset: { seat: String(i) }, "aria-label": `Seat ${i + 1}` });
    sel.add(new Option("a person", "human"));
    // the game's ladder first, in words; the research players apart
    const ladder = g.ladder || [];
    for (const r of ladder) {
      const o = new Option(`computer: ${r.name}${r.name === g.default_level ? " (the usual)" : ""}`, "bot:" + r.name);
      o.title = r.words;
      sel.add(o);
    }
    const rest = g.levels.filter((lv) => !ladder.some((r) => r.name === lv));
    if (rest.length) {
      const grp = el("optgroup", { label: "research players" });
      for (const lv of rest) grp.append(new Option("computer: " + levelWords(lv), "bot:" + lv));
      sel.append(grp);
    }
    const want = before[i] || (i > 0 ? "bot:" + (g.default_level || g.levels[0]) : "human");
    sel.value = [...sel.options].some((o) => o.value === want) ? want : "human";
    box.append(el("label.row", null, `Seat ${i + 1} `, sel));
  }
  const vs = $("variant");
  vs.replaceChildren(new Option("standard rules", ""), ...g.variants.map((v) => new Option(words(v), v)));
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
    ? "This variant sets " + Object.entries(set).map(([k, x]) => `${words(k)} to ${valueWords(x)}`).join(", ") + "."
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
    const def = stripQuotes(o.default);
    // each option's explanation and choices come with /api/games (the rules page's notes
    // are the fallback of an older server)
    const choices = o.choices || (info[o.name] && info[o.name].choices);
    if (o.type === "bool") {
      input = el("select", { dataset: { option: o.name, default: def } });
      input.add(new Option("yes", "True"));
      input.add(new Option("no", "False"));
      input.value = def;
    } else if (o.type === "int" || o.type === "int | None" || o.type === "float | None" || o.type === "float") {
      input = el("input", {
        type: "number", dataset: { option: o.name, default: def === "None" ? "" : def, kind: o.type },
        min: o.min, max: o.max, step: o.type.startsWith("float") ? "any" : "1",
        value: def === "None" ? "" : def, placeholder: def === "None" ? "none" : null,
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
    box.append(el("div.opt", null,
      el("label.row", null, words(o.name) + " ", input),
      help ? el("p.opt-help.muted", { text: helpWords(help) }) : null));
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

async function loadGames() {
  games = await api("/api/games");
  const sel = $("game");
  sel.replaceChildren();
  for (const g of games) sel.add(new Option(`${g.title} (${g.min_players === g.max_players ? g.min_players : g.min_players + "–" + g.max_players} players)`, g.name));
  const list = $("game-list");
  list.replaceChildren(
    ...games.map((g) =>
      el("li", null,
        el("button.small", { type: "button", text: "New room", "aria-label": `new room of ${g.title}`, onclick: () => { $("game").value = g.name; renderSeatChoices(); $("name").focus(); } }),
        " ",
        el("strong", { text: g.title }),
        ` — ${g.min_players === g.max_players ? g.min_players : g.min_players + " to " + g.max_players} players` +
          (g.realtime ? ", real time" : "") +
          (g.variants.length ? `; variants: ${g.variants.map(words).join(", ")}` : ""))),
  );
  renderSeatChoices();
}

function roomLine(r) {
  const seats = r.seats.map((s) => (s.kind === "bot" ? `computer (${levelWords(s.level || "")})` : s.taken ? s.name : "open seat"));
  const status = { waiting: "waiting for players", playing: "being played", finished: "finished", expired: "expired" }[r.status] || r.status;
  return `${r.title}, ${status}: ${seats.join(", ")}`;
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
      go(r.status === "finished" ? "see the end" : "return to your seat", `/rooms/${r.id}`);
      if (r.status === "finished") go("replay", `/replay?room=${r.id}`);
      ours.push(li);
      continue;
    }
    if (r.status === "waiting") go("take a seat", `/rooms/${r.id}`);
    if (r.status === "playing" || r.status === "waiting") go("watch", `/rooms/${r.id}?watch=1`);
    if (r.status === "finished") go("replay", `/replay?room=${r.id}`);
    if (r.status !== "expired") others.push(li);
  }
  $("mine").replaceChildren(...(ours.length ? ours : [el("li.muted", { text: "None yet: create a room or take a seat." })]));
  $("rooms").replaceChildren(...(others.length ? others : [el("li.muted", { text: "No open rooms right now." })]));
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

$("create").onsubmit = async (ev) => {
  ev.preventDefault();
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
    await openRoom(room.id);
  } catch (e) {
    $("create-error").textContent = e.message;
  }
};

// -- a room -----------------------------------------------------------------------------------
function framesKey() {
  return `frames:${R.id}:${R.seat === null ? "watch" : R.seat}`;
}

/** The seat's frames are kept one item each (a state costs one small write, not the game). */
function keepFrame(msg, replaceLast) {
  const key = framesKey();
  const i = replaceLast ? R.frames.length - 1 : R.frames.length;
  const f = { obs: msg.observation, status: msg.status, entries: R.frames[i] ? R.frames[i].entries : R.pendingEntries };
  R.frames[i] = f;
  // a memory game's positions stay in this page's memory only while it is played: the
  // browser's storage must not become a readable history of what the table showed for a
  // moment (a reload keeps the log, and the record download has the positions after the end)
  store.set(`${key}:${i}`, R.room.memory && !R.over ? { status: f.status, entries: f.entries } : f);
  store.set(key, { seen: msg.seen, count: R.frames.length, game: R.room.game, seats: R.room.seats, options: R.room.options, seat: R.seat });
}

/** The frames kept for ``key`` (see keepFrame). */
function keptFrames(key) {
  const meta = store.get(key);
  if (!meta) return null;
  const frames = [];
  for (let i = 0; i < (meta.count || 0); i++) {
    const f = store.get(`${key}:${i}`);
    if (f) frames.push(f);
  }
  return { ...meta, frames };
}

async function openRoom(id, watch) {
  closeSocket();
  Object.assign(R, { id, seat: null, token: null, last: null, over: null, frames: [], clickAt: null, closing: false, retry: 0, inFlight: false, build: null, previewing: null });
  show("table");
  $("handover").hidden = true;
  document.body.classList.remove("handing-over");
  $("log").replaceChildren();
  $("error").textContent = "";
  $("gameover").hidden = true;
  $("help").hidden = true;
  hideFlash();
  // a #token=… link opens its seat; the token moves to storage and leaves the address bar
  const m = /token=([\w-]+)/.exec(location.hash);
  if (m) {
    history.replaceState(null, "", location.pathname + location.search);
    store.set("seat:" + id, { seat: null, token: m[1] });
  }
  let summary;
  try {
    summary = await api(`/api/rooms/${id}`);
  } catch (e) {
    $("title").textContent = "No such room";
    $("status").textContent = e.message;
    return;
  }
  R.room = summary;
  R.mod = await tableFor(summary.game);
  const saved = store.get("seat:" + id);
  if (saved && saved.token && !watch) {
    R.token = saved.token;
    R.seat = saved.seat;
  }
  $("title").textContent = summary.title;
  if (!R.token && summary.status === "waiting" && !watch) {
    showSeatOffer(summary);
  }
  // a reload carries on after the events already shown
  const kept = R.token || watch || summary.status !== "waiting" ? keptFrames(framesKey()) : null;
  if (kept && kept.frames && kept.frames.length) {
    R.frames = kept.frames;
    for (const f of R.frames) appendLog(f.entries);
  }
  if (R.token || watch || summary.status !== "waiting" || !summary.seats.some((s) => s.kind === "human" && !s.taken)) {
    connect(kept ? kept.seen : 0);
  }
  showSummary(summary);
}

function showSeatOffer(summary) {
  const open = summary.seats.filter((s) => s.kind === "human" && !s.taken);
  const box = $("waiting");
  box.hidden = false;
  box.replaceChildren(
    el("h3", { text: "Take a seat" }),
    el("label.row", null, "Your name ", el("input#seat-name", { maxlength: 40, value: store.get("name") || "", autocomplete: "nickname" })),
    el("div.seat-offer", null,
      ...open.map((s) =>
        el("button.primary", {
          type: "button", text: `Sit at seat ${s.seat + 1}`, "data-seat": String(s.seat + 1),
          onclick: async () => {
            try {
              const nm = ($("seat-name").value || "").trim();
              if (nm) store.set("name", nm);
              const j = await api(`/api/rooms/${summary.id}/join`, { seat: s.seat, name: nm || null });
              store.set("seat:" + summary.id, { seat: j.seat, token: j.token });
              box.hidden = true;
              await openRoom(summary.id);
            } catch (e) {
              $("error").textContent = e.message;
            }
          },
        })),
      el("button", { type: "button", text: "Just watch", onclick: () => { box.hidden = true; openRoom(summary.id, true); } })),
  );
}

function closeSocket() {
  if (R.ws) {
    R.closing = true;
    R.ws.close();
    R.ws = null;
  }
}

function connect(seen) {
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(proto + location.host + "/ws/rooms/" + R.id);
  R.ws = ws;
  R.closing = false;
  ws.onopen = () => {
    R.retry = 0;
    $("conn").textContent = "connected";
    ws.send(JSON.stringify({ type: "hello", v: 1, token: R.token, seen, text: needsText(R.mod) }));
  };
  ws.onclose = () => {
    if (R.ws !== ws) return;
    $("conn").textContent = "disconnected";
    if (!R.closing && !$("table").hidden) {
      const wait = Math.min(8000, 500 * 2 ** R.retry++);
      setTimeout(() => R.ws === ws && connect(R.last ? R.last.seen : seen), wait);
    }
  };
  ws.onmessage = (m) => handle(JSON.parse(m.data));
}

function send(msg) {
  if (R.ws && R.ws.readyState === WebSocket.OPEN) {
    R.ws.send(JSON.stringify(msg));
    hooks.sent++;
  }
}

function handle(msg) {
  switch (msg.type) {
    case "welcome":
      R.seat = msg.seat;
      if (R.token) {
        const saved = store.get("seat:" + R.id) || {};
        if (saved.seat !== msg.seat) store.set("seat:" + R.id, { ...saved, seat: msg.seat });
      }
      $("title").textContent = msg.title;
      $("who").textContent = msg.seat === null
        ? "You are watching."
        : seatName(msg.summary.seats, msg.seat) === `Seat ${msg.seat + 1}`
          ? `You are at seat ${msg.seat + 1}.`
          : `You are ${seatName(msg.summary.seats, msg.seat)}, seat ${msg.seat + 1}.`;
      $("seat-tools").hidden = msg.seat === null;
      $("bot-level").replaceChildren(...msg.levels.map((l) => new Option(levelWords(l), l)));
      if (msg.levels.includes("normal")) $("bot-level").value = "normal";
      showSummary(msg.summary);
      break;
    case "room":
      showSummary(msg.summary);
      offerRematch();
      if (R.last) redraw();
      break;
    case "state":
      onState(msg);
      break;
    case "clock":
      showClock(msg.game);
      break;
    case "game_over":
      R.over = msg;
      hooks.over = true;
      if (R.last) redraw();
      showGameOver();
      break;
    case "preview":
      onPreview(msg);
      break;
    case "ack":
      break;
    case "error":
      hooks.errors.push(msg.code);
      R.inFlight = false;
      hooks.answers = (hooks.answers || 0) + 1;
      if (msg.code === "bad_token") {
        store.del("seat:" + R.id);
        R.token = null;
      }
      $("error").textContent = msg.code === "illegal_action" ? `Not allowed: ${msg.message}` : msg.message;
      R.clickAt = null;
      R.previewing = null;
      if (R.last) redraw();
      break;
    default:
      break;
  }
}

function showSummary(s) {
  R.room = s;
  hooks.status = s.status;
  const box = $("waiting");
  if (s.status === "waiting") {
    const open = s.seats.filter((x) => x.kind === "human" && !x.taken);
    if (R.token || box.hidden) {
      const link = `${location.origin}/rooms/${s.id}`;
      box.hidden = false;
      box.replaceChildren(
        el("h3", { text: `Waiting for ${plural(open.length, "player")}` }),
        el("p", null, "Share this link with the people you play with (it offers them the open seats): "),
        el("p.share", null, el("input.share-link", { readonly: true, value: link, "aria-label": "share link", onfocus: (e) => e.target.select() }),
          el("button.small", { type: "button", text: "Copy", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) })),
        el("p.muted", { text: "Open seats: " + open.map((x) => `seat ${x.seat + 1}`).join(", ") + "." }),
      );
      if (!R.token && !R.ws) showSeatOffer(s);
    }
  } else if (!box.querySelector("#seat-name")) {
    box.hidden = true;
  }
  if (R.last) setStatus();
  else $("status").textContent = s.status === "waiting" ? "The game starts when every seat is taken." : "";
}

function showClock(c0) {
  const c = (c0 && (c0.clock || c0)) || {};
  R.clock = { ...c, at: performance.now() };
  // a table that draws its own clock hears every tick
  if (R.mod && R.mod.onClock && R.last) R.mod.onClock(R.clock, { board: $("board"), seats: R.room.seats, seat: R.seat });
  if (typeof c.remaining === "number") {
    const r = Math.max(0, Math.round(c.remaining));
    const mm = String(Math.floor(r / 60)).padStart(2, "0");
    const ss = String(r % 60).padStart(2, "0");
    $("clock").textContent = `Time left ${mm}:${ss}${c.paused ? " (paused)" : ""}`;
  }
}

let logScroll = 0;
function appendLog(entries) {
  const log = $("log");
  for (const e of entries || []) log.append(logEntry(e, R.room && R.room.seats));
  // scrolled at the next frame, once: reading scrollHeight here forced a layout of the whole
  // page at every state message, before the table was even drawn (layout thrash)
  if (!logScroll) logScroll = requestAnimationFrame(() => { logScroll = 0; log.scrollTop = log.scrollHeight; });
}

let flashTimer = null;
/** Hide the flash and drop its words from the page (a hidden flash must not linger). */
function hideFlash() {
  const box = $("flash");
  box.hidden = true;
  box.replaceChildren();
}
/** A flash: what the table shows for a moment (memory games). Never logged, never kept. */
function showFlash(lines) {
  const box = $("flash");
  clearTimeout(flashTimer);
  box.replaceChildren(
    ...lines.map((t) => el("p", { text: t })),
    el("button.small", { type: "button", text: "Hide", onclick: hideFlash }),
  );
  box.hidden = false;
  flashTimer = setTimeout(() => { box.hidden = true; box.replaceChildren(); }, 5000);
}

/** Whether a state message only moves the clock on (same position, same choices). */
function onlyTheClock(msg) {
  const last = R.last;
  if (!last || (msg.events && msg.events.length) || R.clickAt !== null) return false;
  if (msg.your_turn !== last.your_turn || msg.status !== last.status || msg.decision !== last.decision) return false;
  const strip = (o) => JSON.stringify(o && typeof o === "object" ? { ...o, clock: null } : o);
  return strip(msg.observation) === strip(last.observation) && JSON.stringify(msg.legal) === JSON.stringify(last.legal);
}

function onState(msg) {
  // a real-time game sends a state on every tick: when only its clock moved, the table is
  // not rebuilt (a click in progress is not lost; the clock message already moved the clock)
  if (onlyTheClock(msg)) {
    R.last = { ...msg, legal: R.last.legal };
    hooks.seen = msg.seen;
    return;
  }
  const got = performance.now();
  R.last = msg;
  R.inFlight = false;
  // a new position: a choice being built starts again from it
  R.build = null;
  R.previewing = null;
  hooks.answers = (hooks.answers || 0) + 1;
  const entries = entriesOf(msg.events);
  const flashes = (msg.events || []).map((e) => e.flash).filter(Boolean);
  R.pendingEntries = entries;
  keepFrame(msg, !(msg.events && msg.events.length) && R.frames.length > 0);
  appendLog(entries);
  // a new position clears the last flash; this one shows for a moment
  if (flashes.length) showFlash(flashes);
  else if (msg.events && msg.events.length) hideFlash();
  if (msg.status !== "waiting" && !$("waiting").querySelector("#seat-name")) $("waiting").hidden = true;
  $("error").textContent = msg.legal.length && R.clickAt ? "" : $("error").textContent;
  redraw(got);
  offerHandover(msg);
}

/** On a device passed round the table: when another seat it holds is to play, hide the
 * table and ask for the device to be handed over; the next seat's view opens on a tap. */
function offerHandover(msg) {
  const held = store.get("held:" + R.id);
  const box = $("handover");
  document.body.classList.remove("handing-over");
  if (!held || R.over || msg.your_turn) {
    box.hidden = true;
    return;
  }
  const next = R.mod.toMove ? R.mod.toMove(msg.observation) : null;
  const entry = held.find((h) => h.seat === next);
  if (!entry || next === R.seat) {
    box.hidden = true;
    return;
  }
  const name = seatName(R.room.seats, next);
  box.replaceChildren(
    el("p.big", { text: `Pass the device to ${name}.` }),
    el("p", { text: `${name}: tap when only you can see the screen.` }),
    el("button.primary#handover-go", {
      type: "button", text: `I am ${name}`,
      onclick: () => {
        store.set("seat:" + R.id, entry);
        openRoom(R.id);
      },
    }),
  );
  box.hidden = false;
  document.body.classList.add("handing-over");
}

function setStatus() {
  const msg = R.last;
  const s = R.room;
  let text = "";
  if (R.over) {
    const w = R.over.winners.map((i) => seatName(s.seats, i));
    text = `Game over. ${w.length ? (w.length === 1 ? w[0] + " wins" : w.join(" and ") + " share the win") : "Nobody wins"}.`;
  } else if (s.status === "waiting") {
    text = "The game starts when every seat is taken.";
  } else if (msg.your_turn) {
    text = "Your turn.";
  } else {
    const t = R.mod.toMove ? R.mod.toMove(msg.observation) : null;
    text = t !== null && t !== undefined ? `${seatName(s.seats, t)} is to play.` : "";
  }
  $("status").textContent = text;
}

function els() {
  return { board: $("board"), mine: $("mine-area"), panels: $("panels"), legal: $("legal"), prompt: $("prompt") };
}

function redraw(got) {
  const msg = R.last;
  const t0 = performance.now();
  const b = R.over ? null : R.build;
  const legal = b ? b.legal : msg.legal;
  drawFrame(els(), R.mod, {
    obs: b ? b.obs : msg.observation,
    legal,
    yourTurn: msg.your_turn,
    seat: R.seat,
    seats: R.room.seats,
    status: msg.status,
    options: R.room.options || {},
    text: msg.text,
    over: R.over,
    readonly: false,
    // the events this state brought (sentences, flashes) and the last clock tick, for tables
    // that animate a moment or draw their own clock; never kept by the table
    events: msg.events || [],
    seen: msg.seen,
    clock: R.clock || null,
  }, play);
  drawBuild(b);
  setStatus();
  // an action is on its way: nothing is played twice while the answer is awaited
  if (R.inFlight) disablePlaces();
  hooks.states++;
  hooks.yourTurn = legal.length > 0 && !R.over && !R.inFlight;
  hooks.building = b ? b.steps.map((e) => e.text) : null;
  hooks.over = !!R.over;
  hooks.seen = msg.seen;
  hooks.status = R.room.status;
  hooks.seat = R.seat;
  hooks.room = R.id;
  if (R.clickAt !== null && got !== undefined) {
    const start = R.clickAt;
    R.clickAt = null;
    const drawn = performance.now();
    // painted: the next frame begins; shown: the frame after it (the new table laid out and painted)
    requestAnimationFrame(() => {
      const t = { drawn: drawn - start, painted: performance.now() - start, draw: drawn - t0, answer: (got || t0) - start };
      hooks.timings.push(t);
      requestAnimationFrame(() => { t.shown = performance.now() - start; });
    });
  }
}

/** Play a legal entry the person chose. A choice of several clicks (the table module's
 * ``builds`` kinds start one) is built step by step from the server's previews of the
 * steps so far and played all at once when complete; Cancel or Esc returns to its start. */
function play(entry, node) {
  const legal = R.build ? R.build.legal : R.last && R.last.legal;
  if (!legal || !legal.includes(entry) || R.inFlight) return;
  R.clickAt = performance.now();
  $("error").textContent = "";
  document.body.classList.add("busy");
  if (node) node.classList.add("chosen");
  const steps = R.build ? [...R.build.steps, entry] : [entry];
  R.inFlight = true;
  hooks.yourTurn = false;
  if (R.build || (R.mod.builds || []).includes(entry.action.kind)) {
    R.previewing = steps;
    send({ type: "preview", actions: steps.map((e) => e.action), id: ++R.previewId });
  } else {
    sendSteps(steps);
  }
  // the table redraws from the server's answer: nothing is played twice meanwhile
  disablePlaces();
}

/** Play ``steps`` (legal entries) as one choice: the first as the action, the rest as ``then``. */
function sendSteps(steps) {
  const msg = { type: "action", action: steps[0].action, decision: R.last.decision };
  if (steps.length > 1) msg.then = steps.slice(1).map((e) => e.action);
  send(msg);
}

function onPreview(msg) {
  if (msg.id !== R.previewId || !R.previewing) return;
  const got = performance.now();
  const steps = R.previewing;
  R.previewing = null;
  if (!msg.continues) {
    // the last click completes the choice: play it all
    sendSteps(steps);
    return;
  }
  R.inFlight = false;
  R.build = { steps, obs: msg.observation, legal: msg.legal };
  hooks.answers = (hooks.answers || 0) + 1;
  redraw(got);
}

/** Give up the choice being built: the table as it is, nothing played. */
function cancelBuild() {
  if (!R.build || R.inFlight) return;
  R.build = null;
  $("error").textContent = "";
  redraw();
  const first = document.querySelector(PLACES_SEL);
  if (first) first.focus();
}

const PLACES_SEL = "#table [data-action]:not([aria-disabled=true]):not([disabled])";

function drawBuild(b) {
  const box = $("build");
  if (!b) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    el("strong", { text: "Your choice so far:" }),
    el("ol.steps", null, ...b.steps.map((e) => el("li", { text: e.text }))),
    el("span.muted", { text: "Nothing is played until the choice is complete." }),
    el("button#build-cancel", { type: "button", text: "Cancel", title: "Back to the start of this choice (Esc)", onclick: cancelBuild }),
  );
}

function disablePlaces() {
  for (const n of document.querySelectorAll("#table .legal-place")) n.setAttribute("aria-disabled", "true");
  for (const b of $("legal").querySelectorAll("button")) b.disabled = true;
}

// the page is usable again once the answer is drawn
new MutationObserver(() => document.body.classList.remove("busy")).observe($("board"), { childList: true });

// -- game over ------------------------------------------------------------------------
function showGameOver() {
  const o = R.over;
  const s = R.room;
  const lines = resultLines(s.seats, o.scores, o.winners);
  const box = $("gameover");
  box.hidden = false;
  $("seat-tools").hidden = true;
  const names = o.winners.map((i) => seatName(s.seats, i));
  box.replaceChildren(
    el("h3", { text: "Game over" }),
    el("p.big", { text: names.length ? (names.length === 1 ? `${names[0]} wins.` : `${names.join(" and ")} share the win.`) : "Nobody wins." }),
    el("table.scores", null,
      el("thead", null, el("tr", null, el("th", { text: "Player" }), el("th", { text: "Score" }))),
      el("tbody", null, ...lines.map((l) =>
        el("tr", { dataset: { seat: String(l.seat + 1) } },
          el("td", null, el("span.dot", { style: { "--seat": seatColour(l.seat) } }), ` ${l.name}${l.winner ? " (winner)" : ""}`),
          el("td", { text: String(l.score) }))))),
    el("div.over-buttons", null,
      R.seat !== null || (store.get("held:" + R.id) || []).length
        ? el("button.primary#again", { type: "button", text: "Play again with the same seats", onclick: playAgain })
        : null,
      el("a.button", { href: `/replay?room=${R.id}`, text: "Watch the replay" }),
      el("button", { type: "button", text: "Download your record", onclick: downloadRecord }),
      el("button", { type: "button", text: "See the table", onclick: () => { box.hidden = true; } })),
    el("p#again-note.muted"),
  );
  offerRematch();
}

async function downloadRecord() {
  try {
    const rec = await api(`/api/rooms/${R.id}/record`, undefined, R.token);
    const kept = keptFrames(framesKey());
    // the server's redacted record as it is (with its sentences), and the positions this
    // browser saw as an added field: every reader of redacted records reads it
    // positions this browser saw (a memory game kept none while it was played)
    const file = { ...rec, frames: (R.frames.length ? R.frames : kept ? kept.frames : []).filter((f) => f.obs) };
    const blob = new Blob([JSON.stringify(file)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `obelisk-${R.room.game}-${R.id}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) {
    $("error").textContent = e.message;
  }
}

/** Play again with the same seats: the room's rematch (POST /api/rooms/{id}/rematch), made
 * by the first player who asks and joined by the others, each in their old seat. A device
 * holding several seats takes each of them again. */
async function playAgain() {
  const note = $("again-note");
  try {
    const held = store.get("held:" + R.id);
    const mine = held && held.length ? held : [{ seat: R.seat, token: R.token }];
    let room = null;
    const seated = [];
    for (const h of mine) {
      if (!h.token) continue;
      const j = await api(`/api/rooms/${R.id}/rematch`, {}, h.token);
      room = j.room;
      seated.push({ seat: j.seat, token: j.token });
    }
    if (!room) throw new Error("Only a player of this game can start its rematch.");
    const first = seated.find((x) => x.seat === R.seat) || seated[0];
    store.set("seat:" + room, first);
    if (held && held.length) store.set("held:" + room, seated);
    history.pushState(null, "", `/rooms/${room}`);
    await openRoom(room);
  } catch (e) {
    if (note) note.textContent = e.message;
  }
}

/** On the game-over panel: once somebody started the rematch, say so and offer it. */
function offerRematch() {
  const note = $("again-note");
  const s = R.room;
  if (!note || !s || !s.rematch || !R.over) return;
  const button = $("again");
  if (R.seat === null) {
    note.replaceChildren("A rematch has been started: ", el("a", { href: `/rooms/${s.rematch}?watch=1`, text: "watch it" }), ".");
    if (button) button.hidden = true;
    return;
  }
  note.textContent = "A rematch has been started: join it to take your seat again.";
  if (button) button.textContent = "Join the rematch";
}

/** A JSON value as Python writes it (how /api/games spells option defaults). */
function pyRepr(v) {
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null || v === undefined) return "None";
  if (typeof v === "string") return `'${v}'`;
  if (Array.isArray(v)) return v.length === 1 ? `(${pyRepr(v[0])},)` : `(${v.map(pyRepr).join(", ")})`;
  return String(v);
}

// -- help -----------------------------------------------------------------------------------
async function toggleHelp() {
  const box = $("help");
  const open = box.hidden;
  box.hidden = !open;
  $("help-button").setAttribute("aria-expanded", String(open));
  if (!open || !R.room) return;
  const opts = R.room.options || {};
  const notes = R.mod.notes ? R.mod.notes(opts) : [];
  if (!games.length) {
    try {
      games = await api("/api/games");
    } catch {
      games = [];
    }
  }
  const g = gameByName(R.room.game);
  const defaults = Object.fromEntries(((g && g.options) || []).map((o) => [o.name, o.default]));
  // only what differs from the game's defaults (Python's spelling of them in /api/games)
  const changed = Object.entries(opts).filter(([k, v]) => !(k in defaults) || pyRepr(v) !== defaults[k]);
  box.replaceChildren(
    el("div.help-head", null, el("h3", { text: `${R.room.title}: help` }),
      el("button.small", { type: "button", text: "Close", onclick: toggleHelp })),
    notes.length ? el("ul", null, ...notes.map((n) => el("li", { text: n }))) : null,
    el("h4", { text: "Options in force" }),
    changed.length
      ? el("ul", null, ...changed.map(([k, v]) => el("li", { text: `${words(k)}: ${valueWords(v)}` })),
        el("li", { text: "Every other option at its default." }))
      : el("p", { text: "The standard rules, every option at its default." }),
    el("h4", { text: "The game in short" }),
    el("p.summary", { text: "Loading…" }),
    el("details.rules-full", null, el("summary", { text: "The rules as implemented" }), el("div.rules")),
  );
  try {
    const r = await api(`/rules/${R.room.game}`);
    box.querySelector(".summary").textContent = r.summary;
    box.querySelector(".rules").replaceChildren(...renderRules(r.rules || ""));
  } catch {
    box.querySelector(".summary").textContent = "The rules could not be loaded.";
  }
}

$("help-button").onclick = toggleHelp;
$("leave").onclick = () => {
  closeSocket();
  history.pushState(null, "", "/");
  route();
};
$("to-bot").onclick = async () => {
  if (R.seat === null) return;
  try {
    await api(`/api/rooms/${R.id}/seats/${R.seat}/bot`, { level: $("bot-level").value }, R.token);
    store.del("seat:" + R.id);
  } catch (e) {
    $("error").textContent = e.message;
  }
};
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") {
    hideFlash();
    if (R.build) cancelBuild();
    if (!$("help").hidden) toggleHelp();
  }
});

$("game").onchange = renderSeatChoices;
$("variant").onchange = () => gameNotes($("game").value).then(showVariant);
$("players").onchange = renderSeatChoices;
$("refresh").onclick = () => loadRooms().catch((e) => { $("create-error").textContent = e.message; });

// -- the address -----------------------------------------------------------------------------
async function route() {
  const path = location.pathname;
  const m = /^\/rooms\/([\w-]+)/.exec(path);
  if (m) {
    await openRoom(m[1], new URLSearchParams(location.search).has("watch"));
    return;
  }
  closeSocket();
  if (path.startsWith("/replay")) {
    show("replay");
    await openReplay($("replay"), { api, store, keptFrames, room: new URLSearchParams(location.search).get("room") });
    return;
  }
  show("lobby");
  $("name").value = store.get("name") || "";
  try {
    if (!games.length) await loadGames();
    await loadRooms();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

window.addEventListener("popstate", route);
window.matchMedia("(max-width: 760px)").matches && ($("log-box").open = false);
route();
