// Ramses II's twelve treasures: their names (an option of the game; these are the defaults)
// and a small line drawing of each (our own pictures, drawn on a 48 × 48 grid).

import { svg } from "../../util.js";
import { t, tp } from "../../i18n.js";

/** The default names of T01..T12 (the game's option treasure_names may change them). */
export const DEFAULT_NAMES = [
  "Parrot", "Trumpet", "Golden Sphinx", "Sacred Dog", "Mummy", "Dentures",
  "Spectacles", "Stone Duck", "Scarab", "Crown", "Vase", "Cat",
];

/** The treasure ids in order: T01..T12. */
export const TIDS = DEFAULT_NAMES.map((_, i) => `T${String(i + 1).padStart(2, "0")}`);

/** A treasure id's number: "T03" -> 3 (0 for anything else). */
export function tnum(tid) {
  const m = /^T(\d\d)$/.exec(String(tid || ""));
  return m ? +m[1] : 0;
}

// The default names in the reader's language (a name the table chose itself stays as written).
const SHOWN = {
  Parrot: () => tp("treasure", "Parrot"),
  Trumpet: () => tp("treasure", "Trumpet"),
  "Golden Sphinx": () => tp("treasure", "Golden Sphinx"),
  "Sacred Dog": () => tp("treasure", "Sacred Dog"),
  Mummy: () => tp("treasure", "Mummy"),
  Dentures: () => tp("treasure", "Dentures"),
  Spectacles: () => tp("treasure", "Spectacles"),
  "Stone Duck": () => tp("treasure", "Stone Duck"),
  Scarab: () => tp("treasure", "Scarab"),
  Crown: () => tp("treasure", "Crown"),
  Vase: () => tp("treasure", "Vase"),
  Cat: () => tp("treasure", "Cat"),
  treasure: () => tp("treasure", "treasure"),
};

// "the Parrot" in the three cases a sentence may need (nominative, accusative, dative):
// German declines the article ("der Papagei", "den Papagei", "dem Papagei").
const FORMS = {
  Parrot: () => [tp("nominative", "the Parrot"), tp("accusative", "the Parrot"), tp("dative", "the Parrot")],
  Trumpet: () => [tp("nominative", "the Trumpet"), tp("accusative", "the Trumpet"), tp("dative", "the Trumpet")],
  "Golden Sphinx": () => [tp("nominative", "the Golden Sphinx"), tp("accusative", "the Golden Sphinx"), tp("dative", "the Golden Sphinx")],
  "Sacred Dog": () => [tp("nominative", "the Sacred Dog"), tp("accusative", "the Sacred Dog"), tp("dative", "the Sacred Dog")],
  Mummy: () => [tp("nominative", "the Mummy"), tp("accusative", "the Mummy"), tp("dative", "the Mummy")],
  Dentures: () => [tp("nominative", "the Dentures"), tp("accusative", "the Dentures"), tp("dative", "the Dentures")],
  Spectacles: () => [tp("nominative", "the Spectacles"), tp("accusative", "the Spectacles"), tp("dative", "the Spectacles")],
  "Stone Duck": () => [tp("nominative", "the Stone Duck"), tp("accusative", "the Stone Duck"), tp("dative", "the Stone Duck")],
  Scarab: () => [tp("nominative", "the Scarab"), tp("accusative", "the Scarab"), tp("dative", "the Scarab")],
  Crown: () => [tp("nominative", "the Crown"), tp("accusative", "the Crown"), tp("dative", "the Crown")],
  Vase: () => [tp("nominative", "the Vase"), tp("accusative", "the Vase"), tp("dative", "the Vase")],
  Cat: () => [tp("nominative", "the Cat"), tp("accusative", "the Cat"), tp("dative", "the Cat")],
  treasure: () => [tp("nominative", "the treasure"), tp("accusative", "the treasure"), tp("dative", "the treasure")],
};

function rawName(tid, options) {
  const names = (options && Array.isArray(options.treasure_names) && options.treasure_names.length === 12)
    ? options.treasure_names : DEFAULT_NAMES;
  const n = tnum(tid);
  return n ? String(names[n - 1]) : "treasure";
}

/** A treasure's display name ("Golden Sphinx", in German "Goldene Sphinx"), from the room's options. */
export function tname(tid, options) {
  const name = rawName(tid, options);
  return SHOWN[name] ? SHOWN[name]() : name;
}

/**
 * A treasure with its article as a sentence's fields: {treasure} ("the Parrot"; the subject),
 * {treasure_acc} and {treasure_dat} (German's accusative and dative); ``key`` renames them.
 */
export function theTreasure(tid, options, key = "treasure") {
  const name = rawName(tid, options);
  const own = t("the {name}", { name });
  const [nom, acc, dat] = FORMS[name] ? FORMS[name]() : [own, own, own];
  return { [key]: nom, [`${key}_acc`]: acc, [`${key}_dat`]: dat };
}

const S = { fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round", "stroke-linejoin": "round" };
const F = { fill: "currentColor", stroke: "none" };

// each drawing: a list of [tag, attrs]
const ART = {
  T01: [ // parrot: a perched bird with a hooked beak and a long tail
    ["path", { d: "M18 12c6-5 15-3 16 5 1 6-3 12-8 15l-6 10M18 12c-3 2-4 6-2 9l5 1", ...S }],
    ["path", { d: "M22 30l-6 12M26 32l-2 10", ...S }],
    ["circle", { cx: 27, cy: 16, r: 2, ...F }],
    ["path", { d: "M34 18c4 1 5 4 3 7l-3-2", ...S }],
    ["path", { d: "M8 40h32", ...S }],
  ],
  T02: [ // trumpet: a long straight horn with a wide bell
    ["path", { d: "M6 22h22l12-10v24L28 26H6z", ...S }],
    ["path", { d: "M12 22v4M18 22v4", ...S }],
    ["path", { d: "M4 20v8", ...S }],
  ],
  T03: [ // sphinx: a lying lion with a striped head-dress
    ["path", { d: "M6 38h36M10 38v-8c0-4 4-6 8-6h12", ...S }],
    ["path", { d: "M30 24l2-12h6l2 12v14", ...S }],
    ["path", { d: "M31 18h8M32 14h6", ...S }],
    ["path", { d: "M14 38l4-6M22 38v-6", ...S }],
  ],
  T04: [ // sacred dog: a jackal's head with tall ears
    ["path", { d: "M16 40V24l-2-14 8 8h6l8-8-2 14v16", ...S }],
    ["path", { d: "M22 26l-6 6h10", ...S }],
    ["circle", { cx: 26, cy: 22, r: 1.8, ...F }],
  ],
  T05: [ // mummy: a wrapped figure in bands
    ["path", { d: "M24 6c-5 0-8 4-8 9v17c0 6 3 10 8 10s8-4 8-10V15c0-5-3-9-8-9z", ...S }],
    ["path", { d: "M16 18l16-4M16 25l16-4M16 32l16-4M18 38l12-4", ...S }],
  ],
  T06: [ // dentures: two arcs of teeth
    ["path", { d: "M8 22c4-8 28-8 32 0M8 26c4 8 28 8 32 0", ...S }],
    ["path", { d: "M14 17v6M20 15v7M26 15v7M32 17v6M14 31v-6M20 33v-7M26 33v-7M32 31v-6", ...S }],
  ],
  T07: [ // spectacles: two round lenses and a bridge
    ["circle", { cx: 15, cy: 27, r: 8, ...S }],
    ["circle", { cx: 33, cy: 27, r: 8, ...S }],
    ["path", { d: "M21 24c2-2 4-2 6 0M7 25L4 16M41 25l3-9", ...S }],
  ],
  T08: [ // stone duck: a sitting duck on a base
    ["path", { d: "M10 32c0-8 8-10 14-8 2-6 6-10 11-8 3 1 3 4 1 6h5l-4 3c2 8-5 13-14 13-7 0-13-2-13-6z", ...S }],
    ["path", { d: "M8 42h32", ...S }],
    ["circle", { cx: 34, cy: 18, r: 1.6, ...F }],
  ],
  T09: [ // scarab: a beetle with six legs
    ["ellipse", { cx: 24, cy: 27, rx: 9, ry: 12, ...S }],
    ["path", { d: "M24 15v24M19 10l5 5 5-5", ...S }],
    ["path", { d: "M15 22l-7-3M15 28H7M15 34l-7 4M33 22l7-3M33 28h8M33 34l7 4", ...S }],
  ],
  T10: [ // crown: a band with three points
    ["path", { d: "M8 36V16l9 9 7-13 7 13 9-9v20z", ...S }],
    ["path", { d: "M8 31h32", ...S }],
    ["circle", { cx: 24, cy: 9, r: 2, ...F }],
  ],
  T11: [ // vase: a tall jar with handles
    ["path", { d: "M18 8h12M20 8v6c-6 4-8 10-6 18 1 5 4 9 10 9s9-4 10-9c2-8 0-14-6-18V8", ...S }],
    ["path", { d: "M16 18c-5 0-6 6-2 8M32 18c5 0 6 6 2 8", ...S }],
  ],
  T12: [ // cat: a sitting cat with pointed ears and a tail
    ["path", { d: "M16 12l2 8c-5 4-6 12-4 20h18c3-8 1-16-4-20l2-8-5 5h-4z", ...S }],
    ["path", { d: "M32 40c6 0 9-4 8-9", ...S }],
    ["circle", { cx: 20, cy: 24, r: 1.5, ...F }],
    ["circle", { cx: 26, cy: 24, r: 1.5, ...F }],
  ],
};

/** The parts of a treasure's drawing (to place inside an SVG of one's own). */
export function artParts(tid) {
  return (ART[tid] || [["circle", { cx: 24, cy: 24, r: 12, ...S }]]).map(([tag, attrs]) => svg(tag, attrs));
}

/** A treasure's drawing as an inline SVG of ``size`` pixels (decorative: the name is beside it). */
export function treasureIcon(tid, size = 40) {
  return svg("svg", { viewBox: "0 0 48 48", width: size, height: size, class: "rm-icon", "aria-hidden": "true", focusable: "false" }, ...artParts(tid));
}
