// Fluch der Mumie's table: the maze (own SVG from the built-in map: walls, symbols, the
// stairs, the sarcophagus, the dungeon and its two breaches; columns A-K and rows 1-11 as
// the log names fields), drawn from the seat's observation only.
//
// An explorer's seat sees every figure, the mummy, the five dice (mummy faces set aside)
// and its own task cards: a die is clicked to announce its face, the end fields of the
// announced number are highlighted and clicked, an arrow's stopping fields are drawn with
// their slide. The mummy's seat sees only the mummy, the played cards on their fields and
// her notebook (announcements round by round, her pencil marks, kept in this browser);
// she steps by clicking a field next to her. Every move is an action the server offered.

import { el, svg, templateCache, listen } from "../util.js";
import { t, tn, tp, language } from "../i18n.js";
import { CELLS, COLS, ROWS, SYMBOLS, SYMBOL_CELL, DUNGEON, label, parseLabel } from "./mummy/maze.js";
import { symbolGlyph, stairsGlyph, sarcophagusGlyph, dungeonGlyph, mummyGlyph, figureGlyph, dieFace, arrowMark, FIGURE } from "./mummy/glyphs.js";
import * as notebook from "./mummy/notebook.js";

const CELL = 40;
const LEFT = 24;
const TOP = 22;
const WIDTH = LEFT + COLS * CELL + 6;
const HEIGHT = TOP + ROWS * CELL + 6;
const DIRS = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };

/** A direction in the page's language: "north". */
function dirWord(d) {
  return { N: tp("direction", "north"), E: tp("direction", "east"), S: tp("direction", "south"), W: tp("direction", "west") }[d] || d;
}

/** A die face as its word: "3", "arrow", "mummy" (undefined for no face). */
function faceWord(face) {
  if (face === "arrow") return tp("die face", "arrow");
  if (face === "mummy") return tp("die face", "mummy");
  return { 1: "1", 2: "2", 3: "3", 4: "4" }[face];
}

/** A card or area colour as an adjective: "yellow". */
function colourWord(colour) {
  return { yellow: tp("colour", "yellow"), green: tp("colour", "green"), white: tp("colour", "white"), red: tp("colour", "red"), blue: tp("colour", "blue") }[colour] || colour;
}

/** A figure's colour as its name: "Red". */
function figureName(colour) {
  return { red: tp("figure", "Red"), green: tp("figure", "Green"), blue: tp("figure", "Blue"), yellow: tp("figure", "Yellow") }[colour] || cap(colour);
}

/** A symbol's name in the page's language ("crook"; the game's catalog has them). */
function symbolName(name) {
  return name ? t(name) : name;
}

/** "the arrow" or the announced number. */
function announcedWord(face) {
  return face === "arrow" ? tp("announced face", "the arrow") : String(face);
}

function cap(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

function rcLabel(rc) {
  return Array.isArray(rc) ? label(rc[0], rc[1]) : "";
}

function isExplorerView(obs) {
  return Array.isArray(obs.positions);
}

/** The field labels a choice's words name ("… to D9, C10 or E10"). */
function labelsIn(text) {
  return [...String(text || "").matchAll(/\b([A-K](?:1[01]|[1-9]))\b/g)].map((m) => m[1]);
}

function cellOrigin(c) {
  return [LEFT + c.c * CELL, TOP + c.r * CELL];
}

/** A figure as the same node from state to state (``key``: the mummy, figure 0 ..), on
 * the field ``at``: a new transform makes it glide there (morph.js). */
function placed(node, key, at) {
  node.setAttribute("data-key", key);
  node.setAttribute("data-glide", "");
  node.setAttribute("data-at", at);
  return node;
}

// -- the maze -------------------------------------------------------------------------------
// The maze is drawn again at every state. What never changes (a field with its symbol, the
// walls, the breaches, the axes) is built once and cloned: a clone costs a fraction of
// building the same nodes one by one.
const cloned = templateCache();

function wallsPath() {
  const d = [];
  for (const c of CELLS) {
    const [x, y] = cellOrigin(c);
    if (c.wallN) d.push(`M${x} ${y}h${CELL}`);
    if (c.wallW) d.push(`M${x} ${y}v${CELL}`);
    if (c.r === ROWS - 1 && c.wallS) d.push(`M${x} ${y + CELL}h${CELL}`);
    if (c.c === COLS - 1 && c.wallE) d.push(`M${x + CELL} ${y}v${CELL}`);
  }
  return svg("path", { class: "walls", d: d.join(""), "aria-hidden": "true" });
}

function breaches() {
  // the two breaches of the dungeon: broken stones on each side of its openings
  const [x, y] = cellOrigin(DUNGEON);
  const stones = [];
  for (const bx of [x, x + CELL]) {
    stones.push(svg("path", { d: `M${bx - 3} ${y + 2}l3 5l3-5zM${bx - 3} ${y + CELL - 2}l3-5l3 5z`, class: "breach" }));
  }
  return svg("g", { class: "breaches", "aria-hidden": "true" }, ...stones);
}

function axes() {
  const out = [];
  for (let c = 0; c < COLS; c++) {
    out.push(svg("text", { x: LEFT + c * CELL + CELL / 2, y: TOP - 7, class: "axis", "text-anchor": "middle" }, String.fromCharCode(65 + c)));
  }
  for (let r = 0; r < ROWS; r++) {
    out.push(svg("text", { x: LEFT - 5, y: TOP + r * CELL + CELL / 2 + 4, class: "axis", "text-anchor": "end" }, String(r + 1)));
  }
  return svg("g", { class: "axes", "aria-hidden": "true" }, ...out);
}

/** One field: its ground, its symbol or special mark, and whatever stands on it. */
function cellNode(c, played) {
  const [x, y] = cellOrigin(c);
  const cls = ["cell"];
  let what = c.label;
  const kids = [];
  if (c.symbol) {
    const [colour, name] = SYMBOLS[c.symbol];
    cls.push("sym", `area-${colour}`);
    if (played.has(c.symbol)) cls.push("played");
    const fields = { field: c.label, name: symbolName(name), colour: colourWord(colour) };
    what = played.has(c.symbol) ? t("{field}, the {name} ({colour}), its card played", fields) : t("{field}, the {name} ({colour})", fields);
    kids.push(svg("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 5, class: "ground" }));
    kids.push(symbolGlyph(c.symbol, CELL / 2, CELL / 2, 1.35));
    if (played.has(c.symbol)) kids.push(svg("path", { d: "M27 8l4 4l7-8", class: "tick", "aria-hidden": "true" }));
  } else if (c.ch === "S") {
    cls.push("start");
    what = t("{field}, the stairs (the explorers' start)", { field: c.label });
    kids.push(stairsGlyph(CELL / 2, CELL / 2, 1.4));
  } else if (c.ch === "M") {
    cls.push("sarcophagus");
    what = t("{field}, the sarcophagus", { field: c.label });
    kids.push(sarcophagusGlyph(CELL / 2, CELL / 2, 1.4));
  } else if (c.ch === "V") {
    cls.push("dungeon");
    what = t("{field}, the dungeon (left through its two breaches)", { field: c.label });
    kids.push(dungeonGlyph(CELL / 2, CELL / 2, 1.4));
  }
  const g = svg("g", { class: cls.join(" "), "data-cell": c.label, transform: `translate(${x},${y})` },
    svg("rect", { x: 0, y: 0, width: CELL, height: CELL, class: "floor" }),
    ...kids,
    svg("title", null, what));
  return g;
}

function figuresOn(obs) {
  // explorer figures by field (only an explorer's observation has positions)
  const at = new Map();
  if (!isExplorerView(obs)) return at;
  obs.positions.forEach((rc, f) => {
    if (!rc) return;
    const key = rcLabel(rc);
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(f);
  });
  return at;
}

function drawMaze(obs, ctx, book) {
  const played = new Set((obs.played || []).flat());
  const cells = new Map();
  const cellGroup = svg("g", { class: "cells" });
  for (const c of CELLS) {
    const g = cloned(`cell ${c.label} ${c.symbol && played.has(c.symbol) ? 1 : 0} ${language()}`, () => cellNode(c, played));
    cells.set(c.label, g);
    cellGroup.append(g);
  }
  const overlay = svg("g", { class: "overlay", "aria-hidden": "true" });
  const maze = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "maze", id: "maze", role: "group",
    "aria-label": t("The maze: columns A to K from the left, rows 1 to 11 from the top"),
  }, svg("rect", { x: LEFT, y: TOP, width: COLS * CELL, height: ROWS * CELL, class: "maze-ground" }), cellGroup, cloned("walls", wallsPath), cloned("breaches", breaches), cloned("axes", axes), overlay);

  // the figures: one layer over the maze, one node per figure (the same node from state
  // to state, placed by its transform), so that a figure that moved glides from its old
  // field to the new one (morph.js); a click goes through the layer to the field under it
  const layer = svg("g", { class: "figures" });
  maze.insertBefore(layer, overlay);
  // the mummy
  const m = obs.mummy;
  const mummyCell = cells.get(rcLabel(m));
  if (mummyCell) {
    const [x, y] = cellOrigin({ r: m[0], c: m[1] });
    mummyCell.classList.add("mummy-here");
    layer.append(placed(mummyGlyph(x + CELL / 2, y + CELL / 2 + 1, 1.5), "mummy", rcLabel(m)));
  }
  // the explorers (an explorer's view only), in the order of the figures (the layer's
  // nodes keep their order: only their transforms change)
  const turnFig = obs.turn ? obs.turn.figure : null;
  const sharing = figuresOn(obs);
  (isExplorerView(obs) ? obs.positions : []).forEach((rc, f) => {
    const key = rc ? rcLabel(rc) : "";
    const figs = sharing.get(key);
    if (!figs || !cells.has(key)) return;
    const [x, y] = cellOrigin({ r: rc[0], c: rc[1] });
    const fig = obs.figures[f] || {};
    const n = figs.length;
    const k = figs.indexOf(f);
    const dx = n === 1 ? CELL / 2 : 10 + (k % 2) * 20;
    const dy = n === 1 ? CELL / 2 + 1 : n <= 2 ? CELL / 2 + 1 : 11 + Math.floor(k / 2) * 18;
    const piece = placed(figureGlyph(fig.colour, x + dx, y + dy, n === 1 ? 1.45 : 1.0), `figure ${f}`, key);
    piece.dataset.figure = fig.colour;
    if (f === turnFig && obs.phase !== "mummy_move" && !ctx.over) piece.classList.add("on-turn");
    layer.append(piece);
  });

  // the mummy's path in her present move (her own steps, from the events she was sent)
  if (book && Array.isArray(book.trail) && obs.phase === "mummy_move") {
    book.trail.forEach((key, k) => {
      const g = cells.get(key);
      if (!g || key === rcLabel(m)) return;
      g.classList.add("trail");
      g.append(svg("circle", { cx: CELL / 2, cy: CELL / 2, r: 4, class: "footprint", "aria-hidden": "true" }));
      const title = g.querySelector("title");
      if (title && k === book.trail.length - 1) title.textContent += t(", your last step");
    });
  }
  // the pencil marks (the mummy's own guesses)
  if (book && book.marks) {
    for (const [key, colours] of Object.entries(book.marks)) {
      const g = cells.get(key);
      if (!g) continue;
      g.classList.add("pencilled");
      colours.forEach((col, k) => g.append(pencilMark(col, k)));
    }
  }

  // the symbols of the seat's own task cards: where it wants to go
  for (const s of obs.hand || []) {
    const c = SYMBOL_CELL[s];
    const g = c && cells.get(c.label);
    if (!g) continue;
    g.classList.add("wanted");
    g.append(svg("path", { d: "M2 2h9L2 11z", class: "wanted-corner", "aria-hidden": "true" }));
    const title = g.querySelector("title");
    if (title) title.textContent += t(", one of your cards");
  }
  placeMoves(obs, ctx, cells, overlay);
  // an explorer's figure says who it is when pointed at, unless its field is a place to
  // play: then the press and the pointer go through it to the field
  for (const piece of layer.children) {
    const g = cells.get(piece.dataset.at);
    if (piece.dataset.figure && g && g.classList.contains("legal-place")) piece.classList.add("over-place");
  }
  return { maze, cells };
}

function pencilMark(colour, k) {
  const f = FIGURE[colour];
  const letter = f ? f.letter : "?";
  return svg("g", { class: "pencil-mark", transform: `translate(${4 + (k % 3) * 12},${CELL - 5 - Math.floor(k / 3) * 13})`, "aria-hidden": "true" },
    svg("text", { x: 0, y: 0, class: "pencil-letter" }, letter));
}

/** Put every move the server offers on the field it ends on. */
function placeMoves(obs, ctx, cells, overlay) {
  const pool = ctx.pool;
  // a number move: the end field
  for (;;) {
    const entry = pool.take((a) => a.kind === "move");
    if (!entry) break;
    const key = label(entry.action.row, entry.action.col);
    const g = cells.get(key);
    if (!g) continue;
    g.classList.add("reach");
    g.append(svg("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "reach-ring", "aria-hidden": "true" }));
    pool.bind(g, entry, entry.choice || t("end on {field}", { field: key }));
  }
  // an arrow slide: the field it stops on (named in the choice's words) and its line
  const from = isExplorerView(obs) && obs.turn ? obs.positions[obs.turn.figure] : null;
  for (const d of ["N", "E", "S", "W"]) {
    const entry = ctx.legal.find((e) => e.action.kind === "arrow" && e.action.direction === d);
    if (!entry) continue;
    const stop = labelsIn(entry.choice)[0];
    const g = stop && cells.get(stop);
    if (!g) continue;
    pool.take((a) => a === entry.action);
    g.classList.add("reach", "stop");
    g.append(svg("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "reach-ring", "aria-hidden": "true" }));
    g.append(arrowMark(d, CELL - 9, 9, 0.7));
    pool.bind(g, entry, entry.choice || t("slide {direction} to {field}", { direction: dirWord(d), field: stop }));
    if (from) {
      const rc = parseLabel(stop);
      const x1 = LEFT + from[1] * CELL + CELL / 2;
      const y1 = TOP + from[0] * CELL + CELL / 2;
      const x2 = LEFT + rc[1] * CELL + CELL / 2;
      const y2 = TOP + rc[0] * CELL + CELL / 2;
      overlay.append(svg("line", { x1, y1, x2, y2, class: "slide" }));
    }
  }
  // the mummy's step: the field next to her in that direction
  const m = obs.mummy;
  for (const d of ["N", "E", "S", "W"]) {
    const entry = pool.take((a) => a.kind === "step" && a.direction === d);
    if (!entry || !m) continue;
    const [dr, dc] = DIRS[d];
    const r = m[0] + dr;
    const c = m[1] + dc;
    const g = r >= 0 && r < ROWS && c >= 0 && c < COLS ? cells.get(label(r, c)) : null;
    if (!g) continue;
    g.classList.add("step-to");
    g.append(svg("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 6, class: "step-ring", "aria-hidden": "true" }));
    g.append(arrowMark(d, CELL / 2 + DIRS[d][1] * -11, CELL / 2 + DIRS[d][0] * -11, 0.8));
    pool.bind(g, entry, entry.choice || t("step {direction}", { direction: dirWord(d) }));
  }
}

/** The field ``key`` as it is on the page (the live node the drawing in place kept), or
 * the drawing's own node before it is on the page. */
function liveCell(ctx, cells, key) {
  const board = ctx.live && ctx.live.board;
  const g = board && board.isConnected ? board.querySelector(`[data-cell="${key}"]`) : null;
  return g || cells.get(key);
}

// -- the explorer's dice ---------------------------------------------------------------------
function dieNode(face, cls) {
  return el(`div.die.${cls}`, { dataset: { face } }, dieFace(face), el("span.die-word", { text: faceWord(face) || t("not rolled") }));
}

function drawDice(obs, ctx, cells) {
  const aside = Number(obs.aside) || 0;
  const dice = Array.isArray(obs.dice) ? obs.dice : [];
  const free = el("div.dice-row.free");
  const offered = new Set();
  for (const face of dice) {
    const node = dieNode(face, "rolled");
    if (!offered.has(face)) {
      const entry = ctx.pool.take((a) => a.kind === "choose" && a.face === face);
      if (entry) {
        offered.add(face);
        ctx.pool.bind(node, entry, entry.choice || t("announce {face}", { face: faceWord(face) }));
        // what the face would allow, when the choice names the fields
        // the server's words say when the face has no complete walk (it would fail)
        if (/\bfail/.test(entry.choice || "")) node.classList.add("fails");
        // the fields of the maze on the page now (the drawing is updated in place)
        const labels = labelsIn(entry.choice).filter((k) => cells.has(k));
        const preview = () => labels.map((k) => liveCell(ctx, cells, k)).filter(Boolean);
        const on = () => preview().forEach((g) => g.classList.add("preview"));
        const off = () => preview().forEach((g) => g.classList.remove("preview"));
        listen(node, "mouseenter", on);
        listen(node, "mouseleave", off);
        listen(node, "focus", on);
        listen(node, "blur", off);
      }
    }
    if (!node.classList.contains("legal-place") && !offered.has(face) && ctx.legal.length) node.classList.add("unusable");
    free.append(node);
  }
  const unrolled = 5 - aside - dice.length;
  for (let i = 0; i < unrolled; i++) free.append(dieNode("", "unrolled"));
  const setAside = el("div.dice-row.aside");
  for (let i = 0; i < aside; i++) setAside.append(dieNode("mummy", "set-aside"));
  const buttons = el("div.tray-buttons");
  const button = (pred, text) => {
    const entry = ctx.pool.take(pred);
    if (!entry) return;
    const b = el("button.act", { type: "button", text });
    ctx.pool.bind(b, entry, entry.choice || text);
    b.removeAttribute("role");
    buttons.append(b);
  };
  button((a) => a.kind === "resolve" && a.yes, tn("Hand back the {n} mummy die", "Hand back the {n} mummy dice", aside, { n: aside }));
  button((a) => a.kind === "resolve" && !a.yes, t("Keep them aside and roll {n}", { n: 5 - aside }));
  button((a) => a.kind === "reroll", tn("Reroll {n} die", "Reroll {n} dice", 5 - aside, { n: 5 - aside }));
  button((a) => a.kind === "lost", t("Five mummies: the turn is lost"));
  let announced = "";
  if (obs.announced) announced = obs.announced === "arrow" ? t("Announced: the arrow.") : t("Announced: {face}.", { face: obs.announced });
  const rolling = obs.explorer_phase === "choose" || obs.explorer_phase === "lost";
  const rolls = rolling ? Number(obs.rolls) || 0 : 0;
  return el("section.mm-dice", { "aria-label": t("the dice") },
    el("h3", { text: t("The dice") }),
    free.childNodes.length ? free : el("p.muted", { text: t("No die is free.") }),
    el("div.aside-box", null,
      el("span.aside-title", { text: aside ? tn("Set aside: {n} mummy die", "Set aside: {n} mummy dice", aside, { n: aside }) : t("No mummy die set aside.") }),
      setAside),
    buttons.childNodes.length ? buttons : null,
    el("p.muted.dice-note", { text: [announced, rolls ? tn("{n} roll this turn.", "{n} rolls this turn.", rolls, { n: rolls }) : ""].filter(Boolean).join(" ") || " " }));
}

// -- what everybody sees beside the maze -------------------------------------------------------
function playedList(obs, ctx) {
  const rows = [];
  (obs.played || []).forEach((syms, seat) => {
    if (!syms || !syms.length) return;
    rows.push(el("li", { dataset: { seat: String(seat + 1) } },
      el("strong", { text: `${ctx.name(seat)}: ` }),
      syms.map((s) => {
        const [colour, name] = SYMBOLS[s] || ["", s];
        const at = SYMBOL_CELL[s] ? SYMBOL_CELL[s].label : "";
        return t("the {name} ({colour}, {field})", { name: symbolName(name), colour: colourWord(colour), field: at });
      }).join(", ")));
  });
  return el("section.mm-played", null,
    el("h3", { text: t("Cards played") }),
    rows.length ? el("ul", null, ...rows) : el("p.muted", { text: t("None yet.") }));
}

function statusLine(obs, ctx) {
  const parts = [
    t("Round {round}", { round: obs.round }),
    tn("the mummy has {a} of {n} ankh", "the mummy has {a} of {n} ankhs", obs.threshold, { a: obs.mummy_ankhs, n: obs.threshold }),
  ];
  const aside = Number(obs.aside) || 0;
  parts.push(aside ? tn("{n} mummy die set aside", "{n} mummy dice set aside", aside, { n: aside }) : t("no mummy die set aside"));
  if (obs.mummy_move) {
    const n = obs.mummy_move.steps_left;
    const kind = obs.mummy_move.kind;
    if (kind === "intermediate" || kind === "forced") parts.push(tn("the mummy is walking an intermediate move: {n} step left", "the mummy is walking an intermediate move: {n} steps left", n, { n }));
    else if (kind === "second") parts.push(tn("the mummy is walking her second move: {n} step left", "the mummy is walking her second move: {n} steps left", n, { n }));
    else parts.push(tn("the mummy is walking her move: {n} step left", "the mummy is walking her move: {n} steps left", n, { n }));
  } else if (obs.announced) {
    const who = obs.figures[obs.turn.figure];
    const name = who ? figureName(who.colour) : t("the explorer");
    parts.push(t("{name} announced {face}", { name, face: announcedWord(obs.announced) }));
  }
  if (obs.phase === "over") {
    parts.push(obs.reason === "mummy" ? t("the mummy has won") : obs.reason === "explorer" ? t("an explorer has played all his cards") : t("the game has stopped"));
  }
  return el("p.mm-status", { text: cap(parts.join(" · ")) + "." });
}

function legend(obs) {
  const items = [
    el("li", null, el("span.key.key-mummy", { "aria-hidden": "true" }), " " + t("the mummy")),
    el("li", null, el("span.key.key-start", { "aria-hidden": "true" }), " " + t("the stairs, where the explorers start")),
    el("li", null, el("span.key.key-dungeon", { "aria-hidden": "true" }), " " + t("the dungeon, left through its two breaches")),
    el("li", null, el("span.key.key-played", { "aria-hidden": "true" }), " " + t("a symbol whose card is played")),
  ];
  if (isExplorerView(obs)) {
    items.splice(1, 0, el("li", null, el("span.key.key-figure", { "aria-hidden": "true" }), " " + t("an explorer (R, G, B, Y: red, green, blue, yellow)")));
    if (obs.hand) items.push(el("li", null, el("span.key.key-wanted", { "aria-hidden": "true" }), " " + t("a symbol of one of your cards (a dark corner)")));
  }
  else items.push(el("li", null, el("span.key.key-pencil", { "aria-hidden": "true" }), " " + t("a pencil mark (R, G, B, Y)")));
  return el("details.mm-legend", null, el("summary", { text: t("What the maze shows") }), el("ul", null, ...items));
}

// -- the seat's own area ---------------------------------------------------------------------
function cardNode(s) {
  const [colour, name] = SYMBOLS[s] || ["", s];
  const at = SYMBOL_CELL[s] ? SYMBOL_CELL[s].label : "";
  const fields = { name: cap(symbolName(name)), colour: colourWord(colour), field: at };
  return el(`div.mm-card.area-${colour}`, { dataset: { card: s }, title: t("{name}, {colour}, on {field}", fields) },
    svg("svg", { viewBox: "-12 -12 24 24", class: "card-glyph", "aria-hidden": "true" }, symbolGlyph(s, 0, 0, 1)),
    el("span.card-name", { text: fields.name }),
    el("span.card-meta", { text: t("{colour}, on {field}", fields) }));
}

function drawHand(obs) {
  const hand = obs.hand || [];
  return el("section.mm-hand", null,
    el("h3", { text: tn("Your task cards: {n} card left", "Your task cards: {n} cards left", hand.length, { n: hand.length }) }),
    hand.length ? el("div.mm-cards", null, ...hand.map(cardNode)) : el("p.muted", { text: t("All played.") }),
    el("p.muted", { text: t("End a move on the symbol of one of your cards to play it.") }));
}

function drawNotebook(obs, ctx, book, room, role, redrawMarks) {
  const box = el("section.mm-notebook", { "aria-label": t("your notebook") });
  const pencil = role === "mummy" && !ctx.readonly && !ctx.over;
  box.append(el("h3", { text: role === "mummy" ? t("Your notebook") : t("What was announced") }));
  if (pencil) {
    const colours = obs.figures.filter((f) => !f.out).map((f) => f.colour);
    if (!book.pencil || !colours.includes(book.pencil)) book.pencil = colours[0] || "red";
    const chooser = el("div.pencil-colours", { role: "group", "aria-label": t("pencil colour") },
      el("span", { text: t("Pencil for: ") }),
      ...colours.map((col) =>
        el("button.small.pencil-colour", {
          type: "button", "aria-pressed": book.pencil === col ? "true" : "false", dataset: { pencil: col },
          style: { "--fig": (FIGURE[col] || {}).fill || "#6b7280" },
          text: figureName(col),
          onclick: () => { book.pencil = col; notebook.save(room, role, book); redrawMarks(); },
        })));
    const input = el("input.pencil-field", { type: "text", maxlength: 3, placeholder: t("field"), "aria-label": t("a field to mark: its column letter and row number"), autocomplete: "off" });
    const err = el("span.pencil-error", { role: "status" });
    const form = el("form.pencil-form", {
      onsubmit: (ev) => {
        ev.preventDefault();
        const rc = parseLabel(input.value);
        if (!rc) {
          err.textContent = t("Type a column letter (A to K) and a row number (1 to 11).");
          return;
        }
        notebook.toggleMark(book, label(rc[0], rc[1]), book.pencil);
        notebook.save(room, role, book);
        err.textContent = "";
        input.value = "";
        redrawMarks();
      },
    }, el("label", null, t("Mark a field") + " ", input), el("button.small", { type: "submit", text: t("Mark or rub out") }), err);
    const clear = el("button.small.pencil-clear", {
      type: "button", text: t("Rub out all marks"),
      onclick: () => { book.marks = {}; notebook.save(room, role, book); redrawMarks(); },
    });
    box.append(
      el("p.muted", { text: t("Click a field on the maze to pencil in where you think an explorer is; click again to rub it out. Only this browser keeps your marks.") }),
      chooser, form, clear);
  }
  box.append(notebook.notebookRounds(book));
  return box;
}

// -- the prompt --------------------------------------------------------------------------------
function promptFor(ctx) {
  const said = promptWords(ctx);
  const obs = ctx.obs;
  // an explorer player with two figures is told which one moves
  const fig = isExplorerView(obs) && obs.turn ? obs.figures[obs.turn.figure] : null;
  const many = fig && obs.figures.filter((f) => f.seat === fig.seat).length > 1;
  if (!said || !many || ctx.legal.some((e) => e.action.kind === "step")) return said;
  // English lowers the sentence's first letter after the colon; German keeps its nouns
  const prompt = language() === "en" ? said.charAt(0).toLowerCase() + said.slice(1) : said;
  return t("{colour} explorer: {prompt}", { colour: figureName(fig.colour), prompt });
}

function promptWords(ctx) {
  const obs = ctx.obs;
  const legal = ctx.legal || [];
  if (!legal.length) return "";
  const kinds = new Set(legal.map((e) => e.action.kind));
  const aside = Number(obs.aside) || 0;
  if (kinds.has("step")) {
    const left = obs.mummy_move ? obs.mummy_move.steps_left : 0;
    return tn("Walk {n} more step: click a field next to the mummy.", "Walk {n} more steps: click a field next to the mummy.", left, { n: left });
  }
  if (kinds.has("resolve")) {
    return tn("Hand back the {n} mummy die (the mummy walks {n} step now), or keep them aside and roll.",
      "Hand back the {n} mummy dice (the mummy walks {n} steps now), or keep them aside and roll.", aside, { n: aside });
  }
  if (kinds.has("lost")) return t("All five dice show the mummy: your turn is lost.");
  if (kinds.has("choose")) return t("Click a die to announce its face, or reroll the free dice.");
  if (kinds.has("reroll")) return t("No rolled face can be walked: reroll the free dice.");
  if (kinds.has("move")) return t("Walk exactly {n}: click a highlighted field.", { n: obs.announced });
  if (kinds.has("arrow")) return t("Slide with the arrow: click the field where you stop.");
  if (kinds.has("play")) return t("Play the card of this field, or keep it.");
  if (kinds.has("stop")) return t("Step on, or end the move here.");
  return t("Your move.");
}

/** An explorer's colour as a bar and a name read on paper (yellow darkened to be read). */
const SEAT_INK = { red: "#b91c1c", green: "#15803d", blue: "#1d4ed8", yellow: "#a16207" };

export default {
  css: "mummy.css",

  /** An explorer's seat takes its explorer's colour (the first of its figures). */
  seatColour(obs, i) {
    const f = obs && Array.isArray(obs.figures) ? obs.figures.find((x) => x.seat === i) : null;
    return f ? SEAT_INK[f.colour] || null : null;
  },

  draw(board, mine, ctx) {
    const obs = ctx.obs;
    const explorer = isExplorerView(obs);
    const role = explorer ? "explorer" : obs.role === "mummy" ? "mummy" : "spectator";
    const room = ctx.readonly ? null : notebook.roomId();
    let book = null;
    if (!explorer && room) {
      book = notebook.load(room, role);
      if (notebook.record(book, ctx.events)) notebook.save(room, role, book);
    }
    const { maze, cells } = drawMaze(obs, ctx, role === "mummy" ? book : null);
    const side = el("div.mm-side");
    let redrawMarks = () => {};
    if (explorer) side.append(drawDice(obs, ctx, cells));
    if (role === "mummy" && book && !ctx.readonly && !ctx.over) {
      // her pencil: a click on any field that is not a step marks or rubs out a guess
      // on the page's fields now (the drawing is updated in place: ``cells`` are its copy)
      redrawMarks = () => {
        for (const key of cells.keys()) {
          const g = liveCell(ctx, cells, key);
          if (!g) continue;
          g.classList.remove("pencilled");
          for (const n of g.querySelectorAll(".pencil-mark")) n.remove();
        }
        for (const [key, colours] of Object.entries(book.marks)) {
          const g = liveCell(ctx, cells, key);
          if (!g) continue;
          g.classList.add("pencilled");
          colours.forEach((col, k) => g.append(pencilMark(col, k)));
        }
        const area = (ctx.live && ctx.live.mine) || mine;
        for (const b of area.querySelectorAll(".pencil-colour")) b.setAttribute("aria-pressed", b.dataset.pencil === book.pencil ? "true" : "false");
      };
      maze.classList.add("with-pencil");
      listen(maze, "click", (ev) => {
        const g = ev.target.closest ? ev.target.closest(".cell") : null;
        if (!g || g.classList.contains("legal-place")) return;
        notebook.toggleMark(book, g.dataset.cell, book.pencil || "red");
        notebook.save(room, role, book);
        redrawMarks();
      });
    }
    side.append(playedList(obs, ctx), legend(obs));
    board.append(el("div.mummy-table.role-" + role, null,
      statusLine(obs, ctx),
      el("div.mm-main", null, el("div.mm-maze-box", null, maze), side)));
    if (explorer && ctx.seat !== null && ctx.seat !== undefined) mine.append(el("div.mummy-mine", null, drawHand(obs)));
    else if (book) mine.append(el("div.mummy-mine", null, drawNotebook(obs, ctx, book, room, role, redrawMarks)));
  },

  panel(obs, i) {
    if (i === 0) {
      return [t("The mummy"), t("Ankhs: {a} of {b}", { a: obs.mummy_ankhs, b: obs.threshold }), t("On {field}", { field: rcLabel(obs.mummy) })];
    }
    const figs = (obs.figures || []).map((f, k) => [f, k]).filter(([f]) => f.seat === i);
    const out = [];
    for (const [f, k] of figs) {
      const colour = figureName(f.colour);
      if (f.out) out.push(t("{colour} explorer: out of the game", { colour }));
      else if (isExplorerView(obs) && obs.positions[k]) out.push(t("{colour} explorer on {field}", { colour, field: rcLabel(obs.positions[k]) }));
      else out.push(t("{colour} explorer", { colour }));
    }
    if (figs.length) out.push(t("Ankhs: {n}", { n: figs[0][0].ankhs }));
    const colours = (obs.hand_colours || [])[i] || {};
    const left = Object.entries(colours).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${colourWord(c)}`);
    out.push(left.length ? t("Cards left: {cards}", { cards: left.join(", ") }) : t("Cards left: none"));
    out.push(t("Played: {n}", { n: ((obs.played || [])[i] || []).length }));
    return out;
  },

  prompt: promptFor,

  buttonLabel(entry) {
    return entry.text.charAt(0).toUpperCase() + entry.text.slice(1);
  },

  notes(options) {
    const o = options || {};
    const out = [t("The first seat is the mummy; the others are the explorers. The mummy sees only her own figure.")];
    out.push(o.only_usable_faces
      ? t("Only a rolled face that can be walked in full may be announced.")
      : t("Any rolled face may be announced; one that cannot be walked in full is heard by all, and the free dice are rolled again."));
    out.push(o.card_play_mandatory === false ? t("Ending on a symbol of your card lets you choose to play it.") : t("Ending on a symbol of your card plays it."));
    out.push(o.mummy_may_stop_early ? t("The mummy may end a move early.") : t("The mummy walks exactly the number of steps she has."));
    if (o.max_rounds) out.push(t("The game stops after round {n}.", { n: o.max_rounds }));
    return out;
  },
};
