// Khufu's own pictures (our drawings, no rulebook art): the six symbols, the six pieces,
// a Treasure card, a Scarab, the Sarcophagus, the Coin, a die and Khufu's face.

import { el, svg } from "../../util.js";
import { t, tp } from "../../i18n.js";

/** The six symbols in words (the order of the cards, khufu:2.1). */
export const SYMBOLS = ["CAT", "FALCON", "JACKAL", "ANKH", "EYE_OF_HORUS", "KING"];
export const SYMBOL_WORDS = {
  CAT: "Cat", FALCON: "Falcon", JACKAL: "Jackal", ANKH: "Ankh", EYE_OF_HORUS: "Eye of Horus", KING: "King",
};

/** A symbol's name in the page's language ("Falcon"; German "Falke"). */
export function symbolName(sym) {
  const names = { CAT: t("Cat"), FALCON: t("Falcon"), JACKAL: t("Jackal"), ANKH: t("Ankh"), EYE_OF_HORUS: t("Eye of Horus"), KING: t("King") };
  return names[sym] || sym;
}

/** A playing piece's name in the page's language ("Witch"; German "Hexe"). */
export function pieceWord(name) {
  const names = { Witch: t("Witch"), Zombie: t("Zombie"), Vampire: t("Vampire"), Werewolf: t("Werewolf"), Poltergeist: t("Poltergeist"), Gorgon: t("Gorgon") };
  return names[name] || name;
}

const LINE = { stroke: "currentColor", "stroke-width": 2.4, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };

/** A symbol as a small line drawing in a 32×32 box. */
export function symbolIcon(sym, size = 28) {
  const g = [];
  switch (sym) {
    case "CAT":
      g.push(svg("path", { d: "M9 27V12l4 4h6l4-4v15", ...LINE }), svg("path", { d: "M9 27h14M23 24q5 0 5-6", ...LINE }),
        svg("circle", { cx: 14, cy: 19, r: 1.2, fill: "currentColor" }), svg("circle", { cx: 18, cy: 19, r: 1.2, fill: "currentColor" }));
      break;
    case "FALCON":
      g.push(svg("path", { d: "M6 14q10-10 20 0l-6 2 2 10-6-4-6 4 2-10z", ...LINE }), svg("circle", { cx: 16, cy: 12, r: 1.3, fill: "currentColor" }));
      break;
    case "JACKAL":
      g.push(svg("path", { d: "M10 28V14l-2-9 6 6h4l6-6-2 9v14", ...LINE }), svg("path", { d: "M12 22l4 3 4-3", ...LINE }));
      break;
    case "ANKH":
      g.push(svg("ellipse", { cx: 16, cy: 10, rx: 5, ry: 6, ...LINE }), svg("path", { d: "M16 16v13M8 18h16", ...LINE }));
      break;
    case "EYE_OF_HORUS":
      g.push(svg("path", { d: "M4 15q12-10 24 0q-12 8-24 0z", ...LINE }), svg("circle", { cx: 16, cy: 14, r: 3, fill: "currentColor" }),
        svg("path", { d: "M14 19l-3 8M19 19q2 6 6 5", ...LINE }));
      break;
    case "KING":
      g.push(svg("path", { d: "M6 26h20l2-16-7 6-5-9-5 9-7-6z", ...LINE }), svg("path", { d: "M9 29h14", ...LINE }));
      break;
    default:
      g.push(svg("circle", { cx: 16, cy: 16, r: 10, ...LINE }));
  }
  return svg("svg", { viewBox: "0 0 32 32", width: size, height: size, "aria-hidden": "true", focusable: "false", class: "kh-sym" }, ...g);
}

/** A cobra: a small snake line (the second cue beside the word). */
export function cobraIcon(size = 18) {
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, "aria-hidden": "true", focusable: "false", class: "kh-cobra-icon" },
    svg("path", { d: "M4 20q4 2 8-2t0-8q-2-3 1-5t5 1-1 4", ...LINE }), svg("circle", { cx: 16.5, cy: 6.5, r: 1, fill: "currentColor" }));
}

/** The symbol and cobra mark of a card: its face from the seat's observation (`hand_faces`) when given, else by the id (T01…) in the deck's canonical order (khufu:2.2). */
export function cardFace(id, options, face) {
  if (face && face.symbol) return { sym: face.symbol, cobra: Boolean(face.cobra) };
  const per = Number((options && options.cards_per_symbol) || 10);
  const cobras = Number(options && options.cobras_per_symbol !== undefined ? options.cobras_per_symbol : 2);
  const i = parseInt(String(id).slice(1), 10) - 1;
  if (!(i >= 0)) return { sym: null, cobra: false };
  return { sym: SYMBOLS[Math.floor(i / per)] || null, cobra: i % per < cobras };
}

/** A card's name in words: "Falcon", "Cat with a cobra". */
export function cardWords(id, options, face) {
  const f = cardFace(id, options, face);
  const name = SYMBOL_WORDS[f.sym] ? symbolName(f.sym) : tp("khufu", "card");
  return f.cobra ? t("{card} with a cobra", { card: name }) : name;
}

/** A Treasure card, face up: the symbol drawn and named, a cobra marked with a snake and the word. */
export function card(id, options, extra, face) {
  const f = cardFace(id, options, face);
  return el("span.kh-card" + (f.cobra ? ".cobra" : ""), { dataset: { card: id, symbol: f.sym || "" }, ...(extra || {}) },
    symbolIcon(f.sym),
    el("span.kh-card-name", { text: SYMBOL_WORDS[f.sym] ? symbolName(f.sym) : "?" }),
    f.cobra ? el("span.kh-card-cobra", null, cobraIcon(), el("span", { text: t("cobra") })) : null);
}

/** A symbol alone as a card-like tile (Khufu's hand, the symbol dice, lucky symbols). */
export function symbolTile(sym, cls = "") {
  return el("span.kh-card.kh-tile" + cls, { dataset: { symbol: sym || "" } }, symbolIcon(sym), el("span.kh-card-name", { text: SYMBOL_WORDS[sym] ? symbolName(sym) : "?" }));
}

/** A face-down card (a wagered card another player placed). */
export function cardBack() {
  return el("span.kh-card.back", { "aria-label": t("a face-down card") }, el("span.kh-back-mark", { "aria-hidden": "true", text: "K" }));
}

/** The pieces (khufu:4.1) and the shape each is drawn as: the second cue beside its colour. */
export const PIECES = ["Witch", "Zombie", "Vampire", "Werewolf", "Poltergeist", "Gorgon"];
const SHAPES = {
  Witch: "M0 -11 L10 8 L-10 8 Z",
  Zombie: "M-9 -9 H9 V9 H-9 Z",
  Vampire: "M0 -12 L11 0 L0 12 L-11 0 Z",
  Werewolf: "M0 -11 L10.5 -3.4 L6.5 9 L-6.5 9 L-10.5 -3.4 Z",
  Poltergeist: "M-10 0 A10 10 0 1 1 10 0 A10 10 0 1 1 -10 0 Z",
  Gorgon: "M-5.5 -9.5 H5.5 L11 0 L5.5 9.5 H-5.5 L-11 0 Z",
};

/** A piece at (x, y): its character's shape in the seat's colour, with the seat's number. */
export function pieceMark(x, y, seat, character, colour, scale = 1) {
  const d = SHAPES[character] || SHAPES.Poltergeist;
  return svg("g", { class: "kh-piece", transform: `translate(${x} ${y}) scale(${scale})`, dataset: null },
    svg("path", { d, fill: colour, stroke: "#fffdf7", "stroke-width": 2 }),
    svg("text", { x: 0, y: 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }, String(seat + 1)));
}

/** A piece as a small standalone picture (panels, the piece choice). */
export function pieceIcon(character, colour, seat, size = 30) {
  return svg("svg", { viewBox: "-14 -14 28 28", width: size, height: size, "aria-hidden": "true", focusable: "false", class: "kh-piece-icon" },
    svg("path", { d: SHAPES[character] || SHAPES.Poltergeist, fill: colour, stroke: "#2b2218", "stroke-width": 1 }),
    seat === null || seat === undefined ? null : svg("text", { x: 0, y: 4.5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" }, String(seat + 1)));
}

/** A Scarab in a seat's colour with the seat's number. */
export function scarab(x, y, seat, colour, scale = 1) {
  return svg("g", { class: "kh-scarab", transform: `translate(${x} ${y}) scale(${scale})` },
    svg("ellipse", { cx: 0, cy: 1, rx: 6.5, ry: 8, fill: colour, stroke: "#2b2218", "stroke-width": 1 }),
    svg("path", { d: "M0 -7V9M-6 -2l-4 -3M6 -2l4 -3M-6 4l-4 2M6 4l4 2", stroke: "#2b2218", "stroke-width": 1.2, fill: "none" }),
    svg("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" }, String(seat + 1)));
}

/** The Sarcophagus: a gold coffin shape. */
export function sarcophagus(x, y, scale = 1) {
  return svg("g", { class: "kh-sarc", transform: `translate(${x} ${y}) scale(${scale})` },
    svg("path", { d: "M0 -20 Q11 -20 11 -9 L9 18 Q0 22 -9 18 L-11 -9 Q-11 -20 0 -20 Z", fill: "#d9a520", stroke: "#5b3d05", "stroke-width": 2 }),
    svg("path", { d: "M-6 -9h12M-5 0h10M-4 8h8", stroke: "#5b3d05", "stroke-width": 1.6 }),
    svg("circle", { cx: -3, cy: -13, r: 1.4, fill: "#5b3d05" }), svg("circle", { cx: 3, cy: -13, r: 1.4, fill: "#5b3d05" }));
}

/** Khufu's Coin. */
export function coin(x, y, face) {
  return svg("g", { class: "kh-coin", transform: `translate(${x} ${y})` },
    svg("circle", { r: 11, fill: "#c0c6cf", stroke: "#3f4650", "stroke-width": 2 }),
    svg("text", { y: 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#1f2933" }, face ? face[0] : "C"));
}

/** A die showing ``n`` pips (1–6), as an HTML-sized SVG. */
export function die(n, size = 44) {
  const at = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] }[n] || [];
  return svg("svg", { viewBox: "-16 -16 32 32", width: size, height: size, class: "kh-die", role: "img", "aria-label": n ? t("a die showing {n}", { n }) : t("a die") },
    svg("rect", { x: -14, y: -14, width: 28, height: 28, rx: 6, fill: "#fffdf7", stroke: "#2b2218", "stroke-width": 2 }),
    ...at.map(([dx, dy]) => svg("circle", { cx: dx * 7, cy: dy * 7, r: 2.8, fill: "#2b2218" })));
}

/** Khufu's face: a bandaged mummy head with glowing eyes (our own drawing). */
export function khufuFace(size = 160) {
  return svg("svg", { viewBox: "0 0 120 140", width: size, height: size * 140 / 120, "aria-hidden": "true", focusable: "false", class: "kh-face" },
    svg("path", { d: "M20 50 Q20 8 60 8 Q100 8 100 50 L96 110 Q60 134 24 110 Z", fill: "#e8dcc0", stroke: "#2b2218", "stroke-width": 3 }),
    svg("path", { d: "M22 36 Q60 24 98 40M21 58 Q60 48 99 62M23 82 Q60 74 97 86M26 102 Q60 96 94 106", stroke: "#8d7b5a", "stroke-width": 3, fill: "none" }),
    svg("path", { d: "M8 40 L28 30 L24 70 L10 96 Z M112 40 L92 30 L96 70 L110 96 Z", fill: "#1e3a8a", stroke: "#d9a520", "stroke-width": 3 }),
    svg("ellipse", { cx: 44, cy: 64, rx: 11, ry: 6, fill: "#1a1108" }), svg("ellipse", { cx: 76, cy: 64, rx: 11, ry: 6, fill: "#1a1108" }),
    svg("circle", { cx: 44, cy: 64, r: 3.5, fill: "#f59e0b", class: "kh-eye" }), svg("circle", { cx: 76, cy: 64, r: 3.5, fill: "#f59e0b", class: "kh-eye" }),
    svg("path", { d: "M46 96 Q60 88 74 96", stroke: "#1a1108", "stroke-width": 4, fill: "none", "stroke-linecap": "round" }),
    svg("path", { d: "M52 112 L60 132 L68 112 Z", fill: "#d9a520", stroke: "#5b3d05", "stroke-width": 2 }));
}
