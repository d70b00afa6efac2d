// Small helpers shared by the app and the game tables: elements, seat colours, words.

import { t, tp } from "./i18n.js";

import { listen } from "./morph.js";

export { listen };

/** Seat colours (each ≥ 4.5:1 against the light table), always shown with the seat's name. */
export const SEAT_COLOURS = ["#1d4ed8", "#b91c1c", "#15803d", "#7e22ce", "#92400e", "#0f766e"];

export function seatColour(seat) {
  return SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length];
}

/** el("div.cls#id", {attrs}, children…): a DOM element. */
export function el(spec, attrs, ...children) {
  const m = /^([a-z0-9]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  const node = document.createElement((m && m[1]) || "div");
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") node.classList.add(part.slice(1));
      else node.id = part.slice(1);
    }
  }
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = v;
      else if (k === "style" && typeof v === "object") {
        for (const [prop, val] of Object.entries(v)) {
          if (prop.startsWith("--")) node.style.setProperty(prop, val);
          else node.style[prop] = val;
        }
      }
      else if (k.startsWith("on")) listen(node, k.slice(2), v); // moved by a later morph
      else if (k === "dataset") Object.assign(node.dataset, v);
      else node.setAttribute(k, v === true ? "" : v);
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/** svg("circle", {cx: 1, …}, children…): an SVG element. */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** "1 card", "2 cards". */
export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : many || word + "s"}`;
}

/** "a, b and c". */
export function andList(items) {
  if (items.length <= 1) return items.join("");
  return items.slice(0, -1).join(", ") + " " + t("and") + " " + items[items.length - 1];
}

/** An option or field name in words: "round_end_mode" -> "round end mode". */
export function words(name) {
  return String(name).replace(/_/g, " ").replace(/\s+/g, " ").trim();
}

/** A value in words (for options in force): true -> "yes", a list -> "a, b", null -> "none". */
export function valueWords(v) {
  if (v === true) return t("yes");
  if (v === false) return t("no");
  if (v === null || v === undefined) return "none";
  if (Array.isArray(v)) return v.length ? v.map(valueWords).join(", ") : "none";
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${words(k)} ${valueWords(x)}`).join(", ");
  return words(v).toLowerCase() === String(v).toLowerCase() ? words(v) : String(v);
}

/**
 * The legal actions as a pool the table draws from: each entry can be placed once on the
 * drawing; whatever is left goes to the action bar as a button.
 */
export class ActionPool {
  constructor(legal, play) {
    this.legal = legal || [];
    this.used = new Set();
    this.play = play;
  }

  /** The first unplaced legal entry whose action matches ``pred`` (or null). */
  take(pred) {
    for (let i = 0; i < this.legal.length; i++) {
      if (!this.used.has(i) && pred(this.legal[i].action)) {
        this.used.add(i);
        return this.legal[i];
      }
    }
    return null;
  }

  /** The entries not placed on the drawing. */
  rest() {
    return this.legal.filter((_, i) => !this.used.has(i));
  }

  /**
   * Make ``node`` the place of ``entry``: a focusable button-like element with
   * data-action = the action's text, its accessible name, Enter/Space to play.
   */
  bind(node, entry, label) {
    if (!entry) return node;
    // what the action does from the chooser's side, when the server sends it
    entry.says = entry.says || entry.choice_text || entry.choice || null;
    node.classList.add("legal-place");
    node.dataset.action = entry.text;
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-label", label || entry.says || entry.text);
    node.setAttribute("title", entry.says || label || entry.text);
    // the node played is the one clicked: the live node a drawing in place kept
    const go = (ev) => {
      ev.preventDefault();
      ev.stopPropagation();
      this.play(entry, ev.currentTarget || node);
    };
    listen(node, "click", go);
    listen(node, "keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") go(ev);
    });
    return node;
  }
}

/**
 * A cache of drawings that never change: ``cloned(key, make)`` builds ``make()`` once per
 * ``key`` (a node or an array of nodes) and gives a fresh deep copy each time, which costs
 * a fraction of building the same nodes one by one.
 */
export function templateCache() {
  const templates = new Map();
  return function cloned(key, make) {
    let t = templates.get(key);
    if (!t) {
      t = make();
      templates.set(key, t);
    }
    return Array.isArray(t) ? t.map((n) => n.cloneNode(true)) : t.cloneNode(true);
  };
}

/** The levels of the ladders, in the page's language (a research player keeps its name). */
function levelName(name) {
  const known = {
    random: tp("level", "random"), child: tp("level", "child"), casual: tp("level", "casual"),
    easy: tp("level", "easy"), fair: tp("level", "fair"), medium: tp("level", "medium"),
    normal: tp("level", "normal"), hard: tp("level", "hard"), expert: tp("level", "expert"),
  };
  return known[name] || name;
}

/** A computer player's level in words: "search hard" reads "hard (search)". */
export function levelWords(level) {
  const w = words(level);
  const m = w.match(/^(\w+) (easy|normal|hard|expert)$/);
  return m ? `${levelName(m[2])} (${m[1]})` : levelName(w);
}
