// This browser's storage: seat tokens, the name, the seat's own frames (for a reload and
// the replay). Every key starts with "obelisk:".

import { R } from "./state.js";

export const store = {
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

/** Where the frames of this room and seat are kept. */
export function framesKey() {
  return `frames:${R.id}:${R.seat === null ? "watch" : R.seat}`;
}

/** The seat's frames are kept one item each (a state costs one small write, not the game). */
export function keepFrame(msg, replaceLast) {
  const key = framesKey();
  const i = replaceLast ? R.frames.length - 1 : R.frames.length;
  const f = { obs: msg.observation, ctx: msg.ctx || null, status: msg.status, entries: R.frames[i] ? R.frames[i].entries : R.pendingEntries };
  R.frames[i] = f;
  // a memory game's positions stay in this page's memory only while it is played: the
  // browser's storage must not become a readable history of what the table showed for a
  // moment (a reload keeps the log, and the record download has the positions after the end)
  store.set(`${key}:${i}`, R.room.memory && !R.over ? { status: f.status, ctx: f.ctx, entries: f.entries } : f);
  store.set(key, { seen: msg.seen, count: R.frames.length, game: R.room.game, seats: R.room.seats, options: R.room.options, seat: R.seat });
}

/** A line said between states (who took back a move) joins the last kept frame's log, so a
 * reload reads it where it was said. */
export function keepLine(entry) {
  const i = R.frames.length - 1;
  if (i < 0) return;
  const f = R.frames[i];
  f.entries = [...(f.entries || []), entry];
  const key = `${framesKey()}:${i}`;
  const stored = store.get(key);
  if (stored) store.set(key, { ...stored, entries: f.entries });
}

/** The frames kept for ``key`` (see keepFrame). */
export function keptFrames(key) {
  const meta = store.get(key);
  if (!meta) return null;
  const frames = [];
  for (let i = 0; i < (meta.count || 0); i++) {
    const f = store.get(`${key}:${i}`);
    if (f) frames.push(f);
  }
  return { ...meta, frames };
}
