// The Ramses II box as an SVG drawing: 6 × 8 places in twelve squares of four, the pyramids
// in their colours (each colour also has its letter and its apex mark, so colour is never
// the only signal), the empty place with the token it shows (and only that token: the
// observation holds no other), the north edge and the card tray that turn with the box.
//
// The box is drawn in its own fixed coordinates and the whole drawing is turned by the
// seat's view (obs.view_turns quarter turns clockwise, ramses:3.3); each pyramid and mark
// is turned back, so letters stay upright. A slide and a turn of the box are animated
// briefly (none under prefers-reduced-motion; a click finishes them at once).

import { svg, templateCache } from "../../util.js";
import { keepAsDrawn } from "../../morph.js";
import { artParts, tname } from "./treasures.js";
import { t } from "../../i18n.js";

export const ROWS = 6;
export const COLS = 8;
const C = 60; // a place, in drawing units
const M = 26; // the frame's edge
const TRAY = 74; // the south edge with the card tray (not in the professional variant)

/** Pyramid colours by the observation's letters: fill, shade, name, the mark's ink. */
export const COLOURS = {
  G: { name: "gold", light: "#f1cf5e", mid: "#d9a92b", dark: "#a87b12", ink: "#2b2218" },
  R: { name: "red", light: "#d9574b", mid: "#b3261e", dark: "#7f1a14", ink: "#ffffff" },
  B: { name: "blue", light: "#4f7fd0", mid: "#1f4e9c", dark: "#14336a", ink: "#ffffff" },
  W: { name: "white", light: "#ffffff", mid: "#e4e0d6", dark: "#b9b3a5", ink: "#2b2218" },
  K: { name: "black", light: "#5a5a5a", mid: "#333333", dark: "#161616", ink: "#ffffff" },
};

/** Screen (row, col) of a board place under ``t`` clockwise quarter turns (ramses:3.3). */
export function toScreen(place, t) {
  const r = Math.floor(place / COLS);
  const c = place % COLS;
  switch (((t % 4) + 4) % 4) {
    case 1: return [c, ROWS - 1 - r];
    case 2: return [ROWS - 1 - r, COLS - 1 - c];
    case 3: return [COLS - 1 - c, r];
    default: return [r, c];
  }
}

/** Whether two places are orthogonal (or, with diagonal slides, diagonal) neighbours. */
export function adjacent(a, b) {
  const dr = Math.abs(Math.floor(a / COLS) - Math.floor(b / COLS));
  const dc = Math.abs((a % COLS) - (b % COLS));
  return Math.max(dr, dc) === 1;
}

/** Where the north edge lies on the screen under ``t`` turns. */
export function northSide(t) {
  return ["top", "right", "bottom", "left"][((t % 4) + 4) % 4];
}

/** A side of the screen in words ("top" and so on, in the reader's language). */
function sideWords(side) {
  return {
    top: t("top"), right: t("right"), bottom: t("bottom"), left: t("left"),
  }[side] || side;
}

/** The box's label under ``turns`` quarter turns: where its north edge and tray lie. */
function boxLabel(turns, pro) {
  if (pro) return t("The box, with no marks to tell its sides apart");
  return t("The box seen from your side: its north edge is at the {north}, the card tray at the {tray}",
    { north: sideWords(northSide(turns)), tray: sideWords(northSide(turns + 2)) });
}

/** The title of a place hiding a treasure while the players hide them. */
function hiddenHere(name) {
  return t("{name} hidden here", { name });
}

const ARROW = {
  up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0],
  "up-left": [-1, -1], "up-right": [1, -1], "down-left": [-1, 1], "down-right": [1, 1],
};

// The drawing is made again at every state; the parts that never change (the frame, a
// pyramid of each colour, a token, the ring of a place to click) are built once and cloned,
// which costs a fraction of building them element by element.
const cloned = templateCache();

/** The apex mark of a colour: a different shape per colour (besides its letter). */
function apexMark(letter, col) {
  const style = { fill: col.ink, opacity: 0.9 };
  switch (letter) {
    case "R": return svg("rect", { x: -7, y: -7, width: 14, height: 14, transform: "rotate(45)", ...style });
    case "B": return svg("rect", { x: -6.5, y: -6.5, width: 13, height: 13, ...style });
    default: return svg("circle", { r: 7.5, ...style });
  }
}

/** One pyramid seen from above, upright on the screen, centred on (0, 0). */
function pyramidGlyph(letter) {
  return cloned("pyramid " + letter, () => buildPyramid(letter));
}

function buildPyramid(letter) {
  const col = COLOURS[letter] || COLOURS.G;
  const h = C / 2 - 5;
  const face = (d, fill) => svg("path", { d, fill, stroke: col.dark, "stroke-width": 1 });
  return [
    svg("rect", { x: -h - 1, y: -h + 2, width: 2 * h + 2, height: 2 * h + 2, rx: 2, fill: "rgba(40,25,5,0.28)" }),
    face(`M${-h} ${-h}L${h} ${-h}L0 0Z`, col.light),
    face(`M${h} ${-h}L${h} ${h}L0 0Z`, col.mid),
    face(`M${h} ${h}L${-h} ${h}L0 0Z`, col.dark),
    face(`M${-h} ${h}L${-h} ${-h}L0 0Z`, col.mid),
    svg("g", { class: "rm-apex" }, apexMark(letter, col)),
    svg("text", { y: 5.5, "text-anchor": "middle", class: "rm-letter", fill: letter === "G" || letter === "W" ? "#f8efd0" : col.mid }, letter),
  ];
}

/** The token showing at the empty place: a chip (blank, or a treasure's drawing). */
function tokenGlyph(showing) {
  return cloned("token " + (showing || "blank"), () => buildToken(showing));
}

function buildToken(showing) {
  const r = C / 2 - 7;
  if (!showing || showing === "blank") {
    return [
      svg("circle", { r, fill: "#d8c7a0", stroke: "#8d7b5a", "stroke-width": 2 }),
      svg("circle", { r: r - 6, fill: "none", stroke: "#b9a57a", "stroke-width": 1.5, "stroke-dasharray": "3 3" }),
    ];
  }
  return [
    svg("circle", { r: r + 2, fill: "#fff6d6", stroke: "#7a5c12", "stroke-width": 3 }),
    svg("g", { transform: "translate(-17 -17) scale(0.72)", class: "rm-token-art" }, ...artParts(showing)),
  ];
}

/** The mark of a place to click: a dark ring under a bright one (seen on every colour). */
function ring() {
  return cloned("ring", () => {
    const r = { x: -C / 2 + 4, y: -C / 2 + 4, width: C - 8, height: C - 8, rx: 6 };
    return [svg("rect", { ...r, class: "rm-ring-under" }), svg("rect", { ...r, class: "rm-ring" })];
  });
}

/** The box's frame, field, tray, north mark and twelve squares (the same at every state). */
function frameParts(W, H, pro, back) {
  const out = [];
  out.push(svg("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 14, class: "rm-frame" }));
  out.push(svg("rect", { x: M - 6, y: M - 6, width: COLS * C + 12, height: ROWS * C + 12, rx: 6, class: "rm-field" }));
  if (!pro) {
    const ty = M + ROWS * C + 12;
    const tray = svg("g", { class: "rm-tray" });
    tray.append(svg("rect", { x: M, y: ty, width: COLS * C, height: TRAY - 22, rx: 8 }));
    // a decorated strip: a row of small triangles, and three card slots
    let d = "";
    for (let x = M + 10; x < M + COLS * C - 10; x += 20) d += `M${x} ${ty + TRAY - 30}l10 -12l10 12`;
    tray.append(svg("path", { d, class: "rm-zigzag" }));
    for (let k = 0; k < 3; k++) tray.append(svg("rect", { x: M + 30 + k * 70, y: ty + 6, width: 54, height: 20, rx: 3, class: "rm-slot" }));
    out.push(tray);
    const north = svg("g", { transform: `translate(${W / 2} ${M / 2 + 1})`, class: "rm-north" },
      svg("g", { transform: `rotate(${back})` },
        svg("circle", { r: 11 }),
        svg("text", { y: 5, "text-anchor": "middle" }, "N")));
    out.push(north);
  }
  // the twelve squares of four places
  for (let br = 0; br < 3; br++) {
    for (let bc = 0; bc < 4; bc++) {
      out.push(svg("rect", { x: M + bc * 2 * C + 2, y: M + br * 2 * C + 2, width: 2 * C - 4, height: 2 * C - 4, rx: 5, class: "rm-square" }));
    }
  }
  return out;
}

const memo = new WeakMap(); // board element -> what was drawn last (for the animations only)
const running = new Set();

/** Finish every running animation (a click skips them); whether one was running. */
export function finishAnimations() {
  const any = running.size > 0;
  for (const a of [...running]) {
    try {
      a.finish();
    } catch {
      // already gone
    }
  }
  running.clear();
  return any;
}

// Whether the person asked for reduced motion, kept up to date by the query's change events
// (not asked again at every drawing).
let motionQuery = null;
let reduced = false;
function reducedMotion() {
  if (!motionQuery) {
    motionQuery = matchMedia("(prefers-reduced-motion: reduce)");
    reduced = motionQuery.matches;
    motionQuery.addEventListener("change", (e) => { reduced = e.matches; });
  }
  return reduced;
}

/** Play an animation unless the person asked for reduced motion; whether it plays. */
function animate(node, frames, opts) {
  if (!node.animate || reducedMotion()) return false;
  const a = node.animate(frames, opts);
  keepAsDrawn(node); // the animation runs on this node: it replaces the live one (morph.js)
  running.add(a);
  a.onfinish = a.oncancel = () => running.delete(a);
  return true;
}

/**
 * Draw the box into ``host``. ``opt``: {obs, options, pool, selected (a treasure id being
 * placed), events, readonly, key (the element the last drawing is remembered by, for the
 * animations)}. Binds slides (and placements) through ``pool``.
 */
export function drawBox(host, opt) {
  const { obs, options, pool } = opt;
  const t = ((obs.view_turns || 0) % 4 + 4) % 4;
  const pro = !!(options && options.professional);
  const placing = obs.phase === "place";
  const south = pro ? M : TRAY;
  const W = 2 * M + COLS * C;
  const H = M + ROWS * C + south;
  const SW = t % 2 ? H : W;
  const SH = t % 2 ? W : H;
  const back = -90 * t; // turns a glyph upright again
  const root = svg("svg", {
    viewBox: `0 0 ${SW} ${SH}`, class: "rm-box" + (pro ? " pro" : ""), role: "group",
    "aria-label": boxLabel(t, pro),
    "data-turns": String(t),
    "data-north": pro ? "" : northSide(t),
  });
  const world = svg("g", { transform: `translate(${SW / 2} ${SH / 2}) rotate(${90 * t}) translate(${-W / 2} ${-H / 2})` });
  root.append(world);

  // the frame: asymmetric (a tray on the south edge, the north mark) unless professional
  world.append(...cloned(`frame ${W} ${H} ${pro} ${back}`, () => frameParts(W, H, pro, back)));

  const key = opt.key || host;
  const prev = memo.get(key);
  const cells = new Map();
  const emptyPlace = obs.empty ? obs.empty.place : -1;
  const placed = new Map(Object.entries(obs.placed || {}).map(([tid, p]) => [p, tid]));
  for (let p = 0; p < ROWS * COLS; p++) {
    const r = Math.floor(p / COLS);
    const c = p % COLS;
    const [sr, sc] = toScreen(p, t);
    const letter = (obs.grid[sr] || "")[sc] || ".";
    const cell = svg("g", { transform: `translate(${M + c * C + C / 2} ${M + r * C + C / 2})`, class: "rm-cell" });
    const mover = svg("g", { class: "rm-mover" });
    const up = svg("g", { transform: `rotate(${back})` });
    mover.append(up);
    cell.append(mover);
    up.append(...cloned("socket", () => [svg("rect", { x: -C / 2 + 3, y: -C / 2 + 3, width: C - 6, height: C - 6, rx: 5, class: "rm-socket" })]));
    if (placing) {
      const tid = placed.get(p);
      if (tid) {
        cell.classList.add("rm-placed");
        cell.dataset.token = tid;
        up.append(...tokenGlyph(tid));
        cell.append(svg("title", {}, hiddenHere(tname(tid, options))));
      } else if (opt.selected && pool) {
        const entry = pool.take((a) => a.kind === "place" && a.place === p && tokenId(a.treasure) === opt.selected);
        if (entry) {
          up.append(...ring());
          pool.bind(cell, entry);
        }
      }
    } else if (letter === "." && p === emptyPlace) {
      cell.classList.add("rm-empty");
      cell.dataset.token = obs.showing || "blank";
      up.append(...tokenGlyph(obs.showing));
    } else if (letter !== ".") {
      cell.classList.add("rm-pyr");
      cell.dataset.colour = (COLOURS[letter] || COLOURS.G).name;
      up.append(...pyramidGlyph(letter));
      const entry = pool ? pool.take((a) => a.kind === "slide" && a.place === p) : null;
      if (entry) {
        up.append(...ring());
        const v = ARROW[entry.action.dir];
        if (v) {
          // a chevron on the edge that faces the empty place: the way the pyramid moves
          const [dx, dy] = v;
          const ax = dx * (C / 2 - 11);
          const ay = dy * (C / 2 - 11);
          const ang = (Math.atan2(dy, dx) * 180) / Math.PI;
          const at = `translate(${ax} ${ay}) rotate(${ang})`;
          up.append(svg("path", { d: "M-7 -9L5 0L-7 9", class: "rm-arrow-under", transform: at }),
            svg("path", { d: "M-7 -9L5 0L-7 9", class: "rm-arrow", transform: at }));
        }
        pool.bind(cell, entry);
      }
    }
    cells.set(p, { cell, mover });
    world.append(cell);
  }
  host.append(root);

  // the animations: a slide seen here (the pyramid now on the old empty place came from
  // the new one), a turn of the box; never when the drawing is a replay or the first one
  const now = { orientation: obs.orientation, turns: t, empty: emptyPlace, phase: obs.phase };
  memo.set(key, now);
  if (!prev || opt.readonly) return root;
  const evs = opt.events || [];
  const turned = evs.filter((e) => e.kind === "rotated").reduce((s, e) => s + (e.quarter || 0), 0);
  if (prev.turns === t && prev.empty >= 0 && emptyPlace >= 0 && prev.empty !== emptyPlace && adjacent(prev.empty, emptyPlace)
      && evs.some((e) => e.kind === "action" && e.action && e.action.kind === "slide")) {
    const moved = cells.get(prev.empty);
    if (moved) {
      const dx = ((emptyPlace % COLS) - (prev.empty % COLS)) * C;
      const dy = (Math.floor(emptyPlace / COLS) - Math.floor(prev.empty / COLS)) * C;
      animate(moved.mover, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }], { duration: 170, easing: "ease-out" });
    }
  }
  // the players hid the treasures: the covered box is spun before play (ramses:4.2)
  if (evs.some((e) => e.kind === "setup" && e.spun)) {
    const spins = animate(root, [{ transform: `rotate(${-90 * (8 + t)}deg)` }, { transform: "rotate(0deg)" }],
      { duration: 1400, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
    if (spins) root.classList.add("rm-turning");
    return root;
  }
  if (turned && prev.turns !== t) {
    // the box spins from where it was to where it is now, in the direction it turned
    const spins = animate(root, [{ transform: `rotate(${-90 * turned}deg)` }, { transform: "rotate(0deg)" }],
      { duration: Math.abs(turned) >= 2 ? 700 : 480, easing: "ease-in-out" });
    if (spins) root.classList.add("rm-turning");
  }
  return root;
}

/** "T03" from a treasure number. */
export function tokenId(n) {
  return `T${String(n).padStart(2, "0")}`;
}
