// A room: its table drawn from each state message and its turn context, the seat offer,
// the log and the flash, the choices played (several clicks built from the server's
// previews), the device passed round the table. The socket is socket.js's; the end of the
// game is gameover.js's.

import { el, levelWords, seatColour } from "../util.js";
import { tableFor, drawFrame, logEntry, entriesOf, seatName, toMoveOf, needsText } from "../frame.js";
import { morphed } from "../morph.js";
import { R, $, show } from "./state.js";
import { hooks } from "./hooks.js";
import { api } from "./api.js";
import { store, framesKey, keepFrame, keepLine, keptFrames } from "./storage.js";
import { connect, closeSocket, send } from "./socket.js";
import { showGameOver, offerRematch } from "./gameover.js";
import { toggleHelp } from "./help.js";
import { noticeTurn, sayNewest, initAttention } from "./attention.js";
import { t, tn, joinWords, useGameWords, language } from "../i18n.js";

/** Send an action as it is, bypassing the drawing (tests check that a refusal is explained). */
hooks.play = (action) => send({ type: "action", action, decision: R.last ? R.last.decision : null });

/** Open room ``id`` (``watch``: as a spectator even with a seat token). */
export async function openRoom(id, watch) {
  closeSocket();
  Object.assign(R, { id, seat: null, token: null, last: null, over: null, frames: [], clickAt: null, closing: false, retry: 0, inFlight: false, build: null, previewing: null });
  show("table");
  $("handover").hidden = true;
  document.body.classList.remove("handing-over");
  $("log").replaceChildren();
  // on a phone the log is the dock at the bottom: open, its last sentences in sight
  if (window.matchMedia && window.matchMedia("(max-width: 560px)").matches) $("log-box").open = true;
  $("error").textContent = "";
  $("gameover").hidden = true;
  $("help").hidden = true;
  $("handed").hidden = true;
  $("said").textContent = "";
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
    $("title").textContent = t("No such room");
    $("status").textContent = e.message;
    return;
  }
  R.room = summary;
  useGameWords(summary.game);
  R.mod = await tableFor(summary.game);
  const saved = store.get("seat:" + id);
  if (saved && saved.token && !watch) {
    R.token = saved.token;
    R.seat = saved.seat;
  }
  $("title").textContent = t(summary.title);
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
    connect(kept ? kept.seen : 0, handle);
  }
  showSummary(summary);
}

function showSeatOffer(summary) {
  const open = summary.seats.filter((s) => s.kind === "human" && !s.taken);
  const box = $("waiting");
  box.hidden = false;
  box.replaceChildren(
    el("h3", { text: t("Take a seat") }),
    el("label.row", null, t("Your name") + " ", el("input#seat-name", { maxlength: 40, value: store.get("name") || "", autocomplete: "nickname" })),
    el("div.seat-offer", null,
      ...open.map((s) =>
        el("button.primary", {
          type: "button", text: t("Sit at seat {n}", { n: s.seat + 1 }), "data-seat": String(s.seat + 1),
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
      el("button", { type: "button", text: t("Just watch"), onclick: () => { box.hidden = true; openRoom(summary.id, true); } })),
  );
}

function handle(msg) {
  switch (msg.type) {
    case "welcome":
      R.seat = msg.seat;
      if (R.token) {
        const saved = store.get("seat:" + R.id) || {};
        if (saved.seat !== msg.seat) store.set("seat:" + R.id, { ...saved, seat: msg.seat });
      }
      $("title").textContent = t(msg.title);
      $("who").textContent = msg.seat === null
        ? t("You are watching.")
        : seatName(msg.summary.seats, msg.seat) === t("Seat {n}", { n: msg.seat + 1 })
          ? t("You are at seat {n}.", { n: msg.seat + 1 })
          : t("You are {name}, seat {n}.", { name: seatName(msg.summary.seats, msg.seat), n: msg.seat + 1 });
      $("seat-tools").hidden = msg.seat === null;
      // the chime and the notification are for a player: a spectator has no turn
      document.querySelector("#table .turn-tools").hidden = msg.seat === null;
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
      showClock(msg);
      break;
    case "game_over":
      R.over = msg;
      hooks.over = true;
      if (R.last) redraw();
      showGameOver(openRoom);
      break;
    case "preview":
      onPreview(msg);
      break;
    case "undo":
      // somebody took back a move: said in the log to everybody; the fresh state follows
      appendLog([{ seat: msg.seat, text: msg.text }]);
      keepLine({ seat: msg.seat, text: msg.text });
      sayNewest(msg.text);
      break;
    case "ack":
      break;
    case "error":
      hooks.errors.push(msg.code);
      if (msg.code === "replaced") {
        seatHandedOver();
        return;
      }
      R.inFlight = false;
      hooks.answers = (hooks.answers || 0) + 1;
      if (msg.code === "bad_token") {
        // a token that holds no seat (a stale link): forget it and watch at once
        store.del("seat:" + R.id);
        R.token = null;
        send({ type: "hello", v: 1, token: null, seen: 0, text: needsText(R.mod), lang: language() });
      }
      $("error").textContent = msg.code === "illegal_action" ? t("Not allowed: {reason}", { reason: msg.message }) : msg.message;
      R.clickAt = null;
      R.previewing = null;
      if (R.last) redraw();
      break;
    default:
      break;
  }
}

/** The room's deal: the commitment to its seed while the game is played, the seed and
 * salt once it is over (anyone may then check it: ``obelisk replay`` on the full record). */
function showDeal(s) {
  const box = $("deal");
  const d = s.deal;
  if (!box || !d || !d.commitment) {
    if (box) box.replaceChildren();
    return;
  }
  const short = d.commitment.slice(0, 16);
  const chosen = d.chosen ? " " + t("Its creator chose the seed.") : "";
  if (d.seed === null || d.seed === undefined) {
    box.replaceChildren(t("Deal sealed before the first move: commitment {code}… (the seed is shown when the game ends).", { code: short }) + chosen);
    box.title = d.commitment;
    return;
  }
  box.replaceChildren(
    t("Deal revealed: seed {seed}, commitment {code}….", { seed: d.seed, code: short }) + chosen + " ",
    el("a", { href: `/api/rooms/${s.id}/record?full=true`, download: `obelisk-${s.id}.json`, text: t("Download the full record") }),
    " " + t("and check it with obelisk replay."),
  );
  box.title = d.commitment;
}

function showSummary(s) {
  R.room = s;
  hooks.status = s.status;
  showDeal(s);
  const box = $("waiting");
  if (s.status === "waiting") {
    const open = s.seats.filter((x) => x.kind === "human" && !x.taken);
    if (R.token || box.hidden) {
      const link = `${location.origin}/rooms/${s.id}`;
      box.hidden = false;
      box.replaceChildren(
        el("h3", { text: tn("Waiting for {n} player", "Waiting for {n} players", open.length, { n: open.length }) }),
        el("p", null, t("Share this link with the people you play with (it offers them the open seats):") + " "),
        el("p.share", null, el("input.share-link", { readonly: true, value: link, "aria-label": t("share link"), onfocus: (e) => e.target.select() }),
          el("button.small", { type: "button", text: t("Copy"), onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) })),
        el("p.muted", { text: t("Open seats: {seats}.", { seats: open.map((x) => t("seat {n}", { n: x.seat + 1 })).join(", ") }) }),
      );
      if (!R.token && !R.ws) showSeatOffer(s);
    }
  } else if (!box.querySelector("#seat-name")) {
    box.hidden = true;
  }
  if (R.last) setStatus();
  else $("status").textContent = s.status === "waiting" ? t("The game starts when every seat is taken.") : "";
}

/** A clock message: the table that draws its own clock hears the game's clock (the
 * observation's); the clock line says the clock of the turn context, in words. */
function showClock(msg) {
  const c0 = msg.game;
  const c = (c0 && (c0.clock || c0)) || {};
  R.clock = { ...c, at: performance.now() };
  hooks.clocks = (hooks.clocks || 0) + 1;
  // the position is the same: the last state's clock moves on with the tick (a later
  // redraw, after a refusal or a click of a built choice, draws the clock of now)
  if (R.last && R.last.observation && c0 && typeof c0 === "object") Object.assign(R.last.observation, c0);
  if (R.last && R.last.ctx && msg.clock) R.last.ctx = { ...R.last.ctx, clock: msg.clock };
  // a table that draws its own clock hears every tick
  if (R.mod && R.mod.onClock && R.last) R.mod.onClock(R.clock, { board: $("board"), seats: R.room.seats, seat: R.seat });
  if (msg.clock) clockLine(msg.clock);
}

/** The clock line: "Khufu's countdown 12:05 left (paused: the Ultimate Challenge)". */
function clockLine(c) {
  if (!c || typeof c.remaining !== "number") {
    $("clock").textContent = "";
    return;
  }
  const r = Math.max(0, Math.round(c.remaining));
  const mm = String(Math.floor(r / 60)).padStart(2, "0");
  const ss = String(r % 60).padStart(2, "0");
  const left = t("{clock}: {time} left", { clock: t(c.name || "Time"), time: `${mm}:${ss}` });
  $("clock").textContent = !c.running && c.paused_by ? t("{left} (paused: {why})", { left, why: t(c.paused_by) }) : left;
}

let logScroll = 0;
function appendLog(entries) {
  const log = $("log");
  // the actor's colour as the table shows it (the Mummy's explorer in its own colour)
  const obs = R.last && R.last.observation;
  const colourOf = R.mod && R.mod.seatColour && obs ? (i) => R.mod.seatColour(obs, i) || seatColour(i) : null;
  for (const e of entries || []) log.append(logEntry(e, R.room && R.room.seats, colourOf));
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
  document.body.style.removeProperty("--flash-h");
}
/** A flash: what the table shows for a moment (memory games). Never logged, never kept. */
function showFlash(lines) {
  const box = $("flash");
  clearTimeout(flashTimer);
  box.replaceChildren(
    ...lines.map((t) => el("p", { text: t })),
    el("button.small", { type: "button", text: t("Hide"), onclick: hideFlash }),
  );
  box.hidden = false;
  // on a phone the page makes room below for the flash, so every place can be scrolled above it
  document.body.style.setProperty("--flash-h", `${box.offsetHeight}px`);
  flashTimer = setTimeout(hideFlash, 5000);
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
    showUndo(R.last);
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
  if (entries.length) sayNewest(entries[entries.length - 1].text);
  keepFrame(msg, !(msg.events && msg.events.length) && R.frames.length > 0);
  appendLog(entries);
  // a new position clears the last flash; this one shows for a moment
  if (flashes.length) showFlash(flashes);
  else if (msg.events && msg.events.length) hideFlash();
  if (msg.status !== "waiting" && !$("waiting").querySelector("#seat-name")) $("waiting").hidden = true;
  $("error").textContent = msg.legal.length && R.clickAt ? "" : $("error").textContent;
  clockLine(msg.ctx && msg.ctx.clock);
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
  const next = toMoveOf(msg.ctx);
  const entry = held.find((h) => h.seat === next);
  if (!entry || next === R.seat) {
    box.hidden = true;
    return;
  }
  const name = seatName(R.room.seats, next);
  box.replaceChildren(
    el("p.big", { text: t("Pass the device to {name}.", { name }) }),
    el("p", { text: t("{name}: tap when only you can see the screen.", { name }) }),
    el("button.primary#handover-go", {
      type: "button", text: t("I am {name}", { name }),
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
    text = !w.length ? t("Game over. Nobody wins.")
      : w.length === 1 ? t("Game over. {name} wins.", { name: w[0] })
        : t("Game over. {names} share the win.", { names: joinWords(w) });
  } else if (s.status === "waiting") {
    text = t("The game starts when every seat is taken.");
  } else if (msg.your_turn) {
    text = t("Your turn.");
  } else {
    const next = toMoveOf(msg.ctx);
    text = next !== null ? t("{name} is to play.", { name: seatName(s.seats, next) }) : "";
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
    // nobody is to play while the room waits for its players (the context names a seat)
    turn: msg.status === "waiting" ? null : msg.ctx || null,
    yourTurn: msg.your_turn && msg.status === "playing",
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
  showUndo(msg);
  document.body.classList.remove("busy");
  hooks.morphed = morphed;
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
  // the server's word on whose turn it is (a choice being built or sent stays this turn)
  noticeTurn(t(R.room.title), !!msg.your_turn && !R.over && msg.status === "playing", $("said").textContent);
  bringPlaceInSight(legal.length > 0 && !R.over && !R.inFlight ? `${msg.decision} ${b ? b.steps.length : 0}` : null);
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

let sightFor = null;
/** On a phone, at a new decision (``key``): the places to play are brought into sight
 * between whose turn it is and the log's dock (or a flash above it), all of them when they
 * fit there together, else the first; at the next frame, once the table is laid out.
 * Nothing moves at a redraw of the same decision. */
function bringPlaceInSight(key) {
  if (key === null || key === sightFor) return;
  sightFor = key;
  if (!window.matchMedia || !window.matchMedia("(max-width: 560px)").matches) return;
  requestAnimationFrame(() => {
    const places = [...document.querySelectorAll(PLACES_SEL), ...$("legal").querySelectorAll("button:not([disabled])")]
      .filter((n) => n.getBoundingClientRect().height > 0);
    if (!places.length) return;
    // the room between whose turn it is and the dock (or a flash above it)
    const top = $("status").getBoundingClientRect().bottom + 6;
    const flash = $("flash");
    const dock = $("log-box").getBoundingClientRect().top;
    const bottom = (flash.hidden ? dock : Math.min(dock, flash.getBoundingClientRect().top)) - 6;
    // every place to play when they fit in that room together (a card to take and a button
    // to leave it), else the first
    const rects = places.map((n) => n.getBoundingClientRect());
    const all = { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
    const r = all.bottom - all.top <= bottom - top ? all : rects[0];
    if (r.top < top) window.scrollBy(0, r.top - top);
    else if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom, r.top - top));
  });
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
    el("strong", { text: t("Your choice so far:") }),
    el("ol.steps", null, ...b.steps.map((e) => el("li", { text: e.text }))),
    el("span.muted", { text: t("Nothing is played until the choice is complete.") }),
    el("button#build-cancel", { type: "button", text: t("Cancel"), title: t("Back to the start of this choice (Esc)"), onclick: cancelBuild }),
  );
}

/** This seat is now played by a computer player (handed over here, or on another page):
 * the page watches from now on and says so plainly. */
async function seatHandedOver() {
  const id = R.id;
  const seat = R.seat;
  const name = seat !== null && R.room ? seatName(R.room.seats, seat) : null;
  store.del("seat:" + id);
  await openRoom(id, true);
  const box = $("handed");
  box.textContent = name === null
    ? t("Your seat is now played by the computer. You are watching the game.")
    : t("{name}'s seat is now played by the computer. You are watching the game.", { name });
  box.hidden = false;
}

/** The Undo button: shown only when the server says this seat may take back its last
 * decision now (``can_undo``), never while a choice is being built or sent. */
function showUndo(msg) {
  const can = !!msg.can_undo && R.seat !== null && !R.over && !R.build && !R.inFlight;
  $("undo-box").hidden = !can;
  $("undo").disabled = false;
}

function disablePlaces() {
  $("undo").disabled = true;
  for (const n of document.querySelectorAll("#table .legal-place")) n.setAttribute("aria-disabled", "true");
  for (const b of $("legal").querySelectorAll("button")) b.disabled = true;
}

/** Wire the room's controls (leave, hand the seat to a computer player, help, Esc);
 * ``leave()`` shows the page's address again (the lobby). */
export function initRoom(leave) {
  initAttention();
  $("help-button").onclick = toggleHelp;
  $("leave").onclick = () => {
    closeSocket();
    history.pushState(null, "", "/");
    leave();
  };
  $("undo").onclick = () => {
    if (!R.last || !R.last.can_undo || R.inFlight) return;
    $("error").textContent = "";
    $("undo").disabled = true;
    send({ type: "undo" });
  };
  // handing the seat over asks first; the server's "replaced" then turns this page into a
  // spectator's (seatHandedOver)
  const confirmBox = $("to-bot-confirm");
  $("to-bot").onclick = () => {
    if (R.seat === null) return;
    const level = $("bot-level").selectedOptions[0];
    $("to-bot-question").textContent =
      t("Hand your seat to a computer player ({level})? It plays for you to the end; you can watch.", { level: level ? level.textContent : t("computer") });
    confirmBox.hidden = false;
    $("to-bot-no").focus();
  };
  $("to-bot-no").onclick = () => {
    confirmBox.hidden = true;
    $("to-bot").focus();
  };
  $("to-bot-yes").onclick = async () => {
    confirmBox.hidden = true;
    if (R.seat === null) return;
    try {
      await api(`/api/rooms/${R.id}/seats/${R.seat}/bot`, { level: $("bot-level").value }, R.token);
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
  // a table drawn for a phone or a desktop is drawn again when the window crosses over
  if (typeof window.matchMedia === "function") {
    window.matchMedia("(max-width: 560px)").addEventListener("change", () => requestAnimationFrame(() => { if (R.last) redraw(); }));
  }
}
