// Khufu's table: the ring of 36 spaces with the four chambers inside it (a blocked chamber
// is turned away from its door), the Sarcophagus and the Coin, every piece in its seat's
// colour and its character's shape with the seat's number, the chamber tables with their
// minimum wagers and the cards on them, the dice, the Ultimate Challenge as its own scene,
// a large countdown from the server's clock and Khufu's appearances as a full-screen moment
// (tables/khufu/). Drawn from the seat's observation and the state's events only.

import { el, svg, andList } from "../util.js";
import { t, tn, tp } from "../i18n.js";
import { SYMBOL_WORDS, PIECES, pieceWord, symbolName, card, cardBack, cardFace, cardWords, coin, die, pieceIcon, pieceMark, sarcophagus, scarab, symbolIcon, symbolTile } from "./khufu/pictures.js";
import { countdownBox, fromState, tick } from "./khufu/countdown.js";
import { answerSlot, maybeShow, momentOpen, updateNext } from "./khufu/moment.js";

const CHAMBERS = ["SERVANT", "HIGH_PRIEST", "QUEEN", "KING"];
// The chambers' names (English "the King's Chamber"; German the bare noun "Königskammer",
// the sentence giving the article) and short titles, looked up when drawn (the page's
// language may change).
const CHAMBER_NAMES = () => ({ SERVANT: t("the Servant's Chamber"), HIGH_PRIEST: t("the High-Priest's Chamber"), QUEEN: t("the Queen's Chamber"), KING: t("the King's Chamber") });
const TITLE_WORDS = () => ({ SERVANT: t("Servant's"), HIGH_PRIEST: t("High-Priest's"), QUEEN: t("Queen's"), KING: t("King's") });
const CHAMBER_TITLES = () => ({ SERVANT: t("Servant's Chamber"), HIGH_PRIEST: t("High-Priest's Chamber"), QUEEN: t("Queen's Chamber"), KING: t("King's Chamber") });
const TABLE_NAMES = () => ({ SERVANT: t("the Servant's table"), HIGH_PRIEST: t("the High-Priest's table"), QUEEN: t("the Queen's table"), KING: t("the King's table") });
const DOOR_NAMES = () => ({ SERVANT: t("the Servant's door"), HIGH_PRIEST: t("the High-Priest's door"), QUEEN: t("the Queen's door"), KING: t("the King's door") });
const chamberName = (ch) => CHAMBER_NAMES()[ch] || ch;
const titleOf = (ch) => TITLE_WORDS()[ch] || ch;
const GAMES = () => [
  t("the die is rolled: 1, 3 or 5 wins"),
  t("the die is rolled: 2, 4 or 6 wins"),
  t("Khufu's coin is tossed: tails wins"),
  t("two of the cards go face up, the symbol die is rolled: a table card's symbol wins"),
];

const cardCount = (n) => tn("{n} card", "{n} cards", n, { n });
const ROOM_FILL = ["#e7efe1", "#e3ebf6", "#f4e4ef", "#f6ecd2"];
// the default board comes from the game (/api/games/khufu/words: its default options)
let DEFAULT_BOARD = "";
const KIND_WORDS = () => ({ T: t("Treasure space"), C: t("Curse space"), S: t("Steal space") });

const C = 320; // the board's centre (viewBox 640 × 640)
const R_OUT = 314;
const R_IN = 250;
const ROOM = { w: 136, h: 104, d: 152 };

let lastBlocked = null; // the blocked chambers at the last drawing (to turn a chamber that changed)
let lastFocus = null; // the data-action of the place that had the keyboard focus

// The table is drawn again at every state (in real time, every second as the clock ticks):
// the place a keyboard user had focused gets the focus back after each drawing.
document.addEventListener("focusin", (ev) => {
  const t = ev.target;
  lastFocus = t && t.closest && t.closest("#board, #mine-area, #legal") && t.dataset && t.dataset.action ? t.dataset.action : null;
});

function restoreFocus() {
  if (!lastFocus) return;
  const want = lastFocus;
  queueMicrotask(() => {
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected) return;
    const node = [...document.querySelectorAll("#board [data-action], #mine-area [data-action], #legal [data-action]")].find((n) => n.dataset.action === want);
    if (node) node.focus({ preventScroll: true });
  });
}

function boardOf(ctx) {
  const b = ctx.options && typeof ctx.options.board === "string" ? ctx.options.board : DEFAULT_BOARD;
  return /^[TCS0-3]+$/.test(b) ? b : DEFAULT_BOARD;
}

function minWager(ctx, i) {
  const m = ctx.options && Array.isArray(ctx.options.min_wagers) ? ctx.options.min_wagers : [1, 2, 3, 4];
  return Number(m[i]) || i + 1;
}

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

/** The angle (degrees, 0 = east) of space i of n: space 0 at the top, clockwise. */
function angleOf(i, n) {
  return -90 + (360 / n) * i;
}

function sector(i, n) {
  const half = 180 / n - 0.5;
  const a = angleOf(i, n);
  const [x1, y1] = polar(R_OUT, a - half);
  const [x2, y2] = polar(R_OUT, a + half);
  const [x3, y3] = polar(R_IN, a + half);
  const [x4, y4] = polar(R_IN, a - half);
  return `M${x1} ${y1} A${R_OUT} ${R_OUT} 0 0 1 ${x2} ${y2} L${x3} ${y3} A${R_IN} ${R_IN} 0 0 0 ${x4} ${y4} Z`;
}

/** The centre of chamber c's room: each room sits inside the ring next to its door. */
function roomCentre(c, doorIndex, n) {
  const a = angleOf(doorIndex >= 0 ? doorIndex : c * (n / 4), n);
  return polar(ROOM.d, a);
}

function spaceMark(kind, x, y) {
  const S = { stroke: "#2b2218", "stroke-width": 2, fill: "none", "stroke-linecap": "round" };
  if (kind === "C") return svg("path", { d: `M${x - 9} ${y + 4}q4.5 -8 9 0t9 0`, ...S, stroke: "#7f1d1d", "stroke-width": 3 });
  if (kind === "S") return svg("path", { d: `M${x - 7} ${y + 6}v-8M${x - 2} ${y + 6}v-11M${x + 3} ${y + 6}v-10M${x + 8} ${y + 6}v-6`, ...S, stroke: "#1e3a8a", "stroke-width": 2.6 });
  return svg("circle", { cx: x, cy: y, r: 6, fill: "#d9a520", stroke: "#5b3d05", "stroke-width": 1.6 });
}

function where(p, board) {
  if (typeof p.location === "string") return t("in {chamber}", { chamber: chamberName(p.location) });
  const k = board[p.location];
  if (/[0-3]/.test(k)) return t("at {door} (space {number})", { door: DOOR_NAMES()[CHAMBERS[+k]], number: p.location });
  return t("on space {number} ({kind})", { number: p.location, kind: KIND_WORDS()[k] || tp("khufu", "space") });
}

/** Khufu's coin's face in words ("heads", "tails"). */
function coinFace(face) {
  const f = String(face || "").toLowerCase();
  return f === "heads" ? tp("coin", "heads") : f === "tails" ? tp("coin", "tails") : f;
}

function pieceName(ctx, seat) {
  const p = ctx.obs.players[seat];
  return p && p.character ? `${ctx.name(seat)} (${pieceWord(p.character)})` : ctx.name(seat);
}

/** The last event of a kind in this state's events (what the table shows now). */
function lastEvent(ctx, pred) {
  const evs = ctx.events || [];
  for (let i = evs.length - 1; i >= 0; i--) if (pred(evs[i])) return evs[i];
  return null;
}

// The board is drawn again at every state (in real time, at each of the clock's ticks that
// changed the position): what never changes is built once and cloned, a fraction of the
// cost of building it element by element.
const templates = new Map();

// Whether the window is a phone's (560 px or less), kept up to date by the media query's
// own change events: asking matchMedia at every drawing can make the browser bring its
// layout up to date first, in the middle of the drawing.
let phoneQuery = null;
let isPhone = false;
function phone() {
  if (!phoneQuery && typeof window.matchMedia === "function") {
    phoneQuery = window.matchMedia("(max-width: 560px)");
    isPhone = phoneQuery.matches;
    phoneQuery.addEventListener("change", (e) => { isPhone = e.matches; });
  }
  return isPhone;
}

/** The node ``make()`` builds, built once per ``key`` (to be cloned, never drawn itself). */
function template(key, make) {
  let t = templates.get(key);
  if (!t) {
    t = make();
    templates.set(key, t);
  }
  return t;
}

/** The ring's spaces of ``board`` (a group of one group per space, in order). */
function ringSpaces(board) {
  const n = board.length;
  const out = svg("g");
  for (let i = 0; i < n; i++) {
    const k = board[i];
    const door = /[0-3]/.test(k);
    const a = angleOf(i, n);
    const [lx, ly] = polar(R_OUT - 20, a);
    const [nx, ny] = polar(R_IN + 16, a);
    const fill = door ? ROOM_FILL[+k] : { T: "#f7e7b0", C: "#f1c4bb", S: "#c9d7f0" }[k] || "#fff";
    const g = svg("g", { class: "kh-space" + (door ? " door" : ""), "data-space": String(i) },
      svg("path", { d: sector(i, n), fill, stroke: "#5b4a2e", "stroke-width": door ? 2.5 : 1.2 }),
      door
        ? svg("text", { x: lx, y: ly + 5, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#2b2218" }, "SHQK"[+k])
        : spaceMark(k, lx, ly),
      svg("text", { x: nx, y: ny + 4, "text-anchor": "middle", "font-size": 11, fill: "#3b2f20" }, String(i)),
      svg("title", null, door ? t("space {number}: the door of {chamber}", { number: i, chamber: chamberName(CHAMBERS[+k]) }) : t("space {number}: {kind}", { number: i, kind: KIND_WORDS()[k] || tp("khufu", "space") })));
    out.append(g);
  }
  return out;
}

function drawBoard(ctx) {
  const obs = ctx.obs;
  const board = boardOf(ctx);
  const n = board.length;
  const doorOf = CHAMBERS.map((_, c) => board.indexOf(String(c)));
  const dec = obs.decision || {};
  const blocked = obs.blocked || {};
  const root = svg("svg", { viewBox: "0 0 640 640", class: "kh-board", role: "group", "aria-label": t("the board: a ring of spaces clockwise from the Servant's door, the four chambers inside") });
  root.append(svg("circle", { cx: C, cy: C, r: R_OUT + 4, fill: "#c9b48a" }), svg("circle", { cx: C, cy: C, r: R_IN - 4, fill: "#efe4c8" }));
  // connectors from the doors to the rooms
  CHAMBERS.forEach((ch, c) => {
    const [dx, dy] = polar(R_IN, angleOf(doorOf[c], n));
    const [rx, ry] = roomCentre(c, doorOf[c], n);
    root.append(svg("line", { x1: dx, y1: dy, x2: rx, y2: ry, stroke: blocked[ch] ? "#8d7b5a" : "#5b3d05", "stroke-width": 10, "stroke-dasharray": blocked[ch] ? "4 6" : null, opacity: 0.7 }));
  });
  // the spaces (built once per board and cloned: they are the same at every state)
  const ring = template("ring " + board + " " + tp("khufu", "space"), () => ringSpaces(board)).childNodes;
  for (let i = 0; i < n; i++) {
    const k = board[i];
    const door = /[0-3]/.test(k);
    const g = ring[i].cloneNode(true);
    if (door && dec.kind === "CHAMBER_TURN_OPTION" && dec.chamber === CHAMBERS[+k]) {
      const entry = ctx.pool.take((x) => x.kind === "leave");
      if (entry) ctx.pool.bind(g, entry, t("leave {chamber} through its door: roll and walk on", { chamber: chamberName(dec.chamber) }));
    }
    root.append(g);
  }
  // the rooms
  const turned = [];
  CHAMBERS.forEach((ch, c) => {
    const [cx, cy] = roomCentre(c, doorOf[c], n);
    const isBlocked = !!blocked[ch];
    const was = lastBlocked ? !!lastBlocked[ch] : isBlocked;
    // the doorway faces the chamber's door; a blocked chamber is turned away from it
    const a = angleOf(doorOf[c], n) + (isBlocked ? 180 : 0);
    const ux = Math.round(Math.cos((a * Math.PI) / 180));
    const uy = Math.round(Math.sin((a * Math.PI) / 180));
    const gap = ux !== 0
      ? { x: cx + ux * (ROOM.w / 2) - 3.5, y: cy - 16, width: 7, height: 32 }
      : { x: cx - 16, y: cy + uy * (ROOM.h / 2) - 3.5, width: 32, height: 7 };
    // a chamber that was just turned (blocked or opened) turns on the board, half a second
    const inner = svg("g", { class: "kh-room-shape" + (was !== isBlocked ? " kh-turning" : ""), style: `transform-origin: ${cx}px ${cy}px` },
      svg("rect", { x: cx - ROOM.w / 2, y: cy - ROOM.h / 2, width: ROOM.w, height: ROOM.h, rx: 8, fill: ROOM_FILL[c], stroke: "#3b2f20", "stroke-width": 3 }),
      svg("rect", { ...gap, fill: "#efe4c8" }));
    if (was !== isBlocked) turned.push(ch);
    const g = svg("g", { class: "kh-room" + (isBlocked ? " blocked" : ""), "data-chamber": ch }, inner);
    g.append(svg("text", { x: cx, y: cy - 30, "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#2b2218" }, titleOf(ch)),
      svg("text", { x: cx, y: cy - 13, "text-anchor": "middle", "font-size": 12, fill: "#3b2f20" }, t("min. wager {n}", { n: minWager(ctx, c) })));
    if (isBlocked) {
      g.append(svg("rect", { x: cx - 52, y: cy - 6, width: 104, height: 20, rx: 4, fill: "#7f1d1d" }),
        svg("text", { x: cx, y: cy + 9, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }, t("blocked {n}", { n: blocked[ch] })));
    }
    // the Scarabs placed here
    const owners = obs.players.filter((p) => (p.scarabs || []).includes(ch));
    const step = Math.min(24, (ROOM.w - 24) / Math.max(1, owners.length - 1));
    owners.forEach((p, j) => g.append(scarab(cx - ROOM.w / 2 + 16 + j * step, cy + ROOM.h / 2 - 14, p.seat, ctx.colour(p.seat), 1.35)));
    if (obs.sarcophagus === ch) g.append(sarcophagus(cx + ROOM.w / 2 - 18, cy + 8, 0.9));
    if (ch === "QUEEN") {
      const toss = lastEvent(ctx, (e) => e.kind === "wager" && e.chamber === "QUEEN" && typeof e.roll === "string");
      g.append(coin(cx - ROOM.w / 2 + 16, cy - ROOM.h / 2 + 16, toss ? toss.roll : null));
    }
    g.append(svg("title", null, chamberName(ch)));
    let entry = null;
    if (dec.kind === "DOOR_ENTER_OR_PASS" && dec.chamber === ch) entry = ctx.pool.take((x) => x.kind === "enter");
    if (!entry && dec.kind === "CHAMBER_TURN_OPTION" && dec.chamber === ch) entry = ctx.pool.take((x) => x.kind === "challenge") || ctx.pool.take((x) => x.kind === "stay");
    if (entry) ctx.pool.bind(g, entry, entry.action.kind === "enter" ? t("enter {chamber}", { chamber: chamberName(ch) }) : entry.action.kind === "challenge" ? t("face Khufu's Ultimate Challenge") : t("stay and wager again at {table}", { table: TABLE_NAMES()[ch] }));
    root.append(g);
  });
  lastBlocked = { ...blocked };
  // the centre: the Treasure deck, the Curse deck, the die
  const take = ctx.pool.take((x) => x.kind === "take");
  const deck = svg("g", { class: "kh-deck", "data-deck": "treasure" },
    svg("rect", { x: C - 72, y: C - 60, width: 60, height: 74, rx: 7, fill: "#d9a520", stroke: "#5b3d05", "stroke-width": 2.5 }),
    svg("text", { x: C - 42, y: C - 28, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#2b2218" }, tp("khufu", "Treasure")),
    svg("text", { x: C - 42, y: C - 6, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#2b2218" }, String(obs.deck)));
  if (take) ctx.pool.bind(deck, take, t("take the top Treasure card"));
  const curses = svg("g", { class: "kh-deck", "data-deck": "curse" },
    svg("rect", { x: C + 12, y: C - 60, width: 60, height: 74, rx: 7, fill: "#7f1d1d", stroke: "#3b0d0d", "stroke-width": 2.5 }),
    svg("text", { x: C + 42, y: C - 28, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff" }, tp("khufu", "Curse")),
    svg("text", { x: C + 42, y: C - 6, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff" }, String(obs.curse_deck)));
  root.append(deck, curses);
  const roll = ctx.pool.take((x) => x.kind === "roll");
  // the last roll (a move that goes on past a door has die 0: no roll of its own)
  const last = lastEvent(ctx, (e) => e.kind === "move" && typeof e.die === "number" && e.die >= 1 && e.die <= 6);
  if (roll || last) {
    const g = svg("g", { class: "kh-roll" + (roll ? " ready" : "") },
      svg("rect", { x: C - 20, y: C + 22, width: 40, height: 40, rx: 8, fill: "#fffdf7", stroke: "#2b2218", "stroke-width": 2.5 }));
    const pips = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] }[roll ? 5 : last.die];
    for (const [dx, dy] of pips) g.append(svg("circle", { cx: C + dx * 10, cy: C + 42 + dy * 10, r: 3.6, fill: "#2b2218" }));
    g.append(svg("text", { x: C, y: C + 80, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#2b2218" }, roll ? t("Roll the die") : t("{name} rolled {die}", { name: pieceName(ctx, last.seat), die: last.die })));
    if (roll) ctx.pool.bind(g, roll, t("roll the die and move clockwise"));
    root.append(g);
  }
  // the pieces: on the track stacked on their space, in a chamber along its floor
  const bySpace = new Map();
  const byRoom = new Map();
  for (const p of obs.players) {
    const m = typeof p.location === "number" ? bySpace : byRoom;
    if (!m.has(p.location)) m.set(p.location, []);
    m.get(p.location).push(p);
  }
  const steals = new Set();
  // on a phone the board is drawn small: bigger pieces, one above the other on a space
  const small = phone();
  const placePiece = (p, x, y) => {
    const g = pieceMark(x, y, p.seat, p.character, ctx.colour(p.seat), small ? 1.6 : 1.15);
    g.setAttribute("data-seat", String(p.seat + 1));
    // the same piece from state to state: it glides to its new place (morph.js)
    g.setAttribute("data-key", `piece ${p.seat}`);
    g.setAttribute("data-glide", "");
    g.append(svg("title", null, `${pieceName(ctx, p.seat)} ${where(p, board)}`));
    if (!steals.has(p.seat)) {
      const entry = ctx.pool.take((x2) => x2.kind === "steal" && x2.target === p.seat);
      if (entry) {
        steals.add(p.seat);
        ctx.pool.bind(g, entry, t("steal a random card from {name}", { name: pieceName(ctx, p.seat) }));
      }
    }
    if (obs.active === p.seat && !ctx.over) g.classList.add("active");
    root.append(g);
  };
  for (const [i, ps] of bySpace) {
    const a = angleOf(i, n);
    ps.forEach((p, j) => {
      const per = small ? 1 : 2;
      const row = Math.floor(j / per);
      const r = R_OUT - 30 - row * (small ? 30 : 22);
      const side = small || (ps.length - row * 2 === 1 && j % 2 === 0) ? 0 : j % 2 === 0 ? -1 : 1;
      const [x, y] = polar(r, a + (side * 5.2 * 282) / r);
      placePiece(p, x, y);
    });
  }
  for (const [ch, ps] of byRoom) {
    const c = CHAMBERS.indexOf(ch);
    const [cx, cy] = roomCentre(c, doorOf[c], n);
    const gap = small ? 34 : 26;
    const cols = small ? 3 : 4;
    ps.forEach((p, j) => placePiece(p, cx - 44 + (j % cols) * gap, cy + 14 - Math.floor(j / cols) * gap));
  }
  return { root, turned };
}

function wagerOn(ctx, ch) {
  const obs = ctx.obs;
  const dec = obs.decision;
  if (!dec || dec.kind !== "WAGER_CARDS" || dec.chamber !== ch) return null;
  const mine = ctx.toMove === ctx.seat && Array.isArray(obs.wager);
  const cards = mine ? obs.wager.map((id, j) => card(id, ctx.options, { class: ch === "KING" && j < 2 ? "kh-card table-card" : "kh-card" })) : Array.from({ length: dec.chosen || 0 }, () => cardBack());
  const fields = { cards: cardCount(dec.chosen || 0), minimum: dec.minimum, name: ctx.toMove === null ? "" : ctx.name(ctx.toMove) };
  let line = ctx.toMove === ctx.seat ? t("Your wager: {cards} of at least {minimum}", fields) : ctx.toMove === null ? t("The wager: {cards} of at least {minimum}", fields) : t("{name}'s wager: {cards} of at least {minimum}", fields);
  if (ch === "KING") line = t("{wager} (the first two go face up as table cards)", { wager: line });
  const place = ctx.pool.take((x) => x.kind === "place");
  const out = el("div.kh-wager", null,
    el("p", { text: line }),
    cards.length ? el("div.kh-cards", null, ...cards) : null);
  if (place) {
    const b = el("button.primary.kh-place", { type: "button", text: t("Place the wager: {cards}", { cards: cardCount(dec.chosen || 0) }) });
    ctx.pool.bind(b, place, place.choice || t("place the wager"));
    b.removeAttribute("role");
    out.append(b);
  }
  return out;
}

function resultOf(ctx, ch) {
  const e = lastEvent(ctx, (x) => x.kind === "wager" && x.chamber === ch && x.result);
  if (!e) return null;
  const what = e.result === "LOSS" ? tp("khufu", "lost") : e.result === "DOUBLE" ? t("won, the wager doubled") : t("won a Scarab");
  let shown;
  if (typeof e.roll === "number") shown = die(e.roll, 36);
  else if (SYMBOL_WORDS[e.roll]) shown = symbolTile(e.roll, ".small");
  else shown = el("span.kh-coin-face", { text: coinFace(e.roll) });
  return el("div.kh-result" + (e.result === "LOSS" ? ".lost" : ".won"), null, shown,
    el("span", { text: t("{name}: {cards}, {result}.", { name: pieceName(ctx, e.seat), cards: cardCount(e.count || 0), result: what }) }),
    Array.isArray(e.table) && e.table.length ? el("span.kh-cards", null, ...e.table.map((id) => card(id, ctx.options, { class: "kh-card table-card" }))) : null);
}

function drawChambers(ctx) {
  const obs = ctx.obs;
  const blocked = obs.blocked || {};
  const games = GAMES();
  return el("ul.kh-chambers", { "aria-label": t("the chamber tables") }, ...CHAMBERS.map((ch, c) => {
    const inside = obs.players.filter((p) => p.location === ch);
    const scar = obs.players.filter((p) => (p.scarabs || []).includes(ch));
    return el("li.kh-chamber" + (blocked[ch] ? ".blocked" : ""), { dataset: { chamber: ch }, style: { "--room": ROOM_FILL[c] } },
      el("h3", { text: CHAMBER_TITLES()[ch] }),
      el("p.kh-min", { text: t("Minimum wager {cards}: {game}.", { cards: cardCount(minWager(ctx, c)), game: games[c] }) }),
      obs.sarcophagus === ch ? el("p.kh-flag.sarc", { text: t("Khufu's Sarcophagus is here: a player with 4 Scarabs and 3 cards faces the Ultimate Challenge.") }) : null,
      blocked[ch] ? el("p.kh-flag.block", { text: tn("Blocked: nobody may enter for {n} more turn end.", "Blocked: nobody may enter for {n} more turn ends.", blocked[ch], { n: blocked[ch] }) }) : null,
      el("p", { text: scar.length ? t("Scarabs: {names}.", { names: andList(scar.map((p) => pieceName(ctx, p.seat))) }) : t("Scarabs: none yet.") }),
      inside.length ? el("p", { text: t("Inside: {names}.", { names: andList(inside.map((p) => pieceName(ctx, p.seat))) }) }) : null,
      wagerOn(ctx, ch),
      resultOf(ctx, ch));
  }));
}

function drawChallenge(ctx) {
  const obs = ctx.obs;
  const ch = obs.challenge;
  if (!ch) return null;
  const now = lastEvent(ctx, (e) => e.kind === "challenge_result" || e.kind === "challenge");
  if (!ch.in_progress && !now && !(ctx.over && ch.result === "WIN")) return null;
  const heading = ch.seat === ctx.seat ? t("The Ultimate Challenge: You face Khufu") : t("The Ultimate Challenge: {name} faces Khufu", { name: pieceName(ctx, ch.seat) });
  const selects = ctx.legal.filter((e) => e.action.kind === "select");
  const choices = selects.map((entry) => {
    ctx.pool.take((a) => a === entry.action);
    const b = el("button.kh-select", { type: "button" }, ...entry.action.cards.map((id) => card(id, ctx.options)));
    ctx.pool.bind(b, entry, t("play {cards}", { cards: andList(entry.action.cards.map((id) => cardWords(id, ctx.options))) }));
    b.removeAttribute("role");
    return b;
  });
  const result = ch.result ? { WIN: t("The challenger beats Khufu!"), LOSE: t("Khufu wins the Challenge."), DRAW: t("A draw: nothing is lost.") }[ch.result] || "" : "";
  const res = lastEvent(ctx, (e) => e.kind === "challenge_result");
  return el("section.kh-challenge" + (ch.in_progress ? ".in-progress" : ""), { "aria-label": t("the Ultimate Challenge") },
    el("h3", { text: heading }),
    el("p.kh-paused", { text: ch.in_progress ? t("The countdown is stopped while the Challenge lasts.") : ch.result === "WIN" ? t("Khufu is beaten: the game is over.") : t("The Challenge is over; the countdown runs again.") }),
    el("div.kh-ch-row", null, el("span.kh-ch-label", { text: t("Khufu's hand") }), el("div.kh-cards", null, ...ch.khufu.map((id) => symbolTile(cardFace(id, ctx.options).sym, ".khufu")))),
    el("div.kh-ch-row", null, el("span.kh-ch-label", { text: t("Dealt") }), el("div.kh-cards", null, ...ch.dealt.map((id) => card(id, ctx.options, ch.selected.includes(id) ? { class: "kh-card chosen-card" } : null)))),
    choices.length ? el("div.kh-ch-row", null, el("span.kh-ch-label", { text: t("Choose three") }), el("div.kh-selects", null, ...choices)) : null,
    ch.dice && ch.dice.length ? el("div.kh-ch-row", null, el("span.kh-ch-label", { text: t("Symbol dice (shared)") }), el("div.kh-cards", null, ...ch.dice.map((s) => symbolTile(s, ".die-tile")))) : null,
    result ? el("p.kh-ch-result." + String(ch.result).toLowerCase(), { text: result }) : null,
    res && res.sentence ? el("p", { text: res.sentence }) : null);
}

function drawPieceChoice(ctx) {
  const entries = ctx.legal.filter((e) => e.action.kind === "piece");
  const dec = ctx.obs.decision;
  if (!dec || dec.kind !== "CHOOSE_PIECE") return null;
  const free = new Set(dec.pieces || []);
  const colour = ctx.toMove === null ? "#5b3d05" : ctx.colour(ctx.toMove);
  const buttons = PIECES.map((name) => {
    const entry = entries.find((e) => e.action.name === name);
    const b = el("button.kh-piece-choice", { type: "button", disabled: !entry }, pieceIcon(name, colour, null, 44), el("span", { text: pieceWord(name) }),
      !free.has(name) ? el("span.muted", { text: tp("khufu", "taken") }) : null);
    if (entry) {
      ctx.pool.take((a) => a === entry.action);
      ctx.pool.bind(b, entry, t("play the {piece}", { piece: pieceWord(name) }));
      b.removeAttribute("role");
    }
    return b;
  });
  const head = ctx.toMove === ctx.seat ? t("Choose your playing piece (its shape marks your pieces and Scarabs)") : ctx.toMove === null ? t("The playing pieces") : t("{name} is choosing a playing piece", { name: ctx.name(ctx.toMove) });
  return el("section.kh-pieces", null, el("h3", { text: head }), el("div.kh-piece-row", null, ...buttons));
}

function answerButtons(ctx) {
  const entries = ctx.legal.filter((e) => e.action.kind === "answer" || e.action.kind === "silent");
  return entries.map((entry) => {
    ctx.pool.take((a) => a === entry.action);
    const b = el("button" + (entry.action.kind === "answer" ? ".primary.kh-shout" : ".kh-silent"), { type: "button", text: entry.action.kind === "answer" ? t("You are the mummy!") : t("Stay silent") });
    ctx.pool.bind(b, entry, entry.action.kind === "answer" ? t("shout: you are the mummy!") : t("stay silent and return a random card"));
    b.removeAttribute("role");
    return b;
  });
}

function statusStrip(ctx) {
  const obs = ctx.obs;
  const blocked = Object.keys(obs.blocked || {});
  return el("div.kh-strip", null,
    el("span", null, el("b", { text: t("Lucky: ") }), pieceName(ctx, obs.lucky)),
    el("span", null, el("b", { text: t("Sarcophagus: ") }), CHAMBER_TITLES()[obs.sarcophagus] || ""),
    el("span", null, el("b", { text: t("Blocked: ") }), blocked.length ? andList(blocked.map((c) => titleOf(c))) : tp("blocked chambers", "none")),
    el("span", null, el("b", { text: t("Decks: ") }), t("{treasure} Treasure, {curse} Curse", { treasure: obs.deck, curse: obs.curse_deck })));
}

function nextWords(ctx) {
  const obs = ctx.obs;
  const d = obs.decision;
  if (ctx.over || !d) return null;
  // a decision inside Khufu's order (the Mummy call, Lucky's theft) is not the next turn
  if (d.kind === "MUMMY_CALL_ANSWER" || d.kind === "PICKPOCKET_TARGET") return null;
  const seat = ctx.toMove;
  if (seat === null) return null;
  return seat === ctx.seat ? t("The turn passes: your turn now.") : t("The turn passes: {name} to play.", { name: ctx.name(seat) });
}

const PROMPTS = {
  CHOOSE_PIECE: () => t("Choose your playing piece."),
  ROLL: () => t("Roll the die: click it in the middle of the board."),
  CHAMBER_TURN_OPTION: (d, kinds) => kinds.has("challenge")
    ? t("In {chamber} with the Sarcophagus: click it to face Khufu's Ultimate Challenge, or the door on the ring to leave.", { chamber: chamberName(d.chamber) })
    : kinds.has("stay")
      ? t("In {chamber}: click the room to stay and wager again, or its door on the ring to leave.", { chamber: chamberName(d.chamber) })
      : t("In {chamber} with too few cards to wager: click its door on the ring to leave.", { chamber: chamberName(d.chamber) }),
  DOOR_ENTER_OR_PASS: (d) => t("At {door}: click the room to enter, or walk on.", { door: DOOR_NAMES()[d.chamber] }),
  TAKE_TREASURE: () => t("A Treasure space: click the Treasure deck to take a card, or leave it."),
  STEAL_TARGET_OR_DECLINE: () => t("A Steal space: click a piece to steal a random card from its player, or steal nothing."),
  PICKPOCKET_TARGET: () => t("Khufu orders Lucky to steal: click the piece of the player to steal from."),
  COBRA_GIVE_CARD: () => t("A cobra! Click one of your cards to give it back."),
  CURSE_TOLL_CARD: () => t("Tomb Toll: click one of your cards to give to the next player."),
  WAGER_CARDS: (d) => t("Wager at {table}: click your cards (at least {minimum}), then place the wager.", { table: TABLE_NAMES()[d.chamber], minimum: d.minimum }),
  CHALLENGE_SELECT_3: () => t("The Ultimate Challenge: choose the three dealt cards to play."),
  MUMMY_CALL_ANSWER: () => t("Khufu asks: who is the mummy? Answer quickly!"),
};

/** What another player is deciding, in words. */
const OTHERS = {
  CHOOSE_PIECE: () => t("which playing piece to take"),
  ROLL: () => t("the roll of the die"),
  CHAMBER_TURN_OPTION: (d) => t("whether to stay in {chamber} or leave", { chamber: chamberName(d.chamber) }),
  DOOR_ENTER_OR_PASS: (d) => t("whether to enter {chamber}", { chamber: chamberName(d.chamber) }),
  TAKE_TREASURE: () => t("whether to take a Treasure card"),
  STEAL_TARGET_OR_DECLINE: () => t("whom to steal from"),
  PICKPOCKET_TARGET: () => t("whom Lucky steals from"),
  COBRA_GIVE_CARD: () => t("which card to give back for the cobra"),
  CURSE_TOLL_CARD: () => t("which card to give for the Tomb Toll"),
  WAGER_CARDS: (d) => t("the wager at {table}", { table: TABLE_NAMES()[d.chamber] }),
  CHALLENGE_SELECT_3: () => t("the three cards against Khufu"),
  MUMMY_CALL_ANSWER: () => t("the answer to Khufu"),
};

/** @type {import("./types.js").TableModule} */
export default {
  css: "khufu.css",
  wantsWords: true,
  useWords(words) {
    const b = words && words.defaults && words.defaults.board;
    if (typeof b === "string") DEFAULT_BOARD = b;
  },

  draw(board, mine, ctx) {
    const obs = ctx.obs;
    if (!obs || !Array.isArray(obs.players)) return;
    const ended = !!ctx.over || (obs.result !== null && obs.result !== undefined);
    fromState(obs.clock, ctx.clock, ctx.readonly ? "replay" : ended ? "over" : null);
    const next = nextWords(ctx);
    const shown = !ctx.readonly && maybeShow(ctx.events || [], ctx, next);
    if (!shown && momentOpen()) updateNext(next);
    const answers = answerButtons(ctx);
    let banner = null;
    const slot = answerSlot();
    if (slot) slot.replaceChildren(...(momentOpen() && answers.length ? answers : []));
    if (answers.length && !(momentOpen() && slot)) {
      banner = el("section.kh-call", null, el("h3", { text: t("Khufu: \u201cWho is the mummy?\u201d") }), el("div.row", null, ...answers));
    }
    const { root, turned } = drawBoard(ctx);
    const over = obs.result !== null && obs.result !== undefined
      ? el("p.kh-over", { text: obs.result === "KHUFU" ? t("Time is up: Khufu wins, every player loses.") : t("{name} beat Khufu's Ultimate Challenge and wins!", { name: pieceName(ctx, obs.result) }) })
      : null;
    board.append(el("div.khufu", { dataset: { shown: shown ? "moment" : "", turned: turned.join(" ") } },
      el("div.kh-top", null, countdownBox(), statusStrip(ctx)),
      over,
      banner,
      drawPieceChoice(ctx),
      drawChallenge(ctx),
      el("div.kh-main", null, el("div.kh-board-wrap", null, root), drawChambers(ctx))));
    if (typeof ctx.seat === "number" && Array.isArray(obs.hand)) mine.append(drawHand(ctx));
    if (!ctx.readonly && !momentOpen()) restoreFocus();
  },

  panel(obs, i, ctx) {
    const p = obs.players && obs.players[i];
    if (!p) return [];
    const board = boardOf(ctx || {});
    const out = [];
    const lucky = t("lucky symbol {symbol}", { symbol: symbolName(p.lucky_symbol) });
    out.push(p.character ? `${pieceWord(p.character)}, ${lucky}` : lucky);
    out.push(`${where(p, board).replace(/^./, (c) => c.toUpperCase())}`);
    out.push(t("Treasure cards: {n}", { n: p.hand }));
    const placed = p.scarabs || [];
    out.push(placed.length ? t("Scarabs: {n} of 4 ({chambers})", { n: placed.length, chambers: placed.map((c) => titleOf(c)).join(", ") }) : t("Scarabs: {n} of 4", { n: 0 }));
    if (obs.lucky === i) out.push(t("Lucky"));
    if (p.qualified) out.push(t("Ready for the Ultimate Challenge"));
    if (p.miss_turns) out.push(tn("Misses {n} turn", "Misses {n} turns", p.miss_turns, { n: p.miss_turns }));
    if (p.grip_pending || p.no_entry_this_turn) out.push(t("Mummy's Grip: may not enter a chamber"));
    return out;
  },

  prompt(ctx) {
    const d = ctx.obs && ctx.obs.decision;
    if (!d || ctx.over) return "";
    // whose decision it is comes from the turn context, never from the observation
    if (ctx.toMove !== ctx.seat || !ctx.legal.length) return ctx.toMove === null ? "" : t("{name} is deciding: {what}.", { name: pieceName(ctx, ctx.toMove), what: OTHERS[d.kind] ? OTHERS[d.kind](d) : t("a choice") });
    const f = PROMPTS[d.kind];
    return f ? f(d, new Set(ctx.legal.map((e) => e.action.kind))) : t("Your move.");
  },

  buttonLabel(entry) {
    const a = entry.action;
    const choice = entry.choice || "";
    if (a.kind === "pass" && !choice.includes(" — ")) return t("Walk on");
    if (a.kind === "decline") return /steal/.test(choice) || choice === t("decline — steal nothing") ? t("Steal nothing") : t("Leave the card");
    if (a.kind === "silent") return t("Stay silent");
    if (a.kind === "answer") return t("You are the mummy!");
    const words = String(entry.choice || entry.text).split(" — ");
    const text = words.length > 1 ? words.slice(1).join(" — ") : words[0];
    return text.charAt(0).toUpperCase() + text.slice(1);
  },

  onClock(clock) {
    tick(clock);
  },

  notes(options) {
    const o = options || {};
    const out = [];
    out.push(o.clock === "realtime" ? t("Real time: the countdown runs on the wall clock; Khufu may interrupt any turn.") : t("Game clock: every step costs seconds of the countdown."));
    if (o.director === false) out.push(t("Khufu does not appear in this game."));
    out.push(t("The countdown stops during the Ultimate Challenge."));
    return out;
  },
};

function drawHand(ctx) {
  const obs = ctx.obs;
  const wagered = new Set(obs.wager || []);
  const faces = obs.hand_faces || [];
  const cards = obs.hand.map((id, i) => {
    const entry = ctx.pool.take((a) => (a.kind === "bet" || a.kind === "give") && a.card === id);
    const node = card(id, ctx.options, wagered.has(id) ? { class: "kh-card wagered" } : null, faces[i]);
    if (wagered.has(id)) node.append(el("span.kh-wagered", { text: tp("khufu", "wagered") }));
    const named = { card: cardWords(id, ctx.options, faces[i]) };
    if (entry) ctx.pool.bind(node, entry, entry.action.kind === "bet" ? t("wager your {card}", named) : t("give your {card}", named));
    return node;
  });
  const me = obs.players[ctx.seat];
  return el("section.kh-hand", { "aria-label": t("your Treasure cards") },
    el("h3", null, me && me.character ? pieceIcon(me.character, ctx.colour(ctx.seat), ctx.seat, 26) : null,
      " " + t("Your Treasure cards ({n})", { n: obs.hand.length }), me ? el("span.kh-lucky", null, " · " + t("lucky symbol") + " ", symbolIcon(me.lucky_symbol, 20), ` ${SYMBOL_WORDS[me.lucky_symbol] ? symbolName(me.lucky_symbol) : ""}`) : null),
    cards.length ? el("div.kh-cards", null, ...cards) : el("p.muted", { text: t("No cards yet: land on a Treasure space to take one.") }));
}
