// Our own small pictures for Fluch der Mumie: the 23 treasure symbols, the stairs, the
// sarcophagus, the dungeon, the figures and the faces of the dice. Each picture is drawn
// in a box from -10 to 10 around its centre; the caller places and scales it.

import { svg } from "../../util.js";
import { t } from "../../i18n.js";

const INK = "#1f2937";

// [tag, attributes] lists; strokes use the ink colour unless they say otherwise
const P = (d, extra) => ["path", { d, ...(extra || {}) }];
const C = (cx, cy, r, extra) => ["circle", { cx, cy, r, ...(extra || {}) }];
const FILL = { fill: INK, stroke: "none" };

const SYMBOL_SHAPES = {
  // yellow
  a: [C(0, 0, 4.5, FILL), P("M0-9v3M0 6v3M-9 0h3M6 0h3M-6.4-6.4l2.1 2.1M4.3 4.3l2.1 2.1M-6.4 6.4l2.1-2.1M4.3-4.3l2.1-2.1")],
  b: [P("M-6-8h12v7c0 6-3 9-6 9s-6-3-6-9z"), P("M-4-3h2.5M1.5-3h2.5M-2 4h4")],
  c: [P("M2 9V-3a4.5 4.5 0 1 0-8 -2.5", { "stroke-width": 2.4 })],
  d: [P("M-6 9L4-7", { "stroke-width": 2.2 }), P("M4-7l4 2M4-7l3 4.5M4-7l1 5")],
  // green
  e: [["ellipse", { cx: 0, cy: 1.5, rx: 5, ry: 6.5, ...FILL }], C(0, -6, 2.6, FILL), P("M-5-2l-4-3M5-2l4-3M-5 3h-4M5 3h4M-4 7l-3 3M4 7l3 3")],
  f: [P("M0 8C-3 3-3-3 0-8C3-3 3 3 0 8z"), P("M0 8C-6 6-9 1-9-3C-5-2-2 2 0 8zM0 8C6 6 9 1 9-3C5-2 2 2 0 8z")],
  g: [P("M-3 9c-4-3 6-5 2-9c-3-3-1-7 2-8c3 1 3 4 0 5", { "stroke-width": 2.2 }), C(1.5, -7, 0.9, FILL)],
  h: [P("M0 9V-2"), P("M0-2L-7-9M0-2L7-9M0-2V-9M0-2L-4-9M0-2L4-9")],
  // white
  i: [P("M1-9A9 9 0 1 0 1 9A11 11 0 0 1 1-9z", FILL)],
  j: [P("M-5 9C-5 0 0-8 6-9C5-2 1 5-5 9z"), P("M-5 9L3-5")],
  k: [P("M-9 0C-5-6 5-6 9 0C5 6-5 6-9 0z"), C(0, 0, 2.6, FILL), P("M-2 5l-2 5M2 5c1 3 3 4 5 3")],
  l: [P("M-8 2h12c3 0 5-2 5-4H-3c-3 0-5 2-5 4z"), P("M-6 2c0 4 8 4 10 0"), P("M9-2c0-3-1-5 0-7", { "stroke-width": 1.2 })],
  m: [C(-4, -4, 4), P("M-1-1L8 8M5 5l-2 2M8 8l-2 2")],
  // red
  n: [P("M-3-9h6M-2-9v3c-5 2-6 7-4 11c1 3 11 3 12 0c2-4 1-9-4-11v-3")],
  o: [P("M-8 6V-5l4 5l4-7l4 7l4-5V6z"), P("M-8 9h16")],
  p: [P("M0-9L7-2L0 9L-7-2z"), P("M-7-2h14M-3-2L0 9L3-2M-3-2L0-9L3-2")],
  q: [P("M-3-9C6-5 6 5-3 9"), P("M-3-9V9", { "stroke-width": 1 }), P("M-8 0h14M3-2l3 2l-3 2")],
  r: [C(0, 0, 8), C(0, 0, 2, FILL), P("M0-8V8M-8 0H8M-5.7-5.7L5.7 5.7M-5.7 5.7L5.7-5.7", { "stroke-width": 1 })],
  // blue
  s: [P("M-4 9V1c0-3-1-6 0-8l2 2h4l2-2c1 2 0 5 0 8v8z"), P("M4 9c3 0 5-2 4-5")],
  t: [P("M-9 2h18c-2 4-5 6-9 6s-7-2-9-6z"), P("M0 2V-9M0-8l6 8H0")],
  u: [P("M-3-9h6M-2-9v2c-4 1-5 5-5 8c0 5 3 8 7 8s7-3 7-8c0-3-1-7-5-8v-2"), P("M-6 2h12")],
  v: [P("M-8-6c0 9 16 9 16 0"), C(-6, 0, 1.6, FILL), C(-2.5, 3, 1.6, FILL), C(2.5, 3, 1.6, FILL), C(6, 0, 1.6, FILL), C(0, 7, 2, FILL)],
  w: [P("M0 9V-5", { "stroke-width": 2 }), P("M-4-5C-4-9 4-9 4-5z", FILL)],
};

function draw(shapes, colour) {
  return shapes.map(([tag, attrs]) =>
    svg(tag, { fill: "none", stroke: colour || INK, "stroke-width": 1.6, "stroke-linecap": "round", "stroke-linejoin": "round", ...attrs }));
}

/** The picture of a treasure symbol (letter a-w) as an SVG group at (x, y), scale s. */
export function symbolGlyph(letter, x, y, s) {
  return svg("g", { class: "glyph", transform: `translate(${x},${y}) scale(${s})`, "aria-hidden": "true" },
    ...draw(SYMBOL_SHAPES[letter] || [C(0, 0, 4)]));
}

/** The stairs of the entrance. */
export function stairsGlyph(x, y, s) {
  return svg("g", { class: "glyph", transform: `translate(${x},${y}) scale(${s})`, "aria-hidden": "true" },
    ...draw([P("M-9 9h4v-4h4v-4h4v-4h4v-4h2", { "stroke-width": 2 })]));
}

/** The sarcophagus. */
export function sarcophagusGlyph(x, y, s) {
  return svg("g", { class: "glyph", transform: `translate(${x},${y}) scale(${s})`, "aria-hidden": "true" },
    ...draw([P("M-4-9h8l2 6-2 12h-8l-2-12z"), P("M-2-5h4M-3 0h6M-2 4h4", { "stroke-width": 1 })]));
}

/** The bars of the dungeon. */
export function dungeonGlyph(x, y, s) {
  return svg("g", { class: "glyph", transform: `translate(${x},${y}) scale(${s})`, "aria-hidden": "true" },
    ...draw([["rect", { x: -8, y: -8, width: 16, height: 16, rx: 1 }], P("M-4-8v16M0-8v16M4-8v16", { "stroke-width": 1.4 })]));
}

/** The mummy: a wrapped figure with two eyes (drawn on a light field: dark brown). */
export function mummyGlyph(x, y, s) {
  return svg("g", { class: "mummy-piece", transform: `translate(${x},${y}) scale(${s})`, "aria-hidden": "true" },
    svg("path", { d: "M-6 10V-3a6 6 0 0 1 12 0V10z", fill: "#5b3a1a", stroke: "#2b1a0b", "stroke-width": 1.2 }),
    svg("path", { d: "M-6 1l12-3M-6 5l12-3M-6 9l12-3", stroke: "#e7d3b0", "stroke-width": 1.2, fill: "none" }),
    svg("circle", { cx: -2.3, cy: -3, r: 1.3, fill: "#fde047" }),
    svg("circle", { cx: 2.3, cy: -3, r: 1.3, fill: "#fde047" }));
}

/** Figure colours: fill, outline and the letter drawn on it (colour is never alone). */
export const FIGURE = {
  red: { fill: "#dc2626", ink: "#ffffff", letter: "R" },
  green: { fill: "#15803d", ink: "#ffffff", letter: "G" },
  blue: { fill: "#1d4ed8", ink: "#ffffff", letter: "B" },
  yellow: { fill: "#facc15", ink: "#1f2937", letter: "Y" },
};

/** "the red explorer", in the page's language. */
function explorerTitle(colour) {
  const known = { red: t("the red explorer"), green: t("the green explorer"), blue: t("the blue explorer"), yellow: t("the yellow explorer") };
  return known[colour] || t("the {colour} explorer", { colour });
}

/** An explorer figure: a pawn in its colour with its letter. */
export function figureGlyph(colour, x, y, s) {
  const f = FIGURE[colour] || { fill: "#6b7280", ink: "#fff", letter: "?" };
  return svg("g", { class: "figure-piece", transform: `translate(${x},${y}) scale(${s})`, "aria-hidden": "true" },
    svg("path", { d: "M-7 10c0-6 3-8 4-9a5 5 0 1 1 6 0c1 1 4 3 4 9z", fill: f.fill, stroke: "#111827", "stroke-width": 1.2 }),
    svg("text", { x: 0, y: 8, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: f.ink }, f.letter),
    svg("title", null, explorerTitle(colour)));
}

const PIPS = {
  1: [[0, 0]],
  2: [[-4, -4], [4, 4]],
  3: [[-4.5, -4.5], [0, 0], [4.5, 4.5]],
  4: [[-4, -4], [4, -4], [-4, 4], [4, 4]],
};

/** A white explorer die showing ``face`` ("1"-"4", "arrow", "mummy", or "" not rolled). */
export function dieFace(face) {
  const body = svg("rect", { x: -10, y: -10, width: 20, height: 20, rx: 3.5, class: "die-body" });
  const parts = [body];
  if (PIPS[face]) {
    for (const [cx, cy] of PIPS[face]) parts.push(svg("circle", { cx, cy, r: 2, fill: INK }));
  } else if (face === "arrow") {
    parts.push(svg("path", { d: "M-6 0h10M1-4l4 4-4 4", stroke: INK, "stroke-width": 2.2, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" }));
  } else if (face === "mummy") {
    parts.push(svg("path", { d: "M-5 7V-1a5 5 0 0 1 10 0V7z", fill: "#5b3a1a" }),
      svg("path", { d: "M-5 3l10-2.5M-5 6.5l10-2.5", stroke: "#e7d3b0", "stroke-width": 1 }),
      svg("circle", { cx: -2, cy: -1.5, r: 1, fill: "#fde047" }), svg("circle", { cx: 2, cy: -1.5, r: 1, fill: "#fde047" }));
  } else {
    parts.push(svg("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 10, fill: "#6b7280" }, "?"));
  }
  return svg("svg", { viewBox: "-11 -11 22 22", class: "die-svg", "aria-hidden": "true" }, ...parts);
}

/** The direction an arrow slide goes, as a small arrow glyph rotated to N, E, S or W. */
export function arrowMark(direction, x, y, s) {
  const turn = { N: -90, E: 0, S: 90, W: 180 }[direction] || 0;
  return svg("g", { class: "arrow-mark", transform: `translate(${x},${y}) rotate(${turn}) scale(${s})`, "aria-hidden": "true" },
    svg("path", { d: "M-6 0h10M1-4l4 4-4 4", fill: "none", "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}
