// The replay viewer (/replay): a game stepped through forwards and backwards as one seat saw
// it, with the narrated log beside it. Sources: a finished room replayed by the server
// (/replay?room=ID: every position, as a seat this browser holds or a spectator), or a
// record file (a downloaded one with the positions its browser saw, or a full record).

import { el } from "./util.js";
import { tableFor, drawFrame, logEntry, seatName } from "./frame.js";
import { t, useGameWords } from "./i18n.js";

let current = null; // {mod, frames, seats, seat, game, result, complete}
let step = 0;
let parts = null;

function layout(root) {
  const file = el("input#replay-file", { type: "file", accept: ".json,application/json" });
  const seatSel = el("select#replay-seat", { "aria-label": t("whose view") });
  parts = {
    file,
    seatSel,
    note: el("p#replay-note.muted"),
    error: el("p#replay-error.error", { role: "alert" }),
    title: el("h1#replay-title", { text: t("Replays") }),
    counter: el("span#replay-step.counter", { role: "status" }),
    range: el("input#replay-range", { type: "range", min: 0, max: 0, value: 0, "aria-label": t("step") }),
    panels: el("div.panels"),
    board: el("div.board"),
    mine: el("div.mine-area"),
    legal: el("div.legal"),
    prompt: el("span.prompt"),
    log: el("ol#replay-log.log", { tabindex: "0", "aria-label": t("What happened, oldest first") }),
    viewer: el("div#replay-viewer", { hidden: true }),
  };
  const btn = (label, id, fn) => el("button", { type: "button", id, text: label, onclick: fn });
  parts.viewer.append(
    el("div.replay-controls", null,
      btn(t("First"), "replay-first", () => go(0)),
      btn(t("Back"), "replay-back", () => go(step - 1)),
      parts.range,
      btn(t("Next"), "replay-next", () => go(step + 1)),
      btn(t("Last"), "replay-last", () => go(Infinity)),
      parts.counter),
    el("div.frame", null,
      el("div.play", null, parts.panels, el("div.action-bar", null, parts.prompt, parts.legal), parts.board, parts.mine),
      el("div.log-box", null, el("h3", { text: t("Log") }), parts.log)),
  );
  parts.range.addEventListener("input", () => go(+parts.range.value));
  root.replaceChildren(
    parts.title,
    el("div.card-box.replay-open", null,
      el("label.row", null, t("Open a record file") + " ", file),
      el("label.row", null, t("Seen by") + " ", seatSel),
      parts.note, parts.error),
    parts.viewer,
  );
  file.addEventListener("change", () => file.files[0] && openFile(file.files[0]));
  seatSel.addEventListener("change", () => {
    const seat = seatSel.value === "" ? null : +seatSel.value;
    const run = parts.room ? fromRoom(parts.room, seat) : parts.lastRecord ? fromRecord(parts.lastRecord, seat) : null;
    if (run) run.catch((e) => { parts.error.textContent = e.message; });
  });
}

function setSeats(n, chosen, enabled, only, names) {
  const sel = parts.seatSel;
  const seats = Array.from({ length: n }, (_, i) => i).filter((i) => !only || only.includes(i));
  const label = (i) => (names && names[i] && names[i].name ? `${names[i].name} (seat ${i + 1})` : `seat ${i + 1}`);
  sel.replaceChildren(new Option(t("a spectator"), ""), ...seats.map((i) => new Option(label(i), String(i))));
  sel.value = chosen === null || chosen === undefined ? "" : String(chosen);
  sel.disabled = !enabled;
}

/** A finished room replayed by the server (GET /api/rooms/{id}/replay): every position as
 * ``seat`` saw it (its token is needed for that), or as a spectator. */
async function fromRoom(room, seat) {
  parts.error.textContent = "";
  const token = seat === null ? null : (parts.tokens || {})[seat];
  const q = seat === null ? "" : `?seat=${seat}`;
  const data = await parts.api(`/api/rooms/${room.id}/replay${q}`, undefined, token);
  await show({ ...data, title: room.title, options: room.options, seats: room.seats });
}

async function show(data) {
  useGameWords(data.game);
  const mod = await tableFor(data.game);
  // who sat where, without the connection state of the day
  const seats = (data.seats || []).map((x, i) => ({ seat: i, name: x.name, kind: x.kind || "human", level: x.level, past: true }));
  current = { ...data, seats, mod };
  parts.viewer.hidden = false;
  parts.range.max = String(Math.max(0, data.frames.length - 1));
  parts.title.textContent = t("Replay: {game}", { game: data.title ? t(data.title) : data.game.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()) });
  parts.note.textContent = data.complete
    ? t("Seen by {who}.", { who: data.seat === null || data.seat === undefined ? t("a spectator") : seatName(data.seats, data.seat) })
    : t("This record holds the log and the final table only; the positions in between are in the record of the browser that played, or in a full record.");
  go(0);
}

function go(k) {
  if (!current) return;
  const n = current.frames.length;
  step = Math.max(0, Math.min(n - 1, k));
  parts.range.value = String(step);
  parts.counter.textContent = t("Step {i} of {n}", { i: step + 1, n });
  const f = current.frames[step];
  const over = step === n - 1 && current.result ? { winners: current.result.winners || [], scores: current.result.scores } : null;
  if (f.obs) {
    drawFrame(parts, current.mod, {
      obs: f.obs, turn: f.ctx || null, legal: [], yourTurn: false, seat: current.seat ?? null, seats: current.seats,
      status: "playing", options: current.options || {}, text: null, over, readonly: true,
    }, () => {});
  }
  const entries = [];
  current.frames.slice(0, step + 1).forEach((fr, i) => {
    for (const e of fr.entries || []) entries.push([e, i === step]);
  });
  parts.log.replaceChildren(...entries.map(([e, now]) => {
    const li = logEntry(e, current.seats);
    if (now) li.classList.add("now");
    return li;
  }));
  parts.log.scrollTop = parts.log.scrollHeight;
}

async function fromRecord(record, seat) {
  parts.error.textContent = "";
  parts.lastRecord = record;
  const full = record.format === "obelisk-record";
  setSeats(record.num_players || (record.seats || []).length, full ? seat : record.for_seat, full);
  const q = full && seat !== null && seat !== undefined ? `?seat=${seat}` : "";
  const r = await fetch("/replay/frames" + q, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(record) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || "the server could not read this record");
  await show({ ...data, options: record.options, seats: record.seats && record.seats.length ? record.seats : data.seats });
}

async function openFile(file) {
  parts.error.textContent = "";
  try {
    const data = JSON.parse(await file.text());
    if (data.format === "obelisk-web-replay" && data.frames && data.frames.length) {
      // a download of an earlier version: the record wrapped with the positions
      setSeats((data.seats || []).length, data.seat, false);
      await show({ game: data.record.game, frames: data.frames, seats: data.seats, seat: data.seat, complete: true, result: data.record.result, options: data.record.options });
    } else if (String(data.format).endsWith("-redacted") && data.frames && data.frames.length) {
      // a download from a game's end: the seat's record and the positions its browser saw
      setSeats(data.num_players || (data.seats || []).length, data.for_seat, false);
      await show({ game: data.game, frames: data.frames, seats: data.seats, seat: data.for_seat, complete: true, result: data.result, options: data.options });
    } else {
      await fromRecord(data.format === "obelisk-web-replay" ? data.record : data, null);
    }
  } catch (e) {
    parts.error.textContent = t("That file could not be opened: {why}", { why: e.message });
  }
}

/** Open the viewer in ``root``; ``ctx.room`` names a finished room to replay. */
export async function openReplay(root, ctx) {
  layout(root);
  current = null;
  parts.api = ctx.api;
  if (!ctx.room) {
    parts.note.textContent = t("Open a record file: one downloaded from a game's end, or one saved by the terminal.");
    return;
  }
  // the seats this browser holds in that room (a device passed round may hold several)
  const tokens = {};
  const held = ctx.store.get("held:" + ctx.room) || [];
  const own = ctx.store.get("seat:" + ctx.room);
  for (const h of [...held, own]) if (h && h.token && typeof h.seat === "number") tokens[h.seat] = h.token;
  parts.tokens = tokens;
  try {
    const room = await ctx.api(`/api/rooms/${ctx.room}`);
    parts.room = room;
    const mine = Object.keys(tokens).map(Number);
    const seat = own && typeof own.seat === "number" && tokens[own.seat] ? own.seat : null;
    setSeats(room.players, seat, true, mine, room.seats);
    await fromRoom(room, seat);
  } catch (e) {
    // a game still being played is not replayed to a spectator, nor a memory game to anyone
    parts.error.textContent = e.message;
  }
}

document.addEventListener("keydown", (ev) => {
  if (!current || document.getElementById("replay").hidden) return;
  if (ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT")) return;
  if (ev.key === "ArrowRight") go(step + 1);
  else if (ev.key === "ArrowLeft") go(step - 1);
  else if (ev.key === "Home") go(0);
  else if (ev.key === "End") go(Infinity);
});
